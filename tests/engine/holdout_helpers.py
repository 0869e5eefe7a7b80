"""Building Holdout deals by hand for the rule and golden tests.

Cards are written `Cr7` (the 7 of Crowns), `Cu11` (the Emperor of Cups, Vines only). A card
belongs to its deck: `card("Cr7")` is the Postas card, `card("Cr7", "vines")` the Vines one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from engine.core.cards import POSTAS_50, VINES_55, Card
from engine.holdout import Holdout, HoldoutOptions, PassCards, Phase
from tests.helpers.cards import POSTAS, VINES

Deck = Literal["postas", "vines"]


def card(text: str, deck: Deck = "postas") -> Card:
    """`card("Cr7")` is the 7 of Crowns of the Postas deck."""
    return (VINES if deck == "vines" else POSTAS).card(text)


def cards(text: str, deck: Deck = "postas") -> list[Card]:
    """`cards("Cr7 Lo1")`."""
    return (VINES if deck == "vines" else POSTAS).cards(text)


shorts = POSTAS.shorts  # cards back in the `Cr7` notation (the Vines deck's suits are the same)


def order(dealt: Sequence[str], ups: str, front: str = "", deck: Deck = "postas") -> list[Card]:
    """A whole deck: the dealt hands in seat order (five each), the up card(s), then the
    deck's `front` (seconds draw from there first), then every other card in deck order."""
    head: list[Card] = []
    for hand in dealt:
        head += cards(hand, deck)
        assert len(cards(hand, deck)) == 5, f"{hand!r} is not five cards"
    head += cards(ups, deck) + cards(front, deck)
    assert len(set(head)) == len(head), "a card appears twice"
    spec = VINES_55 if deck == "vines" else POSTAS_50
    return head + [c for c in spec.cards() if c not in set(head)]


def dealt(
    dealt_hands: Sequence[str],
    ups: str,
    front: str = "",
    chilo: int = 0,
    stacks: Sequence[int] | None = None,
    **options: Any,
) -> Holdout:
    """A hand as dealt, waiting for the pass; seat names are A, B, C, ..."""
    opts = HoldoutOptions(**options)
    seats = "ABCDEF"[: len(dealt_hands)]
    return Holdout.new_from_order(
        opts, tuple(seats), order(dealt_hands, ups, front, opts.deck), chilo, stacks
    )


def playing(
    hands: Sequence[str],
    ups: str,
    front: str = "",
    chilo: int = 0,
    stacks: Sequence[int] | None = None,
    **options: Any,
) -> Holdout:
    """A hand in play whose hands AFTER the pass are `hands`.

    Seat i is dealt its own first three cards plus the last two of its left neighbour's
    hand, and passes those two to the left; so after the pass every seat holds exactly
    `hands[i]`, and the last two cards of `hands[i]` are what it received.
    """
    count = len(hands)
    split = [h.split() for h in hands]
    deal = [" ".join(split[i][:3] + split[(i + 1) % count][3:]) for i in range(count)]
    g = dealt(deal, ups, front, chilo, stacks, **options)
    for seat in range(count):
        passed = split[(seat + 1) % count][3:]
        g.apply(seat, PassCards(cards=(card(passed[0], g.options.deck), card(passed[1], g.options.deck))))
    assert g.phase is Phase.PLAY
    return g


def hand(g: Holdout, seat: int) -> str:
    return shorts(g.view(seat).hand or ())
