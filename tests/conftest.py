"""Fixtures every test folder may use: a real PostgreSQL (see tests/helpers/postgres.py)."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.helpers import postgres


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """One PostgreSQL server for the whole run, started only if a test asks for it. Its
    data lives in a folder of its own, not pytest's temporary ones: pytest deletes all but
    its three latest runs' folders, so a second pytest on the machine would pull the data
    from under a running server."""
    with (
        tempfile.TemporaryDirectory(prefix="ridotto-pg-") as folder,
        postgres.server(Path(folder) / "pg") as url,
    ):
        yield url


@pytest.fixture
async def postgres_url(postgres_server: str) -> AsyncIterator[str]:
    """A fresh database for one test, dropped after it."""
    url = await postgres.create_database(postgres_server)
    yield url
    await postgres.drop_database(postgres_server, url)


@pytest.fixture(params=["sqlite", "postgres"])
async def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A ``DATABASE_URL`` for each store: a new SQLite file, a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'data' / 'ridotto.db'}"
        return
    server = request.getfixturevalue("postgres_server")
    url = await postgres.create_database(server)
    yield url
    await postgres.drop_database(server, url)
