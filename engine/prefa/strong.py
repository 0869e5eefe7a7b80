"""The strong computer player for Prefa: every decision by sampling the hidden cards and solving
each sample double-dummy.

For every decision it deals the cards it cannot see consistently with everything public to
its seat (`engine.prefa.sampler`: the suits a seat has shown out of, a 7 of spades shown to
open, what each bid, pass and defence call says of a hand as the basic player would mean it,
the contract the bidder announced), solves each deal with every hand seen
(`engine.prefa.dd`), and turns the tricks into its result under the hand's real scoring
(`engine.prefa.outcome`: chips plus ten chips a pouch point, with the sitter's payments, the
overflow and the four aces). Then:

- **Bidding**: in each deal it takes the kitty, keeps the ten cards its estimate likes best
  for the strain that suits it, and plays the cheapest contract it could announce at the
  place the bid would win; the defenders answer "in" or "out" as the basic player would with
  the cards they were dealt. It holds on ("I'm good", or the next bid) while that is worth
  more than passing (nothing, on average), passes otherwise.
- **The kitty**: the discards its estimate likes best for each strain worth trying are
  solved over the same deals, and it keeps the ten cards with the best result, for the best
  contract it could then announce.
- **The contract**: each strain worth trying, and each number of tricks from the least it
  may announce up two, with the four aces announced or not, scored over the same deals; the
  best is announced (or, a tentative taker, the hand thrown in when that costs less).
- **The defence**: "in", "out", "alone" and "take you with me" are scored over deals of the
  bidder's and the other defender's hands: both defending (the defence's tricks shared by
  defensive strength), alone against the bidder (solved two-handed), or for one side; the
  other defender's answer is the basic player's with its dealt cards, and its own later
  answer the better on average.
- **The cards**: every card it may play (one of each run) is solved in each deal to the end
  of the hand; the bidder plays for the highest average result, a defender for the lowest
  result of the bidder (the defence plays as one side, the text's collectivist rule).

Budgets are counted in search nodes, never in time, and the random generator is seeded from
the hand's public commitment, the seat and how far the hand has gone: the same view gives
the same move, inline or in a worker. It sees only its seat's view (and the public events).
`advise` gives the move with a line that says why, from those same figures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.players import Advice
from engine.prefa import reasons as why
from engine.prefa.basic import KITTY_HOPE, BasicPlayer
from engine.prefa.dd import OutOfNodes, Search, reps
from engine.prefa.estimate import defence, discards, tricks
from engine.prefa.game import (
    Bid,
    Declare,
    Discard,
    Good,
    Pass,
    Phase,
    Play,
    Prefa,
    PrefaView,
    Tentative,
    ThrowIn,
)
from engine.prefa.outcome import Scorer, split
from engine.prefa.sampler import Knowledge, deal, knowledge
from engine.prefa.scoring import (
    STRAINS,
    SUITS,
    TENTATIVE_CHIPS,
    TENTATIVE_POINTS,
    Contract,
    Mode,
    duties,
    lone_duty,
    scale,
)
from engine.prefa.solver import card_id, card_of, mask_of

__all__ = ["Budget", "StrongPlayer"]


@dataclass(frozen=True)
class Budget:
    """Search nodes (cards tried) per decision, and deals (samples) at least and at most."""

    bid: int = 85_000
    kitty: int = 85_000
    contract: int = 85_000
    defence: int = 85_000
    card: int = 85_000
    worlds: int = 24
    """Deals at most per decision."""
    least: int = 3
    """Deals at least, whatever they cost (unless one deal alone runs out: `deal_limit`)."""
    deal_limit: int = 40_000
    """One deal's search gives up past this many nodes; that deal is left out."""


CAP = 1.35
"""A decision never spends more than this many times its budget: the budget is where it
stops starting new deals, this is where it stops a search."""
SCREEN = 2.5
"""A hand whose estimate (with the kitty hope) falls this many tricks short of the next bid
passes without sampling; one this far above it holds on."""
KITTY_CLOSE = 1.0
"""Discards whose estimate comes this close to the best are solved; one far ahead is kept."""
CONTRACT_CLOSE = 1.5
"""Strains whose estimate comes this close to the best are solved for the contract."""
HIGHER = 2
"""The contract is chosen among the cheapest in its strain and up to this many tricks more."""
BID_EDGE = 0.0
"""Hold on in the bidding when the contract is worth more than this on average (passing is
worth about nothing: the cards thrown in, or a defence that can go out)."""


class StrongPlayer:
    """Sampling and double-dummy solving in every decision; implements `Advises`."""

    level = "strong"

    def __init__(self, seed: int = 0, *, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget or Budget()
        self.basic = BasicPlayer()
        self.dropped = 0
        """Deals left out because their search ran out of nodes (for the bench)."""
        self._left = 0
        """Nodes left to the decision being made."""

    # ------------------------------------------------------------------ the interface

    def choose(self, game: Prefa, seat: int) -> Any:
        return self.advise(game, seat).action

    def advise(self, game: Prefa, seat: int) -> Advice:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this computer player's turn.")
        if len(legal) == 1:
            return Advice(legal[0], why.only_move())
        view = game.view(seat)
        seven = view.options.seven_opens and any(e.kind == "seven" for e in game.events)
        key = (view, seven, self.seed, self.budget)
        found = _DECIDED.get(key)
        if found is None:
            found = self._decide(view, seven, legal)
            if len(_DECIDED) >= DECIDED_KEPT:
                _DECIDED.clear()
            _DECIDED[key] = found
        return found

    def _decide(self, view: PrefaView, seven: bool, legal: list[Any]) -> Advice:
        seat = view.you
        assert seat is not None
        know = knowledge(view, seven)
        played = sum(len(t.cards) for t in view.played) + len(view.trick)
        calls = ",".join(c or "-" for c in view.defence)
        if view.phase in (Phase.KITTY, Phase.CONTRACT):
            # The same deals for the discards and the contract: the contract is then chosen
            # over deals already solved for the discards.
            rng = random.Random(f"{view.commitment}|{seat}|bidder|{self.seed}")
        else:
            rng = random.Random(
                f"{view.commitment}|{seat}|{view.phase}|{len(view.sheet)}|{calls}|{played}|{self.seed}"
            )
        phase = view.phase
        if phase is Phase.BIDDING:
            return self._bidding(view, legal, know, rng)
        if phase is Phase.KITTY:
            return self._take_kitty(view, legal, know, rng)
        if phase is Phase.CONTRACT:
            return self._announce(view, legal, know, rng)
        if phase is Phase.DEFENCE:
            return self._defence(view, legal, know, rng)
        return self._card_play(view, legal, know, rng)

    # ------------------------------------------------------------------ solving

    def _solve(
        self,
        view: PrefaView,
        contract: Contract,
        bidder: int,
        hands: Sequence[int],
        playing: Sequence[int],
        low: int,
        high: int,
    ) -> tuple[int, int] | None:
        """The bidder's tricks with `playing` seats playing `hands` from the first lead,
        searched in (low, high) and clamped to 0-10, and the nodes it cost. None (the deal is
        left out) past `deal_limit` nodes or what is left of the decision's budget."""
        order = _order(view, playing)
        limit = min(self.budget.deal_limit, self._left)
        got = solve(
            tuple(h if s in playing else 0 for s, h in enumerate(hands)),
            _trump(contract),
            bidder,
            tuple(order[s] for s in sorted(order)),
            _leader(view, playing),
            low,
            high,
            limit,
        )
        self._left -= got[1]
        if got[0] is None:
            self.dropped += 1
            return None
        return max(0, min(10, got[0])), got[1]

    def _worlds(
        self, know: Knowledge, rng: random.Random, budget: int, run: Callable[[dict[int, int]], int | None]
    ) -> int:
        """Deal and `run` (None: leave the deal out) until the budget is spent (after
        `least` deals, and never past `CAP` times the budget), or `worlds` deals are done;
        returns how many deals counted."""
        b = self.budget
        cap = int(budget * CAP)
        self._left = cap
        counted = 0
        for _ in range(b.worlds):
            used = cap - self._left
            if used >= cap or (counted >= b.least and used >= budget):
                break
            hands, _ = deal(know, rng)
            if run(hands) is not None:
                counted += 1
        return counted

    # ------------------------------------------------------------------ bidding

    def _bidding(self, view: PrefaView, legal: list[Any], know: Knowledge, rng: random.Random) -> Advice:
        ladder = scale(view.options.ten_no_trump)
        hold = next((a for a in legal if isinstance(a, Good)), None) or next(
            (a for a in legal if isinstance(a, Bid)), None
        )
        tentative = next((a for a in legal if isinstance(a, Tentative)), None)
        if hold is None:
            return Advice(Pass(), why.nothing_to_bid())
        place = ladder.index(hold.contract)
        best = max(tricks(know.mine, s) for s in range(5)) + KITTY_HOPE
        need = hold.contract.tricks
        if best + SCREEN < need and tentative is None:
            return Advice(
                Pass(),
                why.far_from(best, need, hold.contract),
            )
        if best - SCREEN >= need:
            return Advice(
                hold,
                why.well_above(best, need, hold.contract),
            )
        me = know.me
        scorer = Scorer.of(view)
        values: list[float] = []
        made: list[bool] = []
        taken: list[int] = []
        thrown: list[float] = []
        throw_in = -10.0 * TENTATIVE_POINTS - TENTATIVE_CHIPS * (scorer.parties - 1)

        def run(hands: dict[int, int]) -> int | None:
            kitty = know.pool
            for h in hands.values():
                kitty &= ~h
            twelve = know.mine | kitty
            choice = _pick(twelve, place, ladder)
            if choice is None:
                return 0
            contract, pair = choice
            everyone = [0, 0, 0]
            everyone[me] = twelve ^ pair
            for s, h in hands.items():
                everyone[s] = h
            outcome = self._as_bidder(view, scorer, me, contract, everyone)
            if outcome is None:
                return None
            world, nodes = outcome
            value, t = world.value(view, scorer, me, contract, False)
            values.append(value)
            made.append(t >= contract.tricks)
            taken.append(t)
            thrown.append(max(value, throw_in))
            return nodes

        self._worlds(know, rng, self.budget.bid, run)
        if not values:
            return Advice(Pass(), why.passes_no_deal())
        mean = sum(values) / len(values)
        share = 100 * sum(made) / len(made)
        avg = sum(taken) / len(taken)
        line = why.as_bidder(hold.contract, avg, share, len(values), mean)
        if mean > BID_EDGE:
            return Advice(hold, why.bids(line))
        if tentative is not None:
            saved = sum(thrown) / len(thrown)
            if saved > BID_EDGE:
                return Advice(tentative, why.takes_it(line))
        return Advice(Pass(), why.passes(line))

    def _as_bidder(
        self, view: PrefaView, scorer: Scorer, me: int, contract: Contract, hands: list[int], higher: int = 0
    ) -> tuple[World, int] | None:
        """One deal solved with `me` the bidder in `contract`'s strain: its tricks with both
        defending, each defender's defensive strength, and its tricks against whichever
        defender the basic player's rule would send in alone at `contract` or up to `higher`
        tricks above it; and the nodes used. None when the deal is left out."""
        k = contract.tricks
        got = self._solve(view, contract, me, hands, (0, 1, 2), k - 3, k + 2 + higher)
        if got is None:
            return None
        t, nodes = got
        step = view.options.step
        first, second = (me + step) % 3, (me + 2 * step) % 3
        trump = _trump(contract)
        world = World(t, defence(hands[first], trump), defence(hands[second], trump), {})
        for extra in range(higher + 1):
            if k + extra > 10:
                break
            option = Contract(tricks=k + extra, strain=contract.strain)
            mode, active = _basic_defence(view, scorer, me, option, world)
            if mode == "alone" and active is not None and active not in world.alone:
                lone = self._solve(view, contract, me, hands, sorted((me, active)), k - 3, k + 2 + higher)
                if lone is None:
                    return None
                nodes += lone[1]
                world.alone[active] = lone[0]
        return world, nodes

    # ------------------------------------------------------------------ the kitty and the contract

    def _take_kitty(self, view: PrefaView, legal: list[Any], know: Knowledge, rng: random.Random) -> Advice:
        ladder = scale(view.options.ten_no_trump)
        floor = 0 if view.bid is None else ladder.index(view.bid)
        twelve = know.mine
        options: list[tuple[float, Contract, int]] = []
        for s in range(5):
            contract = _cheapest(s, floor, ladder)
            if contract is None:
                continue
            for estimate, pair in discards(twelve, s, 2):
                options.append((estimate - contract.tricks, contract, pair))
        options.sort(key=lambda o: -o[0])
        top = options[0][0]
        tried = [o for o in options if o[0] >= top - KITTY_CLOSE][:2]
        if len(tried) == 1:
            _, contract, pair = tried[0]
            a, b = (card_of(c) for c in _ids(pair))
            return Advice(
                Discard(cards=(min(a, b), max(a, b))),
                why.clear_discard(a, b, top + contract.tricks, contract),
            )
        scorer = Scorer.of(view)
        me = know.me
        results: dict[int, list[World]] = {i: [] for i in range(len(tried))}

        def run(hands: dict[int, int]) -> int | None:
            nodes = 0
            for i, (_, contract, pair) in enumerate(tried):
                everyone = [0, 0, 0]
                everyone[me] = twelve ^ pair
                for s, h in hands.items():
                    everyone[s] = h
                got = self._as_bidder(view, scorer, me, contract, everyone, HIGHER)
                if got is None:
                    return None
                nodes += got[1]
                results[i].append(got[0])
            return nodes

        self._worlds(know, rng, self.budget.kitty, run)
        best: tuple[float, int, Contract, float, float] | None = None
        for i, (_, contract, pair) in enumerate(tried):
            outcomes = results[i]
            if not outcomes:
                continue
            chosen, value, share, avg = _best_contract(view, scorer, me, contract, outcomes, False, ladder)
            if best is None or value > best[0]:
                best = (value, pair, chosen, share, avg)
        throw = next((a for a in legal if isinstance(a, ThrowIn)), None)
        if best is None:
            return Advice(self.basic._discard(view, legal), why.no_deal("discard"))
        value, pair, chosen, share, avg = best
        throw_in = -10.0 * TENTATIVE_POINTS - TENTATIVE_CHIPS * (scorer.parties - 1)
        if throw is not None and value < throw_in:
            return Advice(throw, why.throws_in(chosen, value))
        a, b = (card_of(c) for c in _ids(pair))
        return Advice(
            Discard(cards=(min(a, b), max(a, b))),
            why.discards(a, b, chosen, avg, share, len(results[0]), value),
        )

    def _announce(self, view: PrefaView, legal: list[Any], know: Knowledge, rng: random.Random) -> Advice:
        ladder = scale(view.options.ten_no_trump)
        floor = 0 if view.bid is None else ladder.index(view.bid)
        ten = know.mine
        options: list[tuple[float, Contract]] = []
        for s in range(5):
            contract = _cheapest(s, floor, ladder)
            if contract is not None:
                options.append((tricks(ten, s) - contract.tricks, contract))
        options.sort(key=lambda o: -o[0])
        top = options[0][0]
        tried = [o for o in options if o[0] >= top - CONTRACT_CLOSE][:2]
        scorer = Scorer.of(view)
        me = know.me
        aces = any(isinstance(a, Declare) and a.aces for a in legal)
        results: dict[int, list[World]] = {i: [] for i in range(len(tried))}

        def run(hands: dict[int, int]) -> int | None:
            nodes = 0
            everyone = [0, 0, 0]
            everyone[me] = ten
            for s, h in hands.items():
                everyone[s] = h
            for i, (_, contract) in enumerate(tried):
                got = self._as_bidder(view, scorer, me, contract, everyone, HIGHER)
                if got is None:
                    return None
                nodes += got[1]
                results[i].append(got[0])
            return nodes

        self._worlds(know, rng, self.budget.contract, run)
        best: tuple[float, Contract, bool, float, float, int] | None = None
        for i, (_, contract) in enumerate(tried):
            outcomes = results[i]
            if not outcomes:
                continue
            for announce in (False, True) if aces else (False,):
                chosen, value, share, avg = _best_contract(
                    view, scorer, me, contract, outcomes, announce, ladder
                )
                if best is None or value > best[0]:
                    best = (value, chosen, announce, share, avg, len(outcomes))
        throw = next((a for a in legal if isinstance(a, ThrowIn)), None)
        if best is None:
            return Advice(self.basic._declare(view, legal), why.no_deal("contract"))
        value, chosen, announce, share, avg, n = best
        throw_in = -10.0 * TENTATIVE_POINTS - TENTATIVE_CHIPS * (scorer.parties - 1)
        if throw is not None and value < throw_in:
            return Advice(throw, why.throws_in(chosen, value))
        return Advice(
            Declare(contract=chosen, aces=announce),
            why.announces(chosen, announce, avg, share, n, value),
        )

    # ------------------------------------------------------------------ the defence

    def _defence(self, view: PrefaView, legal: list[Any], know: Knowledge, rng: random.Random) -> Advice:
        me = know.me
        contract, bidder = view.contract, view.bidder
        assert contract is not None and bidder is not None
        scorer = Scorer.of(view)
        step = view.options.step
        first = (bidder + step) % 3
        partner = 3 - me - bidder
        k = scorer.scored(contract)
        trump = _trump(contract)
        duty = duties(k)[0 if me == first else 1]
        their_duty = duties(k)[1 if me == first else 0]
        lone = lone_duty(k)
        aces = view.aces
        kinds = {a.kind for a in legal}
        # Alone against the bidder is solved two-handed when it is a call to make now; as a
        # later answer (in now, alone if the other goes out) the three-handed tricks stand
        # in for it.
        need_alone = "alone" in kinds
        need_partner_alone = aces and view.options.four_aces == "B"
        rows: list[dict[str, float]] = []
        stats: list[tuple[int, bool]] = []

        def value(mode: Mode, active: int | None, bidder_tricks: int, mine: int) -> float:
            t = [0, 0, 0]
            t[bidder] = bidder_tricks
            if mode == "own":
                t[me], t[partner] = mine, 10 - bidder_tricks - mine
            elif active is not None:
                t[active] = 10 - bidder_tricks
            return scorer.value(me, bidder, contract, aces, mode, active, (t[0], t[1], t[2]))

        def run(hands: dict[int, int]) -> int | None:
            everyone = [0, 0, 0]
            everyone[me] = know.mine
            for s, h in hands.items():
                everyone[s] = h
            got = self._solve(view, contract, bidder, everyone, (0, 1, 2), k - 4, k + 3)
            if got is None:
                return None
            t_own, nodes = got
            t_alone = t_partner = t_own
            if need_alone:
                got = self._solve(view, contract, bidder, everyone, sorted((me, bidder)), k - 4, k + 3)
                if got is None:
                    return None
                t_alone = got[0]
                nodes += got[1]
            if need_partner_alone:
                got = self._solve(view, contract, bidder, everyone, sorted((partner, bidder)), k - 4, k + 3)
                if got is None:
                    return None
                t_partner = got[0]
                nodes += got[1]
            d_me, d_partner = defence(know.mine, trump), defence(everyone[partner], trump)
            mine = split(10 - t_own, d_me, d_partner, duty, their_duty)
            enter_p = max(0.5, their_duty - 0.8)
            rows.append(
                {
                    "own": value("own", None, t_own, mine),
                    "invited_me": value("invited", me, t_own, 0),
                    "alone_me": value("alone", me, t_alone, 0),
                    "partner_alone": value("alone", partner, t_partner, 0),
                    "invited_partner": value("invited", partner, t_own, 0),
                    "both_out": value("both_out", None, k, 0),
                    # the other defender's answers, by the basic player's rule
                    "partner_in": float(d_partner >= enter_p),
                    "partner_alone_in": float(d_partner >= lone + 0.2),
                    "partner_alone_first": float(d_partner >= lone),
                }
            )
            stats.append((t_own, t_own >= contract.tricks))
            return nodes

        self._worlds(know, rng, self.budget.defence, run)
        if not rows:
            return Advice(self.basic._defend(view, me, legal), why.no_deal("call"))
        options = _defence_options(view, kinds, rows, me == first)
        action_kind, worth = max(options.items(), key=lambda kv: (kv[1], -_CALL_ORDER.index(kv[0])))
        action = next(a for a in legal if a.kind == action_kind)
        avg = sum(t for t, _ in stats) / len(stats)
        share = 100 * sum(m for _, m in stats) / len(stats)
        others = {k_: v for k_, v in options.items() if k_ != action_kind}
        return Advice(action, why.defence(action_kind, avg, contract, share, len(rows), worth, others))

    # ------------------------------------------------------------------ the cards

    def _card_play(self, view: PrefaView, legal: list[Any], know: Knowledge, rng: random.Random) -> Advice:
        me = know.me
        contract, bidder, mode = view.contract, view.bidder, view.mode
        assert contract is not None and bidder is not None and mode is not None
        cards = [a.card for a in legal]
        trick = [(s, card_id(c)) for s, c in view.trick]
        present = know.pool | know.mine
        for _, c in trick:
            present |= 1 << c
        candidates = _representatives(mask_of(cards), present)
        if len(candidates) == 1:
            return Advice(Play(card=card_of(candidates[0])), why.all_alike())
        scorer = Scorer.of(view)
        so_far = view.tricks[bidder]
        values = [scorer.bidder(bidder, contract, view.aces, mode, view.active, b) for b in range(11)]
        sign = 1.0 if me == bidder else -1.0
        trump = _trump(contract)
        playing = list(view.playing)
        order = _order(view, playing)
        totals = dict.fromkeys(candidates, 0.0)
        taken = dict.fromkeys(candidates, 0)

        def run(hands: dict[int, int]) -> int | None:
            everyone = [0, 0, 0]
            everyone[me] = know.mine
            for s, h in hands.items():
                everyone[s] = h
            limit = min(self.budget.deal_limit, self._left)
            search = Search(trump, bidder, order, limit=limit)
            # The card that has done best so far first: the search then mostly proves the
            # others no better.
            ranked = sorted(candidates, key=lambda c: -sign * totals[c])
            try:
                result = search.card_scores(everyone, trick, me, ranked)
            except OutOfNodes:
                self._left -= limit
                self.dropped += 1
                return None
            self._left -= search.nodes
            for cid, t in result.items():
                totals[cid] += values[min(10, so_far + t)]
                taken[cid] += so_far + t
            return search.nodes

        counted = self._worlds(know, rng, self.budget.card, run)
        if not counted:
            return Advice(self.basic._play(view, me, legal), why.no_deal("card"))
        best = max(candidates, key=lambda c: (sign * totals[c], -(c & 7), -c))
        card = card_of(best)
        avg = taken[best] / counted
        return Advice(Play(card=card), why.plays(card, me == bidder, avg, counted, totals[best] / counted))


# ---------------------------------------------------------------------- helpers

_DECIDED: dict[tuple[object, ...], Advice] = {}
DECIDED_KEPT = 1
"""Decisions kept in memory (the last), by everything they are made from (the seat's view,
the public "seven", the player's seed and budget): asked again at once for the same seat,
as the contract test does, the answer is the one already worked out."""
_SOLVED: dict[tuple[object, ...], tuple[int | None, int]] = {}
SOLVED_KEPT = 20_000
"""Deals solved kept in memory: the contract is chosen over the same deals the kitty was."""


def solve(
    hands: tuple[int, ...],
    trump: int,
    bidder: int,
    order: tuple[int, ...],
    leader: int,
    low: int,
    high: int,
    limit: int,
) -> tuple[int | None, int]:
    """`Search.tricks` from the first lead, remembered: (the tricks, or None when the search
    needs more than `limit` nodes; the nodes it cost, `limit` when it ran out). Remembering
    changes no answer, not even the nodes counted against a budget, so a decision is the same
    whether a deal was solved before or not (in this process, or in another)."""
    key = (hands, trump, bidder, order, leader, low, high)
    found = _SOLVED.get(key)
    if found is not None:
        value, nodes = found
        if value is not None:
            return (value, nodes) if nodes <= limit else (None, limit)
        if limit <= nodes:  # it ran out at `nodes` before: it would again
            return None, limit
    seats = sorted(s for s in range(3) if hands[s] or s == bidder)
    search = Search(trump, bidder, dict(zip(seats, order, strict=True)), limit)
    result: tuple[int | None, int]
    try:
        value = search.tricks(hands, leader, low, high)
        # Past the limit between two checks counts as out: an answer then depends only on
        # the nodes the search needs, whoever asks with whatever limit.
        result = (value, search.nodes) if search.nodes <= limit else (None, limit)
    except OutOfNodes:
        result = (None, limit)
    if len(_SOLVED) >= SOLVED_KEPT:
        _SOLVED.clear()
    _SOLVED[key] = result
    return result


_CALL_ORDER = ["out", "let_alone", "in", "alone", "take_you"]
"""Ties go to the first: the call that risks least."""


def _defence_options(
    view: PrefaView, kinds: set[str], rows: list[dict[str, float]], first: bool
) -> dict[str, float]:
    """Each legal call's average worth to the defender, over the deals."""
    n = len(rows)
    counter = view.options.counter_invitation

    def mean(key: str, where: Callable[[dict[str, float]], bool] = lambda r: True) -> float:
        chosen = [r[key] for r in rows if where(r)]
        return sum(chosen) / len(chosen) if chosen else 0.0

    def later(keys: Sequence[str], where: Callable[[dict[str, float]], bool]) -> str:
        """The call it would make later, in the deals where the other defender answers so."""
        return max(keys, key=lambda key: mean(key, where))

    out: dict[str, float] = {}
    stage = _stage(view)
    if stage == "first":
        # In: the second answers in (both defend) or out (then we go alone or take it along).
        def partner_out(r: dict[str, float]) -> bool:
            return not r["partner_in"]

        mine_later = later(["alone_me", "invited_me"], partner_out)
        out["in"] = sum(r["own"] if r["partner_in"] else r[mine_later] for r in rows) / n
        # Out: the second goes out too, or alone (and we may then take it along).
        if counter:
            mine_counter = later(["partner_alone", "invited_me"], lambda r: bool(r["partner_alone_in"]))
        else:
            mine_counter = "partner_alone"
        out["out"] = sum(r[mine_counter] if r["partner_alone_in"] else r["both_out"] for r in rows) / n
    elif stage == "second_in":
        out["in"] = mean("own")
        out["out"] = (
            sum(r["partner_alone"] if r["partner_alone_first"] else r["invited_partner"] for r in rows) / n
        )
    elif stage == "first_alone":
        out["alone"] = mean("alone_me")
        out["take_you"] = mean("invited_me")
    elif stage == "second_out":
        out["out"] = mean("both_out")
        out["alone"] = mean("alone_me")  # the basic first defender lets us go alone
        out["take_you"] = mean("invited_me")
    else:  # counter
        out["let_alone"] = mean("partner_alone")
        out["take_you"] = mean("invited_me")
    return {k: v for k, v in out.items() if k in kinds}


def _stage(view: PrefaView) -> str:
    """Where the defence calls stand, from the calls made so far."""
    bidder = view.bidder
    assert bidder is not None
    step = view.options.step
    first, second = (bidder + step) % 3, (bidder + 2 * step) % 3
    calls = view.defence
    if calls[first] is None:
        return "first"
    if calls[second] is None:
        return "second_in" if calls[first] == "in" else "second_out"
    if view.you == first and calls[first] == "in":
        return "first_alone"
    return "counter"


def _pick(twelve: int, place: int, ladder: Sequence[Contract]) -> tuple[Contract, int] | None:
    """The strain and discards a bidder holding `twelve` would play at `place`: the pair the
    estimate likes best for each strain, and the strain with the most room over its cheapest
    contract there."""
    best: tuple[float, Contract, int] | None = None
    for s in range(5):
        contract = _cheapest(s, place, ladder)
        if contract is None:
            continue
        estimate, pair = discards(twelve, s, 1)[0]
        margin = estimate - contract.tricks
        if best is None or margin > best[0]:
            best = (margin, contract, pair)
    return None if best is None else (best[1], best[2])


def _cheapest(strain: int, floor: int, ladder: Sequence[Contract]) -> Contract | None:
    for contract in ladder[floor:]:
        if contract.strain == STRAINS[strain]:
            return contract
    return None


def _best_contract(
    view: PrefaView,
    scorer: Scorer,
    me: int,
    cheapest: Contract,
    worlds: list[World],
    aces: bool,
    ladder: Sequence[Contract],
) -> tuple[Contract, float, float, float]:
    """Of `cheapest` and the same strain up to `HIGHER` tricks higher, the contract with the
    best average result over the deals: (contract, value, % made, average tricks)."""
    best: tuple[Contract, float, float, float] | None = None
    for extra in range(HIGHER + 1):
        if cheapest.tricks + extra > 10:
            break
        contract = Contract(tricks=cheapest.tricks + extra, strain=cheapest.strain)
        if contract not in ladder:
            break
        total = 0.0
        made = taken = 0
        for world in worlds:
            value, t = world.value(view, scorer, me, contract, aces)
            total += value
            taken += t
            made += t >= contract.tricks
        value = total / len(worlds)
        if best is None or value > best[1]:
            best = (contract, value, 100 * made / len(worlds), taken / len(worlds))
    assert best is not None
    return best


@dataclass
class World:
    """One deal solved with the strong player as bidder in one strain."""

    tricks: int
    """Its tricks with both defenders playing."""
    first: float
    """The first defender's defensive strength (`estimate.defence`)."""
    second: float
    alone: dict[int, int]
    """Its tricks against a lone defender, by that defender's seat (where solved)."""

    def value(
        self, view: PrefaView, scorer: Scorer, me: int, contract: Contract, aces: bool
    ) -> tuple[float, int]:
        """Its result at `contract` with the defence the basic player's rule gives, and its
        tricks."""
        mode, active = _basic_defence(view, scorer, me, contract, self)
        t = self.alone.get(active, self.tricks) if mode == "alone" and active is not None else self.tricks
        return scorer.bidder(me, contract, aces, mode, active, t), t


def _basic_defence(
    view: PrefaView, scorer: Scorer, bidder: int, contract: Contract, world: World
) -> tuple[Mode, int | None]:
    """The defence the basic player's rule gives with the dealt hands' strengths."""
    step = view.options.step
    first, second = (bidder + step) % 3, (bidder + 2 * step) % 3
    k = scorer.scored(contract)
    duty1, duty2 = duties(k)
    alone = lone_duty(k)
    d1, d2 = world.first, world.second
    if d1 >= max(0.5, duty1 - 0.8):
        if d2 >= max(0.5, duty2 - 0.8):
            return "own", None
        return ("alone", first) if d1 >= alone else ("invited", first)
    if d2 >= alone + 0.2:
        return "alone", second
    return "both_out", None


def _trump(contract: Contract) -> int:
    return -1 if contract.trump is None else SUITS.index(contract.trump)


def _order(view: PrefaView, playing: Sequence[int]) -> dict[int, int]:
    """The next playing seat after each playing seat, in the direction of play."""
    step = view.options.step
    out = {}
    for s in playing:
        nxt = (s + step) % 3
        while nxt not in playing:
            nxt = (nxt + step) % 3
        out[s] = nxt
    return out


def _leader(view: PrefaView, playing: Sequence[int]) -> int:
    """Who leads the first trick: the eldest hand, or the next seat still playing."""
    lead = view.eldest
    while lead not in playing:
        lead = (lead + view.options.step) % 3
    return lead


def hands_only(hands: Sequence[int], playing: Sequence[int]) -> list[int]:
    return [h if s in playing else 0 for s, h in enumerate(hands)]


def _ids(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _representatives(mine: int, present: int) -> list[int]:
    out = []
    for s in range(4):
        m = (mine >> 8 * s) & 0xFF
        if m:
            out += [8 * s + r for r in reps(m, ((present & ~mine) >> 8 * s) & 0xFF)]
    return out
