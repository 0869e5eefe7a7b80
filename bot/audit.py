"""``python -m bot audit [DATABASE]``: check every guild's chip books, changing nothing.

DATABASE is an SQLite file's path, or a ``DATABASE_URL`` (``sqlite:///…``, ``postgresql://…``);
without it, the database the settings name (``DATABASE_URL``, else ``DATABASE_PATH``).
A PostgreSQL database is read in one REPEATABLE READ snapshot, with no migration; one it
cannot reach gets exit code 9, one without Ridotto's schema 6, another schema version 7 or 8.

For each guild: sum of member balances + escrow must equal chips granted minus the
house's net take; every balance and escrow must equal its ledger sum; closed tables hold
no escrow. Needs only the database path (the argument, else ``DATABASE_PATH`` from the
environment or ``.env``), never a Discord token or any other setting.

The database is opened read-only (:meth:`Store.open_read_only`): the audit never creates
a file, migrates a schema, switches a journal mode or leaves ``-wal``/``-shm`` files.
The report goes to standard output; a database it cannot audit gets one sentence on
standard error, naming the path. Exit codes:

0  the books balance (or a Ridotto database with no guilds yet)
1  mismatch: the report says where
2  usage: bad arguments, or no database path because the settings are bad
3  there is no file at the path
4  the path is a directory or another non-file
5  the file is not an SQLite database
6  an SQLite database, but not Ridotto's (an empty file included)
7  a Ridotto database with a newer schema than this code
8  a Ridotto database with an older schema: the bot upgrades it when it next starts;
   the audit reads only the schema it was written for and never migrates
9  SQLite could not read the file (permissions, a lock, damage)

So 0 and 1 are answers about the books, and 2 or more means there was no audit.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.config import BadSettings, DatabaseSettings, load
from bot.migrations import LATEST, PG_LATEST
from bot.storage import Store
from bot.store import AuditReport
from bot.store.url import DatabaseUrl, parse_url

OK, MISMATCH, USAGE, MISSING, NOT_A_FILE, NOT_SQLITE, FOREIGN, NEWER, OLDER, UNREADABLE = range(10)

RIDOTTO_TABLES = frozenset({"guild_settings", "members", "tables", "escrow", "ledger"})
"""The tables the audit reads; a database without all of them is not Ridotto's."""

_ATTEMPTS = 3


class CannotAudit(Exception):
    """The database at a path cannot be audited: one sentence, and the exit code."""

    def __init__(self, code: int, sentence: str) -> None:
        self.code = code
        super().__init__(sentence)


def _refuse(code: int, path: Path, why: str) -> CannotAudit:
    return CannotAudit(code, f"Cannot audit {path}: {why}.")


def _check_path(p: Path) -> None:
    """Refuse what is not a readable regular file before SQLite is asked to open it."""
    try:
        p.stat()
    except FileNotFoundError:
        raise _refuse(MISSING, p, "there is no such file") from None
    except NotADirectoryError:
        raise _refuse(MISSING, p, "there is no such file (part of the path is a file)") from None
    except OSError as error:
        raise _refuse(UNREADABLE, p, f"it cannot be reached ({error.strerror})") from None
    if p.is_dir():
        raise _refuse(NOT_A_FILE, p, "it is a directory, not a database file")
    if not p.is_file():
        raise _refuse(NOT_A_FILE, p, "it is not a regular file, so not a database")
    if not os.access(p, os.R_OK):
        raise _refuse(UNREADABLE, p, "this user may not read it")
    if p.stat().st_size == 0:  # SQLite would take it for an empty database
        raise _refuse(FOREIGN, p, "it is an empty file, not a Ridotto database")


def _check_schema(p: Path, version: int, tables: frozenset[str]) -> None:
    """Refuse anything but a Ridotto database at exactly this code's schema version."""
    if version > LATEST and "ledger" in tables:
        raise _refuse(
            NEWER,
            p,
            f"its schema version {version} is newer than this Ridotto's ({LATEST});"
            " audit it with the newer Ridotto",
        )
    if not tables:
        raise _refuse(FOREIGN, p, "it is an SQLite database with no tables, not Ridotto's")
    missing = sorted(RIDOTTO_TABLES - tables)
    if missing:
        names = ", ".join(repr(name) for name in missing)
        raise _refuse(FOREIGN, p, f"it is an SQLite database, but not Ridotto's (missing {names})")
    if version == 0:  # Ridotto's migrations create the tables and set the version together
        raise _refuse(FOREIGN, p, "it has tables named like Ridotto's but no Ridotto schema version")
    if version < LATEST:
        raise _refuse(
            OLDER,
            p,
            f"its schema version {version} is older than this Ridotto's ({LATEST}); audit it with the Ridotto"
            " that wrote it, or start this one once to upgrade it",
        )


def _file_state(p: Path) -> tuple[int, int, bool] | None:
    """What changes when another connection opens or writes the database at `p`."""
    real = p.resolve()
    try:
        st = real.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size, Path(f"{real}-wal").exists()


async def _read_once(p: Path) -> AuditReport | None:
    """The audit report, or None if the file changed during a lock-free read."""
    before = _file_state(p)
    try:
        store = await Store.open_read_only(p)
    except sqlite3.Error as error:
        raise _refuse(UNREADABLE, p, f"SQLite could not open it ({error})") from None
    report: AuditReport | None = None
    refusal: CannotAudit | None = None
    try:
        version, tables = await store.schema()
        _check_schema(p, version, tables)
        report = await store.audit()
    except CannotAudit as error:
        refusal = error
    except sqlite3.DatabaseError as error:
        if error.sqlite_errorcode == sqlite3.SQLITE_NOTADB:
            refusal = _refuse(NOT_SQLITE, p, "it is not an SQLite database")
        else:
            refusal = _refuse(UNREADABLE, p, f"SQLite could not read it ({error})")
    finally:
        await store.close()
    if store.unlocked and (before is None or _file_state(p) != before):
        return None  # read without locks while another program opened or wrote it: read again
    if refusal is not None:
        raise refusal
    assert report is not None
    return report


async def read_report(path: str | os.PathLike[str]) -> AuditReport:
    """Audit the database at `path` without changing it; :class:`CannotAudit` if it cannot be."""
    p = Path(path)
    for _ in range(_ATTEMPTS):
        _check_path(p)
        report = await _read_once(p)
        if report is not None:
            return report
    raise _refuse(UNREADABLE, p, "it kept changing while it was read; try again")


async def read_postgres_report(url: str) -> AuditReport:
    """Audit the PostgreSQL database at `url` without changing it (no migration)."""
    import asyncpg

    from bot.store.postgres import PostgresStore
    from bot.store.url import hide_password

    shown = hide_password(url)

    def refuse(code: int, why: str) -> CannotAudit:
        return CannotAudit(code, f"Cannot audit {shown}: {why}.")

    try:
        store = await PostgresStore.open(url, max_size=1, migrate=False)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        why = f"PostgreSQL could not be reached ({error.__class__.__name__}: {error})"
        raise refuse(UNREADABLE, why) from None
    try:
        version, tables = await store.schema()
        missing = sorted(RIDOTTO_TABLES - tables)
        if missing or version is None:
            names = ", ".join(repr(name) for name in missing) or "'schema_version'"
            raise refuse(FOREIGN, f"it is a PostgreSQL database, but not Ridotto's (missing {names})")
        if version > PG_LATEST:
            raise refuse(NEWER, f"its schema version {version} is newer than this Ridotto's ({PG_LATEST})")
        if version < PG_LATEST:
            raise refuse(
                OLDER,
                f"its schema version {version} is older than this Ridotto's ({PG_LATEST});"
                " start this one once to upgrade it",
            )
        return await store.audit()
    except asyncpg.PostgresError as error:
        raise refuse(UNREADABLE, f"PostgreSQL could not read it ({error})") from None
    finally:
        await store.close()


async def report_lines(path: str | os.PathLike[str] | DatabaseUrl) -> tuple[int, list[str]]:
    """Audit the database at `path` (a file, or a URL): the exit code and the report's lines.

    Raises :class:`CannotAudit` for a database that cannot be audited.
    """
    if isinstance(path, DatabaseUrl) and path.kind == "postgresql":
        report = await read_postgres_report(path.url)
        name = path.shown()
    else:
        p = path.path if isinstance(path, DatabaseUrl) else Path(path)
        assert p is not None
        report = await read_report(p)
        name = str(p)
    return report_text(name, report)


def report_text(name: str, report: AuditReport) -> tuple[int, list[str]]:
    """The exit code and the lines of a report on the database called `name`."""
    if not report.guilds:
        return OK, [f"{name}: no guilds yet — nothing to audit."]
    lines = []
    for g in report.guilds:
        status = "OK" if g.ok else "MISMATCH"
        lines.append(
            f"guild {g.guild_id}: balances {g.balances} + escrow {g.escrow} = {g.balances + g.escrow}; "
            f"granted {g.granted} - house net {g.house_net} = {g.granted - g.house_net}  {status}"
        )
        lines.extend(f"  - {problem}" for problem in g.problems)
    lines.append("audit: OK" if report.ok else "audit: MISMATCH")
    return (OK if report.ok else MISMATCH), lines


async def run_audit(path: str | os.PathLike[str] | DatabaseUrl) -> int:
    """Audit the database at `path`, write the report to standard output (or the reason
    there is none to standard error), return the exit code."""
    try:
        code, lines = await report_lines(path)
    except CannotAudit as refusal:
        sys.stderr.write(f"{refusal}\n")
        return refusal.code
    sys.stdout.write("\n".join(lines) + "\n")
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; `argv` excludes the program name (and the word ``audit``)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot audit",
        description="Check the chip books, changing nothing.",
        epilog="Exit codes: 0 the books balance, 1 mismatch, 2 or more no audit (see bot/audit.py).",
    )
    parser.add_argument(
        "database",
        nargs="?",
        help=(
            "an SQLite database file, or a URL (sqlite:///…, postgresql://…); default: DATABASE_URL,"
            " else DATABASE_PATH, from the environment or .env"
        ),
    )
    args = parser.parse_args(argv)
    given: str | None = args.database
    target: str | DatabaseUrl
    if given is None:
        try:
            target = load(DatabaseSettings).database()
        except BadSettings as problem:
            sys.stderr.write(f"{problem}\n")
            return USAGE
    elif "://" in given:
        try:
            target = parse_url(given)
        except ValueError as problem:
            sys.stderr.write(f"{str(problem).replace('DATABASE_URL', 'The database')}.\n")
            return USAGE
    else:
        target = given
    return asyncio.run(run_audit(target))


if __name__ == "__main__":
    raise SystemExit(main())
