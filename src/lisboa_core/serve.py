"""``lisboa serve``: a browser table where a person plays against the built-in bots.

A small ASGI application (Starlette, served by uvicorn; the optional extra
``lisboa_core[serve]``): the page ``/`` opens a WebSocket to ``/ws`` and the server holds
the game, one game per connection. The server is the only authority: the page shows what
its seat sees (the board picture of :mod:`lisboa_core.svg`, its hand, the legal moves as
buttons, the event log) and sends back the move chosen, with the number of the decision
it was offered at. A move that is not legal, or that answers a decision already past (a
second click, a page out of date), gets a clear message and changes nothing. The bots move
on the server between the person's decisions, off the event loop.

Only pages of the table itself may play: a WebSocket opened by a page from another site
(its ``Origin`` is not the address the table was reached at) is closed unopened with code
1008, so a web page visited in the same browser cannot drive the local table. Bound to
loopback, :func:`run` also accepts only the loopback names in the ``Host`` header
(``127.0.0.1``, ``localhost``, ``::1``), which turns away DNS rebinding.

The WebSocket messages are JSON objects:

* page to server: ``{"type": "move", "move": NOTATION, "decision": N}`` or
  ``{"type": "new"}`` (a new game with the same settings);
* server to page: ``{"type": "position", "decision": N, "seat": S, "to_act": T,
  "over": bool, "svg": SVG, "hand": [...], "legal": [...], "events": [...],
  "text": ..., "score": {...} | null}`` after every change, and
  ``{"type": "error", "message": ...}`` for a refused message.

Example::

    from lisboa_core.serve import make_app

    app = make_app(players=2, seat=0, bots=("greedy",), seed=7)
    # uvicorn.run(app, host="127.0.0.1", port=8000), or: lisboa serve --port 8000
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Sequence
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .api import is_over, legal_moves, new_game, parse_move
from .bots import Bot, make_bot
from .catalog import Rules
from .engine.scoring import score
from .errors import IllegalMoveError, LisboaError
from .events import Event, apply_with_events
from .moves import Move
from .render import render_score_sheet, render_text
from .state import State
from .svg import board
from .views import observe

__all__ = ["LOOPBACK_NAMES", "Table", "make_app", "run"]

_ASSETS = {"table.js": "text/javascript", "table.css": "text/css"}
_LOG_LIMIT = 200
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
"""The host names a table bound to loopback answers to (the ``hosts`` of :func:`make_app`).

Example: ``make_app(players=3, bots=["greedy"], hosts=LOOPBACK_NAMES)`` is the application
``lisboa serve --players 3`` serves on 127.0.0.1."""


class Table:
    """One game at the browser table: the person's seat, the bots in the others, and the
    events the person has seen. Used by the server, one per connection; usable alone.

    :param players: 2 to 4.
    :param seat: the person's seat (0 to ``players - 1``).
    :param bots: built-in bot names for the other seats, in seat order, cycled.
    :param seed: the game's seed (the bots are seeded from it too).
    :param rules: the catalogue to play with (default: the shipped one).

    Example::

        from lisboa_core.serve import Table

        table = Table(players=2, seat=0, bots=("random",), seed=3)
        first = table.message()
        table.play(first["legal"][0], first["decision"])
    """

    def __init__(self, players: int = 2, seat: int = 0, bots: Sequence[str] = ("greedy",),
                 seed: int = 0, rules: Rules | None = None) -> None:
        if not 2 <= players <= 4:
            raise LisboaError(f"players: expected 2 to 4, got {players}")
        if not 0 <= seat < players:
            raise LisboaError(f"seat: expected 0 to {players - 1}, got {seat}")
        if not bots:
            raise LisboaError("bots: name at least one bot")
        self.players, self.seat, self.seed = players, seat, seed
        self.bot_names = tuple(bots)
        others = [s for s in range(players) if s != seat]
        self.bots: dict[int, Bot] = {
            s: make_bot(self.bot_names[i % len(self.bot_names)], seed * 16 + s)
            for i, s in enumerate(others)
        }
        self.state: State = new_game(players, seed, rules=rules)
        self.decision = 0
        """How many decisions have been taken: a move must name the current one."""
        self.log: list[dict[str, Any]] = []
        self.bots_move()

    def _apply(self, move: Move) -> None:
        actor = self.state.to_act
        self.state, events = apply_with_events(self.state, move, self.seat)
        self.decision += 1
        self.log.extend(_logged(events, actor, self.seat))
        del self.log[:-_LOG_LIMIT]

    def bots_move(self) -> None:
        """Let the bots decide until it is the person's turn or the game is over."""
        while not is_over(self.state) and self.state.to_act != self.seat:
            actor = self.state.to_act
            assert actor is not None
            legal = legal_moves(self.state)
            self._apply(self.bots[actor].choose(observe(self.state, actor), legal))

    def play(self, text: str, decision: int) -> str | None:
        """The person's move, in notation, answering decision number ``decision``; the
        bots then move. Returns ``None``, or why the move was refused (nothing changed)."""
        if decision != self.decision:
            return (f"that move answered decision {decision}, but the game is at decision "
                    f"{self.decision}: the page was out of date and nothing was played")
        if is_over(self.state):
            return "the game is over"
        if self.state.to_act != self.seat:
            return "it is not your decision"
        try:
            chosen = parse_move(text, self.state)
        except IllegalMoveError as err:
            return str(err)
        self._apply(chosen)
        self.bots_move()
        return None

    def message(self) -> dict[str, Any]:
        """What the person's page shows now (a ``position`` message)."""
        view = observe(self.state, self.seat)
        over = is_over(self.state)
        sheet = score(self.state) if over else None
        return {
            "type": "position",
            "decision": self.decision,
            "seat": self.seat,
            "to_act": self.state.to_act,
            "over": over,
            "svg": board(view),
            "hand": list(view.hand),
            "legal": [] if over or self.state.to_act != self.seat
            else [str(m) for m in legal_moves(self.state)],
            "decision_kind": self.state.pending[-1].kind if self.state.pending else None,
            "events": self.log[-_LOG_LIMIT:],
            "text": render_text(view),
            "score": None if sheet is None else {
                **sheet.to_dict(), "table": render_score_sheet(sheet)},
        }


def _logged(events: tuple[Event, ...], actor: int | None, seat: int) -> list[dict[str, Any]]:
    rows = []
    for event in events:
        data = event.to_dict()
        data["text"] = str(event)
        data["mine"] = actor == seat
        rows.append(data)
    return rows


def _asset(name: str) -> str:
    return resources.files("lisboa_core").joinpath("web", name).read_text(encoding="utf-8")


def _refusal(headers: Headers, hosts: Sequence[str] | None, *, websocket: bool) -> str | None:
    """Why a request may not reach the table (a foreign ``Host``, or for a WebSocket a
    foreign ``Origin``), or None."""
    host = headers.get("host", "")
    if hosts is not None:
        try:
            name = urlsplit("//" + host).hostname
        except ValueError:
            name = None
        if name not in hosts:
            return f"this table answers only to {', '.join(hosts)}, not to {host!r}"
    origin = headers.get("origin")
    if websocket and origin is not None:
        try:
            netloc = urlsplit(origin).netloc
        except ValueError:
            netloc = ""
        if netloc.lower() != host.lower():
            return f"a page from {origin} may not play at this table"
    return None


def make_app(players: int = 2, seat: int = 0, bots: Sequence[str] = ("greedy",),
             seed: int = 0, rules: Rules | None = None,
             hosts: Sequence[str] | None = None) -> Starlette:
    """The ASGI application of the browser table.

    :param players: 2 to 4.
    :param seat: the person's seat.
    :param bots: bot names for the other seats (``random``, ``greedy``, ``ismcts``).
    :param seed: the first game's seed; each new game at a connection adds 1.
    :param rules: the catalogue to play with (default: the shipped one).
    :param hosts: the host names the table answers to (the ``Host`` header, port aside;
        others get 400 and a closed socket); ``None`` answers to any. Whatever ``hosts``,
        a WebSocket whose ``Origin`` is another site than its ``Host`` is refused.
    :raises LisboaError: for a bad player count, seat or bot name (before serving).

    Example::

        from starlette.testclient import TestClient
        from lisboa_core.serve import LOOPBACK_NAMES, make_app

        app = make_app(players=2, seat=0, bots=["random"], seed=1, hosts=LOOPBACK_NAMES)
        client = TestClient(app)
        with client.websocket_connect("ws://127.0.0.1:8000/ws") as ws:
            shown = ws.receive_json()           # a "position" message
            assert shown["type"] == "position" and shown["legal"]
    """
    Table(players, seat, bots, seed, rules)  # refuses bad settings now, not at the first page
    allowed = None if hosts is None else tuple(h.lower() for h in hosts)

    async def page(request: Request) -> Response:
        refused = _refusal(request.headers, allowed, websocket=False)
        if refused is not None:
            return Response(refused, status_code=400)
        return HTMLResponse(_asset("index.html"))

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _ASSETS:
            return Response("not found", status_code=404)
        return Response(_asset(name), media_type=_ASSETS[name])

    async def table_socket(websocket: WebSocket) -> None:
        refused = _refusal(websocket.headers, allowed, websocket=True)
        if refused is not None:
            await websocket.close(code=1008, reason=refused)  # policy violation
            return
        await websocket.accept()
        games = 0
        table = await asyncio.to_thread(Table, players, seat, bots, seed, rules)
        await websocket.send_json(await asyncio.to_thread(table.message))
        try:
            while True:
                text = await websocket.receive_text()
                try:
                    request = json.loads(text)
                except ValueError:
                    request = None
                if not isinstance(request, dict) or request.get("type") not in ("move", "new"):
                    await websocket.send_json({"type": "error", "message":
                                               'expected {"type": "move", ...} or '
                                               '{"type": "new"}'})
                    continue
                if request["type"] == "new":
                    games += 1
                    table = await asyncio.to_thread(Table, players, seat, bots, seed + games, rules)
                    await websocket.send_json(await asyncio.to_thread(table.message))
                    continue
                move, decision = request.get("move"), request.get("decision")
                if not isinstance(move, str) or not isinstance(decision, int):
                    await websocket.send_json({"type": "error", "message":
                                               "a move needs 'move' (notation) and "
                                               "'decision' (a number)"})
                    continue
                try:
                    refused = await asyncio.to_thread(table.play, move, decision)
                except IllegalMoveError as err:
                    refused = str(err)
                if refused is not None:
                    await websocket.send_json({"type": "error", "message": refused})
                    continue
                await websocket.send_json(await asyncio.to_thread(table.message))
        except WebSocketDisconnect:
            return

    return Starlette(routes=[
        Route("/", page),
        Route("/static/{name}", asset),
        WebSocketRoute("/ws", table_socket),
    ])


def run(host: str = "127.0.0.1", port: int = 8000, *, players: int = 2, seat: int = 0,
        bots: Sequence[str] = ("greedy",), seed: int = 0, announce: bool = True,
        rules: Rules | None = None) -> None:
    """Serve the browser table until interrupted.

    :param host: the address to bind (loopback by default: the table is for this machine;
        bind another address only on a network you trust).
    :param port: the port; 0 picks a free one.
    :param announce: print the table's address (with the port actually bound).
    :param rules: the catalogue to play with (default: the shipped one).

    Bound to a loopback address, the table answers only to :data:`LOOPBACK_NAMES`
    (see :func:`make_app`); bound to another, to any host name.

    Example::

        from lisboa_core.serve import run

        if __name__ == "__main__":  # serves until Ctrl-C
            run(port=0, players=3, bots=["greedy", "random"])
    """
    import uvicorn  # late: only the server needs it

    loopback = host.lower() in LOOPBACK_NAMES or host.startswith("127.")
    hosts = (*LOOPBACK_NAMES, host.lower()) if loopback else None
    app = make_app(players, seat, bots, seed, rules, hosts)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    bound = sock.getsockname()[1]
    if announce:
        shown = f"[{host}]" if ":" in host else host
        print(f"lisboa table at http://{shown}:{bound}/ (Ctrl-C to stop)", flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws="websockets-sansio"))
    server.run(sockets=[sock])
