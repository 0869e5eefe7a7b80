"""What a Holdout host chooses at /play. The fields' descriptions, choices and ranges are
the /play holdout options Discord shows."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.holdout.game import HoldoutOptions


class HoldoutTableOptions(BaseModel, frozen=True):
    """Holdout's table options."""

    lines: Literal["auto", "single", "double"] = Field(
        default="auto",
        description="Single line, double line, or chosen by the number of players (default)",
        json_schema_extra={
            "choices": {
                "auto": "auto: single line up to 4 players, double for 5–6",
                "single": "single line (2–4 players)",
                "double": "double line (4–6 players)",
            }
        },
    )
    deck: Literal["postas", "vines"] = Field(
        default="postas",
        description="The 50-card Postas deck (default) or the 55-card Vines deck",
        json_schema_extra={
            "choices": {
                "postas": "Postas, 50 cards (ranks 1–10)",
                "vines": "Vines, 55 cards (adds the Emperor, 11)",
            }
        },
    )
    stack: int = Field(
        default=20, ge=10, le=10_000, description="The stack each player brings, in stakes (default 20)"
    )

    def engine_options(self, stake: int, players: int) -> HoldoutOptions:
        """The hand's rules for `players` seated: `auto` picks the line count by head count."""
        double = self.lines == "double" or (self.lines == "auto" and players > 4)
        lines: Literal[1, 2] = 2 if double else 1
        return HoldoutOptions(stake=stake, lines=lines, deck=self.deck)
