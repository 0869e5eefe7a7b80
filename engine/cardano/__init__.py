"""Primero under Cardano's Milanese rules: invitations and changes, the vie, raises to the
resto, the privileges of the player on the dealer's right, and the final duel for half the
pot."""

from __future__ import annotations

from engine.cardano.game import (
    DUEL_CASES,
    GAME_ID,
    AllIn,
    Bid,
    Cardano,
    CardanoAction,
    CardanoMove,
    CardanoOptions,
    CardanoView,
    Change,
    Close,
    Concede,
    Double,
    Duel,
    DuelState,
    Fold,
    Follow,
    Invite,
    Pass,
    Pay,
    Phase,
    Raise,
    Showing,
    Vie,
)

__all__ = [
    "DUEL_CASES",
    "GAME_ID",
    "AllIn",
    "Bid",
    "Cardano",
    "CardanoAction",
    "CardanoMove",
    "CardanoOptions",
    "CardanoView",
    "Change",
    "Close",
    "Concede",
    "Double",
    "Duel",
    "DuelState",
    "Fold",
    "Follow",
    "Invite",
    "Pass",
    "Pay",
    "Phase",
    "Raise",
    "Showing",
    "Vie",
]
