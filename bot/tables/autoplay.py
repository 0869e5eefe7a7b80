"""What a table does by itself: computer players' moves, the turn timer playing for an
absent member (and, after two in a row, a computer taking the seat), the next deal and the
idle close. One clock entry per table. What a table did by itself goes out as a `TableChange`
to the one listener the bot registered (`Changes`): nothing here knows who shows it.

A computer thinks in a worker process (`bot.workers`), with the table unlocked: clicks at
the table are answered meanwhile. The move it sends back is played only if the table is
still the one it thought about (same object, same version, still open); otherwise it is
dropped, and the table's new state has already put the computer back on the clock."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from bot.clock import Clock
from bot.games import GAMES
from bot.games.base import Pauses
from bot.i18n import t
from bot.store import InsufficientFunds
from bot.tables.commit import Changes, Commit, TableChange, can_deal, members_awaited
from bot.tables.hand import Hands
from bot.tables.lobby import Lobby
from bot.tables.model import Phase, Table, TableError, Turn
from bot.tables.timing import RETRY_AFTER, STRIKES_TO_REPLACE, deadline
from bot.workers import WorkerFailed, Workers
from engine.core.game import Game

log = logging.getLogger(__name__)


def decide(game: str, level: str, hand: Game[Any, Any], seat: int) -> Any:
    """A computer's move: the job a worker runs (a top-level function, so that it pickles).
    Given the same hand it chooses the same move in a worker as inline: the players'
    budgets are counted in positions, and their randomness comes from the hand's seed."""
    return GAMES[game].computer(level).choose(hand, seat)


class Autoplay:
    """Timers and computer seats."""

    def __init__(
        self,
        commit: Commit,
        lobby: Lobby,
        hands: Hands,
        tables: dict[int, Table],
        changes: Changes,
        computer_delay: float,
        workers: Workers,
        decision_cap: float,
    ) -> None:
        self.commit = commit
        self.lobby = lobby
        self.hands = hands
        self.tables = tables  # the open tables, by id: the clock names a table by its id
        self.changes = changes
        self.computer_delay = computer_delay
        self.workers = workers
        self.decision_cap = decision_cap  # seconds a worker may think before it counts as hung
        self.decide = decide  # the job; a test may hand the workers another
        self.thinking: set[asyncio.Task[None]] = set()  # decisions in the workers now
        self.discarded = 0  # decisions that came back for a table that had moved on
        self.clock = Clock(self._on_due, now=commit.now)

    async def stop(self) -> None:
        """No more automatic moves; one being played finishes (see `Clock.close`). A
        decision still in a worker is dropped: after a restart the table asks again."""
        await self.clock.close()
        for task in list(self.thinking):
            task.cancel()
        if self.thinking:
            await asyncio.wait(list(self.thinking))

    def schedule(self, table: Table, turn: Turn | None = None) -> None:
        """Put the table's next automatic event on the clock: a computer's move, a turn
        timer, the next deal or the idle close. `turn`: the table's turn facts, if the caller
        has read them already."""
        state = table.state
        if state.phase is Phase.CLOSED:
            self.tables.pop(table.id, None)
            self.clock.clear(table.id)
            return
        automatic = self.automatic(table, turn)
        if automatic is not None:
            leaver = table.seat_for(automatic)
            delay = 0.0 if leaver.leaving and not leaver.plays_out else self.computer_delay
            self.clock.set(table.id, self.commit.now() + timedelta(seconds=delay), state.version)
        elif state.deadline is not None:
            self.clock.set(table.id, state.deadline, state.version)
        else:
            self.clock.clear(table.id)

    def automatic(self, table: Table, turn: Turn | None = None) -> int | None:
        """The first awaited engine seat that plays without a member: a computer, or a leaver."""
        for seat, player in (table.turn() if turn is None else turn).players.items():
            if player.is_computer or (player.leaving and not player.plays_out):
                return seat
        return None

    def deadline_now(self, phase: Phase) -> datetime | None:
        """A new table's deadline (a lobby closes when idle)."""
        return deadline(
            phase,
            self.commit.now(),
            can_deal=False,
            members_awaited=False,
            new_turn=True,
            current=None,
            turn_timer=0,
        )

    def thinker(self, table: Table) -> tuple[int, str] | None:
        """The engine seat and level of the computer the table waits on, if it does."""
        if table.pause is not None or table.game is None:
            return None
        automatic = self.automatic(table)
        if automatic is None:
            return None
        s = table.seat_for(automatic)
        return (automatic, s.level or table.state.level) if s.is_computer else None

    async def _on_due(self, table_id: int, version: int) -> None:
        """The clock fired for a table: play for whoever the table is waiting on."""
        table = self.tables.get(table_id)
        if table is None or table.version != version:
            return  # closed, or moved on since this was set
        thinker = self.thinker(table)
        if thinker is not None:
            work = self.think(table, version, *thinker)
            if self.workers.inline:
                await work
            else:  # the clock goes on to other tables while this one's computer thinks
                task = asyncio.get_running_loop().create_task(work, name=f"ridotto-think-{table_id}")
                self.thinking.add(task)
                task.add_done_callback(self.thinking.discard)
            return
        async with table.lock:
            if table.version != version:
                return  # the table moved on since this was set
            await self.move(table, self.act_for)

    async def think(self, table: Table, version: int, seat: int, level: str) -> None:
        """A computer's decision, made in a worker without the table's lock, then played if
        the table is still where it was. A worker that fails every try (crashed or hung past
        `decision_cap`) leaves the seat the timeout move, so the table never waits forever."""
        game = table.game
        assert game is not None
        try:
            # Inline, the live hand (choose never changes it); to a worker, a pickled copy.
            action = await self.workers.run(
                self.decide, table.state.game, level, game, seat, timeout=self.decision_cap
            )
        except WorkerFailed as error:
            log.warning("table %s: %s; the timeout move plays", table.id, error)
            action = table.plugin.timeout_action(game, seat)
        except Exception:
            # The player itself failed (the same job would again): as a failed move, try
            # again a little later rather than in a tight loop.
            log.exception(
                "table %s: automatic move failed (the computer's decision); retrying in %s",
                table.id,
                RETRY_AFTER,
            )
            if self.tables.get(table.id) is table and table.version == version:
                self.clock.set(table.id, self.commit.now() + RETRY_AFTER, version)
            return
        async with table.lock:
            if (
                self.tables.get(table.id) is not table
                or table.version != version
                or table.state.phase is Phase.CLOSED
            ):
                self.discarded += 1  # the table moved on: its new state is on the clock already
                return

            async def play(table: Table) -> None:
                await self.hands.apply(table, seat, action, actor="computer")

            await self.move(table, play)

    async def move(self, table: Table, play: Callable[[Table], Awaitable[None]]) -> None:
        """Under the table's lock: `play` the table's automatic move, then put its next one on
        the clock and show the change. A move refused or failed leaves the table as it was."""
        try:
            async with self.commit.rolled_back(table):
                await play(table)
        except TableError as error:
            # The refusal's text may name the player's own cards, so it is not logged.
            log.warning("table %s: automatic move refused (%s)", table.id, type(error).__name__)
            if not await self.instead(table, error):
                # The same move would be refused again at once (the clock is already due):
                # try again a little later rather than in a tight loop.
                self.clock.set(table.id, self.commit.now() + RETRY_AFTER, table.version)
                return
        except Exception:
            # Nothing was saved and the table is as it was; try again a little later
            # rather than in a tight loop.
            log.exception("table %s: automatic move failed; retrying in %s", table.id, RETRY_AFTER)
            self.clock.set(table.id, self.commit.now() + RETRY_AFTER, table.version)
            return
        self.schedule(table)
        # Shown under the table's lock, so that no click overtakes it on the table message.
        await self.changes.publish(TableChange(table, ping=members_awaited(table)))

    async def instead(self, table: Table, error: TableError) -> bool:
        """A paused hand's move its member can't pay for: the move the game plays instead
        (`Pauses.short_of_chips`), if it has one. Whether one was played."""
        pause, game = table.pause, table.game
        if pause is None or game is None or not isinstance(error.__cause__, InsufficientFunds):
            return False
        pauses = table.plugin.capability(Pauses)
        action = pauses.short_of_chips(game, pause.seat, pause.action) if pauses is not None else None
        if action is None:
            return False
        try:
            async with self.commit.rolled_back(table):
                await self.hands.apply(table, pause.seat, action, pause.note, actor="pause")
        except TableError:
            log.warning("table %s: the move instead was refused too", table.id)
            return False
        return True

    async def act_for(self, table: Table) -> None:
        """Whatever the table is waiting on: a computer's move, a fold for a member who is
        leaving or out of time, the move a paused hand waits for, the next deal, or closing
        an idle table."""
        hands, state, game = self.hands, table.state, table.game
        awaiting = table.awaiting
        pause = table.pause
        if pause is not None:  # the clock the hand waited on has run: its move, as the game says
            await hands.apply(table, pause.seat, pause.action, pause.note, actor="pause")
            return
        if not awaiting or game is None:
            if state.phase is Phase.BETWEEN and can_deal(table):
                state.clock_deals += 1
                await hands.deal(table)
            else:
                await self.lobby.close(table, t("The table closed after 30 minutes without play."))
            return
        automatic = self.automatic(table)
        if automatic is not None:
            s = table.seat_for(automatic)
            if s.is_computer:
                action = table.plugin.computer(s.level or state.level).choose(game, automatic)
                await hands.apply(table, automatic, action, actor="computer")
            else:
                action = table.plugin.timeout_action(game, automatic)
                await hands.apply(
                    table,
                    automatic,
                    action,
                    f"{s.name} is leaving, so the timer plays for them.",
                    actor="timer",
                )
            return
        for seat in awaiting:  # the deadline: every member still deciding runs out of time together
            s = table.seat_for(seat)
            s.strikes += 1
            note = f"⏱ {s.name} ran out of time, so the timer played for them."
            if s.strikes >= STRIKES_TO_REPLACE:
                s.replace = True
                # A member who asked to leave after the hand ("Stay and leave after the hand")
                # goes then, and their seat with them (or to a computer that keeps its place in
                # a game in progress, as the end of the hand says): not "from the next hand".
                if s.leaving:
                    note += " They leave the table when this hand ends, as they asked."
                else:
                    note += " A computer player takes their seat from the next hand."
            await hands.apply(table, seat, table.plugin.timeout_action(game, seat), note, actor="timer")
            if table.state.phase is not Phase.PLAYING:
                break
