"""Shards across processes: a process connects its shards (SHARD_COUNT, SHARD_IDS), owns
exactly their guilds' tables, and only the process of shard 0 syncs the slash commands.

SimCord plays Discord here with the shard count the bot is given; it sends a guild's
events only to the shard `(guild_id >> 22) % shard_count`, as Discord does."""

from __future__ import annotations

from pathlib import Path

import simcord
from discord.ext import commands

from bot.app import Ridotto, create_bot
from bot.config import Settings
from bot.tables import Phase
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


async def open_holdout(env: simcord.Env, guild: simcord.GuildHandle, bot: Ridotto) -> int:
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
    return table.id


async def test_the_bot_is_sharded_and_connects_only_its_own_shards(tmp_path: Path) -> None:
    bot = create_bot(shard_settings(tmp_path / "r.db", 2, "1"), seeds=Seeds())
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
