"""The table registry: every open table, its lock, its money, its timers and computer seats.

A table lives across many hands. Each change goes through one path: take the table's
lock, check the state version, change a copy of the state, then commit the chip moves
and the new snapshot in one SQLite transaction; only then does the table in memory move
on. Rendering happens outside, through the `on_change` hook the table cog installs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, ClassVar

import discord
from pydantic import BaseModel, Field

from bot.clock import Clock
from bot.games import GAMES, HandSetup, Plugin
from bot.storage import (
    HOUSE,
    EscrowMove,
    InsufficientFunds,
    Store,
    TableAlreadyOpen,
    TableRecord,
    Tx,
    member_account,
    table_account,
)
from engine.core.errors import RuleError
from engine.core.game import Event
from engine.core.rng import new_seed

log = logging.getLogger(__name__)

#: a lobby, or a table without enough players between hands, closes after this long
IDLE_CLOSE = timedelta(minutes=30)
#: between hands, the next hand is dealt after this pause unless someone deals sooner
NEXT_HAND_DELAY = timedelta(seconds=30)
#: after a restart, a member to act has at least this long before the timer plays for them
RESTART_GRACE = timedelta(seconds=30)
#: after an automatic move fails unexpectedly, the clock tries it again after this long
RETRY_AFTER = timedelta(seconds=30)
#: consecutive timeouts after which a computer takes the seat
STRIKES_TO_REPLACE = 2
LOG_LINES = 8
COMPUTER_NAMES = ("Isabella", "Lorenzo", "Beatrice", "Cosimo", "Lucrezia", "Baldassare")


class TableError(Exception):
    """A refusal to show the member who clicked, as an ephemeral sentence."""


class MoveSavedError(Exception):
    """A move was committed, but answering the member who made it failed afterwards."""


class DamagedTable(Exception):
    """A saved table that can't be brought back as it was; it is set aside and refunded."""


class Phase(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    BETWEEN = "between"  # a hand is over, the next is not dealt yet
    CLOSED = "closed"


class Seat(BaseModel):
    """A chair at the table: a member or a computer player, and the suit/place they chose."""

    choice: str
    user_id: int | None = None  # None: a computer player, playing with the house's chips
    name: str
    level: str | None = None
    strikes: int = 0  # consecutive turns this member let the timer play
    leaving: bool = False  # asked to leave; goes at the end of the hand
    replace: bool = False  # timed out twice; a computer takes over at the end of the hand

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def account(self) -> str:
        return HOUSE if self.user_id is None else member_account(self.user_id)

    @property
    def mention(self) -> str:
        return f"🤖 {self.name}" if self.user_id is None else f"<@{self.user_id}>"


class TableState(BaseModel):
    """Everything about a table that survives a restart (stored as its snapshot)."""

    id: int = 0
    guild_id: int
    channel_id: int
    message_id: int | None = None
    game: str
    host_id: int
    stake: int
    level: str = "basic"
    turn_timer: int = 120  # seconds a member has for each decision
    phase: Phase = Phase.LOBBY
    version: int = 1
    seats: list[Seat] = Field(default_factory=list)
    dealer: str | None = None  # the choice (suit) of the last dealer
    options: dict[str, Any] = Field(default_factory=dict)  # the game's table options
    #: stack games: chips each seat (by choice) has at the table, as of the last hand's end
    stacks: dict[str, int] = Field(default_factory=dict)
    last_winner: str | None = None  # the choice of the last hand's winner
    #: moves each seat (by choice) has made this hand; private panels are stale once it moves
    acted: dict[str, int] = Field(default_factory=dict)
    #: stack games: chips a hand without a winner left in the pot for the next hand
    pot: int = 0
    #: points games: each seat's (by choice) score in the game under way
    scores: dict[str, int] = Field(default_factory=dict)
    #: chips this table holds, as the table itself counts them; the audit checks the escrow
    held: int = 0
    hand_no: int = 0
    hand: dict[str, Any] | None = None
    hand_seats: list[str] = Field(default_factory=list)  # who sat in each engine seat this hand
    turn_since: int = 0  # the version at which the current turn began (pings once per turn)
    deadline: datetime | None = None
    closing: bool = False
    log: list[str] = Field(default_factory=list)


class Table:
    """A live table: its state, the engine state of the hand in play, its lock and tasks."""

    def __init__(self, state: TableState, plugin: Plugin) -> None:
        self.state = state
        self.plugin = plugin
        #: the host's /play options, read once from the snapshot, typed by the game
        self.options: Any = plugin.load_options(state.options)
        self.game: Any = plugin.load(state.hand) if state.hand is not None else None
        self.lock = asyncio.Lock()
        self.ping_message_id: int | None = None
        self.pinged: int | None = None  # turn_since of the last ping
        self.fresh_panels: set[int] = set()  # seats whose open hand panel shows the hand as it is

    @property
    def id(self) -> int:
        return self.state.id

    @property
    def version(self) -> int:
        return self.state.version

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.state.seats):
            if seat.user_id == user_id:
                return index
        return None

    @property
    def to_act(self) -> int | None:
        if self.state.phase is not Phase.PLAYING or self.game is None:
            return None
        return self.game.to_act

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats the hand waits on: one, or several during a simultaneous choice."""
        if self.state.phase is not Phase.PLAYING or self.game is None:
            return ()
        return self.game.awaiting

    @property
    def seat_range(self) -> tuple[int, int]:
        return self.plugin.seat_range(self.options)

    @property
    def stacked(self) -> bool:
        """Whether players bring a stack to this table (rather than paying hand by hand)."""
        return self.plugin.buy_in(self.state.stake, self.options) is not None

    def panel_token(self, seat: int) -> str:
        """Changes whenever this seat's private panel goes out of date: a new hand, or a
        move of its own. Other players' moves (a simultaneous pass) leave it valid."""
        choice = self.state.seats[seat].choice
        return f"{self.state.hand_no}.{self.state.acted.get(choice, 0)}"

    @property
    def humans(self) -> list[Seat]:
        return [seat for seat in self.state.seats if not seat.is_computer]

    def snapshot(self) -> dict[str, Any]:
        self.state.hand = self.game.to_json() if self.game is not None else None
        return self.state.model_dump(mode="json")


Hook = Callable[[Table], Awaitable[None]]


class TableService:
    """Owns every open table of this bot process."""

    def __init__(self, bot: discord.Client, store: Store, *, computer_delay: float = 1.5) -> None:
        self.bot = bot
        self.store = store
        self.computer_delay = computer_delay
        self.tables: dict[int, Table] = {}
        self.clock = Clock(self._on_due)
        self.on_change: Hook | None = None  # re-render the public message
        self.on_turn: Hook | None = None  # ping the member to act

    # ------------------------------------------------------------------ lookup
    def get(self, table_id: int) -> Table | None:
        return self.tables.get(table_id)

    def in_channel(self, channel_id: int) -> Table | None:
        for table in self.tables.values():
            if table.state.channel_id == channel_id:
                return table
        return None

    # ------------------------------------------------------------- lifecycle
    async def restore(self) -> int:
        """Bring back every open table after a restart, timers and computer turns included.

        A saved table that can't be loaded is set aside (refunded and closed), never allowed
        to stop the others; its channel is told once the bot is connected."""
        set_aside: list[tuple[int, int]] = []  # (table id, channel id)
        for record in await self.store.open_tables():
            try:
                table = self._revive(record)
            except Exception as error:
                if await self._set_aside(record, error):
                    set_aside.append((record.id, record.channel_id))
                continue
            state = table.state
            if state.phase is Phase.PLAYING and state.deadline is not None:
                # Time the bot was down is not the player's fault: leave them a moment to act.
                state.deadline = max(state.deadline, now() + RESTART_GRACE)
            self.tables[table.id] = table
            self.schedule(table)
        if set_aside:
            # In setup_hook no channel is reachable yet: the notices wait for the gateway.
            self._notices = asyncio.get_running_loop().create_task(self._tell_set_aside(set_aside))
        return len(self.tables)

    @staticmethod
    def _revive(record: TableRecord) -> Table:
        """A saved table as a live one; raises if any part of it can't be read."""
        state = TableState.model_validate(record.snapshot)
        state.id, state.message_id = record.id, record.message_id or state.message_id
        where = (record.guild_id, record.channel_id, record.game)
        if (state.guild_id, state.channel_id, state.game) != where:
            raise DamagedTable("the snapshot belongs to another guild, channel or game")
        plugin = GAMES.get(state.game)
        if plugin is None:
            raise DamagedTable("unknown game")
        if state.phase is Phase.PLAYING and state.hand is None:
            raise DamagedTable("a hand is in play but none is saved")
        table = Table(state, plugin)
        if table.game is not None:
            # Read the hand the way the table will, so a damaged one fails here, not mid-click.
            plugin.held(table.game)
            if any(not 0 <= seat < len(state.seats) for seat in table.awaiting):
                raise DamagedTable("the hand waits on a seat the table doesn't have")
        return table

    async def _set_aside(self, record: TableRecord, error: Exception) -> bool:
        """Refund and close a table whose saved state can't be loaded, in one transaction.

        With a readable TableState the hand in play is voided (stacks as of the last hand's
        end, this hand's antes and bets back to whoever paid them, a carried pot shared);
        otherwise the escrow goes back by the ledger. docs/RULES.md, "Damaged saved tables".
        The snapshot may name hidden cards, so only the error's type is logged."""
        log.warning(
            "table %s: its saved state could not be loaded (%s); setting it aside and refunding it",
            record.id,
            type(error).__name__,
        )
        account = table_account(record.id)
        try:
            state: TableState | None = TableState.model_validate(record.snapshot)
        except ValueError:  # pydantic's ValidationError is one
            state = None
        try:
            async with self.store.transaction() as tx:
                escrow = await tx.escrow(record.id)
                moves = await tx.escrow_moves(record.id)
                refunds, rule, hand_no = None, "the ledger", None
                if state is not None and state.guild_id == record.guild_id:
                    refunds = void_hand_refunds(state, account, escrow, moves)
                    rule, hand_no = "voiding the hand", state.hand_no or None
                if refunds is None:
                    refunds, rule, hand_no = ledger_refunds(account, escrow, moves), "the ledger", None
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

    async def _tell_set_aside(self, tables: list[tuple[int, int]]) -> None:
        """Once connected, say in each set-aside table's channel what happened to it."""
        await self.bot.wait_until_ready()
        for table_id, channel_id in tables:
            try:
                channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
                if not isinstance(channel, discord.abc.Messageable):
                    raise TypeError(f"channel {channel_id} takes no messages")
                await channel.send(SET_ASIDE_NOTICE)
            except (discord.DiscordException, TypeError) as error:
                log.warning(
                    "table %s: could not tell channel %s it was set aside (%s)",
                    table_id,
                    channel_id,
                    type(error).__name__,
                )

    def shutdown(self) -> None:
        self.clock.stop()

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: discord.abc.User,
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
        await self._check_bankroll(guild_id, host.id, plugin, stake, options)
        settings = await self.store.guild_settings(guild_id)
        state = TableState(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host_id=host.id,
            stake=stake,
            level=level,
            options=options.model_dump(mode="json"),
            turn_timer=settings.turn_timer,
            seats=[Seat(choice=choice, user_id=host.id, name=display_name(host))],
        )
        state.deadline = now() + IDLE_CLOSE
        state.log.append(f"{display_name(host)} opened the table.")
        buy_in = plugin.buy_in(stake, options)
        if buy_in is not None:
            state.stacks[choice] = buy_in
            state.held = buy_in
        try:
            async with self.store.transaction() as tx:
                state.id = await tx.create_table(guild_id, channel_id, game, host.id, {})
                if buy_in:
                    await tx.move(
                        guild_id,
                        member_account(host.id),
                        table_account(state.id),
                        buy_in,
                        "buy-in",
                        table_id=state.id,
                    )
                await tx.save_table(state.id, state.model_dump(mode="json"))
        except TableAlreadyOpen as error:
            raise TableError("There is already an open table in this channel.") from error
        except InsufficientFunds as error:
            raise TableError(f"You can't bring a stack of {buy_in:,} chips: {error}") from error
        table = Table(state, plugin)
        self.tables[table.id] = table
        log.info("table %s: opened %s in channel %s, stake %s", table.id, game, channel_id, stake)
        return table

    async def set_message(self, table: Table, message_id: int) -> None:
        async with table.lock:
            table.state.message_id = message_id
            async with self.store.transaction() as tx:
                await tx.save_table(table.id, table.snapshot(), message_id=message_id)
        self.schedule(table)

    # ------------------------------------------------------------- clicks
    async def click(
        self, table: Table, user: discord.abc.User, version: int, key: str, respond: Hook
    ) -> str | None:
        """Handle one button of the table message. Returns an optional private note.

        `respond` renders the new state for the clicker; it runs under the table's lock so no
        computer move or timer can overtake it on the table message. Raises TableError with a
        sentence for the member when the click changes nothing.
        """
        async with table.lock:
            if table.state.phase is Phase.CLOSED:
                raise TableError("This table is closed. Open a new one with /play.")
            if version != table.version:
                raise TableError(
                    "That button is out of date — the table has moved on. Use the buttons on the table "
                    "message as it is now."
                )
            handler = self._lobby_handlers.get(key.split(".")[0])
            return await self._run(table, respond, handler, user, key)

    async def click_private(
        self,
        table: Table,
        user: discord.abc.User,
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
                raise TableError("This table is closed. Open a new one with /play.")
            seat = table.seat_of(user.id)
            if seat is None or table.state.seats[seat].choice != choice:
                raise TableError(
                    "Those controls belong to another player's hand — press **Your hand** for yours."
                )
            if token != table.panel_token(seat):
                raise TableError(
                    "That panel is out of date — the hand has moved on. Press **Your hand** for a fresh one."
                )

            async def play(
                service: TableService, table: Table, user: discord.abc.User, key: str
            ) -> str | None:
                return await service._play(table, user, key, values)

            return await self._run(table, respond, play, user, key)

    async def _run(
        self,
        table: Table,
        respond: Hook,
        handler: Callable[[TableService, Table, discord.abc.User, str], Awaitable[str | None]] | None,
        user: discord.abc.User,
        key: str,
    ) -> str | None:
        async with self._committed(table):
            if handler is not None:
                note = await handler(self, table, user, key)
            else:
                note = await self._play(table, user, key)
        self.schedule(table)
        try:
            await respond(table)
        except Exception as error:
            # The move is saved; only drawing it failed. Put the table message right for
            # everyone, then let the cog tell the clicker what happened.
            log.warning("table %s: the move was saved but its reply failed", table.id)
            await self._changed(table)
            raise MoveSavedError from error
        await self._notify_turn(table)
        return note

    @contextlib.asynccontextmanager
    async def _committed(self, table: Table) -> AsyncIterator[None]:
        """Run a change of `table`; if anything at all goes wrong before it is committed (a
        refusal, a bug, a database error, a cancellation), the table in memory goes back to
        its last committed state, so memory and database never disagree."""
        before = table.snapshot()
        try:
            yield
        except BaseException:
            self._restore(table, before)
            raise

    async def check_join(self, table: Table, user: discord.abc.User) -> list[str]:
        """The seats `user` may take now; raises TableError saying why they can't join."""
        state = table.state
        if state.phase not in (Phase.LOBBY, Phase.BETWEEN):
            raise TableError("A hand is in play. You can join when it ends.")
        if table.seat_of(user.id) is not None:
            raise TableError("You're already seated at this table.")
        free = self._free_seats(table)
        if not free:
            raise TableError("Every seat at this table is taken.")
        await self._check_bankroll(state.guild_id, user.id, table.plugin, state.stake, table.options)
        return free

    async def _join(self, table: Table, user: discord.abc.User, key: str) -> str | None:
        state = table.state
        free = await self.check_join(table, user)
        choice = key.split(".", 1)[1] if "." in key else free[0]
        if choice not in free:
            raise TableError(f"{table.plugin.choice_label(choice)} is already taken. Pick another.")
        seat = Seat(choice=choice, user_id=user.id, name=display_name(user))
        state.seats.append(seat)
        self._sort_seats(table)
        line = f"{seat.name} sat down with {table.plugin.choice_label(choice)}."
        await self._commit(table, line, self._buy_in(table, seat, line))
        return None

    async def _leave(self, table: Table, user: discord.abc.User, key: str) -> str | None:
        index = table.seat_of(user.id)
        if index is None:
            raise TableError("You're not seated at this table.")
        seat = table.state.seats[index]
        if table.state.phase is Phase.PLAYING:
            if seat.leaving:
                raise TableError("You're already leaving at the end of this hand.")
            seat.leaving = True
            await self._commit(table, f"{seat.name} will leave after this hand.")
            return "You'll leave when this hand ends; if you still have a decision to make, you fold."
        del table.state.seats[index]
        moves = self._cash_out(table, seat)
        line = f"{seat.name} left the table{self._took(moves)}."
        if not table.humans:
            # The last member out closes the table: every stack goes home, computers' to the
            # house, and a carried pot is shared by the leaver and whoever is still seated.
            moves += self._share_pot(table, [seat, *table.state.seats])
            await self._close(table, f"{line} Nobody else is left, so the table closed.", moves)
            return None
        self._pass_host(table)
        await self._commit(table, line, moves)
        return None

    async def _add_computer(self, table: Table, user: discord.abc.User, key: str) -> str | None:
        state = table.state
        self._require_host(table, user)
        if state.phase not in (Phase.LOBBY, Phase.BETWEEN):
            raise TableError("Add a computer player between hands.")
        free = self._free_seats(table)
        if not free:
            raise TableError("Every seat at this table is taken.")
        seat = Seat(choice=free[0], name=self._computer_name(table), level=state.level)
        state.seats.append(seat)
        self._sort_seats(table)
        line = f"🤖 {seat.name} ({state.level}) sat down with {table.plugin.choice_label(seat.choice)}."
        await self._commit(table, line, self._buy_in(table, seat, line))
        return None

    async def _start(self, table: Table, user: discord.abc.User, key: str) -> str | None:
        state = table.state
        if state.phase is Phase.LOBBY:
            self._require_host(table, user)
        elif state.phase is Phase.BETWEEN:
            if table.seat_of(user.id) is None:
                raise TableError("Only players seated at this table can deal the next hand.")
        else:
            raise TableError("A hand is already in play.")
        low, high = table.seat_range
        if len(state.seats) < low:
            raise TableError(f"{table.plugin.name} needs at least {low} players.")
        if len(state.seats) > high:
            raise TableError(f"{table.plugin.name} seats at most {high} players.")
        await self._deal(table)
        return None

    async def _cancel(self, table: Table, user: discord.abc.User, key: str) -> str | None:
        self._require_host(table, user)
        if table.state.phase is Phase.PLAYING:
            if table.state.closing:
                raise TableError("The table already closes at the end of this hand.")
            table.state.closing = True
            await self._commit(table, "The host will close the table after this hand.")
            return "The table closes when this hand ends."
        await self._close(table, "The host closed the table.")
        return None

    _lobby_handlers: ClassVar[
        dict[str, Callable[[TableService, Table, discord.abc.User, str], Awaitable[str | None]]]
    ] = {
        "join": _join,
        "leave": _leave,
        "bot": _add_computer,
        "start": _start,
        "cancel": _cancel,
    }

    async def _play(
        self, table: Table, user: discord.abc.User, key: str, values: list[str] | None = None
    ) -> str | None:
        game = table.game
        seat = table.seat_of(user.id)
        if seat is None:
            raise TableError("You're not seated at this table.")
        if game is None or table.state.phase is not Phase.PLAYING:
            raise TableError("No hand is in play at this table.")
        awaiting = table.awaiting
        if seat not in awaiting:
            if len(awaiting) > 1 or table.to_act is None:
                raise TableError("You've made your choice — waiting for the others.")
            raise TableError(f"It isn't your turn — waiting for {table.state.seats[awaiting[0]].name}.")
        try:
            action = table.plugin.decode(game, seat, key, values or [])
        except RuleError as error:
            raise TableError(str(error)) from error
        if action is None:
            raise TableError("That move isn't open to you right now.")
        table.state.seats[seat].strikes = 0
        await self._apply(table, seat, action)
        return None

    # --------------------------------------------------------------- the hand
    async def _deal(self, table: Table) -> None:
        """Start a hand: seat changes take effect, antes go into escrow, the cards are dealt."""
        state = table.state
        moves: list[Transfer] = []
        earlier, state.log = state.log, []  # what happens at the deal opens the new hand's log
        for seat in list(state.seats):
            if seat.replace and seat.user_id is not None:
                moves += self._cash_out(table, seat)
                self._log(table, f"{seat.name} was away for two turns; a computer player takes the seat.")
                seat.user_id, seat.level, seat.replace, seat.strikes = None, state.level, False, 0
                seat.name = self._computer_name(table)
                moves += self._buy_in(table, seat, "")
        if table.stacked:
            minimum = table.plugin.seat_minimum(state.stake, table.options)
            for seat in list(state.seats):
                if state.stacks.get(seat.choice, 0) < minimum:
                    state.seats.remove(seat)
                    moves += self._cash_out(table, seat)
                    self._log(table, f"{seat.name} can't cover the ante and stood up.")
        else:
            for seat in [s for s in state.seats if s.user_id is not None]:
                assert seat.user_id is not None
                balance = await self.store.balance(state.guild_id, seat.user_id)
                if balance < table.plugin.min_bankroll(state.stake, table.options):
                    state.seats.remove(seat)
                    self._log(table, f"{seat.name} doesn't have enough chips for a hand and stood up.")
        self._pass_host(table)
        notes, state.log = state.log, [*earlier, *state.log][-LOG_LINES:]
        if not table.humans:
            await self._close(table, "Nobody is left at the table but computer players, so it closed.", moves)
            return
        low, high = table.seat_range
        if not low <= len(state.seats) <= high:
            await self._commit(table, f"{table.plugin.name} needs {low}–{high} players.", moves)
            return
        self._sort_seats(table)
        choices = [seat.choice for seat in state.seats]
        dealer = self._next_dealer(table)
        setup = HandSetup(
            choices=choices,
            names=[seat.name for seat in state.seats],
            stake=state.stake,
            seed=new_seed(),
            dealer=dealer,
            stacks=[state.stacks[c] for c in choices] if table.stacked else None,
            leader=choices.index(state.last_winner) if state.last_winner in choices else None,
            carried=state.pot,
        )
        game = table.plugin.new_hand(setup, table.options)
        before = table.snapshot()
        table.game = game
        state.pot = 0  # the hand holds it now
        state.phase, state.dealer = Phase.PLAYING, choices[dealer]
        state.hand_seats = [seat.mention for seat in state.seats]
        state.hand_no += 1
        state.acted = {}
        state.log = [*notes, f"Hand {state.hand_no}: {state.seats[dealer].name} deals."][-LOG_LINES:]
        try:
            async with self.store.transaction() as tx:
                await self._transfer(table, tx, moves)
                for seat, amount in zip(state.seats, table.plugin.opening_costs(game), strict=True):
                    if amount:
                        await tx.move(
                            state.guild_id,
                            seat.account,
                            table_account(table.id),
                            amount,
                            "ante",
                            table_id=table.id,
                            hand_no=state.hand_no,
                        )
                await self._after_move(table, tx, game.events, awaited=())
        except InsufficientFunds as error:
            self._restore(table, before)
            raise TableError(f"The hand can't start: {error}") from error

    async def _apply(self, table: Table, seat: int, action: Any, note: str | None = None) -> None:
        """Play one move for `seat`: the engine first, then its chips and the snapshot together."""
        game = table.game
        assert game is not None
        before = table.snapshot()
        awaited = table.awaiting
        cost = table.plugin.cost(game, seat, action)
        try:
            events = game.apply(seat, action)
        except RuleError as error:
            raise TableError(str(error)) from error
        choice = table.state.seats[seat].choice
        table.state.acted = {**table.state.acted, choice: table.state.acted.get(choice, 0) + 1}
        try:
            async with self.store.transaction() as tx:
                if cost:
                    s = table.state.seats[seat]
                    await tx.move(
                        table.state.guild_id,
                        s.account,
                        table_account(table.id),
                        cost,
                        action.kind,
                        table_id=table.id,
                        hand_no=table.state.hand_no,
                    )
                await self._after_move(table, tx, events, note, awaited=awaited, actor=seat)
        except InsufficientFunds as error:
            self._restore(table, before)
            raise TableError(f"You don't have enough chips for that: {error}") from error

    async def _after_move(
        self,
        table: Table,
        tx: Tx,
        events: list[Event],
        note: str | None = None,
        *,
        awaited: tuple[int, ...],
        actor: int | None = None,
    ) -> None:
        """Log, settle the hand if it is over, bump the version and save — inside `tx`.

        A new turn starts (timer reset, a ping) when the hand waits on someone it was not
        waiting on, or again on the player who just moved; during a simultaneous choice the
        others keep the deadline they had."""
        state = table.state
        if note:
            self._log(table, note)
        for event in events:
            if table.plugin.logged(event):
                self._log(table, event.text)
        game = table.game
        assert game is not None
        if game.outcome is not None:
            await self._settle(table, tx)
        state.version += 1
        awaiting = table.awaiting
        new_turn = bool(set(awaiting) - set(awaited)) or (actor is not None and actor in awaiting)
        if new_turn or not awaiting:
            state.turn_since = state.version
        await self._save(table, tx, new_turn=new_turn)

    async def _settle(self, table: Table, tx: Tx) -> None:
        state, game = table.state, table.game
        assert game is not None and game.outcome is not None
        outcome = game.outcome
        stacks = table.plugin.final_stacks(game)
        points = table.plugin.points(game)
        if stacks is not None:
            state.pot = outcome.carried
        if points is not None:
            await self._score(table, tx, points)
        for index, seat in enumerate(state.seats):
            if stacks is not None:
                state.stacks[seat.choice] = stacks[index]
            elif outcome.paid_out[index]:
                await tx.move(
                    state.guild_id,
                    table_account(table.id),
                    seat.account,
                    outcome.paid_out[index],
                    "pot",
                    table_id=table.id,
                    hand_no=state.hand_no,
                )
            if seat.user_id is not None and points is None:
                await tx.record_result(
                    state.guild_id,
                    table.id,
                    state.hand_no,
                    state.game,
                    seat.user_id,
                    outcome.net(index),
                    index in outcome.winners,
                )
        if outcome.winners:
            state.last_winner = state.seats[outcome.winners[0]].choice
        view = game.to_json()
        await tx.record_hand(
            state.guild_id,
            table.id,
            state.hand_no,
            state.game,
            int(view["seed"]),
            str(view.get("commitment", "")),
            view,
        )
        if outcome.summary not in state.log:
            self._log(table, outcome.summary)
        state.phase = Phase.BETWEEN
        leavers = [seat for seat in state.seats if seat.leaving]
        moves: list[Transfer] = []
        for seat in leavers:
            state.seats.remove(seat)
            cashed = self._cash_out(table, seat)
            moves += cashed
            self._log(table, f"{seat.name} left the table{self._took(cashed)}.")
        if leavers:
            self._pass_host(table)
        if state.closing or not table.humans:
            state.phase = Phase.CLOSED
            moves += self._cash_out_all(table, leavers)
            self._log(table, "The table is closed.")
        await self._transfer(table, tx, moves)

    async def _score(self, table: Table, tx: Tx, points: list[int]) -> None:
        """Points games: add the hand's points; at the target the game ends, its result goes
        to the scoreboard and a new game starts from nothing. A tie at the top is shared."""
        state = table.state
        for seat, scored in zip(state.seats, points, strict=True):
            state.scores[seat.choice] = state.scores.get(seat.choice, 0) + scored
        target = table.plugin.target(table.options)
        seated = [seat for seat in state.seats if seat.choice in state.scores]
        if target is None or not seated or max(state.scores[s.choice] for s in seated) < target:
            return
        top = max(state.scores[s.choice] for s in seated)
        winners = [seat for seat in seated if state.scores[seat.choice] == top]
        for seat in seated:
            if seat.user_id is not None:
                await tx.record_result(
                    state.guild_id,
                    table.id,
                    state.hand_no,
                    table.plugin.board(table.options),
                    seat.user_id,
                    0,
                    seat in winners,
                )
        names = " and ".join(seat.name for seat in winners)
        self._log(table, f"🏆 {names} win{'s' if len(winners) == 1 else ''} the game with {top:,} points!")
        state.scores = {}

    # --------------------------------------------------------------- timers
    def schedule(self, table: Table) -> None:
        """Put the table's next automatic event on the clock: a computer's move, a turn
        timer, the next deal or the idle close."""
        state = table.state
        if state.phase is Phase.CLOSED:
            self.tables.pop(table.id, None)
            self.clock.clear(table.id)
            return
        automatic = self._automatic(table)
        if automatic is not None:
            delay = 0.0 if state.seats[automatic].leaving else self.computer_delay
            self.clock.set(table.id, now() + timedelta(seconds=delay), state.version)
        elif state.deadline is not None:
            self.clock.set(table.id, state.deadline, state.version)
        else:
            self.clock.clear(table.id)

    def _automatic(self, table: Table) -> int | None:
        """The first awaited seat that plays without a member: a computer, or a leaver."""
        for seat in table.awaiting:
            s = table.state.seats[seat]
            if s.is_computer or s.leaving:
                return seat
        return None

    def _deadline(self, table: Table, new_turn: bool) -> datetime | None:
        state = table.state
        if state.phase is Phase.CLOSED:
            return None
        if state.phase is Phase.LOBBY:
            return now() + IDLE_CLOSE
        if state.phase is Phase.BETWEEN:
            return now() + (NEXT_HAND_DELAY if self._can_deal(table) else IDLE_CLOSE)
        if not any(not state.seats[seat].is_computer for seat in table.awaiting):
            return None
        if not new_turn and state.deadline is not None:
            return state.deadline  # the others of a simultaneous choice keep their time
        return now() + timedelta(seconds=state.turn_timer)

    def _can_deal(self, table: Table) -> bool:
        low, high = table.seat_range
        return low <= len(table.state.seats) <= high and bool(table.humans)

    async def _on_due(self, table_id: int, version: int) -> None:
        """The clock fired for a table: play for whoever the table is waiting on."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            if table.version != version:
                return  # the table moved on since this was set
            try:
                async with self._committed(table):
                    await self._act_for(table)
            except TableError as error:
                # The refusal's text may name the player's own cards, so it is not logged.
                log.warning("table %s: automatic move refused (%s)", table.id, type(error).__name__)
            except Exception:
                # Nothing was saved and the table is as it was; try again a little later
                # rather than in a tight loop.
                log.exception("table %s: automatic move failed; retrying in %s", table.id, RETRY_AFTER)
                self.clock.set(table.id, now() + RETRY_AFTER, table.version)
                return
            self.schedule(table)
            await self._changed(table)

    async def _act_for(self, table: Table) -> None:
        """Whatever the table is waiting on: a computer's move, a fold for a member who is
        leaving or out of time, the next deal, or closing an idle table."""
        state, game = table.state, table.game
        awaiting = table.awaiting
        if not awaiting or game is None:
            if state.phase is Phase.BETWEEN and self._can_deal(table):
                await self._deal(table)
            else:
                await self._close(table, "The table closed after 30 minutes without play.")
            return
        automatic = self._automatic(table)
        if automatic is not None:
            s = state.seats[automatic]
            if s.is_computer:
                action = table.plugin.computer(s.level or state.level).choose(game, automatic)
                await self._apply(table, automatic, action)
            else:
                action = table.plugin.timeout_action(game, automatic)
                await self._apply(
                    table, automatic, action, f"{s.name} is leaving, so the timer plays for them."
                )
            return
        for seat in awaiting:  # the deadline: every member still deciding runs out of time together
            s = state.seats[seat]
            s.strikes += 1
            note = f"⏱ {s.name} ran out of time, so the timer played for them."
            if s.strikes >= STRIKES_TO_REPLACE:
                s.replace = True
                note += " A computer player takes their seat from the next hand."
            await self._apply(table, seat, table.plugin.timeout_action(game, seat), note)
            if table.state.phase is not Phase.PLAYING:
                break

    # --------------------------------------------------------------- money
    def _buy_in(self, table: Table, seat: Seat, line: str) -> list[Transfer]:
        """Stack games: the chips a new seat brings, from the member (or the house, for a
        computer player) into the table's escrow."""
        amount = table.plugin.buy_in(table.state.stake, table.options)
        if amount is None:
            return []
        table.state.stacks[seat.choice] = amount
        return [Transfer(seat.account, table_account(table.id), amount, "buy-in")] if amount else []

    def _cash_out(self, table: Table, seat: Seat) -> list[Transfer]:
        """Stack games: a leaving seat's stack goes back to whoever brought it."""
        amount = table.state.stacks.pop(seat.choice, 0)
        if not amount:
            return []
        return [Transfer(table_account(table.id), seat.account, amount, "cash-out")]

    def _cash_out_all(self, table: Table, departed: list[Seat] | None = None) -> list[Transfer]:
        """Every stack goes home, and a pot left by a hand without a winner is shared out."""
        moves: list[Transfer] = []
        for seat in table.state.seats:
            moves += self._cash_out(table, seat)
        return moves + self._share_pot(table, table.state.seats or departed or [])

    def _share_pot(self, table: Table, seats: list[Seat]) -> list[Transfer]:
        """A closing table's carried pot, in equal shares to `seats` (the players still
        seated, or those who just left if nobody is); odd chips go one each from the first
        seat. docs/RULES.md, "Primero at the table"."""
        pot, table.state.pot = table.state.pot, 0
        if not pot:
            return []
        if not seats:
            return [Transfer(table_account(table.id), HOUSE, pot, "pot left")]
        share, odd = divmod(pot, len(seats))
        moves = []
        for index, seat in enumerate(seats):
            amount = share + (1 if index < odd else 0)
            if amount:
                moves.append(Transfer(table_account(table.id), seat.account, amount, "pot share"))
        return moves

    async def _transfer(self, table: Table, tx: Tx, moves: list[Transfer]) -> None:
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

    @staticmethod
    def _took(moves: list[Transfer]) -> str:
        return f" with {moves[0].amount:,} chips" if moves else ""

    # --------------------------------------------------------------- helpers
    async def _commit(self, table: Table, line: str, moves: list[Transfer] | None = None) -> None:
        """Save a change that moves no chips in play (seating, host, flags), with the buy-ins
        and cash-outs it brings, in one transaction."""
        self._log(table, line)
        table.state.version += 1
        try:
            async with self.store.transaction() as tx:
                await self._transfer(table, tx, moves or [])
                await self._save(table, tx)
        except InsufficientFunds as error:
            raise TableError(f"You can't bring a stack to this table: {error}") from error

    async def _close(self, table: Table, line: str, moves: list[Transfer] | None = None) -> None:
        table.state.phase = Phase.CLOSED
        moves = [*(moves or []), *self._cash_out_all(table)]
        await self._commit(table, line, moves)
        log.info("table %s: closed (%s)", table.id, line)

    async def _save(self, table: Table, tx: Tx, *, new_turn: bool = True) -> None:
        state = table.state
        state.deadline = self._deadline(table, new_turn)
        if state.phase is Phase.PLAYING and table.game is not None:
            state.held = table.plugin.held(table.game)
        else:
            state.held = sum(state.stacks.values()) + state.pot
        closed = state.phase is Phase.CLOSED
        await tx.save_table(table.id, table.snapshot(), status="closed" if closed else None)

    async def _changed(self, table: Table) -> None:
        if self.on_change is not None:
            try:
                await self.on_change(table)
            except discord.HTTPException:
                log.exception("table %s: could not update the table message", table.id)
        await self._notify_turn(table)

    async def _notify_turn(self, table: Table) -> None:
        if self.on_turn is None or not any(not table.state.seats[s].is_computer for s in table.awaiting):
            return
        try:
            await self.on_turn(table)
        except discord.HTTPException:
            log.exception("table %s: could not ping the player to act", table.id)

    def _restore(self, table: Table, snapshot: dict[str, Any]) -> None:
        table.state = TableState.model_validate(snapshot)
        table.game = table.plugin.load(table.state.hand) if table.state.hand is not None else None

    def _log(self, table: Table, line: str) -> None:
        table.state.log = [*table.state.log, line][-LOG_LINES:]

    def _sort_seats(self, table: Table) -> None:
        order = {choice: i for i, choice in enumerate(table.plugin.seat_choices)}
        table.state.seats.sort(key=lambda seat: order[seat.choice])

    def _free_seats(self, table: Table) -> list[str]:
        if len(table.state.seats) >= table.seat_range[1]:
            return []
        taken = {s.choice for s in table.state.seats}
        return [c for c in table.plugin.seat_choices if c not in taken]

    def _next_dealer(self, table: Table) -> int:
        """The deal passes to the left: the next seat after the last dealer's choice."""
        choices = [seat.choice for seat in table.state.seats]
        last = table.state.dealer
        if last is None:
            return 0
        order = list(table.plugin.seat_choices)
        start = order.index(last)
        for step in range(1, len(order) + 1):
            candidate = order[(start + step) % len(order)]
            if candidate in choices:
                return choices.index(candidate)
        return 0

    def _pass_host(self, table: Table) -> None:
        state = table.state
        if any(seat.user_id == state.host_id for seat in state.seats):
            return
        humans = table.humans
        if humans:  # with nobody left, the caller closes the table (and pays every stack back)
            state.host_id = humans[0].user_id or state.host_id
            self._log(table, f"{humans[0].name} is the host now.")

    def _require_host(self, table: Table, user: discord.abc.User) -> None:
        if user.id != table.state.host_id:
            raise TableError(f"Only the host, <@{table.state.host_id}>, can do that.")

    def _computer_name(self, table: Table) -> str:
        taken = {seat.name for seat in table.state.seats}
        return next((n for n in COMPUTER_NAMES if n not in taken), f"Computer {len(taken) + 1}")

    async def _check_bankroll(
        self, guild_id: int, user_id: int, plugin: Plugin, stake: int, options: Any
    ) -> None:
        needed = plugin.min_bankroll(stake, options)
        balance = await self.store.balance(guild_id, user_id)
        if balance < needed:
            what = (
                "the stack you bring to this table"
                if plugin.buy_in(stake, options) is not None
                else "the most one hand can cost"
            )
            raise TableError(
                f"You need at least {needed:,} chips to sit at this table ({what}); "
                f"you have {balance:,}. Try /daily, or a table with a smaller stake."
            )


@dataclass(frozen=True)
class Transfer:
    """A chip movement to write to the ledger."""

    src: str
    dst: str
    amount: int
    reason: str


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def now() -> datetime:
    # discord.utils.utcnow follows SimCord's virtual clock in tests.
    return discord.utils.utcnow()


REFUND_REASON = "refund (damaged table)"
SET_ASIDE_NOTICE = (
    "♠ The table in this channel couldn't be restored after the bot restarted, so it has been "
    "closed and the chips it held have gone back to the players' bankrolls (see /balance). "
    "Open a new table with /play."
)


def void_hand_refunds(
    state: TableState, account: str, escrow: int, moves: Sequence[EscrowMove]
) -> list[Transfer] | None:
    """Refunds that void the hand in play of a table whose own state still reads.

    Every seat gets its stack as of the last hand's end (a computer's goes to the house);
    at a table where chips go in hand by hand, what this hand moved into the escrow goes
    back to whoever paid it; what is left is a carried pot, shared as a closing table
    shares it. None when the state doesn't account for exactly `escrow` (then the ledger
    decides: :func:`ledger_refunds`)."""
    seats = {seat.choice: seat for seat in state.seats}
    owed: dict[str, int] = {}
    for choice, amount in state.stacks.items():
        if amount < 0 or (amount and choice not in seats):
            return None
        if amount:
            owed[seats[choice].account] = owed.get(seats[choice].account, 0) + amount
    if not state.stacks and state.phase is Phase.PLAYING:
        paid: dict[str, int] = {}
        for move in moves:
            if move.hand_no == state.hand_no and account in (move.src, move.dst):
                payer, sign = (move.src, 1) if move.dst == account else (move.dst, -1)
                paid[payer] = paid.get(payer, 0) + sign * move.amount
        if any(amount < 0 for amount in paid.values()):
            return None
        for payer, amount in paid.items():
            if amount:
                owed[payer] = owed.get(payer, 0) + amount
    pot = escrow - sum(owed.values())
    if state.phase is Phase.PLAYING:
        # The hand took the carried pot in (state.pot is 0 meanwhile); only stacks carry one.
        consistent = pot >= 0 and state.pot == 0 and (bool(state.stacks) or pot == 0)
    else:
        consistent = pot == state.pot
    if not consistent or (pot and not state.seats):
        return None
    refunds = [Transfer(account, dst, amount, REFUND_REASON) for dst, amount in owed.items()]
    share, odd = divmod(pot, len(state.seats) or 1)
    for index, seat in enumerate(state.seats):
        amount = share + (1 if index < odd else 0)
        if amount:
            refunds.append(Transfer(account, seat.account, amount, REFUND_REASON))
    return refunds


def ledger_refunds(account: str, escrow: int, moves: Sequence[EscrowMove]) -> list[Transfer]:
    """Refunds of a table's whole escrow decided by its ledger alone (its state is unreadable).

    Each account's unrecovered stake is what it put into the escrow minus what it took out.
    Those stakes sum to at least the escrow; the escrow is shared in proportion to them,
    each share rounded down, the chips left over one each to the largest remainders (ties:
    whose chips came in first). So exactly the escrow goes out, only to accounts that put
    in more than they took, and none gets more than its stake. docs/RULES.md."""
    stakes: dict[str, int] = {}  # in the order each account first put chips in
    for move in moves:
        if move.dst == account:
            stakes[move.src] = stakes.get(move.src, 0) + move.amount
        elif move.src == account:
            stakes[move.dst] = stakes.get(move.dst, 0) - move.amount
    owed = {who: amount for who, amount in stakes.items() if amount > 0}
    total = sum(owed.values())
    if escrow > total:
        raise DamagedTable(f"the escrow holds {escrow} chips but its ledger accounts for {total}")
    if escrow <= 0:
        return []
    shares = {who: amount * escrow // total for who, amount in owed.items()}
    left = escrow - sum(shares.values())
    by_remainder = sorted(owed, key=lambda who: -(owed[who] * escrow % total))  # stable: first in first
    for who in by_remainder[:left]:
        shares[who] += 1
    return [Transfer(account, who, amount, REFUND_REASON) for who, amount in shares.items() if amount]
