"""A deal anyone can verify, with seeds that are not only the server's.

Before a hand the table draws a secret *server seed* (64 hex digits) and publishes its
commitment, the SHA-256 of that text, before anyone can deal. The hand's *deck seed* is then
the first 63 bits of the SHA-256 of a canonical text (`canonical_text`) naming the scheme,
the hand and the server seed together with what the server could not know when it
committed: the ids Discord gave the interaction(s) that started the hand, and each seated
member's own seed (`/fair seed`). Every game shuffles with `engine.core.rng.shuffled(cards,
deck seed)`, so once the hand is over and the server seed revealed, anyone can recompute
the commitment, the deck seed and the deal (`python -m engine.verify FILE`).

Pure: no randomness here but `new_server_seed`, which only the bot layer calls.

>>> lock = "00" * 32
>>> server_commitment(lock)[:16]
'60e05bd1b195af2f'
>>> mix = Mix(table=12, hand=7, game="primero", interactions=(1234567890123456789,),
...           members=((42, "lucky seven"),))
>>> print(canonical_text(lock, mix))
ridotto fair deal 1
server seed 0000000000000000000000000000000000000000000000000000000000000000
table 12
hand 7
game primero
interactions 1234567890123456789
member 42 lucky seven
>>> deck_seed(lock, mix)
8287278179559733470
>>> deck_seed(lock, Mix(12, 7, "primero", (1234567890123456789,), ((42, "lucky eight"),)))
4941732260577794544
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from engine.core.msg import Domain, Msg, english

SCHEME = "ridotto fair deal 1"
"""The scheme's name and version: the first line of the canonical text, and of every proof."""

SEED_LIMIT = 64
"""The most characters a member's own seed may have."""


class BadSeed(ValueError):
    """A member's seed that the scheme can't take; `said` is a sentence for them (a message
    the bot renders in their language; `str()` is its English)."""

    def __init__(self, said: Msg) -> None:
        super().__init__(english(said))
        self.said = said


t = Domain("frame")


def new_server_seed() -> int:
    """A fresh 256-bit server seed from the operating system's randomness (bot layer only)."""
    return secrets.randbits(256)


def server_seed_text(value: int) -> str:
    """The server seed as the scheme writes it: 64 lowercase hex digits.

    >>> server_seed_text(255)[-4:]
    '00ff'
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 256:
        raise ValueError(f"a server seed is an integer from 0 to 2**256 - 1, not {value!r}")
    return format(value, "064x")


def server_commitment(server_seed: str) -> str:
    """What the table publishes before the deal: the SHA-256 (hex) of the server seed's text,
    the same as `printf %s SEED | sha256sum` prints."""
    return hashlib.sha256(server_seed.encode("utf-8")).hexdigest()


def check_member_seed(text: str) -> str:
    """A member's seed as kept: the text without surrounding spaces, one line of printable
    characters, 1 to `SEED_LIMIT` long. Raises BadSeed with a sentence otherwise.

    >>> check_member_seed("  my lucky seed ")
    'my lucky seed'
    """
    seed = text.strip()
    if not seed:
        raise BadSeed(
            t(
                "A fair seed can't be empty: type any text you like, up to {limit} characters.",
                limit=SEED_LIMIT,
            )
        )
    if len(seed) > SEED_LIMIT:
        raise BadSeed(
            t(
                "That seed is {n} characters long; a fair seed is at most {limit} characters.",
                n=len(seed),
                limit=SEED_LIMIT,
            )
        )
    if not seed.isprintable():
        raise BadSeed(t("A fair seed is one line of ordinary characters, with no line breaks or tabs."))
    return seed


@dataclass(frozen=True)
class Mix:
    """What a hand's deck seed mixes into the server seed: the hand it is (table id, hand
    number, game id), the ids of the interactions that started it (in order; none when the
    table's clock dealt it) and the (member id, seed) of each seated member who set a seed,
    in seat order."""

    table: int
    hand: int
    game: str
    interactions: tuple[int, ...] = ()
    members: tuple[tuple[int, str], ...] = ()


def canonical_text(server_seed: str, mix: Mix) -> str:
    """The text whose SHA-256 gives the deck seed: one item a line, in this order, lines
    joined by a newline (no newline at the end), UTF-8. A member's seed is the rest of its
    line: it has no line breaks (`check_member_seed`)."""
    lines = [
        SCHEME,
        f"server seed {server_seed}",
        f"table {mix.table}",
        f"hand {mix.hand}",
        f"game {mix.game}",
        " ".join(["interactions", *map(str, mix.interactions)]),
    ]
    lines += [f"member {member} {seed}" for member, seed in mix.members]
    return "\n".join(lines)


def deck_seed(server_seed: str, mix: Mix) -> int:
    """The hand's deck seed: the first 8 bytes of SHA-256(canonical text) as a big-endian
    integer, shifted right by one bit (a 63-bit seed, like every seed before this scheme)."""
    digest = hashlib.sha256(canonical_text(server_seed, mix).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1
