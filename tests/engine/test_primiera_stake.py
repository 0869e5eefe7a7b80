"""Primiera's stake at a bankroll table: who pays whom when a game ends, and the round that
holds the stacks (`engine.primiera.stake`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.games import GAMES, OptionError
from bot.games.primiera.options import PrimieraTableOptions
from bot.games.primiera.plugin import game_cost, game_end
from engine.core.errors import BadSetup
from engine.core.match import GameResult, Match
from engine.core.msg import english
from engine.primiera import Primiera
from engine.primiera.stake import StakedPrimiera, concession, game_stakes

SAVED = Path(__file__).parent / "saved" / "primiera_staked_round.json"
"""A bankroll round (stacks of 160) as `bot/games/primiera/plugin.py` wrote it before the
move, ten cards into its play."""


def result(winners: tuple[str, ...], scores: dict[str, int]) -> GameResult:
    return GameResult(game_no=1, hand_no=3, winners=winners, scores=scores)


def test_each_pays_each_winner_a_stake_a_point_behind() -> None:
    end = game_end(21, result(("1",), {"1": 23, "2": 15, "3": 0}), ["1", "2", "3"], ["A", "B", "C"], None)
    assert end.stakes == {"1": 8 + 21, "2": -8, "3": -21}, "23 points behind counts as the target, 21"
    assert sum(end.stakes.values()) == 0 and end.nets == {}
    assert english(end.text) == "🏆 A wins the game with 23 points!"


def test_partners_both_win_and_do_not_pay_each_other() -> None:
    scores = {"1": 22, "2": 10, "3": 22, "4": 10}
    end = game_end(21, result(("1", "3"), scores), ["1", "2", "3", "4"], list("ABCD"), None)
    assert end.stakes == {"1": 24, "2": -24, "3": 24, "4": -24}


def test_the_robot_neither_pays_nor_is_paid() -> None:
    scores = {"1": 21, "2": 5, "3": 21, "4": 9}
    end = game_end(21, result(("1", "3"), scores), ["1", "2", "3", "4"], list("ABCR"), 3)
    assert "4" not in end.stakes and end.stakes == {"1": 16, "2": -32, "3": 16}


def test_the_stack_covers_the_most_a_game_can_cost() -> None:
    for variant in ("heralds", "scopone", "two", "three"):
        options = PrimieraTableOptions(variant=variant, play_for="bankroll")
        target = options.engine_options().target
        assert game_cost(options) == target * (options.players - 1)
        assert GAMES["primiera"].buy_in(5, options) == 5 * game_cost(options)
    assert GAMES["primiera"].buy_in(5, PrimieraTableOptions()) is None


def test_the_robot_form_plays_for_the_scoreboard_only() -> None:
    with pytest.raises(OptionError):
        GAMES["primiera"].parse_options({"variant": "robot", "play_for": "bankroll"})


def test_a_member_leaving_a_game_in_progress_pays_each_seat_ahead_a_stake_a_point_behind() -> None:
    scores = {"1": 4, "2": 12, "3": 30, "4": 4}
    # Behind "2" by 8, behind "3" by 26 but at most the target; level with "4": nothing.
    assert concession(21, scores, "1") == {"2": 8, "3": 21}
    assert concession(21, scores, "3") == {}, "the leader concedes their lead and pays nobody"
    assert concession(21, {}, "1") == {}, "between games nothing is owed"


def test_only_a_bankroll_table_settles_a_leaver() -> None:
    plugin = GAMES["primiera"]
    assert plugin.leaving_debts(_Table(PrimieraTableOptions(), {"1": 0, "2": 9}), "1") == {}
    staked = _Table(PrimieraTableOptions(play_for="bankroll"), {"1": 0, "2": 9})
    assert plugin.leaving_debts(staked, "1") == {"2": 9}


class _Table:
    """The two things `leaving_debts` reads from a table: its options and its match."""

    def __init__(self, options: PrimieraTableOptions, scores: dict[str, int]) -> None:
        self.options = options
        self.match = Match.new(("1", "2", "3", "4"), target=21).add_scores(scores)[0]


def test_a_staked_round_saved_before_the_move_still_loads_unchanged() -> None:
    data = json.loads(SAVED.read_text())
    game = StakedPrimiera.from_json(data)
    assert game.stacks == (160, 160, 160, 160)
    assert game.to_json() == data
    plain = {k: v for k, v in data.items() if k != "stacks"}
    assert Primiera.from_json(plain).to_json() == plain, "the round itself is Primiera's own JSON"


def test_a_staked_round_with_damaged_stacks_is_refused() -> None:
    data = json.loads(SAVED.read_text())
    for stacks in (None, [160, -1, 160, 160], "160", [1.5, 160, 160, 160]):
        with pytest.raises(BadSetup, match="This saved Primiera round is damaged and cannot be restored"):
            StakedPrimiera.from_json({**data, "stacks": stacks})


def test_the_engine_settles_a_game_without_the_table() -> None:
    stakes = game_stakes(21, result(("1",), {"1": 23, "2": 15, "3": 0}), ["1", "2", "3"], None)
    assert stakes == {"1": 29, "2": -8, "3": -21}
