"""Primiera's arithmetic: card values, the capture rules and the round's score.

Cards are ints here, their index in `ITALIAN_40.cards()` (Coins 0-9, Cups 10-19, Swords
20-29, Clubs 30-39; within a suit ace, 2..7, Fante, Cavallo, Re). So a card's capture value
is `code % 10 + 1` (the Fante counts 8, the Cavallo 9, the Re 10, as the text numbers the
cards "from 1 ... to 10") and its suit is `code // 10`. Rule decisions cite
`primiera-albertarelli.txt` ("the text") and are numbered as in docs/RULES.md (Primiera).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.cards import ITALIAN_40, Card

CARDS: tuple[Card, ...] = ITALIAN_40.cards()
CODE: dict[Card, int] = {card: code for code, card in enumerate(CARDS)}
SUITS = ITALIAN_40.suits
COINS = 0
"""The suit index of Coins (the deck's first suit)."""
SEVEN_OF_COINS = 6
"""The *settebello*, worth a point on its own."""
HERALDS = (0, 10, 20, 30)
"""The four aces, the Heralds: in the four-player game the first one played sets the teams."""
PRIMIERA_BY_RANK = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)
"""Primiera value by rank index (ace, 2..7, Fante, Cavallo, Re): 7 = 21, 6 = 18, ace = 16,
5 = 15, 4 = 14, 3 = 13, 2 = 12, figures = 10 (the values printed on the cards; the text's
examples 62 = 21+16+10+15 and 75 = 18+18+18+21 use them)."""


def value(code: int) -> int:
    """Capture value, 1-10."""
    return code % 10 + 1


def suit(code: int) -> int:
    return code // 10


def primiera_value(code: int) -> int:
    return PRIMIERA_BY_RANK[code % 10]


def primiera_value_of(card: Card) -> int:
    """A card's Primiera value, for renderers: `primiera_value_of(ITALIAN_40.card("coins", 7))` is 21."""
    return PRIMIERA_BY_RANK[CODE[card] % 10]


def capture_value_of(card: Card) -> int:
    """A card's capture value, 1-10, for renderers."""
    return CODE[card] % 10 + 1


_CAPTURES: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, ...], ...]] = {}


def capture_options(played: int, table: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Every capture the card `played` may make from `table` (cards in reading order), as
    tuples of table positions in increasing order; () when it takes nothing.

    A table card of the same value must be taken, the player choosing among several;
    only when there is none may a set of two or more cards adding up to the value be
    taken, the player choosing among sets (the text, capture rules). Options are listed in
    lexicographic order of positions, so the first one is the set "using the leftmost
    cards" that the robot takes (decision 12).

    >>> capture_options(7, [0, 2, 4, 3, 1, 6])  # an 8 on the table 1-3-5-4-2-7
    ((0, 1, 3), (0, 2, 4), (0, 5), (1, 2))
    """
    values = tuple(code % 10 + 1 for code in table)
    key = (played % 10 + 1, values)
    found = _CAPTURES.get(key)
    if found is None:
        found = _options(*key)
        if len(_CAPTURES) < 200_000:
            _CAPTURES[key] = found
    return found


def _options(target: int, values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    singles = tuple((i,) for i, v in enumerate(values) if v == target)
    if singles:
        return singles
    out: list[tuple[int, ...]] = []
    count = len(values)
    chosen: list[int] = []

    def walk(start: int, left: int) -> None:
        # Depth first, each position included before the ones after it: the sets come out
        # in lexicographic order of their positions.
        for i in range(start, count):
            v = values[i]
            if v > left:
                continue
            chosen.append(i)
            if v == left:
                if len(chosen) >= 2:
                    out.append(tuple(chosen))
            else:
                walk(i + 1, left - v)
            chosen.pop()

    walk(0, target)
    return tuple(out)


def primiera_total(taken: Sequence[int]) -> int | None:
    """The best Primiera of a pile: one card of each suit, the highest Primiera value of
    each, added up; None when the pile lacks a suit (decision 15: "Every team must choose
    4 cards ... one (no more) for each suit").

    >>> primiera_total([6, 10, 27, 34])  # 7 of Coins, ace of Cups, Fante of Swords, 5 of Clubs
    62
    """
    best = [0, 0, 0, 0]
    for code in taken:
        s = code // 10
        v = PRIMIERA_BY_RANK[code % 10]
        if v > best[s]:
            best[s] = v
    if not all(best):
        return None
    return sum(best)


def primiera_cards(taken: Sequence[int]) -> tuple[int, ...]:
    """The cards that make a pile's Primiera: the best of each suit it has, suit order
    (the first of equal values in deck order)."""
    best: dict[int, int] = {}
    for code in sorted(taken):
        s = code // 10
        if s not in best or PRIMIERA_BY_RANK[code % 10] > PRIMIERA_BY_RANK[best[s] % 10]:
            best[s] = code
    return tuple(best[s] for s in sorted(best))


def sole_best(values: Sequence[int | None]) -> int | None:
    """The index of the single highest value, or None when the top is shared or nobody has
    one (decisions 13-15: a point that two or more sides tie for is not awarded)."""
    present = [v for v in values if v is not None]
    if not present:
        return None
    top = max(present)
    if present.count(top) > 1:
        return None
    return values.index(top)
