"""Words for numbers, shared by every engine's log lines and every renderer: a count
with thousands separators and the noun in the right number ("1 card", "1,900,000 chips").

Engines may not import the bot, so the one helper lives here and the bot uses it too.
"""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count` with thousands separators and `word` singular for exactly one, else plural.

    >>> plural(1, "card"), plural(0, "hand"), plural(1_900_000, "chip")
    ('1 card', '0 hands', '1,900,000 chips')
    >>> plural(2, "pass", "passes")
    '2 passes'
    """
    if count == 1 or count == -1:
        return f"{count:,} {word}"
    return f"{count:,} {many if many is not None else word + 's'}"


def chips(amount: int) -> str:
    """`1 chip`, `1,500 chips`."""
    return plural(amount, "chip")
