"""Prima Carta drawn with the card kit: the five stacks, the discard pile, the pot.

Drawn from the public view alone (`PrimaCartaView`), which holds every card that is face up:
the stacks and the discard pile. The deck order a finished hand reveals (`view.order`) is
for checking the commitment, not for the picture, and is never drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL.Image import Image

from bot.art import draw_card, empty_slot, label, panel
from bot.art.cards import card_size
from bot.art.seats import DIM, GOLD, Piece, Sheet, backs, box, chip, fan, hrow, icon, seat_tag, vcol
from bot.art.shapes import pip
from engine.core.cards import POSTAS_50
from engine.prima_carta.game import Phase, PrimaCartaView, SeatStatus, StackView

if TYPE_CHECKING:
    from bot.games.view import TableView

WIDTH = 920
MARGIN = 24
COLUMN = (WIDTH - 2 * MARGIN) // 5
STACK_STEP = 34
"""A stack is one suit in rank order, so each covered card need only show its rank."""
PILE_ROW = 22
"""Discard-pile cards per row (mini cards fanned to their index)."""


def seat_name(table: TableView, seat: int, fallback: str) -> str:
    """The display name of the member dealt into engine seat `seat` (a member who left
    since: `fallback`)."""
    try:
        choice = table.hand_choice(seat)
    except Exception:  # a damaged match: the picture still draws
        return fallback
    return next((s.name for s in table.seats if s.choice == choice), fallback)


def _pile(stack: StackView, step: int = STACK_STEP) -> Piece:
    if not stack.cards:
        return empty_slot("normal")
    pile = fan([draw_card(card) for card in stack.cards], step, down=True)
    if stack.complete:
        ring = box(pile.width + 10, pile.height + 10, (0, 0, 0, 0), outline=GOLD)
        return Sheet(ring.width, ring.height, [(ring, 0, 0), (pile, 5, 5)])
    return pile


def _status(view: PrimaCartaView, seat: int) -> str:
    status = view.status[seat]
    if view.winner == seat:
        return f"won {view.pot:,}"
    if status is SeatStatus.FOLDED:
        return f"folded · paid {view.paid[seat]:,}"
    if status is SeatStatus.UNDECIDED and view.phase is Phase.COPA:
        return f"copa {view.copa_price[seat]:,}?"
    return f"in · paid {view.paid[seat]:,}"


def _heading(stack: StackView, prima: bool) -> Piece:
    parts = [pip(POSTAS_50, stack.suit, 22), label(stack.label, 19)]
    if stack.complete:
        parts.append(icon("check", 22))
    if prima:
        parts.append(chip("prima", 14, "note"))
    return hrow(parts, 6)


def _owner(table: TableView, view: PrimaCartaView, stack: StackView) -> Piece:
    seat = stack.owner
    if seat is None:
        return chip("unowned", 16, "out")
    name = seat_name(table, seat, stack.label)
    tag = seat_tag(
        name,
        turn=view.to_act == seat,
        won=view.winner == seat,
        out=view.status[seat] is SeatStatus.FOLDED,
        size=17,
    )
    tone = "turn" if view.to_act == seat else "note"
    return vcol([tag, chip(_status(view, seat), 15, tone)], 4, "center")


def table_picture(table: TableView, view: PrimaCartaView) -> Image:
    """The stacks in suit order (the dealing order of the text: Crowns, Locks, Fruit,
    Swords, Cups) — in Cinco, in the order their first cards came off the deck — each with
    its owner and their state under it; the discard pile in dealing order, wrapped into
    rows; the pass and the pot above. Before the first card nothing is dealt, so nothing
    is drawn but empty places and the face-down deck."""
    prima_suit = view.seats[view.prima] if view.prima is not None and view.prima < len(view.seats) else None
    stacks = _ordered(view)
    headings = [_heading(s, s.suit == prima_suit) for s in stacks]
    piles = [_pile(s) for s in stacks]
    owners = [_owner(table, view, s) for s in stacks]
    pile_height = max(p.height for p in piles)
    owner_height = max(o.height for o in owners)

    chunks = [view.discard[i : i + PILE_ROW] for i in range(0, len(view.discard), PILE_ROW)]
    step = card_size("mini").index_box[0]
    pile_rows = [fan([draw_card(c, "mini") for c in chunk], step) for chunk in chunks]
    mini = card_size("mini").height

    top = MARGIN
    header = 34
    stacks_y = top + header + 14
    heading_h = max(h.height for h in headings)
    owners_y = stacks_y + heading_h + 8 + pile_height + 10
    discard_y = owners_y + owner_height + 20
    rows_h = len(pile_rows) * (mini + 8) if pile_rows else mini
    height = discard_y + 28 + rows_h + MARGIN - 8

    image = panel(WIDTH, height).convert("RGB")  # opaque: pieces paste over it
    name = {"cinco": "Cinco", "jasper": "Prima Carta · Jasper"}.get(view.variant, "Prima Carta")
    title = [chip(f"{name} · pass {view.pass_number}", 22, "note"), chip(f"Pot {view.pot:,}", 20)]
    if view.corte:
        title.append(chip(f"corte {view.corte:,}", 16, "note"))
    if view.cobre:
        title.append(chip(f"cobre {view.cobre:,}", 16, "note"))
    if view.bets_open:
        title.append(chip("bets open", 18, "turn"))
    elif view.phase is Phase.COPA and view.to_act is not None:
        title.append(chip("copa round", 18, "turn"))
    elif view.phase is Phase.OVER:
        title.append(chip("hand over", 18))
    head = hrow(title, 12)
    head.paint(image, MARGIN, top + (header - head.height) // 2)

    for n in range(len(stacks)):
        x = MARGIN + n * COLUMN
        for piece, y in (
            (headings[n], stacks_y),
            (piles[n], stacks_y + heading_h + 8),
            (owners[n], owners_y),
        ):
            _paint(image, piece, x + (COLUMN - piece.width) // 2, y)

    count = len(view.discard)
    what = f"Discard pile · {count} card{'s' if count != 1 else ''}"
    if count:
        what += " · dealt from the left next pass"
    caption = label(what, 17, DIM)
    _over(image, caption, (MARGIN, discard_y))
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


def _ordered(view: PrimaCartaView) -> list[StackView]:
    """The stacks as the table lays them out: suit order, or in Cinco the order their first
    cards came off the deck (the text, Cinco), any suit not yet started last."""
    if view.variant != "cinco":
        return list(view.stacks)
    by_suit = {stack.suit: stack for stack in view.stacks}
    first = [by_suit[suit] for suit in view.appearance]
    return first + [stack for stack in view.stacks if stack.suit not in view.appearance]


def _paint(image: Image, piece: Piece, x: int, y: int) -> None:
    if isinstance(piece, Sheet):
        piece.paint(image, x, y)
    else:
        _over(image, piece, (x, y))


def _over(image: Image, piece: Image, at: tuple[int, int]) -> None:
    """`piece` over the opaque `image`: a paste through its own alpha."""
    image.paste(piece, at, piece if piece.mode == "RGBA" else None)


def hand_picture(table: TableView, view: PrimaCartaView) -> Image | None:
    """A seated player's own suit: their stack laid out in rank order, and what the copa
    costs them (or where they stand). None for an onlooker."""
    seat = view.you
    if seat is None or seat >= len(view.seats):
        return None
    suit = view.seats[seat]
    stack = next(s for s in view.stacks if s.suit == suit)
    cards = [draw_card(c) for c in stack.cards]
    pile: Piece = fan(cards, 56) if cards else empty_slot("normal")
    heading = hrow([pip(POSTAS_50, suit, 26), label(f"Your suit · {stack.label}", 22)], 8)
    counted = label(f"{stack.size} of 10 cards", 17, DIM)
    status = chip(_status(view, seat), 17, "turn" if view.to_act == seat else "plain")
    width = 700
    height = MARGIN + heading.height + 12 + pile.height + 14 + status.height + MARGIN
    image = panel(width, height).convert("RGB")
    heading.paint(image, MARGIN, MARGIN)
    _over(image, counted, (width - MARGIN - counted.width, MARGIN + 6))
    _paint(image, pile, MARGIN, MARGIN + heading.height + 12)
    _over(image, status, (MARGIN, height - MARGIN - status.height))
    return image
