"""What a hand's result is worth to a seat, under the hand's real scoring, for the strong player.

A seat's result is its chips from the hand plus ten chips for each pouch point taken off its
pouch (less ten for each point added): the text's "one pouch point equals ten chips", and the
measure `bench/prefa.py` scores by. It comes from `scoring.score_hand` and `scoring.pour`,
the functions the engine scores with, so every option that changes scoring counts: the bid
value and "10 no trump", "10's as 9's", the four aces (A raises the bid value, B moves the
agreed chips between the bidder and every other party), the player sitting out (paid 25 or
50 chips by a bidder who goes up) and the pouch overflow (points a pouch can't give come out
of the fullest pouch as chips; in this measure that moves nothing, since a point and ten
chips are worth the same, which `test_prefa_strong.py` checks).

`Scorer.bidder` is the card play's objective: the bidder's result with the defenders' tricks
split as well as the defence can for its duties, the defence playing as one side (the text's
collectivist rule); `Scorer.value` any seat's result for a given split.
"""

from __future__ import annotations

from functools import cache

from engine.prefa.game import PrefaOptions, PrefaView
from engine.prefa.scoring import Contract, Mode, bid_value, pour, score_hand

__all__ = ["Scorer", "split"]


class Scorer:
    """The scoring of one hand's table: its options, pouches and the player sitting out."""

    def __init__(self, options: PrefaOptions, pouches: tuple[int, ...], eldest: int) -> None:
        self.options = options
        self.pouches = pouches
        self.parties = len(pouches)
        self.eldest = eldest
        self._value = cache(self._compute)
        self._bidder = cache(self._bidder_value)

    @classmethod
    def of(cls, view: PrefaView) -> Scorer:
        return cls(view.options, view.pouches, view.eldest)

    def scored(self, contract: Contract) -> int:
        """The contract's tricks as scored ("10's as 9's")."""
        if self.options.tens_as_nines and contract.tricks == 10:
            return 9
        return contract.tricks

    def bid_value(self, contract: Contract, aces: bool) -> int:
        value = bid_value(contract, self.options.ten_no_trump)
        if aces and self.options.four_aces == "A":
            value += self.options.aces_amount
        return value

    def value(
        self,
        seat: int,
        bidder: int,
        contract: Contract,
        aces: bool,
        mode: Mode,
        active: int | None,
        tricks: tuple[int, int, int],
    ) -> float:
        """`seat`'s result when the hand ends with `tricks` (per engine seat)."""
        return self._value(seat, bidder, contract, aces, mode, active, tricks)

    def _compute(
        self,
        seat: int,
        bidder: int,
        contract: Contract,
        aces: bool,
        mode: Mode,
        active: int | None,
        tricks: tuple[int, int, int],
    ) -> float:
        step = self.options.step
        first, second = (bidder + step) % 3, (bidder + 2 * step) % 3
        bonus = self.options.aces_amount if aces and self.options.four_aces == "B" else 0
        score = score_hand(
            mode=mode,
            contract_tricks=self.scored(contract),
            bid_value=self.bid_value(contract, aces),
            bidder=bidder,
            first=first,
            second=second,
            tricks=tricks,
            active=active,
            sitter=3 if self.parties == 4 else None,
            aces_bonus=bonus,
            parties=self.parties,
        )
        ring = [(self.eldest + step * i) % 3 for i in range(3)]
        if self.parties == 4:
            ring.append(3)
        at = ring.index(bidder)
        after, overflow = pour(self.pouches, bidder, score.bidder_pouch, ring[at + 1 :] + ring[:at])
        value = -10.0 * (after[seat] - self.pouches[seat])
        for p in (*score.payments, *overflow):
            if p.payee == seat:
                value += p.chips
            elif p.payer == seat:
                value -= p.chips
        return value

    def bidder(
        self, bidder: int, contract: Contract, aces: bool, mode: Mode, active: int | None, bidder_tricks: int
    ) -> float:
        """The bidder's result with `bidder_tricks`, the defence's tricks split as well as it
        can for its duties (the least the bidder can get)."""
        return self._bidder(bidder, contract, aces, mode, active, bidder_tricks)

    def _bidder_value(
        self, bidder: int, contract: Contract, aces: bool, mode: Mode, active: int | None, bidder_tricks: int
    ) -> float:
        step = self.options.step
        first, second = (bidder + step) % 3, (bidder + 2 * step) % 3
        defence = 10 - bidder_tricks
        if mode == "own":
            splits = [(t, defence - t) for t in range(defence + 1)]
        elif mode == "alone" and active == second:
            splits = [(0, defence)]
        else:
            splits = [(defence, 0)] if active in (None, first) else [(0, defence)]
        best = None
        for t1, t2 in splits:
            tricks = [0, 0, 0]
            tricks[bidder], tricks[first], tricks[second] = bidder_tricks, t1, t2
            value = self.value(
                bidder, bidder, contract, aces, mode, active, (tricks[0], tricks[1], tricks[2])
            )
            if best is None or value < best:
                best = value
        assert best is not None
        return best


def split(defence: int, mine: float, theirs: float, duty: int, their_duty: int) -> int:
    """A defender's share of the defence's tricks, both playing: in proportion to the two
    hands' defensive strength, each given its duty when the defence has enough for both
    (the collectivist defence arranges that)."""
    share = (mine + 0.25) / (mine + theirs + 0.5)
    t = min(defence, max(0, round(defence * share)))
    if defence >= duty + their_duty:
        t = min(max(t, duty), defence - their_duty)
    return t
