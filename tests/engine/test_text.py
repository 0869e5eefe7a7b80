"""Counts as a player reads them: thousands separators and the noun's right number."""

from __future__ import annotations

import pytest

from engine.core.text import chips, plural


@pytest.mark.parametrize(
    ("count", "word", "expected"),
    [
        (0, "card", "0 cards"),
        (1, "card", "1 card"),
        (2, "hand", "2 hands"),
        (1_000, "chip", "1,000 chips"),
        (1_900_000, "chip", "1,900,000 chips"),
        (-1, "chip", "-1 chip"),
        (-2_500, "chip", "-2,500 chips"),
    ],
)
def test_plural_counts_with_separators_and_the_right_number(count: int, word: str, expected: str) -> None:
    assert plural(count, word) == expected


def test_an_irregular_plural_is_given() -> None:
    assert plural(3, "pass", "passes") == "3 passes"
    assert plural(1, "pass", "passes") == "1 pass"


def test_engine_texts_use_separators() -> None:
    assert chips(1) == "1 chip"
    assert chips(1_900_000) == "1,900,000 chips"


def test_a_big_stake_reads_with_separators_in_the_engines_log() -> None:
    from engine.prima_carta.game import PrimaCarta, PrimaCartaOptions

    hand = PrimaCarta.new(PrimaCartaOptions(stake=100_000), ["crowns", "cups"], seed=3)
    assert hand.events[0].text == "Spiga: each of the 2 players puts 100,000 chips in the pot."
