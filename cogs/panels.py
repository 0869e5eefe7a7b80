"""Each member's private hand panel: the Your hand button and /hand, and the panel's own
buttons, selects and forms (a move, a line or cards picked, a bid typed in); and the
**Hint** button, on the panel (or on the table message of a game whose moves are there), at
a table that allows hints (`bot.tables.hints`).

A panel's controls carry the seat they were drawn for and that seat's panel token, so only
that member, and only while the panel is current, can use them.
"""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.components import HINT, PANEL_BUTTON, PANEL_FORM, PANEL_SELECT, TABLE_FORM, TABLE_MOVE
from bot.display import OpenPanel, form_modal, picture_on
from bot.i18n import Lang, reader, t
from bot.render import hint_text
from bot.tables import Phase, Table, TableError
from bot.ui import Form

#: seconds a hint may take before the click is answered "thinking" (Discord gives an
#: interaction three seconds; the computer thinks in a worker that may be busy)
HINT_WAIT = 2.0
STALE_FORM = t(
    "The hand has moved on since you opened that form, so nothing was played. "
    "Use the table message as it is now."
)


class Panels(commands.Cog):
    """Private hand panels."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot
        self.service = bot.tables
        self.display = bot.display

    async def cog_load(self) -> None:
        router = self.bot.router
        router.on(TABLE_MOVE, self.on_your_hand, key="hand")  # shows, never changes: no version check
        router.on(PANEL_BUTTON, self.on_panel_hint, key=HINT)
        router.on(TABLE_MOVE, self.on_table_hint, key=HINT)  # the position now: no version check
        for format in (PANEL_BUTTON, PANEL_SELECT, PANEL_FORM):
            router.on(format, self.on_panel)
        router.on(TABLE_FORM, self.on_table_form)

    async def cog_unload(self) -> None:
        for handler in (
            self.on_your_hand,
            self.on_panel_hint,
            self.on_table_hint,
            self.on_panel,
            self.on_table_form,
        ):
            self.bot.router.off(handler)

    @app_commands.command()
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        """Show your cards at the table you're playing (only you can see them)."""
        table = self._members_table(interaction)
        if table is None:
            await reply(interaction, t("You're not playing a hand at any table in this server."))
            return
        try:
            await self._open_panel(interaction, table)
        except TableError as error:
            await reply(interaction, error.said)

    async def on_your_hand(
        self, interaction: discord.Interaction, values: list[str], *, table: int, **_: object
    ) -> None:
        await self._open_panel(interaction, self.service.open_table(interaction.guild_id, table))

    async def on_panel(
        self,
        interaction: discord.Interaction,
        values: list[str],
        *,
        table: int,
        seat: str,
        token: str,
        key: str,
    ) -> None:
        """A control on a private hand panel: a move, or (double line) picking the line."""
        await self._on_panel(
            interaction, self.service.open_table(interaction.guild_id, table), seat, token, key, values
        )

    async def on_table_form(
        self,
        interaction: discord.Interaction,
        values: list[str],
        *,
        table: int,
        seat: str,
        token: str,
        key: str,
    ) -> None:
        """A form opened from the table message (a game's `TableMoves`), sent: the move is
        played as from the member's panel, and the answer is their panel, privately (it shows
        the move made); the table message follows as after a panel's move."""
        found = self.service.open_table(interaction.guild_id, table)

        async def respond(table: Table) -> None:
            index = table.seat_of(interaction.user.id)
            if index is not None and table.engine_seat(index) is not None:
                await self._send_panel(interaction, table, index)
            else:  # their move ended the hand and they had asked to leave: they're gone
                self.display.count(table, "response")
                await reply(interaction, t("You've left the table."))

        async with self.service.click_private(
            found, interaction.user, seat, token, key, values, stale=STALE_FORM
        ) as change:
            await self.display.answer(change, respond)
        if change.note:
            self.display.count(found, "follow-up")
            await interaction.followup.send(reader(interaction)(change.note), ephemeral=True)

    async def on_panel_hint(
        self,
        interaction: discord.Interaction,
        values: list[str],
        *,
        table: int,
        seat: str,
        token: str,
        key: str,
    ) -> None:
        """**Hint** on a hand panel (issue 25): the strongest computer's move for the panel's
        position, and why, privately; only its member's, and only while the panel is current."""
        live = self.service.open_table(interaction.guild_id, table)
        index = live.seat_of(interaction.user.id)
        if index is None or live.state.seats[index].choice != seat:
            raise TableError(
                t("That Hint button is on another player's hand — press **Your hand** for yours.")
            )
        if token != live.panel_token(index):
            raise TableError(
                t("That panel is out of date — the hand has moved on. Press **Your hand** for a fresh one.")
            )
        await self._hint(interaction, live)

    async def on_table_hint(
        self, interaction: discord.Interaction, values: list[str], *, table: int, **_: object
    ) -> None:
        """**Hint** on the table message of a game whose moves are there: for the member whose
        turn it is, their position as it is now."""
        await self._hint(interaction, self.service.open_table(interaction.guild_id, table))

    async def _hint(self, interaction: discord.Interaction, table: Table) -> None:
        """Work out the hint in a worker, answering Discord in time (a "thinking" answer first
        if the worker is slow), then give it if the hand is still where it was asked."""
        hints = self.service.hints
        asked = await hints.ask(table, interaction.user)
        try:
            await asyncio.wait_for(asyncio.shield(asked.thinking), HINT_WAIT)
        except TimeoutError:  # a busy worker: answer Discord in time first
            self.display.count(table, "response")
            await interaction.response.defer(ephemeral=True, thinking=True)
        except Exception:
            pass  # the answer says it (a sentence, nothing changed)
        given = await hints.answer(asked, reader(interaction))
        self.display.count(table, "follow-up" if interaction.response.is_done() else "response")
        await reply(interaction, hint_text(given))

    async def _on_panel(
        self,
        interaction: discord.Interaction,
        table: Table,
        seat: str,
        token: str,
        key: str,
        values: list[str],
    ) -> None:
        head = key.split(".")[0]
        if head in table.plugin.view_keys or head in table.plugin.form_keys:
            await self._panel_ui(interaction, table, seat, token, key, values)
            return

        async def respond(table: Table) -> None:
            # Redraw this panel in place (a form's answer updates the panel it was opened
            # from); the display then draws the table message and everyone else's panel.
            index = table.seat_of(interaction.user.id)
            opened = OpenPanel(interaction, discord.utils.utcnow(), picture=picture_on(interaction.message))
            self.display.opened(table, interaction.user.id, opened)
            if index is not None and table.engine_seat(index) is not None:
                drawn = self.display.panel(table, index, opened)
                fields = await self.display.panel_message(table, index, opened, drawn, urgent=True)
                self.display.count(table, "response")
                await interaction.response.edit_message(content=None, **fields)
                opened.token = table.panel_token(index)
            else:  # their move ended the hand and they had asked to leave: they're gone
                gone = reader(interaction)(t("You've left the table."))
                self.display.count(table, "response")
                await interaction.response.edit_message(content=gone, embed=None, view=None)

        async with self.service.click_private(table, interaction.user, seat, token, key, values) as change:
            await self.display.answer(change, respond)
        if change.note:
            self.display.count(table, "follow-up")
            await interaction.followup.send(reader(interaction)(change.note), ephemeral=True)

    async def _panel_ui(
        self,
        interaction: discord.Interaction,
        table: Table,
        seat: str,
        token: str,
        key: str,
        values: list[str],
    ) -> None:
        """Controls that change only the panel (a line or cards picked), or open a form for
        typed input (a bid's total and bet)."""
        index = table.seat_of(interaction.user.id)
        if index is None or table.state.seats[index].choice != seat:
            raise TableError(
                t("Those controls belong to another player's hand — press **Your hand** for yours.")
            )
        engine_seat = table.engine_seat(index)
        if table.game is None or engine_seat is None or token != table.panel_token(index):
            raise TableError(t("That panel is out of date — press **Your hand** for a fresh one."))
        plugin = table.plugin
        if key.split(".")[0] in plugin.form_keys:
            say = reader(interaction)
            form = plugin.form(table.view(say), table.game, engine_seat, key, values)
            if form is None:
                raise TableError(t("That move isn't open to you right now."))
            modal = self._modal(table, index, token, form, say)
            await interaction.response.send_modal(modal)
            modal.stop()  # answered by the router, also after a restart
            return
        picks = plugin.pick(key, values)
        if picks is None:
            raise TableError(t("That move isn't open to you right now."))
        opened = OpenPanel(interaction, discord.utils.utcnow(), picks)
        drawn = self.display.panel(table, index, opened)
        opened.picture = picture_on(interaction.message)
        fields = await self.display.panel_message(table, index, opened, drawn, urgent=True)
        opened.token = table.panel_token(index)
        self.display.opened(table, interaction.user.id, opened)
        self.display.count(table, "response")
        await interaction.response.edit_message(**fields)

    def _modal(self, table: Table, seat: int, token: str, form: Form, say: Lang) -> discord.ui.Modal:
        """A game's form behind a panel control: its custom id carries the move, like a panel
        button's."""
        owner = table.state.seats[seat].choice
        return form_modal(PANEL_FORM(table=table.id, seat=owner, token=token, key=form.key), form, say)

    async def _open_panel(self, interaction: discord.Interaction, table: Table) -> None:
        index = table.seat_of(interaction.user.id)
        if index is None:
            raise TableError(t("You're not seated at this table, so you hold no cards here."))
        if table.game is None or table.state.phase is not Phase.PLAYING:
            raise TableError(t("No hand is in play at this table right now."))
        if table.engine_seat(index) is None:
            raise TableError(t("You joined after this hand was dealt; you'll get cards in the next one."))
        await self._send_panel(interaction, table, index)

    async def _send_panel(self, interaction: discord.Interaction, table: Table, index: int) -> None:
        """Send table seat `index`'s panel as a new private message answering `interaction`,
        and keep it up to date from then on."""
        opened = OpenPanel(interaction, discord.utils.utcnow())
        drawn = self.display.panel(table, index, opened)
        fields = await self.display.panel_message(table, index, opened, drawn, urgent=True)
        files = fields.pop("attachments", [])
        self.display.count(table, "response")
        await reply(interaction, None, **fields, **({"file": files[0]} if files else {}))
        opened.token = table.panel_token(index)
        self.display.opened(table, interaction.user.id, opened)

    def _members_table(self, interaction: discord.Interaction) -> Table | None:
        here = self.service.in_channel(interaction.channel_id or 0)
        if here is not None and here.seat_of(interaction.user.id) is not None:
            return here
        for table in self.service.tables.values():
            seated = (
                table.state.guild_id == interaction.guild_id
                and table.seat_of(interaction.user.id) is not None
            )
            if seated and table.state.phase is Phase.PLAYING:
                return table
        return here


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Panels(bot))
