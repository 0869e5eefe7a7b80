"""Fair deals: /fair (a member's own seed, and the scheme) and /verify (check a finished hand).
The table service does the work (bot/tables/fair.py); this answers, privately."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.i18n import t
from engine.core.fair import SEED_LIMIT, BadSeed


class Fair(commands.Cog):
    """A deal anyone can verify, with seeds that are not only the server's."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot

    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.describe(
        seed=f"Your own seed, mixed into each deal you're seated for (any text up to {SEED_LIMIT})"
    )
    async def fair(self, interaction: discord.Interaction, seed: str | None = None) -> None:
        """Show or set your own seed for the deals here, and how a deal is proved fair."""
        assert interaction.guild_id is not None
        fair = self.bot.tables.fair
        if seed is None:
            text = await fair.show_seed(interaction.guild_id, interaction.user.id)
        else:
            try:
                text = await fair.set_seed(interaction.guild_id, interaction.user.id, seed)
            except BadSeed as error:
                text = t("{why} Your seed is unchanged.", why=error.said)
        await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.describe(hand="The hand as its table names it: table and hand number, like #12-7")
    async def verify(self, interaction: discord.Interaction, hand: str) -> None:
        """Check a finished hand's deal against the seeds it was dealt from, and get its file."""
        assert interaction.guild_id is not None
        checked = await self.bot.tables.verify(interaction.guild_id, hand)
        if checked.export is None:
            await reply(interaction, checked.sentence)
            return
        attached = discord.File(io.BytesIO(checked.export.encode("utf-8")), filename=checked.filename)
        await reply(interaction, checked.sentence, file=attached)


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Fair(bot))
