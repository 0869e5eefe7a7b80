"""Every game's pictures at every player count it allows, through whole hands: the states the
layout test checks and the README's sample pictures are drawn from (`bench/draw.py --pictures`).

A hand is dealt through the plug-in and played by seeded random legal moves (mostly not
folding, so hands run long and reach the showdown) to its end; each state's table picture
and hand pictures are drawn. The members' names are the longest Discord allows (32
characters) in its widest letter, unless ordinary names are asked for.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from PIL.Image import Image

from bot.games import GAMES
from bot.games.base import Pauses
from bot.tables import Table
from tests.helpers.tables import NAMES, dealt_table

LONG_NAMES = tuple("W" * 31 + str(n) for n in range(1, 7))
"""Six display names of Discord's greatest length, 32 characters, in its widest capital."""


@dataclass(frozen=True)
class Case:
    """A game with options at a player count."""

    game: str
    options: dict[str, Any]
    players: int

    @property
    def name(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.game}[{self.players}{',' + extra if extra else ''}]"


VARIANTS: dict[str, tuple[dict[str, Any], ...]] = {
    "prima_carta": ({}, {"variant": "jasper", "house": True, "corte": True, "cobre": "carry"}),
    "holdout": ({}, {"lines": "double", "deck": "vines"}),
    "primero": ({}, {"variant": "points"}),
    "prefa": ({},),
    "primiera": ({"variant": "heralds"}, {"variant": "two"}, {"variant": "three"}, {"variant": "robot"}),
    "cardano": ({},),
    "peg_leg": ({},),
}
"""The options that change what a picture shows (a second line, points for chips, the forms)."""


def cases() -> list[Case]:
    """Every game, each of its layouts, at every player count those options allow."""
    found = []
    for game, variants in VARIANTS.items():
        plugin = GAMES[game]
        for raw in variants:
            options = plugin.parse_options(dict(raw))
            low, high = plugin.seat_range(options)
            # A robot (Primiera) is dealt a seat of its own besides the members'.
            extra = 1 if getattr(plugin, "robot", lambda _: None)(options) is not None else 0
            found += [Case(game, raw, n + extra) for n in range(low, high + 1)]
    return found


def states(table: Table, seed: int, moves: int = 600, calm: float = 0.95) -> Iterator[Table]:
    """The table after each seeded random legal move, to the end of the hand (at most
    `moves`); a fold or an all-in only `1 - calm` of the times another move is legal."""
    rng = random.Random(seed)
    game = table.game
    yield table
    for _ in range(moves):
        if game.outcome is not None:
            return
        if not game.awaiting:  # waiting on the clock: play what the clock would
            pauses = table.plugin.capability(Pauses)
            pause = pauses.pause(game, table.options) if pauses is not None else None
            assert pause is not None
            game.apply(pause.seat, pause.action)
            yield table
            continue
        seat = rng.choice(list(game.awaiting))
        legal = list(game.legal_actions(seat))
        quiet = [a for a in legal if a.kind not in ("fold", "all_in")]
        game.apply(seat, rng.choice(quiet if quiet and rng.random() < calm else legal))
        yield table


def picks(game: str, view: Any) -> tuple[str, ...]:
    """The most a hand picture marks: every card picked where cards are picked to change or
    discard, the first card where a pick shows its captures, the second line in Holdout."""
    hand = getattr(view, "hand", None) or ()
    if game in ("primero", "cardano"):
        return tuple(str(n) for n in range(len(hand)))
    if game == "primiera":
        return ("0",) if hand else ()
    if game == "holdout":
        return ("1",)
    return ()


@dataclass(frozen=True)
class Picture:
    """One picture of one state: what to call it, and how to draw it."""

    name: str
    step: int
    draw: Callable[[], Image | None]


def pictures(case: Case, seed: int = 1, names: Sequence[str] = LONG_NAMES) -> Iterator[Picture]:
    """The table picture and every seat's hand picture (where the game draws one) at each
    state of one hand (drawn when asked: draw each before taking the next)."""
    table = dealt_table(case.game, case.options, case.players, seed, names=names)
    plugin = table.plugin
    for step, state in enumerate(states(table, seed)):
        game, seen = state.game, state.view()
        public = game.view(None)
        yield Picture(f"{case.name} step {step} table", step, partial(plugin.table_picture, seen, public))
        for seat in range(case.players):
            own = game.view(seat)
            chosen = picks(case.game, own)
            yield Picture(
                f"{case.name} step {step} hand {seat}",
                step,
                partial(plugin.hand_picture, seen, own, chosen),
            )


SAMPLES: dict[str, tuple[Case, int, Callable[[Any], bool]]] = {
    "prima_carta": (Case("prima_carta", {}, 5), 1, lambda v: len(v.discard) >= 30 and v.to_act is not None),
    "holdout": (Case("holdout", {"lines": "double"}, 6), 2, lambda v: sum(map(len, v.line_cards)) >= 16),
    "primero": (Case("primero", {}, 6), 1, lambda v: v.phase.value == "over"),
    "prefa": (Case("prefa", {}, 3), 1, lambda v: v.view.phase.value == "play" and len(v.view.trick) == 2),
    "primiera": (Case("primiera", {"variant": "heralds"}, 4), 1, lambda v: len(v.table) >= 3),
    "cardano": (Case("cardano", {}, 4), 1, lambda v: sum(map(len, v.discards)) >= 4),
}
"""The README's sample pictures: a game's case, its seed, and the first state of that hand
whose public view passes the test (else the hand's last state), drawn with ordinary names."""


def sample(game: str) -> tuple[Image, Image | None]:
    """The README's table and hand pictures of `game`: one state of the layout test's hand."""
    case, seed, wanted = SAMPLES[game]
    table = dealt_table(case.game, case.options, case.players, seed, names=NAMES)
    for state in states(table, seed):  # the table itself moves on: stop at the state wanted
        if wanted(state.game.view(None)):
            break
    plugin = table.plugin
    view = table.game.view(None)
    to_act = getattr(view, "to_act", None)
    seat = to_act if isinstance(to_act, int) and to_act < case.players else 0
    image = plugin.table_picture(table.view(), view)
    assert image is not None
    own = table.game.view(seat)
    hand = plugin.hand_picture(table.view(), own, picks(game, own))
    return image, hand


def main() -> None:
    """Print each case's tallest table and hand pictures through its hand (640 px wide),
    and what that is once shown 400 px wide: `python -m tests.art.picture_states [SEED]`."""
    import sys

    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    print(f"tallest pictures of each case's hand (seed {seed}, 32-character names), in px at 640 wide")
    print(f"{'case':64} {'table':>6} {'at 400':>7} {'hand':>6}")
    for case in cases():
        tallest = {"table": 0, "hand": 0}
        for picture in pictures(case, seed):
            image = picture.draw()
            if image is not None:
                kind = "table" if picture.name.endswith("table") else "hand"
                tallest[kind] = max(tallest[kind], image.height)
        table = tallest["table"]
        print(f"{case.name:64} {table:>6} {table * 400 // 640:>7} {tallest['hand']:>6}")


if __name__ == "__main__":
    main()
