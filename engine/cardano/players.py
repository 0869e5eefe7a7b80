"""Computer players for Cardano's Milanese Primero.

"basic" judges its hand by its best kind and total and by the cards it can still hope for
(what it has not seen: neither in its hand nor among the face-up discards and hands). It
invites and pays with two good cards of a suit, keeps the cards that make its best point or
its best primero draw, closes any four-card combination, opens the vie with a strong point
and follows or folds by the same measure, and always challenges when a duel is offered. It
remembers nothing between moves and never draws a random number: it always picks one of
`game.legal_actions(seat)`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cardano.game import (
    DECK,
    AllIn,
    Bid,
    Cardano,
    CardanoMove,
    Change,
    Close,
    Concede,
    Double,
    Duel,
    Fold,
    Follow,
    Invite,
    Pass,
    Pay,
    Raise,
    Vie,
)
from engine.cardano.hands import FIFTY_FIVE, FLUSH, POINT, PRIMERO, all_forms, floor_kind, strength
from engine.core.cards import Card
from engine.primero.hands import points

LEVELS = ("basic",)

VIE_AT = 45
"""Open the vie with a point of at least this much (or anything better than a point)."""
FOLLOW_AT = 40
"""Follow a bet with a point of at least this much."""


def unseen(game: Cardano, seat: int) -> list[Card]:
    """Cards `seat` has not seen: not in its hand, not discarded, not laid face up."""
    view = game.view(seat)
    seen = set(view.hand or ())
    for pile in view.discards:
        seen.update(pile)
    for hand in view.face_up:
        seen.update(hand or ())
    return [card for card in DECK if card not in seen]


def keep_value(kept: Sequence[Card], hidden: Sequence[Card]) -> float:
    """How promising the kept cards are: their best point, helped by how many unseen cards
    share its suit, or a primero draw's per-suit best cards."""
    by_suit: dict[str, list[int]] = {}
    for card in kept:
        by_suit.setdefault(card.suit, []).append(points(card))
    best_point = 0.0
    for suit, values in by_suit.items():
        outs = sum(1 for card in hidden if card.suit == suit)
        best_point = max(best_point, sum(sorted(values)[-3:]) + 0.4 * outs * (len(values) >= 2))
    top_per_suit = sum(max(values) for values in by_suit.values())
    primero = top_per_suit + 6 * len(by_suit) if len(by_suit) >= 3 else 0
    return max(best_point, primero)


def rating(cards: Sequence[Card]) -> tuple[int, int]:
    """(kind, total) of the best hand, (0, 0) for nothing."""
    tier, _, total = strength(cards)
    return tier, total


class BasicPlayer:
    level = "basic"

    def choose(self, game: Cardano, seat: int) -> CardanoMove:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this seat's turn.")
        view = game.view(seat)
        hand = list(view.hand or ())
        tier, total = rating(hand)
        point_like = tier == 2 * int(POINT)
        strong = tier > 2 * int(POINT) or (point_like and total >= VIE_AT)
        fair = tier > 2 * int(POINT) or (point_like and total >= FOLLOW_AT)

        def first(kind: type[CardanoMove]) -> CardanoMove | None:
            return next((a for a in legal if isinstance(a, kind)), None)

        closes = [a for a in legal if isinstance(a, Close)]
        if closes:
            return max(closes, key=lambda a: a.type)
        duels = [a for a in legal if isinstance(a, Duel)]
        if duels:
            return max(duels, key=lambda a: keep_value([c for c in hand if c not in a.discard], []))
        changes = [a for a in legal if isinstance(a, Change)]
        vies = [a for a in legal if isinstance(a, Vie)]
        if vies and strong:
            least = floor_kind(hand)
            return next(a for a in vies if a.type == least)
        if changes:
            hidden = unseen(game, seat)
            return max(
                changes,
                key=lambda a: (keep_value([c for c in hand if c not in a.discard], hidden), -len(a.discard)),
            )
        # The invitation: two cards of a suit worth 30 or more are worth a counter.
        if view.phase.value == "invitation":
            good = len({c.suit for c in hand}) == 1 and sum(points(c) for c in hand) >= 30
            for kind in (Invite, Pay) if good else ():
                move = first(kind)
                if move is not None:
                    return move
            double = first(Double)
            if good and double is not None and sum(points(c) for c in hand) >= 37:
                return double
            return first(Pass) or legal[0]
        # Betting: bid or raise a little with a strong hand, follow a fair one, else fold.
        held = all_forms(hand)
        restrained = bool(held) and max(held) in (FIFTY_FIVE,)
        if strong and not restrained and tier >= 2 * int(PRIMERO):
            bets = [a for a in legal if isinstance(a, Bid | Raise) and a.amount == 1]
            if bets and view.level < 20 * view.options.counter:
                least = floor_kind(hand)
                return next((a for a in bets if a.type == least), bets[0])
        if fair or tier >= 2 * int(FLUSH):
            for stay in (Pass, Follow, AllIn):
                found = first(stay)
                if found is not None:
                    return found
        return first(Pass) or first(Concede) or first(Fold) or legal[0]


def make_player(level: str) -> BasicPlayer:
    if level not in LEVELS:
        raise ValueError(f"No {level} computer player for Cardano's Primero.")
    return BasicPlayer()
