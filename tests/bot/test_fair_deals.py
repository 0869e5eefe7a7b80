"""Fair deals without Discord: every game's deal is what `engine.verify` recomputes from its
seed and options, a member's own seed changes the deal and is in its proof, and the store
keeps members' seeds and hands' proofs (on SQLite and on PostgreSQL)."""

from __future__ import annotations

import types
import typing
from collections.abc import AsyncIterator
from typing import Any, Literal, get_args, get_origin

import pytest

from bot.games import GAMES, OptionError, Plugin
from bot.games.base import Partners
from bot.store import HandProof, Store, open_store
from bot.tables import Seat
from bot.tables.fair import CLICK, Fairness, parse_hand
from bot.tables.model import MemberSeed
from engine.core.fair import SCHEME, BadSeed
from engine.core.msg import english
from engine.core.rng import commitment
from engine.verify import DEALS, check
from tests.helpers.postgres import execute
from tests.helpers.tables import dealt_table, seated_table

G, OTHER = 10, 11  # servers
A, B = 101, 102  # members
SEEDS = (0, 1, 2**62 + 11, 20261122)


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[Store]:
    """The store under test, on SQLite and on PostgreSQL (tests/conftest.py: store_url)."""
    s = await open_store(store_url)
    yield s
    await s.close()


# ------------------------------------------------------------------ each game's deal
def option_sets(plugin: Plugin) -> list[dict[str, Any]]:
    """The defaults, then each Literal or bool option at each of its other values."""
    sets: list[dict[str, Any]] = [{}]
    for name, info in plugin.options_model.model_fields.items():
        annotation: Any = info.annotation
        if get_origin(annotation) in (types.UnionType, typing.Union):
            annotation = next(arg for arg in get_args(annotation) if arg is not type(None))
        values = get_args(annotation) if get_origin(annotation) is Literal else (True, False)
        if annotation is bool or get_origin(annotation) is Literal:
            sets += [{name: value} for value in values if value != info.default]
    return sets


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_games_deal_is_what_the_verifier_deals_from_its_seed(game_id: str) -> None:
    plugin = GAMES[game_id]
    checked = 0
    for raw in option_sets(plugin):
        try:
            parsed = plugin.parse_options(raw)
        except OptionError:
            continue
        low, high = plugin.seat_range(parsed)
        partnered = plugin.capability(Partners)
        robot = partnered is not None and partnered.robot(parsed) is not None  # dealt in, seated by no one
        for players in sorted({low + robot, high + robot}):
            for seed in SEEDS:
                table = dealt_table(game_id, parsed, players, seed)
                saved = table.game.to_json()
                dealt = DEALS[game_id](seed, table.state.options)
                assert dealt.order == saved["order"], (raw, players, seed)
                assert commitment(seed, [*dealt.order, *dealt.also]) == table.game.commitment
                checked += 1
    assert checked >= len(SEEDS)


# ------------------------------------------------------------------ the table's part
async def test_a_members_own_seed_changes_the_deal_and_is_in_its_proof(store: Store) -> None:
    plugin = GAMES["primero"]
    async with store.transaction() as tx:
        table_id = await tx.create_table(G, 7, "primero", A, {})
    seats = [
        Seat(choice=plugin.seat_choices[i], user_id=u, name=n)
        for i, (u, n) in enumerate([(A, "Ana"), (B, "Bo")])
    ]
    table = seated_table(plugin, plugin.parse_options({}), seats, 10)
    table.state.id, table.state.guild_id = table_id, G
    fair = Fairness(store, seeds=lambda: 0x5EED)
    fair.lock(table, "the first hand's")
    lock = table.state.seed_lock
    assert lock is not None and lock.commitment in english(table.state.log[-1])
    hand_no = table.state.hand_no

    plain = await fair.deck_seed(table, hand_no, CLICK, [555])
    assert table.state.seed_lock is None, "the lock is used up by the deal"
    table.state.seed_lock = lock  # the same server seed, the same click: only the member's seed differs
    await store.set_member_seed(G, A, "my lucky seed")
    mixed = await fair.deck_seed(table, hand_no, CLICK, [555])
    assert mixed != plain
    assert DEALS["primero"](mixed, {}).order != DEALS["primero"](plain, {}).order
    mix = table.state.deal_mix
    assert mix is not None and mix.members == [MemberSeed(id=A, name="Ana", seed="my lucky seed")]
    assert (mix.server_seed, mix.commitment, mix.interactions) == (lock.seed, lock.commitment, [555])

    table.game = dealt_table("primero", {}, 2, mixed).game  # the hand dealt from it, then over
    proof = fair.proof(table, table.game.to_json())
    assert proof is not None and proof["scheme"] == SCHEME and proof["deck_seed"] == mixed
    assert proof["members"] == [{"id": A, "name": "Ana", "seed": "my lucky seed"}]
    assert proof["server_seed"] == lock.seed and proof["interactions"] == [555]
    assert check(proof).matches, check(proof).sentence
    assert check(dict(proof, members=[])).matches is False  # without the seed, no match


def test_a_hand_is_named_leniently() -> None:
    for text in ("#12-7", "12-7", " 12 / 7 ", "table 12 hand 7", "#12 #7"):
        assert parse_hand(text) == (12, 7), text
    for text in ("", "#12", "12-7-3", "hand", "1" * 19 + "-7"):
        assert parse_hand(text) is None, text


# ------------------------------------------------------------------ the store
async def test_members_seeds_are_kept_per_member_and_server(store: Store, store_url: str) -> None:
    assert await store.member_seed(G, A) is None
    await store.set_member_seed(G, A, "  lucky  ")
    await store.set_member_seed(OTHER, A, "elsewhere")
    await store.set_member_seed(G, B, "ünïcödé ✓")
    assert await store.member_seed(G, A) == "lucky"
    await store.set_member_seed(G, A, "luckier")  # a new seed replaces the old
    assert await store.member_seeds(G, [A, B, 103]) == {A: "luckier", B: "ünïcödé ✓"}
    assert await store.member_seeds(OTHER, [A, B]) == {A: "elsewhere"}
    assert await store.member_seeds(G, []) == {}
    for bad in ("", "   ", "x" * 65, "two\nlines"):
        with pytest.raises(BadSeed):
            await store.set_member_seed(G, A, bad)
    assert await store.member_seed(G, A) == "luckier", "a refused seed changes nothing"
    with pytest.raises(Exception, match=r"(?i)check"):  # the schema refuses one behind the store's back
        await execute(store_url, f"UPDATE member_seeds SET seed = '{'y' * 65}'")


async def test_a_hands_proof_is_kept_beside_it_and_read_back_on_its_server(store: Store) -> None:
    async with store.transaction() as tx:
        table_id = await tx.create_table(G, 7, "primero", A, {})
    proof = {"scheme": SCHEME, "order": ["spades:14", "hearts:2"], "members": [{"id": A, "seed": "é ✓"}]}
    async with store.transaction() as tx:
        await tx.record_hand(G, table_id, 1, "primero", 7, "ab" * 32, {"seed": 7})
        await tx.record_hand(G, table_id, 2, "primero", 8, "cd" * 32, {"seed": 8})
        await tx.record_proof(G, table_id, 2, proof)
    assert await store.hand_proof(G, table_id, 1) == HandProof(game="primero", proof=None)
    assert await store.hand_proof(G, table_id, 2) == HandProof(game="primero", proof=proof)
    assert await store.hand_proof(G, table_id, 3) is None
    assert await store.hand_proof(OTHER, table_id, 2) is None, "another server's hand is not ours"
    with pytest.raises(Exception, match=r"(?i)foreign key"):  # a proof proves a hand that was kept
        async with store.transaction() as tx:
            await tx.record_proof(G, table_id, 3, proof)
