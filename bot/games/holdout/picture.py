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
from bot.art.seats import (
    DIM,
    GAP,
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
    box,
    cell_width,
    chip,
    fan,
    felt,
    hrow,
    hwrap,
    icon,
    named,
    seat_columns,
    seat_head,
    seat_tag,
    takings,
    under,
    vcol,
)
from bot.games.holdout.render import hand_order
from engine.core.cards import Card
from engine.core.text import plural
from engine.holdout.game import LINE_NAMES, HoldoutView, Phase, SeatStatus

if TYPE_CHECKING:
    from bot.games.view import TableView

NARROW = 250
"""A seat box narrower than this (three to a row) wraps its marks under the name and counts
the hand in words rather than drawing its backs."""


def _line_title(view: HoldoutView, line: int) -> str:
    return "The line" if view.options.lines == 1 else f"{LINE_NAMES[line].title()} line"


def _line(view: HoldoutView, line: int) -> Sheet:
    """One line: a place per rank, numbered above, each rank's cards stacked downwards so
    a stacked rank shows every card's index; the places share the picture's width (a mini
    card overlaps the next place's edge, never its index)."""
    ranks = view.options.ranks
    place = min(74, (ROOM + 8) // ranks)
    by_rank: dict[int, list[Card]] = {}
    for card in view.line_cards[line]:
        by_rank.setdefault(card.rank, []).append(card)
    step = card_size("mini").index_box[1]
    items: list[tuple[Piece, int, int]] = []
    number_h = label("0", SMALL).height
    for rank in range(1, ranks + 1):
        cards = by_rank.get(rank)
        number = label(str(rank), SMALL, DIM if not cards else (240, 238, 228))
        pile = fan([draw_card(c, "mini") for c in cards], step, down=True) if cards else empty_slot("mini")
        x = (rank - 1) * place
        items.append((number, x + (card_size("mini").width - number.width) // 2, 0))
        items.append((pile, x, number_h + 2))
    tall = max(y + p.height for p, _, y in items)
    lane = Sheet((ranks - 1) * place + card_size("mini").width, tall, items)
    return vcol([label(_line_title(view, line), NAME), lane], 6)


def _seat(view: HoldoutView, seat: int, width: int) -> Sheet:
    """One seat in a box `width` wide: the name and its marks, the face-down hand and its
    count, then stack, ante and the pass, wrapped so nothing runs past the box (in a narrow
    box, three to a row, the marks wrap under the name and the hand is its count)."""
    inner = width - 20
    name = view.seats[seat]
    status = view.status[seat]
    marks: list[Image] = []
    if seat == view.chilo:
        marks.append(icon("knife", NAME + 8))
    if status is not SeatStatus.IN:
        marks.append(chip(status.value, SMALL, "out"))
    won = view.winner == seat
    turn = view.to_act == seat or (view.phase is Phase.PASS and seat in view.awaiting)
    out = status is not SeatStatus.IN
    tag: Piece = (
        seat_head(name, turn=turn, won=won, out=out, size=NAME, marks=marks, width=inner)
        if width < NARROW
        else seat_tag(name, turn=turn, won=won, out=out, size=NAME, marks=marks, width=inner)
    )
    count = view.hand_sizes[seat]
    notes = [f"stack {view.stacks[seat]:,}"]
    if view.antes[seat]:
        notes.append(f"ante {view.antes[seat]:,}")
    if view.phase is Phase.PASS:
        notes.append("passed" if view.passed[seat] else "choosing…")
    if view.phase is Phase.OVER:
        notes.append(f"{amount(_net(view, seat))} chips")
    words = hwrap([label(note, SMALL, DIM, width=inner) for note in notes], inner, 14, 2, "start")
    if width < NARROW:  # three to a row: the hand as a count alone, a row of the box less
        held: Piece = chip(plural(count, "card"), SMALL, width=inner)
    else:
        hand = backs(count, "mini", 8) if count else empty_slot("mini")
        held = hrow([hand, label(plural(count, "card"), SMALL)], 10)
    body = vcol([tag, held, words], 6)
    return under(box(width, body.height + 20, outline=GOLD if won else None), body, 10, 10)


def _net(view: HoldoutView, seat: int) -> int:
    """A seat's chips for the hand once it is over: the winner takes back everything paid
    in (the text, End of Hand), so each loser is down what they paid."""
    if view.winner == seat:
        return sum(view.paid) - view.paid[seat]
    return -view.paid[seat]


def table_picture(table: TableView, view: HoldoutView) -> Image:
    """The line (two for a double line) with stacked ranks, then every seat: name (gold to
    act, crowned when won), the chilo's knife, the hand as face-down cards, stack and ante;
    at the end, who won, how, and everyone's chips."""
    lines = [_line(view, n) for n in range(len(view.line_cards))]
    n = len(view.seats)
    columns = 1 if n <= 2 else seat_columns(n)
    cells = [_seat(view, s, cell_width(columns)) for s in range(n)]
    seat_rows: list[Piece] = [hrow(cells[i : i + columns], GAP, "start") for i in range(0, n, columns)]
    seats = vcol(seat_rows, GAP)

    title: list[Piece] = [chip("Holdout", TITLE, "note")]
    parts: list[Piece] = []
    if view.phase is Phase.OVER and view.winner is not None:
        title.append(chip("hand over", SMALL, "turn"))
        how = f" · {view.won_by.value}" if view.won_by is not None else ""
        won = named(view.seats[view.winner], f" wins {sum(view.paid):,}{how}", NAME, ROOM)
        parts.append(label(won, NAME, width=ROOM))
        parts.append(takings([(view.seats[s], _net(view, s)) for s in range(n)], SMALL, ROOM, " chips"))
    else:
        title += [chip(f"Pot {view.pot + sum(view.antes):,}", NAME), chip(f"deck {view.deck_left}", SMALL)]
        if view.phase is Phase.PASS:
            title.append(chip("the pass", SMALL, "turn"))
    return felt(vcol([hwrap(title, ROOM, 10, 6, "center"), *parts, *lines, seats], 14), MARGIN, WIDTH)


def hand_picture(table: TableView, view: HoldoutView, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up, lowest rank first (the panel's order), in rows that fit;
    the two received from the right (or chosen to pass) marked above them; the line
    picked noted."""
    seat = view.you
    if seat is None:
        return None
    hand = view.hand or ()
    n = len(view.seats)
    received = set(view.received or ())
    passing = set(view.passed_cards or ()) if view.phase is Phase.PASS else set()
    slots: list[Piece] = []
    for place in hand_order(hand):
        card = hand[place]
        if card in passing:
            mark = chip("to pass", SMALL, "turn")
        elif card in received:
            mark = chip("new", SMALL, "plain")
        else:
            mark = chip("", SMALL, "note")
        slots.append(vcol([mark, draw_card(card, "normal")], 4, "center"))
    cards: Piece = hwrap(slots, ROOM, 8, 8) if slots else empty_slot("normal")

    title: list[Piece] = [chip("Your hand", TITLE, "note"), chip(plural(len(hand), "card"), SMALL)]
    if view.to_act == seat or (view.phase is Phase.PASS and seat in view.awaiting):
        title.append(
            chip("your turn" if view.phase is not Phase.PASS else "choose two to pass", SMALL, "turn")
        )
    if seat == view.chilo:
        title.append(icon("knife", NAME + 8))
    parts: list[Piece] = [hwrap(title, ROOM, 10, 6, "center")]
    if passing:
        parts.append(label(f"To pass to {view.seats[(seat + 1) % n]}", SMALL, DIM, width=ROOM))
    elif received and view.phase is not Phase.PASS:
        parts.append(label(f"New: from {view.seats[(seat - 1) % n]}", SMALL, DIM, width=ROOM))
    parts.append(cards)
    if view.options.lines == 2 and picks and picks[0] in ("0", "1"):
        parts.append(chip(f"Playing into the {LINE_NAMES[int(picks[0])]} line", SMALL, "turn", ROOM))
    if view.passed_cards and view.phase is not Phase.PASS:
        passed = fan([draw_card(c, "mini") for c in view.passed_cards], card_size("mini").index_box[0])
        what = label(f"Passed to {view.seats[(seat + 1) % n]}", SMALL, DIM, width=ROOM - passed.width - 10)
        parts.append(hrow([what, passed], 10))
    return felt(vcol(parts, 10), MARGIN, WIDTH)
