from __future__ import annotations

from tests.helpers.room import Room, buttons, text_lines


async def test_play_opens_a_table_with_lobby_buttons(room: Room) -> None:
    result = await room.alice.slash(room.channel, "play prima-carta")
    assert not result.ephemeral
    message = room.channel.last_message
    assert text_lines(message)[0].startswith("**Prima Carta**")
    assert buttons(message) == ["Join", "Leave", "Add bot", "Start", "Cancel", "Rules", "Log", "Details"]


async def test_the_lobby_rules_button_explains_the_game_privately(room: Room) -> None:
    await room.alice.slash(room.channel, "play holdout")
    result = await room.bob.click(room.channel.last_message, label="Rules")
    assert result.ephemeral
    embed = result.response.message.embeds[0]
    assert embed.title == "How to play Holdout" and "chilo" in embed.description


async def test_help_lists_every_game_and_how_a_table_works(room: Room) -> None:
    result = await room.bob.slash(room.channel, "help")
    assert result.ephemeral
    text = result.response.message.embeds[0].description
    for command in ("/play prima-carta", "/play holdout", "/play primero", "/rules", "/hand", "/balance"):
        assert command in text, command
