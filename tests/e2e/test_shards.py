"""Shards across processes: a process connects its shards (SHARD_COUNT, SHARD_IDS), owns
exactly their guilds' tables, and only the process of shard 0 syncs the slash commands.

SimCord plays Discord here with the shard count the bot is given; it sends a guild's
events only to the shard `(guild_id >> 22) % shard_count`, as Discord does."""

from __future__ import annotations

import contextlib
import json
import logging
import re
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import simcord
from discord.ext import commands

from bot.app import SET_ASIDE_NOTICE, Ridotto, create_bot
from bot.config import Settings
from bot.shards import Shards, shard_of
from bot.storage import Store
from bot.store import open_store as open_database
from bot.tables import Phase
from engine.core.msg import english
from tests.helpers.seeds import Seeds


def shard_settings(path: Path, count: int | None = None, ids: str | None = None, **more: object) -> Settings:
    """The e2e settings (computers at once, no workers, no message rate) for these shards."""
    return Settings(
        discord_token=None,
        database_path=path,
        computer_delay=0,
        workers=0,
        channel_rate=0,
        shard_count=count,
        shard_ids=ids,
        **more,  # type: ignore[arg-type]
    )


async def open_holdout(
    env: simcord.Env, guild: simcord.GuildHandle, bot: Ridotto
) -> tuple[int, simcord.ChannelHandle]:
    """Alice opens a Holdout table in a new channel of `guild`, with a computer, and deals."""
    channel = guild.create_text_channel("tavern")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "play holdout", stake=5)
    table = bot.tables.in_channel(channel.id)
    assert table is not None
    message = channel.last_message
    assert message is not None
    await alice.click(message, label="Add bot")
    await alice.click(channel.last_message, label="Start")
    assert table.state.phase is Phase.PLAYING
    return table.id, channel


async def test_the_bot_is_sharded_and_connects_only_its_own_shards(tmp_path: Path) -> None:
    # SYNC_COMMANDS: no process of shard 0 syncs the commands in this SimCord's Discord.
    bot = create_bot(shard_settings(tmp_path / "r.db", 2, "1", sync_commands=True), seeds=Seeds())
    assert isinstance(bot, commands.AutoShardedBot)
    async with simcord.run(bot) as env:
        mine = env.create_guild("mine", shard_id=1)
        theirs = env.create_guild("theirs", shard_id=0)
        assert (bot.shard_count, set(bot.shards)) == (2, {1})
        assert bot.get_guild(mine.id) is not None
        assert bot.get_guild(theirs.id) is None  # Discord sends it to shard 0's process
        await open_holdout(env, mine, bot)
    await bot.store.close()


async def test_unset_the_bot_runs_discords_recommended_shards_in_one_process(tmp_path: Path) -> None:
    bot = create_bot(shard_settings(tmp_path / "r.db"), seeds=Seeds())
    assert bot.shard_count is None and bot.shard_ids is None  # asked of Discord at connection
    # SimCord stands in for Discord's answer (GET /gateway/bot): three shards.
    async with simcord.run(bot, shard_count=3) as env:
        guilds = [env.create_guild(f"g{shard}", shard_id=shard) for shard in range(3)]
        assert set(bot.shards) == {0, 1, 2}
        for guild in guilds:
            assert bot.get_guild(guild.id) is not None
            await open_holdout(env, guild, bot)
        assert len(bot.tables.tables) == 3
        commands_synced = [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
        assert len(commands_synced) == 1
    await bot.store.close()


# ------------------------------------------------------- a process owns its shards' tables
NOTICE = "couldn't be restored after the bot restarted"


def unknown_game(path: Path, table_id: int) -> None:
    """Damage a table's saved snapshot in the database file (tests/e2e/test_damaged_restore.py)."""
    with sqlite3.connect(path) as conn:
        (text,) = conn.execute("SELECT snapshot FROM tables WHERE id = ?", (table_id,)).fetchone()
        snapshot = json.loads(text)
        snapshot["game"] = "tarocchi"
        conn.execute("UPDATE tables SET snapshot = ? WHERE id = ?", (json.dumps(snapshot), table_id))
    conn.close()


def rows_of_guild(path: Path, guild_id: int) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the database that belongs to `guild_id`, table by table, as stored: the
    rows with its guild id, and the rows of its tables (by table id) that name no guild."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        names = [name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        table_ids = [tid for (tid,) in conn.execute("SELECT id FROM tables WHERE guild_id = ?", (guild_id,))]
        rows: dict[str, list[tuple[object, ...]]] = {}
        for name in names:
            columns = {column[1] for column in conn.execute(f"PRAGMA table_info({name})")}
            if "guild_id" in columns:
                query, args = f"SELECT * FROM {name} WHERE guild_id = ?", [guild_id]
            elif "table_id" in columns:
                marks = ",".join("?" * len(table_ids))
                query, args = f"SELECT * FROM {name} WHERE table_id IN ({marks})", table_ids
            else:
                continue
            rows[name] = sorted(conn.execute(query, args), key=repr)
    return rows


def notices(channel: simcord.ChannelHandle) -> list[str]:
    return [m.content for m in channel.history() if NOTICE in (m.content or "")]


@dataclass
class Guild:
    """A guild of one shard with two open tables: one whose hand waits on a member (its turn
    will time out), and one whose saved state is damaged before the restart."""

    handle: simcord.GuildHandle
    waiting: int
    damaged: int
    damaged_channel: simcord.ChannelHandle


async def two_tables(env: simcord.Env, bot: Ridotto, shard: int) -> Guild:
    guild = env.create_guild(f"shard {shard}", shard_id=shard)
    waiting, _ = await open_holdout(env, guild, bot)
    damaged, channel = await open_holdout(env, guild, bot)
    return Guild(guild, waiting, damaged, channel)


async def test_a_process_restores_times_and_plays_only_the_tables_of_its_own_shards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "r.db"
    statements = traced(monkeypatch)
    first = create_bot(shard_settings(path, 2), seeds=Seeds())  # both shards, one process
    bots = [first]
    async with simcord.run(first) as env:
        mine, theirs = await two_tables(env, first, 0), await two_tables(env, first, 1)
        for table_id in (mine.waiting, theirs.waiting):
            assert first.tables.tables[table_id].awaiting  # the hand waits on Alice
        unknown_game(path, mine.damaged)
        unknown_game(path, theirs.damaged)
        before = rows_of_guild(path, theirs.handle.id)

        # The process of shard 0 starts on the same database.
        statements.clear()
        shard0 = create_bot(shard_settings(path, 2, "0"), seeds=Seeds())
        bots.append(shard0)
        await env.restart_bot(shard0)
        at_start = list(statements)
        assert set(shard0.tables.tables) == {mine.waiting}
        await env.advance_time(121)  # past every turn timer, and the grace after a restart

        # Its own tables: the damaged one set aside and its channel told, the turn timed out.
        assert notices(mine.damaged_channel) == [english(SET_ASIDE_NOTICE)]
        assert any(
            "ran out of time" in line for line in map(english, shard0.tables.tables[mine.waiting].state.log)
        )
        # Shard 1's: not one row read at start-up, changed or told anything.
        assert notices(theirs.damaged_channel) == []
        assert rows_of_guild(path, theirs.handle.id) == before
        # At start-up, every statement that names a table or a guild names one of shard 0's...
        named = {int(n) for s in at_start for n in re.findall(r"(?:\bid = |table_id = |'table:)(\d+)", s)}
        assert named == {mine.damaged}  # the set-aside: its escrow, ledger and snapshot
        assert not any(str(theirs.handle.id) in s for s in at_start)
        # ...and the one that reads many tables' rows asks SQLite for shard 0's only.
        scans = [s for s in at_start if " FROM tables " in s and not re.search(r"\bid = \d+", s)]
        assert len(scans) == 1 and "(guild_id >> 22) % 2 IN (0)" in scans[0], scans
        with contextlib.closing(sqlite3.connect(path)) as conn:
            guilds = {row[1] for row in conn.execute(scans[0])}
        assert guilds == {mine.handle.id} and Shards(2, (0,)).owns(mine.handle.id)

        # The process of shard 1 then finds its tables as they were, and plays them.
        shard1 = create_bot(shard_settings(path, 2, "1"), seeds=Seeds())
        bots.append(shard1)
        await env.restart_bot(shard1)
        assert set(shard1.tables.tables) == {theirs.waiting}
        assert notices(theirs.damaged_channel) == [english(SET_ASIDE_NOTICE)]
        await env.advance_time(121)
        assert any(
            "ran out of time" in line for line in map(english, shard1.tables.tables[theirs.waiting].state.log)
        )
    for bot in bots:
        await bot.store.close()
    store = await Store.open(path)
    report = await store.audit()
    await store.close()
    assert report.ok, report


def traced(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every SQL statement each store the bots open runs, as SQLite ran it (values filled in)."""
    statements: list[str] = []
    open_store = Store.open.__func__  # type: ignore[attr-defined]

    async def open_traced(cls: type[Store], path: Path) -> Store:
        store: Store = await open_store(cls, path)
        store._db.conn.set_trace_callback(statements.append)  # type: ignore[union-attr]
        return store

    monkeypatch.setattr(Store, "open", classmethod(open_traced))
    return statements


# ----------------------------------------------------------- one process syncs the commands
def command_syncs(env: simcord.Env) -> list[int]:
    """How many commands the bot sent Discord, each time it synced them (PUT …/commands)."""
    return [len(r.json) for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]


@pytest.mark.parametrize(
    ("ids", "sync", "syncs"),
    [("0", None, 1), ("1", None, 0), ("1", True, 1), ("0", False, 0)],
    ids=["shard 0 syncs", "shard 1 leaves it", "SYNC_COMMANDS=true", "SYNC_COMMANDS=false"],
)
async def test_only_the_process_of_shard_0_syncs_the_slash_commands(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, ids: str, sync: bool | None, syncs: int
) -> None:
    bot = create_bot(shard_settings(tmp_path / "r.db", 2, ids, sync_commands=sync), seeds=Seeds())
    with caplog.at_level(logging.INFO, logger="bot.app"):
        async with simcord.run(bot) as env:
            assert command_syncs(env) == [len(bot.tree.get_commands())] * syncs
    await bot.store.close()
    left = [r.getMessage() for r in caplog.records if "leaves the slash commands" in r.getMessage()]
    assert len(left) == 1 - syncs, left


# ------------------------------------------------- two processes, one database, both playing
SHARD_BOT = Path(__file__).with_name("shard_bot.py")


async def test_two_processes_each_play_their_own_shards_tables_on_one_database(store_url: str) -> None:
    """Two real bot processes, each owning one of two shards, on one SQLite file and on one
    PostgreSQL database (`store_url`): both play a table of their own at once, and the
    books are exact after both stop."""
    database = store_url
    processes = [
        subprocess.Popen(
            [sys.executable, str(SHARD_BOT), str(database), str(shard)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for shard in (0, 1)
    ]
    try:
        for process in processes:
            assert process.stdout is not None and process.stdin is not None
            line = process.stdout.readline()
            assert line == "open\n", (line, process.stderr.read() if process.stderr else "")
        for process in processes:  # both tables are open: both play from here at once
            assert process.stdin is not None
            process.stdin.write("go\n")
            process.stdin.flush()
        results = [process.communicate(timeout=120) for process in processes]
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
    closed = []
    for process, (out, err) in zip(processes, results, strict=True):
        assert process.returncode == 0, err
        word, table_id, guild_id = out.split()
        assert word == "closed"
        closed.append((int(table_id), int(guild_id)))
    assert [shard_of(guild, 2) for _, guild in closed] == [0, 1]
    store = await open_database(database)
    try:
        report = await store.audit()
        for table_id, guild_id in closed:
            record = await store.table(table_id)
            assert record is not None and record.guild_id == guild_id and record.status == "closed"
    finally:
        await store.close()
    assert report.ok, report
