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

import random
import zlib
from collections.abc import Iterable, Sequence
from itertools import combinations

from engine.cardano.game import (
    DECK,
    DUEL_CASES,
    AllIn,
    Bid,
    Cardano,
    CardanoMove,
    CardanoView,
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
    Phase,
    Raise,
    Vie,
)
from engine.cardano.hands import (
    FIFTY_FIVE,
    FLUSH,
    POINT,
    PRIMERO,
    Key,
    all_forms,
    holds,
    strength,
    t,
)
from engine.core.cards import Card
from engine.core.msg import Msg
from engine.core.players import Advice
from engine.primero.hands import points

LEVELS = ("basic", "strong")

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
            return min(vies, key=lambda a: a.type)  # the least kind it may declare
        good = len({c.suit for c in hand}) == 1 and sum(points(c) for c in hand) >= 30
        if view.phase is Phase.DISCARD and good and Pay() in legal:
            return Pay()  # keep both good cards by paying the whole invitation (decision 12)
        if changes:
            hidden = unseen(game, seat)
            return max(
                changes,
                key=lambda a: (keep_value([c for c in hand if c not in a.discard], hidden), -len(a.discard)),
            )
        # The invitation: two cards of a suit worth 30 or more are worth a counter.
        if view.phase.value == "invitation":
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
                return min(bets, key=lambda a: a.type)  # the least kind it may declare
        if fair or tier >= 2 * int(FLUSH):
            # The first follow or all in listed states the kind held: it declares honestly.
            for stay in (Pass, Follow, AllIn):
                found = first(stay)
                if found is not None:
                    return found
        return first(Pass) or first(Concede) or first(Fold) or legal[0]


Ranked = tuple[Key, int]
"""A hand's key and its tie-break (-distance from the dealer's right): bigger wins."""


def _state_seed(view: CardanoView, seat: int) -> int:
    """A seed that depends only on what `seat` sees, so a decision is deterministic."""
    text = repr(
        (seat, view.phase.value, view.hand, view.discards, view.face_up, view.paid, view.level, view.declared)
    )
    return zlib.crc32(text.encode())


def _best_keep(cards: Sequence[Card], size: int = 3) -> list[Card]:
    """The `size` cards a player would keep before drawing (the basic measure)."""
    if len(cards) <= size:
        return list(cards)
    none: list[Card] = []

    def value(kept: Iterable[Card]) -> float:
        return keep_value(list(kept), none)

    return list(max(combinations(sorted(cards), size), key=value))


class StrongPlayer:
    """Expected value from the unseen cards.

    Every decision deals the cards `seat` has not seen (`unseen`) at random many times
    (`SAMPLES`, seeded from the state it sees, so the same state gives the same move): the
    opponents still in get hands of their size — consistent with what they declared — and,
    while a change is still to come, everyone keeps three and draws two. The share of deals
    its hand wins is its chance; each move is then priced in chips: the discard that wins
    most often, pay or invite when the chance times the pot it expects beats the cost,
    follow when the chance beats the pot odds, bid or raise when it is the favourite, open
    the vie when it is the favourite (the vie's cost, matched by everyone, is then worth
    more than it costs), and take the duel case and discard with the best share plus
    chance times the stake."""

    level = "strong"
    SAMPLES = 48

    def choose(self, game: Cardano, seat: int) -> CardanoMove:
        action: CardanoMove = self.advise(game, seat).action
        return action

    def advise(self, game: Cardano, seat: int) -> Advice:
        """The move `choose` plays, with why: the chance its sampled deals gave the hand and
        the price it set on each move (public information only, like the move)."""
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this seat's turn.")
        if len(legal) == 1:
            return Advice(legal[0], t("It is the only move open to you."))
        view = game.view(seat)
        closes = [a for a in legal if isinstance(a, Close)]
        if closes:  # a real four-card combination takes the pot unless beaten; closing is free
            return Advice(
                max(closes, key=lambda a: a.type),
                t(
                    "A four-card combination takes the pot unless someone beats it, and closing costs "
                    "nothing."
                ),
            )
        if any(isinstance(a, Concede) for a in legal) and view.phase is Phase.CLOSING:
            return Advice(
                next(a for a in legal if isinstance(a, Concede)),
                t("You hold no four-card combination to close with, so the closers contend without you."),
            )
        rng = random.Random(_state_seed(view, seat))
        hidden = unseen(game, seat)
        if view.phase is Phase.DUEL:
            return self._duel(view, seat, legal, hidden, rng)
        live = [i for i in range(len(view.seats)) if not view.folded[i] and i != seat]
        hand = list(view.hand or ())
        to_come = view.phase in (Phase.INVITATION, Phase.DISCARD, Phase.CHANGES, Phase.VIE, Phase.LAST_CHANGE)
        # A change is still to come while the deck can give everyone still in two cards.
        drawing = to_come and view.deck_left >= 2 * (len(live) + 1)
        deals = self._deals(view, seat, live, hidden, rng, drawing)
        changes = [a for a in legal if isinstance(a, Change)]
        if view.phase is Phase.INVITATION:
            return self._invitation(view, seat, legal, hand, deals, len(live))
        if changes:
            scored = [
                (self._chance(view, seat, [c for c in hand if c not in a.discard], deals, True), a)
                for a in changes
            ]
            best_chance, best = max(scored, key=lambda pair: (pair[0], -len(pair[1].discard)))
            vies = [a for a in legal if isinstance(a, Vie)]
            vie = min(vies, key=lambda a: a.type) if vies else None
            # The vie: everyone still in pays it or folds; worth it when the favourite.
            if vie is not None and best_chance * (len(live) + 1) > 1.0:
                return Advice(
                    vie,
                    t(
                        "After your best change your hand wins {chance}, more than the {fair} fair share of "
                        "{n} players still in: the vie, which they must all pay or fold, is worth opening.",
                        chance=_share(best_chance),
                        fair=_share(1 / (len(live) + 1), sampled=False),
                        n=len(live) + 1,
                    ),
                )
            if Pay() in legal:
                # Decision 12: pay the whole invitation now to keep both cards when that is
                # worth more than the best discard.
                both = self._chance(view, seat, hand, deals, True)
                cost = view.invitation - view.paid[seat]
                expected = view.pot + view.options.vie_chips * (len(live) + 1)
                if both * (expected + cost) - cost > best_chance * expected:
                    return Advice(
                        Pay(),
                        t(
                            "Keeping both cards, your hand wins {chance}: paying {cost} to keep them is "
                            "worth more than your best discard (which wins {other}).",
                            chance=_share(both),
                            cost=cost,
                            other=_share(best_chance, sampled=False),
                        ),
                    )
            return Advice(
                best,
                t(
                    "Of the changes open to you, this one leaves the hand that wins most often: {chance}.",
                    chance=_share(best_chance),
                ),
            )
        chance = self._chance(view, seat, _best_keep(hand) if drawing else hand, deals, drawing)
        return self._bet(view, seat, legal, hand, chance, len(live))

    # ------------------------------------------------------------------- sampling

    def _deals(
        self,
        view: CardanoView,
        seat: int,
        live: list[int],
        hidden: list[Card],
        rng: random.Random,
        drawing: bool,
    ) -> list[tuple[list[Card], Ranked]]:
        """Per sample: the two cards `seat` would draw and the best opponent's ranked hand."""
        out: list[tuple[list[Card], Ranked]] = []
        p81 = view.options.primero_81
        budget = 3 * self.SAMPLES
        for _ in range(self.SAMPLES):
            pool = hidden[:]
            rng.shuffle(pool)
            mine, pool = pool[:2], pool[2:]
            best: Ranked = ((-1, 0, 0), -99)
            for opp in live:
                size = view.hand_sizes[opp]
                cards = pool[:size]
                declared = view.declared[opp]
                # Deal them a hand that holds what they declared, within a budget of redeals
                # per decision (a rare kind would otherwise cost hundreds of misses).
                while declared is not None and budget > 0 and not holds(cards, declared):
                    budget -= 1
                    rng.shuffle(pool)
                    cards = pool[:size]
                pool = pool[size:]
                if drawing:
                    cards = _best_keep(cards) + pool[:2]
                    pool = pool[2:]
                ranked = (strength(cards, opp == view.privileged, p81), -_distance(view, opp))
                best = max(best, ranked)
            out.append((mine, best))
        return out

    def _chance(
        self,
        view: CardanoView,
        seat: int,
        kept: list[Card],
        deals: list[tuple[list[Card], Ranked]],
        draw: bool,
    ) -> float:
        p81 = view.options.primero_81
        privileged = seat == view.privileged
        tie = -_distance(view, seat)
        if not draw:
            mine = (strength(kept, privileged, p81), tie)
            return sum(mine > best for _, best in deals) / len(deals)
        wins = sum((strength(kept + drawn, privileged, p81), tie) > best for drawn, best in deals)
        return wins / len(deals)

    # ------------------------------------------------------------------ decisions

    def _invitation(
        self,
        view: CardanoView,
        seat: int,
        legal: list[CardanoMove],
        hand: list[Card],
        deals: list[tuple[list[Card], Ranked]],
        others: int,
    ) -> Advice:
        both = self._chance(view, seat, hand, deals, True)
        one = max(self._chance(view, seat, [card], deals, True) for card in hand)
        fair = 1.0 / (others + 1)
        # The pot it expects: what is in now plus a vie from everyone still in.
        expected = view.pot + view.options.vie_chips * (others + 1)
        moves = _first_of_each(legal)
        said: dict[str, Msg | int] = {
            "chance": _share(both),
            "fair": _share(fair, sampled=False),
            "n": others + 1,
        }
        if view.invitation == 0:
            if both > 1.5 * fair and Invite(counters=2) in legal:
                return Advice(
                    Invite(counters=2),
                    t(
                        "Your two cards win {chance}, well over the {fair} fair share of {n} players: invite "
                        "two counters.",
                        **said,
                    ),
                )
            if both > fair and "invite" in moves:
                return Advice(
                    Invite(counters=1),
                    t(
                        "Your two cards win {chance}, over the {fair} fair share of {n} players: invite one "
                        "counter.",
                        **said,
                    ),
                )
            return Advice(
                moves.get("pass", legal[0]),
                t(
                    "Your two cards win {chance}, no more than the {fair} fair share of {n} players: pass.",
                    **said,
                ),
            )
        cost = view.invitation - view.paid[seat]
        # Paying keeps both cards; passing keeps the better one (and costs nothing now).
        pay = both * (expected + cost) - cost
        double = both * (expected + 2 * cost) - 2 * cost
        keep_one = one * expected
        if "double" in moves and double > pay and double > keep_one and both > 1.5 * fair:
            return Advice(
                moves["double"],
                t(
                    "Your two cards win {chance}, well over the {fair} fair share of {n} players: doubling "
                    "the invitation is worth its price.",
                    **said,
                ),
            )
        if "pay" in moves and pay > keep_one:
            return Advice(
                moves["pay"],
                t(
                    "Your two cards win {chance}: paying {cost} to keep both is worth more than passing "
                    "with your better card alone (which wins {other}).",
                    chance=_share(both),
                    cost=cost,
                    other=_share(one, sampled=False),
                ),
            )
        return Advice(
            moves.get("pass", legal[0]),
            t(
                "Your better card alone wins {chance}: passing with it is worth more than paying {cost} "
                "to keep both (which win {other}).",
                chance=_share(one),
                cost=cost,
                other=_share(both, sampled=False),
            ),
        )

    def _bet(
        self,
        view: CardanoView,
        seat: int,
        legal: list[CardanoMove],
        hand: list[Card],
        chance: float,
        others: int,
    ) -> Advice:
        moves = _first_of_each(legal)  # a follow or all in listed first states the kind held
        owe = view.owe or 0
        kinds = [a.type for a in legal if isinstance(a, Raise | Bid)]
        bets = [a for a in legal if isinstance(a, Raise | Bid) and a.type == min(kinds, default=None)]
        room = max((a.amount for a in bets), default=0)
        favourite = chance > max(0.55, 1.5 / (others + 1))
        wins = _share(chance)
        if bets and favourite and room >= 1:
            # Bet about half the pot: callers pay more than their chance is worth.
            amount = max(1, min(room, (view.pot + owe) // 2))
            bet = bets[0]
            return Advice(
                bet.model_copy(update={"amount": amount}),
                t(
                    "Your hand wins {chance}: the favourite, so it bets about half the pot, more than a "
                    "caller's chance is worth.",
                    chance=wins,
                ),
            )
        if "pass" in moves:
            return Advice(
                moves["pass"],
                t("Your hand wins {chance}: no room to bet, so pass.", chance=wins)
                if favourite
                else t("Your hand wins {chance}: not the favourite, so pass.", chance=wins),
            )
        pot = view.pot + owe
        if "follow" in moves:
            # Pot odds: follow when the chance of winning beats the price of staying.
            if owe == 0:
                return Advice(
                    moves["follow"], t("Your hand wins {chance}, and following costs nothing.", chance=wins)
                )
            if chance * (view.pot + owe) > owe:
                return Advice(
                    moves["follow"],
                    t(
                        "Your hand wins {chance}: worth more than the {owe} it costs to follow for a pot of "
                        "{pot}.",
                        chance=wins,
                        owe=owe,
                        pot=pot,
                    ),
                )
        elif "all_in" in moves:
            stake = view.stacks[seat]
            if chance * (view.pot + stake) > stake:
                return Advice(
                    moves["all_in"],
                    t(
                        "Your hand wins {chance}: worth more than your last {stake} chips for a pot of "
                        "{pot}.",
                        chance=wins,
                        stake=stake,
                        pot=view.pot + stake,
                    ),
                )
        return Advice(
            moves.get("fold", legal[0]),
            t(
                "Your hand wins {chance}: not worth what staying in costs for a pot of {pot}.",
                chance=wins,
                pot=pot,
            ),
        )

    def _duel(
        self, view: CardanoView, seat: int, legal: list[CardanoMove], hidden: list[Card], rng: random.Random
    ) -> Advice:
        duel = view.duel
        assert duel is not None
        their = view.face_up[duel.dominant] or ()
        p81 = view.options.primero_81
        target = (strength(their, duel.dominant == view.privileged, p81), -_distance(view, duel.dominant))
        hand = list(view.hand or ())
        privileged = seat == view.privileged
        tie = -_distance(view, seat)
        draws = [rng.sample(hidden, 2) for _ in range(self.SAMPLES * 2)] if len(hidden) >= 2 else [hidden]
        best: tuple[float, CardanoMove] = (0.0, next(a for a in legal if isinstance(a, Concede)))
        chance = 0.0
        for action in legal:
            if not isinstance(action, Duel):
                continue
            _, count, mine, theirs = DUEL_CASES[action.case]
            kept = [c for c in hand if c not in action.discard]
            wins = sum((strength(kept + drawn[:count], privileged, p81), tie) > target for drawn in draws)
            # In fractions of the pot: my share now plus my chance of the stake.
            value = float(mine) + wins / len(draws) * float(1 - mine - theirs)
            if value > best[0]:
                best = (value, action)
                chance = wins / len(draws)
        value, action = best
        if not isinstance(action, Duel):
            return Advice(action, t("No case of the duel is worth more to you than letting it go."))
        return Advice(
            action,
            t(
                "Your draw beats the winner's hand in {chance}% of {n} sampled draws: with your share this "
                "case is worth {value}% of the pot, the best of the cases open.",
                chance=_percent(chance),
                n=len(draws),
                value=_percent(value),
            ),
        )


def _percent(chance: float) -> int:
    """A chance in whole per cent, rounded as `{:.0%}` rounds."""
    return int(f"{chance * 100:.0f}")


def _share(chance: float, *, sampled: bool = True) -> Msg:
    """A chance in words: "41% of 48 deals sampled ..." (a fair share: "25%")."""
    if not sampled:
        return t("{percent}%", percent=_percent(chance))
    return t(
        "{percent}% of {n} deals sampled from the cards you haven't seen",
        percent=_percent(chance),
        n=StrongPlayer.SAMPLES,
    )


def _first_of_each(legal: Sequence[CardanoMove]) -> dict[str, CardanoMove]:
    """The first legal move of each kind."""
    moves: dict[str, CardanoMove] = {}
    for action in legal:
        moves.setdefault(action.kind, action)
    return moves


def _distance(view: CardanoView, seat: int) -> int:
    """0 for the dealer's right, growing to the right (nearer wins ties)."""
    return (view.dealer - seat - 1) % len(view.seats)


def make_player(level: str) -> BasicPlayer | StrongPlayer:
    if level not in LEVELS:
        raise ValueError(f"No {level} computer player for Cardano's Primero.")
    return StrongPlayer() if level == "strong" else BasicPlayer()
