"""Every control the bot draws, in one place: each custom-id format defined once, as data,
and one router that sends a button, a select or a form to the handler a cog registered.

A custom id carries everything its handler needs (the table, the state version or the
panel token, the move), so a control keeps working after a restart and an outdated one is
refused with a sentence. The strings are part of what members have on their screens:
they stay byte-for-byte the same from one release to the next. Keys name cards by their
place in the hand, never the card.

Drawn views are only pictures of their controls (`rendered`): every interaction comes in
through `ComponentRouter.dispatch`, whether the control is still on its message or from an
older render (a double click, a lagging client), and forms after a restart too.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import discord

from bot.store.turns import member_waits

log = logging.getLogger(__name__)


class Kind(StrEnum):
    """What kind of control a custom id is on: it says how its values are read."""

    BUTTON = "button"
    SELECT = "select"
    FORM = "form"


@dataclass(frozen=True)
class Part:
    """One field of a custom id: its name, the text before it, what it may look like, and
    whether it is a number. An optional part may be left out, text before it included."""

    name: str
    pattern: str
    number: bool = False
    before: str = ":"
    optional: bool = False


def number(name: str, before: str = ":") -> Part:
    return Part(name, "[0-9]+", number=True, before=before)


def text(name: str, pattern: str, before: str = ":", *, optional: bool = False) -> Part:
    return Part(name, pattern, before=before, optional=optional)


@dataclass(frozen=True)
class CustomId:
    """A custom id format: a prefix, then its parts ("rd:12:7:copa" is
    `CustomId("rd", Kind.BUTTON, number("table"), number("version"), text("key", ...))`)."""

    prefix: str
    kind: Kind
    parts: tuple[Part, ...]
    regex: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __init__(self, prefix: str, kind: Kind, *parts: Part) -> None:
        object.__setattr__(self, "prefix", prefix)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "parts", parts)
        pattern = re.escape(prefix)
        for part in parts:
            piece = f"{re.escape(part.before)}(?P<{part.name}>{part.pattern})"
            pattern += f"(?:{piece})?" if part.optional else piece
        object.__setattr__(self, "regex", re.compile(pattern))

    def __call__(self, **values: int | str) -> str:
        """The custom id with these values (an optional part left out when empty)."""
        out = self.prefix
        for part in self.parts:
            value = values.get(part.name, "")
            if part.optional and value == "":
                continue
            out += f"{part.before}{value}"
        return out

    def parse(self, custom_id: str) -> dict[str, int | str] | None:
        """The values of a custom id of this format by part name (numbers as ints), or None
        if it is of another format."""
        match = self.regex.fullmatch(custom_id)
        if match is None:
            return None
        values: dict[str, int | str] = {}
        for part in self.parts:
            raw = match[part.name] or ""
            values[part.name] = int(raw) if part.number else raw
        return values


# ------------------------------------------------------------- the formats, once
_TABLE = number("table")
_HAND = number("hand", before=":h")
#: a private panel's control: the seat it was drawn for and its panel token, then the move
_PANEL = (
    _TABLE,
    text("seat", "[a-z0-9]+"),
    text("token", r"h[0-9]+\.[0-9]+"),
    text("key", r"[a-z_]+(?:\.[0-9a-z_]+)*"),
)

#: a button of the table message: the table, its state version, the move ("rd:12:7:copa")
TABLE_MOVE = CustomId("rd", Kind.BUTTON, _TABLE, number("version"), text("key", r"[a-z_]+(?:\.[a-z_]+)?"))
PANEL_BUTTON = CustomId("rp", Kind.BUTTON, *_PANEL)
PANEL_SELECT = CustomId("rs", Kind.SELECT, *_PANEL)
PANEL_FORM = CustomId("rm", Kind.FORM, *_PANEL)
#: a form opened from a button of the table message (a game's `TableMoves`): like a panel's
#: form it carries the member's seat and panel token, but its answer is a new private panel
TABLE_FORM = CustomId("rtf", Kind.FORM, *_PANEL)
#: an onlooker's bet panel: its selects (the bet, then its pick) and its amount form
BET_SELECT = CustomId("rbs", Kind.SELECT, _TABLE, _HAND, text("key", r"kind|pick\.[a-z_]+"))
BET_FORM = CustomId(
    "rbm", Kind.FORM, _TABLE, _HAND, text("key", "[a-z_]+"), text("pick", "[a-z0-9_]+", optional=True)
)
#: side bets between members: the offer panel's select and form, and the answer buttons
#: under the public offer message
OFFER_SELECT = CustomId("rof", Kind.SELECT, _TABLE, _HAND)
OFFER_FORM = CustomId("rom", Kind.FORM, _TABLE, _HAND, text("kind", "[a-z_]+"), number("seat", before="."))
OFFER_ANSWER = CustomId("roa", Kind.BUTTON, _TABLE, _HAND, number("offer"), text("answer", "accept|decline"))
#: **More** under a game's rules in brief (/rules, the Rules button): the full text ("rr:holdout")
RULES_MORE = CustomId("rr", Kind.BUTTON, text("game", "[a-z_]+"))

#: a kept hand's replay (issue 24): the table, the hand, where to go — `start` or `end` open
#: a new replay there; `first`, `back`, `next`, `last` move the one open — and the step it
#: showed ("rh:12:h7:next:s3"); whoever presses it sees the hand as they could have seen it
REPLAY = CustomId(
    "rh",
    Kind.BUTTON,
    _TABLE,
    _HAND,
    text("go", "start|end|first|back|next|last"),
    number("step", before=":s"),
)
#: a page of /history: whose (0: the server's), which page, which board (left out: every
#: game) ("rhp:1001:p2:prefa")
HISTORY_PAGE = CustomId(
    "rhp", Kind.BUTTON, number("user"), number("page", before=":p"), text("board", "[a-z_]+", optional=True)
)

#: the key of the **Hint** button (issue 25): on a hand panel (`PANEL_BUTTON`, "rp:12:ana:h3.1:hint")
#: and, in a game whose moves are on the table message, there (`TABLE_MOVE`, "rd:12:7:hint")
HINT = "hint"

FORMATS = (
    TABLE_MOVE,
    PANEL_BUTTON,
    PANEL_SELECT,
    PANEL_FORM,
    TABLE_FORM,
    BET_SELECT,
    BET_FORM,
    OFFER_SELECT,
    OFFER_FORM,
    OFFER_ANSWER,
    RULES_MORE,
    REPLAY,
    HISTORY_PAGE,
)


# ------------------------------------------------------------------ the router
#: a handler is called with the interaction, the values a select chose or a form's boxes
#: held (in order; a button: none), and the custom id's parts as keyword arguments
Handler = Callable[..., Awaitable[None]]
Failure = Callable[[discord.Interaction, BaseException, str], Awaitable[None]]
Refuse = Callable[[discord.Interaction, Any], Awaitable[None]]


@dataclass(frozen=True)
class Route:
    format: CustomId
    handler: Handler
    when: Mapping[str, int | str]


class ComponentRouter:
    """Sends each interaction with a custom id to the handler registered for its format
    (and, optionally, for given values of its parts: `when={"key": "bet"}`). The most
    specific route wins. A handler that raises `refusal` (a sentence for the member: the
    click changes nothing) has it answered through `refuse`; anything else it raises gets
    the member a sentence with a reference, and the traceback in the log (`failure`)."""

    def __init__(self, failure: Failure, refusal: type[Exception], refuse: Refuse) -> None:
        self._routes: list[Route] = []
        self._failure = failure
        self._refusal = refusal
        self._refuse = refuse

    def on(self, format: CustomId, handler: Handler, **when: int | str) -> None:
        self._routes.append(Route(format, handler, when))
        self._routes.sort(key=lambda route: -len(route.when))

    def off(self, handler: Handler) -> None:
        self._routes = [route for route in self._routes if route.handler != handler]

    def route(self, kind: Kind | None, custom_id: str) -> tuple[Handler, dict[str, int | str]] | None:
        """The handler for a custom id of a control of `kind` (None: any), and its parts."""
        for route in self._routes:
            if kind is not None and (route.format.kind is Kind.FORM) != (kind is Kind.FORM):
                continue
            fields = route.format.parse(custom_id)
            if fields is not None and all(fields.get(k) == v for k, v in route.when.items()):
                return route.handler, fields
        return None

    async def dispatch(self, interaction: discord.Interaction) -> None:
        """discord.py's `on_interaction` listener (the bot registers it): a button, a select
        or a form to its handler; anything else (a slash command) is the command tree's."""
        if interaction.type is discord.InteractionType.modal_submit:
            kind = Kind.FORM
        elif interaction.type is discord.InteractionType.component:
            kind = Kind.BUTTON
        else:
            return
        data: Mapping[str, Any] = interaction.data or {}
        custom = str(data.get("custom_id", ""))
        found = self.route(kind, custom)
        if found is None:
            return
        handler, fields = found
        values = form_values(data) if kind is Kind.FORM else select_values(data)
        try:
            try:
                with member_waits():  # the store serves a member's click first (`bot.store.turns`)
                    await handler(interaction, values, **fields)
            except self._refusal as error:
                await self._refuse(interaction, getattr(error, "said", str(error)))
        except Exception as error:
            where = f"table {fields.get('table', '?')}: {kind} {custom}"
            await self._failure(interaction, error, where)


def select_values(data: Mapping[str, Any] | None) -> list[str]:
    """What a component interaction's payload chose: a select's `values` (a button: none)."""
    return [str(v) for v in (data or {}).get("values", [])]


def form_values(data: Mapping[str, object]) -> list[str]:
    """A submitted form's values, in the order of its boxes (Discord keeps the form's order):
    a text box's text, a list's choices joined by commas (`bot.ui.FormField`)."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if node.get("type") == 4 and "value" in node:  # a text input
                found.append(str(node["value"]))
            if node.get("type") == 3 and isinstance(node.get("values"), list):  # a list in the form
                found.append(",".join(str(value) for value in node["values"]))
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(data.get("components", []))
    return found


def rendered(view: discord.ui.View) -> discord.ui.View:
    """A view used only to draw controls. The router answers them by custom id, so
    discord.py need not keep it (nor, for ephemeral messages, a 15-minute timeout task)."""
    view.stop()
    return view
