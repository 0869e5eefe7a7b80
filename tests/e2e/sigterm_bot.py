"""The real Ridotto bot in a process of its own, to be stopped by a real signal.

    python tests/e2e/sigterm_bot.py DATABASE_PATH [stuck]

SimCord plays Discord in this process (see tests/e2e/test_shutdown.py). Alice opens a
Holdout table; then the bot is started as `python -m bot` starts it (`bot.start(token)`,
then `bot.close()`), SimCord standing in for the two network steps of `start` only: the
login (SimCord has logged the bot in) and the gateway connection (SimCord feeds the bot its
events; the connection lasts until the bot closes its end). On that connection Bob clicks
**Join**: his move stops halfway, its chips moved in a transaction still open, and waits
there until the bot closes the gateway, which only a shutdown does (`stuck`: it waits for
good, and the bot gives work in flight 0.2 s). The process then prints "ready" and waits.

Once the bot has closed, it prints what Bob's click got, as one line of JSON, and exits 0;
a signal the bot does not handle kills it before that. SimCord's HTTP, unlike discord.py's,
still answers after the bot closes it, so the line also says in which order the answer and
the closing of HTTP came.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import simcord  # noqa: E402

from bot.app import create_bot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.storage import Tx  # noqa: E402
from tests.helpers.room import text_lines  # noqa: E402


async def main(path: Path, stuck: bool) -> int:
    grace = 0.2 if stuck else 8.0
    settings = Settings(discord_token=None, database_path=path, computer_delay=0, shutdown_grace=grace)
    bot = create_bot(settings)
    async with simcord.run(bot, check_errors=False, shard_count=1) as env:
        guild = env.create_guild("Ridotto Test")
        channel = guild.create_text_channel("tavern")
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        await alice.slash(channel, "play holdout", stake=5)
        table_message = channel.last_message
        assert table_message is not None

        gateway_closed = asyncio.Event()

        async def on_shard_disconnect(shard_id: int) -> None:
            gateway_closed.set()  # the bot closed its shard's connection

        bot.add_listener(on_shard_disconnect)
        save_table = Tx.save_table
        clicks: list[simcord.InteractionResult] = []

        async def save_halfway(self: Tx, *args: Any, **kwargs: Any) -> None:
            print("ready", flush=True)  # Bob's move is in flight
            resume = asyncio.Event() if stuck else gateway_closed
            await env.external_wait(resume.wait(), reason="the signal that stops the bot")
            await save_table(self, *args, **kwargs)

        async def login(token: str) -> None:
            return None  # SimCord logged the bot in when it attached it

        async def connect(*, reconnect: bool = True) -> None:
            # The gateway: it delivers Bob's click, and ends when the bot closes it.
            Tx.save_table = save_halfway  # type: ignore[method-assign]
            clicks.append(await bob.click(table_message, label="Join"))
            await gateway_closed.wait()

        bot.login = login  # type: ignore[method-assign]
        bot.connect = connect  # type: ignore[method-assign]

        order: list[str] = []
        close_http = bot.http.close
        edit_message = discord.InteractionResponse.edit_message

        async def close_http_noted() -> None:
            order.append("http closed")
            await close_http()

        async def edit_message_noted(self: Any, **fields: Any) -> Any:
            answer = await edit_message(self, **fields)
            order.append("answered")
            return answer

        bot.http.close = close_http_noted  # type: ignore[method-assign]
        discord.InteractionResponse.edit_message = edit_message_noted  # type: ignore[method-assign]
        try:
            await bot.start("simcord")
        finally:
            await bot.close()
        Tx.save_table = save_table  # type: ignore[method-assign]
        result = clicks[0] if clicks else None
        response = result.response if result is not None else None
        lines = text_lines(response.message) if response else []
        seats = [line for line in lines if line.startswith("Seated")]
        answer = {
            "alice": alice.id,
            "bob": bob.id,
            "answered": result is not None and result.acknowledged,
            "ephemeral": result is not None and result.ephemeral,
            "edited": response is not None and response.id == table_message.id,
            "bob seated": any(bob.mention in seat for seat in seats),
            "order": order,
        }
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    sys.exit(asyncio.run(main(Path(sys.argv[1]), sys.argv[2:] == ["stuck"])))
