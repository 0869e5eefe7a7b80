"""/play, /rules and every table button.

Buttons are `DynamicItem`s whose custom id carries the table id, the state version and
the move, so they keep working after a restart and an outdated click is refused.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.games import GAMES
from bot.tables import Phase, Table, TableError, TableService
from cogs.render import RULES, render_table, turn_prompt

log = logging.getLogger(__name__)

ID_PATTERN = r"rd:(?P<table>[0-9]+):(?P<version>[0-9]+):(?P<key>[a-z_]+(?:\.[a-z_]+)?)"

GAME_CHOICES = [app_commands.Choice(name=adapter.name, value=game_id) for game_id, adapter in GAMES.items()]
SUIT_CHOICES = [app_commands.Choice(name=s.title(), value=s) for s in GAMES["prima_carta"].seat_choices]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in GAMES["prima_carta"].levels]


def custom_id(table: Table, key: str) -> str:
    return f"rd:{table.id}:{table.version}:{key}"


class TableButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ID_PATTERN):
    """Any button of any table; everything it needs is in its custom id."""

    def __init__(
        self, table_id: int, version: int, key: str, button: discord.ui.Button | None = None
    ) -> None:
        super().__init__(button or discord.ui.Button(custom_id=f"rd:{table_id}:{version}:{key}"))
        self.table_id, self.version, self.key = table_id, version, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> TableButton:
        return cls(int(match["table"]), int(match["version"]), match["key"], item)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Tables")  # type: ignore[attr-defined]
        assert isinstance(cog, Tables)
        await cog.on_click(interaction, self.table_id, self.version, self.key)


def button(
    table: Table,
    key: str,
    label: str,
    style: discord.ButtonStyle,
    *,
    disabled: bool = False,
    row: int | None = None,
) -> TableButton:
    return TableButton(
        table.id,
        table.version,
        key,
        discord.ui.Button(
            label=label, style=style, custom_id=custom_id(table, key), disabled=disabled, row=row
        ),
    )


def rendered(view: discord.ui.View) -> discord.ui.View:
    """A view used only to draw buttons. Its items are DynamicItems routed by custom id,
    so discord.py need not keep it (nor, for ephemeral messages, a 15-minute timeout task)."""
    view.stop()
    return view


def table_view(table: Table) -> discord.ui.View | None:
    """The buttons under the table message, built from what the table allows now."""
    state = table.state
    if state.phase is Phase.CLOSED:
        return None
    view = discord.ui.View(timeout=None)
    grey, green, red, blue = (
        discord.ButtonStyle.secondary,
        discord.ButtonStyle.success,
        discord.ButtonStyle.danger,
        discord.ButtonStyle.primary,
    )
    if state.phase is Phase.PLAYING:
        seat = table.to_act
        if seat is not None and table.game is not None:
            for move in table.adapter.moves(table.game, seat):
                view.add_item(button(table, move.key, move.label, red if move.danger else green))
        view.add_item(button(table, "leave", "Leave after this hand", grey, row=1))
        return rendered(view)
    full = len(state.seats) >= table.adapter.max_players
    view.add_item(button(table, "join", "Join", green, disabled=full))
    view.add_item(button(table, "leave", "Leave", grey))
    view.add_item(button(table, "bot", "Add bot", grey, disabled=full))
    start_label = "Start" if state.phase is Phase.LOBBY else "Deal next hand"
    view.add_item(
        button(table, "start", start_label, blue, disabled=len(state.seats) < table.adapter.min_players)
    )
    view.add_item(button(table, "cancel", "Cancel" if state.phase is Phase.LOBBY else "Close table", red))
    return rendered(view)


class Tables(commands.Cog):
    """Opening tables and playing at them."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot
        self.service: TableService = bot.tables
        self.service.on_change = self.refresh
        self.service.on_turn = self.ping

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TableButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TableButton)

    # ------------------------------------------------------------ commands
    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game to play",
        stake="Chips per unit: the spiga is one stake (default 10)",
        suit="Prima Carta: the suit you back (default Crowns)",
        computer="How computer players you add will play (default basic)",
    )
    @app_commands.choices(game=GAME_CHOICES, suit=SUIT_CHOICES, computer=LEVEL_CHOICES)
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        stake: app_commands.Range[int, 1, 100_000] = 10,
        suit: str | None = None,
        computer: str = "basic",
    ) -> None:
        """Open a table in this channel."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        existing = self.service.in_channel(interaction.channel_id)
        if existing is not None:
            link = self._link(existing)
            await reply(
                interaction,
                f"This channel already has an open {existing.adapter.name} table: {link}. "
                "Join it there, or wait for it to close.",
            )
            return
        adapter = GAMES[game]
        try:
            table = await self.service.open(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host=interaction.user,
                game=game,
                stake=stake,
                choice=suit or adapter.seat_choices[0],
                level=computer,
            )
        except TableError as error:
            await reply(interaction, str(error))
            return
        content, embed = render_table(table)
        await interaction.response.send_message(content, embed=embed, view=table_view(table))
        message = await interaction.original_response()
        await self.service.set_message(table, message.id)

    @app_commands.command()
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        """How a game is played, in brief."""
        embed = discord.Embed(
            title=f"How to play {GAMES[game].name}",
            description=RULES[game],
            colour=discord.Colour.dark_gold(),
        )
        await reply(interaction, None, embed=embed)

    # ------------------------------------------------------------- buttons
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks on buttons the table message no longer shows.

        discord.py routes a DynamicItem only if its custom id is still on the message; a double
        click or a lagging client sends an id from an older render, which would otherwise end
        in "This interaction failed". Those clicks get the same checks, and so a clear refusal.
        """
        if interaction.type is not discord.InteractionType.component or interaction.data is None:
            return
        custom = str(interaction.data.get("custom_id", ""))
        match = re.fullmatch(ID_PATTERN, custom)
        if match is None or _shows(interaction.message, custom):
            return
        await self.on_click(interaction, int(match["table"]), int(match["version"]), match["key"])

    async def on_click(self, interaction: discord.Interaction, table_id: int, version: int, key: str) -> None:
        table = self.service.get(table_id)
        if table is None or table.state.guild_id != interaction.guild_id:
            await reply(interaction, "This table is closed. Open a new one with /play.")
            return
        if key == "join" and table.version == version:
            # Pick a suit first: an ephemeral picker whose buttons carry the same version.
            try:
                free = await self.service.check_join(table, interaction.user)
            except TableError as error:
                await reply(interaction, str(error))
                return
            if len(free) > 1:
                await reply(interaction, "Choose your suit:", view=self._seat_picker(table, free))
                return
        respond = (
            self._respond_in_place if self._on_table_message(interaction, table) else self._respond_aside
        )
        try:
            note = await self.service.click(table, interaction.user, version, key, respond(interaction))
        except TableError as error:
            await reply(interaction, str(error))
            return
        if note:
            await interaction.followup.send(note, ephemeral=True)

    def _seat_picker(self, table: Table, free: list[str]) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for choice in free:
            view.add_item(
                button(
                    table, f"join.{choice}", table.adapter.choice_label(choice), discord.ButtonStyle.primary
                )
            )
        return rendered(view)

    def _on_table_message(self, interaction: discord.Interaction, table: Table) -> bool:
        return interaction.message is not None and interaction.message.id == table.state.message_id

    def _respond_in_place(self, interaction: discord.Interaction) -> Callable[[Table], Awaitable[None]]:
        async def respond(table: Table) -> None:
            content, embed = render_table(table)
            await interaction.response.edit_message(content=content, embed=embed, view=table_view(table))

        return respond

    def _respond_aside(self, interaction: discord.Interaction) -> Callable[[Table], Awaitable[None]]:
        async def respond(table: Table) -> None:
            await interaction.response.edit_message(content="You're seated. Good luck!", view=None)
            await self.refresh(table)

        return respond

    # ----------------------------------------------------- service hooks
    async def refresh(self, table: Table) -> None:
        """Edit the table message in place; post a new one if it was deleted."""
        channel = self.bot.get_channel(table.state.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            log.warning("table %s: channel %s is gone", table.id, table.state.channel_id)
            return
        content, embed = render_table(table)
        view = table_view(table)
        if table.state.message_id is not None:
            try:
                await channel.get_partial_message(table.state.message_id).edit(  # type: ignore[attr-defined]
                    content=content, embed=embed, view=view
                )
                return
            except discord.NotFound:
                log.info("table %s: table message was deleted, posting a new one", table.id)
        message = await channel.send(content, embed=embed, view=view)
        table.state.message_id = message.id

    async def ping(self, table: Table) -> None:
        """Mention the member to act, once per turn, replacing the previous ping."""
        if table.pinged == table.state.turn_since:
            return
        channel = self.bot.get_channel(table.state.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        if table.ping_message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(table.ping_message_id).delete()  # type: ignore[attr-defined]
        table.pinged = table.state.turn_since
        message = await channel.send(turn_prompt(table), allowed_mentions=discord.AllowedMentions(users=True))
        table.ping_message_id = message.id

    def _link(self, table: Table) -> str:
        if table.state.message_id is None:
            return f"table #{table.id}"
        return (
            f"https://discord.com/channels/{table.state.guild_id}/{table.state.channel_id}/"
            f"{table.state.message_id}"
        )


def _shows(message: discord.Message | None, custom: str) -> bool:
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom:
                return True
    return False


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Tables(bot))
