"""Issue 26 for Primero (Bergamese rules): whole hands' log lines, results, rule errors and
the strong computer's reasons come out translated in Italian, Greek and Spanish and visibly
transformed in the pseudo language; the public table, every member's panel and buttons,
the status, the ping, the options line, the bid form and the pictures' words leave no
English word under `pseudo`; the public table names no hidden card in any language; the
rules read in each language. English stays word for word (the engine's golden tests and
the e2e tests assert it)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.games import GAMES
from bot.games.primero import picture
from bot.games.primero.render import primero_fields, primero_prompt, primero_result, primero_status
from bot.i18n import LANGUAGES, PSEUDO, lang
from engine.core.errors import RuleError
from engine.core.msg import Msg, english
from engine.primero import Primero, PrimeroOptions
from engine.primero.game import Bid, Fold, Phase, Stake
from engine.primero.hands import HandType
from engine.primero.players import StrongPlayer
from tests.helpers.i18n import (
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

NAMES = ("Ⓐ", "Ⓑ", "Ⓒ", "Ⓓ")
"""Seat names with no Latin letters: any Latin word left in a pseudo rendering is English."""
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
WRONG: list[Any] = [
    {"kind": "nonsense"},
    Bid(type=HandType.NUMERUS, total=1, bet=1),
    Bid(type=HandType.CHORUS, total=84, bet=1),
    Bid(type=HandType.NUMERUS, total=40, bet=10**6),
    Stake(bet=5),
    Fold(),
]
"""Moves refused for different reasons at most turns (a bad total, an overclaim, a bet too
big, a bare bet by a player not forced to cover, a fold where none is allowed)."""


class QuickStrong(StrongPlayer):
    """The strong computer on few imagined deals: its reasons, quickly."""

    BUDGET = dict.fromkeys(Phase, 8)
    FEWEST, MOST = 4, 8


def primero_hands(options: PrimeroOptions, players: int, seeds: range) -> Iterator[Msg]:
    """Every message whole hands of Primero say: the log's lines, the result, a rule error
    for each kind of wrong move, the strong computer's reasons."""
    advisor = QuickStrong()
    for seed in seeds:
        game = Primero.new(options, list(NAMES[:players]), seed, dealer=seed % players)
        rng = random.Random(seed)
        advised = 0
        while game.outcome is None:
            seat = game.to_act
            assert seat is not None
            for wrong in WRONG:
                try:
                    game.apply(seat, wrong)
                except RuleError as refused:
                    assert isinstance(refused.said, Msg), refused.said
                    yield refused.said
                else:  # it was legal after all: the hand goes on from it
                    break
            else:
                if advised < 2:
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
    "betting": (PrimeroOptions(), 4),
    "split, no repass": (PrimeroOptions(division="split", repass=False, ante=0), 3),
    "limit": (PrimeroOptions(bid_limit=3, overstate_first=False), 2),
    "points": (PrimeroOptions(betting=False), 4),
}


@pytest.mark.parametrize("form", FORMS)
def test_every_primero_line_is_translated_in_every_language(form: str) -> None:
    options, players = FORMS[form]
    said = list(primero_hands(options, players, range(3)))
    assert len(said) > 20
    assert_translated(said)


@pytest.mark.parametrize("form", FORMS)
def test_nothing_primero_says_is_left_in_english_under_the_pseudo_language(form: str) -> None:
    options, players = FORMS[form]
    assert_pseudo(primero_hands(options, players, range(3)))


PICTURE_WORDS = {"chip": 0, "label": 0, "named": 1, "takings": 3}
"""The card kit's text pieces the pictures draw words with, and where each takes its text."""


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    [
        ("betting", 4, {}),
        ("betting", 3, {"division": "split", "bid_limit": 3, "repass": False}),
        ("points", 2, {"overstate": False}),
    ],
)
def test_primeros_table_panels_forms_and_pictures_are_transformed_under_the_pseudo_language(
    variant: str, players: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 4 for Primero: its public table, every member's panel, buttons and pickers, the
    bid form, the status, the ping, the summary, the options line, the hand's result and
    both pictures, drawn at every step of a hand in the pseudo language, leave no English
    word."""
    plugin = GAMES["primero"]
    table = dealt_table("primero", {"variant": variant, **options}, players, seed=4, names=NAMES)
    game = table.game
    assert isinstance(game, Primero)
    rng = random.Random(4)
    say = lang(PSEUDO)
    drawn = Drawn(monkeypatch, picture, PICTURE_WORDS)

    def text(shown: str | Msg) -> str:
        return say(shown, md=False) if isinstance(shown, Msg) else shown

    steps = 0
    while True:
        view = table.view(say)
        embed = discord.Embed()
        primero_fields(view, game, embed)
        drawn.texts.clear()
        picture.table_picture(view, game.view(None))
        texts = [
            *embed_texts(embed),
            *plugin.summary(view, game),
            text(plugin.describe_options(table.options, 5)),
            *drawn.texts,
        ]
        if game.outcome is None:
            texts += [primero_status(view, game), primero_prompt(view, game, set())]
        else:
            result = primero_result(view, game)
            assert result is not None
            texts += [result.headline, *result.reasons, result.carried or ""]
        for seat in range(players):
            panel = plugin.panel(view, game, seat, ("0", "1"))
            texts += embed_texts(panel.embed)
            texts += [text(control.label) for control in panel.controls]
            texts += [text(picker.placeholder) for picker in panel.pickers]
            drawn.texts.clear()
            picture.hand_picture(view, game.view(seat), ("0",))
            texts += drawn.texts
            for key in ("bidform", "coverbet"):
                form = plugin.form(view, game, seat, key, ())
                if form is not None:
                    texts.append(text(form.title))
                    for field in form.fields:
                        texts += [text(field.label), text(field.placeholder)]
                        texts += [text(label) for _, label, _ in field.options]
            for action in game.legal_actions(seat)[:6]:
                texts.append(plugin.move_name(view, game, seat, action))
        for line in texts:
            left = shown_words(line)
            assert not left, f"{line!r} leaves {left} in English"
        if game.outcome is not None:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        steps += 1
    assert steps > 3


@pytest.mark.parametrize("field", ["stack", "ante", "bid_limit", "target"])
def test_primeros_option_errors_read_in_each_language(field: str) -> None:
    from bot.games.base import OptionError

    plugin = GAMES["primero"]
    raw = {"variant": "points", "target": 5} if field == "target" else {field: 100_000}
    with pytest.raises(OptionError) as refused:
        plugin.parse_options(raw)
    for code in OTHERS:
        assert lang(code)(refused.value.said) != english(refused.value.said)
    assert not LATIN_WORD.findall(lang(PSEUDO)(refused.value.said, md=False))
    with pytest.raises(OptionError) as betting_only:
        plugin.parse_options({"variant": "points", "bid_limit": 2})
    assert (
        english(betting_only.value.said) == "The points game uses no chips; leave the bid limit option out."
    )
    assert (
        lang("it")(betting_only.value.said)
        == "La partita a punti non usa fiches; togli l'opzione limite di puntata."
    )


@pytest.mark.parametrize("code", OTHERS)
def test_primeros_rules_read_in_each_language_within_discords_limits(code: str) -> None:
    plugin = GAMES["primero"]
    brief, rules = rules_in(plugin, code, "Primero")
    # the words the glossary chose (docs/glossary/primero.md) are the ones the rules use
    bid, fold = {"it": ("invit", "lascia"), "es": ("envid", "retir"), "el": ("δήλωσ", "αποσ")}[code]
    for word in (bid, fold, "numerus", "supremus", "fluxus", "chorus"):
        assert word in rules.lower(), word
    assert bid in brief.lower()


@pytest.mark.parametrize("code", [*LANGUAGES, PSEUDO])
def test_in_every_language_primeros_public_table_shows_no_hidden_card_and_escapes_names(code: str) -> None:
    """Item 4's hidden-card and markdown checks, in each language: what the table shows
    everyone (its fields, status, ping, summary) names no card still in a hand before the
    showdown, and a name with markdown in it is drawn escaped, never raw."""
    from bot.ui import plain

    names = ("*Ana*", "Bo_b_", "~~Cy~~", "Di")
    plugin = GAMES["primero"]
    table = dealt_table("primero", {}, 4, seed=6, names=names)
    game = table.game
    assert isinstance(game, Primero)
    rng = random.Random(6)
    say = lang(code)
    escaped = False
    while game.outcome is None:
        view = table.view(say)
        public = "\n".join(public_texts(plugin, view, game))
        hidden = {card.short for seat in range(4) for card in (game.view(seat).hand or ())}
        leaked = [card for card in hidden if card in public]
        assert not leaked, f"{code}: {leaked} shown in public"
        for name in names[:3]:
            assert name not in public, f"{code}: {name!r} drawn raw"
        escaped = escaped or any(plain(name) in public for name in names[:3])
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert escaped, f"{code}: no name of the hand was shown at all"


@pytest.mark.parametrize(
    ("carried", "shown"),
    [
        (1, {"en": "1 chip stays", "it": "1 fiche resta", "es": "1 ficha sigue", "el": "1 μάρκα μένει"}),
        (
            2,
            {
                "en": "2 chips stay",
                "it": "2 fiches restano",
                "es": "2 fichas siguen",
                "el": "2 μάρκες μένουν",
            },
        ),
    ],
)
def test_a_carried_pots_line_agrees_with_its_count_in_every_language(
    carried: int, shown: dict[str, str]
) -> None:
    """Issue 26: a line that counts chips makes its verb agree with the count too, not only
    the noun ("1 fiche resta", never "1 fiche restano"): the deal's line, the summary's
    carried pot and the picture's caption."""
    game = Primero.new(PrimeroOptions(ante=1), ["Ⓐ", "Ⓑ", "Ⓒ"], seed=3, carried=carried)
    deal = game.events[0].msg
    assert deal is not None
    for code, words in shown.items():
        assert words in lang(code)(deal), (code, lang(code)(deal))
    from engine.primero.game import tn

    summary = tn(
        "; {n} chip stays in the pot for the next hand",
        "; {n} chips stay in the pot for the next hand",
        n=carried,
    )
    caption = tn("{n} stays in the pot for the next hand", "{n} stay in the pot for the next hand", n=carried)
    verbs = {1: ("resta", "se queda", "μένει"), 2: ("restano", "se quedan", "μένουν")}[carried]
    for code, verb in zip(("it", "es", "el"), verbs, strict=True):
        for said in (summary, caption):
            assert lang(code).has(said)
            assert f" {verb} " in lang(code)(said), (code, lang(code)(said))


@pytest.mark.parametrize(
    ("count", "verbs"),
    [
        (1, {"it": ("va", "torna"), "es": ("va", "vuelve")}),
        (2, {"it": ("vanno", "tornano"), "es": ("van", "vuelven")}),
    ],
)
def test_a_folds_two_counts_each_agree_with_their_own_verb(
    count: int, verbs: dict[str, tuple[str, str]]
) -> None:
    """Issue 26: the fold line and the showdown choice count two things; each half is its
    own plural message, so each verb agrees with its own count ("1 fiche ... va nel piatto,
    2 tornano indietro")."""
    from engine.primero.game import t as primero
    from engine.primero.game import tn

    fold = primero(
        "{player} folds: {forfeit}, {back}.",
        player="Ⓐ",
        forfeit=tn(
            "{n} chip of the {total} set aside to the pot",
            "{n} chips of the {total} set aside to the pot",
            n=count,
            total=5,
        ),
        back=tn("{n} back", "{n} back", n=count),
    )
    choice = tn(
        "**Before the showdown:** put your {n} set aside into the pot and show, or fold: {lost} and {back}.",
        "**Before the showdown:** put your {n} set aside into the pot and show, or fold: {lost} and {back}.",
        n=2 * count,
        lost=tn("{n} goes to the pot", "{n} go to the pot", n=count),
        back=tn("{n} comes back to you", "{n} come back to you", n=count),
    )
    chips = "chip" if count == 1 else "chips"
    assert english(fold) == f"Ⓐ folds: {count} {chips} of the 5 set aside to the pot, {count} back."
    for code, (to_pot, back) in verbs.items():
        for said in (fold, choice):
            shown = lang(code)(said)
            assert lang(code).has(said) and f"{count} " in shown, (code, shown)
            assert f" {to_pot} " in shown and re.search(rf"\b{count} {back}\b", shown), (code, shown)
