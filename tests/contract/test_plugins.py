"""The contract every registered game keeps, checked through its plug-in and its renderers
(DESIGN.md §3 and §6), by seeded random playouts over its option combinations and every
player count those options allow.

After every move:
- the hand survives a JSON round trip exactly (through text too, as the store keeps it),
  and the reloaded hand shows every seat the same view;
- every card of the deck is in exactly one place: the public view, one seat's private
  cards, or the secret cards (the undealt deck);
- the hand holds the chips put into it (stack games: the stacks and the pot it was dealt
  with; per-hand games: the antes, the cost of each move and any pot carried into it);
- nothing public (the table message, the public buttons, the turn ping, the event log)
  and no seat's hand panel names a card that seat may not see;
- for each seat the hand waits on, every legal move's key decodes back to it, every
  enabled control and public button decodes to a move the engine accepts, and the
  timeout move and each computer level's move are moves the engine accepts (and a level
  that says why names no card the seat may not see in its reason); for every other seat,
  no move and no usable control.
Each hand ends within a bound of moves and settles exactly (chips conserved across the
seats, a pot carried on and the house); dealing the same setup again and replaying the same
moves gives the same views and the same table message. A hand waiting on the clock (nobody
awaited, not over) must name its `Pause`; the playout then plays the pause's action for its
seat, as the table's clock would, charging the plug-in's `cost` for it.

A new game gets all of this by registering: everything is parametrized over `GAMES`.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import random
import types
import typing
import zlib
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any, Literal, get_args, get_origin

import discord
import pytest
from pydantic import BaseModel

from bot.games import GAMES, HandSetup, OptionError, Plugin
from bot.games.base import HandByHand, OutOfTurn, Partners, Pauses, ScoreGame, TableMoves
from bot.render import render_table
from bot.table_layout import details_embed, log_embed, picture_description, table_lines
from bot.tables import Phase, Seat, Table, TableState
from bot.ui import Panel
from engine.core.cards import Card
from engine.core.errors import RuleError
from engine.core.msg import english
from engine.core.players import Advises
from tests.helpers.cards import card_pattern, cards_in
from tests.helpers.tables import seated_table

MAX_MOVES = 1_000
"""A hand that has not ended after this many moves never will (real hands take tens)."""
HANDS = 2
"""Hands per table: the second is dealt from the first's stacks, carried pot and dealer."""
STRONG_EVERY = 4
"""A level above the first is asked for its move at one checked turn in this many."""
NAMES = ("Ana", "Bruno", "Chiara", "Dario", "Elena", "Fabio", "Gino", "Ilaria")
DEADLINE = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
STAKES = (1, 7, 10)

Move = tuple[int, Any]
"""(seat, action)"""
Chooser = Callable[[Any, tuple[int, ...]], Move]


# ------------------------------------------------------------------ option combinations
def _field_axes(plugin: Plugin) -> tuple[dict[str, tuple[Any, ...]], dict[str, int]]:
    """Each Literal and bool field's values (default first), and each int field's minimum
    where it differs from the default (Primero's ante 0, a stack of 10 stakes...)."""
    axes: dict[str, tuple[Any, ...]] = {}
    lows: dict[str, int] = {}
    for name, info in plugin.options_model.model_fields.items():
        annotation: Any = info.annotation
        if get_origin(annotation) in (types.UnionType, typing.Union):
            annotation = next(arg for arg in get_args(annotation) if arg is not type(None))
        if get_origin(annotation) is Literal:
            values = get_args(annotation)
            axes[name] = (info.default, *(v for v in values if v != info.default))
        elif annotation is bool:
            axes[name] = (info.default, not info.default)
        elif annotation is int:
            low = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)
            if low is not None and low != info.default:
                lows[name] = low
        else:
            raise TypeError(f"{plugin.id}.{name}: an option is a Literal, a bool or an int")
    return axes, lows


def option_combos(plugin: Plugin) -> list[tuple[str, BaseModel]]:
    """Every combination of the Literal and bool fields; the int fields take turns at their
    minimum (one per combination, rotating), so each minimum meets several combinations
    without multiplying them. Only options a host could open a table with (`parse_options`
    accepts them) are played; a refused minimum falls back to the defaults.

    A game with more than `ALL_COMBOS` such combinations (a game of many independent
    variations) plays a covering set instead: every pair of values of any two options meets
    in at least one combination played (`pairwise`), the defaults first. Set the
    environment variable RIDOTTO_ALL_COMBOS=1 to play every combination."""
    axes, lows = _field_axes(plugin)
    fields = plugin.options_model.model_fields
    variants: list[dict[str, int]] = [{}, *({name: low} for name, low in lows.items())]
    out: dict[str, tuple[dict[str, Any], BaseModel]] = {}
    for index, values in enumerate(itertools.product(*axes.values())):
        chosen = dict(zip(axes, values, strict=True))
        for raw in ({**chosen, **variants[index % len(variants)]}, chosen):
            given = {name: value for name, value in raw.items() if value != fields[name].default}
            try:
                options = plugin.parse_options(given)
            except OptionError:
                continue
            out[",".join(f"{k}={v}" for k, v in given.items()) or "defaults"] = (chosen, options)
            break
    if len(out) > ALL_COMBOS and not os.environ.get("RIDOTTO_ALL_COMBOS"):
        keep = pairwise([chosen for chosen, _ in out.values()])
        return [(name, options) for i, (name, (_, options)) in enumerate(out.items()) if i in keep]
    return [(name, options) for name, (_, options) in out.items()]


ALL_COMBOS = 64
"""Games with up to this many option combinations play every one of them."""


def pairwise(rows: Sequence[dict[str, Any]]) -> set[int]:
    """Indexes of a few of `rows` (each an option combination) that together hold every pair
    of option values any row holds: the first row, then greedily the row covering the most
    pairs not yet covered (the earliest on a tie), so the choice is the same on every run."""

    def pairs(row: dict[str, Any]) -> set[tuple[str, Any, str, Any]]:
        items = sorted(row.items(), key=lambda item: item[0])
        return {(a, x, b, y) for (a, x), (b, y) in itertools.combinations(items, 2)}

    each = [pairs(row) for row in rows]
    todo = set().union(*each)
    keep = {0}
    todo -= each[0]
    while todo:
        best = max(range(len(rows)), key=lambda i: (len(each[i] & todo), -i))
        keep.add(best)
        todo -= each[best]
    return keep


COMBOS = [
    pytest.param(game_id, options, id=f"{game_id}-{combo}")
    for game_id, plugin in GAMES.items()
    for combo, options in option_combos(plugin)
]


# ------------------------------------------------------------------------- cards and text
def strings(value: Any) -> Iterator[str]:
    """Every string an embed, a panel, a control or a move shows or carries."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, discord.Embed):
        yield from strings(value.to_dict())
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            yield from strings(getattr(value, item.name))


def assert_names_none(cards: set[Card], texts: Sequence[str], where: str) -> None:
    text = "\n".join(texts)
    named = sorted(card for card in cards if card_pattern(card).search(text))
    if named:
        shown = ", ".join(f"{card.short} ({card.label})" for card in named)
        raise AssertionError(f"{where} names hidden card(s) {shown}:\n{text}")


# ------------------------------------------------------------------------------ the table
def new_table(plugin: Plugin, options: BaseModel, players: int, stake: int, rng: random.Random) -> Table:
    if plugin.pick_seat:
        choices = sorted(rng.sample(plugin.seat_choices, players), key=plugin.seat_choices.index)
    else:
        choices = list(plugin.seat_choices[:players])
    seats = []
    for index, choice in enumerate(choices):
        computer = index == players - 1 and bool(plugin.levels)  # one computer seat, if the game has them
        seats.append(
            Seat(
                choice=choice,
                user_id=None if computer else 1001 + index,
                name=NAMES[index],
                level=plugin.levels[0] if computer else None,
            )
        )
    table = seated_table(plugin, options, seats, stake)
    assert table.options == options, "the options don't survive the table's snapshot"
    return table


def robot_seat(table: Table) -> str | None:
    """The free seat a game's robot is dealt into (None: the game has no robot)."""
    partnered = table.plugin.capability(Partners)
    if partnered is None or partnered.robot(table.options) is None:
        return None
    taken = {seat.choice for seat in table.state.seats}
    return next(key for key in table.match.order if key not in taken)


def table_moves(plugin: Plugin, game: Any, seat: int) -> list[Any]:
    """The public table message's buttons for `seat` (none: the game has no `TableMoves`)."""
    public = plugin.capability(TableMoves)
    return public.moves(game, seat) if public is not None else []


def log_events(table: Table, events: Sequence[Any]) -> None:
    for event in events:
        if table.plugin.logged(event):
            table.state.log = [*table.state.log, event.text][-8:]


def snapshot(table: Table) -> tuple[Any, ...]:
    """What the same seed must reproduce: every seat's view and the table message."""
    game = table.game
    content, embed = render_table(table)
    seats = len(table.plugin.seat_names(game))
    return (game.view(None), tuple(game.view(seat) for seat in range(seats)), content, embed.to_dict())


# ------------------------------------------------------------------------------- playouts
@dataclasses.dataclass
class Hand:
    """One hand played at `table`: its moves and what the table showed after each."""

    setup: HandSetup
    moves: list[Move] = dataclasses.field(default_factory=list)
    shots: list[tuple[Any, ...]] = dataclasses.field(default_factory=list)
    paid_in: list[int] = dataclasses.field(default_factory=list)


class Contract:
    """Plays hands through one game's plug-in, checking the contract after every move."""

    def __init__(self, plugin: Plugin, options: BaseModel, rng: random.Random) -> None:
        self.plugin = plugin
        self.options = options
        self.rng = rng
        #: turns check_turn has seen, to ask the stronger levels at one in STRONG_EVERY
        self.turns_checked = 0

    # ---------------------------------------------------------------------- playing
    def random_move(self, game: Any, awaiting: tuple[int, ...]) -> Move:
        """A seat the hand waits on, and a computer player's move, the timeout move, or
        another legal move (the timeout move gives up, so hands played mostly at random
        would end at once by everyone folding)."""
        rng, plugin = self.rng, self.plugin
        seat = rng.choice(awaiting)
        roll = rng.random()
        if plugin.levels and roll < 0.45:
            return seat, plugin.computer(rng.choice(plugin.levels)).choose(game, seat)
        timeout = plugin.timeout_action(game, seat)
        others = [action for action in game.legal_actions(seat) if action != timeout]
        if roll < 0.5 or not others:
            return seat, timeout
        return seat, rng.choice(others)

    def play(self, table: Table, setup: HandSetup, choose: Chooser, checks: bool) -> Hand:
        plugin, state = self.plugin, table.state
        hand = Hand(setup)
        game = plugin.new_hand(setup, self.options)
        table.game = game
        state.phase = Phase.PLAYING
        robot = robot_seat(table)
        table.match, _ = table.match.next_hand(
            (seat.choice for seat in state.seats), dealer=setup.choices[setup.dealer], robot=robot
        )
        state.hand_seats = [table.seat_for(index).mention for index in range(len(setup.choices))]
        state.log = [f"Hand {state.hand_no}: {setup.names[setup.dealer]} deals."]
        log_events(table, game.events)
        stacked = setup.stacks is not None
        names = plugin.seat_names(game)
        assert len(names) == len(setup.choices), "the hand has a seat for each chair"
        # a game may read its seats' names from the engine: they are the public view's
        assert list(names) == list(getattr(game.view(None), "seats", names)), "the view's names"
        money = plugin.capability(HandByHand)
        hand.paid_in = [0] * len(names) if stacked or money is None else list(money.opening_costs(game))
        seen_events = 0
        while True:
            if checks:
                self.check_state(table, game, hand, seen_events)
            seen_events = len(game.events)
            hand.shots.append(snapshot(table))
            if game.outcome is not None:
                break
            assert len(hand.moves) < MAX_MOVES, f"the hand has not ended after {MAX_MOVES} moves"
            awaiting = tuple(game.awaiting)
            pauses = plugin.capability(Pauses)
            pause = None if awaiting or pauses is None else pauses.pause(game, self.options)
            assert awaiting or pause is not None, "a hand in play waits on somebody or on the clock"
            if checks:
                before = game.to_json()
                for seat in range(len(names)):
                    self.check_turn(table, game, seat, seat in awaiting)
                if pause is not None:
                    assert pause.seconds > 0 and pause.label and pause.note
                    self.accepts(game, pause.seat, pause.action, "the pause's action")
                assert game.to_json() == before, "deciding, decoding or drawing changed the hand"
            if pause is not None:  # the clock's move: not a player's, so not in the script
                seat, action = pause.seat, pause.action
            else:
                seat, action = choose(game, awaiting)
            if not stacked:
                hand.paid_in[seat] += money.cost(game, seat, action) if money is not None else 0
            log_events(table, game.apply(seat, action))
            if pause is None:
                hand.moves.append((seat, action))
        state.phase = Phase.BETWEEN
        if checks:
            self.check_settled(table, game, hand)
            self.check_texts(table, game)
        return hand

    def replay(self, moves: list[Move]) -> Chooser:
        script = iter(moves)

        def choose(game: Any, awaiting: tuple[int, ...]) -> Move:
            seat, action = next(script)
            assert seat in awaiting, "the same deal and moves wait on the same seats"
            return seat, action

        return choose

    def table_playout(self, players: int) -> None:
        """A table of `players` plays up to HANDS hands; each hand is dealt twice from the
        same setup and the replay must show exactly what the first deal showed."""
        plugin, rng = self.plugin, self.rng
        stake = rng.choice(STAKES)
        table = new_table(plugin, self.options, players, stake, rng)
        buy_in = plugin.buy_in(stake, self.options)
        stacks = [buy_in] * players if buy_in is not None else None
        carried, leader, dealer = 0, None, rng.randrange(players)
        for number in range(HANDS):
            table.state.deadline = DEADLINE if number % 2 == 0 else None
            choices = [seat.choice for seat in table.state.seats]
            names = [seat.name for seat in table.state.seats]
            at = dealer
            robot = robot_seat(table)
            if robot is not None:  # dealt in opposite the dealer, as the table's deal does
                _, seating = table.match.next_hand(choices, dealer=choices[dealer], robot=robot)
                named = dict(zip(choices, names, strict=True))
                partnered = plugin.capability(Partners)
                named[robot] = (partnered.robot(self.options) if partnered else None) or robot
                choices = list(seating.engine_seats)
                names = [named[choice] for choice in choices]
                at = choices.index(seating.dealer)
            setup = HandSetup(
                choices=choices,
                names=names,
                stake=stake,
                seed=rng.getrandbits(48),
                dealer=at,
                stacks=stacks,
                leader=leader,
                carried=carried,
            )
            before = table.state.model_dump_json()
            hand = self.play(table, setup, self.random_move, checks=True)
            again = Table(TableState.from_saved(before), plugin)
            replayed = self.play(again, setup, self.replay(hand.moves), checks=False)
            assert replayed.shots == hand.shots, "the same seed and moves showed something else"
            outcome = table.game.outcome
            score = plugin.capability(ScoreGame)
            points = score.points(table.game) if score is not None else None
            if points is not None:
                table.match, _ = table.match.add_scores(
                    {table.hand_choice(i): p for i, p in enumerate(points)}
                )
            leader = outcome.winners[0] if outcome.winners else None
            dealer = (dealer + 1) % players
            carried = outcome.carried
            if stacks is not None:
                stacks = plugin.final_stacks(table.game)
                for seat, stack in zip(table.state.seats, stacks, strict=True):
                    table.state.stacks[seat.choice] = stack
                if min(stacks) < plugin.seat_minimum(stake, self.options):
                    return  # a seat would stand up; the service's seating is not under test here

    # ---------------------------------------------------------------------- checks
    def check_state(self, table: Table, game: Any, hand: Hand, seen_events: int) -> None:
        plugin = self.plugin
        seats = range(len(plugin.seat_names(game)))
        # The JSON round trip is exact, and through text (as the store keeps it) too.
        data = game.to_json()
        text = json.dumps(data, sort_keys=True)
        again = plugin.load(json.loads(text))
        assert again.to_json() == data, "to_json -> load -> to_json changed the hand"
        assert json.dumps(plugin.load(data).to_json(), sort_keys=True) == text
        for seat in (None, *seats):
            assert again.view(seat) == game.view(seat), f"the reloaded hand shows seat {seat} something else"
        assert again.awaiting == game.awaiting and (again.outcome is None) == (game.outcome is None)
        # Every card is in exactly one place: public, one seat's private cards, or secret.
        public = cards_in(game.view(None))
        private = [plugin.private_cards(game, seat) for seat in seats]
        secret = plugin.secret_cards(game)
        places = [("the public view", public), *((f"seat {s}'s hand", private[s]) for s in seats)]
        places.append(("the secret cards", secret))
        for (one, a), (other, b) in itertools.combinations(places, 2):
            assert not a & b, f"{sorted(a & b)} are both in {one} and in {other}"
        every = set().union(*(cards for _, cards in places))
        deck = next(iter(every)).deck
        assert all(card.deck is deck for card in every), "cards of two decks in one hand"
        missing = set(deck.cards()) - every
        assert not missing, f"{len(missing)} cards of the {deck.name} deck are nowhere: {sorted(missing)}"
        # The hand holds what was put into it.
        setup = hand.setup
        if setup.stacks is not None:
            assert plugin.held(game) == sum(setup.stacks) + setup.carried, "chips appeared or vanished"
        elif game.outcome is None:
            assert plugin.held(game) == sum(hand.paid_in) + setup.carried, (
                "the hand holds other than what was paid in"
            )
        if game.outcome is None:
            assert plugin.hand_result(table.view(), game) is None, "a result while the hand is in play"
        self.check_texts(table, game, seen_events, private, secret)

    def check_texts(
        self,
        table: Table,
        game: Any,
        seen_events: int = 0,
        private: list[frozenset[Card]] | None = None,
        secret: frozenset[Card] | None = None,
    ) -> None:
        plugin = self.plugin
        seats = range(len(plugin.seat_names(game)))
        private = private if private is not None else [plugin.private_cards(game, s) for s in seats]
        secret = secret if secret is not None else plugin.secret_cards(game)
        hidden = set(secret).union(*private)
        # The public face: the table message (its lines, its picture's description), its
        # buttons, Details (the old embed, `render_table`) and Log, the turn ping, the log.
        content, embed = render_table(table)
        public = [content or "", *strings(embed), *table_lines(table), picture_description(table)]
        public += [*strings(details_embed(table)), *strings(log_embed(table))]
        awaiting = tuple(game.awaiting) if game.outcome is None else ()
        for seat in awaiting:
            moves = table_moves(plugin, game, seat)
            public += [text for move in moves for text in (move.key, english(move.label))]
        if awaiting:
            public.append(plugin.prompt(table.view(), game, set()))
            public.append(plugin.prompt(table.view(), game, set(awaiting)))
        public += [event.text for event in game.events[seen_events:]]
        assert_names_none(hidden, public, f"{plugin.name}'s public table")
        # Each seat's hand panel names nothing that seat may not see: another seat's cards
        # or the deck, unless the engine shows it to that seat (a card it passed on). Every
        # game has a panel (/hand), whether or not its players hold secret cards.
        for seat in seats:
            others = set(secret).union(*(private[s] for s in seats if s != seat))
            forbidden = others - cards_in(game.view(seat))
            for panel in self.panels(table, game, seat):
                assert_names_none(forbidden, list(strings(panel)), f"seat {seat}'s hand panel")
            # A move named for the seat (a learner's hint names one) names only what it sees:
            # the timeout move and one other, each in words, not the key's bare fallback.
            legal = list(game.legal_actions(seat)) if seat in awaiting else []
            for action in [plugin.timeout_action(game, seat), self.rng.choice(legal)] if legal else []:
                named = plugin.move_name(table.view(), game, seat, action)
                key = plugin.encode(game, seat, action)[0].split(".")[0].replace("_", " ").capitalize()
                assert (named and named != key) or named in ("Fold", "Pass"), f"{action!r} named {named!r}"
                assert_names_none(forbidden, [named], f"seat {seat}'s move {action!r} named {named!r}")

    def panels(self, table: Table, game: Any, seat: int) -> list[Panel]:
        """The seat's panel, and the panel after each view control (a line chosen) and after
        a random choice in each view picker (cards picked to change)."""
        plugin = self.plugin
        first = plugin.panel(table.view(), game, seat, ())
        out = [first]
        for control in first.controls:
            if control.key.split(".")[0] in plugin.view_keys and not control.disabled:
                picks = plugin.pick(control.key, ())
                assert picks is not None, f"view control {control.key!r} picks nothing"
                out.append(plugin.panel(table.view(), game, seat, picks))
        for picker in first.pickers:
            if picker.key.split(".")[0] in plugin.view_keys:
                values = self.some_values(picker.options, picker.min_values, picker.max_values)
                picks = plugin.pick(picker.key, values)
                assert picks is not None, f"view picker {picker.key!r} refused {values}"
                out.append(plugin.panel(table.view(), game, seat, picks))
        return out

    def some_values(self, options: Sequence[tuple[str, str, bool]], low: int, high: int) -> list[str]:
        values = [value for value, _, _ in options]
        return self.rng.sample(values, self.rng.randint(low, min(high, len(values))))

    def accepts(self, game: Any, seat: int, action: Any, what: str) -> None:
        """`action` is legal for `seat`: listed, or (for moves a finite list only samples,
        like a bid's other totals) accepted by the engine on a copy of the hand."""
        if action in game.legal_actions(seat):
            return
        copy = self.plugin.load(game.to_json())
        try:
            copy.apply(seat, action)
        except RuleError as error:
            raise AssertionError(f"{what}: {action!r} is refused: {error}") from error

    def check_turn(self, table: Table, game: Any, seat: int, awaited: bool) -> None:
        plugin = self.plugin
        legal = list(game.legal_actions(seat))
        if not awaited:
            assert not legal, f"seat {seat} has moves but the hand doesn't wait on it"
            out_of_turn = plugin.capability(OutOfTurn)
            for panel in self.panels(table, game, seat):
                usable = [c.key for c in panel.controls if not c.disabled]
                usable += [p.key for p in panel.pickers]
                usable = [key for key in usable if key.split(".")[0] not in plugin.view_keys]
                # Only what the game allows out of turn (`OutOfTurn`), and the engine accepts.
                allowed = {
                    key: action
                    for key in usable
                    if out_of_turn is not None
                    and (action := out_of_turn.out_of_turn(game, seat, key, ())) is not None
                }
                for key, action in allowed.items():
                    self.accepts(game, seat, action, f"out-of-turn control {key!r}")
                usable = [key for key in usable if key not in allowed]
                assert not usable, f"seat {seat} isn't awaited but its panel offers {usable}"
            return
        assert legal, f"the hand waits on seat {seat}, which has no legal move"
        for action in legal:
            key, values = plugin.encode(game, seat, action)
            try:
                back = plugin.decode(game, seat, key, values)
            except RuleError as error:
                raise AssertionError(f"{action!r} encodes to {key!r} {values}, refused: {error}") from error
            assert back == action, f"{action!r} encodes to {key!r} {values}, which decodes to {back!r}"
        self.accepts(game, seat, plugin.timeout_action(game, seat), "the timeout move")
        self.turns_checked += 1
        for rank, level in enumerate(plugin.levels):
            # The first level is asked at every turn; a stronger one searches (tens of ms a
            # move), so it is asked at one turn in STRONG_EVERY, and still plays in every
            # playout (random_move), where an illegal move of its own would be refused.
            if rank > 0 and self.turns_checked % STRONG_EVERY:
                continue
            computer = plugin.computer(level)
            if not isinstance(computer, Advises):
                self.accepts(game, seat, computer.choose(game, seat), f"the {level} computer")
                continue
            # A computer that says why (a learner's hint): its move, and a reason that names
            # no card the seat may not see.
            advice = computer.advise(game, seat)
            self.accepts(game, seat, advice.action, f"the {level} computer")
            seats = range(len(plugin.seat_names(game)))
            others = set(plugin.secret_cards(game)).union(
                *(plugin.private_cards(game, s) for s in seats if s != seat)
            )
            forbidden = others - cards_in(game.view(seat))
            assert_names_none(forbidden, [english(advice.reason)], f"the {level} computer's reason")
        for move in table_moves(plugin, game, seat):
            if move.key.split(".")[0] in plugin.form_keys:
                form = plugin.form(table.view(), game, seat, move.key, ())
                assert form is not None and form.fields, f"public button {move.key!r} opens no form"
                continue
            action = plugin.decode(game, seat, move.key, ())
            assert action is not None, f"public button {move.key!r} decodes to nothing"
            self.accepts(game, seat, action, f"public button {move.key!r}")
        for panel in self.panels(table, game, seat):
            for control in panel.controls:
                head = control.key.split(".")[0]
                if control.disabled or head in plugin.view_keys:
                    continue
                if head in plugin.form_keys:
                    form = plugin.form(table.view(), game, seat, control.key, ())
                    assert form is not None and form.fields, f"control {control.key!r} opens no form"
                    continue
                action = plugin.decode(game, seat, control.key, ())
                assert action is not None, f"enabled control {control.key!r} decodes to nothing"
                self.accepts(game, seat, action, f"control {control.key!r}")
            for picker in panel.pickers:
                head = picker.key.split(".")[0]
                if head in plugin.view_keys:
                    continue
                if head in plugin.form_keys:
                    for value, _, _ in picker.options:
                        form = plugin.form(table.view(), game, seat, picker.key, [value])
                        assert form is not None and form.fields, f"{picker.key!r} {value!r} opens no form"
                    continue
                values = self.some_values(picker.options, picker.min_values, picker.max_values)
                action = plugin.decode(game, seat, picker.key, values)
                assert action is not None, f"picker {picker.key!r} with {values} decodes to nothing"
                self.accepts(game, seat, action, f"picker {picker.key!r}")

    def check_settled(self, table: Table, game: Any, hand: Hand) -> None:
        plugin, setup = self.plugin, hand.setup
        outcome = game.outcome
        seats = len(setup.choices)
        assert not game.awaiting, "a finished hand waits on nobody"
        assert all(not game.legal_actions(seat) for seat in range(seats)), "moves after the end"
        assert len(outcome.paid_in) == len(outcome.paid_out) == seats
        assert min(*outcome.paid_in, *outcome.paid_out, outcome.carried) >= 0
        assert set(outcome.winners) <= set(range(seats)) and outcome.summary
        if setup.stacks is not None:
            final = plugin.final_stacks(game)
            assert final is not None and len(final) == seats and min(final) >= 0
            assert sum(final) + outcome.carried + outcome.house == sum(setup.stacks) + setup.carried, (
                "chips not conserved"
            )
            for seat in range(seats):
                assert final[seat] == setup.stacks[seat] - outcome.paid_in[seat] + outcome.paid_out[seat], (
                    f"seat {seat}'s stack doesn't match what it paid in and took out"
                )
        else:
            assert plugin.final_stacks(game) is None
            assert list(outcome.paid_in) == hand.paid_in, "the outcome's paid_in isn't what the table took"
            assert (
                sum(hand.paid_in) + setup.carried == sum(outcome.paid_out) + outcome.carried + outcome.house
            ), "chips not conserved"
        score = plugin.capability(ScoreGame)
        points = score.points(game) if score is not None else None
        if points is not None:
            assert len(points) == seats and min(points) >= 0
        # The result in words: a headline, the names of every seat, and each seat's net as
        # the hand settles it (a stack's change; what a member paid in and took out).
        result = plugin.hand_result(table.view(), game)
        assert result is not None and result.headline, "a finished hand says no result"
        assert len(result.names) == seats and all(result.names)
        if result.nets:
            assert dict(result.nets) == {seat: outcome.net(seat) for seat in range(seats)}
            if setup.stacks is not None:
                final = plugin.final_stacks(game)
                assert [final[s] - setup.stacks[s] for s in range(seats)] == [
                    result.nets[s] for s in range(seats)
                ]
        else:
            assert not any(outcome.paid_in) and not any(outcome.paid_out), "chips moved, but no nets"


# ---------------------------------------------------------------------------------- tests
@pytest.mark.parametrize(("game_id", "options"), COMBOS)
def test_random_playouts_keep_the_contract(game_id: str, options: BaseModel) -> None:
    plugin = GAMES[game_id]
    low, high = plugin.seat_range(options)
    assert plugin.min_players <= low <= high <= plugin.max_players
    assert len(plugin.seat_choices) >= high
    for players in range(low, high + 1):
        seed = zlib.crc32(f"{game_id} {options!r} {players}".encode())  # stable across runs
        Contract(plugin, options, random.Random(seed)).table_playout(players)


def test_every_game_has_option_combinations() -> None:
    for game_id in GAMES:
        assert any(param.values[0] == game_id for param in COMBOS), game_id
