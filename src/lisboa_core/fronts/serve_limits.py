"""The browser table's limits below the application (``lisboa serve``): what uvicorn's HTTP
and WebSocket protocols are given so that no client, however slow or malformed, makes the
table stop answering.

* **Connections**: at most :func:`connection_cap` at once (the process's descriptor limit,
  less a reserve); one more is answered ``503`` and closed at once, so descriptors never
  run out (where they did, ~1,100 half-open connections with a 1,024 limit stopped the
  table for good).
* **Header time**: a connection must finish its request's headers within
  ``header_timeout`` seconds (:data:`HEADER_TIMEOUT`), or it gets ``408`` and is closed.
* **Long handshakes**: a WebSocket handshake whose request line or a header line is longer
  than the WebSocket layer reads (:data:`MAX_LINE`) is answered ``414`` (the URL) or
  ``431`` (a header) and closed, instead of no answer.
* **Text frames**: a WebSocket text message that is not UTF-8 closes the socket with code
  1007 (RFC 6455, 7.4.1), said in one line of the log, without a traceback.

:func:`protocols` makes the two protocol classes :func:`lisboa_core.fronts.serve.server_config`
gives uvicorn.

Example::

    from lisboa_core.fronts.serve_limits import connection_cap, protocols

    http, ws = protocols(header_timeout=10.0, cap=connection_cap())
    assert http.header_timeout == 10.0 and ws.__name__ == "TableWebSocket"
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

__all__ = ["HEADER_TIMEOUT", "MAX_LINE", "connection_cap", "protocols"]

HEADER_TIMEOUT = 10.0
"""Seconds a connection has to send its request's headers (the table's are under 1 KB)."""
MAX_LINE = 8192
"""The longest request line or header line of a WebSocket handshake, in bytes (the
WebSocket layer's own limit)."""
_RESERVE = 64  # descriptors kept for the process itself: files, the event loop, threads
_LOGGER = logging.getLogger("lisboa_core.fronts.serve")
_PHRASES = {408: "Request Timeout", 414: "URI Too Long", 431: "Request Header Fields Too Large",
            503: "Service Unavailable"}


def connection_cap(backlog: int = 64) -> int:
    """The most connections the table keeps open at once: the process's descriptor limit,
    less four times the ``backlog`` (the event loop accepts up to ``backlog`` connections
    at a time, and those it refuses hold their descriptor for a few more turns of the loop)
    and a reserve; at least 16, and 1,000 where the limit cannot be read.

    Example::

        from lisboa_core.fronts.serve_limits import connection_cap

        assert connection_cap() >= 16
    """
    try:
        import resource
    except ImportError:  # not on this platform (Windows): a fixed cap
        return 1000
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft == resource.RLIM_INFINITY:
        return 4096
    return max(16, soft - 4 * backlog - _RESERVE)


def _refuse(transport: asyncio.BaseTransport, status: int, why: str) -> None:
    """Answer ``status`` with ``why`` and close the connection."""
    body = why.encode("utf-8")
    head = (f"HTTP/1.1 {status} {_PHRASES[status]}\r\ncontent-type: text/plain; "
            f"charset=utf-8\r\ncontent-length: {len(body)}\r\nconnection: close\r\n"
            "x-content-type-options: nosniff\r\n\r\n").encode("ascii")
    if isinstance(transport, asyncio.WriteTransport) and not transport.is_closing():
        transport.write(head + body)
    transport.close()


class _TableHTTP(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with the table's connection cap, header deadline and
    handshake line limits."""

    header_timeout: float = HEADER_TIMEOUT
    cap: int = 1000

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.cap:
            _refuse(transport, 503, f"the table has {self.cap} connections open: try again "
                    "in a moment")
            return
        self._watch()

    def _watch(self) -> None:
        """Close the connection unless a request's headers arrive within the deadline."""
        waiting_for = self.cycle  # the request before the one awaited (None: the first)
        self.loop.call_later(self.header_timeout, self._headers_due, waiting_for)

    def _headers_due(self, waiting_for: Any) -> None:
        transport = self.transport
        if (transport is None or transport.is_closing() or transport.get_protocol() is not self
                or self.cycle is not waiting_for):  # closed, upgraded, or a request came
            return
        _refuse(transport, 408, f"the request's headers took over {self.header_timeout:g} s")

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._watch()  # the next request on this connection has the same deadline

    def handle_websocket_upgrade(self, event: Any) -> None:
        if len(event.method) + len(event.target) + 11 > MAX_LINE:
            _refuse(self.transport, 414, f"the address is {len(event.target):,} bytes long; "
                    f"a WebSocket handshake reads at most {MAX_LINE:,}")
            return
        longest = max((len(name) + len(value) + 2 for name, value in event.headers), default=0)
        if longest > MAX_LINE:
            _refuse(self.transport, 431, f"a header line is {longest:,} bytes long; a "
                    f"WebSocket handshake reads at most {MAX_LINE:,}")
            return
        super().handle_websocket_upgrade(event)


class _TableWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, closing with 1007 on a text message that is not UTF-8
    without a traceback in the log."""

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode("utf-8")
            except UnicodeDecodeError:
                self.frames = []
                client = "%s:%d" % self.client if self.client else "a client"  # noqa: UP031
                _LOGGER.info("%s sent a text message that is not UTF-8: closed (1007)", client)
                self.conn.send_close(1007, "a text message must be UTF-8")
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()


def protocols(header_timeout: float = HEADER_TIMEOUT,
              cap: int | None = None) -> tuple[type[H11Protocol], type[WebSocketsSansIOProtocol]]:
    """The HTTP and WebSocket protocol classes of a table server: headers due within
    ``header_timeout`` seconds, at most ``cap`` connections (default
    :func:`connection_cap`).

    :raises ValueError: for a timeout or cap below 1.
    """
    if header_timeout <= 0 or (cap is not None and cap < 1):
        raise ValueError(f"protocols(): expected a positive header_timeout and cap, got "
                         f"{header_timeout} and {cap}")
    http = type("TableHTTP", (_TableHTTP,), {
        "header_timeout": header_timeout,
        "cap": cap if cap is not None else connection_cap(),
        "__doc__": _TableHTTP.__doc__})
    ws = type("TableWebSocket", (_TableWebSocket,), {"__doc__": _TableWebSocket.__doc__})
    return http, ws
