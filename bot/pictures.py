"""Pictures of tables and hands, for the table message and the hand panels.

A game draws them through its plug-in (`table_picture`, `hand_picture`) with the card kit
(`bot.art`), from the public view or the seat's own view only. Drawing and PNG encoding
run off the event loop: in the bot's worker processes (`bot.workers`), which get the views
(copies, which pickle) and send the PNG back; with no worker processes (`WORKERS=0`, the
tests) in one thread. A picture is cached by table, version and seat, so a redraw of an
unchanged table costs a dictionary lookup. Each picture carries
the digest of its bytes: a message gets a new attachment only when the picture changed.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.art import to_png
from bot.art.palette import palette
from bot.games import GAMES
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

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def table(self, table: Table, urgent: bool = False) -> Picture | None:
        """The public table as it is now (None between tables or for a game that draws none).
        `urgent`: a member's click waits for it (the worker draws it before pictures that
        are drawn ahead of time for changes the tables made by themselves)."""
        game = table.game
        if game is None:
            return None
        view, seen = game.view(None), table.view()  # copies: the drawing may run elsewhere
        key = ("table", table.id, table.version, seen.lang.code)
        picture: Picture | None = await self._get(
            key, (draw, table.plugin.id, "table", seen, view, ()), urgent
        )
        return picture

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
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        drawing, was_urgent = self._drawing.get(key, (None, False))
        if drawing is None or (urgent and not was_urgent):
            # A member waiting does not wait behind a drawing that is itself waiting for
            # every urgent one: theirs is drawn at their priority (whichever ends first is
            # cached; the other is a picture drawn twice, rarely).
            drawing = asyncio.ensure_future(self._draw(key, job, urgent))
            self._drawing[key] = (drawing, urgent)
            drawing.add_done_callback(lambda done: self._done_drawing(key, done))
        # Shielded: one waiter giving up (a click's answer that can wait no longer) does not
        # stop the drawing the others, and the cache, are waiting for.
        return await asyncio.shield(drawing)

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
        self._cache[key] = picture
        while len(self._cache) > self._size:
            self._cache.popitem(last=False)
        return picture

    def _done_drawing(self, key: tuple[Any, ...], done: asyncio.Future[Any]) -> None:
        if self._drawing.get(key, (None, False))[0] is done:
            del self._drawing[key]

    def forget(self, table_id: int) -> None:
        """Drop a closed table's pictures."""
        for key in [key for key in self._cache if key[1] == table_id]:
            del self._cache[key]


def draw(game: str, kind: str, seen: TableView, view: Any, picks: tuple[str, ...]) -> Picture | None:
    """Draw and encode one picture: the job a worker process runs (or the thread, inline)."""
    plugin = GAMES[game]
    image: Image | None = (
        plugin.table_picture(seen, view) if kind == "table" else plugin.hand_picture(seen, view, picks)
    )
    if image is None:
        return None
    return Picture(kind, to_png(image), image.width, image.height)
