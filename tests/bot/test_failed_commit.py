"""A change whose COMMIT fails (the disk full, the file locked) leaves the table, in memory and
in the database, at the version before it: the member's next click plays from there, not from
a version the database never kept."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

import bot.storage
from bot.storage import Store
from bot.tables import Phase, TableService
from tests.helpers.service import ALICE, seated, table_service


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    async with table_service(tmp_path) as built:
        yield built


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
