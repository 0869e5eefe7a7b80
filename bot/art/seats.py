"""The table pictures' shared look: name tags, chips of text, markers, face-down hands.

Every game's table picture uses these, so a seat reads the same in every game: a name on a
dark chip, gold when it is that player's turn, a crown and a gold frame for the winner,
grey for a player out of the hand; face-down hands fanned to show how many cards they hold.
Everything here is drawn once per distinct text or size and cached (shared images: paste
them, never draw on them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Literal, TypeAlias

from PIL import Image, ImageDraw

from engine.core.cards import Card

from .cards import Size, card_back, card_size, draw_card, empty_slot
from .layout import TEXT, fit, label, overlap, panel, row
from .record import Drawn, drawn, moved, note, pasted, smallest_text, within
from .shapes import RGB

Tone = Literal["plain", "turn", "win", "out", "note"]

GOLD: RGB = (236, 192, 84)
INK: RGB = (34, 30, 24)
DIM: RGB = (160, 176, 166)
SHADE = (0, 0, 0, 96)
_SS = 4

# The page every game's picture is laid on: narrow, so that at a phone's 400 px its smallest
# text still reads (`smallest_text`); a margin of felt round `ROOM` for the content.
WIDTH = 640
MARGIN = 20
ROOM = WIDTH - 2 * MARGIN
GAP = 10
SMALL = smallest_text(WIDTH)
NAME = SMALL + 2
TITLE = SMALL + 6

_TONES: dict[str, tuple[RGB, tuple[int, int, int, int] | None]] = {
    "plain": (TEXT, SHADE),
    "turn": (INK, (*GOLD, 255)),
    "win": (INK, (*GOLD, 255)),
    "out": (DIM, (0, 0, 0, 60)),
    "note": (TEXT, None),
}


@lru_cache(maxsize=1024)
def chip(text: str, size: int = 18, tone: Tone = "plain", width: int | None = None) -> Image.Image:
    """`text` on a rounded chip: plain (dark), turn or win (gold), out (greyed), note (bare);
    no wider than `width` (a longer text is cut with "…")."""
    colour, background = _TONES[tone]
    padding = 0 if background is None else max(4, size // 3)
    return label(text, size, colour, background, padding, width)


@lru_cache(maxsize=64)
def icon(name: Literal["crown", "knife", "check", "star"], px: int, colour: RGB = GOLD) -> Image.Image:
    """A small marker drawn as a shape: the winner's crown, a knife (a game's leader token
    may be one), a complete stack's check mark."""
    W = px * _SS
    big = Image.new("RGBA", (W, W), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    fill = (*colour, 255)
    edge = (*INK, 255)
    if name == "crown":
        u = W / 10
        points = [
            (u, 8 * u),
            (u, 3 * u),
            (3.2 * u, 5.4 * u),
            (5 * u, 1.6 * u),
            (6.8 * u, 5.4 * u),
            (9 * u, 3 * u),
            (9 * u, 8 * u),
        ]
        draw.polygon(points, fill=fill, outline=edge, width=_SS)
        draw.rectangle((u, 8 * u, 9 * u, 9.2 * u), fill=fill, outline=edge, width=_SS)
    elif name == "knife":
        u = W / 10
        blade = [(0.6 * u, 6.2 * u), (5.6 * u, 3.6 * u), (6.2 * u, 4.6 * u), (1.6 * u, 7.0 * u)]
        draw.polygon(blade, fill=(226, 230, 236, 255), outline=edge, width=_SS)
        handle = [(5.4 * u, 3.0 * u), (9.2 * u, 1.0 * u), (9.8 * u, 2.4 * u), (6.2 * u, 4.8 * u)]
        draw.polygon(handle, fill=(150, 92, 46, 255), outline=edge, width=_SS)
        draw.ellipse((8.0 * u, 1.6 * u, 8.8 * u, 2.4 * u), fill=fill)
    elif name == "check":
        u = W / 10
        draw.line(
            [(1.5 * u, 5.5 * u), (4 * u, 8 * u), (8.8 * u, 2 * u)],
            fill=fill,
            width=round(1.8 * u),
            joint="curve",
        )
    else:
        u = W / 10
        pts = []
        for k in range(10):
            r = 4.6 * u if k % 2 == 0 else 1.9 * u
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((5 * u + r * math.cos(a), 5.2 * u + r * math.sin(a)))
        draw.polygon(pts, fill=fill, outline=edge, width=_SS)
    return big.resize((px, px), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def backs(count: int, size: Size = "mini", step: int | None = None) -> Image.Image:
    """`count` face-down cards fanned to the right (an empty image for none)."""
    s = card_size(size)
    return overlap([card_back(size)] * count, step if step is not None else max(8, s.width // 5))


def seat_tag(
    name: str,
    *,
    turn: bool = False,
    won: bool = False,
    out: bool = False,
    size: int = 19,
    marks: Sequence[Image.Image] = (),
    width: int | None = None,
) -> Image.Image:
    """A seat's name chip: gold with a crown for the winner, gold for the player to act,
    grey for a player out of the hand; `marks` (icons, chips) follow it. Given a `width`,
    the name is cut with "…" so the whole tag fits it (marks are left off, last first,
    rather than cut the name to fewer than a few letters)."""
    tone: Tone = "win" if won else "turn" if turn else "out" if out else "plain"
    crown = [icon("crown", size + 8)] if won else []
    if width is None:
        return row([*crown, chip(name, size, tone), *marks], 6)
    kept = list(marks)
    least = chip(fit(name, size, 3 * size), size, tone).width  # marks give way to a few letters
    while kept and sum(m.width + 6 for m in [*crown, *kept]) + least > width:
        kept.pop()
    room = width - sum(m.width + 6 for m in [*crown, *kept])
    return row([*crown, chip(name, size, tone, room), *kept], 6)


def seat_head(
    name: str,
    *,
    width: int,
    turn: bool = False,
    won: bool = False,
    out: bool = False,
    size: int = 19,
    marks: Sequence[Image.Image] = (),
) -> Piece:
    """A seat's name chip (`seat_tag`) for a box `width` wide, with its marks beside it where
    they leave room for several letters of the name, else on rows of their own under it: a
    narrow box (three to a row) keeps every mark, and the name stays readable."""
    crown = size + 8 + 6 if won else 0
    least = chip(fit(name, size, 5 * size), size).width
    if crown + least + sum(m.width + 6 for m in marks) <= width:
        return seat_tag(name, turn=turn, won=won, out=out, size=size, marks=marks, width=width)
    tag = seat_tag(name, turn=turn, won=won, out=out, size=size, width=width)
    return vcol([tag, hwrap(list(marks), width, 6, 4, "start")], 4)


def seat_columns(seats: int, few: int = 2) -> int:
    """Seat boxes to a row: `few` up to four seats, three where there are five or more, so
    that five or six seats are two rows of boxes rather than three (a phone shows the picture
    400 px wide, and every row of boxes costs the picture its height)."""
    return 3 if seats >= 5 else few


def cell_width(columns: int) -> int:
    """The width of one seat box when `columns` share the picture's width."""
    return (ROOM - (columns - 1) * GAP) // columns


def seat_grid(bodies: Sequence[Piece], columns: int, framed: Sequence[bool]) -> Sheet:
    """Seat boxes `columns` to a row, each body laid 10 pixels into its box, the boxes of a row
    one height; a `framed` seat's box outlined in gold (the winner's)."""
    width = cell_width(columns)
    rows: list[Piece] = []
    for first in range(0, len(bodies), columns):
        group = bodies[first : first + columns]
        tall = max(body.height for body in group) + 20
        cells = [
            under(box(width, tall, outline=GOLD if framed[first + k] else None), body, 10, 10)
            for k, body in enumerate(group)
        ]
        rows.append(hrow(cells, GAP, "start"))
    return vcol(rows, GAP)


def frame(
    image: Image.Image,
    colour: RGB = GOLD,
    pad: int = 8,
    width: int = 3,
    fill: tuple[int, int, int, int] | None = None,
) -> Image.Image:
    """`image` inside a rounded outline `pad` pixels out (a winner's seat, a picked card)."""
    out = Image.new("RGBA", (image.width + 2 * pad, image.height + 2 * pad), (0, 0, 0, 0))
    ImageDraw.Draw(out).rounded_rectangle(
        (0, 0, out.width - 1, out.height - 1), radius=pad + 4, outline=(*colour, 255), width=width, fill=fill
    )
    out.alpha_composite(image, (pad, pad))
    pasted(out, image, pad, pad)
    return out


def box(
    width: int, height: int, fill: tuple[int, int, int, int] = (0, 0, 0, 40), outline: RGB | None = None
) -> Image.Image:
    """A rounded shaded area of the felt, to group one seat's things."""
    return _box(width, height, fill, outline)


@lru_cache(maxsize=64)
def _box(width: int, height: int, fill: tuple[int, int, int, int], outline: RGB | None) -> Image.Image:
    out = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(out).rounded_rectangle(
        (0, 0, width - 1, height - 1),
        radius=12,
        fill=fill,
        outline=None if outline is None else (*outline, 255),
        width=3,
    )
    return note(out, [Drawn("box", (0, 0, width, height))])


# ------------------------------------------------------------------------ placing, not pasting
class Sheet:
    """Images placed at offsets, not yet pasted: rows and columns of a picture are laid out
    as sheets and only the leaves are pasted, once each, onto the final felt (nesting
    images would composite every intermediate layer again)."""

    __slots__ = ("drawn", "height", "items", "width")

    def __init__(self, width: int, height: int, items: list[tuple[Piece, int, int]]) -> None:
        self.width = width
        self.height = height
        self.items = items
        self.drawn: tuple[Drawn, ...] = tuple(n for p, dx, dy in items for n in moved(drawn(p), dx, dy))
        """What the sheet shows, in its own pixels (see `bot.art.record`)."""

    def paint(self, target: Image.Image, x: int = 0, y: int = 0) -> None:
        """Paste the pieces on `target` with the sheet's top left at (x, y)."""
        self._paste(target, x, y)
        pasted(target, self, x, y)

    def _paste(self, target: Image.Image, x: int, y: int) -> None:
        # On an opaque (RGB) target, pasting through the piece's own alpha is the same
        # "over" as alpha_composite at half the cost; a transparent target needs the latter.
        opaque = target.mode == "RGB"
        for piece, dx, dy in self.items:
            if isinstance(piece, Sheet):
                piece._paste(target, x + dx, y + dy)
            elif piece.width and piece.height:
                if opaque:
                    target.paste(piece, (x + dx, y + dy), piece if piece.mode == "RGBA" else None)
                else:
                    target.alpha_composite(piece, (x + dx, y + dy))


Piece: TypeAlias = Image.Image | Sheet


def _shift(space: int, size: int, align: str) -> int:
    return 0 if align == "start" else (space - size) // 2 if align == "center" else space - size


def hrow(pieces: Sequence[Piece], gap: int = 8, align: str = "center") -> Sheet:
    """`pieces` side by side (like `row`), placed only."""
    height = max((p.height for p in pieces), default=0)
    items: list[tuple[Piece, int, int]] = []
    x = 0
    for piece in pieces:
        items.append((piece, x, _shift(height, piece.height, align)))
        x += piece.width + gap
    return Sheet(max(0, x - gap), height, items)


def vcol(pieces: Sequence[Piece], gap: int = 8, align: str = "start") -> Sheet:
    """`pieces` one under another (like `column`), placed only."""
    width = max((p.width for p in pieces), default=0)
    items: list[tuple[Piece, int, int]] = []
    y = 0
    for piece in pieces:
        items.append((piece, _shift(width, piece.width, align), y))
        y += piece.height + gap
    return Sheet(width, max(0, y - gap), items)


def fan(pieces: Sequence[Piece], step: int, down: bool = False) -> Sheet:
    """Cards overlapped `step` pixels apart, to the right (or `down`), placed only."""
    if not pieces:
        return Sheet(0, 0, [])
    items = [(p, 0 if down else n * step, n * step if down else 0) for n, p in enumerate(pieces)]
    width = max(x + p.width for p, x, _ in items)
    height = max(y + p.height for p, _, y in items)
    return Sheet(width, height, items)


def under(base: Piece, top: Piece, x: int, y: int) -> Sheet:
    """`top` laid on `base` at (x, y) of it; on a `box`, what `top` shows belongs to the box
    (and must stay inside it)."""
    sheet = Sheet(
        max(base.width, x + top.width), max(base.height, y + top.height), [(base, 0, 0), (top, x, y)]
    )
    whole = (0, 0, base.width, base.height)
    if any(n.kind == "box" and n.rect == whole for n in drawn(base)):
        sheet.drawn = (*drawn(base), *within(moved(drawn(top), x, y), whole))
    return sheet


def hwrap(pieces: Sequence[Piece], room: int, gap: int = 8, line_gap: int = 8, align: str = "end") -> Sheet:
    """`pieces` in rows no wider than `room`, as many to a row as fit, each row from the
    left: a hand that would grow too wide for a phone wraps instead."""
    lines: list[list[Piece]] = [[]]
    used = 0
    for piece in pieces:
        if lines[-1] and used + gap + piece.width > room:
            lines.append([])
            used = 0
        used += (gap if lines[-1] else 0) + piece.width
        lines[-1].append(piece)
    return vcol([hrow(line, gap, align) for line in lines], line_gap)


def pile(cards: Sequence[Card], room: int, size: Size = "mini") -> Piece:
    """Face-up cards (a discard pile) fanned by their index corner, in rows no wider than
    `room`, oldest first; an empty slot when there are none."""
    if not cards:
        return empty_slot(size)
    look = card_size(size)
    step = look.index_box[0]
    per_row = (room - look.width) // step + 1
    chunks = [cards[i : i + per_row] for i in range(0, len(cards), per_row)]
    return vcol([fan([draw_card(c, size) for c in chunk], step) for chunk in chunks], 8)


def discards(title: str, cards: Sequence[Card], undealt: int, count_text: str | None = None) -> Sheet:
    """A discard pile under its `title` (`pile`), and the `undealt` cards face down with their
    count (`count_text`, drawn in the picture's language by the caller; "12 undealt" when
    None): beside the pile where it leaves them room, else under it."""
    parts: list[Piece] = [label(title, SMALL, DIM, width=ROOM)]
    heap = pile(cards, ROOM)
    if not undealt:
        return vcol([*parts, heap], 8)
    caption = f"{undealt} undealt" if count_text is None else count_text
    deck, count = backs(min(undealt, 6), "mini", 6), chip(caption, SMALL, "note")
    column = vcol([deck, count], 4, "center")
    if heap.width + 16 + column.width <= ROOM:
        return vcol([*parts, hrow([heap, column], 16, "start")], 8)
    return vcol([*parts, heap, hrow([deck, count], 8)], 8)


def paste(target: Image.Image, piece: Piece, x: int, y: int) -> None:
    """`piece` over the opaque `target` at (x, y), what it shows noted on the target."""
    if isinstance(piece, Sheet):
        piece.paint(target, x, y)
    else:
        target.paste(piece, (x, y), piece if piece.mode == "RGBA" else None)
        pasted(target, piece, x, y)
        note(target, [Drawn("piece", (x, y, x + piece.width, y + piece.height))])


def felt(content: Piece, margin: int, width: int | None = None) -> Image.Image:
    """The felt panel around `content`, the content painted on it (opaque: RGB)."""
    width = width if width is not None else content.width + 2 * margin
    out = panel(width, content.height + 2 * margin, mode="RGB")
    paste(out, content, margin, margin)
    # The content as one block, so content wider than the felt shows as past its edge.
    return note(out, [Drawn("piece", (margin, margin, margin + content.width, margin + content.height))])


# ------------------------------------------------------------------------ the end of a hand
def amount(chips: int) -> str:
    """A change of chips as a player reads it: "+40", "−15" (a true minus sign), "±0"."""
    return f"+{chips:,}" if chips > 0 else f"−{-chips:,}" if chips < 0 else "±0"


def takings(results: Sequence[tuple[str, int]], size: int, room: int, unit: str = "") -> Sheet:
    """Each player's result for the hand, winners first: "name +40" on gold, a loss on a
    dark chip, level in grey; chips wrapped, at least two to a row for three players or more
    (a long list would make the picture too tall for a phone), names cut with "…" so that
    each chip fits its share of `room`."""
    order = sorted(results, key=lambda r: -r[1])
    columns = 1 if len(order) < 3 else 2
    share = (room - (columns - 1) * 8) // columns
    chips: list[Piece] = []
    for name, chips_won in order:
        tone: Tone = "win" if chips_won > 0 else "plain" if chips_won < 0 else "out"
        tail = f" {amount(chips_won)}{unit}"
        pad = max(4, size // 3)
        name_room = share - 2 * pad - round(label(tail, size).width)
        chips.append(chip(fit(name, size, max(0, name_room)) + tail, size, tone, share))
    return hwrap(chips, room, 8, 6, "center")


def named(name: str, rest: str, size: int, room: int) -> str:
    """`name` then `rest` ("WWW… made 7 spades") fitting `room`: only the name is cut."""
    return fit(name, size, max(0, room - round(label(rest, size).width))) + rest
