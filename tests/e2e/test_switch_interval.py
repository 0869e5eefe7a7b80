"""While the bot runs, a helper thread it wakes (the database's, a worker pool's) holds the
GIL at most `SWITCH_INTERVAL` before the event loop has it back; the process's own interval
is put back when the bot closes."""

from __future__ import annotations

import sys

import simcord

from bot.app import SWITCH_INTERVAL, create_bot
from bot.config import Settings


async def test_the_bot_shortens_the_switch_interval_while_it_runs_and_restores_it(settings: Settings) -> None:
    # The process's own interval, whatever an earlier test's bot left behind (a bot stopped
    # as by a crash, without close, keeps its interval): Python's default, 5 ms.
    original = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    try:
        bot = create_bot(settings)
        try:
            async with simcord.run(bot, shard_count=1):
                assert sys.getswitchinterval() == SWITCH_INTERVAL != 0.005
                await bot.close()
        finally:
            await bot.store.close()
        assert sys.getswitchinterval() == 0.005
    finally:
        sys.setswitchinterval(original)
