"""A table and what it remembers: its seats, its phase, the match in progress and the hand
in play. Nothing here talks to Discord or the database."""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pydantic import BaseModel, Field

from bot.games.base import OnlookerBets, Pauses
from bot.games.view import Phase as Phase  # a plug-in reads it in the TableView; bot.tables.Phase
from bot.games.view import SeatView, TableView
from bot.i18n import Lang, Text, english, lang, t
from bot.store import HOUSE, member_account
from engine.core.match import Match
from engine.core.msg import Msg

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from bot.games import BetOffer, Pause, Plugin


LOG_LINES = 8
"""How many lines of the table log a table keeps (the newest)."""


TABLE_CLOSED = t("This table is closed. Open a new one with /play.")
"""The sentence for any control of a table that is no longer open."""


class TableError(Exception):
    """A refusal to show the member who clicked, as an ephemeral sentence: `said`, a
    message rendered in their language (or English not yet converted)."""

    def __init__(self, said: Text) -> None:
        super().__init__(english(said))
        self.said = said


class MoveSavedError(Exception):
    """A move was committed, but answering the member who made it failed afterwards."""


class DamagedTable(Exception):
    """A saved table that can't be brought back as it was; it is set aside and refunded."""


class Person(Protocol):
    """Whoever clicked: a member (discord.py's Member and User fit this shape)."""

    @property
    def id(self) -> int: ...

    @property
    def display_name(self) -> str: ...


class Seat(BaseModel):
    """A chair at the table: a member or a computer player, and the place they chose."""

    choice: str
    user_id: int | None = None  # None: a computer player, playing with the house's chips
    name: str
    level: str | None = None
    strikes: int = 0  # consecutive turns this member let the timer play
    leaving: bool = False  # asked to leave; goes at the end of the hand
    #: a leaver who still plays their own turns until the hand ends (else the timer plays them
    #: at once: "Leave now"); a snapshot saved before this field reads False, as it played then
    plays_out: bool = False
    replace: bool = False  # timed out twice; a computer takes over at the end of the hand
    #: a member's rating on the table's board as players see it (`bot.ratings.shown`), read
    #: when they sit down and kept as each result rates them; None: not rated (or not read)
    rating: int | None = None

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def account(self) -> str:
        return HOUSE if self.user_id is None else member_account(self.user_id)

    @property
    def mention(self) -> str:
        return f"🤖 {self.name}" if self.user_id is None else f"<@{self.user_id}>"


class Wager(BaseModel):
    """An onlooker's bet against the house on the hand in play: who, on what, how much, and
    once the hand has settled it, what came back. Its stake sits in the table's escrow
    until then."""

    user_id: int
    name: str
    key: str
    pick: str = ""
    label: str | Msg  # the bet and its pick, in words (a message: drawn in the table's language)
    amount: int
    returned: int | None = None  # None: still open; else chips paid back (0: lost)
    result: str | Msg = ""  # a plain string in snapshots saved before bets' words were messages

    @property
    def account(self) -> str:
        return member_account(self.user_id)


class Offer(BaseModel):
    """A side bet one member offers another at the table (the game names its kind and reads
    its terms). The maker's amount is in escrow from the offer, the taker's from their
    acceptance; both settle with the hand, or go back if it is declined or never answered."""

    id: int
    kind: str
    seat: int  # the engine seat of the member asked
    maker_id: int
    maker_name: str
    taker_id: int
    taker_name: str
    maker_amount: int
    taker_amount: int
    text: str | Msg  # the game's terms (a plain string in snapshots saved before they were messages)
    data: dict[str, Any] = Field(default_factory=dict)
    status: Literal["offered", "accepted", "declined", "settled", "refunded"] = "offered"
    result: str | Msg = ""  # one of `bot.tables.offers.RESULTS`, or the game's settlement

    @property
    def held(self) -> int:
        """Chips this offer holds in the table's escrow."""
        if self.status == "offered":
            return self.maker_amount
        return self.maker_amount + self.taker_amount if self.status == "accepted" else 0


class SeedLock(BaseModel):
    """The server seed the next deal starts from (engine.core.fair), drawn when the table
    opens and when a hand ends: its commitment is published at once, the seed itself only
    with the proof of the hand it deals, once that hand is over."""

    seed: str
    commitment: str


class MemberSeed(BaseModel):
    """A seated member's own seed (`/fair seed`) as a deal mixed it in."""

    id: int
    name: str
    seed: str


class DealMix(BaseModel):
    """How the hand in play (or the last one) got its deck seed: the locked server seed and
    what the deal mixed into it. Secret until the hand is over, as the deck is; then it is
    the hand's proof, with the deal it made (`bot.tables.fair`)."""

    server_seed: str
    commitment: str
    #: what started the deal: "click" (Start or Deal next hand), "/play" or "clock"
    started: str
    interactions: list[int] = Field(default_factory=list)
    members: list[MemberSeed] = Field(default_factory=list)
    deck_seed: int


#: what a table's snapshot kept of its match before the match had a field of its own
_LEGACY_MATCH = ("dealer", "pot", "scores", "last_winner", "hand_no")


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
    #: the host allowed hints (`/play … hints:true`): a Hint button on each member's turn
    #: shows the strongest computer's move for them, and the table is not rated (issue 25)
    hints: bool = False
    turn_timer: int = 120  # seconds a member has for each decision
    phase: Phase = Phase.LOBBY
    version: int = 1
    seats: list[Seat] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)  # the game's table options, as chosen
    #: stack games: chips each seat (by choice) has at the table, as of the last hand's end
    stacks: dict[str, int] = Field(default_factory=dict)
    #: what spans hands: the deal's rotation, a carried pot, scores toward a target...
    match: Match | None = None
    #: moves each seat (by choice) has made this hand; private panels are stale once it moves
    acted: dict[str, int] = Field(default_factory=dict)
    #: chips this table holds, as the table itself counts them; the audit checks the escrow
    held: int = 0
    hand: dict[str, Any] | None = None
    hand_seats: list[str] = Field(default_factory=list)  # who sat in each engine seat this hand
    turn_since: int = 0  # the version at which the current turn began (pings once per turn)
    #: hands in a row the clock dealt with no seated member moving or dealing since
    clock_deals: int = 0
    deadline: datetime | None = None
    #: onlookers' bets against the house on the hand in play (or the last one, settled)
    wagers: list[Wager] = Field(default_factory=list)
    #: side bets between members on the hand in play (or the last one, settled)
    offers: list[Offer] = Field(default_factory=list)
    closing: bool = False
    #: the table log, newest last: each line a message (issue 26: shown in the language of
    #: whoever reads it), or English as older snapshots and unconverted games kept it
    log: list[str | Msg] = Field(default_factory=list)
    #: the language the table shows everyone (`bot.i18n`): the server's setting, or its
    #: Discord language, when the table opened; `/settings language` changes it
    language: str = "en"
    #: the next deal's server seed, committed before anyone can deal (None while a hand plays)
    seed_lock: SeedLock | None = None
    #: how the hand in play, or the last one, was seeded (its proof once it is over)
    deal_mix: DealMix | None = None
    #: score games: each member's shown rating (by user id) before the first result of the
    #: game under way rated them, so its end can say what the whole game changed
    game_ratings: dict[int, int] = Field(default_factory=dict)
    #: the last game that ended here: each member's shown rating (by seat) before and after it
    rated_game: dict[str, tuple[int, int]] = Field(default_factory=dict)
    #: a snapshot saved before the match existed: its parts, until the table builds the match
    legacy_match: dict[str, Any] | None = Field(default=None, exclude=True)

    @classmethod
    def from_saved(cls, text: str | bytes) -> TableState:
        """A table's state from its saved snapshot (JSON text), checked: the match read
        strictly and its parts consistent. A snapshot saved before the match had a field of
        its own keeps that match's parts in `legacy_match` until the table builds it."""
        state = cls.model_validate_json(text)
        if state.match is not None:
            state.match.checked()
        else:
            data = json.loads(text)
            legacy = {key: data[key] for key in _LEGACY_MATCH if key in data}
            state.legacy_match = legacy or None
        return state

    @property
    def hand_no(self) -> int:
        """The number of the hand in play (or the last one dealt); 0 before the first."""
        if self.match is not None:
            return self.match.hand_no
        return int((self.legacy_match or {}).get("hand_no") or 0)


@dataclass(frozen=True)
class Turn:
    """What the hand in play waits on, read from the game once for a step of a change (the
    move checks it, the save times the clock by it, the reply pings by it) rather than
    asked again by every layer: the engine seats awaited (one, or several during a
    simultaneous choice), who plays each of them, whether a member is among them, while
    nobody is to act the clock the hand waits on (see `Pause`), and between hands whether
    the hand ended a score game."""

    awaiting: tuple[int, ...] = ()
    #: the seat that plays each engine seat awaited, in the order awaited (`Table.seat_for`:
    #: a vacant seat is played by the member the match names, or stands as a computer)
    players: Mapping[int, Seat] = field(default_factory=dict)
    members: bool = False
    pause: Pause | None = None
    #: between hands, the hand just finished ended a score game (`Table.game_over`): the
    #: next deal waits the turn timer for **New game**
    game_over: bool = False


class Table:
    """A live table: its state, the engine state of the hand in play, its lock, and the
    JSON of its last committed snapshot (what a failed move rolls back to)."""

    def __init__(self, state: TableState, plugin: Plugin, committed: str | None = None) -> None:
        self.state = state
        self.plugin = plugin
        #: the host's /play options, read once from the snapshot, typed by the game
        self.options: Any = plugin.load_options(state.options)
        if state.match is None:
            state.match = _match_for(plugin, self.options, state.legacy_match or {})
            state.legacy_match = None
        self.game: Any = plugin.load(state.hand) if state.hand is not None else None
        state.hand = None  # the game holds it; the snapshot writes it out again
        self.committed = committed if committed is not None else self.snapshot_json()
        self.lock = asyncio.Lock()

    @property
    def id(self) -> int:
        return self.state.id

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def match(self) -> Match:
        assert self.state.match is not None  # built in __init__
        return self.state.match

    @match.setter
    def match(self, match: Match) -> None:
        self.state.match = match

    def seat_for(self, engine_seat: int) -> Seat:
        """The table seat that plays engine seat `engine_seat` in this hand (the match's
        seating maps them; a table saved before it had one deals everyone, in order). A
        vacant engine seat (a seat with no member, such as a robot) is played by the member
        the match names (`Match.controller`: its partner, once known); until then it plays
        itself, and stands here as a computer seat of its own under the engine's name."""
        seating = self.match.seating
        if seating is None or seating.hand_no != self.match.hand_no:
            return self.state.seats[engine_seat]
        key = seating.table_seat(engine_seat)
        vacant = key in seating.vacant
        if vacant:
            key = self.match.controller(engine_seat) or key
        for seat in self.state.seats:
            if seat.choice == key:
                return seat
        if vacant:
            names = self.plugin.seat_names(self.game) if self.game is not None else ()
            name = names[engine_seat] if engine_seat < len(names) else key
            return Seat(choice=key, user_id=None, name=name, level=self.state.level)
        raise DamagedTable(f"engine seat {engine_seat} has no table seat")

    @property
    def lang(self) -> Lang:
        """The language the table shows everyone."""
        return lang(self.state.language)

    def view(self, reader: Lang | None = None) -> TableView:
        """What the game's plug-in, and the table message, may read of this table as it is
        now: a frozen copy, built once for what is drawn from it, in the table's language or
        `reader`'s (a member's own panel, an answer only they see)."""
        state = self.state
        seating = self.match.seating
        if seating is not None and seating.hand_no == self.match.hand_no:
            dealt = dict(enumerate(seating.engine_seats))
        else:  # a table saved before it had a seating deals everyone, in order (`hand_choice`)
            dealt = {index: seat.choice for index, seat in enumerate(state.seats)}
        players: dict[int, SeatView] = {}
        for engine_seat in dealt:
            # A seat whose player has left since the deal has no player, only its key: a
            # plug-in asks for the player only where one still sits.
            with contextlib.suppress(DamagedTable, IndexError):
                players[engine_seat] = _seat_view(self.seat_for(engine_seat))
        return TableView(
            id=state.id,
            options=self.options,
            stake=state.stake,
            match=self.match,
            game=self.game,
            hand_no=state.hand_no,
            deadline=state.deadline,
            seats=tuple(_seat_view(seat) for seat in state.seats),
            hand_seats=tuple(state.hand_seats),
            players=players,
            dealt=dealt,
            phase=state.phase,
            version=state.version,
            to_act=self.to_act,
            bets_open=self.house_bets is not None,
            log=tuple(state.log),
            lang=reader if reader is not None else lang(state.language),
        )

    def hand_choice(self, engine_seat: int) -> str:
        """The table seat key dealt into engine seat `engine_seat` this hand, even if that
        player has since left (as at the end of a hand)."""
        seating = self.match.seating
        if seating is None or seating.hand_no != self.match.hand_no:
            return self.state.seats[engine_seat].choice
        return seating.table_seat(engine_seat)

    def engine_seat(self, index: int) -> int | None:
        """The engine seat table seat `index` acts for now in this hand (None: not dealt
        in): its own, or while the hand waits on a vacant seat this member plays (a robot
        its partner plays), that seat."""
        seating = self.match.seating
        if seating is None or seating.hand_no != self.match.hand_no:
            return index
        own = seating.engine_seat(self.state.seats[index].choice)
        if own is None or not seating.vacant:
            return own
        awaiting = self.awaiting
        if own in awaiting:
            return own
        for seat in awaiting:
            if seating.table_seat(seat) in seating.vacant and self.seat_for(seat) is self.state.seats[index]:
                return seat
        return own

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.state.seats):
            if seat.user_id == user_id:
                return index
        return None

    @property
    def to_act(self) -> int | None:
        if self.state.phase is not Phase.PLAYING or self.game is None:
            return None
        seat: int | None = self.game.to_act
        return seat

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats the hand waits on: one, or several during a simultaneous choice."""
        if self.state.phase is not Phase.PLAYING or self.game is None:
            return ()
        seats: tuple[int, ...] = self.game.awaiting
        return seats

    @property
    def pause(self) -> Pause | None:
        """The clock the hand in play waits on while nobody is to act (see `Pause`), or None."""
        return None if self.awaiting else self.turn().pause

    def turn(self) -> Turn:
        """The turn facts of the table as it is now (see `Turn`)."""
        game = self.game
        if self.state.phase is not Phase.PLAYING or game is None:
            return Turn(game_over=self.game_over)
        awaiting: tuple[int, ...] = game.awaiting
        if awaiting:
            players = {seat: self.seat_for(seat) for seat in awaiting}
            return Turn(awaiting, players, members=any(not player.is_computer for player in players.values()))
        pauses = self.plugin.capability(Pauses) if game.outcome is None else None
        return Turn(pause=pauses.pause(game, self.options) if pauses is not None else None)

    @property
    def game_over(self) -> bool:
        """Between hands, when the hand just finished ended a score game: the table shows the
        final standings and waits for **New game** (docs/RULES.md, "Scores that finish")."""
        ended = self.match.last_result
        return (
            self.state.phase is Phase.BETWEEN
            and self.game is not None
            and ended is not None
            and ended.hand_no == self.match.hand_no
        )

    @property
    def house_bets(self) -> Sequence[BetOffer] | None:
        """The house bets onlookers may place now, or None: closed."""
        if self.state.phase is not Phase.PLAYING or self.game is None or self.game.outcome is not None:
            return None
        bets = self.plugin.capability(OnlookerBets)
        if bets is None:
            return None
        offers: Sequence[BetOffer] | None = bets.offers(self.game, self.options)
        return offers

    @property
    def open_wagers(self) -> list[Wager]:
        return [wager for wager in self.state.wagers if wager.returned is None]

    @property
    def seat_range(self) -> tuple[int, int]:
        return self.plugin.seat_range(self.options)

    @property
    def stacked(self) -> bool:
        """Whether players bring a stack to this table (rather than paying hand by hand)."""
        return self.plugin.buy_in(self.state.stake, self.options) is not None

    def panel_token(self, seat: int) -> str:
        """Changes whenever this seat's private panel goes out of date: a new hand, or a
        move of its own. Other players' moves (a simultaneous pass) leave it valid. Written
        "h<hand>.<moves>" so that, beside a seat named after a suit in a custom id, it never
        reads like a card ("swords:1")."""
        choice = self.state.seats[seat].choice
        return f"h{self.state.hand_no}.{self.state.acted.get(choice, 0)}"

    def panel_hand(self, token: str) -> bool:
        """Whether a panel token was given for the hand now at the table."""
        return token.split(".")[0] == f"h{self.state.hand_no}"

    @property
    def humans(self) -> list[Seat]:
        return [seat for seat in self.state.seats if not seat.is_computer]

    def snapshot_json(self) -> str:
        """The table as it is now, as the JSON text its snapshot is saved as."""
        self.state.hand = self.game.to_json() if self.game is not None else None
        try:
            return self.state.model_dump_json()
        finally:
            self.state.hand = None

    def snapshot(self) -> dict[str, Any]:
        """The table as it is now, as plain data (for tests and diagnostics)."""
        data: dict[str, Any] = json.loads(self.snapshot_json())
        return data

    def roll_back(self) -> None:
        """Back to the last committed snapshot (a move failed before it was saved)."""
        self.state = TableState.from_saved(self.committed)
        if self.state.match is None:  # a table restored from a snapshot older than its match
            self.state.match = _match_for(self.plugin, self.options, self.state.legacy_match or {})
        self.game = self.plugin.load(self.state.hand) if self.state.hand is not None else None
        self.state.hand = None


def _seat_view(seat: Seat) -> SeatView:
    return SeatView(choice=seat.choice, name=seat.name, user_id=seat.user_id)


def _match_for(plugin: Plugin, options: Any, legacy: dict[str, Any]) -> Match:
    """A new table's match, as its game plays matches; or, for a snapshot saved before the
    match had a field of its own, the match its separate fields describe."""
    match = plugin.new_match(options)
    if legacy:
        match = match.model_copy(
            update={
                "dealer": legacy.get("dealer"),
                "hand_no": int(legacy.get("hand_no") or 0),
                "carried": int(legacy.get("pot") or 0),
                "scores": dict(legacy.get("scores") or {}),
                "last_winner": legacy.get("last_winner"),
            }
        )
    return match
