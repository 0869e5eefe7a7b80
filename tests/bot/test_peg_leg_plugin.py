"""Peg Leg's plug-in: reading bet keys back, the odds a bettor was shown, and what is secret."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.games.capabilities import Move
from engine.core.errors import IllegalAction
from engine.core.msg import english
from engine.peg_leg.game import STAND, KeyBet, PegLeg, PegLegOptions, Surrender, t

PLUGIN = GAMES["peg_leg"]


def hand() -> PegLeg:
    return PegLeg.new(PegLegOptions(stake=5, cap=20), ["Ana", "Bruno"], 3)


def test_a_bet_key_carries_the_odds_shown_and_reads_back() -> None:
    game = hand()
    tenths = game.price(3)
    assert PLUGIN.encode(game, 0, KeyBet(number=3, amount=10)) == (f"bet.3.{tenths}", ("10",))
    assert PLUGIN.decode(game, 0, f"bet.3.{tenths}", ["10"]) == KeyBet(number=3, amount=10)
    assert PLUGIN.decode(game, 0, "stand") == STAND


def test_a_bet_whose_odds_moved_since_the_form_opened_is_refused() -> None:
    game = hand()
    tenths = game.price(3)
    with pytest.raises(
        IllegalAction, match=r"The odds on 3 have moved to 1\.8 to 1 since you opened the form"
    ):
        PLUGIN.decode(game, 0, f"bet.3.{tenths + 1}", ["10"])
    with pytest.raises(IllegalAction, match="1 is no longer on offer"):
        PLUGIN.decode(game, 0, "bet.1.5", ["10"])


def test_junk_keys_and_amounts_are_refused() -> None:
    game = hand()
    tenths = game.price(2)
    assert PLUGIN.decode(game, 0, "bet.2", ["10"]) is None
    assert PLUGIN.decode(game, 0, "surrender.0") is None  # no such bet
    assert PLUGIN.decode(game, 0, "stand", ["1"]) is None
    with pytest.raises(IllegalAction, match="whole number of chips"):
        PLUGIN.decode(game, 0, f"bet.2.{tenths}", ["ten"])
    game.apply(0, KeyBet(number=2, amount=5))
    assert PLUGIN.decode(game, 0, "surrender.0") == Surrender(bet=0)


def test_the_undealt_cards_are_the_secret_ones() -> None:
    game = hand()
    secret = PLUGIN.secret_cards(game)
    assert len(secret) == 49 and game.order[0] not in secret
    assert PLUGIN.held(game) == 0
    game.apply(1, KeyBet(number=3, amount=15))
    assert PLUGIN.held(game) == 15 and PLUGIN.cost(game, 1, KeyBet(number=3, amount=15)) == 15


def test_a_member_needs_the_cap_for_a_hand_to_sit_down() -> None:
    options = PLUGIN.parse_options({"cap": 30})
    assert PLUGIN.min_bankroll(10, options) == 300


def test_the_table_messages_bet_is_one_form_of_the_heights_and_the_amount() -> None:
    """**Bet…** on the table message (a `TableMoves` move) opens one form: the heights on
    offer as a list whose values carry the odds shown, then the amount; what it sends is the
    panel's bet, which stands for this card."""
    from tests.helpers.tables import dealt_table

    table = dealt_table("peg_leg", {}, 2, 3, stake=5)
    game = table.game
    assert PLUGIN.moves(game, 0) == [Move("height", t("Bet…"))]
    assert english(PLUGIN.moves(game, 0)[0].label) == "Bet…"
    form = PLUGIN.form(table.view(), game, 0, "height", ())
    assert form is not None and [f.key for f in form.fields] == ["height", "amount"]
    offered = [p for p in game.view(None).prices if p.offered]
    heights = form.fields[0].options
    assert [value for value, _, _ in heights] == [f"{p.number}.{p.tenths}" for p in offered]
    value = heights[0][0]
    number, tenths = (int(part) for part in value.split("."))
    assert PLUGIN.decode(game, 0, form.key, [value, "10"]) == KeyBet(number=number, amount=10, stand=True)
    assert PLUGIN.decode(game, 0, form.key, [value, "10"]) == PLUGIN.decode(
        game, 0, f"bet.{number}.{tenths}.stand", ["10"]
    )
    with pytest.raises(IllegalAction, match="have moved"):
        PLUGIN.decode(game, 0, form.key, [f"{number}.{tenths + 1}", "10"])
    with pytest.raises(IllegalAction, match="Pick a height"):
        PLUGIN.decode(game, 0, form.key, ["", "10"])
    with pytest.raises(IllegalAction, match="whole number of chips"):
        PLUGIN.decode(game, 0, form.key, [value, "ten"])
    # Once the seat has bet for this card it is not asked again: no button, no form.
    game.apply(0, KeyBet(number=number, amount=10, stand=True))
    assert PLUGIN.moves(game, 0) == [] and PLUGIN.form(table.view(), game, 0, "height", ()) is None
