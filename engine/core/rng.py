"""Shuffling and deal commitments.

Every shuffle is `random.Random(seed)`, so a seed replays a deal exactly. Only the bot
layer calls `new_seed()` (the operating system's randomness); the engine itself never
reaches for global or OS randomness. `commitment()` lets a table publish a hash of the
deal before play and reveal seed and order afterwards for anyone to check.
"""

from __future__ import annotations

import _random
import hashlib
import random
import secrets
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def new_seed() -> int:
    """A fresh 63-bit seed from the operating system's randomness (bot layer only)."""
    return secrets.randbits(63)


def shuffled(cards: Iterable[T], seed: int) -> list[T]:
    """A new list with `cards` shuffled by `random.Random(seed)`; the input is untouched.

    The permutation is exactly `random.Random(seed).shuffle`'s (Fisher-Yates with
    rejection-sampled `getrandbits`, as CPython 3.11 does it), so anyone can check a deal
    with the standard library; it is inlined only because the engine benchmark shuffles
    tens of thousands of decks a second and the method-call overhead is a third of it.
    """
    out = list(cards)
    # For an int seed `random.Random(seed)` only forwards to its C base class, which seeds
    # the Mersenne Twister identically; other seed types (str, bytes) go through
    # `random.Random`, whose own `seed` hashes them first.
    source = _random.Random(seed) if type(seed) is int else random.Random(seed)
    bits = source.getrandbits
    for i, k in _steps(len(out)):
        # j uniform in [0, i]: draw k = (i + 1).bit_length() bits until one fits.
        j = bits(k)
        while j > i:
            j = bits(k)
        out[i], out[j] = out[j], out[i]
    return out


_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def _steps(size: int) -> tuple[tuple[int, int], ...]:
    """(i, bits to draw) for each Fisher-Yates step over `size` items, last index first."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
        if size <= 1024:
            _STEPS[size] = steps
    return steps


def commitment(seed: int, order: Iterable[object]) -> str:
    """SHA-256 hex of the seed and the deal order, e.g. "seed:42|crowns:7,locks:1,...".

    Cards are written with `str()`, which for `Card` is the stable "suit:rank" form.
    """
    text = f"seed:{seed}|" + ",".join(map(str, order))
    return hashlib.sha256(text.encode()).hexdigest()


def seeded_index(seed: int, count: int, purpose: str) -> int:
    """An index in [0, count) fixed by `seed` and `purpose`, e.g. who holds the first chilo.

    It hashes the seed with a purpose label instead of drawing from `Random(seed)`, so it
    never shifts or correlates with the shuffle of the same seed, and anyone can recompute
    it: `int(sha256(f"{purpose}:{seed}")) % count` (the modulo bias of a 256-bit hash is
    far below anything a table could notice).
    """
    if count < 1:
        raise ValueError("There must be at least one thing to choose from.")
    digest = hashlib.sha256(f"{purpose}:{seed}".encode()).digest()
    return int.from_bytes(digest, "big") % count
