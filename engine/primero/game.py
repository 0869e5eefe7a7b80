"""Primero, Bergamese rules (Jeff A. Suzuki, 1994/2007), as a pure state machine.

Everyone antes; two cards each; a round of bidding; two more cards; a second round; those
with stakes set aside from passing decide to stake or fold; everyone left shows their
cards, and the best holder of the *bid* hand type takes the pot. A bid names a hand type,
a point total and a bet, and must top the bid before it; a player may instead stake (see
the bet), pass (change one or two cards, setting the bet aside), fold, or once per hand go
all in. The non-betting variant keeps the bids and scores points instead of chips.

Rule decisions cite `primero-bergamese-suzuki.txt` ("the text") and are numbered as in
docs/RULES.md ("Primero (Bergamese rules)"). Seats are in table order and "left" is the
next seat, as in every Ridotto game: bidding starts left of the dealer and goes left.
Cards are `PRIMERO_40`'s own; moves and saved hands that write them as "suit:rank" text are
read with that deck in the validation context (`engine.core.cards` explains why).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from itertools import combinations
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from engine.core.cards import PRIMERO_40, Card
from engine.core.errors import BadSetup, IllegalAction
from engine.core.game import Event, Outcome, new_event
from engine.core.msg import Domain, Join, Markup, Msg, english
from engine.core.rng import commitment as deal_commitment
from engine.core.rng import shuffled
from engine.core.saves import SavedHand
from engine.core.turns import check_turn
from engine.primero.hands import HandType, forms, hand_said, kind_said, totals

GAME_ID = "primero"
SAVED = SavedHand("Primero")
"""How this game speaks of its saved hands (engine.core.saves)."""
JSON_FORMAT = 1
DEAL = 2
"""Cards dealt to each player in each of the two deals (the text: "deal 2 cards")."""
MAX_DRAW = 2
"""A player changes one or two cards (the text, Passing)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 6
WIN_BONUS = 100
"""Non-betting variant: the round's winner scores this for each holder of the bid type."""
DECK = PRIMERO_40.cards()
_CARDS = {"deck": PRIMERO_40}
"""Validation context: cards in moves and saved hands sent as text are Primero cards."""
t = Domain(GAME_ID)
tn = t.n
_NONE = Markup("")
"""An empty clause: a sentence built of a main part and optional clauses fills the absent
ones with this."""


def chips_of(n: int) -> Msg:
    """ "1 chip", "1,500 chips" in Primero's own catalogue (the engine can't use the bot's)."""
    return tn("{n} chip", "{n} chips", n=n)


def points_of(n: int) -> Msg:
    return tn("{n} point", "{n} points", n=n)


def _then(said: Msg, clause: Msg | None) -> Msg:
    """A sentence part followed by a clause that starts with its own mark (", discards ...")."""
    return said if clause is None else t("{said}{clause}", said=said, clause=clause)


def _full(said: Msg) -> Msg:
    """A sentence part closed with its full stop."""
    return t("{said}.", said=said)


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card.short for card in cards)


# ------------------------------------------------------------------ options and actions


class PrimeroOptions(BaseModel, frozen=True):
    """What a table agrees before play (the text: "be sure to agree on the rules first")."""

    stake: int = Field(default=1, ge=1)
    """Chips per unit; the ante and the bid limit are counted in stakes."""
    ante: int = Field(default=1, ge=0, le=100)
    """Stakes each player antes into the pot before the deal ("the ante (if any)")."""
    bid_limit: int | None = Field(default=None, ge=1)
    """The largest bet, in stakes; None: no limit beyond what the bidder has."""
    repass: bool = True
    """Whether a player may pass more than once in the same round of bidding."""
    overstate_first: bool = True
    """Whether a first-round bid may claim more than the hand holds (the second never may)."""
    division: Literal["all", "split"] = "all"
    """Winner takes all, or the text's suggested split (half, half the rest, rest stays)."""
    betting: bool = True
    """False: the non-betting variant, bids name type and total only and hands score points."""

    @property
    def ante_chips(self) -> int:
        return self.ante * self.stake if self.betting else 0

    @property
    def limit_chips(self) -> int | None:
        return None if self.bid_limit is None else self.bid_limit * self.stake


class Bid(BaseModel, frozen=True):
    """Cover the current bet, name a higher hand (type and total) and throw in a new bet that
    replaces the current one; then, if you like, change one or two cards."""

    kind: Literal["bid"] = "bid"
    type: HandType
    total: int
    bet: int = 0
    discard: tuple[Card, ...] = ()


class Stake(BaseModel, frozen=True):
    """Match the current bet (paying your set-aside stakes first), optionally changing one or
    two cards. A player forced to cover may add a `bet` that names no hand. At the end of the
    hand, a stake puts your set-aside stakes in."""

    kind: Literal["stake"] = "stake"
    discard: tuple[Card, ...] = ()
    bet: int = 0


class Pass(BaseModel, frozen=True):
    """Change one or two cards (face up) and set the current bet aside."""

    kind: Literal["pass"] = "pass"
    discard: tuple[Card, ...]


class Fold(BaseModel, frozen=True):
    """Leave the hand: half your set-aside stakes, rounded down, go to the pot."""

    kind: Literal["fold"] = "fold"


class AllIn(BaseModel, frozen=True):
    """Stake everything you have when it cannot cover the bet; the excess of this and every
    later bet goes to a secondary pot. Once per hand, and no bids after it."""

    kind: Literal["all_in"] = "all_in"
    discard: tuple[Card, ...] = ()


PrimeroAction = Annotated[Bid | Stake | Pass | Fold | AllIn, Field(discriminator="kind")]
_ACTIONS: TypeAdapter[Bid | Stake | Pass | Fold | AllIn] = TypeAdapter(PrimeroAction)


class Phase(StrEnum):
    FIRST = "first round"
    SECOND = "second round"
    CHOICE = "stake or fold"
    """Players with set-aside stakes decide, before the cards are shown."""
    OVER = "over"


class SeatStatus(StrEnum):
    IN = "in"
    FOLDED = "folded"
    ALL_IN = "all in"


class CurrentBid(BaseModel, frozen=True):
    type: HandType
    total: int
    bidder: int

    @property
    def text(self) -> str:
        return english(self.said)

    @property
    def said(self) -> Msg:
        return hand_said(self.type, self.total)


class TurnChoices(BaseModel, frozen=True):
    """What the seat to act may do now; the panel and the computer players build moves from
    it, and `apply` checks every move against the same rules."""

    seat: int
    phase: Phase
    betting: bool
    forced: bool
    """The last player before an uncovered bidder: must cover; cannot pass or fold."""
    owe: int
    """Chips a stake takes from the stack now (the current bet, if not yet paid)."""
    set_aside: int
    """Stakes set aside earlier that go into the pot with a stake or a bid."""
    stack: int
    stake: bool
    can_pass: bool
    pass_sets_aside: int
    fold: bool
    all_in: bool
    max_discard: int
    """How many cards can be changed now (0 once the deck is spent)."""
    bids: dict[HandType, tuple[int, ...]]
    """Each hand type a bid may name, with the totals it may claim; empty: no bid."""
    bet_range: tuple[int, int]
    """(least, most) a new bid's bet may be; (0, 0) in the non-betting variant."""
    cover_bet_max: int
    """Forced cover: the most the bet that names no hand may be (0: none)."""


class Betting(BaseModel, frozen=True):
    """The round's bookkeeping, every part of it public (each chip moved in front of the
    table): the bets made this hand and how many have paid each, who has paid the current
    one, where the round ends, what each player has set aside and for which bet, the all-in
    player's cover, and who still decides before the showdown. The strong computer player
    rebuilds the hand from this and its own view."""

    bets: tuple[int, ...]
    """Every bet made this hand, in order; a set-aside names one by its place here."""
    payments: tuple[int, ...]
    """How many full payments each bet has had (the bettor's own included)."""
    bet: int | None
    """The current bet's place in `bets`; None while nobody has bet this round."""
    paid_bet: tuple[int | None, ...]
    """Per seat, the last bet it answered (paid, or set aside)."""
    anchor: int
    """The round ends when the turn comes back round to this seat."""
    covered: bool
    """Someone has covered the current bet."""
    passed_round: tuple[bool, ...]
    """Per seat, whether it has passed this round."""
    asides: tuple[tuple[tuple[int, int], ...], ...]
    """Per seat, its set-aside stakes as (bet, amount)."""
    all_in: tuple[int, int, int] | None
    """(seat, bet, how much of that bet it covered), once somebody has gone all in."""
    queue: tuple[int, ...]
    """Before the showdown: the seats still to stake or fold, in order."""


class Showing(BaseModel, frozen=True):
    """One player's cards at the showdown."""

    seat: int
    cards: tuple[Card, ...]
    forms: dict[HandType, int]


class PrimeroView(BaseModel, frozen=True):
    """Everything `you` may see (None = an onlooker)."""

    game_id: str = GAME_ID
    seats: tuple[str, ...]
    options: PrimeroOptions
    you: int | None
    phase: Phase
    dealer: int
    to_act: int | None
    bid: CurrentBid | None
    bet: int
    """The current bet (0: none this round)."""
    bet_by: int | None
    bare: bool
    """The current bet was made by a forced coverer without naming a hand."""
    forced: int | None
    pot: int
    side_pot: int
    carried_in: int
    """Chips in the pot from earlier hands that had no winner."""
    stacks: tuple[int, ...]
    set_aside: tuple[int, ...]
    paid: tuple[int, ...]
    status: tuple[SeatStatus, ...]
    passes: tuple[int, ...]
    discards: tuple[tuple[Card, ...], ...]
    """Every card each player has discarded, face up, in order."""
    hand_sizes: tuple[int, ...]
    deck_left: int
    all_in: int | None
    hand: tuple[Card, ...] | None
    forms: dict[HandType, int] | None
    """`you`'s best total for each type your cards form."""
    drawn: tuple[Card, ...] | None
    """The cards `you` drew last."""
    showdown: tuple[Showing, ...] | None
    winner: int | None
    second: int | None
    """Holder of the second-best bid hand, who takes the secondary pot when the all-in wins."""
    best_any: int | None
    """Split division: the best hand of any type, who takes half the rest."""
    payouts: tuple[int, ...] | None
    points: tuple[int, ...] | None
    """Non-betting: what each seat scored this hand."""
    carried: int
    """Chips this hand leaves in the pot for the next one."""
    commitment: str
    seed: int | None


# ------------------------------------------------------------------------------- state


class _Aside(BaseModel):
    bet: int
    """Which bet of the hand this was set aside for (its index in `bets`)."""
    amount: int


class _AllIn(BaseModel):
    seat: int
    bet: int
    """The bet (index) the player could not cover."""
    cap: int
    """How much of that bet the player covered; the rest of it goes to the secondary pot."""


class _State(BaseModel):
    game_id: str = GAME_ID
    format: int = JSON_FORMAT
    options: PrimeroOptions
    seats: list[str]
    seed: int
    commitment: str
    order: list[Card]
    next: int
    dealer: int
    phase: Phase
    to_act: int | None = None
    anchor: int = 0
    """The round ends when the turn comes back round to this seat: the latest bettor, or
    the round's first player while nobody has bet."""
    hands: list[list[Card]]
    drawn: list[list[Card]]
    discards: list[list[Card]]
    status: list[SeatStatus]
    stacks: list[int]
    asides: list[list[_Aside]]
    paid: list[int]
    passed_round: list[bool]
    passes: list[int]
    pot: int = 0
    side: int = 0
    carried_in: int = 0
    bid: CurrentBid | None = None
    bets: list[int] = []
    payments: list[int] = []
    """How many full payments each bet has had (the bettor's own included)."""
    bet: int | None = None
    """Index of the current bet in `bets`, None when nobody has bet this round."""
    bet_by: int | None = None
    bare: bool = False
    covered: bool = True
    paid_bet: list[int | None] = []
    """Per seat, the index of the last bet it paid in full."""
    all_in: _AllIn | None = None
    queue: list[int] = []
    """Phase CHOICE: the seats still to decide, in order."""
    showdown: list[Showing] | None = None
    winner: int | None = None
    second: int | None = None
    best_any: int | None = None
    payouts: list[int] | None = None
    points: list[int] | None = None
    carried: int = 0
    events: list[Event] = []


_IN, _FOLDED, _ALL_IN = SeatStatus.IN, SeatStatus.FOLDED, SeatStatus.ALL_IN
_TOTALS = totals()


class Primero:
    """One hand of Primero. Implements `engine.core.game.Game`."""

    game_id = GAME_ID
    __slots__ = ("_s",)
    _s: _State

    # ------------------------------------------------------------------------ set-up

    @classmethod
    def new(
        cls,
        options: PrimeroOptions,
        seats: Sequence[str],
        seed: int,
        dealer: int = 0,
        stacks: Sequence[int] | None = None,
        carried: int = 0,
    ) -> Self:
        """Ante, shuffle with `Random(seed)` and deal two cards each, starting left of the
        dealer. `carried` is a pot an earlier hand left with no winner (the text: "the pot
        remains as ante for the next hand")."""
        order = shuffled(DECK, seed)
        return cls.new_from_order(options, seats, order, dealer, stacks, carried, seed)

    @classmethod
    def new_from_order(
        cls,
        options: PrimeroOptions,
        seats: Sequence[str],
        order: Sequence[Card],
        dealer: int = 0,
        stacks: Sequence[int] | None = None,
        carried: int = 0,
        seed: int = 0,
    ) -> Self:
        """Like `new`, with the whole deck in the order it will be dealt: two cards to each
        player from the dealer's left, then draws in the order they happen, then the second
        deal, then later draws."""
        count = len(seats)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise BadSetup(t("Primero needs {least} to {most} players.", least=MIN_PLAYERS, most=MAX_PLAYERS))
        if len(order) != len(DECK) or set(order) != set(DECK):
            raise BadSetup(t("Primero is dealt from the 40-card deck (no 8s, 9s or 10s)."))
        if not 0 <= dealer < count:
            raise BadSetup(t("The dealer must be one of the seats."))
        ante = options.ante_chips
        start = (
            [0 if not options.betting else 100 * options.stake] * count if stacks is None else list(stacks)
        )
        if len(start) != count or any(not isinstance(c, int) or c < ante for c in start):
            raise BadSetup(t("Every player needs at least {chips} to ante.", chips=chips_of(ante)))
        if carried < 0:
            raise BadSetup(t("A carried pot cannot be negative."))
        state = _State(
            options=options,
            seats=list(seats),
            seed=seed,
            commitment=deal_commitment(seed, order),
            order=list(order),
            next=0,
            dealer=dealer,
            phase=Phase.FIRST,
            hands=[[] for _ in seats],
            drawn=[[] for _ in seats],
            discards=[[] for _ in seats],
            status=[_IN] * count,
            stacks=[chips_ - ante for chips_ in start],
            asides=[[] for _ in seats],
            paid=[ante] * count,
            passed_round=[False] * count,
            passes=[0] * count,
            pot=ante * count + carried,
            carried_in=carried,
            paid_bet=[None] * count,
        )
        self = cls.__new__(cls)
        self._s = state
        self._deal()
        dealt = {"dealer": seats[dealer]}
        if ante and carried:
            # the whole sentence agrees with the carried count ("1 fiche resta", "2 fiches restano")
            said = tn(
                "Everyone antes {ante}; {n} chip stays in the pot from the last hand. {dealer} deals "
                "two cards to each player.",
                "Everyone antes {ante}; {n} chips stay in the pot from the last hand. {dealer} deals "
                "two cards to each player.",
                ante=chips_of(ante),
                n=carried,
                **dealt,
            )
        elif ante:
            said = t(
                "Everyone antes {ante}. {dealer} deals two cards to each player.",
                ante=chips_of(ante),
                **dealt,
            )
        elif carried:
            said = tn(
                "No ante; {n} chip stays in the pot from the last hand. {dealer} deals two cards to each "
                "player.",
                "No ante; {n} chips stay in the pot from the last hand. {dealer} deals two cards to each "
                "player.",
                n=carried,
                **dealt,
            )
        else:
            said = t("No ante. {dealer} deals two cards to each player.", **dealt)
        state.events = [new_event("deal", said, dealer)]
        self._start_round(Phase.FIRST)
        return self

    def _deal(self) -> None:
        s = self._s
        for seat in self._from_left_of(s.dealer):
            if s.status[seat] is not _FOLDED:
                s.hands[seat].extend(s.order[s.next : s.next + DEAL])
                s.next += DEAL

    def _from_left_of(self, seat: int) -> list[int]:
        n = len(self._s.seats)
        return [(seat + step) % n for step in range(1, n + 1)]

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
    def chips_held(self) -> int:
        """Every chip the hand holds: the stacks, what players set aside, both pots and what
        is carried (what `view(None)` shows, added up without building it)."""
        s = self._s
        aside = sum(entry.amount for entries in s.asides for entry in entries)
        return sum(s.stacks) + aside + s.pot + s.side + s.carried

    @property
    def options(self) -> PrimeroOptions:
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

    # ---------------------------------------------------------------- the turn

    def _can_act(self, seat: int) -> bool:
        return self._s.status[seat] is _IN

    def _start_round(self, phase: Phase) -> None:
        s = self._s
        s.phase = phase
        s.bet, s.bet_by, s.bare, s.covered = None, None, False, True
        s.passed_round = [False] * len(s.seats)
        if self._live() <= 1:
            self._end_bidding()
            return
        for seat in self._from_left_of(s.dealer):
            if self._can_act(seat):
                s.anchor = s.to_act = seat
                return
        self._end_round()

    def _live(self) -> int:
        return sum(1 for status in self._s.status if status is not _FOLDED)

    def _advance(self, seat: int) -> None:
        """Pass the turn left; the round ends when it comes back to the anchor."""
        s = self._s
        if self._live() <= 1:
            self._end_bidding()
            return
        for step in self._from_left_of(seat):
            if step == s.anchor:
                break
            if self._can_act(step):
                s.to_act = step
                return
        self._end_round()

    def _end_round(self) -> None:
        s = self._s
        s.to_act = None
        if s.phase is Phase.FIRST:
            self._deal()
            s.events.append(new_event("deal", t("Two more cards to each player still in.")))
            self._start_round(Phase.SECOND)
        else:
            self._end_bidding()

    def _end_bidding(self) -> None:
        """Before the cards are shown, those with stakes set aside stake or fold, from the
        current bidder's left (the text, Covering a Bet)."""
        s = self._s
        s.to_act = None
        start = s.bid.bidder if s.bid is not None else s.dealer
        s.queue = [seat for seat in self._from_left_of(start) if s.status[seat] is _IN and self._aside(seat)]
        if s.queue:
            s.phase = Phase.CHOICE
            s.to_act = s.queue[0]
        else:
            self._showdown()

    def _is_last(self, seat: int) -> bool:
        """Whether `seat` is the last to answer before the turn returns to the anchor."""
        s = self._s
        for step in self._from_left_of(seat):
            if step == s.anchor:
                return True
            if self._can_act(step):
                return False
        return True

    def _forced(self, seat: int) -> bool:
        """The text, Covering a Bet: "If you make a bet and no one covers it, the last
        player must match it. They cannot fold." A bet that names no hand need not be
        covered."""
        s = self._s
        return (
            s.phase in (Phase.FIRST, Phase.SECOND)
            and s.options.betting
            and s.bet is not None
            and not s.bare
            and not s.covered
            and s.paid_bet[seat] != s.bet
            and self._is_last(seat)
        )

    # -------------------------------------------------------------------- choices

    def _aside(self, seat: int) -> int:
        return sum(entry.amount for entry in self._s.asides[seat])

    def _owe(self, seat: int) -> int:
        s = self._s
        if s.bet is None or s.paid_bet[seat] == s.bet:
            return 0
        return s.bets[s.bet]

    def _drawable(self) -> int:
        """Cards a player may draw now. Discards are never shuffled back (decision 14), and
        in the first round the cards the second deal needs are kept back."""
        s = self._s
        left = len(s.order) - s.next
        if s.phase is Phase.FIRST:
            left -= DEAL * self._live()
        return max(0, min(MAX_DRAW, left))

    def betting(self) -> Betting:
        """The hand's public bookkeeping of bets and set-asides (`Betting`)."""
        s = self._s
        all_in = s.all_in
        return Betting(
            bets=tuple(s.bets),
            payments=tuple(s.payments),
            bet=s.bet,
            paid_bet=tuple(s.paid_bet),
            anchor=s.anchor,
            covered=s.covered,
            passed_round=tuple(s.passed_round),
            asides=tuple(tuple((entry.bet, entry.amount) for entry in entries) for entries in s.asides),
            all_in=None if all_in is None else (all_in.seat, all_in.bet, all_in.cap),
            queue=tuple(s.queue),
        )

    def choices(self, seat: int) -> TurnChoices | None:
        """What `seat` may do now, or None if it is not their turn."""
        s = self._s
        if seat != s.to_act or s.phase is Phase.OVER:
            return None
        betting = s.options.betting
        stack, aside = s.stacks[seat], self._aside(seat)
        if s.phase is Phase.CHOICE:
            return TurnChoices(
                seat=seat, phase=s.phase, betting=betting, forced=False, owe=0, set_aside=aside,
                stack=stack, stake=True, can_pass=False, pass_sets_aside=0, fold=True, all_in=False,
                max_discard=0, bids={}, bet_range=(0, 0), cover_bet_max=0,
            )  # fmt: skip
        owe = self._owe(seat)
        forced = self._forced(seat)
        draw = self._drawable()
        can_stake = stack >= owe
        can_all_in = betting and s.all_in is None and stack < owe
        can_pass = not forced and draw > 0 and stack >= owe and (s.options.repass or not s.passed_round[seat])
        bids: dict[HandType, tuple[int, ...]] = {}
        bet_range = (0, 0)
        if s.all_in is None:
            room = stack - owe
            limit = s.options.limit_chips
            most = room if limit is None else min(room, limit)
            if not betting:
                bids = self._bid_totals(seat)
            elif most >= 1:
                bids = self._bid_totals(seat)
                bet_range = (1, most)
        cover_bet_max = 0
        if forced and betting and can_stake:
            limit = s.options.limit_chips
            room = stack - owe
            cover_bet_max = room if limit is None else min(room, limit)
        fold = betting and (not forced or not (can_stake or can_all_in or bids))
        return TurnChoices(
            seat=seat, phase=s.phase, betting=betting, forced=forced, owe=owe, set_aside=aside,
            stack=stack, stake=can_stake, can_pass=can_pass, pass_sets_aside=owe if betting else 0,
            fold=fold, all_in=can_all_in, max_discard=draw, bids=bids, bet_range=bet_range,
            cover_bet_max=cover_bet_max,
        )  # fmt: skip

    def _bid_totals(self, seat: int) -> dict[HandType, tuple[int, ...]]:
        """The totals a bid may name for each type: above the current bid, and (second
        round, or the first if the table says so) no more than the hand holds."""
        s = self._s
        current = s.bid
        honest = s.phase is Phase.SECOND or not s.options.overstate_first
        held = forms(s.hands[seat])
        out: dict[HandType, tuple[int, ...]] = {}
        for kind, possible in _TOTALS.items():
            if current is not None and kind < current.type:
                continue
            allowed = possible
            if current is not None and kind == current.type:
                allowed = tuple(t for t in allowed if t > current.total)
            if honest:
                # Decision 5: a bid may conceal a higher hand, never claim more points than
                # the cards hold: the cap is the best total among held types at least as high.
                caps = [total for held_kind, total in held.items() if held_kind >= kind]
                if not caps:
                    continue
                allowed = tuple(t for t in allowed if t <= max(caps))
            if allowed:
                out[kind] = allowed
        return out

    def legal_actions(self, seat: int) -> list[Bid | Stake | Pass | Fold | AllIn]:
        """A finite list covering every kind of move open to `seat`: each possible change of
        cards, and for bids the lowest total of each type at the smallest bet. (Bids with other
        totals and bets in `choices(seat)` are legal too.)"""
        choice = self.choices(seat)
        if choice is None:
            return []
        hand = sorted(self._s.hands[seat])
        discards: list[tuple[Card, ...]] = [()]
        for size in range(1, choice.max_discard + 1):
            discards += list(combinations(hand, size))
        out: list[Bid | Stake | Pass | Fold | AllIn] = []
        if choice.phase is Phase.CHOICE:
            return [Stake(), Fold()]
        if choice.stake:
            out += [Stake(discard=d) for d in discards]
            if choice.cover_bet_max:
                out.append(Stake(bet=1))
        if choice.can_pass:
            out += [Pass(discard=d) for d in discards if d]
        if choice.fold:
            out.append(Fold())
        if choice.all_in:
            out.append(AllIn())
        for kind, allowed in choice.bids.items():
            out.append(Bid(type=kind, total=allowed[0], bet=choice.bet_range[0]))
        return out

    def cost(self, seat: int, action: Any) -> int:
        """Chips leave the table only at settlement, so a move costs the table nothing."""
        return 0

    # ----------------------------------------------------------------------- apply

    def apply(self, seat: int, action: Any) -> list[Event]:
        s = self._s
        if not isinstance(action, Bid | Stake | Pass | Fold | AllIn):
            action = _parse(action)
        if s.phase is Phase.OVER:
            raise IllegalAction(t("This hand is over."))
        check_turn(seat, self.awaiting, s.seats)
        choice = self.choices(seat)
        assert choice is not None
        before = len(s.events)
        if s.phase is Phase.CHOICE:
            self._decide(seat, choice, action)
        elif isinstance(action, Bid):
            self._bid(seat, choice, action)
        elif isinstance(action, Stake):
            self._stake(seat, choice, action)
        elif isinstance(action, Pass):
            self._pass(seat, choice, action)
        elif isinstance(action, Fold):
            if not choice.fold:
                raise IllegalAction(
                    t("You can't fold now: nobody covered the bet, so you must cover it.")
                    if choice.forced
                    else t("Folding isn't part of the non-betting game.")
                )
            self._fold(seat)
            self._advance(seat)
        else:
            self._all_in(seat, choice, action)
        return s.events[before:]

    def _check_discard(self, seat: int, discard: tuple[Card, ...], choice: TurnChoices, least: int) -> None:
        hand = self._s.hands[seat]
        if len(set(discard)) != len(discard) or any(card not in hand for card in discard):
            raise IllegalAction(t("You can only change cards you hold, each once."))
        if len(discard) > MAX_DRAW:
            raise IllegalAction(t("You may change one or two cards, no more."))
        if len(discard) < least:
            raise IllegalAction(t("To pass you must change one or two cards."))
        if len(discard) > choice.max_discard:
            if choice.max_discard == 0:
                raise IllegalAction(t("The deck is spent: no more cards can be drawn."))
            raise IllegalAction(
                tn(
                    "Only {n} card can be drawn now.",
                    "Only {n} cards can be drawn now.",
                    n=choice.max_discard,
                )
            )

    def _draw(self, seat: int, discard: tuple[Card, ...]) -> Msg | None:
        """Change `discard` for the deck's next cards; the log's clause saying so."""
        s = self._s
        if not discard:
            s.drawn[seat] = []
            return None
        hand = s.hands[seat]
        for card in discard:
            hand.remove(card)
        new = s.order[s.next : s.next + len(discard)]
        s.next += len(discard)
        hand.extend(new)
        s.drawn[seat] = list(new)
        s.discards[seat].extend(discard)
        return tn(
            ", discards {cards} and draws {n} card",
            ", discards {cards} and draws {n} cards",
            cards=Join(discard, "space"),
            n=len(discard),
        )

    def _pay_aside(self, seat: int) -> int:
        """Put `seat`'s set-aside stakes into the pot (brings it current)."""
        s = self._s
        total = 0
        for entry in s.asides[seat]:
            self._route(entry.bet, entry.amount)
            total += entry.amount
        s.asides[seat] = []
        s.paid[seat] += total
        return total

    def _route(self, bet: int, amount: int) -> None:
        """Into the main pot, or past an all-in player's cover into the secondary pot (the
        text, Staking: "All bets in excess of what you could have covered (including all
        future increases)")."""
        s = self._s
        all_in = s.all_in
        if all_in is None or bet < all_in.bet:
            s.pot += amount
        elif bet == all_in.bet:
            main = min(amount, all_in.cap)
            s.pot += main
            s.side += amount - main
        else:
            s.side += amount

    def _pay_bet(self, seat: int) -> int:
        """Match the current bet from the stack; returns what was paid."""
        s = self._s
        owe = self._owe(seat)
        if owe:
            assert s.bet is not None
            s.stacks[seat] -= owe
            s.paid[seat] += owe
            self._route(s.bet, owe)
            s.payments[s.bet] += 1
            s.paid_bet[seat] = s.bet
            s.covered = True
        return owe

    def _new_bet(self, seat: int, amount: int, bare: bool) -> None:
        s = self._s
        s.bets.append(amount)
        s.payments.append(0)
        s.bet = len(s.bets) - 1
        s.bet_by, s.bare, s.covered, s.anchor = seat, bare, False, seat
        if amount:
            s.stacks[seat] -= amount
            s.paid[seat] += amount
            self._route(s.bet, amount)
            s.payments[s.bet] += 1
        s.paid_bet[seat] = s.bet

    def _bid(self, seat: int, choice: TurnChoices, action: Bid) -> None:
        s = self._s
        name = s.seats[seat]
        if s.all_in is not None:
            raise IllegalAction(t("No more bids: a player has gone all in this hand."))
        allowed = choice.bids.get(action.type)
        current = s.bid
        if current is not None and (action.type, action.total) <= (current.type, current.total):
            raise IllegalAction(
                t(
                    "A bid must top {bid}: a higher hand type, or {kind} with more than {total} points.",
                    bid=current.said,
                    kind=kind_said(current.type),
                    total=current.total,
                )
            )
        possible = _TOTALS[action.type]
        if action.total not in possible:
            raise IllegalAction(
                t(
                    "A {kind} can't count {total}; it counts between {least} and {most} points.",
                    kind=kind_said(action.type),
                    total=action.total,
                    least=possible[0],
                    most=possible[-1],
                )
            )
        if s.options.betting and choice.bet_range[1] < 1:
            # No bet is affordable, so `choice.bids` is empty: say so, not "can't claim".
            raise IllegalAction(t("You don't have the chips to cover the bet and make a new one."))
        if allowed is None or action.total not in allowed:
            raise IllegalAction(
                t(
                    "You can't claim {hand}: in this round a bid may understate your hand but never "
                    "claim more than it holds.",
                    hand=hand_said(action.type, action.total),
                )
            )
        if s.options.betting:
            low, high = choice.bet_range
            if not low <= action.bet <= high:
                limit = s.options.limit_chips
                if limit is not None and high == limit:
                    said = t(
                        "Your bet must be between {least} and {most} chips (the table's bid limit).",
                        least=low,
                        most=high,
                    )
                else:
                    said = t(
                        "Your bet must be between {least} and {most} chips (what you have).",
                        least=low,
                        most=high,
                    )
                raise IllegalAction(said)
        elif action.bet:
            raise IllegalAction(t("Bids name a hand type and total only in the non-betting game."))
        self._check_discard(seat, action.discard, choice, 0)
        aside = self._pay_aside(seat)
        covered = self._pay_bet(seat)
        s.bid = CurrentBid(type=action.type, total=action.total, bidder=seat)
        self._new_bet(seat, action.bet, bare=False)
        bid = (
            t("{hand} at {bet}", hand=s.bid.said, bet=chips_of(action.bet))
            if s.options.betting
            else s.bid.said
        )
        if aside and covered:
            lead = t(
                "{player} puts in {aside} set aside, covers {covered} and bids {bid}",
                player=name,
                aside=chips_of(aside),
                covered=chips_of(covered),
                bid=bid,
            )
        elif aside:
            lead = t(
                "{player} puts in {aside} set aside and bids {bid}",
                player=name,
                aside=chips_of(aside),
                bid=bid,
            )
        elif covered:
            lead = t(
                "{player} covers {covered} and bids {bid}", player=name, covered=chips_of(covered), bid=bid
            )
        else:
            lead = t("{player} bids {bid}", player=name, bid=bid)
        draw = self._draw(seat, action.discard)
        s.events.append(new_event("bid", _full(_then(lead, draw)), seat))
        self._advance(seat)

    def _stake(self, seat: int, choice: TurnChoices, action: Stake) -> None:
        s = self._s
        if not choice.stake:
            raise IllegalAction(t("You don't have the chips to match the bet."))
        if action.bet:
            if not choice.cover_bet_max:
                raise IllegalAction(t("Only a player forced to cover may add a bet that names no hand."))
            if not 1 <= action.bet <= choice.cover_bet_max:
                raise IllegalAction(
                    t(
                        "Your bet must be between {least} and {most} chips.",
                        least=1,
                        most=choice.cover_bet_max,
                    )
                )
        self._check_discard(seat, action.discard, choice, 0)
        name = s.seats[seat]
        aside = self._pay_aside(seat)
        covered = self._pay_bet(seat)
        said = self._staked(name, aside, covered, choice.forced)
        said = _then(said, self._draw(seat, action.discard))
        if action.bet:
            self._new_bet(seat, action.bet, bare=True)
            said = _then(said, t(", then bets {chips} naming no hand", chips=chips_of(action.bet)))
        s.events.append(new_event("stake", _full(said), seat))
        self._advance(seat)

    @staticmethod
    def _staked(name: str, aside: int, covered: int, forced: bool) -> Msg:
        """A stake's main clause: what it put in, set aside and for the bet."""
        if not covered:
            if aside:
                return t("{player} puts in {aside} set aside", player=name, aside=chips_of(aside))
            return t("{player} stands", player=name)
        paid = chips_of(covered)
        if aside and forced:
            return t(
                "{player} puts in {aside} set aside and must cover and covers {chips}",
                player=name,
                aside=chips_of(aside),
                chips=paid,
            )
        if aside:
            return t(
                "{player} puts in {aside} set aside and stakes {chips}",
                player=name,
                aside=chips_of(aside),
                chips=paid,
            )
        if forced:
            return t("{player} must cover and covers {chips}", player=name, chips=paid)
        return t("{player} stakes {chips}", player=name, chips=paid)

    def _pass(self, seat: int, choice: TurnChoices, action: Pass) -> None:
        s = self._s
        if not choice.can_pass:
            if choice.forced:
                raise IllegalAction(t("You can't pass: nobody covered the bet, so you must cover it."))
            if choice.max_discard == 0:
                raise IllegalAction(t("The deck is spent, so nobody can pass now."))
            if s.passed_round[seat] and not s.options.repass:
                raise IllegalAction(t("At this table you may pass only once in a round."))
            raise IllegalAction(t("You don't have the chips to set the bet aside."))
        self._check_discard(seat, action.discard, choice, 1)
        owe = choice.pass_sets_aside
        said = t("{player} passes", player=s.seats[seat])
        if owe:
            assert s.bet is not None
            s.stacks[seat] -= owe
            s.asides[seat].append(_Aside(bet=s.bet, amount=owe))
            s.paid_bet[seat] = s.bet  # answered: set aside, paid in later or half forfeited
            said = t("{player} passes, sets {chips} aside", player=s.seats[seat], chips=chips_of(owe))
        s.passed_round[seat] = True
        s.passes[seat] += 1
        said = _then(said, self._draw(seat, action.discard))
        s.events.append(new_event("pass", _full(said), seat))
        self._advance(seat)

    def _fold(self, seat: int) -> None:
        """Half the set-aside stakes, rounded down, to the pot; the rest back (the text,
        Folding; Domenico's 5 gives 2 to the pot and 3 back)."""
        s = self._s
        total = self._aside(seat)
        forfeit = total // 2
        if forfeit:
            main = sum(self._main_share(entry) for entry in s.asides[seat])
            to_main = forfeit * main // total
            s.pot += to_main
            s.side += forfeit - to_main
        s.stacks[seat] += total - forfeit
        s.paid[seat] += forfeit
        s.asides[seat] = []
        s.status[seat] = _FOLDED
        if total:
            # two counts, two plural messages: each verb agrees with its own ("1 fiche ... va",
            # "3 tornano")
            said = t(
                "{player} folds: {forfeit}, {back}.",
                player=s.seats[seat],
                forfeit=tn(
                    "{n} chip of the {total} set aside to the pot",
                    "{n} chips of the {total} set aside to the pot",
                    n=forfeit,
                    total=total,
                ),
                back=tn("{n} back", "{n} back", n=total - forfeit),
            )
        else:
            said = t("{player} folds.", player=s.seats[seat])
        s.events.append(new_event("fold", said, seat))

    def _main_share(self, entry: _Aside) -> int:
        all_in = self._s.all_in
        if all_in is None or entry.bet < all_in.bet:
            return entry.amount
        if entry.bet == all_in.bet:
            return min(entry.amount, all_in.cap)
        return 0

    def _all_in(self, seat: int, choice: TurnChoices, action: AllIn) -> None:
        s = self._s
        if not choice.all_in:
            if s.all_in is not None:
                raise IllegalAction(t("Only one player per hand may go all in, and someone already has."))
            raise IllegalAction(t("All in is for a bet you can't cover; you can cover this one."))
        self._check_discard(seat, action.discard, choice, 0)
        assert s.bet is not None
        aside = self._pay_aside(seat)
        cap = s.stacks[seat]
        bet = s.bets[s.bet]
        # Chips already paid on this bet beyond the cap move to the secondary pot.
        moved = s.payments[s.bet] * (bet - cap)
        s.pot -= moved
        s.side += moved
        s.all_in = _AllIn(seat=seat, bet=s.bet, cap=cap)
        s.pot += cap
        s.paid[seat] += cap
        s.stacks[seat] = 0
        s.paid_bet[seat] = s.bet
        s.status[seat] = _ALL_IN
        s.covered = True
        said = t("{player} goes all in with {chips}", player=s.seats[seat], chips=chips_of(cap + aside))
        if moved or bet > cap:
            said = _then(said, t("; above {chips} of the bet goes to a secondary pot", chips=chips_of(cap)))
        said = _then(said, self._draw(seat, action.discard))
        s.events.append(new_event("all_in", t("{said}. No more bids this hand.", said=said), seat))
        self._advance(seat)

    def _decide(self, seat: int, choice: TurnChoices, action: Any) -> None:
        s = self._s
        if isinstance(action, Stake) and not action.discard and not action.bet:
            paid = self._pay_aside(seat)
            s.events.append(
                new_event(
                    "stake",
                    t(
                        "{player} stays in and puts in {chips} set aside.",
                        player=s.seats[seat],
                        chips=chips_of(paid),
                    ),
                    seat,
                )
            )
        elif isinstance(action, Fold):
            self._fold(seat)
        else:
            raise IllegalAction(t("Before the showdown you can only stake your set-aside chips or fold."))
        s.queue.pop(0)
        if s.queue:
            s.to_act = s.queue[0]
        else:
            self._showdown()

    # --------------------------------------------------------------- showdown

    def _ranked(self, seats: Sequence[int], key: Any) -> list[int]:
        """`seats` best first by `key`; ties go to the player nearest the dealer on the
        right (the text: "begin with the player on the dealer's right and go around
        backwards")."""
        s = self._s
        n = len(s.seats)
        return sorted(seats, key=lambda seat: (key(seat), (s.dealer - seat - 1) % n))

    def _showdown(self) -> None:
        s = self._s
        s.phase, s.to_act = Phase.OVER, None
        remaining = [seat for seat in range(len(s.seats)) if s.status[seat] is not _FOLDED]
        shown = {seat: forms(s.hands[seat]) for seat in remaining}
        s.showdown = [
            Showing(seat=seat, cards=tuple(sorted(s.hands[seat])), forms=shown[seat]) for seat in remaining
        ]
        for showing in s.showdown:
            best = max(showing.forms.items(), default=None)
            held = t("nothing") if best is None else hand_said(*best)
            shows = t(
                "{player} shows {cards}: {held}.",
                player=s.seats[showing.seat],
                cards=Join(showing.cards, "space"),
                held=held,
            )
            s.events.append(new_event("show", shows, showing.seat))
        payouts = [0] * len(s.seats)
        bid = s.bid
        holders: list[int] = []
        if bid is not None:
            holders = self._ranked(
                [seat for seat in remaining if bid.type in shown[seat]], lambda seat: -shown[seat][bid.type]
            )

        def best_any(pool: Sequence[int]) -> int | None:
            def key(seat: int) -> tuple[int, int]:
                top = max(shown[seat].items(), default=(0, 0))
                return (-int(top[0]), -top[1])

            ranked = self._ranked([seat for seat in pool if shown[seat]], key)
            return ranked[0] if ranked else None

        def divide(amount: int, winner: int, pool: Sequence[int]) -> int:
            """Pay out one pot; returns what stays for the next hand."""
            if s.options.division == "all":
                payouts[winner] += amount
                return 0
            # The text's suggested division: half to the bid hand's winner, half of the rest
            # to the best hand of any type, the remainder stays (decision 11: halves round up).
            first = amount - amount // 2
            rest = amount - first
            second = rest - rest // 2
            payouts[winner] += first
            other = best_any(pool)
            if s.best_any is None:  # the main pot's best hand is the one the view names
                s.best_any = other
            if other is None:
                return rest
            payouts[other] += second
            return rest - second

        if not s.options.betting:
            self._score(holders, shown)
            s.carried = s.pot + s.side
        elif not holders:
            s.carried = s.pot + s.side
        else:
            winner = holders[0]
            s.winner = winner
            all_in = s.all_in
            if all_in is not None and all_in.seat == winner:
                carried = divide(s.pot, winner, remaining)
                if len(holders) > 1:
                    s.second = holders[1]
                    others = [seat for seat in remaining if seat != winner]
                    carried += divide(s.side, holders[1], others) if s.side else 0
                else:
                    carried += s.side  # decision 9: nobody else holds the bid hand
            else:
                carried = divide(s.pot + s.side, winner, remaining)
            s.carried = carried
        s.payouts = payouts
        for seat, amount in enumerate(payouts):
            s.stacks[seat] += amount
        s.pot = s.side = 0
        s.events.append(new_event("result", self._summary(), s.winner))

    def _score(self, holders: list[int], shown: Mapping[int, Mapping[HandType, int]]) -> None:
        """Non-betting: the winner scores 100 per holder of the bid type plus their total;
        every other holder scores their total (the text, A non-betting Variant)."""
        s = self._s
        points = [0] * len(s.seats)
        bid = s.bid
        if bid is not None and holders:
            for seat in holders:
                points[seat] = shown[seat][bid.type]
            points[holders[0]] += WIN_BONUS * len(holders)
            s.winner = holders[0]
        s.points = points

    def _summary(self) -> Msg:
        """The hand's result in a sentence, then the tie by seniority if there was one."""
        said = self._result()
        tie = self.tie()
        return said if tie is None else t("{result} {tie}", result=said, tie=tie)

    def _result(self) -> Msg:
        s = self._s
        bid = s.bid
        if bid is None:
            if s.carried:
                return t(
                    "Nobody bid this hand, so nobody wins; the pot of {chips} stays for the next hand.",
                    chips=chips_of(s.carried),
                )
            return t("Nobody bid this hand, so nobody wins.")
        kind = kind_said(bid.type)
        if s.winner is None:
            if s.carried:
                return t(
                    "Nobody shows {kind}, so nobody wins; the pot of {chips} stays for the next hand.",
                    kind=kind,
                    chips=chips_of(s.carried),
                )
            return t("Nobody shows {kind}, so nobody wins.", kind=kind)
        name = s.seats[s.winner]
        if s.points is not None:
            return t(
                "{player} wins with {kind} and scores {points}.",
                player=name,
                kind=kind,
                points=points_of(s.points[s.winner]),
            )
        assert s.payouts is not None
        said = t(
            "{player} wins with the best {kind} and takes {chips}",
            player=name,
            kind=kind,
            chips=chips_of(s.payouts[s.winner]),
        )
        if s.second is not None:
            said = _then(said, t("; {player} takes the secondary pot", player=s.seats[s.second]))
        if s.best_any is not None and s.best_any != s.winner:
            said = _then(
                said,
                t(
                    "; {player}, with the best hand of any type, takes half the rest",
                    player=s.seats[s.best_any],
                ),
            )
        if s.carried:
            said = _then(
                said,
                tn(
                    "; {n} chip stays in the pot for the next hand",
                    "; {n} chips stay in the pot for the next hand",
                    n=s.carried,
                ),
            )
        return _full(said)

    def tie(self) -> Msg | None:
        """Why the winner won if others showed the same total of the bid type (decision 10):
        "Ana and Bruno both hold primero 78; Ana wins the tie as the nearer to the dealer's
        right." None when nobody tied (or nobody won)."""
        s = self._s
        bid, winner = s.bid, s.winner
        if bid is None or winner is None:
            return None
        shown = {showing.seat: showing.forms for showing in s.showdown or ()}
        total = shown[winner][bid.type]
        tied = self._ranked(
            [seat for seat, forms in shown.items() if forms.get(bid.type) == total], lambda _: 0
        )
        if len(tied) < 2:
            return None
        names = [s.seats[seat] for seat in tied]
        who = Join(names)
        held = hand_said(bid.type, total)
        if len(tied) == 2:
            return t(
                "{players} both hold {hand}; {player} wins the tie as the nearer to the dealer's right.",
                players=who,
                hand=held,
                player=names[0],
            )
        return t(
            "{players} all hold {hand}; {player} wins the tie as the nearest to the dealer's right.",
            players=who,
            hand=held,
            player=names[0],
        )

    @property
    def outcome(self) -> Outcome | None:
        """Set once the hand is over. `paid_in` counts what each seat put in this hand;
        chips in the pot from an earlier hand are `view.carried_in`, so
        sum(paid_in) + carried_in == sum(paid_out) + carried."""
        s = self._s
        if s.phase is not Phase.OVER:
            return None
        assert s.payouts is not None
        winners = tuple(dict.fromkeys(w for w in (s.winner, s.second, s.best_any) if w is not None))
        return Outcome(
            winners=winners,
            paid_in=tuple(s.paid),
            paid_out=tuple(s.payouts),
            carried=s.carried,
            said=self._summary(),
        )

    # ------------------------------------------------------------------------ view

    def view(self, seat: int | None) -> PrimeroView:
        s = self._s
        over = s.phase is Phase.OVER
        return PrimeroView(
            seats=tuple(s.seats),
            options=s.options,
            you=seat,
            phase=s.phase,
            dealer=s.dealer,
            to_act=s.to_act,
            bid=s.bid,
            bet=0 if s.bet is None else s.bets[s.bet],
            bet_by=s.bet_by,
            bare=s.bare,
            forced=s.to_act if s.to_act is not None and self._forced(s.to_act) else None,
            pot=s.pot,
            side_pot=s.side,
            carried_in=s.carried_in,
            stacks=tuple(s.stacks),
            set_aside=tuple(self._aside(i) for i in range(len(s.seats))),
            paid=tuple(s.paid),
            status=tuple(s.status),
            passes=tuple(s.passes),
            discards=tuple(tuple(d) for d in s.discards),
            hand_sizes=tuple(len(h) for h in s.hands),
            deck_left=len(s.order) - s.next,
            all_in=None if s.all_in is None else s.all_in.seat,
            hand=tuple(sorted(s.hands[seat])) if seat is not None else None,
            forms=forms(s.hands[seat]) if seat is not None else None,
            drawn=tuple(s.drawn[seat]) if seat is not None else None,
            showdown=tuple(s.showdown) if s.showdown is not None else None,
            winner=s.winner,
            second=s.second,
            best_any=s.best_any,
            payouts=tuple(s.payouts) if s.payouts is not None else None,
            points=tuple(s.points) if s.points is not None else None,
            carried=s.carried,
            commitment=s.commitment,
            seed=s.seed if over else None,
        )

    # ------------------------------------------------------------------------ json

    def to_json(self) -> dict[str, Any]:
        return self._s.model_dump(mode="json")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        state = SAVED.read(_State, data, GAME_ID, (JSON_FORMAT,), context=_CARDS)
        if _malformed(state):
            raise SAVED.damaged()
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
    """Shapes and numbers no real hand has: per-seat lists of the wrong length, seats or
    bets that don't exist, negative chips."""
    count = len(s.seats)
    seats = range(count)
    bets = range(len(s.bets))
    per_seat: list[Sequence[object]] = [s.hands, s.drawn, s.discards, s.status, s.stacks, s.asides]
    per_seat += [s.paid, s.passed_round, s.passes, s.paid_bet]
    optional_seats = [s.to_act, s.bet_by, s.winner, s.second, s.best_any]
    optional_seats += [None if s.bid is None else s.bid.bidder, None if s.all_in is None else s.all_in.seat]
    chips = [*s.stacks, *s.paid, *s.bets, s.pot, s.side, s.carried_in, s.carried]
    chips += [entry.amount for entries in s.asides for entry in entries]
    return (
        not MIN_PLAYERS <= count <= MAX_PLAYERS
        or any(len(items) != count for items in per_seat)
        or any(len(result) != count for result in (s.payouts, s.points) if result is not None)
        or s.dealer not in seats
        or s.anchor not in seats
        or any(seat is not None and seat not in seats for seat in optional_seats)
        or any(seat not in seats for seat in s.queue)
        or not 0 <= s.next <= len(DECK)
        or any(len(hand) > 2 * DEAL for hand in s.hands)
        or len(s.payments) != len(s.bets)
        or (s.bet is not None and s.bet not in bets)
        or any(index is not None and index not in bets for index in s.paid_bet)
        or any(entry.bet not in bets for entries in s.asides for entry in entries)
        or (s.all_in is not None and (s.all_in.bet not in bets or s.all_in.cap < 0))
        or min(chips) < 0
        or (s.phase is Phase.OVER) != (s.to_act is None)
        or (s.phase is Phase.OVER) != (s.payouts is not None)
        or (s.to_act is not None and s.status[s.to_act] is not _IN)
    )


def _parse(action: Any) -> Bid | Stake | Pass | Fold | AllIn:
    if isinstance(action, Mapping):
        try:
            return _ACTIONS.validate_python(action, context=_CARDS)
        except ValidationError:
            pass
    raise IllegalAction(t("That is not a Primero move; bid, stake, pass or fold."))
