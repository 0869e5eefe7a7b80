"""Three members play Holdout through Discord: the secret pass, private hand panels, moves,
refusals, restarts and the stacks they bring to the table."""

from __future__ import annotations

import logging
import re

import discord
import pytest
import simcord

from bot.storage import member_account, table_account
from bot.tables import Phase, Table
from engine.core.cards import Card
from engine.core.msg import english
from engine.holdout.game import Phase as HandPhase
from tests.helpers.room import (
    Room,
    answer_to,
    buttons,
    click_as_rendered,
    controls,
    fetch,
    leave_now,
    open_table,
    text_of,
)

SEED = 4242
STAKE = 5
STACK = 20 * STAKE  # the default stack


pytestmark = pytest.mark.seed(SEED)


async def open_holdout(room: Room, *players: simcord.MemberActor, start: bool = True) -> Table:
    """The first of `players` (Alice, Bob and Carol if none are named) opens a Holdout table."""
    members = players or (room.alice, room.bob, room.carol)
    return await open_table(room, "holdout", members, start=start, stake=STAKE)


# ------------------------------------------------------------------ helpers
def actors(room: Room) -> dict[int, simcord.MemberActor]:
    return {m.id: m for m in (room.alice, room.bob, room.carol)}


def member_at(room: Room, table: Table, seat: int) -> simcord.MemberActor:
    user_id = table.state.seats[seat].user_id
    assert user_id is not None
    return actors(room)[user_id]


async def open_panel(room: Room, member: simcord.MemberActor, table: Table) -> int:
    result = await member.click(room.message(table.state.message_id), label="Your hand")
    assert result.ephemeral and result.response is not None
    return result.response.id


def panel_text(message: discord.Message) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts.append(str(embed.to_dict()))
    return "\n".join(parts)


def custom_ids(message: discord.Message) -> list[str]:
    return [c.custom_id for c in controls(message) if getattr(c, "custom_id", None)]  # type: ignore[misc]


def hand_of(table: Table, seat: int) -> tuple[Card, ...]:
    assert table.game is not None
    return table.game.view(seat).hand or ()


def hidden_cards(table: Table) -> set[Card]:
    """Every card nobody may see in public right now: all but the cards in the line(s)."""
    assert table.game is not None
    data = table.game.to_json()
    played = {text for line in data["lines"] for text in line}
    return {card for card in table.game.order if card.code not in played}


def mentions(text: str, card: Card) -> bool:
    return re.search(re.escape(card.short) + r"(?![0-9])", text) is not None or card.code in text


def assert_nothing_hidden_in_public(room: Room, table: Table) -> None:
    hidden = hidden_cards(table)
    for message in room.public_messages():
        text = panel_text(message) + " ".join(custom_ids(message))
        leaked = [card.short for card in hidden if mentions(text, card)]
        assert not leaked, f"public message {message.id} shows hidden cards {leaked}"
    for message in room.channel.history():
        for custom in custom_ids(message):
            assert not any(mentions(custom, card) for card in hidden), custom
            assert not any(suit in custom for suit in ("crowns", "locks", "fruit", "swords", "cups"))


async def pass_two(room: Room, member: simcord.MemberActor, panel_id: int) -> simcord.InteractionResult:
    panel = fetch(room, panel_id)
    select = next(c for c in controls(panel) if isinstance(c, discord.SelectMenu))
    return await member.select(panel, ["0", "1"], custom_id=select.custom_id)


def first_move(panel: discord.Message) -> str:
    """The first usable move on a panel: a card, else seconds, else fold."""
    usable = [c for c in controls(panel) if isinstance(c, discord.Button) and not c.disabled]
    for kind in (":play.", ":seconds.", ":fold"):
        for button in usable:
            if button.custom_id and kind in button.custom_id:
                return button.custom_id
    raise AssertionError(f"no move on the panel: {[b.label for b in usable]}")


async def everyone_passes(room: Room, table: Table) -> dict[int, int]:
    """Each member opens their hand and passes their two lowest-placed cards."""
    panels = {}
    for seat in range(len(table.state.seats)):
        member = member_at(room, table, seat)
        panels[seat] = await open_panel(room, member, table)
    for seat, panel_id in panels.items():
        result = await pass_two(room, member_at(room, table, seat), panel_id)
        assert result.acknowledged
        assert_nothing_hidden_in_public(room, table)
    return panels


async def play_out(room: Room, table: Table, panels: dict[int, int]) -> None:
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat is not None
        member = member_at(room, table, seat)
        panel = fetch(room, panels[seat])
        assert "Your turn" in panel_text(panel), "the open panel redraws itself when the turn comes"
        await member.click(panel, custom_id=first_move(panel))
        assert_nothing_hidden_in_public(room, table)


# -------------------------------------------------------------------- tests
async def test_three_members_play_a_whole_hand_with_the_secret_pass(room: Room, caplog) -> None:
    caplog.set_level(logging.DEBUG, logger="bot")
    caplog.set_level(logging.DEBUG, logger="cogs")
    store = room.bot.store
    table = await open_holdout(room)
    # Each member brought a stack of 100 stakes, held in the table's escrow.
    for member in (room.alice, room.bob, room.carol):
        assert await store.balance(room.guild.id, member.id) == 1000 - STACK
    assert table.state.stacks == {"1": STACK, "2": STACK, "3": STACK}
    assert table.game is not None and table.game.view(None).phase is HandPhase.PASS
    public = room.message(table.state.message_id)
    assert "Your hand" in buttons(public)
    assert "the pass" in text_of(public)
    assert_nothing_hidden_in_public(room, table)

    panels = {}
    for seat in range(3):
        member = member_at(room, table, seat)
        panels[seat] = await open_panel(room, member, table)
        text = panel_text(fetch(room, panels[seat]))
        mine = hand_of(table, seat)
        assert len(mine) == 5 and all(mentions(text, card) for card in mine)
        others = {card for other in range(3) if other != seat for card in hand_of(table, other)}
        assert not any(mentions(text, card) for card in others), "a panel shows only its own cards"
        # Only that member can see their panel: nobody else could even click on it.
        intruder = room.bob if member is not room.bob else room.carol
        with pytest.raises(simcord.SetupError):
            await intruder.click(fetch(room, panels[seat]), label="x")

    before = {seat: hand_of(table, seat) for seat in range(3)}
    for seat in range(3):
        await pass_two(room, member_at(room, table, seat), panels[seat])
        if seat < 2:
            assert table.game.view(None).phase is HandPhase.PASS  # nothing moves until all have chosen
            text = panel_text(fetch(room, panels[seat]))
            assert "You passed" in text and "Waiting for" in text
        assert_nothing_hidden_in_public(room, table)
    assert table.game.view(None).phase is HandPhase.PLAY
    for seat in range(3):
        view = table.game.view(seat)
        giver = (seat - 1) % 3
        assert view.received is not None and set(view.received) <= set(before[giver])
        text = panel_text(fetch(room, panels[seat]))
        assert "You received" in text, "the panel redraws itself once the pass is done"
        assert all(mentions(text, card) for card in view.received)

    await play_out(room, table, panels)
    assert table.state.phase is Phase.BETWEEN
    outcome = table.game.outcome
    assert outcome is not None
    # Stacks carry the result; the bankrolls are untouched until the players leave.
    assert sum(table.state.stacks.values()) == 3 * STACK
    for index, seat in enumerate(table.state.seats):
        assert table.state.stacks[seat.choice] == STACK + outcome.net(index)
    assert (await store.audit()).ok
    # The bot's own log lines never name a card at all, hidden or not.
    every_card = set(table.game.order)
    for record in caplog.records:
        if record.name.startswith(("bot", "cogs")):
            message = record.getMessage()
            assert not any(mentions(message, card) for card in every_card), message


async def test_leaving_between_hands_returns_the_stack_to_the_bankroll(room: Room) -> None:
    table = await open_holdout(room)
    panels = await everyone_passes(room, table)
    await play_out(room, table, panels)
    bob_seat = table.seat_of(room.bob.id)
    assert bob_seat is not None
    stack = table.state.stacks[table.state.seats[bob_seat].choice]
    await room.bob.click(room.message(table.state.message_id), label="Leave")
    assert await room.bot.store.balance(room.guild.id, room.bob.id) == 1000 - STACK + stack
    rows = await room.bot.store.ledger(room.guild.id, table_id=table.id)
    assert [r["reason"] for r in rows if member_account(room.bob.id) in (r["src"], r["dst"])] == [
        "buy-in",
        "cash-out",
    ]


async def test_someone_elses_panel_controls_and_moves_out_of_turn_are_refused(room: Room) -> None:
    table = await open_holdout(room)
    panels = await everyone_passes(room, table)
    seat = table.to_act
    assert seat is not None
    to_act = member_at(room, table, seat)
    other_seat = (seat + 1) % 3
    other = member_at(room, table, other_seat)
    their_panel = fetch(room, panels[seat])
    move = first_move(their_panel)
    version, state = table.version, table.snapshot()
    # Another member sends the mover's control (a crafted client, or a shared screenshot's id).
    own_panel = fetch(room, panels[other_seat])
    result = await click_as_rendered(other, own_panel, move)
    assert result.ephemeral and "another player's hand" in result.response.content
    # Their own control, but not their turn.
    token = table.panel_token(other_seat)
    choice = table.state.seats[other_seat].choice
    result = await click_as_rendered(other, own_panel, f"rp:{table.id}:{choice}:{token}:play.0.0")
    assert result.ephemeral and "isn't your turn" in result.response.content
    # A made-up move by the member to act.
    result = await click_as_rendered(to_act, their_panel, move.rsplit(":", 1)[0] + ":play.0.9")
    assert result.ephemeral and "isn't open to you" in result.response.content
    assert table.version == version and table.snapshot() == state
    # The real move works once; the same control again is out of date.
    await to_act.click(their_panel, custom_id=move)
    result = await click_as_rendered(to_act, their_panel, move)
    assert result.ephemeral and "out of date" in result.response.content


async def test_a_pass_cannot_be_chosen_twice(room: Room) -> None:
    table = await open_holdout(room)
    panel_id = await open_panel(room, room.alice, table)
    stale = fetch(room, panel_id)
    await pass_two(room, room.alice, panel_id)
    select = next(c for c in controls(stale) if isinstance(c, discord.SelectMenu))
    from simcord.actors import _component_interaction, _visible_message

    stored = _visible_message(room.alice, stale)
    result = await _component_interaction(
        room.alice, stored, {"custom_id": select.custom_id, "component_type": 3, "values": ["2", "3"]}
    )
    assert result.ephemeral and "out of date" in result.response.content
    seat = table.seat_of(room.alice.id)
    assert seat is not None and len(table.game.view(seat).passed_cards or ()) == 2


async def test_a_restart_during_the_pass_resumes_with_nothing_lost(room: Room) -> None:
    table = await open_holdout(room)
    panels = {seat: await open_panel(room, member_at(room, table, seat), table) for seat in range(3)}
    await pass_two(room, member_at(room, table, 0), panels[0])
    held = await room.bot.store.audit()
    version = table.version
    await room.restart()
    restored = room.bot.tables.get(table.id)
    assert restored is not None and restored.version == version
    assert restored.game.view(None).passed == (True, False, False)
    # The panels drawn before the restart still work: their controls carry everything needed.
    for seat in (1, 2):
        await pass_two(room, member_at(room, restored, seat), panels[seat])
    assert restored.game.view(None).phase is HandPhase.PLAY
    assert (await room.bot.store.audit()).guilds == held.guilds
    panels = {seat: await open_panel(room, member_at(room, restored, seat), restored) for seat in range(3)}
    await play_out(room, restored, panels)
    assert restored.state.phase is Phase.BETWEEN


async def test_a_restart_during_play_resumes_with_nothing_lost(room: Room) -> None:
    table = await open_holdout(room)
    panels = await everyone_passes(room, table)
    seat = table.to_act
    assert seat is not None
    await member_at(room, table, seat).click(
        fetch(room, panels[seat]), custom_id=first_move(fetch(room, panels[seat]))
    )
    snapshot, escrow = table.snapshot(), await room.bot.store.audit()
    await room.restart()
    restored = room.bot.tables.get(table.id)
    assert restored is not None
    assert restored.game.to_json() == snapshot["hand"]
    assert (await room.bot.store.audit()).guilds == escrow.guilds
    seat = restored.to_act
    assert seat is not None
    # The old panel's controls still work after the restart.
    panel = fetch(room, panels[seat])
    await member_at(room, restored, seat).click(panel, custom_id=first_move(panel))
    assert restored.version == snapshot["version"] + 1
    # After a restart no panel can redraw itself, so the next player's ping says to press Your hand.
    pings = [m for m in room.public_messages() if "it's your turn" in (m.content or "")]
    assert f"<@{restored.state.seats[restored.to_act].user_id}>" in pings[-1].content
    assert "Press **Your hand**" in pings[-1].content
    panels = {s: await open_panel(room, member_at(room, restored, s), restored) for s in range(3)}
    await play_out(room, restored, panels)
    assert restored.state.phase is Phase.BETWEEN
    assert sum(restored.state.stacks.values()) == 3 * STACK


async def test_the_timer_passes_for_a_member_and_two_timeouts_bring_a_computer(room: Room) -> None:
    table = await open_holdout(room)
    for seat in (0, 1):
        panel = await open_panel(room, member_at(room, table, seat), table)
        await pass_two(room, member_at(room, table, seat), panel)
    carol_seat = table.seat_of(room.carol.id)
    assert carol_seat == 2
    await room.env.advance_time(table.state.turn_timer + 1)
    assert table.game.view(None).phase is not HandPhase.PASS
    assert table.state.seats[2].strikes == 1
    assert any("ran out of time" in line for line in map(english, table.state.log))
    # Carol stays away: the timer folds her when her turn comes, her second strike.
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        if seat == 2:
            await room.env.advance_time(table.state.turn_timer + 1)
            continue
        member = member_at(room, table, seat)
        panel_id = await open_panel(room, member, table)
        await member.click(fetch(room, panel_id), custom_id=first_move(fetch(room, panel_id)))
    assert table.state.seats[2].replace
    # At the next deal a computer takes the seat with house chips; Carol's stack goes home.
    carol_stack = table.state.stacks["3"]
    await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    assert table.state.seats[2].is_computer
    assert await room.bot.store.balance(room.guild.id, room.carol.id) == 1000 - STACK + carol_stack
    rows = await room.bot.store.ledger(room.guild.id, table_id=table.id)
    assert rows[-1]["reason"] == "buy-in" and rows[-1]["dst"] == table_account(table.id)


async def test_a_computer_player_fills_a_seat_and_plays(room: Room) -> None:
    table = await open_holdout(room, room.alice, room.bob, start=False)
    await room.alice.click(room.message(table.state.message_id), label="Add bot")
    assert table.state.seats[2].is_computer and table.state.stacks["3"] == STACK
    await room.alice.click(room.message(table.state.message_id), label="Start")
    panels = {seat: await open_panel(room, member_at(room, table, seat), table) for seat in (0, 1)}
    for seat in (0, 1):
        await pass_two(room, member_at(room, table, seat), panels[seat])
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat in (0, 1), "the computer moves on its own"
        panel = fetch(room, panels[seat])
        await member_at(room, table, seat).click(panel, custom_id=first_move(panel))
    assert table.state.phase is Phase.BETWEEN
    await room.alice.click(room.message(table.state.message_id), label="Close table")
    assert table.state.phase is Phase.CLOSED
    report = await room.bot.store.audit()
    assert report.ok
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000 + table.game.outcome.net(0)


async def test_holdout_options_are_checked_at_play(room: Room) -> None:
    # Each game's /play shows only its own options: Discord won't even send another's.
    with pytest.raises(simcord.OptionError):
        await room.alice.slash(room.channel, "play holdout", suit="crowns")
    with pytest.raises(simcord.OptionError):
        await room.alice.slash(room.channel, "play prima-carta", lines="double")
    result = await room.alice.slash(room.channel, "play holdout", stake=20, stack=100)
    assert result.ephemeral and "at least 2,000 chips" in result.response.content
    # What the host can afford: a stack of all 1,000 chips, or these options at stake 10.
    assert "The largest stack you can bring is 1,000 chips" in result.response.content
    assert "open a table with stake 10 (a stack of 1,000)" in result.response.content
    assert room.bot.tables.in_channel(room.channel.id) is None
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000


async def test_hand_command_shows_the_panel_and_refuses_onlookers(room: Room) -> None:
    table = await open_holdout(room, room.alice, room.bob)
    result = await room.alice.slash(room.channel, "hand")
    assert result.ephemeral and "Your cards (5)" in panel_text(result.response.message)
    result = await room.carol.slash(room.channel, "hand")
    assert result.ephemeral and "not seated" in result.response.content
    result = await room.carol.click(room.message(table.state.message_id), label="Your hand")
    assert result.ephemeral and "not seated" in result.response.content


async def test_double_line_asks_for_the_line_before_the_card(room: Room) -> None:
    await room.alice.slash(room.channel, "play holdout", stake=STAKE, lines="double")
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    message_id = table.state.message_id
    for member in (room.bob, room.carol):
        await member.click(room.message(message_id), label="Join")
    start = next(b for b in controls(room.message(message_id)) if b.label == "Start")
    assert start.disabled, "a double-line table needs four players"
    await room.alice.click(room.message(message_id), label="Add bot")
    await room.alice.click(room.message(message_id), label="Start")
    assert table.game is not None and table.game.view(None).options.lines == 2
    details = await answer_to(room, room.alice, table, "Details")
    fields = [field.name for field in details.fields]
    assert "Top line" in fields and "Bottom line" in fields
    panels = {s: await open_panel(room, member_at(room, table, s), table) for s in range(3)}
    for seat in range(3):
        await pass_two(room, member_at(room, table, seat), panels[seat])
    picked_a_line = False
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat is not None and seat < 3
        member, drawn = member_at(room, table, seat), fetch(room, panels[seat])
        labels = [c.label for c in controls(drawn)]
        assert "Top line" in labels and "Bottom line" in labels
        assert not any(":play." in custom for custom in custom_ids(drawn)), "no card before the line"
        await member.click(drawn, label="Bottom line")
        drawn = fetch(room, panels[seat])
        assert "into the **bottom** line" in drawn.embeds[0].description
        move = first_move(drawn)
        assert move.endswith(("fold",)) or ".1" in move.rsplit(":", 1)[1]
        picked_a_line = True
        await member.click(drawn, custom_id=move)
    assert picked_a_line and table.state.phase is Phase.BETWEEN
    assert sum(table.state.stacks.values()) == 4 * STACK


async def test_the_vines_deck_runs_each_line_to_eleven(room: Room) -> None:
    table = await open_holdout(room, room.alice, room.bob, start=False)
    assert table.state.options == {"lines": "auto", "deck": "postas", "stack": 20}
    await room.alice.click(room.message(table.state.message_id), label="Cancel")
    await room.alice.slash(room.channel, "play holdout", stake=STAKE, deck="vines", stack=50)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None and table.state.stacks == {"1": 50 * STAKE}
    await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    assert table.game is not None
    view = table.game.view(None)
    assert view.options.deck == "vines" and len(view.lines[0]) == 11
    assert len(view.line_text[0].split()) == 11


async def test_a_stack_that_cannot_cover_the_ante_stands_up_at_the_deal(room: Room) -> None:
    table = await open_holdout(room)
    panels = await everyone_passes(room, table)
    await play_out(room, table, panels)
    # Pretend Alice lost all but 2 chips of her stack to Bob (the total at the table is kept).
    alice = table.state.seats[table.seat_of(room.alice.id)].choice
    bob = table.state.seats[table.seat_of(room.bob.id)].choice
    table.state.stacks[bob] += table.state.stacks[alice] - 2
    table.state.stacks[alice] = 2
    before = await room.bot.store.balance(room.guild.id, room.alice.id)
    await room.bob.click(room.message(table.state.message_id), label="Deal next hand")
    assert table.seat_of(room.alice.id) is None
    assert any("can't cover the ante" in line for line in map(english, table.state.log))
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == before + 2
    assert table.state.phase is Phase.PLAYING and len(table.state.hand_seats) == 2


async def test_a_panel_redrawn_after_a_leaver_stood_up_shows_only_its_own_cards(room: Room) -> None:
    """Seats move up when a member leaves at the end of a hand; the hand's seats don't. The
    panel of the member whose move ended the hand must still show that member's cards."""
    table = await open_holdout(room)
    await leave_now(room, room.alice, table)
    panels = {seat: await open_panel(room, member_at(room, table, seat), table) for seat in (1, 2)}
    passed = {}
    for seat, panel_id in panels.items():
        hand = hand_of(table, seat)
        await pass_two(room, member_at(room, table, seat), panel_id)
        passed[seat] = table.game.view(seat).passed_cards or hand[:2]
    bob, carol = member_at(room, table, 1), member_at(room, table, 2)
    assert table.game is not None
    if table.to_act == 2:  # carol plays a card, so that bob's fold ends the hand
        panel = fetch(room, panels[2])
        await carol.click(panel, custom_id=first_move(panel))
    assert table.to_act == 1
    panel = fetch(room, panels[1])
    fold = next(c.custom_id for c in controls(panel) if getattr(c, "custom_id", "").endswith(":fold"))
    await bob.click(panel, custom_id=fold)
    assert table.state.phase is Phase.BETWEEN and [s.user_id for s in table.state.seats] == [bob.id, carol.id]
    text = panel_text(fetch(room, panels[1]))
    # Bob passed to Carol and received from Alice; the leaver's panel would say the reverse.
    names = table.game.view(None).seats
    assert f"to {names[2]}" in text and f"from {names[0]}" in text, text
    assert f"You passed {' '.join(c.short for c in passed[1])}" in text
