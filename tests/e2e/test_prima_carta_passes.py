"""After the copa the deck plays itself one pass at a time (issue 23): each pass is its own
edit of the table message, its picture showing that pass, `PASS_DELAY` seconds apart, rather
than the hand jumping from the first pass to the last in one edit."""

from __future__ import annotations

import re

import pytest

from bot.config import Settings
from bot.tables import Phase
from tests.e2e.test_prima_carta_hand import started_with_bob_and_a_computer
from tests.helpers.room import Room, find_label, text_of

SEED = 20261122
PASS_DELAY = 120.0
"""Long, so that SimCord's clock (steered here) and not a slow machine's real time times it."""

pytestmark = pytest.mark.seed(SEED)


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"pass_delay": PASS_DELAY})


def shown_pass(room: Room, message_id: int) -> tuple[int, str]:
    """The pass the table message shows, and the picture it carries."""
    message = room.message(message_id)
    found = re.search(r"Stacks after pass (\d+)", text_of(message))
    assert found is not None, text_of(message)
    pictures = [a.filename for a in message.attachments if a.filename.startswith("table-")]
    assert len(pictures) == 1
    return int(found.group(1)), pictures[0]


async def test_the_passes_after_the_copa_are_shown_one_at_a_time(room: Room) -> None:
    table = await started_with_bob_and_a_computer(room)
    message_id = table.state.message_id
    actors = {room.alice.id: room.alice, room.bob.id: room.bob}
    assert shown_pass(room, message_id)[0] == 1
    while table.to_act is not None:
        member = actors[table.state.seats[table.to_act].user_id]
        message = room.message(message_id)
        await member.click(message, label=find_label(message, "Pay the copa"))
    # The copa is decided: the message shows the second pass only, and waits.
    seen = [shown_pass(room, message_id)]
    assert seen[0][0] == 2
    assert table.state.phase is Phase.PLAYING and table.pause is not None
    assert "Pass 3 is dealt" in text_of(room.message(message_id))
    while table.state.phase is Phase.PLAYING:
        await room.env.advance_time(PASS_DELAY - 1)
        assert shown_pass(room, message_id) == seen[-1], "a pass came before its delay"
        await room.env.advance_time(1)
        if table.state.phase is Phase.PLAYING:
            seen.append(shown_pass(room, message_id))
    final = table.game.view(None)
    assert final.phase.value == "over"
    # Every pass was the table message's own edit, in order, each with its own picture.
    passes = [number for number, _ in seen]
    assert passes == list(range(2, len(final.passes)))
    assert len({picture for _, picture in seen}) == len(seen)
    assert shown_pass(room, message_id)[0] == len(final.passes) >= 3
