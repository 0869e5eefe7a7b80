"""What rendering a table costs in each language, beside English in the same run (issue 26).

    python bench/languages.py [--runs N] [--game GAME]  (primiera, primero, cardano, peg_leg,
    holdout, prima_carta, prefa)

A Primiera table (the game converted end to end; four seats, the Heralds game) is dealt and
played a few moves in, as `tests/helpers/tables.dealt_table` deals one. For each language the
table's message is built as the bot builds it (`table_layout`: the lines, the buttons, the
picture's description), then the Details embed (`render_table`) and one member's hand panel,
N times each, the languages in turn; the figure is the median build in microseconds and its
difference from English's. The catalogues are loaded before timing (once per process, as in
the bot).

`--game primero` or `--game cardano` measures that game's table instead (four seats, a few
moves in); `--game peg_leg` a Peg Leg table of three, a few bets and stands in (its odds and
bets on show); `--game holdout` a three-seat single-line Holdout table; `--game prima_carta` a
four-seat house table with the corte, one copa decided; `--game prefa` a Prefa table of three,
twelve moves in (at the play).

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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.i18n import LANGUAGES
from bot.render import render_table
from bot.table_layout import table_layout
from bot.tables import Table
from tests.helpers.tables import dealt_table

TABLES: dict[str, dict[str, Any]] = {
    "primiera": {"variant": "heralds"},
    "primero": {},
    "cardano": {},
    "peg_leg": {},
    "holdout": {"lines": "single"},
    "prima_carta": {"house": True, "corte": True},
    "prefa": {},
}
"""The games measured, with the options their table is dealt with."""
SEATS = {"peg_leg": 3, "holdout": 3, "prefa": 3}
"""Seats at a measured table where not four."""
MOVES = {"prima_carta": 1, "prefa": 12}
"""Moves played before measuring where not six (Prima Carta: one copa decided, the round
still open)."""
STAKES = {"peg_leg": 5}
"""The stake where not 1 (Peg Leg's bets are from one stake up)."""
SEEDS = {"prefa": 13}
"""The deal's seed where not 11 (Prefa's twelve moves from seed 13 reach the play: a bidding
sheet, a contract and two cards of a trick)."""


def dealt(code: str, game_id: str = "primiera") -> Table:
    """The same table, dealt and a few moves in, showing everyone language `code`."""
    seats = SEATS.get(game_id, 4)
    table = dealt_table(
        game_id, TABLES[game_id], seats, seed=SEEDS.get(game_id, 11), stake=STAKES.get(game_id, 1)
    )
    table.state.language = code
    game = table.game
    assert game is not None
    rng = random.Random(SEEDS.get(game_id, 11))
    for _ in range(MOVES.get(game_id, 6)):  # a few moves in: the table has cards, a log, a turn (and bets)
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
    parser.add_argument(
        "--game", choices=sorted(TABLES), default="primiera", help="the game whose table is built"
    )
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
    game = {"cardano": "Cardano's Primero", "peg_leg": "Peg Leg"}.get(args.game, args.game.capitalize())
    print(f"{game} table message + Details + a hand panel: median of {args.runs} interleaved builds")
    print(f"  en  {english:8.1f} µs  (reference)")
    for code in tables:
        if code != "en":
            figure = statistics.median(times[code]) * 1e6
            print(f"  {code}  {figure:8.1f} µs  {figure / english - 1:+.1%} against English")


if __name__ == "__main__":
    main()
