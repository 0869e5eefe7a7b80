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
from bot.games.holdout.render import hand_order, line_title, won_by_words
from bot.i18n import Lang
from engine.core.cards import Card
from engine.core.msg import Markup
from engine.holdout.game import HoldoutView, Phase, SeatStatus, cards_of, t

if TYPE_CHECKING:
    from bot.games.view import TableView

NARROW = 250
"""A seat box narrower than this (three to a row) wraps its marks under the name and counts
the hand in words rather than drawing its backs."""


def _signed(say: Lang, chips: int) -> str:
    """`amount` ("+40", "−15", "±0") with the language's digit grouping."""
    number = say.number(abs(chips))
    return f"+{number}" if chips > 0 else f"−{number}" if chips < 0 else "±0"


def _line(view: HoldoutView, line: int, say: Lang) -> Sheet:
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
    return vcol([label(say(line_title(view, line), md=False), NAME), lane], 6)


def _seat(view: HoldoutView, seat: int, width: int, say: Lang) -> Sheet:
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
        word = t("folded") if status is SeatStatus.FOLDED else t("knocked out")
        marks.append(chip(say(word, md=False), SMALL, "out"))
    won = view.winner == seat
    turn = view.to_act == seat or (view.phase is Phase.PASS and seat in view.awaiting)
    out = status is not SeatStatus.IN
    tag: Piece = (
        seat_head(name, turn=turn, won=won, out=out, size=NAME, marks=marks, width=inner)
        if width < NARROW
        else seat_tag(name, turn=turn, won=won, out=out, size=NAME, marks=marks, width=inner)
    )
    count = view.hand_sizes[seat]
    notes = [say(t("stack {n}", n=view.stacks[seat]), md=False)]
    if view.antes[seat]:
        notes.append(say(t("ante {n}", n=view.antes[seat]), md=False))
    if view.phase is Phase.PASS:
        notes.append(say(t("passed") if view.passed[seat] else t("choosing…"), md=False))
    if view.phase is Phase.OVER:
        notes.append(say(t("{amount} chips", amount=Markup(_signed(say, _net(view, seat)))), md=False))
    words = hwrap([label(note, SMALL, DIM, width=inner) for note in notes], inner, 14, 2, "start")
    if width < NARROW:  # three to a row: the hand as a count alone, a row of the box less
        held: Piece = chip(say(cards_of(count), md=False), SMALL, width=inner)
    else:
        hand = backs(count, "mini", 8) if count else empty_slot("mini")
        held = hrow([hand, label(say(cards_of(count), md=False), SMALL)], 10)
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
    say = table.lang
    lines = [_line(view, n, say) for n in range(len(view.line_cards))]
    n = len(view.seats)
    columns = 1 if n <= 2 else seat_columns(n)
    cells = [_seat(view, s, cell_width(columns), say) for s in range(n)]
    seat_rows: list[Piece] = [hrow(cells[i : i + columns], GAP, "start") for i in range(0, n, columns)]
    seats = vcol(seat_rows, GAP)

    title: list[Piece] = [chip("Holdout", TITLE, "note")]
    parts: list[Piece] = []
    if view.phase is Phase.OVER and view.winner is not None:
        title.append(chip(say(t("hand over"), md=False), SMALL, "turn"))
        total = sum(view.paid)
        rest = (
            t(" wins {total} · {how}", total=total, how=won_by_words(view.won_by))
            if view.won_by is not None
            else t(" wins {total}", total=total)
        )
        won = named(view.seats[view.winner], say(rest, md=False), NAME, ROOM)
        parts.append(label(won, NAME, width=ROOM))
        unit = say(t(" chips"), md=False)
        parts.append(takings([(view.seats[s], _net(view, s)) for s in range(n)], SMALL, ROOM, unit))
    else:
        title += [
            chip(say(t("Pot {n}", n=view.pot + sum(view.antes)), md=False), NAME),
            chip(say(t("deck {n}", n=Markup(str(view.deck_left))), md=False), SMALL),
        ]
        if view.phase is Phase.PASS:
            title.append(chip(say(t("the pass"), md=False), SMALL, "turn"))
    return felt(vcol([hwrap(title, ROOM, 10, 6, "center"), *parts, *lines, seats], 14), MARGIN, WIDTH)


def hand_picture(table: TableView, view: HoldoutView, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up, lowest rank first (the panel's order), in rows that fit;
    the two received from the right (or chosen to pass) marked above them; the line
    picked noted."""
    seat = view.you
    if seat is None:
        return None
    say = table.lang
    hand = view.hand or ()
    n = len(view.seats)
    received = set(view.received or ())
    passing = set(view.passed_cards or ()) if view.phase is Phase.PASS else set()
    slots: list[Piece] = []
    for place in hand_order(hand):
        card = hand[place]
        if card in passing:
            mark = chip(say(t("to pass"), md=False), SMALL, "turn")
        elif card in received:
            mark = chip(say(t("new"), md=False), SMALL, "plain")
        else:
            mark = chip("", SMALL, "note")
        slots.append(vcol([mark, draw_card(card, "normal")], 4, "center"))
    cards: Piece = hwrap(slots, ROOM, 8, 8) if slots else empty_slot("normal")

    title: list[Piece] = [
        chip(say(t("Your hand"), md=False), TITLE, "note"),
        chip(say(cards_of(len(hand)), md=False), SMALL),
    ]
    if view.to_act == seat or (view.phase is Phase.PASS and seat in view.awaiting):
        turn = t("your turn") if view.phase is not Phase.PASS else t("choose two to pass")
        title.append(chip(say(turn, md=False), SMALL, "turn"))
    if seat == view.chilo:
        title.append(icon("knife", NAME + 8))
    parts: list[Piece] = [hwrap(title, ROOM, 10, 6, "center")]
    if passing:
        to = say(t("To pass to {player}", player=view.seats[(seat + 1) % n]), md=False)
        parts.append(label(to, SMALL, DIM, width=ROOM))
    elif received and view.phase is not Phase.PASS:
        new = say(t("New: from {player}", player=view.seats[(seat - 1) % n]), md=False)
        parts.append(label(new, SMALL, DIM, width=ROOM))
    parts.append(cards)
    if view.options.lines == 2 and picks and picks[0] in ("0", "1"):
        into = t("Playing into the top line") if picks[0] == "0" else t("Playing into the bottom line")
        parts.append(chip(say(into, md=False), SMALL, "turn", ROOM))
    if view.passed_cards and view.phase is not Phase.PASS:
        passed = fan([draw_card(c, "mini") for c in view.passed_cards], card_size("mini").index_box[0])
        to = say(t("Passed to {player}", player=view.seats[(seat + 1) % n]), md=False)
        what = label(to, SMALL, DIM, width=ROOM - passed.width - 10)
        parts.append(hrow([what, passed], 10))
    return felt(vcol(parts, 10), MARGIN, WIDTH)
