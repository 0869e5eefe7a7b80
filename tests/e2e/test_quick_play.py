"""A quick game against the computer: `/play <game> computers:N` seats N computer players and
starts at once when the seats suffice; a lone host is told to add a bot, and can."""

from __future__ import annotations

import discord

from bot.tables import Phase
from tests.e2e.test_leaving import two_playing
from tests.helpers.room import Room, controls, fetch, leave_now, text_of

STAKE = 5


def button_named(message: discord.Message, label: str) -> discord.Button:
    found = [c for c in controls(message) if isinstance(c, discord.Button) and c.label == label]
    assert found, f"no {label!r} button"
    return found[0]


async def saved(room: Room, table_id: int) -> dict[str, object]:
    record = await room.bot.store.table(table_id)
    assert record is not None
    return record.snapshot


async def test_a_lone_host_is_told_to_add_a_bot_and_can(room: Room) -> None:
    await room.alice.slash(room.channel, "play holdout", stake=STAKE)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    message = room.message(table.state.message_id)
    assert "Add bot or wait for players (1 more to start)" in text_of(message)
    assert not button_named(message, "Add bot").disabled
    assert button_named(message, "Start").disabled
    await room.alice.click(message, label="Add bot")
    message = room.message(table.state.message_id)
    assert not button_named(message, "Start").disabled and "ready to start" in text_of(message)


async def test_play_with_computers_seats_them_and_starts_the_hand(room: Room) -> None:
    result = await room.alice.slash(room.channel, "play holdout", stake=STAKE, computers=2)
    assert not result.ephemeral
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None and table.state.phase is Phase.PLAYING and table.game is not None
    # What the members see: a hand in play, with Your hand, and Alice pinged for the pass.
    message = room.message(table.state.message_id)
    assert "Your hand" in [c.label for c in controls(message)]
    assert "Lobby" not in text_of(message)
    assert any(m.content.startswith(f"<@{room.alice.id}>") for m in room.public_messages())
    # What the database holds: the table is playing; the host and two computer seats.
    snapshot = await saved(room, table.id)
    assert snapshot["phase"] == "playing" and snapshot["hand"] is not None
    seats = snapshot["seats"]
    assert isinstance(seats, list) and len(seats) == 3
    assert seats[0]["user_id"] == room.alice.id
    assert [seat["user_id"] for seat in seats[1:]] == [None, None]
    assert all(seat["level"] for seat in seats[1:])
    # The computers play their own turns: the hand only ever waits on Alice.
    panel = await room.alice.click(message, label="Your hand")
    assert panel.ephemeral and panel.response is not None
    assert "Choose **two cards**" in text_of(fetch(room, panel.response.id))


async def test_computers_that_do_not_fill_enough_seats_wait_in_the_lobby(room: Room) -> None:
    await room.alice.slash(room.channel, "play prefa", stake=1, computers=1)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None and table.state.phase is Phase.LOBBY
    assert [seat.is_computer for seat in table.state.seats] == [False, True]
    message = room.message(table.state.message_id)
    assert "Add bot or wait for players (1 more to start)" in text_of(message)
    snapshot = await saved(room, table.id)
    assert snapshot["phase"] == "lobby" and len(snapshot["seats"]) == 2  # type: ignore[arg-type]


async def test_more_computers_than_seats_is_refused_and_opens_nothing(room: Room) -> None:
    # A single-line Holdout table seats at most four: the host and three computers. (More than
    # any Holdout table seats, Discord itself refuses: the option's range.)
    result = await room.alice.slash(room.channel, "play holdout", stake=STAKE, computers=4, lines="single")
    assert result.ephemeral and result.response is not None
    text = result.response.content
    assert "seats at most 4 players: you and at most 3 computer players" in text
    assert room.bot.tables.in_channel(room.channel.id) is None
    assert await room.bot.store.saved_tables() == []
    assert room.public_messages() == []


async def test_a_member_left_alone_between_hands_is_told_to_add_a_bot(room: Room) -> None:
    table, _, _, member = await two_playing(room)
    await leave_now(room, member, table)  # the timer folds for them: the hand ends, they go
    assert table.state.phase is Phase.BETWEEN and len(table.state.seats) == 1
    message = room.message(table.state.message_id)
    assert "Add bot or wait for players (1 more to deal)" in text_of(message)
    assert not button_named(message, "Add bot").disabled
