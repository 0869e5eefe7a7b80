"""One bench for every computer level: a duplicate match of level A against level B in any game.

    python bench/players.py GAME --deals N [--a LEVEL --b LEVEL] [--players P]
                            [--scheme seats|halves] [--option key=value ...] [--stake S]
                            [--workers K] [--start SEED]

Hands are built the way the bot builds them: the game's plug-in (`bot/games/<game>/plugin.py`)
deals `new_hand(HandSetup, options)` from the table options a host gets by default (change
them with `--option key=value`, as /play would take them), with the seats, the match, the
stacks a table brings (its buy-in) and a robot where the game has one, as `bot/tables/hand.py`
deals a table's first hand. The dealer rotates with the deal's seed. Moves come from
`plugin.computer(level)` (the game's `engine.<game>.players` levels); a hand that waits on the
clock (Prima Carta's turn of the first card) plays its pause's move, as the table's clock does;
a seat with no member (Primiera's robot) is played at its partner's level once it has one,
else at level B.

Duplicate schemes (each level sits in every seat of every deal, on the same cards):

* `seats`: each deal is played once with B in every seat (the baseline) and then once with
  A in each seat in turn against B everywhere else. The deal's margin is the mean over the
  seats of A's result in that seat minus B's result in the same seat in the baseline.
* `halves`: each deal is played twice, A in the even seats and B in the odd ones, then the
  other way round. The deal's margin is A's seats' mean result minus B's seats', averaged
  over the two plays (partners opposite each other then play at the same level).

A seat's result, per game: its net chips for the hand (`Outcome.net`), plus an equal share of
any pot the hand carries to the next (those chips are not lost, only not won yet); Primiera,
and Primero's points game, score points (`ScoreGame.points`): the seat's points of the round;
Prefa: the seat's Prefa chips plus ten for each pouch point it lost (the text's one pouch
point is ten chips), as `bench/prefa.py` counts it. Printed: the mean margin per seat per
deal with its 95% interval (mean ± 1.96·sd/√n over deals), running and at the end, and each
level's time per decision: CPU time of its worker's one thread (`time.thread_time`), median,
p95 and max, counting every decision with more than one legal move.

Not a test: it prints figures and asserts nothing (`tests/test_bench_players.py` keeps it
running).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games import GAMES, HandSetup, Plugin
from bot.games.base import Partners, Pauses, ScoreGame

NAMES = ("Ana", "Bruno", "Chiara", "Dario", "Elena", "Fabio")
MOST_MOVES = 5_000
"""A hand that has not ended after this many moves never will."""

PLAYERS = {"prima_carta": 5, "cardano": 3, "prefa": 3, "holdout": 3, "primero": 4}
"""Players a deal seats when `--players` is not given (the games' existing benches' counts,
three or four elsewhere); a game whose options fix the count (Primiera's forms) takes it."""
SCHEMES = {"prima_carta": "halves", "primiera": "halves"}
"""The duplicate scheme when `--scheme` is not given: as the game's existing bench, else seats."""
UNITS = {"primiera": "round points", "prefa": "chips + 10 × pouch points lost"}


@dataclass(frozen=True)
class Match:
    """What a duplicate match plays: a game, its table options and seats, and two levels."""

    game: str
    a: str
    b: str
    players: int
    scheme: str
    stake: int = 1
    options: tuple[tuple[str, str], ...] = ()

    @property
    def plugin(self) -> Plugin:
        return GAMES[self.game]

    def table_options(self) -> Any:
        return self.plugin.parse_options(dict(self.options))

    def unit(self) -> str:
        if self.game == "primero" and self.table_options().variant == "points":
            return "points"
        return UNITS.get(self.game, "chips")


@dataclass
class Deal:
    """One deal's margin, and the decision times of each level (seconds of CPU)."""

    margin: float
    times: dict[str, list[float]] = field(default_factory=dict)
    hands: int = 0


def match_for(
    game: str,
    a: str | None = None,
    b: str | None = None,
    players: int | None = None,
    scheme: str | None = None,
    stake: int = 1,
    options: Sequence[tuple[str, str]] = (),
) -> Match:
    """A match with the game's defaults filled in: A its last (strongest) level, B its first."""
    plugin = GAMES[game]
    levels = plugin.levels
    if not levels:
        raise SystemExit(f"{game} has no computer players.")
    chosen_a, chosen_b = a or levels[-1], b or levels[0]
    for level in (chosen_a, chosen_b):
        if level not in levels:
            raise SystemExit(f"{game} has no {level} level; its levels are {', '.join(levels)}.")
    table = plugin.parse_options(dict(options))
    low, high = plugin.seat_range(table)
    count = players or min(max(PLAYERS.get(game, 3), low), high)
    if not low <= count <= high:
        raise SystemExit(f"{plugin.name} with these options seats {low} to {high} players.")
    return Match(
        game=game,
        a=chosen_a,
        b=chosen_b,
        players=count,
        scheme=scheme or SCHEMES.get(game, "seats"),
        stake=stake,
        options=tuple(options),
    )


# ----------------------------------------------------------------------------- one hand


def deal(match: Match, seed: int) -> tuple[Any, int | None]:
    """The hand of deal `seed` as a table's first hand (bot/tables/hand.py), and the engine
    seat of its robot, if any."""
    plugin, options = match.plugin, match.table_options()
    seated = list(plugin.seat_choices[: match.players])
    names = {choice: NAMES[index] for index, choice in enumerate(seated)}
    table = plugin.new_match(options)
    score = plugin.capability(ScoreGame)
    table, dealer = score.before_deal(table, seated, options, None) if score is not None else (table, None)
    partnered = plugin.capability(Partners)
    robot_name = partnered.robot(options) if partnered is not None else None
    robot = None
    if robot_name is not None:
        robot = next(key for key in table.order if key not in names)
        names[robot] = robot_name
    # The dealer rotates with the deal, so every seat deals as often over a long match.
    if dealer is None:
        dealer = seated[seed % len(seated)]
    table, seating = table.next_hand(seated, dealer=dealer, robot=robot, seed=seed)
    choices = list(seating.engine_seats)
    buy_in = plugin.buy_in(match.stake, options)
    setup = HandSetup(
        choices=choices,
        names=[names[choice] for choice in choices],
        stake=match.stake,
        seed=seed,
        dealer=seating.dealer_seat if seating.dealer_seat is not None else seating.eldest,
        stacks=[buy_in] * len(choices) if buy_in is not None else None,
        match=table,
    )
    game = plugin.new_hand(setup, options)
    return game, (choices.index(robot) if robot is not None else None)


def play(match: Match, seed: int, levels: Sequence[str]) -> tuple[list[float], dict[str, list[float]]]:
    """Deal `seed` played with `levels[s]` in engine seat s: each seat's result and each
    level's decision times."""
    plugin, options = match.plugin, match.table_options()
    game, robot = deal(match, seed)
    players = {level: plugin.computer(level) for level in set(levels) | {match.b}}
    partnered = plugin.capability(Partners)
    pauses = plugin.capability(Pauses)
    times: dict[str, list[float]] = {level: [] for level in players}
    for _ in range(MOST_MOVES):
        if game.outcome is not None:
            break
        awaiting = game.awaiting
        if not awaiting:
            pause = pauses.pause(game, options) if pauses is not None else None
            assert pause is not None, "a hand in play waits on somebody or on the clock"
            game.apply(pause.seat, pause.action)
            continue
        seat = awaiting[0]
        level = levels[seat] if seat != robot else robot_level(partnered, game, seat, levels, match.b)
        timed = len(game.legal_actions(seat)) > 1
        start = time.thread_time()
        action = players[level].choose(game, seat)
        if timed:
            times[level].append(time.thread_time() - start)
        game.apply(seat, action)
    else:
        raise AssertionError(f"{match.game} deal {seed} did not end in {MOST_MOVES} moves")
    return results(match, game), times


def robot_level(
    partnered: Partners[Any, Any] | None, game: Any, robot: int, levels: Sequence[str], default: str
) -> str:
    """A robot plays at its partner's level once it has one, else at level B."""
    sides: tuple[tuple[int, ...], ...] = (partnered.partners(game) or ()) if partnered is not None else ()
    for side in sides:
        partner: int | None = next((seat for seat in side if seat != robot), None)
        if robot in side and partner is not None:
            return levels[partner]
    return default


def results(match: Match, game: Any) -> list[float]:
    """Each engine seat's result of the finished hand, in the match's unit."""
    plugin = match.plugin
    score = plugin.capability(ScoreGame)
    points = score.points(game) if score is not None else None
    if points is not None:
        return [float(p) for p in points]
    if match.game == "prefa":
        lost = game.pouch_deltas()
        return [chips - 10.0 * lost.get(key, 0) for chips, key in zip(game.chips, game.keys, strict=True)]
    outcome = game.outcome
    seats = len(outcome.paid_in)
    share = outcome.carried / seats
    return [outcome.net(seat) + share for seat in range(seats)]


# --------------------------------------------------------------------------- duplicates


def member_seats(match: Match, seed: int) -> tuple[int, list[int]]:
    """How many engine seats deal `seed` has, and those a member sits in (not the robot)."""
    game, robot = deal(match, seed)
    count = len(match.plugin.seat_names(game))
    return count, [seat for seat in range(count) if seat != robot]


def duplicate(job: tuple[Match, int]) -> Deal:
    """Deal `seed` played as the match's scheme says, and its margin."""
    match, seed = job
    count, members = member_seats(match, seed)
    a, b = match.a, match.b
    times: dict[str, list[float]] = {a: [], b: []}
    hands = 0

    def run(levels: list[str]) -> list[float]:
        nonlocal hands
        values, spent = play(match, seed, levels)
        for level, those in spent.items():
            times.setdefault(level, []).extend(those)
        hands += 1
        return values

    if match.scheme == "seats":
        base = run([b] * count)
        diffs = []
        for seat in members:
            levels = [b] * count
            levels[seat] = a
            diffs.append(run(levels)[seat] - base[seat])
        margin = statistics.fmean(diffs)
    else:
        margins = []
        for parity in (0, 1):
            levels = [a if seat % 2 == parity else b for seat in range(count)]
            values = run(levels)
            mine = [values[s] for s in members if levels[s] == a]
            theirs = [values[s] for s in members if levels[s] == b]
            margins.append(statistics.fmean(mine) - statistics.fmean(theirs))
        margin = statistics.fmean(margins)
    return Deal(margin=margin, times=times, hands=hands)


def deals(match: Match, seeds: Sequence[int], workers: int) -> Iterator[Deal]:
    """Each deal's result, in seed order, from `workers` processes (1: this one)."""
    jobs = [(match, seed) for seed in seeds]
    if workers <= 1:
        yield from map(duplicate, jobs)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap(duplicate, jobs, chunksize=1)


# ------------------------------------------------------------------------------ figures


def interval(margins: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (1.96 standard errors)."""
    mean = statistics.fmean(margins)
    if len(margins) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))


def margin_text(margins: Sequence[float], unit: str) -> str:
    mean, half = interval(margins)
    return (
        f"{mean:+.3f} ± {half:.3f} {unit} per seat per deal "
        f"(95% CI {mean - half:+.3f} .. {mean + half:+.3f}; n={len(margins):,})"
    )


def times_text(times: Sequence[float]) -> str:
    if not times:
        return "no decision with a choice"
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return (
        f"median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms "
        f"over {len(ms):,} decisions"
    )


def option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r}: write an option as key=value")
    return key.strip(), value.strip()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--a", help="the level measured (default: the game's last, strongest)")
    parser.add_argument("--b", help="the level it is measured against (default: the game's first)")
    parser.add_argument("--players", type=int)
    parser.add_argument("--scheme", choices=("seats", "halves"))
    parser.add_argument("--option", type=option, action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--stake", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--every", type=int, default=250, help="print a running figure every N deals")
    args = parser.parse_args(argv)
    match = match_for(args.game, args.a, args.b, args.players, args.scheme, args.stake, args.option)
    unit = match.unit()
    shown = ", ".join(f"{k}={v}" for k, v in match.options) or "the defaults"
    print(
        f"{match.plugin.name}: {match.a} (A) against {match.b} (B), {match.players} players, "
        f"scheme {match.scheme}, options {shown}, stake {match.stake}; {args.deals:,} deals from "
        f"seed {args.start}, {args.workers} worker(s)",
        flush=True,
    )
    margins: list[float] = []
    times: dict[str, list[float]] = {match.a: [], match.b: []}
    hands = 0
    started = time.perf_counter()
    for result in deals(match, range(args.start, args.start + args.deals), args.workers):
        margins.append(result.margin)
        hands += result.hands
        for level, spent in result.times.items():
            times.setdefault(level, []).extend(spent)
        if args.every and len(margins) % args.every == 0 and len(margins) < args.deals:
            elapsed = time.perf_counter() - started
            print(f"  {len(margins):,} deals ({elapsed:.0f} s): {margin_text(margins, unit)}", flush=True)
    elapsed = time.perf_counter() - started
    print(f"deals: {len(margins):,} ({hands:,} hands played) in {elapsed:.0f} s")
    for level in dict.fromkeys((match.a, match.b)):
        print(f"decision time, {level} (CPU, one thread): {times_text(times[level])}")
    print(f"margin, {match.a} − {match.b}: {margin_text(margins, unit)}", flush=True)


if __name__ == "__main__":
    main()
