"""`python -m bot sandbox` without a browser: what it refuses to start with, where it binds
and which database it writes, and that a member's page never carries another member's
private messages, read where the browser reads them (the page's HTTP endpoints).

The room runs on the wall clock, as a person plays it, so the tests here that play wait on
the room's own signal that it moved (`Live.moved`), each under a bound."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp
import psutil
import pytest

from bot.config import Settings
from bot.sandbox import front
from bot.sandbox.config import (
    GUILD_ID,
    HOST,
    Refused,
    SandboxConfig,
    SandboxSettings,
    sandbox_config,
)
from bot.sandbox.room import Sandbox
from bot.storage import Store
from bot.tables import Phase, Table
from tests.helpers.room import buttons, text_lines

ROOT = Path(__file__).resolve().parents[2]
#: the settings of the machine running the tests that would change what is tested here
SETTINGS = ("DISCORD_TOKEN", "DATABASE_URL", "DATABASE_PATH", "SANDBOX_PORT", "SANDBOX_DATABASE", "LOG_LEVEL")
#: how long a room may take to move on its own before a test says it did not
BOUND = 30


def production(tmp_path: Path, **settings: Any) -> Settings:
    """The settings as the bot would read them on this machine: its database in tmp_path."""
    return Settings(**({"discord_token": None, "database_path": tmp_path / "ridotto.db"} | settings))


def own(tmp_path: Path, database: Path | None = None) -> SandboxSettings:
    return SandboxSettings(sandbox_port=0, sandbox_database=database or tmp_path / "sandbox.db")


def refusal(tmp_path: Path, bot: Settings, sandbox: SandboxSettings) -> str:
    with pytest.raises(Refused) as refused:
        sandbox_config(bot, sandbox)
    sentence = str(refused.value)
    assert sentence.count(". ") == 0 and sentence.endswith("."), sentence  # one sentence
    return sentence


# ----------------------------------------------------------------------------- refusals
def test_a_token_means_the_real_bot_so_the_sandbox_says_which_mode_it_is_and_stops(tmp_path: Path) -> None:
    sentence = refusal(tmp_path, production(tmp_path, discord_token="a-real-token"), own(tmp_path))
    assert sentence.startswith("This is the sandbox (python -m bot sandbox)")
    assert "DISCORD_TOKEN is set" in sentence
    assert "unset it" in sentence and "python -m bot to run the bot on Discord" in sentence
    assert "a-real-token" not in sentence


def test_the_sandbox_database_is_never_the_one_database_path_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    bot = Settings(discord_token=None, database_path=Path("data/ridotto.db"))
    # However it is spelled: the same path absolute, or through a link to its folder.
    (tmp_path / "data").mkdir()
    (tmp_path / "elsewhere").symlink_to(tmp_path / "data")
    for spelling in (Path("data/ridotto.db"), tmp_path / "data" / "ridotto.db", Path("elsewhere/ridotto.db")):
        sentence = refusal(tmp_path, bot, own(tmp_path, spelling))
        assert f"SANDBOX_DATABASE ({spelling}) is the production database" in sentence


def test_nor_the_file_database_url_names(tmp_path: Path) -> None:
    prod = tmp_path / "prod.db"
    bot = Settings(discord_token=None, database_url=f"sqlite:///{prod}", database_path=tmp_path / "other.db")
    sentence = refusal(tmp_path, bot, own(tmp_path, prod))
    assert "is the production database" in sentence and "DATABASE_URL" in sentence


async def test_nor_a_file_that_holds_another_servers_room(tmp_path: Path) -> None:
    copy = tmp_path / "copy-of-production.db"
    store = await Store.open(copy)
    try:
        await store.balance(1234, 5678)  # a member of server 1234 gets a bankroll
    finally:
        await store.close()
    sentence = refusal(tmp_path, production(tmp_path), own(tmp_path, copy))
    assert "holds another server's room (server 1234)" in sentence


def test_nor_a_file_that_is_not_a_database_or_is_another_programs(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database " * 100)
    assert "is not an SQLite database" in refusal(tmp_path, production(tmp_path), own(tmp_path, notes))
    other = tmp_path / "other.db"
    connection = sqlite3.connect(other)
    connection.execute("CREATE TABLE accounts (id INTEGER)")
    connection.commit()
    connection.close()
    assert "another program's database" in refusal(tmp_path, production(tmp_path), own(tmp_path, other))


def test_everything_else_the_bot_would_connect_with_is_set_to_the_sandbox(tmp_path: Path) -> None:
    bot = Settings(
        discord_token=None,
        database_url="postgresql://ridotto:secret@db.example/ridotto",
        shard_count=8,
        cluster_index=1,
        cluster_count=2,
        dev_guild_id=42,
        sync_commands=False,
        computer_delay=0.7,
    )
    config = sandbox_config(bot, own(tmp_path))
    assert config.database == tmp_path / "sandbox.db"
    assert config.bot.database().kind == "sqlite" and config.bot.database().path == config.database
    assert config.bot.discord_token is None and config.bot.dev_guild_id is None
    assert (config.bot.shards.count, config.bot.shards.ids, config.bot.syncs_commands) == (1, None, True)
    assert config.bot.computer_delay == 0.7  # the rest as the bot reads it
    assert config.port == 0


def clean_environment(tmp_path: Path, **settings: str) -> dict[str, str]:
    environment = {key: value for key, value in os.environ.items() if key not in SETTINGS}
    room = str(tmp_path / "sandbox.db")
    return environment | {"PYTHONPATH": str(ROOT), "SANDBOX_DATABASE": room, **settings}


def test_the_command_refuses_a_token_in_one_sentence_and_creates_nothing(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-the-dot-env\n")
    result = subprocess.run(
        [sys.executable, "-m", "bot", "sandbox"],
        cwd=tmp_path,
        env=clean_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("This is the sandbox (python -m bot sandbox)")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "from-the-dot-env" not in result.stderr + result.stdout
    assert sorted(path.name for path in tmp_path.iterdir()) == [".env"]  # no database was made


def test_a_port_taken_is_one_sentence(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "bot", "sandbox", "--port", str(port)],
            cwd=tmp_path,
            env=clean_environment(tmp_path, LOG_LEVEL="ERROR", WORKERS="0"),
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 2, result.stderr
    assert result.stderr.endswith(
        f"Port {port} on 127.0.0.1 is taken (another sandbox?): stop that, or start"
        " with --port N (0 takes any free port).\n"
    )
    assert "Traceback" not in result.stderr


# ------------------------------------------------------------------- the room, in process
@pytest.fixture
def config(tmp_path: Path) -> SandboxConfig:
    # Short pauses (the production ones would make these tests slow); WORKERS=0: computed in
    # this process, as the other tests' bots do.
    bot = production(tmp_path, computer_delay=0.05, pass_delay=0.05, workers=0)
    return sandbox_config(bot, own(tmp_path))


@pytest.fixture
async def room(config: SandboxConfig) -> AsyncIterator[Sandbox]:
    # The members' clicks come from here, through SimCord, each waiting for the bot to
    # settle: with a test's bound on that, not the page's (a busy machine is slow to settle).
    async with Sandbox(config, settle=BOUND) as running:
        yield running


async def test_the_page_is_served_on_loopback_only_and_the_room_is_kept_in_its_own_file(
    room: Sandbox, config: SandboxConfig, tmp_path: Path
) -> None:
    assert room.url.startswith(f"http://{HOST}:")
    listening = [
        c.laddr for c in psutil.Process().net_connections(kind="tcp") if c.status == psutil.CONN_LISTEN
    ]
    assert listening and all(address.ip == HOST for address in listening), listening
    port = int(room.url.split(":")[2].split("/")[0])
    assert port in {address.port for address in listening}
    # The bot's store is the sandbox's file, which now holds the sandbox's server alone.
    ada = room.members[0]
    await ada.slash(room.channel, "balance")
    assert type(room.bot.store).__name__ == "Store"
    assert config.database.exists() and not (tmp_path / "ridotto.db").exists()
    connection = sqlite3.connect(config.database)
    try:
        assert {g for (g,) in connection.execute("SELECT DISTINCT guild_id FROM members")} == {GUILD_ID}
    finally:
        connection.close()


def table_message(room: Sandbox, table: Table) -> Any:
    return next(m for m in room.channel.history() if m.id == table.state.message_id)


class Page:
    """A page of the sandbox as the browser reads it: SimCord's preview over HTTP, with the
    page's secret, opened for one member."""

    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        self.http = http
        self.origin, _, self.secret = url.partition("/#")
        self.context = ""

    async def open(self, member_id: int) -> dict[str, Any]:
        async with self.http.post(
            f"{self.origin}/api/pages",
            json={"viewer_id": str(member_id)},
            headers={"X-Simcord-Capability": self.secret},
        ) as answer:
            assert answer.status == 200
            state: dict[str, Any] = await answer.json()
        self.context = state["context"]["id"]
        return state

    async def state(self) -> dict[str, Any]:
        headers = {"X-Simcord-Capability": self.secret, "X-Simcord-Context": self.context}
        async with self.http.get(f"{self.origin}/api/state", headers=headers) as answer:
            assert answer.status == 200
            state: dict[str, Any] = await answer.json()
        return state


def secrets_of(panel: Any) -> list[str]:
    """What a hand panel shows of its owner's hand: the cards, in words, and the picture's
    file (the picture's own name for it)."""
    [embed] = panel.embeds
    cards = [field.value for field in embed.fields if field.name.startswith("Your cards")]
    picture = embed.image.url.removeprefix("attachment://")
    assert cards and picture, embed.to_dict()
    return [*cards, picture]


def shown_text(state: dict[str, Any]) -> str:
    """Everything a page's state carries, as one text to search."""
    return json.dumps(state, ensure_ascii=False)


async def test_a_members_page_never_carries_another_members_private_messages(room: Sandbox) -> None:
    ada, bruno, chiara = room.members[:3]
    await ada.slash(room.channel, "play holdout")
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    await bruno.click(table_message(room, table), label="Join")
    await ada.click(table_message(room, table), label="Start")
    assert table.state.phase is Phase.PLAYING
    hands = {}
    for member in (ada, bruno):
        answer = await member.click(table_message(room, table), label="Your hand")
        assert answer.ephemeral and answer.response is not None
        hands[member.id] = (answer.response.id, secrets_of(answer.response.message))
    async with aiohttp.ClientSession() as http:
        pages = {member.id: Page(http, room.url) for member in (ada, bruno, chiara)}
        for member_id, page in pages.items():
            await page.open(member_id)
        # The page of each member carries their own hand and no one else's.
        for viewer, page in pages.items():
            state = await page.state()
            for owner, (panel, secrets) in hands.items():
                assert (str(panel) in state["messages"]) is (owner == viewer)
                for secret in secrets:
                    assert (secret in shown_text(state)) is (owner == viewer), (viewer, owner, secret)
            assert str(table.state.message_id) in state["messages"]  # the table, everyone's
        # The table moves on (Ada's click, made elsewhere): the room republishes the others'
        # pages, and still nobody's page carries another's hand.
        before = {viewer: (await page.state())["publishedRevision"] for viewer, page in pages.items()}
        room.live.moved.clear()
        await ada.click(table_message(room, table), label="Log")
        await room.members[3].slash(room.channel, "balance")
        await asyncio.wait_for(room.live.moved.wait(), BOUND)
        for viewer, page in pages.items():
            state = await page.state()
            for owner, (panel, secrets) in hands.items():
                assert (str(panel) in state["messages"]) is (owner == viewer)
                for secret in secrets:
                    assert (secret in shown_text(state)) is (owner == viewer)
        assert (await pages[ada.id].state())["publishedRevision"] > before[ada.id]  # her Log answer
        assert (await pages[bruno.id].state())["publishedRevision"] == before[bruno.id]  # nothing new


async def moved(room: Sandbox) -> None:
    """Until the bot next does something on the room's Discord, on its own."""
    assert room.live is not None
    room.live.moved.clear()
    await asyncio.wait_for(room.live.moved.wait(), BOUND)


async def test_a_machine_too_slow_for_simcords_bound_does_not_stop_the_room(config: SandboxConfig) -> None:
    """SimCord gives the bot a bound to settle after each timer it fires on the wall clock;
    past it, it fires no more timers on the wall clock until a test's next step, which a
    sandbox never takes. Here the bound is nothing at all from the Start on, as on a machine
    too busy for any: every computer's pause (each computer decides at least once in a hand)
    ends in such a slow moment while nobody clicks, which only the room gets over; and the
    computers play on, the passes are dealt, and the hand ends."""
    async with Sandbox(config, settle=BOUND) as room:
        assert room.live is not None
        ada = room.members[0]
        await ada.slash(room.channel, "play prima-carta")
        table = room.bot.tables.in_channel(room.channel.id)
        assert table is not None
        for _ in range(2):
            await ada.click(table_message(room, table), label="Add bot")
        room.env.settle_timeout = 0.0
        with contextlib.suppress(TimeoutError):  # the click's own wait gives up at once
            await ada.click(table_message(room, table), label="Start")
        while "Hand 1 is over" not in "\n".join(text_lines(table_message(room, table))):
            seat, message = table.to_act, table_message(room, table)
            pay = [label for label in buttons(message) if label.startswith("Pay")]
            if seat is not None and table.state.seats[seat].user_id == ada.id and pay:
                with contextlib.suppress(TimeoutError):
                    await ada.click(message, label=pay[0])
            await moved(room)
        assert table.state.phase is Phase.BETWEEN
        assert room.live.recovered >= 1  # the room, not a click, got over the slow moments


async def test_the_room_keeps_the_time_of_day(room: Sandbox) -> None:
    """SimCord's clock stands still between the timers it fires; the room's does not: an
    hour with nothing on the clock, and the next message still says the time of day."""
    assert room.live is not None
    # It starts on the time of day (SimCord's own clock starts on a fixed day), give or take
    # how long the bot took to log in.
    assert timedelta(0) <= datetime.now(UTC) - room.env.now() < timedelta(minutes=1)
    room.env.backend.advance_clock(-3600)  # an idle hour in which SimCord's clock stood still
    before = datetime.now(UTC)
    room.live.keep_time()
    answer = await room.members[0].slash(room.channel, "balance")
    after = datetime.now(UTC)
    assert answer.response is not None
    # However long the bot takes to answer on a busy machine.
    assert before - timedelta(seconds=5) <= answer.response.message.created_at <= after


# ------------------------------------------------------------------- the push to the pages
class Stream:
    """A page's stream of server-sent events (`GET /api/live/<context>`), read as the page
    reads it: each event as the bytes that came, in order."""

    def __init__(self, answer: aiohttp.ClientResponse) -> None:
        self.answer = answer

    async def next(self) -> bytes:
        """The next event (a comment that keeps a quiet stream open is one too)."""
        event = await asyncio.wait_for(self.answer.content.readuntil(b"\n\n"), BOUND)
        assert event, "the stream ended"
        return event


@contextlib.asynccontextmanager
async def stream(page: Page, **headers: str) -> AsyncIterator[aiohttp.ClientResponse]:
    asked = {"X-Simcord-Capability": page.secret, "X-Simcord-Context": page.context} | headers
    async with page.http.get(f"{page.origin}/api/live/{page.context}", headers=asked) as answer:
        yield answer


def computer_to_act(table: Table) -> bool:
    seat = table.to_act
    return seat is not None and table.state.seats[seat].user_id is None


async def test_a_members_page_is_told_to_read_when_a_computer_moves_and_told_nothing_else(
    tmp_path: Path,
) -> None:
    """Bruno watches Ada's Prima Carta table with two computers. The computers' pauses are
    longer than the room waits after a click (as in a sandbox with its own settings), so
    they move on the wall clock, with nobody clicking: his page's stream says `read` when
    one does, and his page then shows the move. No event carries anything but `read`."""
    bot = production(tmp_path, computer_delay=1.0, pass_delay=1.0, workers=0)
    config = sandbox_config(bot, own(tmp_path))
    async with Sandbox(config, settle=0.5) as room, aiohttp.ClientSession() as http:
        ada, bruno = room.members[:2]
        await ada.slash(room.channel, "play prima-carta")
        table = room.bot.tables.in_channel(room.channel.id)
        assert table is not None
        for _ in range(2):
            await ada.click(table_message(room, table), label="Add bot")
        page = Page(http, room.url)
        await page.open(bruno.id)
        events: list[bytes] = []
        async with stream(page) as answer:
            assert answer.status == 200 and answer.content_type == "text/event-stream"
            live = Stream(answer)
            events.append(await live.next())  # at once: read what was published before
            with contextlib.suppress(TimeoutError):  # a busy machine: the bot goes on all the same
                await ada.click(table_message(room, table), label="Start")
            while not computer_to_act(table):  # Ada's turn first, perhaps
                assert table.state.phase is Phase.PLAYING
                pay = [label for label in buttons(table_message(room, table)) if label.startswith("Pay")]
                if table.to_act is not None and pay:
                    with contextlib.suppress(TimeoutError):
                        await ada.click(table_message(room, table), label=pay[0])
                events.append(await live.next())
            # A computer is to move, on its own: the table changes, and Bruno's page is told.
            version = table.state.version
            before = (await page.state())["messages"][str(table.state.message_id)]
            while table.state.version == version:
                events.append(await live.next())
            while (await page.state())["messages"][str(table.state.message_id)] == before:
                events.append(await live.next())  # the move told, the page shows it
        assert all(event in (b"data: read\n\n", b": still here\n\n") for event in events), events
        assert events.count(b"data: read\n\n") >= 2


async def test_a_stream_is_refused_without_the_pages_secret_or_for_a_page_not_open(room: Sandbox) -> None:
    async with aiohttp.ClientSession() as http:
        page = Page(http, room.url)
        await page.open(room.members[0].id)
        refused = {
            "a wrong secret": {"X-Simcord-Capability": "not-" + page.secret},
            "no secret": {"X-Simcord-Capability": ""},
            "another page's context": {"X-Simcord-Context": "another"},
            "another site's origin": {"Origin": "http://example.com"},
            "another site's address": {"Host": "rebound.example"},  # DNS rebinding
        }
        for why, headers in refused.items():
            async with stream(page, **headers) as answer:
                assert answer.status == 401, why
                assert b"data:" not in await answer.read(), why
        gone = Page(http, room.url)
        gone.context = "a-page-never-opened"
        async with stream(gone) as answer:
            assert answer.status == 410
        async with stream(page) as answer:  # and the page's own is answered
            assert answer.status == 200
            assert await Stream(answer).next() == b"data: read\n\n"


async def test_an_open_stream_keeps_its_page_open(room: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page whose stream is up does not poll, so its stream renews its inactivity lease (as
    its reads did): a page left open on a quiet table is not closed under it."""
    monkeypatch.setattr(front, "KEEPALIVE", 0.05)  # a quiet stream's comment comes at once
    assert room.preview is not None
    async with aiohttp.ClientSession() as http:
        page = Page(http, room.url)
        await page.open(room.members[0].id)
        async with stream(page) as answer:
            live = Stream(answer)
            assert await live.next() == b"data: read\n\n"
            opened = room.preview._pages[page.context]
            lease = room.preview._PAGE_LEASE_SECONDS
            opened.last_activity -= lease - 1  # all but a second of its lease gone, unread
            assert await live.next() == b": still here\n\n"
            assert time.monotonic() - opened.last_activity < lease / 2  # renewed
        assert (await page.state())["context"]["id"] == page.context  # and still open
