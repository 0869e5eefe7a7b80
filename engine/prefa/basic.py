"""Prefa's basic computer player, and the estimates the strong one builds on.

It plays rules of thumb around one estimate: how many tricks a hand takes with each
suit as trump or at no trump (sure tricks at the top of each suit, length in trumps). With
it, it bids up to the contract its hand can make and no further (the text: "no reckless
overbidding"), keeps the ten cards that make the best contract, announces the cheapest
contract it may that its hand makes, and plays in or out by its defensive tricks against
its duty. In the play it cashes sure winners, draws trumps as bidder, and as a defender
follows the text's collectivist rule: it never takes a trick from the other defender unless
it must (its only cards beat it) or the text allows it (a King with one guard while the Ace
is out).

It sees only its seat's view and remembers nothing between moves, so it can take over any
seat at any moment; it has no randomness, so a seeded table replays exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from engine.core.cards import PREFA_32, Card
from engine.prefa.game import (
    Alone,
    Bid,
    Declare,
    Discard,
    Good,
    In,
    LetAlone,
    Out,
    Pass,
    Phase,
    Play,
    Prefa,
    PrefaView,
    TakeYou,
    Tentative,
    ThrowIn,
    beats,
)
from engine.prefa.scoring import STRAINS, SUITS, Contract, TenNoTrump, duties, lone_duty, rank, scale

ACE, KING, QUEEN = 14, 13, 12
KITTY_HOPE = 1.5
"""Tricks the bidding adds to its estimate for the kitty (and the estimate's caution):
tuned so that computer bidders make about six contracts in seven and about a fifth of
deals are thrown in."""
TENTATIVE_FROM = 5.0
"""Say "I'll take it" with a hand this close to (6) spades (when the table plays it)."""
THROW_IN_BELOW = -1.5
"""A tentative taker throws in when its best contract is this many tricks short."""


# ------------------------------------------------------------------------ estimates


def _by_suit(cards: Sequence[Card]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {suit: [] for suit in SUITS}
    for card in cards:
        out[card.suit].append(card.rank)
    for ranks in out.values():
        ranks.sort(reverse=True)
    return out


def _top_run(ranks: Sequence[int]) -> int:
    """How many cards from the Ace down the suit holds without a gap (sure tricks)."""
    run = 0
    for want, have in zip(range(ACE, 6, -1), ranks, strict=False):
        if want != have:
            break
        run += 1
    return run


def tricks_with(cards: Sequence[Card], strain: str) -> float:
    """Tricks `cards` should take as the bidder with `strain` trump (or no trump)."""
    suits = _by_suit(cards)
    total = 0.0
    for suit, ranks in suits.items():
        n = len(ranks)
        if not n:
            if strain == "no_trump":
                total -= 0.5  # a suit the defence can run
            elif len(suits[strain]) >= 4:
                total += 0.5  # a void to ruff in
            continue
        if suit == strain:
            missing = sum(1 for top in (ACE, KING, QUEEN)[: min(n, 3)] if top not in ranks)
            total += max(0.0, n - missing - (0.5 if n <= 4 else 0.0))
            continue
        run = _top_run(ranks)
        if strain == "no_trump":
            # The rest of a long suit runs once the top cards have drawn the others' cards.
            total += n if run >= min(3, 8 - n) else run
            if run == 0 and ranks[0] == KING and n >= 2:
                total += 0.5
            elif run == 0 and n <= 2:
                total -= 0.5  # no stopper
        else:
            total += min(run, 2)
            if run == 0 and ranks[0] == KING and n >= 2:
                total += 0.6
            elif run == 1 and n >= 3 and ranks[1] == QUEEN:
                total += 0.4
    return total


def best_contract(cards: Sequence[Card], floor: int, ten_no_trump: TenNoTrump) -> tuple[Contract, float]:
    """The cheapest contract at least `floor` on the scale for each strain, and the one the
    hand makes with the most room: (contract, estimated tricks minus its tricks)."""
    ladder = scale(ten_no_trump)
    best: tuple[Contract, float] | None = None
    for strain in STRAINS:
        estimate = tricks_with(cards, strain)
        for contract in ladder[floor:]:
            if contract.strain == strain:
                margin = estimate - contract.tricks
                if best is None or margin > best[1]:
                    best = (contract, margin)
                break
    assert best is not None
    return best


def bid_limit(cards: Sequence[Card], ten_no_trump: TenNoTrump) -> int:
    """The highest place on the scale this hand would bid to (-1: none)."""
    ladder = scale(ten_no_trump)
    limit = -1
    for strain in STRAINS:
        tricks = int(tricks_with(cards, strain) + KITTY_HOPE)
        if tricks >= 6:
            place = rank(Contract(tricks=min(tricks, 10), strain=strain), "A")
            limit = max(limit, min(place, len(ladder) - 1))
    return limit


def defensive_tricks(cards: Sequence[Card], trump: str | None) -> float:
    """Tricks `cards` should take against a bidder with `trump`."""
    suits = _by_suit(cards)
    total = 0.0
    for suit, ranks in suits.items():
        n = len(ranks)
        if not n:
            continue
        if suit == trump:
            total += (ACE in ranks) + 0.7 * (KING in ranks and n >= 2) + 0.4 * (QUEEN in ranks and n >= 3)
            total += 0.5 * max(0, n - 3)
            continue
        total += 0.9 * (ACE in ranks) + 0.5 * (KING in ranks and n >= 2 and n <= 5)
        if trump is None and QUEEN in ranks and n >= 3:
            total += 0.3
    return total


# ------------------------------------------------------------------------ the play


def _unseen(view: PrefaView) -> set[Card]:
    """Cards that may still be played by someone else."""
    gone = set(view.hand or ())
    for trick in view.played:
        gone.update(trick.cards)
    gone.update(card for _, card in view.trick)
    gone.update(view.discards or ())
    return set(PREFA_32.cards()) - gone


def _master(card: Card, unseen: set[Card]) -> bool:
    """No card anyone else may still hold beats `card` in its suit."""
    return not any(other.suit == card.suit and other.rank > card.rank for other in unseen)


def _low(cards: Sequence[Card], trump: str | None) -> Card:
    """The cheapest card: a non-trump before a trump, the lowest rank first."""
    return min(cards, key=lambda c: (c.suit == trump, c.rank, c.index))


def _longest_side_suit(hand: Sequence[Card], trump: str | None) -> list[Card]:
    suits = _by_suit([c for c in hand if c.suit != trump])
    suit = max(SUITS, key=lambda s: (len(suits[s]), -SUITS.index(s)))
    return [c for c in hand if c.suit == suit]


class BasicPlayer:
    """Rules of thumb for every seat; deterministic, public information only."""

    level = "basic"

    def choose(self, game: Prefa, seat: int) -> Any:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this computer player's turn.")
        view = game.view(seat)
        phase = view.phase
        if phase is Phase.BIDDING:
            return self._bid(view, legal)
        if phase is Phase.KITTY:
            return self._discard(view, legal)
        if phase is Phase.CONTRACT:
            return self._declare(view, legal)
        if phase is Phase.DEFENCE:
            return self._defend(view, seat, legal)
        return self._play(view, seat, legal)

    # ---- bidding and the contract

    @staticmethod
    def _bid(view: PrefaView, legal: list[Any]) -> Any:
        hand = view.hand or ()
        limit = bid_limit(hand, view.options.ten_no_trump)
        ladder = scale(view.options.ten_no_trump)
        for action in legal:
            if isinstance(action, Good) and ladder.index(action.contract) <= limit:
                return action
        for action in legal:
            if isinstance(action, Bid) and ladder.index(action.contract) <= limit:
                return action
        if any(isinstance(a, Tentative) for a in legal):
            best = max(tricks_with(hand, strain) for strain in STRAINS)
            if best + KITTY_HOPE >= TENTATIVE_FROM:
                return Tentative()
        return Pass()

    @staticmethod
    def _floor(view: PrefaView) -> int:
        return 0 if view.bid is None else scale(view.options.ten_no_trump).index(view.bid)

    def _discard(self, view: PrefaView, legal: list[Any]) -> Any:
        hand = list(view.hand or ())
        floor = self._floor(view)
        best: tuple[float, int, Discard] | None = None
        for pair in combinations(sorted(hand), 2):
            kept = [c for c in hand if c not in pair]
            _, margin = best_contract(kept, floor, view.options.ten_no_trump)
            key = (margin, -sum(c.rank for c in pair))
            if best is None or key > best[:2]:
                best = (key[0], key[1], Discard(cards=(pair[0], pair[1])))
        assert best is not None
        return best[2]

    def _declare(self, view: PrefaView, legal: list[Any]) -> Any:
        hand = view.hand or ()
        contract, margin = best_contract(hand, self._floor(view), view.options.ten_no_trump)
        if margin < THROW_IN_BELOW and ThrowIn() in legal:
            return ThrowIn()
        aces = margin >= 0 and Declare(contract=contract, aces=True) in legal
        return Declare(contract=contract, aces=aces)

    # ---- the defence

    @staticmethod
    def _defend(view: PrefaView, seat: int, legal: list[Any]) -> Any:
        contract = view.contract
        assert contract is not None and view.bidder is not None
        hand = view.hand or ()
        mine = defensive_tricks(hand, contract.trump)
        tricks = contract.tricks
        if view.options.tens_as_nines and tricks == 10:
            tricks = 9
        first = seat == (view.bidder + view.options.step) % 3
        duty = duties(tricks)[0 if first else 1]
        alone = lone_duty(tricks)
        kinds = {a.kind for a in legal}
        if kinds == {"in", "out"}:
            return In() if mine >= max(0.5, duty - 0.8) else Out()
        if kinds == {"alone", "take_you"}:
            return Alone() if mine >= alone else TakeYou()
        if "let_alone" in kinds:
            return LetAlone()
        return Alone() if mine >= alone + 0.2 else Out()

    # ---- the play

    def _play(self, view: PrefaView, seat: int, legal: list[Any]) -> Any:
        cards = [a.card for a in legal]
        if len(cards) == 1:
            return legal[0]
        contract = view.contract
        assert contract is not None
        trump = contract.trump
        unseen = _unseen(view)
        if not view.trick:
            card = self._lead(view, seat, cards, trump, unseen)
        else:
            card = self._follow(view, seat, cards, trump, unseen)
        return Play(card=card)

    @staticmethod
    def _lead(view: PrefaView, seat: int, cards: list[Card], trump: str | None, unseen: set[Card]) -> Card:
        bidder = seat == view.bidder
        if bidder and trump is not None:
            out_trumps = [c for c in unseen if c.suit == trump]
            mine = [c for c in cards if c.suit == trump]
            if out_trumps and mine:
                top = max(mine, key=lambda c: c.rank)
                if _master(top, unseen):
                    return top
        masters = [c for c in cards if c.suit != trump and _master(c, unseen)]
        if masters:
            return max(masters, key=lambda c: (c.rank, c.index))
        side = _longest_side_suit(cards, trump)
        if side:
            return _low(side, trump)
        return _low(cards, trump)

    @staticmethod
    def _follow(view: PrefaView, seat: int, cards: list[Card], trump: str | None, unseen: set[Card]) -> Card:
        seats = [s for s, _ in view.trick]
        played = [c for _, c in view.trick]
        win = 0
        for i in range(1, len(played)):
            if beats(played[i], played[win], trump):
                win = i
        best_seat, best = seats[win], played[win]
        last = len(played) + 1 == len(view.playing)
        winners = [c for c in cards if beats(c, best, trump)]
        losers = [c for c in cards if not beats(c, best, trump)]
        bidder = view.bidder
        if seat == bidder:
            if winners and (last or any(_master(c, unseen) for c in winners)):
                sure = winners if last else [c for c in winners if _master(c, unseen)]
                return _low(sure, trump)
            return _low(losers or cards, trump)
        if best_seat != bidder:
            # The other defender is winning: don't take the trick from them (the text's
            # collectivist rule), unless every card we hold beats it, or to save a King
            # with one guard while the Ace is out (Leivaditis's second exception).
            bidder_played = bidder in seats
            if bidder_played or _master(best, unseen) or last:
                suit = [c for c in cards if c.suit == best.suit]
                king = next((c for c in suit if c.rank == KING), None)
                ace_out = any(c.suit == best.suit and c.rank == ACE for c in unseen)
                if king is not None and len(suit) == 2 and ace_out and beats(king, best, trump):
                    return king
                return _low(losers or cards, trump)
        if winners:
            if last:
                return _low(winners, trump)
            sure = [c for c in winners if _master(c, unseen)]
            if sure:
                return _low(sure, trump)
        return _low(losers or cards, trump)
