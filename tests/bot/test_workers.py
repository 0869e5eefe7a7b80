"""Issue 21, item 1: CPU-heavy work runs in worker processes (`bot.workers`), not on the
event loop. These tests start a real one-process pool ("spawn"): a worker's answer must be
the inline one, and a worker that crashes or hangs is replaced."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import Prepares
from bot.pictures import Pictures
from bot.tables.autoplay import decide
from bot.workers import Turns, WorkerFailed, Workers
from engine.core.players import computer_levels
from engine.peg_leg import odds
from engine.peg_leg.game import STAND, PegLeg
from tests.helpers.tables import dealt_table

PLAYERS = {"primiera": 4, "prefa": 3}


@pytest.fixture
async def pool() -> AsyncIterator[Workers]:
    workers = Workers(1)
    yield workers
    workers.close()


def crash_once(marker: str, answer: int) -> int:
    """A job whose first try kills its worker outright (as a segfault or the OOM killer would)."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(3)
    return answer


def hang() -> None:
    """A job that never returns."""
    threading.Event().wait()


def wait_for(marker: str) -> str:
    """A job that keeps its worker busy until `marker` exists."""
    while not os.path.exists(marker):
        time.sleep(0.01)
    return "done"


def positions(game_id: str, moves: int) -> list[tuple[Any, int]]:
    """A few positions of a hand of `game_id` with a computer to move: (hand, seat)."""
    table = dealt_table(game_id, {}, PLAYERS.get(game_id, 3), seed=2121)
    game = table.game
    assert game is not None
    found = []
    level = computer_levels(GAMES[game_id].id)[0]
    while game.outcome is None and len(found) < moves and game.awaiting:
        seat = game.awaiting[0]
        found.append((GAMES[game_id].load(game.to_json()), seat))
        game.apply(seat, decide(game_id, level, game, seat))
    return found


async def test_a_decision_computed_in_a_one_process_pool_equals_the_inline_one(pool: Workers) -> None:
    compared = 0
    for game_id in GAMES:
        for level in computer_levels(GAMES[game_id].id):
            for hand, seat in positions(game_id, 3):
                saved = hand.to_json()
                inline = await Workers(0).run(decide, game_id, level, hand, seat, timeout=60)
                assert hand.to_json() == saved, f"{game_id}: choosing changed the live hand"
                pooled = await pool.run(decide, game_id, level, hand, seat, timeout=60)
                assert pooled == inline, f"{game_id} ({level}): the worker chose another move"
                compared += 1
    assert compared >= 2 * len(GAMES)
    assert pool.completed == compared and pool.replaced == 0


async def test_a_crashed_worker_is_replaced_and_the_job_tried_again(pool: Workers, tmp_path: Path) -> None:
    answer = await pool.run(crash_once, str(tmp_path / "crashed"), 42, timeout=60)
    assert answer == 42
    assert pool.replaced == 1 and pool.completed == 1
    # The new pool serves the next job as usual.
    assert await pool.run(decide, *_first_decision(), timeout=60) is not None


async def test_a_hung_worker_is_replaced_and_after_the_bound_the_job_fails_clearly(pool: Workers) -> None:
    with pytest.raises(WorkerFailed, match="hang failed in 2 worker"):
        await pool.run(hang, timeout=0.5)
    assert pool.replaced == 2 and pool.completed == 0
    assert await pool.run(crash_once, "/", 7, timeout=60) == 7  # "/" exists: no crash


async def test_a_job_queued_behind_a_busy_worker_is_not_taken_for_a_hung_one(
    pool: Workers, tmp_path: Path
) -> None:
    marker = str(tmp_path / "go")
    busy = asyncio.create_task(pool.run(wait_for, marker, timeout=60))
    queued = asyncio.create_task(pool.run(crash_once, "/", 7, timeout=0.5))
    await asyncio.sleep(1.5)  # the queued job waits longer than its own timeout
    assert not queued.done()  # still waiting for the worker: nobody timed it out
    Path(marker).touch()
    assert await busy == "done" and await queued == 7
    assert pool.replaced == 0


async def test_a_job_that_raises_is_not_tried_again(pool: Workers) -> None:
    with pytest.raises(KeyError):
        await pool.run(GAMES.__getitem__, "no such game", timeout=60)
    assert pool.replaced == 0


def _first_decision() -> tuple[str, str, Any, int]:
    hand, seat = positions("prefa", 1)[0]
    return "prefa", computer_levels("prefa")[0], hand, seat


async def test_peg_leg_prices_made_in_a_worker_are_the_prices_made_inline(pool: Workers) -> None:
    plugin = GAMES["peg_leg"]
    prepares = plugin.capability(Prepares)
    assert prepares is not None
    here = dealt_table("peg_leg", {}, 3, seed=2121).game
    assert isinstance(here, PegLeg)
    there = plugin.load(here.to_json())
    rounds = 0
    while here.outcome is None and here.awaiting:
        seat = here.awaiting[0]
        odds._CACHE.clear()
        here.apply(seat, STAND)  # prices the next round itself, on this process
        job = prepares.prepare(there, seat, STAND)
        assert job is not None
        odds._CACHE.clear()
        made = await pool.run(job.fn, *job.args, timeout=60)
        prepares.absorb(made)
        assert all((odds.SAMPLES, *dealt) in odds._CACHE for dealt, _ in made if len(dealt) > 1)
        there.apply(seat, STAND)  # finds its prices made
        assert there.to_json() == here.to_json()  # every price and histogram the same
        rounds += len(made)
    assert rounds >= 3


async def test_pictures_are_drawn_in_the_worker_processes_and_match_the_thread(pool: Workers) -> None:
    for game_id in GAMES:
        table = dealt_table(game_id, {}, PLAYERS.get(game_id, 3), seed=2121)
        here, there = Pictures(), Pictures(workers=pool)
        try:
            done = pool.completed
            drawn = await there.table(table)
            assert drawn == await here.table(table), f"{game_id}: another table picture"
            seat = table.engine_seat(0)
            assert seat is not None
            assert await there.hand(table, seat, ()) == await here.hand(table, seat, ())
            assert pool.completed == done + 2  # both drawn in the worker
        finally:
            here.close()
            there.close()


async def test_an_urgent_job_takes_the_next_free_worker_before_the_others_and_spare_work_comes_last() -> None:
    turns = Turns(1)
    order: list[str] = []
    release = asyncio.Event()

    async def job(name: str, rank: int) -> None:
        async with turns.taken(rank):
            order.append(name)
            if name == "first":
                await release.wait()

    first = asyncio.create_task(job("first", 1))
    await asyncio.sleep(0)  # the first holds the only turn
    asked = (("ahead", 2), ("a", 1), ("b", 1), ("click", 0))
    waiting = [asyncio.create_task(job(name, rank)) for name, rank in asked]
    await asyncio.sleep(0)
    release.set()
    await asyncio.gather(first, *waiting)
    assert order == ["first", "click", "a", "b", "ahead"]
    assert turns.free == 1


async def test_a_job_cancelled_while_it_waits_gives_its_turn_on() -> None:
    turns = Turns(1)
    release = asyncio.Event()

    async def hold() -> None:
        async with turns.taken(1):
            await release.wait()

    holder = asyncio.create_task(hold())
    await asyncio.sleep(0)
    cancelled = asyncio.create_task(hold())
    after = asyncio.create_task(hold())
    await asyncio.sleep(0)
    cancelled.cancel()
    release.set()
    await asyncio.gather(holder, after)
    assert cancelled.cancelled() and turns.free == 1


async def test_workers_started_nicer_run_below_the_bots_priority() -> None:
    """The decision workers are background work to the operating system: with every core
    busy, the event loop and the pictures members wait for are served first."""
    workers = Workers(1, nice=10)
    try:
        assert await workers.run(os.nice, 0, timeout=60) == os.nice(0) + 10
    finally:
        workers.close()


def interrupted() -> bool:
    """Whether Ctrl-C (SIGINT, which a terminal sends to every process of the bot) stops
    this worker's work."""
    try:
        signal.raise_signal(signal.SIGINT)  # its handler has run when this returns
    except KeyboardInterrupt:
        return True
    return False


async def test_ctrl_c_is_the_bots_to_answer_not_its_workers(pool: Workers) -> None:
    """The bot stops its workers itself when Ctrl-C stops it; a worker leaves SIGINT to the
    bot, so it never dies of it first with a KeyboardInterrupt traceback."""
    # Started as from a terminal: a process started in the background (a CI job, say) is
    # given SIGINT ignored already, which its workers would inherit.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        assert await pool.run(interrupted, timeout=60) is False
    finally:
        signal.signal(signal.SIGINT, before)
