"""A Prima Carta table with the corte and a carried cobre, played through Discord over two
hands by two members and a computer player; the audit balances after each."""

from __future__ import annotations

import pytest

from bot.tables import Phase
from engine.core.msg import english
from tests.helpers.room import Room, answer_to, find_label

SEED = 20261133
"""With Crowns (Alice, the first dealer), Locks (Bob) and Fruit (a basic computer): Locks
is prima, so Bob tosses the corte to Alice; if Alice pays, Bob folds and the computer pays,
Locks completes before Crowns, the live winner, and Bob's spiga becomes the cobre. In hand
2 Bob deals and is prima again, so no corte is due."""


pytestmark = pytest.mark.seed(SEED)


async def test_corte_and_a_carried_cobre_over_two_hands_balance(room: Room) -> None:
    await room.alice.slash(room.channel, "play prima-carta", stake=10, corte=True, cobre="carry")
    table_message = room.channel.last_message
    picker = await room.bob.click(table_message, label="Join")
    await room.bob.click(picker.response.message, label="Locks")
    await room.alice.click(room.message(table_message.id), label="Add bot")
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    message_id = table.state.message_id
    store = room.bot.store
    await room.alice.click(room.message(message_id), label="Start")

    # Hand 1: Bob is prima and pays the spiga and the corte at the deal.
    view = table.game.view(None)
    assert view.prima == 1 and view.dealer == 0 and view.corte == 10
    assert await store.balance(room.guild.id, room.bob.id) == 1000 - 20
    embed = await answer_to(room, room.alice, table, "Details")
    assert any("corte 10 paid to the dealer" in field.value for field in embed.fields)
    choices = {room.alice.id: "Pay the copa", room.bob.id: "Fold"}
    actors = {room.alice.id: room.alice, room.bob.id: room.bob}
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat is not None
        user_id = table.state.seats[seat].user_id
        message = room.message(message_id)
        await actors[user_id].click(message, label=find_label(message, choices[user_id]))
    outcome = table.game.outcome
    assert outcome is not None and outcome.winners == (0,) and outcome.carried == 10
    assert table.match.carried == 10 and table.state.held == 10  # the escrow keeps the cobre
    alice = await store.balance(room.guild.id, room.alice.id)
    assert alice == 1000 + outcome.net(0) and outcome.paid_out[0] == sum(outcome.paid_in) - 10
    assert await store.balance(room.guild.id, room.bob.id) == 980
    assert "cobre of 10 chips is carried to the next hand" in "\n".join(map(english, table.state.log))
    report = await store.audit()
    assert report.ok, report

    # Hand 2: the cobre is in the pot from the start; Bob deals and is prima: no corte.
    await room.alice.click(room.message(message_id), label="Deal next hand")
    view = table.game.view(None)
    assert view.carried_in == 10 and view.pot == 3 * 10 + 10 and view.corte == 0
    assert table.match.carried == 0 and table.state.held == 40
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat is not None
        user_id = table.state.seats[seat].user_id
        message = room.message(message_id)
        await actors[user_id].click(message, label=find_label(message, "Pay the copa"))
    second = table.game.outcome
    assert second is not None and sum(second.paid_out) + second.carried == sum(second.paid_in) + 10
    # The winner's take includes the carried cobre, so the nets sum to it.
    assert sum(second.net(seat) for seat in range(3)) == 10 - second.carried
    assert await store.balance(room.guild.id, room.alice.id) == alice + second.net(0)
    report = await store.audit()
    assert report.ok, report


async def test_at_a_house_table_the_house_deals_and_takes_the_corte(room: Room) -> None:
    """`house:true`: no seat holds the deal (the log says the house deals) and the prima's
    corte goes to the house when the hand settles, in the hand's own transaction."""
    await room.alice.slash(room.channel, "play prima-carta", stake=10, house=True, corte=True)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    message_id = table.state.message_id
    picker = await room.bob.click(room.message(message_id), label="Join")
    await room.bob.click(picker.response.message, label="Locks")
    await room.alice.click(room.message(message_id), label="Start")
    assert "Hand 1: the house deals." in [english(line) for line in table.state.log]
    view = table.game.view(None)
    assert view.dealer is None and view.corte == 10
    actors = {room.alice.id: room.alice, room.bob.id: room.bob}
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat is not None
        message, member = room.message(message_id), actors[table.state.seats[seat].user_id]
        await member.click(message, label=find_label(message, "Pay the copa"))
    outcome = table.game.outcome
    assert outcome is not None and outcome.house == 10
    ledger = await room.bot.store.ledger(room.guild.id, table_id=table.id)
    assert [(r["dst"], r["amount"]) for r in ledger if r["reason"] == "house"] == [("house", 10)]
    balances = [await room.bot.store.balance(room.guild.id, m.id) for m in (room.alice, room.bob)]
    assert sum(balances) == 2000 - 10, "the corte left the players for the house"
    report = await room.bot.store.audit()
    assert report.ok, report
