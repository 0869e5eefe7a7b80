"""Primero's basic computer player (Bergamese rules).

It plays rules of thumb around one estimate: how likely a hand of some type and
total is to be the best of that type at the showdown, given how many opponents are still
in (from how often each total turns up among all four-card hands, and how often an
opponent can be expected to reach the type by drawing). With that it bids the hand it
holds, stakes hands that beat the bid, passes to draw towards the target that pays best
(counting every draw from the cards it has not seen), folds what cannot win, and at the
end of the hand stakes its set-aside chips only when its cards hold the bid type.

It sees only what its seat sees (`game.view(seat)`, `game.choices(seat)` and the public
log) and keeps no memory between moves, so it can take over any seat at any point. Where
it varies its play (understating a total), the variation is derived from what is on the
table (the bid, the face-up discards) and its own cards, so a seeded table replays exactly.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, TypeVar

from engine.core.cards import Card
from engine.primero.game import (
    DECK,
    AllIn,
    Bid,
    CurrentBid,
    Fold,
    Pass,
    Phase,
    Primero,
    PrimeroView,
    SeatStatus,
    Stake,
    TurnChoices,
)
from engine.primero.hands import ACE, SEVEN, SIX, SUPREMUS_POINTS, HandType, points

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

#: a card as a change names it: the engine's `Card`, or the quick copy's int
Kept = TypeVar("Kept", bound="SupportsRichComparison")

Action = Bid | Stake | Pass | Fold | AllIn
Shape = tuple[int, int, int, int, int, int]
"""A hand's best total per type, indexed by `HandType` (index 0 unused); 0: not formed."""

TYPES = tuple(HandType)
MAX_TOTAL = 4 * 21
"""No hand counts more than four sevens."""

REACH: dict[HandType, float] = {
    HandType.NUMERUS: 0.95,
    HandType.PRIMERO: 0.30,
    HandType.SUPREMUS: 0.03,
    HandType.FLUXUS: 0.05,
    HandType.CHORUS: 0.005,
}
"""How likely one opponent is to hold each type at the showdown, drawing included. Among
dealt four-card hands the shares are about 0.89, 0.11, 0.002, 0.009 and 0.0001 (the text's
probabilities); players change cards towards the bid, so the chances here are higher."""

BID_AT = 0.5
"""Bid (or raise with a better hand) when it is at least this likely to win."""
RAISE_AT = 0.6
"""Top another player's bid only when at least this likely to win."""
STAKE_AT = 0.3
"""Facing a bet, stake without changing cards when this likely to win."""
IMPROVE = 0.08
"""...unless changing cards is expected to add this much, when it passes instead."""
HOPELESS = 0.04
"""Facing a bet, fold when even the best change of cards leaves less chance than this."""
BARE_BET_AT = 0.45
"""A player forced to cover adds a bet naming no hand only with a hand this likely to win
(a stronger one bids instead)."""
HIGHER = 0.8
"""A higher type than the bid is worth this share of its chance: it needs another bid."""
UNDER_BIDDER = 0.05
"""Chance left to a total below the bid when the bid was made in the second round (the
bidder then holds at least that total)."""
UNDER_STALE = 0.25
"""...and when the bid is left from the first round, where hands have changed since."""
TIE = 0.5
"""A total equal to the bid's: ties go by seat, so about even."""

SUITED = 6
"""First round: two cards of one suit are worth this many points more (a numerus made,
and the start of a fluxus or supremus)."""
FIRST_BID = 36
"""First round: bid a numerus when two suited cards score this much with the bonus."""
FIRST_RAISE = 40
"""First round: top another numerus only with this."""
FIRST_STAKE = 31
"""First round: stake a bet, keeping both cards, with this much."""
FIRST_ALL_IN = 30
"""First round: go all in rather than fold with this much."""
ALL_IN_AT = 0.35
"""Second round: go all in rather than fold when this likely to win."""

INDEX: dict[Card, int] = {card: i for i, card in enumerate(DECK)}
SUIT = tuple(sorted({card.suit for card in DECK}).index(card.suit) for card in DECK)
POINTS = tuple(points(card) for card in DECK)
RANK = tuple(card.rank for card in DECK)
BIT = tuple(1 << i for i in range(len(DECK)))


# ------------------------------------------------------------------------ hand shapes


def shape_of(cards: Sequence[int]) -> Shape:
    """The rules of `engine.primero.hands.forms`, on card indexes (tested equal to it)."""
    by_suit: dict[int, list[int]] = {}
    for i in cards:
        by_suit.setdefault(SUIT[i], []).append(POINTS[i])
    numerus = max((sum(sorted(v)[-3:]) for v in by_suit.values() if len(v) >= 2), default=0)
    four = len(cards) == 4
    total = sum(POINTS[i] for i in cards)
    primero = total if four and len(by_suit) == 4 else 0
    supremus = 0
    for suit in by_suit:
        if {ACE, SIX, SEVEN} <= {RANK[i] for i in cards if SUIT[i] == suit}:
            supremus = SUPREMUS_POINTS
    fluxus = total if four and len(by_suit) == 1 else 0
    chorus = total if four and len({RANK[i] for i in cards}) == 1 else 0
    return (0, numerus, primero, supremus, fluxus, chorus)


_SHAPES: dict[int, Shape] = {}
"""Shapes by card mask; at most one entry per hand of up to four cards (about 100,000),
sharing the few thousand distinct shapes."""
_DISTINCT: dict[Shape, Shape] = {}


def shape(mask: int) -> Shape:
    """The shape of the cards in `mask` (bit i: `DECK[i]`), remembered."""
    found = _SHAPES.get(mask)
    if found is None:
        found = shape_of([i for i in range(len(DECK)) if mask >> i & 1])
        found = _SHAPES[mask] = _DISTINCT.setdefault(found, found)
    return found


def mask_of(cards: Sequence[Card]) -> int:
    return sum(BIT[INDEX[card]] for card in cards)


@cache
def _beaten() -> tuple[tuple[float, ...], ...]:
    """Per type and total: the share of four-card hands of that type that beat the total
    (ties count half). Built once from all 91,390 hands."""
    counts = [[0] * (MAX_TOTAL + 1) for _ in range(len(TYPES) + 1)]
    for hand in combinations(range(len(DECK)), 4):
        found = shape_of(hand)
        for kind in TYPES:
            if found[kind]:
                counts[kind][found[kind]] += 1
    out: list[tuple[float, ...]] = [()]
    for kind in TYPES:
        row = counts[kind]
        held = sum(row)
        above = held
        shares = []
        for total in range(MAX_TOTAL + 1):
            above -= row[total]
            shares.append((above + row[total] / 2) / held)
        out.append(tuple(shares))
    return tuple(out)


@cache
def win_table(kind: HandType, opponents: int) -> tuple[float, ...]:
    """Per total, the chance that `kind` at that total is the best of its type against
    `opponents` players (0 at total 0: not held)."""
    beaten = _beaten()[kind]
    reach = REACH[kind]
    table = [(1.0 - reach * beaten[total]) ** opponents for total in range(MAX_TOTAL + 1)]
    table[0] = 0.0
    return tuple(table)


def chance(kind: HandType, total: int, opponents: int) -> float:
    return win_table(kind, opponents)[total]


# ----------------------------------------------------------------------- valuations

Valuer = Callable[[Shape], float]


def valuer(bid: CurrentBid | None, seat: int, opponents: int, stale: bool, can_bid: bool) -> Valuer:
    """How much a four-card hand is worth to `seat` given the bid on the table: the chance
    of being the best holder of the bid type, or of a higher type it could still bid."""
    rows: list[tuple[float, ...]] = [(0.0,) * (MAX_TOTAL + 1)]
    for kind in TYPES:
        table = win_table(kind, opponents)
        if bid is None:
            row = table
        elif kind < bid.type:
            row = (0.0,) * (MAX_TOTAL + 1)
        elif kind > bid.type:
            row = tuple(HIGHER * value for value in table) if can_bid else (0.0,) * (MAX_TOTAL + 1)
        else:
            under = 0.5 if bid.bidder == seat else UNDER_STALE if stale else UNDER_BIDDER
            row = tuple(
                value if total > bid.total or (total == bid.total and bid.bidder == seat)
                else value * TIE if total == bid.total
                else value * under
                for total, value in enumerate(table)
            )  # fmt: skip
        rows.append(row)
    numerus, primero, supremus, fluxus, chorus = rows[1:]

    def value(found: Shape) -> float:
        return max(
            numerus[found[1]], primero[found[2]], supremus[found[3]], fluxus[found[4]], chorus[found[5]]
        )

    return value


def draw_values(
    hand: Sequence[Card], unseen: Sequence[Card], most: int, value: Valuer
) -> dict[tuple[Card, ...], float]:
    """Every change of up to `most` cards (the empty change included), with the expected
    value of the hand after drawing, over every card this seat has not seen."""
    full = mask_of(hand)
    out: dict[tuple[Card, ...], float] = {(): value(shape(full))}
    pool = [BIT[INDEX[card]] for card in unseen]
    if not pool or most < 1:
        return out
    known = _SHAPES.get
    singles: list[tuple[float, Card]] = []
    for card in hand:
        keep = full & ~BIT[INDEX[card]]
        worth = sum(value(known(keep | bit) or shape(keep | bit)) for bit in pool) / len(pool)
        out[(card,)] = worth
        singles.append((worth, card))
    if most < 2 or len(pool) < 2 or len(hand) < 2:
        return out
    # Two-card changes among the three cards whose single change looked best (a pair of
    # the two cards most worth keeping is never the best pair to throw away).
    singles.sort(key=lambda item: (-item[0], item[1]))
    candidates = sorted(card for _, card in singles[:3])
    pairs = len(pool) * (len(pool) - 1) / 2
    for one, two in combinations(candidates, 2):
        keep = full & ~BIT[INDEX[one]] & ~BIT[INDEX[two]]
        total = 0.0
        for index, first in enumerate(pool):
            base = keep | first
            for second in pool[index + 1 :]:
                mask = base | second
                total += value(known(mask) or shape(mask))
        out[(one, two)] = total / pairs
    return out


def opening_values(hand: Sequence[Card], unseen: Sequence[Card], most: int) -> dict[tuple[Card, ...], float]:
    """First round, two cards: each change's expected worth in points (both cards' points,
    plus `SUITED` for one suit), in closed form over the unseen cards."""

    def worth(cards: Sequence[Card]) -> float:
        suited = len(cards) == 2 and cards[0].suit == cards[1].suit
        return sum(points(card) for card in cards) + (SUITED if suited else 0)

    out: dict[tuple[Card, ...], float] = {(): worth(hand)}
    count = len(unseen)
    if count < 1 or most < 1 or len(hand) != 2:
        return out
    mean = sum(points(card) for card in unseen) / count
    suits: dict[str, int] = {}
    for card in unseen:
        suits[card.suit] = suits.get(card.suit, 0) + 1
    for keep, throw in ((hand[0], hand[1]), (hand[1], hand[0])):
        out[(throw,)] = points(keep) + mean + SUITED * suits.get(keep.suit, 0) / count
    if most >= 2 and count >= 2:
        same = sum(n * (n - 1) for n in suits.values()) / (count * (count - 1))
        out[tuple(hand)] = 2 * mean + SUITED * same
    return out


def best_change(values: dict[tuple[Kept, ...], float], empty: bool) -> tuple[tuple[Kept, ...], float]:
    """The best change (the empty one only if `empty`), ties to fewer cards. Cards are the
    engine's here and the quick copy's ints in `engine.primero.search`: one rule for both."""
    options = [(worth, -len(cards), cards) for cards, worth in values.items() if empty or cards]
    if not options:
        return (), float("-inf")
    worth, _, cards = max(options, key=lambda item: (item[0], item[1], sorted(item[2])))
    return cards, worth


def whim(view: PrimeroView, seat: int) -> int:
    """A number for varying play, fixed by public state and this seat's own cards."""
    bid = "-" if view.bid is None else f"{view.bid.type}:{view.bid.total}:{view.bid.bidder}"
    cards = [",".join(card.code for card in view.hand or ())]
    cards += (",".join(card.code for card in discards) for discards in view.discards)
    text = f"{seat}|{view.dealer}|{view.phase}|{bid}|{'/'.join(cards)}"
    return zlib.crc32(text.encode())


def bid_in_first_round(game: Primero) -> bool:
    """Whether the current bid was made before the second deal (from the public log)."""
    deals = 0
    round_of_bid = 0
    for event in game.events:
        if event.kind == "deal":
            deals += 1
        elif event.kind == "bid":
            round_of_bid = deals
    return round_of_bid <= 1


# --------------------------------------------------------------------------- player


class BasicPlayer:
    """Rules of thumb for every seat; deterministic, public information only."""

    level = "basic"

    def choose(self, game: Primero, seat: int) -> Action:
        choice = game.choices(seat)
        if choice is None:
            raise ValueError("It is not this computer player's turn.")
        view = game.view(seat)
        if choice.phase is Phase.CHOICE:
            return self._decide(game, view, choice, seat)
        if choice.phase is Phase.FIRST:
            return self._first(view, choice, seat)
        return self._second(game, view, choice, seat)

    # --------------------------------------------------------------- shared pieces

    @staticmethod
    def _opponents(view: PrimeroView, seat: int) -> int:
        return sum(
            1 for other, status in enumerate(view.status) if other != seat and status is not SeatStatus.FOLDED
        )

    @staticmethod
    def _unseen(view: PrimeroView) -> list[Card]:
        seen = set(view.hand or ())
        for cards in view.discards:
            seen.update(cards)
        return [card for card in DECK if card not in seen]

    @staticmethod
    def _bet(choice: TurnChoices, view: PrimeroView, strength: float) -> int:
        if not choice.betting:
            return 0
        low, high = choice.bet_range
        units = 1 + (strength >= 0.7) + (strength >= 0.9)
        return max(low, min(high, units * view.options.stake))

    @staticmethod
    def _cannot_pay(choice: TurnChoices, good: bool) -> Action:
        """The stack cannot cover the bet: all in with a good hand (or when folding is not
        allowed), else fold."""
        if choice.all_in and (good or not choice.fold):
            return AllIn()
        return Fold()

    def _bid(
        self, view: PrimeroView, choice: TurnChoices, seat: int, opponents: int, at: float, modest: bool
    ) -> Bid | None:
        """The bid of a type this hand really holds that is likeliest to win, if at least
        `at`; its total is the real one, sometimes understated (always the least, if
        `modest`), never more than the cards hold."""
        held = view.forms or {}
        best: tuple[float, HandType, tuple[int, ...]] | None = None
        for kind, allowed in choice.bids.items():
            real = held.get(kind)
            if real is None:
                continue
            honest = tuple(total for total in allowed if total <= real)
            if not honest:
                continue
            # First round: only two cards, so no estimate; such bids are modest, one stake.
            strength = chance(kind, real, opponents) if view.phase is not Phase.FIRST else at
            if best is None or (strength, kind) > (best[0], best[1]):
                best = (strength, kind, honest)
        if best is None or best[0] < at:
            return None
        strength, kind, honest = best
        if modest:
            total = honest[0]
        elif whim(view, seat) % 3 == 0 and len(honest) > 1:
            total = honest[len(honest) // 2]  # understate now and then
        else:
            total = honest[-1]
        return Bid(type=kind, total=total, bet=self._bet(choice, view, strength))

    @staticmethod
    def _change(choice: TurnChoices, change: tuple[Card, ...]) -> Action:
        """Nothing to pay: stand, or change cards (a pass, where the table allows another)."""
        if change and choice.can_pass:
            return Pass(discard=change)
        return Stake(discard=change)

    # ----------------------------------------------------------------- first round

    def _first(self, view: PrimeroView, choice: TurnChoices, seat: int) -> Action:
        hand = view.hand or ()
        opponents = self._opponents(view, seat)
        values = opening_values(hand, self._unseen(view), choice.max_discard)
        worth = values[()]
        suited = len(hand) == 2 and hand[0].suit == hand[1].suit
        if not choice.stake:
            return self._cannot_pay(choice, worth >= FIRST_ALL_IN)
        bid = view.bid
        # A numerus in the making is bid modestly; another's numerus is topped only with a
        # strong one, and never with a claim the cards don't hold.
        if suited and choice.bids:
            topping = bid is not None and bid.bidder != seat
            need = FIRST_RAISE if topping else FIRST_BID
            if worth >= need:
                made = self._bid(view, choice, seat, opponents, 0.0, modest=True)
                if made is not None:
                    return made
        change, _ = best_change(values, empty=True)
        if choice.forced:
            return Stake(discard=change)
        if choice.owe == 0:
            return self._change(choice, change)
        # Facing a bet: keep a good start and stake; otherwise pass, changing the weakest.
        if worth >= FIRST_STAKE and not change:
            return Stake()
        forced_change, _ = best_change(values, empty=False)
        if choice.can_pass and forced_change:
            return Pass(discard=forced_change)
        return Stake(discard=change)

    # ---------------------------------------------------------------- second round

    def _second(self, game: Primero, view: PrimeroView, choice: TurnChoices, seat: int) -> Action:
        hand = view.hand or ()
        opponents = self._opponents(view, seat)
        bid = view.bid
        stale = bid is not None and bid_in_first_round(game)
        value = valuer(bid, seat, opponents, stale, can_bid=view.all_in is None)
        now = value(shape(mask_of(hand)))
        if not choice.stake:
            return self._cannot_pay(choice, now >= ALL_IN_AT)
        theirs = bid is not None and bid.bidder != seat
        if choice.bids:
            at = RAISE_AT if choice.forced or (theirs and choice.owe) else BID_AT
            made = self._bid(view, choice, seat, opponents, at, modest=False)
            if made is not None:
                return made
        values = draw_values(hand, self._unseen(view), choice.max_discard, value)
        change, best = best_change(values, empty=True)
        if choice.forced:
            # Cover. A strong hand has bid above; one that beats the bid but was not
            # strong enough to raise, kept as it is, adds a stake naming no hand.
            bare = 0
            if not change and now >= BARE_BET_AT and choice.cover_bet_max:
                bare = min(view.options.stake, choice.cover_bet_max)
            return Stake(discard=change, bet=bare)
        if choice.owe == 0:
            return self._change(choice, change)
        forced_change, hope = best_change(values, empty=False)
        if now >= STAKE_AT and (not forced_change or hope < now + IMPROVE):
            return Stake()
        worth_trying = hope >= HOPELESS or hope * view.pot >= choice.owe / 2 or not choice.fold
        if choice.can_pass and forced_change and worth_trying:
            return Pass(discard=forced_change)
        if choice.fold and max(now, best) < HOPELESS:
            return Fold()
        if now >= STAKE_AT or not choice.fold:
            return Stake(discard=change)
        # Cannot pass: stake only at fair odds for the chance it has.
        return Stake(discard=change) if best * (view.pot + choice.owe) >= choice.owe else Fold()

    # ------------------------------------------------------------ stake or fold

    def _decide(self, game: Primero, view: PrimeroView, choice: TurnChoices, seat: int) -> Action:
        """Before the showdown: stake the set-aside chips when the cards can win enough of
        the pot to pay for them, else fold (half of them back)."""
        held = view.forms or {}
        bid = view.bid
        opponents = self._opponents(view, seat)
        extra = choice.set_aside - choice.set_aside // 2
        prize = view.pot + view.side_pot + choice.set_aside
        win = 0.0
        if bid is not None and bid.type in held:
            total = held[bid.type]
            base = chance(bid.type, total, opponents)
            if total > bid.total or bid.bidder == seat:
                win = base
            elif total == bid.total:
                win = base * TIE
            else:
                win = base * (UNDER_STALE if bid_in_first_round(game) else UNDER_BIDDER)
        if view.options.division == "split" and held:
            # The best hand of any type takes half of what the bid hand's winner leaves.
            top = max(held)
            if bid is None or top > bid.type:
                win += chance(top, held[top], opponents) / 4
        if not choice.fold or (win > 0 and win * prize >= extra):
            return Stake()
        return Fold()
