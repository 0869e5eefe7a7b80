"""A Prefa hand as the table plays it (`engine.prefa.hand`): the engine's three parties seen
through the table's seats, the dealer of four sitting out, chips at a bankroll table, the
score sheet, and saved hands that load exactly as they were written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import BadSetup, NotYourTurn
from engine.core.players import computer_player
from engine.prefa import PrefaOptions
from engine.prefa.hand import PrefaHand

SAVED = Path(__file__).parent / "saved" / "prefa_table_hands.json"
"""Two hands as `bot/games/prefa/hand.py` wrote them before the move: a four-seat bankroll
table at 5 a chip, the first hand over (Cy paid Ann 35 chips) and the second in play."""


def saved() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SAVED.read_text())
    return data


def deal(keys: int = 4, dealer: int = 1, seed: int = 7) -> PrefaHand:
    names = ["Ann", "Bo", "Cy", "Di"][:keys]
    return PrefaHand.deal(
        PrefaOptions(),
        [str(k + 1) for k in range(keys)],
        names,
        seed,
        dealer=dealer,
        stake=5,
        bankroll=True,
        stacks=[400] * keys,
        pouches=None,
        game_no=0,
        first_hand=True,
        history=(),
    )


def test_a_table_hand_saved_before_the_move_still_loads_unchanged() -> None:
    for data in saved().values():
        hand = PrefaHand.from_json(data)
        assert hand.to_json() == data, "the JSON format is the one the bot has always written"
    over = PrefaHand.from_json(saved()["over"])
    assert over.outcome is not None and over.outcome.paid_in == (0, 0, 175, 0)
    assert over.final_stacks() == [575, 400, 225, 400]
    in_play = PrefaHand.from_json(saved()["in_play"])
    assert in_play.outcome is None and in_play.sitter == 2 and in_play.stacks == (575, 400, 225, 400)
    assert [row.what for row in in_play.sheet] == ["Ann: (6) hearts, made"]


def test_the_dealer_of_four_sits_the_hand_out() -> None:
    hand = deal(dealer=1)
    assert hand.sitter == 1 and hand.parties == (0, 3, 1, 2)
    assert hand.legal_actions(1) == [] and hand.hand_of(1) == ()
    with pytest.raises(NotYourTurn, match="You sit this hand out"):
        hand.apply(1, {"kind": "pass"})
    assert hand.view(1).you == 1 and hand.view(1).view.hand is None


def test_a_bankroll_hand_pays_each_prefa_chip_as_the_stake_between_the_stacks() -> None:
    hand = deal(keys=3, dealer=0, seed=2029)
    basic = computer_player("prefa", "basic")
    while hand.outcome is None:
        seat = hand.to_act
        assert seat is not None
        party = hand.party(seat)
        assert party is not None
        hand.apply(seat, basic.choose(hand.engine, party))
    outcome = hand.outcome
    assert sum(outcome.paid_in) == sum(outcome.paid_out)
    assert [o - i for i, o in zip(outcome.paid_in, outcome.paid_out, strict=True)] == [
        5 * c for c in hand.chips
    ]
    assert sum(hand.final_stacks()) == 3 * 400
    again = PrefaHand.from_json(json.loads(json.dumps(hand.to_json())))
    assert again.to_json() == hand.to_json() and again.sheet == hand.sheet


def test_a_damaged_table_hand_is_refused_with_a_sentence() -> None:
    data = saved()["in_play"]
    for damage in ({"stacks": [1, 2]}, {"sitter": 9}, {"seed": data["seed"] + 1}, {"keys": "x"}):
        with pytest.raises(BadSetup, match="This saved Prefa hand is damaged and cannot be restored"):
            PrefaHand.from_json({**data, **damage})
    with pytest.raises(BadSetup, match="not a Prefa hand"):
        PrefaHand.from_json({**data, "format": 2})
