"""Cardano's /play option `distributions` (decision 25) reaches the engine and the table's
description."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from engine.core.msg import english


@pytest.mark.parametrize(
    ("chosen", "bound", "said"),
    [(None, 4, "after 4 deals"), ("3", 3, "after 3 deals"), ("deck", 0, "until the deck runs out")],
)
def test_the_bound_on_distributions_is_an_option(chosen: str | None, bound: int, said: str) -> None:
    plugin = GAMES["cardano"]
    options = plugin.parse_options({"distributions": chosen})
    assert options.engine_options(5).distributions == bound
    assert said in english(plugin.describe_options(options, 5))
