"""Peg Leg: one pass through the Postas deck plays itself up into stacks; the first card
sets the key suit, and players bet against the house on exactly how tall its stack ends,
betting again or surrendering after every card of the key suit."""

from __future__ import annotations

from engine.peg_leg.game import (
    BetStatus,
    BetView,
    KeyBet,
    PegLeg,
    PegLegAction,
    PegLegOptions,
    PegLegView,
    Phase,
    Price,
    Standing,
    StandPat,
    Surrender,
)

__all__ = [
    "BetStatus",
    "BetView",
    "KeyBet",
    "PegLeg",
    "PegLegAction",
    "PegLegOptions",
    "PegLegView",
    "Phase",
    "Price",
    "StandPat",
    "Standing",
    "Surrender",
]
