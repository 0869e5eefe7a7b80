"""The strong Prefa player: time per decision, engine speed, and a duplicate match against basic.

    python bench/prefa.py [--deals 1000] [--workers 2] [--start 0]

Duplicate scheme for three players: each deal (seed) is played four times from the same
cards, dealer rotating with the seed: once with three basic players (the baseline), then
three times with the strong player in seat 0, 1 and 2 against two basic players. A seat's
result is its chips plus ten chips for each pouch point it lost (the text: one pouch point
is ten chips), i.e. `chips[s] - 10 * pouch_change[s]`. The deal's margin is the mean over the
three seats of the strong player's result minus the basic player's result in that seat in
the baseline. The strong player bids, takes the kitty and defends like the basic one, so
the margin measures card play; deals thrown in score 0 in every table.

Printed: the margin per deal with its 95% confidence interval (mean ± 1.96·sd/√n over
deals), running every 50 deals and at the end; the strong player's time per card decision
(median, p95, max; each worker is one process on one core; decisions with one legal card
are not timed); engine hands per second (three basic players, one core).

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

from engine.prefa import Phase, Prefa, PrefaOptions
from engine.prefa.players import BasicPlayer
from engine.prefa.strong import StrongPlayer

SEATS = ("ana", "bo", "cy")


def play(seed: int, strong_seat: int | None) -> tuple[list[float], list[float], bool]:
    """One hand from deal `seed`; returns each seat's result, the strong player's card
    decision times and whether the cards were played."""
    basic, strong = BasicPlayer(), StrongPlayer()
    game = Prefa.new(PrefaOptions(), SEATS, seed, dealer=seed % 3)
    times: list[float] = []
    played = False
    while (seat := game.to_act) is not None:
        if game.phase is Phase.PLAY:
            played = True
        if seat == strong_seat and game.phase is Phase.PLAY and len(game.legal_actions(seat)) > 1:
            t0 = time.perf_counter()
            action = strong.choose(game, seat)
            times.append(time.perf_counter() - t0)
        else:
            action = (strong if seat == strong_seat else basic).choose(game, seat)
        game.apply(seat, action)
    result = game.result
    assert result is not None
    values = [result.chips[s] - 10.0 * result.pouch_change[s] for s in range(3)]
    return values, times, played


def duplicate(seed: int) -> tuple[float, list[float], bool, int]:
    """The margin on deal `seed`, the decision times, whether it was played, fallbacks."""
    base, _, played = play(seed, None)
    diffs = []
    times: list[float] = []
    for seat in range(3):
        values, t, _ = play(seed, seat)
        diffs.append(values[seat] - base[seat])
        times += t
    return sum(diffs) / 3, times, played, 0


def ci(margins: list[float]) -> str:
    n = len(margins)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("nan")
    return f"{mean:+.2f} ± {half:.2f} chips per deal (95% CI {mean - half:+.2f} .. {mean + half:+.2f}; n={n})"


def engine_speed(seconds: float = 3.0) -> float:
    basic = BasicPlayer()
    hands, seed, t0 = 0, 10**6, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        game = Prefa.new(PrefaOptions(), SEATS, seed, dealer=seed % 3)
        while (seat := game.to_act) is not None:
            game.apply(seat, basic.choose(game, seat))
        hands += 1
        seed += 1
    return hands / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--start", type=int, default=0, help="first deal seed")
    args = parser.parse_args()
    print(f"engine: {engine_speed():.0f} hands/s (three basic players, one core)", flush=True)
    margins: list[float] = []
    times: list[float] = []
    played = 0
    t0 = time.perf_counter()
    seeds = range(args.start, args.start + args.deals)
    with multiprocessing.Pool(args.workers) as pool:
        for margin, t, was_played, _ in pool.imap(duplicate, seeds, chunksize=1):
            margins.append(margin)
            times += t
            played += was_played
            if len(margins) % 50 == 0 and len(margins) < args.deals:
                elapsed = time.perf_counter() - t0
                print(f"{len(margins)} deals ({elapsed:.0f} s): margin {ci(margins)}", flush=True)
    elapsed = time.perf_counter() - t0
    times.sort()
    ms = [x * 1000 for x in times]
    print(f"deals: {len(margins)} ({played} played out; the rest thrown in or both out), {elapsed:.0f} s")
    print(
        f"strong decision time: median {statistics.median(ms):.1f} ms, "
        f"p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms over {len(ms)} card decisions"
    )
    print(f"duplicate margin (strong minus basic, same seat, same deal): {ci(margins)}", flush=True)


if __name__ == "__main__":
    main()
