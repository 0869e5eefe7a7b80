"""Do the ratings order players? Simulated players of known strength, rated by the real code.

Run `python bench/ratings.py [--players K] [--spacing S] [--seed N] [--teams]`. K players
(default 8) have true skills S apart (default 0.5, in units of one game's luck: in a game each
player performs at their skill plus a standard normal draw, so of two neighbours the better
finishes ahead about 64 % of the time). Each game seats 2 to 4 of them at random (with
`--teams`, four as two random pairs, a pair performing at the sum of its skills plus its
luck, as Primiera's partners do), ranks them by performance and rates the result through
`bot.ratings.rate`, the function the tables use. After each checkpoint (games per player)
it prints how well the shown ratings order the players against their true order, once with
every game drawn from all the players and once from a few neighbours in skill (a room's
regulars sitting with their own crowd):

- Spearman's rank correlation (1: the true order exactly),
- the share of the K(K-1)/2 pairs in the right order (0.5: a coin's order),
- whether the whole order is right,

beside the same figures for the reference a room without ratings had, the old game board's
order: by the share of games won (finishing first; for teams, on the winning side). Figures,
not a test: `tests/bot/test_ratings_order.py` runs `simulate` small, with a fixed seed.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ratings import NEW, Skill, rate, shown

CHECKPOINTS = (5, 10, 20, 40, 80, 160, 320)
"""Games per player after which the order is measured."""
NEAR = 4
"""With `near`: the neighbouring players a game is drawn from."""


@dataclass(frozen=True)
class Order:
    """How well one ordering of the players matches their true order."""

    spearman: float
    pairs: float
    exact: bool


@dataclass(frozen=True)
class Checkpoint:
    """The ratings' order and the reference's (by games won) after `games` per player."""

    games: int
    rating: Order
    wins: Order


def order(true: list[float], estimate: list[float]) -> Order:
    """How well `estimate` orders the players as `true` does (higher better in both; ties
    in the estimate count as half right)."""
    n = len(true)
    right = 0.0
    for i in range(n):
        for j in range(i + 1, n):
            truth, guess = true[i] - true[j], estimate[i] - estimate[j]
            right += 0.5 if guess == 0 else float(truth * guess > 0)
    return Order(
        spearman=spearman(true, estimate), pairs=right / (n * (n - 1) / 2), exact=right == n * (n - 1) / 2
    )


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rank correlation (average ranks for ties)."""
    ra, rb = _ranks(a), _ranks(b)
    mean = (len(a) + 1) / 2
    cov = sum((x - mean) * (y - mean) for x, y in zip(ra, rb, strict=True))
    var_a = sum((x - mean) ** 2 for x in ra)
    var_b = sum((y - mean) ** 2 for y in rb)
    return cov / (var_a * var_b) ** 0.5 if var_a and var_b else 0.0


def _ranks(values: list[float]) -> list[float]:
    ordered = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and values[ordered[j + 1]] == values[ordered[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[ordered[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def simulate(
    players: int = 8,
    spacing: float = 0.5,
    seed: int = 1,
    *,
    teams: bool = False,
    near: bool = False,
    checkpoints: tuple[int, ...] = CHECKPOINTS,
) -> list[Checkpoint]:
    """Play games between players of skill 0, `spacing`, 2 × `spacing`, ... (performance =
    skill + a standard normal draw), rating each through `bot.ratings.rate`; the order of
    the ratings and of the share of games won after each of `checkpoints` games per player.
    `near`: each game is drawn from NEAR players next to each other in skill, as a room's
    regulars sit with their own crowd, rather than from everyone."""
    rng = random.Random(seed)
    skills = [k * spacing for k in range(players)]
    ratings: list[Skill] = [NEW] * players
    played, won = [0] * players, [0] * players
    out: list[Checkpoint] = []
    for target in checkpoints:
        while min(played) < target:
            pool = range(players)
            if near:
                start = rng.randint(0, players - NEAR)
                pool = range(start, start + NEAR)
            if teams:
                seated = rng.sample(pool, 4)
                sides = [seated[:2], seated[2:]]
            else:
                sides = [[p] for p in rng.sample(pool, rng.randint(2, min(4, len(pool))))]
            scores = [sum(skills[p] for p in side) + rng.gauss(0.0, len(side) ** 0.5) for side in sides]
            new = rate([[ratings[p] for p in side] for side in sides], scores)
            best = max(range(len(sides)), key=lambda i: scores[i])
            for i, side in enumerate(sides):
                for p, skill in zip(side, new[i], strict=True):
                    ratings[p] = skill
                    played[p] += 1
                    won[p] += i == best
        out.append(
            Checkpoint(
                games=target,
                rating=order(skills, [skill.ordinal for skill in ratings]),
                wins=order(skills, [won[p] / played[p] for p in range(players)]),
            )
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--spacing", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--seeds", type=int, default=20, help="runs averaged (seeds seed .. seed + seeds - 1)"
    )
    parser.add_argument("--teams", action="store_true", help="four players a game, as two random pairs")
    args = parser.parse_args()
    form = "two random pairs a game" if args.teams else "2 to 4 players a game"
    print(
        f"{args.players} players, true skills {args.spacing} apart ({form}), mean of {args.seeds} runs "
        f"from seed {args.seed}; rated by bot.ratings.rate (openskill Plackett-Luce); the reference "
        "is the order by share of games won"
    )
    for near in (False, True):
        runs = [
            simulate(args.players, args.spacing, args.seed + k, teams=args.teams, near=near)
            for k in range(args.seeds)
        ]
        company = f"each game among {NEAR} neighbours in skill" if near else "each game among anyone"
        print(f"\n{company}")
        print(
            f"{'games each':>10} | {'rating: ρ':>9} {'pairs':>6} {'exact':>6} | "
            f"{'by wins: ρ':>10} {'pairs':>6} {'exact':>6}"
        )
        for index, games in enumerate(CHECKPOINTS):
            rows = [run[index] for run in runs]

            def mean(pick: str, of: str, rows: list[Checkpoint] = rows) -> float:
                return sum(float(getattr(getattr(row, of), pick)) for row in rows) / len(rows)

            print(
                f"{games:>10} | {mean('spearman', 'rating'):>9.3f} {mean('pairs', 'rating'):>6.1%} "
                f"{mean('exact', 'rating'):>6.0%} | {mean('spearman', 'wins'):>10.3f} "
                f"{mean('pairs', 'wins'):>6.1%} {mean('exact', 'wins'):>6.0%}"
            )
    print(f"\n(ρ 1 and 100% pairs: the true order; 50% pairs: a coin's. A newcomer shows {shown(NEW):,}.)")


if __name__ == "__main__":
    main()
