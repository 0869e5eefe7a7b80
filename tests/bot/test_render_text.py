"""The shared text of the table message: the log cut at whole lines, names escaped, the
fairness footer in plain words, and the seat an engine event is about named as its player."""

from __future__ import annotations

from bot.games import GAMES, HandSetup
from bot.render import FIELD_LIMIT, fairness_line, log_text
from bot.ui import plain
from engine.core.game import Event
from engine.core.msg import english


def test_the_log_keeps_the_newest_whole_lines_that_fit_a_field() -> None:
    lines = [f"Line {i}: " + "word " * 40 for i in range(12)]  # about 210 characters each
    text = log_text(lines)
    assert len(text) <= FIELD_LIMIT
    shown = text.split("\n")
    assert shown == [line for line in lines[-len(shown) :]], "whole lines, newest last, none cut"
    assert shown[-1] == lines[-1] and len(shown) == 4


def test_a_single_line_longer_than_the_field_is_cut_at_a_word() -> None:
    text = log_text(["alpha " * 300])
    assert len(text) <= FIELD_LIMIT and text.endswith("alpha…")


def test_log_lines_show_names_as_typed() -> None:
    assert log_text(["**Boss** __x__ sat down with Seat 2.", "@everyone folds."]) == (
        "\\*\\*Boss\\*\\* \\_\\_x\\_\\_ sat down with Seat 2.\n@\u200beveryone folds."
    )
    assert plain("~~a|b~~ `c`") == "\\~\\~a\\|b\\~\\~ \\`c\\`"


def test_the_footer_says_what_the_commitment_is_for() -> None:
    before = english(fairness_line("3f2a" + "0" * 60, None))
    assert before == (
        "Fair deal: the deck was locked before play (fingerprint 3f2a000000000000); "
        "the seed that proves it appears when the hand ends."
    )
    after = english(fairness_line("3f2a" + "0" * 60, 1234))
    assert "fingerprint 3f2a000000000000" in after and "the seed 1234 rebuilds it" in after


def test_an_event_about_a_seat_names_the_player_sitting_there() -> None:
    plugin = GAMES["prima_carta"]
    setup = HandSetup(choices=["crowns", "cups"], names=["Alice", "Bob"], stake=1, seed=3, dealer=0)
    game = plugin.new_hand(setup, plugin.parse_options({}))
    assert (
        plugin.event_text(game, Event(kind="fold", text="Cups folds.", seat=1), "Bob") == "Bob (Cups) folds."
    )
    # Only the seat's own name, once, as a whole word; events about no seat stay as they are.
    event = Event(kind="prima", text="The first card was 🟢6; Crowns is prima.", seat=0)
    assert plugin.event_text(game, event, "Alice") == "The first card was 🟢6; Alice (Crowns) is prima."
    assert plugin.event_text(game, Event(kind="pass", text="Cups 3."), "Bob") == "Cups 3."


def test_where_the_engine_already_names_the_player_the_text_stays() -> None:
    plugin = GAMES["holdout"]
    setup = HandSetup(choices=["1", "2"], names=["Alice", "Bob"], stake=1, seed=3, dealer=0, stacks=[20, 20])
    game = plugin.new_hand(setup, plugin.parse_options({}))
    event = Event(kind="fold", text="Bob folds; the ante goes to the pot.", seat=1)
    assert plugin.event_text(game, event, "Bob") == event.text


def test_table_sentences_count_chips_in_the_right_number() -> None:
    from bot.i18n import chips, lang, t

    def left(amount: int) -> str:
        return lang("en")(t("{player} left the table with {chips}.", player="Ana", chips=chips(amount)))

    assert left(1) == "Ana left the table with 1 chip."
    assert left(1_900_000) == "Ana left the table with 1,900,000 chips."
    plugin = GAMES["holdout"]
    assert english(plugin.describe_options(plugin.parse_options({}), 1)).endswith("stacks of 20 chips")


def test_between_hands_with_only_computers_seated_the_table_says_it_closes() -> None:
    from datetime import UTC, datetime

    from bot.render import render_table
    from bot.tables import Phase, Seat, Table, TableState

    plugin = GAMES["prima_carta"]
    computers = [Seat(choice=suit, name=f"Bot {suit}", level="basic") for suit in ("crowns", "locks")]
    state = TableState(
        id=7, guild_id=1, channel_id=2, game="prima_carta", host_id=1001, stake=5, phase=Phase.BETWEEN,
        deadline=datetime(2026, 11, 23, 20, 30, tzinfo=UTC), seats=computers,
    )  # fmt: skip
    _, embed = render_table(Table(state, plugin))
    status = embed.description or ""
    assert "Only computer players are seated: the table closes" in status
    assert "next hand is dealt" not in status
