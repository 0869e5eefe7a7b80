"""The public table message in Discord's component layout (Components V2), sized for a
phone: the picture first (its description says what it shows, for screen readers and
clients that hide images), then at most `MAX_LINES` short lines (the game and stake, whose
turn and what they decide, what is at stake, what happened last), then the buttons. The
full log and the table in detail are one click away, each in an ephemeral answer: **Log**
(`log_embed`) and **Details** (`details_embed`).

The whole message is laid out here (`table_layout`) from one `TableView`, the table read
once for it: its lines, its picture's description and its buttons. The lines come from the
plug-in (`GamePlugin.summary`) while a hand is in play; the frame (lobby, between hands,
closed) is the same for every game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeAlias

import discord

from bot.components import HINT, REPLAY, TABLE_MOVE
from bot.games import Plugin
from bot.games.base import SideOffers, TableMoves
from bot.games.results import nets_line
from bot.games.view import TableView
from bot.i18n import Lang, Text, t
from bot.render import (
    CLOSED,
    COLOURS,
    LOG_TITLE,
    _seat_lines,
    _status,
    final_standings,
    log_text,
    render_table,
)
from bot.tables import Phase, Table
from bot.tables.hints import hints_open
from bot.tables.ratings import seat_rating
from bot.ui import Control, plain
from engine.core.msg import Markup

UIButton: TypeAlias = discord.ui.Button[discord.ui.LayoutView]

#: the most lines of text the table message shows (the rest is behind Log and Details)
MAX_LINES = 6
#: the most characters those lines show a member (`read_length`): a phone's screen of text
MAX_CHARACTERS = 500
#: the characters of a player's name the lines show, the fewest the lines need to fit
#: (`short_names`): most names are shorter than any of these, and are shown whole
NAME_ROOMS = (16, 12, 8)
#: how the line saying what happened last reads
LAST = t("Last: {line}")
#: the most lines a plug-in's summary adds while a hand is in play
SUMMARY_LINES = 3
#: Discord's limit for a media item's description (the picture's alt text)
ALT_LIMIT = 1024
#: Discord's limit for an embed's description (the Log answer)
DESCRIPTION_LIMIT = 4096
#: the keys of the buttons that only show (they change nothing: any version answers)
LOG, DETAILS = "log", "details"
ROW_SIZE = 5  # buttons in one action row


def table_lines(table: Table, view: TableView | None = None) -> list[str]:
    """The short lines of the table message, at most `MAX_LINES` and `MAX_CHARACTERS` as a
    member reads them: the header, then what the phase needs (lobby: who's seated, what's
    missing, the options; in play: the plug-in's summary and the last thing that happened;
    between hands: the result and the next deal). Where they would run longer, players'
    names are cut to the first of `NAME_ROOMS` at which they fit (`short_names`), and if
    they still don't, what happened last is cut to fit (the Log button has it whole).
    `view`: the table read once for the message (None: read here)."""
    view = table.view() if view is None else view
    state, say = table.state, view.lang
    head = say(
        t(
            "**{game}** · table #{table} · stake {stake}",
            game=table.plugin.name,
            table=view.id,
            stake=view.stake,
        )
    )
    last = say(LAST, md=False).split("{line}")[0] if "{line}" in say(LAST, md=False) else ""
    names = {seat.name for seat in state.seats}
    if view.game is not None:
        names.update(table.plugin.seat_names(view.game))
    # A mention reads as the member's name: "<@123…>" as "@Ana".
    mentions = [(f"<@{seat.user_id}>", seat.name) for seat in state.seats if seat.user_id is not None]
    rooms = [0, *(room for room in NAME_ROOMS if any(len(name) > room for name in names))]
    for room in rooms:  # 0: every name whole
        cut = short_names(table, room) if room else None
        if view.phase is Phase.LOBBY:
            body = lobby_lines(table, say)
        elif view.phase is Phase.PLAYING:
            body = playing_lines(table, view)
        elif view.phase is Phase.BETWEEN:
            body = between_hands(table, view, cut, read_length(table, head))
        else:
            closed = [last_line(line, say) for line in view.log[-1:]]  # why it closed, often
            body = [say(CLOSED), *closed]
        lines = [head, *(line if cut is None else cut(line) for line in body if line)][:MAX_LINES]
        text = "\n".join(lines)
        length = len(text) + sum(text.count(mark) * (1 + len(name) - len(mark)) for mark, name in mentions)
        if length <= MAX_CHARACTERS:
            return lines
    if view.phase is Phase.PLAYING and last and lines[-1].startswith(last):
        room = MAX_CHARACTERS - (length - read_length(table, lines[-1]))
        cut_last = lines[-1][: max(0, room - 1)].rsplit(" ", 1)[0] + "…"
        lines[-1] = cut_last if room > len(last) + 20 else ""
    elif view.phase is Phase.BETWEEN and len(lines) > 1 and lines[1].startswith("**"):
        # The result's headline, cut to fit inside its bold (Details and Log have it whole).
        room = MAX_CHARACTERS - (length - read_length(table, lines[1])) - len("…****")
        lines[1] = "**" + lines[1].strip("*")[: max(0, room)].rsplit(" ", 1)[0] + "…**"
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


def last_line(line: Text, say: Lang) -> str:
    """The line saying what happened last: "Last: " and the log's newest line."""
    shown = plain(line) if isinstance(line, str) else say(line)  # as `bot.render.log_line`, inline
    return say(LAST, md=False).replace("{line}", shown, 1)


def lobby_lines(table: Table, say: Lang | None = None) -> list[str]:
    """Who's seated, then what's missing and the options (the lobby's status, `_status`)."""
    state = table.state
    say = table.lang if say is None else say
    seated = ", ".join(_seat_name(table, index, say) for index in range(len(state.seats))) or say(
        t("nobody yet")
    )
    return [say(t("Seated: {seated}", seated=Markup(seated))), *_status(table, None, say).splitlines()]


def playing_lines(table: Table, view: TableView) -> list[str]:
    """A hand in play: the plug-in's summary (whose turn, what they decide, what's at
    stake), the timer of a pause, the bets open to onlookers, and the last thing that
    happened."""
    game = view.game
    assert game is not None
    lines = [line for text in table.plugin.summary(view, game) for line in text.splitlines()]
    lines = lines[:SUMMARY_LINES]
    say = view.lang
    pause = table.turn().pause
    if pause is not None and view.deadline is not None:
        lines.append(f"⏳ {say(pause.label)} {discord.utils.format_dt(view.deadline, 'R')}.")
    if view.bets_open:
        lines.append(say(t("Onlookers: press **Bet** to bet against the house.")))
    log = view.log
    return [*lines, last_line(log[-1], say) if log else ""]  # what happened last


def between_hands(
    table: Table, view: TableView | None, cut: Callable[[str], str] | None, used: int
) -> list[str]:
    """Between hands: how the hand ended (`end_of_hand`), then that it is over and when the
    next one is dealt, each line through `cut` (`short_names`; None: names whole). The
    status always shows; the result's further reasons fill what room is left of `MAX_LINES`
    (the header takes one) and of `MAX_CHARACTERS` (the header takes `used`): all of them
    are in Details. When the hand ended a score game, the game's final standings and the
    members' rating changes take the place of what the hand carried over (`final_standings`)."""
    say = view.lang if view is not None else table.lang
    status = _status(table, None, say).splitlines()
    result, reasons = end_of_hand(table, view)
    if result and table.game_over:
        nets = say(t("Nets: {nets}", nets=Markup(""))).rstrip()
        result = [
            result[0],
            *final_standings(table, say),
            *(line for line in result[1:] if line.startswith(nets)),
        ]
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


def end_of_hand(table: Table, view: TableView | None = None) -> tuple[list[str], list[str]]:
    """How the hand that just ended came out, from the game's own result words
    (`GamePlugin.hand_result`): the headline (who won, how much, why), what carries over and
    each member's net; and apart, the further reasons (the scored items), shown as room
    allows. A table without a finished hand (a lobby again) has none."""
    game = table.game
    if game is None:
        return [], []
    view = table.view() if view is None else view
    result = table.plugin.hand_result(view, game)
    if result is None:
        return [], []
    lines = [f"**{plain(result.headline)}**"]
    if result.carried:
        lines.append(plain(result.carried))
    nets = nets_line(result, view.lang)
    if nets:
        lines.append(nets)
    return lines, [plain(line) for line in result.reasons]


def _seat_name(table: Table, index: int, say: Lang) -> str:
    seat = table.state.seats[index]
    rating = seat_rating(table, seat)
    rated = say(t(" rated {n}", n=rating)) if rating is not None else ""
    if seat.is_computer:
        return f"🤖 {plain(seat.name)}{rated}"
    if seat.user_id == table.state.host_id:
        return say(t("{member} (host)", member=Markup(seat.mention))) + rated
    return f"{seat.mention}{rated}"


# ------------------------------------------------------------------ the picture
def picture_description(table: Table, view: TableView | None = None) -> str:
    """The picture's alt text: what the drawn table shows, in words (what the game's
    fields listed under the old embed), within Discord's limit. `view`: the table read
    once for the message (None: read here)."""
    view = table.view() if view is None else view
    return "" if view.game is None else describe_table(table.plugin, view, view.game)


def describe_table(plugin: Plugin, view: TableView, game: Any) -> str:
    """What the drawn table of `view` shows, in words, from the game's public fields: the
    table message's picture, and a replay's (`bot.replay`)."""
    embed = discord.Embed()
    plugin.table_fields(view, game, embed)
    parts = [f"{field.name}: {field.value}" for field in embed.fields]
    text = view.lang(t("The {game} table, hand {n}.", game=plugin.name, n=view.hand_no), md=False)
    text += " " + "; ".join(parts)
    # Alt text is read as typed: the markdown goes, the lines become one paragraph.
    text = re.sub(r"\s*\n\s*", " · ", re.sub(r"\*\*|`|__", "", text)).strip()
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1].rsplit(" ", 1)[0] + "…"


# ------------------------------------------------------------------ the message
def offers_open(table: Table, view: TableView) -> bool:
    """Whether anyone (an onlooker, or a player of the hand) may offer a side bet now."""
    game = view.game
    if game is None or view.phase is not Phase.PLAYING or game.outcome is not None:
        return False
    sides = table.plugin.capability(SideOffers)
    if sides is None:
        return False
    seats = [None, *range(len(view.hand_seats))]
    return any(sides.choices(game, view.options, seat) for seat in seats)


def table_buttons(table: Table, view: TableView | None = None) -> list[Control] | None:
    """The buttons under the table message (row 0, then row 1), from what the table allows
    now (`view`: the table read once for the message; None: read here). None: a closed
    table, which has none."""
    view = table.view() if view is None else view
    if view.phase is Phase.CLOSED:
        return None
    grey, green, red, blue = (
        discord.ButtonStyle.secondary,
        discord.ButtonStyle.success,
        discord.ButtonStyle.danger,
        discord.ButtonStyle.primary,
    )
    if view.phase is Phase.PLAYING:
        buttons: list[Control] = []
        if table.plugin.private_hands:
            buttons.append(Control("hand", t("Your hand"), blue))
        public = table.plugin.capability(TableMoves)
        if public is not None and view.game is not None:
            # The moves of every seat the hand waits on, each key once: the buttons are the
            # same for everyone, and the service checks who presses them.
            game = view.game
            moves = {move.key: move for seat in game.awaiting for move in public.moves(game, seat)}
            for move in moves.values():
                buttons.append(Control(move.key, move.label, red if move.danger else green))
            if moves and table.state.hints and hints_open(table):  # the moves are here: their hint too
                buttons.append(Control(HINT, HINT_LABEL, grey))
        if view.bets_open:
            buttons.append(Control("bet", t("Bet"), blue, row=1))
        if offers_open(table, view):
            buttons.append(Control("offer", t("Side bet"), blue, row=1))
        buttons.append(Control("leave", t("Leave after this hand"), grey, row=1))
        return buttons
    low, high = table.seat_range
    full = len(view.seats) >= high
    lobby = view.phase is Phase.LOBBY
    return [
        Control("join", t("Join"), green, disabled=full),
        Control("leave", t("Leave"), grey),
        Control("bot", t("Add bot"), grey, disabled=full),
        Control(
            "start",
            t("Start") if lobby else t("New game") if table.game_over else t("Deal next hand"),
            blue,
            disabled=not low <= len(view.seats) <= high,
        ),
        Control("cancel", t("Cancel") if lobby else t("Close table"), red),
        Control("rules", t("Rules"), grey, row=1),
    ]


HINT_LABEL = t("💡 Hint")


def table_layout(table: Table, view: TableView, picture: str | None) -> discord.ui.LayoutView:
    """The table message, laid out from `view` (the table read once for it): in one
    container (its colour says the phase), the picture at `picture` (an attachment's URL;
    None: none yet) described in words (`picture_description`), the lines
    (`table_lines`), then the buttons (`table_buttons`) row by row, with Log (once there is
    a log), Details and the last hand's Replay (`last_hand`) on the last row, or a row of
    their own if it is full. A closed table
    (no buttons) has none at all."""
    buttons = table_buttons(table, view)  # which buttons, first: they are drawn last
    replay = last_hand(view) if buttons is not None else None
    layout = discord.ui.LayoutView(timeout=None)
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=COLOURS[view.phase]
    )
    if picture is not None:
        item = discord.MediaGalleryItem(picture, description=picture_description(table, view) or None)
        container.add_item(discord.ui.MediaGallery(item))
    container.add_item(discord.ui.TextDisplay("\n".join(table_lines(table, view))))
    if buttons is not None:
        rows: list[list[Control]] = []
        for row in sorted({button.row for button in buttons}):
            in_row = [button for button in buttons if button.row == row]
            rows += [in_row[start : start + ROW_SIZE] for start in range(0, len(in_row), ROW_SIZE)]
        shows = [
            Control(key, label)
            for key, label in ((LOG, t("Log")), (DETAILS, t("Details")))
            if key != LOG or view.log
        ]
        if rows and len(rows[-1]) + len(shows) <= ROW_SIZE:
            rows[-1] += shows
        else:
            rows.append(shows)
        drawn: list[list[UIButton]] = [
            [
                discord.ui.Button(
                    label=view.lang(control.label, md=False),
                    style=control.style,
                    custom_id=TABLE_MOVE(table=view.id, version=view.version, key=control.key),
                    disabled=control.disabled,
                )
                for control in controls
            ]
            for controls in rows
        ]
        if replay is not None:  # beside Log and Details, or under them
            if len(drawn[-1]) < ROW_SIZE:
                drawn[-1].append(replay)
            else:
                drawn.append([replay])
        for row_of in drawn:
            container.add_item(discord.ui.ActionRow(*row_of))
    layout.add_item(container)
    layout.stop()  # the router answers its buttons by custom id (see `bot.components.rendered`)
    return layout


def last_hand(view: TableView) -> UIButton | None:
    """The last hand's replay, one click from the table (issue 24): **Replay** under its
    result between hands, **Last hand** during the next; it opens at the hand's end. None
    before the first hand has ended."""
    playing = view.phase is Phase.PLAYING
    last = view.hand_no - 1 if playing else view.hand_no if view.game is not None else 0
    if last < 1:
        return None
    custom = REPLAY(table=view.id, hand=last, go="end", step=0)
    label = view.lang(t("Last hand") if playing else t("Replay"), md=False)
    return discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom)


# ------------------------------------------------------- the ephemeral answers
def log_embed(table: Table, say: Lang | None = None) -> discord.Embed:
    """The Log button's answer: the table log, the newest lines that fit, in `say`'s
    language (the member who pressed it), by default the table's."""
    state = table.state
    say = table.lang if say is None else say
    title = say(t("{game} · table #{table} · log", game=table.plugin.name, table=table.id), md=False)
    if state.log:
        text = log_text(state.log, DESCRIPTION_LIMIT, say)
    else:
        text = say(t("Nothing has happened at this table yet."))
    return discord.Embed(title=title, description=text, colour=COLOURS[state.phase])


def details_embed(table: Table, say: Lang | None = None) -> discord.Embed:
    """The Details button's answer: the table as the old table message showed it, less
    its log (the Log button's) — the game's own fields, the seats in detail (who, stacks,
    computer levels), the options, the bets and side bets, the fairness line — all public;
    in `say`'s language (the member who pressed it), by default the table's."""
    say = table.lang if say is None else say
    _, embed = render_table(table, say)
    log_title = say(LOG_TITLE)
    for index, field in reversed(list(enumerate(embed.fields))):
        if field.name == log_title:
            embed.remove_field(index)
    if table.state.phase is Phase.PLAYING:  # the frame shows its seats only between hands
        embed.add_field(
            name=say(t("Seats")), value=_seat_lines(table, say) or say(t("Nobody.")), inline=False
        )
    options = table.plugin.describe_options(table.options, table.state.stake)
    if options and table.state.phase is not Phase.LOBBY:  # the lobby's status says them
        embed.add_field(name=say(t("Options")), value=f"{say(options)}.", inline=False)
    return embed
