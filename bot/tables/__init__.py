"""The table service: every open table, its seats, its hand and its money, its timers.

`model` (a table and what it remembers), `money` and `timing` (pure rules for chips and
deadlines), `lobby` (seats and the host), `hand` (the hand in play and its money),
`autoplay` (timers and computer seats) and `service` (the registry, restore after a
restart, and the one commit path). No Discord in any of them.
"""

from bot.tables.model import (
    TABLE_CLOSED,
    DamagedTable,
    MoveSavedError,
    Person,
    Phase,
    Seat,
    Table,
    TableError,
    TableState,
)
from bot.tables.money import REFUND_REASON, Transfer, ledger_refunds, void_hand_refunds
from bot.tables.service import Restored, TableService

__all__ = [
    "REFUND_REASON",
    "TABLE_CLOSED",
    "DamagedTable",
    "MoveSavedError",
    "Person",
    "Phase",
    "Restored",
    "Seat",
    "Table",
    "TableError",
    "TableService",
    "TableState",
    "Transfer",
    "ledger_refunds",
    "void_hand_refunds",
]
