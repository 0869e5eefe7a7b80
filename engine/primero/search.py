"""What the strong Primero player thinks with: imagined deals and a quick copy of the rules.

`imagine` deals the cards a seat has not seen (from its own view only: its hand, and every
discard, which lies face up) into the other hands and the deck, each as large as the view
says, and makes the bidder's cards agree with what the bid says: a bid in the second round
may understate but never claim more than the cards hold (decision 5), so while the bidder
has not changed a card since, its hand holds a type at least as high as the bid with at
least the bid's total. `Sim` is the imagined hand as plain ints with every rule of
`game.py` (the two rounds and the deal between them, bids, stakes, passes and set-asides,
forced cover and the bet that names no hand, all in and the secondary pot, the choice
before the showdown, ties, the split pot and the points game), tested against the engine
move for move; and `quick_move` is the basic player's judgement on it, the same rules of
thumb (`players.BasicPlayer`), but valuing a change of cards on a few drawn cards instead
of every card unseen, so that a hand can be played out to its end in well under a
millisecond.

A card is its index in `DECK`.
"""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from engine.primero.basic import (
    _SHAPES,
    ALL_IN_AT,
    BARE_BET_AT,
    BID_AT,
    BIT,
    FIRST_ALL_IN,
    FIRST_BID,
    FIRST_RAISE,
    FIRST_STAKE,
    HIGHER,
    HOPELESS,
    IMPROVE,
    INDEX,
    MAX_TOTAL,
    POINTS,
    RAISE_AT,
    STAKE_AT,
    SUIT,
    SUITED,
    TIE,
    TYPES,
    UNDER_BIDDER,
    UNDER_STALE,
    best_change,
    chance,
    shape,
    win_table,
)
from engine.primero.game import DECK, WIN_BONUS, Betting, Phase, PrimeroView, SeatStatus
from engine.primero.hands import HandType, totals

FIRST, SECOND, CHOICE, OVER = 0, 1, 2, 3
IN, FOLDED, ALL_IN = 0, 1, 2
PHASES = {Phase.FIRST: FIRST, Phase.SECOND: SECOND, Phase.CHOICE: CHOICE, Phase.OVER: OVER}
STATUS = {SeatStatus.IN: IN, SeatStatus.FOLDED: FOLDED, SeatStatus.ALL_IN: ALL_IN}

STAKE, PASS, FOLD, BID, ALLIN = 0, 1, 2, 3, 4
Move = tuple[int, tuple[int, ...], int, int, int]
"""(kind, cards to change, bid type, bid total, bet): a stake's bet is the forced coverer's
bet that names no hand; unused parts are 0."""
FOLDING: Move = (FOLD, (), 0, 0, 0)
STANDING: Move = (STAKE, (), 0, 0, 0)

TOTALS = {int(kind): values for kind, values in totals().items()}
CARDS = range(len(DECK))
DEAL, MAX_DRAW = 2, 2
DRAWS = 6
"""Cards (or pairs) drawn to value a change of cards in a played-out hand."""


class Choices:
    """`game.TurnChoices` as plain values."""

    __slots__ = (
        "all_in",
        "bet_high",
        "bet_low",
        "bids",
        "can_pass",
        "cover_bet_max",
        "fold",
        "forced",
        "max_discard",
        "owe",
        "stake",
    )

    owe: int
    forced: bool
    stake: bool
    can_pass: bool
    fold: bool
    all_in: bool
    max_discard: int
    bids: dict[int, list[int]]
    bet_low: int
    bet_high: int
    cover_bet_max: int


class Sim:
    """One Primero hand as plain ints, played to its end."""

    __slots__ = (
        "all_in",
        "anchor",
        "ante",
        "asides",
        "bare",
        "bet",
        "bet_by",
        "bets",
        "betting",
        "bid",
        "bid_round",
        "carried",
        "covered",
        "dealer",
        "deck",
        "gone",
        "hands",
        "limit",
        "next",
        "overstate",
        "paid_bet",
        "passed_round",
        "payments",
        "phase",
        "points",
        "pot",
        "queue",
        "repass",
        "side",
        "split",
        "stacks",
        "stake",
        "status",
        "to_act",
        "winner",
    )

    stake: int
    ante: int
    limit: int | None
    repass: bool
    overstate: bool
    split: bool
    betting: bool
    dealer: int
    phase: int
    deck: list[int]
    next: int
    hands: list[list[int]]
    gone: int
    """Mask of every card discarded (face up)."""
    status: list[int]
    stacks: list[int]
    asides: list[list[tuple[int, int]]]
    pot: int
    side: int
    bid: tuple[int, int, int] | None
    """(type, total, bidder)."""
    bid_round: int
    bets: list[int]
    payments: list[int]
    bet: int | None
    bet_by: int | None
    bare: bool
    covered: bool
    paid_bet: list[int | None]
    anchor: int
    to_act: int
    passed_round: list[bool]
    all_in: tuple[int, int, int] | None
    """(seat, bet index, cap)."""
    queue: list[int]
    points: list[int]
    carried: int
    winner: int
    """The seat that takes the pot (of the bid type's holders the best), or -1."""

    def copy(self) -> Sim:
        other = Sim.__new__(Sim)
        other.stake, other.ante, other.limit = self.stake, self.ante, self.limit
        other.repass, other.overstate, other.split = self.repass, self.overstate, self.split
        other.betting, other.dealer, other.phase = self.betting, self.dealer, self.phase
        other.deck, other.next, other.gone = self.deck, self.next, self.gone
        other.pot, other.side, other.bid, other.bid_round = self.pot, self.side, self.bid, self.bid_round
        other.bet, other.bet_by, other.bare = self.bet, self.bet_by, self.bare
        other.covered, other.anchor, other.to_act = self.covered, self.anchor, self.to_act
        other.all_in, other.carried, other.winner = self.all_in, self.carried, self.winner
        other.hands = [list(hand) for hand in self.hands]
        other.status = list(self.status)
        other.stacks = list(self.stacks)
        other.asides = [list(entries) for entries in self.asides]
        other.bets = list(self.bets)
        other.payments = list(self.payments)
        other.paid_bet = list(self.paid_bet)
        other.passed_round = list(self.passed_round)
        other.queue = list(self.queue)
        other.points = list(self.points)
        return other

    # ---------------------------------------------------------------- the turn

    @property
    def seats(self) -> int:
        return len(self.hands)

    def left_of(self, seat: int) -> list[int]:
        n = len(self.hands)
        return [(seat + step) % n for step in range(1, n + 1)]

    def live(self) -> int:
        return sum(1 for status in self.status if status != FOLDED)

    def start_round(self, phase: int) -> None:
        self.phase = phase
        self.bet, self.bet_by, self.bare, self.covered = None, None, False, True
        self.passed_round = [False] * len(self.hands)
        if self.live() <= 1:
            self.end_bidding()
            return
        for seat in self.left_of(self.dealer):
            if self.status[seat] == IN:
                self.anchor = self.to_act = seat
                return
        self.end_round()

    def advance(self, seat: int) -> None:
        if self.live() <= 1:
            self.end_bidding()
            return
        for step in self.left_of(seat):
            if step == self.anchor:
                break
            if self.status[step] == IN:
                self.to_act = step
                return
        self.end_round()

    def end_round(self) -> None:
        self.to_act = -1
        if self.phase == FIRST:
            self.deal()
            self.start_round(SECOND)
        else:
            self.end_bidding()

    def deal(self) -> None:
        for seat in self.left_of(self.dealer):
            if self.status[seat] != FOLDED:
                self.hands[seat].extend(self.deck[self.next : self.next + DEAL])
                self.next += DEAL

    def end_bidding(self) -> None:
        self.to_act = -1
        start = self.bid[2] if self.bid is not None else self.dealer
        self.queue = [s for s in self.left_of(start) if self.status[s] == IN and self.asides[s]]
        if self.queue:
            self.phase = CHOICE
            self.to_act = self.queue[0]
        else:
            self.showdown()

    def is_last(self, seat: int) -> bool:
        for step in self.left_of(seat):
            if step == self.anchor:
                return True
            if self.status[step] == IN:
                return False
        return True

    def forced(self, seat: int) -> bool:
        return (
            self.phase in (FIRST, SECOND)
            and self.betting
            and self.bet is not None
            and not self.bare
            and not self.covered
            and self.paid_bet[seat] != self.bet
            and self.is_last(seat)
        )

    def owe(self, seat: int) -> int:
        if self.bet is None or self.paid_bet[seat] == self.bet:
            return 0
        return self.bets[self.bet]

    def drawable(self) -> int:
        left = len(self.deck) - self.next
        if self.phase == FIRST:
            left -= DEAL * self.live()
        return max(0, min(MAX_DRAW, left))

    def choices(self, seat: int) -> Choices:
        c = Choices()
        stack = self.stacks[seat]
        c.owe = owe = self.owe(seat)
        c.forced = forced = self.forced(seat)
        c.max_discard = draw = self.drawable()
        c.stake = stack >= owe
        c.all_in = self.betting and self.all_in is None and stack < owe
        c.can_pass = not forced and draw > 0 and stack >= owe and (self.repass or not self.passed_round[seat])
        c.bids, c.bet_low, c.bet_high = {}, 0, 0
        if self.all_in is None:
            room = stack - owe
            most = room if self.limit is None else min(room, self.limit)
            if not self.betting:
                c.bids = self.bid_totals(seat)
            elif most >= 1:
                c.bids = self.bid_totals(seat)
                c.bet_low, c.bet_high = 1, most
        c.cover_bet_max = 0
        if forced and self.betting and c.stake:
            room = stack - owe
            c.cover_bet_max = room if self.limit is None else min(room, self.limit)
        c.fold = self.betting and (not forced or not (c.stake or c.all_in or c.bids))
        return c

    def bid_totals(self, seat: int) -> dict[int, list[int]]:
        current = self.bid
        honest = self.phase == SECOND or not self.overstate
        held = shape(_mask(self.hands[seat]))
        out: dict[int, list[int]] = {}
        for kind, possible in TOTALS.items():
            if current is not None and kind < current[0]:
                continue
            allowed = list(possible)
            if current is not None and kind == current[0]:
                allowed = [t for t in allowed if t > current[1]]
            if honest:
                cap = max(held[kind:], default=0)
                if not cap:
                    continue
                allowed = [t for t in allowed if t <= cap]
            if allowed:
                out[kind] = allowed
        return out

    # ---------------------------------------------------------------- moves

    def apply(self, seat: int, move: Move) -> None:
        kind, discard, bid_type, total, bet = move
        if self.phase == CHOICE:
            if kind == STAKE:
                self.pay_aside(seat)
            else:
                self.fold(seat)
            self.queue.pop(0)
            if self.queue:
                self.to_act = self.queue[0]
            else:
                self.showdown()
            return
        if kind == BID:
            self.pay_aside(seat)
            self.pay_bet(seat)
            self.bid = (bid_type, total, seat)
            self.bid_round = self.phase
            self.new_bet(seat, bet, bare=False)
            self.draw(seat, discard)
        elif kind == STAKE:
            self.pay_aside(seat)
            self.pay_bet(seat)
            self.draw(seat, discard)
            if bet:
                self.new_bet(seat, bet, bare=True)
        elif kind == PASS:
            owe = self.owe(seat) if self.betting else 0
            if owe:
                assert self.bet is not None
                self.stacks[seat] -= owe
                self.asides[seat].append((self.bet, owe))
                self.paid_bet[seat] = self.bet
            self.passed_round[seat] = True
            self.draw(seat, discard)
        elif kind == FOLD:
            self.fold(seat)
        else:
            self.go_all_in(seat, discard)
        self.advance(seat)

    def draw(self, seat: int, discard: tuple[int, ...]) -> None:
        if not discard:
            return
        hand = self.hands[seat]
        for card in discard:
            hand.remove(card)
            self.gone |= BIT[card]
        hand.extend(self.deck[self.next : self.next + len(discard)])
        self.next += len(discard)

    def route(self, bet: int, amount: int) -> None:
        all_in = self.all_in
        if all_in is None or bet < all_in[1]:
            self.pot += amount
        elif bet == all_in[1]:
            main = min(amount, all_in[2])
            self.pot += main
            self.side += amount - main
        else:
            self.side += amount

    def pay_aside(self, seat: int) -> None:
        for bet, amount in self.asides[seat]:
            self.route(bet, amount)
        self.asides[seat] = []

    def pay_bet(self, seat: int) -> None:
        owe = self.owe(seat)
        if owe:
            assert self.bet is not None
            self.stacks[seat] -= owe
            self.route(self.bet, owe)
            self.payments[self.bet] += 1
            self.paid_bet[seat] = self.bet
            self.covered = True

    def new_bet(self, seat: int, amount: int, bare: bool) -> None:
        self.bets.append(amount)
        self.payments.append(0)
        self.bet = len(self.bets) - 1
        self.bet_by, self.bare, self.covered, self.anchor = seat, bare, False, seat
        if amount:
            self.stacks[seat] -= amount
            self.route(self.bet, amount)
            self.payments[self.bet] += 1
        self.paid_bet[seat] = self.bet

    def fold(self, seat: int) -> None:
        entries = self.asides[seat]
        total = sum(amount for _, amount in entries)
        forfeit = total // 2
        if forfeit:
            main = sum(self.main_share(bet, amount) for bet, amount in entries)
            to_main = forfeit * main // total
            self.pot += to_main
            self.side += forfeit - to_main
        self.stacks[seat] += total - forfeit
        self.asides[seat] = []
        self.status[seat] = FOLDED

    def main_share(self, bet: int, amount: int) -> int:
        all_in = self.all_in
        if all_in is None or bet < all_in[1]:
            return amount
        if bet == all_in[1]:
            return min(amount, all_in[2])
        return 0

    def go_all_in(self, seat: int, discard: tuple[int, ...]) -> None:
        assert self.bet is not None
        self.pay_aside(seat)
        cap = self.stacks[seat]
        bet = self.bets[self.bet]
        moved = self.payments[self.bet] * (bet - cap)
        self.pot -= moved
        self.side += moved
        self.all_in = (seat, self.bet, cap)
        self.pot += cap
        self.stacks[seat] = 0
        self.paid_bet[seat] = self.bet
        self.status[seat] = ALL_IN
        self.covered = True
        self.draw(seat, discard)

    # -------------------------------------------------------------- showdown

    def ranked(self, seats: Sequence[int], key: dict[int, tuple[int, int]]) -> list[int]:
        n = len(self.hands)
        return sorted(seats, key=lambda seat: (key[seat], (self.dealer - seat - 1) % n))

    def showdown(self) -> None:
        self.phase, self.to_act = OVER, -1
        n = len(self.hands)
        remaining = [seat for seat in range(n) if self.status[seat] != FOLDED]
        shown = {seat: shape(_mask(self.hands[seat])) for seat in remaining}
        payouts = [0] * n
        holders: list[int] = []
        self.winner = -1
        bid = self.bid
        if bid is not None:
            kind = bid[0]
            holders = self.ranked(
                [s for s in remaining if shown[s][kind]], {s: (-shown[s][kind], 0) for s in remaining}
            )
            if holders:
                self.winner = holders[0]

        def best_any(pool: Sequence[int]) -> int | None:
            key: dict[int, tuple[int, int]] = {}
            for seat in pool:
                found = shown[seat]
                for kind in range(5, 0, -1):
                    if found[kind]:
                        key[seat] = (-kind, -found[kind])
                        break
            ranked = self.ranked(list(key), key)
            return ranked[0] if ranked else None

        def divide(amount: int, winner: int, pool: Sequence[int]) -> int:
            if not self.split:
                payouts[winner] += amount
                return 0
            first = amount - amount // 2
            rest = amount - first
            second = rest - rest // 2
            payouts[winner] += first
            other = best_any(pool)
            if other is None:
                return rest
            payouts[other] += second
            return rest - second

        if not self.betting:
            if bid is not None and holders:
                for seat in holders:
                    self.points[seat] = shown[seat][bid[0]]
                self.points[holders[0]] += WIN_BONUS * len(holders)
            self.carried = self.pot + self.side
        elif not holders:
            self.carried = self.pot + self.side
        else:
            winner = holders[0]
            all_in = self.all_in
            if all_in is not None and all_in[0] == winner:
                carried = divide(self.pot, winner, remaining)
                if len(holders) > 1:
                    others = [s for s in remaining if s != winner]
                    carried += divide(self.side, holders[1], others) if self.side else 0
                else:
                    carried += self.side
            else:
                carried = divide(self.pot + self.side, winner, remaining)
            self.carried = carried
        for seat, amount in enumerate(payouts):
            self.stacks[seat] += amount
        self.pot = self.side = 0

    def finish(self, rng: random.Random) -> None:
        """Play the hand to its end with the quick basic judgement in every seat."""
        while self.phase != OVER:
            seat = self.to_act
            self.apply(seat, quick_move(self, seat, rng))

    def worth(self, seat: int) -> float:
        """What the hand is worth to `seat` once over: its points in the points game, else
        its stack with an equal share of a pot carried to the next hand."""
        if not self.betting:
            return float(self.points[seat])
        return self.stacks[seat] + self.carried / len(self.hands)


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


# ------------------------------------------------------------ the quick judgement


@cache
def value_rows(
    bid_type: int, bid_total: int, mine: bool, opponents: int, stale: bool, can_bid: bool
) -> tuple[tuple[float, ...], ...]:
    """`players.valuer`'s rows, kept: per type, per total, a four-card hand's worth."""
    empty = (0.0,) * (MAX_TOTAL + 1)
    rows: list[tuple[float, ...]] = [empty]
    for kind in TYPES:
        table = win_table(kind, opponents)
        if bid_type == 0:
            row = table
        elif kind < bid_type:
            row = empty
        elif kind > bid_type:
            row = tuple(HIGHER * value for value in table) if can_bid else empty
        else:
            under = 0.5 if mine else UNDER_STALE if stale else UNDER_BIDDER
            row = tuple(
                value if total > bid_total or (total == bid_total and mine)
                else value * TIE if total == bid_total
                else value * under
                for total, value in enumerate(table)
            )  # fmt: skip
        rows.append(row)
    return tuple(rows)


def hand_value(rows: tuple[tuple[float, ...], ...], mask: int) -> float:
    found = _SHAPES.get(mask) or shape(mask)
    return max(rows[1][found[1]], rows[2][found[2]], rows[3][found[3]], rows[4][found[4]], rows[5][found[5]])


def quick_draws(
    hand: Sequence[int],
    pool: Sequence[int],
    most: int,
    rows: tuple[tuple[float, ...], ...],
    rng: random.Random,
) -> dict[tuple[int, ...], float]:
    """`players.draw_values`, each change valued on `DRAWS` drawn cards (or pairs) instead of
    every card unseen."""
    full = _mask(hand)
    out: dict[tuple[int, ...], float] = {(): hand_value(rows, full)}
    if not pool or most < 1:
        return out
    singles: list[tuple[float, int]] = []
    picks = [BIT[pool[int(rng.random() * len(pool))]] for _ in range(DRAWS)]
    for card in hand:
        keep = full & ~BIT[card]
        worth = 0.0
        for bit in picks:
            worth += hand_value(rows, keep | bit)
        worth /= DRAWS
        out[(card,)] = worth
        singles.append((worth, card))
    if most < 2 or len(pool) < 2 or len(hand) < 2:
        return out
    singles.sort(key=lambda item: (-item[0], item[1]))
    candidates = sorted(card for _, card in singles[:3])
    pairs = [BIT[a] | BIT[b] for a, b in (rng.sample(pool, 2) for _ in range(DRAWS))]
    for one, two in combinations(candidates, 2):
        keep = full & ~BIT[one] & ~BIT[two]
        worth = 0.0
        for bits in pairs:
            worth += hand_value(rows, keep | bits)
        out[(one, two)] = worth / DRAWS
    return out


def opening_values(hand: Sequence[int], pool: Sequence[int], most: int) -> dict[tuple[int, ...], float]:
    """`players.opening_values` on card indexes."""

    def worth(cards: Sequence[int]) -> float:
        suited = len(cards) == 2 and SUIT[cards[0]] == SUIT[cards[1]]
        return sum(POINTS[c] for c in cards) + (SUITED if suited else 0)

    out: dict[tuple[int, ...], float] = {(): worth(hand)}
    count = len(pool)
    if count < 1 or most < 1 or len(hand) != 2:
        return out
    mean = sum(POINTS[c] for c in pool) / count
    suits = [0, 0, 0, 0]
    for c in pool:
        suits[SUIT[c]] += 1
    for keep, throw in ((hand[0], hand[1]), (hand[1], hand[0])):
        out[(throw,)] = POINTS[keep] + mean + SUITED * suits[SUIT[keep]] / count
    if most >= 2 and count >= 2:
        same = sum(n * (n - 1) for n in suits) / (count * (count - 1))
        out[tuple(hand)] = 2 * mean + SUITED * same
    return out


def quick_move(sim: Sim, seat: int, rng: random.Random) -> Move:
    """The basic player's move (`players.BasicPlayer`) on `sim`, draws valued quickly."""
    if sim.phase == CHOICE:
        return _decide(sim, seat)
    c = sim.choices(seat)
    hand = sorted(sim.hands[seat])
    opponents = sum(1 for s, st in enumerate(sim.status) if s != seat and st != FOLDED)
    hidden = sim.gone | _mask(hand)
    pool = [card for card in CARDS if not hidden >> card & 1]
    if sim.phase == FIRST:
        return _first(sim, seat, c, hand, opponents, pool)
    return _second(sim, seat, c, hand, opponents, pool, rng)


def _bet(sim: Sim, c: Choices, strength: float) -> int:
    if not sim.betting:
        return 0
    units = 1 + (strength >= 0.7) + (strength >= 0.9)
    return max(c.bet_low, min(c.bet_high, units * sim.stake))


def _cannot_pay(c: Choices, good: bool) -> Move:
    if c.all_in and (good or not c.fold):
        return (ALLIN, (), 0, 0, 0)
    return FOLDING


def _bid(sim: Sim, seat: int, c: Choices, opponents: int, at: float, modest: bool) -> Move | None:
    held = shape(_mask(sim.hands[seat]))
    best: tuple[float, int, list[int]] | None = None
    for kind, allowed in c.bids.items():
        real = held[kind]
        if not real:
            continue
        honest = [t for t in allowed if t <= real]
        if not honest:
            continue
        strength = chance(HandType(kind), real, opponents) if sim.phase != FIRST else at
        if best is None or (strength, kind) > (best[0], best[1]):
            best = (strength, kind, honest)
    if best is None or best[0] < at:
        return None
    strength, kind, honest = best
    if modest:
        total = honest[0]
    elif _whim(sim, seat) % 3 == 0 and len(honest) > 1:
        total = honest[len(honest) // 2]
    else:
        total = honest[-1]
    return (BID, (), kind, total, _bet(sim, c, strength))


def _whim(sim: Sim, seat: int) -> int:
    """A number for varying play, from what the seat sees (as `players.whim`, not equal to it)."""
    text = f"{seat}|{sim.dealer}|{sim.phase}|{sim.bid}|{sorted(sim.hands[seat])}|{sim.gone}"
    return zlib.crc32(text.encode())


def _change(c: Choices, change: tuple[int, ...]) -> Move:
    if change and c.can_pass:
        return (PASS, change, 0, 0, 0)
    return (STAKE, change, 0, 0, 0)


def _first(sim: Sim, seat: int, c: Choices, hand: list[int], opponents: int, pool: list[int]) -> Move:
    values = opening_values(hand, pool, c.max_discard)
    worth = values[()]
    suited = len(hand) == 2 and SUIT[hand[0]] == SUIT[hand[1]]
    if not c.stake:
        return _cannot_pay(c, worth >= FIRST_ALL_IN)
    bid = sim.bid
    if suited and c.bids:
        topping = bid is not None and bid[2] != seat
        if worth >= (FIRST_RAISE if topping else FIRST_BID):
            made = _bid(sim, seat, c, opponents, 0.0, modest=True)
            if made is not None:
                return made
    change, _ = best_change(values, empty=True)
    if c.forced:
        return (STAKE, change, 0, 0, 0)
    if c.owe == 0:
        return _change(c, change)
    if worth >= FIRST_STAKE and not change:
        return STANDING
    forced_change, _ = best_change(values, empty=False)
    if c.can_pass and forced_change:
        return (PASS, forced_change, 0, 0, 0)
    return (STAKE, change, 0, 0, 0)


def _second(
    sim: Sim, seat: int, c: Choices, hand: list[int], opponents: int, pool: list[int], rng: random.Random
) -> Move:
    bid = sim.bid
    stale = bid is not None and sim.bid_round == FIRST
    rows = value_rows(
        bid[0] if bid else 0, bid[1] if bid else 0, bid is not None and bid[2] == seat, opponents, stale,
        sim.all_in is None,
    )  # fmt: skip
    now = hand_value(rows, _mask(hand))
    if not c.stake:
        return _cannot_pay(c, now >= ALL_IN_AT)
    theirs = bid is not None and bid[2] != seat
    if c.bids:
        at = RAISE_AT if c.forced or (theirs and c.owe) else BID_AT
        made = _bid(sim, seat, c, opponents, at, modest=False)
        if made is not None:
            return made
    values = quick_draws(hand, pool, c.max_discard, rows, rng)
    change, best = best_change(values, empty=True)
    if c.forced:
        bare = 0
        if not change and now >= BARE_BET_AT and c.cover_bet_max:
            bare = min(sim.stake, c.cover_bet_max)
        return (STAKE, change, 0, 0, bare)
    if c.owe == 0:
        return _change(c, change)
    forced_change, hope = best_change(values, empty=False)
    if now >= STAKE_AT and (not forced_change or hope < now + IMPROVE):
        return STANDING
    worth_trying = hope >= HOPELESS or hope * sim.pot >= c.owe / 2 or not c.fold
    if c.can_pass and forced_change and worth_trying:
        return (PASS, forced_change, 0, 0, 0)
    if c.fold and max(now, best) < HOPELESS:
        return FOLDING
    if now >= STAKE_AT or not c.fold:
        return (STAKE, change, 0, 0, 0)
    return (STAKE, change, 0, 0, 0) if best * (sim.pot + c.owe) >= c.owe else FOLDING


def _decide(sim: Sim, seat: int) -> Move:
    held = shape(_mask(sim.hands[seat]))
    bid = sim.bid
    opponents = sum(1 for s, st in enumerate(sim.status) if s != seat and st != FOLDED)
    aside = sum(amount for _, amount in sim.asides[seat])
    extra = aside - aside // 2
    prize = sim.pot + sim.side + aside
    win = 0.0
    if bid is not None and held[bid[0]]:
        total = held[bid[0]]
        base = chance(HandType(bid[0]), total, opponents)
        if total > bid[1] or bid[2] == seat:
            win = base
        elif total == bid[1]:
            win = base * TIE
        else:
            win = base * (UNDER_STALE if sim.bid_round == FIRST else UNDER_BIDDER)
    if sim.split:
        top = max((kind for kind in range(1, 6) if held[kind]), default=0)
        if top and (bid is None or top > bid[0]):
            win += chance(HandType(top), held[top], opponents) / 4
    if not sim.betting or (win > 0 and win * prize >= extra):
        return STANDING
    return FOLDING


# --------------------------------------------------------------------- imagining


READ = frozenset(("bid", "stake", "pass", "fold", "all_in"))
"""The kinds of event whose line `read_log` reads (a seat's move)."""
BID_TEXT = re.compile(r" bids (numerus|primero|supremus|fluxus|chorus) (\d+)")
"""How the engine's log names a bid ("Ana bids primero 62 at 4 chips")."""


@dataclass(frozen=True)
class Said:
    """One move of the public log, as far as it tells what its player holds."""

    kind: str
    """The event's kind: "bid", "stake", "pass", "fold", "all_in"."""
    seat: int
    round: int
    """FIRST, SECOND or CHOICE (staying in before the showdown; a fold there reads as the
    second round's, which is all the same: a fold says nothing of cards still in play)."""
    changed: bool
    """The move changed cards (which then lay face up)."""
    paid: bool
    """A stake that paid a bet (not a stand), or in the choice, staying in."""
    bid: tuple[int, int] | None
    """A bid's type and total; and for a stake, the bid it answered."""


def read_log(seats: Sequence[str], events: Sequence[tuple[str, int | None, str]]) -> list[Said]:
    """The hand's public log, read for what each move tells of its player's cards. The texts
    are `game.py`'s own (a test reads every kind back); only what follows the player's name
    is read, so no name can be taken for a move."""
    out: list[Said] = []
    deals = 0
    current: tuple[int, int] | None = None
    choosing = False
    for kind, seat, text in events:
        if kind == "deal":
            deals += 1
            continue
        if seat is None or kind not in READ:
            continue
        rest = text[len(seats[seat]) :] if text.startswith(seats[seat]) else text
        if rest.startswith(" stays in"):
            choosing = True
        round_ = CHOICE if choosing else FIRST if deals <= 1 else SECOND
        bid: tuple[int, int] | None = current
        if kind == "bid":
            found = BID_TEXT.search(rest)
            if found:
                bid = current = (int(HandType[found.group(1).upper()]), int(found.group(2)))
        paid = kind == "stake" and (" stakes " in rest or " covers " in rest or round_ == CHOICE)
        out.append(Said(kind, seat, round_, " discards " in rest, paid, bid))
    return out


Need = tuple[int, int, bool]
"""(type, total, exactly): a hand holds it when it forms that type (or, not `exactly`, a
higher one) with at least that total."""


def constraints(view: PrimeroView, log: Sequence[Said]) -> dict[int, list[Need]]:
    """What each opponent still in must hold, by what it said and did with the cards it holds
    now (nothing it did before its last change of cards counts).

    - A bid where no bid may claim more than the cards hold (the second round, or the first
      at a table that doesn't allow overstating): the bid's type with its total. The rules
      let a higher hand bid a lower type, but only the bid type can win, so a player bids
      the type it holds.
    - A bet paid in the second round, cards kept: a hand worth paying for against the bid
      then current, which takes its type or a higher one it could still bid.
    - Staying in before the showdown: the bid type (without it nothing can be won)."""
    honest_first = not view.options.overstate_first
    out: dict[int, list[Need]] = {}
    for seat, status in enumerate(view.status):
        if seat == view.you or status == "folded":
            continue
        mine = [said for said in log if said.seat == seat]
        last = max((i for i, said in enumerate(mine) if said.changed), default=-1)
        found: list[Need] = []
        for said in mine[last + 1 :]:
            if said.bid is None:
                continue
            if said.kind == "bid" and (said.round == SECOND or honest_first):
                found.append((said.bid[0], said.bid[1], True))
            elif said.kind == "stake" and said.paid and said.round == SECOND:
                found.append((said.bid[0], 1, False))
            elif said.kind == "stake" and said.round == CHOICE:
                found.append((said.bid[0], 1, True))
        if found:
            out[seat] = found
    return out


def holds(hand: Sequence[int], needs: Sequence[Need]) -> bool:
    """Whether `hand` holds every one of `needs`."""
    mask = 0
    for card in hand:
        mask |= BIT[card]
    found = _SHAPES.get(mask) or shape(mask)
    return all((found[kind] if exactly else max(found[kind:])) >= total for kind, total, exactly in needs)


def holding(pool: Sequence[int], size: int, needs: Sequence[Need]) -> list[tuple[int, ...]]:
    """Every hand of `size` cards from `pool` that holds `needs`, in a fixed order."""
    return [hand for hand in combinations(sorted(pool), size) if holds(hand, needs)]


TRIES = 24
"""Hands drawn at random for a player before every hand that holds what it said is listed,
to draw from that list instead."""


class Seen:
    """What a seat knows of the hand, read once per decision: its view, the public
    bookkeeping of bets (`Primero.betting`), when the bid was made and what it says, and the
    cards it has not seen."""

    __slots__ = ("betting", "bid_round", "gone", "lists", "mine", "needs", "pool", "view")

    def __init__(
        self, view: PrimeroView, betting: Betting, events: Sequence[tuple[str, int | None, str]]
    ) -> None:
        assert view.you is not None and view.hand is not None
        self.view, self.betting = view, betting
        self.needs = constraints(view, read_log(view.seats, events))
        deals = 0
        self.bid_round = FIRST
        for kind, _, _ in events:
            if kind == "deal":
                deals += 1
            elif kind == "bid":
                self.bid_round = FIRST if deals <= 1 else SECOND
        self.mine = [INDEX[card] for card in view.hand]
        gone = 0
        for cards in view.discards:
            for card in cards:
                gone |= BIT[INDEX[card]]
        self.gone = gone
        self.pool = [card for card in range(len(DECK)) if not (gone >> card) & 1 and card not in self.mine]
        self.lists: dict[int, list[tuple[int, ...]]] = {}
        """Per player whose needs random hands seldom meet, every hand that meets them."""

    def listed(self, seat: int) -> list[tuple[int, ...]]:
        found = self.lists.get(seat)
        if found is None:
            size = self.view.hand_sizes[seat]
            found = self.lists[seat] = holding(self.pool, size, self.needs[seat])
        return found


def imagine(seen: Seen, rng: random.Random) -> Sim:
    """A hand consistent with everything the seat has seen and with what the others' moves
    say of their cards (`constraints`): the unseen cards dealt at random, the players with
    something to hold first, each until its hand holds it (or `TRIES` are spent)."""
    view, betting = seen.view, seen.betting
    me = view.you
    assert me is not None
    pool = list(seen.pool)
    rng.shuffle(pool)
    n = len(view.seats)
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[me] = list(seen.mine)
    for seat, needs in seen.needs.items():
        size = view.hand_sizes[seat]
        pick: Sequence[int] = pool[:size]
        tries = 0
        while not holds(pick, needs) and tries < TRIES:
            pick = rng.sample(pool, size)
            tries += 1
        if tries == TRIES:
            # Seldom met at random: draw from every hand that meets it, among the cards
            # still free (none: the player said more than the cards can hold; keep the last).
            free = set(pool)
            listed = [hand for hand in seen.listed(seat) if free.issuperset(hand)]
            if listed:
                pick = listed[int(rng.random() * len(listed))]
        hands[seat] = list(pick)
        taken = set(pick)
        pool = [card for card in pool if card not in taken]
    at = 0
    for seat in range(n):
        if seat == me or seat in seen.needs:
            continue
        size = view.hand_sizes[seat]
        hands[seat] = pool[at : at + size]
        at += size
    sim = Sim.__new__(Sim)
    options = view.options
    sim.stake, sim.ante = options.stake, options.ante_chips
    sim.limit = options.limit_chips
    sim.repass, sim.overstate = options.repass, options.overstate_first
    sim.split, sim.betting = options.division == "split", options.betting
    sim.dealer = view.dealer
    sim.phase = PHASES[view.phase]
    sim.deck, sim.next = pool[at : at + view.deck_left], 0
    sim.hands = hands
    sim.gone = seen.gone
    sim.status = [STATUS[status] for status in view.status]
    sim.stacks = list(view.stacks)
    sim.pot, sim.side = view.pot, view.side_pot
    bid = view.bid
    sim.bid = None if bid is None else (int(bid.type), bid.total, bid.bidder)
    sim.bid_round = seen.bid_round
    sim.bets, sim.payments = list(betting.bets), list(betting.payments)
    sim.bet, sim.bet_by, sim.bare = betting.bet, view.bet_by, view.bare
    sim.covered, sim.paid_bet = betting.covered, list(betting.paid_bet)
    sim.anchor, sim.passed_round = betting.anchor, list(betting.passed_round)
    sim.asides = [list(entries) for entries in betting.asides]
    sim.all_in = betting.all_in
    sim.queue = list(betting.queue)
    sim.carried, sim.points, sim.winner = 0, [0] * n, -1
    sim.to_act = view.to_act if view.to_act is not None else -1
    return sim
