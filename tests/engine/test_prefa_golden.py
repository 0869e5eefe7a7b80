"""The rule text's worked example (Score Sheets), replayed move by move on stacked decks:
pouches of 31; B takes (6) spades and makes 6, A and C take 2 each; then A takes 7 hearts
and makes 8, B takes 2, C none, so C pays 56 chips to A and 14 to B."""

from __future__ import annotations

from engine.core.match import Match
from engine.prefa import Bid, Declare, Discard, In, Pass, Phase, Prefa, PrefaOptions
from engine.prefa.scoring import game_over

from .prefa_helpers import c, contract, order_for, play_cards, play_out

A, B, C = 0, 1, 2

FIRST = {
    A: "7S AH KH QH JH 9D 10D 7C 8C JC",
    B: "AS KS QS JS 10S 9S 7H 8H 7D 8D",
    C: "8S 9H 10H AD KD QD JD QC KC AC",
}
FIRST_KITTY = "9C 10C"
SECOND = {
    A: "7S 8S AH KH QH JH 10H 9H 8H 7H",
    B: "AS KS AD KD QD JD AC KC QC JC",
    C: "QS JS 10S 9S 10D 9D 8D 7D 10C 9C",
}
SECOND_KITTY = "7C 8C"


def hand(match: Match, hands: dict[int, str], kitty: str) -> tuple[Match, Prefa]:
    seating = match.seating
    assert seating is not None and seating.dealer_seat is not None
    order = order_for(hands, kitty, seating.eldest)
    pouches = [match.pouches[key] for key in seating.engine_seats]
    g = Prefa.new_from_order(
        PrefaOptions(pouch=31), seating.engine_seats, order, dealer=seating.dealer_seat, pouches=pouches
    )
    return match, g


def settle_hand(match: Match, g: Prefa, ledger: dict[str, int]) -> Match:
    seating = match.seating
    assert seating is not None and g.result is not None and g.outcome is not None
    keys = seating.engine_seats
    for seat, key in enumerate(keys):
        ledger[key] += g.outcome.net(seat)
    return match.change_pouches(g.result.pouch_deltas(keys))


def test_the_score_sheet_example_hand_by_hand() -> None:
    match = Match.new(("A", "B", "C")).fill_pouches(31, ("A", "B", "C"))
    ledger = dict.fromkeys("ABC", 0)

    # First hand: C deals, so A is the eldest hand and bids first.
    match, seating = match.next_hand(("A", "B", "C"), dealer="C")
    assert seating.eldest == A
    match, g = hand(match, FIRST, FIRST_KITTY)
    g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    assert g.phase is Phase.KITTY and g.bidder == B
    g.apply(B, Discard(cards=(c("9C"), c("10C"))))
    g.apply(B, Declare(contract=contract("6S")))
    assert g.view(None).bid_value == 2
    assert g.to_act == C  # the defender on the bidder's left speaks first
    g.apply(C, In())
    g.apply(A, In())
    assert g.view(None).duties == (2, None, 2)
    # The eldest hand leads: A cashes two hearts, C two diamonds, then B ruffs and draws trumps.
    play_cards(g, "AH 7H 9H  KH 8H 10H  9D 7D AD  KD 10D 8D  AC 7C 9S")
    play_out(g)
    assert g.view(None).tricks == (2, 6, 2)
    result = g.result
    assert result is not None and result.scenario == "made exactly"
    # B subtracts the bid value from the pouch and pays each defender 2 x 2 chips.
    assert result.pouch_change == (0, -2, 0)
    assert g.outcome is not None and [g.outcome.net(s) for s in range(3)] == [4, -8, 4]
    match = settle_hand(match, g, ledger)
    assert match.pouches == {"A": 31, "B": 29, "C": 31}
    assert ledger == {"A": 4, "B": -8, "C": 4}

    # Second hand: the deal passes left to A; B is the eldest hand.
    match, seating = match.next_hand(("A", "B", "C"))
    assert seating.dealer == "A" and seating.eldest == B
    match, g = hand(match, SECOND, SECOND_KITTY)
    g.apply(B, Pass())
    g.apply(C, Pass())
    g.apply(A, Bid(contract=contract("6S")))
    g.apply(A, Discard(cards=(c("7C"), c("8C"))))
    g.apply(A, Declare(contract=contract("7H")))
    assert g.view(None).bid_value == 7
    # At 7 tricks the defender on the bidder's left must take 2, the one on the right 1.
    g.apply(B, In())
    g.apply(C, In())
    assert g.view(None).duties == (None, 2, 1)
    play_cards(g, "AS 9S 7S  KS 10S 8S  AD 7D 7H")
    play_out(g)
    assert g.view(None).tricks == (8, 2, 0)
    result = g.result
    assert result is not None and result.scenario == "made with 1 extra"
    # No change to A's pouch; C, short by one, pays A 8 x 7 = 56 and B 2 x 7 = 14.
    assert result.pouch_change == (0, 0, 0)
    paid = {(p.payer, p.payee): p.chips for p in result.payments}
    assert paid == {(C, A): 56, (C, B): 14}
    match = settle_hand(match, g, ledger)
    assert match.pouches == {"A": 31, "B": 29, "C": 31}
    assert ledger == {"A": 60, "B": 6, "C": -66}
    assert not game_over(match.pouches)
