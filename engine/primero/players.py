"""Computer players for Primero: the levels a table offers and the factory for each.

"basic" (`engine.primero.basic`) plays rules of thumb around one estimate of how likely a
hand is to be the best at the showdown; "strong" (`engine.primero.strong`, with
`engine.primero.search`) plays each move out on imagined deals with the basic player's
judgement. This module only names them, so neither imports it: basic <- search <- strong
<- players.
"""

from __future__ import annotations

from engine.core.players import ComputerPlayer
from engine.primero.basic import INDEX, BasicPlayer, chance, shape_of
from engine.primero.strong import StrongPlayer

__all__ = ["INDEX", "LEVELS", "BasicPlayer", "StrongPlayer", "chance", "make_player", "shape_of"]

LEVELS = ("basic", "strong")
"""This game's computer player levels; the first is the default."""


def make_player(level: str) -> ComputerPlayer:
    """The factory `engine.core.players.computer_player` calls for this game."""
    if level == "basic":
        return BasicPlayer()
    if level == "strong":
        return StrongPlayer()
    raise ValueError(f"There is no {level} computer player for Primero.")
