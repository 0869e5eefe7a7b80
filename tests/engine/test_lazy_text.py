"""An event's English, and a hand's summary, are rendered only when something reads them
(issue 21, item 4): the engines play, and simulate, without writing a line of English, and
what a log, a test or an older snapshot reads is the same text as before."""

from __future__ import annotations

import pickle
import sys
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import BaseModel

import engine.core.game
import engine.core.msg
import engine.primero.game
import engine.primiera.game
from bench import engine as bench
from engine.core.game import Event, Outcome, new_event
from engine.core.msg import Domain, Later, Msg, english
from engine.core.players import computer_player
from engine.peg_leg import PegLeg, PegLegOptions
from engine.primero.strong import StrongPlayer as StrongPrimero

t = Domain("frame")
real_english = english
_EVENT_TEXT = Event.text.fget.__code__  # type: ignore[attr-defined]


def _refuse(text: str | Msg) -> str:
    # Primero's strong player reads its decision's log from the moves' English lines
    # (`search.read_log`, once per decision): allowed when `advise` itself reads `Event.text`
    # (through its list comprehension), not anything deeper in its search.
    caller = sys._getframe(1)
    while caller.f_code.co_filename == engine.core.msg.__file__ or caller.f_code is _refuse.__code__:
        # a message inside a message being rendered
        caller = caller.f_back  # type: ignore[assignment]
    if caller.f_code is _EVENT_TEXT:
        reader = caller.f_back
        if reader is not None and StrongPrimero.advise.__code__ in (
            reader.f_code,
            getattr(reader.f_back, "f_code", None),
        ):
            return real_english(text)
    raise AssertionError(f"English rendered while the engine played: a {type(text).__name__}")


@pytest.fixture
def no_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every module of the engines that renders English, refusing to."""
    for module in (engine.core.game, engine.core.msg, engine.primero.game, engine.primiera.game):
        monkeypatch.setattr(module, "english", _refuse)


def _peg_leg_hands(count: int, start: int = 0, level: str = "basic") -> None:
    """Peg Leg hands of three, the computers betting: every pricing round simulates."""
    player = computer_player("peg_leg", level)
    for seed in range(start, start + count):
        game = PegLeg.new(PegLegOptions(), ("Ana", "Bo", "Cy"), seed)
        while awaiting := game.awaiting:
            game.apply(awaiting[0], player.choose(game, awaiting[0]))
        assert game.outcome is not None


PLAYED: dict[str, Callable[[int, int], None]] = {
    "prima_carta": bench.prima_carta_hands,
    "prima_carta_house": bench.prima_carta_house_hands,
    "holdout": bench.holdout_hands,
    "primero": bench.primero_hands,
    "prefa": bench.prefa_hands,
    "primiera": bench.primiera_rounds,
    "peg_leg": _peg_leg_hands,
}


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_whole_hands_play_without_rendering_english(game: str, no_english: None) -> None:
    # The hot path: the bench's own hands, every event and outcome made and none read.
    PLAYED[game](6, 0)


STRONG = {"prima_carta": "sharp", "prima_carta_house": "sharp"}


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_the_strong_players_think_without_rendering_english(
    game: str, no_english: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Their searches and simulations play the engine's own moves: the fast path too.
    level = STRONG.get(game, "strong")
    if game == "peg_leg":
        _peg_leg_hands(1, 0, level)
        return
    monkeypatch.setattr(bench, "computer_player", lambda game_id, _: computer_player(game_id, level))
    PLAYED[game](1, 0)


def test_prima_cartas_pass_lines_are_made_only_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.prima_carta.game as prima

    made: list[int] = []
    real = prima._pass_said

    def counted(entry: Any) -> Msg:
        made.append(entry[0])
        return real(entry)

    monkeypatch.setattr(prima, "_pass_said", counted)
    bench.prima_carta_hands(20)
    assert made == []  # twenty hands, two or three passes each, and no line made
    game = prima.PrimaCarta.new(prima.PrimaCartaOptions(), bench.PRIMA_SEATS, 3, dealer=0)
    player = computer_player("prima_carta", "basic")
    while (seat := game.to_act) is not None:
        game.apply(seat, player.choose(game, seat))
    passes = [event for event in game.events if event.kind == "pass"]
    assert passes and made == []
    texts = [event.text for event in passes]
    assert made == [1, *range(2, len(passes) + 1)]  # each made once, when read
    assert texts[0].startswith("Pass 1: ") and "Stacks: Crowns " in texts[0]
    assert [event.text for event in passes] == texts and len(made) == len(passes)  # made once


def test_an_events_text_is_its_messages_english_when_read() -> None:
    said = t("{player} plays {n}.", player="Ana", n=1500)
    event = new_event("play", said, 2)
    assert event.text == "Ana plays 1,500." == english(said)
    assert event.msg is said and event.plain is None and event.seat == 2
    plain = new_event("fold", "Cups folds.", 1)
    assert plain.text == "Cups folds." and plain.msg is None
    assert plain == Event(kind="fold", text="Cups folds.", seat=1)
    with pytest.raises(ValueError):
        Event(kind="fold")


def test_snapshots_still_read_as_before_both_ways() -> None:
    class Snapshot(BaseModel):
        events: list[Event] = []

    said = t("{player} plays {n}.", player="Ana", n=7)
    events = [new_event("play", said, 0), new_event("fold", "Bo folds.", 1)]
    dumped = Snapshot(events=events).model_dump(mode="json")
    # What code reading `text` finds, in the keys and order it always had.
    assert dumped["events"] == [
        {"kind": "play", "text": "Ana plays 7.", "seat": 0, "msg": said.to_json()},
        {"kind": "fold", "text": "Bo folds.", "seat": 1},
    ]
    assert [list(event) for event in dumped["events"]] == [
        ["kind", "text", "seat", "msg"],
        ["kind", "text", "seat"],
    ]
    # A new snapshot reads back equal; an old one (text only, or text beside its message) loads and shows.
    assert Snapshot.model_validate(dumped).events == events
    old = Snapshot.model_validate({"events": [{"kind": "deal", "text": "Ana deals.", "seat": None}]})
    assert old.events[0].text == "Ana deals." and old.events[0].msg is None
    both = Snapshot.model_validate(
        {"events": [{"kind": "play", "text": "stale", "seat": 0, "msg": said.to_json()}]}
    )
    assert both.events == events[:1] and both.events[0].text == "Ana plays 7."
    assert (
        Snapshot.model_dump(Snapshot(events=events))["events"][0]["msg"] is said
    )  # Python mode keeps the Msg
    with pytest.raises(ValueError):
        Snapshot.model_validate({"events": [{"kind": "deal", "seat": None}]})
    assert pickle.loads(pickle.dumps(events)) == events


def test_an_outcomes_summary_is_its_messages_english_when_read() -> None:
    said = t("{player} wins {n}.", player="Ana", n=12)
    outcome = Outcome(winners=(0,), paid_in=(1, 1), paid_out=(2, 0), said=said)
    assert outcome.summary == "Ana wins 12." and outcome.plain is None
    dumped = outcome.model_dump(mode="json")
    assert list(dumped) == ["winners", "paid_in", "paid_out", "carried", "house", "summary", "said"]
    assert dumped["summary"] == "Ana wins 12."
    assert Outcome.model_validate(dumped) == outcome
    old = Outcome.model_validate(
        {"winners": [1], "paid_in": [1, 1], "paid_out": [0, 2], "summary": "Bo wins."}
    )
    assert old.summary == "Bo wins." and old.said is None
    assert "said" not in old.model_dump() and old.model_dump()["summary"] == "Bo wins."


def test_a_later_message_is_made_once_and_travels_as_a_plain_one() -> None:
    made: list[int] = []

    def make() -> Msg:
        made.append(1)
        return t("{player} plays {n}.", player="Ana", n=3)

    later = Later(make)
    assert made == []
    assert english(later) == "Ana plays 3." and english(later) == "Ana plays 3." and made == [1]
    assert later == t("{player} plays {n}.", player="Ana", n=3) and hash(later) == hash(make())
    copied = pickle.loads(pickle.dumps(Later(make)))
    assert type(copied) is Msg and copied == later
    assert Msg.from_json(Later(make).to_json()) == later
