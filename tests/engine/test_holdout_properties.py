"""Random legal play: a Holdout hand always ends; cards, chips and JSON are always whole;
no view or event ever shows a card its reader may not see."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import POSTAS_50, VINES_55, Card
from engine.holdout import Holdout, HoldoutOptions, Phase
from engine.holdout.players import BasicPlayer

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")


def full_deck(g: Holdout) -> tuple[Card, ...]:
    return (VINES_55 if g.options.deck == "vines" else POSTAS_50).cards()


def whereabouts(data: dict[str, Any]) -> dict[str, list[str]]:
    """Where every card is, from the saved state."""
    set_aside = [c for chosen in data["passed"] if chosen for c in chosen] if data["phase"] == "pass" else []
    return {
        "hands": [c for hand in data["hands"] for c in hand],
        "set_aside": set_aside,
        "lines": [c for line in data["lines"] for c in line],
        "dead": [c for dead in data["dead"] for c in dead],
        "deck": data["order"][data["next"] :],
    }


def visible_to(g: Holdout, seat: int | None) -> set[str]:
    """Card codes `seat` may see: the lines, and its own hand, passes and received cards."""
    data = g.to_json()
    seen = {c for line in data["lines"] for c in line}
    if seat is not None:
        seen.update(data["hands"][seat])
        seen.update(data["dead"][seat])
        if data["passed"][seat]:
            seen.update(data["passed"][seat])
        given_to_me = data["passed"][(seat - 1) % len(data["seats"])]
        if data["phase"] != "pass" and given_to_me:
            seen.update(given_to_me)
    return seen


def named_in(text: str, card: Card) -> bool:
    # "🔴1" must not match inside "🔴10".
    return re.search(re.escape(card.short) + r"(?![0-9])", text) is not None


def check(g: Holdout, total: int) -> None:
    data = g.to_json()
    size = len(full_deck(g))
    # Every card once: hands + set-aside passes + lines + dead hands + deck.
    places = whereabouts(data)
    every = [c for cards in places.values() for c in cards]
    assert len(every) == size and len(set(every)) == size
    view = g.view(None)
    assert view.deck_left == len(places["deck"])
    # Chips: stacks + pot + antes in front never change; nobody goes below zero.
    assert sum(view.stacks) + view.pot + sum(view.antes) == total
    assert min(view.stacks) >= 0
    assert sum(view.paid) == view.pot + sum(view.antes) or g.phase is Phase.OVER
    # Exact JSON round trip, through real JSON text.
    again = Holdout.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data
    # Nobody sees what they may not.
    codes = {card.code: card for card in full_deck(g)}
    for seat in [None, *range(len(g.seats))]:
        text = g.view(seat).model_dump_json()
        hidden = set(codes) - visible_to(g, seat)
        assert not any(f'"{code}"' in text for code in hidden), (seat, hidden)
        assert again.view(seat) == g.view(seat)
    # Every offered move is one the stack can pay for, worst case included.
    for seat in g.awaiting:
        for action in g.legal_actions(seat):
            assert g.cost(seat, action) <= view.stacks[seat]


def play_out(g: Holdout, rng: random.Random, basic_seats: set[int]) -> int:
    total = sum(g.view(None).stacks) + sum(g.view(None).antes)
    size = len(full_deck(g))
    seats = len(g.seats)
    bound = seats + HAND_BOUND * seats + size + seats
    player = BasicPlayer()
    check(g, total)
    steps = 0
    while g.phase is not Phase.OVER:
        assert steps < bound, "the hand did not end"
        awaiting = g.awaiting
        seat = awaiting[rng.randrange(len(awaiting))]
        legal = g.legal_actions(seat)
        assert legal
        action = player.choose(g, seat) if seat in basic_seats else rng.choice(legal)
        events = g.apply(seat, action)
        steps += 1
        # Events are public: at the moment they appear they name only cards in the lines.
        public = visible_to(g, None)
        for card in full_deck(g):
            if card.code not in public:
                assert not any(named_in(e.text, card) for e in events), (card, events)
        check(g, total)
    outcome = g.outcome
    assert outcome is not None and g.to_act is None and g.awaiting == ()
    assert sum(outcome.paid_in) == sum(outcome.paid_out)
    assert outcome.paid_out[outcome.winners[0]] == sum(outcome.paid_in)
    view = g.view(None)
    assert view.pot == 0 and sum(view.antes) == 0 and sum(view.stacks) == total
    assert view.chilo == view.winner
    return steps


HAND_BOUND = 5


tables = st.one_of(
    st.tuples(st.just(1), st.integers(min_value=2, max_value=4)),
    st.tuples(st.just(2), st.integers(min_value=4, max_value=6)),
)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    table=tables,
    deck=st.sampled_from(["postas", "vines"]),
    stake=st.integers(min_value=1, max_value=20),
    short_stacks=st.booleans(),
    given_chilo=st.booleans(),
    mix=st.integers(min_value=0, max_value=63),
    rng=st.randoms(use_true_random=False),
)
def test_random_legal_play_ends_and_keeps_cards_chips_and_secrets(
    seed: int,
    table: tuple[int, int],
    deck: str,
    stake: int,
    short_stacks: bool,
    given_chilo: bool,
    mix: int,
    rng: random.Random,
) -> None:
    lines, count = table
    options = HoldoutOptions(stake=stake, lines=lines, deck=deck)  # type: ignore[arg-type]
    # Short stacks (a few stakes each) exercise the affordability rule.
    stacks = [stake * rng.randint(1, 12) for _ in range(count)] if short_stacks else None
    chilo = seed % count if given_chilo else None
    g = Holdout.new(options, NAMES[:count], seed, chilo=chilo, stacks=stacks)
    basic = {seat for seat in range(count) if mix >> seat & 1}
    play_out(g, rng, basic)


def test_seeded_basic_players_finish_every_kind_of_table() -> None:
    rng = random.Random(7)
    player = BasicPlayer()
    for seed in range(60):
        lines = 1 + seed % 2
        low, high = HoldoutOptions.seat_range(lines)
        count = low + seed % (high - low + 1)
        options = HoldoutOptions(lines=lines, deck="vines" if seed % 3 == 0 else "postas")  # type: ignore[arg-type]
        g = Holdout.new(options, NAMES[:count], seed)
        steps = 0
        while awaiting := g.awaiting:
            seat = awaiting[rng.randrange(len(awaiting))]
            g.apply(seat, player.choose(g, seat))
            steps += 1
            assert steps < 200
        assert g.outcome is not None


def test_restored_hands_play_on_identically() -> None:
    rng = random.Random(11)
    for seed in range(25):
        g = Holdout.new(HoldoutOptions(lines=2), NAMES[: 4 + seed % 3], seed)
        while awaiting := g.awaiting:
            seat = awaiting[0]
            action = rng.choice(g.legal_actions(seat))
            restored = Holdout.from_json(json.loads(json.dumps(g.to_json())))
            assert restored.apply(seat, action) == g.apply(seat, action)
            assert restored.to_json() == g.to_json()
            assert restored.events == g.events
