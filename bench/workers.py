"""How long a computer's decision takes through the worker pool, against inline, in one run.

    python bench/workers.py [--game prefa] [--decisions 40]

Plays hands of the game with its strongest computer at every seat and times each decision
twice, paired: inline (`Workers(0)`, what the loop used to do) and as a round trip through a
real one-process pool (pickle the hand, think in the worker, send the move back). Also the
round trip of a job that does nothing: the pool's own overhead. Prints medians, p90 and the
ratio pool / inline. What the pool costs is the round trip; what it buys is that the loop
waits for none of it (bench/load.py measures that).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games import GAMES
from bot.tables.autoplay import decide
from bot.workers import Workers
from engine.core.players import computer_levels
from tests.helpers.tables import dealt_table

PLAYERS = {"primiera": 4}


def nothing() -> None:
    """A job with no work: the round trip alone."""


def positions(game_id: str, count: int) -> list[tuple[Any, int, str]]:
    level = computer_levels(GAMES[game_id].id)[-1]
    found: list[tuple[Any, int, str]] = []
    seed = 1
    while len(found) < count:
        game = dealt_table(game_id, {}, PLAYERS.get(game_id, 3), seed=seed).game
        assert game is not None
        while game.outcome is None and game.awaiting and len(found) < count:
            seat = game.awaiting[0]
            found.append((GAMES[game_id].load(game.to_json()), seat, level))
            game.apply(seat, decide(game_id, level, game, seat))
        seed += 1
    return found


def summary(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    return f"{name:<28} median {statistics.median(ms):8.2f} ms   p90 {p90:8.2f} ms"


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="prefa", choices=sorted(GAMES))
    parser.add_argument("--decisions", type=int, default=40)
    args = parser.parse_args()
    cases = positions(args.game, args.decisions)
    inline, pool = Workers(0), Workers(1)
    pool.start()
    await pool.run(nothing, timeout=60)  # the process is up and has imported the games
    here: list[float] = []
    there: list[float] = []
    empty: list[float] = []
    for hand, seat, level in cases:
        start = time.perf_counter()
        a = await inline.run(decide, args.game, level, hand, seat, timeout=60)
        here.append(time.perf_counter() - start)
        start = time.perf_counter()
        b = await pool.run(decide, args.game, level, hand, seat, timeout=60)
        there.append(time.perf_counter() - start)
        assert a == b, "the worker chose another move"
        start = time.perf_counter()
        await pool.run(nothing, timeout=60)
        empty.append(time.perf_counter() - start)
    pool.close()
    level = cases[0][2]
    print(f"{args.game} ({level} computer), {len(cases)} decisions, each timed both ways in turn")
    print(summary("inline (reference)", here))
    print(summary("through a 1-process pool", there))
    print(summary("empty job round trip", empty))
    print(
        f"ratio pool / inline: median {statistics.median(there) / statistics.median(here):.2f}x,"
        f" total {sum(there) / sum(here):.2f}x"
    )


if __name__ == "__main__":
    asyncio.run(main())
