"""No stuck table, no unanswered click: the last member leaving closes a table and pays every
stack back, and an unexpected failure anywhere is answered and leaves the table as it was
last committed."""

from __future__ import annotations

import logging
import re

import discord
import pytest
import simcord

from bot.storage import HOUSE, Tx
from bot.tables import Phase, Table
from tests.e2e.test_holdout import open_panel
from tests.helpers.room import (
    Room,
    button,
    buttons,
    click_as_rendered,
    controls,
    fetch,
    leave_now,
    text_lines,
    text_of,
)

STAKE = 5
STACK = 20 * STAKE  # the default stack
REF = re.compile(r"ref `([0-9a-f]{6})`")


async def escrow(room: Room, table_id: int) -> int:
    async with room.bot.store.transaction() as tx:
        return await tx.escrow(table_id)


async def house_net(room: Room) -> int:
    """Chips the house has won (+) or lost (-) in this guild, from the ledger."""
    rows = await room.bot.store.ledger(room.guild.id)
    return sum(r["amount"] for r in rows if r["dst"] == HOUSE) - sum(
        r["amount"] for r in rows if r["src"] == HOUSE
    )


async def open_with_computer(room: Room, game: str) -> Table:
    await room.alice.slash(room.channel, f"play {game}", stake=STAKE)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await room.alice.click(room.message(table.state.message_id), label="Add bot")
    assert [s.is_computer for s in table.state.seats] == [False, True]
    assert await escrow(room, table.id) == 2 * STACK
    return table


def failure_ref(room: Room, result: simcord.InteractionResult, caplog: pytest.LogCaptureFixture) -> str:
    """The reference the member was given, checked against the logged traceback; then the
    expected error is acknowledged so the fixtures see no unexpected one."""
    assert result.ephemeral and result.response is not None
    text = result.response.content
    assert text.startswith("Something went wrong on our side; nothing changed."), text
    match = REF.search(text)
    assert match is not None, text
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert any(match[1] in r.getMessage() and r.exc_info for r in logged), [r.getMessage() for r in logged]
    caplog.clear()
    room.env.errors  # noqa: B018 -- reading it acknowledges what SimCord captured
    return match[1]


# ------------------------------------------------------------ leaving never strands
@pytest.mark.parametrize("game", ["holdout", "primero"])
async def test_the_host_leaving_a_lobby_with_a_computer_closes_it_and_pays_every_stack_back(
    room: Room, game: str
) -> None:
    table = await open_with_computer(room, game)
    message_id = table.state.message_id
    result = await room.alice.click(room.message(message_id), label="Leave")
    assert result.acknowledged and not result.ephemeral
    assert room.bot.tables.get(table.id) is None
    assert "Closed" in text_of(room.message(message_id))
    assert await escrow(room, table.id) == 0
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000
    assert await house_net(room) == 0  # the computer's stack went back to the house
    record = await room.bot.store.table(table.id)
    assert record is not None and record.status == "closed"
    # The channel is free again.
    again = await room.alice.slash(room.channel, f"play {game}", stake=STAKE)
    assert not again.ephemeral and room.bot.tables.in_channel(room.channel.id) is not None


async def test_the_last_member_leaving_between_hands_closes_the_table(room: Room) -> None:
    table = await open_with_computer(room, "holdout")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    # Alice lets the timer play for her: it passes her two highest cards, then folds.
    while table.state.phase is Phase.PLAYING:
        await room.env.advance_time(table.state.turn_timer + 1)
    assert table.state.phase is Phase.BETWEEN
    stack = table.state.stacks["1"]
    result = await room.alice.click(room.message(table.state.message_id), label="Leave")
    assert result.acknowledged and not result.ephemeral
    assert room.bot.tables.get(table.id) is None
    assert await escrow(room, table.id) == 0
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000 - STACK + stack


# ------------------------------------------------------ every interaction is answered
async def test_a_failure_inside_a_move_is_answered_and_rolled_back(
    room: Room, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await room.alice.slash(room.channel, "play holdout", stake=STAKE)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    before, version = table.snapshot(), table.version
    real_save = Tx.save_table

    async def broken(self: Tx, *args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(Tx, "save_table", broken)
    result = await room.bob.click(room.message(table.state.message_id), label="Join")
    failure_ref(room, result, caplog)
    # Nothing changed: not in memory, not in the database.
    assert table.snapshot() == before and table.version == version
    assert await room.bot.store.balance(room.guild.id, room.bob.id) == 1000
    assert await escrow(room, table.id) == STACK
    monkeypatch.setattr(Tx, "save_table", real_save)
    result = await room.bob.click(room.message(table.state.message_id), label="Join")
    assert not result.ephemeral and len(table.state.seats) == 2


async def test_a_failing_slash_command_is_answered_with_a_reference(
    room: Room, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(*args: object) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(room.bot.store, "balance", broken)
    result = await room.alice.slash(room.channel, "balance")
    failure_ref(room, result, caplog)


async def test_a_failing_stale_click_is_answered(
    room: Room, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await room.alice.slash(room.channel, "play holdout", stake=STAKE)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    message = room.message(table.state.message_id)
    old_join = button(message, "Join").custom_id
    await room.bob.click(message, label="Join")

    def broken(*args: object, **kwargs: object) -> None:  # the service's click fails as it is called
        raise RuntimeError("boom")

    monkeypatch.setattr(room.bot.tables, "click", broken)
    result = await click_as_rendered(room.carol, room.message(table.state.message_id), old_join)
    failure_ref(room, result, caplog)


async def holdout_in_play(room: Room) -> Table:
    await room.alice.slash(room.channel, "play holdout", stake=STAKE)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    assert table.state.phase is Phase.PLAYING
    return table


async def test_a_failing_panel_select_and_button_are_answered_and_change_nothing(
    room: Room, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table = await holdout_in_play(room)
    panel_id = await open_panel(room, room.alice, table)
    before = table.snapshot()

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(type(table.plugin), "decode", broken)
    panel = fetch(room, panel_id)
    select = next(c for c in controls(panel) if isinstance(c, discord.SelectMenu))
    result = await room.alice.select(panel, ["0", "1"], custom_id=select.custom_id)
    failure_ref(room, result, caplog)
    assert table.snapshot() == before
    # A button of the table message fails inside its move the same way.
    monkeypatch.setattr(Tx, "save_table", broken)
    result = await leave_now(room, room.bob, table)
    failure_ref(room, result, caplog)
    assert table.snapshot() == before


async def test_a_failing_form_is_answered_and_changes_nothing(
    room: Room, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from tests.e2e.test_primero import Players

    await room.alice.slash(room.channel, "play primero", stake=1, ante=0)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    to_act = table.state.seats[table.to_act].user_id
    member = room.alice if to_act == room.alice.id else room.bob
    play = Players(room, table, [room.alice, room.bob])
    await play.open(member)
    before = table.snapshot()

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(type(table.plugin), "decode", broken)
    result = await play.bid(member, "numerus", "30", "5")
    failure_ref(room, result, caplog)
    assert table.snapshot() == before
    # A panel button (stake) fails the same way and is answered too.
    result = await play.press(member, "Stand")
    failure_ref(room, result, caplog)
    assert table.snapshot() == before


async def test_a_failing_automatic_move_is_rolled_back_and_tried_again(
    room: Room, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table = await open_with_computer(room, "primero")
    adapter_type = type(table.plugin)
    real = adapter_type.computer
    calls: list[int] = []

    class Broken:
        def choose(self, *args: object) -> None:
            calls.append(1)
            raise RuntimeError("the computer player tripped")

    monkeypatch.setattr(adapter_type, "computer", lambda self, level: Broken())
    await room.alice.click(room.message(table.state.message_id), label="Start")
    # Whoever acts first, wait until the computer is to act and has failed once.
    for _ in range(10):
        if calls:
            break
        await room.env.advance_time(table.state.turn_timer + 1)
    assert calls, "the computer player was asked to move"
    before, version = table.snapshot(), table.version
    assert any("automatic move failed" in r.getMessage() for r in caplog.records)
    caplog.clear()
    monkeypatch.setattr(adapter_type, "computer", real)
    assert table.snapshot() == before and table.version == version
    await room.env.advance_time(31)
    assert table.version > version, "the clock tried the move again and it went through"


# ------------------------------------------- the table message has one source of truth
async def reposted_table(room: Room) -> tuple[Table, int]:
    """A Prima Carta lobby whose first table message M1 a moderator deleted while Bob was
    choosing his suit, so that the redraw after his join posted the table again as M2."""
    moderators = room.guild.create_role("Moderators", permissions=discord.Permissions(manage_messages=True))
    moderator = room.guild.add_member(room.env.create_user("moderator"), roles=[moderators])
    await room.alice.slash(room.channel, "play prima-carta", stake=10)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    first = table.state.message_id
    picker = await room.bob.click(room.message(first), label="Join")
    await moderator.delete(room.message(first))
    await room.bob.click(picker.response.message, label="Locks")
    second = table.state.message_id
    assert second is not None and second != first
    assert "Join" in buttons(room.message(second))
    return table, second


async def assert_a_click_edits_it_as_the_table(
    room: Room, table_id: int, message_id: int, seats: int
) -> None:
    """After a restart, a click on the table message edits that message as the table, with
    its buttons, and posts nothing new in the channel."""
    posted = [m.id for m in room.public_messages()]
    result = await room.alice.click(room.message(message_id), label="Add bot")
    assert result.acknowledged and not result.ephemeral
    table = room.bot.tables.get(table_id)
    assert table is not None and table.state.message_id == message_id
    assert len(table.state.seats) == seats
    shown = room.message(message_id)
    assert shown.content != "You're seated. Good luck!"
    assert {"Join", "Leave", "Add bot", "Start"} <= set(buttons(shown))
    seated = next(line for line in text_lines(shown) if line.startswith("Seated: "))
    assert len(seated.split(", ")) == seats and "🤖" in seated  # the computer it just seated
    assert [m.id for m in room.public_messages()] == posted


async def test_a_restarted_table_edits_the_message_that_replaced_a_deleted_one(room: Room) -> None:
    table, second = await reposted_table(room)
    picker = await room.carol.click(room.message(second), label="Join")
    await room.carol.click(picker.response.message, label="Fruit")
    assert len(table.state.seats) == 3
    await room.restart()
    await assert_a_click_edits_it_as_the_table(room, table.id, second, seats=4)
    record = await room.bot.store.table(table.id)
    assert record is not None and record.snapshot["message_id"] == second


async def test_a_table_restarted_right_after_its_message_was_reposted_edits_the_new_one(room: Room) -> None:
    # No move was committed after the redraw posted M2: its id is saved all the same.
    table, second = await reposted_table(room)
    await room.restart()
    await assert_a_click_edits_it_as_the_table(room, table.id, second, seats=3)
