"""Computer players for Prima Carta's one decision: copa or fold.

"basic" follows the rule text's Basic Strategy table; "sharp" reads the public discard
order, plays the rest of the deal out in its head and pays only when its suit wins. Under
Jasper rules the pile is shuffled after the copa by a secret seed, so "sharp" instead
follows the text's table, which was made for a shuffled deck, and pays where the table
folds only when its chance, estimated over reshuffles of the public pile (seeded from the
public view, so it is deterministic), is clearly worth the copa. Both see
only public information and always return one of the legal actions. The corte, the cobre
and the house table change nothing in the decision; Cinco has none.
"""

from __future__ import annotations

import functools
import math
import zlib
from collections.abc import Sequence

from engine.core.msg import Markup, Msg
from engine.core.players import Advice, ComputerPlayer
from engine.core.rng import shuffled
from engine.prima_carta.game import (
    FOLD,
    SUIT_NAMES,
    SUITS,
    Copa,
    Fold,
    PrimaCarta,
    PrimaCartaAction,
    SeatStatus,
    completion_order,
    t,
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
# -1..10, at most five seats), so it is remembered, for every seat at once: by the sizes,
# the decision of each seat (None until asked). The limit only bounds a pathological run.
_BASIC_MEMO: dict[tuple[int, ...], list[bool | None]] = {}
_BASIC_MEMO_LIMIT = 1 << 16


@functools.lru_cache(maxsize=4096)
def _table_decision(mine: int, rivals: tuple[int, ...]) -> bool:
    """`basic_decision`, remembered by the position as the table reads it (your stack and
    the others' sorted): far fewer positions than seats times stack sizes, so a new table
    of sizes mostly finds its answer here."""
    return basic_decision(mine, rivals)


class BasicPlayer:
    """The Basic Strategy table from the rule text, for every seat."""

    level = "basic"

    def choose(self, game: PrimaCarta, seat: int) -> PrimaCartaAction:
        # One public, cheap accessor (the stack sizes and the copa) rather than a full view
        # or `legal_actions` and `contenders` one after the other: this runs in the
        # benchmark loop, five times a hand.
        offer = game.copa_offer(seat)
        if offer is None:
            raise ValueError("It is not this computer player's turn.")
        sizes, copa = offer
        known = _BASIC_MEMO.get(sizes)
        if known is None:
            known = [None] * len(sizes)
            if len(_BASIC_MEMO) < _BASIC_MEMO_LIMIT:
                _BASIC_MEMO[sizes] = known
        pay = known[seat]
        if pay is None:
            others = [size for other, size in enumerate(sizes) if other != seat and size >= 0]
            pay = known[seat] = _table_decision(sizes[seat], tuple(sorted(others)))
        return copa if pay else FOLD


JASPER_SAMPLES = 128
"""Reshuffles of the public pile the sharp player tries under Jasper rules."""


def jasper_chance(
    count: Sequence[int], foundation: Sequence[int], pile: Sequence[int], mine: int, rivals: Sequence[int]
) -> float:
    """The share of `JASPER_SAMPLES` reshuffles of the public `pile` in which suit `mine`
    completes before every suit in `rivals`. The shuffles are seeded from the public state
    alone (a CRC of the pile, the stacks and the suits), never from the hand's seeds."""
    key = zlib.crc32(bytes([*pile, *count, mine, *rivals]))
    wins = 0
    for sample in range(JASPER_SAMPLES):
        done = completion_order(count, foundation, shuffled(pile, key * JASPER_SAMPLES + sample))
        wins += all(done[mine] < done[rival] for rival in rivals)
    return wins / JASPER_SAMPLES


class SharpPlayer:
    """Reads the public discard order and pays only when its suit finishes first (Jasper:
    the text's table, paying beyond it only when its estimated chance is clearly worth the
    copa)."""

    level = "sharp"

    def choose(self, game: PrimaCarta, seat: int) -> PrimaCartaAction:
        action: PrimaCartaAction = self.advise(game, seat).action
        return action

    def advise(self, game: PrimaCarta, seat: int) -> Advice:
        """The move `choose` plays, with why: which suit the face-up pile finishes first
        (Jasper: what the text's table says, and the chance the reshuffles gave)."""
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this computer player's turn.")
        # The public deal as int codes, straight from the engine: a full view (pydantic
        # models of every stack, card and log line) cost more than the playing-out itself.
        count, foundation, pile = game.public_deal()
        suits = [SUITS.index(suit) for suit in game.seats]
        status = game.statuses()
        mine = suits[seat]
        rivals = [suits[o] for o in range(len(suits)) if o != seat and status[o] is not SeatStatus.FOLDED]
        if game.options.variant == "jasper":
            pays, reason = self._jasper_pays(game, seat, count, foundation, pile)
            return Advice(_pick(legal, pays), reason)
        done = completion_order(count, foundation, pile)
        if all(done[mine] < done[rival] for rival in rivals):
            reason = t(
                "The rest of the deal is already in the face-up pile: played out, your suit "
                "finishes before every other suit still in, so the copa wins the pot."
            )
            return Advice(_pick(legal, True), reason)
        first = min(rivals, key=lambda suit: done[suit])
        reason = t(
            "The rest of the deal is already in the face-up pile: played out, "
            "{suit} finish no later than your suit, so the copa would be lost.",
            suit=_suit_name(first),
        )
        return Advice(_pick(legal, False), reason)

    @staticmethod
    def _jasper_pays(
        game: PrimaCarta, seat: int, count: list[int], foundation: list[int], pile: list[int]
    ) -> tuple[bool, Msg]:
        """Jasper: the text's table (made for a deck shuffled after the first pass) says pay
        or fold; a fold is overruled only when the estimated chance, less twice its sampling
        error, still makes the pot worth the copa (a noisy estimate that just clears the bar
        is more often too high than not: paying on it lost chips in the duplicate match).
        Whether to pay, and why in a line."""
        seats, statuses = game.seats, game.statuses()
        sizes = [
            -1 if status is SeatStatus.FOLDED else count[SUITS.index(suit)]
            for status, suit in zip(statuses, seats, strict=True)
        ]
        if basic_decision(sizes[seat], [size for o, size in enumerate(sizes) if o != seat and size >= 0]):
            return True, t(
                "Under Jasper rules the pile is reshuffled after the copa, so the rule text's table "
                "decides: with your stack of {size} against the others, it says pay.",
                size=sizes[seat],
            )
        # Those still to decide are expected to follow the table too, in turn order, with
        # this seat in; the pot it stands to win holds their copas and its own.
        price = game.copa_price(seat)
        pot = game.pot_at_stake() + price
        for step in range(1, len(seats)):
            other = (seat + step) % len(seats)
            if statuses[other] is not SeatStatus.UNDECIDED:
                continue
            rest = [size for o, size in enumerate(sizes) if o != other and size >= 0]
            if basic_decision(sizes[other], rest):
                pot += game.copa_price(other)
            else:
                sizes[other] = -1
        mine = SUITS.index(seats[seat])
        rivals = [SUITS.index(seats[o]) for o in range(len(sizes)) if o != seat and sizes[o] >= 0]
        chance = jasper_chance(count, foundation, pile, mine, rivals)
        error = 2 * math.sqrt(max(chance * (1 - chance), 0.01) / JASPER_SAMPLES)
        pays = (chance - error) * pot > price
        percent = Markup(f"{chance:.0%}"[:-1])
        if pays:
            return True, t(
                "The rule text's table says fold, but your suit finished first in {percent}% of "
                "{samples} reshuffles of the pile: even allowing for the sampling error, enough to "
                "make a pot of about {pot} worth the copa of {price}.",
                percent=percent,
                samples=JASPER_SAMPLES,
                pot=pot,
                price=price,
            )
        return False, t(
            "Under Jasper rules the pile is reshuffled after the copa, so the rule text's table "
            "decides: with your stack of {size} against the others, it says fold; your suit finished "
            "first in {percent}% of {samples} reshuffles of the pile, not enough to make a pot of about "
            "{pot} worth the copa of {price}.",
            size=sizes[seat],
            percent=percent,
            samples=JASPER_SAMPLES,
            pot=pot,
            price=price,
        )


def _suit_name(code: int) -> Msg:
    """A suit as the table names it ("Crowns")."""
    return SUIT_NAMES[code]


LEVELS = ("basic", "sharp")
"""This game's computer player levels; the first is the default."""


def make_player(level: str) -> ComputerPlayer:
    """The factory `engine.core.players.computer_player` calls for this game."""
    if level == "basic":
        return BasicPlayer()
    if level == "sharp":
        return SharpPlayer()
    raise ValueError(f"There is no {level} computer player for Prima Carta.")
