"""Peg Leg's plug-in: reading bet keys back, the odds a bettor was shown, and what is secret."""

from __future__ import annotations

from typing import Any

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


def test_a_draw_renders_each_price_and_bet_once_in_every_language(monkeypatch: pytest.MonkeyPatch) -> None:
    # The table message, its Details and a panel show the same odds and bets several times,
    # each a message holding messages: each is rendered once, and the lines read the same.
    import random

    import bot.games.peg_leg.plugin as plugin
    import bot.games.peg_leg.prices as prices
    from bot.i18n import Lang
    from bot.render import render_table
    from bot.table_layout import table_layout
    from tests.helpers.tables import dealt_table

    def draw(code: str) -> list[str]:
        table = dealt_table("peg_leg", {}, 3, seed=11, stake=5)
        table.state.language = code
        game = table.game
        assert game is not None
        rng = random.Random(11)
        for _ in range(6):  # a few bets and stands in: odds and bet lines on show
            seat = next(s for s in range(3) if game.legal_actions(s))
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        layout = table_layout(table, table.view(), "attachment://table.png")
        details = render_table(table)
        panel = table.plugin.panel(table.view(table.lang), game, 0, ())
        content, embed = details
        return [repr(layout.to_components()), repr((content, embed.to_dict())), repr(panel.embed.to_dict())]

    before = {code: draw(code) for code in ("en", "it", "el")}  # warm: catalogues, caches
    rendered: dict[tuple[str, str], int] = {}
    real = Lang._render

    def counted(self: Lang, msg: Any, md: bool) -> str:
        if msg.id in ("{odds} to 1", "{percent}%", "{who}: {amount} on **{number}** at {odds}"):
            key = (self.code, english(msg))  # one price's odds, one chance, one bet
            rendered[key] = rendered.get(key, 0) + 1
        return real(self, msg, md)

    monkeypatch.setattr(Lang, "_render", counted)
    for cache in (prices.odds_text, prices.chance_text, plugin._bet_text):
        cache.cache_clear()
    for code in ("en", "it", "el"):
        assert draw(code) == before[code]  # the same text as drawn before
    assert rendered and max(rendered.values()) == 1
    assert {code for code, _ in rendered} == {"en", "it", "el"}
