"""The text's worked examples as golden tests: the 8 that must be taken rather than 2+6,
the Primiera totals 62 and 75, and the robot's captures on the table 1-3-5-4-2-7."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.primiera import Play, primiera_total
from engine.primiera.scoring import CODE, capture_options

from .primiera_helpers import c, cs, position, shorts


def test_golden_an_eight_on_the_table_must_be_taken_rather_than_two_plus_six() -> None:
    # "Poichè è presente una carta di valore 8, il giocatore è obbligato a prendere quella
    # e non può prendere 2+6."
    g = position("scopone", ["Fd", "2c", "3c", "4b"], "2s 6c Fb", 0)
    assert g.legal_actions(0) == [Play(card=c("Fd"), capture=(c("Fb"),))]
    with pytest.raises(IllegalAction):
        g.apply(0, Play(card=c("Fd"), capture=tuple(cs("2s 6c"))))


@pytest.mark.parametrize(
    ("cards", "total"),
    [
        ("7d Ac Fs 5b", 62),  # 21 + 16 + 10 + 15
        ("6d 6c 6s 7b", 75),  # 18 + 18 + 18 + 21
    ],
)
def test_golden_primiera_totals_62_and_75(cards: str, total: int) -> None:
    codes = [CODE[card] for card in cs(cards)]
    assert primiera_total(codes) == total
    # More cards of a suit only count through the best one.
    assert primiera_total([*codes, CODE[c("2d")], CODE[c("Rc")]]) == total


def robot_takes(card: str) -> str:
    """What the robot takes on the table 1-3-5-4-2-7 (the French variant's example) with
    `card`: seat 0 first takes a Re off the end of the line, then the robot (seat 3, dealer
    1) turns up `card`."""
    g = position("robot", ["Rc", "Cc", "Cs", card], "Ad 3d 5d 4d 2d 7d Rd", 0)
    g.apply(0, Play(card=c("Rc"), capture=(c("Rd"),)))
    return shorts(g.view(None).taken[3][1:])


def test_golden_robot_with_a_six_takes_the_set_using_the_leftmost_cards() -> None:
    # The text: "il capture le 1+5 et non 4+2 car le 1 est plus à gauche que le 4". It
    # overlooks 1+3+2, which also makes 6; by the rule it states and explains with the 8
    # (first card leftmost, then the second), 1+3+2 comes first (decision 12).
    assert robot_takes("6b") == "Ad 3d 2d"
    options = capture_options(CODE[c("6b")], [CODE[x] for x in cs("Ad 3d 5d 4d 2d 7d")])
    assert options.index((0, 2)) < options.index((3, 4))  # 1+5 before 4+2, as the text says


def test_golden_robot_with_an_eight_takes_one_three_four() -> None:
    # The text lists 1+3+4, 1+5+2, 1+7 and 3+5 and says the robot takes "1+3+5 car le 1 est
    # plus à gauche que le 3 et que la deuxième carte, le 3, est plus à gauche que le 5 ou
    # le 7": 1+3+5 makes 9, a slip for 1+3+4, the set its reasoning picks (decision 12).
    assert robot_takes("Fb") == "Ad 3d 4d"
    options = capture_options(CODE[c("Fb")], [CODE[x] for x in cs("Ad 3d 5d 4d 2d 7d")])
    assert options == ((0, 1, 3), (0, 2, 4), (0, 5), (1, 2))


def test_golden_robot_takes_the_first_matching_card_in_reading_order() -> None:
    # "la première de ces cartes dans le sens de lecture du donneur est capturée"
    g = position("robot", ["Rc", "Cc", "Cs", "5b"], "Ad 3d 5d 4d 5c 7d Rd", 0)
    g.apply(0, Play(card=c("Rc"), capture=(c("Rd"),)))
    assert shorts(g.view(None).taken[3]) == "5b 5d"
    assert shorts(g.view(None).table) == "Ad 3d 4d 5c 7d"
