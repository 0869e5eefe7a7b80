"""Bankroll commands through Discord: what members see and what the ledger holds."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.games.results import signed
from bot.ratings import Skill, shown
from bot.tables import Phase
from tests.e2e.test_prima_carta_hand import open_table_with_bob_and_a_computer
from tests.helpers.room import Room, find_label


async def test_balance_starts_at_the_servers_starting_bankroll(room: Room) -> None:
    result = await room.alice.slash(room.channel, "balance")
    assert result.ephemeral
    assert result.response.content == "You have **1,000** chips."
    ledger = await room.bot.store.ledger(room.guild.id, account=f"member:{room.alice.id}")
    assert [(row["src"], row["amount"]) for row in ledger] == [("grant", 1000)]


async def test_balance_of_another_member(room: Room) -> None:
    result = await room.alice.slash(room.channel, "balance", member=room.bob)
    assert result.response.content == f"<@{room.bob.id}> has **1,000** chips."


@pytest.mark.parametrize("database_url", ["sqlite", "postgres"], indirect=True)
async def test_daily_twice_is_refused_the_second_time_and_says_when(room: Room) -> None:
    first = await room.alice.slash(room.channel, "daily")
    assert first.ephemeral and first.response.content.startswith("You collected **250** chips.")
    second = await room.alice.slash(room.channel, "daily")
    assert second.ephemeral
    assert "already collected" in second.response.content
    assert "<t:" in second.response.content  # a Discord timestamp for the next one
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1250
    await room.env.advance_time(24 * 3600)
    third = await room.alice.slash(room.channel, "daily")
    assert third.response.content.startswith("You collected")
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1500


@pytest.mark.parametrize(
    ("amount", "target", "expected"),
    [
        (0, "bob", "The amount must be a whole number of chips above 0."),
        (-5, "bob", "The amount must be a whole number of chips above 0."),
        (1001, "bob", "You can't give **1,001** chips: you have **1,000** chips."),
        (10, "alice", "You can't give chips to yourself."),
    ],
)
async def test_give_refuses_bad_amounts_and_changes_nothing(
    room: Room, amount: int, target: str, expected: str
) -> None:
    member = room.bob if target == "bob" else room.alice
    await room.alice.slash(room.channel, "balance")
    await room.bob.slash(room.channel, "balance")
    ledger_before = await room.bot.store.ledger(room.guild.id)
    result = await room.alice.slash(room.channel, "give", member=member, amount=amount)
    assert result.ephemeral
    assert result.response.content == expected
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000
    assert await room.bot.store.balance(room.guild.id, room.bob.id) == 1000
    assert await room.bot.store.ledger(room.guild.id) == ledger_before


@pytest.mark.parametrize("database_url", ["sqlite", "postgres"], indirect=True)
async def test_give_moves_chips_publicly_and_privately_confirms(room: Room) -> None:
    result = await room.alice.slash(room.channel, "give", member=room.bob, amount=300)
    assert not result.ephemeral
    assert result.response.content == f"<@{room.alice.id}> gave **300** chips to <@{room.bob.id}>."
    assert result.followups[0].ephemeral
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 700
    assert await room.bot.store.balance(room.guild.id, room.bob.id) == 1300


async def test_settings_are_hidden_from_members_by_default(room: Room) -> None:
    assert "settings" not in room.bob.available_commands(room.channel)
    assert "daily" in room.bob.available_commands(room.channel)


async def test_settings_are_refused_without_manage_server_even_if_shown(room: Room) -> None:
    # An admin may expose the command to everyone in Server Settings → Integrations;
    # the permission check still refuses members without Manage Server.
    command = next(c for c in await room.bot.tree.fetch_commands() if c.name == "settings")
    room.guild.set_command_permissions(command, {room.bob: True})
    result = await room.bob.slash(room.channel, "settings", daily_amount=5000)
    assert result.ephemeral
    assert result.response.content == "Only members with **Manage Server** can change the room's settings."
    # The refusal goes through the tree's error handler; SimCord saw it, and we expect it.
    assert [type(e).__name__ for e in room.env.errors] == ["MissingPermissions"]
    assert (await room.bot.store.guild_settings(room.guild.id)).daily_amount == 250


async def test_an_admin_changes_the_starting_bankroll_and_daily_amount(room: Room) -> None:
    admins = room.guild.create_role("Croupiers", permissions=discord.Permissions(manage_guild=True))
    boss = room.guild.add_member(room.env.create_user("boss"), roles=[admins])
    result = await boss.slash(room.channel, "settings", starting_bankroll=500, daily_amount=50, turn_timer=60)
    assert result.ephemeral
    fields = {f.name: f.value for f in result.response.embeds[0].fields}
    assert fields == {
        "Starting bankroll": "500 chips",
        "Daily amount": "50 chips",
        "Turn timer": "60 seconds (new tables)",
        "Table language": "English (the server's own)",
    }
    newcomer = room.guild.add_member(room.env.create_user("newcomer"))
    assert (await newcomer.slash(room.channel, "balance")).response.content == "You have **500** chips."
    assert (await newcomer.slash(room.channel, "daily")).response.content.startswith(
        "You collected **50** chips."
    )


@pytest.mark.parametrize("database_url", ["sqlite", "postgres"], indirect=True)
async def test_leaderboard_and_stats_agree_with_the_ledger_after_a_hand(room: Room) -> None:
    room.seeds.always(20261122)
    table_id = await open_table_with_bob_and_a_computer(room)
    table = room.bot.tables.get(table_id)
    await room.alice.click(room.message(table.state.message_id), label="Start")
    actors = {room.alice.id: room.alice, room.bob.id: room.bob}
    while table.state.phase is Phase.PLAYING:
        member = actors[table.state.seats[table.to_act].user_id]
        message = room.message(table.state.message_id)
        await member.click(message, label=find_label(message, "Pay the copa"))
    outcome = table.game.outcome
    nets = {seat.user_id: outcome.net(i) for i, seat in enumerate(table.state.seats) if seat.user_id}
    store = room.bot.store
    for user_id, net in nets.items():
        ledger = await store.ledger(room.guild.id, account=f"member:{user_id}")
        flow = sum(r["amount"] if r["dst"] == f"member:{user_id}" else -r["amount"] for r in ledger)
        assert flow == 1000 + net == await store.balance(room.guild.id, user_id)

    board = await room.alice.slash(room.channel, "leaderboard")
    lines = board.response.embeds[0].description.splitlines()
    richest = max(nets, key=lambda uid: nets[uid])
    assert lines[0] == f"1. <@{richest}> — **{1000 + nets[richest]:,}** chips"

    # A game's board ranks by rating (issue 24), from the fifth rated result on.
    game_board = await room.alice.slash(room.channel, "leaderboard", game="prima_carta")
    text = game_board.response.embeds[0].description
    assert text.startswith("Nobody has 5 rated results yet, the least to appear here")

    stats = await room.bob.slash(room.channel, "stats")
    field = {f.name: f.value for f in stats.response.embeds[0].fields}["Prima Carta"]
    # One hand is "1 hand" (it said "1 hands"), and the net is in chips.
    won = "1 win" if nets[room.bob.id] > 0 else "0 wins"
    record, rating = field.splitlines()
    assert record == f"1 hand · {won} · net {nets[room.bob.id]:+,} chips"
    stored = await store.rating(room.guild.id, "prima_carta", room.bob.id)
    assert stored is not None and stored.rated == 1
    now = shown(Skill(stored.mu, stored.sigma))
    change = signed(now - 1000)
    assert rating == (
        f"Rating **{now:,}** · unranked until 5 rated results (1 so far)"
        f" · {change} over the last 1 rated result"
    )


@pytest.mark.parametrize(
    ("command", "options"),
    [("balance", {}), ("give", {"amount": 5}), ("stats", {})],
)
async def test_a_member_option_naming_someone_who_left_is_answered_with_a_sentence(
    room: Room, command: str, options: dict[str, int], caplog: pytest.LogCaptureFixture
) -> None:
    # Dave had chips here, then left the server; Discord still offers him in the member option.
    dave = room.env.create_user("dave")
    left = room.guild.add_member(dave)
    await left.slash(room.channel, "balance")
    room.guild.remove_member(left)
    await room.alice.slash(room.channel, "balance")
    ledger_before = await room.bot.store.ledger(room.guild.id)
    result = await room.alice.slash(room.channel, command, member=dave, **options)
    assert result.ephemeral
    assert result.response.content == "That member isn't in this server."
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert await room.bot.store.ledger(room.guild.id) == ledger_before
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000
    assert await room.bot.store.balance(room.guild.id, dave.id) == 1000
    # discord.py's own refusal reached the tree's error handler; SimCord saw it, and we expect it.
    assert [type(e).__name__ for e in room.env.errors] == ["TransformerError"]
