"""Numbered schema migrations, applied in order at start-up.

Each migration is a module ``vNNNN_name`` with a ``SQL`` string. The database's
``PRAGMA user_version`` records the last one applied; a migration and the bump of
``user_version`` commit in one transaction, so re-opening a database is idempotent.
Migrations are Python modules (not ``.sql`` files) so that they ship with the package
without any package-data configuration.
"""

from __future__ import annotations

from bot.migrations import v0001_initial, v0002_message_in_snapshot

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (1, v0001_initial.SQL),
    (2, v0002_message_in_snapshot.SQL),
)
"""(version, SQL script) pairs, strictly increasing from 1."""

LATEST: int = MIGRATIONS[-1][0]
