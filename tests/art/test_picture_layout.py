"""Every game's pictures hold their content at a phone's width: through whole hands, at every
player count, with the longest names, nothing drawn lies off the canvas, no text leaves the
box it belongs to, no text is smaller than 12 px once the image is shown 400 px wide, and no
table picture is taller than `TALLEST_TABLE`.

The geometry is what the card kit noted while drawing (`bot.art.record`), not a guess.
"""

from __future__ import annotations

import pytest
from PIL.Image import Image

from bot.art import Drawn, drawn, smallest_text
from bot.art.record import PHONE_WIDTH, Rect
from tests.art.picture_states import Case, cases, pictures

TALLEST_TABLE = 1_300
"""The most a table picture may be tall, at 640 px wide: 812 px once shown 400 px wide,
about what a phone shows of a chat at once. Measured with `python -m
tests.art.picture_states` (each case's tallest table through its hand): 1,251 px at most
(Cardano, five seats, the showdown), where five and six seats took up to 1,656 px before
they went three to a row (issue 23); over seeds 1-8 the tallest is 1,284 (Holdout, five
seats, two lines)."""


def inside(rect: Rect, room: Rect) -> bool:
    return room[0] <= rect[0] and room[1] <= rect[1] and rect[2] <= room[2] and rect[3] <= room[3]


def faults(image: Image) -> list[str]:
    """What is wrong with the layout of `image`, one sentence each (none: an empty list)."""
    canvas = (0, 0, image.width, image.height)
    least = smallest_text(image.width)
    found = []
    notes: tuple[Drawn, ...] = drawn(image)
    for note in notes:
        what = f"{note.kind} {note.text!r} at {note.rect}"
        if not inside(note.rect, canvas):
            found.append(f"{what} lies off the {image.width}x{image.height} canvas")
        if note.room is not None and not inside(note.rect, note.room):
            found.append(f"{what} leaves its box {note.room}")
        if note.kind == "text" and note.text and note.px < least:
            shown = note.px * PHONE_WIDTH / image.width
            found.append(f"{what} is {note.px} px: {shown:.1f} px at {PHONE_WIDTH} px wide")
    return found


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.name)
def test_pictures_fit_and_read_at_phone_width(case: Case) -> None:
    checked = 0
    for picture in pictures(case):
        image = picture.draw()
        if image is None:
            continue
        assert drawn(image), f"{picture.name}: the kit noted nothing drawn"
        problems = faults(image)
        if picture.name.endswith(" table") and image.height > TALLEST_TABLE:
            problems.append(f"the table is {image.height} px tall (the most is {TALLEST_TABLE})")
        assert not problems, f"{picture.name}:\n" + "\n".join(problems[:12])
        checked += 1
    assert checked


def test_the_check_finds_a_text_past_the_canvas_and_a_small_one() -> None:
    """The check can fail: a label pasted half off a felt, a small one, and a label
    running past the box it was laid in."""
    from bot.art import label
    from bot.art.seats import box, felt, hrow, under, vcol

    boxed = under(box(200, 60), label("W" * 12, 20), 10, 10)
    image = felt(vcol([hrow([label("W" * 60, 20), label("tiny", 9)]), boxed]), 10, 600)
    problems = faults(image)
    assert any("'WWWW" in p and "off the 600x" in p for p in problems)
    assert any("'tiny'" in p and "6.0 px at 400 px wide" in p for p in problems)
    assert any("leaves its box" in p for p in problems)
    fitted = under(box(200, 60), label("W" * 12, 20, width=180), 10, 10)
    assert not faults(felt(fitted, 10, 240))


END_CASES = [
    Case("prima_carta", {}, 5),
    Case("prima_carta", {"variant": "jasper", "house": True, "corte": True, "cobre": "carry"}, 3),
    Case("holdout", {}, 4),
    Case("primero", {}, 6),
    Case("prefa", {"play_for": "bankroll"}, 3),
    Case("prefa", {"play_for": "bankroll"}, 4),
    Case("cardano", {}, 5),
    Case("peg_leg", {}, 4),
]


@pytest.mark.parametrize("case", END_CASES, ids=lambda c: c.name)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_end_of_hand_picture_says_who_won_how_much(case: Case, seed: int) -> None:
    """The finished hand's picture shows each player's chips for the hand as the hand
    settles them (the engine's outcome), and no "Pot 0"."""
    from tests.art.picture_states import states
    from tests.helpers.tables import NAMES, dealt_table

    table = dealt_table(case.game, case.options, case.players, seed)
    *_, last = states(table, seed)
    game = last.game
    outcome = game.outcome
    assert outcome is not None
    image = last.plugin.table_picture(last.view(), game.view(None))
    assert image is not None
    texts = [n.text for n in drawn(image) if n.kind == "text"]
    assert not any(t.startswith("Pot ") for t in texts), texts
    names = list(NAMES[: case.players])
    for seat, name in enumerate(names):
        net = outcome.net(seat)
        if case.game == "peg_leg" and not outcome.paid_in[seat]:
            continue  # only those who bet are listed
        shown = "+" if net > 0 else "−" if net < 0 else "±"
        assert f"{name} {shown}{abs(net):,} chips" in texts, (name, net, texts)
    for winner in outcome.winners:
        if case.game in ("primero", "cardano", "holdout", "prima_carta"):
            assert any(t.startswith(f"{names[winner]} ") and (" takes " in t or " wins " in t) for t in texts)


def test_prefa_at_a_scoreboard_table_shows_points_not_chips() -> None:
    """No chips move at a scoreboard table: the end picture counts the hand in points."""
    from tests.art.picture_states import states
    from tests.helpers.tables import dealt_table

    table = dealt_table("prefa", {"play_for": "scoreboard"}, 3, 2)
    *_, last = states(table, 2)
    hand = last.game
    image = last.plugin.table_picture(last.view(), hand.view(None))
    assert image is not None
    texts = [n.text for n in drawn(image) if n.kind == "text"]
    assert not any(t.endswith(" chips") for t in texts), texts
    points = [t for t in texts if t.endswith(" points")]
    assert points and any(not t.endswith("±0 points") for t in points), texts


def test_primiera_end_picture_shows_each_players_points() -> None:
    from tests.art.picture_states import states
    from tests.helpers.tables import NAMES, dealt_table

    table = dealt_table("primiera", {"variant": "heralds"}, 4, 1)
    *_, last = states(table, 1)
    view = last.game.view(None)
    assert view.score is not None
    image = last.plugin.table_picture(last.view(), view)
    assert image is not None
    texts = [n.text for n in drawn(image) if n.kind == "text"]
    for seat, points in enumerate(view.score.points):
        assert f"{NAMES[seat]} {'+' if points else '±'}{points} points" in texts, texts
