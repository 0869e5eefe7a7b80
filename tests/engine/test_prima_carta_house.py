"""One named test per rule of Prima Carta's house game and modern variants (docs/RULES.md,
"Prima Carta: the house game, Cinco and Jasper"): corte, cobre, the bets pauses, Cinco,
Jasper, and the public facts the house bets settle from. Decks are built by hand, or found
from a seed where a whole deal is needed; each test asserts what it relies on."""

from __future__ import annotations

import json
from typing import Literal

import pytest

from engine.core.cards import Card
from engine.core.errors import BadSetup, IllegalAction, NotYourTurn
from engine.core.rng import commitment, shuffled
from engine.prima_carta import DEAL, Copa, Deal, Fold, Phase, PrimaCarta, PrimaCartaOptions, SeatStatus, WonBy
from engine.prima_carta.game import CODE, SUITS, completion_order, deal_pass, jasper_seed, wanted_from

from .helpers import card, deck, golden, shorts

GOLDEN = golden()
TWO = ("crowns", "locks")
THREE = ("crowns", "locks", "fruit")


def play(
    options: PrimaCartaOptions, order: list[Card], seats: tuple[str, ...] = TWO, dealer: int = 0, **kw: int
) -> PrimaCarta:
    return PrimaCarta.new_from_order(options, seats, order, dealer=dealer, **kw)


def cards_in_view(game: PrimaCarta) -> list[Card]:
    view = game.view(None)
    shown = [c for s in view.stacks for c in s.cards] + list(view.discard)
    shown += [c for p in view.passes for c in p.played] + [c for p in view.passes for c in p.tops if c]
    if view.prima_card is not None:
        shown.append(view.prima_card)
    return shown


def everyone_pays_but(game: PrimaCarta, folder: int) -> None:
    while (seat := game.to_act) is not None:
        game.apply(seat, Fold() if seat == folder else game.legal_actions(seat)[0])


def roundtrip(game: PrimaCarta) -> PrimaCarta:
    data = json.loads(json.dumps(game.to_json()))
    again = PrimaCarta.from_json(data)
    assert again.to_json() == game.to_json()
    assert again.view(None) == game.view(None)
    return again


# ------------------------------------------------------------------------------ corte


def test_corte_goes_from_the_prima_to_the_dealer_at_a_tavern_table() -> None:
    g = play(PrimaCartaOptions(corte=True, stake=2), deck("Lo4"), dealer=0)
    view = g.view(None)
    assert view.prima == 1 and view.dealer == 0
    assert view.paid == [2, 4] and view.corte == 2 and view.pot == 4  # the corte is not the pot's
    assert any(e.kind == "corte" and "to the dealer" in e.text for e in g.events)
    g.apply(1, Fold())  # the prima folds: Crowns, the dealer, wins the pot and keeps the corte
    outcome = g.outcome
    assert outcome is not None
    assert outcome.paid_in == (2, 4) and outcome.paid_out == (4 + 2, 0) and outcome.house == 0


def test_corte_goes_to_the_house_at_a_house_table() -> None:
    g = play(PrimaCartaOptions(corte=True, house=True), deck("Lo4"), dealer=1)
    view = g.view(None)
    assert view.dealer is None and view.house  # the house deals; no seat does
    assert view.paid == [1, 2] and view.corte == 1
    g.apply(1, Fold())
    outcome = g.outcome
    assert outcome is not None and outcome.paid_out == (2, 0) and outcome.house == 1
    assert sum(outcome.paid_in) == sum(outcome.paid_out) + outcome.house + outcome.carried


def test_no_corte_when_the_prima_is_the_tavern_dealer() -> None:
    g = play(PrimaCartaOptions(corte=True), deck("Lo4"), dealer=1)
    assert g.view(None).prima == 1 and g.view(None).corte == 0 and g.view(None).paid == [1, 1]
    assert not any(e.kind == "corte" for e in g.events)


def test_the_bankroll_needed_covers_the_corte_and_cinco_has_no_copa() -> None:
    assert PrimaCarta.most_a_seat_can_pay(PrimaCartaOptions(stake=3)) == 30
    assert PrimaCarta.most_a_seat_can_pay(PrimaCartaOptions(stake=3, corte=True)) == 33
    assert PrimaCarta.most_a_seat_can_pay(PrimaCartaOptions(stake=3, variant="cinco")) == 3
    assert PrimaCarta.most_a_seat_can_pay(PrimaCartaOptions(stake=3, variant="cinco", corte=True)) == 6


# ------------------------------------------------------------------------------ cobre

# Seed 1 with Crowns, Locks and Fruit: Crowns is prima; if Crowns folds and the others pay,
# Crowns completes in the repasso before Fruit, the live winner.
COBRE_SEED = 1


@pytest.mark.parametrize("rule", ["carry", "house"])
def test_cobre_is_the_folded_spigas_when_a_folded_suit_finishes_first(
    rule: Literal["carry", "house"],
) -> None:
    g = PrimaCarta.new(PrimaCartaOptions(cobre=rule, stake=2), THREE, COBRE_SEED)
    assert g.prima == 0
    everyone_pays_but(g, 0)
    view = g.view(None)
    assert view.won_by is WonBy.COMPLETED and view.winner == 2
    assert view.status[0] is SeatStatus.FOLDED and view.stacks[0].complete  # the folded suit finished
    assert g.champion() == "crowns"
    outcome = g.outcome
    assert outcome is not None
    pot = sum(outcome.paid_in)
    assert view.cobre == 2  # one folded seat: one spiga of 2
    assert outcome.paid_out == (0, 0, pot - 2)
    assert (outcome.carried, outcome.house) == ((2, 0) if rule == "carry" else (0, 2))
    assert "cobre of 2 chips" in outcome.summary


def test_without_cobre_the_winner_takes_the_folded_spigas() -> None:
    g = PrimaCarta.new(PrimaCartaOptions(stake=2), THREE, COBRE_SEED)
    everyone_pays_but(g, 0)
    outcome = g.outcome
    assert outcome is not None and outcome.paid_out == (0, 0, sum(outcome.paid_in)) and outcome.carried == 0


def test_no_cobre_when_the_live_winner_finishes_first_or_everyone_else_folds() -> None:
    g = PrimaCarta.new(PrimaCartaOptions(cobre="house"), THREE, COBRE_SEED)
    everyone_pays_but(g, 1)  # Locks folds this time
    view = g.view(None)
    assert view.won_by is WonBy.COMPLETED and not view.stacks[1].complete and view.cobre == 0
    g = PrimaCarta.new(PrimaCartaOptions(cobre="house"), THREE, COBRE_SEED)
    g.apply(0, Fold())
    g.apply(1, Fold())
    outcome = g.outcome
    assert outcome is not None and outcome.house == 0 and g.view(None).won_by is WonBy.LAST_STANDING


def test_a_carried_cobre_is_in_the_next_hands_pot_and_goes_to_its_winner() -> None:
    g = play(PrimaCartaOptions(cobre="carry"), GOLDEN, carried=3)
    assert g.view(None).pot == 2 + 3 and g.view(None).carried_in == 3
    assert "cobre of 3 chips from the last hand" in g.events[0].text
    g.apply(1, Fold())
    outcome = g.outcome
    assert outcome is not None and outcome.paid_out == (5, 0)
    assert sum(outcome.paid_in) + 3 == sum(outcome.paid_out) + outcome.carried + outcome.house
    assert roundtrip(g).view(None).carried_in == 3
    with pytest.raises(BadSetup):
        play(PrimaCartaOptions(), GOLDEN, carried=-1)


# ----------------------------------------------------------------------------- pauses


def test_with_bets_the_hand_waits_before_the_first_card_and_shows_none() -> None:
    g = play(PrimaCartaOptions(pauses=True, corte=True), deck("Lo4"), dealer=0)
    view = g.view(None)
    assert g.phase is Phase.DEAL and view.bets_open and g.awaiting == () and g.to_act is None
    assert g.outcome is None and view.prima is None and view.prima_card is None
    assert cards_in_view(g) == [] and view.undealt == 50 and view.pass_number == 0
    assert view.paid == [1, 1] and view.corte == 0  # the spiga only; the corte comes with the card
    assert [e.kind for e in g.events] == ["spiga"]
    assert all(g.legal_actions(seat) == [] for seat in range(2))
    assert g.first_card() is None and g.foundations_in_order() == [] and g.first_pass_promoted() is None
    for seat in range(2):
        assert g.view(seat).legal == []
    roundtrip(g)


def test_only_the_prima_seat_turns_the_first_card_and_nothing_else_is_played_meanwhile() -> None:
    g = play(PrimaCartaOptions(pauses=True), deck("Lo4"))
    before = g.to_json()
    with pytest.raises(NotYourTurn) as refused:
        g.apply(0, DEAL)
    assert "Locks" not in str(refused.value) and "Crowns" not in str(refused.value)  # no hint who is prima
    with pytest.raises(NotYourTurn, match="Bets are open"):
        g.apply(1, Copa(amount=1))
    assert g.to_json() == before


def test_turning_the_first_card_deals_the_first_pass_and_charges_the_corte() -> None:
    g = play(PrimaCartaOptions(pauses=True, corte=True), deck("Lo4"), dealer=0)
    events = g.apply(1, DEAL)
    assert [e.kind for e in events] == ["pass", "prima", "corte"]
    assert g.phase is Phase.COPA and g.to_act == 1 and g.view(None).paid == [1, 2]
    assert g.first_card() == card("Lo4")
    assert g.events[1:] == events
    roundtrip(g)


def test_a_deal_without_the_corte_turns_the_first_card_and_tosses_none() -> None:
    """The table's move when the prima's member spent the corte during the bets pause (H6)."""
    g = play(PrimaCartaOptions(pauses=True, corte=True), deck("Lo4"), dealer=0)
    events = g.apply(1, Deal(corte=False))
    assert [e.kind for e in events] == ["pass", "prima"]
    assert g.phase is Phase.COPA and g.to_act == 1 and g.view(None).paid == [1, 1]
    assert g.view(None).corte == 0 and g.first_card() == card("Lo4")
    everyone_pays_but(g, folder=0)
    outcome = roundtrip(g).outcome
    assert outcome is not None and outcome.house == 0
    assert sum(outcome.paid_out) == sum(outcome.paid_in), "no corte leaves the pot"


def test_with_bets_the_hand_waits_again_after_the_copa_before_the_repasso() -> None:
    g = PrimaCarta.new(PrimaCartaOptions(pauses=True), THREE, COBRE_SEED)
    g.apply(g.prima, DEAL)
    everyone_pays_but(g, -1)
    assert g.phase is Phase.REPASSO and g.awaiting == () and g.outcome is None
    assert g.view(None).bets_open and g.view(None).pass_number == 1
    again = roundtrip(g)
    with pytest.raises(NotYourTurn, match="Bets are open"):
        g.apply(g.prima, Copa(amount=1))
    events = again.apply(again.prima, DEAL)
    assert again.outcome is not None and events[-1].kind == "win" and events[0].kind == "pass"
    with pytest.raises(IllegalAction):
        again.apply(again.prima, DEAL)


def test_a_format_one_hand_still_loads_with_the_basic_options() -> None:
    g = play(PrimaCartaOptions(), GOLDEN)
    data = g.to_json()
    old = {k: v for k, v in data.items() if k not in ("carried_in", "corte", "second_seed")}
    old["format"] = 1
    old["options"] = {"stake": 1}
    loaded = PrimaCarta.from_json(old)
    assert loaded.options == PrimaCartaOptions() and loaded.view(None) == g.view(None)


# ------------------------------------------------------------------------------ Cinco

# Seed 3, Crowns and Locks: both stacks end the one pass with 2 cards; Locks' first card
# came off the deck before Crowns'.
CINCO_TIE_SEED = 3


def test_cinco_deals_one_pass_and_the_tallest_owned_stack_wins() -> None:
    for seed in range(30):
        g = PrimaCarta.new(PrimaCartaOptions(variant="cinco"), THREE, seed)
        view = g.view(None)
        assert view.phase is Phase.OVER and view.won_by is WonBy.TALLEST and view.pass_number == 1
        assert view.undealt == 0 and not any(e.kind in ("copa", "fold") for e in g.events)
        sizes = [view.stacks[SUITS.index(suit)].size for suit in view.seats]
        assert view.winner is not None and sizes[view.winner] == max(sizes)
        assert g.outcome is not None and g.outcome.paid_out[view.winner] == 3


def test_cinco_tie_goes_to_the_stack_whose_first_card_came_first() -> None:
    g = PrimaCarta.new(PrimaCartaOptions(variant="cinco"), TWO, CINCO_TIE_SEED)
    view = g.view(None)
    assert view.stacks[0].size == view.stacks[1].size
    assert view.appearance.index("locks") < view.appearance.index("crowns")
    assert view.winner == 1


def test_cinco_lists_the_stacks_in_the_order_they_came_off_the_deck() -> None:
    g = play(PrimaCartaOptions(variant="cinco"), deck("Sw3 Cu7 Cr1 Lo2 Fr9"))
    assert g.view(None).appearance == ["swords", "cups", "crowns", "locks", "fruit"]
    assert shorts(g.foundations_in_order()) == "Sw3 Cu7 Cr1 Lo2 Fr9"


# ----------------------------------------------------------------------------- Jasper


def test_jasper_commits_to_both_seeds_before_the_first_card() -> None:
    g = PrimaCarta.new(PrimaCartaOptions(variant="jasper", pauses=True), TWO, 77)
    assert g.second_seed == jasper_seed(77)
    texts = [c.code for c in g.order] + [f"second:{jasper_seed(77)}"]
    assert g.commitment == commitment(77, texts)
    assert g.view(None).second_seed is None and g.view(None).seed is None
    other = PrimaCarta.new(PrimaCartaOptions(variant="jasper"), TWO, 77, second_seed=5)
    assert other.commitment != PrimaCarta.new(PrimaCartaOptions(variant="jasper"), TWO, 77).commitment
    data = g.to_json()
    data["second_seed"] += 1  # a different second shuffle than the one published
    with pytest.raises(BadSetup, match="published deal"):
        PrimaCarta.from_json(data)


def test_jasper_shuffles_the_discard_pile_once_after_the_copa() -> None:
    g = PrimaCarta.new(PrimaCartaOptions(variant="jasper"), THREE, COBRE_SEED, second_seed=4242)
    pile = [CODE[c] for c in g.view(None).discard]
    count = [s.size for s in g.view(None).stacks]
    foundation = [CODE[s.cards[0]] for s in g.view(None).stacks]
    everyone_pays_but(g, -1)
    view = g.view(None)
    assert view.phase is Phase.OVER and view.second_seed == 4242
    assert any(e.kind == "shuffle" for e in g.events)
    # The second pass deals the pile shuffled by the second seed; later passes are unshuffled.
    expected_pass: list[int] = []
    deal_pass(
        shuffled(pile, 4242),
        wanted_from(count, foundation),
        list(count),
        list(foundation),
        (False,) * 5,
        [],
        expected_pass,
    )
    assert [CODE[c] for c in view.passes[1].played] == expected_pass[: len(view.passes[1].played)]
    done = completion_order(count, foundation, shuffled(pile, 4242))
    assert g.champion() == SUITS[min(range(5), key=done.__getitem__)]


def test_jasper_hands_differ_only_after_the_first_pass() -> None:
    a = PrimaCarta.new(PrimaCartaOptions(variant="jasper"), THREE, 11, second_seed=1)
    b = PrimaCarta.new(PrimaCartaOptions(variant="jasper"), THREE, 11, second_seed=2)
    assert a.view(None).model_dump(exclude={"commitment"}) == b.view(None).model_dump(exclude={"commitment"})


# -------------------------------------------------------------------- facts for bets


def test_facts_for_bets_come_from_the_whole_first_pass() -> None:
    g = play(PrimaCartaOptions(), GOLDEN)
    view = g.view(None)
    assert g.first_card() == GOLDEN[0]
    assert g.first_pass_promoted() == sum(s.size for s in view.stacks)
    assert [c.suit for c in g.foundations_in_order()] == [s for s in view.appearance]
    assert g.champion() is None  # not before the hand is over
    g.apply(1, Fold())
    assert g.champion() in SUITS


def test_facts_count_a_first_pass_a_win_cut_short_as_if_dealt_out() -> None:
    g = play(PrimaCartaOptions(), deck("Cr3 Cr4 Cr5 Cr6 Cr7 Cr8 Cr9 Cr10 Cr1 Cr2"), ("crowns", "cups"))
    assert g.view(None).won_by is WonBy.FIRST_PASS and g.view(None).undealt == 40
    assert g.champion() == "crowns"
    whole = play(PrimaCartaOptions(), deck("Cr3 Cr4 Cr5 Cr6 Cr7 Cr8 Cr9 Cr10 Cr1 Cr2"), ("locks", "cups"))
    assert whole.view(None).undealt == 0  # nobody owns Crowns: the pass runs to the end
    assert g.first_pass_promoted() == whole.first_pass_promoted()
    assert g.foundations_in_order() == whole.foundations_in_order()


def test_champion_is_the_winner_when_everyone_pays_the_copa() -> None:
    for seed in range(40):
        g = PrimaCarta.new(PrimaCartaOptions(), tuple(SUITS), seed)
        everyone_pays_but(g, -1)
        view = g.view(None)
        assert view.winner is not None and g.champion() == view.seats[view.winner]


def test_cinco_champion_is_the_tallest_of_all_five_stacks() -> None:
    g = play(PrimaCartaOptions(variant="cinco"), GOLDEN, TWO)
    view = g.view(None)
    tallest = max(s.size for s in view.stacks)
    first = next(suit for suit in view.appearance if view.stacks[SUITS.index(suit)].size == tallest)
    assert g.champion() == first
