"""Numbers typed into Primero's forms that Python's digit tests would let through — and crash
on, or misread — get the form's sentence and change nothing (issue 9)."""

from __future__ import annotations

import pytest
import simcord

from tests.e2e.test_primero import STACK, Players, open_primero, sample_deck  # noqa: F401 (a fixture)
from tests.helpers.room import Room

pytestmark = pytest.mark.usefixtures("sample_deck")

# (An empty field never arrives: Discord requires it. tests/bot/test_forms.py covers it.)
NOT_NUMBERS = ["--5", "①", "③", "²", "3,0", "1_0", "1,00", "１２", "1e3", "1.5"]


async def test_a_bet_that_is_not_a_plain_number_gets_the_sentence_and_changes_nothing(
    room: Room, dave: simcord.MemberActor
) -> None:
    table = await open_primero(room, dave, bid_limit=20)
    play = Players(room, table, [room.alice, room.bob, room.carol, dave])
    await play.open(room.bob)
    members = (room.alice, room.bob, room.carol, dave)
    before, version = table.snapshot(), table.version
    for typed in NOT_NUMBERS:
        result = await play.bid(room.bob, "numerus", "20", typed)
        assert result.ephemeral, typed
        assert result.response.content == (
            f"The bet must be a whole number of chips, like 25 — not “{typed}”."
        ), result.response.content
        assert table.version == version and table.snapshot() == before
    for typed in ("--20", "②⓪", "2,0"):
        result = await play.bid(room.bob, "numerus", typed, "5")
        assert result.ephemeral and "whole number of points" in result.response.content, typed
        assert table.version == version and table.snapshot() == before
    for member in members:
        assert await room.bot.store.balance(room.guild.id, member.id) == 1000 - STACK
    # Surrounding spaces and a plus sign change nothing: this bid goes through.
    await play.bid(room.bob, "numerus", " 20 ", "+5")
    game = table.game
    assert game is not None and game.view(None).bet == 5 and table.version == version + 1
