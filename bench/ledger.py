"""Durable ledger throughput: member → member transfers, one committed transaction each.

    python bench/ledger.py [--n N] [--path FILE]

Two figures on a fresh SQLite file in WAL mode with ``synchronous=FULL``, every transfer
committed on its own: ``Store.transfer`` (BEGIN, move, COMMIT in one trip to the database
thread, as /give and /daily use) and ``async with store.transaction(): tx.move(...)`` (the
unit of work a table uses, two trips). Prints transfers/s and checks the audit.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.storage import Store, member_account

GUILD = 1
MEMBERS = 50


async def bench(n: int, path: Path) -> int:
    store = await Store.open(path)
    try:
        print(f"database: {path}")
        mode, sync = await store.pragma("journal_mode"), await store.pragma("synchronous")
        print(f"journal_mode={mode} synchronous={sync} (2 = FULL)")
        for user in range(1, MEMBERS + 1):  # starting bankrolls, outside the timing
            await store.grant(GUILD, user, 1_000_000)
        rng = random.Random(1)
        pairs = [rng.sample(range(1, MEMBERS + 1), 2) for _ in range(n)]
        start = time.perf_counter()
        for src, dst in pairs:
            await store.transfer(GUILD, member_account(src), member_account(dst), 1, "bench")
        elapsed = time.perf_counter() - start
        print(f"Store.transfer (one call):    {n} in {elapsed:.3f} s  rate: {n / elapsed:,.0f} transfers/s")
        start = time.perf_counter()
        for src, dst in pairs:
            async with store.transaction() as tx:
                await tx.move(GUILD, member_account(src), member_account(dst), 1, "bench")
        elapsed = time.perf_counter() - start
        print(f"transaction() + Tx.move:      {n} in {elapsed:.3f} s  rate: {n / elapsed:,.0f} transfers/s")
        report = await store.audit()
        status = "passes" if report.ok else "FAILS"
        rows = len(await store.ledger(GUILD))
        print(f"audit {status} ({rows} ledger rows)")
        for g in report.guilds:
            for p in g.problems:
                print(f"  guild {g.guild_id}: {p}")
        return 0 if report.ok else 1
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=10_000, help="number of transfers (default 10000)")
    parser.add_argument("--path", type=Path, help="database file (default: a fresh temporary file)")
    args = parser.parse_args(argv)
    if args.path is not None:
        return asyncio.run(bench(args.n, args.path))
    with tempfile.TemporaryDirectory(prefix="ridotto-bench-") as tmp:
        return asyncio.run(bench(args.n, Path(tmp) / "bench.db"))


if __name__ == "__main__":
    sys.exit(main())
