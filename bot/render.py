"""The table message for any game: public information only, edited in place as the game
moves. The frame (title, status line, seats, log, fairness footer) is the same for every
game; the hand in play is drawn by the game's own plug-in."""

from __future__ import annotations

from typing import Any

import discord

from bot.tables import Phase, Table

COLOURS = {
    Phase.LOBBY: discord.Colour.blurple(),
    Phase.PLAYING: discord.Colour.gold(),
    Phase.BETWEEN: discord.Colour.dark_green(),
    Phase.CLOSED: discord.Colour.dark_grey(),
}


def table_title(table: Table) -> str:
    return f"{table.plugin.name} · table #{table.id} · stake {table.state.stake:,}"


def render_table(table: Table) -> tuple[str | None, discord.Embed]:
    """The public table message: its content line and embed."""
    state = table.state
    embed = discord.Embed(title=table_title(table), colour=COLOURS[state.phase])
    game = table.game
    if game is not None:
        table.plugin.table_fields(table, game, embed)
    if state.phase is not Phase.PLAYING:
        name = "Seated for the next hand" if game is not None else "Seats"
        embed.add_field(name=name, value=_seat_lines(table) or "Nobody yet.", inline=False)
    embed.description = _status(table)
    if state.log:
        embed.add_field(name="Table log", value="\n".join(state.log)[-1000:], inline=False)
    footer = f"Host: {_host_name(table)} · v{state.version}"
    if game is not None:
        view = game.view(None)
        footer += f" · deck commitment {game.commitment[:16]}"
        seed = getattr(view, "seed", None)  # revealed once the hand is over
        if seed is not None:
            footer += f" · seed {seed}"
    embed.set_footer(text=footer)
    return None, embed


def turn_prompt(table: Table, fresh: set[int] | None = None) -> str:
    """The ping for the member(s) to act: public, so it names no hidden card."""
    assert table.game is not None
    return table.plugin.prompt(table, table.game, fresh or set())


def _status(table: Table) -> str:
    state = table.state
    if state.phase is Phase.LOBBY:
        need = table.seat_range[0] - len(state.seats)
        wait = f"waiting for {need} more player{'s' if need != 1 else ''}" if need > 0 else "ready to start"
        take = f"take a {table.plugin.seat_option}" if table.plugin.seat_option else "sit down"
        options = table.plugin.describe_options(table.options, state.stake)
        extra = f"\n{options}." if options else ""
        return f"**Lobby** — {wait}. Press **Join** to {take}; the host starts the game.{extra}"
    if state.phase is Phase.BETWEEN:
        if state.deadline is not None and len(state.seats) >= table.seat_range[0]:
            due = discord.utils.format_dt(state.deadline, "R")
            return (
                f"**Hand {state.hand_no} is over.** The next hand is dealt {due} — "
                "or press **Deal next hand**."
            )
        return f"**Hand {state.hand_no} is over.** Waiting for players to deal the next hand."
    if state.phase is Phase.CLOSED:
        return "**Closed.** Open a new table with /play."
    assert table.game is not None
    return table.plugin.status(table, table.game)


def _host_name(table: Table) -> str:
    for seat in table.state.seats:
        if seat.user_id == table.state.host_id:
            return seat.name
    return "—"


def _seat_lines(table: Table) -> str:
    state = table.state
    lines = []
    for seat in state.seats:
        host = " (host)" if seat.user_id == table.state.host_id else ""
        who = f"🤖 {seat.name} · {seat.level}" if seat.is_computer else f"{seat.mention}{host}"
        stack = state.stacks.get(seat.choice)
        chips = f" · stack {stack:,}" if stack is not None else ""
        lines.append(f"**{table.plugin.choice_label(seat.choice)}** — {who}{chips}")
    return "\n".join(lines)


def rules_embed(plugin: Any) -> discord.Embed:
    """/rules and the lobby's Rules button: the game's rules in brief, in our own words."""
    return discord.Embed(
        title=f"How to play {plugin.name}", description=plugin.rules, colour=discord.Colour.dark_gold()
    )
