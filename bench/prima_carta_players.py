"""Prima Carta's computer players: a duplicate match of sharp against basic, by variant.

    python bench/prima_carta_players.py [DEALS] [--variant jasper] [--seats 5] [--workers 1]

Each deal (seed) is played twice with five seats (or `--seats`): the sharp player in the
even seats and the basic one in the odd seats, then the other way round, same cards, same
dealer. A deal's margin is the sharp seats' average net chips (stake 1) minus the basic
seats', averaged over the two plays; the script prints the mean margin over the deals, its
95% confidence interval (normal approximation, 1.96 standard errors), and the sharp
player's median time per decision. Under Jasper rules the sharp player cannot read the
reshuffled pile and estimates its chance instead (engine/prima_carta/players.py).

Not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.prima_carta import PrimaCarta, PrimaCartaOptions
from engine.prima_carta.game import SUITS
from engine.prima_carta.players import BasicPlayer, SharpPlayer


def play_deal(args: tuple[str, int, int]) -> tuple[float, list[float]]:
    """One deal played twice with the levels swapped: (margin, sharp decision times in ms)."""
    variant, seats, deal = args
    options = PrimaCartaOptions(variant=variant)  # type: ignore[arg-type]
    suits = SUITS[:seats]
    times: list[float] = []
    margins: list[float] = []
    for sharp_parity in (0, 1):
        sharp, basic = SharpPlayer(), BasicPlayer()
        game = PrimaCarta.new(options, suits, deal, dealer=deal % seats)
        while (seat := game.to_act) is not None:
            if seat % 2 == sharp_parity:
                start = time.perf_counter()
                action = sharp.choose(game, seat)
                times.append((time.perf_counter() - start) * 1000)
            else:
                action = basic.choose(game, seat)
            game.apply(seat, action)
        outcome = game.outcome
        assert outcome is not None
        mine = [outcome.net(s) for s in range(seats) if s % 2 == sharp_parity]
        theirs = [outcome.net(s) for s in range(seats) if s % 2 != sharp_parity]
        margins.append(statistics.fmean(mine) - statistics.fmean(theirs))
    return statistics.fmean(margins), times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("deals", nargs="?", type=int, default=10_000)
    parser.add_argument("--variant", default="jasper", choices=("classic", "jasper"))
    parser.add_argument("--seats", type=int, default=5, choices=(2, 3, 4, 5))
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    jobs = [(args.variant, args.seats, deal) for deal in range(args.deals)]
    start = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            results = pool.map(play_deal, jobs, chunksize=200)
    else:
        results = [play_deal(job) for job in jobs]
    margins = [margin for margin, _ in results]
    times = [t for _, ts in results for t in ts]
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
    print(f"Prima Carta, {args.variant}, {args.seats} seats, {args.deals:,} deals played twice (duplicate)")
    interval = f"95% CI [{mean - half:+.4f}, {mean + half:+.4f}]"
    print(f"sharp - basic, net chips per seat per hand (stake 1): {mean:+.4f}  {interval}")
    if times:
        print(f"sharp time per decision: median {statistics.median(times):.2f} ms, max {max(times):.2f} ms")
    print(f"wall time {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
