"""``python -m bot migrate-db --from URL --to URL``: move a room to another database.

Copies every table of Ridotto's schema — settings, members and their balances, tables with
their snapshots, escrow, the ledger, results, hands and their proofs, members' own seeds,
ratings with their history, the kept hands (their records, moves, hints and history lines) — row
for row with their ids, in one transaction on the target, from a consistent read of the
source (which is only read). The target must be empty: a new SQLite file, or a PostgreSQL
database with no tables (or only Ridotto's, with no rows); anything else is refused with a
sentence and left as it was. Then the audit runs on both sides and both reports are printed.

Exit codes: 0 copied, and the two audits agree and balance; 1 copied, but the audits differ
(or agree that the source's books did not balance); 2 nothing
copied (bad arguments, a source that cannot be read, a target that is not empty).
Stop the bot first: rows it writes during the copy would not be copied.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from typing import Any

from bot.audit import CannotAudit, report_lines
from bot.migrations import LATEST, PG_LATEST
from bot.store.url import DatabaseUrl, parse_url

COPIED, AUDITS_DIFFER, NOT_COPIED = 0, 1, 2

COLUMNS: dict[str, tuple[str, ...]] = {
    "guild_settings": ("guild_id", "starting_bankroll", "daily_amount", "turn_timer", "language"),
    "members": ("guild_id", "user_id", "balance", "last_daily", "created_at"),
    "tables": (
        "id",
        "guild_id",
        "channel_id",
        "game",
        "host_id",
        "status",
        "snapshot",
        "created_at",
        "updated_at",
    ),
    "escrow": ("table_id", "guild_id", "amount"),
    "ledger": ("id", "guild_id", "src", "dst", "amount", "reason", "table_id", "hand_no", "created_at"),
    "results": ("id", "guild_id", "table_id", "hand_no", "game", "user_id", "net", "won", "created_at"),
    "hands": ("table_id", "hand_no", "guild_id", "game", "seed", "commitment", "final_state", "created_at"),
    "member_seeds": ("guild_id", "user_id", "seed", "updated_at"),
    "hand_proofs": ("table_id", "hand_no", "guild_id", "proof"),
    "ratings": ("guild_id", "game", "user_id", "mu", "sigma", "rated", "updated_at"),
    "rating_changes": (
        "id",
        "guild_id",
        "game",
        "user_id",
        "table_id",
        "hand_no",
        "mu_before",
        "sigma_before",
        "mu",
        "sigma",
        "created_at",
    ),
    "hand_records": (
        "table_id",
        "hand_no",
        "guild_id",
        "channel_id",
        "game",
        "board",
        "status",
        "start",
        "seating",
        "result",
        "started_at",
        "finished_at",
    ),
    "hand_moves": ("table_id", "hand_no", "step", "seat", "actor", "action"),
    "hand_hints": ("table_id", "hand_no", "step", "seat", "user_id", "advice", "asked_at"),
    "hand_players": (
        "guild_id",
        "user_id",
        "table_id",
        "hand_no",
        "kind",
        "board",
        "seat",
        "net",
        "finished_at",
    ),
}
"""Every table of Ridotto's schema (the same in both databases), the referenced first."""
IDENTITIES = ("tables", "ledger", "results", "rating_changes")
"""Tables whose ids PostgreSQL numbers: its counter must continue after the copied ids."""
BOOKKEEPING = {"schema_version", "sqlite_sequence"}

Rows = dict[str, list[tuple[Any, ...]]]


class Refused(Exception):
    """Nothing was copied; the message is the sentence that says why."""


# --------------------------------------------------------------------------- reading


def _read_sqlite(path: str) -> Rows:
    from pathlib import Path

    p = Path(path)
    if not p.is_file():
        raise Refused(f"There is no SQLite database at {path}.")
    conn = sqlite3.connect(f"{p.resolve().as_uri()}?mode=ro", uri=True)
    try:
        conn.execute("BEGIN")  # one read snapshot of every table
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        names = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        _check_source(f"sqlite:///{path}", version, LATEST, names)
        rows = {
            table: [tuple(r) for r in conn.execute(f"SELECT {', '.join(cols)} FROM {table}")]
            for table, cols in COLUMNS.items()
        }
        conn.execute("COMMIT")
    except sqlite3.DatabaseError as error:
        raise Refused(f"The source sqlite:///{path} cannot be read ({error}).") from None
    finally:
        conn.close()
    return rows


async def _read_postgres(url: DatabaseUrl) -> Rows:
    import asyncpg

    try:
        conn = await asyncpg.connect(url.url)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise Refused(f"The source {url.shown()} cannot be reached ({error}).") from None
    try:
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            names = await _postgres_tables(conn)
            version = (
                await conn.fetchval("SELECT version FROM schema_version") if "schema_version" in names else 0
            )
            _check_source(url.shown(), version, PG_LATEST, names)
            return {
                table: [tuple(r) for r in await conn.fetch(f"SELECT {', '.join(cols)} FROM {table}")]
                for table, cols in COLUMNS.items()
            }
    finally:
        await conn.close()


def _check_source(name: str, version: int, latest: int, names: set[str]) -> None:
    missing = sorted(set(COLUMNS) - names)
    if missing or version == 0:
        raise Refused(f"The source {name} is not a Ridotto database.")
    if version != latest:
        raise Refused(
            f"The source {name} is at schema version {version}, this Ridotto's is {latest}:"
            " start the Ridotto that matches it once to bring it up to date, then move it."
        )
    others = sorted(names - set(COLUMNS) - BOOKKEEPING)
    if others:
        raise Refused(
            f"The source {name} has tables Ridotto does not know ({', '.join(others)}); nothing copied."
        )


async def _postgres_tables(conn: Any) -> set[str]:
    rows = await conn.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
    )
    return {str(r[0]) for r in rows}


# --------------------------------------------------------------------------- writing


def _refuse_non_empty(name: str, counts: dict[str, int], others: set[str]) -> None:
    if others:
        raise Refused(
            f"The target {name} is not empty (it has tables of its own: {', '.join(sorted(others))});"
            " nothing was copied and it was left as it was."
        )
    filled = [f"{table} {n}" for table, n in counts.items() if n]
    if filled:
        raise Refused(
            f"The target {name} is not empty ({', '.join(filled)} rows); nothing was copied and it was"
            " left as it was: move a room only into a new database."
        )


async def _write_postgres(url: DatabaseUrl, rows: Rows) -> None:
    import asyncpg

    from bot.store.postgres import PostgresStore

    try:
        conn = await asyncpg.connect(url.url)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise Refused(f"The target {url.shown()} cannot be reached ({error}).") from None
    try:
        names = await _postgres_tables(conn)
        counts = {t: int(await conn.fetchval(f"SELECT count(*) FROM {t}")) for t in COLUMNS if t in names}
        _refuse_non_empty(url.shown(), counts, names - set(COLUMNS) - BOOKKEEPING)
        await (await PostgresStore.open(url.url, max_size=1)).close()  # the schema, if new
        async with conn.transaction():
            for table, cols in COLUMNS.items():
                if rows[table]:
                    await conn.copy_records_to_table(table, records=rows[table], columns=list(cols))
            for table in IDENTITIES:
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), GREATEST(MAX(id), 1),"
                    f" MAX(id) IS NOT NULL) FROM {table}"
                )
    finally:
        await conn.close()


async def _write_sqlite(url: DatabaseUrl, rows: Rows) -> None:
    from bot.storage import Store

    assert url.path is not None
    path = url.path
    if path.exists() and path.stat().st_size > 0:
        try:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                names = {
                    str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                }
                counts = {
                    t: int(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0])
                    for t in COLUMNS
                    if t in names
                }
            finally:
                conn.close()
        except sqlite3.DatabaseError:
            raise Refused(
                f"The target {url.shown()} is a file that is not an empty database; nothing copied."
            ) from None
        _refuse_non_empty(url.shown(), counts, names - set(COLUMNS) - BOOKKEEPING)
    await (await Store.open(path)).close()  # the schema, if new

    def write() -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            for table, cols in COLUMNS.items():
                marks = ", ".join("?" * len(cols))
                conn.executemany(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({marks})", rows[table])
            conn.execute("COMMIT")
        finally:
            conn.close()

    await asyncio.to_thread(write)


# --------------------------------------------------------------------------- the command


async def migrate(source: DatabaseUrl, target: DatabaseUrl) -> tuple[int, list[str]]:
    """Copy `source` into the empty `target`, audit both: the exit code and the lines to print.
    :class:`Refused` when nothing was copied."""
    if source.url == target.url:
        raise Refused("The source and the target are the same database.")
    if source.kind == "sqlite":
        assert source.path is not None
        rows = await asyncio.to_thread(_read_sqlite, str(source.path))
    else:
        rows = await _read_postgres(source)
    if target.kind == "sqlite":
        await _write_sqlite(target, rows)
    else:
        await _write_postgres(target, rows)
    lines = [
        f"copied {source.shown()} to {target.shown()}: "
        + ", ".join(f"{table} {len(rows[table])}" for table in COLUMNS)
    ]
    reports = []
    for side, url in (("source", source), ("copy", target)):
        try:
            code, report = await report_lines(url)
        except CannotAudit as error:
            code, report = AUDITS_DIFFER, [str(error)]
        lines.append(f"audit of the {side} ({url.shown()}):")
        lines.extend(f"  {line}" for line in _without_name(report, url))
        reports.append((code, _without_name(report, url)))
    if reports[0] == reports[1]:
        if reports[0][0] != 0:
            lines.append("the two audits agree, but the books did not balance in the source either")
            return AUDITS_DIFFER, lines
        lines.append("the two audits agree")
        return COPIED, lines
    lines.append("THE TWO AUDITS DIFFER: keep running on the source and look into the copy")
    return AUDITS_DIFFER, lines


def _without_name(lines: list[str], url: DatabaseUrl) -> list[str]:
    """A report's lines without the database's name (which differs between the sides)."""
    name = str(url.path) if url.kind == "sqlite" else url.shown()
    return [line.replace(f"{name}: ", "") for line in lines]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate-db",
        description="Copy a room's database into a new, empty one (SQLite or PostgreSQL), then audit both.",
        epilog="Exit codes: 0 copied and the audits agree, 1 the audits differ, 2 nothing copied.",
    )
    parser.add_argument(
        "--from", dest="source", required=True, help="sqlite:///data/ridotto.db or postgresql://…"
    )
    parser.add_argument(
        "--to", dest="target", required=True, help="an empty database: postgresql://… or sqlite:///…"
    )
    args = parser.parse_args(argv)
    try:
        source, target = parse_url(args.source), parse_url(args.target)
    except ValueError as problem:
        sys.stderr.write(f"{str(problem).replace('DATABASE_URL', 'The database')}.\n")
        return NOT_COPIED
    try:
        code, lines = asyncio.run(migrate(source, target))
    except Refused as refusal:
        sys.stderr.write(f"{refusal}\n")
        return NOT_COPIED
    sys.stdout.write("\n".join(lines) + "\n")
    return code
