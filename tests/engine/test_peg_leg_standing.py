"""Peg Leg's standing decisions (docs/RULES.md, Peg Leg decision 11, issue 23): a member
stands for the rest of the hand, or until one of their bets is beaten, once, instead of
pressing Stand after every card; and a bet may stand at once (bet and done in one move)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.peg_leg.game import (
    STAND,
    STAND_FOR_THE_HAND,
    STAND_UNTIL_BEATEN,
    STOP_STANDING,
    KeyBet,
    PegLeg,
    PegLegOptions,
    Phase,
)
from tests.engine.test_peg_leg_rules import as_format_1

OPTIONS = PegLegOptions(stake=5, cap=20)
ANA, BRUNO = 0, 1


def hand(seed: int = 7) -> PegLeg:
    return PegLeg.new(OPTIONS, ("Ana", "Bruno"), seed)


def asked(game: PegLeg, seat: int) -> int:
    """Rounds `seat` is asked in, the others standing each time, to the end of the hand."""
    rounds = 0
    while game.outcome is None:
        if seat in game.awaiting:
            rounds += 1
        for other in game.awaiting:
            game.apply(other, STAND)
    return rounds


def test_standing_for_the_hand_stands_after_every_card_without_asking() -> None:
    plain, standing = hand(), hand()
    assert asked(plain, ANA) >= 5
    standing.apply(ANA, STAND_FOR_THE_HAND)
    assert ANA not in standing.awaiting
    assert standing.view(None).standing == ["hand", None]
    assert asked(standing, ANA) == 0
    assert standing.outcome is not None and standing.view(None).final == plain.view(None).final
    assert any(e.text == "Ana stands for the rest of the hand." for e in standing.events)


def test_a_standing_decision_is_cancelled_out_of_turn_and_the_seat_is_asked_again() -> None:
    game = hand()
    game.apply(ANA, STAND_FOR_THE_HAND)
    assert ANA not in game.awaiting and game.legal_actions(ANA) == []
    # Not awaited, Ana may still cancel (or change) her decision while bets are open.
    assert STOP_STANDING in game.standing_moves(ANA)
    game.apply(ANA, STOP_STANDING)
    assert ANA in game.awaiting and game.view(None).standing == [None, None]
    with pytest.raises(IllegalAction, match="no standing decision to cancel"):
        game.apply(ANA, STOP_STANDING)


def test_standing_until_beaten_holds_while_the_bet_can_win_then_asks_again() -> None:
    game = hand()
    with pytest.raises(IllegalAction, match="no open bet"):
        game.apply(ANA, STAND_UNTIL_BEATEN)
    view = game.view(None)
    low = min(p.number for p in view.prices if p.offered)
    game.apply(ANA, KeyBet(number=low, amount=5))
    game.apply(ANA, STAND_UNTIL_BEATEN)
    assert ANA not in game.awaiting
    while game.outcome is None and ANA not in game.awaiting:
        for other in game.awaiting:
            game.apply(other, STAND)
    if game.outcome is None:
        # Asked again: the key stack grew past the bet's number, so it can no longer win.
        assert game.key_height > low and game.view(None).standing[ANA] is None
        assert any(e.text.startswith("Ana's bet is beaten") for e in game.events)
    else:
        assert game.view(None).final is not None and game.view(None).final <= low


def test_a_bet_that_stands_ends_the_seats_part_of_the_round() -> None:
    game = hand()
    number = next(p.number for p in game.view(None).prices if p.offered)
    game.apply(ANA, KeyBet(number=number, amount=10, stand=True))
    assert ANA not in game.awaiting and game.view(None).bets[-1].amount == 10


def test_standing_decisions_survive_a_restart_and_old_saves_still_load() -> None:
    game = hand()
    game.apply(ANA, STAND_FOR_THE_HAND)
    game.apply(BRUNO, STAND)
    data = game.to_json()
    assert data["orders"] == ["hand", None]
    back = PegLeg.from_json(data)
    assert back.to_json() == data and ANA not in back.awaiting
    # A hand saved before standing decisions (no "orders", bets without "stand").
    old = hand()
    number = next(p.number for p in old.view(None).prices if p.offered)
    old.apply(ANA, KeyBet(number=number, amount=5))
    saved = as_format_1(old.to_json())
    assert "stand" not in saved["moves"][0]["action"]
    del saved["orders"]
    assert PegLeg.from_json(saved).to_json() == old.to_json()


def test_the_decisions_end_with_the_hand() -> None:
    game = hand()
    game.apply(ANA, STAND_FOR_THE_HAND)
    game.apply(BRUNO, STAND_FOR_THE_HAND)
    assert game.phase is Phase.OVER and game.view(None).standing == [None, None]
    with pytest.raises(IllegalAction):
        game.apply(ANA, STAND_FOR_THE_HAND)
