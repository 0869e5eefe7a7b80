"""What members see of a table: the public table message with its buttons, each member's
private hand panel, and the turn ping; and everything the bot remembers about them (one
`Screen` per table: the picture shown, the open panels, the last ping).

The cogs answer clicks; this draws. It is also the one listener of the table service
(registered in `bot/app.py`): the changes a table makes by itself come here to be shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal, NoReturn, TypeAlias

import discord

from bot.channel_rate import ChannelRate
from bot.components import HINT, PANEL_BUTTON, PANEL_SELECT, TABLE_MOVE, rendered
from bot.i18n import Lang, lang, reader, t
from bot.pictures import Picture, Pictures
from bot.render import game_end_note, turn_prompt
from bot.table_layout import table_layout
from bot.tables import MoveSavedError, Phase, Table, TableError, TableService
from bot.tables.commit import TableChange
from bot.tables.hints import hint_seat
from bot.ui import Control, Form, Panel

log = logging.getLogger(__name__)

#: Discord lets a bot edit an interaction's response for 15 minutes; redraw well inside that
PANEL_LIFETIME = timedelta(minutes=14)

UIButton: TypeAlias = discord.ui.Button[discord.ui.View]
Channel: TypeAlias = discord.TextChannel | discord.Thread | discord.VoiceChannel | discord.StageChannel

#: The kinds of Discord REST call made for a table, as `Display.calls` counts them: the
#: answer to a member's interaction, a follow-up to it, an edit of that answer (the table
#: picture it went without, `Display.answer_click`), an edit (or a re-post) of the table
#: message, an edit of a hand panel, a turn ping sent, a turn ping deleted.
Call: TypeAlias = Literal[
    "response",
    "follow-up",
    "response edit",
    "table edit",
    "table post",
    "panel edit",
    "ping send",
    "ping delete",
]

#: The calls that are message operations in the table's channel (Discord counts them per
#: channel: `ChannelRate`); the others go to an interaction's webhook.
CHANNEL_CALLS = frozenset({"table edit", "table post", "ping send", "ping delete"})

#: The drawing tasks of changes the tables made by themselves (see `Display.show`), and of
#: the pictures clicks were answered without (`Display.answer_click`); the bot's shutdown
#: waits for them (`flush`), after the clock has stopped.
DRAW_TASKS = "ridotto-draw-"
LATE_TASKS = "ridotto-late-picture-"


@dataclass
class OpenPanel:
    """A member's hand panel: the interaction that can still edit it, since when, what the
    member picked on it (a line, cards to change: the game reads them) and what it shows."""

    interaction: discord.Interaction
    since: datetime
    picks: tuple[str, ...] = ()
    shown: str = ""
    token: str = ""  # the seat's panel token when it was drawn
    picture: str = ""  # the digest of the hand picture it shows ("": none)


@dataclass
class Screen:
    """What the bot remembers of one table's messages, in memory only (like the interaction
    tokens it holds; after a restart the ping says to press Your hand, and the first redraw
    uploads the picture again unless it answers a click on the table message, which carries
    the name of the picture it shows)."""

    shown: str | None = None  # the digest of the picture the table message shows now
    version: int | None = None  # the table version the table message shows now
    panels: dict[int, OpenPanel] = field(default_factory=dict)  # each member's open panel
    fresh: set[int] = field(default_factory=set)  # seats whose open panel shows the hand as it is
    ping_message_id: int | None = None
    #: the members the standing ping is for (None: nobody: the hand waits on no member, or
    #: none was sent); a new ping goes out only when the members to act change
    pinged: tuple[int, ...] | None = None
    ping_failed: bool = False  # a failed ping is logged once per table, not at every turn
    #: a change the table made by itself is waiting to be drawn (see `Display.show`)
    pending: bool = False
    #: when the table message was last edited for such a change (`seconds_now`)
    drawn_at: float | None = None
    #: the Discord REST calls made for the table so far, by kind (`Call`; `Display.calls`)
    calls: Counter[str] = field(default_factory=Counter)
    #: the latest click on the table message answered without its new picture: its answer
    #: is edited once the picture is drawn (`Display._attach`)
    late: discord.Interaction | None = None


#: times a table's drawing draws its pictures ahead, without its lock, while the table moves on
PREDRAWS = 3
#: Seconds a click's answer waits for its new table picture before it goes with the new words
#: and buttons and the picture the message shows, the new one following in an edit of the
#: answer (`Display.answer_click`): long enough for a picture drawn at once on an idle core
#: (or drawn ahead, `Pictures.ahead`: none), short enough that a click never queues behind
#: the pictures of a busy room. The tests wait for every picture (`Settings.picture_wait`).
PICTURE_WAIT = 0.015


class PictureLate(Exception):
    """The table picture was not drawn in time: `fields` is the message with the old one."""

    def __init__(self, fields: dict[str, Any]) -> None:
        super().__init__("the table picture was not drawn in time")
        self.fields = fields


def seconds_now() -> float:
    """Now, in seconds, on the clock the table clock keeps (Discord's UTC, which SimCord's
    tests steer): the waits for `computer_delay` and for room in a channel are measured on
    it, so a test that moves time moves them too."""
    return discord.utils.utcnow().timestamp()


def button(
    table: Table,
    key: str,
    label: str,
    style: discord.ButtonStyle,
    *,
    disabled: bool = False,
    row: int | None = None,
) -> UIButton:
    custom = TABLE_MOVE(table=table.id, version=table.version, key=key)
    return discord.ui.Button(label=label, style=style, custom_id=custom, disabled=disabled, row=row)


def form_modal(custom_id: str, form: Form, say: Lang | None = None) -> discord.ui.Modal:
    """A game's form as a Discord modal whose custom id is `custom_id` (it carries the move,
    like a button's): a text box per field, or a list inside the form for a field with
    options; the values come back in the order of the fields. Its words in `say`'s language."""
    say = lang("en") if say is None else say
    modal = discord.ui.Modal(title=say(form.title, md=False)[:45], custom_id=custom_id)
    for box in form.fields:
        if box.options:  # a list to choose from, inside the form
            choices = [
                discord.SelectOption(label=say(label, md=False)[:100], value=value, default=chosen)
                for value, label, chosen in box.options
            ]
            select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
                custom_id=box.key,
                placeholder=say(box.placeholder, md=False)[:100] or None,
                min_values=box.min_values,
                max_values=box.max_values,
                options=choices,
                required=box.min_values > 0,
            )
            modal.add_item(discord.ui.Label(text=say(box.label, md=False)[:45], component=select))
            continue
        modal.add_item(
            discord.ui.TextInput(
                label=say(box.label, md=False)[:45],
                custom_id=box.key,
                placeholder=say(box.placeholder, md=False)[:100],
                max_length=box.max_length,
            )
        )
    return modal


#: the rows of a message's components, and the buttons a row holds (Discord's limits)
ROWS, ROW_SIZE = 5, 5


def with_hint(panel: Panel) -> Panel:
    """The panel with a **Hint** button (issue 25) where a row has room: beside its last
    buttons, else on a row of its own (none if the panel is full, as no panel is)."""
    rows = range(len(panel.pickers), ROWS)  # the selects take the first rows
    used = {row: sum(1 for c in panel.controls if c.row == row) for row in rows}
    last = max((row for row in rows if used[row]), default=len(panel.pickers))
    row = next((r for r in (*range(last, ROWS), *rows) if used[r] < ROW_SIZE), None)
    if row is None:
        return panel
    hint = Control(HINT, t("💡 Hint"), discord.ButtonStyle.secondary, row=row)
    return Panel(panel.embed, (*panel.controls, hint), panel.pickers)


def picture_on(message: discord.Message | None, kind: str = "hand") -> str:
    """The digest of the picture of `kind` ("hand" on a panel, "table" on the table message)
    a message carries ("" if none): redrawing that message in place re-sends the picture
    only if it changed."""
    for attachment in message.attachments if message is not None else ():
        name = attachment.filename
        if name.startswith(f"{kind}-") and name.endswith(".png"):
            return name.removeprefix(f"{kind}-").removesuffix(".png")
    return ""


def panel_reader(table: Table, opened: OpenPanel | None) -> Lang:
    """The language of a member's own panel: the member's, read from the interaction that
    opened it (the table's when there is none)."""
    return table.lang if opened is None else reader(opened.interaction)


class Display:
    """Draws tables and hand panels, and keeps one `Screen` per table."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        computer_delay: float = 0.0,
        channel_rate: int = 0,
        picture_wait: float = PICTURE_WAIT,
    ) -> None:
        self.client = client
        self.service = service
        self.pictures = Pictures()
        self.screens: dict[int, Screen] = {}
        #: seconds a click's answer waits for its new table picture (`PICTURE_WAIT`)
        self.picture_wait = picture_wait
        #: each table's task attaching the picture a click's answer went without (`_attach`)
        self.attaching: dict[int, asyncio.Task[None]] = {}
        #: at most one table edit per this many seconds for changes the tables made by themselves
        self.computer_delay = computer_delay
        self.drawing: dict[int, asyncio.Task[None]] = {}  # each table's drawing task (`show`)
        #: one table's drawing task draws at a time: the picture worker is shared with the
        #: members' clicks, which must not queue behind every busy table's picture at once
        #: (tables waiting their turn only gather more changes into their next drawing)
        self.drawing_turn = asyncio.Semaphore(1)
        self.totals: Counter[str] = Counter()  # REST calls of the tables closed since start
        #: message operations per channel, which the drawings keep under (None: not kept)
        self.rate = ChannelRate(channel_rate) if channel_rate else None

    def screen(self, table: Table) -> Screen:
        return self.screens.setdefault(table.id, Screen())

    def close(self) -> None:
        self.pictures.close()

    # ------------------------------------------------------------- changes
    async def answer(self, change: TableChange, respond: Callable[[Table], Awaitable[None]]) -> None:
        """Show a member's change made on their hand panel: `respond` answers their click
        with it (the panel, redrawn in place); the table message, the other panels and the
        ping follow as the table's own changes do (`show`): at once when the channel has
        room, else together with whatever the computers play next. Runs while the table is
        locked; the drawing waits for the lock, so it draws the change whole."""
        before = self.screen(change.table).calls.total()
        try:
            await respond(change.table)
        except Exception as error:
            await self._answer_failed(change, error)
        self._log_calls(change.table, before, "a member's change")
        await self.show(change)

    async def _answer_failed(self, change: TableChange, error: Exception) -> NoReturn:
        # The move is saved; only drawing it failed. Put the table message right for
        # everyone, then let the member know what happened.
        log.warning("table %s: the move was saved but its reply failed", change.table.id)
        await self.show(change)
        raise MoveSavedError from error

    async def answer_click(self, change: TableChange, interaction: discord.Interaction) -> None:
        """Answer a click on a table button with its change: on the table message, by editing
        it in the response (then the open panels); on the seat picker, by saying so there and
        redrawing the table message. Then the member to act is pinged. Runs while the table
        is locked."""
        table = change.table
        screen = self.screen(table)
        calls = screen.calls
        before = calls.total()
        try:
            calls["response"] += 1
            if interaction.message is not None and interaction.message.id == table.state.message_id:
                if screen.shown is None:  # since a restart: the picture the message carries is kept
                    screen.shown = picture_on(interaction.message, "table") or None
                try:
                    fields, picture = await self.table_message(table, wait=self.picture_wait, urgent=True)
                except PictureLate as behind:
                    # The words and buttons are the table's as it is; the picture follows.
                    await interaction.response.edit_message(**behind.fields)
                    self._attach_soon(table, interaction)
                else:
                    await interaction.response.edit_message(**fields)
                    self._shown(table, picture)
                await self._panels_after(table, None, urgent=True)
            else:
                # an ephemeral prompt of the table's (the seat picker, Leave now or after the
                # hand) becomes what its click did
                said = reader(interaction)(change.note or t("You're seated. Good luck!"))
                await interaction.response.edit_message(content=said, view=None)
                await self.refresh(table)
        except Exception as error:
            await self._answer_failed(change, error)
        self._log_calls(table, before, "a member's change")
        self.screen(table).pending = False  # drawn as it is now: nothing left to coalesce
        await self._ping_soon(change)
        self.pictures.ahead(table)  # what the next click shows, drawn while its member thinks

    def _attach_soon(self, table: Table, interaction: discord.Interaction) -> None:
        """A click's answer went without its new picture: attach it when drawn (`_attach`)."""
        self.screen(table).late = interaction
        task = self.attaching.get(table.id)
        if task is None or task.done():
            name = f"{LATE_TASKS}{table.id}"
            self.attaching[table.id] = asyncio.create_task(self._attach(table), name=name)

    async def _attach(self, table: Table) -> None:
        """Edit the answer of the latest click that went without its picture (`Screen.late`)
        to the table as it is once that picture is drawn: one call, to the interaction's
        webhook (which the channel's message rate does not count, like the answer itself),
        made under the table's lock like every drawing of it. Several late clicks in a row
        get one edit; none if the table message already shows the table as it is (a later
        click's answer, or the table's own drawing, drew it)."""
        screen = self.screen(table)
        try:
            while (interaction := screen.late) is not None:
                if not table.lock.locked():  # drawn ahead, not from a move under way
                    with contextlib.suppress(Exception):  # fails again below, and is logged
                        await self.pictures.table(table, urgent=True)
                async with table.lock:
                    if screen.late is not interaction:
                        continue  # a later click went without its picture: draw for that one
                    screen.late = None
                    message = interaction.message
                    if (
                        screen.version == table.version
                        or table.state.phase is Phase.CLOSED
                        or message is None
                        or message.id != table.state.message_id
                    ):
                        break
                    try:
                        fields, picture = await self.table_message(table, wait=self.picture_wait, urgent=True)
                    except PictureLate:
                        screen.late = interaction  # the table moved on meanwhile: wait for its picture
                        continue
                    self.count(table, "response edit")
                    try:
                        await interaction.edit_original_response(**fields)
                    except discord.HTTPException:  # the answer can't be edited: the table message is
                        await self._refresh_message(table)
                    else:
                        self._shown(table, picture)
        except Exception:
            log.exception("table %s: could not attach the table picture", table.id)
        finally:
            self.attaching.pop(table.id, None)

    async def _ping_soon(self, change: TableChange) -> None:
        """Ping the member to act now if the channel has room for it, else as soon as it
        has (the table's drawing sends it: the click's answer does not wait)."""
        table = change.table
        ops = self._ping_ops(table, self.screen(table))
        now = seconds_now()
        if ops and self.rate is not None and self.rate.room_in(table.state.channel_id, now, ops) > 0:
            await self.show(change)
        else:
            await self._ping(table)

    # ------------------------------------------------------------- calls
    def count(self, table: Table, kind: Call) -> None:
        """Count one Discord REST call made for `table` (see `calls`)."""
        if kind in CHANNEL_CALLS and self.rate is not None:
            self.rate.made(table.state.channel_id, seconds_now())
        screen = self.screens.get(table.id)
        if screen is None and table.state.phase is Phase.CLOSED:
            self.totals[kind] += 1  # a follow-up after the close: its screen is let go
        else:
            self.screen(table).calls[kind] += 1

    def calls(self, table_id: int) -> Counter[str]:
        """The REST calls made so far for an open table, by kind (a copy; benches read it).
        A table's count is logged at INFO and added to `totals` when it closes."""
        screen = self.screens.get(table_id)
        return Counter() if screen is None else Counter(screen.calls)

    def _log_calls(self, table: Table, before: int, what: str) -> None:
        screen = self.screens.get(table.id)
        if screen is not None and log.isEnabledFor(logging.DEBUG):
            made, counts = screen.calls.total() - before, dict(screen.calls)
            log.debug("table %s: %d REST call(s) for %s; so far %s", table.id, made, what, counts)

    def _closed(self, table: Table, screen: Screen | None) -> None:
        counts = screen.calls if screen is not None else Counter()
        self.totals.update(counts)
        log.info("table %s closed after %d REST call(s): %s", table.id, counts.total(), dict(counts))

    # ------------------------------------------------- changes by themselves
    async def show(self, change: TableChange) -> None:
        """A change the table made by itself (a timer, a computer), published under the
        table's lock: drawn by the table's drawing task, not here. Consecutive changes are
        coalesced: while a drawing is pending or under way, a new change only marks the
        table to draw again, and the next drawing shows the table as it is then (the
        latest state; its panels and ping follow that state). At most one table edit per
        `computer_delay` seconds per table; with no delay, one drawing at a time.

        A member's click answered meanwhile draws the latest state itself and clears the
        mark (`answer`, `answer_click`), so the drawing task then has nothing to do."""
        table = change.table
        self.screen(table).pending = True
        task = self.drawing.get(table.id)
        if task is None or task.done():
            self.drawing[table.id] = asyncio.create_task(self._draw(table), name=f"{DRAW_TASKS}{table.id}")

    async def _draw(self, table: Table) -> None:
        """Draw a table's pending change (and any made meanwhile), each drawing under the
        table's lock like a click's answer, so no click overtakes it on the table message
        and no half-made change is drawn."""
        screen = self.screen(table)
        while screen.pending:
            # Changes made while the drawing waits are drawn together with this one.
            while (wait := self._wait(table, screen, seconds_now())) > 0:
                await asyncio.sleep(wait)
            async with self._drawing_turn(table):
                if not screen.pending:
                    break  # a click drew the table as it is meanwhile
                if self._wait(table, screen, seconds_now()) > 0:
                    continue  # the table moved on while this waited: it has more to send now
                screen.pending = False
                screen.drawn_at = seconds_now()
                before = screen.calls.total()
                if screen.version != table.version:  # else only its ping was left to send
                    try:
                        await self.refresh(table)
                    except Exception:
                        log.exception("table %s: could not update the table message", table.id)
                await self._ping(table)
                self.pictures.ahead(table)
                self._log_calls(table, before, "changes the table made by itself")
            screen = self.screens.get(table.id, screen)  # a closed table's screen is let go
        self.drawing.pop(table.id, None)

    def _wait(self, table: Table, screen: Screen, now: float) -> float:
        """Seconds before the table's next drawing: `computer_delay` after its last one, and
        room in its channel for the edit (if the table message is behind) and the ping it
        makes (`ChannelRate`)."""
        delay = 0.0 if screen.drawn_at is None else screen.drawn_at + self.computer_delay - now
        if self.rate is None:
            return delay
        ops = (screen.version != table.version) + self._ping_ops(table, screen)
        return max(delay, self.rate.room_in(table.state.channel_id, now, ops))

    @contextlib.asynccontextmanager
    async def _drawing_turn(self, table: Table) -> AsyncIterator[None]:
        """The table's lock, taken once it is the table's turn to have its pictures drawn
        (the table's, and the hands of its open panels that changed). Only the pictures wait
        their turn: the drawing worker is shared with members' clicks, which must not queue
        behind every busy table's pictures. The Discord calls that follow run beside other
        tables' (one turn across them all would let the whole bot edit one table per round
        trip).

        The pictures are drawn before the lock is taken, while no move is under way: a member
        clicking at this table meanwhile is answered at once, not after this table's
        drawings have waited their turn at the worker behind every click in the room."""
        async with self.drawing_turn:
            for _ in range(PREDRAWS):
                version = table.version
                if not await self._predraw(table) or table.version == version:
                    break
            await table.lock.acquire()
            try:
                # Under the lock, the pictures of the table as it is now: cached already
                # unless it moved since (then drawn now, as before).
                await self._predraw(table, held=True)
            except BaseException:
                table.lock.release()
                raise
        try:
            yield
        finally:
            table.lock.release()

    async def _predraw(self, table: Table, held: bool = False) -> bool:
        """Draw (into the cache, by version) the pictures the table's next drawing shows:
        the table's and those of its open panels whose words changed. Reads the table only
        while no move is under way (every move changes the table under its lock, and may
        undo what it changed if saving fails): False if one was, and nothing more was drawn.
        `held`: this task holds the table's lock.
        A drawing that fails here fails again in the redraw, which logs it and still edits
        the words."""
        screen = self.screen(table)
        if not screen.pending:
            return True
        with contextlib.suppress(Exception):
            if not held and table.lock.locked():
                return False
            await self.pictures.table(table, urgent=False)
            for user_id, opened in list(screen.panels.items()):
                index = table.seat_of(user_id)
                if index is None or table.state.phase is not Phase.PLAYING:
                    continue
                seat = table.engine_seat(index)
                if seat is None or self.panel(table, index, opened).signature() == opened.shown:
                    continue  # its redraw changes nothing (`_redraw`)
                if not held and table.lock.locked():
                    return False
                await self.pictures.hand(
                    table, seat, opened.picks, urgent=False, say=panel_reader(table, opened)
                )
        return True

    async def flush(self) -> None:
        """Wait for the drawings under way (the bot's shutdown, after the clock stopped)."""
        while tasks := [
            task for task in [*self.drawing.values(), *self.attaching.values()] if not task.done()
        ]:
            await asyncio.wait(tasks)

    async def _ping(self, table: Table) -> None:
        try:
            await self.ping(table)
        except Exception:
            # A channel that refuses pings must not stop the table; say so once per table.
            screen = self.screen(table)
            if not screen.ping_failed:
                log.warning("table %s: could not ping the player to act", table.id, exc_info=True)
            screen.ping_failed = True

    async def ping(self, table: Table) -> None:
        """Mention the members to act when they change, replacing the previous ping.

        Asked after every change drawn. The same member acting again (twice in a row, or
        on through a trick) keeps the standing ping: no new message and no delete. A new
        ping goes out only when the members awaited differ from the standing ping's (a
        computer's or nobody's turn in between counts as a change, so a member playing
        against computers is pinged at each of their turns). The old ping is not edited
        into the new one: Discord does not notify a mention added by an edit, so a new
        turn needs a new message (and the old one is deleted then, so one stands)."""
        if table.state.phase is Phase.CLOSED:
            return  # its screen is let go
        screen = self.screen(table)
        members = self._to_ping(table)
        if not members:
            screen.pinged = None  # the next member to act gets a new ping, even the same one
            return
        if screen.pinged == members:
            return
        channel = await self.channel(table)
        if channel is None:
            return
        if screen.ping_message_id is not None:
            self.count(table, "ping delete")
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(screen.ping_message_id).delete()
            screen.ping_message_id = None
        screen.pinged = members
        self.count(table, "ping send")
        message = await channel.send(
            turn_prompt(table, screen.fresh), allowed_mentions=discord.AllowedMentions(users=True)
        )
        screen.ping_message_id = message.id

    def _to_ping(self, table: Table) -> tuple[int, ...]:
        """The members the table waits on now (none: a computer's turn, or nobody's)."""
        players = table.turn().players.values()
        return tuple(sorted({s.user_id for s in players if s.user_id is not None and not s.is_computer}))

    def _ping_ops(self, table: Table, screen: Screen) -> int:
        """The channel operations `ping` would make now: a send, and the old ping's delete."""
        if table.state.phase is Phase.CLOSED:
            return 0
        members = self._to_ping(table)
        if not members or members == screen.pinged:
            return 0
        return 1 + (screen.ping_message_id is not None)

    # ------------------------------------------------------- table message
    async def refresh(self, table: Table, skip: int | None = None) -> None:
        """Edit the table message in place (posting a new one if it was deleted), then the
        open hand panels."""
        self.screen(table).pending = False  # drawn as it is now: nothing left to coalesce
        await self._refresh_message(table)
        await self._panels_after(table, skip)

    async def _panels_after(self, table: Table, skip: int | None, urgent: bool = False) -> None:
        """The open panels after the table message: redrawn; a closed table is forgotten.
        `urgent`: a member's click is answered with them, under the table's lock (a click
        waiting for that lock must not wait for pictures drawn at the room's leisure)."""
        self.screen(table).fresh = await self.refresh_panels(table, skip, urgent)
        if table.state.phase is Phase.CLOSED:
            self._closed(table, self.screens.pop(table.id, None))
            self.pictures.forget(table.id)

    async def channel(self, table: Table) -> Channel | None:
        """The table's channel or thread. A thread missing from the cache is fetched: discord.py
        drops a thread when it archives, and only active threads are sent at start-up."""
        channel: object = self.client.get_channel(table.state.channel_id)
        if channel is None:
            with contextlib.suppress(discord.HTTPException):
                channel = await self.client.fetch_channel(table.state.channel_id)
        kinds = (discord.TextChannel, discord.Thread, discord.VoiceChannel, discord.StageChannel)
        return channel if isinstance(channel, kinds) else None

    async def _refresh_message(self, table: Table) -> None:
        channel = await self.channel(table)
        if channel is None:
            log.warning("table %s: channel %s is gone", table.id, table.state.channel_id)
            return
        fields, picture = await self.table_message(table)
        if table.state.message_id is not None:
            try:
                self.count(table, "table edit")
                await channel.get_partial_message(table.state.message_id).edit(**fields)
                self._shown(table, picture)
                return
            except discord.NotFound:
                log.info("table %s: table message was deleted, posting a new one", table.id)
        self.screen(table).shown = None
        fields, picture = await self.table_message(table)
        files = fields.pop("attachments", [])
        del fields["content"], fields["embed"]  # a new V2 message: neither, and nobody pinged
        self.count(table, "table post")
        message = await channel.send(**fields, files=files, allowed_mentions=discord.AllowedMentions.none())
        self._shown(table, picture)
        await self.service.reposted(table, message.id)

    async def table_message(
        self, table: Table, wait: float | None = None, urgent: bool = False
    ) -> tuple[dict[str, Any], Picture | None]:
        """What the table message says (`bot.table_layout`): the drawn table (described in
        words, for screen readers and clients that hide images), a few short lines, and the
        buttons. The picture is attached only when it changed since the message last showed
        one.

        `wait`: seconds to wait for the picture (a click's answer: Discord gives it three
        seconds in all). If it is not drawn by then, `PictureLate` carries the message with
        the picture it shows now; the drawing goes on, and the next redraw attaches it.
        `urgent`: a member's click waits for this message (its picture is drawn before the
        pictures of changes the tables made by themselves)."""
        # The table read once, as it is (the lock is held): its words and buttons are laid
        # out from this view (`table_layout`); the picture only decides what the gallery
        # points at.
        view = table.view()
        shown = self.screen(table).shown

        # A V2 message has no content or embed; saying so turns an older embed message
        # (drawn before this layout) into one on its next edit.
        fields: dict[str, Any] = {"content": None, "embed": None}
        drawing = self.pictures.table_drawing(table, urgent, view)
        try:  # a picture drawn already (ahead, or unchanged) is taken at once, even with no wait
            done = drawing.done()
            picture = drawing.result() if done else await asyncio.wait_for(asyncio.shield(drawing), wait)
        except TimeoutError:  # the drawing goes on
            url = None if shown is None else f"attachment://table-{shown}.png"
            fields["view"] = table_layout(table, view, url)
            raise PictureLate(fields) from None
        url = picture.url if picture is not None else None
        fields["view"] = table_layout(table, view, url)
        if picture is not None:
            if picture.digest != shown:
                fields["attachments"] = [picture.file()]
        elif shown is not None:
            fields["attachments"] = []  # the hand is gone (a new lobby): so is its picture
        return fields, picture

    def _shown(self, table: Table, picture: Picture | None) -> None:
        screen = self.screen(table)
        screen.shown = picture.digest if picture is not None else None
        screen.version = table.version

    # ---------------------------------------------------------- hand panels
    def opened(self, table: Table, user_id: int, panel: OpenPanel) -> None:
        self.screen(table).panels[user_id] = panel

    def panel(self, table: Table, index: int, opened: OpenPanel | None) -> Panel:
        """The panel of table seat `index`, drawn for the engine seat it plays this hand
        (seats move up when someone leaves at the end of a hand; the hand's seats don't)."""
        seat = table.engine_seat(index)
        if seat is None:
            raise TableError(t("You joined after this hand was dealt; you'll get cards in the next one."))
        say = panel_reader(table, opened)  # a panel is its member's: in their language
        panel = table.plugin.panel(table.view(say), table.game, seat, opened.picks if opened else ())
        note = game_end_note(table, index, say)  # the hand ended a score game: where they finished
        if note:
            panel.embed.description = f"{panel.embed.description or ''}\n{note}".strip()
        user = table.state.seats[index].user_id
        if table.state.hints and user is not None and hint_seat(table, user) == seat:
            panel = with_hint(panel)  # the member's own turn at a table that allows hints
        return panel

    def panel_view(
        self, table: Table, seat: int, panel: Panel, say: Lang | None = None
    ) -> discord.ui.View | None:
        if not panel.controls and not panel.pickers:
            return None
        say = table.lang if say is None else say
        choice, token = table.state.seats[seat].choice, table.panel_token(seat)
        view = discord.ui.View(timeout=None)
        for row, picker in enumerate(panel.pickers):
            select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
                custom_id=PANEL_SELECT(table=table.id, seat=choice, token=token, key=picker.key),
                placeholder=say(picker.placeholder, md=False),
                min_values=picker.min_values,
                max_values=picker.max_values,
                options=[
                    discord.SelectOption(label=say(label, md=False), value=value, default=chosen)
                    for value, label, chosen in picker.options
                ],
                row=row,
            )
            view.add_item(select)
        for control in panel.controls:
            item: UIButton = discord.ui.Button(
                label=say(control.label, md=False),
                style=control.style,
                custom_id=PANEL_BUTTON(table=table.id, seat=choice, token=token, key=control.key),
                disabled=control.disabled,
                row=control.row,
            )
            view.add_item(item)
        return rendered(view)

    async def refresh_panels(self, table: Table, skip: int | None = None, urgent: bool = False) -> set[int]:
        """Redraw every open panel at this table whose content changed (a pass received,
        the turn arriving). Returns the seats whose panel is open and current.

        When the hand ends, each panel still open on it is redrawn once with the finished
        hand (the result, not "waiting for…"), then let go: after settlement the table is
        between hands but `table.game` still holds the finished hand until the next deal."""
        fresh: set[int] = set()
        panels = self.screen(table).panels
        for user_id, opened in list(panels.items()):
            index = table.seat_of(user_id)
            if (
                index is None
                or table.game is None
                or discord.utils.utcnow() - opened.since > PANEL_LIFETIME
                or table.engine_seat(index) is None
            ):
                del panels[user_id]
                continue
            if table.state.phase is not Phase.PLAYING:
                del panels[user_id]
                if table.panel_hand(opened.token):  # drawn for this hand
                    await self._redraw(table, index, opened, urgent)
                continue
            if user_id == skip:
                fresh.add(index)
                continue
            token = table.panel_token(index)
            if opened.token != token:  # what was picked on an older panel no longer applies
                opened.picks = ()
            if not await self._redraw(table, index, opened, urgent):
                del panels[user_id]
                continue
            opened.token = token
            fresh.add(index)
        return fresh

    async def _redraw(self, table: Table, index: int, opened: OpenPanel, urgent: bool = False) -> bool:
        """Edit an open panel to what its seat sees now, if that changed; False if Discord
        refused (the message is gone or its token expired)."""
        drawn = self.panel(table, index, opened)
        if drawn.signature() == opened.shown:
            # Its words and controls are as the member sees them: so are its cards, which the
            # words list too (for screen readers); a move elsewhere at the table leaves most
            # panels as they were, and their pictures are not drawn again to find that out.
            return True
        before = (opened.shown, opened.picture)
        fields = await self.panel_message(table, index, opened, drawn, urgent)
        if (opened.shown, opened.picture) == before:
            return True
        self.count(table, "panel edit")
        try:
            await opened.interaction.edit_original_response(**fields)
        except discord.HTTPException:
            opened.shown, opened.picture = before
            return False
        return True

    async def panel_message(
        self, table: Table, index: int, opened: OpenPanel, drawn: Panel, urgent: bool = False
    ) -> dict[str, Any]:
        """What a panel message says: the embed with the seat's own cards drawn into it,
        and its controls. The picture is attached only when it changed; `opened` records
        what the message shows. `urgent`: the member's own click waits for it."""
        seat, say = table.engine_seat(index), panel_reader(table, opened)
        picture = None if seat is None else await self.pictures.hand(table, seat, opened.picks, urgent, say)
        fields: dict[str, Any] = {"embed": drawn.embed, "view": self.panel_view(table, index, drawn, say)}
        if picture is not None:
            drawn.embed.set_image(url=picture.url)
            if picture.digest != opened.picture:
                fields["attachments"] = [picture.file()]
        elif opened.picture:
            fields["attachments"] = []
        opened.shown = drawn.signature()
        opened.picture = picture.digest if picture is not None else ""
        return fields
