"""The one commit path every piece of the table service shares, and what a change returns.

A change of a table (a seat taken, a move, a bet) happens in memory first; then its log
line, its chip moves and the table's new snapshot are written in one transaction. If
anything fails before that transaction is committed, `rolled_back` puts the table in
memory back to its last committed snapshot (the transaction itself rolls the database
back), so memory and database never disagree. The pieces (`Lobby`, `Hands`, `Autoplay`,
`Wagers`, `Offers`) are each handed this object, never the whole service.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from bot.i18n import Text, t, tn
from bot.store import InsufficientFunds, Store, Tx, table_account
from bot.tables import timing
from bot.tables.model import LOG_LINES, Phase, Table, TableError
from bot.tables.money import ESCROW, Transfer

log = logging.getLogger(__name__)


@dataclass
class TableChange:
    """What a change of a table asks of whoever shows it: the table as it is now, whether
    its public message must be redrawn, whether a member is to act (to ping), and the
    private note for the member whose click it was (None: nothing to add)."""

    table: Table
    note: Text | None = None
    redraw: bool = True
    ping: bool = False
    #: the user id whose own panel the click already answered (skip it when refreshing)
    answered: set[int] = field(default_factory=set)


Listener = Callable[[TableChange], Awaitable[None]]


class Changes:
    """Where the changes no click asked for (the clock's: a computer's move, a timeout, the
    next deal, an idle close) go to be shown. One listener, registered when the bot is wired
    (`bot/app.py`), so the table service never knows the cogs; a click's own change is
    returned to the cog that handles the click instead."""

    def __init__(self) -> None:
        self._listener: Listener | None = None

    def listen(self, listener: Listener) -> None:
        self._listener = listener

    async def publish(self, change: TableChange) -> None:
        if self._listener is None:
            return
        try:
            await self._listener(change)
        except Exception:
            # The change is saved; a table that can't be shown now is shown at its next change.
            log.exception("table %s: could not show a change", change.table.id)


def members_awaited(table: Table) -> bool:
    """Whether the hand waits on a member (rather than only on computers or nobody)."""
    return table.turn().members


def can_deal(table: Table) -> bool:
    """Whether the clock deals the next hand: enough seats, a member among them, and not
    already `UNATTENDED_DEALS` hands in a row that no seated member moved in or dealt."""
    low, high = table.seat_range
    attended = table.state.clock_deals < timing.UNATTENDED_DEALS
    return low <= len(table.state.seats) <= high and bool(table.humans) and attended


STACK_SHORT = t("You can't bring a stack to this table:")


def short_of(error: InsufficientFunds) -> Text:
    """Why the ledger refused: a member short of chips."""
    # two counts, two plural halves: each verb agrees with its own ("ce n'è solo 1")
    return t(
        "Not enough chips: {needed} and {available}.",
        needed=tn("that needs {n}", "that needs {n}", n=error.needed),
        available=tn("only {n} is available", "only {n} are available", n=error.available),
    )


class Commit:
    """Log, ledger and snapshot of a table change, in one transaction."""

    def __init__(self, store: Store, now: Callable[[], datetime], pass_delay: float = 3.0) -> None:
        self.store = store
        self.now = now
        self.pass_delay = pass_delay  # seconds a paced pause lasts (`Pause.paced`)
        #: one database transaction (`Store.transaction` itself: nothing to add on the way)
        self.transaction: Callable[[], contextlib.AbstractAsyncContextManager[Tx]] = store.transaction
        #: the tables a member's click is changing now (`TableService.click`, under the
        #: table's lock), and who is told when such a change is saved but its COMMIT (the
        #: disk write) is still to come: the display starts drawing the table's new picture
        #: then, so that the drawing runs while the write does, not after it
        self.clicked: set[int] = set()
        self.saved: Callable[[Table], None] | None = None

    @staticmethod
    def log(table: Table, line: Text) -> None:
        table.state.log = [*table.state.log, line][-LOG_LINES:]

    async def balance(self, guild_id: int, user_id: int) -> int:
        return await self.store.balance(guild_id, user_id)

    @staticmethod
    @contextlib.asynccontextmanager
    async def rolled_back(table: Table) -> AsyncIterator[None]:
        """Run a change of `table`; if anything at all goes wrong before it is committed (a
        refusal, a bug, a database error, a cancellation), the table in memory goes back to
        its last committed snapshot (the unfinished transaction rolls the database back)."""
        try:
            yield
        except BaseException:
            table.roll_back()
            raise

    async def transfer(self, table: Table, tx: Tx, moves: list[Transfer]) -> None:
        """Write `moves` to the ledger as the table's: `ESCROW` is its escrow account."""
        escrow = table_account(table.id)
        for move in moves:
            await tx.move(
                table.state.guild_id,
                escrow if move.src == ESCROW else move.src,
                escrow if move.dst == ESCROW else move.dst,
                move.amount,
                move.reason,
                table_id=table.id,
                hand_no=table.state.hand_no or None,
            )

    async def save(
        self,
        table: Table,
        tx: Tx,
        *,
        new_turn: bool | None = None,
        awaited: Sequence[int] | None = None,
        actor: int | None = None,
    ) -> str:
        """Write the table as a new version: its deadline, the chips it holds, and its
        snapshot, the one serialisation of a change. Returns the snapshot: the caller keeps
        it as the state a later failure rolls back to (`table.committed`) once the
        transaction has committed, not before (a COMMIT that fails must roll the table back
        to the version before this one).

        The deadline is timed here, by the table's turn as it is now. A move or a deal
        (`awaited`: the seats the hand waited on before it; `actor`: the engine seat that
        moved, if one did) starts a new turn when the hand now waits on someone it did not,
        or on the mover again, and a pause starts its count after each move. Any other change
        starts one when `new_turn` says so; by default a change during a pause leaves the
        pause's clock alone (onlookers' bets close on time)."""
        state = table.state
        state.version += 1
        turn = table.turn()
        if awaited is not None:
            new_turn = timing.new_turn(turn.awaiting, awaited, actor) or turn.pause is not None
            if new_turn or not turn.awaiting:
                state.turn_since = state.version
        elif new_turn is None:
            new_turn = turn.pause is None
        state.deadline = timing.deadline(
            state.phase,
            self.now(),
            can_deal=state.phase is Phase.BETWEEN and can_deal(table),  # only between hands
            members_awaited=turn.members,
            new_turn=new_turn,
            current=state.deadline,
            turn_timer=state.turn_timer,
            pause=None if turn.pause is None else self.pass_delay if turn.pause.paced else turn.pause.seconds,
            between_games=turn.game_over,
        )
        if state.phase is Phase.PLAYING and table.game is not None:
            bets = sum(wager.amount for wager in state.wagers if wager.returned is None)
            state.held = table.plugin.held(table.game) + bets + sum(offer.held for offer in state.offers)
        else:
            state.held = sum(state.stacks.values()) + table.match.carried
        snapshot = table.snapshot_json()
        await tx.save_table(table.id, snapshot, status="closed" if state.phase is Phase.CLOSED else None)
        if self.saved is not None and table.id in self.clicked:
            try:
                self.saved(table)
            except Exception:  # only a picture started early: the answer draws it, or says why not
                log.exception("table %s: could not start drawing its picture", table.id)
        return snapshot

    async def commit(
        self,
        table: Table,
        line: Text | None,
        moves: list[Transfer] | None = None,
        *,
        new_turn: bool | None = None,
        short: Text = STACK_SHORT,
    ) -> None:
        """Save a change with its log line and chip moves in one transaction, as a new
        version (`new_turn`: see `save`). A ledger refusal becomes `short` and the reason."""
        if line:
            self.log(table, line)
        try:
            async with self.store.transaction() as tx:
                await self.transfer(table, tx, moves or [])
                snapshot = await self.save(table, tx, new_turn=new_turn)
            table.committed = snapshot
        except InsufficientFunds as error:
            raise TableError(t("{refused} {why}", refused=short, why=short_of(error))) from error
