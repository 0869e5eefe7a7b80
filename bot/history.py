"""What `/history` and a replay show (issue 24), laid out for Discord; the cog sends them.

`/history` lists finished hands, newest first — a member's, with their net, and the score
games they finished, or the server's — one short entry each (when, which game and table,
the result in the game's words), each with a **Replay** button; older entries are a page
away. A replay shows one step of a kept hand at a time: the public table drawn as it stood,
the viewer's own cards beside it if they were dealt in, what happened, and ⏮ ◀ ▶ ⏭. All of
it is ephemeral, and every name a member chose is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

import discord

from bot.components import HISTORY_PAGE, REPLAY
from bot.games import BOARDS, GAMES
from bot.games.results import nets_line, signed
from bot.i18n import Lang, Markup, lang, t
from bot.replay import Frame, kept_result
from bot.store.contract import HandRecord, HistoryEntry
from bot.tables.records import read_line
from bot.ui import plain

ENGLISH = lang("en")

UIButton: TypeAlias = discord.ui.Button[discord.ui.LayoutView]

#: entries on one page of /history (each is a section with its button: Discord allows a
#: message 40 components, and a page of these stays well inside it)
PAGE = 8
#: the longest result line an entry shows (the replay shows it whole)
HEADLINE = 160

NOT_KEPT = t(
    "That hand wasn't kept, so there is no replay of it (hands are kept since records began, "
    "and only on the server that played them)."
)
IN_PLAY = t("That hand is still being played: its replay opens once it has ended.")
NO_HISTORY = t("Computer players and bots keep no history.")


def page_layout(
    entries: Sequence[HistoryEntry], *, user_id: int, board: str, page: int, more: bool, say: Lang = ENGLISH
) -> discord.ui.LayoutView:
    """One page of history: `user_id`'s (0: the server's) in `board` ("": every game); `more`:
    an older page follows. In `say`'s language (the member who asked)."""
    layout = discord.ui.LayoutView(timeout=None)
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=discord.Colour.dark_teal()
    )
    member = Markup(f"<@{user_id}>")
    if board in BOARDS:
        whose = (
            t("{member}'s last hands of {game}", member=member, game=BOARDS[board])
            if user_id
            else t("The server's recent hands of {game}", game=BOARDS[board])
        )
    else:
        whose = t("{member}'s last hands", member=member) if user_id else t("The server's recent hands")
    header = f"**{say(whose)}**" + (say(t(" · page {n}", n=page + 1)) if page or more else "")
    container.add_item(discord.ui.TextDisplay(header))
    if not entries:
        empty = t("Nothing here yet.") if page else t("No finished hands yet — open a table with /play.")
        container.add_item(discord.ui.TextDisplay(say(empty)))
    for entry in entries:
        go = "end" if entry.kind == "game" else "start"
        button: UIButton = discord.ui.Button(
            label=say(t("Replay"), md=False),
            style=discord.ButtonStyle.primary,
            custom_id=REPLAY(table=entry.table_id, hand=entry.hand_no, go=go, step=0),
        )
        container.add_item(
            discord.ui.Section(entry_text(entry, member=bool(user_id), say=say), accessory=button)
        )
    if page or more:
        grey = discord.ButtonStyle.secondary
        newer: UIButton = discord.ui.Button(
            label=say(t("◀ Newer"), md=False),
            style=grey,
            custom_id=HISTORY_PAGE(user=user_id, page=max(page - 1, 0), board=board),
            disabled=page == 0,
        )
        older: UIButton = discord.ui.Button(
            label=say(t("Older ▶"), md=False),
            style=grey,
            custom_id=HISTORY_PAGE(user=user_id, page=page + 1, board=board),
            disabled=not more,
        )
        container.add_item(discord.ui.ActionRow(newer, older))
    layout.add_item(container)
    layout.stop()  # the router answers its buttons by custom id (`bot.components.rendered`)
    return layout


def entry_text(entry: HistoryEntry, *, member: bool, say: Lang = ENGLISH) -> str:
    """An entry in two lines: what, where and when; then the result and (a member's) net."""
    plugin = GAMES.get(entry.game)
    name = BOARDS.get(entry.board) or (plugin.name if plugin is not None else entry.game)
    when = Markup(discord.utils.format_dt(entry.finished_at, "R"))
    where = t(
        "table #{table} in {channel}",
        table=Markup(str(entry.table_id)),
        channel=Markup(f"<#{entry.channel_id}>"),
    )
    said = kept_result(entry.result)
    if entry.kind == "game":
        head = say(
            t(
                "🏆 **{game} game over** at hand {hand} · {where} · {when}",
                game=name,
                hand=entry.hand_no,
                where=where,
                when=when,
            )
        )
        game_line = read_line(entry.result.get("game"))
        words = say(game_line, md=False) if game_line else said.headline
    else:
        head = say(
            t(
                "**Hand {hand}** · {game} · {where} · {when}",
                hand=entry.hand_no,
                game=name,
                where=where,
                when=when,
            )
        )
        words = said.headline
    words = plain(_cut(words))
    if member:
        net = (
            t("no chips moved")
            if entry.net is None
            else t("your net **{net}**", net=Markup(signed(entry.net, say)))
        )
        return f"{head}\n{words} · {say(net)}"
    nets = nets_line(said, say)
    return f"{head}\n{words}" + (f" · {nets}" if nets else "")


def _cut(text: str) -> str:
    return text if len(text) <= HEADLINE else text[: HEADLINE - 1].rsplit(" ", 1)[0] + "…"


def replay_layout(
    record: HandRecord, shown: Frame, seat: int | None, say: Lang = ENGLISH
) -> tuple[discord.ui.LayoutView, list[discord.File]]:
    """A replay's step as its viewer sees it (`shown`, drawn by `bot.replay.frame`), with its
    files; the viewer was dealt into engine seat `seat` (None: they were not)."""
    plugin = GAMES[record.game]
    layout = discord.ui.LayoutView(timeout=None)
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=discord.Colour.dark_teal()
    )
    files: list[discord.File] = []
    items = []
    for picture, alt in ((shown.table, shown.table_alt), (shown.hand, shown.hand_alt)):
        if picture is not None:
            files.append(picture.file())
            items.append(discord.MediaGalleryItem(picture.url, description=alt or None))
    if items:
        container.add_item(discord.ui.MediaGallery(*items))
    where = t("the deal") if shown.step == 0 else t("move {step} of {last}", step=shown.step, last=shown.last)
    if shown.step == shown.last:
        where = t("{where} · the end", where=where)
    lines = [
        say(
            t(
                "**Replay** · {game} · table #{table} · hand {hand} · {where}",
                game=plugin.name,
                table=Markup(str(record.table_id)),
                hand=record.hand_no,
                where=where,
            )
        )
    ]
    names = [str(player.get("name", "")) for player in record.seating.get("seats", ())]
    if seat is not None and seat < len(names):
        lines.append(
            say(t("You were dealt in as {player}: your own cards are beside the table.", player=names[seat]))
        )
    else:
        lines.append(say(t("You weren't dealt in: you see what everyone at the table saw.")))
    lines += shown.lines
    container.add_item(discord.ui.TextDisplay(_fit("\n".join(lines))))
    buttons: list[UIButton] = []
    for go, label, blocked in (
        ("first", "⏮", shown.step == 0),
        ("back", "◀", shown.step == 0),
        ("next", "▶", shown.step == shown.last),
        ("last", "⏭", shown.step == shown.last),
    ):
        custom = REPLAY(table=record.table_id, hand=record.hand_no, go=go, step=shown.step)
        buttons.append(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=custom, disabled=blocked
            )
        )
    container.add_item(discord.ui.ActionRow(*buttons))
    layout.add_item(container)
    layout.stop()
    return layout, files


#: Discord's limit for a message's text displays together
TEXT_LIMIT = 4000


def _fit(text: str) -> str:
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1].rsplit("\n", 1)[0] + "\n…"


def target(go: str, step: int, last: int) -> int:
    """The step a replay button leads to, from the step its replay showed."""
    wanted = {"start": 0, "first": 0, "back": step - 1, "next": step + 1}.get(go, last)
    return max(0, min(wanted, last))
