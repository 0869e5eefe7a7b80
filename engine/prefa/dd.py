"""Fast double-dummy search for Prefa: every hand seen, the bidder against the defence.

The same question as `engine.prefa.solver` (how many tricks the bidder takes from here when
the bidder plays to take as many as it can and the defence, one side, as few), answered
several times faster, so that the strong player can solve dozens of whole deals in one
decision. What makes it faster:

- the position is kept suit by suit: each suit is one int holding the three hands' cards of
  that suit side by side (eight bits a seat), so the cards a seat may play, the key of the
  position and the bounds below are a few lookups in tables built once per suit holding;
- a whole trick is searched in one function (three nested loops, two for a lone defender),
  with alpha-beta at every card, instead of one call per card;
- touching cards (no card still out between them in that suit, the trick's included) are
  tried once;
- moves are ordered as a player would try them: a suit's top card first when leading (the
  suit that was best here before first of all), the cheapest winner then the lowest loser
  when following, the lowest card when the trick is already the side's;
- at the start of each trick the leader's sure tricks (top cards it can cash one after
  another; a side suit only as far as every other hand still follows it or holds no trump),
  and at a trump contract each side's trumps above all the other side's, bound the result
  before any card is tried;
- a transposition table keeps the bounds found for each position at a trick's start, with
  each suit's cards renumbered among the cards still out (a position where other low cards
  have gone is the same position).

Cards are ints 0-31 (`engine.prefa.solver.card_id`: eight per suit in `SUITS` order, the 7
lowest) and hands bit masks. Pure and deterministic; `nodes` counts the cards tried, and a
search with a `limit` raises `OutOfNodes` past it, so budgets are counted, not timed.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.prefa.solver import OutOfNodes

__all__ = ["OutOfNodes", "Search", "reps"]

_REPS: dict[int, tuple[int, ...]] = {}


def reps(mine: int, others: int) -> tuple[int, ...]:
    """In one suit (8-bit masks, bit 0 the 7): the lowest rank of each run of `mine` with no
    card of `others` between its cards, lowest run first."""
    key = mine << 8 | others
    found = _REPS.get(key)
    if found is not None:
        return found
    out: list[int] = []
    run = False
    for r in range(8):
        bit = 1 << r
        if mine & bit:
            if not run:
                out.append(r)
            run = True
        elif others & bit:
            run = False
    found = tuple(out)
    _REPS[key] = found
    return found


class _Suit:
    """What the search asks of one suit's holding: the suit and its three 8-bit hands side by
    side (`suit << 24 | triple`)."""

    __slots__ = ("above", "count", "cuts", "key", "reps", "run")

    def __init__(self, code: int) -> None:
        suit, triple = code >> 24, code & 0xFFFFFF
        hands = (triple & 0xFF, triple >> 8 & 0xFF, triple >> 16 & 0xFF)
        union = hands[0] | hands[1] | hands[2]
        self.count = tuple(h.bit_count() for h in hands)
        # The same holding with the cards renumbered among those still out, lowest first.
        norm = [0, 0, 0]
        i = 0
        for r in range(8):
            if union >> r & 1:
                for seat in range(3):
                    if hands[seat] >> r & 1:
                        norm[seat] |= 1 << i
                i += 1
        self.key = norm[0] | norm[1] << 8 | norm[2] << 16
        # run[seat]: the seat's cards from the top of what is still out, without a gap
        # (all of them when nobody else holds the suit).
        runs = []
        for seat in range(3):
            mine, rest = hands[seat], union & ~hands[seat]
            if not rest:
                runs.append(mine.bit_count())
                continue
            run = 0
            for r in range(7, -1, -1):
                if union >> r & 1:
                    if not mine >> r & 1:
                        break
                    run += 1
            runs.append(run)
        self.run = tuple(runs)
        # above[seat][other]: the seat's cards above every card of `other` in the suit.
        self.above = tuple(
            tuple((hands[seat] >> hands[other].bit_length()).bit_count() for other in range(3))
            for seat in range(3)
        )
        # reps[seat]: the seat's cards, one of each run, lowest first (card ids).
        self.reps = tuple(
            tuple(8 * suit + r for r in reps(hands[seat], union & ~hands[seat])) for seat in range(3)
        )
        self.cuts: dict[int, tuple[int, ...]] = {}

    def beating(self, seat: int, cut: int) -> tuple[int, ...]:
        """The seat's runs with the cheapest card of rank `cut` or more first, then the rest
        lowest first."""
        key = seat << 4 | cut
        found = self.cuts.get(key)
        if found is None:
            runs = self.reps[seat]
            win = tuple(c for c in runs if (c & 7) >= cut)
            found = self.cuts[key] = win + runs[: len(runs) - len(win)]
        return found


_SUITS: dict[int, _Suit] = {}


def _suit(code: int) -> _Suit:
    found = _SUITS.get(code)
    if found is None:
        found = _SUITS[code] = _Suit(code)
    return found


class Search:
    """Double-dummy search of one deal's play.

    `trump` is a suit index 0-3 or -1 (no trump); `bidder` the bidder's seat; `order[seat]`
    the next playing seat (two or three seats play). Build one per deal and ask it as often
    as needed: the transposition table is kept between questions."""

    __slots__ = ("_defenders", "_others", "bidder", "limit", "nodes", "order", "players", "table", "trump")

    def __init__(self, trump: int, bidder: int, order: dict[int, int], limit: int | None = None) -> None:
        self.trump = trump
        self.bidder = bidder
        self.order = order
        self.players = len(order)
        self.limit = limit
        self.nodes = 0
        self.table: dict[int, tuple[int, int, int]] = {}
        self._others = {seat: [s for s in order if s != seat] for seat in order}
        self._defenders = [s for s in order if s != bidder]

    # ------------------------------------------------------------------ questions

    def tricks(self, hands: Sequence[int], leader: int, alpha: int = -1, beta: int = 11) -> int:
        """The bidder's tricks from a trick's start to the end of the hand; exact inside
        (alpha, beta), a bound outside it."""
        t = _triples(hands)
        left = hands[leader].bit_count()
        if self.players == 3:
            return self._three(t, leader, left, alpha, beta)
        return self._two(t, leader, left, alpha, beta)

    def card_values(
        self, hands: Sequence[int], trick: Sequence[tuple[int, int]], seat: int, cards: Sequence[int]
    ) -> dict[int, int]:
        """The bidder's tricks from now (the current trick included) after `seat` plays each
        of `cards` to `trick` (the (seat, card) already played to it)."""
        out = {}
        for cid in cards:
            h = list(hands)
            h[seat] &= ~(1 << cid)
            out[cid] = self._mid(h, [*trick, (seat, cid)], self.order[seat], -1, 11)
        return out

    def card_scores(
        self,
        hands: Sequence[int],
        trick: Sequence[tuple[int, int]],
        seat: int,
        cards: Sequence[int],
    ) -> dict[int, int]:
        """Like `card_values`, cheaper: the first card that does best is solved exactly; for
        each other card the search only tells whether it does as well, better (then it is
        solved exactly and is the best so far) or worse, and a worse card is given one trick
        less (more, for a defender) than the best; try the likeliest best card first."""
        maximize = seat == self.bidder
        out: dict[int, int] = {}
        best: int | None = None
        for cid in cards:
            if best is None:
                value = self.card_bounds(hands, trick, seat, cid, -1, 11)
            elif maximize:
                value = self.card_bounds(hands, trick, seat, cid, best - 1, best + 1)
                if value > best:
                    value = self.card_bounds(hands, trick, seat, cid, best, 11)
                elif value < best:
                    value = best - 1
            else:
                value = self.card_bounds(hands, trick, seat, cid, best - 1, best + 1)
                if value < best:
                    value = self.card_bounds(hands, trick, seat, cid, -1, best)
                elif value > best:
                    value = best + 1
            out[cid] = value
            if best is None or (value > best if maximize else value < best):
                best = value
        return out

    def card_bounds(
        self,
        hands: Sequence[int],
        trick: Sequence[tuple[int, int]],
        seat: int,
        cid: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Like one of `card_values`, searched in the window (alpha, beta)."""
        h = list(hands)
        h[seat] &= ~(1 << cid)
        return self._mid(h, [*trick, (seat, cid)], self.order[seat], alpha, beta)

    # ------------------------------------------------------------------ mid-trick (the root only)

    def _mid(self, h: list[int], trick: list[tuple[int, int]], seat: int, alpha: int, beta: int) -> int:
        trump = self.trump
        if len(trick) == self.players:
            win, best = trick[0]
            for s, c in trick[1:]:
                if (c >> 3 == best >> 3 and c > best) or (c >> 3 == trump and best >> 3 != trump):
                    win, best = s, c
            won = 1 if win == self.bidder else 0
            left = h[win].bit_count()
            t = _triples(h)
            if self.players == 3:
                return won + self._three(t, win, left, alpha - won, beta - won)
            return won + self._two(t, win, left, alpha - won, beta - won)
        hand = h[seat]
        led = trick[0][1] >> 3
        legal = hand & (0xFF << 8 * led)
        if not legal and trump >= 0:
            legal = hand & (0xFF << 8 * trump)
        if not legal:
            legal = hand
        present = h[0] | h[1] | h[2]
        for _, c in trick:
            present |= 1 << c
        others = present ^ hand
        moves = []
        for s in range(4):
            m = (legal >> 8 * s) & 0xFF
            if m:
                moves += [8 * s + r for r in reps(m, (others >> 8 * s) & 0xFF)]
        maximize = seat == self.bidder
        best_value = -1 if maximize else 99
        for cid in moves:
            self.nodes += 1
            h[seat] = hand & ~(1 << cid)
            trick.append((seat, cid))
            value = self._mid(h, trick, self.order[seat], alpha, beta)
            trick.pop()
            h[seat] = hand
            if maximize:
                if value > best_value:
                    best_value = value
                    alpha = max(alpha, value)
            elif value < best_value:
                best_value = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best_value

    # ------------------------------------------------------------------ whole tricks

    def _start(self, t: list[int], lead: int, left: int) -> tuple[int, int, int, int, tuple[_Suit, ...]]:
        """At a trick's start: the table's key, (low, high, best suit) from the table or, new
        here, from the sure tricks; and the four suits."""
        get = _SUITS.get
        a = t[0]
        s0 = get(a) or _suit(a)
        a = t[1] | 1 << 24
        s1 = get(a) or _suit(a)
        a = t[2] | 2 << 24
        s2 = get(a) or _suit(a)
        a = t[3] | 3 << 24
        s3 = get(a) or _suit(a)
        suits = (s0, s1, s2, s3)
        key = (((lead << 24 | s0.key) << 24 | s1.key) << 24 | s2.key) << 24 | s3.key
        entry = self.table.get(key)
        if entry is not None:
            return key, entry[0], entry[1], entry[2], suits
        trump = self.trump
        sure = s0.run[lead] + s1.run[lead] + s2.run[lead] + s3.run[lead]
        if trump >= 0 and sure:
            # A side suit's top cards count only as long as every hand with trumps follows.
            held = suits[trump].count
            ruffers = [o for o in self._others[lead] if held[o]]
            if ruffers:
                for index in range(4):
                    if index != trump:
                        info = suits[index]
                        run = cut = info.run[lead]
                        if run:
                            for o in ruffers:
                                n = info.count[o]
                                if n < cut:
                                    cut = n
                            sure -= run - cut
        if sure > left:
            sure = left
        bidder = self.bidder
        if lead == bidder:
            low, high = sure, left
        else:
            low, high = 0, left - sure
        if trump >= 0:
            # A trump above every trump of the other side wins the trick it is played to
            # (only a partner's trump can beat it): the bidder's, and the defender's with
            # the most (two defenders' could fall on one trick).
            above = suits[trump].above
            mine = above[bidder]
            n = 10
            most = 0
            for d in self._defenders:
                if mine[d] < n:
                    n = mine[d]
                if above[d][bidder] > most:
                    most = above[d][bidder]
            if n > low:
                low = n
            if left - most < high:
                high = left - most
        return key, low, high, -1, suits

    def _leads(self, suits: tuple[_Suit, ...], lead: int, first: int) -> list[int]:
        """The leader's cards, one of each run: `first`'s suit first, then each suit's top
        card still out, then the others lowest first, trumps last."""
        trump = self.trump
        tops: list[int] = []
        low: list[int] = []
        trumps: list[int] = []
        for s in range(4):
            info = suits[s]
            runs = info.reps[lead]
            if not runs:
                continue
            if info.run[lead]:  # it holds the suit's top card
                tops.append(runs[-1])
                runs = runs[:-1]
            if s == trump:
                trumps += runs
            else:
                low += runs
        out = tops + low + trumps
        if first >= 0:
            out = [c for c in out if c >> 3 == first] + [c for c in out if c >> 3 != first]
        return out

    def _three(self, t: list[int], lead: int, left: int, alpha: int, beta: int) -> int:
        bidder, trump, order = self.bidder, self.trump, self.order
        s2 = order[lead]
        s3 = order[s2]
        sh1, sh2, sh3 = 8 * lead, 8 * s2, 8 * s3
        if left == 1:
            self.nodes += 3
            win, best = lead, -1
            for seat, sh in ((lead, sh1), (s2, sh2), (s3, sh3)):
                for s in range(4):
                    m = (t[s] >> sh) & 0xFF
                    if m:
                        c = 8 * s + m.bit_length() - 1
                        break
                if best < 0 or (c >> 3 == best >> 3 and c > best) or (c >> 3 == trump and best >> 3 != trump):
                    win, best = seat, c
            return 1 if win == bidder else 0
        self.nodes += 1  # the trick's start costs about what a card tried does
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfNodes
        key, lo, hi, first, suits = self._start(t, lead, left)
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        if a >= b:
            return a
        alpha0, beta0 = a, b
        max1, max2, max3 = lead == bidder, s2 == bidder, s3 == bidder
        same2 = max2 == max1  # seat 2 is on the leader's side
        best1 = -1 if max1 else 99
        good = -1
        nodes = 0
        three = self._three
        leads: Sequence[int] = self._leads(suits, lead, first)
        for c1 in leads:
            nodes += 1
            suit = c1 >> 3
            t1 = t[suit]
            t[suit] = t1 ^ (1 << (sh1 + (c1 & 7)))
            # ---- second card
            follow2 = suit
            if not suits[suit].count[s2] and trump >= 0 and suits[trump].count[s2]:
                follow2 = trump
            a2, b2 = a, b
            best2 = -1 if max2 else 99
            moves2: Sequence[int] = suits[follow2].reps[s2]
            if not moves2:
                moves2 = _discards(suits, s2)
            elif follow2 == suit and not same2:
                moves2 = suits[suit].beating(s2, (c1 & 7) + 1)
            for c2 in moves2:
                nodes += 1
                suit2 = c2 >> 3
                t2 = t[suit2]
                t[suit2] = t2 ^ (1 << (sh2 + (c2 & 7)))
                if (suit2 == suit and c2 > c1) or (suit2 == trump and suit != trump):
                    win, top = s2, c2
                else:
                    win, top = lead, c1
                # ---- third card
                follow3 = suit
                if not suits[suit].count[s3] and trump >= 0 and suits[trump].count[s3]:
                    follow3 = trump
                a3, b3 = a2, b2
                best3 = -1 if max3 else 99
                ours = (win == bidder) == max3
                moves3: Sequence[int] = suits[follow3].reps[s3]
                if not moves3:
                    moves3 = _discards(suits, s3)
                elif not ours and top >> 3 == follow3:
                    moves3 = suits[follow3].beating(s3, (top & 7) + 1)
                for c3 in moves3:
                    nodes += 1
                    suit3 = c3 >> 3
                    t3 = t[suit3]
                    t[suit3] = t3 ^ (1 << (sh3 + (c3 & 7)))
                    beats = (suit3 == top >> 3 and c3 > top) or (suit3 == trump and top >> 3 != trump)
                    w = s3 if beats else win
                    won = 1 if w == bidder else 0
                    self.nodes += nodes
                    nodes = 0
                    v = won + three(t, w, left - 1, a3 - won, b3 - won)
                    t[suit3] = t3
                    if max3:
                        if v > best3:
                            best3 = v
                            if v > a3:
                                a3 = v
                    elif v < best3:
                        best3 = v
                        if v < b3:
                            b3 = v
                    if a3 >= b3:
                        break
                t[suit2] = t2
                v = best3
                if max2:
                    if v > best2:
                        best2 = v
                        if v > a2:
                            a2 = v
                elif v < best2:
                    best2 = v
                    if v < b2:
                        b2 = v
                if a2 >= b2:
                    break
            t[suit] = t1
            v = best2
            if max1:
                if v > best1:
                    best1 = v
                    good = suit
                    if v > a:
                        a = v
            elif v < best1:
                best1 = v
                good = suit
                if v < b:
                    b = v
            if a >= b:
                break
        self.nodes += nodes
        value = best1
        if value <= alpha0:
            hi = value
        elif value >= beta0:
            lo = value
        else:
            lo = hi = value
        self.table[key] = (lo, hi, good)
        return value

    def _two(self, t: list[int], lead: int, left: int, alpha: int, beta: int) -> int:
        """A lone defender against the bidder: two cards a trick."""
        bidder, trump = self.bidder, self.trump
        s2 = self.order[lead]
        sh1, sh2 = 8 * lead, 8 * s2
        if left == 1:
            self.nodes += 2
            cards = []
            for sh in (sh1, sh2):
                for s in range(4):
                    m = (t[s] >> sh) & 0xFF
                    if m:
                        cards.append(8 * s + m.bit_length() - 1)
                        break
            c1, c2 = cards
            if (c2 >> 3 == c1 >> 3 and c2 > c1) or (c2 >> 3 == trump and c1 >> 3 != trump):
                return 1 if s2 == bidder else 0
            return 1 if lead == bidder else 0
        self.nodes += 1  # the trick's start costs about what a card tried does
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfNodes
        key, lo, hi, first, suits = self._start(t, lead, left)
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        if a >= b:
            return a
        alpha0, beta0 = a, b
        max1 = lead == bidder
        best1 = -1 if max1 else 99
        good = -1
        nodes = 0
        two = self._two
        leads: Sequence[int] = self._leads(suits, lead, first)
        for c1 in leads:
            nodes += 1
            suit = c1 >> 3
            t1 = t[suit]
            t[suit] = t1 ^ (1 << (sh1 + (c1 & 7)))
            follow2 = suit
            if not suits[suit].count[s2] and trump >= 0 and suits[trump].count[s2]:
                follow2 = trump
            a2, b2 = a, b
            best2 = 99 if max1 else -1
            moves2: Sequence[int] = suits[follow2].reps[s2]
            if not moves2:
                moves2 = _discards(suits, s2)
            elif follow2 == suit:
                moves2 = suits[suit].beating(s2, (c1 & 7) + 1)
            for c2 in moves2:
                nodes += 1
                suit2 = c2 >> 3
                t2 = t[suit2]
                t[suit2] = t2 ^ (1 << (sh2 + (c2 & 7)))
                w = s2 if (suit2 == suit and c2 > c1) or (suit2 == trump and suit != trump) else lead
                won = 1 if w == bidder else 0
                self.nodes += nodes
                nodes = 0
                v = won + two(t, w, left - 1, a2 - won, b2 - won)
                t[suit2] = t2
                if not max1:  # seat 2 is the bidder
                    if v > best2:
                        best2 = v
                        if v > a2:
                            a2 = v
                elif v < best2:
                    best2 = v
                    if v < b2:
                        b2 = v
                if a2 >= b2:
                    break
            t[suit] = t1
            v = best2
            if max1:
                if v > best1:
                    best1 = v
                    good = suit
                    if v > a:
                        a = v
            elif v < best1:
                best1 = v
                good = suit
                if v < b:
                    b = v
            if a >= b:
                break
        self.nodes += nodes
        value = best1
        if value <= alpha0:
            hi = value
        elif value >= beta0:
            lo = value
        else:
            lo = hi = value
        self.table[key] = (lo, hi, good)
        return value


def _triples(hands: Sequence[int]) -> list[int]:
    """Per-seat masks to one int per suit, the seats' eight bits side by side."""
    return [
        (hands[0] >> 8 * s) & 0xFF | ((hands[1] >> 8 * s) & 0xFF) << 8 | ((hands[2] >> 8 * s) & 0xFF) << 16
        for s in range(4)
    ]


def _discards(suits: tuple[_Suit, ...], seat: int) -> list[int]:
    """A follower with neither the suit led nor a trump: nothing wins; the lowest first."""
    out = [*suits[0].reps[seat], *suits[1].reps[seat], *suits[2].reps[seat], *suits[3].reps[seat]]
    out.sort(key=_rank)
    return out


def _rank(c: int) -> int:
    return c & 7
