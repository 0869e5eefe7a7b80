"""The seeds a test's bot deals from.

In production each hand's deck seed mixes the server's secret seed with the id Discord gives
the click that deals and the members' own seeds (bot/tables/fair.py). Those ids depend on
everything the test did before the deal, so a test that needs a particular deal pins the
deck seed itself: the bot is built with `create_bot(settings, seeds=..., deals=...)`, and
the tests' `seeds` fixture is the `deals` source, deterministic from the start. A test names
the seeds that come next with `@pytest.mark.seed(...)` on the test or module, or by calling
the fixture's methods. A test of the fair mix itself marks `@pytest.mark.server_seed(...)`
instead: its seeds are then the server's, mixed at each deal as in production.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from bot.app import Ridotto, create_bot
from bot.config import Settings

#: the stream a test's deals come from when it names no seed
DEFAULT = 20261126


class Seeds:
    """A seed source: each call is the deck seed of the next hand dealt (`fair`: the server
    seed the next hand's deck seed mixes, bot/tables/fair.py)."""

    def __init__(self, *, fair: bool = False) -> None:
        self.fair = fair
        self._next: Callable[[], int] = lambda: 0
        self.stream(random.Random(DEFAULT), bits=63)

    def bot(self, settings: Settings) -> Ridotto:
        """A bot dealing from these seeds (a test's first, or one built for a restart)."""
        if self.fair:
            return create_bot(settings, seeds=self)
        servers = random.Random(DEFAULT)  # the server seeds are locked, mixed and published as ever
        return create_bot(settings, seeds=lambda: servers.getrandbits(256), deals=self)

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
