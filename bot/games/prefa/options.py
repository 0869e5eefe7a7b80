"""What a Prefa host chooses at /play: the pouch, the money, the direction and every
variation the rule text lists. The fields' descriptions, choices and ranges are the
/play prefa options Discord shows."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.prefa import PrefaOptions


class PrefaTableOptions(BaseModel, frozen=True):
    """Prefa's table options."""

    pouch: int = Field(
        default=31, ge=1, le=1000, description="Points in each player's pouch at the start (default 31)"
    )
    play_for: Literal["scoreboard", "bankroll"] = Field(
        default="scoreboard",
        description="Play for the scoreboard (default) or for the bankroll, stake chips per Prefa chip",
        json_schema_extra={
            "choices": {
                "scoreboard": "scoreboard: Prefa chips on the score sheet only",
                "bankroll": "bankroll: each Prefa chip is worth the stake",
            }
        },
    )
    stack: int = Field(
        default=2,
        ge=1,
        le=20,
        description="Bankroll tables: the stack each seat brings, in hands' worth (default 2)",
    )
    direction: Literal["clockwise", "counterclockwise"] = Field(
        default="clockwise",
        description="Which way play goes round (default clockwise)",
        json_schema_extra={
            "choices": {
                "clockwise": "clockwise (as the rule text describes it)",
                "counterclockwise": "counter-clockwise (the Greek direction)",
            }
        },
    )
    seven_opens: bool = Field(
        default=False, description="First hand: the holder of the 7 of spades bids first (default no)"
    )
    tentative: bool = Field(default=False, description="Allow the tentative bid, 'I'll take it' (default no)")
    ten_no_trump: Literal["off", "A", "B"] = Field(
        default="off",
        description="Allow 10 no trump above 10 hearts (default no)",
        json_schema_extra={
            "choices": {
                "off": "no 10 no trump",
                "A": "A: 10 no trump worth 11",
                "B": "B: 10 no trump worth 10",
            }
        },
    )
    tens_as_nines: bool = Field(default=False, description="Score a played-out 10 as a 9 (default no)")
    four_aces: Literal["off", "A", "B"] = Field(
        default="off",
        description="A bidder holding all four aces may announce them (default no)",
        json_schema_extra={
            "choices": {
                "off": "no four aces",
                "A": "A: the bid value rises by the agreed amount",
                "B": "B: the agreed amount in chips from every player",
            }
        },
    )
    four_aces_amount: int = Field(
        default=0, ge=0, le=1000, description="The agreed four-aces amount (default: a tenth of the pouch)"
    )
    counter_invitation: bool = Field(
        default=False, description="A defender who is out may take a lone defender along (default no)"
    )
    last_pouch_shared: bool = Field(
        default=False,
        description="End when one pouch is left and share it out (two empty pouches; default no)",
    )

    @property
    def bankroll(self) -> bool:
        return self.play_for == "bankroll"

    def engine_options(self) -> PrefaOptions:
        return PrefaOptions(
            pouch=self.pouch,
            direction=self.direction,
            seven_opens=self.seven_opens,
            tentative=self.tentative,
            ten_no_trump=self.ten_no_trump,
            tens_as_nines=self.tens_as_nines,
            four_aces=self.four_aces,
            four_aces_amount=self.four_aces_amount or None,
            counter_invitation=self.counter_invitation,
            last_pouch_shared=self.last_pouch_shared,
        )
