"""Computer players for Holdout.

"basic" is a short list of rules of thumb (docs/RULES.md, Computer players): pass the
cards that will cost most to play, take cheap new ranks, take seconds when they are free
or likely to turn up a new rank, shed cards cheaply while holding the chilo, and fold when
staying costs too much. It sees only `game.view(seat)`, `game.legal_actions(seat)` and
`game.cost(seat, action)`, and always returns one of the legal actions.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.msg import Msg, Number
from engine.core.players import Advice, ComputerPlayer
from engine.holdout import search
from engine.holdout.game import (
    Fold,
    Holdout,
    HoldoutView,
    PassCards,
    Phase,
    PlayCard,
    Seconds,
    line_where,
    t,
)

Action = PassCards | PlayCard | Seconds | Fold

SUITS = 5
"""Copies of each rank in both decks (one per suit)."""
CHEAP_NOVEL = 2
"""A new rank at this distance or less (in stakes) is always worth taking the chilo for."""
FAIR_NOVEL = 4
"""A new rank up to this price is still taken when seconds look poor."""
CHEAP_KNOWN = 3
"""A card on a rank already there is shed at this price or less."""
SAFE_SECONDS = 0.6
"""Seconds are taken when at least this likely to turn up a new rank."""
FAIR_SECONDS = 0.4
"""...or this likely, when the knock-out penalty is at most `CHEAP_NOVEL` stakes."""


def unseen_ranks(view: HoldoutView) -> list[int]:
    """Per rank (index rank - 1), copies this seat has not seen: not in a line, not in its
    hand, and not among the cards it passed that are still out of the lines (those sit in
    its neighbour's hand, or a dead hand; never in the deck)."""
    lines = view.lines
    left = [SUITS - sum(column) for column in zip(*lines, strict=True)]
    for card in view.hand or ():
        left[card.rank - 1] -= 1
    for card in view.passed_cards or ():
        index = card.rank - 1
        for counts, cards in zip(lines, view.line_cards, strict=True):
            if counts[index] and card in cards:
                break
        else:
            left[index] -= 1
    return left


def novel_chance(view: HoldoutView, line: int, unseen: Sequence[int]) -> float:
    """How likely seconds into `line` turn up a new rank, counting unseen cards evenly."""
    total = sum(unseen)
    if total == 0:
        return 0.0
    counts = view.lines[line]
    return sum(unseen[r] for r in range(len(counts)) if not counts[r]) / total


def pass_burden(view: HoldoutView, hand: Sequence[int], rank: int) -> float:
    """How much a card of `rank` is likely to cost to get rid of; the two worst are passed.

    A rank already in every line can only be played as a known rank, at its full value;
    otherwise its value still matters, as a later known play. A second copy in hand is
    worse still: one of them will be a known play.
    """
    known = all(counts[rank - 1] for counts in view.lines)
    burden = float(rank * 2 if known else rank)
    if hand.count(rank) > 1:
        burden += rank / 2
    return burden


class BasicPlayer:
    """Rules of thumb for every seat; deterministic, public information only."""

    level = "basic"

    def choose(self, game: Holdout, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this computer player's turn.")
        if len(legal) == 1:
            return legal[0]
        view = game.view(seat)
        if view.phase is Phase.PASS:
            return self._pass(view, legal)
        return self._play(game, view, seat, legal)

    # ------------------------------------------------------------------ the pass

    def _pass(self, view: HoldoutView, legal: Sequence[Action]) -> Action:
        hand = view.hand or ()
        ranks = [card.rank for card in hand]
        # Highest burden first; among equals the higher rank, then the later card.
        order = sorted(hand, key=lambda card: (pass_burden(view, ranks, card.rank), card.rank, card))
        # Legal passes list each pair once, in the hand's (sorted) order.
        worst = tuple(sorted(order[-2:]))
        for action in legal:
            if isinstance(action, PassCards) and action.cards == worst:
                return action
        raise AssertionError("every pair of hand cards is a legal pass")

    # ------------------------------------------------------------------ the play

    def _play(self, game: Holdout, view: HoldoutView, seat: int, legal: Sequence[Action]) -> Action:
        stake = view.options.stake
        hand = view.hand or ()
        fold = legal[-1]
        assert isinstance(fold, Fold), "legal_actions ends with Fold"

        # An empty hand makes seconds free: a new rank takes the chilo, a known one only
        # knocks us out, which loses the ante exactly as folding would.
        if not hand:
            return best_seconds(view, legal)[0] or fold

        plays = [
            (game.cost(seat, a), a, view.is_new(a.line, a.card.rank))
            for a in legal
            if isinstance(a, PlayCard)
        ]
        # Cheapest first; among equals a new rank (it fills a gap), then the higher card.
        plays.sort(key=lambda item: (item[0], not item[2], -item[1].card.rank))
        cheapest = plays[0][0] if plays else None
        prize = view.pot + sum(view.antes)
        limit = max(FAIR_NOVEL * stake, prize // 2)
        affordable = cheapest is not None and cheapest * 4 <= view.stacks[seat]

        if view.chilo == seat:
            # Holding the chilo, any card keeps it: shed cheap cards, and the last card
            # whatever it costs (that empties the hand with the chilo in front of us). Of
            # two or more, keep back a lone card that is still a new rank somewhere: if
            # the chilo is taken meanwhile, that last card can take it back.
            closers = {a.card for _, a, novel in plays if novel}
            if len(hand) > 1 and len(closers) == 1:
                for price, action, _ in plays:
                    if action.card not in closers and price <= limit:
                        return action
            if cheapest is not None and (len(hand) == 1 or cheapest <= limit):
                return plays[0][1]
            seconds, chance = best_seconds(view, legal)
            if seconds is not None and chance >= FAIR_SECONDS:
                return seconds
            # Still ahead with the chilo: pay on unless it would eat a quarter of the stack.
            return plays[0][1] if affordable else fold

        novel = [item for item in plays if item[2]]
        if novel and novel[0][0] <= CHEAP_NOVEL * stake:
            return novel[0][1]
        seconds, chance = best_seconds(view, legal)
        if seconds is not None and (
            chance >= SAFE_SECONDS or (chance >= FAIR_SECONDS and len(hand) <= CHEAP_NOVEL)
        ):
            return seconds
        if novel and novel[0][0] <= min(FAIR_NOVEL * stake, limit):
            return novel[0][1]
        if cheapest is not None and (cheapest <= CHEAP_KNOWN * stake or (cheapest <= limit and affordable)):
            return plays[0][1]
        return fold


def best_seconds(view: HoldoutView, legal: Sequence[Action]) -> tuple[Seconds | None, float]:
    """The legal seconds most likely to turn up a new rank, and that chance."""
    best: Seconds | None = None
    chance = 0.0
    unseen: list[int] | None = None
    for action in legal:
        if isinstance(action, Seconds):
            if unseen is None:
                unseen = unseen_ranks(view)
            line_chance = novel_chance(view, action.line, unseen)
            if best is None or line_chance > chance:
                best, chance = action, line_chance
    return best, chance


class StrongPlayer:
    """Plays each move by sampling the cards it has not seen (docs/RULES.md, Computer players).

    For every decision it imagines `samples` deals of the hidden cards consistent with its own
    view (`search.imagine`), tries each different move on every one of them (the same deals
    for every move), plays the rest of the hand out with the basic player's judgement in every
    seat, and keeps the move that leaves its stack highest on average. Folding is worth
    exactly nothing more or less, so it is chosen when every other move loses chips on
    average. The number of deals comes from a count (`BUDGET` hands played out per decision),
    never the clock, and they are drawn from a seed made of what the seat sees, so the same
    view always gives the same move."""

    level = "strong"
    BUDGET = 480
    """Hands played out per decision, shared among the moves worth telling apart."""
    FEWEST, MOST = 24, 96
    """Bounds on the deals imagined per decision."""

    def choose(self, game: Holdout, seat: int) -> Action:
        return self.advise(game, seat).action  # type: ignore[no-any-return]

    def advise(self, game: Holdout, seat: int) -> Advice:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this computer player's turn.")
        view = game.view(seat)
        if len(legal) == 1:
            return Advice(legal[0], t("It is the only move open to you."))
        estimates = self.estimate(view, legal)
        best = max(estimates, key=lambda item: item.value)
        return Advice(best.action, reason(best, estimates, view))

    def estimate(self, view: HoldoutView, legal: Sequence[Action]) -> list[Estimate]:
        """Each different legal move with what it is worth on average over the imagined
        deals (chips the seat ends the hand with, from now), legal order kept."""
        seat = view.you
        assert seat is not None
        candidates = distinct(view, legal)
        played = [(action, move) for action, move in candidates if move != search.FOLDING]
        samples = max(self.FEWEST, min(self.MOST, self.BUDGET // max(1, len(played))))
        rng = random.Random(view_seed(view))
        totals = [0.0] * len(candidates)
        wins = [0] * len(candidates)
        now = view.stacks[seat]
        for _ in range(samples):
            base = search.imagine(view, rng)
            for index, (_, move) in enumerate(candidates):
                if move == search.FOLDING:
                    continue  # folding ends the seat's hand where its stack stands
                sim = base.copy()
                if move[0] == search.PASS:
                    sim.play_pass({seat: (move[1], move[2])})
                else:
                    sim.apply(seat, move)
                sim.finish()
                totals[index] += sim.stacks[seat] - now
                wins[index] += sim.winner == seat
        return [
            Estimate(action, totals[i] / samples, wins[i] / samples, samples)
            for i, (action, _) in enumerate(candidates)
        ]


@dataclass(frozen=True)
class Estimate:
    """A move and what the imagined deals say of it."""

    action: Action
    value: float
    """Chips the seat's stack gains (or loses) from now to the end of the hand, on average."""
    wins: float
    """The share of the imagined deals in which the seat takes the pot."""
    samples: int


def distinct(view: HoldoutView, legal: Sequence[Action]) -> list[tuple[Action, search.Move]]:
    """The legal moves that differ in what they do: cards of the same rank into the same line
    play alike (only a rank matters to the rules), as do passes of the same two ranks."""
    out: list[tuple[Action, search.Move]] = []
    seen: set[tuple[int, ...]] = set()
    for action in legal:
        if isinstance(action, PassCards):
            first, second = action.cards
            key: tuple[int, ...] = (search.PASS, first.rank, second.rank)
            move: search.Move = (search.PASS, first.index, second.index)
        elif isinstance(action, PlayCard):
            key = (search.PLAY, action.card.rank, action.line)
            move = (search.PLAY, action.card.index, action.line)
        elif isinstance(action, Seconds):
            key = move = (search.SECONDS, 0, action.line)
        else:
            key = move = search.FOLDING
        if key not in seen:
            seen.add(key)
            out.append((action, move))
    return out


def view_seed(view: HoldoutView) -> int:
    """A seed made of what the seat sees (everything in its view but the deal's hash), so a
    decision is the same whenever the seat sees the same."""
    text = repr(view.model_dump(exclude={"commitment", "seed"}))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def describe(action: Action, lines: int = 1) -> Msg:
    """A move in a few words, from the seat's own side, as the middle of a sentence says it:
    "play 🟢5", "take seconds"."""
    if isinstance(action, PassCards):
        return t("pass {first} and {second}", first=action.cards[0], second=action.cards[1])
    if isinstance(action, PlayCard):
        return t("play {card}{where}", card=action.card, where=line_where(lines, action.line))
    if isinstance(action, Seconds):
        return t("take seconds{where}", where=line_where(lines, action.line))
    return t("fold")


def reason(best: Estimate, estimates: Sequence[Estimate], view: HoldoutView) -> Msg:
    """Why `best`, in a line from the imagined deals: its chance of the pot and its worth.
    The move itself is named by whoever shows the line (a hint names it as its button does)."""
    lines = view.options.lines
    if isinstance(best.action, Fold):
        others = [e for e in estimates if not isinstance(e.action, Fold)]
        runner = max(others, key=lambda e: e.value)
        return t(
            "Every other move loses chips on average over {samples} deals imagined from the cards you "
            "haven't seen; the best, {move}, {worth}.",
            samples=best.samples,
            move=describe(runner.action, lines),
            worth=chip_words(runner.value),
        )
    return t(
        "It takes the pot in {percent}% of {samples} deals imagined from the cards you haven't seen, "
        "and {worth} from here.",
        percent=int(f"{best.wins:.0%}"[:-1]),
        samples=best.samples,
        worth=chip_words(best.value),
    )


def chip_words(value: float) -> Msg:
    """ "wins 2.4 chips on average" / "loses 1.0 chip on average"."""
    amount = Number(abs(value))
    one = round(abs(value), 1) == 1
    if value >= 0:
        return (
            t("wins {amount} chip on average", amount=amount)
            if one
            else t("wins {amount} chips on average", amount=amount)
        )
    return (
        t("loses {amount} chip on average", amount=amount)
        if one
        else t("loses {amount} chips on average", amount=amount)
    )


LEVELS = ("basic", "strong")
"""This game's computer player levels; the first is the default."""


def make_player(level: str) -> ComputerPlayer:
    """The factory `engine.core.players.computer_player` calls for this game."""
    if level == "basic":
        return BasicPlayer()
    if level == "strong":
        return StrongPlayer()
    raise ValueError(f"There is no {level} computer player for Holdout.")
