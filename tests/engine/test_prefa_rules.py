"""Prefa's rules, one named test each, on hands built card by card."""

from __future__ import annotations

import pytest

from engine.core.cards import PREFA_32
from engine.core.errors import BadSetup, IllegalAction, NotYourTurn
from engine.prefa import (
    SEVEN,
    Alone,
    Bid,
    Declare,
    Discard,
    Good,
    In,
    LetAlone,
    Out,
    Pass,
    Phase,
    Play,
    Prefa,
    PrefaOptions,
    TakeYou,
    Tentative,
    ThrowIn,
)

from .prefa_helpers import c, codes, contract, cs, deal, order_for, play_cards, play_out

A, B, C = 0, 1, 2

# B holds six top spades; A two top hearts; C two top diamonds (the golden test's first hand).
HANDS = {
    A: "7S AH KH QH JH 9D 10D 7C 8C JC",
    B: "AS KS QS JS 10S 9S 7H 8H 7D 8D",
    C: "8S 9H 10H AD KD QD JD QC KC AC",
}
KITTY = "9C 10C"
PLAY = "AH 7H 9H  KH 8H 10H  9D 7D AD  KD 10D 8D  AC 7C 9S"
"""A and C cash two tricks each, then B ruffs and takes the rest: 2, 6, 2."""

# B holds every spade and the red aces: ten tricks at spades whatever the defence does.
TEN = {
    A: "KH QH JH 10H 9H KD QD JD 10D 9D",
    B: "AS KS QS JS 10S 9S 8S 7S AH AD",
    C: "8H 7H 8D 7D AC KC QC JC 10C 9C",
}
TEN_KITTY = "8C 7C"

# B holds the four aces.
ACES = {
    A: "9S 8S KH QH JH 10H KD QD JD 10D",
    B: "AS KS QS JS 10S AH AD AC 7H 7D",
    C: "7S 9H 8H KC QC JC 10C 9C 9D 8D",
}
ACES_KITTY = "7C 8C"


def b_takes_spades(g: Prefa, declare: str = "6S", aces: bool = False) -> None:
    """A passes, B bids (6) spades, C passes; B discards the kitty and announces `declare`."""
    g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    kitty = [card for card in g.view(B).kitty or ()]
    g.apply(B, Discard(cards=(kitty[0], kitty[1])))
    g.apply(B, Declare(contract=contract(declare), aces=aces))


# ------------------------------------------------------------------------- the deal


def test_the_deal_gives_two_each_two_to_the_kitty_then_two_at_a_time() -> None:
    order = PREFA_32.cards()
    g = Prefa.new_from_order(PrefaOptions(), ("Ana", "Bo", "Cy"), order, dealer=2)
    # Eldest (seat 0) gets cards 0-1, seat 1 2-3, seat 2 4-5, the kitty 6-7, then 8-9 to seat 0...
    first = [*order[0:2], *order[8:10], *order[14:16], *order[20:22], *order[26:28]]
    third = [*order[4:6], *order[12:14], *order[18:20], *order[24:26], *order[30:32]]
    assert codes(g.view(0).hand or ()) == codes(first)
    assert codes(g.view(2).hand or ()) == codes(third)
    assert g.view(None).hand_sizes == (10, 10, 10)
    assert g.to_json()["kitty"] == [order[6].code, order[7].code]


def test_the_eldest_hand_on_the_dealers_left_bids_first() -> None:
    g = deal(HANDS, KITTY, dealer=1)
    assert g.view(None).eldest == C and g.to_act == C


def test_the_greek_direction_runs_counter_clockwise() -> None:
    g = deal(HANDS, KITTY, dealer=2, direction="counterclockwise")
    assert g.view(None).eldest == B and g.to_act == B
    g.apply(B, Bid(contract=contract("6S")))
    assert g.to_act == A  # the next player is now on the right
    g.apply(A, Pass())
    g.apply(C, Pass())
    g.apply(B, Discard(cards=(c("7D"), c("8D"))))
    g.apply(B, Declare(contract=contract("6S")))
    assert g.to_act == A  # the first defender sits next to the bidder in the direction of play
    assert g.first_defender == A and g.second_defender == C


def test_a_seeded_deal_replays_and_publishes_its_commitment() -> None:
    one = Prefa.new(PrefaOptions(), ("Ana", "Bo", "Cy"), 42)
    two = Prefa.new(PrefaOptions(), ("Ana", "Bo", "Cy"), 42)
    assert one.to_json() == two.to_json()
    assert len(one.commitment) == 64 and one.view(None).seed is None


def test_prefa_needs_three_players_dealt_in() -> None:
    with pytest.raises(BadSetup):
        Prefa.new(PrefaOptions(), ("Ana", "Bo"), 1)
    with pytest.raises(BadSetup):
        Prefa.new(PrefaOptions(), ("Ana", "Bo", "Cy"), 1, dealer=None, eldest=0)


# ------------------------------------------------------------------------- bidding


def test_the_first_bid_is_six_spades_and_each_bid_one_step_up() -> None:
    g = deal(HANDS, KITTY)
    assert Bid(contract=contract("6S")) in g.legal_actions(A)
    with pytest.raises(IllegalAction, match="one step up"):
        g.apply(A, Bid(contract=contract("6C")))
    g.apply(A, Bid(contract=contract("6S")))
    assert g.legal_actions(B) == [Bid(contract=contract("6C")), Pass()]


def test_the_texts_first_bidding_round() -> None:
    g = deal(HANDS, KITTY)
    for seat, action in [
        (A, Bid(contract=contract("6S"))),
        (B, Bid(contract=contract("6C"))),
        (C, Bid(contract=contract("6D"))),
        (A, Good(contract=contract("6D"))),
        (B, Bid(contract=contract("6H"))),
        (C, Pass()),
        (A, Good(contract=contract("6H"))),
        (B, Bid(contract=contract("6NT"))),
        (A, Good(contract=contract("6NT"))),
        (B, Bid(contract=contract("7S"))),
        (A, Pass()),
    ]:
        assert g.to_act == seat
        g.apply(seat, action)
    assert g.phase is Phase.KITTY and g.bidder == B
    view = g.view(None)
    assert view.bid == contract("7S")
    sheet = [call.text for call in view.sheet]
    assert sheet[:4] == ["6 spades", "6 clubs", "6 diamonds", "I'm good (for 6 diamonds)"]


def test_the_texts_third_bidding_round() -> None:
    g = deal(HANDS, KITTY)
    g.apply(A, Bid(contract=contract("6S")))
    g.apply(B, Bid(contract=contract("6C")))
    g.apply(C, Bid(contract=contract("6D")))
    g.apply(A, Pass())
    g.apply(B, Good(contract=contract("6D")))
    g.apply(C, Bid(contract=contract("6H")))
    g.apply(B, Good(contract=contract("6H")))
    g.apply(C, Pass())
    assert g.bidder == B and g.view(None).bid == contract("6H")


def test_im_good_only_for_a_player_who_entered_the_bidding_earlier() -> None:
    g = deal(HANDS, KITTY)
    g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6S")))
    assert Good(contract=contract("6S")) not in g.legal_actions(C)  # C hasn't bid at all
    g.apply(C, Bid(contract=contract("6C")))
    assert Good(contract=contract("6C")) in g.legal_actions(B)
    g.apply(B, Good(contract=contract("6C")))
    # C entered after B, so C must go up or pass.
    assert Good(contract=contract("6C")) not in g.legal_actions(C)
    with pytest.raises(IllegalAction, match="entered the bidding after you"):
        g.apply(C, Good(contract=contract("6C")))


def test_a_player_who_passes_cannot_re_enter() -> None:
    g = deal(HANDS, KITTY)
    g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Bid(contract=contract("6C")))
    assert g.to_act == B  # A is skipped for good
    g.apply(B, Bid(contract=contract("6D")))
    assert g.to_act == C


def test_when_all_pass_the_cards_are_thrown_in() -> None:
    g = deal(HANDS, KITTY)
    for seat in (A, B, C):
        g.apply(seat, Pass())
    assert g.phase is Phase.OVER and g.result is not None and g.result.kind == "thrown_in"
    assert g.outcome is not None and g.outcome.paid_in == (0, 0, 0)
    assert g.result.pouch_change == (0, 0, 0) and g.result.next_dealer is None


def test_the_last_player_after_two_passes_may_still_bid_and_takes_it() -> None:
    g = deal(HANDS, KITTY)
    g.apply(A, Pass())
    g.apply(B, Pass())
    assert g.to_act == C
    g.apply(C, Bid(contract=contract("6S")))
    assert g.phase is Phase.KITTY and g.bidder == C


def test_not_your_turn_is_refused() -> None:
    g = deal(HANDS, KITTY)
    with pytest.raises(NotYourTurn):
        g.apply(B, Pass())


# ------------------------------------------------------------------------- the kitty


def test_only_the_bidder_sees_the_kitty_while_taking_it() -> None:
    g = deal(HANDS, KITTY)
    assert all(g.view(seat).kitty is None for seat in (None, A, B, C))
    g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    assert g.view(B).kitty == tuple(cs(KITTY))
    assert len(g.view(B).hand or ()) == 12
    assert g.view(A).kitty is None and g.view(C).kitty is None and g.view(None).kitty is None
    g.apply(B, Discard(cards=(c("7D"), c("8D"))))
    assert g.view(B).kitty is None
    assert g.view(B).discards == (c("7D"), c("8D"))
    assert g.view(A).discards is None and g.view(None).discards is None
    assert len(g.view(B).hand or ()) == 10


def test_the_bidder_discards_two_different_cards_of_their_own() -> None:
    g = deal(HANDS, KITTY)
    g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    with pytest.raises(IllegalAction):
        g.apply(B, Discard(cards=(c("AH"), c("7D"))))
    with pytest.raises(IllegalAction):
        g.apply(B, Discard(cards=(c("7D"), c("7D"))))
    assert len(g.legal_actions(B)) == 66  # every pair of twelve


def test_seven_clubs_may_be_announced_over_six_diamonds_but_not_over_seven_diamonds() -> None:
    g = deal(HANDS, KITTY)
    g.apply(A, Bid(contract=contract("6S")))
    g.apply(B, Bid(contract=contract("6C")))
    g.apply(C, Bid(contract=contract("6D")))
    g.apply(A, Pass())
    g.apply(B, Pass())
    g.apply(C, Discard(cards=(c("9C"), c("10C"))))
    assert Declare(contract=contract("7C")) in g.legal_actions(C)
    assert Declare(contract=contract("6C")) not in g.legal_actions(C)

    g = deal(HANDS, KITTY)
    g.apply(A, Bid(contract=contract("6S")))
    bids = ["6C", "6D", "6H", "6NT", "7S", "7C", "7D"]
    seat = B
    for text in bids:
        g.apply(seat, Bid(contract=contract(text)))
        seat = (seat + 1) % 3
    for _ in range(2):
        g.apply(g.to_act, Pass())  # type: ignore[arg-type]
    bidder = g.bidder
    assert bidder is not None and g.view(None).bid == contract("7D")
    g.apply(bidder, g.legal_actions(bidder)[0])
    with pytest.raises(IllegalAction, match="7 diamonds or higher"):
        g.apply(bidder, Declare(contract=contract("7C")))
    g.apply(bidder, Declare(contract=contract("8C")))
    assert g.contract == contract("8C")


# ------------------------------------------------------------------------- the defence


def test_the_defender_on_the_bidders_left_speaks_first() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    assert g.phase is Phase.DEFENCE and g.to_act == C
    assert g.legal_actions(C) == [In(), Out()]


def test_first_in_second_out_the_first_goes_alone_or_takes_the_other_along() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, In())
    g.apply(A, Out())
    assert g.to_act == C and g.legal_actions(C) == [Alone(), TakeYou()]


def test_first_out_the_second_may_go_out_alone_or_take_the_first_along() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, Out())
    assert g.to_act == A and g.legal_actions(A) == [Out(), Alone(), TakeYou()]


def test_both_defenders_out_end_the_hand_and_the_bid_value_leaves_the_pouch() -> None:
    g = deal(HANDS, KITTY, pouches=(31, 31, 31))
    b_takes_spades(g, "7H")
    g.apply(C, Out())
    g.apply(A, Out())
    assert g.phase is Phase.OVER
    result = g.result
    assert result is not None and result.kind == "both_out"
    assert result.pouch_change == (0, -7, 0) and result.payments == ()


def test_a_lone_defender_plays_two_handed_and_the_lead_passes_on_from_an_eldest_who_dropped_out() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, In())
    g.apply(A, Out())
    g.apply(C, Alone())
    view = g.view(None)
    assert view.mode == "alone" and view.playing == (B, C)
    assert view.duties == (None, None, 2)
    # A, the eldest hand, is out: the first lead passes to the next player, B.
    assert g.to_act == B
    play_out(g)
    assert g.view(None).tricks[A] == 0 and sum(g.view(None).tricks) == 10
    assert g.view(None).hand_sizes[A] == 10


def test_an_invited_defender_plays_on_behalf_of_the_active_one() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, In())
    g.apply(A, Out())
    g.apply(C, TakeYou())
    view = g.view(None)
    assert view.mode == "invited" and view.active == C and view.invited == A
    assert view.duties == (None, None, 4)
    assert g.to_act == A  # the invited eldest hand plays, so it leads
    play_cards(g, PLAY)
    play_out(g)
    result = g.result
    assert result is not None and result.tricks == (2, 6, 2)
    # Made exactly: B pays the active defender for both defenders' tricks.
    assert [(p.payer, p.payee, p.chips) for p in result.payments] == [(B, C, 8)]


def test_an_invited_defenders_cards_stay_hidden_from_the_active_one() -> None:
    # Decision 20: the invited defender plays their own cards, unseen.
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, In())
    g.apply(A, Out())
    g.apply(C, TakeYou())
    assert codes(g.view(C).hand or ()) == codes(cs(HANDS[C]))
    assert not set(g.view(C).model_dump_json().split('"')) & {card.code for card in cs(HANDS[A])}


def test_the_second_defender_may_invite_the_first_who_dropped_out() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, Out())
    g.apply(A, TakeYou())
    view = g.view(None)
    assert view.mode == "invited" and view.active == A and view.invited == C


# ------------------------------------------------------------------------- the play


def test_the_eldest_hand_leads_the_first_trick_whoever_bid() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, In())
    g.apply(A, In())
    assert g.phase is Phase.PLAY and g.to_act == A


def test_follow_suit_else_trump_else_anything() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, In())
    g.apply(A, In())
    play_cards(g, "AH 7H 9H  KH 8H 10H  9D 7D AD  KD 10D 8D")
    g.apply(C, Play(card=c("AC")))
    # A holds clubs: must follow.
    assert {a.card for a in g.legal_actions(A)} == set(cs("7C 8C JC"))
    with pytest.raises(IllegalAction, match="follow suit"):
        g.apply(A, Play(card=c("QH")))
    g.apply(A, Play(card=c("7C")))
    # B has no clubs: B must trump though B holds hearts and diamonds.
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, In())
    g.apply(A, In())
    g.apply(A, Play(card=c("7C")))
    assert {a.card for a in g.legal_actions(B)} == set(cs("AS KS QS JS 10S 9S"))
    with pytest.raises(IllegalAction, match="must play a trump"):
        g.apply(B, Play(card=c("7H")))


def test_the_highest_trump_wins_and_the_winner_leads() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, In())
    g.apply(A, In())
    play_cards(g, PLAY)
    last = g.view(None).last_trick
    assert last is not None and last.winner == B and last.cards == tuple(cs("AC 7C 9S"))
    assert g.to_act == B
    # Out of trumps and of the suit led, anything goes.
    play_cards(g, "AS 8S")
    assert {a.card for a in g.legal_actions(A)} == set(cs("7S"))


def test_at_no_trump_a_player_out_of_the_suit_may_play_anything() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g, "6NT")
    g.apply(C, In())
    g.apply(A, In())
    play_cards(g, "AH 7H 9H  KH 8H 10H")
    g.apply(A, Play(card=c("QH")))
    assert {a.card for a in g.legal_actions(B)} == set(cs("AS KS QS JS 10S 9S 7D 8D"))


def test_a_hand_ends_after_ten_tricks_and_every_card_is_accounted_for() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, In())
    g.apply(A, In())
    play_out(g)
    view = g.view(None)
    assert g.phase is Phase.OVER and len(view.played) == 10 and view.seed is not None
    cards = [card for trick in view.played for card in trick.cards] + [*cs(KITTY)]
    assert sorted(cards) == sorted(PREFA_32.cards())


# ------------------------------------------------------------------------- the pouch floor


def test_a_bidder_whose_pouch_cannot_take_the_bid_value_is_paid_from_the_fullest_pouch() -> None:
    g = deal(HANDS, KITTY, pouches=(5, 1, 9))
    b_takes_spades(g)
    g.apply(C, In())
    g.apply(A, In())
    play_cards(g, PLAY)
    play_out(g)
    result = g.result
    assert result is not None and result.pouch_after == (5, 0, 8)
    assert (C, B, 10) in [(p.payer, p.payee, p.chips) for p in result.payments]
    assert g.outcome is not None and [g.outcome.net(s) for s in range(3)] == [4, -8 + 10, 4 - 10]


# ------------------------------------------------------------------------- variations


def test_seven_opens_the_holder_of_the_seven_of_spades_bids_and_leads_first_and_deals_next() -> None:
    # Decision 15: the 7 of spades. A holds it; B would be the eldest hand.
    assert c("7S") == SEVEN
    g = deal(HANDS, KITTY, dealer=A, seven_opens=True, first_hand=True)
    assert g.view(None).eldest == A and g.to_act == A
    g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    g.apply(B, Discard(cards=(c("9C"), c("10C"))))
    g.apply(B, Declare(contract=contract("6S")))
    g.apply(C, In())
    g.apply(A, In())
    assert g.to_act == A
    play_out(g)
    assert g.result is not None and g.result.next_dealer == A


def test_seven_opens_only_in_the_first_hand() -> None:
    g = deal(HANDS, KITTY, dealer=A, seven_opens=True, first_hand=False)
    assert g.to_act == B and g.view(None).eldest == B


def test_seven_opens_a_seven_in_the_kitty_means_a_new_deal() -> None:
    hands = {**HANDS, A: "9C AH KH QH JH 9D 10D 7C 8C JC"}
    g = deal(hands, "7S 10C", seven_opens=True, first_hand=True)
    assert g.phase is Phase.OVER and g.result is not None and g.result.kind == "redeal"
    assert g.result.same_dealer and g.outcome is not None and g.outcome.paid_in == (0, 0, 0)


def test_tentative_bid_takes_it_when_nobody_else_bids() -> None:
    g = deal(HANDS, KITTY, tentative=True)
    assert Tentative() in g.legal_actions(A)
    g.apply(A, Tentative())
    g.apply(B, Pass())
    g.apply(C, Pass())
    assert g.phase is Phase.KITTY and g.bidder == A
    assert ThrowIn() in g.legal_actions(A)


def test_tentative_bid_counts_as_a_pass_once_someone_bids_spades() -> None:
    g = deal(HANDS, KITTY, tentative=True)
    g.apply(A, Tentative())
    assert Tentative() not in g.legal_actions(B)
    g.apply(B, Bid(contract=contract("6S")))
    assert g.view(None).passed[A] and g.to_act == C
    g.apply(C, Pass())
    assert g.bidder == B


def test_tentative_bid_is_only_possible_before_an_opening_bid() -> None:
    g = deal(HANDS, KITTY, tentative=True)
    g.apply(A, Bid(contract=contract("6S")))
    assert Tentative() not in g.legal_actions(B)
    with pytest.raises(IllegalAction):
        g.apply(B, Tentative())


def test_tentative_throw_in_costs_two_points_and_two_chips_to_each_other_player() -> None:
    # Decision 18: with four players the one sitting out is paid too.
    g = deal(HANDS, KITTY, dealer=None, eldest=A, sitter="Di", tentative=True)
    g.apply(A, Tentative())
    g.apply(B, Pass())
    g.apply(C, Pass())
    g.apply(A, Discard(cards=(c("9C"), c("10C"))))
    g.apply(A, ThrowIn())
    result = g.result
    assert result is not None and result.kind == "tentative_thrown_in"
    assert result.pouch_change == (2, 0, 0, 0)
    assert g.outcome is not None and [g.outcome.net(p) for p in range(4)] == [-6, 2, 2, 2]


def test_a_bidder_who_bid_cannot_throw_in() -> None:
    g = deal(HANDS, KITTY, tentative=True)
    g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    assert ThrowIn() not in g.legal_actions(B)
    with pytest.raises(IllegalAction):
        g.apply(B, ThrowIn())


def test_ten_no_trump_variation_a_can_be_announced_worth_eleven() -> None:
    g = deal(HANDS, KITTY, ten_no_trump="A")
    b_takes_spades(g, "10NT")
    assert g.view(None).bid_value == 11
    g = deal(HANDS, KITTY)
    g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    g.apply(B, Discard(cards=(c("9C"), c("10C"))))
    assert Declare(contract=contract("10NT")) not in g.legal_actions(B)


def test_ten_no_trump_variation_b_is_worth_ten() -> None:
    g = deal(HANDS, KITTY, ten_no_trump="B")
    b_takes_spades(g, "10NT")
    assert g.view(None).bid_value == 10


def test_tens_as_nines_ten_tricks_made_the_short_defender_pays_a_hundred() -> None:
    g = deal(TEN, TEN_KITTY, tens_as_nines=True)
    b_takes_spades(g, "10S")
    assert g.view(None).duties == (0, None, 1)
    g.apply(C, In())
    g.apply(A, In())
    play_out(g)
    result = g.result
    assert result is not None and result.tricks[B] == 10 and result.scored_tricks == 9
    assert result.pouch_change == (0, 0, 0)
    assert [(p.payer, p.payee, p.chips) for p in result.payments] == [(C, B, 100)]


def test_without_tens_as_nines_ten_tricks_made_takes_ten_off_the_pouch() -> None:
    g = deal(TEN, TEN_KITTY)
    b_takes_spades(g, "10S")
    g.apply(C, In())
    g.apply(A, In())
    play_out(g)
    assert g.result is not None and g.result.pouch_change == (0, -10, 0) and g.result.payments == ()


def test_tens_as_nines_both_out_takes_ten_off_the_pouch() -> None:
    g = deal(TEN, TEN_KITTY, tens_as_nines=True)
    b_takes_spades(g, "10S")
    g.apply(C, Out())
    g.apply(A, Out())
    assert g.result is not None and g.result.pouch_change == (0, -10, 0)


def test_four_aces_only_a_bidder_holding_them_may_announce() -> None:
    g = deal(HANDS, KITTY, four_aces="A")
    g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    g.apply(B, Discard(cards=(c("9C"), c("10C"))))
    assert not any(getattr(a, "aces", False) for a in g.legal_actions(B))
    with pytest.raises(IllegalAction, match="all four"):
        g.apply(B, Declare(contract=contract("6S"), aces=True))


def test_four_aces_variation_a_raises_the_bid_value_by_the_agreed_amount() -> None:
    g = deal(ACES, ACES_KITTY, four_aces="A", pouch=31)
    b_takes_spades(g, "6S", aces=True)
    assert g.view(None).aces and g.view(None).bid_value == 2 + 3
    g.apply(C, Out())
    g.apply(A, Out())
    assert g.result is not None and g.result.pouch_change == (0, -5, 0)


def test_four_aces_variation_b_every_player_pays_the_agreed_chips_sitter_included() -> None:
    g = deal(ACES, ACES_KITTY, dealer=None, eldest=A, sitter="Di", four_aces="B", four_aces_amount=5)
    b_takes_spades(g, "6S", aces=True)
    assert g.view(None).bid_value == 2
    g.apply(C, Out())
    g.apply(A, Out())
    assert g.outcome is not None and [g.outcome.net(p) for p in range(4)] == [-5, 15, -5, -5]


def test_counter_invitation_the_first_defender_takes_the_lone_second_along() -> None:
    g = deal(HANDS, KITTY, counter_invitation=True)
    b_takes_spades(g)
    g.apply(C, Out())
    g.apply(A, Alone())
    assert g.to_act == C and g.legal_actions(C) == [LetAlone(), TakeYou()]
    g.apply(C, TakeYou())
    view = g.view(None)
    assert view.mode == "invited" and view.active == C and view.invited == A


def test_counter_invitation_declined_leaves_the_second_alone() -> None:
    g = deal(HANDS, KITTY, counter_invitation=True)
    b_takes_spades(g)
    g.apply(C, Out())
    g.apply(A, Alone())
    g.apply(C, LetAlone())
    assert g.view(None).mode == "alone" and g.view(None).active == A


def test_without_counter_invitation_going_alone_starts_the_play() -> None:
    g = deal(HANDS, KITTY)
    b_takes_spades(g)
    g.apply(C, Out())
    g.apply(A, Alone())
    assert g.phase is Phase.PLAY and g.view(None).mode == "alone"


def test_four_players_a_short_bidder_pays_the_sitter_25_chips() -> None:
    g = deal(HANDS, KITTY, dealer=None, eldest=A, sitter="Di")
    assert g.view(None).dealer is None and g.view(None).sitter == "Di"
    b_takes_spades(g, "7S")
    g.apply(C, In())
    g.apply(A, In())
    play_cards(g, PLAY)
    play_out(g)
    result = g.result
    assert result is not None and result.scenario == "up (short) by 1"
    assert (B, 3, 25) in [(p.payer, p.payee, p.chips) for p in result.payments]
    assert g.outcome is not None and g.outcome.net(3) == 25 and len(g.outcome.paid_in) == 4


def test_four_players_a_nailed_bidder_pays_the_sitter_50_chips() -> None:
    g = deal(HANDS, KITTY, dealer=None, eldest=A, sitter="Di")
    b_takes_spades(g, "8S")
    g.apply(C, In())
    g.apply(A, In())
    play_cards(g, PLAY)
    play_out(g)
    assert g.outcome is not None and g.outcome.net(3) == 50


def test_four_players_the_fullest_pouch_may_be_the_sitters() -> None:
    g = deal(HANDS, KITTY, dealer=None, eldest=A, sitter="Di", pouches=(1, 1, 5, 9))
    b_takes_spades(g)
    g.apply(C, In())
    g.apply(A, In())
    play_cards(g, PLAY)
    play_out(g)
    result = g.result
    assert result is not None and result.pouch_after == (1, 0, 5, 8)
    assert (3, B, 10) in [(p.payer, p.payee, p.chips) for p in result.payments]


@pytest.mark.parametrize("seven_opens", [False, True])
def test_four_players_a_tie_for_the_fullest_pouch_counts_the_sitter_in_the_dealers_place(
    seven_opens: bool,
) -> None:
    # Decision 11: the player sitting out sits in the dealer's place, just before the eldest
    # hand, whoever opens the bidding. The fourth player deals and sits out; A is the eldest
    # hand; B holds the 7 of spades, so with "seven opens" B bids first. B takes (6) spades
    # (bid value 2) with 1 point in the pouch and both defenders go out: the excess point
    # comes from a tied fullest pouch (A's or the sitter's), and going left from B the ring
    # is C, the sitter, A — so the sitter pays, with or without "seven opens".
    hands = {A: HANDS[A].replace("7S", "9S"), B: HANDS[B].replace("9S", "7S"), C: HANDS[C]}
    g = deal(
        hands,
        KITTY,
        dealer=None,
        eldest=A,
        sitter="Di",
        pouches=(1, 1, 0, 1),
        seven_opens=seven_opens,
        first_hand=True,
    )
    assert g.to_act == (B if seven_opens else A)
    if not seven_opens:
        g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    if seven_opens:
        g.apply(A, Pass())
    kitty = [card for card in g.view(B).kitty or ()]
    g.apply(B, Discard(cards=(kitty[0], kitty[1])))
    g.apply(B, Declare(contract=contract("6S")))
    g.apply(C, Out())
    g.apply(A, Out())
    result = g.result
    assert result is not None and result.pouch_after == (1, 0, 0, 0)
    assert [(p.payer, p.payee, p.chips) for p in result.payments] == [(3, B, 10)]


def test_four_players_the_deal_works_with_the_matchs_seating() -> None:
    from engine.core.match import Match

    match = Match.new(("1", "2", "3", "4")).fill_pouches(31, ("1", "2", "3", "4"))
    match, seating = match.next_hand(("1", "2", "3", "4"), dealer="2", dealer_sits_out=True)
    assert seating.dealer_seat is None and seating.sitting_out == ("2",)
    keys = (*seating.engine_seats, *seating.sitting_out)
    g = Prefa.new(
        PrefaOptions(),
        seating.engine_seats,
        7,
        dealer=None,
        eldest=seating.eldest,
        sitter=seating.sitting_out[0],
        pouches=[match.pouches[k] for k in keys],
    )
    assert g.seats[g.to_act or 0] == "3"  # the player on the dealer's left bids first
    for seat in g.awaiting:
        g.apply(seat, Pass())
    while g.phase is not Phase.OVER:
        g.apply(g.to_act or 0, Pass())
    assert g.result is not None and g.result.pouch_deltas(keys) == {}


def test_a_saved_hand_that_lost_a_card_is_refused() -> None:
    g = deal(HANDS, KITTY)
    data = g.to_json()
    data["hands"][0] = data["hands"][0][:-1]
    with pytest.raises(BadSetup):
        Prefa.from_json(data)
    data = g.to_json()
    data["seed"] = 99
    with pytest.raises(BadSetup, match="published deal"):
        Prefa.from_json(data)
    with pytest.raises(BadSetup):
        Prefa.from_json({"game_id": "prefa"})


def test_order_helper_is_the_whole_deck() -> None:
    assert len(order_for(HANDS, KITTY, 0)) == 32
