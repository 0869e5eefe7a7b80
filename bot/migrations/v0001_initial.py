"""Initial schema: settings, members, tables, escrow, the ledger, results and hands."""

from __future__ import annotations

SQL = """
CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    starting_bankroll INTEGER NOT NULL
                      CHECK (typeof(starting_bankroll) = 'integer' AND starting_bankroll > 0),
    daily_amount      INTEGER NOT NULL CHECK (typeof(daily_amount) = 'integer' AND daily_amount > 0),
    turn_timer        INTEGER NOT NULL CHECK (typeof(turn_timer) = 'integer' AND turn_timer > 0)
);

CREATE TABLE members (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    balance    INTEGER NOT NULL CHECK (typeof(balance) = 'integer' AND balance >= 0),
    last_daily TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE TABLE tables (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER,
    game       TEXT NOT NULL CHECK (game <> ''),
    host_id    INTEGER NOT NULL,
    status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    snapshot   TEXT NOT NULL CHECK (json_valid(snapshot)),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- A channel holds at most one open table.
CREATE UNIQUE INDEX tables_one_open_per_channel ON tables (guild_id, channel_id) WHERE status = 'open';
CREATE INDEX tables_open ON tables (status) WHERE status = 'open';

-- Chips in play at a table.
CREATE TABLE escrow (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id),
    guild_id INTEGER NOT NULL,
    amount   INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount >= 0)
);

-- Every chip movement; append-only (so plain INTEGER PRIMARY KEY ids only grow; no
-- AUTOINCREMENT, which would dirty sqlite_sequence on every durable commit).
CREATE TABLE ledger (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    src        TEXT NOT NULL,
    dst        TEXT NOT NULL,
    amount     INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
    reason     TEXT NOT NULL,
    table_id   INTEGER REFERENCES tables (id),
    hand_no    INTEGER,
    created_at TEXT NOT NULL,
    CHECK (src <> dst)
);

-- Only the table index: per-account src/dst indexes cost ~10% of durable transfer throughput
-- (bench/ledger.py); account history scans the guild's rows until a migration adds them.
CREATE INDEX ledger_by_table ON ledger (table_id) WHERE table_id IS NOT NULL;

CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

-- One row per player per finished hand or game, for boards and stats.
CREATE TABLE results (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    hand_no    INTEGER NOT NULL,
    game       TEXT NOT NULL,
    user_id    INTEGER NOT NULL,
    net        INTEGER NOT NULL CHECK (typeof(net) = 'integer'),
    won        INTEGER NOT NULL CHECK (won IN (0, 1)),
    created_at TEXT NOT NULL
);

CREATE INDEX results_by_game ON results (guild_id, game, user_id);
CREATE INDEX results_by_user ON results (guild_id, user_id);

-- The deal of each hand: seed revealed after play, commitment published before it.
CREATE TABLE hands (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    hand_no     INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT NOT NULL,
    seed        TEXT NOT NULL,
    commitment  TEXT NOT NULL,
    final_state TEXT NOT NULL CHECK (json_valid(final_state)),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (table_id, hand_no)
);
"""
