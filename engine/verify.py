"""Check an exported Ridotto hand on your own machine: ``python -m engine.verify FILE``.

The file is what ``/verify`` attaches (JSON). This recomputes, with nothing but this engine
package (no bot, no database, no Discord):

1. the server seed's commitment, SHA-256 of its text (`engine.core.fair.server_commitment`),
   against the one the table published before the deal;
2. the deck seed, from the server seed mixed with the interaction ids and the members' own
   seeds (`engine.core.fair.deck_seed`);
3. the deal: the game's deck shuffled by ``random.Random(deck seed)`` (`engine.core.rng.
   shuffled`, exactly ``random.Random(seed).shuffle``) and laid out as the game deals it
   (`DEALS`), against the order the hand was dealt in;
4. the deal's fingerprint shown during play, SHA-256 of "seed:<deck seed>|<cards>"
   (`engine.core.rng.commitment`).

It prints one sentence: that everything matches, or exactly what doesn't. Exit code 0: it
all matches; 1: something doesn't; 2: the file can't be checked (unreadable, not an exported
hand, or a scheme or game this verifier doesn't know).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.cards import ITALIAN_40, POSTAS_50, PREFA_32, PRIMERO_40, VINES_55, DeckSpec
from engine.core.fair import SCHEME, Mix, deck_seed, server_commitment
from engine.core.msg import Domain, Join, Markup, Msg, english
from engine.core.rng import commitment, shuffled
from engine.prima_carta.game import jasper_seed

MATCH, MISMATCH, UNREADABLE = 0, 1, 2


@dataclass(frozen=True)
class Dealt:
    """A deal as the seed makes it: the cards in the order dealt (their "suit:rank" text),
    and what else the deal's fingerprint covers after them (Jasper's second seed)."""

    order: list[str]
    also: list[str]


def _deck(deck: DeckSpec, seed: int) -> list[str]:
    return [card.code for card in shuffled(deck.cards(), seed)]


def _plain(deck: DeckSpec) -> Callable[[int, Mapping[str, Any]], Dealt]:
    return lambda seed, options: Dealt(_deck(deck, seed), [])


def _holdout(seed: int, options: Mapping[str, Any]) -> Dealt:
    """Postas, or the Vines deck (with its Emperors) when the table chose `deck: vines`."""
    return Dealt(_deck(VINES_55 if options.get("deck") == "vines" else POSTAS_50, seed), [])


def _prima_carta(seed: int, options: Mapping[str, Any]) -> Dealt:
    """Jasper shuffles the discards once more after the copa, by a second seed drawn from
    the first (SHA-256 of "jasper:<seed>"): the fingerprint covers it too."""
    also = [f"second:{jasper_seed(seed)}"] if options.get("variant") == "jasper" else []
    return Dealt(_deck(POSTAS_50, seed), also)


def _primiera(seed: int, options: Mapping[str, Any]) -> Dealt:
    """In the Heralds game (and three with a robot) the four aces, the Heralds, are dealt
    first, one to each player, in the order the shuffle put them; then the other 36."""
    order = _deck(ITALIAN_40, seed)
    if options.get("variant", "heralds") in ("heralds", "robot"):
        aces = [card for card in order if card.split(":")[1] == "1"]
        order = aces + [card for card in order if card not in aces]
    return Dealt(order, [])


DEALS: dict[str, Callable[[int, Mapping[str, Any]], Dealt]] = {
    "cardano": _plain(PRIMERO_40),
    "holdout": _holdout,
    "peg_leg": _plain(POSTAS_50),
    "prefa": _plain(PREFA_32),
    "prima_carta": _prima_carta,
    "primero": _plain(PRIMERO_40),
    "primiera": _primiera,
}
"""Each game's deal from its deck seed and the table's options (as /play chose them)."""


class Unreadable(ValueError):
    """The file can't be checked; the message says why, in a sentence."""


@dataclass(frozen=True)
class Verdict:
    """The check's result: whether everything matches, and the sentence that says so (a
    message: /verify says it in the member's language, the command line in English)."""

    matches: bool
    said: Msg

    @property
    def sentence(self) -> str:
        return english(self.said)


def _field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise Unreadable(f"This is not an exported Ridotto hand: it has no {key!r}.")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, kind):
        raise Unreadable(f"This is not an exported Ridotto hand: its {key!r} is not what a hand holds.")
    return value


def _ints(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    values = _field(data, key, list)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise Unreadable(f"This is not an exported Ridotto hand: its {key!r} are not all whole numbers.")
    return tuple(values)


def _members(data: Mapping[str, Any]) -> tuple[tuple[int, str], ...]:
    members = []
    for entry in _field(data, "members", list):
        if not isinstance(entry, dict):
            raise Unreadable("This is not an exported Ridotto hand: a member's seed is not what one holds.")
        members.append((_field(entry, "id", int), _field(entry, "seed", str)))
    return tuple(members)


t = Domain("frame")
tn = t.n


def check(data: object) -> Verdict:
    """Recompute everything an exported hand claims; raises Unreadable when it can't."""
    if not isinstance(data, dict):
        raise Unreadable("This is not an exported Ridotto hand: it is not a JSON object.")
    scheme = _field(data, "scheme", str)
    if scheme != SCHEME:
        raise Unreadable(f"This hand uses the scheme {scheme!r}; this verifier knows {SCHEME!r}.")
    game = _field(data, "game", str)
    if game not in DEALS:
        raise Unreadable(f"This verifier doesn't know the game {game!r}.")
    table, hand = _field(data, "table", int), _field(data, "hand", int)
    options = _field(data, "options", dict)
    server_seed = _field(data, "server_seed", str)
    locked = _field(data, "server_commitment", str)
    mix = Mix(table, hand, game, _ints(data, "interactions"), _members(data))
    seed = _field(data, "deck_seed", int)
    order = _field(data, "order", list)
    fingerprint = _field(data, "deal_commitment", str)
    name = t("Hand {hand} ({game})", hand=Markup(f"#{table}-{hand}"), game=str(data.get("game_name") or game))

    wrong: list[Msg] = []
    if server_commitment(server_seed) != locked:
        wrong.append(t("the server seed's SHA-256 is not the commitment published before the deal"))
    mixed = deck_seed(server_seed, mix)
    if mixed != seed:
        wrong.append(
            t(
                "the deck seed {seed} is not what the server seed mixed with the interaction ids and "
                "the members' seeds gives ({mixed})",
                seed=Markup(str(seed)),
                mixed=Markup(str(mixed)),
            )
        )
    dealt = DEALS[game](seed, options)
    if order != dealt.order:
        wrong.append(_order_difference(order, dealt.order))
    if commitment(seed, [*order, *dealt.also]) != fingerprint:
        wrong.append(t("the deal's fingerprint is not the SHA-256 of its seed and its cards"))
    if wrong:
        return Verdict(False, t("{name} does NOT match: {wrong}.", name=name, wrong=Join(wrong)))
    return Verdict(
        True,
        t(
            "{name} matches: the server seed hashes to the commitment published before the deal "
            "({locked}…), mixed with {ids} and {members} it gives the "
            "deck seed {seed}, that seed deals exactly the {cards} cards recorded, and the deal's "
            "fingerprint ({fingerprint}…) is right.",
            name=name,
            locked=Markup(locked[:16]),
            ids=tn("{n} interaction id", "{n} interaction ids", n=len(mix.interactions)),
            members=tn("{n} member seed", "{n} member seeds", n=len(mix.members)),
            seed=Markup(str(seed)),
            cards=len(order),
            fingerprint=Markup(fingerprint[:16]),
        ),
    )


def _order_difference(order: Sequence[object], dealt: Sequence[str]) -> Msg:
    if len(order) != len(dealt):
        return t(
            "the recorded order has {had} cards where the seed deals {dealt}",
            had=len(order),
            dealt=len(dealt),
        )
    at = next(i for i, (a, b) in enumerate(zip(order, dealt, strict=True)) if a != b)
    return t(
        "the recorded order differs from the one its seed deals at card {at} "
        "(the file has {had} where the seed deals {dealt})",
        at=at + 1,
        had=Markup(str(order[at])),
        dealt=Markup(str(dealt[at])),
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] in ("-h", "--help"):
        sys.stderr.write("Usage: python -m engine.verify FILE (a hand exported by /verify)\n")
        return UNREADABLE
    path = Path(args[0])
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        verdict = check(data)
    except OSError as error:
        sys.stderr.write(f"Cannot read {path}: {error.strerror or error}.\n")
        return UNREADABLE
    except (UnicodeDecodeError, json.JSONDecodeError):
        sys.stderr.write(f"{path} is not a JSON file, so it is not an exported Ridotto hand.\n")
        return UNREADABLE
    except Unreadable as error:
        sys.stderr.write(f"{path}: {error}\n")
        return UNREADABLE
    sys.stdout.write(verdict.sentence + "\n")
    return MATCH if verdict.matches else MISMATCH


if __name__ == "__main__":
    sys.exit(main())
