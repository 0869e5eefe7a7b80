"""bench/history.py keeps running: a tiny run fills a database, prints every figure and exits
0. It asserts no timing (figures on a shared machine mean nothing in a test); it guards the
bench from rotting as the records change under it. SQLite only, a few hundred hands."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FIGURES = (
    "reference: one table's row by primary key",
    "a member's last hands",
    "a member's last hands of one game",
    "the server's recent hands",
    "the server's recent hands of one game",
    "a replay's record (the hand and its moves)",
    "the same, its index dropped (full scan)",
)


def test_history_bench_tiny_run_prints_every_figure() -> None:
    command = [sys.executable, "bench/history.py", "--hands", "300", "--pg-hands", "0", "--runs", "5"]
    command += ["--games", "prima_carta"]  # the quickest hands to play for a template
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    out = done.stdout
    assert done.returncode == 0, out[-2000:] + done.stderr[-2000:]
    lines = [line.strip() for line in out.splitlines()]
    for figure in FIGURES:
        assert any(line.startswith(figure) and "median" in line and "p95" in line for line in lines), figure
    assert "a member's query plan: SEARCH p USING INDEX hand_players_by_member" in out
