"""The sandbox's address: SimCord's preview served through, and a push to each open page.

SimCord's preview has no push of its own: its page reads its state every half second.
`Front` serves the page on the sandbox's port and passes every request through to the
preview (on a loopback port of its own), and adds two things:

* **The stream** ``GET /api/live/<context>``: server-sent events for one open page, one
  ``read`` each time the preview publishes that page (`published`, called by `Live` after
  every publication, whoever made it). An event carries nothing else, so a stream tells
  nobody what anyone sees; the page then reads its state through the preview's own API,
  where SimCord decides what its member may see. It is asked for as the preview's API is:
  the page's secret and context in the ``X-Simcord-Capability`` and ``X-Simcord-Context``
  headers, a loopback host, a same-origin request. While a stream is open its page's
  inactivity lease is renewed, as its reads would.
* **The page's session** ``/session.js`` (`session.js` beside this module): the preview's
  own, which the page imports from ``/simcord/session.js``, subscribed to the stream. While
  the stream is up the page reads when told to and does not poll; when it drops, the
  preview's half-second read takes over until it is back.

The page's code is otherwise SimCord's, unchanged; only its session module is ours.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
from pathlib import Path

import aiohttp
from aiohttp import web
from simcord.backend.errors import BackendError, SetupError
from simcord.preview import Preview
from simcord.preview._server import PreviewServer

from bot.sandbox.config import HOST

log = logging.getLogger(__name__)

#: the page's session module, ours (it imports the preview's from ORIGINAL_SESSION)
SESSION = Path(__file__).with_name("session.js")
ORIGINAL_SESSION = "/simcord/session.js"
#: seconds between two comments on a quiet stream: a page gone away is noticed, and an open
#: one keeps its lease (SimCord's is ten minutes)
KEEPALIVE = 15.0
#: the largest request passed through: the preview's own bound on uploads (25 MiB) and more
LARGEST = 27 * 1024 * 1024
#: headers that belong to one connection, not to the request or answer passed through
HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "content-length",
        "host",
    }
)
#: the event a page is sent when it has something new to read, and the comment that keeps a
#: quiet stream open
READ = b"data: read\n\n"
STILL_HERE = b": still here\n\n"


class PortTaken(Exception):
    """The sandbox's port is in use."""


class Front:
    """``await front.start()``: the page at ``front.url``, the preview behind it."""

    def __init__(self, preview: Preview, port: int) -> None:
        self.preview, self._requested = preview, port
        self.port: int | None = None
        #: each open stream's wake-up, by its page's context id
        self._streams: dict[str, set[asyncio.Event]] = {}
        self._closing = False
        self._runner: web.AppRunner | None = None
        self._http: aiohttp.ClientSession | None = None
        self._session_js = SESSION.read_text(encoding="utf-8")

    @property
    def url(self) -> str:
        """The page's full address, the preview's secret included."""
        if self.port is None:
            raise RuntimeError("the sandbox's page is not served")
        return f"http://{HOST}:{self.port}/#{self.preview.capability}"

    @property
    def upstream(self) -> str:
        """The preview's own origin (loopback, a port of its own)."""
        return self.preview._origin

    async def start(self) -> None:
        app = web.Application(client_max_size=LARGEST, handler_args={"handler_cancellation": False})
        app.router.add_get("/session.js", self._session)
        app.router.add_get("/api/live/{context}", self._stream)
        app.router.add_route("*", "/{path:.*}", self._through)
        # Answers stream back as they come; nothing waits on the preview longer than it takes.
        self._http = aiohttp.ClientSession(auto_decompress=False, timeout=aiohttp.ClientTimeout(total=None))
        self._runner = web.AppRunner(app, access_log=None)  # the log would hold page ids
        await self._runner.setup()
        site = web.TCPSite(self._runner, HOST, self._requested)
        try:
            await site.start()
        except OSError as error:
            await self.close()
            raise PortTaken(f"the sandbox's page could not bind port {self._requested}") from error
        server = site._server
        assert isinstance(server, asyncio.Server) and server.sockets
        self.port = int(server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        self._closing = True
        for streams in self._streams.values():
            for due in streams:
                due.set()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._http is not None:
            await self._http.close()
            self._http = None
        self.port = None

    def published(self, context: str) -> None:
        """The preview has published the page `context`: its streams send ``read``."""
        for due in self._streams.get(context, ()):
            due.set()

    # ------------------------------------------------------------------------- requests
    def _origins(self) -> set[str]:
        return {f"http://{HOST}:{self.port}", f"http://localhost:{self.port}"}

    def _host_allowed(self, request: web.Request) -> bool:
        """A loopback host naming this port: a page some other site's address resolves to
        this machine (DNS rebinding) is refused, as the preview refuses it."""
        return request.headers.get("Host", "") in {f"{HOST}:{self.port}", f"localhost:{self.port}"}

    def _authorized(self, request: web.Request, context: str) -> bool:
        """As the preview's API asks: its secret, the page's context, a loopback host and a
        same-origin request."""
        secret = request.headers.get("X-Simcord-Capability", "")
        origin = request.headers.get("Origin")
        return (
            hmac.compare_digest(secret.encode(), self.preview.capability.encode())
            and request.headers.get("X-Simcord-Context") == context
            and self._host_allowed(request)
            and (origin is None or origin in self._origins() | {"null"})
        )

    async def _session(self, request: web.Request) -> web.StreamResponse:
        if not self._host_allowed(request):
            raise web.HTTPForbidden()
        return web.Response(
            text=self._session_js,
            content_type="application/javascript",
            headers=PreviewServer._SECURITY_HEADERS,
        )

    async def _stream(self, request: web.Request) -> web.StreamResponse:
        context = request.match_info["context"]
        if not self._authorized(request, context):
            raise web.HTTPUnauthorized()
        if not self._open(context):
            raise web.HTTPGone()
        response = web.StreamResponse(
            headers=PreviewServer._SECURITY_HEADERS | {"Content-Type": "text/event-stream"}
        )
        await response.prepare(request)
        due = asyncio.Event()
        due.set()  # a first read: what was published before the stream opened
        self._streams.setdefault(context, set()).add(due)
        try:
            while not self._closing:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(due.wait(), KEEPALIVE)
                if self._closing or not self._open(context):
                    break
                if due.is_set():
                    due.clear()
                    await response.write(READ)
                else:
                    await response.write(STILL_HERE)
        except ConnectionError:  # the page went away
            pass
        finally:
            streams = self._streams.get(context, set())
            streams.discard(due)
            if not streams:
                self._streams.pop(context, None)
        return response

    def _open(self, context: str) -> bool:
        """Whether the page is still open (asking renews its lease, as a read does)."""
        try:
            self.preview._get_page(context)
        except (SetupError, BackendError):
            return False
        return True

    async def _through(self, request: web.Request) -> web.StreamResponse:
        """Pass a request to the preview as if made to it: its host and, for this page's own
        origin, its origin. The preview checks the secret, the context and the rest."""
        if not self._host_allowed(request):
            raise web.HTTPForbidden()
        assert self._http is not None
        path = "/session.js" if request.path == ORIGINAL_SESSION else request.path_qs
        headers = {name: value for name, value in request.headers.items() if name.lower() not in HOP_BY_HOP}
        if request.headers.get("Origin") in self._origins():
            headers["Origin"] = self.upstream
        body = await request.read()
        try:
            async with self._http.request(
                request.method,
                self.upstream + path,
                headers=headers,
                data=body or None,
                allow_redirects=False,
            ) as answer:
                return web.Response(
                    status=answer.status,
                    body=await answer.read(),
                    headers={
                        name: value
                        for name, value in answer.headers.items()
                        if name.lower() not in HOP_BY_HOP
                    },
                )
        except aiohttp.ClientError:  # the preview has closed ("End preview session"), say
            raise web.HTTPBadGateway(text="The sandbox's page has closed.") from None
