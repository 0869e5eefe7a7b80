"""Discord telling the bot a member's language (issue 26): the seam e2e tests use for it.

Discord sends every interaction with the member's client language (`locale`) and the server's
(`guild_locale`); discord.py reads them into `Interaction.locale` and `Interaction.guild_locale`.
SimCord sends "en-US" for both, always. `speak(room, member, "it")` makes the bot receive the
member's later INTERACTION_CREATE payloads as Discord would send them for an Italian client:
the test puts the `locale` field into the payload just before discord.py parses it (the
bot's `ConnectionState.parsers["INTERACTION_CREATE"]`, the one SimCord's gateway calls). `speak`
touches nothing in the bot: it reads the locale where it always does. `speak_in_guild` does the same
for the server's `guild_locale` (Discord sends the server's own language with every
interaction from it).

`PSEUDO_LOCALE` is a locale no Discord client has: `with_pseudo(room, monkeypatch)` makes Ridotto
read it as the pseudo language (every template visibly transformed, `bot.i18n.pseudo`) for one
test: there this seam reaches into the bot (its table of Discord locales, the names /settings shows).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import simcord

import bot.i18n
from bot.i18n import PSEUDO
from tests.helpers.room import Room

PSEUDO_LOCALE = "x-pseudo"
"""The Discord locale a test gives a member who reads the pseudo language."""


def with_pseudo(room: Room, monkeypatch: pytest.MonkeyPatch) -> None:
    """For this test, Ridotto reads a member (or a server) whose Discord locale is
    `PSEUDO_LOCALE` as the pseudo language; /settings names it as one of its languages (by a
    name with no Latin letters, as a pseudo rendering has none)."""
    monkeypatch.setitem(bot.i18n._BY_DISCORD, PSEUDO_LOCALE, PSEUDO)
    # the running bot's own /settings module (discord.py loads each extension afresh)
    monkeypatch.setattr(
        room.bot.extensions["cogs.admin"], "LANGUAGES", {**bot.i18n.LANGUAGES, PSEUDO: "⟦Ƥšéûðö⟧"}
    )


def _locales(room: Room) -> tuple[dict[int, str], dict[int, str]]:
    """The bot's (members', servers') locales, installing the seam on its first use. A
    restarted bot is a new connection: call `speak` again after `room.restart()`."""
    state: Any = room.bot._connection
    found = getattr(state, "_test_locales", None)
    if found is not None:
        return found  # type: ignore[no-any-return]
    members: dict[int, str] = {}
    guilds: dict[int, str] = {}
    parse: Callable[[dict[str, Any]], None] = state.parsers["INTERACTION_CREATE"]

    def parse_with_locale(data: dict[str, Any]) -> None:
        # the member's id is under "member" in a server, under "user" in a DM
        user = (data.get("member") or {}).get("user") or data.get("user") or {}
        if (locale := members.get(int(user.get("id", 0)))) is not None:
            data["locale"] = locale
        if (guild := guilds.get(int(data.get("guild_id", 0)))) is not None:
            data["guild_locale"] = guild
        parse(data)

    state.parsers["INTERACTION_CREATE"] = parse_with_locale
    state._test_locales = (members, guilds)
    return members, guilds


def speak(room: Room, member: simcord.MemberActor, locale: str) -> None:
    """From now on Discord tells the bot that `member`'s client is in `locale` ("it", "el",
    "es-ES", … as Discord names them)."""
    _locales(room)[0][member.id] = locale


def speak_in_guild(room: Room, locale: str) -> None:
    """From now on every interaction from the room's server says the server's own Discord
    language is `locale` (its `guild_locale`)."""
    _locales(room)[1][room.guild.id] = locale
