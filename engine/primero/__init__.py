"""Primero, Bergamese rules: bid a hand type, total and bet over two deals of two cards;
the best holder of the bid type at the showdown takes the pot."""

from __future__ import annotations

from engine.primero.game import (
    GAME_ID,
    AllIn,
    Bid,
    CurrentBid,
    Fold,
    Pass,
    Phase,
    Primero,
    PrimeroAction,
    PrimeroOptions,
    PrimeroView,
    SeatStatus,
    Showing,
    Stake,
    TurnChoices,
)
from engine.primero.hands import HandType, best, forms, points, totals

__all__ = [
    "GAME_ID",
    "AllIn",
    "Bid",
    "CurrentBid",
    "Fold",
    "HandType",
    "Pass",
    "Phase",
    "Primero",
    "PrimeroAction",
    "PrimeroOptions",
    "PrimeroView",
    "SeatStatus",
    "Showing",
    "Stake",
    "TurnChoices",
    "best",
    "forms",
    "points",
    "totals",
]
