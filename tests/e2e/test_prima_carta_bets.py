"""Onlookers bet against the house on a Prima Carta house-game table (`bets`): the Bet
button, its panel and form, the bets held in escrow across a restart, the first card turned
by the clock, and every bet settled with the hand."""

from __future__ import annotations

from datetime import timedelta

import discord
import pytest
import simcord

from bot.storage import HOUSE, member_account, table_account
from bot.tables import Phase, Table
from bot.tables.timing import RESTART_GRACE
from engine.core.msg import english
from engine.prima_carta.game import CARDS, SUITS
from engine.prima_carta.house_bets import CARTAS_MEASURED, CARTAS_ODDS
from tests.helpers.room import (
    Room,
    answer_to,
    button,
    buttons,
    click_as_rendered,
    fetch,
    find_label,
    selects,
    text_of,
)

SEED = 20261122
START = 1000


pytestmark = pytest.mark.seed(SEED)


async def table_text(room: Room, table: Table) -> str:
    """The table message's words, and its Details (where the bets are listed)."""
    details = await answer_to(room, room.alice, table, "Details")
    fields = [f"{f.name}\n{f.value}" for f in details.fields]
    return "\n".join([text_of(room.message(table.state.message_id)), details.description or "", *fields])


async def open_bets_table(room: Room) -> Table:
    await room.alice.slash(room.channel, "play prima-carta", stake=10, bets=True)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    picker = await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.bob.click(picker.response.message, label="Locks")
    await room.alice.click(room.message(table.state.message_id), label="Add bot")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    assert table.state.phase is Phase.PLAYING
    return table


async def bet(
    room: Room, member: simcord.MemberActor, table: Table, key: str, pick: str | None, amount: str
) -> simcord.InteractionResult:
    """Press Bet, choose the bet (and its pick) in the panel's selects, type the amount."""
    pressed = await member.click(room.message(table.state.message_id), label="Bet")
    assert pressed.ephemeral and pressed.response is not None, pressed
    panel = fetch(room, pressed.response.id)
    kind = selects(panel)[0]
    assert key in [option.value for option in kind.options]
    shown = await member.select(panel, [key], custom_id=kind.custom_id)
    if pick is not None:
        assert shown.modal is None, "a bet with picks asks for the pick first"
        panel = fetch(room, pressed.response.id)
        picks = selects(panel)[0]
        shown = await member.select(panel, [pick], custom_id=picks.custom_id)
    assert shown.modal is not None, "choosing the bet opens the amount form"
    return await member.submit_modal(shown, {"amount": amount})


async def play_out(room: Room, table: Table) -> None:
    """Alice and Bob pay every copa until the hand is over (a pause runs out on the clock)."""
    actors = {room.alice.id: room.alice, room.bob.id: room.bob}
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        if seat is None:
            assert table.pause is not None and table.state.deadline is not None
            await room.env.advance_time((table.state.deadline - room.env.now()).total_seconds() + 1)
            continue
        member = actors[table.state.seats[seat].user_id]
        message = room.message(table.state.message_id)
        await member.click(message, label=find_label(message, "Pay the copa"))
    assert table.state.phase is Phase.BETWEEN


async def escrow(room: Room, table_id: int) -> int:
    async with room.bot.store.transaction() as tx:
        return await tx.escrow(table_id)


async def balance(room: Room, member: simcord.MemberActor) -> int:
    return await room.bot.store.balance(room.guild.id, member.id)


async def test_two_onlookers_bet_across_a_restart_and_each_bet_settles_with_the_hand(
    room: Room, dave: simcord.MemberActor
) -> None:
    table = await open_bets_table(room)
    # The hand waits for bets: no card turned, the deck secret, the Bet button on the table.
    assert table.game.phase == "deal" and table.awaiting == ()
    message = room.message(table.state.message_id)
    assert "Bet" in buttons(message)
    assert "Bets are open" in text_of(message)
    deadline = table.state.deadline
    window = table.pause.seconds
    assert deadline is not None and deadline == room.env.now() + timedelta(seconds=window)

    placed = await bet(room, room.carol, table, "prima", "cups", "20")
    assert placed.ephemeral and "Your bet is on: 20 chips on Prima" in placed.response.content
    placed = await bet(room, dave, table, "medio", None, "30")
    assert "30 chips on Conto Medio" in placed.response.content
    assert await balance(room, room.carol) == START - 20
    assert await balance(room, dave) == START - 30
    shown = await table_text(room, table)
    assert "House bets in play · 2 bets, 50 chips" in shown
    assert f"<@{room.carol.id}> · Prima · " in shown and "· 20" in shown
    assert f"<@{dave.id}> · Conto Medio · 30" in shown
    spiga = 3 * 10
    assert await escrow(room, table.id) == spiga + 50 == table.state.held
    report = await room.bot.store.audit()
    assert report.ok, report

    # A restart while bets are open keeps the bets, their escrow and the clock (with the
    # grace every restart gives).
    await room.env.advance_time(window // 3)
    await room.restart()
    restored = room.bot.tables.get(table.id)
    assert restored is not None
    assert [(w.user_id, w.key, w.pick, w.amount) for w in restored.state.wagers] == [
        (room.carol.id, "prima", "cups", 20),
        (dave.id, "medio", "", 30),
    ]
    deadline = max(deadline, room.env.now() + RESTART_GRACE)
    assert restored.state.deadline == deadline
    assert await escrow(room, table.id) == spiga + 50 == restored.state.held

    await room.env.advance_time((deadline - room.env.now()).total_seconds() - 1)
    assert restored.game.phase == "deal", "not yet"
    await room.env.advance_time(2)
    assert restored.game.phase != "deal", "the clock turned the first card"
    assert "Bets are closed: the dealer turns the first card." in [
        english(line) for line in restored.state.log
    ]
    assert "Bet" not in buttons(room.message(restored.state.message_id))

    await play_out(room, restored)

    view = restored.game.view(None)
    first = view.prima_card
    # Conto counts the whole first pass, even one a finished stack cut short.
    promoted = restored.game.first_pass_promoted()
    carol_back = (20 * (3 if first.rank == 1 else 5)) if first.suit == "cups" else 0
    dave_back = 30 * 3 if promoted in (14, 15) else 0
    assert await balance(room, room.carol) == START - 20 + carol_back
    assert await balance(room, dave) == START - 30 + dave_back
    assert await escrow(room, table.id) == 0 == restored.state.held
    ledger = await room.bot.store.ledger(room.guild.id, table_id=table.id)
    held = table_account(table.id)
    rows = {(r["src"], r["dst"], r["amount"], r["reason"]) for r in ledger}
    assert (member_account(room.carol.id), held, 20, "bet") in rows
    assert (member_account(dave.id), held, 30, "bet") in rows
    if carol_back:
        assert (held, member_account(room.carol.id), 20, "bet back") in rows
        assert (HOUSE, member_account(room.carol.id), carol_back - 20, "bet won") in rows
    else:
        assert (held, HOUSE, 20, "bet lost") in rows
    if dave_back:
        assert (HOUSE, member_account(dave.id), 60, "bet won") in rows
    else:
        assert (held, HOUSE, 30, "bet lost") in rows
    shown = await table_text(room, restored)
    assert "House bets settled · 2 bets, 50 chips" in shown
    assert ("won" if carol_back else "lost") in shown.split(f"<@{room.carol.id}>")[1].split("\n")[0]
    assert ("won" if dave_back else "lost") in shown.split(f"<@{dave.id}>")[1].split("\n")[0]
    report = await room.bot.store.audit()
    assert report.ok, report


async def test_the_bet_panel_shows_each_cartas_numbers_own_measured_return(room: Room) -> None:
    # Cartas pays each number at its own odds, so each has its own return; the panel used to
    # show one "measured return" for the bet, the best number's.
    table = await open_bets_table(room)
    pressed = await room.carol.click(room.message(table.state.message_id), label="Bet")
    assert pressed.ephemeral and pressed.response is not None
    panel = fetch(room, pressed.response.id)
    field = next(f for f in panel.embeds[0].fields if f.name == "Cartas")
    best = max(rtp for _, rtp, _, _ in CARTAS_MEASURED.values())
    assert f"measured return {best:.1%}" not in (field.value or "")
    for number, (_, rtp, _, _) in CARTAS_MEASURED.items():
        assert f"{number}: {CARTAS_ODDS[number]} ({rtp:.1%})" in (field.value or "")
    await room.carol.select(panel, ["cartas"], custom_id=selects(panel)[0].custom_id)
    panel = fetch(room, pressed.response.id)
    labels = {option.value: option.label for option in selects(panel)[0].options}
    for number, (_, rtp, _, _) in CARTAS_MEASURED.items():
        assert labels[str(number)] == f"{number} cards · pays {CARTAS_ODDS[number]} · returns {rtp:.1%}"


async def test_a_winning_bet_is_paid_by_the_house_and_a_losing_one_goes_to_it(
    room: Room, dave: simcord.MemberActor
) -> None:
    table = await open_bets_table(room)
    # The deck is locked before bets open; the test reads it only to pick a sure winner.
    first = CARDS[table.game._order[0]]
    loser = next(s for s in SUITS if s != first.suit)
    await bet(room, room.carol, table, "prima", first.suit, "10")
    await bet(room, dave, table, "prima", loser, "10")
    await room.env.advance_time(table.pause.seconds + 1)
    assert all(w.returned is None for w in table.state.wagers), "the bets settle with the hand"
    await play_out(room, table)
    odds = 2 if first.rank == 1 else 4
    assert await balance(room, room.carol) == START + 10 * odds
    assert await balance(room, dave) == START - 10
    assert [(w.returned, english(w.result).split(" ")[0]) for w in table.state.wagers] == [
        (10 * (odds + 1), "won"),
        (0, "lost"),
    ]
    ledger = await room.bot.store.ledger(room.guild.id, table_id=table.id)
    held = table_account(table.id)
    rows = [(r["src"], r["dst"], r["amount"], r["reason"]) for r in ledger]
    settled = [row for row in rows if row[3].startswith("bet ")]
    assert settled == [
        (held, member_account(room.carol.id), 10, "bet back"),
        (HOUSE, member_account(room.carol.id), 10 * odds, "bet won"),
        (held, HOUSE, 10, "bet lost"),
    ]


async def test_bad_bets_are_refused_and_change_nothing(room: Room, dave: simcord.MemberActor) -> None:
    table = await open_bets_table(room)
    version, before = table.version, await escrow(room, table.id)

    seated = await room.bob.click(room.message(table.state.message_id), label="Bet")
    assert seated.ephemeral and seated.response.content == (
        "You're seated at this table — the house bets are for onlookers."
    )
    for amount, sentence in (
        ("five", "The bet must be a whole number of chips, like 25 — not “five”."),
        ("0", "The bet must be at least 1 chip."),
        ("101", "The bet must be at most 100 chips."),
    ):
        refused = await bet(room, room.carol, table, "prima", "cups", amount)
        assert refused.ephemeral and refused.response.content == sentence
    # Dave gives nearly everything away, then bets more than he has left.
    await dave.slash(room.channel, "give", member=room.alice, amount=START - 5)
    poor = await bet(room, dave, table, "alto", None, "6")
    assert poor.ephemeral and poor.response.content.startswith("You don't have enough chips for that bet.")
    assert table.version == version and table.state.wagers == []
    assert await escrow(room, table.id) == before
    assert await balance(room, room.carol) == START and await balance(room, dave) == 5

    # A seat change during the pause leaves its clock alone.
    deadline = table.state.deadline
    await room.env.advance_time(5)
    await room.bob.click(room.message(table.state.message_id), label="Leave after this hand")
    assert table.state.seats[table.seat_of(room.bob.id)].leaving
    assert table.state.deadline == deadline

    # Once the first card is turned, a Bet button from an earlier render is refused.
    stale_id = button(room.message(table.state.message_id), "Bet").custom_id
    await room.env.advance_time((deadline - room.env.now()).total_seconds() + 1)
    assert table.game.phase != "deal"
    stale = await click_as_rendered(room.carol, room.message(table.state.message_id), stale_id)
    assert stale.ephemeral and stale.response.content.startswith("Bets are closed for this hand")


# ------------------------------------------------------------------ confidence bets
async def offer(
    room: Room, member: simcord.MemberActor, table: Table, choice: str, values: dict[str, str]
) -> simcord.InteractionResult:
    """Press Side bet, choose the offer, fill in its form."""
    pressed = await member.click(room.message(table.state.message_id), label="Side bet")
    assert pressed.ephemeral and pressed.response is not None, pressed
    panel = fetch(room, pressed.response.id)
    select = selects(panel)[0]
    assert choice in [option.value for option in select.options], [o.value for o in select.options]
    shown = await member.select(panel, [choice], custom_id=select.custom_id)
    assert shown.modal is not None, "choosing the offer opens its form"
    return await member.submit_modal(shown, values)


def offer_message(room: Room, member: simcord.MemberActor) -> discord.Message:
    """The newest public message asking `member` to answer a side bet."""
    for message in reversed(room.public_messages()):
        if message.content.startswith(f"<@{member.id}>, ") and "offers you a side bet" in message.content:
            return message
    raise AssertionError("no side-bet offer in the channel")


async def test_fuerza_and_seguro_are_escrowed_answered_and_settled_with_the_hand(
    room: Room, dave: simcord.MemberActor
) -> None:
    table = await open_bets_table(room)
    await room.env.advance_time(table.pause.seconds + 1)  # the first card is turned: the copa round
    members = {room.alice.id: room.alice, room.bob.id: room.bob}
    seat = table.to_act
    assert seat is not None and table.state.seats[seat].user_id in members, "a member decides first"
    first = members[table.state.seats[seat].user_id]
    second = next(m for m in members.values() if m is not first)
    second_seat = table.seat_of(second.id)
    message = room.message(table.state.message_id)
    await first.click(message, label=find_label(message, "Pay the copa"))
    assert table.game.statuses()[second_seat] == "undecided"
    after_copa = {m.id: await balance(room, m) for m in members.values()}

    # Carol offers a Fuerza at the default 1:1; the player declines and she gets it back.
    made = await offer(room, room.carol, table, f"fuerza.{seat}", {"amount": "20", "odds": ""})
    assert "Your offer is made: Fuerza on" in made.response.content
    assert await balance(room, room.carol) == START - 20
    asked = offer_message(room, first)
    refused = await room.carol.click(asked, label="Accept")
    assert refused.response.content == "That offer was made to someone else."
    await first.click(offer_message(room, first), label="Decline")
    assert await balance(room, room.carol) == START
    assert "→ **declined**" in offer_message(room, first).content
    # Dave offers one at 2:1 (the player stakes twice his 10), and the player accepts.
    await offer(room, dave, table, f"fuerza.{seat}", {"amount": "10", "odds": "2:1"})
    await first.click(offer_message(room, first), label="Accept")
    assert await balance(room, dave) == START - 10
    assert await balance(room, first) == after_copa[first.id] - 20
    # The first player backs the second with 5 chips of their copa for half their winnings.
    await offer(room, first, table, f"seguro.{second_seat}", {"amount": "5"})
    await second.click(offer_message(room, second), label="Accept")
    assert await balance(room, first) == after_copa[first.id] - 25
    held = table.plugin.held(table.game) + 10 + 20 + 5
    assert await escrow(room, table.id) == held == table.state.held
    assert "Side bets" in await table_text(room, table)

    await play_out(room, table)
    outcome = table.game.outcome
    paid_out = outcome.paid_out
    fuerza_won = table.game.winner == seat
    seguro_won = table.game.winner == second_seat
    half = paid_out[second_seat] // 2 if seguro_won else 0
    assert await balance(room, dave) == START - 10 + (30 if fuerza_won else 0)
    expected_first = START + outcome.net(seat) - 5 + (0 if fuerza_won else 30) - 20 + half
    assert await balance(room, first) == expected_first
    expected_second = START + outcome.net(second_seat) + 5 - half
    assert await balance(room, second) == expected_second
    assert await escrow(room, table.id) == 0 == table.state.held
    assert [o.status for o in table.state.offers] == ["declined", "settled", "settled"]
    report = await room.bot.store.audit()
    assert report.ok, report
