"""SimCord fixtures: the real bot against an in-memory Discord and a real SQLite file."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import simcord

from bot.app import Ridotto, create_bot
from bot.config import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    # Computer players act at once in tests; everything else is as in production.
    return Settings(discord_token=None, database_path=tmp_path / "ridotto.db", computer_delay=0)


@pytest.fixture
def bots() -> list[Ridotto]:
    """Every bot a test builds (restarts build more), so their databases close at the end."""
    return []


@pytest.fixture
async def simcord_bot(settings: Settings, bots: list[Ridotto]) -> AsyncIterator[Ridotto]:
    bot = create_bot(settings)
    bots.append(bot)
    yield bot
    # SimCord detaches bots without closing them; close each database connection here.
    for built in bots:
        if hasattr(built, "store"):
            await built.store.close()


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
        bot = create_bot(self.settings)
        self.bots.append(bot)
        await self.env.restart_bot(bot)


@pytest.fixture
async def room(
    simcord_env: simcord.Env, settings: Settings, bots: list[Ridotto], caplog: pytest.LogCaptureFixture
) -> AsyncIterator[Room]:
    guild = simcord_env.create_guild("Ridotto Test")
    channel = guild.create_text_channel("tavern")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    carol = guild.add_member(simcord_env.create_user("carol"))
    room = Room(simcord_env, guild, channel, alice, bob, carol, settings, bots)
    yield room
    # Every test ends with every chip accounted for.
    report = await room.bot.store.audit()
    assert report.ok, report
    # discord.py logs (and swallows) exceptions raised in callbacks; none may happen.
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, errors


async def click_as_rendered(actor: simcord.MemberActor, message, custom_id: str) -> simcord.InteractionResult:
    """Click a button as an older render of the message showed it (a double click, a lagging client).

    SimCord's `click` always finds buttons on the message as it is now; Discord itself delivers
    whatever custom id the member's client still displayed, which is what this sends.
    """
    from simcord.actors import _component_interaction, _visible_message

    stored = _visible_message(actor, message)
    return await _component_interaction(actor, stored, {"custom_id": custom_id, "component_type": 2})


def buttons(message) -> list[str]:
    return [child.label for row in message.components for child in row.children]


def button_ids(message) -> list[str]:
    return [child.custom_id for row in message.components for child in row.children]


def find_label(message, prefix: str) -> str:
    for label in buttons(message):
        if label.startswith(prefix):
            return label
    raise AssertionError(f"no button starting {prefix!r} in {buttons(message)}")
