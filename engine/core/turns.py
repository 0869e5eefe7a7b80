"""Whose move it is: the one check every game makes before a move changes anything.

Each engine's `apply` starts by asking whether the seat that moved is one the hand waits
on; the answer, when it is not, is a sentence for the player, the same in every game:

    >>> turn = dict(awaiting=(1,), names=("Ann", "Bo", "Cy"))
    >>> check_turn(1, **turn)  # Bo is to act: nothing to say
    >>> check_turn(0, **turn)
    Traceback (most recent call last):
    engine.core.errors.NotYourTurn: It isn't your turn — waiting for Bo.
    >>> check_turn(2, awaiting=(0, 1), names=("Ann", "Bo", "Cy"), chosen="You have chosen your card")
    Traceback (most recent call last):
    engine.core.errors.NotYourTurn: You have chosen your card — waiting for Ann and Bo.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.errors import NotYourTurn
from engine.core.msg import Domain, Join, Msg

t = Domain("frame")


def name_list(names: Sequence[str]) -> str:
    """`["Ann"]` -> "Ann"; `["Ann", "Bo", "Cy"]` -> "Ann, Bo and Cy"."""
    if len(names) <= 2:
        return " and ".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def not_your_turn(
    waiting: Sequence[str | Msg], *, chosen: str | Msg | None = None, idle: str | Msg | None = None
) -> NotYourTurn:
    """The refusal for a player the hand is not waiting on, naming who it waits for.

    `chosen` is what the player did already when everyone chooses at once ("You have
    chosen your card"); `idle` is what to say when the hand waits on nobody (a pause)."""
    if not waiting:
        return NotYourTurn(idle or t("Nobody is to act right now."))
    if chosen is not None:
        return NotYourTurn(t("{chosen} — waiting for {waiting}.", chosen=chosen, waiting=Join(waiting)))
    return NotYourTurn(t("It isn't your turn — waiting for {waiting}.", waiting=Join(waiting)))


def check_turn(
    seat: int,
    awaiting: Sequence[int],
    names: Sequence[str | Msg],
    *,
    over: bool = False,
    noun: str = "hand",
    chosen: str | Msg | None = None,
    idle: str | Msg | None = None,
) -> None:
    """Raise NotYourTurn unless the hand waits on `seat`; `names` are the seats' names (or
    what a refusal calls them) and `noun` what the game calls a hand ("round").

    Checked in this order: a seat the hand doesn't have, a hand that is over, a seat the
    hand waits on (no refusal), then who the hand waits for (see `not_your_turn`)."""
    if not isinstance(seat, int) or not 0 <= seat < len(names):
        raise NotYourTurn(
            t("That seat is not part of this round.")
            if noun == "round"
            else t("That seat is not part of this hand.")
        )
    if over:
        raise NotYourTurn(
            t("The round is over; there is nothing left to do.")
            if noun == "round"
            else t("The hand is over; there is nothing left to do.")
        )
    if seat in awaiting:
        return
    raise not_your_turn([names[other] for other in awaiting], chosen=chosen, idle=idle)
