"""/rules <game>: the game in a few lines, and **More** (under it and under the lobby's Rules
button) for the full rules, privately, in as many messages as Discord's limits need; and
/help: what Ridotto is, its games and how a table works."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.components import RULES_MORE
from bot.games import GAMES
from bot.i18n import Markup, reader, t
from bot.rules_pages import hints_help, rules_brief, rules_pages


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

    @app_commands.command(name="help")
    async def help_(self, interaction: discord.Interaction) -> None:
        """What Ridotto is and how to play here."""
        say = reader(interaction)
        games = "\n".join(
            say(
                t(
                    "• **{game}** ({low}–{high} players): {command}",
                    game=plugin.name,
                    low=plugin.min_players,
                    high=plugin.max_players,
                    command=Markup(f"`/play {command}`"),
                )
            )
            for command, plugin in ((p.id.replace("_", "-"), p) for p in GAMES.values())
        )
        hints = hints_help(GAMES.values())
        embed = discord.Embed(
            title=say(t("Ridotto — a card room for historic games")),
            colour=discord.Colour.dark_gold(),
            description="\n\n".join(
                [
                    games,
                    "\n".join([say(HELP), *([say(hints)] if hints is not None else []), say(HELP_ADMIN)]),
                ]
            ),
        )
        await reply(interaction, None, embed=embed)


HELP = t(
    "**A table** opens in the channel with `/play <game>` (or in a thread of its own with "
    "`thread:true`). Others press **Join**; the host adds computer players with **Add bot** and "
    "presses **Start** (or plays them at once: `/play <game> computers:2`). Hands follow one another "
    "until the table closes. Your cards are only ever shown to you: press **Your hand** "
    "(or `/hand`). If you don't act in time, the timer plays for you.\n"
    "**Rules:** `/rules <game>` or the **Rules** button on a table.\n"
    "**Chips:** `/balance`, `/daily`, `/give`, `/leaderboard`, `/stats`. "
    "**Fair deals:** `/fair` (your own seed, mixed into your deals) and `/verify <hand>`. "
    "**Ratings:** every game you play against others (a hand, a round or a whole game, "
    "as the game goes) rates your skill; `/leaderboard <game>` ranks by it and `/stats` "
    "shows yours. When a score game ends, **New game** plays another with the same seats."
)
HELP_ADMIN = t(
    "Server admins set the bankroll, daily amount, turn timer and the tables' language with `/settings`. "
    "Each member reads what only they see in their own Discord language."
)


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Rules(bot))
