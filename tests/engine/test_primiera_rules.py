"""One named test per Primiera rule (the text's rules, and docs/RULES.md, Primiera
decisions), on deals and positions built by hand."""

from __future__ import annotations

import pytest

from engine.core.cards import ITALIAN_40
from engine.core.errors import BadSetup, IllegalAction, NotYourTurn
from engine.core.game import Event
from engine.primiera import Lay, Phase, Play, Primiera, PrimieraOptions, capture_value_of, primiera_value_of

from .primiera_helpers import (
    NAMES,
    c,
    cs,
    heralds_order,
    position,
    scopone_order,
    shorts,
    small_order,
)

# Four hands of ten, one Herald each (dealer 1: the deal and play go 0, 3, 2, 1).
HANDS = (
    "Ac 7d 6d 5d 4d 3d 2d Fd Cd Rd",
    "Ab 7c 6c 5c 4c 3c 2c Fc Cc Rc",
    "Ad 7s 6s 5s 4s 3s 2s Fs Cs Rs",
    "As 7b 6b 5b 4b 3b 2b Fb Cb Rb",
)


def heralds_game(dealer: int = 1, form: str = "heralds") -> Primiera:
    names = list(NAMES)
    if form == "robot":
        names[(dealer + 2) % 4] = "Robot"
    return Primiera.new_from_order(
        PrimieraOptions(form=form),  # type: ignore[arg-type]
        names,
        heralds_order(HANDS, dealer),
        dealer=dealer,
        robot_pile=cs("Cb 7b 6b 5b 4b 3b 2b As Fb") if form == "robot" else None,
    )


def play(g: Primiera, seat: int, card: str, capture: str = "") -> list[Event]:
    return g.apply(seat, Play(card=c(card), capture=tuple(cs(capture))))


def finished(
    form: str, taken: list[str], *, herald: tuple[str, int] | None = None, sweeps: list[str] | None = None
) -> Primiera:
    """A round that ends with seat 0 playing its last card (the 2 of Clubs) onto an empty
    table and taking it back as the last capturer; `taken` are the other piles."""
    count = PrimieraOptions(form=form).seats  # type: ignore[arg-type]
    hands = ["2b"] + [""] * (count - 1)
    g = position(
        form, hands, "", 0, taken=taken, herald=herald, sweeps=sweeps, rest_to=0, last_capture=0, dealer=1
    )
    play(g, 0, "2b")
    assert g.phase is Phase.OVER
    return g


# ------------------------------------------------------------------ the deck


def test_capture_values_run_one_to_ten_with_fante_eight_cavallo_nine_re_ten() -> None:
    values = {card.rank: capture_value_of(card) for card in ITALIAN_40.cards() if card.suit == "cups"}
    assert values == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 11: 8, 12: 9, 13: 10}


def test_primiera_values_seven_21_six_18_ace_16_five_15_four_14_three_13_two_12_figures_10() -> None:
    values = {card.rank: primiera_value_of(card) for card in ITALIAN_40.cards() if card.suit == "swords"}
    assert values == {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 11: 10, 12: 10, 13: 10}


# ------------------------------------------------------------------ the Heralds deal


def test_heralds_are_dealt_one_each_then_the_rest_one_at_a_time() -> None:
    for seed in range(20):
        g = Primiera.new(PrimieraOptions(), NAMES, seed, dealer=seed % 4)
        hands = [g.view(seat).hand or () for seat in range(4)]
        assert [len(h) for h in hands] == [10] * 4
        assert all(sum(1 for card in h if card.rank == 1) == 1 for h in hands)
    g = heralds_game()
    assert [shorts(g.view(s).hand or ()) for s in range(4)] == [shorts(sorted(cs(h))) for h in HANDS]


def test_each_player_chooses_a_table_card_secretly_and_the_four_turn_up_together() -> None:
    g = heralds_game()
    assert g.phase is Phase.LAY and g.awaiting == (0, 1, 2, 3) and g.to_act is None
    events = g.apply(0, Lay(card=c("Rd")))
    assert "Rd" not in str(events) and all("🪙R" not in e.text for e in events)
    assert g.view(0).laid_card == c("Rd") and c("Rd") not in (g.view(0).hand or ())
    for seat in (1, 2, 3):
        assert g.view(seat).laid_card is None and g.view(seat).table == ()
    assert g.view(None).laid == (True, False, False, False) and g.awaiting == (1, 2, 3)
    with pytest.raises(NotYourTurn):
        g.apply(0, Lay(card=c("Cd")))
    g.apply(2, Lay(card=c("Rs")))
    g.apply(1, Lay(card=c("Rc")))
    assert g.view(None).table == ()
    g.apply(3, Lay(card=c("Rb")))
    # Decision 4: laid out in the order of play from the dealer's right, the dealer last.
    assert shorts(g.view(None).table) == "Rd Rb Rs Rc"
    assert g.phase is Phase.PLAY and g.view(0).laid_card is None


def test_a_player_can_only_lay_a_card_from_their_own_hand() -> None:
    g = heralds_game()
    with pytest.raises(IllegalAction):
        g.apply(0, Lay(card=c("Rb")))
    with pytest.raises(IllegalAction):
        g.apply(0, Play(card=c("Rd")))


def test_play_starts_on_the_dealers_right_and_goes_right() -> None:
    g = heralds_game(dealer=1)
    for seat, card in ((0, "Rd"), (1, "Rc"), (2, "Rs"), (3, "Rb")):
        g.apply(seat, Lay(card=c(card)))
    order = []
    for card in ("2d", "3b", "4s", "Fc"):
        seat = g.to_act
        assert seat is not None
        order.append(seat)
        play(g, seat, card, "")
    assert order == [0, 3, 2, 1]


# ------------------------------------------------------------------ the Heralds


@pytest.mark.parametrize(
    ("herald", "seat", "teams"),
    [
        ("Ac", 0, ((0, 2), (1, 3))),  # Cups: partner opposite
        ("Ab", 0, ((0, 1), (2, 3))),  # Clubs: partner on the left (the next seat)
        ("Ad", 0, ((0, 3), (1, 2))),  # Coins: partner on the right
        ("Ab", 2, ((0, 1), (2, 3))),
        ("Ad", 2, ((0, 3), (1, 2))),
        ("As", 0, ((0,), (1,), (2,), (3,))),  # Swords: everyone alone
    ],
)
def test_first_herald_played_sets_the_partnerships(
    herald: str, seat: int, teams: tuple[tuple[int, ...]]
) -> None:
    hands = ["Rd", "Rc", "Rs", "Rb"]
    hands[seat] = herald
    g = position("heralds", hands, "7d 7c", seat, dealer=(seat + 1) % 4)
    assert g.teams is None and g.view(None).teams is None
    events = play(g, seat, herald)
    assert g.teams == teams and g.view(None).herald == c(herald) and g.view(None).herald_by == seat
    assert any(e.kind == "herald" for e in events)
    assert g.partnerships == tuple(t for t in teams if len(t) == 2)


def test_first_herald_of_cups_partners_opposite_players() -> None:
    g = position("heralds", ["Ac 2d", "Rc 2c", "Rs 2s", "Rb 3b"], "7d", 0)
    play(g, 0, "Ac")
    assert g.teams == ((0, 2), (1, 3))


def test_later_heralds_are_ordinary_cards() -> None:
    g = position("heralds", ["Ac 2d", "Ab 2c", "Rs 2s", "Rb 3b"], "7d", 0)
    play(g, 0, "Ac")
    play(g, 3, "Rb")
    play(g, 2, "Rs", "Rb")
    play(g, 1, "Ab", "Ac")  # a second Herald: no new partnerships
    assert g.teams == ((0, 2), (1, 3)) and g.view(None).herald == c("Ac")


def test_a_herald_laid_among_the_opening_four_sets_nothing() -> None:
    g = heralds_game()
    for seat, card in ((0, "Ac"), (1, "Rc"), (2, "Rs"), (3, "Rb")):
        g.apply(seat, Lay(card=c(card)))
    assert c("Ac") in g.view(None).table and g.teams is None


def test_a_herald_taken_from_the_table_sets_nothing() -> None:
    g = position("heralds", ["Ab 2d", "Rc 2c", "Rs 2s", "Rb 3b"], "Ac", 0)
    play(g, 0, "Ab", "Ac")  # the Herald of Clubs is played, the Herald of Cups only taken
    assert g.teams == ((0, 1), (2, 3))


def test_no_herald_played_means_everyone_alone_and_doubled() -> None:
    g = finished("heralds", ["", "7d", "", ""])
    score = g.score
    assert score is not None and score.doubled and g.teams is None
    assert len(score.sides) == 4 and score.points[1] == 2  # the seven of coins, doubled


# ------------------------------------------------------------------ captures


def test_a_card_takes_a_single_table_card_of_the_same_value() -> None:
    g = position("scopone", ["5d", "2c", "3c", "4c"], "5c Rb", 0)
    assert g.legal_actions(0) == [Play(card=c("5d"), capture=(c("5c"),))]
    play(g, 0, "5d", "5c")
    assert shorts(g.view(None).table) == "Rb" and shorts(g.view(None).taken[0]) == "5d 5c"
    assert g.view(None).last_capture == 0


def test_the_player_chooses_among_several_matching_cards() -> None:
    g = position("scopone", ["5d", "2c", "3c", "4c"], "5c Rb 5s", 0)
    assert {a.capture for a in g.legal_actions(0) if isinstance(a, Play)} == {(c("5c"),), (c("5s"),)}
    play(g, 0, "5d", "5s")
    assert shorts(g.view(None).table) == "5c Rb"


def test_the_player_chooses_among_sets_adding_up_to_the_card() -> None:
    g = position("scopone", ["7d", "2c", "3c", "4b"], "2s 5c 3s 4s", 0)
    sets = {shorts(a.capture) for a in g.legal_actions(0) if isinstance(a, Play)}
    assert sets == {"2s 5c", "3s 4s"}
    play(g, 0, "7d", "4s 3s")  # any order names the same set
    assert shorts(g.view(None).table) == "2s 5c"


def test_a_single_match_must_be_taken_before_any_sum() -> None:
    g = position("scopone", ["7d", "2c", "3c", "4b"], "2s 5c 7s", 0)
    assert [shorts(a.capture) for a in g.legal_actions(0) if isinstance(a, Play)] == ["7s"]
    with pytest.raises(IllegalAction, match="single card"):
        play(g, 0, "7d", "2s 5c")


def test_capturing_is_compulsory() -> None:
    g = position("scopone", ["7d", "2c", "3c", "4b"], "2s 5c", 0)
    with pytest.raises(IllegalAction, match="compulsory"):
        play(g, 0, "7d")
    with pytest.raises(IllegalAction, match="add up"):
        play(g, 0, "7d", "2s")


def test_a_card_that_takes_nothing_stays_on_the_table() -> None:
    g = position("scopone", ["Rd", "2c", "3c", "4b"], "2s 5c", 0)
    assert g.legal_actions(0) == [Play(card=c("Rd"))]
    with pytest.raises(IllegalAction, match="can't take anything"):
        play(g, 0, "Rd", "2s")
    play(g, 0, "Rd")
    assert shorts(g.view(None).table) == "2s 5c Rd"  # new cards go to the right end


def test_only_the_player_to_act_may_play() -> None:
    g = position("scopone", ["Rd", "2c", "3c", "4b"], "2s 5c", 0)
    with pytest.raises(NotYourTurn):
        play(g, 3, "4b")
    with pytest.raises(IllegalAction, match="don't hold"):
        play(g, 0, "4b")
    with pytest.raises(IllegalAction):
        g.apply(0, {"kind": "fold"})
    assert g.legal_actions(3) == []


def test_a_move_sent_as_json_is_read_with_the_italian_deck() -> None:
    g = position("scopone", ["5d", "2c", "3c", "4c"], "5c Rb", 0)
    g.apply(0, {"kind": "play", "card": "coins:5", "capture": ["cups:5"]})
    assert shorts(g.view(None).taken[0]) == "5d 5c"


def test_a_sweep_scores_a_point_and_its_card_is_kept_face_up() -> None:
    g = position("scopone", ["7d 2d", "2c 3d", "3c 4d", "4b 5d"], "3s 4s", 0)
    events = g.apply(0, Play(card=c("7d"), capture=(c("3s"), c("4s"))))
    assert "sweep" in events[0].text
    assert shorts(g.view(None).sweeps[0]) == "7d"


def test_the_last_card_of_the_round_never_sweeps() -> None:
    g = position("scopone", ["7d", "", "", ""], "3s 4s", 0, dealer=1)
    events = g.apply(0, Play(card=c("7d"), capture=(c("3s"), c("4s"))))
    assert "never a sweep" in events[0].text and g.view(None).sweeps[0] == ()
    assert g.score is not None and all(item.item != "sweeps" for item in g.score.items)


def test_the_last_capturer_takes_what_is_left() -> None:
    g = position("scopone", ["2c", "3b", "5s", "Fd"], "2s 7c", 0)
    play(g, 0, "2c", "2s")
    play(g, 3, "Fd")
    play(g, 2, "5s")
    events = play(g, 1, "3b")
    assert g.phase is Phase.OVER and g.view(None).table == ()
    assert shorts(g.view(None).taken[0]) == "2c 2s 7c Fd 5s 3b"
    assert any(e.kind == "last" for e in events)


def test_when_nobody_captured_the_table_cards_stay_nobodys() -> None:
    g = position("scopone", ["2c", "3b", "5s", "Fd"], "Rs Cc", 0, rest_to=1)
    for seat, card in ((0, "2c"), (3, "Fd"), (2, "5s"), (1, "3b")):
        play(g, seat, card)
    assert g.phase is Phase.OVER and shorts(g.view(None).table) == "Rs Cc 2c Fd 5s 3b"
    assert Primiera.from_json(g.to_json()).to_json() == g.to_json()


# ------------------------------------------------------------------ scoring


def test_team_points_go_to_both_partners() -> None:
    g = finished("heralds", ["", "Fs", "", ""], herald=("Ac", 0))
    score = g.score
    assert score is not None and not score.doubled and score.teams == ((0, 2), (1, 3))
    assert score.points == (4, 0, 4, 0)
    assert [item.item for item in score.items] == ["cards", "coins", "seven_of_coins", "primiera"]


def test_an_all_alone_round_doubles_the_four_points_but_not_sweeps() -> None:
    g = finished("heralds", ["", "", "", "2s 2c"], herald=("As", 1), sweeps=["", "", "", "2s"])
    score = g.score
    assert score is not None and score.doubled and score.teams == ()
    assert score.points == (8, 0, 0, 1)


def test_ties_for_cards_coins_and_primiera_score_nothing() -> None:
    # Both sides: 20 cards, 5 coins, Primiera 78; only the seven of coins is awarded.
    first = "Ad 2d 3d 4d 7d 6c Ac 2c 3c 4c 7s As 2s 3s 4s 6b Ab 3b 4b"  # + the 2 of Clubs played last
    second = "5d 6d Fd Cd Rd 7c 5c Fc Cc Rc 6s 5s Fs Cs Rs 7b 5b Fb Cb Rb"
    g = position(
        "heralds", ["2b", "", "", ""], "", 0, taken=[first, second, "", ""], herald=("Ac", 0), last_capture=0
    )
    play(g, 0, "2b")
    score = g.score
    assert score is not None
    sides = {side.seats: side for side in score.sides}
    assert (sides[(0, 2)].cards, sides[(1, 3)].cards) == (20, 20)
    assert (sides[(0, 2)].coins, sides[(1, 3)].coins) == (5, 5)
    assert (sides[(0, 2)].primiera, sides[(1, 3)].primiera) == (78, 78)
    awarded = {item.item: item.side for item in score.items}
    assert awarded["cards"] is None and awarded["coins"] is None and awarded["primiera"] is None
    assert score.points == (1, 0, 1, 0)


def test_a_side_missing_a_suit_cannot_win_the_primiera() -> None:
    g = finished("heralds", ["", "7d 7c 7s 6d 6c 6s Ad Ac As", "", ""], herald=("Ac", 0))
    score = g.score
    assert score is not None
    sides = {side.seats: side for side in score.sides}
    assert sides[(1, 3)].primiera is None and sides[(0, 2)].primiera is not None
    assert next(i for i in score.items if i.item == "primiera").side == score.sides.index(sides[(0, 2)])


def test_nobody_wins_the_primiera_when_no_side_has_every_suit() -> None:
    clubs = "Ab 3b 4b 5b 6b 7b Fb Cb Rb"  # + the 2 of Clubs, seat 0's last card, taken by seat 1
    g = position(
        "heralds",
        ["2b", "", "", ""],
        "",
        0,
        taken=["", clubs, "", ""],
        herald=("As", 1),
        last_capture=1,
        rest_to=0,
    )
    play(g, 0, "2b")
    score = g.score
    assert score is not None
    assert next(i for i in score.items if i.item == "primiera").side is None


def test_all_alone_a_tie_for_the_most_cards_or_coins_scores_nothing() -> None:
    noncoins = [card for card in cs(" ".join(f"{r}{s}" for s in "csb" for r in "A234567FCR"))]
    taken = [
        "Ad 2d 3d 4d " + shorts(noncoins[:10]),
        "5d 6d 7d Fd " + shorts(noncoins[10:21]),
        "Cd Rd " + shorts(noncoins[21:29]),
        "",
    ]
    last = noncoins[29]  # seat 0's last card, which seat 0 takes back: 15 cards each
    g = position(
        "heralds", [shorts([last]), "", "", ""], "", 0, taken=taken, herald=("As", 1), last_capture=0
    )
    play(g, 0, shorts([last]))
    score = g.score
    assert score is not None
    assert [side.cards for side in score.sides] == [15, 15, 10, 0]
    awarded = {item.item: item.side for item in score.items}
    assert awarded["cards"] is None and awarded["coins"] is None and awarded["seven_of_coins"] == 1
    assert score.points[1] >= 2


def test_outcome_reports_points_not_chips() -> None:
    g = finished("heralds", ["", "Fs", "", ""], herald=("Ac", 0))
    outcome = g.outcome
    assert outcome is not None and outcome.winners == (0, 2)
    assert outcome.paid_in == outcome.paid_out == (0, 0, 0, 0)
    assert g.view(1).score == g.score and g.view(1).seed == g.seed


# ------------------------------------------------------------------ classic Scopone


def test_scopone_deals_three_two_three_two_three_with_four_to_the_table() -> None:
    hands = (
        "Ad 2d 3d 4d 5d 6d 7d Fd Cd",
        "Ac 2c 3c 4c 5c 6c 7c Fc Cc",
        "As 2s 3s 4s 5s 6s 7s Fs Cs",
        "Ab 2b 3b 4b 5b 6b 7b Fb Cb",
    )
    order = scopone_order(hands, "Rd Rc Rs Rb", dealer=1)
    g = Primiera.new_from_order(PrimieraOptions(form="scopone"), NAMES, order, dealer=1)
    assert g.phase is Phase.PLAY and g.to_act == 0
    assert shorts(g.view(None).table) == "Rd Rc Rs Rb"
    assert [shorts(g.view(s).hand or ()) for s in range(4)] == [shorts(sorted(cs(h))) for h in hands]
    assert g.teams == ((0, 2), (1, 3))


def test_scopone_partners_are_fixed_and_heralds_have_no_power() -> None:
    g = position("scopone", ["As 2d", "Rc 2c", "Rs 3s", "Rb 3b"], "7d", 0)
    play(g, 0, "As")
    assert g.teams == ((0, 2), (1, 3)) and g.view(None).herald is None
    options = PrimieraOptions(form="scopone")
    assert options.target == 11 and options.fixed_partners and PrimieraOptions().target == 21


def test_scopone_scores_both_partners_the_team_points() -> None:
    g = finished("scopone", ["", "Fs", "", ""])
    score = g.score
    assert score is not None and not score.doubled and score.points == (4, 0, 4, 0)


# ------------------------------------------------------------------ two and three players


def test_two_players_get_three_cards_each_and_three_more_when_hands_are_empty() -> None:
    cards = [card for card in ITALIAN_40.cards()]
    text = shorts(cards)
    all_cards = text.split()
    hands = [" ".join(all_cards[0:3]), " ".join(all_cards[3:6])]
    order = small_order(hands, " ".join(all_cards[6:10]), " ".join(all_cards[10:]), dealer=1)
    g = Primiera.new_from_order(PrimieraOptions(form="two"), NAMES[:2], order, dealer=1)
    assert g.to_act == 0 and g.view(None).stock == 30 and len(g.view(None).table) == 4
    assert g.view(None).hand_sizes == (3, 3)
    for _ in range(6):
        seat = g.to_act
        assert seat is not None
        g.apply(seat, g.legal_actions(seat)[0])
    assert g.view(None).hand_sizes == (3, 3) and g.view(None).stock == 24
    assert any(e.kind == "deal" for e in g.events[1:])


def test_three_players_get_six_cards_each_then_six_more() -> None:
    # Decision 18: 4 to the table and 6 each, then 6 more each once — the 18 cards left
    # ("si distribuiscono quelle rimanenti") — so the round ends after 36 plays.
    g = Primiera.new(PrimieraOptions(form="three"), NAMES[:3], seed=5, dealer=2)
    assert g.view(None).hand_sizes == (6, 6, 6) and g.view(None).stock == 18 and g.to_act == 1
    plays = 0
    while g.outcome is None:
        if plays == 18:
            assert g.view(None).hand_sizes == (6, 6, 6) and g.view(None).stock == 0
        seat = g.to_act
        assert seat is not None
        g.apply(seat, g.legal_actions(seat)[0])
        plays += 1
    assert plays == 36


def test_small_games_score_each_player_alone_and_not_doubled() -> None:
    for form, taken in (("two", ["", "Fs"]), ("three", ["", "Fs", ""])):
        g = finished(form, taken)
        score = g.score
        assert score is not None and not score.doubled and score.points[0] == 4
        assert PrimieraOptions(form=form).target == 11  # type: ignore[arg-type]


# ------------------------------------------------------------------ three players and a robot


def test_the_robot_sits_opposite_the_dealer_and_its_last_card_goes_to_the_table() -> None:
    g = heralds_game(dealer=1, form="robot")
    assert g.robot == 3 and g.awaiting == (0, 1, 2)
    assert g.view(None).laid == (False, False, False, True)
    assert g.view(3).hand == () and g.view(None).hand_sizes[3] == 9
    with pytest.raises(NotYourTurn):
        g.apply(3, Lay(card=c("Rb")))
    for seat, card in ((0, "Rd"), (1, "Rc"), (2, "Rs")):
        g.apply(seat, Lay(card=c(card)))
    # The robot's last-dealt card: its hand "As 7b 6b 5b 4b 3b 2b Fb Cb Rb" is dealt in
    # that order, so the Re of Clubs goes to the table in the robot's place.
    assert shorts(g.view(None).table) == "Rd Rb Rs Rc"


def test_the_robots_pile_is_its_herald_and_eight_cards_shuffled_by_the_seed() -> None:
    g = Primiera.new(PrimieraOptions(form="robot"), ("Ana", "Bo", "Robot", "Di"), seed=9, dealer=0)
    robot = g.robot
    assert robot == 2
    pile = g._hands[robot]
    assert len(pile) == 9 and sum(1 for code in pile if code % 10 == 0) == 1
    again = Primiera.new(PrimieraOptions(form="robot"), ("Ana", "Bo", "Robot", "Di"), seed=9, dealer=0)
    assert again._hands[robot] == pile


def test_the_robot_turns_up_its_top_card_by_itself() -> None:
    g = heralds_game(dealer=1, form="robot")
    for seat, card in ((0, "Rd"), (1, "Rc"), (2, "Rs")):
        g.apply(seat, Lay(card=c(card)))
    events = g.apply(0, Play(card=c("Fd")))
    # The pile (fixed here) starts with the Cavallo of Clubs: a 9 takes nothing on R R R R 8.
    robot_events = [e for e in events if e.seat == 3]
    assert robot_events and "Robot turns up" in robot_events[0].text
    assert g.to_act == 2


def test_a_herald_that_partners_the_robot_turns_its_cards_up_for_its_partner() -> None:
    g = position("robot", ["Ac 2d", "Rc 2c", "Rs 3s", "Rb 3b"], "7d", 0, dealer=1)
    assert g.robot == 3 and g.view(None).robot_cards is None
    events = g.apply(0, Play(card=c("Ac")))  # Cups: 0 with 2, the robot (3) with 1
    assert g.teams == ((0, 2), (1, 3)) and g.robot_partner == 1
    assert shorts(g.view(None).robot_cards or ()) == "3b Rb"
    assert g.to_act == 3 and any(e.kind == "robot" for e in events)
    assert {shorts([a.card]) for a in g.legal_actions(3)} == {"Rb", "3b"}
    play(g, 3, "3b")
    assert "Bo plays Robot's" in g.events[-2].text and g.to_act == 2


def test_an_unpartnered_robot_keeps_playing_by_itself() -> None:
    g = position("robot", ["As 2d", "Rc 2c", "Rs 3s", "Rb 3b"], "7d", 0, dealer=1)
    g.apply(0, Play(card=c("As")))  # Swords: everyone alone, the robot too
    assert g.robot_partner is None and g.view(None).robot_cards is None
    assert g.to_act == 2 and g.view(None).hand_sizes[3] == 1


def test_the_robot_can_herald_its_own_partnership() -> None:
    g = position("robot", ["2d 4d", "Rc 2c", "Rs 3s", "Ab 3b"], "7d", 0, dealer=1)
    play(g, 0, "2d")  # the robot turns up the Herald of Clubs: its partner is on its left, 0
    assert g.teams == ((0, 3), (1, 2)) and g.robot_partner == 0
    assert g.to_act == 2


def test_the_robot_scores_like_a_player_and_can_win() -> None:
    g = finished("robot", ["", "", "", "7d 6d 5d 4d 3d 2d 7c 7s 7b"], herald=("As", 1))
    score = g.score
    assert score is not None and score.points[3] >= 6
    outcome = g.outcome
    assert outcome is not None and 3 in outcome.winners


# ------------------------------------------------------------------ set-up and saves


def test_bad_setups_are_refused() -> None:
    with pytest.raises(BadSetup):
        Primiera.new(PrimieraOptions(), NAMES[:3], 1)
    with pytest.raises(BadSetup):
        Primiera.new(PrimieraOptions(form="two"), NAMES, 1)
    with pytest.raises(BadSetup):
        Primiera.new(PrimieraOptions(), NAMES, 1, dealer=4)
    order = list(ITALIAN_40.cards())
    with pytest.raises(BadSetup, match="Heralds"):
        Primiera.new_from_order(PrimieraOptions(), NAMES, order)
    with pytest.raises(BadSetup):
        Primiera.new_from_order(PrimieraOptions(form="scopone"), NAMES, order[:-1])


def test_damaged_saves_are_refused() -> None:
    g = heralds_game()
    data = g.to_json()
    broken = dict(data, hands=[h[:-1] for h in data["hands"]])
    with pytest.raises(BadSetup, match="40 cards"):
        Primiera.from_json(broken)
    with pytest.raises(BadSetup):
        Primiera.from_json(dict(data, commitment="0" * 64))
    with pytest.raises(BadSetup):
        Primiera.from_json(dict(data, dealer="1"))
    with pytest.raises(BadSetup):
        Primiera.from_json(dict(data, extra=1))
    with pytest.raises(BadSetup):
        Primiera.from_json(dict(data, teams=[[0, 1], [2, 3]]))
    with pytest.raises(BadSetup):
        Primiera.from_json(dict(data, game_id="primero"))


def test_the_deal_is_committed_and_the_seed_revealed_at_the_end() -> None:
    g = Primiera.new(PrimieraOptions(form="two"), NAMES[:2], seed=77)
    assert g.view(0).seed is None and len(g.commitment) == 64
    while g.phase is not Phase.OVER:
        seat = g.to_act
        assert seat is not None
        g.apply(seat, g.legal_actions(seat)[0])
    assert g.view(0).seed == 77
