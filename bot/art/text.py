"""The one font the kit draws with, shipped in `bot/art/fonts/` with its licence.

DejaVu Sans Bold (Bitstream Vera licence, see fonts/LICENSE-DejaVu.txt). The file is read
once; each pixel size gets its own FreeType face, cached.
"""

from __future__ import annotations

import io
from functools import lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

FONT_FILE = "DejaVuSans-Bold.ttf"
LICENCE_FILE = "LICENSE-DejaVu.txt"

DIGIT_HEIGHT = 0.729
"""Height of a digit (and a capital) in DejaVu Sans, as a fraction of the font size."""


@lru_cache(maxsize=1)
def _font_bytes() -> bytes:
    return resources.files(__package__).joinpath("fonts", FONT_FILE).read_bytes()


@lru_cache(maxsize=64)
def font(px: int) -> ImageFont.FreeTypeFont:
    """The bundled bold font at `px` pixels."""
    return ImageFont.truetype(io.BytesIO(_font_bytes()), px)


@lru_cache(maxsize=512)
def glyphs(text: str, cap_height: int, max_width: int | None = None) -> Image.Image:
    """`text` as a tight 'L' mask whose capitals are `cap_height` pixels tall.

    Wider than `max_width`, it is squeezed sideways to fit (a "10" in a narrow card index).
    """
    face = font(max(1, round(cap_height / DIGIT_HEIGHT)))
    left, top, right, bottom = (round(v) for v in face.getbbox(text, anchor="ls"))
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor="ls")
    if max_width is not None and mask.width > max_width:
        mask = mask.resize((max_width, mask.height), Image.Resampling.LANCZOS)
    return mask


def coloured(mask: Image.Image, colour: tuple[int, int, int]) -> Image.Image:
    """An RGBA image of `colour` shaped by `mask`."""
    out = Image.new("RGBA", mask.size, (*colour, 0))
    out.putalpha(mask)
    return out
