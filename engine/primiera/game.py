"""Primiera (Spartaco Albertarelli, Kaleidos 2014), one round as a pure state machine.

A scopa-family capture game on the 40-card Italian deck: play a card to take a table card
of the same value or a set adding up to it, sweep the table for a point, and score cards,
coins, the seven of coins and the Primiera at the end of the round. Five forms: the
four-player Heralds game (the first ace played sets the round's partnerships), classic
Scopone, two players, three players, and three players with a robot.

One `Primiera` is one round; the game to 21 (or 11) is the table's `Match`. Rule
decisions cite `primiera-albertarelli.txt` ("the text") and are numbered as in
docs/RULES.md (Primiera). Engine seats follow the table going left (clockwise), so seat
`i + 1` is on `i`'s left; Primiera plays to the right, `i - 1` (decision 2). Internally a
card is an int, its index in `ITALIAN_40.cards()` (see `engine.primiera.scoring`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, ValidationError

from engine.core.cards import ITALIAN_40, Card
from engine.core.errors import BadSetup, IllegalAction
from engine.core.game import Event, Outcome, new_event
from engine.core.msg import Domain, Join, Msg, english
from engine.core.rng import commitment as deal_commitment
from engine.core.rng import seeded_index, shuffled
from engine.core.saves import SavedHand
from engine.core.turns import check_turn
from engine.primiera.scoring import (
    CARDS,
    CODE,
    COINS,
    HERALDS,
    SEVEN_OF_COINS,
    SUITS,
    capture_options,
    primiera_cards,
    primiera_total,
    sole_best,
)

GAME_ID = "primiera"
t = Domain(GAME_ID)
tn = t.n
"""Primiera's messages (issue 26): the log's lines, the score and the rule errors, in the
`primiera` catalogue, which the bot renders in each reader's language."""
SAVED = SavedHand("Primiera", noun="round")
"""How this game speaks of its saved hands (engine.core.saves)."""
JSON_FORMAT = 1
_CONTEXT = {"deck": ITALIAN_40}
"""Validation context: cards in moves and saved rounds sent as text are Italian cards."""
ROBOT_PILE_PURPOSE = "primiera:robot-pile"
"""The label `seeded_index` hashes with the seed to shuffle the robot's face-down pile."""

Form = Literal["heralds", "scopone", "two", "three", "robot"]
SEATS: dict[str, int] = {"heralds": 4, "scopone": 4, "two": 2, "three": 3, "robot": 4}
"""Engine seats per form; the robot form's fourth seat is the robot, opposite the dealer."""
TARGETS: dict[str, int] = {"heralds": 21, "scopone": 11, "two": 11, "three": 11, "robot": 21}
"""Points that win the game: 21 for the Heralds game, 11 for the classic and small games."""
REDEAL: dict[str, int] = {"two": 3, "three": 6}
"""Cards dealt to each player whenever every hand is empty (the text, two and three players)."""


# --------------------------------------------------------------------- options, actions


class PrimieraOptions(BaseModel, frozen=True):
    """What a table agrees before play."""

    form: Form = "heralds"
    """heralds: four players, the first Herald sets the teams (the default); scopone: the
    classic game, fixed partners opposite; two / three: the small games; robot: three players
    and a robot opposite the dealer (the French section's variant)."""
    stake: int = Field(default=0, ge=0)
    """Chips per point, settled by the table from the bankroll; 0 plays for the scoreboard.
    The engine itself only ever reports points."""

    @property
    def seats(self) -> int:
        """Engine seats: 4, or 2 and 3 for the small games (the robot counts as a seat)."""
        return SEATS[self.form]

    @property
    def target(self) -> int:
        """The score that wins: 21 (Heralds, robot) or 11 (Scopone, two, three)."""
        return TARGETS[self.form]

    @property
    def fixed_partners(self) -> bool:
        """Scopone: partners opposite for the whole game, a side wins together."""
        return self.form == "scopone"

    @property
    def heralds(self) -> bool:
        """Whether the Heralds are dealt apart and the first one played sets the teams."""
        return self.form in ("heralds", "robot")


class Lay(BaseModel, frozen=True):
    """Before play (Heralds game): the card you put face down in the middle of the table;
    the four are turned up together once everyone has chosen."""

    kind: Literal["lay"] = "lay"
    card: Card


class Play(BaseModel, frozen=True):
    """Play a card face up. `capture` names the table cards it takes: one card of the same
    value, or else a set adding up to it; empty only when it can take nothing."""

    kind: Literal["play"] = "play"
    card: Card
    capture: tuple[Card, ...] = ()


PrimieraAction = Annotated[Lay | Play, Field(discriminator="kind")]
_ACTIONS: TypeAdapter[Lay | Play] = TypeAdapter(PrimieraAction)


class Phase(StrEnum):
    """What the round is waiting for."""

    LAY = "lay"
    """Heralds game: every player secretly chooses a card for the table, all at once."""
    PLAY = "play"
    """Turns to the right, one card each, until every card is played."""
    OVER = "over"


# ------------------------------------------------------------------------------ scores


class SideScore(BaseModel, frozen=True):
    """What one side (a partnership, or a player alone) took this round."""

    seats: tuple[int, ...]
    cards: int
    coins: int
    seven_of_coins: bool
    primiera: int | None
    """Best Primiera total; None when the side took no card of some suit (decision 15)."""
    primiera_cards: tuple[Card, ...]
    sweeps: int
    points: int
    """The side's points this round; every member scores them."""


ScoreItemKind = Literal["cards", "coins", "seven_of_coins", "primiera", "sweeps"]


class ScoreItem(BaseModel, frozen=True):
    """One line of the round's score."""

    item: ScoreItemKind
    side: int | None
    """Index in `RoundScore.sides` of the side that won it; None: not awarded (a tie)."""
    points: int
    said: Msg
    """The line as a message ("Cards (Ana 22, Bo 18): Ana, 1 point.")."""

    @property
    def text(self) -> str:
        """The line in English."""
        return english(self.said)


class RoundScore(BaseModel, frozen=True):
    """The round's score, item by item, and each seat's points."""

    sides: tuple[SideScore, ...]
    items: tuple[ScoreItem, ...]
    doubled: bool
    """An all-alone Heralds round: the four points count double, sweeps do not."""
    points: tuple[int, ...]
    """Per engine seat: what that seat scores this round (partners score the same)."""
    teams: tuple[tuple[int, ...], ...]
    """The partnerships of two this round (empty when everyone played alone)."""


# -------------------------------------------------------------------------------- view


class PrimieraView(BaseModel, frozen=True):
    """Everything `you` may see (None = an onlooker)."""

    game_id: str = GAME_ID
    seats: tuple[str, ...]
    options: PrimieraOptions
    you: int | None
    phase: Phase
    dealer: int
    robot: int | None
    """The robot's seat (robot form), opposite the dealer."""
    to_act: int | None
    awaiting: tuple[int, ...]
    table: tuple[Card, ...]
    """Face-up table cards in the dealer's reading order (empty while the four are chosen)."""
    laid: tuple[bool, ...]
    """Lay phase: who has put a card face down (the robot's is put for it)."""
    hand: tuple[Card, ...] | None
    """`you`'s cards, sorted; for the robot's seat its face-up cards once it has a partner."""
    laid_card: Card | None
    """The card `you` chose for the table, until the four are turned up."""
    hand_sizes: tuple[int, ...]
    robot_cards: tuple[Card, ...] | None
    """The robot's remaining cards once a Herald gives it a partner (face up for all)."""
    robot_partner: int | None
    """Who plays the robot's cards (its partner), or None while it plays by itself."""
    heralds_held: tuple[bool, ...] | None = None
    """Heralds forms: per seat, whether its Herald is still in its hand (or the robot's pile).
    Public: every seat was dealt exactly one, and each leaves a hand face up, laid among
    the opening four (whose places show who laid which) or played. A card chosen for the
    table counts as held until the four are turned up. None in the other forms."""
    stock: int
    """Cards still to be dealt (two and three players)."""
    taken: tuple[tuple[Card, ...], ...]
    """Every card each seat has captured, in the order taken (all played face up)."""
    sweeps: tuple[tuple[Card, ...], ...]
    """Per seat, the cards that made its sweeps (kept face up on its pile)."""
    last_capture: int | None
    teams: tuple[tuple[int, ...], ...] | None
    """The sides this round: None until the first Herald; Swords gives every seat alone."""
    herald: Card | None
    """The first Herald played, which set the teams."""
    herald_by: int | None
    score: RoundScore | None
    commitment: str
    seed: int | None
    """Revealed once the round is over, to check against `commitment`."""


# ------------------------------------------------------------------------------ helpers


_LAYS: dict[int, Lay] = {}
_PLAYS: dict[tuple[int, tuple[int, ...]], Play] = {}


def _lay_action(code: int) -> Lay:
    action = _LAYS.get(code)
    if action is None:
        action = _LAYS[code] = Lay(card=CARDS[code])
    return action


def _play_action(code: int, capture: tuple[int, ...]) -> Play:
    key = (code, capture)
    action = _PLAYS.get(key)
    if action is None:
        action = Play(card=CARDS[code], capture=tuple(CARDS[c] for c in capture))
        if len(_PLAYS) < 100_000:
            _PLAYS[key] = action
    return action


def short(codes: Sequence[int]) -> Join:
    """Cards side by side, as a message shows them ("🪙7 🏆3")."""
    return Join(tuple(CARDS[code] for code in codes), "space")


def points_of(n: int) -> Msg:
    """A number of points, as each language counts them."""
    return tn("{n} point", "{n} points", n=n)


def named(names: Sequence[str], seats: Sequence[int]) -> Join:
    """The players of a side: "Ana and Bo"."""
    return Join(tuple(names[s] for s in seats))


def herald_teams(herald: int, seat: int, count: int = 4) -> tuple[tuple[int, ...], ...]:
    """The sides a first Herald sets (the text, The Heralds): Cups, partner opposite; Clubs,
    partner on the left (`seat + 1`); Coins, partner on the right (`seat - 1`); Swords,
    everyone alone. Each side sorted, sides by their first seat.

    >>> herald_teams(30, 0)  # the Herald of Clubs played by seat 0
    ((0, 1), (2, 3))
    """
    name = SUITS[herald // 10]
    if name == "swords":
        return tuple((s,) for s in range(count))
    step = {"cups": 2, "clubs": 1, "coins": -1}[name]
    mate = (seat + step) % count
    first = tuple(sorted((seat, mate)))
    second = tuple(sorted(s for s in range(count) if s not in first))
    return tuple(sorted((first, second)))


# -------------------------------------------------------------------------------- game


class Primiera:
    """One round of Primiera. Implements `engine.core.game.Game`."""

    game_id = GAME_ID

    __slots__ = (
        "_commitment",
        "_dealer",
        "_events",
        "_hands",
        "_herald",
        "_laid",
        "_last_capture",
        "_names",
        "_next",
        "_options",
        "_order",
        "_phase",
        "_robot",
        "_robot_open",
        "_score",
        "_seed",
        "_sweeps",
        "_table",
        "_taken",
        "_teams",
        "_to_act",
    )

    _options: PrimieraOptions
    _names: tuple[str, ...]
    _seed: int
    _order: list[int]
    _commitment: str
    _dealer: int
    _robot: int | None
    _next: int
    """Index in `_order` of the next card to deal (two and three players); 40 once all dealt."""
    _phase: Phase
    _to_act: int | None
    _hands: list[list[int]]
    """Sorted, except the robot's, which is its pile, top card first."""
    _laid: list[int | None]
    _table: list[int]
    _taken: list[list[int]]
    _sweeps: list[list[int]]
    _last_capture: int | None
    _teams: tuple[tuple[int, ...], ...] | None
    _herald: tuple[int, int] | None
    """(card, seat) of the first Herald played."""
    _robot_open: bool
    _score: RoundScore | None
    _events: list[Event]

    # ---------------------------------------------------------------------- set-up

    @classmethod
    def new(cls, options: PrimieraOptions, seats: Sequence[str], seed: int, dealer: int = 0) -> Self:
        """Shuffle with `Random(seed)` and deal. In the Heralds forms the four Heralds come
        first, in the order the shuffle put them, then the other 36 (decision 3)."""
        order = list(shuffled(range(40), seed))
        if options.heralds:
            order = [c for c in order if c in HERALDS] + [c for c in order if c not in HERALDS]
        return cls._start(options, seats, order, dealer, seed, None)

    @classmethod
    def new_from_order(
        cls,
        options: PrimieraOptions,
        seats: Sequence[str],
        order: Sequence[Card],
        dealer: int = 0,
        seed: int = 0,
        robot_pile: Sequence[Card] | None = None,
    ) -> Self:
        """Like `new`, dealing `order` (the whole deck, first dealt first) as it stands.

        The deal starts on the dealer's right and goes to the right, the dealer last
        (decision 2): Heralds forms, `order[:4]` are the Heralds one each, then the rest one
        at a time; Scopone, packets of 3-2-3-2-3 (the 2s to the table); two and three
        players, 3 or 6 each one at a time, then four to the table, the rest is the stock.
        `robot_pile` fixes the robot's face-down pile (top first) instead of the seeded shuffle.
        """
        codes = [CODE.get(card, -1) for card in order]
        pile = None if robot_pile is None else [CODE.get(card, -1) for card in robot_pile]
        return cls._start(options, seats, codes, dealer, seed, pile)

    @classmethod
    def _start(
        cls,
        options: PrimieraOptions,
        seats: Sequence[str],
        order: list[int],
        dealer: int,
        seed: int,
        robot_pile: list[int] | None,
    ) -> Self:
        count = options.seats
        if len(seats) != count:
            raise BadSetup(
                tn(
                    "This form of Primiera needs {n} seat (a robot counts as one).",
                    "This form of Primiera needs {n} seats (a robot counts as one).",
                    n=count,
                )
            )
        if sorted(order) != list(range(40)):
            raise BadSetup(t("Primiera is dealt from the 40-card Italian deck, each card once."))
        if not isinstance(dealer, int) or not 0 <= dealer < count:
            raise BadSetup(t("The dealer must be one of the seats."))
        if options.heralds and sorted(order[:4]) != list(HERALDS):
            raise BadSetup(t("The four Heralds are dealt first, one to each seat."))
        self = cls.__new__(cls)
        self._options = options
        self._names = tuple(seats)
        self._seed = seed
        self._order = list(order)
        self._commitment = deal_commitment(seed, [CARDS[c] for c in order])
        self._dealer = dealer
        self._robot = (dealer + 2) % 4 if options.form == "robot" else None
        self._hands = [[] for _ in range(count)]
        self._laid = [None] * count
        self._table = []
        self._taken = [[] for _ in range(count)]
        self._sweeps = [[] for _ in range(count)]
        self._last_capture = None
        self._teams = None
        self._herald = None
        self._robot_open = False
        self._score = None
        self._events = []
        self._to_act = None
        rounds = self._rotation()
        hands = self._hands
        dealer_name = self._names[dealer]
        form = options.form
        if options.heralds:
            for k, seat in enumerate(rounds):
                hands[seat].append(order[k])
            for j, code in enumerate(order[4:]):
                hands[rounds[j % 4]].append(code)
            self._next = 40
            text = t(
                "{dealer} deals a Herald to each player, then the other cards one at a time. Each player "
                "now chooses a card to put face down in the middle.",
                dealer=dealer_name,
            )
            robot = self._robot
            if robot is not None:
                # "Le donneur prend la dernière carte distribuée au robot et la place ...
                # au centre"; its other eight and its Herald are shuffled into its pile.
                dealt = hands[robot]
                self._laid[robot] = dealt.pop()
                if robot_pile is None:
                    hands[robot] = shuffled(dealt, seeded_index(seed, 1 << 62, ROBOT_PILE_PURPOSE))
                else:
                    if sorted(robot_pile) != sorted(dealt):
                        raise BadSetup(t("The robot's pile must be its Herald and the eight cards it kept."))
                    hands[robot] = list(robot_pile)
                text = t(
                    "{dealer} deals a Herald to each player, then the other cards one at a time. The "
                    "robot's last card goes face down to the table and its other cards, with its Herald, "
                    "make its face-down pile. Each player now chooses a card to put face down in the middle.",
                    dealer=dealer_name,
                )
            self._phase = Phase.LAY

        elif form == "scopone":
            at = 0
            for packet in (3, 2, 3, 2, 3):
                if packet == 2:
                    self._table.extend(order[at : at + 2])
                    at += 2
                    continue
                for seat in rounds:
                    hands[seat].extend(order[at : at + 3])
                    at += 3
            self._next = 40
            text = t(
                "{dealer} deals three cards each, two to the table, three each, two to the "
                "table and three each. The table shows {cards}.",
                dealer=dealer_name,
                cards=short(self._table),
            )
            self._phase = Phase.PLAY
        else:
            size = REDEAL[form]
            at = 0
            for _ in range(size):
                for seat in rounds:
                    hands[seat].append(order[at])
                    at += 1
            self._table = order[at : at + 4]
            self._next = at + 4
            text = t(
                "{dealer} deals {each} to each player and four to the table: {cards}.",
                dealer=dealer_name,
                each=tn("{n} card", "{n} cards", n=size),
                cards=short(self._table),
            )
            self._phase = Phase.PLAY
        for seat in range(count):
            if seat != self._robot:
                hands[seat].sort()
        self._events.append(new_event("deal", text, dealer))
        if self._phase is Phase.PLAY:
            self._to_act = rounds[0]
            self._events.append(self._turn_event())
        return self

    def _rotation(self) -> list[int]:
        """Seats from the dealer's right, going right, the dealer last (decision 2)."""
        count = len(self._names)
        return [(self._dealer - 1 - k) % count for k in range(count)]

    # ------------------------------------------------------------------ properties

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat to play; None while the table cards are chosen and once the round is over.
        For the robot's seat once it has a partner, the partner plays (`robot_partner`)."""
        return self._to_act

    @property
    def awaiting(self) -> tuple[int, ...]:
        """LAY: the seats that have not chosen a table card yet; PLAY: (to_act,); OVER: ()."""
        if self._phase is Phase.LAY:
            return tuple(seat for seat, card in enumerate(self._laid) if card is None)
        return () if self._to_act is None else (self._to_act,)

    @property
    def seats(self) -> tuple[str, ...]:
        return self._names

    @property
    def options(self) -> PrimieraOptions:
        return self._options

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def robot(self) -> int | None:
        """The robot's seat (robot form only): opposite the dealer."""
        return self._robot

    @property
    def robot_partner(self) -> int | None:
        """The seat that plays the robot's cards once a Herald made them partners."""
        robot = self._robot
        if robot is None or not self._robot_open or self._teams is None:
            return None
        for team in self._teams:
            if robot in team:
                return next(s for s in team if s != robot)
        return None

    @property
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        """The sides this round, once known: the fixed pairs of Scopone, everyone alone in
        the small games, and in the Heralds game what the first Herald set (None before).
        The table calls `Match.with_partners` with the pairs."""
        form = self._options.form
        if form == "scopone":
            return ((0, 2), (1, 3))
        if form in ("two", "three"):
            return tuple((s,) for s in range(len(self._names)))
        return self._teams

    @property
    def partnerships(self) -> tuple[tuple[int, ...], ...]:
        """Only the pairs among `teams` (empty while unknown or when everyone is alone)."""
        return tuple(team for team in self.teams or () if len(team) > 1)

    @property
    def commitment(self) -> str:
        return self._commitment

    @property
    def events(self) -> list[Event]:
        return list(self._events)

    @property
    def table(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self._table)

    @property
    def score(self) -> RoundScore | None:
        """The round's score once it is over."""
        return self._score

    def clone(self) -> Primiera:
        """An independent copy (cheap: lists of ints; events are shared, they never change)."""
        other = Primiera.__new__(Primiera)
        other._options = self._options
        other._names = self._names
        other._seed = self._seed
        other._order = self._order  # never changed after the deal
        other._commitment = self._commitment
        other._dealer = self._dealer
        other._robot = self._robot
        other._next = self._next
        other._phase = self._phase
        other._to_act = self._to_act
        other._hands = [list(h) for h in self._hands]
        other._laid = list(self._laid)
        other._table = list(self._table)
        other._taken = [list(t) for t in self._taken]
        other._sweeps = [list(t) for t in self._sweeps]
        other._last_capture = self._last_capture
        other._teams = self._teams
        other._herald = self._herald
        other._robot_open = self._robot_open
        other._score = self._score
        other._events = list(self._events)
        return other

    # --------------------------------------------------------------------- actions

    def _playable(self, seat: int) -> bool:
        return self._phase is Phase.PLAY and seat == self._to_act

    def legal_actions(self, seat: int) -> list[Lay | Play]:
        """What `seat` may do now; [] if the round is not waiting for it.

        LAY: each card in hand. PLAY: each card with each capture it may make (the single
        matches, or else the sets adding up to it), or with no capture when it takes nothing.
        """
        if self._phase is Phase.LAY:
            if not 0 <= seat < len(self._laid) or self._laid[seat] is not None:
                return []
            return [_lay_action(code) for code in self._hands[seat]]
        if not self._playable(seat):
            return []
        table = self._table
        out: list[Lay | Play] = []
        hand = self._hands[seat]
        for code in sorted(hand) if seat == self._robot else hand:
            options = capture_options(code, table)
            if not options:
                out.append(_play_action(code, ()))
            for option in options:
                out.append(_play_action(code, tuple(table[i] for i in option)))
        return out

    def apply(self, seat: int, action: Lay | Play | Mapping[str, Any]) -> list[Event]:
        """Play `action` for `seat` and return the public events it caused (the robot's own
        turns that follow included). Raises NotYourTurn or IllegalAction, with a sentence fit
        for the player, before changing anything."""
        phase = self._phase
        robot, chosen = self._robot, None
        names: tuple[str | Msg, ...] = self._names
        if phase is Phase.LAY:
            chosen = t("The robot's card is laid for it") if seat == robot else t("You have chosen your card")
        elif robot is not None and self._to_act == robot:  # its partner plays it: say so
            names = (*names[:robot], t("the robot, played by its partner"), *names[robot + 1 :])
        check_turn(seat, self.awaiting, names, over=phase is Phase.OVER, noun="round", chosen=chosen)
        if not isinstance(action, Lay | Play):
            action = _parse(action)
        before = len(self._events)
        if phase is Phase.LAY:
            if not isinstance(action, Lay):
                raise IllegalAction(t("First choose a card to put face down in the middle of the table."))
            self._lay(seat, action)
        else:
            if not isinstance(action, Play):
                raise IllegalAction(t("The table cards are out; play a card from your hand."))
            code, capture = self._check_play(seat, action)
            self._play(seat, code, capture)
            self._advance(seat)
        return self._events[before:]

    def _code(self, card: Card) -> int:
        code = CODE.get(card)
        if code is None:
            raise IllegalAction(t("{card} is not a card of the Italian deck.", card=card.code))
        return code

    def _lay(self, seat: int, action: Lay) -> None:
        code = self._code(action.card)
        hand = self._hands[seat]
        if code not in hand:
            raise IllegalAction(t("You can only put down a card from your own hand."))
        hand.remove(code)
        self._laid[seat] = code
        self._events.append(
            new_event(
                "lay", t("{player} puts a card face down in the middle.", player=self._names[seat]), seat
            )
        )
        if any(card is None for card in self._laid):
            return
        # Decision 4: turned up together, laid out in the order of play from the dealer's
        # right (the dealer's own card last).
        self._table = [laid for s in self._rotation() if (laid := self._laid[s]) is not None]
        self._laid = [None] * len(self._laid)
        self._phase = Phase.PLAY
        self._to_act = self._rotation()[0]
        self._events.append(
            new_event("reveal", t("The four cards are turned up: {cards}.", cards=short(self._table)))
        )
        self._events.append(self._turn_event())

    def _check_play(self, seat: int, action: Play) -> tuple[int, tuple[int, ...]]:
        """The card and the table positions it takes, or IllegalAction saying why not."""
        code = self._code(action.card)
        if code not in self._hands[seat]:
            if seat == self._robot:
                raise IllegalAction(t("The robot has no {card} among its face-up cards.", card=action.card))
            raise IllegalAction(t("You don't hold {card}.", card=action.card))
        table = self._table
        wanted = [self._code(card) for card in action.capture]
        if len(set(wanted)) != len(wanted) or any(c not in table for c in wanted):
            raise IllegalAction(t("You can only take cards that are on the table, each once."))
        options = capture_options(code, table)
        positions = tuple(sorted(table.index(c) for c in wanted))
        if positions in options or not (options or positions):
            return code, positions
        card = CARDS[code]
        if not options:
            raise IllegalAction(
                t("{card} can't take anything on this table; play it without a capture.", card=card)
            )
        if not positions:
            raise IllegalAction(
                t(
                    "Taking is compulsory: {card} must take {options}.",
                    card=card,
                    options=self._options_text(options),
                )
            )
        if len(options[0]) == 1:
            raise IllegalAction(
                t(
                    "{card} matches {options} on the table, and a single card of the same value must be "
                    "taken before any sum.",
                    card=card,
                    options=self._options_text(options),
                )
            )
        raise IllegalAction(
            t(
                "Those cards don't add up to {card}; it can take {options}.",
                card=card,
                options=self._options_text(options),
            )
        )

    def _options_text(self, options: Sequence[Sequence[int]]) -> Join:
        """The captures a card may make, as a list to choose from: "🪙2+🏆5 or 🗡7"."""
        table = self._table
        return Join(tuple(Join(tuple(CARDS[table[i]] for i in option), "plus") for option in options), "or")

    def _play(self, seat: int, code: int, positions: tuple[int, ...]) -> None:
        hand = self._hands[seat]
        hand.remove(code)
        table = self._table
        name = self._names[seat]
        card = CARDS[code]
        if seat != self._robot:
            verb = t("{player} plays {card}", player=name, card=card)
        elif self._robot_open:
            partner = self.robot_partner
            assert partner is not None
            verb = t("{partner} plays {robot}'s {card}", partner=self._names[partner], robot=name, card=card)
        else:
            verb = t("{robot} turns up {card}", robot=name, card=card)
        if positions:
            taken = [table[i] for i in positions]
            for i in reversed(positions):
                del table[i]
            self._taken[seat].extend((code, *taken))
            self._last_capture = seat
            text = t("{verb} and takes {cards}.", verb=verb, cards=short(taken))
            if not table:
                # Decision 10: the very last card of the round never sweeps.
                if self._cards_left():
                    self._sweeps[seat].append(code)
                    text = t(
                        "{verb} and takes {cards}: a sweep, {sweeps} for {player}.",
                        verb=verb,
                        cards=short(taken),
                        sweeps=tn("{n} sweep", "{n} sweeps", n=len(self._sweeps[seat])),
                        player=name,
                    )
                else:
                    text = t(
                        "{verb} and takes {cards} (the last card of the round is never a sweep).",
                        verb=verb,
                        cards=short(taken),
                    )
            self._events.append(new_event("capture", text, seat))
        else:
            table.append(code)
            self._events.append(new_event("play", t("{verb}; it stays on the table.", verb=verb), seat))
        # Decision 5: only a Herald *played* from a hand sets the teams ("The first player to
        # play on the table a Herald"); one laid among the opening four, turned up together
        # with no first among them, or taken from the table, is an ordinary card.
        if code in HERALDS and self._options.heralds and self._herald is None:
            self._set_teams(seat, code)

    def _cards_left(self) -> bool:
        return self._next < 40 or any(self._hands)

    def _set_teams(self, seat: int, code: int) -> None:
        """The first Herald played sets the round's sides; later ones are plain cards."""
        self._herald = (code, seat)
        teams = herald_teams(code, seat)
        self._teams = teams
        names = self._names
        card = CARDS[code]
        if len(teams[0]) == 1:
            text = t(
                "{card} is the first Herald: everyone plays alone this round, "
                "and the four points count double.",
                card=card,
            )
        else:
            text = t(
                "{card} is the first Herald: {side} play against {others}.",
                card=card,
                side=named(names, teams[0]),
                others=named(names, teams[1]),
            )
        self._events.append(new_event("herald", text, seat))
        robot = self._robot
        if robot is not None and len(teams[0]) == 2:
            self._robot_open = True
            partner = self.robot_partner
            assert partner is not None
            left = self._hands[robot]
            left.sort()
            shown = short(left) if left else t("none left")
            self._events.append(
                new_event(
                    "robot",
                    t(
                        "The robot's cards are turned face up ({cards}); {partner} plays them from now on.",
                        cards=shown,
                        partner=names[partner],
                    ),
                    robot,
                )
            )

    def _advance(self, seat: int) -> None:
        """Pass the turn right; deal again or end the round when every hand is empty; let an
        unpartnered robot take its turns."""
        count = len(self._names)
        while True:
            if not any(self._hands):
                if self._next < 40:
                    self._redeal()
                else:
                    self._finish()
                    return
            nxt = (seat - 1) % count
            self._to_act = nxt
            if nxt == self._robot and not self._robot_open:
                self._robot_turn(nxt)
                seat = nxt
                continue
            self._events.append(self._turn_event())
            return

    def _robot_turn(self, robot: int) -> None:
        """The French variant: the robot's top card is turned and takes the first matching
        card in the dealer's reading order, or else the sum using the leftmost cards
        (decision 12): the first of `capture_options`."""
        code = self._hands[robot][0]
        options = capture_options(code, self._table)
        self._play(robot, code, options[0] if options else ())

    def _redeal(self) -> None:
        size = REDEAL[self._options.form]
        for _ in range(size):
            for seat in self._rotation():
                self._hands[seat].append(self._order[self._next])
                self._next += 1
        for hand in self._hands:
            hand.sort()
        left = 40 - self._next
        dealer, each = self._names[self._dealer], tn("{n} card", "{n} cards", n=size)
        if left:
            text = tn(  # "resta da distribuire 1 carta": the verb agrees with what is left
                "{dealer} deals {each} more to each; {n} card left to deal.",
                "{dealer} deals {each} more to each; {n} cards left to deal.",
                dealer=dealer,
                each=each,
                n=left,
            )
        else:
            text = t("{dealer} deals {each} more to each; that is the last deal.", dealer=dealer, each=each)
        self._events.append(new_event("deal", text))

    def _turn_event(self) -> Event:
        seat = self._to_act
        assert seat is not None
        if seat == self._robot:
            partner = self.robot_partner
            assert partner is not None
            return new_event(
                "turn",
                t("The robot's turn: {partner} plays one of its cards.", partner=self._names[partner]),
                seat,
            )
        return new_event("turn", t("{player} to play.", player=self._names[seat]), seat)

    def _finish(self) -> None:
        table = self._table
        if table:
            last = self._last_capture
            if last is not None:
                self._taken[last].extend(table)
                text = t(
                    "{player} made the last capture and takes what is left: {cards}.",
                    player=self._names[last],
                    cards=short(table),
                )
            else:
                # Decision 11: nobody captured all round, so nobody takes them.
                text = tn(  # the verb agrees with how many cards stay ("7C resta", "7C 3S restano")
                    "Nobody captured this round; {cards} stays on the table, nobody's.",
                    "Nobody captured this round; {cards} stay on the table, nobody's.",
                    n=len(table),
                    cards=short(table),
                )
            self._events.append(new_event("last", text, last))
            if last is not None:
                self._table = []
        self._phase = Phase.OVER
        self._to_act = None
        self._score = self._scored()
        for item in self._score.items:
            self._events.append(new_event("score", item.said))
        self._events.append(new_event("result", self._summary()))

    # --------------------------------------------------------------------- scoring

    def _sides(self) -> tuple[tuple[int, ...], ...]:
        teams = self.teams
        if teams is None:
            # Decision 6: no Herald was played (all laid among the opening four): nobody
            # partners, and everyone scores alone as under the Herald of Swords.
            return tuple((s,) for s in range(len(self._names)))
        return teams

    def _scored(self) -> RoundScore:
        sides = self._sides()
        doubled = self._options.heralds and all(len(side) == 1 for side in sides)
        unit = 2 if doubled else 1
        piles = [[c for s in side for c in self._taken[s]] for side in sides]
        cards = [len(pile) for pile in piles]
        coins = [sum(1 for c in pile if c // 10 == COINS) for pile in piles]
        primiera = [primiera_total(pile) for pile in piles]
        seven = next((i for i, pile in enumerate(piles) if SEVEN_OF_COINS in pile), None)
        sweeps = [sum(len(self._sweeps[s]) for s in side) for side in sides]
        names = [named(self._names, side) for side in sides]
        items: list[ScoreItem] = []
        totals = [0] * len(sides)

        def award(kind: ScoreItemKind, winner: int | None, what: Msg, tie: Msg) -> None:
            won = unit if winner is not None else 0
            if winner is not None:
                totals[winner] += won
                said = t("{item}: {side}, {points}.", item=what, side=names[winner], points=points_of(won))
            else:
                said = t("{item}: {tie}, no point.", item=what, tie=tie)
            items.append(ScoreItem(item=kind, side=winner, points=won, said=said))

        def counts(values: Sequence[int | None]) -> Join:
            return Join(
                tuple(
                    t("{side} {value}", side=names[i], value="—" if v is None else v)
                    for i, v in enumerate(values)
                ),
                "comma",
            )

        # Decisions 13-15: "the majority of the cards" / "more cards of the Coins suit" / "the
        # best Primiera score" read as the single highest among the sides; a tie for it is
        # "not awarded", as the text says for cards and coins, with two sides or four.
        most = t("a tie for the most")
        award("cards", sole_best(cards), t("Cards ({counts})", counts=counts(cards)), most)
        award("coins", sole_best(coins), t("Coins ({counts})", counts=counts(coins)), most)
        award("seven_of_coins", seven, t("The seven of coins"), t("nobody took it"))
        best = sole_best(primiera)
        tie = t("a tie for the best") if any(v is not None for v in primiera) else t("nobody took every suit")
        award("primiera", best, t("Primiera ({counts})", counts=counts(primiera)), tie)
        for i, made in enumerate(sweeps):
            if made:
                totals[i] += made
                items.append(
                    ScoreItem(
                        item="sweeps",
                        side=i,
                        points=made,
                        said=t("Sweeps: {side}, {points}.", side=names[i], points=points_of(made)),
                    )
                )
        side_scores = tuple(
            SideScore(
                seats=side,
                cards=cards[i],
                coins=coins[i],
                seven_of_coins=seven == i,
                primiera=primiera[i],
                primiera_cards=tuple(CARDS[c] for c in primiera_cards(piles[i])),
                sweeps=sweeps[i],
                points=totals[i],
            )
            for i, side in enumerate(sides)
        )
        points = [0] * len(self._names)
        for i, side in enumerate(sides):
            for s in side:
                points[s] = totals[i]
        return RoundScore(
            sides=side_scores,
            items=tuple(items),
            doubled=doubled,
            points=tuple(points),
            teams=tuple(side for side in sides if len(side) > 1),
        )

    def _summary(self) -> Msg:
        score = self._score
        assert score is not None
        parts = Join(
            tuple(
                t("{side} {points}", side=named(self._names, side.seats), points=points_of(side.points))
                for side in score.sides
            ),
            "comma",
        )
        if score.doubled:
            return t("Round over (all alone: the four points counted double): {sides}.", sides=parts)
        return t("Round over: {sides}.", sides=parts)

    @property
    def outcome(self) -> Outcome | None:
        """Set once the round is over. Primiera moves no chips: `paid_in` and `paid_out` are
        zeros and the round's points are in `score.points` (the table's match adds them);
        `winners` are the seats with the most points this round, if anyone scored."""
        score = self._score
        if score is None:
            return None
        top = max(score.points)
        winners = tuple(s for s, p in enumerate(score.points) if p == top) if top > 0 else ()
        zeros = (0,) * len(self._names)
        said = self._summary()
        return Outcome(winners=winners, paid_in=zeros, paid_out=zeros, said=said)

    # ------------------------------------------------------------------------ view

    def view(self, seat: int | None) -> PrimieraView:
        """What `seat` may see (None = onlooker): never another player's hand, the robot's
        face-down pile, or another player's table card before the four are turned up."""
        robot = self._robot
        hand: tuple[Card, ...] | None = None
        laid_card = None
        if seat is not None:
            if seat == robot:
                hand = tuple(CARDS[c] for c in sorted(self._hands[seat])) if self._robot_open else ()
            else:
                hand = tuple(CARDS[c] for c in self._hands[seat])
                mine = self._laid[seat]
                laid_card = None if mine is None else CARDS[mine]
        herald = self._herald
        over = self._phase is Phase.OVER
        return PrimieraView.model_construct(
            game_id=GAME_ID,
            seats=self._names,
            options=self._options,
            you=seat,
            phase=self._phase,
            dealer=self._dealer,
            robot=robot,
            to_act=self._to_act,
            awaiting=self.awaiting,
            table=self.table,
            laid=tuple(card is not None for card in self._laid),
            hand=hand,
            laid_card=laid_card,
            hand_sizes=tuple(len(h) for h in self._hands),
            robot_cards=(
                tuple(CARDS[c] for c in sorted(self._hands[robot]))
                if robot is not None and self._robot_open
                else None
            ),
            robot_partner=self.robot_partner,
            heralds_held=self._heralds_held(),
            stock=40 - self._next,
            taken=tuple(tuple(CARDS[c] for c in pile) for pile in self._taken),
            sweeps=tuple(tuple(CARDS[c] for c in pile) for pile in self._sweeps),
            last_capture=self._last_capture,
            teams=self.teams,
            herald=None if herald is None else CARDS[herald[0]],
            herald_by=None if herald is None else herald[1],
            score=self._score,
            commitment=self._commitment,
            seed=self._seed if over else None,
        )

    def _heralds_held(self) -> tuple[bool, ...] | None:
        if not self._options.heralds:
            return None
        return tuple(
            any(c in HERALDS for c in hand) or laid in HERALDS
            for hand, laid in zip(self._hands, self._laid, strict=True)
        )

    # ------------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The whole round as JSON-safe data; `from_json` restores it exactly."""
        text = [card.code for card in CARDS]

        def codes(items: Sequence[int]) -> list[str]:
            return [text[c] for c in items]

        herald = self._herald
        return {
            "game_id": GAME_ID,
            "format": JSON_FORMAT,
            "options": self._options.model_dump(mode="json"),
            "seats": list(self._names),
            "seed": self._seed,
            "commitment": self._commitment,
            "order": codes(self._order),
            "dealer": self._dealer,
            "next": self._next,
            "phase": self._phase.value,
            "to_act": self._to_act,
            "hands": [codes(h) for h in self._hands],
            "laid": [None if c is None else text[c] for c in self._laid],
            "table": codes(self._table),
            "taken": [codes(t) for t in self._taken],
            "sweeps": [codes(t) for t in self._sweeps],
            "last_capture": self._last_capture,
            "teams": None if self._teams is None else [list(team) for team in self._teams],
            "herald": None if herald is None else [text[herald[0]], herald[1]],
            "robot_open": self._robot_open,
            "events": [event.to_json() for event in self._events],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore a round written by `to_json`; refuses a damaged or tampered save."""
        snap = SAVED.read(_Snapshot, data, GAME_ID, (JSON_FORMAT,), strict=True)
        by_text = _CODE_BY_TEXT

        def codes(texts: Sequence[str]) -> list[int]:
            try:
                return [by_text[t] for t in texts]
            except KeyError:
                raise SAVED.damaged() from None

        options = snap.options
        count = options.seats
        self = cls.__new__(cls)
        self._options = options
        self._names = tuple(snap.seats)
        self._seed = snap.seed
        self._commitment = snap.commitment
        self._order = codes(snap.order)
        self._dealer = snap.dealer
        self._robot = (snap.dealer + 2) % 4 if options.form == "robot" else None
        self._next = snap.next
        self._phase = Phase(snap.phase)
        self._to_act = snap.to_act
        self._hands = [codes(h) for h in snap.hands]
        self._laid = [None if t is None else codes([t])[0] for t in snap.laid]
        self._table = codes(snap.table)
        self._taken = [codes(t) for t in snap.taken]
        self._sweeps = [codes(t) for t in snap.sweeps]
        self._last_capture = snap.last_capture
        self._teams = None if snap.teams is None else tuple(tuple(team) for team in snap.teams)
        self._herald = None if snap.herald is None else (codes([snap.herald[0]])[0], snap.herald[1])
        self._robot_open = snap.robot_open
        self._events = list(snap.events)
        self._score = None
        problem = self._problem(count)
        if problem:
            raise SAVED.damaged(problem)
        # The saved texts are the cards' own (`codes` read nothing else): hashed as they are.
        if deal_commitment(self._seed, snap.order) != self._commitment:
            raise SAVED.deal_unmatched()
        if self._phase is Phase.OVER:
            self._score = self._scored()
        return self

    def _problem(self, count: int) -> str | None:
        """Why this restored state cannot be a real round (None when it can)."""
        seats = range(count)
        per_seat: list[Sequence[object]] = [self._names, self._hands, self._laid, self._taken, self._sweeps]
        if any(len(items) != count for items in per_seat):
            return "it has the wrong number of seats"
        if self._dealer not in seats or not 0 <= self._next <= 40:
            return "its dealer or deal position does not fit"
        if sorted(self._order) != list(range(40)):
            return "its deal is not the 40-card deck"
        places = [c for h in self._hands for c in h] + [c for c in self._laid if c is not None]
        places += self._table + [c for t in self._taken for c in t] + self._order[self._next :]
        if sorted(places) != list(range(40)):
            return "it does not account for all 40 cards"
        if any(not set(s) <= set(t) for s, t in zip(self._sweeps, self._taken, strict=True)):
            return "a sweep card was never taken"
        if self._last_capture is not None and self._last_capture not in seats:
            return "its last capture names no seat"
        phase = self._phase
        if phase is Phase.LAY:
            if not self._options.heralds or self._to_act is not None or self._table:
                return "its table-card phase does not fit"
        elif phase is Phase.PLAY:
            if self._to_act is None or self._to_act not in seats or any(c is not None for c in self._laid):
                return "the seat to play does not fit"
            if self._to_act == self._robot and not self._robot_open:
                return "the robot waits for a turn it takes by itself"
            if not self._hands[self._to_act]:
                return "the seat to play has no cards"
        elif self._to_act is not None or any(self._hands) or self._next < 40:
            return "a finished round still has cards to play"
        teams = self._teams
        herald = self._herald
        if (teams is None) != (herald is None) or (teams is not None and not self._options.heralds):
            return "its partnerships do not fit its Herald"
        if herald is not None and (
            herald[0] not in HERALDS or herald[1] not in seats or teams != herald_teams(*herald)
        ):
            return "its partnerships do not fit its Herald"
        if self._robot_open != (self._robot is not None and teams is not None and len(teams[0]) == 2):
            return "the robot's cards are shown when they should not be, or hidden"
        return None


#: a card's saved text to its code (what a restart reads every saved round's cards with)
_CODE_BY_TEXT = {card.code: code for code, card in enumerate(CARDS)}


def _pair(value: Any) -> Any:
    """A two-item JSON list as the tuple it stands for (anything else as it is, for the
    strict tuple check to refuse)."""
    return tuple(value) if type(value) is list and len(value) == 2 else value


class _Snapshot(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game_id: str
    format: int
    options: PrimieraOptions
    seats: list[str]
    seed: int
    commitment: str
    order: list[str]
    dealer: int
    next: int
    phase: Literal["lay", "play", "over"]
    to_act: int | None
    hands: list[list[str]]
    laid: list[str | None]
    table: list[str]
    taken: list[list[str]]
    sweeps: list[list[str]]
    last_capture: int | None
    teams: list[list[int]] | None
    herald: Annotated[tuple[str, int], BeforeValidator(_pair)] | None
    """JSON keeps the pair as a list: read strictly, it is taken as the tuple it stands for."""
    robot_open: bool
    events: list[Event]


def _parse(action: Any) -> Lay | Play:
    if isinstance(action, Mapping):
        try:
            return _ACTIONS.validate_python(action, context=_CONTEXT)
        except ValidationError:
            pass
    raise IllegalAction(t("That is not a Primiera move; play a card from your hand."))
