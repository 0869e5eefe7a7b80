"""Checks every translated game's language tests share."""

from __future__ import annotations

from bot.games import Plugin
from bot.games.base import brief_for, rules_for
from bot.i18n import lang
from bot.rules_pages import DESCRIPTION_LIMIT, rules_brief, rules_pages


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
