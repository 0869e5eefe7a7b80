"""How Cardano's Milanese Primero judges a hand: the five kinds with Primero's own card
points (shared from `engine.primero.hands`), the exceptions and the mean-value privilege.

A player may hold up to five cards (three kept and two drawn); a hand is judged on its best
four (docs/RULES.md, Cardano decision 5). The kinds, lowest first, are Primero's
`HandType`s under Cardano's names: point (NUMERUS), primero, 55 (SUPREMUS), flush
(FLUXUS), four of a kind (CHORUS).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations

from engine.core.cards import Card
from engine.core.msg import Domain, Msg
from engine.primero.hands import HandType, forms, points

t = Domain("cardano")
tn = t.n

POINT, PRIMERO, FIFTY_FIVE, FLUSH, FOUR = (
    HandType.NUMERUS,
    HandType.PRIMERO,
    HandType.SUPREMUS,
    HandType.FLUXUS,
    HandType.CHORUS,
)
KIND_NAMES = {POINT: "point", PRIMERO: "primero", FIFTY_FIVE: "55", FLUSH: "flush", FOUR: "four of a kind"}
FOUR_CARD = (PRIMERO, FLUSH, FOUR)
"""The combinations a player "closes" during the changes (the text: "primero or flush or a
four-of-a-kind")."""
MEAN = {POINT: 39, PRIMERO: 62, FLUSH: 61}
"""The conventional mean values: held by the privileged player they beat every hand of
their kind (the text: "39 for the point, 62 for primero and 61 for flush")."""

Key = tuple[int, int, int]
"""(tier, privileged, total): bigger is better; ties go to the player nearer the dealer's
right, which the caller adds."""


def kind_name(kind: HandType) -> str:
    return KIND_NAMES[kind]


def kind_said(kind: HandType) -> Msg:
    """A kind's name as a message: "point", "four of a kind"."""
    return {
        POINT: t("point"),
        PRIMERO: t("primero"),
        FIFTY_FIVE: t("55"),
        FLUSH: t("flush"),
        FOUR: t("four of a kind"),
    }[kind]


def a_kind(kind: HandType) -> Msg:
    """A kind with its article, as a sentence names it ("declares a flush"): a message of its
    own, since other languages' articles follow the noun's gender."""
    return {
        POINT: t("a point"),
        PRIMERO: t("a primero"),
        FIFTY_FIVE: t("a 55"),
        FLUSH: t("a flush"),
        FOUR: t("a four of a kind"),
    }[kind]


def all_forms(cards: Iterable[Card]) -> dict[HandType, tuple[int, ...]]:
    """Every kind the cards form, with every total it reaches (best four cards at most)."""
    return dict(_all_forms(tuple(sorted(cards))))


@lru_cache(maxsize=1 << 17)
def _all_forms(cards: tuple[Card, ...]) -> tuple[tuple[HandType, tuple[int, ...]], ...]:
    found: dict[HandType, set[int]] = {}
    groups = [cards] if len(cards) <= 4 else list(combinations(cards, 4))
    for group in groups:
        for kind, total in forms(group).items():
            found.setdefault(kind, set()).add(total)
    return tuple((kind, tuple(sorted(found[kind]))) for kind in sorted(found))


def promoted(kind: HandType, total: int, primero_81: bool) -> bool:
    """Primero 79 (three sevens and an ace), and primero 81 (three sevens and a six) when
    the table says so, beat a flush (the text: "Primero 79 ... probably also primero 81
    ... won flush")."""
    return kind == PRIMERO and (total == 79 or (primero_81 and total == 81))


def key_of(kind: HandType, total: int, privileged: bool, primero_81: bool) -> Key:
    """One (kind, total) as a comparable key. Tiers are twice the kind; a promoted primero
    sits between the flush and four of a kind (decision 8). The privilege lifts a mean value
    above every other hand of its own tier (decision 9)."""
    if promoted(kind, total, primero_81):
        return (2 * int(FLUSH) + 1, 0, total)
    mean = privileged and MEAN.get(kind) == total
    return (2 * int(kind), 1 if mean else 0, total)


def strength(cards: Iterable[Card], privileged: bool = False, primero_81: bool = False) -> Key:
    """The best key the cards make; a hand that forms nothing ranks below every point, by
    its best card (decision 7)."""
    held = list(cards)
    best: Key = (0, 0, max((points(card) for card in held), default=0))
    for kind, totals in all_forms(held).items():
        for total in totals:
            best = max(best, key_of(kind, total, privileged, primero_81))
    return best


def best_kind(cards: Iterable[Card], primero_81: bool = False) -> tuple[HandType, int] | None:
    """The kind and total of the cards' best hand (ignoring any privilege), or None."""
    held = list(cards)
    found = all_forms(held)
    if not found:
        return None
    pairs = [(kind, total) for kind, totals in found.items() for total in totals]
    return max(pairs, key=lambda pair: key_of(pair[0], pair[1], False, primero_81))


def describe(cards: Iterable[Card], primero_81: bool = False) -> str:
    """`point 42`, `primero 79`, `55`, `flush 61`, `four of a kind 84`, `nothing`."""
    found = best_kind(cards, primero_81)
    if found is None:
        return "nothing"
    kind, total = found
    return "55" if kind == FIFTY_FIVE else f"{kind_name(kind)} {total}"


def hand_said(cards: Iterable[Card], primero_81: bool = False) -> Msg:
    """`describe` as a message."""
    found = best_kind(cards, primero_81)
    if found is None:
        return t("nothing")
    kind, total = found
    return kind_said(kind) if kind == FIFTY_FIVE else t("{kind} {total}", kind=kind_said(kind), total=total)


def statements(
    cards: Iterable[Card], primero_before: bool = False, flush_before: bool = False
) -> list[HandType]:
    """The kinds a player holding these cards may state honestly, lowest first: the best
    kind held (a point when nothing is held), and the text's two exceptions — a 55 also as a
    primero "if somebody declared primero before it", four of a kind also as a primero or a
    flush "after a similar declaration was stated by somebody else" (decision 17)."""
    found = all_forms(cards)
    top = max(found) if found else POINT
    out = {top}
    if top in (FIFTY_FIVE, FOUR) and primero_before:
        out.add(PRIMERO)
    if top == FOUR and flush_before:
        out.add(FLUSH)
    return sorted(out)


def floor_kind(cards: Iterable[Card], primero_before: bool = False, flush_before: bool = False) -> HandType:
    """The least kind a player holding these cards may declare: the best kind held, except
    that a 55 may be declared as a primero and four of a kind as a primero or a flush once
    somebody else declared that kind (the text: "It was forbidden to state anything lesser
    than the actual hand value. Only exceptions, 55 and four of a kind")."""
    return statements(cards, primero_before, flush_before)[0]


def undeclared(cards: Iterable[Card], declared: HandType | None) -> HandType | None:
    """The primero or flush the cards hold that `declared` does not reach, if any (the text:
    "After the vie, an undeclared possession of a primero or a flush caused the loss of the
    pot when a bet was also placed, or was forced to discard if no bet was placed")."""
    found = all_forms(cards)
    missed = [k for k in (PRIMERO, FLUSH) if k in found and (declared is None or declared < k)]
    return max(missed) if missed else None


def best_three(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The three cards a player forced to discard down to three would keep (the strongest)."""
    if len(cards) <= 3:
        return tuple(cards)
    return max(combinations(sorted(cards), 3), key=strength)


def holds(cards: Iterable[Card], kind: HandType) -> bool:
    """Whether the cards make `kind` or a higher kind (an honest declaration)."""
    return any(held >= kind for held in all_forms(cards))


def restrained(cards: Iterable[Card]) -> bool:
    """A 55 or four of a kind may not bet beyond the vie (the text: "A 55 was not allowed
    to wager beyond the basic vie ... Four-of-a-kind was not allowed either")."""
    found = all_forms(cards)
    return bool(found) and max(found) in (FIFTY_FIVE, FOUR)


def suits_of(cards: Iterable[Card]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.suit] = counts.get(card.suit, 0) + 1
    return counts


def primero_attempt(cards: Iterable[Card]) -> bool:
    """Three cards of three different suits, short of a primero."""
    held = list(cards)
    return len(suits_of(held)) == 3 and PRIMERO not in all_forms(held)


def flush_attempt(cards: Iterable[Card]) -> bool:
    """Three cards of one suit, short of a flush."""
    held = list(cards)
    return any(count >= 3 for count in suits_of(held).values()) and FLUSH not in all_forms(held)
