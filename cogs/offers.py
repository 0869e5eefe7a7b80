"""Side bets between members, for games that allow them: the Side bet button's panel, the
offer's form, and the Accept and Decline buttons under the public offer."""

from __future__ import annotations

from typing import TypeAlias

import discord
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.components import OFFER_ANSWER, OFFER_FORM, OFFER_SELECT, TABLE_MOVE, rendered
from bot.i18n import reader, t
from bot.tables import TableError
from bot.ui import plain

UIButton: TypeAlias = discord.ui.Button[discord.ui.View]
UISelect: TypeAlias = discord.ui.Select[discord.ui.View]
ANSWERED = {"accepted": t("accepted"), "declined": t("declined"), "lapsed": t("lapsed")}
"""The word the offer's message gets once answered, in the table's language."""


class Offers(commands.Cog):
    """Side bets between members."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot
        self.service = bot.tables
        self.display = bot.display

    async def cog_load(self) -> None:
        # Side bet opens the panel, for the offers open to this member now (no version check).
        self.bot.router.on(TABLE_MOVE, self.on_offer_button, key="offer")
        self.bot.router.on(OFFER_SELECT, self.on_offer_choice)
        self.bot.router.on(OFFER_FORM, self.on_offer_form)
        self.bot.router.on(OFFER_ANSWER, self.on_offer_answer)

    async def cog_unload(self) -> None:
        for handler in (self.on_offer_button, self.on_offer_choice, self.on_offer_form, self.on_offer_answer):
            self.bot.router.off(handler)

    async def on_offer_button(
        self, interaction: discord.Interaction, values: list[str], **fields: int | str
    ) -> None:
        table = self.service.open_table(interaction.guild_id, int(fields["table"]))
        choices = self.service.offers.choices(table, interaction.user)
        if not choices:
            raise TableError("There is no side bet you can offer at this table right now.")
        view = discord.ui.View(timeout=None)
        select: UISelect = discord.ui.Select(
            custom_id=OFFER_SELECT(table=table.id, hand=table.state.hand_no),
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
        view.add_item(select)
        await reply(
            interaction,
            "Choose the side bet to offer; the member you offer it to accepts or declines.",
            view=rendered(view),
        )

    async def on_offer_choice(
        self, interaction: discord.Interaction, values: list[str], **fields: int | str
    ) -> None:
        """The offer chosen on the side-bet panel: its form."""
        table = self.service.open_table(interaction.guild_id, int(fields["table"]))
        hand = int(fields["hand"])
        chosen = values[0] if len(values) == 1 else ""
        choices = self.service.offers.choices(table, interaction.user)
        choice = next((c for c in choices if f"{c.kind}.{c.seat}" == chosen), None)
        if choice is None or hand != table.state.hand_no:
            raise TableError("That offer isn't open now — the hand has moved on.")
        custom = OFFER_FORM(table=table.id, hand=hand, kind=choice.kind, seat=choice.seat)
        modal = discord.ui.Modal(title=choice.label[:45], custom_id=custom)
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
        modal.stop()  # answered by the router, also after a restart

    async def on_offer_form(
        self, interaction: discord.Interaction, values: list[str], **fields: int | str
    ) -> None:
        """The offer form submitted: the offer is made and its member asked, in the channel."""
        table = self.service.open_table(interaction.guild_id, int(fields["table"]))
        hand = int(fields["hand"])
        offer = await self.service.offer(
            table, interaction.user, hand, str(fields["kind"]), int(fields["seat"]), values
        )
        await reply(
            interaction,
            t("Your offer is made: {offer} Your stake is held until it is answered.", offer=offer.text),
        )
        channel = await self.display.channel(table)
        if channel is not None:
            view = discord.ui.View(timeout=None)
            for answer, label, style in (
                ("accept", "Accept", discord.ButtonStyle.success),
                ("decline", "Decline", discord.ButtonStyle.danger),
            ):
                custom = OFFER_ANSWER(table=table.id, hand=hand, offer=offer.id, answer=answer)
                item: UIButton = discord.ui.Button(label=label, style=style, custom_id=custom)
                view.add_item(item)
            await channel.send(
                f"<@{offer.taker_id}>, {plain(offer.maker_name)} offers you a side bet at "
                f"table #{table.id}: {offer.text}",
                view=rendered(view),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        await self.display.refresh(table)

    async def on_offer_answer(
        self, interaction: discord.Interaction, values: list[str], **fields: int | str
    ) -> None:
        """Accept or Decline under an offer: only its member; the offer message says the answer."""
        table = self.service.open_table(interaction.guild_id, int(fields["table"]))
        offer_id = int(fields["offer"])
        note = await self.service.answer_offer(
            table, interaction.user, int(fields["hand"]), offer_id, str(fields["answer"]) == "accept"
        )
        offer = next(o for o in table.state.offers if o.id == offer_id)
        said = ANSWERED.get(offer.status, ANSWERED["lapsed"])
        content = interaction.message.content if interaction.message is not None else ""
        await interaction.response.edit_message(content=f"{content}\n→ **{table.lang(said)}**", view=None)
        await interaction.followup.send(reader(interaction)(note), ephemeral=True)
        await self.display.refresh(table)


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Offers(bot))
