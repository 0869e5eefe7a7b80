"""Discord REST calls per member move and per computer move, through SimCord.

    python bench/calls.py [--hands H] [--before DIR]

A fresh bot (``computer_delay=0``, as in tests) plays, on a fresh SQLite file:

* Prima Carta, two members and a computer: the members to act pay the copa;
* Prima Carta, one member and three computers: she pays the copa, the computers play on;
* Prefa, three members playing from their hand panels (each presses Your hand, then the
  move the basic computer player would make; nobody else's panel is open).

Every REST request the bot makes is counted where SimCord's in-process Discord answers it
(its request log), so the same counting runs on any version of the bot. A member's move is
what the bot sends while its handler for that click runs (`Tables.on_click`,
`Panels.on_panel`: the answer, the table edit, panels, the ping, a follow-up); everything
else made while the table plays on is the computers' (their moves, as many as the clock
published, drawn on the table message, with the pings they lead to). Opening a panel (Your
hand) is neither.

``--before DIR`` also runs the same workload on the bot in DIR (e.g. a throwaway
``git worktree add --detach /tmp/main main``) in a subprocess, and prints both and the
ratio (after / before). Not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import itertools
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

#: the bot measured: this tree, or the one named by RIDOTTO_ROOT (the "before" run)
ROOT = Path(os.environ.get("RIDOTTO_ROOT") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import simcord  # noqa: E402
from simcord.results import to_discord_message  # noqa: E402

from bot.app import Ridotto, create_bot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.tables import Phase, Table  # noqa: E402
from bot.tables.commit import TableChange  # noqa: E402

SEED = 20261126


class Room:
    """The bench's server: one channel, the bot, and its messages as members see them."""

    def __init__(self, env: simcord.Env, channel: simcord.ChannelHandle, bot: Ridotto) -> None:
        self.env, self.channel, self.bot = env, channel, bot

    def message(self, message_id: int | None) -> Any:
        return next(m for m in self.channel.history() if m.id == message_id)

    def fetch(self, message_id: int) -> discord.Message:
        """A message as it is now, private panels included."""
        return to_discord_message(self.env, self.env.backend.get_message(self.channel.id, message_id))


def controls(message: Any) -> list[Any]:
    """A message's buttons and selects in order: row by row, in a V2 layout's container too."""
    found: list[Any] = []

    def walk(parts: list[Any]) -> None:
        for part in parts:
            if isinstance(part, (discord.Button, discord.SelectMenu)):
                found.append(part)
            walk(getattr(part, "children", None) or [])

    walk(message.components)
    return found


def find_label(message: Any, prefix: str) -> str:
    return str(next(c.label for c in controls(message) if (c.label or "").startswith(prefix)))


def kind_of(method: str, path: str) -> str:
    if path.startswith("/interactions/"):
        return "response"
    if path.startswith("/webhooks/"):
        return "panel edit" if method == "PATCH" else "follow-up"
    if path.startswith("/channels/") and "/messages" in path:
        return {"PATCH": "table edit", "POST": "message send", "DELETE": "message delete"}.get(method, method)
    return f"{method} other"


class Tally:
    """Calls by kind, split between members' moves and the rest (the computers')."""

    def __init__(self) -> None:
        self.active = False  # counting members' moves (not the setup's clicks)
        self.member: Counter[str] = Counter()
        self.computer: Counter[str] = Counter()
        self.member_moves = 0
        self.computer_moves = 0
        self.log: list[Any] = []

    def since(self, start: int) -> Counter[str]:
        return Counter(kind_of(e.method, e.path) for e in self.log[start:])

    def figures(self) -> dict[str, Any]:
        return {
            "member moves": self.member_moves,
            "calls per member move": round(self.member.total() / max(self.member_moves, 1), 2),
            "member kinds": {
                k: round(v / max(self.member_moves, 1), 2) for k, v in sorted(self.member.items())
            },
            "computer moves": self.computer_moves,
            "calls per computer move": round(self.computer.total() / max(self.computer_moves, 1), 2),
            "computer kinds": {
                k: round(v / max(self.computer_moves, 1), 2) for k, v in sorted(self.computer.items())
            },
            # A member's move may be drawn after its handler returns (the table's drawing
            # shows it, with what the computers play next): the whole, per move of anyone.
            "calls per move, all": round(
                (self.member.total() + self.computer.total())
                / max(self.member_moves + self.computer_moves, 1),
                2,
            ),
        }


def counting(router: Any, tally: Tally) -> None:
    """Count the calls made inside a member's move handler (`Tables.on_click`,
    `Panels.on_panel`, as the cogs registered them with the router) as the member's."""

    def wrap(real: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
        async def handler(interaction: Any, values: Any, **parts: Any) -> None:
            start = len(tally.log)
            try:
                await real(interaction, values, **parts)
            finally:
                if tally.active:
                    tally.member.update(tally.since(start))
                    tally.member_moves += 1

        return handler

    moves = ("on_click", "on_panel")
    router._routes = [
        dataclasses.replace(route, handler=wrap(route.handler))
        if getattr(route.handler, "__name__", "") in moves
        else route
        for route in router._routes
    ]


async def play(scenario: str, hands: int) -> dict[str, Any]:
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="ridotto-calls-") as tmp:
        # As in the tests: computers think inline and act at once; no message rate kept
        # (SimCord's clock stands still here). Only settings the bot under test knows.
        wanted: dict[str, Any] = {"computer_delay": 0, "workers": 0, "channel_rate": 0}
        known = {key: value for key, value in wanted.items() if key in Settings.model_fields}
        settings = Settings.model_validate(
            {"discord_token": None, "database_path": Path(tmp) / "calls.db", **known}
        )
        seeds = itertools.count(SEED).__next__
        ridotto = create_bot(settings, seeds=seeds)
        async with simcord.run(ridotto, shard_count=1) as env:
            try:
                guild = env.create_guild("Ridotto Calls")
                channel = guild.create_text_channel("tavern")
                alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
                room = Room(env, channel, ridotto)
                counting(ridotto.router, tally)
                tally.log = env.backend.http_requests
                if scenario == "prefa":
                    members = [alice, bob, carol]
                    table = await prefa(room, members)
                else:
                    members = [alice, bob] if scenario == "copa-2m1c" else [alice]
                    table = await prima_carta(room, members, bots=1 if len(members) == 2 else 3)
                await measure(room, table, members, hands, tally)
            finally:
                await ridotto.store.close()
    return tally.figures()


async def measure(room: Room, table: Table, members: list[Any], hands: int, tally: Tally) -> None:
    changes = room.bot.tables.autoplay.changes
    publish = changes.publish

    async def counted(change: TableChange) -> None:
        tally.computer_moves += 1
        await publish(change)

    changes.publish = counted  # type: ignore[method-assign]
    by_id = {m.id: m for m in members}
    first = table.state.hand_no
    tally.active = True
    while table.state.hand_no < first + hands or table.state.phase is Phase.PLAYING:
        start, member_before = len(tally.log), Counter(tally.member)
        if table.state.phase is Phase.BETWEEN:
            await members[0].click(room.message(table.state.message_id), label="Deal next hand")
        elif table.plugin.private_hands:
            room.bot.display.screen(table).panels.clear()  # nobody else's panel is open
            await step(room, table, members)
            start += 1  # the first call, answering Your hand, is not a move
        else:
            seat = table.to_act
            assert seat is not None
            message = room.message(table.state.message_id)
            await by_id[table.state.seats[seat].user_id].click(
                message, label=find_label(message, "Pay the copa")
            )
        # What the click's own handler did not send was the computers' (their drawing).
        tally.computer.update(tally.since(start) - (tally.member - member_before))
    tally.active = False


async def prefa(room: Room, members: list[Any]) -> Table:
    """A Prefa table of three members, its first hand dealt."""
    host, *others = members
    await host.slash(room.channel, "play prefa")
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    for member in others:
        await member.click(room.message(table.state.message_id), label="Join")
    await host.click(room.message(table.state.message_id), label="Start")
    return table


async def prima_carta(room: Room, members: list[Any], bots: int) -> Table:
    """A Prima Carta table: the first member hosts, the others take a suit, `bots` computers."""
    host, *others = members
    await host.slash(room.channel, "play prima-carta", stake=10)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    for member, suit in zip(others, ("Locks", "Fruit", "Swords"), strict=False):
        picker = await member.click(room.message(table.state.message_id), label="Join")
        assert picker.response is not None and picker.response.message is not None
        await member.click(picker.response.message, label=suit)
    for _ in range(bots):
        await host.click(room.message(table.state.message_id), label="Add bot")
    await host.click(room.message(table.state.message_id), label="Start")
    return table


async def step(room: Room, table: Table, members: list[Any]) -> None:
    """One Prefa move: a member opens their panel (Your hand) and clicks on it the move the
    basic computer player would make for them (as tests/e2e/test_prefa.py does)."""
    seat = table.to_act
    assert seat is not None and table.game is not None
    member = next(m for m in members if m.id == table.seat_for(seat).user_id)
    result = await member.click(room.message(table.state.message_id), label="Your hand")
    assert result.response is not None
    panel = room.fetch(result.response.id)
    action = table.plugin.computer("basic").choose(table.game, seat)
    key, values = table.plugin.encode(table.game, seat, action)
    cheapest = [c for c in controls(panel) if (c.custom_id or "").endswith(":" + key)]
    if key.startswith("declare.") and not values and key != "declare.aces" and not cheapest:
        key, values = "declare", (key.removeprefix("declare."),)  # only the cheapest has a button
    for child in controls(panel):
        custom = child.custom_id or ""
        if custom.endswith(":" + key) and values and isinstance(child, discord.SelectMenu):
            await member.select(panel, list(values), custom_id=custom)
            return
        if custom.endswith(":" + key) and not values and isinstance(child, discord.Button):
            await member.click(panel, custom_id=custom)
            return
    raise AssertionError(f"no control for {key} {values}")


def run_here(hands: int) -> dict[str, Any]:
    return {name: asyncio.run(play(name, hands)) for name in ("copa-2m1c", "copa-1m3c", "prefa")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=4, help="hands per scenario")
    parser.add_argument("--before", type=Path, help="a checkout of the bot to compare with (e.g. main)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    args = parser.parse_args(argv)
    after = run_here(args.hands)
    if args.json:
        print(json.dumps(after))
        return 0
    before: dict[str, Any] | None = None
    if args.before is not None:
        done = subprocess.run(
            [sys.executable, __file__, "--hands", str(args.hands), "--json"],
            env={**os.environ, "RIDOTTO_ROOT": str(args.before.resolve())},
            capture_output=True,
            text=True,
            check=True,
        )
        before = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"REST calls per move, {args.hands} hands a scenario, computer_delay=0 (counted at SimCord)")
    for name, figures in after.items():
        print(f"\n{name}")
        for key in ("calls per member move", "calls per computer move", "calls per move, all"):
            line = f"  {key:24} after {figures[key]:5}"
            if before is not None:
                old = before[name].get(key)
                if old is None:  # a bench from before this figure: work it out from the others
                    b = before[name]
                    moves = b["member moves"] + b["computer moves"]
                    calls = b["calls per member move"] * b["member moves"]
                    calls += b["calls per computer move"] * b["computer moves"]
                    old = round(calls / max(moves, 1), 2)
                ratio = figures[key] / old if old else float("nan")
                line += f"   before {old:5}   after/before {ratio:.2f}"
            print(line)
        for key in ("member kinds", "computer kinds"):
            print(f"  {key:24} after {figures[key]}")
            if before is not None:
                print(f"  {'':24} before {before[name][key]}")
        moves = f"  moves: {figures['member moves']} member, {figures['computer moves']} computer"
        if before is not None:
            moves += f" (before: {before[name]['member moves']}, {before[name]['computer moves']})"
        print(moves)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
