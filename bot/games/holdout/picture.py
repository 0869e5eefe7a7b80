"""Holdout drawn with the card kit: the line(s), the chilo, each seat's hand face down.

The table is drawn from the public view alone (`view(None)`): the lines are public, and a
hand is only ever a count of face-down cards. The hand picture is drawn from the seat's own
view, for its ephemeral panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL.Image import Image

from bot.art import draw_card, empty_slot, label
from bot.art.cards import card_size
from bot.art.seats import DIM, Piece, Sheet, backs, box, chip, fan, felt, hrow, icon, seat_tag, under, vcol
from bot.games.holdout.render import hand_order
from engine.core.cards import Card
from engine.holdout.game import LINE_NAMES, HoldoutView, Phase, SeatStatus

if TYPE_CHECKING:
    from bot.games.view import TableView

WIDTH = 880
MARGIN = 24
PLACE = 74
"""A place in the line: a mini card and the gap to the next."""
SEAT_COLUMNS = 3


def _line_title(view: HoldoutView, line: int) -> str:
    return "The line" if view.options.lines == 1 else f"{LINE_NAMES[line].title()} line"


def _line(view: HoldoutView, line: int) -> Sheet:
    """One line: a place per rank, numbered above, each rank's cards stacked downwards so
    a stacked rank shows every card's index."""
    ranks = view.options.ranks
    by_rank: dict[int, list[Card]] = {}
    for card in view.line_cards[line]:
        by_rank.setdefault(card.rank, []).append(card)
    places = []
    for rank in range(1, ranks + 1):
        cards = by_rank.get(rank)
        number = label(str(rank), 16, DIM if not cards else (240, 238, 228))
        step = card_size("mini").index_box[1]
        pile = fan([draw_card(c, "mini") for c in cards], step, down=True) if cards else empty_slot("mini")
        places.append(vcol([number, pile], 2, "center"))
    lane = hrow(places, PLACE - card_size("mini").width, "start")
    return vcol([label(_line_title(view, line), 18), lane], 6)


def _seat(view: HoldoutView, seat: int, width: int) -> Sheet:
    name = view.seats[seat]
    status = view.status[seat]
    marks: list[Image] = []
    if seat == view.chilo:
        marks += [icon("knife", 30), chip("chilo", 14, "note")]
    if status is not SeatStatus.IN:
        marks.append(chip(status.value, 14, "out"))
    tag = seat_tag(
        name,
        turn=view.to_act == seat or (view.phase is Phase.PASS and seat in view.awaiting),
        won=view.winner == seat,
        out=status is not SeatStatus.IN,
        size=18,
        marks=marks,
    )
    count = view.hand_sizes[seat]
    notes = [f"stack {view.stacks[seat]:,}"]
    if view.antes[seat]:
        notes.append(f"ante {view.antes[seat]:,}")
    if view.phase is Phase.PASS:
        notes.append("passed" if view.passed[seat] else "choosing…")
    words = vcol(
        [label(f"{count} card{'s' if count != 1 else ''}", 16), label(" · ".join(notes), 15, DIM)], 4
    )
    hand = backs(count, "mini", 14) if count else empty_slot("mini")
    body = vcol([tag, hrow([hand, words], 10)], 6)
    return under(box(width, body.height + 20), body, 10, 10)


def table_picture(table: TableView, view: HoldoutView) -> Image:
    """The line (two for a double line) with stacked ranks, then every seat: name (gold to
    act, crowned when won), the chilo's knife, the hand as face-down cards, stack and ante."""
    lines = [_line(view, n) for n in range(len(view.line_cards))]
    n = len(view.seats)
    columns = min(SEAT_COLUMNS, n) if n != 4 else 2
    cell_w = (WIDTH - 2 * MARGIN - (columns - 1) * 12) // columns
    cells = [_seat(view, s, cell_w) for s in range(n)]
    seat_rows: list[Piece] = [hrow(cells[i : i + columns], 12, "start") for i in range(0, n, columns)]
    seats = vcol(seat_rows, 12)

    title = [chip("Holdout", 22, "note"), chip(f"Pot {view.pot:,}", 20), chip(f"deck {view.deck_left}", 16)]
    if view.phase is Phase.PASS:
        title.append(chip("the pass", 18, "turn"))
    elif view.phase is Phase.OVER:
        title.append(chip("hand over", 18))
    return felt(vcol([hrow(title, 12), *lines, seats], 18), MARGIN, WIDTH)


def hand_picture(table: TableView, view: HoldoutView, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up, lowest rank first (the panel's order); the two received
    from the right (or chosen to pass) marked above them; the line picked noted."""
    seat = view.you
    if seat is None:
        return None
    hand = view.hand or ()
    n = len(view.seats)
    order = hand_order(hand)
    received = set(view.received or ())
    passing = set(view.passed_cards or ()) if view.phase is Phase.PASS else set()
    marks = []
    images = []
    for place in order:
        card = hand[place]
        images.append(draw_card(card, "large"))
        if card in passing:
            marks.append(chip(f"to {view.seats[(seat + 1) % n]}", 15, "turn"))
        elif card in received:
            marks.append(chip(f"from {view.seats[(seat - 1) % n]}", 15, "plain"))
        else:
            marks.append(chip("", 15, "note"))
    step = 128
    cards: Piece = fan(images, step) if images else empty_slot("large")
    tags = Sheet(
        cards.width,
        max((m.height for m in marks), default=1),
        [(mark, i * step + (step - mark.width) // 2, 0) for i, mark in enumerate(marks)],
    )

    title = [chip("Your hand", 22, "note"), chip(f"{len(hand)} card{'s' if len(hand) != 1 else ''}", 16)]
    if view.to_act == seat or (view.phase is Phase.PASS and seat in view.awaiting):
        title.append(chip("your turn" if view.phase is not Phase.PASS else "choose two to pass", 17, "turn"))
    if seat == view.chilo:
        title.append(icon("knife", 28))
    parts: list[Piece] = [hrow(title, 10), tags, cards]
    if view.options.lines == 2 and picks and picks[0] in ("0", "1"):
        parts.append(chip(f"Playing into the {LINE_NAMES[int(picks[0])]} line", 17, "turn"))
    if view.passed_cards and view.phase is not Phase.PASS:
        passed = fan([draw_card(c, "mini") for c in view.passed_cards], card_size("mini").index_box[0])
        parts.append(hrow([label(f"Passed to {view.seats[(seat + 1) % n]}", 16, DIM), passed], 10))
    body = vcol(parts, 8)
    return felt(body, MARGIN, max(700, body.width + 2 * MARGIN))
