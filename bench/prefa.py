"""The strong Prefa player: a duplicate match against another level, and its time per decision.

    python bench/prefa.py [--against basic|strong-v1] [--deals 2000] [--workers 2] [--start 0]
                          [--player strong|strong-v1] [--parts bid,kitty,defence,card]

Duplicate scheme for three players: each deal (seed) is played four times from the same
cards, dealer rotating with the seed: once with three `--against` players (the baseline),
then three times with the `--player` (default: the strong player) in seat 0, 1 and 2
against two `--against` players. A seat's result is its chips plus ten chips for each pouch
point it lost (the text: one pouch point is ten chips), i.e. `chips[s] - 10 *
pouch_change[s]`. The deal's margin is the mean over the three seats of the player's result
minus the `--against` player's result in that seat in the baseline; deals thrown in score 0
in every table.

`--parts` (for development) makes the strong player decide only those kinds by simulation
and play the basic player's move in the others.

Printed: the margin per deal with its 95% confidence interval (mean ± 1.96·sd/√n over deals),
running every 100 deals and at the end; the player's time per decision of each kind (bid;
kitty and contract; defence; card): median, p95 and max, in CPU time of the worker process
(what the decision costs, whatever else the machine runs) and in wall time (what it took
here, on a machine shared with other work); decisions with one legal move are not timed.
Each worker is one process; `--workers` processes run deals side by side.

Not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.prefa import Phase, Prefa, PrefaOptions
from engine.prefa.players import BasicPlayer
from engine.prefa.strong import StrongPlayer
from engine.prefa.strong_v1 import StrongV1Player

SEATS = ("ana", "bo", "cy")
KINDS = {
    Phase.BIDDING: "bid",
    Phase.KITTY: "kitty/contract",
    Phase.CONTRACT: "kitty/contract",
    Phase.DEFENCE: "defence",
    Phase.PLAY: "card",
}
PARTS = {"bid": Phase.BIDDING, "kitty": Phase.KITTY, "contract": Phase.CONTRACT, "defence": Phase.DEFENCE}

Times = dict[str, list[tuple[float, float]]]


def player(level: str) -> Any:
    if level == "basic":
        return BasicPlayer()
    if level == "strong-v1":
        return StrongV1Player()
    return StrongPlayer()


class Parts:
    """The strong player in some kinds of decision, the basic player in the others."""

    def __init__(self, parts: Sequence[str]) -> None:
        self.strong = StrongPlayer()
        self.basic = BasicPlayer()
        phases = {PARTS[p] for p in parts if p in PARTS}
        if "kitty" in parts:
            phases.add(Phase.CONTRACT)
        if "card" in parts:
            phases.add(Phase.PLAY)
        self.phases = phases

    def choose(self, game: Prefa, seat: int) -> Any:
        chosen = self.strong if game.phase in self.phases else self.basic
        return chosen.choose(game, seat)


def play(
    seed: int, seat_of_player: int | None, level: str, against: str, parts: Sequence[str]
) -> tuple[list[float], Times]:
    """One hand from deal `seed`; each seat's result and the player's decision times."""
    them = player(against)
    me = Parts(parts) if parts else player(level)
    game = Prefa.new(PrefaOptions(), SEATS, seed, dealer=seed % 3)
    times: Times = {}
    while (seat := game.to_act) is not None:
        if seat == seat_of_player:
            timed = len(game.legal_actions(seat)) > 1
            kind = KINDS[game.phase]
            c0, w0 = time.process_time(), time.perf_counter()
            action = me.choose(game, seat)
            if timed:
                times.setdefault(kind, []).append((time.process_time() - c0, time.perf_counter() - w0))
        else:
            action = them.choose(game, seat)
        game.apply(seat, action)
    result = game.result
    assert result is not None
    return [result.chips[s] - 10.0 * result.pouch_change[s] for s in range(3)], times


def duplicate(job: tuple[int, str, str, tuple[str, ...]]) -> tuple[float, Times, bool]:
    """The margin on deal `seed`, the decision times, and whether the cards were played."""
    seed, level, against, parts = job
    base, _ = play(seed, None, level, against, parts)
    diffs = []
    times: Times = {}
    for seat in range(3):
        values, t = play(seed, seat, level, against, parts)
        diffs.append(values[seat] - base[seat])
        for kind, ts in t.items():
            times.setdefault(kind, []).extend(ts)
    return sum(diffs) / 3, times, any(d != 0 for d in diffs)


def ci(margins: list[float]) -> str:
    n = len(margins)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("nan")
    return f"{mean:+.2f} ± {half:.2f} chips per deal (95% CI {mean - half:+.2f} .. {mean + half:+.2f}; n={n})"


def spread(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p95 = ms[math.ceil(0.95 * len(ms)) - 1]
    return f"median {statistics.median(ms):6.1f}, p95 {p95:6.1f}, max {ms[-1]:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", choices=("basic", "strong-v1"), default="basic")
    parser.add_argument("--player", choices=("strong", "strong-v1"), default="strong")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--start", type=int, default=0, help="first deal seed")
    parser.add_argument("--parts", default="", help="development: simulate only these decisions")
    args = parser.parse_args()
    parts = tuple(p for p in args.parts.split(",") if p)
    who = args.player + (f" ({','.join(parts)} only)" if parts else "")
    print(
        f"{who} against {args.against}: {args.deals} duplicate deals from seed {args.start}, "
        f"{args.workers} workers"
    )
    margins: list[float] = []
    times: Times = {}
    played = 0
    t0 = time.perf_counter()
    jobs = [(seed, args.player, args.against, parts) for seed in range(args.start, args.start + args.deals)]
    with multiprocessing.Pool(args.workers) as pool:
        for margin, t, was_played in pool.imap(duplicate, jobs, chunksize=1):
            margins.append(margin)
            played += was_played
            for kind, ts in t.items():
                times.setdefault(kind, []).extend(ts)
            if len(margins) % 100 == 0 and len(margins) < args.deals:
                elapsed = time.perf_counter() - t0
                print(f"{len(margins)} deals ({elapsed:.0f} s): margin {ci(margins)}", flush=True)
    elapsed = time.perf_counter() - t0
    print(f"deals: {len(margins)} ({played} where the player's result differed), {elapsed:.0f} s")
    print(f"{args.player} decision times (one worker process each):")
    for kind in ("bid", "kitty/contract", "defence", "card"):
        ts = times.get(kind, [])
        if ts:
            cpu, wall = [c for c, _ in ts], [w for _, w in ts]
            print(f"  {kind:15s} {len(ts):6d} decisions  cpu {spread(cpu)}  |  wall {spread(wall)}")
    print(f"duplicate margin ({who} minus {args.against}, same seat, same deal): {ci(margins)}", flush=True)


if __name__ == "__main__":
    main()
