"""A change whose COMMIT fails (the disk full, the file locked) leaves the table, in memory and
in the database, at the version before it: the member's next click plays from there, not from
a version the database never kept."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import bot.storage
from bot.games import GAMES
from bot.storage import Store
from bot.tables import Phase, Table, TableService

G = 1
NOW = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Member:
    id: int
    display_name: str


ALICE, BOB = Member(101, "Alice"), Member(102, "Bob")


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    store = await Store.open(tmp_path / "ridotto.db")
    seeds = iter(range(7, 10_000))
    built = TableService(store, computer_delay=0, now=lambda: NOW, seeds=lambda: next(seeds))
    yield built
    await built.stop()
    await store.close()


async def seated(service: TableService) -> Table:
    table = await service.open(
        guild_id=G,
        channel_id=2,
        host=ALICE,
        game="prima_carta",
        stake=5,
        choice=GAMES["prima_carta"].seat_choices[0],
        level="basic",
        options=GAMES["prima_carta"].parse_options({}),
    )
    async with table.lock:
        await service.lobby.join(table, BOB, "join")
    return table


def fail_next_commit(store: Store) -> list[int]:
    """The store's next COMMIT fails as a full disk would; returns the count of failures."""
    failed: list[int] = []
    sent: Callable[..., Any] = store._call

    async def call(fn: Callable[..., Any], *args: Any) -> Any:
        if fn in (bot.storage._commit, bot.storage._finish) and not failed:
            failed.append(1)
            raise sqlite3.OperationalError("database or disk is full")
        return await sent(fn, *args)

    store._call = call  # type: ignore[method-assign]
    return failed


async def saved_version(store: Store, table_id: int) -> int:
    """The version of the table's snapshot as the database holds it."""
    snapshot: str = await store._call(
        lambda conn: conn.execute("SELECT snapshot FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
    )
    version: int = json.loads(snapshot)["version"]
    return version


async def test_a_failed_commit_leaves_the_table_at_the_version_before_it(service: TableService) -> None:
    table = await seated(service)
    store = service.store
    assert isinstance(store, Store)
    before = table.version
    assert await saved_version(store, table.id) == before
    failed = fail_next_commit(store)
    with pytest.raises(sqlite3.OperationalError):
        async with service.click(table, ALICE, table.version, "start"):
            pass
    assert failed == [1]
    assert table.version == before and table.state.phase is Phase.LOBBY and table.game is None
    assert json.loads(table.committed)["version"] == before, "rolls back to what the database kept"
    assert await saved_version(store, table.id) == before
    async with service.click(table, ALICE, table.version, "start") as change:  # the retry plays
        assert change.table.state.phase is Phase.PLAYING
    assert table.version == before + 1 == await saved_version(store, table.id)
