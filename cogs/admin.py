"""/settings: the server's starting bankroll, daily amount and default turn timer."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, reply
from engine.core.text import plural


class Admin(commands.Cog):
    """Room settings for members with Manage Server."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot

    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(
        starting_bankroll="Chips a member gets on first use (1–1,000,000)",
        daily_amount="Chips /daily grants (1–1,000,000)",
        turn_timer="Seconds a player has for each decision at new tables (15–3600)",
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        starting_bankroll: app_commands.Range[int, 1, 1_000_000] | None = None,
        daily_amount: app_commands.Range[int, 1, 1_000_000] | None = None,
        turn_timer: app_commands.Range[int, 15, 3600] | None = None,
    ) -> None:
        """Show or change this server's card-room settings (Manage Server only)."""
        assert interaction.guild_id is not None
        changes = {
            key: value
            for key, value in (
                ("starting_bankroll", starting_bankroll),
                ("daily_amount", daily_amount),
                ("turn_timer", turn_timer),
            )
            if value is not None
        }
        if changes:
            current = await self.bot.store.update_guild_settings(interaction.guild_id, **changes)
        else:
            current = await self.bot.store.guild_settings(interaction.guild_id)
        title = "Settings updated" if changes else "Card-room settings"
        embed = discord.Embed(title=title, colour=discord.Colour.blurple())
        embed.add_field(name="Starting bankroll", value=plural(current.starting_bankroll, "chip"))
        embed.add_field(name="Daily amount", value=plural(current.daily_amount, "chip"))
        embed.add_field(name="Turn timer", value=f"{plural(current.turn_timer, 'second')} (new tables)")
        await reply(interaction, None, embed=embed)


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Admin(bot))
