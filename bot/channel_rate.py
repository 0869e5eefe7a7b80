"""Discord's per-channel message rate, kept by the bot rather than learnt from refusals.

Discord lets a bot make about five message operations (a send, an edit or a delete on a
channel's messages) per five seconds in one channel, and answers more with 429s that
discord.py then sleeps through, holding up whatever waited on that call (a click's answer
included). So the bot counts its own operations per channel, and what can wait (the table
message after changes the table made by itself, and the ping that follows it) waits for
room in the window, gathering the changes made meanwhile into one edit. A member's own
answer never waits here: it goes to the interaction's webhook, which this limit does not
count.

An operation is counted when the bot is about to make it, but Discord counts it when it
arrives, and a request can take longer on its way than the one made after it (a slower
round trip, a busy event loop between the count and the call). So an operation leaves the
bot's window `margin` seconds after Discord's would have, and a sixth operation never
arrives less than the window after the first.

    >>> rate = ChannelRate(ops=5, window=5.0, margin=0.25)
    >>> for t in (0.0, 0.5, 1.0, 1.5, 2.0):
    ...     rate.made(7, t)
    >>> rate.room_in(7, 2.5, ops=1)  # the first operation leaves the window at 5.0 (+ margin)
    2.75
    >>> rate.room_in(7, 2.5, ops=2)  # two need the first two gone: at 5.5 (+ margin)
    3.25
    >>> rate.room_in(8, 2.5, ops=3)  # another channel has its own window
    0.0
"""

from __future__ import annotations

from collections import deque

#: Discord's message operations per channel per window (a send, an edit, a delete)
OPS = 5
#: the window, in seconds
WINDOW = 5.0
#: seconds an operation stays in the bot's window after it left Discord's: more than the
#: difference in time on the way between two requests (`bench/load.py` saw 6 operations in
#: 5 s with none, the first of them delayed by a few milliseconds of loop lag)
MARGIN = 0.25


class ChannelRate:
    """The message operations made in each channel in the last `window` (+ `margin`) seconds."""

    def __init__(self, ops: int = OPS, window: float = WINDOW, margin: float = MARGIN) -> None:
        self.ops = ops
        self.window = window
        self.margin = margin
        self._made: dict[int, deque[float]] = {}

    def made(self, channel_id: int, now: float) -> None:
        """One operation was made in the channel at `now` (the event loop's clock)."""
        times = self._made.setdefault(channel_id, deque())
        times.append(now)
        self._forget(channel_id, times, now)

    def room_in(self, channel_id: int, now: float, ops: int) -> float:
        """Seconds from `now` until `ops` more operations fit in the channel's window (0: now).
        More than the window holds at all are let through once the window is empty."""
        times = self._made.get(channel_id)
        if not times:
            return 0.0
        self._forget(channel_id, times, now)
        over = len(times) + min(ops, self.ops) - self.ops
        if over <= 0:
            return 0.0
        return max(0.0, times[over - 1] + self.window + self.margin - now)

    def _forget(self, channel_id: int, times: deque[float], now: float) -> None:
        while times and times[0] <= now - self.window - self.margin:
            times.popleft()
        if not times:
            del self._made[channel_id]
