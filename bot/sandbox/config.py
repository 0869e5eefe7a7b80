"""What the sandbox reads, and the configurations it refuses.

Two settings of its own (`.env` or the environment): ``SANDBOX_PORT``, the loopback port of
the page, and ``SANDBOX_DATABASE``, the SQLite file of the sandbox's room. The bot's other
settings (``COMPUTER_DELAY``, ``LOG_LEVEL``, …) are read as the bot reads them; what would
point the bot at Discord or at another database is set here, never read.

The sandbox refuses to start, with one sentence, when the configuration is a real bot's
(``DISCORD_TOKEN`` set) or when its database would be the production one: the path
``DATABASE_URL`` or ``DATABASE_PATH`` names, or any file that holds another server's room.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.config import Settings
from bot.store.url import sqlite_url

#: the port the page is served on unless told otherwise (the Ridotto opened in 1638)
DEFAULT_PORT = 1638
#: the sandbox's room, beside the production database's default folder
DEFAULT_DATABASE = Path("data/sandbox.db")
#: the sandbox's one server: a fixed id, so its room carries over from one start to the next
GUILD_ID = 1_638_000_000_000_000_001
#: the only address the page is served on: SimCord's preview binds nothing else
HOST = "127.0.0.1"


class SandboxSettings(BaseSettings):
    """The sandbox's own settings; field names match the `.env` keys."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    sandbox_port: int = Field(
        default=DEFAULT_PORT,
        ge=0,
        le=65535,
        description="The loopback port of the sandbox's page (0: any free port).",
    )
    sandbox_database: Path = Field(
        default=DEFAULT_DATABASE,
        description="The sandbox room's SQLite file; never the production database.",
    )


class Refused(Exception):
    """The sandbox will not start: one sentence saying why and what to do."""


@dataclass(frozen=True)
class SandboxConfig:
    """Everything a sandbox starts from: the page's port, its database and the bot's settings."""

    port: int
    database: Path
    bot: Settings


def sandbox_config(production: Settings, own: SandboxSettings, *, port: int | None = None) -> SandboxConfig:
    """The sandbox's configuration from the settings as the bot reads them (`production`) and
    the sandbox's own; `port` (the --port option) wins over ``SANDBOX_PORT``. Raises
    :class:`Refused` for a configuration the sandbox must not run with."""
    if production.discord_token is not None and production.discord_token.get_secret_value().strip():
        raise Refused(
            "This is the sandbox (python -m bot sandbox), which plays on a Discord of its own and"
            " never uses a token, but DISCORD_TOKEN is set (in the environment or .env): unset it"
            " to try the sandbox, or run python -m bot to run the bot on Discord."
        )
    database = own.sandbox_database
    check_not_production(database, production)
    check_a_sandbox_room(database)
    # Validated anew (not copied), so what is derived from these, the shards, is derived again.
    bot = Settings.model_validate(
        production.model_dump()
        | {
            # The sandbox's own file, whatever DATABASE_URL or DATABASE_PATH say.
            "database_url": sqlite_url(database).url,
            "database_path": database,
            "discord_token": None,
            # One process, one shard (SimCord recommends no count of its own), which syncs
            # the commands to the application, as a one-process bot does.
            "shard_count": 1,
            "shard_ids": None,
            "cluster_index": None,
            "cluster_count": None,
            "sync_commands": True,
            "dev_guild_id": None,
        }
    )
    return SandboxConfig(port=own.sandbox_port if port is None else port, database=database, bot=bot)


def check_not_production(database: Path, production: Settings) -> None:
    """Refuse a sandbox database that is the production one: the file ``DATABASE_URL`` names
    (when it is SQLite) or ``DATABASE_PATH``, however the path is spelled."""
    named = [production.database_path]
    if (url_path := production.database().path) is not None:
        named.append(url_path)
    for path in named:
        if same_file(database, path):
            raise Refused(
                f"SANDBOX_DATABASE ({database}) is the production database ({path}, from"
                " DATABASE_URL or DATABASE_PATH): the sandbox keeps a room of its own, so give"
                " SANDBOX_DATABASE another path."
            )


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file: the same path once resolved (symbolic links and
    relative spellings followed), or two links to one file."""
    if one.resolve() == other.resolve():
        return True
    try:
        return os.path.samefile(one, other)
    except OSError:  # one of them does not exist yet: then they are not one file
        return False


def check_a_sandbox_room(database: Path) -> None:
    """Refuse a file that is not a sandbox's room: one that is not an SQLite database, one
    of another program's, or one that holds any server but the sandbox's own (a copy of a
    production room, say). A missing or empty file is a new room."""
    if not database.exists():
        return
    if not database.is_file():
        raise Refused(f"SANDBOX_DATABASE ({database}) is not a file: give it the path of a database file.")
    if database.stat().st_size == 0:
        return
    try:
        tables, guilds = servers_in(database)
    except sqlite3.DatabaseError:
        raise Refused(
            f"SANDBOX_DATABASE ({database}) is not an SQLite database: give the sandbox a path of its own."
        ) from None
    if tables and not tables >= ROOM_TABLES:
        raise Refused(
            f"SANDBOX_DATABASE ({database}) is another program's database:"
            " give the sandbox a path of its own."
        )
    others = sorted(guilds - {GUILD_ID})
    if others:
        raise Refused(
            f"SANDBOX_DATABASE ({database}) holds another server's room (server {others[0]}), so it"
            " is not the sandbox's: give SANDBOX_DATABASE a path of its own."
        )


#: the tables of a Ridotto database that name a server (each has a guild_id column)
ROOM_TABLES = frozenset({"guild_settings", "members", "tables", "ledger"})


def servers_in(database: Path) -> tuple[set[str], set[int]]:
    """The tables of an SQLite file, and the servers its Ridotto tables name (read-only)."""
    connection = sqlite3.connect(f"file:{database.resolve()}?mode=ro", uri=True)
    try:
        tables = {
            name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        guilds: set[int] = set()
        if tables >= ROOM_TABLES:
            for table in sorted(ROOM_TABLES):
                guilds |= {guild for (guild,) in connection.execute(f"SELECT DISTINCT guild_id FROM {table}")}
        return tables, guilds
    finally:
        connection.close()
