"""Cardano's Primero: engine speed, and the strong computer player against the basic one.

    python bench/cardano.py [--hands 2000] [--players 3] [--workers 2] [--start 0]

Engine speed: hands per second with basic players at every seat (one process, one core).

Duplicate match: each deal (seed, dealer rotating with the seed) is played once with basic
players only (the baseline) and then once with the strong player in each seat in turn
against basic players, from the same cards. A seat's result is its chips won
(`paid_out - paid_in`); the deal's margin is the mean over the seats of the strong player's
result minus the basic player's result in the same seat on the same deal. Printed: the
margin per hand with its 95% confidence interval (mean ± 1.96·sd/√n over deals), running
every 250 deals and at the end, in chips and in counters (1 counter = 1 chip, vie 2); the
strong player's time per decision (median, p95, max; decisions with one legal move are not
timed).

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

from engine.cardano import Cardano, CardanoOptions
from engine.cardano.players import BasicPlayer, StrongPlayer

NAMES = ("ana", "bo", "cy", "di", "ed")


def play(seed: int, players: int, strong_seat: int | None) -> tuple[list[int], list[float]]:
    """One hand from deal `seed`: each seat's chips won and the strong player's decision times."""
    basic, strong = BasicPlayer(), StrongPlayer()
    game = Cardano.new(CardanoOptions(), NAMES[:players], seed, dealer=seed % players)
    times: list[float] = []
    while (seat := game.to_act) is not None:
        if seat == strong_seat:
            timed = len(game.legal_actions(seat)) > 1
            t0 = time.perf_counter()
            action = strong.choose(game, seat)
            if timed:
                times.append(time.perf_counter() - t0)
        else:
            action = basic.choose(game, seat)
        game.apply(seat, action)
    outcome = game.outcome
    assert outcome is not None
    return [outcome.paid_out[i] - outcome.paid_in[i] for i in range(players)], times


def duplicate(job: tuple[int, int]) -> tuple[float, list[float]]:
    seed, players = job
    base, _ = play(seed, players, None)
    diffs: list[float] = []
    times: list[float] = []
    for seat in range(players):
        values, t = play(seed, players, seat)
        diffs.append(values[seat] - base[seat])
        times += t
    return sum(diffs) / players, times


def ci(margins: list[float]) -> str:
    n = len(margins)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("nan")
    return f"{mean:+.3f} ± {half:.3f} chips per hand (95% CI {mean - half:+.3f} .. {mean + half:+.3f}; n={n})"


def engine_speed(players: int, seconds: float = 3.0) -> float:
    start = time.perf_counter()
    hands = 0
    while time.perf_counter() - start < seconds:
        play(10_000_000 + hands, players, None)
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
    jobs = [(seed, args.players) for seed in range(args.start, args.start + args.hands)]
    margins: list[float] = []
    times: list[float] = []
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        for margin, t in pool.imap(duplicate, jobs, chunksize=10):
            margins.append(margin)
            times += t
            if len(margins) % 250 == 0 and len(margins) < len(jobs):
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
