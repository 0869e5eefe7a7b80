"""The table service as members meet it: one snapshot written per move, a turn ping the
channel refuses logged once without stopping the table, and the match (dealer, carried
pot, scores) kept across hands and restarts."""

from __future__ import annotations

import logging

import pytest

from bot.tables import Phase, Table
from tests.e2e.test_prima_carta_hand import started_with_bob_and_a_computer
from tests.helpers.room import Room, answer_to, find_label

SEED = 20261122


pytestmark = pytest.mark.seed(SEED)


def member_to_act(room: Room, table: Table):  # type: ignore[no-untyped-def]
    user_id = table.state.seats[table.to_act].user_id  # type: ignore[index]
    return room.alice if user_id == room.alice.id else room.bob


async def test_a_move_writes_exactly_one_snapshot(room: Room, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await started_with_bob_and_a_computer(room)
    written: list[str] = []
    real = Table.snapshot_json

    def counted(self: Table) -> str:
        text = real(self)
        written.append(text)
        return text

    monkeypatch.setattr(Table, "snapshot_json", counted)
    message = room.message(table.state.message_id)
    version = table.version
    await member_to_act(room, table).click(message, label=find_label(message, "Pay the copa"))
    assert table.version > version
    # The member's move, then any computer moves it set off: one snapshot for each change.
    assert len(written) == table.version - version
    assert table.committed == written[-1]


async def play_out(room: Room, table: Table) -> None:
    """The members to act pay the copa until the hand ends (the computer plays itself)."""
    while table.state.phase is Phase.PLAYING:
        message = room.message(table.state.message_id)
        await member_to_act(room, table).click(message, label=find_label(message, "Pay the copa"))


async def test_a_turn_ping_the_channel_refuses_is_logged_once_and_the_table_plays_on(
    room: Room, caplog: pytest.LogCaptureFixture
) -> None:
    table = await started_with_bob_and_a_computer(room)
    room.env.inject_error("POST", f"/channels/{room.channel.id}/messages", status=403, times=None)
    # The turn ping is the display's (the service only says a member is to act).
    shows = room.bot.display
    ping, attempts = shows.ping, []

    async def counted(table: Table) -> None:
        attempts.append(table.state.turn_since)
        await ping(table)

    shows.ping = counted  # type: ignore[method-assign]
    for _ in range(2):
        await play_out(room, table)
        assert table.state.phase is Phase.BETWEEN
        await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    await play_out(room, table)
    assert table.state.hand_no == 3, "the table kept dealing without its pings"
    assert len(set(attempts)) >= 3, "a ping was tried at every new turn"
    failures = [r for r in caplog.records if "could not ping" in r.getMessage()]
    assert len(failures) == 1 and failures[0].levelno == logging.WARNING


async def test_the_dealer_passes_left_across_hands_and_a_restart(room: Room) -> None:
    table = await started_with_bob_and_a_computer(room)
    dealers = [table.match.dealer]
    for number in range(3):
        await play_out(room, table)
        if number == 1:
            await room.restart()
            restored = room.bot.tables.get(table.id)
            assert restored is not None and restored.match == table.match
            table = restored
        await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
        dealers.append(table.match.dealer)
    assert dealers == ["crowns", "locks", "fruit", "crowns"]


@pytest.mark.seed(4711)
async def test_a_hand_is_dealt_from_the_seed_source_the_bot_was_built_with(room: Room) -> None:
    # Production builds the bot with the operating system's randomness; a test's bot takes the
    # fixture's seeds, and the seed the hand reveals when it ends is the one it was given.
    table = await started_with_bob_and_a_computer(room)
    await play_out(room, table)
    details = await answer_to(room, room.alice, table, "Details")
    assert "the seed 4711 rebuilds it" in (details.footer.text or "")
