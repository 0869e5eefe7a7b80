"""One 256-colour palette for every picture Ridotto draws.

Finding a palette for each picture (octree quantising) costs more than drawing it; mapping
onto a palette found once is about twice as fast and keeps a table's colours steady from
one version of its picture to the next. The palette comes from a sheet of everything the
kit draws — every card of every deck, backs, empty places, the felt, name chips in each
tone, markers — so the anti-aliased edges between them are in it too. `to_png` maps a
picture onto it.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

from engine.core.cards import FRENCH_52, ITALIAN_40, POSTAS_50, VINES_55

from .cards import card_back, draw_card, empty_slot
from .layout import panel
from .seats import backs, chip, icon

_DECKS = (POSTAS_50, VINES_55, ITALIAN_40, FRENCH_52)  # the 32- and 40-card French decks are subsets


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The palette image pictures are mapped onto (built once, on first use)."""
    tiles: list[Image.Image] = []
    for deck in _DECKS:
        tiles += [draw_card(card, "normal") for card in deck.cards()]
        tiles += [draw_card(card, "mini") for card in deck.cards()[:: len(deck.ranks)]]
    tiles += [card_back("normal"), card_back("mini"), empty_slot("normal"), backs(3)]
    tiles += [chip("Ana 10,000", tone=tone) for tone in ("plain", "turn", "win", "out", "note")]
    tiles += [icon(name, 24) for name in ("crown", "knife", "check", "star")]
    columns = 16
    width = columns * 110
    rows = (len(tiles) + columns - 1) // columns
    sheet = panel(width, rows * 152 + 16)
    for index, tile in enumerate(tiles):
        x, y = 8 + (index % columns) * 110, 8 + (index // columns) * 152
        sheet.alpha_composite(tile.convert("RGBA"), (x, y))
    return sheet.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def to_png(image: Image.Image, colours: int = 256) -> bytes:
    """The image as PNG bytes; an opaque image is reduced to a `colours`-colour palette.

    Cards, felt and text use few colours, so a palette keeps them sharp at a third of the
    RGB size. With the default 256 colours the image is mapped onto the kit's own palette
    (`palette()`, found once), which is twice as fast as finding one per picture;
    other counts quantise with a fast octree. No dithering (dither noise defeats
    compression), and zlib level 3: higher levels save a few percent for much more time.
    An image with transparency stays RGBA.
    """
    buffer = io.BytesIO()
    if image.mode == "RGBA" and image.getchannel("A").getextrema()[0] == 255:
        image = image.convert("RGB")
    if image.mode == "RGB":
        if colours == 256:
            image = image.quantize(palette=palette(), dither=Image.Dither.NONE)
        else:
            image = image.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    image.save(buffer, "PNG", compress_level=3)
    return buffer.getvalue()
