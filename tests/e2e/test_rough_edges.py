"""What a new player meets at the table (issue 11, item 4), through Discord: a hand panel
that shows the result when the hand ends, /hand at a Prima Carta table, names shown as
typed, the log naming players, default tables a new bankroll can sit at, a refusal that
says what the member can afford, the jump link in the ping and the fairness footer."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.tables import Phase, Table
from engine.core.msg import english
from tests.e2e.test_holdout import everyone_passes, open_holdout, panel_text, play_out
from tests.helpers.room import Room, answer_to, buttons, controls, fetch, find_label, text_of

SEED = 4242
BOSS = "**Boss** __x__"
BOSS_SHOWN = "\\*\\*Boss\\*\\* \\_\\_x\\_\\_"


pytestmark = pytest.mark.seed(SEED)


def boss(room: Room) -> simcord.MemberActor:
    """A member whose name is markdown."""
    return room.guild.add_member(room.env.create_user("boss"), nick=BOSS)


async def open_prima_carta(
    room: Room, *others: tuple[simcord.MemberActor, str], lobby: list[str] | None = None
) -> Table:
    """Alice opens a Prima Carta table, the others take their suits, Alice starts; `lobby`
    receives the lobby's log as shown."""
    await room.alice.slash(room.channel, "play prima-carta")
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    for member, suit in others:
        picker = await member.click(room.message(table.state.message_id), label="Join")
        await member.click(picker.response.message, label=suit)
    if lobby is not None:
        lobby += await log_lines(room, table)
    await room.alice.click(room.message(table.state.message_id), label="Start")
    assert table.state.phase is Phase.PLAYING and table.to_act is not None
    return table


async def log_lines(room: Room, table: Table) -> list[str]:
    """The table log, as the table message's Log button shows it."""
    log = await answer_to(room, room.alice, table, "Log")
    return (log.description or "").split("\n")


# ------------------------------------------------------------- 1. the result on the panel
async def test_an_open_hand_panel_shows_the_result_when_the_hand_ends(room: Room) -> None:
    table = await open_holdout(room)
    panels = await everyone_passes(room, table)
    await play_out(room, table, panels)
    assert table.state.phase is Phase.BETWEEN and table.game is not None
    for panel_id in panels.values():
        panel = fetch(room, panel_id)
        text = panel_text(panel)
        # It says the result (who won, how much, why) in place of the moves.
        result = table.plugin.hand_result(table.view(), table.game)
        assert result is not None and result.headline in text
        assert "Waiting for" not in text and "Your turn" not in text
        assert not controls(panel), "a finished hand offers no moves"


# ------------------------------------------------------------- 6. /hand at Prima Carta
async def test_hand_at_prima_carta_shows_the_suit_the_stack_and_the_copa(room: Room) -> None:
    table = await open_prima_carta(room, (room.bob, "Locks"))
    members = {room.alice.id: room.alice, room.bob.id: room.bob}
    first = table.to_act
    assert first is not None
    deciding = members[table.state.seats[first].user_id]
    waiting = room.bob if deciding is room.alice else room.alice
    view = table.game.view(None)
    suit = table.state.seats[first].choice
    stack = next(s for s in view.stacks if s.suit == suit)

    mine = await deciding.slash(room.channel, "hand")
    assert mine.ephemeral, "nobody else sees it"
    panel = mine.response.message
    text = panel_text(panel)
    assert suit.title() in text and f"{stack.size} card" in text
    assert f"The copa for your stack is {view.copa_price[first]:,} chip" in text and "Your turn" in text
    assert buttons(panel) == [f"Pay the copa · {view.copa_price[first]:,}", "Fold"]

    theirs = await waiting.slash(room.channel, "hand")
    assert "you decide when your turn comes" in panel_text(theirs.response.message)
    assert buttons(theirs.response.message) == []

    # The panel's copa button plays the move the table message's button would.
    version = table.version
    await deciding.click(panel, label=f"Pay the copa · {view.copa_price[first]:,}")
    assert table.version > version and table.game.view(None).status[first].value == "live"
    assert "You paid the copa" in panel_text(fetch(room, panel.id))

    # The other member's open panel redraws with their turn, then with the result.
    second = table.to_act
    if second is not None:
        open_panel = fetch(room, theirs.response.message.id)
        assert "Your turn" in panel_text(open_panel)
        await waiting.click(open_panel, label="Fold")
    assert table.state.phase is Phase.BETWEEN
    for message_id in (panel.id, theirs.response.message.id):
        result = table.plugin.hand_result(table.view(), table.game)
        assert result is not None and result.headline in panel_text(fetch(room, message_id))


# --------------------------------------------------- 3 and 4. names in the log, as typed
async def test_a_markdown_name_is_shown_as_typed_and_the_log_names_the_player(room: Room) -> None:
    member = boss(room)
    lobby: list[str] = []
    table = await open_prima_carta(room, (member, "Locks"), lobby=lobby)
    assert lobby[-1] == f"{BOSS_SHOWN} sat down with Locks."
    seat = next(i for i, s in enumerate(table.state.seats) if s.user_id == member.id)
    members = {room.alice.id: room.alice, member.id: member}
    while table.to_act is not None:
        actor = members[table.state.seats[table.to_act].user_id]
        message = room.message(table.state.message_id)
        if actor is member:
            await actor.click(message, label="Fold")
        else:
            # Not her turn: the refusal names whom she waits for by mention, not raw markdown.
            refused = await member.click(message, label=find_label(message, "Pay the copa"))
            assert refused.response.content == f"It isn't your turn — waiting for <@{room.alice.id}>."
            await actor.click(message, label=find_label(message, "Pay the copa"))
    lines = await log_lines(room, table)
    assert f"{BOSS_SHOWN} (Locks) folds." in lines
    assert all(BOSS not in line for line in lines), "no raw markdown name in the log"
    assert table.state.seats[seat].name == BOSS, "stored raw, escaped where drawn"
    # Every line shown is a whole line of the table's log.
    assert [line for line in lines] == [
        discord.utils.escape_markdown(line) for line in map(english, table.state.log[-len(lines) :])
    ]
    # A gift names her as typed, too.
    gift = await room.alice.slash(room.channel, "give", member=member, amount=1)
    assert BOSS_SHOWN in gift.followups[0].content


async def test_a_markdown_name_is_escaped_on_other_players_panels(room: Room) -> None:
    member = boss(room)
    table = await open_holdout(room, room.alice, member, room.bob)
    assert [s.user_id for s in table.state.seats] == [room.alice.id, member.id, room.bob.id]
    result = await room.alice.click(room.message(table.state.message_id), label="Your hand")
    text = result.response.message.embeds[0].description or ""
    assert f"pass to **{BOSS_SHOWN}** (on your left)" in text and BOSS not in text
    public = text_of(room.message(table.state.message_id))
    assert BOSS not in public


# --------------------------------------------------------- 7. a new bankroll's tables
STACK_REFUSAL = (
    "you have 150. The largest stack you can bring is 150 chips — try /daily, or open a table "
    "with stake 7 (a stack of 140)."
)


@pytest.mark.parametrize(
    ("command", "need", "left", "refusal"),
    [
        (
            "prima-carta",
            100,
            50,
            "you have 50. The largest stake you can afford is 5 — try /daily, or open a table with "
            "that stake.",
        ),
        ("holdout", 200, 150, STACK_REFUSAL),
        ("primero", 200, 150, STACK_REFUSAL),
    ],
)
async def test_a_new_member_can_sit_at_every_default_table_after_losing_some(
    room: Room, command: str, need: int, left: int, refusal: str
) -> None:
    await room.alice.slash(room.channel, f"play {command}")  # every option at its default
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None and table.state.stake == 10
    # Bob has lost a few hands' worth: he can still sit down.
    await room.bob.slash(room.channel, "give", member=room.alice, amount=300)
    join = await room.bob.click(room.message(table.state.message_id), label="Join")
    if join.ephemeral:  # the suit picker
        await room.bob.click(join.response.message, label=buttons(join.response.message)[0])
    assert table.seat_of(room.bob.id) is not None
    assert await room.bot.store.balance(room.guild.id, room.bob.id) == 700 - (need if need == 200 else 0)
    # Carol is short: the refusal says what she can afford.
    await room.carol.slash(room.channel, "give", member=room.alice, amount=1000 - left)
    refused = await room.carol.click(room.message(table.state.message_id), label="Join")
    content = refused.response.content
    assert refused.ephemeral and content.startswith(f"You need at least {need:,} chips")
    assert content.endswith(refusal)
    assert table.seat_of(room.carol.id) is None


# ------------------------------------------------------- 8 and 9. the ping, the footer
async def test_the_turn_ping_links_to_the_table_and_the_footer_explains_the_commitment(room: Room) -> None:
    table = await open_prima_carta(room, (room.bob, "Locks"))
    ping = room.public_messages()[-1]
    link = f"https://discord.com/channels/{room.guild.id}/{room.channel.id}/{table.state.message_id}"
    assert ping.id != table.state.message_id and ping.content.endswith(f"Go to the table: {link}")
    footer = (await answer_to(room, room.carol, table, "Details")).footer.text or ""
    assert "Fair deal: the deck was locked before play (fingerprint " in footer
    assert "the seed that proves it appears when the hand ends." in footer and len(footer) <= 2048
    members = {room.alice.id: room.alice, room.bob.id: room.bob}
    while table.to_act is not None:
        message = room.message(table.state.message_id)
        await members[table.state.seats[table.to_act].user_id].click(message, label="Fold")
    footer = (await answer_to(room, room.carol, table, "Details")).footer.text or ""
    assert f"the seed {table.game.view(None).seed} rebuilds it" in footer
