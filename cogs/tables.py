"""Every table button, and each member's private hand panel with its selects and forms.

Buttons are `DynamicItem`s whose custom id carries the table id, the state version and
the move, so they keep working after a restart and an outdated click is refused.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeAlias, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, answer_failure, reply
from bot.pictures import Picture, Pictures
from bot.render import render_table, rules_embed, turn_prompt
from bot.tables import TABLE_CLOSED, MoveSavedError, Phase, Table, TableError, TableService
from bot.tables.commit import TableChange
from bot.tables.wagers import BETS_CLOSED
from bot.ui import Form, Panel, plain

log = logging.getLogger(__name__)

ID_PATTERN = r"rd:(?P<table>[0-9]+):(?P<version>[0-9]+):(?P<key>[a-z_]+(?:\.[a-z_]+)?)"
# Private panel controls: the seat they were drawn for and its panel token, then the move.
# Keys name cards by their place in the hand ("play.0.3"), never by the card.
PANEL_KEY = (
    r"(?P<table>[0-9]+):(?P<seat>[a-z0-9]+):(?P<token>h[0-9]+\.[0-9]+):(?P<key>[a-z_]+(?:\.[0-9a-z_]+)*)"
)
PANEL_BUTTON = "rp:" + PANEL_KEY
PANEL_SELECT = "rs:" + PANEL_KEY
PANEL_MODAL = "rm:" + PANEL_KEY
# An onlooker's bet panel: its selects (the bet, then its pick) and its amount form carry
# the table and the hand they were drawn for.
BET_SELECT = r"rbs:(?P<table>[0-9]+):h(?P<hand>[0-9]+):(?P<key>kind|pick\.[a-z_]+)"
BET_MODAL = r"rbm:(?P<table>[0-9]+):h(?P<hand>[0-9]+):(?P<key>[a-z_]+)(?::(?P<pick>[a-z0-9_]+))?"
# Side bets between members: the offer panel's select and form, and the answer buttons
# under the public offer message (the hand and the offer they were drawn for).
OFFER_SELECT = r"rof:(?P<table>[0-9]+):h(?P<hand>[0-9]+)"
OFFER_MODAL = r"rom:(?P<table>[0-9]+):h(?P<hand>[0-9]+):(?P<kind>[a-z_]+)\.(?P<seat>[0-9]+)"
OFFER_ANSWER = r"roa:(?P<table>[0-9]+):h(?P<hand>[0-9]+):(?P<offer>[0-9]+):(?P<answer>accept|decline)"
#: Discord lets a bot edit an interaction's response for 15 minutes; redraw well inside that
PANEL_LIFETIME = timedelta(minutes=14)

UIButton: TypeAlias = discord.ui.Button[discord.ui.View]
UISelect: TypeAlias = discord.ui.Select[discord.ui.View]


def custom_id(table: Table, key: str) -> str:
    return f"rd:{table.id}:{table.version}:{key}"


class TableButton(discord.ui.DynamicItem[UIButton], template=ID_PATTERN):
    """Any button of any table; everything it needs is in its custom id."""

    def __init__(self, table_id: int, version: int, key: str, button: UIButton | None = None) -> None:
        super().__init__(button or discord.ui.Button(custom_id=f"rd:{table_id}:{version}:{key}"))
        self.table_id, self.version, self.key = table_id, version, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        # discord.py passes the clicked component, built from its payload: a button
        return cls(int(match["table"]), int(match["version"]), match["key"], cast(UIButton, item))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _tables(interaction).on_click(interaction, self.table_id, self.version, self.key)


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


class PanelButton(discord.ui.DynamicItem[UIButton], template=PANEL_BUTTON):
    """A button on a member's private hand panel."""

    def __init__(
        self, table_id: int, seat: str, token: str, key: str, button: UIButton | None = None
    ) -> None:
        super().__init__(button or discord.ui.Button(custom_id=f"rp:{table_id}:{seat}:{token}:{key}"))
        self.table_id, self.seat, self.token, self.key = table_id, seat, token, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelButton:
        # discord.py passes the clicked component, built from its payload: a button
        return cls(int(match["table"]), match["seat"], match["token"], match["key"], cast(UIButton, item))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _tables(interaction).on_panel(interaction, self.table_id, self.seat, self.token, self.key, [])


class PanelSelect(discord.ui.DynamicItem[UISelect], template=PANEL_SELECT):
    """The select on a member's private hand panel (the two cards to pass)."""

    def __init__(
        self, table_id: int, seat: str, token: str, key: str, select: UISelect | None = None
    ) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"rs:{table_id}:{seat}:{token}:{key}"))
        self.table_id, self.seat, self.token, self.key = table_id, seat, token, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelSelect:
        # discord.py passes the used component, built from its payload: a select
        return cls(int(match["table"]), match["seat"], match["token"], match["key"], cast(UISelect, item))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _select_values(interaction.data)
        await _tables(interaction).on_panel(
            interaction, self.table_id, self.seat, self.token, self.key, values
        )


class BetSelect(discord.ui.DynamicItem[UISelect], template=BET_SELECT):
    """A select on an onlooker's bet panel: which bet, or what it is on."""

    def __init__(self, table_id: int, hand: int, key: str, select: UISelect | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"rbs:{table_id}:h{hand}:{key}"))
        self.table_id, self.hand, self.key = table_id, hand, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BetSelect:
        # discord.py passes the used component, built from its payload: a select
        return cls(int(match["table"]), int(match["hand"]), match["key"], cast(UISelect, item))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _select_values(interaction.data)
        await _tables(interaction).on_bet(interaction, self.table_id, self.hand, self.key, values)


class OfferSelect(discord.ui.DynamicItem[UISelect], template=OFFER_SELECT):
    """The select on a member's side-bet panel: which offer to make, to whom."""

    def __init__(self, table_id: int, hand: int, select: UISelect | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"rof:{table_id}:h{hand}"))
        self.table_id, self.hand = table_id, hand

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OfferSelect:
        return cls(int(match["table"]), int(match["hand"]), cast(UISelect, item))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _select_values(interaction.data)
        await _tables(interaction).on_offer_choice(interaction, self.table_id, self.hand, values)


class OfferAnswer(discord.ui.DynamicItem[UIButton], template=OFFER_ANSWER):
    """Accept or Decline under a public side-bet offer; only the member asked may answer."""

    def __init__(
        self, table_id: int, hand: int, offer: int, answer: str, button: UIButton | None = None
    ) -> None:
        super().__init__(button or discord.ui.Button(custom_id=f"roa:{table_id}:h{hand}:{offer}:{answer}"))
        self.table_id, self.hand, self.offer, self.answer = table_id, hand, offer, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OfferAnswer:
        return cls(
            int(match["table"]),
            int(match["hand"]),
            int(match["offer"]),
            match["answer"],
            cast(UIButton, item),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await _tables(interaction).on_offer_answer(
            interaction, self.table_id, self.hand, self.offer, self.answer == "accept"
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
        if table.plugin.private_hands:
            view.add_item(button(table, "hand", "Your hand", blue))
        elif seat is not None and table.game is not None:
            for move in table.plugin.moves(table.game, seat):
                view.add_item(button(table, move.key, move.label, red if move.danger else green))
        if table.house_bets is not None:
            view.add_item(button(table, "bet", "Bet", blue, row=1))
        if _offers_open(table):
            view.add_item(button(table, "offer", "Side bet", blue, row=1))
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
    view.add_item(button(table, "rules", "Rules", grey, row=1))
    return rendered(view)


class Tables(commands.Cog):
    """Opening tables and playing at them."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot
        self.service: TableService = bot.tables
        #: each member's open hand panel, by (table id, user id); in memory only, like the
        #: interaction tokens it holds (after a restart the ping says to press Your hand)
        self.panels: dict[tuple[int, int], OpenPanel] = {}
        self.pictures = Pictures()
        #: the digest of the picture each table message shows now (in memory: after a
        #: restart the first redraw uploads it again)
        self.shown: dict[int, str] = {}

    async def cog_load(self) -> None:
        self.service.listen(self.show)
        self.bot.add_dynamic_items(TableButton, PanelButton, PanelSelect, BetSelect, OfferSelect, OfferAnswer)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(
            TableButton, PanelButton, PanelSelect, BetSelect, OfferSelect, OfferAnswer
        )
        self.pictures.close()

    # ------------------------------------------------------------ commands
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
                values = _form_values(interaction.data)
                await self.on_panel(
                    interaction, int(match["table"]), match["seat"], match["token"], match["key"], values
                )
            elif match := re.fullmatch(OFFER_MODAL, custom):
                values = _form_values(interaction.data)
                await self.on_offer_form(
                    interaction,
                    int(match["table"]),
                    int(match["hand"]),
                    match["kind"],
                    int(match["seat"]),
                    values,
                )
            elif match := re.fullmatch(BET_MODAL, custom):
                values = _form_values(interaction.data)
                await self.on_bet_form(
                    interaction,
                    int(match["table"]),
                    int(match["hand"]),
                    match["key"],
                    match["pick"] or "",
                    values,
                )
            return
        if interaction.type is not discord.InteractionType.component:
            return
        if _shows(interaction.message, custom):
            return
        if match := re.fullmatch(ID_PATTERN, custom):
            await self.on_click(interaction, int(match["table"]), int(match["version"]), match["key"])
        elif match := re.fullmatch(OFFER_SELECT, custom):
            values = _select_values(interaction.data)
            await self.on_offer_choice(interaction, int(match["table"]), int(match["hand"]), values)
        elif match := re.fullmatch(OFFER_ANSWER, custom):
            await self.on_offer_answer(
                interaction,
                int(match["table"]),
                int(match["hand"]),
                int(match["offer"]),
                match["answer"] == "accept",
            )
        elif match := re.fullmatch(BET_SELECT, custom):
            values = _select_values(interaction.data)
            await self.on_bet(interaction, int(match["table"]), int(match["hand"]), match["key"], values)
        elif match := re.fullmatch(PANEL_BUTTON, custom) or re.fullmatch(PANEL_SELECT, custom):
            values = _select_values(interaction.data)
            await self.on_panel(
                interaction, int(match["table"]), match["seat"], match["token"], match["key"], values
            )

    async def _table(self, interaction: discord.Interaction, table_id: int) -> Table | None:
        """The open table a control belongs to, or None after telling the member it's closed."""
        table = self.service.get(table_id)
        if table is None or table.state.guild_id != interaction.guild_id:
            await reply(interaction, TABLE_CLOSED)
            return None
        return table

    async def on_click(self, interaction: discord.Interaction, table_id: int, version: int, key: str) -> None:
        """A button of a table message. Whatever fails, the member gets an answer."""
        try:
            await self._on_click(interaction, table_id, version, key)
        except Exception as error:
            await answer_failure(interaction, error, f"table {table_id}: button {key}")

    async def _on_click(
        self, interaction: discord.Interaction, table_id: int, version: int, key: str
    ) -> None:
        table = await self._table(interaction, table_id)
        if table is None:
            return
        if key == "hand":  # shows, never changes: no version check
            await self._open_panel(interaction, table)
            return
        if key == "rules":
            await reply(interaction, None, embed=rules_embed(table.plugin))
            return
        if key == "bet":  # opens the onlooker's bet panel; bets are checked as they are now
            await self._bet_panel(interaction, table)
            return
        if key == "offer":  # opens the side-bet panel, for the offers open to this member now
            await self._offer_panel(interaction, table)
            return
        if key == "join" and table.version == version:
            # Pick a suit first: an ephemeral picker whose buttons carry the same version.
            try:
                free = await self.service.lobby.check_join(table, interaction.user)
            except TableError as error:
                await reply(interaction, str(error))
                return
            if len(free) > 1 and table.plugin.pick_seat:
                what = table.plugin.seat_option or "seat"
                await reply(interaction, f"Choose your {what}:", view=self._seat_picker(table, free))
                return
        respond = (
            self._respond_in_place if self._on_table_message(interaction, table) else self._respond_aside
        )
        try:
            async with self.service.click(table, interaction.user, version, key) as change:
                await self._answer(change, respond(interaction))
        except TableError as error:
            await reply(interaction, str(error))
            return
        if change.note:
            await interaction.followup.send(change.note, ephemeral=True)

    async def _answer(self, change: TableChange, respond: Callable[[Table], Awaitable[None]]) -> None:
        """Show a member's change: `respond` answers their click with it (and redraws what
        it must), then the member to act is pinged. Runs while the table is locked."""
        try:
            await respond(change.table)
        except Exception as error:
            # The move is saved; only drawing it failed. Put the table message right for
            # everyone, then let the member know what happened.
            log.warning("table %s: the move was saved but its reply failed", change.table.id)
            await self.show(change)
            raise MoveSavedError from error
        if change.ping:
            await self._ping(change.table)

    async def show(self, change: TableChange) -> None:
        """A change the table made by itself (a timer, a computer): redraw it and ping."""
        try:
            await self.refresh(change.table)
        except Exception:
            log.exception("table %s: could not update the table message", change.table.id)
        if change.ping:
            await self._ping(change.table)

    async def _ping(self, table: Table) -> None:
        try:
            await self.ping(table)
        except Exception:
            # A channel that refuses pings must not stop the table; say so once per table.
            if not table.ping_failed:
                log.warning("table %s: could not ping the player to act", table.id, exc_info=True)
            table.ping_failed = True

    # ------------------------------------------------------- onlookers' bets
    async def _bet_panel(self, interaction: discord.Interaction, table: Table) -> None:
        """The Bet button: the bets on offer, with their payouts, and a select to choose one."""
        try:
            self.service.wagers.check(table, interaction.user)
        except TableError as error:
            await reply(interaction, str(error))
            return
        offers = table.house_bets or ()
        limit = table.plugin.house_bet_limit(table.state.stake, table.options)
        embed = discord.Embed(
            title=f"Bet against the house · table #{table.id} · hand {table.state.hand_no}",
            description=(
                f"Choose a bet, then type how much: 1 to {limit:,} chips from your bankroll. "
                "Your stake is held at the table and the bet settles with the hand."
            ),
            colour=table.plugin.colour,
        )
        for offer in offers[:25]:
            embed.add_field(name=offer.label, value=offer.payout[:1024] or "—", inline=False)
        view = discord.ui.View(timeout=None)
        custom = f"rbs:{table.id}:h{table.state.hand_no}:kind"
        select: UISelect = discord.ui.Select(
            custom_id=custom,
            placeholder="Choose a bet",
            options=[discord.SelectOption(label=o.label[:100], value=o.key) for o in offers[:25]],
        )
        view.add_item(BetSelect(table.id, table.state.hand_no, "kind", select))
        await reply(interaction, None, embed=embed, view=rendered(view))

    async def on_bet(
        self, interaction: discord.Interaction, table_id: int, hand: int, key: str, values: list[str]
    ) -> None:
        """A select on the bet panel. Whatever fails, the member gets an answer."""
        try:
            await self._on_bet(interaction, table_id, hand, key, values)
        except Exception as error:
            await answer_failure(interaction, error, f"table {table_id}: bet select {key}")

    async def _on_bet(
        self, interaction: discord.Interaction, table_id: int, hand: int, key: str, values: list[str]
    ) -> None:
        """The bet chosen: its picks (a second select), or straight to the amount form."""
        table = await self._table(interaction, table_id)
        if table is None:
            return
        try:
            self.service.wagers.check(table, interaction.user)
            if hand != table.state.hand_no:
                raise TableError(BETS_CLOSED)
        except TableError as error:
            await reply(interaction, str(error))
            return
        offers = {offer.key: offer for offer in table.house_bets or ()}
        chosen = values[0] if len(values) == 1 else ""
        bet_key = chosen if key == "kind" else key.removeprefix("pick.")
        offer = offers.get(bet_key)
        if offer is None or (key != "kind" and chosen not in dict(offer.picks)):
            await reply(interaction, "That bet isn't on offer now.")
            return
        if key == "kind" and offer.picks:
            view = discord.ui.View(timeout=None)
            custom = f"rbs:{table.id}:h{hand}:pick.{offer.key}"
            select: UISelect = discord.ui.Select(
                custom_id=custom,
                placeholder=f"{offer.label}: on what?"[:150],
                options=[
                    discord.SelectOption(label=label[:100], value=value) for value, label in offer.picks[:25]
                ],
            )
            view.add_item(BetSelect(table.id, hand, f"pick.{offer.key}", select))
            embed = discord.Embed(
                title=f"{offer.label} · table #{table.id}",
                description=offer.payout[:4000] or None,
                colour=table.plugin.colour,
            )
            await interaction.response.edit_message(embed=embed, view=rendered(view))
            return
        pick = "" if key == "kind" else chosen
        limit = table.plugin.house_bet_limit(table.state.stake, table.options)
        title = f"{offer.label} · {dict(offer.picks)[pick]}" if pick else offer.label
        suffix = f":{pick}" if pick else ""
        modal = discord.ui.Modal(
            title=f"Bet: {title}"[:45], custom_id=f"rbm:{table.id}:h{hand}:{offer.key}{suffix}"
        )
        modal.add_item(
            discord.ui.TextInput(
                label="Your stake, in chips", custom_id="amount", placeholder=f"1 to {limit:,}", max_length=12
            )
        )
        await interaction.response.send_modal(modal)
        modal.stop()  # answered in on_interaction, also after a restart

    async def on_bet_form(
        self,
        interaction: discord.Interaction,
        table_id: int,
        hand: int,
        key: str,
        pick: str,
        values: list[str],
    ) -> None:
        """The bet form submitted: the bet is placed, or the member is told why not."""
        try:
            table = await self._table(interaction, table_id)
            if table is None:
                return
            try:
                note = await self.service.bet(
                    table, interaction.user, hand, key, pick, values[0] if values else ""
                )
            except TableError as error:
                await reply(interaction, str(error))
                return
            await reply(interaction, note)
            await self.refresh(table)
        except Exception as error:
            await answer_failure(interaction, error, f"table {table_id}: bet form {key}")

    # ------------------------------------------------ side bets between members
    async def _offer_panel(self, interaction: discord.Interaction, table: Table) -> None:
        choices = self.service.offers.choices(table, interaction.user)
        if not choices:
            await reply(interaction, "There is no side bet you can offer at this table right now.")
            return
        view = discord.ui.View(timeout=None)
        select: UISelect = discord.ui.Select(
            custom_id=f"rof:{table.id}:h{table.state.hand_no}",
            placeholder="Choose an offer",
            options=[
                discord.SelectOption(
                    label=c.label[:100],
                    value=f"{c.kind}.{c.seat}",
                    description=f"to {table.seat_for(c.seat).name}"[:100],
                )
                for c in choices[:25]
            ],
        )
        view.add_item(OfferSelect(table.id, table.state.hand_no, select))
        await reply(
            interaction,
            "Choose the side bet to offer; the member you offer it to accepts or declines.",
            view=rendered(view),
        )

    async def on_offer_choice(
        self, interaction: discord.Interaction, table_id: int, hand: int, values: list[str]
    ) -> None:
        """The offer chosen on the side-bet panel: its form."""
        try:
            table = await self._table(interaction, table_id)
            if table is None:
                return
            chosen = values[0] if len(values) == 1 else ""
            choice = next(
                (
                    c
                    for c in self.service.offers.choices(table, interaction.user)
                    if f"{c.kind}.{c.seat}" == chosen
                ),
                None,
            )
            if choice is None or hand != table.state.hand_no:
                await reply(interaction, "That offer isn't open now — the hand has moved on.")
                return
            modal = discord.ui.Modal(
                title=choice.label[:45], custom_id=f"rom:{table.id}:h{hand}:{choice.kind}.{choice.seat}"
            )
            for key, label, hint in choice.fields:
                modal.add_item(
                    discord.ui.TextInput(
                        label=label[:45],
                        custom_id=key,
                        placeholder=hint[:100],
                        max_length=12,
                        required=key == "amount",
                    )
                )
            await interaction.response.send_modal(modal)
            modal.stop()  # answered in on_interaction, also after a restart
        except Exception as error:
            await answer_failure(interaction, error, f"table {table_id}: offer select")

    async def on_offer_form(
        self,
        interaction: discord.Interaction,
        table_id: int,
        hand: int,
        kind: str,
        seat: int,
        values: list[str],
    ) -> None:
        """The offer form submitted: the offer is made and its member asked, in the channel."""
        try:
            table = await self._table(interaction, table_id)
            if table is None:
                return
            try:
                offer = await self.service.offer(table, interaction.user, hand, kind, seat, values)
            except TableError as error:
                await reply(interaction, str(error))
                return
            await reply(
                interaction, f"Your offer is made: {offer.text} Your stake is held until it is answered."
            )
            channel = await self._channel(table)
            if channel is not None:
                view = discord.ui.View(timeout=None)
                for answer, label, style in (
                    ("accept", "Accept", discord.ButtonStyle.success),
                    ("decline", "Decline", discord.ButtonStyle.danger),
                ):
                    item: UIButton = discord.ui.Button(
                        label=label, style=style, custom_id=f"roa:{table.id}:h{hand}:{offer.id}:{answer}"
                    )
                    view.add_item(OfferAnswer(table.id, hand, offer.id, answer, item))
                await channel.send(
                    f"<@{offer.taker_id}>, {plain(offer.maker_name)} offers you a side bet at "
                    f"table #{table.id}: {offer.text}",
                    view=rendered(view),
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
            await self.refresh(table)
        except Exception as error:
            await answer_failure(interaction, error, f"table {table_id}: offer form {kind}")

    async def on_offer_answer(
        self, interaction: discord.Interaction, table_id: int, hand: int, offer_id: int, accept: bool
    ) -> None:
        """Accept or Decline under an offer: only its member; the offer message says the answer."""
        try:
            table = await self._table(interaction, table_id)
            if table is None:
                return
            try:
                note = await self.service.answer_offer(table, interaction.user, hand, offer_id, accept)
            except TableError as error:
                await reply(interaction, str(error))
                return
            offer = next(o for o in table.state.offers if o.id == offer_id)
            said = {"accepted": "accepted", "declined": "declined"}.get(offer.status, "lapsed")
            content = interaction.message.content if interaction.message is not None else ""
            await interaction.response.edit_message(content=f"{content}\n→ **{said}**", view=None)
            await interaction.followup.send(note, ephemeral=True)
            await self.refresh(table)
        except Exception as error:
            await answer_failure(interaction, error, f"table {table_id}: offer answer")

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
        table = await self._table(interaction, table_id)
        if table is None:
            return
        head = key.split(".")[0]
        if head in table.plugin.view_keys or head in table.plugin.form_keys:
            await self._panel_ui(interaction, table, seat, token, key, values)
            return
        panel_key = (table.id, interaction.user.id)

        async def respond(table: Table) -> None:
            # Redraw this panel in place (a form's answer updates the panel it was opened
            # from), then the table message and everyone else's panel.
            index = table.seat_of(interaction.user.id)
            opened = OpenPanel(interaction, discord.utils.utcnow(), picture=_picture_on(interaction.message))
            self.panels[panel_key] = opened
            if index is not None and table.engine_seat(index) is not None:
                drawn = self._panel(table, index, opened)
                fields = await self._panel_message(table, index, opened, drawn)
                await interaction.response.edit_message(content=None, **fields)
                opened.token = table.panel_token(index)
            else:  # their move ended the hand and they had asked to leave: they're gone
                gone = "You've left the table."
                await interaction.response.edit_message(content=gone, embed=None, view=None)
            await self.refresh(table, skip=interaction.user.id)

        try:
            async with self.service.click_private(
                table, interaction.user, seat, token, key, values
            ) as change:
                await self._answer(change, respond)
        except TableError as error:
            await reply(interaction, str(error))
            return
        if change.note:
            await interaction.followup.send(change.note, ephemeral=True)

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
            await reply(
                interaction, "Those controls belong to another player's hand — press **Your hand** for yours."
            )
            return
        engine_seat = table.engine_seat(index)
        if table.game is None or engine_seat is None or token != table.panel_token(index):
            await reply(interaction, "That panel is out of date — press **Your hand** for a fresh one.")
            return
        plugin = table.plugin
        if key.split(".")[0] in plugin.form_keys:
            form = plugin.form(table, table.game, engine_seat, key, values)
            if form is None:
                await reply(interaction, "That move isn't open to you right now.")
                return
            modal = self._modal(table, index, token, form)
            await interaction.response.send_modal(modal)
            modal.stop()  # answered in on_interaction, also after a restart
            return
        picks = plugin.pick(key, values)
        if picks is None:
            await reply(interaction, "That move isn't open to you right now.")
            return
        opened = OpenPanel(interaction, discord.utils.utcnow(), picks)
        drawn = self._panel(table, index, opened)
        opened.picture = _picture_on(interaction.message)
        fields = await self._panel_message(table, index, opened, drawn)
        opened.token = table.panel_token(index)
        self.panels[(table.id, interaction.user.id)] = opened
        await interaction.response.edit_message(**fields)

    def _modal(self, table: Table, seat: int, token: str, form: Form) -> discord.ui.Modal:
        """A game's form as a Discord modal. Its custom id carries the move, like a panel
        button's; the values of its text boxes come back in their order."""
        owner = table.state.seats[seat].choice
        modal = discord.ui.Modal(title=form.title[:45], custom_id=f"rm:{table.id}:{owner}:{token}:{form.key}")
        for field in form.fields:
            modal.add_item(
                discord.ui.TextInput(
                    label=field.label[:45],
                    custom_id=field.key,
                    placeholder=field.placeholder[:100],
                    max_length=field.max_length,
                )
            )
        return modal

    async def _open_panel(self, interaction: discord.Interaction, table: Table) -> None:
        index = table.seat_of(interaction.user.id)
        if index is None:
            await reply(interaction, "You're not seated at this table, so you hold no cards here.")
            return
        if table.game is None or table.state.phase is not Phase.PLAYING:
            await reply(interaction, "No hand is in play at this table right now.")
            return
        if table.engine_seat(index) is None:
            await reply(
                interaction, "You joined after this hand was dealt; you'll get cards in the next one."
            )
            return
        opened = OpenPanel(interaction, discord.utils.utcnow())
        drawn = self._panel(table, index, opened)
        fields = await self._panel_message(table, index, opened, drawn)
        files = fields.pop("attachments", [])
        await reply(interaction, None, **fields, **({"file": files[0]} if files else {}))
        opened.token = table.panel_token(index)
        self.panels[(table.id, interaction.user.id)] = opened

    def _panel(self, table: Table, index: int, opened: OpenPanel | None) -> Panel:
        """The panel of table seat `index`, drawn for the engine seat it plays this hand
        (seats move up when someone leaves at the end of a hand; the hand's seats don't)."""
        seat = table.engine_seat(index)
        if seat is None:
            raise TableError("You joined after this hand was dealt; you'll get cards in the next one.")
        return table.plugin.panel(table, table.game, seat, opened.picks if opened else ())

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
            item: UIButton = discord.ui.Button(
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
        the turn arriving). Returns the seats whose panel is open and current.

        When the hand ends, each panel still open on it is redrawn once with the finished
        hand (the result, not "waiting for…"), then let go: after settlement the table is
        between hands but `table.game` still holds the finished hand until the next deal."""
        fresh: set[int] = set()
        for (table_id, user_id), opened in list(self.panels.items()):
            if table_id != table.id:
                continue
            index = table.seat_of(user_id)
            if (
                index is None
                or table.game is None
                or discord.utils.utcnow() - opened.since > PANEL_LIFETIME
                or table.engine_seat(index) is None
            ):
                del self.panels[(table_id, user_id)]
                continue
            if table.state.phase is not Phase.PLAYING:
                del self.panels[(table_id, user_id)]
                if table.panel_hand(opened.token):  # drawn for this hand
                    await self._redraw(table, index, opened)
                continue
            if user_id == skip:
                fresh.add(index)
                continue
            token = table.panel_token(index)
            if opened.token != token:  # what was picked on an older panel no longer applies
                opened.picks = ()
            if not await self._redraw(table, index, opened):
                del self.panels[(table_id, user_id)]
                continue
            opened.token = token
            fresh.add(index)
        return fresh

    async def _redraw(self, table: Table, index: int, opened: OpenPanel) -> bool:
        """Edit an open panel to what its seat sees now, if that changed; False if Discord
        refused (the message is gone or its token expired)."""
        drawn = self._panel(table, index, opened)
        before = (opened.shown, opened.picture)
        fields = await self._panel_message(table, index, opened, drawn)
        if (opened.shown, opened.picture) == before:
            return True
        try:
            await opened.interaction.edit_original_response(**fields)
        except discord.HTTPException:
            opened.shown, opened.picture = before
            return False
        return True

    async def _panel_message(
        self, table: Table, index: int, opened: OpenPanel, drawn: Panel
    ) -> dict[str, Any]:
        """What a panel message says: the embed with the seat's own cards drawn into it,
        and its controls. The picture is attached only when it changed; `opened` records
        what the message shows."""
        seat = table.engine_seat(index)
        picture = None if seat is None else await self.pictures.hand(table, seat, opened.picks)
        fields: dict[str, Any] = {"embed": drawn.embed, "view": self._panel_view(table, index, drawn)}
        if picture is not None:
            drawn.embed.set_image(url=picture.url)
            if picture.digest != opened.picture:
                fields["attachments"] = [picture.file()]
        elif opened.picture:
            fields["attachments"] = []
        opened.shown = drawn.signature()
        opened.picture = picture.digest if picture is not None else ""
        return fields

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

    def _seat_picker(self, table: Table, free: list[str]) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for choice in free:
            view.add_item(
                button(
                    table, f"join.{choice}", table.plugin.choice_label(choice), discord.ButtonStyle.primary
                )
            )
        return rendered(view)

    def _on_table_message(self, interaction: discord.Interaction, table: Table) -> bool:
        return interaction.message is not None and interaction.message.id == table.state.message_id

    def _respond_in_place(self, interaction: discord.Interaction) -> Callable[[Table], Awaitable[None]]:
        async def respond(table: Table) -> None:
            fields, picture = await self._table_message(table)
            await interaction.response.edit_message(**fields)
            self._shown(table, picture)
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

    async def _channel(
        self, table: Table
    ) -> discord.TextChannel | discord.Thread | discord.VoiceChannel | discord.StageChannel | None:
        """The table's channel or thread. A thread missing from the cache is fetched: discord.py
        drops a thread when it archives, and only active threads are sent at start-up."""
        channel: object = self.bot.get_channel(table.state.channel_id)
        if channel is None:
            with contextlib.suppress(discord.HTTPException):
                channel = await self.bot.fetch_channel(table.state.channel_id)
        kinds = (discord.TextChannel, discord.Thread, discord.VoiceChannel, discord.StageChannel)
        return channel if isinstance(channel, kinds) else None

    async def _refresh_message(self, table: Table) -> None:
        channel = await self._channel(table)
        if channel is None:
            log.warning("table %s: channel %s is gone", table.id, table.state.channel_id)
            return
        fields, picture = await self._table_message(table)
        if table.state.message_id is not None:
            try:
                await channel.get_partial_message(table.state.message_id).edit(**fields)
                self._shown(table, picture)
                return
            except discord.NotFound:
                log.info("table %s: table message was deleted, posting a new one", table.id)
        self.shown.pop(table.id, None)
        fields, picture = await self._table_message(table)
        files = fields.pop("attachments", [])
        if fields["view"] is None:  # a closed table: no buttons (discord.py's own default for `view`)
            del fields["view"]
        message = await channel.send(**fields, files=files)
        self._shown(table, picture)
        await self.service.reposted(table, message.id)

    async def _table_message(self, table: Table) -> tuple[dict[str, Any], Picture | None]:
        """What the table message says: the embed (its words say everything, for screen
        readers and clients that hide images) with the drawn table, and the buttons. The
        picture is attached only when it changed since the message last showed one."""
        content, embed = render_table(table)
        picture = await self.pictures.table(table)
        fields: dict[str, Any] = {"content": content, "embed": embed, "view": table_view(table)}
        shown = self.shown.get(table.id)
        if picture is not None:
            embed.set_image(url=picture.url)
            if picture.digest != shown:
                fields["attachments"] = [picture.file()]
        elif shown is not None:
            fields["attachments"] = []  # the hand is gone (a new lobby): so is its picture
        return fields, picture

    def _shown(self, table: Table, picture: Picture | None) -> None:
        if table.state.phase is Phase.CLOSED:
            self.shown.pop(table.id, None)
            self.pictures.forget(table.id)
        elif picture is None:
            self.shown.pop(table.id, None)
        else:
            self.shown[table.id] = picture.digest

    async def ping(self, table: Table) -> None:
        """Mention the member to act, once per turn, replacing the previous ping."""
        if table.pinged == table.state.turn_since:
            return
        channel = await self._channel(table)
        if channel is None:
            return
        if table.ping_message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(table.ping_message_id).delete()
        table.pinged = table.state.turn_since
        message = await channel.send(
            turn_prompt(table, table.fresh_panels), allowed_mentions=discord.AllowedMentions(users=True)
        )
        table.ping_message_id = message.id


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


def _offers_open(table: Table) -> bool:
    """Whether anyone (an onlooker, or a player of the hand) may offer a side bet now."""
    game = table.game
    if game is None or table.state.phase is not Phase.PLAYING or game.outcome is not None:
        return False
    seats = [None, *range(len(table.state.hand_seats))]
    return any(table.plugin.offer_choices(game, table.options, seat) for seat in seats)


def _tables(interaction: discord.Interaction) -> Tables:
    """The Tables cog of the bot the interaction came to. discord.py types
    `interaction.client` as a plain Client; here it is always our Ridotto bot."""
    cog = cast(Ridotto, interaction.client).get_cog("Tables")
    assert isinstance(cog, Tables)
    return cog


def _select_values(data: Mapping[str, Any] | None) -> list[str]:
    """What a component interaction's payload chose: a select's `values` (a button: none)."""
    return [str(v) for v in (data or {}).get("values", [])]


def _form_values(data: Mapping[str, object]) -> list[str]:
    """A submitted form's text, in the order of its boxes (Discord keeps the form's order)."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if node.get("type") == 4 and "value" in node:  # a text input
                found.append(str(node["value"]))
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(data.get("components", []))
    return found


def _picture_on(message: discord.Message | None) -> str:
    """The digest of the hand picture a panel message carries ("" if none): redrawing that
    message in place re-sends the picture only if it changed."""
    for attachment in message.attachments if message is not None else ():
        name = attachment.filename
        if name.startswith("hand-") and name.endswith(".png"):
            return name.removeprefix("hand-").removesuffix(".png")
    return ""


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
