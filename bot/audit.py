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
from collections.abc import Sequence
from pathlib import Path

from bot.storage import Store


async def run_audit(path: str | os.PathLike[str]) -> int:
    """Audit the database at `path`, print a report, and return the exit code."""
    p = Path(path)
    if not p.exists():
        print(f"No database at {p} — nothing to audit.")
        return 0
    store = await Store.open(p)
    try:
        report = await store.audit()
    finally:
        await store.close()
    if not report.guilds:
        print(f"{p}: no guilds yet — nothing to audit.")
        return 0
    for g in report.guilds:
        status = "OK" if g.ok else "MISMATCH"
        print(
            f"guild {g.guild_id}: balances {g.balances} + escrow {g.escrow} = {g.balances + g.escrow}; "
            f"granted {g.granted} - house net {g.house_net} = {g.granted - g.house_net}  {status}"
        )
        for problem in g.problems:
            print(f"  - {problem}")
    print("audit: OK" if report.ok else "audit: MISMATCH")
    return 0 if report.ok else 1


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
