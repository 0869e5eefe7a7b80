"""The basic Primero computer player: always legal and deterministic, blind to hidden
cards, able to take over any seat mid-hand, and sensible at the moves the rule text's
Sample Hand shows (bid the real hand, pass to improve, cover when forced, stake or fold
the set-aside chips at the end)."""

from __future__ import annotations

import random
from itertools import combinations, product
from typing import Any, Literal

import pytest

from engine.core.errors import RuleError
from engine.core.players import computer_levels, computer_player
from engine.primero import AllIn, Bid, Fold, HandType, Pass, Phase, Primero, PrimeroOptions, Stake, forms
from engine.primero.game import DECK
from engine.primero.players import INDEX, BasicPlayer, chance, make_player, shape_of

from .primero_helpers import c, game

N, P, F = HandType.NUMERUS, HandType.PRIMERO, HandType.FLUXUS
PLAYER = BasicPlayer()

# The rule text's Sample Hand (Domenico deals): the first deal, the first-round draws
# (7H, KH), the second deal, then the second-round draws.
ALBERTO, BERNARDO, CINTHIO, DOMENICO = range(4)
SAMPLE_DECK = "6H 2D 3H 6D JC 3D QS 5C  7H KH  2C QH 4D 5D JD 5S JH AS  AD 7D 7C 3S"


def sample() -> Primero:
    return game(("Alberto", "Bernardo", "Cinthio", "Domenico"), SAMPLE_DECK)


def first_round(g: Primero) -> None:
    """The text's first round: Alberto bids numerus 20 at 5, Bernardo stakes, Cinthio and
    Domenico pass changing a face card."""
    g.apply(ALBERTO, Bid(type=N, total=20, bet=5))
    g.apply(BERNARDO, Stake())
    g.apply(CINTHIO, Pass(discard=(c("JC"),)))
    g.apply(DOMENICO, Pass(discard=(c("QS"),)))
    assert g.phase is Phase.SECOND and g.to_act == ALBERTO


def second_round(names: str, dealt: str, **options: Any) -> Primero:
    """Everyone stands in the first round (no bets, no changes): the second deal follows."""
    g = game(names, dealt, **options)
    while g.phase is Phase.FIRST:
        g.apply(g.to_act, Stake())  # type: ignore[arg-type]
    assert g.phase is Phase.SECOND and g.to_act == 0
    return g


# ------------------------------------------------------------------------ registry


def test_registry_gives_the_basic_level_first_for_primero() -> None:
    assert computer_levels("primero") == ("basic", "strong")
    assert computer_player("primero").level == "basic"
    assert isinstance(computer_player("primero", "basic"), BasicPlayer)
    with pytest.raises(RuleError):
        computer_player("primero", "sharp")
    with pytest.raises(ValueError):
        make_player("sharp")


def test_basic_player_judges_hands_as_the_engine_does() -> None:
    # Its fast hand reader agrees with `forms` on every 7th four-card hand and on all
    # two-card starts.
    for number, hand in enumerate(combinations(DECK, 4)):
        if number % 7 == 0:
            found = shape_of([INDEX[card] for card in hand])
            assert {kind: found[kind] for kind in HandType if found[kind]} == forms(hand)
    for start in combinations(DECK, 2):
        found = shape_of([INDEX[card] for card in start])
        assert {kind: found[kind] for kind in HandType if found[kind]} == forms(start)


def test_basic_player_refuses_when_it_is_not_its_turn() -> None:
    g = sample()
    with pytest.raises(ValueError):
        PLAYER.choose(g, BERNARDO)


# ----------------------------------------------------------------------- bidding


def test_bids_its_real_hand_in_the_second_round() -> None:
    # Bernardo's 3H 6D 4D 5D, numerus 47, in the Sample Hand: the computer bids numerus,
    # at most what the cards hold and above Alberto's first-round numerus 20.
    g = sample()
    first_round(g)
    g.apply(ALBERTO, Pass(discard=(c("QH"),)))
    assert g.view(BERNARDO).forms == {N: 47}
    move = PLAYER.choose(g, BERNARDO)
    assert isinstance(move, Bid) and move.type is N and 20 < move.total <= 47
    assert move.discard == () and 1 <= move.bet <= 100
    g.apply(BERNARDO, move)


def test_bids_the_highest_type_it_holds_never_more_than_it_holds() -> None:
    # Seat 0 holds primero 70 (7S 6H 5D AC) against two players: it bids primero, perhaps
    # understating the total, never above 70.
    g = second_round("ABC", "7S 6H 2C 3C JD QD 5D AC")
    assert g.view(0).forms == {P: 70}
    move = PLAYER.choose(g, 0)
    assert isinstance(move, Bid) and move.type is P and 40 <= move.total <= 70


def test_first_round_bid_is_a_modest_numerus_and_nothing_is_overstated() -> None:
    # 7H AH is a numerus 37 in the making: the least numerus, one stake. With 6H 2D it has
    # no numerus, and though this table lets a first bid overstate, it bids nothing.
    g = game("ABC", "7H AH 2C 3D JD QS", overstate_first=True)
    assert PLAYER.choose(g, 0) == Bid(type=N, total=20, bet=1)
    g = game("ABC", "6H 2D 2C 3D JD QS", overstate_first=True)
    assert N in g.choices(0).bids  # type: ignore[union-attr]
    assert not isinstance(PLAYER.choose(g, 0), Bid)


def test_tops_a_bid_only_with_a_hand_that_beats_it() -> None:
    # B bids primero 60 (B holds 7S 6H 5D AC, primero 70). C's numerus cannot top it;
    # C's primero 76 can, and C bids it, honestly.
    weak = second_round("ABC", "2S 3S 7S 6H 2H 3H  JC QC 5D AC 4H 5C")
    strong = second_round("ABC", "2S 3S 7S 6H 7H 7D  JC QC 5D AC 6C AS")
    for g in (weak, strong):
        g.apply(0, Stake())
        g.apply(1, Bid(type=P, total=60, bet=2))
    assert not isinstance(PLAYER.choose(weak, 2), Bid)
    assert strong.view(2).forms == {P: 76}
    move = PLAYER.choose(strong, 2)
    assert isinstance(move, Bid) and move.type is P and 60 < move.total <= 76


# ----------------------------------------------------------------------- passing


def test_passes_discarding_low_faces_in_the_first_round() -> None:
    # The Sample Hand: facing Alberto's bet, Cinthio (JC 3D) and Domenico (QS 5C) pass and
    # throw away the ten-point face; Domenico keeps his 5.
    g = sample()
    g.apply(ALBERTO, Bid(type=N, total=20, bet=5))
    g.apply(BERNARDO, Stake())
    move = PLAYER.choose(g, CINTHIO)
    assert isinstance(move, Pass) and c("JC") in move.discard
    g.apply(CINTHIO, Pass(discard=(c("JC"),)))
    assert PLAYER.choose(g, DOMENICO) == Pass(discard=(c("QS"),))


def test_passes_keeping_one_card_per_suit_towards_a_primero() -> None:
    # 7S 6H AD JD: three suits and a jack; it changes the jack, hoping for a club.
    g = second_round("ABCD", "7S 6H 2C 3C 2S 3S 2H 3H  AD JD 4C 5C KS QS KH QH")
    move = PLAYER.choose(g, 0)
    assert isinstance(move, Pass) and move.discard == (c("JD"),)


def test_passes_keeping_suited_cards_towards_a_numerus() -> None:
    # 2H 3H JH QC: a weak numerus; it changes the off-suit queen and keeps the hearts' best.
    g = second_round("ABCD", "2H 3H 2C 3C 2S 3S 4D 5D  JH QC 4C 5C KS QS KD QD")
    move = PLAYER.choose(g, 0)
    assert isinstance(move, Pass) and c("QC") in move.discard
    assert c("2H") not in move.discard and c("3H") not in move.discard


def test_bids_a_made_hand_without_changing_cards() -> None:
    # Four sevens (chorus and primero 84): nothing to change, and it bids at once.
    g = second_round("ABC", "7S 7H 2C 3C JD QD 7D 7C")
    move = PLAYER.choose(g, 0)
    assert isinstance(move, Bid) and move.type in (P, HandType.CHORUS) and move.discard == ()


# -------------------------------------------------------------- covering a bet


def test_covers_when_forced_and_declines_the_bare_bet() -> None:
    # The Sample Hand's end: nobody covered Bernardo's numerus 25 at 10, so Alberto must.
    # With numerus 28 he stakes (changing cards, as Alberto does) and bets nothing more.
    g = sample()
    first_round(g)
    g.apply(ALBERTO, Pass(discard=(c("QH"),)))
    g.apply(BERNARDO, Bid(type=N, total=25, bet=10))
    g.apply(CINTHIO, Pass(discard=(c("JD"),)))
    g.apply(DOMENICO, Fold())
    choice = g.choices(ALBERTO)
    assert choice is not None and choice.forced and not choice.can_pass
    move = PLAYER.choose(g, ALBERTO)
    assert isinstance(move, Stake) and move.bet == 0
    g.apply(ALBERTO, move)


def test_a_strong_forced_coverer_bids_instead() -> None:
    # A holds primero 76 when B's primero 60 (B holds primero 68) reaches it uncovered: it
    # tops the bid.
    g = second_round("ABC", "7S 7H 6S 5H JD QD  6D AC 7D 4C 4S 5S")
    g.apply(0, Stake())
    g.apply(1, Bid(type=P, total=60, bet=2))
    g.apply(2, Pass(discard=(c("4S"),)))
    assert g.choices(0).forced  # type: ignore[union-attr]
    move = PLAYER.choose(g, 0)
    assert isinstance(move, Bid) and move.type is P and 60 < move.total <= 76


# ------------------------------------------------------------- stake or fold


def choice_table(drawn: str) -> Primero:
    """A bids primero 60 at 2 (A holds 7S 6H 5D AC, primero 70); B passes, changing JC for
    `drawn`; C must cover. B then decides whether to stake or fold its 2 set aside."""
    g = second_round("ABC", f"7S 6H 7H 7D 2S 3S  5D AC JC 6S 3H 4H  {drawn}")
    g.apply(0, Bid(type=P, total=60, bet=2))
    g.apply(1, Pass(discard=(c("JC"),)))
    g.apply(2, Stake())
    assert g.phase is Phase.CHOICE and g.to_act == 1 and g.view(1).set_aside == (0, 2, 0)
    return g


def test_folds_a_hopeless_set_aside_and_stakes_a_winning_one() -> None:
    # Drawing a heart leaves B no primero: hopeless, fold (1 to the pot, 1 back). Drawing
    # the 7C makes primero 81 over the bid's 60: stake.
    hopeless = choice_table("KH")
    assert P not in (hopeless.view(1).forms or {})
    assert PLAYER.choose(hopeless, 1) == Fold()
    winning = choice_table("7C")
    assert winning.view(1).forms == {P: 81}
    assert PLAYER.choose(winning, 1) == Stake()


def test_sample_hand_cinthio_stakes_his_numerus_at_the_end() -> None:
    g = sample()
    first_round(g)
    g.apply(ALBERTO, Pass(discard=(c("QH"),)))
    g.apply(BERNARDO, Bid(type=N, total=25, bet=10))
    g.apply(CINTHIO, Pass(discard=(c("JD"),)))
    g.apply(DOMENICO, Fold())
    g.apply(ALBERTO, Stake(discard=(c("2C"), c("6H"))))
    assert g.phase is Phase.CHOICE and g.view(CINTHIO).forms == {N: 34}
    assert PLAYER.choose(g, CINTHIO) == Stake()


# ------------------------------------------------------------------- all in


def test_goes_all_in_with_a_good_hand_and_folds_a_poor_one() -> None:
    # B has 3 chips and faces A's bet of 10: with primero 81 all in, with nothing fold.
    rich = second_round("ABC", "7S 6H 7H 7D 2S 3S  5D AC 6S 7C 4H 5H", stacks=[100, 3, 100])
    poor = second_round("ABC", "7S 6H 2H 3H 2S 3S  5D AC JC QC 4H 5H", stacks=[100, 3, 100])
    for g in (rich, poor):
        g.apply(0, Bid(type=P, total=60, bet=10))
        choice = g.choices(1)
        assert choice is not None and choice.all_in and not choice.stake and not choice.can_pass
    assert PLAYER.choose(rich, 1) == AllIn()
    assert PLAYER.choose(poor, 1) == Fold()


def test_never_folds_in_the_non_betting_game() -> None:
    # Nothing to play for against a primero 60 bid, but folding is not part of the game.
    g = second_round("ABC", "7S 6H 2H 3H 2S 3S  5D AC JC QC 4H 5H", betting=False)
    g.apply(0, Bid(type=P, total=60))
    assert not g.choices(1).fold  # type: ignore[union-attr]
    assert not isinstance(PLAYER.choose(g, 1), Fold)


# ------------------------------------------------------------ hidden information


def test_basic_player_sees_only_its_own_cards() -> None:
    # Two deals that differ only in what A cannot see (B's and C's cards, the deck): A's
    # view is the same but for the deal's commitment, and so is A's move.
    one = second_round("ABC", "2H 3H 2C 3C 2S 3S  JH QC 4C 5C KS QS")
    two = second_round("ABC", "2H 3H 5S 4D 7C 6D  JH QC AS 5C 7D QS")
    assert one.view(0).model_dump(exclude={"commitment"}) == two.view(0).model_dump(exclude={"commitment"})
    assert one.to_json() != two.to_json()
    assert PLAYER.choose(one, 0) == PLAYER.choose(two, 0)


# ------------------------------------------------------------ random playouts

DIVISIONS: tuple[Literal["all", "split"], ...] = ("all", "split")
OPTION_SETS = [
    PrimeroOptions(
        betting=betting,
        repass=repass,
        overstate_first=overstate,
        division=division,
        bid_limit=limit,
        stake=stake,
    )
    for betting, repass, overstate, division, (limit, stake) in product(
        (True, False), (True, False), (True, False), DIVISIONS, ((None, 1), (2, 2))
    )
]


def check(g: Primero, seat: int, move: object) -> None:
    """Every move is honest: a bid names a type the cards hold, at no more than they hold;
    and there is no folding in the non-betting game."""
    view = g.view(seat)
    if isinstance(move, Bid):
        held = view.forms or {}
        assert move.type in held and move.total <= held[move.type], (view.hand, move)
    if not view.options.betting:
        assert not isinstance(move, Fold | AllIn)


def test_always_legal_deterministic_and_honest_in_every_variant() -> None:
    seen: set[str] = set()
    for number, options in enumerate(OPTION_SETS):
        for round_ in range(6):
            seed = number * 100 + round_
            count = 2 + (number + round_) % 5
            ante = options.ante_chips
            # Every other game on small stacks, to force all-ins.
            small = round_ % 2 == 1
            stacks = [
                ante + (3 + (seed + 5 * seat) % 9 if small else 100) * options.stake for seat in range(count)
            ]
            a = Primero.new(options, "ABCDEF"[:count], seed, dealer=seed % count, stacks=stacks)
            # A second table from the same seed, played by a fresh player, replays exactly.
            b = Primero.new(options, "ABCDEF"[:count], seed, dealer=seed % count, stacks=stacks)
            again = BasicPlayer() if round_ < 2 else None
            while (seat := a.to_act) is not None:
                choice = a.choices(seat)
                assert choice is not None
                move = PLAYER.choose(a, seat)
                assert again is None or again.choose(b, seat) == move
                check(a, seat, move)
                seen.add(move.kind)
                if choice.max_discard == 0 and choice.phase is not Phase.CHOICE:
                    seen.add("deck spent")
                if choice.forced:
                    seen.add("forced")
                if choice.phase is Phase.CHOICE:
                    seen.add(f"choice {move.kind}")
                a.apply(seat, move)
                b.apply(seat, move)
            assert a.outcome is not None and a.to_json() == b.to_json()
    assert seen >= {
        "bid", "stake", "pass", "fold", "all_in", "deck spent", "forced", "choice stake", "choice fold"
    }  # fmt: skip


def test_takes_over_any_seat_mid_hand() -> None:
    # Random legal moves for a while (a bid at the lowest total, any change of cards), then
    # the computer plays every seat to the end, as when players time out.
    for seed in range(120):
        rng = random.Random(seed)
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        count = 2 + seed % 5
        stacks = [options.ante_chips + (4 + seed % 7) * options.stake] * count if seed % 3 == 0 else None
        g = Primero.new(options, "ABCDEF"[:count], seed, dealer=seed % count, stacks=stacks)
        for _ in range(rng.randrange(12)):
            if (seat := g.to_act) is None:
                break
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        while (seat := g.to_act) is not None:
            move = computer_player("primero").choose(g, seat)
            check(g, seat, move)
            g.apply(seat, move)
        assert g.outcome is not None


def test_basic_players_win_hands_all_round_the_table() -> None:
    # Over whole hands at four, every seat wins some, and most hands have a winner.
    winners: list[int | None] = []
    for seed in range(60):
        g = Primero.new(PrimeroOptions(), "ABCD", seed, dealer=seed % 4)
        while (seat := g.to_act) is not None:
            g.apply(seat, PLAYER.choose(g, seat))
        winners.append(g.view(None).winner)
    assert set(winners) >= {0, 1, 2, 3}
    assert winners.count(None) < len(winners) // 4


def test_win_chances_rise_with_the_total_and_fall_with_more_opponents() -> None:
    assert chance(N, 30, 3) < chance(N, 40, 3) < chance(N, 50, 3)
    assert chance(P, 60, 5) < chance(P, 60, 2)
    assert chance(HandType.SUPREMUS, 55, 3) > chance(P, 60, 3) > 0
    assert chance(F, 0, 3) == 0
