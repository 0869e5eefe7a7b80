"""The words of issue 23's "say it right": instructions that match what the move allows, a
bid written as a player reads it, and a one-line key beside jargon."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.games.cardano.render import PRIVILEGE_KEY, change_said
from bot.games.holdout.render import line_key
from bot.games.primiera.render import card_text, value_key
from bot.i18n import lang
from engine.core.cards import ITALIAN_40
from engine.core.msg import english
from engine.prefa import Bid, Declare, Discard, Pass
from engine.prefa.scoring import Contract
from tests.engine.prefa_helpers import contract, deal
from tests.engine.test_prefa_rules import HANDS, KITTY


@pytest.mark.parametrize(
    ("least", "top", "says"),
    [
        (2, 2, "Pick two cards to discard face up"),
        (1, 2, "Pick one or two cards to discard face up"),
        (0, 2, "Pick up to two cards (or none, to keep your hand) to discard face up"),
    ],
)
def test_cardanos_change_says_exactly_how_many_cards_it_takes(least: int, top: int, says: str) -> None:
    text = english(change_said(least, top))
    assert text.startswith(says) and "at least" not in text


def test_a_prefa_bid_reads_as_a_player_says_it_and_its_value_in_words() -> None:
    assert Contract(tricks=6, strain="clubs").text == "6 clubs"
    assert Contract(tricks=7, strain="no_trump").text == "7 no trump"
    g = deal(HANDS, KITTY, dealer=2)
    g.apply(0, Pass())
    g.apply(1, Bid(contract=contract("6S")))
    g.apply(2, Pass())
    kitty = list(g.view(1).kitty or ())
    g.apply(1, Discard(cards=(kitty[0], kitty[1])))
    g.apply(1, Declare(contract=contract("6H")))
    said = " ".join(event.text for event in g.events)
    assert "wins the bidding with 6 spades" in said
    assert "announces 6 hearts (worth 5 a trick)" in said
    assert "(6)" not in said and "bid value" not in said


def test_primieras_key_reads_the_card_it_names() -> None:
    card = next(card for card in ITALIAN_40.cards() if card_text(card).endswith("(4 · P14)"))
    assert value_key(card, lang("en")).startswith(
        f"*{card_text(card)}: counts 4 when taking; P14 is its Primiera value"
    )


def test_the_keys_to_holdouts_line_and_cardanos_privilege_are_one_line_each() -> None:
    view = SimpleNamespace(lines=((0,) * 10,))
    key = line_key(view)  # type: ignore[arg-type]
    assert "\n" not in key and "Ranks 1 to 10" in key and "99 = two 9s" in key and "- is a gap" in key
    assert "\n" not in english(PRIVILEGE_KEY) and "wins a tie" in english(PRIVILEGE_KEY)
