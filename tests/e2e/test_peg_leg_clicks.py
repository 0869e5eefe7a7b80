"""Fewer clicks at Peg Leg (issue 23, item 4): a member who stands for the whole hand decides
once, and a bet is two interactions. The counts are every interaction the member makes
(button, select, form), counted as they are made.

Before (main at 6c316cf): standing throughout was **Your hand** and then **Stand** after
every card the member was asked about (the other member below still plays that way); a bet
was four: **Your hand**, the height select, the amount form, then **Stand** to end the
member's part of the round."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.tables import Phase, Table
from tests.helpers.room import Panels, Room, button, controls, open_table, text_of

SEED = 20261123
STAKE = 5
BET_BEFORE = 4
"""Interactions a bet took before (see the module's text)."""

pytestmark = pytest.mark.seed(SEED)


class Counted:
    """A member's interactions with the table, counted as they are made."""

    def __init__(self, room: Room, table: Table, member: simcord.MemberActor) -> None:
        self.room, self.table, self.member = room, table, member
        self.panels = Panels(room, table)
        self.count = 0

    @property
    def seat(self) -> int:
        index = self.table.seat_of(self.member.id)
        assert index is not None
        seat = self.table.engine_seat(index)
        assert seat is not None
        return seat

    async def open(self) -> discord.Message:
        self.count += 1
        return await self.panels.open(self.member)

    def panel(self) -> discord.Message:
        return self.panels.panel(self.member)

    async def press(self, label: str) -> simcord.InteractionResult:
        self.count += 1
        return await self.member.click(self.panel(), custom_id=button(self.panel(), label).custom_id)

    async def bet(self, number: int, amount: str) -> simcord.InteractionResult:
        picker = next(
            child
            for child in controls(self.panel())
            if isinstance(child, discord.SelectMenu) and (child.custom_id or "").endswith(":height")
        )
        self.count += 1
        shown = await self.member.select(self.panel(), [str(number)], custom_id=picker.custom_id)
        assert shown.modal is not None, "picking a height opens the bet form"
        self.count += 1
        return await self.member.submit_modal(shown, {"amount": amount})


async def open_peg_leg(room: Room) -> Table:
    return await open_table(room, "peg-leg", [room.alice, room.bob], bots=1, stake=STAKE)


async def test_a_member_who_stands_for_the_hand_decides_once(room: Room) -> None:
    table = await open_peg_leg(room)
    alice, bob = Counted(room, table, room.alice), Counted(room, table, room.bob)
    await alice.open()
    await alice.press("Stand for the rest of the hand")
    assert table.game.view(None).standing[alice.seat] == "hand"
    assert "standing for the rest of the hand" in text_of(alice.panel())
    await bob.open()
    asked = 0
    while table.state.phase is Phase.PLAYING:
        # Alice is never asked again; Bob, who stands card by card, is asked every card.
        assert alice.seat not in table.awaiting
        assert bob.seat in table.awaiting
        asked += 1
        await bob.press("Stand — keep my bets")
    assert table.game.outcome is not None
    assert alice.count == 2, "Your hand, then Stand for the rest of the hand"
    assert bob.count == 1 + asked and asked >= 5, (bob.count, asked)
    print(f"standing throughout: {alice.count} interactions with a decision, {bob.count} card by card")


async def test_a_standing_decision_survives_a_restart_and_is_cancelled_from_the_panel(room: Room) -> None:
    table = await open_peg_leg(room)
    alice = Counted(room, table, room.alice)
    await alice.open()
    await alice.press("Stand for the rest of the hand")
    await room.restart()
    restored = room.bot.tables.in_channel(room.channel.id)
    assert restored is not None and restored.game.view(None).standing[alice.seat] == "hand"
    alice = Counted(room, restored, room.alice)
    assert alice.seat not in restored.awaiting
    await alice.open()
    await alice.press("Stop standing")  # out of turn: the round doesn't wait on her
    assert restored.game.view(None).standing[alice.seat] is None
    assert alice.seat in restored.awaiting
    assert any("decides card by card again" in line for line in restored.state.log)
    assert button(alice.panel(), "Stand — keep my bets")


async def test_a_bet_takes_two_interactions_on_an_open_panel(room: Room) -> None:
    table = await open_peg_leg(room)
    alice = Counted(room, table, room.alice)
    await alice.open()
    opened = alice.count
    number = max((p for p in table.game.view(None).prices if p.offered), key=lambda p: p.chance).number
    result = await alice.bet(number, "15")
    assert result.ephemeral or result.acknowledged
    bet = table.game.view(None).bets[-1]
    assert (bet.seat, bet.number, bet.amount) == (alice.seat, number, 15)
    # The bet was her move for this card: she is not asked again until the next one.
    assert alice.seat not in table.awaiting
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000 - 15
    after = alice.count - opened
    assert after == 2 and after + opened < BET_BEFORE
    print(f"one bet: {BET_BEFORE} interactions before, {after + opened} now ({after} on an open panel)")
