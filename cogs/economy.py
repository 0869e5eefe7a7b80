"""Bankrolls: /balance, /daily, /give, /leaderboard, /stats. Every chip moves through the ledger."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.games import BOARDS, RATED
from bot.games.results import signed
from bot.i18n import Lang, Markup, Text, english, lang, reader, room_language, t, tn
from bot.ratings import MIN_RATED, TREND, Skill, shown
from bot.store import InsufficientFunds, MemberRating, Store

GAME_CHOICES = [app_commands.Choice(name=english(name), value=board) for board, name in BOARDS.items()]


def chips(amount: int) -> Text:
    """A bankroll as the economy commands show it: "**1,500** chips"."""
    return tn("**{n}** chip", "**{n}** chips", n=amount)


def rated_results(n: int) -> Text:
    return tn("{n} rated result", "{n} rated results", n=n)


def with_sign(amount: int, say: Lang) -> str:
    """A net as /stats and /leaderboard have always written it ("+50", "-50", "+0"), its
    digits grouped as `say` groups them."""
    return f"{'+' if amount >= 0 else '-'}{say.number(abs(amount))}"


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
            await reply(interaction, t("Computer players and bots don't keep a bankroll."))
            return
        amount = await self.store.balance(interaction.guild_id, target.id)
        if target.id == interaction.user.id:
            said = t("You have {chips}.", chips=chips(amount))
        else:
            said = t("{member} has {chips}.", member=Markup(target.mention), chips=chips(amount))
        await reply(interaction, said, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command()
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        """Collect your daily chips (once every 24 hours)."""
        assert interaction.guild_id is not None
        result = await self.store.claim_daily(
            interaction.guild_id, interaction.user.id, discord.utils.utcnow()
        )
        due = Markup(discord.utils.format_dt(result.next_at, "R"))
        if result.granted:
            text = t(
                "You collected {chips}. You now have {balance}. Next one {due}.",
                chips=chips(result.amount),
                balance=chips(result.balance),
                due=due,
            )
        else:
            text = t("You've already collected today's chips. The next ones are due {due}.", due=due)
        await reply(interaction, text)

    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.describe(member="Who receives the chips", amount="How many chips (a whole number above 0)")
    async def give(self, interaction: discord.Interaction, member: discord.Member, amount: int) -> None:
        """Give some of your chips to another member."""
        assert interaction.guild_id is not None
        if member.bot:
            await reply(interaction, t("Bots don't keep a bankroll, so you can't give them chips."))
            return
        if member.id == interaction.user.id:
            await reply(interaction, t("You can't give chips to yourself."))
            return
        if amount <= 0:
            await reply(interaction, t("The amount must be a whole number of chips above 0."))
            return
        try:
            mine, theirs = await self.store.give(interaction.guild_id, interaction.user.id, member.id, amount)
        except InsufficientFunds as error:
            said = t(
                "You can't give {chips}: you have {available}.",
                chips=chips(amount),
                available=chips(error.available),
            )
            await reply(interaction, said)
            return
        # Said to the channel: in the server's language, as a table is.
        room = lang(room_language(interaction.guild_id, interaction.guild_locale))
        gave = t(
            "{giver} gave {chips} to {member}.",
            giver=Markup(interaction.user.mention),
            chips=chips(amount),
            member=Markup(member.mention),
        )
        await interaction.response.send_message(
            room(gave), allowed_mentions=discord.AllowedMentions(users=[member])
        )
        now = t(
            "You now have {mine}; {member} has {theirs}.",
            mine=chips(mine),
            member=member.display_name,
            theirs=chips(theirs),
        )
        await interaction.followup.send(reader(interaction)(now), ephemeral=True)

    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.describe(game="A game's board, ranked by skill rating; the bankroll board if left out")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The server's richest members, or a game's best players by skill rating."""
        assert interaction.guild_id is not None
        # Shown to the channel: in the server's language, as a table is.
        say = lang(room_language(interaction.guild_id, interaction.guild_locale))
        embed = discord.Embed(colour=discord.Colour.gold())
        nobody = t("Nobody yet — open a table with /play.")
        if game is None:
            rows = await self.store.leaderboard_bankroll(interaction.guild_id)
            embed.title = say(t("Leaderboard — bankroll"))
            lines = [
                f"{place}. <@{user_id}> — {say(chips(balance))}"
                for place, (user_id, balance) in enumerate(rows, 1)
            ]
            empty = say(nobody)
        elif game in RATED:
            ranked = await self.store.leaderboard_rating(interaction.guild_id, game, minimum=MIN_RATED)
            embed.title = say(t("Leaderboard — {board}", board=BOARDS[game]))
            lines = [
                f"{place}. <@{row.user_id}> — "
                + say(
                    t(
                        "rating **{rating}** · {results}",
                        rating=shown(Skill(row.mu, row.sigma)),
                        results=rated_results(row.rated),
                    )
                )
                for place, row in enumerate(ranked, 1)
            ]
            lines.append(
                "\n"
                + say(
                    t(
                        "Ranked by skill rating; a member appears after {results} (a hand, a round or a "
                        "whole game, as the game rates it). /stats shows yours.",
                        results=rated_results(MIN_RATED),
                    )
                )
            )
            empty = say(
                t(
                    "Nobody has {results} yet, the least to appear here — open a table with /play.",
                    results=rated_results(MIN_RATED),
                )
            )
            if not ranked:
                lines = []
        else:
            rows_game = await self.store.leaderboard_game(interaction.guild_id, game)
            embed.title = say(t("Leaderboard — {board}", board=BOARDS[game]))
            lines = [
                f"{place}. <@{user_id}> — "
                + say(
                    t(
                        "{wins} in {hands}, net {net} chips",
                        wins=tn("{n} win", "{n} wins", n=wins),
                        hands=tn("{n} hand", "{n} hands", n=hands),
                        net=Markup(with_sign(net, say)),
                    )
                )
                for place, (user_id, wins, hands, net) in enumerate(rows_game, 1)
            ]
            if lines:
                lines.append(
                    "\n"
                    + say(
                        t(
                            "{board} is played against the house, so it has no rating: its players by "
                            "wins and net chips.",
                            board=BOARDS[game],
                        )
                    )
                )
            empty = say(nobody)
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
        say = reader(interaction)
        embed = discord.Embed(
            title=say(t("{member} at the Ridotto", member=target.display_name)),
            colour=discord.Colour.dark_teal(),
        )
        embed.add_field(name=say(t("Bankroll")), value=say(chips(balance)), inline=False)
        for board in sorted(rows.keys() | ratings.keys()):
            parts = []
            if (row := rows.get(board)) is not None:
                parts.append(
                    say(
                        t(
                            "{hands} · {wins} · net {net} chips",
                            hands=tn("{n} hand", "{n} hands", n=row.hands),
                            wins=tn("{n} win", "{n} wins", n=row.wins),
                            net=Markup(with_sign(row.net, say)),
                        )
                    )
                )
            if (rating := ratings.get(board)) is not None:
                parts.append(rating_text(rating, say))
            embed.add_field(name=say(BOARDS.get(board, board)), value="\n".join(parts))
        if not rows and not ratings:
            embed.description = say(t("No hands played yet."))
        await reply(interaction, None, embed=embed)


def rating_text(rating: MemberRating, say: Lang) -> str:
    """A board's rating as /stats says it: the rating, its rank (or how far from one), and
    its change over the member's latest rated results."""
    now = shown(Skill(rating.mu, rating.sigma))
    if rating.rank is not None:
        place = t("#{rank} of {ranked}", rank=rating.rank, ranked=rating.ranked)
    else:
        place = t("unranked until {results} ({n} so far)", results=rated_results(MIN_RATED), n=rating.rated)
    text = say(t("Rating **{rating}** · {place}", rating=now, place=place))
    if rating.over:
        change = now - shown(Skill(rating.mu_then, rating.sigma_then))
        text += " · " + say(
            t(
                "{change} over the last {results}",
                change=Markup(signed(change, say)),
                results=rated_results(rating.over),
            )
        )
    return text


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Economy(bot))
