"""`python -m bot`: a missing or refused token gets instructions, not a traceback; audit needs no token."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

import bot.__main__ as entry
from bot.config import Settings
from bot.storage import Store

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = (
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DATABASE_PATH",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "COMPUTER_DELAY",
    "SHUTDOWN_GRACE",
)
HEAD = "Ridotto's settings (.env or environment) have a problem:\n"


def clean_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No setting from the machine running the tests, and no `.env` but the test's own."""
    for key in SETTINGS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)


def start(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """`python -m bot ARGV` in this process: exit code and standard error."""
    code = entry.main(argv)
    return code, capsys.readouterr().err


def run_module(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS}
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


def test_a_postgresql_server_that_cannot_be_reached_at_start_up_is_one_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    async def accepted(self: discord.Client, token: str) -> None:
        await self.setup_hook()  # what discord.py's login does once Discord accepts the token

    # We stand in only for Discord's answer at login; the database is really asked for.
    monkeypatch.setattr(discord.Client, "login", accepted)
    clean_settings(tmp_path, monkeypatch)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("WORKERS", "0")
    monkeypatch.setenv("DATABASE_URL", f"postgresql://ridotto:hunter2@/ridotto?host={tmp_path}&port=1")
    code, err = start([], capsys)
    assert code == 1
    assert err.startswith("Could not open the database DATABASE_URL names (postgresql://ridotto:***@/ridotto")
    assert err.count("\n") == 1 and err.endswith(".\n")
    assert "hunter2" not in err and "Traceback" not in err and "Discord" not in err


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


@pytest.mark.parametrize(
    ("env", "kind", "where"),
    [
        ({}, "sqlite", Path("data/ridotto.db")),
        ({"DATABASE_PATH": "old/room.db"}, "sqlite", Path("old/room.db")),
        ({"DATABASE_URL": "sqlite:///new/room.db"}, "sqlite", Path("new/room.db")),
        ({"DATABASE_URL": "sqlite:////srv/room.db"}, "sqlite", Path("/srv/room.db")),
        ({"DATABASE_URL": "postgresql://ridotto:pw@db.example/ridotto"}, "postgresql", None),
        ({"DATABASE_URL": "postgres://ridotto@db.example/ridotto"}, "postgresql", None),
        # Both set: DATABASE_URL wins, DATABASE_PATH is the older setting it replaces.
        (
            {"DATABASE_PATH": "old/room.db", "DATABASE_URL": "postgresql://db.example/ridotto"},
            "postgresql",
            None,
        ),
    ],
)
def test_database_url_chooses_the_store_and_database_path_is_still_honoured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], kind: str, where: Path | None
) -> None:
    clean_settings(tmp_path, monkeypatch)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    database = Settings().database()
    assert (database.kind, database.path) == (kind, where)
    assert "pw" not in database.shown()


async def _new_database(path: Path) -> None:
    await (await Store.open(path)).close()


def test_audit_runs_without_a_token(tmp_path: Path) -> None:
    asyncio.run(_new_database(tmp_path / "r.db"))
    result = run_module(["audit", str(tmp_path / "r.db")], tmp_path)
    assert result.returncode == 0
    assert "nothing to audit" in result.stdout


def test_auditing_a_missing_database_says_so_in_one_sentence(tmp_path: Path) -> None:
    result = run_module(["audit", "none.db"], tmp_path)
    assert result.returncode == 3
    assert (result.stdout, result.stderr) == ("", "Cannot audit none.db: there is no such file.\n")
    assert list(tmp_path.iterdir()) == []


def test_audit_ignores_bad_settings_it_does_not_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clean_settings(tmp_path, monkeypatch)
    asyncio.run(_new_database(tmp_path / "r.db"))
    monkeypatch.setenv("LOG_LEVEL", "bogus")
    monkeypatch.setenv("DEV_GUILD_ID", "x")
    assert entry.main(["audit", "r.db"]) == 0
    monkeypatch.setenv("DATABASE_PATH", "r.db")
    assert entry.main(["audit"]) == 0
    assert capsys.readouterr().err == ""


def test_the_example_env_file_is_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(key, raising=False)
    settings = Settings(_env_file=ROOT / ".env.example")
    assert settings.discord_token is None and settings.dev_guild_id is None


def test_a_bad_setting_is_explained_without_a_traceback(tmp_path: Path) -> None:
    result = run_module([], tmp_path, DEV_GUILD_ID="my-server")
    assert result.returncode == 2
    assert "DEV_GUILD_ID" in result.stderr and "Traceback" not in result.stderr


def test_a_bogus_log_level_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clean_settings(tmp_path, monkeypatch)
    monkeypatch.setenv("LOG_LEVEL", "bogus")
    assert start([], capsys) == (
        2,
        HEAD + "  LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not 'bogus'.\n",
    )


@pytest.mark.parametrize(
    ("given", "level"), [("debug", "DEBUG"), (" Warning ", "WARNING"), ("CRITICAL", "CRITICAL")]
)
def test_log_levels_are_read_in_any_case(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str, level: str
) -> None:
    clean_settings(tmp_path, monkeypatch)
    monkeypatch.setenv("LOG_LEVEL", given)
    assert Settings().log_level == level


@pytest.mark.parametrize(
    ("key", "value", "sentence"),
    [
        ("COMPUTER_DELAY", "abc", "COMPUTER_DELAY must be a number of seconds, 0 or more, not 'abc'."),
        ("COMPUTER_DELAY", "-1", "COMPUTER_DELAY must be a number of seconds, 0 or more, not '-1'."),
        ("DEV_GUILD_ID", "x", "DEV_GUILD_ID must be a server id (a whole number), or empty, not 'x'."),
        ("DATABASE_PATH", "data", "DATABASE_PATH must name a database file, but 'data' is a directory."),
        (
            "DATABASE_PATH",
            "notes.txt/r.db",
            "DATABASE_PATH cannot be 'notes.txt/r.db': 'notes.txt' is a file, not a directory.",
        ),
        ("DRAWING_NICE", "25", "DRAWING_NICE must be a whole number from 0 to 19, not '25'."),
        ("WORKER_NICE", "-1", "WORKER_NICE must be a whole number from 0 to 19, not '-1'."),
        (
            "DATABASE_URL",
            "mysql://ridotto:hunter2@db/ridotto",
            "DATABASE_URL must start with sqlite:/// (a file) or postgresql:// (a server), not 'mysql'.",
        ),
        (
            "DATABASE_URL",
            "sqlite://data/r.db",
            "DATABASE_URL must start with sqlite:/// (a file) or postgresql:// (a server), not 'sqlite'.",
        ),
        (
            "DATABASE_URL",
            "sqlite:///",
            "DATABASE_URL 'sqlite:///' names no database file: write sqlite:///data/ridotto.db"
            " (relative) or sqlite:////srv/ridotto.db (absolute).",
        ),
    ],
)
def test_each_bad_setting_is_one_sentence_naming_it(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    key: str,
    value: str,
    sentence: str,
) -> None:
    clean_settings(tmp_path, monkeypatch)
    (tmp_path / "data").mkdir()
    (tmp_path / "notes.txt").write_text("")
    monkeypatch.setenv(key, value)
    assert start([], capsys) == (2, f"{HEAD}  {sentence}\n")


def test_every_bad_setting_is_named_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clean_settings(tmp_path, monkeypatch)
    (tmp_path / ".env").write_text("LOG_LEVEL=loud\nCOMPUTER_DELAY=soon\n")
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token-value")
    code, err = start([], capsys)
    assert code == 2
    lines = err.splitlines()
    assert lines[0] == HEAD.strip() and len(lines) == 3
    assert any(line.startswith("  LOG_LEVEL ") for line in lines)
    assert any(line.startswith("  COMPUTER_DELAY ") for line in lines)
    assert "secret-token-value" not in err


def test_an_env_file_that_is_not_text_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clean_settings(tmp_path, monkeypatch)
    (tmp_path / ".env").write_bytes(b"LOG_LEVEL=\xff\xfe\n")
    assert start([], capsys) == (2, f"{HEAD}  The .env file in {tmp_path} is not UTF-8 text.\n")
    assert start(["audit"], capsys) == (2, f"{HEAD}  The .env file in {tmp_path} is not UTF-8 text.\n")


def test_bad_settings_from_the_command_line_have_no_traceback(tmp_path: Path) -> None:
    result = run_module([], tmp_path, LOG_LEVEL="bogus", COMPUTER_DELAY="abc")
    assert result.returncode == 2
    assert "LOG_LEVEL must be" in result.stderr and "COMPUTER_DELAY must be" in result.stderr
    assert "Traceback" not in result.stderr
