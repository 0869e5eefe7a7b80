"""The basic player's hand estimates on card masks, fast enough to run on thousands of sampled
hands in one decision.

`engine.prefa.basic` estimates a hand from its cards (`tricks_with`, `defensive_tricks`,
`bid_limit`); the strong player asks the same questions of every hand it deals the other
seats, to keep the deals that fit what those seats said (a bid, a pass, "I'm in"), and of
its own twelve cards when it looks for the discards worth solving. Each suit's part of an
estimate is looked up in a table built once for every holding of that suit (8 bits, the 7
lowest), so an estimate is a few lookups. The figures are the basic player's
(`test_prefa_strong.py` compares them on random hands).

A hand is a 32-bit mask of card ids (`engine.prefa.solver.card_id`: eight per suit in
`SUITS` order).
"""

from __future__ import annotations

from itertools import combinations

from engine.prefa.basic import KITTY_HOPE
from engine.prefa.scoring import TenNoTrump, scale

__all__ = ["bid_limit", "defence", "discards", "limit_of", "strength", "tricks"]

ACE, KING, QUEEN = 7, 6, 5
"""Bit positions in a suit's 8-bit holding."""


def _ranks(holding: int) -> list[int]:
    """The holding's bit positions, highest first."""
    return [r for r in range(7, -1, -1) if holding >> r & 1]


def _top_run(ranks: list[int]) -> int:
    run = 0
    for want, have in zip(range(ACE, -1, -1), ranks, strict=False):
        if want != have:
            break
        run += 1
    return run


def _as_trump(holding: int) -> float:
    ranks = _ranks(holding)
    n = len(ranks)
    if not n:
        return 0.0
    missing = sum(1 for top in (ACE, KING, QUEEN)[: min(n, 3)] if top not in ranks)
    return max(0.0, n - missing - (0.5 if n <= 4 else 0.0))


def _side(holding: int) -> float:
    """A side suit at a trump contract, not void (a void's part depends on the trumps)."""
    ranks = _ranks(holding)
    n = len(ranks)
    if not n:
        return 0.0
    run = _top_run(ranks)
    total = float(min(run, 2))
    if run == 0 and ranks[0] == KING and n >= 2:
        total += 0.6
    elif run == 1 and n >= 3 and ranks[1] == QUEEN:
        total += 0.4
    return total


def _no_trump(holding: int) -> float:
    ranks = _ranks(holding)
    n = len(ranks)
    if not n:
        return -0.5  # a suit the defence can run
    run = _top_run(ranks)
    total = float(n if run >= min(3, 8 - n) else run)
    if run == 0 and ranks[0] == KING and n >= 2:
        total += 0.5
    elif run == 0 and n <= 2:
        total -= 0.5  # no stopper
    return total


def _defence(holding: int, trump: bool, no_trump: bool) -> float:
    ranks = _ranks(holding)
    n = len(ranks)
    if not n:
        return 0.0
    if trump:
        total = (ACE in ranks) + 0.7 * (KING in ranks and n >= 2) + 0.4 * (QUEEN in ranks and n >= 3)
        return total + 0.5 * max(0, n - 3)
    total = 0.9 * (ACE in ranks) + 0.5 * (KING in ranks and 2 <= n <= 5)
    if no_trump and QUEEN in ranks and n >= 3:
        total += 0.3
    return total


AS_TRUMP = [_as_trump(h) for h in range(256)]
SIDE = [_side(h) for h in range(256)]
NO_TRUMP = [_no_trump(h) for h in range(256)]
D_TRUMP = [_defence(h, True, False) for h in range(256)]
D_SIDE = [_defence(h, False, False) for h in range(256)]
D_NO_TRUMP = [_defence(h, False, True) for h in range(256)]


def tricks(hand: int, strain: int) -> float:
    """`basic.tricks_with` of the hand: `strain` 0-3 a suit in `SUITS` order, 4 no trump."""
    if strain == 4:
        return (
            NO_TRUMP[hand & 0xFF]
            + NO_TRUMP[hand >> 8 & 0xFF]
            + NO_TRUMP[hand >> 16 & 0xFF]
            + NO_TRUMP[hand >> 24 & 0xFF]
        )
    trumps = hand >> (8 * strain) & 0xFF
    void = 0.5 if trumps.bit_count() >= 4 else 0.0  # a void to ruff in
    total = AS_TRUMP[trumps]
    for s in range(4):
        if s != strain:
            held = hand >> (8 * s) & 0xFF
            total += SIDE[held] if held else void
    return total


def defence(hand: int, trump: int) -> float:
    """`basic.defensive_tricks` of the hand against `trump` (0-3, or -1 at no trump)."""
    total = 0.0
    for s in range(4):
        held = hand >> (8 * s) & 0xFF
        if held:
            total += D_TRUMP[held] if s == trump else D_NO_TRUMP[held] if trump < 0 else D_SIDE[held]
    return total


def limit_of(estimates: list[float], ten_no_trump: TenNoTrump) -> int:
    """`basic.bid_limit` from the hand's five `tricks` estimates (-1: it would not bid)."""
    top = len(scale(ten_no_trump)) - 1
    limit = -1
    for s, estimate in enumerate(estimates):
        t = int(estimate + KITTY_HOPE)
        if t >= 6:
            limit = max(limit, min((min(t, 10) - 6) * 5 + s, top))
    return limit


def bid_limit(hand: int, ten_no_trump: TenNoTrump) -> int:
    """`basic.bid_limit`: the highest place on the scale the basic player bids this hand to."""
    return limit_of([tricks(hand, s) for s in range(5)], ten_no_trump)


def strength(hand: int) -> float:
    """The hand's best `tricks` over the five strains."""
    return max(tricks(hand, s) for s in range(5))


def discards(hand: int, strain: int, keep: int = 2) -> list[tuple[float, int]]:
    """The `keep` best pairs of cards to put away from a twelve-card `hand` to play `strain`:
    (the estimate of the ten kept, the pair's mask), best first; ties go to the pair of lower
    cards, as the basic player breaks them."""
    ids = [c for c in range(32) if hand >> c & 1]
    scored = []
    for a, b in combinations(ids, 2):
        pair = 1 << a | 1 << b
        scored.append((tricks(hand ^ pair, strain), -((a & 7) + (b & 7)), -pair, pair))
    scored.sort(reverse=True)
    return [(t, pair) for t, _, _, pair in scored[:keep]]
