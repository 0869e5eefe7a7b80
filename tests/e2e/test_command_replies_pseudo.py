"""Issue 26 item 4, every command reply: a member and a server whose Discord language is the
pseudo language (every template visibly transformed) run every slash command and subcommand
the bot registers, and at least one refusal of each command that has one; any word of a
reply (content, embed title, description, fields, footer, author, a V2 layout's text, button
and select labels, a form's title and labels) or of what the channel shows that came out
untransformed is English that never went through a catalogue.

The commands are read from the command tree: a new command fails here until it has a case
(its arguments, and its refusals if it has any)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest
import simcord
from discord import app_commands

from bot.games import BOARDS, GAMES
from bot.history import NO_HISTORY
from bot.i18n import PSEUDO, lang, t
from bot.i18n.pseudo import pseudo
from engine.core.msg import Domain, Msg
from tests.helpers.locales import PSEUDO_LOCALE, speak, speak_in_guild, with_pseudo
from tests.helpers.room import Room, fetch, find_label, parts, text_of

prima_carta = Domain("prima_carta")
SERVER = 0x5EED_1260  # the server seeds the bot draws, one a hand
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
PROPER = {word for plugin in GAMES.values() for word in LATIN_WORD.findall(plugin.name)}
"""The games' own names ("Primiera", "Peg Leg", "Prefa"…): shown as they are in every language."""


def commands_of(tree: app_commands.CommandTree) -> Iterator[str]:
    """Every command's qualified name ("help", "play primiera"), subcommands for groups."""

    def walk(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> Iterator[str]:
        if isinstance(command, app_commands.Group):
            for child in command.commands:
                yield from walk(child)
        else:
            yield command.qualified_name

    for command in tree.get_commands():
        if isinstance(command, app_commands.Command | app_commands.Group):
            yield from walk(command)


def message_texts(message: discord.Message) -> list[str]:
    """Every text a member reads on a message: its content, its embeds' parts, a V2 layout's
    texts, its buttons' and selects' words."""
    found = [message.content or ""]
    for embed in message.embeds:
        found += [
            embed.title or "",
            embed.description or "",
            embed.footer.text or "",
            embed.author.name or "",
        ]
        found += [text for field in embed.fields for text in (field.name, field.value)]
    for part in parts(message):
        if isinstance(part, discord.TextDisplay):
            found.append(part.content)
        elif isinstance(part, discord.Button):
            found.append(part.label or "")
        elif isinstance(part, discord.SelectMenu):
            found.append(part.placeholder or "")
            found += [text for option in part.options for text in (option.label, option.description or "")]
    return found


def form_texts(form: dict[str, Any]) -> list[str]:
    """A form's (modal's) title, labels, placeholders and texts."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("title", "label", "placeholder", "description", "content") and isinstance(
                    value, str
                ):
                    found.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(form)
    return found


def english_left(text: str) -> list[str]:
    """The Latin words of a rendered text that are not language: a mention or a timestamp
    (<...>), a link, a command (/hand), a code span, a hash (a deal's SHA-256), a game's own
    name."""
    text = re.sub(r"<[^<>]*>|https://\S+|(?<![\w/])/[a-z-]+|`[^`]*`|\b[0-9a-f]{16,}\b", " ", text)
    return [word for word in LATIN_WORD.findall(text) if word not in PROPER]


class Sweep:
    """Runs commands as members reading the pseudo language and keeps every text they saw."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.ran: set[str] = set()
        self.seen: list[tuple[str, str]] = []  # (where, text)

    async def run(
        self, who: simcord.MemberActor, command: str, /, channel: Any = None, **options: Any
    ) -> simcord.InteractionResult:
        self.ran.add(command)
        result = await who.slash(channel or self.room.channel, command, **options)
        assert result.acknowledged, f"/{command} {options} was not answered"
        self.keep(f"/{command} {options}", result)
        return result

    async def refused(
        self,
        who: simcord.MemberActor,
        command: str,
        /,
        said: Msg | None = None,
        channel: Any = None,
        **options: Any,
    ) -> simcord.InteractionResult:
        """`command` refused: answered only to `who` (with `said`, if given, in the pseudo
        language), so the case sweeps the refusal it is there for."""
        result = await self.run(who, command, channel=channel, **options)
        assert result.ephemeral and result.response is not None, f"/{command} {options} was not refused"
        if said is not None:
            assert result.response.content == lang(PSEUDO)(said), result.response.content
        return result

    def keep(self, where: str, result: simcord.InteractionResult) -> None:
        replies = [result.response, *result.followups]
        for reply in replies:
            if reply is not None:
                self.seen += [(where, text) for text in message_texts(reply.message)]
        if result.modal is not None:
            self.seen += [(where, text) for text in form_texts(result.modal)]

    def english(self) -> list[str]:
        return [
            f"{where}: {text!r} leaves {left}" for where, text in self.seen if (left := english_left(text))
        ]


@pytest.mark.server_seed(range(SERVER, SERVER + 100))  # deals as in production: /verify can match
async def test_every_command_and_its_refusals_reply_in_the_pseudo_language(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_pseudo(room, monkeypatch)
    speak_in_guild(room, PSEUDO_LOCALE)  # what the server shows everyone: pseudo too
    admins = room.guild.create_role("Croupiers", permissions=discord.Permissions(manage_guild=True))
    ana = room.guild.add_member(room.env.create_user("ana", global_name="Άννα"), roles=[admins])
    byron = room.guild.add_member(room.env.create_user("byron", global_name="Βύρων"))
    robot = room.guild.add_member(room.env.create_user("robot", bot=True, global_name="Ρομπότ"))
    for member in (ana, byron):
        speak(room, member, PSEUDO_LOCALE)
    sweep = Sweep(room)
    say = lang(PSEUDO)

    # Before any table: the refusals of a member with nothing yet
    await sweep.refused(ana, "hand", said=t("You're not playing a hand at any table in this server."))
    await sweep.refused(ana, "verify", hand="#99-1")  # no such table
    await sweep.refused(ana, "verify", hand="nonsense")  # not a hand's name
    await sweep.run(ana, "history")  # nothing played yet
    await sweep.refused(ana, "history", said=NO_HISTORY, member=robot)
    await sweep.run(ana, "leaderboard")
    for board in BOARDS:
        await sweep.run(ana, "leaderboard", game=board)
    await sweep.run(ana, "stats")
    await sweep.run(ana, "stats", member=byron)

    # The money commands and their refusals
    await sweep.run(ana, "balance")
    await sweep.run(ana, "balance", member=byron)
    await sweep.refused(
        ana, "balance", said=t("Computer players and bots don't keep a bankroll."), member=robot
    )
    await sweep.run(ana, "daily")
    await sweep.refused(ana, "daily")  # already collected
    await sweep.run(ana, "give", member=byron, amount=5)
    await sweep.refused(ana, "give", said=t("You can't give chips to yourself."), member=ana, amount=5)
    bots = t("Bots don't keep a bankroll, so you can't give them chips.")
    await sweep.refused(ana, "give", said=bots, member=robot, amount=5)
    zero = t("The amount must be a whole number of chips above 0.")
    await sweep.refused(ana, "give", said=zero, member=byron, amount=0)
    await sweep.refused(ana, "give", member=byron, amount=10**9)  # more than she has

    # Settings: shown, changed, refused to a member without Manage Server
    await sweep.run(ana, "settings")
    await sweep.run(ana, "settings", turn_timer=60)
    # an admin may show /settings to everyone (Server Settings → Integrations); the check still refuses
    command = next(c for c in await room.bot.tree.fetch_commands() if c.name == "settings")
    room.guild.set_command_permissions(command, {byron: True})
    manage = t("Only members with **Manage Server** can change the room's settings.")
    await sweep.refused(byron, "settings", said=manage, turn_timer=60)
    # the refusal went through the tree's error handler; SimCord saw it, and we expect it
    assert [type(e).__name__ for e in room.env.errors] == ["MissingPermissions"]

    # Fair deals
    await sweep.run(ana, "fair")
    await sweep.run(ana, "fair", seed="Άννα's lucky seed")
    await sweep.refused(ana, "fair", seed="x" * 200)  # too long

    # Help and every game's rules
    await sweep.run(byron, "help")
    for game in GAMES:
        brief = await sweep.run(byron, "rules", game=game)
        assert brief.response is not None
        sweep.keep(f"/rules {game} → More", await byron.click(brief.response.message, label=say(t("More"))))

    # Every game's table, each in a channel of its own, and a second one refused there
    for plugin in GAMES.values():
        name = plugin.id.replace("_", "-")
        channel = room.guild.create_text_channel(f"{name}-room")
        await sweep.run(ana, f"play {name}", channel=channel)
        await sweep.refused(byron, f"play {name}", channel=channel)  # a table is open here already
        table = room.bot.tables.in_channel(channel.id)
        assert table is not None
        await sweep.run(ana, "hand", channel=channel)  # seated at a table that has not started
        # the lobby's Log, Rules and Details (its seats named in the reader's language)
        lobby = fetch(room, table.state.message_id, channel)
        for button in (t("Log"), t("Rules"), t("Details")):
            sweep.keep(f"{name} → {button.id}", await byron.click(lobby, label=say(button, md=False)))
        sweep.seen += [(f"#{channel.name}", text) for m in channel.history() for text in message_texts(m)]

    # Options a table refuses: a points-game option at a betting table, a stake beyond her chips
    await sweep.refused(ana, "play primero", target=150)
    await sweep.refused(ana, "play primiera", variant="two", play_for="bankroll", stake=5000)
    assert room.bot.tables.in_channel(room.channel.id) is None

    # A table in play: /hand shows each member's panel
    await sweep.run(ana, "play primiera", variant="two")
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await byron.click(room.message(table.state.message_id), label=say(t("Join")))
    await ana.click(room.message(table.state.message_id), label=say(t("Start")))
    assert table.game is not None
    await sweep.run(ana, "hand")
    await sweep.run(byron, "hand")
    sweep.seen += [("#tavern", text) for m in room.channel.history() for text in message_texts(m)]

    # A finished hand (Prima Carta, folded out), for /verify's proof and /history's entries
    channel = room.guild.create_text_channel("finished")
    await ana.slash(channel, "play prima-carta")
    finished = room.bot.tables.in_channel(channel.id)
    assert finished is not None
    picker = await byron.click(fetch(room, finished.state.message_id, channel), label=say(t("Join")))
    assert picker.response is not None
    sweep.keep("Join → the seats", picker)
    await byron.click(picker.response.message, label=say(prima_carta("Locks"), md=False))
    await ana.click(fetch(room, finished.state.message_id, channel), label=say(t("Start")))
    members = {ana.id: ana, byron.id: byron}
    while finished.state.hand_no == 1 and finished.to_act is not None:
        message = fetch(room, finished.state.message_id, channel)
        member = members[finished.state.seats[finished.to_act].user_id]
        await member.click(message, label=find_label(message, say(prima_carta("Fold"), md=False)))
    hand = f"#{finished.id}-1"
    proof = await sweep.run(byron, "verify", channel=channel, hand=hand)
    assert proof.response is not None and proof.response.message.attachments, "the hand's proof"
    assert f")⟧ {pseudo('matches')[1:-1]}:" in proof.response.content, proof.response.content
    await sweep.run(byron, "history", channel=channel)
    await sweep.run(byron, "history", channel=channel, member=ana, game="prima_carta")
    # and the records with a hand in them
    await sweep.run(byron, "stats", channel=channel)
    await sweep.run(byron, "leaderboard", channel=channel)
    await sweep.run(byron, "leaderboard", channel=channel, game="prima_carta")
    sweep.seen += [(f"#{channel.name}", text) for m in channel.history() for text in message_texts(m)]

    registered = set(commands_of(room.bot.tree))
    assert registered >= {"help", "rules", "play primiera", "settings", "give", "verify"}
    assert not registered - sweep.ran, f"commands with no case here: {sorted(registered - sweep.ran)}"
    assert len(sweep.seen) > 100
    left = sweep.english()
    assert not left, "\n".join(left)
    # the sweep saw the pseudo language, not just nothing
    assert any("⟦" in text for _, text in sweep.seen)
    assert "⟦" in text_of(room.message(table.state.message_id))
