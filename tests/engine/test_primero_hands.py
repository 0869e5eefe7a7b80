"""Card points and hand types (the text, "The Basics"; docs/RULES.md, Primero decisions 1-2)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from engine.core.cards import PRIMERO_40
from engine.primero import HandType, best, forms, points, totals
from engine.primero.hands import SUPREMUS_POINTS, _totals_by_enumeration, describe

from .primero_helpers import c, cs

N, P, S, F, CH = HandType.NUMERUS, HandType.PRIMERO, HandType.SUPREMUS, HandType.FLUXUS, HandType.CHORUS

# ---------------------------------------------------------------------------- points


@pytest.mark.parametrize(
    ("card", "value"),
    [
        ("JS", 10),
        ("QH", 10),
        ("KD", 10),
        ("2C", 12),
        ("3S", 13),
        ("4H", 14),  # the text: "a 4 counts as 14"
        ("5D", 15),
        ("AC", 16),
        ("6H", 18),  # the sample: "the 6 counting for 18 points"
        ("7S", 21),  # the text: "a 7 counts as 21"
    ],
)
def test_card_points(card: str, value: int) -> None:
    assert points(c(card)) == value


def test_points_do_not_depend_on_suit() -> None:
    for rank in PRIMERO_40.ranks:
        assert len({points(card) for card in PRIMERO_40.cards() if card.rank == rank}) == 1


def test_the_deck_has_no_eights_nines_or_tens() -> None:
    deck = PRIMERO_40.cards()
    assert len(deck) == 40 and len(set(deck)) == 40
    assert {card.rank for card in deck} == {2, 3, 4, 5, 6, 7, 11, 12, 13, 14}


# ------------------------------------------------------------------------ hand types


def test_hand_types_rank_numerus_primero_supremus_fluxus_chorus() -> None:
    assert sorted(HandType) == [N, P, S, F, CH]
    assert N < P < S < F < CH
    assert [kind.label for kind in HandType] == ["numerus", "primero", "supremus", "fluxus", "chorus"]


def test_numerus_is_two_suited_cards_and_counts_only_them() -> None:
    assert forms(cs("KH JH")) == {N: 20}
    assert forms(cs("KH JH AS 5C")) == {N: 20}  # Domenico: "His numerus (KH, JH) is only 20 points"


def test_numerus_of_three_counts_all_three() -> None:
    assert forms(cs("3H 6D 4D 5D")) == {N: 47}  # Bernardo: 18 + 14 + 15


def test_numerus_takes_the_best_suit() -> None:
    # Two pairs of suits: the better pair counts (2S 3S = 25 against 7H 6H = 39).
    assert forms(cs("2S 3S 7H 6H")) == {N: 39}


def test_two_cards_of_different_suits_form_nothing() -> None:
    assert forms(cs("6H 2D")) == {}
    assert best(cs("6H 2D")) is None
    assert forms(cs("JC 3D")) == {}
    assert forms([]) == {}


def test_primero_is_one_card_of_each_suit_and_counts_all_four() -> None:
    assert forms(cs("7S 7H AD 2C")) == {P: 70}
    assert forms(cs("7S 7H 7D 7C")) == {P: 84, CH: 84}
    assert best(cs("JS QH KD 2C")) == (P, 42)


def test_primero_needs_four_cards() -> None:
    assert forms(cs("7S 7H 7D")) == {}


def test_supremus_is_ace_six_seven_of_one_suit_and_counts_55() -> None:
    # Decision 2: only the three named cards count, whatever the fourth card is.
    assert SUPREMUS_POINTS == 55
    assert forms(cs("AH 6H 7H 2C")) == {N: 55, S: 55}
    assert forms(cs("AH 6H 7H KS")) == {N: 55, S: 55}
    assert forms(cs("AH 6H 7H")) == {N: 55, S: 55}
    assert best(cs("AH 6H 7H 2C")) == (S, 55)


def test_supremus_needs_one_suit() -> None:
    assert S not in forms(cs("AH 6H 7D 2C"))


def test_fluxus_is_four_of_a_suit_and_counts_all_four() -> None:
    assert forms(cs("2C 3C 4C 5C")) == {N: 42, F: 54}
    assert best(cs("2C 3C 4C 5C")) == (F, 54)


def test_supremus_with_a_fourth_card_of_its_suit_is_also_a_fluxus() -> None:
    assert forms(cs("AH 6H 7H 2H")) == {N: 55, S: 55, F: 67}
    assert best(cs("AH 6H 7H 2H")) == (F, 67)


def test_chorus_is_four_of_a_kind_and_also_a_primero() -> None:
    assert forms(cs("KS KH KD KC")) == {P: 40, CH: 40}
    assert forms(cs("AS AH AD AC")) == {P: 64, CH: 64}
    assert best(cs("6S 6H 6D 6C")) == (CH, 72)


def test_four_kings_and_four_queens_are_equal() -> None:
    assert forms(cs("KS KH KD KC")) == forms(cs("QS QH QD QC"))


def test_mixed_face_cards_are_not_a_chorus() -> None:
    # The text: "you must have four of the same type of face card to form a chorus".
    assert forms(cs("KS QH JD KC")) == {P: 40}


def test_forms_ignores_card_order() -> None:
    assert forms(cs("5D 4D 6D 3H")) == forms(cs("3H 6D 4D 5D"))


def test_describe() -> None:
    assert describe(P, 72) == "primero 72"


# ----------------------------------------------------------------- the sample hand


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("6H 2D", {}),  # Alberto's first two: "a good start on a primero"
        ("3H 6D", {}),  # Bernardo's
        ("6H 2D 2C AD", {N: 28}),  # Alberto after the second deal: "numerus 28"
        ("2D AD 7C 3S", {N: 28}),  # Alberto at the showdown
        ("3H 6D 4D 5D", {N: 47}),  # Bernardo: "numerus 47"
        ("3D 7H 5S 7D", {N: 34}),  # Cinthio: "3D, 13 points; 7D, 21 points"
        ("5C KH JH AS", {N: 20}),  # Domenico: "only 20 points"
    ],
)
def test_sample_hand_forms(hand: str, expected: dict[HandType, int]) -> None:
    assert forms(cs(hand)) == expected


# ---------------------------------------------------------------- possible totals


def test_possible_totals_per_type() -> None:
    table = totals()
    assert table[N] == (20, *range(22, 56))  # numerus 20 is "the lowest possible bid"; 21 can't be made
    assert table[P] == tuple(t for t in range(40, 85) if t not in (41, 80, 82, 83))
    assert table[S] == (55,)
    assert table[F] == tuple(range(42, 71))
    assert table[CH] == (40, 48, 52, 56, 60, 64, 72, 84)


def test_totals_match_every_four_card_hand() -> None:
    # `totals()` is built from one suit's card values; brute force over all 91,390 hands
    # must find exactly the same totals for every type.
    assert totals() == _totals_by_enumeration()


# --------------------------------------------------------------- the probability table


def test_enumeration_reproduces_the_texts_probability_table() -> None:
    """All C(40,4) = 91,390 four-card hands, counted the way the text's table counts them.

    The counting convention that makes the text's six numbers come out: each hand is put in
    one class by how its four cards split among the suits, and those classes partition the
    deck --

        fluxus              4        840
        3-card numerus      3+1    14400
        2-card numerus      2+2    12150  } 66150
                            2+1+1  54000  }
        primero             1+1+1+1 10000
                                   -----
                                   91390

    -- while chorus (10) and supremus (148: four suits times the 37 possible fourth cards)
    count every hand that contains one, so they overlap those classes: every chorus is also
    in the primero class, and every supremus in the 3-card-numerus or fluxus class. This
    test checks those numbers straight from `forms()`.
    """
    by_split: Counter[tuple[int, ...]] = Counter()
    formed: Counter[HandType] = Counter()
    best_in_split: dict[tuple[int, ...], set[HandType]] = {}
    for hand in combinations(PRIMERO_40.cards(), 4):
        split = tuple(sorted(Counter(card.suit for card in hand).values(), reverse=True))
        by_split[split] += 1
        found = forms(hand)
        formed.update(found.keys())
        best_in_split.setdefault(split, set()).add(max(found))
        # A numerus exactly when some suit has two or more cards; a primero exactly when
        # the four suits are all there; a fluxus exactly when one suit has all four.
        assert (N in found) == (split != (1, 1, 1, 1))
        assert (P in found) == (split == (1, 1, 1, 1))
        assert (F in found) == (split == (4,))

    assert sum(by_split.values()) == 91_390
    # The text's table.
    assert formed[CH] == 10
    assert by_split[(4,)] == formed[F] == 840
    assert formed[S] == 148
    assert by_split[(1, 1, 1, 1)] == formed[P] == 10_000
    assert by_split[(3, 1)] == 14_400
    assert by_split[(2, 2)] + by_split[(2, 1, 1)] == 66_150
    # The classes partition the deck; chorus and supremus overlap them.
    assert 840 + 14_400 + 66_150 + 10_000 == 91_390
    assert best_in_split == {
        (4,): {F},
        (3, 1): {N, S},
        (2, 2): {N},
        (2, 1, 1): {N},
        (1, 1, 1, 1): {P, CH},
    }
