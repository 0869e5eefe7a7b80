"""Issue 26 for Prefa: every log line, summary, rule error and strong-computer reason of whole
hands comes out translated in Italian, Greek and Spanish and visibly transformed in the pseudo
language; the public table, every member's panel and buttons, the status, the ping, the
options line, the hand's result and the pictures' words leave no English word under the
pseudo language; the public table shows no hidden card in any language; /rules reads in each
language with the glossary's words (docs/glossary/prefa.md)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.art import seats
from bot.games import GAMES
from bot.games.prefa import picture
from bot.i18n import LANGUAGES, PSEUDO, lang
from engine.core.errors import RuleError
from engine.core.msg import Msg, english
from engine.prefa import Prefa, PrefaOptions
from engine.prefa.hand import PrefaHand
from engine.prefa.strong import Budget, StrongPlayer
from tests.helpers.i18n import (
    OTHERS,
    assert_pseudo,
    assert_translated,
    embed_texts,
    messages,
    public_texts,
    rules_in,
    shown_words,
    table_texts,
)
from tests.helpers.tables import dealt_table

NAMES = ("Ⓐ", "Ⓑ", "Ⓒ", "Ⓓ")
"""Seat names with no Latin letters: any Latin word left in a pseudo rendering is English."""
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")

TABLES = (
    PrefaOptions(),
    PrefaOptions(tentative=True, seven_opens=True, four_aces="A", counter_invitation=True, ten_no_trump="A"),
    PrefaOptions(direction="counterclockwise", tens_as_nines=True, four_aces="B", pouch=5),
)
WRONG: tuple[dict[str, Any], ...] = (
    {"kind": "nonsense"},
    {"kind": "bid", "contract": {"tricks": 10, "strain": "spades"}},
    {"kind": "good", "contract": {"tricks": 6, "strain": "spades"}},
    {"kind": "tentative"},
    {"kind": "declare", "contract": {"tricks": 6, "strain": "spades"}},
    {"kind": "throw_in"},
    {"kind": "in"},
    {"kind": "play", "card": "♠7"},
)
"""One wrong move of each kind, tried at every step: each phase refuses some of them."""


def prefa_hands(seeds: range) -> Iterator[Msg]:
    """Every message whole Prefa hands say (three players and four, every variation): the
    log's lines, the summary, a rule error for each kind of wrong move, the strong
    computer's reasons."""
    advisor = StrongPlayer(
        budget=Budget(bid=300, kitty=300, contract=300, defence=300, card=300, worlds=2, least=1)
    )
    for seed in seeds:
        options = TABLES[seed % len(TABLES)]
        four = seed % 2 == 1
        game = Prefa.new(
            options,
            list(NAMES[:3]),
            seed,
            dealer=None if four else 0,
            eldest=1 if four else None,
            sitter=NAMES[3] if four else None,
            first_hand=True,
        )
        rng = random.Random(seed)
        advised = 0
        while game.outcome is None:
            seat = game.to_act
            assert seat is not None
            for wrong in WRONG:
                try:
                    game.clone().apply(seat, wrong)
                except RuleError as refused:
                    assert isinstance(refused.said, Msg), refused.said
                    yield refused.said
            if advised < 8:
                advice = advisor.advise(game, seat)
                assert isinstance(advice.reason, Msg), advice.reason
                yield advice.reason
                advised += 1
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        for event in game.events:
            assert event.msg is not None, f"{event.kind} {event.text!r} is not a message"
            assert english(event.msg) == event.text
            yield event.msg
        outcome = game.outcome
        assert outcome.said is not None and english(outcome.said) == outcome.summary
        yield outcome.said


SEEDS = range(12)


def test_every_prefa_line_is_translated_in_every_language() -> None:
    said = list(prefa_hands(SEEDS))
    assert len(said) > 200
    kinds = {m.id for s in said for m in messages(s)}
    # the hands reach the bidding, the contract, the defence, the play and the payments
    assert {"{player} passes.", "{player} plays {card}.", "{payer} pays {payee} {chips}"} <= kinds
    assert_translated(said, same_if_wordless=True)


def test_nothing_prefa_says_is_left_in_english_under_the_pseudo_language() -> None:
    assert_pseudo(prefa_hands(SEEDS))


def test_every_scoring_scenario_has_its_own_message() -> None:
    """`scoring.score_hand` names its scenarios in plain English (the search reads them); every
    one it can name, over every contract, defence and split of the tricks, has its message."""
    from engine.prefa.scoring import STRAINS, Contract, score_hand
    from engine.prefa.words import scenario_said

    named: set[str] = set()
    for tricks in range(6, 11):
        contract = Contract(tricks=tricks, strain=STRAINS[0])
        for mode in ("own", "invited", "alone", "both_out"):
            for taken in range(11):
                for first in range(11 - taken):
                    for active in (1, 2) if mode in ("invited", "alone") else (None,):
                        score = score_hand(
                            mode=mode,
                            contract_tricks=contract.tricks,
                            bid_value=contract.tricks,
                            bidder=0,
                            first=1,
                            second=2,
                            tricks=(taken, first, 10 - taken - first),
                            active=active,
                            sitter=None,
                            aces_bonus=0,
                            parties=3,
                        )
                        named.add(score.scenario)
    assert len(named) > 10
    for scenario in named:
        said = scenario_said(scenario)
        assert said.id != "{scenario}" and english(said) == scenario, scenario
        assert all(lang(code).has(said) for code in OTHERS), scenario


class Words:
    """Records the words a picture draws: the text of every label, chip and results line."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn: list[str] = []
        for name in ("label", "chip", "named"):
            real = getattr(picture, name)
            monkeypatch.setattr(picture, name, self._recording(real))

        def takings(results: Any, size: int, room: int, unit: str = "") -> Any:
            self.drawn.append(unit)
            return seats.takings(results, size, room, unit)

        monkeypatch.setattr(picture, "takings", takings)

    def _recording(self, real: Any) -> Any:
        def draw(text: str, *args: Any, **kwargs: Any) -> Any:
            self.drawn.append(text)
            return real(text, *args, **kwargs)

        return draw


@pytest.mark.parametrize(
    ("raw", "players"),
    [
        ({}, 3),
        ({"tentative": True, "four_aces": "A", "counter_invitation": True, "pouch": 1}, 4),
        ({"play_for": "bankroll", "direction": "counterclockwise", "seven_opens": True}, 3),
    ],
)
def test_prefas_table_panels_and_pictures_are_transformed_under_the_pseudo_language(
    raw: dict[str, Any], players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 4 for Prefa: its public table, every member's panel, buttons and pickers, the
    status, the ping, the options line, the summary lines, the moves' names, the hand's
    result and the words of both pictures, drawn at every step of a hand in the pseudo
    language, leave no English word."""
    plugin = GAMES["prefa"]
    words = Words(monkeypatch)
    say = lang(PSEUDO)
    steps = 0
    for seed in range(3):
        table = dealt_table("prefa", raw, players, seed=seed, names=NAMES, stake=5)
        game = table.game
        assert isinstance(game, PrefaHand)
        rng = random.Random(seed)
        while True:
            view = table.view(say)
            texts = table_texts(plugin, table, game, say)
            picture.table_picture(view, game.view(None))
            for seat in range(players):
                panel = plugin.panel(view, game, seat, ())
                texts += embed_texts(panel.embed) + [say(control.label) for control in panel.controls]
                for picker in panel.pickers:
                    shown = [picker.placeholder, *(option[1] for option in picker.options)]
                    texts += [say(item) for item in shown]
                texts += [plugin.move_name(view, game, seat, action) for action in game.legal_actions(seat)]
                picture.hand_picture(view, game.view(seat), ())
            for text in [*texts, *words.drawn]:
                left = shown_words(text)
                assert not left, f"{text!r} leaves {left} in English"
            words.drawn.clear()
            if game.outcome is not None:
                break
            seat = next(s for s in range(players) if game.legal_actions(s))
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            steps += 1
        result = plugin.hand_result(view, game)
        assert result is not None
        for text in (result.headline, *result.reasons, result.carried or ""):
            assert not shown_words(text), f"{text!r} leaves English"
    assert steps > 5


@pytest.mark.parametrize("code", OTHERS)
def test_prefas_rules_read_in_each_language_within_discords_limits(code: str) -> None:
    plugin = GAMES["prefa"]
    brief, rules = rules_in(plugin, code)
    # the words the glossary chose (docs/glossary/prefa.md) are the ones the rules use
    pouch, trick = {"it": ("borsa", "prese"), "es": ("bolsa", "bazas"), "el": ("κάσα", "μπάζες")}[code]
    assert pouch in rules and pouch in brief and trick in rules


@pytest.mark.parametrize("code", [*LANGUAGES, PSEUDO])
def test_in_every_language_prefas_public_table_shows_no_hidden_card_and_escapes_names(code: str) -> None:
    """Item 4's hidden-card and markdown checks, in each language: what the table shows
    everyone (its fields, status, ping, summary lines) names no card still in a hand, the
    kitty or the discards, and a name with markdown in it is drawn escaped, never raw."""
    from bot.ui import plain

    plugin = GAMES["prefa"]
    names = ("*Ana*", "Bo_b_", "~~Cy~~")
    table = dealt_table("prefa", {}, 3, seed=5, names=names)
    game = table.game
    assert isinstance(game, PrefaHand)
    rng = random.Random(5)
    say = lang(code)
    escaped = False
    while game.outcome is None:
        view = table.view(say)
        public = "\n".join(public_texts(plugin, view, game))
        held = {card for seat in range(3) for card in game.hand_of(seat)}
        hidden = {card.short for card in (set(game.hidden()) | held) - set(game.shown())}
        leaked = [card for card in hidden if re.search(re.escape(card) + r"(?![0-9])", public)]
        assert not leaked, f"{code}: {leaked} shown in public"
        # a name in a code block (the bidding and score sheets' columns) is drawn as typed
        prose = re.sub(r"```.*?```", " ", public, flags=re.DOTALL)
        for name in names:
            assert name not in prose, f"{code}: {name!r} drawn raw"
        escaped = escaped or any(plain(name) in prose for name in names)
        seat = next(s for s in range(3) if game.legal_actions(s))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert escaped, f"{code}: no name of the hand was shown at all"


def score_sheet_rows(seeds: range) -> list[Any]:
    """The score-sheet row of whole hands played at random, three players and four, every
    variation (each kind of ending turns up: made, up, both out, thrown in, passed)."""
    rows = []
    for seed in seeds:
        keys = 3 + seed % 2
        hand = PrefaHand.deal(
            TABLES[seed % len(TABLES)],
            [str(k + 1) for k in range(keys)],
            list(NAMES[:keys]),
            seed,
            dealer=seed % keys,
            stake=5,
            bankroll=False,
            stacks=[0] * keys,
            pouches=None,
            game_no=0,
            first_hand=True,
            history=(),
        )
        rng = random.Random(seed)
        while hand.row() is None:
            seat = hand.to_act
            assert seat is not None
            hand.apply(seat, rng.choice(hand.legal_actions(seat)))
        rows.append(hand.row())
    return rows


def test_the_score_sheets_rows_are_messages_and_old_sheets_still_load() -> None:
    """Issue 26: what each hand did on Prefa's score sheet (`SheetRow.what`) is a message,
    kept as one through the table's snapshot, with its English as it always read; a sheet
    saved when it was plain English still restores, and still reads as it was."""
    from pathlib import Path

    from engine.prefa.hand import SheetRow

    rows = score_sheet_rows(range(40))
    said = [row.what for row in rows]
    assert all(isinstance(what, Msg) for what in said)
    shown = {english(what) for what in said}
    assert any(text.endswith(", made") for text in shown) and "all passed" in shown, shown
    assert any(text.endswith(", up") for text in shown), shown
    for what in said:
        assert re.fullmatch(
            r"(.+: \d+ [a-z ]+, (made|up|both out)|.+ threw in|dealt again|all passed)", english(what)
        )
        for code in OTHERS:
            assert all(lang(code).has(m) for m in messages(what)), (code, english(what))
            assert lang(code)(what) != english(what)
        assert not LATIN_WORD.findall(lang(PSEUDO)(what, md=False)), lang(PSEUDO)(what)
    for row in rows:
        assert SheetRow.model_validate_json(row.model_dump_json()) == row
    # a hand saved before the row was a message (tests/engine/saved/prefa_table_hands.json)
    saved = Path(__file__).parents[1] / "engine" / "saved" / "prefa_table_hands.json"
    data = json.loads(saved.read_text())["in_play"]
    old = PrefaHand.from_json(data)
    assert [row.what for row in old.sheet] == ["Ann: (6) hearts, made"]
    assert old.to_json() == data
    assert lang("it")(old.sheet[0].what) == "Ann: (6) hearts, made"
