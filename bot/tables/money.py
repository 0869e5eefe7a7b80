"""Where a table's chips go: buy-ins, cash-outs, shares of a pot, refunds of a table set
aside. Pure functions that return the ledger moves to write; the service writes them in
the same transaction as the snapshot they belong to."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.store import HOUSE, EscrowMove
from bot.tables.model import DamagedTable, Phase, Seat, TableState

REFUND_REASON = "refund (damaged table)"

#: The table's escrow, as a transfer made for a table names it: the commit writes it as the
#: ledger account of the table it writes for (`Commit.transfer`), so the pieces that move
#: chips need not look that account up.
ESCROW = "escrow"


@dataclass(frozen=True)
class Transfer:
    """A chip movement to write to the ledger."""

    src: str
    dst: str
    amount: int
    reason: str


def buy_in(seat: Seat, escrow: str, amount: int | None) -> list[Transfer]:
    """The stack a new seat brings, from the member (or the house, for a computer player)
    into the table's escrow; nothing at a table where chips go in hand by hand."""
    return [Transfer(seat.account, escrow, amount, "buy-in")] if amount else []


def pay_in(seat: Seat, amount: int, reason: str) -> list[Transfer]:
    """Chips a seat pays into the table's escrow (an ante, the cost of a move, a top-up):
    from the member, or from the house for a computer player; nothing when `amount` is 0."""
    return [Transfer(seat.account, ESCROW, amount, reason)] if amount else []


def cash_out(seat: Seat, escrow: str, stack: int) -> list[Transfer]:
    """A leaving seat's stack goes back to whoever brought it."""
    return [Transfer(escrow, seat.account, stack, "cash-out")] if stack else []


def share_pot(pot: int, escrow: str, seats: Sequence[Seat]) -> list[Transfer]:
    """A closing table's carried pot, in equal shares to `seats`, odd chips one each from
    the first seat; to the house if nobody is left to share it. docs/RULES.md records the
    decision beside the game that carries pots."""
    if not pot:
        return []
    if not seats:
        return [Transfer(escrow, HOUSE, pot, "pot left")]
    share, odd = divmod(pot, len(seats))
    moves = []
    for index, seat in enumerate(seats):
        amount = share + (1 if index < odd else 0)
        if amount:
            moves.append(Transfer(escrow, seat.account, amount, "pot share"))
    return moves


def void_hand_refunds(
    state: TableState, account: str, escrow: int, moves: Sequence[EscrowMove]
) -> list[Transfer] | None:
    """Refunds that void the hand in play of a table whose own state still reads.

    Every seat gets its stack as of the last hand's end (a computer's goes to the house);
    at a table where chips go in hand by hand, what this hand moved into the escrow goes
    back to whoever paid it; what is left is a carried pot, shared as a closing table
    shares it. None when the state doesn't account for exactly `escrow` (then the ledger
    decides: :func:`ledger_refunds`)."""
    seats = {seat.choice: seat for seat in state.seats}
    owed: dict[str, int] = {}
    for choice, amount in state.stacks.items():
        if amount < 0 or (amount and choice not in seats):
            return None
        if amount:
            owed[seats[choice].account] = owed.get(seats[choice].account, 0) + amount
    if not state.stacks and state.phase is Phase.PLAYING:
        paid: dict[str, int] = {}
        for move in moves:
            if move.hand_no == state.hand_no and account in (move.src, move.dst):
                payer, sign = (move.src, 1) if move.dst == account else (move.dst, -1)
                paid[payer] = paid.get(payer, 0) + sign * move.amount
        if any(amount < 0 for amount in paid.values()):
            return None
        for payer, amount in paid.items():
            if amount:
                owed[payer] = owed.get(payer, 0) + amount
    pot = escrow - sum(owed.values())
    carried = (
        state.match.carried if state.match is not None else int((state.legacy_match or {}).get("pot") or 0)
    )
    if state.phase is Phase.PLAYING:
        # The hand took the carried pot in (the match holds none meanwhile). At a table where
        # chips go in hand by hand, a pot left over after this hand's payments is one the
        # hand took in only if the escrow is what the table last saved it holding.
        consistent = pot >= 0 and carried == 0 and (bool(state.stacks) or pot == 0 or escrow == state.held)
    else:
        consistent = pot == carried
    if not consistent or (pot and not state.seats):
        return None
    refunds = [Transfer(account, dst, amount, REFUND_REASON) for dst, amount in owed.items()]
    share, odd = divmod(pot, len(state.seats) or 1)
    for index, seat in enumerate(state.seats):
        amount = share + (1 if index < odd else 0)
        if amount:
            refunds.append(Transfer(account, seat.account, amount, REFUND_REASON))
    return refunds


def ledger_refunds(account: str, escrow: int, moves: Sequence[EscrowMove]) -> list[Transfer]:
    """Refunds of a table's whole escrow decided by its ledger alone (its state is unreadable).

    Each account's unrecovered stake is what it put into the escrow minus what it took out.
    Those stakes sum to at least the escrow; the escrow is shared in proportion to them,
    each share rounded down, the chips left over one each to the largest remainders (ties:
    whose chips came in first). So exactly the escrow goes out, only to accounts that put
    in more than they took, and none gets more than its stake. docs/RULES.md."""
    stakes: dict[str, int] = {}  # in the order each account first put chips in
    for move in moves:
        if move.dst == account:
            stakes[move.src] = stakes.get(move.src, 0) + move.amount
        elif move.src == account:
            stakes[move.dst] = stakes.get(move.dst, 0) - move.amount
    owed = {who: amount for who, amount in stakes.items() if amount > 0}
    total = sum(owed.values())
    if escrow > total:
        raise DamagedTable(f"the escrow holds {escrow} chips but its ledger accounts for {total}")
    if escrow <= 0:
        return []
    shares = {who: amount * escrow // total for who, amount in owed.items()}
    left = escrow - sum(shares.values())
    by_remainder = sorted(owed, key=lambda who: -(owed[who] * escrow % total))  # stable: first in first
    for who in by_remainder[:left]:
        shares[who] += 1
    return [Transfer(account, who, amount, REFUND_REASON) for who, amount in shares.items() if amount]
