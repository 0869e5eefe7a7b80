"""Peg Leg in the games' own languages (issue 26): whole hands' log lines, results, rule
errors and the strong computer's reasons translated in every language and transformed under
`pseudo`; the table embed, every member's panel, buttons and forms, the status, the ping, the
options line and the picture's words drawn under `pseudo` with no English word left; the
undealt cards never in what the table shows, and names escaped, in every language."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.art.record import drawn
from bot.games import GAMES
from bot.games.peg_leg.plugin import PegLegPlugin
from bot.i18n import LANGUAGES, PSEUDO, lang
from engine.core.errors import RuleError
from engine.core.msg import Msg, english
from engine.peg_leg import PegLeg, PegLegOptions
from engine.peg_leg.game import KeyBet
from engine.peg_leg.players import StrongPlayer
from tests.helpers import i18n as helpers
from tests.helpers.i18n import (
    OTHERS,
    assert_pseudo,
    assert_translated,
    embed_texts,
    messages,
    rules_in,
    table_texts,
)
from tests.helpers.tables import dealt_table

NAMES = ("Ⓐ", "Ⓑ", "Ⓒ")
PLUGIN = GAMES["peg_leg"]
PEG_LEG = PegLegPlugin()
"""The plug-in as its own class (its table moves), the same game as `PLUGIN`."""


def wrong_moves(game: PegLeg, seat: int) -> list[dict[str, Any]]:
    """Moves the rules refuse for `seat` now, one of each kind the game can say no to."""
    offered = [p.number for p in game.view(None).prices if p.offered]
    wrong: list[dict[str, Any]] = [
        {"kind": "nonsense"},
        {"kind": "bet", "number": 1, "amount": game.options.stake},  # never offered: 2 at least
        {"kind": "surrender", "bet": 99},
    ]
    if offered:
        wrong += [
            {"kind": "bet", "number": offered[0], "amount": game.options.stake - 1},
            {"kind": "bet", "number": offered[0], "amount": game.cap() + 1},
        ]
    if game.view(None).standing[seat] is None:
        wrong.append({"kind": "standing", "until": "off"})
    return wrong


def pick(game: PegLeg, seat: int, rng: random.Random) -> Any:
    """A random legal move, a bet now and then for more than the stake."""
    action = rng.choice(game.legal_actions(seat))
    if isinstance(action, KeyBet) and rng.random() < 0.5:
        left = game.cap() - game.view(None).staked[seat]
        return KeyBet(number=action.number, amount=rng.randint(action.amount, left), stand=rng.random() < 0.5)
    return action


def peg_leg_hands(seeds: range) -> Iterator[Msg]:
    """Every message whole hands of Peg Leg say: the log's lines and the result, a rule error
    of each kind, a move out of turn, the strong computer's reasons."""
    advisor = StrongPlayer(samples=400)
    for seed in seeds:
        game = PegLeg.new(PegLegOptions(stake=5, cap=6), list(NAMES), seed)
        rng = random.Random(seed)
        while game.outcome is None:
            seat = game.awaiting[0]
            for wrong in wrong_moves(game, seat):
                with pytest.raises(RuleError) as refused:
                    game.apply(seat, wrong)
                assert isinstance(refused.value.said, Msg), refused.value.said
                yield refused.value.said
            advice = advisor.advise(game, seat)
            assert isinstance(advice.reason, Msg)
            yield advice.reason
            game.apply(seat, pick(game, seat, rng))
            waiting = set(game.awaiting)
            done = next((s for s in range(len(NAMES)) if s not in waiting), None)
            if waiting and done is not None and game.outcome is None:
                with pytest.raises(RuleError) as refused:
                    game.apply(done, {"kind": "stand"})
                assert isinstance(refused.value.said, Msg)
                yield refused.value.said
        for event in game.events:
            assert event.msg is not None, f"{event.kind} {event.text!r} is not a message"
            assert english(event.msg) == event.text
            yield event.msg
        assert game.outcome.said is not None and english(game.outcome.said) == game.outcome.summary
        yield game.outcome.said


def test_every_peg_leg_line_is_translated_in_every_language() -> None:
    said = list(peg_leg_hands(range(3)))
    kinds = {m.id for line in said for m in messages(line)}
    assert len(said) > 60 and len(kinds) > 25
    assert_translated(said)


def test_nothing_peg_leg_says_is_left_in_english_under_the_pseudo_language() -> None:
    assert_pseudo(peg_leg_hands(range(3)))


def test_peg_leg_speaks_the_readers_numbers_and_suits() -> None:
    """Odds with the language's decimal comma, a suit in its own word, chips by its plural."""
    game = PegLeg.new(PegLegOptions(stake=5, cap=20), list(NAMES), 7)
    offered = next(p for p in game.view(None).prices if p.offered)
    game.apply(0, KeyBet(number=offered.number, amount=25))
    bet = game.events[-1].msg
    assert bet is not None
    tenths = offered.tenths
    odds = {"it": f"{tenths // 10},{tenths % 10} a 1", "es": f"{tenths // 10},{tenths % 10} a 1"}
    odds["el"] = f"{tenths // 10},{tenths % 10} προς 1"
    chips = {"it": "25 fiches", "es": "25 fichas", "el": "25 μάρκες"}
    for code in OTHERS:
        shown = lang(code)(bet)
        assert odds[code] in shown and chips[code] in shown, shown
    key = game.events[0].msg
    assert key is not None
    suit = game.view(None).key_label
    words = {"Crowns": "Corone", "Locks": "Lucchetti", "Fruit": "Frutti", "Swords": "Spade", "Cups": "Coppe"}
    assert words[suit] in lang("it")(key) and suit not in lang("it")(key)


def shown_words(text: str) -> list[str]:
    """The Latin words of a rendered text that are not language (`tests.helpers.i18n`) nor
    the game's own name."""
    return helpers.shown_words(text.replace("Peg Leg", " "))


def pseudo_screens(table: Any, game: PegLeg, say: Any) -> list[str]:
    """Everything Peg Leg draws at this step, in `say`: the table embed, the status, the
    ping, the options line, the summary lines, the picture's words, each member's panel,
    buttons, select, forms and hint names."""
    view = table.view(say)
    texts = [*table_texts(PLUGIN, table, game, say), say(PLUGIN.choice_label("1"))]
    if game.outcome is None:
        texts += [say(move.label) for seat in range(len(NAMES)) for move in PEG_LEG.moves(game, seat)]
    else:
        result = PLUGIN.hand_result(view, game)
        assert result is not None
        texts.append(result.headline)
    picture = PLUGIN.table_picture(view, game.view(None))
    assert picture is not None
    texts += [note.text for note in drawn(picture) if note.kind == "text"]
    for seat in range(len(NAMES)):
        panel = PLUGIN.panel(view, game, seat, ())
        texts += embed_texts(panel.embed) + [say(control.label) for control in panel.controls]
        for picker in panel.pickers:
            texts += [say(picker.placeholder)] + [say(label) for _, label, _ in picker.options]
        for values in ((), *((str(p.number),) for p in game.view(None).prices if p.offered)):
            form = PLUGIN.form(view, game, seat, "height", values)
            if form is not None:
                texts.append(say(form.title))
                for field in form.fields:
                    texts += [say(field.label), say(field.placeholder)]
                    texts += [say(label) for _, label, _ in field.options]
        for action in game.legal_actions(seat):
            texts.append(PLUGIN.move_name(view, game, seat, action))
    return texts


@pytest.mark.parametrize("seed", [3, 11])
def test_peg_legs_table_panels_and_picture_are_transformed_under_the_pseudo_language(seed: int) -> None:
    """Item 4 for Peg Leg: at every step of a hand, everything drawn in the pseudo language
    leaves no English word."""
    table = dealt_table("peg_leg", {"cap": 6}, len(NAMES), seed=seed, stake=5, names=NAMES)
    game = table.game
    assert isinstance(game, PegLeg)
    rng = random.Random(seed)
    say = lang(PSEUDO)
    steps = 0
    while True:
        for text in pseudo_screens(table, game, say):
            left = shown_words(text)
            assert not left, f"{text!r} leaves {left} in English"
        if game.outcome is not None:
            break
        seat = game.awaiting[0]
        game.apply(seat, pick(game, seat, rng))
        steps += 1
    assert steps >= 3


def test_the_pseudo_sweep_finds_english_left_in_a_screen() -> None:
    """The sweep above can fail: an English sentence drawn beside the pseudo ones is found."""
    table = dealt_table("peg_leg", {}, len(NAMES), seed=3, stake=5, names=NAMES)
    say = lang(PSEUDO)
    texts = [*pseudo_screens(table, table.game, say), "Odds now"]
    assert any(shown_words(text) for text in texts)
    assert not any(shown_words(text) for text in texts[:-1])


@pytest.mark.parametrize("code", OTHERS)
def test_peg_legs_rules_read_in_each_language_within_discords_limits(code: str) -> None:
    say = lang(code)
    brief, rules = rules_in(PLUGIN, code, "Peg Leg")
    # the words the glossary chose (docs/glossary/peg_leg.md) are the ones the rules and the table use
    word = {"it": "seme chiave", "es": "palo clave", "el": "χρώμα-κλειδί"}[code]
    assert word in rules and word in brief
    table_word = {"it": "seme chiave", "es": "palo clave", "el": "χρώματος-κλειδιού"}[code]
    assert table_word in say(PLUGIN.describe_options(PLUGIN.parse_options({}), 5))
    # the opening prices with the language's decimal comma
    assert "2: 1,0" in rules and "2: 1.0" not in rules


@pytest.mark.parametrize("code", [*LANGUAGES, PSEUDO])
def test_in_every_language_peg_legs_public_table_shows_no_undealt_card_and_escapes_names(code: str) -> None:
    """Item 4's hidden-card and markdown checks, in each language: what the table shows
    everyone (its fields, status, summary, ping, result, picture) names no card not yet dealt,
    and a name with markdown in it is drawn escaped, never raw."""
    from bot.games.results import result_text
    from bot.ui import plain

    names = ("*Ana*", "Bo_b_", "~~Cy~~")
    table = dealt_table("peg_leg", {"cap": 6}, 3, seed=5, stake=5, names=names)
    game = table.game
    assert isinstance(game, PegLeg)
    rng = random.Random(5)
    say = lang(code)
    escaped = False
    while True:
        view = table.view(say)
        embed = discord.Embed()
        PLUGIN.table_fields(view, game, embed)
        public = [*embed_texts(embed), PLUGIN.prompt(view, game, set())]
        if game.outcome is None:
            public += [PLUGIN.status(view, game), *PLUGIN.summary(view, game)]
        else:
            result = PLUGIN.hand_result(view, game)
            assert result is not None
            public.append(result_text(result, say))  # its lines hold raw text, escaped here
        public += [say(event.msg) for event in game.events if event.msg is not None]
        shown = "\n".join(public)
        hidden = {card.short for card in game.order[game.dealt :]}
        leaked = [card for card in hidden if card in shown]
        assert not leaked, f"{code}: {leaked} shown in public"
        picture = PLUGIN.table_picture(view, game.view(None))
        assert picture is not None
        drawn_texts = " ".join(note.text for note in drawn(picture))
        assert not [card for card in hidden if card in drawn_texts]
        for name in names:
            assert name not in shown, f"{code}: {name!r} drawn raw"
        escaped = escaped or any(plain(name) in shown for name in names)
        if game.outcome is not None:
            break
        seat = game.awaiting[0]
        game.apply(seat, pick(game, seat, rng))
    assert escaped, f"{code}: no name of the hand was shown at all"


def test_a_saved_hand_keeps_its_lines_as_messages() -> None:
    """A hand written to JSON and read back logs the same messages (any language can show
    them after a restart)."""
    game = PegLeg.new(PegLegOptions(stake=5, cap=20), list(NAMES), 9)
    offered = next(p for p in game.view(None).prices if p.offered)
    game.apply(0, KeyBet(number=offered.number, amount=10, stand=True))
    again = PegLeg.from_json(game.to_json())
    assert [e.msg for e in again.events] == [e.msg for e in game.events]
    assert all(e.msg is not None for e in again.events)
    assert lang("it")(again.events[-1].msg) == lang("it")(game.events[-1].msg)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("left", "words"),
    [
        (1, ("1 chip left", "ti resta 1 fiche", "te queda 1 ficha", "σου μένει 1 μάρκα")),
        (2, ("2 chips left", "ti restano 2 fiches", "te quedan 2 fichas", "σου μένουν 2 μάρκες")),
    ],
)
def test_the_bets_left_in_a_hand_agree_with_their_count_in_every_language(
    left: int, words: tuple[str, ...]
) -> None:
    """Issue 26: "you have {left} left to bet" is one plural message, so the verb agrees
    with the chips left ("ti resta 1 fiche", never "ti restano 1 fiche")."""
    from engine.peg_leg.game import chips, tn

    said = tn(
        "You can bet at most {cap} in a hand; you have {n} chip left to bet.",
        "You can bet at most {cap} in a hand; you have {n} chips left to bet.",
        cap=chips(30),
        n=left,
    )
    for code, shown in zip(("en", "it", "es", "el"), words, strict=True):
        assert lang(code).has(said) and shown in lang(code)(said), (code, lang(code)(said))
