"""Peg Leg's prices: how tall the key stack will end, by deterministic Monte Carlo.

Everything that decides the key stack's final height is public except the order of the
cards still to come, which is a uniformly random order of the unseen cards. So the chance
of each height is estimated by dealing the rest of the pass `SAMPLES` times, each time in
an order drawn from `random.Random(seed)`, where the seed is a hash of the cards dealt so
far: the same public position always gets the same prices (a replay, a restart, another
process), and nobody can steer them.

A price is payout odds in tenths ("42" = 4.2 to 1), rounded down. A Monte Carlo estimate
is off by a little either way, and a player who computes better odds than the table could
pick the numbers the table underestimated; so a bet is priced off an upper bound on its
chance and a cash-out off a lower bound, both with the house edge on top. The bounds are
exact binomial (Clopper–Pearson) bounds, each one-sided at 99.9% confidence: whatever the
true chance, it lies above the upper bound at most one time in a thousand (and below the
lower bound at most one time in a thousand), so an offer returns at most 95% with at least
99.9% confidence, more than 100% far more rarely still, and a cash-out is worth more than
holding the bet at most one time in a thousand.
(A normal-approximation band, which the first version used, is too narrow exactly where it
matters, on long shots: its width is worked out from the estimate, which is too small just
when the estimate is too small.)

Cards are ints, `suit_index * 10 + rank - 1`, as in the Postas deck's canonical order.
"""

from __future__ import annotations

import functools
import hashlib
import math
import random
from collections.abc import Callable, Sequence

from engine.prima_carta.game import wanted_from

SAMPLES = 4000
"""Deals simulated per decision point (a standard error under 0.8 percentage points)."""
EDGE_PERCENT = 5
"""The house edge built into every price: a fair bet returns 100%, ours at most 95%."""
MISS = 0.001
"""How often, at most, a price's bound on the chance may miss the true chance: each bound is
one-sided at 99.9% confidence (docs/RULES.md, "Peg Leg", decisions 5 and 7)."""
Z = 2.0
"""How many standard errors the first version's band spanned (`LEGACY_PRICING` only)."""
LEGACY_PRICING = 1
"""The first version's prices: estimate ± Z standard errors + 1/samples. A hand saved before
`PRICING` existed keeps them to its end, so that its replay offers what it offered."""
PRICING = 2
"""Prices from exact binomial bounds at 99.9% (`chance_high`, `chance_low`): every hand dealt now."""
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


def position_seed(dealt: Sequence[int], who: str = "peg-leg-odds") -> int:
    """The simulation seed of a public position: a hash of the cards dealt so far, in order.
    `who` names whose simulation it seeds (the house's prices by default), so that another
    simulation of the same position (the strong computer player's) draws other deals."""
    text = f"{who}:" + ",".join(map(str, dealt))
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
    result = simulate(dealt, key, count, foundation, discard, samples, position_seed(dealt))
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[memo] = result
    return result


def simulate(
    dealt: Sequence[int],
    key: int,
    count: Sequence[int],
    foundation: Sequence[int],
    discard: Sequence[int],
    samples: int,
    seed: int,
) -> tuple[int, ...]:
    """`histogram`'s simulation, uncached, from `seed`: how many of `samples` random ends of
    the pass (orders of the unseen cards drawn from `random.Random(seed)`) leave the key
    stack at each height 0..10."""
    seen = set(dealt)
    unseen = [code for code in range(50) if code not in seen]
    hist = [0] * HEIGHTS
    if count[key] == 10 or not unseen:
        hist[count[key]] = samples
    else:
        # Each sample shuffles `unseen` in place with `random.Random(seed).shuffle`, inlined:
        # the same draws (j uniform in [0, i] from `i.bit_length() + 1` bits, redrawn until
        # it fits) in the same order, so the same prices, without its per-card method calls,
        # which cost as much as dealing the sample out.
        bits = random.Random(seed).getrandbits
        steps = [(i, (i + 1).bit_length()) for i in range(len(unseen) - 1, 0, -1)]
        start = wanted_from(count, foundation)
        base = list(count)
        pile = list(discard)
        for _ in range(samples):
            for i, k in steps:
                j = bits(k)
                while j > i:
                    j = bits(k)
                unseen[i], unseen[j] = unseen[j], unseen[i]
            hist[final_height(unseen, key, bytearray(start), list(base), list(pile))] += 1
    return tuple(hist)


def _log_chance(hits: int, samples: int, p: float) -> float:
    """log P(X = hits) for X ~ Binomial(samples, p), 0 < p < 1."""
    return (
        math.lgamma(samples + 1)
        - math.lgamma(hits + 1)
        - math.lgamma(samples - hits + 1)
        + hits * math.log(p)
        + (samples - hits) * math.log1p(-p)
    )


def _at_most(hits: int, samples: int, p: float) -> float:
    """P(X <= hits) for X ~ Binomial(samples, p), for p >= hits/samples: summed down from
    `hits`, where the terms only fall, until what is left cannot change the sum."""
    if hits >= samples:
        return 1.0
    if p <= 0.0 or p >= 1.0:
        return 1.0 if p <= 0.0 else 0.0
    log_top = _log_chance(hits, samples, p)
    if log_top + math.log(hits + 1) < -700.0:
        return 0.0  # every term is below exp(-700) / (hits + 1)
    term = total = math.exp(log_top)
    ratio = (1.0 - p) / p
    j = hits
    while j > 0 and term > total * 1e-17:
        term *= j / (samples - j + 1) * ratio
        total += term
        j -= 1
    return total


def _at_least(hits: int, samples: int, p: float) -> float:
    """P(X >= hits) for X ~ Binomial(samples, p), for p <= hits/samples (summed upwards)."""
    if hits <= 0:
        return 1.0
    if p <= 0.0 or p >= 1.0:
        return 1.0 if p >= 1.0 else 0.0
    log_top = _log_chance(hits, samples, p)
    if log_top + math.log(samples - hits + 1) < -700.0:
        return 0.0
    term = total = math.exp(log_top)
    ratio = p / (1.0 - p)
    j = hits
    while j < samples and term > total * 1e-17:
        term *= (samples - j) / (j + 1) * ratio
        total += term
        j += 1
    return total


def _spread(hits: int, samples: int) -> float:
    """Far more than a bound can lie from the estimate: 8 standard errors plus 8 samples'
    worth (so 0 and every hit count get a bracket too)."""
    p = hits / samples
    return 8.0 * math.sqrt(max(p * (1.0 - p), 1.0 / samples) / samples) + 8.0 / samples


def _crossing(
    excess: Callable[[float], tuple[float, float]], inside: float, outside: float, guess: float
) -> float:
    """Where `excess` (monotone; it returns its value and its slope) falls from above 0 at
    `inside` to 0 or below at `outside`: Newton's method from `guess`, kept inside the
    bracket (halving it when a step would leave it), each step nudged a hair across the
    crossing so the bracket closes from both sides. Returns the bracket's end on the
    `outside` side once it is a billionth of the answer wide: the end that errs for the
    house."""
    x = guess if min(inside, outside) < guess < max(inside, outside) else (inside + outside) / 2
    for _ in range(200):
        value, slope = excess(x)
        if value > 0:
            inside = x
        else:
            outside = x
        if abs(outside - inside) <= 1e-9 * max(abs(inside), abs(outside)):
            break
        across = (outside - inside) if value > 0 else (inside - outside)
        step = x - value / slope + math.copysign(2e-10 * x, across) if slope != 0 else math.nan
        x = step if min(inside, outside) < step < max(inside, outside) else (inside + outside) / 2
    return outside


_LOG_MISS = math.log(MISS)
_TINY = 1e-290
"""Below this a tail is treated as 0 (its log and slope are no use to Newton's method)."""


@functools.lru_cache(maxsize=8192)
def chance_high(hits: int, samples: int) -> float:
    """The exact (Clopper–Pearson) upper bound at confidence 1 - MISS on a chance seen `hits`
    times in `samples` independent deals: the chance above which so few hits turn up at
    most MISS of the time. So whatever the true chance p, P(p > chance_high) <= MISS."""
    if hits >= samples:
        return 1.0

    def excess(q: float) -> tuple[float, float]:
        # d/dq P(X <= hits) = -samples × P(Y = hits), Y ~ Binomial(samples - 1, q).
        tail = _at_most(hits, samples, q)
        if tail < _TINY or q >= 1.0:
            return math.log(_TINY) - _LOG_MISS, 0.0
        slope = -samples * math.exp(_log_chance(hits, samples - 1, q)) / tail
        return math.log(tail) - _LOG_MISS, slope

    p = hits / samples
    below, above = p, min(1.0, p + _spread(hits, samples))
    while above < 1.0 and excess(above)[0] > 0:
        below, above = above, min(1.0, above + _spread(hits, samples))
    if excess(above)[0] > 0:
        return 1.0
    return _crossing(excess, below, above, p + 3.1 * _spread(hits, samples) / 8)


@functools.lru_cache(maxsize=8192)
def chance_low(hits: int, samples: int) -> float:
    """The exact (Clopper–Pearson) lower bound at confidence 1 - MISS: the chance below which
    so many hits turn up at most MISS of the time. P(p < chance_low) <= MISS."""
    if hits <= 0:
        return 0.0

    def excess(q: float) -> tuple[float, float]:
        # d/dq P(X >= hits) = samples × P(Y = hits - 1), Y ~ Binomial(samples - 1, q).
        tail = _at_least(hits, samples, q)
        if tail < _TINY or q <= 0.0:
            return math.log(_TINY) - _LOG_MISS, 0.0
        slope = samples * math.exp(_log_chance(hits - 1, samples - 1, q)) / tail
        return math.log(tail) - _LOG_MISS, slope

    p = hits / samples
    below, above = max(0.0, p - _spread(hits, samples)), p
    while below > 0.0 and excess(below)[0] > 0:
        below, above = max(0.0, below - _spread(hits, samples)), below
    return _crossing(excess, above, below, p - 3.1 * _spread(hits, samples) / 8)


def _legacy_spread(hits: int, samples: int) -> float:
    """The first version's half-band: Z standard errors of the estimate plus 1/samples."""
    p = hits / samples
    return Z * math.sqrt(p * (1.0 - p) / samples) + 1.0 / samples


def p_high(hits: int, samples: int, pricing: int = PRICING) -> float:
    """The chance a bet on a height seen `hits` times in `samples` deals is priced from."""
    if pricing == LEGACY_PRICING:
        return min(1.0, hits / samples + _legacy_spread(hits, samples))
    return chance_high(hits, samples)


def p_low(hits: int, samples: int, pricing: int = PRICING) -> float:
    """The chance a cash-out on a height seen `hits` times in `samples` deals is priced from."""
    if pricing == LEGACY_PRICING:
        return max(0.0, hits / samples - _legacy_spread(hits, samples))
    return chance_low(hits, samples)


def odds_tenths(hits: int, samples: int, pricing: int = PRICING) -> int:
    """The payout a bet on a height with `hits` of `samples` is offered at, in tenths of a
    chip per chip staked ("to 1"), or 0 if the height is not offered.

    Fair odds are 1/p - 1; ours are (1 - edge)/p_high - 1, rounded down to a tenth. A
    height is offered when its estimate is at least FLOOR and the odds reach 0.1 to 1.
    Whenever the true chance is at most p_high (at least 99.9% of the time), the bet
    returns at most 95% of its stake."""
    if hits / samples < FLOOR:
        return 0
    keep = (100 - EDGE_PERCENT) / 100
    tenths = math.floor(10 * (keep / p_high(hits, samples, pricing) - 1.0))
    return max(0, tenths)


def returns(amount: int, tenths: int) -> int:
    """What a winning bet of `amount` at `tenths` pays back, stake included, rounded down:
    amount × (1 + tenths/10)."""
    return amount * (10 + tenths) // 10


def cash_out(amount: int, tenths: int, hits: int, samples: int, pricing: int = PRICING) -> int:
    """What surrendering a bet of `amount` at `tenths` on a height with `hits` of `samples`
    is worth now: its return if it wins × the low bound of its chance × (1 - edge), rounded
    down. Whenever the true chance is at least p_low (at least 99.9% of the time), that is
    at most 95% of what holding the bet is worth, so surrendering never beats holding, and
    betting and surrendering at once always loses."""
    value = returns(amount, tenths) * p_low(hits, samples, pricing) * (100 - EDGE_PERCENT) / 100
    return max(0, math.floor(value))
