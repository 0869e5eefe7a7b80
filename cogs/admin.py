"""/settings: the server's starting bankroll, daily amount, default turn timer and the
language its tables show everyone."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.i18n import LANGUAGES, ROOMS, SOURCE, language_of, reader, t, tn

#: `/settings language`: a language Ridotto speaks, or the server's own Discord language
SERVER_LANGUAGE = "server"
LANGUAGE_CHOICES = [
    app_commands.Choice(name="The server's own language (its Discord setting)", value=SERVER_LANGUAGE),
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
]


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
        language=(
            "The language tables show everyone here (each member's own answers follow their Discord language)"
        ),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        starting_bankroll: app_commands.Range[int, 1, 1_000_000] | None = None,
        daily_amount: app_commands.Range[int, 1, 1_000_000] | None = None,
        turn_timer: app_commands.Range[int, 15, 3600] | None = None,
        language: str | None = None,
    ) -> None:
        """Show or change this server's card-room settings (Manage Server only)."""
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        store = self.bot.store
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
            current = await store.update_guild_settings(guild_id, **changes)
        else:
            current = await store.guild_settings(guild_id)
        if language is not None:
            chosen = "" if language == SERVER_LANGUAGE else language
            current = await store.set_guild_language(guild_id, chosen)
            shown = chosen or language_of(interaction.guild_locale) or SOURCE
            ROOMS[guild_id] = shown
            for table in await self.bot.tables.set_language(guild_id, shown):
                await self.bot.display.refresh(table)
        say = reader(interaction)
        title = t("Settings updated") if changes or language is not None else t("Card-room settings")
        embed = discord.Embed(title=say(title), colour=discord.Colour.blurple())
        chips = "{n} chip", "{n} chips"
        embed.add_field(name=say(t("Starting bankroll")), value=say(tn(*chips, n=current.starting_bankroll)))
        embed.add_field(name=say(t("Daily amount")), value=say(tn(*chips, n=current.daily_amount)))
        timer = tn("{n} second", "{n} seconds", n=current.turn_timer)
        embed.add_field(name=say(t("Turn timer")), value=say(t("{timer} (new tables)", timer=timer)))
        if current.language:
            spoken = LANGUAGES.get(current.language, current.language)
        else:
            own = language_of(interaction.guild_locale) or SOURCE
            spoken = say(t("{language} (the server's own)", language=LANGUAGES[own]))
        embed.add_field(name=say(t("Table language")), value=spoken)
        await reply(interaction, None, embed=embed)


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Admin(bot))
