"""``python -m bot audit [DATABASE]``: check every guild's chip books, changing nothing.

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
from bot.migrations import LATEST
from bot.storage import AuditReport, Store

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


async def report_lines(path: str | os.PathLike[str]) -> tuple[int, list[str]]:
    """Audit the database at `path`: the exit code and the lines of the report.

    Raises :class:`CannotAudit` for a database that cannot be audited.
    """
    p = Path(path)
    report = await read_report(p)
    if not report.guilds:
        return OK, [f"{p}: no guilds yet — nothing to audit."]
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


async def run_audit(path: str | os.PathLike[str]) -> int:
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
        help="SQLite database file (default: DATABASE_PATH from the environment or .env)",
    )
    args = parser.parse_args(argv)
    path = args.database
    if path is None:
        try:
            path = load(DatabaseSettings).database_path
        except BadSettings as problem:
            sys.stderr.write(f"{problem}\n")
            return USAGE
    return asyncio.run(run_audit(path))


if __name__ == "__main__":
    raise SystemExit(main())
