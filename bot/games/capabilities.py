"""The optional features a game may have, each a capability it registers when it has it.

The core contract (`bot.games.base.GamePlugin`) is what every game implements; a
capability is what only some games do: onlookers' bets, side offers, a hand that waits on
the clock, partners played by another seat, a score kept across hands, the house dealing,
buttons on the public table message, chips paid hand by hand. A game registers one either
by listing an object in its plug-in's `capabilities` (a game with several kinds of house
bet builds them from its own parts) or by its plug-in class inheriting it (its methods sit
beside the rest of the game's). Shared code asks `plugin.capability(Kind)`, never which
game it is, and does without when the answer is None.

This module imports nothing of the bot: `bot.games.base` builds on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from engine.core.cards import Card
from engine.core.game import Game
from engine.core.match import GameResult, Match
from engine.core.msg import Msg

if TYPE_CHECKING:
    from bot.games.view import TableView
    from bot.i18n import Text


@dataclass(frozen=True)
class Move:
    """One button on the public table message: the key in its custom id, its label, and
    whether it gives something up (drawn red)."""

    key: str
    label: str | Msg  # a message is drawn in the table's language
    danger: bool = False


@dataclass(frozen=True)
class GameEnd:
    """A game the last hand finished, for a game that keeps its own tally across hands
    (`ScoreGame.after_hand`): the match's result, what each member's scoreboard row records
    as net chips (table seat -> chips), and the log's line. Stack games may also name
    `stakes`: what the game's end moves between the stacks, in stakes (table seat -> stakes,
    summing to 0); a stacked table moves that many times its stake between the stacks and,
    when `nets` is empty, records them as the nets."""

    result: GameResult
    nets: Mapping[str, int]
    text: Text
    stakes: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Ranking:
    """A result to rate (docs/RULES.md, "Ratings"): the sides that played it — each one
    table seat, or partners rated as a team — by table seat key, and each side's score,
    higher better, equal scores tying."""

    sides: tuple[tuple[str, ...], ...]
    scores: tuple[float, ...]


def game_sides(match: Match, result: GameResult) -> Ranking:
    """A finished game's final standing: each side that finished it with its score — the
    match's partnerships when they are fixed (a side scores its best member's score, as
    the match counts it), every other seat alone."""
    teams = match.partners if match.fixed_partners else ()
    sides: list[tuple[str, ...]] = []
    scores: list[float] = []
    for team in teams:
        members = tuple(key for key in team if key in result.scores)
        if members:
            sides.append(members)
            scores.append(max(result.scores[key] for key in members))
    teamed = {key for team in sides for key in team}
    for key, score in result.scores.items():
        if key not in teamed:
            sides.append((key,))
            scores.append(score)
    return Ranking(tuple(sides), tuple(scores))


def decided(standing: Ranking) -> Ranking | None:
    """`standing` if it ranks anyone above anyone (two sides or more, scores not all equal),
    else None: a result that decided nothing is not rated."""
    return standing if len(standing.sides) > 1 and len(set(standing.scores)) > 1 else None


@dataclass(frozen=True)
class Pause:
    """A hand waiting on the clock rather than on a player: the game's `awaiting` is empty,
    the hand is not over, and after `seconds` the table plays `action` for engine seat `seat`
    (e.g. the dealer turning the first card once onlookers have had time to bet). The table
    shows `label` meanwhile and logs `note` when the clock plays. A `paced` pause only paces
    a hand that plays itself, step by step, so people can follow each step: it lasts the
    bot's `PASS_DELAY` setting instead of `seconds` (0 in the tests)."""

    seconds: int
    seat: int
    action: Any
    label: str | Msg  # a message is drawn in the table's language
    note: str | Msg
    paced: bool = False


@dataclass(frozen=True)
class BetOffer:
    """A bet onlookers may place against the house while the hand allows it: its key (in
    custom ids: lowercase letters and underscores), its label, the picks it takes (value,
    label; empty: none), and its payout in words (shown beside it)."""

    key: str
    label: Text  # any of its words may be a message, drawn in the reader's language
    picks: tuple[tuple[str, Text], ...] = ()
    payout: Text = ""


@dataclass(frozen=True)
class BetResult:
    """A settled house bet: the chips the bettor gets back (0: lost; the stake plus the
    winnings when won) and the result in words for the table message."""

    returned: int
    text: Text  # a message is kept as one (`Wager.result`) and drawn in the table's language


@dataclass(frozen=True)
class OfferChoice:
    """A side bet a member may offer now (see `SideOffers.choices`): its kind, the
    engine seat it is offered to, its label, and the boxes of its form (key, label, hint)."""

    kind: str
    seat: int
    label: Text  # labels and hints may be messages, drawn in the reader's language
    fields: tuple[tuple[str, Text, Text], ...]


@dataclass(frozen=True)
class OfferTerms:
    """An offer's terms as the game read the form: what the maker escrows now, what the
    member asked escrows on accepting, the terms in words, and the game's own data."""

    maker_amount: int
    taker_amount: int
    text: Text  # kept with the offer (`Offer.text`); a message is drawn in each reader's language
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class OfferSettlement:
    """How an accepted offer settles with the hand: the escrowed chips (both sides' amounts)
    split between maker and taker, plus what the taker pays the maker from their winnings."""

    to_maker: int
    to_taker: int
    text: Text  # kept as the offer's result; a message is drawn in the table's language
    taker_pays_maker: int = 0


class Capability:
    """An optional feature of a game. `required` names the methods a game that has it
    must write itself (the rest have defaults); a contract test checks them."""

    required: ClassVar[tuple[str, ...]] = ()


G = TypeVar("G", bound=Game[Any, Any])
OptionsT = TypeVar("OptionsT", bound=BaseModel)


class OnlookerBets(Capability, Generic[G, OptionsT]):
    """Capability: onlookers bet against the house while the hand allows it."""

    required: ClassVar[tuple[str, ...]] = ("offers", "settle")

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


class SideOffers(Capability, Generic[G, OptionsT]):
    """Capability: members offer each other side bets on the hand, which the member asked
    accepts or declines."""

    required: ClassVar[tuple[str, ...]] = ("choices", "terms", "still_open", "settle")

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


class Pauses(Capability, Generic[G, OptionsT]):
    """Capability: a hand sometimes waits on the clock rather than on a player (see `Pause`)."""

    required: ClassVar[tuple[str, ...]] = ("pause",)

    def pause(self, game: G, options: OptionsT) -> Pause | None:
        """The clock the hand waits on while nobody is to act (see `Pause`), or None."""
        raise NotImplementedError

    def short_of_chips(self, game: G, seat: int, action: Any) -> Any | None:
        """The move the clock plays instead of `action` (a paused hand's move, see `pause`)
        when the member in engine seat `seat` can't pay what it costs. None (the default):
        there is none, and the clock tries again later."""
        return None


class Partners(Capability, Generic[G, OptionsT]):
    """Capability: partnerships, and a seat with no member that its partner's member plays."""

    required: ClassVar[tuple[str, ...]] = ("partners",)

    def robot(self, options: OptionsT) -> str | None:
        """The name of a seat with no member that is dealt in opposite the dealer (a game for
        three players and a robot), or None: every engine seat has a member. The table deals it
        into a free seat; it plays itself until its partner's member plays it."""
        return None

    def partners(self, game: G) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships in force in this hand, as engine seats (None: none, or not yet
        known). The table puts them into the match after every move."""
        raise NotImplementedError


class ScoreGame(Capability, Generic[G, OptionsT]):
    """Capability: a game that keeps a score across hands (points toward a target, pouches)
    and settles when a game ends rather than hand by hand: its scoreboards, what a member
    leaving a game in progress owes or leaves behind, and stacks topped up between hands.
    Every method has a default; a game writes the ones its score needs."""

    id: ClassVar[str]
    name: ClassVar[str]

    def boards(self) -> dict[str, str | Msg]:
        """Every scoreboard this game writes results to: board key -> its name (the game's
        own name, or a message: a points game's board is named in each language)."""
        return {self.id: self.name}

    def board(self, options: OptionsT) -> str:
        """The key results are recorded under for the scoreboard."""
        return self.id

    def points(self, game: G) -> list[int] | None:
        """Points games: what each seat scored in this finished hand (None: a chips game)."""
        return None

    def target(self, options: OptionsT) -> int | None:
        """Points games: the score that ends a game."""
        return None

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

    def tops_up(self, options: OptionsT) -> bool:
        """Stack games: True if a seat whose stack is below `seat_minimum` at the deal tops
        up from its bankroll (back to the full buy-in, or what the bankroll allows if that
        still covers the minimum), a computer's from the house, and a member who can't
        gives the seat to a computer player (the match carries on under the seat). False:
        the seat stands up."""
        return False

    def keeps_seat(self, table: TableView) -> bool:
        """Whether a member who leaves now leaves the seat to a computer player, which keeps
        its place in the match (a game whose score sheet is in progress). False: the seat
        is vacated."""
        return False

    def leaving_debts(self, table: TableView, choice: str) -> Mapping[str, int]:
        """Stack games whose stakes move only when a game ends: what a member leaving table
        seat `choice` now, with a game in progress, owes the other seats, in stakes (table
        seat -> stakes, each positive). The table pays them from the leaver's stack, into
        those seats' stacks, before the rest goes home. Asked only when the seat is vacated
        (a seat `keeps_seat` leaves to a computer player keeps its place in the game, and
        its debts with it). Empty (the default): the stack goes home whole."""
        return {}


class Standings(Capability, Generic[G, OptionsT]):
    """Capability: a game rated otherwise than the table's default (docs/RULES.md,
    "Ratings"), which rates a hand game each hand by each seat's net chips and a score game
    once a game ends by its final standing. A game played against the house may not be
    rated at all; a score game whose sides change from hand to hand (a declarer against the
    defenders, the round's partners) may rate each hand with its sides as teams instead."""

    required: ClassVar[tuple[str, ...]] = ("hand_standing",)

    def rated(self) -> bool:
        """Whether this game's results are rated at all."""
        return True

    def hand_standing(self, table: TableView, game: G) -> Ranking | None:
        """The finished hand `game`'s standing to rate, or None: this hand is not rated."""
        raise NotImplementedError

    def game_standing(self, table: TableView, result: GameResult) -> Ranking | None:
        """A finished game's standing to rate, or None: not rated (its hands were). By
        default its final standing (`game_sides`)."""
        return decided(game_sides(table.match, result))


class HouseDeals(Capability, Generic[OptionsT]):
    """Capability: the house deals every hand at this table (no seat holds the deal; the
    rotation still runs for whatever else the game hangs on it)."""

    required: ClassVar[tuple[str, ...]] = ("house_deals",)

    def house_deals(self, options: OptionsT) -> bool:
        """Whether the house deals at a table with these options."""
        raise NotImplementedError


class TableMoves(Capability, Generic[G]):
    """Capability: moves played from buttons on the public table message (a game whose
    players hold no secret cards, or whose moves need none of them). The table message shows
    the buttons of every seat the hand waits on, each key once, and plays a button's move
    for the member who presses it, if the hand waits on them. A move whose key is one of the
    plug-in's `form_keys` opens that form instead (`GamePlugin.form` with no values), for the
    member who pressed it only; sending it plays the move as a panel's form does."""

    required: ClassVar[tuple[str, ...]] = ("moves",)

    def moves(self, game: G, seat: int) -> list[Move]:
        """Buttons for the public table message for engine seat `seat`."""
        raise NotImplementedError


class OutOfTurn(Capability, Generic[G]):
    """Capability: moves a member may make from their panel while the hand is not waiting
    on them (a standing decision set or cancelled: the game then plays for them, or asks
    them again)."""

    required: ClassVar[tuple[str, ...]] = ("out_of_turn",)

    def out_of_turn(self, game: G, seat: int, key: str, values: Sequence[str]) -> Any | None:
        """The move behind panel control `key` (and a select's or form's values) that engine
        seat `seat` may play now although the hand does not wait on it, or None."""
        raise NotImplementedError


class HandByHand(Capability, Generic[G, OptionsT]):
    """Capability: chips go in hand by hand from the bankroll (antes, bets that cost chips),
    not from a stack brought to the table. Every method has a default."""

    def min_bankroll(self, stake: int, options: OptionsT) -> int:
        """Chips a member needs to sit down (the most one hand can cost)."""
        return 0

    def opening_costs(self, game: G) -> list[int]:
        """Chips each seat puts in when the hand is dealt (antes)."""
        return [0] * len(game.view(None).seats)

    def cost(self, game: G, seat: int, action: Any) -> int:
        """Chips this action moves from the seat's account into escrow."""
        return 0


@dataclass(frozen=True)
class Job:
    """Heavy work for a worker process: a top-level function and its arguments (all of
    which pickle)."""

    fn: Callable[..., Any]
    args: tuple[Any, ...]


class Prepares(Capability, Generic[G]):
    """Capability: a move has a heavy part (a simulation) that can be done ahead, off the
    event loop, so that the engine's own `apply` finds it done and is cheap. The table
    runs `prepare`'s job in a worker, hands its result to `absorb`, then applies the move;
    the move's result must be the same whether or not the job ran."""

    required: ClassVar[tuple[str, ...]] = ("prepare", "absorb")

    def prepare(self, game: G, seat: int, action: Any) -> Job | None:
        """The heavy part of `seat` playing `action`, as a job (None: nothing heavy)."""
        raise NotImplementedError

    def absorb(self, result: Any) -> None:
        """Put what the job computed where the engine looks for it."""
        raise NotImplementedError


class CardNames(Capability):
    """Capability: the game names its cards in its own words, in each language (a replay's
    "Your cards: ..." line). Without it a card is named by its deck's English label."""

    required: ClassVar[tuple[str, ...]] = ("card_name",)

    def card_name(self, card: Card) -> Text:
        """`card` in words, as a message of the game's catalogue ("Asso di Denari")."""
        raise NotImplementedError


CAPABILITIES: tuple[type[Capability], ...] = (
    OnlookerBets,
    SideOffers,
    Pauses,
    Partners,
    ScoreGame,
    HouseDeals,
    TableMoves,
    HandByHand,
    Prepares,
    OutOfTurn,
    Standings,
    CardNames,
)
"""Every kind of capability a game may register."""
