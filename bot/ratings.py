"""Skill ratings (issue 24): a rating per member per game's board per server, from
openskill's Weng-Lin Plackett-Luce model with its defaults (a newcomer at μ 25, σ 25/3).

A result to rate is a `Ranking` (`bot.games.capabilities`): the sides that played (each
one player, or a team of partners rated together) and each side's score, higher better,
equal scores tying. This module is the arithmetic only — no database, no table: the table
service reads the members' ratings and writes the new ones in the transaction of the result
they rate (`bot.tables.ratings`), and `bench/ratings.py` runs simulated players through
the same `rate`.

What a player sees is `shown`: the conservative estimate μ − 3σ ("at least this good,
almost surely"), scaled to 1,000 + 40 points a unit. A newcomer starts at 1,000 and climbs
as the room grows sure of them; a regular of average skill settles near 1,760.

A computer player is an anchor: a fixed skill per level, never updated (`anchor`), so
beating the strong computer always means the same thing. See docs/RULES.md, "Ratings".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""openskill's defaults: μ 25, σ 25/3, β 25/6, τ 25/300 (σ grows by τ before each result,
so a rating never freezes)."""

MIN_RATED = 5
"""Rated results a member needs to appear on a game's rating board (and to have a rank)."""

TREND = 10
"""/stats' trend: the change over this many of the member's latest rated results."""

BASE, SCALE = 1000, 40
"""`shown` = BASE + SCALE × (μ − 3σ), rounded, never below 0."""

ANCHOR_MU, ANCHOR_STEP, ANCHOR_SIGMA = 25.0, 5.0, 2.0
"""A computer's fixed rating: the game's first (default, weakest) level at openskill's
average μ, each level above it 5 μ higher (about two wins in three against the level
below), all at σ 2, about what a regular's σ settles at after a couple of hundred results."""


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating: openskill's mean μ and its uncertainty σ."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """μ − 3σ: what the boards rank by."""
        return self.mu - 3 * self.sigma


NEW = Skill(MODEL.mu, MODEL.sigma)
"""A member's rating before their first rated result."""


def shown(skill: Skill) -> int:
    """The number players see: 1,000 + 40 × (μ − 3σ), rounded, never below 0.

    >>> shown(NEW), shown(anchor(0)), shown(anchor(1))
    (1000, 1760, 1960)
    """
    return max(0, round(BASE + SCALE * skill.ordinal))


def anchor(level: int) -> Skill:
    """The fixed rating of a computer player at the game's `level`-th level (0: its first,
    the default). Never updated: every result against it measures against the same mark."""
    return Skill(ANCHOR_MU + ANCHOR_STEP * max(0, level), ANCHOR_SIGMA)


def ranks(scores: Sequence[float]) -> list[int]:
    """Each side's place from its score, higher better, equal scores sharing a place.

    >>> ranks([3, 7, 3, 1])
    [2, 1, 2, 4]
    """
    return [1 + sum(1 for other in scores if other > score) for score in scores]


def rate(sides: Sequence[Sequence[Skill]], scores: Sequence[float]) -> list[list[Skill]]:
    """Every player's rating after a result: `sides` (each a team of one or more ratings)
    finished with `scores` (higher better; a tie where equal). openskill rates a team by the
    sum of its members' μ and shares its gain or loss among them by their σ² (the less sure
    of a player, the more they move). The caller keeps only what it stores: an anchor's new
    rating is thrown away."""
    if len(sides) != len(scores) or len(sides) < 2 or not all(sides):
        raise ValueError("a rated result needs two sides or more, each with a player, and a score for each")
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma) for skill in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks(scores)])
    return [[Skill(player.mu, player.sigma) for player in team] for team in rated]
