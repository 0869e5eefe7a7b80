"""Golden hands: decks built by hand, every stack, pile and chip worked out on paper."""

from __future__ import annotations

from engine.prima_carta import Copa, Fold, Phase, PrimaCarta, SeatStatus, WonBy

from .helpers import cards, game, shorts

# Worked by hand (see the comments in the tests):
# 1-5    Lo3 Cr5 Fr1 Sw1 Cu1      each first card of a suit founds its stack; Lo3 came first
# 6-9    Cr7 Cr6 Lo5 Lo4          Cr7 waits on the pile, Cr6 plays and Cr7 follows; same for locks
# 10-12  Fr2 Sw2 Cu2              play up
# 13-20  Fr10 .. Fr4 Fr3          seven discards, then Fr3 plays and Fr4..Fr10 follow off the pile:
#                                 fruit (unowned) completes, the deal goes on
# 21-25  Sw4 Cu4 Cr9 Lo7 Sw10     all wanted later, buried under Sw10
# 26-29  Sw3 Cu3 Cr8 Lo6          play up; Sw10 on top blocks the buried cards
# 30-50  Cr10 Lo8 Cr1 Lo9 Cr2 Lo10 Cr3 Lo1 Cr4 Lo2 Sw5..Sw9 Cu5..Cu10: nothing plays
GOLDEN = cards(
    "Lo3 Cr5 Fr1 Sw1 Cu1 Cr7 Cr6 Lo5 Lo4 Fr2 Sw2 Cu2 "
    "Fr10 Fr9 Fr8 Fr7 Fr6 Fr5 Fr4 Fr3 "
    "Sw4 Cu4 Cr9 Lo7 Sw10 Sw3 Cu3 Cr8 Lo6 "
    "Cr10 Lo8 Cr1 Lo9 Cr2 Lo10 Cr3 Lo1 Cr4 Lo2 Sw5 Sw6 Sw7 Sw8 Sw9 Cu5 Cu6 Cu7 Cu8 Cu9 Cu10"
)
FIRST_PASS_DISCARD = (
    "Sw4 Cu4 Cr9 Lo7 Sw10 Cr10 Lo8 Cr1 Lo9 Cr2 Lo10 Cr3 Lo1 Cr4 Lo2 "
    "Sw5 Sw6 Sw7 Sw8 Sw9 Cu5 Cu6 Cu7 Cu8 Cu9 Cu10"
)


def stacks(g: PrimaCarta) -> dict[str, str]:
    return {stack.suit: shorts(stack.cards) for stack in g.view(None).stacks}


def test_golden_deck_is_a_full_deck() -> None:
    assert len(GOLDEN) == 50 and len(set(GOLDEN)) == 50


def test_golden_first_pass() -> None:
    g = game(GOLDEN, ("crowns", "locks"), stake=2)
    view = g.view(None)
    assert view.phase is Phase.COPA
    assert stacks(g) == {
        "crowns": "Cr5 Cr6 Cr7 Cr8",
        "locks": "Lo3 Lo4 Lo5 Lo6",
        "fruit": "Fr1 Fr2 Fr3 Fr4 Fr5 Fr6 Fr7 Fr8 Fr9 Fr10",
        "swords": "Sw1 Sw2 Sw3",
        "cups": "Cu1 Cu2 Cu3",
    }
    assert shorts(view.discard) == FIRST_PASS_DISCARD
    assert shorts(view.passes[0].played) == (
        "Lo3 Cr5 Fr1 Sw1 Cu1 Cr6 Cr7 Lo4 Lo5 Fr2 Sw2 Cu2 Fr3 Fr4 Fr5 Fr6 Fr7 Fr8 Fr9 Fr10 Sw3 Cu3 Cr8 Lo6"
    )
    assert view.passes[0].stacks == [4, 4, 10, 3, 3]
    assert view.passes[0].dealt == 50 and view.undealt == 0
    # Lo3 was the very first card, so Locks (seat 1) is prima and decides first.
    assert view.prima == 1 and view.to_act == 1
    assert view.pot == 4 and view.paid == [2, 2]
    assert view.copa_price == [8, 8]


def test_golden_two_payers_crowns_finishes_on_pass_two() -> None:
    g = game(GOLDEN, ("crowns", "locks"), stake=2)
    g.apply(1, Copa(amount=8))
    assert g.to_act == 0
    events = g.apply(0, Copa(amount=8))
    # Pass 2 deals the pile bottom first: Sw4 Cu4 Cr9 Lo7 play, Sw10 waits, then crowns and
    # locks alternate up until Cr4, the 14th card, completes Crowns (5..10, 1..4).
    view = g.view(None)
    assert view.phase is Phase.OVER and view.winner == 0 and view.won_by is WonBy.COMPLETED
    assert view.passes[1].dealt == 14
    assert shorts(view.passes[1].played) == "Sw4 Cu4 Cr9 Lo7 Cr10 Lo8 Cr1 Lo9 Cr2 Lo10 Cr3 Lo1 Cr4"
    assert stacks(g) == {
        "crowns": "Cr5 Cr6 Cr7 Cr8 Cr9 Cr10 Cr1 Cr2 Cr3 Cr4",
        "locks": "Lo3 Lo4 Lo5 Lo6 Lo7 Lo8 Lo9 Lo10 Lo1",
        "fruit": "Fr1 Fr2 Fr3 Fr4 Fr5 Fr6 Fr7 Fr8 Fr9 Fr10",
        "swords": "Sw1 Sw2 Sw3 Sw4",
        "cups": "Cu1 Cu2 Cu3 Cu4",
    }
    assert shorts(view.discard) == "Sw10"
    assert view.undealt == 12
    outcome = g.outcome
    assert outcome is not None
    assert outcome.paid_in == (10, 10) and outcome.paid_out == (20, 0) and outcome.winners == (0,)
    assert [e.kind for e in events] == ["copa", "pass", "win"]


def test_golden_folded_crowns_completes_but_locks_wins() -> None:
    g = game(GOLDEN, ("crowns", "locks", "swords"))
    assert g.to_act == 1  # Locks is prima, then Swords, then Crowns (wrapping)
    g.apply(1, Copa(amount=4))
    g.apply(2, Copa(amount=3))
    g.apply(0, Fold())
    view = g.view(None)
    # Crowns still completes with Cr4 (card 14) but is folded, so the deal goes on: Lo2,
    # card 15, completes Locks, the first live suit to hold all ten.
    assert view.stacks[0].complete and view.status[0] is SeatStatus.FOLDED
    assert view.winner == 1 and view.passes[1].dealt == 15
    assert shorts(view.stacks[1].cards) == "Lo3 Lo4 Lo5 Lo6 Lo7 Lo8 Lo9 Lo10 Lo1 Lo2"
    outcome = g.outcome
    assert outcome is not None
    assert outcome.paid_in == (1, 5, 4) and outcome.paid_out == (0, 10, 0)
