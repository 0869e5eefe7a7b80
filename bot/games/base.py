"""What a game plug-in provides: the core contract, what the table layer and the cogs ask
of every game. What only some games do is a capability (`bot.games.capabilities`) a game
registers when it has it; plug-ins read the table through a frozen `TableView`.

A game is its pure engine package (`engine/<game>/`) plus its Discord half, a package
beside this module (`bot/games/<game>/`) whose `PLUGIN` is an instance of a `GamePlugin`
subclass. The plug-in says how table seats become an engine hand, how a game holds chips
(per hand, or as stacks brought to the table), how a legal move is written into a button's
key and read back, what the table message and a player's hand panel show, and which move
the timer plays for an absent player. All rules stay in `engine/`; nothing outside a
game's own packages names the game.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import discord
from pydantic import BaseModel, ValidationError

from bot.games.capabilities import (
    CAPABILITIES,
    BetOffer,
    BetResult,
    Capability,
    CardNames,
    GameEnd,
    HandByHand,
    HouseDeals,
    Job,
    Move,
    OfferChoice,
    OfferSettlement,
    OfferTerms,
    OnlookerBets,
    OutOfTurn,
    Partners,
    Pause,
    Pauses,
    Prepares,
    Ranking,
    ScoreGame,
    SideOffers,
    Standings,
    TableMoves,
    decided,
    game_sides,
)
from bot.games.capabilities import G as G
from bot.games.capabilities import OptionsT as OptionsT
from bot.i18n import LANGUAGES, PSEUDO, SOURCE, Text, english, t
from bot.i18n.pseudo import pseudo
from engine.core.cards import Card
from engine.core.game import Event
from engine.core.match import GameResult, Match
from engine.core.msg import Markup
from engine.core.players import Advises, ComputerPlayer, computer_levels, computer_player

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.games.results import HandResult
    from bot.games.view import TableView
    from bot.ui import Form, Panel


class OptionError(ValueError):
    """A table option a member chose is not valid; `said` says why, for the member (a
    message in their language, or English)."""

    def __init__(self, said: Text) -> None:
        super().__init__(english(said))
        self.said = said


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


class NoOptions(BaseModel, frozen=True):
    """A game whose /play takes nothing beyond the stake and the computer level."""


C = TypeVar("C")


_LOADED_OPTIONS: dict[tuple[Any, ...], Any] = {}
"""Table options read from snapshots, by the game's model and the saved values (see
`GamePlugin.load_options`)."""
_LOADED_OPTIONS_SIZE = 1024


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
    #: the game in a few lines (under 600 characters), shown first by /rules and the Rules
    #: button; **More** shows `rules`
    brief: ClassVar[str]
    #: `rules` and `brief` in the other languages, written in our own words in each (issue
    #: 26), by language code ("it", "el", "es"); a language missing reads the English
    translated: ClassVar[bool] = False
    """Whether the game's catalogue (its domain, the game's id) is complete in every language
    (issue 26): the catalogue test then holds it to that."""
    rules_in: ClassVar[Mapping[str, str]] = {}
    brief_in: ClassVar[Mapping[str, str]] = {}
    #: panel keys that only change what the panel shows (a line picked, cards picked)
    view_keys: ClassVar[frozenset[str]] = frozenset()
    #: panel keys that open a form for typed input (see `form`)
    form_keys: ClassVar[frozenset[str]] = frozenset()
    #: the colour of the table message while a hand is in play, and of the hand panel
    colour: ClassVar[discord.Colour] = discord.Colour.gold()
    #: optional features this game has as objects of their own (`OnlookerBets`,
    #: `SideOffers`); others its class inherits (`Pauses`, `ScoreGame`...). A game without
    #: them carries nothing of them (see `capability`)
    capabilities: ClassVar[tuple[object, ...]] = ()

    @property
    def levels(self) -> tuple[str, ...]:
        """Computer player levels; the first is the default."""
        return computer_levels(self.id)

    def choice_label(self, choice: str) -> Text:
        """A seat's name where members pick one or read the seats (Details): a numbered seat
        is "Seat 3" in the reader's language; a named one (a suit) its name, title-cased."""
        if choice.isdigit():
            return t("Seat {choice}", choice=Markup(choice))
        return choice.title()

    # --------------------------------------------------------------- options
    def parse_options(self, raw: Mapping[str, Any]) -> OptionsT:
        """The options a host chose at /play (None: left out); raises OptionError."""
        given = {name: value for name, value in raw.items() if value is not None}
        try:
            return self.options_model.model_validate(given)
        except ValidationError as error:
            raise OptionError(self.option_error(error)) from error

    def option_error(self, error: ValidationError) -> Text:
        """The sentence for options the model refused."""
        return t("That {game} option isn't valid.", game=self.name)

    def load_options(self, data: Mapping[str, Any]) -> OptionsT:
        """Options as a table's snapshot saved them (already checked at /play). Options
        models are frozen, so tables with the same options share one: a restart reads
        thousands of tables, most of them with a game's defaults."""
        try:
            key = (self.options_model, *((name, type(value), value) for name, value in sorted(data.items())))
            found = _LOADED_OPTIONS.get(key)
        except TypeError:  # a value that is not hashable: read as it is
            return self.options_model.model_validate(data)
        if found is None:
            if len(_LOADED_OPTIONS) >= _LOADED_OPTIONS_SIZE:
                _LOADED_OPTIONS.clear()
            found = _LOADED_OPTIONS[key] = self.options_model.model_validate(data)
        options: OptionsT = found
        return options

    def describe_options(self, options: OptionsT, stake: int) -> Text:
        """The table's options in a line (the lobby, Details); "" for none."""
        return ""

    def seat_range(self, options: OptionsT) -> tuple[int, int]:
        return self.min_players, self.max_players

    def new_match(self, options: OptionsT) -> Match:
        """The match a new table plays: its seats in order going left, which way the deal
        passes (left by default), and the score that ends a game, if any."""
        score = self.capability(ScoreGame)
        return Match.new(self.seat_choices, target=score.target(options) if score is not None else None)

    # ----------------------------------------------------------------- money
    def buy_in(self, stake: int, options: OptionsT) -> int | None:
        """Chips a player brings to the table as a stack, or None if chips go in hand by hand."""
        return None

    def seat_minimum(self, stake: int, options: OptionsT) -> int:
        """Stack games: the least a stack must hold to be dealt in (else the seat stands up)."""
        return stake

    def held(self, game: G) -> int:
        """Chips the hand in play holds at the table (what the table's escrow must hold)."""
        raise NotImplementedError

    def final_stacks(self, game: G) -> list[int] | None:
        """Stack games: each seat's stack once the hand is settled."""
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

    # ------------------------------------------------------------ capabilities
    def capability(self, kind: type[C]) -> C | None:
        """This game's capability of `kind` (one of `CAPABILITIES`: `Pauses`, `ScoreGame`...),
        or None: the game hasn't it. A plug-in has a capability its class inherits or an
        object in its `capabilities`. Shared code asks this, never which game it is."""
        if isinstance(self, kind):
            return self
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

    def event_text(self, game: G, event: Event, player: str) -> Text:
        """The table log's line for `event`: the engine's text, with the seat it is about
        named as the player sitting there. An engine knows only its seats, so where it says
        "Cups folds." the log says "Alice (Cups) folds."; where the engine's seat name already
        is the player's name, the text stays as it is. `player` is raw (escaped when drawn).

        An event with a message (an engine converted, issue 26) is logged as its message,
        shown in each reader's language: a game whose engine names seats other than by their
        players' names says so in its own `event_text`."""
        if event.msg is not None:
            return event.msg
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
    def table_fields(self, table: TableView, game: G, embed: discord.Embed) -> None:
        """Add the public picture of the hand in play to the table message."""

    def status(self, table: TableView, game: G) -> str:
        """The table message's first line while a hand is in play: whose turn, to do what,
        in `table.lang`."""
        return table.lang(t("**Hand {n}** in play.", n=table.hand_no))

    def hand_result(self, table: TableView, game: G) -> HandResult | None:
        """The finished hand in words (`bot.games.results`): who won, how much and why, what
        carries over, each seat's net. None while the hand is in play. Public facts only."""
        raise NotImplementedError

    def summary(self, table: TableView, game: G) -> list[str]:
        """The few short lines the table message shows under its picture while a hand is in
        play (at most three are shown): whose turn and what they decide, then what is at
        stake (the pot, the bid). Public, and nothing the picture already shows in full (the
        seats' cards, a discard pile). By default the status line."""
        return self.status(table, game).splitlines()

    def prompt(self, table: TableView, game: G, fresh: set[int]) -> str:
        """The public ping for the member(s) to act: names no hidden card. `fresh` are the
        seats whose open panel was just redrawn with their moves."""
        raise NotImplementedError

    def panel(self, table: TableView, game: G, seat: int, picks: tuple[str, ...]) -> Panel:
        """What `seat` sees of its own hand and, on its turn, the controls for its moves.
        `picks` are what the player chose on the panel so far (see `pick`)."""
        raise NotImplementedError

    def table_picture(self, table: TableView, view: Any) -> Image | None:
        """The public table drawn with the card kit (`bot.art`), from the public view alone
        (`game.view(None)`), so no hidden card can be drawn; None: no picture."""
        return None

    def hand_picture(self, table: TableView, view: Any, picks: tuple[str, ...]) -> Image | None:
        """A player's own cards drawn for their hand panel, from that seat's view alone
        (`game.view(seat)`), with what they picked on the panel marked; None: no picture."""
        return None

    def pick(self, key: str, values: Sequence[str]) -> tuple[str, ...] | None:
        """A view key's new panel picks (a line, the cards to change), or None if unreadable."""
        return None

    def form(self, table: TableView, game: G, seat: int, key: str, values: Sequence[str]) -> Form | None:
        """The form behind a panel control that needs typed input, or None if it is not open."""
        return None

    def move_name(self, table: TableView, game: G, seat: int, action: Any) -> str:
        """A legal move of `seat`, named for that seat as its controls name it (a learner's
        hint says which move to make): the label of the control that plays it, on the panel
        as drawn or one pick away (a line, a card), or of the table message's button. A game
        whose moves take cards picked or a typed amount names those itself. Names no card
        `seat` can't see."""
        key, values = self.encode(game, seat, action)
        found = control_label(self, table, game, seat, key, values)
        if found is not None:
            return found
        head = key.split(".")[0].replace("_", " ").capitalize()
        return f"{head} ({', '.join(values)})" if values else head


def rules_for(plugin: GamePlugin[Any, Any], code: str) -> str:
    """The game's full rules in language `code` (English where it has none). Under the
    `pseudo` test language, a game with its rules in every language reads them transformed,
    and one without reads plain English, which the test finds."""
    return _in(plugin.rules, plugin.rules_in, code)


def brief_for(plugin: GamePlugin[Any, Any], code: str) -> str:
    """The game in a few lines in language `code` (English where it has none)."""
    return _in(plugin.brief, plugin.brief_in, code)


def _in(english: str, others: Mapping[str, str], code: str) -> str:
    if code == PSEUDO:
        complete = all(language in others for language in LANGUAGES if language != SOURCE)
        return pseudo(english) if complete else english
    return others.get(code, english)


def control_label(
    plugin: GamePlugin[Any, Any], table: TableView, game: Any, seat: int, key: str, values: Sequence[str]
) -> str | None:
    """The label of the control that plays `key` (with `values`) for `seat`: a button of its
    panel as drawn, or as drawn after one pick (a line, a card: a view key); a select's
    options chosen (its placeholder, then their labels); a button of the table message.
    None: no control plays it as it is."""

    say = table.lang

    def search(panel: Panel) -> str | None:
        for control in panel.controls:
            if control.key == key and not values and not control.disabled:
                return say(control.label, md=False)
        for picker in panel.pickers:
            if picker.key == key and values:
                labels = {value: say(label, md=False) for value, label, _ in picker.options}
                if all(value in labels for value in values):
                    head = say(picker.placeholder, md=False).rstrip("…. ")
                    return f"{head}: {', '.join(labels[v] for v in values)}"
        return None

    panel = plugin.panel(table, game, seat, ())
    found = search(panel)
    for control in panel.controls:
        if found is not None:
            break
        if control.key.split(".")[0] in plugin.view_keys and not control.disabled:
            picks = plugin.pick(control.key, ())
            if picks:
                found = search(plugin.panel(table, game, seat, picks))
    public = plugin.capability(TableMoves)
    if found is None and public is not None and not values:
        found = next(
            (say(move.label, md=False) for move in public.moves(game, seat) if move.key == key), None
        )
    return found


@functools.cache
def hint_level(plugin: GamePlugin[Any, Any]) -> str | None:
    """The computer level a learner's hint asks (issue 25): the game's strongest (its levels go
    from weakest to strongest), if that player says why it moves (`Advises`); None: the game
    offers no hints. Asked of the player, never by game: a strongest level that learns to
    advise brings hints to its game with no other change."""
    levels = plugin.levels
    if not levels or not isinstance(plugin.computer(levels[-1]), Advises):
        return None
    return levels[-1]


# ------------------------------------------------- shared defaults of capabilities
# What the table layer uses when a game hasn't the capability: said once, here.
def scoreboard(plugin: GamePlugin[Any, Any], options: Any) -> str:
    """The scoreboard key a table with `options` records results under."""
    score = plugin.capability(ScoreGame)
    return score.board(options) if score is not None else plugin.id


def scoreboards(plugin: GamePlugin[Any, Any]) -> dict[str, Text]:
    """Every scoreboard `plugin` writes results to: board key -> its name."""
    score = plugin.capability(ScoreGame)
    return score.boards() if score is not None else {plugin.id: plugin.name}


def min_bankroll(plugin: GamePlugin[Any, Any], stake: int, options: Any) -> int:
    """Chips a member needs to sit down: what one hand can cost (a game paid hand by hand)
    or the stack each player brings."""
    money = plugin.capability(HandByHand)
    if money is not None:
        return money.min_bankroll(stake, options)
    return plugin.buy_in(stake, options) or 0


def rated(plugin: GamePlugin[Any, Any]) -> bool:
    """Whether `plugin`'s results are rated (docs/RULES.md, "Ratings")."""
    standings = plugin.capability(Standings)
    return standings.rated() if standings is not None else True


def hand_standing(
    plugin: GamePlugin[Any, Any], table: TableView, game: Any, *, scored: bool
) -> Ranking | None:
    """The finished hand's standing to rate, or None: the game's own (`Standings`), else
    for a hand game each seat dealt in by its net chips (a hand in which every net is the
    same decided nothing); a hand of a score game (`scored`) is not rated, its game is."""
    standings = plugin.capability(Standings)
    if standings is not None:
        return standings.hand_standing(table, game)
    outcome = game.outcome
    if scored or outcome is None:
        return None
    seats = range(len(outcome.paid_in))
    return decided(Ranking(tuple((table.dealt[s],) for s in seats), tuple(outcome.net(s) for s in seats)))


def game_standing(plugin: GamePlugin[Any, Any], table: TableView, result: GameResult) -> Ranking | None:
    """A finished score game's standing to rate, or None: the game's own (`Standings`), else
    its final standing (`game_sides`)."""
    standings = plugin.capability(Standings)
    if standings is not None:
        return standings.game_standing(table, result)
    return decided(game_sides(table.match, result))


__all__ = [
    "CAPABILITIES",
    "BetOffer",
    "BetResult",
    "Capability",
    "CardNames",
    "GameEnd",
    "GamePlugin",
    "HandByHand",
    "HandSetup",
    "HouseDeals",
    "Job",
    "Move",
    "NoOptions",
    "OfferChoice",
    "OfferSettlement",
    "OfferTerms",
    "OnlookerBets",
    "OptionError",
    "OutOfTurn",
    "Partners",
    "Pause",
    "Pauses",
    "Prepares",
    "Ranking",
    "ScoreGame",
    "SideOffers",
    "Standings",
    "TableMoves",
    "brief_for",
    "decided",
    "game_sides",
    "game_standing",
    "hand_standing",
    "hint_level",
    "min_bankroll",
    "rated",
    "rules_for",
    "scoreboard",
    "scoreboards",
]
