"""Engine throughput: full hands per second on one core, seeded, computer players.

Run `python bench/engine.py [seconds] [game ...]` (default 3 s a game, every game). Not a
test: it prints figures. To add a game, write a `hands(count) -> None` function that plays
`count` seeded hands to the end and add it to `GAMES`.

Prima Carta is also measured against its reference, `bench/prima_carta_loop.py`, a plain
loop of the same hands (same seeds, same rules, same basic player; a test checks they end
alike): the two run in alternating batches in the same window, timed in CPU seconds, so a
busy machine slows both alike, and the line prints both rates and the engine's ratio to the
loop. For that line alone:

    .venv/bin/python bench/engine.py 4 prima_carta
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import prima_carta_loop
from engine.core.players import computer_player
from engine.holdout import Holdout, HoldoutOptions
from engine.prefa import Prefa, PrefaOptions
from engine.prima_carta import PrimaCarta, PrimaCartaOptions
from engine.primero import Primero, PrimeroOptions
from engine.primiera import Primiera, PrimieraOptions

PRIMA_SEATS = ("crowns", "locks", "fruit", "swords", "cups")


def prima_carta_hands(count: int, start: int = 0) -> None:
    """`count` five-player hands: new() (spiga + first pass), basic copa decisions, passes."""
    player = computer_player("prima_carta", "basic")
    options = PrimaCartaOptions()
    for seed in range(start, start + count):
        game = PrimaCarta.new(options, PRIMA_SEATS, seed, dealer=seed % 5)
        while (seat := game.to_act) is not None:
            game.apply(seat, player.choose(game, seat))
        assert game.outcome is not None


def prima_carta_house_hands(count: int, start: int = 0) -> None:
    """`count` five-player hands at a house table with the corte and a carried cobre, under
    Jasper rules (the second shuffle), basic copa decisions; each hand takes the last one's
    cobre into its pot."""
    player = computer_player("prima_carta", "basic")
    options = PrimaCartaOptions(house=True, corte=True, cobre="carry", variant="jasper")
    carried = 0
    for seed in range(start, start + count):
        game = PrimaCarta.new(options, PRIMA_SEATS, seed, dealer=seed % 5, carried=carried)
        while (seat := game.to_act) is not None:
            game.apply(seat, player.choose(game, seat))
        outcome = game.outcome
        assert outcome is not None
        carried = outcome.carried


HOLDOUT_SEATS = ("north", "east", "south", "west")


def holdout_hands(count: int, start: int = 0) -> None:
    """`count` four-player Single Line hands: new() (ante + deal), then the basic computer
    player for every decision, the pass included, until the hand is settled."""
    player = computer_player("holdout", "basic")
    options = HoldoutOptions()
    for seed in range(start, start + count):
        game = Holdout.new(options, HOLDOUT_SEATS, seed, chilo=seed % 4)
        while awaiting := game.awaiting:
            seat = awaiting[0]
            game.apply(seat, player.choose(game, seat))
        assert game.outcome is not None


PRIMERO_SEATS = ("north", "east", "south", "west")


def primero_hands(count: int, start: int = 0) -> None:
    """`count` four-player hands at the default table (betting, repass, winner takes all):
    new() (ante + first deal), then the basic computer player for every bid, stake, pass,
    fold and end-of-hand choice, until the showdown."""
    player = computer_player("primero", "basic")
    options = PrimeroOptions()
    for seed in range(start, start + count):
        game = Primero.new(options, PRIMERO_SEATS, seed, dealer=seed % 4)
        while (seat := game.to_act) is not None:
            game.apply(seat, player.choose(game, seat))
        assert game.outcome is not None


def primero_random_moves(count: int, start: int = 0) -> None:
    """`count` four-player hands at the default table where every move is drawn at random
    (from a seeded `random.Random`) among `legal_actions`: the engine's own speed, without
    the computer player's card-change scoring."""
    options = PrimeroOptions()
    for seed in range(start, start + count):
        pick = random.Random(seed).choice
        game = Primero.new(options, PRIMERO_SEATS, seed, dealer=seed % 4)
        while (seat := game.to_act) is not None:
            game.apply(seat, pick(game.legal_actions(seat)))
        assert game.outcome is not None


PREFA_SEATS = ("a", "b", "c")


def prefa_hands(count: int, start: int = 0) -> None:
    """`count` three-player hands at the default table: the deal, the bidding, the kitty,
    the defence calls and ten tricks, the basic computer player for every decision."""
    player = computer_player("prefa", "basic")
    options = PrefaOptions()
    for seed in range(start, start + count):
        game = Prefa.new(options, PREFA_SEATS, seed, dealer=seed % 3)
        while (seat := game.to_act) is not None:
            game.apply(seat, player.choose(game, seat))


PRIMIERA_SEATS = ("north", "east", "south", "west")


def primiera_rounds(count: int, start: int = 0) -> None:
    """`count` four-player Heralds rounds: the secret opening four, then every card, the
    basic computer player choosing, until the round is scored."""
    player = computer_player("primiera", "basic")
    options = PrimieraOptions()
    for seed in range(start, start + count):
        game = Primiera.new(options, PRIMIERA_SEATS, seed, dealer=seed % 4)
        while awaiting := game.awaiting:
            seat = awaiting[0]
            game.apply(seat, player.choose(game, seat))
        assert game.outcome is not None


GAMES: dict[str, Callable[[int, int], None]] = {
    "prima_carta": prima_carta_hands,
    "prima_carta_house_jasper": prima_carta_house_hands,
    "holdout_hands": holdout_hands,
    "primero_hands": primero_hands,
    "primero_random_moves": primero_random_moves,
    "prefa_hands": prefa_hands,
    "primiera_rounds": primiera_rounds,
}


def measure(run: Callable[[int, int], None], seconds: float) -> tuple[int, float]:
    """Run batches until `seconds` have passed; return (hands, elapsed seconds)."""
    run(200, 10**9)  # warm caches outside the timed window
    hands, batch = 0, 500
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        run(batch, hands)
        hands += batch
    return hands, time.perf_counter() - began


REFERENCES: dict[str, Callable[[int, int], None]] = {"prima_carta": prima_carta_loop.hands}
"""Games measured against a plain loop of the same hands."""


def paired(
    run: Callable[[int, int], None], reference: Callable[[int, int], None], seconds: float
) -> tuple[int, float, float]:
    """Alternate equal batches of `run` and `reference` (the same seeds) until `seconds`
    have passed; return (hands each, run's seconds, reference's seconds). Each batch is
    timed in CPU seconds of this process, so time the busy machine gives to others counts
    for neither side."""
    run(200, 10**9)
    reference(200, 10**9)
    hands, batch, spent, spent_reference = 0, 500, 0.0, 0.0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        # Each side goes first in turn, so neither always runs on a warmer cache.
        first, second = (run, reference) if hands // batch % 2 == 0 else (reference, run)
        for side in (first, second):
            start = time.process_time()
            side(batch, hands)
            if side is run:
                spent += time.process_time() - start
            else:
                spent_reference += time.process_time() - start
        hands += batch
    return hands, spent, spent_reference


def main() -> None:
    args = sys.argv[1:]
    seconds = float(args.pop(0)) if args and args[0].replace(".", "", 1).isdigit() else 3.0
    for name, run in GAMES.items():
        if args and name not in args:
            continue
        reference = REFERENCES.get(name)
        if reference is None:
            hands, elapsed = measure(run, seconds)
            rate = hands / elapsed
            print(f"{name}: {rate:,.0f} full hands/s on one core ({hands:,} hands in {elapsed:.2f} s)")
            continue
        hands, spent, spent_reference = paired(run, reference, 2 * seconds)
        rate, reference_rate = hands / spent, hands / spent_reference
        print(
            f"{name}: {rate:,.0f} full hands per CPU second; plain loop (bench/prima_carta_loop.py) "
            f"{reference_rate:,.0f}; engine/loop {rate / reference_rate:.2f}x "
            f"({hands:,} hands each, alternating batches)"
        )


if __name__ == "__main__":
    main()
