"""The basic Holdout computer player: legal, deterministic, blind to hidden cards, and
sensible at the pass, at cheap new ranks, with an empty hand, and when staying is dear."""

from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.core.players import computer_levels, computer_player
from engine.holdout import Fold, Holdout, HoldoutOptions, PassCards, PlayCard, Seconds
from engine.holdout.players import BasicPlayer, make_player

from .holdout_helpers import card, cards, dealt, playing

PLAYER = BasicPlayer()


def test_registry_gives_the_basic_level_first_for_holdout() -> None:
    assert computer_levels("holdout") == ("basic", "strong")
    assert computer_player("holdout").level == "basic"
    assert isinstance(computer_player("holdout", "basic"), BasicPlayer)
    with pytest.raises(RuleError):
        computer_player("holdout", "sharp")
    with pytest.raises(ValueError):
        make_player("sharp")


def test_basic_player_passes_its_dearest_cards() -> None:
    # High ranks cost most as known plays; so does a rank the up card has already made
    # known (the 6 here), which can only ever be played at its full value.
    g = dealt(("Cr1 Lo2 Fr10 Sw9 Cu3", "Lo6 Cr2 Fr3 Lo7 Sw1", "Cr3 Cr4 Cr5 Cu7 Cu8"), "Cr6")
    assert PLAYER.choose(g, 0) == PassCards(cards=(card("Fr10"), card("Sw9")))
    assert set(PLAYER.choose(g, 1).cards) == set(cards("Lo6 Lo7"))  # type: ignore[union-attr]


def test_basic_player_passes_a_high_pair() -> None:
    # Of a pair one copy must be played on a known rank: a pair of 8s goes to the left.
    g = dealt(("Cr8 Lo8 Fr2 Sw1 Cu3", "Lo5 Cr2 Fr3 Lo4 Cu1", "Cr3 Cr4 Cr5 Cu7 Cu9"), "Cr6")
    assert PLAYER.choose(g, 0) == PassCards(cards=(card("Cr8"), card("Lo8")))


def test_basic_player_takes_a_cheap_new_rank_first() -> None:
    g = playing(("Lo4 Fr3 Sw3 Cu5 Sw9", "Lo3 Cr1 Cr2 Fr9 Lo1", "Fr5 Sw2 Cu2 Lo7 Fr7"), "Cr6")
    # Cu5 and Lo4 are new ranks at 1 and 2 from the 6: the cheaper one first.
    assert PLAYER.choose(g, 0) == PlayCard(card=card("Cu5"))


def test_basic_player_takes_seconds_with_an_empty_hand() -> None:
    # A sheds all five cards holding the chilo; B's last card, a new 9, takes it.
    g = playing(("Cr2 Cr3 Cr4 Cr5 Cr6", "Lo1 Fr1 Sw1 Cu1 Lo9"), "Cr1", "Sw10 Fr10")
    for a, b in (("Cr2", "Lo1"), ("Cr3", "Fr1"), ("Cr4", "Sw1"), ("Cr5", "Cu1"), ("Cr6", "Lo9")):
        g.apply(0, PlayCard(card=card(a)))
        g.apply(1, PlayCard(card=card(b)))
    assert g.legal_actions(0) == [Seconds(), Fold()]
    assert PLAYER.choose(g, 0) == Seconds()


def test_basic_player_plays_its_last_card_while_holding_the_chilo() -> None:
    g = playing(("Cr2 Cr3 Cr4 Cr5 Cr6", "Lo1 Fr1 Sw1 Cu1 Lo2"), "Cr1")
    for a, b in (("Cr2", "Lo1"), ("Cr3", "Fr1"), ("Cr4", "Sw1"), ("Cr5", "Cu1")):
        g.apply(0, PlayCard(card=card(a)))
        g.apply(1, PlayCard(card=card(b)))
    assert g.chilo == 0
    assert PLAYER.choose(g, 0) == PlayCard(card=card("Cr6"))


def test_basic_player_holding_the_chilo_keeps_a_new_rank_back_for_the_end() -> None:
    # A holds the chilo with Lo2 (a known 2: 2 chips) and Cr6 (a new rank, also 2 chips).
    # It sheds the 2 and keeps the 6, which could win the chilo back as its last card.
    g = playing(("Cr2 Cr3 Cr4 Lo2 Cr6", "Lo1 Fr1 Sw1 Cu1 Lo9"), "Cr1")
    for a, b in (("Cr2", "Lo1"), ("Cr3", "Fr1"), ("Cr4", "Sw1")):
        g.apply(0, PlayCard(card=card(a)))
        g.apply(1, PlayCard(card=card(b)))
    assert g.chilo == 0 and g.cost(0, PlayCard(card=card("Cr6"))) == 2
    assert PLAYER.choose(g, 0) == PlayCard(card=card("Lo2"))


def test_basic_player_folds_when_every_staying_move_is_too_dear() -> None:
    # B's four cards are all on ranks already in the line (8 and 10 chips each), only the
    # 9 is missing so seconds are likely to knock B out, and A has just gone out holding
    # the chilo: B folds rather than pay.
    g = playing(("Lo3 Lo4 Lo5 Lo6 Lo7", "Lo10 Fr10 Sw10 Lo8 Cu1"), "Cr1", "Cr10 Cr8 Cr2")
    for a, b in (("Lo3", None), ("Lo4", None), ("Lo5", None), ("Lo6", "Cu1")):
        g.apply(0, PlayCard(card=card(a)))
        g.apply(1, Seconds() if b is None else PlayCard(card=card(b)))
    g.apply(0, PlayCard(card=card("Lo7")))
    view = g.view(1)
    assert view.line_text == ("11 2 3 4 5 6 7 8 - 10",) and view.chilo == 0
    assert Seconds() in g.legal_actions(1) and PlayCard(card=card("Lo8")) in g.legal_actions(1)
    assert PLAYER.choose(g, 1) == Fold()


def same_view(one: Holdout, two: Holdout, seat: int) -> bool:
    return one.view(seat).model_dump(exclude={"commitment"}) == two.view(seat).model_dump(
        exclude={"commitment"}
    )


def test_basic_player_sees_only_its_own_cards() -> None:
    # Two deals that differ only in what A cannot see (B's and C's other cards, the deck):
    # A's view is the same (but for the deal's commitment hash), and so is A's choice, at
    # the pass and in play.
    one = playing(("Lo4 Fr3 Sw3 Cu5 Sw9", "Lo3 Cr1 Cr2 Fr9 Lo1", "Fr5 Sw2 Cu2 Lo7 Fr7"), "Cr6", "Cr10")
    two = playing(("Lo4 Fr3 Sw3 Cu5 Sw9", "Fr5 Sw2 Cr2 Fr9 Lo1", "Lo3 Cr1 Cu2 Lo7 Fr7"), "Cr6", "Cu10")
    assert same_view(one, two, 0) and one.to_json() != two.to_json()
    assert PLAYER.choose(one, 0) == PLAYER.choose(two, 0)
    a = dealt(("Cr1 Lo2 Fr10 Sw9 Cu3", "Lo6 Cr2 Fr3 Lo7 Sw1", "Cr3 Cr4 Cr5 Cu7 Cu8"), "Cr6")
    b = dealt(("Cr1 Lo2 Fr10 Sw9 Cu3", "Cr3 Cr4 Fr3 Lo7 Sw1", "Lo6 Cr2 Cr5 Cu7 Cu8"), "Cr6")
    assert same_view(a, b, 0) and PLAYER.choose(a, 0) == PLAYER.choose(b, 0)


def test_basic_player_refuses_when_it_is_not_its_turn() -> None:
    g = playing(("Lo4 Fr3 Sw3 Cu5 Sw9", "Lo3 Cr1 Cr2 Fr9 Lo1", "Fr5 Sw2 Cu2 Lo7 Fr7"), "Cr6")
    with pytest.raises(ValueError):
        PLAYER.choose(g, 1)


@pytest.mark.parametrize(("lines", "deck"), [(1, "postas"), (2, "postas"), (1, "vines"), (2, "vines")])
def test_basic_player_always_chooses_a_legal_action_deterministically(lines: int, deck: str) -> None:
    options = HoldoutOptions(lines=lines, deck=deck)  # type: ignore[arg-type]
    low, high = HoldoutOptions.seat_range(lines)
    player = computer_player("holdout")
    for seed in range(40):
        count = low + seed % (high - low + 1)
        seats = "ABCDEF"[:count]
        stacks = [3 + (seed * 7 + seat * 5) % 40 for seat in range(count)]
        a = Holdout.new(options, seats, seed, stacks=stacks)
        b = Holdout.new(options, seats, seed, stacks=stacks)
        while awaiting := a.awaiting:
            seat = awaiting[-1]
            choice = player.choose(a, seat)
            assert choice in a.legal_actions(seat)
            assert player.choose(b, seat) == choice
            a.apply(seat, choice)
            b.apply(seat, choice)
        assert a.outcome is not None and a.to_json() == b.to_json()


def test_basic_players_play_whole_hands_and_the_money_goes_round() -> None:
    winners = set()
    ways = set()
    for seed in range(120):
        g = Holdout.new(HoldoutOptions(), "ABCD", seed, chilo=seed % 4)
        while awaiting := g.awaiting:
            g.apply(awaiting[0], PLAYER.choose(g, awaiting[0]))
        view = g.view(None)
        assert view.winner is not None and view.won_by is not None
        winners.add(view.winner)
        ways.add(view.won_by)
        assert sum(view.stacks) == 400
    # Over many hands every seat wins some, and the hands end in every way.
    assert winners == {0, 1, 2, 3}
    assert len(ways) >= 2
