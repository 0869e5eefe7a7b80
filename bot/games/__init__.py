"""The game registry: every package beside this module is a game's Discord half, and its
`PLUGIN` registers it. Shared code asks the registry and never names a game.

Adding a game is its engine package, a package here with a `PLUGIN`, its tests and its
rules notes; nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from bot.games.base import (
    BetOffer,
    BetResult,
    GameEnd,
    GamePlugin,
    HandSetup,
    Move,
    OfferChoice,
    OfferSettlement,
    OfferTerms,
    OptionError,
    Pause,
    rated,
    scoreboards,
)
from bot.i18n import Text

Plugin = GamePlugin[Any, Any]


def _discover() -> dict[str, Plugin]:
    found: dict[str, Plugin] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        plugin = getattr(module, "PLUGIN", None)
        if not isinstance(plugin, GamePlugin):
            raise TypeError(f"{module.__name__} has no PLUGIN (a GamePlugin instance)")
        if plugin.id != info.name:
            raise TypeError(f"{module.__name__}.PLUGIN.id is {plugin.id!r}; it must be the package's name")
        found[plugin.id] = plugin
    return found


GAMES: dict[str, Plugin] = _discover()
"""Every registered game, by id, in a stable order."""

BOARDS: dict[str, Text] = {
    board: name for plugin in GAMES.values() for board, name in scoreboards(plugin).items()
}
"""Every scoreboard: board key -> its name (a message where it is more than the game's name:
render it in the reader's language)."""

RATED: frozenset[str] = frozenset(
    board for plugin in GAMES.values() if rated(plugin) for board in scoreboards(plugin)
)
"""The scoreboards whose results are rated (docs/RULES.md, "Ratings")."""

__all__ = [
    "BOARDS",
    "GAMES",
    "RATED",
    "BetOffer",
    "BetResult",
    "GameEnd",
    "GamePlugin",
    "HandSetup",
    "Move",
    "OfferChoice",
    "OfferSettlement",
    "OfferTerms",
    "OptionError",
    "Pause",
    "Plugin",
]
