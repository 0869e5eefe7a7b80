"""The sandbox's page: time from a click in the browser to the updated table shown.

    python bench/sandbox.py [--clicks 40]

Starts `python -m bot sandbox` as a person would (a fresh room in a temporary folder, the
bot's settings as they are, COMPUTER_DELAY and all), and opens its page three times in the
machine's headless Chromium: Bruno's tab, and two of Ada's. Ada opens a Holdout table with
/play; Bruno presses Join and Leave in turn, N times in all, in the tab in front. Each
click is timed from the press to the first moment the table message shows Bruno seated
(or no longer):

* on Bruno's page, the clicking one: SimCord runs the bot's answer to the click, then the
  page shows it at once;
* on Ada's page, another member's (a tab behind his): the sandbox republishes it as soon as
  the bot has changed what she sees (bot/sandbox/live.py, up to a tenth of a second) and
  pushes it (bot/sandbox/front.py), and her page reads it at once (bot/sandbox/session.js);
* on Ada's other page, the reference: its stream blocked by the browser, it reads on the
  preview's own half-second poll, as every page did before the push.

Beside the first, the part of it that is the click's request to the sandbox (the preview's
POST /api/action, from the browser's own resource timing): the rest is the browser's.
Milliseconds, median and p95. It asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Literal

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.async_api import Page

from tests.helpers.browser import button, chromium, find_chromium, open_as, ready, sandbox, slash

#: the preview's read of the published page without the push (simcord/preview/static/session.js)
POLL_MS = 500

# The moment (ms since the epoch: both tabs read the one clock) the table message first
# shows Bruno seated (`seated` true) or not; checked on every frame until it does.
SHOWN = """
seated => {
  const text = document.querySelector('#channel-message-list').innerText;
  const at = text.lastIndexOf('Seated:');
  if (at < 0) return null;
  const line = text.slice(at, text.indexOf('\\n', at));
  return line.includes('Bruno') === seated ? performance.timeOrigin + performance.now() : null;
}
"""
# The moment of the next press, by the same clock.
PRESS = """
() => {
  window.pressed = null;
  const note = () => { window.pressed = performance.timeOrigin + performance.now(); };
  document.addEventListener('click', note, { capture: true, once: true });
}
"""
# The duration of the newest POST /api/action the page made.
REQUEST = """
() => {
  const posts = performance.getEntriesByType('resource').filter(e => e.name.endsWith('/api/action'));
  return posts.length ? posts[posts.length - 1].duration : null;
}
"""


async def shown(page: Page, seated: bool, *, front: bool) -> float:
    """When the page first shows the table with Bruno seated (or not): on the tab in front,
    checked at every frame; on a tab behind it, every 10 ms (Chromium draws about one frame
    a second there, which would time the throttling, not the page; its page is updated all
    the same, and a member who has it in a window of their own sees it at once)."""
    polling: float | Literal["raf"] = "raf" if front else 10
    moment = await (await page.wait_for_function(SHOWN, arg=seated, polling=polling)).json_value()
    assert isinstance(moment, float | int)
    return float(moment)


async def measure(
    url: str, executable: str, clicks: int
) -> tuple[list[float], list[float], list[float], list[float]]:
    own: list[float] = []
    other: list[float] = []
    polled: list[float] = []
    requests: list[float] = []
    async with chromium(executable) as browser:
        ada = await open_as(browser, url, "Ada")
        unpushed = await browser.new_page()
        await unpushed.route("**/api/live/**", lambda route: route.abort())  # no stream: the poll
        reference = await open_as(browser, url, "Ada", page=unpushed)
        bruno = await open_as(browser, url, "Bruno")
        await slash(ada, "play holdout")
        await bruno.bring_to_front()  # Bruno clicks; Ada's tabs are behind his
        await button(bruno, "Join").wait_for()
        seated = False
        for _ in range(clicks + 2):  # the first two warm the pages up and are not counted
            await bruno.evaluate(PRESS)
            await button(bruno, "Leave" if seated else "Join").click()
            seated = not seated
            mine, theirs, read = await asyncio.gather(
                shown(bruno, seated, front=True),
                shown(ada, seated, front=False),
                shown(reference, seated, front=False),
            )
            pressed = await bruno.evaluate("window.pressed")
            request = await bruno.evaluate(REQUEST)
            await ready(bruno)  # its action answered, before the next press
            own.append(mine - pressed)
            other.append(theirs - pressed)
            polled.append(read - pressed)
            requests.append(float(request or 0.0))
    return own[2:], other[2:], polled[2:], requests[2:]


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):7.0f}  p95 {p95:7.0f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clicks", type=int, default=40, help="clicks timed (default 40)")
    args = parser.parse_args()
    executable = find_chromium()
    if executable is None:
        print("No Chromium or Chrome here (set RIDOTTO_CHROMIUM, or apt-get install chromium).")
        return 2
    with (
        tempfile.TemporaryDirectory(prefix="ridotto-bench-sandbox-") as folder,
        sandbox(Path(folder)) as room,
    ):
        own, other, polled, requests = asyncio.run(measure(room.url(), executable, args.clicks))
    print(f"The sandbox's page: click to updated table shown, ms, {len(own)} clicks (Join / Leave)")
    print(f"  the clicking member's page   {summary(own)}")
    print(f"    of which the click's request {summary(requests)}")
    print(f"  another member's page, pushed {summary(other)}")
    print(f"    beside the same page polled  {summary(polled)}  (every {POLL_MS} ms, the push blocked)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
