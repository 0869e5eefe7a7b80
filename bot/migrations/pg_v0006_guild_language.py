"""PostgreSQL's schema 6: the server's table language of SQLite's migration 7
(``v0007_guild_language``), column for column, so ``migrate-db`` copies it as it is."""

from __future__ import annotations

SQL = """
ALTER TABLE guild_settings ADD COLUMN language text NOT NULL DEFAULT ''
    CHECK (language ~ '^[a-z]{0,8}$');
"""
