"""Peg Leg (Postas Games, "Modern Variations"), as a pure state machine.

One pass through a shuffled 50-card Postas deck that plays itself up into five stacks as
in Prima Carta's first pass. The first card sets the key suit (and is its foundation);
players bet against the house on exactly how many cards the key suit's stack will hold
when the pass is over, and after every card of the key suit they may bet again or
surrender a bet. The house banks every bet at prices worked out from the odds at that
moment (`engine.peg_leg.odds`), each with a house edge.

Rule decisions cite `postas-prima-carta-holdout.txt` ("the text") and are listed in
docs/RULES.md, "Peg Leg". Internally a card is an int, `suit_index * 10 + rank - 1`.
"""

from __future__ import annotations

import copy
import functools
import itertools
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, Field, StrictInt, TypeAdapter, ValidationError

from engine.core.cards import POSTAS_50, Card
from engine.core.errors import BadSetup, IllegalAction, NotYourTurn, RuleError
from engine.core.game import Event, Outcome, new_event
from engine.core.msg import Domain, Join, Msg, Number
from engine.core.rng import commitment as deal_commitment
from engine.core.rng import shuffled
from engine.core.saves import SavedHand
from engine.core.turns import check_turn
from engine.peg_leg import odds

GAME_ID = "peg_leg"
t = Domain(GAME_ID)
tn = t.n
"""Peg Leg's words (issue 26): the `peg_leg` catalogue; the bot renders them in the
reader's language, `event.text` and `str()` of an error keep the English."""
SAVED = SavedHand("Peg Leg")
"""How this game speaks of its saved hands (engine.core.saves)."""
JSON_FORMAT = 2
"""What `to_json` writes. Format 2 saves the state the moves led to (the stacks, the bets,
the log) beside the moves, and `from_json` reads it, checking it against the deal; format 1
saved the moves alone, and is still read by replaying them."""
_FORMATS = (1, JSON_FORMAT)
MIN_SEATS = 2
MAX_SEATS = 6

SUITS: tuple[str, ...] = POSTAS_50.suits
SUIT_LABELS: tuple[str, ...] = POSTAS_50.suit_labels
CARDS: tuple[Card, ...] = POSTAS_50.cards()
"""`CARDS[code]` is the card with int code `suit_index * 10 + rank - 1`."""
CODE_BY_TEXT: dict[str, int] = {card.code: code for code, card in enumerate(CARDS)}
_TEXT: tuple[str, ...] = tuple(card.code for card in CARDS)
HEIGHTS = range(1, 11)
"""The numbers a bet can name: the key stack's height at the end of the pass, 1 to 10 (the
foundation counts, so it is never 0)."""


class PegLegOptions(BaseModel, frozen=True):
    """Table options."""

    stake: int = Field(default=1, ge=1)
    """The smallest bet, in chips."""
    cap: int = Field(default=20, ge=1, le=1000)
    """The most one player may bet in one hand, in stakes."""


class StandPat(BaseModel, frozen=True):
    """Keep your bets as they are until the next card of the key suit: you are done for
    this round."""

    kind: Literal["stand"] = "stand"


class KeyBet(BaseModel, frozen=True):
    """Bet `amount` chips that the key stack ends exactly `number` cards high, at the price
    offered now; with `stand`, that is also your last move for this card (as if you then
    pressed Stand: bet and done in one move)."""

    kind: Literal["bet"] = "bet"
    number: int
    amount: int
    stand: bool = False


class Surrender(BaseModel, frozen=True):
    """Give up your bet number `bet` (its place in the hand's list of bets) for its
    cash-out value now, paid when the hand is settled."""

    kind: Literal["surrender"] = "surrender"
    bet: int


class Standing(BaseModel, frozen=True):
    """A standing decision: from now on you stand after every card without being asked,
    for the rest of the hand (`hand`) or until one of your open bets is beaten — the key
    stack has grown past its number, so it can no longer win (`beaten`); `off` cancels it.
    May be set or cancelled whenever bets are open, also after you stood for this card."""

    kind: Literal["standing"] = "standing"
    until: Literal["hand", "beaten", "off"]


PegLegAction = Annotated[StandPat | KeyBet | Surrender | Standing, Field(discriminator="kind")]
_ACTION: TypeAdapter[StandPat | KeyBet | Surrender | Standing] = TypeAdapter(PegLegAction)
STAND = StandPat()
STAND_FOR_THE_HAND = Standing(until="hand")
STAND_UNTIL_BEATEN = Standing(until="beaten")
STOP_STANDING = Standing(until="off")


_OPEN, _SURRENDERED, _SETTLED = 0, 1, 2


class Phase(StrEnum):
    """What the hand is waiting for."""

    BETTING = "betting"
    """A round of decisions is open after a card: every player with a move decides at once."""
    OVER = "over"
    """The pass is over and the bets are settled."""


class BetStatus(StrEnum):
    """Where a bet stands."""

    OPEN = "open"
    SURRENDERED = "surrendered"
    WON = "won"
    LOST = "lost"


class Price(BaseModel, frozen=True):
    """What the table offers on one height right now."""

    number: int
    chance: float
    """The estimated chance the key stack ends exactly this high."""
    tenths: int
    """Payout odds in tenths ("42" = 4.2 to 1); 0 when the number is not offered."""

    @property
    def offered(self) -> bool:
        return self.tenths > 0


class BetView(BaseModel, frozen=True):
    """One bet of the hand, as everyone sees it."""

    index: int
    seat: int
    number: int
    amount: int
    tenths: int
    after: int
    """Cards dealt when the bet was placed."""
    status: BetStatus
    value: int
    """Open: what surrendering it would pay now (0 if it can't be). Surrendered: what it
    cashed out for. Won: what it pays back, stake included. Lost: 0."""


class StackView(BaseModel, frozen=True):
    """One suit's stack, foundation first."""

    suit: str
    label: str
    cards: list[Card]
    key: bool


class PegLegView(BaseModel, frozen=True):
    """Everything public about a hand, as seen from `you` (None = onlooker). The only
    hidden thing is the order of the cards not yet dealt."""

    game_id: str = GAME_ID
    you: int | None
    seats: list[str]
    stake: int
    cap: int
    """The most a player may bet in this hand, in chips."""
    dealer: int
    phase: Phase
    key_suit: str
    key_label: str
    key_height: int
    first: Card
    dealt: list[Card]
    """Every card dealt so far, in order."""
    undealt: int
    stacks: list[StackView]
    discard: list[Card]
    """Bottom first; the last card is the top."""
    round_after: int
    """Cards dealt when the round of decisions in play opened (0 when none is open)."""
    prices: list[Price]
    """Heights 1..10 with the current chances and payouts (empty when no round is open)."""
    awaiting: list[int]
    standing: list[str | None]
    """Each seat's standing decision in force: "hand", "beaten" or None."""
    bets: list[BetView]
    staked: list[int]
    """Chips each seat has bet this hand."""
    legal: list[PegLegAction]
    final: int | None
    """The key stack's height once the pass is over."""
    commitment: str
    seed: int | None
    order: list[Card] | None


class PegLeg:
    """One hand of Peg Leg. Implements `engine.core.game.Game`."""

    game_id = GAME_ID

    _options: PegLegOptions
    _seats: tuple[str, ...]
    _dealer: int
    _seed: int
    _order: list[int]
    _commitment: str
    _dealt: int
    _count: list[int]
    _foundation: list[int]
    _wanted: bytearray
    _discard: list[int]
    _key: int
    _phase: Phase
    _round: int
    _stood: list[bool]
    _orders: list[str | None]
    """Each seat's standing decision ("hand", "beaten") or None: a seat whose decision
    holds is not asked, and stands, after every card (docs/RULES.md, Peg Leg decision 11)."""
    _hist: tuple[int, ...]
    _pricing: int
    """How this hand turns a histogram into prices (`odds.PRICING`, or `odds.LEGACY_PRICING`
    for a hand saved before it): a hand keeps the prices it offered."""
    _priced: list[tuple[int, tuple[int, ...]]]
    """Each round priced so far: cards dealt when it opened, and its histogram."""
    _bets: list[list[int]]
    """Each bet: [seat, number, amount, tenths, after, value, how]; `how` is _OPEN (value
    unused), _SURRENDERED (value: its cash-out) or _SETTLED (value: what it pays back)."""
    _events: list[Event]
    _moves: list[tuple[int, dict[str, Any]]]

    # ----------------------------------------------------------------- set-up

    @classmethod
    def new(cls, options: PegLegOptions, seats: Sequence[str], seed: int, dealer: int = 0) -> Self:
        """Shuffle with `Random(seed)`, turn the first card (the key suit) and open the
        opening round of bets."""
        return cls._start(options, seats, shuffled(range(50), seed), dealer, seed)

    @classmethod
    def new_from_order(
        cls,
        options: PegLegOptions,
        seats: Sequence[str],
        order: Sequence[Card],
        dealer: int = 0,
        seed: int = 0,
    ) -> Self:
        """Like `new`, but deal `order` (all 50 Postas cards, first dealt first)."""
        codes = [CODE_BY_TEXT.get(card.code, -1) if card in POSTAS_50 else -1 for card in order]
        if len(codes) != 50 or sorted(codes) != list(range(50)):
            raise BadSetup(t("The deck must hold each of the 50 Postas cards exactly once."))
        return cls._start(options, seats, codes, dealer, seed)

    @classmethod
    def _start(
        cls,
        options: PegLegOptions,
        seats: Sequence[str],
        order: list[int],
        dealer: int,
        seed: int,
        pricing: int = odds.PRICING,
        commitment: str | None = None,
    ) -> Self:
        """A hand dealt from `order` up to its opening round (`commitment`: the deal's, when
        the caller has just checked it)."""
        self = cls._unplayed(options, seats, order, dealer, seed, pricing, commitment)
        # "The first card is dealt to establish the key suit" (the text, Peg Leg): it is the
        # key suit's foundation, and the opening round of bets follows it.
        first = self._order[0]
        self._deal_one()
        self._events.append(
            new_event(
                "key",
                t(
                    "The first card is {card}: {suit} is the key suit. Opening bets are open.",
                    card=card_name(first),
                    suit=suit_name(self._key),
                ),
            )
        )
        self._open_round(deal=False)
        return self

    @classmethod
    def _unplayed(
        cls,
        options: PegLegOptions,
        seats: Sequence[str],
        order: list[int],
        dealer: int,
        seed: int,
        pricing: int,
        commitment: str | None,
    ) -> Self:
        """The hand before its first card: nothing dealt, bet or said."""
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise BadSetup(t("Peg Leg needs {least} to {most} players.", least=MIN_SEATS, most=MAX_SEATS))
        if not 0 <= dealer < len(seats):
            raise BadSetup(t("The dealer must be one of the seats at the table."))
        self = cls.__new__(cls)
        self._options = options
        self._seats = tuple(seats)
        self._dealer = dealer
        self._seed = seed
        self._order = list(order)
        if commitment is None:
            commitment = deal_commitment(seed, [_TEXT[code] for code in self._order])
        self._commitment = commitment
        self._dealt = 0
        self._count = [0] * 5
        self._foundation = [-1] * 5
        self._wanted = bytearray(b"\x01" * 50)
        self._discard = []
        self._key = odds.SUIT_OF[self._order[0]]
        self._phase = Phase.BETTING
        self._round = 0
        self._stood = [False] * len(seats)
        self._orders = [None] * len(seats)
        self._hist = ()
        self._pricing = pricing
        self._priced = []
        self._bets = []
        self._events = []
        self._moves = []
        return self

    # ----------------------------------------------------------------- the deal

    def _deal_one(self) -> bool:
        """Deal the next card, play up what it allows; True if it touched the key stack or
        was a key card (a round of decisions follows it)."""
        code = first = self._order[self._dealt]
        self._dealt += 1
        key = self._key
        before = self._count[key]
        wanted, count, discard = self._wanted, self._count, self._discard
        if not wanted[code]:
            # An unplayable card goes on top of the discard pile (the text, First Pass).
            discard.append(code)
        else:
            while True:
                suit = odds.SUIT_OF[code]
                size = count[suit] + 1
                if size == 1:
                    # "The first card of each suit automatically becomes the foundation."
                    self._foundation[suit] = code
                    wanted[suit * 10 : suit * 10 + 10] = bytes(10)
                else:
                    wanted[code] = 0
                count[suit] = size
                if size < 10:
                    # The 1 plays on the 10 ("closing the circle of ranks", First Pass).
                    wanted[odds.NEXT[code]] = 1
                # "Before dealing a new card, always check if the top discard can be played up."
                if discard and wanted[discard[-1]]:
                    code = discard.pop()
                else:
                    break
        return odds.SUIT_OF[first] == key or self._count[key] != before

    def _open_round(self, deal: bool = True) -> None:
        """Deal on (unless `deal` is False: the opening round, after the first card) until a
        card opens a round of decisions in which someone has a move, or the pass ends."""
        opening = not deal
        while True:
            if deal:
                # A round follows each card of the key suit, or a card that moved the key
                # stack (docs/RULES.md, "Peg Leg": rounds).
                while self._dealt < 50:
                    if self._deal_one():
                        break
                else:
                    self._finish()
                    return
            deal = True
            if self._dealt < 50 and self._count[self._key] < 10 and self._could_act():
                self._hist = odds.histogram(
                    self._order[: self._dealt], self._key, self._count, self._foundation, self._discard
                )
                self._priced.append((self._dealt, self._hist))
                self._round = self._dealt
                self._stood = [False] * len(self._seats)
                self._lapse_orders()
                if self.awaiting:
                    if not opening:
                        self._events.append(
                            new_event(
                                "round",
                                t(
                                    "Card {place} is {card}; the {suit} stack holds {height}. Bets are open.",
                                    place=self._dealt,
                                    card=card_name(self._order[self._dealt - 1]),
                                    suit=suit_name(self._key),
                                    height=self._count[self._key],
                                ),
                            )
                        )
                    return
            self._hist = ()
            self._round = 0

    def _holds(self, seat: int) -> bool:
        """Whether `seat`'s standing decision stands for it now: for the hand, always; until
        a bet is beaten, while it holds an open bet and none of its open bets is beaten."""
        order = self._orders[seat]
        if order == "hand":
            return True
        return order == "beaten" and self._alive(seat)

    def _lapse_orders(self) -> None:
        """A new round: a decision to stand until a bet is beaten ends once one is, and its
        player is asked again."""
        for seat, order in enumerate(self._orders):
            if order == "beaten" and not self._holds(seat):
                self._orders[seat] = None
                self._events.append(
                    new_event(
                        "standing",
                        t(
                            "{player}'s bet is beaten: they decide again from this card.",
                            player=self._seats[seat],
                        ),
                        seat,
                    )
                )

    def _could_act(self) -> bool:
        """Whether anyone could bet or hold a bet (else no round is worth pricing)."""
        stake = self._options.stake
        if any(bet[6] == _OPEN for bet in self._bets):
            return True
        return any(self._budget(seat) >= stake for seat in range(len(self._seats)))

    def _finish(self) -> None:
        """The pass is over: settle every open bet on the key stack's height."""
        self._phase = Phase.OVER
        self._hist = ()
        self._round = 0
        self._stood = [False] * len(self._seats)
        self._orders = [None] * len(self._seats)
        height = self._count[self._key]
        for bet in self._bets:
            if bet[6] == _OPEN:
                bet[5] = odds.returns(bet[2], bet[3]) if bet[1] == height else 0
                bet[6] = _SETTLED
        self._events.append(
            new_event(
                "end",
                tn(
                    "The pass is over: the {suit} stack holds {n} card.",
                    "The pass is over: the {suit} stack holds {n} cards.",
                    suit=suit_name(self._key),
                    n=height,
                ),
            )
        )
        outcome = self.outcome
        assert outcome is not None and outcome.said is not None
        self._events.append(new_event("result", outcome.said))

    # ----------------------------------------------------------------- reading

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Every seat still deciding in the open round (one with a move besides standing)."""
        if self._phase is not Phase.BETTING or not self._hist:
            return ()
        # Asked after every move (a restart replays each table's), so the round's facts are
        # read once here: whether any number is offered, and what each seat has staked.
        stake, cap, offered = self._options.stake, self.cap(), bool(self._offered())
        staked = [0] * len(self._seats)
        for bet in self._bets:
            staked[bet[0]] += bet[2]
        return tuple(
            seat
            for seat, stood in enumerate(self._stood)
            if not stood
            and not self._holds(seat)
            and ((offered and cap - staked[seat] >= stake) or bool(self._surrenderable(seat)))
        )

    @property
    def to_act(self) -> int | None:
        waiting = self.awaiting
        return waiting[0] if len(waiting) == 1 else None

    @property
    def events(self) -> list[Event]:
        return self._events

    @property
    def commitment(self) -> str:
        return self._commitment

    @property
    def seats(self) -> tuple[str, ...]:
        return self._seats

    @property
    def options(self) -> PegLegOptions:
        return self._options

    @property
    def order(self) -> tuple[Card, ...]:
        return tuple(CARDS[code] for code in self._order)

    @property
    def dealt(self) -> int:
        return self._dealt

    @property
    def key_height(self) -> int:
        return self._count[self._key]

    def cap(self) -> int:
        """The most one player may bet in one hand, in chips."""
        return self._options.cap * self._options.stake

    @property
    def staked(self) -> int:
        """Chips bet this hand by every seat together (what the view's `staked` adds up to)."""
        return sum(bet[2] for bet in self._bets)

    def _staked(self, seat: int) -> int:
        return sum(bet[2] for bet in self._bets if bet[0] == seat)

    def _budget(self, seat: int) -> int:
        return self.cap() - self._staked(seat)

    @property
    def samples(self) -> int:
        """Simulated ends of the pass behind the prices now (0: no round is open)."""
        return sum(self._hist)

    def price(self, number: int) -> int:
        """The payout odds offered on `number` now, in tenths (0: not offered)."""
        if not self._hist or number not in HEIGHTS:
            return 0
        return odds.odds_tenths(self._hist[number], self.samples, self._pricing)

    def chance(self, number: int) -> float:
        if not self._hist or number not in HEIGHTS:
            return 0.0
        return self._hist[number] / self.samples

    def value(self, index: int) -> int:
        """What surrendering open bet `index` pays now (0: it can't be surrendered now)."""
        bet = self._bets[index]
        if bet[6] != _OPEN or not self._hist:
            return 0
        return odds.cash_out(bet[2], bet[3], self._hist[bet[1]], self.samples, self._pricing)

    def _surrenderable(self, seat: int) -> list[int]:
        return [
            i for i, bet in enumerate(self._bets) if bet[0] == seat and bet[6] == _OPEN and self.value(i) > 0
        ]

    def _offered(self) -> list[int]:
        return list(_offered_numbers(self._hist, self._pricing)) if self._hist else []

    # ----------------------------------------------------------------- moves

    def legal_actions(self, seat: int) -> list[StandPat | KeyBet | Surrender | Standing]:
        """Stand; stand for the rest of the hand, or until a bet is beaten (when one can
        still win); surrender each open bet worth something; a one-stake bet on each number
        offered (any amount from the stake up to what the cap leaves is legal too, and a bet
        that stands at once). A seat not awaited has none, though it may set or cancel a
        standing decision while bets are open (`standing_moves`)."""
        if seat not in self.awaiting:
            return []
        out: list[StandPat | KeyBet | Surrender | Standing] = [STAND, *self.standing_moves(seat)]
        out += [Surrender(bet=index) for index in self._surrenderable(seat)]
        if self._budget(seat) >= self._options.stake:
            out += [KeyBet(number=n, amount=self._options.stake) for n in self._offered()]
        return out

    def standing_moves(self, seat: int) -> list[Standing]:
        """The standing decisions `seat` may set or cancel now: any time bets are open,
        whether or not the round waits on it."""
        if self._phase is not Phase.BETTING or not 0 <= seat < len(self._seats):
            return []
        order = self._orders[seat]
        out = [] if order == "hand" else [STAND_FOR_THE_HAND]
        if order != "beaten" and self._alive(seat):
            out.append(STAND_UNTIL_BEATEN)
        if order is not None:
            out.append(STOP_STANDING)
        return out

    def _alive(self, seat: int) -> bool:
        """`seat` holds an open bet and none of its open bets is beaten."""
        alive = [bet[1] >= self._count[self._key] for bet in self._bets if bet[0] == seat and bet[6] == _OPEN]
        return bool(alive) and all(alive)

    def apply(
        self, seat: int, action: StandPat | KeyBet | Surrender | Standing | Mapping[str, Any]
    ) -> list[Event]:
        """Play `action` for `seat`. Raises a RuleError with a sentence for the player."""
        if isinstance(action, Mapping):
            try:
                action = _ACTION.validate_python(action)
            except ValidationError as error:
                raise IllegalAction(t("That isn't a Peg Leg move.")) from error
        if isinstance(action, Standing):
            return self._standing(seat, action)
        check_turn(
            seat,
            self.awaiting,
            self._seats,
            over=self._phase is Phase.OVER,
            chosen=t("You've made your choice for this card"),  # everyone decides at once
        )
        before = len(self._events)
        name = self._seats[seat]
        stake = self._options.stake
        if isinstance(action, KeyBet):
            tenths = self.price(action.number)
            if tenths <= 0:
                raise IllegalAction(
                    t("There is no bet on {number} on offer right now.", number=action.number)
                )
            if action.amount < stake:
                raise IllegalAction(t("The smallest bet is {chips}.", chips=chips(stake)))
            budget = self._budget(seat)
            if action.amount > budget:
                raise IllegalAction(
                    tn(  # the verb agrees with what is left ("ti resta 1 fiche")
                        "You can bet at most {cap} in a hand; you have {n} chip left to bet.",
                        "You can bet at most {cap} in a hand; you have {n} chips left to bet.",
                        cap=chips(self.cap()),
                        n=max(0, budget),
                    )
                )
            self._bets.append([seat, action.number, action.amount, tenths, self._dealt, 0, _OPEN])
            self._events.append(
                new_event(
                    "bet",
                    t(
                        "{player} bets {chips} on {number} at {odds}.",
                        player=name,
                        chips=chips(action.amount),
                        number=action.number,
                        odds=odds_said(tenths),
                    ),
                    seat,
                )
            )
            if action.stand:
                self._stood[seat] = True
        elif isinstance(action, Surrender):
            if action.bet not in self._surrenderable(seat):
                raise IllegalAction(t("That bet can't be surrendered now."))
            bet = self._bets[action.bet]
            value = self.value(action.bet)
            bet[5] = value
            bet[6] = _SURRENDERED
            self._events.append(
                new_event(
                    "surrender",
                    t(
                        "{player} surrenders the bet of {chips} on {number} for {value}.",
                        player=name,
                        chips=chips(bet[2]),
                        number=bet[1],
                        value=chips(value),
                    ),
                    seat,
                )
            )
        else:
            self._stood[seat] = True
        move = action.model_dump()
        if isinstance(action, KeyBet) and not action.stand:
            del move["stand"]  # as saved before bets could stand: old saves replay the same
        self._moves.append((seat, move))
        if not self.awaiting:
            self._open_round()
        return self._events[before:]

    def _standing(self, seat: int, action: Standing) -> list[Event]:
        """Set or cancel a standing decision (decision 11): allowed whenever bets are open."""
        if self._phase is Phase.OVER:
            raise IllegalAction(t("The hand is over."))
        if action not in self.standing_moves(seat):
            if action.until == "off":
                raise IllegalAction(t("You have no standing decision to cancel."))
            if action.until == "beaten":
                raise IllegalAction(t("You have no open bet that can still win to stand on."))
            raise IllegalAction(t("You're already standing for the rest of the hand."))
        before = len(self._events)
        name = self._seats[seat]
        self._orders[seat] = None if action.until == "off" else action.until
        if action.until == "hand":
            said = t("{player} stands for the rest of the hand.", player=name)
        elif action.until == "beaten":
            said = t("{player} stands until their bet is beaten.", player=name)
        else:
            said = t("{player} decides card by card again.", player=name)
        self._events.append(new_event("standing", said, seat))
        self._moves.append((seat, action.model_dump()))
        if self._hist and not self.awaiting:
            self._open_round()
        return self._events[before:]

    # ----------------------------------------------------------------- the end

    @property
    def outcome(self) -> Outcome | None:
        if self._phase is not Phase.OVER:
            return None
        seats = len(self._seats)
        paid_in = [0] * seats
        paid_out = [0] * seats
        for bet in self._bets:
            paid_in[bet[0]] += bet[2]
            paid_out[bet[0]] += bet[5]
        house = sum(paid_in) - sum(paid_out)
        winners = tuple(seat for seat in range(seats) if paid_out[seat] > paid_in[seat])
        said = self._summary(paid_in, paid_out, house)
        return Outcome(
            winners=winners,
            paid_in=tuple(paid_in),
            paid_out=tuple(paid_out),
            house=house,
            said=said,
        )

    def _summary(self, paid_in: list[int], paid_out: list[int], house: int) -> Msg:
        height = self._count[self._key]
        parts: list[Msg] = []
        for seat, name in enumerate(self._seats):
            net = paid_out[seat] - paid_in[seat]
            if paid_in[seat]:
                if net > 0:
                    parts.append(t("{player} wins {chips}", player=name, chips=chips(net)))
                elif net < 0:
                    parts.append(t("{player} loses {chips}", player=name, chips=chips(-net)))
                else:
                    parts.append(t("{player} breaks even", player=name))
        if not parts:
            return t("The key stack ended {height} high; nobody bet.", height=height)
        bank = (
            t("the house wins {chips}", chips=chips(house))
            if house >= 0
            else t("the house pays {chips}", chips=chips(-house))
        )
        return t(
            "The key stack ended {height} high: {results}; {bank}.",
            height=height,
            results=Join(tuple(parts), "comma"),
            bank=bank,
        )

    # ----------------------------------------------------------------- the view

    def _stack(self, suit: int) -> list[int]:
        base = self._foundation[suit]
        return [suit * 10 + (base % 10 + step) % 10 for step in range(self._count[suit])]

    def bet_views(self) -> list[BetView]:
        out = []
        for index, bet in enumerate(self._bets):
            seat, number, amount, tenths, after, value, how = bet
            if how == _OPEN:
                status, shown = BetStatus.OPEN, self.value(index)
            elif how == _SETTLED:
                status, shown = (BetStatus.WON, value) if value > 0 else (BetStatus.LOST, 0)
            else:
                status, shown = BetStatus.SURRENDERED, value
            out.append(
                BetView(
                    index=index,
                    seat=seat,
                    number=number,
                    amount=amount,
                    tenths=tenths,
                    after=after,
                    status=status,
                    value=shown,
                )
            )
        return out

    def view(self, seat: int | None) -> PegLegView:
        over = self._phase is Phase.OVER
        prices = (
            [Price(number=n, chance=self.chance(n), tenths=self.price(n)) for n in HEIGHTS]
            if self._hist
            else []
        )
        return PegLegView(
            you=seat,
            seats=list(self._seats),
            stake=self._options.stake,
            cap=self.cap(),
            dealer=self._dealer,
            phase=self._phase,
            key_suit=SUITS[self._key],
            key_label=SUIT_LABELS[self._key],
            key_height=self._count[self._key],
            first=CARDS[self._order[0]],
            dealt=[CARDS[code] for code in self._order[: self._dealt]],
            undealt=50 - self._dealt,
            stacks=[
                StackView(
                    suit=SUITS[suit],
                    label=SUIT_LABELS[suit],
                    cards=[CARDS[code] for code in self._stack(suit)],
                    key=suit == self._key,
                )
                for suit in range(5)
            ],
            discard=[CARDS[code] for code in self._discard],
            round_after=self._round if self._hist else 0,
            prices=prices,
            awaiting=list(self.awaiting),
            standing=list(self._orders),
            bets=self.bet_views(),
            staked=[self._staked(s) for s in range(len(self._seats))],
            legal=list(self.legal_actions(seat)) if seat is not None else [],
            final=self._count[self._key] if over else None,
            commitment=self._commitment,
            seed=self._seed if over else None,
            order=[CARDS[code] for code in self._order] if over else None,
        )

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-safe data: the deal, the moves, and the state they led
        to, which `from_json` checks against the deal (format 2)."""
        text = _TEXT
        return {
            "game_id": GAME_ID,
            "format": JSON_FORMAT,
            "options": self._options.model_dump(),
            "seats": list(self._seats),
            "dealer": self._dealer,
            "seed": self._seed,
            "commitment": self._commitment,
            "order": [text[code] for code in self._order],
            "moves": [{"seat": seat, "action": dict(action)} for seat, action in self._moves],
            "phase": self._phase.value,
            "dealt": self._dealt,
            "key": SUITS[self._key],
            "stacks": list(self._count),
            "discard": [text[code] for code in self._discard],
            "round": self._round,
            "stood": list(self._stood),
            "orders": list(self._orders),
            "odds": list(self._hist),
            "pricing": self._pricing,
            "priced": [[dealt, *hist] for dealt, hist in self._priced],
            "bets": [list(bet) for bet in self._bets],
            "events": [event.to_json() for event in self._events],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore a state written by `to_json`, refusing one the committed deal could not
        have led to. Format 2 is read as saved: the deal is dealt again as far as it went
        and every bet, surrender and settlement is checked against the prices of its round
        and the moves; a format-1 save (its moves alone) is replayed on the deal."""
        snap = SAVED.read(_Snapshot, data, GAME_ID, _FORMATS)
        try:
            codes = [CODE_BY_TEXT[text] for text in snap.order]
            if sorted(codes) != _EVERY_CODE:
                raise KeyError("order")
            if deal_commitment(snap.seed, snap.order) != snap.commitment:
                raise SAVED.deal_unmatched()
            # The prices offered in each round so far are facts of the hand, saved with it:
            # they are read back rather than simulating every round again, which would cost
            # a restart tens of milliseconds per round per table.
            for entry in snap.priced:
                odds.remember(codes[: entry[0]], tuple(entry[1:]))
            if snap.pricing not in (odds.LEGACY_PRICING, odds.PRICING):
                raise ValueError("pricing")
            options = PegLegOptions(**snap.options)
            if snap.format == 1:
                self = cls._start(
                    options, snap.seats, codes, snap.dealer, snap.seed, snap.pricing, snap.commitment
                )
                for move in snap.moves:
                    self.apply(move.seat, move.action)
            else:
                self = cls._unplayed(
                    options, snap.seats, codes, snap.dealer, snap.seed, snap.pricing, snap.commitment
                )
                problem = self._read_played(snap)
                if problem:
                    raise SAVED.damaged(problem)
        except (KeyError, ValueError, ValidationError) as error:
            raise SAVED.damaged() from error
        except (IllegalAction, NotYourTurn) as error:
            raise BadSetup(t("This saved Peg Leg hand's moves don't replay on its deal.")) from error
        replayed = self.to_json()
        if snap.format == 1:
            replayed["format"] = 1  # the replay rebuilt what format 1 did not save
            del replayed["events"]
            if "priced" not in data:  # saved before the prices were kept with the hand
                del replayed["priced"]
            if "pricing" not in data:  # saved before the prices came from exact bounds
                del replayed["pricing"]
            if "orders" not in data:  # saved before standing decisions
                del replayed["orders"]
        if replayed != dict(data):
            raise BadSetup(t("This saved Peg Leg hand doesn't match its deal and its moves."))
        return self

    def _read_played(self, snap: _Snapshot) -> str | None:
        """Take the played state of a format-2 save on this unplayed hand, or say why the
        deal and the moves could not have led to it. The state written from what is taken
        here must then equal the save (`from_json`): that checks the stacks, the discard
        pile, the key suit and the open round's prices, which are the deal's."""
        seats = len(self._seats)
        dealt = snap.dealt
        if not 1 <= dealt <= 50:
            return "it has dealt no card, or more than the deck"
        # The cards fall as they fall whatever is bet: deal them again, noting after which
        # cards a round of decisions could open (the first; then a key card, or one that
        # moved the key stack, while the stack is under ten).
        opens = [1]
        self._deal_one()
        while self._dealt < dealt:
            if self._deal_one() and self._count[self._key] < 10 and self._dealt < 50:
                opens.append(self._dealt)
        hists = {entry[0]: tuple(entry[1:]) for entry in snap.priced}
        rounds = [entry[0] for entry in snap.priced]
        if (
            not rounds
            or hists.get(1) != odds.OPENING
            or any(later <= earlier for earlier, later in itertools.pairwise(rounds))
            or not set(rounds) <= set(opens)
        ):
            return "its rounds of prices do not fit its deal"
        phase = Phase(snap.phase)
        if len(snap.stood) != seats or len(snap.orders) != seats:
            return "it has the wrong number of seats"
        if phase is Phase.BETTING:
            if dealt == 50 or rounds[-1] != dealt:
                return "its open round is not the last card's"
            self._hist, self._round = hists[dealt], dealt
        elif dealt != 50 or any(snap.stood) or any(snap.orders):
            return "a finished pass still has a round open"
        self._phase = phase
        self._stood = list(snap.stood)
        self._orders = list(snap.orders)
        self._priced = [(after, hists[after]) for after in rounds]
        self._bets = [list(bet) for bet in snap.bets]
        self._events = list(snap.events)
        self._moves = [(move.seat, dict(move.action)) for move in snap.moves]
        problem = (
            self._bets_problem(hists, rounds) or self._rounds_problem(opens, rounds) or self._moves_problem()
        )
        if problem:
            return problem
        if phase is Phase.BETTING and not self.awaiting:
            return "its open round waits on nobody"
        return None

    def _bets_problem(self, hists: Mapping[int, tuple[int, ...]], rounds: Sequence[int]) -> str | None:
        """Why the saved bets are not ones the hand could have taken (None when they are):
        each priced as its round offered it, within the cap, and open, cashed out or
        settled as the phase and the key stack's height say."""
        stake, pricing, height = self._options.stake, self._pricing, self._count[self._key]
        staked = [0] * len(self._seats)
        last = 1
        samples = {after: sum(hist) for after, hist in hists.items()}
        for seat, number, amount, tenths, after, value, how in self._bets:
            if not 0 <= seat < len(staked) or number not in HEIGHTS or amount < stake or after < last:
                return "a bet names no seat, no height, too little or a round out of order"
            hist = hists.get(after)
            if (
                hist is None
                or tenths <= 0
                or tenths != odds.odds_tenths(hist[number], samples[after], pricing)
            ):
                return "a bet is not at the price its round offered"
            last = after
            staked[seat] += amount
            if how == _OPEN:
                fits = self._phase is Phase.BETTING and value == 0
            elif how == _SETTLED:
                fits = self._phase is Phase.OVER and value == (
                    odds.returns(amount, tenths) if number == height else 0
                )
            elif how == _SURRENDERED:
                # Cashed out in some round from its own on, at that round's price.
                fits = value > 0 and any(
                    value == odds.cash_out(amount, tenths, hists[r][number], samples[r], pricing)
                    for r in rounds
                    if r >= after
                )
            else:
                fits = False
            if not fits:
                return "a bet's value does not fit how it stands"
        if max(staked) > self.cap():
            return "a seat has bet more than the cap"
        return None

    def _rounds_problem(self, opens: Sequence[int], rounds: Sequence[int]) -> str | None:
        """Why the rounds priced are not the ones the pass opened (None when they are): after
        each card that could open one, a round was priced if someone could still act (a seat
        with room under the cap, or a bet open from before it to the end), and only if
        someone could (that, or a bet cashed out later: when is not saved)."""
        stake, cap, priced = self._options.stake, self.cap(), set(rounds)
        for card in opens:
            staked = [0] * len(self._seats)
            held = maybe = False
            for seat, _, amount, _, after, _, how in self._bets:
                if after < card:
                    staked[seat] += amount
                    held = held or how != _SURRENDERED
                    maybe = maybe or how == _SURRENDERED
            could = held or any(cap - bet >= stake for bet in staked)
            if (card in priced) != could and not (maybe and card in priced):
                return "its rounds of prices are not the ones its pass opened"
        return None

    def _moves_problem(self) -> str | None:
        """Why the saved moves do not account for the saved bets (None when they do): every
        bet made by a bet move of the same seat, height and amount, in order, and every
        cashed-out bet by one surrender of its own seat. And each seat's standing decision
        and whether it stood are what its own last moves allow (its last standing decision
        in force or lapsed; standing only after a stand or a bet that stands)."""
        bets, made, surrendered = self._bets, 0, set()
        decided: list[Any] = [None] * len(self._seats)  # each seat's last standing decision
        done = [False] * len(self._seats)  # whether each seat's last other move ended its part
        for seat, action in self._moves:
            kind, keys = action.get("kind"), frozenset(action)
            if kind == "bet" and "stand" in action:
                if action["stand"] is not True:  # written only when the bet stands
                    return "a move is not one of the game's"
                keys = keys - {"stand"}
            if not 0 <= seat < len(self._seats) or _MOVE_KEYS.get(kind) != keys:
                return "a move is not one of the game's"
            if kind == "bet":
                number, amount = action["number"], action["amount"]
                if (
                    type(number) is not int
                    or type(amount) is not int
                    or made >= len(bets)
                    or bets[made][:3] != [seat, number, amount]
                ):
                    return "a bet move made no saved bet"
                made += 1
                done[seat] = "stand" in action
            elif kind == "surrender":
                index = action["bet"]
                if (
                    type(index) is not int
                    or not 0 <= index < made
                    or index in surrendered
                    or bets[index][0] != seat
                    or bets[index][6] != _SURRENDERED
                ):
                    return "a surrender cashed out no saved bet"
                surrendered.add(index)
                done[seat] = False
            elif kind == "standing":
                if action["until"] not in ("hand", "beaten", "off"):
                    return "a standing decision is not one of the game's"
                decided[seat] = action["until"]
            else:
                done[seat] = True
        if any(order not in (None, last) for order, last in zip(self._orders, decided, strict=True)) or any(
            stood and not last for stood, last in zip(self._stood, done, strict=True)
        ):
            return "a seat's standing decision or stand is not its own last move's"
        if made != len(bets) or surrendered != {i for i, bet in enumerate(bets) if bet[6] == _SURRENDERED}:
            return "the moves do not account for the bets"
        return None


def odds_text(tenths: int) -> str:
    """4.2 to 1 (in English; `odds_said` is the message)."""
    return f"{tenths // 10}.{tenths % 10} to 1"


def odds_said(tenths: int) -> Msg:
    """Payout odds as each language writes them: "4.2 to 1", "4,2 a 1"."""
    return t("{odds} to 1", odds=Number(tenths / 10))


def percent(share: float, places: int = 0) -> Msg:
    """A chance as a percentage, "47%" (or "4.2%" with `places`), rounded as Python's `%`
    format rounds it, in the reader's language."""
    shown = f"{share:.{places}%}"[:-1]
    return t("{percent}%", percent=Number(float(shown), places))


def chips(amount: int) -> Msg:
    """A number of chips in the reader's language: "1 chip", "1,500 chips"."""
    return tn("{n} chip", "{n} chips", n=amount)


SUIT_NAMES: tuple[Msg, ...] = (t("Crowns"), t("Locks"), t("Fruit"), t("Swords"), t("Cups"))
"""The suits' names in the reader's language, in the deck's order (`SUIT_LABELS`)."""


def suit_name(suit: int) -> Msg:
    return SUIT_NAMES[suit]


def card_name(code: int) -> Msg:
    """A card named in words, suit first as the log has always written it: "Locks 4"."""
    return t("{suit} {rank}", suit=SUIT_NAMES[code // 10], rank=code % 10 + 1)


class _MoveJSON(BaseModel):
    seat: int
    action: dict[str, Any]


class _Snapshot(BaseModel):
    game_id: str
    format: int
    options: dict[str, int]
    seats: list[str]
    dealer: int
    seed: int
    commitment: str
    order: list[str]
    moves: list[_MoveJSON]
    priced: list[list[int]] = Field(default_factory=list)
    pricing: int = odds.LEGACY_PRICING
    """Absent from a hand saved before `odds.PRICING`: it was priced the first way."""
    # What format 2 reads rather than replays (format 1 rebuilds it from the moves).
    phase: str = ""
    dealt: int = 0
    stood: list[bool] = Field(default_factory=list)
    orders: list[Literal["hand", "beaten"] | None] = Field(default_factory=list)
    bets: list[Annotated[list[StrictInt], Field(min_length=7, max_length=7)]] = Field(default_factory=list)
    events: list[Event] = Field(default_factory=list)


_EVERY_CODE = list(range(50))
_MOVE_KEYS: dict[Any, frozenset[str]] = {
    "stand": frozenset({"kind"}),
    "bet": frozenset({"kind", "number", "amount"}),
    "surrender": frozenset({"kind", "bet"}),
    "standing": frozenset({"kind", "until"}),
}
"""The keys each kind of saved move has (a bet that stands adds "stand": true)."""


@functools.lru_cache(maxsize=1024)
def _offered_numbers(hist: tuple[int, ...], pricing: int) -> tuple[int, ...]:
    """The numbers offered in a round priced by `hist`: asked for every seat at every
    reading of whose turn it is (a restart replays each table's moves, a click reads the
    turn several times), and the same for the whole round."""
    samples = sum(hist)
    return tuple(n for n in HEIGHTS if odds.odds_tenths(hist[n], samples, pricing) > 0)


def pricing_after(game: PegLeg, seat: int, action: Any) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The prices playing `action` for `seat` would compute: each round it opens, as the
    cards dealt when it opened and the histogram priced there. The heavy part of a move
    (4,000 simulated deals a round), done on a copy of the hand, so that it can run in
    another process: `odds.remember` each entry and the real move finds its prices made.
    A move the rules refuse prices nothing."""
    ahead = copy.deepcopy(game)
    before = len(ahead._priced)
    try:
        ahead.apply(seat, action)
    except RuleError:
        return []
    return [(tuple(ahead._order[:dealt]), hist) for dealt, hist in ahead._priced[before:]]
