"""Issue 24, item 3: ratings in the store, on SQLite and on PostgreSQL (`store_url`): a
rated result's new ratings and its history rows, read back exactly; the board by rating with
its minimum; a member's rank and trend; and nothing kept of a transaction that fails."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.ratings import NEW, Skill, rate
from bot.store import RatingChange, Store, open_store

G = 1
BOARD = "holdout"


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[Store]:
    s = await open_store(store_url)
    yield s
    await s.close()


async def a_table(store: Store) -> int:
    async with store.transaction() as tx:
        return await tx.create_table(G, 2, BOARD, 10, {})


def change(user_id: int, before: Skill, after: Skill) -> RatingChange:
    return RatingChange(
        user_id=user_id, mu_before=before.mu, sigma_before=before.sigma, mu=after.mu, sigma=after.sigma
    )


async def rated(
    store: Store, table: int, hand_no: int, ratings: dict[int, Skill], users: tuple[int, ...], winner: int
) -> None:
    """One result between `users` (their ratings in `ratings`, updated), `winner` first and
    the rest tied."""
    new = rate([[ratings[u]] for u in users], [1 if u == winner else 0 for u in users])
    async with store.transaction() as tx:
        await tx.record_ratings(
            G, BOARD, table, hand_no, [change(u, ratings[u], n[0]) for u, n in zip(users, new, strict=True)]
        )
    for u, n in zip(users, new, strict=True):
        ratings[u] = n[0]


async def test_a_rated_result_is_stored_exactly_and_counted(store: Store) -> None:
    table = await a_table(store)
    async with store.transaction() as tx:
        assert await tx.ratings(G, BOARD, [1, 2]) == {}
    (win,), (loss,) = rate([[NEW], [NEW]], [1, 0])
    async with store.transaction() as tx:
        await tx.record_ratings(G, BOARD, table, 1, [change(1, NEW, win), change(2, NEW, loss)])
    one = await store.rating(G, BOARD, 1)
    assert one is not None and (one.mu, one.sigma, one.rated) == (win.mu, win.sigma, 1)
    assert one.mu == 27.635389493140497  # the double openskill gave, as it was
    async with store.transaction() as tx:
        known = await tx.ratings(G, BOARD, [1, 2, 3])
    assert set(known) == {1, 2} and known[2].mu == loss.mu
    # the next result counts a second one; another board and another guild are apart
    (win2,), (loss2,) = rate([[loss], [win]], [1, 0])
    async with store.transaction() as tx:
        await tx.record_ratings(G, BOARD, table, 2, [change(2, loss, win2), change(1, win, loss2)])
    two = await store.rating(G, BOARD, 2)
    assert two is not None and (two.mu, two.sigma, two.rated) == (win2.mu, win2.sigma, 2)
    assert await store.rating(G, "prefa", 1) is None and await store.rating(G + 1, BOARD, 1) is None
    [mine] = await store.member_ratings(G, 2, minimum=1, trend=10)
    assert (mine.over, mine.mu_then, mine.sigma_then) == (2, NEW.mu, NEW.sigma)


async def test_a_failed_transaction_keeps_no_rating(store: Store) -> None:
    table = await a_table(store)
    (win,), (loss,) = rate([[NEW], [NEW]], [1, 0])
    with pytest.raises(RuntimeError, match="after the ratings"):
        async with store.transaction() as tx:
            await tx.record_ratings(G, BOARD, table, 1, [change(1, NEW, win), change(2, NEW, loss)])
            await tx.record_result(G, table, 1, BOARD, 1, 10, True)
            raise RuntimeError("something failed after the ratings")
    assert await store.rating(G, BOARD, 1) is None and await store.stats(G, 1) == []
    assert await store.member_ratings(G, 1, minimum=1, trend=10) == []


async def test_bad_rating_rows_are_refused_before_the_database(store: Store) -> None:
    table = await a_table(store)
    twice = [change(1, NEW, NEW), change(1, NEW, NEW)]
    bad = [RatingChange(user_id=1, mu_before=25.0, sigma_before=8.0, mu=float("nan"), sigma=1.0)]
    for changes, why in ((twice, "rated once"), (bad, "not a rating")):
        with pytest.raises(ValueError, match=why):
            async with store.transaction() as tx:
                await tx.record_ratings(G, BOARD, table, 1, changes)
    assert await store.rating(G, BOARD, 1) is None


async def test_the_board_ranks_by_rating_from_the_minimum_and_the_member_sees_rank_and_trend(
    store: Store,
) -> None:
    table = await a_table(store)
    ratings = {1: NEW, 2: NEW, 3: NEW, 4: NEW}
    # 1 beats everyone, 2 beats 3 and 4, 3 beats 4: twelve results each for 1-3; 4 plays two
    for hand in range(1, 13):
        if hand == 8:  # member 2's tenth latest change comes next (two a hand, hands 8 to 12)
            then = ratings[2]
        await rated(store, table, hand, ratings, (1, 2, 3), winner=1)
        await rated(store, table, 100 + hand, ratings, (2, 3), winner=2)
    for hand in (1, 2):
        await rated(store, table, 200 + hand, ratings, (3, 4), winner=4)
    board = await store.leaderboard_rating(G, BOARD, minimum=5)
    assert [row.user_id for row in board] == [1, 2, 3]  # 4 has two rated results, under the minimum
    assert [row.rated for row in board] == [12, 24, 26]
    ordinals = [Skill(row.mu, row.sigma).ordinal for row in board]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [row.user_id for row in await store.leaderboard_rating(G, BOARD, minimum=1)] == [1, 2, 4, 3]
    assert len(await store.leaderboard_rating(G, BOARD, minimum=1, limit=2)) == 2

    second = {r.game: r for r in await store.member_ratings(G, 2, minimum=5, trend=10)}[BOARD]
    assert (second.rank, second.ranked, second.rated) == (2, 3, 24)
    assert (second.mu, second.sigma) == (ratings[2].mu, ratings[2].sigma)
    # the trend: the rating before the tenth latest change
    assert (second.over, second.mu_then, second.sigma_then) == (10, then.mu, then.sigma)
    fourth = (await store.member_ratings(G, 4, minimum=5, trend=10))[0]
    assert (fourth.rank, fourth.ranked, fourth.over) == (None, 3, 2)
    assert (fourth.mu_then, fourth.sigma_then) == (NEW.mu, NEW.sigma)
    assert await store.member_ratings(G, 99, minimum=5, trend=10) == []
