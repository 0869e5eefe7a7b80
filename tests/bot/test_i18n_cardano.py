"""Issue 26 for Cardano's Primero (the Milanese rules): whole hands' log lines, results,
rule errors and the strong computer's reasons come out translated in Italian, Greek and
Spanish and visibly transformed in the pseudo language; the public table, every member's
panel, buttons and lists, the declare form, the status, the ping, the options line and the
pictures' words leave no English word under `pseudo`; the public table names no card
still held closed in any language; the rules read in each language. English stays word
for word (the engine's golden tests and the e2e tests assert it)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.games import GAMES
from bot.games.cardano import picture
from bot.games.cardano.render import cardano_fields, cardano_prompt, cardano_status
from bot.i18n import LANGUAGES, PSEUDO, lang
from engine.cardano import Cardano, CardanoOptions, Change, Pay, Raise, Vie
from engine.cardano.hands import FOUR
from engine.cardano.players import StrongPlayer
from engine.core.errors import RuleError
from engine.core.msg import Msg, english
from tests.helpers.i18n import (
    LATIN_WORD,
    OTHERS,
    Drawn,
    assert_pseudo,
    assert_translated,
    embed_texts,
    public_texts,
    rules_in,
    shown_words,
)
from tests.helpers.tables import dealt_table

NAMES = ("Ⓐ", "Ⓑ", "Ⓒ", "Ⓓ", "Ⓔ")
"""Seat names with no Latin letters: any Latin word left in a pseudo rendering is English."""
WRONG: list[Any] = [
    {"kind": "nonsense"},
    Vie(type=FOUR),
    Raise(type=FOUR, amount=10**6),
    Pay(),
    Change(discard=()),
]
"""Moves refused for different reasons at most turns (a move not open in the phase, a
declaration below the hand, a bet beyond the resto, a pay with no invitation, a discard of
the wrong size)."""


class QuickStrong(StrongPlayer):
    """The strong computer on few sampled deals: its reasons, quickly."""

    SAMPLES = 6


def to_act(game: Cardano, players: int) -> int:
    return next(s for s in range(players) if game.legal_actions(s))


def cardano_hands(options: CardanoOptions, players: int, seeds: range) -> Iterator[Msg]:
    """Every message whole hands of Cardano's Primero say: the log's lines, the result, a
    rule error for each kind of wrong move, the strong computer's reasons."""
    advisor = QuickStrong()
    for seed in seeds:
        game = Cardano.new(options, list(NAMES[:players]), seed, dealer=seed % players)
        rng = random.Random(seed)
        advised = 0
        while game.outcome is None:
            seat = to_act(game, players)
            for wrong in WRONG:
                try:
                    game.apply(seat, wrong)
                except RuleError as refused:
                    assert isinstance(refused.said, Msg), refused.said
                    yield refused.said
                else:  # it was legal after all: the hand goes on from it
                    break
            else:
                if advised < 3:
                    advice = advisor.advise(game, seat)
                    assert isinstance(advice.reason, Msg)
                    yield advice.reason
                    advised += 1
                game.apply(seat, rng.choice(game.legal_actions(seat)))
        for event in game.events:
            assert event.msg is not None, f"{event.kind} {event.text!r} is not a message"
            assert english(event.msg) == event.text
            yield event.msg
        assert game.outcome.said is not None and english(game.outcome.said) == game.outcome.summary
        yield game.outcome.said


FORMS = {
    "usual": (CardanoOptions(), 4),
    "primero 81, privilege passes": (CardanoOptions(primero_81=True, privilege_passes=True), 3),
    "no duel, whole deck": (CardanoOptions(duel=False, distributions=0), 2),
    "five": (CardanoOptions(vie=1), 5),
}


@pytest.mark.parametrize("form", FORMS)
def test_every_cardano_line_is_translated_in_every_language(form: str) -> None:
    options, players = FORMS[form]
    said = list(cardano_hands(options, players, range(6)))
    assert len(said) > 20
    assert_translated(said)


@pytest.mark.parametrize("form", FORMS)
def test_nothing_cardano_says_is_left_in_english_under_the_pseudo_language(form: str) -> None:
    options, players = FORMS[form]
    assert_pseudo(cardano_hands(options, players, range(6)))


PICTURE_WORDS = {"chip": 0, "label": 0, "named": 1, "takings": 3}
"""The card kit's text pieces the pictures draw words with, and where each takes its text."""


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(4, {}, 4), (3, {"primero_81": True, "duel": False}, 8), (2, {"distributions": "deck"}, 5), (5, {}, 2)],
)
def test_cardanos_table_panels_forms_and_pictures_are_transformed_under_the_pseudo_language(
    players: int, options: dict[str, Any], seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 4 for Cardano's Primero: its public table, every member's panel, buttons and
    lists, the declare form, the status, the ping, the summary, the options line, the hand's
    result and both pictures, drawn at every step of hands in the pseudo language, leave no
    English word."""
    plugin = GAMES["cardano"]
    say = lang(PSEUDO)
    drawn = Drawn(monkeypatch, picture, PICTURE_WORDS)

    def text(shown: str | Msg) -> str:
        return say(shown, md=False) if isinstance(shown, Msg) else shown

    steps = 0
    for hand in range(2):
        table = dealt_table("cardano", options, players, seed=seed + hand, names=NAMES)
        game = table.game
        assert isinstance(game, Cardano)
        rng = random.Random(seed + hand)
        while True:
            view = table.view(say)
            embed = discord.Embed()
            cardano_fields(view, game, embed)
            drawn.texts.clear()
            picture.table_picture(view, game.view(None))
            texts = [
                *embed_texts(embed),
                *plugin.summary(view, game),
                text(plugin.describe_options(table.options, 5)),
                *drawn.texts,
            ]
            if game.outcome is None:
                texts += [cardano_status(view, game), cardano_prompt(view, game, set())]
            else:
                result = plugin.hand_result(view, game)
                assert result is not None
                texts += [result.headline, *result.reasons]
            for seat in range(players):
                for picks in ((), ("0", "1")):
                    panel = plugin.panel(view, game, seat, picks)
                    texts += embed_texts(panel.embed)
                    texts += [text(control.label) for control in panel.controls]
                    for picker in panel.pickers:
                        texts += [text(picker.placeholder), *(text(label) for _, label, _ in picker.options)]
                if seat in (0, game.view(None).to_act):  # the pictures are slow to draw
                    drawn.texts.clear()
                    picture.hand_picture(view, game.view(seat), ("0",))
                    texts += drawn.texts
                for kind in ("point", "primero", "supremus", "fluxus", "chorus"):
                    form = plugin.form(view, game, seat, "declare", (kind,))
                    if form is not None:
                        texts.append(text(form.title))
                        for field in form.fields:
                            texts += [text(field.label), text(field.placeholder)]
                for action in game.legal_actions(seat)[:8]:
                    texts.append(plugin.move_name(view, game, seat, action))
            for line in texts:
                left = shown_words(line)
                assert not left, f"{line!r} leaves {left} in English"
            if game.outcome is not None:
                break
            seat = to_act(game, players)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            steps += 1
    assert steps > 4


@pytest.mark.parametrize("raw", [{"stack": 5}, {"vie": 50}])
def test_cardanos_option_errors_read_in_each_language(raw: dict[str, int]) -> None:
    from bot.games.base import OptionError

    plugin = GAMES["cardano"]
    with pytest.raises(OptionError) as refused:
        plugin.parse_options(raw)
    for code in OTHERS:
        assert lang(code)(refused.value.said) != english(refused.value.said)
    assert not LATIN_WORD.findall(lang(PSEUDO)(refused.value.said, md=False))


@pytest.mark.parametrize("code", OTHERS)
def test_cardanos_rules_read_in_each_language_within_discords_limits(code: str) -> None:
    plugin = GAMES["cardano"]
    brief, rules = rules_in(plugin, code, "Cardano")
    # the words the glossary chose (docs/glossary/cardano.md) are the ones the rules use
    words = {
        "it": ("invito", "vada", "resto", "flusso", "primero", "privilegio"),
        "es": ("envite", "vie", "resto", "flux", "primera", "privilegio"),
        "el": ("πρόσκληση", "vie", "ρέστα", "χρώμα", "primero", "προνόμιο"),
    }[code]
    for word in words:
        assert word in rules.lower(), word
    assert words[1] in brief.lower() and words[3] in brief.lower()


@pytest.mark.parametrize("code", [*LANGUAGES, PSEUDO])
def test_in_every_language_cardanos_public_table_shows_no_closed_hand_and_escapes_names(code: str) -> None:
    """Item 4's hidden-card and markdown checks, in each language: what the table shows
    everyone (its fields, status, ping, summary) names no card still held closed, and a name
    with markdown in it is drawn escaped, never raw."""
    from bot.ui import plain

    names = ("*Ana*", "Bo_b_", "~~Cy~~", "Di")
    plugin = GAMES["cardano"]
    say = lang(code)
    escaped = False
    steps = 0
    for seed in range(6, 10):
        table = dealt_table("cardano", {}, 4, seed=seed, names=names)
        game = table.game
        assert isinstance(game, Cardano)
        rng = random.Random(seed)
        while game.outcome is None:
            view = table.view(say)
            public = "\n".join(public_texts(plugin, view, game))
            hidden = {card.short for seat in range(4) for card in plugin.private_cards(game, seat)}
            leaked = [card for card in hidden if card in public]
            assert not leaked, f"{code}: {leaked} shown in public"
            for name in names[:3]:
                assert name not in public, f"{code}: {name!r} drawn raw"
            escaped = escaped or any(plain(name) in public for name in names[:3])
            seat = to_act(game, 4)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            steps += 1
    assert escaped and steps > 10, f"{code}: no name of the hands was shown at all"


@pytest.mark.parametrize(
    ("count", "verbs"),
    [(1, ("goes", "torna", "vuelve", "επιστρέφει")), (2, ("go", "tornano", "vuelven", "επιστρέφουν"))],
)
def test_chips_nobody_else_could_win_agree_with_their_count_in_every_language(
    count: int, verbs: tuple[str, ...]
) -> None:
    """Issue 26: the verb of "{n} chips nobody else could win go back" agrees with the count
    in every language ("1 fiche ... torna", not "tornano")."""
    from engine.cardano.game import tn

    said = tn(
        "{n} chip nobody else could win goes back to {player}",
        "{n} chips nobody else could win go back to {player}",
        n=count,
        player="Ⓐ",
    )
    for code, verb in zip(("en", "it", "es", "el"), verbs, strict=True):
        assert lang(code).has(said)
        assert f" {verb} " in lang(code)(said), (code, lang(code)(said))
