"""The table message's lines fit a phone in every state a table passes through (issue 23,
item 1): at most six lines and 500 characters as a member reads them, for every game, every
option set that changes what the lines say, every player count and several seeds, with
every member's name as long as Discord allows (32 characters, in its widest letter).

The tables are run by the real table service (a SQLite file, no Discord): its lobby seats
the members, its deal deals, each move is played through `Hands.apply` with its chips and
its log line, and its settlement ends the hand, so the lines are those a table shows. A
member reads a mention as "@" and their name, so that is what is counted; a timestamp
counts as its markup, longer than the "in 2 minutes" Discord shows.
"""

from __future__ import annotations

import itertools
import random
import re
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from bot.games import GAMES
from bot.games.base import Pauses, hint_level
from bot.storage import Store
from bot.table_layout import MAX_CHARACTERS, MAX_LINES, table_lines
from bot.tables import Phase, Table, TableService
from bot.tables.timing import UNATTENDED_DEALS
from tests.contract.test_plugins import option_combos
from tests.helpers.tables import dealt_table

MOST_CHARACTERS = 500
"""What a member reads of the table message at most (issue 23: "at most 6 short lines");
tests/e2e/test_table_message.py checks the same of the message the bot sends."""
assert MOST_CHARACTERS == MAX_CHARACTERS
LONG_NAMES = tuple("W" * 31 + str(n) for n in range(1, 9))
"""Display names of Discord's greatest length, 32 characters, in its widest capital."""
SEEDS = (1, 2, 3)
HANDS = 2
"""Hands per table: the second is dealt from what the first carried (stacks, pots, scores)."""
ONE_HAND = {"peg_leg"}
"""Games whose hands carry nothing to the next (Peg Leg's bets are settled hand by hand, with
no stacks, pot or score), played one hand a table: its pricing is this test's costliest part."""
STAKE = 5
BANKROLL = 1_000_000
"""Chips each member is granted: enough to sit at any table these options open."""
MOVES = 1_500
"""A hand not over after this many moves never will (real hands take tens)."""

VARIANTS: dict[str, tuple[dict[str, Any], ...]] = {
    "prima_carta": (
        {},
        {"variant": "cinco"},
        {"variant": "jasper", "house": True, "corte": True, "cobre": "carry", "bets": True},
    ),
    "holdout": ({}, {"lines": "double", "deck": "vines"}),
    "primero": ({}, {"variant": "points"}, {"division": "split", "repass": True, "overstate": True}),
    "prefa": ({}, {"play_for": "bankroll"}, {"tentative": True, "ten_no_trump": "A", "four_aces": "A"}),
    "primiera": (
        {"variant": "heralds"},
        {"variant": "scopone"},
        {"variant": "two"},
        {"variant": "three"},
        {"variant": "robot"},
        {"variant": "heralds", "play_for": "bankroll"},
    ),
    "cardano": ({}, {"duel": False, "privilege_passes": True, "distributions": "deck"}),
    "peg_leg": ({}, {"cap": 1000}),
}
"""The options that change what the lines of a hand in play and between hands say (the
scores or chips a game plays for, its variants, the house bets and side bets); the lobby's
lines are checked for every option combination the contract test plays."""


@dataclass(frozen=True)
class Member:
    """A member as the table service sees one (discord.py's Member has this shape)."""

    id: int
    display_name: str


def read(table: Table, lines: list[str], members: dict[int, str]) -> str:
    """The lines as a member reads them: each mention shows as "@" and the member's name."""
    return re.sub(r"<@(\d+)>", lambda found: "@" + members[int(found[1])], "\n".join(lines))


def check(table: Table, members: dict[int, str], where: str) -> None:
    lines = table_lines(table)
    text = read(table, lines, members)
    assert len(lines) <= MAX_LINES, f"{where}: {len(lines)} lines\n{text}"
    assert len(text) <= MOST_CHARACTERS, f"{where}: {len(text)} characters\n{text}"


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """A real SQLite store, on a memory file system where there is one: every move commits
    (synchronous=FULL), and an fsync to a disk would be most of this test's time."""
    memory = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=memory if memory.is_dir() else tmp_path) as folder:
        opened = await Store.open(Path(folder) / "ridotto.db")
        yield opened
        await opened.close()


class Run:
    """One table of `game` with `options`, `players` members and a seed, run by a table
    service of its own on `store` (its deals drawn from the seed)."""

    def __init__(self, store: Store, game: str, options: BaseModel, players: int, seed: int, where: str):
        self.rng = random.Random(seed)
        self.service = TableService(store, computer_delay=3600.0, seeds=lambda: self.rng.getrandbits(48))
        self.plugin, self.options = GAMES[game], options
        base = 100_000 * seed + 1_000 * players
        self.members = [Member(base + n, LONG_NAMES[n]) for n in range(players)]
        self.names = {member.id: member.display_name for member in self.members}
        self.where = f"{where} with {players} (seed {seed})"

    async def open(self, channel: int, hints: bool = False) -> Table:
        """The host opens the table (`hints`: allowing hints) and the others join, the lines
        checked after each."""
        plugin, host, options = self.plugin, self.members[0], self.options
        for member in self.members:
            await self.service.store.grant(1, member.id, BANKROLL)
        table = await self.service.open(
            guild_id=1,
            channel_id=channel,
            host=host,
            game=plugin.id,
            stake=STAKE,
            choice=plugin.seat_choices[0],
            level=plugin.levels[0] if plugin.levels else "",
            options=options,
            hints=hints,
        )
        check(table, self.names, f"{self.where}: the lobby with 1")
        for count, member in enumerate(self.members[1:], 2):
            async with self.service.click(table, member, table.version, "join"):
                pass
            check(table, self.names, f"{self.where}: the lobby with {count}")
        return table

    async def deal(self, table: Table) -> None:
        async with self.service.click(table, self.members[0], table.version, "start"):
            pass

    async def play(self, table: Table, hand: int) -> None:
        """The hand to its end, a seeded random legal move at a time (a fold or an all-in
        only now and then, so hands run long), the lines checked after each; then between
        hands, as the table shows it and as it shows it once the clock has dealt hands
        nobody played."""
        plugin, rng = self.plugin, self.rng
        for step in range(MOVES):
            check(table, self.names, f"{self.where}: hand {hand}, move {step}")
            game = table.game
            assert game is not None
            if table.state.phase is not Phase.PLAYING:
                break
            if game.awaiting:
                seat = rng.choice(list(game.awaiting))
                legal = list(game.legal_actions(seat))
                quiet = [a for a in legal if a.kind not in ("fold", "all_in")]
                action = rng.choice(quiet if quiet and rng.random() < 0.95 else legal)
            else:  # waiting on the clock: what the clock would play
                pauses = plugin.capability(Pauses)
                pause = pauses.pause(game, table.options) if pauses is not None else None
                assert pause is not None, f"{self.where}: the hand waits on nobody"
                seat, action = pause.seat, pause.action
            async with table.lock:
                await self.service.hands.apply(table, seat, action)
        assert table.state.phase is not Phase.PLAYING, f"{self.where}: hand {hand} did not end"
        check(table, self.names, f"{self.where}: after hand {hand}")
        dealt = table.state.clock_deals
        table.state.clock_deals = UNATTENDED_DEALS
        check(table, self.names, f"{self.where}: after hand {hand}, nobody playing")
        table.state.clock_deals = dealt


def runs(game: str) -> list[tuple[dict[str, Any], int, int]]:
    """Every option set of `game` in VARIANTS at every player count it allows, each seed."""
    plugin = GAMES[game]
    found = []
    for options in VARIANTS[game]:
        low, high = plugin.seat_range(plugin.parse_options(dict(options)))
        found += [(options, players, seed) for players in range(low, high + 1) for seed in SEEDS]
    return found


@pytest.mark.parametrize("game", sorted(VARIANTS))
async def test_the_lines_fit_through_whole_hands_with_the_longest_names(store: Store, game: str) -> None:
    plugin = GAMES[game]
    for channel, (raw, players, seed) in enumerate(runs(game), 100):
        run = Run(store, game, plugin.parse_options(dict(raw)), players, seed, f"{game} {raw or 'defaults'}")
        table = await run.open(channel)
        for hand in range(1, (1 if game in ONE_HAND else HANDS) + 1):
            if hand > 1 and (table.state.phase is not Phase.BETWEEN or len(table.state.seats) < players):
                break  # the game ended and the table closed, or a seat stood up
            await run.deal(table)
            await run.play(table, hand)


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_the_lobbys_lines_fit_with_every_option_combination(store: Store, game: str) -> None:
    plugin = GAMES[game]
    hinted = (False, True) if hint_level(plugin) is not None else (False,)  # its line, issue 25
    channels = itertools.count(100)
    for combo, options in option_combos(plugin):
        high = plugin.seat_range(options)[1]
        for hints in hinted:
            await Run(store, game, options, high, 0, f"{game} {combo} hints {hints}").open(
                next(channels), hints
            )


def test_long_names_read_cut_where_the_lines_would_run_long_and_short_ones_whole() -> None:
    """Where whole names would make the lines too long, a name longer than the room they
    need reads cut with "…" (a member so named by the cut name, not a mention, which Discord
    would show whole); a short name, and its mention, stay as they are. Where the lines fit,
    every name is whole."""
    names = ("Ana", *LONG_NAMES[:5])
    table = dealt_table("peg_leg", {}, 6, 1, names=names)
    lines = table_lines(table)
    text = "\n".join(lines)
    assert "<@1001>" in text and "Ana" not in text  # a mention reads as her name
    assert "WWWWWWWWWWWWWWW…" in text and not any(name in text for name in LONG_NAMES)
    assert not any(f"<@{1001 + n}>" in text for n in range(1, 6))
    assert len(read(table, lines, dict(zip(range(1001, 1007), names, strict=True)))) <= MAX_CHARACTERS
    whole = "\n".join(table_lines(dealt_table("peg_leg", {}, 3, 1, names=names)))
    assert "<@1002>" in whole and "W…" not in whole


def test_what_happened_last_is_cut_when_nothing_else_makes_the_lines_fit() -> None:
    """The last thing that happened is the line that gives way (the Log button has it whole)."""
    table = dealt_table("holdout", {}, 4, 1, names=LONG_NAMES)
    table.state.log = ["Ana " + "plays a very long move " * 30]
    lines = table_lines(table)
    text = read(table, lines, {1001 + n: LONG_NAMES[n] for n in range(4)})
    assert lines[-1].startswith("Last: Ana plays") and lines[-1].endswith("…")
    assert len(text) <= MAX_CHARACTERS
