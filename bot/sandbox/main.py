"""``python -m bot sandbox [--port N]``: start the sandbox and print its page's address.

Exit codes: 0 stopped (Ctrl-C, SIGTERM, or "End preview session" on the page); 2 not
started, with one sentence on standard error saying why (a refused configuration, bad
settings, the sandbox's extra not installed, the port taken).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import logging
import signal
import socket
import sys
from collections.abc import Sequence

from bot.config import BadSettings, Settings, load
from bot.sandbox.config import HOST, Refused, SandboxConfig, SandboxSettings, sandbox_config

NOT_STARTED = 2

#: what SimCord's preview needs beside SimCord (its `preview` extra, in Ridotto's `sandbox`)
PREVIEW_MODULES = ("simcord", "aiohttp", "markdown_it", "linkify_it", "regex", "PIL", "av")

PORT_TAKEN = (
    "Port {port} on {host} is taken (another sandbox?): stop that, or start with --port N"
    " (0 takes any free port)."
)

NEEDS_EXTRA = (
    "The sandbox needs its extra, which is not installed here: run"
    " .venv/bin/pip install -e '.[sandbox]' and start it again."
)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot sandbox",
        description=(
            "Start the real bot in a card room of its own, on a Discord that runs in this"
            " process, and print the address of its page on 127.0.0.1. No token, no network."
        ),
    )
    parser.add_argument(
        "--port", type=int, help="the page's port (default: SANDBOX_PORT, else 1638; 0: any free port)"
    )
    args = parser.parse_args(argv)
    if args.port is not None and not 0 <= args.port <= 65535:
        parser.error("--port must be between 0 and 65535")
    missing = [name for name in PREVIEW_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        print(NEEDS_EXTRA, file=sys.stderr)
        return NOT_STARTED
    try:
        config = sandbox_config(load(Settings), load(SandboxSettings), port=args.port)
    except (BadSettings, Refused) as problem:
        print(problem, file=sys.stderr)
        return NOT_STARTED
    if not port_free(config.port):  # said before the bot starts, not after
        print(PORT_TAKEN.format(port=config.port, host=HOST), file=sys.stderr)
        return NOT_STARTED
    logging.basicConfig(level=config.bot.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(serve(config))


def port_free(port: int) -> bool:
    """Whether the page could be served on `port` now (0: any free port, always)."""
    if port == 0:
        return True
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the page's server does
        try:
            probe.bind((HOST, port))
        except OSError:
            return False
    return True


async def serve(config: SandboxConfig) -> int:
    """Run the sandbox until Ctrl-C, SIGTERM or the page's "End preview session"."""
    from bot.sandbox.front import PortTaken
    from bot.sandbox.room import MEMBERS, Sandbox

    sandbox = Sandbox(config)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows
            loop.add_signal_handler(signum, stop.set)
    try:
        async with sandbox:
            others = ", ".join(MEMBERS[1:])
            print(
                f"\nRidotto's sandbox is running: the real bot, on a Discord of its own.\n"
                f"  Open {sandbox.url}\n"
                f'  You play as {MEMBERS[0]}; pick another member ({others}) under "Viewing as",'
                f" in another tab to play as two.\n"
                f"  The room is kept in {config.database}. Stop with Ctrl-C.\n",
                flush=True,
            )
            closed = asyncio.ensure_future(sandbox.wait_closed())
            stopping = asyncio.ensure_future(stop.wait())
            await asyncio.wait({closed, stopping}, return_when=asyncio.FIRST_COMPLETED)
            for waiting in (closed, stopping):
                waiting.cancel()
    except PortTaken:  # taken between the check and the page's start
        print(PORT_TAKEN.format(port=config.port, host=HOST), file=sys.stderr)
        return NOT_STARTED
    return 0
