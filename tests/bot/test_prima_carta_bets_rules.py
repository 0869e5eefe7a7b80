"""The /rules section for Prima Carta's house bets shows what the catalogue pays."""

from __future__ import annotations

from bot.games import GAMES
from bot.games.prima_carta.bets_rules import HOUSE_BETS_RULES
from bot.render import rules_embed
from engine.prima_carta.house_bets import BETS, CARTAS_MEASURED, CARTAS_ODDS


def test_rules_show_every_bets_payout_and_measured_return() -> None:
    for spec in BETS.values():
        assert f"**{spec.label}**" in HOUSE_BETS_RULES
        assert spec.payout_text in HOUSE_BETS_RULES
    assert "returns 86.2%" in HOUSE_BETS_RULES  # Máximo, as measured
    for number, odds in CARTAS_ODDS.items():
        assert f"{number}: {odds}" in HOUSE_BETS_RULES
    low = min(rtp for _, rtp, _, _ in CARTAS_MEASURED.values())
    assert f"returns {low * 100:.1f}% to" in HOUSE_BETS_RULES


def test_rules_and_menu_texts_fit_discord() -> None:
    # The section is appended to the game's /rules embed (4096 characters in all), and each
    # bet's description is meant for a menu option (100 characters).
    assert len(HOUSE_BETS_RULES) < 2000
    for spec in BETS.values():
        assert len(spec.description) <= 100
        assert len(spec.label) <= 100


def test_every_games_rules_fit_one_embed_and_prima_cartas_show_the_house_bets() -> None:
    # /rules sends one embed; its description holds at most 4096 characters.
    for plugin in GAMES.values():
        assert len(rules_embed(plugin).description or "") <= 4096, plugin.id
    shown = rules_embed(GAMES["prima_carta"]).description or ""
    assert HOUSE_BETS_RULES in shown
    assert "Conto Alto**: The first pass plays up 17 or more cards. Pays 13 to 2" in shown
