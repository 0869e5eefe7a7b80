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
    InsufficientFunds,
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
    "DatabaseUrl",
    "EscrowMove",
    "GameStats",
    "GuildSettings",
    "InsufficientFunds",
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


async def open_store(url: str | DatabaseUrl) -> Store:
    """Open (creating and migrating if need be) the database `url` names."""
    target = parse_url(url) if isinstance(url, str) else url
    if target.kind == "postgresql":
        from bot.store.postgres import PostgresStore

        return await PostgresStore.open(target.url)
    from bot.storage import Store as SqliteStore

    assert target.path is not None
    return await SqliteStore.open(target.path)
