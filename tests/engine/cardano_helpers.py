"""Building Cardano Primero hands card by card ("7S", "AH", as in the Primero tests)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cardano import Cardano, CardanoOptions
from engine.cardano.game import DECK
from engine.core.cards import Card

from .primero_helpers import c, cs

__all__ = ["c", "cs", "game", "stacked"]


def stacked(dealt: str) -> list[Card]:
    """The deck from the bottom: `dealt` first (in the order the cards come off), the rest after."""
    first = cs(dealt)
    assert len(set(first)) == len(first), "a card appears twice"
    return first + [card for card in DECK if card not in first]


def game(
    dealt: str,
    names: Sequence[str] = ("Ana", "Bo"),
    *,
    dealer: int | None = None,
    stacks: Sequence[int] | None = None,
    **options: object,
) -> Cardano:
    """A hand from a stacked deck. The dealer defaults to seat 1, so seat 0 sits on the
    dealer's right: it is dealt first, plays first and holds the privilege."""
    chosen = CardanoOptions(**options)  # type: ignore[arg-type]
    count = len(names)
    return Cardano.new_from_order(
        chosen, list(names), stacked(dealt), 1 % count if dealer is None else dealer, stacks
    )
