"""Reading a saved hand back: the checks every game's `from_json` starts with, and the
sentences that say why a save was refused, the same in every game.

A table that cannot be read is set aside and refunded (DESIGN.md §5); the sentence is for
the log and the admin, and names the game, never a card.

    >>> SavedHand("Holdout").damaged()
    BadSetup('This saved Holdout hand is damaged and cannot be restored.')
    >>> SavedHand("Primiera", noun="round").damaged("the stock is short")
    BadSetup('This saved Primiera round is damaged and cannot be restored: the stock is short.')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from engine.core.errors import BadSetup

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class SavedHand:
    """How one game speaks of its saved hands: `game` is its name, `noun` its word for a
    hand ("round")."""

    game: str
    noun: str = "hand"

    def damaged(self, problem: str | None = None) -> BadSetup:
        """The save is not what `to_json` writes (optionally saying what is wrong)."""
        text = f"This saved {self.game} {self.noun} is damaged and cannot be restored"
        return BadSetup(f"{text}: {problem}." if problem else f"{text}.")

    def foreign(self) -> BadSetup:
        """The save is another game's, or a format this version does not read."""
        return BadSetup(f"This saved {self.noun} is not a {self.game} {self.noun} this version can restore.")

    def cards_missing(self, deck: int) -> BadSetup:
        """The save's cards are not the whole deck, each once."""
        return BadSetup(f"This saved {self.game} {self.noun} does not account for all {deck} cards.")

    def deal_unmatched(self) -> BadSetup:
        """The save's deck is not the one its published commitment promised."""
        return BadSetup(f"This saved {self.game} {self.noun} does not match its published deal.")

    def read(
        self,
        model: type[M],
        data: Mapping[str, Any],
        game_id: str,
        formats: Collection[int],
        *,
        context: Any = None,
        strict: bool = False,
    ) -> M:
        """`data` as the game's snapshot `model` (which has `game_id` and `format` fields),
        or BadSetup: damaged if it doesn't validate, foreign if it is another game's or
        format's. `context` goes to the model's validators (a deck to read cards with);
        `strict` takes JSON's own types only, as pydantic's strict mode does (no "3" for 3,
        no 1.0 for 1; a strict model has no float field, so no NaN either, and takes a JSON
        list where it keeps a tuple, see Primiera's `herald`): checked in place, as text
        read back would be, without writing the data out as text first."""
        try:
            if strict:
                snapshot = model.model_validate(data, strict=True, context=context)
            else:
                snapshot = model.model_validate(data, context=context)
        except (TypeError, ValueError) as error:  # pydantic's ValidationError is a ValueError
            raise self.damaged() from error
        if getattr(snapshot, "game_id", None) != game_id or getattr(snapshot, "format", None) not in formats:
            raise self.foreign()
        return snapshot
