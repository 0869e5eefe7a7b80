"""Putting cards together: rows, overlapping piles, stacks, text labels and the felt.

Every helper returns a new RGBA image with a transparent background (the felt excepted), so
they nest: a row of piles, a label above a row, all pasted on a panel with
`panel.alpha_composite(image, (x, y))`. They only paste images already drawn, which is what
keeps a whole table image fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from .cards import SIZES
from .record import Drawn, note, pasted
from .shapes import RGB
from .text import font

Align = Literal["start", "center", "end"]

FELT: RGB = (28, 88, 62)
"""The table's green baize."""
TEXT: RGB = (240, 238, 228)
"""Label text on the felt."""


def _offset(space: int, size: int, align: Align) -> int:
    return 0 if align == "start" else (space - size) // 2 if align == "center" else space - size


def row(images: Sequence[Image.Image], gap: int = 8, align: Align = "center") -> Image.Image:
    """`images` side by side, `gap` pixels apart, aligned vertically by `align`."""
    if not images:
        return Image.new("RGBA", (0, 0))
    width = sum(i.width for i in images) + gap * (len(images) - 1)
    height = max(i.height for i in images)
    out = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    x = 0
    for image in images:
        y = _offset(height, image.height, align)
        out.alpha_composite(image, (x, y))
        pasted(out, image, x, y)
        x += image.width + gap
    return out


def column(images: Sequence[Image.Image], gap: int = 8, align: Align = "center") -> Image.Image:
    """`images` one under another, `gap` pixels apart, aligned horizontally by `align`."""
    if not images:
        return Image.new("RGBA", (0, 0))
    width = max(i.width for i in images)
    height = sum(i.height for i in images) + gap * (len(images) - 1)
    out = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    y = 0
    for image in images:
        x = _offset(width, image.width, align)
        out.alpha_composite(image, (x, y))
        pasted(out, image, x, y)
        y += image.height + gap
    return out


def _index_box(image: Image.Image) -> tuple[int, int]:
    """The index corner of a card image of one of the kit's sizes; 40% of it otherwise."""
    for size in SIZES.values():
        if (size.width, size.height) == image.size:
            return size.index_box
    return round(image.width * 0.4), round(image.height * 0.4)


def overlap(images: Sequence[Image.Image], step: int | None = None) -> Image.Image:
    """A pile fanned to the right: each card laid over the previous one, `step` pixels on.

    The default step shows exactly each covered card's index (rank and suit).
    """
    if not images:
        return Image.new("RGBA", (0, 0))
    step = step if step is not None else _index_box(images[0])[0]
    width = step * (len(images) - 1) + images[-1].width
    height = max(i.height for i in images)
    out = Image.new("RGBA", (max(width, max(i.width for i in images)), height), (0, 0, 0, 0))
    for n, image in enumerate(images):
        out.alpha_composite(image, (n * step, 0))
        pasted(out, image, n * step, 0)
    return out


def stack_vertical(images: Sequence[Image.Image], step: int | None = None) -> Image.Image:
    """A stack running down: each card laid over the previous one, `step` pixels lower.

    The default step shows each covered card's index corner.
    """
    if not images:
        return Image.new("RGBA", (0, 0))
    step = step if step is not None else _index_box(images[0])[1]
    width = max(i.width for i in images)
    height = step * (len(images) - 1) + images[-1].height
    out = Image.new("RGBA", (width, max(height, max(i.height for i in images))), (0, 0, 0, 0))
    for n, image in enumerate(images):
        out.alpha_composite(image, (0, n * step))
        pasted(out, image, 0, n * step)
    return out


#: labels kept drawn per process: a table picture's names, amounts and captions repeat from
#: one picture of a table to the next, and measuring and rendering text was a quarter of
#: drawing one
LABELS = 2048


@lru_cache(maxsize=LABELS)
def fit(text: str, size: int, room: int) -> str:
    """`text` as it fits `room` pixels at `size`: whole, or cut and ended with "…"."""
    face = font(size)
    if face.getlength(text) <= room:
        return text
    low, high = 0, len(text)  # the longest cut that fits, by halving
    while low < high:
        mid = (low + high + 1) // 2
        if face.getlength(text[:mid].rstrip() + "…") <= room:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def label(
    text: str,
    size: int = 18,
    colour: RGB = TEXT,
    background: tuple[int, int, int, int] | None = None,
    padding: int = 0,
    width: int | None = None,
) -> Image.Image:
    """`text` in the kit's font, `size` pixels, on transparency or a rounded `background` chip;
    given a `width` (the whole label's, padding included), a longer text is cut with "…".

    The height is the font's full line height, so labels of one size line up in a row.
    A copy of the label drawn once (`_label`): the caller may note on it what it shows.
    """
    return _label(text, size, colour, background, padding, width).copy()


@lru_cache(maxsize=LABELS)
def _label(
    text: str,
    size: int,
    colour: RGB,
    background: tuple[int, int, int, int] | None,
    padding: int,
    width: int | None,
) -> Image.Image:
    if width is not None:
        text = fit(text, size, width - 2 * padding)
    face = font(size)
    ascent, descent = face.getmetrics()
    text_width = round(face.getlength(text)) if text else 0
    out = Image.new("RGBA", (text_width + 2 * padding, ascent + descent + 2 * padding), (0, 0, 0, 0))
    draw = ImageDraw.Draw(out)
    if background is not None:
        draw.rounded_rectangle(
            (0, 0, out.width - 1, out.height - 1), radius=min(8, out.height // 3), fill=background
        )
    draw.text((padding, padding), text, font=face, fill=(*colour, 255))
    whole = (0, 0, out.width, out.height)
    notes = [Drawn("text", (padding, padding, padding + text_width, padding + ascent + descent), text, size)]
    if background is not None:
        notes = [Drawn("box", whole), *(Drawn(n.kind, n.rect, n.text, n.px, whole) for n in notes)]
    return note(out, notes) if text or background is not None else out


def panel(width: int, height: int, felt: RGB = FELT, mode: Literal["RGBA", "RGB"] = "RGBA") -> Image.Image:
    """A table-felt background: the felt colour inside a darker rail with rounded corners
    (in `mode` RGB, opaque, for a picture whose pieces are pasted straight on it)."""
    rail = tuple(round(c * 0.6) for c in felt)
    out = Image.new(mode, (width, height), (*rail, 255)[: len(mode)])
    edge = max(3, min(width, height) // 60)
    ImageDraw.Draw(out).rounded_rectangle(
        (edge, edge, width - 1 - edge, height - 1 - edge), radius=edge * 3, fill=(*felt, 255)[: len(mode)]
    )
    return out
