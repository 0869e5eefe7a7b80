"""Building Prefa hands card by card ("AS" is the ace of spades, "10H" the ten of hearts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.cards import PREFA_32, Card
from engine.prefa import Contract, Phase, Play, Prefa, PrefaOptions
from tests.helpers.cards import FRENCH_SUITS, PREFA

NAMES = ("Ana", "Bo", "Cy")

# `c("AS")` is the ace of spades, `c("10H")` the ten of hearts; `cs("AS 10H")` both.
c, cs = PREFA.card, PREFA.cards


def contract(text: str) -> Contract:
    """`contract("7H")`, `contract("6NT")`."""
    strain = {**FRENCH_SUITS, "NT": "no_trump"}
    tricks = int(text[:-2] if text.endswith("NT") else text[:-1])
    return Contract(tricks=tricks, strain=strain[text[len(str(tricks)) :]])  # type: ignore[arg-type]


def order_for(hands: Mapping[int, str], kitty: str, eldest: int, step: int = 1) -> list[Card]:
    """The deck order that deals `hands` (engine seat -> ten cards) and `kitty`: two to each
    player from `eldest` round, two to the kitty, then two at a time four more times."""
    dealt = {seat: cs(text) for seat, text in hands.items()}
    assert all(len(h) == 10 for h in dealt.values()) and len(dealt) == 3
    ring = [(eldest + step * i) % 3 for i in range(3)]
    out: list[Card] = []
    for round_no in range(5):
        for seat in ring:
            out += dealt[seat][2 * round_no : 2 * round_no + 2]
        if round_no == 0:
            out += cs(kitty)
    assert sorted(out) == sorted(PREFA_32.cards()), "the hands and kitty must be the whole deck"
    return out


def deal(
    hands: Mapping[int, str],
    kitty: str,
    *,
    dealer: int | None = 2,
    eldest: int | None = None,
    sitter: str | None = None,
    pouches: Sequence[int] | None = None,
    first_hand: bool = False,
    **options: Any,
) -> Prefa:
    """A hand dealt from a stacked deck; by default the third seat deals, so the first bids."""
    chosen = PrefaOptions(**options)
    first = eldest if eldest is not None else (dealer + chosen.step) % 3  # type: ignore[operator]
    return Prefa.new_from_order(
        chosen,
        NAMES,
        order_for(hands, kitty, first, chosen.step),
        dealer=dealer,
        eldest=eldest,
        sitter=sitter,
        pouches=pouches,
        first_hand=first_hand,
    )


def play_cards(g: Prefa, cards: str) -> None:
    """Play `cards` in turn, whoever is to act."""
    for card in cs(cards):
        assert g.phase is Phase.PLAY
        seat = g.to_act
        assert seat is not None
        g.apply(seat, Play(card=card))


def play_out(g: Prefa) -> None:
    """Finish the play with each seat's first legal card."""
    while g.phase is Phase.PLAY:
        seat = g.to_act
        assert seat is not None
        g.apply(seat, g.legal_actions(seat)[0])


def codes(cards: Sequence[Card]) -> list[str]:
    return sorted(card.code for card in cards)
