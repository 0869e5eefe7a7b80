"""The benchmark's shortcuts change nothing observable.

`shuffled` is `random.Random(seed).shuffle`; `apply` returns exactly the events `events`
rebuilds from the state; the basic player's remembered decisions are the table's; a
pass's dealt count is what the cards say; `copa_offer` is `contenders` and
`legal_actions` in one; the outcome built without validation is the validated one; the
figures a pass line looks up are the pass's own.
"""

from __future__ import annotations

import math
import random
import re

import pytest

from engine.core.game import Outcome
from engine.core.rng import shuffled
from engine.prima_carta import FOLD, PrimaCarta, PrimaCartaOptions, SeatStatus
from engine.prima_carta.game import CARDS, CODE, completion_order, deal_pass, wanted_from
from engine.prima_carta.players import JASPER_SAMPLES, BasicPlayer, SharpPlayer, basic_decision, jasper_chance

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


def test_copa_offer_is_the_contenders_and_the_copa_of_legal_actions() -> None:
    for seed in range(300):
        seats = SEAT_LISTS[seed % len(SEAT_LISTS)]
        g = PrimaCarta.new(PrimaCartaOptions(stake=1 + seed % 4), seats, seed, dealer=seed % len(seats))
        while (seat := g.to_act) is not None:
            assert g.copa_offer(seat) == (g.contenders(), g.legal_actions(seat)[0])
            assert g.legal_actions(seat)[1] is FOLD
            assert all(g.copa_offer(other) is None for other in range(len(seats)) if other != seat)
            # Pay or fold by the seed, so that folds (which change `contenders`) come up.
            g.apply(seat, g.legal_actions(seat)[(seed >> seat) & 1])
        assert all(g.copa_offer(other) is None for other in range(len(seats)))


# Every way a hand settles: the tavern and house tables, the corte, each cobre, each variant.
OUTCOME_TABLES = (
    PrimaCartaOptions(),
    PrimaCartaOptions(stake=3, corte=True),
    PrimaCartaOptions(house=True, corte=True, cobre="carry", variant="jasper"),
    PrimaCartaOptions(house=True, corte=True, cobre="house"),
    PrimaCartaOptions(corte=True, cobre="carry", variant="cinco"),
)


@pytest.mark.parametrize("options", OUTCOME_TABLES)
def test_the_outcome_built_without_validation_is_the_validated_one(options: PrimaCartaOptions) -> None:
    player = BasicPlayer()
    for seed in range(200):
        g = PrimaCarta.new(options, SUITS, seed, dealer=seed % 5, carried=seed % 3)
        while (seat := g.to_act) is not None:
            g.apply(seat, player.choose(g, seat))
        outcome = g.outcome
        assert outcome is not None
        validated = Outcome.model_validate(outcome.model_dump())
        assert outcome == validated and hash(outcome) == hash(validated)
        assert outcome.model_dump_json() == validated.model_dump_json()
        assert repr(outcome) == repr(validated) and outcome.model_fields_set == validated.model_fields_set
        # The exact types the validator gives, down to the tuples' items (no bools, no lists).
        for name, value in validated:
            kept = getattr(outcome, name)
            assert type(kept) is type(value)
            if isinstance(value, tuple):
                assert [type(item) for item in kept] == [type(item) for item in value]


PASS_LINE = re.compile(
    r"Pass (\d+): (\d+) dealt, (\d+) played up \(([^)]*)\)\. "
    r"Stacks: Crowns (\d+), Locks (\d+), Fruit (\d+), Swords (\d+), Cups (\d+)\."
)


def test_every_figure_of_a_pass_line_is_the_logs() -> None:
    player = BasicPlayer()
    figures = set()
    for seed in range(300):
        seats = SEAT_LISTS[seed % len(SEAT_LISTS)]
        g = PrimaCarta.new(PrimaCartaOptions(), seats, seed, dealer=seed % len(seats))
        while (seat := g.to_act) is not None:
            g.apply(seat, player.choose(g, seat))
        lines = [event.text for event in g.events if event.kind == "pass"]
        assert len(lines) == len(g.log)
        for line, entry in zip(lines, g.log, strict=True):
            match = PASS_LINE.fullmatch(line)
            assert match is not None, line
            number, dealt, played, ups, *sizes = match.groups()
            assert (int(number), int(dealt), int(played)) == (entry.number, entry.dealt, len(entry.played))
            assert ups == " ".join(card.short for card in entry.played)
            assert [int(size) for size in sizes] == entry.stacks
            figures.update([int(number), int(dealt), int(played), *entry.stacks])
    # One- and two-digit figures both came up, the full deck and full stacks among them.
    assert {1, 10, 50} <= figures


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


def _choice_from_the_view(g: PrimaCarta, seat: int) -> bool:
    """The sharp player's decision worked out from the public view, as it was before it
    read the deal straight from the engine: True to pay the copa."""
    view = g.view(seat)
    count = [stack.size for stack in view.stacks]
    foundation = [CODE[stack.cards[0]] if stack.cards else -1 for stack in view.stacks]
    pile = [CODE[card] for card in view.discard]
    suits = [SUITS.index(suit) for suit in view.seats]
    folded = [status is SeatStatus.FOLDED for status in view.status]
    sizes = [-1 if folded[o] else count[suit] for o, suit in enumerate(suits)]
    rivals = [suits[o] for o in range(len(suits)) if o != seat and sizes[o] >= 0]
    if view.variant != "jasper":
        done = completion_order(count, foundation, pile)
        return all(done[suits[seat]] < done[rival] for rival in rivals)
    if basic_decision(sizes[seat], [size for o, size in enumerate(sizes) if o != seat and size >= 0]):
        return True
    price = view.copa_price[seat]
    pot = view.pot + price
    for step in range(1, len(suits)):
        other = (seat + step) % len(suits)
        if view.status[other] is SeatStatus.UNDECIDED:
            rest = [size for o, size in enumerate(sizes) if o != other and size >= 0]
            if basic_decision(sizes[other], rest):
                pot += view.copa_price[other]
            else:
                sizes[other] = -1
    rivals = [suits[o] for o in range(len(suits)) if o != seat and sizes[o] >= 0]
    chance = jasper_chance(count, foundation, pile, suits[seat], rivals)
    error = 2 * math.sqrt(max(chance * (1 - chance), 0.01) / JASPER_SAMPLES)
    return (chance - error) * pot > price


SHARP_TABLES = (
    PrimaCartaOptions(),
    PrimaCartaOptions(stake=3, house=True, corte=True, cobre="carry"),
    PrimaCartaOptions(variant="jasper", corte=True),
)


@pytest.mark.parametrize("options", SHARP_TABLES)
def test_sharp_player_decides_from_the_public_deal_as_from_the_view(
    options: PrimaCartaOptions, monkeypatch: pytest.MonkeyPatch
) -> None:
    sharp = SharpPlayer()
    hands = 40 if options.variant == "jasper" else 150
    games = []
    for seed in range(hands):
        seats = SEAT_LISTS[seed % len(SEAT_LISTS)]
        games.append(PrimaCarta.new(options, seats, seed, dealer=seed % len(seats), carried=seed % 4))
    # What the view says, worked out first; then the player decides with `view` refused, so
    # it must read the same public facts without building one.
    expected: list[list[bool]] = []
    for g in games:
        replay = PrimaCarta.from_json(g.to_json())
        decisions = []
        while (seat := replay.to_act) is not None:
            decisions.append(_choice_from_the_view(replay, seat))
            legal = replay.legal_actions(seat)
            replay.apply(seat, legal[0] if decisions[-1] else legal[1])
        expected.append(decisions)

    def no_view(self: PrimaCarta, seat: int | None) -> None:
        raise AssertionError("the sharp player built a view")

    monkeypatch.setattr(PrimaCarta, "view", no_view)
    for g, decisions in zip(games, expected, strict=True):
        chosen = []
        while (seat := g.to_act) is not None:
            action = sharp.choose(g, seat)
            chosen.append(action.kind == "copa")
            g.apply(seat, action)
        assert chosen == decisions
