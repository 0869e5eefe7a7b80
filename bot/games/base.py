"""What a game plug-in provides: everything the table layer and the cogs ask of a game.

A game is its pure engine package (`engine/<game>/`) plus its Discord half, a package
beside this module (`bot/games/<game>/`) whose `PLUGIN` is an instance of a `GamePlugin`
subclass. The plug-in says how table seats become an engine hand, how a game holds chips
(per hand, or as stacks brought to the table), how a legal move is written into a button's
key and read back, what the table message and a player's hand panel show, and which move
the timer plays for an absent player. All rules stay in `engine/`; nothing outside a
game's own packages names the game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import discord
from pydantic import BaseModel, ValidationError

from engine.core.cards import Card
from engine.core.game import Event, Game
from engine.core.match import GameResult, Match
from engine.core.players import ComputerPlayer, computer_levels, computer_player

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.tables import Table
    from bot.ui import Form, Panel


class OptionError(ValueError):
    """A table option a member chose is not valid; the message says why, for the member."""


@dataclass(frozen=True)
class Move:
    """One button on the public table message: the key in its custom id, its label, and
    whether it gives something up (drawn red)."""

    key: str
    label: str
    danger: bool = False


@dataclass(frozen=True)
class HandSetup:
    """Everything the table knows when it deals a hand."""

    choices: Sequence[str]  # each seat's choice, in seat order
    names: Sequence[str]  # each seat's display name
    stake: int
    seed: int
    dealer: int  # seat index of this hand's dealer (the deal passes left)
    stacks: Sequence[int] | None = None  # stack games: chips each seat has at the table
    leader: int | None = None  # stack games: the last hand's winner, if still seated
    carried: int = 0  # chips an earlier hand without a winner left in the pot
    match: Match | None = None  # the match as this hand is dealt (its pouches, games so far)
    previous: Any = None  # the last hand dealt at this table, finished (None: none, or unknown)


@dataclass(frozen=True)
class GameEnd:
    """A game the last hand finished, for a game that keeps its own tally across hands
    (`GamePlugin.after_hand`): the match's result, what each member's scoreboard row records
    as net chips (table seat -> chips), and the log's line. Stack games may also name
    `stakes`: what the game's end moves between the stacks, in stakes (table seat -> stakes,
    summing to 0); a stacked table moves that many times its stake between the stacks and,
    when `nets` is empty, records them as the nets."""

    result: GameResult
    nets: Mapping[str, int]
    text: str
    stakes: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Pause:
    """A hand waiting on the clock rather than on a player: the game's `awaiting` is empty,
    the hand is not over, and after `seconds` the table plays `action` for engine seat `seat`
    (e.g. the dealer turning the first card once onlookers have had time to bet). The table
    shows `label` meanwhile and logs `note` when the clock plays."""

    seconds: int
    seat: int
    action: Any
    label: str
    note: str


@dataclass(frozen=True)
class BetOffer:
    """A bet onlookers may place against the house while the hand allows it: its key (in
    custom ids: lowercase letters and underscores), its label, the picks it takes (value,
    label; empty: none), and its payout in words (shown beside it)."""

    key: str
    label: str
    picks: tuple[tuple[str, str], ...] = ()
    payout: str = ""


@dataclass(frozen=True)
class BetResult:
    """A settled house bet: the chips the bettor gets back (0: lost; the stake plus the
    winnings when won) and the result in words for the table message."""

    returned: int
    text: str


@dataclass(frozen=True)
class OfferChoice:
    """A side bet a member may offer now (see `SideOffers.choices`): its kind, the
    engine seat it is offered to, its label, and the boxes of its form (key, label, hint)."""

    kind: str
    seat: int
    label: str
    fields: tuple[tuple[str, str, str], ...]


@dataclass(frozen=True)
class OfferTerms:
    """An offer's terms as the game read the form: what the maker escrows now, what the
    member asked escrows on accepting, the terms in words, and the game's own data."""

    maker_amount: int
    taker_amount: int
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class OfferSettlement:
    """How an accepted offer settles with the hand: the escrowed chips (both sides' amounts)
    split between maker and taker, plus what the taker pays the maker from their winnings."""

    to_maker: int
    to_taker: int
    text: str
    taker_pays_maker: int = 0


class NoOptions(BaseModel, frozen=True):
    """A game whose /play takes nothing beyond the stake and the computer level."""


G = TypeVar("G", bound=Game[Any, Any])
OptionsT = TypeVar("OptionsT", bound=BaseModel)
C = TypeVar("C")


class OnlookerBets(Generic[G, OptionsT]):
    """Capability: onlookers bet against the house while the hand allows it."""

    def offers(self, game: G, options: OptionsT) -> Sequence[BetOffer] | None:
        """The bets onlookers may place against the house now, or None: bets are closed."""
        raise NotImplementedError

    def settle(self, game: G, key: str, pick: str, amount: int) -> BetResult | None:
        """A house bet of `amount` on `key` (with `pick`) settled from the hand's public
        cards, or None while the hand hasn't decided it."""
        raise NotImplementedError

    def limit(self, stake: int, options: OptionsT) -> int:
        """The most one house bet may stake."""
        return 10 * stake


class SideOffers(Generic[G, OptionsT]):
    """Capability: members offer each other side bets on the hand, which the member asked
    accepts or declines."""

    def choices(self, game: G, options: OptionsT, seat: int | None) -> Sequence[OfferChoice]:
        """The side bets a member in engine seat `seat` (None: an onlooker) may offer now."""
        raise NotImplementedError

    def terms(self, game: G, options: OptionsT, kind: str, seat: int, values: Sequence[str]) -> OfferTerms:
        """Read an offer's form; raises IllegalAction with a sentence for the member."""
        raise NotImplementedError

    def still_open(self, game: G, kind: str, seat: int, data: Mapping[str, Any]) -> bool:
        """Whether an offer not yet answered may still be accepted."""
        raise NotImplementedError

    def settle(
        self, game: G, kind: str, seat: int, maker_amount: int, taker_amount: int, data: Mapping[str, Any]
    ) -> OfferSettlement:
        """An accepted offer settled from the finished hand."""
        raise NotImplementedError


class GamePlugin(Generic[G, OptionsT]):
    """Base shape; one subclass per game, in the game's own package."""

    #: the game id: the registry key, the scoreboard key and the engine package's name
    id: ClassVar[str]
    name: ClassVar[str]
    #: the /play options model: its fields (descriptions, Literal choices, ranges) become
    #: the game's /play subcommand's options. Each subclass sets it to its own OptionsT
    #: (NoOptions if /play takes nothing more); not a ClassVar only because a ClassVar
    #: cannot be generic.
    options_model: type[OptionsT]
    #: players over every option
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: seat names in seat order (Prima Carta: the suits a player backs)
    seat_choices: ClassVar[tuple[str, ...]]
    #: whether a joining member picks their seat (Prima Carta: their suit), and the /play
    #: option through which the host picks theirs
    pick_seat: ClassVar[bool] = False
    seat_option: ClassVar[str | None] = None
    #: whether players hold secret cards (they get the "Your hand" panel)
    private_hands: ClassVar[bool] = False
    #: the /rules text, in our own words
    rules: ClassVar[str]
    #: panel keys that only change what the panel shows (a line picked, cards picked)
    view_keys: ClassVar[frozenset[str]] = frozenset()
    #: panel keys that open a form for typed input (see `form`)
    form_keys: ClassVar[frozenset[str]] = frozenset()
    #: the colour of the table message while a hand is in play, and of the hand panel
    colour: ClassVar[discord.Colour] = discord.Colour.gold()
    #: the optional features this game has, each an object of its own (`OnlookerBets`,
    #: `SideOffers`); a game without them carries nothing of them (see `capability`)
    capabilities: ClassVar[tuple[object, ...]] = ()

    @property
    def levels(self) -> tuple[str, ...]:
        """Computer player levels; the first is the default."""
        return computer_levels(self.id)

    def boards(self) -> dict[str, str]:
        """Every scoreboard this game writes results to: board key -> its name."""
        return {self.id: self.name}

    def choice_label(self, choice: str) -> str:
        return choice.title()

    # --------------------------------------------------------------- options
    def parse_options(self, raw: Mapping[str, Any]) -> OptionsT:
        """The options a host chose at /play (None: left out); raises OptionError."""
        given = {name: value for name, value in raw.items() if value is not None}
        try:
            return self.options_model.model_validate(given)
        except ValidationError as error:
            raise OptionError(self.option_error(error)) from error

    def option_error(self, error: ValidationError) -> str:
        """The sentence for options the model refused."""
        return f"That {self.name} option isn't valid."

    def load_options(self, data: Mapping[str, Any]) -> OptionsT:
        """Options as a table's snapshot saved them (already checked at /play)."""
        return self.options_model.model_validate(data)

    def describe_options(self, options: OptionsT, stake: int) -> str:
        return ""

    def seat_range(self, options: OptionsT) -> tuple[int, int]:
        return self.min_players, self.max_players

    def new_match(self, options: OptionsT) -> Match:
        """The match a new table plays: its seats in order going left, which way the deal
        passes (left by default), and the score that ends a game, if any."""
        return Match.new(self.seat_choices, target=self.target(options))

    # ----------------------------------------------------------------- money
    def buy_in(self, stake: int, options: OptionsT) -> int | None:
        """Chips a player brings to the table as a stack, or None if chips go in hand by hand."""
        return None

    def min_bankroll(self, stake: int, options: OptionsT) -> int:
        """Chips a member needs to sit down."""
        return self.buy_in(stake, options) or 0

    def seat_minimum(self, stake: int, options: OptionsT) -> int:
        """Stack games: the least a stack must hold to be dealt in (else the seat stands up)."""
        return stake

    def tops_up(self, options: OptionsT) -> bool:
        """Stack games: True if a seat whose stack is below `seat_minimum` at the deal tops
        up from its bankroll (back to the full buy-in, or what the bankroll allows if that
        still covers the minimum), a computer's from the house, and a member who can't
        gives the seat to a computer player (the match carries on under the seat). False:
        the seat stands up."""
        return False

    def keeps_seat(self, table: Table) -> bool:
        """Whether a member who leaves now leaves the seat to a computer player, which keeps
        its place in the match (a game whose score sheet is in progress). False: the seat
        is vacated."""
        return False

    def leaving_debts(self, table: Table, choice: str) -> Mapping[str, int]:
        """Stack games whose stakes move only when a game ends: what a member leaving table
        seat `choice` now, with a game in progress, owes the other seats, in stakes (table
        seat -> stakes, each positive). The table pays them from the leaver's stack, into
        those seats' stacks, before the rest goes home. Asked only when the seat is vacated
        (a seat `keeps_seat` leaves to a computer player keeps its place in the game, and
        its debts with it). Empty (the default): the stack goes home whole."""
        return {}

    def points(self, game: G) -> list[int] | None:
        """Points games: what each seat scored in this finished hand (None: a chips game)."""
        return None

    def target(self, options: OptionsT) -> int | None:
        """Points games: the score that ends a game."""
        return None

    def board(self, options: OptionsT) -> str:
        """The key results are recorded under for the scoreboard."""
        return self.id

    def before_deal(
        self, match: Match, seated: Sequence[str], options: OptionsT, last: G | None
    ) -> tuple[Match, str | None]:
        """Before each deal: the match to deal from (a game that keeps a tally in the match
        starts it here, e.g. filling the pouches when a game begins) and the table seat the
        rules name as this hand's dealer, or None for the usual rotation. `seated` are the
        table seats to be dealt in; `last` is the last hand dealt here, finished, if any."""
        return match, None

    def after_hand(self, match: Match, game: G, keys: Sequence[str]) -> tuple[Match, GameEnd | None] | None:
        """Games that keep their own tally across hands: the match after the finished hand
        `game` (whose engine seats sat in the table seats `keys`), and the game it ended, if
        any. None (the default): the table's usual way — `points` toward a target, or a result
        on the scoreboard per hand."""
        return None

    def opening_costs(self, game: G) -> list[int]:
        """Per-hand games: chips each seat puts in when the hand is dealt (antes)."""
        return [0] * len(self.seat_names(game))

    def cost(self, game: G, seat: int, action: Any) -> int:
        """Per-hand games: chips this action moves from the seat's account into escrow."""
        return 0

    def held(self, game: G) -> int:
        """Chips the hand in play holds at the table (what the table's escrow must hold)."""
        raise NotImplementedError

    def final_stacks(self, game: G) -> list[int] | None:
        """Stack games: each seat's stack once the hand is settled."""
        return None

    def house_deals(self, options: OptionsT) -> bool:
        """Whether the house deals every hand at this table (no seat holds the deal; the
        rotation still runs for whatever else the game hangs on it)."""
        return False

    def robot(self, options: OptionsT) -> str | None:
        """The name of a seat with no member that is dealt in opposite the dealer (a game for
        three players and a robot), or None: every engine seat has a member. The table deals it
        into a free seat; it plays itself until its partner's member plays it."""
        return None

    def partners(self, game: G) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships in force in this hand, as engine seats (None: none, or not yet
        known). The table puts them into the match after every move."""
        return None

    # ------------------------------------------------------------------ play
    def new_hand(self, setup: HandSetup, options: OptionsT) -> G:
        raise NotImplementedError

    def load(self, data: Mapping[str, Any]) -> G:
        raise NotImplementedError

    def seat_names(self, game: G) -> tuple[str, ...]:
        """The engine's name for each seat, in seat order."""
        seats: tuple[str, ...] = game.view(None).seats
        return seats

    def moves(self, game: G, seat: int) -> list[Move]:
        """Buttons for the public table message (games without private hands)."""
        return []

    def decode(self, game: G, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        """The legal action behind a control key (and a select's or form's values), or None.
        Typed values that don't read raise IllegalAction with a sentence for the player."""
        raise NotImplementedError

    def encode(self, game: G, seat: int, action: Any) -> tuple[str, tuple[str, ...]]:
        """The control key and values that play `action`: `decode` reads them back to it."""
        raise NotImplementedError

    def timeout_action(self, game: G, seat: int) -> Any:
        """The least committal legal move, played for a player who does not act."""
        raise NotImplementedError

    def pause(self, game: G, options: OptionsT) -> Pause | None:
        """The clock the hand waits on while nobody is to act (see `Pause`), or None."""
        return None

    def short_of_chips(self, game: G, seat: int, action: Any) -> Any | None:
        """The move the clock plays instead of `action` (a paused hand's move, see `pause`)
        when the member in engine seat `seat` can't pay what it costs. None (the default):
        there is none, and the clock tries again later."""
        return None

    # ------------------------------------------------------------ capabilities
    def capability(self, kind: type[C]) -> C | None:
        """This game's capability of `kind` (`OnlookerBets`, `SideOffers`), or None: the
        game hasn't it. Shared code asks this, never which game it is."""
        for capability in self.capabilities:
            if isinstance(capability, kind):
                return capability
        return None

    def logged(self, event: Event) -> bool:
        """Whether the table log repeats this event (some are drawn elsewhere on the table)."""
        return True

    def seat_label(self, game: G, seat: int) -> str:
        """How the engine's own texts name engine seat `seat` (its seat name by default)."""
        return self.seat_names(game)[seat]

    def event_text(self, game: G, event: Event, player: str) -> str:
        """The table log's line for `event`: the engine's text, with the seat it is about
        named as the player sitting there. An engine knows only its seats, so where it says
        "Cups folds." the log says "Alice (Cups) folds."; where the engine's seat name already
        is the player's name, the text stays as it is. `player` is raw (escaped when drawn)."""
        if event.seat is None:
            return event.text
        label = self.seat_label(game, event.seat)
        if not label or label == player:
            return event.text
        return re.sub(rf"\b{re.escape(label)}\b", lambda _: f"{player} ({label})", event.text, count=1)

    def computer(self, level: str) -> ComputerPlayer:
        return computer_player(self.id, level if level in self.levels else None)

    # ---------------------------------------------------- hidden information
    def private_cards(self, game: G, seat: int) -> frozenset[Card]:
        """Cards only `seat` may see now (its hand)."""
        return frozenset()

    def secret_cards(self, game: G) -> frozenset[Card]:
        """Cards nobody may see now (the undealt deck)."""
        return frozenset()

    # ------------------------------------------------------------- rendering
    def table_fields(self, table: Table, game: G, embed: discord.Embed) -> None:
        """Add the public picture of the hand in play to the table message."""

    def status(self, table: Table, game: G) -> str:
        """The table message's first line while a hand is in play: whose turn, to do what."""
        return f"**Hand {table.state.hand_no}** in play."

    def prompt(self, table: Table, game: G, fresh: set[int]) -> str:
        """The public ping for the member(s) to act: names no hidden card. `fresh` are the
        seats whose open panel was just redrawn with their moves."""
        raise NotImplementedError

    def panel(self, table: Table, game: G, seat: int, picks: tuple[str, ...]) -> Panel:
        """What `seat` sees of its own hand and, on its turn, the controls for its moves.
        `picks` are what the player chose on the panel so far (see `pick`)."""
        raise NotImplementedError

    def table_picture(self, table: Table, view: Any) -> Image | None:
        """The public table drawn with the card kit (`bot.art`), from the public view alone
        (`game.view(None)`), so no hidden card can be drawn; None: no picture."""
        return None

    def hand_picture(self, table: Table, view: Any, picks: tuple[str, ...]) -> Image | None:
        """A player's own cards drawn for their hand panel, from that seat's view alone
        (`game.view(seat)`), with what they picked on the panel marked; None: no picture."""
        return None

    def pick(self, key: str, values: Sequence[str]) -> tuple[str, ...] | None:
        """A view key's new panel picks (a line, the cards to change), or None if unreadable."""
        return None

    def form(self, table: Table, game: G, seat: int, key: str, values: Sequence[str]) -> Form | None:
        """The form behind a panel control that needs typed input, or None if it is not open."""
        return None
