"""Onlookers' bets against the house, for games that offer them: the Bet button's panel,
its selects (the bet, then what it is on) and the amount form."""

from __future__ import annotations

from typing import TypeAlias

import discord
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.components import BET_FORM, BET_SELECT, TABLE_MOVE, rendered
from bot.games import BetOffer
from bot.i18n import Lang, Markup, Text, reader, t
from bot.tables import Table, TableError
from bot.tables.wagers import BETS_CLOSED, bet_limit

UISelect: TypeAlias = discord.ui.Select[discord.ui.View]


class Bets(commands.Cog):
    """House bets for onlookers."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot
        self.service = bot.tables
        self.display = bot.display

    async def cog_load(self) -> None:
        # The Bet button opens the panel; bets are checked as they are now (no version check).
        self.bot.router.on(TABLE_MOVE, self.on_bet_button, key="bet")
        self.bot.router.on(BET_SELECT, self.on_bet)
        self.bot.router.on(BET_FORM, self.on_bet_form)

    async def cog_unload(self) -> None:
        for handler in (self.on_bet_button, self.on_bet, self.on_bet_form):
            self.bot.router.off(handler)

    async def on_bet_button(
        self, interaction: discord.Interaction, values: list[str], **fields: int | str
    ) -> None:
        """The Bet button: the bets on offer, with their payouts, and a select to choose one."""
        table = self.service.open_table(interaction.guild_id, int(fields["table"]))
        self.service.wagers.check(table, interaction.user)
        embed, view = bet_menu(table, reader(interaction))
        await reply(interaction, None, embed=embed, view=rendered(view))

    async def on_bet(self, interaction: discord.Interaction, values: list[str], **fields: int | str) -> None:
        """The bet chosen: its picks (a second select), or straight to the amount form."""
        table = self.service.open_table(interaction.guild_id, int(fields["table"]))
        hand, key = int(fields["hand"]), str(fields["key"])
        self.service.wagers.check(table, interaction.user)
        if hand != table.state.hand_no:
            raise TableError(BETS_CLOSED)
        offers = {offer.key: offer for offer in table.house_bets or ()}
        chosen = values[0] if len(values) == 1 else ""
        bet_key = chosen if key == "kind" else key.removeprefix("pick.")
        offer = offers.get(bet_key)
        if offer is None or (key != "kind" and chosen not in dict(offer.picks)):
            raise TableError(t("That bet isn't on offer now."))
        say = reader(interaction)
        if key == "kind" and offer.picks:
            embed, view = pick_menu(table, offer, hand, say)
            await interaction.response.edit_message(embed=embed, view=rendered(view))
            return
        modal = bet_form(table, offer, hand, "" if key == "kind" else chosen, say)
        await interaction.response.send_modal(modal)
        modal.stop()  # answered by the router, also after a restart

    async def on_bet_form(
        self, interaction: discord.Interaction, values: list[str], **fields: int | str
    ) -> None:
        """The bet form submitted: the bet is placed, or the member is told why not."""
        table = self.service.open_table(interaction.guild_id, int(fields["table"]))
        note = await self.service.bet(
            table,
            interaction.user,
            int(fields["hand"]),
            str(fields["key"]),
            str(fields["pick"]),
            values[0] if values else "",
        )
        await reply(interaction, note)
        await self.display.refresh(table)


def bet_menu(table: Table, say: Lang) -> tuple[discord.Embed, discord.ui.View]:
    """The Bet button's panel in the reader's language: each bet with its payout, and the
    select to choose one."""
    offers = table.house_bets or ()
    embed = discord.Embed(
        title=say(
            t(
                "Bet against the house · table #{table} · hand {hand}",
                table=Markup(str(table.id)),
                hand=Markup(str(table.state.hand_no)),
            )
        ),
        description=say(
            t(
                "Choose a bet, then type how much: 1 to {limit} chips from your bankroll. "
                "Your stake is held at the table and the bet settles with the hand.",
                limit=bet_limit(table),
            )
        ),
        colour=table.plugin.colour,
    )
    for offer in offers[:25]:
        embed.add_field(name=say(offer.label)[:256], value=say(offer.payout)[:1024] or "—", inline=False)
    view = discord.ui.View(timeout=None)
    select: UISelect = discord.ui.Select(
        custom_id=BET_SELECT(table=table.id, hand=table.state.hand_no, key="kind"),
        placeholder=say(t("Choose a bet"), md=False)[:150],
        options=[discord.SelectOption(label=say(o.label, md=False)[:100], value=o.key) for o in offers[:25]],
    )
    view.add_item(select)
    return embed, view


def pick_menu(table: Table, offer: BetOffer, hand: int, say: Lang) -> tuple[discord.Embed, discord.ui.View]:
    """A bet with picks, chosen: what it is on (the second select), with its payout."""
    name = say(offer.label, md=False)
    view = discord.ui.View(timeout=None)
    select: UISelect = discord.ui.Select(
        custom_id=BET_SELECT(table=table.id, hand=hand, key=f"pick.{offer.key}"),
        placeholder=say(t("{bet}: on what?", bet=Markup(name)), md=False)[:150],
        options=[
            discord.SelectOption(label=say(label, md=False)[:100], value=value)
            for value, label in offer.picks[:25]
        ],
    )
    view.add_item(select)
    embed = discord.Embed(
        title=say(t("{bet} · table #{table}", bet=Markup(name), table=Markup(str(table.id))))[:256],
        description=say(offer.payout)[:4000] or None,
        colour=table.plugin.colour,
    )
    return embed, view


def bet_form(table: Table, offer: BetOffer, hand: int, pick: str, say: Lang) -> discord.ui.Modal:
    """The amount form of a bet (and its pick), in the reader's language."""
    bet: Text = t("{bet} · {pick}", bet=offer.label, pick=dict(offer.picks)[pick]) if pick else offer.label
    modal = discord.ui.Modal(
        title=say(t("Bet: {bet}", bet=bet), md=False)[:45],
        custom_id=BET_FORM(table=table.id, hand=hand, key=offer.key, pick=pick),
    )
    modal.add_item(
        discord.ui.TextInput(
            label=say(t("Your stake, in chips"), md=False)[:45],
            custom_id="amount",
            placeholder=say(t("1 to {most}", most=bet_limit(table)), md=False)[:100],
            max_length=12,
        )
    )
    return modal


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Bets(bot))
