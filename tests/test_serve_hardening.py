"""The browser table against what a hostile page or client sends (issue 23, items 2 and 3):
no message ends a connection, the table answers only to its own names and pages, every
page is sent with a Content-Security-Policy and may not be framed, and new games are
rate-limited. The close codes and the logs are checked on a real uvicorn server on
127.0.0.1 with a real WebSocket client (the ``websockets`` package), each wait bounded."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
import types
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

for _package in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_package, reason="the browser table needs the serve extra")
import uvicorn
from starlette.applications import Starlette
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from lisboa_core.errors import LisboaError
from lisboa_core.fronts.serve import LOOPBACK_NAMES, _answered, make_app, server_config

SRC = Path(__file__).resolve().parent.parent / "src"


@contextlib.contextmanager
def _live(app: Starlette) -> Iterator[tuple[str, uvicorn.Server]]:
    """``app`` served by uvicorn (the settings of ``lisboa serve``) on 127.0.0.1, a free
    port, in a thread; yields ``host:port`` and the server."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(server_config(app, log_config=None))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{sock.getsockname()[1]}", server
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
    assert not thread.is_alive(), "the server did not stop"


def _connect(address: str, **options: object) -> ClientConnection:
    return connect(f"ws://{address}/ws", open_timeout=10, close_timeout=5, max_size=None,
                   **options)  # type: ignore[arg-type]


def _receive(ws: ClientConnection) -> dict[str, object]:
    message = json.loads(ws.recv(timeout=30))
    assert isinstance(message, dict)
    return message


def _idle(server: uvicorn.Server) -> None:
    """Wait until the server has finished every connection it was handling."""
    deadline = time.monotonic() + 30
    while server.server_state.connections or server.server_state.tasks:
        assert time.monotonic() < deadline, "connections still open after 30 s"
        time.sleep(0.05)


def _problems(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.WARNING]


def test_no_message_ends_a_connection_on_a_real_server(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    with _live(make_app(bots=("random",), seed=3, hosts=LOOPBACK_NAMES)) as (address, server):
        with _connect(address) as ws:
            shown = _receive(ws)
            decision = shown["decision"]
            bad: list[tuple[str | bytes, str]] = [
                ('{"type": "move", "move": "\\ud800", "decision": ' f"{decision}}}", "surrogate"),
                ('{"type": "move", "move": "keep \\udfff"}', "surrogate"),
                ("[" * 1000 + "]" * 1000, "nested more than 32"),
                ("[" * 30_000 + "]" * 30_000, "nested more than 32"),  # under the size cap
                ("[" * 100_000 + "]" * 100_000, "200,000 characters"),
                ('{"type": "new", "x": NaN}', "NaN"),
                (b'{"type": "new"}', "binary message (15 bytes)"),
                (json.dumps({"type": "move", "move": "x" * 10_000_000, "decision": decision}),
                 "characters long"),
                (json.dumps({"type": "move", "move": "y" * 60_000, "decision": decision}),
                 "no legal move"),
                ('{"type": "move", "move": "pass", "decision": true}', "'decision'"),
            ]
            for message, why in bad:
                ws.send(message)
                answer = ws.recv(timeout=30)
                assert isinstance(answer, str) and len(answer) < 1000, (why, len(answer))
                refused = json.loads(answer)
                assert refused["type"] == "error" and why in refused["message"], (why, refused)
            # The game went on untouched: the move offered at first is still the one to play.
            ws.send(json.dumps({"type": "move", "move": shown["legal"][0],  # type: ignore[index]
                                "decision": decision}))
            after = _receive(ws)
            assert after["type"] == "position" and after["decision"] > decision  # type: ignore[operator]
        _idle(server)
    assert _problems(caplog) == []


def test_a_page_that_closes_at_once_leaves_no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    with _live(make_app(bots=("greedy",), hosts=LOOPBACK_NAMES)) as (address, server):
        for _ in range(4):
            with _connect(address):
                pass  # a closing handshake before the first position
        for _ in range(4):
            with _connect(address) as ws:
                ws.socket.shutdown(socket.SHUT_RDWR)  # the connection simply dropped
        _idle(server)
        with _connect(address) as ws:  # and the table still serves
            assert _receive(ws)["type"] == "position"
        _idle(server)
    assert _problems(caplog) == []


def test_a_foreign_origin_or_host_sees_the_documented_close_on_a_real_server(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    with _live(make_app(bots=("random",), hosts=LOOPBACK_NAMES)) as (address, server):
        with (_connect(address, origin="http://evil.example") as ws,
              pytest.raises(ConnectionClosed) as closed):
            ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert "http://evil.example may not play" in closed.value.rcvd.reason
        # DNS rebinding: the page's own name, pointing at this machine.
        port = int(address.rsplit(":", 1)[1])
        with (socket.create_connection(("127.0.0.1", port), timeout=10) as sock,
              connect(f"ws://rebound.example:{port}/ws", sock=sock, open_timeout=10,
                      close_timeout=5, origin=f"http://rebound.example:{port}") as ws,
              pytest.raises(ConnectionClosed) as closed):
            ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert "rebound.example" in closed.value.rcvd.reason
        request = urllib.request.Request(f"http://{address}/",
                                         headers={"Host": f"rebound.example:{port}"})
        with pytest.raises(urllib.error.HTTPError) as page:
            urllib.request.urlopen(request, timeout=10)
        assert page.value.code == 400
        assert page.value.headers["X-Frame-Options"] == "DENY"
        # The table's own page (same origin) plays.
        with _connect(address, origin=f"http://{address}") as ws:
            assert _receive(ws)["type"] == "position"
        with urllib.request.urlopen(f"http://{address}/", timeout=10) as answer:
            assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
        _idle(server)
    assert _problems(caplog) == []


def test_a_long_origin_still_gets_a_close_reason_that_fits_a_frame() -> None:
    client = TestClient(make_app(bots=("random",)))
    origin = "https://" + "é" * 300 + ".example"
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
            "ws://127.0.0.1:8000/ws", headers={"origin": origin.encode("latin-1")}) as ws:
        ws.receive_json()
    assert refused.value.code == 1008 and len(refused.value.reason.encode()) <= 123


def _policy(header: str) -> dict[str, str]:
    return {d.strip().split(" ", 1)[0]: d.strip().partition(" ")[2] for d in header.split(";")}


def test_every_answer_forbids_framing_and_inline_scripts() -> None:
    client = TestClient(make_app(bots=("random",), hosts=LOOPBACK_NAMES))
    answers = [client.get(f"http://127.0.0.1:8000{path}")
               for path in ("/", "/static/table.js", "/static/table.css", "/static/nope.py",
                            "/nowhere")]
    answers.append(client.get("http://rebound.example:8000/"))
    assert [a.status_code for a in answers] == [200, 200, 200, 404, 404, 400]
    for answer in answers:
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["x-content-type-options"] == "nosniff"
        policy = _policy(answer.headers["content-security-policy"])
        assert policy["frame-ancestors"] == "'none'" and policy["default-src"] == "'none'"
        assert policy["script-src"] == "'self'"  # no inline script, no eval
        assert policy["connect-src"] == "'self'"
    assert "<script>" not in answers[0].text and "<script src=" in answers[0].text


def test_new_games_are_rate_limited_and_the_game_goes_on() -> None:
    client = TestClient(make_app(bots=("random",), seed=5, games_per_minute=3))
    with client.websocket_connect("/ws") as ws:  # the first game
        ws.receive_json()
        for _ in range(2):  # two more
            ws.send_json({"type": "new"})
            shown = ws.receive_json()
            assert shown["type"] == "position"
        ws.send_json({"type": "new"})
        refused = ws.receive_json()
        assert refused["type"] == "error"
        assert "too many new games: at most 3 a minute" in refused["message"]
        ws.send_json({"type": "move", "move": shown["legal"][0], "decision": shown["decision"]})
        after = ws.receive_json()  # the game in play was kept
        assert after["type"] == "position" and after["decision"] > shown["decision"]
    # The limit is per client address, so a new connection is a new game refused too.
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/ws") as ws:
        ws.receive_json()
    assert closed.value.code == 1013 and "too many new games" in closed.value.reason
    with pytest.raises(LisboaError, match="games_per_minute"):
        make_app(games_per_minute=0)


def test_a_public_table_answers_to_addresses_and_allowed_names_only() -> None:
    hosts, public = _answered("0.0.0.0", True, ["Table.LAN"])
    assert public and hosts == (*LOOPBACK_NAMES, "table.lan")
    client = TestClient(make_app(bots=("random",), hosts=hosts, addresses=public))
    for address in ("192.168.1.5:8000", "[fe80::1]:8000", "table.lan:8000", "localhost"):
        assert client.get(f"http://{address}/").status_code == 200, address
        with client.websocket_connect(f"ws://{address}/ws",
                                      headers={"origin": f"http://{address}"}) as ws:
            assert ws.receive_json()["type"] == "position"
    for name in ("rebound.example:8000", "192.168.1.5.nip.io", "table.lan.evil.example"):
        assert client.get(f"http://{name}/").status_code == 400, name
    # Beyond loopback only when asked; loopback needs no flag and answers to no address.
    for beyond in ("0.0.0.0", "::", "192.168.1.5", "table.lan"):
        with pytest.raises(LisboaError, match="--public"):
            _answered(beyond, False, ())
    assert _answered("127.0.0.2", False, ()) == ((*LOOPBACK_NAMES, "127.0.0.2"), False)
    assert _answered("::1", True, ()) == (LOOPBACK_NAMES, False)


def _lisboa(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.run([sys.executable, "-m", "lisboa_core", *args], capture_output=True,
                          text=True, env=env, timeout=timeout, check=False)


@pytest.mark.slow
def test_serving_beyond_loopback_needs_public() -> None:
    refused = _lisboa("serve", "--host", "0.0.0.0", "--port", "0")  # refused before binding
    assert refused.returncode == 1 and "--public" in refused.stderr, refused.stderr
    assert refused.stdout == ""
    bad = _lisboa("serve", "--allow-host", "http://table.lan:8000")
    assert bad.returncode == 2 and "--allow-host" in bad.stderr


@pytest.mark.slow
def test_allowed_host_names_reach_the_table_through_the_command_line() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "lisboa_core", "serve", "--port", "0", "--bots", "random",
         "--allow-host", "lisboa.test"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
        env={**os.environ, "PYTHONPATH": str(SRC)})
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line, line
        port = int(line.split("127.0.0.1:", 1)[1].split("/", 1)[0])

        def status(host: str) -> int:
            request = urllib.request.Request(f"http://127.0.0.1:{port}/",
                                             headers={"Host": f"{host}:{port}"})
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    return int(answer.status)
            except urllib.error.HTTPError as err:
                return err.code

        assert status("lisboa.test") == 200 and status("localhost") == 200
        assert status("rebound.example") == 400
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=30)
    assert "warning" not in errors  # on loopback: no warning



class _Socket:
    """Stands in for the listening socket, so a public table is tried without binding
    beyond loopback."""

    def __init__(self, *_args: object) -> None:
        self.bound: tuple[object, ...] = ()

    def setsockopt(self, *_args: object) -> None:
        pass

    def bind(self, address: tuple[object, ...]) -> None:
        self.bound = address

    def listen(self, _backlog: int) -> None:
        pass

    def getsockname(self) -> tuple[str, int]:
        return ("0.0.0.0", 43210)


def test_a_public_table_warns_and_serves_the_names_allowed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from lisboa_core.fronts import cli, serve

    served: list[Starlette] = []
    sockets: list[_Socket] = []

    def socket_factory(*args: object) -> _Socket:
        sockets.append(_Socket(*args))
        return sockets[-1]

    monkeypatch.setattr(serve, "socket", types.SimpleNamespace(
        socket=socket_factory, AF_INET=socket.AF_INET, AF_INET6=socket.AF_INET6,
        SOL_SOCKET=socket.SOL_SOCKET, SO_REUSEADDR=socket.SO_REUSEADDR))
    monkeypatch.setattr(serve, "reachable_address", lambda family: "192.168.1.5")
    monkeypatch.setattr(uvicorn.Server, "run",
                        lambda server, sockets=None: served.append(server.config.app))
    # uvicorn.Config points the logging system's handlers at the streams of the moment,
    # which capsys closes after this test: later tests of the same worker would log into
    # a closed file.
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda config: None)
    assert cli.main(["serve", "--host", "0.0.0.0", "--public", "--allow-host", "table.lan",
                     "--bots", "random"]) == 0
    out, err = capsys.readouterr()
    assert sockets[0].bound == ("0.0.0.0", 8000)
    # issue 34.8: an address others can reach, and that it listens on all interfaces
    assert out.startswith("lisboa table at http://192.168.1.5:43210/ (listening on all "
                          "interfaces, 0.0.0.0; on this machine: http://127.0.0.1:43210/)")
    assert "http://0.0.0.0" not in out
    assert err.startswith("warning: the table listens on 0.0.0.0, beyond this machine")
    assert "port 43210" in err and "table.lan" in err and "IP addresses" in err
    client = TestClient(served[0])
    assert client.get("http://table.lan:43210/").status_code == 200
    assert client.get("http://10.1.2.3:43210/").status_code == 200
    assert client.get("http://rebound.example:43210/").status_code == 400
