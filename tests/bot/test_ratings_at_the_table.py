"""Issue 24, item 3, at the table: a finished hand's rating is written in the transaction of
its result (a failure before COMMIT leaves neither), a member's change is openskill's for the
result against the computer's fixed anchor, which no result moves, and partners are rated as a
team — on SQLite and on PostgreSQL (`store_url`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.games import GAMES
from bot.ratings import NEW, Skill, anchor, rate, shown
from bot.store import RatingChange, Store, open_store
from bot.tables import Phase, Table, TableService
from bot.tables.commit import Commit
from bot.tables.ratings import seat_rating

G = 1
NOW = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Member:
    id: int
    display_name: str


ALICE, BOB, CAROL = Member(101, "Alice"), Member(102, "Bob"), Member(103, "Carol")


@pytest.fixture
async def service(store_url: str) -> AsyncIterator[TableService]:
    store = await open_store(store_url)
    seeds = iter(range(7, 10_000))
    built = TableService(store, computer_delay=0, now=lambda: NOW, seeds=lambda: next(seeds))
    yield built
    await built.stop()
    await store.close()


async def dealt(
    service: TableService, game: str, members: list[Member], computers: int, **options: Any
) -> Table:
    """A table of `game` opened by the first of `members`, the others seated, `computers`
    computer players, the first hand dealt — through the table service, as the buttons do."""
    lobby = service.lobby
    host, *others = members
    table = await service.open(
        guild_id=G,
        channel_id=2,
        host=host,
        game=game,
        stake=5,
        choice=GAMES[game].seat_choices[0],
        level="basic",
        options=GAMES[game].parse_options(options),
    )
    async with table.lock:
        for member in others:
            await lobby.join(table, member, "join")
        for _ in range(computers):
            await lobby.add_computer(table, host, "bot")
        lobby.check_start(table, host)
        await service.hands.deal(table)
    return table


async def play_hand(service: TableService, table: Table, *, stop_before_last: bool = False) -> None:
    """Every seat plays the basic computer's move until the hand ends (or, with
    `stop_before_last`, until one move is left), each move saved as a click saves it."""
    computer = table.plugin.computer("basic")
    hand = table.state.hand_no
    while table.state.phase is Phase.PLAYING and table.state.hand_no == hand:
        game = table.game
        seat = game.awaiting[0]
        action = computer.choose(game, seat)
        if stop_before_last:
            trial = table.plugin.load(game.to_json())
            trial.apply(seat, action)
            if trial.outcome is not None:
                return
        async with service.commit.rolled_back(table):
            await service.hands.apply(table, seat, action)


async def history(store: Store, user_id: int) -> int:
    """How many rated results a member's history holds (all boards)."""
    return sum(rating.over for rating in await store.member_ratings(G, user_id, minimum=1, trend=10_000))


async def test_a_hand_and_its_rating_commit_together_and_a_failure_keeps_neither(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = service.store
    table = await dealt(service, "holdout", [ALICE], computers=1)
    assert table.state.seats[0].rating == 1000 and seat_rating(table, table.state.seats[1]) == 1760
    await play_hand(service, table, stop_before_last=True)
    version = table.version

    real_save = Commit.save

    async def broken(self: Commit, table: Table, tx: Any, **kwargs: Any) -> str:
        if table.state.phase is Phase.BETWEEN:  # the hand has settled in this transaction
            raise RuntimeError("the disk is full")
        return await real_save(self, table, tx, **kwargs)

    monkeypatch.setattr(Commit, "save", broken)
    with pytest.raises(RuntimeError, match="disk is full"):
        await play_hand(service, table)
    # Neither the result nor the rating was kept, and the table is as it was.
    assert table.version == version and table.state.phase is Phase.PLAYING and table.game.outcome is None
    assert await store.stats(G, ALICE.id) == []
    assert await store.rating(G, "holdout", ALICE.id) is None and await history(store, ALICE.id) == 0
    assert table.state.seats[0].rating == 1000

    monkeypatch.setattr(Commit, "save", real_save)
    await play_hand(service, table)
    outcome = table.game.outcome
    nets = [outcome.net(seat) for seat in range(2)]
    [(alice,), _] = rate([[NEW], [anchor(0)]], nets)
    stored = await store.rating(G, "holdout", ALICE.id)
    assert stored is not None and (stored.mu, stored.sigma, stored.rated) == (alice.mu, alice.sigma, 1)
    [record] = await store.stats(G, ALICE.id)
    assert (record.hands, record.net) == (1, nets[0])
    assert table.state.seats[0].rating == shown(alice) != 1000
    # The computer's rating is its anchor: nothing stored for it, and the next hand measures
    # Alice against the same mark again.
    assert [row.user_id for row in await store.leaderboard_rating(G, "holdout", minimum=1)] == [ALICE.id]
    async with table.lock:
        await service.hands.deal(table)
    await play_hand(service, table)
    outcome = table.game.outcome
    [(again,), _] = rate([[alice], [anchor(0)]], [outcome.net(seat) for seat in range(2)])
    stored = await store.rating(G, "holdout", ALICE.id)
    assert stored is not None and (stored.mu, stored.sigma, stored.rated) == (again.mu, again.sigma, 2)
    assert seat_rating(table, table.state.seats[1]) == 1760


async def test_the_heralds_round_rates_its_partners_as_a_team(service: TableService) -> None:
    store = service.store
    table = await dealt(service, "primiera", [ALICE, BOB, CAROL], computers=1)
    await play_hand(service, table)
    score = table.game.score
    keys = {seat.choice: seat for seat in table.state.seats}
    sides = [[table.hand_choice(s) for s in side.seats] for side in score.sides]
    points = [side.points for side in score.sides]
    skills = [[NEW if keys[k].user_id else anchor(0) for k in side] for side in sides]
    expected = rate(skills, points)
    for side, new in zip(sides, expected, strict=True):
        for key, skill in zip(side, new, strict=True):
            seat = keys[key]
            stored = await store.rating(G, "primiera", seat.user_id) if seat.user_id else None
            if seat.user_id is None:
                assert stored is None
                continue
            assert stored is not None and (stored.mu, stored.sigma) == (skill.mu, skill.sigma)
    if len(sides) == 2 and all(len(side) == 2 for side in sides):  # two pairs: partners moved alike
        pair = next(side for side in sides if all(keys[k].user_id for k in side))
        a, b = [await store.rating(G, "primiera", keys[k].user_id or 0) for k in pair]
        assert a is not None and b is not None and (a.mu, a.sigma) == (b.mu, b.sigma)


async def test_a_member_sitting_down_shows_their_rating_on_the_tables_board(service: TableService) -> None:
    store = service.store
    async with store.transaction() as tx:
        table_id = await tx.create_table(G, 9, "holdout", ALICE.id, {})
        await tx.record_ratings(
            G,
            "holdout",
            table_id,
            1,
            [RatingChange(user_id=BOB.id, mu_before=25.0, sigma_before=25 / 3, mu=30.0, sigma=3.0)],
        )
    table = await dealt(service, "holdout", [ALICE, BOB], computers=0)
    assert [seat.rating for seat in table.state.seats] == [1000, shown(Skill(30.0, 3.0))]
    peg_leg = await service.open(
        guild_id=G,
        channel_id=3,
        host=CAROL,
        game="peg_leg",
        stake=5,
        choice="1",
        level="basic",
        options=GAMES["peg_leg"].parse_options({}),
    )
    # Peg Leg is played against the house: no rating is read or shown
    assert [seat_rating(peg_leg, seat) for seat in peg_leg.state.seats] == [None]
