"""A hand dealt straight into a `Table`, as the table service deals one, with no bot around it:
for the renderer, picture and plug-in tests, and the drawing benchmark."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from bot.games import GAMES, HandSetup, Plugin
from bot.tables import Phase, Seat, Table, TableState

#: the members at a test table, in seat order (user ids 1001, 1002, ...)
NAMES = ("Ana", "Bruno", "Chiara", "Dario", "Elena", "Fabio")


def seated_table(plugin: Plugin, options: BaseModel, seats: list[Seat], stake: int) -> Table:
    """A table (id 7, host 1001) of `plugin` with `options`, these `seats` and each seat's
    buy-in on its stack, before any deal."""
    buy_in = plugin.buy_in(stake, options)
    state = TableState(
        id=7,
        guild_id=1,
        channel_id=2,
        game=plugin.id,
        host_id=1001,
        stake=stake,
        options=options.model_dump(mode="json"),
        seats=seats,
        stacks={seat.choice: buy_in for seat in seats} if buy_in is not None else {},
    )
    return Table(state, plugin)


def dealt_table(
    game_id: str,
    options: Mapping[str, Any] | BaseModel,
    players: int,
    seed: int,
    *,
    stake: int = 1,
    carried: int = 0,
    names: Sequence[str] = NAMES,
) -> Table:
    """A table of `players` members in the game's first seats, the first one dealing, with a
    hand of `game_id` just dealt from `seed`; `options` raw (as /play takes them) or parsed;
    the members' display `names` in seat order."""
    plugin = GAMES[game_id]
    parsed = options if isinstance(options, BaseModel) else plugin.parse_options(dict(options))
    choices = list(plugin.seat_choices[:players])
    seats = [Seat(choice=c, user_id=1001 + i, name=names[i]) for i, c in enumerate(choices)]
    table = seated_table(plugin, parsed, seats, stake)
    state = table.state
    buy_in = plugin.buy_in(stake, parsed)
    setup = HandSetup(
        choices=choices,
        names=list(names[:players]),
        stake=stake,
        seed=seed,
        dealer=0,
        stacks=[buy_in] * players if buy_in is not None else None,
        carried=carried,
    )
    table.game = plugin.new_hand(setup, table.options)
    state.phase = Phase.PLAYING
    state.hand_seats = [seat.mention for seat in seats]
    return table
