"""``python -m bot migrate-db`` moves a room from SQLite to PostgreSQL: every row, the audits
of both sides printed and equal; a target that is not empty is refused and left alone."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.migrate_db import main
from bot.ratings import NEW, rate
from bot.storage import Store
from bot.store import HOUSE, RatingChange, member_account, table_account
from bot.store.contract import HandPlayer
from bot.store.postgres import PostgresStore
from tests.helpers.postgres import execute

G, H = 10, 11
A, B, C = 101, 102, 103


async def a_room(path: Path) -> None:
    """Settings, members, a daily, gives, an open table holding escrow (its message named),
    a finished table with results, a hand with its deal's proof and its ratings, members' own
    seeds, the hand kept with its moves, a hint and its history, in two guilds."""
    store = await Store.open(path)
    try:
        await store.update_guild_settings(G, starting_bankroll=500, turn_timer=60)
        await store.give(G, A, B, 120)
        await store.claim_daily(H, C, datetime(2025, 1, 1, tzinfo=UTC))
        async with store.transaction() as tx:
            done = await tx.create_table(G, 7, "primiera", A, {"hand": 0})
            await tx.move(G, member_account(A), table_account(done), 50, "buy-in")
            await tx.move(G, HOUSE, table_account(done), 50, "computer buy-in")
        async with store.transaction() as tx:  # the hand, kept as it was dealt and played
            await tx.keep_hand(
                G,
                done,
                1,
                channel_id=7,
                game="primiera",
                board="primiera",
                start={"deal": 1},
                seating={"n": 2},
            )
            await tx.keep_move(G, done, 1, step=1, seat=0, actor="member", action={"kind": "play"})
            await tx.keep_move(G, done, 1, step=2, seat=1, actor="computer", action={"kind": "play"})
        # a learner's hint asked before the first move (issue 25)
        assert await store.keep_hint(G, done, 1, step=0, seat=0, user_id=A, advice="Play 🪙7: it sweeps.")
        async with store.transaction() as tx:
            await tx.move(G, table_account(done), member_account(A), 80, "pot", hand_no=1)
            await tx.move(G, table_account(done), HOUSE, 20, "computer cash-out", hand_no=1)
            await tx.record_result(G, done, 1, "primiera", A, 30, True)
            await tx.record_hand(G, done, 1, "primiera", 2**80 + 1, "ab" * 32, {"deck": [1, 2]})
            await tx.record_proof(G, done, 1, {"scheme": "ridotto fair deal 1", "members": [{"seed": "é ✓"}]})
            (won,), (lost,) = rate([[NEW], [NEW]], [1, 0])
            await tx.record_ratings(
                G,
                "primiera",
                done,
                1,
                [
                    RatingChange(
                        user_id=user, mu_before=NEW.mu, sigma_before=NEW.sigma, mu=new.mu, sigma=new.sigma
                    )
                    for user, new in ((A, won), (B, lost))
                ],
            )
            assert await tx.finish_hand(G, done, 1, {"headline": "Ana wins.", "nets": {"0": 30}})
            await tx.keep_players(G, done, 1, "primiera", [HandPlayer(A, 0, 30)])
            await tx.save_table(done, {"over": True}, status="closed")
        await store.set_member_seed(G, A, "Alice's own")
        await store.set_member_seed(H, C, "ünïcödé ✓")
        async with store.transaction() as tx:
            live = await tx.create_table(G, 7, "holdout", B, {"held": 200})
            await tx.move(G, member_account(B), table_account(live), 200, "buy-in")
            await tx.set_message(live, 9001)
    finally:
        await store.close()


async def everything(store: Store | PostgresStore) -> list[object]:
    """What a member or the table service could read of the room."""
    seen: list[object] = []
    for guild in (G, H):
        seen += [
            await store.guild_settings(guild),
            await store.leaderboard_bankroll(guild),
            await store.ledger(guild),
            await store.leaderboard_game(guild, "primiera"),
            await store.stats(guild, A),
            await store.member_seeds(guild, [A, B, C]),
            await store.hand_proof(guild, 1, 1),
            await store.leaderboard_rating(guild, "primiera", minimum=1),
            await store.member_ratings(guild, B, minimum=1, trend=10),
            await store.history(guild),
            await store.history(guild, user_id=A),
        ]
    seen += [
        [
            (t.id, t.guild_id, t.channel_id, t.game, t.host_id, t.record().snapshot)
            for t in await store.saved_tables()
        ]
    ]
    seen += [await store.table(1), await store.hand_record(1, 1), await store.audit()]
    return seen


async def test_migrate_db_copies_a_room_to_postgresql_and_the_two_audits_agree(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "room.db"
    await a_room(path)
    code = await asyncio.to_thread(main, ["--from", f"sqlite:///{path}", "--to", postgres_url])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert (
        "guild_settings 1, members 3, tables 2, escrow 2, ledger 10, results 1, hands 1, member_seeds 2,"
        " hand_proofs 1, ratings 2, rating_changes 2, hand_records 1, hand_moves 2, hand_hints 1,"
        " hand_players 1" in out
    )
    books = "guild 10: balances 830 + escrow 200 = 1030; granted 1000 - house net -30 = 1030  OK"
    assert out.count(books) == 2  # the source's audit, and the copy's
    assert out.rstrip().endswith("the two audits agree")
    source = await Store.open(path)
    copy = await PostgresStore.open(postgres_url)
    try:
        assert await everything(copy) == await everything(source)
        assert (await copy.audit()).ok
        async with copy.transaction() as tx:  # the copy's own ids go on after the copied ones
            assert await tx.create_table(G, 8, "prefa", A, {}) == 3
            await tx.move(G, HOUSE, member_account(C), 1, "prize")
            again = RatingChange(
                user_id=C, mu_before=NEW.mu, sigma_before=NEW.sigma, mu=NEW.mu, sigma=NEW.sigma
            )
            await tx.record_ratings(G, "primiera", 1, 2, [again])  # the history's ids go on too
        assert [r["id"] for r in (await copy.ledger(G))[-2:]] == [11, 12]  # C new: bankroll, prize
    finally:
        await source.close()
        await copy.close()


async def test_migrate_db_refuses_a_target_that_is_not_empty_and_leaves_it_as_it_was(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "room.db"
    await a_room(path)
    target = await PostgresStore.open(postgres_url)
    try:
        await target.give(G, A, C, 5)
        before = await everything(target)
    finally:
        await target.close()
    code = await asyncio.to_thread(main, ["--from", f"sqlite:///{path}", "--to", postgres_url])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("The target postgresql://") and "is not empty (members 2, ledger 3 rows)" in err
    assert err.count("\n") == 1
    target = await PostgresStore.open(postgres_url)
    try:
        assert await everything(target) == before
    finally:
        await target.close()


async def test_migrate_db_says_so_when_the_books_do_not_balance(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "room.db"
    await a_room(path)
    await execute(f"sqlite:///{path}", f"UPDATE members SET balance = balance + 3 WHERE user_id = {A}")
    code = await asyncio.to_thread(main, ["--from", f"sqlite:///{path}", "--to", postgres_url])
    out = capsys.readouterr().out
    assert code == 1
    assert out.count("off by 3") == 2
    assert "the books did not balance in the source either" in out


async def test_migrate_db_moves_a_room_back_from_postgresql_to_a_new_sqlite_file(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path, back = tmp_path / "room.db", tmp_path / "back" / "room.db"
    await a_room(path)
    assert await asyncio.to_thread(main, ["--from", f"sqlite:///{path}", "--to", postgres_url]) == 0
    assert await asyncio.to_thread(main, ["--from", postgres_url, "--to", f"sqlite:///{back}"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("the two audits agree")
    source, returned = await Store.open(path), await Store.open(back)
    try:
        assert await everything(returned) == await everything(source)
    finally:
        await source.close()
        await returned.close()
