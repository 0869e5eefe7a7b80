"""The store keeps every chip accounted for: ledger, guarded debits, escrow, one transaction."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.migrations import LATEST
from bot.shards import Shards
from bot.storage import (
    GRANT,
    HOUSE,
    InsufficientFunds,
    Store,
    TableAlreadyOpen,
    _migrate,
    member_account,
    table_account,
)
from bot.store import Store as StoreContract
from bot.store import open_store
from tests.helpers.postgres import execute

G = 10  # guild
A, B, C = 101, 102, 103  # members
T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[StoreContract]:
    """The store under test, on SQLite and on PostgreSQL (tests/conftest.py: store_url)."""
    s = await open_store(store_url)
    yield s
    await s.close()


async def ledger_len(store: Store, guild_id: int = G) -> int:
    return len(await store.ledger(guild_id))


# --------------------------------------------------------------------------- opening


async def test_open_creates_directories_applies_migrations_and_sets_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "ridotto.db"
    store = await Store.open(path)
    try:
        assert path.exists()
        assert await store.pragma("user_version") == LATEST
        assert str(await store.pragma("journal_mode")).lower() == "wal"
        assert await store.pragma("synchronous") == 2  # FULL
        assert await store.pragma("foreign_keys") == 1
        await store.grant(G, A, 5)
    finally:
        await store.close()

    again = await Store.open(path)  # idempotent re-open keeps the data and the version
    try:
        assert await again.pragma("user_version") == LATEST
        assert await again.balance(G, A) == 1005
        assert (await again.audit()).ok
    finally:
        await again.close()


async def test_a_version_1_database_keeps_each_tables_message_in_its_snapshot(tmp_path: Path) -> None:
    """Migration 2 drops the `tables.message_id` column: the snapshot, written with every
    move, is the one place a table's message is kept. A snapshot that names no message
    takes the column's; one that does (the table was posted again) keeps its own."""
    from bot.migrations import v0001_initial

    path = tmp_path / "old.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript(f"BEGIN;\n{v0001_initial.SQL}\nPRAGMA user_version = 1;\nCOMMIT;")
    rows = [  # (channel, message_id column, snapshot)
        (1, 501, '{"hand":0}'),
        (2, 601, '{"hand":0,"message_id":602}'),
        (3, 701, '{"hand":0,"message_id":null}'),
        (4, None, '{"hand":0}'),
    ]
    for channel, message_id, snapshot in rows:
        conn.execute(
            "INSERT INTO tables (guild_id, channel_id, message_id, game, host_id, snapshot, created_at,"
            " updated_at) VALUES (?, ?, ?, 'primiera', ?, ?, '2025-01-01', '2025-01-01')",
            (G, channel, message_id, A, snapshot),
        )
    conn.close()
    store = await Store.open(path)
    try:
        assert await store.pragma("user_version") == LATEST
        saved = {t.channel_id: t.snapshot for t in await store.open_tables()}
        assert saved == {
            1: {"hand": 0, "message_id": 501},
            2: {"hand": 0, "message_id": 602},
            3: {"hand": 0, "message_id": 701},
            4: {"hand": 0},
        }
        columns = await store._read(lambda c: [r[1] for r in c.execute("PRAGMA table_info(tables)")])
        assert "message_id" not in columns
    finally:
        await store.close()


async def test_database_from_newer_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    conn.close()
    with pytest.raises(RuntimeError, match="newer"):
        await Store.open(path)


def test_a_migration_another_process_applied_first_is_taken_as_applied(tmp_path: Path) -> None:
    """Two shard processes open one new file together: each reads the schema version before
    taking the write lock, so the second to get it finds the first migration already there.
    It goes on from there instead of failing on "table already exists"."""
    path = tmp_path / "shared.db"
    first = sqlite3.connect(path, isolation_level=None)
    first.execute("PRAGMA journal_mode = WAL")  # as Store.open sets it: a reader blocks no writer

    class Late(sqlite3.Connection):
        """Reads the version, and only then lets the other process migrate the whole file."""

        raced = False

        def execute(self, sql: str, *args: object) -> sqlite3.Cursor:  # type: ignore[override]
            cursor = super().execute(sql, *args)
            if sql == "PRAGMA user_version" and not Late.raced:
                Late.raced = True
                assert _migrate(first) == LATEST
            return cursor

    second = sqlite3.connect(path, isolation_level=None, factory=Late)
    try:
        assert _migrate(second) == LATEST
        assert Late.raced
        assert second.execute("PRAGMA user_version").fetchone()[0] == LATEST
        tables = [
            r[0] for r in second.execute("SELECT name FROM sqlite_master WHERE name = 'guild_settings'")
        ]
        assert tables == ["guild_settings"]
    finally:
        first.close()
        second.close()


def test_a_migration_that_fails_on_its_own_still_fails(tmp_path: Path) -> None:
    path = tmp_path / "broken.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE guild_settings (x)")  # in the way of the first migration
    try:
        with pytest.raises(sqlite3.OperationalError, match="already exists"):
            _migrate(conn)
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    finally:
        conn.close()


# --------------------------------------------------------------------------- settings


async def test_guild_settings_default_and_update(store: Store) -> None:
    assert (await store.guild_settings(G)).starting_bankroll == 1000
    s = await store.update_guild_settings(G, starting_bankroll=500, turn_timer=60)
    assert (s.starting_bankroll, s.daily_amount, s.turn_timer) == (500, 250, 60)
    assert await store.guild_settings(G) == s
    assert (await store.guild_settings(G + 1)).starting_bankroll == 1000  # scoped to the guild
    assert await store.balance(G, A) == 500
    for bad in (0, -5, True, 1.5):
        with pytest.raises(ValueError):
            await store.update_guild_settings(G, daily_amount=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        await store.update_guild_settings(G, colour=3)
    assert (await store.guild_settings(G)).daily_amount == 250


# --------------------------------------------------------------------------- members


async def test_first_use_gets_starting_bankroll_with_a_ledger_row(store: Store) -> None:
    assert await store.balance(G, A) == 1000
    assert await store.balance(G, A) == 1000  # only once
    rows = await store.ledger(G)
    assert [(r["src"], r["dst"], r["amount"], r["reason"]) for r in rows] == [
        (GRANT, member_account(A), 1000, "starting bankroll")
    ]
    assert await store.balance(G + 1, A) == 1000  # another guild, another bankroll


async def test_daily_once_per_24_hours(store: Store) -> None:
    first = await store.claim_daily(G, A, T0)
    assert first.granted and first.amount == 250 and first.balance == 1250
    assert first.next_at == T0 + timedelta(hours=24)
    assert first.next_at.tzinfo is not None

    early = await store.claim_daily(G, A, T0 + timedelta(hours=23, minutes=59))
    assert not early.granted and early.amount == 0 and early.balance == 1250
    assert early.next_at == T0 + timedelta(hours=24)

    later = await store.claim_daily(G, A, T0 + timedelta(hours=24))
    assert later.granted and later.balance == 1500
    assert later.next_at == T0 + timedelta(hours=48)
    dailies = [r for r in await store.ledger(G) if r["reason"] == "daily"]
    assert len(dailies) == 2
    assert (await store.audit()).ok


async def test_give_moves_chips_atomically(store: Store) -> None:
    assert await store.give(G, A, B, 300) == (700, 1300)
    assert await store.balance(G, A) == 700
    assert await store.balance(G, B) == 1300
    row = (await store.ledger(G, account=member_account(A)))[-1]
    assert (row["src"], row["dst"], row["amount"]) == (member_account(A), member_account(B), 300)


@pytest.mark.parametrize(
    ("amount", "to_user", "error"),
    [
        (0, B, ValueError),
        (-5, B, ValueError),
        (True, B, ValueError),
        (2.5, B, ValueError),
        (1001, B, InsufficientFunds),
        (10, A, ValueError),
    ],
)
async def test_bad_gives_are_refused_and_change_nothing(
    store: Store, amount: object, to_user: int, error: type[Exception]
) -> None:
    await store.balance(G, A)
    await store.balance(G, B)
    before = await ledger_len(store)
    with pytest.raises(error):
        await store.give(G, A, to_user, amount)  # type: ignore[arg-type]
    assert await store.balance(G, A) == 1000
    assert await store.balance(G, B) == 1000
    assert await ledger_len(store) == before


async def test_insufficient_funds_reads_as_a_sentence(store: Store) -> None:
    with pytest.raises(InsufficientFunds) as info:
        await store.give(G, A, B, 5000)
    err = info.value
    assert (err.account, err.needed, err.available) == (member_account(A), 5000, 1000)
    assert str(err).endswith(".") and "5000" in str(err)
    # The failed give created neither member: the whole transaction rolled back.
    assert await ledger_len(store) == 0


async def test_grant(store: Store) -> None:
    assert await store.grant(G, A, 50, "tournament prize") == 1050
    assert (await store.ledger(G))[-1]["reason"] == "tournament prize"
    with pytest.raises(ValueError):
        await store.grant(G, A, 0)


# --------------------------------------------------------------------------- tables and escrow


async def create_table(store: Store, channel: int = 7) -> int:
    async with store.transaction() as tx:
        return await tx.create_table(G, channel, "primiera", A, {"hand": 0})


async def test_escrow_in_and_out_with_snapshot(store: Store) -> None:
    tid = await create_table(store)
    async with store.transaction() as tx:
        await tx.move(G, member_account(A), table_account(tid), 100, "buy-in")
        await tx.move(G, member_account(B), table_account(tid), 100, "buy-in")
        await tx.move(G, HOUSE, table_account(tid), 100, "computer buy-in")
        await tx.save_table(tid, {"hand": 1})
        await tx.set_message(tid, 555)
        assert await tx.escrow(tid) == 300
    assert await store.balance(G, A) == 900
    assert (await store.audit()).ok

    async with store.transaction() as tx:
        await tx.move(G, table_account(tid), member_account(A), 250, "pot", hand_no=1)
        await tx.move(G, table_account(tid), HOUSE, 50, "computer cash-out", hand_no=1)
        await tx.record_result(G, tid, 1, "primiera", A, 150, True)
        await tx.record_result(G, tid, 1, "primiera", B, -100, False)
        await tx.record_hand(G, tid, 1, "primiera", 2**100 + 7, "ab" * 32, {"deck": [1, 2, 3]})
        await tx.save_table(tid, {"hand": 1, "over": True}, status="closed")
    rec = await store.table(tid)
    assert rec is not None
    assert rec.status == "closed" and rec.snapshot == {"hand": 1, "over": True}
    assert await store.balance(G, A) == 1150
    rows = await store.ledger(G, table_id=tid)
    assert len(rows) == 5 and {r["table_id"] for r in rows} == {tid}
    assert rows[-1]["hand_no"] == 1
    report = await store.audit()
    assert report.ok
    (g,) = report.guilds
    # granted: A and B starting bankrolls; the house put in 100 and took out 50.
    assert (g.balances, g.escrow, g.granted, g.house_net) == (2050, 0, 2000, -50)
    assert await store.open_tables() == []


async def test_insufficient_funds_rolls_back_the_whole_transaction(store: Store) -> None:
    tid = await create_table(store)
    await store.balance(G, A)
    before = await ledger_len(store)
    with pytest.raises(InsufficientFunds):
        async with store.transaction() as tx:
            await tx.save_table(tid, {"hand": 99})
            await tx.set_message(tid, 1)
            await tx.move(G, member_account(A), table_account(tid), 600, "buy-in")
            await tx.move(G, member_account(A), table_account(tid), 600, "raise")  # only 400 left
    rec = await store.table(tid)
    assert rec is not None and rec.snapshot == {"hand": 0}
    assert await store.balance(G, A) == 1000
    async with store.transaction() as tx:
        assert await tx.escrow(tid) == 0
    assert await ledger_len(store) == before


async def test_any_failure_mid_transaction_leaves_nothing_behind(store: Store) -> None:
    with pytest.raises(RuntimeError, match="boom"):
        async with store.transaction() as tx:
            tid = await tx.create_table(G, 8, "prefa", A, {})
            await tx.move(G, member_account(A), table_account(tid), 10, "ante")
            raise RuntimeError("boom")
    assert await store.open_tables() == []
    assert await store.table(tid) is None
    assert await ledger_len(store) == 0
    assert (await store.audit()).guilds == []
    # and the connection is usable afterwards
    assert await store.balance(G, A) == 1000


async def test_cancelled_transaction_rolls_back(store: Store) -> None:
    started = asyncio.Event()

    async def slow() -> None:
        async with store.transaction() as tx:
            await tx.move(G, GRANT, member_account(A), 10, "x")
            started.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(slow())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await ledger_len(store) == 0
    assert await store.balance(G, A) == 1000


async def test_tx_is_dead_after_its_block_and_store_calls_inside_are_refused(store: Store) -> None:
    async with store.transaction() as tx:
        with pytest.raises(RuntimeError, match="inside a transaction"):
            await store.balance(G, A)
    with pytest.raises(RuntimeError, match="ended"):
        await tx.balance(G, A)


async def test_move_validation(store: Store) -> None:
    tid = await create_table(store)
    other_guild_table: int
    async with store.transaction() as tx:
        other_guild_table = await tx.create_table(G + 1, 7, "primiera", A, {})
    bad_moves: list[tuple[str, str, object]] = [
        (member_account(A), member_account(A), 5),
        (member_account(A), "bank", 5),
        (member_account(A), "member:x", 5),
        (member_account(A), table_account(tid), 0),
        (member_account(A), table_account(tid), -1),
        (member_account(A), table_account(tid), False),
        (member_account(A), table_account(999), 5),
        (member_account(A), table_account(other_guild_table), 5),
    ]
    for src, dst, amount in bad_moves:
        with pytest.raises(ValueError):
            async with store.transaction() as tx:
                await tx.move(G, src, dst, amount, "test")  # type: ignore[arg-type]
    with pytest.raises(InsufficientFunds):
        async with store.transaction() as tx:
            await tx.move(G, table_account(tid), member_account(A), 1, "nothing to take")
    assert await ledger_len(store) == 0


async def test_one_open_table_per_channel(store: Store) -> None:
    tid = await create_table(store, channel=7)
    with pytest.raises(TableAlreadyOpen) as info:
        await create_table(store, channel=7)
    assert info.value.table_id == tid
    other = await create_table(store, channel=8)
    rec = await store.open_table_in_channel(G, 7)
    assert rec is not None and rec.id == tid and rec.game == "primiera" and rec.host_id == A
    assert [t.id for t in await store.open_tables()] == [tid, other]
    async with store.transaction() as tx:
        await tx.save_table(tid, {}, status="closed")
    assert await store.open_table_in_channel(G, 7) is None
    assert await create_table(store, channel=7) > other  # the channel is free again


async def test_closing_a_table_that_holds_escrow_is_refused_at_commit(store: Store) -> None:
    tid = await create_table(store)
    async with store.transaction() as tx:
        await tx.move(G, member_account(A), table_account(tid), 40, "buy-in")
    with pytest.raises(ValueError, match="escrow"):
        async with store.transaction() as tx:
            await tx.save_table(tid, {}, status="closed")
    rec = await store.table(tid)
    assert rec is not None and rec.status == "open"
    # paying out after closing in the same transaction is fine
    async with store.transaction() as tx:
        await tx.save_table(tid, {}, status="closed")
        await tx.move(G, table_account(tid), member_account(A), 40, "cash-out")
        with pytest.raises(ValueError, match="closed"):
            await tx.move(G, member_account(B), table_account(tid), 1, "late buy-in")
    assert (await store.audit()).ok


async def test_boards_and_stats(store: Store) -> None:
    tid = await create_table(store)
    async with store.transaction() as tx:
        for hand, (user, net, won) in enumerate(
            [(A, 10, True), (B, -10, False), (A, 5, True), (C, 30, True), (B, 2, True)], start=1
        ):
            await tx.record_result(G, tid, hand, "primiera", user, net, won)
        await tx.record_result(G, tid, 9, "prefa", A, -7, False)
        await tx.move(G, GRANT, member_account(C), 500, "prize")
        await tx.move(G, member_account(B), member_account(A), 100, "give")
    assert await store.leaderboard_bankroll(G) == [(C, 1500), (A, 1100), (B, 900)]
    assert await store.leaderboard_bankroll(G, limit=1) == [(C, 1500)]
    assert await store.leaderboard_game(G, "primiera") == [(A, 2, 2, 15), (C, 1, 1, 30), (B, 1, 2, -8)]
    assert await store.leaderboard_game(G + 1, "primiera") == []
    stats = {s.game: s for s in await store.stats(G, A)}
    assert (stats["primiera"].hands, stats["primiera"].wins, stats["primiera"].net) == (2, 2, 15)
    assert (stats["prefa"].hands, stats["prefa"].wins, stats["prefa"].net) == (1, 0, -7)


async def test_ledger_is_append_only(store: Store, store_url: str) -> None:
    await store.balance(G, A)
    refused = (sqlite3.IntegrityError, asyncpg.RaiseError)
    with pytest.raises(refused, match="append-only"):
        await execute(store_url, "UPDATE ledger SET amount = 1")
    with pytest.raises(refused, match="append-only"):
        await execute(store_url, "DELETE FROM ledger")
    with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
        await execute(store_url, "UPDATE members SET balance = -1")


# --------------------------------------------------------------------------- audit


async def test_audit_detects_a_balance_changed_without_the_ledger(store: Store, store_url: str) -> None:
    await store.give(G, A, B, 10)
    assert (await store.audit()).ok
    await execute(store_url, f"UPDATE members SET balance = balance + 5 WHERE user_id = {A}")
    report = await store.audit()
    assert not report.ok
    (g,) = report.guilds
    assert not g.ok
    assert any("off by 5" in p for p in g.problems)
    assert any(member_account(A) in p for p in g.problems)


async def test_audit_flags_a_closed_table_holding_escrow(store: Store, store_url: str) -> None:
    tid = await create_table(store)
    async with store.transaction() as tx:
        await tx.move(G, member_account(A), table_account(tid), 40, "buy-in")
    await execute(store_url, f"UPDATE tables SET status = 'closed' WHERE id = {tid}")
    report = await store.audit()
    assert not report.ok
    assert any("closed" in p and "40" in p for p in report.guilds[0].problems)


# --------------------------------------------------------------------------- concurrency


async def test_concurrent_gives_serialize_and_conserve_chips(store: Store) -> None:
    users = list(range(1, 11))
    for u in users:
        await store.balance(G, u)
    rng = random.Random(7)
    jobs = []
    for _ in range(200):
        src, dst = rng.sample(users, 2)
        jobs.append(store.give(G, src, dst, rng.randint(1, 400)))
    results = await asyncio.gather(*jobs, return_exceptions=True)
    assert all(r is None or isinstance(r, (tuple, InsufficientFunds)) for r in results)
    ok = sum(isinstance(r, tuple) for r in results)
    assert ok > 100
    board = await store.leaderboard_bankroll(G, limit=100)
    assert sum(b for _, b in board) == 10_000
    assert all(b >= 0 for _, b in board)
    assert await ledger_len(store) == 10 + ok
    assert (await store.audit()).ok


async def test_concurrent_table_transactions_keep_escrow_exact(store: Store) -> None:
    tid = await create_table(store)

    async def ante(user: int) -> None:
        async with store.transaction() as tx:
            await tx.move(G, member_account(user), table_account(tid), 3, "ante")
            await asyncio.sleep(0)  # yield mid-transaction: others must wait for the lock
            await tx.save_table(tid, {"last": user})

    await asyncio.gather(*(ante(u) for u in range(1, 51)))
    async with store.transaction() as tx:
        assert await tx.escrow(tid) == 150
    assert (await store.audit()).ok


# --------------------------------------------------------------------------- random sequences

ACCOUNTS = [GRANT, HOUSE, member_account(1), member_account(2), member_account(3), "T0", "T1"]
move_st = st.tuples(
    st.sampled_from(ACCOUNTS),
    st.sampled_from(ACCOUNTS),
    st.integers(min_value=1, max_value=1500),
    st.sampled_from([G, G + 1]),
    st.booleans(),  # close a table afterwards
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.lists(move_st, min_size=1, max_size=4), min_size=1, max_size=12))
async def test_random_moves_keep_the_books_balanced(tmp_path: Path, steps: list[list[tuple]]) -> None:
    path = tmp_path / f"h{uuid.uuid4().hex}.db"
    store = await Store.open(path)
    try:
        tables: dict[tuple[int, str], int] = {}
        for g in (G, G + 1):
            async with store.transaction() as tx:
                for i, name in enumerate(("T0", "T1")):
                    tables[(g, name)] = await tx.create_table(g, i, "primiera", 1, {})
        committed = 0
        for batch in steps:
            before = await store.ledger(G) + await store.ledger(G + 1)
            try:
                async with store.transaction() as tx:
                    for src, dst, amount, g, close in batch:
                        s = table_account(tables[(g, src)]) if src.startswith("T") else src
                        d = table_account(tables[(g, dst)]) if dst.startswith("T") else dst
                        await tx.move(g, s, d, amount, "random")
                        if close and s.startswith("table:"):
                            await tx.save_table(int(s.split(":")[1]), {}, status="closed")
                committed += 1
            except (InsufficientFunds, ValueError):
                after = await store.ledger(G) + await store.ledger(G + 1)
                assert after == before  # a refused batch leaves nothing behind
            report = await store.audit()
            assert report.ok, report
    finally:
        await store.close()


async def test_a_caught_refusal_inside_a_transaction_leaves_no_half_move(store: Store) -> None:
    tid = await create_table(store)
    async with store.transaction() as tx:
        await tx.move(G, member_account(A), table_account(tid), 100, "ante")
        with pytest.raises(InsufficientFunds):  # B is new: created, then refused; both undone
            await tx.move(G, member_account(B), table_account(tid), 5000, "ante")
        await tx.save_table(tid, {"sat_out": [B]})
    assert [r["dst"] for r in await store.ledger(G)] == [member_account(A), table_account(tid)]
    assert (await store.audit()).ok


async def test_transfer_is_one_durable_guarded_movement(store: Store) -> None:
    await store.balance(1, 10)
    await store.balance(1, 20)
    await store.transfer(1, member_account(10), member_account(20), 300, "test")
    assert (await store.balance(1, 10), await store.balance(1, 20)) == (700, 1300)
    before = await store.ledger(1)
    with pytest.raises(InsufficientFunds):
        await store.transfer(1, member_account(10), member_account(20), 701, "test")
    with pytest.raises(ValueError):
        await store.transfer(1, member_account(10), member_account(20), 0, "test")
    assert await store.ledger(1) == before
    assert (await store.balance(1, 10), await store.balance(1, 20)) == (700, 1300)
    assert (await store.audit()).ok


async def test_the_restore_reads_only_the_open_tables_of_the_guilds_its_shards_own(store: Store) -> None:
    """`saved_tables(shards)` chooses in SQL, on both stores: a process owning shards 0 and 2
    of 3 reads its guilds' open tables and no row of shard 1's guild (bot/shards.py)."""
    guilds = {shard: (999 + shard) << 22 for shard in range(3)}  # guild of shard s: (id >> 22) % 3 == s
    opened = {}
    for shard, guild in guilds.items():
        async with store.transaction() as tx:
            opened[shard] = await tx.create_table(guild, 7, "primiera", A, {"hand": shard})
    async with store.transaction() as tx:
        closed = await tx.create_table(guilds[0], 8, "primiera", A, {"hand": 9})
        await tx.save_table(closed, {"hand": 9}, status="closed")
    mine = await store.saved_tables(Shards(count=3, ids=(0, 2)))
    assert [(t.id, t.guild_id) for t in mine] == [(opened[0], guilds[0]), (opened[2], guilds[2])]
    everything = await store.saved_tables(Shards(count=3, ids=(0, 1, 2)))
    assert (
        [t.id for t in everything]
        == [opened[0], opened[1], opened[2]]
        == [t.id for t in await store.saved_tables()]
    )
