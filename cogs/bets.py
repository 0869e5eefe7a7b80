"""Onlookers' bets against the house, for games that offer them: the Bet button's panel,
its selects (the bet, then what it is on) and the amount form."""

from __future__ import annotations

from typing import TypeAlias

import discord
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.components import BET_FORM, BET_SELECT, TABLE_MOVE, rendered
from bot.tables import TableError
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
        offers = table.house_bets or ()
        limit = bet_limit(table)
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
        select: UISelect = discord.ui.Select(
            custom_id=BET_SELECT(table=table.id, hand=table.state.hand_no, key="kind"),
            placeholder="Choose a bet",
            options=[discord.SelectOption(label=o.label[:100], value=o.key) for o in offers[:25]],
        )
        view.add_item(select)
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
            raise TableError("That bet isn't on offer now.")
        if key == "kind" and offer.picks:
            view = discord.ui.View(timeout=None)
            select: UISelect = discord.ui.Select(
                custom_id=BET_SELECT(table=table.id, hand=hand, key=f"pick.{offer.key}"),
                placeholder=f"{offer.label}: on what?"[:150],
                options=[
                    discord.SelectOption(label=label[:100], value=value) for value, label in offer.picks[:25]
                ],
            )
            view.add_item(select)
            embed = discord.Embed(
                title=f"{offer.label} · table #{table.id}",
                description=offer.payout[:4000] or None,
                colour=table.plugin.colour,
            )
            await interaction.response.edit_message(embed=embed, view=rendered(view))
            return
        pick = "" if key == "kind" else chosen
        limit = bet_limit(table)
        title = f"{offer.label} · {dict(offer.picks)[pick]}" if pick else offer.label
        modal = discord.ui.Modal(
            title=f"Bet: {title}"[:45],
            custom_id=BET_FORM(table=table.id, hand=hand, key=offer.key, pick=pick),
        )
        modal.add_item(
            discord.ui.TextInput(
                label="Your stake, in chips", custom_id="amount", placeholder=f"1 to {limit:,}", max_length=12
            )
        )
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


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Bets(bot))
