"""The table service: every open table of this bot process, and the one path by which a
table changes.

Each change goes through that path: take the table's lock, check the state version, change
the table in memory, then commit the chip moves and the new snapshot in one SQLite
transaction (`Commit`). If anything fails before the commit, the table goes back to its
last committed snapshot. Rendering happens outside: a click returns what changed (a
`TableChange`) to the cog, which shows it while the table is still locked; what the clock does
goes to the one listener the bot registers (`listen`).

The work is split by job: `Lobby` (seats, joining and leaving, the host, closing), `Hands`
(the hand in play and its money), `Autoplay` (timers and computer seats), `Wagers` and
`Offers` (bets beside the hand); each is handed the commit path and the pieces it uses,
never this service. This module keeps the registry and restores tables after a restart.
No Discord here: the clock's reading and the member who clicked come in from outside.
"""

from __future__ import annotations

import contextlib
import gc
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel

from bot.games import GAMES
from bot.i18n import ROOMS, SOURCE, Text, language_of, t
from bot.shards import Shards
from bot.store import InsufficientFunds, SavedTable, Store, TableAlreadyOpen, table_account
from bot.tables import money
from bot.tables.autoplay import Autoplay
from bot.tables.commit import Changes, Commit, Listener, TableChange, short_of
from bot.tables.fair import CLICK, PLAY, Checked
from bot.tables.hand import Hands
from bot.tables.hints import Hints
from bot.tables.lobby import Lobby, display_name
from bot.tables.model import (
    TABLE_CLOSED,
    DamagedTable,
    Offer,
    Person,
    Phase,
    Seat,
    Table,
    TableError,
    TableState,
    Turn,
)
from bot.tables.money import REFUND_REASON
from bot.tables.offers import Offers
from bot.tables.timing import after_restart
from bot.tables.wagers import Wagers
from bot.workers import Workers
from engine.core.fair import new_server_seed

if TYPE_CHECKING:
    from bot.ui import Form

log = logging.getLogger(__name__)

T = TypeVar("T")

STALE_PANEL = t("That panel is out of date — the hand has moved on. Press **Your hand** for a fresh one.")
ALREADY_OPEN = t("There is already an open table in this channel.")


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
        seeds: Callable[[], int] = new_server_seed,
        deals: Callable[[], int] | None = None,
        workers: Workers | None = None,
        decision_cap: float = 5.0,
        pass_delay: float = 3.0,
    ) -> None:
        self.store = store
        # Where computers think and prices are simulated: the bot's process pool, or inline.
        self.workers = workers if workers is not None else Workers(0)
        self.now = now
        self.tables: dict[int, Table] = {}
        self.commit = Commit(store, now, pass_delay)
        self.changes = Changes()
        self.lobby = Lobby(self.commit)
        self.wagers = Wagers(self.commit)
        self.offers = Offers(self.commit)
        self.hands = Hands(
            self.commit, self.lobby, self.wagers, self.offers, seeds, self.workers, decision_cap, deals
        )
        self.fair = self.hands.fair  # fair deals: the seeds' locks and proofs, `/fair` and `/verify`
        self.hints = Hints(store, self.workers, decision_cap)  # a learner's hint, in the workers
        self.autoplay = Autoplay(
            self.commit,
            self.lobby,
            self.hands,
            self.tables,
            self.changes,
            computer_delay,
            self.workers,
            decision_cap,
        )

    def listen(self, listener: Listener) -> None:
        """Who shows the changes the tables make by themselves (the clock's); one listener,
        registered when the bot is wired."""
        self.changes.listen(listener)

    # ------------------------------------------------------------------ lookup
    def get(self, table_id: int) -> Table | None:
        return self.tables.get(table_id)

    def open_table(self, guild_id: int | None, table_id: int) -> Table:
        """The open table a control names, in the guild it was used in; raises TableError
        saying it is closed otherwise."""
        table = self.tables.get(table_id)
        if table is None or table.state.guild_id != guild_id:
            raise TableError(TABLE_CLOSED)
        return table

    def in_channel(self, channel_id: int) -> Table | None:
        for table in self.tables.values():
            if table.state.channel_id == channel_id:
                return table
        return None

    # ------------------------------------------------------------- lifecycle
    async def restore(self, shards: Shards | None = None) -> Restored:
        """Bring back every open table after a restart, timers and computer turns included:
        of every guild, or only of the guilds of this process's `shards` (the others are
        another process's to restore, time, play or set aside).

        A saved table that can't be loaded is set aside (refunded and closed), never allowed
        to stop the others; the caller tells its channel once the bot is connected."""
        report = Restored()
        now = self.now()
        saved_tables = await self.store.saved_tables(shards)
        # Every object a table is made of lives as long as the table: the cyclic garbage
        # collector, run every few hundred allocations, would walk the ever larger heap of
        # tables already restored again and again (40% of a 10,000-table start-up). It rests
        # until they are all in; what little garbage the loading makes is freed as usual.
        collecting = gc.isenabled()
        gc.disable()
        try:
            for saved in saved_tables:
                try:
                    table, turn = self._revive(saved)
                except Exception as error:
                    if await self._set_aside(saved, error):
                        report.set_aside.append((saved.id, saved.channel_id))
                    continue
                table.state.deadline = after_restart(table.state.phase, table.state.deadline, now)
                ROOMS.setdefault(table.state.guild_id, table.state.language)
                self.tables[table.id] = table
                self.autoplay.schedule(table, turn)
        finally:
            if collecting:
                gc.enable()
        report.tables = len(self.tables)
        return report

    @staticmethod
    def _revive(record: SavedTable) -> tuple[Table, Turn]:
        """A saved table as a live one, and its turn facts (read once: checked here, timed by
        the clock); raises if any part of it can't be read. The text it was read from is
        the committed state a failed move rolls back to."""
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
        turn = Turn()
        if table.game is not None:
            # Read the hand the way the table will, so a damaged one fails here, not mid-click.
            plugin.held(table.game)
            turn = table.turn()
            dealt = max(len(state.seats), len(state.hand_seats))  # a robot is dealt in without a member
            if any(not 0 <= seat < dealt for seat in turn.awaiting):
                raise DamagedTable("the hand waits on a seat the table doesn't have")
        return table, turn

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
        hints: bool = False,
        guild_locale: object = None,
    ) -> Table:
        """A new table in its lobby, the host seated. It shows everyone the server's
        language (`/settings language`, else `guild_locale`, the server's own Discord
        language, if Ridotto speaks it, else English)."""
        plugin = GAMES[game]
        options = options if options is not None else plugin.parse_options({})
        if self.in_channel(channel_id) is not None:
            raise TableError(ALREADY_OPEN)
        await self.lobby.check_bankroll(guild_id, host.id, plugin, stake, options)
        settings = await self.store.guild_settings(guild_id)
        language = settings.language or language_of(guild_locale) or SOURCE
        if settings.language:
            ROOMS[guild_id] = settings.language
        name = display_name(host)
        state = TableState(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host_id=host.id,
            stake=stake,
            level=level,
            hints=hints,
            options=options.model_dump(mode="json"),
            turn_timer=settings.turn_timer,
            seats=[Seat(choice=choice, user_id=host.id, name=name)],
            deadline=self.autoplay.deadline_now(Phase.LOBBY),
            log=[t("{player} opened the table.", player=name)],
            language=language,
        )
        stack = plugin.buy_in(stake, options)
        if stack is not None:
            state.stacks[choice] = stack
            state.held = stack
        table = Table(state, plugin)
        await self.lobby.ratings.sit(table, state.seats[0])
        try:
            async with self.store.transaction() as tx:
                state.id = await tx.create_table(guild_id, channel_id, game, host.id, {})
                self.fair.lock(table, "first")  # public before anyone can deal
                await self.commit.transfer(table, tx, money.buy_in(state.seats[0], money.ESCROW, stack))
                snapshot = table.snapshot_json()
                await tx.save_table(state.id, snapshot)
            table.committed = snapshot
        except TableAlreadyOpen as error:
            raise TableError(ALREADY_OPEN) from error
        except InsufficientFunds as error:
            raise TableError(
                t("You can't bring a stack of {n} chips: {why}", n=stack or 0, why=short_of(error))
            ) from error
        self.tables[table.id] = table
        log.info("table %s: opened %s in channel %s, stake %s", table.id, game, channel_id, stake)
        return table

    async def set_language(self, guild_id: int, language: str) -> list[Table]:
        """`/settings language`: every open table of the server shows everyone `language`
        from now on, saved with its snapshot. Returns them, to be redrawn."""
        changed = []
        for table in [table for table in self.tables.values() if table.state.guild_id == guild_id]:
            async with table.lock, self.commit.rolled_back(table):
                if table.state.phase is Phase.CLOSED or table.state.language == language:
                    continue
                table.state.language = language
                snapshot = table.snapshot_json()
                async with self.store.transaction() as tx:
                    await tx.save_table(table.id, snapshot)
                table.committed = snapshot
            changed.append(table)
        return changed

    async def set_message(self, table: Table, message_id: int) -> None:
        async with table.lock, self.commit.rolled_back(table):
            table.state.message_id = message_id
            snapshot = table.snapshot_json()
            async with self.store.transaction() as tx:
                await tx.save_table(table.id, snapshot)
            table.committed = snapshot
        self.autoplay.schedule(table)

    async def seat_computers(
        self, table: Table, host: Person, computers: int, interaction_id: int | None = None
    ) -> TableChange:
        """`/play ... computers:N`: N computer players sit down beside the host of a new table
        and, when the seats then suffice, the first hand is dealt: what pressing **Add bot**
        N times and **Start** does, under one lock. The caller shows the change.
        `interaction_id`: the /play's, mixed into the deal (see bot/tables/fair.py)."""
        async with table.lock:
            if table.state.phase is not Phase.LOBBY:
                raise TableError(t("This table is no longer in its lobby."))
            async with self.commit.rolled_back(table):
                for _ in range(computers):
                    await self.lobby.add_computer(table, host, "bot")
                if len(table.state.seats) >= table.seat_range[0]:
                    self.lobby.check_start(table, host)
                    await self.hands.deal(table, PLAY, _ids(interaction_id))
            turn = table.turn()
            self.autoplay.schedule(table, turn)
        return TableChange(table, ping=turn.members)

    async def close(self, table: Table, line: Text) -> None:
        """Close a table from outside its game (its message could not be posted): every chip
        it holds goes home, in one committed change."""
        async with table.lock, self.commit.rolled_back(table):
            await self.lobby.close(table, line)
        self.autoplay.schedule(table)

    async def reposted(self, table: Table, message_id: int) -> None:
        """The table message was deleted and a redraw posted it again as `message_id`:
        save that at once, so that a restart before the next move still finds it.

        Redraws run both inside a change (under the table's lock) and after one, so this
        takes no lock. It sets the id in memory first, so a change saving meanwhile writes
        it with its snapshot; then writes only the snapshot's message id (one small
        transaction), and last sets it in the committed snapshot a failed move rolls back to."""
        table.state.message_id = message_id
        try:
            async with self.store.transaction() as tx:
                await tx.set_message(table.id, message_id)
        except Exception:
            # The next committed move saves it with the snapshot; the redraw must not fail.
            log.warning("table %s: could not save the new table message's id yet", table.id, exc_info=True)
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
    ) -> Text:
        """The member asked accepts or declines a side bet (see `Offers.answer`)."""
        return await self._beside(table, lambda: self.offers.answer(table, user, hand_no, offer_id, accept))

    async def bet(self, table: Table, user: Person, hand_no: int, key: str, pick: str, text: str) -> Text:
        """An onlooker's house bet from the bet form (see `Wagers.place`). Raises TableError
        with a sentence when it changes nothing."""
        return await self._beside(table, lambda: self.wagers.place(table, user, hand_no, key, pick, text))

    async def _beside(self, table: Table, change: Callable[[], Awaitable[T]]) -> T:
        """A change made beside the hand (a bet, an offer, an answer): under the table's lock,
        committed or rolled back whole, and the clock set again for the new version."""
        async with table.lock:
            if table.state.phase is Phase.CLOSED:
                raise TableError(TABLE_CLOSED)
            async with self.commit.rolled_back(table):
                result = await change()
            self.autoplay.schedule(table)
        return result

    # ------------------------------------------------------------- clicks
    @contextlib.asynccontextmanager
    async def click(
        self, table: Table, user: Person, version: int, key: str, interaction_id: int | None = None
    ) -> AsyncIterator[TableChange]:
        """Handle one button of the table message, and give back what changed.
        `interaction_id`: the id Discord gave the click, mixed into a deal it starts.

        The steps of a change, in order, here and nowhere else: lock, check the version,
        apply (a lobby move, the deal, or a move of the hand, each saving itself in one
        transaction), set the clock, and give the change to the caller, who renders it. The
        table stays locked until the caller's `async with` block ends, so that what the
        caller shows is not overtaken on the table message by a computer's move or a timer.
        Raises TableError with a sentence for the member when the click changes nothing.
        """
        async with table.lock:
            state = table.state
            if state.phase is Phase.CLOSED:
                raise TableError(TABLE_CLOSED)
            if version != state.version:
                raise TableError(
                    t(
                        "That button is out of date — the table has moved on. Use the buttons on the table "
                        "message as it is now."
                    )
                )
            note: Text | None = None
            head = key.split(".")[0]
            self.commit.clicked.add(state.id)  # its picture is drawn as it saves (`Commit.saved`)
            try:
                async with self.commit.rolled_back(table):
                    if head == "start":
                        self.lobby.check_start(table, user)
                        state.clock_deals = 0  # a member dealt: the clock may deal again
                        await self.hands.deal(table, CLICK, _ids(interaction_id))
                    elif (handler := self.lobby.moves.get(head)) is not None:
                        note = await handler(table, user, key)
                    else:  # a move of the hand, checked against whom it waits on (read once)
                        await self.hands.play(table, table.turn(), user, key, [])
            finally:
                self.commit.clicked.discard(state.id)
            turn = table.turn()  # read once: the clock's next entry and the ping
            self.autoplay.schedule(table, turn)
            yield TableChange(table, note=note, ping=turn.members)

    def table_form(self, table: Table, user: Person, key: str) -> tuple[int, Form]:
        """The form a button of the table message opens for `user` (see `Hands.form`), and
        their table seat. It changes nothing: sending the form is checked again, like a
        panel's (`click_private`, with the panel token the form was opened with)."""
        if table.state.phase is Phase.CLOSED:
            raise TableError(TABLE_CLOSED)
        return self.hands.form(table, user, key)

    @contextlib.asynccontextmanager
    async def click_private(
        self,
        table: Table,
        user: Person,
        choice: str,
        token: str,
        key: str,
        values: list[str],
        *,
        stale: Text = STALE_PANEL,
    ) -> AsyncIterator[TableChange]:
        """Handle a control on a member's private panel (their hand), or a form opened from
        the table message: it names the seat it was drawn for and that seat's panel token, so
        only that member, and only while the panel is current, can use it (else `stale` is
        the refusal). The same steps as `click`."""
        async with table.lock:
            if table.state.phase is Phase.CLOSED:
                raise TableError(TABLE_CLOSED)
            seat = table.seat_of(user.id)
            if seat is None or table.state.seats[seat].choice != choice:
                raise TableError(
                    t("Those controls belong to another player's hand — press **Your hand** for yours.")
                )
            if token != table.panel_token(seat):
                raise TableError(stale)
            async with self.commit.rolled_back(table):
                await self.hands.play(table, table.turn(), user, key, values)
            turn = table.turn()
            self.autoplay.schedule(table, turn)
            yield TableChange(table, ping=turn.members, answered={user.id})

    # ------------------------------------------------------------- fair deals
    async def verify(self, guild_id: int, text: str) -> Checked:
        """`/verify <hand>`: check a finished hand of the server's (see `Fairness.verify`)."""

        def open_here(table_id: int) -> Table | None:
            table = self.tables.get(table_id)
            return table if table is not None and table.state.guild_id == guild_id else None

        return await self.fair.verify(guild_id, text, open_here)


def _ids(interaction_id: int | None) -> tuple[int, ...]:
    return () if interaction_id is None else (interaction_id,)


__all__ = ["REFUND_REASON", "Restored", "TableService"]
