"""Onlookers' bets against the house: placing one (its stake into the table's escrow, in
one transaction with the snapshot), settling them all in the hand's own settlement, and
refunding them when a hand ends without settling them. The game says which bets are open
and what each returns (the game's `OnlookerBets` capability); nothing here names a
game. docs/RULES.md, "Bets at the table"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.forms import whole_number
from bot.games.base import OnlookerBets
from bot.i18n import Text, chips, t
from bot.store import HOUSE, Tx
from bot.tables.model import Person, Table, TableError, Wager
from bot.tables.money import ESCROW, Transfer
from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    from bot.tables.commit import Commit

#: a table message lists at most this many bets one by one; the rest are summed up
SHOWN_WAGERS = 12
BETS_CLOSED = t("Bets are closed for this hand — they are open from the deal until the first card.")
REFUNDED = t("refunded")
"""A bet's result when its hand ended without settling it."""


def settle_moves(wager: Wager, escrow: str, returned: int) -> list[Transfer]:
    """The ledger moves of one settled bet. Its stake is in the escrow: what comes back to
    the bettor up to the stake comes from the escrow, winnings beyond it from the house,
    and a stake not returned goes to the house. So the escrow gives up exactly the stake."""
    if returned < 0:
        raise ValueError("a bet cannot return less than nothing")
    moves = []
    back = min(returned, wager.amount)
    if back:
        moves.append(Transfer(escrow, wager.account, back, "bet back"))
    if returned > wager.amount:
        moves.append(Transfer(HOUSE, wager.account, returned - wager.amount, "bet won"))
    if back < wager.amount:
        moves.append(Transfer(escrow, HOUSE, wager.amount - back, "bet lost"))
    return moves


def refund_moves(wagers: Sequence[Wager], escrow: str) -> list[Transfer]:
    """Every open bet's stake back to its bettor (a hand that ends without settling them)."""
    return [
        Transfer(escrow, wager.account, wager.amount, "bet refund")
        for wager in wagers
        if wager.returned is None
    ]


def open_total(wagers: Sequence[Wager]) -> int:
    """Chips the open bets hold in the escrow."""
    return sum(wager.amount for wager in wagers if wager.returned is None)


def bet_limit(table: Table) -> int:
    """The most one house bet may stake at this table (0: the game takes no house bets)."""
    bets = table.plugin.capability(OnlookerBets)
    return bets.limit(table.state.stake, table.options) if bets is not None else 0


def refund_all(table: Table) -> list[Transfer]:
    """A closing table: every open bet is marked refunded; its stake's moves home."""
    state = table.state
    moves = refund_moves(state.wagers, ESCROW)
    state.wagers = [
        w.model_copy(update={"returned": w.amount, "result": REFUNDED}) if w.returned is None else w
        for w in state.wagers
    ]
    return moves


class Wagers:
    """Placing and settling onlookers' house bets."""

    def __init__(self, commit: Commit) -> None:
        self.commit = commit

    def check(self, table: Table, user: Person) -> None:
        """Refuse, with a sentence, a member who may not bet now."""
        if table.seat_of(user.id) is not None:
            raise TableError(t("You're seated at this table — the house bets are for onlookers."))
        if table.house_bets is None:
            raise TableError(BETS_CLOSED)

    async def place(self, table: Table, user: Person, hand_no: int, key: str, pick: str, text: str) -> Text:
        """An onlooker's bet from the bet panel's form: checked, its stake into escrow and the
        snapshot saved in one transaction. Returns the sentence confirming it."""
        state = table.state
        self.check(table, user)
        if hand_no != state.hand_no:
            raise TableError(BETS_CLOSED)
        offers = table.house_bets or ()
        offer = next((o for o in offers if o.key == key), None)
        if offer is None:
            raise TableError(t("That bet isn't on offer now."))
        picks = dict(offer.picks)
        if picks and pick not in picks:
            raise TableError(t("Choose what your {bet} bet is on from the list.", bet=offer.label))
        if not picks:
            pick = ""
        limit = bet_limit(table)
        try:
            amount = whole_number(text, "bet", "chips", least=1, most=limit)
        except IllegalAction as error:
            raise TableError(error.said) from error
        label: Text = t("{bet} · {pick}", bet=offer.label, pick=picks[pick]) if pick else offer.label
        name = user.display_name
        wager = Wager(user_id=user.id, name=name, key=key, pick=pick, label=label, amount=amount)
        state.wagers = [*state.wagers, wager]
        stake = Transfer(wager.account, ESCROW, amount, "bet")
        await self.commit.commit(
            table,
            t("{name} bets {chips} on {bet}.", name=name, chips=chips(amount), bet=label),
            [stake],
            new_turn=False,
            short=t("You don't have enough chips for that bet."),
        )
        return t(
            "Your bet is on: {chips} on {bet}. It settles with the hand.", chips=chips(amount), bet=label
        )

    async def settle(self, table: Table, tx: Tx) -> None:
        """Inside the hand's settlement: each open bet settled as the game reads the finished
        hand (a bet the game can't decide is refunded)."""
        game = table.game
        moves: list[Transfer] = []
        settled = []
        won = lost = 0
        for wager in table.state.wagers:
            text: Text
            if wager.returned is not None:
                settled.append(wager)
                continue
            bets = table.plugin.capability(OnlookerBets)
            result = bets.settle(game, wager.key, wager.pick, wager.amount) if bets is not None else None
            if result is None:
                returned, text = wager.amount, t("no result — refunded")
            else:
                returned, text = result.returned, result.text
            won += returned > wager.amount
            lost += returned == 0
            moves += settle_moves(wager, ESCROW, returned)
            settled.append(wager.model_copy(update={"returned": returned, "result": text}))
        table.state.wagers = settled
        if moves:
            self.commit.log(table, t("House bets settled: {won} won, {lost} lost.", won=won, lost=lost))
        await self.commit.transfer(table, tx, moves)
