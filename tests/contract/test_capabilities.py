"""Issue 20, item 2 (a first slice): onlookers' bets against the house and side offers
between members are capabilities a game registers, not methods every game carries; shared
code asks the registry's plug-in for a capability, never for a game."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.games.base import CAPABILITIES, Capability, GamePlugin, OnlookerBets, SideOffers

ONE_GAMES_FEATURES = (
    "house_bets",
    "settle_house_bet",
    "house_bet_limit",
    "offer_choices",
    "offer_terms",
    "offer_open",
    "settle_offer",
)


def test_bets_and_side_offers_are_capabilities_not_methods_of_every_game() -> None:
    carried = [name for name in ONE_GAMES_FEATURES if hasattr(GamePlugin, name)]
    assert not carried, f"every game carries {carried}"


def test_a_game_has_the_capabilities_it_registers_and_no_others() -> None:
    having = {
        game: (plugin.capability(OnlookerBets) is not None, plugin.capability(SideOffers) is not None)
        for game, plugin in GAMES.items()
    }
    assert having.pop("prima_carta") == (True, True)
    assert all(has == (False, False) for has in having.values()), having


# Issue 20, item 2 (the rest): a core contract every game implements, and capabilities a
# game registers when it has them. `GamePlugin` had 57 methods before the issue, 51 after
# the first slice. Issue 23 added two: `summary` (the table message's short lines) and
# `hand_result` (the finished hand in words). Issue 25 added one: `move_name` (a legal move
# in words, as its controls name it, for a learner's hint; with a default every game uses).
CORE_BUDGET = 36
"""The most methods the core contract may have (the issue's measure: keep the core small)."""

CORE = ("new_hand", "load", "decode", "encode", "timeout_action", "held", "prompt", "panel", "hand_result")
"""What every game writes itself: a new hand, keys ⇄ moves, its money, its texts, its timeout,
the finished hand's result."""

CAPABILITY_METHODS = {
    "Pauses": ("pause", "short_of_chips"),
    "Partners": ("robot", "partners"),
    "ScoreGame": (
        "points",
        "target",
        "board",
        "boards",
        "before_deal",
        "after_hand",
        "keeps_seat",
        "leaving_debts",
        "tops_up",
    ),
    "HouseDeals": ("house_deals",),
    "TableMoves": ("moves",),
    "HandByHand": ("opening_costs", "cost", "min_bankroll"),
    "Prepares": ("prepare", "absorb"),
    "OutOfTurn": ("out_of_turn",),
    "Standings": ("rated", "hand_standing", "game_standing"),
}

REGISTERED = {
    "OnlookerBets": {"prima_carta"},
    "SideOffers": {"prima_carta"},
    "Pauses": {"prima_carta"},
    "Partners": {"primiera"},
    "ScoreGame": {"primero", "prefa", "primiera"},
    "HouseDeals": {"prima_carta"},
    "TableMoves": {"prima_carta", "peg_leg"},  # issue 23: Peg Leg's Bet… on the table message
    "HandByHand": {"prima_carta", "peg_leg"},
    "Prepares": {"peg_leg"},  # issue 21: its pricing runs in a worker
    "OutOfTurn": {"peg_leg"},  # issue 23: a standing decision set or cancelled at any time
    # issue 24: rated otherwise than the table's default (not at all; hand by hand as teams)
    "Standings": {"peg_leg", "prefa", "primiera"},
    "CardNames": {"primiera"},
}
"""Which games register which capability (what their plug-ins implemented before the split)."""


def core_methods() -> list[str]:
    return [
        name
        for name, value in vars(GamePlugin).items()
        if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, property))
    ]


def test_the_core_contract_is_small_and_carries_no_capability() -> None:
    core = core_methods()
    carried = sorted(
        name for names in CAPABILITY_METHODS.values() for name in names if hasattr(GamePlugin, name)
    )
    assert not carried, f"the core contract carries capabilities' methods: {carried}"
    assert len(core) <= CORE_BUDGET, f"the core contract has {len(core)} methods: {core}"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_registered_game_implements_the_core_contract(game: str) -> None:
    plugin = GAMES[game]
    missing = [name for name in CORE if getattr(type(plugin), name) is getattr(GamePlugin, name)]
    assert not missing, f"{game} leaves core methods to the base: {missing}"
    for attribute in (
        "id",
        "name",
        "options_model",
        "min_players",
        "max_players",
        "seat_choices",
        "rules",
        "brief",
    ):
        assert hasattr(plugin, attribute), f"{game} has no {attribute}"


@pytest.mark.parametrize("game", list(GAMES))
def test_each_capability_a_game_declares_is_well_formed(game: str) -> None:
    """A capability a game has is one of the known kinds, writes the methods that kind
    requires, and writes at least one of its own (an empty declaration is a mistake)."""
    plugin = GAMES[game]
    for declared in plugin.capabilities:
        assert isinstance(declared, CAPABILITIES), f"{game} lists {declared!r}, not a capability"
    for kind in CAPABILITIES:
        capability = plugin.capability(kind)
        if capability is None:
            continue
        assert isinstance(capability, Capability)
        own = [
            name
            for name, value in vars(kind).items()
            if inspect.isfunction(value)
            and not name.startswith("_")
            and getattr(type(capability), name) is not value
        ]
        missing = [name for name in kind.required if getattr(type(capability), name) is getattr(kind, name)]
        assert not missing, f"{game}'s {kind.__name__} leaves {missing} unwritten"
        assert own, f"{game} declares {kind.__name__} but writes none of its methods"


def test_each_game_registers_the_capabilities_it_has_and_no_others() -> None:
    having = {
        kind.__name__: {game for game, plugin in GAMES.items() if plugin.capability(kind) is not None}
        for kind in CAPABILITIES
    }
    assert having == REGISTERED


def test_bot_games_imports_nothing_from_the_table_service() -> None:
    """Plug-ins are handed a read-only view of the table (`bot.games.view.TableView`), so
    the game packages never need the live `Table`: no import of `bot.tables` at all."""
    root = Path(__file__).resolve().parents[2] / "bot" / "games"
    importing = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(name == "bot.tables" or name.startswith("bot.tables.") for name in names):
                importing.append(str(path.relative_to(root)))
    assert not importing, f"these game modules import the table service: {importing}"


def test_a_plugin_is_handed_a_frozen_view_of_the_table() -> None:
    from bot.games.view import SeatView, TableView
    from bot.tables import Seat, Table, TableState

    plugin = GAMES["holdout"]
    state = TableState(guild_id=1, channel_id=2, game="holdout", host_id=7, stake=5)
    state.seats = [
        Seat(choice=choice, user_id=7 + n, name=f"P{n}") for n, choice in enumerate(plugin.seat_choices[:3])
    ]
    view = Table(state, plugin).view()
    assert isinstance(view, TableView) and all(isinstance(seat, SeatView) for seat in view.seats)
    assert [seat.mention for seat in view.seats] == ["<@7>", "<@8>", "<@9>"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.stake = 500  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seats[0].name = "Mallory"  # type: ignore[misc]
