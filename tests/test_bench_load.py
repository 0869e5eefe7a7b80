"""bench/load.py keeps running: a tiny run prints every figure and every goal and exits 0.

It asserts no timing (figures on a shared machine mean nothing in a test); it guards the
bench from rotting as the bot changes under it. A few seconds of SimCord: 4 tables, 2 busy,
3 seconds a phase; the subprocess's timeout bounds it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the start of every figure line and goal line the bench prints
FIGURES = (
    "loop lag p50 / p99 / max (ms)",
    "click latency p50 / p99 / max (ms)",
    "busy-table member clicks p50/p99/max",
    "REST calls per member move (quiet)",
    "REST calls per member move (busy)",
    "REST calls per computer move",
    "channel msg ops per 5 s, max quiet / busy",
    "channels above the rate",
    "decisions/s (computer moves applied)",
    "pool completed/s",
    "assumed Discord message rate: 5 message operations",
    "loaded loop lag p99 <= 20 ms",
    "loaded click p99 <= 20 ms",
    "no channel above 5 msg ops / 5 s",
    "<= 2 calls per member move",
)


def test_load_bench_quick_run_prints_every_figure_and_goal() -> None:
    command = [sys.executable, "bench/load.py", "--quick", "--tables", "4", "--busy", "2", "--seconds", "3"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=90)
    out = done.stdout
    assert done.returncode == 0, out[-2000:] + done.stderr[-2000:]
    lines = out.splitlines()
    for figure in FIGURES:
        assert any(line.strip().startswith(figure) for line in lines), f"no line {figure!r} in:\n{out}"
    goals = [line for line in lines if line.strip().startswith(("loaded ", "no channel", "<= 2 calls"))]
    assert len(goals) == 4 and all(line.rstrip().endswith(("PASS", "FAIL")) for line in goals), goals
    assert "UNEXPECTED" not in out
