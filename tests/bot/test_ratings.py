"""Issue 24, item 3: the rating arithmetic (openskill's numbers for a known result) and what
each game puts up to be rated — a hand game's hand by net chips, a score game's whole game
by its final standing, Prefa's declarer against the defenders and Primiera's Heralds rounds
as teams, Peg Leg not at all. docs/RULES.md, "Ratings"."""

from __future__ import annotations

import pytest

from bot.games import GAMES, RATED
from bot.games.base import Ranking, game_sides, game_standing, hand_standing
from bot.ratings import NEW, Skill, anchor, ranks, rate, shown
from engine.core.match import GameResult, Match
from tests.bot.test_hand_results import play_out
from tests.helpers.tables import dealt_table


# ------------------------------------------------------------------ the arithmetic
def test_a_win_between_two_newcomers_moves_each_by_openskills_own_numbers() -> None:
    (winner,), (loser,) = rate([[NEW], [NEW]], [10, -10])
    # openskill 6.2's Plackett-Luce with its defaults, for [[new], [new]] ranked [1, 2]
    assert winner == Skill(mu=27.635389493140497, sigma=8.06590141354368)
    assert loser == Skill(mu=22.364610506859503, sigma=8.06590141354368)
    assert (shown(winner), shown(loser)) == (1138, 927)


def test_partners_rise_together_and_a_computer_partner_is_an_anchor_in_the_sum() -> None:
    """Two newcomers beat a newcomer partnered with the strong computer: openskill rates a
    team by the sum of its members' skill and shares the change by each one's σ²."""
    (a, b), (c, strong) = rate([[NEW, NEW], [NEW, anchor(1)]], [5, 2])
    assert a == b == Skill(mu=27.557593630046473, sigma=8.116844245334383)
    assert c == Skill(mu=22.442406369953527, sigma=8.1765828003078)
    # the anchor barely moves inside openskill (σ 2), and the table never keeps it anyway
    assert strong == Skill(mu=29.85244160338598, sigma=1.9995767190387947)
    assert anchor(1) == Skill(30.0, 2.0)


def test_equal_scores_share_a_place_and_tie() -> None:
    assert ranks([3, 7, 3, 1]) == [2, 1, 2, 4]
    first, second, last = rate([[NEW], [NEW], [NEW]], [1, 1, 0])
    assert first == second and first[0].mu > NEW.mu > last[0].mu


def test_what_players_see_and_the_computers_fixed_marks() -> None:
    assert shown(NEW) == 1000  # a newcomer
    assert [shown(anchor(level)) for level in (0, 1)] == [1760, 1960]  # basic, strong
    assert shown(Skill(0.0, 10.0)) == 0  # never below 0


def test_a_result_needs_two_sides_with_a_player_each() -> None:
    with pytest.raises(ValueError, match="two sides"):
        rate([[NEW]], [1])
    with pytest.raises(ValueError, match="two sides"):
        rate([[NEW], []], [1, 0])


# --------------------------------------------------------------- what is rated
def test_a_hand_game_rates_each_hand_by_each_seats_net() -> None:
    table = dealt_table("holdout", {}, 3, 0, stake=10)
    play_out(table)
    outcome = table.game.outcome
    standing = hand_standing(table.plugin, table.view(), table.game, scored=False)
    assert standing == Ranking((("1",), ("2",), ("3",)), tuple(outcome.net(s) for s in range(3)))
    # the same hand at a score game's table is its game's to rate, not the hand's
    assert hand_standing(GAMES["holdout"], table.view(), table.game, scored=True) is None


def test_peg_leg_against_the_house_is_not_rated() -> None:
    table = dealt_table("peg_leg", {}, 2, 0, stake=10)
    play_out(table)
    assert hand_standing(table.plugin, table.view(), table.game, scored=False) is None
    assert "peg_leg" not in RATED
    assert {"prima_carta", "holdout", "primero", "primero_points", "cardano", "primiera", "prefa"} <= RATED


def test_a_prefa_hand_is_the_declarer_against_the_defenders_and_the_sitter_is_not_in_it() -> None:
    for players in (3, 4):
        table = dealt_table("prefa", {}, players, 1, stake=1)
        play_out(table)
        game, result = table.game, table.game.result
        assert result is not None and result.kind == "played" and result.made is True  # 7 spades made
        standing = hand_standing(table.plugin, table.view(), game, scored=True)
        declarer = game.keys[game.seat_of(result.bidder)]
        assert standing is not None and standing.sides[0] == (declarer,) and standing.scores == (1, 0)
        defenders = standing.sides[1]
        assert len(defenders) == 2 and declarer not in defenders
        if players == 4:  # the dealer sat the hand out: in no side
            assert game.keys[game.sitter] not in {*defenders, declarer}
        # rated hand by hand, so not again at the game's end
        ended = GameResult(game_no=1, hand_no=1, winners=("1",), scores={"1": 5, "2": 0, "3": -5})
        assert game_standing(table.plugin, table.view(), ended) is None


def test_a_heralds_round_is_rated_by_its_sides_as_teams() -> None:
    table = dealt_table("primiera", {}, 4, 0, stake=1)
    play_out(table)
    score = table.game.score
    assert [side.seats for side in score.sides] == [(0, 2), (1, 3)]
    standing = hand_standing(table.plugin, table.view(), table.game, scored=True)
    assert standing == Ranking((("1", "3"), ("2", "4")), (5, 0))  # "Ana and Chiara take the round with 5"


def test_scopone_and_the_small_games_are_rated_at_the_games_end_by_the_final_standing() -> None:
    table = dealt_table("primiera", {"variant": "scopone"}, 4, 0, stake=1)
    play_out(table)
    assert hand_standing(table.plugin, table.view(), table.game, scored=True) is None
    table.match = table.match.with_partners((("1", "3"), ("2", "4")))
    ended = GameResult(game_no=1, hand_no=3, winners=("2", "4"), scores={"1": 7, "2": 11, "3": 7, "4": 11})
    assert game_standing(table.plugin, table.view(), ended) == Ranking((("1", "3"), ("2", "4")), (7, 11))
    two = dealt_table("primiera", {"variant": "two"}, 2, 0, stake=1)
    ended = GameResult(game_no=1, hand_no=2, winners=("2",), scores={"1": 4, "2": 12})
    assert game_standing(two.plugin, two.view(), ended) == Ranking((("1",), ("2",)), (4, 12))


def test_a_points_game_is_rated_by_its_final_standing_and_a_draw_of_everyone_by_nothing() -> None:
    table = dealt_table("primero", {"variant": "points"}, 3, 0, stake=1)
    ended = GameResult(game_no=1, hand_no=4, winners=("1",), scores={"1": 1020, "2": 700, "3": 980})
    assert game_standing(table.plugin, table.view(), ended) == Ranking(
        (("1",), ("2",), ("3",)), (1020, 700, 980)
    )
    even = GameResult(game_no=1, hand_no=4, winners=("1", "2"), scores={"1": 1000, "2": 1000})
    assert game_standing(table.plugin, table.view(), even) is None


def test_fixed_partners_score_as_their_side_and_others_alone() -> None:
    match = Match.new(("1", "2", "3", "4"), fixed_partners=True).with_partners((("1", "3"),))
    ended = GameResult(game_no=1, hand_no=1, winners=("1", "3"), scores={"1": 11, "2": 4, "3": 11, "4": 6})
    assert game_sides(match, ended) == Ranking((("1", "3"), ("2",), ("4",)), (11, 4, 6))


# ------------------------------------------------------------ the end of a game
def test_the_end_of_a_scopone_game_lists_the_partners_together_and_each_members_change() -> None:
    from bot.render import final_standings, game_end_note
    from bot.tables import Phase

    table = dealt_table("primiera", {"variant": "scopone"}, 4, 0, stake=1)
    play_out(table)
    table.match = table.match.with_partners((("1", "3"), ("2", "4")))
    table.match, ended = table.match.add_scores({"1": 11, "2": 7, "3": 11, "4": 7})
    assert ended is not None and table.state.phase is Phase.BETWEEN
    table.state.rated_game = {"1": (1000, 1138), "2": (1200, 1150), "3": (900, 1010), "4": (1000, 927)}
    assert table.game_over
    assert final_standings(table) == [
        "🏆 Final standings: 1. Ana & Chiara 11 · 2. Bruno & Dario 7",
        "Ratings: Ana 1,138 (+138) · Bruno 1,150 (−50) · Chiara 1,010 (+110) · Dario 927 (−73)",
    ]
    assert (
        game_end_note(table, 1)
        == "🏆 The game is over: your side finishes second of 2. Your rating: 1,150 (−50)."
    )
    # a seat a computer plays shows no change of rating: its rating is fixed
    table.state.seats[3].user_id = None
    assert final_standings(table)[1] == "Ratings: Ana 1,138 (+138) · Bruno 1,150 (−50) · Chiara 1,010 (+110)"
    assert final_standings(table)[0].endswith("2. Bruno & 🤖 Dario 7")
