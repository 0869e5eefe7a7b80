"""Cardano's Primero: engine speed, and the strong computer player against the basic one.

    python bench/cardano.py [--hands 2000] [--players 3] [--workers 2] [--start 0]

Engine speed: hands per second with basic players at every seat (one process, one core).

Duplicate match (`bench/players.py`'s, `--scheme seats`; `python bench/players.py cardano
--option stack=100` runs the same): each deal (seed, dealer rotating with the seed) is played
once with basic players only (the baseline) and then once with the strong player in each
seat in turn against basic players, from the same cards, every seat with a stack of 100
counters (the engine's default, which this bench has always used; a table's default is 20).
A seat's result is its chips won (`paid_out - paid_in`); the deal's margin is the mean over
the seats of the strong player's result minus the basic player's result in the same seat on
the same deal. Printed: the margin per hand with its 95% confidence interval (mean ±
1.96·sd/√n over deals), running every 250 deals and at the end, in chips and in counters (1
counter = 1 chip, vie 2); the strong player's time per decision (CPU time; median, p95, max;
decisions with one legal move are not timed).

Not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.players import deals, interval, match_for, play

STACK = ("stack", "100")
"""Counters each seat brings, as this bench has always dealt them."""


def ci(margins: list[float]) -> str:
    mean, half = interval(margins)
    low, high = mean - half, mean + half
    return f"{mean:+.3f} ± {half:.3f} chips per hand (95% CI {low:+.3f} .. {high:+.3f}; n={len(margins)})"


def engine_speed(players: int, seconds: float = 3.0) -> float:
    match = match_for("cardano", a="basic", b="basic", players=players, options=[STACK])
    start = time.perf_counter()
    hands = 0
    while time.perf_counter() - start < seconds:
        play(match, 10_000_000 + hands, ["basic"] * players)
        hands += 1
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    speed = engine_speed(args.players)
    print(f"engine: {speed:.0f} hands/s ({args.players} basic players, one core)", flush=True)
    match = match_for("cardano", a="strong", b="basic", players=args.players, scheme="seats", options=[STACK])
    margins: list[float] = []
    times: list[float] = []
    t0 = time.perf_counter()
    seeds = range(args.start, args.start + args.hands)
    for result in deals(match, seeds, args.workers):
        margins.append(result.margin)
        times += result.times.get("strong", [])
        if len(margins) % 250 == 0 and len(margins) < len(seeds):
            print(f"after {len(margins)} deals: {ci(margins)}", flush=True)
    print(
        f"strong vs basic, duplicate, {args.players} players, {len(margins)} deals "
        f"({(args.players + 1) * len(margins)} hands, {time.perf_counter() - t0:.0f} s): {ci(margins)}"
    )
    ordered = sorted(times)
    if ordered:
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(
            f"strong decision time: median {1000 * statistics.median(ordered):.1f} ms, "
            f"p95 {1000 * p95:.1f} ms, max {1000 * ordered[-1]:.1f} ms over {len(ordered)} decisions"
        )


if __name__ == "__main__":
    main()
