"""/play <game>, /rules <game> and /help.

Each registered game gets its own /play subcommand whose options are built from the
game's options model: a field's description, its `Literal` choices (named by the field's
`choices` extra) and its `ge`/`le` range become the option Discord shows, so a game never
carries another game's options. The choices are parsed once, here, into the typed model
the table keeps.
"""

from __future__ import annotations

import inspect
import logging
import types
from collections.abc import Awaitable, Callable
from typing import Any, Literal, cast, get_args, get_origin

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import MISSING
from pydantic.fields import FieldInfo

from bot.app import Ridotto, reply
from bot.games import GAMES, OptionError, Plugin
from bot.render import render_table, rules_embed
from bot.tables import TableError, TableService
from cogs.tables import table_view

log = logging.getLogger(__name__)

#: what the bot must be allowed in a channel to run a table there
NEEDED = {
    "view_channel": "view this channel",
    "send_messages": "send messages",
    "embed_links": "embed links",
}

STAKE_DEFAULT = 10


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
    descriptions = {
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
        descriptions["computer"] = f"How computer players you add will play (default {levels[0]})"
        choices["computer"] = [app_commands.Choice(name=level, value=level) for level in levels]
    if plugin.seat_option:
        parameters.append(
            inspect.Parameter(
                plugin.seat_option,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=None,
                annotation=str | None,
            )
        )
        descriptions[plugin.seat_option] = (
            f"Your {plugin.seat_option} at the table (default {plugin.choice_label(plugin.seat_choices[0])})"
        )
        choices[plugin.seat_option] = [
            app_commands.Choice(name=plugin.choice_label(c), value=c) for c in plugin.seat_choices
        ]
    for name, field in plugin.options_model.model_fields.items():
        parameter, field_choices = option_parameter(name, field)
        parameters.append(parameter)
        descriptions[name] = (field.description or name)[:100]
        if field_choices:
            choices[name] = field_choices

    async def callback(interaction: discord.Interaction, /, **values: Any) -> None:
        await opener(interaction, plugin, values)

    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = plugin.id
    return app_commands.Command(
        name=plugin.id.replace("_", "-")[:32],
        description=f"Open a {plugin.name} table in this channel"[:100],
        callback=callback,
    )


class Play(commands.Cog):
    """Opening tables, the rules and the help page."""

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
        """Check, open and draw a table for `plugin` with the options the host chose."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        missing = [what for name, what in NEEDED.items() if not getattr(interaction.app_permissions, name)]
        if missing:
            await reply(
                interaction,
                f"I can't run a table in this channel: I'm not allowed to {_and(missing)} here. "
                "Ask a server admin to give me those permissions, or use another channel.",
            )
            return
        existing = self.service.in_channel(interaction.channel_id)
        if existing is not None:
            await reply(
                interaction,
                f"This channel already has an open {existing.plugin.name} table: {link(existing)}. "
                "Join it there, or wait for it to close.",
            )
            return
        stake = int(values.pop("stake", STAKE_DEFAULT))
        level = values.pop("computer", None) or (plugin.levels[0] if plugin.levels else "basic")
        seat = values.pop(plugin.seat_option, None) if plugin.seat_option else None
        try:
            options = plugin.parse_options(values)
            table = await self.service.open(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host=interaction.user,
                game=plugin.id,
                stake=stake,
                choice=seat or plugin.seat_choices[0],
                level=level,
                options=options,
            )
        except (TableError, OptionError) as error:
            await reply(interaction, str(error))
            return
        content, embed = render_table(table)
        view = table_view(table)  # a table just opened is never closed: it has buttons
        await interaction.response.send_message(content, embed=embed, view=MISSING if view is None else view)
        message = await interaction.original_response()
        await self.service.set_message(table, message.id)

    @app_commands.command()
    @app_commands.choices(
        game=[app_commands.Choice(name=plugin.name, value=game_id) for game_id, plugin in GAMES.items()]
    )
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        """How a game is played, in brief."""
        await reply(interaction, None, embed=rules_embed(GAMES[game]))

    @app_commands.command(name="help")
    async def help_(self, interaction: discord.Interaction) -> None:
        """What Ridotto is and how to play here."""
        games = "\n".join(
            f"• **{plugin.name}** ({plugin.min_players}–{plugin.max_players} players): `/play {command}`"
            for command, plugin in ((p.id.replace("_", "-"), p) for p in GAMES.values())
        )
        embed = discord.Embed(
            title="Ridotto — a card room for historic games",
            colour=discord.Colour.dark_gold(),
            description=(
                f"{games}\n\n"
                "**A table** opens in the channel with `/play <game>`. Others press **Join**; the host "
                "adds computer players with **Add bot** and presses **Start**. Hands follow one another "
                "until the table closes. Your cards are only ever shown to you: press **Your hand** "
                "(or `/hand`). If you don't act in time, the timer plays for you.\n"
                "**Rules:** `/rules <game>` or the **Rules** button on a table.\n"
                "**Chips:** `/balance`, `/daily`, `/give`, `/leaderboard`, `/stats`. "
                "Server admins set the bankroll, daily amount and turn timer with `/settings`."
            ),
        )
        await reply(interaction, None, embed=embed)


def link(table: Any) -> str:
    """A link to a table's message (or its number, before it has one)."""
    if table.state.message_id is None:
        return f"table #{table.id}"
    return (
        f"https://discord.com/channels/{table.state.guild_id}/{table.state.channel_id}/"
        f"{table.state.message_id}"
    )


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(Play(bot))
