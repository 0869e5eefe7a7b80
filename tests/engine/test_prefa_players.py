"""The basic computer player: bids its hand, keeps its best cards, defends by the text's
collectivist rule, and plays sound cards."""

from __future__ import annotations

import pytest

from engine.core.players import computer_levels, computer_player
from engine.prefa import Bid, Declare, Discard, In, Pass, Phase, Play, Prefa, PrefaOptions
from engine.prefa.players import BasicPlayer, make_player, tricks_with

from .prefa_helpers import c, contract, cs, deal

A, B, C = 0, 1, 2

# A deals, so B (with six top spades and the ace of hearts) is the eldest hand and leads.
HANDS = {
    A: "8S KH JH 7H 9D 10D JD 7C 8C JC",
    B: "AS KS QS JS 10S 9S AH 8H 7D 8D",
    C: "7S QH 10H 9H QD KD AD QC KC AC",
}
KITTY = "9C 10C"
GUARDED_KING = {
    A: "8S KH 7H 9D 10D JD QD 7C 8C JC",
    B: HANDS[B],
    C: "7S QH JH 10H 9H KD AD QC KC AC",
}


def to_play(g: Prefa) -> None:
    """B bids (6) spades and the others pass; B discards the diamonds, both defend."""
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    g.apply(A, Pass())
    g.apply(B, Discard(cards=(c("7D"), c("8D"))))
    g.apply(B, Declare(contract=contract("6S")))
    g.apply(C, In())
    g.apply(A, In())


def test_the_registry_gives_the_basic_level_for_prefa() -> None:
    assert computer_levels("prefa") == ("basic", "strong")
    assert isinstance(computer_player("prefa"), BasicPlayer)
    with pytest.raises(ValueError):
        make_player("expert")


def test_refuses_when_it_is_not_its_turn() -> None:
    g = deal(HANDS, KITTY, dealer=A)
    with pytest.raises(ValueError):
        BasicPlayer().choose(g, A)


def test_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    g = deal(HANDS, KITTY, dealer=A)
    player = BasicPlayer()
    assert player.choose(g, B) == Bid(contract=contract("6S"))
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    assert player.choose(g, A) == Pass()


def test_estimates_six_top_trumps_as_six_tricks() -> None:
    hand = cs("AS KS QS JS 10S 9S 7H 8H 7D 8D")
    assert 6 <= tricks_with(hand, "spades") < 7
    assert tricks_with(hand, "hearts") < 3


def test_keeps_its_trumps_and_aces_when_it_discards() -> None:
    g = deal(HANDS, KITTY, dealer=A)
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    g.apply(A, Pass())
    action = BasicPlayer().choose(g, B)
    assert isinstance(action, Discard)
    assert not any(card.suit == "spades" or card.rank == 14 for card in action.cards)


def test_announces_the_cheapest_contract_its_hand_makes_never_below_the_bid() -> None:
    g = deal(HANDS, KITTY, dealer=A)
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Bid(contract=contract("6C")))
    g.apply(A, Pass())
    g.apply(B, Bid(contract=contract("6D")))
    g.apply(C, Pass())
    g.apply(B, Discard(cards=(c("7D"), c("8D"))))
    assert BasicPlayer().choose(g, B) == Declare(contract=contract("7S"))


def test_the_bidder_draws_trumps_with_its_top_trump() -> None:
    g = deal(HANDS, KITTY, dealer=A)
    to_play(g)
    assert g.to_act == B
    assert BasicPlayer().choose(g, B) == Play(card=c("AS"))


def test_a_defender_never_takes_a_trick_from_the_other_defender() -> None:
    g = deal(HANDS, KITTY, dealer=A)
    to_play(g)
    g.apply(B, Play(card=c("8H")))
    g.apply(C, Play(card=c("QH")))
    # A could beat the Queen with the King but the trick is already the defence's.
    assert BasicPlayer().choose(g, A) == Play(card=c("7H"))


def test_a_defender_may_play_a_king_with_one_guard_while_the_ace_is_out() -> None:
    # Leivaditis's second exception: the King would otherwise be left exposed to the Ace.
    g = deal(GUARDED_KING, KITTY, dealer=A)
    to_play(g)
    g.apply(B, Play(card=c("8H")))
    g.apply(C, Play(card=c("QH")))
    assert BasicPlayer().choose(g, A) == Play(card=c("KH"))


def test_a_defender_who_cannot_beat_the_bidder_keeps_its_high_cards() -> None:
    g = deal(HANDS, KITTY, dealer=A)
    to_play(g)
    g.apply(B, Play(card=c("AH")))
    g.apply(C, Play(card=c("9H")))
    assert BasicPlayer().choose(g, A) == Play(card=c("7H"))


def test_basic_bidders_make_most_of_their_contracts() -> None:
    player = BasicPlayer()
    made = played = 0
    for seed in range(120):
        g = Prefa.new(PrefaOptions(), ("Ana", "Bo", "Cy"), seed, dealer=seed % 3)
        while g.phase is not Phase.OVER:
            seat = g.to_act
            assert seat is not None
            g.apply(seat, player.choose(g, seat))
        result = g.result
        assert result is not None
        if result.kind == "played":
            played += 1
            made += bool(result.made)
    assert played >= 40 and made >= 0.75 * played
