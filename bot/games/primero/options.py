"""What a Primero host chooses at /play (the text: "agree on the rules first"). The fields'
descriptions, choices and ranges are the /play primero options Discord shows."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.primero.game import PrimeroOptions

BETTING_ONLY = ("stack", "ante", "bid_limit", "division")
"""Options that mean nothing in the points game."""


class PrimeroTableOptions(BaseModel, frozen=True):
    """Primero's table options."""

    variant: Literal["betting", "points"] = Field(
        default="betting",
        description="Betting for chips (default), or the points game played to a target",
        json_schema_extra={
            "choices": {
                "betting": "betting: play for chips",
                "points": "points: no chips, first to the target score wins",
            }
        },
    )
    stack: int = Field(
        default=20, ge=10, le=10_000, description="The stack each player brings, in stakes (default 20)"
    )
    ante: int = Field(default=1, ge=0, le=10, description="Stakes each player antes per hand (default 1)")
    bid_limit: int | None = Field(
        default=None,
        ge=1,
        le=10_000,
        description="The largest bet, in stakes (default: no limit but your stack)",
    )
    repass: bool = Field(
        default=True, description="May a player pass more than once in a round (default yes)"
    )
    overstate: bool = Field(
        default=True, description="May first-round bids claim more than the hand holds (default yes)"
    )
    division: Literal["all", "split"] = Field(
        default="all",
        description="Winner takes all (default), or split the pot",
        json_schema_extra={
            "choices": {
                "all": "winner takes all",
                "split": "split: ½ to the winner, ¼ to the best hand of any type, rest stays",
            }
        },
    )
    target: int = Field(
        default=1000, ge=100, le=100_000, description="Points game: the score that wins (default 1000)"
    )

    @property
    def betting(self) -> bool:
        return self.variant == "betting"

    def engine_options(self, stake: int) -> PrimeroOptions:
        return PrimeroOptions(
            stake=stake,
            ante=self.ante,
            bid_limit=self.bid_limit,
            repass=self.repass,
            overstate_first=self.overstate,
            division=self.division,
            betting=self.betting,
        )
