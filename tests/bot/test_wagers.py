"""The pure money of onlookers' house bets and the clock of a paused hand: every chip of a
bet goes back to its bettor or to the house, the escrow gives up exactly the stakes it
held, nobody's balance goes negative; a pause gets its own deadline and keeps it."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from bot.storage import HOUSE, member_account, table_account
from bot.tables import Phase
from bot.tables.model import Wager
from bot.tables.timing import deadline
from bot.tables.wagers import open_total, refund_moves, settle_moves

ESCROW = table_account(7)
NOW = datetime(2026, 11, 23, 18, 0, tzinfo=UTC)


def wager(user: int, amount: int, returned: int | None = None) -> Wager:
    return Wager(
        user_id=user,
        name=f"m{user}",
        key="prima",
        pick="cups",
        label="Prima",
        amount=amount,
        returned=returned,
    )


def net(moves: list) -> Counter[str]:
    total: Counter[str] = Counter()
    for move in moves:
        assert move.amount > 0, "no empty or negative ledger move"
        total[move.src] -= move.amount
        total[move.dst] += move.amount
    return total


def test_a_won_bet_takes_its_stake_from_escrow_and_its_winnings_from_the_house() -> None:
    moves = settle_moves(wager(1, 20), ESCROW, 100)
    assert [(m.src, m.dst, m.amount, m.reason) for m in moves] == [
        (ESCROW, member_account(1), 20, "bet back"),
        (HOUSE, member_account(1), 80, "bet won"),
    ]


def test_a_lost_bet_goes_to_the_house_and_a_refund_goes_home() -> None:
    assert [(m.src, m.dst, m.amount) for m in settle_moves(wager(1, 20), ESCROW, 0)] == [(ESCROW, HOUSE, 20)]
    refunds = refund_moves([wager(1, 20), wager(2, 5, returned=0)], ESCROW)
    assert [(m.src, m.dst, m.amount, m.reason) for m in refunds] == [
        (ESCROW, member_account(1), 20, "bet refund")
    ], "only open bets are refunded"


@given(st.lists(st.tuples(st.integers(1, 5), st.integers(1, 1000), st.integers(0, 20)), max_size=20))
def test_settling_bets_conserves_chips_and_empties_exactly_their_escrow(
    bets: list[tuple[int, int, int]],
) -> None:
    wagers = [wager(user, amount) for user, amount, _ in bets]
    held = open_total(wagers)
    assert held == sum(amount for _, amount, _ in bets)
    moves = [
        m
        for (user, amount, times), w in zip(bets, wagers, strict=True)
        for m in settle_moves(w, ESCROW, amount * times // 2)
    ]
    totals = net(moves)
    assert totals[ESCROW] == -held, "the escrow gives up exactly the stakes"
    assert sum(totals.values()) == 0, "chips are conserved across escrow, bettors and house"
    for user in {user for user, _, _ in bets}:
        expected = sum(amount * times // 2 for u, amount, times in bets if u == user)
        assert totals[member_account(user)] == expected, "each bettor nets what their bets returned"


def test_a_pause_gets_its_own_deadline_when_it_begins_and_keeps_it() -> None:
    kw = dict(can_deal=True, members_awaited=False, turn_timer=120, pause=60)
    begun = deadline(Phase.PLAYING, NOW, new_turn=True, current=NOW + timedelta(seconds=5), **kw)
    assert begun == NOW + timedelta(seconds=60)
    later = NOW + timedelta(seconds=20)
    assert deadline(Phase.PLAYING, later, new_turn=False, current=begun, **kw) == begun
    no_pause = dict(kw, pause=None)
    assert deadline(Phase.PLAYING, NOW, new_turn=True, current=None, **no_pause) is None
