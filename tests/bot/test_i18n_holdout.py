"""Issue 26 for Holdout: every line a whole hand says (the log, the summary, each kind of
rule error, the strong computer's reasons) comes out translated in Italian, Greek and
Spanish and transformed in the pseudo language; the table, every member's panel, buttons
and select, the status, the ping, the options line, the hint's move names, the hand result
and the pictures' words leave no English word under `pseudo`; the rules read in each
language; and in every language the public table names no hidden card and escapes names."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.holdout import picture
from bot.i18n import LANGUAGES, PSEUDO, lang
from bot.ui import Panel
from engine.core.cards import POSTAS_50, VINES_55
from engine.core.errors import BadSetup, RuleError
from engine.core.msg import Msg, english
from engine.holdout import Fold, Holdout, HoldoutOptions, PassCards, PlayCard, Seconds
from engine.holdout.game import card_name
from engine.holdout.players import Estimate, StrongPlayer, describe, reason
from tests.helpers import i18n as helpers
from tests.helpers.cards import card_pattern
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

NAMES = ("Ⓐ", "Ⓑ", "Ⓒ", "Ⓓ", "Ⓔ")
"""Seat names with no Latin letters: any Latin word left in a pseudo rendering is English."""
GAME_NAMES = {"Holdout"}
"""The game's own name, kept in every language (as Primiera keeps its own)."""


class QuickStrong(StrongPlayer):
    """The strong computer with a handful of imagined deals: its reasons, not its play."""

    BUDGET, FEWEST, MOST = 8, 2, 2


WRONG: tuple[dict[str, Any], ...] = (
    {"kind": "nonsense"},
    {"kind": "seconds", "line": 5},
)


def holdout_hands(lines: int, deck: str, seeds: range) -> Iterator[Msg]:
    """Every message whole hands of Holdout say: the log's lines and the summary, a rule
    error for each kind of wrong move, the strong computer's reasons and its move names."""
    count = 4 if lines == 2 else 3
    options = HoldoutOptions(lines=lines, deck=deck)  # type: ignore[arg-type]
    advisor = QuickStrong()
    own, foreign = (POSTAS_50, VINES_55) if deck == "postas" else (VINES_55, POSTAS_50)
    for seed in seeds:
        game = Holdout.new(options, list(NAMES[:count]), seed)
        rng = random.Random(seed)
        advised = 0
        while game.outcome is None:
            seat = next(s for s in range(count) if game.legal_actions(s))
            hand = game.view(seat).hand or ()
            wrong = [*WRONG, PlayCard(card=foreign.cards()[-1])]
            if hand:
                wrong.append(PassCards(cards=(hand[0], hand[0])))
            if game.phase.value == "play":
                other = next(c for c in own.cards() if c not in hand)
                wrong += [PlayCard(card=other), {"kind": "pass", "cards": ["crowns:1", "crowns:2"]}]
            for move in wrong:
                with pytest.raises(RuleError) as refused:
                    game.apply(seat, move)
                assert isinstance(refused.value.said, Msg), refused.value.said
                yield refused.value.said
            legal = game.legal_actions(seat)
            if game.phase.value == "play" and advised < 2:
                advice = advisor.advise(game, seat)
                assert isinstance(advice.reason, Msg)
                yield advice.reason
                advised += 1
            yield from (describe(action, lines) for action in legal[:3] + legal[-1:])
            # Folding rarely: a hand then runs long enough to take seconds and knock out.
            moves = [a for a in legal if not isinstance(a, Fold)] or legal
            game.apply(seat, rng.choice(moves))
        for event in game.events:
            assert event.msg is not None, f"{event.kind} {event.text!r} is not a message"
            assert english(event.msg) == event.text
            yield event.msg
        assert game.outcome.said is not None and english(game.outcome.said) == game.outcome.summary
        yield game.outcome.said


def the_rest() -> Iterator[Msg]:
    """What a few hands may not reach: a folding advice, losses and single chips in its
    words, set-up refusals, a card of the other deck."""
    options = HoldoutOptions()
    view = Holdout.new(options, list(NAMES[:3]), 1).view(0)
    play = PlayCard(card=(view.hand or ())[0])
    for value in (-1.0, -2.5, 1.0, 3.25):
        fold = Estimate(Fold(), 0.0, 0.0, 8)
        yield reason(fold, [fold, Estimate(play, value, 0.1, 8)], view)
        yield reason(Estimate(Seconds(), value, 0.5, 8), [], view)
    for bad in (
        lambda: Holdout.new(HoldoutOptions(lines=2), list(NAMES[:2]), 1),
        lambda: Holdout.new(options, list(NAMES[:5]), 1),
        lambda: Holdout.new(options, list(NAMES[:2]), 1, chilo=7),
        lambda: Holdout.new(options, list(NAMES[:2]), 1, chilo=0, stacks=[5]),
        lambda: Holdout.new(options, list(NAMES[:2]), 1, chilo=0, stacks=[0, 0]),
        lambda: Holdout.new_from_order(options, list(NAMES[:2]), [], 0),
    ):
        with pytest.raises(BadSetup) as refused:
            bad()
        assert isinstance(refused.value.said, Msg)
        yield refused.value.said
    yield card_name(VINES_55.parse("cups:11"))


SHAPES = [(1, "postas"), (2, "postas"), (1, "vines")]


@pytest.mark.parametrize(("lines", "deck"), SHAPES)
def test_every_holdout_line_is_translated_in_every_language(lines: int, deck: str) -> None:
    said = [*holdout_hands(lines, deck, range(2)), *the_rest()]
    assert len(said) > 60
    assert_translated(said)


@pytest.mark.parametrize(("lines", "deck"), SHAPES)
def test_nothing_holdout_says_is_left_in_english_under_the_pseudo_language(lines: int, deck: str) -> None:
    assert_pseudo([*holdout_hands(lines, deck, range(2)), *the_rest()])


def shown_words(text: str) -> list[str]:
    """The Latin words of a rendered text that are not language (`tests.helpers.i18n`) nor
    the game's own name."""
    return helpers.shown_words(text, GAME_NAMES)


def panel_texts(panel: Panel, say: Callable[..., str]) -> list[str]:
    found = embed_texts(panel.embed) + [say(control.label) for control in panel.controls]
    for picker in panel.pickers:
        found += [say(picker.placeholder), *(say(label) for _, label, _ in picker.options)]
    return found


class Drawn:
    """Records every word the picture module hands to the card kit to draw."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.words: list[str] = []
        for name in ("label", "chip", "named", "takings"):
            original = getattr(picture, name)
            monkeypatch.setattr(picture, name, self._wrap(name, original))

    def _wrap(self, name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def drawn(*args: Any, **kwargs: Any) -> Any:
            if name == "takings":
                self.words.append(args[3] if len(args) > 3 else kwargs.get("unit", ""))
            elif isinstance(args[0], str):
                self.words.append(args[0] if name != "named" else args[0] + args[1])
            return original(*args, **kwargs)

        return drawn


@pytest.mark.parametrize(("options", "players"), [({"lines": "single"}, 3), ({"lines": "double"}, 4)])
def test_holdouts_table_panels_and_pictures_are_transformed_under_the_pseudo_language(
    options: dict[str, str], players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 4 for Holdout: its public table, every member's panel, buttons and select, the
    status, the ping, the options line, the hint's move names, the hand result and the
    words of both pictures, drawn at every step of a hand in the pseudo language, leave no
    English word."""
    drawn = Drawn(monkeypatch)
    plugin = GAMES["holdout"]
    table = dealt_table("holdout", options, players, seed=4, names=NAMES)
    game = table.game
    assert isinstance(game, Holdout)
    rng = random.Random(4)
    say = lang(PSEUDO)
    steps = 0
    while True:
        view = table.view(say)
        texts = table_texts(plugin, table, game, say)
        if game.outcome is not None:
            result = plugin.hand_result(view, game)
            assert result is not None
            texts.append(result.headline)
        picture.table_picture(view, game.view(None))
        for seat in range(players):
            picks: tuple[str, ...] = ("1",) if game.options.lines == 2 else ()
            for chosen in ((), picks):
                texts += panel_texts(plugin.panel(view, game, seat, chosen), say)
            picture.hand_picture(view, game.view(seat), picks)
            texts += [plugin.move_name(view, game, seat, action) for action in game.legal_actions(seat)[:4]]
        for text in [*texts, *drawn.words]:
            left = shown_words(text)
            assert not left, f"{text!r} leaves {left} in English"
        if game.outcome is not None:
            break
        seat = next(s for s in range(players) if game.legal_actions(s))
        legal = game.legal_actions(seat)
        moves = [a for a in legal if not isinstance(a, Fold)] or legal
        game.apply(seat, rng.choice(moves))
        steps += 1
    assert steps > 8 and len(drawn.words) > 50


@pytest.mark.parametrize("code", OTHERS)
def test_holdouts_rules_read_in_each_language_within_discords_limits(code: str) -> None:
    plugin = GAMES["holdout"]
    say = lang(code)
    brief, rules = rules_in(plugin, code, "Holdout")
    # the words the glossary chose (docs/glossary/holdout.md) are the ones the rules and the
    # buttons use: the chilo, and seconds played blind (*a ciegas*)
    chilo = {"it": "chilo", "es": "chilo", "el": "τσίλο"}[code]
    blind = {"it": "alla cieca", "es": "a ciegas", "el": "στα τυφλά"}[code]
    assert chilo in rules and chilo in brief
    assert blind in rules and blind in brief
    from engine.holdout.game import t

    assert blind in say(t("Seconds (blind) · free")).lower()


@pytest.mark.parametrize("code", [*LANGUAGES, PSEUDO])
def test_in_every_language_holdouts_public_table_shows_no_hidden_card_and_escapes_names(code: str) -> None:
    """Item 4's hidden-card and markdown checks, in each language: what the table shows
    everyone (its fields, status, ping, summary) names no card still in a hand or the deck,
    and a name with markdown in it is drawn escaped, never raw."""
    from bot.ui import plain

    names = ("*Ana*", "Bo_b_", "~~Cy~~")
    table = dealt_table("holdout", {"lines": "single"}, 3, seed=6, names=names)
    plugin = GAMES["holdout"]
    game = table.game
    assert isinstance(game, Holdout)
    rng = random.Random(6)
    say = lang(code)
    escaped = False
    while game.outcome is None:
        view = table.view(say)
        public = "\n".join(
            [
                *public_texts(plugin, view, game),
                *(say(event.msg) for event in game.events if event.msg is not None),
            ]
        )
        hidden = {card for seat in range(3) for card in (game.view(seat).hand or ())}
        hidden |= plugin.secret_cards(game)
        leaked = [card.short for card in hidden if card_pattern(card).search(public)]
        assert not leaked, f"{code}: {leaked} shown in public"
        for name in names:
            assert name not in public, f"{code}: {name!r} drawn raw"
        escaped = escaped or any(plain(name) in public for name in names)
        seat = next(s for s in range(3) if game.legal_actions(s))
        legal = game.legal_actions(seat)
        game.apply(seat, rng.choice([a for a in legal if not isinstance(a, Fold)] or legal))
    assert escaped, f"{code}: no name of the hand was shown at all"
