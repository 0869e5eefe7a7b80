"""A learner's hint (issue 25, item 3) through the real table service and store, no Discord:
the option off by default and a table that allows hints not rated; the Hint button only on a
member's own turn and only at a hint table; the hint is the move the strongest computer would
play in that seat, named as the panel names it, with its reason, and changes nothing; it is
the same for two deals that differ only in what the seat can't see; a hint the hand moved on
from, or one whose worker crashed, is a sentence; the hand's record keeps it and the replay
shows it; both stores keep and read hints."""

from __future__ import annotations

import os
import pickle
import random
from collections.abc import AsyncIterator
from typing import Any, cast

import pytest

from bot.display import Display
from bot.games import GAMES
from bot.games.base import hint_level
from bot.render import hint_text, render_table
from bot.replay import frame, viewer_seat
from bot.rules_pages import hints_help, rules_brief
from bot.storage import Store
from bot.store import Store as StoreContract
from bot.store import open_store
from bot.store.contract import KeptHint
from bot.table_layout import table_buttons, table_lines
from bot.tables import Table, TableError
from bot.tables.hints import FAILED, HINTS_OFF, MOVED_ON, NOT_YOUR_TURN, Given, Hints, advise, hint_seat
from bot.tables.ratings import rated_table, seat_rating
from bot.workers import Workers
from cogs.play import play_command
from engine.cardano import Cardano, CardanoOptions
from engine.cardano.game import DECK as PRIMERO_DECK
from engine.core.cards import ITALIAN_40, POSTAS_50, PRIMERO_40, Card
from engine.core.msg import english
from engine.core.players import Advises
from engine.holdout import Holdout, HoldoutOptions
from engine.peg_leg.game import STAND, KeyBet, PegLeg, PegLegOptions
from engine.prima_carta import PrimaCarta, PrimaCartaOptions
from engine.primero import Primero, PrimeroOptions
from engine.primiera import Primiera, PrimieraOptions
from tests.bot.test_records import OTHER, A, B, G, a_table, finished, kept
from tests.helpers.cards import card_pattern
from tests.helpers.played import GUILD, Member, Played, Seen, open_played, play_hand, play_on
from tests.helpers.tables import dealt_table


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


async def primiera_for_two(sqlite: Store, *, hints: bool = True, seed: int = 7, channel: int = 77) -> Played:
    """Ana against the strong computer at two-player Primiera, dealt."""
    played = await open_played(
        sqlite,
        "primiera",
        {"variant": "two"},
        people=1,
        computers=1,
        level="strong",
        hints=hints,
        seed=seed,
        channel=channel,
    )
    await play_hand(played, moves=0)
    return played


async def to_her_turn(played: Played) -> int:
    """Let the computer play until the hand waits on Ana; her engine seat."""
    table, ana = played.table, played.members[0]
    while (seat := hint_seat(table, ana.id)) is None:
        assert table.turn().awaiting, "the hand ended before Ana's turn"
        await played.service.autoplay.act_for(table)
    return seat


# --------------------------------------------------------------------------- the store


async def test_a_hint_is_kept_once_with_a_hand_in_play_and_read_back_with_its_record(
    store: StoreContract,
) -> None:
    table = await a_table(store)
    await kept(store, table, 1, moves=2)
    assert await store.keep_hint(G, table, 1, step=2, seat=0, user_id=B, advice="Fold: it loses.")
    assert await store.keep_hint(G, table, 1, step=0, seat=1, user_id=A, advice="Play 🔴7: new rank.")
    # The same position asked again keeps one hint; another server's hand, or one never kept, none.
    assert not await store.keep_hint(G, table, 1, step=0, seat=1, user_id=A, advice="Play 🔴7: again.")
    assert not await store.keep_hint(OTHER, table, 1, step=1, seat=0, user_id=A, advice="x")
    assert not await store.keep_hint(G, table, 9, step=1, seat=0, user_id=A, advice="x")
    with pytest.raises(ValueError):
        await store.keep_hint(G, table, 1, step=-1, seat=0, user_id=A, advice="x")
    with pytest.raises(ValueError):
        await store.keep_hint(G, table, 1, step=1, seat=0, user_id=A, advice="")
    record = await store.hand_record(table, 1)
    assert record is not None
    assert record.hints == [
        KeptHint(step=0, seat=1, user_id=A, advice="Play 🔴7: new rank."),
        KeptHint(step=2, seat=0, user_id=B, advice="Fold: it loses."),
    ]
    assert await finished(store, table, 1, {A: 1, B: -1})
    assert not await store.keep_hint(G, table, 1, step=2, seat=1, user_id=A, advice="too late")
    done = await store.hand_record(table, 1)
    assert done is not None and len(done.hints) == 2


# --------------------------------------------------------------------------- the option


async def test_hints_are_off_by_default_and_a_table_that_allows_them_is_not_rated(sqlite: Store) -> None:
    plain = await open_played(sqlite, "holdout", {}, people=2, seed=4)
    hinted = await open_played(
        sqlite, "holdout", {}, people=2, seed=4, channel=78, first_member=10, hints=True
    )
    assert not plain.table.state.hints and rated_table(plain.table)
    assert hinted.table.state.hints and not rated_table(hinted.table)
    # The lobby and Details say so; a seat at a table that isn't rated shows no rating.
    lobby = "\n".join(table_lines(hinted.table))
    assert "Hints allowed" in lobby and "Not rated" in lobby
    assert not any("Hints" in line for line in table_lines(plain.table))
    seat = hinted.table.state.seats[0]
    assert seat_rating(hinted.table, seat) is None and seat_rating(plain.table, plain.table.state.seats[0])
    await play_hand(plain)  # (Holdout: chips move every hand, so every hand rates)
    await play_hand(hinted)
    _, details = render_table(hinted.table)
    assert any(field.name == "Hints" and "Not rated" in (field.value or "") for field in details.fields)
    for member in plain.members:
        assert await sqlite.rating(GUILD, "holdout", member.id) is not None
    for member in hinted.members:
        assert await sqlite.rating(GUILD, "holdout", member.id) is None
        assert await sqlite.member_ratings(GUILD, member.id, minimum=0, trend=10) == []


def test_the_option_and_the_rules_exist_only_where_the_strongest_computer_explains_itself() -> None:
    offered = {game_id for game_id, plugin in GAMES.items() if hint_level(plugin) is not None}
    assert {"primiera", "cardano", "prima_carta", "holdout", "primero"} <= offered

    async def opener(*_: object) -> None: ...

    for game_id, plugin in GAMES.items():
        embed, _ = rules_brief(plugin)
        assert ("hints:true" in (embed.description or "")) == (game_id in offered)
        command = play_command(plugin, opener)
        option = next((parameter for parameter in command.parameters if parameter.name == "hints"), None)
        assert (option is not None) == (game_id in offered)
        if option is not None:  # off unless the host asks, and it says the table isn't rated
            assert not option.required and option.default is False and "not rated" in option.description
    helped = hints_help(GAMES.values())
    assert helped is not None
    said = english(helped)
    assert "hints:true" in said and all(GAMES[game_id].name in said for game_id in offered)


# --------------------------------------------------------------------------- the button


async def test_the_hint_button_is_on_a_members_own_turn_only_and_only_at_a_hint_table(sqlite: Store) -> None:
    display = Display(cast(Any, None), cast(Any, None))
    try:
        for hints in (True, False):
            played = await primiera_for_two(sqlite, hints=hints, seed=11, channel=80 + hints)
            table, ana = played.table, played.members[0]
            index = table.seat_of(ana.id)
            assert index is not None
            seen = set()
            for _ in range(6):  # her turn, then the computer's, and again
                turn = {player.user_id: seat for seat, player in table.turn().players.items()}
                mine = ana.id in turn
                keys = [control.key for control in display.panel(table, index, None).controls]
                assert ("hint" in keys) == (mine and hints), (hints, mine, keys)
                seen.add(mine)
                if mine:
                    move = table.plugin.computer("basic").choose(table.game, turn[ana.id])
                    await played.service.hands.apply(table, turn[ana.id], move)
                else:
                    await played.service.autoplay.act_for(table)
            assert seen == {True, False}
    finally:
        display.close()


async def test_a_game_whose_moves_are_on_the_table_message_has_its_hint_there(sqlite: Store) -> None:
    played = await open_played(sqlite, "prima_carta", {}, people=2, seed=5, hints=True)
    await play_hand(played, moves=0)
    table = played.table
    if table.to_act is None:  # the first pass waits on the dealer's clock
        await played.service.autoplay.act_for(table)
    keys = [control.key for control in table_buttons(table) or []]
    assert {"copa", "fold", "hint"} <= set(keys)
    given = await ask(played, next(m for m in played.members if hint_seat(table, m.id) is not None))
    assert given.move.startswith(("Pay the copa", "Fold")) and given.level == "sharp"


async def test_a_peg_leg_hint_is_on_the_table_message_and_weighs_the_members_own_bet(sqlite: Store) -> None:
    # Peg Leg's moves are on the table message and everyone decides at once: Ana's Hint is
    # there, from the strong player, which weighs her bet once she holds one.
    played = await open_played(sqlite, "peg_leg", {}, people=2, seed=5, stake=10, hints=True)
    await play_hand(played, moves=0)
    table, (ana, bo) = played.table, played.members
    assert {"height", "hint"} <= {control.key for control in table_buttons(table) or []}
    seat, other = hint_seat(table, ana.id), hint_seat(table, bo.id)
    assert seat is not None and other is not None
    await played.service.hands.apply(table, seat, KeyBet(number=2, amount=10))
    await played.service.hands.apply(table, other, STAND)
    given = await ask(played, ana)
    strong = table.plugin.computer("strong")
    assert isinstance(strong, Advises) and given.level == "strong"
    assert given.move == table.plugin.move_name(table.view(), table.game, seat, STAND)
    assert given.reason == strong.advise(table.game, seat).reason
    assert english(given.reason).startswith("The best bet, a stack 2 high at 1.0 to 1, comes in 47%")
    assert "your bet on 2 is worth 9.5 chips held and 8 surrendered" in english(given.reason)
    await played.service.hands.apply(table, seat, STAND)
    while hint_seat(table, ana.id) is None:  # on to the next round
        await played.service.autoplay.act_for(table)
    later = await ask(played, ana)
    assert later.reason == strong.advise(table.game, seat).reason
    assert "of my 16,000 simulated deals" in english(later.reason)
    # Its reasons speak of heights and chances: they name no card at all.
    reasons = (english(given.reason), english(later.reason))
    named = [card for card in POSTAS_50.cards() for said in reasons if card_pattern(card).search(said)]
    assert named == []
    record = await sqlite.hand_record(table.id, table.state.hand_no)
    assert record is not None and [hint.seat for hint in record.hints] == [seat, seat]


# --------------------------------------------------------------------------- the answer


async def ask(played: Played, member: Member) -> Given:
    hints = played.service.hints
    return await hints.answer(await hints.ask(played.table, member))


async def test_a_hint_is_the_strongest_computers_move_for_that_seat_and_changes_nothing(
    sqlite: Store,
) -> None:
    played = await primiera_for_two(sqlite)
    table, ana = played.table, played.members[0]
    seat = await to_her_turn(played)
    game = table.game
    before, version, step = game.to_json(), table.version, sum(table.state.acted.values())
    given = await ask(played, ana)
    strong = table.plugin.computer("strong").choose(game, seat)
    assert strong in game.legal_actions(seat)
    assert given.level == "strong"
    assert given.move == table.plugin.move_name(table.view(), game, seat, strong)
    assert given.reason == table.plugin.computer("strong").advise(game, seat).reason  # type: ignore[attr-defined]
    # Nothing was played: the hand and the table are as they were.
    assert (game.to_json(), table.version, table.game is game) == (before, version, True)
    said = english(hint_text(given))
    assert (
        said.startswith("💡 **Hint**") and f"**{given.move}**" in said and "nothing has been played" in said
    )
    # The hint is kept with the hand, at the step it was asked.
    record = await sqlite.hand_record(table.id, table.state.hand_no)
    assert record is not None
    assert record.hints == [
        KeptHint(step=step, seat=seat, user_id=ana.id, advice=f"{given.move}: {given.reason}")
    ]
    # Asked again at the same position: the same hint, kept once.
    assert await ask(played, ana) == given
    again = await sqlite.hand_record(table.id, table.state.hand_no)
    assert again is not None and len(again.hints) == 1


async def test_a_hint_is_refused_with_a_sentence_off_turn_at_a_table_without_hints_and_to_onlookers(
    sqlite: Store,
) -> None:
    played = await primiera_for_two(sqlite, hints=False)
    with pytest.raises(TableError, match="doesn't allow hints"):
        await played.service.hints.ask(played.table, played.members[0])
    assert english(HINTS_OFF).startswith("This table doesn't allow hints")
    hinted = await primiera_for_two(sqlite, seed=8, channel=78)
    table, ana = hinted.table, hinted.members[0]
    while hint_seat(table, ana.id) is not None:  # to the computer's turn
        seat = hint_seat(table, ana.id) or 0
        await hinted.service.hands.apply(table, seat, table.plugin.computer("basic").choose(table.game, seat))
    with pytest.raises(TableError) as refused:
        await hinted.service.hints.ask(table, ana)
    assert str(refused.value) == english(NOT_YOUR_TURN)
    with pytest.raises(TableError, match="not seated"):
        await hinted.service.hints.ask(table, Member(4444, "Onlooker"))


async def test_a_hint_the_hand_moved_on_from_is_a_sentence_and_kept_nowhere(sqlite: Store) -> None:
    played = await primiera_for_two(sqlite)
    table, ana = played.table, played.members[0]
    seat = await to_her_turn(played)
    asked = await played.service.hints.ask(table, ana)
    # She plays before the hint comes back (the worker was slow): the hint no longer fits.
    await played.service.hands.apply(table, seat, table.plugin.computer("basic").choose(table.game, seat))
    with pytest.raises(TableError) as late:
        await played.service.hints.answer(asked)
    assert str(late.value) == english(MOVED_ON)
    record = await sqlite.hand_record(table.id, table.state.hand_no)
    assert record is not None and record.hints == []


def dies(*_: object) -> None:
    """A hint job whose worker process crashes."""
    os._exit(3)


async def test_a_crashed_worker_gives_a_sentence_and_changes_nothing(sqlite: Store) -> None:
    played = await primiera_for_two(sqlite)
    table, ana = played.table, played.members[0]
    await to_her_turn(played)
    workers = Workers(1, tries=1)
    hints = Hints(sqlite, workers, decision_cap=30)
    hints.job = dies
    before, version = table.game.to_json(), table.version
    try:
        with pytest.raises(TableError) as failed:
            await hints.answer(await hints.ask(table, ana))
    finally:
        workers.close()
    assert str(failed.value) == english(FAILED)
    assert (table.game.to_json(), table.version) == (before, version)
    record = await sqlite.hand_record(table.id, table.state.hand_no)
    assert record is not None and record.hints == []


# --------------------------------------------------------------------------- hidden information


def hint_for(table: Table, game: Any, seat: int) -> tuple[str, str]:
    """The hint the table would give `seat` at `game`: the worker's job on the hand as the
    table pickles it, named as the table names it."""
    level = hint_level(table.plugin)
    assert level is not None
    advice = advise(table.plugin.id, level, pickle.dumps(game), seat)
    return table.plugin.move_name(table.view(), game, seat, advice.action), advice.reason


def hidden_swapped(order: list[Card], seen: set[Card], rng: random.Random, groups: list[range]) -> list[Card]:
    """`order` with the cards the seat hasn't seen shuffled among their places, within each
    group of places (the Heralds come first in their own group)."""
    out = list(order)
    for group in groups:
        places = [i for i in group if order[i] not in seen]
        cards = [order[i] for i in places]
        rng.shuffle(cards)
        for place, card in zip(places, cards, strict=True):
            out[place] = card
    return out


def compare_walks(table: Table, a: Any, b: Any, seat: int, *, steps: int) -> int:
    """Play `a` and `b` on together (each move the one `a`'s basic computer makes, while the
    other deal allows it) and compare the hint `seat` is given wherever it is to act, while
    both deals look the same to it: the same hint. Returns how many positions were compared."""
    basic = table.plugin.computer(table.plugin.levels[0])
    compared = 0
    for _ in range(steps):
        if a.outcome is not None or not a.awaiting:
            break
        mover = a.awaiting[0]
        if mover == seat or seat in a.awaiting:
            same = a.view(seat).model_dump(exclude={"commitment"}) == b.view(seat).model_dump(
                exclude={"commitment"}
            )
            if not same:  # the seat drew from the deck: now the two deals differ to it too
                assert compared, "the two deals look different to the seat from the start"
                break
            table.game = a
            first = hint_for(table, a, seat)
            table.game = b
            assert hint_for(table, b, seat) == first
            compared += 1
            mover = seat
        action = basic.choose(a, mover)
        if action not in b.legal_actions(mover):
            break
        a.apply(mover, action)
        b.apply(mover, action)
    return compared


@pytest.mark.parametrize("variant", ["two", "heralds", "scopone"])
def test_a_primiera_hint_is_the_same_for_deals_that_differ_only_in_what_the_seat_cant_see(
    variant: str,
) -> None:
    table = dealt_table("primiera", {"variant": variant}, 2 if variant == "two" else 4, 1)
    compared = 0
    for seed in range(4):
        rng = random.Random(seed)
        deck = ITALIAN_40.cards()
        order = rng.sample(deck, len(deck))
        options = PrimieraOptions(form=variant)  # type: ignore[arg-type]
        if options.heralds:  # the four Heralds are dealt first, one to each seat
            order = [c for c in order if c.rank == 1] + [c for c in order if c.rank != 1]
        names = ["Ana", "Bo", "Cy", "Di"][: options.seats]
        a = Primiera.new_from_order(options, names, order, dealer=seed % options.seats)
        seat = a.awaiting[0]
        seen = set(a.view(seat).hand or ()) | set(a.view(seat).table)
        groups = [range(4), range(4, 40)] if options.heralds else [range(40)]
        b = Primiera.new_from_order(
            options, names, hidden_swapped(order, seen, rng, groups), dealer=seed % options.seats
        )
        assert [a.view(s).hand for s in range(options.seats) if s != seat] != [
            b.view(s).hand for s in range(options.seats) if s != seat
        ]
        compared += compare_walks(table, a, b, seat, steps=12)
    assert compared >= 4


def test_a_cardano_hint_is_the_same_for_deals_that_differ_only_in_what_the_seat_cant_see() -> None:
    table = dealt_table("cardano", {}, 3, 1)
    compared = 0
    for seed in range(8):
        rng = random.Random(seed)
        order = rng.sample(list(PRIMERO_DECK), len(PRIMERO_DECK))
        names = ["Ana", "Bo", "Cy"]
        a = Cardano.new_from_order(CardanoOptions(), names, order, 1)
        seat = a.to_act
        assert seat is not None
        seen = set(a.view(seat).hand or ())
        b = Cardano.new_from_order(CardanoOptions(), names, hidden_swapped(order, seen, rng, [range(40)]), 1)
        compared += compare_walks(table, a, b, seat, steps=10)
    assert compared >= 8


def test_a_prima_carta_hint_under_jasper_is_the_same_whatever_the_secret_reshuffle() -> None:
    table = dealt_table("prima_carta", {"variant": "jasper"}, 3, 1)
    seats = ("crowns", "locks", "fruit")
    compared = 0
    for seed in range(12):
        a = PrimaCarta.new(PrimaCartaOptions(variant="jasper"), seats, seed, second_seed=1)
        b = PrimaCarta.new(PrimaCartaOptions(variant="jasper"), seats, seed, second_seed=2)
        if a.to_act is not None:
            compared += compare_walks(table, a, b, a.to_act, steps=3)
    assert compared >= 8


def test_a_holdout_hint_is_the_same_for_deals_that_differ_only_in_what_the_seat_cant_see() -> None:
    table = dealt_table("holdout", {}, 3, 1)
    compared = 0
    for seed in range(3):
        rng = random.Random(seed)
        order = rng.sample(POSTAS_50.cards(), 50)
        names = ["Ana", "Bo", "Cy"]
        a = Holdout.new_from_order(HoldoutOptions(), names, order, chilo=seed)
        seat = seed
        view = a.view(seat)
        kept = set(view.hand or ()) | {card for line in view.line_cards for card in line}
        # Only the deck differs (tests/engine/test_holdout_strong.py changes the other hands
        # too): the others then pass and play alike in both deals, so the walk goes on into
        # the play until a second turns up.
        kept |= {card for other in range(3) for card in a.view(other).hand or ()}
        b = Holdout.new_from_order(
            HoldoutOptions(), names, hidden_swapped(order, kept, rng, [range(50)]), chilo=seed
        )
        compared += compare_walks(table, a, b, seat, steps=9)
    assert compared >= 6


def test_a_primero_hint_is_the_same_for_deals_that_differ_only_in_what_the_seat_cant_see() -> None:
    table = dealt_table("primero", {}, 4, 1)
    compared = 0
    for seed in range(3):
        rng = random.Random(seed)
        order = rng.sample(PRIMERO_40.cards(), 40)
        names = ["Ana", "Bo", "Cy", "Di"]
        a = Primero.new_from_order(PrimeroOptions(), names, order, dealer=seed)
        seat = a.to_act
        assert seat is not None
        seen = set(a.view(seat).hand or ())
        b = Primero.new_from_order(
            PrimeroOptions(), names, hidden_swapped(order, seen, rng, [range(40)]), dealer=seed
        )
        compared += compare_walks(table, a, b, seat, steps=6)
    assert compared >= 3


def test_a_peg_leg_hint_is_the_same_for_deals_that_differ_only_in_the_cards_to_come() -> None:
    table = dealt_table("peg_leg", {}, 2, 1, stake=10)
    compared = 0
    for seed in range(3):
        rng = random.Random(seed)
        order = rng.sample(list(POSTAS_50.cards()), 50)
        a = PegLeg.new_from_order(PegLegOptions(stake=10), ("Ana", "Bo"), order)
        b = PegLeg.new_from_order(PegLegOptions(stake=10), ("Ana", "Bo"), order[:20] + order[20:][::-1])
        compared += compare_walks(table, a, b, 0, steps=12)
    assert compared >= 6


# --------------------------------------------------------------------------- the replay


async def test_the_replay_shows_where_a_hint_was_asked_and_what_it_said_only_to_the_asker(
    sqlite: Store,
) -> None:
    played = await primiera_for_two(sqlite)
    table, ana = played.table, played.members[0]
    await to_her_turn(played)
    step = sum(table.state.acted.values())
    given = await ask(played, ana)
    hand_no = table.state.hand_no
    await play_on(played, Seen(hand_no))
    record = await sqlite.hand_record(table.id, hand_no)
    assert record is not None and record.status == "finished"
    mine = frame(record, step, viewer_seat(record, ana.id))
    assert f"💡 You asked for a hint here: {given.move}: {given.reason}" in "\n".join(mine.lines)
    other = frame(record, step, None)  # an onlooker, or anyone but Ana
    assert "💡 Ana asked for a hint here." in other.lines
    assert given.move not in "\n".join(other.lines)
    assert not any("💡" in line for line in frame(record, step + 1, None).lines)
