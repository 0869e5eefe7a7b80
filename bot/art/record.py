"""What a picture drew and where: every text, chip and box, in the final image's pixels.

Each helper of the kit that makes an image notes what it drew on it (a label its text and
size, a box its outline), and each helper that puts images together carries its parts'
notes along, moved to where it put them: so the finished picture knows the place of every
text it shows, and which box each text belongs to. Tests read it (`drawn(image)`) to check
the real geometry: nothing off the canvas, no text past its box, no text too small to read
at a phone's width. The notes are a few small tuples per picture, kept in `Image.info`
(which a PNG never writes) or on a `Sheet`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from math import ceil
from typing import Literal, Protocol

from PIL import Image

KEY = "ridotto.drawn"

PHONE_WIDTH = 400
"""About the width, in pixels, at which Discord shows an image on a phone."""
SMALLEST_AT_PHONE = 12
"""The smallest a text may be, in pixels of font size, once the image is shown that wide."""

Kind = Literal["text", "box", "piece"]
Rect = tuple[int, int, int, int]


def smallest_text(width: int) -> int:
    """The smallest font size, in pixels, readable in an image `width` pixels wide once a
    phone shows it `PHONE_WIDTH` wide."""
    return ceil(SMALLEST_AT_PHONE * width / PHONE_WIDTH)


@dataclass(frozen=True, slots=True)
class Drawn:
    """One thing drawn: a text (with its font size), a box (a seat's area, a chip), or a
    piece (a whole block of the picture placed as one); `room` is the box a text or a box
    was laid inside, which it must not leave."""

    kind: Kind
    rect: Rect
    text: str = ""
    px: int = 0
    room: Rect | None = None

    def moved(self, dx: int, dy: int) -> Drawn:
        left, top, right, bottom = self.rect
        room = self.room
        if room is not None:
            room = (room[0] + dx, room[1] + dy, room[2] + dx, room[3] + dy)
        return Drawn(self.kind, (left + dx, top + dy, right + dx, bottom + dy), self.text, self.px, room)


class Recorded(Protocol):
    """A `Sheet`: placed pieces with their notes."""

    @property
    def drawn(self) -> tuple[Drawn, ...]: ...


def drawn(piece: Image.Image | Recorded) -> tuple[Drawn, ...]:
    """What `piece` shows, in its own pixels (nothing noted: an empty tuple)."""
    if isinstance(piece, Image.Image):
        notes: tuple[Drawn, ...] = piece.info.get(KEY, ())
        return notes
    return piece.drawn


def moved(notes: Iterable[Drawn], dx: int, dy: int) -> tuple[Drawn, ...]:
    return tuple(note.moved(dx, dy) for note in notes)


def within(notes: Iterable[Drawn], room: Rect) -> tuple[Drawn, ...]:
    """`notes` laid inside `room`: those not yet inside a box of their own now belong to it."""
    return tuple(note if note.room is not None else replace(note, room=room) for note in notes)


def note(image: Image.Image, notes: Iterable[Drawn]) -> Image.Image:
    """Add `notes` to what `image` shows (an image made here, never a shared one)."""
    image.info[KEY] = (*image.info.get(KEY, ()), *notes)
    return image


def pasted(target: Image.Image, piece: Image.Image | Recorded, x: int, y: int) -> None:
    """Note on `target` what `piece`, put at (x, y), shows."""
    notes = drawn(piece)
    if notes:
        note(target, moved(notes, x, y))
