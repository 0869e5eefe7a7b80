"""Rule errors. Their messages are sentences a player may be shown."""

from __future__ import annotations


class RuleError(Exception):
    """A move the rules do not allow. `str(error)` is fit to show the player."""


class NotYourTurn(RuleError):
    """Someone other than the player to act tried to act."""


class IllegalAction(RuleError):
    """The player to act asked for a move that is not among their legal moves."""


class BadSetup(RuleError):
    """A table was set up in a way the game does not allow (seat count, suits, options)."""
