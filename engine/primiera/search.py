"""The strong Primiera player's machinery: a sampler of the unseen cards and a small
simulator to play sampled rounds out in.

For each decision the strong player (`engine.primiera.players.StrongPlayer`)

1. samples the cards it has not seen (`sample_hidden`): the unseen cards are every card
   not in its own hand, on the table, in a capture pile or among the robot's face-up
   cards; they are shuffled and dealt to each other seat's hand (as many as it holds),
   the robot's face-down pile (its size) and the stock (what is left to deal) — in the
   Heralds forms one unseen ace to each seat still holding its Herald and none to a seat
   that has laid or played it;
2. on each sample, plays each legal move and then the rest of the round in an int-only
   simulator (`_Sim`) that follows the engine's rules (captures, sweeps, the last card,
   the Heralds' partnerships, the robot's own turns, redeals) with the basic player's
   judgement in every seat, and scores the round exactly as the engine does; each seat's
   result is its side's round points minus the others' average (`utilities`);
3. plays the legal move with the best average over the samples (ties: the legal order).

The sampler is seeded from a hash of what the seat sees, so a state always gives the same
move. The opening lay (the secret table card) is left to the basic player.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from engine.primiera.scoring import (
    CODE,
    COINS,
    HERALDS,
    PRIMIERA_BY_RANK,
    SEVEN_OF_COINS,
    capture_options,
    sole_best,
)

STATS = 8
"""Per-seat capture statistics: cards, coins, seven of coins, best Primiera value of each
of the four suits, sweeps."""
_CARDS, _COINS, _SEVEN, _PRIM, _SWEEPS = 0, 1, 2, 3, 7
_SUIT = [c // 10 for c in range(40)]
_PVAL = [PRIMIERA_BY_RANK[c % 10] for c in range(40)]
_COIN = [1 if c // 10 == COINS else 0 for c in range(40)]


def _herald_teams(herald: int, seat: int) -> tuple[tuple[int, ...], ...]:
    suit = herald // 10
    if suit == 2:  # swords
        return ((0,), (1,), (2,), (3,))
    step = {1: 2, 3: 1, 0: -1}[suit]
    mate = (seat + step) % 4
    first = tuple(sorted((seat, mate)))
    second = tuple(sorted(s for s in range(4) if s not in first))
    return tuple(sorted((first, second)))


class _Sim:
    """A round in ints, just fast enough to search: the engine's rules without its events."""

    __slots__ = (
        "count",
        "gone",
        "hands",
        "heralds",
        "last",
        "redeal",
        "robot",
        "robot_open",
        "stats",
        "stock",
        "table",
        "teams",
        "to_act",
    )

    count: int
    gone: list[int]
    """Cards of each capture value (index value - 1) in the capture piles."""
    hands: list[list[int]]
    heralds: bool
    last: int | None
    redeal: int
    robot: int | None
    robot_open: bool
    stats: list[int]
    stock: list[int]
    table: list[int]
    teams: tuple[tuple[int, ...], ...] | None
    to_act: int | None

    def copy(self) -> _Sim:
        other = _Sim.__new__(_Sim)
        other.count = self.count
        other.gone = list(self.gone)
        other.hands = [list(h) for h in self.hands]
        other.heralds = self.heralds
        other.last = self.last
        other.redeal = self.redeal
        other.robot = self.robot
        other.robot_open = self.robot_open
        other.stats = list(self.stats)
        other.stock = self.stock  # never mutated: redeals slice it
        other.table = list(self.table)
        other.teams = self.teams
        other.to_act = self.to_act
        return other

    def _take(self, seat: int, cards: Sequence[int]) -> None:
        stats = self.stats
        base = seat * STATS
        stats[base + _CARDS] += len(cards)
        gone = self.gone
        for c in cards:
            gone[c % 10] += 1
            stats[base + _COINS] += _COIN[c]
            if c == SEVEN_OF_COINS:
                stats[base + _SEVEN] = 1
            at = base + _PRIM + _SUIT[c]
            if _PVAL[c] > stats[at]:
                stats[at] = _PVAL[c]

    def cards_left(self) -> bool:
        return bool(self.stock) or any(self.hands)

    def play(self, seat: int, code: int, positions: tuple[int, ...]) -> None:
        """Play and pass the turn on (the robot's own turns, redeals and the end included)."""
        self._play(seat, code, positions)
        self._advance(seat)

    def _play(self, seat: int, code: int, positions: tuple[int, ...]) -> None:
        self.hands[seat].remove(code)
        table = self.table
        if positions:
            taken = [table[i] for i in positions]
            for i in reversed(positions):
                del table[i]
            taken.append(code)
            self._take(seat, taken)
            self.last = seat
            if not table and self.cards_left():
                self.stats[seat * STATS + _SWEEPS] += 1
        else:
            table.append(code)
        if self.heralds and self.teams is None and code in HERALDS:
            self.teams = _herald_teams(code, seat)
            if self.robot is not None and len(self.teams[0]) == 2:
                self.robot_open = True

    def _advance(self, seat: int) -> None:
        count = self.count
        while True:
            if not any(self.hands):
                if self.stock:
                    size = self.redeal
                    deal, self.stock = self.stock[: size * count], self.stock[size * count :]
                    for s in range(count):
                        self.hands[s] = deal[s * size : (s + 1) * size]
                else:
                    if self.table and self.last is not None:
                        self._take(self.last, self.table)
                        self.table = []
                    self.to_act = None
                    return
            nxt = (seat - 1) % count
            self.to_act = nxt
            if nxt == self.robot and not self.robot_open:
                code = self.hands[nxt][0]
                options = capture_options(code, self.table)
                self._play(nxt, code, options[0] if options else ())
                seat = nxt
                continue
            return

    def sides(self) -> tuple[tuple[int, ...], ...]:
        if self.teams is None:
            return tuple((s,) for s in range(self.count))
        return self.teams

    def side_stats(self) -> tuple[tuple[tuple[int, ...], ...], list[list[int]]]:
        sides = self.sides()
        stats = self.stats
        out: list[list[int]] = []
        for side in sides:
            agg = [0] * STATS
            for s in side:
                base = s * STATS
                for k in (_CARDS, _COINS, _SEVEN, _SWEEPS):
                    agg[k] += stats[base + k]
                for k in range(_PRIM, _PRIM + 4):
                    agg[k] = max(agg[k], stats[base + k])
            out.append(agg)
        return sides, out

    def points(self) -> list[int]:
        """Each seat's round points, as the engine scores a finished round."""
        sides, agg = self.side_stats()
        unit = 2 if self.heralds and all(len(side) == 1 for side in sides) else 1
        totals = [a[_SWEEPS] for a in agg]
        for winner in (
            sole_best([a[_CARDS] for a in agg]),
            sole_best([a[_COINS] for a in agg]),
            next((i for i, a in enumerate(agg) if a[_SEVEN]), None),
            sole_best([sum(a[_PRIM : _PRIM + 4]) if all(a[_PRIM : _PRIM + 4]) else None for a in agg]),
        ):
            if winner is not None:
                totals[winner] += unit
        points = [0] * self.count
        for i, side in enumerate(sides):
            for s in side:
                points[s] = totals[i]
        return points


def utilities(sim: _Sim, points: Sequence[float]) -> list[float]:
    """Per seat: its side's points minus the average of everyone else's."""
    out = [0.0] * sim.count
    for side in sim.sides():
        others = [points[s] for s in range(sim.count) if s not in side]
        mean = sum(others) / len(others) if others else 0.0
        for s in side:
            out[s] = points[s] - mean
    return out


def seed_of(parts: Sequence[object]) -> int:
    """A sampler seed from what a seat sees: the same view, the same samples."""
    digest = hashlib.sha256(repr(tuple(parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def sample_hidden(
    unseen: Sequence[int],
    slots: Sequence[int],
    rng: random.Random,
    heralds: Sequence[int] | None = None,
) -> list[list[int]]:
    """Deal the `unseen` cards into hidden places of the given sizes, uniformly at random.

    Every card goes to exactly one place and each place gets exactly its size; the sizes
    must add up to the number of unseen cards. `heralds`, when given, is how many Heralds
    (aces) each place holds — in the Heralds forms every seat was dealt exactly one, so a
    seat whose Herald is out holds none and one whose Herald is still in hand holds exactly
    one: the unseen aces go one to each seat still holding its Herald and the other cards
    fill the rest. Everything public is consistent with the deal, and every such deal is
    equally likely.
    """
    if sum(slots) != len(unseen):
        raise ValueError("The hidden places do not hold the unseen cards.")
    if heralds is not None:
        aces = [c for c in unseen if c in HERALDS]
        if len(aces) != sum(heralds) or any(n > size for n, size in zip(heralds, slots, strict=True)):
            raise ValueError("The unseen Heralds do not fit the seats that hold one.")
        others = [c for c in unseen if c not in HERALDS]
        rng.shuffle(aces)
        rng.shuffle(others)
        out: list[list[int]] = []
        at = 0
        for n, size in zip(heralds, slots, strict=True):
            place = aces[:n] + others[at : at + size - n]
            del aces[:n]
            at += size - n
            rng.shuffle(place)
            out.append(place)
        return out
    cards = list(unseen)
    rng.shuffle(cards)
    out = []
    at = 0
    for size in slots:
        out.append(cards[at : at + size])
        at += size
    return out


def codes(cards: Sequence[object]) -> list[int]:
    return [CODE[card] for card in cards]  # type: ignore[index]
