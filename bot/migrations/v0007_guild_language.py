"""The language a server's tables show everyone (issue 26): `/settings language`. Empty
means the server's own Discord language (its preferred locale) if Ridotto speaks it, else
English; otherwise a language code Ridotto speaks ("en", "it", "el", "es")."""

from __future__ import annotations

SQL = """
ALTER TABLE guild_settings ADD COLUMN language TEXT NOT NULL DEFAULT ''
    CHECK (typeof(language) = 'text' AND length(language) <= 8 AND language NOT GLOB '*[^a-z]*');
"""
