"""The room keeps the wall clock's time, and every open page shows the channel as it is now.

SimCord is made for tests: its clock stands still unless a test moves it, and its preview
publishes a page after that page's own action (a click, a command, a form), for the browser
to read. A sandbox is played live, so `Live` looks at the room ten times a second (and as
soon as a page's own action ends) and does three things SimCord leaves to a test:

* **The pages.** What happens on its own (a computer's move, a timer, another member's click)
  would wait for a "Refresh preview". When SimCord's record of the bot's traffic has grown,
  `Live` republishes each page whose member now sees something else (a new message, or one
  of theirs edited); a page whose member sees nothing new keeps its revision, so a click made
  on it is never turned away as made on an old page. Every publication, whoever made it, is
  told to `listeners` (the sandbox's front, which pushes it to the browser: front.py).
* **The clock.** SimCord fires the bot's timers on the wall clock (a computer's pause, a
  turn's timer), moving its own clock to each; between them it stands still. `Live` moves it
  on to the time of day, never onto a timer SimCord is about to fire, so the room's
  messages, turn timers and dailies carry the times they would on Discord.
* **A slow moment.** SimCord waits a bounded time for the bot to finish what a timer set off
  (`room.settle_timeout`). On a machine too busy for that, it stops firing timers on the wall
  clock until a test's next step, and drops those that come due meanwhile; `Live` lets it go
  on, and fires the dropped timers itself once the wall clock has passed them.

This is the one module that reaches into SimCord's internals (3.2's preview page registry and
publish step, its clock and its record of pending timers); tests/bot/test_sandbox.py and
tests/browser/ exercise each part, so a SimCord that changes them fails there first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import simcord
from simcord._settlement import _run_due_virtual_callbacks
from simcord.backend.access import can_access_message
from simcord.preview import Preview

log = logging.getLogger(__name__)

#: seconds between two looks: a change reaches the pages within this and the browser's own
#: half-second read
INTERVAL = 0.1
#: the newest messages a page's fingerprint covers: the preview shows the 50 newest
WINDOW = 60
#: SimCord keeps every gateway event and HTTP call for a test's failure report; a sandbox
#: runs for hours, so it keeps only the newest
KEPT = 2_000
#: how close to a pending timer the clock is moved (seconds): never onto it, which would
#: make it due before the wall clock says so
MARGIN = 0.001


class Live:
    """Keeps the room's clock on the wall clock and the preview's pages up to date."""

    def __init__(self, env: simcord.Env, preview: Preview, *, interval: float = INTERVAL) -> None:
        self.env, self.preview, self.interval = env, preview, interval
        self.published = 0  # pages republished here
        self.recovered = 0  # slow moments got over
        #: set at each look that finds the bot did something on Discord since the last: the
        #: room's own signal that it moved, which tests of a room on the wall clock wait on
        self.moved = asyncio.Event()
        self._shown: dict[str, int] = {}  # page id -> the fingerprint it was last published with
        self._seen = 0  # the transcript's length at the last look
        self._task: asyncio.Task[None] | None = None
        #: told the page id after every publication (the sandbox's front pushes it to the page)
        self.listeners: list[Callable[[str], None]] = []
        # Every publication records what its page showed, whoever made it (an action, the
        # page's opening, this module), so a page is never republished for a change it shows.
        publish = preview._publish
        env = self.env

        def publish_and_note(page: Any, **kwargs: Any) -> None:
            publish(page, **kwargs)
            self._shown[page.id] = self.fingerprint(page)
            for listener in self.listeners:
                listener(page.id)
            if env._operation_task is not None:
                # A page's own step (a click, say) ends right after it publishes that page:
                # the others are looked at then, not up to a look's interval later.
                asyncio.get_running_loop().call_soon(self._look_now)

        preview._publish = publish_and_note  # type: ignore[method-assign]

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="sandbox-live")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            self._look_now()

    def _look_now(self) -> None:
        try:  # a page that went away mid-look, say: the next look starts afresh
            self.look()
        except Exception:
            log.exception("could not bring the room up to date")

    def look(self) -> None:
        """One look: all three duties, none while SimCord runs a step of its own (a page's
        action, the bot's settling), which each do their part when they are done."""
        env = self.env
        if env._operation_task is not None or env._advancing:
            return
        self.get_over_a_slow_moment()
        advancing = env._real_advance_task
        if advancing is None or advancing.done():  # not while SimCord moves its clock itself
            self.keep_time()
        self.republish()

    def get_over_a_slow_moment(self) -> None:
        """If SimCord gave up waiting for the bot after a timer (a busy machine), let it fire
        timers on the wall clock again (the timers it dropped meanwhile, `keep_time` fires)."""
        env = self.env
        failed = env._real_advance_task
        if failed is None or not failed.done() or failed.cancelled() or failed.exception() is None:
            return
        env._real_advance_task = None
        self.recovered += 1
        log.info("the bot took over %g s to settle after a timer; the room goes on", env.settle_timeout)

    def keep_time(self) -> None:
        """Move SimCord's clock on to the wall clock, but not onto a timer SimCord will fire
        itself on the wall clock (it moves its clock to that one); fire those it will not
        (one it dropped in a slow moment) once the wall clock has passed them."""
        env = self.env
        now = env._virtual_time
        target = now + (datetime.now(UTC) - env.now()).total_seconds()
        loop = asyncio.get_running_loop()
        for record in env._work.callbacks:
            real = record.real_handle
            if (
                record.when is not None
                and record.handle is not None
                and not record.handle.cancelled()
                and real is not None
                and not real.cancelled()
                and still_queued(real, loop)
            ):
                target = min(target, record.when - MARGIN)
        if target > now:
            env.backend.advance_clock(target - now)
        _run_due_virtual_callbacks(env._settlement_state(), loop.time() + env.settle_timeout)

    def republish(self) -> None:
        """Republish the pages whose members see something new since their last publication."""
        transcript = self.env.backend.transcript
        if len(transcript) > 2 * KEPT:
            del transcript[:-KEPT]
            del self.env.backend.http_requests[:-KEPT]
            self._seen = 0
        if len(transcript) == self._seen:
            return
        self._seen = len(transcript)
        self.moved.set()
        for page in list(self.preview._pages.values()):
            if page.id == "python" or page.status == "access_denied":
                continue  # the Python presentation no browser shows
            if self.fingerprint(page) != self._shown.get(page.id):
                self.preview._publish(page, reason="refresh")
                self.published += 1

    def fingerprint(self, page: Any) -> int:
        """What the page's member sees of the channel's newest messages: which they are, and
        everything each says and shows (any edit changes it)."""
        messages = self.env.backend.messages.get(page.channel_id, {})
        seen: list[tuple[object, ...]] = []
        for message in reversed(messages.values()):
            if len(seen) == WINDOW:
                break
            if can_access_message(self.env, page.channel_id, message, page.viewer, history=True):
                seen.append(
                    (
                        message.id,
                        message.edited_timestamp,
                        message.flags,
                        message.content,
                        repr(message.components),
                        repr(message.embeds),
                        repr(message.attachments),
                        repr(message.reactions),
                    )
                )
        return hash(tuple(seen))


def still_queued(handle: asyncio.TimerHandle, loop: asyncio.AbstractEventLoop) -> bool:
    """Whether the loop has yet to run a timer: then SimCord fires it, even when the loop is
    late and its time has passed (a look made in the same turn of the loop must not take it
    from SimCord); one that has run and is still pending is one SimCord dropped. asyncio
    marks a queued timer (`_scheduled`); a loop that does not is asked for the time."""
    queued: object = getattr(handle, "_scheduled", None)
    return bool(queued) if isinstance(queued, bool) else handle.when() > loop.time()
