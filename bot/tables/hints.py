"""A learner's hint (issue 25): the strongest computer's move for a member's position, with
one line saying why.

At a table whose host allowed hints (`TableState.hints`, `/play … hints:true`; such a table
is not rated, `bot.tables.ratings.rated_table`), a member whose turn it is may ask. The hint
is the move a computer sitting in their seat would play: the game's strongest level
(`bot.games.base.hint_level`, a player that `Advises`) advises on the hand as the table
holds it, through the same engine interface its `choose` gets, so it sees what that seat
sees and nothing else (the players sample what they can't see, seeded from the seat's own
view). It never plays the move: the member does, or doesn't.

The player thinks in a worker process, as a computer's move does (`Autoplay.think`): the
hand is copied under the table's lock (no move half made), the table is unlocked while the
worker thinks, and the answer is given only if the table is still at the version it was
asked at, else the member is told the hand moved on. Two clicks on one position share one
computation. A worker that crashes or hangs past the decision cap gets a sentence and
changes nothing. The hint is kept with the hand's record (`Store.keep_hint`: at which step,
for which seat, by whom, and what it said), so a replay shows where hints were used.
"""

from __future__ import annotations

import asyncio
import logging
import pickle
from dataclasses import dataclass
from typing import Any

from bot.games import GAMES
from bot.games.base import hint_level
from bot.i18n import Lang, Text, t
from bot.store import Store
from bot.store.contract import HINT_LIMIT
from bot.tables.model import TABLE_CLOSED, Person, Phase, Table, TableError
from bot.workers import WorkerFailed, Workers
from engine.core.errors import RuleError
from engine.core.players import Advice, Advises

log = logging.getLogger(__name__)

HINTS_OFF = t(
    "This table doesn't allow hints. The host chooses that when opening a table "
    "(`/play … hints:true`), and a table with hints isn't rated."
)
NOT_YOUR_TURN = t("A hint is for your own turn, and the hand isn't waiting on you right now.")
MOVED_ON = t(
    "The hand moved on while the computer was thinking, so that hint no longer fits. Nothing changed."
)
FAILED = t(
    "The computer couldn't work out a hint this time. Nothing changed: make your move, or ask "
    "again in a moment."
)


def advise(game_id: str, level: str, hand: bytes, seat: int) -> Advice:
    """The hint: what the `level` computer would play in `seat`, and why. The job a worker
    runs (a top-level function, so that it pickles); `hand` is the hand pickled under the
    table's lock, the way `Autoplay.decide` gets its copy."""
    player = GAMES[game_id].computer(level)
    if not isinstance(player, Advises):
        raise TypeError(f"the {level} computer player of {game_id} gives no advice")
    advice: Advice = player.advise(pickle.loads(hand), seat)
    return advice


def level(table: Table) -> str | None:
    """The computer level this table's hints come from; None: it gives none (the host did
    not allow them, or the game's strongest computer can't say why it moves)."""
    return hint_level(table.plugin) if table.state.hints else None


def hint_seat(table: Table, user_id: int) -> int | None:
    """The engine seat the member may ask a hint for now: one the hand waits on that they
    play (their own, or a robot's they play for); None if they may ask none."""
    if level(table) is None or table.state.phase is not Phase.PLAYING or table.game is None:
        return None
    for seat, player in table.turn().players.items():
        if player.user_id == user_id:
            return seat
    return None


def hints_open(table: Table) -> bool:
    """Whether some member could ask a hint now (the table message's Hint button)."""
    return any(hint_seat(table, seat.user_id) is not None for seat in table.humans if seat.user_id)


@dataclass(frozen=True)
class Given:
    """A hint to show its member: the computer level it comes from, the move as their
    controls name it, and why (`bot.render.hint_text` words it)."""

    level: str
    move: str
    reason: Text


@dataclass(frozen=True)
class Asked:
    """A hint being worked out: for whom, at which version and step of which hand, and the
    computation (shared by clicks on the same position)."""

    table: Table
    user_id: int
    seat: int
    level: str
    version: int
    hand_no: int
    step: int
    thinking: asyncio.Future[Advice]


class Hints:
    """Works out hints in the workers, answers them if still current, keeps them."""

    def __init__(self, store: Store, workers: Workers, decision_cap: float) -> None:
        self.store = store
        self.workers = workers
        self.decision_cap = decision_cap  # seconds a worker may think before it counts as hung
        self.job = advise  # the job; a test may hand the workers another
        #: the computations under way, by (table, version, engine seat)
        self.thinking: dict[tuple[int, int, int], asyncio.Future[Advice]] = {}

    async def ask(self, table: Table, user: Person) -> Asked:
        """Start working out a hint for `user` at `table` (raises TableError with a sentence
        when they may ask none). The hand is copied under the table's lock: never a move half
        made."""
        async with table.lock:
            if table.state.phase is Phase.CLOSED:
                raise TableError(TABLE_CLOSED)
            chosen = level(table)
            if chosen is None:
                raise TableError(HINTS_OFF)
            seat = hint_seat(table, user.id)
            if seat is None:
                if table.seat_of(user.id) is None:
                    raise TableError(t("You're not seated at this table, so there's no position to hint at."))
                raise TableError(NOT_YOUR_TURN)
            state = table.state
            key = (table.id, state.version, seat)
            thinking = self.thinking.get(key)
            if thinking is None:
                hand = pickle.dumps(table.game)
                thinking = asyncio.ensure_future(
                    self.workers.run(
                        self.job, table.plugin.id, chosen, hand, seat, timeout=self.decision_cap, urgent=True
                    )
                )
                self.thinking[key] = thinking
                thinking.add_done_callback(lambda _: self.thinking.pop(key, None))
            step = sum(state.acted.values())  # the moves made so far (`Records.keep`'s count)
            return Asked(table, user.id, seat, chosen, state.version, state.hand_no, step, thinking)

    async def answer(self, asked: Asked, say: Lang | None = None) -> Given:
        """The hint, once worked out, if the table is still where it was asked (else a
        TableError saying the hand moved on); kept with the hand's record first, in the
        words its member read it in (`say`'s language)."""
        table = asked.table
        try:
            advice = await asked.thinking
        except WorkerFailed as error:
            log.warning("table %s: no hint (%s)", table.id, error)
            raise TableError(FAILED) from error
        except Exception as error:
            log.exception("table %s: the hint's computer player failed", table.id)
            raise TableError(FAILED) from error
        async with table.lock:
            state, game = table.state, table.game
            if state.phase is not Phase.PLAYING or state.version != asked.version or game is None:
                raise TableError(MOVED_ON)
            plugin = table.plugin
            if not _playable(plugin, game, asked.seat, advice.action):
                log.warning("table %s: the hint's computer advised a move the seat can't make", table.id)
                raise TableError(FAILED)
            view = table.view(say)
            name = plugin.move_name(view, game, asked.seat, advice.action)
            reason = view.lang(advice.reason, md=False)
            await self.store.keep_hint(
                state.guild_id,
                table.id,
                asked.hand_no,
                step=asked.step,
                seat=asked.seat,
                user_id=asked.user_id,
                advice=f"{name}: {reason}"[:HINT_LIMIT],
            )
        return Given(asked.level, name, advice.reason)


def _playable(plugin: Any, game: Any, seat: int, action: Any) -> bool:
    """Whether `action` is a move the seat can make through its controls: its key reads back
    to it (a bet of any amount in range, as a form would type it, included)."""
    try:
        key, values = plugin.encode(game, seat, action)
        return bool(plugin.decode(game, seat, key, values) == action)
    except (RuleError, ValueError, KeyError, IndexError, AttributeError, TypeError):
        return False
