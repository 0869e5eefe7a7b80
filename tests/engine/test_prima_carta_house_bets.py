"""Prima Carta's house bets (issue 15): each bet settled on decks built by hand.

The decks come from `build`, which lays a deal out in four blocks so that every fact the
bets settle on is fixed by construction: which suit is dealt first, each suit's first card,
how many cards the first pass promotes, and which suit the later passes finish first. A
test of the builder checks it against the engine itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest

from engine.core.cards import POSTAS_50, Card
from engine.core.errors import BadSetup, IllegalAction
from engine.core.rng import shuffled
from engine.prima_carta import Phase, PrimaCarta, PrimaCartaOptions
from engine.prima_carta.game import CARDS
from engine.prima_carta.house_bets import (
    BETS,
    CARTAS_MEASURED,
    COMECO_MEASURED,
    COMECO_TABLE,
    HouseBet,
    Odds,
    bet_text,
    check_bet,
    facts_from_order,
    outcome_text,
    returned,
    settle,
)

ALL = ("crowns", "locks", "fruit", "swords", "cups")


def _card(suit: str, foundation: int, offset: int) -> Card:
    """The card `offset` places up a stack founded on `foundation` (the 1 follows the 10)."""
    return POSTAS_50.card(suit, (foundation - 1 + offset) % 10 + 1)


def build(
    sizes: Sequence[int],
    ranks: Sequence[int] = (1, 1, 1, 1, 1),
    suits: Sequence[str] = ALL,
    spares: Sequence[str] | None = None,
) -> list[Card]:
    """A 50-card order whose first pass leaves `sizes[i]` cards on `suits[i]`'s stack,
    founded on `ranks[i]`; `suits[0]`'s foundation is the very first card.

    Blocks: (A) the five foundations in `suits` order; (B) each unfinished suit's next card
    after its stack, buried at once; (C) the rest of each suit above that ("spares"), in
    `spares` order, which keep (B) buried for the whole first pass; (D) each suit's run up
    from its foundation, every card playing as it is dealt. The second pass deals (B), each
    card playing, then (C): a suit of size 9 completes in (B), otherwise the first suit in
    `spares` order completes first.
    """
    found = dict(zip(suits, ranks, strict=True))
    size = dict(zip(suits, sizes, strict=True))
    spare_order = list(spares) if spares is not None else list(suits)
    head = [_card(suit, found[suit], 0) for suit in suits]
    buried = [_card(suit, found[suit], size[suit]) for suit in suits if size[suit] < 10]
    cover = [_card(suit, found[suit], k) for suit in spare_order for k in range(size[suit] + 1, 10)]
    runs = [_card(suit, found[suit], k) for suit in suits for k in range(1, size[suit])]
    assert cover or not buried, "some card must cover the buried ones"
    order = head + buried + cover + runs
    assert sorted(order) == sorted(CARDS), "each card exactly once"
    return order


def promoting(total: int, **kwargs: object) -> list[Card]:
    """A deck whose first pass promotes exactly `total` cards (10 to 40)."""
    sizes = [2] * 5
    extra = total - 10
    suit = 0
    while extra:
        if sizes[suit] < 8:
            sizes[suit] += 1
            extra -= 1
        suit = (suit + 1) % 5
    return build(sizes, **kwargs)  # type: ignore[arg-type]


# ------------------------------------------------------------------- the builder and the facts


@pytest.mark.parametrize(
    ("sizes", "champion"),
    [((2, 2, 2, 2, 2), "crowns"), ((3, 5, 2, 9, 4), "swords"), ((9, 8, 2, 2, 2), "crowns")],
)
def test_builder_deals_what_it_says_through_the_engine(sizes: tuple[int, ...], champion: str) -> None:
    order = build(sizes, ranks=(4, 10, 1, 7, 2))
    game = PrimaCarta.new_from_order(PrimaCartaOptions(), ALL, order)
    assert game.phase is Phase.COPA
    assert game.stack_sizes() == sizes
    while (seat := game.to_act) is not None:
        game.apply(seat, game.legal_actions(seat)[0])  # everyone pays the copa
    winner = game.winner
    assert winner is not None
    assert ALL[winner] == champion
    facts = facts_from_order(order)
    assert facts.promoted == sum(sizes)
    assert facts.champion == champion


def test_facts_name_the_first_card_and_the_foundations_in_the_order_dealt() -> None:
    order = build(
        (2, 2, 2, 2, 2), ranks=(6, 3, 9, 1, 10), suits=("swords", "crowns", "cups", "locks", "fruit")
    )
    facts = facts_from_order(order)
    assert facts.first == POSTAS_50.card("swords", 6)
    assert [(c.suit, c.rank) for c in facts.foundations] == [
        ("swords", 6),
        ("crowns", 3),
        ("cups", 9),
        ("locks", 1),
        ("fruit", 10),
    ]
    assert facts.foundation("cups") == POSTAS_50.card("cups", 9)


def test_champion_is_the_first_suit_to_finish_even_in_the_first_pass() -> None:
    # Locks completes in the first pass (its whole run is in block D); swords too, later.
    order = build((2, 10, 2, 10, 2), suits=ALL)
    assert facts_from_order(order).champion == "locks"


def test_champion_ignores_who_folds_and_follows_the_deal_alone() -> None:
    # Unshuffled, the first suit whose spares come first finishes first; nobody's copa or
    # fold can change the order the cards come in.
    order = build((3, 3, 3, 3, 3), spares=("fruit", "crowns", "locks", "swords", "cups"))
    assert facts_from_order(order).champion == "fruit"


def test_jasper_repasso_settles_escucha_on_the_reshuffled_pile() -> None:
    sizes = (3, 3, 3, 3, 3)
    order = build(sizes)
    assert facts_from_order(order).champion == "crowns"
    # The discard pile after the first pass is blocks B and C; reshuffle C so cups comes first.
    again = build(sizes, spares=("cups", "crowns", "locks", "fruit", "swords"))
    pile = again[5:-10]
    assert facts_from_order(order, repasso=pile).champion == "cups"
    with pytest.raises(BadSetup, match="discards"):
        facts_from_order(order, repasso=pile[1:])


def test_facts_need_the_fifty_postas_cards() -> None:
    with pytest.raises(BadSetup, match="50 Postas cards"):
        facts_from_order(list(CARDS)[:-1])


def test_facts_agree_with_the_engine_on_shuffled_decks() -> None:
    # Five seats that all pay the copa: the first suit to finish wins, which is the champion;
    # the first pass's stacks add up to the cards promoted unless a suit finished in it.
    for seed in range(300):
        order = [CARDS[code] for code in shuffled(range(50), seed)]
        facts = facts_from_order(order)
        game = PrimaCarta.new_from_order(PrimaCartaOptions(), ALL, order)
        assert game.order[0] == facts.first
        if game.phase is Phase.COPA:
            assert sum(game.stack_sizes()) == facts.promoted
            while (seat := game.to_act) is not None:
                game.apply(seat, game.legal_actions(seat)[0])
        winner = game.winner
        assert winner is not None
        assert ALL[winner] == facts.champion, seed


def test_on_any_deal_one_suit_wins_prima_and_escucha_and_maximo_never_pays_a_pair() -> None:
    for seed in range(200):
        facts = facts_from_order([CARDS[code] for code in shuffled(range(50), seed)])
        for bet in (HouseBet.PRIMA, HouseBet.ESCUCHA):
            assert sum(returned(bet, suit, 1, facts) > 0 for suit in ALL) == 1
        assert sum(returned(HouseBet.MAXIMO, suit, 1, facts) > 0 for suit in ALL) in (0, 1, 3, 4, 5)
        conto = [returned(bet, "", 1, facts) for bet in (HouseBet.ALTO, HouseBet.MEDIO, HouseBet.BAJO)]
        assert sum(back > 0 for back in conto) <= 1
        cartas = [returned(HouseBet.CARTAS, str(n), 1, facts) for n in range(10, 21)]
        assert sum(back > 0 for back in cartas) == (1 if facts.promoted <= 20 else 0)


# ------------------------------------------------------------------------------- Prima


@pytest.mark.parametrize("first", ALL)
def test_prima_pays_four_to_one_on_the_first_cards_suit(first: str) -> None:
    suits = (first, *(s for s in ALL if s != first))
    facts = facts_from_order(build((2, 2, 2, 2, 2), ranks=(7, 1, 1, 1, 1), suits=suits))
    for suit in ALL:
        assert returned(HouseBet.PRIMA, suit, 10, facts) == (50 if suit == first else 0)


def test_prima_pays_only_two_to_one_when_the_first_card_is_a_one() -> None:
    facts = facts_from_order(build((2, 2, 2, 2, 2), ranks=(1, 7, 7, 7, 7)))
    assert returned(HouseBet.PRIMA, "crowns", 10, facts) == 30
    assert outcome_text(HouseBet.PRIMA, "crowns", 10, facts) == "won 2 to 1: 30 back"
    assert returned(HouseBet.PRIMA, "locks", 10, facts) == 0
    assert outcome_text(HouseBet.PRIMA, "locks", 10, facts) == "lost"


# ----------------------------------------------------------------------------- Escúcha


@pytest.mark.parametrize("champion", ALL)
def test_escucha_pays_four_to_one_on_the_champion(champion: str) -> None:
    spares = (champion, *(s for s in ALL if s != champion))
    facts = facts_from_order(build((3, 3, 3, 3, 3), ranks=(5, 5, 5, 5, 5), spares=spares))
    assert facts.champion == champion
    for suit in ALL:
        assert returned(HouseBet.ESCUCHA, suit, 7, facts) == (35 if suit == champion else 0)


def test_escucha_pays_only_two_to_one_when_the_champion_is_founded_on_its_one() -> None:
    # Locks wins and its first card is its 1; crowns' 1 (the very first card) does not matter.
    facts = facts_from_order(
        build((3, 3, 3, 3, 3), ranks=(1, 1, 4, 4, 4), spares=("locks", *ALL[2:], "crowns"))
    )
    assert facts.champion == "locks"
    assert returned(HouseBet.ESCUCHA, "locks", 7, facts) == 21
    facts = facts_from_order(
        build((3, 3, 3, 3, 3), ranks=(1, 2, 4, 4, 4), spares=("locks", *ALL[2:], "crowns"))
    )
    assert returned(HouseBet.ESCUCHA, "locks", 7, facts) == 35


# ------------------------------------------------------------------------------ Máximo


def test_maximo_pays_four_to_one_on_the_single_highest_first_card() -> None:
    facts = facts_from_order(build((2, 2, 2, 2, 2), ranks=(3, 9, 8, 1, 2)))
    assert [returned(HouseBet.MAXIMO, suit, 2, facts) for suit in ALL] == [0, 10, 0, 0, 0]


def test_maximo_counts_the_ten_high_and_the_one_low() -> None:
    facts = facts_from_order(build((2, 2, 2, 2, 2), ranks=(1, 9, 10, 8, 2)))
    assert [returned(HouseBet.MAXIMO, suit, 2, facts) for suit in ALL] == [0, 0, 10, 0, 0]


def test_maximo_tie_of_exactly_two_loses_for_both() -> None:
    facts = facts_from_order(build((2, 2, 2, 2, 2), ranks=(9, 3, 9, 1, 2)))
    assert [returned(HouseBet.MAXIMO, suit, 2, facts) for suit in ALL] == [0, 0, 0, 0, 0]


@pytest.mark.parametrize(
    ("ranks", "paid"),
    [
        ((6, 6, 2, 6, 5), [10, 10, 0, 10, 0]),
        ((8, 8, 8, 8, 5), [10, 10, 10, 10, 0]),
        ((4, 4, 4, 4, 4), [10, 10, 10, 10, 10]),
    ],
)
def test_maximo_tie_of_three_or_more_pays_every_tied_suit(ranks: tuple[int, ...], paid: list[int]) -> None:
    facts = facts_from_order(build((2, 2, 2, 2, 2), ranks=ranks))
    assert [returned(HouseBet.MAXIMO, suit, 2, facts) for suit in ALL] == paid


# ------------------------------------------------------------------------------- Conto


@pytest.mark.parametrize(
    ("promoted", "alto", "medio", "bajo"),
    [
        (10, 0, 0, 36),
        (11, 0, 0, 36),
        (12, 0, 0, 0),
        (13, 0, 0, 0),
        (14, 0, 12, 0),
        (15, 0, 12, 0),
        (16, 0, 0, 0),
        (17, 30, 0, 0),
        (18, 30, 0, 0),
        (25, 30, 0, 0),
    ],
)
def test_conto_alto_medio_bajo_boundaries(promoted: int, alto: int, medio: int, bajo: int) -> None:
    # Stakes of 4: Alto 13 to 2 (4 + 26), Medio 2 to 1 (4 + 8), Bajo 8 to 1 (4 + 32).
    facts = facts_from_order(promoting(promoted))
    assert facts.promoted == promoted
    assert returned(HouseBet.ALTO, "", 4, facts) == alto
    assert returned(HouseBet.MEDIO, "", 4, facts) == medio
    assert returned(HouseBet.BAJO, "", 4, facts) == bajo


def test_conto_never_sees_fewer_than_ten_cards() -> None:
    # Each suit's stack holds at least two cards after a full first pass, so 9 cannot
    # happen; the fewest the builder (or any deal) can make is 10.
    assert facts_from_order(build((2, 2, 2, 2, 2))).promoted == 10


def test_conto_counts_the_whole_first_pass_even_when_a_suit_finishes_in_it() -> None:
    facts = facts_from_order(build((10, 2, 2, 2, 2)))
    assert facts.promoted == 18
    assert returned(HouseBet.ALTO, "", 2, facts) == 15


# ------------------------------------------------------------------------------ Cartas

CARTAS_PAYS = {
    10: Odds(38),
    11: Odds(10),
    12: Odds(21, 4),
    13: Odds(4),
    14: Odds(4),
    15: Odds(11, 2),
    16: Odds(33, 4),
    17: Odds(14),
    18: Odds(27),
    19: Odds(55),
    20: Odds(120),
}


@pytest.mark.parametrize("number", range(10, 21))
def test_cartas_pays_each_number_only_when_exactly_that_many_are_promoted(number: int) -> None:
    odds = CARTAS_PAYS[number]
    facts = facts_from_order(promoting(number))
    stake = 4
    assert returned(HouseBet.CARTAS, str(number), stake, facts) == stake + stake * odds.win // odds.per
    for other in (number - 1, number + 1):
        if 10 <= other <= 20:
            assert returned(HouseBet.CARTAS, str(other), stake, facts) == 0


# ------------------------------------------------------------------------------ Começo

# Chips back on a stake of 2, by cards promoted: the shipped pay table.
COMECO_BACK = {10: 10, 11: 4, 17: 4, 18: 8, 19: 12, 20: 22, 21: 42, 22: 82, 23: 122, 24: 302, 30: 302}


@pytest.mark.parametrize("promoted", range(10, 31))
def test_comeco_pays_each_line_of_its_table(promoted: int) -> None:
    facts = facts_from_order(promoting(promoted))
    back = COMECO_BACK.get(promoted, 302 if promoted > 24 else 0)
    assert returned(HouseBet.COMECO, "", 2, facts) == back


# ---------------------------------------------------------------------------- rounding


def test_winnings_round_down_to_the_house_and_say_so() -> None:
    facts = facts_from_order(promoting(15))
    result = settle(HouseBet.CARTAS, "15", 3, facts)  # 11 to 2 on 3 chips: 16.5 won
    assert (result.won, result.returned, result.rounded_off) == (True, 19, Fraction(1, 2))
    assert (
        outcome_text(HouseBet.CARTAS, "15", 3, facts)
        == "won 11 to 2: 19 back (1/2 of a chip rounded down to the house)"
    )
    assert settle(HouseBet.CARTAS, "15", 4, facts).rounded_off == 0
    assert outcome_text(HouseBet.CARTAS, "15", 4, facts) == "won 11 to 2: 26 back"
    twelve = facts_from_order(promoting(12))
    assert settle(HouseBet.CARTAS, "12", 5, twelve).rounded_off == Fraction(1, 4)  # 26.25 won
    assert returned(HouseBet.CARTAS, "12", 5, twelve) == 5 + 26


# -------------------------------------------------------------------------- bad bets


@pytest.mark.parametrize(
    ("bet", "pick", "amount", "message"),
    [
        ("roulette", "", 1, "not one of the house bets"),
        (HouseBet.PRIMA, "hearts", 1, "pick one of: crowns"),
        (HouseBet.PRIMA, "", 1, "pick one of"),
        (HouseBet.CARTAS, "9", 1, "pick one of: 10, 11"),
        (HouseBet.CARTAS, "21", 1, "pick one of"),
        (HouseBet.ALTO, "crowns", 1, "takes no pick"),
        (HouseBet.COMECO, "", 0, "at least 1"),
        (HouseBet.MEDIO, "", -5, "at least 1"),
    ],
)
def test_a_bad_bet_is_refused_with_a_sentence(bet: str, pick: str, amount: int, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        check_bet(bet, pick, amount)
    with pytest.raises(IllegalAction):
        settle(bet, pick, amount, facts_from_order(promoting(12)))


def test_bets_are_listed_for_the_table() -> None:
    assert bet_text(HouseBet.PRIMA, "cups") == "Prima on Cups"
    assert bet_text(HouseBet.CARTAS, "13") == "Cartas 13"
    assert bet_text(HouseBet.MEDIO, "") == "Conto Medio"


# ------------------------------------------------------------------------- the catalogue


def test_every_bet_is_in_the_catalogue_with_a_house_edge() -> None:
    # The figures are copied from bench/house_odds.py; what this checks is that none shipped
    # claims a return of 100% or more, and that the catalogue agrees with itself.
    assert set(BETS) == set(HouseBet)
    for spec in BETS.values():
        low, high = spec.measured_ci
        assert low <= spec.measured_rtp <= high < 1, spec.label
    assert BETS[HouseBet.CARTAS].picks == tuple(str(n) for n in range(10, 21))
    assert set(CARTAS_MEASURED) == set(range(10, 21))
    for probability, rtp, low, high in CARTAS_MEASURED.values():
        assert 0 < probability < 1
        assert low <= rtp <= high < 1
    assert max(row[1] for row in CARTAS_MEASURED.values()) == BETS[HouseBet.CARTAS].measured_rtp
    assert set(COMECO_MEASURED) == {low for low, _, _ in COMECO_TABLE}
    total = sum(share for _, share in COMECO_MEASURED.values())
    assert total == pytest.approx(BETS[HouseBet.COMECO].measured_rtp, abs=1e-3)
