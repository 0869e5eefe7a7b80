"""Cards written the way each rule text writes them, read into the engine's cards.

Each notation is a deck and its letters: `PRIMERO.card("6H")` is the six of hearts,
`PRIMIERA.card("7d")` the seven of coins, `POSTAS.card("Cr7")` the 7 of Crowns. One reader
serves every game; the per-game helper modules name the notation their tests use.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import BaseModel

from engine.core.cards import ITALIAN_40, POSTAS_50, PREFA_32, PRIMERO_40, VINES_55, Card, DeckSpec


@dataclass(frozen=True)
class Notation:
    """A deck's cards written as rank + suit letters (`suit_last`) or suit letters + rank."""

    deck: DeckSpec
    suits: Mapping[str, str]
    ranks: Mapping[str, int] = field(default_factory=dict)
    suit_last: bool = True

    def card(self, text: str) -> Card:
        width = len(next(iter(self.suits)))
        rank, suit = (text[:-width], text[-width:]) if self.suit_last else (text[width:], text[:width])
        return self.deck.card(self.suits[suit], self.ranks[rank] if rank in self.ranks else int(rank))

    def cards(self, text: str) -> list[Card]:
        """`cards("6H 7S")`: the cards named, in order, separated by spaces."""
        return [self.card(part) for part in text.split()]

    def shorts(self, items: Sequence[Card]) -> str:
        """Cards back in this notation, for readable assertions."""
        letters = {suit: letter for letter, suit in self.suits.items()}
        names = {rank: letter for letter, rank in self.ranks.items()}
        parts = []
        for c in items:
            rank = names.get(c.rank, str(c.rank))
            parts.append(f"{rank}{letters[c.suit]}" if self.suit_last else f"{letters[c.suit]}{rank}")
        return " ".join(parts)


#: the French suits' letters, as Primero's and Prefa's texts write them
FRENCH_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_COURTS = {"A": 14, "J": 11, "Q": 12, "K": 13}
_POSTAS = {"Cr": "crowns", "Lo": "locks", "Fr": "fruit", "Sw": "swords", "Cu": "cups"}

#: Primero and Cardano: "6H" the six of hearts, "AD" the ace of diamonds
PRIMERO = Notation(PRIMERO_40, FRENCH_SUITS, _COURTS)
#: Prefa: "AS" the ace of spades, "10H" the ten of hearts
PREFA = Notation(PREFA_32, FRENCH_SUITS, _COURTS)
#: Primiera: A 2-7 F C R then d c s b (coins, cups, swords, clubs): "7d", "Fb"
PRIMIERA = Notation(
    ITALIAN_40, {"d": "coins", "c": "cups", "s": "swords", "b": "clubs"}, {"A": 1, "F": 11, "C": 12, "R": 13}
)
#: Prima Carta, Peg Leg and Holdout: "Cr7" the 7 of Crowns
POSTAS = Notation(POSTAS_50, _POSTAS, suit_last=False)
#: Holdout's Vines deck: "Cu11" the Emperor of Cups
VINES = Notation(VINES_55, _POSTAS, suit_last=False)


def cards_in(value: Any) -> set[Card]:
    """Every card anywhere in a view (models, tuples, lists, dicts), as a set."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, BaseModel):
            stack.extend(getattr(item, name) for name in type(item).model_fields)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
    return found


@cache
def card_pattern(card: Card) -> re.Pattern[str]:
    """A card is named by its short mark ("🔴7"), its label ("Crowns 7") or its code
    ("crowns:7"), not followed by another digit or letter ("🔴1" is not in "🔴10")."""
    names = sorted({card.short, card.label, card.code}, key=len, reverse=True)
    return re.compile("(?:" + "|".join(map(re.escape, names)) + r")(?![0-9A-Za-z])")
