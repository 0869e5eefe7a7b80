"""/rules and the lobby's Rules button: the game in a few lines, and **More** for the full
rules, privately, split within Discord's limits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.games import GAMES
from bot.rules_pages import (
    DESCRIPTION_LIMIT,
    EMBEDS_LIMIT,
    MESSAGE_LIMIT,
    hints_note,
    rules_pages,
)
from engine.core.msg import english
from tests.helpers.room import Room, buttons, fetch

BRIEF_MOST = 600


def words(text: str) -> list[str]:
    return text.split()


def full_rules(plugin: Any) -> list[str]:
    """What More shows: the rules, then (where the game has hints) how to ask for them."""
    return words(plugin.rules) + words(english(hints_note(plugin) or ""))


@dataclass(frozen=True)
class Text:
    """A game's rules text alone: no computer levels, so no hints."""

    name: str
    rules: str
    brief: str = ""
    levels: tuple[str, ...] = ()
    rules_in: Mapping[str, str] = field(default_factory=dict, hash=False)  # English only
    brief_in: Mapping[str, str] = field(default_factory=dict, hash=False)


def check_pages(plugin: Any) -> None:
    """The pages hold the whole text, in order, and each keeps within Discord's limits."""
    pages = rules_pages(plugin)
    for page in pages:
        assert 1 <= len(page) <= EMBEDS_LIMIT
        assert sum(len(e.title or "") + len(e.description or "") for e in page) <= MESSAGE_LIMIT
        assert all(len(e.description or "") <= DESCRIPTION_LIMIT for e in page)
    shown = " ".join(e.description or "" for page in pages for e in page)
    assert words(shown) == full_rules(plugin)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_games_brief_is_short_and_its_pages_hold_the_full_rules(game: str) -> None:
    plugin = GAMES[game]
    assert 100 < len(plugin.brief) <= BRIEF_MOST, f"{game}: {len(plugin.brief)} characters"
    assert len(plugin.rules) > len(plugin.brief)
    check_pages(plugin)


def test_rules_longer_than_a_message_are_split_across_messages() -> None:
    line = "A line of the rules that goes on for a while, as rule texts do. " * 9
    long = Text(name="Long", rules="\n".join(line for _ in range(60)))
    assert len(long.rules) > 3 * MESSAGE_LIMIT
    assert len(rules_pages(long)) >= 4
    check_pages(long)
    unbroken = Text(name="Unbroken", rules="x" * (2 * DESCRIPTION_LIMIT + 5))
    pages = rules_pages(unbroken)
    assert "".join(e.description or "" for page in pages for e in page) == unbroken.rules
    assert all(len(e.description or "") <= DESCRIPTION_LIMIT for page in pages for e in page)


async def test_rules_shows_the_brief_then_more_shows_the_full_text(room: Room) -> None:
    plugin = GAMES["prima_carta"]  # the longest rules
    result = await room.carol.slash(room.channel, "rules", game="prima_carta")
    assert result.ephemeral and result.response is not None
    brief = fetch(room, result.response.id)
    note = hints_note(plugin)
    assert note is not None  # Prima Carta's sharp computer explains itself
    assert [e.description for e in brief.embeds] == [f"{plugin.brief}\n\n{note}"]
    assert buttons(brief) == ["More"]
    more = await room.carol.click(brief, label="More")
    assert more.ephemeral and more.response is not None
    messages = [fetch(room, more.response.id), *(fetch(room, f.id) for f in more.followups)]
    assert all(m.flags.ephemeral for m in messages)
    shown = " ".join(e.description or "" for m in messages for e in m.embeds)
    assert words(shown) == full_rules(plugin)
    assert room.public_messages() == []  # nobody else saw any of it


async def test_the_lobby_rules_button_shows_the_brief_and_more(room: Room) -> None:
    await room.alice.slash(room.channel, "play holdout")
    result = await room.bob.click(room.channel.last_message, label="Rules")
    assert result.ephemeral and result.response is not None
    brief = fetch(room, result.response.id)
    holdout = GAMES["holdout"]
    note = hints_note(holdout)
    expected = f"{holdout.brief}\n\n{note}" if note else holdout.brief
    assert brief.embeds[0].description == expected and buttons(brief) == ["More"]
    more = await room.bob.click(brief, label="More")
    assert more.response is not None
    assert words(fetch(room, more.response.id).embeds[0].description or "") == full_rules(holdout)
