"""The card notation the rule tests write hands in (tests/helpers/cards.py) reads each rule
text's letters into the right deck's cards and writes them back the same."""

from __future__ import annotations

import pytest

from engine.core.cards import ITALIAN_40, POSTAS_50, PREFA_32, PRIMERO_40, VINES_55
from tests.helpers.cards import POSTAS, PREFA, PRIMERO, PRIMIERA, VINES, Notation

from .primiera_helpers import cs, shorts


def test_helpers_round_trip_the_card_notation() -> None:
    assert shorts(cs("7d Fb Cc Rs Ad 2b")) == "7d Fb Cc Rs Ad 2b"


@pytest.mark.parametrize(
    ("notation", "text"),
    [
        (PRIMERO, "6H AD JC QS KH 7D"),
        (PREFA, "AS 10H KD QC JS 7C"),
        (PRIMIERA, "7d Fb Cc Rs Ad 2b"),
        (POSTAS, "Cr7 Lo1 Fr10 Sw3 Cu5"),
        (VINES, "Cr7 Cu11 Sw1"),
    ],
)
def test_every_notation_writes_back_what_it_read(notation: Notation, text: str) -> None:
    assert notation.shorts(notation.cards(text)) == text


def test_each_notation_names_its_rule_text_s_cards() -> None:
    assert PRIMERO.card("6H") == PRIMERO_40.card("hearts", 6) and PRIMERO.card("AD") == PRIMERO_40.card(
        "diamonds", 14
    )
    assert PREFA.card("10H") == PREFA_32.card("hearts", 10)
    assert PRIMIERA.card("Fb") == ITALIAN_40.card("clubs", 11)
    assert POSTAS.card("Cr7") == POSTAS_50.card("crowns", 7)
    assert VINES.card("Cu11") == VINES_55.card("cups", 11)
