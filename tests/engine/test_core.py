"""engine.core: cards, decks, shuffling and commitments."""

from __future__ import annotations

import hashlib
import random

import pytest
from pydantic import BaseModel

from engine.core.cards import FRENCH_52, ITALIAN_40, POSTAS_50, PREFA_32, VINES_55, Card, DeckSpec
from engine.core.rng import commitment, new_seed, seeded_index, shuffled


def test_postas_deck_is_fifty_cards_in_suit_order() -> None:
    deck = POSTAS_50.cards()
    assert len(deck) == 50 and len(set(deck)) == 50
    assert [c.suit for c in deck[::10]] == ["crowns", "locks", "fruit", "swords", "cups"]
    assert [c.rank for c in deck[:10]] == list(range(1, 11))
    assert sorted(reversed(deck)) == list(deck)


def test_other_decks_are_a_few_lines_each() -> None:
    assert len(VINES_55.cards()) == 55 and VINES_55.cards()[10].label == "Crowns Emperor"
    assert len(ITALIAN_40.cards()) == 40 and ITALIAN_40.cards()[9].label == "Coins Re"
    assert len(FRENCH_52.cards()) == 52 and FRENCH_52.cards()[-1].short == "♣A"
    assert len(PREFA_32.cards()) == 32 and {c.rank for c in PREFA_32.cards()} == set(range(7, 15))
    tiny = DeckSpec("Tiny", ("crowns",), (1, 2), ("Crowns",), ("🔴",))
    assert [c.short for c in tiny.cards()] == ["🔴1", "🔴2"]


def test_cards_have_readable_and_short_labels() -> None:
    seven = Card("crowns", 7)
    assert seven.label == "Crowns 7" and seven.short == "🔴7"
    shorts = [c.short for c in POSTAS_50.cards()]
    assert len(set(shorts)) == 50
    assert {c.short[0] for c in POSTAS_50.cards()} == {"🔴", "🔵", "🟢", "🟤", "🟣"}


def test_card_json_form_round_trips() -> None:
    for deck in (POSTAS_50, VINES_55, ITALIAN_40, FRENCH_52):
        for c in deck.cards():
            assert Card.parse(c.code) == c and str(c) == c.code
    assert Card.parse("crowns:7") == Card("crowns", 7)
    assert hash(Card.parse("locks:1")) == hash(POSTAS_50.cards()[10])
    with pytest.raises(ValueError, match="crowns:7"):
        Card.parse("crowns seven")


def test_cards_inside_pydantic_models_travel_as_strings() -> None:
    class Holder(BaseModel):
        card: Card

    held = Holder(card="cups:3")  # type: ignore[arg-type]
    assert held.card == Card("cups", 3)
    assert held.model_dump(mode="json") == {"card": "cups:3"}
    assert Holder.model_validate_json(held.model_dump_json()) == held


def test_shuffled_is_seeded_and_matches_random_shuffle() -> None:
    deck = list(POSTAS_50.cards())
    for seed in (0, 1, 2**62 + 7):
        expected = list(deck)
        random.Random(seed).shuffle(expected)
        assert shuffled(deck, seed) == expected
    assert deck == list(POSTAS_50.cards())  # input untouched
    assert shuffled(deck, 5) != shuffled(deck, 6)


def test_new_seed_is_63_bits() -> None:
    assert 0 <= new_seed() < 2**63


def test_commitment_binds_seed_and_order() -> None:
    deck = POSTAS_50.cards()
    c = commitment(3, deck)
    assert len(c) == 64 and c == commitment(3, list(deck))
    assert c != commitment(4, deck)
    assert c != commitment(3, list(reversed(deck)))


def test_seeded_index_is_reproducible_in_range_and_apart_from_the_shuffle() -> None:
    picks = [seeded_index(seed, 4, "test") for seed in range(200)]
    assert picks == [seeded_index(seed, 4, "test") for seed in range(200)]
    assert set(picks) == {0, 1, 2, 3}
    assert picks[7] == int.from_bytes(hashlib.sha256(b"test:7").digest(), "big") % 4
    assert [seeded_index(seed, 4, "other") for seed in range(200)] != picks
    with pytest.raises(ValueError):
        seeded_index(1, 0, "test")
