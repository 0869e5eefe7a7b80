"""A price's words as a language writes them, rendered once per language and value.

A Peg Leg draw shows each price several times (the table message and its Details, the panel
and its list, the picture), each line a message holding messages (its odds, its chance).
Rendering those inner messages here, once, and giving the lines the text spares every line
rendering every level of its nesting again (issue 21, item 4). The text is the same as the
message's; a `Lang` is one object per language, so it keys the caches."""

from __future__ import annotations

import functools

from bot.i18n import Lang
from engine.core.msg import Markup
from engine.peg_leg.game import odds_said, percent


@functools.lru_cache(maxsize=4096)
def odds_text(say: Lang, tenths: int) -> Markup:
    """Payout odds as `say` writes them ("4.2 to 1", "4,2 a 1")."""
    return Markup(say(odds_said(tenths)))


@functools.lru_cache(maxsize=4096)
def chance_text(say: Lang, chance: float) -> Markup:
    """A chance as `say` writes it ("47%")."""
    return Markup(say(percent(chance)))
