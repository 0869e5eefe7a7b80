"""The path of one member's move through the real bot, from the click to the table message edit.

    python bench/click_path.py [--list]

A fresh bot runs against SimCord and a fresh SQLite file. Alice opens a Prima Carta table,
Bob joins, Alice starts; then the member to act presses **Pay the copa** on the table
message. While that click is handled, `sys.setprofile` records every call of a function
defined in the project (`bot/`, `cogs/`, `engine/`), until the bot edits the table message in
its answer to the click. It prints:

- places: the distinct functions visited (comprehensions and generator expressions are
  counted with the function they sit in);
- files: the distinct files those functions live in;
- returns: how often the path, taken in the order the places are first visited, comes back
  to a file it had left (a run of places in one file counts once). `places - files` is
  printed too: it is how often a new place lies in a file already seen;
- back and forth: how often, taken file by file, it goes from a file to another and
  straight back (A, B, A).

`--list` also prints the places in the order first visited.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord
import simcord

from bot.app import create_bot
from bot.config import Settings
from bot.tables import Phase

ROOT = Path(__file__).resolve().parents[1]


PROJECT = tuple(str(ROOT / part) + "/" for part in ("bot", "cogs", "engine"))
#: the rooms between Discord and the game: the cogs, the table service, rendering and app
GLUE = (
    "cogs/",
    "bot/tables/",
    "bot/app.py",
    "bot/ui.py",
    "bot/render.py",
    "bot/table_layout.py",
    "bot/components.py",
    "bot/display.py",
)
SEED = 20261122


def buttons(message: discord.Message) -> list[discord.Button]:
    """A message's buttons in order: row by row, in a V2 layout's container too."""
    found: list[discord.Button] = []

    def walk(parts: list[Any]) -> None:
        for part in parts:
            if isinstance(part, discord.Button):
                found.append(part)
            walk(getattr(part, "children", None) or [])

    walk(list(message.components))
    return found


@dataclass
class Trace:
    """The project functions one click visits, in the order first seen."""

    places: list[tuple[str, str]] = field(default_factory=list)
    seen: set[tuple[str, str]] = field(default_factory=set)
    recording: bool = False
    edited: bool = False

    def profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if not self.recording or event != "call":
            return
        code = frame.f_code
        path = code.co_filename
        if not path.startswith(PROJECT) or code.co_name.startswith("<"):
            return
        place = (str(Path(path).relative_to(ROOT)), code.co_qualname)
        if place not in self.seen:
            self.seen.add(place)
            self.places.append(place)

    def only(self, prefixes: tuple[str, ...]) -> Trace:
        """The same path, keeping only the places in files under `prefixes`."""
        kept = [place for place in self.places if place[0].startswith(prefixes)]
        return Trace(places=kept, seen=set(kept))

    def files(self) -> list[str]:
        return list(dict.fromkeys(path for path, _ in self.places))

    def returns(self) -> int:
        """Times the path comes back to a file it left (consecutive places in one file are one
        visit)."""
        runs: list[str] = []
        for path, _ in self.places:
            if not runs or runs[-1] != path:
                runs.append(path)
        return len(runs) - len(set(runs))


async def trace_one_move() -> Trace:
    trace = Trace()
    real_edit = discord.InteractionResponse.edit_message

    async def edit_message(self: discord.InteractionResponse[Any], **fields: Any) -> Any:
        # The table message edit in the answer to the click: the end of the path.
        if trace.recording:
            trace.recording = False
            trace.edited = True
        return await real_edit(self, **fields)

    with tempfile.TemporaryDirectory(prefix="ridotto-path-") as tmp:
        # Decisions and pictures inline (WORKERS=0, as in the e2e tests): the path traced is
        # this process's anyway, and with a pool SimCord's settle ran out of time before the
        # click on a busy machine.
        database = Path(tmp) / "path.db"
        settings = Settings(
            discord_token=None, database_path=database, computer_delay=0, workers=0, dev_guild_id=None
        )
        ridotto = create_bot(settings, seeds=lambda: SEED)  # one deal, the same every run
        discord.InteractionResponse.edit_message = edit_message  # type: ignore[method-assign]
        try:
            async with simcord.run(ridotto, shard_count=1) as env:
                try:
                    guild = env.create_guild("Ridotto Path")
                    channel = guild.create_text_channel("tavern")
                    alice = guild.add_member(env.create_user("alice"))
                    bob = guild.add_member(env.create_user("bob"))
                    members = {alice.id: alice, bob.id: bob}
                    await alice.slash(channel, "play prima-carta", stake=10)
                    message = channel.last_message
                    assert message is not None
                    picker = await bob.click(message, label="Join")
                    assert picker.response is not None and picker.response.message is not None
                    await bob.click(picker.response.message, label="Locks")
                    table = ridotto.tables.in_channel(channel.id)
                    assert table is not None

                    def table_message() -> Any:
                        return next(m for m in channel.history() if m.id == table.state.message_id)

                    await alice.click(table_message(), label="Start")
                    assert table.state.phase is Phase.PLAYING and table.to_act is not None
                    user_id = table.state.seats[table.to_act].user_id
                    assert user_id is not None
                    shown = table_message()
                    label = next(
                        child.label
                        for child in buttons(shown)
                        if (child.label or "").startswith("Pay the copa")
                    )
                    version = table.version
                    sys.setprofile(trace.profile)
                    trace.recording = True
                    try:
                        await members[user_id].click(shown, label=label)
                    finally:
                        trace.recording = False
                        sys.setprofile(None)
                    assert table.version > version, "the move was not made"
                    assert trace.edited, "the click did not edit the table message"
                finally:
                    await env.bot.close()
        finally:
            discord.InteractionResponse.edit_message = real_edit  # type: ignore[method-assign]
    return trace


def back_and_forth(trace: Trace) -> int:
    """How often the path, taken file by file (a run of places in one file counts once),
    goes from a file to another and straight back: the bounces a thin layer or a small
    property asked for from the next room make."""
    runs: list[str] = []
    for path, _ in trace.places:
        if not runs or runs[-1] != path:
            runs.append(path)
    return sum(1 for before, after in zip(runs, runs[2:], strict=False) if before == after)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--list", action="store_true", help="print the places in the order first visited")
    args = parser.parse_args(argv)
    trace = asyncio.run(trace_one_move())
    print("Ridotto bench: the path of one member's move (Pay the copa) from click to table message edit")
    for title, part in (("bot/ cogs/ engine/", trace), ("glue only: " + " ".join(GLUE), trace.only(GLUE))):
        files = part.files()
        print(
            f"{title}: places {len(part.places)}, files {len(files)}, returns to a file already left "
            f"{part.returns()}, places - files {len(part.places) - len(files)}"
        )
        print("  files: " + ", ".join(files))
        print(f"  back and forth (file A, then B, then A again at once): {back_and_forth(part)}")
    if args.list:
        for path, name in trace.places:
            print(f"  {path}: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
