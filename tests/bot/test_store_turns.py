"""The store serves the work a member waits for first (`bot.store.turns`)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.storage import Store
from bot.store.turns import StoreTurns, member_waits

G = 10  # guild


async def queued(turns: StoreTurns, order: list[str], name: str, member: bool) -> None:
    async def take() -> None:
        async with turns:
            order.append(name)

    if member:
        with member_waits():
            await take()
    else:
        await take()


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_members_work_goes_before_the_tables_own_that_waited_longer() -> None:
    turns, order = StoreTurns(), []
    await turns.acquire()
    tasks = [asyncio.create_task(queued(turns, order, "computer", member=False))]
    await settle()
    tasks.append(asyncio.create_task(queued(turns, order, "click", member=True)))
    await settle()
    turns.release()
    await asyncio.gather(*tasks)
    assert order == ["click", "computer"]
    assert not turns.locked()


async def test_the_tables_own_work_is_not_starved_by_a_stream_of_clicks() -> None:
    turns, order = StoreTurns(in_a_row=2), []
    await turns.acquire()
    tasks = [asyncio.create_task(queued(turns, order, "computer", member=False))]
    await settle()
    tasks += [asyncio.create_task(queued(turns, order, f"click{i}", member=True)) for i in range(4)]
    await settle()
    turns.release()
    await asyncio.gather(*tasks)
    assert order == ["click0", "click1", "computer", "click2", "click3"]


async def test_a_waiter_cancelled_with_the_turn_in_hand_passes_it_on() -> None:
    turns, order = StoreTurns(), []
    await turns.acquire()
    first = asyncio.create_task(queued(turns, order, "first", member=True))
    second = asyncio.create_task(queued(turns, order, "second", member=False))
    await settle()
    turns.release()  # the turn is handed to `first`...
    first.cancel()  # ...which is cancelled before it runs
    await asyncio.gather(first, second, return_exceptions=True)
    assert order == ["second"]
    assert not turns.locked()


async def test_the_sqlite_store_commits_a_members_move_before_the_queued_computers(tmp_path: Path) -> None:
    """A member's unit of work queued behind the tables' own is committed first: what they
    wrote lands in the ledger in that order."""
    store = await Store.open(tmp_path / "ridotto.db")
    try:
        held = asyncio.Event()
        go = asyncio.Event()

        async def holding() -> None:
            async with store.transaction():
                held.set()
                await go.wait()

        def grant(user: int, member: bool) -> Callable[[], Awaitable[None]]:
            async def granted() -> None:
                if member:
                    with member_waits():
                        await store.grant(G, user, 5, "click")
                else:
                    await store.grant(G, user, 5, "computer")

            return granted

        holder = asyncio.create_task(holding())
        await held.wait()
        tasks = [asyncio.create_task(grant(user, False)()) for user in (1, 2)]
        await settle()
        tasks.append(asyncio.create_task(grant(3, True)()))
        await settle()
        go.set()
        await asyncio.gather(holder, *tasks)
        reasons = [str(entry["reason"]) for entry in await store.ledger(G)]  # oldest first
        assert reasons.index("click") < reasons.index("computer")
    finally:
        await store.close()
