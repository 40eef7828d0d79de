"""The browser table's guard (:mod:`lisboa_core.fronts.serve`): who may reach the table,
and how often a client may start a game.

:class:`Guard` stands in front of every route: a request whose ``Host`` is not a name the
table answers to gets HTTP 400 (or a WebSocket closed with 1008), which turns away DNS
rebinding; a WebSocket opened by a page of another origin (its ``Origin`` is not the
scheme and address the table was reached at: another site, or ``https://`` for a table
served over http) is accepted and closed with 1008 and the reason; every HTTP answer
carries :data:`SECURITY_HEADERS`. :class:`GameLimit` counts the new games of each client
address.

Example::

    from starlette.datastructures import Headers
    from lisboa_core.fronts.serve_guard import refusal

    headers = Headers({"host": "127.0.0.1:8000", "origin": "https://127.0.0.1:8000"})
    assert "may not play" in refusal(headers, None, False, websocket=True, scheme="ws")
"""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from lisboa_core.fronts.engine_protocol import clip

__all__ = ["SECURITY_HEADERS", "GameLimit", "Guard", "close_reason", "refusal"]

_Scope = MutableMapping[str, Any]
_Message = MutableMapping[str, Any]
_Receive = Callable[[], Awaitable[_Message]]
_Send = Callable[[_Message], Awaitable[None]]
_ASGI = Callable[[_Scope, _Receive, _Send], Awaitable[None]]
_MAX_REASON = 123  # the bytes a WebSocket close reason may hold (RFC 6455, 5.5)
_PAGE_SCHEME = {"ws": "http", "wss": "https", "http": "http", "https": "https"}

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; "
        "style-src-attr 'unsafe-inline'; img-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
"""The headers of every HTTP answer of the table: scripts, styles and connections only from
the table itself (no inline script; the board picture's ``style`` attribute is the one
inline style allowed), and the table may not be framed by any page."""


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def refusal(headers: Headers, hosts: Sequence[str] | None, addresses: bool, *,
            websocket: bool, scheme: str = "ws") -> str | None:
    """Why a request may not reach the table (a ``Host`` not allowed, or for a WebSocket
    an ``Origin`` other than the page's own: another address than its ``Host``, or another
    scheme than the one the table is served with, ``scheme``: ``ws`` for http, ``wss`` for
    https), or None."""
    host = headers.get("host", "")
    if hosts is not None:
        try:
            name = urlsplit("//" + host).hostname
        except ValueError:
            name = None
        if name is None or not (name in hosts or (addresses and _is_address(name))):
            also = " and IP addresses" if addresses else ""
            return f"this table answers only to {', '.join(hosts)}{also}, not to {clip(host, 60)!r}"
    origin = headers.get("origin")
    if websocket and origin is not None:
        try:
            parts = urlsplit(origin)
            netloc, page = parts.netloc, parts.scheme
        except ValueError:
            netloc = page = ""
        if netloc.lower() != host.lower() or page.lower() != _PAGE_SCHEME.get(scheme, scheme):
            return f"a page from {clip(origin, 60)} may not play at this table"
    return None


def close_reason(text: str) -> str:
    """``text`` cut to what a WebSocket close frame holds."""
    data = text.encode("utf-8")
    if len(data) <= _MAX_REASON:
        return text
    return data[:_MAX_REASON - 3].decode("utf-8", errors="ignore") + "..."


class Guard:
    """In front of every route: the ``Host`` and ``Origin`` checks, and the security
    headers of every HTTP answer. A refused WebSocket is accepted and closed with 1008 and
    the reason, so the page sees them (a socket refused unopened is an empty HTTP 403 that
    a browser reports as code 1006)."""

    def __init__(self, app: _ASGI, hosts: tuple[str, ...] | None, addresses: bool) -> None:
        self.app, self.hosts, self.addresses = app, hosts, addresses

    async def __call__(self, scope: _Scope, receive: _Receive, send: _Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refused = refusal(Headers(scope=scope), self.hosts, self.addresses,
                          websocket=kind == "websocket", scheme=scope.get("scheme", "ws"))
        if kind == "websocket":
            if refused is None:
                await self.app(scope, receive, send)
                return
            websocket = WebSocket(scope, receive, send)
            try:
                await websocket.accept()
                await websocket.close(code=1008, reason=close_reason(refused))  # policy violation
            except (WebSocketDisconnect, OSError):
                pass  # the page went away first
            return

        async def secured(message: _Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
            await send(message)

        if refused is not None:
            await Response(refused, status_code=400)(scope, receive, secured)
            return
        await self.app(scope, receive, secured)


class GameLimit:
    """At most ``count`` new games a minute per client address (a sliding window)."""

    def __init__(self, count: int, window: float = 60.0) -> None:
        self.count, self.window = count, window
        self.started: dict[str, deque[float]] = {}

    def refusal(self, client: str) -> str | None:
        """None, and the game counted; or why a new game must wait."""
        now = time.monotonic()
        if len(self.started) > 4096:  # forget the clients that have been quiet a while
            self.started = {k: v for k, v in self.started.items() if now - v[-1] < self.window}
        times = self.started.setdefault(client, deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.count:
            wait = max(1, round(self.window - (now - times[0])))
            return (f"too many new games: at most {self.count} a minute from one address; "
                    f"try again in {wait} s")
        times.append(now)
        return None
