"""Building Primero hands card by card, in the rule text's notation ("6H", "JC", "AD")."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.cards import Card
from engine.primero import Primero, PrimeroOptions
from engine.primero.game import DECK
from tests.helpers.cards import PRIMERO

# `c("6H")` is the six of hearts, `c("AD")` the ace of diamonds; `cs("6H AD")` both.
c, cs = PRIMERO.card, PRIMERO.cards


def stacked(dealt: str) -> list[Card]:
    """The whole deck: `dealt` first (in the order it comes off the deck), the rest after."""
    first = cs(dealt)
    assert len(set(first)) == len(first), "a card appears twice"
    return first + [card for card in DECK if card not in first]


def game(
    names: Sequence[str],
    dealt: str,
    *,
    dealer: int | None = None,
    stacks: Sequence[int] | None = None,
    carried: int = 0,
    **options: object,
) -> Primero:
    """A hand dealt from a stacked deck; the dealer defaults to the last seat, so the first
    seat bids first."""
    chosen = PrimeroOptions(**{"ante": 0, **options})  # type: ignore[arg-type]
    return Primero.new_from_order(
        chosen,
        list(names),
        stacked(dealt),
        len(names) - 1 if dealer is None else dealer,
        stacks,
        carried,
    )
