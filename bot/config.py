"""Settings, read from the environment and an optional `.env` file.

:class:`DatabaseSettings` is the part ``python -m bot audit`` needs (only the database
path), so a bad ``LOG_LEVEL`` or ``COMPUTER_DELAY`` never stops an audit;
:class:`Settings` is everything the bot reads at start-up. :func:`load` reads either and
turns what is wrong into :class:`BadSettings`: one sentence per bad setting, naming it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import Field, PrivateAttr, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.shards import Shards, cluster_ids, parse_ids
from bot.store.url import DatabaseUrl, parse_url, sqlite_url
from bot.workers import default_size

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

# What each setting must be, for the sentence that explains a value pydantic could not parse.
_NEEDS = {
    "dev_guild_id": "a server id (a whole number), or empty",
    "computer_delay": "a number of seconds, 0 or more",
    "pass_delay": "a number of seconds, 0 or more",
    "shutdown_grace": "a number of seconds, 0 or more",
    "channel_rate": "a whole number of message operations, 0 or more",
    "picture_wait": "a number of seconds, 0 or more",
    "workers": "a whole number of worker processes, 0 or more",
    "worker_nice": "a whole number from 0 to 19",
    "drawing_nice": "a whole number from 0 to 19",
    "decision_cap": "a number of seconds, more than 0",
    "database_path": "the path of a database file",
    "shard_count": "a whole number of shards, 1 or more, or empty",
    "cluster_index": "a whole number, 0 or more, or empty",
    "cluster_count": "a whole number of processes, 1 or more, or empty",
    "sync_commands": "true or false, or empty",
}
_SECRET = {"discord_token"}


class DatabaseSettings(BaseSettings):
    """Where the database lives: all that ``python -m bot audit`` reads.

    ``DATABASE_URL`` names it (``sqlite:///data/ridotto.db`` or ``postgresql://…``). The older
    ``DATABASE_PATH`` (an SQLite file) is still read, so a deployment that sets it keeps its
    database; when both are set, ``DATABASE_URL`` wins.
    """

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    database_url: str | None = Field(
        default=None,
        description=(
            "The database: sqlite:///data/ridotto.db (a file, the default) or"
            " postgresql://user:password@host/dbname (a server several processes share)."
        ),
    )
    database_path: Path = Field(
        default=Path("data/ridotto.db"),
        description="SQLite file; created on first run. DATABASE_URL, when set, wins.",
    )

    @field_validator("database_url")
    @classmethod
    def _a_database_url(cls, value: str | None) -> str | None:
        if value is not None:
            parse_url(value)  # one sentence naming DATABASE_URL, never its password
        return value

    def database(self) -> DatabaseUrl:
        """The database these settings name: DATABASE_URL, else DATABASE_PATH's file."""
        if self.database_url is not None:
            return parse_url(self.database_url)
        return sqlite_url(self.database_path)


class Settings(DatabaseSettings):
    """Everything the bot reads at start-up. Field names match the `.env` keys."""

    discord_token: SecretStr | None = Field(
        default=None, description="The bot token from the Developer Portal."
    )
    dev_guild_id: int | None = Field(
        default=None, description="Sync slash commands to this server only, instantly (development)."
    )
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING, ERROR or CRITICAL.")
    computer_delay: float = Field(
        default=1.5, ge=0, description="Seconds a computer player waits before it acts, so people can follow."
    )
    pass_delay: float = Field(
        default=3.0,
        ge=0,
        description="Seconds between the steps of a hand that plays itself (passes dealt one at a time).",
    )
    channel_rate: int = Field(
        default=5,
        ge=0,
        description=(
            "Message operations the bot makes per channel per 5 seconds (Discord's limit): the table"
            " message after the computers' moves waits for room, gathering them into one edit;"
            " 0 keeps no count (the tests: SimCord has no limit)."
        ),
    )
    picture_wait: float = Field(
        default=0.015,  # bot.display.PICTURE_WAIT, which explains it
        ge=0,
        description=(
            "Seconds a click's answer waits for the table's new picture; past that it goes with"
            " the new words and buttons and the picture shown, and the new picture follows in an"
            " edit of the answer (one more call, outside the channel's message rate)."
        ),
    )
    workers: int = Field(
        default_factory=default_size,
        ge=0,
        description=(
            "Worker processes for computer players and prices, off the event loop and below"
            " its priority (pictures get two of their own); by default one fewer than the"
            " machine's cores (at least 1). 0 computes all of it in the bot's own process, as"
            " the tests do."
        ),
    )
    worker_nice: int = Field(
        default=10,
        ge=0,
        le=19,
        description=(
            "How much lower than the bot's own the operating system puts the priority of the"
            " computers' worker processes (nice, 0 to 19; 10 is background work): on a machine"
            " whose cores are all busy, the event loop and the pictures members wait for are"
            " served first, and the computers think with what is left."
        ),
    )
    drawing_nice: int = Field(
        default=5,
        ge=0,
        le=19,
        description=(
            "The same for the two picture-drawing processes: a little below the bot's own event"
            " loop, which answers every click in the room, and well above the computers."
        ),
    )
    decision_cap: float = Field(
        default=5.0,
        gt=0,
        description=(
            "Seconds a worker may take over one computer decision or price before it counts as"
            " hung and is replaced; after a second try the table plays the timeout move. The"
            " strong players' budgets are counted in positions, not seconds: this is only a safety."
        ),
    )

    shutdown_grace: float = Field(
        default=8.0,
        ge=0,
        description=(
            "Seconds the clicks in flight get to finish when the bot is asked to stop (SIGTERM or"
            " SIGINT). Keep it under the process manager's own limit: Docker sends SIGKILL 10 s"
            " after SIGTERM, Heroku 30 s, systemd 90 s."
        ),
    )

    shard_count: int | None = Field(
        default=None,
        ge=1,
        description=(
            "How many shards the whole bot runs (Discord requires one per 2,500 servers). Empty:"
            " Discord's recommended count, every shard in this one process."
        ),
    )
    shard_ids: str | None = Field(
        default=None,
        description="The shards this process connects, such as 0,1 or 0-3 (needs SHARD_COUNT). Empty: all.",
    )
    cluster_index: int | None = Field(
        default=None,
        ge=0,
        description="This process's number, from 0, among CLUSTER_COUNT processes (instead of SHARD_IDS).",
    )
    cluster_count: int | None = Field(
        default=None,
        ge=1,
        description="How many processes share SHARD_COUNT's shards, each a contiguous range of them.",
    )
    sync_commands: bool | None = Field(
        default=None,
        description=(
            "Whether this process syncs the slash commands with Discord. Empty: only the process"
            " that connects shard 0 does (the commands are the application's, not a shard's)."
        ),
    )
    _shards: Shards = PrivateAttr(default_factory=Shards)

    @field_validator("shard_ids")
    @classmethod
    def _shard_list(cls, value: str | None) -> str | None:
        if value is not None:
            parse_ids(value)  # raises the sentence for a list it can't read
        return value

    @model_validator(mode="after")
    def _which_shards(self) -> Settings:
        """The shards this process connects, from SHARD_IDS or CLUSTER_INDEX/CLUSTER_COUNT.
        The two ways are not mixed: a process given both would have to guess which was meant."""
        count, clustered = self.shard_count, (self.cluster_index, self.cluster_count) != (None, None)
        if self.shard_ids is not None and clustered:
            raise ValueError(
                "SHARD_IDS and CLUSTER_INDEX/CLUSTER_COUNT both choose this process's shards:"
                " set one or the other"
            )
        ids: tuple[int, ...] | None = None
        if self.shard_ids is not None:
            if count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards of the whole bot")
            ids = parse_ids(self.shard_ids)
            outside = [shard for shard in ids if shard >= count]
            if outside:
                raise ValueError(
                    f"SHARD_IDS names shard {outside[0]}, but with SHARD_COUNT={count}"
                    f" the shards are 0 to {count - 1}"
                )
        elif clustered:
            index, clusters = self.cluster_index, self.cluster_count
            if index is None or clusters is None:
                raise ValueError("CLUSTER_INDEX and CLUSTER_COUNT go together: set both, or neither")
            if count is None:
                raise ValueError("CLUSTER_COUNT needs SHARD_COUNT, the number of shards the processes share")
            if index >= clusters:
                raise ValueError(
                    f"CLUSTER_INDEX must be below CLUSTER_COUNT ({clusters}):"
                    f" the processes are 0 to {clusters - 1}"
                )
            if clusters > count:
                raise ValueError(
                    f"CLUSTER_COUNT ({clusters}) is more than SHARD_COUNT ({count}):"
                    " some processes would have no shard"
                )
            ids = cluster_ids(count, index, clusters)
        self._shards = Shards(count, ids)
        return self

    @property
    def shards(self) -> Shards:
        """The shards this process connects, and so the guilds it owns."""
        return self._shards

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the slash commands: SYNC_COMMANDS, or by default only
        the process that connects shard 0, so N processes don't sync N times."""
        return self.shards.first if self.sync_commands is None else self.sync_commands

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {value!r}")
        return level

    @field_validator("database_path")
    @classmethod
    def _a_file_path(cls, value: Path) -> Path:
        # The bot creates the file and its folder, but cannot make a database of a folder
        # or put a folder inside a file.
        if value.is_dir():
            raise ValueError(f"DATABASE_PATH must name a database file, but {str(value)!r} is a directory")
        for parent in value.parents:
            if parent.exists() and not parent.is_dir():
                raise ValueError(
                    f"DATABASE_PATH cannot be {str(value)!r}: {str(parent)!r} is a file, not a directory"
                )
        return value


class BadSettings(Exception):
    """Settings Ridotto cannot use; the message says what to fix, one sentence a problem."""


S = TypeVar("S", bound=BaseSettings)

_HEAD = "Ridotto's settings (.env or environment) have a problem:\n"


def load(cls: type[S]) -> S:
    """Read `cls` from the environment and `.env`; :class:`BadSettings` instead of a traceback."""
    try:
        return cls()
    except ValidationError as error:
        raise BadSettings(explain(error)) from None
    except UnicodeDecodeError:
        raise BadSettings(f"{_HEAD}  The .env file in {Path.cwd()} is not UTF-8 text.") from None
    except OSError as error:
        why = error.strerror or error
        raise BadSettings(f"{_HEAD}  The .env file in {Path.cwd()} cannot be read ({why}).") from None


def explain(error: ValidationError) -> str:
    """One sentence per problem in `error`, each naming the setting (never echoing a secret)."""
    sentences = []
    for problem in error.errors():
        field = ".".join(str(part) for part in problem["loc"])
        name = field.upper()
        given: Any = problem.get("input")
        if problem["type"] == "value_error":
            sentence = str(problem.get("ctx", {}).get("error", problem["msg"]))
        elif field in _SECRET:
            sentence = f"{name} is not valid: {problem['msg']}"
        elif field in _NEEDS:
            sentence = f"{name} must be {_NEEDS[field]}, not {str(given)!r}"
        else:
            sentence = f"{name} cannot be {str(given)!r}: {problem['msg']}"
        sentences.append(f"  {sentence}.")
    return _HEAD + "\n".join(sentences)
