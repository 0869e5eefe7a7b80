"""The store on PostgreSQL, through asyncpg: several bot processes may share one database.

**Concurrency: one lock per guild, then row updates that check themselves.** Every
transaction that writes takes ``pg_advisory_xact_lock(guild_id)`` for the guild it writes
before its first statement on that guild's rows (the key is the guild id; Ridotto's other
advisory lock, the migrations', is negative, and guild ids never are), held until COMMIT
or ROLLBACK. Why this and not SERIALIZABLE with retries: a table's unit of work is not ours
to retry — the table service runs its own code between the statements (the engine's move,
the in-memory table), so a 40001 at COMMIT would have to be answered by replaying the
click. Why a guild lock and not only row locks taken in a fixed order: a unit of work does
not know beforehand which rows it will touch (a hand's settlement pays whoever won), so no
fixed order can be promised, and two tables of one guild paying the same two members in
opposite orders would deadlock. With the guild's lock first, a transaction's locks are
always taken in the same order (the guild, then its rows): no deadlock, and the checks
made before a write (is the table open? does a new member's bankroll cover the debit?)
still hold when the write runs, so every operation of a unit of work refuses before it
writes anything, as SQLite's savepoints make it. Two writers of one guild take turns —
what SQLite's single writer does for every guild at once — and different guilds never
wait on each other: processes that own different shards (so different guilds) write side
by side. The debits are conditional updates all the same (``balance = balance - $1 …
AND balance >= $1``) and the schema checks ``balance >= 0``: the lock keeps the books
exact, the database refuses a negative balance whatever happens. A transaction that
writes two guilds (the bot never does) locks them in the order it meets them; PostgreSQL
would break a deadlock between two such by failing one (40P01), rolled back whole.

Reads outside a transaction take no lock: each statement reads committed rows.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import asyncpg

from bot.migrations import PG_LATEST, PG_MIGRATIONS
from bot.shards import Shards
from bot.store.contract import (
    DAILY_INTERVAL,
    GRANT,
    HINT_COLS,
    LEDGER_KEYS,
    MOVE_COLS,
    RECORD_COLS,
    TABLE_COLS,
    Actor,
    AuditReport,
    AuditRows,
    DailyResult,
    EscrowMove,
    GameStats,
    GuildSettings,
    HandPlayer,
    HandProof,
    HandRecord,
    HistoryEntry,
    InsufficientFunds,
    MemberRating,
    MoveArgs,
    Rating,
    RatingChange,
    SavedTable,
    TableAlreadyOpen,
    TableRecord,
    audit_report,
    check_give,
    check_hint,
    check_id,
    check_kept,
    check_language,
    check_member_seed,
    check_move,
    check_page,
    check_players,
    check_ratings,
    check_result,
    check_seed,
    check_settings,
    check_status,
    check_table,
    dumps,
    history_entry,
    history_sql,
    member_account,
    move_args,
    next_daily,
    now_iso,
    parse_account,
    record_of,
    table_account,
    table_record,
    trend_start,
    utc,
)
from bot.store.url import hide_password

log = logging.getLogger(__name__)

MIGRATION_LOCK = -0x5249444F54544F
"""The advisory lock migrations take ("RIDOTTO"); negative, so no guild's lock."""


class _Pool:
    """The store's connections: at most `size`, opened when first needed, each used by one
    caller at a time. asyncpg's own pool costs a durable transfer about a third of its
    speed here (bench/ledger.py): a proxy around every call, two shielded tasks and a reset
    query at each release. The store needs none of it — it keeps no session state (its
    locks are transaction-scoped) and every transaction ends in COMMIT or ROLLBACK before
    its connection comes back — so it hands out plain connections."""

    def __init__(self, url: str, size: int) -> None:
        self._url = url
        self._size = size
        self._opened = 0
        #: idle connections; None stands for a connection that was closed (its place is free)
        self._free: asyncio.Queue[asyncpg.Connection | None] = asyncio.Queue()
        self._all: set[asyncpg.Connection] = set()

    async def acquire(self) -> asyncpg.Connection:
        while True:
            try:
                conn = self._free.get_nowait()
            except asyncio.QueueEmpty:
                if self._opened >= self._size:
                    conn = await self._free.get()
                else:
                    conn = None
                    self._opened += 1
            if conn is not None and not conn.is_closed():
                return conn
            if conn is not None:
                self._forget(conn)
                self._opened += 1
            try:
                fresh = await asyncpg.connect(self._url)
            except BaseException:
                self._opened -= 1
                self._free.put_nowait(None)  # a waiter may open one in its place
                raise
            self._all.add(fresh)
            return fresh

    def _forget(self, conn: asyncpg.Connection) -> None:
        self._all.discard(conn)
        self._opened -= 1

    def release(self, conn: asyncpg.Connection) -> None:
        """Back to the idle ones (the caller ended its transaction), or, closed, its place."""
        if conn.is_closed():
            self._forget(conn)
            self._free.put_nowait(None)
        else:
            self._free.put_nowait(conn)

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[asyncpg.Connection]:
        conn = await self.acquire()
        try:
            yield conn
        except asyncio.CancelledError:
            conn.terminate()  # a statement may still be running: never hand this one out again
            raise
        except BaseException:
            if conn.is_in_transaction():
                await asyncio.shield(_rollback(conn))
            raise
        finally:
            self.release(conn)

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        async with self.connection() as conn:
            rows: list[Any] = await conn.fetch(sql, *args)
            return rows

    async def close(self) -> None:
        for conn in list(self._all):
            try:
                await conn.close(timeout=5)
            except Exception:
                conn.terminate()
        self._all.clear()


def _updated(status: str) -> int:
    """The row count of an asyncpg command status ("UPDATE 1")."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresTx:
    """A unit of work on one pooled connection: ``BEGIN`` goes with the first statement
    (and the guild's lock), ``COMMIT`` at the end of the ``async with``."""

    def __init__(self, store: PostgresStore, conn: asyncpg.Connection) -> None:
        self._store = store
        self._conn = conn
        self._active = True
        self._begun = False
        self._guilds: set[int] = set()
        self._closed_tables: set[int] = set()

    # the unit of work ---------------------------------------------------------

    def _check_active(self) -> None:
        if not self._active:
            raise RuntimeError("this transaction has already ended")

    async def _lock(self, guild_id: int) -> asyncpg.Connection:
        """The connection, in a transaction holding `guild_id`'s lock (see the module)."""
        self._check_active()
        conn = self._conn
        if guild_id in self._guilds:
            return conn
        if not self._begun:
            # One round trip: BEGIN and the lock travel together (simple query protocol;
            # the guild id is an int the caller checked, so it is written into the text).
            self._begun = True
            await conn.execute(f"BEGIN; SELECT pg_advisory_xact_lock({int(guild_id)})")
        else:
            await conn.execute("SELECT pg_advisory_xact_lock($1)", guild_id)
        self._guilds.add(guild_id)
        return conn

    async def _table_guild(self, table_id: int) -> int | None:
        """The guild of a table (tables never change guild, so the store remembers it)."""
        self._check_active()
        known = self._store._table_guilds.get(table_id)
        if known is not None:
            return known
        guild: int | None = await self._conn.fetchval("SELECT guild_id FROM tables WHERE id = $1", table_id)
        if guild is not None:
            self._store._table_guilds[table_id] = guild
        return guild

    async def _lock_table(self, table_id: int) -> asyncpg.Connection | None:
        guild = await self._table_guild(table_id)
        return None if guild is None else await self._lock(guild)

    async def _finish(self) -> None:
        if self._closed_tables:
            row = await self._conn.fetchrow(
                "SELECT t.id, e.amount FROM tables t JOIN escrow e ON e.table_id = t.id"
                " WHERE t.id = ANY($1::bigint[]) AND t.status = 'closed' AND e.amount <> 0 ORDER BY t.id",
                sorted(self._closed_tables),
            )
            if row is not None:
                raise ValueError(f"table {row[0]} is closed but still holds {row[1]} chips in escrow")
        await self._conn.execute("COMMIT")

    # members ------------------------------------------------------------------

    async def _settings(self, guild_id: int) -> GuildSettings:
        return _settings(
            await self._conn.fetchrow(
                "SELECT starting_bankroll, daily_amount, turn_timer, language FROM guild_settings"
                " WHERE guild_id = $1",
                guild_id,
            )
        )

    async def _create_member(self, guild_id: int, user_id: int, extra: int, now: str) -> int:
        """A new member with the starting bankroll (and its grant row), plus `extra`."""
        bankroll = (await self._settings(guild_id)).starting_bankroll
        await self._conn.execute(
            "INSERT INTO members (guild_id, user_id, balance, created_at) VALUES ($1, $2, $3, $4)",
            guild_id,
            user_id,
            bankroll + extra,
            now,
        )
        await self._ledger_row(
            guild_id, GRANT, member_account(user_id), bankroll, "starting bankroll", None, None, now
        )
        return bankroll + extra

    async def _ledger_row(
        self,
        guild_id: int,
        src: str,
        dst: str,
        amount: int,
        reason: str,
        table_id: int | None,
        hand_no: int | None,
        now: str,
    ) -> None:
        await self._conn.execute(
            "INSERT INTO ledger (guild_id, src, dst, amount, reason, table_id, hand_no, created_at)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            guild_id,
            src,
            dst,
            amount,
            reason,
            table_id,
            hand_no,
            now,
        )

    async def _balance(self, guild_id: int, user_id: int) -> int:
        conn = await self._lock(guild_id)
        balance: int | None = await conn.fetchval(
            "SELECT balance FROM members WHERE guild_id = $1 AND user_id = $2", guild_id, user_id
        )
        if balance is None:
            balance = await self._create_member(guild_id, user_id, 0, now_iso())
        return balance

    async def _table_for_move(self, guild_id: int, table_id: int) -> str:
        row = await self._conn.fetchrow("SELECT guild_id, status FROM tables WHERE id = $1", table_id)
        if row is None:
            raise ValueError(f"table {table_id} does not exist")
        if row[0] != guild_id:
            raise ValueError(f"table {table_id} belongs to another guild")
        return str(row[1])

    async def _move(self, move: MoveArgs) -> None:
        """Debit, credit, ledger row. Under the guild's lock every refusal comes before the
        first write, so a refused move leaves nothing behind in the unit of work."""
        guild_id, src, dst, amount, reason, table_id, hand_no = move
        conn = await self._lock(guild_id)
        now = now_iso()
        src_kind, src_id = parse_account(src)
        dst_kind, dst_id = parse_account(dst)
        if dst_kind == "table":
            assert dst_id is not None
            if await self._table_for_move(guild_id, dst_id) != "open":
                raise ValueError(f"table {dst_id} is closed and cannot take chips")
        if src_kind == "member":
            assert src_id is not None
            debited = await conn.fetchval(
                "UPDATE members SET balance = balance - $1"
                " WHERE guild_id = $2 AND user_id = $3 AND balance >= $1 RETURNING balance",
                amount,
                guild_id,
                src_id,
            )
            if debited is None:
                available = await conn.fetchval(
                    "SELECT balance FROM members WHERE guild_id = $1 AND user_id = $2", guild_id, src_id
                )
                if available is None:  # a new member: the starting bankroll may cover it
                    available = (await self._settings(guild_id)).starting_bankroll
                    if available >= amount:
                        await self._create_member(guild_id, src_id, -amount, now)
                        available = None
                if available is not None:
                    raise InsufficientFunds(src, amount, available)
        elif src_kind == "table":
            assert src_id is not None
            debited = await conn.fetchval(
                "UPDATE escrow SET amount = amount - $1"
                " WHERE table_id = $2 AND guild_id = $3 AND amount >= $1 RETURNING amount",
                amount,
                src_id,
                guild_id,
            )
            if debited is None:
                await self._table_for_move(guild_id, src_id)
                held = await conn.fetchval("SELECT amount FROM escrow WHERE table_id = $1", src_id)
                raise InsufficientFunds(src, amount, held or 0)
        # GRANT and HOUSE are unbounded sources; they keep no balance row.
        if dst_kind == "member":
            assert dst_id is not None
            credited = await conn.execute(
                "UPDATE members SET balance = balance + $1 WHERE guild_id = $2 AND user_id = $3",
                amount,
                guild_id,
                dst_id,
            )
            if _updated(credited) == 0:
                await self._create_member(guild_id, dst_id, amount, now)
        elif dst_kind == "table":
            await conn.execute(
                "INSERT INTO escrow (table_id, guild_id, amount) VALUES ($1, $2, $3)"
                " ON CONFLICT (table_id) DO UPDATE SET amount = escrow.amount + excluded.amount",
                dst_id,
                guild_id,
                amount,
            )
        await self._ledger_row(guild_id, src, dst, amount, reason, table_id, hand_no, now)

    # the contract ---------------------------------------------------------------

    async def move(
        self,
        guild_id: int,
        src: str,
        dst: str,
        amount: int,
        reason: str,
        *,
        table_id: int | None = None,
        hand_no: int | None = None,
    ) -> None:
        """Move `amount` chips from `src` to `dst` and write one ledger row (see the SQLite
        store's :meth:`bot.storage.Tx.move`)."""
        self._check_active()
        await self._move(move_args(guild_id, src, dst, amount, reason, table_id, hand_no))

    async def balance(self, guild_id: int, user_id: int) -> int:
        """A member's balance, creating the member with the starting bankroll if new."""
        self._check_active()
        return await self._balance(check_id(guild_id, "guild_id"), check_id(user_id, "user_id"))

    async def escrow(self, table_id: int) -> int:
        """Chips held in escrow at a table (0 if none ever were)."""
        conn = await self._lock_table(table_id)
        if conn is None:
            return 0
        held: int | None = await conn.fetchval("SELECT amount FROM escrow WHERE table_id = $1", table_id)
        return held or 0

    async def escrow_moves(self, table_id: int) -> list[EscrowMove]:
        """Every ledger row into or out of a table's escrow, oldest first."""
        account = table_account(table_id)
        conn = await self._lock_table(table_id)
        if conn is None:
            return []
        rows = await conn.fetch(
            "SELECT src, dst, amount, reason, hand_no FROM ledger"
            " WHERE table_id = $1 AND (src = $2 OR dst = $2) ORDER BY id",
            table_id,
            account,
        )
        return [EscrowMove(src=r[0], dst=r[1], amount=r[2], reason=r[3], hand_no=r[4]) for r in rows]

    async def create_table(
        self, guild_id: int, channel_id: int, game: str, host_id: int, snapshot: dict[str, Any]
    ) -> int:
        """Open a table in a channel; :class:`TableAlreadyOpen` if the channel has one."""
        check_table(guild_id, channel_id, game, host_id)
        data = dumps(snapshot, "snapshot")
        conn = await self._lock(guild_id)
        existing = await conn.fetchval(
            "SELECT id FROM tables WHERE guild_id = $1 AND channel_id = $2 AND status = 'open'",
            guild_id,
            channel_id,
        )
        if existing is not None:
            raise TableAlreadyOpen(channel_id, int(existing))
        now = now_iso()
        table_id: int = await conn.fetchval(
            "INSERT INTO tables (guild_id, channel_id, game, host_id, status, snapshot, created_at,"
            " updated_at) VALUES ($1, $2, $3, $4, 'open', $5, $6, $6) RETURNING id",
            guild_id,
            channel_id,
            game,
            host_id,
            data,
            now,
        )
        self._store._table_guilds[table_id] = guild_id
        log.info("table %d: created (%s) in guild %d channel %d", table_id, game, guild_id, channel_id)
        return table_id

    async def save_table(
        self, table_id: int, snapshot: dict[str, Any] | str, *, status: str | None = None
    ) -> None:
        """Replace a table's snapshot (a dict, or the JSON text of one); optionally set its
        status. A table closed in this transaction must hold no escrow when it commits."""
        data = snapshot if isinstance(snapshot, str) else dumps(snapshot, "snapshot")
        check_status(status)
        conn = await self._lock_table(table_id)
        if conn is None:
            raise ValueError(f"table {table_id} does not exist")
        await conn.execute(
            "UPDATE tables SET snapshot = $1, status = COALESCE($2, status), updated_at = $3 WHERE id = $4",
            data,
            status,
            now_iso(),
            table_id,
        )
        if status == "closed":
            self._closed_tables.add(table_id)
        elif status == "open":
            self._closed_tables.discard(table_id)

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Name the message that shows a table, in its snapshot and nothing else."""
        check_id(message_id, "message_id")
        conn = await self._lock_table(table_id)
        if conn is None:
            raise ValueError(f"table {table_id} does not exist")
        await conn.execute(
            "UPDATE tables SET updated_at = $2,"
            " snapshot = jsonb_set(snapshot::jsonb, '{message_id}', to_jsonb($1::bigint))::json"
            " WHERE id = $3",
            message_id,
            now_iso(),
            table_id,
        )

    async def record_result(
        self, guild_id: int, table_id: int, hand_no: int, game: str, user_id: int, net: int, won: bool
    ) -> None:
        """One player's outcome of a hand or game, for the boards and stats."""
        check_result(guild_id, table_id, hand_no, user_id, net)
        conn = await self._lock(guild_id)
        await conn.execute(
            "INSERT INTO results (guild_id, table_id, hand_no, game, user_id, net, won, created_at)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            guild_id,
            table_id,
            hand_no,
            game,
            user_id,
            net,
            int(bool(won)),
            now_iso(),
        )

    async def record_hand(
        self,
        guild_id: int,
        table_id: int,
        hand_no: int,
        game: str,
        seed: int,
        commitment: str,
        final_state: dict[str, Any],
    ) -> None:
        """The deal of a finished hand: its seed (stored as text: it may exceed 64 bits)."""
        data = dumps(final_state, "final_state")
        seed_text = check_seed(seed)
        conn = await self._lock(check_id(guild_id, "guild_id"))
        await conn.execute(
            "INSERT INTO hands (table_id, hand_no, guild_id, game, seed, commitment, final_state,"
            " created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            table_id,
            hand_no,
            guild_id,
            game,
            seed_text,
            commitment,
            data,
            now_iso(),
        )

    async def record_proof(self, guild_id: int, table_id: int, hand_no: int, proof: dict[str, Any]) -> None:
        """The proof of a finished hand's deal (`bot.tables.fair`), after its `record_hand`."""
        data = dumps(proof, "proof")
        conn = await self._lock(check_id(guild_id, "guild_id"))
        await conn.execute(
            "INSERT INTO hand_proofs (table_id, hand_no, guild_id, proof) VALUES ($1, $2, $3, $4)",
            table_id,
            hand_no,
            guild_id,
            data,
        )

    async def ratings(self, guild_id: int, game: str, user_ids: Sequence[int]) -> dict[int, Rating]:
        """The ratings these members have on `game`'s board (never rated: absent), read under
        the guild's lock, so no other writer changes them before this transaction writes."""
        users = [check_id(user_id, "user_id") for user_id in user_ids]
        if not users:
            return {}
        conn = await self._lock(check_id(guild_id, "guild_id"))
        rows = await conn.fetch(
            "SELECT user_id, mu, sigma, rated FROM ratings"
            " WHERE guild_id = $1 AND game = $2 AND user_id = ANY($3::bigint[])",
            guild_id,
            game,
            users,
        )
        return {int(u): Rating(user_id=u, game=game, mu=m, sigma=s, rated=r) for u, m, s, r in rows}

    async def record_ratings(
        self, guild_id: int, game: str, table_id: int, hand_no: int, changes: Sequence[RatingChange]
    ) -> None:
        """Each member's new rating (one more result rated) and a history row per member."""
        check_ratings(guild_id, game, table_id, hand_no, changes)
        conn = await self._lock(guild_id)
        now = now_iso()
        await conn.executemany(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, rated, updated_at)"
            " VALUES ($1, $2, $3, $4, $5, 1, $6) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, rated = ratings.rated + 1,"
            " updated_at = excluded.updated_at",
            [(guild_id, game, c.user_id, c.mu, c.sigma, now) for c in changes],
        )
        await conn.executemany(
            "INSERT INTO rating_changes (guild_id, game, user_id, table_id, hand_no, mu_before,"
            " sigma_before, mu, sigma, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            [
                (
                    guild_id,
                    game,
                    c.user_id,
                    table_id,
                    hand_no,
                    c.mu_before,
                    c.sigma_before,
                    c.mu,
                    c.sigma,
                    now,
                )
                for c in changes
            ],
        )

    # hand records ---------------------------------------------------------------

    async def keep_hand(
        self,
        guild_id: int,
        table_id: int,
        hand_no: int,
        *,
        channel_id: int,
        game: str,
        board: str,
        start: dict[str, Any],
        seating: dict[str, Any],
    ) -> None:
        """Keep a hand as it is dealt (see the contract, :class:`bot.store.contract.Tx`)."""
        check_kept(guild_id, table_id, hand_no)
        check_id(channel_id, "channel_id")
        start_text, seating_text = dumps(start, "start"), dumps(seating, "seating")
        conn = await self._lock(guild_id)
        await conn.execute(
            "INSERT INTO hand_records (table_id, hand_no, guild_id, channel_id, game, board, status,"
            " start, seating, started_at) VALUES ($1, $2, $3, $4, $5, $6, 'playing', $7, $8, $9)",
            table_id,
            hand_no,
            guild_id,
            channel_id,
            game,
            board,
            start_text,
            seating_text,
            now_iso(),
        )

    async def keep_move(
        self,
        guild_id: int,
        table_id: int,
        hand_no: int,
        *,
        step: int,
        seat: int,
        actor: Actor,
        action: dict[str, Any],
    ) -> None:
        """Keep one move of a hand in play, if the hand is kept."""
        check_kept(guild_id, table_id, hand_no)
        check_move(step, seat, actor)
        text = dumps(action, "action")
        conn = await self._lock(guild_id)
        await conn.execute(
            "INSERT INTO hand_moves (table_id, hand_no, step, seat, actor, action)"
            " SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM hand_records"
            " WHERE table_id = $1 AND hand_no = $2 AND status = 'playing')",
            table_id,
            hand_no,
            step,
            seat,
            actor,
            text,
        )

    async def finish_hand(self, guild_id: int, table_id: int, hand_no: int, result: dict[str, Any]) -> bool:
        """The kept hand is over: its result; False if no such hand was in play."""
        check_kept(guild_id, table_id, hand_no)
        text = dumps(result, "result")
        conn = await self._lock(guild_id)
        status = await conn.execute(
            "UPDATE hand_records SET status = 'finished', result = $1, finished_at = $2"
            " WHERE table_id = $3 AND hand_no = $4 AND guild_id = $5 AND status = 'playing'",
            text,
            now_iso(),
            table_id,
            hand_no,
            guild_id,
        )
        return _updated(status) == 1

    async def keep_players(
        self, guild_id: int, table_id: int, hand_no: int, board: str, players: Sequence[HandPlayer]
    ) -> None:
        """The members' history lines of a kept hand or the score game it ended."""
        check_kept(guild_id, table_id, hand_no)
        check_players(players)
        if not players:
            return
        now = now_iso()
        conn = await self._lock(guild_id)
        await conn.executemany(
            "INSERT INTO hand_players (guild_id, user_id, table_id, hand_no, kind, board, seat, net,"
            " finished_at) SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9"
            " WHERE EXISTS (SELECT 1 FROM hand_records WHERE table_id = $3 AND hand_no = $4)",
            [(guild_id, p.user_id, table_id, hand_no, p.kind, board, p.seat, p.net, now) for p in players],
        )


async def _put_settings(conn: Any, guild_id: int, settings: GuildSettings) -> None:
    await conn.execute(
        "INSERT INTO guild_settings (guild_id, starting_bankroll, daily_amount, turn_timer, language)"
        " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild_id) DO UPDATE SET"
        " starting_bankroll = excluded.starting_bankroll, daily_amount = excluded.daily_amount,"
        " turn_timer = excluded.turn_timer, language = excluded.language",
        guild_id,
        settings.starting_bankroll,
        settings.daily_amount,
        settings.turn_timer,
        settings.language,
    )


def _settings(row: Any) -> GuildSettings:
    if row is None:
        return GuildSettings()
    return GuildSettings(starting_bankroll=row[0], daily_amount=row[1], turn_timer=row[2], language=row[3])


# The open tables start-up restores: one WHERE, so a filter (a shard's guilds) is one more
# condition here and one more argument.
_OPEN = "status = 'open'"


class PostgresStore:
    """The bot's database on a PostgreSQL server. Open with :meth:`open`; :meth:`close`."""

    def __init__(self, pool: _Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self._owners: set[asyncio.Task[Any]] = set()
        #: the guild of each table seen (a table never changes guild)
        self._table_guilds: dict[int, int] = {}

    @classmethod
    async def open(cls, url: str, *, max_size: int = 10, migrate: bool = True) -> PostgresStore:
        """Connect a pool and apply the migrations (unless `migrate` is False: the audit's
        read, which migrates nothing)."""
        pool = _Pool(url, max_size)
        store = cls(pool, url)
        try:
            await pool.fetch("SELECT 1")  # reach the server now: a bad URL fails at start-up
            if migrate:
                version = await store._migrate()
        except BaseException:
            await pool.close()
            raise
        if migrate:
            log.info("opened %s at schema version %d", hide_password(url), version)
        return store

    async def _migrate(self) -> int:
        async with self._pool.connection() as conn, conn.transaction():
            # Two processes starting at once: one migrates, the other then finds it done.
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)")
            current: int | None = await conn.fetchval("SELECT version FROM schema_version")
            if current is None:
                current = 0
                await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
            if current > PG_LATEST:
                raise RuntimeError(f"database schema version {current} is newer than this code ({PG_LATEST})")
            for version, sql in PG_MIGRATIONS:
                if version <= current:
                    continue
                log.info("applying PostgreSQL schema migration %d", version)
                await conn.execute(sql)
                await conn.execute("UPDATE schema_version SET version = $1", version)
                current = version
            return current

    async def schema(self) -> tuple[int | None, frozenset[str]]:
        """The schema version (None without a ``schema_version`` table) and the tables."""
        async with self._pool.connection() as conn:
            names = frozenset(
                str(r[0])
                for r in await conn.fetch(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                )
            )
            version = (
                await conn.fetchval("SELECT version FROM schema_version")
                if "schema_version" in names
                else None
            )
        return version, names

    async def close(self) -> None:
        await self._pool.close()

    async def settings(self) -> str:
        """How the server keeps commits (for the benches' headers)."""
        async with self._pool.connection() as conn:
            sync = await conn.fetchval("SHOW synchronous_commit")
            fsync = await conn.fetchval("SHOW fsync")
        return f"PostgreSQL synchronous_commit={sync} fsync={fsync}"

    def _check_reentry(self) -> None:
        if asyncio.current_task() in self._owners:
            raise RuntimeError("Store methods cannot be called inside a transaction; use the Tx")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTx]:
        """A unit of work on one connection: COMMIT on success, ROLLBACK (and re-raise) on
        any exception, a cancellation included."""
        self._check_reentry()
        task = asyncio.current_task()
        assert task is not None
        conn = await self._pool.acquire()
        self._owners.add(task)
        tx = PostgresTx(self, conn)
        try:
            try:
                yield tx
                if tx._begun:
                    await tx._finish()
            except BaseException:
                tx._active = False
                if tx._begun:
                    await asyncio.shield(_rollback(conn))
                raise
        finally:
            tx._active = False
            self._owners.discard(task)
            self._pool.release(conn)

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        self._check_reentry()
        return await self._pool.fetch(sql, *args)

    async def _fetchrow(self, sql: str, *args: Any) -> Any:
        self._check_reentry()
        rows = await self._pool.fetch(sql, *args)
        return rows[0] if rows else None

    # settings -------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return _settings(
            await self._fetchrow(
                "SELECT starting_bankroll, daily_amount, turn_timer, language FROM guild_settings"
                " WHERE guild_id = $1",
                guild_id,
            )
        )

    async def update_guild_settings(self, guild_id: int, **changes: int) -> GuildSettings:
        """Change some settings; every value must be a positive integer."""
        check_settings(guild_id, changes)
        async with self.transaction() as tx:
            conn = await tx._lock(guild_id)
            merged = (await tx._settings(guild_id)).model_copy(update=changes)
            await _put_settings(conn, guild_id, merged)
            return merged

    async def set_guild_language(self, guild_id: int, language: str) -> GuildSettings:
        """Set the language the server's tables show everyone ("": its Discord language)."""
        check_language(guild_id, language)
        async with self.transaction() as tx:
            conn = await tx._lock(guild_id)
            merged = (await tx._settings(guild_id)).model_copy(update={"language": language})
            await _put_settings(conn, guild_id, merged)
            return merged

    # members --------------------------------------------------------------------

    async def balance(self, guild_id: int, user_id: int) -> int:
        """A member's balance; on first use the member gets the starting bankroll."""
        check_id(guild_id, "guild_id")
        check_id(user_id, "user_id")
        row = await self._fetchrow(
            "SELECT balance FROM members WHERE guild_id = $1 AND user_id = $2", guild_id, user_id
        )
        if row is not None:  # a committed balance: no transaction, no lock
            return int(row[0])
        async with self.transaction() as tx:
            return await tx._balance(guild_id, user_id)

    async def claim_daily(self, guild_id: int, user_id: int, now: datetime) -> DailyResult:
        """Grant the daily amount once per 24 hours: under the guild's lock, so of two claims
        at once (two processes, two clicks) the second sees the first's time."""
        check_id(guild_id, "guild_id")
        check_id(user_id, "user_id")
        now = utc(now)
        async with self.transaction() as tx:
            balance = await tx._balance(guild_id, user_id)
            last = await tx._conn.fetchval(
                "SELECT last_daily FROM members WHERE guild_id = $1 AND user_id = $2", guild_id, user_id
            )
            wait = next_daily(None if last is None else datetime.fromisoformat(last), now)
            if wait is not None:
                return DailyResult(granted=False, amount=0, balance=balance, next_at=wait)
            amount = (await tx._settings(guild_id)).daily_amount
            await tx._move(move_args(guild_id, GRANT, member_account(user_id), amount, "daily", None, None))
            balance = await tx._conn.fetchval(
                "UPDATE members SET last_daily = $1 WHERE guild_id = $2 AND user_id = $3 RETURNING balance",
                now.isoformat(),
                guild_id,
                user_id,
            )
            return DailyResult(granted=True, amount=amount, balance=balance, next_at=now + DAILY_INTERVAL)

    async def give(self, guild_id: int, from_user: int, to_user: int, amount: int) -> tuple[int, int]:
        """Move chips between two members; returns (giver's, receiver's) new balances."""
        move = check_give(guild_id, from_user, to_user, amount)
        async with self.transaction() as tx:
            await tx._move(move)
            rows = await tx._conn.fetch(
                "SELECT user_id, balance FROM members WHERE guild_id = $1 AND user_id = ANY($2::bigint[])",
                guild_id,
                [from_user, to_user],
            )
        balances = {int(r[0]): int(r[1]) for r in rows}
        return balances[from_user], balances[to_user]

    async def grant(self, guild_id: int, user_id: int, amount: int, reason: str = "admin grant") -> int:
        """Create chips for a member out of GRANT; returns the new balance."""
        move = move_args(guild_id, GRANT, member_account(user_id), amount, reason, None, None)
        async with self.transaction() as tx:
            await tx._move(move)
            return await tx._balance(guild_id, user_id)

    async def transfer(
        self,
        guild_id: int,
        src: str,
        dst: str,
        amount: int,
        reason: str,
        *,
        table_id: int | None = None,
        hand_no: int | None = None,
    ) -> None:
        """One chip movement as its own durable transaction."""
        move = move_args(guild_id, src, dst, amount, reason, table_id, hand_no)
        async with self.transaction() as tx:
            await tx._move(move)

    # tables ---------------------------------------------------------------------

    async def open_tables(self) -> list[TableRecord]:
        """Every open table in every guild (for recovery at start-up)."""
        rows = await self._fetch(f"SELECT {TABLE_COLS} FROM tables WHERE {_OPEN} ORDER BY id")
        return [table_record(r) for r in rows]

    async def saved_tables(self, shards: Shards | None = None) -> list[SavedTable]:
        """Every open table, its snapshot as stored (for start-up): of every guild, or only of
        the guilds `shards` owns, chosen in SQL so no other shard's row is read (bot/shards.py)."""
        where, args = _OPEN, list[Any]()
        if shards is not None and not shards.everything:
            assert shards.count is not None and shards.ids is not None
            where += " AND (guild_id >> 22) % $1 = ANY($2::int[])"
            args = [shards.count, list(shards.ids)]
        rows = await self._fetch(
            f"SELECT id, guild_id, channel_id, game, host_id, snapshot FROM tables WHERE {where} ORDER BY id",
            *args,
        )
        self._table_guilds.update((r[0], r[1]) for r in rows)
        return [SavedTable(*r) for r in rows]

    async def table(self, table_id: int) -> TableRecord | None:
        row = await self._fetchrow(f"SELECT {TABLE_COLS} FROM tables WHERE id = $1", table_id)
        return None if row is None else table_record(row)

    async def open_table_in_channel(self, guild_id: int, channel_id: int) -> TableRecord | None:
        row = await self._fetchrow(
            f"SELECT {TABLE_COLS} FROM tables WHERE guild_id = $1 AND channel_id = $2 AND status = 'open'",
            guild_id,
            channel_id,
        )
        return None if row is None else table_record(row)

    # boards ---------------------------------------------------------------------

    async def leaderboard_bankroll(self, guild_id: int, limit: int = 10) -> list[tuple[int, int]]:
        """(user_id, balance), richest first."""
        rows = await self._fetch(
            "SELECT user_id, balance FROM members WHERE guild_id = $1"
            " ORDER BY balance DESC, user_id LIMIT $2",
            guild_id,
            limit,
        )
        return [(int(u), int(b)) for u, b in rows]

    async def leaderboard_game(
        self, guild_id: int, game: str, limit: int = 10
    ) -> list[tuple[int, int, int, int]]:
        """(user_id, wins, hands, net) for one game, by wins then net."""
        rows = await self._fetch(
            "SELECT user_id, SUM(won) AS wins, COUNT(*) AS hands, SUM(net) AS net FROM results"
            " WHERE guild_id = $1 AND game = $2 GROUP BY user_id"
            " ORDER BY wins DESC, net DESC, user_id LIMIT $3",
            guild_id,
            game,
            limit,
        )
        return [(int(u), int(w), int(h), int(n)) for u, w, h, n in rows]

    async def stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        rows = await self._fetch(
            "SELECT game, COUNT(*), SUM(won), SUM(net) FROM results"
            " WHERE guild_id = $1 AND user_id = $2 GROUP BY game ORDER BY game",
            guild_id,
            user_id,
        )
        return [GameStats(game=g, hands=int(h), wins=int(w), net=int(n)) for g, h, w, n in rows]

    async def rating(self, guild_id: int, game: str, user_id: int) -> Rating | None:
        """A member's rating on `game`'s board, or None: never rated there."""
        row = await self._fetchrow(
            "SELECT mu, sigma, rated FROM ratings WHERE guild_id = $1 AND game = $2 AND user_id = $3",
            guild_id,
            game,
            user_id,
        )
        return (
            None if row is None else Rating(user_id=user_id, game=game, mu=row[0], sigma=row[1], rated=row[2])
        )

    async def leaderboard_rating(
        self, guild_id: int, game: str, *, minimum: int, limit: int = 10
    ) -> list[Rating]:
        """The best rated members with at least `minimum` rated results, by μ − 3σ."""
        rows = await self._fetch(
            "SELECT user_id, mu, sigma, rated FROM ratings WHERE guild_id = $1 AND game = $2 AND rated >= $3"
            " ORDER BY mu - 3 * sigma DESC, user_id LIMIT $4",
            guild_id,
            game,
            minimum,
            limit,
        )
        return [Rating(user_id=u, game=game, mu=m, sigma=s, rated=r) for u, m, s, r in rows]

    async def member_ratings(
        self, guild_id: int, user_id: int, *, minimum: int, trend: int
    ) -> list[MemberRating]:
        """Every board the member is rated on: rank among those with `minimum` results, and
        the rating before their latest `trend` changes (one read snapshot)."""
        self._check_reentry()
        out = []
        async with (
            self._pool.connection() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            rows = await conn.fetch(
                "SELECT game, mu, sigma, rated FROM ratings WHERE guild_id = $1 AND user_id = $2"
                " ORDER BY game",
                guild_id,
                user_id,
            )
            for game, mu, sigma, rated in rows:
                ranked, ahead = await conn.fetchrow(
                    # typed: PostgreSQL would read $1 - 3 * $2 as integers
                    "SELECT COUNT(*), COUNT(*) FILTER (WHERE mu - 3 * sigma > $1::float8 - 3 * $2::float8"
                    " OR (mu - 3 * sigma = $1::float8 - 3 * $2::float8 AND user_id < $3))"
                    " FROM ratings WHERE guild_id = $4 AND game = $5 AND rated >= $6",
                    mu,
                    sigma,
                    user_id,
                    guild_id,
                    game,
                    minimum,
                )
                latest = await conn.fetch(
                    "SELECT mu_before, sigma_before FROM rating_changes"
                    " WHERE guild_id = $1 AND user_id = $2 AND game = $3 ORDER BY id DESC LIMIT $4",
                    guild_id,
                    user_id,
                    game,
                    trend,
                )
                mu_then, sigma_then, over = trend_start(latest, mu, sigma)
                out.append(
                    MemberRating(
                        game=game,
                        mu=mu,
                        sigma=sigma,
                        rated=rated,
                        rank=ahead + 1 if rated >= minimum else None,
                        ranked=ranked,
                        mu_then=mu_then,
                        sigma_then=sigma_then,
                        over=over,
                    )
                )
        return out

    async def ledger(
        self, guild_id: int, *, table_id: int | None = None, account: str | None = None
    ) -> list[dict[str, Any]]:
        """Ledger rows of a guild, oldest first, optionally for one table and/or account."""
        sql = f"SELECT {', '.join(LEDGER_KEYS)} FROM ledger WHERE guild_id = $1"
        params: list[Any] = [guild_id]
        if table_id is not None:
            params.append(table_id)
            sql += f" AND table_id = ${len(params)}"
        if account is not None:
            params.append(account)
            sql += f" AND (src = ${len(params)} OR dst = ${len(params)})"
        sql += " ORDER BY id"
        return [dict(zip(LEDGER_KEYS, r, strict=True)) for r in await self._fetch(sql, *params)]

    # fair deals -----------------------------------------------------------------

    async def member_seed(self, guild_id: int, user_id: int) -> str | None:
        """A member's own seed on a server (`/fair seed`), None if they have set none."""
        seeds = await self.member_seeds(guild_id, [user_id])
        return seeds.get(user_id)

    async def member_seeds(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """The seeds of those of `user_ids` who have set one on the server."""
        ids = [check_id(user_id, "user_id") for user_id in user_ids]
        if not ids:
            return {}
        rows = await self._fetch(
            "SELECT user_id, seed FROM member_seeds WHERE guild_id = $1 AND user_id = ANY($2::bigint[])",
            guild_id,
            ids,
        )
        return {int(user_id): str(seed) for user_id, seed in rows}

    async def set_member_seed(self, guild_id: int, user_id: int, seed: str) -> None:
        """Set (or replace) a member's own seed."""
        seed = check_member_seed(guild_id, user_id, seed)
        async with self.transaction() as tx:
            conn = await tx._lock(guild_id)
            await conn.execute(
                "INSERT INTO member_seeds (guild_id, user_id, seed, updated_at) VALUES ($1, $2, $3, $4)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET seed = excluded.seed,"
                " updated_at = excluded.updated_at",
                guild_id,
                user_id,
                seed,
                now_iso(),
            )

    async def hand_proof(self, guild_id: int, table_id: int, hand_no: int) -> HandProof | None:
        """A finished hand of the server's, with its proof if it has one; None: no such hand."""
        row = await self._fetchrow(
            "SELECT h.game, p.proof FROM hands h LEFT JOIN hand_proofs p"
            " ON p.table_id = h.table_id AND p.hand_no = h.hand_no"
            " WHERE h.guild_id = $1 AND h.table_id = $2 AND h.hand_no = $3",
            guild_id,
            table_id,
            hand_no,
        )
        if row is None:
            return None
        return HandProof(game=row[0], proof=None if row[1] is None else json.loads(row[1]))

    # hand records -----------------------------------------------------------------

    async def hand_record(self, table_id: int, hand_no: int) -> HandRecord | None:
        """A kept hand with its moves in order (None: not kept), in one read snapshot."""
        self._check_reentry()
        async with (
            self._pool.connection() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            row = await conn.fetchrow(
                f"SELECT {RECORD_COLS} FROM hand_records WHERE table_id = $1 AND hand_no = $2",
                table_id,
                hand_no,
            )
            if row is None:
                return None
            moves = await conn.fetch(
                f"SELECT {MOVE_COLS} FROM hand_moves WHERE table_id = $1 AND hand_no = $2 ORDER BY step",
                table_id,
                hand_no,
            )
            hints = await conn.fetch(
                f"SELECT {HINT_COLS} FROM hand_hints WHERE table_id = $1 AND hand_no = $2"
                " ORDER BY step, seat",
                table_id,
                hand_no,
            )
        return record_of(row, moves, hints)

    async def keep_hint(
        self, guild_id: int, table_id: int, hand_no: int, *, step: int, seat: int, user_id: int, advice: str
    ) -> bool:
        """Keep a learner's hint given in a hand in play (see the contract)."""
        check_kept(guild_id, table_id, hand_no)
        check_hint(step, seat, user_id, advice)
        async with self.transaction() as tx:
            conn = await tx._lock(guild_id)
            status = await conn.execute(
                "INSERT INTO hand_hints (table_id, hand_no, step, seat, user_id, advice, asked_at)"
                " SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM hand_records"
                " WHERE table_id = $1 AND hand_no = $2 AND guild_id = $8 AND status = 'playing')"
                " ON CONFLICT (table_id, hand_no, step, seat) DO NOTHING",
                table_id,
                hand_no,
                step,
                seat,
                user_id,
                advice,
                now_iso(),
                guild_id,
            )
        return _updated(status) == 1

    async def history(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        board: str | None = None,
        limit: int = 10,
        offset: int = 0,
    ) -> list[HistoryEntry]:
        """Finished hands, newest first: a member's or the server's (see the contract)."""
        check_id(guild_id, "guild_id")
        check_page(limit, offset)
        sql = history_sql(member=user_id is not None, board=board is not None, mark=lambda n: f"${n}")
        args = [guild_id, *(() if user_id is None else (user_id,)), *(() if board is None else (board,))]
        return [history_entry(tuple(row)) for row in await self._fetch(sql, *args, limit, offset)]

    async def audit(self) -> AuditReport:
        """Check every guild's books, in one read snapshot (REPEATABLE READ), even while
        other processes write."""
        self._check_reentry()
        async with (
            self._pool.connection() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            sums = await conn.fetch(
                "SELECT guild_id, account, SUM(delta) FROM ("
                " SELECT guild_id, dst AS account, amount AS delta FROM ledger"
                " UNION ALL SELECT guild_id, src, -amount FROM ledger"
                ") AS moves GROUP BY guild_id, account"
            )
            members = await conn.fetch("SELECT guild_id, user_id, balance FROM members")
            escrows = await conn.fetch(
                "SELECT e.guild_id, e.table_id, e.amount, t.status, t.guild_id"
                " FROM escrow e LEFT JOIN tables t ON t.id = e.table_id"
            )
            closed = await conn.fetch("SELECT id, guild_id FROM tables WHERE status = 'closed'")
            counted = await conn.fetch(
                "SELECT t.id, t.guild_id, t.snapshot ->> 'held', COALESCE(e.amount, 0)"
                " FROM tables t LEFT JOIN escrow e ON e.table_id = t.id WHERE t.status = 'open'"
            )
            settings_guilds = [r[0] for r in await conn.fetch("SELECT guild_id FROM guild_settings")]
        return audit_report(
            AuditRows(
                {(int(g), str(a)): int(s) for g, a, s in sums},
                members,
                escrows,
                closed,
                counted,
                settings_guilds,
            )
        )


async def _rollback(conn: asyncpg.Connection) -> None:
    """ROLLBACK; a connection that cannot (a cancelled statement still running) is closed
    instead, which rolls back on the server as well."""
    try:
        if not conn.is_closed():
            await conn.execute("ROLLBACK")
    except Exception:
        conn.terminate()
