"""Rule errors. Their messages are sentences a player may be shown."""

from __future__ import annotations

from engine.core.msg import Msg, english


class RuleError(Exception):
    """A move the rules do not allow. `str(error)` is fit to show the player, in English;
    `said` is what to show: the English sentence, or (an engine converted to messages,
    issue 26) a `Msg` the bot renders in the player's language."""

    def __init__(self, said: str | Msg) -> None:
        super().__init__(english(said))
        self.said = said

    def __reduce__(self) -> tuple[type[RuleError], tuple[str | Msg]]:
        # Raised in a worker process, it comes back as it was said, message and all.
        return (type(self), (self.said,))


class NotYourTurn(RuleError):
    """Someone other than the player to act tried to act."""


class IllegalAction(RuleError):
    """The player to act asked for a move that is not among their legal moves."""


class BadSetup(RuleError):
    """A table was set up in a way the game does not allow (seat count, suits, options)."""
