"""The card-drawing kit: every deck draws, cards tell apart by shape, tables stay small."""

from __future__ import annotations

import fnmatch
import hashlib
import io
import itertools
import tomllib
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import bot.art
from bot.art import (
    SIZES,
    card_back,
    card_size,
    column,
    draw_card,
    empty_slot,
    label,
    overlap,
    panel,
    row,
    stack_vertical,
    suit_look,
    to_png,
)
from bot.art.cards import _face
from bot.art.shapes import shape_mask
from bot.art.text import FONT_FILE, LICENCE_FILE
from engine.core.cards import (
    FRENCH_52,
    ITALIAN_40,
    POSTAS_50,
    PREFA_32,
    PRIMERO_40,
    VINES_55,
    Card,
    DeckSpec,
)

DECKS = (POSTAS_50, VINES_55, ITALIAN_40, FRENCH_52, PREFA_32, PRIMERO_40)
ROOT = Path(__file__).resolve().parents[2]

# A deck the kit has never heard of: it must still draw, each suit its own shape.
STRANGE = DeckSpec(
    "Strange",
    ("moons", "stars", "bells", "leaves", "acorns"),
    (1, 2, 3, 9, 10, 15),
    ("Moons", "Stars", "Bells", "Leaves", "Acorns"),
    ("m", "s", "b", "l", "a"),
    rank_labels={15: "Knave"},
    rank_shorts={15: "K"},
)


def digest(image: Image.Image) -> str:
    return hashlib.sha256(image.tobytes()).hexdigest()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("deck", [*DECKS, STRANGE], ids=lambda d: d.name)
def test_every_card_of_every_deck_draws_at_its_size_and_no_two_look_alike(deck: DeckSpec, size: str) -> None:
    expected = (SIZES[size].width, SIZES[size].height)
    images = [draw_card(card, size) for card in deck.cards()]  # type: ignore[arg-type]
    assert all(image.size == expected and image.mode == "RGBA" for image in images)
    assert len({digest(image) for image in images}) == len(deck)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_back_and_the_empty_place_differ_from_every_face(size: str) -> None:
    back, slot = card_back(size), empty_slot(size)  # type: ignore[arg-type]
    assert back.size == slot.size == (SIZES[size].width, SIZES[size].height)
    faces = {digest(draw_card(card, size)) for deck in DECKS for card in deck.cards()}  # type: ignore[arg-type]
    assert digest(back) not in faces and digest(slot) not in faces and digest(back) != digest(slot)
    # The slot is mostly see-through (the felt shows), the back is opaque.
    assert slot.getchannel("A").getextrema()[1] < 255
    assert sum(back.getchannel("A").histogram()[250:]) > 0.9 * back.width * back.height


def test_drawing_is_deterministic_and_cached() -> None:
    card = ITALIAN_40.card("cups", 12)
    first = draw_card(card).tobytes()
    assert draw_card(card) is draw_card(card)
    _face.cache_clear()
    assert draw_card(card).tobytes() == first
    assert to_png(draw_card(card)) == to_png(draw_card(card))


def test_a_card_is_drawn_by_its_own_deck() -> None:
    """The Fante of Cups and the Emperor of Cups share suit and rank but not a face."""
    assert digest(draw_card(ITALIAN_40.card("cups", 11))) != digest(draw_card(VINES_55.card("cups", 11)))


@pytest.mark.parametrize("deck", [*DECKS, STRANGE], ids=lambda d: d.name)
def test_the_suits_of_a_deck_differ_by_shape_alone(deck: DeckSpec) -> None:
    """Black on white, no colour: each pair of suit pips differs on more than 10% of pixels."""
    masks = {}
    for suit in deck.suits:
        shape, _ = suit_look(deck, suit)
        masks[suit] = shape_mask(shape, 64).point(lambda v: 255 if v > 127 else 0)
    for a, b in itertools.combinations(deck.suits, 2):
        differ = ImageChops.difference(masks[a], masks[b]).histogram()[255]
        assert differ > 0.10 * 64 * 64, f"{deck.name}: {a} and {b} look alike ({differ} pixels differ)"


def test_the_suits_of_a_deck_have_distinct_colours_too() -> None:
    for deck in DECKS:
        colours = [suit_look(deck, suit)[1] for suit in deck.suits]
        assert len(set(colours)) == len(colours), deck.name


def forty_card_table() -> Image.Image:
    cards: list[Card] = list(ITALIAN_40.cards())
    table = panel(1200, 700)
    table.alpha_composite(row([draw_card(c) for c in cards[:10]], 8), (16, 16))
    table.alpha_composite(row([draw_card(c) for c in cards[10:20]], 8), (16, 180))
    table.alpha_composite(overlap([draw_card(c, "mini") for c in cards[20:30]]), (16, 360))
    table.alpha_composite(overlap([draw_card(c, "mini") for c in cards[30:40]]), (560, 360))
    table.alpha_composite(row([label("North 12", 20), card_back(), empty_slot()], 12), (16, 480))
    return table


def test_a_forty_card_table_makes_a_small_valid_png() -> None:
    data = to_png(forty_card_table())
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as image:
        image.verify()
    with Image.open(io.BytesIO(data)) as image:
        assert image.size == (1200, 700)
    assert len(data) < 150_000


def test_to_png_keeps_transparency_where_there_is_some() -> None:
    data = to_png(draw_card(FRENCH_52.card("hearts", 14)))
    with Image.open(io.BytesIO(data)) as image:
        assert image.mode == "RGBA"


def test_piles_show_each_covered_cards_index() -> None:
    cards = [draw_card(POSTAS_50.card("locks", r), "mini") for r in (1, 2, 3)]
    index_w, index_h = card_size("mini").index_box
    fan = overlap(cards)
    assert fan.size == (2 * index_w + cards[0].width, cards[0].height)
    # The first card's index corner is still there, untouched by the second card.
    assert fan.crop((0, 0, index_w, index_h)).tobytes() == cards[0].crop((0, 0, index_w, index_h)).tobytes()
    stack = stack_vertical(cards)
    assert stack.size == (cards[0].width, 2 * index_h + cards[0].height)
    assert stack.crop((0, 0, index_w, index_h)).tobytes() == cards[0].crop((0, 0, index_w, index_h)).tobytes()
    assert overlap([]).size == (0, 0) and row([]).size == (0, 0)


def test_layout_helpers_measure_up() -> None:
    a, b = card_back("mini"), draw_card(ITALIAN_40.card("coins", 7))
    assert row([a, b], gap=5).size == (a.width + b.width + 5, b.height)
    assert column([a, b], gap=5).size == (b.width, a.height + b.height + 5)
    short, long = label("7", 20), label("Seven of Coins", 20)
    assert short.height == long.height and long.width > short.width
    felt = panel(300, 200)
    assert felt.size == (300, 200) and felt.getpixel((150, 100)) == (*bot.art.FELT, 255)
    with pytest.raises(ValueError, match="No card size"):
        card_size("huge")  # type: ignore[arg-type]


def test_a_label_is_drawn_once_and_each_caller_gets_its_own_copy() -> None:
    """Labels are kept drawn (a table's names and captions repeat from picture to picture);
    what a caller notes on its label, or paints over it, never reaches the next caller's."""
    from bot.art.layout import _label
    from bot.art.record import Drawn, drawn, note

    _label.cache_clear()
    first = label("Crowns paid 7", 20, width=120)
    pixels, notes = first.tobytes(), drawn(first)
    note(first, [Drawn("box", (0, 0, 1, 1))])
    first.paste((255, 0, 0, 255), (0, 0, first.width, first.height))
    again = label("Crowns paid 7", 20, width=120)
    assert again is not first and again.tobytes() == pixels and drawn(again) == notes
    assert _label.cache_info().hits == 1


def test_the_font_and_its_licence_ship_inside_the_package() -> None:
    fonts = Path(bot.art.__file__).parent / "fonts"
    assert (fonts / FONT_FILE).stat().st_size > 100_000
    licence = (fonts / LICENCE_FILE).read_text()
    assert "Bitstream" in licence and "Permission is hereby granted" in licence
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["bot"]
    for name in (FONT_FILE, LICENCE_FILE):
        assert any(fnmatch.fnmatch(f"art/fonts/{name}", p) for p in patterns), name
    assert any(dep.lower().startswith("pillow") for dep in data["project"]["dependencies"])
