"""How long /history's queries take on a server with 100,000 kept hands, on SQLite and on
PostgreSQL (issue 24: goal under 50 ms).

    python bench/history.py [--hands 100000] [--members 200] [--runs 300] [--pg-hands N] [--games G,..]

A few real hands of five games are played through the table service first (with a computer
and members, `tests/helpers/played.py`) and their records read back; the bench then fills a
new database of each kind with `--hands` hands in one server, copies of those records (their
engine snapshots, seats, moves and results, each as kept), spread over tables of 50 hands,
two or three of `--members` members dealt into each, finishing one a second. Then it times,
through the store as /history calls it (one page: 9 rows, the 9th saying whether an older
page follows), over `--runs` calls each with a random member and game:

* a member's last hands, all games, and one game's;
* the server's recent hands, all games, and one game's;
* a replay's record (`hand_record`: the hand and its moves);

beside the reference: a bare primary-key SELECT of one row (a table's, `Store.table`) through
the same store, and the same member query with its index dropped (what the
indexes of migration 3 save). Figures are milliseconds, median and p95. Not a test: it
prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg

from bot.storage import Store
from bot.store import Store as StoreContract
from bot.store.contract import HandRecord
from bot.store.postgres import PostgresStore
from tests.helpers import postgres
from tests.helpers.played import played_hands

GUILD = 7_000
CHANNEL = 70
HANDS_A_TABLE = 50
GOAL_MS = 50.0
PAGE = 9  # /history asks for a page and one more (bot/history.py: PAGE + 1)
#: the real hands copied: (game, options, members, computers)
TEMPLATES: tuple[tuple[str, dict[str, Any], int, int], ...] = (
    ("prima_carta", {}, 2, 1),
    ("primero", {}, 2, 1),
    ("holdout", {}, 2, 1),
    ("primiera", {}, 3, 1),
    ("prefa", {}, 2, 1),
)
MEMBER_QUERY = (
    "SELECT p.kind, p.table_id, p.hand_no, r.channel_id, r.game, p.board, p.finished_at, r.result, p.seat,"
    " p.net FROM hand_players p JOIN hand_records r ON r.table_id = p.table_id AND r.hand_no = p.hand_no"
    " WHERE p.guild_id = {0} AND p.user_id = {1}"
    " ORDER BY p.finished_at DESC, p.table_id DESC, p.hand_no DESC, p.kind LIMIT 9"
)


async def templates(folder: Path, games: set[str]) -> list[HandRecord]:
    """Records of real hands of `games`, played through the table service and read back."""
    store = await Store.open(folder / "templates.db")
    try:
        found = []
        for channel, (game, options, people, computers) in enumerate(TEMPLATES):
            if game not in games:
                continue
            played = await played_hands(
                store, game, options, people=people, computers=computers, channel=channel
            )
            record = await store.hand_record(played.table.id, played.hands[0].hand_no)
            assert record is not None and record.status == "finished"
            found.append(record)
        return found
    finally:
        await store.close()


Rows = dict[str, list[tuple[Any, ...]]]


def rows_for(kept: list[HandRecord], hands: int, members: int, first_table: int, seed: int) -> Rows:
    """`hands` kept hands in one server: copies of `kept`, at tables of 50 hands, one a second."""
    rng = random.Random(seed)
    start = datetime(2030, 1, 1, tzinfo=UTC)
    rows: Rows = {"tables": [], "hand_records": [], "hand_moves": [], "hand_players": []}
    texts = [
        (
            json.dumps(r.start, separators=(",", ":")),
            json.dumps(r.seating, separators=(",", ":")),
            json.dumps(r.result, separators=(",", ":")),
            [(m.step, m.seat, m.actor, json.dumps(m.action, separators=(",", ":"))) for m in r.moves],
        )
        for r in kept
    ]
    tables = -(-hands // HANDS_A_TABLE)
    done = 0
    for t in range(tables):
        table_id = first_table + t
        when = (start + timedelta(seconds=done)).isoformat()
        rows["tables"].append(
            (table_id, GUILD, CHANNEL + t, kept[t % len(kept)].game, 1, "closed", "{}", when, when)
        )
        for hand_no in range(1, min(HANDS_A_TABLE, hands - done) + 1):
            record = kept[(t + hand_no) % len(kept)]
            start_text, seating_text, result_text, moves = texts[(t + hand_no) % len(kept)]
            finished = (start + timedelta(seconds=done)).isoformat()
            rows["hand_records"].append(
                (
                    table_id,
                    hand_no,
                    GUILD,
                    CHANNEL + t,
                    record.game,
                    record.board,
                    "finished",
                    start_text,
                    seating_text,
                    result_text,
                    finished,
                    finished,
                )
            )
            rows["hand_moves"] += [(table_id, hand_no, *move) for move in moves]
            for seat, user in enumerate(rng.sample(range(1, members + 1), rng.choice((2, 3)))):
                rows["hand_players"].append(
                    (
                        GUILD,
                        user,
                        table_id,
                        hand_no,
                        "hand",
                        record.board,
                        seat,
                        rng.randint(-50, 50),
                        finished,
                    )
                )
            done += 1
    return rows


COLUMNS = {
    "tables": "id, guild_id, channel_id, game, host_id, status, snapshot, created_at, updated_at",
    "hand_records": (
        "table_id, hand_no, guild_id, channel_id, game, board, status, start, seating, result, started_at,"
        " finished_at"
    ),
    "hand_moves": "table_id, hand_no, step, seat, actor, action",
    "hand_players": "guild_id, user_id, table_id, hand_no, kind, board, seat, net, finished_at",
}


def fill_sqlite(path: Path, rows: Rows) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        for table, cols in COLUMNS.items():
            marks = ", ".join("?" * len(cols.split(",")))
            conn.executemany(f"INSERT INTO {table} ({cols}) VALUES ({marks})", rows[table])
        conn.execute("COMMIT")
        conn.execute("ANALYZE")
    finally:
        conn.close()


async def fill_postgres(url: str, rows: Rows) -> None:
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            for table, cols in COLUMNS.items():
                names = [c.strip() for c in cols.split(",")]
                await conn.copy_records_to_table(table, records=rows[table], columns=names)
        await conn.execute("ANALYZE")
    finally:
        await conn.close()


async def timed(runs: int, call: Callable[[], Awaitable[object]]) -> list[float]:
    for _ in range(5):  # warm: caches, prepared statements
        await call()
    spent = []
    for _ in range(runs):
        began = time.perf_counter()
        await call()
        spent.append((time.perf_counter() - began) * 1000)
    return spent


def line(label: str, ms: list[float], goal: bool = True) -> str:
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    verdict = ("  goal met" if p95 < GOAL_MS else "  goal NOT met") if goal else ""
    return f"  {label:<46} median {statistics.median(ordered):7.2f}   p95 {p95:7.2f}{verdict}"


async def measure(store: StoreContract, members: int, runs: int, boards: list[str], hands: int) -> list[str]:
    rng = random.Random(3)
    seen = await store.history(GUILD, user_id=1, limit=PAGE)
    assert seen and all(e.kind == "hand" for e in seen), "the filled history reads back"

    async def bare() -> object:  # one row by its primary key, read as /history's rows are
        return await store.table(rng.randint(1, hands // HANDS_A_TABLE))

    async def member() -> object:
        return await store.history(GUILD, user_id=rng.randint(1, members), limit=PAGE)

    async def member_board() -> object:
        return await store.history(
            GUILD, user_id=rng.randint(1, members), board=rng.choice(boards), limit=PAGE
        )

    async def server() -> object:
        return await store.history(GUILD, limit=PAGE, offset=rng.choice((0, 0, 0, PAGE - 1)))

    async def server_board() -> object:
        return await store.history(GUILD, board=rng.choice(boards), limit=PAGE)

    async def replay() -> object:
        n = rng.randrange(hands)
        return await store.hand_record(1 + n // HANDS_A_TABLE, 1 + n % HANDS_A_TABLE)

    return [
        line("reference: one table's row by primary key", await timed(runs, bare), goal=False),
        line("a member's last hands", await timed(runs, member)),
        line("a member's last hands of one game", await timed(runs, member_board)),
        line("the server's recent hands", await timed(runs, server)),
        line("the server's recent hands of one game", await timed(runs, server_board)),
        line("a replay's record (the hand and its moves)", await timed(runs, replay)),
    ]


async def without_index(
    store: StoreContract, members: int, runs: int, drop: Callable[[], Awaitable[None]]
) -> str:
    await drop()
    rng = random.Random(4)

    async def member() -> object:
        return await store.history(GUILD, user_id=rng.randint(1, members), limit=PAGE)

    return line(
        "  the same, its index dropped (full scan)", await timed(max(runs // 10, 5), member), goal=False
    )


async def bench_sqlite(
    folder: Path, rows: Rows, members: int, runs: int, boards: list[str], hands: int
) -> None:
    path = folder / "history.db"
    await (await Store.open(path)).close()  # the schema
    began = time.perf_counter()
    await asyncio.to_thread(fill_sqlite, path, rows)
    print(
        f"\nSQLite {sqlite3.sqlite_version}: filled in {time.perf_counter() - began:.1f} s,"
        f" {path.stat().st_size / 2**20:.0f} MB"
    )
    store = await Store.open(path)
    try:
        print(f"  ({await store.settings()})")
        plan = sqlite3.connect(path).execute("EXPLAIN QUERY PLAN " + MEMBER_QUERY.format(GUILD, 1)).fetchall()
        print("  a member's query plan: " + " / ".join(str(step[-1]) for step in plan))
        for text in await measure(store, members, runs, boards, hands):
            print(text)

        async def drop() -> None:
            conn = sqlite3.connect(path)
            conn.execute("DROP INDEX hand_players_by_member")
            conn.execute("DROP INDEX hand_players_by_member_board")
            conn.commit()
            conn.close()

        print(await without_index(store, members, runs, drop))
    finally:
        await store.close()


async def bench_postgres(
    folder: Path, rows: Rows, members: int, runs: int, boards: list[str], hands: int
) -> None:
    with postgres.server(folder / "pg") as admin:
        url = await postgres.create_database(admin, "history")
        await (await PostgresStore.open(url)).close()  # the schema
        began = time.perf_counter()
        await fill_postgres(url, rows)
        print(f"\nPostgreSQL: filled in {time.perf_counter() - began:.1f} s")
        store = await PostgresStore.open(url)
        try:
            print(f"  ({await store.settings()})")
            conn = await asyncpg.connect(url)
            try:
                plan = await conn.fetch("EXPLAIN " + MEMBER_QUERY.format(GUILD, 1))
                print("  a member's query plan: " + " / ".join(str(r[0]).strip() for r in plan[:4]))
            finally:
                await conn.close()
            for text in await measure(store, members, runs, boards, hands):
                print(text)

            async def drop() -> None:
                await postgres.execute(
                    url, "DROP INDEX hand_players_by_member; DROP INDEX hand_players_by_member_board"
                )

            print(await without_index(store, members, runs, drop))
        finally:
            await store.close()


async def bench(hands: int, pg_hands: int, members: int, runs: int, folder: Path, games: set[str]) -> int:
    print("Ridotto bench: /history's queries on a server with many kept hands")
    print(
        f"python {sys.version.split()[0]}; {hands:,} hands (PostgreSQL: {pg_hands:,}), {members} members,"
        f" {runs} calls each"
    )
    kept = await templates(folder, games)
    boards = sorted({r.board for r in kept})
    print(
        f"copies of {len(kept)} real hands ({', '.join(r.game for r in kept)});"
        f" goal: p95 under {GOAL_MS:.0f} ms"
    )
    await bench_sqlite(folder, rows_for(kept, hands, members, 1, 1), members, runs, boards, hands)
    if pg_hands:
        await bench_postgres(folder, rows_for(kept, pg_hands, members, 1, 1), members, runs, boards, pg_hands)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--hands", type=int, default=100_000, help="kept hands in the server (default 100000)"
    )
    parser.add_argument("--pg-hands", type=int, help="on PostgreSQL (default: as --hands; 0: skip it)")
    parser.add_argument("--members", type=int, default=200, help="members dealt in (default 200)")
    parser.add_argument("--runs", type=int, default=300, help="calls timed per query (default 300)")
    parser.add_argument("--dir", type=Path, help="folder for the database files (default: a new one)")
    parser.add_argument(
        "--games",
        default=",".join(t[0] for t in TEMPLATES),
        help="the games whose hands are copied (default: five)",
    )
    args = parser.parse_args(argv)
    games = set(args.games.split(","))
    pg_hands = args.hands if args.pg_hands is None else args.pg_hands
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        return asyncio.run(bench(args.hands, pg_hands, args.members, args.runs, args.dir, games))
    with tempfile.TemporaryDirectory(prefix="ridotto-history-") as tmp:
        return asyncio.run(bench(args.hands, pg_hands, args.members, args.runs, Path(tmp), games))


if __name__ == "__main__":
    sys.exit(main())
