"""Computer players for Peg Leg.

"basic" makes one opening bet of one stake on the height the table thinks likeliest (the
shortest odds on offer) and then stands on it for the rest of the pass: every later bet
and every surrender is priced against the player, so doing nothing more is the cheapest
way to keep a stake in play. It reads only the public view and its legal moves.
"""

from __future__ import annotations

from engine.core.players import ComputerPlayer
from engine.peg_leg.game import KeyBet, PegLeg, PegLegAction, StandPat


class BasicPlayer:
    """One opening bet on the favourite, then stand."""

    level = "basic"

    def choose(self, game: PegLeg, seat: int) -> PegLegAction:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this computer player's turn.")
        view = game.view(seat)
        bets = [action for action in legal if isinstance(action, KeyBet)]
        already = any(bet.seat == seat for bet in view.bets)
        if view.round_after == 1 and bets and not already:
            chance = {price.number: price.chance for price in view.prices}
            return max(bets, key=lambda bet: (chance.get(bet.number, 0.0), -bet.number))
        return next(action for action in legal if isinstance(action, StandPat))


LEVELS = ("basic",)
"""This game's computer player levels; the first is the default."""


def make_player(level: str) -> ComputerPlayer:
    """The factory `engine.core.players.computer_player` calls for this game."""
    if level == "basic":
        return BasicPlayer()
    raise ValueError(f"There is no {level} computer player for Peg Leg.")
