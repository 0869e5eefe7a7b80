"""Durable ledger throughput: member → member transfers, one committed transaction each,
beside the raw driver doing the same writes: the SQLite store against raw ``sqlite3``, and
the PostgreSQL store against raw ``asyncpg`` on the same server.

    python bench/ledger.py [--n N] [--pg-n N] [--rounds R] [--dir DIR]

Three ways of making the same durable transfer, each on its own fresh SQLite file with the
bot's schema, in WAL mode with ``synchronous=FULL``, every transfer committed on its own:

* raw sqlite3 (the reference): on the calling thread, with no asyncio and no checks beyond
  the one in the SQL: ``BEGIN IMMEDIATE``; debit the sender (``balance >= amount``);
  credit the receiver; insert the ledger row; ``COMMIT``. The rows written are the same as
  the store's (the ledger row and both balances).
* ``Store.transfer`` (BEGIN, move, COMMIT in one trip to the database thread, as /give and
  /daily use);
* ``async with store.transaction(): tx.move(...)`` (the unit of work a table uses).

The bench prints the file system the files are on: on a memory file system (tmpfs) an fsync
costs nothing and nothing is durable, so the ratio there measures the store's overhead (its one
hop to the database thread a transfer), not durable commits.

What the ratio can reach: the store may not fsync on the event loop's thread, so each durable
transfer makes one round trip to its database thread, which raw ``sqlite3`` on one thread does
not (``bench/hop.py`` prints that trip, with nothing to do and around an fsync, and the
ceiling it leaves). The trip is two wake-ups of a sleeping thread; on a machine whose cores
are all busy each waits for the scheduler, and the ratio falls with the load whatever the
store's own Python costs (which is small beside it: the checks, the ledger row's values, the
unit of work's objects).

The machine is shared, so the three run interleaved in rounds (raw, transfer, transaction,
raw, ...) over the same transfers, and each figure is the total over the rounds: a slow
patch of the machine falls on all three alike. Prints transfers/s, the ratio of each to the
reference (goal ≥ 0.8×), and checks the audit of both store files.

Then the same on PostgreSQL: the bench starts its own server (``pgserver``: PostgreSQL 16's
binaries from the ``test`` extra, in a temporary folder; or the server named by
``RIDOTTO_TEST_POSTGRES_URL``) with its durable defaults, which it prints
(``synchronous_commit=on``, ``fsync=on``), and gives each way a database of its own with
the schema. The reference is one asyncpg connection doing ``BEGIN``; the guarded debit;
the credit; the ledger row; ``COMMIT`` (five round trips, the same rows written); the
store's ``transfer`` and ``transaction() + Tx.move`` go through its pool and take the
guild's lock with their ``BEGIN`` (in the same round trip). Fewer transfers by default
(``--pg-n``): each commit waits for the server's WAL flush.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg

from bot.storage import Store, member_account
from bot.store import Store as StoreContract
from bot.store.postgres import PostgresStore
from tests.helpers import postgres

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


async def store_transfers(store: StoreContract, pairs: list[list[int]]) -> None:
    for src, dst in pairs:
        await store.transfer(GUILD, member_account(src), member_account(dst), 1, "bench")


async def tx_transfers(store: StoreContract, pairs: list[list[int]]) -> None:
    for src, dst in pairs:
        async with store.transaction() as tx:
            await tx.move(GUILD, member_account(src), member_account(dst), 1, "bench")


async def fresh_store(path: Path) -> Store:
    store = await Store.open(path)
    for user in range(1, MEMBERS + 1):  # starting bankrolls, outside the timing
        await store.grant(GUILD, user, BANKROLL)
    return store


async def interleaved(
    n: int,
    rounds: int,
    reference: Callable[[list[list[int]]], Awaitable[None]],
    stores: Mapping[str, StoreContract],
) -> tuple[int, dict[str, float]]:
    """The same `n` transfers made three ways in turn, a round at a time (reference, the
    store's transfer, a transaction's move): the chunk size and each way's total time."""
    rng = random.Random(1)
    pairs = [rng.sample(range(1, MEMBERS + 1), 2) for _ in range(n)]
    chunk = -(-n // rounds)
    spent = {"raw": 0.0, "transfer": 0.0, "tx": 0.0}
    ways: dict[str, Callable[[list[list[int]]], Awaitable[None]]] = {
        "raw": reference,
        "transfer": lambda part: store_transfers(stores["transfer"], part),
        "tx": lambda part: tx_transfers(stores["tx"], part),
    }
    for start in range(0, n, chunk):
        part = pairs[start : start + chunk]
        for name, way in ways.items():
            t = time.perf_counter()
            await way(part)
            spent[name] += time.perf_counter() - t
    return chunk, spent


def file_system(folder: Path) -> tuple[str, str]:
    """The type and source of the file system `folder` is on (Linux's mount table; the
    mount point that is the longest prefix of the folder's real path), or ("?", "?")."""
    path, best, found = str(folder.resolve()), -1, ("?", "?")
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        fields = line.split()
        # mountinfo: id parent major:minor root mount-point options ... - fstype source ...
        point, rest = fields[4], fields[fields.index("-") + 1 :]
        inside = path == point or path.startswith(point.rstrip("/") + "/")
        if inside and len(point) > best:
            best, found = len(point), (rest[0], rest[1])
    return found


async def bench(n: int, rounds: int, folder: Path) -> int:
    stores = {name: await fresh_store(folder / f"{name}.db") for name in ("raw", "transfer", "tx")}
    await stores["raw"].close()  # the reference writes the same schema with plain sqlite3
    raw = raw_connect(folder / "raw.db")
    try:
        store = stores["transfer"]
        mode, sync = await store.pragma("journal_mode"), await store.pragma("synchronous")
        raw_mode = raw.execute("PRAGMA journal_mode").fetchone()[0]
        raw_sync = raw.execute("PRAGMA synchronous").fetchone()[0]
        assert (raw_mode, raw_sync) == (mode, sync), "the reference must commit as durably as the store"
        kind, source = file_system(folder)
        print(
            f"databases in {folder}, on {kind} ({source}); raw sqlite3 and the store both "
            f"journal_mode={mode} synchronous={sync} (2 = FULL: every COMMIT fsyncs the WAL)"
        )
        if kind in ("tmpfs", "ramfs"):
            print(
                "  NOTE: this file system is memory: an fsync costs nothing and nothing survives a "
                "restart, so the figures below measure the store's overhead, not durable commits"
            )

        async def reference(part: list[list[int]]) -> None:
            raw_transfers(raw, part)

        chunk, spent = await interleaved(n, rounds, reference, stores)
        labels = {
            "raw": "raw sqlite3 (reference)",
            "transfer": "Store.transfer",
            "tx": "transaction() + Tx.move",
        }
        return await report(n, chunk, spent, labels, stores, "raw sqlite3")
    finally:
        raw.close()
        for name in ("transfer", "tx"):
            await stores[name].close()


async def raw_pg_transfers(conn: asyncpg.Connection, pairs: list[list[int]]) -> None:
    """The PostgreSQL reference: one durable transaction a transfer, the same rows written."""
    for src, dst in pairs:
        await conn.execute("BEGIN")
        debited = await conn.fetchval(
            "UPDATE members SET balance = balance - $1"
            " WHERE guild_id = $2 AND user_id = $3 AND balance >= $1 RETURNING balance",
            1,
            GUILD,
            src,
        )
        if debited is None:
            await conn.execute("ROLLBACK")
            raise RuntimeError("insufficient funds")
        await conn.execute(
            "UPDATE members SET balance = balance + $1 WHERE guild_id = $2 AND user_id = $3", 1, GUILD, dst
        )
        await conn.execute(
            "INSERT INTO ledger (guild_id, src, dst, amount, reason, table_id, hand_no, created_at)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            GUILD,
            member_account(src),
            member_account(dst),
            1,
            "bench",
            None,
            None,
            datetime.now(UTC).isoformat(),
        )
        await conn.execute("COMMIT")


async def fresh_pg_store(admin: str, name: str) -> PostgresStore:
    store = await PostgresStore.open(await postgres.create_database(admin, name))
    for user in range(1, MEMBERS + 1):  # starting bankrolls, outside the timing
        await store.grant(GUILD, user, BANKROLL)
    return store


async def bench_postgres(n: int, rounds: int, folder: Path) -> int:
    """The PostgreSQL half: the store beside raw asyncpg on one server."""
    with postgres.server(folder / "pg") as admin:
        stores = {name: await fresh_pg_store(admin, name) for name in ("raw", "transfer", "tx")}
        raw = await asyncpg.connect(stores["raw"].url)
        try:
            print(f"\nPostgreSQL server: {await stores['transfer'].settings()}")

            async def reference(part: list[list[int]]) -> None:
                await raw_pg_transfers(raw, part)

            chunk, spent = await interleaved(n, rounds, reference, stores)
            labels = {
                "raw": "raw asyncpg (reference)",
                "transfer": "PostgresStore.transfer",
                "tx": "transaction() + Tx.move",
            }
            return await report(n, chunk, spent, labels, stores, "raw asyncpg")
        finally:
            await raw.close()
            for store in stores.values():
                await store.close()


async def report(
    n: int,
    chunk: int,
    spent: dict[str, float],
    labels: dict[str, str],
    stores: Mapping[str, StoreContract],
    reference_name: str,
) -> int:
    """Print the rates, the ratios to the reference and the audits; 0 if the audits pass."""
    reference = n / spent["raw"]
    print(f"{n} durable transfers each, interleaved in {-(-n // chunk)} rounds")
    ok = True
    for name, label in labels.items():
        rate = n / spent[name]
        print(f"  {label:<26} {spent[name]:6.3f} s  {rate:7,.0f} transfers/s  {rate / reference:5.2f}×")
    for name in ("transfer", "tx"):
        audit = await stores[name].audit()
        rows = len(await stores[name].ledger(GUILD))
        verdict = "passes" if audit.ok else "FAILS"
        print(f"audit of the {labels[name]} database {verdict} ({rows} ledger rows)")
        for g in audit.guilds:
            for p in g.problems:
                print(f"  guild {g.guild_id}: {p}")
        ok = ok and audit.ok
    worst = min(spent["raw"] / spent[name] for name in ("transfer", "tx"))
    print(f"goal ≥ {GOAL}× {reference_name} per durable transfer: {'met' if worst >= GOAL else 'NOT met'}")
    return 0 if ok else 1


async def bench_both(n: int, pg_n: int, rounds: int, folder: Path) -> int:
    code = await bench(n, rounds, folder)
    if pg_n > 0:
        code = max(code, await bench_postgres(pg_n, rounds, folder))
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=10_000, help="transfers for each way (default 10000)")
    parser.add_argument(
        "--pg-n", type=int, default=3_000, help="transfers for each way on PostgreSQL (default 3000; 0: none)"
    )
    parser.add_argument("--rounds", type=int, default=20, help="interleaved rounds (default 20)")
    parser.add_argument("--dir", type=Path, help="folder for the database files (default: a new one)")
    args = parser.parse_args(argv)
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        return asyncio.run(bench_both(args.n, args.pg_n, args.rounds, args.dir))
    with tempfile.TemporaryDirectory(prefix="ridotto-bench-") as tmp:
        return asyncio.run(bench_both(args.n, args.pg_n, args.rounds, Path(tmp)))


if __name__ == "__main__":
    sys.exit(main())
