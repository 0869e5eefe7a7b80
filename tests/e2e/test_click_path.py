"""The path of one member's move, from the click to the table message edit, stays short:
`bench/click_path.py` traces it through the real bot (SimCord, a fresh database) and these
tests hold its figures for the rooms between Discord and the game (issue 20's "the places
one move visits"). A new layer that only passes a call on shows up here first."""

from __future__ import annotations

from bench.click_path import GLUE, Trace, back_and_forth, trace_one_move

#: the glue places and returns of the path after issue 20's refactor (63 and 31 before it;
#: 52 places after it, 50 once issue 21 drew the table's title and host name in render_table;
#: 44 and 9 once each step read the table once: the turn, the escrow, the save's deadline,
#: the table message's view; 47 and 10 once issue 24 kept each move in its own transaction
#: (`Records.keep`, in a file of its own) and put the last hand's Replay on the message)
MOST_PLACES = 47
MOST_RETURNS = 10


async def _glue() -> Trace:
    return (await trace_one_move()).only(GLUE)


async def test_paying_the_copa_visits_few_places_between_the_click_and_the_table_edit() -> None:
    glue = await _glue()
    assert len(glue.places) <= MOST_PLACES, "\n".join(f"{path}: {name}" for path, name in glue.places)
    assert glue.returns() <= MOST_RETURNS


async def test_the_path_never_goes_straight_back_to_the_file_it_just_left() -> None:
    # A file left for another and entered again at once (A, B, A) is a room asking the next
    # one for a small thing and coming back: each step reads what it needs once instead.
    glue = await _glue()
    assert back_and_forth(glue) == 0, "\n".join(f"{path}: {name}" for path, name in glue.places)


async def test_the_service_does_one_step_a_function_with_no_layer_that_only_passes_the_click_on() -> None:
    names = {name for _, name in (await _glue()).places}
    # The router listens to interactions itself; the service's click locks, checks, applies
    # and schedules in one function; the display answers the click in one; the save times
    # the clock itself; a transfer names the table's escrow without asking for its account;
    # the turn facts are read once per step (`Table.turn`), the member's seat among them,
    # not property by property from each layer; the table message is drawn from one view.
    forwarding = {
        "Ridotto.on_interaction",
        "TableService._run",
        "TableService._table_move",
        "Display.answer",
        "Display.edit_in_place",
        "Commit.transaction",
        "Commit.deadline",
        "Commit.escrow",
        "Table.awaiting",
        "Table.pause",
        "Table.engine_seat",
        "Table.seat_of",
        "Table.hand_choice",
        "members_awaited",
        "rendered",
    }
    assert not names & forwarding
    assert {"Table.turn", "Table.view"} <= names
