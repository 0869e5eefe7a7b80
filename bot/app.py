"""The bot factory. `create_bot(settings)` builds a Ridotto bot without connecting."""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets
import signal
import sys
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import MISSING

from bot.components import ComponentRouter
from bot.config import Settings
from bot.display import Display
from bot.i18n import ROOMS, Markup, Text, lang, reader, room_language, t
from bot.i18n.commands import Translator
from bot.store import Store, open_store
from bot.tables import MoveSavedError, TableError, TableService
from bot.workers import Workers
from engine.core.fair import new_server_seed

log = logging.getLogger(__name__)

#: picture-drawing worker processes (with worker processes at all; `WORKERS=0` draws in a thread)
DRAWERS = 2
#: seconds the bot's process lets a thread hold the GIL while another waits for it (see
#: `setup_hook`; Python's default is 5 ms). At 500 tables on a loaded 2-core machine,
#: bench/clicks.py's p99 went from 175 to 132 ms with it (median of 3 runs each, back to back)
SWITCH_INTERVAL = 0.001

SET_ASIDE_NOTICE = t(
    "♠ The table in this channel couldn't be restored after the bot restarted, so it has been "
    "closed and the chips it held have gone back to the players' bankrolls (see /balance). "
    "Open a new table with /play."
)

EXTENSIONS = (
    "cogs.economy",
    "cogs.admin",
    "cogs.tables",
    "cogs.panels",
    "cogs.bets",
    "cogs.offers",
    "cogs.play",
    "cogs.rules",
    "cogs.fair",
    "cogs.history",
)

#: The tasks discord.py runs interaction handlers in, by the names it gives them: slash
#: commands, buttons and selects (of views and dynamic items), forms, `on_interaction`
#: listeners. It creates them as an interaction arrives, so once the gateway is closed these
#: are all the clicks in flight. (Were discord.py to rename them, the move that never ends in
#: tests/e2e/test_shutdown.py would hold the shutdown up past its bound.)
_INTERACTION_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch-",
    "discord.py: on_interaction",
)


class Ridotto(commands.AutoShardedBot):
    """The card room. Storage opens and open tables come back in `setup_hook`.

    Sharded always: with SHARD_COUNT unset, one process runs Discord's recommended number
    of shards (learnt when it connects); set, it connects its SHARD_IDS (or its cluster's)
    and owns exactly their guilds (`Settings.shards`, bot/shards.py)."""

    store: Store
    tables: TableService
    display: Display
    workers: Workers
    drawing: Workers

    def __init__(
        self,
        settings: Settings,
        seeds: Callable[[], int] = new_server_seed,
        deals: Callable[[], int] | None = None,
    ) -> None:
        # No privileged intents: everything arrives through interactions.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            help_command=None,
            # The bot reads nothing back from discord.py's message cache, and a full one
            # (1,000 messages, soon reached with many tables) costs a linear scan on every
            # message event its own edits bring back: keep none.
            max_messages=None,
            shard_count=settings.shards.count,
        )
        # The shards this process connects (None: all of them); discord.py reads it at connection.
        self.shard_ids = None if settings.shards.ids is None else list(settings.shards.ids)
        self.settings = settings
        self.seeds = seeds
        self.deals = deals
        self._notices: asyncio.Task[None] | None = None
        self._switch_interval = sys.getswitchinterval()  # the process's own, put back at `close`
        self._shutdown: asyncio.Task[None] | None = None
        self.tree.error(self.on_app_command_error)
        #: every button, select and form of the bot comes in here (see bot/components.py): the
        #: router listens to interactions itself (slash commands go to the command tree)
        self.router = ComponentRouter(answer_failure, TableError, reply)
        self.add_listener(self.router.dispatch, "on_interaction")

    async def setup_hook(self) -> None:
        # What this process knew of servers' table languages is a cache of the store's
        # settings: a bot starting afresh (a restart, each test's bot) reads them anew.
        ROOMS.clear()
        self.store = await open_store(self.settings.database())
        # The worker processes (computers' decisions, prices, pictures): they start with the
        # first job and stop in `close`.
        # At a lower priority than the bot's own process and the drawing: on a machine whose
        # cores are all busy, the operating system then serves the event loop and the pictures
        # members wait for first, and the computers think with what is left (a computer can
        # wait; `COMPUTER_DELAY` has it wait anyway).
        self.workers = Workers(self.settings.workers, nice=self.settings.worker_nice)
        self.workers.start()
        # discord.utils.utcnow is the clock SimCord's tests steer with advance_time.
        self.tables = TableService(
            self.store,
            computer_delay=self.settings.computer_delay,
            now=discord.utils.utcnow,
            seeds=self.seeds,
            deals=self.deals,
            workers=self.workers,
            decision_cap=self.settings.decision_cap,
            pass_delay=self.settings.pass_delay,
        )
        # What the tables do by themselves (the clock's moves) is shown by the display: the
        # service's one listener, so the service never calls a cog. A click's own change is
        # returned to the cog handling it, which shows it through the same display.
        self.display = Display(
            self,
            self.tables,
            self.settings.computer_delay,
            self.settings.channel_rate,
            self.settings.picture_wait,
        )
        # Pictures are drawn in worker processes of their own: a member's click waits for its
        # picture, and must not queue behind computers thinking in the decision workers. Two,
        # so that a click's picture never waits for the whole drawing of a table that moved
        # by itself (which is drawn ahead, at the room's leisure); they draw only on demand.
        self.drawing = Workers(DRAWERS if self.settings.workers else 0, nice=self.settings.drawing_nice)
        self.drawing.start()
        self.display.pictures.workers = self.drawing
        self.tables.listen(self.display.show)
        self.tables.commit.saved = self.display.pictures.early  # a click's picture drawn during its COMMIT
        # The commands' names and descriptions in every language Ridotto speaks (issue 26).
        await self.tree.set_translator(Translator())
        for name in EXTENSIONS:
            await self.load_extension(name)
        # Only the tables of this process's shards: the other guilds are other processes'.
        restored = await self.tables.restore(self.settings.shards)
        log.info("restored %d open table(s) of %s", restored.tables, self.settings.shards.describe())
        # What start-up built (the modules, discord.py, the restored tables) lives as long as
        # the bot: set it aside from the cyclic collector, whose full collections would walk
        # all of it again and again, holding up the event loop for tens of milliseconds a
        # time with a room of tables (`close` puts it back).
        gc.collect()
        gc.freeze()
        # The loop hands work to threads of its own (the database's, the worker pools'
        # managers and feeders); each wakes as it is handed something and takes the GIL, and
        # the loop waits up to the interpreter's switch interval (5 ms) to have it back, in
        # the middle of a click. A shorter interval bounds that wait (`close` puts it back).
        sys.setswitchinterval(SWITCH_INTERVAL)
        if restored.set_aside:
            # In setup_hook no channel is reachable yet: the notices wait for the gateway.
            self._notices = asyncio.get_running_loop().create_task(self._tell_set_aside(restored.set_aside))
        if not self.settings.syncs_commands:
            # The commands are the application's, not a shard's: one process syncs them for all.
            log.info(
                "this process (%s) leaves the slash commands to the process of shard 0"
                " (SYNC_COMMANDS=true makes it sync them)",
                self.settings.shards.describe(),
            )
        elif self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def _tell_set_aside(self, tables: list[tuple[int, int]]) -> None:
        """Once connected, say in each set-aside table's channel what happened to it."""
        await self.wait_until_ready()
        for table_id, channel_id in tables:
            try:
                channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
                if not isinstance(channel, discord.abc.Messageable):
                    raise TypeError(f"channel {channel_id} takes no messages")
                guild = getattr(channel, "guild", None)
                where = lang(
                    room_language(guild.id if guild is not None else None, guild and guild.preferred_locale)
                )
                await channel.send(where(SET_ASIDE_NOTICE))
            except (discord.DiscordException, TypeError) as error:
                log.warning(
                    "table %s: could not tell channel %s it was set aside (%s)",
                    table_id,
                    channel_id,
                    type(error).__name__,
                )

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        """Log in (which runs `setup_hook`) and run until closed, as discord.py does; once
        running, SIGTERM (how process managers stop a program) and SIGINT (Ctrl-C) both close
        the bot gracefully (see `close`). A signal during start-up, with nothing in flight
        yet, keeps its default effect."""
        await self.login(token)
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(signum, self._on_signal, signum)
            except (NotImplementedError, RuntimeError):  # Windows, or not the main thread
                log.debug("%s keeps its default handling", signal.Signals(signum).name)
        await self.connect(reconnect=reconnect)

    def _on_signal(self, signum: int) -> None:
        name = signal.Signals(signum).name
        if self._shutdown is not None:
            log.info("%s received: already shutting down", name)
            return
        log.info("%s received", name)
        self._begin_shutdown()

    def is_closed(self) -> bool:
        # From the moment a shutdown begins the gateway is closed for good: discord.py's
        # connection loop must not reconnect while the work in flight finishes.
        return self._shutdown is not None or super().is_closed()

    async def close(self) -> None:
        """Stop gracefully, however asked (a signal, the end of `async with`, a test): take no
        new work, let the work in flight finish (for up to `Settings.shutdown_grace` seconds),
        then close the database and the connection to Discord. Called again, it waits for the
        same shutdown."""
        await asyncio.shield(self._shutdown or self._begin_shutdown())

    def _begin_shutdown(self) -> asyncio.Task[None]:
        self._shutdown = asyncio.get_running_loop().create_task(self._shut_down(), name="ridotto-shutdown")
        return self._shutdown

    async def _shut_down(self) -> None:
        loop = asyncio.get_running_loop()
        began = loop.time()
        deadline = began + self.settings.shutdown_grace
        log.info("shutting down: taking no new work, finishing what is in flight")
        if self._notices is not None:
            self._notices.cancel()
        # No new work: the gateway closes (each shard's connection), so new clicks no longer
        # reach this process (the answers to clicks in flight go over HTTP, which stays open),
        # and the tables' clock stops, so no table moves by itself; a move it is making finishes.
        shards = [shard.disconnect() for shard in self.shards.values() if not shard.is_closed()]
        if shards:
            try:
                await asyncio.wait_for(asyncio.gather(*shards), timeout=self.settings.shutdown_grace)
            except TimeoutError:
                log.warning("shutting down: Discord did not confirm closing the gateway; going on")
        here = asyncio.current_task()
        in_flight = {
            task
            for task in asyncio.all_tasks()
            if task is not here and not task.done() and task.get_name().startswith(_INTERACTION_TASKS)
        }
        if hasattr(self, "tables"):
            in_flight.add(loop.create_task(self._stop_tables(), name="ridotto-clock-stop"))
        if in_flight:
            _, late = await asyncio.wait(in_flight, timeout=max(deadline - loop.time(), 0))
            if late:
                # A move cut off here rolls back: its transaction and the table in memory.
                log.warning(
                    "shutting down: %d piece(s) of work still running after %g s; stopping them",
                    len(late),
                    self.settings.shutdown_grace,
                )
                for task in late:
                    task.cancel()
                await asyncio.wait(late, timeout=1.0)
        if hasattr(self, "store"):
            await self.store.close()  # after any transaction still open has ended
        await super().close()  # the cogs, the gateway, HTTP
        if hasattr(self, "display"):
            self.display.close()
        if hasattr(self, "workers"):
            self.workers.close()  # the worker processes, after every table has stopped
            self.drawing.close()
        gc.unfreeze()  # what start-up set aside (`setup_hook`) is collected like the rest again
        sys.setswitchinterval(self._switch_interval)
        log.info("shut down cleanly in %.1f s", loop.time() - began)

    async def _stop_tables(self) -> None:
        """The clock stops (a move it is making finishes), then what it changed is drawn."""
        await self.tables.stop()
        if hasattr(self, "display"):
            await self.display.flush()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Every failure a member can cause gets a sentence, never a traceback."""
        text: Text
        if isinstance(error, app_commands.MissingPermissions):
            text = t("Only members with **Manage Server** can change the room's settings.")
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = t("Ridotto's card room lives in servers: use this command in a server channel.")
        elif isinstance(error, app_commands.CheckFailure):
            text = t("You can't use that command here.")
        elif _not_a_member(error):
            # Discord still offers members who have left in a member option, and sends them as
            # plain users; discord.py then refuses to make a Member of them. The member's
            # mistake, not ours: a sentence, no traceback, and the command never ran.
            log.info("/%s: a member option named a user who isn't in the server", _name(interaction))
            text = t("That member isn't in this server.")
        else:
            await answer_failure(interaction, error.__cause__ or error, f"/{_name(interaction)}")
            return
        await reply(interaction, text)


def _name(interaction: discord.Interaction) -> str:
    return interaction.command.name if interaction.command else "?"


def _not_a_member(error: app_commands.AppCommandError) -> bool:
    """Whether a member option named a user who is not (or no longer) in the server: every
    command with a `discord.Member` option fails this way before it runs. A transformer
    that failed for any other reason wraps that reason as its cause, and stays our error."""
    return (
        isinstance(error, app_commands.TransformerError)
        and error.__cause__ is None
        and error.type is discord.AppCommandOptionType.user
        and isinstance(error.value, discord.User)
    )


async def reply(
    interaction: discord.Interaction,
    text: Text | None,
    *,
    embed: discord.Embed = MISSING,
    view: discord.ui.View | None = None,
    allowed_mentions: discord.AllowedMentions = MISSING,
    file: discord.File = MISSING,
) -> None:
    """Answer ephemerally, in the member's language (`bot.i18n.reader`), whether or not the
    interaction was already answered. Left-out arguments are discord.py's own MISSING,
    exactly as if they had not been passed."""
    shown = MISSING if view is None else view
    said = None if text is None else reader(interaction)(text)
    if interaction.response.is_done():
        await interaction.followup.send(
            MISSING if said is None else said,
            ephemeral=True,
            embed=embed,
            view=shown,
            allowed_mentions=allowed_mentions,
            file=file,
        )
    else:
        await interaction.response.send_message(
            said, ephemeral=True, embed=embed, view=shown, allowed_mentions=allowed_mentions, file=file
        )


async def answer_failure(interaction: discord.Interaction, error: BaseException, where: str) -> None:
    """The answer to an interaction that failed unexpectedly: a sentence with a short
    reference for the member, and the same reference beside the traceback in the log."""
    ref = secrets.token_hex(3)
    log.error("%s failed (ref %s)", where, ref, exc_info=error)
    if isinstance(error, MoveSavedError):
        text = t(
            "Your move was made, but something went wrong showing it (ref {ref}). The table is up to date.",
            ref=Markup(f"`{ref}`"),
        )
    else:
        text = t(
            "Something went wrong on our side; nothing changed. Please try again (ref {ref}).",
            ref=Markup(f"`{ref}`"),
        )
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.warning("%s: could not answer the interaction (ref %s)", where, ref)


def create_bot(
    settings: Settings | None = None,
    *,
    seeds: Callable[[], int] = new_server_seed,
    deals: Callable[[], int] | None = None,
) -> Ridotto:
    """Build the bot; nothing connects until `bot.start(token)`. Each hand's server seed (which
    its deal mixes with what the server can't choose, bot/tables/fair.py) is `seeds()`: the
    operating system's randomness, unless a test or benchmark wants reproducible seeds.

    `deals` is for tests and benchmarks that need particular deals, whatever ids Discord gives
    the clicks that deal them: each hand's deck seed is then `deals()`, in place of the fair
    mix (so those hands' proofs do not verify). Production never passes it."""
    return Ridotto(settings or Settings(), seeds, deals)
