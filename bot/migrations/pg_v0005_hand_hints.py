"""PostgreSQL's schema 5: the hints of SQLite's migration 6 (``v0006_hand_hints``), column
for column, so ``migrate-db`` copies them as they are."""

from __future__ import annotations

SQL = """
CREATE TABLE hand_hints (
    table_id bigint NOT NULL,
    hand_no  bigint NOT NULL,
    step     bigint NOT NULL CHECK (step >= 0),
    seat     bigint NOT NULL CHECK (seat >= 0),
    user_id  bigint NOT NULL,
    advice   text NOT NULL CHECK (advice <> ''),
    asked_at text NOT NULL,
    PRIMARY KEY (table_id, hand_no, step, seat),
    FOREIGN KEY (table_id, hand_no) REFERENCES hand_records (table_id, hand_no)
);
"""
