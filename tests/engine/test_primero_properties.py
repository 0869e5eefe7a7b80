"""Random legal play: a Primero hand always ends; cards and chips are always whole; no view,
event or JSON round trip ever shows a card its reader may not see or loses anything."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import PRIMERO_40, Card
from engine.core.errors import RuleError
from engine.primero import AllIn, Bid, Fold, Pass, Phase, Primero, PrimeroOptions, Stake
from engine.primero.game import DECK, PrimeroAction

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")
STEP_BOUND = 2_000
"""Bids must keep rising through ~115 (type, total) pairs, each answered by at most five
players and at most once by a bet naming no hand; far below this."""


def random_discard(g: Primero, seat: int, rng: random.Random, least: int = 0) -> tuple[Card, ...]:
    choice = g.choices(seat)
    assert choice is not None
    hand = sorted(g.view(seat).hand or ())
    most = min(choice.max_discard, len(hand))
    if most < least:
        return ()
    return tuple(rng.sample(hand, rng.randint(least, most)))


def random_action(g: Primero, seat: int, rng: random.Random) -> PrimeroAction:
    """A random legal move: usually one of `legal_actions`, sometimes a bid with a random
    total and bet, or a forced coverer's random bet naming no hand."""
    choice = g.choices(seat)
    legal = g.legal_actions(seat)
    assert choice is not None and legal, "a player to act always has a move"
    roll = rng.random()
    if choice.bids and roll < 0.3:
        # Mostly the lowest type on offer, often its lowest total, so that bids are often won.
        kinds = sorted(choice.bids)
        kind = rng.choice(kinds) if rng.random() < 0.15 else kinds[0]
        totals = choice.bids[kind]
        total = rng.choice(totals) if rng.random() < 0.5 else totals[0]
        low, high = choice.bet_range
        bet = rng.randint(low, min(high, low + rng.choice((2, 10, 200)))) if choice.betting else 0
        return Bid(type=kind, total=total, bet=bet, discard=random_discard(g, seat, rng))
    if choice.cover_bet_max and roll < 0.5:
        return Stake(bet=rng.randint(1, choice.cover_bet_max), discard=random_discard(g, seat, rng))
    if choice.bids and rng.random() < 0.8:
        # Keep high overstated bids rare, or hardly anyone would ever hold the bid type.
        legal = [a for a in legal if not isinstance(a, Bid) or a.type == min(choice.bids)]
    return rng.choice(legal)


def card_places(data: dict[str, Any]) -> list[str]:
    return (
        [code for hand in data["hands"] for code in hand]
        + [code for pile in data["discards"] for code in pile]
        + data["order"][data["next"] :]
    )


def check(g: Primero, start: int) -> None:
    data = g.to_json()
    view = g.view(None)
    # Cards: every one of the 40 once, in a hand, face up among the discards, or undealt.
    places = card_places(data)
    assert len(places) == 40 and sorted(places) == sorted(card.code for card in DECK)
    assert view.deck_left == len(data["order"]) - data["next"]
    assert all(size <= 4 for size in view.hand_sizes)
    # Chips: stacks + set-asides + both pots never change; nobody goes below zero.
    on_table = sum(view.stacks) + sum(view.set_aside) + view.pot + view.side_pot
    assert on_table + view.carried == start + view.carried_in  # `carried` is 0 until the end
    assert min(view.stacks) >= 0 and min(view.set_aside) >= 0 and view.pot >= 0 and view.side_pot >= 0
    if g.phase is not Phase.OVER:
        assert sum(view.paid) + view.carried_in == view.pot + view.side_pot
    # Nobody sees a card they may not: another player's hand stays hidden until it is shown.
    shown = {showing.seat for showing in view.showdown or ()}
    hands = data["hands"]
    for seat in [None, *range(len(g.seats))]:
        text = g.view(seat).model_dump_json()
        for other, hand in enumerate(hands):
            if other == seat or other in shown:
                continue
            assert not any(f'"{code}"' in text for code in hand), (seat, other)
    # Events name no card still in a hand, except the showdown's.
    in_hands = {PRIMERO_40.parse(code) for hand in hands for code in hand}
    for event in g.events:
        if event.kind != "show":
            assert not any(card.short in event.text for card in in_hands), event.text


def round_trip(g: Primero) -> Primero:
    data = g.to_json()
    again = Primero.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data and again.events == g.events
    for seat in [None, *range(len(g.seats))]:
        assert again.view(seat) == g.view(seat)
    assert again.outcome == g.outcome
    return again


def probe(g: Primero, seat: int, rng: random.Random) -> None:
    """Listed moves are accepted (on a copy); a move with someone else's card is refused
    without naming any card."""
    data = g.to_json()
    legal = g.legal_actions(seat)
    for action in rng.sample(legal, min(6, len(legal))):
        Primero.from_json(data).apply(seat, action)
    others = [
        PRIMERO_40.parse(code) for other, hand in enumerate(data["hands"]) if other != seat for code in hand
    ]
    if not others:
        return
    card = rng.choice(others)
    for action in (Pass(discard=(card,)), Stake(discard=(card,)), AllIn(discard=(card,)), Fold()):
        try:
            Primero.from_json(data).apply(seat, action)
        except RuleError as error:
            text = str(error)
            assert not any(c.short in text or c.label in text or c.code in text for c in DECK), text


def play(g: Primero, rng: random.Random, trips: float = 0.2, probes: float = 0.02) -> int:
    view = g.view(None)
    start = sum(view.stacks) + sum(view.paid)
    carried_in = view.carried_in
    check(g, start)
    steps = 0
    while g.phase is not Phase.OVER:
        assert steps < STEP_BOUND, "the hand did not end"
        seat = g.to_act
        assert seat is not None and g.awaiting == (seat,)
        if rng.random() < probes:
            probe(g, seat, rng)
        action = random_action(g, seat, rng)
        if rng.random() < trips:
            # A restored hand plays on exactly as the original.
            again = round_trip(g)
            assert again.apply(seat, action) == g.apply(seat, action)
            assert again.to_json() == g.to_json()
        else:
            g.apply(seat, action)
        steps += 1
        check(g, start)
    round_trip(g)
    outcome = g.outcome
    view = g.view(None)
    assert outcome is not None and g.to_act is None and g.awaiting == ()
    assert view.pot == 0 and view.side_pot == 0 and sum(view.set_aside) == 0
    assert sum(view.stacks) + view.carried == start + carried_in
    assert sum(outcome.paid_in) + carried_in == sum(outcome.paid_out) + outcome.carried
    assert outcome.carried == view.carried
    if view.winner is not None:
        bid = view.bid
        assert bid is not None
        forms = {showing.seat: showing.forms for showing in view.showdown or ()}
        assert bid.type in forms[view.winner]
        best = max(f[bid.type] for f in forms.values() if bid.type in f)
        assert forms[view.winner][bid.type] == best
    if not g.options.betting:
        assert sum(outcome.paid_in) == 0 and view.points is not None
    return steps


options = st.builds(
    PrimeroOptions,
    stake=st.integers(min_value=1, max_value=5),
    ante=st.integers(min_value=0, max_value=5),
    bid_limit=st.one_of(st.none(), st.integers(min_value=1, max_value=30)),
    repass=st.booleans(),
    overstate_first=st.booleans(),
    division=st.sampled_from(["all", "split"]),
    betting=st.booleans(),
)


@settings(max_examples=70, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    count=st.integers(min_value=2, max_value=6),
    dealer=st.integers(min_value=0, max_value=5),
    chosen=options,
    short_stacks=st.booleans(),
    carried=st.sampled_from([0, 0, 7, 50]),
    rng=st.randoms(use_true_random=False),
)
def test_random_legal_play_ends_and_keeps_cards_chips_and_secrets(
    seed: int,
    count: int,
    dealer: int,
    chosen: PrimeroOptions,
    short_stacks: bool,
    carried: int,
    rng: random.Random,
) -> None:
    ante = chosen.ante_chips
    # Short stacks (a few chips past the ante) bring on the all-in and its secondary pot.
    stacks = [ante + rng.randint(0, 30) for _ in range(count)] if short_stacks and chosen.betting else None
    g = Primero.new(chosen, NAMES[:count], seed, dealer=dealer % count, stacks=stacks, carried=carried)
    play(g, rng)


def test_seeded_tables_of_every_size_finish_and_balance() -> None:
    rng = random.Random(2024)
    for seed in range(80):
        count = 2 + seed % 5
        chosen = PrimeroOptions(
            ante=seed % 3,
            repass=seed % 2 == 0,
            overstate_first=seed % 3 != 0,
            division="split" if seed % 4 == 0 else "all",
            betting=seed % 7 != 0,
        )
        stacks = [rng.randint(chosen.ante_chips, 40) for _ in range(count)] if seed % 2 else None
        g = Primero.new(chosen, NAMES[:count], seed, dealer=seed % count, stacks=stacks, carried=seed % 11)
        play(g, rng, trips=0.05)


def test_a_run_of_hands_carries_every_chip_forward() -> None:
    """Hand after hand at one table: the stacks and the carried pot always sum to the start."""
    rng = random.Random(99)
    chosen = PrimeroOptions(ante=2, bid_limit=3)
    stacks = {name: 60 for name in NAMES[:4]}
    carried = 0
    hands = 0
    for seed in range(40):
        # Whoever can no longer ante leaves the table.
        seated = [name for name, chips in stacks.items() if chips >= chosen.ante_chips]
        if len(seated) < 2:
            break
        g = Primero.new(
            chosen,
            seated,
            seed,
            dealer=seed % len(seated),
            stacks=[stacks[n] for n in seated],
            carried=carried,
        )
        play(g, rng, trips=0, probes=0)
        view = g.view(None)
        stacks.update(zip(seated, view.stacks, strict=True))
        carried = view.carried
        assert sum(stacks.values()) + carried == 240
        hands += 1
    assert hands >= 20
