"""What a Primiera host chooses at /play. The field's description and choices are the
/play primiera option Discord shows."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.primiera import PrimieraOptions

FORM_NAMES = {
    "heralds": "the Heralds game",
    "scopone": "classic Scopone",
    "two": "two players",
    "three": "three players",
    "robot": "three players and a robot",
}
PLAYERS = {"heralds": 4, "scopone": 4, "two": 2, "three": 3, "robot": 3}
"""Members at the table for each form (the robot is dealt in without one)."""


class PrimieraTableOptions(BaseModel, frozen=True):
    """Primiera's table options: the form, and what the table plays for (the stake is used
    only at bankroll tables)."""

    variant: Literal["heralds", "scopone", "two", "three", "robot"] = Field(
        default="heralds",
        description="Which Primiera: the Heralds game for four (default), Scopone, 2, 3, or 3 and a robot",
        json_schema_extra={
            "choices": {
                "heralds": "Heralds: four players, the first ace played sets the teams (to 21)",
                "scopone": "Scopone: four players, fixed partners opposite (to 11)",
                "two": "two players (to 11)",
                "three": "three players (to 11)",
                "robot": "three players and a robot opposite the dealer (to 21)",
            }
        },
    )

    play_for: Literal["scoreboard", "bankroll"] = Field(
        default="scoreboard",
        description="Play for the scoreboard (default) or for a stake from the bankroll",
        json_schema_extra={
            "choices": {
                "scoreboard": "scoreboard: points on the score sheet only",
                "bankroll": "bankroll: at a game's end each pays each winner the stake per point behind",
            }
        },
    )

    @property
    def bankroll(self) -> bool:
        return self.play_for == "bankroll"

    @property
    def players(self) -> int:
        return PLAYERS[self.variant]

    def engine_options(self) -> PrimieraOptions:
        return PrimieraOptions(form=self.variant)
