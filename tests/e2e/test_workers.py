"""Issue 21, item 1: computers think in worker processes, off the event loop, and what they
send back is played only on the table they thought about.

Peg Leg suits these tests: every seat decides a betting round at once, so a member can
move while the computer beside them is still thinking."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import pytest

from bot.tables import Table
from bot.workers import WorkerFailed, Workers
from engine.core.msg import english
from tests.e2e.test_peg_leg import STAKE, seat_of
from tests.helpers.room import Room, answer_to, open_table

SEED = 20261123
pytestmark = pytest.mark.seed(SEED)


@dataclass
class Member:
    id: int
    display_name: str


class Holding(Workers):
    """Workers that hold every decision until released; `before` runs once, first, while the
    decision is out (the table unlocked, as when a worker thinks)."""

    def __init__(self, before: Any = None, fail: bool = False) -> None:
        super().__init__(1)
        self.before, self.fail = before, fail
        self.asked = 0

    async def run(self, fn: Any, *args: Any, timeout: float) -> Any:
        self.asked += 1
        if self.before is not None:
            before, self.before = self.before, None
            await before()
        if self.fail:
            raise WorkerFailed("test: every worker failed")
        return fn(*args)


def computer_bets(table: Table) -> list[Any]:
    game = table.game
    assert game is not None
    computer = next(i for i, s in enumerate(table.state.seats) if s.is_computer)
    seat = table.engine_seat(computer)
    return [b for b in game.view(None).bets if b.seat == seat]


async def open_peg_leg(room: Room) -> Table:
    return await open_table(room, "peg-leg", [room.alice, room.bob], bots=1, stake=STAKE)


@pytest.mark.parametrize("workers", [1])
async def test_computers_play_through_a_real_one_process_pool(room: Room, workers: int) -> None:
    room.settings.workers = workers
    room.env.settle_timeout = 60  # a bound on the bot's work: a process to start on a busy machine
    await room.restart()  # the bot as built with WORKERS=1
    assert room.bot.workers.size == 1
    table = await open_peg_leg(room)
    # The computer's opening bet came back from the worker and was played.
    assert len(computer_bets(table)) == 1
    assert room.bot.workers.completed >= 1 and room.bot.workers.replaced == 0
    alice, bob = seat_of(table, room.alice), seat_of(table, room.bob)
    assert set(table.awaiting) == {alice, bob}
    store = room.bot.store
    assert await store.balance(room.guild.id, room.alice.id) == 1000
    details = await answer_to(room, room.carol, table, "Details")
    assert f"on **{computer_bets(table)[0].number}**" in str(details.to_dict())


async def test_a_decision_for_a_table_that_moved_meanwhile_is_dropped_and_the_table_plays_on(
    room: Room,
) -> None:
    service = room.bot.tables
    alice = Member(room.alice.id, "alice")

    async def alice_stands() -> None:
        # Alice's Stand arrives while the computer thinks: the table answers it at once.
        table = service.in_channel(room.channel.id)
        assert table is not None
        async with service.click(table, alice, table.version, "stand"):
            pass

    holding = Holding(before=alice_stands)
    service.autoplay.workers = holding
    table = await open_peg_leg(room)
    await room.env.settle()
    assert service.autoplay.discarded == 1  # the decision for the old version was dropped
    assert holding.asked >= 2  # and the computer was asked again, about the table as it is
    assert len(computer_bets(table)) == 1  # it bet once, not twice
    assert set(table.awaiting) == {seat_of(table, room.bob)}
    stood = next(i for i, line in enumerate(map(english, table.state.log)) if "alice" in line.lower())
    assert stood >= 0


async def test_when_every_worker_fails_the_computer_plays_the_timeout_move(room: Room) -> None:
    room.bot.tables.autoplay.workers = Holding(fail=True)
    table = await open_peg_leg(room)
    # The timeout move (standing: no bet) played, and the round waits on the members only.
    assert computer_bets(table) == []
    assert set(table.awaiting) == {seat_of(table, room.alice), seat_of(table, room.bob)}


async def test_a_decision_in_flight_at_a_restart_is_made_again_after_it(room: Room) -> None:
    released = asyncio.Event()

    async def held() -> None:
        await room.env.external_wait(released.wait(), "a decision a worker never finishes")

    holding = Holding(before=held)
    room.bot.tables.autoplay.workers = holding
    table = await open_peg_leg(room)
    assert holding.asked == 1 and computer_bets(table) == []  # still thinking
    await room.restart()
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await room.env.settle()
    assert len(computer_bets(table)) == 1  # asked again after the restart, and played once
    assert set(table.awaiting) == {seat_of(table, room.alice), seat_of(table, room.bob)}
