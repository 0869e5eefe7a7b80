"""The seeds a test's bot deals from.

The bot takes its seed source as a parameter (`create_bot(settings, seeds=...)`; in production
the operating system's randomness). The tests' `seeds` fixture builds the bot with a `Seeds`,
deterministic from the start; a test that needs a particular deal says which seeds come next,
with `@pytest.mark.seed(...)` on the test or module, or by calling the fixture's methods.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

#: the stream a test's deals come from when it names no seed
DEFAULT = 20261126


class Seeds:
    """A seed source: each call is the seed of the next hand dealt."""

    def __init__(self) -> None:
        self._next: Callable[[], int] = lambda: 0
        self.stream(random.Random(DEFAULT), bits=63)

    def __call__(self) -> int:
        return self._next()

    def always(self, seed: int) -> None:
        """Every hand from now on is dealt from `seed`."""
        self._next = lambda: seed

    def each(self, seeds: Iterable[int]) -> None:
        """The next hands take `seeds` in turn (running out is an error: a test said too few)."""
        it = iter(seeds)
        self._next = lambda: next(it)

    def stream(self, rng: random.Random, bits: int = 62) -> None:
        """The next hands draw their seeds from `rng`: reproducible, and different every hand."""
        self._next = lambda: rng.getrandbits(bits)

    def use(self, marked: int | Iterable[int]) -> None:
        """What `@pytest.mark.seed(marked)` asks for: one seed for every hand, or a sequence."""
        if isinstance(marked, int):
            self.always(marked)
        else:
            self.each(marked)
