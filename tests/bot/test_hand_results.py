"""Results you can read, hand by hand: every game (each rule set) played out from a seed, then
what the table message between hands and each member's hand panel say about it — who won, how
much and by which rule, what carries over, and each member's net. Also the contradictions seen
before: Primero's "Pot 0" beside a pot that stays, "stack 0" at a table without stacks."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from bot.games.base import Pauses
from bot.games.results import HandResult, renamed, signed
from bot.render import render_table
from bot.tables import Phase, Table
from engine.primero.game import Bid, Pass, Stake
from tests.helpers.tables import dealt_table


def play_out(table: Table, choose: str = "computer", seed: int = 0) -> None:
    """Play the dealt hand to its end: each move the first computer level's (or, `choose` =
    "random", a random legal move from `seed`), a pause's move when the hand waits on the clock."""
    plugin, game = table.plugin, table.game
    computer = plugin.computer(plugin.levels[0])
    rng = random.Random(seed)
    for _ in range(2_000):
        if game.outcome is not None:
            break
        if not game.awaiting:
            pauses = plugin.capability(Pauses)
            assert pauses is not None
            pause = pauses.pause(game, table.options)
            assert pause is not None
            game.apply(pause.seat, pause.action)
            continue
        seat = game.awaiting[0]
        action = computer.choose(game, seat) if choose == "computer" else rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
    assert game.outcome is not None
    table.state.phase = Phase.BETWEEN


def table_message(table: Table) -> discord.Embed:
    _, embed = render_table(table)
    return embed


def panel_description(table: Table, seat: int) -> str:
    panel = table.plugin.panel(table.view(), table.game, seat, ())
    return panel.embed.description or ""


def result(table: Table) -> HandResult:
    said = table.plugin.hand_result(table.view(), table.game)
    assert said is not None
    return said


#: (game, options, players, seed, what the headline says decided the hand)
CASES: list[tuple[str, dict[str, Any], int, int, str]] = [
    ("primero", {}, 3, 0, r"wins 125 chips with the best numerus \(numerus 54\)"),
    ("primero", {"variant": "points"}, 3, 0, r"shows the best numerus \(numerus 54\) and scores 354 points"),
    ("cardano", {}, 3, 5, r"takes a pot of 95 chips"),
    ("holdout", {}, 3, 0, r"fills the last gap in the line and wins the pot and antes: 110 chips"),
    ("peg_leg", {}, 2, 0, r"The key stack ended \d+ high: Ana (wins|loses) \d+ chips"),
    (
        "prima_carta",
        {},
        2,
        0,
        r"Ana \(Crowns\) is the first live suit to hold all ten cards \(pass 5\) and wins 70",
    ),
    ("prima_carta", {"house": True}, 3, 0, r"Chiara \(Fruit\) is the first live suit .* wins \d+ chips"),
    ("prefa", {}, 3, 1, r"Bruno takes 8 tricks on 7 spades: made"),
    ("prefa", {"play_for": "bankroll"}, 3, 1, r"Bruno takes 8 tricks on 7 spades: made"),
    ("primiera", {}, 4, 0, r"Ana and Chiara take the round with 5 points \(against Bruno and Dario 0\)"),
    ("primiera", {"variant": "two"}, 2, 0, r"Bruno takes the round with 3 points \(against Ana 1\)"),
]


@pytest.mark.parametrize(("game_id", "options", "players", "seed", "why"), CASES)
def test_a_played_out_hand_names_the_winner_the_amount_and_the_reason(
    game_id: str, options: dict[str, Any], players: int, seed: int, why: str
) -> None:
    table = dealt_table(game_id, options, players, seed, stake=10)
    assert table.plugin.hand_result(table.view(), table.game) is None, "no result while the hand is in play"
    play_out(table)
    outcome = table.game.outcome
    description = table_message(table).description or ""
    headline = description.splitlines()[0]
    assert headline.startswith("**") and re.search(why, headline), headline
    names = result(table).names
    if outcome.winners and game_id != "peg_leg":  # Peg Leg's members each win or lose against the house
        assert names[outcome.winners[0]] in headline
    moved = any(outcome.paid_in) or any(outcome.paid_out)
    nets_line = next((line for line in description.splitlines() if line.startswith("Nets: ")), None)
    if moved:  # each member's net, as the hand settles it
        expected = " · ".join(f"{names[s]} {signed(outcome.net(s))}" for s in range(len(outcome.paid_in)))
        assert nets_line == f"Nets: {expected}"
    else:
        assert nets_line is None
    # Nothing else on the table says the pot is empty as if nobody had won it.
    shown = [f"{field.name} {field.value}" for field in table_message(table).fields]
    for seat in range(players):
        shown += [
            f"{f.name} {f.value}" for f in table.plugin.panel(table.view(), table.game, seat, ()).embed.fields
        ]
    assert not [text for text in shown if re.search(r"\b[Pp]ot:? 0\b", text)]
    for seat in range(players):
        panel = panel_description(table, seat)
        assert headline.strip("*") in panel, panel
        if moved:
            net = outcome.net(seat)
            assert panel.startswith(
                f"You won {net:,} chip"
                if net > 0
                else f"You lost {-net:,} chip"
                if net < 0
                else "You came out even"
            ), panel
        else:
            assert not panel.startswith("You "), panel


def test_primero_says_the_pot_that_stays_the_same_way_everywhere() -> None:
    """Nobody bids: the antes stay in the pot. The table message, its pot field and each hand
    panel say so in the same words; nothing says "Pot 0"."""
    table = dealt_table("primero", {}, 3, 0, stake=10)
    game = table.game
    while game.outcome is None:
        seat = game.to_act
        legal = game.legal_actions(seat)
        game.apply(seat, next(a for a in legal if isinstance(a, Pass | Stake) and not isinstance(a, Bid)))
    table.state.phase = Phase.BETWEEN
    assert game.outcome.carried == 30
    embed = table_message(table)
    words = "The pot of 30 chips stays for the next hand"
    assert embed.description.splitlines()[:3] == [
        "**Nobody bid this hand, so nobody wins.**",
        f"{words}.",
        "Nets: Ana −10 · Bruno −10 · Chiara −10",
    ]
    fields = "\n".join(f"{field.name}\n{field.value}" for field in embed.fields)
    assert words in fields and "Pot 0" not in fields
    for seat in range(3):
        panel = table.plugin.panel(table.view(), game, seat, ()).embed
        assert (
            panel.description
            == f"You lost 10 chips this hand. Nobody bid this hand, so nobody wins.\n{words}."
        )
        shown = "\n".join(str(field.value) for field in panel.fields)
        assert words in shown and "pot 0" not in shown.lower()


def test_prefa_all_pass_says_the_pouches_and_a_table_without_stacks_shows_none() -> None:
    table = dealt_table("prefa", {}, 3, 0, stake=10)
    play_out(table)
    embed = table_message(table)
    assert embed.description.splitlines()[:2] == [
        "**Everyone passed: the cards are thrown in and the deal passes on.**",
        "Pouches left: Ana 31 · Bruno 31 · Chiara 31.",
    ]
    seats = next(field.value for field in embed.fields if field.name == "Seated for the next hand")
    assert "stack" not in seats, seats
    assert panel_description(table, 0).splitlines() == [
        "Everyone passed: the cards are thrown in and the deal passes on.",
        "Pouches left: Ana 31 · Bruno 31 · Chiara 31.",
    ]


def test_a_stacked_prefa_table_still_shows_its_stacks() -> None:
    table = dealt_table("prefa", {"play_for": "bankroll"}, 3, 1, stake=10)
    play_out(table)
    seats = next(
        field.value for field in table_message(table).fields if field.name == "Seated for the next hand"
    )
    assert seats.count("· stack ") == 3


def test_prefa_at_a_bankroll_table_says_what_a_prefa_chip_is_worth() -> None:
    table = dealt_table("prefa", {"play_for": "bankroll"}, 3, 1, stake=10)
    play_out(table)
    lines = table_message(table).description.splitlines()
    assert "Each Prefa chip is worth the stake here: 10 chips from stack to stack." in lines
    assert "Nets: Ana +280 · Bruno +1,120 · Chiara −1,400" in lines


def test_prima_carta_says_the_cobre_that_stays() -> None:
    table = dealt_table("prima_carta", {"cobre": "carry"}, 4, 4, stake=10)
    play_out(table, "random", seed=4)
    assert table.game.outcome.carried == 20
    lines = table_message(table).description.splitlines()
    assert "The cobre of 20 chips stays in the pot for the next hand." in lines


def test_primiera_scores_go_on_toward_the_target_and_the_hand_that_ends_the_game_says_so() -> None:
    table = dealt_table("primiera", {"variant": "two"}, 2, 0, stake=1)
    play_out(table)
    points = table.game.outcome and table.plugin.points(table.game)
    assert points == [1, 3]
    table.match, ended = table.match.add_scores({"1": 1, "2": 3})  # as the table settles it
    assert ended is None
    assert "Scores toward 11: Ana 1 · Bruno 3." in table_message(table).description.splitlines()
    # A game that ends with this hand: its final scores and winner, not the new game's zeros.
    table.match, _ = table.match.add_scores({"2": 8})
    assert table.match.last_result is not None
    lines = table_message(table).description.splitlines()
    assert "This hand ends the game: Bruno wins (Ana 1 · Bruno 11)." in lines


def test_an_engine_label_that_is_not_the_players_name_is_named_with_it() -> None:
    assert (
        renamed("Cups folds; Coins wins.", ["Cups", "Coins"], ["Ana", "Coins"])
        == "Ana (Cups) folds; Coins wins."
    )
    assert renamed(r"Cups wins.", ["Cups"], [r"A\1 *b*"]) == r"A\1 *b* (Cups) wins."


def test_names_are_escaped_where_the_result_is_drawn() -> None:
    from bot.games.results import member_text, result_text

    said = HandResult("**Boss** wins 5 chips.", nets={0: 5, 1: -5}, names=("**Boss**", "@everyone"))
    text = result_text(said)
    assert "\\*\\*Boss\\*\\*" in text and "@everyone" not in text.replace("@\u200beveryone", "")
    assert member_text(said, 1).startswith("You lost 5 chips this hand. \\*\\*Boss")


def test_holdout_shows_the_pot_and_antes_won_where_the_pot_was() -> None:
    table = dealt_table("holdout", {}, 3, 0, stake=10)
    play_out(table)
    names = [field.name for field in table_message(table).fields]
    assert "Pot and antes won: 110 chips · deck 33 cards" in names
    chips = next(
        f.value for f in table.plugin.panel(table.view(), table.game, 1, ()).embed.fields if f.name == "Chips"
    )
    assert "pot and antes won: 110 chips" in chips
