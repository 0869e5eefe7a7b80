"""The path of one member's move, from the click to the table message edit, stays short:
`bench/click_path.py` traces it through the real bot (SimCord, a fresh database) and these
tests hold its figures for the rooms between Discord and the game (issue 20's "the places
one move visits"). A new layer that only passes a call on shows up here first."""

from __future__ import annotations

from bench.click_path import GLUE, Trace, trace_one_move

#: the glue places and returns of the path after issue 20's refactor (63 and 31 before it;
#: 52 places after it, 50 once issue 21 drew the table's title and host name in render_table,
#: 51 once issue 24 kept each move in its own transaction: `Records.keep`, a step that writes)
MOST_PLACES = 51
MOST_RETURNS = 25


async def _glue() -> Trace:
    return (await trace_one_move()).only(GLUE)


async def test_paying_the_copa_visits_few_places_between_the_click_and_the_table_edit() -> None:
    glue = await _glue()
    assert len(glue.places) <= MOST_PLACES, "\n".join(f"{path}: {name}" for path, name in glue.places)
    assert glue.returns() <= MOST_RETURNS


async def test_the_service_does_one_step_a_function_with_no_layer_that_only_passes_the_click_on() -> None:
    names = {name for _, name in (await _glue()).places}
    # The service's click locks, checks, applies and schedules in one function; the display
    # answers the click in one; the save times the clock itself; the turn facts are read
    # once per step (`Table.turn`), not property by property from each layer.
    forwarding = {
        "TableService._run",
        "TableService._table_move",
        "Display.answer",
        "Display.edit_in_place",
        "Commit.transaction",
        "Commit.deadline",
        "Table.awaiting",
        "Table.pause",
        "members_awaited",
    }
    assert not names & forwarding
    assert "Table.turn" in names
