"""What one seat knows of the cards it cannot see, and deals of them that fit it.

From a seat's view (`PrefaView`, and the public "seven" event) the strong player builds a
`Knowledge`: the unseen cards, how many each other seat holds, the suits a seat has shown
out of, the cards a seat is known to hold, and what each seat's calls say of its hand. Calls
are read as the basic player would have made them (`engine.prefa.basic`, estimated fast by
`engine.prefa.estimate`), since that is the one model of a player this code has; they are
soft: a deal is scored by how far it is from every call, and the sampler keeps the first
deal within `TOLERANCE` of all of them, or the closest of `TRIES`.

- A bid or "I'm good" at a place on the scale: the seat's hand reaches it (`bid_limit`).
- A pass when holding on would have meant a place: the hand stops below it.
- The bidder's final contract: its ten cards make about that many tricks in that strain
  (within `CONTRACT_SLACK`), and its bidding still holds for those ten cards (the best it
  could keep of twelve, so at least as good as the ten it bid with, by the estimate).
- "I'm in" (or "I'll go it alone", or taking the other defender along after being in): the
  defender's tricks come near its duty, as the basic player's rule reads them; "I'm out"
  the other way.

Hands are card masks (`engine.prefa.solver.card_id`). The seat's own hand is never dealt,
nor a card anyone has played, nor (to the bidder) its discards; what is left over after
the other hands are full (the kitty while nobody has taken it, the bidder's discards to a
defender) is dealt to nobody. Deterministic for a given `random.Random`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.prefa.basic import KITTY_HOPE
from engine.prefa.estimate import defence, tricks
from engine.prefa.game import SEVEN, Phase, PrefaView
from engine.prefa.scoring import STRAINS, SUITS, TenNoTrump, duties, lone_duty, scale
from engine.prefa.solver import SUIT_MASK, card_id, mask_of

TRIES = 40
"""Deals tried for one sample before taking the closest."""
TOLERANCE = 0.1
"""A deal this far (in tricks, summed over the calls) from what the calls say is kept."""
CONTRACT_SLACK = 1.5
"""The bidder's ten cards may estimate this many tricks below its contract."""
PLACE = 0.2
"""A place on the bid scale, in tricks (five places a trick)."""
_SEVEN = card_id(SEVEN)


@dataclass
class Other:
    """What the seat knows of another seat still holding cards."""

    seat: int
    size: int
    """Cards to deal it now."""
    played: int = 0
    """The cards it has played (its hand as dealt is these and what it holds)."""
    barred: int = 0
    """Cards it cannot hold: the suits it has shown out of."""
    must: int = 0
    """Cards it is known to hold."""
    low: int = -1
    """Its bidding reached this place on the scale (-1: it never bid)."""
    high: int | None = None
    """It passed rather than reach this place (None: it never passed)."""
    contract: tuple[int, int] | None = None
    """(strain index, tricks) of its final contract, if it is the bidder."""
    at_least: float | None = None
    """Its defensive tricks (`estimate.defence`) reach this."""
    below: float | None = None
    """Its defensive tricks stay below this."""


@dataclass
class Knowledge:
    me: int
    mine: int
    """The seat's own hand."""
    pool: int
    """The cards it has not seen."""
    others: list[Other]
    ten_no_trump: TenNoTrump
    trump: int = -1
    """The contract's trump (0-3), -1 at no trump or before the contract."""

    @property
    def spare(self) -> int:
        """Cards left over once the other hands are full."""
        return self.pool.bit_count() - sum(o.size for o in self.others)


def knowledge(view: PrefaView, seven_shown: bool = False) -> Knowledge:
    """What `view.you` knows of the hidden cards (`seven_shown`: the holder of the 7 of
    spades showed it to open the first hand)."""
    me = view.you
    assert me is not None
    mine = mask_of(view.hand or ())
    seen = mine | mask_of(view.discards or ()) | mask_of(view.kitty or ())
    played = [0, 0, 0]
    for trick in view.played:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            played[seat] |= 1 << card_id(card)
    for seat, card in view.trick:
        played[seat] |= 1 << card_id(card)
    gone = seen | played[0] | played[1] | played[2]
    pool = 0xFFFFFFFF & ~gone
    trump = -1
    if view.contract is not None and view.contract.trump is not None:
        trump = SUITS.index(view.contract.trump)
    barred = _shown_out(view, trump)
    low, high = _auction(view)
    others = []
    for seat in range(3):
        if seat == me or view.hand_sizes[seat] == 0:
            continue
        other = Other(
            seat=seat,
            size=view.hand_sizes[seat],
            played=played[seat],
            barred=barred[seat],
            low=low[seat],
            high=high[seat],
        )
        if seven_shown and seat == view.eldest and pool >> _SEVEN & 1:
            if view.bidder == seat and view.phase not in (Phase.BIDDING,):
                # The bidder may have put it away: it is in its hand or its discards, so
                # at least not with the other defender (see below).
                pass
            else:
                other.must = 1 << _SEVEN
        others.append(other)
    if view.contract is not None and view.bidder is not None and view.bidder != me:
        for other in others:
            if other.seat == view.bidder:
                other.contract = (STRAINS.index(view.contract.strain), view.contract.tricks)
    _defence_calls(view, others, trump)
    if seven_shown and pool >> _SEVEN & 1 and view.bidder == view.eldest and view.bidder != me:
        for other in others:
            if other.seat != view.bidder:
                other.barred |= 1 << _SEVEN
    return Knowledge(
        me=me, mine=mine, pool=pool, others=others, ten_no_trump=view.options.ten_no_trump, trump=trump
    )


def _shown_out(view: PrefaView, trump: int) -> list[int]:
    """Per seat, the cards of the suits it has shown out of (and trumps, if it showed out
    without trumping at a trump contract)."""
    out = [0, 0, 0]
    tricks_seen = [list(zip(t.seats, t.cards, strict=True)) for t in view.played]
    if view.trick:
        tricks_seen.append(list(view.trick))
    for trick in tricks_seen:
        led = SUITS.index(trick[0][1].suit)
        for seat, card in trick[1:]:
            suit = SUITS.index(card.suit)
            if suit != led:
                out[seat] |= SUIT_MASK[led]
                if trump >= 0 and suit != trump:
                    out[seat] |= SUIT_MASK[trump]
    return out


def _auction(view: PrefaView) -> tuple[list[int], list[int | None]]:
    """Per seat: the highest place it bid to or held ("I'm good"), and the place it passed
    rather than reach (None if it never passed). Replays the sheet as the engine ran it."""
    ladder = scale(view.options.ten_no_trump)
    low = [-1, -1, -1]
    high: list[int | None] = [None, None, None]
    entered: list[int | None] = [None, None, None]
    top: int | None = None
    holder: int | None = None
    for call in view.sheet:
        seat = call.seat
        if call.call == "bid" and call.contract is not None:
            top = ladder.index(call.contract)
            holder = seat
            if entered[seat] is None:
                entered[seat] = sum(1 for e in entered if e is not None)
            low[seat] = max(low[seat], top)
        elif call.call == "good" and call.contract is not None:
            holder = seat
            low[seat] = max(low[seat], ladder.index(call.contract))
        elif call.call == "pass":
            if top is None:
                high[seat] = 0
            else:
                mine, theirs = entered[seat], entered[holder] if holder is not None else None
                good = holder != seat and mine is not None and theirs is not None and mine < theirs
                high[seat] = top if good else top + 1
    return low, high


def _defence_calls(view: PrefaView, others: list[Other], trump: int) -> None:
    """What "in", "out" and "alone" say of a defender's hand (the basic player's rule)."""
    if view.contract is None or view.bidder is None:
        return
    tricks_scored = view.contract.tricks
    if view.options.tens_as_nines and tricks_scored == 10:
        tricks_scored = 9
    step = view.options.step
    first = (view.bidder + step) % 3
    second = (view.bidder + 2 * step) % 3
    calls = view.defence
    first_in = calls[first] in ("in", "alone", "take_you")
    for other in others:
        seat = other.seat
        if seat == view.bidder:
            continue
        call = calls[seat]
        if call is None:
            continue
        duty = duties(tricks_scored)[0 if seat == first else 1]
        enter = max(0.5, duty - 0.8)
        alone = lone_duty(tricks_scored)
        if seat == first:
            if call == "in" or (call == "take_you" and view.invited != seat):
                other.at_least = enter
                if call == "take_you" and view.active == seat:
                    other.below = alone
            elif call == "alone":
                other.at_least = max(enter, alone)
            elif call == "out":
                other.below = enter
        elif seat == second:
            if call == "in":
                other.at_least = enter
            elif call == "out":
                other.below = enter if first_in else alone + 0.2
            elif call == "alone":
                other.at_least = alone + 0.2


def misfit(k: Knowledge, hands: dict[int, int]) -> float:
    """How far a deal is from what the calls say, in tricks (0: it fits them all). A call
    broken by a hair counts as `PLACE` at least, more than `TOLERANCE`."""
    total = 0.0
    for other in k.others:
        hand = hands[other.seat] | other.played
        gaps: list[float] = []
        if other.low >= 0 or other.high is not None or other.contract is not None:
            estimates = [tricks(hand, s) for s in range(5)]
            if other.contract is not None:
                # The bidder's ten cards are the best it could keep of twelve: they reach
                # what its bidding reached, and come near the contract it announced.
                strain, want = other.contract
                gaps.append(want - CONTRACT_SLACK - estimates[strain])
            limit = _limit(estimates, k.ten_no_trump)
            if other.low >= 0:
                gaps.append((other.low - limit) * PLACE)
            if other.high is not None and other.contract is None:
                gaps.append((limit - other.high + 1) * PLACE)
        if other.at_least is not None or other.below is not None:
            d = defence(hand, k.trump)
            if other.at_least is not None:
                gaps.append(other.at_least - d)
            if other.below is not None:
                gaps.append(d - other.below + 1e-9)
        total += sum(max(PLACE, gap) for gap in gaps if gap > 0)
    return total


def _limit(estimates: Sequence[float], ten_no_trump: TenNoTrump) -> int:
    top = len(scale(ten_no_trump)) - 1
    limit = -1
    for s, estimate in enumerate(estimates):
        t = int(estimate + KITTY_HOPE)
        if t >= 6:
            limit = max(limit, min((min(t, 10) - 6) * 5 + s, top))
    return limit


def deal(k: Knowledge, rng: random.Random) -> tuple[dict[int, int], float]:
    """One deal of the unseen cards that fits what the calls say (or the closest tried), and
    how far it is from them."""
    best: tuple[float, dict[int, int]] | None = None
    for _ in range(TRIES):
        hands = _one(k, rng)
        miss = misfit(k, hands)
        if best is None or miss < best[0]:
            best = (miss, hands)
        if miss <= TOLERANCE:
            break
    assert best is not None
    return best[1], best[0]


def _one(k: Knowledge, rng: random.Random) -> dict[int, int]:
    """A random deal of the pool: known cards first, then the cards fewest seats may hold,
    each to a seat allowed it with room (in proportion to the room) or to nobody."""
    others = k.others
    for _ in range(200):
        hands = {o.seat: o.must & k.pool for o in others}
        room = {o.seat: o.size - hands[o.seat].bit_count() for o in others}
        placed = 0
        for h in hands.values():
            placed |= h
        spare = k.spare
        cards = [c for c in range(32) if k.pool >> c & 1 and not placed >> c & 1]
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(1 for o in others if not o.barred >> c & 1))
        ok = True
        for c in cards:
            allowed = [o.seat for o in others if room[o.seat] > 0 and not o.barred >> c & 1]
            total = spare
            for s in allowed:
                total += room[s]
            if total == 0:
                ok = False
                break
            pick = rng.randrange(total)
            for s in allowed:
                if pick < room[s]:
                    hands[s] |= 1 << c
                    room[s] -= 1
                    break
                pick -= room[s]
            else:
                spare -= 1
        if ok and not any(room.values()):
            return hands
    raise RuntimeError("No deal of the unseen cards fits what has been shown.")
