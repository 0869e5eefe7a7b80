"""Results you can read, through the bot: for one hand of each game family, played out by the
table's clock (two members away from the keyboard, computers in the other seats), the table
message between hands names the winner and what they took, and each member's net; the
member's own hand panel says the same for them; and every net shown is what the database
moved for that member: ledger rows for a game paid hand by hand, the stack the member takes
home (the cash-out row against the buy-in) for a game played from stacks."""

from __future__ import annotations

import re
from typing import Any

import pytest
import simcord

from bot.store.contract import member_account
from bot.tables import Phase, Table
from tests.e2e.test_peg_leg import bet
from tests.helpers.room import Room, fetch, open_table, picture_description, text_lines

#: (the /play name, its options, members beside Alice (Bob, or nobody), computer players, the
#: seed every hand is dealt from: one where the hand moves chips when the members stay away)
GAMES: list[tuple[str, dict[str, Any], int, int, int]] = [
    ("primero", {"stake": 5, "ante": 1}, 1, 1, 1),
    ("cardano", {"stake": 5}, 0, 2, 5),
    ("holdout", {"stake": 5}, 1, 1, 1),
    ("peg-leg", {"stake": 5}, 1, 1, 1),
    ("prima-carta", {"stake": 5}, 0, 2, 1),
    ("prefa", {"stake": 1, "play_for": "bankroll"}, 0, 2, 1),
]

#: hands that move no chips: a score game's hand, a hand nobody opens (same columns; and the
#: line that says what carries over)
NO_CHIPS: list[tuple[str, dict[str, Any], int, int, int, str | None]] = [
    ("primero", {"stake": 5, "variant": "points"}, 1, 1, 1, "Scores toward 1,000: "),
    ("primiera", {"stake": 1}, 1, 2, 1, "Scores toward 21: "),
    ("prefa", {"stake": 1}, 0, 2, 3, "Pouches left: "),
    ("cardano", {"stake": 5}, 0, 2, 1, None),
]

SIGNED = re.compile(r"([+−]\d[\d,]*|±0)")


async def play_out_by_the_clock(
    room: Room, table: Table, members: list[simcord.MemberActor]
) -> dict[int, int]:
    """Let the clock play every move of the away members (and any pause) until the hand ends.
    Each member glances at their hand now and then (/hand, which opens a fresh panel: an old
    one is let go after a while); returns each member's last panel, redrawn at the end."""
    panels: dict[int, int] = {}
    for _ in range(400):  # a bounded number of timer periods
        if table.state.phase is not Phase.PLAYING:
            return panels
        for member in members:
            opened = await member.slash(room.channel, "hand")
            assert opened.ephemeral and opened.response is not None
            panels[member.id] = opened.response.id
        await room.env.advance_time(table.state.turn_timer + 1)
    raise AssertionError("the hand did not end")


def signed(text: str) -> int:
    if text == "±0":
        return 0
    return int(text.replace("−", "-").replace(",", ""))


def shown_nets(description: str) -> dict[str, int]:
    """The nets line of the table message: name -> net, as a member reads it."""
    line = next((line for line in description.splitlines() if line.startswith("Nets: ")), None)
    assert line is not None, f"no nets line in:\n{description}"
    nets = {}
    for part in line.removeprefix("Nets: ").split(" · "):
        name, amount = part.rsplit(" ", 1)
        assert SIGNED.fullmatch(amount), part
        nets[name] = signed(amount)
    return nets


async def database_nets(room: Room, table: Table, members: list[simcord.MemberActor]) -> dict[int, int]:
    """What the database moved for each member at this table (the hand's first): the ledger's
    chips into their account minus chips out of it. At a game played from stacks the members
    leave first, so that each cash-out row, against the buy-in, is the hand's net."""
    if table.plugin.buy_in(table.state.stake, table.options):
        for member in members:
            await member.click(room.message(table.state.message_id), label="Leave")
    rows = await room.bot.store.ledger(room.guild.id, table_id=table.id)
    nets = {}
    for member in members:
        account = member_account(member.id)
        nets[member.id] = sum(r["amount"] for r in rows if r["dst"] == account) - sum(
            r["amount"] for r in rows if r["src"] == account
        )
    return nets


async def play_a_hand(
    room: Room, game: str, options: dict[str, Any], others: int, computers: int, seed: int
) -> tuple[Table, list[tuple[simcord.MemberActor, int]]]:
    """Alice (and Bob) with computer players play one hand dealt from `seed`; the members
    stay away (the clock plays for them; their panels are returned), except at Peg Leg,
    where each places a bet first (the least committal move there is to bet nothing)."""
    members = [room.alice, room.bob][: 1 + others]
    room.seeds.always(seed)
    table = await open_table(room, game, members, bots=computers, **options)
    if game == "peg-leg":
        view = table.game.view(None)
        offered = sorted((p for p in view.prices if p.offered), key=lambda p: -p.chance)
        await bet(room, table, room.alice, offered[0].number, "10")
        await bet(room, table, room.bob, offered[1].number, "5")
    panels = await play_out_by_the_clock(room, table, members)
    assert table.game is not None and table.game.outcome is not None
    return table, [(member, panels[member.id]) for member in members]


def result_lines(room: Room, table: Table) -> str:
    """What the table message says under its header line (the game, table and stake)."""
    return "\n".join(text_lines(room.message(table.state.message_id))[1:])


def panel_text(room: Room, panel: int) -> str:
    """What a member's hand panel says now."""
    return fetch(room, panel).embeds[0].description or ""


@pytest.mark.parametrize(("game", "options", "others", "computers", "seed"), GAMES, ids=[g[0] for g in GAMES])
async def test_the_end_of_a_hand_names_the_winner_the_amount_and_each_members_net(
    room: Room, game: str, options: dict[str, Any], others: int, computers: int, seed: int
) -> None:
    table, seated = await play_a_hand(room, game, options, others, computers, seed)
    members = [member for member, _ in seated]
    outcome = table.game.outcome
    names = {member.id: table.state.seats[table.seat_of(member.id)].name for member in members}
    description = result_lines(room, table)
    headline = description.splitlines()[0]
    # The headline is bold and names the hand's winner and the chips they took.
    assert headline.startswith("**") and headline.endswith("**")
    winners = [table.state.seats[w].name for w in outcome.winners]
    assert any(name in headline for name in winners), headline
    assert re.search(r"\d chips?\b", headline), headline
    nets = shown_nets(description)
    # Each member's panel says their own net first, then the same headline.
    for member, panel_id in seated:
        panel = panel_text(room, panel_id)
        net = nets[names[member.id]]
        mine = (
            f"You won {net:,} chip"
            if net > 0
            else f"You lost {-net:,} chip"
            if net < 0
            else "You came out even"
        )
        assert panel.startswith(mine), panel
        assert headline.strip("*") in panel
    # The nets are what the database moved for each member this hand.
    moved = await database_nets(room, table, members)
    assert {names[user]: chips for user, chips in moved.items()} == {
        names[m.id]: nets[names[m.id]] for m in members
    }


@pytest.mark.parametrize(
    ("game", "options", "others", "computers", "seed", "carried"),
    NO_CHIPS,
    ids=[f"{g[0]}-{g[4]}" for g in NO_CHIPS],
)
async def test_a_hand_that_moves_no_chips_says_so_and_what_carries_over(
    room: Room,
    game: str,
    options: dict[str, Any],
    others: int,
    computers: int,
    seed: int,
    carried: str | None,
) -> None:
    table, seated = await play_a_hand(room, game, options, others, computers, seed)
    members = [member for member, _ in seated]
    description = result_lines(room, table)
    lines = description.splitlines()
    assert lines[0].startswith("**") and lines[0].endswith("**")
    assert not any(line.startswith("Nets: ") for line in lines), description
    if carried is not None:
        assert any(line.startswith(carried) for line in lines), description
    for _, panel_id in seated:
        panel = panel_text(room, panel_id)
        assert lines[0].strip("*") in panel and "You won" not in panel and "You lost" not in panel
    assert set((await database_nets(room, table, members)).values()) == {0}


async def test_primero_pot_that_nobody_wins_stays_and_every_text_says_so(room: Room) -> None:
    """Two members away from the keyboard: the clock passes for each, nobody bids, and the
    antes stay in the pot. The table message, its pot field and each panel say so in the same
    words; the nets are the antes each member paid, as the saved stacks hold them."""
    table, seated = await play_a_hand(room, "primero", {"stake": 5, "ante": 1}, 1, 0, 1)
    members = [member for member, _ in seated]
    description = result_lines(room, table)
    words = "The pot of 10 chips stays for the next hand"
    assert description.splitlines()[:2] == ["**Nobody bid this hand, so nobody wins.**", f"{words}."]
    # The picture's description (what its pot field said under the old embed) says the same.
    picture = picture_description(room.message(table.state.message_id))
    assert words in picture and "Pot 0" not in picture
    assert shown_nets(description) == {"alice": -5, "bob": -5}
    for _, panel in seated:
        assert panel_text(room, panel).startswith("You lost 5 chips this hand. Nobody bid this hand")
    # The saved table holds each stack after the hand: the buy-in (its ledger row) less the ante.
    # (Not by leaving: the last member out closes the table, which pays the pot out again.)
    saved = await room.bot.store.table(table.id)
    assert saved is not None
    rows = await room.bot.store.ledger(room.guild.id, table_id=table.id)
    for member in members:
        buy_in = next(r["amount"] for r in rows if r["src"] == member_account(member.id))
        choice = table.state.seats[table.seat_of(member.id)].choice
        assert saved.snapshot["stacks"][choice] - buy_in == -5
