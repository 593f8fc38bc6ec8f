"""The web table on HTTP: a Starlette app around a `Relay`, served by uvicorn.

Routes:

- ``GET /``, ``/app.js``, ``/style.css``: the page (static files of this package).
- ``GET /api/config``: the games offered (with their bots and player counts) and
  whether a page may choose a seed.
- ``POST /api``: one relay request as JSON (see `hogwarts_rules.frontends.web.relay`).
- ``GET /api/stream?token=...``: the seat's state, pushed as Server-Sent Events
  (``event: state``) each time its game changes, and ``event: ended`` once it ends.

Checks before any route: the ``Host`` header must be ``host[:port]`` naming one of
the allowed host names (DNS rebinding; no user, path, query or fragment), an
``Origin`` header, when sent, must be this very scheme, host and port; a ``POST``
must be ``application/json`` with a ``Content-Length`` of ASCII digits up to
`MAX_BODY` bytes, read within `BODY_SECONDS`. A connection that sends no request
within `HEADER_SECONDS` is closed; the engine's work runs on at most `WORKERS`
threads, and uvicorn takes at most `MAX_CONNECTIONS` connections at once, at most
`MAX_PER_ADDRESS` of them from one address. The client's address is the socket's:
``X-Forwarded-For`` and ``Forwarded`` headers are never believed.

Needs the ``web`` extra (``pip install "hogwarts-rules[web]"``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from importlib import resources
from typing import Any, Final

import anyio
import anyio.to_thread
from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from hogwarts_rules.frontends.web.relay import (
    Relay,
    RelayError,
    parse_request,
    playable_games,
    to_json,
)

__all__ = [
    "BODY_SECONDS",
    "HEADER_SECONDS",
    "MAX_BODY",
    "MAX_CONNECTIONS",
    "MAX_PER_ADDRESS",
    "PAGE_POLICY",
    "WORKERS",
    "create_app",
    "host_names",
    "listening_socket",
    "running",
    "uvicorn_config",
]

MAX_BODY: Final = 64 * 1024
"""The largest request body, in bytes."""

BODY_SECONDS: Final = 10.0
"""A request body must arrive within this many seconds."""

HEADER_SECONDS: Final = 10.0
"""A connection must send a whole request head within this many seconds (idle sockets close)."""

KEEP_ALIVE_SECONDS: Final = 5
"""An idle kept-alive connection is closed after this many seconds."""

MAX_CONNECTIONS: Final = 512
"""The most connections served at once (beyond: HTTP 503)."""

MAX_PER_ADDRESS: Final = 32
"""The most connections from one client address at once (beyond: HTTP 503 and closed)."""

WORKERS: Final = 8
"""The most threads running the engine's work at once."""

PING_SECONDS: Final = 15
"""An update stream sends a comment this often, so that proxies keep it open."""

PAGE_POLICY: Final = (
    "default-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
"""The page's Content-Security-Policy: nothing from elsewhere, no inline script."""

_STATIC: Final = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}
_DIGITS: Final = re.compile(rb"[0-9]{1,9}")
_AUTHORITY: Final = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::([0-9]{1,5}))?")
_ORIGIN: Final = re.compile(r"(https?)://(.+)")
_PORTS: Final = {"http": 80, "https": 443}
_BUSY: Final = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: 40\r\nconnection: close\r\n\r\n"
    b"Too many connections from your address.\n"
)
_HEADERS: Final = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": PAGE_POLICY,
    "Referrer-Policy": "no-referrer",
}


def host_names(listen: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The host names a request's ``Host`` may give: loopback names, ``listen`` and ``extra``.

    Examples:
        >>> sorted(host_names("127.0.0.1", ["table.example"]))
        ['127.0.0.1', '::1', 'localhost', 'table.example']
    """
    names = {"127.0.0.1", "localhost", "::1"}
    if listen not in ("0.0.0.0", "::", ""):
        names.add(listen.strip("[]").lower())
    names.update(name.strip("[]").lower() for name in extra)
    return frozenset(names)


def _authority(value: str, scheme: str) -> tuple[str, int] | None:
    """A ``Host`` header's or an origin's ``host[:port]`` as (host name, port), else ``None``.

    The port defaults to the ``scheme``'s. Only a name or an address and a port: a user
    (``evil.example@``), a path, a query or a fragment makes it malformed.

    Examples:
        >>> _authority("LocalHost:8000", "http"), _authority("[::1]", "https")
        (('localhost', 8000), ('::1', 443))
        >>> _authority("evil.example@127.0.0.1", "http"), _authority("127.0.0.1#.x", "http")
        (None, None)
    """
    match = _AUTHORITY.fullmatch(value)
    if match is None:
        return None
    host, port = match.group(1).strip("[]").lower(), match.group(2)
    number = _PORTS.get(scheme, 0) if port is None else int(port)
    if not host or not 0 < number < 65536:
        return None
    return host, number


class _Guard:
    """ASGI middleware: the Host and Origin checks (DNS rebinding, cross-site requests)."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str]) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[bytes, bytes] = {}
        for key, value in scope["headers"]:
            headers.setdefault(key.lower(), value)
        scheme = str(scope.get("scheme", "http"))
        served = _authority(headers.get(b"host", b"").decode("latin-1"), scheme)
        refusal = None
        if served is None or served[0] not in self.allowed:
            refusal = (400, "bad_request", "this host name is not served here")
        origin = headers.get(b"origin")
        if refusal is None and origin is not None:
            match = _ORIGIN.fullmatch(origin.decode("latin-1"))
            if match is None or (match.group(1), _authority(match.group(2), match.group(1))) != (
                scheme,
                served,
            ):
                refusal = (403, "forbidden", "requests from other sites are refused")
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, code, message = refusal
        response = _json_response(
            status,
            {"id": None, "ok": False, "error": {"code": code, "message": message, "field": None}},
        )
        await response(scope, receive, send)


def _json_response(status: int, reply: dict[str, Any]) -> Response:
    return Response(
        to_json(reply), status_code=status, media_type="application/json", headers=_HEADERS
    )


def _refusal(error: RelayError, request_id: object = None) -> Response:
    return _json_response(error.status, error.reply(request_id))


async def _read_body(request: Request, seconds: float) -> bytes:
    """The body, within `MAX_BODY` bytes and ``seconds`` (raises `RelayError`)."""
    length = request.headers.get("content-length")
    if length is None or not _DIGITS.fullmatch(length.encode("latin-1", "replace")):
        raise RelayError("bad_request", "send a Content-Length of digits", 411)
    if int(length) > MAX_BODY:
        raise RelayError("bad_request", f"a request body of at most {MAX_BODY} bytes", 413)
    body = bytearray()
    try:
        with anyio.fail_after(seconds):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise RelayError(
                        "bad_request", f"a request body of at most {MAX_BODY} bytes", 413
                    )
    except TimeoutError:
        raise RelayError("bad_request", "the body came too slowly", 408) from None
    except ClientDisconnect:
        # Gone before the whole body came: nobody reads the answer, and nothing is logged
        # (unhandled, it logged a traceback per request, which anyone could repeat).
        raise RelayError(
            "bad_request", "the connection closed before the whole body", 400
        ) from None
    return bytes(body)


def create_app(
    relay: Relay,
    allowed_hosts: Iterable[str] = ("127.0.0.1",),
    *,
    body_seconds: float = BODY_SECONDS,
) -> ASGIApp:
    """The web table's ASGI app for ``relay``, answering only the ``allowed_hosts`` names.

    Loopback names (``127.0.0.1``, ``localhost``, ``::1``) are always allowed; a request
    body must arrive within ``body_seconds`` (`BODY_SECONDS`; tests lower it).
    """
    limiter = anyio.CapacityLimiter(WORKERS)

    async def in_thread(function: Callable[[], Any]) -> Any:
        return await anyio.to_thread.run_sync(function, limiter=limiter)

    async def static(request: Request) -> Response:
        name, kind = _STATIC[request.url.path]
        data = resources.files(__package__).joinpath("static", name).read_bytes()
        return Response(data, media_type=kind, headers=_HEADERS)

    async def config(request: Request) -> Response:
        return _json_response(
            200,
            {
                "ok": True,
                "page_seeds": relay.page_seeds,
                "games": [
                    {
                        "kind": spec.kind,
                        "title": spec.title,
                        "min_players": spec.min_players,
                        "max_players": spec.max_players,
                        "default_players": spec.default_players,
                        "seat_names": list(spec.seat_names),
                        "bots": list(spec.bot_names),
                    }
                    for spec in playable_games()
                ],
            },
        )

    async def api(request: Request) -> Response:
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            # Another site may send a form or text without asking: only this page's
            # fetch() sends JSON (a cross-site JSON request needs CORS, never granted).
            return _refusal(RelayError("bad_request", "send the request as application/json", 415))
        try:
            body = await _read_body(request, body_seconds)
            parsed = parse_request(body)
        except RelayError as error:
            return _refusal(error)
        creator = request.client.host if request.client else ""
        status, reply = await in_thread(functools.partial(relay.answer, parsed, creator=creator))
        return _json_response(status, reply)

    async def stream(request: Request) -> Response:
        token = request.query_params.get("token", "")
        loop = asyncio.get_running_loop()
        changed = asyncio.Event()

        def wake() -> None:
            loop.call_soon_threadsafe(changed.set)

        try:
            listener = relay.listen(token, wake)
        except RelayError as error:
            return _refusal(error)

        async def events() -> AsyncIterator[dict[str, str]]:
            since = 0
            try:
                while True:
                    changed.clear()
                    if not relay.is_open(token):
                        yield {"event": "ended", "data": "{}"}
                        return
                    if not listener.active:  # a newer page of the seat took its place
                        yield {"event": "replaced", "data": "{}"}
                        return
                    try:
                        state = await in_thread(functools.partial(relay.state, token, since=since))
                    except RelayError:
                        yield {"event": "ended", "data": "{}"}
                        return
                    since = state["step"]
                    yield {"event": "state", "data": to_json(state).decode("ascii")}
                    await changed.wait()
            finally:
                listener()

        return EventSourceResponse(events(), ping=PING_SECONDS, headers=_HEADERS)

    routes = [Route(path, static, methods=["GET"]) for path in _STATIC]
    routes += [
        Route("/api/config", config, methods=["GET"]),
        Route("/api", api, methods=["POST"]),
        Route("/api/stream", stream, methods=["GET"]),
    ]
    app = Starlette(routes=routes)
    return _Guard(app, host_names("", allowed_hosts))


def uvicorn_config(
    app: ASGIApp,
    host: str,
    port: int,
    *,
    log_level: str = "warning",
    header_seconds: float = HEADER_SECONDS,
    max_connections: int = MAX_CONNECTIONS,
    max_per_address: int = MAX_PER_ADDRESS,
) -> Any:
    """A uvicorn configuration with the table's bounds (connections, timeouts, backlog).

    ``header_seconds``, ``max_connections`` and ``max_per_address`` default to
    `HEADER_SECONDS`, `MAX_CONNECTIONS` and `MAX_PER_ADDRESS` (tests lower them). The
    client's address is the socket's: proxy headers (``X-Forwarded-For``) are ignored,
    so that no client can pass for many (the games per creator are counted by address).
    """
    import uvicorn
    from uvicorn.protocols.http.h11_impl import H11Protocol

    per_address: dict[str, int] = {}  # the event loop's thread only

    class Protocol(H11Protocol):
        """uvicorn's HTTP/1.1 protocol, closing a connection idle before its request head.

        It also refuses (503, then closes) a connection beyond ``max_per_address`` from
        one client address, so that one client cannot hold every connection.
        """

        _head_timer: asyncio.TimerHandle | None = None
        _peer: str | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type]
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple | list) and peer else ""
            held = per_address.get(address, 0)
            if held >= max_per_address:
                self.transport.write(_BUSY)
                self.transport.close()
                return
            per_address[address] = held + 1
            self._peer = address
            self._arm()

        def _arm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
            self._head_timer = self.loop.call_later(header_seconds, self._expire, self.cycle)

        def _expire(self, seen: object) -> None:
            if self.cycle is seen and not self.transport.is_closing():
                self.transport.close()  # no request began since the timer started

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
            if self._peer is not None:
                left = per_address.pop(self._peer) - 1
                if left:
                    per_address[self._peer] = left
                self._peer = None
            super().connection_lost(exc)

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=Protocol,
        ws="none",
        lifespan="off",
        log_level=log_level,
        limit_concurrency=max_connections,
        proxy_headers=False,
        forwarded_allow_ips="",
        backlog=2048,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        timeout_graceful_shutdown=2,
        server_header=False,
    )


def listening_socket(config: Any) -> Any:
    """Bind the uvicorn ``config``'s socket and listen on it at once; returns the socket.

    uvicorn's ``Config.bind_socket`` only binds: the socket listens when the server has
    started. A link printed in between would refuse connections, so the socket listens
    here, before any address is shown, and early requests wait in the backlog.
    """
    sock = config.bind_socket()
    sock.listen(config.backlog)
    return sock


@contextlib.contextmanager
def running(app: ASGIApp, host: str = "127.0.0.1", port: int = 0, **options: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn in a thread while the block runs; yields the base URL.

    For tests and scripts (``options`` go to `uvicorn_config`).
    """
    import uvicorn

    config = uvicorn_config(app, host, port, **options)
    server = uvicorn.Server(config)
    config.load()
    sock = listening_socket(config)
    bound_host, bound_port = sock.getsockname()[:2]
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, name="web-table", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the web table did not start")
        time.sleep(0.02)
    try:
        yield f"http://{bound_host}:{bound_port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
