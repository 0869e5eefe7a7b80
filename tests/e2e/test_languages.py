"""Issue 26: `/settings language` is kept per server, on SQLite and PostgreSQL, and the
tables of that server show everyone that language (here Primiera, the game converted end to
end), while what one member sees follows their own Discord language (SimCord's members
read en-US: English)."""

from __future__ import annotations

import discord
import pytest

from tests.helpers.room import Room, fetch, open_table, text_of


@pytest.mark.parametrize("database_url", ["sqlite", "postgres"], indirect=True)
async def test_the_server_language_is_kept_and_a_primiera_table_speaks_it(room: Room) -> None:
    admins = room.guild.create_role("Croupiers", permissions=discord.Permissions(manage_guild=True))
    boss = room.guild.add_member(room.env.create_user("boss"), roles=[admins])
    lobby = await open_table(room, "primiera", [room.alice, room.bob], variant="two", start=False)
    assert lobby.state.language == "en"
    result = await boss.slash(room.channel, "settings", language="it")
    assert result.ephemeral and result.response is not None
    fields = {f.name: f.value for f in result.response.embeds[0].fields}
    assert fields["Table language"] == "Italiano"  # the reply is the admin's own (English)
    assert (await room.bot.store.guild_settings(room.guild.id)).language == "it"

    # The open table follows the setting at once: its buttons too
    table = lobby
    assert table.state.language == "it"
    await room.alice.click(room.message(table.state.message_id), label="Inizia")
    shown = text_of(room.message(table.state.message_id))
    assert "Premi **La tua mano**" in shown and "Punteggi su 11" in shown
    assert "Press **Your hand**" not in shown
    # Bob's own panel is in his Discord language (English); the button he presses is Italian
    panel = await room.bob.click(room.message(table.state.message_id), label="La tua mano")
    assert panel.ephemeral and panel.response is not None
    mine = text_of(fetch(room, panel.response.id))
    assert "Your hand · Primiera table" in mine and "La tua mano" not in mine

    # Back to the server's own Discord language (SimCord's guild: en-US): the open table follows
    await boss.slash(room.channel, "settings", language="server")
    assert (await room.bot.store.guild_settings(room.guild.id)).language == ""
    assert table.state.language == "en"
    shown = text_of(room.message(table.state.message_id))
    assert "Press **Your hand**" in shown and "Scores to 11" in shown
