"""A restart in the middle of a hand, and the turn timer acting for absent players."""

from __future__ import annotations

import pytest

from bot.tables import Phase
from engine.core.msg import english
from tests.e2e.test_prima_carta_hand import started_with_bob_and_a_computer
from tests.helpers.room import Room, answer_to, find_label, text_of

# With this seed a human decides the copa first, so the hand waits on people.
SEED = 20261122


pytestmark = pytest.mark.seed(SEED)


@pytest.mark.parametrize("database_url", ["sqlite", "postgres"], indirect=True)
async def test_restart_in_the_copa_round_resumes_and_finishes_the_hand(room: Room) -> None:
    table = await started_with_bob_and_a_computer(room)
    table_id, message_id = table.id, table.state.message_id
    version, to_act = table.version, table.to_act
    escrow_before = sum(
        row["amount"]
        for row in await room.bot.store.ledger(room.guild.id, table_id=table_id)
        if row["reason"] == "ante"
    )

    await room.restart()

    restored = room.bot.tables.get(table_id)
    assert restored is not None and restored is not table
    assert (restored.version, restored.to_act, restored.state.phase) == (version, to_act, Phase.PLAYING)
    assert restored.game.to_json() == table.game.to_json()
    async with room.bot.store.transaction() as tx:
        assert await tx.escrow(table_id) == escrow_before
    actors = {room.alice.id: room.alice, room.bob.id: room.bob}
    while restored.state.phase is Phase.PLAYING:
        member = actors[restored.state.seats[restored.to_act].user_id]
        message = room.message(message_id)  # the buttons sent before the restart still work
        await member.click(message, label=find_label(message, "Pay the copa"))
    assert restored.state.phase is Phase.BETWEEN
    outcome = restored.game.outcome
    for index, seat in enumerate(restored.state.seats):
        if seat.user_id is not None:
            assert await room.bot.store.balance(room.guild.id, seat.user_id) == 1000 + outcome.net(index)
    async with room.bot.store.transaction() as tx:
        assert await tx.escrow(table_id) == 0


async def test_turn_timer_folds_for_an_absent_player_and_says_so(room: Room) -> None:
    table = await started_with_bob_and_a_computer(room)
    seat = table.to_act
    absent = table.state.seats[seat]
    await room.env.advance_time(119)
    assert table.to_act == seat  # not yet
    await room.env.advance_time(2)
    assert table.game.view(None).status[seat] == "folded"
    assert any(f"{absent.name} ran out of time" in line for line in map(english, table.state.log))
    log = await answer_to(room, room.carol, table, "Log")
    assert f"{absent.name} ran out of time" in (log.description or "")
    assert table.state.seats[seat].strikes == 1 and not table.state.seats[seat].replace


@pytest.mark.parametrize("database_url", ["sqlite", "postgres"], indirect=True)
async def test_timer_survives_a_restart(room: Room) -> None:
    table = await started_with_bob_and_a_computer(room)
    seat = table.to_act
    await room.env.advance_time(60)
    await room.restart()
    restored = room.bot.tables.get(table.id)
    await room.env.advance_time(61)
    assert restored.game.view(None).status[seat] == "folded"


async def test_two_timeouts_in_a_row_hand_the_seat_to_a_computer(room: Room) -> None:
    table = await started_with_bob_and_a_computer(room)
    bob_seat = next(i for i, s in enumerate(table.state.seats) if s.user_id == room.bob.id)
    for hand in (1, 2):
        while table.state.phase is Phase.PLAYING:
            seat = table.to_act
            if table.state.seats[seat].user_id == room.bob.id:
                await room.env.advance_time(121)  # bob is away from the keyboard
            else:
                # alice stays in, so bob always has a decision to miss
                message = room.message(table.state.message_id)
                await room.alice.click(message, label=find_label(message, "Pay the copa"))
        assert table.state.seats[bob_seat].strikes == hand
        assert table.state.seats[bob_seat].replace is (hand == 2)
        if hand == 1:
            await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    assert "A computer player takes their seat" in " ".join(map(english, table.state.log))
    await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    assert all(s.user_id != room.bob.id for s in table.state.seats)
    assert [s.choice for s in table.state.seats if s.is_computer] == ["locks", "fruit"]
    balance = await room.bot.store.balance(room.guild.id, room.bob.id)
    assert balance == 1000 - 2 * 10  # two spigas lost by folding on the timer, nothing after


async def test_a_member_who_acts_clears_their_strike(room: Room) -> None:
    table = await started_with_bob_and_a_computer(room)
    seat = table.to_act
    member = {room.alice.id: room.alice, room.bob.id: room.bob}[table.state.seats[seat].user_id]
    await room.env.advance_time(121)
    assert table.state.seats[seat].strikes == 1
    while table.state.phase is Phase.PLAYING:
        current = table.state.seats[table.to_act]
        message = room.message(table.state.message_id)
        actor = {room.alice.id: room.alice, room.bob.id: room.bob}[current.user_id]
        await actor.click(message, label=find_label(message, "Pay the copa"))
    await member.click(room.message(table.state.message_id), label="Deal next hand")
    while table.state.phase is Phase.PLAYING:
        current = table.state.seats[table.to_act]
        message = room.message(table.state.message_id)
        actor = {room.alice.id: room.alice, room.bob.id: room.bob}[current.user_id]
        await actor.click(message, label="Fold")
    assert table.state.seats[seat].strikes == 0


async def test_next_hand_is_dealt_after_a_pause(room: Room) -> None:
    table = await started_with_bob_and_a_computer(room)
    while table.state.phase is Phase.PLAYING:
        message = room.message(table.state.message_id)
        member = {room.alice.id: room.alice, room.bob.id: room.bob}[table.state.seats[table.to_act].user_id]
        await member.click(message, label=find_label(message, "Pay the copa"))
    assert "The next hand is dealt" in text_of(room.message(table.state.message_id))
    await room.env.advance_time(29)
    assert table.state.hand_no == 1
    await room.env.advance_time(1)
    assert table.state.hand_no == 2 and table.state.phase in (Phase.PLAYING, Phase.BETWEEN)


@pytest.mark.parametrize("database_url", ["sqlite", "postgres"], indirect=True)
async def test_an_abandoned_table_plays_itself_out_and_closes(room: Room) -> None:
    table = await started_with_bob_and_a_computer(room)
    message_id = table.state.message_id
    for _ in range(20):  # a bounded number of timer periods
        if table.id not in room.bot.tables.tables:
            break
        await room.env.advance_time(121 if table.state.phase is Phase.PLAYING else 30)
    assert room.bot.tables.get(table.id) is None
    final = room.message(message_id)
    assert "Closed" in text_of(final)
    assert "computer players" in text_of(final)
    async with room.bot.store.transaction() as tx:
        assert await tx.escrow(table.id) == 0
    # Two hands, each member folded by the timer (or won without acting): never more than two spigas lost.
    for member in (room.alice, room.bob):
        assert await room.bot.store.balance(room.guild.id, member.id) >= 1000 - 20


async def test_an_unattended_table_whose_hands_ask_nothing_of_members_stops_dealing_and_closes(
    room: Room,
) -> None:
    """Found by random play: a Cinco hand without bets asks nothing of the members, so an
    absent member was never timed out and the clock dealt hand after hand with their chips
    (thousands of hands, until their bankroll ran out). The clock deals at most two hands in
    a row that no seated member moved in or dealt; then the table waits and closes when idle."""
    await room.alice.slash(room.channel, "play prima-carta", stake=10, variant="cinco")
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await room.alice.click(room.message(table.state.message_id), label="Add bot")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    assert table.state.phase is Phase.BETWEEN and table.state.hand_no == 1, "a Cinco hand plays out at once"
    await room.env.advance_time(31)
    await room.env.advance_time(31)
    assert table.state.hand_no == 3
    await room.env.advance_time(29 * 60)
    assert table.state.hand_no == 3, "the clock deals no more"
    shown = text_of(room.message(table.state.message_id))
    assert "Nobody seated has played for 2 hands, so the table waits" in shown
    # A member who deals plays on, and the clock deals again after that.
    await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    assert table.state.hand_no == 4 and table.state.clock_deals == 0
    await room.env.advance_time(31)
    assert table.state.hand_no == 5
    await room.env.advance_time(31)
    await room.env.advance_time(31 * 60)
    assert room.bot.tables.get(table.id) is None, "left alone, the table closed"
    assert table.state.hand_no == 6
    hands = {row["hand_no"] for row in await room.bot.store.ledger(room.guild.id, table_id=table.id)}
    assert max(hands) == 6
    async with room.bot.store.transaction() as tx:
        assert await tx.escrow(table.id) == 0
