"""What a table does by itself: computer players' moves, the turn timer playing for an
absent member (and, after two in a row, a computer taking the seat), the next deal and the
idle close. One clock entry per table. What a table did by itself goes out as a `TableChange`
to the one listener the bot registered (`Changes`): nothing here knows who shows it."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.clock import Clock
from bot.games.base import Pauses
from bot.storage import InsufficientFunds
from bot.tables.commit import Changes, Commit, TableChange, can_deal, members_awaited
from bot.tables.hand import Hands
from bot.tables.lobby import Lobby
from bot.tables.model import Phase, Table, TableError, Turn
from bot.tables.timing import RETRY_AFTER, STRIKES_TO_REPLACE, deadline

log = logging.getLogger(__name__)


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
    ) -> None:
        self.commit = commit
        self.lobby = lobby
        self.hands = hands
        self.tables = tables  # the open tables, by id: the clock names a table by its id
        self.changes = changes
        self.computer_delay = computer_delay
        self.clock = Clock(self._on_due, now=commit.now)

    async def stop(self) -> None:
        """No more automatic moves; one in progress finishes (see `Clock.close`)."""
        await self.clock.close()

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
            delay = 0.0 if table.seat_for(automatic).leaving else self.computer_delay
            self.clock.set(table.id, self.commit.now() + timedelta(seconds=delay), state.version)
        elif state.deadline is not None:
            self.clock.set(table.id, state.deadline, state.version)
        else:
            self.clock.clear(table.id)

    def automatic(self, table: Table, turn: Turn | None = None) -> int | None:
        """The first awaited engine seat that plays without a member: a computer, or a leaver."""
        for seat in (table.turn() if turn is None else turn).awaiting:
            s = table.seat_for(seat)
            if s.is_computer or s.leaving:
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

    async def _on_due(self, table_id: int, version: int) -> None:
        """The clock fired for a table: play for whoever the table is waiting on."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            if table.version != version:
                return  # the table moved on since this was set
            try:
                async with self.commit.rolled_back(table):
                    await self.act_for(table)
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
                await self.hands.apply(table, pause.seat, action, pause.note)
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
            await hands.apply(table, pause.seat, pause.action, pause.note)
            return
        if not awaiting or game is None:
            if state.phase is Phase.BETWEEN and can_deal(table):
                state.clock_deals += 1
                await hands.deal(table)
            else:
                await self.lobby.close(table, "The table closed after 30 minutes without play.")
            return
        automatic = self.automatic(table)
        if automatic is not None:
            s = table.seat_for(automatic)
            if s.is_computer:
                action = table.plugin.computer(s.level or state.level).choose(game, automatic)
                await hands.apply(table, automatic, action)
            else:
                action = table.plugin.timeout_action(game, automatic)
                await hands.apply(
                    table, automatic, action, f"{s.name} is leaving, so the timer plays for them."
                )
            return
        for seat in awaiting:  # the deadline: every member still deciding runs out of time together
            s = table.seat_for(seat)
            s.strikes += 1
            note = f"⏱ {s.name} ran out of time, so the timer played for them."
            if s.strikes >= STRIKES_TO_REPLACE:
                s.replace = True
                note += " A computer player takes their seat from the next hand."
            await hands.apply(table, seat, table.plugin.timeout_action(game, seat), note)
            if table.state.phase is not Phase.PLAYING:
                break
