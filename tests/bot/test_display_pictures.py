"""A click's answer does not wait past its bound for the table picture (Discord gives an
interaction three seconds): `Display.table_message(wait=…)` gives up on a late picture,
keeps the one the message shows, and the drawing goes on for the redraw that follows."""

from __future__ import annotations

import threading
from typing import Any, cast

import pytest

import bot.pictures
from bot.display import Display, PictureLate
from tests.helpers.tables import dealt_table


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
        assert fields["embed"].image.url == "attachment://table-0123456789abcdef.png"
        assert "attachments" not in fields, "no new picture is sent"
        assert "copa" in fields["embed"].description, "the words are the table's as it is now"
        drawn.set()  # the worker gets to it: the redraw finds it drawn, once
        again, picture = await display.table_message(table)
        assert picture is not None and again["embed"].image.url == picture.url
        assert [file.filename for file in again["attachments"]] == [picture.filename]
    finally:
        drawn.set()
        display.close()
