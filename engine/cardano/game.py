"""Primero under Girolamo Cardano's Milanese rules, as a pure state machine.

Two cards each, an invitation, changes of cards two at a time until somebody closes a
four-card combination or declares a point with the vie; the vie's betting, a last change,
a final betting round and the showdown; in three cases the loser may challenge the winner
to a final duel for half of the pot.

Rule decisions cite `primero-cardano-milanese.txt` ("the text") and are numbered as in
docs/RULES.md ("Primero (Cardano's Milanese rules)"). Seats are in table order and "left"
is the next seat; the game goes counter-clockwise, to the right: it starts with the player
on the dealer's right and the dealer is last. `order` lists the deck from the bottom card
up, and cards are dealt from the bottom (the text: "Dealer extracted the cards from the
bottom of the deck and dealt anti-clockwise two cards at a time").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from fractions import Fraction
from itertools import combinations
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from engine.cardano.hands import (
    FIFTY_FIVE,
    FLUSH,
    FOUR,
    FOUR_CARD,
    POINT,
    PRIMERO,
    Key,
    a_kind,
    all_forms,
    best_three,
    describe,
    flush_attempt,
    hand_said,
    holds,
    kind_said,
    primero_attempt,
    restrained,
    statements,
    strength,
    t,
    tn,
    undeclared,
)
from engine.core.cards import PRIMERO_40, Card
from engine.core.errors import BadSetup, IllegalAction, RuleError
from engine.core.game import Event, Outcome, new_event
from engine.core.msg import Arg, Join, Msg, english
from engine.core.rng import commitment as deal_commitment
from engine.core.rng import shuffled
from engine.core.saves import SavedHand
from engine.core.turns import check_turn
from engine.primero.hands import HandType

GAME_ID = "cardano"
SAVED = SavedHand("Cardano Primero")
"""How this game speaks of its saved hands (engine.core.saves)."""
JSON_FORMAT = 2
"""Format 2 (issue 19) adds every statement made (`stated`, `final_from`), who passed before
the invitation (`early`) and who may still pay it in the discard round (`may_pay`); format 1
hands still load, their statements rebuilt from the declarations standing."""
_FORMATS = (1, 2)
DEAL = 2
"""Cards dealt at a time ("two cards at a time to everyone")."""
MIN_PLAYERS, MAX_PLAYERS = 2, 5
DECK = PRIMERO_40.cards()
"""Decision 1: Primero's own 40 cards (no 8s, 9s or 10s), shared with the Bergamese game."""
_CARDS = {"deck": PRIMERO_40}

DUEL_CASES: dict[int, tuple[str, int, Fraction, Fraction]] = {
    1: ("a lesser point against a better point", 2, Fraction(1, 4), Fraction(1, 4)),
    2: ("a three-card primero attempt against a point", 1, Fraction(1, 6), Fraction(1, 3)),
    3: ("a three-card flush attempt against a hand below a flush", 2, Fraction(1, 8), Fraction(3, 8)),
}
"""The final duel's three cases: (what it is, cards the challenger draws, the challenger's
share, the dominant's share) — shares of the whole pot, paid before the draw (the text,
"Final duel" 1-3)."""
DUEL_SAID = {
    1: t("a lesser point against a better point"),
    2: t("a three-card primero attempt against a point"),
    3: t("a three-card flush attempt against a hand below a flush"),
}
"""The duel's cases as a player reads them (`DUEL_CASES`' first items)."""


def chips(n: int) -> Msg:
    """ "1 chip", "12 chips" in Cardano's own catalogue (the engine can't use the bot's)."""
    return tn("{n} chip", "{n} chips", n=n)


def _semi(parts: Sequence[Msg]) -> Msg:
    """Clauses joined with semicolons and closed with a full stop: "A; B; C."."""
    said = parts[0]
    for part in parts[1:]:
        said = t("{said}; {more}", said=said, more=part)
    return t("{said}.", said=said)


PHASE_NAMES = {
    "invitation": t("invitation"),
    "discard": t("discard"),
    "changes": t("changes"),
    "closing": t("closing"),
    "vie": t("vie"),
    "last change": t("last change"),
    "betting": t("betting"),
    "duel": t("duel"),
    "over": t("over"),
}
"""The phases as a player reads them."""


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card.short for card in cards)


# ------------------------------------------------------------------ options and actions


class CardanoOptions(BaseModel, frozen=True):
    """What a table agrees before play."""

    counter: int = Field(default=1, ge=1, le=100_000)
    """Chips in one counter, the invitation's unit."""
    vie: int = Field(default=2, ge=1, le=100)
    """The vie, the compulsory opening bet of a declaration, in counters (decision 14)."""
    primero_81: bool = False
    """Primero 81 (three sevens and a six) beats a flush like primero 79 (the text:
    "probably also primero 81")."""
    privilege_passes: bool = False
    """When the player on the dealer's right has folded, the mean-value privilege passes to
    the next player still in (the text: "It is not stated if these privileges passed")."""
    duel: bool = True
    """Play the final duel (the Milanese "tail")."""
    distributions: int = Field(default=4, ge=0, le=20)
    """Decision 25: once this many distributions of two cards have been dealt (the first two
    cards count), a round in which everybody passes ends in a showdown instead of another
    change; 0: no limit, changes go on while the deck allows (the text: "usually the discard
    and change session completed with three or four distributions")."""

    @property
    def vie_chips(self) -> int:
        return self.vie * self.counter


class Invite(BaseModel, frozen=True):
    """Invite: put one or two counters in the pot to keep the hand alive."""

    kind: Literal["invite"] = "invite"
    counters: Literal[1, 2] = 1


class Pay(BaseModel, frozen=True):
    """Pay the invitation (as it stands, doubled or not) to keep both your cards."""

    kind: Literal["pay"] = "pay"


class Double(BaseModel, frozen=True):
    """Double the invitation (once a hand)."""

    kind: Literal["double"] = "double"


class Pass(BaseModel, frozen=True):
    """Invitation: don't pay. Final betting round: bet nothing for now."""

    kind: Literal["pass"] = "pass"


class Change(BaseModel, frozen=True):
    """Discard these cards face up; everyone then gets two new cards."""

    kind: Literal["change"] = "change"
    discard: tuple[Card, ...] = ()


class Close(BaseModel, frozen=True):
    """Declare the four-card combination you hold (primero, flush, four of a kind)."""

    kind: Literal["close"] = "close"
    type: HandType


class Concede(BaseModel, frozen=True):
    """Let a closed combination (or the final duel) go."""

    kind: Literal["concede"] = "concede"


class Vie(BaseModel, frozen=True):
    """Declare a kind and open with the vie: the changes are over."""

    kind: Literal["vie"] = "vie"
    type: HandType


class Follow(BaseModel, frozen=True):
    """Pay what you owe (the vie, raises and any invitation you did not pay) and stay in,
    stating your combination: `type` None states the kind you hold; a lesser kind leaves a
    primero or flush undeclared, at the risk of the text's penalty (decision 21)."""

    kind: Literal["follow"] = "follow"
    type: HandType | None = None


class Raise(BaseModel, frozen=True):
    """Pay what you owe, declare a kind and raise by `amount` chips (up to your resto)."""

    kind: Literal["raise"] = "raise"
    type: HandType
    amount: int = Field(ge=1)


class Bid(BaseModel, frozen=True):
    """Final betting round: declare a kind and bet `amount` chips."""

    kind: Literal["bid"] = "bid"
    type: HandType
    amount: int = Field(ge=1)


class Fold(BaseModel, frozen=True):
    """Leave the hand; your cards are laid face up."""

    kind: Literal["fold"] = "fold"


class AllIn(BaseModel, frozen=True):
    """Put in your whole resto when it cannot cover what you owe; what others bet beyond it
    is played for in a separate pot."""

    kind: Literal["all_in"] = "all_in"
    type: HandType | None = None
    """The combination stated, as for `Follow`."""


class Duel(BaseModel, frozen=True):
    """Challenge the winner: discard as many cards as the case draws and draw them."""

    kind: Literal["duel"] = "duel"
    case: Literal[1, 2, 3]
    discard: tuple[Card, ...]


CardanoMove = (
    Invite | Pay | Double | Pass | Change | Close | Concede | Vie | Follow | Raise | Bid | Fold | AllIn | Duel
)
CardanoAction = Annotated[CardanoMove, Field(discriminator="kind")]
_ACTIONS: TypeAdapter[CardanoMove] = TypeAdapter(CardanoAction)


class Phase(StrEnum):
    INVITATION = "invitation"
    DISCARD = "discard"
    """Everyone discards after the invitation (non-payers one or two cards)."""
    CHANGES = "changes"
    CLOSING = "closing"
    """Somebody closed; the players after them may close too."""
    VIE = "vie"
    LAST_CHANGE = "last change"
    BETTING = "betting"
    DUEL = "duel"
    OVER = "over"


class DuelState(BaseModel, frozen=True):
    """The final duel, once offered or played."""

    challenger: int
    dominant: int
    cases: tuple[int, ...]
    """The cases open to the challenger."""
    case: int | None = None
    pot: int = 0
    """The pot the two finalists contend (chips only one of them could win are not in it)."""
    challenger_share: int = 0
    dominant_share: int = 0
    stake: int = 0
    """What the drawn card decides: the pot less both shares."""
    drawn: tuple[Card, ...] = ()
    winner: int | None = None


class Showing(BaseModel, frozen=True):
    seat: int
    cards: tuple[Card, ...]
    hand: str


class CardanoView(BaseModel, frozen=True):
    """Everything `you` may see (None = an onlooker)."""

    game_id: str = GAME_ID
    seats: tuple[str, ...]
    options: CardanoOptions
    you: int | None
    phase: Phase
    dealer: int
    to_act: int | None
    privileged: int | None
    """Who holds the mean-value privilege now (the player on the dealer's right)."""
    pot: int
    stacks: tuple[int, ...]
    paid: tuple[int, ...]
    folded: tuple[bool, ...]
    invitation: int
    """The invitation's stake in chips (0: none)."""
    inviter: int | None
    doubled: bool
    level: int
    """What each player still in must have paid in all to stay in."""
    owe: int | None
    declared: tuple[HandType | None, ...]
    """Each player's declared kind in the current betting."""
    bidder: int | None
    closers: tuple[int, ...]
    discards: tuple[tuple[Card, ...], ...]
    """Every card each player discarded, face up."""
    face_up: tuple[tuple[Card, ...] | None, ...]
    """Hands laid face up: folded, or shown."""
    hand_sizes: tuple[int, ...]
    deck_left: int
    hand: tuple[Card, ...] | None
    hand_value: str | None
    duel: DuelState | None
    showdown: tuple[Showing, ...] | None
    payouts: tuple[int, ...] | None
    winners: tuple[int, ...]
    commitment: str
    seed: int | None


# ------------------------------------------------------------------------------- state


class _State(BaseModel):
    game_id: str = GAME_ID
    format: int = JSON_FORMAT
    options: CardanoOptions
    seats: list[str]
    seed: int
    commitment: str
    order: list[Card]
    next: int = 0
    dealer: int
    phase: Phase
    queue: list[int] = []
    hands: list[list[Card]]
    discards: list[list[Card]]
    stacks: list[int]
    paid: list[int]
    folded: list[bool]
    shown: list[bool]
    invitation: int = 0
    inviter: int | None = None
    doubled: bool = False
    answered: bool = False
    """Somebody other than the inviter paid or doubled."""
    level: int = 0
    declared: list[HandType | None]
    bidder: int | None = None
    bet_open: bool = False
    closers: list[int] = []
    stated: list[tuple[int, HandType]] = []
    """Every statement made this hand, in order: (seat, kind) — closes, vies, follows,
    raises, bids and all-ins (decisions 17, 21)."""
    final_from: int = 0
    """Where the final betting's statements begin in `stated` (decision 22)."""
    early: list[int] = []
    """Who passed before anybody invited."""
    may_pay: list[int] = []
    """Who may still pay the whole invitation in the discard round to keep both cards
    (decision 12): an inviter or payer short of a double, or who passed before it existed."""
    duel: DuelState | None = None
    showdown: list[Showing] | None = None
    payouts: list[int] | None = None
    winners: list[int] = []
    summary: str = ""
    said: Msg | None = None
    """The summary as a message (`summary` is its English)."""
    events: list[Event] = []


class Cardano:
    """One hand of Cardano's Milanese Primero. Implements `engine.core.game.Game`."""

    game_id = GAME_ID
    __slots__ = ("_s",)
    _s: _State

    # ------------------------------------------------------------------------ set-up

    @classmethod
    def new(
        cls,
        options: CardanoOptions,
        seats: Sequence[str],
        seed: int,
        dealer: int = 0,
        stacks: Sequence[int] | None = None,
    ) -> Self:
        """Shuffle with `Random(seed)` and deal two cards each from the dealer's right."""
        return cls.new_from_order(options, seats, shuffled(DECK, seed), dealer, stacks, seed)

    @classmethod
    def new_from_order(
        cls,
        options: CardanoOptions,
        seats: Sequence[str],
        order: Sequence[Card],
        dealer: int = 0,
        stacks: Sequence[int] | None = None,
        seed: int = 0,
    ) -> Self:
        """Like `new`, with the deck listed from the bottom card up: the cards come off in
        that order, two to each player from the dealer's right, round after round."""
        count = len(seats)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise BadSetup(
                t("Cardano's Primero needs {least} to {most} players.", least=MIN_PLAYERS, most=MAX_PLAYERS)
            )
        if len(order) != len(DECK) or set(order) != set(DECK):
            raise BadSetup(t("Cardano's Primero is dealt from the 40-card deck (no 8s, 9s or 10s)."))
        if not 0 <= dealer < count:
            raise BadSetup(t("The dealer must be one of the seats."))
        start = [100 * options.counter] * count if stacks is None else list(stacks)
        if len(start) != count or any(not isinstance(c, int) or c < 0 for c in start):
            raise BadSetup(t("Every player needs a stack of zero chips or more."))
        s = _State(
            options=options,
            seats=list(seats),
            seed=seed,
            commitment=deal_commitment(seed, order),
            order=list(order),
            dealer=dealer,
            phase=Phase.INVITATION,
            hands=[[] for _ in seats],
            discards=[[] for _ in seats],
            stacks=start,
            paid=[0] * count,
            folded=[False] * count,
            shown=[False] * count,
            declared=[None] * count,
        )
        self = cls.__new__(cls)
        self._s = s
        self._deal()
        s.events.append(
            new_event(
                "deal",
                t("{dealer} deals two cards to each player from the bottom.", dealer=seats[dealer]),
                dealer,
            )
        )
        s.queue = self._round_from(dealer)
        return self

    # ----------------------------------------------------------------- table order

    def _right_of(self, seat: int) -> list[int]:
        """Every seat once, starting with `seat`'s right and ending with `seat`."""
        n = len(self._s.seats)
        return [(seat - step) % n for step in range(1, n + 1)]

    def _live(self) -> list[int]:
        return [seat for seat in range(len(self._s.seats)) if not self._s.folded[seat]]

    def _round_from(self, seat: int, can_bet: bool = False) -> list[int]:
        """Live seats in turn from `seat`'s right (with chips left, if `can_bet`)."""
        s = self._s
        return [i for i in self._right_of(seat) if not s.folded[i] and (not can_bet or s.stacks[i] > 0)]

    def _distance(self, seat: int) -> int:
        """0 for the dealer's right, growing to the right; the dealer is last."""
        n = len(self._s.seats)
        return (self._s.dealer - seat - 1) % n

    def _deal(self) -> None:
        s = self._s
        for seat in self._right_of(s.dealer):
            if not s.folded[seat]:
                s.hands[seat].extend(s.order[s.next : s.next + DEAL])
                s.next += DEAL

    def _deck_left(self) -> int:
        return len(self._s.order) - self._s.next

    def _can_deal(self) -> bool:
        return self._deck_left() >= DEAL * len(self._live())

    def distributions(self) -> int:
        """Distributions of two cards dealt so far, the first two cards included: every deal
        logs one "deal" event."""
        return sum(1 for event in self._s.events if event.kind == "deal")

    def _may_change_again(self) -> bool:
        """Whether a round in which everybody passed brings another change (decision 25):
        the deck can give everyone two more, and the table's bound is not reached."""
        limit = self._s.options.distributions
        return self._can_deal() and (limit == 0 or self.distributions() < limit)

    # -------------------------------------------------------------------- accessors

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def to_act(self) -> int | None:
        s = self._s
        return s.queue[0] if s.queue and s.phase is not Phase.OVER else None

    @property
    def awaiting(self) -> tuple[int, ...]:
        seat = self.to_act
        return () if seat is None else (seat,)

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self._s.seats)

    @property
    def options(self) -> CardanoOptions:
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
    def pot(self) -> int:
        s = self._s
        return sum(s.paid) if s.payouts is None else 0

    @property
    def chips_held(self) -> int:
        """Every chip the hand holds: the stacks and the pot (what `view(None)` shows, added
        up without building it)."""
        return sum(self._s.stacks) + self.pot

    def privileged(self) -> int | None:
        """The player on the dealer's right holds the privilege; if they folded it is lost,
        or (table option) passes to the next player still in (decision 10)."""
        s = self._s
        first = self._right_of(s.dealer)[0]
        if not s.folded[first]:
            return first
        if s.options.privilege_passes:
            live = self._round_from(s.dealer)
            return live[0] if live else None
        return None

    def owe(self, seat: int) -> int:
        s = self._s
        return max(0, s.level - s.paid[seat])

    # -------------------------------------------------------------- legal actions

    def _discards(self, seat: int, least: int, most: int) -> list[tuple[Card, ...]]:
        hand = sorted(self._s.hands[seat])
        out: list[tuple[Card, ...]] = []
        for size in range(least, min(most, len(hand)) + 1):
            out += list(combinations(hand, size))
        return out

    def _change_range(self, seat: int) -> tuple[int, int]:
        """(least, most) cards `seat` may discard now."""
        s = self._s
        held = len(s.hands[seat])
        if s.phase is Phase.DISCARD:
            # Decision 12: a player who did not pay the whole invitation discards one or two.
            paid = s.invitation > 0 and s.paid[seat] >= s.invitation
            return (0 if paid else 1, DEAL)
        if not self._can_deal():
            return (0, 0)  # decision 16: the deck is spent, no more changes
        if s.phase is Phase.CHANGES and not self._may_change_again():
            return (0, 0)  # decision 25: the last round of changes brings no new cards
        # "discard to remain with three cards" (3.1), one or two at a time.
        return (max(0, held - 3), DEAL)

    def _raise_room(self, seat: int) -> int:
        """The most a raise or bid may add: the resto, or the vie for a 55 or four of a
        kind (decision 19)."""
        s = self._s
        room = s.stacks[seat] - self.owe(seat)
        if restrained(s.hands[seat]):
            room = min(room, s.options.vie_chips if s.phase is Phase.BETTING and not s.bet_open else 0)
        return max(0, room)

    def _before(self, seat: int, kind: HandType) -> bool:
        """Somebody other than `seat` has stated `kind` this hand."""
        return any(i != seat and k == kind for i, k in self._s.stated)

    def _honest(self, seat: int) -> list[HandType]:
        """The kinds `seat` may state honestly now, lowest first (decision 17): the best kind
        held, and a 55 or four of a kind as a primero (four of a kind also as a flush) only
        after somebody else stated that kind (the text: "if somebody declared primero
        before it"; "after a similar declaration was stated by somebody else")."""
        return statements(self._s.hands[seat], self._before(seat, PRIMERO), self._before(seat, FLUSH))

    def _declarable(self, seat: int, honest_only: tuple[HandType, ...] = ()) -> list[HandType]:
        """Kinds `seat` may declare with the vie, a raise or a bid: never less than the hand
        holds (decision 17); kinds in `honest_only` only when held."""
        hand = self._s.hands[seat]
        least = self._honest(seat)[0]
        return [k for k in HandType if k >= least and (k not in honest_only or holds(hand, k))]

    def _follow_statements(self, seat: int) -> list[HandType]:
        """Kinds a follower may state (decision 21): the honest ones, and — since the text
        punishes "an undeclared possession of a primero or a flush" rather than forbidding
        it outright — any lesser kind that leaves a primero or flush held undeclared."""
        honest = self._honest(seat)
        sanctioned = undeclared(self._s.hands[seat], None)
        lesser = [k for k in HandType if sanctioned is not None and k < sanctioned]
        return sorted({*honest, *lesser})

    def _closable(self, seat: int) -> list[HandType]:
        """The four-card combinations `seat` may close: those held, four of a kind as a
        primero only once somebody closed a primero (decision 17)."""
        held = all_forms(self._s.hands[seat])
        primero_ok = FOUR not in held or self._before(seat, PRIMERO)
        return [k for k in FOUR_CARD if k in held and (k != PRIMERO or primero_ok)]

    def legal_actions(self, seat: int) -> list[CardanoMove]:
        """Every move open to `seat`. Raises and bids are listed at one chip and at the most
        allowed; every amount in between is legal too."""
        s = self._s
        if seat != self.to_act:
            return []
        out: list[CardanoMove] = []
        phase = s.phase
        if phase is Phase.INVITATION:
            if s.invitation == 0:
                out += [Invite(counters=1), Invite(counters=2)]
            else:
                if s.stacks[seat] >= s.invitation and seat != s.inviter:
                    out.append(Pay())
                if not s.doubled and s.stacks[seat] >= 2 * s.invitation and seat != s.inviter:
                    out.append(Double())
            out.append(Pass())
            return [a for a in out if self._allowed(seat, a)]
        if phase in (Phase.DISCARD, Phase.CHANGES, Phase.LAST_CHANGE):
            if phase is Phase.DISCARD and self._allowed(seat, Pay()):
                out.append(Pay())
            least, most = self._change_range(seat)
            out += [Change(discard=d) for d in self._discards(seat, least, most)]
            if phase is Phase.CHANGES:
                if len(s.hands[seat]) >= 4:
                    out += [Close(type=k) for k in self._closable(seat)]
                if s.stacks[seat] >= self._vie_cost(seat):
                    out += [Vie(type=k) for k in self._declarable(seat, (PRIMERO, FOUR))]
            return out
        if phase is Phase.CLOSING:
            out += [Close(type=k) for k in self._closable(seat)]
            return [*out, Concede()]
        if phase in (Phase.VIE, Phase.BETTING):
            owe = self.owe(seat)
            if phase is Phase.BETTING and not s.bet_open:
                out.append(Pass())
                room = self._raise_room(seat)
                if room >= 1:
                    for k in self._declarable(seat):
                        out += [Bid(type=k, amount=a) for a in sorted({1, room})]
            else:
                # A plain follow states the kind held; other statements are listed after it.
                top = self._honest(seat)[-1]
                stated = [None, *(k for k in self._follow_statements(seat) if k != top)]
                if s.stacks[seat] >= owe:
                    out += [Follow(type=k) for k in stated]
                room = self._raise_room(seat)
                if room >= 1:
                    for k in self._declarable(seat):
                        out += [Raise(type=k, amount=a) for a in sorted({1, room})]
                if s.stacks[seat] < owe:
                    out += [AllIn(type=k) for k in stated]
            out.append(Fold())
            return out
        if phase is Phase.DUEL:
            duel = s.duel
            assert duel is not None
            for case in duel.cases:
                draw = DUEL_CASES[case][1]
                out += [Duel(case=case, discard=d) for d in self._discards(seat, draw, draw)]  # type: ignore[arg-type]
            return [*out, Concede()]
        return out

    def _vie_cost(self, seat: int) -> int:
        s = self._s
        return max(0, s.invitation + s.options.vie_chips - s.paid[seat])

    def _allowed(self, seat: int, action: CardanoMove) -> bool:
        try:
            self._check(seat, action)
        except RuleError:
            return False
        return True

    # ----------------------------------------------------------------------- apply

    def apply(self, seat: int, action: Any) -> list[Event]:
        """Play `action` for `seat`; raises a RuleError (nothing changed) if it is not legal."""
        s = self._s
        if not isinstance(action, BaseModel):
            action = _parse(action)
        if s.phase is Phase.OVER:
            raise IllegalAction(t("This hand is over."))
        check_turn(seat, self.awaiting, s.seats)
        self._check(seat, action)
        before = len(s.events)
        handler: Callable[[int, Any], None] = getattr(self, f"_do_{action.kind}")
        handler(seat, action)
        return s.events[before:]

    def _check(self, seat: int, action: Any) -> None:
        s = self._s
        phase = s.phase
        kind = getattr(action, "kind", None)
        allowed = {
            Phase.INVITATION: {"invite", "pay", "double", "pass"},
            Phase.DISCARD: {"change", "pay"},
            Phase.CHANGES: {"change", "close", "vie"},
            Phase.CLOSING: {"close", "concede"},
            Phase.VIE: {"follow", "raise", "fold", "all_in"},
            Phase.LAST_CHANGE: {"change"},
            Phase.BETTING: {"pass", "bid", "follow", "raise", "fold", "all_in"},
            Phase.DUEL: {"duel", "concede"},
        }[phase]
        if kind not in allowed:
            raise IllegalAction(t("That move isn't open now ({phase}).", phase=PHASE_NAMES[phase.value]))
        hand = s.hands[seat]
        if isinstance(action, Invite):
            if s.invitation:
                raise IllegalAction(t("There is already an invitation: pay it, double it or pass."))
            if s.stacks[seat] < action.counters * s.options.counter:
                raise IllegalAction(t("You don't have the chips for that invitation."))
        elif isinstance(action, Pay) and phase is Phase.DISCARD:
            # Decision 12: "if you wanted to keep both cards you had to pay the total stakes".
            if seat not in s.may_pay:
                raise IllegalAction(
                    t(
                        "Only a player short of a doubled invitation they invited or paid, or who "
                        "passed before it was made, may pay it now."
                    )
                )
            if s.stacks[seat] < s.invitation - s.paid[seat]:
                raise IllegalAction(t("You don't have the chips for that."))
        elif isinstance(action, Pay | Double):
            if not s.invitation or seat == s.inviter:
                raise IllegalAction(t("There is no invitation of someone else's to answer."))
            if isinstance(action, Double) and s.doubled:
                raise IllegalAction(t("The invitation can be doubled only once."))
            cost = s.invitation * (2 if isinstance(action, Double) else 1) - s.paid[seat]
            if s.stacks[seat] < cost:
                raise IllegalAction(t("You don't have the chips for that."))
        elif isinstance(action, Pass):
            if phase is Phase.BETTING and s.bet_open:
                raise IllegalAction(t("There is a bet: follow it, raise or fold."))
        elif isinstance(action, Change | Duel):
            discard = action.discard
            if len(set(discard)) != len(discard) or any(card not in hand for card in discard):
                raise IllegalAction(t("You can only discard cards you hold, each once."))
            if isinstance(action, Change):
                least, most = self._change_range(seat)
                if not least <= len(discard) <= most:
                    raise IllegalAction(
                        t("Discard {least} to {most} cards now.", least=least, most=most)
                        if most
                        else t("The deck is spent: keep your cards.")
                    )
            else:
                duel = s.duel
                assert duel is not None
                if action.case not in duel.cases:
                    raise IllegalAction(t("That duel case does not fit these two hands."))
                if len(discard) != DUEL_CASES[action.case][1]:
                    raise IllegalAction(
                        tn(
                            "In this duel you change {n} card.",
                            "In this duel you change {n} cards.",
                            n=DUEL_CASES[action.case][1],
                        )
                    )
        elif isinstance(action, Close):
            if action.type not in self._closable(seat):
                raise IllegalAction(
                    t(
                        "You can only close a primero, flush or four of a kind you hold (four of a "
                        "kind as a primero only after somebody closed a primero)."
                    )
                )
        elif isinstance(action, Vie):
            if action.type not in self._declarable(seat, (PRIMERO, FOUR)):
                raise IllegalAction(
                    t(
                        "You may not declare less than you hold (a 55 is a primero only after "
                        "somebody declared one), and a primero or four of a kind opened with the "
                        "vie must be real."
                    )
                )
            if s.stacks[seat] < self._vie_cost(seat):
                raise IllegalAction(
                    t("The vie costs {chips}; you don't have it.", chips=chips(self._vie_cost(seat)))
                )
        elif isinstance(action, Follow):
            if phase is Phase.BETTING and not s.bet_open:
                raise IllegalAction(t("Nobody has bet yet: bid or pass."))
            if s.stacks[seat] < self.owe(seat):
                raise IllegalAction(t("You can't cover that; go all in or fold."))
            self._check_statement(seat, action.type)
        elif isinstance(action, Raise | Bid):
            if isinstance(action, Bid) == (phase is Phase.VIE or s.bet_open):
                raise IllegalAction(t("Raise a bet that stands; bid only to open the final betting."))
            if action.type not in self._declarable(seat):
                raise IllegalAction(t("You may not declare less than you hold."))
            if action.amount > self._raise_room(seat):
                raise IllegalAction(
                    t("That is more than you may bet: your resto, or the vie for a 55 or four of a kind.")
                )
        elif isinstance(action, AllIn):
            if s.stacks[seat] >= self.owe(seat):
                raise IllegalAction(t("All in is for a bet you can't cover; you can cover this one."))
            self._check_statement(seat, action.type)

    def _check_statement(self, seat: int, kind: HandType | None) -> None:
        if kind is not None and kind not in self._follow_statements(seat):
            raise IllegalAction(
                t(
                    "Follow stating what you hold (a 55 as a primero, four of a kind as a primero "
                    "or flush, only after somebody stated that kind); you may state less only by "
                    "leaving a primero or flush undeclared."
                )
            )

    # --------------------------------------------------------------- invitation

    def _put(self, seat: int, amount: int) -> None:
        s = self._s
        s.stacks[seat] -= amount
        s.paid[seat] += amount

    def _next(self) -> None:
        """The current turn is done: move on, or end the round."""
        s = self._s
        s.queue.pop(0)
        if s.queue:
            return
        end: Callable[[], None] = getattr(self, f"_end_{s.phase.name.lower()}")
        end()

    def _do_invite(self, seat: int, action: Invite) -> None:
        s = self._s
        amount = action.counters * s.options.counter
        s.invitation, s.inviter = amount, seat
        self._put(seat, amount)
        s.events.append(
            new_event(
                "invite", t("{player} invites with {chips}.", player=s.seats[seat], chips=chips(amount)), seat
            )
        )
        self._next()

    def _state(self, seat: int, kind: HandType) -> None:
        """`seat` states `kind`: it stands until the showdown unless restated (decision 21)."""
        s = self._s
        s.declared[seat] = kind
        s.stated.append((seat, kind))

    def _do_pay(self, seat: int, action: Pay) -> None:
        s = self._s
        amount = s.invitation - s.paid[seat]
        self._put(seat, amount)
        if s.phase is Phase.DISCARD:
            # Decision 12: paying the whole stake now keeps both cards; the turn stays here.
            s.may_pay.remove(seat)
            s.events.append(
                new_event(
                    "pay",
                    t("{player} pays {chips} to keep both cards.", player=s.seats[seat], chips=chips(amount)),
                    seat,
                )
            )
            return
        s.answered = True
        s.events.append(
            new_event(
                "pay",
                t("{player} pays the invitation ({chips}).", player=s.seats[seat], chips=chips(amount)),
                seat,
            )
        )
        self._next()

    def _do_double(self, seat: int, action: Double) -> None:
        s = self._s
        s.invitation *= 2
        s.doubled = s.answered = True
        amount = s.invitation - s.paid[seat]
        self._put(seat, amount)
        s.events.append(
            new_event(
                "double",
                t(
                    "{player} doubles the invitation to {chips}.",
                    player=s.seats[seat],
                    chips=chips(s.invitation),
                ),
                seat,
            )
        )
        self._next()

    def _do_pass(self, seat: int, action: Pass) -> None:
        s = self._s
        if s.phase is Phase.INVITATION and not s.invitation:
            s.early.append(seat)
        s.events.append(new_event("pass", t("{player} passes.", player=s.seats[seat]), seat))
        self._next()

    def _end_invitation(self) -> None:
        s = self._s
        if s.inviter is None:
            # 1a: "Everybody passed. The hand was over."
            s.events.append(new_event("over", t("Nobody invites: the hand is over.")))
            self._settle([0] * len(s.seats), [], t("Nobody invited, so the hand ends with no chips moved."))
            return
        # Decision 12: who invited or paid but is short of a double, and who passed before
        # anybody invited, may pay the whole stake when their discard turn comes.
        voluntary = {i for i, paid in enumerate(s.paid) if paid > 0} | set(s.early)
        if not s.answered:
            # 1b1 / decision 11: the last player in turn after the inviter pays one counter.
            last = [seat for seat in self._right_of(s.dealer) if seat != s.inviter][-1]
            amount = min(s.options.counter, s.stacks[last])
            self._put(last, amount)
            s.events.append(
                new_event(
                    "pay",
                    t(
                        "Nobody answered, so {player}, last in turn, pays {chips}.",
                        player=s.seats[last],
                        chips=chips(amount),
                    ),
                    last,
                )
            )
        s.phase = Phase.DISCARD
        s.queue = self._round_from(s.dealer)
        s.may_pay = [i for i in s.queue if i in voluntary and s.paid[i] < s.invitation]

    # --------------------------------------------------------------- the changes

    def _do_change(self, seat: int, action: Change) -> None:
        s = self._s
        for card in action.discard:
            s.hands[seat].remove(card)
            s.discards[seat].append(card)
        said = (
            t("{player} discards {cards}.", player=s.seats[seat], cards=Join(action.discard, "space"))
            if action.discard
            else t("{player} keeps every card.", player=s.seats[seat])
        )
        s.events.append(new_event("change", said, seat))
        self._next()

    def _end_discard(self) -> None:
        s = self._s
        self._deal()
        s.events.append(new_event("deal", t("Two new cards to each player.")))
        self._start_changes()

    def _start_changes(self) -> None:
        s = self._s
        s.phase = Phase.CHANGES
        s.queue = self._round_from(s.dealer)

    def _end_changes(self) -> None:
        s = self._s
        if self._may_change_again():
            self._deal()
            s.events.append(new_event("deal", t("Two new cards to each player.")))
            self._start_changes()
            return
        if self._can_deal():
            # Decision 25: the table's bound on distributions ends the changes as a spent deck
            # would (decision 16): the best hand takes the pot.
            s.events.append(
                new_event(
                    "spent",
                    t(
                        "Everybody passes after {n} deals and nobody declared: the cards are shown.",
                        n=self.distributions(),
                    ),
                )
            )
            self._showdown(self._live(), by_pots=False)
            return
        # Decision 16: the deck cannot give everyone two more; the best hand takes the pot.
        s.events.append(new_event("spent", t("The deck is spent and nobody declared: the cards are shown.")))
        self._showdown(self._live(), by_pots=False)

    def _do_close(self, seat: int, action: Close) -> None:
        s = self._s
        s.closers.append(seat)
        self._state(seat, action.type)
        s.events.append(
            new_event(
                "close", t("{player} closes {kind}.", player=s.seats[seat], kind=a_kind(action.type)), seat
            )
        )
        if s.phase is Phase.CHANGES:
            # 2.2: the others, in turn, may close too (only a player holding four cards can).
            s.phase = Phase.CLOSING
            rest = [i for i in self._round_from(seat) if i != seat and len(s.hands[i]) >= 4]
            s.queue = [seat, *rest]
        self._next()

    def _do_concede(self, seat: int, action: Concede) -> None:
        s = self._s
        if s.phase is Phase.DUEL:
            s.events.append(
                new_event("concede", t("{player} does not challenge.", player=s.seats[seat]), seat)
            )
            s.queue = []
            self._settle_showdown()
            return
        s.events.append(new_event("concede", t("{player} does not close.", player=s.seats[seat]), seat))
        self._next()

    def _end_closing(self) -> None:
        s = self._s
        if len(s.closers) == 1:
            # 2.2.a: "If everybody passed, he showed his cards and won the pot."
            self._showdown(list(s.closers), by_pots=False)
            return
        # 2.2.b / decision 15: "the two players proceeded to phase 3.2 and contend the pot".
        # The others are out of the hand, their cards unseen; a closer who paid less of the
        # invitation than the most anyone paid owes the rest to follow a bet.
        for seat in self._live():
            if seat not in s.closers:
                s.folded[seat] = True
        names = Join(tuple(s.seats[i] for i in s.closers), "and")
        s.events.append(
            new_event("contest", t("{players} contend the pot: bid, raise, follow or fold.", players=names))
        )
        s.level = max(s.paid)
        self._start_betting()

    # ------------------------------------------------------------------ the vie

    def _do_vie(self, seat: int, action: Vie) -> None:
        s = self._s
        s.level = s.invitation + s.options.vie_chips
        cost = self.owe(seat)
        self._put(seat, cost)
        self._state(seat, action.type)
        s.bidder = seat
        s.phase = Phase.VIE
        s.events.append(
            new_event(
                "vie",
                t(
                    "{player} declares {kind} and opens the vie ({chips}).",
                    player=s.seats[seat],
                    kind=a_kind(action.type),
                    chips=chips(cost),
                ),
                seat,
            )
        )
        s.queue = [seat, *[i for i in self._round_from(seat, can_bet=True) if i != seat]]
        self._next()

    def _do_follow(self, seat: int, action: Follow) -> None:
        s = self._s
        amount = self.owe(seat)
        self._put(seat, amount)
        kind = self._honest(seat)[-1] if action.type is None else action.type
        self._state(seat, kind)
        s.events.append(
            new_event(
                "follow",
                t(
                    "{player} follows stating {kind} ({chips}).",
                    player=s.seats[seat],
                    kind=a_kind(kind),
                    chips=chips(amount),
                ),
                seat,
            )
        )
        self._after_bet()

    def _raise(self, seat: int, kind: HandType, amount: int, word: str) -> None:
        s = self._s
        owe = self.owe(seat)
        self._put(seat, owe + amount)
        s.level += amount
        self._state(seat, kind)
        s.bidder = seat
        s.bet_open = True
        args: dict[str, Arg] = {"player": s.seats[seat], "kind": a_kind(kind), "chips": chips(amount)}
        if word == "raise":
            said = (
                t("{player} declares {kind} and raises {chips} — all in.", **args)
                if s.stacks[seat] == 0
                else t("{player} declares {kind} and raises {chips}.", **args)
            )
        else:
            said = (
                t("{player} declares {kind} and bids {chips} — all in.", **args)
                if s.stacks[seat] == 0
                else t("{player} declares {kind} and bids {chips}.", **args)
            )
        s.events.append(new_event(word, said, seat))
        s.queue = [seat, *[i for i in self._round_from(seat, can_bet=True) if i != seat]]
        self._after_bet()

    def _do_raise(self, seat: int, action: Raise) -> None:
        self._raise(seat, action.type, action.amount, "raise")

    def _do_bid(self, seat: int, action: Bid) -> None:
        self._raise(seat, action.type, action.amount, "bid")

    def _do_all_in(self, seat: int, action: AllIn) -> None:
        s = self._s
        amount = s.stacks[seat]
        self._put(seat, amount)
        kind = self._honest(seat)[-1] if action.type is None else action.type
        self._state(seat, kind)
        s.events.append(
            new_event(
                "all_in",
                t(
                    "{player} goes all in with {chips} stating {kind}; the rest is played for apart.",
                    player=s.seats[seat],
                    chips=chips(amount),
                    kind=a_kind(kind),
                ),
                seat,
            )
        )
        self._after_bet()

    def _do_fold(self, seat: int, action: Fold) -> None:
        s = self._s
        s.folded[seat] = s.shown[seat] = True
        s.declared[seat] = None
        s.events.append(
            new_event(
                "fold",
                t(
                    "{player} folds face up: {cards}.",
                    player=s.seats[seat],
                    cards=Join(sorted(s.hands[seat]), "space"),
                ),
                seat,
            )
        )
        if len(self._live()) == 1:
            s.queue = []
            winner = self._live()[0]
            self._win_uncontested(winner)
            return
        self._after_bet()

    def _after_bet(self) -> None:
        s = self._s
        s.queue.pop(0)
        # Skip anyone who has since gone all in or folded.
        s.queue = [i for i in s.queue if not s.folded[i] and s.stacks[i] > 0]
        if s.queue:
            return
        if s.phase is Phase.VIE:
            self._end_vie()
        else:
            self._end_betting()

    def _end_vie(self) -> None:
        # 2.4 / "After the vie, surviving players received the last change".
        self._last_change_or_betting()

    def _last_change_or_betting(self) -> None:
        s = self._s
        if self._can_deal():
            s.phase = Phase.LAST_CHANGE
            s.queue = self._round_from(s.dealer)
        else:
            self._start_betting()

    def _end_last_change(self) -> None:
        s = self._s
        self._deal()
        s.events.append(new_event("deal", t("Two new cards to each player still in.")))
        self._start_betting()

    def _start_betting(self) -> None:
        s = self._s
        s.phase = Phase.BETTING
        s.bet_open = False
        s.final_from = len(s.stated)
        # Decision 21: every statement since the vie stands, and is held to the cards at the
        # showdown, until its player states again.
        s.bidder = None
        s.queue = self._round_from(s.dealer, can_bet=True)
        if len(s.queue) <= 1 and all(self.owe(i) == 0 for i in s.queue):
            s.queue = []
            self._showdown(self._live(), by_pots=not s.closers)

    def _end_betting(self) -> None:
        s = self._s
        if not s.bet_open and s.closers:
            # Decision 15: closers who all pass are compared at once ("The outcome of the
            # engagement among ... four card combinations ... was decided here").
            self._showdown(self._live(), by_pots=False)
            return
        if not s.bet_open and self._may_change_again() and any(s.stacks[i] > 0 for i in self._live()):
            # 3.1: everybody passed: discard to three and change again. The change itself
            # makes an undeclared primero or flush be discarded (decision 21).
            s.events.append(new_event("pass", t("Everybody passes: another change.")))
            self._last_change_or_betting()
            return
        if not s.bet_open and self._can_deal():
            # Decision 25: no more changes after the table's bound on distributions.
            shown = t("Everybody passes after {n} deals: the cards are shown.", n=self.distributions())
            s.events.append(new_event("pass", shown))
        self._showdown(self._live(), by_pots=True)

    # ----------------------------------------------------------------- showdown

    def _key(self, seat: int, cards: Sequence[Card] | None = None) -> tuple[Key, int]:
        s = self._s
        held = s.hands[seat] if cards is None else cards
        if cards is None and self._penalised(seat) is not None and not self._bet_placed():
            # Decision 21: with no bet placed, an undeclared primero or flush "was forced to
            # discard": the hand is judged on the three cards it would keep.
            held = best_three(held)
        key = strength(held, seat == self.privileged(), s.options.primero_81)
        return key, -self._distance(seat)

    def _after_vie(self) -> bool:
        """A vie was opened this hand (closers contend without one)."""
        s = self._s
        return s.level > 0 and not s.closers

    def _bet_placed(self) -> bool:
        """A bet was placed in the final betting (3.2), beyond the vie."""
        s = self._s
        return s.phase is Phase.BETTING and s.bet_open

    def _penalised(self, seat: int) -> HandType | None:
        """The primero or flush `seat` holds undeclared after the vie, if any (decision 21)."""
        s = self._s
        # The duel is offered only when nobody is penalised, and its draw decides it alone.
        if not self._after_vie() or s.folded[seat] or s.duel is not None:
            return None
        return undeclared(s.hands[seat], s.declared[seat])

    def _best(self, seats: Sequence[int]) -> int:
        """The best hand among `seats`; a called bluff cannot win while an honest hand is
        shown (decision 22), nor, after a bet, an undeclared primero or flush (decision 21);
        equal hands go to the player nearer the dealer's right."""
        honest = [i for i in seats if not self._bluffed(i)]
        pool = honest or list(seats)
        if self._bet_placed():
            pool = [i for i in pool if self._penalised(i) is None] or pool
        return max(pool, key=self._key)

    def _bluffed(self, seat: int) -> bool:
        """`seat` bet in the final round (3.2) on a kind its cards do not make (decision 22).
        A statement from before the last change is held to the cards by the penalty for an
        undeclared primero or flush, not as a bluff: the change may have broken it."""
        s = self._s
        final = [k for i, k in s.stated[s.final_from :] if i == seat]
        return bool(final) and not holds(s.hands[seat], final[-1])

    def _penalty_notes(self, seats: Sequence[int]) -> list[Msg]:
        s = self._s
        notes = []
        for seat in seats:
            kind = self._penalised(seat)
            if kind is None:
                continue
            if self._bet_placed():
                notes.append(
                    t(
                        "{player}'s undeclared {kind} loses the pot after a bet",
                        player=s.seats[seat],
                        kind=kind_said(kind),
                    )
                )
            else:
                notes.append(
                    t(
                        "{player}'s undeclared {kind} is discarded down to three cards (no bet was placed)",
                        player=s.seats[seat],
                        kind=kind_said(kind),
                    )
                )
        return notes

    def _pots(self) -> list[tuple[int, list[int]]]:
        """The main pot and the separate pots an all-in player cannot win: layers of what
        the players still in have paid, each open to those who paid up to it."""
        s = self._s
        live = self._live()
        pots: list[tuple[int, list[int]]] = []
        low = 0
        for high in sorted({s.paid[i] for i in live}):
            amount = sum(min(p, high) - min(p, low) for p in s.paid)
            if amount:
                pots.append((amount, [i for i in live if s.paid[i] >= high]))
            low = high
        rest = sum(p - min(p, low) for p in s.paid)
        if rest:
            if pots:
                pots[-1] = (pots[-1][0] + rest, pots[-1][1])
            else:
                pots.append((rest, live))
        return pots

    def _show(self, seats: Sequence[int]) -> None:
        s = self._s
        s.showdown = []
        for seat in seats:
            s.shown[seat] = True
            hand = describe(s.hands[seat], s.options.primero_81)
            s.showdown.append(Showing(seat=seat, cards=tuple(sorted(s.hands[seat])), hand=hand))
            shows = t(
                "{player} shows {cards}: {hand}.",
                player=s.seats[seat],
                cards=Join(sorted(s.hands[seat]), "space"),
                hand=hand_said(s.hands[seat], s.options.primero_81),
            )
            s.events.append(new_event("show", shows, seat))

    def _showdown(self, seats: list[int], by_pots: bool) -> None:
        s = self._s
        s.queue = []
        self._show(seats)
        for note in self._penalty_notes(seats):
            s.events.append(new_event("penalty", t("{said}.", said=note)))
        if by_pots and s.options.duel and len(seats) == 2 and not s.closers:
            offer = self._duel_offer(seats)
            if offer is not None:
                s.duel = offer
                s.phase = Phase.DUEL
                s.queue = [offer.challenger]
                cases = Join(tuple(t("{n} ({case})", n=c, case=DUEL_SAID[c]) for c in offer.cases), "comma")
                s.events.append(
                    new_event(
                        "duel_offer",
                        t(
                            "{challenger} may challenge {dominant} to the final duel: {cases}.",
                            challenger=s.seats[offer.challenger],
                            dominant=s.seats[offer.dominant],
                            cases=cases,
                        ),
                        offer.challenger,
                    )
                )
                return
        if by_pots:
            self._settle_showdown()
        else:
            winner = self._best(seats)
            payouts = [0] * len(s.seats)
            payouts[winner] = sum(s.paid)
            takes = t("{player} takes the pot of {chips}", player=s.seats[winner], chips=chips(sum(s.paid)))
            self._settle(payouts, [winner], _semi([*self._penalty_notes(seats), takes]))

    def _duel_offer(self, seats: list[int]) -> DuelState | None:
        """Decision 23: the duel's three cases, read on the shown hands."""
        s = self._s
        dominant = self._best(seats)
        challenger = next(i for i in seats if i != dominant)
        for seat in seats:
            if self._bluffed(seat):
                return None  # a called bluff just loses (3.2.a.1)
            if self._penalised(seat) is not None:
                return None  # so does an undeclared primero or flush (decision 21)
        mine = s.hands[challenger]
        top = self._key(dominant)[0]
        cases: list[int] = []
        dominant_point = top[0] == 2 * int(POINT)
        if dominant_point and POINT in all_forms(mine):
            cases.append(1)
        if dominant_point and primero_attempt(mine):
            cases.append(2)
        if top[0] in (2 * int(PRIMERO), 2 * int(FIFTY_FIVE)) and flush_attempt(mine):
            cases.append(3)
        cases = [c for c in cases if self._deck_left() >= DUEL_CASES[c][1]]
        if not cases:
            return None
        return DuelState(challenger=challenger, dominant=dominant, cases=tuple(cases))

    def _do_duel(self, seat: int, action: Duel) -> None:
        s = self._s
        duel = s.duel
        assert duel is not None
        _, draw, share_c, share_d = DUEL_CASES[action.case]
        both = {duel.challenger, duel.dominant}
        pot = sum(amount for amount, elig in self._pots() if set(elig) == both)
        # Decision 24: each share is rounded down; odd chips stay in the half the duel decides.
        mine, theirs = int(pot * share_c), int(pot * share_d)
        stake = pot - mine - theirs
        for card in action.discard:
            s.hands[seat].remove(card)
            s.discards[seat].append(card)
        drawn = tuple(s.order[s.next : s.next + draw])
        s.next += draw
        s.hands[seat].extend(drawn)
        winner = max((duel.challenger, duel.dominant), key=self._key)
        s.duel = duel.model_copy(
            update={
                "case": action.case,
                "pot": pot,
                "challenger_share": mine,
                "dominant_share": theirs,
                "stake": stake,
                "drawn": drawn,
                "winner": winner,
            }
        )
        s.events.append(
            new_event(
                "duel",
                t(
                    "{player} challenges: {mine} to {player} and {theirs} to {dominant} now; discards "
                    "{discard} and draws {drawn}: {hand}. {winner} wins the duel and {stake}.",
                    player=s.seats[seat],
                    mine=chips(mine),
                    theirs=chips(theirs),
                    dominant=s.seats[duel.dominant],
                    discard=Join(action.discard, "space"),
                    drawn=Join(drawn, "space"),
                    hand=hand_said(s.hands[seat], s.options.primero_81),
                    winner=s.seats[winner],
                    stake=chips(stake),
                ),
                seat,
            )
        )
        s.queue = []
        self._settle_showdown()

    def _settle_showdown(self) -> None:
        s = self._s
        payouts = [0] * len(s.seats)
        winners: list[int] = []
        duel = s.duel if s.duel is not None and s.duel.case is not None else None
        parts: list[Msg] = []
        for amount, eligible in self._pots():
            if duel is not None and set(eligible) == {duel.challenger, duel.dominant}:
                assert duel.winner is not None
                payouts[duel.challenger] += duel.challenger_share
                payouts[duel.dominant] += duel.dominant_share
                payouts[duel.winner] += duel.stake
                winners.append(duel.winner)
                continue
            winner = eligible[0] if len(eligible) == 1 else self._best(eligible)
            payouts[winner] += amount
            if len(eligible) > 1:
                winners.append(winner)
                parts.append(
                    t("{player} takes a pot of {chips}", player=s.seats[winner], chips=chips(amount))
                )
            else:
                parts.append(
                    tn(  # the verb agrees with the count: "1 fiche ... torna", "2 fiches ... tornano"
                        "{n} chip nobody else could win goes back to {player}",
                        "{n} chips nobody else could win go back to {player}",
                        n=amount,
                        player=s.seats[winner],
                    )
                )
        if duel is not None:
            assert duel.winner is not None
            parts.insert(
                0,
                t(
                    "{player} wins the duel and ends with {chips}",
                    player=s.seats[duel.winner],
                    chips=chips(payouts[duel.winner]),
                ),
            )
        parts = [*self._penalty_notes(self._live()), *parts]
        self._settle(payouts, winners, _semi(parts))

    def _win_uncontested(self, winner: int) -> None:
        """Everybody else folded: the bidder takes the pot and shows enough to prove the
        declaration was not less than the hand (decision 20)."""
        s = self._s
        payouts = [0] * len(s.seats)
        payouts[winner] = sum(s.paid)
        declared = s.declared[winner]
        said = t(
            "Everybody else folds: {player} takes {chips}.", player=s.seats[winner], chips=chips(sum(s.paid))
        )
        if declared is not None and undeclared(s.hands[winner], declared) is None:
            # The engine accepts no statement below the hand but an undeclared primero or
            # flush, so the proof the text asks for ("show enough cards") is stated here.
            said = t(
                "{said} The {kind} stated was not less than the hand.", said=said, kind=kind_said(declared)
            )
        self._settle(payouts, [winner], said)

    def _settle(self, payouts: list[int], winners: list[int], said: Msg) -> None:
        s = self._s
        s.phase = Phase.OVER
        s.queue = []
        s.payouts = payouts
        s.winners = list(dict.fromkeys(winners))
        s.summary = english(said)
        s.said = said
        for seat, amount in enumerate(payouts):
            s.stacks[seat] += amount
        s.events.append(new_event("result", said, s.winners[0] if s.winners else None))

    @property
    def outcome(self) -> Outcome | None:
        s = self._s
        if s.phase is not Phase.OVER or s.payouts is None:
            return None
        return Outcome(
            winners=tuple(s.winners),
            paid_in=tuple(s.paid),
            paid_out=tuple(s.payouts),
            summary=s.summary,
            said=s.said,
        )

    # ------------------------------------------------------------------------ view

    def view(self, seat: int | None) -> CardanoView:
        s = self._s
        over = s.phase is Phase.OVER
        return CardanoView(
            seats=tuple(s.seats),
            options=s.options,
            you=seat,
            phase=s.phase,
            dealer=s.dealer,
            to_act=self.to_act,
            privileged=self.privileged(),
            pot=self.pot,
            stacks=tuple(s.stacks),
            paid=tuple(s.paid),
            folded=tuple(s.folded),
            invitation=s.invitation,
            inviter=s.inviter,
            doubled=s.doubled,
            level=s.level,
            owe=None if seat is None else self.owe(seat),
            declared=tuple(s.declared),
            bidder=s.bidder,
            closers=tuple(s.closers),
            discards=tuple(tuple(d) for d in s.discards),
            face_up=tuple(tuple(sorted(h)) if s.shown[i] else None for i, h in enumerate(s.hands)),
            hand_sizes=tuple(len(h) for h in s.hands),
            deck_left=self._deck_left(),
            hand=None if seat is None else tuple(sorted(s.hands[seat])),
            hand_value=None if seat is None else describe(s.hands[seat], s.options.primero_81),
            duel=s.duel,
            showdown=None if s.showdown is None else tuple(s.showdown),
            payouts=None if s.payouts is None else tuple(s.payouts),
            winners=tuple(s.winners),
            commitment=s.commitment,
            seed=s.seed if over else None,
        )

    # ------------------------------------------------------------------------ json

    def to_json(self) -> dict[str, Any]:
        return self._s.model_dump(mode="json")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        state = SAVED.read(_State, data, GAME_ID, _FORMATS, context=_CARDS)
        if _malformed(state):
            raise SAVED.damaged()
        if state.format == 1:
            # Format 1 kept no record of statements: the standing declarations stand in.
            state.stated = [(i, k) for i, k in enumerate(state.declared) if k is not None]
            state.format = JSON_FORMAT
        held = [c for hand in state.hands for c in hand] + [c for d in state.discards for c in d]
        whole = PRIMERO_40.each_once
        if not whole(held + state.order[state.next :]) or not whole(state.order):
            raise SAVED.cards_missing(40)
        if deal_commitment(state.seed, state.order) != state.commitment:
            raise SAVED.deal_unmatched()
        self = cls.__new__(cls)
        self._s = state
        return self


def _malformed(s: _State) -> bool:
    count = len(s.seats)
    seats = range(count)
    per_seat: list[Sequence[object]] = [s.hands, s.discards, s.stacks, s.paid, s.folded, s.shown, s.declared]
    optional = [s.inviter, s.bidder]
    if s.duel is not None:
        optional += [s.duel.challenger, s.duel.dominant, s.duel.winner]
    return (
        not MIN_PLAYERS <= count <= MAX_PLAYERS
        or any(len(items) != count for items in per_seat)
        or (s.payouts is not None and len(s.payouts) != count)
        or s.dealer not in seats
        or any(seat is not None and seat not in seats for seat in optional)
        or any(
            seat not in seats
            for seat in [*s.queue, *s.closers, *s.winners, *s.early, *s.may_pay, *(i for i, _ in s.stated)]
        )
        or not 0 <= s.next <= len(DECK)
        or not 0 <= s.final_from <= len(s.stated)
        or min([*s.stacks, *s.paid, s.invitation, s.level]) < 0
        or (s.phase is Phase.OVER) != (s.payouts is not None)
        or (s.phase is not Phase.OVER and not s.queue)
    )


def _parse(action: Any) -> CardanoMove:
    if isinstance(action, Mapping):
        try:
            return _ACTIONS.validate_python(action, context=_CARDS)
        except ValidationError:
            pass
    raise IllegalAction(t("That is not a move in Cardano's Primero."))
