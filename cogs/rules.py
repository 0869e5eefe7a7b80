"""/rules <game>: the game in a few lines, and **More** (under it and under the lobby's Rules
button) for the full rules, privately, in as many messages as Discord's limits need."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.components import RULES_MORE
from bot.games import GAMES
from bot.i18n import reader, t
from bot.rules_pages import rules_brief, rules_pages


class Rules(commands.Cog):
    """How each game is played."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.router.on(RULES_MORE, self.on_more)

    async def cog_unload(self) -> None:
        self.bot.router.off(self.on_more)

    @app_commands.command()
    @app_commands.describe(game="The game whose rules you want to read")
    @app_commands.choices(
        game=[app_commands.Choice(name=plugin.name, value=game_id) for game_id, plugin in GAMES.items()]
    )
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        """How a game is played: a few lines, and the full rules behind More."""
        embed, view = rules_brief(GAMES[game], reader(interaction))
        await reply(interaction, None, embed=embed, view=view)

    async def on_more(self, interaction: discord.Interaction, values: list[str], *, game: str) -> None:
        """**More** under a game's rules in brief: the full text, privately."""
        plugin = GAMES.get(game)
        if plugin is None:
            await reply(interaction, t("That game isn't played here any more: see `/help` for the games."))
            return
        for page in rules_pages(plugin, reader(interaction)):
            if interaction.response.is_done():
                await interaction.followup.send(embeds=page, ephemeral=True)
            else:
                await interaction.response.send_message(embeds=page, ephemeral=True)


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Rules(bot))
