"""`python -m bot`: a missing or refused token gets instructions, not a traceback; audit needs no token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

import bot.__main__ as entry
from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]


def run_module(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH"}}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_starting_without_a_token_explains_what_to_do(tmp_path: Path) -> None:
    result = run_module([], tmp_path)
    assert result.returncode == 2
    assert "needs a Discord bot token" in result.stderr
    assert "DISCORD_TOKEN=" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_starting_with_a_refused_token_explains_what_to_do(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    async def refuse(self: discord.Client, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    # Discord answers a bad token with 401 at login; we stand in only for that network answer.
    monkeypatch.setattr(discord.Client, "login", refuse)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "r.db"))
    monkeypatch.chdir(tmp_path)
    assert entry.main([]) == 1
    err = capsys.readouterr().err
    assert "Discord refused the token" in err and "Reset Token" in err


def test_settings_read_the_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(key, raising=False)
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=abc\nDATABASE_PATH=x/y.db\nDEV_GUILD_ID=42\nLOG_LEVEL=DEBUG\n"
    )
    settings = Settings()
    assert settings.discord_token is not None and settings.discord_token.get_secret_value() == "abc"
    assert settings.database_path == Path("x/y.db")
    assert (settings.dev_guild_id, settings.log_level) == (42, "DEBUG")
    assert "abc" not in repr(settings)


def test_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(key, raising=False)
    settings = Settings(_env_file=None)
    assert settings.database_path == Path("data/ridotto.db")
    assert settings.dev_guild_id is None


def test_audit_runs_without_a_token(tmp_path: Path) -> None:
    result = run_module(["audit", str(tmp_path / "none.db")], tmp_path)
    assert result.returncode == 0
    assert "nothing to audit" in result.stdout


def test_the_example_env_file_is_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(key, raising=False)
    settings = Settings(_env_file=ROOT / ".env.example")
    assert settings.discord_token is None and settings.dev_guild_id is None


def test_a_bad_setting_is_explained_without_a_traceback(tmp_path: Path) -> None:
    result = run_module([], tmp_path, DEV_GUILD_ID="my-server")
    assert result.returncode == 2
    assert "DEV_GUILD_ID" in result.stderr and "Traceback" not in result.stderr
