"""/play <game> (/rules <game> and /help are in cogs/rules.py).

Each registered game gets its own /play subcommand whose options are built from the
game's options model: a field's description, its `Literal` choices (named by the field's
`choices` extra) and its `ge`/`le` range become the option Discord shows, so a game never
carries another game's options. The choices are parsed once, here, into the typed model
the table keeps.

Every subcommand also has a `thread` option: with it, the table opens in a new public thread
of the channel (named after the game and the host), so one channel can hold several tables.
The table service keys tables by channel id, and a thread has its own, so a thread table
never blocks /play in its channel (nor the channel's table a thread). Asked inside a thread,
`thread:true` is refused: Discord has no threads within threads.
"""

from __future__ import annotations

import contextlib
import inspect
import logging
import types
from collections.abc import Awaitable, Callable
from typing import Any, Literal, cast, get_args, get_origin

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands
from pydantic.fields import FieldInfo

from bot.app import Ridotto, reply
from bot.channel_rights import refusal
from bot.games import GAMES, OptionError, Plugin
from bot.games.base import hint_level
from bot.i18n import Markup, t, tn
from bot.render import table_link
from bot.table_layout import table_layout
from bot.tables import Table, TableError, TableService
from engine.core.msg import english

log = logging.getLogger(__name__)

STAKE_DEFAULT = 10
#: the option that seats computer players at once (and starts the hand when they suffice)
COMPUTERS_OPTION = "computers"
#: the option every /play subcommand has, after the game's own
THREAD_OPTION = "thread"
#: the option of a game whose strongest computer explains its moves: members get a Hint
#: button on their turn, and the table is not rated (issue 25)
HINTS_OPTION = "hints"
#: a table thread archives after a day without messages (an idle lobby closes long before)
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440


def option_parameter(
    name: str, field: FieldInfo
) -> tuple[inspect.Parameter, list[app_commands.Choice[str]] | None]:
    """The slash-command parameter for one field of a game's options model."""
    annotation: Any = field.annotation
    optional = get_origin(annotation) in (types.UnionType, __import__("typing").Union)
    if optional:
        annotation = next(arg for arg in get_args(annotation) if arg is not type(None))
    choices: list[app_commands.Choice[str]] | None = None
    if get_origin(annotation) is Literal:
        extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
        # json_schema_extra is free-form JSON; our options models put {value: label} there
        names = cast(dict[str, str], extra.get("choices", {}))
        choices = [
            app_commands.Choice(name=names.get(value, value), value=value) for value in get_args(annotation)
        ]
        kind: Any = str
    elif annotation is bool:
        kind = bool
    elif annotation is int:
        low = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
        high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
        kind = app_commands.Range[int, low, high] if low is not None or high is not None else int
    else:
        raise TypeError(f"option {name}: a /play option is a Literal, a bool or an int, not {annotation!r}")
    parameter = inspect.Parameter(
        name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None, annotation=kind | None
    )
    return parameter, choices


def play_command(
    plugin: Plugin, opener: Callable[..., Awaitable[None]]
) -> app_commands.Command[Any, Any, None]:
    """`/play <game>`: the stake, the computer level, the seat a host picks (if the game has
    one) and the game's own options, each described and bounded as its model says."""
    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        ),
        inspect.Parameter(
            "stake",
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=STAKE_DEFAULT,
            annotation=app_commands.Range[int, 1, 100_000],
        ),
    ]
    descriptions: dict[str, str | locale_str] = {
        "stake": f"Chips per unit: every price at the table is counted in stakes (default {STAKE_DEFAULT})"
    }
    choices: dict[str, list[app_commands.Choice[str]]] = {}
    levels = plugin.levels
    if levels:
        parameters.append(
            inspect.Parameter(
                "computer", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None, annotation=str | None
            )
        )
        descriptions["computer"] = locale_str(
            f"How computer players you add will play (default {levels[0]})",
            template="How computer players you add will play (default {level})",
            level=levels[0],
        )
        choices["computer"] = [app_commands.Choice(name=level, value=level) for level in levels]
    parameters.append(
        inspect.Parameter(
            COMPUTERS_OPTION,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=None,
            annotation=app_commands.Range[int, 1, max(1, plugin.max_players - 1)] | None,
        )
    )
    descriptions[COMPUTERS_OPTION] = (
        "Computer players to seat now; the first hand starts at once if that fills enough seats"
    )
    if plugin.seat_option:
        parameters.append(
            inspect.Parameter(
                plugin.seat_option,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=None,
                annotation=str | None,
            )
        )
        first = english(plugin.choice_label(plugin.seat_choices[0]))
        descriptions[plugin.seat_option] = f"Your {plugin.seat_option} at the table (default {first})"
        choices[plugin.seat_option] = [
            app_commands.Choice(name=english(plugin.choice_label(c)), value=c) for c in plugin.seat_choices
        ]
    for name, field in plugin.options_model.model_fields.items():
        parameter, field_choices = option_parameter(name, field)
        parameters.append(parameter)
        descriptions[name] = (field.description or name)[:100]
        if field_choices:
            choices[name] = field_choices
    names = [parameter.name for parameter in parameters]
    for own in (THREAD_OPTION, COMPUTERS_OPTION, HINTS_OPTION):
        if names.count(own) > (own == COMPUTERS_OPTION):
            raise TypeError(f"{plugin.id}: an option may not be named {own!r}; /play has its own")
    flags: dict[str, str | locale_str] = {
        THREAD_OPTION: "Open the table in a new thread of this channel (default no)"
    }
    level = hint_level(plugin)
    if level is not None:  # only where a computer can say why: elsewhere it would only unrate
        said = locale_str(
            f"A Hint button shows the {level} computer's move on your turn (not rated)",
            template="A Hint button shows the {level} computer's move on your turn (not rated)",
            level=level,
        )
        flags = {HINTS_OPTION: said, **flags}
    for flag, described in flags.items():
        parameters.append(
            inspect.Parameter(flag, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=False, annotation=bool)
        )
        descriptions[flag] = described

    async def callback(interaction: discord.Interaction, /, **values: Any) -> None:
        await opener(interaction, plugin, values)

    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = plugin.id
    return app_commands.Command(
        name=plugin.id.replace("_", "-")[:32],
        description=locale_str(
            f"Open a {plugin.name} table in this channel"[:100],
            template="Open a {game} table in this channel",
            game=plugin.name,
        ),
        callback=callback,
    )


class PlayCommands(commands.Cog, name="Play"):
    """Opening tables and the help page."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot
        self.service: TableService = bot.tables
        self.group = app_commands.Group(
            name="play", description="Open a card table in this channel", guild_only=True
        )
        for plugin in GAMES.values():
            self.group.add_command(play_command(plugin, self.open_table))

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)

    async def open_table(
        self, interaction: discord.Interaction, plugin: Plugin, values: dict[str, Any]
    ) -> None:
        """Check, open and draw a table for `plugin` with the options the host chose: here,
        or (with `thread`) in a new thread of this channel."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        in_thread = isinstance(interaction.channel, discord.Thread)
        new_thread = bool(values.pop(THREAD_OPTION, False))
        if new_thread and in_thread:
            await reply(
                interaction,
                t(
                    "This is already a thread, and Discord has no threads within threads: use `/play` "
                    "here without `thread`, or with it in the channel itself."
                ),
            )
            return
        cant = refusal(interaction.app_permissions, new_thread=new_thread, in_thread=in_thread)
        if cant is not None:
            await reply(interaction, cant)
            return
        if new_thread and not isinstance(interaction.channel, discord.TextChannel):
            await reply(interaction, t("I can only open a table thread in a text channel."))
            return
        existing = None if new_thread else self.service.in_channel(interaction.channel_id)
        if existing is not None:
            where = Markup(table_link(existing) or f"#{existing.id}")
            game = existing.plugin.name
            await reply(
                interaction,
                t(
                    "This thread already has an open {game} table: {table}. "
                    "Join it there or wait for it to close.",
                    game=game,
                    table=where,
                )
                if in_thread
                else t(
                    "This channel already has an open {game} table: {table}. Join it there, wait for it to "
                    "close, or open yours in a thread of its own (`thread:true`).",
                    game=game,
                    table=where,
                ),
            )
            return
        stake = int(values.pop("stake", STAKE_DEFAULT))
        computers = int(values.pop(COMPUTERS_OPTION, None) or 0)
        level = values.pop("computer", None) or (plugin.levels[0] if plugin.levels else "basic")
        seat = values.pop(plugin.seat_option, None) if plugin.seat_option else None
        hints = bool(values.pop(HINTS_OPTION, False))
        thread: discord.Thread | None = None
        try:
            options = plugin.parse_options(values)
            check_computers(plugin, options, computers)
            if isinstance(interaction.channel, discord.TextChannel) and new_thread:
                # refuse before a thread exists, so a refusal leaves no empty thread behind
                await self.service.lobby.check_bankroll(
                    interaction.guild_id, interaction.user.id, plugin, stake, options
                )
                await interaction.response.defer(ephemeral=True, thinking=True)
                thread = await self._new_thread(interaction, interaction.channel, plugin)
                if thread is None:
                    return
                channel_id = thread.id
            else:
                channel_id = interaction.channel_id
            table = await self.service.open(
                guild_id=interaction.guild_id,
                channel_id=channel_id,
                host=interaction.user,
                game=plugin.id,
                stake=stake,
                choice=seat or plugin.seat_choices[0],
                level=level,
                options=options,
                hints=hints,
                guild_locale=interaction.guild_locale,
            )
        except (TableError, OptionError) as error:
            if thread is not None:  # refused after all (a race): take the empty thread away
                with contextlib.suppress(discord.HTTPException):
                    await thread.delete()
            await reply(interaction, getattr(error, "said", str(error)))
            return
        # A lobby: no picture yet (a table just opened is never closed: it has buttons)
        view = table_layout(table, table.view(), None)
        quiet = discord.AllowedMentions.none()  # the host's name in the lines pings nobody
        message: discord.Message
        if thread is None:
            await interaction.response.send_message(view=view, allowed_mentions=quiet)
            message = await interaction.original_response()
        else:
            try:
                message = await thread.send(view=view, allowed_mentions=quiet)
            except discord.HTTPException:
                log.warning("table %s: could not post the table message in its thread", table.id)
                await self.service.close(table, t("The table message could not be posted."))
                with contextlib.suppress(discord.HTTPException):
                    await thread.delete()
                await reply(
                    interaction,
                    t(
                        "Discord wouldn't let me post the table in its thread, so I closed it and "
                        "gave back any chips it took."
                    ),
                )
                return
            await reply(
                interaction,
                t("Your {game} table is open in {thread}.", game=plugin.name, thread=Markup(thread.mention)),
            )
        await self.service.set_message(table, message.id)
        if computers:
            await self._seat_computers(interaction, table, computers)

    async def _seat_computers(self, interaction: discord.Interaction, table: Table, computers: int) -> None:
        """The host's computer players sit down on the table just posted, and the hand starts
        if they make enough players; the table message and the turn ping follow as for any
        change the table makes by itself."""
        try:
            change = await self.service.seat_computers(table, interaction.user, computers, interaction.id)
        except TableError as error:
            said = t("Your table is open, but its computer players couldn't sit down: {why}", why=error.said)
            await reply(interaction, said)
            return
        await self.bot.display.show(change)

    async def _new_thread(
        self, interaction: discord.Interaction, channel: discord.TextChannel, plugin: Plugin
    ) -> discord.Thread | None:
        """A public thread of `channel` for the host's table, or None (and the host told) if
        Discord refused one."""
        name = f"{plugin.name} · {interaction.user.display_name}"[:100]
        kind = discord.ChannelType.news_thread if channel.is_news() else discord.ChannelType.public_thread
        try:
            return await channel.create_thread(
                name=name,
                type=kind,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                reason=f"/play {plugin.id.replace('_', '-')} by {interaction.user}",
            )
        except discord.HTTPException as error:
            log.warning("could not open a table thread in channel %s: %s", channel.id, error)
            await reply(
                interaction,
                t(
                    "Discord wouldn't let me open a thread here, so I opened no table. "
                    "Try again, or play in the channel itself."
                ),
            )
            return None


def check_computers(plugin: Plugin, options: Any, computers: int) -> None:
    """Refuse, with a sentence, more computer players than the table has seats beside the host."""
    high = plugin.seat_range(options)[1]
    if computers > high - 1:
        raise OptionError(
            t(
                "A {game} table with these options seats at most {high} players: you and at most "
                "{computers}. Ask for fewer with `computers`.",
                game=plugin.name,
                high=high,
                computers=tn("{n} computer player", "{n} computer players", n=high - 1),
            )
        )


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(PlayCommands(bot))
