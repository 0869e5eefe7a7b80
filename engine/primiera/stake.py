"""Primiera's money at a bankroll table: the stacks a round holds, and who pays whom.

A table plays for the scoreboard by default; at a bankroll table each seat brings a stack
into escrow, and when a game ends (a side reaches the target) each player pays each winner
one stake for every point they finished behind, a difference counting at most the target.
The robot of "three players and a robot" has no stack: it neither pays nor is paid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from engine.core.match import GameResult
from engine.primiera.game import SAVED, Primiera


class StakedPrimiera(Primiera):
    """A round at a bankroll table: it holds the stacks its seats brought, unchanged through
    the round (chips move only when a game ends, between the stacks)."""

    __slots__ = ("stacks",)
    stacks: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["stacks"] = list(self.stacks)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        rest = dict(data)
        stacks = rest.pop("stacks", None)
        if not isinstance(stacks, list) or not all(type(s) is int and s >= 0 for s in stacks):
            raise SAVED.damaged()
        self = super().from_json(rest)
        self.stacks = tuple(stacks)
        return self


def game_stakes(target: int, result: GameResult, keys: Sequence[str], robot: int | None) -> dict[str, int]:
    """Stakes each seat but the robot's wins (+) or pays (-) when a game ends: each pays each
    winner but the robot one stake a point behind, at most `target`; winners (partners)
    don't pay each other."""
    scores = result.scores
    robot_key = keys[robot] if robot is not None else None
    payers = [k for k in keys if k != robot_key]
    paid = [k for k in result.winners if k != robot_key and k in payers]
    stakes = dict.fromkeys(payers, 0)
    for winner in paid:
        for payer in payers:
            if payer in result.winners:
                continue
            owed = min(target, max(0, scores.get(winner, 0) - scores.get(payer, 0)))
            stakes[payer] -= owed
            stakes[winner] += owed
    return stakes


def concession(target: int, scores: Mapping[str, int], leaver: str) -> dict[str, int]:
    """What `leaver` owes on conceding a game in progress: to each seat ahead of them, one
    stake a point behind, at most `target` (a partner level with them is owed nothing)."""
    mine = scores.get(leaver, 0)
    owed = {key: min(target, score - mine) for key, score in scores.items() if key != leaver}
    return {key: n for key, n in owed.items() if n > 0}
