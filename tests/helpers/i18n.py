"""Checks every translated game's language tests share (tests/bot/test_i18n*.py): the
messages a game says, translated in every language and transformed under the pseudo one; the
words a rendered screen leaves in English; the table message's texts; /rules in a language.
Each game's file keeps only its own cases (its hands, its screens, its words)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Any

import discord

from bot.games import Plugin
from bot.games.base import brief_for, rules_for
from bot.i18n import LANGUAGES, PSEUDO, SOURCE, Lang, lang
from bot.rules_pages import DESCRIPTION_LIMIT, rules_brief, rules_pages
from engine.core.msg import Join, Msg, english

OTHERS = [code for code in LANGUAGES if code != SOURCE]
"""The languages besides English."""
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
NOT_LANGUAGE = re.compile(r"<[^<>]*>|(?<![\w/])/[a-z-]+|`[^`]*`")
"""A mention or a timestamp (<...>), a command (/hand), a code span."""


def messages(said: Msg) -> Iterator[Msg]:
    """A message and every message inside its arguments."""
    yield said
    for value in said.args.values():
        items = value.items if isinstance(value, Join) else (value,)
        for item in items:
            if isinstance(item, Msg):
                yield from messages(item)


def shown_words(text: str, own: Collection[str] = ()) -> list[str]:
    """The Latin words of a rendered text, leaving out what is not language (a mention or a
    timestamp, a command, a code span) and the words in `own` (a game's own name)."""
    return [word for word in LATIN_WORD.findall(NOT_LANGUAGE.sub(" ", text)) if word not in own]


def embed_texts(embed: discord.Embed) -> list[str]:
    found = [embed.title or "", embed.description or ""]
    for field in embed.fields:
        found += [field.name or "", field.value or ""]
    return found


def public_texts(plugin: Plugin, view: Any, game: Any) -> list[str]:
    """What the table message shows everyone at this step, drawn in the view's language:
    the game's fields, its status (while the hand is on), its prompt and its summary lines."""
    embed = discord.Embed()
    plugin.table_fields(view, game, embed)
    texts = [*embed_texts(embed), plugin.prompt(view, game, set()), *plugin.summary(view, game)]
    if game.outcome is None:
        texts.append(plugin.status(view, game))
    return texts


def table_texts(plugin: Plugin, table: Any, game: Any, say: Lang) -> list[str]:
    """The table message's texts in `say` (`public_texts`), and its options line."""
    return [*public_texts(plugin, table.view(say), game), say(plugin.describe_options(table.options, 5))]


def assert_translated(said: Sequence[Msg], *, same_if_wordless: bool = False) -> None:
    """Every message in `said` (and every message inside one) is in each language's
    catalogue, and renders whole (no placeholder left) and unlike the English; with
    `same_if_wordless`, a line with no word in it ("Ⓐ: 3 · 5") may read as the English."""
    for code in OTHERS:
        say = lang(code)
        lacking = {m.id for s in said for m in messages(s) if not say.has(m)}
        assert not lacking, f"{code} lacks {sorted(lacking)[:5]}"
        for line in said:
            shown = say(line)
            assert shown and "{" not in shown, f"{code}: {shown!r}"
            same = shown == english(line)
            assert not same or (same_if_wordless and not re.search("[a-z]{3}", shown)), f"{code}: {shown!r}"


def assert_pseudo(lines: Iterable[Msg], left: Callable[[str], list[str]] = LATIN_WORD.findall) -> None:
    """Every line, rendered in the pseudo language, leaves no English word (`left` finds
    them in the plain rendering) and is visibly transformed."""
    say = lang(PSEUDO)
    for line in lines:
        shown = say(line, md=False)
        found = left(shown)
        assert not found, f"{shown!r} leaves {found} in English"
        assert say(line).count("⟦") >= 1


def rules_in(plugin: Plugin, code: str, title: str | None = None) -> tuple[str, str]:
    """`plugin`'s brief and full rules in language `code`, after checking what `/rules` does
    with them: they are the language's own (not the English), the brief is a sensible length
    and opens the reply (under a title naming `title`, if given), and the full text is paged
    whole, in order, each page within Discord's limit. The game's test then checks its own
    words (its glossary's) in them."""
    say = lang(code)
    brief, rules = brief_for(plugin, code), rules_for(plugin, code)
    assert brief != plugin.brief and rules != plugin.rules and 100 < len(brief) <= 600
    shown, _ = rules_brief(plugin, say)
    assert (shown.description or "").startswith(brief)
    assert title is None or title in (shown.title or "")
    pages = rules_pages(plugin, say)
    text = " ".join(e.description or "" for page in pages for e in page)
    assert text.split()[: len(rules.split())] == rules.split()
    assert all(len(e.description or "") <= DESCRIPTION_LIMIT for page in pages for e in page)
    return brief, rules


class Drawn:
    """The words a game's pictures draw: records the text given to the picture module's
    text pieces (and still draws them), so a test can read what a picture says. `places`:
    each piece's name and which of its arguments is the text."""

    def __init__(self, monkeypatch: Any, picture: Any, places: dict[str, int]) -> None:
        self.texts: list[str] = []
        for name, place in places.items():
            real = getattr(picture, name)
            monkeypatch.setattr(picture, name, self.recording(real, place))

    def recording(self, real: Any, place: int) -> Any:
        def record(*args: Any, **kwargs: Any) -> Any:
            if len(args) > place and isinstance(args[place], str):
                self.texts.append(args[place])
            return real(*args, **kwargs)

        return record
