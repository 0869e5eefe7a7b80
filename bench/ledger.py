"""Durable ledger throughput: member → member transfers, one committed transaction each,
beside raw ``sqlite3`` doing the same writes.

    python bench/ledger.py [--n N] [--rounds R] [--dir DIR]

Three ways of making the same durable transfer, each on its own fresh SQLite file with the
bot's schema, in WAL mode with ``synchronous=FULL``, every transfer committed on its own:

* raw sqlite3 (the reference): on the calling thread, with no asyncio and no checks beyond
  the one in the SQL: ``BEGIN IMMEDIATE``; debit the sender (``balance >= amount``);
  credit the receiver; insert the ledger row; ``COMMIT``. The rows written are the same as
  the store's (the ledger row and both balances).
* ``Store.transfer`` (BEGIN, move, COMMIT in one trip to the database thread, as /give and
  /daily use);
* ``async with store.transaction(): tx.move(...)`` (the unit of work a table uses).

The machine is shared, so the three run interleaved in rounds (raw, transfer, transaction,
raw, ...) over the same transfers, and each figure is the total over the rounds: a slow
patch of the machine falls on all three alike. Prints transfers/s, the ratio of each to the
reference (goal ≥ 0.8×), and checks the audit of both store files.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.storage import Store, member_account

GUILD = 1
MEMBERS = 50
BANKROLL = 1_000_000
GOAL = 0.8


def raw_connect(path: Path) -> sqlite3.Connection:
    """The reference's connection: the same PRAGMAs the store sets."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert conn.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def raw_transfers(conn: sqlite3.Connection, pairs: list[list[int]]) -> None:
    """The reference: one durable transaction a transfer, the same three rows written."""
    for src, dst in pairs:
        conn.execute("BEGIN IMMEDIATE")
        cur = conn.execute(
            "UPDATE members SET balance = balance - ? WHERE guild_id = ? AND user_id = ? AND balance >= ?",
            (1, GUILD, src, 1),
        )
        if cur.rowcount != 1:
            conn.execute("ROLLBACK")
            raise RuntimeError("insufficient funds")
        conn.execute(
            "UPDATE members SET balance = balance + ? WHERE guild_id = ? AND user_id = ?", (1, GUILD, dst)
        )
        conn.execute(
            "INSERT INTO ledger (guild_id, src, dst, amount, reason, table_id, hand_no, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                GUILD,
                member_account(src),
                member_account(dst),
                1,
                "bench",
                None,
                None,
                datetime.now(UTC).isoformat(),
            ),
        )
        conn.execute("COMMIT")


async def store_transfers(store: Store, pairs: list[list[int]]) -> None:
    for src, dst in pairs:
        await store.transfer(GUILD, member_account(src), member_account(dst), 1, "bench")


async def tx_transfers(store: Store, pairs: list[list[int]]) -> None:
    for src, dst in pairs:
        async with store.transaction() as tx:
            await tx.move(GUILD, member_account(src), member_account(dst), 1, "bench")


async def fresh_store(path: Path) -> Store:
    store = await Store.open(path)
    for user in range(1, MEMBERS + 1):  # starting bankrolls, outside the timing
        await store.grant(GUILD, user, BANKROLL)
    return store


async def bench(n: int, rounds: int, folder: Path) -> int:
    stores = {name: await fresh_store(folder / f"{name}.db") for name in ("raw", "transfer", "tx")}
    await stores["raw"].close()  # the reference writes the same schema with plain sqlite3
    raw = raw_connect(folder / "raw.db")
    try:
        store = stores["transfer"]
        mode, sync = await store.pragma("journal_mode"), await store.pragma("synchronous")
        print(f"databases in {folder}: journal_mode={mode} synchronous={sync} (2 = FULL)")
        rng = random.Random(1)
        pairs = [rng.sample(range(1, MEMBERS + 1), 2) for _ in range(n)]
        chunk = -(-n // rounds)
        spent = {"raw": 0.0, "transfer": 0.0, "tx": 0.0}
        for start in range(0, n, chunk):
            part = pairs[start : start + chunk]
            t = time.perf_counter()
            raw_transfers(raw, part)
            spent["raw"] += time.perf_counter() - t
            t = time.perf_counter()
            await store_transfers(stores["transfer"], part)
            spent["transfer"] += time.perf_counter() - t
            t = time.perf_counter()
            await tx_transfers(stores["tx"], part)
            spent["tx"] += time.perf_counter() - t
        reference = n / spent["raw"]
        print(f"{n} durable transfers each, interleaved in {-(-n // chunk)} rounds")
        labels = {
            "raw": "raw sqlite3 (reference)",
            "transfer": "Store.transfer",
            "tx": "transaction() + Tx.move",
        }
        ok = True
        for name, label in labels.items():
            rate = n / spent[name]
            print(f"  {label:<26} {spent[name]:6.3f} s  {rate:7,.0f} transfers/s  {rate / reference:5.2f}×")
        for name in ("transfer", "tx"):
            report = await stores[name].audit()
            rows = len(await stores[name].ledger(GUILD))
            verdict = "passes" if report.ok else "FAILS"
            print(f"audit of the {labels[name]} file {verdict} ({rows} ledger rows)")
            for g in report.guilds:
                for p in g.problems:
                    print(f"  guild {g.guild_id}: {p}")
            ok = ok and report.ok
        worst = min(spent["raw"] / spent[name] for name in ("transfer", "tx"))
        print(f"goal ≥ {GOAL}× raw sqlite3 per durable transfer: {'met' if worst >= GOAL else 'NOT met'}")
        return 0 if ok else 1
    finally:
        raw.close()
        for name in ("transfer", "tx"):
            await stores[name].close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=10_000, help="transfers for each way (default 10000)")
    parser.add_argument("--rounds", type=int, default=20, help="interleaved rounds (default 20)")
    parser.add_argument("--dir", type=Path, help="folder for the database files (default: a new one)")
    args = parser.parse_args(argv)
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        return asyncio.run(bench(args.n, args.rounds, args.dir))
    with tempfile.TemporaryDirectory(prefix="ridotto-bench-") as tmp:
        return asyncio.run(bench(args.n, args.rounds, Path(tmp)))


if __name__ == "__main__":
    sys.exit(main())
