"""What a game draws for Discord, before it becomes a message: a private hand panel (an
embed and its controls) and the forms a move may need.

Game renderers build `Panel`s and `Form`s; the panel cog turns them into an ephemeral
message or a modal whose custom ids carry the table, the seat and its panel token, and a
key naming the move. Keys name cards by their place in the hand, never the card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from engine.core.msg import Msg


def plain(text: str) -> str:
    """Text a member chose — a display name, or a line built around one — as it must appear
    in a message: its markdown escaped (`**Boss**` stays as typed, not bold) and mentions
    defused (`@everyone` pings nobody). Names are stored raw (Seat.name, the engines' seat
    names) and escaped here, where they are drawn, by every renderer. Not for embed
    footers or select placeholders, which Discord shows as typed."""
    return discord.utils.escape_markdown(discord.utils.escape_mentions(text))


@dataclass(frozen=True)
class Control:
    """One button on a private panel (or under the table message: `row` 0 or 1), before it is
    drawn: its key, label, style and whether it can be used."""

    key: str
    label: str | Msg  # a message is drawn in the reader's language
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    disabled: bool = False
    row: int = 0


@dataclass(frozen=True)
class Picker:
    """A select on a private panel: `options` are (value, label, shown as chosen)."""

    key: str
    placeholder: str | Msg
    options: tuple[tuple[str, str | Msg, bool], ...]
    min_values: int = 1
    max_values: int = 1


@dataclass(frozen=True)
class Panel:
    """A private panel: the embed, its buttons, and its selects (drawn above the buttons)."""

    embed: discord.Embed
    controls: tuple[Control, ...] = ()
    pickers: tuple[Picker, ...] = ()

    def signature(self) -> str:
        """What the member sees, to skip redrawing an unchanged panel."""
        return repr((self.embed.to_dict(), self.controls, self.pickers))


@dataclass(frozen=True)
class FormField:
    """One box of a form: its id, label and hint. Discord returns the values in the order
    of the boxes, and the game reads them in that order. A box with `options` (value,
    label, shown as chosen) is a list to choose from, `min_values` to `max_values` of them,
    returned as one value: the chosen values joined by commas ("" for none)."""

    key: str
    label: str | Msg
    placeholder: str | Msg = ""
    max_length: int = 12
    options: tuple[tuple[str, str | Msg, bool], ...] = ()
    min_values: int = 1
    max_values: int = 1


@dataclass(frozen=True)
class Form:
    """A form (Discord modal) behind a panel control: submitting it plays the move `key`
    with the typed values, in the order of `fields`."""

    key: str
    title: str | Msg
    fields: tuple[FormField, ...]
