"""The strong computer player: every decision by sampling the hidden cards and solving each
sample double-dummy under the hand's real scoring."""

from __future__ import annotations

import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from itertools import product
from typing import Any

import pytest

from engine.core.cards import PREFA_32
from engine.core.msg import english
from engine.core.players import Advises, computer_player
from engine.prefa import (
    Bid,
    Declare,
    Discard,
    In,
    Out,
    Pass,
    Phase,
    Play,
    Prefa,
    PrefaOptions,
    PrefaView,
)
from engine.prefa.basic import bid_limit, defensive_tricks, tricks_with
from engine.prefa.dd import OutOfNodes, Search
from engine.prefa.estimate import bid_limit as fast_limit
from engine.prefa.estimate import defence, tricks
from engine.prefa.outcome import Scorer
from engine.prefa.players import BasicPlayer
from engine.prefa.sampler import TOLERANCE, deal, knowledge, misfit
from engine.prefa.scoring import STRAINS, Contract
from engine.prefa.solver import SUIT_MASK, Position, Solver, card_id, cards_in, mask_of
from engine.prefa.strong import _DECIDED as DECIDED
from engine.prefa.strong import _SOLVED as SOLVED
from engine.prefa.strong import Budget, StrongPlayer

from .prefa_helpers import c, contract, cs
from .prefa_helpers import deal as stacked

SEATS = ("Ana", "Bo", "Cy")
A, B, C = 0, 1, 2
QUICK = Budget(bid=15_000, kitty=15_000, contract=15_000, defence=15_000, card=15_000, worlds=6, least=2)
"""A small budget, so the tests stay quick: the decisions are the same kind, with fewer deals."""


def _brought(seed: int, phase: Phase, tricks_played: int = 0) -> Prefa | None:
    """A seeded hand brought by basic players to `phase` (and `tricks_played` tricks into the
    play), with a choice to make there; None if the hand never gets there."""
    game = Prefa.new(PrefaOptions(), SEATS, seed, dealer=seed % 3)
    basic = BasicPlayer()
    while (seat := game.to_act) is not None:
        there = game.phase is phase and len(game.view(None).played) >= tricks_played
        if there and len(game.legal_actions(seat)) > 1:
            return game
        game.apply(seat, basic.choose(game, seat))
    return None


def _auctions(count: int, calls: int) -> list[Prefa]:
    """Seeded hands in the bidding after at least `calls` calls, with a choice to make."""
    out = []
    basic = BasicPlayer()
    for seed in range(1000):
        game = Prefa.new(PrefaOptions(), SEATS, seed, dealer=seed % 3)
        while game.phase is Phase.BIDDING and (seat := game.to_act) is not None:
            if len(game.view(None).sheet) >= calls and len(game.legal_actions(seat)) > 1:
                out.append(game)
                break
            game.apply(seat, basic.choose(game, seat))
        if len(out) == count:
            break
    return out


def _states(phase: Phase, count: int, start: int = 0, tricks_played: int = 0) -> list[Prefa]:
    out = []
    seed = start
    while len(out) < count:
        game = _brought(seed, phase, tricks_played)
        if game is not None:
            out.append(game)
        seed += 1
    return out


# ------------------------------------------------------------------------ the estimates


def test_the_fast_estimates_are_the_basic_players() -> None:
    rng = random.Random(3)
    deck = PREFA_32.cards()
    for _ in range(400):
        hand = rng.sample(deck, rng.choice((10, 12)))
        mask = mask_of(hand)
        for index, strain in enumerate(STRAINS):
            assert tricks(mask, index) == pytest.approx(tricks_with(hand, strain))
        for trump in (-1, 0, 1, 2, 3):
            suit = None if trump < 0 else STRAINS[trump]
            assert defence(mask, trump) == pytest.approx(defensive_tricks(hand, suit))
        assert fast_limit(mask, "off") == bid_limit(hand, "off")
        assert fast_limit(mask, "A") == bid_limit(hand, "A")


# ------------------------------------------------------------------------ the search


def _brute(hands: list[int], trick: list[tuple[int, int]], seat: int, pos: Position) -> int:
    """Plain minimax, every legal card, no pruning: the bidder's tricks from here."""
    if not hands[seat]:
        return 0
    hand = hands[seat]
    if trick:
        led = trick[0][1] >> 3
        legal = hand & SUIT_MASK[led] or (hand & SUIT_MASK[pos.trump] if pos.trump >= 0 else 0) or hand
    else:
        legal = hand
    values = []
    for cid in cards_in(legal):
        hands[seat] = hand & ~(1 << cid)
        now = [*trick, (seat, cid)]
        if len(now) == len(pos.order):
            win_seat, best = now[0]
            for s, card in now[1:]:
                if (card >> 3 == best >> 3 and card > best) or (
                    card >> 3 != best >> 3 and card >> 3 == pos.trump
                ):
                    win_seat, best = s, card
            value = (win_seat == pos.bidder) + _brute(hands, [], win_seat, pos)
        else:
            value = _brute(hands, now, pos.order[seat], pos)
        hands[seat] = hand
        values.append(value)
    return max(values) if seat == pos.bidder else min(values)


def _endgame(seed: int, tricks_left: int, playing: int) -> tuple[Position, list[int]]:
    rng = random.Random(seed)
    ids = list(range(32))
    rng.shuffle(ids)
    seats = [0, 1, 2][:playing] if playing == 3 else rng.choice(([0, 1], [0, 2], [1, 2]))
    hands = [0, 0, 0]
    for i, seat in enumerate(seats):
        hands[seat] = sum(1 << card for card in ids[i * tricks_left : (i + 1) * tricks_left])
    order = {s: seats[(i + 1) % len(seats)] for i, s in enumerate(seats)}
    pos = Position(
        hands=hands,
        trick=[],
        to_act=rng.choice(seats),
        trump=rng.choice([-1, 0, 1, 2, 3]),
        bidder=rng.choice(seats),
        order=order,
    )
    return pos, seats


@pytest.mark.parametrize(("seed", "tricks_left", "playing"), list(product(range(30), (2, 3, 4), (2, 3))))
def test_the_fast_search_agrees_with_brute_force(seed: int, tricks_left: int, playing: int) -> None:
    pos, _ = _endgame(seed, tricks_left, playing)
    expected = _brute(list(pos.hands), [], pos.to_act, pos)
    search = Search(pos.trump, pos.bidder, pos.order)
    assert search.tricks(pos.hands, pos.to_act) == expected
    # A window gives the value inside it and a bound outside it.
    low, high = expected - 1, expected + 1
    assert Search(pos.trump, pos.bidder, pos.order).tricks(pos.hands, pos.to_act, low, high) == expected
    assert Search(pos.trump, pos.bidder, pos.order).tricks(pos.hands, pos.to_act, expected, 11) <= expected
    assert Search(pos.trump, pos.bidder, pos.order).tricks(pos.hands, pos.to_act, -1, expected) >= expected


@pytest.mark.parametrize("seed", range(30))
def test_each_card_is_valued_as_brute_force_values_it_mid_trick(seed: int) -> None:
    pos, _seats = _endgame(seed + 100, 3, 3)
    leader = pos.to_act
    lead = cards_in(pos.hands[leader])[0]
    hands = list(pos.hands)
    hands[leader] &= ~(1 << lead)
    seat = pos.order[leader]
    trick = [(leader, lead)]
    legal = hands[seat] & SUIT_MASK[lead >> 3] or (
        hands[seat] & SUIT_MASK[pos.trump] if pos.trump >= 0 else 0
    )
    cards = cards_in(legal or hands[seat])
    exact = Search(pos.trump, pos.bidder, pos.order).card_values(hands, trick, seat, cards)
    for cid, value in exact.items():
        after = list(hands)
        after[seat] &= ~(1 << cid)
        assert value == _brute(after, [*trick, (seat, cid)], pos.order[seat], pos)
    # The cheaper scores: the best card exact, every other at most one trick off the best
    # on its own side, never better than it really is.
    scores = Search(pos.trump, pos.bidder, pos.order).card_scores(hands, trick, seat, cards)
    maximize = seat == pos.bidder
    best = max(exact.values()) if maximize else min(exact.values())
    assert (max if maximize else min)(scores.values()) == best
    for cid, score in scores.items():
        if exact[cid] == best:
            assert score == best
        else:
            assert score == (best - 1 if maximize else best + 1)


def test_the_fast_search_agrees_with_the_first_solver_on_whole_deals() -> None:
    rng = random.Random(5)
    for _ in range(2):
        ids = list(range(32))
        rng.shuffle(ids)
        hands = [sum(1 << card for card in ids[s * 10 : (s + 1) * 10]) for s in range(3)]
        order = {0: 1, 1: 2, 2: 0}
        trump, bidder = rng.choice([-1, 0, 3]), rng.choice([0, 1, 2])
        pos = Position(hands=hands, trick=[], to_act=0, trump=trump, bidder=bidder, order=order)
        assert Search(trump, bidder, order).tricks(hands, 0) == Solver(pos).bidder_tricks()


def test_a_search_past_its_limit_runs_out() -> None:
    hands = [mask_of(cs("AS KS QS JS 10S 9S 8S 7S AH KH")), mask_of(cs("AD KD QD JD 10D 9D 8D 7D QH JH"))]
    hands.append(mask_of(cs("AC KC QC JC 10C 9C 8C 7C 10H 9H")))
    with pytest.raises(OutOfNodes):
        Search(-1, 0, {0: 1, 1: 2, 2: 0}, limit=5).tricks(hands, 1)
    assert Search(0, 0, {0: 1, 1: 2, 2: 0}).tricks(hands, 0) == 10


# ------------------------------------------------------------------------ the sampler


@pytest.mark.parametrize("seed", range(12))
def test_the_sampler_never_deals_a_seen_card_or_a_suit_a_seat_showed_out_of(seed: int) -> None:
    game = _states(Phase.PLAY, 1, start=seed * 7, tricks_played=seed % 8)[0]
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    know = knowledge(view)
    seen = mask_of(view.hand or ()) | mask_of(view.discards or ())
    for trick in view.played:
        seen |= mask_of(trick.cards)
    seen |= mask_of([card for _, card in view.trick])
    truth = {s: mask_of(game.view(s).hand or ()) for s in range(3)}
    assert not know.pool & seen
    rng = random.Random(seed)
    for _ in range(10):
        hands, _ = deal(know, rng)
        dealt = 0
        for other in know.others:
            held = hands[other.seat]
            assert held.bit_count() == view.hand_sizes[other.seat]
            assert not held & seen and not held & dealt
            assert not held & other.barred
            # What the seat showed out of, it really has none of.
            assert not truth[other.seat] & other.barred
            dealt |= held


def test_a_seven_shown_to_open_is_always_dealt_to_its_holder() -> None:
    options = PrefaOptions(seven_opens=True)
    seed = next(
        s
        for s in range(200)
        if (g := Prefa.new(options, SEATS, s, dealer=0, first_hand=True)).result is None
        and g.to_act is not None
        and c("7S") not in (g.view((g.to_act + 1) % 3).hand or ())
    )
    game = Prefa.new(options, SEATS, seed, dealer=0, first_hand=True)
    holder = game.view(None).eldest
    other = (holder + 1) % 3
    view = game.view(other)
    know = knowledge(view, seven_shown=True)
    rng = random.Random(1)
    for _ in range(20):
        hands, _ = deal(know, rng)
        assert hands[holder] >> card_id(c("7S")) & 1


def test_a_seat_that_passed_at_once_is_never_dealt_a_hand_it_would_have_bid() -> None:
    # Find auctions where the first seat passed at once; the others' samples of that seat's
    # hand all stay below six spades by the basic player's reckoning.
    checked = 0
    for game in _auctions(30, 1):
        view = game.view(None)
        if view.sheet[0].call != "pass":
            continue
        passer = view.sheet[0].seat
        seat = game.to_act
        assert seat is not None and seat != passer
        know = knowledge(game.view(seat))
        rng = random.Random(checked)
        for _ in range(10):
            hands, miss = deal(know, rng)
            assert miss <= TOLERANCE
            assert fast_limit(hands[passer], "off") < 0
        checked += 1
    assert checked >= 5


def test_a_bid_says_the_hand_reaches_it() -> None:
    checked = 0
    for game in _auctions(30, 1):
        view = game.view(None)
        bids = [call for call in view.sheet if call.call == "bid"]
        if not bids:
            continue
        bidder = bids[-1].seat
        seat = game.to_act
        if seat == bidder:
            continue
        assert seat is not None
        know = knowledge(game.view(seat))
        rng = random.Random(checked)
        for _ in range(10):
            hands, miss = deal(know, rng)
            if miss <= TOLERANCE:
                assert fast_limit(hands[bidder], "off") >= 0
        checked += 1
    assert checked >= 5


def test_a_defender_who_went_out_is_dealt_a_hand_short_of_its_duty() -> None:
    checked = 0
    for game in _states(Phase.PLAY, 30):
        view = game.view(None)
        bidder = view.bidder
        assert bidder is not None and view.contract is not None
        outs = [s for s in range(3) if view.defence[s] == "out" and s != bidder]
        if not outs:
            continue
        know = knowledge(game.view(bidder))
        trump = -1 if view.contract.trump is None else STRAINS.index(view.contract.trump)
        other = next(o for o in know.others if o.seat == outs[0])
        assert other.below is not None
        for _ in range(10):
            hands, miss = deal(know, random.Random(checked))
            if miss <= TOLERANCE and outs[0] in hands:
                assert defence(hands[outs[0]] | other.played, trump) < other.below
        checked += 1
    assert checked >= 3


# ------------------------------------------------------------------------ the scoring


def test_the_pouch_overflow_changes_no_seats_result() -> None:
    made = Contract(tricks=7, strain="hearts")
    full = Scorer(PrefaOptions(), (31, 31, 31), 0)
    empty = Scorer(PrefaOptions(), (0, 5, 9), 0)
    for seat, t in product(range(3), range(11)):
        tricks_ = (t, (10 - t) // 2, 10 - t - (10 - t) // 2)
        assert full.value(seat, 0, made, False, "own", None, tricks_) == empty.value(
            seat, 0, made, False, "own", None, tricks_
        )


def test_a_bidder_who_goes_up_pays_the_player_sitting_out() -> None:
    up = (5, 3, 2)
    three = Scorer(PrefaOptions(), (31, 31, 31), 0)
    four = Scorer(PrefaOptions(), (31, 31, 31, 31), 0)
    six = Contract(tricks=6, strain="spades")
    assert (
        four.value(0, 0, six, False, "own", None, up) == three.value(0, 0, six, False, "own", None, up) - 25
    )
    assert four.value(3, 0, six, False, "own", None, up) == 25


def test_four_aces_b_move_chips_to_and_from_every_party() -> None:
    options = PrefaOptions(four_aces="B", four_aces_amount=7)
    scorer = Scorer(options, (31, 31, 31), 0)
    six = Contract(tricks=6, strain="spades")
    plain = scorer.value(0, 0, six, False, "both_out", None, (6, 2, 2))
    shown = scorer.value(0, 0, six, True, "both_out", None, (6, 2, 2))
    assert shown == plain + 14
    assert scorer.value(1, 0, six, True, "both_out", None, (6, 2, 2)) == -7


def test_the_bidders_objective_rises_with_its_tricks() -> None:
    scorer = Scorer(PrefaOptions(), (31, 31, 31), 0)
    for strain, k in product(STRAINS, range(6, 11)):
        contract_ = Contract(tricks=k, strain=strain)
        for mode, active in (("own", None), ("alone", 1), ("invited", 2)):
            values = [scorer.bidder(0, contract_, False, mode, active, t) for t in range(11)]  # type: ignore[arg-type]
            assert values == sorted(values)
            assert values[k] > values[k - 1]


# ------------------------------------------------------------------------ the player


def test_the_registry_gives_the_new_strong_player_which_advises() -> None:
    player = computer_player("prefa", "strong")
    assert isinstance(player, StrongPlayer)
    assert isinstance(player, Advises)


# A deals, so B is the eldest hand: B holds spades from the top and two more aces.
MAKES = {
    A: "8S KH JH 7H 9D 10D JD 7C 8C JC",
    B: "AS KS QS JS 10S 9S AH 8H AD 8D",
    C: "7S QH 10H 9H QD KD 7D QC KC AC",
}


def test_an_obviously_makeable_contract_is_bid() -> None:
    g = stacked(MAKES, "9C 10C", dealer=A)
    advice = StrongPlayer(budget=QUICK).advise(g, B)
    assert advice.action == Bid(contract=contract("6S"))


def test_a_fair_hand_is_judged_by_sampling_and_bid_when_it_makes() -> None:
    # Five spades without the Queen, two aces and a guarded King: about 7.6 tricks with the
    # kitty by the estimate, too close to call without the samples, which find 6 spades made.
    hands = {
        A: "JS KH JH 7H 9D 10D JD 7C 8C JC",
        B: "AS KS 10S 9S 8S AH 9H 8H KD 8D",
        C: "7S QS QH 10H QD AD 7D QC KC AC",
    }
    g = stacked(hands, "9C 10C", dealer=A)
    advice = StrongPlayer(budget=QUICK).advise(g, B)
    assert advice.action == Bid(contract=contract("6S"))
    assert "samples" in english(advice.reason)


HOPELESS = {
    A: "8S 10H JH QH 10D JD QD 10C JC QC",
    B: "AS KS QS JS 10S 9S AH KH AD KD",
    C: "7S 7H 8H 9H 7D 8D 9D 7C 8C 9C",
}


def test_a_hopeless_defence_stays_out() -> None:
    g = stacked(HOPELESS, "KC AC", dealer=A)
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    g.apply(A, Pass())
    g.apply(B, Discard(cards=(c("KC"), c("AC"))))
    g.apply(B, Declare(contract=contract("8S")))
    # C, on the bidder's left, holds nothing above a 9: playing only risks paying for the
    # trick it owes and can't take.
    assert g.to_act == C
    advice = StrongPlayer(budget=QUICK).advise(g, C)
    assert advice.action == Out(), advice.reason


def test_a_defence_that_beats_the_contract_goes_in() -> None:
    hands = {
        A: "AD KD QD JD 10D AC KC QC JC 10C",
        B: "AS KS QS JS 10S AH KH 8H 9H 8D",
        C: "7S QH 10H 7H 9D 7D 9C 8C 7C JH",
    }
    g = stacked(hands, "9S 8S", dealer=A)
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    g.apply(A, Pass())
    g.apply(B, Discard(cards=(c("8D"), c("9H"))))
    g.apply(B, Declare(contract=contract("6S")))
    g.apply(C, Out())
    # A holds every diamond and club from the top: alone it sets six spades by at least two.
    assert g.to_act == A
    advice = StrongPlayer(budget=QUICK).advise(g, A)
    assert advice.action.kind in ("alone", "take_you"), advice.reason


@pytest.mark.parametrize("seed", range(6))
def test_the_strong_player_plays_legal_moves_through_whole_hands(seed: int) -> None:
    game = Prefa.new(PrefaOptions(), SEATS, 2000 + seed, dealer=seed % 3)
    strong = StrongPlayer(seed, budget=QUICK)
    while (seat := game.to_act) is not None:
        action = strong.choose(game, seat)
        assert action in game.legal_actions(seat)
        game.apply(seat, action)
    assert game.result is not None


class _SeatOnly:
    """What a seat may look at: its view, its legal moves and the public events; nothing
    else of the hand is reachable through it."""

    def __init__(self, game: Prefa, seat: int) -> None:
        self._view = game.view(seat)
        self._legal = game.legal_actions(seat)
        self.events = list(game.events)
        self._seat = seat

    def view(self, seat: int) -> PrefaView:
        assert seat == self._seat, "the player asked for another seat's view"
        return self._view

    def legal_actions(self, seat: int) -> list[Any]:
        assert seat == self._seat
        return self._legal


@pytest.mark.parametrize("phase", [Phase.BIDDING, Phase.KITTY, Phase.CONTRACT, Phase.DEFENCE, Phase.PLAY])
def test_it_decides_from_its_own_view_alone_and_the_same_every_time(phase: Phase) -> None:
    for game in _states(phase, 2, start=40):
        seat = game.to_act
        assert seat is not None
        SOLVED.clear()
        DECIDED.clear()
        first = StrongPlayer(budget=QUICK).advise(game, seat)
        # Worked out again, with every deal already solved in this process: the same move
        # and reason (what it remembers changes no answer).
        DECIDED.clear()
        again = StrongPlayer(budget=QUICK).advise(game.clone(), seat)
        DECIDED.clear()
        seen_only = StrongPlayer(budget=QUICK).advise(_SeatOnly(game, seat), seat)  # type: ignore[arg-type]
        assert first == again == seen_only
        assert first.action in game.legal_actions(seat)


@pytest.mark.parametrize("phase", [Phase.BIDDING, Phase.KITTY, Phase.CONTRACT, Phase.DEFENCE, Phase.PLAY])
def test_its_reasons_name_no_card_the_seat_cannot_see(phase: Phase) -> None:
    for game in _states(phase, 3, start=70):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        visible = {card.short for card in (*(view.hand or ()), *(view.kitty or ()), *(view.discards or ()))}
        visible |= {card.short for t in view.played for card in t.cards} | {
            card.short for _, card in view.trick
        }
        reason = english(StrongPlayer(budget=QUICK).advise(game, seat).reason)
        hidden = {card.short for card in PREFA_32.cards()} - visible
        assert not [short for short in hidden if short in reason], reason
        assert reason


def test_a_card_is_chosen_by_its_value_over_the_samples() -> None:
    # The bidder keeps every trump but two low ones and four aces and a King: any card takes
    # every trick, and the strong player says so.
    g = stacked(HOPELESS, "KC AC", dealer=A)
    g.apply(B, Bid(contract=contract("6S")))
    g.apply(C, Pass())
    g.apply(A, Pass())
    g.apply(B, Discard(cards=(c("KH"), c("KD"))))
    g.apply(B, Declare(contract=contract("6S")))
    g.apply(C, In())
    g.apply(A, In())
    advice = StrongPlayer(budget=QUICK).advise(g, B)
    assert isinstance(advice.action, Play)
    assert "10.0 tricks on average" in english(advice.reason)


def test_misfit_is_zero_for_the_real_hands_when_everyone_played_basic() -> None:
    # The real deal always fits what basic players' calls say of it.
    for game in _states(Phase.PLAY, 15, start=200):
        seat = game.to_act
        assert seat is not None
        know = knowledge(game.view(seat))
        truth = {o.seat: mask_of(game.view(o.seat).hand or ()) for o in know.others}
        assert misfit(know, truth) == 0


def _advise_elsewhere(game: Prefa, seat: int) -> Any:
    """The strong player's advice worked out in another process (the job a worker runs)."""
    return StrongPlayer(budget=QUICK).advise(game, seat)


def test_a_worker_process_makes_the_same_decisions() -> None:
    games = [_states(phase, 1, start=90)[0] for phase in (Phase.BIDDING, Phase.DEFENCE, Phase.PLAY)]
    SOLVED.clear()
    DECIDED.clear()
    here = [StrongPlayer(budget=QUICK).advise(g, g.to_act) for g in games]  # type: ignore[arg-type]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        there = list(pool.map(_advise_elsewhere, games, [g.to_act for g in games]))
    assert here == there
