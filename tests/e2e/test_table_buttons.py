"""Who may click what: strangers, stale buttons, double clicks, the host's buttons."""

from __future__ import annotations

from bot.tables import Phase
from tests.helpers.room import Room, button_ids, buttons, click_as_rendered, text_of


async def open_lobby(room: Room) -> int:
    await room.alice.slash(room.channel, "play prima-carta", stake=10)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None and table.state.message_id is not None
    return table.id


async def test_second_play_in_a_channel_points_to_the_open_table(room: Room) -> None:
    await open_lobby(room)
    result = await room.bob.slash(room.channel, "play prima-carta")
    assert result.ephemeral
    assert "already has an open Prima Carta table" in result.response.content
    assert len(room.public_messages()) == 1


async def test_only_the_host_can_add_bots_start_or_cancel(room: Room) -> None:
    table_id = await open_lobby(room)
    table = room.bot.tables.get(table_id)
    message = room.message(table.state.message_id)
    for label in ("Add bot", "Cancel"):
        result = await room.bob.click(message, label=label)
        assert result.ephemeral
        assert result.response.content == f"Only the host, <@{room.alice.id}>, can do that."
    assert table.version == 1 and len(table.state.seats) == 1


async def test_stranger_cannot_play_a_hand_they_are_not_seated_at(room: Room) -> None:
    table_id = await open_lobby(room)
    table = room.bot.tables.get(table_id)
    await room.alice.click(room.message(table.state.message_id), label="Add bot")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    assert table.state.phase in (Phase.PLAYING, Phase.BETWEEN)
    if table.state.phase is Phase.PLAYING:
        message = room.message(table.state.message_id)
        before = (table.version, await room.bot.store.balance(room.guild.id, room.carol.id))
        result = await room.carol.click(message, label="Fold")
        assert result.ephemeral
        assert result.response.content == "You're not seated at this table."
        assert (table.version, await room.bot.store.balance(room.guild.id, room.carol.id)) == before


async def test_stale_button_is_refused_and_changes_nothing(room: Room) -> None:
    table_id = await open_lobby(room)
    table = room.bot.tables.get(table_id)
    message = room.message(table.state.message_id)
    old_ids = dict(zip(buttons(message), button_ids(message), strict=True))
    await room.alice.click(message, label="Add bot")
    assert table.version == 2
    result = await click_as_rendered(room.alice, message, old_ids["Add bot"])
    assert result.ephemeral
    assert "out of date" in result.response.content
    assert table.version == 2 and len(table.state.seats) == 2


async def test_double_click_applies_once(room: Room) -> None:
    table_id = await open_lobby(room)
    table = room.bot.tables.get(table_id)
    message = room.message(table.state.message_id)
    start = dict(zip(buttons(message), button_ids(message), strict=True))
    await room.alice.click(message, label="Add bot")
    message = room.message(table.state.message_id)
    ids = dict(zip(buttons(message), button_ids(message), strict=True))
    first = await click_as_rendered(room.alice, message, ids["Start"])
    second = await click_as_rendered(room.alice, message, ids["Start"])
    assert not first.ephemeral
    assert second.ephemeral and "out of date" in second.response.content
    assert table.state.hand_no == 1
    ledger = await room.bot.store.ledger(room.guild.id, table_id=table_id)
    antes = [row for row in ledger if row["reason"] == "ante"]
    assert len(antes) == 2  # one spiga each, not two
    assert start["Start"] != ids["Start"]


async def test_suit_picker_goes_stale_when_someone_else_sits_first(room: Room) -> None:
    table_id = await open_lobby(room)
    table = room.bot.tables.get(table_id)
    bob_picker = await room.bob.click(room.message(table.state.message_id), label="Join")
    carol_picker = await room.carol.click(room.message(table.state.message_id), label="Join")
    await room.carol.click(carol_picker.response.message, label="Locks")
    result = await room.bob.click(bob_picker.response.message, label="Fruit")
    assert result.ephemeral and "out of date" in result.response.content
    assert [s.user_id for s in table.state.seats] == [room.alice.id, room.carol.id]


async def test_cancel_closes_the_lobby_and_frees_the_channel(room: Room) -> None:
    table_id = await open_lobby(room)
    table = room.bot.tables.get(table_id)
    message_id = table.state.message_id
    await room.alice.click(room.message(message_id), label="Cancel")
    closed = room.message(message_id)
    assert "Closed" in text_of(closed)
    assert buttons(closed) == []
    assert room.bot.tables.get(table_id) is None
    result = await room.bob.slash(room.channel, "play prima-carta")
    assert not result.ephemeral


async def test_a_member_without_enough_chips_cannot_sit_down(room: Room) -> None:
    table_id = await open_lobby(room)
    table = room.bot.tables.get(table_id)
    await room.bob.slash(room.channel, "give", member=room.carol, amount=950)
    result = await room.bob.click(room.message(table.state.message_id), label="Join")
    assert result.ephemeral
    assert result.response.content == (
        "You need at least 100 chips to sit at this table (the most one hand can cost); you have 50. "
        "The largest stake you can afford is 5 — try /daily, or open a table with that stake."
    )
    assert len(table.state.seats) == 1 and table.version == 1


async def test_joining_twice_is_refused(room: Room) -> None:
    table_id = await open_lobby(room)
    table = room.bot.tables.get(table_id)
    result = await room.alice.click(room.message(table.state.message_id), label="Join")
    assert result.ephemeral and result.response.content == "You're already seated at this table."


async def test_a_seated_member_cannot_act_out_of_turn(room: Room) -> None:
    room.seeds.always(20261122)
    table_id = await open_lobby(room)
    table = room.bot.tables.get(table_id)
    picker = await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.bob.click(picker.response.message, label="Locks")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    waiting = table.state.seats[table.to_act]
    other = room.bob if waiting.user_id == room.alice.id else room.alice
    before = (table.version, table.game.to_json())
    result = await other.click(room.message(table.state.message_id), label="Fold")
    assert result.ephemeral
    assert result.response.content == f"It isn't your turn — waiting for {waiting.mention}."
    assert (table.version, table.game.to_json()) == before
