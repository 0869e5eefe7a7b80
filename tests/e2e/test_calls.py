"""Discord REST calls per move (issue 21): counted from SimCord's side, as Discord would see
them, and by the display's own counter (`Display.calls`)."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest

from bot.channel_rate import ChannelRate
from bot.tables import Phase, Table
from bot.tables.commit import TableChange
from tests.e2e.test_prefa import step
from tests.e2e.test_prima_carta_hand import started_with_bob_and_a_computer
from tests.helpers.room import (
    Panels,
    Room,
    button_ids,
    buttons,
    controls,
    find_label,
    open_table,
    picture_url,
    text_of,
)


def calls(room: Room, since: int = 0) -> Counter[str]:
    """The bot's REST calls SimCord answered since entry `since` of its log, by kind."""
    kinds: Counter[str] = Counter()
    for entry in room.env.backend.http_requests[since:]:
        method, path = entry.method, entry.path
        if path.startswith("/interactions/"):
            kinds["response"] += 1
        elif path.startswith("/webhooks/") and method == "PATCH":
            kinds["panel edit"] += 1
        elif path.startswith("/webhooks/"):
            kinds["follow-up"] += 1
        elif path.startswith("/channels/") and "/messages" in path:
            kinds[
                {"PATCH": "table edit", "POST": "message send", "DELETE": "message delete"}.get(
                    method, method
                )
            ] += 1
    return kinds


def mark(room: Room) -> int:
    return len(room.env.backend.http_requests)


async def table_of_three_computers(room: Room) -> tuple[Table, list[int]]:
    """Alice at a Prima Carta table with three computers, her hand dealt and hers to act;
    and the versions of the changes the clock publishes from then on."""
    await room.alice.slash(room.channel, "play prima-carta", stake=10)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    for _ in range(3):
        await room.alice.click(room.message(table.state.message_id), label="Add bot")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    assert table.state.seats[table.to_act or 0].user_id == room.alice.id
    published: list[int] = []
    changes = room.bot.tables.autoplay.changes
    publish: Callable[[TableChange], Awaitable[None]] = changes.publish

    async def counted(change: TableChange) -> None:
        published.append(change.table.version)
        await publish(change)

    changes.publish = counted  # type: ignore[method-assign]
    return table, published


async def test_consecutive_computer_moves_are_shown_in_fewer_table_edits(room: Room) -> None:
    table, published = await table_of_three_computers(room)
    start = mark(room)
    message = room.message(table.state.message_id)
    await room.alice.click(message, label=find_label(message, "Pay the copa"))
    made = calls(room, start)
    # Her move is answered in its response; the three computers' moves after it, and the
    # passes after the copa (dealt one at a time, `PASS_DELAY`, 0 here), are drawn by the
    # table's drawing task, coalesced: one edit in flight, the next draws the latest.
    assert len(published) >= 3 and table.state.phase is Phase.BETWEEN
    assert made["response"] == 1
    assert 1 <= made["table edit"] < len(published)
    # What everyone sees is the table as it ended: the last state, with its buttons.
    shown = room.message(table.state.message_id)
    assert "Deal next hand" in buttons(shown)
    assert all(f":{table.version}:" in custom for custom in button_ids(shown) if custom.startswith("rd:"))
    assert room.bot.display.calls(table.id)["table edit"] == made["table edit"]


async def test_the_same_member_to_act_again_is_not_pinged_again(room: Room) -> None:
    table = await started_with_bob_and_a_computer(room)
    seat = table.to_act
    assert seat is not None
    member = table.state.seats[seat].user_id
    pings = [m for m in room.public_messages() if m.content.startswith(f"<@{member}>")]
    assert len(pings) == 1
    start = mark(room)
    # A new turn of the same member (as after a trick they won, or two moves in a row),
    # published as the clock publishes its changes: under the table's lock.
    async with table.lock:
        table.state.version += 1
        table.state.turn_since = table.version
        await room.bot.tables.autoplay.changes.publish(TableChange(table, ping=True))
    await room.env.settle()
    made = calls(room, start)
    assert made["message send"] == 0 and made["message delete"] == 0
    assert [m.id for m in room.public_messages() if m.content.startswith(f"<@{member}>")] == [pings[0].id]
    assert room.bot.display.calls(table.id)["ping send"] == 1


@pytest.mark.seed(range(1212, 1212 + 100))
async def test_a_members_move_with_no_other_panel_open_costs_at_most_two_calls(room: Room) -> None:
    """Three members play a hand of Prefa from their panels. A move is answered on the
    mover's panel (the response) and shown to the others on the table message (one edit):
    two calls; only when the turn passes to another member is that member pinged (the ping
    sent, the previous one deleted). The same member to act again is not pinged again."""
    members = [room.alice, room.bob, room.carol]
    table = await open_table(room, "prefa", members)
    screen = room.bot.display.screen(table)
    again = 0
    hand = table.state.hand_no
    while table.state.phase is Phase.PLAYING and table.state.hand_no == hand:
        seat = table.to_act
        assert seat is not None
        mover = table.state.seats[seat].user_id
        screen.panels.clear()  # nobody else has a panel open (they expired, or were never opened)
        opened = mark(room)
        await step(room, table, members)  # Your hand, then the move on that panel
        made = calls(room, opened)
        made["response"] -= 1  # the member pressing Your hand: not part of the move
        to_act = table.to_act
        playing = to_act is not None and table.state.phase is Phase.PLAYING
        next_member = table.state.seats[to_act].user_id if playing and to_act is not None else None
        if next_member in (mover, None):
            again += next_member == mover
            assert made.total() <= 2, made
            assert made["message send"] == 0 and made["message delete"] == 0, made
        else:
            assert made.total() <= 4, made
    assert again, "the seeds gave no member two turns in a row: pick others"


@pytest.mark.seed(1212)
async def test_a_panel_a_move_did_not_change_is_not_edited(room: Room) -> None:
    members = [room.alice, room.bob, room.carol]
    table = await open_table(room, "prefa", members)
    seat = table.to_act
    assert seat is not None
    mover = next(m for m in members if m.id == table.state.seats[seat].user_id)
    onlooker, third = (m for m in members if m is not mover)
    panels = Panels(room, table)
    before = await panels.open(onlooker)
    start = mark(room)
    # A click that changes the table but nothing of the onlooker's hand or turn.
    await third.click(room.message(table.state.message_id), label="Leave after this hand")
    made = calls(room, start)
    assert made["panel edit"] == 0, made
    assert panels.panel(onlooker).embeds[0].to_dict() == before.embeds[0].to_dict()


def uploads(room: Room, since: int) -> list[str]:
    """The names of the files the bot uploaded since entry `since` of SimCord's log (an
    attachment given by name is new; one kept from the message is given by its id only)."""
    names: list[str] = []
    for entry in room.env.backend.http_requests[since:]:
        body = entry.json if isinstance(entry.json, dict) else {}
        data = body.get("data", body) if isinstance(body.get("data"), dict) else body
        names += [a["filename"] for a in data.get("attachments") or [] if "filename" in a]
    return names


async def test_an_unchanged_table_picture_is_not_uploaded_again_after_a_restart(room: Room) -> None:
    table = await started_with_bob_and_a_computer(room)
    assert room.message(table.state.message_id).attachments  # the drawn table
    await room.restart()
    table = room.bot.tables.get(table.id)
    assert table is not None
    seat = table.to_act
    assert seat is not None
    other = room.bob if table.state.seats[seat].user_id == room.alice.id else room.alice
    start = mark(room)
    # A click that leaves the drawn table as it was: the message keeps its picture.
    await other.click(room.message(table.state.message_id), label="Leave after this hand")
    assert calls(room, start)["response"] == 1
    assert uploads(room, start) == []
    assert room.message(table.state.message_id).attachments


async def test_a_tables_rest_calls_are_counted_and_logged_when_it_closes(
    room: Room, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="bot.display")
    table = await started_with_bob_and_a_computer(room)
    start, before = mark(room), room.bot.display.calls(table.id)
    await play_hand_out(room, table)
    await room.alice.click(room.message(table.state.message_id), label="Close table")
    assert table.state.phase is Phase.CLOSED
    made = calls(room, start)
    # Each change says at DEBUG what it cost; the close sums the table up at INFO.
    assert any("REST call(s) for" in r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG)
    closed = [
        r.getMessage()
        for r in caplog.records
        if r.levelno == logging.INFO and "closed after" in r.getMessage()
    ]
    assert len(closed) == 1 and closed[0].startswith(f"table {table.id} closed after ")
    # The counter agrees with what Discord (SimCord) was asked, kind by kind.
    counted = room.bot.display.totals - before
    names = {"message send": "ping send", "message delete": "ping delete"}
    assert counted == Counter({names.get(kind, kind): n for kind, n in made.items()})


async def play_hand_out(room: Room, table: Table) -> None:
    """The members to act pay the copa until the hand ends (the computer plays itself)."""
    actors = {room.alice.id: room.alice, room.bob.id: room.bob}
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat is not None
        message = room.message(table.state.message_id)
        await actors[table.state.seats[seat].user_id or 0].click(
            message, label=find_label(message, "Pay the copa")
        )


async def test_a_table_is_edited_at_most_once_per_computer_delay_for_its_own_changes(room: Room) -> None:
    table, published = await table_of_three_computers(room)
    room.bot.display.computer_delay = 30.0  # the computers still move at once (the clock's delay is 0)
    start = mark(room)
    message = room.message(table.state.message_id)
    await room.alice.click(message, label=find_label(message, "Pay the copa"))
    assert len(published) >= 3 and table.state.phase is Phase.BETWEEN  # moves, then the passes
    # The first computer move is drawn at once; the changes after it wait for the delay.
    assert calls(room, start)["table edit"] == 1
    assert "Deal next hand" not in [b.label for b in controls(room.message(table.state.message_id))]
    drawn = calls(room, start)["table edit"]
    await room.env.advance_time(30)  # (the clock may deal the next hand meanwhile)
    assert calls(room, start)["table edit"] > drawn
    shown = room.message(table.state.message_id)
    assert all(f":{table.version}:" in custom for custom in button_ids(shown) if custom.startswith("rd:"))


def channel_ops(room: Room, since: int) -> int:
    """The message operations (sends, edits, deletes) in channels since entry `since` of the
    log: what Discord's per-channel message rate counts."""
    return sum(
        entry.path.startswith("/channels/") and "/messages" in entry.path
        for entry in room.env.backend.http_requests[since:]
    )


async def test_the_tables_own_changes_keep_to_the_channels_message_rate(room: Room) -> None:
    """Alice plays three computers as fast as she can click, and they answer at once: the
    table message and her pings, which the table's own changes send, keep to the channel's
    5 message operations per 5 seconds; what the computers play meanwhile is drawn together."""
    # Discord's 5 operations a channel, over a window of a minute rather than 5 seconds: the
    # drawings' waits are then longer than SimCord lets the bot run by itself after a click,
    # so the test moves time itself (SimCord would otherwise wait out each one for real).
    window = 60.0
    room.bot.display.rate = ChannelRate(5, window)
    table, published = await table_of_three_computers(room)
    began, seen = room.env.now(), mark(room)
    ops_at: list[float] = []

    def made_by_now() -> None:
        nonlocal seen
        ops_at.extend([(room.env.now() - began).total_seconds()] * channel_ops(room, seen))
        seen = mark(room)

    for _ in range(24):
        message = room.message(table.state.message_id)
        to_act = table.to_act
        if table.state.phase is Phase.PLAYING and to_act is not None:
            shown = [b.label or "" for b in controls(message)]  # a drawing may still be waiting for room
            if table.state.seats[to_act].user_id == room.alice.id and any(
                s.startswith("Pay the copa") for s in shown
            ):
                await room.alice.click(message, label=find_label(message, "Pay the copa"))
        elif table.state.phase is Phase.BETWEEN and "Deal next hand" in [b.label for b in controls(message)]:
            await room.alice.click(message, label="Deal next hand")
        made_by_now()
        await room.env.advance_time(window / 5)
        made_by_now()
    assert len(published) > 10, "the computers hardly played: the test shows nothing"
    busiest = max(sum(t - window < at <= t for at in ops_at) for t in ops_at)
    assert busiest <= 5, f"{busiest} message operations in one channel within {window} s"
    # Nothing is lost by waiting: in the end the table message shows the table as it is.
    await room.env.advance_time(window)
    shown = room.message(table.state.message_id)
    assert all(f":{table.version}:" in custom for custom in button_ids(shown) if custom.startswith("rd:"))


async def test_a_click_whose_picture_is_late_is_answered_at_once_and_the_picture_follows_in_one_edit(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new picture is not drawn when the copa is answered: the answer goes with the new
    words and buttons and the picture the message showed (it waits `picture_wait`, not for
    the drawing), and once drawn the new picture is put on the table message by one edit of
    that answer (the interaction's webhook, not a channel message operation)."""
    await room.alice.slash(room.channel, "play prima-carta", stake=10)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    picker = await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.bob.click(picker.response.message, label="Locks")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    seat = table.to_act
    assert seat is not None and table.state.phase is Phase.PLAYING
    mover = room.alice if table.state.seats[seat].user_id == room.alice.id else room.bob
    before = room.message(table.state.message_id)
    old_picture = picture_url(before)
    assert old_picture is not None

    # A click's answer that may not wait at all: the new picture is not drawn yet when it
    # goes (as when the drawing workers are busy). What the member saw then is kept.
    seen_then = []
    respond = discord.InteractionResponse.edit_message

    async def answering(self: discord.InteractionResponse, **fields: Any) -> Any:
        result = await respond(self, **fields)
        seen_then.append(room.message(table.state.message_id))
        return result

    monkeypatch.setattr(discord.InteractionResponse, "edit_message", answering)
    room.bot.display.picture_wait = 0
    start = mark(room)
    await mover.click(before, label=find_label(before, "Pay the copa"))

    (then,) = seen_then
    assert picture_url(then) == old_picture, "the answer did not wait for the new picture"
    assert text_of(then) != text_of(before), "its words are the table's after the copa"
    now = room.message(table.state.message_id)
    assert picture_url(now) != old_picture and picture_url(now) is not None
    assert text_of(now) == text_of(then)
    made = calls(room, start)
    webhook_edits = [
        r for r in room.env.backend.http_requests[start:] if r.method == "PATCH" and "/@original" in r.path
    ]
    assert made["response"] == 1 and len(webhook_edits) == 1 and made["table edit"] == 0
    assert room.bot.display.calls(table.id)["response edit"] == 1


async def test_the_pictures_a_members_buttons_lead_to_are_drawn_while_they_think(room: Room) -> None:
    """With drawing workers (a real pool), the table pictures the member to act's buttons
    lead to are drawn while they think (SimCord's settle after the deal joins that work);
    the copa then finds its picture drawn: answered with it at once, though its answer may not
    wait for a picture at all, and nothing follows."""
    room.settings.workers = 1
    room.env.settle_timeout = 60  # a bound on the bot's work: processes to start on a busy machine
    await room.restart()  # the bot as built with WORKERS=1: two drawing processes
    await room.alice.slash(room.channel, "play prima-carta", stake=10)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    picker = await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.bob.click(picker.response.message, label="Locks")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    pictures = room.bot.display.pictures
    # The copa's (two players: a fold ends the hand, whose settlement changes the table, so it
    # is not drawn ahead).
    assert pictures.drawn_ahead == 1
    seat = table.to_act
    assert seat is not None
    mover = room.alice if table.state.seats[seat].user_id == room.alice.id else room.bob
    room.bot.display.picture_wait = 0
    before = room.message(table.state.message_id)
    start = mark(room)
    await mover.click(before, label=find_label(before, "Pay the copa"))
    now = room.message(table.state.message_id)
    drawn = await pictures.table(table)
    assert drawn is not None and [a.filename for a in now.attachments] == [drawn.filename]
    assert picture_url(now) != picture_url(before)
    made = calls(room, start)
    assert made["response"] == 1 and made["panel edit"] == 0 and made["table edit"] == 0
