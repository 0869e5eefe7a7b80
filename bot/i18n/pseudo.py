"""The `pseudo` language: English with every letter of every template visibly changed
("⟦Ĥáñð 3 îš öṽéŕ.⟧") and the placeholders kept, built from the templates alone. A screen
drawn in it shows at a glance, and to a test, any text that did not go through a catalogue:
every plain ASCII word left is English that was never converted (tests/bot/test_i18n_pseudo.py).

Left as they are: placeholders (`{name}`), code in backticks (an option a member types), a
command (`/play`), markdown's marks and anything in angle brackets (a mention, a timestamp).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

OPEN, CLOSE = "⟦", "⟧"

_LOWER = "áƀçðéƒĝĥîĵķĺɱñöþǫŕšţüṽŵẋýž"
_UPPER = "ÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
_MAP = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", _LOWER + _UPPER)
#: what stays as it is: a placeholder, code, a command, markup in angle brackets, a link
KEPT = re.compile(r"\{[^{}]*\}|`[^`]*`|(?<![\w/])/[a-z][a-z-]*|<[^<>]*>|https?://\S+")


def pseudo(text: str) -> str:
    """`text` with every letter outside what `KEPT` keeps changed to an accented one, in
    brackets."""
    out, at = [], 0
    for found in KEPT.finditer(text):
        out.append(text[at : found.start()].translate(_MAP))
        out.append(found.group())
        at = found.end()
    out.append(text[at:].translate(_MAP))
    return OPEN + "".join(out) + CLOSE


def pseudo_entries(messages: Iterable[Any]) -> dict[str, str | tuple[str, ...]]:
    """The pseudo translation of every message of a template (Babel `Message`s)."""
    found: dict[str, str | tuple[str, ...]] = {}
    for message in messages:
        if isinstance(message.id, tuple):
            found[message.id[0]] = tuple(pseudo(form) for form in message.id)
        else:
            found[str(message.id)] = pseudo(str(message.id))
    return found
