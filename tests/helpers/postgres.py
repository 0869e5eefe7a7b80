"""A real PostgreSQL for the tests and benches: the server named by
``RIDOTTO_TEST_POSTGRES_URL`` when it is set (a system server), else one started from the
``pgserver`` wheel (PostgreSQL's own binaries, installed by the ``test`` extra) in a
temporary folder. Each test gets a database of its own (``CREATE DATABASE``)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

ENV = "RIDOTTO_TEST_POSTGRES_URL"


@contextmanager
def server(folder: Path) -> Iterator[str]:
    """The URL of a server's maintenance database, for as long as the block runs."""
    given = os.environ.get(ENV)
    if given:
        yield given
        return
    from pgserver.postgres_server import get_server

    folder.parent.mkdir(parents=True, exist_ok=True)  # pgserver makes the folder, not its parent
    pg = get_server(folder, cleanup_mode="stop")
    try:
        yield str(pg.get_uri())
    finally:
        pg.cleanup()


def database_url(admin_url: str, name: str) -> str:
    """`admin_url` with its database replaced by `name`."""
    parts = urlsplit(admin_url)
    return urlunsplit(parts._replace(path=f"/{name}"))


async def create_database(admin_url: str, prefix: str = "t") -> str:
    """A new, empty database on the server; its URL."""
    name = f"ridotto_{prefix}_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return database_url(admin_url, name)


async def drop_database(admin_url: str, url: str) -> None:
    name = urlsplit(url).path.lstrip("/")
    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


async def execute(url: str, sql: str) -> None:
    """Run `sql` on the database at `url` behind the store's back (a test's tampering): the
    SQLite file or the PostgreSQL database."""
    if url.startswith("sqlite:///"):
        import sqlite3

        conn = sqlite3.connect(url.removeprefix("sqlite:///"))
        try:
            conn.execute(sql)
            conn.commit()
        finally:
            conn.close()
        return
    pg = await asyncpg.connect(url)
    try:
        await pg.execute(sql)
    finally:
        await pg.close()


def run_now(url: str, sql: str, *params: object) -> list[tuple[object, ...]]:
    """`sql` (``?`` placeholders) on the database at `url`, from synchronous test code, its
    rows: the SQLite file, or the PostgreSQL database (on a thread of its own, whose event
    loop asyncpg uses while the test's waits)."""
    if url.startswith("sqlite:///"):
        import sqlite3

        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            rows = [tuple(r) for r in conn.execute(sql, params)]
        conn.close()
        return rows
    numbered = sql
    for n in range(1, len(params) + 1):
        numbered = numbered.replace("?", f"${n}", 1)

    async def run() -> list[tuple[object, ...]]:
        conn = await asyncpg.connect(url)
        try:
            return [tuple(r) for r in await conn.fetch(numbered, *params)]
        finally:
            await conn.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()
