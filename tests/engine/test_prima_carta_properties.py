"""Random legal play: always ends; cards, chips and JSON are always whole."""

from __future__ import annotations

import json
from typing import Literal

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.prima_carta import DEAL, PrimaCarta, PrimaCartaOptions

SUITS = ("crowns", "locks", "fruit", "swords", "cups")

seat_lists = st.lists(st.sampled_from(SUITS), min_size=2, max_size=5, unique=True).map(
    lambda seats: tuple(sorted(seats, key=SUITS.index))
)


def check(g: PrimaCarta) -> None:
    view = g.view(None)
    # All 50 cards, each once: stacks + discard pile + undealt.
    held = [c for s in view.stacks for c in s.cards] + list(view.discard)
    assert len(held) + view.undealt == 50
    assert len(set(held)) == len(held)
    assert len(g.to_json()["undealt"]) == view.undealt
    # Exact JSON round trip, through real JSON text.
    data = g.to_json()
    again = PrimaCarta.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data
    assert again.view(None) == view
    assert view.pot == sum(view.paid)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    seats=seat_lists,
    stake=st.integers(min_value=1, max_value=50),
    dealer=st.integers(min_value=0, max_value=4),
    choices=st.lists(st.booleans(), min_size=5, max_size=5),
)
def test_random_legal_play_ends_and_conserves_cards_and_chips(
    seed: int, seats: tuple[str, ...], stake: int, dealer: int, choices: list[bool]
) -> None:
    g = PrimaCarta.new(PrimaCartaOptions(stake=stake), seats, seed, dealer=dealer % len(seats))
    check(g)
    restored = PrimaCarta.from_json(g.to_json())
    for step in range(len(seats)):
        seat = g.to_act
        if seat is None:
            break
        action = g.legal_actions(seat)[0 if choices[step] else 1]
        events = g.apply(seat, action)
        # The restored copy plays on identically.
        assert restored.apply(seat, action) == events
        assert restored.to_json() == g.to_json()
        check(g)
        restored = PrimaCarta.from_json(g.to_json())
    outcome = g.outcome
    assert outcome is not None and g.to_act is None
    assert sum(outcome.paid_in) == sum(outcome.paid_out) == g.pot
    assert sum(outcome.paid_in) >= stake * len(seats)
    assert g.events == PrimaCarta.from_json(g.to_json()).events


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    seats=seat_lists,
    stake=st.integers(min_value=1, max_value=50),
    dealer=st.integers(min_value=0, max_value=4),
    carried=st.integers(min_value=0, max_value=200),
    house=st.booleans(),
    corte=st.booleans(),
    pauses=st.booleans(),
    cobre=st.sampled_from(["off", "carry", "house"]),
    variant=st.sampled_from(["classic", "cinco", "jasper"]),
    choices=st.lists(st.booleans(), min_size=5, max_size=5),
)
def test_house_options_conserve_chips_across_seats_the_carried_pot_and_the_house(
    seed: int,
    seats: tuple[str, ...],
    stake: int,
    dealer: int,
    carried: int,
    house: bool,
    corte: bool,
    pauses: bool,
    cobre: Literal["off", "carry", "house"],
    variant: Literal["classic", "cinco", "jasper"],
    choices: list[bool],
) -> None:
    options = PrimaCartaOptions(
        stake=stake, house=house, corte=corte, pauses=pauses, cobre=cobre, variant=variant
    )
    g = PrimaCarta.new(options, seats, seed, dealer=dealer % len(seats), carried=carried)
    step = 0
    while g.outcome is None:
        data = g.to_json()
        assert PrimaCarta.from_json(json.loads(json.dumps(data))).to_json() == data
        view = g.view(None)
        assert view.pot + view.corte == sum(view.paid) + carried
        if g.to_act is None:
            assert g.awaiting == () and view.bets_open
            g.apply(g.prima, DEAL)
            continue
        seat = g.to_act
        g.apply(seat, g.legal_actions(seat)[0 if choices[step % 5] else 1])
        step += 1
    outcome = g.outcome
    assert min(*outcome.paid_in, *outcome.paid_out, outcome.carried, outcome.house) >= 0
    assert sum(outcome.paid_in) + carried == sum(outcome.paid_out) + outcome.carried + outcome.house
    # Nobody pays more than the most a hand can cost them.
    assert max(outcome.paid_in) <= PrimaCarta.most_a_seat_can_pay(options)
    assert g.champion() in SUITS and g.first_pass_promoted() is not None
    assert PrimaCarta.from_json(g.to_json()).to_json() == g.to_json()
