"""The store's contract: what the table service, the cogs, the audit and the benches use of
a database, whichever one it is (:mod:`bot.storage` for SQLite, :mod:`bot.store.postgres`
for PostgreSQL), and what both implementations share: the accounts, the models, the checks
made before anything touches a database, and the audit's arithmetic.

Chips live in accounts named by strings: :data:`GRANT` (where granted chips come from),
:data:`HOUSE` (the computer players' bank), ``member:<user_id>`` and ``table:<table_id>``
(escrow). At every commit, per guild::

    sum(member balances) + sum(escrow) == granted - house net

which ``audit`` checks, together with every balance and escrow against its ledger sum.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, Protocol, get_args

from pydantic import BaseModel, Field

from bot.shards import Shards
from engine.core import fair

GRANT = "grant"
"""Source of every granted chip: starting bankrolls, dailies, admin grants."""
HOUSE = "house"
"""The bank the computer players' chips come from and go back to."""

DAILY_INTERVAL = timedelta(hours=24)
_ACCOUNT_RE = re.compile(r"(member|table):(\d+)")


def member_account(user_id: int) -> str:
    """The ledger account of a member (scoped to a guild by the ledger row)."""
    return f"member:{check_id(user_id, 'user_id')}"


def table_account(table_id: int) -> str:
    """The ledger account holding a table's escrow."""
    return f"table:{check_id(table_id, 'table_id')}"


# --------------------------------------------------------------------------- models


class GuildSettings(BaseModel):
    starting_bankroll: int = 1000
    daily_amount: int = 250
    turn_timer: int = 120
    """Seconds a player has to act."""
    language: str = ""
    """The language the server's tables show everyone (issue 26): a code Ridotto speaks, or
    "" for the server's own Discord language (else English)."""


class InsufficientFunds(Exception):
    """A debit would take an account below zero; nothing was changed."""

    def __init__(self, account: str, needed: int, available: int) -> None:
        self.account = account
        self.needed = needed
        self.available = available
        if account.startswith("member:"):
            text = f"Not enough chips: that needs {needed} and only {available} are available."
        else:
            text = f"Not enough chips in {account}: that needs {needed} and only {available} are available."
        super().__init__(text)


class TableAlreadyOpen(ValueError):
    """A channel can hold only one open table."""

    def __init__(self, channel_id: int, table_id: int) -> None:
        self.channel_id = channel_id
        self.table_id = table_id
        super().__init__(f"There is already an open table (#{table_id}) in this channel.")


class DailyResult(BaseModel):
    granted: bool
    amount: int
    """Chips granted by this claim (0 when not granted)."""
    balance: int
    next_at: datetime
    """When the next claim becomes possible (aware, UTC)."""


class TableRecord(BaseModel):
    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    status: str
    snapshot: dict[str, Any]
    created_at: datetime
    updated_at: datetime


class EscrowMove(BaseModel, frozen=True):
    """One ledger row into or out of a table's escrow account."""

    src: str
    dst: str
    amount: int
    reason: str
    hand_no: int | None


class GameStats(BaseModel):
    game: str
    hands: int
    wins: int
    net: int


class HandProof(BaseModel):
    """A finished hand as `/verify` reads it: its game and the proof of its deal (None for a
    hand stored before proofs were kept)."""

    game: str
    proof: dict[str, Any] | None


class Rating(BaseModel, frozen=True):
    """A member's skill rating on one game's board (openskill's μ and σ), and how many
    results have rated it."""

    user_id: int
    game: str
    mu: float
    sigma: float
    rated: int


class RatingChange(BaseModel, frozen=True):
    """One member's rating before and after a rated result (one row of the history)."""

    user_id: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float


class MemberRating(BaseModel, frozen=True):
    """A member's rating on one board as /stats shows it: the rating, its place among the
    members ranked there (those with at least the minimum of rated results; None: not yet
    one of them) out of how many, and the rating before its latest `over` changes (the
    trend)."""

    game: str
    mu: float
    sigma: float
    rated: int
    rank: int | None
    ranked: int
    mu_then: float
    sigma_then: float
    over: int


class AuditGuild(BaseModel):
    guild_id: int
    balances: int
    escrow: int
    granted: int
    house_net: int
    ok: bool
    problems: list[str]


class AuditReport(BaseModel):
    guilds: list[AuditGuild]
    ok: bool


# --------------------------------------------------------------------------- validation


def check_id(value: object, name: str) -> int:
    if type(value) is int and value >= 0:  # the common case, in one step: every move checks 3
        return value
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a non-negative integer, not {value!r}")
    return value


def check_amount(amount: object, name: str = "amount") -> int:
    """Chip amounts are positive ints; bools, zero, negatives and floats are refused."""
    if type(amount) is int and amount > 0:  # the common case, in one step
        return amount
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise ValueError(f"The {name} must be a whole number of chips, not {amount!r}.")
    if amount <= 0:
        raise ValueError(f"The {name} must be a positive number of chips, not {amount}.")
    return amount


def parse_account(account: str) -> tuple[str, int | None]:
    if not isinstance(account, str):
        raise ValueError(f"unknown ledger account {account!r}")
    return parse_account_text(account)


@functools.lru_cache(maxsize=4096)
def parse_account_text(account: str) -> tuple[str, int | None]:
    """An account's kind and id; a move reads each of its accounts three times (check,
    debit, credit), and a room has few accounts, so the answers are kept."""
    if account in (GRANT, HOUSE):
        return account, None
    m = _ACCOUNT_RE.fullmatch(account)
    if m:
        return m.group(1), int(m.group(2))
    raise ValueError(f"unknown ledger account {account!r}")


def utc(now: datetime) -> datetime:
    """Aware UTC; a naive datetime is taken to be UTC already."""
    if now.tzinfo is None:
        return now.replace(tzinfo=UTC)
    return now.astimezone(UTC)


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


def dumps(obj: dict[str, Any], name: str) -> str:
    if not isinstance(obj, dict):
        raise ValueError(f"{name} must be a dict, not {type(obj).__name__}")
    return json.dumps(obj, separators=(",", ":"), allow_nan=False)


MoveArgs = tuple[int, str, str, int, str, int | None, int | None]


def move_args(
    guild_id: int, src: str, dst: str, amount: int, reason: str, table_id: int | None, hand_no: int | None
) -> MoveArgs:
    """Check a move's arguments before anything touches the database."""
    check_id(guild_id, "guild_id")
    check_amount(amount)
    src_kind, src_id = parse_account(src)
    dst_kind, dst_id = parse_account(dst)
    if src == dst:
        raise ValueError("cannot move chips from an account to itself")
    if not isinstance(reason, str) or not reason:
        raise ValueError("a move needs a reason")
    if table_id is None:
        table_id = src_id if src_kind == "table" else dst_id if dst_kind == "table" else None
    else:
        check_id(table_id, "table_id")
    if hand_no is not None:
        check_id(hand_no, "hand_no")
    return (guild_id, src, dst, amount, reason, table_id, hand_no)


# A table's message id is in its snapshot, the one place it is kept (migration 2 says why).
TABLE_COLS = "id, guild_id, channel_id, game, host_id, status, snapshot, created_at, updated_at"


@dataclass(frozen=True, slots=True)
class SavedTable:
    """An open table's row as start-up reads it: the snapshot stays JSON text, so the table
    service parses it once, straight into its own model."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    snapshot: str

    def record(self) -> TableRecord:
        """The same row as a TableRecord, its snapshot read as a dict (damaged: empty)."""
        now = datetime.now(UTC)
        return TableRecord(
            id=self.id,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            game=self.game,
            host_id=self.host_id,
            status="open",
            snapshot=snapshot_dict(self.snapshot),
            created_at=now,
            updated_at=now,
        )


def snapshot_dict(text: str) -> dict[str, Any]:
    """A stored snapshot as a dict. A damaged one that isn't a JSON object Python can read
    comes back empty, so one bad row can't stop every other table from loading (the table
    service sets such a table aside)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def table_record(row: tuple[Any, ...]) -> TableRecord:
    return TableRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        game=row[3],
        host_id=row[4],
        status=row[5],
        snapshot=snapshot_dict(row[6]),
        created_at=datetime.fromisoformat(row[7]),
        updated_at=datetime.fromisoformat(row[8]),
    )


# --------------------------------------------------------------------------- hand records

Actor = Literal["member", "computer", "timer", "pause"]
"""Who played a kept move: the member in the seat, a computer player, the turn timer for an
absent member (or a leaver), or the clock a paused hand waited on."""
ACTORS: tuple[str, ...] = get_args(Actor)

EntryKind = Literal["hand", "game"]
"""A history entry: a finished hand, or a finished score game (listed at its last hand)."""


class KeptMove(BaseModel, frozen=True):
    """One move of a kept hand, in order: the engine seat, who played it, the action as the
    engine reads it back (its JSON)."""

    step: int
    seat: int
    actor: Actor
    action: dict[str, Any]


class KeptHint(BaseModel, frozen=True):
    """A learner's hint asked in a kept hand (issue 25): after how many moves (`step`: the
    replay's step showing the position it was asked at), for which engine seat, by which
    member, and what it said (the move named and why; the asker's own business, like their
    cards)."""

    step: int
    seat: int
    user_id: int
    advice: str


class HandRecord(BaseModel):
    """A kept hand: what replays it exactly (the engine's snapshot right after the deal, the
    seats, the moves in order) and, once finished, its result. A hand still in play is
    ``status == "playing"`` and has no result."""

    table_id: int
    hand_no: int
    guild_id: int
    channel_id: int
    game: str
    board: str
    status: Literal["playing", "finished"]
    start: dict[str, Any]
    seating: dict[str, Any]
    result: dict[str, Any] | None
    started_at: datetime
    finished_at: datetime | None
    moves: list[KeptMove]
    hints: list[KeptHint] = Field(default_factory=list)


@dataclass(frozen=True, slots=True)
class HandPlayer:
    """A member's line in the history of one finished hand (or score game): the engine seat
    they were dealt in its (last) hand (None: they sat that hand out), and their net chips
    (None: the hand moved no chips)."""

    user_id: int
    seat: int | None
    net: int | None
    kind: EntryKind = "hand"


class HistoryEntry(BaseModel, frozen=True):
    """One line of ``/history``: a finished hand (or score game), where and when, its result
    in words (as the record keeps it) and, in a member's history, their seat and net."""

    kind: EntryKind
    table_id: int
    hand_no: int
    channel_id: int
    game: str
    board: str
    finished_at: datetime
    result: dict[str, Any]
    seat: int | None = None
    net: int | None = None


def check_kept(guild_id: int, table_id: int, hand_no: int) -> None:
    for value, name in ((guild_id, "guild_id"), (table_id, "table_id"), (hand_no, "hand_no")):
        check_id(value, name)
    if hand_no < 1:
        raise ValueError("a kept hand is numbered from 1")


def check_move(step: int, seat: int, actor: str) -> None:
    check_id(step, "step")
    check_id(seat, "seat")
    if step < 1:
        raise ValueError("a kept hand's moves are numbered from 1")
    if actor not in ACTORS:
        raise ValueError(f"a move is played by one of {', '.join(ACTORS)}, not {actor!r}")


def check_hint(step: int, seat: int, user_id: int, advice: str) -> None:
    check_id(step, "step")
    check_id(seat, "seat")
    check_id(user_id, "user_id")
    if step < 0:
        raise ValueError("a hint is asked after 0 or more moves")
    if not advice or len(advice) > HINT_LIMIT:
        raise ValueError(f"a kept hint says something, in at most {HINT_LIMIT} characters")


#: the most characters a kept hint's words take (a move's name and a line of why)
HINT_LIMIT = 1000


def check_players(players: Sequence[HandPlayer]) -> None:
    for player in players:
        check_id(player.user_id, "user_id")
        if player.seat is not None:
            check_id(player.seat, "seat")
        if player.kind not in ("hand", "game"):
            raise ValueError(f"a history entry is a hand or a game, not {player.kind!r}")
        if player.net is not None and (isinstance(player.net, bool) or not isinstance(player.net, int)):
            raise ValueError(f"net must be an integer or None, not {player.net!r}")


def check_page(limit: int, offset: int) -> None:
    check_id(offset, "offset")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 100:
        raise ValueError(f"a page holds 1 to 100 entries, not {limit!r}")


def record_of(
    row: Sequence[Any], moves: Sequence[Sequence[Any]], hints: Sequence[Sequence[Any]] = ()
) -> HandRecord:
    """A kept hand from its row (the columns of `RECORD_COLS`), its moves (`MOVE_COLS`) and
    its hints (`HINT_COLS`)."""
    return HandRecord(
        table_id=row[0],
        hand_no=row[1],
        guild_id=row[2],
        channel_id=row[3],
        game=row[4],
        board=row[5],
        status=row[6],
        start=snapshot_dict(row[7]),
        seating=snapshot_dict(row[8]),
        result=None if row[9] is None else snapshot_dict(row[9]),
        started_at=datetime.fromisoformat(row[10]),
        finished_at=None if row[11] is None else datetime.fromisoformat(row[11]),
        moves=[KeptMove(step=m[0], seat=m[1], actor=m[2], action=snapshot_dict(m[3])) for m in moves],
        hints=[KeptHint(step=h[0], seat=h[1], user_id=h[2], advice=h[3]) for h in hints],
    )


def history_entry(row: Sequence[Any]) -> HistoryEntry:
    """A history line from a row `history_sql` reads (a server's rows have no seat or net)."""
    return HistoryEntry(
        kind=row[0],
        table_id=row[1],
        hand_no=row[2],
        channel_id=row[3],
        game=row[4],
        board=row[5],
        finished_at=datetime.fromisoformat(row[6]),
        result=snapshot_dict(row[7]),
        seat=row[8] if len(row) > 8 else None,
        net=row[9] if len(row) > 9 else None,
    )


RECORD_COLS = (
    "table_id, hand_no, guild_id, channel_id, game, board, status, start, seating, result,"
    " started_at, finished_at"
)
MOVE_COLS = "step, seat, actor, action"
HINT_COLS = "step, seat, user_id, advice"


def history_sql(*, member: bool, board: bool, mark: Callable[[int], str]) -> str:
    """The query of a page of history, newest first, for either database (`mark(n)`: its
    n-th parameter, from 1). Its parameters: the guild, then the member (`member`), then the
    board (`board`), then the page's limit and offset. Each query is one range of an index
    read backwards (migration 3), whatever the size of the history."""
    n = iter(range(1, 6))
    if member:
        where = f"p.guild_id = {mark(next(n))} AND p.user_id = {mark(next(n))}"
        if board:
            where += f" AND p.board = {mark(next(n))}"
        return (
            "SELECT p.kind, p.table_id, p.hand_no, r.channel_id, r.game, p.board, p.finished_at,"
            " r.result, p.seat, p.net FROM hand_players p"
            " JOIN hand_records r ON r.table_id = p.table_id AND r.hand_no = p.hand_no"
            f" WHERE {where}"
            " ORDER BY p.finished_at DESC, p.table_id DESC, p.hand_no DESC, p.kind"  # a game before its hand
            f" LIMIT {mark(next(n))} OFFSET {mark(next(n))}"
        )
    where = f"guild_id = {mark(next(n))} AND status = 'finished'"
    if board:
        where += f" AND board = {mark(next(n))}"
    return (
        "SELECT 'hand', table_id, hand_no, channel_id, game, board, finished_at, result"
        f" FROM hand_records WHERE {where}"
        " ORDER BY finished_at DESC, table_id DESC, hand_no DESC"
        f" LIMIT {mark(next(n))} OFFSET {mark(next(n))}"
    )


# --------------------------------------------------------------------------- the audit's arithmetic


@dataclass(frozen=True, slots=True)
class AuditRows:
    """What the audit reads, in one read snapshot, whichever the database: ledger sums per
    (guild, account); (guild, user, balance) of every member; (guild, table, amount, table's
    status, table's guild) of every escrow; (table, guild) of every closed table; (table,
    guild, the snapshot's "held" or None, escrow amount) of every open table; the guilds
    with settings."""

    sums: dict[tuple[int, str], int]
    members: Sequence[Sequence[Any]]
    escrows: Sequence[Sequence[Any]]
    closed: Sequence[Sequence[Any]]
    counted: Sequence[Sequence[Any]]
    settings_guilds: Sequence[int]


def audit_report(rows: AuditRows) -> AuditReport:
    """Check every guild's books from what the audit read (see the module docstring)."""
    sums, members, escrows, closed, counted = rows.sums, rows.members, rows.escrows, rows.closed, rows.counted
    guild_ids = (
        {g for g, _ in sums}
        | {r[0] for r in members}
        | {r[0] for r in escrows}
        | {r[1] for r in counted}
        | set(rows.settings_guilds)
    )
    figures: dict[int, dict[str, int]] = {
        g: {"balances": 0, "escrow": 0, "granted": 0, "house_net": 0} for g in guild_ids
    }
    problems: dict[int, list[str]] = {g: [] for g in guild_ids}
    seen: set[tuple[int, str]] = set()

    for g, user_id, balance in members:
        figures[g]["balances"] += balance
        acct = member_account(user_id)
        seen.add((g, acct))
        ledger = sums.get((g, acct), 0)
        if ledger != balance:
            problems[g].append(f"{acct} has balance {balance} but its ledger sums to {ledger}")
    closed_ids = {tid for tid, _ in closed}
    for g, table_id, amount, status, table_guild in escrows:
        figures[g]["escrow"] += amount
        acct = table_account(table_id)
        seen.add((g, acct))
        ledger = sums.get((g, acct), 0)
        if ledger != amount:
            problems[g].append(f"{acct} holds {amount} in escrow but its ledger sums to {ledger}")
        if status is None:
            problems[g].append(f"{acct} holds escrow for a table that does not exist")
        elif table_guild != g:
            problems[g].append(f"{acct} escrow is filed under guild {g} but the table is in {table_guild}")
        if table_id in closed_ids and amount != 0:
            problems[g].append(f"table {table_id} is closed but still holds {amount} chips in escrow")
    for table_id, g, held, amount in counted:
        if held is not None and int(held) != amount:
            problems[g].append(
                f"table {table_id} counts {int(held)} chips at the table but its escrow holds {amount}"
            )
    for (g, acct), total in sums.items():
        if acct == GRANT:
            figures[g]["granted"] = -total
        elif acct == HOUSE:
            figures[g]["house_net"] = total
        elif (g, acct) not in seen and total != 0:
            problems[g].append(f"{acct} has no balance row but its ledger sums to {total}")

    report: list[AuditGuild] = []
    for g in sorted(guild_ids):
        f = figures[g]
        held = f["balances"] + f["escrow"]
        expected = f["granted"] - f["house_net"]
        if held != expected:
            problems[g].insert(
                0,
                f"balances + escrow = {held} but granted - house net = {expected} (off by {held - expected})",
            )
        report.append(AuditGuild(guild_id=g, **f, ok=not problems[g], problems=problems[g]))
    return AuditReport(guilds=report, ok=all(a.ok for a in report))


# --------------------------------------------------------------------------- the contract


class Tx(Protocol):
    """A unit of work inside ``Store.transaction()``: its table snapshots, ledger rows and
    results commit together or not at all. Each operation is all-or-nothing by itself, so
    a caller that catches a refusal (say :class:`InsufficientFunds`) and carries on never
    commits half a move. Valid only inside its ``async with``."""

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
    ) -> None: ...

    async def balance(self, guild_id: int, user_id: int) -> int: ...

    async def escrow(self, table_id: int) -> int: ...

    async def escrow_moves(self, table_id: int) -> list[EscrowMove]: ...

    async def create_table(
        self, guild_id: int, channel_id: int, game: str, host_id: int, snapshot: dict[str, Any]
    ) -> int: ...

    async def save_table(
        self, table_id: int, snapshot: dict[str, Any] | str, *, status: str | None = None
    ) -> None: ...

    async def set_message(self, table_id: int, message_id: int) -> None: ...

    async def record_result(
        self, guild_id: int, table_id: int, hand_no: int, game: str, user_id: int, net: int, won: bool
    ) -> None: ...

    async def record_hand(
        self,
        guild_id: int,
        table_id: int,
        hand_no: int,
        game: str,
        seed: int,
        commitment: str,
        final_state: dict[str, Any],
    ) -> None: ...

    async def record_proof(self, guild_id: int, table_id: int, hand_no: int, proof: dict[str, Any]) -> None:
        """The proof of a finished hand's deal (`bot.tables.fair`), after its `record_hand`."""
        ...

    async def ratings(self, guild_id: int, game: str, user_ids: Sequence[int]) -> dict[int, Rating]:
        """The ratings these members have on `game`'s board (a member never rated: absent),
        read in the transaction that will write their new ones."""
        ...

    async def record_ratings(
        self, guild_id: int, game: str, table_id: int, hand_no: int, changes: Sequence[RatingChange]
    ) -> None:
        """A rated result: each member's new rating on `game`'s board (one more result
        rated) and a row of history per member, in the transaction of the result."""

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
        """Keep a hand as it is dealt: the engine's snapshot right after the deal (`start`)
        and who sits in each engine seat (`seating`); it is in play until `finish_hand`."""
        ...

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
        """Keep move number `step` of a hand in play (nothing, for a hand not kept: one dealt
        before hands were kept)."""
        ...

    async def finish_hand(self, guild_id: int, table_id: int, hand_no: int, result: dict[str, Any]) -> bool:
        """The kept hand is over: its `result`. False if no such hand was in play."""
        ...

    async def keep_players(
        self, guild_id: int, table_id: int, hand_no: int, board: str, players: Sequence[HandPlayer]
    ) -> None:
        """The members' history lines of a kept hand (or of the score game it ended)."""
        ...


class Store(Protocol):
    """What the table service, the cogs, the audit and the benches use of a database."""

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """A unit of work: COMMIT on success, ROLLBACK (and re-raise) on any exception.
        Store methods called inside one (by the same task) are refused: use the Tx."""
        ...

    async def close(self) -> None: ...

    async def guild_settings(self, guild_id: int) -> GuildSettings: ...

    async def update_guild_settings(self, guild_id: int, **changes: int) -> GuildSettings: ...

    async def set_guild_language(self, guild_id: int, language: str) -> GuildSettings:
        """Set the language the server's tables show everyone ("": its Discord language)."""
        ...

    async def balance(self, guild_id: int, user_id: int) -> int: ...

    async def claim_daily(self, guild_id: int, user_id: int, now: datetime) -> DailyResult: ...

    async def give(self, guild_id: int, from_user: int, to_user: int, amount: int) -> tuple[int, int]: ...

    async def grant(self, guild_id: int, user_id: int, amount: int, reason: str = "admin grant") -> int: ...

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
    ) -> None: ...

    async def open_tables(self) -> list[TableRecord]: ...

    async def saved_tables(self, shards: Shards | None = None) -> list[SavedTable]: ...

    async def table(self, table_id: int) -> TableRecord | None: ...

    async def open_table_in_channel(self, guild_id: int, channel_id: int) -> TableRecord | None: ...

    async def leaderboard_bankroll(self, guild_id: int, limit: int = 10) -> list[tuple[int, int]]: ...

    async def leaderboard_game(
        self, guild_id: int, game: str, limit: int = 10
    ) -> list[tuple[int, int, int, int]]: ...

    async def stats(self, guild_id: int, user_id: int) -> list[GameStats]: ...

    async def rating(self, guild_id: int, game: str, user_id: int) -> Rating | None:
        """A member's rating on `game`'s board, or None: never rated there."""
        ...

    async def leaderboard_rating(
        self, guild_id: int, game: str, *, minimum: int, limit: int = 10
    ) -> list[Rating]:
        """The best rated members of `game`'s board with at least `minimum` rated results,
        by μ − 3σ (then user id)."""
        ...

    async def member_ratings(
        self, guild_id: int, user_id: int, *, minimum: int, trend: int
    ) -> list[MemberRating]:
        """Every board a member is rated on (by board key), with their rank among the members
        with at least `minimum` rated results and the rating before their latest `trend`
        changes."""
        ...

    async def ledger(
        self, guild_id: int, *, table_id: int | None = None, account: str | None = None
    ) -> list[dict[str, Any]]: ...

    async def hand_record(self, table_id: int, hand_no: int) -> HandRecord | None:
        """A kept hand with its moves and its hints in order (None: not kept)."""
        ...

    async def keep_hint(
        self, guild_id: int, table_id: int, hand_no: int, *, step: int, seat: int, user_id: int, advice: str
    ) -> bool:
        """Keep a learner's hint given in a hand in play, after `step` moves, for engine seat
        `seat`, asked by `user_id` (its own small transaction: a hint changes no table).
        False: not kept (a hand not kept, or over; the same hint kept already)."""
        ...

    async def history(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        board: str | None = None,
        limit: int = 10,
        offset: int = 0,
    ) -> list[HistoryEntry]:
        """Finished hands, newest first: a member's (with their net, and the score games
        they finished) or, without `user_id`, the server's; optionally of one board."""
        ...

    async def audit(self) -> AuditReport: ...

    async def member_seed(self, guild_id: int, user_id: int) -> str | None:
        """A member's own seed on a server (`/fair seed`), None if they have set none."""
        ...

    async def member_seeds(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """The seeds of those of `user_ids` who have set one on the server."""
        ...

    async def set_member_seed(self, guild_id: int, user_id: int, seed: str) -> None:
        """Set (or replace) a member's own seed; `check_member_seed` first."""
        ...

    async def hand_proof(self, guild_id: int, table_id: int, hand_no: int) -> HandProof | None:
        """A finished hand of the server's, with its proof if it has one; None: no such hand."""
        ...

    async def settings(self) -> str:
        """How the database is set to keep commits (for the benches' headers): one line."""
        ...


def check_give(guild_id: int, from_user: int, to_user: int, amount: int) -> MoveArgs:
    """A give's move, checked before anything touches the database."""
    check_amount(amount)
    check_id(from_user, "from_user")
    check_id(to_user, "to_user")
    if from_user == to_user:
        raise ValueError("You cannot give chips to yourself.")
    return move_args(guild_id, member_account(from_user), member_account(to_user), amount, "give", None, None)


def check_settings(guild_id: int, changes: dict[str, int]) -> None:
    """Every setting named must exist and be a positive integer."""
    check_id(guild_id, "guild_id")
    for key, value in changes.items():
        if key not in GuildSettings.model_fields or key == "language":
            raise ValueError(f"unknown setting {key!r}")
        check_amount(value, key.replace("_", " "))


def check_language(guild_id: int, language: str) -> None:
    """A server's language is "" or a short lowercase code (the cog offers only those
    Ridotto speaks)."""
    check_id(guild_id, "guild_id")
    if not isinstance(language, str) or len(language) > 8 or not all("a" <= c <= "z" for c in language):
        raise ValueError(f"not a language code: {language!r}")


def check_table(guild_id: int, channel_id: int, game: str, host_id: int) -> None:
    for value, name in ((guild_id, "guild_id"), (channel_id, "channel_id"), (host_id, "host_id")):
        check_id(value, name)
    if not isinstance(game, str) or not game:
        raise ValueError("a table needs a game name")


def check_status(status: str | None) -> None:
    if status is not None and status not in ("open", "closed"):
        raise ValueError(f"table status must be 'open' or 'closed', not {status!r}")


def check_result(guild_id: int, table_id: int, hand_no: int, user_id: int, net: int) -> None:
    for value, name in ((guild_id, "guild_id"), (table_id, "table_id"), (hand_no, "hand_no")):
        check_id(value, name)
    check_id(user_id, "user_id")
    if isinstance(net, bool) or not isinstance(net, int):
        raise ValueError(f"net must be an integer, not {net!r}")


def check_seed(seed: int) -> str:
    """A hand's seed as stored: text, since it may exceed 64 bits."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    return str(seed)


def check_member_seed(guild_id: int, user_id: int, seed: str) -> str:
    """A member's seed as stored: the scheme's rules (`engine.core.fair.check_member_seed`,
    whose BadSeed says what is wrong in a sentence)."""
    check_id(guild_id, "guild_id")
    check_id(user_id, "user_id")
    if not isinstance(seed, str):
        raise ValueError(f"seed must be text, not {seed!r}")
    return fair.check_member_seed(seed)


def check_ratings(
    guild_id: int, game: str, table_id: int, hand_no: int, changes: Sequence[RatingChange]
) -> None:
    """A rated result's rows, checked before anything touches the database: ids, a board,
    one change per member, finite μ and positive σ."""
    for value, name in ((guild_id, "guild_id"), (table_id, "table_id"), (hand_no, "hand_no")):
        check_id(value, name)
    if not isinstance(game, str) or not game:
        raise ValueError("a rating needs a game's board")
    users = [check_id(change.user_id, "user_id") for change in changes]
    if len(set(users)) != len(users):
        raise ValueError("a member is rated once per result")
    for change in changes:
        for mu, sigma in ((change.mu_before, change.sigma_before), (change.mu, change.sigma)):
            if not (math.isfinite(mu) and math.isfinite(sigma) and sigma > 0):
                raise ValueError(f"not a rating: mu {mu!r}, sigma {sigma!r}")


def trend_start(rows: Sequence[Sequence[Any]], mu: float, sigma: float) -> tuple[float, float, int]:
    """From a member's latest changes on a board, newest first (mu_before, sigma_before),
    the rating before the oldest of them and how many they are (none: the rating now, 0)."""
    if not rows:
        return mu, sigma, 0
    return float(rows[-1][0]), float(rows[-1][1]), len(rows)


def next_daily(last: datetime | None, now: datetime) -> datetime | None:
    """When a member who last claimed at `last` may claim again, if not yet at `now`."""
    if last is not None and now < last + DAILY_INTERVAL:
        return last + DAILY_INTERVAL
    return None


LEDGER_KEYS = ("id", "guild_id", "src", "dst", "amount", "reason", "table_id", "hand_no", "created_at")
