"""Cards belong to their deck: each deck names, sorts and parses its own cards."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from engine.core.cards import FRENCH_52, ITALIAN_40, POSTAS_50, PREFA_32, PRIMERO_40, VINES_55, Card, DeckSpec

DECKS = (POSTAS_50, VINES_55, ITALIAN_40, FRENCH_52, PRIMERO_40, PREFA_32)


def labels(deck: DeckSpec, suit: str) -> list[str]:
    return [card.label for card in deck.cards() if card.suit == suit]


def test_postas_deck_is_fifty_cards_in_suit_order() -> None:
    deck = POSTAS_50.cards()
    assert len(deck) == len(POSTAS_50) == 50 and len(set(deck)) == 50
    assert [c.suit for c in deck[::10]] == ["crowns", "locks", "fruit", "swords", "cups"]
    assert [c.rank for c in deck[:10]] == list(range(1, 11))
    assert labels(POSTAS_50, "crowns") == [f"Crowns {rank}" for rank in range(1, 11)]
    assert [c.short for c in deck[:3]] == ["🔴1", "🔴2", "🔴3"]
    assert len({c.short for c in deck}) == 50
    assert {c.short[0] for c in deck} == {"🔴", "🔵", "🟢", "🟤", "🟣"}


def test_only_the_vines_deck_has_the_emperor() -> None:
    assert len(VINES_55) == 55 and VINES_55.cards()[10].label == "Crowns Emperor"
    assert labels(VINES_55, "cups")[-2:] == ["Cups 10", "Cups Emperor"]
    assert VINES_55.card("cups", 11).short == "🟣E"
    assert not any("Emperor" in c.label for deck in DECKS if deck is not VINES_55 for c in deck.cards())


def test_italian_deck_names_and_sorts_its_own_cards() -> None:
    deck = ITALIAN_40.cards()
    assert len(deck) == 40 and [c.suit for c in deck[::10]] == ["coins", "cups", "swords", "clubs"]
    assert list(ITALIAN_40.suit_labels) == ["Coins", "Cups", "Swords", "Clubs"]
    assert labels(ITALIAN_40, "cups") == [
        "Cups Ace", "Cups 2", "Cups 3", "Cups 4", "Cups 5", "Cups 6", "Cups 7",
        "Cups Fante", "Cups Cavallo", "Cups Re",
    ]  # fmt: skip
    assert [c.short for c in deck[7:10]] == ["🪙F", "🪙C", "🪙R"]
    # Sorted in the Italian order, not the Postas one (where cups come last).
    shuffled = [ITALIAN_40.parse(t) for t in ("clubs:1", "cups:13", "swords:2", "coins:11", "cups:1")]
    assert [c.code for c in sorted(shuffled)] == ["coins:11", "cups:1", "cups:13", "swords:2", "clubs:1"]
    assert sorted(reversed(deck)) == list(deck)


def test_french_decks_run_seven_or_two_to_the_ace() -> None:
    assert [c.label for c in PREFA_32.cards()[:8]] == [
        "Spades 7", "Spades 8", "Spades 9", "Spades 10",
        "Spades Jack", "Spades Queen", "Spades King", "Spades Ace",
    ]  # fmt: skip
    assert len(PREFA_32) == 32 and [c.suit for c in PREFA_32.cards()[::8]] == list(FRENCH_52.suits)
    assert [c.rank for c in FRENCH_52.cards()[:13]] == list(range(2, 15))
    assert FRENCH_52.cards()[0].label == "Spades 2" and FRENCH_52.cards()[-1].short == "♣A"
    assert [c.short for c in PRIMERO_40.cards()[:10]] == [
        "♠2",
        "♠3",
        "♠4",
        "♠5",
        "♠6",
        "♠7",
        "♠J",
        "♠Q",
        "♠K",
        "♠A",
    ]
    for deck in (PREFA_32, FRENCH_52, PRIMERO_40):
        assert sorted(reversed(deck.cards())) == list(deck.cards())
        assert max(deck.cards()) == deck.card("clubs", 14) and min(deck.cards()).suit == "spades"


def test_a_tiny_deck_is_a_few_lines() -> None:
    tiny = DeckSpec("Tiny", ("crowns",), (1, 2), ("Crowns",), ("🔴",))
    assert [c.short for c in tiny.cards()] == ["🔴1", "🔴2"] and tiny.parse("crowns:2").label == "Crowns 2"


def test_parsing_belongs_to_the_deck() -> None:
    fante = ITALIAN_40.parse("cups:11")
    assert (fante.label, fante.short, fante.deck) == ("Cups Fante", "🏆F", ITALIAN_40)
    assert VINES_55.parse("cups:11").label == "Cups Emperor"
    with pytest.raises(ValueError, match="Postas deck has no card cups:11"):
        POSTAS_50.parse("cups:11")
    with pytest.raises(ValueError, match="Italian deck has no card crowns:7"):
        ITALIAN_40.parse("crowns:7")
    with pytest.raises(ValueError, match="'crowns seven' is not a card"):
        POSTAS_50.parse("crowns seven")
    assert not hasattr(Card, "parse")  # no deckless parsing: text alone doesn't say which deck
    with pytest.raises(TypeError, match="Cards come from their deck"):
        Card("cups", 11)


def test_the_deck_hands_out_its_own_cards() -> None:
    for deck in DECKS:
        for index, c in enumerate(deck.cards()):
            assert deck.parse(c.code) is c and deck.card(c.suit, c.rank) is c
            assert str(c) == c.code and c.index == index and c.deck is deck and c in deck
    fante = ITALIAN_40.parse("cups:11")
    assert copy.copy(fante) is fante and copy.deepcopy(fante) is fante
    again = pickle.loads(pickle.dumps(fante))
    assert again == fante and hash(again) == hash(fante) and again.label == "Cups Fante"


def test_cards_of_different_decks_keep_their_own_names() -> None:
    fante, emperor = ITALIAN_40.parse("cups:11"), VINES_55.parse("cups:11")
    assert fante != emperor and len({fante, emperor}) == 2
    assert {c.label for c in (fante, emperor)} == {"Cups Fante", "Cups Emperor"}
    # Same suit and rank, different decks: still different cards, each with its own name.
    assert POSTAS_50.parse("cups:3") != VINES_55.parse("cups:3") and VINES_55.parse("cups:3") not in POSTAS_50
    assert ITALIAN_40.parse("cups:1").label == "Cups Ace" and POSTAS_50.parse("cups:1").label == "Cups 1"
    assert (
        ITALIAN_40.parse("clubs:11").label == "Clubs Fante"
        and FRENCH_52.parse("clubs:11").label == "Clubs Jack"
    )
    with pytest.raises(TypeError, match="different decks"):
        sorted([POSTAS_50.parse("cups:1"), ITALIAN_40.parse("cups:1")])


class Holder(BaseModel):
    cards: tuple[Card, ...]


@pytest.mark.parametrize("deck", DECKS, ids=lambda deck: deck.name)
def test_cards_travel_in_json_as_suit_rank_and_come_back_from_their_deck(deck: DeckSpec) -> None:
    held = Holder(cards=deck.cards())
    data = json.loads(held.model_dump_json())
    assert data == {"cards": [c.code for c in deck.cards()]} == held.model_dump(mode="json")
    again = Holder.model_validate(data, context={"deck": deck})
    assert again == held and all(a is b for a, b in zip(again.cards, deck.cards(), strict=True))
    assert Holder.model_validate_json(held.model_dump_json(), context={"deck": deck}) == held
    assert (
        TypeAdapter(Card).validate_python(deck.cards()[-1].code, context={"deck": deck}) is deck.cards()[-1]
    )


def test_reading_a_card_from_text_needs_its_deck() -> None:
    with pytest.raises(ValidationError, match="needs its deck"):
        Holder.model_validate({"cards": ["cups:3"]})
    with pytest.raises(ValidationError, match="Postas deck has no card cups:11"):
        Holder.model_validate({"cards": ["cups:11"]}, context={"deck": POSTAS_50})
    held = Holder.model_validate({"cards": ["cups:11"]}, context={"deck": ITALIAN_40})
    assert held.cards[0].label == "Cups Fante"
    # Card objects pass through as they are, whatever the context.
    assert Holder(cards=(VINES_55.card("cups", 11),)).cards[0].label == "Cups Emperor"


@pytest.mark.parametrize("deck", DECKS, ids=lambda deck: deck.name)
def test_a_deck_holds_each_of_its_cards_once_in_any_order(deck: DeckSpec) -> None:
    cards = list(reversed(deck.cards()))
    assert deck.each_once(cards)
    # A pickle's copy of the deck (cards equal by value, not the same objects) counts too.
    assert deck.each_once(pickle.loads(pickle.dumps(cards)))
    assert not deck.each_once(cards[1:])
    assert not deck.each_once([*cards[1:], cards[2]])  # one missing, another twice
    assert not deck.each_once([*cards, cards[0]])
    other = next(d for d in DECKS if d is not deck)
    assert not deck.each_once([*cards[1:], other.cards()[0]])  # a card of another deck


def test_read_cards_and_deal_commitments_spell_cards_as_before() -> None:
    card = ITALIAN_40.card("cups", 11)
    assert str(card) == card.code == "cups:11"
    adapter = TypeAdapter(list[Card])
    assert adapter.validate_python(["cups:11", card], context={"deck": ITALIAN_40}) == [card, card]
    with pytest.raises(ValidationError):
        adapter.validate_python(["cups:9"], context={"deck": ITALIAN_40})  # no 9s in this deck
    with pytest.raises(ValidationError):
        adapter.validate_python(["cups:11"], context={"deck": "Italian"})
