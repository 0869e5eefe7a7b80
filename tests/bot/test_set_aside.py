"""Refunds for a saved table that can't be loaded: voiding the hand when the table's own
state reads, the ledger rule when it doesn't. docs/RULES.md, "Damaged saved tables"."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.storage import HOUSE, EscrowMove, Store, member_account, table_account
from bot.tables import (
    REFUND_REASON,
    DamagedTable,
    Phase,
    Seat,
    TableState,
    Transfer,
    ledger_refunds,
    void_hand_refunds,
)
from engine.core.match import Match

T = table_account(7)
A, B, C = member_account(1), member_account(2), member_account(3)


def state(phase: Phase, stacks: dict[str, int], pot: int = 0, hand_no: int = 3) -> TableState:
    seats = [
        Seat(choice="1", user_id=1, name="Alice"),
        Seat(choice="2", user_id=2, name="Bob"),
        Seat(choice="3", name="Cosimo"),  # a computer: its chips are the house's
    ]
    return TableState(
        id=7, guild_id=10, channel_id=20, game="holdout", host_id=1, stake=1, phase=phase,
        seats=seats, stacks=stacks,
        match=Match.new(("1", "2", "3")).model_copy(update={"carried": pot, "hand_no": hand_no}),
    )  # fmt: skip


def test_a_snapshot_saved_before_the_match_reads_its_pot_and_hand_number() -> None:
    legacy = state(Phase.BETWEEN, {"1": 90, "2": 95, "3": 100}).model_dump(mode="json", exclude={"match"})
    old = TableState.from_saved(json.dumps({**legacy, "pot": 7, "hand_no": 3, "dealer": "2"}))
    assert old.match is None and old.hand_no == 3
    got = void_hand_refunds(old, T, 292, [])
    assert paid(got) == {A: 90 + 3, B: 95 + 2, HOUSE: 100 + 2}


def into(src: str, amount: int, hand_no: int | None = None, reason: str = "buy-in") -> EscrowMove:
    return EscrowMove(src=src, dst=T, amount=amount, reason=reason, hand_no=hand_no)


def out(dst: str, amount: int, hand_no: int | None = None, reason: str = "cash-out") -> EscrowMove:
    return EscrowMove(src=T, dst=dst, amount=amount, reason=reason, hand_no=hand_no)


def paid(refunds: list[Transfer] | None) -> dict[str, int]:
    assert refunds is not None
    assert all(r.src == T and r.reason == REFUND_REASON and r.amount > 0 for r in refunds)
    total: dict[str, int] = {}
    for refund in refunds:
        total[refund.dst] = total.get(refund.dst, 0) + refund.amount
    return total


# ----------------------------------------------------------- voiding the hand
def test_stacks_as_of_the_last_hands_end_go_home_and_the_computers_to_the_house() -> None:
    moves = [into(A, 100), into(B, 100), into(HOUSE, 100)]
    got = void_hand_refunds(state(Phase.PLAYING, {"1": 130, "2": 70, "3": 100}), T, 300, moves)
    assert paid(got) == {A: 130, B: 70, HOUSE: 100}


def test_a_carried_pot_between_hands_is_shared_like_a_closing_table_shares_it() -> None:
    got = void_hand_refunds(state(Phase.BETWEEN, {"1": 90, "2": 95, "3": 100}, pot=7), T, 292, [])
    assert paid(got) == {A: 90 + 3, B: 95 + 2, HOUSE: 100 + 2}


def test_a_carried_pot_the_hand_in_play_took_in_is_shared_too() -> None:
    # At the deal the carried pot moves into the hand: the match holds none, the escrow still does.
    got = void_hand_refunds(state(Phase.PLAYING, {"1": 90, "2": 95, "3": 100}), T, 291, [])
    assert paid(got) == {A: 92, B: 97, HOUSE: 102}


def test_at_a_pay_as_you_go_table_this_hands_payments_go_back_to_whoever_paid() -> None:
    moves = [
        into(A, 10, hand_no=2, reason="ante"),  # last hand's, settled already
        out(B, 10, hand_no=2, reason="pot"),
        into(A, 10, hand_no=3, reason="ante"),
        into(B, 10, hand_no=3, reason="ante"),
        into(HOUSE, 10, hand_no=3, reason="ante"),
        into(B, 20, hand_no=3, reason="copa"),
    ]
    got = void_hand_refunds(state(Phase.PLAYING, {}), T, 50, moves)
    assert paid(got) == {A: 10, B: 30, HOUSE: 10}


def test_at_a_pay_as_you_go_table_a_pot_the_hand_took_in_is_shared_after_the_payments() -> None:
    # A Prima Carta cobre of 6 carried into this hand: the escrow holds it and this hand's spigas.
    moves = [
        into(A, 10, hand_no=3, reason="ante"),
        into(B, 10, hand_no=3, reason="ante"),
        into(HOUSE, 10, hand_no=3, reason="ante"),
    ]
    table = state(Phase.PLAYING, {})
    table.held = 36
    got = void_hand_refunds(table, T, 36, moves)
    assert paid(got) == {A: 10 + 2, B: 10 + 2, HOUSE: 10 + 2}
    table.held = 30  # the escrow holds chips the table never saved: the ledger decides
    assert void_hand_refunds(table, T, 36, moves) is None


@pytest.mark.parametrize(
    ("phase", "stacks", "pot", "escrow"),
    [
        (Phase.BETWEEN, {"1": 100, "2": 100}, 0, 250),  # 50 chips the state doesn't count
        (Phase.BETWEEN, {"1": 100, "2": 100}, 10, 200),  # counts more than the escrow holds
        (Phase.PLAYING, {"1": 100, "2": 100}, 0, 150),
        (Phase.PLAYING, {"1": 100, "9": 100}, 0, 200),  # a stack for a seat nobody holds
        (Phase.PLAYING, {"1": -5, "2": 100}, 0, 95),
        (Phase.PLAYING, {}, 0, 40),  # no stacks and nothing paid this hand: nothing to carry
    ],
)
def test_a_state_that_does_not_account_for_the_escrow_leaves_it_to_the_ledger(
    phase: Phase, stacks: dict[str, int], pot: int, escrow: int
) -> None:
    assert void_hand_refunds(state(phase, stacks, pot), T, escrow, []) is None


# ------------------------------------------------------------- the ledger rule
def test_with_nothing_taken_out_everyone_gets_back_what_they_put_in() -> None:
    moves = [into(A, 100), into(HOUSE, 100), into(B, 50), into(B, 50)]
    assert paid(ledger_refunds(T, 300, moves)) == {A: 100, HOUSE: 100, B: 100}


def test_what_someone_took_out_is_set_against_what_they_put_in() -> None:
    # B left with 50 of his 100; A's 150 still at the table can't be told from the ledger.
    moves = [into(A, 100), into(B, 100), out(B, 50)]
    assert paid(ledger_refunds(T, 150, moves)) == {A: 100, B: 50}


def test_a_winner_who_took_out_more_than_they_put_in_gets_nothing_and_the_rest_is_shared() -> None:
    moves = [into(A, 100), into(B, 100), into(C, 100), out(A, 150)]
    # A is 50 up; B and C are owed 100 each, and 150 are left: 75 each.
    assert paid(ledger_refunds(T, 150, moves)) == {B: 75, C: 75}


def test_odd_chips_go_to_the_largest_remainders_then_to_whoever_came_first() -> None:
    moves = [into(A, 1), into(B, 1), into(C, 1)]
    assert paid(ledger_refunds(T, 2, moves)) == {A: 1, B: 1}
    moves = [into(A, 1), into(B, 2), out(C, 1), into(C, 1)]  # C nets 0: owed nothing
    assert paid(ledger_refunds(T, 2, moves)) == {A: 1, B: 1}


def test_an_empty_escrow_refunds_nothing_and_a_broken_one_is_refused() -> None:
    assert ledger_refunds(T, 0, [into(A, 10), out(A, 10)]) == []
    with pytest.raises(DamagedTable):
        ledger_refunds(T, 50, [into(A, 10)])


accounts = st.sampled_from([A, B, C, HOUSE])


@given(st.lists(st.tuples(st.booleans(), accounts, st.integers(1, 500)), max_size=40))
def test_the_ledger_rule_returns_exactly_the_escrow_to_those_who_are_owed(
    flows: list[tuple[bool, str, int]],
) -> None:
    moves, escrow = [], 0
    for inward, who, amount in flows:
        if inward:
            moves.append(into(who, amount))
            escrow += amount
        elif amount <= escrow:  # an escrow never pays out more than it holds
            moves.append(out(who, amount))
            escrow -= amount
    stakes: dict[str, int] = {}
    for move in moves:
        who, sign = (move.src, 1) if move.dst == T else (move.dst, -1)
        stakes[who] = stakes.get(who, 0) + sign * move.amount
    got = paid(ledger_refunds(T, escrow, moves))
    assert sum(got.values()) == escrow
    assert all(0 < amount <= stakes[who] for who, amount in got.items())


# ------------------------------------------------------------------ the store
@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "ridotto.db")
    yield s
    await s.close()


async def test_escrow_moves_lists_only_the_tables_own_escrow_rows(store: Store) -> None:
    async with store.transaction() as tx:
        one = await tx.create_table(10, 20, "holdout", 1, {})
        two = await tx.create_table(10, 21, "holdout", 1, {})
        await tx.move(10, member_account(1), table_account(one), 100, "buy-in", table_id=one)
        await tx.move(10, member_account(2), table_account(two), 40, "buy-in", table_id=two)
        await tx.move(10, table_account(one), member_account(1), 30, "cash-out", table_id=one, hand_no=2)
        rows = await tx.escrow_moves(one)
    assert [(r.src, r.dst, r.amount, r.reason, r.hand_no) for r in rows] == [
        (member_account(1), table_account(one), 100, "buy-in", None),
        (table_account(one), member_account(1), 30, "cash-out", 2),
    ]


async def test_a_snapshot_that_is_not_a_json_object_reads_as_empty(store: Store) -> None:
    async with store.transaction() as tx:
        table_id = await tx.create_table(10, 20, "holdout", 1, {})

    def damage(conn: object) -> None:
        conn.execute("UPDATE tables SET snapshot = '[1, 2]' WHERE id = ?", (table_id,))  # type: ignore[attr-defined]

    async with store.transaction() as tx:
        await tx._call(damage)
    [record] = await store.open_tables()
    assert record.id == table_id and record.snapshot == {}
