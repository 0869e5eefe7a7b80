"""One process of a sharded Ridotto: the real bot owning shard SHARD of 2 on a shared database.

    python tests/e2e/shard_bot.py DATABASE_URL SHARD

SimCord plays Discord in this process, with the guilds of this shard only. Alice opens a
Holdout table with a computer and deals; the process prints "open" and waits for a line on
standard input ("go"), so that the test can start every process's play at the same moment.
Then Alice is away: her turn timer plays for her until the table closes by itself. The
process prints "closed TABLE_ID GUILD_ID" and exits 0.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402

from bot.app import create_bot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.tables import Phase  # noqa: E402


async def main(url: str, shard: int) -> int:
    settings = Settings(
        discord_token=None,
        database_url=url,
        computer_delay=0,
        workers=0,
        channel_rate=0,
        shard_count=2,
        shard_ids=str(shard),
        sync_commands=True,  # each process's SimCord is a Discord of its own
    )
    bot = create_bot(settings)
    async with simcord.run(bot) as env:
        guild = env.create_guild(f"shard {shard}", shard_id=shard)
        channel = guild.create_text_channel("tavern")
        alice = guild.add_member(env.create_user("alice"))
        await alice.slash(channel, "play holdout", stake=5)
        table = bot.tables.in_channel(channel.id)
        assert table is not None
        await alice.click(channel.last_message, label="Add bot")
        await alice.click(channel.last_message, label="Start")
        assert table.state.phase is Phase.PLAYING
        print("open", flush=True)
        # Read on the loop itself: the bot is idle (SimCord's clock stands still until advanced).
        assert sys.stdin.readline().strip() == "go"
        while table.state.phase is not Phase.CLOSED:
            await env.advance_time(121 if table.state.phase is Phase.PLAYING else 31 * 60)
        print(f"closed {table.id} {guild.id}", flush=True)
    await bot.store.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], int(sys.argv[2]))))
