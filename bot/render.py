"""The table in words for any game: public information only. The frame (title, status
line, seats, log, fairness footer) is the same for every game; the hand in play is drawn
by the game's own plug-in. The table message itself is laid out in `bot.table_layout`,
which answers its Details button with this embed."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.base import game_sides
from bot.games.results import between_hands, signed
from bot.games.view import TableView
from bot.ratings import ranks
from bot.tables import Phase, Table
from bot.tables.fair import CLICK, PLAY, hand_name
from bot.tables.hints import Given, level
from bot.tables.model import DealMix
from bot.tables.offers import describe
from bot.tables.ratings import seat_rating
from bot.tables.timing import UNATTENDED_DEALS
from bot.ui import plain
from engine.core.text import plural

COLOURS = {
    Phase.LOBBY: discord.Colour.blurple(),
    Phase.PLAYING: discord.Colour.gold(),
    Phase.BETWEEN: discord.Colour.dark_green(),
    Phase.CLOSED: discord.Colour.dark_grey(),
}


def render_table(table: Table) -> tuple[str | None, discord.Embed]:
    """The public table in detail, as an embed (and a content line): what the Details
    button shows (less its log), and what the table message was before issue 23."""
    state = table.state
    title = f"{table.plugin.name} · table #{table.id} · stake {state.stake:,}"
    embed = discord.Embed(title=title, colour=COLOURS[state.phase])
    game = table.game
    view = table.view() if game is not None else None  # built once: the fields and the status read it
    if game is not None and view is not None:
        table.plugin.table_fields(view, game, embed)
    if state.wagers:
        embed.add_field(name=_wagers_title(table), value=wagers_text(table), inline=False)
    if state.offers:
        lines = [describe(offer) for offer in state.offers[-8:]]
        while len("\n".join(lines)) > FIELD_LIMIT:
            lines = lines[1:]
        embed.add_field(name="Side bets", value="\n".join(lines), inline=False)
    if state.phase is not Phase.PLAYING:
        name = "Seated for the next hand" if game is not None else "Seats"
        embed.add_field(name=name, value=_seat_lines(table) or "Nobody yet.", inline=False)
    embed.description = _status(table, view)
    if table.game_over:  # the end of a score game: its final standings above the status
        embed.description = "\n".join([*final_standings(table), embed.description])
    if state.phase is not Phase.PLAYING and game is not None and view is not None:
        embed.description = between_hands(table.plugin.hand_result(view, game), embed.description)
    hints = hints_line(table)
    if hints:
        embed.add_field(name="Hints", value=hints, inline=False)
    if state.log:
        embed.add_field(name="Table log", value=log_text(state.log), inline=False)
    # Footers show text as typed (no markdown), so the host's name goes in raw.
    host = next((seat.name for seat in state.seats if seat.user_id == state.host_id), "—")
    footer = f"Host: {host} · v{state.version}"
    if game is not None:
        footer += "\n" + fairness_line(game.commitment, getattr(game.view(None), "seed", None))
    footer += "".join(f"\n{line}" for line in seed_lines(table))
    embed.set_footer(text=footer[:FOOTER_LIMIT])
    return None, embed


FIELD_LIMIT = 1024  # Discord's limit for an embed field's value
FOOTER_LIMIT = 2048  # ... and for its footer


def fairness_line(commitment: str, seed: int | None) -> str:
    """The deck commitment in plain words: what it is, and how the seed proves it."""
    if seed is None:
        return (
            f"Fair deal: the deck was locked before play (fingerprint {commitment[:16]}); "
            "the seed that proves it appears when the hand ends."
        )
    return (
        f"Fair deal: the deck was locked before play (fingerprint {commitment[:16]}); "
        f"the seed {seed} rebuilds it, so anyone can check the cards weren't changed."
    )


def hints_line(table: Table) -> str | None:
    """What a table that allows hints says of them (the lobby's lines, Details): what the
    Hint button does, and that the table is not rated; None at a table without hints."""
    if not table.state.hints:
        return None
    chosen = level(table)
    if chosen is None:  # (a game whose strongest computer no longer says why)
        return "💡 Hints allowed, but this game's computers can't explain their moves. Not rated."
    return f"💡 Hints allowed: on your turn **Hint** shows the {chosen} computer's move and why. Not rated."


def hint_text(given: Given) -> str:
    """A learner's hint as its member reads it, privately (names escaped)."""
    return (
        f"💡 **Hint** · the {given.level} computer would play **{plain(given.move)}**.\n"
        f"{plain(given.reason)}\n"
        "-# Only you see this, and nothing has been played: the move is yours to make."
    )


def seed_lines(table: Table) -> list[str]:
    """Where the deck seed came from (bot/tables/fair.py), in plain words: during a hand the
    server seed's commitment and what the deal mixed in (the seed stays secret); after it,
    the server seed and how to check it all; and the next deal's commitment, once locked."""
    state, mix, lines = table.state, table.state.deal_mix, []
    if mix is not None and table.game is not None:
        hand = hand_name(table.id, state.hand_no)
        if state.phase is Phase.PLAYING:
            lines.append(
                f"Its seed mixes the server's seed, locked before the deal (SHA-256 {mix.commitment[:16]}…), "
                f"with {_mixed(mix)}; /verify {hand} checks it all once the hand is over."
            )
        else:
            lines.append(
                f"Hand {hand}'s server seed was {mix.server_seed} (SHA-256 {mix.commitment[:16]}…), "
                f"mixed with {_mixed(mix)}: /verify {hand} checks it all."
            )
    if state.seed_lock is not None:
        lines.append(
            f"Next deal: the server's seed is locked (SHA-256 {state.seed_lock.commitment[:16]}…); the deal "
            "mixes it with the click that deals and the players' own seeds (/fair)."
        )
    return lines


def _mixed(mix: DealMix) -> str:
    """What a deal mixed into the server seed, in words."""
    ids = ", ".join(str(i) for i in mix.interactions)
    started = {
        CLICK: f"the click that dealt it (Discord id {ids})",
        PLAY: f"the /play that dealt it at once (Discord id {ids}, known when the seed was drawn)",
    }.get(mix.started, "no click (the table's clock dealt it)")
    names = [member.name for member in mix.members]
    seeds = f"the own seeds of {_and(names)}" if names else "no player's own seed"
    return f"{started} and {seeds}"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def log_text(lines: list[str], limit: int = FIELD_LIMIT) -> str:
    """The newest log lines that fit in one embed field, whole lines only, names escaped.
    A single line longer than the field (never expected) is cut at a word, with "…"."""
    shown: list[str] = []
    size = 0
    for line in reversed(lines):
        text = plain(line)
        size += len(text) + (1 if shown else 0)
        if size > limit:
            break
        shown.append(text)
    if not shown and lines:
        shown = [plain(lines[-1])[: limit - 1].rsplit(" ", 1)[0] + "…"]
    return "\n".join(reversed(shown))


def turn_prompt(table: Table, fresh: set[int] | None = None) -> str:
    """The ping for the member(s) to act: public, so it names no hidden card. It ends with
    a jump link to the table message, which may have scrolled far up the channel."""
    assert table.game is not None
    text = table.plugin.prompt(table.view(), table.game, fresh or set())
    link = table_link(table)
    return f"{text}\nGo to the table: {link}" if link else text


def table_link(table: Table) -> str | None:
    """The jump link to the table message (None before it is posted)."""
    state = table.state
    if state.message_id is None:
        return None
    return f"https://discord.com/channels/{state.guild_id}/{state.channel_id}/{state.message_id}"


def final_standings(table: Table) -> list[str]:
    """The end of a score game (docs/RULES.md, "Scores that finish"): its final standings,
    partners together, and each member's rating before and after the game; empty unless
    the hand just finished ended a game."""
    ended = table.match.last_result
    if not table.game_over or ended is None:
        return []
    state, game = table.state, table.game
    seats = {seat.choice: seat for seat in state.seats}
    engine = table.plugin.seat_names(game) if game is not None else ()
    played = {key: engine[index] for index, key in table.view().dealt.items() if index < len(engine)}

    def name(key: str) -> str:
        seat = seats.get(key)
        if seat is not None:
            return f"🤖 {plain(seat.name)}" if seat.is_computer else plain(seat.name)
        return plain(played.get(key, key))  # a seat with no member (a robot), or one since left

    standing = game_sides(table.match, ended)
    places = ranks(standing.scores)
    owed = any(score < 0 for score in standing.scores)  # chips that may be negative: signed
    parts = [
        f"{places[i]}. {' & '.join(name(key) for key in standing.sides[i])} "
        + (signed(int(standing.scores[i])) if owed else f"{int(standing.scores[i]):,}")
        for i in sorted(range(len(places)), key=lambda i: places[i])
    ]
    lines = ["🏆 Final standings: " + " · ".join(parts)]
    changes = [
        f"{name(choice)} {after:,} ({signed(after - before)})"
        for choice, (before, after) in state.rated_game.items()
        if choice in seats and not seats[choice].is_computer
    ]
    if changes:
        lines.append("Ratings: " + " · ".join(changes))
    return lines


PLACES = ("first", "second", "third", "fourth", "fifth", "sixth")


def game_end_note(table: Table, index: int) -> str:
    """What the hand panel of the member in table seat `index` adds when the hand ended a
    score game: where they (or their side) finished and their rating before and after the
    game; "" otherwise."""
    ended = table.match.last_result
    if not table.game_over or ended is None:
        return ""
    seat = table.state.seats[index]
    standing = game_sides(table.match, ended)
    places = ranks(standing.scores)
    side = next((i for i, keys in enumerate(standing.sides) if seat.choice in keys), None)
    if side is None:
        return ""
    who = "your side finishes" if len(standing.sides[side]) > 1 else "you finish"
    place = PLACES[places[side] - 1] if places[side] <= len(PLACES) else f"number {places[side]}"
    shared = " (shared)" if places.count(places[side]) > 1 else ""
    note = f"🏆 The game is over: {who} {place}{shared} of {len(standing.sides)}."
    change = table.state.rated_game.get(seat.choice)
    if change is not None:
        before, after = change
        note += f" Your rating: {after:,} ({signed(after - before)})."
    return note


def _status(table: Table, view: TableView | None) -> str:
    state = table.state
    if state.phase is Phase.LOBBY:
        need = table.seat_range[0] - len(state.seats)
        # a lone host can play at once against the computer: say so before "waiting"
        wait = f"Add bot or wait for players ({need:,} more to start)" if need > 0 else "ready to start"
        take = f"take a {table.plugin.seat_option}" if table.plugin.seat_option else "sit down"
        options = table.plugin.describe_options(table.options, state.stake)
        extra = f"\n{options}." if options else ""
        hints = hints_line(table)
        extra += f"\n{hints}" if hints else ""
        return f"**Lobby** — {wait}. Press **Join** to {take}; the host starts the game.{extra}"
    if state.phase is Phase.BETWEEN:
        deal = "New game" if table.game_over else "Deal next hand"
        if state.deadline is not None and state.clock_deals >= UNATTENDED_DEALS:
            due = discord.utils.format_dt(state.deadline, "R")
            return (
                f"**Hand {state.hand_no} is over.** Nobody seated has played for "
                f"{plural(state.clock_deals, 'hand')}, so the table waits: press **{deal}** "
                f"to play on — it closes {due} otherwise."
            )
        if state.deadline is not None and not table.humans:
            due = discord.utils.format_dt(state.deadline, "R")
            return (
                f"**Hand {state.hand_no} is over.** Only computer players are seated: the table "
                f"closes {due} unless a member joins."
            )
        if state.deadline is not None and len(state.seats) >= table.seat_range[0] and table.game_over:
            due = discord.utils.format_dt(state.deadline, "R")
            return (
                f"**The game is over.** A new game with the same seats starts {due} — press "
                "**New game** to start it now, or **Leave**."
            )
        if state.deadline is not None and len(state.seats) >= table.seat_range[0]:
            due = discord.utils.format_dt(state.deadline, "R")
            return (
                f"**Hand {state.hand_no} is over.** The next hand is dealt {due} — "
                "or press **Deal next hand**."
            )
        need = table.seat_range[0] - len(state.seats)
        if need > 0:
            return f"**Hand {state.hand_no} is over.** Add bot or wait for players ({need:,} more to deal)."
        return f"**Hand {state.hand_no} is over.** Waiting for players to deal the next hand."
    if state.phase is Phase.CLOSED:
        return "**Closed.** Open a new table with /play."
    assert table.game is not None and view is not None
    status = table.plugin.status(view, table.game)
    pause = table.turn().pause
    if pause is not None and state.deadline is not None:
        status += f"\n⏳ {pause.label} {discord.utils.format_dt(state.deadline, 'R')}."
    if table.house_bets is not None:
        status += "\nBets are open: anyone not seated may press **Bet** to bet against the house."
    return status


def _wagers_title(table: Table) -> str:
    wagers = table.state.wagers
    total = sum(w.amount for w in wagers)
    state = "in play" if any(w.returned is None for w in wagers) else "settled"
    return f"House bets {state} · {plural(len(wagers), 'bet')}, {plural(total, 'chip')}"


def wagers_text(table: Table, shown: int = 12, limit: int = FIELD_LIMIT) -> str:
    """The onlookers' bets, one line each (who, on what, how much; and once settled, the
    result), the newest `shown`, within one embed field; the rest summed up in one line."""
    wagers = table.state.wagers
    lines = []
    for wager in wagers:
        line = f"<@{wager.user_id}> · {plain(wager.label)} · {wager.amount:,}"
        if wager.returned is not None:
            line += f" → {plain(wager.result)}"
        lines.append(line)
    kept = lines[-shown:]
    while kept and len("\n".join(kept)) > limit - 60:
        kept = kept[1:]
    hidden = len(lines) - len(kept)
    if hidden:
        earlier = sum(w.amount for w in wagers[:hidden])
        kept.insert(0, f"…and {plural(hidden, 'earlier bet')} ({plural(earlier, 'chip')})")
    return "\n".join(kept)


def _seat_lines(table: Table) -> str:
    state = table.state
    lines = []
    for seat in state.seats:
        host = " (host)" if seat.user_id == table.state.host_id else ""
        who = f"🤖 {plain(seat.name)} · {seat.level}" if seat.is_computer else f"{seat.mention}{host}"
        stack = state.stacks.get(seat.choice)
        # A game played without stacks (a buy-in of 0) keeps none worth showing.
        stacked = stack is not None and bool(table.plugin.buy_in(state.stake, table.options))
        chips = f" · stack {stack:,}" if stacked else ""
        rating = seat_rating(table, seat)
        rated = f" · rating {rating:,}" if rating is not None else ""
        lines.append(f"**{table.plugin.choice_label(seat.choice)}** — {who}{chips}{rated}")
    return "\n".join(lines)


def rules_embed(plugin: Any) -> discord.Embed:
    """/rules and the lobby's Rules button: the game's rules in brief, in our own words."""
    return discord.Embed(
        title=f"How to play {plugin.name}", description=plugin.rules, colour=discord.Colour.dark_gold()
    )
