"""Building Primiera deals and positions by hand, for the rule, golden and player tests.

Cards are written rank then suit: A 2-7 F C R (ace, pips, Fante, Cavallo, Re) and d c s b
(denari = Coins, coppe = Cups, spade = Swords, bastoni = Clubs): "7d" is the seven of
coins, "Fb" the Fante of Clubs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.cards import ITALIAN_40, Card
from engine.primiera import Primiera, PrimieraOptions
from tests.helpers.cards import PRIMIERA

NAMES = ("Ana", "Bo", "Cy", "Di")

c, cs, shorts = PRIMIERA.card, PRIMIERA.cards, PRIMIERA.shorts


def rotation(dealer: int, count: int) -> list[int]:
    """Seats from the dealer's right, going right, the dealer last."""
    return [(dealer - 1 - k) % count for k in range(count)]


def heralds_order(hands: Sequence[str], dealer: int) -> list[Card]:
    """The deck order that deals each seat its ten cards (one ace each: its Herald)."""
    cards = [cs(hand) for hand in hands]
    seq = rotation(dealer, 4)
    heralds = [next(card for card in cards[seat] if card.rank == 1) for seat in seq]
    rest = [[card for card in cards[seat] if card.rank != 1] for seat in range(4)]
    assert all(len(r) == 9 for r in rest), "each hand is one Herald and nine cards"
    order = list(heralds)
    for j in range(9):
        order += [rest[seat][j] for seat in seq]
    assert len(set(order)) == 40
    return order


def scopone_order(hands: Sequence[str], table: str, dealer: int) -> list[Card]:
    """Packets of 3-2-3-2-3: three to each from the dealer's right, two to the table..."""
    cards = [cs(hand) for hand in hands]
    down = cs(table)
    seq = rotation(dealer, 4)
    order: list[Card] = []
    for packet in range(3):
        for seat in seq:
            order += cards[seat][3 * packet : 3 * packet + 3]
        if packet < 2:
            order += down[2 * packet : 2 * packet + 2]
    assert len(set(order)) == 40
    return order


def small_order(hands: Sequence[str], table: str, stock: str, dealer: int) -> list[Card]:
    """Two or three players: the first hands one card at a time, four to the table, then the
    stock in dealing order."""
    cards = [cs(hand) for hand in hands]
    seq = rotation(dealer, len(hands))
    order = [cards[seat][j] for j in range(len(cards[0])) for seat in seq]
    order += cs(table) + cs(stock)
    assert len(set(order)) == 40
    return order


def position(
    form: str,
    hands: Sequence[str],
    table: str,
    to_act: int,
    *,
    dealer: int = 1,
    taken: Sequence[str] | None = None,
    sweeps: Sequence[str] | None = None,
    rest_to: int | None = None,
    herald: tuple[str, int] | None = None,
    last_capture: int | None = None,
) -> Primiera:
    """A round in the middle of play: these hands (the robot's is its pile, top first), this
    table, `to_act` to play. Every card not placed is in the taken pile of `rest_to` (the
    dealer by default), so all 40 are accounted for. Built through `from_json`, so the
    position passes the same checks as a saved round."""
    options = PrimieraOptions(form=form)  # type: ignore[arg-type]
    count = options.seats
    base = Primiera.new(options, NAMES[:count] if form != "robot" else _robot_names(dealer), 0, dealer)
    data: dict[str, Any] = base.to_json()
    placed = [cs(h) for h in hands]
    on_table = cs(table)
    piles = [cs(t) for t in taken] if taken is not None else [[] for _ in range(count)]
    used = {card for group in [*placed, on_table, *piles] for card in group}
    assert len(used) == sum(len(g) for g in [*placed, on_table, *piles]), "a card appears twice"
    rest = [card for card in ITALIAN_40.cards() if card not in used]
    piles[dealer if rest_to is None else rest_to] += rest
    from engine.primiera import herald_teams

    teams = None
    if herald is not None:
        code = ITALIAN_40.cards().index(c(herald[0]))
        teams = [list(team) for team in herald_teams(code, herald[1])]
    data.update(
        phase="play",
        to_act=to_act,
        hands=[[card.code for card in h] for h in placed],
        laid=[None] * count,
        table=[card.code for card in on_table],
        taken=[[card.code for card in p] for p in piles],
        sweeps=[[card.code for card in cs(s)] for s in sweeps] if sweeps else [[] for _ in range(count)],
        herald=None if herald is None else [c(herald[0]).code, herald[1]],
        teams=teams,
        robot_open=bool(form == "robot" and teams is not None and len(teams[0]) == 2),
        last_capture=last_capture,
        next=40,
    )
    return Primiera.from_json(data)


def _robot_names(dealer: int) -> tuple[str, ...]:
    names = list(NAMES)
    names[(dealer + 2) % 4] = "Robot"
    return tuple(names)
