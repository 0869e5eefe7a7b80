"""Issue 20, item 2 (a first slice): onlookers' bets against the house and side offers
between members are capabilities a game registers, not methods every game carries; shared
code asks the registry's plug-in for a capability, never for a game."""

from __future__ import annotations

from bot.games import GAMES
from bot.games.base import GamePlugin, OnlookerBets, SideOffers

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
