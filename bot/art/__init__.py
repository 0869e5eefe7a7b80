"""The card-drawing kit: every deck's cards as Pillow images, and helpers to lay out a table.

Pure functions returning RGBA images, no Discord and no I/O but reading the bundled font
once. Card images are drawn once per (deck, suit, rank, size) and cached, so a table image
is a matter of pasting ready cards onto the felt; `to_png` makes the bytes to send.

    table = panel(640, 240)
    table.alpha_composite(row([draw_card(c) for c in cards]), (16, 16))
    table.alpha_composite(overlap([draw_card(c, "mini") for c in pile]), (16, 180))
    data = to_png(table)
"""

from __future__ import annotations

from .cards import SIZES, CardSize, Size, card_back, card_size, draw_card, empty_slot
from .layout import FELT, TEXT, column, fit, label, overlap, panel, row, stack_vertical
from .palette import to_png
from .record import Drawn, drawn, smallest_text
from .shapes import suit_look

__all__ = [
    "FELT",
    "SIZES",
    "TEXT",
    "CardSize",
    "Drawn",
    "Size",
    "card_back",
    "card_size",
    "column",
    "draw_card",
    "drawn",
    "empty_slot",
    "fit",
    "label",
    "overlap",
    "panel",
    "row",
    "smallest_text",
    "stack_vertical",
    "suit_look",
    "to_png",
]
