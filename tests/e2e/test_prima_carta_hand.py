"""Two members and a computer player play whole hands of Prima Carta through Discord."""

from __future__ import annotations

import pytest

from bot.tables import Phase, Table
from tests.helpers.room import Room, buttons, find_label, text_of

SEED = 20261122


pytestmark = pytest.mark.seed(SEED)


async def open_table_with_bob_and_a_computer(room: Room) -> int:
    await room.alice.slash(room.channel, "play prima-carta", stake=10)
    table_message = room.channel.last_message
    picker = await room.bob.click(table_message, label="Join")
    assert picker.ephemeral and picker.response.content == "Choose your suit:"
    assert buttons(picker.response.message) == ["Locks", "Fruit", "Swords", "Cups"]
    await room.bob.click(picker.response.message, label="Locks")
    await room.alice.click(room.message(table_message.id), label="Add bot")
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    assert [(s.choice, s.user_id) for s in table.state.seats] == [
        ("crowns", room.alice.id),
        ("locks", room.bob.id),
        ("fruit", None),
    ]
    return table.id


async def started_with_bob_and_a_computer(room: Room) -> Table:
    """That table with its first hand dealt and a member to act."""
    table = room.bot.tables.get(await open_table_with_bob_and_a_computer(room))
    assert table is not None
    await room.alice.click(room.message(table.state.message_id), label="Start")
    assert table.state.phase is Phase.PLAYING and table.to_act is not None
    return table


async def test_two_members_and_a_computer_play_a_whole_hand(room: Room) -> None:
    table_id = await open_table_with_bob_and_a_computer(room)
    table = room.bot.tables.get(table_id)
    assert table is not None
    message_id = table.state.message_id
    await room.alice.click(room.message(message_id), label="Start")
    actors = {room.alice.id: room.alice, room.bob.id: room.bob}
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat is not None
        member = actors[table.state.seats[seat].user_id]
        message = room.message(message_id)
        await member.click(message, label=find_label(message, "Pay the copa"))
    assert table.state.phase is Phase.BETWEEN
    outcome = table.game.outcome
    assert outcome is not None
    store = room.bot.store
    for index, seat in enumerate(table.state.seats):
        if seat.user_id is not None:
            balance = await store.balance(room.guild.id, seat.user_id)
            assert balance == 1000 + outcome.net(index)
    assert await store.ledger(room.guild.id, table_id=table_id)
    report = await store.audit()
    assert report.ok, report
    final = room.message(message_id)
    assert "Hand 1 is over" in text_of(final)
    assert "Deal next hand" in buttons(final)


async def test_a_copa_the_member_can_no_longer_afford_is_refused_and_changes_nothing(room: Room) -> None:
    table_id = await open_table_with_bob_and_a_computer(room)
    table = room.bot.tables.get(table_id)
    await room.alice.click(room.message(table.state.message_id), label="Start")
    seat = table.to_act
    member = {room.alice.id: room.alice, room.bob.id: room.bob}[table.state.seats[seat].user_id]
    # The member gives nearly everything away in the middle of the hand.
    balance = await room.bot.store.balance(room.guild.id, member.id)
    await member.slash(room.channel, "give", member=room.carol, amount=balance - 1)
    before = (
        table.version,
        table.game.to_json(),
        await room.bot.store.ledger(room.guild.id, table_id=table_id),
    )
    message = room.message(table.state.message_id)
    result = await member.click(message, label=find_label(message, "Pay the copa"))
    assert result.ephemeral
    assert result.response.content.startswith("You don't have enough chips for that:")
    after = (
        table.version,
        table.game.to_json(),
        await room.bot.store.ledger(room.guild.id, table_id=table_id),
    )
    assert after == before
    assert await room.bot.store.balance(room.guild.id, member.id) == 1
    # Folding is still open to them, and the hand goes on.
    await member.click(room.message(table.state.message_id), label="Fold")
    assert table.game.view(None).status[seat] == "folded"


async def test_the_member_to_act_is_pinged_once_per_turn(room: Room) -> None:
    table_id = await open_table_with_bob_and_a_computer(room)
    table = room.bot.tables.get(table_id)
    await room.alice.click(room.message(table.state.message_id), label="Start")
    seat = table.to_act
    user_id = table.state.seats[seat].user_id
    pings = [m for m in room.public_messages() if m.content.startswith(f"<@{user_id}>, the copa is yours")]
    assert len(pings) == 1
    assert f"pay {table.game.copa_price(seat)} chips" in pings[0].content
    assert [u.id for u in pings[0].mentions] == [user_id]
    # Another member's click that changes nothing for the turn does not ping again.
    other = room.bob if user_id == room.alice.id else room.alice
    await other.click(room.message(table.state.message_id), label="Leave after this hand")
    assert len([m for m in room.public_messages() if m.content.startswith(f"<@{user_id}>")]) == 1


async def test_rules_are_explained_privately(room: Room) -> None:
    result = await room.carol.slash(room.channel, "rules", game="prima_carta")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title == "How to play Prima Carta"
    assert "copa" in embed.description and "spiga" in embed.description.lower()
