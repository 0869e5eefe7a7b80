"""One named test per Primero rule (the text's moves, and docs/RULES.md, Primero decisions
1-14), on decks stacked by hand."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from engine.core.cards import FRENCH_52, PRIMERO_40
from engine.core.errors import BadSetup, IllegalAction, NotYourTurn, RuleError
from engine.primero import (
    AllIn,
    Bid,
    Fold,
    HandType,
    Pass,
    Phase,
    Primero,
    PrimeroOptions,
    SeatStatus,
    Stake,
)

from .primero_helpers import c, cs, game, stacked

N, P, S, F, CH = HandType.NUMERUS, HandType.PRIMERO, HandType.SUPREMUS, HandType.FLUXUS, HandType.CHORUS
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")


def deal(hands: Sequence[str], dealer: int | None = None, draws1: str = "", draws2: str = "") -> str:
    """The deck order for `hands` ("first two | second two", by seat): the first deal from
    the dealer's left, the first round's draws, the second deal, the second round's draws."""
    count = len(hands)
    dealer = count - 1 if dealer is None else dealer
    order = [(dealer + step) % count for step in range(1, count + 1)]
    split = [hand.replace("|", " ").split() for hand in hands]
    first = [card for seat in order for card in split[seat][:2]]
    second = [card for seat in order for card in split[seat][2:4]]
    return " ".join(first + draws1.split() + second + draws2.split())


def table(
    hands: Sequence[str], *, dealer: int | None = None, draws1: str = "", draws2: str = "", **kwargs: Any
) -> Primero:
    return game(NAMES[: len(hands)], deal(hands, dealer, draws1, draws2), dealer=dealer, **kwargs)


# Three players, seat 2 deals:
#   seat 0: 7H 6H | AH 2C   first round numerus 39; then supremus 55 (and numerus 55)
#   seat 1: KS QS | JD 3D   numerus 20; then numerus 23
#   seat 2: 2S 3H | 4D 5C   nothing; then primero 54
THREE = ("7H 6H | AH 2C", "KS QS | JD 3D", "2S 3H | 4D 5C")
# Four players, seat 3 deals:
#   seat 0: 7S 7H | 7D 7C   nothing; then chorus 84 (and primero 84)
#   seat 1: 2H 3H | 4H 5H   numerus 25; then fluxus 54 (and numerus 42)
#   seat 2: AD 6D | KD 2S   numerus 34; then numerus 44
#   seat 3: JS QH | KC 2D   nothing; then primero 42
FOUR = ("7S 7H | 7D 7C", "2H 3H | 4H 5H", "AD 6D | KD 2S", "JS QH | KC 2D")


def three(**kwargs: Any) -> Primero:
    return table(THREE, **kwargs)


def four(**kwargs: Any) -> Primero:
    return table(FOUR, **kwargs)


def stand_round(g: Primero) -> None:
    """Everyone stands (stakes with no bet to match) until the round changes."""
    phase = g.phase
    while g.phase is phase:
        assert g.to_act is not None
        g.apply(g.to_act, Stake())


def play_out(g: Primero) -> None:
    """Everyone stakes until the hand is over."""
    while g.to_act is not None:
        g.apply(g.to_act, Stake())


def unchanged(g: Primero, seat: int, action: object, error: type[Exception], match: str) -> str:
    """`action` by `seat` is refused with `error` and the hand does not change at all."""
    before = g.to_json()
    with pytest.raises(error, match=match) as caught:
        g.apply(seat, action)
    assert g.to_json() == before
    return str(caught.value)


def chips_on_table(g: Primero) -> int:
    view = g.view(None)
    return sum(view.stacks) + sum(view.set_aside) + view.pot + view.side_pot


# ---------------------------------------------------------------------------- set-up


@pytest.mark.parametrize(("count", "ok"), [(1, False), (2, True), (4, True), (6, True), (7, False)])
def test_two_to_six_players(count: int, ok: bool) -> None:
    names = [f"P{i}" for i in range(count)]
    if ok:
        assert len(Primero.new(PrimeroOptions(), names, seed=1).seats) == count
    else:
        with pytest.raises(BadSetup, match="2 to 6 players"):
            Primero.new(PrimeroOptions(), names, seed=1)


def test_the_deck_is_the_forty_card_primero_deck() -> None:
    deck = stacked("")
    with pytest.raises(BadSetup, match="40-card deck"):
        Primero.new_from_order(PrimeroOptions(), NAMES[:3], deck[:-1])
    with pytest.raises(BadSetup, match="40-card deck"):
        Primero.new_from_order(PrimeroOptions(), NAMES[:3], [*deck[:-1], deck[0]])
    with pytest.raises(BadSetup, match="40-card deck"):
        Primero.new_from_order(PrimeroOptions(), NAMES[:3], list(FRENCH_52.cards()))


def test_dealer_must_be_a_seat() -> None:
    with pytest.raises(BadSetup, match="dealer"):
        Primero.new(PrimeroOptions(), NAMES[:3], seed=1, dealer=3)


def test_stacks_must_match_the_seats_and_cover_the_ante() -> None:
    with pytest.raises(BadSetup, match="at least 2 chips"):
        Primero.new(PrimeroOptions(stake=2), NAMES[:3], seed=1, stacks=[100, 100])
    with pytest.raises(BadSetup, match="at least 2 chips"):
        Primero.new(PrimeroOptions(stake=2), NAMES[:3], seed=1, stacks=[100, 1, 100])
    with pytest.raises(BadSetup, match="negative"):
        Primero.new(PrimeroOptions(), NAMES[:3], seed=1, carried=-1)


def test_everyone_antes_into_the_pot_and_stacks_default_to_a_hundred_stakes() -> None:
    g = Primero.new(PrimeroOptions(stake=2, ante=3), NAMES[:4], seed=5)
    view = g.view(None)
    assert view.stacks == (194, 194, 194, 194)
    assert view.pot == 24 and view.paid == (6, 6, 6, 6)
    assert g.events[0].text.startswith("Everyone antes 6 chips.")


def test_two_cards_each_starting_left_of_the_dealer() -> None:
    g = game(NAMES[:3], "2S 3S 4S 5S 6S 7S", dealer=1)
    assert g.view(2).hand == tuple(cs("2S 3S"))
    assert g.view(0).hand == tuple(cs("4S 5S"))
    assert g.view(1).hand == tuple(cs("6S 7S"))
    assert g.view(None).deck_left == 34 and g.view(None).hand_sizes == (2, 2, 2)


def test_the_deal_is_the_seeds_shuffle_and_is_committed() -> None:
    one = Primero.new(PrimeroOptions(), NAMES[:3], seed=42)
    two = Primero.new(PrimeroOptions(), NAMES[:3], seed=42)
    assert one.to_json() == two.to_json()
    assert one.commitment == two.commitment and one.seed == 42
    assert one.view(None).seed is None  # revealed only once the hand is over
    assert Primero.new(PrimeroOptions(), NAMES[:3], seed=43).commitment != one.commitment


def test_the_dealers_left_bids_first_and_the_turn_goes_left() -> None:
    g = game(NAMES[:4], "", dealer=1)
    seen = []
    while g.phase is Phase.FIRST:
        seen.append(g.to_act)
        g.apply(g.to_act, Stake())  # type: ignore[arg-type]
    assert seen == [2, 3, 0, 1]
    assert g.phase is Phase.SECOND and g.to_act == 2


# ---------------------------------------------------------- decision 1: hand types


def test_decision_1_a_chorus_also_forms_primero_and_wins_a_primero_bid() -> None:
    g = four()
    stand_round(g)
    assert g.view(0).forms == {P: 84, CH: 84}
    g.apply(0, Bid(type=P, total=60, bet=1))
    play_out(g)
    view = g.view(None)
    assert view.winner == 0  # primero holders: seat 0 (84 from the chorus), seat 3 (42)


def test_decision_1_a_fluxus_also_forms_numerus_from_its_best_three_cards() -> None:
    g = four()
    stand_round(g)
    g.apply(0, Stake())
    assert g.view(1).forms == {N: 42, F: 54}
    g.apply(1, Bid(type=N, total=42, bet=1))  # conceals the fluxus
    play_out(g)
    shown = {showing.seat: showing.forms for showing in g.view(None).showdown or ()}
    assert shown[1][N] == 42 and shown[2][N] == 44 and N not in shown[0] and N not in shown[3]
    assert g.view(None).winner == 2


def test_decision_1_the_winner_needs_the_bid_type_not_the_best_hand() -> None:
    g = four()
    stand_round(g)
    g.apply(0, Stake())
    g.apply(1, Stake())
    g.apply(2, Bid(type=N, total=30, bet=1))
    play_out(g)
    # Seat 0's chorus and seat 1's fluxus are higher hands; the numerus bid goes to 44.
    assert g.view(None).winner == 2


# --------------------------------------------------------------- decision 2: supremus


def test_decision_2_a_supremus_bid_names_55() -> None:
    g = three()
    assert g.choices(0).bids[S] == (55,)  # type: ignore[union-attr]
    unchanged(g, 0, Bid(type=S, total=56, bet=1), IllegalAction, "A supremus can't count 56")
    g.apply(0, Bid(type=S, total=55, bet=1))
    assert g.view(None).bid.text == "supremus 55"  # type: ignore[union-attr]
    # Nothing tops supremus 55 but a higher type.
    assert S not in g.choices(1).bids and min(g.choices(1).bids) == F  # type: ignore[union-attr]


# ---------------------------------------------------------- decision 3: topping a bid


def test_decision_3_a_bid_must_top_the_current_bid() -> None:
    g = three()
    g.apply(0, Bid(type=P, total=50, bet=1))
    for lower in (Bid(type=P, total=50, bet=1), Bid(type=P, total=49, bet=1), Bid(type=N, total=55, bet=1)):
        unchanged(g, 1, lower, IllegalAction, "A bid must top primero 50")
    bids = g.choices(1).bids  # type: ignore[union-attr]
    assert N not in bids and bids[P][0] == 51
    g.apply(1, Bid(type=P, total=51, bet=1))
    # A higher type tops any total.
    g.apply(2, Bid(type=F, total=42, bet=1))
    assert g.view(None).bid.text == "fluxus 42"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("kind", "total", "message"),
    [
        (N, 21, "A numerus can't count 21; it counts between 20 and 55 points."),
        (N, 19, "A numerus can't count 19"),
        (N, 56, "A numerus can't count 56"),
        (P, 41, "A primero can't count 41; it counts between 40 and 84 points."),
        (P, 83, "A primero can't count 83"),
        (S, 54, "A supremus can't count 54"),
        (F, 71, "A fluxus can't count 71"),
        (CH, 41, "A chorus can't count 41"),
    ],
)
def test_decision_3_a_total_no_hand_can_count_is_refused(kind: HandType, total: int, message: str) -> None:
    g = three()
    assert total not in g.choices(0).bids.get(kind, ())  # type: ignore[union-attr]
    unchanged(g, 0, Bid(type=kind, total=total, bet=1), IllegalAction, message)


# ---------------------------------------------- decision 4: what carries into round two


def test_decision_4_the_bid_carries_into_the_second_round_but_the_bet_does_not() -> None:
    g = three()
    g.apply(0, Bid(type=N, total=30, bet=5))
    g.apply(1, Stake())
    g.apply(2, Stake())
    view = g.view(None)
    assert view.phase is Phase.SECOND
    assert view.bid is not None and view.bid.text == "numerus 30" and view.bid.bidder == 0
    assert view.bet == 0 and view.bet_by is None
    choice = g.choices(0)
    assert choice is not None and choice.owe == 0 and choice.pass_sets_aside == 0
    # The first-round bid still has to be topped.
    assert min(choice.bids[N]) == 31
    # A second-round bid needs no cover of the first round's bet.
    g.apply(0, Stake())
    g.apply(1, Stake())
    stack = g.view(None).stacks[2]
    g.apply(2, Bid(type=P, total=54, bet=3))
    assert g.view(None).stacks[2] == stack - 3


# ------------------------------------------------------------- decision 5: honesty


def test_decision_5_a_second_round_bid_cannot_claim_a_type_not_held() -> None:
    g = three()
    stand_round(g)
    assert g.view(1).forms == {N: 23}
    g.apply(0, Stake())
    assert set(g.choices(1).bids) == {N}  # type: ignore[union-attr]
    unchanged(g, 1, Bid(type=P, total=50, bet=1), IllegalAction, "never claim more than it holds")


def test_decision_5_a_second_round_bid_cannot_claim_more_points_than_held() -> None:
    g = three()
    stand_round(g)
    g.apply(0, Stake())
    assert max(g.choices(1).bids[N]) == 23  # type: ignore[union-attr]
    unchanged(g, 1, Bid(type=N, total=24, bet=1), IllegalAction, "You can't claim numerus 24")
    g.apply(1, Bid(type=N, total=23, bet=1))


def test_decision_5_a_bid_may_conceal_a_higher_hand() -> None:
    g = four()
    stand_round(g)
    bids = g.choices(0).bids  # type: ignore[union-attr]
    # Chorus 84: chorus up to 84; fluxus, primero and numerus below it (fluxus tops at 70).
    assert max(bids[CH]) == 84 and max(bids[F]) == 70 and max(bids[P]) == 84 and max(bids[N]) == 55
    g.apply(0, Bid(type=F, total=70, bet=1))
    # Seat 1's fluxus 54 cannot top fluxus 70, and nothing it holds is higher.
    assert g.choices(1).bids == {}  # type: ignore[union-attr]


def test_decision_5_a_primero_may_be_concealed_as_numerus_up_to_its_total() -> None:
    # Seat 2 holds primero 54 and no numerus: it may bid numerus up to 54 (and cannot win it).
    g = three()
    stand_round(g)
    g.apply(0, Stake())
    g.apply(1, Stake())
    bids = g.choices(2).bids  # type: ignore[union-attr]
    assert set(bids) == {N, P} and max(bids[N]) == 54 and max(bids[P]) == 54


def test_decision_5_the_first_round_may_overstate_by_default() -> None:
    g = three()
    assert g.view(2).forms == {}
    g.apply(0, Stake())
    g.apply(1, Stake())
    g.apply(2, Bid(type=CH, total=84, bet=1))
    assert g.view(None).bid.text == "chorus 84"  # type: ignore[union-attr]


def test_decision_5_overstate_first_false_keeps_the_first_round_honest() -> None:
    g = three(overstate_first=False)
    assert set(g.choices(0).bids) == {N} and max(g.choices(0).bids[N]) == 39  # type: ignore[union-attr]
    unchanged(g, 0, Bid(type=N, total=40, bet=1), IllegalAction, "never claim more than it holds")
    unchanged(g, 0, Bid(type=P, total=40, bet=1), IllegalAction, "never claim more than it holds")
    g.apply(0, Stake())
    g.apply(1, Stake())
    assert g.choices(2).bids == {}  # type: ignore[union-attr]
    assert not any(isinstance(a, Bid) for a in g.legal_actions(2))


def test_decision_5_honesty_is_judged_before_the_bids_discard() -> None:
    g = three(draws2="KH 4C")
    stand_round(g)
    g.apply(0, Stake())
    # Seat 1 holds numerus 23 (JD 3D) and throws both cards away with the bid.
    g.apply(1, Bid(type=N, total=23, bet=1, discard=(c("JD"), c("3D"))))
    assert g.view(1).forms == {N: 20}
    assert g.view(None).bid.text == "numerus 23"  # type: ignore[union-attr]


# --------------------------------------------------------------- decision 6: round end


def test_decision_6_with_no_bet_everyone_acts_once() -> None:
    g = four()
    for seat in range(4):
        assert g.phase is Phase.FIRST and g.to_act == seat
        g.apply(seat, Stake())
    assert g.phase is Phase.SECOND and g.to_act == 0


def test_decision_6_a_bet_ends_the_round_when_the_turn_returns_to_the_bettor() -> None:
    g = four()
    g.apply(0, Stake())
    g.apply(1, Stake())
    g.apply(2, Bid(type=N, total=30, bet=2))
    g.apply(3, Stake())
    # Seats 0 and 1 answered before the bet, so they answer again.
    assert g.phase is Phase.FIRST and g.to_act == 0
    g.apply(0, Stake())
    assert g.to_act == 1
    g.apply(1, Stake())
    assert g.phase is Phase.SECOND


def test_decision_6_folded_players_are_skipped() -> None:
    g = four()
    g.apply(0, Stake())
    g.apply(1, Fold())
    g.apply(2, Stake())
    g.apply(3, Stake())
    assert g.phase is Phase.SECOND and g.to_act == 0
    g.apply(0, Stake())
    assert g.to_act == 2
    assert g.view(None).hand_sizes == (4, 2, 4, 4)


# ----------------------------------------------------------- decision 7: forced cover


def forced_three(bet: int = 5, **kwargs: Any) -> Primero:
    """Seat 0 bids numerus 20 at `bet`, seat 1 passes: seat 2, the last, must cover."""
    g = three(**kwargs)
    g.apply(0, Bid(type=N, total=20, bet=bet))
    g.apply(1, Pass(discard=(c("KS"),)))
    return g


def test_decision_7_the_last_player_must_cover_an_uncovered_bid() -> None:
    g = forced_three()
    choice = g.choices(2)
    assert choice is not None and choice.forced and choice.stake
    assert not choice.can_pass and not choice.fold
    assert g.view(None).forced == 2
    unchanged(g, 2, Pass(discard=(c("2S"),)), IllegalAction, "You can't pass: nobody covered the bet")
    unchanged(g, 2, Fold(), IllegalAction, "You can't fold now: nobody covered the bet")
    assert not any(isinstance(a, Pass | Fold) for a in g.legal_actions(2))
    # Covering may still change cards (the text: "pass, draw one or two cards, and cover").
    events = g.apply(2, Stake(discard=(c("2S"),)))
    assert events[0].text.startswith("Cy must cover and covers 5 chips, discards")
    assert g.view(None).stacks == (95, 95, 95) and g.view(None).set_aside == (0, 5, 0)
    assert g.phase is Phase.SECOND


def test_decision_7_a_covered_bid_forces_nobody() -> None:
    g = three()
    g.apply(0, Bid(type=N, total=20, bet=5))
    g.apply(1, Stake())
    choice = g.choices(2)
    assert choice is not None and not choice.forced and choice.can_pass and choice.fold
    assert choice.cover_bet_max == 0
    g.apply(2, Fold())
    assert g.view(None).status[2] is SeatStatus.FOLDED


def test_decision_7_the_forced_player_may_bid_instead_and_the_cover_moves_on() -> None:
    g = forced_three()
    g.apply(2, Bid(type=N, total=25, bet=7))
    assert g.view(None).stacks[2] == 100 - 5 - 7
    # The new bid is uncovered: seat 0 may still pass; seat 1, now the last, must cover.
    assert not g.choices(0).forced  # type: ignore[union-attr]
    g.apply(0, Pass(discard=(c("7H"),)))
    choice = g.choices(1)
    assert choice is not None and choice.forced and choice.owe == 7 and choice.set_aside == 5


def test_decision_7_after_covering_a_bare_bet_becomes_current_and_needs_no_cover() -> None:
    g = forced_three()
    assert g.choices(2).cover_bet_max == 100 - 5  # type: ignore[union-attr]
    events = g.apply(2, Stake(bet=8))
    assert events[0].text.endswith("then bets 8 chips naming no hand.")
    view = g.view(None)
    assert view.bet == 8 and view.bet_by == 2 and view.bare
    assert view.bid is not None and view.bid.text == "numerus 20" and view.bid.bidder == 0
    assert view.stacks[2] == 100 - 5 - 8 and view.pot == 5 + 5 + 8
    # Seat 0 may pass (setting 8 aside); seat 1, the last before the bettor, is not forced.
    g.apply(0, Pass(discard=(c("7H"),)))
    choice = g.choices(1)
    assert choice is not None and not choice.forced and choice.can_pass and choice.fold
    g.apply(1, Pass(discard=(c("QS"),)))
    view = g.view(None)
    assert view.set_aside == (8, 5 + 8, 0)
    # Back to the bettor: the round is over.
    assert view.phase is Phase.SECOND


def test_decision_7_only_a_forced_player_may_bet_without_naming_a_hand() -> None:
    g = three()
    g.apply(0, Bid(type=N, total=20, bet=5))
    g.apply(1, Stake())
    unchanged(g, 2, Stake(bet=3), IllegalAction, "Only a player forced to cover may add a bet")
    g = three()
    unchanged(g, 0, Stake(bet=3), IllegalAction, "Only a player forced to cover may add a bet")


def test_decision_7_a_bare_bet_must_be_within_the_stack_and_the_limit() -> None:
    g = forced_three(stacks=[100, 100, 20])
    assert g.choices(2).cover_bet_max == 15  # type: ignore[union-attr]
    unchanged(g, 2, Stake(bet=16), IllegalAction, "between 1 and 15 chips")
    unchanged(g, 2, Stake(bet=-1), IllegalAction, "between 1 and 15 chips")
    g = forced_three(bet=3, bid_limit=4)
    assert g.choices(2).cover_bet_max == 4  # type: ignore[union-attr]
    unchanged(g, 2, Stake(bet=5), IllegalAction, "between 1 and 4 chips")


def test_decision_7_a_forced_player_who_cannot_cover_must_go_all_in() -> None:
    g = forced_three(stacks=[100, 100, 3])
    choice = g.choices(2)
    assert choice is not None and choice.forced
    assert not choice.stake and choice.all_in and not choice.fold and choice.bids == {}
    unchanged(g, 2, Fold(), IllegalAction, "must cover")
    assert g.legal_actions(2) == [AllIn()]
    g.apply(2, AllIn())
    assert g.view(None).all_in == 2 and g.phase is Phase.SECOND


# --------------------------------------------------------- decision 8: pass and fold


@pytest.mark.parametrize(
    ("discard", "message"),
    [
        ((), "To pass you must change one or two cards."),
        (("7H", "6H", "KS"), "You can only change cards you hold, each once."),
        (("KS",), "You can only change cards you hold, each once."),
        (("7H", "7H"), "You can only change cards you hold, each once."),
    ],
)
def test_decision_8_a_pass_changes_one_or_two_of_your_own_cards(
    discard: tuple[str, ...], message: str
) -> None:
    g = three()
    unchanged(g, 0, Pass(discard=tuple(c(x) for x in discard)), IllegalAction, message)


def test_decision_8_no_more_than_two_cards_are_changed() -> None:
    g = three()
    stand_round(g)
    three_cards = (c("7H"), c("6H"), c("AH"))
    unchanged(g, 0, Pass(discard=three_cards), IllegalAction, "one or two cards, no more")
    unchanged(g, 0, Stake(discard=three_cards), IllegalAction, "one or two cards, no more")


def test_decision_8_a_pass_draws_as_many_as_it_discards_face_up() -> None:
    g = three(draws1="5S 4S")
    events = g.apply(0, Pass(discard=(c("7H"), c("6H"))))
    assert events[0].text == "Ana passes, discards ♥7 ♥6 and draws 2 cards."
    assert g.view(0).hand == tuple(cs("4S 5S")) and g.view(0).drawn == tuple(cs("5S 4S"))
    assert g.view(None).discards[0] == tuple(cs("7H 6H"))
    assert g.view(None).hand_sizes == (2, 2, 2)


def test_decision_8_a_pass_sets_the_current_bet_aside_from_the_stack() -> None:
    g = three()
    g.apply(0, Bid(type=N, total=20, bet=5))
    assert g.choices(1).pass_sets_aside == 5  # type: ignore[union-attr]
    g.apply(1, Pass(discard=(c("KS"),)))
    view = g.view(None)
    assert view.stacks[1] == 95 and view.set_aside == (0, 5, 0) and view.pot == 5
    assert view.passes == (0, 1, 0)
    assert "sets 5 chips aside" in g.events[-1].text


def test_decision_8_a_pass_with_no_bet_sets_nothing_aside() -> None:
    g = three()
    g.apply(0, Pass(discard=(c("7H"),)))
    assert g.view(None).set_aside == (0, 0, 0) and g.view(None).stacks == (100, 100, 100)


def test_decision_8_a_pass_needs_the_chips_to_set_the_bet_aside() -> None:
    g = three(stacks=[100, 3, 100])
    g.apply(0, Bid(type=N, total=20, bet=5))
    choice = g.choices(1)
    assert choice is not None and not choice.can_pass and not choice.stake and choice.all_in
    unchanged(g, 1, Pass(discard=(c("KS"),)), IllegalAction, "don't have the chips to set the bet aside")


def test_decision_8_set_asides_are_paid_before_the_current_bet() -> None:
    g = forced_three()
    g.apply(2, Bid(type=N, total=25, bet=7))
    g.apply(0, Pass(discard=(c("7H"),)))
    # Seat 1 set 5 aside for the first bet; covering now costs 5 + 7.
    events = g.apply(1, Stake())
    assert events[0].text == "Bo puts in 5 chips set aside and must cover and covers 7 chips."
    view = g.view(None)
    assert view.stacks[1] == 100 - 5 - 7 and view.set_aside == (7, 0, 0)


def test_decision_8_a_bid_pays_set_asides_then_covers_then_bets() -> None:
    g = three()
    g.apply(0, Bid(type=N, total=20, bet=5))
    g.apply(1, Pass(discard=(c("KS"),)))
    g.apply(2, Stake())
    g.apply(0, Stake())  # second round: no bet yet
    events = g.apply(1, Bid(type=N, total=22, bet=4))
    assert events[0].text.startswith("Bo puts in 5 chips set aside and bids numerus 22 at 4 chips")
    assert g.view(None).stacks[1] == 100 - 5 - 4
    # A second-round stake with no bet to match also puts the set-aside in.
    g = three()
    g.apply(0, Bid(type=N, total=20, bet=5))
    g.apply(1, Pass(discard=(c("KS"),)))
    g.apply(2, Stake())
    g.apply(0, Stake())
    events = g.apply(1, Stake())
    assert events[0].text == "Bo puts in 5 chips set aside."
    assert g.view(None).set_aside == (0, 0, 0) and g.view(None).pot == 15


@pytest.mark.parametrize(("aside", "to_pot", "back"), [(5, 2, 3), (15, 7, 8), (10, 5, 5), (1, 0, 1)])
def test_decision_8_a_fold_gives_half_the_set_aside_rounded_down(aside: int, to_pot: int, back: int) -> None:
    g = three()
    g.apply(0, Bid(type=N, total=20, bet=aside))
    g.apply(1, Pass(discard=(c("KS"),)))
    g.apply(2, Stake())
    pot = g.view(None).pot
    g.apply(0, Stake())
    g.apply(1, Fold())
    view = g.view(None)
    assert view.pot == pot + to_pot and view.stacks[1] == 100 - aside + back
    assert view.set_aside == (0, 0, 0) and view.paid[1] == to_pot


def test_decision_8_a_fold_with_nothing_set_aside_costs_nothing() -> None:
    g = three()
    g.apply(0, Fold())
    assert g.view(None).stacks[0] == 100 and g.events[-1].text == "Ana folds."


def repass_table(**kwargs: Any) -> Primero:
    """Seat 1 passes on seat 0's bid; seat 3 bids again, so seat 1 answers a second time."""
    g = four(**kwargs)
    g.apply(0, Bid(type=N, total=20, bet=2))
    g.apply(1, Pass(discard=(c("2H"),)))
    g.apply(2, Stake())
    g.apply(3, Bid(type=N, total=22, bet=2))
    g.apply(0, Stake())
    return g


def test_decision_8_repass_false_allows_one_pass_per_round() -> None:
    g = repass_table(repass=False)
    choice = g.choices(1)
    assert choice is not None and not choice.forced and not choice.can_pass
    unchanged(g, 1, Pass(discard=(c("3H"),)), IllegalAction, "pass only once in a round")
    g.apply(1, Stake())
    g.apply(2, Stake())
    # A new round: a new pass.
    assert g.phase is Phase.SECOND
    assert g.choices(0).can_pass  # type: ignore[union-attr]
    g.apply(0, Stake())
    assert g.choices(1).can_pass  # type: ignore[union-attr]
    g.apply(1, Pass(discard=(c("3H"),)))


def test_decision_8_repass_true_allows_passing_again() -> None:
    g = repass_table()
    assert g.choices(1).can_pass  # type: ignore[union-attr]
    g.apply(1, Pass(discard=(c("3H"),)))
    assert g.view(None).set_aside[1] == 4 and g.view(None).passes[1] == 2


# --------------------------------------------------------------- decision 9: all in


def test_decision_9_all_in_only_when_the_stack_cannot_cover_the_bet() -> None:
    g = three(stacks=[100, 5, 100])
    assert not g.choices(0).all_in  # type: ignore[union-attr]
    unchanged(g, 0, AllIn(), IllegalAction, "you can cover this one")
    g.apply(0, Bid(type=N, total=20, bet=5))
    assert not g.choices(1).all_in  # type: ignore[union-attr]  # 5 chips cover a bet of 5
    unchanged(g, 1, AllIn(), IllegalAction, "you can cover this one")


def test_decision_9_chips_already_paid_above_the_cap_move_to_the_secondary_pot() -> None:
    g = four(stacks=[100, 100, 12, 100])
    g.apply(0, Bid(type=N, total=20, bet=20))
    g.apply(1, Stake())
    assert g.view(None).pot == 40
    events = g.apply(2, AllIn())
    assert events[0].text.startswith(
        "Cy goes all in with 12 chips; above 12 chips of the bet goes to a secondary"
    )
    view = g.view(None)
    # Two payments of 20 had 8 each above the cap: 16 move.
    assert view.pot == 40 - 16 + 12 and view.side_pot == 16
    g.apply(3, Stake())
    assert g.view(None).pot == 36 + 12 and g.view(None).side_pot == 16 + 8


def test_decision_9_only_one_player_per_hand_goes_all_in() -> None:
    g = four(stacks=[100, 10, 10, 100])
    g.apply(0, Bid(type=N, total=20, bet=20))
    g.apply(1, AllIn())
    choice = g.choices(2)
    assert choice is not None and not choice.all_in and not choice.stake and not choice.can_pass
    assert choice.fold and g.legal_actions(2) == [Fold()]
    unchanged(g, 2, AllIn(), IllegalAction, "Only one player per hand may go all in")
    g.apply(2, Fold())


def test_decision_9_no_bids_after_an_all_in() -> None:
    g = four(stacks=[100, 10, 100, 100])
    g.apply(0, Bid(type=N, total=20, bet=20))
    g.apply(1, AllIn())
    assert g.choices(2).bids == {} and g.choices(2).bet_range == (0, 0)  # type: ignore[union-attr]
    unchanged(g, 2, Bid(type=P, total=60, bet=1), IllegalAction, "No more bids: a player has gone all in")
    g.apply(2, Stake())
    g.apply(3, Stake())
    assert g.phase is Phase.SECOND
    assert g.choices(0).bids == {}  # type: ignore[union-attr]
    # The all-in player acts no more; the others just stand or change cards.
    assert g.view(None).status[1] is SeatStatus.ALL_IN
    g.apply(0, Stake())
    assert g.to_act == 2


def test_decision_9_set_asides_for_the_all_in_bet_split_like_stakes() -> None:
    g = four(stacks=[100, 100, 15, 100])
    g.apply(0, Bid(type=N, total=20, bet=20))
    g.apply(1, Pass(discard=(c("2H"),)))  # sets 20 aside before the all-in
    g.apply(2, AllIn())
    g.apply(3, Stake())
    view = g.view(None)
    assert view.pot == 15 + 15 + 15 and view.side_pot == 5 + 5
    g.apply(0, Stake())
    g.apply(1, Stake())  # pays the 20 set aside: 15 to the main pot, 5 to the secondary
    view = g.view(None)
    assert view.pot == 60 and view.side_pot == 15


# Three players, ante 10 (the pot has 30); seat 1 has 15 left after the ante.
#   seat 0: 2S 3H | 4D 5C  primero only      seat 2: JS QH | KD AC  primero only
#   seat 1: 7D 6D | 5D 2H  numerus 54        (ALONE: the only numerus)
#   seat 1: 7D 6H | 5S 2C  primero only      (NOBODY: nobody holds numerus)
ALONE = ("2S 3H | 4D 5C", "7D 6D | 5D 2H", "JS QH | KD AC")
NOBODY = ("2S 3H | 4D 5C", "7D 6H | 5S 2C", "JS QH | KD AC")


def all_in_hand(hands: Sequence[str]) -> Primero:
    g = table(hands, ante=10, stacks=[100, 25, 100])
    g.apply(0, Bid(type=N, total=20, bet=20))
    g.apply(1, AllIn())
    g.apply(2, Stake())
    play_out(g)
    return g


def test_decision_9_an_all_in_winner_nobody_else_can_follow_leaves_the_secondary_pot() -> None:
    g = all_in_hand(ALONE)
    view = g.view(None)
    assert view.winner == 1 and view.second is None
    assert view.payouts == (0, 30 + 3 * 15, 0) and view.carried == 2 * 5
    assert g.outcome is not None and g.outcome.carried == 10
    assert "10 chips stay in the pot for the next hand" in g.outcome.summary


def test_decision_9_nobody_holding_the_bid_carries_both_pots() -> None:
    g = all_in_hand(NOBODY)
    view = g.view(None)
    assert view.winner is None and view.payouts == (0, 0, 0) and view.carried == 85


# ------------------------------------------------- decision 10: the end of the hand


def test_decision_10_set_aside_players_choose_from_the_current_bidders_left() -> None:
    g = four()
    g.apply(0, Bid(type=N, total=20, bet=5))
    g.apply(1, Pass(discard=(c("2H"),)))
    g.apply(2, Stake())
    g.apply(3, Pass(discard=(c("JS"),)))
    assert g.phase is Phase.SECOND
    g.apply(0, Pass(discard=(c("7S"),)))  # no bet: nothing more aside
    g.apply(1, Pass(discard=(c("3H"),)))
    g.apply(2, Bid(type=N, total=44, bet=5))
    g.apply(3, Pass(discard=(c("QH"),)))
    g.apply(0, Pass(discard=(c("7H"),)))
    g.apply(1, Stake())  # forced; pays its 5 set aside and covers 5
    view = g.view(None)
    assert view.phase is Phase.CHOICE
    assert view.set_aside == (5, 0, 0, 10)
    # From the bidder's (seat 2's) left: seat 3, then seat 0.
    assert view.to_act == 3
    choice = g.choices(3)
    assert choice is not None and choice.stake and choice.fold and not choice.can_pass
    assert choice.set_aside == 10 and choice.bids == {} and choice.max_discard == 0
    assert g.legal_actions(3) == [Stake(), Fold()]
    unchanged(g, 3, Stake(discard=(c("KC"),)), IllegalAction, "only stake your set-aside chips or fold")
    unchanged(g, 3, Pass(discard=(c("KC"),)), IllegalAction, "only stake your set-aside chips or fold")
    g.apply(3, Fold())
    assert g.to_act == 0
    g.apply(0, Stake())
    assert g.phase is Phase.OVER
    assert [showing.seat for showing in g.view(None).showdown or ()] == [0, 1, 2]


# Four players with numerus 39 at seats 0, 2 and 3, numerus 20 at seat 1.
TIED = ("7S 6S | 2H 3D", "JD QD | KC KS", "7H 6H | 2S 3C", "7D 6D | 2C 3H")


@pytest.mark.parametrize(("dealer", "winner"), [(3, 2), (0, 3), (1, 0), (2, 0)])
def test_decision_10_a_tie_goes_to_the_player_nearest_the_dealers_right(dealer: int, winner: int) -> None:
    g = table(TIED, dealer=dealer)
    g.apply(g.to_act, Bid(type=N, total=20, bet=1))  # type: ignore[arg-type]
    play_out(g)
    view = g.view(None)
    shown = {showing.seat: showing.forms[N] for showing in view.showdown or ()}
    assert shown == {0: 39, 1: 20, 2: 39, 3: 39}
    assert view.winner == winner
    assert view.payouts[winner] == 4  # type: ignore[index]
    # The result says who tied and by which rule the winner won it, nearest first.
    going_right = [seat for seat in ((dealer - step) % 4 for step in range(1, 5)) if seat != 1]
    names = [view.seats[seat] for seat in going_right]
    assert g.outcome is not None and g.outcome.summary.endswith(
        f" {names[0]}, {names[1]} and {names[2]} all hold numerus 39; {names[0]} wins the tie "
        "as the nearest to the dealer's right."
    )


@pytest.mark.parametrize(
    ("dealer", "summary"),
    [
        (
            1,
            "Ana wins with the best numerus and takes 2 chips. Ana and Bo both hold numerus 39; "
            "Ana wins the tie as the nearer to the dealer's right.",
        ),
        (
            0,
            "Bo wins with the best numerus and takes 2 chips. Bo and Ana both hold numerus 39; "
            "Bo wins the tie as the nearer to the dealer's right.",
        ),
    ],
)
def test_decision_10_the_result_explains_a_two_way_tie(dealer: int, summary: str) -> None:
    g = table(("7S 6S | 2H 3D", "7H 6H | 2S 3C"), dealer=dealer)
    g.apply(g.to_act, Bid(type=N, total=20, bet=1))  # type: ignore[arg-type]
    play_out(g)
    assert g.outcome is not None and g.outcome.summary == summary
    assert g.events[-1].text == summary  # the log shows the same sentence


def test_decision_10_no_tie_no_tie_sentence() -> None:
    g = table(("7S 6S | 2H 3D", "JD QD | KC KS"), dealer=1)
    g.apply(g.to_act, Bid(type=N, total=20, bet=1))  # type: ignore[arg-type]
    play_out(g)
    assert g.outcome is not None and "tie" not in g.outcome.summary


def test_decision_10_nobody_holding_the_bid_type_carries_the_pot() -> None:
    g = three(ante=2)
    g.apply(0, Bid(type=CH, total=40, bet=3))  # overstated: nobody will hold a chorus
    play_out(g)
    view = g.view(None)
    assert view.winner is None and view.payouts == (0, 0, 0)
    assert view.carried == 6 + 9 and view.pot == 0
    outcome = g.outcome
    assert outcome is not None and outcome.carried == 15 and outcome.winners == ()
    assert (
        outcome.summary == "Nobody shows chorus, so nobody wins; the pot of 15 chips stays for the next hand."
    )
    assert sum(outcome.paid_in) == sum(outcome.paid_out) + outcome.carried


def test_decision_10_no_bid_carries_the_pot() -> None:
    g = three(ante=2)
    play_out(g)
    view = g.view(None)
    assert view.phase is Phase.OVER and view.bid is None
    assert view.winner is None and view.carried == 6 and view.stacks == (98, 98, 98)
    assert g.outcome is not None and g.outcome.carried == 6
    assert (
        g.outcome.summary
        == "Nobody bid this hand, so nobody wins; the pot of 6 chips stays for the next hand."
    )


def test_decision_10_a_carried_pot_enters_the_next_hand() -> None:
    first = three(ante=2)
    play_out(first)
    carried = first.view(None).carried
    g = Primero.new(
        PrimeroOptions(ante=2), NAMES[:3], seed=9, stacks=first.view(None).stacks, carried=carried
    )
    view = g.view(None)
    assert view.pot == 6 + carried and view.carried_in == carried
    assert "6 chips stay in the pot from the last hand" in g.events[0].text
    g.apply(g.to_act, Bid(type=N, total=20, bet=1))  # type: ignore[arg-type]
    play_out(g)
    outcome = g.outcome
    assert outcome is not None
    assert sum(outcome.paid_in) + carried == sum(outcome.paid_out) + outcome.carried


def test_decision_10_everyone_left_shows_and_folded_hands_stay_hidden() -> None:
    g = three()
    g.apply(0, Bid(type=N, total=20, bet=1))
    g.apply(1, Fold())
    play_out(g)
    view = g.view(2)
    assert [showing.seat for showing in view.showdown or ()] == [0, 2]
    assert "KS" not in view.model_dump_json() and "spades:13" not in view.model_dump_json()


# ------------------------------------------------------- decision 11: split division


SPLIT = ("7S 6S | 5S 2H", "KH QH | JD 3C", "2D 3D | 4D 5D")  # numerus 54, numerus 20, fluxus 54
SPLIT_BEST = ("7S 6S | AS 2H", "KH QH | JD 3C", "2D 3H | 4C 5S")  # supremus 55, numerus 20, primero 54


def test_decision_11_split_half_to_the_winner_half_the_rest_to_the_best_hand() -> None:
    g = table(SPLIT, ante=5, carried=35, division="split")
    g.apply(0, Bid(type=N, total=20, bet=1))
    play_out(g)
    view = g.view(None)
    # Pot 15 + 35 + 3 = 53: 27 to the numerus, 13 to the fluxus, 13 stay.
    assert view.winner == 0 and view.best_any == 2
    assert view.payouts == (27, 0, 13) and view.carried == 13
    assert g.outcome is not None and g.outcome.winners == (0, 2)


def test_decision_11_split_the_winner_may_also_hold_the_best_hand() -> None:
    g = table(SPLIT_BEST, ante=5, carried=35, division="split")
    g.apply(0, Bid(type=N, total=20, bet=1))
    play_out(g)
    view = g.view(None)
    assert view.winner == 0 and view.best_any == 0
    assert view.payouts == (40, 0, 0) and view.carried == 13


def test_decision_11_winner_takes_all_by_default() -> None:
    g = table(SPLIT, ante=5, carried=35)
    g.apply(0, Bid(type=N, total=20, bet=1))
    play_out(g)
    assert g.view(None).payouts == (53, 0, 0) and g.view(None).carried == 0


# ------------------------------------------------------ decision 12: one player left


def test_decision_12_when_one_player_is_left_the_hand_ends_at_once() -> None:
    g = three(ante=1)
    g.apply(0, Fold())
    g.apply(1, Fold())
    view = g.view(None)
    assert view.phase is Phase.OVER and view.hand_sizes == (2, 2, 2) and view.deck_left == 34
    assert view.bid is None and view.carried == 3


@pytest.mark.parametrize(("hand", "wins"), [("JH QH", True), ("JH QS", False)])
def test_decision_12_the_last_player_must_still_hold_the_bid_type(hand: str, wins: bool) -> None:
    g = table(("7S 7H", "KS QD", hand))
    g.apply(0, Bid(type=N, total=20, bet=5))
    g.apply(1, Pass(discard=(c("KS"),)))
    g.apply(2, Stake(bet=10))  # forced: covers, then bets naming no hand
    g.apply(0, Fold())
    g.apply(1, Fold())  # 2 of its 5 to the pot
    view = g.view(None)
    assert view.phase is Phase.OVER
    assert view.hand_sizes == (2, 2, 2)  # no second deal
    assert [showing.seat for showing in view.showdown or ()] == [2]
    assert (view.winner == 2) is wins
    assert view.carried == (0 if wins else 22)
    assert view.stacks[2] == (100 - 15 + 22 if wins else 85)


# ---------------------------------------------------------- decision 13: the deck


def test_decision_13_first_round_draws_leave_the_cards_for_the_second_deal() -> None:
    g = Primero.new(PrimeroOptions(ante=0), NAMES, seed=3, dealer=5)
    two = lambda seat: tuple(sorted(g.view(seat).hand or ())[:2])  # noqa: E731
    g.apply(0, Bid(type=N, total=20, bet=1, discard=two(0)))
    for seat in (1, 2, 3, 4):
        g.apply(seat, Pass(discard=two(seat)))
    g.apply(5, Bid(type=N, total=22, bet=1, discard=two(5)))  # forced: bids instead
    g.apply(0, Pass(discard=two(0)))
    assert g.choices(1).max_discard == 2  # type: ignore[union-attr]
    g.apply(1, Pass(discard=two(1)))
    # 12 dealt, 16 drawn: the 12 left are the second deal's.
    assert g.view(None).deck_left == 12
    choice = g.choices(2)
    assert choice is not None and choice.max_discard == 0 and not choice.can_pass
    assert not any(isinstance(a, Pass) or getattr(a, "discard", ()) for a in g.legal_actions(2))
    unchanged(g, 2, Pass(discard=two(2)), IllegalAction, "The deck is spent, so nobody can pass now.")
    unchanged(
        g, 2, Stake(discard=two(2)[:1]), IllegalAction, "The deck is spent: no more cards can be drawn."
    )
    for seat in (2, 3, 4):
        g.apply(seat, Stake())
    view = g.view(None)
    assert view.phase is Phase.SECOND and view.hand_sizes == (4,) * 6 and view.deck_left == 0
    assert not g.choices(0).can_pass and g.choices(0).max_discard == 0  # type: ignore[union-attr]


def test_decision_13_discards_are_never_shuffled_back() -> None:
    g = Primero.new(PrimeroOptions(ante=0), NAMES, seed=8, dealer=5)
    first = lambda seat: tuple(sorted(g.view(seat).hand or ())[:2])  # noqa: E731
    for seat in range(6):
        g.apply(seat, Pass(discard=first(seat)))
    assert g.phase is Phase.SECOND and g.view(None).deck_left == 4
    g.apply(0, Pass(discard=first(0)))
    g.apply(1, Pass(discard=first(1)[:1]))
    assert g.view(None).deck_left == 1 and g.choices(2).max_discard == 1  # type: ignore[union-attr]
    unchanged(g, 2, Pass(discard=first(2)), IllegalAction, "Only 1 card can be drawn now.")
    g.apply(2, Pass(discard=first(2)[:1]))
    view = g.view(None)
    assert view.deck_left == 0 and sum(len(d) for d in view.discards) == 12 + 4
    # With 16 cards face up, nobody may draw again.
    for seat in (3, 4, 5):
        assert not g.choices(seat).can_pass  # type: ignore[union-attr]
        g.apply(seat, Stake())
    assert g.phase is Phase.OVER
    data = g.to_json()
    held = [x for hand in data["hands"] for x in hand] + [x for d in data["discards"] for x in d]
    assert sorted(held) == sorted(card.code for card in PRIMERO_40.cards())


# ------------------------------------------------------ decision 14: no betting


def test_decision_14_non_betting_has_no_bets_folds_all_in_or_forced_cover() -> None:
    g = three(betting=False)
    assert g.view(None).stacks == (0, 0, 0) and g.view(None).pot == 0
    choice = g.choices(0)
    assert choice is not None and not choice.fold and not choice.all_in and choice.bet_range == (0, 0)
    unchanged(g, 0, Fold(), IllegalAction, "Folding isn't part of the non-betting game.")
    unchanged(g, 0, Bid(type=N, total=20, bet=1), IllegalAction, "name a hand type and total only")
    unchanged(g, 0, AllIn(), IllegalAction, "you can cover this one")
    g.apply(0, Bid(type=N, total=20))
    g.apply(1, Pass(discard=(c("KS"),)))
    # The last player is not forced to cover, and nothing is set aside.
    choice = g.choices(2)
    assert choice is not None and not choice.forced and choice.can_pass and choice.owe == 0
    assert choice.pass_sets_aside == 0
    g.apply(2, Pass(discard=(c("2S"),)))
    assert g.view(None).set_aside == (0, 0, 0) and g.phase is Phase.SECOND
    assert not any(isinstance(a, Fold | AllIn) for a in g.legal_actions(0))
    unchanged(g, 0, Stake(bet=1), IllegalAction, "Only a player forced to cover")


def test_decision_14_non_betting_scores_holders_and_the_winner() -> None:
    g = three(betting=False)
    stand_round(g)
    g.apply(0, Stake())
    g.apply(1, Bid(type=N, total=22))
    play_out(g)
    view = g.view(None)
    # Numerus holders: seat 0 (55, from its supremus) and seat 1 (23); seat 2 has none.
    assert view.winner == 0 and view.points == (200 + 55, 23, 0)
    assert view.payouts == (0, 0, 0) and view.carried == 0
    assert g.outcome is not None and g.outcome.paid_in == (0, 0, 0)


def test_decision_14_non_betting_with_no_holder_scores_nothing() -> None:
    g = three(betting=False)
    g.apply(0, Bid(type=CH, total=84))
    play_out(g)
    view = g.view(None)
    assert view.winner is None and view.points == (0, 0, 0)


# ---------------------------------------------------------------- the other moves


def test_a_bid_covers_the_current_bet_then_throws_in_its_own() -> None:
    g = three()
    g.apply(0, Bid(type=N, total=20, bet=5))
    assert g.choices(1).owe == 5 and g.choices(1).bet_range == (1, 95)  # type: ignore[union-attr]
    events = g.apply(1, Bid(type=N, total=22, bet=7))
    assert events[0].text == "Bo covers 5 chips and bids numerus 22 at 7 chips."
    view = g.view(None)
    assert view.stacks == (95, 88, 100) and view.pot == 17 and view.bet == 7 and view.bet_by == 1


def test_a_new_bet_replaces_the_current_one_rather_than_adding_to_it() -> None:
    g = three()
    g.apply(0, Bid(type=N, total=20, bet=10))
    g.apply(1, Bid(type=N, total=22, bet=3))
    assert g.choices(2).owe == 3  # type: ignore[union-attr]
    g.apply(2, Stake())
    assert g.view(None).stacks[2] == 97
    # The first bidder owes the new bet only: 3, not 13.
    assert g.choices(0).owe == 3  # type: ignore[union-attr]


def test_a_stake_matches_the_bet_and_may_change_cards() -> None:
    g = three(draws1="5S")
    g.apply(0, Bid(type=N, total=20, bet=4))
    events = g.apply(1, Stake(discard=(c("KS"),)))
    assert events[0].text == "Bo stakes 4 chips, discards ♠K and draws 1 card."
    assert g.view(1).hand == tuple(sorted(cs("QS 5S"))) and g.view(None).stacks[1] == 96


def test_a_bid_may_change_cards() -> None:
    g = three(draws1="5S 4S")
    events = g.apply(0, Bid(type=N, total=20, bet=1, discard=(c("7H"), c("6H"))))
    assert events[0].text == "Ana bids numerus 20 at 1 chip, discards ♥7 ♥6 and draws 2 cards."
    assert g.view(0).hand == tuple(cs("4S 5S"))


def test_a_stake_with_no_bet_stands() -> None:
    g = three()
    events = g.apply(0, Stake())
    assert events[0].text == "Ana stands." and g.view(None).stacks[0] == 100


def test_a_bid_needs_a_bet_within_the_stack_and_the_limit() -> None:
    g = three(stacks=[100, 10, 100])
    g.apply(0, Bid(type=N, total=20, bet=5))
    assert g.choices(1).bet_range == (1, 5)  # type: ignore[union-attr]
    unchanged(g, 1, Bid(type=N, total=22, bet=6), IllegalAction, r"between 1 and 5 chips \(what you have\)")
    unchanged(g, 1, Bid(type=N, total=22, bet=0), IllegalAction, "between 1 and 5 chips")
    g = three(stake=2, bid_limit=3)
    assert g.choices(0).bet_range == (1, 6)  # type: ignore[union-attr]
    unchanged(
        g, 0, Bid(type=N, total=20, bet=7), IllegalAction, r"between 1 and 6 chips \(the table's bid limit\)"
    )


def test_a_player_who_cannot_cover_and_bet_cannot_bid() -> None:
    g = three(stacks=[100, 5, 100])
    g.apply(0, Bid(type=N, total=20, bet=5))
    choice = g.choices(1)
    assert choice is not None and choice.stake and choice.bids == {} and choice.bet_range == (0, 0)
    unchanged(
        g, 1, Bid(type=N, total=22, bet=1), IllegalAction, "don't have the chips to cover the bet and make"
    )


def test_only_the_player_to_act_may_move() -> None:
    g = three()
    unchanged(g, 1, Stake(), NotYourTurn, "It isn't your turn — waiting for Ana.")
    assert g.choices(1) is None and g.legal_actions(1) == []
    assert g.awaiting == (0,)


def test_nothing_is_played_once_the_hand_is_over() -> None:
    g = three()
    play_out(g)
    assert g.awaiting == () and g.to_act is None and g.choices(0) is None
    unchanged(g, 0, Stake(), IllegalAction, "This hand is over.")


def test_moves_may_arrive_as_json_and_anything_else_is_refused() -> None:
    g = three()
    g.apply(0, {"kind": "bid", "type": 1, "total": 20, "bet": 2, "discard": ["hearts:7"]})
    g.apply(1, {"kind": "pass", "discard": ["spades:13"]})
    assert g.view(None).bid.text == "numerus 20" and g.view(None).set_aside == (0, 2, 0)  # type: ignore[union-attr]
    for junk in ({"kind": "raise"}, {"kind": "pass"}, "stake", None, 3):
        unchanged(g, 2, junk, IllegalAction, "not a Primero move")


def test_legal_actions_offer_every_kind_of_move() -> None:
    g = three()
    g.apply(0, Bid(type=N, total=20, bet=5))
    legal = g.legal_actions(1)
    kinds = {type(a) for a in legal}
    assert kinds == {Stake, Pass, Fold, Bid}
    assert Stake() in legal and Fold() in legal and Pass(discard=(c("KS"),)) in legal
    assert Bid(type=N, total=22, bet=1) in legal and Bid(type=CH, total=40, bet=1) in legal
    assert Pass(discard=()) not in legal
    for action in legal:
        copy = Primero.from_json(g.to_json())
        copy.apply(1, action)
    forced = forced_three()
    assert Stake(bet=1) in forced.legal_actions(2)


def test_a_move_costs_the_table_nothing_until_settlement() -> None:
    g = three()
    assert g.cost(0, Bid(type=N, total=20, bet=50)) == 0


def test_views_show_each_player_only_their_own_hand() -> None:
    g = three()
    onlooker = g.view(None)
    assert onlooker.hand is None and onlooker.forms is None and onlooker.drawn is None
    mine = g.view(0)
    assert mine.hand == tuple(sorted(cs("7H 6H"))) and mine.forms == {N: 39}
    text = mine.model_dump_json()
    for card in cs("KS QS 2S 3H"):
        assert card.code not in text
    g.apply(0, Stake())
    g.apply(1, Stake())
    g.apply(2, Stake())
    for seat in (None, 0, 1, 2):
        text = g.view(seat).model_dump_json()
        others = [x for other in range(3) if other != seat for x in g.to_json()["hands"][other]]
        assert not any(f'"{code}"' in text for code in others)


def test_rule_errors_never_name_another_players_hidden_card() -> None:
    g = three()
    theirs = cs("KS QS 2S 3H")
    messages = []
    for action in (
        Pass(discard=(c("KS"),)),
        Stake(discard=(c("QS"), c("7H"))),
        Bid(type=N, total=20, bet=1, discard=(c("2S"),)),
        AllIn(discard=(c("3H"),)),
        Pass(discard=(c("3H"), c("2S"))),
    ):
        with pytest.raises(RuleError) as caught:
            g.apply(0, action)
        messages.append(str(caught.value))
    with pytest.raises(RuleError) as caught:
        g.apply(1, Pass(discard=(c("KS"),)))
    messages.append(str(caught.value))
    for message in messages:
        for card in theirs:
            assert card.short not in message and card.label not in message and card.code not in message


def test_events_name_only_discards_until_the_showdown() -> None:
    g = three()
    g.apply(0, Bid(type=N, total=20, bet=1, discard=(c("6H"),)))
    g.apply(1, Stake())
    g.apply(2, Pass(discard=(c("3H"),)))
    stand_round(g)
    before_showdown = " ".join(e.text for e in g.events if e.kind != "show")
    named = {card for card in PRIMERO_40.cards() if card.short in before_showdown}
    assert named == set(cs("6H 3H"))


# --------------------------------------------------------------------------- JSON


def test_json_round_trip_mid_hand_plays_on_identically() -> None:
    g = forced_three(ante=1)
    for _ in range(8):
        data = json.loads(json.dumps(g.to_json()))
        again = Primero.from_json(data)
        assert again.to_json() == g.to_json() and again.events == g.events
        for seat in (None, 0, 1, 2):
            assert again.view(seat) == g.view(seat)
        if g.to_act is None:
            break
        seat = g.to_act
        action = g.legal_actions(seat)[0]
        assert again.apply(seat, action) == g.apply(seat, action)
        assert again.to_json() == g.to_json()
    assert g.phase is Phase.OVER and Primero.from_json(g.to_json()).outcome == g.outcome


def test_damaged_or_tampered_saves_are_refused() -> None:
    g = forced_three()
    data = g.to_json()
    with pytest.raises(BadSetup, match="damaged"):
        Primero.from_json({**data, "stacks": "lots"})
    with pytest.raises(BadSetup, match="damaged"):
        Primero.from_json({"game_id": "primero"})
    with pytest.raises(BadSetup, match="not a Primero hand"):
        Primero.from_json({**data, "game_id": "holdout"})
    with pytest.raises(BadSetup, match="not a Primero hand"):
        Primero.from_json({**data, "format": 99})
    # A card slipped into a hand (or taken out of one).
    hands = data["hands"]
    with pytest.raises(BadSetup, match="all 40 cards"):
        Primero.from_json({**data, "hands": [[*hands[0], data["order"][-1]], *hands[1:]]})
    with pytest.raises(BadSetup, match="all 40 cards"):
        Primero.from_json({**data, "hands": [hands[0][1:], *hands[1:]]})
    with pytest.raises(BadSetup):
        Primero.from_json({**data, "hands": [["hearts:10"], *hands[1:]]})
    # The undealt cards put in another order: not the published deal.
    order = data["order"]
    with pytest.raises(BadSetup, match="published deal"):
        Primero.from_json({**data, "order": [*order[:-2], order[-1], order[-2]]})
    with pytest.raises(BadSetup, match="published deal"):
        Primero.from_json({**data, "commitment": "0" * 64})
    # Shapes and numbers a real hand never has.
    damages: tuple[dict[str, Any], ...] = (
        {"stacks": [100, 100]},
        {"status": ["in", "in"]},
        {"to_act": 7},
        {"dealer": -1},
        {"pot": -3},
        {"stacks": [100, -1, 100]},
        {"next": 41},
        {"bet": 5},
        {"asides": [[], [], [], []]},
        {"phase": "over"},
        {"payouts": [0, 0, 0]},
        {"status": ["in", "in", "folded"]},
    )
    for damage in damages:
        with pytest.raises(BadSetup, match="damaged"):
            Primero.from_json({**data, **damage})
