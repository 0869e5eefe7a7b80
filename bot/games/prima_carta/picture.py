"""Prima Carta drawn with the card kit: the five stacks, the discard pile, the pot.

Drawn from the public view alone (`PrimaCartaView`), which holds every card that is face up:
the stacks and the discard pile. The deck order a finished hand reveals (`view.order`) is
for checking the commitment, not for the picture, and is never drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL.Image import Image

from bot.art import draw_card, empty_slot, label
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
    Tone,
    box,
    chip,
    discards,
    fan,
    felt,
    hrow,
    hwrap,
    named,
    seat_tag,
    takings,
    vcol,
)
from bot.art.shapes import pip
from bot.i18n import Lang
from engine.core.cards import POSTAS_50
from engine.core.msg import Markup, Msg
from engine.prima_carta.game import (
    SUIT_NAMES,
    SUITS,
    Phase,
    PrimaCartaView,
    SeatStatus,
    StackView,
    WonBy,
    t,
    tn,
)

if TYPE_CHECKING:
    from bot.games.view import TableView

COLUMN = ROOM // 5
STACK_STEP = 34
"""A stack is one suit in rank order, so each covered card need only show its rank."""
WON_BY = {
    WonBy.FIRST_PASS: t("a suit completed in the first pass"),
    WonBy.LAST_STANDING: t("everyone else folded"),
    WonBy.COMPLETED: t("the first suit completed"),
    WonBy.TALLEST: t("the tallest stack"),
}


def _suit(stack: StackView) -> Msg:
    return SUIT_NAMES[SUITS.index(stack.suit)]


def seat_name(table: TableView, seat: int, fallback: str) -> str:
    """The display name of the member dealt into engine seat `seat` (a member who left
    since: `fallback`)."""
    try:
        choice = table.hand_choice(seat)
    except Exception:  # a damaged match: the picture still draws
        return fallback
    return next((s.name for s in table.seats if s.choice == choice), fallback)


def _pile(stack: StackView, step: int = STACK_STEP) -> Piece:
    if not stack.cards:
        return empty_slot("normal")
    pile = fan([draw_card(card) for card in stack.cards], step, down=True)
    if stack.complete:
        ring = box(pile.width + 10, pile.height + 10, (0, 0, 0, 0), outline=GOLD)
        return Sheet(ring.width, ring.height, [(ring, 0, 0), (pile, 5, 5)])
    return pile


def payouts(view: PrimaCartaView) -> list[int]:
    """What each seat took at the end of the hand, from the public view: the winner the
    pot (everything paid in and carried in, less the corte and any cobre), the dealer the
    corte at a tavern table (the engine's `outcome`, which the table settles by)."""
    out = [0] * len(view.seats)
    if view.winner is None:
        return out
    out[view.winner] = sum(view.paid) + view.carried_in - view.corte - view.cobre
    if view.corte and not view.house and view.dealer is not None:
        out[view.dealer] += view.corte
    return out


def _status(view: PrimaCartaView, seat: int) -> Msg:
    status = view.status[seat]
    if view.winner == seat:
        return t("won {n}", n=payouts(view)[seat])
    if status is SeatStatus.FOLDED:
        return t("folded · paid {n}", n=view.paid[seat])
    if status is SeatStatus.UNDECIDED and view.phase is Phase.COPA:
        return t("copa {n}?", n=view.copa_price[seat])
    return t("in · paid {n}", n=view.paid[seat])


def _heading(stack: StackView, say: Lang) -> Piece:
    """A stack's suit, drawn and named, to fit its column."""
    suit = pip(POSTAS_50, stack.suit, 22)
    return hrow([suit, label(say(_suit(stack), md=False), SMALL, width=COLUMN - suit.width - 6)], 6)


def _owner(table: TableView, view: PrimaCartaView, stack: StackView, prima: bool) -> Piece:
    """A line for one owned stack: its suit, its owner (gold to act, crowned when won) and
    where they stand, fitting the picture's width."""
    suit = pip(POSTAS_50, stack.suit, 22)
    seat = stack.owner
    assert seat is not None
    tone: Tone = "turn" if view.to_act == seat else "note"
    say = table.lang
    status = t("{status} · prima", status=_status(view, seat)) if prima else _status(view, seat)
    state = chip(say(status, md=False), SMALL, tone)
    tag = seat_tag(
        seat_name(table, seat, say(_suit(stack), md=False)),
        turn=view.to_act == seat,
        won=view.winner == seat,
        out=view.status[seat] is SeatStatus.FOLDED,
        size=NAME,
        width=ROOM - suit.width - state.width - 16,
    )
    return hrow([suit, tag, state], 8)


def _outcome(table: TableView, view: PrimaCartaView) -> list[Piece]:
    """At the end of the hand: who won how much and how, and each player's chips."""
    if view.winner is None:
        return []
    say = table.lang
    took = payouts(view)
    suits = [say(SUIT_NAMES[SUITS.index(suit)], md=False) for suit in view.seats]
    names = [seat_name(table, s, suits[s]) for s in range(len(view.seats))]
    rest = (
        t(" wins {n} · {how}", n=took[view.winner], how=WON_BY[view.won_by])
        if view.won_by is not None
        else t(" wins {n}", n=took[view.winner])
    )
    said = named(names[view.winner], say(rest, md=False), NAME, ROOM)
    parts: list[Piece] = [label(said, NAME, width=ROOM)]
    nets = [(names[s], took[s] - view.paid[s]) for s in range(len(view.seats))]
    parts.append(takings(nets, SMALL, ROOM, say(t(" chips"), md=False)))
    if view.cobre and view.cobre_rule == "carry":
        carried = say(t("cobre {n} stays for the next hand", n=view.cobre), md=False)
        parts.append(label(carried, SMALL, DIM, width=ROOM))
    return parts


def table_picture(table: TableView, view: PrimaCartaView) -> Image:
    """The stacks in suit order (the dealing order of the text: Crowns, Locks, Fruit,
    Swords, Cups) — in Cinco, in the order their first cards came off the deck — then a
    line per stack naming its owner and their state; the discard pile in dealing order,
    wrapped into rows; the pass and the pot above (at the end, who won what). Before the
    first card nothing is dealt, so nothing is drawn but empty places and the deck."""
    say = table.lang
    prima_suit = view.seats[view.prima] if view.prima is not None and view.prima < len(view.seats) else None
    stacks = _ordered(view)
    columns = [vcol([_heading(s, say), _pile(s)], 8, "center") for s in stacks]
    tall = max(c.height for c in columns)
    board = Sheet(ROOM, tall, [(c, n * COLUMN + (COLUMN - c.width) // 2, 0) for n, c in enumerate(columns)])
    owned = [_owner(table, view, s, s.suit == prima_suit) for s in stacks if s.owner is not None]
    free = [
        hrow([pip(POSTAS_50, s.suit, 22), chip(say(_suit(s), md=False), SMALL, "out")], 6)
        for s in stacks
        if s.owner is None
    ]
    if free:  # the suits nobody backs, on one line
        owned.append(hwrap([chip(say(t("Unowned:"), md=False), SMALL, "note"), *free], ROOM, 10, 6, "start"))
    owners = vcol(owned, 6)

    name = {"cinco": "Cinco", "jasper": "Prima Carta · Jasper"}.get(view.variant, "Prima Carta")
    heading = t("{game} · pass {number}", game=Markup(name), number=view.pass_number)
    title: list[Piece] = [chip(say(heading, md=False), TITLE, "note")]
    if view.phase is not Phase.OVER:
        title.append(chip(say(t("Pot {n}", n=view.pot), md=False), NAME))
    if view.corte:
        title.append(chip(say(t("corte {n}", n=view.corte), md=False), SMALL, "note"))
    if view.cobre:
        title.append(chip(say(t("cobre {n}", n=view.cobre), md=False), SMALL, "note"))
    if view.bets_open:
        title.append(chip(say(t("bets open"), md=False), SMALL, "turn"))
    elif view.phase is Phase.COPA and view.to_act is not None:
        title.append(chip(say(t("copa round"), md=False), SMALL, "turn"))
    elif view.phase is Phase.OVER:
        title.append(chip(say(t("hand over"), md=False), SMALL, "turn"))

    count = len(view.discard)
    cards = tn("{n} card", "{n} cards", n=count)
    what = say(
        t("Discard pile · {cards} · dealt from the left next pass", cards=cards)
        if count
        else t("Discard pile · {cards}", cards=cards),
        md=False,
    )
    parts = [
        hwrap(title, ROOM, 10, 6, "center"),
        *_outcome(table, view),
        board,
        owners,
        discards(what, view.discard, view.undealt, say(t("{n} undealt", n=view.undealt), md=False)),
    ]
    return felt(vcol(parts, 14), MARGIN, WIDTH)


def _ordered(view: PrimaCartaView) -> list[StackView]:
    """The stacks as the table lays them out: suit order, or in Cinco the order their first
    cards came off the deck (the text, Cinco), any suit not yet started last."""
    if view.variant != "cinco":
        return list(view.stacks)
    by_suit = {stack.suit: stack for stack in view.stacks}
    first = [by_suit[suit] for suit in view.appearance]
    return first + [stack for stack in view.stacks if stack.suit not in view.appearance]


def hand_picture(table: TableView, view: PrimaCartaView) -> Image | None:
    """A seated player's own suit: their stack laid out in rank order, and what the copa
    costs them (or where they stand). None for an onlooker."""
    seat = view.you
    if seat is None or seat >= len(view.seats):
        return None
    suit = view.seats[seat]
    stack = next(s for s in view.stacks if s.suit == suit)
    cards = [draw_card(c) for c in stack.cards]
    step = min(56, (ROOM - cards[0].width) // max(1, len(cards) - 1)) if cards else 0
    pile: Piece = fan(cards, step) if cards else empty_slot("normal")
    say = table.lang
    mark = pip(POSTAS_50, suit, 26)
    yours = say(t("Your suit · {suit}", suit=_suit(stack)), md=False)
    heading = hrow([mark, label(yours, TITLE, width=ROOM - mark.width - 8)], 8)
    counted = label(say(t("{n} of 10 cards", n=stack.size), md=False), SMALL, DIM)
    status = chip(say(_status(view, seat), md=False), SMALL, "turn" if view.to_act == seat else "plain", ROOM)
    body = vcol([heading, pile, hwrap([counted, status], ROOM, 14, 6, "center")], 12)
    return felt(body, MARGIN, WIDTH)
