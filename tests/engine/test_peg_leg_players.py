"""Peg Leg's computer players: the strong player's bets, surrenders and stands against its
own simulation, its reasons, and that it reads nothing but the public position."""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Iterator

import pytest

from engine.core.cards import POSTAS_50, Card
from engine.core.msg import english
from engine.core.players import Advises, computer_levels, computer_player
from engine.peg_leg import odds, players
from engine.peg_leg.game import (
    CODE_BY_TEXT,
    STAND,
    KeyBet,
    PegLeg,
    PegLegOptions,
    Surrender,
    odds_text,
)
from engine.peg_leg.players import SAMPLES, StrongPlayer, make_player, position

OPTIONS = PegLegOptions(stake=5, cap=20)
SEATS = ("Ana", "Bruno")
LIGHT = 1000
"""Simulated deals for the property tests' strong player: the same code, fewer deals."""


@pytest.fixture(autouse=True)
def fresh_prices(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test prices and simulates afresh: the planted histograms below stay here."""
    monkeypatch.setattr(odds, "_CACHE", {})
    monkeypatch.setattr(players, "_MEMO", OrderedDict())
    yield


def stand_rounds(game: PegLeg, rounds: int) -> None:
    for _ in range(rounds):
        for seat in game.awaiting:
            game.apply(seat, STAND)


def dealt_codes(game: PegLeg) -> list[int]:
    return [CODE_BY_TEXT[card.code] for card in game.view(None).dealt]


def planted(seed: int, rounds: int, hits: dict[int, int], bets: tuple[KeyBet, ...] = ()) -> PegLeg:
    """Deal `seed`, place `bets` (seat 0) at the opening, and stand `rounds` rounds, with
    the house pricing the last of them from a wrong histogram: `hits` of 4,000 deals on the
    heights named, the rest on 10. A house with a pricing fault, for the strong player to find."""
    probe = PegLeg.new(OPTIONS, SEATS, seed)
    stand_rounds(probe, rounds)
    hist = [0] * 11
    for number, count in hits.items():
        hist[number] = count
    hist[10] += odds.SAMPLES - sum(hist)
    odds.remember(dealt_codes(probe), tuple(hist))
    game = PegLeg.new(OPTIONS, SEATS, seed)
    for bet in bets:
        game.apply(0, bet)
    stand_rounds(game, rounds)
    assert game.dealt == probe.dealt and game.samples == odds.SAMPLES
    return game


def test_the_registry_offers_basic_then_strong_which_advises() -> None:
    # Offered at the table once the duplicate match measured it (bench/peg_leg_players.py).
    assert computer_levels("peg_leg") == ("basic", "strong")
    strong = computer_player("peg_leg", "strong")
    assert strong.level == "strong" and isinstance(strong, StrongPlayer) and isinstance(strong, Advises)
    with pytest.raises(ValueError):
        make_player("sharp")


def test_at_the_opening_it_reads_the_two_million_deal_table_and_stands() -> None:
    game = PegLeg.new(OPTIONS, SEATS, 8)
    advice = StrongPlayer().advise(game, 1)
    assert advice.action == STAND
    # Height 2 is the favourite at 1.0 to 1, 47% of the opening table: a chip returns 95%.
    assert game.price(2) == 10
    assert english(advice.reason) == (
        "The best bet, a stack 2 high at 1.0 to 1, comes in 47% of my 2,000,000 simulated deals "
        "and returns 95% of its stake. Stand."
    )


def test_it_stands_when_its_simulation_finds_every_offer_worth_less_than_its_price() -> None:
    game = PegLeg.new(OPTIONS, SEATS, 8)
    stand_rounds(game, 2)
    player = StrongPlayer()
    advice = player.advise(game, 0)
    assert advice.action == STAND
    sim = player.estimate(game.view(0))
    assert sim.samples == SAMPLES == 4 * odds.SAMPLES
    offers = [price for price in game.view(0).prices if price.offered]
    assert offers
    returns = {p.number: sim.chance(p.number) * (1 + p.tenths / 10) for p in offers}
    assert max(returns.values()) < 1
    best = max(offers, key=lambda p: returns[p.number])
    assert f"a stack {best.number} high at {odds_text(best.tenths)}" in english(advice.reason)
    assert "of my 16,000 simulated deals" in english(advice.reason) and english(advice.reason).endswith(
        "Stand."
    )


def test_it_takes_a_bet_the_house_has_priced_too_long_with_all_it_may_bet() -> None:
    # After the second round of seed 8 the real chance of 2 is about 47%; a house that
    # saw it in 100 of 4,000 deals offers it at long odds, and the strong player's own
    # simulation finds the bet worth far more than it costs.
    game = planted(8, 2, {2: 100, 3: 2000, 4: 1400, 5: 300})
    assert game.price(2) >= 250
    player = StrongPlayer()
    assert player.estimate(game.view(0)).chance(2) > 0.4
    advice = player.advise(game, 0)
    assert advice.action == KeyBet(number=2, amount=OPTIONS.cap * OPTIONS.stake)
    assert english(advice.reason).startswith(f"A stack 2 high pays {odds_text(game.price(2))} and comes in 4")
    assert english(advice.reason).endswith("Bet 100.")
    game.apply(0, advice.action)
    # Nothing left to bet; holding is worth far more than the cash-out the wrong price gives.
    again = player.advise(game, 0)
    assert again.action == STAND and english(again.reason).startswith("Your bet on 2 is worth 1,3")


def test_it_surrenders_a_bet_the_house_values_above_its_chance() -> None:
    # Seed 8's opening bet on 2 is beaten once the key stack passes 2 (its chance is then
    # nil); a house that still sees 2 in half its deals offers a cash-out worth taking.
    probe = PegLeg.new(OPTIONS, SEATS, 8)
    rounds = 0
    while probe.key_height <= 2:
        stand_rounds(probe, 1)
        rounds += 1
    assert probe.outcome is None
    game = planted(8, rounds, {2: 2000}, bets=(KeyBet(number=2, amount=5),))
    assert game.key_height > 2 and game.value(0) > 0
    advice = StrongPlayer().advise(game, 0)
    assert advice.action == Surrender(bet=0)
    assert english(advice.reason) == (
        f"Your bet on 2 comes in 0% of my 16,000 simulated deals: it is worth 0.0 chips held and "
        f"{game.value(0)} surrendered. Surrender it."
    )


def test_it_holds_a_bet_whose_cash_out_is_worth_less_than_holding() -> None:
    game = PegLeg.new(OPTIONS, SEATS, 8)
    game.apply(0, KeyBet(number=3, amount=20))
    stand_rounds(game, 1)
    for seat in game.awaiting:
        if seat != 0:
            game.apply(seat, STAND)
    assert Surrender(bet=0) in game.legal_actions(0)
    advice = StrongPlayer().advise(game, 0)
    assert advice.action == STAND
    assert "your bet on 3 is worth" in english(advice.reason) and f"{game.value(0)} surrendered" in english(
        advice.reason
    )


def _random_play(seed: int) -> Iterator[tuple[PegLeg, int]]:
    """A hand with random moves at random seats (some bets of more than a stake): each
    position where a seat is asked, before its move is played."""
    rng = random.Random(seed)
    game = PegLeg.new(PegLegOptions(stake=rng.choice((1, 5)), cap=rng.choice((2, 20))), SEATS, seed)
    while game.outcome is None:
        seat = rng.choice(game.awaiting)
        yield game, seat
        action = rng.choice(game.legal_actions(seat))
        if isinstance(action, KeyBet) and rng.random() < 0.5:
            budget = game.cap() - game.view(None).staked[seat]
            action = KeyBet(number=action.number, amount=rng.randint(action.amount, budget))
        game.apply(seat, action)


@pytest.mark.parametrize("seed", range(4))
def test_its_moves_are_legal_repeatable_and_what_it_advises(seed: int) -> None:
    player = StrongPlayer(samples=LIGHT)
    for game, seat in _random_play(seed):
        advice = player.advise(game, seat)
        assert english(advice.reason) and english(advice.reason).endswith(".")
        assert player.choose(game, seat) == advice.action
        players._MEMO.clear()
        assert StrongPlayer(samples=LIGHT).advise(game, seat) == advice  # worked out again
        action = advice.action
        if isinstance(action, KeyBet):
            assert KeyBet(number=action.number, amount=game.options.stake) in game.legal_actions(seat)
            assert game.options.stake <= action.amount <= game.cap() - game.view(None).staked[seat]
        else:
            assert action in game.legal_actions(seat)
        try_it = PegLeg.from_json(game.to_json())
        try_it.apply(seat, action)  # the engine accepts it
    with pytest.raises(ValueError):
        player.choose(game, 0)


def _deck_with_rest_reversed(seed: int, keep: int) -> tuple[list[Card], list[Card]]:
    order = list(POSTAS_50.cards())
    random.Random(seed).shuffle(order)
    return order, order[:keep] + order[keep:][::-1]


@pytest.mark.parametrize("seed", range(3))
def test_it_decides_from_the_public_position_only(seed: int) -> None:
    # Two decks agree on their first 25 cards and differ in the order of the rest: while
    # the cards dealt are the same, so is the position everyone sees, and so must be every
    # move and every reason (each worked out afresh, not remembered from the other deck).
    first, second = _deck_with_rest_reversed(seed, 25)
    a = PegLeg.new_from_order(OPTIONS, SEATS, first)
    b = PegLeg.new_from_order(OPTIONS, SEATS, second)
    alike = 0
    while a.outcome is None and a.dealt <= 25 and b.dealt == a.dealt:
        for seat in a.awaiting:
            players._MEMO.clear()
            advice = StrongPlayer(samples=LIGHT).advise(a, seat)
            players._MEMO.clear()
            assert StrongPlayer(samples=LIGHT).advise(b, seat) == advice
            alike += 1
        stand_rounds(a, 1)
        stand_rounds(b, 1)
    assert alike >= 2


def test_its_simulation_is_its_own_not_the_houses() -> None:
    # Seeded apart from the house's prices, so its check of them is a second opinion.
    game = PegLeg.new(OPTIONS, SEATS, 8)
    stand_rounds(game, 1)
    view = game.view(0)
    dealt, key, count, foundation, discard = position(view)
    assert dealt == dealt_codes(game) and count[key] == view.key_height
    own = StrongPlayer(samples=odds.SAMPLES).estimate(view).hits
    house = odds.histogram(dealt, key, count, foundation, discard)
    assert own != house and sum(own) == sum(house)
