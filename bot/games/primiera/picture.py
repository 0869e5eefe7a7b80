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
from engine.primiera import Phase, Play, Primiera, PrimieraView, capture_value_of, primiera_value_of
from engine.primiera.game import TARGETS

if TYPE_CHECKING:
    from bot.games.view import TableView

MARGIN = 24
GAP = 12
WIDTH = 880


def _pile(count: int) -> Piece:
    """A taken pile: a few backs and the count."""
    if not count:
        return chip("took 0", 14, "out")
    return hrow([backs(min(count, 5), "mini", 6), chip(f"took {count}", 14)], 6)


def _seat(table: TableView, view: PrimieraView, seat: int, width: int) -> Sheet:
    marks: list[Image] = []
    if seat == view.dealer:
        marks.append(chip("dealer", 14, "note"))
    if seat == view.robot:
        marks.append(chip("robot", 14, "note"))
    over = view.phase is Phase.OVER
    points = view.score.points[seat] if view.score is not None else None
    if points:
        marks.append(chip(f"+{points}", 15, "turn"))
    tag = seat_tag(view.seats[seat], turn=seat in view.awaiting and not over, size=18, marks=marks)
    parts: list[Piece] = [tag]
    if seat == view.robot and view.robot_cards is None:
        size = view.hand_sizes[seat]
        parts.append(
            hrow([backs(size, "mini", 8) if size else empty_slot("mini"), chip(f"pile {size}", 14)], 8)
        )
    elif seat == view.robot and view.robot_cards is not None:
        cards = [draw_card(c, "mini") for c in view.robot_cards]
        parts.append(fan(cards, 30) if cards else empty_slot("mini"))
    else:
        size = view.hand_sizes[seat]
        hand: Piece = backs(size, "mini", 12) if size else empty_slot("mini")
        if view.phase is Phase.LAY and view.laid[seat]:
            hand = hrow([hand, vcol([label("laid", 13, DIM), card_back("mini")], 2)], 10, "end")
        parts.append(hand)
    bottom: list[Piece] = [_pile(len(view.taken[seat]))]
    if view.sweeps[seat]:
        bottom.append(label("sweeps", 14, DIM))
        bottom.append(fan([draw_card(c, "mini") for c in view.sweeps[seat]], 24))
    parts.append(hrow(bottom, 8))
    score = table.match.scores.get(table.hand_choice(seat), 0)
    parts.append(label(f"score {score}/{table.match.target or TARGETS[view.options.form]}", 14, DIM))
    return vcol(parts, 6)


def _teams(view: PrimieraView) -> str:
    if view.teams is None:
        return "Teams: not yet known" if view.options.heralds else "Teams: —"
    pairs = [team for team in view.teams if len(team) > 1]
    if not pairs:
        return "Everyone alone"
    return "Teams: " + " vs ".join(" & ".join(view.seats[s] for s in team) for team in view.teams)


def table_picture(table: TableView, view: PrimieraView) -> Image:
    """Header: the form, the teams and the stock; the table cards; a box per seat."""
    n = len(view.seats)
    columns = 2
    cell_w = (WIDTH - 2 * MARGIN - GAP) // columns
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
        middle = hrow([draw_card(c) for c in view.table], 8)
        if middle.width > WIDTH - 2 * MARGIN:
            middle = fan(
                [draw_card(c) for c in view.table], max(20, (WIDTH - 2 * MARGIN - 90) // len(view.table))
            )
    else:
        middle = empty_slot("normal")
    title = [chip("Primiera", 22, "note"), chip(_teams(view), 16)]
    if view.stock:
        title.append(chip(f"stock {view.stock}", 16))
    if view.phase is Phase.OVER:
        title.append(chip("round over", 16, "turn"))
    return felt(vcol([hrow(title, 10), middle, vcol(rows, GAP)], 12), MARGIN, WIDTH)


def hand_picture(table: TableView, view: PrimieraView, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up with their values; a picked card framed in gold and, below,
    each capture it may make drawn as the cards that would go."""
    seat = view.you
    if seat is None:
        return None
    hand = view.hand or ()
    picked = int(picks[0]) if picks and picks[0].isdigit() else None
    slots: list[Piece] = []
    for place, card in enumerate(hand):
        face: Piece = draw_card(card, "normal")
        if place == picked:
            face = frame(draw_card(card, "normal"), GOLD, 4, 4)
        values = chip(
            f"{capture_value_of(card)} · P{primiera_value_of(card)}",
            13,
            "turn" if place == picked else "plain",
        )
        slots.append(vcol([face, values], 4, "center"))
    title = [chip("The robot's cards" if seat == view.robot else "Your hand", 22, "note")]
    if seat in view.awaiting:
        title.append(chip("your turn", 17, "turn"))
    parts: list[Piece] = [hrow(title, 10), hrow(slots, 8, "start") if slots else empty_slot("normal")]
    if view.laid_card is not None:
        parts.append(
            hrow([label("For the table (face down):", 16, DIM), draw_card(view.laid_card, "mini")], 8)
        )
    if view.table and view.phase is Phase.PLAY:
        parts.append(hrow([label("Table:", 16, DIM), *(draw_card(c, "mini") for c in view.table)], 6))
    if picked is not None and picked < len(hand) and view.phase is Phase.PLAY and view.to_act == seat:
        options = _captures(table, view, hand[picked])
        if options:
            lines: list[Piece] = [label(f"{hand[picked].short} can take:", 16)]
            for n, option in enumerate(options[:8]):
                lines.append(hrow([chip(str(n + 1), 14), *(draw_card(c, "mini") for c in option)], 6))
            parts.append(vcol(lines, 6))
    body = vcol(parts, 10)
    return felt(body, MARGIN, max(640, body.width + 2 * MARGIN))


def _captures(table: TableView, view: PrimieraView, card: Card) -> list[tuple[Card, ...]]:
    """The captures the picked card may make, from the game at the table (legal moves are
    what the seat itself may do: nothing hidden)."""
    game = table.game
    if not isinstance(game, Primiera) or view.you is None:
        return []
    return [a.capture for a in game.legal_actions(view.you) if isinstance(a, Play) and a.card == card]
