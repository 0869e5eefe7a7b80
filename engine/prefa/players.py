"""Computer players for Prefa: the levels a table offers and the factory for each.

"basic" (`engine.prefa.basic`) plays rules of thumb around one estimate of the tricks a
hand takes; "strong" (`engine.prefa.strong`) decides every move (bids, the kitty, the
contract, the defence, the cards) by sampling the hidden hands and solving each sample
double-dummy. (`engine.prefa.strong_v1`, the strong player before that, is no level: it
is kept as an opponent for `bench/prefa.py --against strong-v1`.) This module only names
them, so each imports the other's module never: basic <- strong <- players.
"""

from __future__ import annotations

from engine.core.players import ComputerPlayer
from engine.prefa.basic import BasicPlayer, tricks_with
from engine.prefa.strong import StrongPlayer

__all__ = ["LEVELS", "BasicPlayer", "StrongPlayer", "make_player", "tricks_with"]

LEVELS = ("basic", "strong")
"""This game's computer player levels; the first is the default."""


def make_player(level: str) -> ComputerPlayer:
    """The factory `engine.core.players.computer_player` calls for this game."""
    if level == "basic":
        return BasicPlayer()
    if level == "strong":
        return StrongPlayer()
    raise ValueError(f"There is no {level} computer player for Prefa.")
