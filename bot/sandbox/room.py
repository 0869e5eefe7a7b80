"""The sandbox's room: the real bot, a Discord of its own around it, and the page.

`Sandbox` builds the bot exactly as `python -m bot` does (`create_bot(settings)`), hands it
to SimCord instead of Discord, with one server, its card-room channel and a few members,
and opens SimCord's preview of that channel: a Discord-like page on 127.0.0.1, behind a
secret address, where whoever opens it plays as one of the members. The page is served on
the sandbox's port by `Front`, which passes it through from the preview and pushes each
publication to the page it is for. SimCord's clock runs on the wall clock here (the turn
timers, the computers' pauses), from the time of day.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from types import TracebackType

import simcord
from simcord.preview import Preview

from bot.app import Ridotto, create_bot
from bot.sandbox.config import GUILD_ID, SandboxConfig
from bot.sandbox.front import Front
from bot.sandbox.live import Live

SERVER = "Ridotto Sandbox"
CHANNEL = "card-room"
TOPIC = "Type / for the bot's commands: /play opens a table, /help lists the rest."
#: the members, in the order the page offers them (the first is who a new page plays as)
MEMBERS = ("Ada", "Bruno", "Chiara", "Dario")
BOT_NAME = "Ridotto"


def settle_timeout(computer_delay: float, pass_delay: float) -> float:
    """How long SimCord waits, after a click, for the bot to finish what it does at once.

    SimCord answers a page's click once the bot has settled: every task it started is done,
    or waiting for something that comes later than this. A computer's pause
    (``COMPUTER_DELAY``) or a pass dealt on its own (``PASS_DELAY``) that ends within it is
    waited for, so the click would wait for the computers' moves; kept below both, the
    click is answered at once and the moves reach the page live. Yet it bounds what the bot
    does for one move (its transaction, its pictures): never below a second, and with no
    pauses at all (everything the computers do comes with the click) a few seconds.
    A bot slower than this (a busy machine) only makes the page say the click was not
    completed while the bot completes it; `Live` keeps the room going.
    """
    pauses = [delay for delay in (computer_delay, pass_delay) if delay > 0]
    return min(5.0, max(1.0, 0.9 * min(pauses, default=5.0)))


class Sandbox:
    """``async with Sandbox(config) as room:`` the room runs, its page at ``room.url``."""

    def __init__(self, config: SandboxConfig, *, settle: float | None = None) -> None:
        """`settle`: SimCord's bound on the bot's settling (`settle_timeout` unless given;
        tests that drive the room from Python give it a test's bound)."""
        self.config = config
        self.bot: Ridotto = create_bot(config.bot)
        if settle is None:
            settle = settle_timeout(config.bot.computer_delay, config.bot.pass_delay)
        self.env = simcord.Env(self.bot, shard_count=1, settle_timeout=settle)
        # The room is made before the bot arrives and before the clock moves, in the same
        # order every time: SimCord's ids come from its clock, so the channel and the members
        # keep their ids, and their tables and bankrolls, from one start to the next.
        self.guild = self.env.create_guild(SERVER, id=GUILD_ID)
        self.channel = self.guild.create_text_channel(CHANNEL, topic=TOPIC)
        self.members = tuple(self.guild.add_member(self.env.create_user(name)) for name in MEMBERS)
        self.env.backend.bot_user.name = BOT_NAME
        # SimCord's clock starts on a fixed day; the room's, like Discord's, is today's.
        behind = (datetime.now(UTC) - self.env.now()).total_seconds()
        self.env.backend.advance_clock(max(behind, 0.0))
        self.preview: Preview | None = None
        self.live: Live | None = None
        self.front: Front | None = None

    @property
    def url(self) -> str:
        """The page's full address, its secret included: whoever has it plays in the room."""
        if self.front is None:
            raise RuntimeError("the sandbox is not running")
        return self.front.url

    async def __aenter__(self) -> Sandbox:
        await self.env.start()  # the bot logs in: setup_hook opens the store, restores tables
        try:
            # The preview on a loopback port of its own, behind the front on the sandbox's.
            preview = self.env.preview(self.channel, viewers=self.members, layout="channel", port=0)
            self.preview = await preview.__aenter__()
            self.live = Live(self.env, self.preview)
            self.front = Front(self.preview, self.config.port)
            self.live.listeners.append(self.front.published)
            await self.front.start()
            self.live.start()
        except BaseException:
            await self.__aexit__(None, None, None)
            raise
        return self

    async def wait_closed(self) -> None:
        """Until the page's "End preview session" (or `close`) ends the preview."""
        if self.preview is not None:
            await self.preview.wait_closed()

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self.live is not None:
            await self.live.stop()
        if self.front is not None:
            await self.front.close()
        if self.preview is not None:
            await self.preview.close()
        await self._stop_bot()

    async def _stop_bot(self) -> None:
        """The bot stops as on Discord (`Ridotto.close`: the clicks in flight finish, the
        database closes), then SimCord lets it go."""
        try:
            await self.bot.close()
        finally:
            await self.env.shutdown()


async def run(sandbox: Sandbox, started: asyncio.Event | None = None) -> None:
    """Run until the page ends the session or the task is cancelled (Ctrl-C)."""
    async with sandbox:
        if started is not None:
            started.set()
        await sandbox.wait_closed()
