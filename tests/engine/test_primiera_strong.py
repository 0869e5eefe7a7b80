"""The strong Primiera computer player: always legal, deterministic, a sampler that only
deals cards nobody has seen into places that hold them (in the Heralds forms one unseen ace
to each seat still holding its Herald, none to the others), a simulator that plays the
rules and the basic player exactly, and better play than the basic player on positions
built by hand."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import ITALIAN_40, Card
from engine.core.players import computer_levels
from engine.primiera import Phase, Play, Primiera, PrimieraOptions
from engine.primiera.players import (
    BasicPlayer,
    StrongPlayer,
    basic_move,
    fill,
    held_heralds,
    knower,
    make_player,
    public_state,
)
from engine.primiera.scoring import CODE, HERALDS
from engine.primiera.search import sample_hidden

from .primiera_helpers import c, cs, position

FORMS = ("heralds", "scopone", "two", "three", "robot")
# A light strong player for the property tests: same code, fewer samples.
LIGHT = StrongPlayer(budget=0, min_samples=2, max_samples=2)


def _new(form: str, seed: int) -> Primiera:
    options = PrimieraOptions(form=form)  # type: ignore[arg-type]
    return Primiera.new(options, ["Ana", "Bo", "Cy", "Di"][: options.seats], seed, seed % options.seats)


def test_registry_offers_basic_then_strong() -> None:
    # Offered at the table since it wins the duplicate match (bench/primiera.py, docs/RULES.md).
    assert computer_levels("primiera") == ("basic", "strong")
    assert make_player("strong").level == "strong"


@settings(max_examples=15, deadline=None)
@given(form=st.sampled_from(FORMS), seed=st.integers(0, 2**32))
def test_strong_player_is_always_legal_and_deterministic(form: str, seed: int) -> None:
    g = _new(form, seed)
    rng = random.Random(seed)
    while g.phase is not Phase.OVER:
        seat = rng.choice(g.awaiting)
        action = LIGHT.choose(g, seat)
        assert action in g.legal_actions(seat)
        assert StrongPlayer(budget=0, min_samples=2, max_samples=2).choose(g.clone(), seat) == action
        g.apply(seat, action)


def test_the_full_strong_player_is_deterministic_on_a_real_deal() -> None:
    g = _new("heralds", 7)
    while g.phase is Phase.LAY:
        seat = g.awaiting[0]
        g.apply(seat, BasicPlayer().choose(g, seat))
    seat = g.awaiting[0]
    assert StrongPlayer().choose(g, seat) == StrongPlayer().choose(g.clone(), seat)


@settings(max_examples=25, deadline=None)
@given(form=st.sampled_from(FORMS), seed=st.integers(0, 2**32), steps=st.integers(0, 30))
def test_sampler_deals_only_unseen_cards_and_never_more_than_a_seat_holds(
    form: str, seed: int, steps: int
) -> None:
    g = _new(form, seed)
    rng = random.Random(seed)
    while g.phase is not Phase.OVER and (g.phase is Phase.LAY or steps > 0):
        seat = rng.choice(g.awaiting)
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        steps -= g.phase is Phase.PLAY
    if g.phase is Phase.OVER:
        return
    seat = g.awaiting[0]
    me = knower(g, seat)
    view = g.view(me)
    seen = {CODE[x] for x in (*view.table, *(view.hand or ()), *(view.robot_cards or ()))}
    seen |= {CODE[x] for pile in view.taken for x in pile}
    base, unseen, slots, _ = public_state(g, seat)
    assert not seen & set(unseen)
    assert len(seen) + len(unseen) == 40
    for _ in range(3):
        dealt = sample_hidden(unseen, slots, rng)
        assert sorted(x for place in dealt for x in place) == sorted(unseen)
        sim = fill(base, dealt, slots)
        for s in range(len(view.seats)):
            assert len(sim.hands[s]) == view.hand_sizes[s]
            if s == me or (s == g.robot and view.robot_cards is not None):
                known = view.hand if s == me else view.robot_cards
                assert Counter(sim.hands[s]) == Counter(CODE[x] for x in known or ())
            else:
                assert not seen & set(sim.hands[s])
        assert len(sim.stock) == view.stock


@settings(max_examples=40, deadline=None)
@given(form=st.sampled_from(FORMS), seed=st.integers(0, 2**32))
def test_the_search_simulator_plays_and_scores_a_round_as_the_engine_does(form: str, seed: int) -> None:
    g = _new(form, seed)
    rng = random.Random(seed)
    while g.phase is Phase.LAY:
        seat = g.awaiting[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    seat = g.awaiting[0]
    base, _, slots, _ = public_state(g, seat)
    # Give the simulator the true hidden cards, as the engine holds them.
    sim = base.copy()
    for s in range(len(g.seats)):
        if slots[s]:
            sim.hands[s] = [CODE[x] for x in _true_hand(g, s)]
    saved = g.to_json()
    sim.stock = [CODE[x] for x in _cards(saved["order"][saved["next"] :])]
    while g.phase is Phase.PLAY:
        seat = g.awaiting[0]
        assert sim.to_act == seat
        action = rng.choice(g.legal_actions(seat))
        assert isinstance(action, Play)
        table = [CODE[x] for x in g.table]
        positions = tuple(sorted(table.index(CODE[x]) for x in action.capture))
        before = g.view(None).stock
        sim.play(seat, CODE[action.card], positions)
        g.apply(seat, action)
        if g.view(None).stock != before and g.phase is Phase.PLAY:
            # A redeal: the simulator's stock is a sample; take the engine's new hands.
            sim.hands = [[CODE[x] for x in _true_hand(g, s)] for s in range(len(g.seats))]
        assert Counter(sim.table) == Counter(CODE[x] for x in g.table)
    assert sim.to_act is None
    assert g.score is not None
    assert tuple(sim.points()) == g.score.points


@settings(max_examples=30, deadline=None)
@given(form=st.sampled_from(("heralds", "robot")), seed=st.integers(0, 2**32), steps=st.integers(0, 30))
def test_sampler_gives_an_ace_only_to_a_seat_still_holding_its_herald(
    form: str, seed: int, steps: int
) -> None:
    # Every seat was dealt one Herald: a seat that laid or played its own holds no ace, and
    # one that still holds it holds exactly one; the view says which publicly.
    g = _new(form, seed)
    rng = random.Random(seed)
    while g.phase is not Phase.OVER and (g.phase is Phase.LAY or steps > 0):
        seat = rng.choice(g.awaiting)
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        steps -= g.phase is Phase.PLAY
    if g.phase is Phase.OVER:
        return
    seat = g.awaiting[0]
    truth = [_true_hand(g, s) for s in range(4)]
    held = g.view(None).heralds_held
    assert held == tuple(any(CODE[x] in HERALDS for x in hand) for hand in truth)
    base, unseen, slots, _ = public_state(g, seat)
    heralds = held_heralds(g, seat, unseen, slots)
    assert heralds is not None
    for _ in range(5):
        sim = fill(base, sample_hidden(unseen, slots, rng, heralds), slots)
        for s in range(4):
            aces = sum(1 for x in sim.hands[s] if x in HERALDS)
            assert aces == (1 if held[s] else 0), (s, held, sim.hands[s])


def test_a_herald_chosen_for_the_table_still_counts_as_held_until_the_four_turn_up() -> None:
    g = _new("heralds", 3)
    seat = g.awaiting[0]
    herald = next(a for a in g.legal_actions(seat) if CODE[a.card] in HERALDS)
    g.apply(seat, herald)
    assert g.view(None).heralds_held == (True, True, True, True), "nothing leaks before the reveal"
    while g.phase is Phase.LAY:
        other = g.awaiting[0]
        g.apply(other, next(a for a in g.legal_actions(other) if CODE[a.card] not in HERALDS))
    held = g.view(None).heralds_held
    assert held is not None and not held[seat] and sum(held) == 3


@settings(max_examples=20, deadline=None)
@given(form=st.sampled_from(FORMS), seed=st.integers(0, 2**32))
def test_the_simulators_basic_player_plays_as_the_basic_player(form: str, seed: int) -> None:
    # The rollouts stand for the basic player: on the true cards they choose its very move.
    g = _new(form, seed)
    while g.phase is not Phase.OVER:
        seat = g.awaiting[0]
        action = BasicPlayer().choose(g, seat)
        if g.phase is Phase.PLAY:
            base, _, slots, _ = public_state(g, seat)
            sim = base.copy()
            for s in range(len(g.seats)):
                if slots[s]:
                    sim.hands[s] = [CODE[x] for x in _true_hand(g, s)]
            code, option = basic_move(sim)
            assert isinstance(action, Play)
            assert code == CODE[action.card]
            assert [sim.table[i] for i in option] == [CODE[x] for x in action.capture]
        g.apply(seat, action)


def _true_hand(g: Primiera, seat: int) -> list[Card]:
    """What a seat really holds (the robot's pile included), read from a saved round."""
    return _cards(g.to_json()["hands"][seat])


def _cards(texts: list[str]) -> list[Card]:
    by_code = {card.code: card for card in ITALIAN_40.cards()}
    return [by_code[t] for t in texts]


def test_strong_player_sweeps_when_it_can() -> None:
    g = position("scopone", ["7c 2b", "2c 4d", "3c 4s", "4b 5s"], "3s 4c", 0)
    assert StrongPlayer().choose(g, 0) == Play(card=c("7c"), capture=tuple(cs("3s 4c")))


def test_strong_player_takes_the_seven_of_coins() -> None:
    g = position("scopone", ["7c 3b", "2c", "3c", "4b"], "7d 7s Rb", 0)
    assert StrongPlayer().choose(g, 0) == Play(card=c("7c"), capture=(c("7d"),))


def test_strong_player_does_not_leave_the_sweep_the_basic_player_leaves() -> None:
    # Two players, two cards each; the opponent holds the Fante of Swords and the 4 of coins.
    # Taking 4s with 4c leaves the ace and the 3, which the 4 of coins sweeps; the basic
    # player only counts the 4 of coins as one unseen 4 in four. The 6 takes nothing and
    # leaves 14 on the table, which no card takes whole.
    g = position("two", ["6b 4c", "Fs 4d"], "Ab 4s 3c", 0, dealer=1, rest_to=1, last_capture=1)
    assert BasicPlayer().choose(g, 0) == Play(card=c("4c"), capture=(c("4s"),))
    assert StrongPlayer().choose(g, 0) == Play(card=c("6b"))


def test_strong_player_waits_to_take_the_seven_of_coins_without_giving_a_sweep() -> None:
    # 7d takes 7c at once but leaves ace + 4 = 5 for the opponent's 5 of Swords to sweep.
    # Playing the Re first, the opponent must take something else, and the 7 of coins
    # still takes the 7 of Cups afterwards.
    g = position("two", ["7d Rd", "5s 3c"], "Ac 4b 7c", 0, dealer=1, rest_to=1, last_capture=1)
    assert BasicPlayer().choose(g, 0) == Play(card=c("7d"), capture=(c("7c"),))
    assert StrongPlayer().choose(g, 0) == Play(card=c("Rd"))
    after = _play_out(g, Play(card=c("Rd")))
    assert after.score is not None and after.score.sides[0].seven_of_coins


def _play_out(g: Primiera, first: Play) -> Primiera:
    g = g.clone()
    g.apply(0, first)
    while g.phase is not Phase.OVER:
        seat = g.awaiting[0]
        g.apply(seat, StrongPlayer().choose(g, seat))
    return g
