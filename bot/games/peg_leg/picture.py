"""Peg Leg drawn with the card kit: the five stacks with the key suit's framed in gold, the
discard pile, and the odds on offer.

Drawn from the public view alone (`PegLegView`): the stacks and the discard pile are every
card dealt. The deck order a finished hand reveals (`view.order`) is for checking the
commitment and is never drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL.Image import Image

from bot.art import draw_card, empty_slot, label
from bot.art.seats import (
    DIM,
    GOLD,
    MARGIN,
    NAME,
    ROOM,
    SMALL,
    TITLE,
    WIDTH,
    Piece,
    Sheet,
    box,
    chip,
    discards,
    fan,
    felt,
    hrow,
    hwrap,
    takings,
    vcol,
)
from bot.art.shapes import pip
from engine.core.cards import POSTAS_50
from engine.core.text import plural
from engine.peg_leg.game import PegLegView, Phase, StackView

if TYPE_CHECKING:
    from bot.games.view import TableView

COLUMN = ROOM // 5
STACK_STEP = 34


def _pile(stack: StackView) -> Piece:
    if not stack.cards:
        return empty_slot("normal")
    pile = fan([draw_card(card) for card in stack.cards], STACK_STEP, down=True)
    if stack.key:
        ring = box(pile.width + 10, pile.height + 10, (0, 0, 0, 0), outline=GOLD)
        return Sheet(ring.width, ring.height, [(ring, 0, 0), (pile, 5, 5)])
    return pile


def _heading(stack: StackView) -> Piece:
    """A stack's suit drawn, its height, and the key suit marked: to fit its column."""
    parts: list[Piece] = [pip(POSTAS_50, stack.suit, 22), label(str(len(stack.cards)), SMALL)]
    if stack.key:
        parts.append(chip("key", SMALL, "turn"))
    return hrow(parts, 6)


def nets(view: PegLegView) -> list[int]:
    """Each seat's chips for the hand, from its bets as everyone sees them: what a bet paid
    back (won, or surrendered) less what was bet."""
    out = [0] * len(view.seats)
    for bet in view.bets:
        out[bet.seat] += bet.value - bet.amount
    return out


def table_picture(table: TableView, view: PegLegView) -> Image:
    """Title (card, key suit), the stacks, the odds on offer and the discard pile; at the
    end, how high the key stack ended and each bettor's chips."""
    columns = [vcol([_heading(s), _pile(s)], 8, "center") for s in view.stacks]
    tall = max(c.height for c in columns)
    board = Sheet(ROOM, tall, [(c, n * COLUMN + (COLUMN - c.width) // 2, 0) for n, c in enumerate(columns)])

    title: list[Piece] = [
        chip(f"Peg Leg · card {len(view.dealt)} of 50", TITLE, "note"),
        chip(f"key suit {view.key_label} · {view.key_height} high", NAME, "turn", ROOM),
    ]
    if view.phase is Phase.OVER:
        title.append(chip(f"ended {view.final} high", SMALL))
    elif view.prices:
        title.append(chip("bets open", SMALL))
    parts: list[Piece] = [hwrap(title, ROOM, 10, 6, "center")]
    if view.phase is Phase.OVER:
        bettors = sorted({bet.seat for bet in view.bets})
        won = nets(view)
        if bettors:
            parts.append(takings([(view.seats[s], won[s]) for s in bettors], SMALL, ROOM, " chips"))
        else:
            parts.append(label("Nobody bet this hand", SMALL, DIM))
    parts.append(board)
    offered = [p for p in view.prices if p.offered]
    if offered:
        odds: list[Piece] = [chip("Odds on the final height", SMALL, "note")]
        odds += [chip(f"{p.number}: {p.tenths // 10}.{p.tenths % 10} to 1", SMALL) for p in offered]
        parts.append(hwrap(odds, ROOM, 6, 6, "center"))

    parts.append(discards(f"Discard pile · {plural(len(view.discard), 'card')}", view.discard, view.undealt))
    return felt(vcol(parts, 14), MARGIN, WIDTH)
