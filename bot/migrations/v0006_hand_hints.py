"""A learner's hints kept with the hand they were asked in (issue 25), so a replay can show
where hints were used.

``hand_hints`` holds one row per hint given: the hand, after how many of its moves it was
asked (``step``: 0 before the first), the engine seat it was for, the member who asked and
what it said (the move named and a line of why). A member asking again at the same position
keeps one row.
"""

from __future__ import annotations

SQL = """
CREATE TABLE hand_hints (
    table_id INTEGER NOT NULL,
    hand_no  INTEGER NOT NULL,
    step     INTEGER NOT NULL CHECK (step >= 0),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  INTEGER NOT NULL,
    advice   TEXT NOT NULL CHECK (advice <> ''),
    asked_at TEXT NOT NULL,
    PRIMARY KEY (table_id, hand_no, step, seat),
    FOREIGN KEY (table_id, hand_no) REFERENCES hand_records (table_id, hand_no)
) WITHOUT ROWID;
"""
