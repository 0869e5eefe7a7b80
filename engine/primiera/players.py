"""Computer players for Primiera: "basic" (below) and "strong" (`StrongPlayer`, sampling and search).

"basic" weighs each legal play by what it scores: every card taken counts towards the
cards point, coins more, the seven of coins most, sevens, sixes and aces for the Primiera,
and a sweep a full point; a card left on the table is a card the others may take. It then
subtracts the risk of leaving an easy sweep: a table whose cards add up to 10 or less that
the next player, an opponent, could take whole with a card still unseen.

It sees only what its seat sees (`game.view(seat)` and `game.legal_actions(seat)`), keeps
no memory between moves and breaks ties by the order of the legal moves, so it is
deterministic. When it plays the robot's face-up cards for its partner it reasons the same way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.cards import Card
from engine.core.msg import Domain, Msg, Number
from engine.core.players import Advice, ComputerPlayer
from engine.primiera.game import REDEAL, Lay, Phase, Play, Primiera, PrimieraView
from engine.primiera.scoring import CODE, COINS, HERALDS, SEVEN_OF_COINS, capture_options
from engine.primiera.search import STATS, _Sim, sample_hidden, seed_of, utilities

Action = Lay | Play

CARD_WEIGHT = 1.0
"""Each card taken, towards the cards point (21 of 40 wins it)."""
COIN_WEIGHT = 1.5
"""A coin, towards the coins point (6 of 10 wins it)."""
SEVEN_OF_COINS_WEIGHT = 8.0
"""The seven of coins is a point by itself, and a Primiera seven besides."""
PRIMIERA_WEIGHT = (1.5, 0.0, 0.0, 0.2, 0.5, 2.0, 3.0, 0.0, 0.0, 0.0)
"""Extra worth by rank index (ace, 2..7, figures) for the Primiera: sevens and sixes most."""
SWEEP = 10.0
"""A sweep is a whole point, about as much as the seven of coins."""
LEAVE_SWEEP = 8.0
"""What leaving an opponent a likely sweep costs."""
LEAVE_SHARE = 0.6
"""A card left on the table is this share of its worth given away."""
HERALD_KEEP = 0.5
"""At the lay, a Herald kept in hand can still set the teams: a little worth keeping."""

t = Domain("primiera")


def worth(code: int) -> float:
    """What taking card `code` is worth to a side."""
    total = CARD_WEIGHT + PRIMIERA_WEIGHT[code % 10]
    if code // 10 == COINS:
        total += COIN_WEIGHT
    if code == SEVEN_OF_COINS:
        total += SEVEN_OF_COINS_WEIGHT
    return total


def unseen_values(view: PrimieraView) -> list[int]:
    """How many cards of each capture value (index value - 1) this seat has not seen."""
    left = [4] * 10
    seen: list[Card] = [*view.table, *(view.hand or ()), *(view.robot_cards or ())]
    for pile in view.taken:
        seen.extend(pile)
    for card in set(seen):
        left[CODE[card] % 10] -= 1
    return left


class BasicPlayer:
    """Scores each play by what it takes and what it leaves; deterministic, public information only."""

    level = "basic"

    def choose(self, game: Primiera, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this seat's turn.")
        view = game.view(seat)
        if view.phase is Phase.LAY:
            return self._lay(legal)
        return self._play(view, seat, legal)

    def _lay(self, legal: Sequence[Action]) -> Action:
        # The card that gives least away when it lies on the table for anyone to take.
        def cost(action: Action) -> float:
            code = CODE[action.card]
            return worth(code) + (HERALD_KEEP if code in HERALDS else 0.0)

        return min(legal, key=cost)

    def _play(self, view: PrimieraView, seat: int, legal: Sequence[Action]) -> Action:
        count = len(view.seats)
        nxt = (seat - 1) % count
        friendly = any(seat in team and nxt in team for team in view.teams or () if len(team) > 1)
        unseen = unseen_values(view)
        table = [CODE[card] for card in view.table]
        cards_left = sum(view.hand_sizes) + view.stock
        best: Action = legal[0]
        best_score = float("-inf")
        for action in legal:
            assert isinstance(action, Play)
            code = CODE[action.card]
            taken = [CODE[card] for card in action.capture]
            if taken:
                after = [c for c in table if c not in taken]
                score = worth(code) + sum(worth(c) for c in taken)
                if not after and cards_left > 1:
                    score += SWEEP
            else:
                after = [*table, code]
                score = -LEAVE_SHARE * worth(code)
            score -= self._sweep_risk(after, unseen, friendly, cards_left - 1)
            if score > best_score:
                best, best_score = action, score
        return best

    @staticmethod
    def _sweep_risk(after: Sequence[int], unseen: Sequence[int], friendly: bool, cards_left: int) -> float:
        """What the table left by a play risks: the next player sweeping it whole."""
        if not after or friendly or cards_left <= 1:
            return 0.0
        total = sum(c % 10 + 1 for c in after)
        if total > 10:
            return 0.0
        # A single card may also be taken by its match; any card of the table's total sweeps.
        chance = min(1.0, unseen[total - 1] / 4)
        return LEAVE_SWEEP * chance + sum(worth(c) for c in after) * chance * 0.25


_WORTH = [worth(code) for code in range(40)]
_VALUE = [code % 10 + 1 for code in range(40)]


def basic_move(sim: _Sim) -> tuple[int, tuple[int, ...]]:
    """The basic player's choice for the seat to act in the simulator, as (card, table
    positions): the same weights, the same easy-sweep risk and the same tie order (hand
    sorted, captures in the engine's order), from what that seat would see."""
    seat = sim.to_act
    assert seat is not None
    table = sim.table
    hands = sim.hands
    hand = hands[seat]
    count = sim.count
    nxt = (seat - 1) % count
    friendly = sim.teams is not None and any(seat in t and nxt in t for t in sim.teams if len(t) > 1)
    cards_left = sum(len(h) for h in hands) + len(sim.stock)
    risky = not friendly and cards_left - 1 > 1
    unseen: list[int] = []
    if risky:
        unseen = [4 - g for g in sim.gone]
        for c in table:
            unseen[c % 10] -= 1
        for c in hand:
            unseen[c % 10] -= 1
        robot = sim.robot
        if robot is not None and sim.robot_open and robot != seat:
            for c in hands[robot]:
                unseen[c % 10] -= 1
    table_value = sum(_VALUE[c] for c in table)
    table_worth = sum(_WORTH[c] for c in table)
    best: tuple[int, tuple[int, ...]] = (hand[0], ())
    best_score = float("-inf")
    for code in sorted(hand):
        options = capture_options(code, table)
        if options:
            for option in options:
                taken_worth = sum(_WORTH[table[i]] for i in option)
                score = _WORTH[code] + taken_worth
                if len(option) == len(table):
                    if cards_left > 1:
                        score += SWEEP
                elif risky:
                    total = table_value - sum(_VALUE[table[i]] for i in option)
                    if total <= 10:
                        chance = min(1.0, unseen[total - 1] / 4)
                        score -= chance * (LEAVE_SWEEP + (table_worth - taken_worth) * 0.25)
                if score > best_score:
                    best, best_score = (code, option), score
        else:
            score = -LEAVE_SHARE * _WORTH[code]
            if risky:
                total = table_value + _VALUE[code]
                if total <= 10:
                    chance = min(1.0, unseen[total - 1] / 4)
                    score -= chance * (LEAVE_SWEEP + (table_worth + _WORTH[code]) * 0.25)
            if score > best_score:
                best, best_score = (code, ()), score
    return best


def rollout(sim: _Sim) -> None:
    """Play the round out with the basic player in every seat."""
    while sim.to_act is not None:
        code, option = basic_move(sim)
        sim.play(sim.to_act, code, option)


BUDGET = 4_000
"""Simulated plays per decision (root moves x samples x cards left to play), counted, not
timed, so the move stays deterministic; it sets how many deals are sampled..."""
MIN_SAMPLES = 6
MAX_SAMPLES = 32
"""... between these."""


class StrongPlayer:
    """Samples the unseen cards consistently with what its seat sees and, on each sample,
    plays every legal move and then the rest of the round with the basic player in every
    seat; plays the move whose rounds score best on average (its side's points minus the
    others' average).

    This is a one-step improvement of the basic player (a "rollout" player): it keeps the
    basic player's judgement for later turns and replaces its guess for this one by what
    the sampled rounds actually score, so it sees sweeps given and taken, the seven of
    coins kept for later, the Heralds' partnerships and the doubled all-alone round.
    See `engine.primiera.search` for the simulator and the sampler. Deterministic: the
    sampler is seeded from the seat's view. The opening lay (a secret simultaneous
    choice) is the basic player's.
    """

    level = "strong"

    def __init__(
        self, budget: int = BUDGET, min_samples: int = MIN_SAMPLES, max_samples: int = MAX_SAMPLES
    ) -> None:
        self.budget = budget
        self.min_samples = min_samples
        self.max_samples = max_samples
        self._basic = BasicPlayer()
        self.plays = 0
        """Simulated plays in the last decision (for the benchmark)."""

    def choose(self, game: Primiera, seat: int) -> Action:
        action: Action = self.advise(game, seat).action
        return action

    def advise(self, game: Primiera, seat: int) -> Advice:
        """The move `choose` plays, with why: the average its sampled rounds score, beside
        the next best play's (public information only, like the move)."""
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this seat's turn.")
        self.plays = 0
        if len(legal) == 1:
            return Advice(legal[0], t("It is the only card you can play."))
        if game.phase is Phase.LAY:
            return Advice(
                self._basic.choose(game, seat),
                t(
                    "Before anything is played it lays the card worth least to whoever takes it from "
                    "the table, and would rather keep a Herald, which can still set the teams."
                ),
            )
        base, unseen, slots, seed = public_state(game, seat)
        heralds = held_heralds(game, seat, unseen, slots)
        table = base.table
        roots: list[tuple[int, tuple[int, ...]]] = []
        for action in legal:
            assert isinstance(action, Play)
            taken = [CODE[card] for card in action.capture]
            roots.append((CODE[action.card], tuple(sorted(table.index(c) for c in taken))))
        left = sum(len(h) for h in base.hands) + sum(slots)
        samples = max(self.min_samples, min(self.max_samples, self.budget // (len(roots) * left)))
        rng = random.Random(seed)
        totals = [0.0] * len(roots)
        for _ in range(samples):
            sim = fill(base, sample_hidden(unseen, slots, rng, heralds), slots)
            for i, (code, option) in enumerate(roots):
                child = sim.copy()
                child.play(seat, code, option)
                rollout(child)
                totals[i] += utilities(child, child.points())[seat]
            self.plays += len(roots) * left
        best = max(range(len(roots)), key=lambda i: (totals[i], -i))
        runner = max((i for i in range(len(roots)) if i != best), key=lambda i: (totals[i], -i))
        alone = base.teams is not None and all(len(team) == 1 for team in base.teams)
        # the Heralds' sides may not be known yet: "your side" unless everyone plays alone
        margin = _margin(totals[best] / samples, alone)
        reason = t(
            "Played out to the end of the round over {samples} deals of the {unseen} cards you can't see, "
            "{margin} on average ({best} points, the next best play {next}).",
            samples=samples,
            unseen=len(unseen),
            margin=margin,
            best=Number(totals[best] / samples, sign=True),
            next=Number(totals[runner] / samples, sign=True),
        )
        return Advice(legal[best], reason)


def _margin(value: float, alone: bool) -> Msg:
    """A round's average margin over the others: "it leaves your side 1.4 points ahead of the
    others", "... behind the others", "... level with the others"."""
    size = Number(abs(value))
    if abs(value) < 0.05:
        return (
            t("it leaves you level with the others")
            if alone
            else t("it leaves your side level with the others")
        )
    if value > 0:
        if alone:
            return t("it leaves you {points} points ahead of the others", points=size)
        return t("it leaves your side {points} points ahead of the others", points=size)
    if alone:
        return t("it leaves you {points} points behind the others", points=size)
    return t("it leaves your side {points} points behind the others", points=size)


def knower(game: Primiera, seat: int) -> int:
    """Who decides for `seat`: the robot's partner plays its face-up cards."""
    partner = game.robot_partner
    return partner if seat == game.robot and partner is not None else seat


def public_state(game: Primiera, seat: int) -> tuple[_Sim, list[int], list[int], int]:
    """What the seat deciding for `seat` knows, as a simulator with the hidden hands empty,
    the unseen cards, the sizes of the hidden places (each seat, then the stock) and the
    sampler's seed (from the view only)."""
    me = knower(game, seat)
    view = game.view(me)
    count = len(view.seats)
    robot = view.robot
    robot_open = view.robot_cards is not None
    sim = _Sim.__new__(_Sim)
    sim.count = count
    sim.heralds = view.options.heralds
    sim.redeal = REDEAL.get(view.options.form, 0)
    sim.robot = robot
    sim.robot_open = robot_open
    sim.table = [CODE[c] for c in view.table]
    sim.teams = view.teams
    sim.to_act = view.to_act
    sim.last = view.last_capture
    sim.stock = []
    seen = set(sim.table)
    hands: list[list[int]] = [[] for _ in range(count)]
    known = [False] * count
    hands[me] = [CODE[c] for c in view.hand or ()]
    known[me] = True
    if robot is not None and robot_open:
        hands[robot] = [CODE[c] for c in view.robot_cards or ()]
        known[robot] = True
    for hand in hands:
        seen.update(hand)
    sim.hands = hands
    stats = [0] * (STATS * count)
    sim.stats = stats
    sim.gone = [0] * 10
    for s, pile in enumerate(view.taken):
        codes = [CODE[c] for c in pile]
        seen.update(codes)
        sim._take(s, codes)
        stats[s * STATS + 7] = len(view.sweeps[s])
    unseen = [c for c in range(40) if c not in seen]
    slots = [0 if known[s] else view.hand_sizes[s] for s in range(count)] + [view.stock]
    seed = seed_of(
        (
            me,
            seat,
            view.options.form,
            view.dealer,
            sorted(hands[me]),
            sim.table,
            sim.stats,
            view.hand_sizes,
            view.stock,
            view.teams,
            view.to_act,
            view.last_capture,
            unseen,
        )
    )
    return sim, unseen, slots, seed


def held_heralds(game: Primiera, seat: int, unseen: Sequence[int], slots: Sequence[int]) -> list[int] | None:
    """Heralds forms: how many Heralds each hidden place holds (one for each seat whose
    Herald is still in hand, none elsewhere), for `sample_hidden`; None in the other forms,
    or when the position does not fit that (a position built by hand)."""
    held = game.view(knower(game, seat)).heralds_held
    if held is None:
        return None
    count = len(held)
    places = [1 if slots[s] and held[s] else 0 for s in range(count)] + [0]
    aces = sum(1 for c in unseen if c in HERALDS)
    if aces != sum(places) or any(n > size for n, size in zip(places, slots, strict=True)):
        return None
    return places


def fill(base: _Sim, dealt: list[list[int]], slots: Sequence[int]) -> _Sim:
    """A copy of `base` with the sampled cards dealt into its hidden places."""
    sim = base.copy()
    count = sim.count
    for s in range(count):
        if slots[s]:
            # The robot's pile keeps its (sampled) order: its top card is played next.
            sim.hands[s] = dealt[s] if s == sim.robot else sorted(dealt[s])
    sim.stock = dealt[count]
    return sim


LEVELS = ("basic", "strong")
"""This game's computer player levels offered at the table; the first is the default.
`strong` beats `basic` in the duplicate match of `bench/primiera.py` in every form
(docs/RULES.md, Primiera, Computer players)."""


def make_player(level: str) -> ComputerPlayer:
    """The factory `engine.core.players.computer_player` calls for this game."""
    if level == "basic":
        return BasicPlayer()
    if level == "strong":
        return StrongPlayer()
    raise ValueError(f"There is no {level} computer player for Primiera.")
