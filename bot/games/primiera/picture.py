"""Primiera drawn with the card kit: the table cards, each seat's hand face down, the
robot's pile, the taken piles with their sweeps face up; and a player's own cards.

The table is drawn from the public view alone (`view(None)`): a hand is a count of
face-down cards, the robot's pile is face down until a Herald turns it up, a card laid
face down for the table is a back until the four are turned up. The hand picture is
drawn from the seat's own view, for its ephemeral panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL.Image import Image

from bot.art import card_back, draw_card, empty_slot, label
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
    chip,
    fan,
    felt,
    frame,
    hrow,
    hwrap,
    seat_tag,
    takings,
    under,
    vcol,
)
from bot.games.results import shown_scores
from bot.i18n import Lang
from engine.core.cards import Card
from engine.core.msg import Domain, Join
from engine.primiera import Phase, Play, Primiera, PrimieraView, capture_value_of, primiera_value_of
from engine.primiera.game import TARGETS

if TYPE_CHECKING:
    from bot.games.view import TableView

t = Domain("primiera")
"""The picture's words, in the `primiera` catalogue (drawn in the reader's language)."""


def _pile(count: int, say: Lang) -> Piece:
    """A taken pile: a few backs and the count."""
    took = say(t("took {n}", n=count), md=False)
    if not count:
        return chip(took, SMALL, "out")
    return hrow([backs(min(count, 5), "mini", 6), chip(took, SMALL)], 6)


def _seat(table: TableView, view: PrimieraView, seat: int, width: int) -> Sheet:
    """One seat's things, laid out to sit in a box `width` wide (10 pixels in)."""
    room = width - 20
    say = table.lang
    marks: list[Image] = []
    if seat == view.dealer:
        marks.append(chip(say(t("dealer"), md=False), SMALL, "note"))
    if seat == view.robot:
        marks.append(chip(say(t("robot"), md=False), SMALL, "note"))
    over = view.phase is Phase.OVER
    points = view.score.points[seat] if view.score is not None else None
    if points:
        marks.append(chip(f"+{points}", SMALL, "turn"))
    tag = seat_tag(
        view.seats[seat], turn=seat in view.awaiting and not over, size=NAME, marks=marks, width=room
    )
    parts: list[Piece] = [tag]
    if seat == view.robot and view.robot_cards is None:
        size = view.hand_sizes[seat]
        parts.append(
            hrow(
                [
                    backs(size, "mini", 8) if size else empty_slot("mini"),
                    chip(say(t("pile {n}", n=size), md=False), SMALL),
                ],
                8,
            )
        )
    elif seat == view.robot and view.robot_cards is not None:
        cards = [draw_card(c, "mini") for c in view.robot_cards]
        parts.append(fan(cards, 30) if cards else empty_slot("mini"))
    else:
        size = view.hand_sizes[seat]
        hand: Piece = backs(size, "mini", 12) if size else empty_slot("mini")
        if view.phase is Phase.LAY and view.laid[seat]:
            hand = hrow(
                [hand, vcol([label(say(t("laid"), md=False), SMALL, DIM), card_back("mini")], 2)], 10, "end"
            )
        parts.append(hand)
    parts.append(_pile(len(view.taken[seat]), say))
    if view.sweeps[seat]:
        sweeps = [draw_card(c, "mini") for c in view.sweeps[seat]]
        word = label(say(t("sweeps"), md=False), SMALL, DIM)
        step = max(8, min(24, (room - word.width - 8 - sweeps[0].width) // max(1, len(sweeps) - 1)))
        parts.append(hrow([word, fan(sweeps, step)], 8))
    score = shown_scores(table.match).get(table.hand_choice(seat), 0)
    target = table.match.target or TARGETS[view.options.form]
    parts.append(
        label(say(t("score {score}/{target}", score=score, target=target), md=False), SMALL, DIM, width=room)
    )
    return vcol(parts, 6)


def _teams(view: PrimieraView, say: Lang) -> str:
    if view.teams is None:
        return say(t("Teams: not yet known") if view.options.heralds else t("Teams: —"), md=False)
    pairs = [team for team in view.teams if len(team) > 1]
    if not pairs:
        return say(t("Everyone alone"), md=False)
    sides = Join(tuple(Join(tuple(view.seats[s] for s in team), "amp") for team in view.teams), "vs")
    return say(t("Teams: {sides}", sides=sides), md=False)


def table_picture(table: TableView, view: PrimieraView) -> Image:
    """Header: the form, the teams and the stock; the table cards; a box per seat."""
    n = len(view.seats)
    say = table.lang
    columns = 2
    cell_w = (ROOM - GAP) // columns
    bodies = [_seat(table, view, s, cell_w) for s in range(n)]
    rows: list[Piece] = []
    for i in range(0, n, columns):
        group = bodies[i : i + columns]
        tall = max(b.height for b in group) + 20
        cells = [
            under(box(cell_w, tall, outline=GOLD if i + k in view.awaiting else None), b, 10, 10)
            for k, b in enumerate(group)
        ]
        rows.append(hrow(cells, GAP, "start"))
    if view.phase is Phase.LAY:
        middle: Piece = hrow(
            [card_back("normal") for laid in view.laid if laid] or [empty_slot("normal")], 10
        )
    elif view.table:
        faces = [draw_card(c) for c in view.table]
        middle = hrow(faces, 8)
        if middle.width > ROOM:  # overlapped, each card's index still showing
            middle = fan(
                faces, max(card_size("normal").index_box[0], (ROOM - faces[0].width) // (len(faces) - 1))
            )
            if middle.width > ROOM:
                middle = hwrap(
                    [
                        fan(faces[i : i + 10], card_size("normal").index_box[0])
                        for i in range(0, len(faces), 10)
                    ],
                    ROOM,
                )
    else:
        middle = empty_slot("normal")
    title: list[Piece] = [chip("Primiera", TITLE, "note")]
    if view.stock:
        title.append(chip(say(t("stock {n}", n=view.stock), md=False), SMALL))
    if view.phase is Phase.OVER:
        title.append(chip(say(t("round over"), md=False), SMALL, "turn"))
    parts: list[Piece] = [hwrap(title, ROOM, 10, 6, "center"), chip(_teams(view, say), SMALL, width=ROOM)]
    if view.phase is Phase.OVER and view.score is not None:
        points = view.score.points
        unit = say(t(" points"), md=False)
        parts.append(takings([(view.seats[s], points[s]) for s in range(n)], SMALL, ROOM, unit))
    return felt(vcol([*parts, middle, vcol(rows, GAP)], 12), MARGIN, WIDTH)


def hand_picture(table: TableView, view: PrimieraView, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up with their values; a picked card framed in gold and, below,
    each capture it may make drawn as the cards that would go."""
    seat = view.you
    if seat is None:
        return None
    say = table.lang
    hand = view.hand or ()
    picked = int(picks[0]) if picks and picks[0].isdigit() else None
    slots: list[Piece] = []
    for place, card in enumerate(hand):
        face: Piece = draw_card(card, "normal")
        if place == picked:
            face = frame(draw_card(card, "normal"), GOLD, 4, 4)
        values = chip(
            f"{capture_value_of(card)} · P{primiera_value_of(card)}",
            SMALL,
            "turn" if place == picked else "plain",
        )
        slots.append(vcol([face, values], 4, "center"))
    mine = t("The robot's cards") if seat == view.robot else t("Your hand")
    title = [chip(say(mine, md=False), TITLE, "note")]
    if seat in view.awaiting:
        title.append(chip(say(t("your turn"), md=False), SMALL, "turn"))
    parts: list[Piece] = [
        hwrap(title, ROOM, 10, 6, "center"),
        hwrap(slots, ROOM, 8, 8, "start") if slots else empty_slot("normal"),
    ]
    if slots:  # the key to the chips under the cards
        parts.append(
            label(
                say(t("under each card: capture value · P primiera points"), md=False), SMALL, DIM, width=ROOM
            )
        )
    if view.laid_card is not None:
        parts.append(
            hrow(
                [
                    label(say(t("For the table (face down):"), md=False), SMALL, DIM),
                    draw_card(view.laid_card, "mini"),
                ],
                8,
            )
        )
    if view.table and view.phase is Phase.PLAY:
        word = label(say(t("Table:"), md=False), SMALL, DIM)
        minis = [draw_card(c, "mini") for c in view.table]
        parts.append(hrow([word, hwrap(minis, ROOM - word.width - 8, 6, 6)], 8, "start"))
    if picked is not None and picked < len(hand) and view.phase is Phase.PLAY and view.to_act == seat:
        options = _captures(table, view, hand[picked])
        if options:
            choices: list[Piece] = [
                hrow([chip(str(n + 1), SMALL), fan([draw_card(c, "mini") for c in option], 40)], 6)
                for n, option in enumerate(options[:8])
            ]
            lines: list[Piece] = [
                label(say(t("The framed card can take:"), md=False), SMALL),
                hwrap(choices, ROOM, 16, 8, "center"),
            ]
            parts.append(vcol(lines, 6))
    return felt(vcol(parts, 10), MARGIN, WIDTH)


def _captures(table: TableView, view: PrimieraView, card: Card) -> list[tuple[Card, ...]]:
    """The captures the picked card may make, from the game at the table (legal moves are
    what the seat itself may do: nothing hidden)."""
    game = table.game
    if not isinstance(game, Primiera) or view.you is None:
        return []
    return [a.capture for a in game.legal_actions(view.you) if isinstance(a, Play) and a.card == card]
