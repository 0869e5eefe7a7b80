"""The text's Scoring Scenarios, one test each, on the pure scoring functions; then the
pouch floor (excess rule) and the end-of-game settlement."""

from __future__ import annotations

from typing import Any

from engine.prefa.scoring import (
    Contract,
    bid_value,
    duties,
    game_over,
    lone_duty,
    pour,
    rank,
    scale,
    score_hand,
    settle,
)

B, D1, D2, SITTER = 0, 1, 2, 3


def paid(**kwargs: Any) -> tuple[int, dict[tuple[int, int], int]]:
    """(the bidder's pouch change, {(payer, payee): chips})."""
    tricks = kwargs.pop("tricks")
    score = score_hand(bidder=B, first=D1, second=D2, tricks=tricks, **kwargs)
    chips: dict[tuple[int, int], int] = {}
    for p in score.payments:
        chips[p.payer, p.payee] = chips.get((p.payer, p.payee), 0) + p.chips
    return score.bidder_pouch, chips


# ------------------------------------------------------------ the scale and the duties


def test_the_scale_runs_from_six_spades_to_ten_hearts() -> None:
    ladder = scale()
    assert ladder[0] == Contract(tricks=6, strain="spades")
    assert ladder[-1] == Contract(tricks=10, strain="hearts")
    assert len(ladder) == 24
    assert [c.text for c in ladder[:6]] == [
        "6 spades", "6 clubs", "6 diamonds", "6 hearts", "6 no trump", "7 spades",
    ]  # fmt: skip


def test_bid_values_follow_the_text() -> None:
    values = [bid_value(c) for c in scale()]
    assert values == [2, 3, 4, 5, 6] + [7, 7, 7, 7, 8] + [8, 8, 8, 8, 9] + [9, 9, 9, 9, 10] + [10] * 4


def test_ten_no_trump_variation_a_is_worth_eleven_and_b_ten() -> None:
    ten_nt = Contract(tricks=10, strain="no_trump")
    assert scale("A")[-1] == scale("B")[-1] == ten_nt
    assert bid_value(ten_nt, "A") == 11 and bid_value(ten_nt, "B") == 10
    assert rank(ten_nt, "A") == 24
    assert ten_nt not in scale()


def test_seven_clubs_is_lower_than_seven_diamonds() -> None:
    assert rank(Contract(tricks=7, strain="clubs")) < rank(Contract(tricks=7, strain="diamonds"))
    assert rank(Contract(tricks=8, strain="clubs")) > rank(Contract(tricks=7, strain="diamonds"))


def test_defenders_duties_for_each_contract() -> None:
    assert [duties(k) for k in range(6, 11)] == [(2, 2), (2, 1), (1, 1), (1, 0), (0, 0)]


def test_nine_trick_duty_goes_to_the_defender_on_the_bidders_left() -> None:
    # Decision 9: "closest to the dealer" read as "closest to the bidder", as the 7-trick line.
    assert duties(9) == (1, 0)


def test_a_lone_defenders_duties() -> None:
    assert [lone_duty(k) for k in range(6, 11)] == [2, 2, 1, 1, 0]


# ------------------------------------------------------------ all three on own behalf


def test_own_behalf_bidder_makes_it_exactly() -> None:
    assert paid(mode="own", contract_tricks=6, bid_value=2, tricks=(6, 2, 2)) == (
        -2,
        {(B, D1): 4, (B, D2): 4},
    )


def test_own_behalf_bidder_up_short_by_one() -> None:
    assert paid(mode="own", contract_tricks=7, bid_value=7, tricks=(6, 3, 1)) == (
        7,
        {(B, D1): 21, (B, D2): 7},
    )


def test_own_behalf_bidder_nailed_pays_double() -> None:
    assert paid(mode="own", contract_tricks=8, bid_value=8, tricks=(5, 3, 2)) == (
        16,
        {(B, D1): 48, (B, D2): 32},
    )


def test_own_behalf_one_extra_trick_the_short_defender_pays_both() -> None:
    assert paid(mode="own", contract_tricks=6, bid_value=3, tricks=(7, 1, 2)) == (
        0,
        {(D1, B): 21, (D1, D2): 6},
    )


def test_own_behalf_two_extra_only_one_defender_nailed() -> None:
    assert paid(mode="own", contract_tricks=6, bid_value=2, tricks=(8, 0, 2)) == (
        0,
        {(D1, B): 32, (D1, D2): 8},
    )


def test_own_behalf_both_defenders_short_each_pays_the_bidder() -> None:
    assert paid(mode="own", contract_tricks=6, bid_value=2, tricks=(8, 1, 1)) == (
        0,
        {(D1, B): 16, (D2, B): 16},
    )


def test_own_behalf_one_short_one_nailed() -> None:
    assert paid(mode="own", contract_tricks=6, bid_value=2, tricks=(9, 1, 0)) == (
        0,
        {(D1, B): 18, (D2, B): 36},
    )


def test_own_behalf_both_nailed() -> None:
    assert paid(mode="own", contract_tricks=6, bid_value=2, tricks=(10, 0, 0)) == (
        0,
        {(D1, B): 40, (D2, B): 40},
    )


def test_one_extra_trick_but_a_defender_nailed_pays_double() -> None:
    # Decision 10: each defender pays by their own shortfall, whatever the bidder's extra.
    assert paid(mode="own", contract_tricks=6, bid_value=2, tricks=(7, 0, 3)) == (
        0,
        {(D1, B): 28, (D1, D2): 12},
    )


# ------------------------------------------------------------ one defender invited


def test_invited_bidder_makes_it_exactly_pays_the_active_defender_for_both() -> None:
    assert paid(mode="invited", active=D1, contract_tricks=6, bid_value=2, tricks=(6, 3, 1)) == (
        -2,
        {(B, D1): 8},
    )


def test_invited_bidder_short() -> None:
    assert paid(mode="invited", active=D2, contract_tricks=7, bid_value=7, tricks=(6, 3, 1)) == (
        7,
        {(B, D2): 28},
    )


def test_invited_bidder_nailed() -> None:
    assert paid(mode="invited", active=D1, contract_tricks=8, bid_value=8, tricks=(5, 3, 2)) == (
        16,
        {(B, D1): 80},
    )


def test_invited_defence_short_by_one() -> None:
    assert paid(mode="invited", active=D1, contract_tricks=6, bid_value=2, tricks=(7, 3, 0)) == (
        0,
        {(D1, B): 14},
    )


def test_invited_defence_nailed_by_two_three_and_four() -> None:
    for taken, times in ((8, 2), (9, 3), (10, 4)):
        rest = 10 - taken
        assert paid(mode="invited", active=D1, contract_tricks=6, bid_value=2, tricks=(taken, rest, 0)) == (
            0,
            {(D1, B): 2 * taken * times},
        )


# ------------------------------------------------------------ one defender alone


def test_alone_bidder_makes_it_and_so_does_the_defender() -> None:
    assert paid(mode="alone", active=D1, contract_tricks=6, bid_value=2, tricks=(7, 3, 0)) == (
        -2,
        {(B, D1): 6},
    )


def test_alone_bidder_short() -> None:
    assert paid(mode="alone", active=D2, contract_tricks=7, bid_value=7, tricks=(6, 0, 4)) == (
        7,
        {(B, D2): 28},
    )


def test_alone_bidder_nailed() -> None:
    assert paid(mode="alone", active=D1, contract_tricks=8, bid_value=8, tricks=(6, 4, 0)) == (
        16,
        {(B, D1): 64},
    )


def test_alone_defender_short_by_one() -> None:
    assert paid(mode="alone", active=D1, contract_tricks=6, bid_value=2, tricks=(9, 1, 0)) == (
        0,
        {(D1, B): 18},
    )


def test_alone_defender_nailed() -> None:
    assert paid(mode="alone", active=D1, contract_tricks=6, bid_value=2, tricks=(10, 0, 0)) == (
        0,
        {(D1, B): 40},
    )


def test_both_defenders_out_the_bid_value_comes_off_the_pouch_and_nobody_pays() -> None:
    assert paid(mode="both_out", contract_tricks=7, bid_value=7, tricks=(0, 0, 0)) == (-7, {})


# ------------------------------------------------------------ four players, four aces


def test_four_players_a_short_bidder_pays_the_sitter_25_and_a_nailed_one_50() -> None:
    _, short = paid(mode="own", contract_tricks=7, bid_value=7, tricks=(6, 3, 1), sitter=SITTER, parties=4)
    _, nailed = paid(mode="own", contract_tricks=8, bid_value=8, tricks=(6, 2, 2), sitter=SITTER, parties=4)
    assert short[(B, SITTER)] == 25 and nailed[(B, SITTER)] == 50
    _, made = paid(mode="own", contract_tricks=6, bid_value=2, tricks=(6, 2, 2), sitter=SITTER, parties=4)
    assert (B, SITTER) not in made


def test_four_aces_b_every_player_pays_a_bidder_who_makes_it_and_is_paid_by_one_who_fails() -> None:
    _, made = paid(mode="both_out", contract_tricks=6, bid_value=2, tricks=(0, 0, 0), aces_bonus=3, parties=4)
    assert made == {(D1, B): 3, (D2, B): 3, (SITTER, B): 3}
    _, failed = paid(mode="own", contract_tricks=7, bid_value=7, tricks=(6, 3, 1), aces_bonus=3)
    assert failed[(B, D1)] == 21 + 3 and failed[(B, D2)] == 7 + 3


# ------------------------------------------------------------ the pouch floor


def test_the_texts_example_a_pouch_of_three_makes_a_bid_value_of_five() -> None:
    pouches, payments = pour((3, 10, 8), 0, -5, (1, 2))
    assert pouches == (0, 8, 8)
    assert [(p.payer, p.payee, p.chips) for p in payments] == [(1, 0, 20)]


def test_a_tie_for_the_fullest_pouch_goes_to_the_nearest_on_the_bidders_left() -> None:
    # Decision 11.
    assert pour((0, 5, 5), 0, -2, (1, 2))[1][0].payer == 1
    assert pour((0, 5, 5), 0, -2, (2, 1))[1][0].payer == 2


def test_a_pouch_holding_less_than_the_excess_gives_what_it_has_and_the_next_fullest_the_rest() -> None:
    # Decision 12.
    pouches, payments = pour((0, 2, 1, 3), 0, -7, (1, 2, 3))
    assert pouches == (0, 0, 0, 0)
    assert [(p.payer, p.chips) for p in payments] == [(3, 30), (1, 20), (2, 10)]


def test_points_no_pouch_holds_any_more_are_lost() -> None:
    pouches, payments = pour((1, 0, 0), 0, -5, (1, 2))
    assert pouches == (0, 0, 0) and payments == ()


def test_points_added_to_an_empty_pouch_refill_it() -> None:
    assert pour((0, 4, 4), 0, 14, (1, 2)) == ((14, 4, 4), ())


# ------------------------------------------------------------ the end of the game


def test_the_game_ends_when_every_pouch_is_empty() -> None:
    assert game_over({"A": 0, "B": 0, "C": 0})
    assert not game_over({"A": 0, "B": 0, "C": 1})
    assert not game_over({})


def test_two_empty_pouches_end_the_game_and_the_third_is_shared_by_three() -> None:
    assert game_over({"A": 0, "B": 0, "C": 3}, last_pouch_shared=True)
    assert settle({"A": 0, "B": 0, "C": 3}) == {"A": 10, "B": 10, "C": -20}


def test_a_third_of_a_pouch_is_rounded_to_the_nearest_chip() -> None:
    # Decision 13: 10 points / 3 = 3.33 -> 3; 20 / 3 = 6.67 -> 7.
    assert settle({"A": 0, "B": 0, "C": 1}) == {"A": 3, "B": 3, "C": -6}
    assert settle({"A": 0, "B": 0, "C": 2}) == {"A": 7, "B": 7, "C": -14}


def test_four_players_three_empty_pouches_the_fourth_is_shared_by_four() -> None:
    assert game_over({"A": 0, "B": 0, "C": 0, "D": 4}, last_pouch_shared=True)
    assert settle({"A": 0, "B": 0, "C": 0, "D": 4}) == {"A": 10, "B": 10, "C": 10, "D": -30}


def test_settling_empty_pouches_moves_nothing() -> None:
    assert settle({"A": 0, "B": 0, "C": 0}) == {"A": 0, "B": 0, "C": 0}
