"""The SimCord room every end-to-end test plays in, and the moves they all make: open a
table, fetch a private panel as it is now, click what an older render showed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
import simcord
from simcord.results import to_discord_message

from bot.app import Ridotto
from bot.config import Settings
from bot.tables import Phase, Table
from tests.helpers.seeds import Seeds


@dataclass
class Room:
    """A server with one channel and three members, ready to play."""

    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor
    settings: Settings
    bots: list[Ridotto]
    seeds: Seeds  # where the bot's deals come from; restarted bots keep it

    @property
    def bot(self) -> Ridotto:
        bot = self.env.bot
        assert isinstance(bot, Ridotto)
        return bot

    def message(self, message_id: int | None):
        for message in self.channel.history():
            if message.id == message_id:
                return message
        raise AssertionError(f"message {message_id} is not in #{self.channel.name}")

    def public_messages(self) -> list:
        """What someone who is not part of any interaction sees in the channel."""
        return [m for m in self.channel.history() if not m.flags.ephemeral]

    async def restart(self) -> None:
        """A process restart: a freshly built bot on the same database file."""
        bot = self.seeds.bot(self.settings)
        self.bots.append(bot)
        await self.env.restart_bot(bot)


def fetch(room: Room, message_id: int, channel: simcord.ChannelHandle | None = None) -> discord.Message:
    """A message as it is now, private panels included (ephemeral replies are in no history)."""
    where = room.channel if channel is None else channel
    return to_discord_message(room.env, room.env.backend.get_message(where.id, message_id))


async def open_table(
    room: Room,
    game: str,
    members: Sequence[simcord.MemberActor],
    *,
    bots: int = 0,
    start: bool = True,
    **options: Any,
) -> Table:
    """The first of `members` opens a table of `game` (its /play name) with `options`, the
    others join, the host adds `bots` computer players and (`start`) deals the first hand."""
    host, *others = members
    await host.slash(room.channel, f"play {game}", **options)
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    for member in others:
        result = await member.click(room.message(table.state.message_id), label="Join")
        assert result.acknowledged and not result.ephemeral  # no seat picker: a seat is taken at once
    for _ in range(bots):
        await host.click(room.message(table.state.message_id), label="Add bot")
    if start:
        await host.click(room.message(table.state.message_id), label="Start")
        assert table.game is not None and table.state.phase is Phase.PLAYING
    return table


class Panels:
    """Each member's open hand panel at one table: open it, find it again as it is now."""

    def __init__(self, room: Room, table: Table) -> None:
        self.room, self.table = room, table
        self.panels: dict[int, int] = {}  # member id -> the panel's message id

    def seat(self, member: simcord.MemberActor) -> int:
        seat = self.table.seat_of(member.id)
        assert seat is not None
        return seat

    async def open(self, member: simcord.MemberActor) -> discord.Message:
        result = await member.click(self.room.message(self.table.state.message_id), label="Your hand")
        assert result.ephemeral and result.response is not None
        self.panels[member.id] = result.response.id
        return fetch(self.room, result.response.id)

    def panel(self, member: simcord.MemberActor) -> discord.Message:
        return fetch(self.room, self.panels[member.id])


async def click_as_rendered(actor: simcord.MemberActor, message, custom_id: str) -> simcord.InteractionResult:
    """Click a button as an older render of the message showed it (a double click, a lagging client).

    SimCord's `click` always finds buttons on the message as it is now; Discord itself delivers
    whatever custom id the member's client still displayed, which is what this sends.
    """
    from simcord.actors import _component_interaction, _visible_message

    stored = _visible_message(actor, message)
    return await _component_interaction(actor, stored, {"custom_id": custom_id, "component_type": 2})


async def answer_to(room: Room, member: simcord.MemberActor, table: Table, label: str) -> discord.Embed:
    """What `member` is shown privately on pressing `label` (Log, Details) on the table
    message: the answer's embed."""
    result = await member.click(room.message(table.state.message_id), label=label)
    assert result.ephemeral and result.response is not None
    return result.response.message.embeds[0]


def parts(message: discord.Message) -> list[Any]:
    """Every component of a message in the order a member reads it, nested ones included
    (a V2 layout's container, its rows, its section's accessory)."""
    found: list[Any] = []

    def walk(items: Sequence[Any]) -> None:
        for item in items:
            found.append(item)
            walk(getattr(item, "children", None) or [])
            if (accessory := getattr(item, "accessory", None)) is not None:
                walk([accessory])

    walk(message.components)
    return found


def text_lines(message: discord.Message) -> list[str]:
    """What a V2 message says in text: its text displays' lines, in order."""
    return [
        line
        for part in parts(message)
        if isinstance(part, discord.TextDisplay)
        for line in part.content.splitlines()
    ]


def picture_description(message: discord.Message) -> str:
    """The alt text of a V2 message's pictures (what a screen reader reads of them)."""
    return "\n".join(
        item.description or ""
        for part in parts(message)
        if isinstance(part, discord.MediaGalleryComponent)
        for item in part.items
    )


def picture_url(message: discord.Message) -> str | None:
    """The URL of a V2 message's first picture (None: it shows none)."""
    for part in parts(message):
        if isinstance(part, discord.MediaGalleryComponent) and part.items:
            return part.items[0].media.url
    return None


def text_of(message: discord.Message) -> str:
    """A message's content, embeds, text displays and picture descriptions, as one text to
    search."""
    displays = "\n".join(text_lines(message))
    embeds = (str(e.to_dict()) for e in message.embeds)
    return "\n".join([message.content or "", *embeds, displays, picture_description(message)])


def controls(message: discord.Message) -> list[Any]:
    """Every button and select on a message, in order (row by row, in a V2 layout too)."""
    return [part for part in parts(message) if isinstance(part, (discord.Button, discord.SelectMenu))]


def button(message: discord.Message, prefix: str) -> discord.Button:
    """The button whose label starts with `prefix`."""
    for child in controls(message):
        if isinstance(child, discord.Button) and (child.label or "").startswith(prefix):
            return child
    shown = [child.label for child in controls(message) if isinstance(child, discord.Button)]
    raise AssertionError(f"no button starting {prefix!r}: {shown}")


def labels(message: discord.Message) -> list[str]:
    """What each control shows: a button's label, a select's placeholder."""
    return [getattr(child, "label", None) or getattr(child, "placeholder", "") for child in controls(message)]


def selects(message: discord.Message) -> list[discord.SelectMenu]:
    return [child for child in controls(message) if isinstance(child, discord.SelectMenu)]


def buttons(message) -> list[str]:
    return [child.label for child in controls(message)]


def button_ids(message) -> list[str]:
    return [child.custom_id for child in controls(message)]


def find_label(message, prefix: str) -> str:
    for label in buttons(message):
        if label.startswith(prefix):
            return label
    raise AssertionError(f"no button starting {prefix!r} in {buttons(message)}")


def form_list(modal: dict[str, object], custom_id: str) -> dict[str, Any] | None:
    """The list (select) `custom_id` in a form's payload, if it has one."""
    found: list[dict[str, Any]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if node.get("type") == 3 and node.get("custom_id") == custom_id:
                found.append(node)
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(modal)
    return found[0] if found else None


async def leave_now(room: Room, member: simcord.MemberActor, table: Table) -> simcord.InteractionResult:
    """`member` presses **Leave after this hand** and, asked because the hand waits on them,
    answers **Leave now** (the timer plays their turns): the click that changes the table."""
    result = await member.click(room.message(table.state.message_id), label="Leave after this hand")
    if (
        result.ephemeral
        and result.response is not None
        and "Leave now" in buttons(fetch(room, result.response.id))
    ):
        return await member.click(fetch(room, result.response.id), label="Leave now")
    return result
