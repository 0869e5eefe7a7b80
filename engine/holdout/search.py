"""What the strong Holdout player thinks with: imagined deals and a quick copy of the rules.

`imagine` deals the cards a seat has not seen (from its own view only) into the other hands,
the deck and the dead hands, consistently with what the seat knows: every hand holds as many
cards as the view says, the two cards it passed lie in its left neighbour's hand until they
are played (or among the dead cards if that neighbour is out), and nothing it has seen is
dealt again. `Sim` is that imagined hand as plain ints, with the rules of `game.py`'s play
phase (prices, seconds, knock-outs, the three endings, the pass) and the basic player's
judgement (`basic_move`, `basic_pass`: the same choices as `players.BasicPlayer`, tested
equal to it), so a hand can be played out to its end a few thousand times a second.

A card is its code in the deck's canonical order (`suit * ranks + rank - 1`, as in
`game.py`), so its rank is `code % ranks + 1`; only ranks matter to the rules, codes only to
remember which cards a seat passed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.holdout.game import HoldoutView, Phase

SUITS = 5
"""Copies of each rank in both decks."""

PLAY, SECONDS, FOLD, PASS = 0, 1, 2, 3
Move = tuple[int, int, int]
"""(PLAY, code, line), (SECONDS, 0, line), (FOLD, 0, 0) or (PASS, first code, second code)."""
FOLDING: Move = (FOLD, 0, 0)

CHEAP_NOVEL = 2
FAIR_NOVEL = 4
CHEAP_KNOWN = 3
SAFE_SECONDS = 0.6
FAIR_SECONDS = 0.4
"""The basic player's thresholds (`players.py` documents them)."""


class Sim:
    """One Holdout hand as plain ints, from the pass or the play phase to its end."""

    __slots__ = (
        "antes",
        "chilo",
        "counts",
        "deck",
        "filled",
        "hands",
        "laid",
        "lines",
        "next",
        "passed",
        "passing",
        "pot",
        "ranks",
        "stacks",
        "stake",
        "status",
        "to_act",
        "winner",
    )

    ranks: int
    lines: int
    stake: int
    counts: list[list[int]]
    filled: list[int]
    laid: bytearray
    """Per card code, 1 once it lies in a line."""
    hands: list[list[int]]
    deck: Sequence[int]
    next: int
    status: list[bool]
    """Per seat, whether it is still in."""
    stacks: list[int]
    antes: list[int]
    pot: int
    chilo: int
    to_act: int
    passed: list[tuple[int, ...]]
    """Per seat, the cards it passed, as far as known (empty: unknown)."""
    passing: bool
    """Still at the pass: every seat's two cards are chosen at once by `play_pass`."""
    winner: int

    def copy(self) -> Sim:
        other = Sim.__new__(Sim)
        other.ranks, other.lines, other.stake = self.ranks, self.lines, self.stake
        other.counts = [list(c) for c in self.counts]
        other.filled = list(self.filled)
        other.laid = bytearray(self.laid)
        other.hands = [list(h) for h in self.hands]
        other.deck, other.next = self.deck, self.next
        other.status = list(self.status)
        other.stacks, other.antes, other.pot = list(self.stacks), list(self.antes), self.pot
        other.chilo, other.to_act = self.chilo, self.to_act
        other.passed, other.passing, other.winner = list(self.passed), self.passing, self.winner
        return other

    # ------------------------------------------------------------------ the rules

    def price(self, code: int, line: int) -> int:
        rank = code % self.ranks + 1
        counts = self.counts[line]
        return (rank if counts[rank - 1] else nearest(counts, rank)) * self.stake

    def legal(self, seat: int) -> list[Move]:
        """The moves `game.legal_actions` offers, in its order."""
        stack = self.stacks[seat]
        hand = self.hands[seat]
        out: list[Move] = [
            (PLAY, code, line)
            for code in hand
            for line in range(self.lines)
            if self.price(code, line) <= stack
        ]
        if self.next < len(self.deck) and len(hand) * self.stake <= stack:
            out += [(SECONDS, 0, line) for line in range(self.lines)]
        out.append(FOLDING)
        return out

    def apply(self, seat: int, move: Move) -> None:
        kind, code, line = move
        if kind == PLAY:
            novel = self.counts[line][code % self.ranks] == 0
            price = self.price(code, line)
            self.hands[seat].remove(code)
            self.stacks[seat] -= price
            self.pot += price
            self._lay(line, code)
            if novel:
                self.chilo = seat
            self._after(seat, novel)
        elif kind == SECONDS:
            code = self.deck[self.next]
            self.next += 1
            novel = self.counts[line][code % self.ranks] == 0
            self._lay(line, code)
            if novel:
                self.chilo = seat
                self._after(seat, True)
                return
            penalty = len(self.hands[seat]) * self.stake
            self.stacks[seat] -= penalty
            self.pot += penalty
            self._drop(seat)
            self._after(seat, False)
        else:
            self._drop(seat)
            self._after(seat, False)

    def _lay(self, line: int, code: int) -> None:
        counts = self.counts[line]
        index = code % self.ranks
        if not counts[index]:
            self.filled[line] += 1
        counts[index] += 1
        self.laid[code] = 1

    def _drop(self, seat: int) -> None:
        self.status[seat] = False
        self.pot += self.antes[seat]
        self.antes[seat] = 0
        self.hands[seat] = []

    def _after(self, seat: int, filled: bool) -> None:
        if filled and all(f == self.ranks for f in self.filled):
            self._settle(seat)
            return
        status = self.status
        if status.count(True) == 1:
            self._settle(status.index(True))
            return
        count = len(status)
        nxt = (seat + 1) % count
        while not status[nxt]:
            nxt = (nxt + 1) % count
        if nxt == self.chilo and not self.hands[nxt]:
            self._settle(nxt)
            return
        self.to_act = nxt

    def _settle(self, winner: int) -> None:
        self.stacks[winner] += self.pot + sum(self.antes)
        self.pot = 0
        self.antes = [0] * len(self.antes)
        self.winner = winner
        self.to_act = -1

    def play_pass(self, chosen: dict[int, tuple[int, int]]) -> None:
        """Every seat passes two cards to the left: `chosen` ones where given, the basic
        player's pair elsewhere; then play begins with the chilo holder."""
        pairs = [chosen.get(seat) or basic_pass(self, seat) for seat in range(len(self.hands))]
        for seat, pair in enumerate(pairs):
            for code in pair:
                self.hands[seat].remove(code)
        for seat, pair in enumerate(pairs):
            receiver = self.hands[(seat + 1) % len(self.hands)]
            receiver.extend(pair)
            receiver.sort()
        self.passed = [tuple(pair) for pair in pairs]
        self.passing = False
        self.to_act = self.chilo

    def finish(self) -> None:
        """Play the hand to its end with the basic player's judgement in every seat."""
        if self.passing:
            self.play_pass({})
        while self.to_act >= 0:
            seat = self.to_act
            self.apply(seat, basic_move(self, seat))

    # ----------------------------------------------------------- what a seat sees

    def unseen(self, seat: int) -> list[int]:
        """Per rank, copies `seat` has not seen (`players.unseen_ranks`)."""
        left = [SUITS] * self.ranks
        for counts in self.counts:
            for index, count in enumerate(counts):
                left[index] -= count
        ranks = self.ranks
        for code in self.hands[seat]:
            left[code % ranks] -= 1
        for code in self.passed[seat]:
            if not self.laid[code]:
                left[code % ranks] -= 1
        return left

    def best_seconds(self, seat: int, legal: Sequence[Move]) -> tuple[Move | None, float]:
        best: Move | None = None
        chance = 0.0
        unseen: list[int] | None = None
        for move in legal:
            if move[0] != SECONDS:
                continue
            if unseen is None:
                unseen = self.unseen(seat)
            total = sum(unseen)
            counts = self.counts[move[2]]
            line_chance = sum(unseen[r] for r in range(self.ranks) if not counts[r]) / total if total else 0.0
            if best is None or line_chance > chance:
                best, chance = move, line_chance
        return best, chance


def nearest(counts: Sequence[int], rank: int) -> int:
    """`game.nearest`: the distance from `rank` to the closest rank in the line."""
    size = len(counts)
    index = rank - 1
    for step in range(1, size):
        below, above = index - step, index + step
        if (below >= 0 and counts[below]) or (above < size and counts[above]):
            return step
    raise ValueError("The line is empty.")


# ------------------------------------------------------------- the basic judgement


def basic_pass(sim: Sim, seat: int) -> tuple[int, int]:
    """The basic player's pass: the two cards of highest burden (`players.pass_burden`)."""
    hand = sim.hands[seat]
    ranks = [code % sim.ranks + 1 for code in hand]

    def burden(code: int) -> tuple[float, int, int]:
        rank = code % sim.ranks + 1
        known = all(counts[rank - 1] for counts in sim.counts)
        value = float(rank * 2 if known else rank)
        if ranks.count(rank) > 1:
            value += rank / 2
        return value, rank, code

    first, second = sorted(sorted(hand, key=burden)[-2:])
    return first, second


def basic_move(sim: Sim, seat: int) -> Move:
    """The basic player's move in the play phase (`players.BasicPlayer._play`)."""
    legal = sim.legal(seat)
    if len(legal) == 1:
        return legal[0]
    stake = sim.stake
    hand = sim.hands[seat]
    if not hand:
        return sim.best_seconds(seat, legal)[0] or FOLDING
    ranks = sim.ranks
    plays = []
    for move in legal:
        if move[0] == PLAY:
            code, line = move[1], move[2]
            known = sim.counts[line][code % ranks] != 0
            plays.append((sim.price(code, line), known, -(code % ranks + 1), move))
    plays.sort(key=lambda item: item[:3])
    cheapest = plays[0][0] if plays else None
    prize = sim.pot + sum(sim.antes)
    limit = max(FAIR_NOVEL * stake, prize // 2)
    affordable = cheapest is not None and cheapest * 4 <= sim.stacks[seat]
    if sim.chilo == seat:
        closers = {item[3][1] for item in plays if not item[1]}
        if len(hand) > 1 and len(closers) == 1:
            for price, _, _, move in plays:
                if move[1] not in closers and price <= limit:
                    return move
        if cheapest is not None and (len(hand) == 1 or cheapest <= limit):
            return plays[0][3]
        seconds, chance = sim.best_seconds(seat, legal)
        if seconds is not None and chance >= FAIR_SECONDS:
            return seconds
        return plays[0][3] if affordable else FOLDING
    novel = [item for item in plays if not item[1]]
    if novel and novel[0][0] <= CHEAP_NOVEL * stake:
        return novel[0][3]
    seconds, chance = sim.best_seconds(seat, legal)
    if seconds is not None and (
        chance >= SAFE_SECONDS or (chance >= FAIR_SECONDS and len(hand) <= CHEAP_NOVEL)
    ):
        return seconds
    if novel and novel[0][0] <= min(FAIR_NOVEL * stake, limit):
        return novel[0][3]
    if cheapest is not None and (cheapest <= CHEAP_KNOWN * stake or (cheapest <= limit and affordable)):
        return plays[0][3]
    return FOLDING


# --------------------------------------------------------------------- imagining


def imagine(view: HoldoutView, rng: random.Random) -> Sim:
    """A hand consistent with everything `view`'s seat has seen, its hidden cards dealt at
    random (see the module's docstring). Only the view is read."""
    me = view.you
    assert me is not None and view.hand is not None
    options = view.options
    ranks, lines = options.ranks, options.lines
    count = len(view.seats)
    total = SUITS * ranks
    laid = bytearray(total)
    for line in view.line_cards:
        for card in line:
            laid[card.index] = 1
    mine = [card.index for card in view.hand]
    passed_mine = tuple(card.index for card in view.passed_cards or ())
    passing = view.phase is Phase.PASS
    # The two cards this seat passed sit with its left neighbour (or among the dead cards),
    # once the pass is made; at the pass, they are still this seat's own.
    with_left = [] if passing else [code for code in passed_mine if not laid[code]]
    if passing:
        mine = sorted(mine + list(passed_mine))
    seen = set(mine) | set(with_left)
    pool = [code for code in range(total) if not laid[code] and code not in seen]
    rng.shuffle(pool)
    left = (me + 1) % count
    hands: list[list[int]] = []
    taken = 0
    for seat in range(count):
        if seat == me:
            hands.append(list(mine))
            continue
        size = view.hand_sizes[seat] if view.status[seat] == "in" else 0
        if passing:
            size = 5  # a seat that has chosen its pair still holds it until everyone has
        hand = with_left[:size] if seat == left else []
        need = size - len(hand)
        hand += pool[taken : taken + need]
        taken += need
        hand.sort()
        hands.append(hand)
    deck = pool[taken : taken + view.deck_left]
    sim = Sim.__new__(Sim)
    sim.ranks, sim.lines, sim.stake = ranks, lines, options.stake
    sim.counts = [list(counts) for counts in view.lines]
    sim.filled = [sum(1 for c in counts if c) for counts in view.lines]
    sim.laid = laid
    sim.hands = hands
    sim.deck, sim.next = deck, 0
    sim.status = [status == "in" for status in view.status]
    sim.stacks = list(view.stacks)
    sim.antes = list(view.antes)
    sim.pot = view.pot
    sim.chilo = view.chilo
    sim.to_act = -1 if passing else (view.to_act if view.to_act is not None else -1)
    passed: list[tuple[int, ...]] = [()] * count
    passed[me] = passed_mine
    if view.received is not None:
        passed[(me - 1) % count] = tuple(card.index for card in view.received)
    sim.passed = passed
    sim.passing = passing
    sim.winner = -1
    return sim
