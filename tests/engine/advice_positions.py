"""Many positions of the games whose strongest computer explains its move (a learner's hint,
issue 25), reached by play the decisions themselves steer: `walk(game, decide)` plays every
position's decision with `decide` and records it, so two `decide`s that agree everywhere
walk the same positions and record the same list.

The digests in tests/engine/test_advice.py were taken from these walks with the players'
`choose` as it was before `advise` existed: the players explain what they always did.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel

from engine.cardano import Cardano, CardanoOptions
from engine.cardano import Phase as CardanoPhase
from engine.prima_carta import DEAL, PrimaCarta, PrimaCartaOptions
from engine.primiera import Phase as PrimieraPhase
from engine.primiera import Primiera, PrimieraOptions

Decide = Callable[[Any, int], Any]
"""A decision for `seat` at `game` (a computer's `choose`, or its `advise(...).action`)."""

PRIMIERA_FORMS = ("heralds", "scopone", "two", "three", "robot")
CARDANO_NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")
POSTAS_SUITS = ("crowns", "locks", "fruit", "swords", "cups")
PRIMA_CARTA_OPTIONS = (
    PrimaCartaOptions(),
    PrimaCartaOptions(variant="jasper"),
    PrimaCartaOptions(variant="jasper", house=True, corte=True),
    PrimaCartaOptions(corte=True, cobre="carry"),
)


def primiera_games(rounds: int) -> Iterator[tuple[Primiera, random.Random]]:
    for n in range(rounds):
        form = PRIMIERA_FORMS[n % len(PRIMIERA_FORMS)]
        options = PrimieraOptions(form=form)  # type: ignore[arg-type]
        names = ["Ana", "Bo", "Cy", "Di"][: options.seats]
        yield Primiera.new(options, names, 1000 + n, n % options.seats), random.Random(n)


def cardano_games(hands: int) -> Iterator[tuple[Cardano, random.Random]]:
    for seed in range(hands):
        count = 2 + seed % 4
        options = CardanoOptions(primero_81=seed % 2 == 0, duel=seed % 5 != 0)
        rng = random.Random(seed)
        stacks = [rng.randint(5, 60) for _ in range(count)] if seed % 3 == 0 else None
        yield Cardano.new(options, CARDANO_NAMES[:count], seed, dealer=seed % count, stacks=stacks), rng


def prima_carta_games(hands: int) -> Iterator[tuple[PrimaCarta, random.Random]]:
    for seed in range(hands):
        options = PRIMA_CARTA_OPTIONS[seed % len(PRIMA_CARTA_OPTIONS)]
        seats = POSTAS_SUITS[: 2 + seed % 4]
        yield PrimaCarta.new(options, seats, seed, dealer=seed % len(seats)), random.Random(seed)


def walk(game: Any, rng: random.Random, decide: Decide, record: list[Any]) -> None:
    """Play `game` to its end: at each decision a seat the hand waits on (chosen by `rng`)
    plays what `decide` says, which `record` keeps as JSON; a hand waiting on the clock (Prima
    Carta's pauses) is dealt on."""
    while game.outcome is None:
        awaiting = tuple(game.awaiting)
        if not awaiting:  # Prima Carta: a pass or the repasso waits on the dealer's clock
            game.apply(game.prima, DEAL)
            continue
        seat = rng.choice(awaiting)
        action = decide(game, seat)
        record.append([seat, action.model_dump(mode="json") if isinstance(action, BaseModel) else action])
        game.apply(seat, action)


def decisions(game_id: str, decide: Decide, count: int) -> list[Any]:
    """Every decision `decide` makes walking `count` hands (rounds) of `game_id`."""
    games = {"primiera": primiera_games, "cardano": cardano_games, "prima_carta": prima_carta_games}
    record: list[Any] = []
    for game, rng in games[game_id](count):
        walk(game, rng, decide, record)
    return record


def digest(record: list[Any]) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()


__all__ = ["CardanoPhase", "PrimieraPhase", "decisions", "digest", "walk"]
