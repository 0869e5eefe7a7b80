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
from bot.games.peg_leg.prices import odds_text
from bot.i18n import Lang
from engine.core.cards import POSTAS_50
from engine.core.msg import Domain
from engine.peg_leg.game import PegLegView, Phase, StackView, suit_name

if TYPE_CHECKING:
    from bot.games.view import TableView

t = Domain("peg_leg")
tn = t.n
"""The picture's words, in the `peg_leg` catalogue (drawn in the view's language)."""

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


def _heading(stack: StackView, say: Lang) -> Piece:
    """A stack's suit drawn, its height, and the key suit marked: to fit its column."""
    parts: list[Piece] = [pip(POSTAS_50, stack.suit, 22), label(str(len(stack.cards)), SMALL)]
    if stack.key:
        parts.append(chip(say(t("key"), md=False), SMALL, "turn"))
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
    say = table.lang
    columns = [vcol([_heading(s, say), _pile(s)], 8, "center") for s in view.stacks]
    tall = max(c.height for c in columns)
    board = Sheet(ROOM, tall, [(c, n * COLUMN + (COLUMN - c.width) // 2, 0) for n, c in enumerate(columns)])

    suit = suit_name(POSTAS_50.suits.index(view.key_suit))
    title: list[Piece] = [
        chip(say(t("Peg Leg · card {place} of 50", place=len(view.dealt)), md=False), TITLE, "note"),
        chip(
            say(t("key suit {suit} · {height} high", suit=suit, height=view.key_height), md=False),
            NAME,
            "turn",
            ROOM,
        ),
    ]
    if view.phase is Phase.OVER and view.final is not None:
        title.append(chip(say(t("ended {height} high", height=view.final), md=False), SMALL))
    elif view.prices:
        title.append(chip(say(t("bets open"), md=False), SMALL))
    parts: list[Piece] = [hwrap(title, ROOM, 10, 6, "center")]
    if view.phase is Phase.OVER:
        bettors = sorted({bet.seat for bet in view.bets})
        won = nets(view)
        if bettors:
            unit = say(t(" chips"), md=False)
            parts.append(takings([(view.seats[s], won[s]) for s in bettors], SMALL, ROOM, unit))
        else:
            parts.append(label(say(t("Nobody bet this hand"), md=False), SMALL, DIM))
    parts.append(board)
    offered = [p for p in view.prices if p.offered]
    if offered:
        odds: list[Piece] = [chip(say(t("Odds on the final height"), md=False), SMALL, "note")]
        odds += [
            chip(say(t("{number}: {odds}", number=p.number, odds=odds_text(say, p.tenths)), md=False), SMALL)
            for p in offered
        ]
        parts.append(hwrap(odds, ROOM, 6, 6, "center"))

    pile = say(t("Discard pile · {cards}", cards=tn("{n} card", "{n} cards", n=len(view.discard))), md=False)
    undealt = say(tn("{n} undealt", "{n} undealt", n=view.undealt), md=False)
    parts.append(discards(pile, view.discard, view.undealt, undealt))
    return felt(vcol(parts, 14), MARGIN, WIDTH)
