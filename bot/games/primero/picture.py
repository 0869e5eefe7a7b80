"""Primero drawn with the card kit: the bid and pots, each seat's hand and face-up changes.

The table is drawn from the public view alone (`view(None)`): a hand in play is a count of
face-down cards; the cards a player changed lie face up; at the showdown the hands shown
(`view.showdown`) are face up with what they make. A hand folded before the showdown is
never in that view, so it stays face down. The hand picture is drawn from the seat's own
view, for its ephemeral panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL.Image import Image

from bot.art import draw_card, empty_slot, label
from bot.art.cards import card_size
from bot.art.seats import (
    DIM,
    GOLD,
    Piece,
    Sheet,
    backs,
    box,
    chip,
    fan,
    felt,
    frame,
    hrow,
    seat_tag,
    under,
    vcol,
)
from engine.core.cards import Card
from engine.primero.game import Phase, PrimeroView, SeatStatus, Showing
from engine.primero.hands import HandType, describe

if TYPE_CHECKING:
    from bot.games.view import TableView

MARGIN = 24
GAP = 12
ROUND = {
    Phase.FIRST: "first round",
    Phase.SECOND: "second round",
    Phase.CHOICE: "stake or fold",
    Phase.OVER: "showdown",
}


def _bid(view: PrimeroView) -> str:
    if view.bid is None:
        return "No bid yet"
    text = f"Bid: {describe(view.bid.type, view.bid.total)} by {view.seats[view.bid.bidder]}"
    if view.options.betting and view.bet:
        text += f" · bet {view.bet:,}"
        if view.bet_by is not None and view.bet_by != view.bid.bidder:
            text += f" by {view.seats[view.bet_by]}"
    return text


def _makes(view: PrimeroView, forms: dict[HandType, int]) -> Piece:
    """What shown cards make: the best type, and the bid's type if they hold it."""
    if not forms:
        return chip("nothing", 15, "out")
    top = max(forms)
    parts = [chip(describe(top, forms[top]), 15)]
    if view.bid is not None and view.bid.type in forms and view.bid.type != top:
        parts.append(chip(describe(view.bid.type, forms[view.bid.type]), 15))
    return hrow(parts, 6)


def _fan(cards: list[Image], room: int, step: int) -> Sheet:
    """Cards fanned right, squeezed to fit `room` pixels."""
    if len(cards) > 1:
        step = max(12, min(step, (room - cards[0].width) // (len(cards) - 1)))
    return fan(cards, step)


def _seat(view: PrimeroView, seat: int, shown: Showing | None, width: int) -> Sheet:
    """One seat's things, laid out to sit in a box `width` wide (10 pixels in)."""
    status = view.status[seat]
    won = view.winner == seat
    marks: list[Image] = []
    if seat == view.dealer:
        marks.append(chip("dealer", 14, "note"))
    if status is SeatStatus.ALL_IN:
        marks.append(chip("all in", 15, "turn"))
    elif status is SeatStatus.FOLDED:
        marks.append(chip("folded", 15, "out"))
    elif view.set_aside[seat]:
        marks.append(chip(f"passed · {view.set_aside[seat]:,} aside", 14))
    tag = seat_tag(
        view.seats[seat],
        turn=view.to_act == seat,
        won=won,
        out=status is SeatStatus.FOLDED,
        size=18,
        marks=marks,
    )
    room = width - 20
    if shown is not None:
        hand: Piece = _fan([draw_card(c) for c in shown.cards], room, 56)
    elif view.hand_sizes[seat]:
        hand = backs(view.hand_sizes[seat], "normal", 24)
    else:
        hand = empty_slot("normal")
    changed: list[Card] = list(view.discards[seat])
    beside: Piece | None = None
    if changed:
        word = label("changed", 15, DIM)
        pile = _fan([draw_card(c, "mini") for c in changed], room - 90, 36)
        if hand.width + 16 + max(pile.width, word.width) <= room:
            hand = hrow([hand, vcol([word, pile], 4)], 16, "end")
        else:
            beside = hrow([word, pile], 8, "center")
    parts: list[Piece] = [tag, hand]
    if shown is not None:
        parts.append(_makes(view, shown.forms))
    if beside is not None:
        parts.append(beside)
    notes = []
    if view.options.betting:
        notes.append(f"stack {view.stacks[seat]:,}")
        if view.payouts is not None and view.payouts[seat]:
            notes.append(f"takes {view.payouts[seat]:,}")
    elif view.points is not None and view.points[seat]:
        notes.append(f"scores {view.points[seat]:,}")
    if notes:
        parts.append(label(" · ".join(notes), 15, DIM))
    return vcol(parts, 8)


def table_picture(table: TableView, view: PrimeroView) -> Image:
    """Header: the round, the pot(s), the deck and the bid. Then a box per seat: the name
    (gold to act, crowned and framed for the winner), the hand face down or, at the
    showdown, face up with what it makes, and the cards it changed, face up."""
    n = len(view.seats)
    columns = 3 if n > 4 else 2
    width = 1040 if columns == 3 else 760
    cell_w = (width - 2 * MARGIN - (columns - 1) * GAP) // columns
    shown = {s.seat: s for s in view.showdown or ()}
    bodies = [_seat(view, s, shown.get(s), cell_w) for s in range(n)]
    rows: list[Piece] = []
    for i in range(0, n, columns):
        group = bodies[i : i + columns]
        tall = max(b.height for b in group) + 20  # boxes of a row are one height
        cells = [
            under(box(cell_w, tall, outline=GOLD if view.winner == i + k else None), b, 10, 10)
            for k, b in enumerate(group)
        ]
        rows.append(hrow(cells, GAP, "start"))
    seats = vcol(rows, GAP)

    title = [chip("Primero", 22, "note")]
    if view.options.betting:
        title.append(chip(f"Pot {view.pot:,}", 20))
        if view.side_pot or view.all_in is not None:
            title.append(chip(f"secondary {view.side_pot:,}", 16))
    else:
        title.append(chip("points game", 18))
    title.append(chip(f"deck {view.deck_left}", 16))
    title.append(chip(ROUND[view.phase], 18, "turn" if view.phase is Phase.OVER else "plain"))
    bid = chip(_bid(view), 18, "plain" if view.bid is not None else "out")
    return felt(vcol([hrow(title, 12), bid, seats], 12), MARGIN, width)


def hand_picture(table: TableView, view: PrimeroView, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up, in the panel's order; the cards picked to change raised
    and framed in gold; the cards just drawn marked new; what the cards make below."""
    seat = view.you
    if seat is None:
        return None
    hand = view.hand or ()
    picked = {int(p) for p in picks if p.isdigit()}
    drawn = set(view.drawn or ())
    lift = 26
    large = card_size("large")
    slots: list[tuple[Sheet, bool]] = []
    for place, card in enumerate(hand):
        face = draw_card(card, "large")
        if place in picked:
            top = chip("change", 15, "turn")
            face = frame(face, GOLD, 4, 4)
        elif card in drawn:
            top = chip("new", 15)
        else:
            top = chip("", 15, "note")
        slot = vcol([top, face], 4 if place in picked else 8, "center")
        slots.append((slot, place in picked))
    height = max((s.height for s, _ in slots), default=large.height) + lift
    cards: list[Piece] = [Sheet(slot.width, height, [(slot, 0, 0 if up else lift)]) for slot, up in slots]
    hand_row: Piece = hrow(cards, 14, "start") if cards else empty_slot("large")

    title = [chip("Your hand", 22, "note")]
    if view.to_act == seat:
        title.append(chip("your turn", 17, "turn"))
    elif view.status[seat] is SeatStatus.FOLDED:
        title.append(chip("folded", 17, "out"))
    if picked:
        title.append(chip(f"changing {len(picked)}", 17))
    forms = view.forms or {}
    if forms:
        ranked = sorted(forms.items(), reverse=True)
        makes = [chip(describe(*ranked[0]), 18, "turn"), *(chip(describe(*f), 16) for f in ranked[1:])]
    else:
        makes = [chip("nothing yet (no two of a suit)", 16, "out")]
    makes_row = hrow([label("Your cards make", 17, DIM), *makes], 8)
    body = vcol([hrow(title, 10), hand_row, makes_row], 10)
    return felt(body, MARGIN, max(700, body.width + 2 * MARGIN))
