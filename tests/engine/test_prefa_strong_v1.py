"""The first strong player (strong-v1, a bench opponent now): sampling the hidden hands and
solving each sample exactly, for its card play."""

from __future__ import annotations

import random
from itertools import product

import pytest

from engine.prefa import Phase, Play, Prefa, PrefaOptions
from engine.prefa.players import BasicPlayer
from engine.prefa.solver import SUIT_MASK, Position, Solver, card_id, cards_in, mask_of
from engine.prefa.strong_v1 import StrongV1Player, bidder_value, deal_samples, unseen, voids

from .prefa_helpers import cs

SEATS = ("Ana", "Bo", "Cy")


def _to_play(seed: int, tricks: int = 0) -> Prefa | None:
    """A seeded hand brought by basic players to the play, `tricks` tricks in (None: the
    cards are not played)."""
    game = Prefa.new(PrefaOptions(), SEATS, seed, dealer=seed % 3)
    basic = BasicPlayer()
    while (seat := game.to_act) is not None:
        if game.phase is Phase.PLAY and len(game.view(None).played) >= tricks:
            return game
        game.apply(seat, basic.choose(game, seat))
    return None


def _first_played(seed: int, tricks: int) -> Prefa:
    """The first hand from `seed` on that reaches the play `tricks` tricks in."""
    while (game := _to_play(seed, tricks)) is None:
        seed += 1
    return game


def _states(count: int, tricks: int) -> list[Prefa]:
    out = []
    seed = 0
    while len(out) < count:
        game = _to_play(seed, tricks)
        if game is not None:
            out.append(game)
        seed += 1
    return out


# ------------------------------------------------------------------------ the solver (its own)


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
            for s, c in now[1:]:
                if (c >> 3 == best >> 3 and c > best) or (c >> 3 != best >> 3 and c >> 3 == pos.trump):
                    win_seat, best = s, c
            value = (win_seat == pos.bidder) + _brute(hands, [], win_seat, pos)
        else:
            value = _brute(hands, now, pos.order[seat], pos)
        hands[seat] = hand
        values.append(value)
    return max(values) if seat == pos.bidder else min(values)


@pytest.mark.parametrize(("seed", "tricks", "playing"), list(product(range(40), (2, 3), (2, 3))))
def test_the_solver_agrees_with_brute_force_on_small_endgames(seed: int, tricks: int, playing: int) -> None:
    rng = random.Random(seed)
    ids = list(range(32))
    rng.shuffle(ids)
    seats = [0, 1, 2][:playing]
    hands = [0, 0, 0]
    for i, seat in enumerate(seats):
        hands[seat] = sum(1 << c for c in ids[i * tricks : (i + 1) * tricks])
    order = {s: seats[(i + 1) % playing] for i, s in enumerate(seats)}
    leader = rng.choice(seats)
    trick: list[tuple[int, int]] = []
    seat = leader
    # Sometimes start inside a trick: the leader has already led a card.
    if rng.random() < 0.5:
        cid = cards_in(hands[leader])[0]
        hands[leader] &= ~(1 << cid)
        trick = [(leader, cid)]
        seat = order[leader]
    pos = Position(
        hands=hands,
        trick=trick,
        to_act=seat,
        trump=rng.choice([-1, 0, 1, 2, 3]),
        bidder=rng.choice(seats),
        order=order,
    )
    expected = _brute(list(hands), list(trick), seat, pos)
    assert Solver(pos).bidder_tricks() == expected
    hand = hands[seat]
    led = trick[0][1] >> 3 if trick else -1
    legal = hand & SUIT_MASK[led] if trick else hand
    if not legal:
        legal = (hand & SUIT_MASK[pos.trump] if pos.trump >= 0 else 0) or hand
    for cid, value in Solver(pos).card_values(cards_in(legal)).items():
        after = list(hands)
        after[seat] &= ~(1 << cid)
        now = [*trick, (seat, cid)]
        if len(now) == playing:
            win_seat, best = now[0]
            for s, c in now[1:]:
                if (c >> 3 == best >> 3 and c > best) or (c >> 3 != best >> 3 and c >> 3 == pos.trump):
                    win_seat, best = s, c
            brute = (win_seat == pos.bidder) + _brute(after, [], win_seat, pos)
        else:
            brute = _brute(after, now, order[seat], pos)
        assert value == brute


def test_the_bidder_with_every_top_card_takes_every_trick() -> None:
    hands = [mask_of(cs("AS KS QS")), mask_of(cs("7S 8H 9H")), mask_of(cs("8S 7H 10H"))]
    pos = Position(hands=hands, trick=[], to_act=0, trump=0, bidder=0, order={0: 1, 1: 2, 2: 0})
    assert Solver(pos).bidder_tricks() == 3
    assert card_id(cs("AS")[0]) == 7


# ------------------------------------------------------------------------ the sampler


@pytest.mark.parametrize("seed", range(30))
def test_the_sampler_never_deals_a_seen_card_or_a_suit_a_seat_showed_out_of(seed: int) -> None:
    game = _first_played(seed * 11, tricks=seed % 8)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    shown = voids(view)
    hidden = set(unseen(view))
    seen = set(view.hand or ()) | {c for t in view.played for c in t.cards} | {c for _, c in view.trick}
    seen |= set(view.discards or ())
    assert not hidden & seen
    for deal in deal_samples(view, 20, random.Random(seed)):
        assert seat not in deal
        dealt = [c for cards in deal.values() for c in cards]
        assert len(dealt) == len(set(dealt))
        for other, cards in deal.items():
            assert len(cards) == view.hand_sizes[other]
            assert all(c in hidden for c in cards)
            assert not any(c.suit in shown[other] for c in cards)
        # Only the bidder knows the discards: a defender may see them dealt to nobody.
        if seat == view.bidder:
            assert not set(dealt) & set(view.discards or ())


def test_a_seat_that_did_not_follow_is_void_in_the_suit_led() -> None:
    for game in _states(30, tricks=5):
        view = game.view(game.to_act)
        shown = voids(view)
        truth = {s: {c.suit for c in game.view(s).hand or ()} for s in range(3)}
        for s in range(3):
            assert not shown[s] & truth[s]


# ------------------------------------------------------------------------ the player


@pytest.mark.parametrize("seed", range(4))
def test_the_strong_player_always_plays_a_legal_card(seed: int) -> None:
    game = Prefa.new(PrefaOptions(), SEATS, 1000 + seed, dealer=seed % 3)
    strong = StrongV1Player(seed, budget=8_000, samples=6)
    while (seat := game.to_act) is not None:
        action = strong.choose(game, seat)
        assert action in game.legal_actions(seat)
        game.apply(seat, action)
    assert game.result is not None


@pytest.mark.parametrize("seed", range(3))
def test_the_strong_player_is_deterministic_for_a_state_and_seed(seed: int) -> None:
    game = _first_played(seed * 13 + 500, tricks=seed % 6)
    seat = game.to_act
    assert seat is not None
    first = StrongV1Player(7).choose(game.clone(), seat)
    again = StrongV1Player(7).choose(game.clone(), seat)
    assert first == again
    assert isinstance(first, Play)


def test_the_objective_rises_with_the_bidders_tricks() -> None:
    for game in _states(10, tricks=0):
        view = game.view(game.to_act)
        values = [bidder_value(view, b) for b in range(11)]
        assert values == sorted(values)
        assert view.contract is not None
        k = view.contract.tricks
        assert values[k] > values[k - 1]
