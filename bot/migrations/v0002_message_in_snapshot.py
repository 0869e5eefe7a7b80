"""A table's message id lives in its snapshot only.

Until now it was kept twice: in the snapshot, written with every move, and in the
``tables.message_id`` column, written once when the table was first posted. When a
moderator deleted the table message and a redraw posted it again, the two disagreed, and a
restart believed the column (issue 19). The snapshot is the newer of the two whenever it
names a message, so it is kept; an old row whose snapshot names none takes the column's
value before the column goes. (``DROP COLUMN`` needs SQLite 3.35, from 2021.)
"""

from __future__ import annotations

SQL = """
UPDATE tables SET snapshot = json_set(snapshot, '$.message_id', message_id)
 WHERE message_id IS NOT NULL
   AND json_type(snapshot) = 'object'
   AND json_type(snapshot, '$.message_id') IS NOT 'integer';

ALTER TABLE tables DROP COLUMN message_id;
"""
