"""Prima Carta's confidence bets settled on hands played through the engine: Fuerza's odds
and who collects, Seguro's part of the copa given back, rebated, and half the winnings."""

from __future__ import annotations

import pytest

from bot.games.prima_carta import confidence
from engine.core.errors import IllegalAction
from engine.prima_carta.game import Copa, Fold, PrimaCarta, PrimaCartaOptions

SEATS = ["crowns", "locks", "fruit"]


def copa_round() -> PrimaCarta:
    """A three-seat hand at stake 10 waiting on its first copa decision."""
    for seed in range(100):
        game = PrimaCarta.new(PrimaCartaOptions(stake=10), SEATS, seed)
        if game.to_act is not None:
            return game
    raise AssertionError("no seed reaches the copa round")


def decide(game: PrimaCarta, pay: dict[int, bool]) -> None:
    while game.to_act is not None:
        seat = game.to_act
        game.apply(seat, Copa(amount=game.copa_price(seat)) if pay.get(seat, True) else Fold())


def test_a_fuerza_at_two_to_one_makes_the_player_stake_twice_and_odd_stakes_are_refused() -> None:
    game = copa_round()
    seat = game.to_act
    terms = confidence.terms(game, "fuerza", seat, ["30", "2:1"])
    assert (terms.maker_amount, terms.taker_amount) == (30, 60)
    assert confidence.terms(game, "fuerza", seat, ["30", ""]).taker_amount == 30  # blank: 1:1
    with pytest.raises(IllegalAction, match="multiple of 2"):
        confidence.terms(game, "fuerza", seat, ["15", "1:2"])
    with pytest.raises(IllegalAction, match="like 1:1 or 2:1"):
        confidence.terms(game, "fuerza", seat, ["10", "evens"])
    with pytest.raises(IllegalAction, match="at most 100"):
        confidence.terms(game, "fuerza", seat, ["101", "1:1"])


def test_a_fuerza_goes_to_the_backer_if_the_suit_wins_and_to_the_player_if_it_loses() -> None:
    game = copa_round()
    first = game.to_act
    decide(game, {s: s == first for s in range(3)})  # everyone else folds: first wins
    won = confidence.settle(game, "fuerza", first, 30, 60)
    assert (won.to_maker, won.to_taker) == (90, 0)
    loser = next(s for s in range(3) if s != first)
    lost = confidence.settle(game, "fuerza", loser, 30, 30)
    assert (lost.to_maker, lost.to_taker) == (0, 60)


def test_a_seguro_goes_back_if_its_player_folds_and_otherwise_pays_toward_the_copa() -> None:
    game = copa_round()
    first = game.to_act
    backed = (first + 1) % 3
    price = game.copa_price(backed)
    assert confidence.terms(game, "seguro", backed, [str(price - 1)]).maker_amount == price - 1
    with pytest.raises(IllegalAction):
        confidence.terms(game, "seguro", backed, [str(price)])  # less than the copa
    assert confidence.still_open(game, "seguro", backed, {})
    decide(game, {backed: False})
    assert not confidence.still_open(game, "seguro", backed, {})
    folded = confidence.settle(game, "seguro", backed, 7, 0)
    assert (folded.to_maker, folded.to_taker, folded.taker_pays_maker) == (7, 0, 0)


def test_a_seguro_player_who_wins_pays_the_backer_half_the_pot() -> None:
    game = copa_round()
    first = game.to_act
    backed = (first + 1) % 3
    decide(game, {s: s == backed for s in range(3)})  # the others fold: the backed player wins
    assert game.winner == backed
    pot = game.outcome.paid_out[backed]
    won = confidence.settle(game, "seguro", backed, 7, 0)
    assert (won.to_maker, won.to_taker, won.taker_pays_maker) == (0, 7, pot // 2)
