"""When a table acts by itself: the turn timer, the pause before the next deal, the idle
close, the grace after a restart. Pure: the clock's reading comes in as an argument."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.tables.model import Phase

#: a lobby, or a table without enough players between hands, closes after this long
IDLE_CLOSE = timedelta(minutes=30)
#: between hands, the next hand is dealt after this pause unless someone deals sooner
NEXT_HAND_DELAY = timedelta(seconds=30)
#: after a restart, a member to act has at least this long before the timer plays for them
RESTART_GRACE = timedelta(seconds=30)
#: after an automatic move fails unexpectedly, the clock tries it again after this long
RETRY_AFTER = timedelta(seconds=30)
#: consecutive timeouts after which a computer takes the seat
STRIKES_TO_REPLACE = 2
#: hands in a row the clock deals while no seated member moves or deals; then the table waits
#: for a member to deal (and closes when idle). A game whose hands may ask nothing of the
#: members would otherwise play an absent member's chips hand after hand, for ever.
UNATTENDED_DEALS = 2


def deadline(
    phase: Phase,
    now: datetime,
    *,
    can_deal: bool,
    members_awaited: bool,
    new_turn: bool,
    current: datetime | None,
    turn_timer: int,
    pause: float | None = None,
    between_games: bool = False,
) -> datetime | None:
    """When the table next acts by itself if nobody does anything.

    A lobby (and a table between hands that can't deal) closes when idle; a table that can
    deal deals after a short pause, or when a score game has just ended (`between_games`)
    starts the next game after the turn timer, time to read the final standings and leave;
    a hand waiting on members gives them the turn timer —
    the others of a simultaneous choice keep the deadline they had — and a hand waiting
    only on computers has no deadline (they move on the clock at once). A hand waiting on
    the clock (`pause`: its seconds) gets it when the pause begins and keeps it."""
    if phase is Phase.CLOSED:
        return None
    if phase is Phase.LOBBY:
        return now + IDLE_CLOSE
    if phase is Phase.BETWEEN:
        if not can_deal:
            return now + IDLE_CLOSE
        return now + (timedelta(seconds=turn_timer) if between_games else NEXT_HAND_DELAY)
    if pause is not None:
        if not new_turn and current is not None:
            return current
        return now + timedelta(seconds=pause)
    if not members_awaited:
        return None
    if not new_turn and current is not None:
        return current
    return now + timedelta(seconds=turn_timer)


def after_restart(phase: Phase, saved: datetime | None, now: datetime) -> datetime | None:
    """A restored table's deadline: time the bot was down is not the player's fault, so a
    member to act gets at least a moment after the restart."""
    if phase is Phase.PLAYING and saved is not None:
        return max(saved, now + RESTART_GRACE)
    return saved


def new_turn(awaiting: Sequence[int], awaited: Sequence[int], actor: int | None) -> bool:
    """A new turn starts (timer reset, a ping) when the hand waits on someone it was not
    waiting on, or again on the player who just moved."""
    return bool(set(awaiting) - set(awaited)) or (actor is not None and actor in awaiting)
