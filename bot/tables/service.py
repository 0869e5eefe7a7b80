"""The table service: every open table of this bot process, and the one path by which a
table changes.

Each change goes through that path: take the table's lock, check the state version, change
the table in memory, then commit the chip moves and the new snapshot in one SQLite
transaction. If anything fails before the commit, the table goes back to its last
committed snapshot. Rendering happens outside, through the hooks the table cog installs.

The work is split by job: `Lobby` (seats, joining and leaving, the host), `Hands` (the
hand in play and its money), `Autoplay` (timers and computer seats); this module keeps
the registry, restores tables after a restart, and owns the commit path they share. No
Discord here: the clock's reading and the member who clicked come in from outside.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TypeVar

from pydantic import BaseModel

from bot.games import GAMES
from bot.storage import InsufficientFunds, SavedTable, Store, TableAlreadyOpen, Tx, table_account
from bot.tables import money, offers
from bot.tables.autoplay import Autoplay
from bot.tables.hand import Hands
from bot.tables.lobby import Lobby, display_name
from bot.tables.model import (
    LOG_LINES,
    TABLE_CLOSED,
    DamagedTable,
    MoveSavedError,
    Offer,
    Person,
    Phase,
    Seat,
    Table,
    TableError,
    TableState,
)
from bot.tables.money import REFUND_REASON, Transfer
from bot.tables.offers import Offers
from bot.tables.timing import after_restart
from bot.tables.wagers import Wagers, open_total
from engine.core.rng import new_seed

log = logging.getLogger(__name__)

T = TypeVar("T")

Hook = Callable[[Table], Awaitable[None]]


@dataclass
class Restored:
    """What start-up found: how many tables came back, and those set aside (id, channel)."""

    tables: int = 0
    set_aside: list[tuple[int, int]] = field(default_factory=list)


def _utcnow() -> datetime:
    return datetime.now(UTC)


class TableService:
    """Owns every open table of this bot process."""

    def __init__(
        self,
        store: Store,
        *,
        computer_delay: float = 1.5,
        now: Callable[[], datetime] = _utcnow,
        seeds: Callable[[], int] = new_seed,
    ) -> None:
        self.store = store
        self.now = now
        self.seeds = seeds  # each hand's seed; tests pass a reproducible source
        self.tables: dict[int, Table] = {}
        self.on_change: Hook | None = None  # re-render the public message
        self.on_turn: Hook | None = None  # ping the member to act
        self.lobby = Lobby(self)
        self.hands = Hands(self)
        self.autoplay = Autoplay(self, computer_delay)
        self.wagers = Wagers(self)
        self.offers = Offers(self)

    # ------------------------------------------------------------------ lookup
    def get(self, table_id: int) -> Table | None:
        return self.tables.get(table_id)

    def in_channel(self, channel_id: int) -> Table | None:
        for table in self.tables.values():
            if table.state.channel_id == channel_id:
                return table
        return None

    # ------------------------------------------------------------- lifecycle
    async def restore(self) -> Restored:
        """Bring back every open table after a restart, timers and computer turns included.

        A saved table that can't be loaded is set aside (refunded and closed), never allowed
        to stop the others; the caller tells its channel once the bot is connected."""
        report = Restored()
        now = self.now()
        for saved in await self.store.saved_tables():
            try:
                table = self._revive(saved)
            except Exception as error:
                if await self._set_aside(saved, error):
                    report.set_aside.append((saved.id, saved.channel_id))
                continue
            table.state.deadline = after_restart(table.state.phase, table.state.deadline, now)
            self.tables[table.id] = table
            self.autoplay.schedule(table)
        report.tables = len(self.tables)
        return report

    @staticmethod
    def _revive(record: SavedTable) -> Table:
        """A saved table as a live one; raises if any part of it can't be read. The text it
        was read from is the committed state a failed move rolls back to."""
        state = TableState.from_saved(record.snapshot)
        state.id = record.id  # the snapshot names the table's message: the one place it is kept
        where = (record.guild_id, record.channel_id, record.game)
        if (state.guild_id, state.channel_id, state.game) != where:
            raise DamagedTable("the snapshot belongs to another guild, channel or game")
        plugin = GAMES.get(state.game)
        if plugin is None:
            raise DamagedTable("unknown game")
        if state.phase is Phase.PLAYING and state.hand is None:
            raise DamagedTable("a hand is in play but none is saved")
        table = Table(state, plugin, committed=record.snapshot)
        if table.game is not None:
            # Read the hand the way the table will, so a damaged one fails here, not mid-click.
            plugin.held(table.game)
            dealt = max(len(state.seats), len(state.hand_seats))  # a robot is dealt in without a member
            if any(not 0 <= seat < dealt for seat in table.awaiting):
                raise DamagedTable("the hand waits on a seat the table doesn't have")
        return table

    async def _set_aside(self, saved: SavedTable, error: Exception) -> bool:
        """Refund and close a table whose saved state can't be loaded, in one transaction.

        With a readable TableState the hand in play is voided (stacks as of the last hand's
        end, this hand's antes and bets back to whoever paid them, a carried pot shared);
        otherwise the escrow goes back by the ledger. docs/RULES.md, "Damaged saved tables".
        The snapshot may name hidden cards, so only the error's type is logged."""
        log.warning(
            "table %s: its saved state could not be loaded (%s); setting it aside and refunding it",
            saved.id,
            type(error).__name__,
        )
        record = saved.record()
        account = table_account(record.id)
        try:
            state: TableState | None = TableState.from_saved(saved.snapshot)
        except ValueError:  # pydantic's ValidationError and a damaged match are ValueErrors
            state = None
        try:
            async with self.store.transaction() as tx:
                escrow = await tx.escrow(record.id)
                moves = await tx.escrow_moves(record.id)
                refunds, rule, hand_no = None, "the ledger", None
                if state is not None and state.guild_id == record.guild_id:
                    refunds = money.void_hand_refunds(state, account, escrow, moves)
                    rule, hand_no = "voiding the hand", state.hand_no or None
                if refunds is None:
                    refunds, rule, hand_no = money.ledger_refunds(account, escrow, moves), "the ledger", None
                for refund in refunds:
                    await tx.move(
                        record.guild_id,
                        refund.src,
                        refund.dst,
                        refund.amount,
                        refund.reason,
                        table_id=record.id,
                        hand_no=hand_no,
                    )
                marked = {**record.snapshot, "set_aside": type(error).__name__}
                await tx.save_table(record.id, marked, status="closed")
        except Exception:
            log.exception("table %s: could not be set aside; it stays as saved", record.id)
            return False
        log.warning(
            "table %s: set aside; %s chips refunded to %d account(s) by %s",
            record.id,
            escrow,
            len({refund.dst for refund in refunds}),
            rule,
        )
        return True

    async def stop(self) -> None:
        """The bot is shutting down: no more automatic moves, and one in progress finishes."""
        await self.autoplay.stop()

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: Person,
        game: str,
        stake: int,
        choice: str,
        level: str,
        options: BaseModel | None = None,
    ) -> Table:
        plugin = GAMES[game]
        options = options if options is not None else plugin.parse_options({})
        if self.in_channel(channel_id) is not None:
            raise TableError("There is already an open table in this channel.")
        await self.lobby.check_bankroll(guild_id, host.id, plugin, stake, options)
        settings = await self.store.guild_settings(guild_id)
        name = display_name(host)
        state = TableState(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host_id=host.id,
            stake=stake,
            level=level,
            options=options.model_dump(mode="json"),
            turn_timer=settings.turn_timer,
            seats=[Seat(choice=choice, user_id=host.id, name=name)],
            deadline=self.autoplay.deadline_now(Phase.LOBBY),
            log=[f"{name} opened the table."],
        )
        stack = plugin.buy_in(stake, options)
        if stack is not None:
            state.stacks[choice] = stack
            state.held = stack
        table = Table(state, plugin)
        try:
            async with self.store.transaction() as tx:
                state.id = await tx.create_table(guild_id, channel_id, game, host.id, {})
                await self.transfer(table, tx, money.buy_in(state.seats[0], table_account(state.id), stack))
                table.committed = table.snapshot_json()
                await tx.save_table(state.id, table.committed)
        except TableAlreadyOpen as error:
            raise TableError("There is already an open table in this channel.") from error
        except InsufficientFunds as error:
            raise TableError(f"You can't bring a stack of {stack or 0:,} chips: {error}") from error
        self.tables[table.id] = table
        log.info("table %s: opened %s in channel %s, stake %s", table.id, game, channel_id, stake)
        return table

    async def set_message(self, table: Table, message_id: int) -> None:
        async with table.lock, self._committed(table):
            table.state.message_id = message_id
            async with self.store.transaction() as tx:
                table.committed = table.snapshot_json()
                await tx.save_table(table.id, table.committed)
        self.autoplay.schedule(table)

    async def reposted(self, table: Table, message_id: int) -> None:
        """The table message was deleted and a redraw posted it again as `message_id`:
        save that at once, so that a restart before the next move still finds it.

        Redraws run both inside a change (under the table's lock) and after one, so this
        takes no lock. It writes only the snapshot's message id (one small transaction),
        then sets it in memory and in the committed snapshot a failed move rolls back to,
        after that write: by then any change that began earlier has saved, and any later
        one writes the new id with its snapshot."""
        table.state.message_id = message_id
        try:
            async with self.store.transaction() as tx:
                await tx.set_message(table.id, message_id)
        except Exception:
            # The next committed move saves it with the snapshot; the redraw must not fail.
            log.warning("table %s: could not save the new table message's id yet", table.id, exc_info=True)
        table.state.message_id = message_id
        committed = json.loads(table.committed)
        if isinstance(committed, dict):
            committed["message_id"] = message_id
            table.committed = json.dumps(committed, separators=(",", ":"), ensure_ascii=False)

    async def offer(
        self, table: Table, user: Person, hand_no: int, kind: str, seat: int, values: list[str]
    ) -> Offer:
        """A side bet offered from the offer form (see `Offers.make`)."""
        return await self._beside(table, lambda: self.offers.make(table, user, hand_no, kind, seat, values))

    async def answer_offer(
        self, table: Table, user: Person, hand_no: int, offer_id: int, accept: bool
    ) -> str:
        """The member asked accepts or declines a side bet (see `Offers.answer`)."""
        return await self._beside(table, lambda: self.offers.answer(table, user, hand_no, offer_id, accept))

    async def bet(self, table: Table, user: Person, hand_no: int, key: str, pick: str, text: str) -> str:
        """An onlooker's house bet from the bet form (see `Wagers.place`). Raises TableError
        with a sentence when it changes nothing."""
        return await self._beside(table, lambda: self.wagers.place(table, user, hand_no, key, pick, text))

    async def _beside(self, table: Table, change: Callable[[], Awaitable[T]]) -> T:
        """A change made beside the hand (a bet, an offer, an answer): under the table's lock,
        committed or rolled back whole, and the clock set again for the new version."""
        async with table.lock:
            if table.state.phase is Phase.CLOSED:
                raise TableError(TABLE_CLOSED)
            async with self._committed(table):
                result = await change()
            self.autoplay.schedule(table)
        return result

    # ------------------------------------------------------------- clicks
    async def click(self, table: Table, user: Person, version: int, key: str, respond: Hook) -> str | None:
        """Handle one button of the table message. Returns an optional private note.

        `respond` renders the new state for the clicker; it runs under the table's lock so no
        computer move or timer can overtake it on the table message. Raises TableError with a
        sentence for the member when the click changes nothing.
        """
        async with table.lock:
            if table.state.phase is Phase.CLOSED:
                raise TableError(TABLE_CLOSED)
            if version != table.version:
                raise TableError(
                    "That button is out of date — the table has moved on. Use the buttons on the table "
                    "message as it is now."
                )
            handler = self.lobby.handler(key.split(".")[0])
            if handler is not None:
                return await self._run(table, respond, lambda: handler(table, user, key))
            return await self._run(table, respond, lambda: self.hands.play(table, user, key, []))

    async def click_private(
        self,
        table: Table,
        user: Person,
        choice: str,
        token: str,
        key: str,
        values: list[str],
        respond: Hook,
    ) -> str | None:
        """Handle a control on a member's private panel (their hand): it names the seat it
        was drawn for and that seat's panel token, so only that member, and only while the
        panel is current, can use it."""
        async with table.lock:
            if table.state.phase is Phase.CLOSED:
                raise TableError(TABLE_CLOSED)
            seat = table.seat_of(user.id)
            if seat is None or table.state.seats[seat].choice != choice:
                raise TableError(
                    "Those controls belong to another player's hand — press **Your hand** for yours."
                )
            if token != table.panel_token(seat):
                raise TableError(
                    "That panel is out of date — the hand has moved on. Press **Your hand** for a fresh one."
                )
            return await self._run(table, respond, lambda: self.hands.play(table, user, key, values))

    async def _run(
        self, table: Table, respond: Hook, change: Callable[[], Awaitable[str | None]]
    ) -> str | None:
        async with self._committed(table):
            note = await change()
        self.autoplay.schedule(table)
        try:
            await respond(table)
        except Exception as error:
            # The move is saved; only drawing it failed. Put the table message right for
            # everyone, then let the cog tell the clicker what happened.
            log.warning("table %s: the move was saved but its reply failed", table.id)
            await self.changed(table)
            raise MoveSavedError from error
        await self.notify_turn(table)
        return note

    @contextlib.asynccontextmanager
    async def _committed(self, table: Table) -> AsyncIterator[None]:
        """Run a change of `table`; if anything at all goes wrong before it is committed (a
        refusal, a bug, a database error, a cancellation), the table in memory goes back to
        its last committed snapshot, so memory and database never disagree."""
        try:
            yield
        except BaseException:
            table.roll_back()
            raise

    # ------------------------------------------------------- the commit path
    def log(self, table: Table, line: str) -> None:
        table.state.log = [*table.state.log, line][-LOG_LINES:]

    async def commit(self, table: Table, line: str, moves: list[Transfer] | None = None) -> None:
        """Save a change that moves no chips in play (seating, host, flags), with the buy-ins
        and cash-outs it brings, in one transaction."""
        self.log(table, line)
        table.state.version += 1
        try:
            async with self.store.transaction() as tx:
                await self.transfer(table, tx, moves or [])
                # A seat change during a pause leaves its clock alone (onlookers' bets close on time).
                await self.save(table, tx, new_turn=table.pause is None)
        except InsufficientFunds as error:
            raise TableError(f"You can't bring a stack to this table: {error}") from error

    async def close(self, table: Table, line: str, moves: list[Transfer] | None = None) -> None:
        # bets and offers a hand never settled go back to whoever put them in
        refunds = self.wagers.refund_all(table) + self.offers.refund_all(table)
        table.state.phase = Phase.CLOSED
        await self.commit(table, line, [*(moves or []), *refunds, *self.cash_out_all(table)])
        log.info("table %s: closed (%s)", table.id, line)

    async def save(self, table: Table, tx: Tx, *, new_turn: bool = True) -> None:
        """Write the table's snapshot: the one serialisation of a move, kept as the state a
        later failure rolls back to."""
        state = table.state
        state.deadline = self.autoplay.deadline(table, new_turn)
        if state.phase is Phase.PLAYING and table.game is not None:
            state.held = table.plugin.held(table.game) + open_total(state.wagers) + offers.held(state.offers)
        else:
            state.held = sum(state.stacks.values()) + table.match.carried
        snapshot = table.snapshot_json()
        await tx.save_table(table.id, snapshot, status="closed" if state.phase is Phase.CLOSED else None)
        table.committed = snapshot

    async def transfer(self, table: Table, tx: Tx, moves: list[Transfer]) -> None:
        for move in moves:
            await tx.move(
                table.state.guild_id,
                move.src,
                move.dst,
                move.amount,
                move.reason,
                table_id=table.id,
                hand_no=table.state.hand_no or None,
            )

    def escrow(self, table: Table) -> str:
        return table_account(table.id)

    def cash_out(self, table: Table, seat: Seat) -> list[Transfer]:
        """Stack games: a leaving seat's stack goes back to whoever brought it."""
        return money.cash_out(seat, self.escrow(table), table.state.stacks.pop(seat.choice, 0))

    def cash_out_all(self, table: Table, departed: list[Seat] | None = None) -> list[Transfer]:
        """Every stack goes home, and a pot left by a hand without a winner is shared out
        among the players still seated (or those who just left, if nobody is). A game in
        progress whose stakes move only at its end is settled first as it stands: each seat
        pays what leaving now would cost it (`GamePlugin.leaving_debts`), so closing the
        table is no way out of a game one is losing (docs/RULES.md, "The card room")."""
        moves: list[Transfer] = []
        for seat in table.state.seats:
            paid = self.lobby.pay_debts(table, seat)
            if paid:
                self.log(table, paid.strip())
        for seat in table.state.seats:
            moves += self.cash_out(table, seat)
        return moves + self.share_pot(table, table.state.seats or departed or [])

    def share_pot(self, table: Table, seats: list[Seat]) -> list[Transfer]:
        table.match, pot = table.match.take_carried()
        return money.share_pot(pot, self.escrow(table), seats)

    async def changed(self, table: Table) -> None:
        """The table moved on its own (a timer, a computer): redraw it and ping."""
        if self.on_change is not None:
            try:
                await self.on_change(table)
            except Exception:
                log.exception("table %s: could not update the table message", table.id)
        await self.notify_turn(table)

    async def notify_turn(self, table: Table) -> None:
        if self.on_turn is None or not any(not table.seat_for(s).is_computer for s in table.awaiting):
            return
        try:
            await self.on_turn(table)
        except Exception:
            # A channel that refuses pings must not stop the table; say so once per table.
            if not table.ping_failed:
                log.warning("table %s: could not ping the player to act", table.id, exc_info=True)
            table.ping_failed = True


__all__ = ["REFUND_REASON", "Restored", "TableService"]
