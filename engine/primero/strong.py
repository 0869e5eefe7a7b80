"""The strong Primero computer player: every move tried on imagined deals and played out.

For each decision it imagines deals of the cards its seat has not seen (`search.imagine`:
every discard lies face up, and a second-round bid tells what its bidder holds), tries each
move worth telling apart on every imagined deal (the same deals for every move), plays the
rest of the hand out with the basic player's judgement in every seat (`search.quick_move`),
and keeps the move that leaves its stack highest on average (its points, in the points
game). The moves tried: stake or pass keeping its cards or with the changes that promise
most; a bid of each type it holds, at its real total, for a small, a middling and a large
bet; all in; fold. Deals are drawn from a seed made of what the seat sees, so the same view
always gives the same move, and their number is counted (`BUDGET` hands played out per
decision), never timed.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.core.cards import Card
from engine.core.msg import Join, Msg, Number
from engine.core.players import Advice
from engine.primero import search
from engine.primero.basic import INDEX, BasicPlayer, best_change, draw_values, opening_values, valuer
from engine.primero.game import (
    DECK,
    AllIn,
    Bid,
    Fold,
    Pass,
    Phase,
    Primero,
    PrimeroView,
    Stake,
    TurnChoices,
    chips_of,
    t,
    tn,
)
from engine.primero.hands import HandType, hand_said

Action = Bid | Stake | Pass | Fold | AllIn

CHANGES = 3
"""Changes of cards tried besides keeping them: those the basic valuation likes best."""
MARGIN = 1.0
"""Stakes by which another move must beat the basic player's on the imagined deals."""


@dataclass(frozen=True)
class Estimate:
    """A move and what the imagined deals say of it."""

    action: Action
    value: float
    """Chips (points, in the points game) it gains from now to the end of the hand, on average."""
    wins: float
    """The share of the imagined deals in which the seat takes the pot."""
    samples: int


class StrongPlayer:
    """Samples the unseen cards, plays each move out (see the module's docstring)."""

    level = "strong"
    BUDGET: ClassVar[dict[Phase, int]] = {Phase.FIRST: 96, Phase.SECOND: 192, Phase.CHOICE: 96}
    """Hands played out per decision, shared among the moves tried."""
    FEWEST, MOST = 8, 48
    """Bounds on the deals imagined per decision."""

    def choose(self, game: Primero, seat: int) -> Action:
        return self.advise(game, seat).action  # type: ignore[no-any-return]

    def advise(self, game: Primero, seat: int) -> Advice:
        choice = game.choices(seat)
        if choice is None:
            raise ValueError("It is not this computer player's turn.")
        view = game.view(seat)
        # The log is read from its English lines (`search.read_log`): only the moves it reads
        # are rendered, once per decision; a deal's line never is.
        events = [
            (
                event.kind,
                event.seat,
                event.text if event.seat is not None and event.kind in search.READ else "",
            )
            for event in game.events
        ]
        seen = search.Seen(view, game.betting(), events)
        usual = BasicPlayer().choose(game, seat)
        candidates = moves(view, choice, seen, usual)
        if len(candidates) == 1:
            only = candidates[0][0]
            return Advice(only, t("It is the only move open to you."))
        estimates = self.estimate(seen, candidates)
        # The basic player's move is the first estimate: another replaces it only when it is
        # better by a clear margin, not by the luck of a few imagined deals.
        anchor = estimates[0]
        best = max(estimates, key=lambda item: item.value)
        if best.value < anchor.value + MARGIN * view.options.stake:
            best = anchor
        return Advice(best.action, reason(best, estimates, view))

    def estimate(self, seen: search.Seen, candidates: Sequence[tuple[Action, search.Move]]) -> list[Estimate]:
        view = seen.view
        seat = view.you
        assert seat is not None
        budget = self.BUDGET.get(view.phase, 96)
        samples = max(self.FEWEST, min(self.MOST, budget // len(candidates)))
        rng = random.Random(view_seed(view, seen))
        now = float(view.stacks[seat]) if view.options.betting else 0.0
        totals = [0.0] * len(candidates)
        wins = [0] * len(candidates)
        for _ in range(samples):
            base = search.imagine(seen, rng)
            judgement = rng.getrandbits(32)
            for index, (_, move) in enumerate(candidates):
                sim = base.copy()
                sim.apply(seat, move)
                sim.finish(random.Random(judgement))
                totals[index] += sim.worth(seat) - now
                wins[index] += sim.winner == seat
        return [
            Estimate(action, totals[i] / samples, wins[i] / samples, samples)
            for i, (action, _) in enumerate(candidates)
        ]


def moves(
    view: PrimeroView, choice: TurnChoices, seen: search.Seen, usual: Action
) -> list[tuple[Action, search.Move]]:
    """The moves worth telling apart, each with its `search.Move`: the basic player's move
    (`usual`) first, then the others in a fixed order."""
    out: list[tuple[Action, search.Move]] = []

    def add(action: Action) -> None:
        discard = tuple(INDEX[card] for card in getattr(action, "discard", ()))
        if isinstance(action, Bid):
            move: search.Move = (search.BID, discard, int(action.type), action.total, action.bet)
        elif isinstance(action, Stake):
            move = (search.STAKE, discard, 0, 0, action.bet)
        elif isinstance(action, Pass):
            move = (search.PASS, discard, 0, 0, 0)
        elif isinstance(action, AllIn):
            move = (search.ALLIN, discard, 0, 0, 0)
        else:
            move = search.FOLDING
        if all(move != seen_move for _, seen_move in out):
            out.append((action, move))

    add(usual)
    if choice.phase is Phase.CHOICE:
        add(Stake())
        add(Fold())
        return out
    changes = promising(view, choice, seen)
    if choice.stake:
        for change in changes:
            add(Stake(discard=change))
        if choice.cover_bet_max:
            for bet in bets(view, choice.cover_bet_max, 1):
                add(Stake(bet=bet))
    if choice.can_pass:
        for change in changes:
            if change:
                add(Pass(discard=change))
    held = view.forms or {}
    for kind, allowed in choice.bids.items():
        real = held.get(kind)
        honest = [total for total in allowed if real is not None and total <= real]
        if not honest:
            continue
        low, high = choice.bet_range
        for bet in bets(view, high, low) if choice.betting else [0]:
            add(Bid(type=kind, total=honest[-1], bet=bet))
    if choice.all_in:
        add(AllIn())
    if choice.fold:
        add(Fold())
    return out


def promising(view: PrimeroView, choice: TurnChoices, seen: search.Seen) -> list[tuple[Card, ...]]:
    """Keeping the cards, then the changes the basic valuation of the hand likes best."""
    hand = sorted(view.hand or ())
    if choice.max_discard == 0:
        return [()]
    if view.phase is Phase.FIRST:
        # Two cards: the basic valuation's best change (points, and a suit in common) is
        # sound, and playing out a whole hand per change is too noisy to do better.
        unseen = [DECK[card] for card in seen.pool]
        change, _ = best_change(opening_values(hand, unseen, choice.max_discard), empty=False)
        return [(), change] if change else [()]
    opponents = sum(1 for s, st in enumerate(view.status) if s != view.you and st != "folded")
    value = valuer(view.bid, view.you or 0, opponents, seen.bid_round == search.FIRST, view.all_in is None)
    unseen = [DECK[card] for card in seen.pool]
    worth = draw_values(hand, unseen, choice.max_discard, value)
    ranked = sorted((cards for cards in worth if cards), key=lambda cards: (-worth[cards], sorted(cards)))
    return [(), *ranked[:CHANGES]]


def bets(view: PrimeroView, most: int, least: int) -> list[int]:
    """A small, a middling and a large bet: one stake, half the pot, the pot."""
    stake = view.options.stake
    pot = view.pot + view.side_pot
    wanted = (stake, max(stake, pot // 2), max(stake, pot))
    return sorted({max(least, min(most, bet)) for bet in wanted})


def view_seed(view: PrimeroView, seen: search.Seen) -> int:
    """A seed made of what the seat sees (its view but the deal's hash, and the public
    bookkeeping of bets), so a decision is the same whenever the seat sees the same."""
    text = repr((view.model_dump(exclude={"commitment", "seed"}), seen.betting.model_dump()))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def say(action: Action) -> Msg:
    """A move in a few words, as the middle of a sentence: "stake, changing 7♠", "bid
    primero 62 at 4 chips"."""
    change: Sequence[Card] = getattr(action, "discard", ())
    if isinstance(action, Bid):
        hand = hand_said(HandType(action.type), action.total)
        said = (
            t("bid {hand} at {chips}", hand=hand, chips=chips_of(action.bet))
            if action.bet
            else t("bid {hand}", hand=hand)
        )
    elif isinstance(action, Stake):
        said = t("stake")
    elif isinstance(action, Pass):
        said = t("pass")
    elif isinstance(action, AllIn):
        said = t("go all in")
    else:
        return t("fold")
    if change:
        said = t("{move}, changing {cards}", move=said, cards=Join(change))
    if isinstance(action, Stake) and action.bet:
        said = t("{move}, then bet {n} naming no hand", move=said, n=action.bet)
    return said


def reason(best: Estimate, estimates: Sequence[Estimate], view: PrimeroView) -> Msg:
    """Why `best`, in a line from the imagined deals. The move itself is named by whoever
    shows the line (a hint names it as its button does)."""
    chips = view.options.betting
    deals = tn(
        "{n} deal imagined from the cards you haven't seen",
        "{n} deals imagined from the cards you haven't seen",
        n=best.samples,
    )
    if isinstance(best.action, Fold):
        others = [e for e in estimates if not isinstance(e.action, Fold)]
        runner = max(others, key=lambda e: e.value)
        back = Number(best.value)
        # Folding never costs more than what is set aside, and brings half of it back.
        args: dict[str, Msg | Number] = {
            "deals": deals,
            "value": back,
            "move": say(runner.action),
            "then": signed(runner.value, chips),
        }
        if chips:
            return t(
                "Over {deals}, folding brings back {value} chips on average and no other move does clearly "
                "better; the best of them, {move}, {then}.",
                **args,
            )
        return t(
            "Over {deals}, folding brings back {value} points on average and no other move does clearly "
            "better; the best of them, {move}, {then}.",
            **args,
        )
    # as `{:.0%}` rounds
    percent = int(f"{best.wins * 100:.0f}")
    return t(
        "It wins the pot in {percent}% of {deals}, {then}.",
        percent=percent,
        deals=deals,
        then=signed(best.value, chips),
    )


def signed(value: float, chips: bool) -> Msg:
    size = Number(abs(value))
    if value >= 0:
        if chips:
            return t("gaining {value} chips on average from here", value=size)
        return t("gaining {value} points on average from here", value=size)
    if chips:
        return t("losing {value} chips on average from here", value=size)
    return t("losing {value} points on average from here", value=size)
