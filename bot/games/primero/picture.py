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
from engine.core.msg import Msg
from engine.primero.game import Phase, PrimeroView, SeatStatus, Showing, t, tn
from engine.primero.hands import HandType, hand_said

if TYPE_CHECKING:
    from bot.games.view import TableView
    from bot.i18n import Lang

NARROW = 250
"""A seat box narrower than this (three to a row) draws its cards small."""
ROUND = {
    Phase.FIRST: t("first round"),
    Phase.SECOND: t("second round"),
    Phase.CHOICE: t("stake or fold"),
    Phase.OVER: t("showdown"),
}
"""The picture's words are in the `primero` catalogue, drawn in the view's language."""


def _bid(view: PrimeroView) -> Msg:
    if view.bid is None:
        return t("No bid yet")
    said = t(
        "Bid: {hand} by {player}",
        hand=hand_said(view.bid.type, view.bid.total),
        player=view.seats[view.bid.bidder],
    )
    if view.options.betting and view.bet:
        said = t("{bid} · bet {n}", bid=said, n=view.bet)
        if view.bet_by is not None and view.bet_by != view.bid.bidder:
            said = t("{bid} by {player}", bid=said, player=view.seats[view.bet_by])
    return said


def _makes(view: PrimeroView, forms: dict[HandType, int], room: int, say: Lang) -> Piece:
    """What shown cards make: the best type, and the bid's type if they hold it."""
    if not forms:
        return chip(say(t("nothing"), md=False), SMALL, "out")
    top = max(forms)
    parts: list[Piece] = [chip(say(hand_said(top, forms[top]), md=False), SMALL, width=room)]
    if view.bid is not None and view.bid.type in forms and view.bid.type != top:
        parts.append(chip(say(hand_said(view.bid.type, forms[view.bid.type]), md=False), SMALL, width=room))
    return hwrap(parts, room, 6, 4, "start")


def _fan(cards: list[Image], room: int, step: int) -> Sheet:
    """Cards fanned right, squeezed to fit `room` pixels."""
    if len(cards) > 1:
        step = max(12, min(step, (room - cards[0].width) // (len(cards) - 1)))
    return fan(cards, step)


def _net(view: PrimeroView, seat: int) -> int:
    """A seat's chips for the finished hand: what it took less what it put in."""
    return (view.payouts[seat] if view.payouts is not None else 0) - view.paid[seat]


def _seat(view: PrimeroView, seat: int, shown: Showing | None, width: int, say: Lang) -> Sheet:
    """One seat's things, laid out to sit in a box `width` wide (10 pixels in); in a narrow
    box (three to a row) the cards are small and the marks wrap under the name."""
    room = width - 20
    narrow = width < NARROW
    size: Size = "mini" if narrow else "normal"
    status = view.status[seat]
    won = view.winner == seat
    marks: list[Image] = []
    if seat == view.dealer:
        marks.append(chip(say(t("dealer"), md=False), SMALL, "note"))
    if status is SeatStatus.ALL_IN:
        marks.append(chip(say(t("all in"), md=False), SMALL, "turn"))
    elif status is SeatStatus.FOLDED:
        marks.append(chip(say(t("folded"), md=False), SMALL, "out"))
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
        word = label(say(t("changed"), md=False), SMALL, DIM)
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
        parts.append(_makes(view, shown.forms, room, say))
    if beside is not None:
        parts.append(beside)
    notes: list[Msg] = []
    if view.set_aside[seat] and status is SeatStatus.IN:
        notes.append(t("passed · {n} aside", n=view.set_aside[seat]))
    if view.options.betting:
        notes.append(t("stack {n}", n=view.stacks[seat]))
        if view.phase is Phase.OVER:
            notes.append(t("{signed} chips", signed=amount(_net(view, seat))))
    elif view.points is not None and view.points[seat]:
        notes.append(t("scores {n}", n=view.points[seat]))
    if notes:
        parts.append(
            hwrap([label(say(n, md=False), SMALL, DIM, width=room) for n in notes], room, 12, 2, "start")
        )
    return vcol(parts, 8)


def _outcome(view: PrimeroView, say: Lang) -> list[Piece]:
    """At the end: who won the pot and with what, each player's chips (or points), and a
    pot left for the next hand."""
    if view.phase is not Phase.OVER:
        return []
    parts: list[Piece] = []
    if view.winner is not None:
        shown = next((s for s in view.showdown or () if s.seat == view.winner), None)
        top = max(shown.forms) if shown is not None and shown.forms else None
        held = None if shown is None or top is None else hand_said(top, shown.forms[top])
        if view.options.betting and view.payouts is not None:
            took = view.payouts[view.winner]
            rest = t(" takes {n} with {hand}", n=took, hand=held) if held else t(" takes {n}", n=took)
        else:
            rest = t(" wins with {hand}", hand=held) if held else t(" wins")
        parts.append(label(named(view.seats[view.winner], say(rest, md=False), NAME, ROOM), NAME, width=ROOM))
    n = len(view.seats)
    if view.options.betting:
        unit = say(t(" chips"), md=False)
        parts.append(takings([(view.seats[s], _net(view, s)) for s in range(n)], SMALL, ROOM, unit))
    elif view.points is not None:
        unit = say(t(" points"), md=False)
        parts.append(takings([(view.seats[s], view.points[s]) for s in range(n)], SMALL, ROOM, unit))
    if view.carried:
        stays = tn(
            "{n} stays in the pot for the next hand", "{n} stay in the pot for the next hand", n=view.carried
        )
        parts.append(label(say(stays, md=False), SMALL, DIM, width=ROOM))
    return parts


def table_picture(table: TableView, view: PrimeroView) -> Image:
    """Header: the round, the pot(s), the deck and the bid (at the end: who won what). Then
    a box per seat, two to a row (three for five or more, `seat_columns`): the name (gold to
    act, crowned and framed for the winner), the hand face down or, at the showdown, face up
    with what it makes, and the cards it changed, face up."""
    n = len(view.seats)
    columns = seat_columns(n)
    shown = {s.seat: s for s in view.showdown or ()}
    say = table.lang
    bodies = [_seat(view, s, shown.get(s), cell_width(columns), say) for s in range(n)]
    seats = seat_grid(bodies, columns, [view.winner == s for s in range(n)])

    title: list[Piece] = [chip(say(t("Primero"), md=False), TITLE, "note")]
    if view.phase is Phase.OVER:
        title.append(chip(say(ROUND[view.phase], md=False), SMALL, "turn"))
    else:
        if view.options.betting:
            title.append(chip(say(t("Pot {n}", n=view.pot), md=False), NAME))
            if view.side_pot or view.all_in is not None:
                title.append(chip(say(t("secondary {n}", n=view.side_pot), md=False), SMALL))
        else:
            title.append(chip(say(t("points game"), md=False), SMALL))
        title.append(chip(say(t("deck {n}", n=view.deck_left), md=False), SMALL))
        title.append(chip(say(ROUND[view.phase], md=False), SMALL))
    bid = chip(say(_bid(view), md=False), SMALL, "plain" if view.bid is not None else "out", ROOM)
    parts = [hwrap(title, ROOM, 10, 6, "center"), *_outcome(view, say), bid, seats]
    return felt(vcol(parts, 12), MARGIN, WIDTH)


def hand_picture(table: TableView, view: PrimeroView, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up, in the panel's order; the cards picked to change raised
    and framed in gold; the cards just drawn marked new; what the cards make below."""
    seat = view.you
    if seat is None:
        return None
    say = table.lang
    hand = view.hand or ()
    picked = {int(p) for p in picks if p.isdigit()}
    drawn = set(view.drawn or ())
    lift = 26
    normal = card_size("normal")
    slots: list[tuple[Sheet, bool]] = []
    for place, card in enumerate(hand):
        face = draw_card(card, "normal")
        if place in picked:
            top = chip(say(t("change"), md=False), SMALL, "turn")
            face = frame(face, GOLD, 4, 4)
        elif card in drawn:
            top = chip(say(t("new"), md=False), SMALL)
        else:
            top = chip("", SMALL, "note")
        slot = vcol([top, face], 4 if place in picked else 8, "center")
        slots.append((slot, place in picked))
    height = max((s.height for s, _ in slots), default=normal.height) + lift
    cards: list[Piece] = [Sheet(slot.width, height, [(slot, 0, 0 if up else lift)]) for slot, up in slots]
    hand_row: Piece = hwrap(cards, ROOM, 12, 8, "start") if cards else empty_slot("normal")

    title: list[Piece] = [chip(say(t("Your hand"), md=False), TITLE, "note")]
    if view.to_act == seat:
        title.append(chip(say(t("your turn"), md=False), SMALL, "turn"))
    elif view.status[seat] is SeatStatus.FOLDED:
        title.append(chip(say(t("folded"), md=False), SMALL, "out"))
    if picked:
        title.append(chip(say(t("changing {n}", n=len(picked)), md=False), SMALL))
    forms = view.forms or {}
    if forms:
        ranked = sorted(forms.items(), reverse=True)
        makes = [
            chip(say(hand_said(*ranked[0]), md=False), NAME, "turn", ROOM),
            *(chip(say(hand_said(*f), md=False), SMALL, width=ROOM) for f in ranked[1:]),
        ]
    else:
        makes = [chip(say(t("nothing yet (no two of a suit)"), md=False), SMALL, "out", ROOM)]
    makes_row = hwrap([label(say(t("Your cards make"), md=False), SMALL, DIM), *makes], ROOM, 8, 6, "center")
    body = vcol([hwrap(title, ROOM, 10, 6, "center"), hand_row, makes_row], 10)
    return felt(body, MARGIN, WIDTH)
