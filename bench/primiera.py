"""Primiera's computer players: the strong player's time per decision, the engine's speed
and a duplicate match of strong against basic.

    python bench/primiera.py [ROUNDS] [--form heralds|scopone|two|three|robot|all] [--workers 2]
                             [--engine-seconds 3]

`--form all` runs the five forms one after the other (about 10 minutes a form for 1,000
deals on two cores).

* Engine: random legal rounds through `Primiera.new` / `legal_actions` / `apply` for a few
  seconds on one core, in rounds per second.
* Duplicate match (ROUNDS deals, default 1000; `bench/players.py`'s, `python bench/players.py
  primiera --option variant=FORM` runs the same): each deal is played twice, the strong
  player in the even seats and the basic one in the odd seats, then the other way round,
  same cards and dealer. A deal's margin is the strong seats' average round points minus
  the basic seats', averaged over the two plays; the script prints the mean margin over
  deals and its 95% confidence interval (normal approximation, 1.96 standard errors).
  Deals are split over `--workers` processes (one core each). The robot's seat plays at its
  partner's level once it has one, else at the basic level.
* Time per decision: every strong decision of the match with more than one legal move,
  median, p95 and max, in milliseconds of CPU time of its worker's one thread
  (`time.thread_time`): what a decision costs one core, whatever else the machine is
  running. The engine's speed is wall time on one core.

Not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.players import Match, deals, interval, match_for
from engine.primiera.game import Phase, Primiera, PrimieraOptions

FORMS = ("heralds", "scopone", "two", "three", "robot")


def engine_rounds_per_second(form: str, seconds: float) -> float:
    options = PrimieraOptions(form=form)  # type: ignore[arg-type]
    names = [f"p{i}" for i in range(options.seats)]
    rng = random.Random(1)
    rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Primiera.new(options, names, seed=rounds, dealer=rounds % options.seats)
        while game.phase is not Phase.OVER:
            seat = game.awaiting[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        rounds += 1
    return rounds / (time.perf_counter() - start)


def match(form: str) -> Match:
    """The duplicate match of `bench/players.py`, for one form."""
    return match_for("primiera", a="strong", b="basic", scheme="halves", options=[("variant", form)])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("rounds", nargs="?", type=int, default=1000, help="deals in the duplicate match")
    parser.add_argument("--form", default="heralds", choices=[*FORMS, "all"])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--engine-seconds", type=float, default=3.0)
    args = parser.parse_args()
    for form in FORMS if args.form == "all" else (args.form,):
        run(form, args.rounds, args.workers, args.engine_seconds)


def run(form: str, rounds: int, workers: int, engine_seconds: float) -> None:
    rate = engine_rounds_per_second(form, engine_seconds)
    print(f"engine: {rate:.0f} random {form} rounds per second (one core)", flush=True)

    margins: list[float] = []
    times: list[float] = []
    start = time.perf_counter()
    for result in deals(match(form), range(rounds), workers):
        margins.append(result.margin)
        times.extend(t * 1000 for t in result.times.get("strong", []))
        done = len(margins)
        if done % 100 == 0 and done < rounds:
            print(f"  {done} deals, margin so far {statistics.fmean(margins):+.3f}", flush=True)
    elapsed = time.perf_counter() - start
    times.sort()
    median, p95 = times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.95))]
    print(
        f"{form}: strong player, CPU time per decision over {len(times)} decisions: median {median:.1f} ms, "
        f"p95 {p95:.1f} ms, max {times[-1]:.1f} ms"
    )
    n = len(margins)
    mean, half = interval(margins)
    print(
        f"duplicate match, {form}, {n} deals x 2 ({2 * n} rounds) in {elapsed:.0f} s: "
        f"strong - basic = {mean:+.3f} round points per seat per round, "
        f"95% CI [{mean - half:+.3f}, {mean + half:+.3f}]",
        flush=True,
    )


if __name__ == "__main__":
    main()
