"""The sandbox as a person uses it: `python -m bot sandbox`, and its page in a real browser.

Ada, on a phone-sized page, opens a Prima Carta table with /play (typing its stake option),
adds two computers, starts and plays the hand to its end; Bruno, on another page, watches
it happen live. Ada then opens a Holdout table and looks at **Your hand**; Bruno's page
never shows it, and what he is told privately never shows on hers. (Prima Carta has no
hands to hide: the deck plays itself face up.) The test asserts what the pages show, saves
Ada's page as a screenshot (docs/images/sandbox.png, when RIDOTTO_SCREENSHOTS names that
folder), and, once the sandbox has stopped, reads its database: the books balance and
Ada's bankroll is what her page said.

Short pauses for the computers and the passes keep it quick (the page is the same).
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
from pathlib import Path

from playwright.async_api import Page

from bot.sandbox.config import GUILD_ID
from bot.storage import Store
from tests.helpers.browser import PHONE, button, chromium, messages, open_as, ready, sandbox, slash

#: the page's own word for a message only its member sees (as Discord's)
PRIVATE = "Only you can see this"
#: a phone's width, tall enough for the screenshot to show a table and a hand
TALL_PHONE = {"width": PHONE["width"], "height": 1900}


async def press(page: Page, label: str | re.Pattern[str]) -> None:
    """Press the newest button with that label, once the page has no action in flight (a
    press made while one is, the page would not send)."""
    await ready(page)
    await button(page, label).click()


async def shown(page: Page, text: str | re.Pattern[str]) -> str:
    """Until the page shows `text` among its messages; the text of the part showing it."""
    found = messages(page).get_by_text(text).last
    await found.wait_for()
    return await found.inner_text()


def line(text: str, pattern: str) -> re.Match[str]:
    """The last line of `text` that `pattern` finds."""
    found = [match for row in text.splitlines() if (match := re.search(pattern, row))]
    assert found, (pattern, text)
    return found[-1]


async def test_a_hand_played_in_the_browser_and_a_hand_kept_from_the_other_page(
    chromium_path: str, tmp_path: Path
) -> None:
    with sandbox(tmp_path, COMPUTER_DELAY="0.3", PASS_DELAY="0.3", WORKERS="0") as room:
        async with chromium(chromium_path) as browser:  # started while the sandbox starts
            url = await asyncio.to_thread(room.url)
            ada = await open_as(browser, url, "Ada", PHONE)
            bruno = await open_as(browser, url, "Bruno")
            ada_id = await ada.locator("#viewer-picker option", has_text="Ada").get_attribute("value")

            # A Prima Carta table (a slash command and an option, typed), two computers, the
            # hand played to its end by Ada.
            await slash(ada, "play prima-carta", stake=20)
            await shown(bruno, "Prima Carta · table #1 · stake 20")  # Bruno's page shows it too, live
            for computers in (1, 2):
                await press(ada, "Add bot")
                await shown(ada, re.compile(rf"Seated: .*(🤖.*){{{computers}}}"))
            await press(ada, "Start")
            over = messages(ada).get_by_text("Hand 1 is over")
            her_turn = messages(ada).get_by_text(re.compile(r"@Ada to decide"))
            while True:
                await over.or_(her_turn).first.wait_for()
                if await over.count():
                    break
                await press(ada, re.compile(r"^Pay the copa"))
                await her_turn.wait_for(state="hidden")
            seen = await messages(ada).inner_text()
            assert "<@" not in seen and "@Ada" in seen  # mentions shown as names
            assert await ada.evaluate(
                "document.documentElement.scrollWidth <= window.innerWidth"
            )  # fits a phone
            nets = line(seen, r"^Nets: .*Ada ([+−-]\d+)")
            net = int(nets.group(1).replace("−", "-"))
            await shown(bruno, "Hand 1 is over")  # and on Bruno's page
            assert nets.group(0) in await messages(bruno).inner_text()

            # Ada's hand at a Holdout table, and Bruno's page beside it.
            await press(ada, "Close table")
            await shown(ada, "The host closed the table.")
            await slash(ada, "play holdout")
            stack = int(line(await shown(ada, "stacks of"), r"stacks of (\d+) chips").group(1))
            await press(ada, "Add bot")
            await shown(ada, re.compile(r"Seated: .*🤖"))
            await press(ada, "Start")
            await press(ada, "Your hand")
            panel = messages(ada).locator("[data-message-id]", has_text="Your hand · Holdout table #2").last
            await panel.wait_for()
            assert PRIVATE in await panel.inner_text()
            cards = await panel.get_by_text(re.compile(r"^Your cards")).locator("..").inner_text()
            panel_id = await panel.get_attribute("data-message-id")
            await shown(bruno, "Holdout · table #2")
            await press(bruno, "Your hand")
            told = await shown(bruno, "You're not seated at this table")
            assert PRIVATE in await messages(bruno).inner_text()  # his own answer, for him
            bruno_sees = await messages(bruno).inner_text()
            assert "Your hand ·" not in bruno_sees and cards not in bruno_sees
            assert await messages(bruno).locator(f'[data-message-id="{panel_id}"]').count() == 0
            assert told not in await messages(ada).inner_text()  # and his never shows on hers

            picture = tmp_path / "sandbox.png"
            await ada.set_viewport_size(TALL_PHONE)  # the table above the hand, for the README
            await ready(ada)  # the pictures drawn
            await ada.screenshot(path=picture)
            assert picture.read_bytes().startswith(b"\x89PNG")
            if folder := os.environ.get("RIDOTTO_SCREENSHOTS"):
                shutil.copy(picture, Path(folder) / "sandbox.png")
    assert room.process.returncode == 0, room.log.read_text()

    # What the room's database holds, read once the sandbox has stopped.
    store = await Store.open_read_only(room.database)
    try:
        assert (await store.audit()).ok
        assert ada_id is not None
        assert await store.balance(GUILD_ID, int(ada_id)) == 1000 + net - stack
    finally:
        await store.close()


# The moment (ms since the epoch, the one clock every tab reads) of the next press on a page.
PRESS = """
() => {
  window.pressed = null;
  const note = () => { window.pressed = performance.timeOrigin + performance.now(); };
  document.addEventListener('click', note, { capture: true, once: true });
}
"""
# Notes, on the page itself, the moment its messages first show `member` seated at the
# table (the newest "Seated:" line): a DOM change, seen as it happens, in a tab behind too.
WATCH = """
member => {
  window.seated = null;
  const list = document.querySelector('#channel-message-list');
  const look = () => {
    const text = list.innerText;
    const at = text.lastIndexOf('Seated:');
    if (window.seated === null && at >= 0 && text.slice(at, text.indexOf('\\n', at)).includes(member)) {
      window.seated = performance.timeOrigin + performance.now();
    }
  };
  new MutationObserver(look).observe(list, { subtree: true, childList: true, characterData: true });
}
"""


async def test_another_members_move_is_pushed_to_a_page_that_does_not_poll(
    chromium_path: str, tmp_path: Path
) -> None:
    """Bruno opens a table; Ada joins it from her page. Bruno's page, in a tab behind hers,
    shows her seated through the sandbox's push alone: its stream is up and it makes no read
    but those a push asked for (it does not poll). Chiara's page, whose stream the browser
    blocks, falls back to the preview's poll and shows it too. How long the push takes is
    bench/sandbox.py's figure, not asserted here."""
    with sandbox(tmp_path, COMPUTER_DELAY="0.3", PASS_DELAY="0.3", WORKERS="0") as room:
        async with chromium(chromium_path) as browser:
            url = await asyncio.to_thread(room.url)
            bruno = await open_as(browser, url, "Bruno")
            chiara = await browser.new_page()
            await chiara.route("**/api/live/**", lambda route: route.abort())  # no stream for her
            chiara = await open_as(browser, url, "Chiara", page=chiara)
            ada = await open_as(browser, url, "Ada")

            await slash(bruno, "play holdout")
            await shown(ada, "Holdout · table #1")
            live = await bruno.evaluate("window.ridottoLive")
            assert live["streaming"] and live["pushes"] >= 1, live
            await bruno.evaluate(WATCH, "Ada")
            # Chiara's count before the join: her poll may show Ada before we look again.
            fallback = await chiara.evaluate("window.ridottoLive")
            assert not fallback["streaming"] and fallback["pushes"] == 0, fallback
            await ada.bring_to_front()  # Ada clicks; Bruno's tab is behind hers
            await ada.evaluate(PRESS)
            await button(ada, "Join").click()
            await bruno.wait_for_function("window.seated !== null", polling=50)
            after = await bruno.evaluate("window.ridottoLive")
            assert after["streaming"] and after["otherReads"] == live["otherReads"], (live, after)
            assert after["pushedReads"] > live["pushedReads"]
            assert await bruno.evaluate("window.seated") >= await ada.evaluate("window.pressed")

            # Chiara's page, without its stream, reads on the preview's poll.
            await shown(chiara, re.compile(r"Seated: .*Ada"))
            assert (await chiara.evaluate("window.ridottoLive"))["otherReads"] > fallback["otherReads"]
    assert room.process.returncode == 0, room.log.read_text()
