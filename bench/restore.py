"""Start-up restore time and the memory each open table holds.

    python bench/restore.py [--tables 1000,10000] [--dir DIR] [--stores sqlite,postgresql]

For each store and each count N, a fresh database — an SQLite file (WAL, ``synchronous=FULL``,
as in production), then a PostgreSQL database on a server the bench starts (``pgserver``, or
the one ``RIDOTTO_TEST_POSTGRES_URL`` names) — gets N
open tables, round-robin over every registered game and two states each: a lobby with a
computer seated, and a hand in play (four seats, a few random legal moves made). Then:

* restore: wall time of ``TableService.restore()`` on a fresh store, i.e. reading every
  open table's row, validating its snapshot and match, loading its hand and putting its
  timer on the clock — what the bot does at start-up before it connects (one core);
* reference: reading the same rows and ``json.loads`` of each snapshot, just before, so a
  busy machine shows in both (the ratio);
* memory: bytes Python holds for the restored tables (``tracemalloc``, after a garbage
  collection, measured in a second restore so the timing above is not slowed), per table.

Not a test: it prints figures and asserts nothing. Goals (issue 10): 10,000 tables in
under 2 s; at most 20 KB per open table.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sys
import tempfile
import time
import tracemalloc
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games import GAMES, HandSetup, Plugin
from bot.store import Store, open_store
from bot.tables import Phase, Seat, Table, TableService, TableState
from tests.helpers import postgres

GUILD = 1
NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
GOAL_SECONDS = 2.0


def template(plugin: Plugin, playing: bool, rng: random.Random) -> dict[str, Any]:
    """A table of `plugin` as its snapshot would be saved: a lobby, or a hand in play."""
    options = plugin.parse_options({})
    choices = plugin.seat_choices[:4]
    seats = [Seat(choice=c, user_id=100 + i, name=f"Player {i}") for i, c in enumerate(choices[:3])]
    seats.append(Seat(choice=choices[3], name="Cosimo", level=plugin.levels[0] if plugin.levels else "basic"))
    state = TableState(
        guild_id=GUILD, channel_id=1, game=plugin.id, host_id=100, stake=1, seats=seats, deadline=NOW
    )
    stack = plugin.buy_in(1, options)
    if stack is not None:
        state.stacks = {seat.choice: stack for seat in seats}
    table = Table(state, plugin)
    if playing:
        seed = rng.getrandbits(63)
        match, seating = table.match.next_hand((seat.choice for seat in seats), seed=seed)
        table.match = match
        setup = HandSetup(
            choices=list(seating.engine_seats),
            names=[seat.name for seat in seats],
            stake=1,
            seed=seed,
            dealer=seating.dealer_seat or 0,
            stacks=[state.stacks[c] for c in seating.engine_seats] if stack is not None else None,
        )
        game = plugin.new_hand(setup, options)
        for _ in range(rng.randrange(1, 8)):
            awaiting = game.awaiting
            if not awaiting or game.outcome is not None:
                break
            seat = awaiting[0]
            game.apply(seat, rng.choice(list(game.legal_actions(seat))))
        if game.outcome is None:
            table.game = game
            state.phase = Phase.PLAYING
            state.hand_seats = [seat.mention for seat in seats]
    data: dict[str, Any] = json.loads(table.snapshot_json())
    return data


async def fill(path: str, count: int) -> None:
    rng = random.Random(count)
    templates = [template(p, playing, rng) for p in GAMES.values() for playing in (False, True)]
    store = await open_store(path)
    try:
        async with store.transaction() as tx:
            for index in range(count):
                data = dict(templates[index % len(templates)])
                data["channel_id"] = 10_000 + index
                table_id = await tx.create_table(GUILD, data["channel_id"], data["game"], 100, {})
                await tx.save_table(table_id, json.dumps(data, separators=(",", ":")))
    finally:
        await store.close()


async def restore(path: str) -> tuple[float, float, TableService, Store]:
    store = await open_store(path)
    service = TableService(store, computer_delay=3600.0, now=lambda: NOW)
    start, cpu = time.perf_counter(), time.process_time()
    report = await service.restore()
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert report.tables == len(service.tables) and not report.set_aside, report
    return elapsed, cpu, service, store


async def reference(path: str) -> float:
    """The floor beside it: reading the same rows and parsing each snapshot with json.loads,
    nothing validated or built (the collector on, as the bot runs)."""
    store = await open_store(path)
    try:
        start = time.perf_counter()
        for saved in await store.saved_tables():
            json.loads(saved.snapshot)
        return time.perf_counter() - start
    finally:
        await store.close()


async def bench(count: int, folder: Path, server: str | None) -> None:
    if server is None:
        path = f"sqlite:///{folder / f'restore-{count}.db'}"
    else:
        path = await postgres.create_database(server, f"restore{count}")
    await fill(path, count)
    floor = await reference(path)
    elapsed, cpu, service, store = await restore(path)
    playing = sum(1 for t in service.tables.values() if t.state.phase is Phase.PLAYING)
    await service.stop()
    await store.close()
    del service
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    _, _, service, store = await restore(path)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    await service.stop()
    await store.close()
    kind = "PostgreSQL" if server else "SQLite"
    print(
        f"{kind:<10} {count:>6,} open tables ({playing:,} with a hand in play): restore {elapsed:.2f} s "
        f"({elapsed / count * 1e6:,.0f} µs a table; {cpu:.2f} s of CPU) · "
        f"memory {held / count / 1024:,.1f} KB a table\n"
        f"                  reference, the same rows read and json.loads'd: {floor:.2f} s; "
        f"restore / reference {elapsed / floor:.1f}×"
        + (
            f"; goal under {GOAL_SECONDS:.0f} s: {'met' if elapsed < GOAL_SECONDS else 'NOT met'}"
            if count == 10_000
            else ""
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="1000,10000", help="comma-separated table counts")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the database files")
    parser.add_argument("--stores", default="sqlite,postgresql", help="the stores to restore from")
    args = parser.parse_args()
    counts = [int(n) for n in args.tables.split(",")]
    stores = args.stores.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.dir or Path(tmp)
        print(f"python {sys.version.split()[0]} · games: {', '.join(GAMES)}")
        if "sqlite" in stores:
            for count in counts:
                asyncio.run(bench(count, folder, None))
        if "postgresql" in stores:
            with postgres.server(folder / "pg") as server:
                for count in counts:
                    asyncio.run(bench(count, folder, server))


if __name__ == "__main__":
    main()
