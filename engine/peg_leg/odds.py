"""Peg Leg's prices: how tall the key stack will end, by deterministic Monte Carlo.

Everything that decides the key stack's final height is public except the order of the
cards still to come, which is a uniformly random order of the unseen cards. So the chance
of each height is estimated by dealing the rest of the pass `SAMPLES` times, each time in
an order drawn from `random.Random(seed)`, where the seed is a hash of the cards dealt so
far: the same public position always gets the same prices (a replay, a restart, another
process), and nobody can steer them.

A price is payout odds in tenths ("42" = 4.2 to 1), rounded down. A Monte Carlo estimate
is off by a little either way, and a player who computes better odds than the table could
pick the numbers the table underestimated; so a bet is priced off the upper end of the
estimate's 95% band, and a cash-out off its lower end, both with the house edge on top.

Cards are ints, `suit_index * 10 + rank - 1`, as in the Postas deck's canonical order.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence

from engine.prima_carta.game import wanted_from

SAMPLES = 4000
"""Deals simulated per decision point (a standard error under 0.8 percentage points)."""
EDGE_PERCENT = 5
"""The house edge built into every price: a fair bet returns 100%, ours at most 95%."""
Z = 2.0
"""How many standard errors the band around an estimate spans (about 95%)."""
FLOOR = 0.02
"""Numbers whose estimated chance is below this are not offered (too long a shot to price
honestly from a few thousand deals)."""
HEIGHTS = 11
"""Stack heights 0..10, the index of a histogram of final heights."""

# Peg Leg plays the deck up exactly as Prima Carta's first pass does ("essentially Five
# Columns", the text): `wanted_from` is that engine's, and the tables below are built as its are.
SUIT_OF: tuple[int, ...] = tuple(code // 10 for code in range(50))
NEXT: tuple[int, ...] = tuple((code // 10) * 10 + (code % 10 + 1) % 10 for code in range(50))
"""The card that plays up on `code`: the next rank of its suit, and the 1 on the 10."""
_NO_SUIT = bytes(10)


def final_height(
    deck: Sequence[int], key: int, wanted: bytearray, count: list[int], discard: list[int]
) -> int:
    """Deal `deck` onto the stacks (changing `wanted`, `count` and `discard` in place) and
    return the key suit's stack height at the end of the pass."""
    suit_of = SUIT_OF
    nxt = NEXT
    for code in deck:
        if not wanted[code]:
            discard.append(code)
            continue
        while True:
            suit = suit_of[code]
            size = count[suit] + 1
            if size == 1:
                wanted[suit * 10 : suit * 10 + 10] = _NO_SUIT
            else:
                wanted[code] = 0
            count[suit] = size
            if size < 10:
                wanted[nxt[code]] = 1
            elif suit == key:
                return 10  # nothing can change it any more
            if discard and wanted[discard[-1]]:
                code = discard.pop()
            else:
                break
    return count[key]


def position_seed(dealt: Sequence[int]) -> int:
    """The simulation seed of a public position: a hash of the cards dealt so far, in order."""
    text = "peg-leg-odds:" + ",".join(map(str, dealt))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


OPENING: tuple[int, ...] = (0, 0, 946272, 664247, 275353, 85776, 22188, 4961, 992, 183, 28)
"""Final heights over 2,000,000 simulated deals from the opening position (the first card
dealt, nothing else): `python bench/peg_leg.py --opening-table 1000000 --seeds 1 2`. Every
opening position is this one up to relabelling ranks and suits (the play-up rules treat
every rank and suit alike, the 1 following the 10), so one table serves every first card,
and with 500 times the samples its prices carry almost no estimation margin."""

_CACHE: dict[tuple[int, ...], tuple[int, ...]] = {}
_CACHE_SIZE = 4096


def remember(dealt: Sequence[int], hist: tuple[int, ...], samples: int = SAMPLES) -> None:
    """Put a position's histogram, saved with a hand, back where `histogram` finds it."""
    if len(dealt) == 1 and samples == SAMPLES:
        return  # the opening table answers for it
    if len(hist) != HEIGHTS or sum(hist) != samples or min(hist) < 0:
        raise ValueError("a saved histogram must count every sample at a height 0..10")
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[(samples, *dealt)] = hist


def histogram(
    dealt: Sequence[int],
    key: int,
    count: Sequence[int],
    foundation: Sequence[int],
    discard: Sequence[int],
    samples: int = SAMPLES,
) -> tuple[int, ...]:
    """How many of `samples` simulated ends of the pass leave the key stack at each height
    0..10, from the position reached by dealing `dealt` (stack sizes `count`, foundations,
    and the discard pile bottom first). Deterministic: seeded by `position_seed(dealt)`;
    the opening position (one card dealt) reads the `OPENING` table instead. The counts
    sum to the number of samples behind them."""
    if len(dealt) == 1 and samples == SAMPLES:
        return OPENING
    memo = (samples, *dealt)
    known = _CACHE.get(memo)
    if known is not None:
        return known
    seen = set(dealt)
    unseen = [code for code in range(50) if code not in seen]
    hist = [0] * HEIGHTS
    if count[key] == 10 or not unseen:
        hist[count[key]] = samples
    else:
        source = random.Random(position_seed(dealt))
        shuffle = source.shuffle
        start = wanted_from(count, foundation)
        base = list(count)
        pile = list(discard)
        for _ in range(samples):
            shuffle(unseen)
            hist[final_height(unseen, key, bytearray(start), list(base), list(pile))] += 1
    result = tuple(hist)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[memo] = result
    return result


def band(hits: int, samples: int) -> tuple[float, float, float]:
    """The estimate hits/samples and its (low, high) band, clipped to [0, 1]."""
    p = hits / samples
    spread = Z * math.sqrt(p * (1.0 - p) / samples) + 1.0 / samples
    return p, max(0.0, p - spread), min(1.0, p + spread)


def odds_tenths(hits: int, samples: int) -> int:
    """The payout a bet on a height with `hits` of `samples` is offered at, in tenths of a
    chip per chip staked ("to 1"), or 0 if the height is not offered.

    Fair odds are 1/p - 1; ours are (1 - edge)/p_high - 1, rounded down to a tenth. A
    height is offered when its estimate is at least FLOOR and the odds reach 0.1 to 1."""
    p, _, high = band(hits, samples)
    if p < FLOOR:
        return 0
    keep = (100 - EDGE_PERCENT) / 100
    tenths = math.floor(10 * (keep / high - 1.0))
    return max(0, tenths)


def returns(amount: int, tenths: int) -> int:
    """What a winning bet of `amount` at `tenths` pays back, stake included, rounded down:
    amount × (1 + tenths/10)."""
    return amount * (10 + tenths) // 10


def cash_out(amount: int, tenths: int, hits: int, samples: int) -> int:
    """What surrendering a bet of `amount` at `tenths` on a height with `hits` of `samples`
    is worth now: its return if it wins × the low end of its chance × (1 - edge), rounded
    down. Always below the bet's fair value, so betting and surrendering at once loses."""
    _, low, _ = band(hits, samples)
    value = returns(amount, tenths) * low * (100 - EDGE_PERCENT) / 100
    return max(0, math.floor(value))
