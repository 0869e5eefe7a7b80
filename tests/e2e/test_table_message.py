"""Issue 23, item 1: a table message that fits a phone. The picture first (described in
words), then at most six short lines, then the buttons; the full log and the table in
detail behind **Log** and **Details**, answered privately, to anyone, on any version of the
message, naming no hidden card."""

from __future__ import annotations

import discord
import pytest

from bot.games import GAMES
from bot.i18n import lang
from bot.tables import Phase, Table
from tests.contract.test_plugins import assert_names_none
from tests.helpers.room import (
    Room,
    answer_to,
    button,
    buttons,
    click_as_rendered,
    picture_description,
    text_lines,
)

#: what a member reads of the table message at most (issue 23: "at most 6 short lines")
MOST_LINES = 6
MOST_CHARACTERS = 500
#: seconds the clock moves while the member's turn runs out (the turn timer is 120)
TURN = 121
ORDER = ("picture", "text", "buttons")


def layout(message: discord.Message) -> list[str]:
    """What the table message's container holds, in order: picture, text, buttons."""
    assert len(message.components) == 1, "one container"
    container = message.components[0]
    assert isinstance(container, discord.Container)
    kinds = {
        discord.MediaGalleryComponent: "picture",
        discord.TextDisplay: "text",
        discord.ActionRow: "buttons",
    }
    return [kinds[type(child)] for child in container.children]


def assert_fits(message: discord.Message, picture: bool, where: str) -> list[str]:
    """The message is short, and laid out picture, text, buttons; returns its lines."""
    lines = text_lines(message)
    text = "\n".join(lines)
    assert 1 < len(lines) <= MOST_LINES, f"{where}: {len(lines)} lines\n{text}"
    assert len(text) <= MOST_CHARACTERS, f"{where}: {len(text)} characters\n{text}"
    kinds = layout(message)
    assert kinds == sorted(kinds, key=ORDER.index) and kinds.count("text") == 1, f"{where}: {kinds}"
    assert (kinds[0] == "picture") is picture, f"{where}: {kinds}"
    assert not message.embeds and not message.content
    return lines


async def seated(room: Room, game: str) -> Table:
    """Alice opens a table of `game` and fills it with computers to its least players."""
    await room.alice.slash(room.channel, f"play {game.replace('_', '-')}")
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    for _ in range(table.seat_range[0] - len(table.state.seats)):
        await room.alice.click(room.message(table.state.message_id), label="Add bot")
    return table


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_each_games_table_message_is_a_picture_a_few_lines_then_buttons(room: Room, game: str) -> None:
    table = await seated(room, game)
    lobby = assert_fits(room.message(table.state.message_id), picture=False, where="lobby")
    assert lobby[1].startswith("Seated: ") and "alice" not in lobby[1]  # a mention, not a typed name
    assert f"<@{room.alice.id}> (host)" in lobby[1]
    assert "Details" in buttons(room.message(table.state.message_id))

    await room.alice.click(room.message(table.state.message_id), label="Start")
    if table.state.phase is Phase.PLAYING:
        message = room.message(table.state.message_id)
        playing = assert_fits(message, picture=True, where="mid-hand")
        assert f"table #{table.id}" in playing[0]
        assert picture_description(message).startswith(f"The {table.plugin.name} table, hand 1.")
        assert {"Log", "Details"} <= set(buttons(message))
    for _ in range(60):  # the member's turns run out one by one; the computers play at once
        if table.state.phase is not Phase.PLAYING:
            break
        await room.env.advance_time(TURN)
    assert table.state.phase is Phase.BETWEEN and table.state.hand_no == 1
    over = assert_fits(room.message(table.state.message_id), picture=True, where="between hands")
    assert any("Hand 1 is over" in line for line in over)


async def test_a_closed_table_says_so_and_has_no_buttons(room: Room) -> None:
    table = await seated(room, "holdout")
    message_id = table.state.message_id
    await room.alice.click(room.message(message_id), label="Cancel")
    closed = room.message(message_id)
    assert layout(closed) == ["text"] and buttons(closed) == []
    assert any(line.startswith("**Closed.**") for line in text_lines(closed))


@pytest.mark.seed(2326)
async def test_log_and_details_answer_anyone_privately_and_show_no_hidden_card(room: Room) -> None:
    table = await seated(room, "holdout")
    await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    game = table.game
    assert game is not None and table.state.phase is Phase.PLAYING
    plugin = table.plugin
    hidden = set(plugin.secret_cards(game)).union(*(plugin.private_cards(game, s) for s in range(3)))
    assert hidden
    version, log = table.version, list(table.state.log)

    # Carol sits at no seat: she reads the log and the details all the same, privately.
    shown_log = await answer_to(room, room.carol, table, "Log")
    assert shown_log.title == f"Holdout · table #{table.id} · log"
    shown = (shown_log.description or "").splitlines()
    english = [lang("en")(line) for line in log]  # the log keeps messages (issue 26)
    assert shown == english[-len(shown) :] and len(shown) == len(log), "every line of the log, newest last"
    details = await answer_to(room, room.carol, table, "Details")
    fields = {field.name: field.value or "" for field in details.fields}
    seats = fields["Seats"]
    assert f"<@{room.alice.id}> (host) · stack" in seats and f"<@{room.bob.id}>" in seats
    assert "🤖" in seats and "basic" in seats, "the computer's level"
    assert "Options" in fields
    assert "Fair deal: the deck was locked before play (fingerprint " in (details.footer.text or "")
    assert table.version == version and table.state.log == log, "showing changes nothing"

    message = room.message(table.state.message_id)
    public = [str(shown_log.to_dict()), str(details.to_dict()), *text_lines(message)]
    public.append(picture_description(message))
    assert_names_none(hidden, public, "Log, Details and the table message")

    # A Log button from an older render of the message (the table has moved on) still answers.
    stale = button(room.message(table.state.message_id), "Log").custom_id
    assert stale is not None
    await room.env.advance_time(TURN)  # Alice's pass runs out: the table moves on
    assert table.version > version
    again = await click_as_rendered(room.carol, room.message(table.state.message_id), stale)
    assert again.ephemeral and again.response is not None
    assert again.response.message.embeds[0].title == f"Holdout · table #{table.id} · log"
