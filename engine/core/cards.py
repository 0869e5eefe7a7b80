"""Cards and deck specifications shared by every game.

A `Card` is a plain value: a suit name and an integer rank. Equality, hashing and ordering
use only those two, so a card built by `Card.parse("crowns:7")` equals the one a deck deals.
A `DeckSpec` says which suits and ranks a deck has, in its canonical order, and how to
name them for players (`label`, readable) and for compact table lines (`short`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import total_ordering
from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

# Suits get a sort position in the order decks register them, so cards of the Postas deck
# sort crowns < locks < fruit < swords < cups, as the rule text lays the stacks out.
_SUIT_POSITION: dict[str, int] = {}
# How each (suit, rank) is shown; the first deck to register a suit/rank pair names it.
_NAMES: dict[tuple[str, int], tuple[str, str]] = {}


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. `label` ("Crowns 7") and `short` ("🔴7") are display-only."""

    suit: str
    rank: int
    label: str = field(default="", compare=False, repr=False)
    short: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.label or not self.short:
            label, short = _NAMES.get((self.suit, self.rank), (f"{self.suit.title()} {self.rank}", ""))
            object.__setattr__(self, "label", self.label or label)
            object.__setattr__(self, "short", self.short or short or f"{self.suit[:2].title()}{self.rank}")

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def _key(self) -> tuple[int, str, int]:
        return (_SUIT_POSITION.get(self.suit, len(_SUIT_POSITION)), self.suit, self.rank)

    def __str__(self) -> str:
        return f"{self.suit}:{self.rank}"

    @property
    def code(self) -> str:
        """The stable JSON form, e.g. "crowns:7"."""
        return f"{self.suit}:{self.rank}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the JSON form "suit:rank" back into a card."""
        suit, sep, rank = text.partition(":")
        if not sep or not suit or not rank.lstrip("-").isdigit():
            raise ValueError(f"{text!r} is not a card; cards are written like 'crowns:7'.")
        return cls(suit, int(rank))

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        # In pydantic models a card travels as its short stable string, both ways.
        def validate(value: Any) -> Card:
            if isinstance(value, Card):
                return value
            if isinstance(value, str):
                return cls.parse(value)
            raise ValueError("A card must be written like 'crowns:7'.")

        return core_schema.no_info_plain_validator_function(
            validate,
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda card: card.code, when_used="json"
            ),
        )


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """A deck: suits and ranks in canonical order, with display names for both.

    `suit_labels`/`suit_symbols` are parallel to `suits`; `rank_labels` maps a rank to its
    display name where that is not just the number (an 11 called "Emperor", say).
    """

    name: str
    suits: tuple[str, ...]
    ranks: tuple[int, ...]
    suit_labels: tuple[str, ...]
    suit_symbols: tuple[str, ...]
    rank_labels: dict[int, str] = field(default_factory=dict, hash=False, compare=False)
    rank_shorts: dict[int, str] = field(default_factory=dict, hash=False, compare=False)

    def __post_init__(self) -> None:
        for suit in self.suits:
            _SUIT_POSITION.setdefault(suit, len(_SUIT_POSITION))
        for card in self._build():
            _NAMES.setdefault((card.suit, card.rank), (card.label, card.short))

    def _build(self) -> tuple[Card, ...]:
        return tuple(
            Card(
                suit,
                rank,
                f"{suit_label} {self.rank_labels.get(rank, str(rank))}",
                f"{symbol}{self.rank_shorts.get(rank, str(rank))}",
            )
            for suit, suit_label, symbol in zip(self.suits, self.suit_labels, self.suit_symbols, strict=True)
            for rank in self.ranks
        )

    def cards(self) -> tuple[Card, ...]:
        """Every card once, suit by suit in the deck's suit order, ranks ascending."""
        return self._build()

    def __len__(self) -> int:
        return len(self.suits) * len(self.ranks)


# The rule text names the Postas suits' colours (red Crowns, blue Locks, green Fruit,
# brown Swords, purple Cups), so a coloured circle per suit is the short mark.
_POSTAS_SUITS = ("crowns", "locks", "fruit", "swords", "cups")
_POSTAS_LABELS = ("Crowns", "Locks", "Fruit", "Swords", "Cups")
_POSTAS_SYMBOLS = ("🔴", "🔵", "🟢", "🟤", "🟣")

POSTAS_50 = DeckSpec("Postas", _POSTAS_SUITS, tuple(range(1, 11)), _POSTAS_LABELS, _POSTAS_SYMBOLS)
"""The 50-card Postas deck Prima Carta uses: five suits ranked 1 to 10."""

VINES_55 = DeckSpec(
    "Vines",
    _POSTAS_SUITS,
    tuple(range(1, 12)),
    _POSTAS_LABELS,
    _POSTAS_SYMBOLS,
    rank_labels={11: "Emperor"},
    rank_shorts={11: "E"},
)
"""The Postas deck plus an eleventh rank, the Emperor."""

# Italian ranks are numbered 1-7 and 11-13 for fante, cavallo and re, so a face card's
# number never collides with a pip and a 40-card deck still has ten ranks per suit.
ITALIAN_40 = DeckSpec(
    "Italian",
    ("coins", "cups", "swords", "batons"),
    (1, 2, 3, 4, 5, 6, 7, 11, 12, 13),
    ("Coins", "Cups", "Swords", "Batons"),
    ("🪙", "🏆", "🗡", "🪵"),
    rank_labels={1: "Ace", 11: "Fante", 12: "Cavallo", 13: "Re"},
    rank_shorts={1: "A", 11: "F", 12: "C", 13: "R"},
)
"""The 40-card Italian deck: ace to seven plus fante (11), cavallo (12) and re (13)."""

_FRENCH = (
    ("spades", "Spades", "♠"),
    ("hearts", "Hearts", "♥"),
    ("diamonds", "Diamonds", "♦"),
    ("clubs", "Clubs", "♣"),
)
_FRENCH_LABELS = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
_FRENCH_SHORTS = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}

FRENCH_52 = DeckSpec(
    "French",
    tuple(s for s, _, _ in _FRENCH),
    tuple(range(2, 15)),
    tuple(label for _, label, _ in _FRENCH),
    tuple(symbol for _, _, symbol in _FRENCH),
    rank_labels=_FRENCH_LABELS,
    rank_shorts=_FRENCH_SHORTS,
)
"""The 52-card French deck, ranks 2 to 14 with the ace high (14)."""

PRIMERO_40 = DeckSpec(
    "Primero",
    FRENCH_52.suits,
    (2, 3, 4, 5, 6, 7, 11, 12, 13, 14),
    FRENCH_52.suit_labels,
    FRENCH_52.suit_symbols,
    rank_labels=_FRENCH_LABELS,
    rank_shorts=_FRENCH_SHORTS,
)
"""Primero's 40 cards: the French deck without its 8s, 9s and 10s (the ace keeps rank 14)."""

PREFA_32 = DeckSpec(
    "Prefa",
    FRENCH_52.suits,
    tuple(range(7, 15)),
    FRENCH_52.suit_labels,
    FRENCH_52.suit_symbols,
    rank_labels=_FRENCH_LABELS,
    rank_shorts=_FRENCH_SHORTS,
)
"""The 32-card piquet deck Prefa uses: seven to ace in the four French suits."""
