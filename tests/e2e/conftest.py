"""SimCord fixtures: the real bot against an in-memory Discord and a real SQLite file."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import simcord

from bot.app import Ridotto
from bot.config import Settings
from tests.helpers import postgres
from tests.helpers.room import Room
from tests.helpers.seeds import Seeds


@pytest.fixture
async def database_url(request: pytest.FixtureRequest) -> AsyncIterator[str | None]:
    """The bot's database: its SQLite file by default (None), or a fresh PostgreSQL database
    for a test marked ``@pytest.mark.parametrize("database_url", ["sqlite", "postgres"],
    indirect=True)`` (a handful of tests: restarts, the set-aside, the economy)."""
    if getattr(request, "param", "sqlite") == "sqlite":
        yield None
        return
    server = request.getfixturevalue("postgres_server")
    url = await postgres.create_database(server)
    yield url
    await postgres.drop_database(server, url)


@pytest.fixture
def settings(tmp_path: Path, database_url: str | None) -> Settings:
    # Computer players act at once in tests; everything else is as in production.
    # WORKERS=0: computers think inline, so a test is deterministic and quick. CHANNEL_RATE=0:
    # SimCord keeps no message rate, so the bot need not wait for one (tests/e2e/test_calls.py
    # turns it on to test the waiting, with SimCord's virtual clock). SHARD_COUNT=1: what Discord
    # recommends for a bot in a few servers; SimCord has no recommendation to give when it is
    # unset (tests/e2e/test_shards.py runs the bot unset, and sharded).
    return Settings(
        discord_token=None,
        database_path=tmp_path / "ridotto.db",
        database_url=database_url,
        computer_delay=0,
        pass_delay=0,
        workers=0,
        channel_rate=0,
        picture_wait=60,  # a click's answer waits for its picture: one call, as counted
        shard_count=1,
    )


@pytest.fixture
def bots() -> list[Ridotto]:
    """Every bot a test builds (restarts build more), so their databases close at the end."""
    return []


@pytest.fixture
def seeds(request: pytest.FixtureRequest) -> Seeds:
    """The seed source the test's bot deals from: a reproducible stream of deck seeds, or what
    the test or its module asks for with `@pytest.mark.seed(seed)` or `@pytest.mark.seed(seeds)`;
    `@pytest.mark.server_seed(...)`: the server seeds of the fair mix, as in production
    (tests/helpers/seeds.py)."""
    server = request.node.get_closest_marker("server_seed")
    source = Seeds(fair=server is not None)
    marker = server or request.node.get_closest_marker("seed")
    if marker is not None:
        source.use(*marker.args)
    return source


@pytest.fixture
async def simcord_bot(settings: Settings, bots: list[Ridotto], seeds: Seeds) -> AsyncIterator[Ridotto]:
    bot = seeds.bot(settings)
    bots.append(bot)
    yield bot
    # SimCord detaches bots without closing them; close each database connection here.
    for built in bots:
        if hasattr(built, "store"):
            await built.store.close()


@pytest.fixture
async def room(
    simcord_env: simcord.Env,
    settings: Settings,
    bots: list[Ridotto],
    seeds: Seeds,
    caplog: pytest.LogCaptureFixture,
) -> AsyncIterator[Room]:
    guild = simcord_env.create_guild("Ridotto Test")
    channel = guild.create_text_channel("tavern")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    carol = guild.add_member(simcord_env.create_user("carol"))
    room = Room(simcord_env, guild, channel, alice, bob, carol, settings, bots, seeds)
    yield room
    # The bot ran on the database the test asked for (a PostgreSQL test is not SQLite's again).
    expected = "PostgresStore" if settings.database().kind == "postgresql" else "Store"
    assert type(room.bot.store).__name__ == expected
    # Every test ends with every chip accounted for.
    report = await room.bot.store.audit()
    assert report.ok, report
    # discord.py logs (and swallows) exceptions raised in callbacks; none may happen.
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, errors


@pytest.fixture
def dave(room: Room) -> simcord.MemberActor:
    """A fourth member, for tables of four and more."""
    return room.guild.add_member(room.env.create_user("dave"))
