"""What a player receives of the drawn table: an image on the table message and on the hand
panel, of a known size; a new image when the table changes and none re-sent when it
doesn't; and the words of the embed unchanged beside it."""

from __future__ import annotations

import io

import discord
import pytest
from PIL import Image

from bot.tables import Phase, Table
from tests.e2e.test_holdout import open_holdout, open_panel
from tests.e2e.test_prima_carta_hand import open_table_with_bob_and_a_computer
from tests.helpers.room import Room, fetch, find_label, picture_url, text_of

SEED = 20261122


pytestmark = pytest.mark.seed(SEED)


def picture(room: Room, message: discord.Message) -> tuple[str, bytes, Image.Image]:
    """The message's one image attachment: its file name, bytes and decoded picture; the
    message shows that attachment."""
    assert len(message.attachments) == 1, message.attachments
    attachment = message.attachments[0]
    data = room.env.backend.cdn.get(attachment.url)
    assert data is not None
    if message.embeds:  # a hand panel: an embed shows it
        assert message.embeds[0].image.url == f"attachment://{attachment.filename}"
    else:  # the table message: its media gallery
        assert picture_url(message) == attachment.url
    return attachment.filename, data, Image.open(io.BytesIO(data))


async def prima_carta_in_play(room: Room) -> Table:
    table = room.bot.tables.get(await open_table_with_bob_and_a_computer(room))
    assert table is not None
    lobby = room.message(table.state.message_id)
    assert lobby.attachments == [] and picture_url(lobby) is None, "a lobby has no picture"
    await room.alice.click(lobby, label="Start")
    assert table.state.phase is Phase.PLAYING
    return table


async def test_the_table_message_carries_a_drawn_table_that_changes_with_the_table(room: Room) -> None:
    table = await prima_carta_in_play(room)
    message = room.message(table.state.message_id)
    name, data, image = picture(room, message)
    assert data.startswith(b"\x89PNG") and len(data) <= 150_000
    assert 600 <= image.width <= 1400 and 300 <= image.height <= 1400
    words = text_of(message)
    assert "copa round" in words, "the message still says whose turn it is, in words"
    seat = table.to_act
    assert seat is not None
    member = room.alice if table.state.seats[seat].user_id == room.alice.id else room.bob
    await member.click(message, label=find_label(message, "Pay the copa"))
    after = room.message(table.state.message_id)
    new_name, new_data, _ = picture(room, after)
    assert new_name != name and new_data != data, "a new state draws a new picture"


async def test_an_unchanged_table_keeps_its_picture_and_the_same_state_draws_the_same_bytes(
    room: Room,
) -> None:
    table = await prima_carta_in_play(room)
    message = room.message(table.state.message_id)
    name, data, _ = picture(room, message)
    # A refused click changes nothing: the message keeps its picture.
    waiting = table.to_act
    other = room.bob if table.state.seats[waiting].user_id == room.alice.id else room.alice  # type: ignore[index]
    result = await other.click(message, label="Fold")
    assert result.ephemeral
    assert picture(room, room.message(table.state.message_id))[0] == name
    # Redrawing the same state (a refresh after a restart draws afresh) gives the same bytes.
    await room.restart()
    restored = room.bot.tables.get(table.id)
    assert restored is not None
    fresh = await room.bot.display.pictures.table(restored)
    assert fresh is not None and fresh.png == data and fresh.filename == name


async def test_a_refresh_that_changes_only_words_does_not_resend_the_picture(room: Room) -> None:
    table = await prima_carta_in_play(room)
    name, _, _ = picture(room, room.message(table.state.message_id))
    uploads: list[int] = []
    display = room.bot.display  # draws the table message (bot/display.py)
    real = display.table_message

    async def counted(table: Table):  # type: ignore[no-untyped-def]
        fields, drawn = await real(table)
        uploads.append(len(fields.get("attachments", ())))
        return fields, drawn

    display.table_message = counted  # type: ignore[method-assign]
    await display.refresh(table)
    await display.refresh(table)
    assert uploads == [0, 0], "the same picture is not uploaded again"
    assert picture(room, room.message(table.state.message_id))[0] == name


async def test_the_hand_panel_carries_a_picture_of_that_players_cards_only(room: Room) -> None:
    table = await open_holdout(room)
    pictures = {}
    for seat, member in enumerate((room.alice, room.bob, room.carol)):
        panel = fetch(room, await open_panel(room, member, table))
        name, data, image = picture(room, panel)
        assert name.startswith("hand-") and 500 <= image.width <= 900 and len(data) <= 150_000
        assert "Your cards (5)" in str(panel.embeds[0].to_dict()), "the panel still lists the cards in words"
        pictures[seat] = data
    assert len(set(pictures.values())) == 3, "each player sees a picture of their own hand"
    # The public table message shows the line, never a hand: it is the same picture for all.
    public = room.message(table.state.message_id)
    assert picture(room, public)[0].startswith("table-")
