"""The floor of a trip to another thread, beside what a durable commit costs on the same disk.

    python bench/hop.py [--n N] [--rounds R] [--dir DIR]

The SQLite store runs a unit of work's statements on the event loop and sends only the
COMMIT (its fsync) to its database thread: one round trip between the loop and that thread
per durable transfer, which raw ``sqlite3`` on one thread does not make. This prints what
that trip costs with nothing to do on the other side, by every way Python offers, and what
the disk and a raw durable transfer cost, so the best ratio the store can reach against raw
``sqlite3`` (``bench/ledger.py``) can be read off:

* loop step: ``await asyncio.sleep(0)`` (one turn of the event loop, no thread);
* thread ping-pong: two plain threads handing a token back and forth through
  ``threading.Event`` (the operating system's wake-up and the GIL's hand-over, no asyncio);
* store thread: the SQLite store's ``_call`` of a function that does nothing (the way it
  sends a COMMIT: a ``SimpleQueue`` to its own database thread, the answer back with
  ``loop.call_soon_threadsafe``; it used aiosqlite's thread before, which took a few more
  steps a trip);
* lean thread: the same done by the smallest thread of our own, in a dozen lines;
* executor: ``loop.run_in_executor`` on a one-thread pool;
* fsync: writing 4 KiB and ``os.fsync`` in DIR (what a durable COMMIT waits for);
* fsync on the store thread: the same fsync sent through the store's ``_call``. Both
  threads sleep while the disk works, and waking one that slept costs more than the trip
  with nothing to do (most of all on a virtual machine whose processors went idle), so
  this less the plain fsync is what the trip really adds to a durable commit;
* raw transfer: ``bench/ledger.py``'s reference, one durable transaction (``BEGIN
  IMMEDIATE``, the three writes, ``COMMIT`` in WAL with ``synchronous=FULL``) in DIR.

Each is timed call by call, interleaved in rounds so a busy patch of the machine falls on
all alike; it prints the median, mean and 90th percentile of each, and the ceiling
``raw / (raw + hop)`` a store with one hop per transfer can reach (mean, the ratio
``bench/ledger.py`` prints being totals) for the trip with nothing to do, and from the
medians what the trip adds around an fsync. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import queue
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.ledger import MEMBERS, fresh_store, raw_connect, raw_transfers


def nothing() -> None:
    """The work sent across: none, so what is timed is the trip."""


class LeanThread:
    """A dedicated thread running what it is sent, one at a time, answering on the loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._inbox: queue.SimpleQueue[tuple[asyncio.Future[Any], Callable[[], Any]] | None] = (
            queue.SimpleQueue()
        )
        self._thread = threading.Thread(target=self._run, name="lean-thread", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while (item := self._inbox.get()) is not None:
            future, fn = item
            try:
                self._loop.call_soon_threadsafe(future.set_result, fn())
            except BaseException as error:  # handed to the caller, as the store's thread does
                self._loop.call_soon_threadsafe(future.set_exception, error)

    def call(self, fn: Callable[[], Any]) -> asyncio.Future[Any]:
        future = self._loop.create_future()
        self._inbox.put((future, fn))
        return future

    def close(self) -> None:
        self._inbox.put(None)
        self._thread.join()


class PingPong:
    """Two plain threads handing a token back and forth (no asyncio)."""

    def __init__(self) -> None:
        self._there, self._back = threading.Event(), threading.Event()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="ping-pong", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            self._there.wait()
            self._there.clear()
            if self._stop:
                return
            self._back.set()

    def trip(self) -> None:
        self._there.set()
        self._back.wait()
        self._back.clear()

    def close(self) -> None:
        self._stop = True
        self._there.set()
        self._thread.join()


def fsyncer(folder: Path) -> tuple[Callable[[], None], Callable[[], None]]:
    """A 4 KiB write and its fsync in `folder`, and the clean-up."""
    path = folder / "hop-fsync.tmp"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
    page, count = b"\0" * 4096, [0]

    def write() -> None:
        count[0] += 1
        os.pwrite(fd, page, (count[0] % 16) * 4096)
        os.fsync(fd)

    def close() -> None:
        os.close(fd)
        path.unlink()

    return write, close


async def measure(n: int, rounds: int, folder: Path) -> dict[str, list[float]]:
    loop = asyncio.get_running_loop()
    store_thread = await fresh_store(folder / "hop-store.db")  # its trips, not its tables
    lean, ping = LeanThread(loop), PingPong()
    pool = ThreadPoolExecutor(max_workers=1)
    store = await fresh_store(folder / "hop-raw.db")  # the bot's schema and members, then raw
    await store.close()
    raw = raw_connect(folder / "hop-raw.db")
    write, close_fsync = fsyncer(folder)
    rng = random.Random(1)
    pairs = [rng.sample(range(1, MEMBERS + 1), 2) for _ in range(n)]
    send: Callable[..., Awaitable[Any]] = store_thread._call  # the store's way to its thread

    async def step() -> None:
        await asyncio.sleep(0)

    async def trip() -> None:
        await send(lambda conn: None)

    async def trip_fsync() -> None:
        await send(lambda conn: write())

    async def mine() -> None:
        await lean.call(nothing)

    async def pooled() -> None:
        await loop.run_in_executor(pool, nothing)

    async def sync(fn: Callable[[], None]) -> None:
        fn()

    transfers = iter(pairs * rounds)
    ways: dict[str, Callable[[], Awaitable[None]]] = {
        "loop step": step,
        "thread ping-pong": lambda: sync(ping.trip),
        "store thread": trip,
        "lean thread": mine,
        "executor": pooled,
        "fsync 4 KiB": lambda: sync(write),
        "fsync on store thread": trip_fsync,
        "raw transfer": lambda: sync(lambda: raw_transfers(raw, [next(transfers)])),
    }
    times: dict[str, list[float]] = {name: [] for name in ways}
    try:
        for _ in range(rounds):
            for name, way in ways.items():
                spent = times[name]
                for _ in range(n):
                    began = time.perf_counter()
                    await way()
                    spent.append(time.perf_counter() - began)
    finally:
        raw.close()
        close_fsync()
        pool.shutdown()
        lean.close()
        ping.close()
        await store_thread.close()
    return times


def report(times: dict[str, list[float]], folder: Path) -> None:
    print(f"python {sys.version.split()[0]}; files in {folder}; µs per call:")
    print(f"  {'':<21} {'median':>8} {'mean':>8} {'p90':>8}")
    for name, spent in times.items():
        ordered = sorted(spent)
        median, mean = statistics.median(ordered), statistics.fmean(ordered)
        print(
            f"  {name:<21} {median * 1e6:8.1f} {mean * 1e6:8.1f} {ordered[len(ordered) * 9 // 10] * 1e6:8.1f}"
        )
    raw = statistics.fmean(times["raw transfer"])
    for hop in ("store thread", "lean thread"):
        trip = statistics.fmean(times[hop])
        print(
            f"ceiling with one {hop} trip per durable transfer: raw / (raw + trip) = "
            f"{raw * 1e6:.0f} / {(raw + trip) * 1e6:.0f} = {raw / (raw + trip):.2f}× (before any other work)"
        )
    # Medians: an fsync's long tail is the disk's (other writers), not the trip's.
    raw = statistics.median(times["raw transfer"])
    trip = statistics.median(times["fsync on store thread"]) - statistics.median(times["fsync 4 KiB"])
    print(
        f"the store thread's trip around an fsync adds {trip * 1e6:.1f} µs (medians): "
        f"raw / (raw + trip) = {raw * 1e6:.0f} / {(raw + trip) * 1e6:.0f} = {raw / (raw + trip):.2f}×"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=500, help="calls of each way per round (default 500)")
    parser.add_argument("--rounds", type=int, default=6, help="interleaved rounds (default 6)")
    parser.add_argument(
        "--dir", type=Path, help="folder for the fsync and the raw database (default: a new one)"
    )
    args = parser.parse_args(argv)
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        report(asyncio.run(measure(args.n, args.rounds, args.dir)), args.dir)
        return 0
    with tempfile.TemporaryDirectory(prefix="ridotto-hop-") as tmp:
        report(asyncio.run(measure(args.n, args.rounds, Path(tmp))), Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
