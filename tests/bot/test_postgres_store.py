"""The PostgreSQL store against a real server: its numbered schema, and two processes (two
stores, two connection pools) writing the same guild at once with the books exact."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import asyncpg
import pytest

from bot.migrations import PG_LATEST
from bot.store import GRANT, InsufficientFunds, member_account, table_account
from bot.store.postgres import PostgresStore
from tests.helpers.postgres import execute

G = 10
T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
async def two(postgres_url: str) -> AsyncIterator[tuple[PostgresStore, PostgresStore]]:
    """Two bot processes' views of one database: two stores, each with its own pool."""
    first = await PostgresStore.open(postgres_url)
    second = await PostgresStore.open(postgres_url)
    yield first, second
    await first.close()
    await second.close()


async def total(store: PostgresStore, guild_id: int = G) -> list[int]:
    return [balance for _, balance in await store.leaderboard_bankroll(guild_id, limit=1000)]


# --------------------------------------------------------------------------- the schema


async def test_the_postgresql_schema_is_numbered_recorded_and_applied_once(postgres_url: str) -> None:
    store = await PostgresStore.open(postgres_url)
    try:
        version, tables = await store.schema()
        assert version == PG_LATEST
        assert {"guild_settings", "members", "tables", "escrow", "ledger", "results", "hands"} <= tables
        await store.give(G, 1, 2, 10)
    finally:
        await store.close()
    again = await PostgresStore.open(postgres_url)  # a restart: nothing applied twice
    try:
        assert (await again.schema())[0] == PG_LATEST
        assert len(await again.ledger(G)) == 3
    finally:
        await again.close()


async def test_a_postgresql_database_from_newer_code_is_refused(postgres_url: str) -> None:
    await (await PostgresStore.open(postgres_url)).close()
    await execute(postgres_url, f"UPDATE schema_version SET version = {PG_LATEST + 1}")
    with pytest.raises(RuntimeError, match="newer than this code"):
        await PostgresStore.open(postgres_url)


async def test_the_postgresql_schema_keeps_the_sqlite_schemas_checks(postgres_url: str) -> None:
    store = await PostgresStore.open(postgres_url)
    try:
        async with store.transaction() as tx:
            tid = await tx.create_table(G, 7, "primiera", 1, {})
    finally:
        await store.close()
    with pytest.raises(asyncpg.CheckViolationError):
        await execute(postgres_url, "INSERT INTO members VALUES (1, 2, -1, NULL, 'now')")
    with pytest.raises(asyncpg.CheckViolationError):
        await execute(postgres_url, f"INSERT INTO escrow VALUES ({tid}, {G}, -1)")
    with pytest.raises(asyncpg.UniqueViolationError):  # one open table per channel
        await execute(
            postgres_url,
            f"INSERT INTO tables (guild_id, channel_id, game, host_id, snapshot, created_at, updated_at)"
            f" VALUES ({G}, 7, 'prefa', 1, '{{}}', 'now', 'now')",
        )
    with pytest.raises(asyncpg.InvalidTextRepresentationError):  # a snapshot is JSON
        await execute(postgres_url, f"UPDATE tables SET snapshot = 'not json' WHERE id = {tid}")
    with pytest.raises(asyncpg.CheckViolationError):
        await execute(
            postgres_url,
            f"INSERT INTO ledger (guild_id, src, dst, amount, reason, created_at)"
            f" VALUES ({G}, 'grant', 'member:1', 0, 'x', 'now')",
        )
    # Ids are 64-bit: a Discord snowflake fits.
    store = await PostgresStore.open(postgres_url)
    try:
        assert await store.balance(2**62, 2**62 + 1) == 1000
    finally:
        await store.close()


# --------------------------------------------------------------------------- two processes


async def test_50_concurrent_gives_from_two_processes_stay_exact(
    two: tuple[PostgresStore, PostgresStore],
) -> None:
    users = list(range(1, 11))
    for u in users:
        await two[0].balance(G, u)
    rng = random.Random(22)
    gives = []
    for n in range(50):
        src, dst = rng.sample(users, 2)
        gives.append(two[n % 2].give(G, src, dst, rng.randint(1, 700)))
    results = await asyncio.gather(*gives, return_exceptions=True)
    assert all(isinstance(r, (tuple, InsufficientFunds)) for r in results), results
    paid = sum(isinstance(r, tuple) for r in results)
    assert paid > 25
    balances = await total(two[1])
    assert sum(balances) == 10_000 and min(balances) >= 0
    assert len(await two[0].ledger(G)) == 10 + paid
    assert (await two[0].audit()).ok and (await two[1].audit()).ok


async def test_10_concurrent_dailies_from_two_processes_pay_exactly_once(
    two: tuple[PostgresStore, PostgresStore],
) -> None:
    claims = await asyncio.gather(*(two[n % 2].claim_daily(G, 1, T0) for n in range(10)))
    assert sum(c.granted for c in claims) == 1
    assert await two[1].balance(G, 1) == 1250
    assert [r["reason"] for r in await two[0].ledger(G)] == ["starting bankroll", "daily"]
    assert (await two[0].audit()).ok


async def test_concurrent_transfers_from_two_processes_never_go_negative(
    two: tuple[PostgresStore, PostgresStore],
) -> None:
    await two[0].balance(G, 1)
    moves = [
        two[n % 2].transfer(G, member_account(1), member_account(2 + n % 3), 100, "bench") for n in range(25)
    ]
    results = await asyncio.gather(*moves, return_exceptions=True)
    assert sum(r is None for r in results) == 10  # 1,000 chips pay ten transfers of 100, no more
    assert all(r is None or isinstance(r, InsufficientFunds) for r in results)
    assert await two[1].balance(G, 1) == 0
    assert sum(await total(two[0])) == 4000
    assert (await two[1].audit()).ok


async def test_units_of_work_paying_the_same_members_in_opposite_orders_do_not_deadlock(
    two: tuple[PostgresStore, PostgresStore],
) -> None:
    """Row locks alone would deadlock here (each holds one member and waits for the other);
    the guild's lock, taken first, makes the two take turns."""
    for u in (1, 2):
        await two[0].balance(G, u)

    async def pay(store: PostgresStore, first: int, second: int) -> None:
        async with store.transaction() as tx:
            await tx.move(G, member_account(first), member_account(second), 5, "pot")
            await asyncio.sleep(0.05)  # hold the first row while the other process starts
            await tx.move(G, member_account(second), member_account(first), 3, "pot")

    await asyncio.gather(*(pay(two[n % 2], *((1, 2) if n % 2 else (2, 1))) for n in range(6)))
    assert sum(await total(two[0])) == 2000
    assert len(await two[1].ledger(G)) == 2 + 12
    assert (await two[0].audit()).ok


async def test_a_tables_snapshot_and_ledger_commit_together_or_not_at_all_across_processes(
    two: tuple[PostgresStore, PostgresStore],
) -> None:
    bot, other = two
    async with bot.transaction() as tx:
        tid = await tx.create_table(G, 7, "primiera", 1, {"hand": 0})
    inside = asyncio.Event()
    release = asyncio.Event()

    async def hand(fail: bool) -> None:
        async with bot.transaction() as tx:
            await tx.move(G, member_account(1), table_account(tid), 100, "ante")
            await tx.save_table(tid, {"hand": 1, "held": 100})
            inside.set()
            await release.wait()
            if fail:
                raise RuntimeError("the process died mid-move")

    task = asyncio.create_task(hand(fail=True))
    await inside.wait()
    # The other process sees neither half of the unit of work while it is open ...
    record = await other.table(tid)
    assert record is not None and record.snapshot == {"hand": 0}
    assert await other.ledger(G, table_id=tid) == []
    release.set()
    with pytest.raises(RuntimeError, match="died"):
        await task
    # ... nor after it failed: both halves rolled back.
    record = await other.table(tid)
    assert record is not None and record.snapshot == {"hand": 0}
    assert await other.ledger(G, table_id=tid) == [] and await other.balance(G, 1) == 1000
    inside.clear()
    task = asyncio.create_task(hand(fail=False))
    await inside.wait()
    release.set()
    await task
    record = await other.table(tid)
    assert record is not None and record.snapshot == {"hand": 1, "held": 100}
    assert [r["amount"] for r in await other.ledger(G, table_id=tid)] == [100]
    assert (await other.audit()).ok


async def test_a_restart_finds_the_tables_and_balances_as_committed(postgres_url: str) -> None:
    store = await PostgresStore.open(postgres_url)
    try:
        async with store.transaction() as tx:
            tid = await tx.create_table(G, 7, "holdout", 1, {"held": 250})
            await tx.move(G, member_account(1), table_account(tid), 150, "buy-in")
            await tx.move(G, GRANT, member_account(2), 5, "prize")
            await tx.move(G, member_account(2), table_account(tid), 100, "buy-in")
            await tx.set_message(tid, 4242)
        async with store.transaction() as tx:
            closed = await tx.create_table(G, 8, "prefa", 1, {})
            await tx.save_table(closed, {}, status="closed")
    finally:
        await store.close()
    store = await PostgresStore.open(postgres_url)
    try:
        (saved,) = await store.saved_tables()
        assert (saved.id, saved.guild_id, saved.channel_id) == (tid, G, 7)
        assert (saved.game, saved.host_id) == ("holdout", 1)
        assert saved.record().snapshot == {"held": 250, "message_id": 4242}
        assert [t.id for t in await store.open_tables()] == [tid]
        assert (await store.balance(G, 1), await store.balance(G, 2)) == (850, 905)
        async with store.transaction() as tx:
            assert await tx.escrow(tid) == 250
        assert (await store.audit()).ok
    finally:
        await store.close()
