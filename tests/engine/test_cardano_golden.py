"""Golden tests: the hand order with its exceptions and privileges, and the final duel's
three cases with the shares the text computes (¾; ⅔ or ⅚; ⅝ or ⅞ of the pot)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.cardano import Bid, Cardano, Change, Duel, Follow, Invite, Pay, Phase, Vie
from engine.cardano.hands import POINT, PRIMERO, describe, strength

from .cardano_helpers import cs, game

ANA, BO = 0, 1

# Lowest first; each beats every hand before it (no privilege, primero 81 off).
ORDER = [
    ("nothing", "7S 6H 5D"),
    ("point 22", "2S QS 3H"),
    ("point 39", "7S 6S 2H"),
    ("point 54", "7S 6S 5S 2H"),
    ("primero 49", "2S 3H 4D QC"),
    ("primero 81", "7S 7H 7D 6C"),  # ordinary primero unless the table option says so
    ("55", "7S 6S AS 2H"),
    ("flush 49", "2S 3S 4S QS"),
    ("flush 68", "7S 6S 5S 4S"),
    ("primero 79", "7S 7H 7D AC"),  # beats a flush
    ("four of a kind 84", "7S 7H 7D 7C"),
]


def test_golden_hand_order_with_primero_79_above_the_flush() -> None:
    keys = [strength(cs(cards)) for _, cards in ORDER]
    for name, cards in ORDER:
        assert describe(cs(cards)) == name
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_primero_81_beats_a_flush_only_as_a_table_option() -> None:
    flush = cs("7S 6S 5S 4S")
    p81 = cs("7S 7H 7D 6C")
    assert strength(p81) < strength(flush)
    assert strength(p81, primero_81=True) > strength(flush)
    assert strength(p81, primero_81=True) < strength(cs("7S 7H 7D 7C"), primero_81=True)


def test_primero_79_does_not_beat_four_of_a_kind() -> None:
    assert strength(cs("7S 7H 7D AC")) < strength(cs("2S 2H 2D 2C"))


def test_the_best_point_55_beats_every_primero_but_not_79() -> None:
    assert strength(cs("7S 6S AS 2H")) > strength(cs("7S 7H 6D 6C"))
    assert strength(cs("7S 6S AS 2H")) < strength(cs("7S 7H 7D AC"))


@pytest.mark.parametrize(
    ("mean", "better"),
    [
        ("7S 6S 2H", "7H 6H 5H 2D"),  # point 39 over point 54
        ("4S 3H 4D 7C QS", "7S 7H 6D 6C"),  # primero 62 (five cards, best four) over primero 78
        ("7S 5S 3S 2S", "7H 6H 5H 4H"),  # flush 61 over flush 68
    ],
)
def test_golden_mean_value_privilege_beats_every_hand_of_its_kind(mean: str, better: str) -> None:
    held = cs(mean)
    plain = strength(held)
    assert plain < strength(cs(better))
    assert strength(held, privileged=True) > strength(cs(better))


def test_the_privilege_gives_nothing_against_a_higher_kind() -> None:
    assert strength(cs("7S 6S 2H"), privileged=True) < strength(cs("2S 3H 4D QC"))
    assert strength(cs("7S 5S 3S 2S"), privileged=True) < strength(cs("7S 7H 7D AC"))


def test_privilege_needs_the_exact_mean_value() -> None:
    assert strength(cs("7S 5S 2H"), privileged=True)[1] == 0  # point 36


# ------------------------------------------------------------------ the final duel

CASE_1 = "7S 6S 7H 2H 5S 2D KC QC 3D 4D JC 3C"
CASE_2 = "7S 6S 7H 2H 5S 2D KC QD 4D JD 2C 3D"
CASE_3 = "7S 6H 7H 2H 5D 2C 3H KC 4C KD QS JS"


def to_showdown(dealt: str, ana_kind: object, ana_drop: str, bo_drop: str, bet: int = 9) -> Cardano:
    """Ana invites, Bo pays, both keep their cards; Ana opens the vie, Bo follows; the last
    change; Ana bids `bet`, Bo follows. Each has then paid 3 + `bet`."""
    g = game(dealt)
    g.apply(ANA, Invite(counters=1))
    g.apply(BO, Pay())
    g.apply(ANA, Change())
    g.apply(BO, Change())
    g.apply(ANA, Vie(type=ana_kind))  # type: ignore[arg-type]
    g.apply(BO, Follow())
    g.apply(ANA, Change(discard=tuple(cs(ana_drop))))
    g.apply(BO, Change(discard=tuple(cs(bo_drop))))
    g.apply(ANA, Bid(type=ana_kind, amount=bet))  # type: ignore[arg-type]
    g.apply(BO, Follow())
    return g


def share(g: Cardano, seat: int) -> Fraction:
    outcome = g.outcome
    assert outcome is not None
    return Fraction(outcome.paid_out[seat], sum(outcome.paid_in))


@pytest.mark.parametrize(("draw", "winner"), [("6H 5H", BO), ("AD QD", ANA)])
def test_golden_duel_case_1_lesser_point_draws_two_and_the_winner_ends_with_three_quarters(
    draw: str, winner: int
) -> None:
    g = to_showdown(CASE_1 + " " + draw, POINT, "2D", "KC QC")
    view = g.view(None)
    assert g.phase is Phase.DUEL and view.duel is not None and view.duel.cases == (1,)
    assert view.face_up[ANA] is not None and view.face_up[BO] is not None
    g.apply(BO, Duel(case=1, discard=tuple(cs("JC 3C"))))
    assert g.outcome is not None and g.outcome.winners == (winner,)
    assert share(g, winner) == Fraction(3, 4) and share(g, 1 - winner) == Fraction(1, 4)


@pytest.mark.parametrize(
    ("draw", "winner", "ends"), [("AS", BO, Fraction(2, 3)), ("4C", ANA, Fraction(5, 6))]
)
def test_golden_duel_case_2_primero_attempt_draws_one_card(draw: str, winner: int, ends: Fraction) -> None:
    g = to_showdown(CASE_2 + " " + draw, POINT, "2D", "2H")
    duel = g.view(None).duel
    assert duel is not None and 2 in duel.cases
    g.apply(BO, Duel(case=2, discard=tuple(cs("2C"))))
    assert g.outcome is not None and g.outcome.winners == (winner,)
    assert share(g, winner) == ends and share(g, 1 - winner) == 1 - ends
    duel = g.view(None).duel
    assert duel is not None and (duel.challenger_share, duel.dominant_share, duel.stake) == (4, 8, 12)


@pytest.mark.parametrize(
    ("draw", "winner", "ends"), [("4H 5H", BO, Fraction(5, 8)), ("4S 5S", ANA, Fraction(7, 8))]
)
def test_golden_duel_case_3_flush_attempt_against_a_primero(draw: str, winner: int, ends: Fraction) -> None:
    g = to_showdown(CASE_3 + " " + draw, PRIMERO, "2C", "KC")
    duel = g.view(None).duel
    assert duel is not None and duel.cases == (3,)
    g.apply(BO, Duel(case=3, discard=tuple(cs("QS JS"))))
    assert g.outcome is not None and g.outcome.winners == (winner,)
    assert share(g, winner) == ends and share(g, 1 - winner) == 1 - ends


def test_duel_shares_round_down_and_odd_chips_go_to_the_duel() -> None:
    # A pot of 8: a sixth is 1⅓ and a third 2⅔; the shares are 1 and 2, the duel is for 5.
    g = to_showdown(CASE_2 + " AS", POINT, "2D", "2H", bet=1)
    g.apply(BO, Duel(case=2, discard=tuple(cs("2C"))))
    duel = g.view(None).duel
    assert duel is not None and (duel.pot, duel.challenger_share, duel.dominant_share, duel.stake) == (
        8,
        1,
        2,
        5,
    )
    assert g.outcome is not None and g.outcome.paid_out == (2, 6)


def test_the_challenger_may_decline_the_duel_and_the_better_hand_takes_all() -> None:
    from engine.cardano import Concede

    g = to_showdown(CASE_1 + " 6H 5H", POINT, "2D", "KC QC")
    g.apply(BO, Concede())
    assert g.outcome is not None and g.outcome.paid_out == (24, 0)


def test_no_duel_when_the_table_turns_it_off() -> None:
    g = game(CASE_1 + " 6H 5H", duel=False)
    for seat, move in [(ANA, Invite()), (BO, Pay()), (ANA, Change()), (BO, Change()), (ANA, Vie(type=POINT))]:
        g.apply(seat, move)
    g.apply(BO, Follow())
    g.apply(ANA, Change(discard=tuple(cs("2D"))))
    g.apply(BO, Change(discard=tuple(cs("KC QC"))))
    g.apply(ANA, Bid(type=POINT, amount=9))
    g.apply(BO, Follow())
    assert g.phase is Phase.OVER and g.outcome is not None and g.outcome.paid_out == (24, 0)


# ----------------------------------------------- issue 19: the undeclared primero after a bet
@pytest.mark.parametrize(("statement", "winner"), [(POINT, BO), (None, ANA)])
def test_an_undeclared_primero_loses_the_pot_after_a_bet(statement: object, winner: int) -> None:
    # The example: Bo (seat 1) opens the vie on a point; Ana (seat 0) follows
    # holding primero 76; after the change Bo bids 5 on a point and Ana follows. "After the
    # vie, an undeclared possession of a primero or a flush caused the loss of the pot when
    # a bet was also placed": stating only a point, Ana loses the pot of 16 to Bo; stating
    # the primero she holds (a plain follow), she wins it. (The example plays no duel.)
    g = game("7S 6S 7H 6D 5S KD AS 7C QC JC 6C 2H", dealer=ANA, duel=False)
    g.apply(BO, Invite(counters=1))
    g.apply(ANA, Pay())
    g.apply(BO, Change())
    g.apply(ANA, Change())
    g.apply(BO, Vie(type=POINT))
    assert g.view(ANA).hand_value == "primero 76"
    g.apply(ANA, Follow(type=statement))  # type: ignore[arg-type]
    g.apply(BO, Change(discard=tuple(cs("KD"))))
    g.apply(ANA, Change(discard=tuple(cs("7C"))))
    g.apply(BO, Bid(type=POINT, amount=5))
    g.apply(ANA, Follow(type=statement))  # type: ignore[arg-type]
    assert g.phase is Phase.OVER and g.outcome is not None
    assert sum(g.outcome.paid_in) == 16 and g.outcome.winners == (winner,)
    assert g.outcome.paid_out[winner] == 16
