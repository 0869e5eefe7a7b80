"""Random legal play in every form: a Primiera round always ends; all 40 cards are always
somewhere; the score adds up; the JSON round trip is exact; and no view or event shows a
card its reader may not see (other hands, the robot's face-down pile, a table card chosen
but not yet turned up)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import ITALIAN_40
from engine.primiera import Phase, Primiera, PrimieraOptions
from engine.primiera.players import BasicPlayer

FORMS = ("heralds", "scopone", "two", "three", "robot")
STEP_BOUND = 60
"""40 cards, at most one play (or lay) each."""
ALL = sorted(card.code for card in ITALIAN_40.cards())


def names(form: str, dealer: int) -> list[str]:
    count = PrimieraOptions(form=form).seats  # type: ignore[arg-type]
    out = ["Ana", "Bo", "Cy", "Di"][:count]
    if form == "robot":
        out[(dealer + 2) % 4] = "Robot"
    return out


def check(g: Primiera) -> None:
    data = g.to_json()
    # Cards: each of the 40 exactly once, in a hand, laid face down, on the table, taken or
    # still to be dealt.
    places = [code for hand in data["hands"] for code in hand]
    places += [code for code in data["laid"] if code is not None]
    places += (
        data["table"] + [code for pile in data["taken"] for code in pile] + data["order"][data["next"] :]
    )
    assert sorted(places) == ALL
    # JSON: exact round trip, and the restored round shows the same views.
    again = Primiera.from_json(data)
    assert again.to_json() == data
    count = len(g.seats)
    for seat in (None, *range(count)):
        assert again.view(seat) == g.view(seat)
    # Hidden cards: a seat sees its own hand, never another's, never the robot's pile, and
    # never another's laid card before the four are turned up.
    public = set()
    view = g.view(None)
    for group in (view.table, *view.taken, view.robot_cards or ()):
        public.update(card.code for card in group)
    for seat in (None, *range(count)):
        v = g.view(seat)
        text = v.model_dump_json()
        own = {card.code for card in v.hand or ()}
        if v.laid_card is not None:
            own.add(v.laid_card.code)
        for other in range(count):
            if other == seat:
                continue
            hidden = set(data["hands"][other]) - public
            if data["laid"][other] is not None:
                hidden.add(data["laid"][other])
            leaked = {code for code in hidden - own if f'"{code}"' in text}
            assert not leaked, f"seat {seat} sees {leaked} of seat {other}"
    robot = g.robot
    if robot is not None and g.robot_partner is None:
        pile = set(data["hands"][robot])
        assert not any(f'"{code}"' in g.view(seat).model_dump_json() for seat in range(4) for code in pile)
    events = " ".join(e.text for e in g.events)
    for other in range(count):
        laid = data["laid"][other]
        if laid is not None:
            card = ITALIAN_40.parse(laid)
            assert card.short not in events


def score_adds_up(g: Primiera) -> None:
    score = g.score
    assert score is not None
    unit = 2 if score.doubled else 1
    for index, side in enumerate(score.sides):
        items = [i for i in score.items if i.side == index]
        assert side.points == sum(i.points for i in items)
        assert all(i.points == (side.sweeps if i.item == "sweeps" else unit) for i in items)
        assert all(score.points[s] == side.points for s in side.seats)
    assert sorted(s for side in score.sides for s in side.seats) == list(range(len(g.seats)))
    assert sum(side.cards for side in score.sides) + len(g.view(None).table) == 40
    assert sum(1 for i in score.items if i.item != "sweeps" and i.side is not None) <= 4
    if g.options.form in ("heralds", "robot"):
        assert score.doubled == all(len(side.seats) == 1 for side in score.sides)
    else:
        assert not score.doubled
    assert sum(side.sweeps for side in score.sides) == sum(len(s) for s in g.view(None).sweeps)


def playout(form: str, seed: int, basic: bool, check_every: int) -> Primiera:
    rng = random.Random(seed)
    dealer = rng.randrange(PrimieraOptions(form=form).seats)  # type: ignore[arg-type]
    g = Primiera.new(PrimieraOptions(form=form), names(form, dealer), seed, dealer)  # type: ignore[arg-type]
    player = BasicPlayer()
    steps = 0
    while g.phase is not Phase.OVER:
        steps += 1
        assert steps <= STEP_BOUND, "a round always ends"
        awaiting = g.awaiting
        assert awaiting, "a round not over always waits for someone"
        seat = rng.choice(awaiting)
        legal = g.legal_actions(seat)
        assert legal, "a seat the round waits for always has a move"
        action = player.choose(g, seat) if basic else rng.choice(legal)
        assert action in legal
        g.apply(seat, action)
        if steps % check_every == 0:
            check(g)
    check(g)
    score_adds_up(g)
    return g


@settings(max_examples=60, deadline=None)
@given(form=st.sampled_from(FORMS), seed=st.integers(0, 2**32), basic=st.booleans())
def test_random_rounds_end_account_for_every_card_and_leak_nothing(form: str, seed: int, basic: bool) -> None:
    playout(form, seed, basic, check_every=3)


def test_many_seeded_rounds_in_every_form() -> None:
    for form in FORMS:
        for seed in range(40):
            g = playout(form, seed, basic=seed % 2 == 0, check_every=50)
            assert g.outcome is not None


def test_the_same_seed_replays_the_same_round() -> None:
    for form in FORMS:
        first = playout(form, 123, basic=True, check_every=100)
        second = playout(form, 123, basic=True, check_every=100)
        assert first.to_json() == second.to_json()


def test_a_clone_is_independent() -> None:
    g = Primiera.new(PrimieraOptions(form="robot"), names("robot", 0), 3, 0)
    for seat in g.awaiting:
        g.apply(seat, g.legal_actions(seat)[0])
    copy = g.clone()
    before = g.to_json()
    seat = copy.to_act
    assert seat is not None
    copy.apply(seat, copy.legal_actions(seat)[-1])
    assert g.to_json() == before and copy.to_json() != before
