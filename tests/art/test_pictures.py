"""Each game's table and hand pictures: sizes, determinism, and that no hidden card is drawn.

Hands are dealt through the plug-in and played by seeded random legal moves; after each
move the public picture is drawn from `view(None)` while `draw_card` is recorded, and no
card any seat holds privately, nor any secret card, may be drawn face up. Each seat's hand
picture draws exactly that seat's own cards face up (and, in Holdout, the two it passed).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import bot.art
from bot.art import to_png
from bot.games import GAMES
from bot.pictures import drawn_from
from bot.tables import Table
from engine.core.cards import Card
from tests.art import picture_states
from tests.helpers.tables import dealt_table

PICTURE_MODULES = ("bot.games.prima_carta.picture", "bot.games.holdout.picture", "bot.games.primero.picture")

CASES = [
    ("prima_carta", {}, 5),
    ("prima_carta", {}, 2),
    ("prima_carta", {"variant": "jasper", "house": True, "corte": True, "cobre": "carry"}, 3),
    ("holdout", {}, 3),
    ("holdout", {"lines": "double", "deck": "vines"}, 6),
    ("primero", {}, 6),
    ("primero", {"variant": "points"}, 3),
]


def states(table: Table, seed: int) -> Iterator[Table]:
    """The table after each random legal move, to the end of the hand."""
    return picture_states.states(table, seed, moves=400, calm=0.9)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Card]:
    """Every card drawn face up by the pictures while the test runs."""
    seen: list[Card] = []
    real = bot.art.draw_card

    def recording(card: Card, size: Any = "normal") -> Image.Image:
        seen.append(card)
        return real(card, size)

    import importlib

    for name in PICTURE_MODULES:
        monkeypatch.setattr(importlib.import_module(name), "draw_card", recording)
    return seen


def png(image: Image.Image | None) -> bytes:
    assert image is not None
    return to_png(image)


@pytest.mark.parametrize(("game_id", "raw", "players"), CASES, ids=lambda v: str(v))
def test_public_picture_draws_no_hidden_card(
    game_id: str, raw: dict[str, Any], players: int, drawn: list[Card]
) -> None:
    plugin = GAMES[game_id]
    for seed in (1, 2):
        table = dealt_table(game_id, raw, players, seed)
        for state in states(table, seed):
            game = state.game
            hidden = set(plugin.secret_cards(game))
            for seat in range(players):
                hidden |= plugin.private_cards(game, seat)
            drawn.clear()
            image = plugin.table_picture(state.view(), game.view(None))
            assert image is not None
            leaked = hidden & set(drawn)
            assert not leaked, f"the public picture drew hidden cards {sorted(c.short for c in leaked)}"
            assert image.width == 640 and 250 <= image.height <= 2000, image.size


@pytest.mark.parametrize(("game_id", "raw", "players"), CASES, ids=lambda v: str(v))
def test_hand_picture_draws_the_seats_own_cards(
    game_id: str, raw: dict[str, Any], players: int, drawn: list[Card]
) -> None:
    plugin = GAMES[game_id]
    table = dealt_table(game_id, raw, players, 3)
    for n, state in enumerate(states(table, 3)):
        if n % 3:
            continue
        game = state.game
        for seat in range(players):
            view = game.view(seat)
            drawn.clear()
            image = plugin.hand_picture(state.view(), view, ())
            if game_id == "prima_carta":
                suit = view.seats[seat]
                stack = next(s for s in view.stacks if s.suit == suit)
                assert image is not None and drawn == list(stack.cards)
                continue
            assert image is not None
            assert image.width == 640 and image.height <= 1000, image.size
            own = list(view.hand or ())
            if game_id == "holdout" and view.passed_cards and view.phase.value != "pass":
                own += list(view.passed_cards)
            assert sorted(drawn) == sorted(own)


def test_holdout_hand_is_in_rank_order(drawn: list[Card]) -> None:
    from bot.games.holdout.render import hand_order

    table = dealt_table("holdout", {}, 4, 5)
    view = table.game.view(0)
    GAMES["holdout"].hand_picture(table.view(), view, ())
    hand = view.hand or ()
    assert drawn == [hand[i] for i in hand_order(hand)]


@pytest.mark.parametrize(("game_id", "raw", "players"), CASES, ids=lambda v: str(v))
def test_pictures_are_deterministic_and_follow_the_state(
    game_id: str, raw: dict[str, Any], players: int
) -> None:
    plugin = GAMES[game_id]
    table = dealt_table(game_id, raw, players, 4)
    first = png(plugin.table_picture(table.view(), table.game.view(None)))
    # The same state, and the same state reloaded from its JSON, draw the same bytes.
    assert png(plugin.table_picture(table.view(), table.game.view(None))) == first
    copy = plugin.load(table.game.to_json())
    assert png(plugin.table_picture(table.view(), copy.view(None))) == first
    hand = png(plugin.hand_picture(table.view(), table.game.view(0), ()))
    assert png(plugin.hand_picture(table.view(), copy.view(0), ())) == hand
    # A later state draws something else.
    *_, last = states(table, 4)
    assert png(plugin.table_picture(last.view(), last.game.view(None))) != first


def test_two_deals_with_the_same_public_view_draw_the_same_table() -> None:
    """Holdout before the pass: two deals that differ only in hidden cards, the same up
    card, draw the same public picture (the picture reads nothing else)."""
    plugin = GAMES["holdout"]
    pictures: dict[str, set[bytes]] = {}
    deals: dict[str, int] = {}
    for seed in range(1, 80):
        table = dealt_table("holdout", {}, 3, seed)
        view = table.game.view(None)
        key = view.model_dump_json(exclude={"commitment"})
        deals[key] = deals.get(key, 0) + 1
        pictures.setdefault(key, set()).add(png(plugin.table_picture(table.view(), view)))
    assert max(deals.values()) >= 2, "no two deals shared a public view"
    assert all(len(found) == 1 for found in pictures.values())


def test_picked_cards_and_the_line_show_on_the_hand() -> None:
    primero = GAMES["primero"]
    table = dealt_table("primero", {}, 4, 6)
    seat = table.game.view(None).to_act or 0
    view = table.game.view(seat)
    plain = png(primero.hand_picture(table.view(), view, ()))
    assert png(primero.hand_picture(table.view(), view, ("0",))) != plain
    holdout = GAMES["holdout"]
    table = dealt_table("holdout", {"lines": "double"}, 5, 6)
    for state in states(table, 6):
        if state.game.view(None).phase.value == "play":
            break
    seat = table.game.view(None).to_act or 0
    view = table.game.view(seat)
    assert png(holdout.hand_picture(table.view(), view, ("1",))) != png(
        holdout.hand_picture(table.view(), view, ())
    )


def test_cinco_picture_lays_the_stacks_out_in_the_order_they_came_off_the_deck(drawn: list[Card]) -> None:
    from bot.games.prima_carta.picture import _ordered

    plugin = GAMES["prima_carta"]
    table = dealt_table("prima_carta", {"variant": "cinco", "corte": True}, 4, 6)
    view = table.game.view(None)
    assert view.phase.value == "over" and len(view.appearance) == 5
    assert [stack.suit for stack in _ordered(view)] == view.appearance
    assert view.appearance != [stack.suit for stack in view.stacks]  # so the order is the deck's
    drawn.clear()
    assert plugin.table_picture(table.view(), view) is not None
    firsts = [stack.cards[0] for stack in _ordered(view)]
    assert [card for card in drawn if card in firsts] == firsts


@pytest.mark.parametrize("case", picture_states.cases()[::2], ids=lambda c: c.name)
def test_a_table_picture_drawn_from_what_its_cache_key_names_is_the_whole_tables_picture(
    case: picture_states.Case,
) -> None:
    """The drawing cache names a table picture by what `drawn_from` keeps of the table (no
    engine state, no version, deadline, log, hand number, turn or bets window): drawn from
    that, every game's picture is the one drawn from the whole table, at every few states of
    a hand and at its end (so two versions that look the same may share one drawing)."""
    plugin = GAMES[case.game]
    table = dealt_table(case.game, case.options, case.players, 3, names=picture_states.LONG_NAMES)

    def same(step: int | str) -> None:
        seen, public = table.view(), table.game.view(None)
        whole = plugin.table_picture(seen, public)
        kept = plugin.table_picture(drawn_from(seen), public)
        assert whole is not None and kept is not None
        assert kept.tobytes() == whole.tobytes(), f"{case.name} step {step}"

    for step, _ in enumerate(picture_states.states(table, 3, moves=400, calm=0.9)):
        if step % 7 == 0:  # the states move the one table on
            same(step)
    same("at the end")
