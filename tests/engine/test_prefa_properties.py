"""Random legal play: a Prefa hand always ends; the 32 cards and the chips are always whole;
every payment is the text's scenario table; the JSON round trip is exact after every move;
no view or event shows a card its reader may not see."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import PREFA_32
from engine.prefa import Phase, Prefa, PrefaOptions, Tentative, ThrowIn
from engine.prefa.players import make_player
from engine.prefa.scoring import CHIPS_PER_POINT, duties, lone_duty

NAMES = ("Ana", "Bo", "Cy")
STEP_BOUND = 200
"""Bidding climbs a 25-step scale, then a kitty, a contract, three defence calls and 30 cards."""

OPTIONS = st.builds(
    PrefaOptions,
    pouch=st.sampled_from([31, 10, 3]),
    direction=st.sampled_from(["clockwise", "counterclockwise"]),
    seven_opens=st.booleans(),
    tentative=st.booleans(),
    ten_no_trump=st.sampled_from(["off", "A", "B"]),
    tens_as_nines=st.booleans(),
    four_aces=st.sampled_from(["off", "A", "B"]),
    counter_invitation=st.booleans(),
)


def new_hand(options: PrefaOptions, seed: int, four: bool, rng: random.Random) -> Prefa:
    pouches = [rng.choice((0, 1, 2, options.pouch)) for _ in range(4 if four else 3)]
    if four:
        return Prefa.new(
            options, NAMES, seed, dealer=None, eldest=seed % 3, sitter="Di", pouches=pouches, first_hand=True
        )
    return Prefa.new(options, NAMES, seed, dealer=seed % 3, pouches=pouches, first_hand=seed % 2 == 0)


def random_action(g: Prefa, seat: int, rng: random.Random) -> Any:
    legal = g.legal_actions(seat)
    assert legal, "a player to act always has a move"
    if g.phase is Phase.BIDDING:
        # Climb the scale sometimes, pass often enough that hands are taken at many levels.
        bids = [a for a in legal if a.kind in ("bid", "good")]
        if bids and rng.random() < 0.55:
            return rng.choice(bids)
        if Tentative() in legal and rng.random() < 0.3:
            return Tentative()
        return legal[-1]
    if g.phase is Phase.CONTRACT:
        low = [a for a in legal if a.kind == "declare"][:6]
        if ThrowIn() in legal and rng.random() < 0.3:
            return ThrowIn()
        return rng.choice(low if rng.random() < 0.8 else legal)
    return rng.choice(legal)


def hidden_from(g: Prefa, seat: int | None) -> set[str]:
    data = g.to_json()
    hidden = {code for other, hand in enumerate(data["hands"]) if other != seat for code in hand}
    if data["bidder"] is None:
        hidden |= set(data["kitty"])
    if seat is None or seat != data["bidder"]:
        hidden |= set(data["discards"])
    return hidden


def check(g: Prefa) -> None:
    data = g.to_json()
    # Cards: all 32 once, in a hand, the untaken kitty, the discards, the trick or a finished trick.
    places = [code for hand in data["hands"] for code in hand] + data["discards"] + data["trick_cards"]
    places += [code for trick in data["played"] for code in trick["cards"]]
    if data["bidder"] is None:
        places += data["kitty"]
    assert sorted(places) == sorted(card.code for card in PREFA_32.cards())
    # Views: nobody sees a card they may not; the kitty only to the bidder while taking it.
    for seat in (None, 0, 1, 2):
        view = g.view(seat)
        text = view.model_dump_json()
        leaked = [code for code in hidden_from(g, seat) if f'"{code}"' in text]
        assert not leaked, (seat, leaked)
        if view.kitty is not None:
            assert seat == data["bidder"] and view.phase is Phase.KITTY
    # Events name no card that is still hidden from anyone.
    secret = hidden_from(g, None) | {code for hand in data["hands"] for code in hand}
    shorts = {PREFA_32.parse(code).short for code in secret}
    for event in g.events:
        assert not any(short in event.text for short in shorts), event.text


def round_trip(g: Prefa) -> Prefa:
    data = g.to_json()
    again = Prefa.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data and again.events == g.events
    for seat in (None, 0, 1, 2):
        assert again.view(seat) == g.view(seat)
    assert again.outcome == g.outcome
    return again


def expected_chips(g: Prefa) -> dict[tuple[int, int], int]:
    """The text's scenario table, written out again independently of `scoring.score_hand`:
    what each party pays each other before the pouch floor."""
    result = g.result
    assert result is not None
    view = g.view(None)
    out: dict[tuple[int, int], int] = {}

    def pay(a: int, b: int, n: int) -> None:
        if n and a != b:
            out[a, b] = out.get((a, b), 0) + n

    if result.kind == "tentative_thrown_in":
        for p in range(g.parties):
            pay(result.bidder or 0, p, 2)
        return out
    if result.kind not in ("played", "both_out"):
        return out
    b = result.bidder
    assert b is not None and result.scored_tricks is not None
    bv, k, t = result.bid_value, result.scored_tricks, result.tricks
    d1, d2 = g.first_defender, g.second_defender
    assert d1 is not None and d2 is not None
    made = True
    if result.mode == "both_out":
        pass
    elif t[b] < k:
        made = False
        m = 1 if k - t[b] == 1 else 2
        if result.mode == "own":
            pay(b, d1, bv * t[d1] * m)
            pay(b, d2, bv * t[d2] * m)
        elif result.mode == "invited":
            pay(b, view.active or 0, bv * (t[d1] + t[d2]) * m)
        else:
            pay(b, view.active or 0, bv * t[view.active or 0] * m)
        if g.parties == 4:
            pay(b, 3, 25 * m)
    elif result.mode == "own":
        need = duties(k)
        if t[b] == k:
            pay(b, d1, bv * t[d1])
            pay(b, d2, bv * t[d2])
        else:
            short = {d: need[i] - t[d] for i, d in enumerate((d1, d2)) if t[d] < need[i]}
            for d, s in short.items():
                pay(d, b, bv * t[b] * min(s, 2))
                if len(short) == 1:
                    other = d2 if d == d1 else d1
                    pay(d, other, bv * t[other] * min(s, 2))
    elif result.mode == "invited":
        a = view.active or 0
        missing = sum(duties(k)) - t[d1] - t[d2]
        if missing <= 0:
            pay(b, a, bv * (t[d1] + t[d2]))
        else:
            pay(a, b, bv * t[b] * missing)
    else:
        a = view.active or 0
        if t[a] >= lone_duty(k):
            pay(b, a, bv * t[a])
        else:
            pay(a, b, bv * t[b] * min(lone_duty(k) - t[a], 2))
    if result.aces and g.options.four_aces == "B":
        for p in range(g.parties):
            if made:
                pay(p, b, g.options.aces_amount)
            else:
                pay(b, p, g.options.aces_amount)
    return out


def check_result(g: Prefa) -> None:
    outcome, result = g.outcome, g.result
    assert outcome is not None and result is not None
    parties = g.parties
    assert len(outcome.paid_in) == len(outcome.paid_out) == len(result.chips) == parties
    assert sum(outcome.paid_in) == sum(outcome.paid_out)
    assert sum(result.chips) == 0
    assert all(outcome.net(p) == result.chips[p] for p in range(parties))
    assert min(result.pouch_after) >= 0
    pouches = zip(result.pouch_before, result.pouch_change, result.pouch_after, strict=True)
    assert all(before + change == after for before, change, after in pouches)
    # Every payment is the scenario table's, plus the pouch overflow paid for points the
    # bidder's pouch could not take.
    got: dict[tuple[int, int], int] = {}
    overflow = 0
    for p in result.payments:
        if p.reason == "pouch overflow":
            assert p.payee == result.bidder
            overflow += p.chips
        else:
            got[p.payer, p.payee] = got.get((p.payer, p.payee), 0) + p.chips
    assert got == expected_chips(g)
    taken = -sum(d for party, d in enumerate(result.pouch_change) if party != result.bidder)
    assert overflow == taken * CHIPS_PER_POINT


def play(g: Prefa, rng: random.Random, trips: float = 0.3) -> Prefa:
    check(g)
    steps = 0
    while g.phase is not Phase.OVER:
        assert steps < STEP_BOUND, "the hand did not end"
        seat = g.to_act
        assert seat is not None and g.awaiting == (seat,)
        assert all(not g.legal_actions(other) for other in range(3) if other != seat)
        g.apply(seat, random_action(g, seat, rng))
        if rng.random() < trips:
            g = round_trip(g)
        check(g)
        steps += 1
    check_result(g)
    return round_trip(g)


@settings(max_examples=80, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**63 - 1), four=st.booleans())
def test_random_legal_hands_end_conserve_cards_and_chips_and_leak_nothing(
    options: PrefaOptions, seed: int, four: bool
) -> None:
    rng = random.Random(seed)
    play(new_hand(options, seed, four, rng), rng)


def test_many_seeded_random_hands() -> None:
    for seed in range(150):
        rng = random.Random(seed)
        options = PrefaOptions(
            tentative=seed % 2 == 0,
            counter_invitation=seed % 3 == 0,
            tens_as_nines=seed % 5 == 0,
            four_aces="B" if seed % 7 == 0 else "A" if seed % 7 == 1 else "off",
            ten_no_trump="A" if seed % 4 == 0 else "off",
        )
        play(new_hand(options, seed, seed % 4 == 0, rng), rng, trips=0.05)


@settings(max_examples=40, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**63 - 1), four=st.booleans())
def test_the_basic_player_always_moves_legally_and_hands_end(
    options: PrefaOptions, seed: int, four: bool
) -> None:
    rng = random.Random(seed)
    g = new_hand(options, seed, four, rng)
    player = make_player("basic")
    steps = 0
    while g.phase is not Phase.OVER:
        assert steps < STEP_BOUND
        seat = g.to_act
        assert seat is not None
        action = player.choose(g, seat)
        assert action in g.legal_actions(seat)
        # Deterministic: the same position gives the same move.
        assert player.choose(Prefa.from_json(g.to_json()), seat) == action
        g.apply(seat, action)
        steps += 1
    check(g)
    check_result(g)
