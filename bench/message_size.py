"""How long the public table message is, per game, as a member reads it.

    python bench/message_size.py [--root DIR]

A fresh bot (SimCord, a fresh SQLite file, one seed) opens a table of every game with one
member and as many computers as the game needs, and reads the table message in the lobby,
just after the deal (mid-hand) and when the first hand is over (the member's turns are
played by the turn timer, SimCord's clock moved on). It prints the characters and lines a
member reads: of an embed, its title, description, fields (names and values) and footer;
of a V2 layout, its text displays. Buttons and the picture are not counted.

``--root DIR`` measures the bot in DIR (e.g. the main checkout, for the figures before a
change): its packages are imported first. Not a test: it prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

SEED = 20261126
#: seconds SimCord's clock moves at a time while the member's turn runs out (the timer plays)
STEP = 121
#: steps before a hand is given up on (a hand that has not ended by then is reported as such)
STEPS = 60


def read(message: Any) -> str:
    """What a member reads of a message, buttons and pictures aside."""
    texts: list[str] = [message.content or ""]
    for embed in message.embeds:
        texts += [embed.title or "", embed.description or ""]
        for field in embed.fields:
            texts += [field.name or "", field.value or ""]
        texts.append(embed.footer.text or "")

    def walk(parts: list[Any]) -> None:
        for part in parts:
            content = getattr(part, "content", None)
            if isinstance(content, str):
                texts.append(content)
            walk(list(getattr(part, "children", None) or []))

    walk(list(message.components))
    return "\n".join(text for text in texts if text)


def size(message: Any) -> str:
    text = read(message)
    return f"{len(text):>5} ch {len(text.splitlines()):>3} ln"


async def measure(game: str) -> list[str]:
    import simcord

    from bot.app import create_bot
    from bot.config import Settings
    from bot.tables import Phase

    with tempfile.TemporaryDirectory(prefix="ridotto-size-") as tmp:
        settings = Settings(
            discord_token=None,
            database_path=Path(tmp) / "size.db",
            computer_delay=0,
            workers=0,
            channel_rate=0,
            shard_count=1,
            dev_guild_id=None,
        )
        bot = create_bot(settings, seeds=lambda: SEED)
        async with simcord.run(bot, shard_count=1) as env:
            try:
                guild = env.create_guild("Ridotto Size")
                channel = guild.create_text_channel("tavern")
                alice = guild.add_member(env.create_user("alice"))
                await alice.slash(channel, f"play {game.replace('_', '-')}")
                table = bot.tables.in_channel(channel.id)
                assert table is not None

                def shown() -> Any:
                    return next(m for m in channel.history() if m.id == table.state.message_id)

                for _ in range(max(1, table.seat_range[0] - len(table.state.seats))):
                    await alice.click(shown(), label="Add bot")
                sizes = [size(shown())]
                await alice.click(shown(), label="Start")
                sizes.append(size(shown()) if table.state.phase is Phase.PLAYING else "  (played out)  ")
                for _ in range(STEPS):
                    if table.state.phase is not Phase.PLAYING:
                        break
                    await env.advance_time(STEP)
                ended = table.state.phase is Phase.BETWEEN or table.state.hand_no > 1
                sizes.append(size(shown()) if ended else "  (not over)    ")
                return sizes
            finally:
                await bot.close()


async def main(root: Path | None) -> None:
    if root is not None:
        sys.path.insert(0, str(root))
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bot.games import GAMES

    where = root if root is not None else Path(__file__).resolve().parents[1]
    print(f"Ridotto bench: the table message as a member reads it ({where})")
    print(f"{'game':<12} {'lobby':>16} {'mid-hand':>16} {'end of hand':>16}")
    for game in sorted(GAMES):
        sizes = await measure(game)
        print(f"{game:<12} " + " ".join(f"{s:>16}" for s in sizes))


if __name__ == "__main__":
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--root", type=Path, default=None, help="measure the bot in this checkout")
    asyncio.run(main(parser.parse_args().root))
