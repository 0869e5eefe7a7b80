"""What a host of Cardano's Primero chooses at /play. The counter (the invitation's unit) is
the table's stake; the fields' descriptions, choices and ranges are the /play options."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.cardano import CardanoOptions


class CardanoTableOptions(BaseModel, frozen=True):
    """Cardano's Primero's table options."""

    stack: int = Field(
        default=20, ge=10, le=10_000, description="The stack each player brings, in stakes (default 20)"
    )
    vie: int = Field(
        default=2, ge=1, le=20, description="The vie, the opening bet of a declaration, in stakes (default 2)"
    )
    primero_81: bool = Field(
        default=False, description="Primero 81 (three sevens and a six) beats a flush like 79 (default no)"
    )
    privilege_passes: bool = Field(
        default=False,
        description="A folded privilege passes to the next player still in (default: it is lost)",
    )
    duel: bool = Field(default=True, description="Play the final duel for half the pot (default yes)")
    distributions: Literal["3", "4", "deck"] = Field(
        default="4",
        description="Deals of two cards before a round where all pass goes to the showdown (default 4)",
        json_schema_extra={"choices": {"3": "3 deals", "4": "4 deals", "deck": "until the deck runs out"}},
    )

    def engine_options(self, stake: int) -> CardanoOptions:
        return CardanoOptions(
            counter=stake,
            vie=self.vie,
            primero_81=self.primero_81,
            privilege_passes=self.privilege_passes,
            duel=self.duel,
            distributions=0 if self.distributions == "deck" else int(self.distributions),
        )
