"""Issue 24, items 1 and 5: every hand kept as what replays it exactly — the engine's snapshot
at the deal, the seats, the moves in order, the result — on both stores; a replay of a
stored hand of every game equals, step by step, what was shown while it was played; a
seated viewer's replay shows their own cards and an onlooker's none; a record this engine
can't read again is said so; and /history's lists, whose nets are the ledger's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.art import to_png
from bot.games import GAMES
from bot.history import page_layout, replay_layout
from bot.replay import CANNOT_REPLAY, CannotReplay, frame, steps, table_view, viewer_seat
from bot.storage import Store
from bot.store import Store as StoreContract
from bot.store import member_account, open_store
from bot.store.contract import HandPlayer, HandRecord, HistoryEntry
from bot.tables import TableService
from bot.workers import Workers
from tests.contract.test_plugins import assert_names_none
from tests.helpers.played import GUILD, NOW, Member, Played, open_played, play_hand, play_on, played_hands

G, OTHER = 10, 11
A, B = 101, 102


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[StoreContract]:
    s = await open_store(store_url)
    yield s
    await s.close()


@pytest.fixture
async def sqlite(tmp_path: Any) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "ridotto.db")
    yield s
    await s.close()


async def a_table(store: StoreContract, guild: int = G) -> int:
    async with store.transaction() as tx:
        return await tx.create_table(guild, 7, "holdout", A, {})


async def kept(store: StoreContract, table: int, hand: int, *, moves: int = 2, guild: int = G) -> None:
    async with store.transaction() as tx:
        await tx.keep_hand(
            guild,
            table,
            hand,
            channel_id=7,
            game="holdout",
            board="holdout",
            start={"s": hand},
            seating={"n": 2},
        )
    for step in range(1, moves + 1):
        async with store.transaction() as tx:
            await tx.keep_move(
                guild, table, hand, step=step, seat=step % 2, actor="member", action={"k": step}
            )


async def finished(store: StoreContract, table: int, hand: int, nets: dict[int, int], guild: int = G) -> bool:
    async with store.transaction() as tx:
        done = await tx.finish_hand(guild, table, hand, {"headline": f"hand {hand}", "nets": {}})
        players = [HandPlayer(user, seat, net) for seat, (user, net) in enumerate(nets.items())]
        await tx.keep_players(guild, table, hand, "holdout", players)
    return done


# --------------------------------------------------------------------------- the store


async def test_a_hand_is_kept_at_its_deal_and_move_by_move_and_listed_once_it_ends(
    store: StoreContract,
) -> None:
    table = await a_table(store)
    await kept(store, table, 1)
    record = await store.hand_record(table, 1)
    assert record is not None and record.status == "playing" and record.result is None
    assert (record.start, record.seating) == ({"s": 1}, {"n": 2})
    assert [(m.step, m.seat, m.actor, m.action) for m in record.moves] == [
        (1, 1, "member", {"k": 1}),
        (2, 0, "member", {"k": 2}),
    ]
    assert await store.history(G) == [] and await store.history(G, user_id=A) == []  # in play: not listed

    assert await finished(store, table, 1, {A: 5, B: -5})
    record = await store.hand_record(table, 1)
    assert (
        record is not None
        and record.status == "finished"
        and record.result == {"headline": "hand 1", "nets": {}}
    )
    async with store.transaction() as tx:  # a finished hand takes no more moves, and ends once
        await tx.keep_move(G, table, 1, step=3, seat=0, actor="timer", action={"k": 3})
        assert not await tx.finish_hand(G, table, 1, {"headline": "again"})
    again = await store.hand_record(table, 1)
    assert again is not None and len(again.moves) == 2 and again.result == record.result

    (server,) = await store.history(G)
    assert (server.kind, server.table_id, server.hand_no, server.channel_id, server.game) == (
        "hand",
        table,
        1,
        7,
        "holdout",
    )
    assert (server.seat, server.net) == (None, None)
    (mine,) = await store.history(G, user_id=A)
    assert (mine.seat, mine.net, mine.result["headline"]) == (0, 5, "hand 1")
    assert [e.net for e in await store.history(G, user_id=B, board="holdout")] == [-5]
    assert await store.history(G, user_id=A, board="prefa") == []
    assert await store.history(OTHER) == [] and await store.history(OTHER, user_id=A) == []


async def test_a_hand_dealt_before_hands_were_kept_keeps_nothing(store: StoreContract) -> None:
    table = await a_table(store)
    async with store.transaction() as tx:
        await tx.keep_move(G, table, 4, step=1, seat=0, actor="computer", action={"k": 1})
        assert not await tx.finish_hand(G, table, 4, {"headline": "x"})
        await tx.keep_players(G, table, 4, "holdout", [HandPlayer(A, 0, 3)])
    assert await store.hand_record(table, 4) is None
    assert await store.history(G, user_id=A) == []


async def test_history_is_newest_first_in_pages_and_a_games_end_is_listed_beside_its_hand(
    store: StoreContract,
) -> None:
    table = await a_table(store)
    for hand in range(1, 6):
        await kept(store, table, hand, moves=1)
        await finished(store, table, hand, {A: hand})
    async with store.transaction() as tx:
        await tx.keep_players(G, table, 5, "holdout", [HandPlayer(A, 0, 40, kind="game")])
    newest = await store.history(G, user_id=A, limit=3)
    assert [(e.hand_no, e.kind) for e in newest] == [(5, "game"), (5, "hand"), (4, "hand")]
    older = await store.history(G, user_id=A, limit=3, offset=3)
    assert [(e.hand_no, e.kind, e.net) for e in older] == [(3, "hand", 3), (2, "hand", 2), (1, "hand", 1)]
    assert [e.hand_no for e in await store.history(G, limit=2, offset=1)] == [4, 3]
    with pytest.raises(ValueError):
        await store.history(G, limit=0)


async def test_what_is_kept_is_checked_before_anything_is_written(store: StoreContract) -> None:
    table = await a_table(store)
    await kept(store, table, 1, moves=0)
    async with store.transaction() as tx:
        with pytest.raises(ValueError, match="member, computer, timer, pause"):
            await tx.keep_move(G, table, 1, step=1, seat=0, actor="ghost", action={})  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="from 1"):
            await tx.keep_move(G, table, 1, step=0, seat=0, actor="member", action={})
        with pytest.raises(ValueError):
            await tx.keep_players(G, table, 1, "holdout", [HandPlayer(A, 0, True)])  # type: ignore[arg-type]
    record = await store.hand_record(table, 1)
    assert record is not None and record.moves == []


# --------------------------------------------------------------------------- replays

#: every game, and the variants that change how a hand flows: (game, options, members, computers)
EVERY_GAME = [
    ("prima_carta", {}, 2, 1),
    ("prima_carta", {"variant": "jasper", "bets": True}, 3, 0),
    ("prima_carta", {"variant": "cinco", "house": True, "corte": True}, 2, 1),
    ("peg_leg", {}, 2, 1),
    ("holdout", {}, 2, 1),
    ("holdout", {"lines": "double"}, 3, 1),
    ("primero", {}, 2, 1),
    ("primero", {"variant": "points"}, 2, 1),
    ("cardano", {}, 2, 1),
    ("cardano", {"distributions": "deck", "duel": False}, 3, 0),
    ("primiera", {}, 3, 1),
    ("primiera", {"variant": "scopone"}, 2, 2),
    ("primiera", {"variant": "two"}, 1, 1),
    ("primiera", {"variant": "three"}, 2, 1),
    ("primiera", {"variant": "robot"}, 3, 0),
    ("prefa", {}, 2, 1),
    ("prefa", {}, 3, 1),
]


def case_id(case: tuple[str, dict[str, Any], int, int]) -> str:
    game, options, people, computers = case
    shown = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    return f"{game}-{shown}-{people}+{computers}"


@pytest.mark.parametrize("case", EVERY_GAME, ids=case_id)
async def test_a_stored_hand_of_every_game_replays_every_step_as_it_was_shown(
    sqlite: Store, case: tuple[str, dict[str, Any], int, int]
) -> None:
    game, options, people, computers = case
    played = await played_hands(sqlite, game, options, people=people, computers=computers)
    (seen,) = played.hands
    record = await sqlite.hand_record(played.table.id, seen.hand_no)
    assert record is not None and record.status == "finished"
    assert len(record.moves) == len(seen.public) - 1
    assert {m.actor for m in record.moves} <= {"member", "timer", "computer", "pause"}
    replayed = 0
    for step in steps(record):
        assert step.game.view(None).model_dump(mode="json") == seen.public[step.index], f"step {step.index}"
        for seat, view in seen.seats[step.index].items():
            assert step.game.view(seat).model_dump(mode="json") == view, f"seat {seat}, step {step.index}"
        replayed += 1
    assert replayed == len(seen.public)  # and the end reached the fingerprint kept (else CannotReplay)


async def played_primero(store: Store) -> tuple[Played, HandRecord]:
    played = await played_hands(store, "primero", {}, people=2, computers=1)
    record = await store.hand_record(played.table.id, played.hands[0].hand_no)
    assert record is not None
    return played, record


async def test_a_seated_viewer_sees_their_own_cards_and_an_onlooker_no_hidden_card(sqlite: Store) -> None:
    played, record = await played_primero(sqlite)
    plugin = GAMES["primero"]
    ana = played.members[0]
    mine = viewer_seat(record, ana.id)
    assert mine is not None and viewer_seat(record, 999) is None
    others = [seat for seat in range(len(record.seating["seats"])) if seat != mine]
    last = len(record.moves)
    assert record.result is not None
    shown_cards = 0
    for step in steps(record):
        hidden = {card for seat in others for card in plugin.private_cards(step.game, seat)}
        own = sorted(plugin.private_cards(step.game, mine))
        seated = frame(record, step.index, mine)
        onlooker = frame(record, step.index, None)
        for shown in (seated, onlooker):
            assert shown.problem is None and shown.table is not None
            assert_names_none(hidden, [*shown.lines, shown.table_alt, shown.hand_alt], f"step {step.index}")
        assert onlooker.hand is None and onlooker.hand_alt == ""
        # Both pictures of the table are the public one: drawn from the engine's public view.
        view = table_view(record, plugin, step.game, record.result["match"] if step.index == last else None)
        public = to_png(plugin.table_picture(view, step.game.view(None)))
        assert seated.table is not None and onlooker.table is not None
        assert seated.table.png == onlooker.table.png == public
        assert seated.hand is not None and seated.hand.png == to_png(
            plugin.hand_picture(view, step.game.view(mine), ())
        )
        assert_names_none(set(own), [*onlooker.lines, onlooker.table_alt], f"onlooker, step {step.index}")
        assert seated.hand is not None
        if own:
            assert seated.hand_alt == "Your cards: " + ", ".join(card.label for card in own) + "."
            shown_cards += 1
    assert shown_cards > 0
    last = frame(record, len(record.moves), None)
    assert record.result is not None and any(record.result["headline"] in line for line in last.lines)


def as_format_one(start: dict[str, Any]) -> dict[str, Any]:
    """A basic Prima Carta hand's snapshot as the engine's format 1 wrote it: without the
    fields format 2 added for the house game (its pot carried in, its corte, Jasper's
    second seed)."""
    older = {k: v for k, v in start.items() if k not in ("carried_in", "corte", "second_seed")}
    return {**older, "format": 1}


async def test_a_hand_kept_in_an_older_format_replays_exactly_or_says_it_cannot(sqlite: Store) -> None:
    played = await played_hands(sqlite, "prima_carta", {}, people=2, computers=1)
    record = await sqlite.hand_record(played.table.id, 1)
    assert record is not None
    older = record.model_copy(update={"start": as_format_one(record.start)})
    assert [s.game.view(None) for s in steps(older)] == [s.game.view(None) for s in steps(record)]
    assert frame(older, 1, None).problem is None

    unknown = record.model_copy(update={"start": {**record.start, "format": 99}})
    with pytest.raises(CannotReplay):
        list(steps(unknown))
    assert frame(unknown, 0, None).problem == CANNOT_REPLAY
    moved = [m.model_copy(update={"seat": (m.seat + 1) % 3}) for m in record.moves]
    assert frame(record.model_copy(update={"moves": moved}), 0, None).problem == CANNOT_REPLAY
    short = record.model_copy(update={"moves": record.moves[:-1]})  # the end is not the one kept
    assert frame(short, 0, None).problem == CANNOT_REPLAY


# --------------------------------------------------------------------------- history


def ledger_net(rows: list[dict[str, Any]], user: int, hand: int) -> int:
    account = member_account(user)
    mine = [r for r in rows if r["hand_no"] == hand]
    return sum(r["amount"] for r in mine if r["dst"] == account) - sum(
        r["amount"] for r in mine if r["src"] == account
    )


async def test_history_lists_each_members_hands_with_the_ledgers_nets(sqlite: Store) -> None:
    played = await played_hands(sqlite, "prima_carta", {}, people=2, computers=1, hands=3, stake=5)
    rows = await sqlite.ledger(GUILD, table_id=played.table.id)
    for member in played.members:
        entries = await sqlite.history(GUILD, user_id=member.id)
        assert [e.hand_no for e in entries] == [3, 2, 1]
        assert [e.net for e in entries] == [ledger_net(rows, member.id, hand) for hand in (3, 2, 1)]
        assert any(e.net for e in entries)
    server = await sqlite.history(GUILD)
    assert [(e.table_id, e.hand_no, e.game) for e in server] == [
        (played.table.id, h, "prima_carta") for h in (3, 2, 1)
    ]
    assert await sqlite.history(GUILD, board="primero") == []


SCORE_GAMES = [
    ("primero", {"variant": "points", "target": 100}, 2, 1),  # points toward a target (Match.add_scores)
    ("prefa", {"pouch": 1}, 2, 1),  # the game's own tally (ScoreGame.after_hand)
    ("primiera", {"play_for": "bankroll"}, 3, 1),  # ...played for chips
]


@pytest.mark.parametrize("case", SCORE_GAMES, ids=case_id)
async def test_a_finished_score_game_is_in_its_members_history_with_the_scoreboards_net(
    sqlite: Store, case: tuple[str, dict[str, Any], int, int]
) -> None:
    game, options, people, computers = case
    played = await open_played(sqlite, game, options, people=people, computers=computers)
    ana: Member = played.members[0]
    for _ in range(20):
        await play_hand(played)
        entries = await sqlite.history(GUILD, user_id=ana.id)
        if entries[0].kind == "game":
            break
    ended, hand, *_ = entries
    assert (ended.kind, hand.kind, ended.hand_no) == ("game", "hand", hand.hand_no)
    (board,) = await sqlite.stats(GUILD, ana.id)  # the scoreboard's row for the game
    assert (ended.board, ended.net) == (board.game, board.net)
    assert "wins the game" in str(ended.result["game"]) or " win the game" in str(ended.result["game"])
    assert all(e.kind == "hand" for e in entries[1:])


async def test_a_hand_played_across_a_restart_is_kept_whole_and_replays_exactly(sqlite: Store) -> None:
    played = await open_played(sqlite, "holdout", {}, people=2, computers=1)
    seen = await play_hand(played, moves=4)
    assert played.hands == [] and len(seen.public) == 5  # the deal and four moves, the hand in play
    record = await sqlite.hand_record(played.table.id, seen.hand_no)
    assert record is not None and record.status == "playing" and len(record.moves) == 4

    restarted = TableService(sqlite, computer_delay=0, now=lambda: NOW, workers=Workers(0))
    await restarted.restore()  # a new process: the table from its snapshot, the record from its rows
    played.service, played.table = restarted, restarted.tables[played.table.id]
    await play_on(played, seen)
    assert played.hands == [seen]
    record = await sqlite.hand_record(played.table.id, seen.hand_no)
    assert record is not None and record.status == "finished"
    assert [m.step for m in record.moves] == list(range(1, len(seen.public)))
    assert [s.game.view(None).model_dump(mode="json") for s in steps(record)] == seen.public


# --------------------------------------------------------------------------- what /history shows


def an_entry(hand: int, headline: str, *, kind: str = "hand") -> HistoryEntry:
    return HistoryEntry(
        kind=kind,  # type: ignore[arg-type]
        table_id=12,
        hand_no=hand,
        channel_id=77,
        game="prima_carta",
        board="prima_carta",
        finished_at=NOW,
        result={
            "headline": headline,
            "nets": {"0": 40, "1": -40},
            "names": ["**Boss**", "_ana_"],
            "game": headline,
        },
        seat=0,
        net=-40,
    )


def walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for part in components:
        found.append(part)
        found += walk(part.get("components", []))
        if "accessory" in part:
            found.append(part["accessory"])
    return found


@pytest.mark.parametrize("member", [0, A])
def test_a_full_page_of_history_fits_discord_and_escapes_every_name(member: int) -> None:
    long = "**Boss** @everyone (Cups) " + "wins the pot after a very long hand " * 10
    entries = [an_entry(hand, long, kind="game" if hand == 8 else "hand") for hand in range(8, 0, -1)]
    layout = page_layout(entries, user_id=member, board="", page=1, more=True)
    parts = walk(layout.to_components())
    texts = [part["content"] for part in parts if part.get("type") == 10]
    assert len(parts) <= 40 and len("".join(texts)) <= 4000
    assert all("**Boss**" not in text and "\\*\\*Boss\\*\\*" in text for text in texts[1:])
    assert all("@everyone" not in text for text in texts)
    ids = [part["custom_id"] for part in parts if "custom_id" in part]
    assert len(ids) == len(set(ids)) == 10  # eight Replay buttons, Newer and Older
    if member:
        assert "your net **−40**" in texts[1]
    else:
        assert "Nets: \\*\\*Boss\\*\\* +40 · \\_ana\\_ −40" in texts[1]


async def test_a_replay_escapes_every_name_it_shows(sqlite: Store) -> None:
    _, record = await played_primero(sqlite)
    seats = [{**player, "name": f"**{player['name']}** @everyone"} for player in record.seating["seats"]]
    renamed = record.model_copy(
        update={"seating": {**record.seating, "seats": seats, "log": ["**Boss** @everyone deals."]}}
    )
    for step in (0, 1, len(record.moves)):
        layout, files = replay_layout(renamed, frame(renamed, step, 0), 0)
        texts = [part["content"] for part in walk(layout.to_components()) if part.get("type") == 10]
        said = "\n".join(texts)
        assert "**Ana**" not in said and "@everyone" not in said and "**Boss**" not in said
        assert len(files) == 2  # the table, and seat 0's own cards
    assert "You were dealt in as \\*\\*Ana\\*\\*" in said
