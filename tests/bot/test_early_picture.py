"""A member's click starts drawing the table's new picture as soon as its change is saved,
while the COMMIT (the disk write) is still on its way to the database thread: the answer then
finds the picture drawn, or nearly, instead of starting it once the change is on disk. Drawn
from the table as saved and named by what it is drawn from, it is drawn once."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

import bot.pictures
import bot.storage
from bot.pictures import Pictures, table_job
from bot.storage import Store
from bot.tables import Phase, Table, TableService
from tests.helpers.service import ALICE, seated, table_service


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    async with table_service(tmp_path) as built:
        yield built


def the_picture(table: Table) -> tuple[Any, ...]:
    """The cache key of the table's picture as the table is now."""
    assert table.game is not None
    return table_job(table.id, table.plugin.id, table.view(), table.game.view(None))[0]


def watch_commits(service: TableService, pictures: Pictures) -> list[set[tuple[Any, ...]]]:
    """At each COMMIT sent to the database thread, the table pictures drawn or being drawn."""
    store = service.store
    assert isinstance(store, Store)
    seen: list[set[tuple[Any, ...]]] = []
    sent: Callable[..., Any] = store._call

    async def call(fn: Callable[..., Any], *args: Any) -> Any:
        if fn in (bot.storage._commit, bot.storage._finish):  # the COMMIT (with a closing check)
            seen.append({key for key in [*pictures._cache, *pictures._drawing] if key[0] == "table"})
        return await sent(fn, *args)

    store._call = call  # type: ignore[method-assign]
    return seen


async def test_a_clicks_picture_is_drawing_while_its_commit_goes_to_disk_and_is_drawn_once(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await seated(service)
    pictures = Pictures()
    service.commit.saved = pictures.early
    draws: list[str] = []
    draw = bot.pictures.draw

    def counted(*job: Any) -> Any:
        draws.append(job[1])
        return draw(*job)

    monkeypatch.setattr(bot.pictures, "draw", counted)
    seen = watch_commits(service, pictures)
    try:
        async with service.click(table, ALICE, table.version, "start") as change:
            assert change.table.state.phase is Phase.PLAYING
            dealt = the_picture(table)
            assert seen and dealt in seen[-1], "the dealt table's picture was started before its COMMIT"
            picture = await pictures.table(table, urgent=True)  # what the answer waits for
        assert picture is not None and draws == ["table"], "drawn once: the answer found the early one"
    finally:
        pictures.close()
