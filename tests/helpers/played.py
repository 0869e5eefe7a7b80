"""Hands played through the real table service on a real store, with no Discord: members and
computer players at one table, every move through `Hands.apply` as the bot plays it (the
members' moves chosen by a computer player of the game, one of them the turn timer's), and
what every seat saw recorded after the deal and after each move. For the hand-record tests
(`tests/bot/test_records.py`) and the history bench (`bench/history.py`)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot.games import GAMES
from bot.store import Store
from bot.tables import Phase, Table, TableService
from bot.workers import Workers
from tests.helpers.seeds import Seeds

GUILD, CHANNEL = 4242, 77
NOW = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
NAMES = ("Ana", "Bruno", "Chiara", "Dario", "Elena", "Fabio")
#: a hand that has not ended after this many moves never will
MOST_MOVES = 2_000


@dataclass(frozen=True)
class Member:
    """A member as the table service sees one: an id and a display name."""

    id: int
    display_name: str


def members(count: int) -> list[Member]:
    """Members 1001, 1002, ... named Ana, Bruno, ..."""
    return [Member(1001 + index, NAMES[index]) for index in range(count)]


@dataclass
class Seen:
    """What one hand showed, step by step (0: the deal, then one per move): the public view
    and each member's own view (by engine seat), as JSON."""

    hand_no: int
    public: list[Any] = field(default_factory=list)
    seats: list[dict[int, Any]] = field(default_factory=list)


@dataclass
class Played:
    service: TableService
    table: Table
    members: list[Member]
    hands: list[Seen]


def look(table: Table, seen: Seen) -> None:
    """Record what the hand shows now: the public view, and each member's own."""
    game = table.game
    assert game is not None
    seen.public.append(game.view(None).model_dump(mode="json"))
    mine = {}
    for engine_seat in range(len(table.state.hand_seats)):
        seat = table.seat_for(engine_seat)
        if seat.user_id is not None and seat.choice == table.hand_choice(engine_seat):
            mine[engine_seat] = game.view(engine_seat).model_dump(mode="json")
    seen.seats.append(mine)


async def click(service: TableService, table: Table, who: Member, key: str) -> None:
    async with service.click(table, who, table.version, key):
        pass


async def open_played(
    store: Store,
    game: str,
    options: dict[str, Any],
    *,
    people: int,
    computers: int = 0,
    stake: int = 1,
    seed: int = 7,
    guild: int = GUILD,
    channel: int = CHANNEL,
    first_member: int = 0,
    level: str | None = None,
    hints: bool = False,
) -> Played:
    """A table of `game` at `stake` with `people` members (the first the host) and
    `computers` computer players (at `level`: the game's first by default), not yet dealt;
    `hints`: the host allowed hints."""
    plugin = GAMES[game]
    seeds = Seeds()
    seeds.stream(random.Random(seed))
    service = TableService(store, computer_delay=0, now=lambda: NOW, seeds=seeds, workers=Workers(0))
    who = [Member(m.id + first_member, m.display_name) for m in members(people)]
    table = await service.open(
        guild_id=guild,
        channel_id=channel,
        host=who[0],
        game=game,
        stake=stake,
        choice=plugin.seat_choices[0],
        level=level or (plugin.levels[0] if plugin.levels else "basic"),
        options=plugin.parse_options(options),
        hints=hints,
    )
    for index, member in enumerate(who[1:], 1):
        await click(
            service, table, member, f"join.{plugin.seat_choices[index]}" if plugin.pick_seat else "join"
        )
    for _ in range(computers):
        await click(service, table, who[0], "bot")
    return Played(service, table, who, [])


async def play_hand(played: Played, *, timer: bool = True, moves: int = MOST_MOVES) -> Seen:
    """Deal the next hand and play it to its end (or for `moves` moves: `play_on` goes on),
    recording every step. The members' moves are a computer player's choices, played as
    theirs; with `timer`, the first is the turn timer's instead. Computers and paused hands
    play as the table's clock plays them."""
    service, table = played.service, played.table
    async with service.click(table, played.members[0], table.version, "start"):
        pass
    assert table.state.phase is not Phase.LOBBY and table.game is not None, table.state.log
    seen = Seen(table.state.hand_no)  # (a hand may end at the deal: Cinco with nobody to decide)
    look(table, seen)
    await play_on(played, seen, timer=timer, moves=moves)
    return seen


async def play_on(played: Played, seen: Seen, *, timer: bool = False, moves: int = MOST_MOVES) -> None:
    """Play the hand in play at `played`'s table for `moves` more moves or to its end (then
    it joins `played.hands`), recording each step in `seen`."""
    service, table = played.service, played.table
    plugin = table.plugin
    chooser = plugin.computer(plugin.levels[0]) if plugin.levels else None
    for _ in range(moves):
        if table.state.phase is not Phase.PLAYING:
            break
        game = table.game
        turn = table.turn()
        members_awaited = [seat for seat in turn.awaiting if not table.seat_for(seat).is_computer]
        if members_awaited:
            seat = members_awaited[0]
            if timer:
                timer = False
                await service.hands.apply(table, seat, plugin.timeout_action(game, seat), actor="timer")
            else:
                assert chooser is not None
                await service.hands.apply(table, seat, chooser.choose(game, seat))
        else:
            await service.autoplay.act_for(table)  # a computer's move, or the clock of a paused hand
        look(table, seen)
    if table.state.phase is not Phase.PLAYING:
        played.hands.append(seen)
    else:
        assert moves < MOST_MOVES, "the hand never ended"


async def played_hands(
    store: Store,
    game: str,
    options: dict[str, Any],
    *,
    people: int,
    computers: int = 0,
    hands: int = 1,
    stake: int = 1,
    seed: int = 7,
    channel: int = CHANNEL,
) -> Played:
    """`hands` hands of `game` played to their end at one new table in `channel` (see
    `play_hand`)."""
    played = await open_played(
        store, game, options, people=people, computers=computers, stake=stake, seed=seed, channel=channel
    )
    for _ in range(hands):
        await play_hand(played)
    return played
