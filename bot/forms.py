"""Numbers typed into Discord forms, read strictly.

A form field is free text. Python's own digit tests are far too generous for it:
``"²".isdigit()`` and ``"①".isdigit()`` are true yet ``int()`` refuses them, and
``int("１２")`` or ``int("1_0")`` quietly succeed. So the grammar here is written out:

    [sign] digits                   "1500", "007", "+25", "-5"
    [sign] d{1,3} ("," ddd)+        "1,500", "12,345,678"

with ASCII digits only, surrounding whitespace ignored. Anything else — "3,0", "1,00",
",100", "1_0", "1.5", "1e3", "--5", fullwidth or circled digits, an empty field — is
answered with one sentence for the player. A leading "+" is accepted (it changes nothing)
and a single "-" reads as a negative number, so "-5" is told what the least is rather
than that it isn't a number. docs/RULES.md, "The card room", records the decision.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.core.errors import IllegalAction
from engine.core.msg import Domain, Markup, Msg

t = Domain("frame")
tn = t.n

__all__ = ["MOST", "read_whole", "whole_number"]

#: the largest number any form accepts: far above any stack, far below SQLite's 64 bits
MOST = 10**12

_WHOLE = re.compile(r"([+-]?)([0-9]+|[1-9][0-9]{0,2}(?:,[0-9]{3})+)", re.ASCII)
#: digits beyond this many stand for "too large" (int() of a long string is slow, or refused)
_LONGEST = len(str(MOST)) + 1


def read_whole(text: str) -> int | None:
    """The whole number `text` spells under the grammar above, or None if it spells none."""
    match = _WHOLE.fullmatch(text.strip())
    if match is None:
        return None
    digits = match[2].replace(",", "").lstrip("0") or "0"
    if len(digits) > _LONGEST:
        digits = "9" * _LONGEST  # beyond every limit anyway; never converted at full length
    value = int(digits)
    return -value if match[1] == "-" else value


Said = tuple[Callable[[str], Msg], Callable[[int], Msg], Callable[[int], Msg]]
_SAID: dict[tuple[str, str], Said] = {
    ("bet", "chips"): (
        lambda typed: t("The bet must be a whole number of chips, like 25 — not “{typed}”.", typed=typed),
        lambda n: tn("The bet must be at least {n} chip.", "The bet must be at least {n} chips.", n=n),
        lambda n: tn("The bet must be at most {n} chip.", "The bet must be at most {n} chips.", n=n),
    ),
    ("stake", "chips"): (
        lambda typed: t("The stake must be a whole number of chips, like 25 — not “{typed}”.", typed=typed),
        lambda n: tn("The stake must be at least {n} chip.", "The stake must be at least {n} chips.", n=n),
        lambda n: tn("The stake must be at most {n} chip.", "The stake must be at most {n} chips.", n=n),
    ),
    ("total", "points"): (
        lambda typed: t("The total must be a whole number of points, like 25 — not “{typed}”.", typed=typed),
        lambda n: tn("The total must be at least {n} point.", "The total must be at least {n} points.", n=n),
        lambda n: tn("The total must be at most {n} point.", "The total must be at most {n} points.", n=n),
    ),
}
"""The sentences of the fields the room's forms ask for, in every language (whole sentences:
the noun's gender and the count's plural differ from language to language); another field
is answered in English."""


def whole_number(text: str, what: str, unit: str, *, least: int, most: int = MOST) -> int:
    """Read a form field as a whole number from `least` to `most`.

    Raises IllegalAction with a sentence for the player, e.g. "The bet must be a whole
    number of chips, like 25 — not “five”." (`what` is "bet", `unit` is "chips").
    """
    value = read_whole(text)
    said = _SAID.get((what, unit))
    if value is None:
        if said is not None:
            raise IllegalAction(said[0](Markup(text[:20])))  # shown as typed, as it always was
        raise IllegalAction(f"The {what} must be a whole number of {unit}, like 25 — not “{text[:20]}”.")
    if value < least:
        if said is not None:
            raise IllegalAction(said[1](least))
        raise IllegalAction(f"The {what} must be at least {least:,} {_unit(unit, least)}.")
    if value > most:
        if said is not None:
            raise IllegalAction(said[2](most))
        raise IllegalAction(f"The {what} must be at most {most:,} {_unit(unit, most)}.")
    return value


def _unit(unit: str, count: int) -> str:
    return unit.removesuffix("s") if count == 1 else unit
