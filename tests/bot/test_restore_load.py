"""Start-up brings every saved table back in one pass: the cyclic garbage collector does not
walk the growing heap of tables while they load, and a damaged save is still refused with
its sentence (and set aside, refunded) while the others come back."""

from __future__ import annotations

import gc
import json
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.games import GAMES, HandSetup
from bot.storage import Store
from bot.tables import Seat, Table, TableService, TableState
from engine.core.errors import BadSetup

GUILD = 1
NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "ridotto.db")
    yield s
    await s.close()


@pytest.fixture
def collections_started() -> Iterator[list[int]]:
    """The generation of every collection the cyclic collector starts while the test runs."""
    started: list[int] = []

    def seen(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        yield started
    finally:
        gc.callbacks.remove(seen)


def lobby(game: str, channel: int) -> str:
    """A table of `game` waiting in its lobby, as its snapshot is saved."""
    plugin = GAMES[game]
    choices = plugin.seat_choices[:2]
    seats = [Seat(choice=c, user_id=100 + i, name=f"Player {i}") for i, c in enumerate(choices)]
    state = TableState(guild_id=GUILD, channel_id=channel, game=game, host_id=100, stake=1, seats=seats)
    return Table(state, plugin).snapshot_json()


async def save_tables(store: Store, snapshots: list[str]) -> list[int]:
    ids = []
    async with store.transaction() as tx:
        for text in snapshots:
            channel = json.loads(text)["channel_id"]
            table_id = await tx.create_table(GUILD, channel, json.loads(text)["game"], 100, {})
            await tx.save_table(table_id, text)
            ids.append(table_id)
    return ids


async def test_tables_load_without_the_cyclic_collector_walking_them(
    store: Store, collections_started: list[int]
) -> None:
    await save_tables(store, [lobby(game, 1000 + i) for i, game in enumerate(list(GAMES) * 10)])
    service = TableService(store, computer_delay=3600.0, now=lambda: NOW)
    gc.collect()
    collections_started.clear()
    try:
        report = await service.restore()
        assert collections_started == []  # it ran several times during this restore before
        assert gc.isenabled()
        assert report.tables == 10 * len(GAMES) and not report.set_aside
    finally:
        await service.stop()


async def test_a_damaged_save_is_set_aside_and_the_collector_runs_again_after(store: Store) -> None:
    good = lobby("prima_carta", 2000)
    damaged = json.loads(lobby("holdout", 2001))
    damaged["game"] = "no such game"
    ids = await save_tables(store, [good, json.dumps(damaged)])
    service = TableService(store, computer_delay=3600.0, now=lambda: NOW)
    try:
        report = await service.restore()
        assert gc.isenabled()
        assert report.tables == 1 and report.set_aside == [(ids[1], 2001)]
        assert list(service.tables) == [ids[0]]
    finally:
        await service.stop()


async def test_a_collector_turned_off_before_start_up_stays_off(store: Store) -> None:
    await save_tables(store, [lobby("primero", 3000)])
    service = TableService(store, computer_delay=3600.0, now=lambda: NOW)
    gc.disable()
    try:
        await service.restore()
        assert not gc.isenabled()
    finally:
        gc.enable()
        await service.stop()


def dealt(game: str) -> dict[str, Any]:
    plugin = GAMES[game]
    options = plugin.parse_options({})
    choices = list(plugin.seat_choices[:3])
    setup = HandSetup(choices=choices, names=choices, stake=1, seed=7, dealer=0)
    data: dict[str, Any] = plugin.new_hand(setup, options).to_json()
    return data


@pytest.mark.parametrize("game", ["cardano", "primero"])
def test_a_saved_hand_holding_a_card_twice_is_refused_with_its_sentence(game: str) -> None:
    """The restart's check that a hand's cards are the whole deck, each once, counts them."""
    data = dealt(game)
    order = list(data["order"])
    order[-1] = order[0]  # one card twice, another missing
    data["order"] = order
    with pytest.raises(BadSetup, match="does not account for all 40 cards"):
        GAMES[game].load(data)


@pytest.mark.parametrize("game", ["cardano", "primero"])
def test_a_saved_hand_comes_back_as_it_was_saved(game: str) -> None:
    data = dealt(game)
    assert GAMES[game].load(data).to_json() == data
