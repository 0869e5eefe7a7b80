"""A process manager stops the bot with SIGTERM (Ctrl-C sends SIGINT). Either way the bot
stops taking new work, finishes the move in flight (or, past its grace period, rolls it
back), closes the database and the gateway, logs that, and exits 0.

Each test runs the real bot in a process of its own (tests/e2e/sigterm_bot.py, SimCord
playing Discord there), waits for its "ready" line, sends a real signal, and then reads the
SQLite file the process left behind."""

from __future__ import annotations

import asyncio
import json
import signal
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Store, member_account, table_account

HELPER = Path(__file__).with_name("sigterm_bot.py")
STACK = 20 * 5  # Holdout's default stack at stake 5
#: seconds from the signal to the exit; the bot's own bound for work in flight is shorter
BOUND = 30


@dataclass
class Stopped:
    code: int
    log: str
    click: dict[str, Any]
    seats: int
    chips: dict[str, int]  # what the ledger says each account holds
    table: str  # the table's escrow account
    books_balance: bool


def run_and_stop(tmp_path: Path, signum: int, *mode: str) -> Stopped:
    path = tmp_path / "ridotto.db"
    bot = subprocess.Popen(
        [sys.executable, str(HELPER), str(path), *mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert bot.stdout is not None
        line = bot.stdout.readline()  # Bob's move is in flight
        assert line == "ready\n", (line, bot.stderr.read() if bot.stderr else "")
        bot.send_signal(signum)
        out, err = bot.communicate(timeout=BOUND)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.communicate()
    assert bot.returncode == 0, err
    # The database was closed (SQLite folds the write-ahead log back in and deletes it when
    # its last connection closes) and is whole.
    assert not Path(f"{path}-wal").exists()
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        conn.close()
    return asyncio.run(read_back(path, bot.returncode, err, json.loads(out)))


async def read_back(path: Path, code: int, log: str, click: dict[str, Any]) -> Stopped:
    store = await Store.open_read_only(path)
    try:
        report = await store.audit()
        [table] = await store.open_tables()
        chips: dict[str, int] = {}
        for row in await store.ledger(table.guild_id):
            chips[row["dst"]] = chips.get(row["dst"], 0) + row["amount"]
            chips[row["src"]] = chips.get(row["src"], 0) - row["amount"]
        seats = len(table.snapshot["seats"])
        return Stopped(code, log, click, seats, chips, table_account(table.id), report.ok)
    finally:
        await store.close()


def assert_logged_cleanly(log: str) -> None:
    assert "shutting down" in log and "shut down cleanly" in log, log
    assert "Traceback" not in log and "ERROR" not in log, log


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_stops_the_bot_cleanly_after_the_move_in_flight(tmp_path: Path, signum: int) -> None:
    stopped = run_and_stop(tmp_path, signum)
    assert_logged_cleanly(stopped.log)
    assert f"{signal.Signals(signum).name} received" in stopped.log
    # Bob's click was finished: answered on the table message, which shows him seated...
    click = {key: stopped.click[key] for key in ("answered", "ephemeral", "edited", "bob seated", "order")}
    assert click == {
        "answered": True,
        "ephemeral": False,
        "edited": True,
        "bob seated": True,
        "order": ["answered", "http closed"],  # while the connection to Discord was still open
    }
    # ...and committed: his seat and his stack are in the database, every chip accounted for.
    assert stopped.books_balance
    assert stopped.seats == 2
    assert stopped.chips[stopped.table] == 2 * STACK
    assert stopped.chips[member_account(stopped.click["bob"])] == 1000 - STACK
    assert stopped.chips[member_account(stopped.click["alice"])] == 1000 - STACK


def test_a_move_still_running_when_the_grace_runs_out_rolls_back_and_the_bot_exits(tmp_path: Path) -> None:
    stopped = run_and_stop(tmp_path, signal.SIGTERM, "stuck")
    assert_logged_cleanly(stopped.log)
    assert "1 piece(s) of work still running after 0.2 s; stopping them" in stopped.log
    # Bob's move was stopped before it committed: nothing of it is saved.
    assert not stopped.click["answered"] and stopped.click["order"] == ["http closed"]
    assert stopped.books_balance
    assert stopped.seats == 1
    assert stopped.chips[stopped.table] == STACK
    assert stopped.chips[member_account(stopped.click["bob"])] == 1000  # his starting bankroll, whole
    assert stopped.chips[member_account(stopped.click["alice"])] == 1000 - STACK
