"""What a game plug-in may read of the table it plays at: a frozen view, built by the table
service (`bot.tables.Table.view`) each time it asks the plug-in to draw or to judge. The
plug-in gets copies, never the live table, so it can't change a table behind the service's
back, and `bot/games` never imports `bot/tables`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.core.match import Match
from engine.core.msg import Msg

if TYPE_CHECKING:
    from bot.i18n import Lang


class Phase(StrEnum):
    """Where a table is: seating players, playing a hand, between hands, or closed."""

    LOBBY = "lobby"
    PLAYING = "playing"
    BETWEEN = "between"  # a hand is over, the next is not dealt yet
    CLOSED = "closed"


@dataclass(frozen=True)
class SeatView:
    """A chair at the table as a plug-in sees it: the place chosen, who sits there."""

    choice: str
    name: str
    user_id: int | None = None  # None: a computer player

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def mention(self) -> str:
        """How the table's messages name the player: a ping, or the computer's name."""
        return f"🤖 {self.name}" if self.user_id is None else f"<@{self.user_id}>"


@dataclass(frozen=True)
class TableView:
    """The table a plug-in is asked about, read-only: its id, the host's options, the stake,
    the match, the hand in play (the engine's state, as the plug-in's own methods take it),
    the hand's number and deadline, the seats, and who plays each engine seat this hand;
    and what the table message shows beside them (its phase and version, whose turn it
    is, whether onlookers may bet, the log), so that the message is drawn from one view."""

    id: int
    options: Any
    stake: int
    match: Match
    game: Any
    hand_no: int
    deadline: datetime | None
    seats: tuple[SeatView, ...]
    #: how each engine seat's player was named when this hand was dealt (mentions)
    hand_seats: tuple[str, ...]
    #: engine seat -> the seat that plays it now (a vacant seat: its partner's member)
    players: Mapping[int, SeatView]
    #: engine seat -> the table seat key dealt into it this hand (even if since gone)
    dealt: Mapping[int, str]
    phase: Phase
    #: the table's state version (the table message's buttons carry it)
    version: int
    #: the engine seat to act (None: nobody, or several seats at once: see `Turn`)
    to_act: int | None
    #: whether onlookers may bet against the house now (`OnlookerBets`)
    bets_open: bool
    #: the table log, oldest line first (messages, or English kept before issue 26)
    log: tuple[str | Msg, ...]
    #: the language to draw in: the table's (its message, its picture), or the member's
    #: whose own panel or answer this is (issue 26)
    lang: Lang

    def seat_for(self, engine_seat: int) -> SeatView:
        """The seat that plays engine seat `engine_seat` in this hand."""
        return self.players[engine_seat]

    def hand_choice(self, engine_seat: int) -> str:
        """The table seat key dealt into engine seat `engine_seat` this hand."""
        return self.dealt[engine_seat]
