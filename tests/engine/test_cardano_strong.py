"""The strong Cardano player: always legal, deterministic, and right where the call is plain."""

from __future__ import annotations

import random

from engine.cardano import (
    Bid,
    Cardano,
    CardanoOptions,
    Change,
    Concede,
    Double,
    Duel,
    Fold,
    Follow,
    Invite,
    Pay,
    Phase,
    Raise,
    Vie,
)
from engine.cardano.hands import POINT, PRIMERO
from engine.cardano.players import LEVELS, BasicPlayer, StrongPlayer, make_player
from engine.core.players import computer_player

from .cardano_helpers import cs, game

ANA, BO = 0, 1
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")


def legal(g: Cardano, seat: int, action: object) -> bool:
    """In the listed moves, or a raise or bid of an amount between the listed ones."""
    moves = g.legal_actions(seat)
    if action in moves:
        return True
    if isinstance(action, Raise | Bid):
        amounts = [a.amount for a in moves if type(a) is type(action) and a.type == action.type]
        return bool(amounts) and min(amounts) <= action.amount <= max(amounts)
    return False


def test_the_strong_level_is_registered() -> None:
    assert LEVELS == ("basic", "strong")
    assert isinstance(make_player("strong"), StrongPlayer)
    assert isinstance(computer_player("cardano", "strong"), StrongPlayer)


def test_the_strong_player_always_plays_a_legal_move_and_is_deterministic() -> None:
    strong = StrongPlayer()
    basic = make_player("basic")
    rng = random.Random(3)
    for seed in range(40):
        count = 2 + seed % 4
        chosen = CardanoOptions(primero_81=seed % 2 == 0, duel=seed % 5 != 0)
        stacks = [rng.randint(5, 60) for _ in range(count)] if seed % 3 == 0 else None
        g = Cardano.new(chosen, NAMES[:count], seed, dealer=seed % count, stacks=stacks)
        strong_seats = {seed % count, (seed + 2) % count}
        steps = 0
        while g.phase is not Phase.OVER:
            steps += 1
            assert steps < 600
            seat = g.to_act
            assert seat is not None
            if seat in strong_seats:
                action = strong.choose(g, seat)
                assert legal(g, seat, action), action
                twin = Cardano.from_json(g.to_json())
                assert StrongPlayer().choose(twin, seat) == action
            else:
                action = basic.choose(g, seat)
            g.apply(seat, action)
        assert g.outcome is not None


def test_the_strong_player_keeps_the_cards_of_a_flush_draw() -> None:
    # Ana: 2S 3S, then JS 7H; keeping the three spades draws to a flush (and keeps the point).
    # Her stack is too short for the vie, so she must change.
    g = game("2S 3S QC KC JS 7H 4D 5D", stacks=[2, 20])
    g.apply(ANA, Invite(counters=1))
    g.apply(BO, Pay())
    g.apply(ANA, Change())
    g.apply(BO, Change())
    assert g.phase is Phase.CHANGES and g.to_act == ANA
    action = StrongPlayer().choose(g, ANA)
    assert action == Change(discard=tuple(cs("7H")))


def test_the_strong_player_folds_a_hopeless_hand_to_a_big_bet() -> None:
    # Ana opens a vie of 60 counters on a point of 54; Bo's 2C 3D QC JD is a poor point
    # with one change to come, and following costs 61 chips for a pot of 63.
    g = game("7S 6S 2C 3D 5S AH QC JD", stacks=[200, 200], vie=60)
    g.apply(ANA, Invite(counters=1))
    g.apply(BO, Pay())
    g.apply(ANA, Change())
    g.apply(BO, Change())
    g.apply(ANA, Vie(type=POINT))
    assert g.phase is Phase.VIE and g.to_act == BO
    assert StrongPlayer().choose(g, BO) == Fold()


def test_the_strong_player_follows_a_small_bet_with_a_fair_hand() -> None:
    # The same cards with a vie of one counter: two chips to win four.
    g = game("7S 6S 2C 3D 5S AH QC JD", vie=1)
    g.apply(ANA, Invite(counters=1))
    g.apply(BO, Pay())
    g.apply(ANA, Change())
    g.apply(BO, Change())
    g.apply(ANA, Vie(type=POINT))
    assert StrongPlayer().choose(g, BO) == Follow()


CASE_1 = "7S 6S 7H 2H 5S 2D KC QC 3D 4D JC 3C"


def test_the_strong_player_takes_a_favourable_duel() -> None:
    # Case 1: Bo's lesser point against Ana's point; the duel's share is his whatever the draw.
    g = game(CASE_1 + " 6H 5H")
    for seat, move in [
        (ANA, Invite()),
        (BO, Pay()),
        (ANA, Change()),
        (BO, Change()),
        (ANA, Vie(type=POINT)),
        (BO, Follow()),
        (ANA, Change(discard=tuple(cs("2D")))),
        (BO, Change(discard=tuple(cs("KC QC")))),
        (ANA, Bid(type=POINT, amount=9)),
        (BO, Follow()),
    ]:
        g.apply(seat, move)
    assert g.phase is Phase.DUEL and g.to_act == BO
    action = StrongPlayer().choose(g, BO)
    assert isinstance(action, Duel) and action != Concede()
    # Bo holds 7H 2H JC 3C against Ana's point 54: two hearts need 6H and AH, but a heart
    # and a club need only a diamond and a spade to make a primero, which beats any point.
    kept = set(cs("7H 2H JC 3C")) - set(action.discard)
    assert {card.suit for card in kept} == {cs("7H")[0].suit, cs("JC")[0].suit}


def test_both_computer_levels_state_honestly_when_they_follow() -> None:
    # Issue 19: Ana holds primero 76 when Bo opens the vie on a point; a follow that states
    # less would leave it undeclared, so neither computer player makes one.

    g = game("7S 6S 7H 6D 5S KD AS 7C", dealer=ANA)
    for seat, move in [(BO, Invite()), (ANA, Pay()), (BO, Change()), (ANA, Change()), (BO, Vie(type=POINT))]:
        g.apply(seat, move)
    assert Follow(type=POINT) in g.legal_actions(ANA)
    for player in (BasicPlayer(), StrongPlayer()):
        move = player.choose(g, ANA)
        assert not isinstance(move, Follow) or move == Follow(), move
        assert not isinstance(move, Raise) or move.type == PRIMERO, move


def test_the_computer_players_pay_a_double_to_keep_two_good_cards() -> None:
    # Decision 12: Bo invited one counter with 7S 6S, Ana doubled; in the discard round Bo
    # pays the double rather than break his point.

    g = game("7S 6S 7H 6H", dealer=ANA)
    g.apply(BO, Invite(counters=1))
    g.apply(ANA, Double())
    assert g.phase is Phase.DISCARD and g.to_act == BO
    assert BasicPlayer().choose(g, BO) == Pay()
    assert StrongPlayer().choose(g, BO) == Pay()
