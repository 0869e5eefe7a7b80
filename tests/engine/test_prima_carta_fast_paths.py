"""The benchmark's shortcuts change nothing observable.

`shuffled` is `random.Random(seed).shuffle`; `apply` returns exactly the events `events`
rebuilds from the state; the basic player's remembered decisions are the table's; a
pass's dealt count is what the cards say.
"""

from __future__ import annotations

import random

import pytest

from engine.core.rng import shuffled
from engine.prima_carta import PrimaCarta, PrimaCartaOptions, SeatStatus
from engine.prima_carta.game import CARDS, deal_pass, wanted_from
from engine.prima_carta.players import BasicPlayer, basic_decision

SUITS = ("crowns", "locks", "fruit", "swords", "cups")
SEAT_LISTS = (SUITS, ("crowns", "locks"), ("locks", "swords", "cups"), ("crowns", "fruit", "swords", "cups"))


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 50, 52, 300])
def test_shuffled_matches_the_standard_library_for_many_seeds(size: int) -> None:
    # True is an int that is not exactly `int`, so it takes the `random.Random` path.
    seeds = [*range(300), -1, -(2**40), 2**63 - 1, 2**100, True]
    for seed in seeds:
        expected = list(range(size))
        random.Random(seed).shuffle(expected)
        assert shuffled(range(size), seed) == expected


def test_apply_returns_the_events_that_events_rebuilds() -> None:
    player = BasicPlayer()
    for seed in range(400):
        seats = SEAT_LISTS[seed % len(SEAT_LISTS)]
        g = PrimaCarta.new(PrimaCartaOptions(stake=1 + seed % 3), seats, seed, dealer=seed % len(seats))
        while (seat := g.to_act) is not None:
            before = len(g.events)
            returned = g.apply(seat, player.choose(g, seat))
            assert type(returned) is list
            assert returned == g.events[before:]
            # And a restored copy, which never ran the passes itself, tells the same story.
            assert PrimaCarta.from_json(g.to_json()).events == g.events
        assert g.events[-1].kind == "win"
        outcome = g.outcome
        assert outcome is not None and g.events[-1].text == outcome.summary


def test_log_and_view_agree_with_a_replay_of_the_passes() -> None:
    player = BasicPlayer()
    for seed in range(300):
        g = PrimaCarta.new(PrimaCartaOptions(), SUITS, seed, dealer=seed % 5)
        while (seat := g.to_act) is not None:
            g.apply(seat, player.choose(g, seat))
        view = g.view(None)
        assert view.passes == g.log
        # Replay the deal pass by pass from the revealed order: every suit is owned, so all
        # stop the first pass; later passes stop for the suits that paid the copa.
        assert view.order is not None
        deck = [CARDS.index(card) for card in view.order]
        count, foundation = [0] * 5, [-1] * 5
        live = tuple(status is SeatStatus.LIVE for status in view.status)
        for entry in g.log:
            pile: list[int] = []
            played: list[int] = []
            stop = (True,) * 5 if entry.number == 1 else live
            wanted = wanted_from(count, foundation)
            dealt, _ = deal_pass(deck, wanted, count, foundation, stop, pile, played)
            assert [CARDS[code] for code in played] == entry.played
            assert (dealt, count, len(pile)) == (entry.dealt, entry.stacks, entry.discard)
            deck = pile


def test_the_basic_players_memory_matches_the_strategy_table() -> None:
    player = BasicPlayer()
    for seed in range(500):
        g = PrimaCarta.new(PrimaCartaOptions(), SUITS, seed, dealer=seed % 5)
        while (seat := g.to_act) is not None:
            sizes = g.contenders()
            others = [size for other, size in enumerate(sizes) if other != seat and size >= 0]
            expected = g.legal_actions(seat)[0 if basic_decision(sizes[seat], others) else 1]
            assert player.choose(g, seat) == expected
            g.apply(seat, expected)


def test_deal_pass_reports_cards_dealt_when_a_suit_stops_it() -> None:
    for seed in range(300):
        deck = shuffled(range(50), seed)
        count, foundation = [0] * 5, [-1] * 5
        pile: list[int] = []
        played: list[int] = []
        dealt, suit = deal_pass(
            deck, wanted_from(count, foundation), count, foundation, (True,) * 5, pile, played
        )
        # Every dealt card is either on the pile or on a stack; none of the rest moved.
        assert sorted(pile + played) == sorted(deck[:dealt])
        if suit < 0:
            assert dealt == 50
        else:
            assert count[suit] == 10
