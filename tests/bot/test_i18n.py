"""Issue 26: messages rendered in the reader's language. Babel's numbers, plurals and lists
per language; a message survives JSON (a table log keeps it); every Primiera log line,
score and rule error of whole rounds comes out translated in Italian, Greek and Spanish,
and visibly transformed in the pseudo language; English stays word for word what the
engine says."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.games import GAMES
from bot.i18n import LANGUAGES, PSEUDO, chips, lang, language_of, t, tn
from engine.core.cards import ITALIAN_40
from engine.core.errors import RuleError
from engine.core.msg import Join, Markup, Msg, Number, english
from engine.primiera import Primiera, PrimieraOptions
from engine.primiera.game import points_of
from engine.primiera.players import StrongPlayer
from tests.helpers import i18n as helpers
from tests.helpers.i18n import (
    OTHERS,
    assert_pseudo,
    assert_translated,
    embed_texts,
    public_texts,
    rules_in,
    table_texts,
)
from tests.helpers.tables import dealt_table

NAMES = ("Ⓐ", "Ⓑ", "Ⓒ", "Ⓓ")
"""Seat names with no Latin letters: any Latin word left in a pseudo rendering is English."""


def test_numbers_plurals_and_lists_follow_each_language() -> None:
    assert [lang(code)(points_of(1_500)) for code in ("en", "it", "es", "el")] == [
        "1,500 points",
        "1.500 punti",
        "1.500 puntos",
        "1.500 πόντοι",
    ]
    assert [lang(code)(points_of(1)) for code in ("en", "it", "es", "el")] == [
        "1 point",
        "1 punto",
        "1 punto",
        "1 πόντος",
    ]
    # Italian and Spanish (CLDR) have a third form, for round millions
    assert lang("it")(points_of(2_000_000)) == "2.000.000 punti"
    assert [lang(code)(chips(1_500)) for code in ("en", "it", "es", "el")] == [
        "1,500 chips",
        "1.500 fiches",
        "1.500 fichas",
        "1.500 μάρκες",
    ]
    assert lang("it")(chips(1)) == "1 fiche" and lang("el")(chips(1)) == "1 μάρκα"
    assert lang("en").list(["A", "B", "C"]) == "A, B and C"
    assert lang("it").list(["A", "B", "C"]) == "A, B e C"
    assert lang("es").list(["A", "B", "C"]) == "A, B y C"
    assert lang("el").list(["A", "B", "C"]) == "A, B και C"
    assert lang("el").list(["A", "B"], "or") == "A ή B"
    assert lang("it")(t("{a}", a=Number(-1.25, places=2))) == "-1,25"
    assert lang("en")(t("{a}", a=Number(1.4, sign=True))) == "+1.4"


def test_a_message_survives_json_and_says_the_same_in_english() -> None:
    said = t(
        "{who} {cards} {n} {x} {mention}",
        who=Join(("Ana", tn("{n} chip", "{n} chips", n=2)), "or"),
        cards=Join(tuple(ITALIAN_40.cards()[:3]), "space"),
        n=12_000,
        x=Number(0.5, sign=True),
        mention=Markup("<@1>"),
    )
    again = Msg.from_json(said.to_json())
    assert again == said and english(again) == english(said) == lang("en")(said, md=False)
    with pytest.raises(ValueError):
        Msg.from_json({"d": "frame"})


def test_discord_locales_map_to_the_languages_ridotto_speaks() -> None:
    assert [language_of(x) for x in ("it", "el", "es-ES", "es-419", "en-GB", "fr", None)] == [
        "it",
        "el",
        "es",
        "es",
        "en",
        None,
        None,
    ]


def primiera_rounds(form: str, seeds: range) -> Iterator[Msg]:
    """Every message whole rounds of Primiera say: the log's lines, the score, a rule error
    for each kind of wrong move, the strong computer's reasons."""
    count = {"heralds": 4, "scopone": 4, "two": 2, "three": 3, "robot": 4}[form]
    options = PrimieraOptions(form=form)  # type: ignore[arg-type]
    advisor = StrongPlayer(budget=1, min_samples=4, max_samples=4)
    for seed in seeds:
        game = Primiera.new(options, list(NAMES[:count]), seed)
        rng = random.Random(seed)
        advised = 0
        while game.outcome is None:
            seat = next(s for s in range(count) if game.legal_actions(s))
            for wrong in ({"kind": "nonsense"}, {"kind": "play", "card": 99}):
                with pytest.raises(RuleError) as refused:
                    game.apply(seat, wrong)
                assert isinstance(refused.value.said, Msg), refused.value.said
                yield refused.value.said
            if advised < 3:
                advice = advisor.advise(game, seat)
                assert isinstance(advice.reason, Msg)
                yield advice.reason
                advised += 1
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        for event in game.events:
            assert event.msg is not None, f"{form}: {event.kind} {event.text!r} is not a message"
            assert english(event.msg) == event.text
            yield event.msg
        yield game.outcome.said  # type: ignore[misc]


FORMS = ("heralds", "scopone", "two", "three", "robot")


@pytest.mark.parametrize("form", FORMS)
def test_every_primiera_line_is_translated_in_every_language(form: str) -> None:
    said = list(primiera_rounds(form, range(2)))
    assert len(said) > 40
    assert_translated(said, same_if_wordless=True)


@pytest.mark.parametrize("form", FORMS)
def test_nothing_primiera_says_is_left_in_english_under_the_pseudo_language(form: str) -> None:
    assert_pseudo(primiera_rounds(form, range(2)))


def shown_words(text: str) -> list[str]:
    """The Latin words of a rendered text that are not language (`tests.helpers.i18n`), the
    fixed mark between sides (" vs ", the same in every language) left out too."""
    return helpers.shown_words(text.replace(" vs ", " "))


@pytest.mark.parametrize(("variant", "players"), [("heralds", 4), ("scopone", 4), ("two", 2), ("three", 3)])
def test_primieras_table_and_panels_are_transformed_under_the_pseudo_language(
    variant: str, players: int
) -> None:
    """Item 4 for the converted game: its public table, every member's panel and buttons, the
    status, the ping and the options line, drawn at every step of a round in the pseudo
    language, leave no English word."""
    plugin = GAMES["primiera"]
    table = dealt_table("primiera", {"variant": variant}, players, seed=3, names=NAMES)
    game = table.game
    assert isinstance(game, Primiera)
    rng = random.Random(3)
    say = lang(PSEUDO)
    steps = 0
    while True:
        view = table.view(say)
        texts = table_texts(plugin, table, game, say)
        for seat in range(len(game.view(None).seats)):
            panel = plugin.panel(view, game, seat, ())
            texts += embed_texts(panel.embed) + [control.label for control in panel.controls]
        for text in texts:
            left = shown_words(text)
            assert not left, f"{text!r} leaves {left} in English"
        if game.outcome is not None:
            break
        seat = next(s for s in range(len(game.view(None).seats)) if game.legal_actions(s))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        steps += 1
    assert steps > 10


@pytest.mark.parametrize("code", OTHERS)
def test_primieras_rules_read_in_each_language_within_discords_limits(code: str) -> None:
    plugin = GAMES["primiera"]
    brief, rules = rules_in(plugin, code, "Primiera")
    # the words the glossary chose (docs/I18N.md) are the ones the rules use
    word = {"it": "scopa", "es": "escoba", "el": "σκούπα"}[code]
    assert word in rules and word in brief.lower()


@pytest.mark.parametrize("code", [*LANGUAGES, PSEUDO])
def test_in_every_language_primieras_public_table_shows_no_hidden_card_and_escapes_names(code: str) -> None:
    """Item 4's hidden-card and markdown checks, in each language: what the table shows
    everyone (its fields, status, ping, summary lines) names no card still in a hand, and a name with
    markdown in it is drawn escaped, never raw."""
    from bot.ui import plain

    plugin = GAMES["primiera"]
    names = ("*Ana*", "Bo_b_", "~~Cy~~", "Di")
    table = dealt_table("primiera", {"variant": "heralds"}, 4, seed=5, names=names)
    game = table.game
    assert isinstance(game, Primiera)
    rng = random.Random(5)
    say = lang(code)
    escaped = False
    while game.outcome is None:
        view = table.view(say)
        public = "\n".join(public_texts(plugin, view, game))
        hidden = {card.short for seat in range(4) for card in (game.view(seat).hand or ())}
        shown_cards = {card.short for card in game.view(None).table}
        leaked = [card for card in hidden - shown_cards if card in public]
        assert not leaked, f"{code}: {leaked} shown in public"
        for name in names[:3]:
            assert name not in public, f"{code}: {name!r} drawn raw"
        escaped = escaped or any(plain(name) in public for name in names[:3])
        seat = next(s for s in range(4) if game.legal_actions(s))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert escaped, f"{code}: no name of the round was shown at all"


@pytest.mark.parametrize(
    ("left", "shown"),
    [
        (
            1,
            (
                "1 card left",
                "resta da distribuire 1 carta",
                "queda por repartir 1 carta",
                "μένει να μοιραστεί 1 φύλλο",
            ),
        ),
        (
            2,
            (
                "2 cards left",
                "restano da distribuire 2 carte",
                "quedan por repartir 2 cartas",
                "μένουν να μοιραστούν 2 φύλλα",
            ),
        ),
    ],
)
def test_primieras_cards_left_to_deal_agree_with_their_count_in_every_language(
    left: int, shown: tuple[str, ...]
) -> None:
    """Issue 26: the deal's line makes its verb agree with the cards left ("resta ... 1
    carta", not "restano ... 1 carta")."""
    from engine.primiera.game import t as primiera
    from engine.primiera.game import tn

    said = tn(
        "{dealer} deals {each} more to each; {n} card left to deal.",
        "{dealer} deals {each} more to each; {n} cards left to deal.",
        dealer="Ⓐ",
        each=primiera.n("{n} card", "{n} cards", n=3),
        n=left,
    )
    for code, words in zip(("en", "it", "es", "el"), shown, strict=True):
        assert lang(code).has(said)
        assert words in lang(code)(said), (code, lang(code)(said))


@pytest.mark.parametrize(
    ("count", "verbs"),
    [
        (1, ("stays", "resta", "se queda", "μένει")),
        (2, ("stay", "restano", "se quedan", "μένουν")),
    ],
)
def test_primieras_uncaptured_cards_agree_with_how_many_stay_in_every_language(
    count: int, verbs: tuple[str, ...]
) -> None:
    """Issue 26: the cards nobody captured "stay" or "stays" with their number, in every
    language ("🪙1 resta", "🪙1 🪙2 restano")."""
    from engine.primiera.game import short, tn

    codes = list(range(count))  # the first cards of the deck
    said = tn(
        "Nobody captured this round; {cards} stays on the table, nobody's.",
        "Nobody captured this round; {cards} stay on the table, nobody's.",
        n=len(codes),
        cards=short(codes),
    )
    for code, verb in zip(("en", "it", "es", "el"), verbs, strict=True):
        assert lang(code).has(said) and f" {verb} " in lang(code)(said), (code, lang(code)(said))
