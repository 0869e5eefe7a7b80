"""Numbered schema migrations, applied in order at start-up, one list per database.

Each migration is a module ``vNNNN_name`` with a ``SQL`` string. The database's
``PRAGMA user_version`` records the last one applied; a migration and the bump of
``user_version`` commit in one transaction, so re-opening a database is idempotent.
PostgreSQL's migrations (``pg_vNNNN_name``, :data:`PG_MIGRATIONS`) are numbered on their
own and recorded in a one-row ``schema_version`` table, bumped in the migration's
transaction. Migrations are Python modules (not ``.sql`` files) so that they ship with the package
without any package-data configuration.
"""

from __future__ import annotations

from bot.migrations import (
    pg_v0001_initial,
    pg_v0002_hand_records,
    pg_v0003_fair_deals,
    pg_v0004_ratings,
    pg_v0005_hand_hints,
    pg_v0006_guild_language,
    v0001_initial,
    v0002_message_in_snapshot,
    v0003_hand_records,
    v0004_fair_deals,
    v0005_ratings,
    v0006_hand_hints,
    v0007_guild_language,
)

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (1, v0001_initial.SQL),
    (2, v0002_message_in_snapshot.SQL),
    (3, v0003_hand_records.SQL),
    (4, v0004_fair_deals.SQL),
    (5, v0005_ratings.SQL),
    (6, v0006_hand_hints.SQL),
    (7, v0007_guild_language.SQL),
)
"""(version, SQL script) pairs, strictly increasing from 1."""

LATEST: int = MIGRATIONS[-1][0]

PG_MIGRATIONS: tuple[tuple[int, str], ...] = (
    (1, pg_v0001_initial.SQL),
    (2, pg_v0002_hand_records.SQL),
    (3, pg_v0003_fair_deals.SQL),
    (4, pg_v0004_ratings.SQL),
    (5, pg_v0005_hand_hints.SQL),
    (6, pg_v0006_guild_language.SQL),
)
"""PostgreSQL's (version, SQL script) pairs, strictly increasing from 1."""

PG_LATEST: int = PG_MIGRATIONS[-1][0]
