"""One named test per Holdout rule (docs/RULES.md, Holdout), on deals built by hand."""

from __future__ import annotations

import json

import pytest

from engine.core.cards import POSTAS_50, VINES_55
from engine.core.errors import BadSetup, IllegalAction, NotYourTurn
from engine.core.rng import commitment, seeded_index, shuffled
from engine.holdout import (
    Fold,
    Holdout,
    HoldoutOptions,
    HoldoutView,
    PassCards,
    Phase,
    PlayCard,
    SeatStatus,
    Seconds,
    WonBy,
)
from engine.holdout.game import CHILO_PURPOSE, draw_line, nearest

from .holdout_helpers import card, cards, dealt, hand, order, playing, shorts

# A plain three-player deal: hands after the pass, the up card, the deck's front.
A_HAND, B_HAND, C_HAND = "Lo4 Fr3 Sw3 Cu5 Sw9", "Lo3 Cr1 Cr2 Fr9 Lo1", "Fr5 Sw2 Cu2 Lo7 Fr7"
THREE = (A_HAND, B_HAND, C_HAND)
DEALT = ("Lo4 Fr3 Sw3 Cr2 Fr9", "Lo3 Cr1 Lo1 Fr7 Lo7", "Fr5 Sw2 Cu2 Cu5 Sw9")


def three(**kwargs: object) -> Holdout:
    return playing(THREE, "Cr6", "Cr10 Sw6 Cr8 Cu7 Fr1 Sw10", **kwargs)  # type: ignore[arg-type]


def unchanged(g: Holdout, action: object, seat: int, error: type[Exception], match: str) -> None:
    """`action` by `seat` is refused with `error` and the hand does not change at all."""
    before = g.to_json()
    with pytest.raises(error, match=match):
        g.apply(seat, action)  # type: ignore[arg-type]
    assert g.to_json() == before


# ------------------------------------------------------------------------ set-up


@pytest.mark.parametrize(
    ("lines", "count", "ok"),
    [
        (1, 1, False),
        (1, 2, True),
        (1, 4, True),
        (1, 5, False),
        (2, 3, False),
        (2, 4, True),
        (2, 6, True),
        (2, 7, False),
    ],
)
def test_seat_counts_are_two_to_four_single_and_four_to_six_double(lines: int, count: int, ok: bool) -> None:
    options = HoldoutOptions(lines=lines)  # type: ignore[arg-type]
    seats = tuple("ABCDEFG"[:count])
    if ok:
        assert len(Holdout.new(options, seats, seed=1).seats) == count
    else:
        with pytest.raises(BadSetup, match="needs"):
            Holdout.new(options, seats, seed=1)
    assert HoldoutOptions.seat_range(1) == (2, 4) and HoldoutOptions.seat_range(2) == (4, 6)


def test_stake_must_be_at_least_one() -> None:
    with pytest.raises(ValueError):
        HoldoutOptions(stake=0)


def test_deck_must_be_the_whole_deck() -> None:
    deal = order(DEALT, "Cr6")
    with pytest.raises(BadSetup, match="50 Postas cards"):
        Holdout.new_from_order(HoldoutOptions(), "ABC", deal[:-1], chilo=0)
    with pytest.raises(BadSetup, match="50 Postas cards"):
        Holdout.new_from_order(HoldoutOptions(), "ABC", [*deal[:-1], deal[0]], chilo=0)
    with pytest.raises(BadSetup, match="55 Vines cards"):
        Holdout.new_from_order(HoldoutOptions(deck="vines"), "ABC", deal, chilo=0)


def test_stacks_must_match_the_seats_and_cover_the_ante() -> None:
    with pytest.raises(BadSetup, match="one stack per seat"):
        Holdout.new(HoldoutOptions(), "ABC", seed=1, stacks=[100, 100])
    with pytest.raises(BadSetup, match="at least 5 chips"):
        Holdout.new(HoldoutOptions(stake=5), "ABC", seed=1, stacks=[100, 4, 100])
    g = Holdout.new(HoldoutOptions(stake=5), "ABC", seed=1, stacks=[100, 5, 300])
    assert g.view(None).stacks == (95, 0, 295)


def test_chilo_must_be_one_of_the_seats() -> None:
    with pytest.raises(BadSetup, match="chilo"):
        Holdout.new(HoldoutOptions(), "ABC", seed=1, chilo=3)
    with pytest.raises(BadSetup, match="chilo"):
        Holdout.new_from_order(HoldoutOptions(), "ABC", order(DEALT, "Cr6"), chilo=-1)


def test_ante_is_kept_in_front_not_put_in_the_pot() -> None:
    g = dealt(DEALT, "Cr6", stake=3)
    view = g.view(None)
    assert view.pot == 0
    assert view.antes == (3, 3, 3) and view.paid == (3, 3, 3)
    assert view.stacks == (297, 297, 297)
    assert g.events[0].kind == "deal" and "keeping it in front of them" in g.events[0].text


def test_default_stacks_are_a_hundred_stakes() -> None:
    g = Holdout.new(HoldoutOptions(stake=2), "AB", seed=4)
    assert g.view(None).stacks == (198, 198)


def test_each_player_is_dealt_five_cards_and_one_card_starts_the_line() -> None:
    g = dealt(DEALT, "Cr6")
    for seat, text in enumerate(DEALT):
        assert hand(g, seat) == shorts(sorted(cards(text)))
    view = g.view(None)
    assert view.hand_sizes == (5, 5, 5)
    assert view.lines == ((0, 0, 0, 0, 0, 1, 0, 0, 0, 0),) and view.line_text == ("- - - - - 6 - - - -",)
    assert view.line_cards == ((card("Cr6"),),)
    assert view.deck_left == 50 - 15 - 1


def test_double_line_deals_one_up_card_into_each_line() -> None:
    g = dealt(
        ("Cr2 Cr3 Cr4 Cr5 Cr7", "Lo2 Lo3 Lo4 Lo5 Lo7", "Fr2 Fr3 Fr4 Fr5 Fr7", "Sw2 Sw3 Sw4 Sw5 Sw7"),
        "Cr6 Lo10",
        lines=2,
    )
    view = g.view(None)
    assert view.line_text == ("- - - - - 6 - - - -", "- - - - - - - - - 10")
    assert view.deck_left == 50 - 20 - 2
    assert "top line starts with 🔴6 and the bottom line with 🔵10" in g.events[0].text


def test_new_is_deterministic_for_a_seed_and_commits_to_the_deal() -> None:
    a = Holdout.new(HoldoutOptions(), "ABCD", seed=99, chilo=1)
    b = Holdout.new(HoldoutOptions(), "ABCD", seed=99, chilo=1)
    assert a.to_json() == b.to_json()
    assert list(a.order) == shuffled(POSTAS_50.cards(), 99)
    assert a.commitment == commitment(99, a.order)
    assert Holdout.new(HoldoutOptions(), "ABCD", seed=100, chilo=1).order != a.order
    vines = Holdout.new(HoldoutOptions(deck="vines"), "ABCD", seed=99, chilo=1)
    assert list(vines.order) == shuffled(VINES_55.cards(), 99)


def test_first_hand_chilo_is_drawn_from_the_seed() -> None:
    holders = set()
    for seed in range(40):
        g = Holdout.new(HoldoutOptions(), "ABCD", seed=seed)
        assert g.chilo == seeded_index(seed, 4, CHILO_PURPOSE)
        assert g.chilo == Holdout.new(HoldoutOptions(), "ABCD", seed=seed).chilo
        assert g.events[0].text.endswith(f"{'ABCD'[g.chilo]} holds the chilo (drawn at random).")
        holders.add(g.chilo)
    assert holders == {0, 1, 2, 3}


def test_later_hands_start_with_the_chilo_given_by_the_table() -> None:
    g = Holdout.new(HoldoutOptions(), "ABCD", seed=5, chilo=2)
    assert g.chilo == 2 and g.events[0].text.endswith("C holds the chilo.")


def test_seed_is_revealed_only_when_the_hand_is_over() -> None:
    g = three()
    assert g.view(0).seed is None and g.view(None).seed is None
    g.apply(0, Fold())
    g.apply(1, Fold())
    assert g.view(None).seed == 0 and g.phase is Phase.OVER


# ---------------------------------------------------------------------- the pass


def test_every_pair_of_hand_cards_may_be_passed() -> None:
    g = dealt(DEALT, "Cr6")
    legal = g.legal_actions(0)
    assert len(legal) == 10 and all(isinstance(a, PassCards) for a in legal)
    assert {frozenset(a.cards) for a in legal if isinstance(a, PassCards)} == {
        frozenset((x, y)) for x in cards(DEALT[0]) for y in cards(DEALT[0]) if x != y
    }
    assert g.awaiting == (0, 1, 2) and g.to_act is None


def test_passes_are_chosen_at_once_and_kept_secret_until_all_have_chosen() -> None:
    g = dealt(DEALT, "Cr6")
    events = g.apply(1, PassCards(cards=(card("Fr7"), card("Lo7"))))
    # Nothing moves yet: B's two cards are set aside, A and C still hold their deals.
    assert [e.text for e in events] == ["B has chosen two cards to pass."]
    assert g.awaiting == (0, 2) and g.view(None).passed == (False, True, False)
    assert hand(g, 0) == shorts(sorted(cards(DEALT[0]))) and hand(g, 2) == shorts(sorted(cards(DEALT[2])))
    mine = g.view(1)
    assert shorts(mine.hand or ()) == "Cr1 Lo1 Lo3" and shorts(mine.passed_cards or ()) == "Lo7 Fr7"
    assert mine.received is None
    for seat in (0, 2, None):
        text = g.view(seat).model_dump_json()
        assert "locks:7" not in text and "fruit:7" not in text
    # Any order, and the other seats still choose freely.
    g.apply(2, PassCards(cards=(card("Sw9"), card("Cu5"))))
    g.apply(0, PassCards(cards=(card("Cr2"), card("Fr9"))))
    assert g.phase is Phase.PLAY


def test_passed_cards_go_to_the_left_once_everyone_has_chosen() -> None:
    g = dealt(DEALT, "Cr6", chilo=1)
    g.apply(0, PassCards(cards=(card("Cr2"), card("Fr9"))))
    g.apply(2, PassCards(cards=(card("Cu5"), card("Sw9"))))
    events = g.apply(1, PassCards(cards=(card("Lo7"), card("Fr7"))))
    assert [e.kind for e in events] == ["pass", "passed"]
    assert events[1].text == "Everyone has passed two cards to the left. B holds the chilo and plays first."
    # A -> B, B -> C, C -> A.
    assert hand(g, 0) == "Lo4 Fr3 Sw3 Sw9 Cu5"
    assert hand(g, 1) == "Cr1 Cr2 Lo1 Lo3 Fr9"
    assert hand(g, 2) == "Lo7 Fr5 Fr7 Sw2 Cu2"
    view = g.view(1)
    assert shorts(view.passed_cards or ()) == "Lo7 Fr7" and shorts(view.received or ()) == "Cr2 Fr9"
    assert g.phase is Phase.PLAY and g.to_act == 1 and g.awaiting == (1,)


def test_double_pass_is_refused_without_change() -> None:
    g = dealt(DEALT, "Cr6")
    g.apply(0, PassCards(cards=(card("Cr2"), card("Fr9"))))
    assert g.legal_actions(0) == []
    unchanged(g, PassCards(cards=(card("Lo4"), card("Fr3"))), 0, NotYourTurn, "already passed")


def test_pass_must_be_two_different_cards_from_your_hand() -> None:
    g = dealt(DEALT, "Cr6")
    unchanged(g, PassCards(cards=(card("Cr2"), card("Cr2"))), 0, IllegalAction, "two different cards")
    unchanged(g, PassCards(cards=(card("Cr2"), card("Cu10"))), 0, IllegalAction, "your own hand")
    unchanged(g, {"kind": "pass", "cards": ["crowns:2"]}, 0, IllegalAction, "not a Holdout move")


def test_only_a_pass_is_allowed_before_play() -> None:
    g = dealt(DEALT, "Cr6")
    unchanged(g, Fold(), 0, IllegalAction, "First choose two cards to pass")
    unchanged(g, PlayCard(card=card("Lo4")), 0, IllegalAction, "First choose two cards to pass")


# ------------------------------------------------------------------------ turns


def test_chilo_holder_plays_first_and_turns_go_to_the_left() -> None:
    g = three(chilo=2)
    seen = []
    for _ in range(4):
        seat = g.to_act
        assert seat is not None
        seen.append(seat)
        play = next(a for a in g.legal_actions(seat) if isinstance(a, PlayCard))
        g.apply(seat, play)
    assert seen == [2, 0, 1, 2]


def test_folded_and_knocked_out_seats_are_skipped() -> None:
    g = playing(("Lo4 Fr3 Sw3 Cu5 Sw9", B_HAND, C_HAND, "Cu4 Cu3 Cu7 Cu8 Cu9"), "Cr6", "Sw6")
    g.apply(0, PlayCard(card=card("Lo4")))
    g.apply(1, Seconds())  # Sw6: knocked out
    g.apply(2, Fold())
    assert g.to_act == 3
    g.apply(3, PlayCard(card=card("Cu7")))
    assert g.to_act == 0


def test_play_out_of_turn_is_refused_without_change() -> None:
    g = three()
    assert g.legal_actions(1) == [] and g.legal_actions(5) == []
    unchanged(g, PlayCard(card=card("Lo3")), 1, NotYourTurn, "It isn't your turn — waiting for A")
    unchanged(g, Fold(), 7, NotYourTurn, "not part of this hand")


# ------------------------------------------------------------------------ prices


def test_novel_card_pays_the_distance_to_the_nearest_card_and_takes_the_chilo() -> None:
    # The text's example: a 2 played onto 5, 7 and 8 costs 3, the distance to the 5.
    g = playing(("Cr7 Lo9 Lo10 Sw9 Sw10", "Cr8 Fr9 Fr10 Cu9 Cu10", "Lo2 Fr2 Sw2 Cu2 Cr2"), "Cr5")
    g.apply(0, PlayCard(card=card("Cr7")))
    g.apply(1, PlayCard(card=card("Cr8")))
    assert g.view(None).line_text == ("- - - - 5 - 7 8 - -",) and g.chilo == 1
    assert g.cost(2, PlayCard(card=card("Lo2"))) == 3
    events = g.apply(2, PlayCard(card=card("Lo2")))
    view = g.view(None)
    assert view.paid == (3, 2, 4) and view.pot == 6 and view.stacks == (97, 98, 96)
    assert g.chilo == 2 and view.chilo == 2
    assert events[0].text == "C plays 🔵2, a new rank: pays 3 chips and takes the chilo."


def test_novel_distance_is_to_the_nearest_card_on_either_side() -> None:
    assert nearest([0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 8) == 2
    assert nearest([0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 7) == 2
    assert nearest([0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 1) == 4
    assert nearest([0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 5) == 0


def test_known_rank_pays_its_rank_and_leaves_the_chilo() -> None:
    g = three()
    g.apply(0, PlayCard(card=card("Lo4")))  # novel: 2
    g.apply(1, PlayCard(card=card("Lo3")))  # novel: 1, B takes the chilo
    assert g.cost(2, PlayCard(card=card("Lo7"))) == 1
    g.apply(2, PlayCard(card=card("Fr7")))  # novel: 1, C takes the chilo
    assert g.cost(0, PlayCard(card=card("Fr3"))) == 3
    events = g.apply(0, PlayCard(card=card("Fr3")))
    view = g.view(None)
    assert view.line_text == ("- - 33 4 - 6 7 - - -",)
    assert view.paid == (1 + 2 + 3, 1 + 1, 1 + 1) and g.chilo == 2
    assert events[0].text == "A plays 🟢3 on a rank already there: pays 3 chips."


def test_chilo_holder_keeps_it_with_a_new_rank() -> None:
    g = three()
    events = g.apply(0, PlayCard(card=card("Lo4")))
    assert g.chilo == 0 and events[0].text.endswith("keeps the chilo.")


def test_seconds_on_a_new_rank_is_free_and_takes_the_chilo() -> None:
    g = three()
    g.apply(0, PlayCard(card=card("Lo4")))
    assert g.cost(1, Seconds()) == 5
    events = g.apply(1, Seconds())  # Cr10
    view = g.view(None)
    assert view.line_text == ("- - - 4 - 6 - - - 10",) and view.paid == (3, 1, 1) and g.chilo == 1
    assert view.deck_left == 33 and view.hand_sizes == (4, 5, 5)
    assert events[0].kind == "seconds"
    assert events[0].text == "B takes seconds: 🔴10, a new rank — free, and takes the chilo."


def test_seconds_on_a_known_rank_knocks_out_for_a_unit_per_card_and_the_ante() -> None:
    g = three(stake=2)
    g.apply(0, PlayCard(card=card("Lo4")))  # 2 x 2
    g.apply(1, Seconds())  # Cr10, new
    events = g.apply(2, Seconds())  # Sw6: the 6 is the up card
    view = g.view(None)
    assert view.status == (SeatStatus.IN, SeatStatus.IN, SeatStatus.KNOCKED_OUT)
    # Five cards in hand at 2 chips each, and the ante falls in.
    assert view.paid == (2 + 4, 2, 2 + 10) and view.pot == 4 + 10 + 2 and view.antes == (2, 2, 0)
    assert view.stacks == (194, 198, 188)
    assert events[0].kind == "knockout" and events[0].text == (
        "C takes seconds: 🟤6, a rank already there — knocked out, paying 10 chips for 5 cards in hand; "
        "the ante goes to the pot."
    )
    assert g.chilo == 1 and g.to_act == 0


def test_knocked_out_card_stays_stacked_on_its_rank() -> None:
    g = three()
    g.apply(0, PlayCard(card=card("Lo4")))
    g.apply(1, Seconds())
    g.apply(2, Seconds())
    view = g.view(None)
    assert view.line_text == ("- - - 4 - 66 - - - 10",)
    assert shorts(view.line_cards[0]) == "Cr6 Lo4 Cr10 Sw6"


def test_fold_pushes_the_ante_into_the_pot() -> None:
    g = three()
    events = g.apply(0, Fold())
    view = g.view(None)
    assert view.status[0] is SeatStatus.FOLDED and view.antes == (0, 1, 1) and view.pot == 1
    assert view.paid == (1, 1, 1) and view.stacks == (99, 99, 99)
    assert events[0].text == "A folds; the ante goes to the pot." and g.to_act == 1


def test_folded_and_knocked_out_hands_are_never_shown() -> None:
    g = three()
    g.apply(0, Fold())
    g.apply(1, Seconds())  # Cr10 new
    g.apply(2, Seconds())  # Sw6: knocked out, B is the last player
    assert g.phase is Phase.OVER
    dead = cards(A_HAND) + cards(C_HAND)
    for seat in (0, 1, 2, None):
        # A seat's own fields may recall cards it passed or received; nothing else may.
        public = g.view(seat).model_dump(mode="json", exclude={"hand", "passed_cards", "received"})
        assert not any(c.code in json.dumps(public) for c in dead)
    assert g.view(0).hand == () and g.view(None).hand_sizes == (0, 5, 0)
    assert not any(c.short in e.text for e in g.events for c in dead)


def test_chilo_stays_with_a_holder_who_folds() -> None:
    g = three()
    g.apply(0, Fold())
    assert g.chilo == 0 and g.view(None).chilo == 0
    g.apply(1, Seconds())  # Cr10: a new rank, so B takes the chilo from the folded A
    assert g.chilo == 1


def test_chilo_stays_with_a_holder_who_is_knocked_out() -> None:
    g = playing(THREE, "Cr6", "Sw6")
    g.apply(0, Seconds())
    assert g.view(None).status[0] is SeatStatus.KNOCKED_OUT and g.chilo == 0


def test_stake_multiplies_every_payment() -> None:
    g = three(stake=10)
    g.apply(0, PlayCard(card=card("Lo4")))  # 2 units
    g.apply(1, PlayCard(card=card("Lo3")))  # 1 unit
    g.apply(2, PlayCard(card=card("Cu2")))  # 1 unit
    g.apply(0, PlayCard(card=card("Fr3")))  # known 3: 3 units
    assert g.view(None).paid == (10 + 20 + 30, 10 + 10, 10 + 10)
    assert g.events[-1].text.endswith("pays 30 chips.")


# -------------------------------------------------------------------- affordability


def test_only_moves_the_stack_covers_are_offered() -> None:
    # B has 2 chips behind after the ante: only cards costing 2 or less, and no seconds
    # (five cards in hand could cost 5); folding is always there.
    g = three(stacks=[100, 3, 100])
    g.apply(0, PlayCard(card=card("Lo4")))
    legal = g.legal_actions(1)
    assert {a.card.rank for a in legal if isinstance(a, PlayCard)} == {3, 2}
    assert not any(isinstance(a, Seconds) for a in legal) and legal[-1] == Fold()
    for action in legal:
        assert g.cost(1, action) <= g.view(None).stacks[1]


def test_unaffordable_moves_are_refused_without_change() -> None:
    g = three(stacks=[100, 3, 100])
    g.apply(0, PlayCard(card=card("Lo4")))
    unchanged(g, PlayCard(card=card("Cr1")), 1, IllegalAction, "costs 3 chips and you have 2 chips")
    unchanged(g, Seconds(), 1, IllegalAction, "Seconds could cost you 5 chips")


def test_seconds_are_offered_only_if_the_stack_covers_the_knock_out() -> None:
    # Five cards in hand: seconds could cost 5 chips. 6 chips less the ante covers it.
    rich = three(stacks=[100, 6, 100])
    rich.apply(0, PlayCard(card=card("Lo4")))
    assert Seconds() in rich.legal_actions(1)
    poor = three(stacks=[100, 5, 100])
    poor.apply(0, PlayCard(card=card("Lo4")))
    assert Seconds() not in poor.legal_actions(1)


def test_seconds_are_not_offered_when_the_deck_is_empty() -> None:
    # Six players, two lines: 30 cards in hand, two up cards, 18 in the deck. Everyone
    # takes seconds: fourteen new ranks and four knock-outs empty the deck with two left in.
    hands = (
        "Cr9 Cr10 Fr3 Fr4 Sw2",
        "Lo9 Lo10 Fr5 Fr6 Sw3",
        "Fr9 Fr10 Fr7 Fr8 Sw4",
        "Sw9 Sw10 Cu2 Cu3 Sw5",
        "Cu9 Cu10 Cu4 Cu5 Sw6",
        "Cu6 Cu7 Cu8 Sw7 Sw8",
    )
    front = "Cr2 Lo2 Fr1 Cr3 Lo3 Sw1 Cr4 Lo4 Cu1 Cr5 Lo5 Fr2 Cr6 Lo6 Cr7 Lo7 Cr8 Lo8"
    g = playing(hands, "Cr1 Lo1", front, lines=2, stacks=[200] * 6)
    for drawn in cards(front):
        seat = g.to_act
        assert seat is not None
        g.apply(seat, Seconds(line=1 if drawn.suit == "locks" else 0))
    view = g.view(None)
    assert view.deck_left == 0 and g.phase is Phase.PLAY
    assert view.status.count(SeatStatus.IN) == 2
    assert view.line_text == ("1111 22 3 4 5 6 7 8 - -", "1 2 3 4 5 6 7 8 - -")
    seat = g.to_act
    assert seat is not None
    assert not any(isinstance(a, Seconds) for a in g.legal_actions(seat))
    unchanged(g, Seconds(), seat, IllegalAction, "The deck is empty")


# ------------------------------------------------------------------------ endings


def _race(last: str = "Cr6") -> Holdout:
    """Two players on an up Cr1: A holds Crowns 2-5 and `last`, B Crowns 10-7 and Lo1; A
    and B alternate from both ends until only the 6 is missing."""
    g = playing((f"Cr2 Cr3 Cr4 Cr5 {last}", "Cr10 Cr9 Cr8 Cr7 Lo1"), "Cr1", "Fr6")
    for a, b in (("Cr2", "Cr10"), ("Cr3", "Cr9"), ("Cr4", "Cr8"), ("Cr5", "Cr7")):
        g.apply(0, PlayCard(card=card(a)))
        g.apply(1, PlayCard(card=card(b)))
    assert g.view(None).line_text == ("1 2 3 4 5 - 7 8 9 10",)
    return g


def test_full_board_wins_at_once() -> None:
    g = _race()
    events = g.apply(0, PlayCard(card=card("Cr6")))
    view = g.view(None)
    assert view.phase is Phase.OVER and view.winner == 0 and view.won_by is WonBy.FULL_BOARD
    assert view.line_text == ("1 2 3 4 5 6 7 8 9 10",)
    assert [e.kind for e in events] == ["play", "win"]
    assert events[-1].text == "A fills the last gap in the line and wins the pot and antes: 18 chips."


def test_full_board_by_seconds_wins_at_once() -> None:
    g = _race(last="Lo9")
    events = g.apply(0, Seconds())  # Fr6
    assert g.winner == 0 and g.view(None).won_by is WonBy.FULL_BOARD
    assert [e.kind for e in events] == ["seconds", "win"]


def test_empty_hand_wins_when_the_turn_comes_back_to_the_chilo_holder() -> None:
    g = playing(("Cr2 Cr3 Cr4 Cr5 Cr6", "Lo1 Fr1 Sw1 Cu1 Lo2"), "Cr1")
    for a, b in (("Cr2", "Lo1"), ("Cr3", "Fr1"), ("Cr4", "Sw1"), ("Cr5", "Cu1")):
        g.apply(0, PlayCard(card=card(a)))
        g.apply(1, PlayCard(card=card(b)))
    g.apply(0, PlayCard(card=card("Cr6")))  # A's last card, still holding the chilo
    assert g.phase is Phase.PLAY and g.to_act == 1
    events = g.apply(1, PlayCard(card=card("Lo2")))  # known: A keeps the chilo
    view = g.view(None)
    assert view.winner == 0 and view.won_by is WonBy.EMPTY_HAND
    assert events[-1].text == "The turn comes to A, holding the chilo with an empty hand: A wins 13 chips."


def _emptied() -> Holdout:
    """A sheds five cards while holding the chilo; B's last card, a new 9, takes it."""
    g = playing(("Cr2 Cr3 Cr4 Cr5 Cr6", "Lo1 Fr1 Sw1 Cu1 Lo9"), "Cr1", "Sw10 Fr10")
    for a, b in (("Cr2", "Lo1"), ("Cr3", "Fr1"), ("Cr4", "Sw1"), ("Cr5", "Cu1")):
        g.apply(0, PlayCard(card=card(a)))
        g.apply(1, PlayCard(card=card(b)))
    g.apply(0, PlayCard(card=card("Cr6")))
    g.apply(1, PlayCard(card=card("Lo9")))
    return g


def test_empty_hand_wins_nothing_once_the_chilo_is_taken() -> None:
    g = _emptied()
    assert g.phase is Phase.PLAY and g.to_act == 0 and g.chilo == 1
    assert g.view(None).hand_sizes == (0, 0)


def test_a_player_with_an_empty_hand_may_only_take_seconds_or_fold() -> None:
    g = _emptied()
    # With no cards, seconds cost nothing even if they knock A out.
    assert g.legal_actions(0) == [Seconds(), Fold()] and g.cost(0, Seconds()) == 0
    g.apply(0, Seconds())  # Sw10: new, A takes the chilo back
    assert g.chilo == 0 and g.to_act == 1
    assert g.legal_actions(1) == [Seconds(), Fold()]
    paid = g.view(None).paid
    g.apply(1, Seconds())  # Fr10: known, B is knocked out and pays nothing more
    view = g.view(None)
    assert view.paid == paid and view.winner == 0 and view.won_by is WonBy.LAST_PLAYER


def test_last_player_left_wins() -> None:
    g = three()
    g.apply(0, PlayCard(card=card("Lo4")))
    g.apply(1, Fold())
    events = g.apply(2, Seconds())  # Cr10 new
    assert g.phase is Phase.PLAY
    events = g.apply(0, Fold())
    view = g.view(None)
    assert view.winner == 2 and view.won_by is WonBy.LAST_PLAYER
    assert [e.kind for e in events] == ["fold", "win"]
    assert events[-1].text == "C is the last player left and wins the pot and antes: 5 chips."


def test_winner_takes_the_pot_every_ante_still_in_front_and_the_chilo() -> None:
    g = three(chilo=1)
    g.apply(1, PlayCard(card=card("Lo3")))  # 3 from 6: B pays 3
    g.apply(2, Fold())  # C's ante into the pot
    g.apply(0, PlayCard(card=card("Lo4")))  # 1 from 3: A pays 1, takes the chilo
    before = g.view(None)
    assert before.pot == 3 + 1 + 1 and before.antes == (1, 1, 0)
    g.apply(1, Fold())
    view = g.view(None)
    assert view.winner == 0 and view.chilo == 0
    assert view.pot == 0 and view.antes == (0, 0, 0)
    assert view.stacks == (99 - 1 + 7, 99 - 3, 99)
    assert sum(view.stacks) == 300
    outcome = g.outcome
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.paid_in == (2, 4, 1) and outcome.paid_out == (7, 0, 0)
    assert outcome.net(0) == 5 and outcome.net(1) == -4


def test_nothing_to_do_after_the_hand_is_over() -> None:
    g = three()
    g.apply(0, Fold())
    g.apply(1, Fold())
    assert g.legal_actions(2) == [] and g.awaiting == () and g.to_act is None
    unchanged(g, Fold(), 2, NotYourTurn, "hand is over")


# ---------------------------------------------------------------------- Double Line

FOUR = ("Cr2 Cr4 Cr6 Cr8 Cr10", "Fr2 Fr4 Fr6 Fr8 Fr10", "Cr3 Cr5 Cr7 Cr9 Sw9", "Fr3 Fr5 Fr7 Fr9 Sw10")


def test_double_line_play_names_a_line_and_novelty_is_per_line() -> None:
    g = playing(("Lo6 Lo3 Lo8 Lo9 Lo10", *FOUR[1:]), "Cr6 Lo2", lines=2)
    legal = g.legal_actions(0)
    assert PlayCard(card=card("Lo6"), line=0) in legal and PlayCard(card=card("Lo6"), line=1) in legal
    # A 6 is known in the top line (costs 6) but new in the bottom (4 from the 2).
    assert g.cost(0, PlayCard(card=card("Lo6"), line=0)) == 6
    assert g.cost(0, PlayCard(card=card("Lo6"), line=1)) == 4
    events = g.apply(0, PlayCard(card=card("Lo6"), line=1))
    assert events[0].text == "A plays 🔵6 into the bottom line, a new rank: pays 4 chips and keeps the chilo."
    g.apply(1, PlayCard(card=card("Fr6"), line=0))  # known in the top line: 6, no chilo
    assert g.chilo == 0
    view = g.view(None)
    assert view.line_text == ("- - - - - 66 - - - -", "- 2 - - - 6 - - - -")
    assert view.paid == (5, 7, 1, 1)


def test_double_line_seconds_go_into_the_line_named_first() -> None:
    g = playing(("Lo6 Lo3 Lo8 Lo9 Lo10", *FOUR[1:]), "Cr6 Lo2", "Sw6 Cu6", lines=2)
    assert [a for a in g.legal_actions(0) if isinstance(a, Seconds)] == [Seconds(line=0), Seconds(line=1)]
    events = g.apply(0, Seconds(line=1))  # Sw6: new in the bottom line though the top has a 6
    assert (
        events[0].text == "A takes seconds into the bottom line: 🟤6, a new rank — free, and keeps the chilo."
    )
    g.apply(1, Seconds(line=0))  # Cu6: known in the top line -> knocked out
    assert g.view(None).status[1] is SeatStatus.KNOCKED_OUT
    assert g.view(None).line_text == ("- - - - - 66 - - - -", "- 2 - - - 6 - - - -")


def test_single_line_has_no_second_line() -> None:
    g = three()
    unchanged(g, PlayCard(card=card("Lo4"), line=1), 0, IllegalAction, "single line")
    unchanged(g, Seconds(line=1), 0, IllegalAction, "single line")
    d = playing(FOUR, "Cr1 Lo1", lines=2)
    unchanged(d, Seconds(line=2), 0, IllegalAction, "top or the bottom")


def test_double_line_ends_when_the_twentieth_space_is_filled() -> None:
    g = playing(FOUR, "Cr1 Fr1", lines=2)
    for rank in range(2, 11):
        for line, suit in ((0, "Cr"), (1, "Fr")):
            seat = g.to_act
            assert seat is not None, "the hand ended early"
            g.apply(seat, PlayCard(card=card(f"{suit}{rank}"), line=line))
            if rank == 10 and line == 0:
                # The top line is full, the bottom is not: play goes on.
                assert g.view(None).line_text[0] == "1 2 3 4 5 6 7 8 9 10" and g.phase is Phase.PLAY
    view = g.view(None)
    assert view.won_by is WonBy.FULL_BOARD and view.winner == 1
    assert g.events[-1].text.startswith("B fills the last gap in both lines")


# ---------------------------------------------------------------------- Vines deck


def test_vines_deck_has_fifty_five_cards_and_lines_of_eleven() -> None:
    g = Holdout.new(HoldoutOptions(deck="vines"), "ABCD", seed=3, chilo=0)
    view = g.view(None)
    assert view.options.ranks == 11 and len(view.lines[0]) == 11
    assert view.deck_left == 55 - 20 - 1
    assert len(g.order) == 55 and {c.rank for c in g.order} == set(range(1, 12))


def test_vines_emperor_is_rank_eleven_and_drawn_as_e() -> None:
    assert (
        draw_line([1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2], [*map(str, range(1, 11)), "E"])
        == "1 - - - - - - - - 10 EE"
    )
    g = playing(("Cr10 Lo9 Lo8 Lo7 Lo6", "Cr11 Fr2 Fr3 Fr4 Fr5"), "Cr1", deck="vines")
    g.apply(0, PlayCard(card=card("Cr10", "vines")))  # 9 from the 1
    assert g.cost(1, PlayCard(card=card("Cr11", "vines"))) == 1
    events = g.apply(1, PlayCard(card=card("Cr11", "vines")))
    assert events[0].text == "B plays 🔴E, a new rank: pays 1 chip and takes the chilo."
    assert g.view(None).line_text == ("1 - - - - - - - - 10 E",)


def test_vines_full_board_needs_all_eleven_ranks() -> None:
    g = playing(("Cr2 Cr3 Cr4 Cr5 Cr6", "Cr11 Cr10 Cr9 Cr8 Cr7"), "Cr1", deck="vines")
    for a, b in (("Cr2", "Cr11"), ("Cr3", "Cr10"), ("Cr4", "Cr9"), ("Cr5", "Cr8"), ("Cr6", None)):
        g.apply(0, PlayCard(card=card(a, "vines")))
        if b is None:
            break
        g.apply(1, PlayCard(card=card(b, "vines")))
    # Ten ranks down, the 7 still missing: a Postas line would be full, this one is not.
    assert g.phase is Phase.PLAY and g.view(None).line_text == ("1 2 3 4 5 6 - 8 9 10 E",)
    g.apply(1, PlayCard(card=card("Cr7", "vines")))
    assert g.view(None).won_by is WonBy.FULL_BOARD and g.winner == 1


# ------------------------------------------------------------------ input, view, JSON


def test_nonsense_actions_are_refused() -> None:
    g = three()
    unchanged(g, {"kind": "raise"}, 0, IllegalAction, "not a Holdout move")
    unchanged(g, "fold", 0, IllegalAction, "not a Holdout move")
    unchanged(g, PlayCard(card=card("Cr1")), 0, IllegalAction, "You don't hold 🔴1")
    unchanged(g, PassCards(cards=(card("Lo4"), card("Fr3"))), 0, IllegalAction, "The pass is over")
    # A card of the other deck, even one with a Postas suit and rank, is not this deck's.
    unchanged(
        g, PlayCard(card=card("Cr11", "vines")), 0, IllegalAction, "Crowns Emperor is not a card of this deck"
    )
    unchanged(g, PlayCard(card=card("Lo4", "vines")), 0, IllegalAction, "Locks 4 is not a card of this deck")


def test_actions_may_arrive_as_json() -> None:
    g = dealt(DEALT, "Cr6", "Cr10")
    g.apply(0, {"kind": "pass", "cards": ["crowns:2", "fruit:9"]})
    g.apply(1, {"kind": "pass", "cards": ["locks:7", "fruit:7"]})
    g.apply(2, {"kind": "pass", "cards": ["cups:5", "swords:9"]})
    g.apply(0, {"kind": "play", "card": "locks:4"})
    g.apply(1, {"kind": "seconds", "line": 0})
    g.apply(2, {"kind": "fold"})
    assert g.view(None).line_text == ("- - - 4 - 6 - - - 10",)
    assert g.view(None).status[2] is SeatStatus.FOLDED


def test_a_vines_table_deals_and_reads_vines_cards() -> None:
    g = playing(("Cr10 Lo9 Lo8 Lo7 Lo6", "Cr11 Fr2 Fr3 Fr4 Fr5"), "Cr1", deck="vines")
    view = g.view(1)
    assert all(c.deck is VINES_55 for c in (*g.order, *(view.hand or ())))
    assert view.hand is not None and view.hand[0].label == "Crowns Emperor"
    g.apply(0, {"kind": "play", "card": "crowns:10"})
    g.apply(1, {"kind": "play", "card": "crowns:11"})  # the Emperor, read from the table's deck
    assert g.view(None).line_cards == ((VINES_55.card("crowns", 1), *cards("Cr10 Cr11", "vines")),)
    # At a Postas table there is no rank 11 to read.
    unchanged(three(), {"kind": "play", "card": "crowns:11"}, 0, IllegalAction, "not a Holdout move")


def test_view_shape_for_a_seat_and_an_onlooker() -> None:
    g = three()
    seat = g.view(0)
    assert seat.you == 0 and shorts(seat.hand or ()) == "Lo4 Fr3 Sw3 Sw9 Cu5"
    assert shorts(seat.received or ()) == "Sw9 Cu5" and shorts(seat.passed_cards or ()) == "Lo1 Fr9"
    onlooker = g.view(None)
    assert onlooker.hand is None and onlooker.passed_cards is None and onlooker.received is None
    assert onlooker.seats == ("A", "B", "C") and onlooker.phase is Phase.PLAY
    assert onlooker.to_act == 0 and onlooker.awaiting == (0,) and onlooker.winner is None
    dumped = seat.model_dump(mode="json")
    assert dumped["hand"][0] == "locks:4" and dumped["line_text"] == ["- - - - - 6 - - - -"]
    assert dumped["status"] == ["in", "in", "in"] and dumped["line_cards"] == [["crowns:6"]]


def test_views_are_exactly_what_validation_would_build() -> None:
    # Views skip validation for speed; a validated copy must be identical.
    g = three()
    g.apply(0, PlayCard(card=card("Lo4")))
    g.apply(1, Seconds())
    # Cards travel as "suit:rank" text, read back with the table's deck.
    postas = {"deck": POSTAS_50}
    for seat in (0, 1, 2, None):
        view = g.view(seat)
        assert HoldoutView.model_validate_json(view.model_dump_json(), context=postas) == view
        again = HoldoutView.model_validate(view.model_dump(mode="json"), context=postas)
        assert again.model_dump() == view.model_dump()
    g.apply(2, Fold())
    g.apply(0, Fold())
    view = g.view(1)
    assert HoldoutView.model_validate_json(view.model_dump_json(), context=postas) == view


def test_events_read_as_a_table_log() -> None:
    g = three()
    g.apply(0, PlayCard(card=card("Lo4")))
    g.apply(1, Fold())
    g.apply(2, Fold())
    texts = [e.text for e in g.events]
    assert texts == [
        "Each player antes 1 chip, keeping it in front of them, and is dealt 5 cards. "
        "The line starts with 🔴6. A holds the chilo.",
        "A has chosen two cards to pass.",
        "B has chosen two cards to pass.",
        "C has chosen two cards to pass.",
        "Everyone has passed two cards to the left. A holds the chilo and plays first.",
        "A plays 🔵4, a new rank: pays 2 chips and keeps the chilo.",
        "B folds; the ante goes to the pot.",
        "C folds; the ante goes to the pot.",
        "A is the last player left and wins the pot and antes: 5 chips.",
    ]
    assert [e.seat for e in g.events] == [0, 0, 1, 2, 0, 0, 1, 2, 0]


def test_json_round_trip_is_exact_and_plays_on_identically() -> None:
    g = three(stake=2)
    g.apply(0, PlayCard(card=card("Lo4")))
    data = json.loads(json.dumps(g.to_json()))
    again = Holdout.from_json(data)
    assert again.to_json() == g.to_json() and again.view(1) == g.view(1) and again.events == g.events
    assert again.apply(1, Seconds()) == g.apply(1, Seconds())
    assert again.to_json() == g.to_json()


def test_damaged_or_tampered_saves_are_refused() -> None:
    data = three().to_json()
    with pytest.raises(BadSetup, match="damaged"):
        Holdout.from_json({**data, "stacks": "lots"})
    with pytest.raises(BadSetup, match="damaged"):
        Holdout.from_json({**data, "stacks": [1, 2]})
    with pytest.raises(BadSetup, match="published deal"):
        Holdout.from_json({**data, "commitment": "0" * 64})
    with pytest.raises(BadSetup, match="all 50 cards"):
        Holdout.from_json({**data, "hands": [data["hands"][0][1:], *data["hands"][1:]]})
    with pytest.raises(BadSetup, match="not a card"):
        Holdout.from_json({**data, "hands": [["crowns:12"], *data["hands"][1:]]})
    with pytest.raises(BadSetup, match="not a Holdout hand"):
        Holdout.from_json({**data, "game_id": "prima_carta"})
    for damage in ({"to_act": 9}, {"chilo": -1}, {"pot": -3}, {"passed": [["crowns:1"], None, None]}):
        with pytest.raises(BadSetup, match="damaged"):
            Holdout.from_json({**data, **damage})


def test_most_a_seat_can_pay_is_the_ante_and_five_top_rank_cards() -> None:
    assert Holdout.most_a_seat_can_pay(HoldoutOptions(stake=2)) == (1 + 5 * 10) * 2
    assert Holdout.most_a_seat_can_pay(HoldoutOptions(deck="vines")) == 1 + 5 * 11
