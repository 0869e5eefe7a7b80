"""Fewer clicks at Peg Leg (issue 23, item 4): a member who stands for the whole hand decides
once, and a bet is two interactions, on an open panel or from the table message (**Bet…**,
one form holding the height and the amount). The counts are every interaction the member
makes (button, select, form), counted as they are made.

Before (main at 6c316cf): standing throughout was **Your hand** and then **Stand** after
every card the member was asked about (the other member below still plays that way); a bet
was four: **Your hand**, the height select, the amount form, then **Stand** to end the
member's part of the round."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.tables import Phase, Table
from engine.core.msg import english
from tests.helpers.room import (
    Panels,
    Room,
    button,
    buttons,
    controls,
    fetch,
    form_list,
    open_table,
    text_of,
)

SEED = 20261123
STAKE = 5
BET_BEFORE = 4
"""Interactions a bet took before (see the module's text)."""
BET_FROM_TABLE_BEFORE = 3
"""Interactions a bet took from the table message before **Bet…** (main at 4c87874): Your
hand, the height select on the panel, the amount form."""

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
    assert any("decides card by card again" in line for line in map(english, restored.state.log))
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


def best_height(table: Table) -> int:
    """The height with the best chance among those on offer."""
    return max((p for p in table.game.view(None).prices if p.offered), key=lambda p: p.chance).number


async def open_bet_form(room: Room, table: Table, member: simcord.MemberActor) -> simcord.InteractionResult:
    """`member` presses **Bet…** on the table message as it is now."""
    return await member.click(room.message(table.state.message_id), label="Bet…")


def height_value(shown: simcord.InteractionResult, number: int) -> str:
    """The value of height `number` in the bet form's list (it carries the odds shown)."""
    assert shown.modal is not None, "Bet… opens the bet form"
    heights = form_list(shown.modal, "height")
    assert heights is not None, "the form holds the list of heights"
    return next(o["value"] for o in heights["options"] if o["label"].startswith(f"{number} cards "))


async def test_a_bet_takes_two_interactions_from_the_table_message(room: Room) -> None:
    table = await open_peg_leg(room)
    assert "Bet…" in buttons(room.message(table.state.message_id))
    number = best_height(table)
    shown = await open_bet_form(room, table, room.alice)
    assert shown.modal is not None and not shown.ephemeral, "the form itself, to Alice alone"
    offered = [p for p in table.game.view(None).prices if p.offered]
    heights = form_list(shown.modal, "height")
    assert heights is not None and len(heights["options"]) == len(offered)
    assert "amount" in str(shown.modal)
    result = await room.alice.submit_modal(shown, {"height": [height_value(shown, number)], "amount": "15"})
    count = 2
    bet = table.game.view(None).bets[-1]
    assert (bet.seat, bet.number, bet.amount) == (Counted(room, table, room.alice).seat, number, 15)
    # The bet was her move for this card, and its chips went the panel bet's way: to escrow.
    assert Counted(room, table, room.alice).seat not in table.awaiting
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000 - 15
    # Her answer is her own panel, privately: it lists the bet.
    assert result.ephemeral and result.response is not None
    panel = fetch(room, result.response.id)
    assert f"15 on **{number}**" in text_of(panel)
    assert count < BET_FROM_TABLE_BEFORE
    print(f"one bet from the table message: {BET_FROM_TABLE_BEFORE} interactions before, {count} now")


async def test_the_table_messages_bet_is_refused_with_a_sentence_and_changes_nothing(room: Room) -> None:
    table = await open_peg_leg(room)
    number = best_height(table)
    bets = len(table.game.view(None).bets)

    async def unchanged() -> None:
        assert len(table.game.view(None).bets) == bets
        assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000 - 15

    # Carol isn't seated: a sentence, and no form.
    refused = await open_bet_form(room, table, room.carol)
    assert refused.modal is None and refused.ephemeral
    assert "not seated at this table" in refused.response.content
    # Alice sends a bad amount (nothing changes), then bets from a form opened afresh; a
    # third form, opened before that bet, is stale once it is made.
    first = await open_bet_form(room, table, room.alice)
    value = height_value(first, number)
    bad = await room.alice.submit_modal(first, {"height": [value], "amount": "lots"})
    assert bad.ephemeral and "whole number of chips" in bad.response.content
    assert len(table.game.view(None).bets) == bets
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000
    second = await open_bet_form(room, table, room.alice)
    third = await open_bet_form(room, table, room.alice)
    bets += 1
    await room.alice.submit_modal(second, {"height": [value], "amount": "15"})
    await unchanged()
    stale = await room.alice.submit_modal(third, {"height": [value], "amount": "15"})
    assert stale.ephemeral and "moved on since you opened that form" in stale.response.content
    await unchanged()
    # And the table message's Bet… is not hers again until the next card.
    again = await open_bet_form(room, table, room.alice)
    assert again.modal is None and "waiting for" in again.response.content
    await unchanged()
