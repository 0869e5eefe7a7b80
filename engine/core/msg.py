"""Messages as ids and arguments, never finished sentences (issue 26).

An engine, a plug-in or the table service that has something to tell a player builds a
`Msg`: the English sentence as a template with named placeholders (gettext's *msgid*, the
key every catalogue translates), the catalogue it belongs to (its *domain*: "frame", or a
game's id) and its arguments. The bot renders it in the reader's language when it is shown
(`bot.i18n`, with Babel's plural rules, numbers and lists); the engine never does, so it
stays pure and a table log kept as messages can be shown in any language later.

    >>> t = Domain("frame")
    >>> said = t("{player} plays {card}.", player="Ana", card=7)
    >>> english(said)
    'Ana plays 7.'
    >>> english(t.n("{n} point", "{n} points", n=1_500))
    '1,500 points'
    >>> english(t("Waiting for {who}.", who=Join(("Ana", "Bo", "Cy"))))
    'Waiting for Ana, Bo and Cy.'
    >>> Msg.from_json(said.to_json()) == said
    True

An argument is a number (`int`, written with the language's digit grouping), text a member
chose (`str`: a name, escaped where markdown is drawn), `Markup` (text the bot built and
trusts: a mention, a timestamp), a card (written as the language marks it), another `Msg`
(rendered in the same language), or a `Join` of several. A plural message (`Domain.n`)
picks its form by its argument `n`.

The markers `t` and `tn` (each module binds them to its domain: `t = Domain("primiera")`,
`tn = t.n`) are what `python -m bot.i18n extract` looks for, so a template is always a
literal string: never an f-string.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TypeAlias, cast

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

from engine.core.cards import DECKS, Card

JoinStyle = Literal["and", "or", "space", "plus", "dot", "comma", "amp", "vs"]
"""How a `Join` joins its items: a list with the language's "and" or "or", or a fixed mark
that reads the same in every language (cards side by side, a sum, a row of scores)."""

MARKS: dict[str, str] = {"space": " ", "plus": "+", "dot": " · ", "comma": ", ", "amp": " & ", "vs": " vs "}
"""The fixed marks of `JoinStyle` (the list styles, "and" and "or", are the language's)."""


class Markup(str):
    """Text the bot built and trusts as it is (a mention, a timestamp, a link): never
    escaped, never translated."""

    __slots__ = ()


class Join:
    """Several arguments shown as one: a list ("Ana, Bo and Cy"), or cards side by side."""

    __slots__ = ("items", "style")

    def __init__(self, items: Sequence[Arg], style: JoinStyle = "and") -> None:
        self.items = tuple(items)
        self.style = style

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Join) and (self.items, self.style) == (other.items, other.style)

    def __hash__(self) -> int:
        return hash((self.items, self.style))

    def __repr__(self) -> str:
        return f"Join({self.items!r}, {self.style!r})"


class Number:
    """A number with decimals ("1.4", or signed "+1.4"; "1,312.5" past a thousand), written
    with the reader's decimal mark and digit grouping ("1,4", "1.312,5")."""

    __slots__ = ("places", "sign", "value")

    def __init__(self, value: float, places: int = 1, sign: bool = False) -> None:
        self.value = float(value)
        self.places = places
        self.sign = sign

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Number) and (self.value, self.places, self.sign) == (
            other.value,
            other.places,
            other.sign,
        )

    def __hash__(self) -> int:
        return hash((self.value, self.places, self.sign))

    def __str__(self) -> str:
        # Grouped in thousands like an int ("1,312.5"); a language swaps the marks for its own.
        return f"{self.value:+,.{self.places}f}" if self.sign else f"{self.value:,.{self.places}f}"


Arg: TypeAlias = "str | int | Card | Msg | Join | Number"
"""What a message's placeholder may be filled with (see the module docstring)."""


class Msg:
    """A sentence for a player, still in no language: its catalogue, its English template
    (and plural template), and its arguments by placeholder name."""

    __slots__ = ("args", "domain", "id", "plural")

    def __init__(self, domain: str, id: str, args: Mapping[str, Arg], plural: str | None = None) -> None:
        self.domain = domain
        self.id = id
        self.args = args
        self.plural = plural

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Msg):
            return NotImplemented
        return (self.domain, self.id, self.plural, dict(self.args)) == (
            other.domain,
            other.id,
            other.plural,
            dict(other.args),
        )

    def __hash__(self) -> int:
        return hash((self.domain, self.id))

    def __repr__(self) -> str:
        return f"Msg({self.domain!r}, {english(self)!r})"

    def __str__(self) -> str:
        return english(self)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """The message as JSON-safe data (a table log keeps it so); `from_json` reads it."""
        out: dict[str, Any] = {"d": self.domain, "m": self.id}
        if self.plural is not None:
            out["p"] = self.plural
        if self.args:
            out["a"] = {name: _arg_json(value) for name, value in self.args.items()}
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        """A message written by `to_json`; ValueError if it is not one."""
        try:
            domain, id = data["d"], data["m"]
            plural = data.get("p")
            raw = data.get("a", {})
            if not isinstance(domain, str) or not isinstance(id, str) or not isinstance(raw, Mapping):
                raise TypeError
            if plural is not None and not isinstance(plural, str):
                raise TypeError
            args = {str(name): _arg_from(value) for name, value in raw.items()}
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not a message: {data!r}"[:200]) from error
        return cls(domain, id, args, plural)

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        # In pydantic models (an engine's events, the table log) a message travels as its
        # JSON form; a Msg object passes through validation as it is.
        return core_schema.no_info_plain_validator_function(
            _validate_msg,
            serialization=core_schema.plain_serializer_function_ser_schema(
                _msg_json, when_used="json-unless-none"
            ),
        )


class Later(Msg):
    """A message made only when something reads it: `Later(make)` is the message `make()`
    returns, called the first time its domain, template or arguments are read (rendering it,
    comparing it, writing it to JSON or pickling it), and never if nothing does.

    For the lines an engine's inner loop says on every hand (a Prima Carta pass) that the
    table may never show and its simulations never read. `make` must give the same message
    whenever it is called: build it from values that no longer change (a finished pass, a
    won hand), never from the live state of a hand still in play."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[], Msg]) -> None:  # the parent's slots stay unset
        self._make: Callable[[], Msg] | None = make

    def _made(self) -> None:
        make = self._make
        if make is not None:
            said = make()
            for name, slot in _SLOTS.items():
                slot.__set__(self, getattr(said, name))
            self._make = None

    def _slot(self, name: str) -> Any:
        self._made()
        return _SLOTS[name].__get__(self, Msg)

    @property
    def domain(self) -> str:
        return cast(str, self._slot("domain"))

    @domain.setter
    def domain(self, value: str) -> None:
        _SLOTS["domain"].__set__(self, value)

    @property
    def id(self) -> str:
        return cast(str, self._slot("id"))

    @id.setter
    def id(self, value: str) -> None:
        _SLOTS["id"].__set__(self, value)

    @property
    def args(self) -> Mapping[str, Arg]:
        return cast(Mapping[str, Arg], self._slot("args"))

    @args.setter
    def args(self, value: Mapping[str, Arg]) -> None:
        _SLOTS["args"].__set__(self, value)

    @property
    def plural(self) -> str | None:
        return cast(str | None, self._slot("plural"))

    @plural.setter
    def plural(self, value: str | None) -> None:
        _SLOTS["plural"].__set__(self, value)

    def __reduce__(self) -> tuple[type[Msg], tuple[str, str, Mapping[str, Arg], str | None]]:
        # Pickled (to a worker process) as the plain message it is, never with its maker.
        return Msg, (self.domain, self.id, self.args, self.plural)


_SLOTS: dict[str, Any] = {name: Msg.__dict__[name] for name in Msg.__slots__}
"""Msg's own slot descriptors, which `Later` fills when it is first read."""


def _validate_msg(value: Any) -> Msg:
    if isinstance(value, Msg):
        return value
    if isinstance(value, Mapping):
        return Msg.from_json(value)
    raise ValueError("a message is written as {'d': domain, 'm': template, 'a': args}")


def _msg_json(value: Msg) -> dict[str, Any]:
    return value.to_json()


def _arg_json(value: Arg) -> Any:
    if isinstance(value, Msg):
        return {"msg": value.to_json()}
    if isinstance(value, Markup):
        return {"raw": str(value)}
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        raise TypeError("a message argument is never a bool")
    if isinstance(value, int):
        return value
    if isinstance(value, Card):
        return {"card": value.code, "deck": value.deck.name}
    if isinstance(value, Join):
        return {"join": [_arg_json(item) for item in value.items], "s": value.style}
    if isinstance(value, Number):
        return {"num": value.value, "places": value.places, "sign": value.sign}
    raise TypeError(f"a message argument can't be {type(value).__name__}")


def _arg_from(value: Any) -> Arg:
    if isinstance(value, bool):
        raise TypeError
    if isinstance(value, str | int):
        return value
    if not isinstance(value, Mapping):
        raise TypeError
    if "msg" in value:
        return Msg.from_json(value["msg"])
    if "raw" in value:
        return Markup(value["raw"])
    if "card" in value:
        try:
            return DECKS[value["deck"]].parse(value["card"])
        except ValueError as error:
            raise TypeError from error
    if "num" in value:
        return Number(float(value["num"]), int(value.get("places", 1)), bool(value.get("sign", False)))
    if "join" in value:
        style = value.get("s", "and")
        if style not in ("and", "or", *MARKS):
            raise TypeError
        return Join(tuple(_arg_from(item) for item in value["join"]), style)
    raise TypeError


class Domain:
    """The marker a module builds its messages with, bound to its catalogue:
    `t = Domain("primiera")`, then `t("{player} sweeps.", player=name)` and, for a sentence
    whose words follow a count, `tn = t.n` and `tn("{n} card", "{n} cards", n=3)`."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, id: str, /, **args: Arg) -> Msg:
        return Msg(self.name, id, args)

    def n(self, one: str, many: str, /, **args: Arg) -> Msg:
        """A plural message: its form follows the argument `n` (one, or many, or as the
        reader's language counts)."""
        if not isinstance(args.get("n"), int):
            raise TypeError("a plural message picks its form by its int argument n")
        return Msg(self.name, one, args, many)


# ------------------------------------------------------------------ English, the source
def english(text: str | Msg) -> str:
    """A message in English, its source language, with no catalogue: what an engine's
    event keeps as its `text` and a rule error as its `str()`, for logs and tests. The
    bot renders the same English through its catalogue (`bot.i18n`), which also escapes
    names for markdown; a test keeps the two the same."""
    if isinstance(text, str):
        return text
    template = text.id
    if text.plural is not None and text.args.get("n") != 1:
        template = text.plural
    if not text.args:
        return template
    return template.format_map({name: _english_arg(value) for name, value in text.args.items()})


def _english_arg(value: Arg) -> str:
    if isinstance(value, Msg):
        return english(value)
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, Card):
        return value.short
    if isinstance(value, Number):
        return str(value)
    if isinstance(value, Join):
        items = [_english_arg(item) for item in value.items]
        if value.style in MARKS:
            return MARKS[value.style].join(items)
        word = " and " if value.style == "and" else " or "
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + word + items[-1] if items else ""
    raise TypeError(f"a message argument can't be {type(value).__name__}")
