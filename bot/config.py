"""Settings, read from the environment and an optional `.env` file."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything the bot reads at start-up. Field names match the `.env` keys."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = Field(
        default=None, description="The bot token from the Developer Portal."
    )
    database_path: Path = Field(
        default=Path("data/ridotto.db"), description="SQLite file; created on first run."
    )
    dev_guild_id: int | None = Field(
        default=None, description="Sync slash commands to this server only, instantly (development)."
    )
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR.")
    computer_delay: float = Field(
        default=1.5, ge=0, description="Seconds a computer player waits before it acts, so people can follow."
    )
