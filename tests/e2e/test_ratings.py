"""Issue 24, items 3 and 5, as members see them: `/leaderboard <game>` ranks by rating with
its minimum, `/stats` shows each game's rating, rank and trend, the table shows each seat's
rating, and a score game that ends shows its final standings and each member's rating
change, then waits for **New game** with the same seats."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.games.results import signed
from bot.ratings import NEW, Skill, anchor, rate, shown
from bot.store import RatingChange
from bot.tables import Phase, Table
from bot.tables.timing import NEXT_HAND_DELAY
from engine.primiera import PrimieraOptions
from tests.e2e.test_primiera import play_round
from tests.e2e.test_table_message import assert_fits
from tests.helpers.room import Room, answer_to, buttons, open_table, picture_description, text_lines


async def rate_members(room: Room, results: list[tuple[int, int]]) -> dict[int, Skill]:
    """Holdout results between members, as a table would have rated them: (winner, loser)
    pairs in order, each one result. Returns each member's rating after them."""
    store = room.bot.store
    ratings: dict[int, Skill] = {}
    async with store.transaction() as tx:
        table_id = await tx.create_table(room.guild.id, 1, "holdout", room.alice.id, {})
        await tx.save_table(table_id, {}, status="closed")
    for hand, (winner, loser) in enumerate(results, 1):
        before = [ratings.get(winner, NEW), ratings.get(loser, NEW)]
        [(won,), (lost,)] = rate([[before[0]], [before[1]]], [1, 0])
        async with store.transaction() as tx:
            await tx.record_ratings(
                room.guild.id,
                "holdout",
                table_id,
                hand,
                [
                    RatingChange(
                        user_id=user, mu_before=old.mu, sigma_before=old.sigma, mu=new.mu, sigma=new.sigma
                    )
                    for user, old, new in ((winner, before[0], won), (loser, before[1], lost))
                ],
            )
        ratings[winner], ratings[loser] = won, lost
    return ratings


async def test_a_games_board_ranks_by_rating_from_its_minimum_and_stats_show_rank_and_trend(
    room: Room,
) -> None:
    alice, bob, carol = room.alice.id, room.bob.id, room.carol.id
    # Alice beats Bob 12 times but loses the last; Carol plays only twice.
    results = [(alice, bob)] * 11 + [(carol, bob), (bob, alice), (carol, alice)]
    ratings = await rate_members(room, results)

    board = await room.alice.slash(room.channel, "leaderboard", game="holdout")
    assert not board.ephemeral
    embed = board.response.embeds[0]
    assert embed.title == "Leaderboard — Holdout"
    lines = (embed.description or "").splitlines()
    assert lines[:2] == [
        f"1. <@{alice}> — rating **{shown(ratings[alice]):,}** · 13 rated results",
        f"2. <@{bob}> — rating **{shown(ratings[bob]):,}** · 13 rated results",
    ]
    assert f"<@{carol}>" not in embed.description  # two rated results: under the minimum
    assert "a member appears after 5 rated results" in lines[-1]

    stats = await room.bob.slash(room.channel, "stats")
    field = {f.name: f.value for f in stats.response.embeds[0].fields}["Holdout"]
    ten_ago = rate_members_before(results, bob, 10)
    change = signed(shown(ratings[bob]) - shown(ten_ago))
    assert field == (
        f"Rating **{shown(ratings[bob]):,}** · #2 of 2 · {change} over the last 10 rated results"
    )
    stats = await room.alice.slash(room.channel, "stats", member=room.carol)
    field = {f.name: f.value for f in stats.response.embeds[0].fields}["Holdout"]
    assert field.startswith(
        f"Rating **{shown(ratings[carol]):,}** · unranked until 5 rated results (2 so far)"
    )
    assert field.endswith(f"{signed(shown(ratings[carol]) - 1000)} over the last 2 rated results")

    # Peg Leg, against the house, has no rating; the bankroll board is as it was.
    peg_leg = await room.alice.slash(room.channel, "leaderboard", game="peg_leg")
    assert peg_leg.response.embeds[0].description == "Nobody yet — open a table with /play."
    bankroll = await room.alice.slash(room.channel, "leaderboard")
    assert bankroll.response.embeds[0].title == "Leaderboard — bankroll"


def rate_members_before(results: list[tuple[int, int]], user: int, latest: int) -> Skill:
    """`user`'s rating before the `latest`-th last of their results."""
    ratings: dict[int, Skill] = {}
    theirs = [i for i, pair in enumerate(results) if user in pair]
    cut = theirs[-latest]
    for winner, loser in results[:cut]:
        [(won,), (lost,)] = rate([[ratings.get(winner, NEW)], [ratings.get(loser, NEW)]], [1, 0])
        ratings[winner], ratings[loser] = won, lost
    return ratings.get(user, NEW)


async def test_each_seat_shows_its_rating_at_the_table(room: Room) -> None:
    ratings = await rate_members(room, [(room.bob.id, room.carol.id)])
    await room.alice.slash(room.channel, "play holdout")
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.alice.click(room.message(table.state.message_id), label="Add bot")
    lines = assert_fits(room.message(table.state.message_id), picture=False, where="lobby")
    bob = f"{shown(ratings[room.bob.id]):,}"
    assert lines[1] == (
        f"Seated: <@{room.alice.id}> (host) rated 1,000, <@{room.bob.id}> rated {bob},"
        " 🤖 Isabella rated 1,760"
    )
    details = await answer_to(room, room.carol, table, "Details")
    seats = next(field.value for field in details.fields if field.name == "Seats")
    assert f"<@{room.bob.id}> · stack 200 · rating {bob}" in seats
    assert "🤖 Isabella · basic · stack 200 · rating 1,760" in seats


async def test_a_score_game_that_ends_shows_the_standings_and_rating_changes_then_new_game_keeps_the_seats(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Primiera for two, made short with a target of 1 point: Alice against the basic
    computer until a game ends."""
    monkeypatch.setattr(PrimieraOptions, "target", property(lambda self: 1))
    table: Table = await open_table(room, "primiera", [room.alice], bots=1, variant="two")
    seats = [(seat.choice, seat.user_id, seat.name) for seat in table.state.seats]
    while True:
        await play_round(room, table, [room.alice])
        if table.game_over:
            break
        await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    ended = table.match.last_result
    assert ended is not None and table.match.games == 1
    message = room.message(table.state.message_id)
    lines = assert_fits(message, picture=True, where="the game's end")
    alice, computer = ended.scores["1"], ended.scores["2"]
    [(rated,), _] = rate([[NEW], [anchor(0)]], [alice, computer])
    stored = await room.bot.store.rating(room.guild.id, "primiera", room.alice.id)
    assert stored is not None and (stored.mu, stored.sigma, stored.rated) == (rated.mu, rated.sigma, 1)
    first, second = ("alice", "🤖 Isabella") if alice > computer else ("🤖 Isabella", "alice")
    high, low = max(alice, computer), min(alice, computer)
    assert f"🏆 Final standings: 1. {first} {high} · 2. {second} {low}" in lines
    assert f"Ratings: alice {shown(rated):,} ({signed(shown(rated) - 1000)})" in lines
    assert any(
        line.startswith("**The game is over.** A new game with the same seats starts <t:") for line in lines
    )
    assert "New game" in buttons(message) and "Deal next hand" not in buttons(message)
    # The picture (and its words) shows the game's final scores, not the next game's zeros
    described = picture_description(message)
    assert f"score {alice}/1" in described and f"score {computer}/1" in described
    # Alice's hand panel, redrawn with the finished hand, says where she finished
    panel = room.bot.display.panel(table, 0, None).embed.description or ""
    place = "first" if alice > computer else "second"
    change = f"{shown(rated):,} ({signed(shown(rated) - 1000)})"
    assert panel.endswith(f"🏆 The game is over: you finish {place} of 2. Your rating: {change}.")
    # The table waits the turn timer, not the half minute between hands.
    assert table.state.deadline == room.env.now() + timedelta(seconds=table.state.turn_timer)

    refused = await room.bob.click(room.message(table.state.message_id), label="New game")
    assert (
        refused.ephemeral
        and refused.response.content == "Only players seated at this table can start a new game."
    )
    await room.env.advance_time(NEXT_HAND_DELAY.total_seconds() + 1)
    assert table.state.phase is Phase.BETWEEN and table.game_over, "still showing the game's end"

    await room.alice.click(room.message(table.state.message_id), label="New game")
    assert table.state.phase is Phase.PLAYING and not table.game_over
    assert [(seat.choice, seat.user_id, seat.name) for seat in table.state.seats] == seats
    assert table.match.games == 1 and table.match.scores == {}, "a new game, from nothing"
    lines = text_lines(room.message(table.state.message_id))
    assert not any("Final standings" in line for line in lines)


async def test_the_end_of_a_heralds_game_fits_the_table_message_with_every_members_change(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three members and a computer, a game to 1 point: rated round by round with the round's
    partners as teams, the game's end says each member's change over the whole game, within
    the table message's six lines and 500 characters."""
    monkeypatch.setattr(PrimieraOptions, "target", property(lambda self: 1))
    members = [room.alice, room.bob, room.carol]
    table = await open_table(room, "primiera", members, bots=1)
    while True:
        await play_round(room, table, members)
        if table.game_over:
            break
        await room.alice.click(room.message(table.state.message_id), label="Deal next hand")
    lines = assert_fits(room.message(table.state.message_id), picture=True, where="the Heralds game's end")
    ratings = next(line for line in lines if line.startswith("Ratings: "))
    for member in members:
        stored = await room.bot.store.rating(room.guild.id, "primiera", member.id)
        assert stored is not None and stored.rated == table.match.hand_no  # one a round
        now = shown(Skill(stored.mu, stored.sigma))
        assert f"{member.name} {now:,} ({signed(now - 1000)})" in ratings
