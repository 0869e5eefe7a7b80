"""Computer players for Prima Carta's one decision: copa or fold.

"basic" follows the rule text's Basic Strategy table; "sharp" reads the public discard
order, plays the rest of the deal out in its head and pays only when its suit wins.
Both see only public information and always return one of the legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.players import ComputerPlayer
from engine.prima_carta.game import (
    CODE,
    SUITS,
    Copa,
    Fold,
    PrimaCarta,
    PrimaCartaAction,
    SeatStatus,
    completion_order,
)

# Basic Strategy rule 2 ("Fold if the total number of cards above you is N or more in K
# cards"): K opponents bigger than you -> the excess N at which you fold.
FOLD_AT_EXCESS: dict[int, int] = {1: 2, 2: 3, 3: 4, 4: 5}
# Exceptions, matched literally as (your stack, the other live stacks sorted ascending).
PLAY_ANYWAY: frozenset[tuple[int, tuple[int, ...]]] = frozenset({(2, (2, 2, 2, 4)), (3, (2, 2, 4, 4))})
FOLD_ANYWAY: frozenset[tuple[int, tuple[int, ...]]] = frozenset(
    {(3, (2, 4, 4, 4)), (3, (3, 4, 4, 4)), (4, (3, 5, 5, 5))}
)


def basic_decision(mine: int, others: Sequence[int]) -> bool:
    """True to pay the copa with a stack of `mine` against the other live stacks.

    `others` are the stack sizes of opponents who have not folded (unowned suits are not
    opponents). K is how many of them are strictly bigger than `mine`, N their total
    excess over it.
    """
    rivals = tuple(sorted(others))
    # Rule 1: "If you are in the lead, or tied for the lead, always play."
    if not rivals or mine >= rivals[-1]:
        return True
    above = [size - mine for size in rivals if size > mine]
    k, n = len(above), sum(above)
    # Rule 2: fold at or past the threshold, except the listed "Play" configurations.
    if n >= FOLD_AT_EXCESS.get(k, 1):
        return (mine, rivals) in PLAY_ANYWAY
    # Rule 3: otherwise bet, except the listed "Fold" configurations.
    return (mine, rivals) not in FOLD_ANYWAY


def _pick(legal: list[PrimaCartaAction], pay: bool) -> PrimaCartaAction:
    wanted = Copa if pay else Fold
    for action in legal:
        if isinstance(action, wanted):
            return action
    return legal[0]


# The basic decision is a pure function of the seat and the contenders' stack sizes (each
# -1..10, at most five seats), so it is remembered; the limit only bounds a pathological run.
_BASIC_MEMO: dict[tuple[int, tuple[int, ...]], bool] = {}
_BASIC_MEMO_LIMIT = 1 << 16


class BasicPlayer:
    """The Basic Strategy table from the rule text, for every seat."""

    level = "basic"

    def choose(self, game: PrimaCarta, seat: int) -> PrimaCartaAction:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this computer player's turn.")
        # A public, cheap accessor rather than a full view: this runs in the benchmark loop.
        sizes = game.contenders()
        key = (seat, sizes)
        pay = _BASIC_MEMO.get(key)
        if pay is None:
            others = [size for other, size in enumerate(sizes) if other != seat and size >= 0]
            pay = basic_decision(sizes[seat], others)
            if len(_BASIC_MEMO) < _BASIC_MEMO_LIMIT:
                _BASIC_MEMO[key] = pay
        # legal_actions is documented as [copa, fold].
        return legal[0] if pay else legal[1]


class SharpPlayer:
    """Reads the public discard order and pays only when its suit finishes first."""

    level = "sharp"

    def choose(self, game: PrimaCarta, seat: int) -> PrimaCartaAction:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this computer player's turn.")
        view = game.view(seat)
        count = [stack.size for stack in view.stacks]
        foundation = [CODE[stack.cards[0]] if stack.cards else -1 for stack in view.stacks]
        done = completion_order(count, foundation, [CODE[card] for card in view.discard])
        mine = done[SUITS.index(view.seats[seat])]
        rivals = [
            done[SUITS.index(suit)]
            for other, suit in enumerate(view.seats)
            if other != seat and view.status[other] is not SeatStatus.FOLDED
        ]
        return _pick(legal, all(mine < rival for rival in rivals))


LEVELS = ("basic", "sharp")
"""This game's computer player levels; the first is the default."""


def make_player(level: str) -> ComputerPlayer:
    """The factory `engine.core.players.computer_player` calls for this game."""
    if level == "basic":
        return BasicPlayer()
    if level == "sharp":
        return SharpPlayer()
    raise ValueError(f"There is no {level} computer player for Prima Carta.")
