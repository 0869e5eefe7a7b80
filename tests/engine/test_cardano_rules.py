"""One named test per rule of Cardano's Milanese Primero and per decision in docs/RULES.md."""

from __future__ import annotations

import pytest

from engine.cardano import (
    AllIn,
    Bid,
    Cardano,
    CardanoOptions,
    Change,
    Close,
    Concede,
    Double,
    Fold,
    Follow,
    Invite,
    Pass,
    Pay,
    Phase,
    Raise,
    Vie,
)
from engine.cardano.game import DECK
from engine.cardano.hands import FIFTY_FIVE, FLUSH, FOUR, POINT, PRIMERO
from engine.core.cards import PRIMERO_40
from engine.core.errors import BadSetup, IllegalAction, NotYourTurn
from engine.primero.hands import points

from .cardano_helpers import c, cs, game

ANA, BO, CY = 0, 1, 2


def test_decision_1_the_deck_is_primeros_forty_cards_and_points() -> None:
    assert PRIMERO_40.cards() == DECK and len(DECK) == 40
    assert not {card.rank for card in DECK} & {8, 9, 10}
    assert [points(c(x)) for x in ["7S", "6S", "AS", "5S", "4S", "3S", "2S", "KS", "QS", "JS"]] == [
        21,
        18,
        16,
        15,
        14,
        13,
        12,
        10,
        10,
        10,
    ]


def test_dealt_from_the_bottom_two_at_a_time_counter_clockwise() -> None:
    # Three players, Cy (seat 2) deals: Bo on the dealer's right is dealt first, then Ana, then Cy.
    g = game("7S 6S 5H 4H 3D 2D", ("Ana", "Bo", "Cy"), dealer=CY)
    assert g.view(BO).hand == tuple(sorted(cs("7S 6S")))
    assert g.view(ANA).hand == tuple(sorted(cs("5H 4H")))
    assert g.view(CY).hand == tuple(sorted(cs("3D 2D")))
    assert g.to_act == BO and g.view(None).privileged == BO
    g.apply(BO, Pass())
    assert g.to_act == ANA
    with pytest.raises(NotYourTurn):
        g.apply(CY, Pass())


def test_everybody_passing_with_no_invitation_ends_the_hand() -> None:
    g = game("")
    g.apply(ANA, Pass())
    g.apply(BO, Pass())
    assert g.phase is Phase.OVER and g.outcome is not None and g.outcome.paid_in == (0, 0)


@pytest.mark.parametrize("counters", [1, 2])
def test_if_all_pass_an_invitation_the_last_player_in_turn_pays_one_counter(counters: int) -> None:
    g = game("", ("Ana", "Bo", "Cy"), dealer=CY, counter=5)  # turn: Bo, Ana, Cy
    g.apply(BO, Invite(counters=counters))  # type: ignore[arg-type]
    g.apply(ANA, Pass())
    g.apply(CY, Pass())
    assert g.view(None).paid == (0, 5 * counters, 5)


def test_a_double_answers_the_invitation_and_nobody_else_must_pay() -> None:
    g = game("")
    g.apply(ANA, Invite(counters=1))
    g.apply(BO, Double())
    assert g.view(None).paid == (1, 2) and g.view(None).invitation == 2 and g.phase is Phase.DISCARD


def test_the_invitation_can_be_doubled_only_once() -> None:
    g = game("", ("Ana", "Bo", "Cy"), dealer=CY)
    g.apply(BO, Invite(counters=1))
    g.apply(ANA, Double())
    assert Double() not in g.legal_actions(CY)
    with pytest.raises(IllegalAction):
        g.apply(CY, Double())


def test_decision_12_who_did_not_pay_the_whole_invitation_discards_one_or_two() -> None:
    g = game("7S 6S 5H 4H", ("Ana", "Bo", "Cy"), dealer=CY)
    g.apply(BO, Invite(counters=1))
    g.apply(ANA, Double())  # Bo paid 1 of the 2 now asked: not the whole stake
    g.apply(CY, Pass())
    assert Change() not in g.legal_actions(BO)
    with pytest.raises(IllegalAction):
        g.apply(BO, Change())
    g.apply(BO, Change(discard=(c("6S"),)))
    assert Change() in g.legal_actions(ANA)  # Ana paid the whole stake: she may keep both
    g.apply(ANA, Change())


def test_discards_lie_face_up_and_new_cards_come_two_at_a_time() -> None:
    g = game("7S 6S 5H 4H 3D 2D QC KC")
    g.apply(ANA, Invite())
    g.apply(BO, Pass())  # last in turn after the inviter: pays one counter
    g.apply(ANA, Change(discard=(c("7S"),)))
    g.apply(BO, Change(discard=(c("5H"), c("4H"))))
    view = g.view(ANA)
    assert view.discards == ((c("7S"),), (c("5H"), c("4H")))
    assert view.hand == tuple(sorted(cs("6S 3D 2D")))
    assert g.view(BO).hand == tuple(sorted(cs("QC KC")))
    assert g.phase is Phase.CHANGES


def changes(dealt: str, names: tuple[str, ...] = ("Ana", "Bo"), **options: object) -> Cardano:
    """Ana invites, everyone pays and keeps both cards: the changes begin."""
    g = game(dealt, names, **options)
    g.apply(ANA, Invite())
    for _ in g.view(None).seats[1:]:
        g.apply(g.to_act or 0, Pay())
    while g.phase is Phase.DISCARD:
        g.apply(g.to_act or 0, Change())
    assert g.phase is Phase.CHANGES
    return g


def test_decision_13_changes_discard_down_to_three_then_two_more_cards() -> None:
    g = changes("7S 6H 2S 2H 5D QC 3S 3H 4C 4D 4S 4H")
    with pytest.raises(IllegalAction):
        g.apply(ANA, Change())  # four cards: at least one must go
    g.apply(ANA, Change(discard=(c("QC"),)))
    g.apply(BO, Change(discard=(c("3S"), c("3H"))))
    assert g.phase is Phase.CHANGES and g.view(None).hand_sizes == (5, 4)
    with pytest.raises(IllegalAction):
        g.apply(ANA, Change(discard=(c("7S"),)))  # five cards: two must go


def test_closing_a_four_card_combination_takes_the_pot_when_nobody_else_closes() -> None:
    g = changes("7S 6H 2S 2H 5D 2C 3S 3H")
    assert Close(type=PRIMERO) in g.legal_actions(ANA)
    g.apply(ANA, Close(type=PRIMERO))
    g.apply(BO, Concede())
    assert g.outcome is not None and g.outcome.paid_out == (2, 0)


def test_two_closers_contend_and_the_better_combination_wins() -> None:
    # Bo deals: Ana, Cy, Bo in turn. Ana primero 66, Cy primero 71, Bo primero 54. The two
    # closers bet (decision 15); when both pass, the better combination takes the pot.
    g = changes("7S 6H AS AH 3C 3D 5D 2C 7C 6D 4S 4H", ("Ana", "Bo", "Cy"))
    g.apply(ANA, Close(type=PRIMERO))
    assert g.phase is Phase.CLOSING and g.to_act == CY
    g.apply(CY, Close(type=PRIMERO))
    g.apply(BO, Concede())
    g.apply(ANA, Pass())
    g.apply(CY, Pass())
    assert g.outcome is not None and g.outcome.paid_out == (0, 0, 3) and g.outcome.winners == (CY,)
    assert g.view(None).face_up[BO] is None  # a player who does not close shows nothing


def test_a_close_must_be_real() -> None:
    g = changes("7S 6H 2S 2H 5D 3D 3S 3H")
    with pytest.raises(IllegalAction):
        g.apply(ANA, Close(type=PRIMERO))


def test_the_vie_costs_the_vie_plus_any_invitation_not_paid() -> None:
    g = game("7S 6S 2H 3H 5S 4D QC KC", ("Ana", "Bo"))
    g.apply(ANA, Pass())
    g.apply(BO, Invite(counters=2))
    g.apply(ANA, Change(discard=(c("7S"),)))
    g.apply(BO, Change())
    g.apply(ANA, Vie(type=POINT))
    assert g.view(None).paid == (4, 2)  # Ana: the 2 she did not pay and the vie of 2
    assert g.view(BO).owe == 2


def test_decision_17_no_declaration_less_than_the_hand() -> None:
    g = changes("7S 6S 2H 3H 5S 4S QC KC")  # Ana holds a spade flush
    assert Vie(type=POINT) not in g.legal_actions(ANA)
    with pytest.raises(IllegalAction):
        g.apply(ANA, Vie(type=POINT))
    g.apply(ANA, Vie(type=FLUSH))


def test_a_55_may_be_declared_as_a_primero_but_may_not_raise() -> None:
    # Bo (dealer's right) opens on a real primero; Ana's 55 may follow as a primero (decision
    # 17) but may not raise (decision 19).
    g = game("7H 6D 6S 7S AC 2S AS QD", dealer=ANA)
    g.apply(BO, Invite())
    g.apply(ANA, Pay())
    g.apply(BO, Change())
    g.apply(ANA, Change())
    g.apply(BO, Vie(type=PRIMERO))
    assert Follow(type=PRIMERO) in g.legal_actions(ANA) and Follow(type=POINT) not in g.legal_actions(ANA)
    assert not any(isinstance(a, Raise) for a in g.legal_actions(ANA))
    with pytest.raises(IllegalAction):
        g.apply(ANA, Raise(type=PRIMERO, amount=1))


def test_a_vie_on_a_primero_or_four_of_a_kind_must_be_real_but_a_flush_may_be_bluffed() -> None:
    g = changes("7S 6H 2H 3H 5S 4D QC KC")
    legal = g.legal_actions(ANA)
    assert Vie(type=FLUSH) in legal and Vie(type=FIFTY_FIVE) in legal
    assert Vie(type=PRIMERO) not in legal and Vie(type=FOUR) not in legal


def test_raises_go_up_to_the_resto_and_an_all_in_plays_for_a_separate_pot() -> None:
    g = changes("7S 6S 2H 3H 5S 4D QC KC 2S 3S 4H 5H", ("Ana", "Bo", "Cy"), stacks=[50, 6, 50])
    g.apply(ANA, Vie(type=POINT))  # level 3
    g.apply(CY, Raise(type=POINT, amount=47))  # Cy: the whole resto
    with pytest.raises(IllegalAction):
        g.apply(BO, Raise(type=POINT, amount=48))
    assert AllIn() in g.legal_actions(BO)
    g.apply(BO, AllIn())
    g.apply(ANA, Follow())
    assert g.view(None).paid == (50, 6, 50)


def test_folding_lays_the_cards_face_up_and_the_last_bidder_takes_the_pot() -> None:
    g = changes("7S 6S 2H 3H 5S 4D QC KC")
    g.apply(ANA, Vie(type=POINT))
    g.apply(BO, Fold())
    view = g.view(ANA)
    assert view.face_up[BO] == tuple(sorted(cs("2H 3H QC KC")))
    assert g.outcome is not None and g.outcome.paid_out == (4, 0)


def test_a_called_bluff_loses_the_pot_to_the_caller() -> None:
    # Ana bids a flush she does not hold; Bo follows with a worse point and takes the pot.
    g = changes("7S 6S 2H 3H 5S 4D QC KC 2D 3D 5H AC", duel=True)
    g.apply(ANA, Vie(type=POINT))
    g.apply(BO, Follow())
    g.apply(ANA, Change(discard=(c("4D"),)))
    g.apply(BO, Change(discard=(c("QC"), c("KC"))))
    from engine.cardano import Bid

    g.apply(ANA, Bid(type=FLUSH, amount=1))
    g.apply(BO, Follow())
    assert g.phase is Phase.OVER and g.outcome is not None and g.outcome.winners == (BO,)


def test_decision_9_the_privilege_at_the_showdown() -> None:
    # Ana (dealer's right) ends with point 39, Bo with point 54: Ana's mean value wins.
    g = changes("7S 6S 7H 6H JD QD 2C 3D QC KC 5H JS", duel=False)
    g.apply(ANA, Vie(type=POINT))
    g.apply(BO, Follow())
    g.apply(ANA, Change(discard=(c("JD"), c("QD"))))
    g.apply(BO, Change(discard=(c("2C"),)))
    from engine.cardano import Bid

    g.apply(ANA, Bid(type=POINT, amount=1))
    g.apply(BO, Follow())
    view = g.view(None)
    assert view.showdown is not None and [s.hand for s in view.showdown] == ["point 39", "point 54"]
    assert g.outcome is not None and g.outcome.winners == (ANA,)


@pytest.mark.parametrize(("passes", "holder"), [(False, None), (True, 0)])
def test_decision_10_a_folded_privilege_is_lost_or_passes_as_the_table_chose(
    passes: bool, holder: int
) -> None:
    g = changes("7S 6S 2H 3H 5S 4D QC KC 2S 3S 4H 5H", ("Ana", "Bo", "Cy"), privilege_passes=passes)
    # Ana is dealt first but Bo... with dealer 1 the order is Ana, Cy, Bo: Ana holds the privilege.
    assert g.view(None).privileged == ANA
    g.apply(ANA, Vie(type=POINT))
    g.apply(CY, Fold())
    g.apply(BO, Raise(type=POINT, amount=1))
    g.apply(ANA, Fold())
    expected = None if not passes else CY if not g.view(None).folded[CY] else BO
    assert g.view(None).privileged == expected


def test_decision_16_a_spent_deck_ends_the_changes_with_a_showdown() -> None:
    # A table without a bound on the deals (decision 25): the changes go on to the spent deck.
    g = changes("", distributions=0)
    steps = 0
    while g.phase is Phase.CHANGES:
        seat = g.to_act
        assert seat is not None
        move = next(a for a in g.legal_actions(seat) if isinstance(a, Change))
        g.apply(seat, move)
        steps += 1
    assert g.phase is Phase.OVER and g.view(None).deck_left < 4 and g.view(None).showdown is not None


def least_change(g: Cardano, seat: int) -> Change:
    """The change discarding as few cards as the rule allows `seat` now."""
    least, _ = g._change_range(seat)
    return next(a for a in g.legal_actions(seat) if isinstance(a, Change) and len(a.discard) == least)


def all_pass(g: Cardano) -> int:
    """Everybody changes as little as the rule allows, never declaring, until the changes
    end: the decisions it took."""
    steps = 0
    while g.phase is Phase.CHANGES:
        seat = g.to_act
        assert seat is not None
        g.apply(seat, least_change(g, seat))
        steps += 1
    return steps


@pytest.mark.parametrize("bound", [3, 4])
def test_decision_25_after_the_bound_on_deals_a_round_of_passes_goes_to_the_showdown(bound: int) -> None:
    # "usually the discard and change session completed with three or four distributions":
    # four players, the first two cards and the discard's deal make two distributions; each
    # round of changes in which everybody passes deals one more, until the bound.
    g = changes("", ("Ana", "Bo", "Cy", "Di"), distributions=bound)
    assert g.distributions() == 2
    all_pass(g)
    view = g.view(None)
    assert g.phase is Phase.OVER and view.showdown is not None
    assert g.distributions() == bound
    # The text's worked figures: "Let's imagine a four player game. In three distribution
    # twentyfour cards were dealt" (its "fourteen were left in the deck" is not 40 - 24, so
    # only the cards dealt are checked: two each per distribution).
    assert 40 - view.deck_left == 8 * bound
    assert any(f"after {bound} deals" in e.text for e in g.events)


def test_decision_25_the_last_round_of_changes_brings_no_new_cards() -> None:
    g = changes("", distributions=3)
    for _ in range(2):  # a round of changes: each discards down to three, the third deal
        g.apply(g.to_act or 0, least_change(g, g.to_act or 0))
    # The round that reaches the bound: no more discards, only a declaration or a pass.
    assert g.phase is Phase.CHANGES and g.distributions() == 3
    assert [a for a in g.legal_actions(ANA) if isinstance(a, Change)] == [Change()]
    all_pass(g)
    assert g.phase is Phase.OVER and g.distributions() == 3


def passing_hand(**options: object) -> int:
    """Decisions in a two-player hand where Ana invites (else the hand ends at once, 1a) and
    from then on both pass: pass the invitation, discard and change as little as allowed."""
    g = game("", **options)
    g.apply(ANA, Invite())
    steps = 1
    while g.phase is not Phase.OVER:
        seat = g.to_act
        assert seat is not None
        g.apply(seat, least_change(g, seat) if g.phase in (Phase.DISCARD, Phase.CHANGES) else Pass())
        steps += 1
    assert g.view(None).showdown is not None
    return steps


def test_a_two_player_hand_where_both_always_pass_ends_in_a_few_decisions() -> None:
    # Invite, pass, two discards, then three rounds of changes (the third and fourth deals,
    # then the round that reaches the bound) and the showdown: 10 decisions. Without the
    # bound the changes go on until the deck is spent (54 decisions before decision 25).
    assert passing_hand() == 10
    assert passing_hand(distributions=3) == 8
    assert passing_hand(distributions=0) == 22  # this deck: ten deals, 40 cards


@pytest.mark.parametrize(("bound", "changes_after_the_vie"), [(3, 1), (4, 2), (0, 8)])
def test_decision_25_bounds_the_changes_after_the_vie_when_everybody_passes(
    bound: int, changes_after_the_vie: int
) -> None:
    # 3.1 "Everybody passed. They discarded to remain with three cards and repeated phase 3":
    # after the vie's last change (2.4), passes repeat the change only below the bound. The
    # vie comes after two deals; without a bound the changes go on to the spent deck.
    g = changes("7S 6S 2H 3H", distributions=bound)
    g.apply(ANA, next(a for a in g.legal_actions(ANA) if isinstance(a, Vie)))
    g.apply(BO, Follow())
    deals = 0
    while g.phase is not Phase.OVER:
        seat = g.to_act
        assert seat is not None
        if g.phase is Phase.LAST_CHANGE:
            deals += seat == BO  # Bo, the dealer, changes last
            g.apply(seat, least_change(g, seat))
        else:
            g.apply(seat, Pass())
    assert deals == changes_after_the_vie and g.view(None).showdown is not None


def test_saved_hands_refuse_damage() -> None:
    g = changes("")
    data = g.to_json()
    assert Cardano.from_json(data).to_json() == data
    broken = {**data, "next": 3}
    with pytest.raises(BadSetup):
        Cardano.from_json(broken)
    with pytest.raises(BadSetup):
        Cardano.from_json({**data, "commitment": "0" * 64})
    with pytest.raises(BadSetup):
        Cardano.from_json({**data, "stacks": [-1, 5]})


def test_setup_refuses_six_players() -> None:
    with pytest.raises(BadSetup):
        Cardano.new(CardanoOptions(), ["a", "b", "c", "d", "e", "f"], 1)


def test_junk_moves_are_refused_with_a_sentence() -> None:
    g = game("")
    with pytest.raises(IllegalAction):
        g.apply(ANA, {"kind": "cheat"})
    g.apply(ANA, {"kind": "invite", "counters": 2})
    assert g.view(None).invitation == 2


# ------------------------------------------------ issue 19: declarations, closers, the invitation
def test_an_undeclared_primero_must_discard_when_no_bet_was_placed() -> None:
    # Decision 21: "After the vie, an undeclared possession of a primero or a flush ... was
    # forced to discard if no bet was placed." Bo (dealer's right) opens the vie on a point;
    # Ana follows with her last chips stating only a point while holding a primero, so no
    # bet can follow the last change: her primero must be discarded (judged on three cards).
    g = game("7S 6S 7H 6D 5S KD AS 7C QC JC 6C 2H", dealer=ANA, stacks=[3, 100])
    g.apply(BO, Invite())
    g.apply(ANA, Pay())
    g.apply(BO, Change())
    g.apply(ANA, Change())
    g.apply(BO, Vie(type=POINT))
    g.apply(ANA, Follow(type=POINT))
    g.apply(BO, Change(discard=(c("KD"),)))
    g.apply(ANA, Change(discard=(c("7C"),)))
    assert g.view(ANA).hand_value == "primero 73"
    assert g.outcome is not None and g.outcome.winners == (BO,) and g.outcome.paid_out == (0, 6)
    assert "undeclared primero" in g.outcome.summary


def test_followers_state_their_combination_and_the_statement_is_shown() -> None:
    # "It seems that openers, followers and raisers had to state their combination."
    g = game("7S 6S 7H 6D 5S KD AS 7C", dealer=ANA)
    g.apply(BO, Invite())
    g.apply(ANA, Pay())
    g.apply(BO, Change())
    g.apply(ANA, Change())
    g.apply(BO, Vie(type=POINT))
    follows = [a for a in g.legal_actions(ANA) if isinstance(a, Follow)]
    assert follows == [Follow(), Follow(type=POINT)]  # the primero she holds, or less at her risk
    g.apply(ANA, Follow())
    assert g.view(None).declared == (PRIMERO, POINT)
    assert "follows stating a primero" in g.events[-1].text


def test_a_55_is_a_primero_only_if_somebody_declared_primero_before_it() -> None:
    # "it could be declared and treated as a primero if somebody declared primero before it"
    g = changes("6S 7S 2H 3H AS QD KC JC")
    assert Vie(type=PRIMERO) not in g.legal_actions(ANA)
    with pytest.raises(IllegalAction):
        g.apply(ANA, Vie(type=PRIMERO))
    # Bo (dealer's right) opens on a real primero first: Ana's 55 may then follow as a primero.
    g = game("7H 6D 6S 7S AC 2S AS QD", dealer=ANA)
    g.apply(BO, Invite())
    g.apply(ANA, Pay())
    g.apply(BO, Change())
    g.apply(ANA, Change())
    g.apply(BO, Vie(type=PRIMERO))
    assert Follow(type=PRIMERO) in g.legal_actions(ANA)
    g.apply(ANA, Follow(type=PRIMERO))
    assert g.view(None).declared[ANA] == PRIMERO


def test_four_of_a_kind_is_a_primero_or_flush_only_after_a_similar_declaration() -> None:
    # "Four-of-a-kind ... could be declared and treated as a primero or a flush after a
    # similar declaration was stated by somebody else."
    g = changes("7S 7H 2H 3H 7D 7C KC JC")
    legal = g.legal_actions(ANA)
    assert Vie(type=FOUR) in legal and Vie(type=PRIMERO) not in legal
    assert Close(type=FOUR) in legal and Close(type=PRIMERO) not in legal


def test_two_closers_proceed_to_phase_3_2_and_contend_the_pot_by_betting() -> None:
    # 2.2.b: "the two players proceeded to phase 3.2 and contend the pot". Ana's primero 66
    # against Cy's primero 71: Ana bets, Cy folds, and the lesser combination takes the pot.
    g = changes("7S 6H AS AH 3C 3D 5D 2C 7C 6D 4S 4H", ("Ana", "Bo", "Cy"))
    g.apply(ANA, Close(type=PRIMERO))
    g.apply(CY, Close(type=PRIMERO))
    g.apply(BO, Concede())
    assert g.phase is Phase.BETTING and g.to_act == ANA
    assert g.view(None).folded[BO] and g.view(None).face_up[BO] is None  # out, cards unseen
    g.apply(ANA, Bid(type=PRIMERO, amount=5))
    g.apply(CY, Fold())
    assert g.outcome is not None and g.outcome.winners == (ANA,) and g.outcome.paid_out == (8, 0, 0)


def test_the_inviter_may_keep_both_cards_by_paying_the_double() -> None:
    # "if you wanted to keep both cards you had to pay the total stakes of the invitation
    # and the possible raises": the inviter pays the double in the discard round.
    g = game("7S 6S 5H 4H", ("Ana", "Bo", "Cy"), dealer=CY)
    g.apply(BO, Invite(counters=1))
    g.apply(ANA, Double())
    g.apply(CY, Pass())
    assert Pay() in g.legal_actions(BO) and Change() not in g.legal_actions(BO)
    g.apply(BO, Pay())
    assert g.view(None).paid[BO] == 2 and g.to_act == BO
    g.apply(BO, Change())
    assert g.view(BO).hand == tuple(sorted(cs("7S 6S")))


def test_a_player_who_passed_before_the_invitation_may_pay_it_in_the_discard_round() -> None:
    # Bo passes with no invitation yet; Ana invites two counters; Cy passes on it and pays
    # the forced counter. Bo may pay the invitation when his turn comes back; Cy may not.
    g = game("7S 6S 5H 4H 3D 2D", ("Ana", "Bo", "Cy"), dealer=CY)
    g.apply(BO, Pass())
    g.apply(ANA, Invite(counters=2))
    g.apply(CY, Pass())
    assert g.phase is Phase.DISCARD and g.view(None).paid == (2, 0, 1)
    g.apply(BO, Pay())
    g.apply(BO, Change())
    g.apply(ANA, Change())
    assert Pay() not in g.legal_actions(CY)
    with pytest.raises(IllegalAction):
        g.apply(CY, Pay())
    assert g.view(None).paid == (2, 2, 1)


def test_a_format_1_saved_hand_still_loads_with_its_declarations_as_statements() -> None:
    g = changes("7S 6S 2H 3H 5S 4D QC KC")
    g.apply(ANA, Vie(type=POINT))
    data = g.to_json()
    assert data["format"] == 2
    old = {k: v for k, v in data.items() if k not in ("stated", "early", "may_pay")} | {"format": 1}
    again = Cardano.from_json(old)
    assert again.view(BO) == g.view(BO) and again.to_json()["stated"] == [[ANA, int(POINT)]]
    with pytest.raises(BadSetup):
        Cardano.from_json({**data, "format": 3})
