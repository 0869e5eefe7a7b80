"""A game's rules as members read them: the brief first (/rules and the lobby's Rules
button), with a **More** button that shows the whole text, split to fit Discord's limits."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

from bot.components import RULES_MORE, rendered
from bot.games.base import brief_for, hint_level, rules_for
from bot.i18n import Join, Lang, Markup, Text, lang, level_name, t

if TYPE_CHECKING:
    from bot.games import Plugin

#: Discord's limits: an embed's description, all embeds of one message together, and the
#: number of embeds a message may carry
DESCRIPTION_LIMIT = 4096
MESSAGE_LIMIT = 6000
EMBEDS_LIMIT = 10

COLOUR = discord.Colour.dark_gold()


ENGLISH = lang("en")


def hints_note(plugin: Plugin) -> Text | None:
    """The table option every game whose strongest computer explains itself has (issue 25),
    in a line for its rules; None for a game without hints."""
    level = hint_level(plugin)
    if level is None:
        return None
    command = plugin.id.replace("_", "-")
    return t(
        "**Hints:** open a table with {option} and, on your turn, **Hint** shows you (only you) "
        "the {level} computer's move for your position and why; you still make the move. A table "
        "with hints isn't rated.",
        option=Markup(f"`/play {command} hints:true`"),
        level=level_name(level),
    )


def hints_help(plugins: Iterable[Plugin]) -> Text | None:
    """/help's line on hints: what `hints:true` does, and the games that have it (None: none)."""
    learners = [plugin.name for plugin in plugins if hint_level(plugin) is not None]
    if not learners:
        return None
    return t(
        "**Learning?** `/play <game> hints:true` gives every member a **Hint** button on their "
        "turn: the strongest computer's move for them and why, seen only by them. A table with "
        "hints isn't rated. Games with hints: {games}.",
        games=Join(learners, "comma"),
    )


def rules_brief(plugin: Plugin, say: Lang = ENGLISH) -> tuple[discord.Embed, discord.ui.View]:
    """The game in a few lines (and, where the game has hints, how to ask for them), and the
    **More** button for the full rules, in `say`'s language."""
    note = hints_note(plugin)
    brief = brief_for(plugin, say.code)
    if note:
        brief = f"{brief}\n\n{say(note)}"
    title = say(t("How to play {game}", game=plugin.name))
    embed = discord.Embed(title=title, description=brief, colour=COLOUR)
    embed.set_footer(text=say(t("Press More for the full rules."), md=False))
    view = discord.ui.View(timeout=None)
    more: discord.ui.Button[discord.ui.View] = discord.ui.Button(
        label=say(t("More"), md=False),
        style=discord.ButtonStyle.secondary,
        custom_id=RULES_MORE(game=plugin.id),
    )
    view.add_item(more)
    return embed, rendered(view)


def rules_pages(plugin: Plugin, say: Lang = ENGLISH) -> list[list[discord.Embed]]:
    """The full rules as messages of embeds, each within Discord's limits: the text is cut
    only between lines (a line longer than an embed, never expected, between words)."""
    note = hints_note(plugin)
    rules = rules_for(plugin, say.code)
    chunks = _chunks(f"{rules}\n\n{say(note)}" if note else rules, DESCRIPTION_LIMIT)
    title = say(t("{game}: the full rules", game=plugin.name), md=False)
    pages: list[list[discord.Embed]] = [[]]
    size = 0
    for number, chunk in enumerate(chunks, 1):
        heading = title if len(chunks) == 1 else f"{title} ({number}/{len(chunks)})"
        cost = len(heading) + len(chunk)
        if pages[-1] and (size + cost > MESSAGE_LIMIT or len(pages[-1]) >= EMBEDS_LIMIT):
            pages.append([])
            size = 0
        pages[-1].append(discord.Embed(title=heading, description=chunk, colour=COLOUR))
        size += cost
    return pages


def _chunks(text: str, limit: int) -> list[str]:
    """`text` in pieces of at most `limit` characters, cut at line ends where it can."""
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:  # a single line too long for a piece: cut at a space
            cut = line.rfind(" ", 0, limit) if " " in line[:limit] else limit
            cut = cut if cut > 0 else limit
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:cut])
            line = line[cut:].lstrip(" ")
        joined = f"{current}\n{line}" if current else line
        if len(joined) > limit:
            pieces.append(current)
            current = line
        else:
            current = joined
    if current.strip():
        pieces.append(current)
    return [piece for piece in pieces if piece.strip()]
