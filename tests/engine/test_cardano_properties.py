"""Random legal play and the basic computer player: a hand always ends; the 40 cards and
every chip are always accounted for; the JSON round trip is exact; no view or log line shows
a card still hidden in another player's hand."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cardano import Bid, Cardano, CardanoOptions, Phase, Raise
from engine.cardano.game import DECK
from engine.cardano.players import make_player
from engine.core.cards import PRIMERO_40
from engine.core.players import computer_levels, computer_player

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")
STEP_BOUND = 600


def check(g: Cardano, start: int) -> None:
    data = g.to_json()
    places = [x for h in data["hands"] for x in h] + [x for d in data["discards"] for x in d]
    places += data["order"][data["next"] :]
    assert sorted(places) == sorted(card.code for card in DECK)
    view = g.view(None)
    assert sum(view.stacks) + view.pot == start and min(view.stacks) >= 0
    hidden = {seat: set(hand) for seat, hand in enumerate(data["hands"]) if view.face_up[seat] is None}
    for seat in [None, *range(len(g.seats))]:
        text = g.view(seat).model_dump_json()
        for other, hand in hidden.items():
            if other != seat:
                assert not any(f'"{code}"' in text for code in hand), (seat, other)
    secret = {PRIMERO_40.parse(code) for hand in hidden.values() for code in hand}
    for event in g.events:
        assert not any(card.short in event.text for card in secret), event.text


def round_trip(g: Cardano) -> Cardano:
    data = g.to_json()
    again = Cardano.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data and again.events == g.events and again.outcome == g.outcome
    for seat in [None, *range(len(g.seats))]:
        assert again.view(seat) == g.view(seat)
    return again


def play(g: Cardano, choose: object, rng: random.Random, trips: float = 0.2) -> None:
    view = g.view(None)
    start = sum(view.stacks) + view.pot
    steps = 0
    while g.phase is not Phase.OVER:
        assert steps < STEP_BOUND, "the hand did not end"
        seat = g.to_act
        assert seat is not None and g.awaiting == (seat,)
        action = choose(g, seat)  # type: ignore[operator]
        if rng.random() < trips:
            again = round_trip(g)
            assert again.apply(seat, action) == g.apply(seat, action)
        else:
            g.apply(seat, action)
        steps += 1
        check(g, start)
    round_trip(g)
    outcome = g.outcome
    assert outcome is not None and sum(outcome.paid_in) == sum(outcome.paid_out)
    assert sum(g.view(None).stacks) == start


def random_chooser(rng: random.Random) -> object:
    def choose(g: Cardano, seat: int) -> object:
        legal = g.legal_actions(seat)
        assert legal
        action = rng.choice(legal)
        if isinstance(action, Raise | Bid) and action.amount > 1 and rng.random() < 0.7:
            action = action.model_copy(update={"amount": rng.randint(1, action.amount)})
        return action

    return choose


options = st.builds(
    CardanoOptions,
    counter=st.integers(min_value=1, max_value=5),
    vie=st.integers(min_value=1, max_value=4),
    primero_81=st.booleans(),
    privilege_passes=st.booleans(),
    duel=st.booleans(),
)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    count=st.integers(min_value=2, max_value=5),
    dealer=st.integers(min_value=0, max_value=4),
    chosen=options,
    short=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_random_legal_hands_end_and_conserve_cards_chips_and_secrets(
    seed: int, count: int, dealer: int, chosen: CardanoOptions, short: bool, rng: random.Random
) -> None:
    stacks = [rng.randint(0, 30) for _ in range(count)] if short else None
    g = Cardano.new(chosen, NAMES[:count], seed, dealer=dealer % count, stacks=stacks)
    play(g, random_chooser(rng), rng)


def test_the_basic_player_is_registered_and_always_legal_and_deterministic() -> None:
    assert computer_levels("cardano") == ("basic", "strong")
    player = computer_player("cardano")
    rng = random.Random(7)
    for seed in range(150):
        count = 2 + seed % 4
        chosen = CardanoOptions(primero_81=seed % 2 == 0, duel=seed % 5 != 0)
        stacks = [rng.randint(5, 60) for _ in range(count)] if seed % 3 == 0 else None
        g = Cardano.new(chosen, NAMES[:count], seed, dealer=seed % count, stacks=stacks)
        twin = Cardano.new(chosen, NAMES[:count], seed, dealer=seed % count, stacks=stacks)

        def choose(game: Cardano, seat: int) -> object:
            action = player.choose(game, seat)
            assert action in game.legal_actions(seat)
            assert make_player("basic").choose(game, seat) == action
            return action

        play(g, choose, rng, trips=0.05)
        while twin.phase is not Phase.OVER:
            seat = twin.to_act
            assert seat is not None
            twin.apply(seat, player.choose(twin, seat))
        assert twin.to_json() == g.to_json()


def test_a_mixed_table_of_computers_and_random_players_always_finishes() -> None:
    player = computer_player("cardano")
    for seed in range(60):
        rng = random.Random(seed)
        count = 2 + seed % 4
        g = Cardano.new(CardanoOptions(), NAMES[:count], seed, dealer=seed % count)
        pick = random_chooser(rng)

        def choose(game: Cardano, seat: int, pick: object = pick) -> object:
            return player.choose(game, seat) if seat % 2 == 0 else pick(game, seat)  # type: ignore[operator]

        play(g, choose, rng, trips=0.0)
