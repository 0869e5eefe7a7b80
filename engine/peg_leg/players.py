"""Computer players for Peg Leg.

"basic" makes one opening bet of one stake on the height the table thinks likeliest (the
shortest odds on offer) and then stands on it for the rest of the pass: every later bet
and every surrender is priced against the player, so doing nothing more is the cheapest
way to keep a stake in play. It reads only the public view and its legal moves.

"strong" values every move against its own simulation of the rest of the pass, four times
the house's (`SAMPLES` deals, seeded by a hash of the cards dealt so far under its own
name, so its deals are not the house's): a bet is worth its chance times what it pays back,
a bet held is worth the same, a surrender is worth its cash-out. It bets only where its
simulation says a bet returns more than it costs even at the low end of the simulation's
margin (99.9%), surrenders only where the cash-out beats holding even at the high end, and
stands otherwise. The house prices every bet at least 5% against the player from an upper
bound on its chance, so a correct house leaves it nothing worth taking: it stands, keeping
every chip basic loses to the house edge (docs/RULES.md, "Peg Leg", "Computer players").
Where its simulation does find a bet worth more than its price, that is a pricing fault,
and it takes it. It reads only the public view (the cards dealt, the stacks, the discard
pile, the prices and the bets) and its legal moves.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import cast

from engine.core.msg import Msg, Number
from engine.core.players import Advice, ComputerPlayer
from engine.peg_leg import odds
from engine.peg_leg.game import (
    CODE_BY_TEXT,
    KeyBet,
    PegLeg,
    PegLegAction,
    PegLegView,
    StandPat,
    Surrender,
    odds_said,
    percent,
    t,
    tn,
)

SAMPLES = 16_000
"""The strong player's simulated ends of the pass per position: four times the house's
`odds.SAMPLES` (a standard error under 0.4 percentage points), within its time budget of
300 ms a decision at the 95th percentile (CPU; `python bench/peg_leg_players.py`)."""
SEED_NAME = "peg-leg-strong"
"""The strong player's simulations are seeded by `odds.position_seed(dealt, SEED_NAME)`."""
_MEMO_SIZE = 256
_MEMO: OrderedDict[tuple[int, ...], Estimate] = OrderedDict()
"""The strong player's last simulations, by deals and public position, for every strong player
of this process: each seat asked at a position, and each move of a round, asks again (a
table makes a new player for every decision)."""


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


@dataclass(frozen=True)
class Estimate:
    """The strong player's simulation of one public position: how many of `samples` ends
    of the pass leave the key stack at each height 0..10."""

    hits: tuple[int, ...]
    samples: int

    def chance(self, number: int) -> float:
        return self.hits[number] / self.samples

    def low(self, number: int) -> float:
        """The low end of the chance's 99.9% margin (exact binomial bound)."""
        return odds.chance_low(self.hits[number], self.samples)

    def high(self, number: int) -> float:
        """The high end of the chance's 99.9% margin (exact binomial bound)."""
        return odds.chance_high(self.hits[number], self.samples)


def position(view: PegLegView) -> tuple[list[int], int, list[int], list[int], list[int]]:
    """The public position a view shows, as `odds` takes it: the cards dealt in order, the
    key suit, each suit's stack size and foundation (-1: none yet), the discard pile."""
    dealt = [CODE_BY_TEXT[card.code] for card in view.dealt]
    key = next(suit for suit, stack in enumerate(view.stacks) if stack.key)
    count = [len(stack.cards) for stack in view.stacks]
    foundation = [CODE_BY_TEXT[stack.cards[0].code] if stack.cards else -1 for stack in view.stacks]
    discard = [CODE_BY_TEXT[card.code] for card in view.discard]
    return dealt, key, count, foundation, discard


class StrongPlayer:
    """Bets, surrenders and stands by its own larger simulation of the rest of the pass."""

    level = "strong"

    def __init__(self, samples: int = SAMPLES) -> None:
        self.samples = samples

    def estimate(self, view: PegLegView) -> Estimate:
        """The simulation of the position `view` shows; the opening position (one card
        dealt, the same for every first card up to relabelling) reads `odds.OPENING`, two
        million deals. Kept for the last few positions (`_MEMO`)."""
        dealt, key, count, foundation, discard = position(view)
        memo = (self.samples, *dealt)
        known = _MEMO.get(memo)
        if known is not None:
            _MEMO.move_to_end(memo)
            return known
        if len(dealt) == 1:
            found = Estimate(odds.OPENING, sum(odds.OPENING))
        else:
            seed = odds.position_seed(dealt, SEED_NAME)
            hits = odds.simulate(dealt, key, count, foundation, discard, self.samples, seed)
            found = Estimate(hits, self.samples)
        _MEMO[memo] = found
        if len(_MEMO) > _MEMO_SIZE:
            _MEMO.popitem(last=False)
        return found

    def choose(self, game: PegLeg, seat: int) -> PegLegAction:
        return cast(PegLegAction, self.advise(game, seat).action)

    def advise(self, game: PegLeg, seat: int) -> Advice:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError("It is not this computer player's turn.")
        view = game.view(seat)
        sim = self.estimate(view)
        deals = tn("{n} simulated deal", "{n} simulated deals", n=sim.samples)
        # Each candidate: (what it gains over standing by my estimate, the move, the reason).
        best: tuple[float, PegLegAction, Msg] | None = None
        for action in legal:
            if isinstance(action, Surrender):
                bet = view.bets[action.bet]
                back = odds.returns(bet.amount, bet.tenths)
                # Surrender only if the cash-out beats holding even at the high end.
                if bet.value > back * sim.high(bet.number):
                    gain = bet.value - back * sim.chance(bet.number)
                    why = t(
                        "Your bet on {number} comes in {chance} of my {deals}: it is worth {worth} chips "
                        "held and {value} surrendered. Surrender it.",
                        number=bet.number,
                        chance=_percent(sim.chance(bet.number)),
                        deals=deals,
                        worth=Number(back * sim.chance(bet.number)),
                        value=bet.value,
                    )
                    if best is None or gain > best[0]:
                        best = (gain, action, why)
        budget = view.cap - view.staked[seat]
        for price in view.prices:
            if not price.offered or KeyBet(number=price.number, amount=view.stake) not in legal:
                continue
            amount = _best_amount(sim.low(price.number), price.tenths, view.stake, budget)
            if amount is None:
                continue
            back = odds.returns(amount, price.tenths)
            gain = back * sim.chance(price.number) - amount
            why = t(
                "A stack {height} high pays {odds} and comes in {chance} of my {deals}: a bet returns "
                "{back} of its stake. Bet {amount}.",
                height=price.number,
                odds=odds_said(price.tenths),
                chance=_percent(sim.chance(price.number)),
                deals=deals,
                back=_percent(back * sim.chance(price.number) / amount),
                amount=amount,
            )
            if best is None or gain > best[0]:
                best = (gain, KeyBet(number=price.number, amount=amount), why)
        if best is not None:
            return Advice(best[1], best[2])
        return Advice(next(a for a in legal if isinstance(a, StandPat)), _why_stand(view, seat, sim, deals))


def _best_amount(low: float, tenths: int, stake: int, budget: int) -> int | None:
    """The amount (stake to budget) a bet at `tenths` gains most on at chance `low`, if any
    gains at all: the most it may bet, or a few chips less where the pay-out's rounding to
    whole chips leaves more."""
    if budget < stake or low * (10 + tenths) <= 10:
        return None
    gains = {
        amount: low * odds.returns(amount, tenths) - amount
        for amount in range(max(stake, budget - 9), budget + 1)
    }
    amount = max(gains, key=lambda a: (gains[a], a))
    return amount if gains[amount] > 0 else None


def _why_stand(view: PegLegView, seat: int, sim: Estimate, deals: Msg) -> Msg:
    """Why standing is best: the best bet on offer still returns less than its stake, and
    each bet held is worth more than its cash-out. Whole sentences for each case, so that
    every language words them as it likes."""
    offers = [price for price in view.prices if price.offered and view.cap - view.staked[seat] >= view.stake]
    held = [bet for bet in view.bets if bet.seat == seat and bet.value > 0]
    best: dict[str, Msg | int | Number] = {}
    if offers:
        top = max(offers, key=lambda price: sim.chance(price.number) * (10 + price.tenths))
        back = sim.chance(top.number) * (10 + top.tenths) / 10
        best = dict(
            height=top.number,
            odds=odds_said(top.tenths),
            chance=_percent(sim.chance(top.number)),
            deals=deals,
            back=_percent(back),
        )
    if held:
        top_bet = max(held, key=lambda bet: bet.value)
        worth = Number(odds.returns(top_bet.amount, top_bet.tenths) * sim.chance(top_bet.number))
        if offers:
            return t(
                "The best bet, a stack {height} high at {odds}, comes in {chance} of my {deals} and returns "
                "{back} of its stake; your bet on {number} is worth {worth} chips held and {value} "
                "surrendered. Stand.",
                **best,
                number=top_bet.number,
                worth=worth,
                value=top_bet.value,
            )
        return t(
            "Your bet on {number} is worth {worth} chips held and {value} surrendered ({chance} of my "
            "{deals}). Stand.",
            number=top_bet.number,
            worth=worth,
            value=top_bet.value,
            chance=_percent(sim.chance(top_bet.number)),
            deals=deals,
        )
    if offers:
        return t(
            "The best bet, a stack {height} high at {odds}, comes in {chance} of my {deals} and returns "
            "{back} of its stake. Stand.",
            **best,
        )
    return t("Nothing on offer is worth a move. Stand.")


def _percent(share: float) -> Msg:
    """47%, or 4.2% under 10%."""
    return percent(share, 0 if share >= 0.095 or share == 0 else 1)


LEVELS = ("basic", "strong")
"""This game's computer player levels; the first is the default."""


def make_player(level: str) -> ComputerPlayer:
    """The factory `engine.core.players.computer_player` calls for this game."""
    if level == "basic":
        return BasicPlayer()
    if level == "strong":
        return StrongPlayer()
    raise ValueError(f"There is no {level} computer player for Peg Leg.")
