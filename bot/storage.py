"""Ridotto's SQLite store: per-guild bankrolls, an append-only chip ledger, tables, results.

The store's contract (:mod:`bot.store.contract`: the accounts, models, checks and the
audit's arithmetic, shared with the PostgreSQL store) on one SQLite file (WAL,
``synchronous=FULL``, foreign keys on) behind one connection, the store's own database
thread (:class:`_DatabaseThread`) and one lock that serves a member's work first
(:class:`bot.store.turns.StoreTurns`). Every write goes through
:meth:`Store.transaction`, a ``BEGIN IMMEDIATE`` unit of work, so a chip movement and the
table snapshot it belongs to commit together or not at all.

Chips live in accounts named by strings: :data:`GRANT` (where granted chips come from),
:data:`HOUSE` (the computer players' bank), ``member:<user_id>`` and ``table:<table_id>``
(escrow). At every commit, per guild::

    sum(member balances) + sum(escrow) == granted - house net

which :meth:`Store.audit` checks, together with every balance and escrow against its
ledger sum. A store method runs its SQL as one synchronous function on the database
thread: one round-trip. Inside a transaction the statements run on the caller's
thread instead (microseconds of in-memory work, cheaper than a trip), and only the COMMIT,
the one step that waits on the disk, goes to the thread: a unit of work is one round-trip
however many statements it has. The two threads never use the connection at once (the
store's lock, and `Store._idle_connection`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from pathlib import Path
from queue import SimpleQueue
from types import TracebackType
from typing import Any, TypeAlias, TypeVar

from bot.migrations import LATEST, MIGRATIONS
from bot.shards import Shards
from bot.store.contract import (
    DAILY_INTERVAL,
    GRANT,
    HINT_COLS,
    HOUSE,
    LEDGER_KEYS,
    MOVE_COLS,
    RECORD_COLS,
    Actor,
    AuditGuild,
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
    Rating,
    RatingChange,
    SavedTable,
    TableAlreadyOpen,
    TableRecord,
    audit_report,
    check_give,
    check_hint,
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
    history_entry,
    history_sql,
    member_account,
    next_daily,
    record_of,
    table_account,
    trend_start,
)
from bot.store.contract import TABLE_COLS as _TABLE_COLS
from bot.store.contract import check_id as _check_id
from bot.store.contract import dumps as _dumps
from bot.store.contract import move_args as _move_args
from bot.store.contract import now_iso as _now_iso
from bot.store.contract import parse_account as _parse_account
from bot.store.contract import table_record as _table_record
from bot.store.contract import utc as _utc
from bot.store.turns import StoreTurns

__all__ = [
    "GRANT",
    "HOUSE",
    "AuditGuild",
    "AuditReport",
    "DailyResult",
    "EscrowMove",
    "GameStats",
    "GuildSettings",
    "InsufficientFunds",
    "MemberRating",
    "Rating",
    "RatingChange",
    "SavedTable",
    "Store",
    "TableAlreadyOpen",
    "TableRecord",
    "Tx",
    "member_account",
    "table_account",
]

log = logging.getLogger(__name__)

T = TypeVar("T")


# --------------------------------------------------------------------------- sync SQL
# Everything below runs with the raw sqlite3 connection: on the database thread, or on the
# event loop's while that thread is idle (a unit of work's statements, see Tx._call).


def _settings_sync(conn: sqlite3.Connection, guild_id: int) -> GuildSettings:
    row = conn.execute(
        "SELECT starting_bankroll, daily_amount, turn_timer, language FROM guild_settings WHERE guild_id = ?",
        (guild_id,),
    ).fetchone()
    if row is None:
        return GuildSettings()
    return GuildSettings(starting_bankroll=row[0], daily_amount=row[1], turn_timer=row[2], language=row[3])


def _put_settings(conn: sqlite3.Connection, guild_id: int, settings: GuildSettings) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO guild_settings"
        " (guild_id, starting_bankroll, daily_amount, turn_timer, language) VALUES (?, ?, ?, ?, ?)",
        (guild_id, settings.starting_bankroll, settings.daily_amount, settings.turn_timer, settings.language),
    )


def _ledger_row(
    conn: sqlite3.Connection,
    guild_id: int,
    src: str,
    dst: str,
    amount: int,
    reason: str,
    table_id: int | None,
    hand_no: int | None,
    now: str,
) -> None:
    conn.execute(
        "INSERT INTO ledger (guild_id, src, dst, amount, reason, table_id, hand_no, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (guild_id, src, dst, amount, reason, table_id, hand_no, now),
    )


def _create_member(conn: sqlite3.Connection, guild_id: int, user_id: int, now: str) -> None:
    """Insert a new member holding the guild's starting bankroll, with its grant row."""
    bankroll = _settings_sync(conn, guild_id).starting_bankroll
    conn.execute(
        "INSERT INTO members (guild_id, user_id, balance, created_at) VALUES (?, ?, ?, ?)",
        (guild_id, user_id, bankroll, now),
    )
    _ledger_row(
        conn, guild_id, GRANT, member_account(user_id), bankroll, "starting bankroll", None, None, now
    )


def _member_balance(conn: sqlite3.Connection, guild_id: int, user_id: int) -> int | None:
    row = conn.execute(
        "SELECT balance FROM members WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
    ).fetchone()
    return None if row is None else int(row[0])


def _balance_sync(conn: sqlite3.Connection, guild_id: int, user_id: int) -> int:
    bal = _member_balance(conn, guild_id, user_id)
    if bal is None:
        _create_member(conn, guild_id, user_id, _now_iso())
        bal = _member_balance(conn, guild_id, user_id)
        assert bal is not None
    return bal


def _table_row(conn: sqlite3.Connection, table_id: int) -> tuple[int, str] | None:
    row = conn.execute("SELECT guild_id, status FROM tables WHERE id = ?", (table_id,)).fetchone()
    return None if row is None else (int(row[0]), str(row[1]))


def _table_for_move(conn: sqlite3.Connection, guild_id: int, table_id: int) -> str:
    row = _table_row(conn, table_id)
    if row is None:
        raise ValueError(f"table {table_id} does not exist")
    if row[0] != guild_id:
        raise ValueError(f"table {table_id} belongs to another guild")
    return row[1]


def _debit(conn: sqlite3.Connection, guild_id: int, account: str, amount: int, now: str) -> None:
    kind, ident = _parse_account(account)
    if kind == "member":
        assert ident is not None
        sql = "UPDATE members SET balance = balance - ? WHERE guild_id = ? AND user_id = ? AND balance >= ?"
        if conn.execute(sql, (amount, guild_id, ident, amount)).rowcount == 1:
            return
        available = _member_balance(conn, guild_id, ident)
        if available is None:
            _create_member(conn, guild_id, ident, now)
            if conn.execute(sql, (amount, guild_id, ident, amount)).rowcount == 1:
                return
            available = _member_balance(conn, guild_id, ident)
        raise InsufficientFunds(account, amount, available or 0)
    if kind == "table":
        assert ident is not None
        sql = "UPDATE escrow SET amount = amount - ? WHERE table_id = ? AND guild_id = ? AND amount >= ?"
        if conn.execute(sql, (amount, ident, guild_id, amount)).rowcount == 1:
            return
        _table_for_move(conn, guild_id, ident)
        row = conn.execute("SELECT amount FROM escrow WHERE table_id = ?", (ident,)).fetchone()
        raise InsufficientFunds(account, amount, 0 if row is None else int(row[0]))
    # GRANT and HOUSE are unbounded sources; they keep no balance row.


def _credit(conn: sqlite3.Connection, guild_id: int, account: str, amount: int, now: str) -> None:
    kind, ident = _parse_account(account)
    if kind == "member":
        assert ident is not None
        sql = "UPDATE members SET balance = balance + ? WHERE guild_id = ? AND user_id = ?"
        if conn.execute(sql, (amount, guild_id, ident)).rowcount == 0:
            _create_member(conn, guild_id, ident, now)
            conn.execute(sql, (amount, guild_id, ident))
    elif kind == "table":
        assert ident is not None
        if _table_for_move(conn, guild_id, ident) != "open":
            raise ValueError(f"table {ident} is closed and cannot take chips")
        conn.execute(
            "INSERT INTO escrow (table_id, guild_id, amount) VALUES (?, ?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET amount = amount + excluded.amount",
            (ident, guild_id, amount),
        )


def _move_sync(
    conn: sqlite3.Connection,
    guild_id: int,
    src: str,
    dst: str,
    amount: int,
    reason: str,
    table_id: int | None,
    hand_no: int | None,
) -> None:
    now = _now_iso()
    _debit(conn, guild_id, src, amount, now)
    _credit(conn, guild_id, dst, amount, now)
    _ledger_row(conn, guild_id, src, dst, amount, reason, table_id, hand_no, now)


def _in_one_trip(conn: sqlite3.Connection, fn: Callable[..., T], *args: Any) -> T:
    """BEGIN IMMEDIATE, `fn`, COMMIT — or ROLLBACK — in a single call on the database thread."""
    _begin(conn)
    try:
        result = fn(conn, *args)
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        raise
    return result


def _escrow_sync(conn: sqlite3.Connection, table_id: int) -> int:
    row = conn.execute("SELECT amount FROM escrow WHERE table_id = ?", (table_id,)).fetchone()
    return 0 if row is None else int(row[0])


def _begin(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:  # left over by a cancelled rollback; never commit it
        log.warning("rolling back a stale transaction before BEGIN")
        conn.execute("ROLLBACK")
    conn.execute("BEGIN IMMEDIATE")


def _atomic(conn: sqlite3.Connection, fn: Callable[..., T], *args: Any) -> T:
    """Run one Tx operation all-or-nothing, so a caller that catches its error (say
    InsufficientFunds) and carries on never commits half a move."""
    conn.execute("SAVEPOINT op")
    try:
        result = fn(conn, *args)
    except BaseException:
        conn.execute("ROLLBACK TO op")
        conn.execute("RELEASE op")
        raise
    conn.execute("RELEASE op")
    return result


def _begin_then(conn: sqlite3.Connection, fn: Callable[..., T], *args: Any) -> T:
    _begin(conn)
    return _atomic(conn, fn, *args)


_BUSY_TIMEOUT_MS = 5000


def _begin_here(conn: sqlite3.Connection, store: Store) -> bool:
    """BEGIN IMMEDIATE without waiting: False (nothing begun) when another connection holds
    the write lock, or a stale transaction is open, so the caller begins on the database
    thread instead, where waiting holds up nothing else. The connection is left impatient
    (busy timeout 0) until a trip that may wait needs patience again (`_patiently`): a run
    of transactions sets it once, not twice each."""
    if conn.in_transaction:
        return False
    if store._patient:
        conn.execute("PRAGMA busy_timeout = 0")
        store._patient = False
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if error.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            return False
        raise
    return True


def _patiently(conn: sqlite3.Connection, fn: Callable[..., T], *args: Any) -> T:
    """`fn` with SQLite's busy timeout back on: it may wait for another connection's lock."""
    conn.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
    return fn(conn, *args)


def _finish(conn: sqlite3.Connection, closed_tables: list[int]) -> None:
    for table_id in closed_tables:
        row = conn.execute(
            "SELECT e.amount FROM tables t JOIN escrow e ON e.table_id = t.id"
            " WHERE t.id = ? AND t.status = 'closed'",
            (table_id,),
        ).fetchone()
        if row is not None and row[0] != 0:
            raise ValueError(f"table {table_id} is closed but still holds {row[0]} chips in escrow")
    conn.execute("COMMIT")


def _commit(conn: sqlite3.Connection) -> None:
    conn.execute("COMMIT")


def _rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        conn.execute("ROLLBACK")


def _ledger_sums(conn: sqlite3.Connection) -> dict[tuple[int, str], int]:
    rows = conn.execute(
        "SELECT guild_id, account, SUM(delta) FROM ("
        " SELECT guild_id, dst AS account, amount AS delta FROM ledger"
        " UNION ALL SELECT guild_id, src, -amount FROM ledger"
        ") GROUP BY guild_id, account"
    ).fetchall()
    return {(int(g), str(a)): int(s) for g, a, s in rows}


def _audit_sync(conn: sqlite3.Connection) -> AuditReport:
    own_tx = not conn.in_transaction
    if own_tx:  # one read snapshot, even if another process is writing
        conn.execute("BEGIN")
    try:
        sums = _ledger_sums(conn)
        members = conn.execute("SELECT guild_id, user_id, balance FROM members").fetchall()
        escrows = conn.execute(
            "SELECT e.guild_id, e.table_id, e.amount, t.status, t.guild_id"
            " FROM escrow e LEFT JOIN tables t ON t.id = e.table_id"
        ).fetchall()
        closed = conn.execute("SELECT id, guild_id FROM tables WHERE status = 'closed'").fetchall()
        # What each open table says it holds (stacks, antes, pot), from its own snapshot.
        counted = conn.execute(
            "SELECT t.id, t.guild_id, json_extract(t.snapshot, '$.held'), COALESCE(e.amount, 0)"
            " FROM tables t LEFT JOIN escrow e ON e.table_id = t.id WHERE t.status = 'open'"
        ).fetchall()
        settings_guilds = [r[0] for r in conn.execute("SELECT guild_id FROM guild_settings")]
    finally:
        if own_tx:
            conn.execute("COMMIT")
    return audit_report(AuditRows(sums, members, escrows, closed, counted, settings_guilds))


def _wal_format(path: Path) -> bool:
    """Whether the file at `path` is an SQLite database in WAL mode (header bytes 18-19)."""
    try:
        with path.open("rb") as f:
            header = f.read(20)
    except OSError:
        return False
    return header[:16] == b"SQLite format 3\x00" and header[18:20] == b"\x02\x02"


def _migrate(conn: sqlite3.Connection) -> int:
    current = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if current > LATEST:
        raise RuntimeError(f"database schema version {current} is newer than this code ({LATEST})")
    for version, sql in MIGRATIONS:
        if version <= current:
            continue
        log.info("applying schema migration %d", version)
        try:
            # executescript runs the statements as written; BEGIN/COMMIT make it one unit.
            conn.executescript(f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {version};\nCOMMIT;")
        except BaseException:
            _rollback(conn)
            # Processes sharing the file (shards started together) each read the version
            # before taking the write lock; the one that waited finds the migration applied
            # by the other (it is one unit, so it is all there) and goes on from there.
            if int(conn.execute("PRAGMA user_version").fetchone()[0]) < version:
                raise
            log.info("schema migration %d was applied by another process", version)
        current = version
    return current


# --------------------------------------------------------------------------- transaction


class Tx:
    """A unit of work inside :meth:`Store.transaction`; valid only inside its ``async with``."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._active = True
        self._begun = False
        self._closed_tables: set[int] = set()

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        if not self._active:
            raise RuntimeError("this transaction has already ended")
        store = self._store
        conn = store._idle_connection()
        if self._begun:
            if conn is not None:
                return _atomic(conn, fn, *args)
            return await store._call(_atomic, fn, *args)
        if conn is not None and _begin_here(conn, store):
            # The statements of a unit of work run here, on the caller's thread: each is
            # microseconds of in-memory page work, less than a trip to the database thread
            # costs. Only the durable COMMIT (the disk write) goes to the thread.
            self._begun = True
            try:
                return fn(conn, *args)
            except BaseException:
                # Undone at once, as a savepoint would: a caller that catches the error and
                # carries on begins afresh and never commits half of this operation.
                self._begun = False
                _rollback(conn)
                raise
        # The database thread is still busy (a cancelled caller's trip) or another
        # connection holds the write lock: BEGIN IMMEDIATE travels with the first statement
        # to the thread, where SQLite's busy timeout may wait without holding up the loop.
        self._begun = True
        return await store._call_patiently(_begin_then, fn, *args)

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
        """Move `amount` chips from `src` to `dst` and write one ledger row.

        New members are created with the starting bankroll; a debit that would go below
        zero raises :class:`InsufficientFunds`. ``table_id`` defaults to the table of a
        ``table:`` account when one is involved.
        """
        await self._call(_move_sync, *_move_args(guild_id, src, dst, amount, reason, table_id, hand_no))

    async def balance(self, guild_id: int, user_id: int) -> int:
        """A member's balance, creating the member with the starting bankroll if new."""
        return await self._call(_balance_sync, _check_id(guild_id, "guild_id"), _check_id(user_id, "user_id"))

    async def escrow(self, table_id: int) -> int:
        """Chips held in escrow at a table (0 if none ever were)."""
        return await self._call(_escrow_sync, table_id)

    async def escrow_moves(self, table_id: int) -> list[EscrowMove]:
        """Every ledger row into or out of a table's escrow, oldest first."""
        account = table_account(table_id)

        def q(conn: sqlite3.Connection) -> list[EscrowMove]:
            rows = conn.execute(
                "SELECT src, dst, amount, reason, hand_no FROM ledger"
                " WHERE table_id = ? AND (src = ? OR dst = ?) ORDER BY id",
                (table_id, account, account),
            )
            return [EscrowMove(src=r[0], dst=r[1], amount=r[2], reason=r[3], hand_no=r[4]) for r in rows]

        return await self._call(q)

    async def create_table(
        self, guild_id: int, channel_id: int, game: str, host_id: int, snapshot: dict[str, Any]
    ) -> int:
        """Open a table in a channel; :class:`TableAlreadyOpen` if the channel has one."""
        check_table(guild_id, channel_id, game, host_id)
        data = _dumps(snapshot, "snapshot")

        def create(conn: sqlite3.Connection) -> int:
            row = conn.execute(
                "SELECT id FROM tables WHERE guild_id = ? AND channel_id = ? AND status = 'open'",
                (guild_id, channel_id),
            ).fetchone()
            if row is not None:
                raise TableAlreadyOpen(channel_id, int(row[0]))
            now = _now_iso()
            cur = conn.execute(
                "INSERT INTO tables (guild_id, channel_id, game, host_id, status, snapshot, created_at,"
                " updated_at) VALUES (?, ?, ?, ?, 'open', ?, ?, ?)",
                (guild_id, channel_id, game, host_id, data, now, now),
            )
            assert cur.lastrowid is not None
            return cur.lastrowid

        table_id = await self._call(create)
        log.info("table %d: created (%s) in guild %d channel %d", table_id, game, guild_id, channel_id)
        return table_id

    async def save_table(
        self,
        table_id: int,
        snapshot: dict[str, Any] | str,
        *,
        status: str | None = None,
    ) -> None:
        """Replace a table's snapshot (a dict, or the JSON text of one the table service
        already wrote); optionally set its status.

        A table closed in this transaction must hold no escrow by the time it commits.
        """
        data = snapshot if isinstance(snapshot, str) else _dumps(snapshot, "snapshot")
        check_status(status)

        def save(conn: sqlite3.Connection) -> None:
            cur = conn.execute(
                "UPDATE tables SET snapshot = ?, status = COALESCE(?, status), updated_at = ? WHERE id = ?",
                (data, status, _now_iso(), table_id),
            )
            if cur.rowcount != 1:
                raise ValueError(f"table {table_id} does not exist")

        await self._call(save)
        if status == "closed":
            self._closed_tables.add(table_id)
        elif status == "open":
            self._closed_tables.discard(table_id)

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Name the message that shows a table, in its snapshot and nothing else: the one
        change a redraw makes outside a move, when the table message was deleted and
        posted again."""
        _check_id(message_id, "message_id")

        def set_message(conn: sqlite3.Connection) -> None:
            cur = conn.execute(
                "UPDATE tables SET snapshot = json_set(snapshot, '$.message_id', ?), updated_at = ?"
                " WHERE id = ?",
                (message_id, _now_iso(), table_id),
            )
            if cur.rowcount != 1:
                raise ValueError(f"table {table_id} does not exist")

        await self._call(set_message)

    async def record_result(
        self, guild_id: int, table_id: int, hand_no: int, game: str, user_id: int, net: int, won: bool
    ) -> None:
        """One player's outcome of a hand or game, for the boards and stats."""
        check_result(guild_id, table_id, hand_no, user_id, net)

        def record(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO results (guild_id, table_id, hand_no, game, user_id, net, won, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, table_id, hand_no, game, user_id, net, int(bool(won)), _now_iso()),
            )

        await self._call(record)

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
        data = _dumps(final_state, "final_state")
        seed_text = check_seed(seed)

        def record(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO hands (table_id, hand_no, guild_id, game, seed, commitment, final_state,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, hand_no, guild_id, game, seed_text, commitment, data, _now_iso()),
            )

        await self._call(record)

    async def record_proof(self, guild_id: int, table_id: int, hand_no: int, proof: dict[str, Any]) -> None:
        """The proof of a finished hand's deal (`bot.tables.fair`), after its `record_hand`."""
        data = _dumps(proof, "proof")

        def record(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO hand_proofs (table_id, hand_no, guild_id, proof) VALUES (?, ?, ?, ?)",
                (table_id, hand_no, guild_id, data),
            )

        await self._call(record)

    async def ratings(self, guild_id: int, game: str, user_ids: Sequence[int]) -> dict[int, Rating]:
        """The ratings these members have on `game`'s board (never rated: absent)."""
        users = [_check_id(user_id, "user_id") for user_id in user_ids]

        def q(conn: sqlite3.Connection) -> dict[int, Rating]:
            rows = conn.execute(
                "SELECT user_id, mu, sigma, rated FROM ratings WHERE guild_id = ? AND game = ?"
                f" AND user_id IN ({', '.join('?' * len(users))})",
                (guild_id, game, *users),
            )
            return {int(u): Rating(user_id=u, game=game, mu=m, sigma=s, rated=r) for u, m, s, r in rows}

        return await self._call(q) if users else {}

    async def record_ratings(
        self, guild_id: int, game: str, table_id: int, hand_no: int, changes: Sequence[RatingChange]
    ) -> None:
        """Each member's new rating (one more result rated) and a history row per member."""
        check_ratings(guild_id, game, table_id, hand_no, changes)

        def record(conn: sqlite3.Connection) -> None:
            now = _now_iso()
            conn.executemany(
                "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, rated, updated_at)"
                " VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, rated = ratings.rated + 1,"
                " updated_at = excluded.updated_at",
                [(guild_id, game, c.user_id, c.mu, c.sigma, now) for c in changes],
            )
            conn.executemany(
                "INSERT INTO rating_changes (guild_id, game, user_id, table_id, hand_no, mu_before,"
                " sigma_before, mu, sigma, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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

        await self._call(record)

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
        _check_id(channel_id, "channel_id")
        row = (
            table_id,
            hand_no,
            guild_id,
            channel_id,
            game,
            board,
            _dumps(start, "start"),
            _dumps(seating, "seating"),
            _now_iso(),
        )

        def keep(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO hand_records (table_id, hand_no, guild_id, channel_id, game, board, status,"
                " start, seating, started_at) VALUES (?, ?, ?, ?, ?, ?, 'playing', ?, ?, ?)",
                row,
            )

        await self._call(keep)

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
        row = (table_id, hand_no, step, seat, actor, _dumps(action, "action"), table_id, hand_no)

        def keep(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO hand_moves (table_id, hand_no, step, seat, actor, action)"
                " SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM hand_records"
                " WHERE table_id = ? AND hand_no = ? AND status = 'playing')",
                row,
            )

        await self._call(keep)

    async def finish_hand(self, guild_id: int, table_id: int, hand_no: int, result: dict[str, Any]) -> bool:
        """The kept hand is over: its result; False if no such hand was in play."""
        check_kept(guild_id, table_id, hand_no)
        row = (_dumps(result, "result"), _now_iso(), table_id, hand_no, guild_id)

        def finish(conn: sqlite3.Connection) -> bool:
            return (
                conn.execute(
                    "UPDATE hand_records SET status = 'finished', result = ?, finished_at = ?"
                    " WHERE table_id = ? AND hand_no = ? AND guild_id = ? AND status = 'playing'",
                    row,
                ).rowcount
                == 1
            )

        return await self._call(finish)

    async def keep_players(
        self, guild_id: int, table_id: int, hand_no: int, board: str, players: Sequence[HandPlayer]
    ) -> None:
        """The members' history lines of a kept hand or the score game it ended."""
        check_kept(guild_id, table_id, hand_no)
        check_players(players)
        now = _now_iso()
        rows = [
            (guild_id, p.user_id, table_id, hand_no, p.kind, board, p.seat, p.net, now, table_id, hand_no)
            for p in players
        ]

        def keep(conn: sqlite3.Connection) -> None:
            conn.executemany(
                "INSERT INTO hand_players (guild_id, user_id, table_id, hand_no, kind, board, seat, net,"
                " finished_at) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?"
                " WHERE EXISTS (SELECT 1 FROM hand_records WHERE table_id = ? AND hand_no = ?)",
                rows,
            )

        await self._call(keep)


# --------------------------------------------------------------------------- store


class _Transaction(AbstractAsyncContextManager[Tx]):
    """`Store.transaction()`: the store's lock for the unit of work, its `Tx`, and the
    COMMIT (or ROLLBACK) at the end. A class rather than a generator-based context manager:
    a table's move makes one of these, and the generator's machinery cost more than the
    rest of it."""

    __slots__ = ("_store", "_tx")

    def __init__(self, store: Store) -> None:
        self._store = store
        self._tx: Tx | None = None

    async def __aenter__(self) -> Tx:
        store = self._store
        store._check_reentry()
        await store._lock.acquire()
        store._owner = asyncio.current_task()
        self._tx = Tx(store)
        return self._tx

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        store, tx = self._store, self._tx
        assert tx is not None
        try:
            if kind is not None:  # the unit of work failed: nothing of it is kept
                tx._active = False
                if tx._begun:
                    await self._roll_back()
            elif tx._begun:
                try:
                    if tx._closed_tables:
                        await store._call(_finish, sorted(tx._closed_tables))
                    else:  # a transfer's unit of work: nothing to check, only the COMMIT
                        await store._call(_commit)
                except BaseException:  # the COMMIT failed, or its caller was cancelled
                    tx._active = False
                    await self._roll_back()
                    raise
        finally:
            tx._active = False
            store._owner = None
            store._lock.release()

    async def _roll_back(self) -> None:
        store = self._store
        conn = store._idle_connection()
        if conn is not None:  # a rollback writes nothing to disk
            _rollback(conn)
        else:
            # Shielded so a second cancellation cannot leave it open.
            await asyncio.shield(store._call(_rollback))


_Trip: TypeAlias = tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...]] | None


def _succeed(future: asyncio.Future[T], result: T) -> None:
    if not future.done():  # its caller may have been cancelled meanwhile
        future.set_result(result)


def _fail(future: asyncio.Future[Any], error: BaseException) -> None:
    if not future.done():
        future.set_exception(error)


class _DatabaseThread:
    """The store's connection and the one thread that uses it for what may wait: a COMMIT's
    fsync, SQLite's busy timeout, a store method's reads. It runs the functions sent to it
    one at a time, in order, and hands each answer to the sender's event loop.

    aiosqlite's connection thread did this with more steps a trip (a partial, the loop looked
    up, a debug log call, a wrapper to count the trip done); a durable transfer makes exactly
    one trip, so each step shows (``bench/hop.py``, ``bench/ledger.py``). `sent` and `done`
    count the trips (each written by one thread only): equal, the thread is idle and the
    connection free for the event loop's thread (`Store._idle_connection`)."""

    __slots__ = ("conn", "done", "inbox", "sent")

    def __init__(self) -> None:
        self.conn: sqlite3.Connection | None = None
        self.sent = 0
        self.done = 0
        self.inbox: SimpleQueue[_Trip] = SimpleQueue()

    @classmethod
    async def start(cls, connect: Callable[[], sqlite3.Connection]) -> _DatabaseThread:
        """A thread with the connection `connect` opens (on that thread)."""
        db = cls()
        ready = asyncio.get_running_loop().create_future()
        # A daemon: a store nobody closed does not keep the process from exiting (close()
        # waits for every trip sent before it, so a closed store's last COMMIT is done).
        threading.Thread(target=db._serve, args=(connect, ready), name="ridotto-sqlite", daemon=True).start()
        try:
            db.conn = await ready
        except BaseException:  # cancelled while connecting: the thread closes what it opened
            db.inbox.put(None)
            raise
        return db

    def _serve(self, connect: Callable[[], sqlite3.Connection], ready: asyncio.Future[Any]) -> None:
        try:
            conn = connect()
        except BaseException as error:
            _answer(ready, _fail, error)
            return
        _answer(ready, _succeed, conn)
        get = self.inbox.get
        while (trip := get()) is not None:
            future, fn, args = trip
            try:
                result = fn(conn, *args)
            except BaseException as error:
                self.done += 1
                _answer(future, _fail, error)
            else:
                self.done += 1
                _answer(future, _succeed, result)
        conn.close()  # already closed by Store.close's last trip, unless its opener gave up


def _answer(
    future: asyncio.Future[Any], settle: Callable[[asyncio.Future[Any], Any], None], value: Any
) -> None:
    """Hand `value` to the loop that waits for `future` (from the database thread)."""
    try:  # noqa: SIM105 (contextlib.suppress costs a context manager a trip)
        future.get_loop().call_soon_threadsafe(settle, future, value)
    except RuntimeError:  # its loop has closed: nobody is waiting for the answer
        pass


def _close_connection(conn: sqlite3.Connection) -> None:
    conn.close()


class Store:
    """The bot's database in one SQLite file. Open with :meth:`Store.open`; :meth:`close`."""

    Tx: TypeAlias = Tx

    def __init__(self, db: _DatabaseThread, path: Path) -> None:
        self._db = db
        self.path = path
        # one unit of work at a time, members' first (`bot.store.turns`)
        self._lock = StoreTurns()
        self._owner: asyncio.Task[Any] | None = None
        #: whether the connection's busy timeout is on (see `_begin_here`); only this thread
        #: decides it, and the trips it sends run in order
        self._patient = True
        self.unlocked = False
        """Opened ``immutable`` by :meth:`open_read_only`: reads take no locks."""

    @classmethod
    async def open(cls, path: str | os.PathLike[str]) -> Store:
        """Connect (creating parent directories), set PRAGMAs and apply migrations."""
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        # check_same_thread=False: a transaction's statements run on the event loop's thread
        # and its COMMIT on the database thread, never both at once (the store's lock,
        # _idle_connection).
        db = await _DatabaseThread.start(
            lambda: sqlite3.connect(p, isolation_level=None, check_same_thread=False)
        )
        store = cls(db, p)
        try:

            def setup(conn: sqlite3.Connection) -> int:
                conn.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
                mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if str(mode).lower() != "wal":
                    raise RuntimeError(f"could not switch {p} to WAL (journal_mode={mode})")
                conn.execute("PRAGMA synchronous = FULL")
                conn.execute("PRAGMA foreign_keys = ON")
                return _migrate(conn)

            version = await store._call(setup)
        except BaseException:
            await store.close()
            raise
        log.info("opened %s at schema version %d", p, version)
        return store

    @classmethod
    async def open_read_only(cls, path: str | os.PathLike[str]) -> Store:
        """Connect to an existing database only to read it (``mode=ro``), changing nothing.

        Nothing is created (no file, folder, ``-wal`` or ``-shm``), no PRAGMA that writes
        is set and no migration runs, so any file, another program's database included,
        is left exactly as it was; a write raises :class:`sqlite3.OperationalError`.
        Errors are SQLite's: ``unable to open database file`` when the file is missing or
        unreadable, ``file is not a database`` (SQLITE_NOTADB) at the first read of
        anything else.

        SQLite reads a WAL database through its ``-wal`` and ``-shm`` files and, read-only,
        would create them and could not remove them. With no ``-wal`` file beside the
        database no connection has it open, so it is opened ``immutable`` instead: read
        without locks or side files, and :attr:`unlocked` is set. A caller that needs a
        consistent read then checks that the file did not change while it read.
        """
        p = Path(path)
        real = p.resolve()  # SQLite names the -wal after the file a symbolic link points to
        unlocked = _wal_format(real) and not Path(f"{real}-wal").exists()
        uri = real.as_uri() + ("?mode=ro&immutable=1" if unlocked else "?mode=ro")
        db = await _DatabaseThread.start(
            lambda: sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        )
        store = cls(db, p)
        store.unlocked = unlocked
        try:
            await store._call(lambda conn: conn.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}"))
        except BaseException:
            await store.close()
            raise
        return store

    async def schema(self) -> tuple[int, frozenset[str]]:
        """The schema version (``PRAGMA user_version``) and the names of the tables."""

        def q(conn: sqlite3.Connection) -> tuple[int, frozenset[str]]:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            return version, frozenset(str(name) for (name,) in rows)

        return await self._read(q)

    async def close(self) -> None:
        """Close the connection once every trip sent before has finished; then stop the thread."""
        async with self._lock:
            db = self._db
            if db.conn is None:
                return
            try:
                await self._call(_close_connection)
            finally:
                db.conn = None
                db.inbox.put(None)

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(conn, *args)`` on the database thread (one round-trip)."""
        db = self._db
        if db.conn is None:  # nothing is sent once the connection is closed
            raise ValueError("the store is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        db.sent += 1
        db.inbox.put((future, fn, args))
        return await future

    def _idle_connection(self) -> sqlite3.Connection | None:
        """The connection, to use on this thread, when the database thread has finished every
        trip sent to it (a cancelled caller may have left one running); None otherwise."""
        db = self._db
        return db.conn if db.sent == db.done else None

    def _check_reentry(self) -> None:
        if self._owner is not None and self._owner is asyncio.current_task():
            raise RuntimeError("Store methods cannot be called inside a transaction; use the Tx")

    async def _call_patiently(self, fn: Callable[..., T], *args: Any) -> T:
        """`_call`, with SQLite's busy timeout on for `fn` (see `_begin_here`)."""
        if self._patient:
            return await self._call(fn, *args)
        self._patient = True
        return await self._call(_patiently, fn, *args)

    async def _read(self, fn: Callable[..., T], *args: Any) -> T:
        self._check_reentry()
        async with self._lock:
            if self._patient:  # `_call_patiently`, one step shorter: a transfer takes this way
                return await self._call(fn, *args)
            self._patient = True
            return await self._call(_patiently, fn, *args)

    async def _read_here(self, fn: Callable[..., T], *args: Any) -> T:
        """`_read` for a small read on the way of a click (a deal's members' seeds, their
        balances, a rating as a member sits down): on the caller's thread when the
        connection is idle, as a unit of work's statements are (a read by primary key is
        microseconds, less than the trip to the database thread)."""
        self._check_reentry()
        conn = self._idle_connection()
        if conn is not None and not self._lock.locked() and not conn.in_transaction:
            return fn(conn, *args)
        return await self._read(fn, *args)

    def transaction(self) -> _Transaction:
        """``BEGIN IMMEDIATE``; COMMIT on success, ROLLBACK (and re-raise) on any exception."""
        return _Transaction(self)

    async def settings(self) -> str:
        """The journal mode and synchronous level commits are kept with."""
        mode, sync = await self.pragma("journal_mode"), await self.pragma("synchronous")
        return f"SQLite journal_mode={mode} synchronous={sync}"

    async def pragma(self, name: str) -> Any:
        """The value of a PRAGMA (for tests and diagnostics)."""
        if not name.replace("_", "").isalpha():
            raise ValueError(f"bad pragma name {name!r}")
        return await self._read(lambda conn: conn.execute(f"PRAGMA {name}").fetchone()[0])

    # settings ---------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self._read(_settings_sync, guild_id)

    async def update_guild_settings(self, guild_id: int, **changes: int) -> GuildSettings:
        """Change some settings; every value must be a positive integer."""
        check_settings(guild_id, changes)

        def update(conn: sqlite3.Connection) -> GuildSettings:
            merged = _settings_sync(conn, guild_id).model_copy(update=changes)
            _put_settings(conn, guild_id, merged)
            return merged

        async with self.transaction() as tx:
            return await tx._call(update)

    async def set_guild_language(self, guild_id: int, language: str) -> GuildSettings:
        """Set the language the server's tables show everyone ("": its Discord language)."""
        check_language(guild_id, language)

        def update(conn: sqlite3.Connection) -> GuildSettings:
            merged = _settings_sync(conn, guild_id).model_copy(update={"language": language})
            _put_settings(conn, guild_id, merged)
            return merged

        async with self.transaction() as tx:
            return await tx._call(update)

    # members ----------------------------------------------------------------

    async def balance(self, guild_id: int, user_id: int) -> int:
        """A member's balance; on first use the member gets the starting bankroll.

        A member the server knows is read where the caller is (`_read_here`): a click reads
        the balances of the members it seats or deals to, and a unit of work of its own for
        each (BEGIN, then the COMMIT's trip to the database thread) cost more than the read.
        Only a new member takes the unit of work that creates them."""
        known = await self._read_here(
            _member_balance, _check_id(guild_id, "guild_id"), _check_id(user_id, "user_id")
        )
        if known is not None:
            return known
        async with self.transaction() as tx:
            return await tx.balance(guild_id, user_id)

    async def claim_daily(self, guild_id: int, user_id: int, now: datetime) -> DailyResult:
        """Grant the daily amount once per 24 hours."""
        _check_id(guild_id, "guild_id")
        _check_id(user_id, "user_id")
        now = _utc(now)

        def claim(conn: sqlite3.Connection) -> DailyResult:
            _balance_sync(conn, guild_id, user_id)
            row = conn.execute(
                "SELECT last_daily FROM members WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
            ).fetchone()
            wait = next_daily(None if row[0] is None else datetime.fromisoformat(row[0]), now)
            if wait is not None:
                bal = _member_balance(conn, guild_id, user_id)
                assert bal is not None
                return DailyResult(granted=False, amount=0, balance=bal, next_at=wait)
            amount = _settings_sync(conn, guild_id).daily_amount
            _move_sync(conn, guild_id, GRANT, member_account(user_id), amount, "daily", None, None)
            conn.execute(
                "UPDATE members SET last_daily = ? WHERE guild_id = ? AND user_id = ?",
                (now.isoformat(), guild_id, user_id),
            )
            bal = _member_balance(conn, guild_id, user_id)
            assert bal is not None
            return DailyResult(granted=True, amount=amount, balance=bal, next_at=now + DAILY_INTERVAL)

        async with self.transaction() as tx:
            return await tx._call(claim)

    async def give(self, guild_id: int, from_user: int, to_user: int, amount: int) -> tuple[int, int]:
        """Move chips between two members; returns (giver's, receiver's) new balances."""
        move = check_give(guild_id, from_user, to_user, amount)

        def give(conn: sqlite3.Connection) -> tuple[int, int]:
            _move_sync(conn, *move)
            return _balance_sync(conn, guild_id, from_user), _balance_sync(conn, guild_id, to_user)

        return await self._read(_in_one_trip, give)

    async def grant(self, guild_id: int, user_id: int, amount: int, reason: str = "admin grant") -> int:
        """Create chips for a member out of GRANT; returns the new balance."""
        move = _move_args(guild_id, GRANT, member_account(user_id), amount, reason, None, None)

        def grant(conn: sqlite3.Connection) -> int:
            _move_sync(conn, *move)
            return _balance_sync(conn, guild_id, user_id)

        return await self._read(_in_one_trip, grant)

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
        """One chip movement as its own durable transaction, in one trip to the database
        thread (what :meth:`Tx.move` does inside a larger unit of work)."""
        move = _move_args(guild_id, src, dst, amount, reason, table_id, hand_no)
        await self._read(_in_one_trip, _move_sync, *move)

    # tables -----------------------------------------------------------------

    async def open_tables(self) -> list[TableRecord]:
        """Every open table in every guild (for recovery at start-up)."""

        def q(conn: sqlite3.Connection) -> list[TableRecord]:
            rows = conn.execute(f"SELECT {_TABLE_COLS} FROM tables WHERE status = 'open' ORDER BY id")
            return [_table_record(r) for r in rows]

        return await self._read(q)

    async def saved_tables(self, shards: Shards | None = None) -> list[SavedTable]:
        """Every open table, its snapshot as stored (for start-up): of every guild, or only of
        the guilds `shards` owns, chosen in SQL so no other shard's row is read (bot/shards.py)."""
        where, args = "status = 'open'", tuple[int, ...]()
        if shards is not None and not shards.everything:
            assert shards.count is not None and shards.ids is not None
            where += f" AND (guild_id >> 22) % ? IN ({','.join('?' * len(shards.ids))})"
            args = (shards.count, *shards.ids)

        def q(conn: sqlite3.Connection) -> list[SavedTable]:
            rows = conn.execute(
                "SELECT id, guild_id, channel_id, game, host_id, snapshot FROM tables"
                f" WHERE {where} ORDER BY id",
                args,
            )
            return [SavedTable(*row) for row in rows]

        return await self._read(q)

    async def table(self, table_id: int) -> TableRecord | None:
        def q(conn: sqlite3.Connection) -> TableRecord | None:
            row = conn.execute(f"SELECT {_TABLE_COLS} FROM tables WHERE id = ?", (table_id,)).fetchone()
            return None if row is None else _table_record(row)

        return await self._read(q)

    async def open_table_in_channel(self, guild_id: int, channel_id: int) -> TableRecord | None:
        def q(conn: sqlite3.Connection) -> TableRecord | None:
            row = conn.execute(
                f"SELECT {_TABLE_COLS} FROM tables WHERE guild_id = ? AND channel_id = ? AND status = 'open'",
                (guild_id, channel_id),
            ).fetchone()
            return None if row is None else _table_record(row)

        return await self._read(q)

    # boards -----------------------------------------------------------------

    async def leaderboard_bankroll(self, guild_id: int, limit: int = 10) -> list[tuple[int, int]]:
        """(user_id, balance), richest first."""

        def q(conn: sqlite3.Connection) -> list[tuple[int, int]]:
            rows = conn.execute(
                "SELECT user_id, balance FROM members WHERE guild_id = ?"
                " ORDER BY balance DESC, user_id LIMIT ?",
                (guild_id, limit),
            )
            return [(int(u), int(b)) for u, b in rows]

        return await self._read(q)

    async def leaderboard_game(
        self, guild_id: int, game: str, limit: int = 10
    ) -> list[tuple[int, int, int, int]]:
        """(user_id, wins, hands, net) for one game, by wins then net."""

        def q(conn: sqlite3.Connection) -> list[tuple[int, int, int, int]]:
            rows = conn.execute(
                "SELECT user_id, SUM(won) AS wins, COUNT(*) AS hands, SUM(net) AS net FROM results"
                " WHERE guild_id = ? AND game = ? GROUP BY user_id"
                " ORDER BY wins DESC, net DESC, user_id LIMIT ?",
                (guild_id, game, limit),
            )
            return [(int(u), int(w), int(h), int(n)) for u, w, h, n in rows]

        return await self._read(q)

    async def stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        def q(conn: sqlite3.Connection) -> list[GameStats]:
            rows = conn.execute(
                "SELECT game, COUNT(*), SUM(won), SUM(net) FROM results"
                " WHERE guild_id = ? AND user_id = ? GROUP BY game ORDER BY game",
                (guild_id, user_id),
            )
            return [GameStats(game=g, hands=h, wins=w, net=n) for g, h, w, n in rows]

        return await self._read(q)

    async def rating(self, guild_id: int, game: str, user_id: int) -> Rating | None:
        """A member's rating on `game`'s board, or None: never rated there."""

        def q(conn: sqlite3.Connection) -> Rating | None:
            row = conn.execute(
                "SELECT mu, sigma, rated FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
                (guild_id, game, user_id),
            ).fetchone()
            return (
                None
                if row is None
                else Rating(user_id=user_id, game=game, mu=row[0], sigma=row[1], rated=row[2])
            )

        return await self._read_here(q)  # read as a member sits down: a trip costs more than it

    async def leaderboard_rating(
        self, guild_id: int, game: str, *, minimum: int, limit: int = 10
    ) -> list[Rating]:
        """The best rated members with at least `minimum` rated results, by μ − 3σ."""

        def q(conn: sqlite3.Connection) -> list[Rating]:
            rows = conn.execute(
                "SELECT user_id, mu, sigma, rated FROM ratings WHERE guild_id = ? AND game = ? AND rated >= ?"
                " ORDER BY mu - 3 * sigma DESC, user_id LIMIT ?",
                (guild_id, game, minimum, limit),
            )
            return [Rating(user_id=u, game=game, mu=m, sigma=s, rated=r) for u, m, s, r in rows]

        return await self._read(q)

    async def member_ratings(
        self, guild_id: int, user_id: int, *, minimum: int, trend: int
    ) -> list[MemberRating]:
        """Every board the member is rated on: rank among those with `minimum` results, and
        the rating before their latest `trend` changes."""

        def q(conn: sqlite3.Connection) -> list[MemberRating]:
            out = []
            rows = conn.execute(
                "SELECT game, mu, sigma, rated FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game",
                (guild_id, user_id),
            ).fetchall()
            for game, mu, sigma, rated in rows:
                ranked, ahead = conn.execute(
                    "SELECT COUNT(*), COUNT(*) FILTER (WHERE mu - 3 * sigma > ? - 3 * ?"
                    " OR (mu - 3 * sigma = ? - 3 * ? AND user_id < ?))"
                    " FROM ratings WHERE guild_id = ? AND game = ? AND rated >= ?",
                    (mu, sigma, mu, sigma, user_id, guild_id, game, minimum),
                ).fetchone()
                latest = conn.execute(
                    "SELECT mu_before, sigma_before FROM rating_changes"
                    " WHERE guild_id = ? AND user_id = ? AND game = ? ORDER BY id DESC LIMIT ?",
                    (guild_id, user_id, game, trend),
                ).fetchall()
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

        return await self._read(q)

    async def ledger(
        self, guild_id: int, *, table_id: int | None = None, account: str | None = None
    ) -> list[dict[str, Any]]:
        """Ledger rows of a guild, oldest first, optionally for one table and/or account."""
        sql = (
            "SELECT id, guild_id, src, dst, amount, reason, table_id, hand_no, created_at"
            " FROM ledger WHERE guild_id = ?"
        )
        params: list[Any] = [guild_id]
        if table_id is not None:
            sql += " AND table_id = ?"
            params.append(table_id)
        if account is not None:
            sql += " AND (src = ? OR dst = ?)"
            params += [account, account]
        sql += " ORDER BY id"

        def q(conn: sqlite3.Connection) -> list[dict[str, Any]]:
            return [dict(zip(LEDGER_KEYS, r, strict=True)) for r in conn.execute(sql, params)]

        return await self._read(q)

    # fair deals -----------------------------------------------------------------

    async def member_seed(self, guild_id: int, user_id: int) -> str | None:
        """A member's own seed on a server (`/fair seed`), None if they have set none."""
        seeds = await self.member_seeds(guild_id, [user_id])
        return seeds.get(user_id)

    async def member_seeds(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """The seeds of those of `user_ids` who have set one on the server."""
        ids = [_check_id(user_id, "user_id") for user_id in user_ids]
        if not ids:
            return {}

        def q(conn: sqlite3.Connection) -> dict[int, str]:
            rows = conn.execute(
                f"SELECT user_id, seed FROM member_seeds WHERE guild_id = ?"
                f" AND user_id IN ({', '.join('?' * len(ids))})",
                (guild_id, *ids),
            )
            return {int(user_id): str(seed) for user_id, seed in rows}

        return await self._read_here(q)

    async def set_member_seed(self, guild_id: int, user_id: int, seed: str) -> None:
        """Set (or replace) a member's own seed."""
        seed = check_member_seed(guild_id, user_id, seed)

        def set_seed(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO member_seeds (guild_id, user_id, seed, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET seed = excluded.seed,"
                " updated_at = excluded.updated_at",
                (guild_id, user_id, seed, _now_iso()),
            )

        async with self.transaction() as tx:
            await tx._call(set_seed)

    async def hand_proof(self, guild_id: int, table_id: int, hand_no: int) -> HandProof | None:
        """A finished hand of the server's, with its proof if it has one; None: no such hand."""

        def q(conn: sqlite3.Connection) -> HandProof | None:
            row = conn.execute(
                "SELECT h.game, p.proof FROM hands h LEFT JOIN hand_proofs p"
                " ON p.table_id = h.table_id AND p.hand_no = h.hand_no"
                " WHERE h.guild_id = ? AND h.table_id = ? AND h.hand_no = ?",
                (guild_id, table_id, hand_no),
            ).fetchone()
            if row is None:
                return None
            return HandProof(game=row[0], proof=None if row[1] is None else json.loads(row[1]))

        return await self._read(q)

    # hand records -------------------------------------------------------------

    async def hand_record(self, table_id: int, hand_no: int) -> HandRecord | None:
        """A kept hand with its moves in order (None: not kept)."""

        def q(conn: sqlite3.Connection) -> HandRecord | None:
            row = conn.execute(
                f"SELECT {RECORD_COLS} FROM hand_records WHERE table_id = ? AND hand_no = ?",
                (table_id, hand_no),
            ).fetchone()
            if row is None:
                return None
            moves = conn.execute(
                f"SELECT {MOVE_COLS} FROM hand_moves WHERE table_id = ? AND hand_no = ? ORDER BY step",
                (table_id, hand_no),
            ).fetchall()
            hints = conn.execute(
                f"SELECT {HINT_COLS} FROM hand_hints WHERE table_id = ? AND hand_no = ? ORDER BY step, seat",
                (table_id, hand_no),
            ).fetchall()
            return record_of(row, moves, hints)

        return await self._read(q)

    async def keep_hint(
        self, guild_id: int, table_id: int, hand_no: int, *, step: int, seat: int, user_id: int, advice: str
    ) -> bool:
        """Keep a learner's hint given in a hand in play (see the contract)."""
        check_kept(guild_id, table_id, hand_no)
        check_hint(step, seat, user_id, advice)
        row = (table_id, hand_no, step, seat, user_id, advice, _now_iso(), table_id, hand_no, guild_id)

        def keep(conn: sqlite3.Connection) -> bool:
            return (
                conn.execute(
                    "INSERT INTO hand_hints (table_id, hand_no, step, seat, user_id, advice, asked_at)"
                    " SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM hand_records"
                    " WHERE table_id = ? AND hand_no = ? AND guild_id = ? AND status = 'playing')"
                    " ON CONFLICT (table_id, hand_no, step, seat) DO NOTHING",
                    row,
                ).rowcount
                == 1
            )

        async with self.transaction() as tx:
            return await tx._call(keep)

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
        _check_id(guild_id, "guild_id")
        check_page(limit, offset)
        sql = history_sql(member=user_id is not None, board=board is not None, mark=lambda _: "?")
        args = [guild_id, *(() if user_id is None else (user_id,)), *(() if board is None else (board,))]

        def q(conn: sqlite3.Connection) -> list[HistoryEntry]:
            return [history_entry(row) for row in conn.execute(sql, (*args, limit, offset))]

        return await self._read(q)

    async def audit(self) -> AuditReport:
        """Check every guild's books (see the module docstring)."""
        return await self._read(_audit_sync)
