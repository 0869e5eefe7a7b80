"""Prima Carta: each player owns a Postas suit, the deck plays itself up into stacks over
unshuffled passes, one copa bet after the first pass, and the first live suit to hold all
ten cards takes the pot."""

from __future__ import annotations

from engine.prima_carta.game import (
    DEAL,
    FOLD,
    Copa,
    Deal,
    Fold,
    PassLog,
    Phase,
    PrimaCarta,
    PrimaCartaAction,
    PrimaCartaOptions,
    PrimaCartaView,
    SeatStatus,
    StackView,
    WonBy,
)

__all__ = [
    "DEAL",
    "FOLD",
    "Copa",
    "Deal",
    "Fold",
    "PassLog",
    "Phase",
    "PrimaCarta",
    "PrimaCartaAction",
    "PrimaCartaOptions",
    "PrimaCartaView",
    "SeatStatus",
    "StackView",
    "WonBy",
]
