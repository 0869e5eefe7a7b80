"""``python -m bot audit [DATABASE]``: check every guild's chip books.

For each guild: sum of member balances + escrow must equal chips granted minus the
house's net take; every balance and escrow must equal its ledger sum; closed tables hold
no escrow. Needs only the database path, never a Discord token. Exit code 0 if the books
balance (or there is no database yet), 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.storage import Store


async def report_lines(path: str | os.PathLike[str]) -> tuple[int, list[str]]:
    """Audit the database at `path`: the exit code and the lines of the report."""
    p = Path(path)
    if not p.exists():
        return 0, [f"No database at {p} — nothing to audit."]
    store = await Store.open(p)
    try:
        report = await store.audit()
    finally:
        await store.close()
    if not report.guilds:
        return 0, [f"{p}: no guilds yet — nothing to audit."]
    lines = []
    for g in report.guilds:
        status = "OK" if g.ok else "MISMATCH"
        lines.append(
            f"guild {g.guild_id}: balances {g.balances} + escrow {g.escrow} = {g.balances + g.escrow}; "
            f"granted {g.granted} - house net {g.house_net} = {g.granted - g.house_net}  {status}"
        )
        lines.extend(f"  - {problem}" for problem in g.problems)
    lines.append("audit: OK" if report.ok else "audit: MISMATCH")
    return (0 if report.ok else 1), lines


async def run_audit(path: str | os.PathLike[str]) -> int:
    """Audit the database at `path`, write the report to standard output, return the exit code."""
    code, lines = await report_lines(path)
    sys.stdout.write("\n".join(lines) + "\n")
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; `argv` excludes the program name (and the word ``audit``)."""
    parser = argparse.ArgumentParser(prog="python -m bot audit", description="Check the chip books.")
    parser.add_argument(
        "database",
        nargs="?",
        default=os.environ.get("DATABASE_PATH"),
        help="SQLite database file (default: $DATABASE_PATH)",
    )
    args = parser.parse_args(argv)
    if not args.database:
        parser.error("no database path given and DATABASE_PATH is not set")
    return asyncio.run(run_audit(args.database))


if __name__ == "__main__":
    raise SystemExit(main())
