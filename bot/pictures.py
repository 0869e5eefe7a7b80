"""Pictures of tables and hands, for the table message and the hand panels.

A game draws them through its plug-in (`table_picture`, `hand_picture`) with the card kit
(`bot.art`), from the public view or the seat's own view only. Drawing and PNG encoding
run off the event loop: in the bot's worker processes (`bot.workers`), which get the views
(copies, which pickle) and send the PNG back; with no worker processes (`WORKERS=0`, the
tests) in one thread. Each picture carries the digest of its bytes: a message gets a new
attachment only when the picture changed.

A table picture is cached by what it is drawn from, not by the table's version: a digest of
its job's arguments as data names it (`name`).
It is drawn from the public view and the parts of the table a picture shows (`drawn_from`:
no engine state, so no hidden card can reach it; the version, the deadline and the log left
out), so a version that changes nothing drawn (most of them: a log line, a timer, a move
that leaves the table as it looked) finds its picture drawn, and so does a click whose
picture was drawn ahead while the member thought (`Pictures.ahead`). A hand picture is
cached by table, version and seat.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import io
import pickle
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from pydantic import BaseModel

from bot.art import to_png
from bot.art.palette import palette
from bot.games import GAMES
from bot.games.capabilities import Prepares, TableMoves
from bot.workers import WorkerFailed, Workers

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.games.view import TableView
    from bot.i18n import Lang
    from bot.tables import Table

T = TypeVar("T")

#: pictures kept: a table's latest, and the hands of its open panels, for many tables
CACHE_SIZE = 2048
#: seconds a worker may take over one picture before it counts as hung
DRAW_CAP = 30.0
#: table pictures drawn ahead for one state of a table, at most (`Pictures.ahead`)
AHEAD = 4


@dataclass(frozen=True)
class Picture:
    """A drawn PNG, named by what it shows and the digest of its bytes."""

    kind: str  # "table" or "hand"
    png: bytes
    width: int
    height: int

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.png).hexdigest()[:16]

    @property
    def filename(self) -> str:
        return f"{self.kind}-{self.digest}.png"

    @property
    def url(self) -> str:
        """What an embed's image points at: the attachment of that name."""
        return f"attachment://{self.filename}"

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename=self.filename)


class Pictures:
    """Draws and caches the pictures of every table of this bot process."""

    def __init__(self, size: int = CACHE_SIZE, workers: Workers | None = None) -> None:
        self.workers = workers if workers is not None else Workers(0)  # the bot sets its own
        self._cache: OrderedDict[tuple[Any, ...], Any] = OrderedDict()  # a Picture, None, a job's result
        # Pictures being drawn: a second request for one waits for the same drawing (a click
        # that gave up waiting, then the redraw that follows it) rather than drawing it twice.
        self._drawing: dict[tuple[Any, ...], tuple[asyncio.Future[Any], bool]] = {}
        self._size = size
        # One thread: Pillow releases the GIL while it encodes, and one worker keeps the
        # drawing of many tables from competing with the event loop for both cores.
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ridotto-draw")
        # The PNG palette takes a fifth of a second to build: build it now, off the event
        # loop, rather than in the first click that draws a table.
        self._pool.submit(palette)
        # Each table's latest call to draw ahead (`ahead`: the jobs of an earlier one are
        # dropped), and the pictures drawn ahead one at a time.
        self._ahead: dict[int, object] = {}
        self._ahead_turn = asyncio.Semaphore(1)
        self._ahead_tasks: set[asyncio.Task[None]] = set()
        self.drawn_ahead = 0  # pictures drawn ahead (the benches read it)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        for task in self._ahead_tasks:
            task.cancel()

    async def table(
        self, table: Table, urgent: bool = False, seen: TableView | None = None
    ) -> Picture | None:
        """The public table as it is now (None between tables or for a game that draws none).
        `urgent`: a member's click waits for it (the worker draws it before pictures that
        are drawn ahead of time for changes the tables made by themselves). `seen`: the
        table's view, if the caller has read it already."""
        picture: Picture | None = await asyncio.shield(self.table_drawing(table, urgent, seen))
        return picture

    def table_drawing(
        self, table: Table, urgent: bool = False, seen: TableView | None = None
    ) -> asyncio.Future[Picture | None]:
        """The table picture as `table` does, as a future: done already if it was drawn, so a
        caller that may not wait (`wait=0`) sees it without waiting; else the drawing's own
        (shield it: it is shared)."""
        game = table.game
        if game is None:
            return _done(None)
        seen = seen if seen is not None else table.view()
        key, job = table_job(table.id, table.plugin.id, seen, game.view(None))
        return self._start(key, job, urgent)

    def early(self, table: Table) -> None:
        """A member's click saved its change and waits for the COMMIT (`Commit.saved`): start
        drawing the table's new picture now, at the click's priority, so that the answer
        finds it drawn, or nearly, once the change is on disk. Found by what it is drawn from
        (`table_job`), the picture of a change that then fails to commit is never shown: the
        table goes back, and looks otherwise."""
        self.table_drawing(table, urgent=True)

    def ahead(self, table: Table) -> None:
        """While a member thinks, draw the table pictures their buttons on the table message
        would lead to (`TableMoves`), so that the click finds its picture drawn and its
        answer need not wait for one. Each is drawn from a copy of the hand with the move
        applied, in a worker, at the lowest priority (`Workers.run(spare=True)`: after every
        picture anyone waits for) and one at a time across the bot; at most `AHEAD` for a
        state, and those not yet drawn are dropped when the table moves on (a new state asks
        again). Found by what they are drawn from (`table_job`), as every table picture is, a
        move that does not lead where it was drawn for finds nothing and is drawn then.
        Nothing is drawn ahead inline (`WORKERS=0`), for a move that ends the hand (the
        settlement changes the table), or for a game whose moves need work of their own
        (`Prepares`)."""
        self._ahead.pop(table.id, None)  # what was asked for the state the table has left
        game, plugin = table.game, table.plugin
        moves = plugin.capability(TableMoves)
        if self.workers.inline or game is None or moves is None or plugin.capability(Prepares) is not None:
            return
        seats = [seat for seat, player in table.turn().players.items() if not player.is_computer]
        keys = [(seat, move.key) for seat in seats for move in moves.moves(game, seat)]
        keys = [(seat, key) for seat, key in keys if key not in plugin.form_keys][:AHEAD]
        if not keys:
            return
        hand, seen = pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL), drawn_from(table.view())
        self._ahead[table.id] = asked = object()
        for seat, key in keys:
            task = asyncio.ensure_future(
                self._draw_ahead(table.id, asked, (plugin.id, hand, seen, seat, key))
            )
            self._ahead_tasks.add(task)
            task.add_done_callback(self._ahead_tasks.discard)

    async def _draw_ahead(self, table_id: int, asked: object, job: tuple[Any, ...]) -> None:
        async with self._ahead_turn:
            if self._ahead.get(table_id) is not asked:
                return  # the table moved on (or closed) before its turn came
            try:
                found = await self.workers.run(draw_ahead, *job, timeout=DRAW_CAP, spare=True)
            except Exception:  # a worker that failed, or a move that could not be played
                return
        if found is not None:
            digest, picture = found
            self.drawn_ahead += 1
            self._keep(("table", table_id, digest), picture)

    async def hand(
        self, table: Table, seat: int, picks: tuple[str, ...], urgent: bool = False, say: Lang | None = None
    ) -> Picture | None:
        """Engine seat `seat`'s own cards, for its panel, with what it picked marked, its
        words in `say`'s language (its member's)."""
        game = table.game
        if game is None:
            return None
        view, seen = game.view(seat), table.view(say)
        picture: Picture | None = await self._get(
            ("hand", table.id, table.version, table.state.hand_no, seat, picks, seen.lang.code),
            (draw, table.plugin.id, "hand", seen, view, picks),
            urgent,
        )
        return picture

    async def job(self, key: tuple[Any, ...], fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)`, a drawing job of another kind (a replay's step, `bot.replay.frame`),
        run where the pictures are drawn and kept in the same cache under `key` (whose second
        part is a table id, as `forget` reads it). A member waits for it: it is urgent."""
        found: T = await self._get(key, (fn, *args), urgent=True)
        return found

    async def _get(self, key: tuple[Any, ...], job: tuple[Any, ...], urgent: bool) -> Any:
        # Shielded: one waiter giving up (a click's answer that can wait no longer) does not
        # stop the drawing the others, and the cache, are waiting for.
        return await asyncio.shield(self._start(key, job, urgent))

    def _start(self, key: tuple[Any, ...], job: tuple[Any, ...], urgent: bool) -> asyncio.Future[Any]:
        """The picture under `key` as a future: done if cached, else its drawing (started now,
        or the one under way)."""
        if key in self._cache:
            self._cache.move_to_end(key)
            return _done(self._cache[key])
        drawing, was_urgent = self._drawing.get(key, (None, False))
        if drawing is None or (urgent and not was_urgent):
            # A member waiting does not wait behind a drawing that is itself waiting for
            # every urgent one: theirs is drawn at their priority (whichever ends first is
            # cached; the other is a picture drawn twice, rarely).
            drawing = asyncio.ensure_future(self._draw(key, job, urgent))
            self._drawing[key] = (drawing, urgent)
            drawing.add_done_callback(lambda done: self._done_drawing(key, done))
        return drawing

    async def _draw(self, key: tuple[Any, ...], job: tuple[Any, ...], urgent: bool) -> Any:
        """Run `job` (a function and its arguments: `draw`'s, or another drawing job's)."""
        picture: Any = None
        fn, *args = job
        if not self.workers.inline:
            try:
                picture = await self.workers.run(fn, *args, timeout=DRAW_CAP, urgent=urgent)
            except WorkerFailed:
                self.workers = Workers(0)  # no processes to be had: draw in the thread from now on
        if self.workers.inline:
            picture = await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        self._keep(key, picture)
        return picture

    def _keep(self, key: tuple[Any, ...], picture: Any) -> None:
        self._cache[key] = picture
        while len(self._cache) > self._size:
            self._cache.popitem(last=False)

    def _done_drawing(self, key: tuple[Any, ...], done: asyncio.Future[Any]) -> None:
        if self._drawing.get(key, (None, False))[0] is done:
            del self._drawing[key]

    def forget(self, table_id: int) -> None:
        """Drop a closed table's pictures, and stop drawing ahead for it."""
        self._ahead.pop(table_id, None)
        for key in [key for key in self._cache if key[1] == table_id]:
            del self._cache[key]


def _done(result: T) -> asyncio.Future[T]:
    future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
    future.set_result(result)
    return future


def drawn_from(seen: TableView) -> TableView:
    """What a table picture is drawn from besides the game's public view: the table without
    its engine state (a table picture draws the public view, `game.view(None)`; with no
    state at hand no hidden card can reach it) and blank where no picture looks (the version,
    the deadline, the log, the hand's number, whose turn, the bets window, which the words
    and buttons beside the picture show). Two versions that look the same are then one
    picture: `tests/art/test_pictures.py` draws every game's states both ways and compares."""
    return dataclasses.replace(
        seen, game=None, version=0, deadline=None, log=(), hand_no=0, to_act=None, bets_open=False
    )


def table_job(
    table_id: int, game: str, seen: TableView, view: Any
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The cache key and the drawing job of a table picture: the key names the job's
    arguments (`name`), so equal arguments are one picture, and a picture is never shown for
    arguments that differ from those it was drawn from."""
    drawn = drawn_from(seen)
    return ("table", table_id, name((game, drawn, view))), (draw, game, "table", drawn, view, ())


class _Naming(pickle.Pickler):
    """Pickles for a name, never to be read back: a pydantic model (the views, the match, the
    options) as its class and its JSON, so equal data give equal bytes whatever the model's
    bookkeeping (the set of its fields given, which a copy orders differently)."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, BaseModel):
            return str, (f"{type(obj).__module__}.{type(obj).__qualname__}:{obj.model_dump_json()}",)
        return NotImplemented


def name(arguments: tuple[Any, ...]) -> str:
    """A digest of `arguments` as data: equal however their objects are shared (no memo) or
    copied (`_Naming`), different if anything a drawing could read differs."""
    buffer = io.BytesIO()
    pickler = _Naming(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # no memo: a shared object is written out each time it appears
    pickler.dump(arguments)
    return hashlib.blake2b(buffer.getvalue(), digest_size=16).hexdigest()


def draw_ahead(
    game_id: str, hand: bytes, seen: TableView, seat: int, key: str
) -> tuple[str, Picture | None] | None:
    """A table picture drawn ahead (`Pictures.ahead`): the hand (pickled) after engine seat
    `seat` plays the table message's button `key`, drawn with the table as `seen` shows it;
    the digest that names it (`table_job`) and the picture. None for a move that is not one,
    or that ends the hand. The job a worker runs."""
    plugin, game = GAMES[game_id], pickle.loads(hand)
    action = plugin.decode(game, seat, key)
    if action is None:
        return None
    game.apply(seat, action)
    if getattr(game, "outcome", None) is not None:
        return None
    view = game.view(None)
    (_, _, digest), _ = table_job(0, game_id, seen, view)
    return digest, draw(game_id, "table", drawn_from(seen), view, ())


def draw(game: str, kind: str, seen: TableView, view: Any, picks: tuple[str, ...]) -> Picture | None:
    """Draw and encode one picture: the job a worker process runs (or the thread, inline)."""
    plugin = GAMES[game]
    image: Image | None = (
        plugin.table_picture(seen, view) if kind == "table" else plugin.hand_picture(seen, view, picks)
    )
    if image is None:
        return None
    return Picture(kind, to_png(image), image.width, image.height)
