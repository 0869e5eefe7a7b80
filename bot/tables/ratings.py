"""Ratings at the table (issue 24): a finished hand's standing, and the game it ended,
rated in the transaction that records them; each member's rating kept on their seat for
the table message, and a finished game's change of rating for its end.

What is rated is the game's to say (`bot.games.base.hand_standing`, `game_standing`,
docs/RULES.md "Ratings"); the arithmetic is `bot.ratings`'. A member of a standing is rated
on the table's board; a computer player (and a seat with no member, such as Primiera's
robot) stands in it at its level's fixed anchor, which is never written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.base import Ranking, game_standing, hand_standing, rated, scoreboard
from bot.ratings import NEW, Skill, anchor, rate, shown
from bot.store import RatingChange, Tx
from bot.tables.model import Seat, Table

if TYPE_CHECKING:
    from bot.tables.commit import Commit
    from engine.core.match import GameResult


def rated_table(table: Table) -> bool:
    """Whether this table's results are rated: its game rates them (docs/RULES.md "Ratings")
    and the host did not allow hints, which a rated result must be played without (issue 25:
    "Rated tables don't allow hints"). The one place the rule is."""
    return rated(table.plugin) and not table.state.hints


def board(table: Table) -> str:
    """The board this table's results are rated on: the one its results go to."""
    return scoreboard(table.plugin, table.options)


def computer_rating(table: Table, level: str | None) -> Skill:
    """The fixed rating of a computer player at `level` (an unknown level, or a seat with no
    member at all, as the game's first level)."""
    levels = table.plugin.levels
    return anchor(levels.index(level) if level in levels else 0)


def seat_rating(table: Table, seat: Seat) -> int | None:
    """The rating a seat shows at the table: a member's own, a computer's anchor; None at a
    table that is not rated (`rated_table`), or for a member whose rating was never read."""
    if not rated_table(table):
        return None
    if seat.is_computer:
        return shown(computer_rating(table, seat.level))
    return seat.rating


class Ratings:
    """Rates what a finished hand decided, in the hand's transaction."""

    def __init__(self, commit: Commit) -> None:
        self.commit = commit

    async def sit(self, table: Table, seat: Seat) -> None:
        """Read a member's rating for the table to show as they sit down (a newcomer's: the
        rating every member starts from)."""
        if seat.user_id is None or not rated_table(table):
            return
        found = await self.commit.store.rating(table.state.guild_id, board(table), seat.user_id)
        seat.rating = shown(NEW if found is None else Skill(found.mu, found.sigma))

    async def settle(self, table: Table, tx: Tx, *, scored: bool, ended: GameResult | None) -> None:
        """Rate the finished hand (when its game rates hands; `scored`: it is a score game's
        hand) and the game it `ended`, if any; at a game's end note each member's rating
        before and after it for the table to show."""
        if not rated_table(table):
            return
        state, view = table.state, table.view()
        standings = [hand_standing(table.plugin, view, table.game, scored=scored)]
        if ended is not None:
            standings.append(game_standing(table.plugin, view, ended))
        for standing in standings:
            if standing is not None:
                before = await self.rate(table, tx, standing)
                if scored:
                    for user, rating in before.items():
                        state.game_ratings.setdefault(user, rating)
        if ended is None:
            return
        state.rated_game = {
            seat.choice: (state.game_ratings.get(seat.user_id, seat.rating), seat.rating)
            for seat in state.seats
            if seat.user_id is not None and seat.rating is not None and seat.choice in ended.scores
        }
        state.game_ratings = {}

    async def rate(self, table: Table, tx: Tx, standing: Ranking) -> dict[int, int]:
        """One rated result: the members' ratings read and written in `tx`, the computers
        at their anchors; each member's seat shows the new rating. Returns each member's
        shown rating before it (by user id)."""
        state = table.state
        seats = {seat.choice: seat for seat in state.seats}
        users = {
            key: seat.user_id
            for side in standing.sides
            for key in side
            if (seat := seats.get(key)) is not None and seat.user_id is not None
        }
        if not users:
            return {}
        game = board(table)
        known = await tx.ratings(state.guild_id, game, list(users.values()))
        before = {
            key: Skill(found.mu, found.sigma) if (found := known.get(user)) is not None else NEW
            for key, user in users.items()
        }

        def skill(key: str) -> Skill:
            if key in before:
                return before[key]
            return computer_rating(table, seats[key].level if key in seats else None)

        new = rate([[skill(key) for key in side] for side in standing.sides], standing.scores)
        after = {
            key: n
            for side, team in zip(standing.sides, new, strict=True)
            for key, n in zip(side, team, strict=True)
        }
        changes = [
            RatingChange(
                user_id=user,
                mu_before=before[key].mu,
                sigma_before=before[key].sigma,
                mu=after[key].mu,
                sigma=after[key].sigma,
            )
            for key, user in users.items()
        ]
        await tx.record_ratings(state.guild_id, game, table.id, state.hand_no, changes)
        for key in users:
            seats[key].rating = shown(after[key])
        return {users[key]: shown(skill) for key, skill in before.items()}
