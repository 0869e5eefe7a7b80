"""The pure parts of the table service, each on its own: where chips go (buy-ins, cash-outs,
shares of a carried pot), when a table acts by itself (deadlines, the grace after a
restart, what starts a new turn), the map between engine seats and table seats, and
rolling a table back to its last committed snapshot. The deal's rotation is the match's
(tests/engine/test_match.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.games import GAMES
from bot.storage import HOUSE, member_account, table_account
from bot.tables import Phase, Seat, Table, TableState, money
from bot.tables.timing import IDLE_CLOSE, NEXT_HAND_DELAY, RESTART_GRACE, after_restart, deadline, new_turn

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
ESCROW = table_account(9)
ALICE = Seat(choice="1", user_id=1, name="Alice")
BOB = Seat(choice="2", user_id=2, name="Bob")
COSIMO = Seat(choice="3", name="Cosimo", level="basic")


# ----------------------------------------------------------------------------- money
def test_a_member_buys_in_from_their_bankroll_and_a_computer_from_the_house() -> None:
    assert money.buy_in(ALICE, ESCROW, 500) == [money.Transfer(member_account(1), ESCROW, 500, "buy-in")]
    assert money.buy_in(COSIMO, ESCROW, 500) == [money.Transfer(HOUSE, ESCROW, 500, "buy-in")]
    assert money.buy_in(ALICE, ESCROW, None) == [] and money.buy_in(ALICE, ESCROW, 0) == []


def test_a_stack_goes_home_to_whoever_brought_it_and_an_empty_one_moves_nothing() -> None:
    assert money.cash_out(BOB, ESCROW, 321) == [money.Transfer(ESCROW, member_account(2), 321, "cash-out")]
    assert money.cash_out(COSIMO, ESCROW, 40) == [money.Transfer(ESCROW, HOUSE, 40, "cash-out")]
    assert money.cash_out(BOB, ESCROW, 0) == []


def test_a_carried_pot_is_shared_equally_with_odd_chips_one_each_from_the_first_seat() -> None:
    shares = money.share_pot(8, ESCROW, [ALICE, BOB, COSIMO])
    assert [(t.dst, t.amount) for t in shares] == [(member_account(1), 3), (member_account(2), 3), (HOUSE, 2)]
    assert all(t.src == ESCROW and t.reason == "pot share" for t in shares)
    assert sum(t.amount for t in money.share_pot(1, ESCROW, [ALICE, BOB])) == 1
    assert [(t.dst, t.amount) for t in money.share_pot(1, ESCROW, [ALICE, BOB])] == [(member_account(1), 1)]


def test_a_pot_with_nobody_left_to_share_it_goes_to_the_house_and_no_pot_moves_nothing() -> None:
    assert money.share_pot(5, ESCROW, []) == [money.Transfer(ESCROW, HOUSE, 5, "pot left")]
    assert money.share_pot(0, ESCROW, [ALICE]) == []


# ---------------------------------------------------------------------------- timing
def when(phase: Phase, **given: object) -> datetime | None:
    arguments: dict[str, object] = {
        "can_deal": False,
        "members_awaited": True,
        "new_turn": True,
        "current": None,
        "turn_timer": 120,
    }
    arguments.update(given)
    return deadline(phase, NOW, **arguments)  # type: ignore[arg-type]


def test_a_lobby_and_a_table_that_cannot_deal_close_when_idle() -> None:
    assert when(Phase.LOBBY) == NOW + IDLE_CLOSE
    assert when(Phase.BETWEEN, can_deal=False) == NOW + IDLE_CLOSE


def test_between_hands_a_table_that_can_deal_deals_after_a_short_pause() -> None:
    assert when(Phase.BETWEEN, can_deal=True) == NOW + NEXT_HAND_DELAY


def test_between_games_the_next_game_starts_after_the_turn_timer() -> None:
    """Issue 24, item 5: the end of a score game stays up the turn timer, time to read the
    final standings and leave; a table that can't deal still closes when idle."""
    later = when(Phase.BETWEEN, can_deal=True, between_games=True, turn_timer=90)
    assert later == NOW + timedelta(seconds=90)
    assert when(Phase.BETWEEN, can_deal=False, between_games=True) == NOW + IDLE_CLOSE


def test_a_member_to_act_gets_the_turn_timer_and_the_others_of_a_simultaneous_choice_keep_theirs() -> None:
    assert when(Phase.PLAYING, turn_timer=90) == NOW + timedelta(seconds=90)
    earlier = NOW + timedelta(seconds=15)
    assert when(Phase.PLAYING, new_turn=False, current=earlier) == earlier
    assert when(Phase.PLAYING, new_turn=True, current=earlier) == NOW + timedelta(seconds=120)


def test_a_hand_waiting_only_on_computers_and_a_closed_table_have_no_deadline() -> None:
    assert when(Phase.PLAYING, members_awaited=False) is None
    assert when(Phase.CLOSED) is None


def test_after_a_restart_a_member_to_act_has_at_least_the_grace_period() -> None:
    overdue = NOW - timedelta(minutes=5)
    assert after_restart(Phase.PLAYING, overdue, NOW) == NOW + RESTART_GRACE
    later = NOW + timedelta(minutes=1)
    assert after_restart(Phase.PLAYING, later, NOW) == later
    assert after_restart(Phase.BETWEEN, overdue, NOW) == overdue  # the next deal is simply due
    assert after_restart(Phase.PLAYING, None, NOW) is None


def test_a_new_turn_starts_when_someone_new_is_awaited_or_the_mover_must_move_again() -> None:
    assert new_turn((1,), (0,), actor=0)
    assert new_turn((0,), (0,), actor=0)  # the same player again
    assert not new_turn((1, 2), (0, 1, 2), actor=0)  # the others of a simultaneous pass keep theirs
    assert not new_turn((), (0,), actor=0)


# ------------------------------------------------------------------------ the table
def table_of_three(game: str = "primero") -> Table:
    state = TableState(
        guild_id=1, channel_id=2, game=game, host_id=1, stake=1, seats=[ALICE, BOB, COSIMO], id=9
    )
    return Table(state, GAMES[game])


def test_engine_seats_map_to_table_seats_through_the_match_seating() -> None:
    table = table_of_three()
    table.match, seating = table.match.next_hand(["1", "2", "3"], sit_out=["2"])
    assert seating.engine_seats == ("1", "3")
    assert table.seat_for(0).name == "Alice" and table.seat_for(1).name == "Cosimo"
    assert table.engine_seat(0) == 0 and table.engine_seat(2) == 1
    assert table.engine_seat(1) is None, "a seat sitting the hand out plays no engine seat"


def test_a_failed_change_rolls_the_table_back_to_its_last_committed_snapshot() -> None:
    table = table_of_three()
    committed = table.snapshot()
    table.state.seats.pop()
    table.state.version += 5
    table.match = table.match.carry(30)
    table.roll_back()
    assert table.snapshot() == committed
    assert table.match.carried == 0 and len(table.state.seats) == 3


def test_the_match_survives_the_snapshot_exactly() -> None:
    table = table_of_three()
    table.match, _ = table.match.next_hand(["1", "2", "3"])
    table.match = table.match.carry(7)
    again = Table(TableState.from_saved(table.snapshot_json()), table.plugin)
    assert again.match == table.match


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_starts_a_match_over_its_own_seats(game: str) -> None:
    table = table_of_three(game) if game != "prima_carta" else None
    plugin = GAMES[game]
    match = plugin.new_match(plugin.parse_options({}))
    assert match.order == plugin.seat_choices and match.hand_no == 0
    assert table is None or table.match == match


def test_tables_with_the_same_saved_options_share_one_frozen_options_object() -> None:
    plugin = GAMES["primiera"]
    saved = plugin.parse_options({"variant": "scopone"}).model_dump()
    first, again = plugin.load_options(saved), plugin.load_options(dict(saved))
    assert first is again and first == plugin.parse_options({"variant": "scopone"})
    other = plugin.load_options(plugin.parse_options({"variant": "two"}).model_dump())
    assert other is not first and other.variant == "two" and first.variant == "scopone"
    with pytest.raises(ValueError):  # shared, so it cannot be changed (pydantic: frozen)
        first.variant = "two"
