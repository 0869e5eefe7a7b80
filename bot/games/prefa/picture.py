"""Prefa drawn with the card kit: the current trick in the middle, each seat's hand face
down with its count, the kitty face down until it is taken, tricks taken and pouches.

The table is drawn from the public view alone (`view(None)`); the hand picture from the
seat's own view, for its ephemeral panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL.Image import Image

from bot.art import draw_card, empty_slot, label
from bot.art.seats import DIM, Piece, backs, box, chip, felt, hrow, seat_tag, under, vcol
from bot.games.prefa.render import hand_order
from engine.core.text import plural
from engine.prefa import Phase
from engine.prefa.hand import PrefaSeen

if TYPE_CHECKING:
    from bot.games.view import TableView

WIDTH = 880
MARGIN = 24


def _seat(seen: PrefaSeen, seat: int, width: int) -> Piece:
    view = seen.view
    party = seen.parties[seat]
    name = seen.seats[seat]
    if party >= 3:
        tag = seat_tag(name, out=True, size=18, marks=[chip("deals, sits out", 14, "note")])
        body = vcol([tag, label(f"pouch {view.pouches[party]}", 15, DIM)], 6)
        return under(box(width, body.height + 20), body, 10, 10)
    marks = []
    if party == view.bidder:
        marks.append(chip("bidder", 14, "note"))
    if view.defence[party]:
        marks.append(chip(str(view.defence[party]).replace("_", " "), 14, "plain"))
    won = view.phase is Phase.OVER and view.result is not None and view.result.chips[party] > 0
    tag = seat_tag(
        name, turn=view.to_act == party, won=won, out=view.defence[party] == "out", size=18, marks=marks
    )
    count = view.hand_sizes[party]
    notes = [
        plural(count, "card"),
        plural(view.tricks[party], "trick"),
        f"pouch {view.pouches[party]}",
    ]
    duty = view.duties[party] if view.duties else None
    if duty is not None:
        notes.append(f"duty {duty}")
    hand = backs(count, "mini", 12) if count else empty_slot("mini")
    body = vcol([tag, hrow([hand, label(" · ".join(notes), 15, DIM)], 10)], 6)
    return under(box(width, body.height + 20), body, 10, 10)


def table_picture(table: TableView, seen: PrefaSeen) -> Image:
    """The trick (or the last one) in the middle with who played each card, the kitty face
    down while nobody holds it, then every seat."""
    view = seen.view
    title: list[Piece] = [chip("Prefa", 22, "note")]
    if view.contract is not None and view.bidder is not None:
        who = seen.seats[seen.parties.index(view.bidder)]
        title.append(chip(f"{who}: {view.contract.text}", 18, "turn"))
    elif view.bid is not None:
        title.append(chip(f"bid {view.bid.text}", 18))
    title.append(chip(view.phase.value, 16))
    shown = list(view.trick)
    caption = "This trick"
    if not shown and view.last_trick is not None:
        last = view.last_trick
        shown = list(zip(last.seats, last.cards, strict=True))
        caption = f"Last trick: {seen.seats[seen.parties.index(last.winner)]}"
    middle: list[Piece] = []
    if shown:
        cards = [
            vcol([draw_card(card, "normal"), label(seen.seats[seen.parties.index(p)][:12], 14)], 4, "center")
            for p, card in shown
        ]
        middle.append(vcol([label(caption, 16, DIM), hrow(cards, 12, "start")], 6))
    if view.bidder is None and view.phase is not Phase.OVER:
        middle.append(vcol([label("Kitty", 16, DIM), backs(2, "normal", 30)], 6))
    n = len(seen.seats)
    columns = 2 if n == 4 else 3
    cell = (WIDTH - 2 * MARGIN - (columns - 1) * 12) // columns
    cells = [_seat(seen, s, cell) for s in range(n)]
    rows: list[Piece] = [hrow(cells[i : i + columns], 12, "start") for i in range(0, n, columns)]
    parts: list[Piece] = [hrow(title, 12)]
    if middle:
        parts.append(hrow(middle, 40, "start"))
    parts.append(vcol(rows, 12))
    return felt(vcol(parts, 18), MARGIN, WIDTH)


def hand_picture(table: TableView, seen: PrefaSeen, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up, by suit; the two from the kitty marked for the bidder."""
    seat = seen.you
    view = seen.view
    if seat is None or view.hand is None:
        return None
    hand = view.hand
    kitty = set(view.kitty or ())
    images: list[Piece] = []
    for place in hand_order(hand):
        card = hand[place]
        mark = chip("kitty", 14, "turn") if card in kitty else chip("", 14, "note")
        images.append(vcol([mark, draw_card(card, "normal")], 4, "center"))
    cards: Piece = hrow(images, 6, "end") if images else empty_slot("normal")
    title: list[Piece] = [chip("Your hand", 22, "note"), chip(f"{len(hand)} cards", 16)]
    if view.to_act == seen.parties[seat]:
        title.append(chip("your turn", 17, "turn"))
    parts: list[Piece] = [hrow(title, 10), cards]
    if view.discards:
        parts.append(hrow([label("Put away", 16, DIM), *[draw_card(c, "mini") for c in view.discards]], 8))
    body = vcol(parts, 8)
    return felt(body, MARGIN, max(700, body.width + 2 * MARGIN))
