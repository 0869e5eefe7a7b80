"""Every hand kept, so that it can be replayed exactly (issue 24).

The engines are deterministic given their seed and serialise exactly, so a hand is kept as
what deals it again and what was played in it: at the deal, the engine's snapshot right
after `new_hand` (its game, format, options and seed: `to_json`) and who sat in each engine
seat; then each move, one small row in that move's own transaction (the seat, the action
as the engine reads it back, and who played it: the member, a computer, the timer or the
clock of a paused hand); at the end, the result in the game's own words with each seat's
net, a fingerprint of the final state (a replay that does not reach it is not exact), and
the members' lines of history. A hand in play is kept as in play; `bot.replay` replays only
finished ones.

`Hands` calls this at its marked places: the deal and each move hand `after_move` what to
keep (`dealt`, a `Moved`), written first in its transaction; the settlement ends the record
(`finished`), with each member's line for the score game it ended, if it did (`game_over`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from bot.games.base import scoreboard
from bot.i18n import Join, Msg, Text, t
from bot.store import Tx
from bot.store.contract import Actor, HandPlayer
from bot.tables.model import Table
from engine.core.game import Event
from engine.core.match import GameResult

#: the shape of `seating` and `result` kept with a hand; a replay refuses what it can't read
SEATING_FORMAT = 1


def fingerprint(state: Mapping[str, Any]) -> str:
    """A digest of an engine's saved state: the same state always gives the same text."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class Dealt:
    """A hand as it was dealt: the engine's snapshot and who sat where (see `Records.dealt`)."""

    start: dict[str, Any]
    seating: dict[str, Any]


@dataclass(frozen=True)
class Moved:
    """One move of the hand in play: engine seat, the action (an engine's action, or its
    JSON), who played it."""

    seat: int
    action: Any
    actor: Actor


class Records:
    """Writes each hand's record through the transaction of the change it belongs to."""

    def __init__(self) -> None:
        #: table id -> (hand, the members' lines) of a score game the settlement under way
        #: ended: written with the hand's own lines, at one time, so the game lists first
        self.games: dict[int, tuple[int, list[HandPlayer]]] = {}

    @staticmethod
    def dealt(table: Table, lines: list[Text]) -> Dealt:
        """The hand just dealt at `table` (call right after `new_hand`): the engine's snapshot,
        and each engine seat's player as they were dealt in — a member, or a computer and its
        level, named as the table showed them — with what a picture of the table reads (the
        options, the stake, the match) and the deal's log: `lines`, then what the deal did."""
        state, game = table.state, table.game
        assert game is not None
        seated = {seat.choice: seat for seat in state.seats}
        labels = table.plugin.seat_names(game)
        seats: list[dict[str, Any]] = []
        for engine_seat in range(len(state.hand_seats)):
            choice = table.hand_choice(engine_seat)
            seat = seated.get(choice)
            if seat is None:  # a seat no member holds (a robot): the engine's own player
                seats.append(
                    {"choice": choice, "name": labels[engine_seat], "user_id": None, "level": state.level}
                )
                continue
            level = (seat.level or state.level) if seat.is_computer else None
            seats.append({"choice": choice, "name": seat.name, "user_id": seat.user_id, "level": level})
        seating = {
            "format": SEATING_FORMAT,
            "seats": seats,
            "hand_seats": list(state.hand_seats),
            "options": state.options,
            "stake": state.stake,
            "match": table.match.to_json(),
            "log": [
                kept_line(line)
                for line in [
                    *lines,
                    *(_line(table, event) for event in game.events if table.plugin.logged(event)),
                ]
            ],
        }
        return Dealt(game.to_json(), seating)

    @staticmethod
    async def keep(table: Table, tx: Tx, kept: Dealt | Moved) -> None:
        """Write the deal or the move, first in its change's transaction (under the hand's
        number, which the match keeps)."""
        state = table.state
        if isinstance(kept, Dealt):
            await tx.keep_hand(
                state.guild_id,
                table.id,
                table.match.hand_no,
                channel_id=state.channel_id,
                game=table.plugin.id,
                board=scoreboard(table.plugin, table.options),
                start=kept.start,
                seating=kept.seating,
            )
            return
        action = kept.action
        await tx.keep_move(
            state.guild_id,
            state.id,
            table.match.hand_no,
            step=sum(state.acted.values()),  # every move counts one (`Hands.apply`), in order
            seat=kept.seat,
            actor=kept.actor,
            action=action.model_dump(mode="json") if isinstance(action, BaseModel) else dict(action),
        )

    async def finished(self, table: Table, tx: Tx) -> None:
        """The hand is settled: its result in the game's own words (what the table message
        says between hands), each seat's net, the fingerprint of the final state, the match
        as it now stands (a replay's last picture shows its scores) and, when the hand ended
        a score game, who won it; then each member's line of history. Called before any
        leaver stands up, so every seat is still named as it was dealt."""
        state, game = table.state, table.game
        assert game is not None
        said = table.plugin.hand_result(table.view(), game)
        result: dict[str, Any] = {
            "format": SEATING_FORMAT,
            "headline": said.headline if said is not None else "",
            "reasons": list(said.reasons) if said is not None else [],
            "carried": said.carried if said is not None else None,
            "nets": {str(seat): net for seat, net in (said.nets if said is not None else {}).items()},
            "names": list(said.names) if said is not None else [],
            "final": fingerprint(game.to_json()),
            "match": table.match.to_json(),
        }
        ended = table.match.last_result
        if ended is not None and ended.hand_no == state.hand_no:
            result["game"] = kept_line(game_words(table, ended))
        if not await tx.finish_hand(state.guild_id, table.id, state.hand_no, result):
            self.games.pop(table.id, None)
            return  # a hand dealt before hands were kept
        nets = said.nets if said is not None else {}
        players = [
            HandPlayer(user_id, engine_seat, nets.get(engine_seat) if nets else None)
            for engine_seat, user_id in _dealt_members(table)
        ]
        hand, lines = self.games.pop(table.id, (0, []))
        if hand == state.hand_no:  # (a settlement rolled back may have left another hand's)
            players += lines
        await tx.keep_players(
            state.guild_id, table.id, state.hand_no, scoreboard(table.plugin, table.options), players
        )

    def game_over(self, table: Table, result: GameResult, nets: Mapping[str, int]) -> None:
        """A score game ended with this hand: each member still seated who played in it gets
        a line for the game, with the net chips the scoreboard records for them, written
        with the hand's own lines when the settlement ends (`finished`)."""
        state = table.state
        seating = table.match.seating
        seated = {seat.choice: seat for seat in state.seats}
        players = []
        for choice in result.scores:
            seat = seated.get(choice)
            if seat is None or seat.user_id is None:
                continue
            engine_seat = seating.engine_seat(choice) if seating is not None else None
            players.append(HandPlayer(seat.user_id, engine_seat, nets.get(choice, 0), kind="game"))
        self.games[table.id] = (state.hand_no, players)


def kept_line(line: Text) -> str | dict[str, Any]:
    """A log line as a record keeps it: English text, or a message as JSON (shown later in
    whoever reads it's language; `read_line` reads it back)."""
    return line if isinstance(line, str) else line.to_json()


def read_line(kept: Any) -> Text:
    """A line `kept_line` kept (text, or a message), or "" if it is neither."""
    if isinstance(kept, str):
        return kept
    try:
        return Msg.from_json(kept)
    except (ValueError, TypeError):
        return ""


def _line(table: Table, event: Event) -> Text:
    """An event as the table log says it (as `Hands.event_line`)."""
    if event.msg is not None and event.seat is None:
        return event.msg
    if event.seat is None:
        return event.text
    return table.plugin.event_text(table.game, event, table.seat_for(event.seat).name)


def _dealt_members(table: Table) -> list[tuple[int, int]]:
    """(engine seat, the member's user id) for each engine seat a member was dealt into."""
    seated = {seat.choice: seat for seat in table.state.seats}
    found = []
    for engine_seat in range(len(table.state.hand_seats)):
        seat = seated.get(table.hand_choice(engine_seat))
        if seat is not None and seat.user_id is not None:
            found.append((engine_seat, seat.user_id))
    return found


def game_words(table: Table, ended: GameResult) -> Text:
    """A finished score game in a line: who won, and the final scores ("Ana wins the game:
    Ana 21 · Bruno 12.")."""
    names = {seat.choice: seat.name for seat in table.state.seats}
    labels = table.plugin.seat_names(table.game) if table.game is not None else ()
    for engine_seat, label in enumerate(labels):
        names.setdefault(table.hand_choice(engine_seat), label)  # a robot has no member's name
    winners = Join([names.get(key, key) for key in ended.winners])
    scores = Join(
        [t("{name} {score}", name=names.get(key, key), score=score) for key, score in ended.scores.items()],
        "dot",
    )
    if len(ended.winners) == 1:
        return t("{winners} wins the game: {scores}.", winners=winners, scores=scores)
    return t("{winners} win the game: {scores}.", winners=winners, scores=scores)
