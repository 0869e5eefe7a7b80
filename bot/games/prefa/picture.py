"""Prefa drawn with the card kit: the current trick in the middle, each seat's hand face
down with its count, the kitty face down until it is taken, tricks taken and pouches.

The table is drawn from the public view alone (`view(None)`); the hand picture from the
seat's own view, for its ephemeral panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL.Image import Image

from bot.art import draw_card, empty_slot, label
from bot.art.cards import card_size
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
    amount,
    backs,
    box,
    chip,
    felt,
    hrow,
    hwrap,
    named,
    seat_tag,
    takings,
    under,
    vcol,
)
from bot.games.prefa.render import hand_order
from engine.core.text import plural
from engine.prefa import Phase
from engine.prefa.hand import PrefaSeen

if TYPE_CHECKING:
    from bot.games.view import TableView


def _name(seen: PrefaSeen, party: int) -> str:
    return seen.seats[seen.parties.index(party)]


def _seat(seen: PrefaSeen, seat: int, width: int) -> Piece:
    """One seat in a box `width` wide: the name and its marks, then the face-down hand with
    the counts beside it, each on a line of its own so nothing runs past the box."""
    view = seen.view
    party = seen.parties[seat]
    name = seen.seats[seat]
    inner = width - 20
    if party >= 3:
        tag = seat_tag(name, out=True, size=NAME, marks=[chip("deals, sits out", SMALL, "note")], width=inner)
        notes = [f"pouch {view.pouches[party]}"]
        if view.phase is Phase.OVER and view.result is not None:
            notes.append(_result(seen, seat))
        body = vcol([tag, label(" · ".join(notes), SMALL, DIM, width=width - 20)], 6)
        return under(box(width, body.height + 20), body, 10, 10)
    marks = []
    if party == view.bidder:
        marks.append(chip("bidder", SMALL, "note"))
    if view.defence[party]:
        marks.append(chip(str(view.defence[party]).replace("_", " "), SMALL, "plain"))
    result = view.result if view.phase is Phase.OVER else None
    won = result is not None and _won(seen, seat) > 0
    tag = seat_tag(
        name,
        turn=view.to_act == party,
        won=won,
        out=view.defence[party] == "out",
        size=NAME,
        marks=marks,
        width=inner,
    )
    count = view.hand_sizes[party]
    first = [plural(count, "card"), plural(view.tricks[party], "trick")]
    second = [f"pouch {view.pouches[party]}"]
    duty = view.duties[party] if view.duties else None
    if duty is not None:
        second.append(f"duty {duty}")
    if result is not None:
        second.append(_result(seen, seat))
    hand = backs(count, "mini", 8) if count else empty_slot("mini")
    room = inner - hand.width - 12
    words = vcol(
        [label(" · ".join(first), SMALL, width=room), label(" · ".join(second), SMALL, DIM, width=room)], 4
    )
    body = vcol([tag, hrow([hand, words], 12)], 6)
    return under(box(width, body.height + 20, outline=GOLD if won else None), body, 10, 10)


def _outcome(seen: PrefaSeen) -> list[Piece]:
    """At the end of the hand: what the contract came to, and each player's chips."""
    view = seen.view
    result = view.result
    if view.phase is not Phase.OVER or result is None:
        return []
    if result.contract is not None and result.bidder is not None and result.made is not None:
        said = "made" if result.made else "went down in"
        line = named(_name(seen, result.bidder), f" {said} {result.contract.text}", SMALL + 2, ROOM)
    else:
        line = "Nobody played a contract"
    parts: list[Piece] = [label(line, SMALL + 2, width=ROOM)]
    unit = " chips" if seen.bankroll else " points"
    results = [(seen.seats[s], _won(seen, s)) for s in range(len(seen.seats))]
    if any(won for _, won in results):
        parts.append(takings(results, SMALL, ROOM, unit))
    return [vcol(parts, 8)]


def _won(seen: PrefaSeen, seat: int) -> int:
    """What table seat `seat` won (+) or lost (−) in the hand: Prefa's chips from the score
    and any settlement of the game's end; at a bankroll table those are paid at the
    stake, at a scoreboard table they are points on the sheet and no chips move."""
    result = seen.view.result
    prefa = (result.chips[seen.parties[seat]] if result is not None else 0) + seen.settlement[seat]
    return prefa * seen.stake if seen.bankroll else prefa


def _result(seen: PrefaSeen, seat: int) -> str:
    return f"{amount(_won(seen, seat))} {'chips' if seen.bankroll else 'points'}"


def table_picture(table: TableView, seen: PrefaSeen) -> Image:
    """The trick (or the last one) in the middle with who played each card, the kitty face
    down while nobody holds it, then every seat, one to a row; at the end, who won what."""
    view = seen.view
    title: list[Piece] = [chip("Prefa", TITLE, "note")]
    if view.contract is not None and view.bidder is not None:
        title.append(chip(f"{_name(seen, view.bidder)}: {view.contract.text}", NAME, "turn", ROOM))
    elif view.bid is not None:
        title.append(chip(f"bid {view.bid.text}", NAME))
    title.append(chip("hand over" if view.phase is Phase.OVER else view.phase.value, SMALL))
    shown = list(view.trick)
    caption = "This trick"
    if not shown and view.last_trick is not None:
        last = view.last_trick
        shown = list(zip(last.seats, last.cards, strict=True))
        caption = f"Last trick: {_name(seen, last.winner)}"
    middle: list[Piece] = []
    if shown:
        cell = card_size("normal").width + 12
        cards = [
            vcol([draw_card(card, "normal"), label(_name(seen, p), SMALL, width=cell)], 4, "center")
            for p, card in shown
        ]
        middle.append(vcol([label(caption, SMALL, DIM, width=ROOM - 180), hrow(cards, 8, "start")], 6))
    if view.bidder is None and view.phase is not Phase.OVER:
        middle.append(vcol([label("Kitty", SMALL, DIM), backs(2, "normal", 30)], 6))
    cells: list[Piece] = [_seat(seen, s, ROOM) for s in range(len(seen.seats))]
    parts: list[Piece] = [hwrap(title, ROOM, 10, 6, "center"), *_outcome(seen)]
    if middle:
        parts.append(hrow(middle, 24, "start"))
    parts.append(vcol(cells, 10))
    return felt(vcol(parts, 14), MARGIN, WIDTH)


def hand_picture(table: TableView, seen: PrefaSeen, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up, by suit, in rows that fit; the two from the kitty marked
    for the bidder."""
    seat = seen.you
    view = seen.view
    if seat is None or view.hand is None:
        return None
    hand = view.hand
    kitty = set(view.kitty or ())
    images: list[Piece] = []
    for place in hand_order(hand):
        card = hand[place]
        mark = chip("kitty", SMALL, "turn") if card in kitty else chip("", SMALL, "note")
        images.append(vcol([mark, draw_card(card, "normal")], 4, "center"))
    cards: Piece = hwrap(images, ROOM, 8, 8) if images else empty_slot("normal")
    title: list[Piece] = [chip("Your hand", TITLE, "note"), chip(plural(len(hand), "card"), SMALL)]
    if view.to_act == seen.parties[seat]:
        title.append(chip("your turn", SMALL, "turn"))
    parts: list[Piece] = [hwrap(title, ROOM, 10, 6, "center"), cards]
    if view.discards:
        parts.append(hrow([label("Put away", SMALL, DIM), *[draw_card(c, "mini") for c in view.discards]], 8))
    return felt(vcol(parts, 10), MARGIN, WIDTH)
