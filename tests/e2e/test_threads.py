"""A table in its own thread: `/play <game> thread:true` opens a public thread of the channel
named after the game and the host and runs the table there, so one channel can hold several
tables; refused (with nothing opened or charged) where the bot may not make or use threads;
a thread table survives a restart like any other."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.games import GAMES
from bot.tables import Phase, Table
from tests.e2e.test_holdout import first_move
from tests.helpers.room import Room, buttons, controls, fetch, text_lines

STAKE = 5
STACK = GAMES["holdout"].parse_options({}).stack * STAKE  # the default stack, in chips


pytestmark = pytest.mark.seed(4242)


# ------------------------------------------------------------------ helpers
def message_in(channel: simcord.ChannelHandle, message_id: int | None) -> discord.Message:
    for message in channel.history():
        if message.id == message_id:
            return message
    raise AssertionError(f"message {message_id} is not in #{channel.name}")


def the_thread(channel: simcord.ChannelHandle, name: str) -> simcord.ChannelHandle:
    found = [thread for thread in channel.threads if thread.name == name]
    assert len(found) == 1, [thread.name for thread in channel.threads]
    return found[0]


async def open_in_thread(
    room: Room, host: simcord.MemberActor, game: str = "holdout", **options: object
) -> tuple[Table, simcord.ChannelHandle]:
    """/play <game> thread:true: the host is told privately where the table is."""
    before = {thread.id for thread in room.channel.threads}
    result = await host.slash(room.channel, f"play {game}", stake=STAKE, thread=True, **options)
    assert result.ephemeral and result.response is not None
    [thread] = [t for t in room.channel.threads if t.id not in before]
    name = GAMES[game.replace("-", "_")].name
    assert result.response.content == f"Your {name} table is open in <#{thread.id}>."
    table = room.bot.tables.in_channel(thread.id)
    assert table is not None and table.state.channel_id == thread.id
    return table, thread


def seated(room: Room, table: Table, seat: int) -> simcord.MemberActor:
    members = {m.id: m for m in (room.alice, room.bob, room.carol)}
    user_id = table.state.seats[seat].user_id
    assert user_id is not None
    return members[user_id]


async def open_panels(room: Room, thread: simcord.ChannelHandle, table: Table) -> dict[int, int]:
    panels = {}
    for seat in range(len(table.state.seats)):
        result = await seated(room, table, seat).click(
            message_in(thread, table.state.message_id), label="Your hand"
        )
        assert result.ephemeral and result.response is not None
        assert result.response.channel_id == thread.id
        panels[seat] = result.response.id
    return panels


async def pass_two(room: Room, thread: simcord.ChannelHandle, table: Table, seat: int, panel_id: int) -> None:
    panel = fetch(room, panel_id, thread)
    select = next(c for c in controls(panel) if isinstance(c, discord.SelectMenu))
    result = await seated(room, table, seat).select(panel, ["0", "1"], custom_id=select.custom_id)
    assert result.acknowledged


async def play_out(room: Room, thread: simcord.ChannelHandle, table: Table, panels: dict[int, int]) -> None:
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat is not None
        panel = fetch(room, panels[seat], thread)
        await seated(room, table, seat).click(panel, custom_id=first_move(panel))


def parent_posts(room: Room) -> list[discord.Message]:
    """What the bot posted in the parent channel itself (not the thread-started notices)."""
    return [m for m in room.public_messages() if m.type is not discord.MessageType.thread_created]


# -------------------------------------------------------------------- tests
@pytest.mark.parametrize("game_id", list(GAMES))
async def test_every_play_subcommand_has_the_thread_option(room: Room, game_id: str) -> None:
    group = room.bot.tree.get_command("play")
    assert isinstance(group, discord.app_commands.Group)
    command = group.get_command(game_id.replace("_", "-"))
    assert isinstance(command, discord.app_commands.Command)
    [thread] = [p for p in command.parameters if p.name == "thread"]
    assert thread.type is discord.AppCommandOptionType.boolean and not thread.required
    assert thread.description == "Open the table in a new thread of this channel (default no)"


async def test_a_thread_table_opens_in_its_own_thread_and_plays_there(room: Room) -> None:
    table, thread = await open_in_thread(room, room.alice)
    assert thread.is_thread and thread.name == "Holdout · alice"
    assert the_thread(room.channel, "Holdout · alice").id == thread.id
    # The table message is in the thread; the channel only shows Discord's "started a thread".
    message = message_in(thread, table.state.message_id)
    assert text_lines(message)[0].startswith("**Holdout**") and "Join" in buttons(message)
    assert parent_posts(room) == []
    assert room.bot.tables.in_channel(room.channel.id) is None

    for member in (room.bob, room.carol):
        result = await member.click(message_in(thread, table.state.message_id), label="Join")
        assert result.acknowledged and not result.ephemeral
    await room.alice.click(message_in(thread, table.state.message_id), label="Start")
    assert table.state.phase is Phase.PLAYING
    for member in (room.alice, room.bob, room.carol):
        assert await room.bot.store.balance(room.guild.id, member.id) == 1000 - STACK

    panels = await open_panels(room, thread, table)
    for seat, panel_id in panels.items():
        await pass_two(room, thread, table, seat, panel_id)
    await play_out(room, thread, table, panels)
    assert table.state.phase is Phase.BETWEEN
    assert sum(table.state.stacks.values()) == 3 * STACK
    # Turn pings went to the thread, not the channel.
    assert any("it's your turn" in (m.content or "") for m in thread.history())
    assert parent_posts(room) == []


async def test_thread_tables_and_the_channel_table_do_not_block_each_other(room: Room) -> None:
    first, first_thread = await open_in_thread(room, room.alice)
    # The parent channel still takes a table of its own...
    result = await room.bob.slash(room.channel, "play prima-carta", stake=STAKE)
    assert not result.ephemeral
    here = room.bot.tables.in_channel(room.channel.id)
    assert here is not None and here.id != first.id
    assert text_lines(message_in(room.channel, here.state.message_id))[0].startswith("**Prima Carta**")
    # ...and another thread table, even with the channel's table open.
    second, second_thread = await open_in_thread(room, room.carol, "primero")
    assert second_thread.name == "Primero · carol" and second_thread.id != first_thread.id
    assert {t.name for t in room.channel.threads} == {"Holdout · alice", "Primero · carol"}
    assert len({first.id, second.id, here.id}) == 3
    # One table per thread still holds: /play inside a thread with a table points to it.
    result = await room.bob.slash(first_thread, "play holdout", stake=STAKE)
    assert result.ephemeral and result.response is not None
    assert result.response.content.startswith("This thread already has an open Holdout table:")
    assert f"/{first_thread.id}/{first.state.message_id}" in result.response.content
    assert result.response.content.endswith("Join it there or wait for it to close.")
    # And there are no threads within threads.
    result = await room.bob.slash(first_thread, "play holdout", stake=STAKE, thread=True)
    assert result.ephemeral and result.response is not None
    assert result.response.content.startswith("This is already a thread")
    assert len(room.bot.tables.tables) == 3


async def test_play_without_thread_inside_a_thread_opens_the_table_there(room: Room) -> None:
    table, thread = await open_in_thread(room, room.alice)
    await room.alice.click(message_in(thread, table.state.message_id), label="Cancel")
    assert table.state.phase is Phase.CLOSED
    result = await room.bob.slash(thread, "play holdout", stake=STAKE)
    assert not result.ephemeral and result.response is not None
    assert result.response.channel_id == thread.id
    reopened = room.bot.tables.in_channel(thread.id)
    assert reopened is not None and reopened.id != table.id


THREAD_NEEDS = {
    "create_public_threads": "create public threads",
    "send_messages_in_threads": "send messages in threads",
}


async def assert_nothing_opened(
    room: Room, channel: simcord.ChannelHandle, ledger: list[dict[str, object]], balance: int
) -> None:
    assert channel.threads == []
    assert room.bot.tables.tables == {} or all(
        t.state.phase is Phase.CLOSED for t in room.bot.tables.tables.values()
    )
    assert await room.bot.store.open_tables() == []
    assert not [m for m in channel.history() if not m.flags.ephemeral], "something public was posted"
    assert await room.bot.store.ledger(room.guild.id) == ledger
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == balance


@pytest.mark.parametrize("permission", list(THREAD_NEEDS))
async def test_thread_true_is_refused_without_the_thread_permissions(room: Room, permission: str) -> None:
    me = room.guild.me
    assert me is not None
    channel = room.guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(**{permission: False})}
    )
    balance = await room.bot.store.balance(room.guild.id, room.alice.id)  # grants the first bankroll
    ledger = await room.bot.store.ledger(room.guild.id)
    result = await room.alice.slash(channel, "play holdout", stake=STAKE, thread=True)
    assert result.ephemeral and result.response is not None
    text = result.response.content
    assert text == (
        f"I can't run a table thread in this channel: I'm not allowed to {THREAD_NEEDS[permission]} "
        "here. Ask a server admin to give me those permissions, or use another channel."
    )
    await assert_nothing_opened(room, channel, ledger, balance)
    # Without `thread`, the same channel still takes a table (those permissions aren't needed).
    result = await room.alice.slash(channel, "play holdout", stake=STAKE)
    assert not result.ephemeral and room.bot.tables.in_channel(channel.id) is not None


async def test_a_thread_discord_refuses_opens_nothing(room: Room) -> None:
    balance = await room.bot.store.balance(room.guild.id, room.alice.id)
    ledger = await room.bot.store.ledger(room.guild.id)
    # 160006: the server has as many active threads as Discord allows
    room.env.inject_error("POST", "/channels/*/threads", status=400, code=160006, message="Too many threads")
    result = await room.alice.slash(room.channel, "play holdout", stake=STAKE, thread=True)
    assert result.ephemeral and result.response is not None
    assert result.response.content == (
        "Discord wouldn't let me open a thread here, so I opened no table. "
        "Try again, or play in the channel itself."
    )
    await assert_nothing_opened(room, room.channel, ledger, balance)


async def test_a_host_who_cannot_afford_the_stack_gets_no_empty_thread(room: Room) -> None:
    balance = await room.bot.store.balance(room.guild.id, room.alice.id)
    ledger = await room.bot.store.ledger(room.guild.id)
    result = await room.alice.slash(room.channel, "play holdout", stake=balance, thread=True)
    assert result.ephemeral and result.response is not None
    assert result.response.content.startswith("You need at least")
    await assert_nothing_opened(room, room.channel, ledger, balance)


async def test_a_thread_table_survives_a_restart(room: Room) -> None:
    table, thread = await open_in_thread(room, room.alice)
    for member in (room.bob, room.carol):
        await member.click(message_in(thread, table.state.message_id), label="Join")
    await room.alice.click(message_in(thread, table.state.message_id), label="Start")
    panels = await open_panels(room, thread, table)
    await pass_two(room, thread, table, 0, panels[0])
    version, held = table.version, await room.bot.store.audit()

    await room.restart()
    restored = room.bot.tables.in_channel(thread.id)
    assert restored is not None and restored.id == table.id and restored.version == version
    assert isinstance(room.bot.get_channel(thread.id), discord.Thread)
    assert room.bot.tables.in_channel(room.channel.id) is None
    assert (await room.bot.store.audit()).guilds == held.guilds
    # The old panels still work in the thread, and the table message there is redrawn.
    for seat in (1, 2):
        await pass_two(room, thread, restored, seat, panels[seat])
    assert restored.version > version
    shown = message_in(thread, restored.state.message_id)
    assert shown.id == table.state.message_id and "Your hand" in buttons(shown)
    panels = await open_panels(room, thread, restored)
    await play_out(room, thread, restored, panels)
    assert restored.state.phase is Phase.BETWEEN
    assert sum(restored.state.stacks.values()) == 3 * STACK
    assert parent_posts(room) == []


async def test_a_thread_missing_from_the_cache_is_fetched(room: Room) -> None:
    """Discord sends only active threads at start-up (and discord.py drops a thread from its
    cache when it archives): the table must still reach its thread. SimCord sends every
    thread, so the test drops it from discord.py's cache itself."""
    table, thread = await open_in_thread(room, room.alice)
    await room.bob.click(message_in(thread, table.state.message_id), label="Join")
    await room.restart()
    guild = room.bot.get_guild(room.guild.id)
    cached = room.bot.get_channel(thread.id)
    assert guild is not None and isinstance(cached, discord.Thread)
    guild._remove_thread(cached)  # what an archived thread looks like to the bot
    assert room.bot.get_channel(thread.id) is None
    before = {m.id for m in thread.history()}
    await room.alice.click(message_in(thread, table.state.message_id), label="Start")
    restored = room.bot.tables.in_channel(thread.id)
    assert restored is not None and restored.state.phase is Phase.PLAYING
    # The turn ping (sent through the channel the table looked up) reached the thread.
    pings = [m for m in thread.history() if m.id not in before and f"<@{room.bob.id}>" in m.content]
    assert pings, [m.content for m in thread.history()]


async def test_a_table_message_the_thread_refuses_closes_the_table_and_refunds(room: Room) -> None:
    balance = await room.bot.store.balance(room.guild.id, room.alice.id)
    room.env.inject_error("POST", "/channels/*/messages", status=403, code=50013, message="Missing Access")
    result = await room.alice.slash(room.channel, "play holdout", stake=STAKE, thread=True)
    assert result.ephemeral and result.response is not None
    assert result.response.content == (
        "Discord wouldn't let me post the table in its thread, so I closed it and "
        "gave back any chips it took."
    )
    assert await room.bot.store.open_tables() == []
    assert all(t.state.phase is Phase.CLOSED for t in room.bot.tables.tables.values())
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == balance
    assert parent_posts(room) == []
