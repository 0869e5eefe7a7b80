"""What a Peg Leg host chooses at /play. The field's description and range are the
/play peg-leg option Discord shows."""

from __future__ import annotations

from pydantic import BaseModel, Field


class PegLegTableOptions(BaseModel, frozen=True):
    """Peg Leg's table options. The house edge is fixed (5%), not an option."""

    cap: int = Field(
        default=20,
        ge=1,
        le=1000,
        description="The most one player may bet in a hand, in stakes (default 20)",
    )
