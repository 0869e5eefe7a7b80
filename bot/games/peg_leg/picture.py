"""Peg Leg drawn with the card kit: the five stacks with the key suit's framed in gold, the
discard pile, and the odds on offer.

Drawn from the public view alone (`PegLegView`): the stacks and the discard pile are every
card dealt. The deck order a finished hand reveals (`view.order`) is for checking the
commitment and is never drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL.Image import Image

from bot.art import draw_card, empty_slot, label, panel
from bot.art.cards import card_size
from bot.art.seats import DIM, GOLD, Piece, Sheet, backs, box, chip, fan, hrow
from bot.art.shapes import pip
from engine.core.cards import POSTAS_50
from engine.peg_leg.game import PegLegView, Phase, StackView

if TYPE_CHECKING:
    from bot.games.view import TableView

WIDTH = 920
MARGIN = 24
COLUMN = (WIDTH - 2 * MARGIN) // 5
STACK_STEP = 34
PILE_ROW = 22


def _pile(stack: StackView) -> Piece:
    if not stack.cards:
        return empty_slot("normal")
    pile = fan([draw_card(card) for card in stack.cards], STACK_STEP, down=True)
    if stack.key:
        ring = box(pile.width + 10, pile.height + 10, (0, 0, 0, 0), outline=GOLD)
        return Sheet(ring.width, ring.height, [(ring, 0, 0), (pile, 5, 5)])
    return pile


def _heading(stack: StackView) -> Piece:
    parts: list[Piece] = [pip(POSTAS_50, stack.suit, 22), label(f"{stack.label} {len(stack.cards)}", 19)]
    if stack.key:
        parts.append(chip("key", 14, "turn"))
    return hrow(parts, 6)


def table_picture(table: TableView, view: PegLegView) -> Image:
    """Title (card, key suit), the stacks, the odds on offer and the discard pile."""
    headings = [_heading(s) for s in view.stacks]
    piles = [_pile(s) for s in view.stacks]
    pile_height = max(p.height for p in piles)
    heading_h = max(h.height for h in headings)
    offered = [p for p in view.prices if p.offered]
    odds = (
        hrow(
            [chip("Odds on the final height", 15, "note")]
            + [chip(f"{p.number}: {p.tenths // 10}.{p.tenths % 10} to 1", 15) for p in offered],
            6,
        )
        if offered
        else None
    )

    chunks = [view.discard[i : i + PILE_ROW] for i in range(0, len(view.discard), PILE_ROW)]
    step = card_size("mini").index_box[0]
    pile_rows = [fan([draw_card(c, "mini") for c in chunk], step) for chunk in chunks]
    mini = card_size("mini").height

    top = MARGIN
    header = 34
    stacks_y = top + header + 14
    odds_y = stacks_y + heading_h + 8 + pile_height + 14
    discard_y = odds_y + (odds.height + 14 if odds is not None else 0)
    rows_h = len(pile_rows) * (mini + 8) if pile_rows else mini
    height = discard_y + 28 + rows_h + MARGIN - 8

    image = panel(WIDTH, height).convert("RGB")
    title = [
        chip(f"Peg Leg · card {len(view.dealt)} of 50", 22, "note"),
        chip(f"key suit {view.key_label} · {view.key_height} high", 20, "turn"),
    ]
    if view.phase is Phase.OVER:
        title.append(chip(f"ended {view.final} high", 18))
    elif view.prices:
        title.append(chip("bets open", 18))
    head = hrow(title, 12)
    head.paint(image, MARGIN, top + (header - head.height) // 2)

    for n in range(5):
        x = MARGIN + n * COLUMN
        _paint(image, headings[n], x + (COLUMN - headings[n].width) // 2, stacks_y)
        _paint(image, piles[n], x + (COLUMN - piles[n].width) // 2, stacks_y + heading_h + 8)
    if odds is not None:
        odds.paint(image, MARGIN, odds_y)

    count = len(view.discard)
    _over(
        image, label(f"Discard pile · {count} card{'s' if count != 1 else ''}", 17, DIM), (MARGIN, discard_y)
    )
    y = discard_y + 28
    if not pile_rows:
        _over(image, empty_slot("mini"), (MARGIN, y))
    for pile_row in pile_rows:
        pile_row.paint(image, MARGIN, y)
        y += mini + 8
    if view.undealt:
        rest = hrow([backs(min(view.undealt, 6), "mini", 6), chip(f"{view.undealt} undealt", 15, "note")], 8)
        rest.paint(image, WIDTH - MARGIN - rest.width, discard_y + 28)
    return image


def _paint(image: Image, piece: Piece, x: int, y: int) -> None:
    if isinstance(piece, Sheet):
        piece.paint(image, x, y)
    else:
        _over(image, piece, (x, y))


def _over(image: Image, piece: Image, at: tuple[int, int]) -> None:
    image.paste(piece, at, piece if piece.mode == "RGBA" else None)
