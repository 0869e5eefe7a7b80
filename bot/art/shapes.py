"""Suit pips and face emblems as vector shapes, and the colours each suit is drawn in.

Every shape is drawn with `ImageDraw` on a 100x100 design grid, supersampled (`_SS` times)
into an 8-bit mask and scaled down with Lanczos, which gives anti-aliased edges without any
image file. Shape is the primary cue for a suit, colour the second: each suit of a deck has
its own silhouette (a crown, a padlock, a goblet...), so the cards read the same to a
colour-blind player and in greyscale. Colours come from the Okabe–Ito palette, darkened
where needed to stay readable on the cream card face.

A suit's shape and colour are chosen from its deck's suit names: Postas-style suits
(crowns, locks, fruit, swords, cups), Italian ones (coins, cups, swords, clubs) and French
ones (spades, hearts, diamonds, clubs). A suit the kit does not know gets one of the
fallback shapes by its place in its deck, so a new deck draws without changes here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from engine.core.cards import DeckSpec

RGB = tuple[int, int, int]
Painter = Callable[[ImageDraw.ImageDraw], None]

_SS = 4
"""Supersampling factor: shapes are drawn on a 400x400 mask, then scaled down."""
_GRID = 100 * _SS

# Okabe–Ito, darkened where the pure colour is too light to read on the card face.
VERMILLION: RGB = (208, 66, 12)
BLUE: RGB = (0, 114, 178)
GREEN: RGB = (0, 122, 88)
BROWN: RGB = (128, 80, 36)
PURPLE: RGB = (160, 68, 128)
OCHRE: RGB = (190, 130, 0)
SKY: RGB = (40, 140, 200)
INK: RGB = (24, 24, 28)

_FALLBACK_COLOURS: tuple[RGB, ...] = (INK, VERMILLION, BLUE, GREEN, PURPLE, BROWN, OCHRE, SKY)


# --------------------------------------------------------------------------- the drawing grid
def _s(*values: float) -> list[float]:
    """Design-grid coordinates (0..100) to mask pixels."""
    return [v * _SS for v in values]


def _ellipse(d: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float, fill: int = 255) -> None:
    d.ellipse(_s(x0, y0, x1, y1), fill=fill)


def _circle(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: int = 255) -> None:
    _ellipse(d, cx - r, cy - r, cx + r, cy + r, fill)


def _poly(d: ImageDraw.ImageDraw, *points: tuple[float, float], fill: int = 255) -> None:
    d.polygon([(x * _SS, y * _SS) for x, y in points], fill=fill)


def _rect(
    d: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float, r: float = 0, fill: int = 255
) -> None:
    d.rounded_rectangle(_s(x0, y0, x1, y1), radius=r * _SS, fill=fill)


def _bar(
    d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], wa: float, wb: float
) -> None:
    """A tapered bar from `a` (width `wa`) to `b` (width `wb`)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    _poly(
        d,
        (a[0] + nx * wa / 2, a[1] + ny * wa / 2),
        (b[0] + nx * wb / 2, b[1] + ny * wb / 2),
        (b[0] - nx * wb / 2, b[1] - ny * wb / 2),
        (a[0] - nx * wa / 2, a[1] - ny * wa / 2),
    )


# ------------------------------------------------------------------------------- suit shapes
def _crown(d: ImageDraw.ImageDraw) -> None:
    _poly(d, (13, 72), (8, 30), (31, 50), (50, 20), (69, 50), (92, 30), (87, 72))
    _rect(d, 12, 68, 88, 88, r=3)
    for cx, cy in ((8, 27), (50, 15), (92, 27)):
        _circle(d, cx, cy, 7.5)
    for cx in (30, 50, 70):
        _circle(d, cx, 78, 4.5, fill=0)


def _lock(d: ImageDraw.ImageDraw) -> None:
    d.rounded_rectangle(_s(27, 4, 73, 70), radius=23 * _SS, outline=255, width=12 * _SS)
    _rect(d, 12, 42, 88, 96, r=9)
    _circle(d, 50, 62, 9, fill=0)
    _poly(d, (44, 64), (56, 64), (54, 84), (46, 84), fill=0)


def _fruit(d: ImageDraw.ImageDraw) -> None:
    _ellipse(d, 6, 26, 60, 90)
    _ellipse(d, 40, 26, 94, 90)
    _ellipse(d, 18, 40, 82, 98)
    _bar(d, (50, 34), (57, 6), 7, 5)
    _poly(d, (58, 22), (66, 8), (84, 3), (92, 6), (80, 18), (64, 24))


def _sword(d: ImageDraw.ImageDraw) -> None:
    _poly(d, (50, 0), (64, 16), (64, 62), (36, 62), (36, 16))
    _rect(d, 12, 60, 88, 73, r=6)
    _rect(d, 42, 72, 58, 88)
    _circle(d, 50, 91, 9)


def _cup(d: ImageDraw.ImageDraw) -> None:
    d.pieslice(_s(12, -16, 88, 60), 0, 180, fill=255)
    _rect(d, 8, 14, 92, 25, r=4)
    _rect(d, 44, 54, 56, 82)
    _ellipse(d, 37, 60, 63, 72)
    d.pieslice(_s(20, 78, 80, 110), 180, 360, fill=255)
    _rect(d, 20, 93, 80, 99, r=2)


def _coin(d: ImageDraw.ImageDraw) -> None:
    _circle(d, 50, 50, 47)
    _circle(d, 50, 50, 37, fill=0)
    _circle(d, 50, 50, 29)
    _circle(d, 50, 50, 10, fill=0)


def _cudgel(d: ImageDraw.ImageDraw) -> None:
    """A knotty club, held at the lower left: the Italian bastoni."""
    _bar(d, (22, 94), (68, 24), 18, 32)
    _circle(d, 70, 22, 19)
    for t, side in ((0.3, 1), (0.5, -1), (0.7, 1)):
        x, y = 22 + (68 - 22) * t, 94 + (24 - 94) * t
        nx, ny = 0.84, 0.55  # the shaft's normal
        width = 18 + 14 * t
        _circle(d, x + side * nx * width / 2, y + side * ny * width / 2, 8)


def _heart(d: ImageDraw.ImageDraw) -> None:
    _circle(d, 29, 32, 24)
    _circle(d, 71, 32, 24)
    _poly(d, (6.5, 40), (93.5, 40), (50, 96))


def _spade(d: ImageDraw.ImageDraw) -> None:
    _circle(d, 28, 60, 22)
    _circle(d, 72, 60, 22)
    _poly(d, (7, 55), (93, 55), (50, 1))
    _poly(d, (50, 62), (34, 98), (66, 98))


def _diamond(d: ImageDraw.ImageDraw) -> None:
    _poly(d, (50, 1), (82, 50), (50, 99), (18, 50))


def _trefoil(d: ImageDraw.ImageDraw) -> None:
    # Three lobes with clear notches between them and a thin stem: never a spade's outline.
    _circle(d, 50, 22, 19)
    _circle(d, 22, 63, 19)
    _circle(d, 78, 63, 19)
    _circle(d, 50, 55, 9)
    _poly(d, (50, 50), (42, 98), (58, 98))


def _star(d: ImageDraw.ImageDraw) -> None:
    points = []
    for i in range(10):
        r = 48 if i % 2 == 0 else 20
        a = -math.pi / 2 + i * math.pi / 5
        points.append((50 + r * math.cos(a), 53 + r * math.sin(a)))
    _poly(d, *points)


def _triangle(d: ImageDraw.ImageDraw) -> None:
    _poly(d, (50, 4), (96, 92), (4, 92))


def _square(d: ImageDraw.ImageDraw) -> None:
    _rect(d, 10, 10, 90, 90, r=6)


def _ring(d: ImageDraw.ImageDraw) -> None:
    _circle(d, 50, 50, 46)
    _circle(d, 50, 50, 24, fill=0)


def _cross(d: ImageDraw.ImageDraw) -> None:
    _rect(d, 36, 4, 64, 96, r=3)
    _rect(d, 4, 36, 96, 64, r=3)


def _moon(d: ImageDraw.ImageDraw) -> None:
    _circle(d, 50, 50, 46)
    _circle(d, 68, 40, 38, fill=0)


SUIT_SHAPES: dict[str, Painter] = {
    "crown": _crown,
    "lock": _lock,
    "fruit": _fruit,
    "sword": _sword,
    "cup": _cup,
    "coin": _coin,
    "cudgel": _cudgel,
    "heart": _heart,
    "spade": _spade,
    "diamond": _diamond,
    "trefoil": _trefoil,
    "star": _star,
    "triangle": _triangle,
    "square": _square,
    "ring": _ring,
    "cross": _cross,
    "moon": _moon,
}
"""Every pip shape by name."""

FALLBACK_SHAPES = ("star", "triangle", "square", "ring", "cross", "moon", "diamond", "heart")
"""Shapes for suits the kit does not know, given out by the suit's place in its deck."""


# ----------------------------------------------------------------------------- face emblems
def _king(d: ImageDraw.ImageDraw) -> None:
    """A crown with a cross on top."""
    _poly(d, (12, 82), (8, 42), (30, 58), (50, 34), (70, 58), (92, 42), (88, 82))
    _rect(d, 10, 78, 90, 96, r=3)
    _circle(d, 8, 40, 6)
    _circle(d, 92, 40, 6)
    _rect(d, 45, 4, 55, 34, r=2)
    _rect(d, 36, 12, 64, 21, r=2)


def _queen(d: ImageDraw.ImageDraw) -> None:
    """A tiara: a band under a row of pearls on points."""
    _poly(d, (10, 84), (14, 50), (28, 66), (38, 40), (50, 60), (62, 40), (72, 66), (86, 50), (90, 84))
    _rect(d, 8, 80, 92, 96, r=4)
    for cx, cy in ((14, 46), (38, 36), (62, 36), (86, 46)):
        _circle(d, cx, cy, 6)
    _circle(d, 50, 26, 10)


def _knave(d: ImageDraw.ImageDraw) -> None:
    """A page: head and shoulders under a plumed beret."""
    d.pieslice(_s(14, 70, 86, 130), 180, 360, fill=255)
    _circle(d, 50, 52, 17)
    _ellipse(d, 20, 26, 80, 44)
    _poly(d, (60, 30), (78, 4), (86, 2), (72, 32))


def _knight(d: ImageDraw.ImageDraw) -> None:
    """A horse's head, like a chess knight."""
    _poly(
        d,
        (28, 96), (30, 64), (14, 62), (8, 50), (32, 24), (40, 8), (48, 20), (62, 18),
        (80, 32), (90, 62), (86, 96),
    )  # fmt: skip
    _circle(d, 38, 34, 4, fill=0)
    _rect(d, 22, 90, 92, 99, r=3)


def _emperor(d: ImageDraw.ImageDraw) -> None:
    """An imperial crown: points under a closed arch, an orb and cross on top."""
    d.chord(_s(8, 30, 92, 130), 180, 360, fill=255)
    d.chord(_s(20, 42, 80, 118), 180, 360, fill=0)
    _poly(d, (10, 84), (8, 56), (28, 70), (50, 50), (72, 70), (92, 56), (90, 84))
    _rect(d, 8, 80, 92, 97, r=3)
    _rect(d, 45, 34, 55, 60)
    _circle(d, 50, 24, 9)
    _rect(d, 46, 0, 54, 16, r=2)
    _rect(d, 40, 5, 60, 11, r=2)


def _shield(d: ImageDraw.ImageDraw) -> None:
    _poly(d, (10, 8), (90, 8), (90, 50), (50, 96), (10, 50))


EMBLEMS: dict[str, Painter] = {
    "king": _king,
    "queen": _queen,
    "knave": _knave,
    "knight": _knight,
    "emperor": _emperor,
    "shield": _shield,
}
"""Face emblems by name."""

_EMBLEM_OF_LABEL = {
    "king": "king",
    "re": "king",
    "queen": "queen",
    "jack": "knave",
    "fante": "knave",
    "cavallo": "knight",
    "emperor": "emperor",
}


def emblem_for(rank_label: str) -> str:
    """The emblem of a face card by its rank's name ("Cavallo" -> "knight"); a shield if unknown."""
    return _EMBLEM_OF_LABEL.get(rank_label.lower(), "shield")


# ------------------------------------------------------------------------- a deck's suits
_STYLES: dict[str, dict[str, tuple[str, RGB]]] = {
    "postas": {
        # The rule text's suit colours: red, blue, green, brown, purple.
        "crowns": ("crown", VERMILLION),
        "locks": ("lock", BLUE),
        "fruit": ("fruit", GREEN),
        "swords": ("sword", BROWN),
        "cups": ("cup", PURPLE),
    },
    "italian": {
        "coins": ("coin", OCHRE),
        "cups": ("cup", VERMILLION),
        "swords": ("sword", BLUE),
        "clubs": ("cudgel", GREEN),
    },
    "french": {
        # A four-colour deck: no two suits share a colour.
        "spades": ("spade", INK),
        "hearts": ("heart", VERMILLION),
        "diamonds": ("diamond", BLUE),
        "clubs": ("trefoil", GREEN),
    },
}
_STYLE_MARKERS = (("french", "spades"), ("french", "hearts"), ("italian", "coins"), ("postas", "crowns"))


def _style(deck: DeckSpec) -> dict[str, tuple[str, RGB]]:
    for style, marker in _STYLE_MARKERS:
        if marker in deck.suits:
            return _STYLES[style]
    return {}


@lru_cache(maxsize=256)
def suit_look(deck: DeckSpec, suit: str) -> tuple[str, RGB]:
    """The pip shape's name and the colour of `suit` in `deck`; unknown suits get a fallback."""
    style = _style(deck)
    known = style.get(suit)
    if known is not None:
        return known
    taken = {style[s][0] for s in deck.suits if s in style}
    spare = [shape for shape in FALLBACK_SHAPES if shape not in taken]
    place = deck.suits.index(suit)
    return spare[place % len(spare)], _FALLBACK_COLOURS[place % len(_FALLBACK_COLOURS)]


# --------------------------------------------------------------------------------- masks
@lru_cache(maxsize=64)
def _master(name: str, outline: bool) -> Image.Image:
    """The shape's supersampled mask; with `outline`, grown by a rim for a dark edge."""
    painter = SUIT_SHAPES.get(name) or EMBLEMS[name]
    pad = 8 * _SS
    mask = Image.new("L", (_GRID + 2 * pad, _GRID + 2 * pad), 0)
    draw = ImageDraw.Draw(mask)
    painter(draw)
    mask = mask.transform(mask.size, Image.Transform.AFFINE, (1, 0, -pad, 0, 1, -pad))
    if outline:
        mask = mask.filter(ImageFilter.BoxBlur(3 * _SS)).point(lambda v: 255 if v > 8 else 0)
    return mask


@lru_cache(maxsize=1024)
def shape_mask(name: str, px: int, outline: bool = False) -> Image.Image:
    """The shape `name` as an anti-aliased `px` x `px` mask (its 100-grid plus an 8% margin)."""
    return _master(name, outline).resize((px, px), Image.Resampling.LANCZOS)


@lru_cache(maxsize=1024)
def pip(deck: DeckSpec, suit: str, px: int) -> Image.Image:
    """`suit`'s pip in its colour with a darker rim, `px` pixels square, on transparency."""
    name, colour = suit_look(deck, suit)
    return paint(name, px, colour)


@lru_cache(maxsize=1024)
def paint(name: str, px: int, colour: RGB) -> Image.Image:
    """Shape `name` filled with `colour` and rimmed with a darker shade of it."""
    rim = tuple(int(c * 0.55) for c in colour)
    out = Image.new("RGBA", (px, px), (*rim, 0))
    out.putalpha(shape_mask(name, px, outline=True))
    fill = Image.new("RGBA", (px, px), (*colour, 0))
    fill.putalpha(shape_mask(name, px))
    return Image.alpha_composite(out, fill)
