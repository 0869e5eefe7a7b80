"""The rule text's worked examples, replayed move by move on stacked decks."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.primero import AllIn, Bid, Fold, HandType, Pass, Phase, Primero, SeatStatus, Stake

from .primero_helpers import c, cs, game

N, P = HandType.NUMERUS, HandType.PRIMERO

# --------------------------------------------------------------- the Sample Hand

SAMPLE_NAMES = ("Alberto", "Bernardo", "Cinthio", "Domenico")
ALBERTO, BERNARDO, CINTHIO, DOMENICO = range(4)
# Deck order: the first deal (Alberto, Bernardo, Cinthio, Domenico: Domenico deals), the
# first-round draws (Cinthio's 7H, Domenico's KH), the second deal, then the second-round
# draws (Alberto's AD, Cinthio's 7D, Alberto's 7C 3S).
SAMPLE_DECK = "6H 2D 3H 6D JC 3D QS 5C  7H KH  2C QH 4D 5D JD 5S JH AS  AD 7D 7C 3S"


def hand(g: Primero, seat: int) -> list[str]:
    return sorted(card.code for card in g.view(seat).hand or ())


def codes(text: str) -> list[str]:
    return sorted(card.code for card in cs(text))


def sample() -> Primero:
    g = game(SAMPLE_NAMES, SAMPLE_DECK)
    view = g.view(None)
    assert view.dealer == DOMENICO and view.to_act == ALBERTO
    assert view.pot == 0 and view.stacks == (100, 100, 100, 100)
    assert hand(g, ALBERTO) == codes("6H 2D")
    assert hand(g, BERNARDO) == codes("3H 6D")
    assert hand(g, CINTHIO) == codes("JC 3D")
    assert hand(g, DOMENICO) == codes("QS 5C")
    return g


def first_round(g: Primero) -> None:
    # Alberto bids numerus 20, "the lowest possible bid", with a bet of 5 (he holds no
    # numerus yet: the first round may overstate at this table).
    assert min(g.choices(ALBERTO).bids[N]) == 20  # type: ignore[union-attr]
    g.apply(ALBERTO, Bid(type=N, total=20, bet=5))
    assert g.view(None).pot == 5 and g.view(None).stacks[ALBERTO] == 95
    # Bernardo throws in 5 to keep his hand.
    g.apply(BERNARDO, Stake())
    assert g.view(None).pot == 10 and g.view(None).stacks[BERNARDO] == 95
    # Cinthio passes, setting aside 5, discards the JC and draws the 7H.
    g.apply(CINTHIO, Pass(discard=(c("JC"),)))
    assert g.view(CINTHIO).drawn == (c("7H"),)
    assert hand(g, CINTHIO) == codes("3D 7H")
    # Domenico sets aside 5, discards QS and draws KH.
    g.apply(DOMENICO, Pass(discard=(c("QS"),)))
    assert g.view(DOMENICO).drawn == (c("KH"),)


def test_sample_hand_first_round() -> None:
    g = sample()
    first_round(g)
    view = g.view(None)
    # Play has returned to Alberto with no new bets: two more cards each.
    assert view.phase is Phase.SECOND and view.to_act == ALBERTO
    assert view.pot == 10
    assert view.stacks == (95, 95, 95, 95)
    assert view.set_aside == (0, 0, 5, 5)
    assert view.discards == ((), (), (c("JC"),), (c("QS"),))
    assert view.hand_sizes == (4, 4, 4, 4)
    # Decision 4: the bid carries into the second round, the bet does not.
    assert view.bid is not None and view.bid.text == "numerus 20" and view.bid.bidder == ALBERTO
    assert view.bet == 0
    assert hand(g, ALBERTO) == codes("6H 2D 2C QH")
    assert hand(g, BERNARDO) == codes("3H 6D 4D 5D")
    assert hand(g, CINTHIO) == codes("3D 7H JD 5S")
    assert hand(g, DOMENICO) == codes("5C KH JH AS")


def test_sample_hand_second_round_and_showdown() -> None:
    g = sample()
    first_round(g)
    # Alberto passes, discarding QH, and gets the AD: numerus 28. No bet, nothing set aside.
    g.apply(ALBERTO, Pass(discard=(c("QH"),)))
    assert hand(g, ALBERTO) == codes("6H 2D 2C AD")
    assert g.view(ALBERTO).forms == {N: 28}
    assert g.view(None).set_aside == (0, 0, 5, 5)
    # Bernardo holds numerus 47, understates and bids numerus 25 at 10; no discard.
    assert g.view(BERNARDO).forms == {N: 47}
    g.apply(BERNARDO, Bid(type=N, total=25, bet=10))
    view = g.view(None)
    assert view.pot == 20 and view.stacks[BERNARDO] == 85 and view.bet == 10
    # Cinthio passes (another 10 aside), discards JD and gets 7D.
    g.apply(CINTHIO, Pass(discard=(c("JD"),)))
    assert hand(g, CINTHIO) == codes("3D 7H 5S 7D")
    view = g.view(None)
    assert view.set_aside == (0, 0, 15, 5) and view.stacks[CINTHIO] == 85
    # Domenico folds: of his 5 set aside, 2 to the pot and 3 back.
    g.apply(DOMENICO, Fold())
    view = g.view(None)
    assert view.status[DOMENICO] is SeatStatus.FOLDED
    assert view.pot == 22 and view.stacks[DOMENICO] == 98 and view.set_aside[DOMENICO] == 0
    assert "2 chips of the 5 set aside to the pot, 3 back" in g.events[-1].text
    # Alberto: nobody covered Bernardo's bet, so he must. He can neither pass nor fold.
    choice = g.choices(ALBERTO)
    assert choice is not None and choice.forced and not choice.can_pass and not choice.fold
    assert g.view(ALBERTO).forced == ALBERTO
    for refused in (Pass(discard=(c("2C"), c("6H"))), Fold()):
        with pytest.raises(IllegalAction, match="must cover"):
            g.apply(ALBERTO, refused)
    # He changes 2C and 6H for 7C 3S and covers the 10; he makes no new bet.
    g.apply(ALBERTO, Stake(discard=(c("2C"), c("6H"))))
    assert "must cover and covers 10 chips" in g.events[-1].text
    assert hand(g, ALBERTO) == codes("2D AD 7C 3S")
    view = g.view(None)
    assert view.pot == 32 and view.stacks[ALBERTO] == 85
    # Back to the bidder: the hand ends. Cinthio decides, and stakes his 5 + 10.
    assert view.phase is Phase.CHOICE and view.to_act == CINTHIO
    assert g.choices(CINTHIO).set_aside == 15  # type: ignore[union-attr]
    events = g.apply(CINTHIO, Stake())
    assert events[0].text == "Cinthio stays in and puts in 15 chips set aside."
    view = g.view(None)
    assert view.phase is Phase.OVER
    # Alberto numerus 28, Bernardo 47, Cinthio 34; Domenico folded and shows nothing.
    shown = {showing.seat: showing.forms for showing in view.showdown or ()}
    assert shown == {ALBERTO: {N: 28}, BERNARDO: {N: 47}, CINTHIO: {N: 34}}
    # Bernardo wins the whole pot: 5+5 in the first round, 10+2+10+15 in the second.
    assert view.winner == BERNARDO
    assert view.payouts == (0, 47, 0, 0)
    assert view.stacks == (85, 132, 85, 98)
    assert view.carried == 0 and view.pot == 0
    outcome = g.outcome
    assert outcome is not None
    assert outcome.winners == (BERNARDO,)
    assert outcome.paid_in == (15, 15, 15, 2)
    assert outcome.paid_out == (0, 47, 0, 0)
    assert [e.kind for e in g.events[-4:]] == ["show", "show", "show", "result"]


# --------------------------------------------------------------------- All in

# Five players, ante 10 each: the pot has 50. The second player has only 25, so 15 after
# the ante. Hands after both deals (no draws):
#   seat 0: 2C 3S | 4H 5C   numerus 27
#   seat 1: 7D 6D | 5D 2S   numerus 54   (the all-in player)
#   seat 2: JH QH | KS KC   numerus 20
#   seat 3: 7H AH | QS QC   numerus 37
#   seat 4: 3C 4S | 5H 2D   primero only
ALL_IN_DECK = "2C 3S 7D 6D JH QH 7H AH 3C 4S  4H 5C 5D 2S KS KC QS QC 5H 2D"
# The same, but seat 2 holds 7C 6C AC JS (numerus 55) and beats the all-in player.
ALL_IN_LOSES_DECK = "2C 3S 7D 6D 7C 6C 7H AH 3C 4S  4H 5C 5D 2S AC JS QS QH 5H 2D"
NAMES5 = ("Ana", "Bo", "Cy", "Di", "Ed")


def all_in_round(deck: str) -> Primero:
    g = game(NAMES5, deck, ante=10, stacks=[100, 25, 100, 100, 100])
    assert g.view(None).pot == 50 and g.view(None).stacks == (90, 15, 90, 90, 90)
    # Someone bids 20, raising the pot to 70.
    g.apply(0, Bid(type=N, total=20, bet=20))
    assert g.view(None).pot == 70
    # "You only have 15": you can't stake, so you declare all in.
    choice = g.choices(1)
    assert choice is not None and not choice.stake and choice.all_in
    g.apply(1, AllIn())
    view = g.view(None)
    assert view.all_in == 1 and view.status[1] is SeatStatus.ALL_IN and view.stacks[1] == 0
    # 15 of the bidder's 20 stay in the main pot, 5 form the secondary pot.
    assert view.pot == 50 + 15 + 15 and view.side_pot == 5
    # The bet is still 20; each staker puts 15 in the main pot and 5 in the secondary.
    assert view.bet == 20
    for seat in (2, 3, 4):
        g.apply(seat, Stake())
        assert g.view(None).stacks[seat] == 70
    view = g.view(None)
    assert view.pot == 80 + 3 * 15 and view.side_pot == 5 + 3 * 5
    # No further bids this hand.
    assert view.phase is Phase.SECOND and view.to_act == 0
    assert g.choices(0).bids == {}  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="all in"):
        g.apply(0, Bid(type=N, total=30, bet=5))
    # Everyone else stands in the second round (the all-in player no longer acts).
    for seat in (0, 2, 3, 4):
        assert g.to_act == seat
        g.apply(seat, Stake())
    assert g.phase is Phase.OVER
    return g


def test_all_in_example_all_in_player_wins_main_and_second_best_takes_secondary() -> None:
    g = all_in_round(ALL_IN_DECK)
    view = g.view(None)
    assert view.winner == 1 and view.second == 3
    assert view.payouts == (0, 125, 0, 20, 0)
    assert view.stacks == (70, 125, 70, 90, 70)
    assert view.carried == 0
    assert g.outcome is not None and g.outcome.winners == (1, 3)
    assert "takes the secondary pot" in g.outcome.summary


def test_all_in_example_someone_else_wins_both_pots() -> None:
    g = all_in_round(ALL_IN_LOSES_DECK)
    view = g.view(None)
    assert view.winner == 2 and view.second is None
    assert view.payouts == (0, 0, 145, 0, 0)
    assert view.stacks == (70, 0, 215, 70, 70)
    assert view.carried == 0


# --------------------------------------------------------------------- Passing

# Three players, seat 2 deals; hands after the second deal:
#   seat 0: 7C AS AH 4D   primero 67
#   seat 1: 7S 7H AD KD   "nothing" (numerus 26); changes KD for 2C: primero 70
#   seat 2: 6S 6H 6D 5C   primero 69
PASSING_DECK = "7C AS 7S 7H 6S 6H  AH 4D AD KD 6D 5C  2C"


def passing_example() -> Primero:
    g = game(("Ana", "Bo", "Cy"), PASSING_DECK)
    for seat in range(3):
        g.apply(seat, Stake())  # nobody bids in the first round
    assert g.phase is Phase.SECOND
    # The current bid is primero 60 at 10.
    g.apply(0, Bid(type=P, total=60, bet=10))
    # You have nothing: you pass, set aside 10, and draw to a primero 70.
    g.apply(1, Pass(discard=(c("KD"),)))
    assert g.view(1).forms == {P: 70}
    assert g.view(None).set_aside == (0, 10, 0) and g.view(None).stacks[1] == 90
    return g


def test_passing_example_re_entering_pays_the_set_aside_then_the_bet() -> None:
    g = passing_example()
    # Someone bids primero 65 at 15 (covering the 10 first).
    g.apply(2, Bid(type=P, total=65, bet=15))
    assert g.view(None).stacks[2] == 75
    g.apply(0, Stake())
    assert g.view(None).stacks[0] == 75
    # You re-enter: the 10 set aside brings you current, then 15 matches the bet.
    assert g.choices(1).set_aside == 10 and g.choices(1).owe == 15  # type: ignore[union-attr]
    g.apply(1, Stake())
    assert "Bo puts in 10 chips set aside and stakes 15 chips." in [e.text for e in g.events]
    # The turn is back to the bidder: straight to the showdown (nothing left set aside).
    view = g.view(None)
    assert view.phase is Phase.OVER
    assert view.set_aside == (0, 0, 0)
    assert view.winner == 1
    assert view.payouts == (0, 75, 0)
    assert view.stacks == (75, 150, 75)


def end_of_hand_choice() -> Primero:
    g = passing_example()
    g.apply(2, Stake())  # the hand ends: back to the bidder
    view = g.view(None)
    assert view.phase is Phase.CHOICE and view.to_act == 1
    assert view.pot == 20
    return g


def test_passing_example_folding_at_the_end_gives_half_the_set_aside() -> None:
    g = end_of_hand_choice()
    g.apply(1, Fold())
    view = g.view(None)
    # Throw 5 into the pot and return 5 to your bank.
    assert view.status[1] is SeatStatus.FOLDED
    assert view.stacks[1] == 95
    assert view.phase is Phase.OVER
    # Seat 2's primero 69 beats seat 0's 67; the pot is 10 + 10 + 5.
    assert view.winner == 2 and view.payouts == (0, 0, 25)


def test_passing_example_staking_at_the_end_puts_the_set_aside_in() -> None:
    g = end_of_hand_choice()
    g.apply(1, Stake())
    view = g.view(None)
    assert view.phase is Phase.OVER and view.set_aside == (0, 0, 0)
    # The pot is 10 + 10 + 10 set aside; seat 1's primero 70 takes it.
    assert view.winner == 1 and view.payouts == (0, 30, 0)
    assert view.stacks == (90, 120, 90)


# ----------------------------------------------------------- the non-betting variant

# Four players; after both deals:
#   seat 0: 7S 7H 7D 2C   primero 75 (the winner)
#   seat 1: 6S 6H 6D 5C   primero 69
#   seat 2: AS AH AD 4C   primero 62
#   seat 3: KC QC JC 3S   numerus 30, no primero
NON_BETTING_DECK = "7S 7H 6S 6H AS AH KC QC  7D 2C 6D 5C AD 4C JC 3S"


def test_non_betting_example_primero_75_with_two_other_primeros_scores_375() -> None:
    g = game(("Ana", "Bo", "Cy", "Di"), NON_BETTING_DECK, betting=False)
    assert g.view(None).stacks == (0, 0, 0, 0)
    for seat in range(4):
        g.apply(seat, Stake())
    g.apply(0, Bid(type=P, total=70))  # understated; no bet in this variant
    for seat in (1, 2, 3):
        g.apply(seat, Stake())
    view = g.view(None)
    assert view.phase is Phase.OVER
    assert view.winner == 0
    # 3 primeros at 100 apiece plus 75; the others their totals; no primero, nothing.
    assert view.points == (375, 69, 62, 0)
    assert view.payouts == (0, 0, 0, 0) and view.stacks == (0, 0, 0, 0)
    assert g.outcome is not None and g.outcome.summary == "Ana wins with primero and scores 375 points."
