"""The worker processes: where CPU-heavy work runs, off the event loop.

One event loop serves every table of every server, so a computer thinking for 200 ms, or a
price simulated from 4,000 deals, would hold up every click in the room while it ran;
threads would not help (the work is pure Python, and holds the GIL). `Workers` owns a
`ProcessPoolExecutor` sized from the machine (`WORKERS`, by default one process fewer than
the machine has cores), started with the bot and shut down with it. The loop sends a
picklable top-level function and its arguments, awaits the result and applies it.

A worker that dies (`BrokenProcessPool`) or runs past the job's timeout is replaced: the
pool is thrown away, its processes killed, and the job tried again on a new pool, up to
`TRIES` times in all; then `WorkerFailed`, which the caller turns into something the table
can live with (the timeout move). An exception the job itself raises is the job's own
result and is raised as is: the same job would raise it again.

`Workers(0)` computes inline, synchronously, in the caller: what the tests use by default,
so they stay deterministic and quick, and what a one-core machine gets.

Processes are started with "spawn" (never "fork": the bot has threads, the SQLite store's
among them, and a forked child would inherit their locks mid-use), and only when the first job
arrives, so a bot that never needs one pays nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import multiprocessing
import os
import signal
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

TRIES = 2
"""Times a job is tried on a working pool before `WorkerFailed`: once, and once again on a
fresh pool (a crash or a hang is far likelier to be the worker's than the job's)."""


def default_size() -> int:
    """One worker process per core but one: the event loop keeps a core of its own."""
    return max(1, (os.cpu_count() or 1) - 1)


class WorkerFailed(Exception):
    """A job crashed or hung its worker every time it was tried."""


class Workers:
    """The bot's process pool (or, with `size` 0, inline computation)."""

    def __init__(self, size: int, *, tries: int = TRIES, nice: int = 0) -> None:
        self.size = size
        self.tries = tries
        self.nice = nice
        self.completed = 0  # jobs finished (the load bench reads it)
        self.replaced = 0  # pools thrown away after a crash or a hang
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        # Jobs wait their turn here, on the loop, not in the executor's queue: a job's timeout
        # then runs from when a worker takes it, so a long queue behind busy tables is not
        # mistaken for a hung worker (which would throw away the pool and every job on it);
        # and an urgent job (what a member's click waits for) goes before the others.
        self._turns = Turns(max(size, 1))

    @property
    def inline(self) -> bool:
        return self.size == 0

    async def run(
        self, fn: Callable[..., T], *args: Any, timeout: float, urgent: bool = False, spare: bool = False
    ) -> T:
        """`fn(*args)` in a worker process, its result back on the loop. `timeout`: seconds
        a try may take before its worker counts as hung (inline: no bound, nothing to kill).
        `urgent`: a member waits for it; it takes the next free worker before jobs that
        are not (which keep their order among themselves). `spare`: work nobody waits for
        yet (a picture drawn ahead): it takes a worker only when no other job waits."""
        if self.inline:
            result = fn(*args)
            self.completed += 1
            return result
        for attempt in range(1, self.tries + 1):
            try:
                async with self._turns.taken(0 if urgent else 2 if spare else 1):
                    pool = self._running()
                    future = asyncio.get_running_loop().run_in_executor(pool, fn, *args)
                    # A job whose caller stopped waiting (a try that timed out, a decision
                    # dropped at shutdown) ends when its worker is killed, with
                    # BrokenProcessPool: that is the kill's doing, not news, so its end is
                    # read here (`_dropped`) rather than left unread. `shield`: giving up
                    # waiting does not cancel the job's future, whose end is then read.
                    future.add_done_callback(_dropped)
                    result = await asyncio.wait_for(asyncio.shield(future), timeout)
            except BrokenProcessPool:
                self._replace(pool, "crashed")
                log.warning("%s: a worker crashed (try %d of %d)", _name(fn), attempt, self.tries)
                continue
            except TimeoutError:
                self._replace(pool, "hung")
                log.warning("%s: no answer in %g s (try %d of %d)", _name(fn), timeout, attempt, self.tries)
                continue
            self.completed += 1
            return result
        raise WorkerFailed(f"{_name(fn)} failed in {self.tries} worker(s) in a row")

    def start(self) -> None:
        """Start the processes now, each importing the games, so that the first decision
        does not wait for a process to start (a second or two on a busy machine)."""
        if not self.inline:
            pool = self._running()
            for _ in range(self.size):
                pool.submit(warm)

    def _running(self) -> ProcessPoolExecutor:
        if self._closed:
            raise WorkerFailed("the workers are shut down")
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.size,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=started,
                initargs=(self.nice,),
            )
        return self._pool

    def _replace(self, pool: ProcessPoolExecutor, why: str) -> None:
        """Throw `pool` away (unless a job that failed beside this one already did) and kill
        its processes: a hung one would never return, and nothing else may wait on it. Other
        jobs in flight on it fail as crashed and are tried again on the next pool."""
        if self._pool is pool:
            self._pool = None
            self.replaced += 1
            log.warning("worker pool %s: replacing it", why)
        _kill(pool)

    def close(self) -> None:
        """The bot is stopping: no more jobs; the workers are stopped, not waited for."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            _kill(pool)


class Turns:
    """`size` turns at the workers, handed out by rank (0 urgent, 1 ordinary, 2 spare), then
    in the order asked for."""

    def __init__(self, size: int) -> None:
        self.free = size
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # a heap: lowest rank first
        self._asked = 0

    @contextlib.asynccontextmanager
    async def taken(self, rank: int) -> AsyncIterator[None]:
        await self._take(rank)
        try:
            yield
        finally:
            self._give()

    async def _take(self, rank: int) -> None:
        if self.free and not self._waiting:
            self.free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._asked += 1
        heapq.heappush(self._waiting, (rank, self._asked, turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._give()  # handed the turn just as it was cancelled: pass it on
            raise

    def _give(self) -> None:
        while self._waiting:
            turn = heapq.heappop(self._waiting)[2]
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1


def started(nice: int) -> None:
    """A new worker's set-up: `nice` added to its priority, and SIGINT left to the bot. Ctrl-C
    in a terminal reaches every process of the bot; the bot stops its workers itself as it
    stops (`close`), and a worker that took it for itself would die first, each printing a
    KeyboardInterrupt traceback."""
    os.nice(nice)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def warm() -> None:
    """A new worker's first job: import what its jobs will need, and build the PNG palette
    (a fifth of a second) before a picture waits for it."""
    import bot.games  # noqa: F401
    from bot.art.palette import palette

    palette()


def _dropped(future: asyncio.Future[Any]) -> None:
    """Read a job's end, so that one nobody waits for any more is not reported as unread."""
    if not future.cancelled():
        future.exception()


def _kill(pool: ProcessPoolExecutor) -> None:
    # `_processes` is the executor's own table of its children; there is no public way to
    # stop a process that is in the middle of a job.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()
    for process in processes:
        process.join(timeout=5)


def _name(fn: Callable[..., Any]) -> str:
    return getattr(fn, "__qualname__", repr(fn))
