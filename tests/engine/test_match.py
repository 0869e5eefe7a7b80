"""The match: what spans hands at a table — the deal's rotation, who sits where, carried
pots, scores to a target, partnerships, pouches — and its exact JSON round trip."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import BadSetup
from engine.core.match import FIRST_DEALER_PURPOSE, DamagedMatch, GameResult, Match, MatchError, Seating
from engine.core.rng import seeded_index

KEYS = ("1", "2", "3", "4", "5", "6")


def dealers(match: Match, seated: list[str], hands: int, **kwargs: Any) -> list[str]:
    out = []
    for _ in range(hands):
        match, seating = match.next_hand(seated, **kwargs)
        out.append(seating.dealer)
    return out


# ---------------------------------------------------------------- the deal
def test_the_first_deal_goes_to_the_first_seated_key_in_order() -> None:
    _, seating = Match.new(KEYS).next_hand(["5", "2", "4"])
    assert seating.dealer == "2"
    assert seating.engine_seats == ("2", "4", "5")  # engine seats follow the table's order
    assert seating.dealer_seat == 0 and seating.eldest == 1


def test_the_deal_passes_left_through_seated_keys_only_skipping_empty_seats() -> None:
    assert dealers(Match.new(KEYS), ["1", "3", "6"], 5) == ["1", "3", "6", "1", "3"]


def test_the_deal_passes_right_when_the_direction_is_right() -> None:
    # Primiera: "the player on the right of the last dealer becoming the new dealer".
    match = Match.new(KEYS[:4], direction="right")
    assert dealers(match, ["1", "2", "3", "4"], 5) == ["1", "4", "3", "2", "1"]


def test_the_eldest_hand_is_the_next_seat_in_the_deals_direction() -> None:
    _, left = Match.new(KEYS[:4]).next_hand(["1", "2", "3", "4"], dealer="2")
    _, right = Match.new(KEYS[:4], direction="right").next_hand(["1", "2", "3", "4"], dealer="2")
    assert left.table_seat(left.eldest) == "3"
    assert right.table_seat(right.eldest) == "1"


def test_a_seat_that_joins_later_is_dealt_in_at_its_place() -> None:
    match, first = Match.new(KEYS).next_hand(["1", "4"])
    assert first.dealer == "1"
    match, second = match.next_hand(["1", "2", "4"])  # "2" sat down between hands
    assert second.engine_seats == ("1", "2", "4")
    assert second.dealer == "2"  # it sits just left of the last dealer, so it deals next
    assert dealers(match, ["1", "2", "4"], 3) == ["4", "1", "2"]


def test_the_deal_passes_on_when_the_last_dealer_has_left() -> None:
    match, _ = Match.new(KEYS).next_hand(["1", "3", "5"], dealer="3")
    _, seating = match.next_hand(["1", "5"])
    assert seating.dealer == "5"


def test_the_rules_may_name_the_dealer() -> None:
    # Prefa's first hand: whoever holds the 7 deals the next one.
    match, _ = Match.new(KEYS[:3]).next_hand(["1", "2", "3"])
    _, seating = match.next_hand(["1", "2", "3"], dealer="3")
    assert seating.dealer == "3"
    with pytest.raises(MatchError):
        match.next_hand(["1", "2"], dealer="3")


def test_the_first_dealer_may_be_drawn_by_lot_from_the_first_hands_seed() -> None:
    # Primiera: "Randomly choose who will be the first dealer". With `first_dealer="drawn"`
    # the first hand's dealer is the seated key (in table order) at
    # seeded_index(seed, seated, "first-dealer"), so anyone holding the revealed seed can
    # check it; the same seed draws the same dealer, and different seeds different ones.
    match = Match.new(KEYS[:4], direction="right", first_dealer="drawn")
    seated = ["2", "4", "3", "1"]

    def drawn(seed: int) -> Seating:
        return match.next_hand(seated, seed=seed)[1]

    firsts = {seed: drawn(seed).dealer for seed in range(40)}
    assert set(firsts.values()) == {"1", "2", "3", "4"}
    assert all(drawn(seed).dealer == dealer for seed, dealer in firsts.items())
    assert all(firsts[s] == KEYS[seeded_index(s, 4, FIRST_DEALER_PURPOSE)] for s in firsts)
    assert all(drawn(seed).by_lot for seed in range(5))
    # Only the first hand: then the deal passes as usual, here to the right.
    later, first = match.next_hand(seated, seed=7)
    _, second = later.next_hand(seated, seed=8)
    assert second.dealer == KEYS[(KEYS.index(first.dealer) - 1) % 4] and not second.by_lot
    # The rules may still name the dealer; a drawn first dealer needs the hand's seed.
    assert match.next_hand(seated, dealer="3", seed=7)[1].dealer == "3"
    with pytest.raises(MatchError):
        match.next_hand(seated)
    # A match without the option deals from the first seated key, seed or not.
    assert Match.new(KEYS[:4]).next_hand(seated, seed=7)[1].dealer == "1"


def test_four_seated_with_the_dealer_sitting_out_deals_three_and_the_sitter_rotates() -> None:
    # Prefa for four: "The dealer sits out the hand and three players play as usual."
    match = Match.new(KEYS[:4])
    seen = []
    for _ in range(5):
        match, seating = match.next_hand(["1", "2", "3", "4"], dealer_sits_out=True)
        assert seating.size == 3
        assert seating.sitting_out == (seating.dealer,)
        assert seating.dealer_seat is None and seating.engine_seat(seating.dealer) is None
        seen.append((seating.dealer, seating.engine_seats, seating.table_seat(seating.eldest)))
    assert seen == [
        ("1", ("2", "3", "4"), "2"),
        ("2", ("1", "3", "4"), "3"),
        ("3", ("1", "2", "4"), "4"),
        ("4", ("1", "2", "3"), "1"),
        ("1", ("2", "3", "4"), "2"),
    ]


def test_a_seat_sitting_a_hand_out_is_not_dealt_in_and_does_not_deal() -> None:
    match, _ = Match.new(KEYS).next_hand(["1", "2", "3"])
    _, seating = match.next_hand(["1", "2", "3"], sit_out=["2"])
    assert seating.engine_seats == ("1", "3")
    assert seating.sitting_out == ("2",)
    assert seating.dealer == "3"


def test_a_hand_needs_two_players_and_known_distinct_seats() -> None:
    match = Match.new(KEYS[:4])
    for seated, kwargs in [
        (["1"], {}),
        (["1", "2"], {"dealer_sits_out": True}),
        (["1", "9"], {}),
        (["1", "1", "2"], {}),
        (["1", "2"], {"sit_out": ["3"]}),
    ]:
        with pytest.raises(MatchError):
            match.next_hand(seated, **kwargs)


def test_match_errors_are_both_bad_setups_and_value_errors() -> None:
    with pytest.raises(BadSetup):
        Match.new(["1", "1"])
    with pytest.raises(ValueError):
        Match.new([])


# ---------------------------------------------------------------- who plays which seat
def test_a_robot_sits_opposite_the_dealer_and_plays_itself_until_it_has_a_partner() -> None:
    # Primiera for three and a robot: "En face du donneur, se trouve un robot".
    match = Match.new(KEYS[:4], direction="right")
    for expected_dealer in ["1", "3", "2", "1"]:
        match, seating = match.next_hand(["1", "2", "3"], robot="4")
        assert seating.dealer == expected_dealer
        assert seating.size == 4 and seating.vacant == ("4",)
        assert seating.dealer_seat is not None
        assert seating.table_seat((seating.dealer_seat + 2) % 4) == "4"
        robot = seating.engine_seat("4")
        assert robot is not None and match.controller(robot) is None
        assert all(match.controller(i) == seating.table_seat(i) for i in range(4) if i != robot)


def test_a_robot_seat_played_by_its_partner_maps_its_engine_seat_to_the_partners_member() -> None:
    # "s'il a un partenaire, le robot ne joue plus automatiquement : c'est son partenaire
    # qui joue à sa place"
    match, seating = Match.new(KEYS[:4]).next_hand(["1", "2", "3"], robot="4")
    match = match.with_partners([("2", "4"), ("1", "3")])
    robot = seating.engine_seat("4")
    assert robot is not None
    assert match.controller(robot) == "2"
    assert match.controlled_by("2") == (seating.engine_seat("2"), robot)
    assert match.controlled_by("1") == (seating.engine_seat("1"),)
    # The next hand's Herald decides again: the robot is on its own until then.
    match, seating = match.next_hand(["1", "2", "3"], robot="4")
    assert match.partners == ()
    assert match.controller(seating.engine_seat("4") or 0) is None


def test_a_seat_may_be_played_by_another_seat_by_name() -> None:
    match, seating = Match.new(KEYS[:4]).next_hand(["1", "2", "3"], robot="4", played_by={"4": "1"})
    assert match.controller(seating.engine_seat("4") or 0) == "1"
    with pytest.raises(MatchError):
        Match.new(KEYS[:4]).next_hand(["1", "2", "3"], played_by={"1": "9"})


def test_a_robot_needs_an_even_table_with_the_dealer_in() -> None:
    with pytest.raises(MatchError):
        Match.new(KEYS[:4]).next_hand(["1", "2"], robot="4")
    with pytest.raises(MatchError):
        Match.new(KEYS[:4]).next_hand(["1", "2", "3"], robot="3")


def test_partnerships_in_a_fixed_partnership_match_last_from_hand_to_hand() -> None:
    match = Match.new(KEYS[:4], fixed_partners=True).with_partners([("1", "3"), ("2", "4")])
    match, _ = match.next_hand(["1", "2", "3", "4"])
    assert match.partner_of("3") == ("1",)
    with pytest.raises(MatchError):
        match.with_partners([("1", "2"), ("2", "3")])


def test_the_last_hands_winner_is_remembered() -> None:
    match, _ = Match.new(KEYS).next_hand(["2", "5"])
    match = match.won_hand("5")
    assert match.last_winner == "5"
    with pytest.raises(MatchError):
        match.won_hand("9")


# ---------------------------------------------------------------- chips carried
def test_a_carried_pot_moves_into_the_next_hand_and_a_hands_leftover_back() -> None:
    match = Match.new(KEYS).carry(30)
    match, pot = match.take_carried()
    assert pot == 30 and match.carried == 0
    match = match.carry(45)  # nobody won that hand either
    assert match.carried == 45
    with pytest.raises(MatchError):
        match.carry(-1)


# ---------------------------------------------------------------- scores
def scored(match: Match, *hands: dict[str, int]) -> tuple[Match, GameResult | None]:
    result = None
    for points in hands:
        match, _ = match.next_hand(["1", "2", "3"])
        match, result = match.add_scores(points)
    return match, result


def test_scores_below_the_target_carry_on() -> None:
    match, result = scored(Match.new(KEYS, target=21), {"1": 10, "2": 5}, {"1": 10})
    assert result is None
    assert match.scores == {"1": 20, "2": 5}


def test_reaching_the_target_ends_the_game_the_top_score_wins_and_scores_reset() -> None:
    match, result = scored(Match.new(KEYS, target=21), {"1": 15, "2": 5}, {"1": 3, "2": 17})
    assert result is not None
    assert result.winners == ("2",)
    assert result.scores == {"1": 18, "2": 22}
    assert (result.game_no, result.hand_no) == (1, 2)
    assert match.scores == {} and match.games == 1 and match.last_result == result


def test_a_tie_at_the_top_is_shared_under_the_shared_rule() -> None:
    _, result = scored(Match.new(KEYS, target=11), {"1": 12, "3": 12, "2": 4})
    assert result is not None and result.winners == ("1", "3")


def test_a_tie_at_or_over_the_target_plays_another_round_under_play_on() -> None:
    # Primiera: "Se due o più giocatori sono in parità, con 21 o più punti, si gioca un
    # nuovo round e si prosegue fino a quando la situazione di parità non viene spezzata."
    match, result = scored(Match.new(KEYS, target=21, tie_rule="play_on"), {"1": 22, "2": 22})
    assert result is None and match.scores == {"1": 22, "2": 22}
    match, result = scored(match, {"1": 1, "2": 1})
    assert result is None
    match, result = scored(match, {"2": 2})
    assert result is not None and result.winners == ("2",) and match.scores == {}


def test_a_fixed_partnership_wins_together_and_is_not_tied_with_itself() -> None:
    # The classic game: "The game ends when a team reaches 11 points."
    match = Match.new(KEYS[:4], target=11, tie_rule="play_on", fixed_partners=True)
    match = match.with_partners([("1", "3"), ("2", "4")])
    match, _ = match.next_hand(["1", "2", "3", "4"])
    match, result = match.add_scores({"1": 11, "3": 11, "2": 6, "4": 6})
    assert result is not None and result.winners == ("1", "3")


def test_only_seats_still_in_the_game_can_win_it() -> None:
    match, _ = Match.new(KEYS, target=10).next_hand(["1", "2"])
    match, _ = match.add_scores({"1": 9, "2": 1})
    match, _ = match.next_hand(["2", "3"])  # "1" left with 9 points
    match, result = match.add_scores({"2": 10, "3": 0})
    assert result is not None and result.winners == ("2",)


def test_a_vacated_seat_starts_from_nothing_for_the_next_member() -> None:
    match, _ = scored(Match.new(KEYS, target=50), {"1": 9, "2": 3})
    match = match.fill_pouches(10, ["1", "2"]).vacate("1")
    assert match.scores == {"2": 3} and match.pouches == {"2": 10}


# ---------------------------------------------------------------- pouches
def test_the_pouch_game_ends_when_every_pouch_is_empty() -> None:
    match = Match.new(KEYS[:3]).fill_pouches(10, ["1", "2", "3"])
    assert not match.pouches_empty()
    match = match.change_pouches({"1": -10, "2": -10})
    assert not match.pouches_empty() and match.pouches_empty(leave=1)  # "Two Empty Pouches"
    match = match.change_pouches({"3": -4, "1": 2}).change_pouches({"3": -6, "1": -2})
    assert match.pouches_empty()
    with pytest.raises(MatchError):
        match.change_pouches({"2": -1})


def test_closing_a_pouch_game_ranks_the_chips_and_starts_afresh() -> None:
    match, _ = Match.new(KEYS[:3]).next_hand(["1", "2", "3"])
    match = match.fill_pouches(5, ["1", "2", "3"]).change_pouches({"1": -5, "2": -5, "3": -5})
    match, _ = match.add_scores({"1": 40, "2": -10, "3": -30})
    match, result = match.close_game()
    assert result.winners == ("1",) and result.scores == {"1": 40, "2": -10, "3": -30}
    assert match.pouches == {} and match.scores == {}


# ---------------------------------------------------------------- JSON
KEY = st.sampled_from(KEYS)
OPERATION = st.one_of(
    st.tuples(st.just("deal"), st.sets(KEY, min_size=2), st.booleans(), st.booleans(), st.integers(0, 2**62)),
    st.tuples(st.just("score"), st.dictionaries(KEY, st.integers(-5, 15), max_size=4)),
    st.tuples(st.just("carry"), st.integers(0, 500)),
    st.tuples(
        st.just("take"),
    ),
    st.tuples(st.just("partners"), st.permutations(KEYS)),
    st.tuples(st.just("pouches"), st.integers(0, 20), st.sets(KEY)),
    st.tuples(st.just("pouch"), st.dictionaries(KEY, st.integers(-10, 10), max_size=3)),
    st.tuples(st.just("win"), KEY),
    st.tuples(st.just("leave"), KEY),
    st.tuples(
        st.just("close"),
    ),
)


def play(match: Match, operation: tuple[Any, ...]) -> Match:
    kind = operation[0]
    try:
        if kind == "deal":
            _, seated, sit_out, robot, seed = operation
            free = [k for k in KEYS if k not in seated]
            use_robot = robot and free and len(seated) % 2 == 1
            match, _ = match.next_hand(
                sorted(seated),
                dealer_sits_out=sit_out and not use_robot and len(seated) > 2,
                robot=free[0] if use_robot else None,
                seed=seed,
            )
        elif kind == "score":
            match, _ = match.add_scores(operation[1])
        elif kind == "carry":
            match = match.carry(operation[1])
        elif kind == "take":
            match, _ = match.take_carried()
        elif kind == "partners":
            keys = operation[1]
            match = match.with_partners([keys[:2], keys[2:4]])
        elif kind == "pouches":
            match = match.fill_pouches(operation[1], operation[2])
        elif kind == "pouch":
            match = match.change_pouches(operation[1])
        elif kind == "win":
            match = match.won_hand(operation[1])
        elif kind == "leave":
            match = match.vacate(operation[1])
        elif kind == "close":
            match, _ = match.close_game()
    except MatchError:
        pass  # a refused step changes nothing
    return match


@settings(max_examples=200, deadline=None)
@given(
    direction=st.sampled_from(["left", "right"]),
    target=st.one_of(st.none(), st.integers(1, 40)),
    tie_rule=st.sampled_from(["shared", "play_on"]),
    fixed=st.booleans(),
    first_dealer=st.sampled_from(["first_seated", "drawn"]),
    operations=st.lists(OPERATION, max_size=30),
)
def test_any_match_survives_a_json_round_trip_exactly(
    direction: Any,
    target: int | None,
    tie_rule: Any,
    fixed: bool,
    first_dealer: Any,
    operations: list[tuple[Any, ...]],
) -> None:
    match = Match.new(
        KEYS,
        direction=direction,
        target=target,
        tie_rule=tie_rule,
        fixed_partners=fixed,
        first_dealer=first_dealer,
    )
    for operation in operations:
        match = play(match, operation)
        data = match.to_json()
        text = json.dumps(data)
        again = Match.from_json(json.loads(text))
        assert again == match
        assert json.dumps(again.to_json()) == text


def test_a_restored_match_deals_on_where_it_left_off() -> None:
    match, _ = Match.new(KEYS, direction="right").next_hand(["1", "3", "5"])
    restored = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert restored.next_hand(["1", "3", "5"]) == match.next_hand(["1", "3", "5"])


def test_a_match_saved_before_the_first_dealer_was_drawn_still_loads_and_deals_on() -> None:
    # Saved tables from before `first_dealer` and `Seating.by_lot` existed restore as they
    # were: a match that has dealt deals on from its last dealer; one that has not deals
    # from the first seated key, as it always did.
    dealt, _ = Match.new(KEYS[:4], direction="right").next_hand(["1", "2", "3", "4"], dealer="3")
    old = dealt.to_json()
    del old["first_dealer"]
    del old["seating"]["by_lot"]
    restored = Match.from_json(old)
    assert restored == dealt and restored.first_dealer == "first_seated"
    assert restored.next_hand(["1", "2", "3", "4"])[1].dealer == "2"
    lobby = Match.new(KEYS[:4], direction="right").to_json()
    del lobby["first_dealer"]
    assert Match.from_json(lobby).next_hand(["1", "2", "3", "4"])[1].dealer == "1"


def saved() -> dict[str, Any]:
    match, _ = Match.new(KEYS[:4], target=21).next_hand(["1", "2", "3"], robot="4")
    match = match.with_partners([("1", "3"), ("2", "4")]).carry(12)
    match, _ = match.add_scores({"1": 25, "2": 3})
    return match.to_json()


def damage(data: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(data))
    node = copy
    for part in path[:-1]:
        node = node[part]
    if value is DROP:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return copy


DROP = object()


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("format",), 2),
        (("order",), []),
        (("order",), ["1", "1", "2"]),
        (("hand_no",), "1"),
        (("hand_no",), 1.0),
        (("hand_no",), -1),
        (("carried",), -5),
        (("direction",), "up"),
        (("tie_rule",), "coin toss"),
        (("dealer",), "9"),
        (("scores",), {"9": 3}),
        (("pouches",), {"1": -1}),
        (("partners",), [["1", "2"], ["2", "3"]]),
        (("partners",), [[]]),
        (("games",), 0),
        (("last_result", "winners"), ["9"]),
        (("seating",), None),
        (("seating", "hand_no"), 7),
        (("seating", "engine_seats"), ["1", "2", "2", "3"]),
        (("seating", "dealer_seat"), 3),
        (("seating", "eldest"), 9),
        (("seating", "vacant"), ["5"]),
        (("seating", "played_by"), {"1": "1"}),
        (("seating", "sitting_out"), ["2"]),
        (("surprise",), 1),
        (("order",), DROP),
    ],
)
def test_damaged_json_is_refused(path: tuple[str, ...], value: Any) -> None:
    data = saved()
    assert Match.from_json(data).to_json() == data
    with pytest.raises(DamagedMatch):
        Match.from_json(damage(data, path, value))


def test_data_that_is_not_json_is_refused() -> None:
    with pytest.raises(ValueError):
        Match.from_json({**saved(), "carried": float("nan")})
    with pytest.raises(ValueError):
        Match.from_json({**saved(), "carried": object()})


def test_a_seating_is_a_plain_value() -> None:
    _, seating = Match.new(KEYS).next_hand(["2", "4"])
    assert Seating.model_validate_json(seating.model_dump_json()) == seating
    with pytest.raises(MatchError):
        seating.table_seat(2)
