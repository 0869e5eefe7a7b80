"""A click's answer does not wait past its bound for the table picture (Discord gives an
interaction three seconds): `Display.table_message(wait=…)` gives up on a late picture,
keeps the one the message shows, and the drawing goes on for the redraw that follows."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, cast

import discord
import pytest

import bot.pictures
from bot.display import Display, PictureLate
from bot.pictures import AHEAD, Pictures
from bot.workers import Workers
from tests.helpers.tables import dealt_table


def shown(fields: dict[str, Any]) -> tuple[str | None, str]:
    """The picture a table message's layout points at (None: none) and its words."""
    layout = fields["view"]
    assert isinstance(layout, discord.ui.LayoutView) and fields["embed"] is None
    url, words = None, []
    for item in layout.walk_children():
        if isinstance(item, discord.ui.MediaGallery):
            url = item.items[0].media.url
        elif isinstance(item, discord.ui.TextDisplay):
            words.append(item.content)
    return url, "\n".join(words)


async def test_a_late_picture_leaves_the_answer_with_the_one_shown_and_is_drawn_all_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = dealt_table("prima_carta", {}, 3, seed=4242)
    display = Display(cast(Any, None), cast(Any, None))
    display.screen(table).shown = "0123456789abcdef"  # the picture the table message shows
    draw, drawn = bot.pictures.draw, threading.Event()

    def busy(*job: Any) -> Any:
        drawn.wait(timeout=30)  # a drawing worker with a queue of other tables' pictures
        return draw(*job)

    monkeypatch.setattr(bot.pictures, "draw", busy)
    try:
        with pytest.raises(PictureLate) as late:
            await display.table_message(table, wait=0.05)
        fields = late.value.fields
        url, words = shown(fields)
        assert url == "attachment://table-0123456789abcdef.png"
        assert "attachments" not in fields, "no new picture is sent"
        assert "copa" in words, "the words are the table's as it is now"
        drawn.set()  # the worker gets to it: the redraw finds it drawn, once
        again, picture = await display.table_message(table)
        assert picture is not None and shown(again)[0] == picture.url
        assert [file.filename for file in again["attachments"]] == [picture.filename]
    finally:
        drawn.set()
        display.close()


async def test_a_tables_drawing_draws_its_picture_before_it_takes_the_tables_lock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the table's own change waits for its picture at a busy drawing worker, a member's
    click at the table can take the table's lock (it is not held behind the drawing)."""
    table = dealt_table("prima_carta", {}, 3, seed=4242)
    display = Display(cast(Any, None), cast(Any, None))
    display.screen(table).pending = True  # a computer's change waits to be drawn
    draw, started, drawn = bot.pictures.draw, threading.Event(), threading.Event()

    def busy(*job: Any) -> Any:
        started.set()
        drawn.wait(timeout=30)
        return draw(*job)

    monkeypatch.setattr(bot.pictures, "draw", busy)
    inside = asyncio.Event()

    async def drawing() -> None:
        async with display._drawing_turn(table):
            assert table.lock.locked(), "what the drawing shows is drawn under the lock"
            inside.set()

    task = asyncio.create_task(drawing())
    try:
        await asyncio.to_thread(started.wait, 30)
        assert not table.lock.locked(), "a click could take the lock while the picture is drawn"
        async with table.lock:  # a member's click, answered meanwhile
            pass
        drawn.set()
        await task
        assert inside.is_set() and not table.lock.locked()
    finally:
        drawn.set()
        display.close()


async def test_a_tables_drawing_reads_nothing_while_a_move_is_under_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move changes the table under its lock (and puts it back if saving fails): the
    drawing ahead does not read the table then; it waits for the lock and draws after."""
    table = dealt_table("prima_carta", {}, 3, seed=4242)
    display = Display(cast(Any, None), cast(Any, None))
    display.screen(table).pending = True
    draw, versions = bot.pictures.draw, []

    def counted(*job: Any) -> Any:
        versions.append(job[1] == "table")
        return draw(*job)

    monkeypatch.setattr(bot.pictures, "draw", counted)
    # The table is read when a picture is asked for, on the loop, before the drawing goes to
    # its thread: asked for is what must not happen while the move is under way.
    asked, ask = [], display.pictures.table

    async def asking(table: Any, urgent: bool = False) -> Any:
        asked.append(table.version)
        return await ask(table, urgent)

    monkeypatch.setattr(display.pictures, "table", asking)
    try:
        await table.lock.acquire()  # a move under way
        task = asyncio.create_task(display._drawing_turn(table).__aenter__())
        await asyncio.sleep(0)  # the drawing runs until it waits for the lock (nothing else suspends it)
        assert not task.done() and asked == []
        assert versions == [], "nothing drawn from a table a move is changing"
        table.lock.release()
        await task
        assert versions == [True], "drawn once, under the lock, when the move was done"
        table.lock.release()
    finally:
        display.close()


async def test_a_version_that_looks_the_same_is_not_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table picture is found by what it is drawn from, not by the table's version: a new
    version that changes nothing drawn (here a log line, as a timer's or a chat's) costs no
    drawing, and a move that changes the table is drawn."""
    table = dealt_table("prima_carta", {}, 3, seed=4242)
    display = Display(cast(Any, None), cast(Any, None))
    draw, drawn = bot.pictures.draw, []

    def counted(*job: Any) -> Any:
        drawn.append(job[1])
        return draw(*job)

    monkeypatch.setattr(bot.pictures, "draw", counted)
    try:
        first = await display.pictures.table(table)
        table.state.version += 1
        table.state.log.append("Someone said something.")
        again = await display.pictures.table(table)
        assert drawn == ["table"] and again == first
        seat = table.to_act
        assert table.game is not None and seat is not None
        table.game.apply(seat, table.game.legal_actions(seat)[0])
        table.state.version += 1
        moved = await display.pictures.table(table)
        assert drawn == ["table", "table"] and moved is not None and first is not None
        assert moved.digest != first.digest
    finally:
        display.close()


class Recording(Workers):
    """Workers that run each job here, in this process, and record it (its function name and
    whether it was spare work)."""

    def __init__(self) -> None:
        super().__init__(1)
        self.ran: list[tuple[str, bool]] = []

    async def run(
        self, fn: Any, *args: Any, timeout: float, urgent: bool = False, spare: bool = False
    ) -> Any:
        self.ran.append((fn.__name__, spare))
        return fn(*args)


async def test_pictures_drawn_ahead_are_spare_work_and_dropped_when_the_table_moves_on() -> None:
    """`Pictures.ahead` asks for the table's buttons' pictures as spare work (after every job
    anyone waits for); asked again for a new state before they ran, it drops the first ones;
    what it draws is what the click then finds."""
    table = dealt_table("prima_carta", {}, 3, seed=4242)
    pictures = Pictures(workers=(workers := Recording()))
    try:
        pictures.ahead(table)  # the state the member to act thinks over...
        seat = table.to_act
        assert table.game is not None and seat is not None
        copa = table.plugin.decode(table.game, seat, "copa")
        table.game.apply(seat, copa)  # ...left before a worker was free
        table.state.version += 1
        pictures.ahead(table)
        await asyncio.gather(*pictures._ahead_tasks)
        # The second state's two buttons (pay the copa, fold): the first state's were dropped.
        assert workers.ran == [("draw_ahead", True)] * 2 and pictures.drawn_ahead == 2 <= AHEAD
        seat = table.to_act
        assert seat is not None
        table.game.apply(seat, table.plugin.decode(table.game, seat, "copa"))
        table.state.version += 1
        drawing = pictures.table_drawing(table)
        assert drawing.done() and drawing.result() is not None, "drawn ahead: found at once"
    finally:
        pictures.close()
