"""Primiera (Albertarelli): a scopa-family capture game for two to four on the Italian deck;
in the four-player Heralds game the first ace played sets the round's partnerships. Also
classic Scopone, two and three players, and three players with a robot."""

from __future__ import annotations

from engine.primiera.game import (
    GAME_ID,
    Form,
    Lay,
    Phase,
    Play,
    Primiera,
    PrimieraAction,
    PrimieraOptions,
    PrimieraView,
    RoundScore,
    ScoreItem,
    SideScore,
    herald_teams,
)
from engine.primiera.scoring import capture_value_of, primiera_total, primiera_value_of

__all__ = [
    "GAME_ID",
    "Form",
    "Lay",
    "Phase",
    "Play",
    "Primiera",
    "PrimieraAction",
    "PrimieraOptions",
    "PrimieraView",
    "RoundScore",
    "ScoreItem",
    "SideScore",
    "capture_value_of",
    "herald_teams",
    "primiera_total",
    "primiera_value_of",
]
