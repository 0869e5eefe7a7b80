"""A transaction reaches the database thread once, to commit: its statements run where the
table's change runs, and only the durable COMMIT (the disk write) goes to the thread. Every
promise of the store still holds: one transaction, a ledger row for every movement, no
negative balance, all or nothing."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.storage import InsufficientFunds, Store, member_account, table_account

G = 10
A, B = 101, 102


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "ridotto.db")
    yield s
    await s.close()


def count_trips(store: Store) -> list[str]:
    """Record the name of every function sent to the database thread from now on."""
    trips: list[str] = []
    send = store._call

    async def counted(fn: Callable[..., Any], *args: Any) -> Any:
        trips.append(getattr(fn, "__name__", repr(fn)))
        return await send(fn, *args)

    store._call = counted  # type: ignore[method-assign]
    return trips


async def table_row(store: Store) -> int:
    """A table row in the store alone (no bot, no game): what the trips are counted against."""
    async with store.transaction() as tx:
        return await tx.create_table(G, 1, "prima_carta", A, {"hand": 0})


async def test_a_tables_moves_and_save_reach_the_database_thread_once(store: Store) -> None:
    tid = await table_row(store)
    await store.balance(G, A)
    await store.balance(G, B)
    trips = count_trips(store)
    async with store.transaction() as tx:
        await tx.move(G, member_account(A), table_account(tid), 10, "ante", hand_no=1)
        await tx.move(G, member_account(B), table_account(tid), 10, "ante", hand_no=1)
        await tx.save_table(tid, {"hand": 1})
    assert len(trips) == 1  # the COMMIT; it was BEGIN + each statement + COMMIT: four trips
    assert await store.balance(G, A) == 990 and await store.balance(G, B) == 990
    rows = await store.ledger(G, table_id=tid)
    assert [(r["src"], r["amount"], r["hand_no"]) for r in rows] == [
        (member_account(A), 10, 1),
        (member_account(B), 10, 1),
    ]
    assert (await store.audit()).ok


async def test_a_transfer_in_a_transaction_is_one_trip(store: Store) -> None:
    await store.balance(G, A)
    trips = count_trips(store)
    async with store.transaction() as tx:
        await tx.move(G, member_account(A), member_account(B), 5, "give")
    assert len(trips) == 1
    assert (await store.balance(G, A), await store.balance(G, B)) == (995, 1005)


async def test_a_known_members_balance_and_rating_are_read_without_a_trip(store: Store) -> None:
    """A click reads the balances of the members it seats or deals to, and a rating as a member
    sits down: each a read by key, made where the click runs. A new member still gets the
    starting bankroll, in a unit of work of its own (its COMMIT the one trip)."""
    trips = count_trips(store)
    assert await store.balance(G, A) == 1000  # new: created with the starting bankroll
    assert len(trips) == 1
    trips.clear()
    assert await store.balance(G, A) == 1000
    assert await store.rating(G, "prima_carta", A) is None
    assert trips == []
    async with store.transaction() as tx:
        await tx.move(G, member_account(A), member_account(B), 7, "give")
    trips.clear()
    assert (await store.balance(G, A), await store.balance(G, B)) == (993, 1007)  # as committed
    assert trips == []
    assert (await store.audit()).ok


async def test_a_batch_that_fails_at_its_last_move_leaves_nothing_behind(store: Store) -> None:
    """The statements ran before the failure, outside the database thread; the rollback
    still takes every one of them back, the new member's bankroll included."""
    tid = await table_row(store)
    await store.balance(G, A)
    before = await store.ledger(G)
    with pytest.raises(InsufficientFunds):
        async with store.transaction() as tx:
            await tx.move(G, member_account(A), table_account(tid), 600, "buy-in")
            await tx.save_table(tid, {"hand": 9})
            await tx.move(G, member_account(B), table_account(tid), 600, "buy-in")  # B: new, 1000
            await tx.move(G, member_account(A), table_account(tid), 600, "raise")  # A: 400 left
    assert await store.ledger(G) == before
    rec = await store.table(tid)
    assert rec is not None and rec.snapshot == {"hand": 0}
    assert await store.balance(G, A) == 1000
    assert (await store.audit()).ok


async def test_a_first_move_refused_and_caught_commits_nothing_of_it(store: Store) -> None:
    """A refused first move is undone at once, so a caller that catches it and carries on
    commits only what followed."""
    tid = await table_row(store)
    async with store.transaction() as tx:
        with pytest.raises(InsufficientFunds):  # B is new: created, then refused; both undone
            await tx.move(G, member_account(B), table_account(tid), 5000, "ante")
        await tx.move(G, member_account(A), table_account(tid), 100, "ante")
    assert [r["src"] for r in await store.ledger(G)] == ["grant", member_account(A)]
    assert (await store.audit()).ok


async def test_a_database_locked_by_another_writer_is_waited_for_off_the_event_loop(
    store: Store, tmp_path: Path
) -> None:
    """Another connection holds the write lock: the transaction waits for it on the
    database thread (SQLite's busy timeout), never on the event loop, and then commits."""
    await store.balance(G, A)
    other = sqlite3.connect(tmp_path / "ridotto.db", isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        started = asyncio.Event()

        async def give() -> None:
            started.set()
            async with store.transaction() as tx:
                await tx.move(G, member_account(A), member_account(B), 7, "give")

        task = asyncio.create_task(give())
        await started.wait()
        for _ in range(5):  # the loop keeps running while the transaction waits
            await asyncio.sleep(0)
        assert not task.done()
        other.execute("COMMIT")
        await task
    finally:
        other.close()
    assert (await store.balance(G, A), await store.balance(G, B)) == (993, 1007)
    assert (await store.audit()).ok


async def test_a_cancelled_transaction_leaves_the_next_one_working(store: Store) -> None:
    await store.balance(G, A)
    entered = asyncio.Event()
    never = asyncio.Event()

    async def stuck() -> None:
        async with store.transaction() as tx:
            await tx.move(G, member_account(A), member_account(B), 3, "give")
            entered.set()
            await never.wait()

    task = asyncio.create_task(stuck())
    await entered.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with store.transaction() as tx:
        await tx.move(G, member_account(A), member_account(B), 4, "give")
    assert (await store.balance(G, A), await store.balance(G, B)) == (996, 1004)
    assert [r["amount"] for r in await store.ledger(G, account=member_account(A))] == [1000, 4]
    assert (await store.audit()).ok


async def test_after_a_transaction_a_one_trip_write_still_waits_for_another_writer(
    store: Store, tmp_path: Path
) -> None:
    """A transaction leaves SQLite's busy timeout off (it begins without waiting); the next
    trip that may wait turns it back on, so /give waits for a lock rather than failing."""
    async with store.transaction() as tx:
        await tx.move(G, member_account(A), member_account(B), 1, "give")
    other = sqlite3.connect(tmp_path / "ridotto.db", isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        task = asyncio.create_task(store.give(G, A, B, 2))
        for _ in range(5):
            await asyncio.sleep(0)
        assert not task.done()
        other.execute("COMMIT")
        assert await task == (997, 1003)
    finally:
        other.close()
    assert await store.pragma("busy_timeout") == 5000


async def test_a_closed_store_refuses_work_and_its_database_thread_ends(tmp_path: Path) -> None:
    before = set(threading.enumerate())
    store = await Store.open(tmp_path / "closing.db")
    [thread] = [t for t in threading.enumerate() if t not in before]  # the store's own thread
    assert await store.balance(G, A) == 1000
    await store.close()
    await store.close()  # a second close is harmless
    thread.join(timeout=5)
    assert not thread.is_alive()
    with pytest.raises(ValueError, match="the store is closed"):
        await store.balance(G, A)
    again = await Store.open(tmp_path / "closing.db")  # what was committed is there
    assert await again.balance(G, A) == 1000 and (await again.audit()).ok
    await again.close()
