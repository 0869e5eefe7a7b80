"""The frame's words that were left in English inside translated sentences (issue 26,
docs/I18N.md item 2 "Remaining"): a numbered seat ("Seat 1"), an offer's status and result,
and a replay's "Your cards: …" card names."""

from __future__ import annotations

import re
from typing import get_args

import pytest

from bot.games import GAMES
from bot.i18n import LANGUAGES, PSEUDO, SOURCE, lang
from bot.replay import card_name
from bot.tables.model import Offer
from bot.tables.offers import ALREADY, RESULTS, describe
from cogs.offers import ANSWERED
from engine.core.cards import ITALIAN_40
from engine.core.msg import Msg, english

OTHERS = [code for code in LANGUAGES if code != SOURCE]
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize("game", ["peg_leg", "primiera"])
def test_a_numbered_seat_is_named_in_the_readers_language(game: str) -> None:
    plugin = GAMES[game]
    label = plugin.choice_label("3")
    assert english(label) == "Seat 3"
    assert [lang(code)(label) for code in OTHERS] == ["Posto 3", "Θέση 3", "Asiento 3"]
    assert not LATIN_WORD.findall(lang(PSEUDO)(label))


def offer(**update: object) -> Offer:
    made = Offer(
        id=1,
        kind="win",
        seat=1,
        maker_id=11,
        maker_name="Ana",
        taker_id=12,
        taker_name="Bo",
        maker_amount=5,
        taker_amount=5,
        text="Ana backs Bo to win, 5 against 5.",
    )
    return made.model_copy(update=update)


def test_an_offers_status_and_result_are_in_the_readers_language() -> None:
    """The Details line of an offer keeps its English and names where it stands in each
    language; every status an offer can be answered in has its own sentence."""
    waiting = describe(offer())
    assert (
        english(waiting)
        == "<@11> → <@12> · Ana backs Bo to win, 5 against 5. · 5 chips · waiting for an answer"
    )
    assert lang("it")(waiting).endswith("· 5 fiches · in attesa di risposta")
    assert lang("es")(describe(offer(status="accepted"))).endswith("· 5 fichas · aceptada")
    for stored, said in RESULTS.items():
        line = describe(offer(status="refunded", result=stored))
        assert english(line).endswith(f"· {stored}") and lang("el")(line).endswith(lang("el")(said))
        assert not LATIN_WORD.findall(lang(PSEUDO)(said))
    # a settled offer's result is the game's own text, shown as it is
    assert english(describe(offer(status="settled", result="Bo won: Ana pays 5."))).endswith(
        "Bo won: Ana pays 5."
    )
    statuses = set(get_args(Offer.model_fields["status"].annotation)) - {"offered"}
    assert set(ALREADY) == statuses
    for status, sentence in ALREADY.items():
        assert english(sentence) == f"That offer was already {status}."
        assert all(lang(code).has(sentence) for code in OTHERS)
    assert {english(word) for word in ANSWERED.values()} == {"accepted", "declined", "lapsed"}
    assert [lang("it")(ANSWERED[key]) for key in ("accepted", "declined", "lapsed")] == [
        "accettata",
        "rifiutata",
        "decaduta",
    ]


def test_a_replay_names_a_games_cards_in_the_readers_language() -> None:
    """A game names its cards in its own words (the `CardNames` capability): Primiera's read as the deck's
    English labels in English ("Coins Ace"), and as the Italian deck's own names elsewhere."""
    plugin = GAMES["primiera"]
    cards = ITALIAN_40.cards()
    assert [english(card_name(plugin, card)) for card in cards] == [card.label for card in cards]
    ace, fante = ITALIAN_40.parse("coins:1"), ITALIAN_40.parse("swords:11")
    assert lang("it")(card_name(plugin, ace)) == "Asso di Denari"
    assert lang("es")(card_name(plugin, fante)) == "Sota de Espadas"
    assert lang("el")(card_name(plugin, ace)) == "Νομίσματα Άσος"
    for card in cards:
        assert not LATIN_WORD.findall(lang(PSEUDO)(card_name(plugin, card), md=False))
    # a game that names no cards of its own keeps the deck's label
    assert card_name(GAMES["peg_leg"], cards[0]) == cards[0].label


def test_a_forms_number_refusal_is_in_the_readers_language() -> None:
    """The room's form fields (a bet, a stake, a total) refuse a bad number in whole sentences
    of each language; English stays word for word."""
    from bot.forms import whole_number
    from engine.core.errors import IllegalAction

    cases = [(("five", "bet", "chips"), 1, "The bet must be a whole number of chips, like 25 — not “five”.")]
    cases += [(("0", "bet", "chips"), 1, "The bet must be at least 1 chip.")]
    cases += [(("9000", "stake", "chips"), 1, "The stake must be at most 2,000 chips.")]
    cases += [(("3", "total", "points"), 10, "The total must be at least 10 points.")]
    for (typed, what, unit), least, english_text in cases:
        with pytest.raises(IllegalAction) as caught:
            whole_number(typed, what, unit, least=least, most=2000)
        said = caught.value.said
        assert str(caught.value) == english_text
        assert all(lang(code).has(said) and lang(code)(said) != english_text for code in OTHERS)
        assert not LATIN_WORD.findall(re.sub("“[^”]*”", "", lang(PSEUDO)(said, md=False)))
    with pytest.raises(IllegalAction) as caught:
        whole_number("five", "bet", "chips", least=1)
    assert (
        lang("it")(caught.value.said)
        == "La puntata deve essere un numero intero di fiches, come 25 — non “five”."
    )
    assert lang("es")(whole_said("0")) == "La apuesta debe ser de al menos 1 ficha."
    assert lang("el")(whole_said("0")) == "Το στοίχημα πρέπει να είναι τουλάχιστον 1 μάρκα."


def whole_said(typed: str) -> Msg | str:
    from bot.forms import whole_number
    from engine.core.errors import IllegalAction

    with pytest.raises(IllegalAction) as caught:
        whole_number(typed, "bet", "chips", least=1)
    return caught.value.said


@pytest.mark.parametrize("game", ["primero", "holdout", "cardano"])
def test_primero_holdout_and_cardano_name_their_numbered_seats_in_the_readers_language(game: str) -> None:
    """Issue 26: these three once named a seat with their own English "Seat 3"; they use
    the frame's translated name now, for every seat a member may pick."""
    plugin = GAMES[game]
    for choice in plugin.seat_choices:
        label = plugin.choice_label(choice)
        assert english(label) == f"Seat {choice}"
        assert [lang(code)(label) for code in OTHERS] == [
            f"Posto {choice}",
            f"Θέση {choice}",
            f"Asiento {choice}",
        ]
        assert not LATIN_WORD.findall(lang(PSEUDO)(label))


@pytest.mark.parametrize(
    ("available", "shown"),
    [
        (1, {"en": "only 1 is available", "it": "ce n'è solo 1", "es": "solo hay 1", "el": "υπάρχει μόνο 1"}),
        (
            2,
            {
                "en": "only 2 are available",
                "it": "ce ne sono solo 2",
                "es": "solo hay 2",
                "el": "υπάρχουν μόνο 2",
            },
        ),
    ],
)
def test_a_shortfall_agrees_with_what_is_available_in_every_language(
    available: int, shown: dict[str, str]
) -> None:
    """Issue 26: "only {available} are available" was one template with the count outside
    its verb ("ce ne sono solo 1"); each count is its own plural half now."""
    from bot.store.contract import InsufficientFunds
    from bot.tables.commit import short_of

    said = short_of(InsufficientFunds("member:1", 1_500, available))
    assert english(said) == f"Not enough chips: that needs 1,500 and {shown['en']}."
    for code, words in shown.items():
        assert lang(code)(said).endswith(f"{words}."), (code, lang(code)(said))
    assert lang("it")(short_of(InsufficientFunds("member:1", 1, 0))).startswith(
        "Fiches insufficienti: serve 1 e"
    )


@pytest.mark.parametrize(
    ("need", "words"),
    [
        (1, {"it": "ne manca 1", "es": "falta 1", "el": "λείπει 1"}),
        (2, {"it": "ne mancano 2", "es": "faltan 2", "el": "λείπουν 2"}),
    ],
)
def test_the_lobby_says_how_many_more_players_in_agreement_with_the_count(
    need: int, words: dict[str, str]
) -> None:
    """Issue 26: "({need} more to start)" is one plural message, so the words around the
    count agree with it ("ne manca 1", never "ne mancano 1"); English as it was."""
    from bot.render import _status
    from bot.tables.model import Phase, Seat
    from tests.helpers.tables import seated_table

    plugin = GAMES["primero"]  # two players at least: one seated needs 1 more, none 2
    low = plugin.seat_range(plugin.parse_options({}))[0]
    seats = [
        Seat(choice=c, user_id=1001 + i, name="Ⓐ") for i, c in enumerate(plugin.seat_choices[: low - need])
    ]
    table = seated_table(plugin, plugin.parse_options({}), seats, 1)
    assert table.state.phase is Phase.LOBBY
    for code, shown in {"en": f"({need} more to start)", **words}.items():
        text = _status(table, None, lang(code))
        assert shown in text, (code, text)
