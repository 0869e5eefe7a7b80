"""Drawing time: every deck's cards cold and cached, and whole table images ("scenes").

    python bench/draw.py [--runs N] [--samples PATH] [--pictures DIR]

Runs on one core (the process is pinned to one CPU where the OS allows it). Figures, in
milliseconds, from ``time.perf_counter``:

* per deck: drawing all its cards at every size with every cache empty (cold: the pip
  masks, the font faces and the faces themselves are drawn), then the same again from the
  cache;
* per scene: building the image (median and p99 over N runs, card cache warm, as it is in
  a running bot), turning it into PNG bytes (median and p99) and the PNG's size.

A scene is a callable returning an image; to add one (a game's table or hand panel), add
a line to `SCENES`. ``--samples`` writes the decks sheet (docs/images/decks.png), ``--pictures DIR``
the games' sample tables and hands (docs/images/), from the layout test's states.

Not a test: it prints figures and asserts nothing about timings.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import PIL
from PIL import Image

from bot.art import (
    SIZES,
    card_back,
    column,
    draw_card,
    empty_slot,
    label,
    overlap,
    panel,
    row,
    stack_vertical,
    to_png,
)
from bot.art import cards as art_cards
from bot.art import shapes as art_shapes
from bot.art import text as art_text
from bot.tables import Table
from engine.core.cards import FRENCH_52, ITALIAN_40, POSTAS_50, PREFA_32, VINES_55, DeckSpec
from tests.helpers.tables import dealt_table

DECKS = (POSTAS_50, VINES_55, ITALIAN_40, PREFA_32, FRENCH_52)


# ------------------------------------------------------------------------------- scenes
def forty_card_table() -> Image.Image:
    """A busy table: two rows of ten normal cards, two fanned piles of ten mini cards, a
    stack, seat labels, a face-down card and an empty place (40 cards face up)."""
    cards = ITALIAN_40.cards()
    table = panel(1180, 560)
    table.alpha_composite(label("Table", 22), (20, 14))
    table.alpha_composite(row([draw_card(c) for c in cards[:10]], 8), (20, 48))
    table.alpha_composite(row([draw_card(c) for c in cards[10:20]], 8), (20, 204))
    table.alpha_composite(overlap([draw_card(c, "mini") for c in cards[20:30]]), (20, 370))
    table.alpha_composite(overlap([draw_card(c, "mini") for c in cards[30:36]]), (420, 370))
    table.alpha_composite(stack_vertical([draw_card(c, "mini") for c in cards[36:40]]), (700, 360))
    seats = row([label("North 120", 18, background=(0, 0, 0, 90), padding=6), card_back(), empty_slot()], 12)
    table.alpha_composite(seats, (800, 380))
    return table


SAMPLE_ROWS: tuple[tuple[DeckSpec, tuple[tuple[str, int], ...]], ...] = (
    (POSTAS_50, (("crowns", 1), ("locks", 4), ("fruit", 7), ("swords", 9), ("cups", 10))),
    (VINES_55, (("crowns", 11), ("locks", 2), ("fruit", 5), ("swords", 11), ("cups", 8))),
    (ITALIAN_40, (("coins", 1), ("cups", 7), ("swords", 11), ("clubs", 12), ("coins", 13))),
    (PREFA_32, (("spades", 14), ("hearts", 8), ("diamonds", 12), ("clubs", 13), ("hearts", 11))),
    (FRENCH_52, (("spades", 2), ("hearts", 10), ("diamonds", 14), ("clubs", 6), ("spades", 12))),
)


def decks_sheet() -> Image.Image:
    """One row per deck: a card of each suit (faces among them), a face-down card, an empty
    place, and a pile of mini cards fanned so only their index corners show."""
    lines = []
    for deck, picks in SAMPLE_ROWS:
        faces = [draw_card(deck.card(suit, rank)) for suit, rank in picks]
        pile = overlap(
            [draw_card(deck.card(suit, deck.ranks[-1 - n]), "mini") for n, suit in enumerate(deck.suits)]
        )
        cards = row([*faces, card_back(), empty_slot(), pile], 8, "end")
        lines.append(column([label(f"{deck.name} · {len(deck)} cards", 17), cards], 6, "start"))
    body = column(lines, 14, "start")
    sheet = panel(body.width + 40, body.height + 36)
    sheet.alpha_composite(body, (20, 18))
    return sheet


# ------------------------------------------------------------------------ game scenes
# Each game's biggest table and hand, dealt through its plug-in with a fixed seed and
# played by seeded random moves to the state named; built once, then only drawing is timed.


def play_until(table: Table, rng: random.Random, done: Callable[[Any], bool], avoid: tuple[str, ...]) -> bool:
    """Random legal moves (avoiding the kinds in `avoid` where another move is legal)
    until `done(game)`; False if the hand ended first."""
    game = table.game
    for _ in range(500):
        if done(game):
            return True
        if game.outcome is not None:
            return False
        seat = rng.choice(list(game.awaiting))
        legal = list(game.legal_actions(seat))
        game.apply(seat, rng.choice([a for a in legal if a.kind not in avoid] or legal))
    return done(game)


@cache
def prima_carta_scene() -> Table:
    """Five suits at the copa with a discard pile of 35 cards or more."""
    for seed in itertools.count(1):
        table = dealt_table("prima_carta", {}, 5, seed)
        view = table.game.view(None)
        if len(view.discard) >= 35 and view.to_act is not None:
            return table
    raise AssertionError


@cache
def holdout_scene() -> Table:
    """A Vines double line with six hands in play and 24 cards on the lines."""
    for seed in itertools.count(1):
        table = dealt_table("holdout", {"lines": "double", "deck": "vines"}, 6, seed)
        rng = random.Random(seed)
        if play_until(table, rng, lambda g: sum(map(len, g.view(None).line_cards)) >= 24, ("fold",)):
            return table
    raise AssertionError


@cache
def holdout_hand_scene() -> Table:
    """Six players, play just begun: a full hand with two cards received."""
    table = dealt_table("holdout", {"lines": "double"}, 6, 3)
    play_until(table, random.Random(3), lambda g: g.view(None).phase == "play", ("fold",))
    return table


@cache
def primero_scene() -> Table:
    """Six players at the showdown, every hand shown."""
    for seed in itertools.count(1):
        table = dealt_table("primero", {}, 6, seed)
        rng = random.Random(seed)
        play_until(table, rng, lambda g: g.outcome is not None, ("fold", "all_in"))
        view = table.game.view(None)
        if view.showdown and len(view.showdown) == 6 and view.winner is not None and any(view.discards):
            return table
    raise AssertionError


@cache
def primero_hand_scene() -> Table:
    """Six players, the second round: four cards in hand."""
    for seed in itertools.count(1):
        table = dealt_table("primero", {}, 6, seed)
        rng = random.Random(seed)
        if play_until(table, rng, lambda g: g.view(None).phase == "second round", ("fold", "all_in")):
            return table
    raise AssertionError


def table_picture(scene: Callable[[], Table]) -> Callable[[], Image.Image]:
    def draw() -> Image.Image:
        table = scene()
        image = table.plugin.table_picture(table.view(), table.game.view(None))
        assert image is not None
        return image

    return draw


def hand_picture(scene: Callable[[], Table], picks: tuple[str, ...] = ()) -> Callable[[], Image.Image]:
    def draw() -> Image.Image:
        table = scene()
        view = table.game.view(None)
        seat = view.to_act if view.to_act is not None else 0
        image = table.plugin.hand_picture(table.view(), table.game.view(seat), picks)
        assert image is not None
        return image

    return draw


def computer_until(table: Table, done: Callable[[Any], bool]) -> bool:
    """The game's basic computer player for every seat until `done(game)`; False if the
    hand ended first."""
    game, player = table.game, table.plugin.computer("basic")
    for _ in range(500):
        if done(game):
            return True
        if game.outcome is not None or not game.awaiting:
            return False
        seat = game.awaiting[0]
        game.apply(seat, player.choose(game, seat))
    return done(game)


@cache
def prefa_scene() -> Table:
    """Three players in the play, a trick on the table and tricks taken."""
    for seed in itertools.count(1):
        table = dealt_table("prefa", {}, 3, seed)

        def playing(game: Any) -> bool:
            view = game.view(None).view  # the plug-in's hand wraps the engine's view
            return bool(view.phase == "play" and len(view.trick) == 2 and sum(view.tricks) >= 3)

        if computer_until(table, playing):
            return table
    raise AssertionError


@cache
def primiera_scene() -> Table:
    """A four-player Heralds round in play, partnerships set, cards on the table."""
    for seed in itertools.count(1):
        table = dealt_table("primiera", {}, 4, seed)
        if computer_until(table, lambda g: g.view(None).teams is not None and len(g.view(None).table) >= 3):
            return table
    raise AssertionError


@cache
def cardano_scene() -> Table:
    """Four players after the invitation and a round of changes, discards face up."""
    for seed in itertools.count(1):
        table = dealt_table("cardano", {}, 4, seed)
        if computer_until(table, lambda g: sum(map(len, g.view(None).discards)) >= 4 and g.outcome is None):
            return table
    raise AssertionError


SCENES: dict[str, Callable[[], Image.Image]] = {
    "kit: 40-card table": forty_card_table,
    "kit: decks sheet": decks_sheet,
    "prima carta: table": table_picture(prima_carta_scene),
    "prima carta: hand": hand_picture(prima_carta_scene),
    "holdout: double table": table_picture(holdout_scene),
    "holdout: hand": hand_picture(holdout_hand_scene, ("1",)),
    "primero: showdown": table_picture(primero_scene),
    "primero: hand": hand_picture(primero_hand_scene, ("0", "2")),
    "prefa: table": table_picture(prefa_scene),
    "prefa: hand": hand_picture(prefa_scene),
    "primiera: table": table_picture(primiera_scene),
    "primiera: hand": hand_picture(primiera_scene),
    "cardano: table": table_picture(cardano_scene),
    "cardano: hand": hand_picture(cardano_scene),
}
"""Named images to time; a game adds its table and hand images here, one line each."""

PICTURES = ("prima_carta", "holdout", "primero", "prefa", "primiera", "cardano")
"""The games whose sample table and hand `--pictures` writes (docs/images/<game>-table.png,
-hand.png): states of the layout test's hands (`tests/art/picture_states.py`), so the
README shows what that test checks."""


# ------------------------------------------------------------------------------ timing
def clear_caches() -> None:
    for cached in (
        art_cards._face,
        art_cards._blank,
        art_cards.card_back,
        art_cards.empty_slot,
        art_shapes._master,
        art_shapes.shape_mask,
        art_shapes.pip,
        art_shapes.paint,
        art_shapes.suit_look,
        art_text.font,
        art_text.glyphs,
    ):
        cached.cache_clear()


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f}"


def p99(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, round(len(values) * 0.99))]


def draw_deck(deck: DeckSpec) -> None:
    for size in SIZES:
        for card in deck.cards():
            draw_card(card, size)  # type: ignore[arg-type]


def bench_decks() -> None:
    print(f"{'deck':<10} {'cards':>5} {'cold ms':>8} {'cached ms':>9}   (all cards x {len(SIZES)} sizes)")
    for deck in DECKS:
        clear_caches()
        start = time.perf_counter()
        draw_deck(deck)
        cold = time.perf_counter() - start
        start = time.perf_counter()
        draw_deck(deck)
        warm = time.perf_counter() - start
        print(f"{deck.name:<10} {len(deck):>5} {ms(cold)} {ms(warm):>9}")


def bench_scenes(runs: int) -> None:
    from bot.art.palette import palette

    start = time.perf_counter()
    palette()  # built once per process; the bot builds it at start-up
    print(f"\npalette for PNGs built once in {ms(time.perf_counter() - start)} ms")
    print(
        f"\n{'scene':<24} {'draw med':>9} {'draw p99':>9} {'png med':>9} {'png p99':>9} {'png KB':>7}  size"
    )
    for name, scene in SCENES.items():
        scene()  # warm the card cache, as in a running bot
        draws, encodes = [], []
        data = b""
        for _ in range(runs):
            start = time.perf_counter()
            image = scene()
            middle = time.perf_counter()
            data = to_png(image)
            end = time.perf_counter()
            draws.append(middle - start)
            encodes.append(end - middle)
        print(
            f"{name:<24} {ms(statistics.median(draws)):>9} {ms(p99(draws)):>9} "
            f"{ms(statistics.median(encodes)):>9} {ms(p99(encodes)):>9} {len(data) / 1024:7.1f}  "
            f"{image.width}x{image.height}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--samples", type=Path, help="write the decks sheet PNG here")
    parser.add_argument("--pictures", type=Path, help="write each game's sample table and hand PNGs here")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"Pillow {PIL.__version__}, Python {sys.version.split()[0]}, one core, {args.runs} runs\n")
    bench_decks()
    bench_scenes(args.runs)
    if args.samples:
        data = to_png(decks_sheet())
        args.samples.write_bytes(data)
        print(f"\nwrote {args.samples} ({len(data) / 1024:.1f} KB)")
    if args.pictures:
        from tests.art.picture_states import sample

        for game in PICTURES:
            for kind, image in zip(("table", "hand"), sample(game), strict=True):
                if image is None:
                    continue
                path = args.pictures / f"{game}-{kind}.png"
                data = to_png(image)
                path.write_bytes(data)
                print(f"wrote {path} ({len(data) / 1024:.1f} KB, {image.width}x{image.height})")


if __name__ == "__main__":
    main()
