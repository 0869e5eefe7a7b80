"""A plain loop of Prima Carta's basic game: the reference `bench/engine.py` measures the
engine against.

It plays the same hands as `bench/engine.py`'s `prima_carta_hands` (five seats, stake 1,
the deck shuffled by `random.Random(seed)`, the basic strategy at the copa) the way a
profiler-guided rewrite would: ints and flat lists, one function, no objects, no events,
no log. It is not the engine and nothing imports it but the bench and the test that
checks it plays the same rules (tests/engine/test_prima_carta_reference.py): every hand
must end with the same winner, pot and passes as the engine's.

    .venv/bin/python bench/prima_carta_loop.py [seconds]
"""

from __future__ import annotations

import _random
import sys
import time

# A card is `suit * 10 + rank - 1`; the card that plays up on `code` is the next rank of
# its suit, the 1 on the 10 (the text, First Pass: "closing the circle of ranks").
SUIT_OF = tuple(code // 10 for code in range(50))
NEXT = tuple((code // 10) * 10 + (code % 10 + 1) % 10 for code in range(50))
# Fisher-Yates steps of `random.Random.shuffle` over 50 cards: (index, bits to draw).
STEPS = tuple((i, (i + 1).bit_length()) for i in range(49, 0, -1))
# The copa's order from each prima (to the left, wrapping) and each seat's opponents.
ORDER = tuple(tuple((first + step) % 5 for step in range(5)) for first in range(5))
OTHERS = tuple(tuple(s for s in range(5) if s != seat) for seat in range(5))

# The Basic Strategy table (the text; docs/RULES.md, Computer players): fold at an excess
# of N over K bigger live stacks, with the literal exceptions.
FOLD_AT = {1: 2, 2: 3, 3: 4, 4: 5}
PLAY_ANYWAY = {(2, (2, 2, 2, 4)), (3, (2, 2, 4, 4))}
FOLD_ANYWAY = {(3, (2, 4, 4, 4)), (3, (3, 4, 4, 4)), (4, (3, 5, 5, 5))}
_PAYS: dict[tuple[int, tuple[int, ...]], bool] = {}


def pays(mine: int, others: tuple[int, ...]) -> bool:
    """The basic player's copa decision: `mine` against the other live stacks (sorted)."""
    key = (mine, others)
    known = _PAYS.get(key)
    if known is None:
        if not others or mine >= others[-1]:
            known = True
        else:
            above = [size - mine for size in others if size > mine]
            # Rule 2 folds past the threshold unless "Play"; rule 3 pays unless "Fold".
            known = key in PLAY_ANYWAY if sum(above) >= FOLD_AT[len(above)] else key not in FOLD_ANYWAY
        _PAYS[key] = known
    return known


def play(seed: int) -> tuple[int, int, tuple[int, ...], int]:
    """One five-seat hand (seat i owns suit i): (winner, how, paid per seat, passes).

    `how` is 0 for a suit completed in the first pass, 1 for the last seat standing after
    the copa, 2 for the first live suit to complete in a later pass.
    """
    deck = list(range(50))
    # `random.Random(seed)` with an int seed only forwards to this C base class.
    bits = _random.Random(seed).getrandbits
    for i, k in STEPS:
        j = bits(k)
        while j > i:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]
    suit_of, nxt = SUIT_OF, NEXT
    wanted = bytearray(b"\x01" * 50)  # which cards play up now
    count = [0] * 5
    live = [True] * 5  # which suits end the deal by completing: all owned in the first pass
    paid = [1] * 5  # the spiga
    passes = 0
    while True:
        passes += 1
        pile: list[int] = []
        winner = -1
        for code in deck:
            if not wanted[code]:
                pile.append(code)
                continue
            while True:
                suit = suit_of[code]
                size = count[suit] = count[suit] + 1
                if size == 1:
                    wanted[suit * 10 : suit * 10 + 10] = bytes(10)
                else:
                    wanted[code] = 0
                if size == 10:
                    if live[suit]:
                        winner = suit
                        break
                else:
                    wanted[nxt[code]] = 1
                if pile and wanted[pile[-1]]:
                    code = pile.pop()
                else:
                    break
            if winner >= 0:
                break
        if winner >= 0:
            return winner, 0 if passes == 1 else 2, tuple(paid), passes
        if passes == 1:
            # The copa, prima first (the owner of the first card's suit), then to the left.
            folded = 0
            first = suit_of[deck[0]]
            for seat in ORDER[first]:
                others = tuple(sorted([count[s] for s in OTHERS[seat] if live[s]]))
                if pays(count[seat], others):
                    paid[seat] += count[seat]
                else:
                    live[seat] = False
                    folded += 1
                    if folded == 4:
                        # The one left wins at once, paid or not (Second Bets, Fold).
                        return live.index(True), 1, tuple(paid), 1
        deck = pile


def hands(count: int, start: int = 0) -> None:
    """`count` hands from seed `start` on, as `bench/engine.py`'s games do."""
    for seed in range(start, start + count):
        play(seed)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    hands(200, 10**9)
    done, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        hands(500, done)
        done += 500
    elapsed = time.perf_counter() - began
    print(f"prima_carta plain loop: {done / elapsed:,.0f} hands/s ({done:,} hands in {elapsed:.2f} s)")


if __name__ == "__main__":
    main()
