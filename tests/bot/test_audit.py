"""``python -m bot audit`` reports the books per guild and fails on any mismatch."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.audit import main, run_audit
from bot.storage import HOUSE, Store, member_account, table_account


async def _populate(path: Path) -> None:
    store = await Store.open(path)
    try:
        await store.give(1, 10, 11, 100)
        async with store.transaction() as tx:
            tid = await tx.create_table(1, 5, "primiera", 10, {})
            await tx.move(1, member_account(10), table_account(tid), 50, "buy-in")
            await tx.move(1, HOUSE, table_account(tid), 50, "computer buy-in")
        await store.claim_daily(2, 10, datetime(2025, 1, 1, tzinfo=UTC))
    finally:
        await store.close()


def test_consistent_database_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.db"
    asyncio.run(_populate(path))
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "guild 1: balances 1950 + escrow 100 = 2050; granted 2000 - house net -50 = 2050  OK" in out
    assert "guild 2: balances 1250 + escrow 0 = 1250; granted 1250 - house net 0 = 1250  OK" in out
    assert "MISMATCH" not in out
    assert "audit: OK" in out


def test_tampered_balance_fails_with_exit_code_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.db"
    asyncio.run(_populate(path))
    conn = sqlite3.connect(path)
    conn.execute("UPDATE members SET balance = balance + 7 WHERE guild_id = 1 AND user_id = 11")
    conn.commit()
    conn.close()
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH" in out and "member:11" in out and "off by 7" in out


def test_database_path_from_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "env.db"
    asyncio.run(_populate(path))
    monkeypatch.setenv("DATABASE_PATH", str(path))
    assert main([]) == 0


def test_missing_database_has_nothing_to_audit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "none" / "r.db"
    assert main([str(path)]) == 0
    assert "nothing to audit" in capsys.readouterr().out
    assert not path.exists()  # the audit does not create a database


async def test_run_audit_on_an_empty_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.db"
    await (await Store.open(path)).close()
    assert await run_audit(path) == 0
    assert "nothing to audit" in capsys.readouterr().out


async def test_a_table_whose_own_count_differs_from_its_escrow_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Stacks, antes and pot live in the table's snapshot; the audit checks they add up to
    exactly what the table's escrow account holds."""
    path = tmp_path / "r.db"
    store = await Store.open(path)
    try:
        async with store.transaction() as tx:
            tid = await tx.create_table(1, 5, "holdout", 10, {})
            await tx.move(1, member_account(10), table_account(tid), 500, "buy-in", table_id=tid)
            await tx.save_table(tid, {"held": 500})
        assert (await store.audit()).ok
        async with store.transaction() as tx:
            await tx.save_table(tid, {"held": 499})
        report = await store.audit()
    finally:
        await store.close()
    assert not report.ok
    assert "table 1 counts 499 chips at the table but its escrow holds 500" in report.guilds[0].problems
    assert await run_audit(path) == 1
