"""Prefa's first strong computer player ("strong-v1"), kept as a bench opponent: it samples
the hidden hands and solves each sample exactly for its card play only.

Issue 25 replaced it at the table with `engine.prefa.strong` (every decision simulated);
`bench/prefa.py --against strong-v1` measures the new player against this one. It is not a
level a table offers. What follows is its description as it was.

Card play (the issue's claim): at each card it deals the cards it cannot see to the other
hands consistently with everything public to its seat (`deal_samples`), solves every sample
double-dummy to the end of the hand (`engine.prefa.solver`) for each card it may play, and
plays the card whose expected value over the samples is best for its side.

Objective: the solver counts the bidder's tricks; a trick count is turned into the bidder's
result by the real scoring (`scoring.score_hand` for the hand's contract and defence), chips
plus ten chips for each pouch point taken off (the text: a pouch point is ten chips), the
defenders' tricks split as well as the defence can for its duties. The bidder maximises the
mean of that value over the samples, a defender minimises it: the defence plays as one side,
as the text's collectivist rule asks. The value is monotone in the bidder's tricks, so the
double-dummy trick count is the exact game value of each sample for it.

Bidding, the kitty, the contract and the defence calls are the basic player's (`BasicPlayer`):
the issue's measured claim is about card play.

Deterministic: the random generator is seeded from the hand's public commitment, the seat,
the number of cards played and the player's `seed`; the search is bounded by node counts,
not by the clock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.cards import PREFA_32, Card
from engine.prefa.basic import BasicPlayer, tricks_with
from engine.prefa.game import Phase, Play, Prefa, PrefaView
from engine.prefa.scoring import SUITS, duties, lone_duty, score_hand
from engine.prefa.solver import OutOfNodes, Position, Solver, card_id, card_of, mask_of, representatives

MAX_SAMPLES = 20
"""Samples per decision at most."""
MIN_SAMPLES = 3
"""Samples per decision at least, unless the node limit stops the first ones."""
NODE_BUDGET = 30_000
"""Cards tried by the search over all samples of one decision (about 0.08 s on one core);
once spent, no further sample is started."""
SAMPLE_LIMIT = 50_000
"""The first sample's search gives up past this many cards tried (the others past what is
left of `NODE_BUDGET`); if the first sample does, the decision falls back to the basic
player's card."""
BID_SLACK = 2.0
"""A defender's sample is kept when the bidder's ten cards in it would, by the basic
estimate, take at least the contract's tricks less this many."""
BID_TRIES = 6
"""Deals tried per sample to meet the bidding inference before taking the best one."""


def voids(view: PrefaView) -> dict[int, set[str]]:
    """The suits each seat has shown out of: it did not follow the suit led (and, at a trump
    contract, showed out of trumps too when it played neither)."""
    trump = view.contract.trump if view.contract is not None else None
    out: dict[int, set[str]] = {seat: set() for seat in range(3)}
    tricks = [list(zip(t.seats, t.cards, strict=True)) for t in view.played]
    if view.trick:
        tricks.append(list(view.trick))
    for trick in tricks:
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit != led:
                out[seat].add(led)
                if trump is not None and card.suit != trump:
                    out[seat].add(trump)
    return out


def unseen(view: PrefaView) -> list[Card]:
    """The cards `view.you` has not seen: not in its hand, not played, not its discards."""
    gone = set(view.hand or ())
    for trick in view.played:
        gone.update(trick.cards)
    gone.update(card for _, card in view.trick)
    gone.update(view.discards or ())
    return [c for c in PREFA_32.cards() if c not in gone]


def deal_samples(view: PrefaView, count: int, rng: random.Random) -> list[dict[int, list[Card]]]:
    """`count` deals of the unseen cards to the other seats still playing, each card to a
    seat that has not shown out of its suit, each seat its number of cards; what is left over
    (the bidder's discards, a defender who is out) is not dealt. A defender deals the bidder
    a hand that, with the cards the bidder has played, fits its contract (`BID_SLACK`)."""
    me = view.you
    assert me is not None
    pool = unseen(view)
    others = [s for s in view.playing if s != me]
    shown = voids(view)
    sizes = {s: view.hand_sizes[s] for s in others}
    contract, bidder = view.contract, view.bidder
    bidder_played: list[Card] = []
    if bidder is not None and bidder != me:
        for trick in view.played:
            bidder_played += [c for s, c in zip(trick.seats, trick.cards, strict=True) if s == bidder]
        bidder_played += [c for s, c in view.trick if s == bidder]
    out = []
    for _ in range(count):
        best: tuple[float, dict[int, list[Card]]] | None = None
        for _ in range(BID_TRIES):
            deal = _one_deal(pool, others, sizes, shown, rng)
            if contract is None or bidder is None or bidder == me:
                best = (0.0, deal)
                break
            fit = tricks_with(deal[bidder] + bidder_played, contract.strain) - contract.tricks
            if best is None or fit > best[0]:
                best = (fit, deal)
            if fit >= -BID_SLACK:
                break
        assert best is not None
        out.append(best[1])
    return out


def _one_deal(
    pool: Sequence[Card],
    seats: Sequence[int],
    sizes: dict[int, int],
    shown: dict[int, set[str]],
    rng: random.Random,
) -> dict[int, list[Card]]:
    """Deal `pool` at random: the cards fewest seats may hold first, each to an allowed seat
    with room, drawn in proportion to the room left; the rest stays undealt. Tries again on a
    dead end (a real deal always exists)."""
    for _ in range(200):
        room = dict(sizes)
        spare = len(pool) - sum(sizes.values())
        cards = list(pool)
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(1 for s in seats if c.suit not in shown[s]))
        deal: dict[int, list[Card]] = {s: [] for s in seats}
        ok = True
        for card in cards:
            allowed = [s for s in seats if room[s] > 0 and card.suit not in shown[s]]
            weights = [room[s] for s in allowed]
            total = sum(weights) + spare
            if total == 0:
                ok = False
                break
            pick = rng.randrange(total)
            if pick >= sum(weights):
                spare -= 1
                continue
            for s, w in zip(allowed, weights, strict=True):
                if pick < w:
                    deal[s].append(card)
                    room[s] -= 1
                    break
                pick -= w
        if ok and all(v == 0 for v in room.values()):
            return deal
    raise RuntimeError("No deal of the unseen cards fits what has been shown.")


def bidder_value(view: PrefaView, bidder_tricks: int) -> float:
    """The bidder's result for the hand if it ends with `bidder_tricks` (its tricks so far
    included): chips won, plus ten chips per pouch point taken off its pouch."""
    contract, bidder, mode = view.contract, view.bidder, view.mode
    assert contract is not None and bidder is not None and mode is not None
    step = view.options.step
    first, second = (bidder + step) % 3, (bidder + 2 * step) % 3
    k = 9 if view.options.tens_as_nines and contract.tricks == 10 else contract.tricks
    defence = 10 - bidder_tricks
    splits: list[tuple[int, int]]
    if mode == "own":
        splits = [(t, defence - t) for t in range(defence + 1)]
    elif mode == "alone":
        assert view.active is not None
        splits = [(defence, 0) if view.active == first else (0, defence)]
    else:
        splits = [(defence, 0)]
    best: float | None = None
    for t1, t2 in splits:
        tricks = [0, 0, 0]
        tricks[bidder], tricks[first], tricks[second] = bidder_tricks, t1, t2
        score = score_hand(
            mode=mode,
            contract_tricks=k,
            bid_value=view.bid_value,
            bidder=bidder,
            first=first,
            second=second,
            tricks=tricks,
            active=view.active,
        )
        value = -10.0 * score.bidder_pouch
        for p in score.payments:
            value += p.chips if p.payee == bidder else -p.chips if p.payer == bidder else 0
        if best is None or value < best:
            best = value
    assert best is not None
    return best


# Kept for readers of the scoring: the defence's duties shape `bidder_value` via score_hand.
_ = (duties, lone_duty)


class StrongV1Player(BasicPlayer):
    """Sampling and double-dummy card play; the basic player's bidding, kitty and defence."""

    level = "strong-v1"

    def __init__(self, seed: int = 0, *, budget: int = NODE_BUDGET, samples: int = MAX_SAMPLES) -> None:
        self.seed = seed
        self.budget = budget
        self.samples = samples
        self.fallbacks = 0
        """Decisions where the first sample's search ran out of nodes (basic card played)."""

    def choose(self, game: Prefa, seat: int) -> Any:
        if game.phase is not Phase.PLAY:
            return super().choose(game, seat)
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this computer player's turn.")
        if len(legal) == 1:
            return legal[0]
        view = game.view(seat)
        card = self.best_card(view, [a.card for a in legal])
        if card is None:
            self.fallbacks += 1
            return super().choose(game, seat)
        return Play(card=card)

    def best_card(self, view: PrefaView, cards: Sequence[Card]) -> Card | None:
        """The card with the best mean value over the samples; None if no sample was solved."""
        me = view.you
        assert me is not None and view.contract is not None and view.bidder is not None
        played = sum(len(t.cards) for t in view.played) + len(view.trick)
        rng = random.Random(f"{view.commitment}|{me}|{played}|{self.seed}")
        legal = mask_of(cards)
        present = legal | mask_of(unseen(view)) | mask_of([c for _, c in view.trick])
        present |= mask_of(view.hand or ())
        candidates = representatives(legal, present)
        if len(candidates) == 1:
            return card_of(candidates[0])
        trump = -1 if view.contract.trump is None else SUITS.index(view.contract.trump)
        playing = list(view.playing)
        step = view.options.step
        order = {}
        for s in playing:
            nxt = (s + step) % 3
            while nxt not in playing:
                nxt = (nxt + step) % 3
            order[s] = nxt
        so_far = view.tricks[view.bidder]
        values = {b: bidder_value(view, b) for b in range(so_far, 11)}
        sign = 1.0 if me == view.bidder else -1.0
        totals = dict.fromkeys(candidates, 0.0)
        used = 0
        samples = deal_samples(view, self.samples, rng)
        mine = mask_of(view.hand or ())
        for solved, deal in enumerate(samples):
            if solved >= MIN_SAMPLES and used >= self.budget:
                break
            hands = [0, 0, 0]
            hands[me] = mine
            for s, held in deal.items():
                hands[s] = mask_of(held)
            position = Position(
                hands=hands,
                trick=[(s, card_id(c)) for s, c in view.trick],
                to_act=me,
                trump=trump,
                bidder=view.bidder,
                order=order,
            )
            limit = SAMPLE_LIMIT if not solved else max(self.budget - used, SAMPLE_LIMIT // 10)
            solver = Solver(position, limit=limit)
            try:
                result = solver.card_values(candidates)
            except OutOfNodes:
                used += solver.nodes
                if solved:
                    break
                return None
            used += solver.nodes
            for cid, tricks in result.items():
                totals[cid] += values[min(10, so_far + tricks)]
        best = max(candidates, key=lambda cid: (sign * totals[cid], -(cid & 7), -cid))
        return card_of(best)
