"""A deal anyone can verify, at a table (the scheme is `engine.core.fair`).

When a table opens and whenever a hand ends, the table draws the next deal's server seed
and publishes its commitment (the table log, Details) before anyone can deal. The deal mixes
that seed with what the server could not know when it committed — the id Discord gives the
click that deals (Start, Deal next hand), and each seated member's own seed — into the
hand's deck seed, which every game shuffles with. The seeds stay in the table's snapshot
only, secret like the deck, until the hand ends; then the hand's proof (the seeds, what was
mixed in, the deal) is stored beside it, and `/verify` checks it with `engine.verify`, the
same code a member runs on the exported file.

What a deal the clock starts gives: no click, so only the members' seeds as they stand at
the deal are mixed in; it is as good as a member seed changed after the commitment was
shown (the log says when that was). A table opened with `/play … computers:N` deals its first
hand in the /play itself: its id is mixed in, but the server knew it when it drew the seed,
so that hand has the commitment's promise (the deck was fixed before play) and no more.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.i18n import Markup, Text, t
from bot.store import Store
from bot.tables.model import LOG_LINES, DealMix, MemberSeed, Phase, SeedLock, Table
from engine.core.fair import SCHEME, Mix, deck_seed, server_commitment, server_seed_text
from engine.verify import Unreadable, check

#: the deal was started by a member's click (Start, Deal next hand), by `/play … computers:N`,
#: or by the table's clock
CLICK, PLAY, CLOCK = "click", "/play", "clock"

EXPLAINED = t(
    "Before each hand the table locks a secret server seed and shows its SHA-256 (in the table's "
    "log and Details); the deck is then shuffled from that seed mixed with the id Discord gives "
    "the click that deals and the own seed of every member seated, so the server cannot choose "
    "the cards. When the hand ends its seeds and deal are published: `/verify #table-hand` checks "
    "them, and `python -m engine.verify FILE` checks the exported file on your own machine."
)

BAD_HAND = t(
    "Name a hand as its table does: the table number and the hand number, like `#12-7` "
    "(table 12, hand 7; the table's log names each hand as it is dealt)."
)


def hand_name(table_id: int, hand_no: int) -> str:
    """A hand as members name it: `#<table>-<hand>`."""
    return f"#{table_id}-{hand_no}"


def parse_hand(text: str) -> tuple[int, int] | None:
    """(table, hand) from a hand named leniently: `#12-7`, `12-7`, `12/7`, `12 7`,
    `table 12 hand 7`; None unless exactly two numbers are given."""
    numbers = re.findall(r"\d+", text)
    if len(numbers) != 2 or any(len(n) > 18 for n in numbers):
        return None
    return int(numbers[0]), int(numbers[1])


def code(text: str) -> str:
    """`text` as inline code, fenced with more backticks than it holds in a row."""
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    return f"{fence} {text} {fence}" if "`" in text else f"{fence}{text}{fence}"


@dataclass(frozen=True)
class Checked:
    """`/verify`'s answer: one sentence, and the exported hand (JSON text) when there is one."""

    sentence: Text
    export: str | None = None
    filename: str = ""


class Fairness:
    """Locks each deal's server seed, mixes it at the deal, and proves the hand at its end."""

    def __init__(
        self, store: Store, seeds: Callable[[], int], deals: Callable[[], int] | None = None
    ) -> None:
        self.store = store
        self.seeds = seeds  # the server seeds: the OS's randomness, or a test's reproducible source
        #: tests and benchmarks that need particular deals: each deck seed, in place of the mix
        #: (whose inputs are still locked, kept and published; the proof then does not verify)
        self.deals = deals

    # ------------------------------------------------------------------ at the table
    def lock(self, table: Table, which: str = "next", hand: Markup | None = None) -> None:
        """Draw the next deal's server seed and publish its commitment in the table log:
        `which` hand's ("first", "this", "next"); `hand`, the hand that just ended (its
        /verify is said first)."""
        seed = server_seed_text(self.seeds())
        lock = SeedLock(seed=seed, commitment=server_commitment(seed))
        table.state.seed_lock = lock
        sha = Markup(lock.commitment)
        if hand is not None:
            line = t(
                "🔒 Fair deal: /verify {hand} checks this hand. "
                "The next hand's server seed is locked; its SHA-256 is {sha}.",
                hand=hand,
                sha=sha,
            )
        elif which == "first":
            line = t("🔒 Fair deal: the first hand's server seed is locked; its SHA-256 is {sha}.", sha=sha)
        elif which == "this":
            line = t("🔒 Fair deal: this hand's server seed is locked; its SHA-256 is {sha}.", sha=sha)
        else:
            line = t("🔒 Fair deal: the next hand's server seed is locked; its SHA-256 is {sha}.", sha=sha)
        _log(table, line)

    async def deck_seed(
        self, table: Table, hand_no: int, started: str, interactions: Sequence[int] = ()
    ) -> int:
        """The deck seed of hand `hand_no`, about to be dealt: the locked server seed mixed with
        the ids of the `interactions` that started it and the seated members' own seeds. The
        lock is used up; what was mixed in is kept (secret) for the hand's proof."""
        state = table.state
        if state.seed_lock is None:
            # Only a table saved before seeds were locked (it restarts with none): lock one now.
            self.lock(table, "this")
        lock = state.seed_lock
        assert lock is not None
        seated = [seat for seat in state.seats if seat.user_id is not None]
        own = await self.store.member_seeds(state.guild_id, [seat.user_id for seat in seated if seat.user_id])
        members = [
            MemberSeed(id=seat.user_id, name=seat.name, seed=own[seat.user_id])
            for seat in seated
            if seat.user_id is not None and seat.user_id in own
        ]
        ids = [int(i) for i in interactions]
        mix = Mix(table.id, hand_no, state.game, tuple(ids), tuple((m.id, m.seed) for m in members))
        seed = deck_seed(lock.seed, mix) if self.deals is None else self.deals()
        state.deal_mix = DealMix(
            server_seed=lock.seed,
            commitment=lock.commitment,
            started=started,
            interactions=ids,
            members=members,
            deck_seed=seed,
        )
        state.seed_lock = None
        return seed

    def proof(self, table: Table, saved: Mapping[str, Any]) -> dict[str, Any] | None:
        """The finished hand's proof, the file `/verify` exports: everything needed to
        recompute the commitment, the deck seed and the deal. None for a hand dealt before
        its table mixed seeds (it has no mix of its own)."""
        state, mix = table.state, table.state.deal_mix
        if mix is None or saved.get("seed") != mix.deck_seed:
            return None
        return {
            "scheme": SCHEME,
            "table": table.id,
            "hand": state.hand_no,
            "game": state.game,
            "game_name": table.plugin.name,
            "options": dict(state.options),
            "seats": list(table.plugin.seat_names(table.game)),
            "started": mix.started,
            "server_seed": mix.server_seed,
            "server_commitment": mix.commitment,
            "interactions": list(mix.interactions),
            "members": [member.model_dump() for member in mix.members],
            "deck_seed": mix.deck_seed,
            "order": [str(card) for card in saved.get("order", [])],
            "deal_commitment": str(saved.get("commitment", "")),
        }

    # ------------------------------------------------------------------ members
    async def show_seed(self, guild_id: int, user_id: int) -> Text:
        """`/fair`: the member's seed on this server, and the scheme in two sentences."""
        seed = await self.store.member_seed(guild_id, user_id)
        if seed is None:
            mine = t(
                "You have no fair seed on this server: `/fair seed:<any text>` sets one (up to 64 "
                "characters; it is published in the proof of every hand you're dealt)."
            )
        else:
            mine = t(
                "Your fair seed on this server is {seed}; `/fair seed:<text>` changes it "
                "(it is published in the proof of every hand you're dealt).",
                seed=Markup(code(seed)),
            )
        return t("{mine}\n\n{explained}", mine=mine, explained=EXPLAINED)

    async def set_seed(self, guild_id: int, user_id: int, text: str) -> Text:
        """`/fair seed:<text>`: set the member's seed (BadSeed, with its sentence, if it can't be)."""
        await self.store.set_member_seed(guild_id, user_id, text)
        seed = await self.store.member_seed(guild_id, user_id)
        return t(
            "Your fair seed on this server is now {seed}: it is mixed into every hand "
            "you're seated for from the next deal on, and published in each one's proof.",
            seed=Markup(code(seed or "")),
        )

    async def verify(self, guild_id: int, text: str, table: Callable[[int], Table | None]) -> Checked:
        """`/verify <hand>`: recompute a finished hand's commitment and deal from its stored
        proof. `table(id)` is the server's open table of that id, if any (a hand in play)."""
        named = parse_hand(text)
        if named is None:
            return Checked(BAD_HAND)
        table_id, hand_no = named
        name = Markup(hand_name(table_id, hand_no))
        stored = await self.store.hand_proof(guild_id, table_id, hand_no)
        if stored is None:
            found = table(table_id)
            if found is not None and hand_no == found.state.hand_no and found.state.phase is Phase.PLAYING:
                return Checked(
                    t(
                        "Hand {hand} is still in play: its seeds stay secret until it ends, "
                        "so /verify it then.",
                        hand=name,
                    )
                )
            if found is not None and hand_no > found.state.hand_no:
                return Checked(
                    t(
                        "Hand {hand} hasn't been dealt yet: table #{table} is at hand {at}.",
                        hand=name,
                        table=table_id,
                        at=found.state.hand_no,
                    )
                )
            return Checked(
                t(
                    "There is no finished hand {hand} on this server: check the table and hand numbers "
                    "(the table's log names each hand as it is dealt).",
                    hand=name,
                )
            )
        if stored.proof is None:
            return Checked(
                t(
                    "Hand {hand} was dealt before Ridotto kept proofs of its deals: "
                    "there is nothing to check.",
                    hand=name,
                )
            )
        export = json.dumps(stored.proof, indent=2, ensure_ascii=False) + "\n"
        filename = f"ridotto-hand-{table_id}-{hand_no}.json"
        try:
            verdict = check(stored.proof)
        except Unreadable as error:
            said = t("Hand {hand}'s stored proof can't be checked: {why}", hand=name, why=str(error))
            return Checked(said, export, filename)
        return Checked(verdict.said, export, filename)


def _log(table: Table, line: Text) -> None:
    table.state.log = [*table.state.log, line][-LOG_LINES:]
