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
from bot.i18n import Lang
from engine.core.msg import Msg
from engine.prefa import Phase
from engine.prefa.hand import PrefaSeen
from engine.prefa.words import cards_of, contract_said, t, tricks_of

if TYPE_CHECKING:
    from bot.games.view import TableView


def _name(seen: PrefaSeen, party: int) -> str:
    return seen.seats[seen.parties.index(party)]


def _phase(phase: Phase) -> Msg:
    """The phase on the title's chip, in a word."""
    if phase is Phase.BIDDING:
        return t("bidding")
    if phase is Phase.KITTY:
        return t("kitty")
    if phase is Phase.CONTRACT:
        return t("contract")
    if phase is Phase.DEFENCE:
        return t("defence")
    return t("play")


def _call(call: str) -> Msg:
    """A defender's call on their seat's chip."""
    if call == "in":
        return t("in")
    if call == "out":
        return t("out")
    if call == "alone":
        return t("alone")
    if call == "take_you":
        return t("take you")
    return t("let alone")


def _seat(seen: PrefaSeen, seat: int, width: int, say: Lang) -> Piece:
    """One seat in a box `width` wide: the name and its marks, then the face-down hand with
    the counts beside it, each on a line of its own so nothing runs past the box."""
    view = seen.view
    party = seen.parties[seat]
    name = seen.seats[seat]
    inner = width - 20
    if party >= 3:
        tag = seat_tag(
            name,
            out=True,
            size=NAME,
            marks=[chip(say(t("deals, sits out"), md=False), SMALL, "note")],
            width=inner,
        )
        notes = [say(t("pouch {n}", n=view.pouches[party]), md=False)]
        if view.phase is Phase.OVER and view.result is not None:
            notes.append(_result(seen, seat, say))
        body = vcol([tag, label(" · ".join(notes), SMALL, DIM, width=width - 20)], 6)
        return under(box(width, body.height + 20), body, 10, 10)
    marks = []
    if party == view.bidder:
        marks.append(chip(say(t("bidder"), md=False), SMALL, "note"))
    call = view.defence[party]
    if call:
        marks.append(chip(say(_call(call), md=False), SMALL, "plain"))
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
    first = [say(cards_of(count), md=False), say(tricks_of(view.tricks[party]), md=False)]
    second = [say(t("pouch {n}", n=view.pouches[party]), md=False)]
    duty = view.duties[party] if view.duties else None
    if duty is not None:
        second.append(say(t("duty {n}", n=duty), md=False))
    if result is not None:
        second.append(_result(seen, seat, say))
    hand = backs(count, "mini", 8) if count else empty_slot("mini")
    room = inner - hand.width - 12
    words = vcol(
        [label(" · ".join(first), SMALL, width=room), label(" · ".join(second), SMALL, DIM, width=room)], 4
    )
    body = vcol([tag, hrow([hand, words], 12)], 6)
    return under(box(width, body.height + 20, outline=GOLD if won else None), body, 10, 10)


def _outcome(seen: PrefaSeen, say: Lang) -> list[Piece]:
    """At the end of the hand: what the contract came to, and each player's chips."""
    view = seen.view
    result = view.result
    if view.phase is not Phase.OVER or result is None:
        return []
    if result.contract is not None and result.bidder is not None and result.made is not None:
        bid = contract_said(result.contract)
        said = t(" made {bid}", bid=bid) if result.made else t(" went down in {bid}", bid=bid)
        line = named(_name(seen, result.bidder), say(said, md=False), SMALL + 2, ROOM)
    else:
        line = say(t("Nobody played a contract"), md=False)
    parts: list[Piece] = [label(line, SMALL + 2, width=ROOM)]
    unit = say(t(" chips") if seen.bankroll else t(" points"), md=False)
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


def _result(seen: PrefaSeen, seat: int, say: Lang) -> str:
    won = amount(_won(seen, seat))
    return say(
        t("{amount} chips", amount=won) if seen.bankroll else t("{amount} points", amount=won), md=False
    )


def table_picture(table: TableView, seen: PrefaSeen) -> Image:
    """The trick (or the last one) in the middle with who played each card, the kitty face
    down while nobody holds it, then every seat, one to a row; at the end, who won what."""
    view = seen.view
    say = table.lang
    title: list[Piece] = [chip(say(t("Prefa"), md=False), TITLE, "note")]
    if view.contract is not None and view.bidder is not None:
        said = t("{player}: {bid}", player=_name(seen, view.bidder), bid=contract_said(view.contract))
        title.append(chip(say(said, md=False), NAME, "turn", ROOM))
    elif view.bid is not None:
        title.append(chip(say(t("bid {bid}", bid=contract_said(view.bid)), md=False), NAME))
    phase = t("hand over") if view.phase is Phase.OVER else _phase(view.phase)
    title.append(chip(say(phase, md=False), SMALL))
    shown = list(view.trick)
    caption = say(t("This trick"), md=False)
    if not shown and view.last_trick is not None:
        last = view.last_trick
        shown = list(zip(last.seats, last.cards, strict=True))
        caption = say(t("Last trick: {player}", player=_name(seen, last.winner)), md=False)
    middle: list[Piece] = []
    if shown:
        cell = card_size("normal").width + 12
        cards = [
            vcol([draw_card(card, "normal"), label(_name(seen, p), SMALL, width=cell)], 4, "center")
            for p, card in shown
        ]
        middle.append(vcol([label(caption, SMALL, DIM, width=ROOM - 180), hrow(cards, 8, "start")], 6))
    if view.bidder is None and view.phase is not Phase.OVER:
        middle.append(vcol([label(say(t("Kitty"), md=False), SMALL, DIM), backs(2, "normal", 30)], 6))
    cells: list[Piece] = [_seat(seen, s, ROOM, say) for s in range(len(seen.seats))]
    parts: list[Piece] = [hwrap(title, ROOM, 10, 6, "center"), *_outcome(seen, say)]
    if middle:
        parts.append(hrow(middle, 24, "start"))
    parts.append(vcol(cells, 10))
    return felt(vcol(parts, 14), MARGIN, WIDTH)


def hand_picture(table: TableView, seen: PrefaSeen, picks: tuple[str, ...]) -> Image | None:
    """The seat's cards face up, by suit, in rows that fit; the two from the kitty marked
    for the bidder."""
    seat = seen.you
    view = seen.view
    say = table.lang
    if seat is None or view.hand is None:
        return None
    hand = view.hand
    kitty = set(view.kitty or ())
    images: list[Piece] = []
    for place in hand_order(hand):
        card = hand[place]
        mark = chip(say(t("kitty"), md=False), SMALL, "turn") if card in kitty else chip("", SMALL, "note")
        images.append(vcol([mark, draw_card(card, "normal")], 4, "center"))
    cards: Piece = hwrap(images, ROOM, 8, 8) if images else empty_slot("normal")
    title: list[Piece] = [
        chip(say(t("Your hand"), md=False), TITLE, "note"),
        chip(say(cards_of(len(hand)), md=False), SMALL),
    ]
    if view.to_act == seen.parties[seat]:
        title.append(chip(say(t("your turn"), md=False), SMALL, "turn"))
    parts: list[Piece] = [hwrap(title, ROOM, 10, 6, "center"), cards]
    if view.discards:
        parts.append(
            hrow(
                [
                    label(say(t("Put away"), md=False), SMALL, DIM),
                    *[draw_card(c, "mini") for c in view.discards],
                ],
                8,
            )
        )
    return felt(vcol(parts, 10), MARGIN, WIDTH)
