"""The one interface every computer player of every game implements.

A computer player sees what a seated human would: `game.view(seat)` (and the game's
other public accessors) plus `game.legal_actions(seat)`. It must return one of the legal
actions and be deterministic, so a seeded table replays exactly.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from engine.core.errors import RuleError


class ComputerPlayer(Protocol):
    """Chooses a move for `seat` from public information only."""

    level: str

    def choose(self, game: Any, seat: int) -> Any:
        """Return one of `game.legal_actions(seat)`."""
        ...


LEVELS: dict[str, tuple[str, ...]] = {
    "prima_carta": ("basic", "sharp"),
    "holdout": ("basic",),
    "primero": ("basic",),
}
"""Computer player levels per game id; the first is the default."""

# game id -> module defining `make_player(level) -> ComputerPlayer`; imported on first use
# so `engine.core` never imports a game package at start-up.
_FACTORIES: dict[str, str] = {
    "prima_carta": "engine.prima_carta.players",
    "holdout": "engine.holdout.players",
    "primero": "engine.primero.players",
}


class UnknownComputerPlayer(RuleError):
    """No computer player exists for that game and level."""


def computer_player(game_id: str, level: str | None = None) -> ComputerPlayer:
    """A computer player for `game_id` at `level` (the game's default level if None)."""
    levels = LEVELS.get(game_id)
    if levels is None or game_id not in _FACTORIES:
        raise UnknownComputerPlayer(f"There are no computer players for {game_id}.")
    chosen = levels[0] if level is None else level
    if chosen not in levels:
        raise UnknownComputerPlayer(
            f"There is no {chosen} computer player for {game_id}; choose one of {', '.join(levels)}."
        )
    module = importlib.import_module(_FACTORIES[game_id])
    player: ComputerPlayer = module.make_player(chosen)
    return player
