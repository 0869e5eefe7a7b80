"""PostgreSQL's schema 2: the hand records of SQLite's migration 3 (``v0003_hand_records``),
table for table and column for column, so ``migrate-db`` copies them as they are."""

from __future__ import annotations

SQL = """
CREATE TABLE hand_records (
    table_id    bigint NOT NULL REFERENCES tables (id),
    hand_no     bigint NOT NULL CHECK (hand_no >= 1),
    guild_id    bigint NOT NULL,
    channel_id  bigint NOT NULL,
    game        text NOT NULL CHECK (game <> ''),
    board       text NOT NULL CHECK (board <> ''),
    status      text NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished')),
    start       json NOT NULL,
    seating     json NOT NULL,
    result      json,
    started_at  text NOT NULL,
    finished_at text,
    CHECK ((status = 'finished') = (result IS NOT NULL AND finished_at IS NOT NULL)),
    PRIMARY KEY (table_id, hand_no)
);

CREATE INDEX hand_records_recent ON hand_records (guild_id, finished_at, table_id, hand_no)
    WHERE status = 'finished';
CREATE INDEX hand_records_recent_board ON hand_records (guild_id, board, finished_at, table_id, hand_no)
    WHERE status = 'finished';

CREATE TABLE hand_moves (
    table_id bigint NOT NULL,
    hand_no  bigint NOT NULL,
    step     bigint NOT NULL CHECK (step >= 1),
    seat     bigint NOT NULL CHECK (seat >= 0),
    actor    text NOT NULL CHECK (actor IN ('member', 'computer', 'timer', 'pause')),
    action   json NOT NULL,
    PRIMARY KEY (table_id, hand_no, step),
    FOREIGN KEY (table_id, hand_no) REFERENCES hand_records (table_id, hand_no)
);

CREATE TABLE hand_players (
    guild_id    bigint NOT NULL,
    user_id     bigint NOT NULL,
    table_id    bigint NOT NULL,
    hand_no     bigint NOT NULL,
    kind        text NOT NULL CHECK (kind IN ('hand', 'game')),
    board       text NOT NULL,
    seat        bigint CHECK (seat >= 0),
    net         bigint,
    finished_at text NOT NULL,
    PRIMARY KEY (table_id, hand_no, kind, user_id),
    FOREIGN KEY (table_id, hand_no) REFERENCES hand_records (table_id, hand_no)
);

CREATE INDEX hand_players_by_member
    ON hand_players (guild_id, user_id, finished_at, table_id, hand_no, kind DESC);
CREATE INDEX hand_players_by_member_board
    ON hand_players (guild_id, user_id, board, finished_at, table_id, hand_no, kind DESC);
"""
