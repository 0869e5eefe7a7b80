"""A table service on a real SQLite file with no bot around it, and a Prima Carta table with
two members seated: for tests of the service's own steps (its commits, its pictures)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bot.games import GAMES
from bot.storage import Store
from bot.tables import Table, TableService

G = 1
NOW = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Member:
    id: int
    display_name: str


ALICE, BOB = Member(101, "Alice"), Member(102, "Bob")


@contextlib.asynccontextmanager
async def table_service(folder: Path) -> AsyncIterator[TableService]:
    """A service on `folder`/ridotto.db, seeded deals, no computer delay, a still clock."""
    store = await Store.open(folder / "ridotto.db")
    seeds = iter(range(7, 10_000))
    built = TableService(store, computer_delay=0, now=lambda: NOW, seeds=lambda: next(seeds))
    try:
        yield built
    finally:
        await built.stop()
        await store.close()


async def seated(service: TableService) -> Table:
    """A Prima Carta table with Alice and Bob seated, no hand dealt yet."""
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
