"""Holdout (Postes de Cerca, James Ernest, v1.1), as a pure state machine.

Everyone antes, holds five cards and passes two to the left; then, starting with the
holder of the *chilo*, players add cards to a line of ranks (paying for each), take blind
*seconds* from the deck, or fold, and whoever plays the last new rank usually wins the pot.

Rule decisions cite `postas-prima-carta-holdout.txt` ("the text") and are listed in
docs/RULES.md. Internally a card is an int, its index in the deck's canonical order
(`suit_index * ranks + rank - 1`, the card's `index` in its deck), so sorting codes sorts
cards; `Card` objects are built only for views, actions and events. The table option picks
the deck (Postas or Vines), and every card the hand hands out is that deck's own, so a
Vines table names its 11s "Emperor"; cards in a move sent as JSON are read with that deck
(validation context), and a card of the other deck is refused as not of this deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, Field, TypeAdapter, ValidationError, computed_field

from engine.core.cards import POSTAS_50, VINES_55, Card, DeckSpec
from engine.core.errors import BadSetup, IllegalAction
from engine.core.game import Event, Outcome, new_event, trusted
from engine.core.msg import Domain, Markup, Msg
from engine.core.rng import commitment as deal_commitment
from engine.core.rng import seeded_index, shuffled
from engine.core.saves import SavedHand
from engine.core.turns import check_turn

GAME_ID = "holdout"
SAVED = SavedHand("Holdout")
"""How this game speaks of its saved hands (engine.core.saves)."""
JSON_FORMAT = 1

LINE_NAMES = ("top", "bottom")
"""The two lines of Double Line; Single Line has only line 0."""

HAND_SIZE = 5
"""Cards dealt to each player (the text, The Deal)."""
PASS_SIZE = 2
"""Cards each player passes to the left before play (the text, The Deal)."""
DEFAULT_STACK = 100
"""Chips per player, in stakes, when the table does not say (the text, Setup: 100 chips)."""
CHILO_PURPOSE = "holdout:first-chilo"
"""The label `seeded_index` hashes with the seed to pick the first hand's chilo holder."""

t = Domain(GAME_ID)
tn = t.n


def chips(amount: int) -> Msg:
    """A number of chips, as each language counts them ("1 chip", "1,500 chips"); remembered
    for the small amounts a hand pays over and over (a message is never changed once made),
    so a play's line makes one message, not two."""
    said = _CHIPS.get(amount)
    if said is None:
        said = tn("{n} chip", "{n} chips", n=amount)
        if 0 <= amount < 1024:
            _CHIPS[amount] = said
    return said


_CHIPS: dict[int, Msg] = {}


def cards_of(count: int) -> Msg:
    """A number of cards ("1 card", "5 cards")."""
    return tn("{n} card", "{n} cards", n=count)


def suit_name(suit: int) -> Msg:
    """A Postas suit's name (the text: Crowns, Locks, Fruit, Swords, Cups)."""
    return (t("Crowns"), t("Locks"), t("Fruit"), t("Swords"), t("Cups"))[suit]


def card_name(card: Card) -> Msg:
    """A card in words, as each language names it ("Crowns 7", "Cups Emperor")."""
    rank: Msg | int = t("Emperor") if card.rank == 11 else card.rank
    return t("{suit} {rank}", suit=suit_name(card.deck.suits.index(card.suit)), rank=rank)


def line_where(lines: int, line: int) -> Msg | Markup:
    """ " into the top line" in Double Line; nothing in Single Line."""
    if lines != 2:
        return Markup("")
    return t(" into the top line") if line == 0 else t(" into the bottom line")


# --------------------------------------------------------------------- options, actions


class HoldoutOptions(BaseModel, frozen=True):
    """Table options: the stake, one or two lines, and which deck."""

    stake: int = Field(default=1, ge=1)
    """Chips per unit: the ante is one stake and every price is units times the stake."""
    lines: Literal[1, 2] = 1
    """Single Line (2-4 players) or Double Line (4-6 players)."""
    deck: Literal["postas", "vines"] = "postas"
    """The 50-card Postas deck, or the 55-card Vines deck whose Emperor counts as rank 11."""

    @property
    def ranks(self) -> int:
        """Ranks per suit, which is also the length of each line: 10, or 11 with Vines."""
        return 11 if self.deck == "vines" else 10

    @staticmethod
    def seat_range(lines: int) -> tuple[int, int]:
        """(fewest, most) players: 2-4 for Single Line, 4-6 for Double Line (the text, Players)."""
        return (4, 6) if lines == 2 else (2, 4)


class PassCards(BaseModel, frozen=True):
    """Before play: the two cards you hand to the player on your left, face down."""

    kind: Literal["pass"] = "pass"
    cards: tuple[Card, Card]


class PlayCard(BaseModel, frozen=True):
    """Add a card from your hand to a line, paying its price."""

    kind: Literal["play"] = "play"
    card: Card
    line: int = 0


class Seconds(BaseModel, frozen=True):
    """Seconds (*a ciegas*, "blindly"): turn the deck's next card into a line you name first."""

    kind: Literal["seconds"] = "seconds"
    line: int = 0


class Fold(BaseModel, frozen=True):
    """Drop out of the hand; your ante falls into the pot."""

    kind: Literal["fold"] = "fold"


HoldoutAction = Annotated[PassCards | PlayCard | Seconds | Fold, Field(discriminator="kind")]
_ACTION_ADAPTER: TypeAdapter[PassCards | PlayCard | Seconds | Fold] = TypeAdapter(HoldoutAction)
FOLD = Fold()
_ACTION_TYPES = (PassCards, PlayCard, Seconds, Fold)


class Phase(StrEnum):
    """What the hand is waiting for."""

    PASS = "pass"
    """Every player chooses two cards to pass to the left, all at once."""
    PLAY = "play"
    """Turns round the table, starting with the chilo holder."""
    OVER = "over"
    """The hand is settled."""


class SeatStatus(StrEnum):
    """Whether a seat is still in the hand."""

    IN = "in"
    FOLDED = "folded"
    KNOCKED_OUT = "knocked out"
    """Took seconds and turned up a rank already in the line."""


class WonBy(StrEnum):
    """The three ways a hand ends (the text, End of Hand)."""

    FULL_BOARD = "full board"
    """The winner filled the last gap in the line (both lines in Double Line)."""
    EMPTY_HAND = "empty hand"
    """The turn came to the chilo holder, whose hand was empty."""
    LAST_PLAYER = "last player"
    """Everyone else folded or was knocked out."""


# ------------------------------------------------------------------------------- decks


@dataclass(frozen=True, slots=True)
class _Deck:
    """A deck's cards with the lookup tables the engine runs on."""

    spec: DeckSpec
    cards: tuple[Card, ...]
    code: dict[Card, int]
    code_by_text: dict[str, int]
    rank: tuple[int, ...]
    short: tuple[str, ...]
    text: tuple[str, ...]
    rank_mark: tuple[str, ...]
    """How each rank is drawn in a line (index rank - 1): "10", or "E" for the Emperor."""


def _deck(spec: DeckSpec) -> _Deck:
    cards = spec.cards()
    return _Deck(
        spec=spec,
        cards=cards,
        code={card: code for code, card in enumerate(cards)},
        code_by_text={card.code: code for code, card in enumerate(cards)},
        rank=tuple(card.rank for card in cards),
        short=tuple(card.short for card in cards),
        text=tuple(card.code for card in cards),
        rank_mark=tuple(spec.rank_shorts.get(rank, str(rank)) for rank in spec.ranks),
    )


_DECKS: dict[str, _Deck] = {"postas": _deck(POSTAS_50), "vines": _deck(VINES_55)}

# Actions are frozen values, so one instance per (deck, card(s), line) is shared by every
# hand; building them is most of the cost of listing legal moves otherwise.
_PLAYS: dict[tuple[str, int, int], PlayCard] = {}
_PASSES: dict[tuple[str, int, int], PassCards] = {}
_SECONDS = (Seconds(line=0), Seconds(line=1))


def _play_action(deck: str, code: int, line: int) -> PlayCard:
    key = (deck, code, line)
    action = _PLAYS.get(key)
    if action is None:
        action = _PLAYS[key] = PlayCard(card=_DECKS[deck].cards[code], line=line)
    return action


def _pass_action(deck: str, first: int, second: int) -> PassCards:
    key = (deck, first, second)
    action = _PASSES.get(key)
    if action is None:
        cards = _DECKS[deck].cards
        action = _PASSES[key] = PassCards(cards=(cards[first], cards[second]))
    return action


def draw_line(counts: Sequence[int], marks: Sequence[str]) -> str:
    """A line as the text draws it: each rank repeated once per card on it, "-" for a gap.

    >>> draw_line([0, 2, 0, 1, 0, 0, 0, 0, 0, 2], [str(r) for r in range(1, 11)])
    '- 22 - 4 - - - - - 1010'
    """
    return " ".join(mark * count if count else "-" for count, mark in zip(counts, marks, strict=True))


def nearest(counts: Sequence[int], rank: int) -> int:
    """Distance from `rank` to the closest rank already in the line (0 if it is there).

    >>> nearest([0, 0, 0, 0, 0, 1, 1, 1, 0, 0], 2)
    4
    """
    size = len(counts)
    index = rank - 1
    if counts[index]:
        return 0
    for step in range(1, size):
        below, above = index - step, index + step
        if (below >= 0 and counts[below]) or (above < size and counts[above]):
            return step
    # An empty line never happens in play: each line starts with an up card.
    raise ValueError("The line is empty.")


# -------------------------------------------------------------------------------- view


class HoldoutView(BaseModel, frozen=True):
    """Everything `you` may see (None = an onlooker): public state plus your own cards."""

    game_id: str = GAME_ID
    seats: tuple[str, ...]
    options: HoldoutOptions
    you: int | None
    phase: Phase
    to_act: int | None
    awaiting: tuple[int, ...]
    chilo: int
    """The seat holding the chilo, the leader's marker."""
    lines: tuple[tuple[int, ...], ...]
    """Per line, how many cards lie on each rank: `lines[l][rank - 1]`."""
    line_cards: tuple[tuple[Card, ...], ...]
    """Per line, every card in it (up card first, then in the order played); all public."""
    pot: int
    """Chips in the pot; antes still in front of players are not in it."""
    antes: tuple[int, ...]
    """The ante still in front of each seat (0 once it fell into the pot, and after settling)."""
    stacks: tuple[int, ...]
    """Chips each seat has behind; once the hand is over, the final stacks."""
    paid: tuple[int, ...]
    """Chips each seat has put in this hand, ante included."""
    hand_sizes: tuple[int, ...]
    status: tuple[SeatStatus, ...]
    passed: tuple[bool, ...]
    """Who has chosen their two cards to pass."""
    deck_left: int
    hand: tuple[Card, ...] | None
    """`you`'s cards in hand, sorted; None for an onlooker."""
    passed_cards: tuple[Card, ...] | None
    """`you`'s two passed cards, once chosen."""
    received: tuple[Card, ...] | None
    """The two cards `you` got from the right, once play has begun."""
    winner: int | None
    won_by: WonBy | None
    commitment: str
    seed: int | None
    """Revealed only once the hand is over, to check against `commitment`."""

    def is_new(self, line: int, rank: int) -> bool:
        """Whether `rank` would be a novel rank in `line`: nothing lies on it yet."""
        return self.lines[line][rank - 1] == 0

    @computed_field  # type: ignore[prop-decorator]
    @property
    def line_text(self) -> tuple[str, ...]:
        """Per line, drawn as the text draws it: "1 22 333 4 - 66 - - - 10"."""
        marks = _DECKS[self.options.deck].rank_mark
        return tuple(draw_line(counts, marks[: len(counts)]) for counts in self.lines)


# Views are built with `trusted` (a view for every computer decision; tests compare the
# result with a validated copy).
assert not HoldoutView.__pydantic_post_init__ and not HoldoutView.__pydantic_root_model__


# -------------------------------------------------------------------------------- game

_IN, _FOLDED, _OUT = SeatStatus.IN, SeatStatus.FOLDED, SeatStatus.KNOCKED_OUT


class Holdout:
    """One hand of Holdout. Implements `engine.core.game.Game` (with `chilo` for `dealer`)."""

    game_id = GAME_ID

    __slots__ = (
        "_antes",
        "_chilo",
        "_chilo_drawn",
        "_commitment",
        "_counts",
        "_dead",
        "_deck",
        "_events",
        "_filled",
        "_hands",
        "_line_cards",
        "_line_views",
        "_names",
        "_next",
        "_options",
        "_order",
        "_paid",
        "_passed",
        "_phase",
        "_pot",
        "_seed",
        "_stacks",
        "_status",
        "_to_act",
        "_winner",
        "_won_by",
    )

    _options: HoldoutOptions
    _deck: _Deck
    _names: tuple[str, ...]
    _seed: int
    _order: list[int]
    _commitment: str
    _next: int
    _phase: Phase
    _hands: list[list[int]]
    _passed: list[tuple[int, int] | None]
    _counts: list[list[int]]
    _line_cards: list[list[int]]
    _line_views: tuple[tuple[tuple[int, ...], ...], tuple[tuple[Card, ...], ...]]
    """(lines, line_cards) exactly as the view shows them, kept up to date by `_lay`."""
    _filled: list[int]
    _dead: list[list[int]]
    _status: list[SeatStatus]
    _stacks: list[int]
    _antes: list[int]
    _paid: list[int]
    _pot: int
    _chilo: int
    _chilo_drawn: bool
    _to_act: int | None
    _winner: int | None
    _won_by: WonBy | None
    _events: list[Event]

    # ---------------------------------------------------------------------- set-up

    @classmethod
    def new(
        cls,
        options: HoldoutOptions,
        seats: Sequence[str],
        seed: int,
        chilo: int | None = None,
        stacks: Sequence[int] | None = None,
    ) -> Self:
        """Ante, shuffle with `Random(seed)` and deal; the hand waits for everyone's pass.

        `seats` are display names in table order; seat i's left neighbour is seat i + 1
        (wrapping). `chilo` is last hand's winner; None on a table's first hand, when the
        seed picks a seat (`engine.core.rng.seeded_index`). `stacks` are the chips each seat
        brings to this hand (100 stakes each by default).
        """
        deck = _DECKS[options.deck]
        order = shuffled(range(len(deck.cards)), seed)
        drawn = chilo is None
        if chilo is None:
            _check_seats(options, seats)
            chilo = seeded_index(seed, len(seats), CHILO_PURPOSE)
        return cls._start(options, seats, order, chilo, stacks, seed, drawn)

    @classmethod
    def new_from_order(
        cls,
        options: HoldoutOptions,
        seats: Sequence[str],
        order: Sequence[Card],
        chilo: int,
        stacks: Sequence[int] | None = None,
        seed: int = 0,
    ) -> Self:
        """Like `new`, but deal `order` (the whole deck, first dealt first) as it stands.

        Seat i gets `order[5i : 5i + 5]`, then one up card per line (top, then bottom); the
        rest is the deck, and seconds come off its front. (A real dealer deals round the
        table; blocks only make decks easy to build by hand, see docs/RULES.md.)
        """
        deck = _DECKS[options.deck]
        codes = [deck.code.get(card, -1) for card in order]
        if sorted(codes) != list(range(len(deck.cards))):
            size = len(deck.cards)
            if options.deck == "vines":
                raise BadSetup(t("The deck must hold each of the {n} Vines cards once.", n=size))
            raise BadSetup(t("The deck must hold each of the {n} Postas cards once.", n=size))
        return cls._start(options, seats, codes, chilo, stacks, seed, False)

    @classmethod
    def _start(
        cls,
        options: HoldoutOptions,
        seats: Sequence[str],
        order: list[int],
        chilo: int,
        stacks: Sequence[int] | None,
        seed: int,
        drawn: bool,
    ) -> Self:
        count = _check_seats(options, seats)
        stake = options.stake
        if not isinstance(chilo, int) or not 0 <= chilo < count:
            raise BadSetup(t("The chilo must be held by one of the seats at the table."))
        start = [DEFAULT_STACK * stake] * count if stacks is None else list(stacks)
        if len(start) != count:
            raise BadSetup(t("Give one stack per seat."))
        if any(not isinstance(chips_, int) or chips_ < stake for chips_ in start):
            raise BadSetup(t("Every player needs at least {chips} behind to ante.", chips=chips(stake)))
        self = cls.__new__(cls)
        self._options = options
        self._deck = deck = _DECKS[options.deck]
        self._names = tuple(seats)
        self._seed = seed
        self._order = order
        self._commitment = ""
        # The ante stays in front of its player as a sign they are still in (the text, Ante).
        self._stacks = [chips_ - stake for chips_ in start]
        self._antes = [stake] * count
        self._paid = [stake] * count
        self._pot = 0
        self._hands = [
            sorted(order[HAND_SIZE * seat : HAND_SIZE * seat + HAND_SIZE]) for seat in range(count)
        ]
        ups = order[HAND_SIZE * count : HAND_SIZE * count + options.lines]
        self._next = HAND_SIZE * count + options.lines
        ranks = options.ranks
        self._counts = [[0] * ranks for _ in ups]
        self._line_cards = [[up] for up in ups]
        for line, up in enumerate(ups):
            self._counts[line][deck.rank[up] - 1] = 1
        self._filled = [1] * options.lines
        self._line_views = self._build_line_views()
        self._passed = [None] * count
        self._dead = [[] for _ in range(count)]
        self._status = [_IN] * count
        self._chilo = chilo
        self._chilo_drawn = drawn
        self._phase = Phase.PASS
        self._to_act = None
        self._winner = None
        self._won_by = None
        dealt = deck.cards
        if options.lines == 1:
            start_text = t("The line starts with {card}.", card=dealt[ups[0]])
        else:
            start_text = t(
                "The top line starts with {top} and the bottom line with {bottom}.",
                top=dealt[ups[0]],
                bottom=dealt[ups[1]],
            )
        holder = self._names[chilo]
        held = (
            t("{player} holds the chilo (drawn at random).", player=holder)
            if drawn
            else t("{player} holds the chilo.", player=holder)
        )
        text = t(
            "Each player antes {ante}, keeping it in front of them, and is dealt {cards}. {start} {chilo}",
            ante=chips(stake),
            cards=cards_of(HAND_SIZE),
            start=start_text,
            chilo=held,
        )
        self._events = [new_event("deal", text, chilo)]
        return self

    # ------------------------------------------------------------------ properties

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat to move in PLAY; None while passing and once the hand is over."""
        return self._to_act

    @property
    def awaiting(self) -> tuple[int, ...]:
        """PASS: the seats that have not chosen yet; PLAY: (to_act,); OVER: ()."""
        if self._phase is Phase.PASS:
            return tuple(seat for seat, chosen in enumerate(self._passed) if chosen is None)
        return () if self._to_act is None else (self._to_act,)

    @property
    def seats(self) -> tuple[str, ...]:
        return self._names

    @property
    def chips_held(self) -> int:
        """Every chip the hand holds: the stacks, the antes in front of the players and the
        pot (what `view(None)` shows, added up without building it)."""
        return sum(self._stacks) + sum(self._antes) + self._pot

    @property
    def options(self) -> HoldoutOptions:
        return self._options

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def chilo(self) -> int:
        """The seat holding the chilo."""
        return self._chilo

    @property
    def commitment(self) -> str:
        """SHA-256 of seed and deal order, publishable before play (engine.core.rng)."""
        if not self._commitment:
            text = self._deck.text
            self._commitment = deal_commitment(self._seed, [text[code] for code in self._order])
        return self._commitment

    @property
    def order(self) -> tuple[Card, ...]:
        """The whole deal, first card first (secret until the hand is over)."""
        cards = self._deck.cards
        return tuple(cards[code] for code in self._order)

    @property
    def events(self) -> list[Event]:
        """Every public event of the hand so far, oldest first."""
        return list(self._events)

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips each seat has behind (the final stacks once the hand is over)."""
        return tuple(self._stacks)

    @staticmethod
    def most_a_seat_can_pay(options: HoldoutOptions) -> int:
        """An upper bound on what one hand can cost a player: the ante plus five cards at the
        dearest price, the top rank (no novel distance or knock-out costs more). Because no
        move is offered that a stack cannot cover, a seat needs only the ante to play."""
        return (1 + HAND_SIZE * options.ranks) * options.stake

    # --------------------------------------------------------------------- actions

    def legal_actions(self, seat: int) -> list[PassCards | PlayCard | Seconds | Fold]:
        """What `seat` may do now; [] if the hand is not waiting for it.

        PASS: every pair of distinct cards in hand. PLAY: each card into each line whose
        price the stack covers, then seconds into each line if the deck is not empty and the
        stack covers the knock-out penalty, then Fold (always).
        """
        deck = self._options.deck
        if self._phase is Phase.PASS:
            if not 0 <= seat < len(self._passed) or self._passed[seat] is not None:
                return []
            return [_pass_action(deck, a, b) for a, b in combinations(self._hands[seat], 2)]
        if seat != self._to_act:
            return []
        stake = self._options.stake
        stack = self._stacks[seat]
        hand = self._hands[seat]
        price = self._price
        out: list[PassCards | PlayCard | Seconds | Fold] = []
        for code in hand:
            for line in range(self._options.lines):
                if price(code, line) <= stack:
                    out.append(_play_action(deck, code, line))
        if self._next < len(self._order) and len(hand) * stake <= stack:
            out.extend(_SECONDS[: self._options.lines])
        out.append(FOLD)
        return out

    def cost(self, seat: int, action: PassCards | PlayCard | Seconds | Fold) -> int:
        """The most `action` can cost `seat`, in chips.

        A card's exact price; for seconds the knock-out penalty (cards in hand times the
        stake), since a new rank costs nothing; passing and folding cost nothing more.
        """
        if isinstance(action, PlayCard):
            return self._price(self._code(action.card), self._line(action.line))
        if isinstance(action, Seconds):
            return len(self._hands[seat]) * self._options.stake
        return 0

    def _price(self, code: int, line: int) -> int:
        """What playing card `code` into `line` costs: the distance to the nearest card for
        a new rank, the rank itself for a known one; times the stake."""
        r = self._deck.rank[code]
        counts = self._counts[line]
        return (r if counts[r - 1] else nearest(counts, r)) * self._options.stake

    def apply(
        self, seat: int, action: PassCards | PlayCard | Seconds | Fold | Mapping[str, Any]
    ) -> list[Event]:
        """Play `action` for `seat` and return the public events it caused.

        Raises NotYourTurn or IllegalAction, with a sentence fit for the player, before
        changing anything.
        """
        phase = self._phase
        chosen = t("You have already passed your two cards") if phase is Phase.PASS else None
        check_turn(seat, self.awaiting, self._names, over=phase is Phase.OVER, chosen=chosen)
        if not isinstance(action, _ACTION_TYPES):
            action = _parse(action, self._deck.spec)
        before = len(self._events)
        if phase is Phase.PASS:
            if not isinstance(action, PassCards):
                raise IllegalAction(t("First choose two cards to pass to the player on your left."))
            self._pass(seat, action)
        elif isinstance(action, PlayCard):
            self._play(seat, action)
        elif isinstance(action, Seconds):
            self._seconds(seat, action)
        elif isinstance(action, Fold):
            self._fold(seat)
        else:
            raise IllegalAction(t("The pass is over; play a card, take seconds or fold."))
        return self._events[before:]

    def _code(self, card: Card) -> int:
        code = self._deck.code.get(card)
        if code is None:
            raise IllegalAction(t("{card} is not a card of this deck.", card=card_name(card)))
        return code

    def _line(self, line: int) -> int:
        if type(line) is not int or not 0 <= line < self._options.lines:
            if self._options.lines == 1:
                raise IllegalAction(t("This table plays a single line."))
            raise IllegalAction(t("Choose the top or the bottom line."))
        return line

    def _pass(self, seat: int, action: PassCards) -> None:
        first, second = (self._code(card) for card in action.cards)
        hand = self._hands[seat]
        if first == second:
            raise IllegalAction(t("Pass two different cards."))
        if first not in hand or second not in hand:
            raise IllegalAction(t("You can only pass cards from your own hand."))
        # The two cards are set aside face down; nothing reaches a neighbour, and nobody
        # learns what was passed, until every player has chosen (the text, The Deal).
        hand.remove(first)
        hand.remove(second)
        self._passed[seat] = (min(first, second), max(first, second))
        self._events.append(
            new_event("pass", t("{player} has chosen two cards to pass.", player=self._names[seat]), seat)
        )
        if any(chosen is None for chosen in self._passed):
            return
        count = len(self._names)
        for giver, chosen in enumerate(self._passed):
            assert chosen is not None
            receiver = self._hands[(giver + 1) % count]
            receiver.extend(chosen)
            receiver.sort()
        self._phase = Phase.PLAY
        self._to_act = self._chilo
        name = self._names[self._chilo]
        self._events.append(
            new_event(
                "passed",
                t(
                    "Everyone has passed two cards to the left. {player} holds the chilo and plays first.",
                    player=name,
                ),
                self._chilo,
            )
        )

    def _into(self, line: int) -> Msg | Markup:
        return line_where(self._options.lines, line)

    def _play(self, seat: int, action: PlayCard) -> None:
        code = self._code(action.card)
        line = self._line(action.line)
        hand = self._hands[seat]
        if code not in hand:
            raise IllegalAction(t("You don't hold {card}.", card=action.card))
        price = self._price(code, line)
        if price > self._stacks[seat]:
            raise IllegalAction(
                t(
                    "{card} costs {price} and you have {stack}.",
                    card=action.card,
                    price=chips(price),
                    stack=chips(self._stacks[seat]),
                )
            )
        novel = self._counts[line][self._deck.rank[code] - 1] == 0
        hand.remove(code)
        self._pay(seat, price)
        self._lay(line, code)
        name = self._names[seat]
        where = self._into(line)
        card = self._deck.cards[code]
        text: Msg
        if novel:
            # A new rank pays its distance to the closest card and takes the chilo.
            if self._take_chilo(seat):
                text = t(
                    "{player} plays {card}{where}, a new rank: pays {price} and keeps the chilo.",
                    player=name,
                    card=card,
                    where=where,
                    price=chips(price),
                )
            else:
                text = t(
                    "{player} plays {card}{where}, a new rank: pays {price} and takes the chilo.",
                    player=name,
                    card=card,
                    where=where,
                    price=chips(price),
                )
        else:
            # A known rank pays the rank itself; the chilo stays where it is.
            text = t(
                "{player} plays {card}{where} on a rank already there: pays {price}.",
                player=name,
                card=card,
                where=where,
                price=chips(price),
            )
        self._events.append(new_event("play", text, seat))
        self._after(seat, filled=novel)

    def _take_chilo(self, seat: int) -> bool:
        """A novel rank hands `seat` the chilo; says whether it kept it (True) or took it."""
        keeps = self._chilo == seat
        self._chilo = seat
        return keeps

    def _seconds(self, seat: int, action: Seconds) -> None:
        line = self._line(action.line)
        if self._next >= len(self._order):
            raise IllegalAction(t("The deck is empty; there are no seconds to take."))
        hand = self._hands[seat]
        penalty = len(hand) * self._options.stake
        if penalty > self._stacks[seat]:
            raise IllegalAction(
                t(
                    "Seconds could cost you {price} and you have {stack}.",
                    price=chips(penalty),
                    stack=chips(self._stacks[seat]),
                )
            )
        # The line is named before the card is seen (the text, Double Line: Seconds).
        code = self._order[self._next]
        self._next += 1
        novel = self._counts[line][self._deck.rank[code] - 1] == 0
        self._lay(line, code)
        name = self._names[seat]
        where = self._into(line)
        card = self._deck.cards[code]
        text: Msg
        if novel:
            if self._take_chilo(seat):
                text = t(
                    "{player} takes seconds{where}: {card}, a new rank — free, and keeps the chilo.",
                    player=name,
                    where=where,
                    card=card,
                )
            else:
                text = t(
                    "{player} takes seconds{where}: {card}, a new rank — free, and takes the chilo.",
                    player=name,
                    where=where,
                    card=card,
                )
            self._events.append(new_event("seconds", text, seat))
            self._after(seat, filled=True)
            return
        # Knocked out: a coin per card still in hand, and the ante falls in; the card stays
        # stacked on its rank and the hand's cards leave play unseen.
        self._pay(seat, penalty)
        self._drop(seat, _OUT)
        text = t(
            "{player} takes seconds{where}: {card}, a rank already there — knocked out, paying "
            "{price} for {cards} in hand; the ante goes to the pot.",
            player=name,
            where=where,
            card=card,
            price=chips(penalty),
            cards=cards_of(len(self._dead[seat])),
        )
        self._events.append(new_event("knockout", text, seat))
        self._after(seat, filled=False)

    def _fold(self, seat: int) -> None:
        self._drop(seat, _FOLDED)
        self._events.append(
            new_event("fold", t("{player} folds; the ante goes to the pot.", player=self._names[seat]), seat)
        )
        self._after(seat, filled=False)

    def _pay(self, seat: int, amount: int) -> None:
        self._stacks[seat] -= amount
        self._paid[seat] += amount
        self._pot += amount

    def _lay(self, line: int, code: int) -> None:
        counts = self._counts[line]
        index = self._deck.rank[code] - 1
        if not counts[index]:
            self._filled[line] += 1
        counts[index] += 1
        self._line_cards[line].append(code)
        # The view's tuples change in one line only; rebuilding just that line keeps views
        # cheap, and they are built for every computer decision.
        lines, line_cards = self._line_views
        self._line_views = (
            (*lines[:line], tuple(counts), *lines[line + 1 :]),
            (*line_cards[:line], (*line_cards[line], self._deck.cards[code]), *line_cards[line + 1 :]),
        )

    def _build_line_views(self) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[Card, ...], ...]]:
        cards = self._deck.cards
        return (
            tuple(tuple(counts) for counts in self._counts),
            tuple(tuple(cards[code] for code in line) for line in self._line_cards),
        )

    def _drop(self, seat: int, status: SeatStatus) -> None:
        self._status[seat] = status
        self._pot += self._antes[seat]
        self._antes[seat] = 0
        self._dead[seat] = self._hands[seat]
        self._hands[seat] = []

    def _after(self, seat: int, filled: bool) -> None:
        """End the hand if it is over, else pass the turn to the next player still in."""
        ranks = self._options.ranks
        if filled and all(filled_ == ranks for filled_ in self._filled):
            self._settle(seat, WonBy.FULL_BOARD)
            return
        status = self._status
        count = len(status)
        if status.count(_IN) == 1:
            self._settle(status.index(_IN), WonBy.LAST_PLAYER)
            return
        nxt = (seat + 1) % count
        while status[nxt] is not _IN:
            nxt = (nxt + 1) % count
        # "If the turn comes to the player who holds the chilo, and their hand is already
        # empty, they win" (End of Hand). A folded or knocked-out holder keeps the marker,
        # but the turn never comes to them again.
        if nxt == self._chilo and not self._hands[nxt]:
            self._settle(nxt, WonBy.EMPTY_HAND)
            return
        self._to_act = nxt

    def _settle(self, winner: int, how: WonBy) -> None:
        total = self._pot + sum(self._antes)
        # The winner takes the pot and every ante still in front, and the chilo.
        self._stacks[winner] += total
        self._pot = 0
        self._antes = [0] * len(self._antes)
        self._chilo = winner
        self._winner = winner
        self._won_by = how
        self._phase = Phase.OVER
        self._to_act = None
        self._events.append(new_event("win", self._summary(), winner))

    # --------------------------------------------------------------------- results

    @property
    def outcome(self) -> Outcome | None:
        """Set once the hand is over: the winner takes back everything paid in."""
        winner = self._winner
        if winner is None:
            return None
        paid_out = [0] * len(self._paid)
        paid_out[winner] = sum(self._paid)
        said = self._summary()
        return Outcome(
            winners=(winner,),
            paid_in=tuple(self._paid),
            paid_out=tuple(paid_out),
            said=said,
        )

    def _summary(self) -> Msg:
        winner = self._winner
        assert winner is not None
        name = self._names[winner]
        total = chips(sum(self._paid))
        if self._won_by is WonBy.FULL_BOARD:
            if self._options.lines == 2:
                return t(
                    "{player} fills the last gap in both lines and wins the pot and antes: {total}.",
                    player=name,
                    total=total,
                )
            return t(
                "{player} fills the last gap in the line and wins the pot and antes: {total}.",
                player=name,
                total=total,
            )
        if self._won_by is WonBy.EMPTY_HAND:
            return t(
                "The turn comes to {player}, holding the chilo with an empty hand: {player} wins {total}.",
                player=name,
                total=total,
            )
        return t(
            "{player} is the last player left and wins the pot and antes: {total}.", player=name, total=total
        )

    # ------------------------------------------------------------------------ view

    def view(self, seat: int | None) -> HoldoutView:
        """What `seat` may see (None = onlooker): never another seat's cards, the deck, or
        the cards of a folded or knocked-out hand."""
        cards = self._deck.cards
        hand = passed_cards = received = None
        if seat is not None:
            hand = tuple([cards[code] for code in self._hands[seat]])
            mine = self._passed[seat]
            if mine is not None:
                passed_cards = (cards[mine[0]], cards[mine[1]])
            if self._phase is not Phase.PASS:
                given = self._passed[(seat - 1) % len(self._names)]
                assert given is not None
                received = (cards[given[0]], cards[given[1]])
        lines, line_cards = self._line_views
        return trusted(
            HoldoutView,
            {
                "game_id": GAME_ID,
                "seats": self._names,
                "options": self._options,
                "you": seat,
                "phase": self._phase,
                "to_act": self._to_act,
                "awaiting": self.awaiting,
                "chilo": self._chilo,
                "lines": lines,
                "line_cards": line_cards,
                "pot": self._pot,
                "antes": tuple(self._antes),
                "stacks": tuple(self._stacks),
                "paid": tuple(self._paid),
                "hand_sizes": tuple([len(h) for h in self._hands]),
                "status": tuple(self._status),
                "passed": tuple([chosen is not None for chosen in self._passed]),
                "deck_left": len(self._order) - self._next,
                "hand": hand,
                "passed_cards": passed_cards,
                "received": received,
                "winner": self._winner,
                "won_by": self._won_by,
                "commitment": self.commitment,
                "seed": self._seed if self._phase is Phase.OVER else None,
            },
        )

    # ------------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-safe data; `from_json` restores it exactly."""
        text = self._deck.text

        def codes(items: Sequence[int]) -> list[str]:
            return [text[code] for code in items]

        return {
            "game_id": GAME_ID,
            "format": JSON_FORMAT,
            "options": self._options.model_dump(),
            "seats": list(self._names),
            "seed": self._seed,
            "commitment": self.commitment,
            "order": codes(self._order),
            "next": self._next,
            "phase": self._phase.value,
            "chilo": self._chilo,
            "chilo_drawn": self._chilo_drawn,
            "to_act": self._to_act,
            "hands": [codes(hand) for hand in self._hands],
            "passed": [None if chosen is None else codes(chosen) for chosen in self._passed],
            "lines": [codes(line) for line in self._line_cards],
            "dead": [codes(dead) for dead in self._dead],
            "status": [status.value for status in self._status],
            "stacks": list(self._stacks),
            "antes": list(self._antes),
            "paid": list(self._paid),
            "pot": self._pot,
            "winner": self._winner,
            "won_by": None if self._won_by is None else self._won_by.value,
            "events": [event.to_json() for event in self._events],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore a state written by `to_json`; refuses a damaged or tampered save."""
        snap = SAVED.read(_Snapshot, data, GAME_ID, (JSON_FORMAT,))
        options = snap.options
        deck = _DECKS[options.deck]
        count = len(snap.seats)
        sized = (snap.hands, snap.passed, snap.dead, snap.status, snap.stacks, snap.antes, snap.paid)
        seats = range(count)
        if (
            any(len(items) != count for items in sized)
            or len(snap.lines) != options.lines
            or snap.chilo not in seats
            or (snap.to_act is not None and snap.to_act not in seats)
            or (snap.winner is not None and snap.winner not in seats)
            or min(snap.stacks + snap.antes + snap.paid + [snap.pot]) < 0
        ):
            raise SAVED.damaged()

        def codes(texts: Sequence[str]) -> list[int]:
            try:
                return [deck.code_by_text[text] for text in texts]
            except KeyError as error:
                raise BadSetup(t("{card} is not a card of this deck.", card=repr(error.args[0]))) from None

        self = cls.__new__(cls)
        self._options = options
        self._deck = deck
        self._names = tuple(snap.seats)
        self._seed = snap.seed
        self._commitment = snap.commitment
        self._order = codes(snap.order)
        self._next = snap.next
        self._phase = Phase(snap.phase)
        self._chilo = snap.chilo
        self._chilo_drawn = snap.chilo_drawn
        self._to_act = snap.to_act
        self._hands = [codes(hand) for hand in snap.hands]
        passed: list[tuple[int, int] | None] = []
        for chosen in snap.passed:
            if chosen is None:
                passed.append(None)
            else:
                first, second = codes(chosen)
                passed.append((first, second))
        self._passed = passed
        self._line_cards = [codes(line) for line in snap.lines]
        self._counts = []
        for line in self._line_cards:
            counts = [0] * options.ranks
            for code in line:
                counts[deck.rank[code] - 1] += 1
            self._counts.append(counts)
        self._filled = [sum(1 for c in counts if c) for counts in self._counts]
        self._line_views = self._build_line_views()
        self._dead = [codes(dead) for dead in snap.dead]
        self._status = [SeatStatus(status) for status in snap.status]
        self._stacks = list(snap.stacks)
        self._antes = list(snap.antes)
        self._paid = list(snap.paid)
        self._pot = snap.pot
        self._winner = snap.winner
        self._won_by = None if snap.won_by is None else WonBy(snap.won_by)
        self._events = list(snap.events)
        size = len(deck.cards)
        if sorted(self._order) != list(range(size)) or not 0 <= self._next <= size:
            raise BadSetup(t("This saved Holdout hand does not hold a whole deck."))
        set_aside = [c for chosen in passed if chosen for c in chosen] if self._phase is Phase.PASS else []
        held = (
            [c for hand in self._hands for c in hand]
            + set_aside
            + [c for line in self._line_cards for c in line]
            + [c for dead in self._dead for c in dead]
            + self._order[self._next :]
        )
        if sorted(held) != list(range(size)):
            raise SAVED.cards_missing(size)
        if deal_commitment(self._seed, [deck.text[code] for code in self._order]) != self._commitment:
            raise SAVED.deal_unmatched()
        return self


def _parse(action: Any, deck: DeckSpec) -> PassCards | PlayCard | Seconds | Fold:
    if isinstance(action, Mapping):
        try:
            # Cards written as text are read as cards of this table's deck.
            return _ACTION_ADAPTER.validate_python(action, context={"deck": deck})
        except ValidationError:
            pass
    raise IllegalAction(t("That is not a Holdout move; play a card, take seconds or fold."))


def _check_seats(options: HoldoutOptions, seats: Sequence[str]) -> int:
    low, high = HoldoutOptions.seat_range(options.lines)
    if not low <= len(seats) <= high:
        if options.lines == 2:
            raise BadSetup(t("Double Line Holdout needs {low} to {high} players.", low=low, high=high))
        raise BadSetup(t("Single Line Holdout needs {low} to {high} players.", low=low, high=high))
    return len(seats)


class _Snapshot(BaseModel):
    """The JSON shape `to_json` writes; checked on the way back in."""

    game_id: str
    format: int
    options: HoldoutOptions
    seats: list[str]
    seed: int
    commitment: str
    order: list[str]
    next: int
    phase: Literal["pass", "play", "over"]
    chilo: int
    chilo_drawn: bool
    to_act: int | None
    hands: list[list[str]]
    passed: list[tuple[str, str] | None]
    lines: list[list[str]]
    dead: list[list[str]]
    status: list[Literal["in", "folded", "knocked out"]]
    stacks: list[int]
    antes: list[int]
    paid: list[int]
    pot: int
    winner: int | None
    won_by: Literal["full board", "empty hand", "last player"] | None
    events: list[Event]
