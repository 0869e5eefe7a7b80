"""Every hand kept so that it can be replayed exactly, and a member's history (issue 24).

``hand_records`` holds one row a hand, written at the deal: the engine's snapshot right after
the deal (its game, format, options, seed and deck: what the engine needs to deal it again),
who sat in each engine seat, and at the end the result in words with each seat's net.
``hand_moves`` holds one small row a move, written in that move's own transaction (the
record does not grow with the hand). ``hand_players`` is the history's index: one row per
member per finished hand, and one per member per finished score game.
"""

from __future__ import annotations

SQL = """
CREATE TABLE hand_records (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    hand_no     INTEGER NOT NULL CHECK (hand_no >= 1),
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game        TEXT NOT NULL CHECK (game <> ''),
    board       TEXT NOT NULL CHECK (board <> ''),
    status      TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished')),
    start       TEXT NOT NULL CHECK (json_valid(start)),
    seating     TEXT NOT NULL CHECK (json_valid(seating)),
    result      TEXT CHECK (result IS NULL OR json_valid(result)),
    started_at  TEXT NOT NULL,
    finished_at TEXT,
    CHECK ((status = 'finished') = (result IS NOT NULL AND finished_at IS NOT NULL)),
    PRIMARY KEY (table_id, hand_no)
);

-- The server's recent hands, newest first (all games, and one game).
CREATE INDEX hand_records_recent ON hand_records (guild_id, finished_at, table_id, hand_no)
    WHERE status = 'finished';
CREATE INDEX hand_records_recent_board ON hand_records (guild_id, board, finished_at, table_id, hand_no)
    WHERE status = 'finished';

CREATE TABLE hand_moves (
    table_id INTEGER NOT NULL,
    hand_no  INTEGER NOT NULL,
    step     INTEGER NOT NULL CHECK (step >= 1),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    actor    TEXT NOT NULL CHECK (actor IN ('member', 'computer', 'timer', 'pause')),
    action   TEXT NOT NULL CHECK (json_valid(action)),
    PRIMARY KEY (table_id, hand_no, step),
    FOREIGN KEY (table_id, hand_no) REFERENCES hand_records (table_id, hand_no)
) WITHOUT ROWID;

CREATE TABLE hand_players (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    table_id    INTEGER NOT NULL,
    hand_no     INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('hand', 'game')),
    board       TEXT NOT NULL,
    seat        INTEGER CHECK (seat IS NULL OR seat >= 0),
    net         INTEGER CHECK (net IS NULL OR typeof(net) = 'integer'),
    finished_at TEXT NOT NULL,
    PRIMARY KEY (table_id, hand_no, kind, user_id),
    FOREIGN KEY (table_id, hand_no) REFERENCES hand_records (table_id, hand_no)
) WITHOUT ROWID;

-- A member's last hands and games, newest first (all games, and one game).
CREATE INDEX hand_players_by_member
    ON hand_players (guild_id, user_id, finished_at, table_id, hand_no, kind DESC);
CREATE INDEX hand_players_by_member_board
    ON hand_players (guild_id, user_id, board, finished_at, table_id, hand_no, kind DESC);
"""
