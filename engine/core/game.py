"""The shape every game in Ridotto shares (DESIGN.md §3).

A game state is created from options, seats and a seed; `legal_actions(seat)` lists
what a seat may do; `apply(seat, action)` plays one move and returns public events or
raises a RuleError; `view(seat)` is exactly what that seat may see (`None` = onlooker);
`outcome` is set once the hand is over. `to_json()`/`from_json()` round-trip exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar

from pydantic import (
    BaseModel,
    Field,
    GetCoreSchemaHandler,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)
from pydantic_core import core_schema
from pydantic_core.core_schema import SerializationInfo

from engine.core.msg import Msg, english


class Event:
    """Something public that happened; `text` is a short line for the table log, in English.

    An engine converted to messages (issue 26) sets `msg`: the line as an id and its
    arguments, which the bot shows in the reader's language; `text` is then its English
    (`engine.core.msg.english`), rendered only when something reads it (a log, a test, a
    snapshot written for older code), never while the engine plays: an engine's simulations
    build thousands of events nobody reads. An event without a message (an engine not
    converted, or a snapshot older than messages) keeps its English as `plain`.

    A value, never changed once made (`with_seat` makes another). A plain class with slots
    rather than a pydantic model: an engine makes several a hand, and a model's construction
    was most of their cost; in a pydantic model (a snapshot) it validates and dumps as the
    model did. Its JSON (`to_json`) holds `text` as it always did, beside `msg`, so a snapshot
    stays readable by code that expects it; loading one whose event has a message keeps the
    message alone (the text was its English), so an event survives a round trip equal to
    itself."""

    __slots__ = ("kind", "msg", "plain", "seat")

    kind: str
    seat: int | None
    msg: Msg | None
    plain: str | None
    """The English line of an event with no message; None when `msg` says it."""

    def __init__(
        self, kind: str, text: str | None = None, seat: int | None = None, msg: Msg | None = None
    ) -> None:
        if msg is None and text is None:
            raise ValueError("an event has a text or a message")
        self.kind = kind
        self.seat = seat
        self.msg = msg
        self.plain = None if msg is not None else text

    @property
    def text(self) -> str:
        """The line in English (the message's English, rendered now; it is not kept)."""
        said = self.msg
        if said is not None:
            return english(said)
        assert self.plain is not None  # `__init__` and `new_event` give one or the other
        return self.plain

    def with_seat(self, seat: int | None) -> Event:
        """The same event about another seat (a table's seat for an engine's party)."""
        other = _new(Event)
        other.kind, other.seat, other.msg, other.plain = self.kind, seat, self.msg, self.plain
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.seat, self.msg, self.plain) == (
            other.kind,
            other.seat,
            other.msg,
            other.plain,
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.seat, self.msg, self.plain))

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, seat={self.seat!r}, text={self.text!r})"

    # ------------------------------------------------------------------ JSON
    def to_json(self, *, json: bool = True) -> dict[str, Any]:
        """The event as a snapshot keeps it: kind, text (the English), seat, and its message if
        it has one (as JSON, or with `json=False` as the `Msg` itself); `from_json` reads it."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "seat": self.seat}
        said = self.msg
        if said is not None:
            out["msg"] = said.to_json() if json else said
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """An event written by `to_json` (or by the pydantic model it used to be); ValueError if
        it is not one. With a message, the stored text is ignored: it was the message's English."""
        kind, seat, text, said = data.get("kind"), data.get("seat"), data.get("text"), data.get("msg")
        if not isinstance(kind, str) or not (
            seat is None or (isinstance(seat, int) and not isinstance(seat, bool))
        ):
            raise ValueError(f"not an event: {data!r}"[:200])
        if said is not None:
            return cls(kind, seat=seat, msg=said if isinstance(said, Msg) else Msg.from_json(said))
        if not isinstance(text, str):
            raise ValueError(f"an event has a text or a message: {data!r}"[:200])
        return cls(kind, text, seat)

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        # In a pydantic model (a snapshot) an event is validated from its JSON form (an Event
        # passes as it is) and dumped as `to_json` writes it; a Python-mode dump keeps the
        # message as a `Msg`, as the model this class replaced did.
        return core_schema.no_info_plain_validator_function(
            _validate_event,
            serialization=core_schema.plain_serializer_function_ser_schema(_event_dump, info_arg=True),
        )


def _validate_event(value: Any) -> Event:
    if isinstance(value, Event):
        return value
    if isinstance(value, Mapping):
        return Event.from_json(value)
    raise ValueError("an event is written as {'kind': ..., 'text': ..., 'seat': ..., 'msg': ...}")


def _event_dump(value: Event, info: SerializationInfo) -> dict[str, Any]:
    return value.to_json(json=info.mode_is_json())


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
    """An event the engine built itself: `text` is the English line, or a message (its English
    is rendered only when read: `Event.text`). Its fields are set straight, without
    `__init__`'s check: an engine makes several events a hand."""
    made = _new(Event)
    made.kind = kind
    made.seat = seat
    if isinstance(text, Msg):
        made.msg = text
        made.plain = None
    else:
        made.msg = None
        made.plain = text
    return made


_new = object.__new__


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
    said: Msg | None = Field(default=None, exclude_if=lambda value: value is None)
    """The summary as a message (an engine converted to messages, issue 26; `summary` is
    then its English, rendered when read, as an event's `text`)."""
    plain: str | None = Field(default=None, validation_alias="summary", exclude=True, repr=False)
    """The summary in English of an engine that says it as text; None when `said` says it."""

    @model_validator(mode="before")
    @classmethod
    def _message_or_text(cls, data: Any) -> Any:
        if isinstance(data, Mapping):
            if data.get("said") is not None:
                if "summary" in data:  # a dump's English of the message: the message says it
                    return {key: value for key, value in data.items() if key != "summary"}
            elif data.get("summary") is None:
                raise ValueError("an outcome has a summary or a message")
        return data

    @property
    def summary(self) -> str:
        """The hand's result in English (the message's English, rendered now)."""
        said = self.said
        if said is not None:
            return english(said)
        assert self.plain is not None  # the validator gives one or the other
        return self.plain

    @model_serializer(mode="wrap")
    def _with_summary(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # The dump's keys and their order as before the summary was lazy.
        data: dict[str, Any] = handler(self)
        out: dict[str, Any] = {
            key: data[key] for key in ("winners", "paid_in", "paid_out", "carried", "house") if key in data
        }
        out["summary"] = self.summary
        if "said" in data:
            out["said"] = data["said"]
        return out

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
