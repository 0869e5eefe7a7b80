"""The browser tests need Playwright (the test extra) and a Chromium or Chrome on the
machine; without either they are skipped, saying which is missing and how to get it."""

from __future__ import annotations

import importlib.util

import pytest

from tests.helpers.browser import CHROMIUMS, find_chromium


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if importlib.util.find_spec("playwright") is None:
        pytest.skip("the browser tests need Playwright: .venv/bin/pip install -e '.[test]'")
    found = find_chromium()
    if found is None:
        looked = ", ".join(CHROMIUMS)
        pytest.skip(
            f"the browser tests need a Chromium or Chrome, and none is on this machine ({looked} looked"
            " for on PATH, or RIDOTTO_CHROMIUM): on Debian or Ubuntu, apt-get install chromium"
            " (.ci/run does that on CI)"
        )
    return found
