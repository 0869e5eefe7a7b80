"""/play <game>: one subcommand per registered game, built from the game's plug-in, and
refused where the bot can't run a table."""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, get_args, get_origin

import discord
import pytest
from discord import app_commands
from pydantic.fields import FieldInfo

from bot.games import GAMES, Plugin
from bot.games.base import hint_level
from engine.core.msg import english
from tests.helpers.room import Room

OptionType = discord.AppCommandOptionType


def command_name(game_id: str) -> str:
    return game_id.replace("_", "-")


def play_group(room: Room) -> app_commands.Group:
    group = room.bot.tree.get_command("play")
    assert isinstance(group, app_commands.Group), "/play is a group of one subcommand per game"
    return group


def bounds(field: FieldInfo) -> tuple[Any, Any]:
    low = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
    high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
    return low, high


def expected_option(name: str, field: FieldInfo) -> dict[str, Any]:
    """What Discord should show for one field of a game's options model."""
    annotation: Any = field.annotation
    if get_origin(annotation) in (types.UnionType, typing.Union):
        annotation = next(arg for arg in get_args(annotation) if arg is not type(None))
    low, high = bounds(field)
    choices: list[tuple[str, Any]] = []
    if get_origin(annotation) is Literal:
        extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
        names: Any = extra.get("choices", {})
        choices = [(names[value], value) for value in get_args(annotation)]
        kind = OptionType.string
    elif annotation is bool:
        kind = OptionType.boolean
    else:
        kind = OptionType.integer
    return {
        "name": name,
        "description": field.description,
        "type": kind,
        "choices": choices,
        "min_value": low,
        "max_value": high,
        "required": False,
    }


def shown(parameter: app_commands.Parameter) -> dict[str, Any]:
    return {
        "name": parameter.name,
        "description": parameter.description,
        "type": parameter.type,
        "choices": [(choice.name, choice.value) for choice in parameter.choices],
        "min_value": parameter.min_value,
        "max_value": parameter.max_value,
        "required": parameter.required,
    }


async def test_play_has_one_subcommand_per_registered_game(room: Room) -> None:
    group = play_group(room)
    assert sorted(command.name for command in group.commands) == sorted(map(command_name, GAMES))
    assert group.guild_only


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_each_play_subcommand_offers_exactly_its_games_options(room: Room, game_id: str) -> None:
    plugin: Plugin = GAMES[game_id]
    command = play_group(room).get_command(command_name(game_id))
    assert isinstance(command, app_commands.Command), f"/play {command_name(game_id)} is missing"
    parameters = {parameter.name: parameter for parameter in command.parameters}
    expected = ["stake"]
    if plugin.levels:
        expected.append("computer")
    expected.append("computers")
    if plugin.seat_option:
        expected.append(plugin.seat_option)
    expected += [*plugin.options_model.model_fields]
    if hint_level(plugin) is not None:  # a game whose strongest computer explains itself (issue 25)
        expected.append("hints")
    expected.append("thread")
    assert [parameter.name for parameter in command.parameters] == expected

    stake = shown(parameters["stake"])
    assert stake["type"] is OptionType.integer and not stake["required"]
    assert stake["min_value"] == 1 and stake["description"]
    if plugin.levels:
        computer = shown(parameters["computer"])
        assert [value for _, value in computer["choices"]] == list(plugin.levels)
        assert not computer["required"] and computer["description"]
    computers = shown(parameters["computers"])
    assert computers["type"] is OptionType.integer and not computers["required"]
    assert (computers["min_value"], computers["max_value"]) == (1, plugin.max_players - 1)
    if plugin.seat_option:
        seat = shown(parameters[plugin.seat_option])
        assert seat["choices"] == [(english(plugin.choice_label(c)), c) for c in plugin.seat_choices]
        assert not seat["required"] and seat["description"]
    for name, field in plugin.options_model.model_fields.items():
        assert shown(parameters[name]) == expected_option(name, field), f"/play {command.name} {name}"
    if "hints" in parameters:
        hints = shown(parameters["hints"])
        assert hints["type"] is OptionType.boolean and not hints["required"]
        assert "not rated" in hints["description"]


# ----------------------------------------------------------------- missing permissions
NEEDED = {
    "view_channel": "view this channel",
    "send_messages": "send messages",
    "embed_links": "embed links",
}


async def refused(room: Room, game_id: str, denied: dict[str, bool]) -> str:
    """/play <game> in a channel where the bot's member is denied `denied`: the reply,
    after checking that nothing opened and no chip moved."""
    me = room.guild.me
    assert me is not None
    channel = room.guild.create_text_channel("locked", overwrites={me: discord.PermissionOverwrite(**denied)})
    balance = await room.bot.store.balance(room.guild.id, room.alice.id)  # grants the first bankroll
    ledger = await room.bot.store.ledger(room.guild.id)
    result = await room.alice.slash(channel, f"play {command_name(game_id)}")
    assert result.ephemeral and result.response is not None
    message = result.response.message
    assert not message.embeds and not message.components
    assert room.bot.tables.in_channel(channel.id) is None
    assert await room.bot.store.open_tables() == []
    assert not [m for m in channel.history() if not m.flags.ephemeral], "something public was posted"
    assert await room.bot.store.ledger(room.guild.id) == ledger
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == balance
    return message.content


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("permission", list(NEEDED))
async def test_play_refuses_a_channel_where_the_bot_lacks_a_permission(
    room: Room, game_id: str, permission: str
) -> None:
    text = await refused(room, game_id, {permission: False})
    assert text.startswith("I can't run a table in this channel: ")
    assert f"I'm not allowed to {NEEDED[permission]} here." in text
    for other, what in NEEDED.items():
        assert other == permission or what not in text


async def test_play_names_every_permission_the_bot_lacks(room: Room) -> None:
    text = await refused(room, "holdout", {"send_messages": False, "embed_links": False})
    assert "I'm not allowed to send messages or embed links here." in text


async def test_play_opens_where_the_bot_has_what_it_needs(room: Room) -> None:
    """The control: the same command in an ordinary channel opens a table."""
    me = room.guild.me
    assert me is not None
    channel = room.guild.create_text_channel(
        "open", overwrites={me: discord.PermissionOverwrite(view_channel=True, send_messages=True)}
    )
    result = await room.alice.slash(channel, "play holdout")
    assert not result.ephemeral
    assert room.bot.tables.in_channel(channel.id) is not None
