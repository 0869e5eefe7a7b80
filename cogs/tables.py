"""The table message's buttons: seats (join, leave, add a computer), start and close, the
rules, the table's log and details, and the moves of games played on the table message
itself.

Each button's custom id (`TABLE_MOVE`) carries the table id, the state version and the
move, so it keeps working after a restart and an outdated click is refused. Your hand,
Bet and Side bet open private panels: their cogs register those keys. A game's move that
needs a form (its `TableMoves` key is one of its `form_keys`) opens that form here; the
panel cog answers it (`TABLE_FORM`).
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.components import TABLE_FORM, TABLE_MOVE, rendered
from bot.display import button, form_modal
from bot.i18n import Lang, reader, t
from bot.render import seat_word
from bot.rules_pages import rules_brief
from bot.table_layout import DETAILS, LOG, details_embed, log_embed
from bot.tables import Table
from bot.tables.lobby import LEAVE_NOW, LEAVE_STAY

log = logging.getLogger(__name__)

LEAVE_QUESTION = t(
    "You still have to act in this hand: leaving now hands your turns to the timer, which plays "
    "the least it can for you (a fold, a pass or a stand). Leave now, or stay, play your hand and "
    "leave when it ends?"
)


class Tables(commands.Cog):
    """The buttons under each table message."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot
        self.service = bot.tables
        self.display = bot.display

    async def cog_load(self) -> None:
        self.bot.router.on(TABLE_MOVE, self.on_click)
        self.bot.router.on(TABLE_MOVE, self.on_rules, key="rules")
        self.bot.router.on(TABLE_MOVE, self.on_log, key=LOG)
        self.bot.router.on(TABLE_MOVE, self.on_details, key=DETAILS)

    async def cog_unload(self) -> None:
        self.bot.router.off(self.on_click)
        self.bot.router.off(self.on_rules)
        self.bot.router.off(self.on_log)
        self.bot.router.off(self.on_details)

    async def on_rules(
        self, interaction: discord.Interaction, values: list[str], *, table: int, **_: object
    ) -> None:
        found = self.service.open_table(interaction.guild_id, table)
        embed, view = rules_brief(found.plugin, reader(interaction))
        await reply(interaction, None, embed=embed, view=view)

    # Log and Details only show (anyone may press them, on any version of the message):
    # what they show is public, and the table is read as it is now.
    async def on_log(
        self, interaction: discord.Interaction, values: list[str], *, table: int, **_: object
    ) -> None:
        found = self.service.open_table(interaction.guild_id, table)
        await reply(interaction, None, embed=log_embed(found, reader(interaction)))

    async def on_details(
        self, interaction: discord.Interaction, values: list[str], *, table: int, **_: object
    ) -> None:
        found = self.service.open_table(interaction.guild_id, table)
        await reply(interaction, None, embed=details_embed(found, reader(interaction)))

    async def on_click(
        self, interaction: discord.Interaction, values: list[str], *, table: int, version: int, key: str
    ) -> None:
        """A button of a table message that changes the table."""
        found = self.service.open_table(interaction.guild_id, table)
        if key in found.plugin.form_keys:
            # A move that needs a form (`TableMoves`): it opens for the member who pressed,
            # on whatever version of the message; sending it is checked like a panel's form.
            index, form = self.service.table_form(found, interaction.user, key)
            seat = found.state.seats[index].choice
            custom = TABLE_FORM(table=found.id, seat=seat, token=found.panel_token(index), key=form.key)
            modal = form_modal(custom, form, reader(interaction))
            await interaction.response.send_modal(modal)
            modal.stop()  # answered by the router, also after a restart
            return
        if key == "join" and found.version == version:
            # Pick a seat first: an ephemeral picker whose buttons carry the same version.
            free = await self.service.lobby.check_join(found, interaction.user)
            if len(free) > 1 and found.plugin.pick_seat:
                say = reader(interaction)
                choose = t("Choose your {what}:", what=seat_word(found))
                await reply(interaction, choose, view=self._seat_picker(found, free, say))
                return
        if (
            key == "leave"
            and found.version == version
            and self.service.lobby.decision_pending(found, interaction.user)
        ):
            # Leaving now would hand the decision the member still has to the timer: ask first.
            await reply(interaction, LEAVE_QUESTION, view=self._leave_choice(found, reader(interaction)))
            return
        # a click on an ephemeral prompt (a seat, how to leave) gets its note in that prompt
        on_table = interaction.message is not None and interaction.message.id == found.state.message_id
        async with self.service.click(found, interaction.user, version, key, interaction.id) as change:
            await self.display.answer_click(change, interaction)
        if change.note and on_table:
            self.display.count(found, "follow-up")
            await interaction.followup.send(reader(interaction)(change.note), ephemeral=True)

    def _leave_choice(self, table: Table, say: Lang) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        view.add_item(button(table, LEAVE_NOW, say(t("Leave now"), md=False), discord.ButtonStyle.danger))
        stay = say(t("Stay and leave after the hand"), md=False)
        view.add_item(button(table, LEAVE_STAY, stay, discord.ButtonStyle.primary))
        return rendered(view)

    def _seat_picker(self, table: Table, free: list[str], say: Lang) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for choice in free:
            label = say(table.plugin.choice_label(choice), md=False)
            view.add_item(button(table, f"join.{choice}", label, discord.ButtonStyle.primary))
        return rendered(view)


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Tables(bot))
