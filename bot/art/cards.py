"""Card faces, the card back and the empty place, at each card size.

A face has a big index in its top-left corner — the rank, and the suit's pip under it — so
cards that overlap (a pile, a fanned hand) still show what they are, and a table image
scaled down to a phone's width still reads. Beside the index, number cards show their pips,
an ace (and a Postas 1) one large pip, a face card a framed emblem with its letter.

Images are cached per (deck, suit, rank, size) and shared: copy one before drawing on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageChops, ImageDraw

from engine.core.cards import Card, DeckSpec

from . import shapes
from .shapes import RGB
from .text import coloured, glyphs

Size = Literal["large", "normal", "mini"]

FACE: RGB = (252, 250, 243)
EDGE: RGB = (120, 116, 108)
BACK: RGB = (122, 28, 44)
BACK_LINE: RGB = (200, 150, 80)
_SS = 4


@dataclass(frozen=True, slots=True)
class CardSize:
    """The pixel layout of one card size; everything is derived from `width` and `height`."""

    name: str
    width: int
    height: int
    index_width: float
    """The index column's width, as a fraction of the card's width."""
    rank_height: float
    """A rank's capital height, as a fraction of the card's height."""
    index_pip: float
    """The index pip's size, as a fraction of the card's width."""
    patterned: bool
    """Whether number cards show their pips (False: one pip, in the lower right)."""

    @property
    def margin(self) -> int:
        return max(3, round(self.width * 0.055))

    @property
    def radius(self) -> int:
        return max(4, round(self.width * 0.08))

    @property
    def column(self) -> int:
        return round(self.width * self.index_width)

    @property
    def rank_px(self) -> int:
        return round(self.height * self.rank_height)

    @property
    def pip_px(self) -> int:
        return round(self.width * self.index_pip)

    @property
    def index_box(self) -> tuple[int, int]:
        """Width and height of the top-left corner that shows the rank and suit."""
        gap = max(2, self.rank_px // 7)
        return self.margin + self.column + 1, self.margin + self.rank_px + gap + self.pip_px + 1

    @property
    def art(self) -> tuple[int, int, int, int]:
        """The box beside the index where the pips or the face emblem go."""
        m = self.margin
        return m + self.column + max(2, m // 2), m + 1, self.width - m, self.height - m - 1


SIZES: dict[str, CardSize] = {
    "large": CardSize("large", 150, 210, 0.29, 0.165, 0.27, True),
    "normal": CardSize("normal", 104, 146, 0.31, 0.175, 0.29, True),
    "mini": CardSize("mini", 64, 90, 0.48, 0.25, 0.42, False),
}
"""The card sizes: "large" for a player's own hand, "normal" for the table, "mini" for piles
and stacks where cards overlap and only the index corner shows."""


def card_size(size: Size = "normal") -> CardSize:
    """The layout of a card size; ValueError for a size the kit does not have."""
    try:
        return SIZES[size]
    except KeyError:
        raise ValueError(f"No card size {size!r}; sizes are {', '.join(SIZES)}.") from None


# ------------------------------------------------------------------------------ blank cards
@lru_cache(maxsize=16)
def _blank(size: Size, fill: RGB, edge: RGB) -> Image.Image:
    """A rounded card of `fill` with an `edge`, anti-aliased by drawing it 4x and scaling down."""
    s = card_size(size)
    big = Image.new("RGBA", (s.width * _SS, s.height * _SS), (*fill, 0))
    draw = ImageDraw.Draw(big)
    box = (0, 0, s.width * _SS - 1, s.height * _SS - 1)
    draw.rounded_rectangle(box, radius=s.radius * _SS, fill=(*fill, 255), outline=(*edge, 255), width=_SS)
    return big.resize((s.width, s.height), Image.Resampling.LANCZOS)


def _tint(colour: RGB, amount: float, base: RGB = FACE) -> RGB:
    r, g, b = (round(c * amount + f * (1 - amount)) for c, f in zip(colour, base, strict=True))
    return r, g, b


def _put(card: Image.Image, image: Image.Image, cx: float, cy: float) -> None:
    """Composite `image` centred on (cx, cy)."""
    card.alpha_composite(image, (round(cx - image.width / 2), round(cy - image.height / 2)))


# --------------------------------------------------------------------------------- faces
def rank_mark(deck: DeckSpec, rank: int) -> str:
    """What the index shows for `rank`: its short mark ("A", "F", "10") or its number."""
    return deck.rank_shorts.get(rank, str(rank))


def face_name(deck: DeckSpec, rank: int) -> str | None:
    """The name of a face rank ("Cavallo", "King", "Emperor"), None for a number or an ace."""
    name = deck.rank_labels.get(rank)
    return None if name is None or name.lower() == "ace" else name


# Pip positions on a 2x1 grid: x in {0, .5, 1} (left, middle, right column), y from 0 to 1.
_PATTERNS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: (*((x, y / 3) for y in range(4) for x in (0, 1)), (0.5, 0.5)),
    10: (*((x, y / 3) for y in range(4) for x in (0, 1)), (0.5, 1 / 6), (0.5, 5 / 6)),
}


def draw_card(card: Card, size: Size = "normal") -> Image.Image:
    """The face of `card` at `size`, an RGBA image (shared and cached: copy before drawing on it)."""
    return _face(card.deck, card.suit, card.rank, size)


@lru_cache(maxsize=2048)
def _face(deck: DeckSpec, suit: str, rank: int, size: Size) -> Image.Image:
    s = card_size(size)
    _, colour = shapes.suit_look(deck, suit)
    card = _blank(size, FACE, EDGE).copy()
    m = s.margin

    # The index: rank over pip, centred in the left column.
    mark = glyphs(rank_mark(deck, rank), s.rank_px, s.column)
    card.alpha_composite(coloured(mark, colour), (m + (s.column - mark.width) // 2, m + 1))
    gap = max(2, s.rank_px // 7)
    _put(card, shapes.pip(deck, suit, s.pip_px), m + s.column / 2, m + 1 + s.rank_px + gap + s.pip_px / 2)

    x0, y0, x1, y1 = s.art
    face = face_name(deck, rank)
    if not s.patterned:
        # Mini: one emblem or pip in the free lower-right corner.
        # Right of the index column, so a fanned pile shows no stray bit of it.
        px = min(round(s.width * 0.46), s.width - m - s.index_box[0] - 1)
        corner = (s.width - m - px / 2, s.height - m - px / 2)
        if face is not None:
            _put(card, shapes.paint(shapes.emblem_for(face), px, colour), *corner)
        else:
            _put(card, shapes.pip(deck, suit, px), *corner)
    elif face is not None:
        _face_panel(card, (x0, y0, x1, y1), deck, suit, rank, face, colour)
    elif rank in _PATTERNS:
        px = round(min((x1 - x0) * 0.44, (y1 - y0) * 0.2) * (0.84 if rank >= 9 else 1))
        image = shapes.pip(deck, suit, px)
        for fx, fy in _PATTERNS[rank]:
            _put(card, image, x0 + px / 2 + fx * (x1 - x0 - px), y0 + px / 2 + fy * (y1 - y0 - px))
    else:
        # An ace, a 1, or a rank with no pattern: one large pip.
        px = round(min(x1 - x0, y1 - y0) * 0.92)
        _put(card, shapes.pip(deck, suit, px), (x0 + x1) / 2, (y0 + y1) / 2)
    return card


def _face_panel(
    card: Image.Image,
    box: tuple[int, int, int, int],
    deck: DeckSpec,
    suit: str,
    rank: int,
    face: str,
    colour: RGB,
) -> None:
    """A framed panel: the face's emblem, its letter and the suit's pip."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    big = Image.new("RGBA", (w * _SS, h * _SS), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, w * _SS - 1, h * _SS - 1),
        radius=max(3, w // 8) * _SS,
        fill=(*_tint(colour, 0.14), 255),
        outline=(*colour, 255),
        width=max(1, w // 40) * _SS,
    )
    card.alpha_composite(big.resize((w, h), Image.Resampling.LANCZOS), (x0, y0))
    cx = (x0 + x1) / 2
    emblem = round(min(w * 0.86, h * 0.38))
    letter = glyphs(rank_mark(deck, rank), round(h * 0.22), round(w * 0.8))
    pip_px = round(min(w * 0.5, h * 0.22))
    free = h - emblem - letter.height - pip_px
    step = free / 4
    y = y0 + step
    _put(card, shapes.paint(shapes.emblem_for(face), emblem, colour), cx, y + emblem / 2)
    y += emblem + step
    _put(card, coloured(letter, colour), cx, y + letter.height / 2)
    y += letter.height + step
    _put(card, shapes.pip(deck, suit, pip_px), cx, y + pip_px / 2)


# --------------------------------------------------------------------------- back and slot
@lru_cache(maxsize=8)
def card_back(size: Size = "normal") -> Image.Image:
    """A face-down card: a framed lattice on a deep red ground (shared and cached)."""
    s = card_size(size)
    W, H = s.width * _SS, s.height * _SS
    big = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(
        (0, 0, W - 1, H - 1), radius=s.radius * _SS, fill=(*FACE, 255), outline=EDGE, width=_SS
    )
    inset = s.margin * _SS
    inner = (inset, inset, W - 1 - inset, H - 1 - inset)
    draw.rounded_rectangle(inner, radius=max(1, s.radius - s.margin // 2) * _SS, fill=(*BACK, 255))
    lattice = Image.new("L", (W, H), 0)
    ld = ImageDraw.Draw(lattice)
    step = max(8, s.width // 7) * _SS
    for x in range(-H, W + H, step):
        ld.line((x, 0, x + H, H), fill=255, width=_SS + _SS // 2)
        ld.line((x, H, x + H, 0), fill=255, width=_SS + _SS // 2)
    clip = Image.new("L", (W, H), 0)
    pad = inset + 3 * _SS
    ImageDraw.Draw(clip).rounded_rectangle(
        (pad, pad, W - 1 - pad, H - 1 - pad), radius=max(1, s.radius - s.margin) * _SS, fill=255
    )
    lines = Image.new("RGBA", (W, H), (*BACK_LINE, 255))
    big.paste(lines, (0, 0), ImageChops.multiply(lattice, clip))
    draw.rounded_rectangle(
        (pad, pad, W - 1 - pad, H - 1 - pad),
        radius=max(1, s.radius - s.margin) * _SS,
        outline=(*BACK_LINE, 255),
        width=_SS,
    )
    # A medallion in the middle, so a back never reads as a blank or a face.
    r = min(W, H) * 0.17
    cx, cy = W / 2, H / 2
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=(*BACK, 255), outline=(*BACK_LINE, 255), width=2 * _SS
    )
    r2 = r * 0.45
    draw.polygon([(cx, cy - r2), (cx + r2, cy), (cx, cy + r2), (cx - r2, cy)], fill=(*BACK_LINE, 255))
    return big.resize((s.width, s.height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def empty_slot(size: Size = "normal") -> Image.Image:
    """An empty place for a card: a dashed outline on a faint wash, to lay on the felt."""
    s = card_size(size)
    W, H = s.width * _SS, s.height * _SS
    line = max(2, s.width // 45) * _SS
    outline = Image.new("L", (W, H), 0)
    box = (line // 2, line // 2, W - 1 - line // 2, H - 1 - line // 2)
    ImageDraw.Draw(outline).rounded_rectangle(box, radius=s.radius * _SS, outline=255, width=line)
    # Cut gaps into the straight edges; the rounded corners stay whole.
    dashes = Image.new("L", (W, H), 255)
    dd = ImageDraw.Draw(dashes)
    r = (s.radius + 2) * _SS
    dash = max(4, s.width // 14) * _SS
    band = line + _SS
    for start, end, horizontal in ((r, W - r, True), (r, H - r, False)):
        length = end - start
        count = max(1, round((length / dash - 1) / 2))
        gap = length / (2 * count + 1)
        for i in range(count):
            a = start + gap * (2 * i + 1)
            if horizontal:
                dd.rectangle((a, 0, a + gap, band), fill=0)
                dd.rectangle((a, H - band, a + gap, H), fill=0)
            else:
                dd.rectangle((0, a, band, a + gap), fill=0)
                dd.rectangle((W - band, a, W, a + gap), fill=0)
    wash = Image.new("L", (W, H), 0)
    ImageDraw.Draw(wash).rounded_rectangle(box, radius=s.radius * _SS, fill=28)
    alpha = ImageChops.lighter(wash, ImageChops.multiply(outline, dashes).point(lambda v: v * 170 // 255))
    slot = Image.new("RGBA", (W, H), (255, 255, 255, 0))
    slot.putalpha(alpha)
    return slot.resize((s.width, s.height), Image.Resampling.LANCZOS)
