"""Bot-side time per button click with 1, 50 and 500 open tables, through SimCord.

    python bench/clicks.py [--tables 1,50,500] [--clicks K] [--languages en,it,el,es] [--dir DIR] [--profile]

For each table count N a fresh bot runs against SimCord and a fresh SQLite file (WAL,
``synchronous=FULL``, as in production; ``computer_delay=0``). Setup opens N Prima Carta
tables at stake 1 in N channels with /play, seats a second member at each (Join, then a
suit on the ephemeral picker) and adds a computer player at every other table. The
measured workload then visits the tables round-robin; at each visit the guest leaves, the
next guest joins (Join + suit), the host deals, and the members to act pay the copa or
fold until the hand ends. Every one of those clicks but Join commits one transaction.

Figures, in milliseconds, measured with ``time.perf_counter``:

* bot-side: from the start of ``Tables.on_click`` (called by ``TableButton.callback``) to
  its return, i.e. until the bot's response and table edits have been sent. Timed by
  wrapping ``on_click`` on the cog instance; the bot's code is not changed.
* of which SimCord REST: the part of that spent inside SimCord's in-process REST backend
  (``simcord.http.router.dispatch``) answering the bot's requests, minus the gateway events
  it feeds back to discord.py. In production those are network round trips instead.
* end-to-end: ``await member.click(...)``, SimCord's own simulation of the interaction,
  the gateway, settling the bot's background work (computer moves) included.

``--languages`` runs the same clicks once per language the server's tables speak (set by an
admin's ``/settings language``, as a server would; the members' own Discord is en-US, so
their ephemeral replies stay English) and prints each language's bot-side median and CPU
per click against English's at the same table count (issue 26: no more than 10% over).

Not a test: it prints figures and asserts nothing about timings.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import io
import os
import platform
import pstats
import random
import sqlite3
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord
import simcord
import simcord._runtime
import simcord.env
import simcord.gateway
import simcord.http.router

from bot.app import Ridotto, create_bot
from bot.components import TABLE_MOVE
from bot.config import Settings
from bot.games.base import TableMoves
from bot.storage import Store as SqliteStore
from bot.tables import Phase, Table

STAKE = 1  # spiga 1, copa at most 9: members never run short, however many hands they play
HOSTS = 10
GUESTS = 20
GRANT = 1_000_000
TARGET_P99_MS = 20.0
WARMUP_CYCLES = 3
COPA_PROBABILITY = 0.65


# ------------------------------------------------------------------ timing
@dataclass
class Sample:
    kind: str
    bot: float  # seconds inside on_click
    sim: float  # seconds of that inside SimCord's REST backend (gateway feeds excluded)
    settle: float  # seconds of that in SimCord's settle bookkeeping (another task, same loop)
    e2e: float = 0.0  # seconds of `await member.click(...)`


@dataclass
class Meter:
    """Times on_click; splits off SimCord's REST backend time while a click is timed."""

    active: bool = False
    recording: bool = False
    dispatch: float = 0.0
    fed: float = 0.0  # gateway feeds nested inside a dispatch (discord.py parsing: bot work)
    settle: float = 0.0  # SimCord's settle-loop bookkeeping that ran while the click was timed
    in_dispatch: int = 0
    pending: list[Sample] = field(default_factory=list)


METER = Meter()
#: SimCord's per-settle-turn classification helpers, as env.py imports them (no bot code runs in them)
SETTLE_BOOKKEEPING = (
    "_virtualize_recognized_waits",
    "_is_parked",
    "_active_callbacks",
    "_callback_is_parked",
    "_owned_tasks",
)


def lighten_simcord() -> None:
    """Make SimCord's callback records compare by identity.

    SimCord keeps the bot's pending callbacks in a list and takes each out as it runs
    (`list.remove`), which compares records field by field: a dataclass `__eq__` that also
    compares asyncio handles, in Python. With the hundreds of timers a few hundred tables
    keep pending, that harness cost alone took a quarter of the event loop in
    `bench/load.py` (py-spy), growing with the bot's timers, not with anything Discord
    would do. A record is the same record only when it is the same object, so comparing by
    identity removes exactly the record SimCord means, in C. Nothing else changes.
    """
    record = getattr(simcord._runtime, "_CallbackRecord", None)
    if record is not None:
        record.__eq__ = object.__eq__


def _patch_simcord() -> bool:
    """Wrap SimCord's REST dispatch, gateway feed and settle bookkeeping to attribute time.

    Returns False (no breakdown) if SimCord's internals are not where this expects them.
    """
    dispatch = getattr(simcord.http.router, "dispatch", None)
    gateway = getattr(simcord.gateway, "FakeGateway", None)
    settle_names = [name for name in SETTLE_BOOKKEEPING if callable(getattr(simcord.env, name, None))]
    if (
        dispatch is None
        or gateway is None
        or not hasattr(gateway, "feed")
        or len(settle_names) != len(SETTLE_BOOKKEEPING)
    ):
        return False
    feed = gateway.feed

    def timed_dispatch(*args: Any, **kwargs: Any) -> Any:
        if not METER.active:
            return dispatch(*args, **kwargs)
        METER.in_dispatch += 1
        began = time.perf_counter()
        try:
            return dispatch(*args, **kwargs)
        finally:
            METER.dispatch += time.perf_counter() - began
            METER.in_dispatch -= 1

    def timed_feed(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not (METER.active and METER.in_dispatch):
            return feed(self, *args, **kwargs)
        began = time.perf_counter()
        try:
            return feed(self, *args, **kwargs)
        finally:
            METER.fed += time.perf_counter() - began

    def timed_settle(function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if not METER.active:
                return function(*args, **kwargs)
            began = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                METER.settle += time.perf_counter() - began

        return timed

    simcord.http.router.dispatch = timed_dispatch
    gateway.feed = timed_feed
    for name in settle_names:
        setattr(simcord.env, name, timed_settle(getattr(simcord.env, name)))
    return True


def custom_id(table: Table, key: str) -> str:
    return TABLE_MOVE(table=table.id, version=table.version, key=key)


def instrument(bot: Ridotto) -> None:
    """Time every call of the Tables cog's on_click (routed again to a timed wrapper)."""
    cog = bot.get_cog("Tables")
    assert cog is not None
    original = cog.on_click  # type: ignore[attr-defined]

    async def timed_on_click(interaction: discord.Interaction, values: list[str], **fields: Any) -> None:
        METER.active, METER.dispatch, METER.fed, METER.settle = True, 0.0, 0.0, 0.0
        began = time.perf_counter()
        key = str(fields["key"])
        try:
            await original(interaction, values, **fields)
        finally:
            elapsed = time.perf_counter() - began
            METER.active = False
            if METER.recording:
                kind = "pick" if key.startswith("join.") else key
                METER.pending.append(Sample(kind, elapsed, METER.dispatch - METER.fed, METER.settle))

    bot.router.off(original)
    bot.router.on(TABLE_MOVE, timed_on_click)


def count_trips(bot: Ridotto, run: Run) -> None:
    """Count the store's trips to its database thread (each one a wake of that thread and
    of the event loop, where a busy machine's scheduler adds its delays)."""
    store = bot.store
    assert isinstance(store, SqliteStore)  # the bench runs the bot on SQLite
    sent = store._call

    async def counted(fn: Callable[..., Any], *args: Any) -> Any:
        if METER.recording:
            run.trips += 1
        return await sent(fn, *args)

    store._call = counted  # type: ignore[method-assign]


def said(result: simcord.InteractionResult) -> str | None:
    """The text the bot answered with, or None if it answered with no message."""
    return None if result.response is None else result.response.content


def percentile(values: list[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    pos = q * (len(ordered) - 1)
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "median": percentile(values, 0.5) * 1000,
        "p90": percentile(values, 0.9) * 1000,
        "p99": percentile(values, 0.99) * 1000,
        "max": max(values, default=float("nan")) * 1000,
    }


def row(label: str, values: list[float], width: int = 38) -> str:
    s = summary(values)
    return (
        f"  {label:<{width}} {s['n']:>6} {s['median']:>8.2f} {s['p90']:>8.2f} {s['p99']:>8.2f} "
        f"{s['max']:>8.2f}"
    )


def header_row(width: int = 38) -> str:
    return f"  {'(milliseconds)':<{width}} {'count':>6} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}"


# ------------------------------------------------------------------ the room
@dataclass
class Seat:
    table_id: int
    channel: simcord.ChannelHandle
    message: discord.Message
    host: simcord.MemberActor
    guest: simcord.MemberActor | None = None


@dataclass
class Run:
    n: int
    language: str = "en"
    setup_seconds: float = 0.0
    setup_interactions: int = 0
    computers: int = 0
    measure_seconds: float = 0.0
    cycles: int = 0
    hands: int = 0
    unexpected: list[str] = field(default_factory=list)
    samples: list[Sample] = field(default_factory=list)
    journal: str = ""
    profile: str = ""
    cpu_seconds: float = 0.0  # process CPU over the measured clicks (SimCord's work included)
    trips: int = 0  # trips to the database thread during the measured clicks
    cached_messages: int = 0  # discord.py's message cache at the end of the run
    late: int = 0  # answers whose new table picture followed in an edit (measured clicks)
    ahead: int = 0  # table pictures drawn ahead during the measured clicks


class Driver:
    def __init__(self, env: simcord.Env, bot: Ridotto, run: Run, rng: random.Random) -> None:
        self.env, self.bot, self.run, self.rng = env, bot, run, rng
        self.guild = env.create_guild("Ridotto Bench")
        self.hosts = [self.guild.add_member(env.create_user(f"host{i}")) for i in range(HOSTS)]
        self.guests = [self.guild.add_member(env.create_user(f"guest{i}")) for i in range(GUESTS)]
        self.members = {m.id: m for m in [*self.hosts, *self.guests]}
        self.next_guest = 0
        self.seats: list[Seat] = []

    async def speak(self, language: str) -> None:
        """The server's tables speak ``language``: an admin sets it with /settings, as on a
        real server (outside the timing)."""
        croupiers = self.guild.create_role("Croupiers", permissions=discord.Permissions(manage_guild=True))
        admin = self.guild.add_member(self.env.create_user("croupier"), roles=[croupiers])
        result = await admin.slash(self.guild.create_text_channel("settings"), "settings", language=language)
        settings = await self.bot.store.guild_settings(self.guild.id)
        if settings.language != language:
            raise SystemExit(f"/settings language={language} was not kept: {said(result)!r}")

    def table(self, seat: Seat) -> Table:
        table = self.bot.tables.get(seat.table_id)
        assert table is not None, f"table {seat.table_id} closed"
        return table

    def take_guest(self) -> simcord.MemberActor:
        guest = self.guests[self.next_guest % GUESTS]
        self.next_guest += 1
        return guest

    async def click(
        self,
        member: simcord.MemberActor,
        message: Any,
        *,
        label: str | None = None,
        key_id: str | None = None,
    ) -> simcord.InteractionResult:
        """One timed click; pairs the end-to-end time with the on_click sample it produced."""
        METER.pending.clear()
        began = time.perf_counter()
        result = await member.click(message, label=label, custom_id=key_id)
        e2e = time.perf_counter() - began
        if METER.recording:
            if len(METER.pending) != 1:
                self.run.unexpected.append(f"{len(METER.pending)} on_click calls for one click")
            for sample in METER.pending:
                sample.e2e = e2e
                self.run.samples.append(sample)
            METER.pending.clear()
        return result

    async def table_click(self, member: simcord.MemberActor, seat: Seat, key: str) -> None:
        result = await self.click(member, seat.message, key_id=custom_id(self.table(seat), key))
        if result.ephemeral:  # a refusal: every table click in this workload should be public
            self.run.unexpected.append(f"{key}: {said(result)!r}")

    async def sit(self, seat: Seat, guest: simcord.MemberActor) -> None:
        picker = await self.click(guest, seat.message, key_id=custom_id(self.table(seat), "join"))
        if picker.response is None or picker.response.content != "Choose your suit:":
            self.run.unexpected.append(f"join: {said(picker)!r}")
            return
        row = picker.response.message.components[0]
        assert isinstance(row, discord.ActionRow) and isinstance(row.children[0], discord.Button)
        first = row.children[0].label
        result = await self.click(guest, picker.response.message, label=first)
        if said(result) != "You're seated. Good luck!":
            self.run.unexpected.append(f"pick: {said(result)!r}")
            return
        seat.guest = guest

    async def open_tables(self) -> None:
        for i in range(self.run.n):
            channel = self.guild.create_text_channel(f"table-{i}")
            host = self.hosts[i % HOSTS]
            result = await host.slash(channel, "play prima-carta", stake=STAKE)
            table = self.bot.tables.in_channel(channel.id)
            assert table is not None and result.response is not None and not result.ephemeral, said(result)
            seat = Seat(table.id, channel, result.response.message, host)
            self.seats.append(seat)
            await self.sit(seat, self.take_guest())
            self.run.setup_interactions += 3
            if i % 2 == 1:
                await self.table_click(host, seat, "bot")
                self.run.computers += 1
                self.run.setup_interactions += 1

    async def cycle(self, seat: Seat) -> None:
        """Leave, Join + suit, deal, then copa/fold until the hand is over."""
        table = self.table(seat)
        if seat.guest is not None:
            await self.table_click(seat.guest, seat, "leave")
            seat.guest = None
        await self.sit(seat, self.take_guest())
        await self.table_click(seat.host, seat, "start")
        if table.state.phase is Phase.PLAYING:
            self.run.hands += 1
        for _ in range(50):
            if table.state.phase is not Phase.PLAYING:
                break
            to_act = table.to_act
            user_id = table.state.seats[to_act].user_id if to_act is not None else None
            if user_id is None:
                self.run.unexpected.append("a computer (or nobody) to act after the bot settled")
                break
            key = "copa" if self.rng.random() < COPA_PROBABILITY else "fold"
            assert table.game is not None and to_act is not None
            public = table.plugin.capability(TableMoves)
            if public is None or key not in {m.key for m in public.moves(table.game, to_act)}:
                key = "fold"
            await self.table_click(self.members[user_id], seat, key)
        self.run.cycles += 1


@contextmanager
def profiling(enabled: bool, run: Run, root: Path, dump: Path | None) -> Iterator[None]:
    if not enabled:
        yield
        return
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        yield
    finally:
        profiler.disable()
        if dump is not None:
            profiler.dump_stats(dump / f"clicks-{run.n}-{run.language}.pstats")
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out).strip_dirs()
        out.write(f"--- cProfile, measured clicks at {run.n} tables, by own time (tottime), top 30\n")
        stats.sort_stats("tottime").print_stats(30)
        out.write(f"--- by cumulative time, Ridotto code only ({root}), top 40\n")
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("cumulative").print_stats(rf"^{root}/(bot|cogs|engine)/", 40)
        run.profile = out.getvalue().replace(str(root) + "/", "")


async def bench(
    n: int, clicks: int, db_dir: Path, seed: int, profile: bool, dump: Path | None, language: str = "en"
) -> Run:
    run = Run(n, language)
    path = db_dir / f"clicks-{n}-{language}.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    # No message rate kept: SimCord's clock stands still here, so a channel's window would
    # never pass (bench/load.py measures the rate, with the clock kept in step).
    # No pause between the passes a hand plays by itself either: the clock plays them at once
    # (as in the e2e tests), so a hand is over when the last member's click has settled.
    settings = Settings(
        discord_token=None, database_path=path, computer_delay=0, pass_delay=0, dev_guild_id=None
    )
    if "channel_rate" in Settings.model_fields:
        settings = settings.model_copy(update={"channel_rate": 0})
    seeds = random.Random(seed + 1)
    ridotto = create_bot(settings, seeds=lambda: seeds.getrandbits(63))  # reproducible deals
    rng = random.Random(seed)
    # SimCord's settle bound stays its default 5 s: a settle also waits for (and fires) the
    # bot's timers due within its bound, so a longer one would change what the bench plays
    # (a deal coming by itself), not only when it gives up. What outlasted 5 s on a busy
    # machine was the worker processes starting; the bench waits for them before any click.
    async with simcord.run(ridotto, shard_count=1) as env:
        try:
            await warmed(ridotto)
            instrument(ridotto)
            count_trips(ridotto, run)
            assert isinstance(ridotto.store, SqliteStore)
            mode = await ridotto.store.pragma("journal_mode")
            sync = await ridotto.store.pragma("synchronous")
            run.journal = f"journal_mode={mode} synchronous={sync} (2 = FULL)"
            driver = Driver(env, ridotto, run, rng)
            for member in driver.members.values():  # outside the timing: enough chips for any run
                await ridotto.store.grant(driver.guild.id, member.id, GRANT, "bench")
            if language != "en":
                await driver.speak(language)
            began = time.perf_counter()
            await driver.open_tables()
            run.setup_seconds = time.perf_counter() - began
            speaking = {driver.table(seat).state.language for seat in driver.seats}
            if speaking != {language}:
                run.unexpected.append(f"tables speak {sorted(speaking)}, not {language!r}")
            for i in range(WARMUP_CYCLES):
                await driver.cycle(driver.seats[i % n])
            run.cycles = run.hands = 0
            gc.collect()
            METER.recording = True
            late, ahead = late_and_ahead(ridotto)
            began, cpu = time.perf_counter(), time.process_time()
            root = Path(__file__).resolve().parents[1]
            with profiling(profile or dump is not None, run, root, dump):
                visit = WARMUP_CYCLES
                while len(run.samples) < clicks:
                    await driver.cycle(driver.seats[visit % n])
                    visit += 1
            run.measure_seconds = time.perf_counter() - began
            run.cpu_seconds = time.process_time() - cpu
            METER.recording = False
            late_now, ahead_now = late_and_ahead(ridotto)
            run.late, run.ahead = late_now - late, ahead_now - ahead
            run.cached_messages = len(ridotto.cached_messages)
            report = await ridotto.store.audit()
            if not report.ok:
                run.unexpected.append(f"chip audit fails: {report}")
        finally:
            METER.recording = False
            await env.bot.close()
    return run


async def warmed(ridotto: Any) -> None:
    """Wait until the bot's worker processes (if it has any) have started and imported what
    their jobs need: the figures are of a bot that is up, not of its first seconds."""
    try:
        from bot.workers import warm
    except ImportError:  # a bot from before the worker processes: nothing to wait for
        return
    for name in ("workers", "drawing"):
        pool = getattr(ridotto, name, None)
        if pool is not None and not pool.inline:
            for _ in range(pool.size):
                await pool.run(warm, timeout=120)


def late_and_ahead(bot: Ridotto) -> tuple[int, int]:
    """The answers so far whose new table picture followed in an edit of the answer (the
    display's "response edit" calls), and the table pictures drawn ahead (0 and 0 for a bot
    that does neither)."""
    display = bot.display
    counts = [screen.calls for screen in display.screens.values()] + [display.totals]
    late = sum(count.get("response edit", 0) for count in counts)
    return late, int(getattr(display.pictures, "drawn_ahead", 0))


# ------------------------------------------------------------------ report
def filesystem(path: Path) -> str:
    """The mount's filesystem type (Linux), e.g. ext4, tmpfs, overlay."""
    best, kind = "", "unknown"
    try:
        with open("/proc/mounts", encoding="utf-8") as mounts:
            for line in mounts:
                parts = line.split()
                if len(parts) >= 3 and str(path).startswith(parts[1]) and len(parts[1]) > len(best):
                    best, kind = parts[1], parts[2]
    except OSError:
        pass
    return kind


def net(sample: Sample) -> float:
    return sample.bot - sample.sim - sample.settle


def report(run: Run, breakdown: bool) -> None:
    print(f"\n== {run.n} open table{'s' if run.n != 1 else ''}, tables in {run.language!r} ==")
    print(
        f"setup: {run.n} tables opened, a member seated at each, {run.computers} computer players, "
        f"{run.setup_interactions} interactions in {run.setup_seconds:.2f} s"
    )
    print(
        f"measured: {len(run.samples)} clicks, {run.cycles} table visits, {run.hands} hands dealt, "
        f"{run.measure_seconds:.2f} s wall"
    )
    clicks = max(1, len(run.samples))
    print(
        f"per click: {run.cpu_seconds / clicks * 1e3:.2f} ms of process CPU (SimCord's included), "
        f"{run.trips / clicks:.2f} trips to the database thread; "
        f"discord.py message cache: {run.cached_messages} messages"
    )
    print(
        f"answers whose new picture followed in an edit: {run.late} of {len(run.samples)}; "
        f"table pictures drawn ahead: {run.ahead}"
    )
    print(header_row())
    print(row("bot-side: on_click start -> return", [s.bot for s in run.samples]))
    if breakdown:
        print(row("  of which SimCord REST backend", [s.sim for s in run.samples]))
        print(row("  of which SimCord settle bookkeeping", [s.settle for s in run.samples]))
        print(row("  bot-side minus both", [net(s) for s in run.samples]))
    print(row("end-to-end: await member.click()", [s.e2e for s in run.samples]))
    kinds: dict[str, list[Sample]] = defaultdict(list)
    for sample in run.samples:
        kinds[sample.kind].append(sample)
    print("  bot-side by button (on_click start -> return):")
    for kind in ("join", "pick", "leave", "start", "copa", "fold", "bot"):
        if kind in kinds:
            print(row(f"  {kind}", [s.bot for s in kinds[kind]]))
    if run.unexpected:
        print(f"  UNEXPECTED ({len(run.unexpected)}): {run.unexpected[:5]}")
    if run.profile:
        print(run.profile)


def main(argv: list[str] | None = None) -> int:
    lighten_simcord()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--tables", default="1,50,500", help="comma-separated open-table counts (default 1,50,500)"
    )
    parser.add_argument(
        "--clicks", type=int, default=400, help="measured clicks per table count (default 400)"
    )
    parser.add_argument(
        "--languages",
        default="en",
        help="comma-separated languages the server's tables speak, one run each (default en)",
    )
    parser.add_argument("--dir", type=Path, help="directory for the SQLite files (default: a fresh temp dir)")
    parser.add_argument("--seed", type=int, default=1, help="seed for deals and copa/fold choices")
    parser.add_argument("--profile", action="store_true", help="cProfile the measured clicks of each run")
    parser.add_argument("--profile-out", type=Path, help="also save the raw cProfile stats in this directory")
    args = parser.parse_args(argv)
    counts = [int(part) for part in args.tables.split(",") if part.strip()]
    languages = [part.strip() for part in args.languages.split(",") if part.strip()]
    if languages[:1] != ["en"]:
        languages = ["en", *[language for language in languages if language != "en"]]  # the reference
    if not counts or min(counts) < 1 or args.clicks < 1:
        parser.error("--tables needs positive counts and --clicks a positive number")

    breakdown = _patch_simcord()
    with tempfile.TemporaryDirectory(prefix="ridotto-clicks-") as tmp:
        db_dir = (args.dir or Path(tmp)).resolve()
        db_dir.mkdir(parents=True, exist_ok=True)
        print("Ridotto bench: bot-side time per button click, through SimCord")
        print(
            f"python {platform.python_version()} ({platform.python_implementation()}) "
            f"on {platform.platform()}, {os.cpu_count()} CPUs"
        )
        print(
            f"discord.py {discord.__version__}, simcord {simcord.__version__}, "
            f"SQLite {sqlite3.sqlite_version}"
        )
        print(
            f"database: real file in {db_dir} ({'temporary directory' if args.dir is None else 'given'}), "
            f"filesystem {filesystem(db_dir)}"
        )
        print(
            f"workload: stake {STAKE}, {HOSTS} hosts, {GUESTS} guests, every 2nd table with a computer, "
            f"{args.clicks} measured clicks per table count, seed {args.seed}"
        )
        print(
            "SimCord: stock; breakdown of SimCord time inside on_click: "
            + ("yes" if breakdown else "unavailable")
        )
        every: list[Run] = []
        for n in counts:
            for language in languages:
                gc.collect()
                run = asyncio.run(
                    bench(n, args.clicks, db_dir, args.seed, args.profile, args.profile_out, language)
                )
                if not every:
                    print(run.journal)
                every.append(run)
                report(run, breakdown)
        runs = [run for run in every if run.language == "en"]

    print("\n== summary (ms) ==")
    print(
        f"  {'tables':>6} {'tables in':>9} {'bot median':>11} {'bot p99':>8} {'minus SimCord p99':>18} "
        f"{'e2e median':>11} {'e2e p99':>8}"
    )
    for run in every:
        bot = summary([s.bot for s in run.samples])
        bare = summary([net(s) for s in run.samples])["p99"] if breakdown else float("nan")
        e2e = summary([s.e2e for s in run.samples])
        print(
            f"  {run.n:>6} {run.language:>9} {bot['median']:>11.2f} {bot['p99']:>8.2f} {bare:>18.2f} "
            f"{e2e['median']:>11.2f} {e2e['p99']:>8.2f}"
        )

    def cpu(run: Run) -> float:
        return run.cpu_seconds / max(1, len(run.samples)) * 1e3

    if len(languages) > 1:
        print("  each language against English at the same table count (issue 26: at most +10%):")
        english = {run.n: run for run in runs}
        for run in every:
            if run.language == "en":
                continue
            base = english[run.n]
            median = summary([s.bot for s in run.samples])["median"]
            reference = summary([s.bot for s in base.samples])["median"]
            print(
                f"  {run.language} at {run.n:>4} tables: bot median {median:.2f} ms against {reference:.2f} "
                f"({(median / reference - 1) * 100:+.1f}%), CPU per click {cpu(run):.2f} against "
                f"{cpu(base):.2f} ms ({(cpu(run) / cpu(base) - 1) * 100:+.1f}%)"
            )
    biggest = max(runs, key=lambda r: r.n)
    p99 = summary([s.bot for s in biggest.samples])["p99"]
    smallest = min(runs, key=lambda r: r.n)
    if smallest is not biggest:  # the reference: the same clicks with the fewest tables open
        small = summary([s.bot for s in smallest.samples])

        print(
            f"  {biggest.n} tables against {smallest.n}: bot p99 {p99 / small['p99']:.2f}×, "
            f"CPU per click {cpu(biggest) / cpu(smallest):.2f}× "
            f"({cpu(smallest):.2f} -> {cpu(biggest):.2f} ms)"
        )
    verdict = "met" if p99 <= TARGET_P99_MS else "NOT met"
    line = f"target bot-side p99 <= {TARGET_P99_MS:.0f} ms at {biggest.n} tables: {verdict} (p99 {p99:.2f} ms"
    if breakdown:
        line += f"; {summary([net(s) for s in biggest.samples])['p99']:.2f} ms without SimCord's own work"
    print(line + ")")
    return 1 if any(run.unexpected for run in every) else 0


if __name__ == "__main__":
    sys.exit(main())
