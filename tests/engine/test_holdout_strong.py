"""The strong Holdout computer player: its quick copy of the rules plays exactly as the engine
and the basic player do, its imagined deals agree with everything its seat has seen and
nothing else, and it makes the key decisions right (fill the last gap, fold rather than pay
for a hand already lost, never fold free seconds), legally, deterministically, blind to
hidden cards, with a reason that names no card its seat can't see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.msg import english
from engine.core.players import Advises, computer_levels, computer_player
from engine.holdout import Fold, Holdout, HoldoutOptions, Phase, PlayCard, Seconds
from engine.holdout.game import _DECKS
from engine.holdout.players import BasicPlayer, StrongPlayer, make_player
from engine.holdout.search import SUITS, Sim, imagine
from tests.helpers.cards import card_pattern

from .holdout_helpers import card, playing

STRONG = StrongPlayer()
BASIC = BasicPlayer()
VARIANTS = [(1, "postas", 3), (2, "postas", 5), (1, "vines", 4), (2, "vines", 4)]


def test_registry_gives_basic_and_strong() -> None:
    assert computer_levels("holdout") == ("basic", "strong")
    assert isinstance(computer_player("holdout", "strong"), StrongPlayer)
    assert isinstance(make_player("strong"), Advises)


# ------------------------------------------------------------- the quick copy of the rules


def sim_of(game: Holdout) -> Sim:
    """The whole hand as `Sim` holds it, read from the engine's own save (every card known)."""
    data = game.to_json()
    options = game.options
    code = _DECKS[options.deck].code_by_text
    sim = Sim.__new__(Sim)
    sim.ranks, sim.lines, sim.stake = options.ranks, options.lines, options.stake
    sim.counts = [[0] * options.ranks for _ in range(options.lines)]
    sim.filled = [0] * options.lines
    sim.laid = bytearray(SUITS * options.ranks)
    for index, line in enumerate(data["lines"]):
        for text in line:
            rank = code[text] % options.ranks
            sim.filled[index] += sim.counts[index][rank] == 0
            sim.counts[index][rank] += 1
            sim.laid[code[text]] = 1
    passing = data["phase"] == "pass"
    sim.hands = [sorted(code[t] for t in hand) for hand in data["hands"]]
    if passing:  # a pair already chosen is still its seat's until everyone has chosen
        for seat, pair in enumerate(data["passed"]):
            sim.hands[seat] = sorted(sim.hands[seat] + [code[t] for t in pair or ()])
    sim.deck, sim.next = [code[t] for t in data["order"]], data["next"]
    sim.status = [status == "in" for status in data["status"]]
    sim.stacks, sim.antes, sim.pot = list(data["stacks"]), list(data["antes"]), data["pot"]
    sim.chilo = data["chilo"]
    sim.to_act = -1 if passing or data["to_act"] is None else data["to_act"]
    sim.passed = [tuple(code[t] for t in pair) if pair else () for pair in data["passed"]]
    sim.passing, sim.winner = passing, -1
    return sim


def play_out(game: Holdout, player: Any) -> Holdout:
    copy = Holdout.from_json(game.to_json())
    while copy.awaiting:
        seat = copy.awaiting[0]
        copy.apply(seat, player.choose(copy, seat))
    return copy


@pytest.mark.parametrize(("lines", "deck", "players"), VARIANTS)
def test_the_quick_rules_play_every_hand_as_the_engine_and_the_basic_player(
    lines: int, deck: str, players: int
) -> None:
    options = HoldoutOptions(lines=lines, deck=deck)  # type: ignore[arg-type]
    for seed in range(12):
        stacks = [8 + (seed * 7 + seat * 5) % 30 for seat in range(players)]
        game = Holdout.new(options, "ABCDEF"[:players], seed, stacks=stacks)
        while True:  # from the pass, and from every position of the hand after it
            sim = sim_of(game)
            sim.finish()
            assert sim.stacks == list(play_out(game, BASIC).stacks), (seed, game.view(None).line_text)
            if not game.awaiting:
                break
            seat = game.awaiting[0]
            game.apply(seat, BASIC.choose(game, seat))


def test_an_imagined_deal_agrees_with_everything_the_seat_has_seen() -> None:
    rng = random.Random(5)
    for seed in range(30):
        game = Holdout.new(HoldoutOptions(), "ABCD", seed, stacks=[30] * 4)
        while game.awaiting and rng.random() < 0.85:
            seat = game.awaiting[0]
            game.apply(seat, BASIC.choose(game, seat))
        if game.phase is not Phase.PLAY:
            continue
        me = game.to_act
        assert me is not None
        view = game.view(me)
        sim = imagine(view, random.Random(seed))
        mine = sorted(c.index for c in view.hand or ())
        laid = {c.index for line in view.line_cards for c in line}
        assert sim.hands[me] == mine
        for seat in range(4):
            assert len(sim.hands[seat]) == (view.hand_sizes[seat] if view.status[seat] == "in" else 0)
        held = [c for seat in range(4) for c in sim.hands[seat]] + list(sim.deck)
        assert len(held) == len(set(held)) and not set(held) & laid
        assert len(sim.deck) == view.deck_left
        # The cards this seat passed are with its left neighbour until they are played.
        left = (me + 1) % 4
        for c in view.passed_cards or ():
            if c.index not in laid and view.status[left] == "in":
                assert c.index in sim.hands[left]


# -------------------------------------------------------------------- key decisions


def test_it_fills_the_last_gap_before_the_neighbour_it_passed_two_nines_does() -> None:
    # Seconds turn up 1 to 8 round the table; the line lacks only a 9. A holds one and passed
    # two to B, who plays next: A fills the gap now. (With no 9 known to be across the table
    # it may wait, letting the others pay into the pot before it closes the line.)
    g = playing(
        ("Cu9 Sw2 Sw3 Sw4 Sw5", "Fr2 Fr3 Fr4 Lo9 Fr9", "Cu2 Cu3 Cu4 Cu5 Cu6"),
        "Cr10",
        "Lo1 Lo2 Lo3 Lo4 Lo5 Lo6 Lo7 Lo8",
    )
    for seat in (0, 1, 2, 0, 1, 2, 0, 1):
        g.apply(seat, Seconds())
    g.apply(2, Fold())
    assert g.view(0).line_text == ("1 2 3 4 5 6 7 8 - 10",)
    advice = STRONG.advise(g, 0)
    assert advice.action == PlayCard(card=card("Cu9"))
    assert "takes the pot in 100% of" in english(advice.reason)


def test_it_folds_rather_than_pay_for_a_hand_already_lost() -> None:
    # B sheds its five cards as new ranks and keeps the chilo; A can't afford seconds, and a
    # known 1 costs its last chip while B wins on the next turn anyway. Basic pays it.
    g = playing(("Fr1 Fr2 Sw2 Sw1 Sw3", "Cr2 Cr3 Cr4 Cr5 Cr6"), "Cr10", "Lo1", chilo=1, stacks=[7, 100])
    for seat, move in (
        (1, "Cr2"), (0, None), (1, "Cr3"), (0, "Fr1"), (1, "Cr4"), (0, "Fr2"), (1, "Cr5"), (0, "Sw2"),
        (1, "Cr6"),
    ):  # fmt: skip
        g.apply(seat, Seconds() if move is None else PlayCard(card=card(move)))
    view = g.view(0)
    assert view.chilo == 1 and view.hand_sizes[1] == 0 and view.stacks[0] == 1
    assert g.legal_actions(0) == [PlayCard(card=card("Sw1")), Fold()]
    assert BASIC.choose(g, 0) == PlayCard(card=card("Sw1"))
    advice = STRONG.advise(g, 0)
    assert advice.action == Fold()
    assert english(advice.reason).startswith("Every other move loses chips on average over 96 deals imagined")
    assert "loses 1.0 chip on average" in english(advice.reason)


# ------------------------------------------------- legal, deterministic, blind, explained


def visible(game: Holdout, seat: int) -> set[Any]:
    view = game.view(seat)
    seen = set(view.hand or ()) | set(view.passed_cards or ()) | set(view.received or ())
    return seen | {c for line in view.line_cards for c in line}


@pytest.mark.parametrize(("lines", "deck", "players"), VARIANTS)
def test_it_always_chooses_a_legal_move_deterministically_and_explains_it_blind(
    lines: int, deck: str, players: int
) -> None:
    options = HoldoutOptions(lines=lines, deck=deck)  # type: ignore[arg-type]
    every = set(_DECKS[deck].cards)
    for seed in range(3):
        stacks = [6 + (seed * 7 + seat * 5) % 30 for seat in range(players)]
        game = Holdout.new(options, "ABCDEF"[:players], seed, stacks=stacks)
        strong = seed % players
        while awaiting := game.awaiting:
            seat = awaiting[-1]
            if seat != strong:
                game.apply(seat, BASIC.choose(game, seat))
                continue
            legal = game.legal_actions(seat)
            advice = StrongPlayer().advise(game, seat)
            assert advice.action in legal
            assert STRONG.choose(Holdout.from_json(game.to_json()), seat) == advice.action
            hand = game.view(seat).hand or ()
            if not hand and any(isinstance(a, Seconds) for a in legal):
                assert isinstance(advice.action, Seconds), "free seconds are never folded"
            hidden = every - visible(game, seat)
            named = [c for c in hidden if card_pattern(c).search(english(advice.reason))]
            assert not named, (advice.reason, named)
            game.apply(seat, advice.action)
        assert game.outcome is not None


def test_it_sees_only_its_own_cards() -> None:
    # Two deals that differ only in what A cannot see: the same view (but for the deal's
    # hash), the same move and the same reason.
    one = playing(("Lo4 Fr3 Sw3 Cu5 Sw9", "Lo3 Cr1 Cr2 Fr9 Lo1", "Fr5 Sw2 Cu2 Lo7 Fr7"), "Cr6", "Cr10")
    two = playing(("Lo4 Fr3 Sw3 Cu5 Sw9", "Fr5 Sw2 Cr2 Fr9 Lo1", "Lo3 Cr1 Cu2 Lo7 Fr7"), "Cr6", "Cu10")
    dump = {"commitment"}
    assert one.view(0).model_dump(exclude=dump) == two.view(0).model_dump(exclude=dump)
    assert one.to_json() != two.to_json()
    assert STRONG.advise(one, 0) == STRONG.advise(two, 0)
