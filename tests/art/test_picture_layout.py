"""Every game's pictures hold their content at a phone's width: through whole hands, at every
player count, with the longest names, nothing drawn lies off the canvas, no text leaves the
box it belongs to, and no text is smaller than 12 px once the image is shown 400 px wide.

The geometry is what the card kit noted while drawing (`bot.art.record`), not a guess.
"""

from __future__ import annotations

import pytest
from PIL.Image import Image

from bot.art import Drawn, drawn, smallest_text
from bot.art.record import PHONE_WIDTH, Rect
from tests.art.picture_states import Case, cases, pictures


def inside(rect: Rect, room: Rect) -> bool:
    return room[0] <= rect[0] and room[1] <= rect[1] and rect[2] <= room[2] and rect[3] <= room[3]


def faults(image: Image) -> list[str]:
    """What is wrong with the layout of `image`, one sentence each (none: an empty list)."""
    canvas = (0, 0, image.width, image.height)
    least = smallest_text(image.width)
    found = []
    notes: tuple[Drawn, ...] = drawn(image)
    for note in notes:
        what = f"{note.kind} {note.text!r} at {note.rect}"
        if not inside(note.rect, canvas):
            found.append(f"{what} lies off the {image.width}x{image.height} canvas")
        if note.room is not None and not inside(note.rect, note.room):
            found.append(f"{what} leaves its box {note.room}")
        if note.kind == "text" and note.text and note.px < least:
            shown = note.px * PHONE_WIDTH / image.width
            found.append(f"{what} is {note.px} px: {shown:.1f} px at {PHONE_WIDTH} px wide")
    return found


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.name)
def test_pictures_fit_and_read_at_phone_width(case: Case) -> None:
    checked = 0
    for picture in pictures(case):
        image = picture.draw()
        if image is None:
            continue
        assert drawn(image), f"{picture.name}: the kit noted nothing drawn"
        problems = faults(image)
        assert not problems, f"{picture.name}:\n" + "\n".join(problems[:12])
        checked += 1
    assert checked


def test_the_check_finds_a_text_past_the_canvas_and_a_small_one() -> None:
    """The check can fail: a label pasted half off a felt, a small one, and a label
    running past the box it was laid in."""
    from bot.art import label
    from bot.art.seats import box, felt, hrow, under, vcol

    boxed = under(box(200, 60), label("W" * 12, 20), 10, 10)
    image = felt(vcol([hrow([label("W" * 60, 20), label("tiny", 9)]), boxed]), 10, 600)
    problems = faults(image)
    assert any("'WWWW" in p and "off the 600x" in p for p in problems)
    assert any("'tiny'" in p and "6.0 px at 400 px wide" in p for p in problems)
    assert any("leaves its box" in p for p in problems)
    fitted = under(box(200, 60), label("W" * 12, 20, width=180), 10, 10)
    assert not faults(felt(fitted, 10, 240))
