"""The store: one contract (:mod:`bot.store.contract`), two databases.

``open_store(url)`` opens the one ``DATABASE_URL`` names: ``sqlite:///path`` (the default,
one file, :mod:`bot.storage`) or ``postgresql://…`` (a shared server, :mod:`bot.store.postgres`).
The implementations are imported only when asked for, so this package imports nothing of
them (and :mod:`bot.storage` can import the contract from here).
"""

from __future__ import annotations

from bot.store.contract import (
    GRANT,
    HOUSE,
    AuditGuild,
    AuditReport,
    DailyResult,
    EscrowMove,
    GameStats,
    GuildSettings,
    HandProof,
    InsufficientFunds,
    MemberRating,
    Rating,
    RatingChange,
    SavedTable,
    Store,
    TableAlreadyOpen,
    TableRecord,
    Tx,
    member_account,
    table_account,
)
from bot.store.url import DatabaseUrl, parse_url

__all__ = [
    "GRANT",
    "HOUSE",
    "AuditGuild",
    "AuditReport",
    "DailyResult",
    "DatabaseUnavailable",
    "DatabaseUrl",
    "EscrowMove",
    "GameStats",
    "GuildSettings",
    "HandProof",
    "InsufficientFunds",
    "MemberRating",
    "Rating",
    "RatingChange",
    "SavedTable",
    "Store",
    "TableAlreadyOpen",
    "TableRecord",
    "Tx",
    "member_account",
    "open_store",
    "parse_url",
    "table_account",
]


class DatabaseUnavailable(Exception):
    """The database the settings name cannot be opened: one sentence saying which and why
    (the URL's password hidden)."""


async def open_store(url: str | DatabaseUrl) -> Store:
    """Open (creating and migrating if need be) the database `url` names;
    :class:`DatabaseUnavailable` when a PostgreSQL server cannot be reached or refuses."""
    target = parse_url(url) if isinstance(url, str) else url
    if target.kind == "postgresql":
        import asyncpg

        from bot.store.postgres import PostgresStore

        try:
            return await PostgresStore.open(target.url)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseUnavailable(
                f"Could not open the database DATABASE_URL names ({target.shown()}):"
                f" {error.__class__.__name__}: {error}".rstrip(".")
                + "."
            ) from None
    from bot.storage import Store as SqliteStore

    assert target.path is not None
    return await SqliteStore.open(target.path)
