"""Issue 24, items 1–4 through Discord: a finished hand's one-line result with **Replay** on
the table message (and **Last hand** during the next), `/history` listing the hand with the
member's net and its own **Replay**, a replay stepped through with ⏮ ◀ ▶ ⏭ in place, and the
sentences for a hand in play, a hand not kept and one this version can't replay."""

from __future__ import annotations

import json
import sys

import pytest

from bot.components import REPLAY
from bot.history import IN_PLAY, NOT_KEPT
from bot.replay import CANNOT_REPLAY
from bot.tables import Phase, Table
from engine.core.msg import english
from tests.helpers.postgres import execute
from tests.helpers.room import Room, button, buttons, click_as_rendered, fetch, find_label, text_lines

SEED = 20261122
pytestmark = pytest.mark.seed(SEED)
MOST_LINES, MOST_CHARACTERS = 6, 500  # the table message's rule (tests/e2e/test_table_message.py)


async def a_finished_hand(room: Room) -> Table:
    """Alice and Bob, with a computer, play a hand of Prima Carta to its end, paying every copa."""
    await room.alice.slash(room.channel, "play prima-carta", stake=10)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    picker = await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.bob.click(picker.response.message, label="Locks")
    await room.alice.click(room.message(table.state.message_id), label="Add bot")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    actors = {room.alice.id: room.alice, room.bob.id: room.bob}
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat is not None
        message = room.message(table.state.message_id)
        await actors[table.state.seats[seat].user_id].click(
            message, label=find_label(message, "Pay the copa")
        )
    assert table.state.phase is Phase.BETWEEN
    return table


def fits(room: Room, table: Table) -> list[str]:
    lines = text_lines(room.message(table.state.message_id))
    assert len(lines) <= MOST_LINES and len("\n".join(lines)) <= MOST_CHARACTERS, lines
    return lines


async def test_the_table_keeps_the_hands_result_and_its_replay_one_click_away(room: Room) -> None:
    table = await a_finished_hand(room)
    lines = fits(room, table)
    result = table.plugin.hand_result(table.view(), table.game)
    assert result is not None and any(result.headline in line for line in lines)
    assert "Replay" in buttons(room.message(table.state.message_id))

    recap = await room.carol.click(room.message(table.state.message_id), label="Replay")  # anyone may look
    assert recap.ephemeral and recap.response is not None
    shown = fetch(room, recap.response.id)
    said = "\n".join(text_lines(shown))
    assert "· the end" in said and result.headline in said and "You weren't dealt in" in said
    assert shown.attachments and buttons(shown) == ["⏮", "◀", "▶", "⏭"]
    assert button(shown, "▶").disabled and not button(shown, "◀").disabled

    back = await room.carol.click(shown, label="◀")  # in place: the same message, one move earlier
    assert back.acknowledged and back.response is not None and back.response.id == shown.id
    earlier = fetch(room, shown.id)
    last = len((await room.bot.store.hand_record(table.id, 1)).moves)
    assert f"move {last - 1} of {last}" in text_lines(earlier)[0]
    await room.carol.click(earlier, label="⏮")
    assert "the deal" in text_lines(fetch(room, shown.id))[0]

    await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    assert table.state.phase is Phase.PLAYING and table.state.hand_no == 2
    fits(room, table)
    again = await room.bob.click(room.message(table.state.message_id), label="Last hand")
    said = "\n".join(text_lines(fetch(room, again.response.id)))
    assert "hand 1 · " in said and "You were dealt in as bob" in said


@pytest.mark.parametrize("database_url", ["sqlite", "postgres"], indirect=True)
async def test_history_lists_the_hand_with_each_members_net_and_replays_it(room: Room) -> None:
    table = await a_finished_hand(room)
    balance = await room.bot.store.balance(room.guild.id, room.bob.id)
    listed = await room.alice.slash(room.channel, "history", member=room.bob)
    assert listed.ephemeral
    page = listed.response.message
    lines = text_lines(page)
    assert lines[0] == f"**<@{room.bob.id}>'s last hands**"
    assert f"**Hand 1** · Prima Carta · table #{table.id}" in lines[1]
    net = balance - 1000
    assert lines[2].endswith(f"your net **{'+' if net > 0 else '−' if net else '±'}{abs(net):,}**"), lines[2]
    assert buttons(page) == ["Replay"]

    opened = await room.alice.click(page, label="Replay")  # Alice sees the hand from her own seat
    shown = fetch(room, opened.response.id)
    assert "the deal" in text_lines(shown)[0] and "You were dealt in as alice" in text_lines(shown)[1]
    await room.alice.click(shown, label="⏭")
    assert "· the end" in text_lines(fetch(room, shown.id))[0]

    server = await room.carol.slash(room.channel, "history")
    assert text_lines(server.response.message)[0] == "**The server's recent hands**"
    assert "Nets:" in text_lines(server.response.message)[2]
    none = await room.carol.slash(room.channel, "history", member=room.carol, game="prefa")
    assert "No finished hands yet" in "\n".join(text_lines(none.response.message))


async def test_a_replay_of_a_hand_in_play_not_kept_or_not_replayable_is_a_sentence(room: Room) -> None:
    table = await a_finished_hand(room)
    await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    message = room.message(table.state.message_id)
    playing = await click_as_rendered(room.bob, message, REPLAY(table=table.id, hand=2, go="end", step=0))
    assert playing.ephemeral and playing.response.content == english(IN_PLAY)
    foreign = await click_as_rendered(
        room.bob, message, REPLAY(table=table.id + 9, hand=1, go="start", step=0)
    )
    assert foreign.response.content == english(NOT_KEPT)

    record = await room.bot.store.hand_record(table.id, 1)
    refused = json.dumps({**record.start, "format": 99}).replace("'", "''")
    await execute(
        f"sqlite:///{room.settings.database_path}",
        f"UPDATE hand_records SET start = '{refused}' WHERE table_id = {table.id} AND hand_no = 1",
    )
    stored = await click_as_rendered(room.bob, message, REPLAY(table=table.id, hand=1, go="start", step=0))
    assert stored.response.content == english(CANNOT_REPLAY)


async def test_a_replay_button_used_on_another_server_is_refused(room: Room) -> None:
    table = await a_finished_hand(room)
    elsewhere = room.env.create_guild("Elsewhere")
    channel = elsewhere.create_text_channel("lounge")
    dana = elsewhere.add_member(room.env.create_user("dana"))
    own = await dana.slash(channel, "history")  # a message of her own server to click on
    assert "No finished hands yet" in "\n".join(text_lines(own.response.message))
    copied = await click_as_rendered(
        dana, own.response.message, REPLAY(table=table.id, hand=1, go="start", step=0)
    )
    assert copied.ephemeral and copied.response.content == english(NOT_KEPT)


async def test_a_replay_slow_to_draw_is_answered_in_time_then_shown(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As if every step took the drawing worker long (the module the bot loaded as its extension).
    monkeypatch.setattr(sys.modules["cogs.history"], "DRAW_WAIT", 0)
    table = await a_finished_hand(room)
    opened = await room.bob.click(room.message(table.state.message_id), label="Replay")
    assert opened.ephemeral and opened.response is not None  # "thinking", then the replay in its place
    shown = fetch(room, opened.response.id)
    assert "· the end" in text_lines(shown)[0] and shown.attachments
    back = await room.bob.click(shown, label="◀")
    assert back.acknowledged and back.response is not None and back.response.id == shown.id
    last = len((await room.bot.store.hand_record(table.id, 1)).moves)
    assert f"move {last - 1} of {last}" in text_lines(fetch(room, shown.id))[0]
