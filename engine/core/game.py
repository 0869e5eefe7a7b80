"""The shape every game in Ridotto shares (DESIGN.md §3).

A game state is created from options, seats and a seed; `legal_actions(seat)` lists
what a seat may do; `apply(seat, action)` plays one move and returns public events or
raises a RuleError; `view(seat)` is exactly what that seat may see (`None` = onlooker);
`outcome` is set once the hand is over. `to_json()`/`from_json()` round-trip exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar

from pydantic import BaseModel, Field

from engine.core.msg import Msg, english


class Event(BaseModel, frozen=True):
    """Something public that happened; `text` is a short line for the table log, in English.

    An engine converted to messages (issue 26) sets `msg` too: the line as an id and its
    arguments, which the bot shows in the reader's language; `text` is then its English
    (`engine.core.msg.english`), kept for logs, tests and snapshots read by older code."""

    kind: str
    text: str
    seat: int | None = None
    msg: Msg | None = Field(default=None, exclude_if=lambda value: value is None)


_EVENT = Event.__pydantic_validator__.validate_python


M = TypeVar("M", bound=BaseModel)


_DEFAULTS: dict[type[BaseModel], dict[str, Any]] = {}


def trusted(model: type[M], values: dict[str, Any]) -> M:
    """A `model` from values the engine built itself, stored as pydantic's validator would
    store them, without validating them again.

    For models built in an engine's hot path (a view for every computer decision, the
    outcome of every hand) whose every value the engine made with its field's exact type,
    every field given: validation could only copy them. `model_construct` would do the
    same but walks every field's aliases and defaults in Python, which is slower than
    validating. The models it serves have no post-init or root (the engines assert it), and
    their tests compare the result with a validated copy.
    """
    made = model.__new__(model)
    defaults = _DEFAULTS.get(model)
    if defaults is None:
        defaults = _DEFAULTS[model] = {
            name: field.default
            for name, field in model.model_fields.items()
            if not field.is_required() and field.default_factory is None
        }
    given = set(values)
    if not given.issuperset(defaults):
        # A field added later with a default (Outcome.said, issue 26) that this engine does
        # not give: its default, as validation would store it, and not counted as set.
        values = {**values, **{k: v for k, v in defaults.items() if k not in given}}
    object.__setattr__(made, "__dict__", values)
    object.__setattr__(made, "__pydantic_fields_set__", given)
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", None)
    return made


def new_event(kind: str, text: str | Msg, seat: int | None = None) -> Event:
    """An event, built straight through pydantic's validator: it skips BaseModel.__init__'s
    Python-level overhead, which was a fifth of a Prima Carta hand (a hand builds about ten).
    `text` is the English line, or a message (its English is kept as the text)."""
    if isinstance(text, Msg):
        converted: Event = _EVENT({"kind": kind, "text": english(text), "seat": seat, "msg": text})
        return converted
    event: Event = _EVENT({"kind": kind, "text": text, "seat": seat})
    return event


class Outcome(BaseModel, frozen=True):
    """How a finished hand settles.

    `paid_in[seat]` is what that seat put into the pot this hand; `paid_out[seat]` what it
    takes back out. Chips are conserved: sum(paid_in) == sum(paid_out) + `carried` (chips
    that stay on the table for a later hand, for games that carry a pot forward) + `house`.
    """

    winners: tuple[int, ...]
    paid_in: tuple[int, ...]
    paid_out: tuple[int, ...]
    carried: int = 0
    house: int = 0
    """Chips the hand pays the house out of the pot (a cut, a forfeited side pot); negative
    when the house banks the game and pays out more than the pot holds."""
    summary: str
    said: Msg | None = Field(default=None, exclude_if=lambda value: value is None)
    """The summary as a message (an engine converted to messages, issue 26; `summary` is
    then its English)."""

    def net(self, seat: int) -> int:
        return self.paid_out[seat] - self.paid_in[seat]


A = TypeVar("A")
"""A game's action type (a union of small frozen models)."""
V_co = TypeVar("V_co", covariant=True)
"""A game's view type: what one seat (or an onlooker) may see."""


class Game(Protocol[A, V_co]):
    """What the table layer needs from any game engine, typed by its actions and views.

    Each engine builds its hands with its own `new(...)` (its setup differs: a leader, stacks,
    a carried pot), so construction is left to the game's plug-in; everything a table reads
    during play is here."""

    game_id: str

    @property
    def phase(self) -> str:
        """The hand's phase, from the engine's own `Phase` StrEnum (deal, bidding, play...)."""
        ...

    @property
    def to_act(self) -> int | None:
        """The one seat to move, or None (nobody, or several at once: see `awaiting`)."""
        ...

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Every seat the hand waits on: one, or several during a simultaneous choice."""
        ...

    @property
    def events(self) -> list[Event]:
        """Every public event of the hand so far, oldest first."""
        ...

    @property
    def commitment(self) -> str:
        """The SHA-256 commitment to the deal, shown before play."""
        ...

    def legal_actions(self, seat: int) -> Sequence[A]: ...

    def apply(self, seat: int, action: A) -> list[Event]: ...

    def view(self, seat: int | None) -> V_co: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self: ...
