"""Records: `/history` and the **Replay** buttons (issue 24). Everything it shows is
ephemeral; what it shows is laid out in `bot.history`, and a replay's steps are rebuilt and
drawn in the drawing workers (`bot.replay.frame`)."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ridotto, reply
from bot.components import HISTORY_PAGE, REPLAY
from bot.games import BOARDS
from bot.history import IN_PLAY, NO_HISTORY, NOT_KEPT, PAGE, page_layout, replay_layout, target
from bot.i18n import english, reader
from bot.replay import frame, last_step, viewer_seat
from bot.tables import TableError

#: seconds a replay's step may take to draw before the click is answered "thinking" (Discord
#: gives an interaction three seconds; a long hand on a busy drawing worker may need more)
DRAW_WAIT = 2.0

GAME_CHOICES = [app_commands.Choice(name=english(name), value=board) for board, name in BOARDS.items()]


class History(commands.Cog):
    """Finished hands, and their replays."""

    def __init__(self, bot: Ridotto) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.router.on(REPLAY, self.on_replay)
        self.bot.router.on(HISTORY_PAGE, self.on_page)

    async def cog_unload(self) -> None:
        self.bot.router.off(self.on_replay)
        self.bot.router.off(self.on_page)

    @app_commands.command()
    @app_commands.guild_only()
    @app_commands.describe(
        member="Whose hands to list (the whole server's if left out)", game="Only this game's hands"
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def history(
        self, interaction: discord.Interaction, member: discord.Member | None = None, game: str | None = None
    ) -> None:
        """The last hands a member played (or the server's), each with a step-by-step replay."""
        if member is not None and member.bot:
            await reply(interaction, NO_HISTORY)
            return
        layout = await self._page(interaction, member.id if member is not None else 0, game or "", 0)
        await interaction.response.send_message(view=layout, ephemeral=True)

    async def on_page(
        self, interaction: discord.Interaction, values: list[str], *, user: int, page: int, board: str
    ) -> None:
        """Newer or Older under a page of /history: that page, in place."""
        layout = await self._page(interaction, user, board, page)
        await interaction.response.edit_message(view=layout)

    async def _page(
        self, interaction: discord.Interaction, user: int, board: str, page: int
    ) -> discord.ui.LayoutView:
        assert interaction.guild_id is not None
        found = await self.bot.store.history(
            interaction.guild_id,
            user_id=user or None,
            board=board or None,
            limit=PAGE + 1,  # one more than shown: whether an older page follows
            offset=page * PAGE,
        )
        return page_layout(
            found[:PAGE],
            user_id=user,
            board=board,
            page=page,
            more=len(found) > PAGE,
            say=reader(interaction),
        )

    async def on_replay(
        self,
        interaction: discord.Interaction,
        values: list[str],
        *,
        table: int,
        hand: int,
        go: str,
        step: int,
    ) -> None:
        """A Replay button (on /history, the table message) opens a replay; ⏮ ◀ ▶ ⏭ on a
        replay move it, in place. Whoever presses it sees the hand as they could have: the
        public table, and their own cards if they were dealt in."""
        record = await self.bot.store.hand_record(table, hand)
        if record is None or record.guild_id != interaction.guild_id:
            raise TableError(NOT_KEPT)
        if record.status != "finished":
            raise TableError(IN_PLAY)
        seat = viewer_seat(record, interaction.user.id)
        shown = target(go, step, last_step(record))
        fresh = go in ("start", "end")  # a new replay (from a list, the table message), or a step of one
        say = reader(interaction)  # a replay is its viewer's: in their language
        key = ("replay", table, hand, shown, seat, say.code)
        drawing = asyncio.ensure_future(
            self.bot.display.pictures.job(key, frame, record, shown, seat, say.code)
        )
        try:
            drawn = await asyncio.wait_for(asyncio.shield(drawing), DRAW_WAIT)
        except TimeoutError:  # a long hand on a busy drawing worker: answer Discord in time first
            await interaction.response.defer(ephemeral=fresh, thinking=fresh)
            drawn = await drawing
        if drawn.problem is not None:
            raise TableError(drawn.problem)
        layout, files = replay_layout(record, drawn, seat, say)
        if not interaction.response.is_done():
            if fresh:
                await interaction.response.send_message(view=layout, files=files, ephemeral=True)
            else:
                await interaction.response.edit_message(view=layout, attachments=files)
        elif fresh:
            await interaction.followup.send(view=layout, files=files, ephemeral=True)
        else:
            await interaction.edit_original_response(view=layout, attachments=files)


async def setup(bot: Ridotto) -> None:
    await bot.add_cog(History(bot))
