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
from bot.art.cards import Size, card_size
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
    amount,
    backs,
    cell_width,
    chip,
    fan,
    felt,
    frame,
    hrow,
    hwrap,
    named,
    seat_columns,
    seat_grid,
    seat_head,
    seat_tag,
    takings,
    vcol,
)
from engine.core.cards import Card
from engine.primero.game import Phase, PrimeroView, SeatStatus, Showing
from engine.primero.hands import HandType, describe

if TYPE_CHECKING:
    from bot.games.view import TableView

NARROW = 250
"""A seat box narrower than this (three to a row) draws its cards small."""
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


def _makes(view: PrimeroView, forms: dict[HandType, int], room: int) -> Piece:
    """What shown cards make: the best type, and the bid's type if they hold it."""
    if not forms:
        return chip("nothing", SMALL, "out")
    top = max(forms)
    parts: list[Piece] = [chip(describe(top, forms[top]), SMALL, width=room)]
    if view.bid is not None and view.bid.type in forms and view.bid.type != top:
        parts.append(chip(describe(view.bid.type, forms[view.bid.type]), SMALL, width=room))
    return hwrap(parts, room, 6, 4, "start")


def _fan(cards: list[Image], room: int, step: int) -> Sheet:
    """Cards fanned right, squeezed to fit `room` pixels."""
    if len(cards) > 1:
        step = max(12, min(step, (room - cards[0].width) // (len(cards) - 1)))
    return fan(cards, step)


def _net(view: PrimeroView, seat: int) -> int:
    """A seat's chips for the finished hand: what it took less what it put in."""
    return (view.payouts[seat] if view.payouts is not None else 0) - view.paid[seat]


def _seat(view: PrimeroView, seat: int, shown: Showing | None, width: int) -> Sheet:
    """One seat's things, laid out to sit in a box `width` wide (10 pixels in); in a narrow
    box (three to a row) the cards are small and the marks wrap under the name."""
    room = width - 20
    narrow = width < NARROW
    size: Size = "mini" if narrow else "normal"
    status = view.status[seat]
    won = view.winner == seat
    marks: list[Image] = []
    if seat == view.dealer:
        marks.append(chip("dealer", SMALL, "note"))
    if status is SeatStatus.ALL_IN:
        marks.append(chip("all in", SMALL, "turn"))
    elif status is SeatStatus.FOLDED:
        marks.append(chip("folded", SMALL, "out"))
    name = view.seats[seat]
    turn, out = view.to_act == seat, status is SeatStatus.FOLDED
    tag: Piece = (
        seat_head(name, turn=turn, won=won, out=out, size=NAME, marks=marks, width=room)
        if narrow
        else seat_tag(name, turn=turn, won=won, out=out, size=NAME, marks=marks, width=room)
    )
    if shown is not None:
        hand: Piece = _fan([draw_card(c, size) for c in shown.cards], room, 36 if narrow else 56)
    elif view.hand_sizes[seat]:
        hand = backs(view.hand_sizes[seat], size, 16 if narrow else 24)
    else:
        hand = empty_slot(size)
    changed: list[Card] = list(view.discards[seat])
    beside: Piece | None = None
    if changed:
        word = label("changed", SMALL, DIM)
        if narrow:
            beside = vcol([word, _fan([draw_card(c, "mini") for c in changed], room, 36)], 4)
        else:
            pile = _fan([draw_card(c, "mini") for c in changed], room - word.width - 8, 36)
            if hand.width + 16 + max(pile.width, word.width) <= room:
                hand = hrow([hand, vcol([word, pile], 4)], 16, "end")
            else:
                beside = hrow([word, pile], 8, "center")
    parts: list[Piece] = [tag, hand]
    if shown is not None:
        parts.append(_makes(view, shown.forms, room))
    if beside is not None:
        parts.append(beside)
    notes = []
    if view.set_aside[seat] and status is SeatStatus.IN:
        notes.append(f"passed · {view.set_aside[seat]:,} aside")
    if view.options.betting:
        notes.append(f"stack {view.stacks[seat]:,}")
        if view.phase is Phase.OVER:
            notes.append(f"{amount(_net(view, seat))} chips")
    elif view.points is not None and view.points[seat]:
        notes.append(f"scores {view.points[seat]:,}")
    if notes:
        parts.append(hwrap([label(n, SMALL, DIM, width=room) for n in notes], room, 12, 2, "start"))
    return vcol(parts, 8)


def _outcome(view: PrimeroView) -> list[Piece]:
    """At the end: who won the pot and with what, each player's chips (or points), and a
    pot left for the next hand."""
    if view.phase is not Phase.OVER:
        return []
    parts: list[Piece] = []
    if view.winner is not None:
        if view.options.betting and view.payouts is not None:
            rest = f" takes {view.payouts[view.winner]:,}"
        else:
            rest = " wins"
        shown = next((s for s in view.showdown or () if s.seat == view.winner), None)
        if shown is not None and shown.forms:
            top = max(shown.forms)
            rest += f" with {describe(top, shown.forms[top])}"
        parts.append(label(named(view.seats[view.winner], rest, NAME, ROOM), NAME, width=ROOM))
    n = len(view.seats)
    if view.options.betting:
        parts.append(takings([(view.seats[s], _net(view, s)) for s in range(n)], SMALL, ROOM, " chips"))
    elif view.points is not None:
        parts.append(takings([(view.seats[s], view.points[s]) for s in range(n)], SMALL, ROOM, " points"))
    if view.carried:
        parts.append(label(f"{view.carried:,} stay in the pot for the next hand", SMALL, DIM, width=ROOM))
    return parts


def table_picture(table: TableView, view: PrimeroView) -> Image:
    """Header: the round, the pot(s), the deck and the bid (at the end: who won what). Then
    a box per seat, two to a row (three for five or more, `seat_columns`): the name (gold to
    act, crowned and framed for the winner), the hand face down or, at the showdown, face up
    with what it makes, and the cards it changed, face up."""
    n = len(view.seats)
    columns = seat_columns(n)
    shown = {s.seat: s for s in view.showdown or ()}
    bodies = [_seat(view, s, shown.get(s), cell_width(columns)) for s in range(n)]
    seats = seat_grid(bodies, columns, [view.winner == s for s in range(n)])

    title: list[Piece] = [chip("Primero", TITLE, "note")]
    if view.phase is Phase.OVER:
        title.append(chip(ROUND[view.phase], SMALL, "turn"))
    else:
        if view.options.betting:
            title.append(chip(f"Pot {view.pot:,}", NAME))
            if view.side_pot or view.all_in is not None:
                title.append(chip(f"secondary {view.side_pot:,}", SMALL))
        else:
            title.append(chip("points game", SMALL))
        title.append(chip(f"deck {view.deck_left}", SMALL))
        title.append(chip(ROUND[view.phase], SMALL))
    bid = chip(_bid(view), SMALL, "plain" if view.bid is not None else "out", ROOM)
    parts = [hwrap(title, ROOM, 10, 6, "center"), *_outcome(view), bid, seats]
    return felt(vcol(parts, 12), MARGIN, WIDTH)


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
    normal = card_size("normal")
    slots: list[tuple[Sheet, bool]] = []
    for place, card in enumerate(hand):
        face = draw_card(card, "normal")
        if place in picked:
            top = chip("change", SMALL, "turn")
            face = frame(face, GOLD, 4, 4)
        elif card in drawn:
            top = chip("new", SMALL)
        else:
            top = chip("", SMALL, "note")
        slot = vcol([top, face], 4 if place in picked else 8, "center")
        slots.append((slot, place in picked))
    height = max((s.height for s, _ in slots), default=normal.height) + lift
    cards: list[Piece] = [Sheet(slot.width, height, [(slot, 0, 0 if up else lift)]) for slot, up in slots]
    hand_row: Piece = hwrap(cards, ROOM, 12, 8, "start") if cards else empty_slot("normal")

    title: list[Piece] = [chip("Your hand", TITLE, "note")]
    if view.to_act == seat:
        title.append(chip("your turn", SMALL, "turn"))
    elif view.status[seat] is SeatStatus.FOLDED:
        title.append(chip("folded", SMALL, "out"))
    if picked:
        title.append(chip(f"changing {len(picked)}", SMALL))
    forms = view.forms or {}
    if forms:
        ranked = sorted(forms.items(), reverse=True)
        makes = [
            chip(describe(*ranked[0]), NAME, "turn", ROOM),
            *(chip(describe(*f), SMALL, width=ROOM) for f in ranked[1:]),
        ]
    else:
        makes = [chip("nothing yet (no two of a suit)", SMALL, "out", ROOM)]
    makes_row = hwrap([label("Your cards make", SMALL, DIM), *makes], ROOM, 8, 6, "center")
    body = vcol([hwrap(title, ROOM, 10, 6, "center"), hand_row, makes_row], 10)
    return felt(body, MARGIN, WIDTH)
