"""The public table message in Discord's component layout (Components V2), sized for a
phone: the picture first (its description says what it shows, for screen readers and
clients that hide images), then at most `MAX_LINES` short lines (the game and stake, whose
turn and what they decide, what is at stake, what happened last), then the buttons. The
full log and the table in detail are one click away, each in an ephemeral answer: **Log**
(`log_embed`) and **Details** (`details_embed`).

The lines come from the plug-in (`GamePlugin.summary`) while a hand is in play; the frame
(lobby, between hands, closed) is the same for every game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeAlias

import discord

from bot.components import TABLE_MOVE
from bot.games.results import nets_line
from bot.render import COLOURS, _seat_lines, _status, log_text, render_table
from bot.tables import Phase, Table
from bot.ui import plain

UIButton: TypeAlias = discord.ui.Button[discord.ui.LayoutView]

#: the most lines of text the table message shows (the rest is behind Log and Details)
MAX_LINES = 6
#: the most characters those lines show a member (`read_length`): a phone's screen of text
MAX_CHARACTERS = 500
#: the characters of a player's name the lines show, the fewest the lines need to fit
#: (`short_names`): most names are shorter than any of these, and are shown whole
NAME_ROOMS = (16, 12, 8)
#: how the line saying what happened last starts
LAST = "Last: "
#: the most lines a plug-in's summary adds while a hand is in play
SUMMARY_LINES = 3
#: Discord's limit for a media item's description (the picture's alt text)
ALT_LIMIT = 1024
#: Discord's limit for an embed's description (the Log answer)
DESCRIPTION_LIMIT = 4096
#: the keys of the buttons that only show (they change nothing: any version answers)
LOG, DETAILS = "log", "details"
ROW_SIZE = 5  # buttons in one action row


def table_lines(table: Table) -> list[str]:
    """The short lines of the table message, at most `MAX_LINES` and `MAX_CHARACTERS` as a
    member reads them: the header, then what the phase needs (lobby: who's seated, what's
    missing, the options; in play: the plug-in's summary and the last thing that happened;
    between hands: the result and the next deal). Where they would run longer, players'
    names are cut to the first of `NAME_ROOMS` at which they fit (`short_names`), and if
    they still don't, what happened last is cut to fit (the Log button has it whole)."""
    state = table.state
    head = f"**{table.plugin.name}** · table #{table.id} · stake {state.stake:,}"
    names = {seat.name for seat in state.seats}
    if table.game is not None:
        names.update(table.plugin.seat_names(table.game))
    # A mention reads as the member's name: "<@123…>" as "@Ana".
    mentions = [(f"<@{seat.user_id}>", seat.name) for seat in state.seats if seat.user_id is not None]
    rooms = [0, *(room for room in NAME_ROOMS if any(len(name) > room for name in names))]
    for room in rooms:  # 0: every name whole
        cut = short_names(table, room) if room else None
        if state.phase is Phase.LOBBY:
            body = lobby_lines(table)
        elif state.phase is Phase.PLAYING:
            body = playing_lines(table)
        elif state.phase is Phase.BETWEEN:
            body = between_hands(table, cut, read_length(table, head))
        else:
            last = [f"{LAST}{plain(line)}" for line in state.log[-1:]]  # why it closed, often
            body = ["**Closed.** Open a new table with /play.", *last]
        lines = [head, *(line if cut is None else cut(line) for line in body if line)][:MAX_LINES]
        text = "\n".join(lines)
        length = len(text) + sum(text.count(mark) * (1 + len(name) - len(mark)) for mark, name in mentions)
        if length <= MAX_CHARACTERS:
            return lines
    if state.phase is Phase.PLAYING and lines[-1].startswith(LAST):
        room = MAX_CHARACTERS - (length - read_length(table, lines[-1]))
        cut_last = lines[-1][: max(0, room - 1)].rsplit(" ", 1)[0] + "…"
        lines[-1] = cut_last if room > len(LAST) + 20 else ""
    return [line for line in lines if line]


def short_names(table: Table, room: int) -> Callable[[str], str]:
    """What cuts every player name longer than `room` characters in a line to that many
    ("WWWWWWWWWWWWWWW…"), so a table of long names still reads in a few short lines. A
    member with such a name is named by the cut name in plain text where a line mentions
    them: Discord shows a mention whole, whatever its length. Shorter names, and mentions
    of members who bear them, stay as they are."""
    names = {seat.name: seat.user_id for seat in table.state.seats}
    if table.game is not None:
        for name in table.plugin.seat_names(table.game):
            names.setdefault(name, None)
    pairs: dict[str, str] = {}
    for name, user_id in names.items():
        if len(name) <= room:
            continue
        short = name[: room - 1].rstrip() + "…"
        pairs[plain(name)] = plain(short)
        if user_id is not None:
            pairs[f"<@{user_id}>"] = plain(short)
    order = sorted(pairs, key=len, reverse=True)  # a name inside a longer one goes after it

    def cut(line: str) -> str:
        for old in order:
            line = line.replace(old, pairs[old])
        return line

    return cut


def read_length(table: Table, text: str) -> int:
    """How many characters `text` shows a member: a mention reads as "@" and the member's
    name (a timestamp counts as its markup, longer than the "in 2 minutes" it shows)."""
    names = {seat.user_id: seat.name for seat in table.state.seats if seat.user_id is not None}
    return len(re.sub(r"<@(\d+)>", lambda found: "@" + names.get(int(found[1]), found[1]), text))


def lobby_lines(table: Table) -> list[str]:
    """Who's seated, then what's missing and the options (the lobby's status, `_status`)."""
    state = table.state
    seated = ", ".join(_seat_name(table, index) for index in range(len(state.seats))) or "nobody yet"
    return [f"Seated: {seated}", *_status(table, None).splitlines()]


def playing_lines(table: Table) -> list[str]:
    """A hand in play: the plug-in's summary (whose turn, what they decide, what's at
    stake), the timer of a pause, the bets open to onlookers, and the last thing that
    happened."""
    game = table.game
    assert game is not None
    view = table.view()
    lines = [line for text in table.plugin.summary(view, game) for line in text.splitlines()]
    lines = lines[:SUMMARY_LINES]
    pause = table.turn().pause
    if pause is not None and table.state.deadline is not None:
        lines.append(f"⏳ {pause.label} {discord.utils.format_dt(table.state.deadline, 'R')}.")
    if table.house_bets is not None:
        lines.append("Onlookers: press **Bet** to bet against the house.")
    log = table.state.log
    return [*lines, f"{LAST}{plain(log[-1])}" if log else ""]  # what happened last


def between_hands(table: Table, cut: Callable[[str], str] | None, used: int) -> list[str]:
    """Between hands: how the hand ended (`end_of_hand`), then that it is over and when the
    next one is dealt, each line through `cut` (`short_names`; None: names whole). The
    status always shows; the result's further reasons fill what room is left of `MAX_LINES`
    (the header takes one) and of `MAX_CHARACTERS` (the header takes `used`): all of them
    are in Details."""
    status = _status(table, None).splitlines()
    result, reasons = end_of_hand(table)
    if cut is not None:
        status, result, reasons = (
            [cut(x) for x in status],
            [cut(x) for x in result],
            [cut(x) for x in reasons],
        )
    if not result:
        return status
    room = max(0, MAX_LINES - 1 - len(result) - len(status))
    used += sum(1 + read_length(table, line) for line in [*result, *status])
    kept = []
    for reason in reasons[:room]:
        used += 1 + read_length(table, reason)
        if used > MAX_CHARACTERS:
            break
        kept.append(reason)
    return [result[0], *kept, *result[1:], *status]


def end_of_hand(table: Table) -> tuple[list[str], list[str]]:
    """How the hand that just ended came out, from the game's own result words
    (`GamePlugin.hand_result`): the headline (who won, how much, why), what carries over and
    each member's net; and apart, the further reasons (the scored items), shown as room
    allows. A table without a finished hand (a lobby again) has none."""
    game = table.game
    if game is None:
        return [], []
    result = table.plugin.hand_result(table.view(), game)
    if result is None:
        return [], []
    lines = [f"**{plain(result.headline)}**"]
    if result.carried:
        lines.append(plain(result.carried))
    nets = nets_line(result)
    if nets:
        lines.append(nets)
    return lines, [plain(line) for line in result.reasons]


def _seat_name(table: Table, index: int) -> str:
    seat = table.state.seats[index]
    host = " (host)" if seat.user_id == table.state.host_id else ""
    return f"🤖 {plain(seat.name)}" if seat.is_computer else f"{seat.mention}{host}"


# ------------------------------------------------------------------ the picture
def picture_description(table: Table) -> str:
    """The picture's alt text: what the drawn table shows, in words (what the game's
    fields listed under the old embed), within Discord's limit."""
    game = table.game
    if game is None:
        return ""
    embed = discord.Embed()
    table.plugin.table_fields(table.view(), game, embed)
    parts = [f"{field.name}: {field.value}" for field in embed.fields]
    text = f"The {table.plugin.name} table, hand {table.state.hand_no}. " + "; ".join(parts)
    # Alt text is read as typed: the markdown goes, the lines become one paragraph.
    text = re.sub(r"\s*\n\s*", " · ", re.sub(r"\*\*|`|__", "", text)).strip()
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1].rsplit(" ", 1)[0] + "…"


# ------------------------------------------------------------------ the message
def table_layout(
    table: Table, lines: list[str], picture: str | None, alt: str, buttons: discord.ui.View | None
) -> discord.ui.LayoutView:
    """The table message: in one container (its colour says the phase), the picture at
    `picture` (an attachment's URL; None: none yet) described by `alt`, the lines, then the
    buttons of `buttons` (`table_view`) row by row as it lays them out, with Log (once
    there is a log) and Details on the last row, or a row of their own if it is full. A
    closed table (no buttons) has none at all."""
    layout = discord.ui.LayoutView(timeout=None)
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=COLOURS[table.state.phase]
    )
    if picture is not None:
        item = discord.MediaGalleryItem(picture, description=alt or None)
        container.add_item(discord.ui.MediaGallery(item))
    container.add_item(discord.ui.TextDisplay("\n".join(lines)))
    if buttons is not None:
        drawn = {item.custom_id: item for item in buttons.children if isinstance(item, discord.ui.Button)}
        rows: list[list[UIButton]] = [
            [
                discord.ui.Button(
                    label=old.label,
                    style=old.style,
                    custom_id=old.custom_id,
                    disabled=old.disabled,
                    emoji=old.emoji,
                )
                for part in row["components"]
                if (old := drawn.get(str(part.get("custom_id")))) is not None
            ]
            for row in buttons.to_components()
        ]
        grey = discord.ButtonStyle.secondary
        shows: list[UIButton] = [
            discord.ui.Button(
                label=label, style=grey, custom_id=TABLE_MOVE(table=table.id, version=table.version, key=key)
            )
            for key, label in ((LOG, "Log"), (DETAILS, "Details"))
            if key != LOG or table.state.log
        ]
        if rows and len(rows[-1]) + len(shows) <= ROW_SIZE:
            rows[-1].extend(shows)
        else:
            rows.append(shows)
        for row in rows:
            if row:
                container.add_item(discord.ui.ActionRow(*row))
    layout.add_item(container)
    layout.stop()  # the router answers its buttons by custom id (see `bot.components.rendered`)
    return layout


# ------------------------------------------------------- the ephemeral answers
def log_embed(table: Table) -> discord.Embed:
    """The Log button's answer: the table log, the newest lines that fit."""
    state = table.state
    title = f"{table.plugin.name} · table #{table.id} · log"
    text = log_text(state.log, DESCRIPTION_LIMIT) if state.log else "Nothing has happened at this table yet."
    return discord.Embed(title=title, description=text, colour=COLOURS[state.phase])


def details_embed(table: Table) -> discord.Embed:
    """The Details button's answer: the table as the old table message showed it, less
    its log (the Log button's) — the game's own fields, the seats in detail (who, stacks,
    computer levels), the options, the bets and side bets, the fairness line — all public."""
    _, embed = render_table(table)
    for index, field in reversed(list(enumerate(embed.fields))):
        if field.name == "Table log":
            embed.remove_field(index)
    if table.state.phase is Phase.PLAYING:  # the frame shows its seats only between hands
        embed.add_field(name="Seats", value=_seat_lines(table) or "Nobody.", inline=False)
    options = table.plugin.describe_options(table.options, table.state.stake)
    if options and table.state.phase is not Phase.LOBBY:  # the lobby's status says them
        embed.add_field(name="Options", value=f"{options}.", inline=False)
    return embed
