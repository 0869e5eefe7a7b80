"""What rendering a table costs in each language, beside English in the same run (issue 26).

    python bench/languages.py [--runs N] [--game primiera|prefa]

A table of a converted game (Primiera: four seats, the Heralds game; Prefa: three seats) is
dealt and played a few moves in, as `tests/helpers/tables.dealt_table` deals one. For each language the
table's message is built as the bot builds it (`table_layout`: the lines, the buttons, the
picture's description), then the Details embed (`render_table`) and one member's hand panel,
N times each, the languages in turn; the figure is the median build in microseconds and its
difference from English's. The catalogues are loaded before timing (once per process, as in
the bot).

Runs on one core where the OS allows it. Not a test: it prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.i18n import LANGUAGES
from bot.render import render_table
from bot.table_layout import table_layout
from bot.tables import Table
from tests.helpers.tables import dealt_table

SETUPS = {"primiera": ({"variant": "heralds"}, 4, 6, 11), "prefa": ({}, 3, 12, 13)}
"""Each game's table: its options, its seats, the moves played before timing and the deal's
seed (Prefa's twelve moves from seed 13 reach the play: a bidding sheet, a contract and two
cards of a trick on the table)."""


def dealt(code: str, game_id: str) -> Table:
    """The same table, dealt and a few moves in, showing everyone language `code`."""
    options, seats, moves, seed = SETUPS[game_id]
    table = dealt_table(game_id, options, seats, seed=seed)
    table.state.language = code
    game = table.game
    assert game is not None
    rng = random.Random(seed)
    for _ in range(moves):  # a few moves in: the table has cards, a log, a turn
        seat = next(s for s in range(seats) if game.legal_actions(s))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return table


def build(table: Table) -> float:
    """One build of what the bot draws for the table: its message, Details, a hand panel."""
    start = time.perf_counter()
    view = table.view()
    table_layout(table, view, "attachment://table.png")
    render_table(table)
    table.plugin.panel(table.view(table.lang), table.game, 0, ())
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=2000, help="builds per language")
    parser.add_argument("--game", choices=sorted(SETUPS), default="primiera", help="the game's table")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    tables = {code: dealt(code, args.game) for code in LANGUAGES}
    for table in tables.values():  # catalogues loaded, caches warm
        for _ in range(50):
            build(table)
    # Interleaved, a build of each language in turn, so a busy machine slows them alike.
    times: dict[str, list[float]] = {code: [] for code in tables}
    for _ in range(args.runs):
        for code, table in tables.items():
            times[code].append(build(table))
    english = statistics.median(times["en"]) * 1e6
    name = table.plugin.name
    print(f"{name} table message + Details + a hand panel: median of {args.runs} interleaved builds")
    print(f"  en  {english:8.1f} µs  (reference)")
    for code in tables:
        if code != "en":
            figure = statistics.median(times[code]) * 1e6
            print(f"  {code}  {figure:8.1f} µs  {figure / english - 1:+.1%} against English")


if __name__ == "__main__":
    main()
