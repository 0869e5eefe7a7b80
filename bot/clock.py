"""One task wakes every table: it sleeps until the earliest deadline, then fires it.

A table's timer (a turn running out, a computer player's move, the next deal, an idle
close) is an entry here rather than a task of its own, as RoboDanny does for reminders:
five hundred open tables cost one sleeping task, not five hundred.
"""

from __future__ import annotations

import asyncio
import contextvars
import heapq
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from bot.store.turns import MEMBER_WAITS

log = logging.getLogger(__name__)

Fire = Callable[[int, int], Awaitable[None]]


class Clock:
    """Deadlines keyed by table id, each with a token (the table's state version).

    The earliest deadline comes off a heap (entries replaced by a later `set` are skipped
    when they surface), so ten thousand open tables cost a sleeping task and a heap, and
    putting them all on the clock at start-up wakes nothing."""

    def __init__(self, fire: Fire, now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self._fire = fire
        self._now = now  # the bot passes discord.utils.utcnow, which SimCord's tests steer
        self._due: dict[int, tuple[datetime, int]] = {}
        self._heap: list[tuple[datetime, int, int]] = []  # (when, sequence, key)
        self._sequence = 0
        self._task: asyncio.Task[None] | None = None
        self._wake_at: datetime | None = None  # set while the task sleeps until then
        self._firing = False
        self._closed = False

    def set(self, key: int, when: datetime, token: int) -> None:
        """Fire `key` at `when` (replacing any earlier entry for it); nothing once closed."""
        if self._closed:
            return
        self._due[key] = (when, token)
        self._sequence += 1
        heapq.heappush(self._heap, (when, self._sequence, key))
        if self._task is None or self._task.done():
            self._start()
        elif not self._firing and self._wake_at is not None and when < self._wake_at:
            # Asleep until later than this: wake up sooner. Never cancel mid-fire, where a
            # cancellation could cut a table's transaction in half; the loop re-reads the
            # deadlines after every fire anyway. A task not asleep yet reads them anyway.
            self._task.cancel()
            self._start()

    def clear(self, key: int) -> None:
        self._due.pop(key, None)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._due.clear()
        self._heap.clear()

    async def close(self) -> None:
        """Stop for good, as the bot shuts down: nothing more is set or fired, a sleep is cut
        short, and a table's move being fired now finishes rather than being cut off."""
        self._closed = True
        self._due.clear()
        self._heap.clear()
        task = self._task
        if task is None or task.done():
            return
        if not self._firing:
            task.cancel()
        try:
            await asyncio.wait([task])  # which never raises the task's own cancellation here
        except asyncio.CancelledError:
            task.cancel()  # no more waiting for the move: it rolls back
            raise

    def pending(self, key: int) -> datetime | None:
        entry = self._due.get(key)
        return entry[0] if entry else None

    def _start(self) -> None:
        self._wake_at = None
        # The caller may be a member's click, but the clock, and what it starts, is the
        # tables' own work: it waits for the store after members' (`bot.store.turns`). (A
        # copy of the caller's context, not an empty one: the rest of it is kept, such as
        # the test harness's own, which tells the clock which simulated time to read.)
        context = contextvars.copy_context()
        context.run(MEMBER_WAITS.set, False)
        self._task = asyncio.create_task(self._run(), name="ridotto-table-clock", context=context)

    def _earliest(self) -> tuple[int, datetime, int] | None:
        """The next live entry (key, when, token), dropping replaced or cleared ones."""
        while self._heap:
            when, _, key = self._heap[0]
            entry = self._due.get(key)
            if entry is not None and entry[0] == when:
                return key, when, entry[1]
            heapq.heappop(self._heap)
        return None

    async def _run(self) -> None:
        while (earliest := self._earliest()) is not None:
            key, when, token = earliest
            delay = (when - self._now()).total_seconds()
            if delay > 0:
                self._wake_at = when
                try:
                    await asyncio.sleep(delay)
                finally:
                    self._wake_at = None
                continue
            heapq.heappop(self._heap)
            del self._due[key]
            self._firing = True
            try:
                await self._fire(key, token)
            except Exception:
                log.exception("table %s: timer failed", key)
            finally:
                self._firing = False
