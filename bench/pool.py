"""Pool duplicate matches played over disjoint deals into one margin and interval.

    python bench/pool.py LOG [LOG ...]

Each LOG is the output of a duplicate-match bench (`bench/prefa.py`, `bench/players.py`) run
on seeds no other LOG covers (``--start``), for example a long match run in parts. Its last
margin line, ``+m ± h chips per deal (...; n=N)``, gives the run's deals N, mean m and
standard deviation sd = h·√N / 1.96 (the bench's interval is mean ± 1.96·sd/√N). The pooled
mean is the deal-weighted mean; the pooled sd is the sample sd of all the deals together,
(Σ (Nᵢ−1)·sdᵢ² + Σ Nᵢ·(mᵢ − M)²) / (N − 1), square-rooted: exactly what one run over all
the deals would print, up to the logs' rounding. Not a test: it asserts nothing.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

MARGIN = re.compile(r"([+-]?[\d.]+) ± ([\d.]+) chips per deal .*n=(\d+)")


def run_of(path: Path) -> tuple[int, float, float]:
    """(deals, mean, sd) of the last margin line in the bench output at `path`."""
    found = [match for line in path.read_text().splitlines() if (match := MARGIN.search(line))]
    if not found:
        raise SystemExit(f"{path}: no margin line")
    mean, half, n = float(found[-1][1]), float(found[-1][2]), int(found[-1][3])
    return n, mean, half * math.sqrt(n) / 1.96


def main(paths: list[str]) -> None:
    runs = [run_of(Path(path)) for path in paths]
    for path, (n, mean, sd) in zip(paths, runs, strict=True):
        print(f"{path}: n={n}, margin {mean:+.2f}, sd {sd:.2f}")
    total = sum(n for n, _, _ in runs)
    pooled = sum(n * mean for n, mean, _ in runs) / total
    squares = sum((n - 1) * sd * sd + n * (mean - pooled) ** 2 for n, mean, sd in runs)
    sd = math.sqrt(squares / (total - 1))
    half = 1.96 * sd / math.sqrt(total)
    print(
        f"pooled: {pooled:+.2f} ± {half:.2f} chips per deal "
        f"(95% CI {pooled - half:+.2f} .. {pooled + half:+.2f}; n={total}; sd {sd:.1f})"
    )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    main(sys.argv[1:])
