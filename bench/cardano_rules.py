"""Cardano's Primero: how often issue 19's four rule changes come into play, and how often
each changes who wins the pot.

    python bench/cardano_rules.py [--hands 600] [--players 3] [--strong 1] [--workers 1] [--start 0]

Each deal (seed, dealer rotating with the seed) is played by computer players — `--strong`
strong players in the first seats, basic ones in the rest — under today's rules, and then
once more per item with only that item's old rule restored (same deal, same players, who
are deterministic), so the two hands are the same until the rule makes them differ:

1. statements stand to the showdown with the penalty for an undeclared primero or flush
   (old: only the final round's declarations held, no penalty);
2. a 55 or four of a kind passes as a primero/flush only after somebody stated one (old:
   always);
3. two or more closers bet (phase 3.2) (old: compared at once);
4. a double or an invitation passed before it was made may be paid in the discard round
   (old: whoever paid less than the whole stake discards).

"In play" counts the hands where the rule acted in today's run: a penalty note at the
showdown (1); a 55 or four of a kind whose player could not state a primero/flush that the
old rule allowed (2); closers who went to betting (3); a payment in the discard round (4).
"Winner differs" counts the hands whose pot winner differs from the old rule's replay.

Not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.cardano import Cardano, CardanoOptions, Pay, Phase
from engine.cardano.hands import FIFTY_FIVE, FOUR, all_forms
from engine.cardano.players import BasicPlayer, StrongPlayer
from engine.primero.hands import HandType

NAMES = ("ana", "bo", "cy", "di", "ed")
STATING = ("vie", "follow", "raise", "bid", "all_in", "close")


class OldStatements(Cardano):
    """Item 1's old rule: no penalty, and only the final round's declarations are held."""

    __slots__ = ()

    def _penalised(self, seat: int) -> HandType | None:
        return None

    def _start_betting(self) -> None:
        self._s.declared = [None] * len(self._s.seats)
        super()._start_betting()


class OldExceptions(Cardano):
    """Item 2's old rule: a 55 or four of a kind may always be stated as a primero/flush."""

    __slots__ = ()

    def _before(self, seat: int, kind: HandType) -> bool:
        return True


class OldClosers(Cardano):
    """Item 3's old rule: closers' combinations are compared at once."""

    __slots__ = ()

    def _end_closing(self) -> None:
        self._showdown(list(self._s.closers), by_pots=False)


class OldInvitation(Cardano):
    """Item 4's old rule: nobody may pay in the discard round."""

    __slots__ = ()

    def _end_invitation(self) -> None:
        super()._end_invitation()
        self._s.may_pay = []


OLD: dict[int, type[Cardano]] = {1: OldStatements, 2: OldExceptions, 3: OldClosers, 4: OldInvitation}


def _kinds(game: Cardano, seat: int) -> set[tuple[str, HandType]]:
    # Only the actions that name a hand type (a close, a vie, a bid, ...) carry `type`.
    return {
        (action.kind, named)
        for action in game.legal_actions(seat)
        if isinstance(named := getattr(action, "type", None), HandType)
    }


def play(seed: int, players: int, strong: int, engine: type[Cardano]) -> tuple[int | None, Counter[str]]:
    """One hand: the pot's winner (the first winner, None if nobody) and what came into play."""
    basic, clever = BasicPlayer(), StrongPlayer()
    game = engine.new(CardanoOptions(), NAMES[:players], seed, dealer=seed % players)
    seen: Counter[str] = Counter()
    early: set[int] = set()
    while (seat := game.to_act) is not None:
        view = game.view(seat)
        if engine is Cardano and view.phase in (Phase.CHANGES, Phase.CLOSING, Phase.VIE, Phase.BETTING):
            held = all_forms(view.hand or ())
            if held and max(held) in (FIFTY_FIVE, FOUR):
                old = OldExceptions.from_json(game.to_json())
                if _kinds(old, seat) - _kinds(game, seat):
                    seen["2 refused"] = 1
        action = (clever if seat < strong else basic).choose(game, seat)
        if view.phase is Phase.INVITATION and view.invitation == 0 and action.kind == "pass":
            early.add(seat)
        if view.phase is Phase.DISCARD and isinstance(action, Pay):
            seen[
                "4 inviter paid a double"
                if seat == view.inviter
                else "4 passer paid"
                if seat in early
                else "4 payer topped up"
            ] = 1
        game.apply(seat, action)
    if any(e.kind == "penalty" for e in game.events):
        seen["1 penalty"] = 1
    if any(e.kind == "contest" for e in game.events):
        seen["3 closers bet"] = 1
    outcome = game.outcome
    assert outcome is not None
    return (outcome.winners[0] if outcome.winners else None), seen


def deal(job: tuple[int, int, int]) -> Counter[str]:
    seed, players, strong = job
    winner, seen = play(seed, players, strong, Cardano)
    out: Counter[str] = Counter(seen)
    for item, engine in OLD.items():
        old_winner, _ = play(seed, players, strong, engine)
        if old_winner != winner:
            out[f"{item} differs"] += 1
            if any(key.startswith(str(item)) for key in seen):
                out[f"{item} differs in play"] += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=600)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--strong", type=int, default=1, help="strong players in the first seats")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    jobs = [(seed, args.players, args.strong) for seed in range(args.start, args.start + args.hands)]
    total: Counter[str] = Counter()
    t0 = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            for found in pool.imap(deal, jobs, chunksize=10):
                total += found
    else:
        for job in jobs:
            total += deal(job)
    n = len(jobs)

    def share(count: int) -> str:
        return f"{count:4d} ({100 * count / n:5.1f}%)"

    print(
        f"{n} deals, {args.players} players ({args.strong} strong, {args.players - args.strong} basic), "
        f"seeds {args.start}..{args.start + n - 1}, {time.perf_counter() - t0:.0f} s"
    )
    lines = [
        (1, "an undeclared primero/flush penalised at the showdown", ["1 penalty"]),
        (2, "a 55 / four of a kind refused a primero/flush statement", ["2 refused"]),
        (3, "two or more closers went to betting", ["3 closers bet"]),
        (4, "an inviter paid a double in the discard round", ["4 inviter paid a double"]),
        (4, "a player who passed before the invitation paid it", ["4 passer paid"]),
        (4, "a payer topped up a double in the discard round", ["4 payer topped up"]),
    ]
    for item, what, keys in lines:
        print(f"item {item}: in play {share(sum(total[k] for k in keys))}  {what}")
    for item in OLD:
        print(
            f"item {item}: winner differs from the old rule {share(total[f'{item} differs'])}, "
            f"of which in hands where it came into play {total[f'{item} differs in play']}"
        )


if __name__ == "__main__":
    main()
