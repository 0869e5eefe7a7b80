"""The basic Primiera computer player: always legal, deterministic, and sensible about the
seven of coins, sweeps, and the easy sweep it should not leave."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import RuleError
from engine.core.players import computer_levels, computer_player
from engine.primiera import Lay, Phase, Play, Primiera, PrimieraOptions
from engine.primiera.players import BasicPlayer, make_player

from .primiera_helpers import c, cs, position, shorts

PLAYER = BasicPlayer()


def test_registry_gives_the_basic_level_for_primiera_by_default() -> None:
    assert computer_levels("primiera")[0] == "basic"
    assert computer_player("primiera").level == "basic"
    with pytest.raises(RuleError):
        computer_player("primiera", "expert")
    with pytest.raises(ValueError):
        make_player("expert")


def test_basic_player_takes_the_seven_of_coins() -> None:
    g = position("scopone", ["7c 3b", "2c", "3c", "4b"], "7d 7s Rb", 0)
    assert PLAYER.choose(g, 0) == Play(card=c("7c"), capture=(c("7d"),))


def test_basic_player_sweeps_when_it_can() -> None:
    g = position("scopone", ["7c 2b", "2c 4d", "3c 4s", "4b 5s"], "3s 4c", 0)
    assert PLAYER.choose(g, 0) == Play(card=c("7c"), capture=tuple(cs("3s 4c")))


def test_basic_player_avoids_leaving_an_easy_sweep() -> None:
    # Playing the 2 onto a lone 3 leaves 5 on the table for the next player to sweep;
    # the Re leaves 13, which nothing can take whole.
    g = position("scopone", ["2b Rb", "2c 4d", "3c 4s", "4b 5s"], "3s", 0)
    assert PLAYER.choose(g, 0) == Play(card=c("Rb"))


def test_basic_player_lays_a_card_of_little_worth() -> None:
    g = Primiera.new(PrimieraOptions(), ("Ana", "Bo", "Cy", "Di"), seed=4)
    action = PLAYER.choose(g, 0)
    assert isinstance(action, Lay)
    assert action.card.suit != "coins" and action.card.rank not in (1, 6, 7)


def test_basic_player_plays_the_robots_cards_for_its_partner() -> None:
    g = position("robot", ["Ac 2d", "Rc 2c", "Rs 3s", "Rb 3b"], "7d", 0, dealer=1)
    g.apply(0, Play(card=c("Ac")))
    assert g.to_act == 3 and g.robot_partner == 1
    assert PLAYER.choose(g, 3) in g.legal_actions(3)
    assert shorts([PLAYER.choose(g, 3).card]) in ("3b", "Rb")


@settings(max_examples=30, deadline=None)
@given(form=st.sampled_from(("heralds", "scopone", "two", "three", "robot")), seed=st.integers(0, 2**32))
def test_basic_player_is_always_legal_and_deterministic(form: str, seed: int) -> None:
    options = PrimieraOptions(form=form)  # type: ignore[arg-type]
    names = ["Ana", "Bo", "Cy", "Di"][: options.seats]
    g = Primiera.new(options, names, seed, seed % options.seats)
    rng = random.Random(seed)
    while g.phase is not Phase.OVER:
        seat = rng.choice(g.awaiting)
        action = PLAYER.choose(g, seat)
        assert action in g.legal_actions(seat)
        assert BasicPlayer().choose(g.clone(), seat) == action
        g.apply(seat, action)


def test_basic_player_beats_random_play_in_scopone() -> None:
    totals = [0, 0]
    for seed in range(40):
        g = Primiera.new(PrimieraOptions(form="scopone"), ("Ana", "Bo", "Cy", "Di"), seed, seed % 4)
        rng = random.Random(seed)
        while g.phase is not Phase.OVER:
            seat = g.to_act
            assert seat is not None
            legal = g.legal_actions(seat)
            g.apply(seat, PLAYER.choose(g, seat) if seat % 2 == 0 else rng.choice(legal))
        assert g.score is not None
        totals[0] += g.score.points[0]
        totals[1] += g.score.points[1]
    assert totals[0] > 2 * totals[1]
