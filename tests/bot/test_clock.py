"""The one clock task behind every table's timers."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import discord

from bot.clock import Clock


def later(ms: int):
    return discord.utils.utcnow() + timedelta(milliseconds=ms)


async def test_entries_fire_in_deadline_order_with_their_tokens() -> None:
    fired: list[tuple[int, int]] = []

    async def fire(key: int, token: int) -> None:
        fired.append((key, token))

    clock = Clock(fire)
    clock.set(1, later(60), 7)
    clock.set(2, later(0), 8)
    clock.set(3, later(30), 9)
    await asyncio.sleep(0.2)
    assert fired == [(2, 8), (3, 9), (1, 7)]


async def test_setting_a_key_again_replaces_its_deadline_and_clear_removes_it() -> None:
    fired: list[tuple[int, int]] = []

    async def fire(key: int, token: int) -> None:
        fired.append((key, token))

    clock = Clock(fire)
    clock.set(1, later(20), 1)
    clock.set(1, later(10_000), 2)  # pushed far away
    clock.set(2, later(20), 3)
    clock.clear(2)
    await asyncio.sleep(0.1)
    assert fired == []
    assert clock.pending(1) is not None and clock.pending(2) is None
    clock.stop()


async def test_an_earlier_deadline_wakes_a_sleeping_clock() -> None:
    fired: list[int] = []

    async def fire(key: int, token: int) -> None:
        fired.append(key)

    clock = Clock(fire)
    clock.set(1, later(10_000), 1)
    await asyncio.sleep(0.01)  # the clock is asleep until key 1
    clock.set(2, later(10), 1)
    await asyncio.sleep(0.1)
    assert fired == [2]
    clock.stop()


async def test_a_failing_fire_is_logged_and_the_clock_goes_on(caplog) -> None:
    fired: list[int] = []

    async def fire(key: int, token: int) -> None:
        if key == 1:
            raise RuntimeError("boom")
        fired.append(key)

    clock = Clock(fire)
    clock.set(1, later(0), 1)
    clock.set(2, later(20), 1)
    await asyncio.sleep(0.1)
    assert fired == [2]
    assert "table 1: timer failed" in caplog.text


async def test_an_entry_set_while_firing_is_picked_up_by_the_same_loop() -> None:
    fired: list[int] = []
    clock: Clock

    async def fire(key: int, token: int) -> None:
        fired.append(key)
        if key == 1:
            clock.set(2, later(0), 1)  # e.g. a computer move right after another

    clock = Clock(fire)
    clock.set(1, later(0), 1)
    await asyncio.sleep(0.05)
    assert fired == [1, 2]


async def test_closing_lets_the_move_being_fired_finish_and_fires_nothing_more() -> None:
    """The bot shutting down: a table's move under way is finished, not cut in half, and
    nothing set afterwards (the move's own next deadline included) fires."""
    started, release = asyncio.Event(), asyncio.Event()
    finished: list[int] = []
    clock: Clock

    async def fire(key: int, token: int) -> None:
        started.set()
        await release.wait()
        clock.set(key, later(0), token + 1)  # the table schedules its next move
        finished.append(key)

    clock = Clock(fire)
    clock.set(1, later(0), 1)
    clock.set(2, later(0), 1)
    await started.wait()
    closing = asyncio.create_task(clock.close())
    await asyncio.sleep(0)
    assert not closing.done()  # waiting for the move under way
    release.set()
    await closing
    assert finished == [1]
    assert clock.pending(1) is None and clock.pending(2) is None
