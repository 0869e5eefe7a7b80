"""What a Prima Carta host chooses at /play. The fields' descriptions are the /play
prima-carta options Discord shows."""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.prima_carta.game import PrimaCartaOptions


class PrimaCartaTableOptions(BaseModel, frozen=True):
    """Prima Carta's table options."""

    bets: bool = Field(
        default=False,
        description="The house game: onlookers may bet against the house before the first card (default no)",
    )

    def engine_options(self, stake: int) -> PrimaCartaOptions:
        return PrimaCartaOptions(stake=stake, bets=self.bets)
