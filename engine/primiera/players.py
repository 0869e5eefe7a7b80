"""Computer players for Primiera.

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

from collections.abc import Sequence

from engine.core.cards import Card
from engine.core.players import ComputerPlayer
from engine.primiera.game import Lay, Phase, Play, Primiera, PrimieraView
from engine.primiera.scoring import CODE, COINS, HERALDS, SEVEN_OF_COINS

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


LEVELS = ("basic",)
"""This game's computer player levels; the first is the default."""


def make_player(level: str) -> ComputerPlayer:
    """The factory `engine.core.players.computer_player` calls for this game."""
    if level == "basic":
        return BasicPlayer()
    raise ValueError(f"There is no {level} computer player for Primiera.")
