from __future__ import annotations

from tests.e2e.conftest import Room


async def test_play_opens_a_table_with_lobby_buttons(room: Room) -> None:
    result = await room.alice.slash(room.channel, "play", game="prima_carta")
    assert not result.ephemeral
    message = room.channel.last_message
    assert message.embeds[0].title.startswith("Prima Carta")
    labels = [c.label for row in message.components for c in row.children]
    assert labels == ["Join", "Leave", "Add bot", "Start", "Cancel"]
