"""The sandbox as a person uses it: `python -m bot sandbox` in a process of its own, and its
page in a real, headless Chromium (the machine's own, driven by Playwright; nothing is
downloaded). The browser tests (tests/browser/) and bench/sandbox.py share these.

Every wait here is on the page's own signals: an element appearing, a text shown, the
preview's `window.simcordPreview` saying it is ready (what the preview offers screenshot
tools); never a fixed sleep.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Playwright is the test extra's: this module loads without it, to say so
    from playwright.async_api import BrowserContext, Locator, Page

ROOT = Path(__file__).resolve().parents[2]

#: the browsers looked for on PATH, in this order; RIDOTTO_CHROMIUM names another
CHROMIUMS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: headless, and nothing that reaches for the network: without these a machine with no
#: network leaves Chromium waiting on refused connections
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
#: a phone held upright (the page must be clean at this size) and a laptop
PHONE = {"width": 412, "height": 915}
LAPTOP = {"width": 1200, "height": 900}
#: seconds a step may take before the test says which one hung
STEP = 30.0


def find_chromium() -> str | None:
    """The machine's Chromium or Chrome: RIDOTTO_CHROMIUM, else the first of CHROMIUMS on PATH."""
    named = os.environ.get("RIDOTTO_CHROMIUM")
    if named:
        return named if Path(named).exists() else None
    for name in CHROMIUMS:
        if found := shutil.which(name):
            return found
    return None


@dataclass
class Running:
    """A sandbox started with `python -m bot sandbox`: its process, its room's file, its log."""

    database: Path
    log: Path  # what it wrote on standard error
    process: subprocess.Popen[str]
    _url: str | None = None

    def url(self) -> str:
        """The page's address, from the banner it prints once running (waiting for it; a
        blocking read, so an async caller runs it in a thread and starts its browser meanwhile)."""
        if self._url is None:
            assert self.process.stdout is not None
            for line in self.process.stdout:  # the banner: "  Open http://127.0.0.1:PORT/#SECRET"
                if found := re.search(r"Open (http://127\.0\.0\.1:\d+/#\S+)", line):
                    self._url = found.group(1)
                    break
            else:
                self.process.communicate(timeout=STEP)
                raise AssertionError(f"the sandbox did not start: {self.log.read_text()}")
        return self._url


@contextmanager
def sandbox(folder: Path, **settings: str) -> Iterator[Running]:
    """Start `python -m bot sandbox --port 0` in `folder` (its room's file there), with
    `settings` as environment variables, and stop it with Ctrl-C (SIGINT) at the end."""
    database, log = folder / "sandbox.db", folder / "sandbox.log"
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DISCORD_TOKEN", "DATABASE_URL", "DATABASE_PATH"}
    }
    environment |= {"SANDBOX_DATABASE": str(database), "LOG_LEVEL": "WARNING", **settings}
    # Its log goes to a file: a pipe nobody reads would stop it once full. Standard output
    # carries the banner only.
    with log.open("w") as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "bot", "sandbox", "--port", "0"],
            cwd=folder,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )
    try:
        yield Running(database, log, process)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.communicate(timeout=STEP)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()


@asynccontextmanager
async def chromium(executable: str) -> AsyncIterator[BrowserContext]:
    """The machine's Chromium, headless, with a fresh profile of its own (its tabs share it,
    as one person's tabs do)."""
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory(prefix="ridotto-chromium-") as profile:
        async with async_playwright() as playwright:
            # bypass_csp: Playwright waits on a page's state with a function it evaluates in
            # the page, and the preview's content security policy forbids evaluation. The
            # page's own code is the same either way (it is written to its policy).
            browser = await playwright.chromium.launch_persistent_context(
                profile, executable_path=executable, args=list(FLAGS), headless=True, bypass_csp=True
            )
            try:
                yield browser
            finally:
                await browser.close()


async def open_as(
    browser: BrowserContext,
    url: str,
    member: str,
    viewport: dict[str, int] = LAPTOP,
    page: Page | None = None,
) -> Page:
    """A new tab on the sandbox's page, playing as `member` (picked under "Viewing as"); or
    `page`, a tab made already (with routes of its own, say)."""
    page = page or await browser.new_page()
    await page.set_viewport_size(viewport)  # type: ignore[arg-type]
    page.set_default_timeout(STEP * 1000)
    await page.goto(url)
    picker = page.locator("#viewer-picker")
    option = picker.locator("option", has_text=member)
    await option.wait_for(state="attached")  # the page has read the room
    member_id = await option.get_attribute("value")
    await picker.select_option(value=member_id)
    await ready(page, member_id)
    return page


async def ready(page: Page, member_id: str | None = None) -> None:
    """Until the preview says the page is ready (`window.simcordPreview.ready`: shown, no
    action of its own in flight), playing as `member_id` if given. The page is brought to
    the front first, as a person looks at the tab they act in: Chromium draws a tab behind
    another about once a second, and Playwright's waits and clicks go frame by frame."""
    await page.bring_to_front()
    await page.wait_for_function(
        "id => window.simcordPreview.ready && (id === null || window.simcordPreview.viewerId === id)",
        arg=member_id,
    )


async def status(page: Page, text: str) -> None:
    """Until the page's status line (top right) says `text`."""
    await page.locator("#action-status", has_text=text).wait_for()


def messages(page: Page) -> Locator:
    """The channel's messages as the page shows them."""
    return page.locator("#channel-message-list")


def button(page: Page, label: str | re.Pattern[str]) -> Locator:
    """The newest button in the channel with that label (a table's buttons are the newest)."""
    return messages(page).get_by_role("button", name=label, exact=isinstance(label, str)).last


async def slash(page: Page, command: str, **options: object) -> None:
    """Type a slash command (its name, such as "play holdout") in the message box, pick it
    from the list the page offers, give it `options` (each picked from the command's list of
    options, then typed) and send it."""
    composer = page.locator("#channel-composer-input")
    await composer.click()
    await composer.fill(f"/{command}")
    await page.locator("#command-picker-listbox").get_by_role("option", name=f"/{command}").first.click()
    for name, value in options.items():
        await page.locator(f'#command-suggestion-listbox [role=option][data-value="{name}"]').click()
        await page.locator(f'input.command-option-input[data-option="{name}"]').fill(str(value))
    await page.locator("#send-message").click()
