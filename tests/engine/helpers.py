"""Building Prima Carta decks by hand for the rule tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.cards import Card
from engine.prima_carta import PrimaCarta, PrimaCartaOptions
from tests.helpers.cards import POSTAS

# `card("Cr7")` is the 7 of Crowns, `cards("Cr7 Lo1")` two cards; `shorts` writes them back.
card, cards, shorts = POSTAS.card, POSTAS.cards, POSTAS.shorts


def deck(head: str) -> list[Card]:
    """`head` first, then the other cards in the golden deck's order (which completes no
    owned suit in the first pass for most heads; each test checks what it relies on)."""
    first = cards(head)
    assert len(set(first)) == len(first), "a card appears twice"
    return first + [c for c in golden() if c not in set(first)]


def golden() -> list[Card]:
    from .test_prima_carta_golden import GOLDEN

    return list(GOLDEN)


def game(
    order: Sequence[Card], seats: Sequence[str] = ("crowns", "locks"), stake: int = 1, dealer: int = 0
) -> PrimaCarta:
    return PrimaCarta.new_from_order(PrimaCartaOptions(stake=stake), seats, order, dealer=dealer)
