"""Cards and the decks they belong to.

A `DeckSpec` says which suits and ranks a deck has, in its canonical order, and how to name
them for players (`label`, "Cups Fante") and for compact table lines (`short`, "🏆F"). Each
deck builds its cards once and hands out those same objects: `deck.cards()`, `deck.card(suit,
rank)` and `deck.parse("suit:rank")` all return the deck's own interned `Card`s, so a card's
name, short mark and sort position are plain attributes, not lookups.

A card knows its deck, and the deck is part of its identity. Every card of one game comes
from that game's one deck, so inside a game this is the same as comparing suit and rank; it
matters only when two decks are mixed up, and then it is what keeps them apart: the Fante
of Cups (Italian, rank 11) is not the Emperor of Cups (Vines, rank 11), a set never merges
them under one name, and an engine's "is this a card of my deck?" check sees a card from the
wrong deck as foreign. Sorting cards sorts them in their deck's order (suit by suit in the
deck's suit order, ranks as listed); cards of different decks have no common order, so
comparing them raises `TypeError`.

On the wire a card is still the stable "suit:rank" text (`card.code`, also `str(card)`),
which is what every saved hand holds. Text does not say which deck it means, so reading it
needs the deck: `deck.parse(text)` in code, and in pydantic models a validation context,
`Model.model_validate(data, context={"deck": deck})`; a `Card` field validated from text
without a deck in the context is refused. That one mechanism serves games with one deck
(Primero) and games whose deck is a table option (Holdout: Postas or Vines). Card objects
pass through validation unchanged; the engine then checks they belong to its deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema


class Card:
    """One playing card of one deck. Get cards from their deck; never build them directly.

    `label` ("Crowns 7") and `short` ("🔴7") are display-only; `index` is the card's place in
    `deck.cards()`, which is its sort key.
    """

    __slots__ = ("_code", "_hash", "deck", "index", "label", "rank", "short", "suit")

    suit: str
    rank: int
    deck: DeckSpec
    label: str
    short: str
    index: int
    _hash: int
    _code: str

    def __new__(cls, *args: object, **kwargs: object) -> Card:
        raise TypeError("Cards come from their deck: use deck.card(suit, rank) or deck.parse('suit:rank').")

    @classmethod
    def _make(cls, deck: DeckSpec, suit: str, rank: int, label: str, short: str, index: int) -> Card:
        card = object.__new__(cls)
        put = object.__setattr__
        put(card, "suit", suit)
        put(card, "rank", rank)
        put(card, "deck", deck)
        put(card, "label", label)
        put(card, "short", short)
        put(card, "index", index)
        put(card, "_hash", hash((deck.name, suit, rank)))
        # Written once: every saved hand and deal commitment spells each card out.
        put(card, "_code", f"{suit}:{rank}")
        return card

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Cards are immutable.")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("Cards are immutable.")

    # Interned and immutable: a copy is the card itself.
    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_card_of, (self.deck, self.suit, self.rank))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Card):
            return NotImplemented
        # Distinct objects are equal only for copies of a deck (one deck interns its cards).
        return self.rank == other.rank and self.suit == other.suit and self.deck == other.deck

    def _other_index(self, other: object) -> int | None:
        """`other`'s index, to compare with this card's; None if it is not a card."""
        if not isinstance(other, Card):
            return None
        if other.deck is not self.deck and other.deck != self.deck:
            raise TypeError(
                f"Cards of different decks have no common order ({self.deck.name} {self.label}, "
                f"{other.deck.name} {other.label})."
            )
        return other.index

    # Sorting is hot in the engines: the same-deck case is one identity test.
    def __lt__(self, other: object) -> bool:
        if other.__class__ is Card and other.deck is self.deck:
            return self.index < other.index
        index = self._other_index(other)
        return NotImplemented if index is None else self.index < index

    def __le__(self, other: object) -> bool:
        index = self._other_index(other)
        return NotImplemented if index is None else self.index <= index

    def __gt__(self, other: object) -> bool:
        if other.__class__ is Card and other.deck is self.deck:
            return self.index > other.index
        index = self._other_index(other)
        return NotImplemented if index is None else self.index > index

    def __ge__(self, other: object) -> bool:
        index = self._other_index(other)
        return NotImplemented if index is None else self.index >= index

    def __repr__(self) -> str:
        return f"<{self.deck.name} card {self.suit}:{self.rank} {self.label}>"

    def __str__(self) -> str:
        return self._code

    @property
    def code(self) -> str:
        """The stable JSON form, e.g. "crowns:7" (it does not name the deck)."""
        return self._code

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        # In pydantic models a card travels as its "suit:rank" string, both ways; text is
        # read with the deck in the validation context (see the module docstring).
        return core_schema.with_info_plain_validator_function(
            _validate_card,
            serialization=core_schema.plain_serializer_function_ser_schema(_card_code, when_used="json"),
        )


def _card_of(deck: DeckSpec, suit: str, rank: int) -> Card:
    return deck.card(suit, rank)


def _card_code(card: Card) -> str:
    return card._code


def _validate_card(value: Any, info: core_schema.ValidationInfo) -> Card:
    # A restart reads every card of every saved hand through here: the usual case, a
    # card's own text with its deck in the context, is one lookup.
    context = info.context
    if type(context) is dict and type(value) is str:
        deck = context.get("deck")
        if type(deck) is DeckSpec:
            found = deck._by_code.get(value)
            if found is not None:
                return found
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        context = info.context
        deck = context.get("deck") if isinstance(context, dict) else None
        if not isinstance(deck, DeckSpec):
            raise ValueError(
                f"Reading the card {value!r} needs its deck: validate with context={{'deck': deck}}."
            )
        return deck.parse(value)
    raise ValueError("A card must be written like 'crowns:7'.")


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """A deck: suits and ranks in canonical order, with display names for both.

    `suit_labels`/`suit_symbols` are parallel to `suits`; `rank_labels` maps a rank to its
    display name where that is not just the number (an 11 called "Emperor", say), and
    `rank_shorts` its short mark. The deck's cards are built once, here, and shared.
    """

    name: str
    suits: tuple[str, ...]
    ranks: tuple[int, ...]
    suit_labels: tuple[str, ...]
    suit_symbols: tuple[str, ...]
    rank_labels: dict[int, str] = field(default_factory=dict, hash=False, compare=False)
    rank_shorts: dict[int, str] = field(default_factory=dict, hash=False, compare=False)
    _cards: tuple[Card, ...] = field(init=False, repr=False, hash=False, compare=False)
    _by_key: dict[tuple[str, int], Card] = field(init=False, repr=False, hash=False, compare=False)
    _by_code: dict[str, Card] = field(init=False, repr=False, hash=False, compare=False)
    _ids: frozenset[int] = field(init=False, repr=False, hash=False, compare=False)

    def __post_init__(self) -> None:
        if not len(self.suits) == len(self.suit_labels) == len(self.suit_symbols):
            raise ValueError(f"The {self.name} deck needs one label and one symbol per suit.")
        if len(set(self.suits)) != len(self.suits) or len(set(self.ranks)) != len(self.ranks):
            raise ValueError(f"The {self.name} deck lists a suit or a rank twice.")
        cards = tuple(
            Card._make(
                self,
                suit,
                rank,
                f"{suit_label} {self.rank_labels.get(rank, str(rank))}",
                f"{symbol}{self.rank_shorts.get(rank, str(rank))}",
                index,
            )
            for index, (suit, suit_label, symbol, rank) in enumerate(
                (suit, suit_label, symbol, rank)
                for suit, suit_label, symbol in zip(
                    self.suits, self.suit_labels, self.suit_symbols, strict=True
                )
                for rank in self.ranks
            )
        )
        object.__setattr__(self, "_cards", cards)
        object.__setattr__(self, "_by_key", {(card.suit, card.rank): card for card in cards})
        object.__setattr__(self, "_by_code", {card.code: card for card in cards})
        object.__setattr__(self, "_ids", frozenset(id(card) for card in cards))

    # A deck is a constant shared by every card it made; a copy is the deck itself, and a
    # pickle rebuilds it from its definition (its cards then compare equal by value).
    def __copy__(self) -> DeckSpec:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> DeckSpec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        definition = (self.name, self.suits, self.ranks, self.suit_labels, self.suit_symbols)
        return (DeckSpec, (*definition, self.rank_labels, self.rank_shorts))

    def cards(self) -> tuple[Card, ...]:
        """Every card once, suit by suit in the deck's suit order, ranks as listed: sorted."""
        return self._cards

    def card(self, suit: str, rank: int) -> Card:
        """This deck's card of `suit` and `rank`; ValueError if the deck has no such card."""
        found = self._by_key.get((suit, rank))
        if found is None:
            raise ValueError(f"The {self.name} deck has no card {suit}:{rank}.")
        return found

    def parse(self, text: str) -> Card:
        """Read the JSON form "suit:rank" as this deck's card.

        >>> ITALIAN_40.parse("cups:11").label
        'Cups Fante'
        >>> VINES_55.parse("cups:11").label
        'Cups Emperor'
        """
        found = self._by_code.get(text) if isinstance(text, str) else None
        if found is not None:
            return found
        suit, sep, rank = str(text).partition(":")
        if not sep or not suit or not rank.lstrip("-").isdigit():
            raise ValueError(f"{text!r} is not a card; cards are written like 'crowns:7'.")
        return self.card(suit, int(rank))

    def suit_label(self, suit: str) -> str:
        """`"cups"` -> `"Cups"`; ValueError for a suit this deck does not have."""
        if suit not in self.suits:
            raise ValueError(f"The {self.name} deck has no suit {suit!r}.")
        return self.suit_labels[self.suits.index(suit)]

    def each_once(self, cards: Sequence[Card]) -> bool:
        """Whether `cards` are this deck's cards, every one exactly once (in any order).

        A restart checks every saved hand's deck this way. The deck's own interned cards
        (all that reading a save yields) are compared by identity, at C speed; anything
        else (a copy of the deck's cards from a pickle) is counted as equal values."""
        if len(cards) == len(self._ids) and set(map(id, cards)) == self._ids:
            return True
        return Counter(cards) == Counter(self._cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and self._by_key.get((card.suit, card.rank)) == card

    def __len__(self) -> int:
        return len(self._cards)


# The rule text names the Postas suits' colours (red Crowns, blue Locks, green Fruit,
# brown Swords, purple Cups), so a coloured circle per suit is the short mark. The suit
# order is the one the rule text lays the stacks out in.
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
# number never collides with a pip and a 40-card deck still has ten ranks per suit. Suits
# in the order the rules list them: Coins, Cups, Swords, Clubs.
ITALIAN_40 = DeckSpec(
    "Italian",
    ("coins", "cups", "swords", "clubs"),
    (1, 2, 3, 4, 5, 6, 7, 11, 12, 13),
    ("Coins", "Cups", "Swords", "Clubs"),
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

DECKS: dict[str, DeckSpec] = {
    deck.name: deck for deck in (POSTAS_50, VINES_55, ITALIAN_40, FRENCH_52, PRIMERO_40, PREFA_32)
}
"""Every deck by its name: what reads a card back from a message kept as JSON (`engine.core.msg`)."""
