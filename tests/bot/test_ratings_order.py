"""Issue 24, item 3: the ratings order players of known strength. `bench/ratings.py` run
small: six simulated players whose true skills are one game's luck apart, rated game after
game through `bot.ratings.rate` (what the tables use). With this seed their shown ratings are
in the true order after 80 games each (every one of 40 seeds gets there by then), and with
two random pairs a game, rated as teams, after 160; after 5 games they are not yet."""

from __future__ import annotations

from bench.ratings import simulate


def test_ratings_put_players_of_known_strength_in_their_true_order() -> None:
    early, late = simulate(players=6, spacing=1.0, seed=1, checkpoints=(5, 80))
    assert not early.rating.exact and early.rating.pairs < 1
    assert late.rating.exact and late.rating.spearman == 1.0


def test_ratings_of_partners_rated_as_teams_reach_the_true_order_too() -> None:
    for near in (False, True):
        early, late = simulate(players=6, spacing=1.0, seed=1, teams=True, near=near, checkpoints=(5, 160))
        assert not early.rating.exact
        assert late.rating.exact and late.rating.pairs == 1.0
