"""Cardano's Primero through Discord: a whole hand to the final duel (the invitation, the
changes picked in the discard list, the vie opened from its list, a bid typed in the form,
the duel), a restart in the middle of the vie's betting, the turn timer, and members with
a computer player over two hands."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
import simcord

from bot.games import GAMES
from bot.tables import Phase, Table
from engine.cardano import Phase as HandPhase
from engine.core.cards import Card
from engine.core.msg import english
from tests.engine.cardano_helpers import c, stacked
from tests.helpers.room import Panels, Room, button, controls, labels, open_table, text_of
from tests.helpers.seeds import Seeds

# The engine's golden duel, case 1: the player on the dealer's right ("first") holds a
# point in spades, the other ("second") a lesser point in hearts; after the last change
# the second challenges, changes the jack and three of clubs and draws the six and five of
# hearts: a flush, so the challenger wins the duel.
CASE_1 = "7S 6S 7H 2H 5S 2D KC QC 3D 4D JC 3C 6H 5H"
STACK = 100


async def open_cardano(room: Room, *members: simcord.MemberActor, bots: int = 0) -> Table:
    """Alice opens a Cardano table; `members` join and she adds `bots` computer players."""
    return await open_table(room, "cardano", [room.alice, *members], bots=bots, stake=1, stack=STACK)


PLUGIN = GAMES["cardano"]


@pytest.fixture
def duel_deck(seeds: Seeds, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds.always(7)
    monkeypatch.setattr("engine.cardano.game.shuffled", lambda cards, seed: stacked(CASE_1))


# ------------------------------------------------------------------ helpers
def keys(message: discord.Message) -> list[str]:
    return [(getattr(child, "custom_id", "") or "").split(":")[-1] for child in controls(message)]


def by_key(message: discord.Message, key: str) -> Any:
    for child in controls(message):
        if (getattr(child, "custom_id", "") or "").split(":")[-1] == key:
            return child
    raise AssertionError(f"no control {key!r} on the panel: {labels(message)}")


class Players(Panels):
    """Each member's open hand panel, and moves made through it."""

    async def current(self, member: simcord.MemberActor) -> discord.Message:
        """The member's open panel (it redraws itself when their turn comes), or a new one."""
        if member.id in self.panels:
            return self.panel(member)
        return await self.open(member)

    async def pick(self, member: simcord.MemberActor, *cards: str) -> discord.Message:
        """Pick the cards to discard in the panel's list (by the card, as the member reads it)."""
        hand = self.table.game.view(self.seat(member)).hand  # type: ignore[union-attr]
        assert hand is not None
        return await self.pick_places(member, [str(hand.index(c(card))) for card in cards])

    async def pick_places(self, member: simcord.MemberActor, places: list[str]) -> discord.Message:
        panel = await self.current(member)
        await member.select(panel, places, custom_id=by_key(panel, "discard").custom_id)
        return self.panel(member)

    async def choose(self, member: simcord.MemberActor, key: str, *cards: str) -> simcord.InteractionResult:
        """Choose `cards` in the list `key` that plays its move at once (a change or a duel
        that takes a fixed number of cards): one control, no button after it."""
        hand = self.table.game.view(self.seat(member)).hand  # type: ignore[union-attr]
        assert hand is not None
        panel = await self.current(member)
        places = [str(hand.index(c(card))) for card in cards]
        return await member.select(panel, places, custom_id=by_key(panel, key).custom_id)

    async def press(self, member: simcord.MemberActor, prefix: str) -> simcord.InteractionResult:
        panel = await self.current(member)
        return await member.click(panel, custom_id=button(panel, prefix).custom_id)

    async def vie(self, member: simcord.MemberActor, kind: str) -> simcord.InteractionResult:
        panel = await self.current(member)
        return await member.select(panel, [kind], custom_id=by_key(panel, "vie").custom_id)

    async def declare(self, member: simcord.MemberActor, kind: str, amount: str) -> simcord.InteractionResult:
        """Choose the kind in the declaration list, then type the amount in the form it opens."""
        panel = await self.current(member)
        shown = await member.select(panel, [kind], custom_id=by_key(panel, "declare").custom_id)
        assert shown.modal is not None, "choosing the kind opens the form for the amount"
        return await member.submit_modal(shown, {"amount": amount})

    async def play(self, member: simcord.MemberActor, action: Any) -> None:
        """Make `action` through the panel's own controls."""
        game = self.table.game
        assert game is not None
        seat = self.seat(member)
        key, values = PLUGIN.encode(game, seat, action)
        head, _, places = key.partition(".")
        await self.open(member)
        at_once = key.rpartition(".")[0] if head == "duel" else head
        if head in ("change", "duel") and places and at_once in keys(self.panel(member)):
            panel = self.panel(member)  # a fixed number of cards: the list plays at once
            chosen = list(places.split(".")[-1])
            await member.select(panel, chosen, custom_id=by_key(panel, at_once).custom_id)
        elif head in ("change", "duel") and places:
            await self.pick_places(member, list(places.split(".")[-1]))
            panel = self.panel(member)
            await member.click(panel, custom_id=by_key(panel, key).custom_id)
        elif head == "vie":
            await self.vie(member, values[0])
        elif head in ("raise", "bid"):
            await self.declare(member, places, values[0])
        else:
            panel = await self.current(member)
            await member.click(panel, custom_id=by_key(panel, key).custom_id)


def members_by_turn(room: Room, table: Table, *members: simcord.MemberActor) -> list[simcord.MemberActor]:
    """The members in the order of play: the dealer's right first."""
    game = table.game
    assert game is not None
    first = game.to_act
    assert first is not None
    return sorted(members, key=lambda m: (table.seat_of(m.id) or 0) != first)


def names_card(text: str, card: Card) -> bool:
    return re.search(re.escape(card.short) + r"(?![0-9])", text) is not None or card.code in text


def assert_public_hides_cards(room: Room, table: Table) -> None:
    game = table.game
    assert game is not None
    seats = range(len(game.seats))
    hidden = set(PLUGIN.secret_cards(game)).union(*(PLUGIN.private_cards(game, s) for s in seats))
    for message in room.public_messages():
        text = text_of(message) + " ".join(getattr(x, "custom_id", "") or "" for x in controls(message))
        leaked = [card.short for card in hidden if names_card(text, card)]
        assert not leaked, f"a public message shows {leaked}"


async def to_the_vie(play: Players, first: simcord.MemberActor, second: simcord.MemberActor) -> None:
    """The invitation (first invites a counter, second pays), both keep their cards, and
    first declares a point and opens the vie from its list."""
    await play.press(first, "Invite 1")
    await play.press(second, "Pay 1")
    await play.press(first, "Keep all your cards")
    await play.press(second, "Keep all your cards")
    await play.vie(first, "numerus")


async def from_the_vie_to_the_duel(
    room: Room, play: Players, first: simcord.MemberActor, second: simcord.MemberActor
) -> None:
    await play.press(second, "Follow · 2")
    # The last change: discards picked in the list, one and two cards.
    panel = await play.pick(first, "2D")
    assert button(panel, "Discard 1").disabled is False
    await play.press(first, "Discard 1 face up")
    # One or two may go: the list picks, and the button says how many go (issue 23).
    await play.pick(second, "KC", "QC")
    await play.press(second, "Discard 2 face up")
    game = play.table.game
    assert game is not None and game.phase is HandPhase.BETTING
    # A bid typed in the form: junk is refused with a sentence and changes nothing.
    before, version = play.table.snapshot(), play.table.version
    for typed, says in (("nine", "whole number of chips"), ("0", "at least 1"), ("500", "at most")):
        result = await play.declare(first, "numerus", typed)
        assert result.ephemeral and says in result.response.content, result.response.content
        assert play.table.version == version and play.table.snapshot() == before
    await play.declare(first, "numerus", "9")
    await play.press(second, "Follow · 9")
    game = play.table.game
    assert game is not None and game.phase is HandPhase.DUEL, play.table.state.log
    public = text_of(room.message(play.table.state.message_id))
    assert "may challenge" in public and "case 1" in public
    # The duel, one case open: choosing its two cards to change in the list challenges.
    panel = await play.open(second)
    buttons = [child.label or "" for child in controls(panel) if isinstance(child, discord.Button)]
    assert "duel.1" in keys(panel) and not any(label.startswith("Duel case") for label in buttons)
    await play.choose(second, "duel.1", "JC", "3C")


# -------------------------------------------------------------------- tests
@pytest.mark.usefixtures("duel_deck")
async def test_two_members_play_a_whole_hand_to_the_final_duel(room: Room) -> None:
    table = await open_cardano(room, room.bob)
    play = Players(room, table)
    first, second = members_by_turn(room, table, room.alice, room.bob)
    game = table.game
    assert game is not None
    for member in (first, second):
        panel = await play.open(member)
        mine = game.view(play.seat(member)).hand or ()
        assert len(mine) == 2 and all(names_card(text_of(panel), card) for card in mine)
    assert "privilege" in text_of(play.panel(first)), "the dealer's right holds the privilege"
    assert_public_hides_cards(room, table)
    await to_the_vie(play, first, second)
    public = text_of(room.message(table.state.message_id))
    assert "declares a point" in public and "paid in full" in public
    assert_public_hides_cards(room, table)
    await from_the_vie_to_the_duel(room, play, first, second)

    assert table.state.phase is Phase.BETWEEN
    game = table.game
    assert game is not None
    view = game.view(None)
    assert view.winners == (play.seat(second),) and view.payouts is not None
    # Each paid 12 (a counter, the vie of 2, the bid of 9): the challenger ends with ¾.
    assert view.payouts[play.seat(second)] == 18 and view.payouts[play.seat(first)] == 6
    public = text_of(room.message(table.state.message_id))
    assert "wins the other 12" in public and "♥6 ♥5" in public
    assert "discarded ♦2" in public, "discards lie face up"
    for member, stack in ((first, STACK - 6), (second, STACK + 6)):
        assert table.state.stacks[table.state.seats[play.seat(member)].choice] == stack
    assert (await room.bot.store.audit()).ok


@pytest.mark.usefixtures("duel_deck")
async def test_a_restart_in_the_vie_resumes_the_hand(room: Room) -> None:
    table = await open_cardano(room, room.bob)
    play = Players(room, table)
    first, second = members_by_turn(room, table, room.alice, room.bob)
    await to_the_vie(play, first, second)
    snapshot = table.snapshot()
    await room.restart()
    again = room.bot.tables.in_channel(room.channel.id)
    assert again is not None and again.snapshot()["hand"] == snapshot["hand"]
    assert again.game is not None and again.game.phase is HandPhase.VIE
    play = Players(room, again)
    await from_the_vie_to_the_duel(room, play, first, second)
    assert again.game is not None
    view = again.game.view(None)
    assert view.winners == (play.seat(second),) and view.payouts is not None
    assert view.payouts[play.seat(second)] == 18
    assert (await room.bot.store.audit()).ok


@pytest.mark.usefixtures("duel_deck")
async def test_the_timer_passes_discards_and_folds_for_an_absent_player(room: Room) -> None:
    table = await open_cardano(room, room.bob)
    play = Players(room, table)
    first, second = members_by_turn(room, table, room.alice, room.bob)
    game = table.game
    assert game is not None
    await play.press(first, "Invite 2")
    # The second player lets the timer run: it passes the invitation. Nobody answered, so
    # the second, last in turn, pays one counter, not the whole two, and must discard.
    await room.env.advance_time(table.state.turn_timer + 1)
    assert any("ran out of time" in line for line in map(english, table.state.log))
    assert game.phase is HandPhase.DISCARD and game.view(None).paid[play.seat(second)] == 1
    await play.press(first, "Keep all your cards")
    await room.env.advance_time(table.state.turn_timer + 1)
    assert len(game.view(None).discards[play.seat(second)]) == 1, "the timer discards as few as allowed"
    assert game.phase is HandPhase.CHANGES
    await play.vie(first, "numerus")
    await room.env.advance_time(table.state.turn_timer + 1)
    assert game.view(None).folded[play.seat(second)], "the timer folds rather than pay the vie"
    assert table.state.phase is Phase.BETWEEN
    assert game.view(None).winners == (play.seat(first),)
    assert (await room.bot.store.audit()).ok


async def test_members_and_a_computer_play_two_hands_and_the_deal_passes_right(room: Room) -> None:
    table = await open_cardano(room, room.bob, bots=1)
    assert [seat.is_computer for seat in table.state.seats] == [False, False, True]
    play = Players(room, table)
    members = {room.alice.id: room.alice, room.bob.id: room.bob}
    dealers = []
    for hand in range(2):
        game = table.game
        assert game is not None
        dealers.append(game.view(None).dealer)
        for _ in range(200):
            if table.state.phase is not Phase.PLAYING:
                break
            seat = table.to_act
            assert seat is not None
            user = table.state.seats[seat].user_id
            assert user in members, "the computer moves on its own"
            # Members play the move the timer would, through their panels.
            game = table.game
            assert game is not None
            await play.play(members[user], PLUGIN.timeout_action(game, seat))
            assert_public_hides_cards(room, table)
        assert table.state.phase is Phase.BETWEEN and (await room.bot.store.audit()).ok
        total = sum(table.state.stacks.values())
        assert total == 3 * STACK, "chips are conserved at the table"
        if hand == 0:
            await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    assert dealers[1] == (dealers[0] - 1) % 3, "the deal passes to the right"


# Issue 19's example: the first to play holds 7S 6S 5S KD (a point), the second 7H 6D AS 7C
# (primero 76); after the last change the first holds point 54 and the second primero 73.
EXAMPLE = "7S 6S 7H 6D 5S KD AS 7C QC JC 6C 2H"


@pytest.fixture
def example_deck(seeds: Seeds, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds.always(7)
    monkeypatch.setattr("engine.cardano.game.shuffled", lambda cards, seed: stacked(EXAMPLE))


@pytest.mark.usefixtures("example_deck")
async def test_a_follower_states_a_combination_and_an_undeclared_primero_loses_after_a_bet(
    room: Room,
) -> None:
    table = await open_cardano(room, room.bob)
    play = Players(room, table)
    first, second = members_by_turn(room, table, room.alice, room.bob)
    await to_the_vie(play, first, second)
    panel = await play.open(second)
    assert button(panel, "Follow · 2 · stating a primero").style is discord.ButtonStyle.success
    assert "your primero undeclared" in (button(panel, "Follow · 2 · stating a point").label or "")
    await play.press(second, "Follow · 2 · stating a point")
    public = text_of(room.message(table.state.message_id))
    assert "declares a point" in public and "declares a primero" not in public
    await play.pick(first, "KD")
    await play.press(first, "Discard 1 face up")
    await play.pick(second, "7C")
    await play.press(second, "Discard 1 face up")
    await play.declare(first, "numerus", "5")
    await play.press(second, "Follow · 5 · stating a point")
    game = table.game
    assert game is not None and game.phase is HandPhase.OVER
    assert game.view(None).winners == (play.seat(first),)
    public = text_of(room.message(table.state.message_id))
    assert "undeclared primero loses the pot after a bet" in public
    assert (await room.bot.store.audit()).ok


@pytest.mark.usefixtures("example_deck")
async def test_the_inviter_pays_a_double_in_the_discard_round_to_keep_both_cards(room: Room) -> None:
    table = await open_cardano(room, room.bob)
    play = Players(room, table)
    first, second = members_by_turn(room, table, room.alice, room.bob)
    await play.press(first, "Invite 1")
    await play.press(second, "Double to 2")
    game = table.game
    assert game is not None and game.phase is HandPhase.DISCARD
    panel = await play.open(first)
    assert button(panel, "Discard · pick").disabled is True, "short of the double: discard, or pay"
    await play.press(first, "Pay 1")
    await play.press(first, "Keep all your cards")
    assert game.view(None).paid[play.seat(first)] == 2 and game.view(None).hand_sizes[play.seat(first)] == 2
    assert (await room.bot.store.audit()).ok
