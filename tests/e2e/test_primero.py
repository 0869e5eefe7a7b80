"""Four members play Primero through Discord: bids built with the hand-type select and the
bid form, passes with face-up discards, a fold, a forced cover, the end-of-hand choice and
the showdown; bad form input, restarts and the points game."""

from __future__ import annotations

import re

import discord
import pytest
import simcord

from bot.tables import Phase, Table
from engine.core.cards import PRIMERO_40, Card
from engine.core.msg import english
from engine.primero.game import DECK
from engine.primero.game import Phase as HandPhase
from tests.engine.primero_helpers import c, stacked
from tests.helpers.room import (
    Panels,
    Room,
    button,
    controls,
    form_list,
    labels,
    leave_now,
    open_table,
    text_of,
)
from tests.helpers.seeds import Seeds

# The rule text's sample hand. The table's first dealer is seat 1 (Alice, playing Domenico's
# part), so the deal and the bidding start with seat 2 (Bob as Alberto), then Carol
# (Bernardo), Dave (Cinthio) and Alice (Domenico).
SAMPLE = "6H 2D 3H 6D JC 3D QS 5C 7H KH 2C QH 4D 5D JD 5S JH AS AD 7D 7C 3S"
STACK = 100


async def open_primero(room: Room, dave: simcord.MemberActor, **options: object) -> Table:
    """Alice, Bob, Carol and Dave at a Primero table of `STACK` chips each, no ante."""
    members = [room.alice, room.bob, room.carol, dave]
    return await open_table(room, "primero", members, stake=1, ante=0, **{"stack": STACK, **options})


@pytest.fixture
def sample_deck(seeds: Seeds, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds.always(7)
    monkeypatch.setattr("engine.primero.game.shuffled", lambda cards, seed: stacked(SAMPLE))


# ------------------------------------------------------------------ helpers
def select(message: discord.Message, key: str) -> discord.SelectMenu:
    for child in controls(message):
        if isinstance(child, discord.SelectMenu) and (child.custom_id or "").split(":")[-1].startswith(key):
            return child
    raise AssertionError(f"no {key} select on the panel: {labels(message)}")


class Players(Panels):
    """Each member's open hand panel."""

    def __init__(self, room: Room, table: Table, members: list[simcord.MemberActor]) -> None:
        super().__init__(room, table)
        self.members = members

    async def change(self, member: simcord.MemberActor, *cards: str) -> discord.Message:
        """Pick cards to change in the panel's list (by the card, as the member reads it)."""
        panel = self.panel(member)
        hand = self.table.game.view(self.seat(member)).hand  # type: ignore[union-attr]
        assert hand is not None
        places = [str(hand.index(c(card))) for card in cards]
        await member.select(panel, places, custom_id=select(panel, "discard").custom_id)
        return self.panel(member)

    async def press(self, member: simcord.MemberActor, prefix: str) -> simcord.InteractionResult:
        panel = self.panel(member)
        return await member.click(panel, custom_id=button(panel, prefix).custom_id)

    async def bid(
        self, member: simcord.MemberActor, kind: str, total: str, bet: str | None
    ) -> simcord.InteractionResult:
        """Press **Bid…** and fill in the one form it opens: the hand type, the total, the
        bet, and the cards to change as the panel's list picked them."""
        panel = self.panel(member)
        shown = await member.click(panel, custom_id=button(panel, "Bid…").custom_id)
        assert shown.modal is not None, "Bid… opens the bid form"
        values: dict[str, object] = {"type": [kind], "total": total}
        if bet is not None:
            values["bet"] = bet
        change = form_list(shown.modal, "discard")
        if change is not None:
            values["discard"] = [option["value"] for option in change["options"] if option.get("default")]
        return await member.submit_modal(shown, values)


def hidden(table: Table) -> set[Card]:
    """Cards nobody may see in public: every card in a hand, and the undealt deck."""
    assert table.game is not None
    data = table.game.to_json()
    if data["showdown"] is not None:
        return set()
    shown = {PRIMERO_40.parse(card) for pile in data["discards"] for card in pile}
    return {card for card in DECK if card not in shown}


def names_card(text: str, card: Card) -> bool:
    return re.search(re.escape(card.short) + r"(?![0-9])", text) is not None or card.code in text


def assert_public_hides_cards(room: Room, table: Table) -> None:
    secret = hidden(table)
    for message in room.public_messages():
        text = text_of(message) + " ".join(getattr(x, "custom_id", "") or "" for x in controls(message))
        leaked = [card.short for card in secret if names_card(text, card)]
        assert not leaked, f"a public message shows {leaked}"
    for message in room.channel.history():
        for child in controls(message):
            custom = getattr(child, "custom_id", "") or ""
            assert not any(suit in custom for suit in ("spades", "hearts", "diamonds", "clubs")), custom


# -------------------------------------------------------------------- tests
@pytest.mark.usefixtures("sample_deck")
async def test_four_members_play_the_rule_texts_sample_hand(room: Room, dave: simcord.MemberActor) -> None:
    alice, bob, carol = room.alice, room.bob, room.carol
    table = await open_primero(room, dave)
    store = room.bot.store
    play = Players(room, table, [alice, bob, carol, dave])
    game = table.game
    assert game is not None
    for member in (alice, bob, carol, dave):
        assert await store.balance(room.guild.id, member.id) == 1000 - STACK
        panel = await play.open(member)
        mine = game.view(play.seat(member)).hand or ()
        assert len(mine) == 2 and all(names_card(text_of(panel), card) for card in mine)
    assert_public_hides_cards(room, table)

    # Alberto (Bob) bids numerus 20 at 5 through the select and the form.
    assert "Your turn" in text_of(play.panel(bob))
    await play.bid(bob, "numerus", "20", "5")
    view = game.view(None)
    assert view.bid is not None and (view.bid.type.label, view.bid.total, view.bet) == ("numerus", 20, 5)
    assert "numerus 20" in text_of(room.message(table.state.message_id))
    # Bernardo (Carol) stakes 5; her open panel had redrawn itself with her moves.
    assert "Stake 5" in labels(play.panel(carol))
    await play.press(carol, "Stake 5")
    # Cinthio (Dave) passes: picks the jack of clubs to change, sets 5 aside.
    panel = await play.change(dave, "JC")
    assert button(panel, "Pass").disabled is False
    await play.press(dave, "Pass")
    # Domenico (Alice) passes the queen of spades.
    await play.change(alice, "QS")
    await play.press(alice, "Pass")
    assert game.phase is HandPhase.SECOND
    public = text_of(room.message(table.state.message_id))
    assert "♣J" in public and "♠Q" in public, "discards lie face up on the table"
    assert_public_hides_cards(room, table)

    await play.change(bob, "QH")
    await play.press(bob, "Pass")
    await play.bid(carol, "numerus", "25", "10")
    await play.change(dave, "JD")
    await play.press(dave, "Pass")
    assert "Fold · 3 back" in labels(play.panel(alice))
    await play.press(alice, "Fold")
    # Alberto must cover: no pass, no fold on his panel.
    panel = play.panel(bob)
    assert "must" in text_of(panel)
    shown = labels(panel)
    assert not any(label.startswith(("Pass", "Fold")) for label in shown), shown
    await play.change(bob, "2C", "6H")
    await play.press(bob, "Cover 10")
    # Cinthio stakes his 5 + 10 set aside before the showdown.
    assert game.phase is HandPhase.CHOICE
    await play.press(dave, "Stake 15")

    assert table.state.phase is Phase.BETWEEN
    view = game.view(None)
    assert view.winner == play.seat(carol) and view.payouts is not None
    assert view.payouts[play.seat(carol)] == 47
    public = text_of(room.message(table.state.message_id))
    assert "numerus 47" in public and "numerus 28" in public and "numerus 34" in public
    expected = {alice: 98, bob: 85, carol: 132, dave: 85}
    for member, stack in expected.items():
        assert table.state.stacks[table.state.seats[play.seat(member)].choice] == stack
    assert (await store.audit()).ok


@pytest.mark.usefixtures("sample_deck")
async def test_bad_bid_input_is_refused_and_changes_nothing(room: Room, dave: simcord.MemberActor) -> None:
    table = await open_primero(room, dave, bid_limit=20)
    play = Players(room, table, [room.alice, room.bob, room.carol, dave])
    await play.open(room.bob)
    before, version = table.snapshot(), table.version
    cases = [
        ("twenty", "5", "whole number of points"),
        ("20", "five", "whole number of chips"),
        ("20", "-5", "at least 1 chip"),
        ("20", "0", "at least 1 chip"),
        ("19", "5", "can't count 19"),
        ("20", "21", "between 1 and 20"),
    ]
    for total, bet, says in cases:
        result = await play.bid(room.bob, "numerus", total, bet)
        assert result.ephemeral and says in result.response.content, result.response.content
        assert table.version == version and table.snapshot() == before
    await play.bid(room.bob, "numerus", "30", "5")
    await play.open(room.carol)
    # A bid must top the last one; a bet above the stack is refused too.
    for total, bet, says in (("30", "5", "must top numerus 30"), ("31", "500", "between 1 and 20")):
        before, version = table.snapshot(), table.version
        result = await play.bid(room.carol, "numerus", total, bet)
        assert result.ephemeral and says in result.response.content, result.response.content
        assert table.version == version and table.snapshot() == before


@pytest.mark.usefixtures("sample_deck")
async def test_other_players_controls_and_stale_panels_are_refused(
    room: Room, dave: simcord.MemberActor
) -> None:
    table = await open_primero(room, dave)
    play = Players(room, table, [room.alice, room.bob, room.carol, dave])
    await play.open(room.bob)
    await play.open(room.carol)
    before = table.snapshot()
    # Carol presses a move on her panel while it's Bob's turn: her panel offers none.
    assert not any(isinstance(x, discord.Button) for x in controls(play.panel(room.carol)))
    result = await room.carol.slash(room.channel, "hand")
    assert result.ephemeral and "Waiting for" in text_of(result.response)
    assert table.snapshot() == before
    # Bob's stake twice: the second press comes from an out-of-date panel.
    old = play.panel(room.bob)
    await play.press(room.bob, "Stand")
    stand = button(old, "Stand").custom_id
    from tests.helpers.room import click_as_rendered

    result = await click_as_rendered(room.bob, old, stand)
    assert result.ephemeral and "out of date" in result.response.content


@pytest.mark.usefixtures("sample_deck")
async def test_a_restart_mid_round_resumes_the_hand(room: Room, dave: simcord.MemberActor) -> None:
    table = await open_primero(room, dave)
    play = Players(room, table, [room.alice, room.bob, room.carol, dave])
    await play.open(room.bob)
    await play.bid(room.bob, "numerus", "20", "5")
    snapshot = table.snapshot()
    await room.restart()
    table = room.bot.tables.in_channel(room.channel.id)  # type: ignore[assignment]
    assert table is not None and table.snapshot()["hand"] == snapshot["hand"]
    play = Players(room, table, [room.alice, room.bob, room.carol, dave])
    await play.open(room.carol)
    await play.press(room.carol, "Stake 5")
    game = table.game
    assert game is not None and game.view(None).pot == 10
    # The rest of the hand goes on as before: Dave and Alice pass, the round ends.
    await play.open(dave)
    await play.change(dave, "JC")
    await play.press(dave, "Pass")
    await play.open(room.alice)
    await play.change(room.alice, "QS")
    await play.press(room.alice, "Pass")
    assert game.phase is HandPhase.SECOND


async def test_primero_options_are_checked_at_play(room: Room) -> None:
    result = await room.alice.slash(room.channel, "play primero", target=500)
    assert result.ephemeral and "points game" in result.response.content
    result = await room.alice.slash(room.channel, "play primero", variant="points", stack=50)
    assert result.ephemeral and "uses no chips" in result.response.content
    with pytest.raises(simcord.OptionError):
        await room.alice.slash(room.channel, "play primero", lines="double")
    with pytest.raises(simcord.OptionError):
        await room.alice.slash(room.channel, "play holdout", ante=2)
    assert room.bot.tables.in_channel(room.channel.id) is None
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000


async def test_the_points_game_plays_to_its_target_and_reaches_the_scoreboard(room: Room) -> None:
    await room.alice.slash(room.channel, "play primero", variant="points", target=100)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    assert await room.bot.store.balance(room.guild.id, room.alice.id) == 1000, "no chips change hands"
    play = Players(room, table, [room.alice, room.bob])
    for _ in range(40):
        if table.state.phase is not Phase.PLAYING:
            if any("win" in line and "game" in line for line in map(english, table.state.log)):
                break
            await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
            continue
        seat = table.to_act
        assert seat is not None
        member = room.alice if table.state.seats[seat].user_id == room.alice.id else room.bob
        panel = await play.open(member)
        assert "Fold" not in labels(panel), "nobody folds in the points game"
        game = table.game
        assert game is not None
        choice = game.choices(seat)
        assert choice is not None
        # Bid the best honest hand if it tops the bid, else stand.
        found = game.view(seat).forms or {}
        bids = [(kind, total) for kind, total in found.items() if total in choice.bids.get(kind, ())]
        if bids:
            kind, total = max(bids)
            await play.bid(member, kind.label, str(total), None)
        else:
            await play.press(member, "Stand")
    assert any("win" in line and "the game" in line for line in map(english, table.state.log)), (
        table.state.log
    )
    board = await room.bot.store.leaderboard_game(room.guild.id, "primero_points")
    assert len(board) == 2 and sum(wins for _, wins, _, _ in board) >= 1
    assert await room.bot.store.leaderboard_game(room.guild.id, "primero") == []


async def escrow(room: Room, table: Table) -> int:
    async with room.bot.store.transaction() as tx:
        return await tx.escrow(table.id)


async def test_a_pot_nobody_wins_stays_for_the_next_hand_and_is_shared_out_at_the_close(room: Room) -> None:
    store = room.bot.store
    await room.alice.slash(room.channel, "play primero", stake=2)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.alice.click(room.message(table.state.message_id), label="Start")
    play = Players(room, table, [room.alice, room.bob])
    # Nobody bids in either round: there is no bid type, so nobody can win.
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat is not None
        member = room.alice if table.state.seats[seat].user_id == room.alice.id else room.bob
        await play.open(member)
        await play.press(member, "Stand")
    assert table.match.carried == 4, "both antes stay in the pot"
    assert table.state.held == sum(table.state.stacks.values()) + 4 == await escrow(room, table)
    await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    game = table.game
    assert game is not None and game.view(None).carried_in == 4 and game.view(None).pot == 8
    assert table.match.carried == 0 and (await store.audit()).ok
    while table.state.phase is Phase.PLAYING:
        seat = table.to_act
        assert seat is not None
        member = room.alice if table.state.seats[seat].user_id == room.alice.id else room.bob
        await play.open(member)
        await play.press(member, "Stand")
    assert table.match.carried == 8
    await room.alice.click(room.message(table.state.message_id), label="Close table")
    # The table closed between hands: the carried pot (8) was shared out, 4 each.
    assert table.state.phase is Phase.CLOSED and await escrow(room, table) == 0
    for member in (room.alice, room.bob):
        assert await store.balance(room.guild.id, member.id) == 1000
    rows = await store.ledger(room.guild.id, table_id=table.id)
    assert sorted(r["amount"] for r in rows if r["reason"] == "pot share") == [4, 4]


@pytest.mark.usefixtures("sample_deck")
async def test_the_timer_folds_an_absent_player_and_covers_for_a_forced_one(
    room: Room, dave: simcord.MemberActor
) -> None:
    table = await open_primero(room, dave)
    play = Players(room, table, [room.alice, room.bob, room.carol, dave])
    await play.open(room.bob)
    await play.bid(room.bob, "numerus", "20", "5")
    game = table.game
    assert game is not None
    # Carol and Dave let the timer run: each is folded (nothing set aside, nothing lost).
    for member in (room.carol, dave):
        assert table.to_act == play.seat(member)
        await room.env.advance_time(table.state.turn_timer + 1)
        assert game.view(None).status[play.seat(member)].value == "folded"
        assert any("ran out of time" in line for line in map(english, table.state.log))
    # Alice is now the last before the uncovered bidder: the timer covers for her.
    assert game.view(None).forced == play.seat(room.alice)
    await room.env.advance_time(table.state.turn_timer + 1)
    assert game.view(None).status[play.seat(room.alice)].value == "in"
    assert game.view(None).pot == 10 and game.phase is HandPhase.SECOND


async def test_computer_players_fill_seats_and_play_whole_hands(room: Room) -> None:
    await room.alice.slash(room.channel, "play primero", stake=2)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    for _ in range(2):
        await room.alice.click(room.message(table.state.message_id), label="Add bot")
    assert [seat.is_computer for seat in table.state.seats] == [False, True, True]
    await room.alice.click(room.message(table.state.message_id), label="Start")
    play = Players(room, table, [room.alice])
    for _ in range(3):  # three hands; Alice stands or covers, the computers play themselves
        while table.state.phase is Phase.PLAYING:
            assert table.to_act == 0, "the computers move on their own"
            panel = await play.open(room.alice)
            shown = labels(panel)
            move = next(
                (p for p in ("Stand", "Cover", "Stake", "Fold") if any(x.startswith(p) for x in shown)), None
            )
            assert move is not None, shown
            await play.press(room.alice, move)
        assert table.state.phase is Phase.BETWEEN and (await room.bot.store.audit()).ok
        if len(table.state.seats) < 2:
            break
        await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    if table.state.phase is Phase.PLAYING:
        await leave_now(room, room.alice, table)
        while table.state.phase is Phase.PLAYING:
            await room.env.advance_time(1)
    else:
        await room.alice.click(room.message(table.state.message_id), label="Close table")
    assert table.state.phase is Phase.CLOSED


@pytest.mark.usefixtures("sample_deck")
async def test_a_bid_is_one_form_with_the_cards_to_change_in_it(
    room: Room, dave: simcord.MemberActor
) -> None:
    """Issue 23: the whole bid — type, total, bet and the cards to change — in one form:
    the button that opens it and one submission. Before, it took the list of cards to
    change, then the bid list (which opened a form for the total and bet), then the form."""
    alice, bob, carol = room.alice, room.bob, room.carol
    table = await open_primero(room, dave)
    play = Players(room, table, [alice, bob, carol, dave])
    game = table.game
    assert game is not None
    for member in (alice, bob, carol, dave):
        await play.open(member)
    await play.bid(bob, "numerus", "20", "5")
    await play.press(carol, "Stake 5")
    await play.change(dave, "JC")
    await play.press(dave, "Pass")
    await play.change(alice, "QS")
    await play.press(alice, "Pass")
    assert game.phase is HandPhase.SECOND
    # Bob bids numerus 25 at 10 and changes the queen of hearts, all in the form.
    panel = play.panel(bob)
    clicks = 0
    shown = await bob.click(panel, custom_id=button(panel, "Bid…").custom_id)
    clicks += 1
    assert shown.modal is not None
    change = form_list(shown.modal, "discard")
    kinds = form_list(shown.modal, "type")
    assert change is not None and kinds is not None
    queen = next(o["value"] for o in change["options"] if "Q" in o["label"] and "♥" in o["label"])
    await bob.submit_modal(shown, {"type": ["numerus"], "total": "25", "bet": "10", "discard": [queen]})
    clicks += 1
    view = game.view(None)
    assert view.bid is not None and (view.bid.type.label, view.bid.total, view.bet) == ("numerus", 25, 10)
    assert c("QH") in view.discards[play.seat(bob)], "the card chosen in the form was changed"
    assert clicks == 2
