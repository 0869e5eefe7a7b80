"""What a Prima Carta host chooses at /play: the tavern game by default, or the house game
(a djego) with its corte, cobre and onlookers' bets, and the modern variants Cinco and
Jasper. The fields' descriptions and choices are the /play prima_carta options Discord
shows."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.prima_carta import PrimaCartaOptions

PAUSE_FIRST_CARD = 30
"""Seconds bets stay open before the first card."""
PAUSE_REPASSO = 20
"""Seconds bets stay open after the copa, before the repasso."""
PAUSE_PASS = 3
"""Seconds between the passes after the copa: the pause is paced (`Pause.paced`), so the
bot's `PASS_DELAY` setting times it; this is its nominal length."""


class PrimaCartaTableOptions(BaseModel, frozen=True):
    """Prima Carta's table options."""

    variant: Literal["classic", "cinco", "jasper"] = Field(
        default="classic",
        description="Classic Prima Carta (default), Cinco (one pass, tallest stack) or Jasper (reshuffled)",
        json_schema_extra={
            "choices": {
                "classic": "classic: passes until a live suit holds all ten",
                "cinco": "Cinco: one pass only, the tallest stack wins",
                "jasper": "Jasper: the deck is shuffled after the first pass",
            }
        },
    )
    house: bool = Field(
        default=False, description="A house table: the house deals and takes the corte (default no)"
    )
    corte: bool = Field(default=False, description="The prima tosses one stake to the dealer (default no)")
    cobre: Literal["off", "carry", "house"] = Field(
        default="off",
        description="When a folded suit finishes first, the folded spigas form the cobre (default off)",
        json_schema_extra={
            "choices": {
                "off": "off: the winner takes the whole pot",
                "carry": "carry: the cobre goes into the next hand's pot",
                "house": "house: the cobre is paid to the house",
            }
        },
    )
    bets: bool = Field(
        default=False,
        description="Onlookers may bet: the deal waits before the first card and the repasso (default no)",
    )

    def engine_options(self, stake: int) -> PrimaCartaOptions:
        return PrimaCartaOptions(
            stake=stake,
            house=self.house,
            corte=self.corte,
            cobre=self.cobre,
            pauses=self.bets,
            variant=self.variant,
            # Every pass after the copa is its own step, shown before the next (issue 23).
            stepped=True,
        )
