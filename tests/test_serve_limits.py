"""Issues 31.9 and 34.8, the browser table's server under clients that misbehave, on
127.0.0.1 only, each bounded in count and time. A real ``lisboa serve`` stack (uvicorn,
with :func:`~lisboa_core.fronts.serve.server_config`) runs in a child process whose
descriptor limit is lowered (``resource.setrlimit``) so that running out is quick to try:

* connections that never finish their headers no longer stop the table for good: beyond
  the cap they are answered 503 at once, those past the header deadline get 408, and the
  table answers again as soon as they close, without a traceback in its log;
* a WebSocket handshake with an address over 8 KB is answered 414;
* a WebSocket text message that is not UTF-8 closes the socket with 1007, without a
  traceback in the log;
* ``/favicon.ico`` is served; an ``https://`` page may not play at a table served over
  http; a table bound to all interfaces says where it is reached.
"""

from __future__ import annotations

import base64
import os
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the browser table needs the serve extra")
resource = pytest.importorskip("resource", reason="descriptor limits are a POSIX feature")
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from lisboa_core.fronts.serve import LOOPBACK_NAMES, make_app, reachable_address
from lisboa_core.fronts.serve_guard import refusal
from lisboa_core.fronts.serve_limits import MAX_LINE, connection_cap, protocols

SRC = Path(__file__).resolve().parent.parent / "src"
LIMIT = 256  # the child's descriptor limit (its cap by that limit would be 256 - 4 * 16 - 64)
CAP = 40  # the child's connection cap, below it: reached in a few seconds
HEADER_TIMEOUT = 6.0
_SERVER = f"""
import logging, resource, socket, sys
import uvicorn
from lisboa_core.fronts.serve import LOOPBACK_NAMES, make_app, server_config
hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
resource.setrlimit(resource.RLIMIT_NOFILE, ({LIMIT}, hard))
logging.basicConfig(level=logging.INFO, stream=sys.stderr)
app = make_app(players=2, bots=["random"], hosts=LOOPBACK_NAMES)
sock = socket.socket()
sock.bind(("127.0.0.1", 0))
sock.listen(16)
print(sock.getsockname()[1], flush=True)
config = server_config(app, header_timeout={HEADER_TIMEOUT}, max_connections={CAP},
                       backlog=16, log_config=None)
uvicorn.Server(config).run(sockets=[sock])
"""


class _Served:
    """The table in a child process: its port, and its log once stopped."""

    def __init__(self, process: subprocess.Popen[str], port: int) -> None:
        self.process, self.port = process, port
        self._log: str | None = None

    def log(self) -> str:
        """Stop the table; what it logged (standard error)."""
        if self._log is None:
            self.process.terminate()
            self._log = self.process.communicate(timeout=30)[1]
        return self._log


@pytest.fixture
def server() -> Iterator[_Served]:
    """The table in a child process with a low descriptor limit."""
    process = subprocess.Popen(
        [sys.executable, "-c", _SERVER], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL, text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])})
    served = None
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.strip().isdigit(), process.stderr.read() if process.stderr else line
        served = _Served(process, int(line))
        yield served
    finally:
        if served is not None:
            served.log()
        else:
            process.kill()
            process.communicate(timeout=30)


def _get(port: int, path: str = "/", timeout: float = 5.0) -> bytes:
    """The status line of ``GET path`` (or b"" when no answer comes in time)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     "Connection: close\r\n\r\n".encode())
        try:
            return sock.recv(4096).split(b"\r\n", 1)[0]
        except TimeoutError:
            return b""


def _handshake(port: int, path: str = "/ws") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    return sock


def _frames(sock: socket.socket) -> Iterator[tuple[int, bytes]]:
    """The server's WebSocket frames (opcode, payload), after its handshake answer."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(4096)
    head, data = data.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 101"), head
    while True:
        while len(data) < 2 or len(data) < _frame_length(data):
            more = sock.recv(65536)
            if not more:
                return
            data += more
        size = _frame_length(data)
        opcode, payload = data[0] & 0x0F, data[size - _payload_length(data):size]
        data = data[size:]
        yield opcode, payload


def _payload_length(data: bytes) -> int:
    n = data[1] & 0x7F
    if n == 126:
        return int(struct.unpack(">H", data[2:4])[0]) if len(data) >= 4 else 1 << 30
    if n == 127:
        return int(struct.unpack(">Q", data[2:10])[0]) if len(data) >= 10 else 1 << 30
    return n


def _frame_length(data: bytes) -> int:
    n = data[1] & 0x7F
    head = 2 + (2 if n == 126 else 8 if n == 127 else 0)
    return head + _payload_length(data)


def _text_frame(payload: bytes) -> bytes:
    """A masked (client) text frame, its payload as given (UTF-8 or not)."""
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


def _no_traceback(server: _Served) -> str:
    """The table's log, stopped: it holds no traceback."""
    log = server.log()
    assert "Traceback" not in log, log[-3000:]
    return log


@pytest.mark.slow  # about 10 s: 300 connections, a 6 s header deadline
def test_half_open_connections_do_not_stop_the_table(server: _Served) -> None:
    port = server.port
    assert _get(port).startswith(b"HTTP/1.1 200")
    held = []
    started = time.monotonic()
    for _ in range(300):  # more than the descriptors the table has
        sock = socket.create_connection(("127.0.0.1", port), timeout=2 * HEADER_TIMEOUT)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # headers never finished
        held.append(sock)
    # Beyond the cap: answered at once (503), never left without an answer.
    during = _get(port)
    assert during.startswith((b"HTTP/1.1 503", b"HTTP/1.1 200")), during
    answers = []
    for sock in held:  # each held one is answered: 503 beyond the cap, 408 at the deadline
        try:
            answers.append(sock.recv(200).split(b"\r\n", 1)[0])
        except TimeoutError:
            answers.append(b"")
        sock.close()
    assert set(answers) <= {b"HTTP/1.1 503 Service Unavailable", b"HTTP/1.1 408 Request Timeout"}
    assert b"HTTP/1.1 408 Request Timeout" in answers and b"HTTP/1.1 503 Service Unavailable" in answers
    assert _get(port).startswith(b"HTTP/1.1 200")  # recovered
    assert time.monotonic() - started < 90
    for _ in range(3):  # and again, the descriptors all given back
        assert _get(port).startswith(b"HTTP/1.1 200")
    _no_traceback(server)


def test_a_long_handshake_address_is_answered_414(server: _Served) -> None:
    port = server.port
    with _handshake(port, "/ws?game=" + "x" * 9000) as sock:
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 414 URI Too Long"), answer[:200]
    assert b"at most 8,192" in answer
    with _handshake(port, "/ws?game=" + "x" * (MAX_LINE - 100)) as sock:  # under the limit
        opcode, first = next(_frames(sock))
    assert opcode == 1 and b'"type":"notice"' in first  # no such game: a new one
    _no_traceback(server)


def test_a_text_message_that_is_not_utf8_closes_with_1007(
        server: _Served) -> None:
    port = server.port
    with _handshake(port) as sock:
        frames = _frames(sock)
        opcode, _ = next(frames)  # the position
        assert opcode == 1
        sock.sendall(_text_frame(b'{"type": "undo"} \xff\xfe'))
        closing = [payload for opcode, payload in frames if opcode == 8]
    assert closing and struct.unpack(">H", closing[0][:2])[0] == 1007
    assert _get(port).startswith(b"HTTP/1.1 200")
    assert "not UTF-8: closed (1007)" in _no_traceback(server)


def test_the_favicon_is_served() -> None:
    client = TestClient(make_app(bots=("random",), hosts=LOOPBACK_NAMES))
    icon = client.get("http://127.0.0.1:8000/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.startswith("<svg") and icon.headers["x-frame-options"] == "DENY"
    page = client.get("http://127.0.0.1:8000/").text
    assert 'rel="icon"' in page
    assert client.get("http://127.0.0.1:8000/static/favicon.svg").text == icon.text


def test_an_https_page_may_not_play_at_a_table_served_over_http() -> None:
    from starlette.datastructures import Headers

    def said(origin: str, scheme: str) -> str | None:
        headers = Headers({"host": "127.0.0.1:8000", "origin": origin})
        return refusal(headers, LOOPBACK_NAMES, False, websocket=True, scheme=scheme)

    assert said("http://127.0.0.1:8000", "ws") is None
    assert said("https://127.0.0.1:8000", "wss") is None  # behind TLS: its own page
    assert "may not play" in (said("https://127.0.0.1:8000", "ws") or "")
    assert "may not play" in (said("http://127.0.0.1:8000", "wss") or "")
    client = TestClient(make_app(bots=("random",), hosts=LOOPBACK_NAMES))
    with client.websocket_connect("ws://127.0.0.1:8000/ws", headers={
            "origin": "https://127.0.0.1:8000"}) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 1008


def test_the_limits_follow_the_descriptor_limit() -> None:
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft != resource.RLIM_INFINITY:
        assert connection_cap(backlog=16) == max(16, soft - 4 * 16 - 64)
    http, _ws = protocols(header_timeout=2.5, cap=40)
    assert (http.header_timeout, http.cap) == (2.5, 40)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="positive"):
        protocols(header_timeout=0)


def test_a_reachable_address_is_not_loopback() -> None:
    found = reachable_address()
    assert found is None or not found.startswith("127.")
