"""bench/players.py keeps running for every game: a deal or two of each game's strongest level
against its first, under both duplicate schemes, and the command line's figures. It asserts
no timing (figures on a shared machine mean nothing in a test) and no margin's sign (a deal
or two decides nothing); it guards the bench from rotting as games and levels change."""

from __future__ import annotations

import math

import pytest

from bench import players as bench
from bot.games import GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_deal_of_every_game_plays_under_both_schemes(game: str) -> None:
    for scheme in ("seats", "halves"):
        match = bench.match_for(game, scheme=scheme)
        result = bench.duplicate((match, 3))
        _, members = bench.member_seats(match, 3)
        assert math.isfinite(result.margin)
        # seats: the baseline and one hand per member seat; halves: two hands.
        assert result.hands == (len(members) + 1 if scheme == "seats" else 2)
        assert set(result.times) >= {match.a, match.b}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_level_against_itself_has_no_margin_on_any_deal(game: str) -> None:
    # The same cards played by the same level in every seat: the duplicate plays must repeat
    # the baseline exactly, so a margin other than zero means a deal that isn't replayed.
    basic = GAMES[game].levels[0]
    match = bench.match_for(game, a=basic, b=basic)
    assert [bench.duplicate((match, seed)).margin for seed in range(2)] == [0.0, 0.0]


def test_the_command_prints_the_margin_and_each_levels_times(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["cardano", "--deals", "3", "--every", "2", "--option", "vie=3"])
    out = capsys.readouterr().out
    assert "strong (A) against basic (B), 3 players, scheme seats, options vie=3" in out
    assert "decision time, strong (CPU, one thread): median" in out
    assert "decision time, basic (CPU, one thread): median" in out
    assert "margin, strong − basic: " in out and "chips per seat per deal (95% CI" in out and "n=3)" in out


def test_a_level_the_game_lacks_is_refused_with_a_sentence() -> None:
    with pytest.raises(SystemExit, match="holdout has no wizard level"):
        bench.match_for("holdout", a="wizard")
