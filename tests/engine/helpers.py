"""Building Prima Carta decks by hand for the rule tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.cards import POSTAS_50, Card
from engine.prima_carta import PrimaCarta, PrimaCartaOptions

_PREFIX = {"Cr": "crowns", "Lo": "locks", "Fr": "fruit", "Sw": "swords", "Cu": "cups"}


def card(text: str) -> Card:
    """`card("Cr7")` is the 7 of Crowns."""
    return POSTAS_50.card(_PREFIX[text[:2]], int(text[2:]))


def cards(text: str) -> list[Card]:
    """`cards("Cr7 Lo1")`."""
    return [card(part) for part in text.split()]


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


def shorts(items: Sequence[Card]) -> str:
    """Cards back in the `Cr7` notation, for readable assertions."""
    back = {v: k for k, v in _PREFIX.items()}
    return " ".join(f"{back[c.suit]}{c.rank}" for c in items)
