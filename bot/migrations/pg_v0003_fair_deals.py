"""PostgreSQL's twin of ``v0004_fair_deals``: members' own seeds and each finished hand's
proof of its deal."""

from __future__ import annotations

SQL = """
CREATE TABLE member_seeds (
    guild_id   bigint NOT NULL,
    user_id    bigint NOT NULL,
    seed       text NOT NULL CHECK (char_length(seed) BETWEEN 1 AND 64),
    updated_at text NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE hand_proofs (
    table_id bigint NOT NULL,
    hand_no  bigint NOT NULL,
    guild_id bigint NOT NULL,
    proof    json NOT NULL,
    PRIMARY KEY (table_id, hand_no),
    FOREIGN KEY (table_id, hand_no) REFERENCES hands (table_id, hand_no)
);
"""
