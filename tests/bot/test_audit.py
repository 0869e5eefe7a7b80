"""``python -m bot audit`` reports the books per guild, fails on any mismatch, and only reads:
whatever it is pointed at is left byte for byte as it was, with no side files."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest

import bot.audit as audit
from bot.audit import main, run_audit
from bot.migrations import LATEST
from bot.storage import HOUSE, Store, member_account, table_account
from bot.store import open_store, parse_url
from tests.helpers.postgres import execute

SETTINGS = ("DISCORD_TOKEN", "DATABASE_URL", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "COMPUTER_DELAY")


@pytest.fixture(autouse=True)
def no_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No setting from the machine running the tests, and no `.env` but the test's own."""
    for key in SETTINGS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    yield


async def _populate(path: Path | str) -> None:
    """A room with members, a table holding escrow and a daily, in the file at `path` or the
    database a URL names."""
    store = await (open_store(path) if isinstance(path, str) else Store.open(path))
    try:
        await store.give(1, 10, 11, 100)
        async with store.transaction() as tx:
            tid = await tx.create_table(1, 5, "primiera", 10, {})
            await tx.move(1, member_account(10), table_account(tid), 50, "buy-in")
            await tx.move(1, HOUSE, table_account(tid), 50, "computer buy-in")
        await store.claim_daily(2, 10, datetime(2025, 1, 1, tzinfo=UTC))
    finally:
        await store.close()


def _ridotto_db(path: Path) -> Path:
    asyncio.run(_populate(path))
    return path


def _folder(path: Path) -> dict[str, bytes]:
    """Every file in the folder holding `path`, with its bytes: side files show up here."""
    return {f.name: f.read_bytes() for f in sorted(path.parent.iterdir()) if f.is_file()}


def _schema(path: Path) -> tuple[int, list[str], str]:
    """user_version, tables and journal mode, read without changing anything."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master ORDER BY name")]
        header = path.read_bytes()[18:20]
    finally:
        conn.close()
    return version, tables, "wal" if header == b"\x02\x02" else "rollback"


def _audit(path: Path | str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main([str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def _assert_refused(code: int, out: str, err: str, expected_code: int, sentence: str) -> None:
    assert (code, out, err) == (expected_code, "", sentence + "\n")
    assert "\n" not in err.strip()  # one sentence on one line


# --------------------------------------------------------------------------- the books


def test_consistent_database_passes_and_is_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _ridotto_db(tmp_path / "r.db")
    before = _folder(path)
    assert set(before) == {"r.db"}  # closed cleanly: no -wal or -shm to read through
    code, out, err = _audit(path, capsys)
    assert (code, err) == (0, "")
    assert "guild 1: balances 1950 + escrow 100 = 2050; granted 2000 - house net -50 = 2050  OK" in out
    assert "guild 2: balances 1250 + escrow 0 = 1250; granted 1250 - house net 0 = 1250  OK" in out
    assert "MISMATCH" not in out
    assert "audit: OK" in out
    assert _folder(path) == before


def test_tampered_balance_fails_with_exit_code_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _ridotto_db(tmp_path / "r.db")
    conn = sqlite3.connect(path)
    conn.execute("UPDATE members SET balance = balance + 7 WHERE guild_id = 1 AND user_id = 11")
    conn.commit()
    conn.close()
    before = _folder(path)
    code, out, err = _audit(path, capsys)
    assert (code, err) == (1, "")
    assert "MISMATCH" in out and "member:11" in out and "off by 7" in out
    assert _folder(path) == before


def test_database_path_from_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _ridotto_db(tmp_path / "env.db")
    monkeypatch.setenv("DATABASE_PATH", str(path))
    assert main([]) == 0
    assert "audit: OK" in capsys.readouterr().out


def test_database_path_from_the_env_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _ridotto_db(tmp_path / "dotenv.db")
    (tmp_path / ".env").write_text("DATABASE_PATH=dotenv.db\n")
    assert main([]) == 0
    assert "audit: OK" in capsys.readouterr().out


def test_other_bad_settings_do_not_stop_an_audit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The audit reads only DATABASE_PATH: a bad LOG_LEVEL is the bot's problem, not the books'."""
    path = _ridotto_db(tmp_path / "r.db")
    monkeypatch.setenv("LOG_LEVEL", "bogus")
    monkeypatch.setenv("COMPUTER_DELAY", "abc")
    monkeypatch.setenv("DATABASE_PATH", str(path))
    assert main([]) == 0
    assert main([str(path)]) == 0


async def test_run_audit_on_a_database_with_no_guilds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.db"
    await (await Store.open(path)).close()
    before = _folder(path)
    assert await run_audit(path) == 0
    assert "no guilds yet — nothing to audit" in capsys.readouterr().out
    assert _folder(path) == before


async def test_a_table_whose_own_count_differs_from_its_escrow_fails(
    store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Stacks, antes and pot live in the table's snapshot; the audit checks they add up to
    exactly what the table's escrow account holds (on SQLite and on PostgreSQL)."""
    store = await open_store(store_url)
    try:
        async with store.transaction() as tx:
            tid = await tx.create_table(1, 5, "holdout", 10, {})
            await tx.move(1, member_account(10), table_account(tid), 500, "buy-in", table_id=tid)
            await tx.save_table(tid, {"held": 500})
        assert (await store.audit()).ok
        async with store.transaction() as tx:
            await tx.save_table(tid, {"held": 499})
        report = await store.audit()
    finally:
        await store.close()
    assert not report.ok
    assert "table 1 counts 499 chips at the table but its escrow holds 500" in report.guilds[0].problems
    assert await run_audit(parse_url(store_url)) == 1


async def test_a_database_the_bot_has_open_is_read_with_its_latest_commits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """While the bot runs, recent commits sit in the -wal file; the audit reads them too."""
    path = tmp_path / "live.db"
    await _populate(path)
    store = await Store.open(path)
    try:
        await store.grant(3, 30, 40)
        assert Path(f"{path}-wal").exists()
        assert await run_audit(path) == 0
        assert "guild 3: balances 1040" in capsys.readouterr().out
        other = sqlite3.connect(path)  # a second writer, while the bot keeps its connection
        other.execute("UPDATE members SET balance = 1 WHERE guild_id = 3")
        other.commit()
        other.close()
        assert await run_audit(path) == 1
        assert "guild 3: balances 1 " in capsys.readouterr().out
        await store.grant(3, 31, 5)  # the bot still writes: the audit took no lasting lock
    finally:
        await store.close()


async def test_a_lock_free_read_is_repeated_if_the_database_changed_meanwhile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A closed WAL database is read without locks (so without side files); if another
    program opens and writes it during that read, the audit reads it again."""
    path = tmp_path / "r.db"
    await _populate(path)
    real_audit = Store.audit
    calls = []

    async def audit_while_the_bot_starts(self: Store) -> object:
        calls.append(self.unlocked)
        report = await real_audit(self)
        if len(calls) == 1:
            bot = await Store.open(path)
            await bot.grant(4, 40, 10)
            await bot.close()
        return report

    monkeypatch.setattr(Store, "audit", audit_while_the_bot_starts)
    assert await run_audit(path) == 0
    assert calls == [True, True]
    assert "guild 4:" in capsys.readouterr().out  # the second read saw the new guild


# --------------------------------------------------------------------------- cannot audit


def test_a_missing_file_is_not_created(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "none" / "r.db"
    code, out, err = _audit(path, capsys)
    _assert_refused(code, out, err, audit.MISSING, f"Cannot audit {path}: there is no such file.")
    assert not path.parent.exists()  # neither the file nor its folder


def test_the_default_path_when_nothing_is_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == audit.MISSING
    assert capsys.readouterr().err == "Cannot audit data/ridotto.db: there is no such file.\n"
    assert list(tmp_path.iterdir()) == []


def test_a_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    code, out, err = _audit(folder, capsys)
    _assert_refused(
        code, out, err, audit.NOT_A_FILE, f"Cannot audit {folder}: it is a directory, not a database file."
    )
    assert list(folder.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_not_opened(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pipe = tmp_path / "pipe.db"
    os.mkfifo(pipe)  # opening it to read would wait forever for a writer
    code, out, err = _audit(pipe, capsys)
    _assert_refused(
        code, out, err, audit.NOT_A_FILE, f"Cannot audit {pipe}: it is not a regular file, so not a database."
    )


def test_an_empty_file_gets_no_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    code, out, err = _audit(path, capsys)
    _assert_refused(
        code, out, err, audit.FOREIGN, f"Cannot audit {path}: it is an empty file, not a Ridotto database."
    )
    assert _folder(path) == {"empty.db": b""}


def test_a_file_that_is_not_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.db"
    path.write_text("not a database, only some notes\n" * 50)
    before = _folder(path)
    code, out, err = _audit(path, capsys)
    _assert_refused(code, out, err, audit.NOT_SQLITE, f"Cannot audit {path}: it is not an SQLite database.")
    assert _folder(path) == before


@pytest.mark.parametrize("journal", ["delete", "wal"])
def test_another_programs_database_gets_no_tables_and_no_wal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], journal: str
) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA journal_mode = {journal}")
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('risotto')")
    conn.execute("PRAGMA user_version = 3")
    conn.commit()
    conn.close()
    before, schema = _folder(path), _schema(path)
    assert schema == (3, ["recipes"], "wal" if journal == "wal" else "rollback")
    code, out, err = _audit(path, capsys)
    _assert_refused(
        code,
        out,
        err,
        audit.FOREIGN,
        f"Cannot audit {path}: it is an SQLite database, but not Ridotto's"
        " (missing 'escrow', 'guild_settings', 'ledger', 'members', 'tables').",
    )
    assert _folder(path) == before  # same bytes, and no -wal, -shm or -journal beside it
    assert _schema(path) == schema


def test_an_sqlite_database_with_no_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "blank.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 0")
    conn.execute("CREATE TABLE t (x)")
    conn.execute("DROP TABLE t")  # a valid, non-empty file with no tables
    conn.close()
    before = _folder(path)
    code, out, err = _audit(path, capsys)
    _assert_refused(
        code,
        out,
        err,
        audit.FOREIGN,
        f"Cannot audit {path}: it is an SQLite database with no tables, not Ridotto's.",
    )
    assert _folder(path) == before


def test_ridottos_tables_without_a_schema_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _ridotto_db(tmp_path / "r.db")
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 0")
    conn.close()
    before = _folder(path)
    code, out, err = _audit(path, capsys)
    _assert_refused(
        code,
        out,
        err,
        audit.FOREIGN,
        f"Cannot audit {path}: it has tables named like Ridotto's but no Ridotto schema version.",
    )
    assert _folder(path) == before


def test_a_newer_schema_is_not_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _ridotto_db(tmp_path / "r.db")
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    conn.close()
    before, schema = _folder(path), _schema(path)
    code, out, err = _audit(path, capsys)
    _assert_refused(
        code,
        out,
        err,
        audit.NEWER,
        f"Cannot audit {path}: its schema version {LATEST + 1} is newer than this Ridotto's ({LATEST});"
        " audit it with the newer Ridotto.",
    )
    assert (_folder(path), _schema(path)) == (before, schema)


def test_an_older_schema_is_not_migrated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The audit reads only the schema it was written for; upgrading is the bot's job."""
    path = _ridotto_db(tmp_path / "r.db")
    monkeypatch.setattr(audit, "LATEST", LATEST + 1)  # as if this code had one more migration
    before, schema = _folder(path), _schema(path)
    code, out, err = _audit(path, capsys)
    _assert_refused(
        code,
        out,
        err,
        audit.OLDER,
        f"Cannot audit {path}: its schema version {LATEST} is older than this Ridotto's ({LATEST + 1});"
        " audit it with the Ridotto that wrote it, or start this one once to upgrade it.",
    )
    assert (_folder(path), _schema(path)) == (before, schema)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_a_file_this_user_may_not_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _ridotto_db(tmp_path / "r.db")
    path.chmod(0)
    try:
        code, out, err = _audit(path, capsys)
    finally:
        path.chmod(0o600)
    _assert_refused(code, out, err, audit.UNREADABLE, f"Cannot audit {path}: this user may not read it.")


def test_the_exit_codes_are_distinct() -> None:
    codes = [
        audit.OK,
        audit.MISMATCH,
        audit.USAGE,
        audit.MISSING,
        audit.NOT_A_FILE,
        audit.NOT_SQLITE,
        audit.FOREIGN,
        audit.NEWER,
        audit.OLDER,
        audit.UNREADABLE,
    ]
    assert codes == list(range(10))
    assert (audit.OK, audit.MISMATCH) == (0, 1)  # 2 and up: there was no audit


# --------------------------------------------------------------------------- PostgreSQL


async def test_the_audit_reads_the_postgresql_database_database_url_names(
    postgres_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    await _populate(postgres_url)
    monkeypatch.setenv("DATABASE_URL", postgres_url)
    assert await asyncio.to_thread(main, []) == 0
    out = capsys.readouterr().out
    assert "guild 1: balances 1950 + escrow 100 = 2050; granted 2000 - house net -50 = 2050  OK" in out
    assert "guild 2: balances 1250" in out and out.endswith("audit: OK\n")
    await execute(postgres_url, "UPDATE members SET balance = balance + 7 WHERE guild_id = 2")
    assert await asyncio.to_thread(main, [postgres_url]) == 1
    assert "off by 7" in capsys.readouterr().out


async def test_a_postgresql_database_that_is_not_ridottos_is_refused_and_left_as_it_was(
    postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = await asyncio.to_thread(main, [postgres_url])
    out, err = capsys.readouterr()
    assert (code, out) == (6, "")
    assert "it is a PostgreSQL database, but not Ridotto's" in err and err.count("\n") == 1
    conn = await asyncpg.connect(postgres_url)
    try:
        tables = await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        )
    finally:
        await conn.close()
    assert tables == []  # no migration, no schema_version table: nothing written


def test_a_postgresql_server_that_cannot_be_reached_is_one_sentence_without_the_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"postgresql://ridotto:hunter2@/ridotto?host={tmp_path}&port=1"
    code, out, err = _audit(url, capsys)
    assert (code, out) == (9, "")
    assert err.startswith("Cannot audit postgresql://ridotto:***@/ridotto") and err.count("\n") == 1
    assert "hunter2" not in err
