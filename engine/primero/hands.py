"""Primero's card points and hand types (the text, "The Basics").

Every four cards are judged the same way whatever round it is: which of the five hand
types they form, and the best point total for each. A hand *forms* a type when it can
show it from its own cards, so a higher hand may also form a lower one: a chorus is one
card of each suit (a primero), and a fluxus or supremus holds three cards of one suit (a
numerus). docs/RULES.md, Primero decisions 1-3.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from functools import cache
from itertools import combinations

from engine.core.cards import PRIMERO_40, Card
from engine.core.msg import Domain, Msg

t = Domain("primero")

ACE, SIX, SEVEN = 14, 6, 7
FACES = (11, 12, 13)


class HandType(IntEnum):
    """The five hand types, lowest first (the text's order of increasing rank)."""

    NUMERUS = 1
    """Two or three cards of one suit; only those cards count."""
    PRIMERO = 2
    """One card of each suit."""
    SUPREMUS = 3
    """The ace, six and seven of one suit."""
    FLUXUS = 4
    """Four cards of one suit."""
    CHORUS = 5
    """Four of a kind (four kings, not any four face cards)."""

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def from_label(cls, label: str) -> HandType | None:
        """`numerus` -> NUMERUS; None for anything else."""
        return cls.__members__.get(label.upper()) if label.islower() else None


def points(card: Card) -> int:
    """A card's points whatever its suit: faces 10, 2-5 ten plus their value, ace 16,
    six 18 and seven 21 (three times their value)."""
    rank = card.rank
    if rank in FACES:
        return 10
    if rank == ACE:
        return 16
    if rank in (SIX, SEVEN):
        return 3 * rank
    return 10 + rank


SUPREMUS_POINTS = 16 + 18 + 21
"""A supremus counts its three named cards only, 55 (decision 2)."""


def forms(cards: Iterable[Card]) -> dict[HandType, int]:
    """Every type these cards form, with the best total for each.

    Works for any number of cards up to four (after the first deal a player holds two,
    and two cards of one suit already make a numerus).
    """
    return dict(_forms(tuple(sorted(cards))))


@cache
def _forms(cards: tuple[Card, ...]) -> tuple[tuple[HandType, int], ...]:
    found: dict[HandType, int] = {}
    by_suit: dict[str, list[int]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(points(card))
    # Numerus: the best two or three cards of one suit; from four of a suit, the best three.
    numerus = [sum(sorted(values)[-3:]) for values in by_suit.values() if len(values) >= 2]
    if numerus:
        found[HandType.NUMERUS] = max(numerus)
    if len(cards) == 4 and len(by_suit) == 4:
        found[HandType.PRIMERO] = sum(points(card) for card in cards)
    for suit in by_suit:
        held = {card.rank for card in cards if card.suit == suit}
        if {ACE, SIX, SEVEN} <= held:
            found[HandType.SUPREMUS] = SUPREMUS_POINTS
    if len(cards) == 4 and len(by_suit) == 1:
        found[HandType.FLUXUS] = sum(points(card) for card in cards)
    if len(cards) == 4 and len({card.rank for card in cards}) == 1:
        found[HandType.CHORUS] = sum(points(card) for card in cards)
    return tuple(sorted(found.items()))


def best(cards: Iterable[Card]) -> tuple[HandType, int] | None:
    """The highest type these cards form and its total, or None (no two of a suit)."""
    found = forms(cards)
    if not found:
        return None
    top = max(found)
    return top, found[top]


def totals() -> dict[HandType, tuple[int, ...]]:
    """Every total each type can have in a four-card hand (a two- or three-card numerus
    among them). A bid must name one of these."""
    return dict(_totals())


@cache
def _totals() -> tuple[tuple[HandType, tuple[int, ...]], ...]:
    # Built from one suit's ten card values rather than all 91,390 hands (that would cost a
    # second at import); `test_totals_match_every_four_card_hand` checks the two agree.
    values = [points(card) for card in PRIMERO_40.cards() if card.suit == PRIMERO_40.suits[0]]
    numerus = {sum(pick) for size in (2, 3) for pick in combinations(values, size)}
    primero = {a + b + c + d for a in values for b in values for c in values for d in values}
    fluxus = {sum(pick) for pick in combinations(values, 4)}
    chorus = {4 * value for value in values}
    seen = {
        HandType.NUMERUS: numerus,
        HandType.PRIMERO: primero,
        HandType.SUPREMUS: {SUPREMUS_POINTS},
        HandType.FLUXUS: fluxus,
        HandType.CHORUS: chorus,
    }
    return tuple((kind, tuple(sorted(found))) for kind, found in seen.items())


def _totals_by_enumeration() -> dict[HandType, tuple[int, ...]]:
    """Every total each type shows in some four-card hand, by brute force (for the tests)."""
    seen: dict[HandType, set[int]] = {kind: set() for kind in HandType}
    for hand in combinations(PRIMERO_40.cards(), 4):
        for kind, total in _forms(hand):
            seen[kind].add(total)
    return {kind: tuple(sorted(values)) for kind, values in seen.items()}


def describe(kind: HandType, total: int) -> str:
    """`primero 72`."""
    return f"{kind.label} {total}"


def kind_said(kind: HandType) -> Msg:
    """The hand type's name as a message. Every language keeps the text's Latin words
    (docs/glossary/primero.md); they are messages so the pseudo language marks them."""
    return {
        HandType.NUMERUS: t("numerus"),
        HandType.PRIMERO: t("primero"),
        HandType.SUPREMUS: t("supremus"),
        HandType.FLUXUS: t("fluxus"),
        HandType.CHORUS: t("chorus"),
    }[kind]


def hand_said(kind: HandType, total: int) -> Msg:
    """`describe` as a message: "primero 72". The total is not grouped (a hand counts at
    most 84)."""
    return t("{kind} {total}", kind=kind_said(kind), total=total)
