"""/play, /rules and every table button.

Buttons are `DynamicItem`s whose custom id carries the table id, the state version and
the move, so they keep working after a restart and an outdated click is refused.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, answer_failure, reply
from bot.games import GAMES, OptionError
from bot.tables import Phase, Table, TableError, TableService, now
from cogs.holdout_render import holdout_panel
from cogs.panel import Panel
from cogs.primero_render import primero_panel
from cogs.render import RULES, render_table, turn_prompt
from engine.holdout.game import Holdout
from engine.primero.game import Primero
from engine.primero.hands import HandType

log = logging.getLogger(__name__)

ID_PATTERN = r"rd:(?P<table>[0-9]+):(?P<version>[0-9]+):(?P<key>[a-z_]+(?:\.[a-z_]+)?)"
# Private panel controls: the seat they were drawn for and its panel token, then the move.
# Keys name cards by their place in the hand ("play.0.3"), never by the card.
PANEL_KEY = (
    r"(?P<table>[0-9]+):(?P<seat>[a-z0-9]+):(?P<token>[0-9]+\.[0-9]+):(?P<key>[a-z_]+(?:\.[0-9a-z_]+)*)"
)
PANEL_BUTTON = "rp:" + PANEL_KEY
PANEL_SELECT = "rs:" + PANEL_KEY
PANEL_MODAL = "rm:" + PANEL_KEY
#: panel keys that only change what the panel shows (a line, the cards picked to change)
VIEW_KEYS = ("line", "discard")
#: panel keys that open a form (a Primero bid's total and bet; a forced cover's bet)
FORM_KEYS = ("bidtype", "coverbet")
#: Discord lets a bot edit an interaction's response for 15 minutes; redraw well inside that
PANEL_LIFETIME = timedelta(minutes=14)

GAME_CHOICES = [app_commands.Choice(name=adapter.name, value=game_id) for game_id, adapter in GAMES.items()]
SUIT_CHOICES = [app_commands.Choice(name=s.title(), value=s) for s in GAMES["prima_carta"].seat_choices]
LEVEL_CHOICES = [
    app_commands.Choice(name=level, value=level)
    for level in dict.fromkeys(level for adapter in GAMES.values() for level in adapter.levels)
]
LINES_CHOICES = [
    app_commands.Choice(name="auto: single line up to 4 players, double for 5–6", value="auto"),
    app_commands.Choice(name="single line (2–4 players)", value="single"),
    app_commands.Choice(name="double line (4–6 players)", value="double"),
]
DECK_CHOICES = [
    app_commands.Choice(name="Postas, 50 cards (ranks 1–10)", value="postas"),
    app_commands.Choice(name="Vines, 55 cards (adds the Emperor, 11)", value="vines"),
]
VARIANT_CHOICES = [
    app_commands.Choice(name="betting: play for chips", value="betting"),
    app_commands.Choice(name="points: no chips, first to the target score wins", value="points"),
]
DIVISION_CHOICES = [
    app_commands.Choice(name="winner takes all", value="all"),
    app_commands.Choice(
        name="split: ½ to the winner, ¼ to the best hand of any type, rest stays", value="split"
    ),
]


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


class PanelButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=PANEL_BUTTON):
    """A button on a member's private hand panel."""

    def __init__(
        self, table_id: int, seat: str, token: str, key: str, button: discord.ui.Button | None = None
    ):
        super().__init__(button or discord.ui.Button(custom_id=f"rp:{table_id}:{seat}:{token}:{key}"))
        self.table_id, self.seat, self.token, self.key = table_id, seat, token, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> PanelButton:
        return cls(int(match["table"]), match["seat"], match["token"], match["key"], item)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Tables")  # type: ignore[attr-defined]
        assert isinstance(cog, Tables)
        await cog.on_panel(interaction, self.table_id, self.seat, self.token, self.key, [])


class PanelSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=PANEL_SELECT):
    """The select on a member's private hand panel (the two cards to pass)."""

    def __init__(
        self, table_id: int, seat: str, token: str, key: str, select: discord.ui.Select | None = None
    ):
        super().__init__(select or discord.ui.Select(custom_id=f"rs:{table_id}:{seat}:{token}:{key}"))
        self.table_id, self.seat, self.token, self.key = table_id, seat, token, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> PanelSelect:
        return cls(int(match["table"]), match["seat"], match["token"], match["key"], item)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Tables")  # type: ignore[attr-defined]
        assert isinstance(cog, Tables)
        values = [str(v) for v in (interaction.data or {}).get("values", [])]  # type: ignore[union-attr]
        await cog.on_panel(interaction, self.table_id, self.seat, self.token, self.key, values)


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
        if table.adapter.private_hands:
            view.add_item(button(table, "hand", "Your hand", blue))
        elif seat is not None and table.game is not None:
            for move in table.adapter.moves(table.game, seat):
                view.add_item(button(table, move.key, move.label, red if move.danger else green))
        view.add_item(button(table, "leave", "Leave after this hand", grey, row=1))
        return rendered(view)
    low, high = table.seat_range
    full = len(state.seats) >= high
    view.add_item(button(table, "join", "Join", green, disabled=full))
    view.add_item(button(table, "leave", "Leave", grey))
    view.add_item(button(table, "bot", "Add bot", grey, disabled=full))
    start_label = "Start" if state.phase is Phase.LOBBY else "Deal next hand"
    view.add_item(button(table, "start", start_label, blue, disabled=not low <= len(state.seats) <= high))
    view.add_item(button(table, "cancel", "Cancel" if state.phase is Phase.LOBBY else "Close table", red))
    return rendered(view)


class Tables(commands.Cog):
    """Opening tables and playing at them."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot
        self.service: TableService = bot.tables
        self.service.on_change = self.refresh
        self.service.on_turn = self.ping
        #: each member's open hand panel, by (table id, user id); in memory only, like the
        #: interaction tokens it holds (after a restart the ping says to press Your hand)
        self.panels: dict[tuple[int, int], OpenPanel] = {}

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TableButton, PanelButton, PanelSelect)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TableButton, PanelButton, PanelSelect)

    # ------------------------------------------------------------ commands
    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game to play",
        stake="Chips per unit: the spiga is one stake (default 10)",
        suit="Prima Carta: the suit you back (default Crowns)",
        computer="How computer players you add will play (default basic)",
        lines="Holdout: single line, double line, or chosen by the number of players (default)",
        deck="Holdout: the 50-card Postas deck (default) or the 55-card Vines deck",
        stack="Holdout, Primero: the stack each player brings, in stakes (default 100)",
        variant="Primero: betting for chips (default), or the points game played to a target",
        ante="Primero: stakes each player antes per hand (default 1)",
        bid_limit="Primero: the largest bet, in stakes (default: no limit but your stack)",
        repass="Primero: may a player pass more than once in a round (default yes)",
        overstate="Primero: may first-round bids claim more than the hand holds (default yes)",
        division="Primero: winner takes all (default), or split the pot",
        target="Primero points game: the score that wins (default 1000)",
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        suit=SUIT_CHOICES,
        computer=LEVEL_CHOICES,
        lines=LINES_CHOICES,
        deck=DECK_CHOICES,
        variant=VARIANT_CHOICES,
        division=DIVISION_CHOICES,
    )
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        stake: app_commands.Range[int, 1, 100_000] = 10,
        suit: str | None = None,
        computer: str | None = None,
        lines: str | None = None,
        deck: str | None = None,
        stack: app_commands.Range[int, 10, 10_000] | None = None,
        variant: str | None = None,
        ante: app_commands.Range[int, 0, 10] | None = None,
        bid_limit: app_commands.Range[int, 1, 10_000] | None = None,
        repass: bool | None = None,
        overstate: bool | None = None,
        division: str | None = None,
        target: app_commands.Range[int, 100, 100_000] | None = None,
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
            raw = {
                "lines": lines,
                "deck": deck,
                "stack": stack,
                "variant": variant,
                "ante": ante,
                "bid_limit": bid_limit,
                "repass": repass,
                "overstate": overstate,
                "division": division,
                "target": target,
            }
            options = adapter.table_options(raw, stake)
            if suit is not None and not adapter.pick_seat:
                raise OptionError(f"In {adapter.name} nobody backs a suit; leave the suit option out.")
            if computer is not None and computer not in adapter.levels:
                raise OptionError(
                    f"{adapter.name}'s computer players play at these levels: {', '.join(adapter.levels)}."
                )
            table = await self.service.open(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host=interaction.user,
                game=game,
                stake=stake,
                choice=suit or adapter.seat_choices[0],
                level=computer or adapter.levels[0],
                options=options,
            )
        except (TableError, OptionError) as error:
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

    @app_commands.command()
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        """Show your cards at the table you're playing (only you can see them)."""
        table = self._members_table(interaction)
        if table is None:
            await reply(interaction, "You're not playing a hand at any table in this server.")
            return
        await self._open_panel(interaction, table)

    # ------------------------------------------------------------- buttons
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks on buttons the table message no longer shows.

        discord.py routes a DynamicItem only if its custom id is still on the message; a double
        click or a lagging client sends an id from an older render, which would otherwise end
        in "This interaction failed". Those clicks get the same checks, and so a clear refusal.
        """
        if interaction.data is None:
            return
        custom = str(interaction.data.get("custom_id", ""))
        if interaction.type is discord.InteractionType.modal_submit:
            # Every panel form is answered here: the Modal object is dropped once shown, so
            # a form submitted after a restart is handled the same way.
            if match := re.fullmatch(PANEL_MODAL, custom):
                values = _form_values(interaction.data)  # type: ignore[arg-type]
                await self.on_panel(
                    interaction, int(match["table"]), match["seat"], match["token"], match["key"], values
                )
            return
        if interaction.type is not discord.InteractionType.component:
            return
        if _shows(interaction.message, custom):
            return
        if match := re.fullmatch(ID_PATTERN, custom):
            await self.on_click(interaction, int(match["table"]), int(match["version"]), match["key"])
        elif match := re.fullmatch(PANEL_BUTTON, custom) or re.fullmatch(PANEL_SELECT, custom):
            values = [str(v) for v in interaction.data.get("values", [])]  # type: ignore[union-attr]
            await self.on_panel(
                interaction, int(match["table"]), match["seat"], match["token"], match["key"], values
            )

    async def on_click(self, interaction: discord.Interaction, table_id: int, version: int, key: str) -> None:
        """A button of a table message. Whatever fails, the member gets an answer."""
        try:
            await self._on_click(interaction, table_id, version, key)
        except Exception as error:
            await answer_failure(interaction, error, f"table {table_id}: button {key}")

    async def _on_click(
        self, interaction: discord.Interaction, table_id: int, version: int, key: str
    ) -> None:
        table = self.service.get(table_id)
        if table is None or table.state.guild_id != interaction.guild_id:
            await reply(interaction, "This table is closed. Open a new one with /play.")
            return
        if key == "hand":  # shows, never changes: no version check
            await self._open_panel(interaction, table)
            return
        if key == "join" and table.version == version:
            # Pick a suit first: an ephemeral picker whose buttons carry the same version.
            try:
                free = await self.service.check_join(table, interaction.user)
            except TableError as error:
                await reply(interaction, str(error))
                return
            if len(free) > 1 and table.adapter.pick_seat:
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

    # ---------------------------------------------------------- hand panels
    async def on_panel(
        self,
        interaction: discord.Interaction,
        table_id: int,
        seat: str,
        token: str,
        key: str,
        values: list[str],
    ) -> None:
        """A control on a private hand panel (a button, a select or a form). Whatever fails,
        the member gets an answer."""
        try:
            await self._on_panel(interaction, table_id, seat, token, key, values)
        except Exception as error:
            await answer_failure(interaction, error, f"table {table_id}: panel control {key}")

    async def _on_panel(
        self,
        interaction: discord.Interaction,
        table_id: int,
        seat: str,
        token: str,
        key: str,
        values: list[str],
    ) -> None:
        """A control on a private hand panel: a move, or (double line) picking the line."""
        table = self.service.get(table_id)
        if table is None or table.state.guild_id != interaction.guild_id:
            await reply(interaction, "This table is closed. Open a new one with /play.")
            return
        head = key.split(".")[0]
        if head in VIEW_KEYS or head in FORM_KEYS:
            await self._panel_ui(interaction, table, seat, token, key, values)
            return
        panel_key = (table.id, interaction.user.id)

        async def respond(table: Table) -> None:
            # Redraw this panel in place (a form's answer updates the panel it was opened
            # from), then the table message and everyone else's panel.
            index = table.seat_of(interaction.user.id)
            opened = OpenPanel(interaction, now(), None)
            self.panels[panel_key] = opened
            if index is not None:
                drawn = self._panel(table, index, opened)
                opened.shown, opened.token = drawn.signature(), table.panel_token(index)
                await interaction.response.edit_message(
                    content=None, embed=drawn.embed, view=self._panel_view(table, index, drawn)
                )
            await self.refresh(table, skip=interaction.user.id)

        try:
            note = await self.service.click_private(
                table, interaction.user, seat, token, key, values, respond
            )
        except TableError as error:
            await reply(interaction, str(error))
            return
        if note:
            await interaction.followup.send(note, ephemeral=True)

    async def _panel_ui(
        self,
        interaction: discord.Interaction,
        table: Table,
        seat: str,
        token: str,
        key: str,
        values: list[str],
    ) -> None:
        """Controls that change only the panel: the line to play into (Holdout), the cards
        picked to change (Primero), or a form to fill in (a bid's total and bet)."""
        index = table.seat_of(interaction.user.id)
        if index is None or table.state.seats[index].choice != seat:
            await reply(
                interaction, "Those controls belong to another player's hand — press **Your hand** for yours."
            )
            return
        if table.game is None or token != table.panel_token(index):
            await reply(interaction, "That panel is out of date — press **Your hand** for a fresh one.")
            return
        parts = key.split(".")
        if parts[0] in FORM_KEYS:
            form = self._form(table, index, token, parts, values)
            if form is None:
                await reply(interaction, "That move isn't open to you right now.")
                return
            await interaction.response.send_modal(form)
            form.stop()  # answered in on_interaction, also after a restart
            return
        opened = OpenPanel(interaction, now(), None)
        try:
            if parts[0] == "line":
                opened.line = int(parts[1])
            else:
                opened.discard = tuple(sorted({int(value) for value in values}))
        except (ValueError, IndexError):
            await reply(interaction, "That move isn't open to you right now.")
            return
        drawn = self._panel(table, index, opened)
        opened.shown, opened.token = drawn.signature(), table.panel_token(index)
        self.panels[(table.id, interaction.user.id)] = opened
        await interaction.response.edit_message(embed=drawn.embed, view=self._panel_view(table, index, drawn))

    def _form(
        self, table: Table, seat: int, token: str, parts: list[str], values: list[str]
    ) -> discord.ui.Modal | None:
        """The form behind a Primero bid (its total, and its bet at a betting table) or a
        forced cover's bet that names no hand. Its custom id carries the move and the cards
        picked to change, like a panel button's."""
        game = table.game
        if not isinstance(game, Primero):
            return None
        choice = game.choices(seat)
        if choice is None:
            return None
        places = parts[1] if len(parts) > 1 else ""
        owner = table.state.seats[seat].choice
        if parts[0] == "coverbet":
            if not choice.cover_bet_max:
                return None
            key = f"cover.{places}" if places else "cover"
            form = discord.ui.Modal(title="Cover, then bet", custom_id=f"rm:{table.id}:{owner}:{token}:{key}")
            form.add_item(
                discord.ui.TextInput(
                    label="Bet naming no hand, in chips",
                    custom_id="bet",
                    placeholder=f"1 to {choice.cover_bet_max:,}",
                    max_length=12,
                )
            )
            return form
        kind = HandType.from_label(values[0]) if values else None
        if kind is None or kind not in choice.bids:
            return None
        totals = choice.bids[kind]
        key = f"bid.{kind.label}.{places}" if places else f"bid.{kind.label}"
        form = discord.ui.Modal(title=f"Bid {kind.label}", custom_id=f"rm:{table.id}:{owner}:{token}:{key}")
        form.add_item(
            discord.ui.TextInput(
                label=f"Total points ({totals[0]}–{totals[-1]})"[:45],
                custom_id="total",
                placeholder=f"{totals[0]}–{totals[-1]}",
                max_length=6,
            )
        )
        if choice.betting:
            low, high = choice.bet_range
            form.add_item(
                discord.ui.TextInput(
                    label="Bet in chips (replaces the current bet)",
                    custom_id="bet",
                    placeholder=f"{low:,} to {high:,}",
                    max_length=12,
                )
            )
        return form

    async def _open_panel(self, interaction: discord.Interaction, table: Table) -> None:
        index = table.seat_of(interaction.user.id)
        if index is None:
            await reply(interaction, "You're not seated at this table, so you hold no cards here.")
            return
        if table.game is None or table.state.phase is not Phase.PLAYING or not table.adapter.private_hands:
            await reply(interaction, "No hand is in play at this table right now.")
            return
        if index >= len(table.state.hand_seats):
            await reply(
                interaction, "You joined after this hand was dealt; you'll get cards in the next one."
            )
            return
        opened = OpenPanel(interaction, now(), None)
        drawn = self._panel(table, index, opened)
        view = self._panel_view(table, index, drawn)
        await reply(interaction, None, embed=drawn.embed, **({"view": view} if view is not None else {}))
        opened.shown, opened.token = drawn.signature(), table.panel_token(index)
        self.panels[(table.id, interaction.user.id)] = opened

    def _panel(self, table: Table, seat: int, opened: OpenPanel | None) -> Panel:
        if isinstance(table.game, Primero):
            return primero_panel(table, table.game, seat, opened.discard if opened else ())
        assert isinstance(table.game, Holdout)
        return holdout_panel(table, table.game, seat, opened.line if opened else None)

    def _panel_view(self, table: Table, seat: int, panel: Panel) -> discord.ui.View | None:
        if not panel.controls and not panel.pickers:
            return None
        choice, token = table.state.seats[seat].choice, table.panel_token(seat)
        view = discord.ui.View(timeout=None)
        for row, picker in enumerate(panel.pickers):
            custom = f"rs:{table.id}:{choice}:{token}:{picker.key}"
            select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
                custom_id=custom,
                placeholder=picker.placeholder,
                min_values=picker.min_values,
                max_values=picker.max_values,
                options=[
                    discord.SelectOption(label=label, value=value, default=chosen)
                    for value, label, chosen in picker.options
                ],
                row=row,
            )
            view.add_item(PanelSelect(table.id, choice, token, picker.key, select))
        for control in panel.controls:
            custom = f"rp:{table.id}:{choice}:{token}:{control.key}"
            item = discord.ui.Button(
                label=control.label,
                style=control.style,
                custom_id=custom,
                disabled=control.disabled,
                row=control.row,
            )
            view.add_item(PanelButton(table.id, choice, token, control.key, item))
        return rendered(view)

    async def refresh_panels(self, table: Table, skip: int | None = None) -> set[int]:
        """Redraw every open panel at this table whose content changed (a pass received,
        the turn arriving). Returns the seats whose panel is open and current."""
        fresh: set[int] = set()
        if not table.adapter.private_hands:
            return fresh
        for (table_id, user_id), opened in list(self.panels.items()):
            if table_id != table.id:
                continue
            index = table.seat_of(user_id)
            if (
                index is None
                or table.game is None
                or table.state.phase is not Phase.PLAYING
                or now() - opened.since > PANEL_LIFETIME
                or index >= len(table.state.hand_seats)
            ):
                del self.panels[(table_id, user_id)]
                continue
            if user_id == skip:
                fresh.add(index)
                continue
            token = table.panel_token(index)
            if opened.token != token:  # what was picked on an older panel no longer applies
                opened.line, opened.discard = None, ()
            drawn = self._panel(table, index, opened)
            signature = drawn.signature()
            if signature != opened.shown:
                try:
                    await opened.interaction.edit_original_response(
                        embed=drawn.embed, view=self._panel_view(table, index, drawn)
                    )
                except discord.HTTPException:
                    del self.panels[(table_id, user_id)]
                    continue
                opened.shown, opened.token = signature, token
            fresh.add(index)
        return fresh

    def _members_table(self, interaction: discord.Interaction) -> Table | None:
        here = self.service.in_channel(interaction.channel_id or 0)
        if here is not None and here.seat_of(interaction.user.id) is not None:
            return here
        for table in self.service.tables.values():
            seated = (
                table.state.guild_id == interaction.guild_id
                and table.seat_of(interaction.user.id) is not None
            )
            if seated and table.state.phase is Phase.PLAYING and table.adapter.private_hands:
                return table
        return here

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
            table.fresh_panels = await self.refresh_panels(table)

        return respond

    def _respond_aside(self, interaction: discord.Interaction) -> Callable[[Table], Awaitable[None]]:
        async def respond(table: Table) -> None:
            await interaction.response.edit_message(content="You're seated. Good luck!", view=None)
            await self.refresh(table)

        return respond

    # ----------------------------------------------------- service hooks
    async def refresh(self, table: Table, skip: int | None = None) -> None:
        """Edit the table message in place (posting a new one if it was deleted), then the
        open hand panels."""
        await self._refresh_message(table)
        table.fresh_panels = await self.refresh_panels(table, skip)

    async def _refresh_message(self, table: Table) -> None:
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
        message = await channel.send(
            turn_prompt(table, table.fresh_panels), allowed_mentions=discord.AllowedMentions(users=True)
        )
        table.ping_message_id = message.id

    def _link(self, table: Table) -> str:
        if table.state.message_id is None:
            return f"table #{table.id}"
        return (
            f"https://discord.com/channels/{table.state.guild_id}/{table.state.channel_id}/"
            f"{table.state.message_id}"
        )


@dataclass
class OpenPanel:
    """A member's hand panel: the interaction that can still edit it, since when, which line
    they picked (double line) and what it shows now."""

    interaction: discord.Interaction
    since: datetime
    line: int | None
    shown: str = ""
    token: str = ""  # the seat's panel token when it was drawn
    discard: tuple[int, ...] = ()  # Primero: places of the cards picked to change


def _form_values(data: dict[str, object]) -> list[str]:
    """A submitted form's text, in the order the game reads it: total, then bet."""
    found: dict[str, str] = {}

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "custom_id" in node and "value" in node:
                found[str(node["custom_id"])] = str(node["value"])
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(data.get("components", []))
    return [found[name] for name in ("total", "bet") if name in found]


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
