"""Computer players: the Basic Strategy table row by row, and the sharp reader."""

from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.core.players import computer_levels, computer_player
from engine.prima_carta import DEAL, Copa, Fold, PrimaCarta, PrimaCartaOptions
from engine.prima_carta.players import BasicPlayer, SharpPlayer, basic_decision

from .helpers import game, golden

PAY, FOLD = True, False


@pytest.mark.parametrize(
    ("mine", "others", "expected"),
    [
        # Rule 1: in the lead or tied for it, always play.
        (5, (3, 4), PAY),
        (4, (4, 2, 3), PAY),
        # Rule 2a: 2 or more above you in 1 card -> fold; 1 above -> rule 3 (bet).
        (3, (5,), FOLD),
        (3, (4, 2), PAY),
        (2, (2, 2, 2, 4), PAY),  # exception: Play 2 vs 2-2-2-4
        (2, (2, 2, 2, 5), FOLD),
        # Rule 2b: 3 or more in 2 cards.
        (3, (5, 4), FOLD),
        (3, (4, 4), PAY),
        (3, (2, 2, 4, 4), PAY),  # exception: Play 3 vs 2-2-4-4 (rule 3 already bets)
        # Rule 2c: 4 or more in 3 cards.
        (2, (3, 3, 4), FOLD),
        (2, (3, 3, 3), PAY),
        # Rule 2d: 5 or more in 4 cards.
        (2, (3, 3, 3, 4), FOLD),
        (2, (3, 3, 3, 3), PAY),
        # Rule 3 exceptions: Fold 3 vs 2-4-4-4 and 3-4-4-4, Fold 4 vs 3-5-5-5.
        (3, (2, 4, 4, 4), FOLD),
        (3, (4, 4, 2, 4), FOLD),  # matched on the sorted stacks
        (3, (3, 4, 4, 4), FOLD),
        (4, (3, 5, 5, 5), FOLD),
        (4, (5, 5, 5), PAY),  # the exception needs the fourth, smaller stack
    ],
)
def test_basic_strategy_table(mine: int, others: tuple[int, ...], expected: bool) -> None:
    assert basic_decision(mine, others) is expected


def test_basic_player_ignores_folded_opponents() -> None:
    # Golden deck, seats Crowns 4, Locks 4, Swords 3. Swords vs 4-4 would still bet (1+1
    # in 2 cards); with Locks folded Swords faces only Crowns' 4.
    g = game(golden(), ("crowns", "locks", "swords"))
    g.apply(1, Fold())
    assert g.contenders() == (4, -1, 3)
    assert BasicPlayer().choose(g, 2) == Copa(amount=3)


def test_sharp_player_folds_a_doomed_suit_and_pays_for_a_winner() -> None:
    # In the golden deck Crowns completes in pass 2, one card before Locks would.
    g = game(golden(), ("crowns", "locks"))
    assert SharpPlayer().choose(g, 1) == Fold()
    g.apply(1, Copa(amount=4))
    assert SharpPlayer().choose(g, 0) == Copa(amount=4)


def test_sharp_player_pays_when_the_faster_suit_has_folded() -> None:
    g = game(golden(), ("crowns", "locks", "swords"))
    g.apply(1, Copa(amount=4))
    g.apply(2, Copa(amount=3))
    # Crowns would beat Locks; it pays. Had Crowns folded, Locks was the winner (golden).
    assert SharpPlayer().choose(g, 0) == Copa(amount=4)


def test_players_refuse_when_it_is_not_their_turn() -> None:
    g = game(golden())
    with pytest.raises(ValueError):
        BasicPlayer().choose(g, 0)


def test_registry_gives_each_level_and_refuses_unknown_ones() -> None:
    assert computer_levels("prima_carta") == ("basic", "sharp")
    assert computer_player("prima_carta").level == "basic"
    assert computer_player("prima_carta", "sharp").level == "sharp"
    with pytest.raises(RuleError):
        computer_player("prima_carta", "genius")
    with pytest.raises(RuleError):
        computer_player("tarocco", "basic")


@pytest.mark.parametrize("level", ["basic", "sharp"])
def test_computer_players_always_choose_a_legal_action_deterministically(level: str) -> None:
    player = computer_player("prima_carta", level)
    for seed in range(150):
        seats = ("crowns", "locks", "fruit", "swords", "cups")[: 2 + seed % 4]
        a = PrimaCarta.new(PrimaCartaOptions(), seats, seed)
        b = PrimaCarta.new(PrimaCartaOptions(), seats, seed)
        while (seat := a.to_act) is not None:
            choice = player.choose(a, seat)
            assert choice in a.legal_actions(seat)
            assert player.choose(b, seat) == choice
            a.apply(seat, choice)
            b.apply(seat, choice)
        assert a.outcome is not None


def test_sharp_players_at_every_seat_never_lose_a_copa() -> None:
    # When every seat reads the deal, only the true winner ever pays beyond the spiga.
    player = SharpPlayer()
    for seed in range(150):
        g = PrimaCarta.new(PrimaCartaOptions(), ("crowns", "locks", "fruit", "swords", "cups"), seed)
        while (seat := g.to_act) is not None:
            g.apply(seat, player.choose(g, seat))
        outcome = g.outcome
        assert outcome is not None
        for seat in range(5):
            if seat not in outcome.winners:
                assert outcome.paid_in[seat] == 1


def _deal_if_paused(game: PrimaCarta) -> None:
    if game.phase in ("deal", "repasso"):
        game.apply(game.prima, DEAL)


@pytest.mark.parametrize("level", ["basic", "sharp"])
@pytest.mark.parametrize(
    "options",
    [
        PrimaCartaOptions(variant="jasper", pauses=True),
        PrimaCartaOptions(house=True, corte=True, cobre="carry"),
        PrimaCartaOptions(corte=True, cobre="house", pauses=True),
        PrimaCartaOptions(variant="cinco", pauses=True, corte=True),
    ],
)
def test_computer_players_play_the_house_options_legally(level: str, options: PrimaCartaOptions) -> None:
    player = computer_player("prima_carta", level)
    for seed in range(40):
        seats = ("crowns", "locks", "fruit", "swords", "cups")[: 2 + seed % 4]
        game = PrimaCarta.new(options, seats, seed, dealer=seed % len(seats))
        _deal_if_paused(game)
        while game.outcome is None:
            if (seat := game.to_act) is None:
                _deal_if_paused(game)
                continue
            assert options.variant != "cinco", "Cinco has no decisions"
            choice = player.choose(game, seat)
            assert choice in game.legal_actions(seat)
            game.apply(seat, choice)
        for seat in range(len(seats)):
            with pytest.raises(ValueError):
                player.choose(game, seat)


def test_sharp_does_not_peek_at_jaspers_second_shuffle() -> None:
    # The same deal under two second seeds: the public state at the copa is identical, and
    # so is every decision, although the seeds send the repasso to different winners.
    player = SharpPlayer()
    seats = ("crowns", "locks", "fruit", "swords", "cups")
    different = 0
    for seed in range(30):
        a = PrimaCarta.new(PrimaCartaOptions(variant="jasper"), seats, seed, second_seed=1)
        b = PrimaCarta.new(PrimaCartaOptions(variant="jasper"), seats, seed, second_seed=2)
        while (seat := a.to_act) is not None:
            assert a.view(seat).model_dump(exclude={"commitment"}) == b.view(seat).model_dump(
                exclude={"commitment"}
            )
            choice = player.choose(a, seat)
            assert player.choose(b, seat) == choice
            a.apply(seat, choice)
            b.apply(seat, choice)
        different += a.champion() != b.champion()
    assert different, "the two second seeds never changed the race: the test would prove nothing"
