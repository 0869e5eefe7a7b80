"""**Leave after this hand** never makes a decision the member can still make: with a decision
pending it asks (Leave now / Stay and leave after the hand); otherwise the member keeps
their turns until the hand ends, and leaves then."""

from __future__ import annotations

import pytest
import simcord

from bot.tables import Phase, Table
from engine.core.msg import english
from tests.e2e.test_holdout import SEED, everyone_passes, first_move, member_at, open_holdout
from tests.helpers.room import Room, buttons, fetch, open_table, text_of

pytestmark = pytest.mark.seed(SEED)

LEAVE = "Leave after this hand"
NOW = "Leave now"
STAY = "Stay and leave after the hand"


async def saved_seat(room: Room, table: Table, member: simcord.MemberActor) -> dict[str, object] | None:
    """The member's seat as the database holds it (None: not seated)."""
    record = await room.bot.store.table(table.id)
    assert record is not None
    return next((seat for seat in record.snapshot["seats"] if seat["user_id"] == member.id), None)


async def two_playing(room: Room) -> tuple[Table, dict[int, int], int, simcord.MemberActor]:
    """Alice and Bob at Holdout, past the pass: the table, the panels, the seat to act and
    the member who holds it."""
    table = await open_holdout(room, room.alice, room.bob)
    panels = await everyone_passes(room, table)
    seat = table.to_act
    assert seat is not None and table.state.phase is Phase.PLAYING
    return table, panels, seat, member_at(room, table, seat)


async def test_leaving_on_your_turn_asks_first_and_changes_nothing(room: Room) -> None:
    table, _, seat, member = await two_playing(room)
    version = table.version
    result = await member.click(room.message(table.state.message_id), label=LEAVE)
    assert result.ephemeral and result.response is not None
    prompt = fetch(room, result.response.id)
    assert "You still have to act in this hand" in prompt.content
    assert buttons(prompt) == [NOW, STAY]
    # Only a question: the hand still waits on the member, who is not leaving.
    assert table.version == version and table.state.phase is Phase.PLAYING and table.to_act == seat
    saved = await saved_seat(room, table, member)
    assert saved is not None and saved["leaving"] is False


async def test_stay_keeps_the_turn_and_the_member_leaves_when_the_hand_ends(room: Room) -> None:
    table, panels, seat, member = await two_playing(room)
    name = table.state.seats[seat].name
    result = await member.click(room.message(table.state.message_id), label=LEAVE)
    assert result.response is not None
    await member.click(fetch(room, result.response.id), label=STAY)
    prompt = fetch(room, result.response.id)
    assert "You'll leave when this hand ends" in prompt.content and buttons(prompt) == []
    # A two-player hand no longer ends on the spot: it waits on the member's decision.
    assert table.state.phase is Phase.PLAYING and table.to_act == seat
    assert not any("timer plays" in line for line in map(english, table.state.log))
    saved = await saved_seat(room, table, member)
    assert saved is not None and saved["leaving"] is True and saved["plays_out"] is True
    # The member plays their own turns to the end of the hand, then their seat goes.
    while table.state.phase is Phase.PLAYING:
        to_act = table.to_act
        assert to_act is not None
        panel = fetch(room, panels[to_act])
        await member_at(room, table, to_act).click(panel, custom_id=first_move(panel))
    assert table.seat_of(member.id) is None
    assert await saved_seat(room, table, member) is None
    assert any(line.startswith(f"{name} left the table") for line in map(english, table.state.log))


async def test_leave_now_hands_the_decision_to_the_timer(room: Room) -> None:
    table, _, _, member = await two_playing(room)
    result = await member.click(room.message(table.state.message_id), label=LEAVE)
    assert result.response is not None
    await member.click(fetch(room, result.response.id), label=NOW)
    assert "You've left this hand" in fetch(room, result.response.id).content
    # The timer folded for the member at once: two players, so the hand is over and they're gone.
    assert table.state.phase is Phase.BETWEEN
    assert any("timer plays" in line for line in map(english, table.state.log))
    assert table.seat_of(member.id) is None and await saved_seat(room, table, member) is None


async def test_without_a_decision_pending_the_member_keeps_their_next_turn(room: Room) -> None:
    table, panels, seat, member = await two_playing(room)
    waiting = member_at(room, table, 1 - seat)
    name = table.state.seats[1 - seat].name
    result = await waiting.click(room.message(table.state.message_id), label=LEAVE)
    assert result.acknowledged and not result.ephemeral  # no question: the table message moves on
    [note] = result.followups
    assert "You'll leave when this hand ends" in note.content and "still yours to play" in note.content
    saved = await saved_seat(room, table, waiting)
    assert saved is not None and saved["leaving"] is True and saved["plays_out"] is True
    assert f"{name} will leave after this hand." in [english(line) for line in map(english, table.state.log)]
    panel = fetch(room, panels[seat])
    await member.click(panel, custom_id=first_move(panel))
    # The leaver's turn waits for them: nothing was played for them.
    assert table.state.phase is Phase.PLAYING and table.to_act == 1 - seat
    assert "Your turn" in text_of(fetch(room, panels[1 - seat]))


async def test_a_member_who_stays_and_then_runs_out_of_time_twice_is_told_they_leave(room: Room) -> None:
    """ "Stay and leave after the hand" at Peg Leg, then the turn timer stands for the member
    twice (they are away): the log says they leave the table when the hand ends, as they
    asked, not that a computer takes their seat from the next hand; and when the hand ends
    their seat goes, with no computer in it."""
    table = await open_table(room, "peg-leg", [room.alice, room.bob], bots=1, stake=5)
    seats = len(table.state.seats)
    index = table.seat_of(room.alice.id)
    assert index is not None
    name, choice = table.state.seats[index].name, table.state.seats[index].choice
    result = await room.alice.click(room.message(table.state.message_id), label=LEAVE)
    assert result.response is not None
    await room.alice.click(fetch(room, result.response.id), label=STAY)
    said: list[str] = []
    while table.state.phase is Phase.PLAYING:  # everyone away: the timer stands for the members
        await room.env.advance_time(table.state.turn_timer + 1)
        said += [
            line
            for line in map(english, table.state.log)
            if line.startswith(f"⏱ {name} ") and line not in said
        ]
    assert len(said) >= 2, said
    assert not any("computer" in line for line in said), said
    assert "leave the table when this hand ends" in said[1]
    assert table.seat_of(room.alice.id) is None and len(table.state.seats) == seats - 1
    assert choice not in {seat.choice for seat in table.state.seats}
