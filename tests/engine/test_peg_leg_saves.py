"""Peg Leg's saved hands. Format 2 saves the state the moves led to and a restore reads it,
checked against the committed deal and the moves, instead of replaying every move; format 1
(the moves alone, as saved before) is still read by replaying them, exactly as it was saved.

The two hands under `saved/` were written by format 1: three players at stake 5, cap 20,
with bets, surrenders and standing decisions; one is waiting on a round after 20 cards, the
other is over, with a bet won and others lost or cashed out."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import BadSetup
from engine.peg_leg import odds
from engine.peg_leg.game import STAND, PegLeg, PegLegOptions
from tests.engine.test_peg_leg_rules import as_format_1

SAVED = Path(__file__).parent / "saved"


def old_save(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAVED / f"peg_leg_format_1_{name}.json").read_text())
    assert data["format"] == 1 and "events" not in data
    return data


def replayed(data: dict[str, Any]) -> PegLeg:
    """The hand dealt anew from the save's seed, with its moves played again."""
    game = PegLeg.new(PegLegOptions(**data["options"]), data["seats"], data["seed"], data["dealer"])
    for move in data["moves"]:
        game.apply(move["seat"], move["action"])
    return game


def same(a: PegLeg, b: PegLeg) -> None:
    assert a.to_json() == b.to_json()
    assert a.awaiting == b.awaiting and a.outcome == b.outcome
    for seat in (None, *range(len(a.seats))):
        assert a.view(seat) == b.view(seat)


def stand_to_end(game: PegLeg) -> None:
    while game.outcome is None:
        for seat in game.awaiting:
            game.apply(seat, STAND)


@pytest.mark.parametrize("name", ["mid_hand", "over"])
def test_a_hand_saved_in_format_1_still_loads_exactly_as_it_was_saved(name: str) -> None:
    data = old_save(name)
    odds._CACHE.clear()  # as after a restart
    game = PegLeg.from_json(data)
    saved = game.to_json()
    assert saved["format"] == 2
    assert as_format_1(saved) == data, "every field format 1 kept reads back unchanged"
    fresh = replayed(data)
    same(game, fresh)  # the log, which format 1 did not keep, included
    # Saved again, in format 2, it is read without a replay, and is the same hand.
    again = PegLeg.from_json(json.loads(json.dumps(saved)))
    same(again, game)
    for hand in (game, fresh, again):
        stand_to_end(hand)
    same(again, fresh)
    same(game, fresh)


@pytest.mark.parametrize("name", ["mid_hand", "over"])
def test_a_format_2_save_is_read_without_replaying_its_moves(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = json.loads(json.dumps(PegLeg.from_json(old_save(name)).to_json()))

    def no_replay(*args: object) -> None:
        raise AssertionError("a format-2 save must not replay its moves")

    monkeypatch.setattr(PegLeg, "apply", no_replay)
    assert PegLeg.from_json(saved).to_json() == saved


Damage = Callable[[dict[str, Any]], None]


def first_move(kind: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def find(data: dict[str, Any]) -> dict[str, Any]:
        move: dict[str, Any] = next(m for m in data["moves"] if m["action"]["kind"] == kind)
        return move

    return find


def _set(path: str, value: Any) -> Damage:
    def damage(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[int(last) if isinstance(node, list) else last] = value(
            node[int(last) if isinstance(node, list) else last]
        )

    return damage


def _drop_first(kind: str) -> Damage:
    def damage(data: dict[str, Any]) -> None:
        data["moves"].remove(first_move(kind)(data))

    return damage


def _bet_move(change: int) -> Damage:
    def damage(data: dict[str, Any]) -> None:
        first_move("bet")(data)["action"]["amount"] += change

    return damage


def _swap_cards(data: dict[str, Any]) -> None:
    order = data["order"]
    order[30], order[31] = order[31], order[30]


# The hand waiting on a round after 20 cards: bets open and cashed out, a seat standing for
# the hand. Each damage is one a replay of the moves refuses too (checked on format 1).
MID_HAND: dict[str, Damage] = {
    "a bet's amount": _set("bets.0.2", lambda v: v + 5),
    "a bet's price": _set("bets.0.3", lambda v: v + 1),
    "a bet's round": _set("bets.3.4", lambda v: 14),
    "a bet's height": _set("bets.0.1", lambda v: v + 1),
    "a cashed-out bet's value": _set("bets.1.5", lambda v: v + 1),
    "an open bet said to be cashed out": _set("bets.0.6", lambda v: 1),
    "a cashed-out bet said to be open": _set("bets.1.6", lambda v: 0),
    "a bet said to be settled mid-hand": _set("bets.0.6", lambda v: 2),
    "a bet move's amount": _bet_move(5),
    "a surrender dropped": _drop_first("surrender"),
    "a bet move dropped": _drop_first("bet"),
    "a move of no kind": _set("moves.0.action", lambda v: {"kind": "fold"}),
    "a surrender of another seat's bet": _set("moves.0.seat", lambda v: (v + 1) % 3),
    "the key stack": _set("stacks.0", lambda v: v + 1),
    "the discard pile": _set("discard", lambda v: v[1:]),
    "the cards dealt": _set("dealt", lambda v: v - 1),
    "a round of prices dropped": _set("priced", lambda v: v[:1] + v[2:]),
    "the open round's prices": _set("odds.3", lambda v: v + 1),
    "a seat's decision missing": _set("stood", lambda v: v[:-1]),
    "the pass said to be over": _set("phase", lambda v: "over"),
    "the deal": _swap_cards,
}

# The finished hand: a bet won, bets lost, bets cashed out.
OVER: dict[str, Damage] = {
    "a won bet's payout": _set("bets.4.5", lambda v: v + 1),
    "a lost bet paid": _set("bets.1.5", lambda v: 10),
    "a bet left open at the end": _set("bets.1.6", lambda v: 0),
    "a round left open at the end": _set("stood.0", lambda v: True),
    "the key suit": _set("key", lambda v: "cups" if v != "cups" else "locks"),
}

CASES = [("mid_hand", label, damage) for label, damage in MID_HAND.items()]
CASES += [("over", label, damage) for label, damage in OVER.items()]


@pytest.mark.parametrize(("name", "label", "damage"), CASES, ids=[f"{n}: {label}" for n, label, _ in CASES])
def test_a_damaged_save_is_refused_in_either_format(name: str, label: str, damage: Damage) -> None:
    saved = json.loads(json.dumps(PegLeg.from_json(old_save(name)).to_json()))
    PegLeg.from_json(copy.deepcopy(saved))  # whole, it loads
    damage(saved)
    with pytest.raises(BadSetup):
        PegLeg.from_json(saved)
    with pytest.raises(BadSetup):  # as the replay of format 1 refused it
        PegLeg.from_json(as_format_1(saved))


def test_a_format_2_log_that_is_not_a_log_is_refused() -> None:
    saved = json.loads(json.dumps(PegLeg.from_json(old_save("mid_hand")).to_json()))
    saved["events"] = ["Ana wins everything."]
    with pytest.raises(BadSetup):
        PegLeg.from_json(saved)
