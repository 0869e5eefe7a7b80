"""`python -m bot` runs the card room; `python -m bot sandbox` runs it in a room of its own, in
the browser, without Discord; `python -m bot audit` checks every chip;
`python -m bot migrate-db --from URL --to URL` moves a room to another database."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

from bot.config import BadSettings, Settings, load
from bot.store import DatabaseUnavailable

NO_TOKEN = """\
Ridotto needs a Discord bot token to start.

  1. Create an application at https://discord.com/developers/applications
     and add a bot to it (the README walks through every step).
  2. Copy the bot's token into a file named .env next to README.md:
         DISCORD_TOKEN=your-token-here
     (or set the DISCORD_TOKEN environment variable).
  3. Run `python -m bot` again.

To try Ridotto first, without Discord or a token, run `python -m bot sandbox`.
"""

BAD_TOKEN = """\
Discord refused the token in DISCORD_TOKEN.

Open your application in the Developer Portal, go to Bot → Reset Token, copy the new
token into .env as DISCORD_TOKEN=..., and run `python -m bot` again.
"""


def main(argv: list[str]) -> int:
    if argv[:1] == ["audit"]:
        # The audit reads only DATABASE_PATH (and not even that when given a path), so a
        # bad LOG_LEVEL or COMPUTER_DELAY never stands between an operator and the books.
        from bot.audit import main as audit_main

        return audit_main(argv[1:])
    if argv[:1] == ["sandbox"]:
        # Its own settings and refusals; it imports SimCord, which only its extra installs.
        from bot.sandbox.main import main as sandbox_main

        return sandbox_main(argv[1:])
    if argv[:1] == ["migrate-db"]:
        from bot.migrate_db import main as migrate_main

        return migrate_main(argv[1:])
    if argv:
        print(
            "usage: python -m bot [sandbox [--port N] | audit [DATABASE] | migrate-db --from URL --to URL]",
            file=sys.stderr,
        )
        return 2
    try:
        settings = load(Settings)
    except BadSettings as problem:
        print(problem, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    token = settings.discord_token.get_secret_value().strip() if settings.discord_token else ""
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.app import create_bot

    async def run() -> None:
        # Once connected, SIGTERM and SIGINT close the bot gracefully (Ridotto.start, .close).
        async with create_bot(settings) as bot:
            await bot.start(token)

    try:
        asyncio.run(run())
    except DatabaseUnavailable as problem:
        print(problem, file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print(
            "Discord refused the connection: this bot asks for no privileged intents, "
            "so check that the token belongs to the right application.",
            file=sys.stderr,
        )
        return 1
    except (OSError, discord.GatewayNotFound, discord.HTTPException) as error:
        print(
            f"Could not reach Discord ({error.__class__.__name__}). Check the network and try again.",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
