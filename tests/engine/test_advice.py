"""The strongest computer player of Primiera, Cardano's Primero and Prima Carta explains
itself (a learner's hint, issue 25): `advise` gives the move `choose` plays, in every
position walked, and that move is still the one `choose` played before `advise` existed
(the digests below were taken from the same walks with the players as they were then), with
a one-line reason that names no card the seat can't see. Holdout's and Primero's strong
players advised from the start: tests/engine/test_holdout_strong.py and
test_primero_strong.py check their advice the same way (the move `choose` plays, a reason
that names no card the seat can't see)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cardano.players import StrongPlayer as CardanoStrong
from engine.core.cards import ITALIAN_40, POSTAS_50, PRIMERO_40
from engine.core.msg import english
from engine.core.players import Advises, computer_levels, computer_player
from engine.prima_carta.players import SharpPlayer
from engine.primiera.players import StrongPlayer as PrimieraStrong
from tests.helpers.cards import card_pattern, cards_in

from .advice_positions import decisions, digest

#: a light strong Primiera player (the same code, fewer samples), for many positions
LIGHT = PrimieraStrong(budget=0, min_samples=2, max_samples=2)

DECKS = {"primiera": ITALIAN_40, "cardano": PRIMERO_40, "prima_carta": POSTAS_50}

#: game, player, hands walked, the digest of `choose` over that walk before `advise` existed,
#: and what some of the reasons met on the way say (each kind of decision it explains)
WALKS: list[tuple[str, Any, int, str, tuple[str, ...]]] = [
    (
        "primiera",
        LIGHT,
        10,
        "eecb5958245c8420ecbb5ff1ccdf5827991470ce570da94725d41cb74d7987f3",
        ("the next best play", "lays the card worth least", "the only card"),
    ),
    (
        "primiera",
        PrimieraStrong(),
        1,
        "1d82e7a30e40c4a5668876d38b8f0e35d7670528c64c513e8e63705670235fff",
        ("Played out to the end of the round over",),
    ),
    (
        "cardano",
        CardanoStrong(),
        12,
        "f4f78ab5c48ceafdf43e5568ce15229cdb7c00d15cf8f083e839e0d86b9fee66",
        (
            "invite one counter",
            "invite two counters",
            ": pass.",
            "paying",
            "the vie, which",
            "this one leaves the hand",
            "bets about half the pot",
            "to follow for a pot",
            "not worth what staying in costs",
            "sampled draws",
        ),
    ),
    (
        "prima_carta",
        SharpPlayer(),
        120,
        "18868ab8c3c9b7435af16b17d3064c048fbfdc672608e4a8574187168c2ee62b",
        ("finishes before every other suit", "so the copa would be lost", "it says pay", "it says fold"),
    ),
]


@pytest.mark.parametrize("game_id", ["primiera", "cardano", "prima_carta", "holdout", "primero"])
def test_the_strongest_level_of_these_games_advises(game_id: str) -> None:
    strongest = computer_levels(game_id)[-1]
    assert isinstance(computer_player(game_id, strongest), Advises)
    assert not isinstance(computer_player(game_id, computer_levels(game_id)[0]), Advises)


@pytest.mark.parametrize(
    ("game_id", "player", "hands", "expected", "kinds"), WALKS, ids=[f"{w[0]}-{w[2]}" for w in WALKS]
)
def test_advise_plays_what_choose_played_and_says_why_from_the_seats_view(
    game_id: str, player: Any, hands: int, expected: str, kinds: tuple[str, ...]
) -> None:
    reasons: set[str] = set()
    calls: list[int] = []
    deck = DECKS[game_id].cards()

    def advised(game: Any, seat: int) -> Any:
        advice = player.advise(game, seat)
        calls.append(seat)
        if len(calls) <= 8:  # (choose is advise's move: a few positions say so)
            assert player.choose(game, seat) == advice.action
        reason = english(advice.reason)  # a converted game's reason is a message (issue 26)
        assert reason and "\n" not in reason and reason.endswith((".", ")"))
        # Nothing in the reason but what the seat sees: every card named is in its view.
        seen = cards_in(game.view(seat))
        named = [card for card in deck if card_pattern(card).search(reason)]
        assert set(named) <= seen, f"{reason!r} names {named}"
        reasons.add(reason)
        return advice.action

    # The digest says advise plays what choose played before advise existed.
    record = decisions(game_id, advised, hands)
    assert digest(record) == expected, "advise no longer plays what choose played"
    missing = [text for text in kinds if not any(text in reason for reason in reasons)]
    assert not missing, f"no reason says {missing}"
