"""Peg Leg's prices: the time to price a decision point, and the measured return of every
opening bet.

    python bench/peg_leg.py [HANDS] [--timed 200]

* Time per decision: `--timed` hands (default 200) are dealt through `PegLeg`, everyone
  standing; every round of decisions the engine opens is priced afresh (the price caches
  are emptied first), and the script prints the median, p95 and max wall time of one
  pricing (SAMPLES simulated ends of the pass, then the odds and cash-out bound of every
  height), and the rounds per hand. Pricing and restore times are this process's CPU
  time (`time.process_time`), so that other work on a shared machine does not inflate
  them.
* Opening bets' return to player: the opening prices depend only on the first card (the
  simulation is seeded by the public position), so the 50 opening price lists are worked
  out once, exactly as a table would; then HANDS random deals (default 1,000,000) are
  dealt to the end of the pass, and each opening bet that would have been offered on that
  deal's first card is settled on the key stack's final height, per 10 chips staked
  (integer chips, rounded down as the table pays). For each height the script prints how
  often it was offered, its measured chance, the mean odds offered, the return to player
  with a 95% confidence interval (1.96 standard errors) and the house edge. Every offered
  bet must return less than 100%.

Not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.cards import POSTAS_50
from engine.peg_leg import odds
from engine.peg_leg.game import STAND, PegLeg, PegLegOptions
from engine.prima_carta.game import wanted_from

STAKED = 10
BOUND_CACHES = [getattr(odds, name, None) for name in ("chance_high", "chance_low")]
"""The engine's caches of exact bounds on a chance (none in the first version)."""


def _timed(function: Callable[..., tuple[int, ...]], times: list[float]) -> Callable[..., tuple[int, ...]]:
    """`function` (the simulation) from cold caches, then the odds and cash-out bounds a round
    works out from its histogram; each call's CPU milliseconds appended to `times`. The bounds'
    caches are kept at the opening (one card dealt), whose bounds a process works out once."""

    def timed(dealt: Sequence[int], *args: Any, **kwargs: Any) -> tuple[int, ...]:
        odds._CACHE.clear()
        if len(dealt) > 1:
            for cache in BOUND_CACHES:
                if cache is not None:
                    cache.cache_clear()
        start = time.process_time()
        result = function(dealt, *args, **kwargs)
        samples = sum(result)
        for hits in result:
            odds.odds_tenths(hits, samples)
            if hits:
                odds.cash_out(100, 10, hits, samples)
        times.append((time.process_time() - start) * 1000)
        return result

    return timed


def pricing_times(hands: int) -> tuple[list[float], int]:
    """Milliseconds per pricing over the rounds of `hands` deals, and the rounds seen. A
    pricing is the simulation and then, from its histogram, the odds on every height and
    the cash-out bound of every height seen; both caches are emptied first (the bounds'
    too, where the engine keeps them, except at the opening, whose bounds a process works
    out once), so each figure is the cost of a position never priced before."""
    times: list[float] = []
    real = odds.histogram
    odds.histogram = _timed(real, times)
    rounds = 0
    try:
        for seed in range(hands):
            game = PegLeg.new(PegLegOptions(stake=1), ["a", "b"], seed)
            while game.outcome is None:
                rounds += 1
                for seat in game.awaiting:
                    game.apply(seat, STAND)
    finally:
        odds.histogram = real
    return times, rounds


def opening_prices() -> dict[int, list[int]]:
    """First card -> the opening odds (tenths) on heights 0..10, as a table offers them
    (read off a hand dealt with that first card)."""
    prices: dict[int, list[int]] = {}
    cards = POSTAS_50.cards()
    for first in range(50):
        order = [cards[first], *(card for code, card in enumerate(cards) if code != first)]
        game = PegLeg.new_from_order(PegLegOptions(stake=1), ["a", "b"], order)
        prices[first] = [game.price(n) for n in range(11)]
    return prices


def opening_returns(hands: int, prices: dict[int, list[int]], seed: int) -> None:
    rng = random.Random(seed)
    deck = list(range(50))
    offered = [0] * 11
    hits = [0] * 11
    paid = [0] * 11
    paid_sq = [0] * 11
    tenths_sum = [0] * 11
    start = time.perf_counter()
    for _ in range(hands):
        rng.shuffle(deck)
        first = deck[0]
        key = first // 10
        wanted = wanted_from(
            [1 if s == key else 0 for s in range(5)], [first if s == key else -1 for s in range(5)]
        )
        count = [1 if s == key else 0 for s in range(5)]
        final = odds.final_height(deck[1:], key, wanted, count, [])
        for n, tenths in enumerate(prices[first]):
            if tenths:
                offered[n] += 1
                tenths_sum[n] += tenths
                if n == final:
                    hits[n] += 1
                    back = odds.returns(STAKED, tenths)
                    paid[n] += back
                    paid_sq[n] += back * back
    elapsed = time.perf_counter() - start
    print(f"\nOpening bets over {hands:,} deals ({elapsed:.0f} s), {STAKED} chips each:")
    print(" height  offered   chance    mean odds   return to player (95% CI)      house edge")
    for n in range(11):
        if not offered[n]:
            continue
        k = offered[n]
        mean = paid[n] / k / STAKED
        var = max(0.0, paid_sq[n] / k / STAKED**2 - mean * mean)
        half = 1.96 * math.sqrt(var / k)
        print(
            f" {n:>6}  {k / hands:>7.1%}  {hits[n] / k:>7.3%}  {tenths_sum[n] / k / 10:>7.2f} to 1"
            f"   {mean:>7.2%} ({mean - half:.2%} – {mean + half:.2%})   {1 - mean:>6.2%}"
        )


def opening_table(deals: int, seeds: list[int]) -> None:
    """The `odds.OPENING` table: final heights over `deals` random ends of the pass per seed
    from the opening position (Crowns 1 dealt, every other card unseen), summed."""
    count = [1, 0, 0, 0, 0]
    foundation = [0, -1, -1, -1, -1]
    start = wanted_from(count, foundation)
    total = [0] * 11
    for seed in seeds:
        rng = random.Random(seed)
        rest = list(range(1, 50))
        for _ in range(deals):
            rng.shuffle(rest)
            total[odds.final_height(rest, 0, bytearray(start), list(count), [])] += 1
    print(f"OPENING = {tuple(total)}  # {sum(total):,} deals")


def restore_times(hands: int) -> tuple[list[float], list[float]]:
    """Milliseconds to restore a hand saved at its last round, over `hands` deals: as a
    fresh process restoring them one after another (nothing cached at the first; the
    price histograms are read back from the save, and the bounds on chances the engine
    works out fill its cache as it goes), and with every cache emptied before each hand
    (the worst case: every bound, the opening's too, worked out again)."""
    saves = []
    for seed in range(hands):
        game = PegLeg.new(PegLegOptions(stake=1), ["a", "b"], seed)
        saved = game.to_json()
        while game.outcome is None:
            saved = game.to_json()
            for seat in game.awaiting:
                game.apply(seat, STAND)
        saves.append(saved)
    runs: list[list[float]] = []
    for each_hand in (False, True):
        times: list[float] = []
        for index, saved in enumerate(saves):
            odds._CACHE.clear()
            if each_hand or index == 0:
                for cache in BOUND_CACHES:
                    if cache is not None:
                        cache.cache_clear()
            start = time.process_time()
            PegLeg.from_json(saved)
            times.append((time.process_time() - start) * 1000)
        runs.append(times)
    return runs[0], runs[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("hands", nargs="?", type=int, default=1_000_000)
    parser.add_argument("--timed", type=int, default=200)
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--opening-table", type=int, default=0, metavar="DEALS")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    if args.opening_table:
        opening_table(args.opening_table, args.seeds)
        return
    times, rounds = pricing_times(args.timed)
    print(f"Pricing: {odds.SAMPLES:,} simulated ends of the pass per decision point")
    q = statistics.quantiles(times, n=20)
    print(
        f"  {len(times):,} pricings over {args.timed} hands ({rounds / args.timed:.1f} rounds a hand): "
        f"median {statistics.median(times):.1f} ms, p95 {q[18]:.1f} ms, max {max(times):.1f} ms"
    )
    in_turn, every_time = restore_times(args.timed)
    for label, restored in (
        ("one after another from a fresh start", in_turn),
        ("with every cache emptied before each", every_time),
    ):
        q = statistics.quantiles(restored, n=20)
        print(
            f"Restore of a hand saved at its last round, {label}: first {restored[0]:.2f} ms, "
            f"median {statistics.median(restored):.2f} ms, p95 {q[18]:.2f} ms, max {max(restored):.2f} ms"
        )
    prices = opening_prices()
    opening_returns(args.hands, prices, args.seed)


if __name__ == "__main__":
    main()
