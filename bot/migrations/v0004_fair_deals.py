"""Deals anyone can verify (issue 24, item 4): each member's own seed per server, mixed into
the deals they are seated at, and each finished hand's proof (the scheme, the server seed and
its commitment, what was mixed in, the deck seed and the deal; `engine.core.fair`), kept
beside the hand it proves."""

from __future__ import annotations

SQL = """
CREATE TABLE member_seeds (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    seed       TEXT NOT NULL CHECK (length(seed) BETWEEN 1 AND 64),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE hand_proofs (
    table_id INTEGER NOT NULL,
    hand_no  INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    proof    TEXT NOT NULL CHECK (json_valid(proof)),
    PRIMARY KEY (table_id, hand_no),
    FOREIGN KEY (table_id, hand_no) REFERENCES hands (table_id, hand_no)
);
"""
