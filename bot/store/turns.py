"""Whose work waits for the store: a member's, ahead of what the tables do by themselves.

The SQLite store makes one unit of work at a time (one connection, one writer), and each
commit waits for the disk. A room of tables whose computers play continuously keeps a queue
of commits in front of it; in arrival order, a member's click at a quiet table waited
behind all of them (`bench/load.py` measured a click's wait for the store at 1.8 s at the
median on a loaded machine, more than all the rest of the click). So the store hands its
turn to work a member is waiting for first (`MEMBER_WAITS`, set while the bot handles a
member's interaction, and inherited by what that handling awaits), and to the tables' own
work (the clock, the computers) after. Computers can wait; but not forever: after
`IN_A_ROW` members' units of work in a row, the longest-waiting other one goes next.

    >>> turns = StoreTurns()
    >>> turns.locked()
    False
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections import deque
from collections.abc import Iterator

#: True while the work under way is a member's (their interaction is being answered)
MEMBER_WAITS: contextvars.ContextVar[bool] = contextvars.ContextVar("member_waits", default=False)

#: members' units of work served in a row while another waits, at most
IN_A_ROW = 4


@contextlib.contextmanager
def member_waits() -> Iterator[None]:
    """The work in this block (and in the tasks it starts) is what a member waits for."""
    token = MEMBER_WAITS.set(True)
    try:
        yield
    finally:
        MEMBER_WAITS.reset(token)


class StoreTurns:
    """A lock (as `asyncio.Lock`: `acquire`, `release`, `locked`, `async with`) that hands
    itself to a waiting member's work before the rest, each kind in arrival order, and to
    the rest at least once every `in_a_row` turns while any of it waits."""

    def __init__(self, in_a_row: int = IN_A_ROW) -> None:
        self.in_a_row = in_a_row
        self._held = False
        self._members: deque[asyncio.Future[None]] = deque()
        self._others: deque[asyncio.Future[None]] = deque()
        self._members_in_a_row = 0

    def locked(self) -> bool:
        return self._held

    async def acquire(self) -> bool:
        member = MEMBER_WAITS.get()
        if not self._held and not self._members and not self._others:
            self._took(member)
            return True
        queue = self._members if member else self._others
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release()  # handed the turn just as it was cancelled: pass it on
            else:
                with contextlib.suppress(ValueError):  # still waiting in its queue
                    queue.remove(turn)
            raise
        self._took(member)
        return True

    def _took(self, member: bool) -> None:
        self._held = True
        self._members_in_a_row = self._members_in_a_row + 1 if member else 0

    def release(self) -> None:
        if not self._held:
            raise RuntimeError("StoreTurns released while not held")
        self._held = False
        # The turn goes to the next waiter; it is held for it from now (`_took` on waking),
        # so no newcomer slips in between.
        others_due = self._others and (not self._members or self._members_in_a_row >= self.in_a_row)
        queue = self._others if others_due else self._members
        while queue:
            turn = queue.popleft()
            if not turn.done():
                self._held = True
                turn.set_result(None)
                return
        other = self._members if queue is self._others else self._others
        while other:
            turn = other.popleft()
            if not turn.done():
                self._held = True
                turn.set_result(None)
                return

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.release()
