"""What every engine used to write for itself now comes from `engine.core`, once: the event
builder, the not-your-turn refusal and the damaged-save checks. The scan reads the sources
(engine/ and the game packages in bot/games/), so a new game that writes its own is caught."""

from __future__ import annotations

import ast
import doctest
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine.core.saves
import engine.core.turns
from engine.core.errors import BadSetup, NotYourTurn
from engine.core.saves import SavedHand
from engine.core.turns import check_turn, not_your_turn

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "engine" / "core"

GAME_FACTS = {
    ("engine/prima_carta/game.py", "The dealer turns the cards when bets close."): (
        "ending the pause is the prima's, whose seat must not be shown before the first card"
    ),
    ("engine/prefa/hand.py", "You sit this hand out."): "the dealer of four sits the hand out",
}
"""Refusals that are a fact of one game, not a question of whose turn it is."""


def sources() -> Iterator[tuple[str, ast.AST]]:
    for top in ("engine", "bot"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if CORE not in path.parents:
                yield str(path.relative_to(ROOT)), ast.parse(path.read_text(), str(path))


def text_of(node: ast.expr) -> str:
    """A refusal's sentence: a string, or a message's English template (`t("...")`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "t" and node.args:
        return text_of(node.args[0])
    return ast.unparse(node)


def test_every_engine_builds_its_events_with_the_core_helper() -> None:
    found = [
        f"{rel}:{node.lineno}: {node.name}"
        for rel, tree in sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == "_event"
    ]
    assert not found, "use engine.core.game.new_event:\n" + "\n".join(found)


def test_every_not_your_turn_refusal_comes_from_engine_core() -> None:
    found = []
    for rel, tree in sources():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "NotYourTurn"
            ):
                said = text_of(node.args[0]) if node.args else ""  # type: ignore[attr-defined]
                if (rel, said) not in GAME_FACTS:
                    found.append(f"{rel}:{node.lineno}: {said}")
    assert not found, "use engine.core.turns.check_turn:\n" + "\n".join(found)


def test_every_damaged_save_sentence_comes_from_engine_core() -> None:
    found = [
        f"{rel}:{node.lineno}"
        for rel, tree in sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and "cannot be restored" in node.value
    ]
    assert not found, "use engine.core.saves.SavedHand:\n" + "\n".join(found)


def test_the_core_helpers_say_what_their_docstrings_show() -> None:
    for module in (engine.core.turns, engine.core.saves):
        assert doctest.testmod(module).failed == 0


def test_a_seat_out_of_turn_hears_who_the_hand_waits_for() -> None:
    names = ("Ann", "Bo", "Cy")
    with pytest.raises(NotYourTurn, match=r"^It isn't your turn — waiting for Cy\.$"):
        check_turn(0, (2,), names)
    with pytest.raises(NotYourTurn, match=r"^That seat is not part of this round\.$"):
        check_turn(3, (2,), names, noun="round")
    with pytest.raises(NotYourTurn, match=r"^The hand is over; there is nothing left to do\.$"):
        check_turn(2, (), names, over=True)
    with pytest.raises(NotYourTurn, match=r"^Bets are open\.$"):
        check_turn(1, (), names, idle="Bets are open.")
    with pytest.raises(NotYourTurn, match=r"^You have passed — waiting for Ann and Cy\.$"):
        check_turn(1, (0, 2), names, chosen="You have passed")
    assert str(not_your_turn(["Ann", "Bo", "Cy"], chosen="Done")) == "Done — waiting for Ann, Bo and Cy."


def test_a_save_of_another_game_is_refused_by_name() -> None:
    with pytest.raises(BadSetup, match=r"^This saved hand is not a Holdout hand this version can restore\.$"):
        raise SavedHand("Holdout").foreign()
