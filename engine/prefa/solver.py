"""Double-dummy solving of a Prefa hand in play: every hand seen, the bidder against the defence.

The solver counts the tricks the bidder takes from here to the end of the hand when the
bidder plays to take as many as it can and the defenders (one side, or the lone defender)
play to take as many as they can. Cards are small ints (`card_id`) and hands bit masks, so a
position is a few ints: alpha-beta over the remaining cards, a transposition table keyed on
the hands and the leader at each trick's start, move ordering (the cheapest card that wins,
the lowest when the trick is already the side's), and equivalent cards played once (cards of
one suit in one hand with no card still out between them are the same card to the play).

Pure and deterministic; no randomness here (the sampler is in `engine.prefa.sampler`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core.cards import PREFA_32, Card
from engine.prefa.scoring import SUITS

SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))
_DECK = PREFA_32.cards()


def card_id(card: Card) -> int:
    """0-31: eight bits per suit in `SUITS` order, the 7 lowest."""
    return SUITS.index(card.suit) * 8 + card.rank - 7


_CARD_OF = {card_id(c): c for c in _DECK}


def card_of(cid: int) -> Card:
    return _CARD_OF[cid]


def mask_of(cards: Sequence[Card]) -> int:
    out = 0
    for c in cards:
        out |= 1 << card_id(c)
    return out


def cards_in(mask: int) -> list[int]:
    """The card ids in `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def representatives(mine: int, present: int) -> list[int]:
    """One card per class of equivalent cards in `mine`: in a suit, cards of `mine` with no
    card of `present` (every card still in play, the current trick included) between them
    win and lose the same tricks. Returns the lowest of each run."""
    out = []
    for s in range(4):
        suit = mine & SUIT_MASK[s]
        if not suit:
            continue
        others = present & SUIT_MASK[s] & ~mine
        prev_run = False
        for r in range(8 * s, 8 * s + 8):
            bit = 1 << r
            if suit & bit:
                if not prev_run:
                    out.append(r)
                prev_run = True
            elif others & bit:
                prev_run = False
    return out


@dataclass
class Position:
    """A position in the play, every hand known.

    `hands[seat]` is a card mask (0 for a seat not playing); `trick` the (seat, card id)
    already played to the current trick; `to_act` the seat to play; `trump` a suit index
    (0-3 in `SUITS` order) or -1 for no trump; `order[seat]` the next playing seat after
    `seat` in the direction of play."""

    hands: list[int]
    trick: list[tuple[int, int]]
    to_act: int
    trump: int
    bidder: int
    order: dict[int, int]


class OutOfNodes(Exception):
    """The search went past its node limit."""


@dataclass
class Solver:
    """Alpha-beta over one position's remaining cards; `nodes` counts the cards tried."""

    position: Position
    limit: int | None = None
    """Give up (raise `OutOfNodes`) after trying this many cards; None: no limit."""
    nodes: int = 0
    table: dict[int, tuple[int, int]] = field(default_factory=dict)

    def bidder_tricks(self, alpha: int = -1, beta: int = 11) -> int:
        """The bidder's tricks from here to the end (the current trick included), with both
        sides playing their best; exact inside (alpha, beta), a bound outside it."""
        p = self.position
        hands = list(p.hands)
        trick = list(p.trick)
        return self._in_trick(hands, trick, p.to_act, alpha, beta)

    def card_values(self, candidates: Sequence[int]) -> dict[int, int]:
        """The bidder's tricks from here to the end after `to_act` plays each candidate."""
        p = self.position
        out = {}
        for cid in candidates:
            hands = list(p.hands)
            hands[p.to_act] &= ~(1 << cid)
            trick = [*p.trick, (p.to_act, cid)]
            out[cid] = self._after_card(hands, trick, p.order[p.to_act], -1, 11)
        return out

    # ---- the search

    def _after_card(
        self, hands: list[int], trick: list[tuple[int, int]], nxt: int, alpha: int, beta: int
    ) -> int:
        p = self.position
        if len(trick) < len(p.order):
            return self._in_trick(hands, trick, nxt, alpha, beta)
        winner = _winner(trick, p.trump)
        won = 1 if winner == p.bidder else 0
        return won + self._lead(hands, winner, alpha - won, beta - won)

    def _lead(self, hands: list[int], leader: int, alpha: int, beta: int) -> int:
        left = (hands[leader]).bit_count()
        if left == 0:
            return 0
        p = self.position
        if left == 1:
            trick = []
            seat = leader
            for _ in range(len(p.order)):
                trick.append((seat, hands[seat].bit_length() - 1))
                seat = p.order[seat]
            self.nodes += len(p.order)
            return 1 if _winner(trick, p.trump) == p.bidder else 0
        key = hands[0] | hands[1] << 32 | hands[2] << 64 | leader << 96
        lo, hi = self.table.get(key, (0, left))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        if a >= b:
            return a
        value = self._in_trick(hands, [], leader, a, b)
        if value <= a:
            hi = value
        elif value >= b:
            lo = value
        else:
            lo = hi = value
        self.table[key] = (lo, hi)
        return value

    def _in_trick(
        self, hands: list[int], trick: list[tuple[int, int]], seat: int, alpha: int, beta: int
    ) -> int:
        p = self.position
        maximize = seat == p.bidder
        hand = hands[seat]
        trump = p.trump
        if trick:
            led = trick[0][1] >> 3
            legal = hand & SUIT_MASK[led]
            if not legal and trump >= 0:
                legal = hand & SUIT_MASK[trump]
            if not legal:
                legal = hand
        else:
            legal = hand
        present = hands[0] | hands[1] | hands[2]
        for _, cid in trick:
            present |= 1 << cid
        moves = representatives(legal, present)
        moves = _ordered(moves, trick, seat, p.bidder, trump)
        nxt = p.order[seat]
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfNodes
        best = -1 if maximize else 99
        for cid in moves:
            self.nodes += 1
            hands[seat] = hand & ~(1 << cid)
            trick.append((seat, cid))
            value = self._after_card(hands, trick, nxt, alpha, beta)
            trick.pop()
            hands[seat] = hand
            if maximize:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            else:
                if value < best:
                    best = value
                    if best < beta:
                        beta = best
            if alpha >= beta:
                break
        return best


def _beats(cid: int, best: int, trump: int) -> bool:
    if cid >> 3 == best >> 3:
        return cid > best
    return cid >> 3 == trump


def _winner(trick: Sequence[tuple[int, int]], trump: int) -> int:
    seat, best = trick[0]
    for s, cid in trick[1:]:
        if _beats(cid, best, trump):
            seat, best = s, cid
    return seat


def _ordered(moves: list[int], trick: list[tuple[int, int]], seat: int, bidder: int, trump: int) -> list[int]:
    """Likely-best cards first: leading, high cards first; following, the lowest card if the
    trick is already the side's, else the cheapest winners, then the lowest losers."""
    if len(moves) <= 1:
        return moves
    if not trick:
        return sorted(moves, key=lambda c: -(c & 7))
    win_seat, best = _winner(trick, trump), 0
    for s, cid in trick:
        if s == win_seat:
            best = cid
    ours = (win_seat == bidder) == (seat == bidder)
    if ours:
        return sorted(moves, key=lambda c: (c >> 3 == trump, c & 7))
    winners = [c for c in moves if _beats(c, best, trump)]
    losers = [c for c in moves if not _beats(c, best, trump)]
    winners.sort(key=lambda c: (c >> 3 == trump, c & 7))
    losers.sort(key=lambda c: (c >> 3 == trump, c & 7))
    return winners + losers
