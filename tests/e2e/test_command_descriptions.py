"""Every slash command and every option says what it is: a test walks the whole command tree
the bot syncs and fails on a description that is empty or Discord's placeholder "…"."""

from __future__ import annotations

from discord import app_commands

from tests.helpers.room import Room

PLACEHOLDER = "…"  # what discord.py sends for a command or an option described nowhere


def walk(command: app_commands.Command | app_commands.Group, path: str = "") -> list[tuple[str, str]]:
    """(where, description) for a command, its subcommands and their options, depth first."""
    where = f"{path}/{command.name}" if not path else f"{path} {command.name}"
    found = [(where, command.description)]
    if isinstance(command, app_commands.Group):
        for child in command.commands:
            found += walk(child, where)  # type: ignore[arg-type]
    else:
        found += [(f"{where} {parameter.name}:", parameter.description) for parameter in command.parameters]
    return found


async def test_every_command_and_option_has_a_real_description(room: Room) -> None:
    described = [
        entry
        for command in room.bot.tree.get_commands()
        if isinstance(command, app_commands.Command | app_commands.Group)
        for entry in walk(command)
    ]
    assert any(where == "/rules game:" for where, _ in described), "the walk reaches every option"
    vague = [where for where, text in described if not text.strip() or text.strip() == PLACEHOLDER]
    assert not vague, f"no real description: {vague}"
