"""Prefa (Greek Preference), one hand, as a pure state machine.

Three players get ten cards each from a 32-card deck, two go to a kitty. They bid up a fixed
scale of contracts; the bidder takes the kitty, discards two and announces the final
contract; the two defenders each say whether they play; then ten tricks, and the hand is
scored in pouch points and chips.

Rule decisions cite `prefa-greek-preference.txt` ("the text") and are numbered as in
docs/RULES.md ("Prefa (Greek Preference)"). Engine seats 0-2 are in table order going left
(clockwise); with the Greek direction option play goes the other way round them. A fourth
player who sits the hand out (four-handed Prefa) is *party* 3: dealt no cards, never to act,
but in the pouches and paid like the others (`Prefa.new(..., sitter=name)`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from itertools import combinations
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from engine.core.cards import PREFA_32, Card
from engine.core.errors import BadSetup, IllegalAction
from engine.core.game import Event, Outcome, new_event
from engine.core.msg import Arg, Msg
from engine.core.rng import commitment as deal_commitment
from engine.core.rng import shuffled
from engine.core.saves import SavedHand
from engine.core.turns import check_turn
from engine.prefa.scoring import (
    TENTATIVE_CHIPS,
    TENTATIVE_POINTS,
    Contract,
    Mode,
    Payment,
    TenNoTrump,
    bid_value,
    duties,
    lone_duty,
    nets,
    pour,
    rank,
    scale,
    score_hand,
)
from engine.prefa.words import call_said, chips_of, contract_said, points_of, scenario_said, t, tricks_of

GAME_ID = "prefa"
SAVED = SavedHand("Prefa")
"""How this game speaks of its saved hands (engine.core.saves)."""
JSON_FORMAT = 1
PLAYERS = 3
HAND = 10
"""Cards each player holds (the text: "Each player has ten cards")."""
KITTY = 2
TRICKS = 10
DECK = PREFA_32.cards()
ACE = 14
SEVEN = PREFA_32.card("spades", 7)
"""Decision 15: the "7" whose holder bids first in the first hand is the 7 of spades."""
_CARDS = {"deck": PREFA_32}
"""Validation context: cards in moves and saved hands sent as text are Prefa cards."""


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card.short for card in cards)


# ------------------------------------------------------------------ options and actions


class PrefaOptions(BaseModel, frozen=True):
    """What a table agrees before play; every variation the text lists is one of these."""

    pouch: int = Field(default=31, ge=1, le=1000)
    """Points each player puts in their pouch at the start ("31 points, 20 points, 10")."""
    direction: Literal["clockwise", "counterclockwise"] = "clockwise"
    """Clockwise as the text describes it, or the Greek direction (counter-clockwise)."""
    seven_opens: bool = False
    """First bid in the first hand: the holder of the 7 of spades bids (and leads) first and
    deals the next hand; a deal with that 7 in the kitty is dealt again."""
    tentative: bool = False
    """Tentative bid: "I'll take it (if nobody else wants it)", with its throw-in penalty."""
    ten_no_trump: TenNoTrump = "off"
    """"10 no trump" allowed above 10 hearts, worth 11 (A) or 10 (B)."""
    tens_as_nines: bool = False
    """A played-out 10 contract is scored as though won as a 9."""
    four_aces: Literal["off", "A", "B"] = "off"
    """A bidder holding all four aces may announce them: the bid value rises by the agreed
    amount (A), or the agreed amount in chips is won from / paid to every player (B)."""
    four_aces_amount: int | None = Field(default=None, ge=1, le=1000)
    """The agreed amount; None: a tenth of the pouch, at least 1 (the text's suggestion)."""
    counter_invitation: bool = False
    """The first defender, out, may answer the second's "I'll go it alone" with "No, I'll
    take you with me"."""
    last_pouch_shared: bool = False
    """Two Empty Pouches (Three with four players): the game ends when one pouch is left,
    and it is shared out in chips (`scoring.settle`)."""

    @property
    def aces_amount(self) -> int:
        if self.four_aces_amount is not None:
            return self.four_aces_amount
        return max(1, self.pouch // 10)

    @property
    def step(self) -> int:
        """+1 to the next engine seat in the direction of play, -1 the other way."""
        return 1 if self.direction == "clockwise" else -1


class Bid(BaseModel, frozen=True):
    """Bid the next contract on the scale (the first bid is "(6) spades")."""

    kind: Literal["bid"] = "bid"
    contract: Contract


class Good(BaseModel, frozen=True):
    """ "I'm good for ..." — hold the current bid, for a player who entered the bidding
    before the one who made it."""

    kind: Literal["good"] = "good"
    contract: Contract


class Pass(BaseModel, frozen=True):
    """Pass; a player who passes can't come back into the bidding."""

    kind: Literal["pass"] = "pass"


class Tentative(BaseModel, frozen=True):
    """ "I'll take it (if nobody else wants it)" — before anyone has bid."""

    kind: Literal["tentative"] = "tentative"


class Discard(BaseModel, frozen=True):
    """The bidder puts two cards away, face down."""

    kind: Literal["discard"] = "discard"
    cards: tuple[Card, Card]


class Declare(BaseModel, frozen=True):
    """The bidder announces the final contract, at least the bid won; `aces` announces all
    four aces (when the table plays that variation)."""

    kind: Literal["declare"] = "declare"
    contract: Contract
    aces: bool = False


class ThrowIn(BaseModel, frozen=True):
    """A tentative bidder who can't make even (6) spades throws the hand in, with the penalty."""

    kind: Literal["throw_in"] = "throw_in"


class In(BaseModel, frozen=True):
    """A defender: "I'm in"."""

    kind: Literal["in"] = "in"


class Out(BaseModel, frozen=True):
    """A defender: "I'm out"."""

    kind: Literal["out"] = "out"


class Alone(BaseModel, frozen=True):
    """The defender left in: "I'll go it alone"."""

    kind: Literal["alone"] = "alone"


class TakeYou(BaseModel, frozen=True):
    """ "I'll take you with me": the other defender plays, on your behalf (also the
    counter-invitation "No, I'll take you with me")."""

    kind: Literal["take_you"] = "take_you"


class LetAlone(BaseModel, frozen=True):
    """The first defender, out, lets the second go it alone (counter-invitation tables)."""

    kind: Literal["let_alone"] = "let_alone"


class Play(BaseModel, frozen=True):
    """Play a card to the trick."""

    kind: Literal["play"] = "play"
    card: Card


_ActionTypes = (
    Bid | Good | Pass | Tentative | Discard | Declare | ThrowIn | In | Out | Alone | TakeYou | LetAlone | Play
)
PrefaAction = Annotated[_ActionTypes, Field(discriminator="kind")]
_ACTIONS: TypeAdapter[_ActionTypes] = TypeAdapter(PrefaAction)


class Phase(StrEnum):
    BIDDING = "bidding"
    KITTY = "kitty"
    """The bidder holds the kitty and discards two."""
    CONTRACT = "contract"
    """The bidder announces the final contract."""
    DEFENCE = "defence"
    PLAY = "play"
    OVER = "over"


class Call(BaseModel, frozen=True):
    """One line of the bidding sheet."""

    seat: int
    call: Literal["bid", "good", "pass", "tentative"]
    contract: Contract | None = None

    @property
    def text(self) -> str:
        if self.call == "bid" and self.contract is not None:
            return self.contract.text
        if self.call == "good" and self.contract is not None:
            return f"I'm good (for {self.contract.text})"
        return "I'll take it" if self.call == "tentative" else "pass"


class Trick(BaseModel, frozen=True):
    """A finished trick: who led, the cards in playing order with their seats, the winner."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int


class PrefaResult(BaseModel, frozen=True):
    """How a hand scored, for the table's score sheet and its match.

    Indexed by party: engine seats 0-2, then the player sitting out (four players) at 3.
    `pouch_change` goes to `Match.change_pouches` and never takes a pouch below zero (the
    excess rule is already applied); `chips` are each party's chip result, the same as the
    hand's `Outcome.net`."""

    kind: Literal["played", "both_out", "thrown_in", "tentative_thrown_in", "redeal"]
    bidder: int | None = None
    contract: Contract | None = None
    bid_value: int = 0
    scored_tricks: int | None = None
    """The contract's tricks as scored (9 for a played-out 10 under "10's as 9's")."""
    aces: bool = False
    mode: Mode | None = None
    scenario: str
    made: bool | None = None
    tricks: tuple[int, ...]
    pouch_before: tuple[int, ...]
    pouch_change: tuple[int, ...]
    pouch_after: tuple[int, ...]
    payments: tuple[Payment, ...]
    chips: tuple[int, ...]
    next_dealer: int | None = None
    """The engine seat that deals next when the rules choose it (the holder of the 7 of
    spades after the first hand); None: the deal passes on as usual."""

    @property
    def same_dealer(self) -> bool:
        """The cards are dealt again by the same dealer (the 7 was in the kitty)."""
        return self.kind == "redeal"

    def pouch_deltas(self, keys: Sequence[str]) -> dict[str, int]:
        """`pouch_change` keyed by table seat: `keys` are the parties' table seats (the
        engine seats in order, then the sitter)."""
        return {key: delta for key, delta in zip(keys, self.pouch_change, strict=True) if delta}

    def chip_deltas(self, keys: Sequence[str]) -> dict[str, int]:
        return dict(zip(keys, self.chips, strict=True))


class PrefaView(BaseModel, frozen=True):
    """Everything `you` may see (None = an onlooker)."""

    game_id: str = GAME_ID
    seats: tuple[str, ...]
    sitter: str | None
    """The fourth player, sitting this hand out (and dealing it), or None."""
    options: PrefaOptions
    you: int | None
    phase: Phase
    dealer: int | None
    """The dealer's engine seat; None when the dealer sits out."""
    eldest: int
    """Who bid first and leads first (the holder of the 7 in a "seven opens" first hand)."""
    to_act: int | None
    sheet: tuple[Call, ...]
    """The bidding, call by call, in order."""
    bid: Contract | None
    """The highest bid so far (or the bid won)."""
    holder: int | None
    """Who holds that bid."""
    passed: tuple[bool, ...]
    tentative: int | None
    bidder: int | None
    contract: Contract | None
    bid_value: int
    aces: bool
    defence: tuple[str | None, ...]
    """Each seat's last defence call ("in", "out", "alone", "take_you", "let_alone")."""
    mode: Mode | None
    active: int | None
    invited: int | None
    duties: tuple[int | None, ...]
    """Each seat's trick duty (None: the bidder, or a defender who does not answer for
    tricks); with an invitation the active defender answers for the defence's total."""
    playing: tuple[int, ...]
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    kitty: tuple[Card, ...] | None
    """The kitty's two cards: only the bidder sees them, and only while taking them."""
    discards: tuple[Card, ...] | None
    """The bidder's two discards: only the bidder sees them."""
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress: (seat, card) in playing order."""
    leader: int | None
    last_trick: Trick | None
    played: tuple[Trick, ...]
    tricks: tuple[int, ...]
    pouches: tuple[int, ...]
    """Each party's pouch at the start of the hand."""
    result: PrefaResult | None
    commitment: str
    seed: int | None


# ------------------------------------------------------------------------------- state


class _State(BaseModel):
    game_id: str = GAME_ID
    format: int = JSON_FORMAT
    options: PrefaOptions
    seats: list[str]
    sitter: str | None = None
    seed: int
    commitment: str
    order: list[Card]
    dealer: int | None
    eldest: int
    """Who bids first and leads first: the eldest hand, or the holder of the 7 when it opens."""
    seated_eldest: int | None = None
    """The eldest hand by the seating — the player next to the dealer — even when the
    holder of the 7 bids in their place; the ring of parties starts here (decision 11).
    None in hands saved before it was kept, which read `eldest` instead."""
    first_hand: bool = False
    pouches: list[int]
    phase: Phase
    to_act: int | None = None
    hands: list[list[Card]]
    kitty: list[Card]
    discards: list[Card] = []
    sheet: list[Call] = []
    passed: list[bool]
    entered: list[int | None]
    """The order in which each seat first bid (None: not yet)."""
    high: int | None = None
    """The current bid's place on the scale."""
    holder: int | None = None
    tentative: int | None = None
    bidder: int | None = None
    contract: Contract | None = None
    aces: bool = False
    stage: str = ""
    """Where the defence calls stand: "first", "second_in", "first_alone", "second_out",
    "counter"."""
    defence: list[str | None]
    mode: Mode | None = None
    active: int | None = None
    invited: int | None = None
    playing: list[int] = []
    leader: int | None = None
    trick_seats: list[int] = []
    trick_cards: list[Card] = []
    played: list[Trick] = []
    tricks: list[int]
    result: PrefaResult | None = None
    events: list[Event] = []


def beats(card: Card, best: Card, trump: str | None) -> bool:
    """Whether `card` beats `best`, the card winning the trick so far."""
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump


def trick_winner(cards: Sequence[Card], trump: str | None) -> int:
    """The index of the winning card: the highest trump, else the highest of the suit led."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best


def legal_cards(hand: Sequence[Card], led: str | None, trump: str | None) -> list[Card]:
    """The text: follow suit if possible; if not, trump if possible; otherwise anything."""
    if led is None:
        return list(hand)
    follow = [c for c in hand if c.suit == led]
    if follow:
        return follow
    if trump is not None:
        ruff = [c for c in hand if c.suit == trump]
        if ruff:
            return ruff
    return list(hand)


class Prefa:
    """One hand of Prefa. Implements `engine.core.game.Game`."""

    game_id = GAME_ID
    __slots__ = ("_s",)
    _s: _State

    # ------------------------------------------------------------------------ set-up

    @classmethod
    def new(
        cls,
        options: PrefaOptions,
        seats: Sequence[str],
        seed: int,
        *,
        dealer: int | None = 0,
        eldest: int | None = None,
        sitter: str | None = None,
        pouches: Sequence[int] | None = None,
        first_hand: bool = False,
    ) -> Self:
        """Shuffle with `Random(seed)` and deal.

        `seats` are the three players dealt in, in table order. `dealer` is the dealer's
        engine seat; with four players the dealer sits out: pass `dealer=None`, the sitter's
        name as `sitter` and the eldest hand's engine seat as `eldest` (the match's
        `Seating.eldest`). `pouches` are every party's pouch now (the sitter's last); by
        default each holds the agreed amount. `first_hand` marks the game's first hand, for
        the "seven opens" option."""
        order = shuffled(DECK, seed)
        return cls.new_from_order(
            options,
            seats,
            order,
            dealer=dealer,
            eldest=eldest,
            sitter=sitter,
            pouches=pouches,
            first_hand=first_hand,
            seed=seed,
        )

    @classmethod
    def new_from_order(
        cls,
        options: PrefaOptions,
        seats: Sequence[str],
        order: Sequence[Card],
        *,
        dealer: int | None = 0,
        eldest: int | None = None,
        sitter: str | None = None,
        pouches: Sequence[int] | None = None,
        first_hand: bool = False,
        seed: int = 0,
    ) -> Self:
        """Like `new`, with the deck in the order it is dealt: two to each player from the
        eldest hand round, two to the kitty, then two at a time round the table four more
        times (the text, The Deal)."""
        if len(seats) != PLAYERS:
            raise BadSetup(t("Prefa is dealt to three players; a fourth sits out and deals."))
        if len(order) != len(DECK) or set(order) != set(DECK):
            raise BadSetup(t("Prefa is dealt from the 32-card deck (7 to ace)."))
        step = options.step
        if sitter is None:
            if dealer is None or not 0 <= dealer < PLAYERS:
                raise BadSetup(t("The dealer must be one of the three seats."))
            first = (dealer + step) % PLAYERS
            if eldest is not None and eldest != first:
                raise BadSetup(t("The eldest hand sits next to the dealer."))
            eldest = first
        else:
            if dealer is not None:
                raise BadSetup(t("With four players the dealer sits out the hand."))
            if eldest is None or not 0 <= eldest < PLAYERS:
                raise BadSetup(t("Name the eldest hand: the player next to the dealer who sits out."))
        parties = PLAYERS + (sitter is not None)
        start = [options.pouch] * parties if pouches is None else list(pouches)
        if len(start) != parties or any(not isinstance(p, int) or p < 0 for p in start):
            raise BadSetup(t("Every player's pouch must be a whole number of points, zero or more."))
        hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        kitty: list[Card] = []
        ring = [(eldest + step * i) % PLAYERS for i in range(PLAYERS)]
        at = 0
        for round_no in range(5):
            for seat in ring:
                hands[seat].extend(order[at : at + 2])
                at += 2
            if round_no == 0:
                kitty.extend(order[at : at + 2])
                at += 2
        state = _State(
            options=options,
            seats=list(seats),
            sitter=sitter,
            seed=seed,
            commitment=deal_commitment(seed, order),
            order=list(order),
            dealer=dealer,
            eldest=eldest,
            seated_eldest=eldest,
            first_hand=first_hand,
            pouches=start,
            phase=Phase.BIDDING,
            hands=hands,
            kitty=kitty,
            passed=[False] * PLAYERS,
            entered=[None] * PLAYERS,
            defence=[None] * PLAYERS,
            tricks=[0] * PLAYERS,
        )
        self = cls.__new__(cls)
        self._s = state
        dealer_name = sitter if dealer is None else seats[dealer]
        assert dealer_name is not None
        if dealer is None:
            dealt = t(
                "{dealer} deals ten cards each and two to the kitty; they sit this hand out.",
                dealer=dealer_name,
            )
        else:
            dealt = t("{dealer} deals ten cards each and two to the kitty.", dealer=dealer_name)
        state.events = [new_event("deal", dealt, dealer)]
        if options.seven_opens and first_hand:
            if SEVEN in kitty:
                state.events.append(
                    new_event("redeal", t("The Spades 7 is in the kitty: the cards are dealt again."))
                )
                self._finish("redeal", (), None)
                return self
            holder = next(seat for seat in range(PLAYERS) if SEVEN in hands[seat])
            state.eldest = holder
            state.events.append(
                new_event(
                    "seven",
                    t(
                        "{player} shows the Spades 7, bids first and deals the next hand.",
                        player=seats[holder],
                    ),
                    holder,
                )
            )
        state.to_act = state.eldest
        return self

    # -------------------------------------------------------------------- accessors

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def to_act(self) -> int | None:
        return self._s.to_act

    @property
    def awaiting(self) -> tuple[int, ...]:
        return () if self._s.to_act is None else (self._s.to_act,)

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self._s.seats)

    @property
    def parties(self) -> int:
        """3, or 4 with a player sitting out."""
        return PLAYERS + (self._s.sitter is not None)

    @property
    def options(self) -> PrefaOptions:
        return self._s.options

    @property
    def events(self) -> list[Event]:
        return list(self._s.events)

    @property
    def commitment(self) -> str:
        return self._s.commitment

    @property
    def seed(self) -> int:
        return self._s.seed

    @property
    def result(self) -> PrefaResult | None:
        return self._s.result

    @property
    def contract(self) -> Contract | None:
        return self._s.contract

    @property
    def bidder(self) -> int | None:
        return self._s.bidder

    def clone(self) -> Prefa:
        """An independent copy for search (cheap: cards and models are immutable)."""
        s = self._s
        copy = s.model_copy(
            update={
                "hands": [list(h) for h in s.hands],
                "kitty": list(s.kitty),
                "discards": list(s.discards),
                "sheet": list(s.sheet),
                "passed": list(s.passed),
                "entered": list(s.entered),
                "defence": list(s.defence),
                "playing": list(s.playing),
                "trick_seats": list(s.trick_seats),
                "trick_cards": list(s.trick_cards),
                "played": list(s.played),
                "tricks": list(s.tricks),
                "pouches": list(s.pouches),
                "events": list(s.events),
            }
        )
        other = Prefa.__new__(Prefa)
        other._s = copy
        return other

    def _next(self, seat: int) -> int:
        return (seat + self._s.options.step) % PLAYERS

    @property
    def first_defender(self) -> int | None:
        """The defender on the bidder's left (next in the direction of play)."""
        bidder = self._s.bidder
        return None if bidder is None else self._next(bidder)

    @property
    def second_defender(self) -> int | None:
        bidder = self._s.bidder
        return None if bidder is None else self._next(self._next(bidder))

    def _scored_tricks(self) -> int:
        """The contract's tricks as scored: "10's as 9's" scores a played-out 10 as a 9."""
        contract = self._s.contract
        assert contract is not None
        if self._s.options.tens_as_nines and contract.tricks == 10:
            return 9
        return contract.tricks

    def _bid_value(self) -> int:
        s = self._s
        assert s.contract is not None
        value = bid_value(s.contract, s.options.ten_no_trump)
        if s.aces and s.options.four_aces == "A":
            value += s.options.aces_amount
        return value

    # ----------------------------------------------------------------- legal moves

    def legal_actions(self, seat: int) -> list[Any]:
        """Every move `seat` may make now (empty when it is not their turn)."""
        s = self._s
        if seat != s.to_act:
            return []
        phase = s.phase
        if phase is Phase.PLAY:
            return [Play(card=c) for c in self._legal_cards(seat)]
        if phase is Phase.BIDDING:
            return self._bidding_moves(seat)
        if phase is Phase.KITTY:
            out: list[Any] = [Discard(cards=pair) for pair in combinations(sorted(s.hands[seat]), 2)]
            if s.tentative == seat:
                out.append(ThrowIn())
            return out
        if phase is Phase.CONTRACT:
            allowed = self._contracts()
            out = [Declare(contract=c) for c in allowed]
            if self._may_announce_aces(seat):
                out += [Declare(contract=c, aces=True) for c in allowed]
            if s.tentative == seat:
                out.append(ThrowIn())
            return out
        if phase is Phase.DEFENCE:
            stage = s.stage
            if stage in ("first", "second_in"):
                return [In(), Out()]
            if stage == "first_alone":
                return [Alone(), TakeYou()]
            if stage == "second_out":
                return [Out(), Alone(), TakeYou()]
            if stage == "counter":
                return [LetAlone(), TakeYou()]
        return []

    def _bidding_moves(self, seat: int) -> list[Any]:
        s = self._s
        ladder = scale(s.options.ten_no_trump)
        out: list[Any] = []
        nxt = 0 if s.high is None else s.high + 1
        if nxt < len(ladder):
            out.append(Bid(contract=ladder[nxt]))
        if self._may_be_good(seat):
            assert s.high is not None
            out.append(Good(contract=ladder[s.high]))
        if self._may_tentative(seat):
            out.append(Tentative())
        out.append(Pass())
        return out

    def _may_be_good(self, seat: int) -> bool:
        """The text: an equal bid ("I'm good for ...") only "when the player bidding entered
        the bidding process earlier than the player he or she is responding to"."""
        s = self._s
        if s.high is None or s.holder is None or s.holder == seat:
            return False
        mine, theirs = s.entered[seat], s.entered[s.holder]
        return mine is not None and theirs is not None and mine < theirs

    def _may_tentative(self, seat: int) -> bool:
        """Decision 17: one tentative bid a hand, and only before anyone has bid spades."""
        s = self._s
        return s.options.tentative and s.high is None and s.tentative is None

    def _contracts(self) -> list[Contract]:
        """The final contracts the bidder may announce: the bid won or anything higher
        (the text's "7 clubs" / "7 diamonds" example); a tentative taker any contract."""
        s = self._s
        ladder = scale(s.options.ten_no_trump)
        low = 0 if s.high is None else s.high
        return list(ladder[low:])

    def _may_announce_aces(self, seat: int) -> bool:
        s = self._s
        if s.options.four_aces == "off":
            return False
        return sum(1 for c in s.hands[seat] if c.rank == ACE) == 4

    def _legal_cards(self, seat: int) -> list[Card]:
        s = self._s
        led = s.trick_cards[0].suit if s.trick_cards else None
        trump = s.contract.trump if s.contract is not None else None
        return legal_cards(s.hands[seat], led, trump)

    # ----------------------------------------------------------------------- apply

    def apply(self, seat: int, action: Any) -> list[Event]:
        """Play `action` for `seat`. Raises a RuleError fit to show the player; nothing
        changes when it does."""
        s = self._s
        if not isinstance(action, _ActionTypes):
            action = _parse(action)
        if s.phase is Phase.OVER:
            raise IllegalAction(t("This hand is over."))
        check_turn(seat, self.awaiting, s.seats)
        before = len(s.events)
        phase = s.phase
        if phase is Phase.PLAY:
            if not isinstance(action, Play):
                raise IllegalAction(t("Play a card to the trick."))
            self._play(seat, action.card)
        elif phase is Phase.BIDDING:
            self._bidding(seat, action)
        elif phase is Phase.KITTY:
            self._kitty(seat, action)
        elif phase is Phase.CONTRACT:
            self._declare(seat, action)
        else:
            self._defend(seat, action)
        return s.events[before:]

    # ---- bidding

    def _bidding(self, seat: int, action: Any) -> None:
        s = self._s
        name = s.seats[seat]
        ladder = scale(s.options.ten_no_trump)
        if isinstance(action, Bid):
            nxt = 0 if s.high is None else s.high + 1
            if nxt >= len(ladder):
                raise IllegalAction(
                    t("Nothing is higher than {bid}; say good or pass.", bid=contract_said(ladder[-1]))
                )
            if action.contract != ladder[nxt]:
                # Decision 16: "Each bid must be one higher than the previous bid".
                raise IllegalAction(
                    t(
                        "Each bid is one step up the scale: the next bid is {bid}.",
                        bid=contract_said(ladder[nxt]),
                    )
                )
            s.high, s.holder = nxt, seat
            if s.entered[seat] is None:
                s.entered[seat] = sum(1 for e in s.entered if e is not None)
            s.sheet.append(Call(seat=seat, call="bid", contract=action.contract))
            s.events.append(
                new_event("bid", t("{player}: {bid}.", player=name, bid=contract_said(action.contract)), seat)
            )
            if s.tentative is not None and s.tentative != seat:
                # The text: once someone "wants it", the tentative bid counts as a pass.
                other = s.tentative
                s.passed[other] = True
                s.tentative = None
                s.events.append(
                    new_event(
                        "pass",
                        t("{player}'s tentative bid now counts as a pass.", player=s.seats[other]),
                        other,
                    )
                )
        elif isinstance(action, Good):
            if not self._may_be_good(seat):
                raise IllegalAction(
                    t(
                        'You can say "I\'m good" only to a bid made by someone who entered the bidding after you.'  # noqa: E501
                    )
                )
            assert s.high is not None
            if action.contract != ladder[s.high]:
                raise IllegalAction(
                    t('"I\'m good" holds the current bid, {bid}.', bid=contract_said(ladder[s.high]))
                )
            s.holder = seat
            s.sheet.append(Call(seat=seat, call="good", contract=action.contract))
            s.events.append(
                new_event(
                    "good",
                    t("{player}: I'm good (for {bid}).", player=name, bid=contract_said(action.contract)),
                    seat,
                )
            )
        elif isinstance(action, Tentative):
            if not self._may_tentative(seat):
                if not s.options.tentative:
                    raise IllegalAction(t("This table doesn't play the tentative bid."))
                raise IllegalAction(t("A tentative bid is only possible once, before anyone has bid."))
            s.tentative = seat
            s.sheet.append(Call(seat=seat, call="tentative"))
            s.events.append(
                new_event(
                    "tentative", t("{player}: I'll take it, if nobody else wants it.", player=name), seat
                )
            )
        elif isinstance(action, Pass):
            s.passed[seat] = True
            s.sheet.append(Call(seat=seat, call="pass"))
            s.events.append(new_event("pass", t("{player} passes.", player=name), seat))
        else:
            raise IllegalAction(t("It's the bidding: bid, pass, or say you're good."))
        self._after_call(seat)

    def _after_call(self, seat: int) -> None:
        s = self._s
        live = [i for i in range(PLAYERS) if not s.passed[i]]
        if not live:
            s.events.append(new_event("thrown_in", t("Everyone passed: the cards are thrown in.")))
            self._finish("thrown_in", (), None)
            return
        if len(live) == 1:
            last = live[0]
            if s.holder == last or s.tentative == last:
                self._take(last)
                return
        for step in range(1, PLAYERS + 1):
            nxt = (seat + s.options.step * step) % PLAYERS
            if not s.passed[nxt] and nxt != s.tentative:
                s.to_act = nxt
                return
        raise AssertionError("bidding has nobody to act")  # pragma: no cover

    def _take(self, seat: int) -> None:
        s = self._s
        s.bidder = seat
        s.hands[seat].extend(s.kitty)
        s.phase = Phase.KITTY
        s.to_act = seat
        if s.tentative == seat:
            text = t("Nobody else wants it: {player} takes the bid and the kitty.", player=s.seats[seat])
        else:
            assert s.high is not None
            won = scale(s.options.ten_no_trump)[s.high]
            text = t(
                "{player} wins the bidding with {bid} and picks up the kitty.",
                player=s.seats[seat],
                bid=contract_said(won),
            )
        s.events.append(new_event("take", text, seat))

    # ---- the kitty and the contract

    def _kitty(self, seat: int, action: Any) -> None:
        s = self._s
        if isinstance(action, ThrowIn):
            self._throw_in(seat)
            return
        if not isinstance(action, Discard):
            raise IllegalAction(t("Discard two cards from your hand first."))
        a, b = action.cards
        hand = s.hands[seat]
        if a == b or a not in hand or b not in hand:
            raise IllegalAction(t("Discard two different cards from your hand."))
        hand.remove(a)
        hand.remove(b)
        s.discards = [a, b]
        s.phase = Phase.CONTRACT
        s.events.append(new_event("discard", t("{player} discards two cards.", player=s.seats[seat]), seat))

    def _declare(self, seat: int, action: Any) -> None:
        s = self._s
        if isinstance(action, ThrowIn):
            self._throw_in(seat)
            return
        if not isinstance(action, Declare):
            raise IllegalAction(t("Announce your final contract."))
        allowed = self._contracts()
        if action.contract not in allowed:
            won = allowed[0]
            raise IllegalAction(
                t("Your contract must be {bid} or higher on the scale.", bid=contract_said(won))
            )
        if action.aces and not self._may_announce_aces(seat):
            if s.options.four_aces == "off":
                raise IllegalAction(t("This table doesn't play the four aces."))
            raise IllegalAction(t("You can announce four aces only when you hold all four."))
        try:
            rank(action.contract, s.options.ten_no_trump)
        except ValueError as error:
            raise IllegalAction(
                t("{bid} is not a bid at this table.", bid=contract_said(action.contract))
            ) from error
        s.contract = action.contract
        s.aces = action.aces
        first, second = self.first_defender, self.second_defender
        assert first is not None and second is not None
        d1, d2 = duties(self._scored_tricks())
        said: dict[str, Arg] = dict(
            player=s.seats[seat],
            bid=contract_said(action.contract),
            value=self._bid_value(),
            first=s.seats[first],
            d1=tricks_of(d1),
            second=s.seats[second],
            d2=tricks_of(d2),
        )
        if action.aces:
            text = t(
                "{player} announces {bid} (worth {value} a trick) and shows four aces. "
                "{first} must take {d1} and {second} {d2} if both play.",
                **said,
            )
        else:
            text = t(
                "{player} announces {bid} (worth {value} a trick). "
                "{first} must take {d1} and {second} {d2} if both play.",
                **said,
            )
        s.events.append(new_event("contract", text, seat))
        s.phase = Phase.DEFENCE
        s.stage = "first"
        s.to_act = first

    def _throw_in(self, seat: int) -> None:
        s = self._s
        if s.tentative != seat:
            raise IllegalAction(t("Only a tentative bidder may throw the hand in; announce a contract."))
        s.events.append(
            new_event(
                "thrown_in",
                t(
                    "{player} can't make even 6 spades and throws the hand in: "
                    "{points} to their pouch and {chips} to each other player.",
                    player=s.seats[seat],
                    points=points_of(TENTATIVE_POINTS),
                    chips=chips_of(TENTATIVE_CHIPS),
                ),
                seat,
            )
        )
        # Decision 18: "each other player" includes the one sitting out.
        payments = tuple(
            Payment(payer=seat, payee=p, chips=TENTATIVE_CHIPS, reason="tentative throw-in")
            for p in range(self.parties)
            if p != seat
        )
        change = [0] * self.parties
        change[seat] = TENTATIVE_POINTS
        self._finish("tentative_thrown_in", payments, None, pouch_change=change)

    # ---- the defence

    def _defend(self, seat: int, action: Any) -> None:
        s = self._s
        if not any(isinstance(action, type(a)) for a in self.legal_actions(seat)):
            raise IllegalAction(self._defence_prompt())
        kind = action.kind
        s.defence[seat] = kind
        first, second = self.first_defender, self.second_defender
        assert first is not None and second is not None
        name = s.seats[seat]
        words = call_said(kind, counter=s.stage == "counter")
        s.events.append(new_event(kind, t("{player}: {words}", player=name, words=words), seat))
        stage = s.stage
        if stage == "first":
            s.stage, s.to_act = ("second_in" if kind == "in" else "second_out"), second
        elif stage == "second_in":
            if kind == "in":
                self._start_play("own", None, None)
            else:
                s.stage, s.to_act = "first_alone", first
        elif stage == "first_alone":
            if kind == "alone":
                self._start_play("alone", first, None)
            else:
                self._start_play("invited", first, second)
        elif stage == "second_out":
            if kind == "out":
                self._both_out()
            elif kind == "take_you":
                self._start_play("invited", second, first)
            elif s.options.counter_invitation:
                s.stage, s.to_act = "counter", first
            else:
                self._start_play("alone", second, None)
        elif stage == "counter":
            if kind == "take_you":
                # The text: "It plays out exactly as though only the second defender had
                # dropped out and the first defender invited him/her back in to play."
                self._start_play("invited", first, second)
            else:
                self._start_play("alone", second, None)

    def _defence_prompt(self) -> Msg:
        stage = self._s.stage
        if stage in ("first", "second_in"):
            return t("Say whether you're in or out.")
        if stage == "first_alone":
            return t("The other defender is out: go it alone, or take them with you.")
        if stage == "second_out":
            return t("The other defender is out: you're out too, go it alone, or take them with you.")
        return t("Let the other defender go it alone, or take them with you.")

    def _start_play(self, mode: Mode, active: int | None, invited: int | None) -> None:
        s = self._s
        s.mode, s.active, s.invited = mode, active, invited
        bidder = s.bidder
        assert bidder is not None
        if mode == "alone":
            assert active is not None
            s.playing = [seat for seat in range(PLAYERS) if seat in (bidder, active)]
            s.events.append(
                new_event(
                    "defence",
                    t(
                        "{player} defends alone and must take {duty}.",
                        player=s.seats[active],
                        duty=tricks_of(lone_duty(self._scored_tricks())),
                    ),
                    active,
                )
            )
        else:
            s.playing = list(range(PLAYERS))
            if mode == "invited":
                assert active is not None and invited is not None
                s.events.append(
                    new_event(
                        "defence",
                        t(
                            "{invited} plays on behalf of {active}; together they must take {duty}.",
                            invited=s.seats[invited],
                            active=s.seats[active],
                            duty=tricks_of(sum(duties(self._scored_tricks()))),
                        ),
                        active,
                    )
                )
        # The text: "If the eldest hand has dropped out, the first lead passes to the next
        # player clockwise."
        lead = s.eldest
        while lead not in s.playing:
            lead = self._next(lead)
        s.phase = Phase.PLAY
        s.leader = s.to_act = lead

    def _both_out(self) -> None:
        s = self._s
        s.mode = "both_out"
        self._score()

    # ---- the play

    def _play(self, seat: int, card: Card) -> None:
        s = self._s
        hand = s.hands[seat]
        if card not in hand:
            raise IllegalAction(t("You can only play a card from your hand."))
        trump = s.contract.trump if s.contract is not None else None
        if s.trick_cards:
            led = s.trick_cards[0].suit
            if card.suit != led:
                if any(c.suit == led for c in hand):
                    raise IllegalAction(t("You must follow suit."))
                if trump is not None and card.suit != trump and any(c.suit == trump for c in hand):
                    raise IllegalAction(t("You can't follow suit, so you must play a trump."))
        hand.remove(card)
        s.trick_seats.append(seat)
        s.trick_cards.append(card)
        if len(s.trick_cards) < len(s.playing):
            nxt = self._next(seat)
            while nxt not in s.playing:
                nxt = self._next(nxt)
            s.to_act = nxt
            s.events.append(
                new_event("play", t("{player} plays {card}.", player=s.seats[seat], card=card), seat)
            )
            return
        won = s.trick_seats[trick_winner(s.trick_cards, trump)]
        s.tricks[won] += 1
        assert s.leader is not None
        done = Trick(leader=s.leader, seats=tuple(s.trick_seats), cards=tuple(s.trick_cards), winner=won)
        s.played.append(done)
        s.trick_seats = []
        s.trick_cards = []
        s.events.append(
            new_event(
                "trick",
                t(
                    "{player} plays {card}; {winner} takes the trick.",
                    player=s.seats[seat],
                    card=card,
                    winner=s.seats[won],
                ),
                won,
            )
        )
        if len(s.played) == TRICKS:
            self._score()
        else:
            s.leader = s.to_act = won

    # ---- scoring

    def _ring_after(self, party: int) -> list[int]:
        """Every other party in the direction of play from `party`; the player sitting out
        sits in the dealer's place, just before the eldest hand. The ring is the seating's:
        the holder of the 7 who opens a "seven opens" first hand bids in the eldest hand's
        place but does not move anyone round the table (decision 11)."""
        s = self._s
        start = s.eldest if s.seated_eldest is None else s.seated_eldest
        ring = [(start + s.options.step * i) % PLAYERS for i in range(PLAYERS)]
        if s.sitter is not None:
            ring.append(PLAYERS)
        at = ring.index(party)
        return ring[at + 1 :] + ring[:at]

    def _score(self) -> None:
        s = self._s
        bidder, mode = s.bidder, s.mode
        assert bidder is not None and mode is not None and s.contract is not None
        first, second = self.first_defender, self.second_defender
        assert first is not None and second is not None
        bonus = s.options.aces_amount if s.aces and s.options.four_aces == "B" else 0
        score = score_hand(
            mode=mode,
            contract_tricks=self._scored_tricks(),
            bid_value=self._bid_value(),
            bidder=bidder,
            first=first,
            second=second,
            tricks=s.tricks,
            active=s.active,
            sitter=PLAYERS if s.sitter is not None else None,
            aces_bonus=bonus,
            parties=self.parties,
        )
        change = [0] * self.parties
        change[bidder] = score.bidder_pouch
        kind: Literal["played", "both_out"] = "both_out" if mode == "both_out" else "played"
        self._finish(kind, score.payments, score, pouch_change=change)

    def _finish(
        self,
        kind: Literal["played", "both_out", "thrown_in", "tentative_thrown_in", "redeal"],
        payments: Sequence[Payment],
        score: Any,
        pouch_change: Sequence[int] | None = None,
    ) -> None:
        s = self._s
        parties = self.parties
        before = tuple(s.pouches)
        after = before
        paid = list(payments)
        if pouch_change is not None:
            party = next((p for p, d in enumerate(pouch_change) if d), None)
            if party is not None:
                after, overflow = pour(before, party, pouch_change[party], self._ring_after(party))
                paid += overflow
        change = tuple(a - b for a, b in zip(after, before, strict=True))
        next_dealer = None
        if s.options.seven_opens and s.first_hand and kind != "redeal":
            next_dealer = s.eldest
        contract = s.contract
        result = PrefaResult(
            kind=kind,
            bidder=s.bidder,
            contract=contract,
            bid_value=self._bid_value() if contract is not None else 0,
            scored_tricks=self._scored_tricks() if contract is not None else None,
            aces=s.aces,
            mode=s.mode,
            scenario=score.scenario if score is not None else kind.replace("_", " "),
            made=score.made if score is not None else None,
            tricks=tuple(s.tricks),
            pouch_before=before,
            pouch_change=change,
            pouch_after=after,
            payments=tuple(paid),
            chips=nets(paid, parties),
            next_dealer=next_dealer,
        )
        s.result = result
        s.phase = Phase.OVER
        s.to_act = None
        if kind in ("played", "both_out"):
            s.events.append(new_event("result", self._summary(), s.bidder))

    def _name(self, party: int) -> str:
        s = self._s
        if party < PLAYERS:
            return s.seats[party]
        assert s.sitter is not None
        return s.sitter

    def _summary(self) -> Msg:
        s = self._s
        result = s.result
        if result is None:
            return t("The hand is not over.")
        if result.kind == "redeal":
            return t("The 7 of spades was in the kitty: the same dealer deals again.")
        if result.kind == "thrown_in":
            return t("Everyone passed: the cards are thrown in and the deal passes on.")
        bidder = result.bidder
        assert bidder is not None
        name = s.seats[bidder]
        if result.kind == "tentative_thrown_in":
            return t(
                "{player} threw the hand in: {points} to their pouch.",
                player=name,
                points=points_of(TENTATIVE_POINTS),
            )
        assert result.contract is not None
        parts: list[Msg] = []
        bid = contract_said(result.contract)
        if result.kind == "both_out":
            parts.append(t("Both defenders are out: {player} makes {bid}", player=name, bid=bid))
        else:
            parts.append(
                t(
                    "{player} takes {tricks} on {bid}: {scenario}",
                    player=name,
                    tricks=tricks_of(result.tricks[bidder]),
                    bid=bid,
                    scenario=scenario_said(result.scenario),
                )
            )
        change = result.pouch_change[bidder]
        if change > 0:
            parts.append(t("+{n} to {player}'s pouch", n=change, player=name))
        elif change:
            parts.append(t("{n} to {player}'s pouch", n=change, player=name))
        for p in result.payments:
            parts.append(
                t(
                    "{payer} pays {payee} {chips}",
                    payer=self._name(p.payer),
                    payee=self._name(p.payee),
                    chips=chips_of(p.chips),
                )
            )
        said = parts[0]
        for part in parts[1:]:
            said = t("{first}; {then}", first=said, then=part)
        return t("{said}.", said=said)

    @property
    def outcome(self) -> Outcome | None:
        """Set once the hand is over, indexed by party (the sitter at 3): each party's chips
        paid and received; `net(party)` is its chip result. Pouch points are in `result`."""
        s = self._s
        result = s.result
        if result is None:
            return None
        parties = self.parties
        paid_in = [0] * parties
        paid_out = [0] * parties
        for p in result.payments:
            paid_in[p.payer] += p.chips
            paid_out[p.payee] += p.chips
        winners = tuple(p for p in range(parties) if result.chips[p] > 0)
        said = self._summary()
        return Outcome(
            winners=winners,
            paid_in=tuple(paid_in),
            paid_out=tuple(paid_out),
            said=said,
        )

    # ------------------------------------------------------------------------ view

    def _duties(self) -> tuple[int | None, ...]:
        s = self._s
        out: list[int | None] = [None] * PLAYERS
        if s.contract is None:
            return tuple(out)
        first, second = self.first_defender, self.second_defender
        assert first is not None and second is not None
        k = self._scored_tricks()
        if s.mode in (None, "own"):
            out[first], out[second] = duties(k)
        elif s.mode == "alone":
            assert s.active is not None
            out[s.active] = lone_duty(k)
        elif s.mode == "invited":
            assert s.active is not None
            out[s.active] = sum(duties(k))
        return tuple(out)

    def view(self, seat: int | None) -> PrefaView:
        s = self._s
        mine = seat is not None and 0 <= seat < PLAYERS
        bidder_view = mine and seat == s.bidder
        over = s.phase is Phase.OVER
        ladder = scale(s.options.ten_no_trump)
        return PrefaView(
            seats=tuple(s.seats),
            sitter=s.sitter,
            options=s.options,
            you=seat,
            phase=s.phase,
            dealer=s.dealer,
            eldest=s.eldest,
            to_act=s.to_act,
            sheet=tuple(s.sheet),
            bid=None if s.high is None else ladder[s.high],
            holder=s.holder,
            passed=tuple(s.passed),
            tentative=s.tentative,
            bidder=s.bidder,
            contract=s.contract,
            bid_value=self._bid_value() if s.contract is not None else 0,
            aces=s.aces,
            defence=tuple(s.defence),
            mode=s.mode,
            active=s.active,
            invited=s.invited,
            duties=self._duties(),
            playing=tuple(s.playing),
            hand=tuple(sorted(s.hands[seat])) if mine and seat is not None else None,
            hand_sizes=tuple(len(h) for h in s.hands),
            kitty=tuple(s.kitty) if bidder_view and s.phase is Phase.KITTY else None,
            discards=tuple(s.discards) if bidder_view and s.discards else None,
            trick=tuple(zip(s.trick_seats, s.trick_cards, strict=True)),
            leader=s.leader,
            last_trick=s.played[-1] if s.played else None,
            played=tuple(s.played),
            tricks=tuple(s.tricks),
            pouches=tuple(s.pouches),
            result=s.result,
            commitment=s.commitment,
            seed=s.seed if over else None,
        )

    # ------------------------------------------------------------------------ json

    def to_json(self) -> dict[str, Any]:
        return self._s.model_dump(mode="json")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore a saved hand. Raises BadSetup if it is damaged or not a Prefa hand."""
        state = SAVED.read(_State, data, GAME_ID, (JSON_FORMAT,), context=_CARDS)
        if _malformed(state):
            raise SAVED.damaged()
        held = [c for hand in state.hands for c in hand] + state.kitty * (state.bidder is None)
        held += state.discards + state.trick_cards + [c for t in state.played for c in t.cards]
        if not PREFA_32.each_once(held) or not PREFA_32.each_once(state.order):
            raise SAVED.cards_missing(32)
        if deal_commitment(state.seed, state.order) != state.commitment:
            raise SAVED.deal_unmatched()
        self = cls.__new__(cls)
        self._s = state
        return self


def _malformed(s: _State) -> bool:
    """Shapes and numbers no real hand has."""
    seats = range(PLAYERS)
    parties = PLAYERS + (s.sitter is not None)
    optional = [s.to_act, s.holder, s.tentative, s.bidder, s.active, s.invited, s.leader, s.dealer]
    lengths: list[Sequence[object]] = [s.hands, s.passed, s.entered, s.defence, s.tricks]
    return (
        len(s.seats) != PLAYERS
        or len(s.order) != len(DECK)
        or len(s.pouches) != parties
        or min(s.pouches) < 0
        or any(len(items) != PLAYERS for items in lengths)
        or len(s.kitty) != KITTY
        or s.eldest not in seats
        or (s.seated_eldest is not None and s.seated_eldest not in seats)
        or (s.dealer is None) != (s.sitter is not None)
        or any(seat is not None and seat not in seats for seat in optional)
        or any(seat not in seats for seat in [*s.playing, *s.trick_seats])
        or len(s.trick_seats) != len(s.trick_cards)
        or len(s.played) > TRICKS
        or (s.phase is Phase.OVER) != (s.to_act is None)
        or (s.phase is Phase.OVER) != (s.result is not None)
        or (s.phase in (Phase.KITTY, Phase.CONTRACT, Phase.DEFENCE, Phase.PLAY) and s.bidder is None)
        or (s.phase in (Phase.DEFENCE, Phase.PLAY) and s.contract is None)
        or (s.result is not None and len(s.result.chips) != parties)
        or (s.high is not None and s.high >= len(scale(s.options.ten_no_trump)))
    )


def _parse(action: Any) -> Any:
    if isinstance(action, Mapping):
        try:
            return _ACTIONS.validate_python(action, context=_CARDS)
        except ValidationError:
            pass
    raise IllegalAction(t("That is not a Prefa move."))
