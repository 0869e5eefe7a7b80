"""Two members and a computer play Peg Leg through Discord: bets through the height select
and the amount form, a surrender, standing, the timer, a restart mid-hand, settlement
against the house, balances and the audit."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.tables import Phase, Table
from engine.core.msg import english
from engine.peg_leg.game import BetStatus, odds_text
from tests.helpers.room import Room, answer_to, button, controls, fetch, open_table, text_of

SEED = 20261123
STAKE = 5


pytestmark = pytest.mark.seed(SEED)


async def open_peg_leg(room: Room) -> Table:
    """Alice and Bob with a computer player, the first hand dealt."""
    return await open_table(room, "peg-leg", [room.alice, room.bob], bots=1, stake=STAKE)


def heights(message: discord.Message) -> discord.SelectMenu:
    for child in controls(message):
        if isinstance(child, discord.SelectMenu) and (child.custom_id or "").endswith(":height"):
            return child
    raise AssertionError("no height select on the panel")


async def open_panel(room: Room, table: Table, member: simcord.MemberActor) -> int:
    result = await member.click(room.message(table.state.message_id), label="Your hand")
    assert result.ephemeral and result.response is not None
    return result.response.id


async def bet(
    room: Room, table: Table, member: simcord.MemberActor, number: int, amount: str
) -> simcord.InteractionResult:
    """Pick `number` in the panel's select, then type `amount` into the form it opens."""
    panel = fetch(room, await open_panel(room, table, member))
    shown = await member.select(panel, [str(number)], custom_id=heights(panel).custom_id)
    assert shown.modal is not None, "picking a height opens the bet form"
    return await member.submit_modal(shown, {"amount": amount})


async def press(room: Room, table: Table, member: simcord.MemberActor, prefix: str) -> None:
    panel = fetch(room, await open_panel(room, table, member))
    await member.click(panel, custom_id=button(panel, prefix).custom_id)


def seat_of(table: Table, member: simcord.MemberActor) -> int:
    index = table.seat_of(member.id)
    assert index is not None
    seat = table.engine_seat(index)
    assert seat is not None
    return seat


async def stand_to_the_end(room: Room, table: Table, members: list[simcord.MemberActor]) -> None:
    while table.state.phase is Phase.PLAYING:
        waiting = [m for m in members if seat_of(table, m) in table.awaiting]
        assert waiting, "a round open waits on a member (the computer plays at once)"
        for member in waiting:
            await press(room, table, member, "Stand")


async def test_two_members_and_a_computer_bet_surrender_and_settle_with_the_house(room: Room) -> None:
    table = await open_peg_leg(room)
    game = table.game
    view = game.view(None)
    assert view.round_after == 1 and view.key_height == 1
    # The computer placed its opening bet at once; the members are still deciding.
    assert set(table.awaiting) == {seat_of(table, room.alice), seat_of(table, room.bob)}
    computer_bets = [b for b in view.bets if b.seat not in table.awaiting]
    assert len(computer_bets) == 1 and computer_bets[0].amount == STAKE
    favourite = max((p for p in view.prices if p.offered), key=lambda p: p.chance)
    longer = next(p for p in view.prices if p.offered and p.number != favourite.number)
    # The panel shows every height on offer with its payout.
    panel = fetch(room, await open_panel(room, table, room.alice))
    labels = [option.label for option in heights(panel).options]
    assert f"{favourite.number} cards · pays {odds_text(favourite.tenths)} · {favourite.chance:.0%}" in labels
    await bet(room, table, room.alice, favourite.number, "10")
    await bet(room, table, room.bob, longer.number, "5")
    bets = game.view(None).bets
    alice, bob = seat_of(table, room.alice), seat_of(table, room.bob)
    assert [(b.seat, b.number, b.amount, b.tenths) for b in bets[1:]] == [
        (alice, favourite.number, 10, favourite.tenths),
        (bob, longer.number, 5, longer.tenths),
    ]
    store = room.bot.store
    assert await store.balance(room.guild.id, room.alice.id) == 990
    assert await store.balance(room.guild.id, room.bob.id) == 995
    # The table's Details show who bet what at which odds, to anyone.
    details = await answer_to(room, room.carol, table, "Details")
    public = "\n".join(f"{field.name}\n{field.value}" for field in details.fields)
    assert f"10 on **{favourite.number}** at {odds_text(favourite.tenths)}" in public
    # Bob surrenders his bet for its cash-out value, paid at the end.
    value = game.view(None).bets[2].value
    assert 0 < value < 5
    await press(room, table, room.bob, "Surrender #3")
    assert game.view(None).bets[2].status is BetStatus.SURRENDERED
    assert any("surrenders the bet of 5 chips" in line for line in map(english, table.state.log))
    await stand_to_the_end(room, table, [room.alice, room.bob])
    outcome = game.outcome
    assert outcome is not None
    assert outcome.paid_in[bob] == 5 and outcome.paid_out[bob] == value
    final = game.view(None).final
    won = final == favourite.number
    assert outcome.paid_out[alice] == (10 * (10 + favourite.tenths) // 10 if won else 0)
    assert await store.balance(room.guild.id, room.alice.id) == 1000 + outcome.net(alice)
    assert await store.balance(room.guild.id, room.bob.id) == 1000 + outcome.net(bob)
    assert sum(outcome.paid_in) == sum(outcome.paid_out) + outcome.house
    report = await store.audit()
    assert report.ok, report
    # The table message says it: the end of the hand in its lines, the picture's description too.
    assert f"ended {final} high" in text_of(room.message(table.state.message_id))


async def test_bad_amounts_are_refused_and_change_nothing(room: Room) -> None:
    table = await open_peg_leg(room)
    game = table.game
    number = next(p.number for p in game.view(None).prices if p.offered)
    before = (game.to_json(), await room.bot.store.ledger(room.guild.id, table_id=table.id))
    for amount, says in (
        ("five", "The bet must be a whole number of chips"),
        ("3", "The bet must be at least 5 chips"),
        ("101", "You can bet at most 100 chips in a hand"),
    ):
        result = await bet(room, table, room.alice, number, amount)
        assert result.ephemeral and result.response is not None
        assert (result.response.content or "").startswith(says), result.response.content
    after = (game.to_json(), await room.bot.store.ledger(room.guild.id, table_id=table.id))
    assert after == before
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000


async def test_a_restart_mid_hand_keeps_the_bets_and_the_timer_stands_for_absent_players(room: Room) -> None:
    table = await open_peg_leg(room)
    number = max((p for p in table.game.view(None).prices if p.offered), key=lambda p: p.chance).number
    await bet(room, table, room.alice, number, "20")
    saved = table.game.to_json()
    await room.restart()
    table = room.bot.tables.in_channel(room.channel.id)  # type: ignore[assignment]
    assert table is not None and table.game.to_json() == saved
    alice = seat_of(table, room.alice)
    assert table.game.view(None).bets[-1].seat == alice
    # Nobody acts: the timer stands for both members, round after round, to the end.
    rounds = 0
    while table.state.phase is Phase.PLAYING:
        await room.env.advance_time(table.state.turn_timer + 1)
        rounds += 1
        assert rounds < 60
    assert table.state.phase is Phase.BETWEEN
    outcome = table.game.outcome
    assert outcome is not None and outcome.paid_in[alice] == 20
    # Each round the timer played for both members; after two in a row a computer is to
    # take their seats from the next hand.
    assert rounds >= 2
    for member in (room.alice, room.bob):
        index = table.seat_of(member.id)
        assert index is not None and table.state.seats[index].replace
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000 + outcome.net(alice)


async def test_rules_are_explained_privately(room: Room) -> None:
    result = await room.carol.slash(room.channel, "rules", game="peg_leg")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title == "How to play Peg Leg"
    assert "key suit" in embed.description and "surrender" in embed.description
