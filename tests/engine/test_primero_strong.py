"""The strong Primero computer player: its quick copy of the rules plays every move as the
engine does and its quick judgement as the basic player does; it reads the public log for
what each move says of a player's cards, imagines deals that agree with everything its seat
has seen and with those moves, and makes the key decisions right (a bid in the second round
tells what its bidder holds); always legally, deterministically, blind to hidden cards, with
a reason that names no card its seat can't see."""

from __future__ import annotations

import random
from itertools import product
from typing import Any, Literal

import pytest

from engine.core.cards import PRIMERO_40
from engine.core.msg import english
from engine.core.players import Advises, computer_levels, computer_player
from engine.primero import AllIn, Bid, Fold, HandType, Pass, Phase, Primero, PrimeroOptions, Stake
from engine.primero import search as S
from engine.primero.game import DECK
from engine.primero.players import INDEX, BasicPlayer, make_player
from engine.primero.strong import StrongPlayer
from tests.helpers.cards import card_pattern

from .primero_helpers import c, game

N = HandType.NUMERUS
BASIC = BasicPlayer()
STRONG = StrongPlayer()
DIVISIONS: tuple[Literal["all", "split"], ...] = ("all", "split")
OPTION_SETS = [
    PrimeroOptions(
        betting=betting, repass=repass, overstate_first=overstate, division=division, bid_limit=limit,
        stake=stake, ante=ante,
    )
    for betting, repass, overstate, division, (limit, stake), ante in product(
        (True, False), (True, False), (True, False), DIVISIONS, ((None, 1), (2, 2)), (1, 0)
    )
]  # fmt: skip


def test_registry_gives_basic_and_strong() -> None:
    assert computer_levels("primero") == ("basic", "strong")
    assert isinstance(computer_player("primero", "strong"), StrongPlayer)
    assert isinstance(make_player("strong"), Advises)


# ------------------------------------------------------------- the quick copy of the rules


def sim_of(g: Primero) -> S.Sim:
    """The whole hand as `Sim` holds it, read from the engine's own save (every card known)."""
    data = g.to_json()
    code = {card.code: INDEX[card] for card in PRIMERO_40.cards()}
    options = g.options
    sim = S.Sim.__new__(S.Sim)
    sim.stake, sim.ante, sim.limit = options.stake, options.ante_chips, options.limit_chips
    sim.repass, sim.overstate = options.repass, options.overstate_first
    sim.split, sim.betting = options.division == "split", options.betting
    sim.dealer, sim.phase = data["dealer"], S.PHASES[Phase(data["phase"])]
    sim.deck, sim.next = [code[t] for t in data["order"]], data["next"]
    sim.hands = [[code[t] for t in hand] for hand in data["hands"]]
    sim.gone = sum(1 << code[t] for cards in data["discards"] for t in cards)
    sim.status = [S.STATUS[status] for status in g.view(None).status]
    sim.stacks, sim.pot, sim.side = list(data["stacks"]), data["pot"], data["side"]
    bid = data["bid"]
    sim.bid = None if bid is None else (bid["type"], bid["total"], bid["bidder"])
    sim.bid_round = S.Seen(g.view(0), g.betting(), [(e.kind, e.seat, e.text) for e in g.events]).bid_round
    betting = g.betting()
    sim.bets, sim.payments, sim.bet = list(betting.bets), list(betting.payments), betting.bet
    sim.bet_by, sim.bare, sim.covered = data["bet_by"], data["bare"], betting.covered
    sim.paid_bet, sim.anchor = list(betting.paid_bet), betting.anchor
    sim.passed_round = list(betting.passed_round)
    sim.asides = [list(entries) for entries in betting.asides]
    sim.all_in, sim.queue = betting.all_in, list(betting.queue)
    sim.carried, sim.points, sim.winner = 0, [0] * len(sim.hands), -1
    sim.to_act = -1 if data["to_act"] is None else data["to_act"]
    return sim


def as_move(action: Any) -> S.Move:
    discard = tuple(INDEX[card] for card in getattr(action, "discard", ()))
    if isinstance(action, Bid):
        return (S.BID, discard, int(action.type), action.total, action.bet)
    if isinstance(action, Stake):
        return (S.STAKE, discard, 0, 0, action.bet)
    if isinstance(action, Pass):
        return (S.PASS, discard, 0, 0, 0)
    if isinstance(action, AllIn):
        return (S.ALLIN, discard, 0, 0, 0)
    return S.FOLDING


def random_move(g: Primero, seat: int, rng: random.Random) -> Any:
    """Any legal move, bids at any total and bet the choices allow."""
    choice = g.choices(seat)
    assert choice is not None
    action = rng.choice(g.legal_actions(seat))
    if isinstance(action, Bid):
        low, high = choice.bet_range
        bet = rng.randint(low, high) if choice.betting else 0
        total = rng.choice(choice.bids[action.type])
        action = Bid(type=action.type, total=total, bet=bet, discard=action.discard)
    if isinstance(action, Stake) and action.bet:
        action = Stake(discard=action.discard, bet=rng.randint(1, choice.cover_bet_max))
    return action


def same_state(g: Primero, sim: S.Sim) -> None:
    view = g.view(None)
    assert S.PHASES[view.phase] == sim.phase
    assert (-1 if view.to_act is None else view.to_act) == sim.to_act
    assert list(view.stacks) == sim.stacks
    assert (view.pot, view.side_pot) == (sim.pot, sim.side)
    assert [S.STATUS[status] for status in view.status] == sim.status
    assert [list(entries) for entries in g.betting().asides] == sim.asides


def test_the_quick_rules_play_every_move_as_the_engine_in_every_variant() -> None:
    rng = random.Random(1)
    for number, options in enumerate(OPTION_SETS):
        for hand in range(2):
            count = 2 + (number + hand) % 5
            small = hand % 2 == 1  # small stacks, to go all in
            stacks = [
                options.ante_chips + (3 + (number + 5 * s) % 9 if small else 40) * options.stake
                for s in range(count)
            ]
            g = Primero.new(options, "ABCDEF"[:count], number * 10 + hand, dealer=hand % count, stacks=stacks)
            sim = sim_of(g)
            while (seat := g.to_act) is not None:
                choice = g.choices(seat)
                mine = sim.choices(seat)
                if choice is not None and choice.phase is not Phase.CHOICE:
                    assert (mine.owe, mine.forced, mine.stake, mine.can_pass, mine.fold, mine.all_in) == (
                        choice.owe, choice.forced, choice.stake, choice.can_pass, choice.fold, choice.all_in
                    )  # fmt: skip
                    assert {int(k): list(v) for k, v in choice.bids.items()} == mine.bids
                    assert choice.bet_range == (mine.bet_low, mine.bet_high)
                    assert (choice.max_discard, choice.cover_bet_max) == (
                        mine.max_discard,
                        mine.cover_bet_max,
                    )
                action = random_move(g, seat, rng)
                g.apply(seat, action)
                sim.apply(seat, as_move(action))
                same_state(g, sim)
            view = g.view(None)
            assert view.carried == sim.carried
            assert view.points is None or list(view.points) == sim.points


def test_the_quick_judgement_is_the_basic_players_but_for_how_it_values_a_change() -> None:
    # In the first round and before the showdown it is the same move exactly; in the second
    # round a change is valued on a few drawn cards, so only legality is asked there.
    rng = random.Random(3)
    compared = 0
    for seed in range(40):
        g = Primero.new(PrimeroOptions(), "ABCD", seed, dealer=seed % 4, stacks=[20] * 4)
        while (seat := g.to_act) is not None:
            action = BASIC.choose(g, seat)
            quick = S.quick_move(sim_of(g), seat, rng)
            if g.phase is not Phase.SECOND:
                assert quick == as_move(action)
                compared += 1
            else:
                sim = sim_of(g)
                sim.apply(seat, quick)  # a move the rules take
            g.apply(seat, action)
    assert compared > 100


# ---------------------------------------------------------------- what moves say


def test_the_log_is_read_back_for_every_move_and_names_cannot_pass_for_moves() -> None:
    rng = random.Random(5)
    names = ["A bids chorus 84", "B discards", "C stakes ", "D"]
    for seed in range(60):
        g = Primero.new(PrimeroOptions(repass=seed % 2 == 0), names, seed, dealer=seed % 4, stacks=[12] * 4)
        played = []
        while (seat := g.to_act) is not None:
            action = random_move(g, seat, rng) if rng.random() < 0.5 else BASIC.choose(g, seat)
            phase = g.phase
            g.apply(seat, action)
            played.append((seat, phase, action))
        log = S.read_log(g.seats, [(e.kind, e.seat, e.text) for e in g.events])
        assert [(said.seat, said.changed) for said in log] == [
            (seat, bool(getattr(action, "discard", ()))) for seat, _, action in played
        ]
        for said, (_, phase, action) in zip(log, played, strict=True):
            if not isinstance(action, Fold):
                assert said.round == S.PHASES[phase]
            if isinstance(action, Bid):
                assert said.bid == (int(action.type), action.total)


def test_an_imagined_deal_agrees_with_the_view_and_with_what_the_moves_say() -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        g = Primero.new(PrimeroOptions(), "ABCD", seed, dealer=seed % 4, stacks=[20] * 4)
        while (seat := g.to_act) is not None and rng.random() < 0.9:
            g.apply(seat, BASIC.choose(g, seat))
        if seat is None:
            continue
        view = g.view(seat)
        seen = S.Seen(view, g.betting(), [(e.kind, e.seat, e.text) for e in g.events])
        sim = S.imagine(seen, random.Random(seed))
        real = sim_of(g)
        for name in ("phase", "to_act", "stacks", "pot", "side", "status", "asides", "bets", "anchor", "bid"):
            assert getattr(sim, name) == getattr(real, name), name
        assert sorted(sim.hands[seat]) == sorted(INDEX[card] for card in view.hand or ())
        assert [len(hand) for hand in sim.hands] == list(view.hand_sizes)
        assert len(sim.deck) == view.deck_left
        dealt = [card for hand in sim.hands for card in hand] + sim.deck
        assert len(dealt) == len(set(dealt)) and not any(real.gone >> card & 1 for card in dealt)
        for other, needs in seen.needs.items():
            # Every imagined hand holds what its player said, where any hand could.
            if S.holding(seen.pool, view.hand_sizes[other], needs):
                assert S.holds(sim.hands[other], needs), (other, needs)
                checked += 1
    assert checked > 5


# -------------------------------------------------------------------- key decisions


def choice_after_a_second_round_bid() -> Primero:
    """Three players, C dealing: in the second round A stands, B (holding ♥7 ♥6 ♥A) bids
    numerus 47 at 3, C passes changing ♦Q for ♣2 (numerus ♣5 ♣3 ♣2, 40) and A covers. 100
    chips carried in make the pot worth a long shot; C is to stake its 3 or fold."""
    g = game(("A", "B", "C"), "KS QS 7H 6H 5C 3C  JS KD AH 2D QD JD  2C", dealer=2, carried=100)
    for seat in (0, 1, 2, 0):
        g.apply(seat, Stake())
    g.apply(1, Bid(type=N, total=47, bet=3))
    g.apply(2, Pass(discard=(c("QD"),)))
    g.apply(0, Stake())
    assert g.phase is Phase.CHOICE and g.to_act == 2
    assert g.view(2).forms == {N: 40}
    return g


def test_a_second_round_bid_says_what_its_bidder_holds() -> None:
    # The basic player counts a numerus below the bid as a long shot (the bid may be
    # understated, or the bidder may change) and stakes into the big pot; but a bid in the
    # second round can't claim more than the cards hold and B has changed nothing since:
    # B holds numerus 47 or better, so C's 40 can't win, and the strong player folds.
    g = choice_after_a_second_round_bid()
    assert BASIC.choose(g, 2) == Stake()
    advice = STRONG.advise(g, 2)
    assert advice.action == Fold()
    assert english(advice.reason).startswith(
        "Over 48 deals imagined from the cards you haven't seen, folding brings"
    )
    assert "brings back 2.0 chips on average and no other move does clearly better" in english(advice.reason)


# ------------------------------------------------- legal, deterministic, blind, explained


def visible(g: Primero, seat: int) -> set[Any]:
    view = g.view(seat)
    return set(view.hand or ()) | {card for cards in view.discards for card in cards}


@pytest.mark.parametrize("number", range(0, len(OPTION_SETS), 5))
def test_it_always_makes_a_move_the_rules_take_deterministically_and_explains_it_blind(number: int) -> None:
    options = OPTION_SETS[number]
    count = 2 + number % 5
    every = set(DECK)
    for hand in range(2):
        stacks = [options.ante_chips + (5 + (number + 3 * s) % 12) * options.stake for s in range(count)]
        g = Primero.new(options, "ABCDEF"[:count], number + hand, dealer=hand % count, stacks=stacks)
        strong = hand % count
        while (seat := g.to_act) is not None:
            if seat != strong:
                g.apply(seat, BASIC.choose(g, seat))
                continue
            advice = StrongPlayer().advise(g, seat)
            assert STRONG.choose(Primero.from_json(g.to_json()), seat) == advice.action
            hidden = every - visible(g, seat)
            assert not [card for card in hidden if card_pattern(card).search(english(advice.reason))], (
                advice.reason
            )
            if isinstance(advice.action, Bid):  # honest: the type is held, at no more than it holds
                held = g.view(seat).forms or {}
                assert advice.action.total <= held[advice.action.type]
            g.apply(seat, advice.action)  # raises if the rules refuse it
        assert g.outcome is not None


def test_it_sees_only_its_own_cards() -> None:
    # Two deals that differ only in what A cannot see: the same view (but for the deal's
    # hash), the same move and the same reason.
    one = game(("A", "B", "C"), "2H 3H 2C 3C 2S 3S  JH QC 4C 5C KS QS")
    two = game(("A", "B", "C"), "2H 3H 5S 4D 7C 6D  JH QC AS 5C 7D QS")
    for g in (one, two):
        g.apply(0, Stake())
        g.apply(1, Bid(type=N, total=20, bet=2))
        g.apply(2, Stake())
    dump = {"commitment"}
    assert one.view(0).model_dump(exclude=dump) == two.view(0).model_dump(exclude=dump)
    assert one.to_json() != two.to_json()
    assert STRONG.advise(one, 0) == STRONG.advise(two, 0)
