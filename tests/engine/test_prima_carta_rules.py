"""One named test per Prima Carta rule (docs/RULES.md), on decks built by hand."""

from __future__ import annotations

import itertools

import pytest

from engine.core.cards import POSTAS_50, VINES_55
from engine.core.errors import BadSetup, IllegalAction, NotYourTurn
from engine.core.rng import commitment, shuffled
from engine.prima_carta import Copa, Fold, Phase, PrimaCarta, PrimaCartaOptions, SeatStatus, WonBy

from .helpers import card, cards, deck, game, golden, shorts

GOLDEN = golden()

ALL = ("crowns", "locks", "fruit", "swords", "cups")


# ------------------------------------------------------------------- seats and set-up


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (("crowns",), "2 to 5 players"),
        ((*ALL, "crowns"), "2 to 5 players"),
        (("crowns", "crowns"), "different suit"),
        (("locks", "crowns"), "suit order"),
        (("crowns", "hearts"), "not a Postas suit"),
    ],
)
def test_seats_are_two_to_five_distinct_suits_in_suit_order(seats: tuple[str, ...], message: str) -> None:
    with pytest.raises(BadSetup, match=message):
        PrimaCarta.new(PrimaCartaOptions(), seats, seed=1)


def test_stake_must_be_at_least_one() -> None:
    with pytest.raises(ValueError):
        PrimaCartaOptions(stake=0)


def test_deck_must_be_the_fifty_postas_cards() -> None:
    with pytest.raises(BadSetup, match="50 Postas cards"):
        game(GOLDEN[:-1])
    with pytest.raises(BadSetup, match="50 Postas cards"):
        game([*GOLDEN[:-1], VINES_55.card("crowns", 11)])
    with pytest.raises(BadSetup, match="50 Postas cards"):  # the right suit and rank, the wrong deck
        game([*GOLDEN[:-1], VINES_55.card(GOLDEN[-1].suit, GOLDEN[-1].rank)])


def test_dealer_is_recorded_and_must_be_a_seat() -> None:
    assert game(GOLDEN, dealer=1).view(None).dealer == 1
    with pytest.raises(BadSetup):
        game(GOLDEN, dealer=2)


def test_spiga_puts_one_stake_per_seat_in_the_pot() -> None:
    g = game(GOLDEN, ("crowns", "locks", "fruit", "cups"), stake=3)
    view = g.view(None)
    assert view.pot == 12 and view.paid == [3, 3, 3, 3]
    assert g.events[0].kind == "spiga"


def test_new_is_deterministic_for_a_seed_and_commits_to_the_deal() -> None:
    a = PrimaCarta.new(PrimaCartaOptions(), ALL, seed=99)
    b = PrimaCarta.new(PrimaCartaOptions(), ALL, seed=99)
    assert a.to_json() == b.to_json()
    assert list(a.order) == shuffled(POSTAS_50.cards(), 99)
    assert a.commitment == commitment(99, a.order)
    assert PrimaCarta.new(PrimaCartaOptions(), ALL, seed=100).order != a.order


def test_seed_and_order_are_revealed_only_when_the_hand_is_over() -> None:
    g = game(GOLDEN, seats=("crowns", "locks"))
    assert g.view(0).seed is None and g.view(0).order is None
    g.apply(1, Fold())
    view = g.view(None)
    assert view.seed == 0 and view.order == GOLDEN


# ------------------------------------------------------------------------- first pass


def test_first_card_of_each_suit_is_its_foundation() -> None:
    g = game(deck("Cr8 Lo2 Sw10"))
    assert shorts(g.log[0].played[:3]) == "Cr8 Lo2 Sw10"
    assert [s.cards[0] for s in g.view(None).stacks[:2]] == cards("Cr8 Lo2")


def test_only_the_next_rank_plays_up() -> None:
    g = game(deck("Cr5 Cr4 Cr7 Cr6"))
    # Cr4 is lower and Cr7 skips a rank: both are discarded; Cr6 plays, then Cr7 off the
    # pile, while Cr4 stays (Crowns now needs the 8).
    assert shorts(g.log[0].played[:3]) == "Cr5 Cr6 Cr7"
    assert card("Cr4") in g.view(None).discard


def test_ace_plays_up_on_the_ten() -> None:
    g = game(deck("Lo10 Lo1 Lo2"))
    assert shorts(g.log[0].played[:3]) == "Lo10 Lo1 Lo2"


def test_top_discard_is_checked_before_each_new_card() -> None:
    # Cr7 and Lo4 go to the pile (Lo4 on top); Lo3 plays and Lo4 comes off the pile before
    # the next card is dealt; Cr6 then plays and Cr7, the new top, follows.
    g = game(deck("Cr5 Lo2 Cr7 Lo4 Lo3 Cr6 Fr1"))
    assert shorts(g.log[0].played[:7]) == "Cr5 Lo2 Lo3 Lo4 Cr6 Cr7 Fr1"


def test_discard_pile_can_play_several_cards_in_a_row() -> None:
    g = game(deck("Sw1 Sw5 Sw4 Sw3 Sw2"))
    assert shorts(g.log[0].played[:5]) == "Sw1 Sw2 Sw3 Sw4 Sw5"


def test_top_discard_is_checked_after_the_last_card() -> None:
    # The golden deck with Cu4 moved to the very end, after Cu5: the last card Cu4 plays,
    # then Cu5 comes off the pile although no card follows.
    order = [c for c in GOLDEN if c not in cards("Cu4 Cu5")] + cards("Cu5 Cu4")
    g = game(order)
    assert shorts(g.log[0].played[-2:]) == "Cu4 Cu5"
    assert shorts(g.view(None).discard[-1:]) == "Cu10"


def test_every_stack_holds_at_least_two_cards_after_a_full_first_pass() -> None:
    # A suit's second card can never be dealt before its foundation (it would be the
    # foundation), so it always plays when it comes: the text's "at least 2 cards".
    for seed in range(200):
        g = PrimaCarta.new(PrimaCartaOptions(), ("crowns", "cups"), seed=seed)
        if g.phase is Phase.COPA:
            assert min(s.size for s in g.view(None).stacks) >= 2


def test_owned_suit_completing_in_first_pass_wins() -> None:
    g = game(deck("Cr3 Cr4 Cr5 Cr6 Cr7 Cr8 Cr9 Cr10 Cr1 Cr2"), ("crowns", "cups"))
    view = g.view(None)
    assert view.phase is Phase.OVER and view.winner == 0 and view.won_by is WonBy.FIRST_PASS
    # The deal stops at once: the other 40 cards stay undealt, nobody pays a copa.
    assert view.passes[0].dealt == 10 and view.undealt == 40
    outcome = g.outcome
    assert outcome is not None and outcome.paid_in == (1, 1) and outcome.paid_out == (2, 0)
    assert g.legal_actions(0) == [] and g.legal_actions(1) == []


def test_unowned_suit_completing_in_first_pass_does_not_end_hand() -> None:
    g = game(GOLDEN, ("crowns", "locks"))
    assert g.view(None).stacks[2].complete  # Fruit, nobody's suit
    assert g.phase is Phase.COPA and g.view(None).undealt == 0


# ---------------------------------------------------------------------- prima and copa


def test_prima_is_owner_of_the_first_card() -> None:
    g = game(deck("Sw4"), ("crowns", "locks", "swords"))
    assert g.prima == 2 and g.to_act == 2


def test_prima_is_next_owned_suit_when_first_card_unowned() -> None:
    g = game(deck("Fr4"), ("crowns", "locks", "swords"))
    assert g.prima == 2


def test_prima_wraps_round_to_crowns_after_cups() -> None:
    g = game(deck("Cu4"), ("crowns", "locks", "swords"))
    assert g.prima == 0


def test_copa_turn_goes_to_the_left_in_suit_order_wrapping() -> None:
    g = game(deck("Sw4"), ("locks", "swords", "cups"))
    order = []
    while (seat := g.to_act) is not None and len(order) < 3:
        order.append(seat)
        g.apply(seat, g.legal_actions(seat)[0])
    assert order == [1, 2, 0]


def test_copa_costs_stack_size_times_stake() -> None:
    g = game(GOLDEN, ("crowns", "locks", "swords"), stake=5)
    sizes = {s.suit: s.size for s in g.view(None).stacks}
    assert g.legal_actions(1) == [Copa(amount=sizes["locks"] * 5), Fold()]
    assert g.view(None).copa_price == [20, 20, 15]
    g.apply(1, Copa(amount=20))
    assert g.view(None).paid == [5, 25, 5]


def test_wrong_copa_amount_is_refused() -> None:
    g = game(GOLDEN, ("crowns", "locks"))
    before = g.to_json()
    with pytest.raises(IllegalAction, match=r"The copa for your stack is 4 chips\."):
        g.apply(1, Copa(amount=3))
    assert g.to_json() == before


def test_wrong_seat_is_refused_without_change() -> None:
    g = game(GOLDEN, ("crowns", "locks"))
    before = g.to_json()
    with pytest.raises(NotYourTurn, match=r"It isn't your turn — waiting for Locks\."):
        g.apply(0, Copa(amount=4))
    with pytest.raises(NotYourTurn):
        g.apply(7, Fold())
    assert g.to_json() == before
    assert g.legal_actions(0) == []


def test_nonsense_action_is_refused() -> None:
    g = game(GOLDEN, ("crowns", "locks"))
    with pytest.raises(IllegalAction, match="pay the copa or fold"):
        g.apply(1, {"kind": "raise"})
    with pytest.raises(IllegalAction):
        g.apply(1, "fold")  # type: ignore[arg-type]


def test_action_may_arrive_as_json() -> None:
    g = game(GOLDEN, ("crowns", "locks", "swords"))
    g.apply(1, {"kind": "copa", "amount": 4})
    g.apply(2, {"kind": "fold"})
    assert g.statuses()[1:] == (SeatStatus.LIVE, SeatStatus.FOLDED)


def test_nothing_to_decide_after_the_hand_is_over() -> None:
    g = game(GOLDEN, ("crowns", "locks"))
    g.apply(1, Fold())
    with pytest.raises(NotYourTurn, match="hand is over"):
        g.apply(0, Copa(amount=4))


def test_lone_live_player_wins_at_once() -> None:
    # Locks (prima) and Swords fold: Crowns is the only one left and wins without paying.
    g = game(GOLDEN, ("crowns", "locks", "swords"))
    g.apply(1, Fold())
    events = g.apply(2, Fold())
    view = g.view(None)
    assert view.winner == 0 and view.won_by is WonBy.LAST_STANDING
    assert view.pass_number == 1  # no more passes are dealt
    outcome = g.outcome
    assert outcome is not None
    assert outcome.paid_in == (1, 1, 1) and outcome.paid_out == (3, 0, 0)
    assert [e.kind for e in events] == ["fold", "win"]


def test_payer_wins_when_everyone_after_folds() -> None:
    g = game(GOLDEN, ("crowns", "locks", "swords"))
    g.apply(1, Copa(amount=4))
    g.apply(2, Fold())
    g.apply(0, Fold())
    outcome = g.outcome
    assert outcome is not None
    assert outcome.winners == (1,) and outcome.paid_in == (1, 5, 1) and outcome.paid_out == (0, 7, 0)


def test_folded_players_lose_what_they_paid() -> None:
    g = game(GOLDEN, ("crowns", "locks", "swords"))
    g.apply(1, Copa(amount=4))
    g.apply(2, Copa(amount=3))
    g.apply(0, Fold())
    outcome = g.outcome
    assert outcome is not None
    assert outcome.net(2) == -4 and outcome.net(0) == -1 and outcome.net(1) == 5


# --------------------------------------------------------------------- later passes


def test_second_pass_deals_first_discarded_card_first() -> None:
    g = game(GOLDEN, ("crowns", "locks"))
    pile = list(g.view(None).discard)
    g.apply(1, Copa(amount=4))
    g.apply(0, Copa(amount=4))
    # Sw4 was the first card discarded in pass 1 and is the first card of pass 2.
    assert pile[0] == card("Sw4") and g.log[1].played[0] == card("Sw4")


def test_later_passes_check_the_pile_top_before_each_card() -> None:
    # The golden deck with Cr1 and Cr10 swapped in the (all-discard) tail of pass 1. In
    # pass 2 Sw10 and Cr1 wait on the new pile (Crowns needs the 10); Lo8 plays; Cr10
    # plays and Cr1, now on top, follows before Lo9 is dealt; Sw10 stays under it.
    order = golden()
    i, j = order.index(card("Cr10")), order.index(card("Cr1"))
    order[i], order[j] = order[j], order[i]
    g = game(order, ("crowns", "locks"))
    g.apply(1, Copa(amount=4))
    g.apply(0, Copa(amount=4))
    assert shorts(g.log[1].played[:8]) == "Sw4 Cu4 Cr9 Lo7 Lo8 Cr10 Cr1 Lo9"


def test_folded_suit_completing_does_not_end_hand() -> None:
    g = game(GOLDEN, ("crowns", "locks", "swords"))
    g.apply(1, Copa(amount=4))
    g.apply(2, Copa(amount=3))
    g.apply(0, Fold())
    assert g.view(None).stacks[0].complete
    assert g.winner == 1


def test_every_later_pass_promotes_a_card_and_the_hand_ends() -> None:
    for seed in range(300):
        g = PrimaCarta.new(PrimaCartaOptions(), ALL, seed=seed)
        while (seat := g.to_act) is not None:
            g.apply(seat, g.legal_actions(seat)[0])
        assert g.outcome is not None
        sizes = [sum(p.stacks) for p in g.log]
        assert all(b > a for a, b in itertools.pairwise(sizes))


def test_winner_is_the_first_live_suit_to_complete() -> None:
    for seed in range(200):
        g = PrimaCarta.new(PrimaCartaOptions(), ALL, seed=seed)
        while (seat := g.to_act) is not None:
            g.apply(seat, g.legal_actions(seat)[seed % 2 if seat != g.prima else 0])
        view = g.view(None)
        if view.won_by is WonBy.COMPLETED:
            winner_suit = view.seats[view.winner or 0]
            last = view.passes[-1].played[-1]
            assert last.suit == winner_suit
            assert view.status[view.winner or 0] is SeatStatus.LIVE


# ------------------------------------------------------------------------ the view


def test_view_shape_for_a_seat_and_an_onlooker() -> None:
    g = game(GOLDEN, ("crowns", "locks"))
    seat = g.view(1)
    assert seat.you == 1 and seat.legal == [Copa(amount=4), Fold()]
    assert g.view(0).legal == [] and g.view(None).legal == []
    assert [s.owner for s in seat.stacks] == [0, 1, None, None, None]
    assert seat.status == [SeatStatus.UNDECIDED, SeatStatus.UNDECIDED]
    assert seat.prima_card == card("Lo3")
    dumped = seat.model_dump(mode="json")
    assert dumped["prima_card"] == "locks:3" and dumped["legal"][0] == {"kind": "copa", "amount": 4}


def test_events_read_as_a_table_log() -> None:
    g = game(GOLDEN, ("crowns", "locks"))
    g.apply(1, Copa(amount=4))
    g.apply(0, Copa(amount=4))
    texts = [e.text for e in g.events]
    assert texts[0] == "Spiga: each of the 2 players puts 1 chip in the pot."
    assert texts[1].startswith("Pass 1: 50 dealt, 24 played up (🔵3 🔴5")
    assert texts[2] == "The first card was 🔵3; Locks is prima."
    assert texts[3] == "Locks pays the copa: 4 chips."
    assert texts[-1].startswith("Crowns is the first live suit to hold all ten cards")


def test_damaged_or_tampered_saves_are_refused() -> None:
    data = game(GOLDEN, ("crowns", "locks")).to_json()
    with pytest.raises(BadSetup, match="damaged"):
        PrimaCarta.from_json({**data, "stacks": [1, 2]})
    with pytest.raises(BadSetup, match="published deal"):
        PrimaCarta.from_json({**data, "commitment": "0" * 64})
    with pytest.raises(BadSetup, match="50 cards"):
        PrimaCarta.from_json({**data, "discard": data["discard"][1:]})


def test_most_a_seat_can_pay_is_the_spiga_and_a_nine_card_copa() -> None:
    from engine.prima_carta import PrimaCarta, PrimaCartaOptions

    assert PrimaCarta.most_a_seat_can_pay(PrimaCartaOptions(stake=10)) == 10 + 9 * 10
