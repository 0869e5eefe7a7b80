"""Skill ratings (issue 24): each member's rating per game's board per server, and a row
per change of it (the trend /stats shows, and the record of how it came about).

``ratings`` holds the current rating (openskill's μ and σ) and how many results rated it;
``rating_changes`` one row per member per rated result (a hand, a round or a game), with
the rating before and after, written in the transaction of the result it rates. Computers'
ratings are fixed anchors and are never stored. ``migrate-db`` copies both tables.
"""

from __future__ import annotations

SQL = """
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT NOT NULL CHECK (game <> ''),
    user_id    INTEGER NOT NULL,
    mu         REAL NOT NULL CHECK (typeof(mu) = 'real'),
    sigma      REAL NOT NULL CHECK (typeof(sigma) = 'real' AND sigma > 0),
    rated      INTEGER NOT NULL CHECK (typeof(rated) = 'integer' AND rated > 0),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;

CREATE TABLE rating_changes (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    game         TEXT NOT NULL,
    user_id      INTEGER NOT NULL,
    table_id     INTEGER NOT NULL REFERENCES tables (id),
    hand_no      INTEGER NOT NULL,
    mu_before    REAL NOT NULL,
    sigma_before REAL NOT NULL CHECK (sigma_before > 0),
    mu           REAL NOT NULL,
    sigma        REAL NOT NULL CHECK (sigma > 0),
    created_at   TEXT NOT NULL
);

-- A member's latest changes on a board: /stats' trend.
CREATE INDEX rating_changes_by_member ON rating_changes (guild_id, user_id, game, id);
"""
