"""Bankrolls: /balance, /daily, /give, /leaderboard, /stats. Every chip moves through the ledger."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.games import BOARDS, RATED
from bot.games.results import signed
from bot.ratings import MIN_RATED, TREND, Skill, shown
from bot.store import InsufficientFunds, MemberRating, Store
from bot.ui import plain
from engine.core.text import plural

GAME_CHOICES = [app_commands.Choice(name=name, value=board) for board, name in BOARDS.items()]


def chips(amount: int) -> str:
    return f"**{amount:,}** chip{'' if amount == 1 else 's'}"


class Economy(commands.Cog):
    """The server's bankroll: every member's chips, the daily grant, gifts and the boards."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot

    @property
    def store(self) -> Store:
        return self.bot.store

    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.describe(member="Whose chips to show (yourself if left out)")
    async def balance(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        """Show how many chips you (or another member) hold on this server."""
        assert interaction.guild_id is not None
        target = member or interaction.user
        if target.bot:
            await reply(interaction, "Computer players and bots don't keep a bankroll.")
            return
        amount = await self.store.balance(interaction.guild_id, target.id)
        who = "You have" if target.id == interaction.user.id else f"{target.mention} has"
        await reply(interaction, f"{who} {chips(amount)}.", allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command()
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        """Collect your daily chips (once every 24 hours)."""
        assert interaction.guild_id is not None
        result = await self.store.claim_daily(
            interaction.guild_id, interaction.user.id, discord.utils.utcnow()
        )
        due = discord.utils.format_dt(result.next_at, "R")
        if result.granted:
            text = (
                f"You collected {chips(result.amount)}. You now have {chips(result.balance)}. Next one {due}."
            )
        else:
            text = f"You've already collected today's chips. The next ones are due {due}."
        await reply(interaction, text)

    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.describe(member="Who receives the chips", amount="How many chips (a whole number above 0)")
    async def give(self, interaction: discord.Interaction, member: discord.Member, amount: int) -> None:
        """Give some of your chips to another member."""
        assert interaction.guild_id is not None
        if member.bot:
            await reply(interaction, "Bots don't keep a bankroll, so you can't give them chips.")
            return
        if member.id == interaction.user.id:
            await reply(interaction, "You can't give chips to yourself.")
            return
        if amount <= 0:
            await reply(interaction, "The amount must be a whole number of chips above 0.")
            return
        try:
            mine, theirs = await self.store.give(interaction.guild_id, interaction.user.id, member.id, amount)
        except InsufficientFunds as error:
            await reply(interaction, f"You can't give {chips(amount)}: you have {chips(error.available)}.")
            return
        await interaction.response.send_message(
            f"{interaction.user.mention} gave {chips(amount)} to {member.mention}.",
            allowed_mentions=discord.AllowedMentions(users=[member]),
        )
        await interaction.followup.send(
            f"You now have {chips(mine)}; {plain(member.display_name)} has {chips(theirs)}.", ephemeral=True
        )

    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.describe(game="A game's board, ranked by skill rating; the bankroll board if left out")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The server's richest members, or a game's best players by skill rating."""
        assert interaction.guild_id is not None
        embed = discord.Embed(colour=discord.Colour.gold())
        if game is None:
            rows = await self.store.leaderboard_bankroll(interaction.guild_id)
            embed.title = "Leaderboard — bankroll"
            lines = [
                f"{place}. <@{user_id}> — {chips(balance)}"
                for place, (user_id, balance) in enumerate(rows, 1)
            ]
            empty = "Nobody yet — open a table with /play."
        elif game in RATED:
            ranked = await self.store.leaderboard_rating(interaction.guild_id, game, minimum=MIN_RATED)
            embed.title = f"Leaderboard — {BOARDS[game]}"
            lines = [
                f"{place}. <@{row.user_id}> — rating **{shown(Skill(row.mu, row.sigma)):,}** · "
                f"{plural(row.rated, 'rated result')}"
                for place, row in enumerate(ranked, 1)
            ]
            lines.append(
                f"\nRanked by skill rating; a member appears after {plural(MIN_RATED, 'rated result')} "
                "(a hand, a round or a whole game, as the game rates it). /stats shows yours."
            )
            empty = (
                f"Nobody has {plural(MIN_RATED, 'rated result')} yet, the least to appear here — "
                "open a table with /play."
            )
            if not ranked:
                lines = []
        else:
            rows_game = await self.store.leaderboard_game(interaction.guild_id, game)
            embed.title = f"Leaderboard — {BOARDS[game]}"
            lines = [
                f"{place}. <@{user_id}> — {plural(wins, 'win')} in {plural(hands, 'hand')}, "
                f"net {net:+,} chips"
                for place, (user_id, wins, hands, net) in enumerate(rows_game, 1)
            ]
            if lines:
                lines.append(
                    f"\n{BOARDS[game]} is played against the house, so it has no rating: "
                    "its players by wins and net chips."
                )
            empty = "Nobody yet — open a table with /play."
        embed.description = "\n".join(lines) or empty
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.describe(member="Whose record to show (yourself if left out)")
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        """Hands, wins and net chips per game, and each game's skill rating, rank and trend."""
        assert interaction.guild_id is not None
        target = member or interaction.user
        rows = {row.game: row for row in await self.store.stats(interaction.guild_id, target.id)}
        ratings = {
            rating.game: rating
            for rating in await self.store.member_ratings(
                interaction.guild_id, target.id, minimum=MIN_RATED, trend=TREND
            )
        }
        balance = await self.store.balance(interaction.guild_id, target.id)
        embed = discord.Embed(
            title=f"{plain(target.display_name)} at the Ridotto", colour=discord.Colour.dark_teal()
        )
        embed.add_field(name="Bankroll", value=chips(balance), inline=False)
        for board in sorted(rows.keys() | ratings.keys()):
            parts = []
            if (row := rows.get(board)) is not None:
                parts.append(
                    f"{plural(row.hands, 'hand')} · {plural(row.wins, 'win')} · net {row.net:+,} chips"
                )
            if (rating := ratings.get(board)) is not None:
                parts.append(rating_text(rating))
            embed.add_field(name=BOARDS.get(board, board), value="\n".join(parts))
        if not rows and not ratings:
            embed.description = "No hands played yet."
        await reply(interaction, None, embed=embed)


def rating_text(rating: MemberRating) -> str:
    """A board's rating as /stats says it: the rating, its rank (or how far from one), and
    its change over the member's latest rated results."""
    now = shown(Skill(rating.mu, rating.sigma))
    if rating.rank is not None:
        place = f"#{rating.rank:,} of {rating.ranked:,}"
    else:
        place = f"unranked until {plural(MIN_RATED, 'rated result')} ({rating.rated:,} so far)"
    text = f"Rating **{now:,}** · {place}"
    if rating.over:
        change = now - shown(Skill(rating.mu_then, rating.sigma_then))
        text += f" · {signed(change)} over the last {plural(rating.over, 'rated result')}"
    return text


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Economy(bot))
