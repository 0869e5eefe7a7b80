"""The one interface every computer player of every game implements.

A computer player sees what a seated human would: `game.view(seat)` (and the game's
other public accessors) plus `game.legal_actions(seat)`. It must return one of the legal
actions and be deterministic, so a seeded table replays exactly.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from engine.core.errors import RuleError
from engine.core.msg import Msg


class ComputerPlayer(Protocol):
    """Chooses a move for `seat` from public information only."""

    level: str

    def choose(self, game: Any, seat: int) -> Any:
        """Return one of `game.legal_actions(seat)`."""
        ...


@dataclass(frozen=True)
class Advice:
    """A computer player's move for a seat, with why, in one line a learner can read ("takes
    6.4 tricks on average; 7 spades makes in 81% of samples"). The reason comes from what the
    seat may see, like the move: it never names a card the seat can't see."""

    action: Any
    reason: str | Msg
    """In English, or (a game converted to messages, issue 26) a message the bot renders in
    the learner's language."""


@runtime_checkable
class Advises(Protocol):
    """A computer player that can say why it chooses its move (a learner's hint): `advise`
    returns the move `choose` would, with its reason."""

    level: str

    def advise(self, game: Any, seat: int) -> Advice: ...


# Each game's computer players live in `engine.<game_id>.players`, which defines `LEVELS`
# (the first is the default; weakest first, strongest last: the ratings anchor each level
# above the one before it, and a learner's hint asks the last) and `make_player(level)`;
# imported on first use, so `engine.core` never names or imports a game.


def _players_module(game_id: str) -> Any:
    if not game_id.isidentifier():
        return None
    try:
        return importlib.import_module(f"engine.{game_id}.players")
    except ModuleNotFoundError:
        return None


def computer_levels(game_id: str) -> tuple[str, ...]:
    """The computer player levels of `game_id`, the default first; () if it has none."""
    module = _players_module(game_id)
    levels: tuple[str, ...] = getattr(module, "LEVELS", ())
    return levels


class UnknownComputerPlayer(RuleError):
    """No computer player exists for that game and level."""


def computer_player(game_id: str, level: str | None = None) -> ComputerPlayer:
    """A computer player for `game_id` at `level` (the game's default level if None)."""
    module = _players_module(game_id)
    levels = computer_levels(game_id)
    if module is None or not levels:
        raise UnknownComputerPlayer(f"There are no computer players for {game_id}.")
    chosen = levels[0] if level is None else level
    if chosen not in levels:
        raise UnknownComputerPlayer(
            f"There is no {chosen} computer player for {game_id}; choose one of {', '.join(levels)}."
        )
    player: ComputerPlayer = module.make_player(chosen)
    return player
