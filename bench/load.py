"""The bot under load: event-loop lag, members' clicks, Discord calls and decisions per second.

    python bench/load.py [--tables 200] [--busy 100] [--seconds 30] [--rate 10] [--quick]

One fresh bot (the real `bot.app.create_bot`) runs against SimCord on a fresh SQLite file
(``computer_delay=0``). Setup opens ``--tables`` tables in as many channels:

* the quiet tables (``tables - busy``): Prima Carta at stake 1 with two members seated, as
  in ``bench/clicks.py``; no computer sits there;
* the busy tables: one member and strong computer players (the strongest level each game
  has) at Prefa, Primiera, Cardano, Prima Carta, Peg Leg (its basic player prices every bet
  with simulated deals) and Primero, in turn.

Then two measured phases of ``--seconds`` each, on the same bot and tables (``--quick``:
40 tables, 20 busy, 10 s a phase, about 30 s in all; the default, about 70 s):

* baseline: the busy tables sit in their lobbies; nobody thinks;
* loaded: the busy tables play hand after hand. Their member deals (Start) whenever the
  table is between hands and, when the hand waits on them, opens the hand panel and plays
  the game's least committal move (its timeout move) through the panel's own custom id, so
  the computers do nearly all the thinking.

In both phases members at the quiet tables click at a steady ``--rate`` per second (copa or
fold when it is their turn, Start between hands), and a 10 ms asyncio ticker measures the
loop's lag. Clicks are sent as SimCord would send them (an INTERACTION_CREATE on the
gateway) but without waiting for the bot to settle, which a loaded bot never does; a click's
latency runs from that dispatch to the bot's response reaching SimCord's REST backend (the
interaction callback).

Every REST request the bot makes is attributed to a channel (channel routes by their id,
interaction callbacks and webhooks by the interaction's channel) and to what caused it: a
member's click (what the task handling the interaction sends), or the table moving by
itself (the table clock's task, the tasks it starts, and whatever a task sends after it
applied a computer's move). Opening the hand panel at a busy table is counted apart, not as
a move. Decisions are counted as the computer moves applied (``Hands.apply`` for a
computer's seat), so the figure means the same whether they are computed inline or in a
worker pool; the pool's own ``completed`` is printed beside it when the bot has one.

Message operations (send, edit, delete on ``/channels/{id}/messages``) are counted per
channel in a sliding 5 s window and compared with 5 per 5 s per channel, the limit commonly
cited for bots (Discord publishes none exactly); interaction responses and follow-ups go to
the interaction's webhook, so they are shown on a line of their own.

SimCord runs in the bot's process and on its loop: its REST backend inside the bot's calls
(network round trips in production, during which the loop serves others) and its own
callbacks (gateway events, settle bookkeeping). So the lag and the quiet clicks are printed
again less the loop thread's CPU in SimCord's work meanwhile ("without SimCord's own work",
`simcord_cpu`), and the lag once more less all of the loop thread's CPU meanwhile: what is
left is time the loop waited for a core (or the GIL), on a machine shared with other work.
SimCord's clock is stepped by the bench every tick; between steps it reads the wall clock
(`reads_the_wall`), so the bot's count of a channel's message rate and the bench's agree.

Where the loop's time goes: every loop callback that takes more than ``LONG_CALLBACK`` of the
loop thread's CPU (not wall time: on a machine shared with other work the process often
waits for a core, and that is no one's callback) is put down to its owner: SimCord (its own
tasks, and the time its in-process REST backend spends inside the bot's calls, which would
be network round trips in production), this bench (its tickers and click senders), or the
bot (the rest, discord.py included). The cyclic garbage collector's pauses are timed too
(``gc.callbacks``, wall time), by generation.

Not a test: it prints figures and PASS/FAIL against the goals of issue 21, and asserts
nothing about timings. Exit status 1 only if the run itself went wrong (a click refused
that should not be, a callback error, the chip audit failing).
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import gc
import os
import platform
import random
import sys
import tempfile
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord
import simcord
import simcord.http.router
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.results import to_discord_message

from bench.clicks import GRANT, STAKE, Driver, Run, Seat, filesystem, lighten_simcord, percentile, warmed
from bot.app import Ridotto, create_bot
from bot.components import PANEL_BUTTON, PANEL_SELECT, TABLE_MOVE
from bot.config import Settings
from bot.games.base import TableMoves
from bot.storage import Store as SqliteStore
from bot.tables import Phase, Table

TICK = 0.010  # the ticker's period, seconds
LONG_CALLBACK = 0.005  # loop callbacks longer than this (seconds) are put down to their owner
#: Discord's per-channel message rate assumed here: 5 message operations per 5 s per channel
#: (the limit commonly cited for bots; Discord publishes no exact figure and answers 429 past it)
RATE_OPS, RATE_WINDOW = 5, 5.0
GOAL_LAG_P99_MS = 20.0
GOAL_CLICK_P99_MS = 20.0
GOAL_CALLS_PER_MEMBER_MOVE = 2.0
#: the busy tables' games, in turn: (game id, /play name, computer level, computers seated)
BUSY_GAMES: tuple[tuple[str, str, str | None, int], ...] = (
    ("prefa", "prefa", "strong", 2),
    ("primiera", "primiera", "strong", 3),
    ("cardano", "cardano", "strong", 2),
    ("prima_carta", "prima-carta", "sharp", 2),
    ("peg_leg", "peg-leg", None, 3),
    ("primero", "primero", None, 3),
)
CLICK_TIMEOUT = 10.0  # a click with no response after this long counts as lost
COPA_PROBABILITY = 0.65
INTERACTION_CALLBACK = ("interactions", "callback")
#: what caused a REST request: set around each click this bench dispatches (the bot's tasks
#: started while handling it inherit it); the table clock's task is told apart by its name
CAUSE: contextvars.ContextVar[tuple[str, int] | None] = contextvars.ContextVar("load_cause", default=None)
CLOCK_TASK = "ridotto-table-clock"


# ------------------------------------------------------------------ the wire
@dataclass
class Pending:
    """A click sent, waiting for the bot's response."""

    kind: str  # "quiet", "busy", "panel"
    table_id: int
    sent: float
    version: int
    answered: asyncio.Future[tuple[float, float]]  # when, and `simcord_cpu()` then
    simcord: float = 0.0  # `simcord_cpu()` when it was sent


@dataclass
class Wire:
    """Every REST request the bot makes, by channel and cause; responses to pending clicks."""

    channel_of_table: dict[int, int] = field(default_factory=dict)
    table_of_channel: dict[int, int] = field(default_factory=dict)
    pending: dict[int, Pending] = field(default_factory=dict)  # interaction id -> click
    recording: bool = False
    calls: Counter[tuple[int, str]] = field(default_factory=Counter)  # (table, cause) -> REST calls
    routes: Counter[str] = field(default_factory=Counter)
    ops: dict[int, deque[float]] = field(default_factory=lambda: defaultdict(deque))
    ops_all: dict[int, deque[float]] = field(default_factory=lambda: defaultdict(deque))
    ops_max: Counter[int] = field(default_factory=Counter)  # channel -> max ops in a window
    ops_all_max: Counter[int] = field(default_factory=Counter)
    changed: asyncio.Event | None = None  # set whenever a table's channel is written to
    dirty: set[int] = field(default_factory=set)
    #: edits of an interaction's answer (PATCH .../messages/@original) per table: at a quiet
    #: table, the picture a click was answered without, attached once drawn
    answer_edits: Counter[int] = field(default_factory=Counter)
    simcord_seconds: float = 0.0  # the loop thread's CPU inside SimCord's REST backend, all told

    def reset(self) -> None:
        self.answer_edits.clear()
        self.calls.clear()
        self.routes.clear()
        self.ops.clear()
        self.ops_all.clear()
        self.ops_max.clear()
        self.ops_all_max.clear()

    def channel(self, backend: Any, segments: list[str]) -> tuple[int | None, bool]:
        """The channel a request is about, and whether it is a channel message operation."""
        if len(segments) >= 3 and segments[0] == "channels" and segments[2] == "messages":
            return int(segments[1]), True
        if segments and segments[0] == "channels" and len(segments) >= 2:
            return int(segments[1]), False
        if segments and segments[0] in ("interactions", "webhooks") and len(segments) >= 3:
            token = segments[2]
            if token.startswith("simcord_interaction_"):
                record = backend.interactions.get(int(token.removeprefix("simcord_interaction_")))
                if record is not None:
                    return int(record.channel_id), False
        return None, False

    def seen(self, backend: Any, method: str, path: str) -> None:
        now = time.perf_counter()
        segments = path.strip("/").split("/")
        if segments[0] == "interactions" and segments[-1] == "callback" and len(segments) >= 2:
            click = self.pending.pop(int(segments[1]), None)
            if click is not None and not click.answered.done():
                click.answered.set_result((now, simcord_cpu()))
        channel, message_op = self.channel(backend, segments)
        table = self.table_of_channel.get(channel or 0)
        if table is None:
            return
        if self.changed is not None:
            self.dirty.add(table)
            self.changed.set()
        if not self.recording:
            return
        self.routes[f"{method} {_template(segments)}"] += 1
        self.calls[(table, cause())] += 1
        if method == "PATCH" and segments[0] == "webhooks" and segments[-1] == "@original":
            self.answer_edits[table] += 1
        writes = method in ("POST", "PATCH", "DELETE") and "reactions" not in segments
        if writes:
            _window(self.ops_all[table], self.ops_all_max, table, now)
            if message_op:
                _window(self.ops[table], self.ops_max, table, now)


def _window(times: deque[float], best: Counter[int], table: int, now: float) -> None:
    times.append(now)
    while times and times[0] <= now - RATE_WINDOW:
        times.popleft()
    best[table] = max(best[table], len(times))


def _template(segments: list[str]) -> str:
    """A route with its ids and tokens left out, for the breakdown."""
    return "/".join("{}" if part.isdigit() or part.startswith("simcord_") else part for part in segments)


def cause() -> str:
    """What made the bot send this request: a click (its kind) or the table moving by itself."""
    try:
        task = asyncio.current_task()
    except RuntimeError:
        task = None
    if task is not None and task.get_name() == CLOCK_TASK:
        return "auto"
    caused = CAUSE.get()
    return caused[0] if caused is not None else "auto"


WIRE = Wire()


def clock_children_automatic(loop: asyncio.AbstractEventLoop) -> None:
    """Tasks the table clock's task starts (and theirs) run for the table moving by itself, not
    for the click whose context the clock task happened to be started from: start them without
    a cause."""

    def factory(
        loop: asyncio.AbstractEventLoop,
        coro: Any,
        context: contextvars.Context | None = None,
    ) -> asyncio.Task[Any]:
        parent = asyncio.current_task(loop)
        if parent is not None and parent.get_name() == CLOCK_TASK:
            context = (context if context is not None else contextvars.copy_context()).copy()
            context.run(CAUSE.set, None)
        return asyncio.Task(coro, loop=loop, context=context)

    loop.set_task_factory(factory)


def patch_simcord() -> None:
    """Watch SimCord's REST backend: every request the bot makes passes its `dispatch`."""
    dispatch: Callable[..., Any] = simcord.http.router.dispatch

    def watched(backend: Any, method: str, path: str, *args: Any, **kwargs: Any) -> Any:
        began = time.thread_time()
        try:
            return dispatch(backend, method, path, *args, **kwargs)
        finally:
            WIRE.simcord_seconds += time.thread_time() - began
            WIRE.seen(backend, method, path)

    simcord.http.router.dispatch = watched


# ------------------------------------------------------------------ the loop's time
@dataclass
class LoopTime:
    """The loop callbacks longer than `LONG_CALLBACK`, by owner, and the collector's pauses."""

    recording: bool = False
    #: the loop thread's CPU in callbacks SimCord owns, less its REST backend's time inside
    #: them (counted in `Wire.simcord_seconds`), all told while recording
    simcord_own: float = 0.0
    long: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    gc: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    _gc_began: float = 0.0

    def reset(self) -> None:
        self.long.clear()
        self.gc.clear()

    def collecting(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_began = time.perf_counter()
        elif self.recording:
            self.gc[info["generation"]].append(time.perf_counter() - self._gc_began)


LOOP = LoopTime()


def simcord_cpu() -> float:
    """The loop thread's CPU in SimCord's own work so far: its callbacks (gateway events,
    settle bookkeeping, its timers) and its REST backend inside the bot's calls. In production
    that work is Discord's, on other machines, and the calls are network round trips during
    which the loop serves others: so a lag or a click less the SimCord work done on the loop
    meanwhile is what the bot alone would have cost (an estimate: work SimCord did for other
    tables meanwhile is taken out too, as it held up this click as much)."""
    return LOOP.simcord_own + WIRE.simcord_seconds


def owner(callback: Any) -> str:
    """Whose code a loop callback runs: a task's by the file of its coroutine, else the
    callback's module (SimCord wraps the callbacks it tracks: look inside)."""
    callback = getattr(callback, "__simcord_original_callback__", callback)
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        code = getattr(task.get_coro(), "cr_code", None)
        where = code.co_filename if code is not None else ""
    else:
        where = getattr(callback, "__module__", "") or ""
    if "simcord" in where:
        return "SimCord"
    if "bench" in where:
        return "bench"
    return "bot"


def time_the_loop() -> None:
    """Time every loop callback (`Handle._run`); put the long ones down to their owner, the
    time SimCord's REST backend took inside a bot callback to SimCord."""
    run = asyncio.events.Handle._run

    def timed(handle: asyncio.Handle) -> None:
        began, simcord_before = time.thread_time(), WIRE.simcord_seconds
        try:
            run(handle)
        finally:
            took = time.thread_time() - began
            who = owner(handle._callback) if LOOP.recording else ""  # type: ignore[attr-defined]
            inside = WIRE.simcord_seconds - simcord_before
            if who == "SimCord":
                LOOP.simcord_own += took - inside
            if LOOP.recording and took > LONG_CALLBACK:
                if who == "bot" and inside:
                    LOOP.long["SimCord inside the bot's"].append(inside)
                    took -= inside
                LOOP.long[who].append(took)

    asyncio.events.Handle._run = timed  # type: ignore[method-assign,assignment]
    gc.callbacks.append(LOOP.collecting)


# ------------------------------------------------------------------ figures
@dataclass
class Phase_:
    name: str
    seconds: float = 0.0
    lag: list[float] = field(default_factory=list)  # seconds over the tick
    clicks: list[float] = field(default_factory=list)  # quiet tables: dispatch -> response
    busy_clicks: list[float] = field(default_factory=list)
    #: the same less the loop thread's CPU in SimCord's own work meanwhile (`simcord_cpu`)
    lag_net: list[float] = field(default_factory=list)
    #: the lag less the loop thread's CPU meanwhile: the time it waited for a core (or for
    #: the GIL, held by another of the bot's threads), not for anyone's callback
    lag_off: list[float] = field(default_factory=list)
    clicks_net: list[float] = field(default_factory=list)
    panels: int = 0  # hand panels opened at busy tables
    versions: Counter[int] = field(default_factory=Counter)  # table -> state versions it moved on
    lost: int = 0
    member_moves: Counter[int] = field(default_factory=Counter)  # table -> moves its members made
    computer_moves: Counter[int] = field(default_factory=Counter)
    calls: Counter[tuple[int, str]] = field(default_factory=Counter)
    routes: Counter[str] = field(default_factory=Counter)
    ops_max: Counter[int] = field(default_factory=Counter)
    ops_all_max: Counter[int] = field(default_factory=Counter)
    pool_completed: int | None = None
    answer_edits: Counter[int] = field(default_factory=Counter)
    drawn_ahead: int = 0
    long: dict[str, list[float]] = field(default_factory=dict)
    gc: dict[int, list[float]] = field(default_factory=dict)


def ms(values: list[float], q: float) -> float:
    return percentile(values, q) * 1000


def triple(values: list[float]) -> str:
    if not values:
        return "   n/a /    n/a /    n/a"
    return f"{ms(values, 0.5):6.2f} / {ms(values, 0.99):6.2f} / {max(values) * 1000:6.2f}"


# ------------------------------------------------------------------ the room
@dataclass
class BusyTable:
    table_id: int
    game: str
    channel: simcord.ChannelHandle
    host: simcord.MemberActor
    panel: int | None = None  # the host's open hand panel (message id) and the token it shows
    panel_hand: int = -1
    refused: int = 0
    inflight: bool = False


class Load:
    def __init__(self, env: simcord.Env, bot: Ridotto, seed: int) -> None:
        self.env, self.bot = env, bot
        self.rng = random.Random(seed)
        self.run = Run(0)
        self.quiet = Driver(env, bot, self.run, self.rng)  # bench/clicks.py's room and seating
        self.busy: list[BusyTable] = []
        self.unexpected: list[str] = []
        self.stop = asyncio.Event()
        self.phase: Phase_ | None = None
        self.quiet_inflight: set[int] = set()

    # -------------------------------------------------------------- setup
    async def open_quiet(self, n: int) -> None:
        for i in range(n):
            channel = self.quiet.guild.create_text_channel(f"quiet-{i}")
            host = self.quiet.hosts[i % len(self.quiet.hosts)]
            result = await host.slash(channel, "play prima-carta", stake=STAKE)
            table = self.bot.tables.in_channel(channel.id)
            assert table is not None and result.response is not None, result
            seat = Seat(table.id, channel, result.response.message, host)
            self.quiet.seats.append(seat)
            await self.quiet.sit(seat, self.quiet.take_guest())
            self.watch(table.id, channel.id)

    async def open_busy(self, n: int) -> None:
        for i in range(n):
            game, name, level, computers = BUSY_GAMES[i % len(BUSY_GAMES)]
            channel = self.quiet.guild.create_text_channel(f"busy-{i}")
            host = self.quiet.guild.add_member(self.env.create_user(f"player{i}"))
            await self.bot.store.grant(self.quiet.guild.id, host.id, GRANT, "bench")
            options: dict[str, Any] = {"stake": STAKE}
            if level is not None:
                options["computer"] = level
            result = await host.slash(channel, f"play {name}", **options)
            table = self.bot.tables.in_channel(channel.id)
            if table is None or result.ephemeral or result.response is None:
                self.unexpected.append(f"/play {name}: {result.response and result.response.content!r}")
                continue
            self.watch(table.id, channel.id)
            for _ in range(computers):
                message = self.message(table)
                added = await host.click(
                    message, custom_id=TABLE_MOVE(table=table.id, version=table.version, key="bot")
                )
                if added.ephemeral:
                    self.unexpected.append(f"{game} add bot: {added.response and added.response.content!r}")
            self.busy.append(BusyTable(table.id, game, channel, host))

    def watch(self, table_id: int, channel_id: int) -> None:
        WIRE.channel_of_table[table_id] = channel_id
        WIRE.table_of_channel[channel_id] = table_id

    def message(self, table: Table) -> discord.Message:
        assert table.state.message_id is not None
        stored = self.env.backend.get_message(WIRE.channel_of_table[table.id], table.state.message_id)
        return to_discord_message(self.env, stored)

    # -------------------------------------------------------------- sending a click
    async def send(
        self,
        kind: str,
        member: simcord.MemberActor,
        table: Table,
        custom_id: str,
        *,
        message_id: int | None = None,
        values: tuple[str, ...] = (),
    ) -> tuple[float | None, float | None, int]:
        """Dispatch a click as Discord would and wait for the bot's response (not for it to
        settle). The seconds from dispatch to response (None if lost), the same less SimCord's
        own work on the loop meanwhile (`simcord_cpu`), and the interaction id."""
        backend = self.env.backend
        channel_id = WIRE.channel_of_table[table.id]
        shown = message_id or table.state.message_id
        assert shown is not None
        stored = backend.get_message(channel_id, shown)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values else 2}
        if values:
            data["values"] = list(values)
        record, payload = sim_interactions.base_payload(
            backend,
            type=3,  # MESSAGE_COMPONENT
            channel_id=channel_id,
            guild_id=self.quiet.guild.id,
            user_id=member.id,
            data=data,
        )
        payload["message"] = dict(serializers.message_payload(backend, stored))
        record.source_message_id = stored.id
        answered: asyncio.Future[tuple[float, float]] = asyncio.get_running_loop().create_future()
        click = Pending(kind, table.id, time.perf_counter(), table.version, answered, simcord_cpu())
        WIRE.pending[record.id] = click
        token = CAUSE.set((kind, table.id))
        try:
            backend.emit("INTERACTION_CREATE", payload)
        finally:
            CAUSE.reset(token)
        try:
            at, simcord = await asyncio.wait_for(asyncio.shield(answered), CLICK_TIMEOUT)
        except TimeoutError:
            WIRE.pending.pop(record.id, None)
            if self.phase is not None:
                self.phase.lost += 1
            return None, None, record.id
        took = at - click.sent
        return took, max(0.0, took - (simcord - click.simcord)), record.id

    def response_of(self, interaction_id: int) -> tuple[str | None, bool, int | None]:
        """What the bot answered a click with: its text, whether ephemeral, its message id."""
        result = simcord.InteractionResult(self.env, self.env.backend.interactions[interaction_id])
        response = result.response
        if response is None:
            return None, False, None
        return response.content, result.ephemeral, response.id

    # -------------------------------------------------------------- quiet tables
    async def quiet_click(self, seat: Seat) -> None:
        table = self.bot.tables.get(seat.table_id)
        if table is None:
            self.unexpected.append(f"quiet table {seat.table_id} closed")
            return
        key, member = self.quiet_move(table, seat)
        if key is None or member is None:
            return
        before = table.version
        took, net, interaction = await self.send(
            "quiet", member, table, TABLE_MOVE(table=table.id, version=table.version, key=key)
        )
        phase = self.phase
        if took is None or net is None or phase is None:
            return
        phase.clicks.append(took)
        phase.clicks_net.append(net)
        text, ephemeral, _ = self.response_of(interaction)
        if ephemeral:
            self.unexpected.append(f"quiet {key}: {text!r}")
        elif table.version != before:
            phase.member_moves[table.id] += 1

    def quiet_move(self, table: Table, seat: Seat) -> tuple[str | None, simcord.MemberActor | None]:
        state = table.state
        if state.phase in (Phase.LOBBY, Phase.BETWEEN):
            return "start", seat.host
        if state.phase is not Phase.PLAYING or table.game is None:
            return None, None
        to_act = table.to_act
        user_id = state.seats[to_act].user_id if to_act is not None else None
        if to_act is None or user_id is None:
            return None, None  # the house or the clock to move (a pause): skip this visit
        public = table.plugin.capability(TableMoves)
        keys = {m.key for m in public.moves(table.game, to_act)} if public is not None else set()
        key = "copa" if self.rng.random() < COPA_PROBABILITY else "fold"
        return (key if key in keys else "fold"), self.quiet.members[user_id]

    async def quiet_clicks(self, rate: float) -> None:
        """Members at the quiet tables click at a steady rate, one click in flight a table."""
        tasks: set[asyncio.Task[None]] = set()
        seats = self.quiet.seats
        visit = 0
        started = time.perf_counter()
        sent = 0
        while not self.stop.is_set() and seats:
            due = started + sent / rate
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            sent += 1
            for _ in range(len(seats)):
                seat = seats[visit % len(seats)]
                visit += 1
                if seat.table_id not in self.quiet_inflight:
                    break
            else:
                continue
            self.quiet_inflight.add(seat.table_id)
            task = asyncio.create_task(self._quiet_one(seat))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        if tasks:
            await asyncio.wait(tasks)

    async def _quiet_one(self, seat: Seat) -> None:
        try:
            await self.quiet_click(seat)
        finally:
            self.quiet_inflight.discard(seat.table_id)

    # -------------------------------------------------------------- busy tables
    async def busy_play(self) -> None:
        """Keep every busy table playing: deal between hands, play the member's turn."""
        assert WIRE.changed is not None
        tasks: set[asyncio.Task[None]] = set()
        by_id = {b.table_id: b for b in self.busy}
        WIRE.dirty.update(by_id)
        while not self.stop.is_set():
            WIRE.changed.clear()
            dirty = [by_id[t] for t in WIRE.dirty if t in by_id]
            WIRE.dirty.difference_update(by_id)
            for busy in dirty:
                if busy.inflight or busy.refused >= 3:
                    continue
                busy.inflight = True
                task = asyncio.create_task(self._busy_one(busy))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            stopping = asyncio.create_task(self.stop.wait())
            changed = asyncio.create_task(WIRE.changed.wait())
            await asyncio.wait({stopping, changed}, timeout=0.5, return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            changed.cancel()
            if not dirty:  # nothing written for a while: look at every table again
                WIRE.dirty.update(by_id)
        if tasks:
            await asyncio.wait(tasks)

    async def _busy_one(self, busy: BusyTable) -> None:
        try:
            await self.busy_move(busy)
        finally:
            busy.inflight = False

    async def busy_move(self, busy: BusyTable) -> None:
        table = self.bot.tables.get(busy.table_id)
        if table is None:
            return
        state = table.state
        if state.phase in (Phase.LOBBY, Phase.BETWEEN):
            await self.busy_click(busy, table, TABLE_MOVE(table=table.id, version=table.version, key="start"))
            return
        if state.phase is not Phase.PLAYING or table.game is None:
            return
        index = table.seat_of(busy.host.id)
        seat = table.engine_seat(index) if index is not None else None
        if index is None or seat is None or seat not in table.turn().awaiting:
            return
        plugin, game = table.plugin, table.game
        key, values = plugin.encode(game, seat, plugin.timeout_action(game, seat))
        public = plugin.capability(TableMoves)
        if public is not None and key in {m.key for m in public.moves(game, seat)}:
            await self.busy_click(busy, table, TABLE_MOVE(table=table.id, version=table.version, key=key))
            return
        if busy.panel is None or busy.panel_hand != state.hand_no:
            hand = TABLE_MOVE(table=table.id, version=table.version, key="hand")
            took, _, interaction = await self.send("panel", busy.host, table, hand)
            text, ephemeral, message_id = (
                self.response_of(interaction) if took is not None else (None, False, None)
            )
            if message_id is None or not ephemeral:
                self.refuse(busy, f"{busy.game} hand panel: {text!r}")
                return
            busy.panel, busy.panel_hand = message_id, state.hand_no
            if self.phase is not None:
                self.phase.panels += 1
        choice = state.seats[index].choice
        form = PANEL_SELECT if values else PANEL_BUTTON
        custom = form(table=table.id, seat=choice, token=table.panel_token(index), key=key)
        await self.busy_click(busy, table, custom, message_id=busy.panel, values=values)

    async def busy_click(
        self,
        busy: BusyTable,
        table: Table,
        custom_id: str,
        *,
        message_id: int | None = None,
        values: tuple[str, ...] = (),
    ) -> None:
        before = table.version
        took, _, interaction = await self.send(
            "busy", busy.host, table, custom_id, message_id=message_id, values=values
        )
        phase = self.phase
        if took is None or phase is None:
            return
        phase.busy_clicks.append(took)
        text, ephemeral, _ = self.response_of(interaction)
        if ephemeral and table.version == before:
            self.refuse(busy, f"{busy.game} {custom_id.split(':')[-1]}: {text!r}")
        elif table.version != before:
            busy.refused = 0
            phase.member_moves[table.id] += 1

    def refuse(self, busy: BusyTable, what: str) -> None:
        busy.refused += 1
        if busy.refused >= 3:  # the same refusal over and over: leave this table alone
            self.unexpected.append(what)

    # -------------------------------------------------------------- decisions
    def count_computer_moves(self) -> None:
        """Count every computer move the table service applies (`Hands.apply` for a computer's
        seat that moved the table on), inline or from a worker pool alike."""
        hands = getattr(self.bot.tables, "hands", None)
        apply = getattr(hands, "apply", None)
        if hands is None or apply is None:
            self.unexpected.append("Hands.apply not found: computer moves are not counted")
            return

        async def counted(table: Table, seat: int, *args: Any, **kwargs: Any) -> Any:
            before = table.version
            result = await apply(table, seat, *args, **kwargs)
            if table.version != before and table.seat_for(seat).is_computer:
                # What this task sends from here on (the move shown) is the computer's doing,
                # whichever click's task it runs in: mark it so (not reset on purpose).
                CAUSE.set(("auto", table.id))
                if self.phase is not None:
                    self.phase.computer_moves[table.id] += 1
            return result

        hands.apply = counted

    def drawn_ahead(self) -> int:
        """Table pictures the bot drew ahead so far (0 for a bot that draws none ahead)."""
        pictures = getattr(getattr(self.bot, "display", None), "pictures", None)
        return int(getattr(pictures, "drawn_ahead", 0))

    def versions(self) -> Counter[int]:
        """Each open table's state version (one more for every change it committed)."""
        return Counter({t.id: t.version for t in self.bot.tables.tables.values()})

    def pool_completed(self) -> int | None:
        """The worker pool's count of completed decisions, if the bot has a pool."""
        for owner in (self.bot, self.bot.tables, getattr(self.bot.tables, "autoplay", None)):
            workers = getattr(owner, "workers", None)
            completed = getattr(workers, "completed", None)
            if isinstance(completed, int):
                return completed
        return None

    # -------------------------------------------------------------- a phase
    async def measure(self, phase: Phase_, seconds: float, rate: float, busy: bool) -> None:
        self.stop.clear()
        gc.collect()
        WIRE.reset()
        LOOP.reset()
        self.phase = phase
        WIRE.recording = LOOP.recording = True
        completed = self.pool_completed()
        ahead = self.drawn_ahead()
        versions = self.versions()
        began = time.perf_counter()

        async def tick() -> None:
            while not self.stop.is_set():
                at, simcord, cpu = time.perf_counter(), simcord_cpu(), time.thread_time()
                await asyncio.sleep(TICK)
                lag = max(0.0, time.perf_counter() - at - TICK)
                phase.lag.append(lag)
                phase.lag_net.append(max(0.0, lag - (simcord_cpu() - simcord)))
                phase.lag_off.append(min(lag, max(0.0, lag - (time.thread_time() - cpu))))

        workers = [asyncio.create_task(tick()), asyncio.create_task(self.quiet_clicks(rate))]
        if busy:
            workers.append(asyncio.create_task(self.busy_play()))
        await asyncio.sleep(seconds)
        self.stop.set()
        phase.seconds = time.perf_counter() - began
        WIRE.recording = LOOP.recording = False
        phase.answer_edits = Counter(WIRE.answer_edits)
        phase.drawn_ahead = self.drawn_ahead() - ahead
        phase.long = {who: list(times) for who, times in LOOP.long.items()}
        phase.gc = {generation: list(times) for generation, times in LOOP.gc.items()}
        await asyncio.gather(*workers)
        self.phase = None
        phase.calls, phase.routes = Counter(WIRE.calls), Counter(WIRE.routes)
        phase.ops_max, phase.ops_all_max = Counter(WIRE.ops_max), Counter(WIRE.ops_all_max)
        phase.versions = self.versions()
        phase.versions.subtract(versions)
        after = self.pool_completed()
        if completed is not None and after is not None:
            phase.pool_completed = after - completed

    def trim(self) -> None:
        """SimCord keeps every request and gateway event for its transcript: drop them between
        phases so memory stays flat (nothing here reads them)."""
        self.env.backend.http_requests.clear()
        self.env.backend.transcript.clear()


# ------------------------------------------------------------------ report
def per_move(calls: Counter[tuple[int, str]], moves: Counter[int], tables: set[int], causes: set[str]) -> str:
    n = sum(moves[t] for t in tables)
    c = sum(v for (t, why), v in calls.items() if t in tables and why in causes)
    return f"{c / n:6.2f}  ({c} calls / {n} moves)" if n else "   n/a  (no moves)"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def report(phases: list[Phase_], load: Load, args: argparse.Namespace) -> None:
    quiet = {s.table_id for s in load.quiet.seats}
    busy = {b.table_id for b in load.busy}
    print()
    print(f"{'':42} {'baseline':>28} {'loaded':>28}  loaded/baseline (p99)")
    base, loaded = phases

    def line(
        label: str, render: Callable[[Phase_], str], ratio: Callable[[Phase_], float] | None = None
    ) -> None:
        times = ""
        if ratio is not None and ratio(base) > 0:
            times = f"  x{ratio(loaded) / ratio(base):.1f}"
        print(f"{label:<42} {render(base):>28} {render(loaded):>28}{times}")

    line("measured seconds", lambda p: f"{p.seconds:.1f}")
    line("loop lag p50 / p99 / max (ms)", lambda p: triple(p.lag), lambda p: ms(p.lag, 0.99))
    line("  without SimCord's own work", lambda p: triple(p.lag_net), lambda p: ms(p.lag_net, 0.99))
    line(
        "  of it off the CPU (waiting for a core)", lambda p: triple(p.lag_off), lambda p: ms(p.lag_off, 0.99)
    )
    line("click latency p50 / p99 / max (ms)", lambda p: triple(p.clicks), lambda p: ms(p.clicks, 0.99))
    line("  without SimCord's own work", lambda p: triple(p.clicks_net), lambda p: ms(p.clicks_net, 0.99))
    line("  quiet-table clicks answered (lost)", lambda p: f"{len(p.clicks)} ({p.lost})")
    line("  busy-table member clicks p50/p99/max", lambda p: triple(p.busy_clicks))
    line("REST calls per member move (quiet)", lambda p: per_move(p.calls, p.member_moves, quiet, {"quiet"}))
    line(
        "  quiet answers whose picture followed",
        lambda p: f"{sum(p.answer_edits[t] for t in quiet)} of {sum(p.member_moves[t] for t in quiet)}",
    )
    line("  table pictures drawn ahead", lambda p: str(p.drawn_ahead))
    line(
        "REST calls per member move (busy)",
        lambda p: per_move(p.calls, p.member_moves, busy, {"busy"}),
    )
    line(
        "  busy: hand panels opened (REST calls)",
        lambda p: f"{p.panels} ({sum(v for (_, why), v in p.calls.items() if why == 'panel')})",
    )
    line("REST calls per computer move", lambda p: per_move(p.calls, p.computer_moves, busy, {"auto"}))
    line(
        f"channel msg ops per {RATE_WINDOW:.0f} s, max quiet / busy",
        lambda p: f"{_most(p.ops_max, quiet)} / {_most(p.ops_max, busy)}",
    )
    line(
        "  channels above the rate",
        lambda p: f"{sum(1 for v in p.ops_max.values() if v > RATE_OPS)} of {len(p.ops_max)}",
    )
    line(
        "  incl. interaction responses, quiet / busy",
        lambda p: f"{_most(p.ops_all_max, quiet)} / {_most(p.ops_all_max, busy)}",
    )
    line(
        "decisions/s (computer moves applied)",
        lambda p: decisions(p, busy),
    )
    line(
        "  pool completed/s",
        lambda p: "no pool" if p.pool_completed is None else f"{p.pool_completed / p.seconds:.1f}",
    )
    print(
        f"loop callbacks over {LONG_CALLBACK * 1000:.0f} ms of the loop thread's CPU, count / total / max ms"
    )
    for who in ("bot", "SimCord", "SimCord inside the bot's", "bench"):
        line(f"  {who}", partial(_owned, who))
    for generation in (0, 1, 2):
        line(f"  gc generation {generation} pauses", partial(_paused, generation))
    by_game: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for b in load.busy:
        figures = by_game[b.game]
        figures[0] += loaded.computer_moves[b.table_id]
        figures[1] += loaded.member_moves[b.table_id]
        figures[2] += loaded.versions[b.table_id]
        figures[3] += 1 if loaded.computer_moves[b.table_id] == 0 else 0
    print(
        "  busy tables while loaded, by game: computer moves / member moves / versions committed "
        "(both, and deals) / tables with no computer move:\n    "
        + ", ".join(f"{g} {c}/{m}/{v}/{idle}" for g, (c, m, v, idle) in by_game.items())
    )
    print("  REST calls by route (loaded): " + ", ".join(f"{r} {n}" for r, n in loaded.routes.most_common(8)))
    print(
        f"\nassumed Discord message rate: {RATE_OPS} message operations (send/edit/delete on "
        f"/channels/{{id}}/messages) per {RATE_WINDOW:.0f} s per channel; interaction responses and "
        "their follow-ups go to the interaction webhook, counted on the 'incl.' line only"
    )
    mean_calls = _ratio(loaded.calls, loaded.member_moves, quiet | busy, {"quiet", "busy"})
    goals = [
        (
            f"loaded loop lag p99 <= {GOAL_LAG_P99_MS:.0f} ms",
            f"{ms(loaded.lag, 0.99):.2f} ms",
            ms(loaded.lag, 0.99) <= GOAL_LAG_P99_MS,
        ),
        (
            "  the same without SimCord's own work",
            f"{ms(loaded.lag_net, 0.99):.2f} ms",
            ms(loaded.lag_net, 0.99) <= GOAL_LAG_P99_MS,
        ),
        (
            f"loaded click p99 <= {GOAL_CLICK_P99_MS:.0f} ms",
            f"{ms(loaded.clicks, 0.99):.2f} ms",
            bool(loaded.clicks) and ms(loaded.clicks, 0.99) <= GOAL_CLICK_P99_MS and not loaded.lost,
        ),
        (
            "  the same without SimCord's own work",
            f"{ms(loaded.clicks_net, 0.99):.2f} ms",
            bool(loaded.clicks_net) and ms(loaded.clicks_net, 0.99) <= GOAL_CLICK_P99_MS and not loaded.lost,
        ),
        (
            f"no channel above {RATE_OPS} msg ops / {RATE_WINDOW:.0f} s",
            f"max {max((v for p in phases for v in p.ops_max.values()), default=0)}",  # both phases
            all(v <= RATE_OPS for p in phases for v in p.ops_max.values()),
        ),
        (
            f"<= {GOAL_CALLS_PER_MEMBER_MOVE:.0f} calls per member move (mean, all)",
            f"{mean_calls:.2f}",
            mean_calls <= GOAL_CALLS_PER_MEMBER_MOVE,
        ),
    ]
    print("\ngoals (issue 21):")
    for label, figure, ok in goals:
        print(f"  {label:<40} {figure:>12}   {verdict(ok)}")


def decisions(phase: Phase_, busy: set[int]) -> str:
    """Computer moves applied per second; should `Hands.apply` no longer see them (the bot
    changed), the busy tables' committed versions less their members' moves instead."""
    counted = sum(phase.computer_moves.values())
    if counted or not phase.seconds:
        return f"{counted / phase.seconds:.1f}" if phase.seconds else "n/a"
    others = max(sum(phase.versions[t] - phase.member_moves[t] for t in busy), 0)
    return f"{others / phase.seconds:.1f} (from versions)" if others else "0.0"


def _spread(times: list[float]) -> str:
    return f"{len(times)} / {sum(times) * 1000:.0f} / {max(times, default=0.0) * 1000:.1f}"


def _owned(who: str, phase: Phase_) -> str:
    return _spread(phase.long.get(who, []))


def _paused(generation: int, phase: Phase_) -> str:
    return _spread(phase.gc.get(generation, []))


def _most(counts: Counter[int], tables: set[int]) -> int:
    return max((v for t, v in counts.items() if t in tables), default=0)


def _ratio(calls: Counter[tuple[int, str]], moves: Counter[int], tables: set[int], causes: set[str]) -> float:
    n = sum(moves[t] for t in tables)
    c = sum(v for (t, why), v in calls.items() if t in tables and why in causes)
    return c / n if n else float("nan")


# ------------------------------------------------------------------ main
async def in_real_time(env: simcord.Env) -> None:
    """Keep SimCord's clock in step with the wall clock. It stands still unless a test moves
    it, but the bot under load lives in real time: its table clock and the waits for room in
    a channel's message rate read the UTC clock SimCord steers (a frozen one would never let
    a channel's window pass)."""
    reads_the_wall(env)
    last = time.perf_counter()
    while True:
        await asyncio.sleep(TICK)
        now = time.perf_counter()
        env.backend.clock.advance(now - last)
        last = now
        keep_simcord_timers_firing(env)


def reads_the_wall(env: simcord.Env) -> None:
    """Between two of `in_real_time`'s steps, SimCord's clock reads as far on as the wall
    clock has gone since the last step. Stepped alone it lags the wall clock by up to a step
    and the loop's lag, and by a different amount at each reading: the bot, which counts its
    message operations on that clock, then saw two operations 5.004 s apart that reached
    SimCord 4.975 s apart (six in a 5 s window measured here on the wall clock)."""
    clock = env.backend.clock
    step, synced = clock.advance, time.perf_counter()
    epoch: datetime = clock._epoch

    def advance(seconds: float) -> None:
        nonlocal synced
        step(seconds)
        synced = time.perf_counter()

    def now() -> datetime:
        return epoch + timedelta(seconds=clock.elapsed + time.perf_counter() - synced)

    clock.advance, clock.now = advance, now  # type: ignore[method-assign]


def keep_simcord_timers_firing(env: simcord.Env) -> None:
    """SimCord fires a bot's timer in real time by advancing its virtual clock and settling
    the bot (`advance_real`); a settle that times out (a bot under load never settles: some
    piece of its work is always in flight) is kept as the failure of that advance, to be
    raised by the next operation the harness makes, and until then every later timer of the
    bot only re-arms itself and never fires: the tables' clock stops, and with it every
    computer in the room. Nothing here makes another harness operation, so the failure is
    dropped (it has been seen: SimCord's callback read it) and the next timer advances again."""
    advancing = getattr(env, "_real_advance_task", None)
    if advancing is not None and advancing.done() and (advancing.cancelled() or advancing.exception()):
        env._real_advance_task = None


async def bench(args: argparse.Namespace, db: Path) -> int:
    settings = Settings(discord_token=None, database_path=db, computer_delay=0, dev_guild_id=None)
    seeds = random.Random(args.seed + 1)
    ridotto = create_bot(settings, seeds=lambda: seeds.getrandbits(63))
    print(
        f"WORKERS setting: {getattr(settings, 'workers', 'none (no pool on this branch)')}, "
        f"WORKER_NICE {getattr(settings, 'worker_nice', 10)}, "
        f"DRAWING_NICE {getattr(settings, 'drawing_nice', 0)}"
    )
    async with simcord.run(ridotto, shard_count=1) as env:
        clock = asyncio.create_task(in_real_time(env))
        load = Load(env, ridotto, args.seed)
        assert isinstance(ridotto.store, SqliteStore)  # the bench runs the bot on SQLite
        mode = await ridotto.store.pragma("journal_mode")
        sync = await ridotto.store.pragma("synchronous")
        print(f"database: {db} on {filesystem(db.parent)}, journal_mode={mode} synchronous={sync} (2 = FULL)")
        WIRE.changed = asyncio.Event()
        clock_children_automatic(asyncio.get_running_loop())
        try:
            for member in load.quiet.members.values():
                await ridotto.store.grant(load.quiet.guild.id, member.id, GRANT, "bench")
            began = time.perf_counter()
            await load.open_quiet(args.tables - args.busy)
            await load.open_busy(args.busy)
            load.count_computer_moves()
            print(
                f"setup: {len(load.quiet.seats)} quiet Prima Carta tables (two members each), "
                f"{len(load.busy)} busy tables (one member + computers: "
                + ", ".join(f"{g} {lvl or 'basic'} x{c}" for g, _, lvl, c in BUSY_GAMES)
                + f") in {time.perf_counter() - began:.1f} s"
            )
            await warmed(ridotto)
            load.trim()
            phases = [Phase_("baseline"), Phase_("loaded")]
            await load.measure(phases[0], args.seconds, args.rate, busy=False)
            load.trim()
            await load.measure(phases[1], args.seconds, args.rate, busy=True)
            load.trim()
            report(phases, load, args)
            audit = await ridotto.store.audit()
            if not audit.ok:
                load.unexpected.append(f"chip audit fails: {audit}")
            errors = list(env.errors)
            if errors:
                load.unexpected.append(f"{len(errors)} errors in the bot's callbacks: {errors[:3]!r}")
        finally:
            load.stop.set()
            clock.cancel()
            await env.bot.close()
    if load.unexpected:
        print(f"\nUNEXPECTED ({len(load.unexpected)}): {load.unexpected[:6]}")
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    lighten_simcord()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, help="open tables (default 200; 40 with --quick)")
    parser.add_argument(
        "--busy", type=int, help="of which busy, with computers (default 100; 20 with --quick)"
    )
    parser.add_argument(
        "--seconds", type=float, help="measured seconds per phase (default 30; 10 with --quick)"
    )
    parser.add_argument("--rate", type=float, default=10.0, help="quiet-table clicks per second (default 10)")
    parser.add_argument("--quick", action="store_true", help="a run of about a minute")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.tables = args.tables if args.tables is not None else (40 if args.quick else 200)
    args.busy = args.busy if args.busy is not None else args.tables // 2
    args.seconds = args.seconds if args.seconds is not None else (10.0 if args.quick else 30.0)
    if not 0 <= args.busy < args.tables or args.seconds <= 0 or args.rate <= 0:
        parser.error("need 0 <= --busy < --tables, and positive --seconds and --rate")
    patch_simcord()
    time_the_loop()
    print("Ridotto bench: the bot under load, through SimCord (bench/load.py)")
    print(
        f"python {platform.python_version()} on {platform.platform()}, {os.cpu_count()} CPUs, "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(
        f"discord.py {discord.__version__}, simcord {simcord.__version__}; {args.tables} tables, "
        f"{args.busy} busy, {args.seconds:g} s a phase, {args.rate:g} quiet clicks/s, seed {args.seed}, "
        "computer_delay=0"
    )
    with tempfile.TemporaryDirectory(prefix="ridotto-load-") as tmp:
        status = asyncio.run(bench(args, Path(tmp) / "load.db"))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return status


if __name__ == "__main__":
    sys.exit(main())
