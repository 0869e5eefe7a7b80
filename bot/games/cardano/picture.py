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
from bot.games.cardano.render import PHASE_NAMES, all_in, kind_text
from engine.cardano import CardanoView, Phase
from engine.cardano.hands import describe

if TYPE_CHECKING:
    from bot.games.view import TableView

MARGIN = 24
GAP = 12


def _fan(cards: list[Image], room: int, step: int) -> Sheet:
    """Cards fanned right, squeezed to fit `room` pixels."""
    if len(cards) > 1:
        step = max(12, min(step, (room - cards[0].width) // (len(cards) - 1)))
    return fan(cards, step)


def _seat(view: CardanoView, seat: int, width: int) -> Sheet:
    """One seat's things, laid out to sit in a box `width` wide (10 pixels in)."""
    marks: list[Image] = []
    if seat == view.dealer:
        marks.append(chip("dealer", 14, "note"))
    if seat == view.privileged:
        marks.append(chip("privilege", 14, "note"))
    if view.folded[seat]:
        marks.append(chip("folded", 15, "out"))
    elif all_in(view, seat):
        marks.append(chip("all in", 15, "turn"))
    declared = view.declared[seat]
    if declared is not None and not view.folded[seat]:
        marks.append(chip(f"declares {kind_text(declared)}", 14))
    tag = seat_tag(
        view.seats[seat],
        turn=view.to_act == seat,
        won=seat in view.winners,
        out=view.folded[seat],
        size=18,
        marks=marks,
    )
    room = width - 20
    shown = view.face_up[seat]
    if shown is not None:
        hand: Piece = _fan([draw_card(c) for c in shown], room, 56)
    elif view.hand_sizes[seat]:
        hand = backs(view.hand_sizes[seat], "normal", 24)
    else:
        hand = empty_slot("normal")
    parts: list[Piece] = [tag, hand]
    if shown is not None:
        parts.append(chip(describe(shown, view.options.primero_81), 15))
    if view.discards[seat]:
        pile = _fan([draw_card(c, "mini") for c in view.discards[seat]], room - 90, 30)
        parts.append(hrow([label("discarded", 15, DIM), pile], 8, "center"))
    notes = [f"stack {view.stacks[seat]:,}", f"paid {view.paid[seat]:,}"]
    if view.payouts is not None and view.payouts[seat]:
        notes.append(f"takes {view.payouts[seat]:,}")
    parts.append(label(" · ".join(notes), 15, DIM))
    return vcol(parts, 8)


def table_picture(table: TableView, view: CardanoView) -> Image:
    """Header: the phase, the pot, the deck, the invitation and the vie or the duel. Then a
    box per seat."""
    n = len(view.seats)
    columns = 3 if n > 4 else 2
    width = 1040 if columns == 3 else 760
    cell_w = (width - 2 * MARGIN - (columns - 1) * GAP) // columns
    bodies = [_seat(view, s, cell_w) for s in range(n)]
    rows: list[Piece] = []
    for i in range(0, n, columns):
        group = bodies[i : i + columns]
        tall = max(b.height for b in group) + 20
        cells = [
            under(box(cell_w, tall, outline=GOLD if i + k in view.winners else None), b, 10, 10)
            for k, b in enumerate(group)
        ]
        rows.append(hrow(cells, GAP, "start"))
    title = [chip("Cardano's Primero", 22, "note"), chip(f"Pot {view.pot:,}", 20)]
    title.append(chip(f"deck {view.deck_left}", 16))
    title.append(chip(PHASE_NAMES[view.phase], 18, "turn" if view.phase is Phase.OVER else "plain"))
    lines: list[Piece] = [hrow(title, 12)]
    if view.inviter is not None:
        invited = f"Invitation {view.invitation:,} by {view.seats[view.inviter]}"
        lines.append(chip(invited + (" (doubled)" if view.doubled else ""), 16))
    if view.bidder is not None and view.declared[view.bidder] is not None:
        kind = view.declared[view.bidder]
        assert kind is not None
        lines.append(chip(f"{view.seats[view.bidder]} declares {kind_text(kind)} · {view.level:,} each", 16))
    duel = view.duel
    if duel is not None:
        who = f"{view.seats[duel.challenger]} vs {view.seats[duel.dominant]}"
        if duel.case is None:
            lines.append(chip(f"Final duel offered: {who}", 16, "turn"))
        else:
            drew = [draw_card(c, "mini") for c in duel.drawn]
            text = chip(f"Final duel, case {duel.case}: {who} · drew", 16, "turn")
            lines.append(hrow([text, *drew], 6))
    lines.append(vcol(rows, GAP))
    return felt(vcol(lines, 12), MARGIN, width)


def hand_picture(table: TableView, view: CardanoView, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up, in the panel's order, the cards picked to discard raised
    and framed in gold; what the cards make below."""
    seat = view.you
    if seat is None:
        return None
    hand = view.hand or ()
    picked = {int(p) for p in picks if p.isdigit()}
    lift = 26
    large = card_size("large")
    slots: list[tuple[Sheet, bool]] = []
    for place, card in enumerate(hand):
        face = draw_card(card, "large")
        if place in picked:
            top = chip("discard", 15, "turn")
            face = frame(face, GOLD, 4, 4)
        else:
            top = chip("", 15, "note")
        slots.append((vcol([top, face], 4 if place in picked else 8, "center"), place in picked))
    height = max((s.height for s, _ in slots), default=large.height) + lift
    cards: list[Piece] = [Sheet(slot.width, height, [(slot, 0, 0 if up else lift)]) for slot, up in slots]
    hand_row: Piece = hrow(cards, 14, "start") if cards else empty_slot("large")
    title = [chip("Your hand", 22, "note")]
    if view.to_act == seat:
        title.append(chip("your turn", 17, "turn"))
    elif view.folded[seat]:
        title.append(chip("folded", 17, "out"))
    if view.privileged == seat:
        title.append(chip("privilege", 17))
    makes = hrow([label("Your cards make", 17, DIM), chip(view.hand_value or "nothing", 18, "turn")], 8)
    body = vcol([hrow(title, 10), hand_row, makes], 10)
    return felt(body, MARGIN, max(700, body.width + 2 * MARGIN))
