"""Random play: six members, seated and not, press whatever they can see (the Rules button
too), fill forms with junk, run slash commands (/play <game> with random options, /hand,
/help...), let time pass and restart the bot, across every game, player count and option,
reopening a table whenever one closes.

After every step the test checks that every interaction was answered, nothing was logged at
ERROR and no callback raised, no public message (or custom id) names a card the public may not
see, no private panel names a card its owner may not see, no log line names a card, the table
in memory is the table last committed, and (every few steps and at the end) the chip books
balance. A replay of a finished hand is judged by the states that hand was in. It ends by
leaving every table alone until it plays itself out and closes.

Nothing here names a game: the /play options come from each game's options model, and what
is hidden from whom from its plug-in (`private_cards`, `secret_cards`), so a new game is
covered once it is registered.

Seeds. Each game's run is seeded from one number, printed at the end of every run and in
every failure with the command that replays it:

* in CI (the `CI` environment variable is set, as CI services do) the seed is fixed
  (`CI_SEED`), so a landing is never blocked by a rare failure that has nothing to do with
  the change under review, and a red build replays exactly;
* anywhere else each run draws a fresh seed, so local runs keep exploring new paths. A
  failure found that way is a real bug: fix it, and add a focused test next to the related
  tests (a seed alone stops reproducing once the code changes).

    RIDOTTO_RANDOM_SEED=123     # replay one run (overrides both defaults)
    RIDOTTO_RANDOM_STEPS=2000   # steps per game (default: STEPS_DEFAULT, a CI-sized run)
"""

from __future__ import annotations

import inspect
import json
import logging
import math
import os
import random
import re
import traceback
import types
import zlib
from collections import Counter
from collections.abc import Awaitable, Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Literal, Union, get_args, get_origin

import pytest
import simcord
import simcord.env as simcord_env
from discord import app_commands
from pydantic.fields import FieldInfo
from simcord.actors import _component_interaction, _visible_message
from simcord.backend.models.message import Message as StoredMessage
from simcord.components import walk_components
from simcord.results import to_discord_message

from bot.components import REPLAY
from bot.config import Settings
from bot.games import GAMES, OptionError
from bot.games.base import scoreboard
from bot.tables import Phase, Table
from bot.tables.commit import Commit
from engine.core import cards
from engine.core.cards import Card, DeckSpec
from engine.core.game import Game
from tests.helpers.cards import card_pattern, cards_in
from tests.helpers.room import Room

STEPS_DEFAULT = 300  # per game; every registered game gets its own run
#: the seed CI runs with (see the module docstring)
CI_SEED = 20260101
STEPS = int(os.environ.get("RIDOTTO_RANDOM_STEPS") or STEPS_DEFAULT)
SEED = int(
    os.environ.get("RIDOTTO_RANDOM_SEED")
    or (CI_SEED if os.environ.get("CI") else random.SystemRandom().randrange(10**9))
)
#: check the chip books every this many steps (and at the end)
AUDIT_EVERY = 25
#: how many steps of history a failure shows
HISTORY = 40
#: how close to the table clock's next wake-up a wait may not stop (SimCord's settle timeout,
#: 5 s, and a margin; see Driver.advance)
CLOCK_MARGIN = 8
#: seconds a computer takes over its move here: more than CLOCK_MARGIN, so each computer's
#: move is a wake-up of its own that an advance can stop just past (Driver.advance)
COMPUTER_DELAY = 20
#: seconds SimCord idles between checks that the bot has settled (see poll_settle_faster)
SETTLE_IDLE = 0.002
DECKS = [deck for deck in vars(cards).values() if isinstance(deck, DeckSpec)]

BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
#: a card named in a custom id (keys name cards by their place in the hand, never the card)
CARD_IN_ID = re.compile(r"(crowns|locks|fruit|swords|cups|spades|hearts|diamonds|clubs)[^a-z]?[0-9]")
JUNK = (
    "--5",
    "①",
    "²",
    "٣",
    "3,0",
    "1,000",
    "1_0",
    "12.5",
    "1e3",
    "−5",
    "-5",
    "-0",
    "0",
    " 7 ",
    "\u200b5",
    "NaN",
    "0x1F",
    "🂡",
    "twenty",
    "9" * 40,
    "<@1>",
    "@everyone",
)
WAITS = (1, 3, 10, 29, 31, 60, 119, 121, 125, 240, 600, 901, 1801, 3700)


# ---------------------------------------------------------------- helpers
def controls_of(stored: StoredMessage) -> list[dict[str, Any]]:
    """The message's interactive leaves (buttons, selects), as raw component dicts."""
    return [c for c in walk_components(stored.components) if c.get("type") in (BUTTON, STRING_SELECT)]


def usable(stored: StoredMessage) -> list[dict[str, Any]]:
    """What a member can press on a message: enabled buttons with a custom id, and selects."""
    return [c for c in controls_of(stored) if c.get("custom_id") and not c.get("disabled")]


def text_of(stored: StoredMessage) -> str:
    """Everything a message shows in words: content, embeds, text displays, attachment names
    and pictures' descriptions, control labels and select options (their labels and
    descriptions)."""
    parts = [stored.content or "", *(str(embed) for embed in stored.embeds)]
    parts += [str(a.get("filename", "")) for a in stored.attachments]
    for part in walk_components(stored.components):  # a V2 layout's text and pictures' descriptions
        parts.append(str(part.get("content", "")))
        parts += [str(item.get("description", "")) for item in part.get("items", [])]
    for control in controls_of(stored):
        parts.append(str(control.get("label", "")) + " " + str(control.get("placeholder", "")))
        parts += [f"{o.get('label', '')} {o.get('description', '')}" for o in control.get("options", [])]
    return "\n".join(parts)


def ids_of(stored: StoredMessage) -> list[str]:
    return [str(c["custom_id"]) for c in controls_of(stored) if c.get("custom_id")]


def names(text: str, card: Card) -> bool:
    """Whether `text` names `card`."""
    return card_pattern(card).search(text) is not None


def tail(error: BaseException) -> str:
    """The last lines of a traceback: where it was raised, and what."""
    return "".join(traceback.format_exception(error)[-3:]).rstrip()


def every_card(game: Game) -> set[Card]:
    """The hand's whole deck: the deck (of those the engine defines) its saved order is."""
    order = game.to_json()["order"]
    for deck in DECKS:
        if len(deck) == len(order):
            try:
                return {deck.parse(text) for text in order}
            except ValueError:
                continue
    raise AssertionError(f"no deck of {len(order)} cards holds {order[:3]}…")


@dataclass
class Secrets:
    """What may not be shown: to the public, and to each engine seat of the hand in play."""

    public: set[Card]
    seats: list[set[Card]]
    seed: str | None  # the hand's seed while it may not be shown (it replays the deck)
    seat_of: dict[int, int]  # member id -> engine seat this hand

    @classmethod
    def of(cls, table: Table | None) -> Secrets:
        """What the game's plug-in says is hidden now: its secret cards (the undealt deck)
        from everyone, and each seat's private cards (its hand) from everyone else, unless
        the engine shows them to that seat too (cards it passed on)."""
        if table is None or table.game is None:
            return cls(set(), [], None, {})
        game, plugin = table.game, table.plugin
        seats = range(len(plugin.seat_names(game)))
        secret = set(plugin.secret_cards(game))
        private = [set(plugin.private_cards(game, seat)) for seat in seats]
        everyone = secret.union(*private)
        shown_seed = getattr(game.view(None), "seed", None)
        seed = None if shown_seed is not None else str(game.to_json()["seed"])
        seat_of = {}
        for index, mention in enumerate(table.state.hand_seats):
            if match := re.fullmatch(r"<@([0-9]+)>", mention):
                seat_of[int(match[1])] = index
        hidden = [everyone - private[seat] - cards_in(game.view(seat)) for seat in seats]
        return cls(everyone, hidden, seed, seat_of)

    def hidden_from(self, member_id: int | None) -> set[Card]:
        seat = self.seat_of.get(member_id) if member_id is not None else None
        return self.public if seat is None else self.seats[seat]


@dataclass
class Render:
    """A control as some member's client once showed it (to press again later, out of date)."""

    viewer: int | None  # the member who saw it (an ephemeral message); None: anyone
    message_id: int
    control: dict[str, Any]


@dataclass
class Shown:
    """A form the bot showed a member, not yet submitted."""

    member: simcord.MemberActor
    result: simcord.InteractionResult
    inputs: list[dict[str, Any]]


class Failure(AssertionError):
    """A broken promise, with the seed and the steps that led to it."""


# ----------------------------------------------------------------- driver
@dataclass
class Driver:
    """Plays one seeded random session in one channel; one method per kind of step."""

    room: Room
    game: str
    seed: int
    caplog: pytest.LogCaptureFixture
    members: list[simcord.MemberActor]
    rng: random.Random = field(init=False)
    history: list[str] = field(default_factory=list)
    renders: list[Render] = field(default_factory=list)
    forms: list[Shown] = field(default_factory=list)
    seen: dict[int, str] = field(default_factory=dict)  # message id -> text last checked
    #: the secrets of every state the table was committed in since the last check
    states: list[Secrets] = field(default_factory=list)
    #: (table, hand) -> the secrets of every state that hand was committed in: a replay of
    #: a finished hand (issue 24) shows one of them, not the hand in play
    hand_states: dict[tuple[int, int], list[Secrets]] = field(default_factory=dict)
    #: the last state committed of the table whose message this is (by message id)
    last_of_message: dict[int, Secrets] = field(default_factory=dict)
    table: Table | None = None  # the table in the channel (kept once it closes, for its secrets)
    hands: Counter[str] = field(default_factory=Counter)  # "board/players" -> hands dealt
    steps: Counter[str] = field(default_factory=Counter)  # kind of step -> times
    step_no: int = 0
    _errors: int = 0
    _records: int = 0
    _last_hand: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # ------------------------------------------------------------ plumbing
    @property
    def env(self) -> simcord.Env:
        return self.room.env

    @property
    def channel_id(self) -> int:
        return self.room.channel.id

    def stored(self) -> list[StoredMessage]:
        return sorted(self.env.backend.messages.get(self.channel_id, {}).values(), key=lambda m: m.id)

    def current(self) -> Table | None:
        return self.room.bot.tables.in_channel(self.channel_id)

    def table_message(self) -> StoredMessage | None:
        table = self.current()
        if table is None or table.state.message_id is None:
            return None
        return self.env.backend.messages.get(self.channel_id, {}).get(table.state.message_id)

    def private_to(self, member: simcord.MemberActor) -> list[StoredMessage]:
        """The ephemeral messages with controls that this member's client shows."""
        return [m for m in self.stored() if m.is_ephemeral and m.visible_to(member.id) and controls_of(m)]

    def owner(self, message: StoredMessage) -> int | None:
        return next((m.id for m in self.members if message.visible_to(m.id)), None)

    def note(self, line: str) -> None:
        self.history.append(f"[{self.step_no}] {line}")
        del self.history[:-HISTORY]

    def who(self, member: simcord.MemberActor) -> str:
        table = self.current()
        seat = table.seat_of(member.id) if table is not None else None
        return f"{member.name}" + (f"(seat {seat})" if seat is not None else "(not seated)")

    def describe_table(self) -> str:
        table = self.current()
        if table is None:
            return "no table"
        state = table.state
        game_phase = getattr(table.game, "phase", None) if table.game is not None else None
        return (
            f"table {table.id} {state.game} {state.options} stake {state.stake} {state.phase.value}"
            f" hand {state.hand_no} v{state.version} seats "
            f"{[('bot' if s.is_computer else s.name) for s in state.seats]} to_act {table.to_act}"
            f" awaiting {table.awaiting} engine phase {getattr(game_phase, 'value', game_phase)}"
        )

    def fail(self, problem: str) -> None:
        errors = self.env.errors_since(self._errors)
        records = [r for r in self.caplog.records[self._records :] if r.levelno >= logging.ERROR]
        self._errors += len(errors)
        self._records = len(self.caplog.records)
        if errors:
            problem += "\n\nthe bot raised:\n" + "\n".join(tail(e) for e in errors)
        if records:
            problem += "\n\nthe bot logged:\n" + "\n".join(
                f"{r.name}: {r.getMessage()}\n{(r.exc_text or '')[-1200:]}" for r in records
            )
        replay = (
            f"RIDOTTO_RANDOM_SEED={SEED} RIDOTTO_RANDOM_STEPS={STEPS} "
            f"pytest tests/e2e/test_random_play.py -k {self.game}"
        )
        raise Failure(
            f"{problem}\n\nat step {self.step_no}; {self.describe_table()}\nreplay: {replay}\n"
            "last steps:\n  " + "\n  ".join(self.history)
        )

    def remember(self, stored: StoredMessage, viewer: int | None) -> None:
        for control in usable(stored):
            self.renders.append(Render(viewer, stored.id, dict(control)))
        del self.renders[:-300]

    async def interact(
        self,
        member: simcord.MemberActor,
        what: str,
        action: Awaitable[simcord.InteractionResult],
    ) -> simcord.InteractionResult | None:
        """Run one interaction of `member`'s; fail unless the bot answered it (and finished a
        "thinking…" answer). SimCord refusing the action (a real client could not do it: the
        message or the form is gone) skips it."""
        self.note(f"{self.who(member)} {what}")
        try:
            result = await action
        except simcord.SetupError as refused:
            self.note(f"  (not possible in a real client: {refused})")
            return None
        if not result.acknowledged:
            self.fail(f"nobody answered the interaction: {member.name} {what}\n{result!r}")
        if getattr(result._interaction, "loading", False):
            self.fail(f"the answer never came after 'thinking…': {member.name} {what}\n{result!r}")
        response = result.response
        said = response.content[:120] if response is not None and response.content else ""
        self.note(
            f"  -> {'ephemeral ' if result.ephemeral else ''}{said!r}{' + a form' if result.modal else ''}"
        )
        if result.modal is not None:
            inputs = [
                c for c in walk_components(result.modal.get("components", [])) if c.get("type") == TEXT_INPUT
            ]
            self.forms.append(Shown(member, result, inputs))
            del self.forms[:-6]
        return result

    def member_by_id(self, user_id: int) -> simcord.MemberActor:
        return next(m for m in self.members if m.id == user_id)

    # ---------------------------------------------------------- the checks
    async def check(self) -> None:
        """Everything that must hold after any step."""
        records = self.caplog.records[self._records :]
        if self.env.errors_since(self._errors) or any(r.levelno >= logging.ERROR for r in records):
            self.fail("the bot raised or logged an error")
        self._records = len(self.caplog.records)
        table = self.current()
        if table is not None:
            self.table = table
        self.states.append(Secrets.of(self.table))
        self.check_log_lines(records)
        self.check_messages()
        self.states = self.states[-1:]
        await self.check_committed(table)
        if (
            table is not None
            and (table.id, table.state.hand_no) != self._last_hand
            and table.game is not None
        ):
            self._last_hand = (table.id, table.state.hand_no)
            self.hands[f"{scoreboard(table.plugin, table.options)}/{len(table.state.hand_seats)}"] += 1
        if self.step_no % AUDIT_EVERY == 0:
            await self.audit()

    def check_log_lines(self, records: Iterable[logging.LogRecord]) -> None:
        """The bot's own log lines never name a card, hidden or not."""
        if self.table is None or self.table.game is None:
            return
        deck = every_card(self.table.game)
        for record in records:
            if record.name.startswith(("bot", "cogs")):
                text = record.getMessage()
                if any(names(text, card) for card in deck):
                    self.fail(f"a log line names a card: {text!r}")

    def check_messages(self) -> None:
        """Each message drawn or redrawn since the last check shows only what its reader may
        see: a public one no card hidden from the public (nor the seed of a hand in play), a
        panel no card hidden from its owner's seat; and no custom id anywhere names a card or
        a suit. A message passes if it fits any state the table was in during the step (a
        step can play several moves, even hands)."""
        for stored in self.stored():
            text = text_of(stored) + "\n" + " ".join(ids_of(stored))
            if self.seen.get(stored.id) == text:
                continue
            self.seen[stored.id] = text
            viewer = self.owner(stored) if stored.is_ephemeral else None
            if stored.is_ephemeral and viewer is None:
                continue  # someone else's, e.g. a member we don't drive
            self.remember(stored, viewer)
            where = (
                "a public message"
                if viewer is None
                else f"{self.member_by_id(viewer).name}'s private message"
            )
            # A replay's own buttons (⏮ ◀ ▶ ⏭) name its hand; a Replay on the table message
            # opens one, and the message it is on is about the hand in play.
            replayed = [REPLAY.parse(custom) for custom in ids_of(stored)]
            steps = [
                (int(r["table"]), int(r["hand"])) for r in replayed if r is not None and r["go"] == "next"
            ]
            states = self.hand_states.get(steps[0], self.states) if steps else self.states
            if viewer is None and stored.id in self.last_of_message:
                # A table's own message may be redrawn a step later than its table moved (its
                # picture follows the answer): the table's last state judges it too, so the
                # showdown of a table closed since is not taken for another table's deal.
                states = [*states, self.last_of_message[stored.id]]
            problems = [self.problems(state, text, viewer) for state in states]
            if all(problems):
                self.fail(f"{where} {stored.id} {problems[-1]}:\n{text[:1500]}")
            for custom in ids_of(stored):
                if CARD_IN_ID.search(custom.lower()):
                    self.fail(f"{where} {stored.id} has a control naming a card: {custom}")

    @staticmethod
    def problems(secrets: Secrets, text: str, viewer: int | None) -> str:
        """What `text`, shown to `viewer` (None: everyone), gives away in this state."""
        hidden = secrets.hidden_from(viewer) if viewer is not None else secrets.public
        leaked = sorted(card.code for card in hidden if names(text, card))
        if leaked:
            return f"names hidden cards {leaked}"
        if viewer is None and secrets.seed is not None and secrets.seed in text:
            return "shows the seed of the hand in play"
        return ""

    async def check_committed(self, table: Table | None) -> None:
        """The table in memory is the table last committed, and the database agrees on
        whether this channel has an open table."""
        stored = await self.room.bot.store.open_table_in_channel(self.room.guild.id, self.channel_id)
        if (stored is None) != (table is None) or (stored and table and stored.id != table.id):
            phase = stored and stored.snapshot.get("phase")
            self.fail(
                "memory and database disagree on the open table: memory "
                f"{table and table.id}, database {stored and stored.id} ({phase})"
            )
        if table is not None and stored is not None:
            # After a restart the turn's deadline gets a grace period in memory only.
            live = {k: v for k, v in table.snapshot().items() if k != "deadline"}
            for what, data in (
                ("the database", stored.snapshot),
                ("table.committed", json.loads(table.committed)),
            ):
                saved = {k: v for k, v in data.items() if k != "deadline"}
                if live != saved:
                    diff = {k: (v, saved.get(k)) for k, v in live.items() if saved.get(k) != v}
                    self.fail(f"the table in memory differs from {what}: {str(diff)[:1500]}")

    async def audit(self) -> None:
        report = await self.room.bot.store.audit()
        if not report.ok:
            self.fail(f"the chip books don't balance: {report}")

    # --------------------------------------------------------------- steps
    async def step(self) -> None:
        """One random step; opening a table first whenever the channel has none."""
        self.step_no += 1
        if self.current() is None and self.rng.random() < 0.85:
            kind = "open"
        else:
            kinds = {
                "act": 34,
                "click_table": 14,
                "click_private": 12,
                "submit_form": 10 if self.forms else 0,
                "stale": 7,
                "answer": 4,
                "command": 8,
                "wait": 9,
                "restart": 2,
            }
            kind = self.rng.choices(list(kinds), weights=list(kinds.values()))[0]
        self.steps[kind] += 1
        await getattr(self, kind)()
        await self.check()

    def anyone(self) -> simcord.MemberActor:
        return self.rng.choice(self.members)

    async def open(self) -> None:
        """A random member opens a random table with /play (mostly this test's game), and
        most of the time the lobby then fills to a random size and starts."""
        game = self.game if self.rng.random() < 0.8 else self.rng.choice(list(GAMES))
        host = self.anyone()
        result = await self.play(host, game)
        table = self.current()
        if result is None or table is None or self.rng.random() < 0.25:
            return
        await self.check()
        await self.fill(table, host)

    async def play(self, member: simcord.MemberActor, game: str) -> simcord.InteractionResult | None:
        """`member` runs /play <game> with random options."""
        command = "play " + game.replace("_", "-")
        options = self.play_options(game)
        return await self.interact(
            member, f"/{command} {options}", member.slash(self.room.channel, command, **options)
        )

    def play_options(self, game: str) -> dict[str, Any]:
        """Random options for /play <game>, read from what the subcommand offers (the stake,
        the computer level, the host's seat) and from the game's options model (each field's
        choices or range): mostly options the game accepts, now and then a clash it refuses
        (the plug-in's own `parse_options` tells them apart)."""
        plugin, rng = GAMES[game], self.rng
        fields = plugin.options_model.model_fields
        for _ in range(1 if rng.random() < 0.15 else 12):
            options: dict[str, Any] = {}
            if rng.random() < 0.8:
                options["stake"] = rng.choice((1, 1, 2, 5, 10, 50))
            if plugin.levels and rng.random() < 0.4:
                options["computer"] = rng.choice(plugin.levels)
            if plugin.seat_option and rng.random() < 0.4:
                options[plugin.seat_option] = rng.choice(plugin.seat_choices)
            for name, info in fields.items():
                kind = _bare(info.annotation)
                if rng.random() < (0.5 if get_origin(kind) is Literal or kind is bool else 0.3):
                    options[name] = self.option_value(info)
            try:
                plugin.parse_options({k: v for k, v in options.items() if k in fields})
            except OptionError:
                continue
            break
        if "thread" in self.play_parameters(game):
            options["thread"] = False  # a table in a thread would leave this test's channel
        return options

    def option_value(self, info: FieldInfo) -> Any:
        """A value a client can send for a field of an options model: one of its choices, a
        bool, or a number in its range (mostly small: players must afford the stacks)."""
        rng, kind = self.rng, _bare(info.annotation)
        if get_origin(kind) is Literal:
            return rng.choice(get_args(kind))
        if kind is bool:
            return rng.random() < 0.5
        low = next((m.ge for m in info.metadata if hasattr(m, "ge")), 1)
        high = next((m.le for m in info.metadata if hasattr(m, "le")), 10**6)
        default = info.default if isinstance(info.default, int) else low
        roll = rng.random()
        if roll < 0.3:
            return low
        if roll < 0.55:
            return min(high, max(low, default))
        if roll < 0.95:
            return rng.randint(low, min(high, max(low, default) * 2))
        return high

    def play_parameters(self, game: str) -> set[str]:
        """The option names /play <game> offers, as the bot registered it."""
        group = self.room.bot.tree.get_command("play")
        command = group.get_command(game.replace("_", "-")) if isinstance(group, app_commands.Group) else None
        return {p.name for p in command.parameters} if isinstance(command, app_commands.Command) else set()

    async def fill(self, table: Table, host: simcord.MemberActor) -> None:
        """Members join (picking a suit when asked) and the host adds computer players until
        the table has a random size it allows, then the host starts it."""
        low, high = table.seat_range
        target = self.rng.randint(low, high)
        others = [m for m in self.members if table.seat_of(m.id) is None]
        self.rng.shuffle(others)
        humans = self.rng.randint(0, max(0, min(len(others), target - len(table.state.seats))))
        for member in others[:humans]:
            await self.press_label(member, "Join")
            for picker in self.private_to(member):
                if picker.content == "Choose your suit:":
                    await self.press_any(member, picker)
            await self.check()
        while self.current() is table and len(table.state.seats) < target:
            before = len(table.state.seats)
            await self.press_label(table_host(self, table), "Add bot")
            await self.check()
            if len(table.state.seats) == before:
                break
        if self.current() is table:
            await self.press_label(table_host(self, table), "Start")

    async def press_label(self, member: simcord.MemberActor, label: str) -> None:
        """`member` presses the table message's button with this label, if it is there and enabled."""
        stored = self.table_message()
        if stored is None:
            return
        for control in usable(stored):
            if control.get("type") == BUTTON and control.get("label") == label:
                message = to_discord_message(self.env, stored)
                custom = control["custom_id"]
                await self.interact(
                    member, f"presses {label!r} on the table", member.click(message, custom_id=custom)
                )
                return

    async def act(self) -> None:
        """A member the hand waits on makes a random move: on the table message (no private
        hands) or on their hand panel, opening a fresh one first (by button or /hand) if the
        one they have is out of date. With nobody to wait on, a seated member (or, now and
        then, an onlooker: bets may be open) presses something on the table message (deal,
        leave, close, bet…)."""
        table = self.current()
        if table is None:
            return
        ours = {m.id for m in self.members}
        waiting = [
            self.member_by_id(uid) for seat in table.awaiting if (uid := table.seat_for(seat).user_id) in ours
        ]
        stored = self.table_message()
        if not waiting or not table.plugin.private_hands:
            seated = [m for m in self.members if table.seat_of(m.id) is not None]
            onlookers = [m for m in self.members if table.seat_of(m.id) is None]
            if not waiting and onlookers and self.rng.random() < 0.4:
                seated = onlookers  # an onlooker's turn: the hand waits on the clock, bets may be open
            member = self.rng.choice(waiting or seated or self.members)
            if stored is not None:
                await self.press_any(member, stored, avoid=(":leave",) if waiting else ())
            return
        member = self.rng.choice(waiting)
        panel = self.fresh_panel(member, table)
        if panel is None or self.rng.random() < 0.15:
            if self.rng.random() < 0.5:
                await self.interact(member, "/hand", member.slash(self.room.channel, "hand"))
            else:
                await self.press_label(member, "Your hand")
            await self.check()
            panel = self.fresh_panel(member, table)
        if panel is not None:
            await self.press_any(member, panel, sensible=True)

    def fresh_panel(self, member: simcord.MemberActor, table: Table) -> StoredMessage | None:
        """The member's newest private message whose controls carry their seat's current
        panel token."""
        seat = table.seat_of(member.id)
        if seat is None:
            return None
        token = f":{table.panel_token(seat)}:"
        fresh = [p for p in self.private_to(member) if any(token in custom for custom in ids_of(p))]
        return fresh[-1] if fresh else None

    async def click_table(self) -> None:
        """Anyone presses any enabled control on the table message."""
        stored = self.table_message()
        if stored is not None:
            await self.press_any(self.anyone(), stored)

    async def answer(self) -> None:
        """The member a public message (other than the table's) mentions first presses one of
        its controls: an offer's Accept or Decline, say (mostly Accept-like ones, the first)."""
        table = self.table_message()
        asking = [
            stored
            for stored in self.stored()[-30:]
            if not stored.is_ephemeral and usable(stored) and (table is None or stored.id != table.id)
        ]
        if not asking:
            return
        stored = self.rng.choice(asking)
        mentioned = re.match(r"<@([0-9]+)>", stored.content or "")
        ours = {m.id for m in self.members}
        member = (
            self.member_by_id(int(mentioned[1]))
            if mentioned and int(mentioned[1]) in ours and self.rng.random() < 0.9
            else self.anyone()
        )
        controls = [c for c in usable(stored) if c.get("type") == BUTTON]
        if not controls:
            return
        control = controls[0] if self.rng.random() < 0.7 else self.rng.choice(controls)
        message = to_discord_message(self.env, stored)
        await self.interact(
            member,
            f"presses {control.get('label')!r} on message {stored.id} [{control['custom_id']}]",
            member.click(message, custom_id=str(control["custom_id"])),
        )

    async def click_private(self) -> None:
        """A member presses any enabled control on one of their private messages (a hand
        panel, old or new, or a suit picker)."""
        member = self.anyone()
        mine = self.private_to(member)
        if mine:
            await self.press_any(member, self.rng.choice(mine))

    async def press_any(
        self,
        member: simcord.MemberActor,
        stored: StoredMessage,
        *,
        sensible: bool = False,
        avoid: tuple[str, ...] = (),
        depth: int = 0,
    ) -> None:
        """Press a random usable control of `stored`; a select gets random values, and a form
        that opens gets filled in at once (`sensible`: mostly with numbers it asks for). A
        private answer with a select (a bet or offer panel, say) is often used at once too."""
        choices = [c for c in usable(stored) if not any(a in str(c.get("custom_id")) for a in avoid)]
        if not choices:
            return
        control = self.rng.choice(choices)
        message = to_discord_message(self.env, stored)
        custom = str(control["custom_id"])
        where = "a private message" if stored.is_ephemeral else "the table"
        if control["type"] == BUTTON:
            result = await self.interact(
                member,
                f"presses {control.get('label')!r} on {where} [{custom}]",
                member.click(message, custom_id=custom),
            )
        else:
            values = self.pick(control)
            result = await self.interact(
                member,
                f"picks {values} in {control.get('placeholder')!r} on {where} [{custom}]",
                member.select(message, values, custom_id=custom),
            )
        if result is not None and result.modal is not None:
            await self.check()
            if self.rng.random() < 0.85:
                await self.fill_form(self.forms.pop(), sensible=sensible and self.rng.random() < 0.7)
        elif result is not None and result.response is not None and depth < 3 and self.rng.random() < 0.8:
            answer = self.env.backend.messages.get(self.channel_id, {}).get(result.response.id)
            if (
                answer is not None
                and answer.is_ephemeral
                and any(c.get("type") == STRING_SELECT for c in usable(answer))
            ):
                await self.check()
                await self.press_any(member, answer, sensible=sensible, depth=depth + 1)

    def pick(self, select: dict[str, Any]) -> list[str]:
        values = [str(o["value"]) for o in select.get("options", [])]
        low, high = int(select.get("min_values", 1)), int(select.get("max_values", 1))
        count = self.rng.randint(low, min(high, len(values)))
        return self.rng.sample(values, count)

    async def submit_form(self) -> None:
        """A form shown earlier (maybe long ago, maybe before a restart) gets junk or numbers."""
        shown = self.forms.pop(self.rng.randrange(len(self.forms)))
        await self.fill_form(shown, sensible=self.rng.random() < 0.3)

    async def fill_form(self, shown: Shown, *, sensible: bool) -> None:
        """Fill a form: with numbers it asks for (`sensible`), with junk, or, for a form that
        asks for an amount of chips (a bet, an offer), mostly with a plausible one, so random
        play places, settles and refunds real bets."""
        plausible = not sensible and any(map(asks_amount, shown.inputs)) and self.rng.random() < 0.8
        values = {}
        for field_ in shown.inputs:
            limit = int(field_.get("max_length") or 4000)
            if plausible:
                text = self.plausible(field_)
            else:
                text = self.number_for(field_) if sensible else self.junk()
            optional = not field_.get("required", True)
            values[str(field_["custom_id"])] = text[:limit] or ("" if optional else "0")
        await self.interact(
            shown.member,
            f"submits the form with {values}",
            shown.member.submit_modal(shown.result, values),
        )

    def plausible(self, field_: dict[str, Any]) -> str:
        """What a member might really type: an amount of one to three stakes (now and then
        one in the range the placeholder names, or junk), odds like "2:1" (or nothing, for
        an optional field), a number in range otherwise."""
        rng, table = self.rng, self.current()
        hint = str(field_.get("placeholder", ""))
        if asks_amount(field_):
            roll = rng.random()
            if roll < 0.7:
                return str(rng.randint(1, 3) * (table.state.stake if table is not None else 10))
            return self.number_for(field_) if roll < 0.9 else self.junk()
        if re.fullmatch(r"[0-9]+:[0-9]+", hint.strip()):
            return rng.choice(("1:1", "2:1", "1:2", "3:2", ""))
        if not field_.get("required", True) and rng.random() < 0.5:
            return ""
        return self.number_for(field_)

    def number_for(self, field_: dict[str, Any]) -> str:
        """A number in the range the field's placeholder names (e.g. "20–45", "1 to 1,000")."""
        found = [
            int(n.replace(",", "")) for n in re.findall(r"[0-9][0-9,]*", str(field_.get("placeholder", "")))
        ]
        if len(found) >= 2:
            return str(self.rng.randint(min(found[:2]), max(found[:2])))
        return str(self.rng.randint(1, 60))

    def junk(self) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.6:
            text = rng.choice(JUNK)
        elif roll < 0.8:
            text = "".join(chr(rng.randint(0x21, 0x2FFF)) for _ in range(rng.randint(1, 8)))
        else:
            text = str(rng.choice((rng.randint(-50, 200), 10 ** rng.randint(3, 11), rng.randint(1, 60))))
        return text

    async def stale(self) -> None:
        """Someone presses a control as an older render showed it: a double click, a lagging
        client, a panel from before a move or a restart; a select gets any values, even too
        many or too few (a crafted client)."""
        if not self.renders:
            return
        render = self.rng.choice(self.renders)
        member = self.member_by_id(render.viewer) if render.viewer is not None else self.anyone()
        stored = self.env.backend.messages.get(self.channel_id, {}).get(render.message_id)
        if stored is None:
            return
        control = render.control
        data: dict[str, Any] = {"custom_id": control["custom_id"], "component_type": control["type"]}
        if control["type"] == STRING_SELECT:
            options = [str(o["value"]) for o in control.get("options", [])] + ["9", "-1", "x"]
            data["values"] = self.rng.sample(options, self.rng.randint(0, min(len(options), 4)))
        await self.interact(member, f"sends an old control {data}", self.send_raw(member, stored, data))

    async def send_raw(
        self, member: simcord.MemberActor, stored: StoredMessage, data: dict[str, Any]
    ) -> simcord.InteractionResult:
        message = to_discord_message(self.env, stored)
        return await _component_interaction(member, _visible_message(member, message), data)

    async def command(self) -> None:
        """A slash command: /hand, /balance, /play (also while a table is open), /daily,
        /give (any amount), /leaderboard, /stats, /rules or /help."""
        member, channel, rng = self.anyone(), self.room.channel, self.rng
        name = rng.choice(
            ("hand", "hand", "balance", "play", "daily", "give", "leaderboard", "stats", "rules", "help")
        )
        if name == "play":
            result = await self.play(member, rng.choice(list(GAMES)))
            table = self.current()
            if (
                result is not None
                and table is not None
                and rng.random() < 0.5
                and table.state.phase is Phase.LOBBY
                and table.state.host_id == member.id
            ):
                await self.check()
                await self.fill(table, member)
            return
        options: dict[str, Any] = {}
        if name == "balance" and rng.random() < 0.5:
            options = {"member": self.anyone()}
        elif name == "give":
            options = {
                "member": self.anyone(),
                "amount": rng.choice((-5, 0, 1, 10, 100, 10**12, rng.randint(1, 300))),
            }
        elif name == "rules" or (name == "leaderboard" and rng.random() < 0.5):
            options = {"game": rng.choice(list(GAMES))}
        await self.interact(member, f"/{name} {options}", member.slash(channel, name, **options))

    async def wait(self) -> None:
        """Time passes: seconds, past the turn timer, past the next deal, past the idle close."""
        seconds = self.rng.choice(WAITS)
        self.note(f"time passes: {seconds} s")
        await self.advance(seconds)

    async def advance(self, seconds: int) -> None:
        """Let `seconds` pass, one wake-up of the table clock at a time.

        SimCord gives each operation its settle timeout of real time, so an advance goes only
        just past the clock's next wake-up (one computer's move, one timer: COMPUTER_DELAY
        keeps them apart) and the next advance takes the next: a table of strong computers
        playing a whole hand inside one advance outran it on a busy machine. And an advance
        never stops within CLOCK_MARGIN of the next wake-up: SimCord would then let that
        timer fire on the wall clock in the middle of the next interaction, and its real-time
        advance and the interaction's settling wait on each other until both time out (a
        SimCord limitation, not the bot's). Such an advance goes on to just past it."""
        service = self.room.bot.tables
        end = service.now() + timedelta(seconds=seconds)
        while True:
            now = service.now()
            table = self.current()
            due = service.autoplay.clock.pending(table.id) if table is not None else None
            until = max(0.0, (due - now).total_seconds()) if due is not None else None
            left = (end - now).total_seconds()
            if until is not None and left < until <= left + CLOCK_MARGIN:
                end = now + timedelta(seconds=math.floor(until) + 1)  # just past it instead
                left = (end - now).total_seconds()
            if left <= 0:
                return
            step = left if until is None or until >= left else math.floor(until) + 1
            await self.env.advance_time(min(step, left))

    async def restart(self) -> None:
        """The bot process restarts on the same database."""
        self.note("the bot restarts")
        await self.room.restart()
        self.table = self.current()

    # --------------------------------------------------------------- end
    async def drain(self) -> None:
        """Everyone walks away: the timers play for them, computers take their seats and
        every table plays itself out and closes, with no chips left in escrow."""
        self.note("everyone walks away")
        for _ in range(400):
            table = self.current()
            if table is None:
                break
            self.step_no += 1
            seconds = table.state.turn_timer + 1 if table.state.phase is Phase.PLAYING else 1801
            self.note(f"time passes: {seconds} s ({self.describe_table()})")
            await self.advance(seconds)
            await self.check()
        if self.current() is not None:
            self.fail("a table left alone never closed")
        await self.audit()


def _bare(annotation: Any) -> Any:
    """An optional field's type without its None."""
    if get_origin(annotation) in (types.UnionType, Union):
        return next(arg for arg in get_args(annotation) if arg is not type(None))
    return annotation


def asks_amount(field_: dict[str, Any]) -> bool:
    """Whether a form field asks for an amount of chips (a stake, a bet, an offer)."""
    text = f"{field_.get('custom_id', '')} {field_.get('label', '')}".lower()
    return any(word in text for word in ("amount", "chips", "stake"))


def table_host(driver: Driver, table: Table) -> simcord.MemberActor:
    host = table.state.host_id
    return next((m for m in driver.members if m.id == host), driver.members[0])


def watch_commits(monkeypatch: pytest.MonkeyPatch, driver: Driver) -> None:
    """Note the secrets of every state a table in the driver's channel is committed in, so a
    message drawn in the middle of a step is judged by the state it was drawn in."""
    save = Commit.save  # the table service's one commit path writes every snapshot

    async def saving(commit: Commit, table: Table, tx: Any, **kwargs: Any) -> str:
        snapshot = await save(commit, table, tx, **kwargs)
        if table.state.channel_id == driver.channel_id:
            secrets = Secrets.of(table)
            driver.states.append(secrets)
            if table.game is not None:
                driver.hand_states.setdefault((table.id, table.state.hand_no), []).append(secrets)
            if table.state.message_id is not None:
                driver.last_of_message[table.state.message_id] = secrets
        return snapshot

    monkeypatch.setattr(Commit, "save", saving)


def poll_settle_faster(monkeypatch: pytest.MonkeyPatch) -> None:
    """SimCord settles the bot after each action by polling its tasks, idling 50 ms (real
    time) between polls whenever it cannot yet tell that a task is parked; the table clock's
    long sleep is often such a task, so most of a run was spent idle. Polling every 2 ms
    plays exactly the same run (the same steps, hands and checks) four to five times as
    fast. If SimCord's private method changes, the test just runs at the slower pace."""
    settle = getattr(simcord_env.Env, "_settle_internal", None)
    if settle is None or "idle" not in inspect.signature(settle).parameters:
        return

    async def settling(env: simcord.Env, **kwargs: Any) -> None:
        kwargs["idle"] = min(kwargs.get("idle", SETTLE_IDLE), SETTLE_IDLE)
        await settle(env, **kwargs)

    monkeypatch.setattr(simcord_env.Env, "_settle_internal", settling)


# ------------------------------------------------------------------ test
@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The e2e settings, with computers taking COMPUTER_DELAY over each move."""
    return settings.model_copy(update={"computer_delay": COMPUTER_DELAY})


@pytest.mark.parametrize("game", list(GAMES))
async def test_random_play(
    room: Room, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    caplog.set_level(logging.DEBUG, logger="bot")
    caplog.set_level(logging.DEBUG, logger="cogs")
    seed = zlib.crc32(f"{SEED}:{game}".encode())
    deals = random.Random(seed ^ 0x5EED)
    room.seeds.stream(deals)
    extra = [room.guild.add_member(room.env.create_user(name)) for name in ("dave", "erin", "frank")]
    driver = Driver(room, game, seed, caplog, [room.alice, room.bob, room.carol, *extra])
    watch_commits(monkeypatch, driver)
    poll_settle_faster(monkeypatch)
    try:
        for _ in range(STEPS):
            await driver.step()
        await driver.drain()
    except Failure:
        raise
    except Exception as error:  # SimCord timing out, a helper tripping: still say how to replay
        driver.fail(f"the run stopped: {''.join(traceback.format_exception(error)[-6:])}")
    ledger = await room.bot.store.ledger(room.guild.id)
    wagered = Counter(r["reason"] for r in ledger if r["reason"].startswith(("bet ", "offer")))
    print(
        f"\nseed {SEED} ({game}): steps {dict(driver.steps)}; hands {dict(driver.hands)}"
        + (f"; bets and offers {dict(wagered)}" if wagered else "")
    )
