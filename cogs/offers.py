"""Side bets between members, for games that allow them: the Side bet button's panel, the
offer's form, and the Accept and Decline buttons under the public offer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

import discord
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.components import OFFER_ANSWER, OFFER_FORM, OFFER_SELECT, TABLE_MOVE, rendered
from bot.games import OfferChoice
from bot.i18n import Lang, Markup, reader, t
from bot.tables import Table, TableError
from bot.tables.offers import NOT_OPEN, terms_of

UIButton: TypeAlias = discord.ui.Button[discord.ui.View]
UISelect: TypeAlias = discord.ui.Select[discord.ui.View]
ACCEPT, DECLINE = t("Accept"), t("Decline")
"""The buttons under an offer, in the table's language."""
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
            raise TableError(t("There is no side bet you can offer at this table right now."))
        view = offer_menu(table, choices, reader(interaction))
        await reply(
            interaction,
            t("Choose the side bet to offer; the member you offer it to accepts or declines."),
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
            raise TableError(NOT_OPEN)
        modal = offer_form(table, choice, hand, reader(interaction))
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
            t("Your offer is made: {offer} Your stake is held until it is answered.", offer=terms_of(offer)),
        )
        channel = await self.display.channel(table)
        if channel is not None:
            say = table.lang  # the channel's message: the table's language
            view = discord.ui.View(timeout=None)
            for answer, label, style in (
                ("accept", ACCEPT, discord.ButtonStyle.success),
                ("decline", DECLINE, discord.ButtonStyle.danger),
            ):
                custom = OFFER_ANSWER(table=table.id, hand=hand, offer=offer.id, answer=answer)
                item: UIButton = discord.ui.Button(label=say(label, md=False), style=style, custom_id=custom)
                view.add_item(item)
            await channel.send(
                say(
                    t(
                        "{taker}, {maker} offers you a side bet at table #{table}: {offer}",
                        taker=Markup(f"<@{offer.taker_id}>"),
                        maker=offer.maker_name,
                        table=Markup(str(table.id)),
                        offer=terms_of(offer),
                    )
                ),
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


def offer_menu(table: Table, choices: Sequence[OfferChoice], say: Lang) -> discord.ui.View:
    """The Side bet panel's select, in the reader's language: each offer and whom it is to."""
    view = discord.ui.View(timeout=None)
    select: UISelect = discord.ui.Select(
        custom_id=OFFER_SELECT(table=table.id, hand=table.state.hand_no),
        placeholder=say(t("Choose an offer"), md=False)[:150],
        options=[
            discord.SelectOption(
                label=say(c.label, md=False)[:100],
                value=f"{c.kind}.{c.seat}",
                description=say(t("to {member}", member=table.seat_for(c.seat).name), md=False)[:100],
            )
            for c in choices[:25]
        ],
    )
    view.add_item(select)
    return view


def offer_form(table: Table, choice: OfferChoice, hand: int, say: Lang) -> discord.ui.Modal:
    """An offer's form, its title and boxes in the reader's language."""
    custom = OFFER_FORM(table=table.id, hand=hand, kind=choice.kind, seat=choice.seat)
    modal = discord.ui.Modal(title=say(choice.label, md=False)[:45], custom_id=custom)
    for key, label, hint in choice.fields:
        modal.add_item(
            discord.ui.TextInput(
                label=say(label, md=False)[:45],
                custom_id=key,
                placeholder=say(hint, md=False)[:100],
                max_length=12,
                required=key == "amount",
            )
        )
    return modal


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Offers(bot))
