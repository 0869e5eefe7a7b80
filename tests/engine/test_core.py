"""engine.core: shuffling and commitments (cards and decks: test_cards.py)."""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.core.cards import POSTAS_50
from engine.core.rng import commitment, new_seed, seeded_index, shuffled


def test_shuffled_is_seeded_and_matches_random_shuffle() -> None:
    deck = list(POSTAS_50.cards())
    for seed in (0, 1, 2**62 + 7):
        expected = list(deck)
        random.Random(seed).shuffle(expected)
        assert shuffled(deck, seed) == expected
    assert deck == list(POSTAS_50.cards())  # input untouched
    assert shuffled(deck, 5) != shuffled(deck, 6)


def test_new_seed_is_63_bits() -> None:
    assert 0 <= new_seed() < 2**63


def test_commitment_binds_seed_and_order() -> None:
    deck = POSTAS_50.cards()
    c = commitment(3, deck)
    assert len(c) == 64 and c == commitment(3, list(deck))
    assert c != commitment(4, deck)
    assert c != commitment(3, list(reversed(deck)))


def test_seeded_index_is_reproducible_in_range_and_apart_from_the_shuffle() -> None:
    picks = [seeded_index(seed, 4, "test") for seed in range(200)]
    assert picks == [seeded_index(seed, 4, "test") for seed in range(200)]
    assert set(picks) == {0, 1, 2, 3}
    assert picks[7] == int.from_bytes(hashlib.sha256(b"test:7").digest(), "big") % 4
    assert [seeded_index(seed, 4, "other") for seed in range(200)] != picks
    with pytest.raises(ValueError):
        seeded_index(1, 0, "test")
