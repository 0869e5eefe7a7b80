"""Prima Carta's computer players: a duplicate match of sharp against basic, by variant.

    python bench/prima_carta_players.py [DEALS] [--variant jasper] [--seats 5] [--workers 1]

The match is `bench/players.py`'s (`python bench/players.py prima_carta --option variant=V`
runs the same), with this script's defaults: each deal (seed) is played twice with five
seats (or `--seats`): the sharp player in the even seats and the basic one in the odd seats,
then the other way round, same cards, same dealer (`--scheme halves`). A deal's margin is
the sharp seats' average net chips (stake 1) minus the basic seats', averaged over the two
plays; the script prints the mean margin over the deals, its 95% confidence interval
(normal approximation, 1.96 standard errors), and the sharp player's time per decision (CPU
time, decisions with a choice). Under Jasper rules the sharp player cannot read the
reshuffled pile and estimates its chance instead (engine/prima_carta/players.py).

Not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.players import deals, interval, match_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("deals", nargs="?", type=int, default=10_000)
    parser.add_argument("--variant", default="jasper", choices=("classic", "jasper"))
    parser.add_argument("--seats", type=int, default=5, choices=(2, 3, 4, 5))
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    match = match_for(
        "prima_carta", a="sharp", b="basic", players=args.seats, scheme="halves",
        options=[("variant", args.variant)],
    )  # fmt: skip
    start = time.perf_counter()
    results = list(deals(match, range(args.deals), args.workers))
    margins = [result.margin for result in results]
    times = [t * 1000 for result in results for t in result.times.get("sharp", [])]
    mean, half = interval(margins)
    print(f"Prima Carta, {args.variant}, {args.seats} seats, {args.deals:,} deals played twice (duplicate)")
    interval_text = f"95% CI [{mean - half:+.4f}, {mean + half:+.4f}]"
    print(f"sharp - basic, net chips per seat per hand (stake 1): {mean:+.4f}  {interval_text}")
    if times:
        print(f"sharp time per decision: median {statistics.median(times):.2f} ms, max {max(times):.2f} ms")
    print(f"wall time {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
