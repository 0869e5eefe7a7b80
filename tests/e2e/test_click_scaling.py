"""What a click costs does not grow with the number of tables open: the bot reads nothing
from discord.py's message cache, so it keeps none (at a full cache, every message event
the bot's own edits bring back scanned up to a thousand cached messages), and a click's
moves and snapshot reach the database thread once, to commit."""

from __future__ import annotations

from typing import Any

from bot.tables import Phase
from tests.helpers.room import Room


async def test_the_bot_keeps_no_cache_of_the_messages_its_tables_post(room: Room) -> None:
    await room.alice.slash(room.channel, "play prima-carta", stake=10)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await room.alice.click(room.message(table.state.message_id), label="Add bot")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    assert table.state.phase in (Phase.PLAYING, Phase.BETWEEN)
    assert room.public_messages()  # the table was posted and edited...
    assert list(room.bot.cached_messages) == []  # ...and none of it was kept


async def test_starting_a_hand_goes_to_the_database_thread_only_to_commit(room: Room) -> None:
    await room.alice.slash(room.channel, "play prima-carta", stake=10)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await room.alice.click(room.message(table.state.message_id), label="Add bot")
    store: Any = room.bot.store
    sent = store._call
    trips: list[str] = []

    async def counted(fn: Any, *args: Any) -> Any:
        trips.append(getattr(fn, "__name__", "?"))
        return await sent(fn, *args)

    store._call = counted
    await room.alice.click(room.message(table.state.message_id), label="Start")
    assert table.state.phase in (Phase.PLAYING, Phase.BETWEEN)
    # The deal and the computer's answer: a commit each, their antes, snapshots and records
    # written on the way (they were a trip each: BEGIN with the first, then one a statement).
    # (`_commit`: a bare COMMIT; `_finish`: one that also checks the tables it closes)
    assert trips and set(trips) <= {"_commit", "_finish"}, trips
