"""Holdout (Postes de Cerca): players pay to add cards to a line of ranks, take blind
seconds from the deck or fold; whoever plays the last new rank, or is last in, takes the
pot and every ante still in front."""

from __future__ import annotations

from engine.holdout.game import (
    FOLD,
    GAME_ID,
    LINE_NAMES,
    Fold,
    Holdout,
    HoldoutAction,
    HoldoutOptions,
    HoldoutView,
    PassCards,
    Phase,
    PlayCard,
    SeatStatus,
    Seconds,
    WonBy,
)

__all__ = [
    "FOLD",
    "GAME_ID",
    "LINE_NAMES",
    "Fold",
    "Holdout",
    "HoldoutAction",
    "HoldoutOptions",
    "HoldoutView",
    "PassCards",
    "Phase",
    "PlayCard",
    "SeatStatus",
    "Seconds",
    "WonBy",
]
