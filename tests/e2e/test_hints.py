"""A learner's hint through Discord (issue 25, item 3): at a two-player Primiera table the host
opened with `hints:true`, Alice's hand panel has **💡 Hint** on her turn; pressing it answers
her alone with the strong computer's move for her position, named as her panel names it,
and changes nothing at the table; the hand's record keeps it; Details says the table allows
hints and isn't rated."""

from __future__ import annotations

import sys

import pytest

from bot.tables import Phase
from tests.helpers.room import Room, answer_to, fetch, labels, text_of

pytestmark = pytest.mark.seed(1313)


async def test_a_member_asks_for_a_hint_on_her_turn_and_only_she_sees_it(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    await room.alice.slash(
        room.channel, "play primiera", variant="two", computer="strong", computers=1, hints=True
    )
    await room.env.settle()  # the computer plays first if it is its turn
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None and table.state.hints and table.state.phase is Phase.PLAYING
    index = table.seat_of(room.alice.id)
    game, seat = table.game, table.engine_seat(index) if index is not None else None
    assert game is not None and seat is not None and seat in table.awaiting
    details = await answer_to(room, room.alice, table, "Details")
    assert any(field.name == "Hints" and "Not rated" in (field.value or "") for field in details.fields)

    opened = await room.alice.click(room.message(table.state.message_id), label="Your hand")
    assert opened.response is not None
    panel = fetch(room, opened.response.id)
    assert "💡 Hint" in labels(panel)
    before, version, public = game.to_json(), table.version, len(room.public_messages())

    result = await room.alice.click(panel, label="💡 Hint")
    assert result.ephemeral and result.response is not None
    said = result.response.content
    strong = table.plugin.computer("strong").choose(game, seat)
    named = table.plugin.move_name(table.view(), game, seat, strong)
    assert said.startswith("💡 **Hint** · the strong computer would play") and f"**{named}**" in said
    # Nothing changed: the hand, the table's version, the channel (no public word of it).
    assert (game.to_json(), table.version, len(room.public_messages())) == (before, version, public)
    assert all("Hint ·" not in text_of(message) for message in room.public_messages())
    record = await room.bot.store.hand_record(table.id, table.state.hand_no)
    assert record is not None and [(hint.seat, hint.user_id) for hint in record.hints] == [
        (seat, room.alice.id)
    ]

    # Asked again while the worker is slow (no wait at all here): Discord is told the bot is
    # thinking, and the same hint follows, kept once.
    monkeypatch.setattr(sys.modules["cogs.panels"], "HINT_WAIT", 0)
    follow_ups = room.bot.display.calls(table.id)["follow-up"]
    again = await room.alice.click(fetch(room, opened.response.id), label="💡 Hint")
    assert again.ephemeral and again.response is not None and again.response.content == said
    assert room.bot.display.calls(table.id)["follow-up"] == follow_ups + 1  # after "thinking…"
    record = await room.bot.store.hand_record(table.id, table.state.hand_no)
    assert record is not None and len(record.hints) == 1
