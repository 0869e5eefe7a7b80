"""Prima Carta's house options at a table, through its plug-in: the bets pauses (what the
clock plays, what it costs, what the table shows while bets are open), the table line,
Cinco's stack order, and /play's refusals. docs/RULES.md, "Prima Carta: the house game"."""

from __future__ import annotations

import re

import pytest

from bot.games import GAMES, OptionError
from bot.games.prima_carta.options import PrimaCartaTableOptions
from bot.render import render_table
from bot.tables import Table
from engine.core.msg import english
from engine.prima_carta import DEAL, Copa
from tests.helpers.tables import dealt_table

PLUGIN = GAMES["prima_carta"]


def shown(table: Table) -> str:
    content, embed = render_table(table)
    return "\n".join([content or "", str(embed.to_dict())])


def names_a_card(text: str) -> bool:
    from engine.prima_carta.game import CARDS

    return any(re.search(re.escape(c.label) + r"(?![0-9])", text) or c.code in text for c in CARDS) or any(
        c.short in text for c in CARDS
    )


def test_bets_open_before_the_first_card_show_no_card_and_no_prima() -> None:
    table = dealt_table("prima_carta", PrimaCartaTableOptions(bets=True, corte=True), 3, 5, stake=5)
    game = table.game
    text = shown(table)
    assert "bets are open" in text and not names_a_card(text)
    seats = next(f.value or "" for f in render_table(table)[1].fields if (f.name or "").startswith("Seats"))
    assert "prima" not in seats and "dealer" in seats  # the prima is not known yet
    assert PLUGIN.secret_cards(game) and len(PLUGIN.secret_cards(game)) == 50
    assert PLUGIN.opening_costs(game) == [5, 5, 5] and PLUGIN.held(game) == 15
    pause = PLUGIN.pause(game, table.options)
    assert pause is not None and pause.seconds == 30 and pause.action == DEAL
    assert english(pause.label) == "Bets are open"
    assert pause.seat == game.prima  # the table's to use; shown nowhere
    assert all(PLUGIN.moves(game, seat) == [] for seat in range(3))
    # The clock's Deal costs the prima the corte (none if the prima is the dealer, seat 0).
    cost = PLUGIN.cost(game, pause.seat, pause.action)
    assert cost == (0 if game.prima == 0 else 5)
    game.apply(pause.seat, pause.action)
    assert PLUGIN.held(game) == 15 + cost and PLUGIN.pause(game, table.options) is None
    assert PLUGIN.secret_cards(game) == frozenset() and names_a_card(shown(table))


def test_bets_open_again_before_the_repasso() -> None:
    table = dealt_table("prima_carta", PrimaCartaTableOptions(bets=True), 3, 1, stake=5)
    game = table.game
    game.apply(game.prima, DEAL)
    while (seat := game.to_act) is not None:
        game.apply(seat, game.legal_actions(seat)[0])
    pause = PLUGIN.pause(game, table.options)
    assert pause is not None and pause.seconds == 20 and pause.seat == game.prima
    assert PLUGIN.cost(game, pause.seat, pause.action) == 0
    assert "bets are open before the repasso" in PLUGIN.status(table.view(), game)


def test_the_table_line_names_the_variant_corte_cobre_and_a_carried_cobre() -> None:
    table = dealt_table(
        "prima_carta",
        PrimaCartaTableOptions(house=True, corte=True, cobre="carry", variant="jasper"),
        3,
        2,
        stake=5,
        carried=4,
    )
    text = shown(table)
    assert "Jasper rules" in text and "house table" in text and "corte 5 paid to the house" in text
    assert "cobre: carried to the next hand" in text and "4 chips of cobre carried into this pot" in text
    assert PLUGIN.held(table.game) == 3 * 5 + 5 + 4


def test_cinco_lists_the_stacks_in_the_order_they_came_off_the_deck() -> None:
    table = dealt_table("prima_carta", PrimaCartaTableOptions(variant="cinco"), 3, 6, stake=5)
    view = table.game.view(None)
    _, embed = render_table(table)
    field = next(f for f in embed.fields if (f.name or "").startswith("Stacks"))
    assert "in the order they came off the deck" in (field.name or "")
    labels = [re.findall(r"\*\*(\w+)\*\*", line)[0].lower() for line in (field.value or "").splitlines()]
    assert labels == view.appearance


def test_play_checks_the_house_options() -> None:
    assert PLUGIN.parse_options({"bets": True}).bets
    with pytest.raises(OptionError):
        PLUGIN.parse_options({"cobre": "pocket"})
    options = PLUGIN.parse_options({"corte": True, "variant": "cinco"})
    assert PLUGIN.min_bankroll(10, options) == 20 and PLUGIN.min_bankroll(10, PLUGIN.parse_options({})) == 100
    assert "corte 10 from the prima to the dealer" in english(PLUGIN.describe_options(options, 10))


def test_a_copa_costs_its_price_and_nothing_else_costs_chips() -> None:
    table = dealt_table("prima_carta", PrimaCartaTableOptions(), 3, 4, stake=5)
    game = table.game
    seat = game.to_act
    assert seat is not None
    assert PLUGIN.cost(game, seat, Copa(amount=game.copa_price(seat))) == game.copa_price(seat)
    assert PLUGIN.cost(game, seat, DEAL) == 0
