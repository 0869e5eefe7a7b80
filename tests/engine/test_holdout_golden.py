"""The rule text's Example of Play (three players, Single Line), replayed on a deal built by
hand: every payment, every move of the chilo and every tableau the text draws.

The text skips the middle of the hand ("Players A and C take several turns ..."). After B
is knocked out, A and C alternate starting with C, so an odd number of cards joins the
line before A's blind 1, while the line the text draws at that moment has eight more
cards than before. We play seven (one 8 where the text draws two) and keep every number
the text does state: A has one card left when she takes seconds, C has two when he is
knocked out, and he pays 2. See docs/RULES.md, Holdout decision 22.
"""

from __future__ import annotations

from engine.holdout import Holdout, PassCards, Phase, PlayCard, SeatStatus, Seconds, WonBy

from .holdout_helpers import card, cards, dealt, hand, shorts

# As dealt (five each, in seat order A, B, C), then the up card and the deck's front.
DEALT = ("Lo4 Fr3 Sw3 Cr7 Cr8", "Lo3 Fr9 Lo1 Sw2 Cu2", "Fr5 Cu4 Lo7 Cu5 Sw9")
UP = "Cr6"
FRONT = "Cr10 Sw6 Lo8 Cu7 Fr1 Sw10"
# Each passes two to the left: A her 7 and 8 to B, B his pair of 2s to C, C a 5 and 9 to A.
PASSES = ("Cr7 Cr8", "Sw2 Cu2", "Cu5 Sw9")

# (seat, move, chips that seat pays, chilo holder after, the line after)
A, B, C = 0, 1, 2
STEPS: list[tuple[int, PlayCard | Seconds, int, int, str]] = [
    # "She plays first, adding a 4 ... This costs her 2 coins"
    (A, PlayCard(card=card("Lo4")), 2, A, "- - - 4 - 6 - - - -"),
    # "Player B plays a 3 ... paying 1 coin ... They take the chilo"
    (B, PlayCard(card=card("Lo3")), 1, B, "- - 3 4 - 6 - - - -"),
    # "Player C chooses to 'second' ... a 10 ... costs him nothing ... takes the chilo"
    (C, Seconds(), 0, C, "- - 3 4 - 6 - - - 10"),
    # "Player A plays a 3 ... pays 3 coins ... She does not earn the chilo"
    (A, PlayCard(card=card("Fr3")), 3, C, "- - 33 4 - 6 - - - 10"),
    # "Player B plays a card from the deck, which is a 6 ... knocked out. They pay 4 coins"
    # (the ante goes into the pot as well: counted below, not in this column)
    (B, Seconds(), 4, C, "- - 33 4 - 66 - - - 10"),
    # The skipped middle (our choice): C a new 5 (1), A seconds a new 8 (free, chilo), C a
    # new 2 (1, chilo), A a known 3 (3), C seconds a new 7 (free), A a known 5 (5), C a
    # known 2 (2).
    (C, PlayCard(card=card("Fr5")), 1, C, "- - 33 4 5 66 - - - 10"),
    (A, Seconds(), 0, A, "- - 33 4 5 66 - 8 - 10"),
    (C, PlayCard(card=card("Sw2")), 1, C, "- 2 33 4 5 66 - 8 - 10"),
    (A, PlayCard(card=card("Sw3")), 3, C, "- 2 333 4 5 66 - 8 - 10"),
    (C, Seconds(), 0, C, "- 2 333 4 5 66 7 8 - 10"),
    (A, PlayCard(card=card("Cu5")), 5, C, "- 2 333 4 55 66 7 8 - 10"),
    (C, PlayCard(card=card("Cu2")), 2, C, "- 22 333 4 55 66 7 8 - 10"),
    # "until Player A has just one card left, and decides to play a card from the top of
    # the deck. This card is a 1 ... she takes the chilo" (the text draws 88 here)
    (A, Seconds(), 0, A, "1 22 333 4 55 66 7 8 - 10"),
    # "this card is another 10, and he is knocked out. This costs him 2 coins"
    (C, Seconds(), 2, A, "1 22 333 4 55 66 7 8 - 1010"),
]


def example() -> Holdout:
    g = dealt(DEALT, UP, FRONT, chilo=A)
    for seat, passed in enumerate(PASSES):
        g.apply(seat, PassCards(cards=tuple(cards(passed))))  # type: ignore[arg-type]
    return g


def test_golden_deal_and_pass() -> None:
    g = example()
    assert g.phase is Phase.PLAY and g.to_act == A and g.chilo == A
    assert hand(g, A) == "Lo4 Fr3 Sw3 Sw9 Cu5"
    assert hand(g, B) == "Cr7 Cr8 Lo1 Lo3 Fr9"
    assert hand(g, C) == "Lo7 Fr5 Sw2 Cu2 Cu4"
    view = g.view(None)
    # "Each player antes 1 coin": kept in front, the pot is empty.
    assert view.pot == 0 and view.antes == (1, 1, 1) and view.stacks == (99, 99, 99)
    assert view.line_text == ("- - - - - 6 - - - -",)


def test_golden_every_payment_chilo_and_tableau() -> None:
    g = example()
    paid = [1, 1, 1]
    for number, (seat, move, cost, chilo, line) in enumerate(STEPS, start=1):
        assert g.to_act == seat, f"step {number}"
        assert g.cost(seat, move) >= cost
        g.apply(seat, move)
        paid[seat] += cost
        view = g.view(None)
        assert view.line_text == (line,), f"step {number}"
        assert view.chilo == chilo, f"step {number}"
        assert list(view.paid) == paid, f"step {number}"
        if number == 5:
            # B: knocked out with 4 cards, pays 4 and pushes the ante.
            assert view.status[B] is SeatStatus.KNOCKED_OUT and view.antes == (1, 0, 1)
            assert view.pot == 2 + 1 + 3 + 4 + 1
        if number == 13:
            # A has just one card left as she takes seconds; C holds two.
            assert view.hand_sizes == (1, 0, 2)
    view = g.view(None)
    assert view.status == (SeatStatus.IN, SeatStatus.KNOCKED_OUT, SeatStatus.KNOCKED_OUT)
    assert view.phase is Phase.OVER and view.winner == A and view.won_by is WonBy.LAST_PLAYER


def test_golden_a_takes_the_pot_and_every_ante() -> None:
    g = example()
    for seat, move, *_ in STEPS:
        g.apply(seat, move)
    outcome = g.outcome
    assert outcome is not None
    # A: ante 1 + 2 + 3 + 3 + 5; B: ante 1 + 1 + 4; C: ante 1 + 1 + 1 + 2 + 2.
    assert outcome.paid_in == (14, 6, 7)
    assert outcome.paid_out == (27, 0, 0) and outcome.winners == (A,)
    view = g.view(None)
    assert view.stacks == (113, 94, 93) and view.pot == 0 and view.antes == (0, 0, 0)
    assert g.events[-1].text == "A is the last player left and wins the pot and antes: 27 chips."
    # A's last card, the 9, was never shown.
    assert shorts(g.view(A).hand or ()) == "Sw9"
    assert not any("🟤9" in e.text for e in g.events)


def test_golden_event_log() -> None:
    g = example()
    for seat, move, *_ in STEPS[:5]:
        g.apply(seat, move)
    assert [e.text for e in g.events[5:]] == [
        "A plays 🔵4, a new rank: pays 2 chips and keeps the chilo.",
        "B plays 🔵3, a new rank: pays 1 chip and takes the chilo.",
        "C takes seconds: 🔴10, a new rank — free, and takes the chilo.",
        "A plays 🟢3 on a rank already there: pays 3 chips.",
        "B takes seconds: 🟤6, a rank already there — knocked out, paying 4 chips for 4 cards in hand; "
        "the ante goes to the pot.",
    ]
