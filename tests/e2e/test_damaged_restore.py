"""A saved table that can't be loaded is set aside at start-up: refunded through the ledger,
closed, its channel told once — and every healthy table comes back as usual."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import simcord

from bot.storage import HOUSE, member_account
from bot.tables import REFUND_REASON, Phase, Table
from tests.e2e.test_prima_carta_hand import (
    started_with_bob_and_a_computer,
)
from tests.helpers.postgres import run_now
from tests.helpers.room import Room, find_label

SEED = 20261122  # the Prima Carta hand then waits on a member first (test_recovery_and_timer.py)
STAKE = 5
STACK = 20 * STAKE  # Holdout's default stack, in chips
NOTICE = "couldn't be restored after the bot restarted"


pytestmark = pytest.mark.seed(SEED)


# ------------------------------------------------------------------ helpers
def last_message(channel: simcord.ChannelHandle, message_id: int | None) -> Any:
    for message in channel.history():
        if message.id == message_id:
            return message
    raise AssertionError(f"message {message_id} is not in #{channel.name}")


def notices(channel: simcord.ChannelHandle) -> list[str]:
    return [m.content for m in channel.history() if not m.flags.ephemeral and NOTICE in (m.content or "")]


async def holdout_with_a_computer(room: Room, channel: simcord.ChannelHandle) -> Table:
    """Carol and a computer at Holdout, the hand dealt: both stacks are in escrow."""
    await room.carol.slash(channel, "play holdout", stake=STAKE)
    table = room.bot.tables.in_channel(channel.id)
    assert table is not None
    await room.carol.click(last_message(channel, table.state.message_id), label="Add bot")
    await room.carol.click(last_message(channel, table.state.message_id), label="Start")
    assert table.state.phase is Phase.PLAYING and table.game is not None
    return table


def damage(room: Room, table_id: int, change: Callable[[dict[str, Any]], Any]) -> None:
    """Rewrite a table's saved snapshot directly in the database (file or server)."""
    url = room.settings.database().url
    ((text,),) = run_now(url, "SELECT snapshot FROM tables WHERE id = ?", table_id)
    snapshot = json.loads(str(text))
    changed = change(snapshot)
    text = json.dumps(snapshot if changed is None else changed)
    run_now(url, "UPDATE tables SET snapshot = ? WHERE id = ?", text, table_id)


def unknown_phase(snapshot: dict[str, Any]) -> None:
    snapshot["phase"] = "intermission"


def unknown_game(snapshot: dict[str, Any]) -> None:
    snapshot["game"] = "tarocchi"


def unknown_card(snapshot: dict[str, Any]) -> None:
    snapshot["hand"]["hands"][0][0] = "zz:99"


def not_a_table(snapshot: dict[str, Any]) -> Any:
    return ["not", "a", "table"]


def not_a_table_state(snapshot: dict[str, Any]) -> Any:
    return {"hello": "world"}


async def refunds(room: Room, table_id: int) -> list[tuple[str, int]]:
    rows = await room.bot.store.ledger(room.guild.id, table_id=table_id)
    return sorted((row["dst"], row["amount"]) for row in rows if row["reason"] == REFUND_REASON)


async def escrow(room: Room, table_id: int) -> int:
    async with room.bot.store.transaction() as tx:
        return await tx.escrow(table_id)


# -------------------------------------------------------------------- tests
@pytest.mark.parametrize(
    "change",
    [unknown_phase, unknown_game, unknown_card, not_a_table, not_a_table_state],
    ids=["unknown phase", "unknown game", "unknown card", "not a JSON object", "not a table state"],
)
async def test_a_damaged_table_is_refunded_and_set_aside_and_the_others_come_back(
    room: Room, change: Callable[[dict[str, Any]], Any], caplog: pytest.LogCaptureFixture
) -> None:
    store = room.bot.store
    healthy = await started_with_bob_and_a_computer(room)
    parlour = room.guild.create_text_channel("parlour")
    damaged = await holdout_with_a_computer(room, parlour)
    assert await store.balance(room.guild.id, room.carol.id) == 1000 - STACK
    assert await escrow(room, damaged.id) == 2 * STACK
    version, to_act, message_id = healthy.version, healthy.to_act, healthy.state.message_id
    damage(room, damaged.id, change)

    await room.restart()

    # The bot started; the healthy table is back exactly where it was, the damaged one is not.
    tables = room.bot.tables
    restored = tables.get(healthy.id)
    assert restored is not None and restored is not healthy
    assert (restored.version, restored.to_act, restored.state.phase) == (version, to_act, Phase.PLAYING)
    assert tables.get(damaged.id) is None and tables.in_channel(parlour.id) is None
    # Its stacks went home through the ledger: Carol's to her bankroll, the computer's to the house.
    assert await store.balance(room.guild.id, room.carol.id) == 1000
    assert await refunds(room, damaged.id) == sorted([(member_account(room.carol.id), STACK), (HOUSE, STACK)])
    assert await escrow(room, damaged.id) == 0
    record = await store.table(damaged.id)
    assert record is not None and record.status == "closed"
    # The log says which table and what kind of damage, never the snapshot (it holds the cards).
    lines = [r.getMessage() for r in caplog.records if "set" in r.getMessage() and "aside" in r.getMessage()]
    assert any(f"table {damaged.id}:" in line for line in lines), lines
    assert not any("zz:99" in r.getMessage() or "hands" in r.getMessage() for r in caplog.records)
    # The channel is told once, in public, without a card or a traceback.
    assert len(notices(parlour)) == 1
    assert "Traceback" not in notices(parlour)[0] and ":" not in notices(parlour)[0].replace("(see", "")
    assert notices(room.channel) == []

    # The healthy table plays on: the buttons sent before the restart still work.
    actors = {room.alice.id: room.alice, room.bob.id: room.bob}
    while restored.state.phase is Phase.PLAYING:
        member = actors[restored.state.seats[restored.to_act].user_id]
        message = room.message(message_id)
        await member.click(message, label=find_label(message, "Pay the copa"))
    assert restored.state.phase is Phase.BETWEEN

    # A second restart finds nothing to set aside and says nothing more.
    await room.restart()
    assert room.bot.tables.get(healthy.id) is not None
    assert len(notices(parlour)) == 1
    assert await refunds(room, damaged.id) == sorted([(member_account(room.carol.id), STACK), (HOUSE, STACK)])
    # The channel is free for a new table.
    await room.carol.slash(parlour, "play holdout", stake=STAKE)
    assert room.bot.tables.in_channel(parlour.id) is not None
    assert (await store.audit()).ok


@pytest.mark.parametrize("database_url", ["sqlite", "postgres"], indirect=True)
async def test_a_damaged_hand_at_a_pay_as_you_go_table_gives_back_this_hands_antes(room: Room) -> None:
    """Prima Carta holds no stacks: the spigas paid at this hand's deal go back to whoever paid."""
    store = room.bot.store
    table = await started_with_bob_and_a_computer(room)
    assert table.game is not None
    spigas = table.game.view(None).paid  # type: ignore[attr-defined]
    paid = {seat.account: amount for seat, amount in zip(table.state.seats, spigas, strict=True)}
    assert await store.balance(room.guild.id, room.alice.id) == 1000 - paid[member_account(room.alice.id)]
    held = await escrow(room, table.id)
    assert held == sum(paid.values()) > 0

    def bad_foundation(snapshot: dict[str, Any]) -> None:
        snapshot["hand"]["foundations"][0] = "zz:99"

    damage(room, table.id, bad_foundation)
    await room.restart()

    assert room.bot.tables.get(table.id) is None
    for member in (room.alice, room.bob):
        assert await store.balance(room.guild.id, member.id) == 1000
    assert await refunds(room, table.id) == sorted(paid.items())
    rows = await store.ledger(room.guild.id, table_id=table.id)
    assert {row["hand_no"] for row in rows if row["reason"] == REFUND_REASON} == {1}
    assert await escrow(room, table.id) == 0
    assert len(notices(room.channel)) == 1


@pytest.mark.parametrize("database_url", ["sqlite", "postgres"], indirect=True)
async def test_a_notice_that_cannot_be_sent_is_logged_and_start_up_goes_on(
    room: Room, caplog: pytest.LogCaptureFixture
) -> None:
    parlour = room.guild.create_text_channel("parlour")
    damaged = await holdout_with_a_computer(room, parlour)
    damage(room, damaged.id, unknown_phase)
    run_now(room.settings.database().url, "UPDATE tables SET channel_id = 999 WHERE id = ?", damaged.id)

    await room.restart()

    assert room.bot.tables.get(damaged.id) is None
    assert await room.bot.store.balance(room.guild.id, room.carol.id) == 1000
    assert any(f"table {damaged.id}: could not tell channel 999" in r.getMessage() for r in caplog.records), [
        r.getMessage() for r in caplog.records
    ]
    assert (await room.bot.store.audit()).ok
