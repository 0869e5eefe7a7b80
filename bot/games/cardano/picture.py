"""Cardano's Primero drawn with the card kit: the invitation, the vie and the pot, each
seat's hand and its face-up discards, folded and shown hands face up, and the duel.

The table is drawn from the public view alone (`view(None)`): a hand still held is a count
of face-down cards; discards and hands laid down (folded or shown) are face up. The hand
picture is drawn from the seat's own view, for its ephemeral panel.
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
from bot.games.cardano.render import PHASE_NAMES, all_in
from engine.cardano import CardanoView, Phase
from engine.cardano.hands import hand_said, kind_said, t
from engine.core.msg import Arg, Markup, Msg

if TYPE_CHECKING:
    from bot.games.view import TableView
    from bot.i18n import Lang

NARROW = 250
"""A seat box narrower than this (three to a row) draws its cards small."""


def _fan(cards: list[Image], room: int, step: int) -> Sheet:
    """Cards fanned right, squeezed to fit `room` pixels."""
    if len(cards) > 1:
        step = max(12, min(step, (room - cards[0].width) // (len(cards) - 1)))
    return fan(cards, step)


def _net(view: CardanoView, seat: int) -> int:
    """A seat's chips for the finished hand: what it took less what it put in."""
    return (view.payouts[seat] if view.payouts is not None else 0) - view.paid[seat]


def _seat(view: CardanoView, seat: int, width: int, say: Lang) -> Sheet:
    """One seat's things, laid out to sit in a box `width` wide (10 pixels in); in a narrow
    box (three to a row) the cards are small and the marks wrap under the name."""
    room = width - 20
    narrow = width < NARROW
    size: Size = "mini" if narrow else "normal"
    marks: list[Image] = []
    if seat == view.dealer:
        marks.append(chip(say(t("dealer"), md=False), SMALL, "note"))
    if seat == view.privileged:
        marks.append(chip(say(t("privilege"), md=False), SMALL, "note"))
    if view.folded[seat]:
        marks.append(chip(say(t("folded"), md=False), SMALL, "out"))
    elif all_in(view, seat):
        marks.append(chip(say(t("all in"), md=False), SMALL, "turn"))
    declared = view.declared[seat]
    if declared is not None and not view.folded[seat]:
        marks.append(chip(say(t("declares {kind}", kind=kind_said(declared)), md=False), SMALL))
    name, turn, won, out = view.seats[seat], view.to_act == seat, seat in view.winners, view.folded[seat]
    tag: Piece = (
        seat_head(name, turn=turn, won=won, out=out, size=NAME, marks=marks, width=room)
        if narrow
        else seat_tag(name, turn=turn, won=won, out=out, size=NAME, marks=marks, width=room)
    )
    shown = view.face_up[seat]
    if shown is not None:
        hand: Piece = _fan([draw_card(c, size) for c in shown], room, 36 if narrow else 56)
    elif view.hand_sizes[seat]:
        hand = backs(view.hand_sizes[seat], size, 16 if narrow else 24)
    else:
        hand = empty_slot(size)
    parts: list[Piece] = [tag, hand]
    if shown is not None:
        parts.append(chip(say(hand_said(shown, view.options.primero_81), md=False), SMALL, width=room))
    if view.discards[seat]:
        word = label(say(t("discarded"), md=False), SMALL, DIM)
        if narrow:
            parts.append(vcol([word, _fan([draw_card(c, "mini") for c in view.discards[seat]], room, 30)], 4))
        else:
            pile = _fan([draw_card(c, "mini") for c in view.discards[seat]], room - word.width - 8, 30)
            parts.append(hrow([word, pile], 8, "center"))
    notes: list[Msg] = [t("stack {n}", n=view.stacks[seat])]
    if view.phase is not Phase.OVER or not narrow:  # at the end a narrow box's net says it
        notes.append(t("paid {n}", n=view.paid[seat]))
    if view.phase is Phase.OVER:
        notes.append(t("{signed} chips", signed=amount(_net(view, seat))))
    parts.append(
        hwrap([label(say(n, md=False), SMALL, DIM, width=room) for n in notes], room, 12, 2, "start")
    )
    return vcol(parts, 8)


def table_picture(table: TableView, view: CardanoView) -> Image:
    """Header: the phase, the pot, the deck, the invitation and the vie or the duel. Then a
    box per seat, two to a row (three for five, `seat_columns`)."""
    say = table.lang
    n = len(view.seats)
    columns = seat_columns(n)
    bodies = [_seat(view, s, cell_width(columns), say) for s in range(n)]
    seats = seat_grid(bodies, columns, [s in view.winners for s in range(n)])
    over = view.phase is Phase.OVER
    title: list[Piece] = [chip(say(t("Cardano's Primero"), md=False), TITLE, "note")]
    if not over:
        title += [
            chip(say(t("Pot {n}", n=view.pot), md=False), NAME),
            chip(say(t("deck {n}", n=view.deck_left), md=False), SMALL),
        ]
    title.append(chip(say(PHASE_NAMES[view.phase], md=False), SMALL, "turn" if over else "plain"))
    lines: list[Piece] = [hwrap(title, ROOM, 10, 6, "center")]
    if over and view.payouts is not None:
        for winner in view.winners:
            said = named(
                view.seats[winner], say(t(" takes {n}", n=view.payouts[winner]), md=False), NAME, ROOM
            )
            lines.append(label(said, NAME, width=ROOM))
        unit = say(t(" chips"), md=False)
        lines.append(takings([(view.seats[s], _net(view, s)) for s in range(n)], SMALL, ROOM, unit))
    if view.inviter is not None:
        args: dict[str, Arg] = {"n": view.invitation, "player": view.seats[view.inviter]}
        invited = (
            t("Invitation {n} (doubled) by {player}", **args)
            if view.doubled
            else t("Invitation {n} by {player}", **args)
        )
        lines.append(chip(say(invited, md=False), SMALL, width=ROOM))
    if view.bidder is not None and view.declared[view.bidder] is not None:
        kind = view.declared[view.bidder]
        assert kind is not None
        said = named(
            view.seats[view.bidder],
            say(t(" declares {kind} · {n} each", kind=kind_said(kind), n=view.level), md=False),
            SMALL,
            ROOM - 16,
        )
        lines.append(chip(said, SMALL, width=ROOM))
    duel = view.duel
    if duel is not None:
        who = {"challenger": view.seats[duel.challenger], "dominant": view.seats[duel.dominant]}
        if duel.case is None:
            offered = t("Final duel offered: {challenger} vs {dominant}", **who)
            lines.append(chip(say(offered, md=False), SMALL, "turn", ROOM))
        else:
            drew = fan([draw_card(c, "mini") for c in duel.drawn], 40)
            case = t(
                "Final duel, case {case}: {challenger} vs {dominant}", case=Markup(str(duel.case)), **who
            )
            lines.append(chip(say(case, md=False), SMALL, "turn", ROOM))
            lines.append(hrow([label(say(t("drew"), md=False), SMALL, DIM), drew], 8))
    lines.append(seats)
    return felt(vcol(lines, 12), MARGIN, WIDTH)


def hand_picture(table: TableView, view: CardanoView, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up, in the panel's order, the cards picked to discard raised
    and framed in gold; what the cards make below."""
    seat = view.you
    if seat is None:
        return None
    say = table.lang
    hand = view.hand or ()
    picked = {int(p) for p in picks if p.isdigit()}
    lift = 26
    normal = card_size("normal")
    slots: list[tuple[Sheet, bool]] = []
    for place, card in enumerate(hand):
        face = draw_card(card, "normal")
        if place in picked:
            top = chip(say(t("discard"), md=False), SMALL, "turn")
            face = frame(face, GOLD, 4, 4)
        else:
            top = chip("", SMALL, "note")
        slots.append((vcol([top, face], 4 if place in picked else 8, "center"), place in picked))
    height = max((s.height for s, _ in slots), default=normal.height) + lift
    cards: list[Piece] = [Sheet(slot.width, height, [(slot, 0, 0 if up else lift)]) for slot, up in slots]
    hand_row: Piece = hwrap(cards, ROOM, 12, 8, "start") if cards else empty_slot("normal")
    title = [chip(say(t("Your hand"), md=False), TITLE, "note")]
    if view.to_act == seat:
        title.append(chip(say(t("your turn"), md=False), SMALL, "turn"))
    elif view.folded[seat]:
        title.append(chip(say(t("folded"), md=False), SMALL, "out"))
    if view.privileged == seat:
        title.append(chip(say(t("privilege"), md=False), SMALL))
    makes = hwrap(
        [
            label(say(t("Your cards make"), md=False), SMALL, DIM),
            chip(say(hand_said(hand, view.options.primero_81), md=False), NAME, "turn", ROOM),
        ],
        ROOM,
        8,
        6,
    )
    body = vcol([hwrap(title, ROOM, 10, 6, "center"), hand_row, makes], 10)
    return felt(body, MARGIN, WIDTH)
