"""The plain loop `bench/engine.py` measures the engine against plays the same rules.

`bench/prima_carta_loop.py` is a second, object-free implementation of the basic game with
the basic player; if it ever disagreed with the engine, the benchmark's ratio would compare
two different games. Every seeded hand must end the same way in both: the same winner, won
the same way, with the same chips paid in and the same number of passes dealt.
"""

from __future__ import annotations

from bench.engine import PRIMA_SEATS
from bench.prima_carta_loop import play
from engine.core.players import computer_player
from engine.prima_carta import PrimaCarta, PrimaCartaOptions, WonBy

HOW = {WonBy.FIRST_PASS: 0, WonBy.LAST_STANDING: 1, WonBy.COMPLETED: 2}
# A suit completing in the first pass is rare with five seats (about one deal in 10,000);
# these seeds deal one, so that branch is compared too.
FIRST_PASS_WINS = (17085, 23255, 31517)


def test_the_plain_loop_and_the_engine_play_every_seeded_hand_alike() -> None:
    player = computer_player("prima_carta", "basic")
    ways: set[int] = set()
    for seed in (*range(3000), *FIRST_PASS_WINS):
        game = PrimaCarta.new(PrimaCartaOptions(), PRIMA_SEATS, seed, dealer=seed % 5)
        while (seat := game.to_act) is not None:
            game.apply(seat, player.choose(game, seat))
        outcome = game.outcome
        view = game.view(None)
        assert outcome is not None and view.won_by is not None
        winner, how, paid, passes = play(seed)
        assert (winner, how, paid, passes) == (
            outcome.winners[0],
            HOW[view.won_by],
            outcome.paid_in,
            view.pass_number,
        ), f"seed {seed}"
        ways.add(how)
    # The seeds reach every way a basic hand can end, so each branch of the loop is checked.
    assert ways == {0, 1, 2}
