"""``lisboa serve``: a browser table where a person plays against the built-in bots.

A small ASGI application (Starlette, served by uvicorn; the optional extra
``lisboa_core[serve]``): the page ``/`` opens a WebSocket to ``/ws?game=ID`` (or ``/ws``
for a new game) and the server holds the games, of any registered game (``game``;
``lisboa --game NAME serve``), by id (:class:`~lisboa_core.fronts.table_game.Games`: a cap
and an expiry), so a page reloaded or a socket lost returns to its game. The server is the
only authority: the page shows what its seat sees (the game's picture, :meth:`Game.svg
<lisboa_core.games.Game.svg>`, and its text, its hand when the game has one, the legal
moves as buttons with their words and cards, the moves played, the events in plain
language) and sends back the move chosen, with the number of the decision it was offered
at, or an undo. A move that is not legal, or that answers a decision already past (a second
click, a page out of date), gets a clear message and changes nothing. The bots move on the
server between the person's decisions, off the event loop; one slower than 0.5 s is
announced with its progress.

Only pages of the table itself may play: a WebSocket opened by a page from another site
(its ``Origin`` is not the address the table was reached at) is accepted and at once
closed with code 1008 (policy violation) and the reason, so a web page visited in the same
browser cannot drive the local table. The table answers only to the host names it is
given (the ``Host`` header; others get HTTP 400, or a WebSocket closed with 1008), which
turns away DNS rebinding: bound to loopback, :func:`run` answers to
:data:`LOOPBACK_NAMES`; listening beyond this machine needs ``public=True`` (``lisboa serve
--public``), prints a warning, and answers to IP addresses as such and to the names
allowed (``allow_hosts``, ``--allow-host``). Every HTTP answer carries a
``Content-Security-Policy`` (scripts only from the table, no framing) and
``X-Frame-Options: DENY``. New games are rate-limited per client address (a connection
is a new game, and so is ``{"type": "new"}``).

No message ends a connection: one that cannot be read (not JSON, nested too deep, a lone
surrogate, a binary frame, longer than :data:`MAX_MESSAGE` characters) is answered with an
error and the game goes on; what an error quotes back is cut short. Messages beyond 16 MiB
are refused by the WebSocket layer itself (close code 1009).

The WebSocket messages are JSON objects:

* page to server: ``{"type": "move", "move": NOTATION, "decision": N}``,
  ``{"type": "undo"}`` (the person's last move and the bots' replies taken back) or
  ``{"type": "new"}`` (a new game with the same settings);
* server to page: ``{"type": "position", "game": ID, "decision": N, "seat": S,
  "to_act": T, "over": bool, "svg": SVG, "hand": [...], "hand_cards": [...],
  "legal": [...], "choices": [...], "events": [...], "moves": [...], "can_undo": bool,
  "thinking": {...} | null, "text": ..., "score": {...} | null, ...}`` when it is the
  person's decision or the game is over, and around a slow bot's move (``hand`` is empty
  for a game whose view has none; see :meth:`Table.message`);
  ``{"type": "thinking", "seat": S, "bot": NAME, "done": D, "planned": P, ...}`` while a
  bot decides for more than 0.5 s; ``{"type": "notice", "message": ...}`` when the game
  asked for is no longer kept (a new one follows); and ``{"type": "error", "message":
  ...}`` for a refused message (nothing changed).

Example::

    from lisboa_core.fronts.serve import make_app

    app = make_app(players=2, seat=0, bots=("greedy",), seed=7)
    # uvicorn.run(app, host="127.0.0.1", port=8000), or: lisboa serve --port 8000
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import socket
import sys
import time
from collections.abc import Callable, MutableMapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from lisboa_core.errors import LisboaError
from lisboa_core.fronts.engine_protocol import ProtocolError, clip, read_request
from lisboa_core.fronts.serve_guard import SECURITY_HEADERS, GameLimit, Guard, close_reason
from lisboa_core.fronts.table_game import Games, Table, record_seat
from lisboa_core.games import Game
from lisboa_core.persistence.records import GameRecord

__all__ = [
    "LOOPBACK_NAMES", "MAX_MESSAGE", "SECURITY_HEADERS", "Table", "is_loopback", "make_app",
    "reachable_address", "run", "server_config",
]

if TYPE_CHECKING:
    import uvicorn

_Message = MutableMapping[str, Any]

_LOGGER = logging.getLogger(__name__)
_ASSETS = {"table.js": "text/javascript", "table.css": "text/css",
           "favicon.svg": "image/svg+xml"}
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
"""The host names a table bound to loopback answers to (the ``hosts`` of :func:`make_app`).

Example: ``make_app(players=3, bots=["greedy"], hosts=LOOPBACK_NAMES)`` is the application
``lisboa serve --players 3`` serves on 127.0.0.1."""
MAX_MESSAGE = 65_536
"""The longest page-to-server message read, in characters (a move is under 100); a longer
one is answered with an error naming its length."""
_MAX_FRAME = 16 * 1024 * 1024  # the WebSocket layer's own limit: beyond it, close 1009
_BACKLOG = 64  # connections waiting to be accepted, and accepted in one go


def _asset(name: str) -> str:
    return resources.files("lisboa_core.fronts").joinpath("web", name).read_text(encoding="utf-8")


def _read(message: _Message) -> dict[str, Any] | str:
    """The page's request in a received WebSocket message, or why it cannot be read."""
    text = message.get("text")
    if not isinstance(text, str):
        size = len(message.get("bytes") or b"")
        return f"a binary message ({size:,} bytes) is not read: send JSON as text"
    if len(text) > MAX_MESSAGE:
        return (f"the message is {len(text):,} characters long; at most {MAX_MESSAGE:,} "
                "are read")
    try:
        request = read_request(text)
    except ProtocolError as err:
        return str(err)
    if not isinstance(request, dict) or request.get("type") not in ("move", "new", "undo"):
        return 'expected {"type": "move", ...}, {"type": "undo"} or {"type": "new"}'
    if request["type"] == "move":
        move, decision = request.get("move"), request.get("decision")
        if (not isinstance(move, str) or not isinstance(decision, int)
                or isinstance(decision, bool)):
            return "a move needs 'move' (notation) and 'decision' (a number)"
    return request


async def _send(websocket: WebSocket, data: dict[str, Any]) -> None:
    # ASCII JSON: whatever a message holds, the frame is valid UTF-8 and standard JSON.
    await websocket.send_text(json.dumps(data, allow_nan=False, separators=(",", ":")))


async def _error(websocket: WebSocket, message: str) -> None:
    await _send(websocket, {"type": "error", "message": clip(message, 600)})


_PROGRESS_EVERY = 0.2  # seconds between two progress messages of a thinking bot
_SLOW = 0.5  # seconds: a bot still thinking after this is announced with its progress


class _Session:
    """A game the server keeps: its table, the sockets showing it (a page, reloaded or in
    two tabs), the bots' runner, and what the bot to act is doing."""

    def __init__(self, table: Table, serial: int) -> None:
        self.table, self.serial = table, serial
        self.key = ""
        self.sockets: set[WebSocket] = set()
        self.lock = asyncio.Lock()  # the table changes under it; bots think without it
        self.runner: asyncio.Task[None] | None = None
        self.thinking: dict[str, Any] | None = None
        self.closed = False
        """Set when the page started a new game: the bots of this one stop."""
        self._sent = 0.0

    async def broadcast(self, data: dict[str, Any]) -> None:
        for websocket in list(self.sockets):
            try:
                await _send(websocket, data)
            except (WebSocketDisconnect, OSError, RuntimeError):  # that page went away
                self.sockets.discard(websocket)

    async def position(self) -> dict[str, Any]:
        async with self.lock:
            shown = await asyncio.to_thread(self.table.message)
        shown["game"] = self.key
        shown["thinking"] = self.thinking
        return shown

    async def show(self) -> None:
        await self.broadcast(await self.position())

    def progress(self, thinking: dict[str, Any], done: int, planned: int) -> None:
        """A search bot's progress (on the event loop), sent at most every 0.2 s."""
        if self.thinking is not thinking:  # that search is over
            return
        thinking["done"], thinking["planned"] = done, planned
        now = time.monotonic()
        if now - self._sent >= _PROGRESS_EVERY:
            self._sent = now
            asyncio.get_running_loop().create_task(self.broadcast(thinking))

    async def settle(self, websocket: WebSocket | None = None) -> None:
        """Show the position (to ``websocket``, else every page) if it is the person's
        decision; else let the bots move, off the event loop (unless they already are),
        and show it when they are done."""
        if self.table.bot_to_act() is None:
            if websocket is None:
                await self.show()
            else:
                await _send(websocket, await self.position())
        elif self.runner is None or self.runner.done():
            self.runner = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        """The bots move until the person's decision; then the position is shown. A bot
        slower than :data:`_SLOW` is announced first (the position so far, then a
        ``thinking`` message with its progress) and its move shown once made."""
        loop = asyncio.get_running_loop()
        try:
            while not self.closed and (seat := self.table.bot_to_act()) is not None:
                table, version = self.table, self.table.version
                thinking = {"type": "thinking", "game": self.key, "seat": seat,
                            "bot": getattr(table.bots.get(seat), "name", "bot"),
                            "decision": table.decision, "done": 0, "planned": 0}

                def progress(done: int, planned: int,
                             thinking: dict[str, Any] = thinking) -> None:
                    loop.call_soon_threadsafe(self.progress, thinking, done, planned)

                choice = asyncio.ensure_future(asyncio.to_thread(table.bot_choice, progress))
                slow = not (await asyncio.wait({choice}, timeout=_SLOW))[0]
                if slow:
                    await self.show()
                    self.thinking = thinking
                    await self.broadcast(thinking)
                try:
                    move = await choice
                except LisboaError:  # an undo came first: no bot is to act any more
                    self.thinking = None
                    continue
                async with self.lock:
                    # After an undo or another move while the bot thought, its move is
                    # dropped (and the loop looks again at who is to act).
                    self.thinking = None
                    applied = table.apply_bot(move, version)
                if slow and applied and table.bot_to_act() is not None:
                    await self.show()
        except Exception:  # a bug: logged; the page is told and the game stays as it was
            _LOGGER.exception("a bot failed at the table")
            self.thinking = None
            await self.broadcast({"type": "error", "message":
                                  "a bot failed to move (an error of the server, logged)"})
        if not self.closed:
            await self.show()


def make_app(players: int = 2, seat: int | None = None, bots: Sequence[str] = ("greedy",),
             seed: int = 0, rules: Any = None,
             hosts: Sequence[str] | None = None, *, addresses: bool = False,
             games_per_minute: int = 20, game: str | Game | None = None,
             max_games: int = 64, game_ttl: float = 6 * 3600,
             clock: Callable[[], float] = time.monotonic,
             resume: GameRecord | None = None, confirm_forced: bool = False) -> Starlette:
    """The ASGI application of the browser table.

    :param players: a player count of the game (Lisboa: 2 to 4).
    :param seat: the person's seat (default 0; with ``resume``, the seat the record names
        ``you``, else 0).
    :param bots: bot names for the other seats (``random``, ``greedy``, ``ismcts``).
    :param seed: the first game's seed; each new game adds 1.
    :param rules: the catalogue to play with (default: the shipped one).
    :param hosts: the host names the table answers to (the ``Host`` header, port aside;
        others get 400, or a WebSocket closed with 1008); ``None`` answers to any. Whatever
        ``hosts``, a WebSocket whose ``Origin`` is another site than its ``Host`` is closed
        with 1008.
    :param addresses: also answer to any IP address written as such in ``Host`` (a DNS
        rebinding page is always reached by a name, never by an address).
    :param games_per_minute: how many new games (connections without a game to return
        to, and ``{"type": "new"}``) one client address may start in a minute; beyond,
        ``new`` is answered with an error and a connection is closed with 1013 (try
        again later).
    :param game: the game every new game is of (a name of :func:`lisboa_core.games.games`;
        default: the game of ``rules``, else Lisboa); the page is titled with its name.
    :param max_games: the most games the server keeps for pages to return to; one more
        forgets the game used longest ago.
    :param game_ttl: seconds a game is kept after its last use.
    :param clock: the time the games' expiry is measured by (tests give a fake one).
    :param resume: a saved game (``lisboa play --autosave``, :meth:`Match.save
        <lisboa_core.Match.save>`, or the table's own Save) to go on with: the first page
        that opens the table without a game id gets it (its game, player count and seed
        are then those of the table; ``players``, ``seed`` and ``game`` are ignored).
    :param confirm_forced: ask the person even at a decision with one legal move (by
        default the table plays it for them and shows it among the events).
    :raises LisboaError: for a bad game, player count, seat, bot name or limit (before
        serving), or a record whose moves do not replay
        (:class:`~lisboa_core.errors.StateFormatError`).

    ``GET /record?game=ID`` answers the game ``ID`` so far as a game record (JSON, to save:
    the page's Save link), which ``resume``, ``lisboa serve --resume`` and ``lisboa play
    --resume`` go on with; an unknown or expired id gets 404.

    A page opens ``/ws?game=ID`` to return to game ``ID`` (after a reload, or when its
    socket was lost); a game unknown or expired is answered with a new game and a notice.
    Every HTTP answer carries :data:`SECURITY_HEADERS`.

    Example::

        from starlette.testclient import TestClient
        from lisboa_core.fronts.serve import LOOPBACK_NAMES, make_app

        app = make_app(players=2, seat=0, bots=["random"], seed=1, hosts=LOOPBACK_NAMES)
        client = TestClient(app)
        with client.websocket_connect("ws://127.0.0.1:8000/ws") as ws:
            shown = ws.receive_json()           # a "position" message
            assert shown["type"] == "position" and shown["legal"]
        with client.websocket_connect(f"ws://127.0.0.1:8000/ws?game={shown['game']}") as ws:
            assert ws.receive_json()["decision"] == shown["decision"]  # the same game
        assert client.get("http://127.0.0.1:8000/").headers["x-frame-options"] == "DENY"
    """
    seat = record_seat(resume, seat)
    first = Table(players, seat, bots, seed, rules, game, bots_now=False,
                  resume=resume, confirm_forced=confirm_forced)  # checks now
    found, players, seed, rules = first.game, first.players, first.seed, first.rules
    waiting = [first] if resume is not None else []  # the first page's game
    # The page names the game it plays (Lisboa's page is the file as it is), and hides the
    # hand of a game whose seats hold none.
    index = _asset("index.html").replace("Lisboa", found.title)
    if not hasattr(found.observe(first.state, seat), "hand"):
        index = index.replace("<h2>Your hand</h2>", "<h2 hidden>Your hand</h2>").replace(
            '<ul id="hand">', '<ul id="hand" hidden>')
    if games_per_minute < 1:
        raise LisboaError(f"games_per_minute: expected 1 or more, got {games_per_minute}")
    allowed = None if hosts is None else tuple(h.lower() for h in hosts)
    limit = GameLimit(games_per_minute)
    kept = Games(max_games, game_ttl, clock)
    serials = [0]

    async def page(_request: Request) -> Response:
        return HTMLResponse(index)

    async def asset(request: Request) -> Response:
        name = request.path_params.get("name", "favicon.svg")  # /favicon.ico: the icon
        if name not in _ASSETS:
            return Response("not found", status_code=404)
        return Response(_asset(name), media_type=_ASSETS[name],
                        headers={"Cache-Control": "max-age=3600"})

    async def started() -> _Session:
        """A new game, kept; its bots start moving."""
        serial = serials[0]
        serials[0] += 1
        if waiting:
            table = waiting.pop()
        else:
            table = await asyncio.to_thread(Table, players, seat, bots, seed + serial, rules,
                                            found, bots_now=False,
                                            confirm_forced=confirm_forced)
        session = _Session(table, serial)
        session.key = kept.add(session)
        return session

    async def answer(websocket: WebSocket, session: _Session,
                     request: dict[str, Any]) -> _Session:
        """Carry out one readable request; the session of the page after it."""
        client = websocket.client.host if websocket.client else "unknown"
        if request["type"] == "new":
            refused = limit.refusal(client)
            if refused is not None:
                await _error(websocket, refused)
                return session
            session.sockets.discard(websocket)
            if not session.sockets:  # no other page shows it: forget it
                session.closed = True
                kept.drop(session.key)
            session = await started()
            session.sockets.add(websocket)
            await session.settle()
            return session
        async with session.lock:
            try:
                if request["type"] == "undo":
                    refused = session.table.undo()
                    if refused is None:
                        session.thinking = None
                else:
                    refused = await asyncio.to_thread(
                        session.table.play, request["move"], request["decision"], bots=False)
            except LisboaError as err:
                refused = str(err)
            except Exception:  # a bug: said, logged, and the game goes on
                _LOGGER.exception("the table failed on %r", clip(str(request), 100))
                refused = "the table failed on that move (an error of the server, logged)"
        if refused is not None:
            await _error(websocket, refused)
        else:
            await session.settle()
        return session

    async def joined(websocket: WebSocket, client: str) -> _Session | None:
        """The game the page asks for, or a new one (None: refused, the socket closed)."""
        wanted = websocket.query_params.get("game", "")
        session = kept.get(wanted) if wanted else None
        if session is not None:
            return session  # type: ignore[no-any-return]
        refused = limit.refusal(client)
        if refused is not None:
            await websocket.close(code=1013, reason=close_reason(refused))  # try again later
            return None
        session = await started()
        if wanted:
            await _send(websocket, {"type": "notice", "message": clip(
                f"game {wanted} is no longer kept by the table (games are kept "
                f"{game_ttl / 3600:g} h after their last move); this is a new game", 300)})
        return session

    async def saved(request: Request) -> Response:
        session = kept.get(request.query_params.get("game", ""))
        if session is None:
            return Response("no such game is kept by the table", status_code=404)
        async with session.lock:
            record = session.table.record()
        name = f"{found.name}-seed-{record.seed}-move-{len(record.moves)}.json"
        return Response(record.to_json(), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{name}"'})

    async def table_socket(websocket: WebSocket) -> None:
        client = websocket.client.host if websocket.client else "unknown"
        session: _Session | None = None
        try:
            await websocket.accept()
            session = await joined(websocket, client)
            if session is None:
                return
            session.sockets.add(websocket)
            if session.runner is not None and not session.runner.done():
                await _send(websocket, await session.position())  # the bots are moving
                if session.thinking is not None:
                    await _send(websocket, session.thinking)
            else:
                await session.settle(websocket)
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                request = _read(message)
                if isinstance(request, str):
                    await _error(websocket, request)
                    continue
                kept.get(session.key)  # in use: kept longer
                session = await answer(websocket, session, request)
        except (WebSocketDisconnect, OSError):  # the page went away: no one to answer
            return
        finally:
            if session is not None:
                session.sockets.discard(websocket)

    return Starlette(
        routes=[
            Route("/", page),
            Route("/static/{name}", asset),
            Route("/favicon.ico", asset),  # asked for by browsers whatever the page says
            Route("/record", saved),
            WebSocketRoute("/ws", table_socket),
        ],
        middleware=[Middleware(Guard, hosts=allowed, addresses=addresses)],
    )


def is_loopback(host: str) -> bool:
    """Whether ``host`` is an address of this machine only (``localhost``, ``127.x.x.x``,
    ``::1``)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _answered(host: str, public: bool,
              allow_hosts: Sequence[str]) -> tuple[tuple[str, ...], bool]:
    """The host names a table bound to ``host`` answers to, and whether it is public (then
    it also answers to IP addresses); :class:`LisboaError` beyond loopback unless ``public``."""
    loopback = is_loopback(host)
    if not loopback and not public:
        raise LisboaError(
            f"{host} is beyond loopback: anyone who can reach it could play at the table; "
            "say so with --public (public=True), or bind 127.0.0.1")
    wildcard = host in ("", "0.0.0.0", "::")
    names = [*LOOPBACK_NAMES, *([] if wildcard else [host]), *allow_hosts]
    return tuple(dict.fromkeys(name.lower() for name in names)), not loopback


def _warning(host: str, port: int, hosts: Sequence[str]) -> str:
    return (f"warning: the table listens on {host}, beyond this machine: anyone who can "
            f"reach port {port} can play at it. It answers to IP addresses and to the names "
            f"{', '.join(hosts)} (more with --allow-host NAME).")


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def reachable_address(family: int = socket.AF_INET) -> str | None:
    """This machine's address on its network (the one its traffic beyond leaves from), or
    None (no network): where a table bound to all interfaces is reached from elsewhere.
    Nothing is sent: a datagram socket is only pointed at a documentation address."""
    probe = ("2001:db8::1", 9) if family == socket.AF_INET6 else ("192.0.2.1", 9)
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.connect(probe)
            found = str(sock.getsockname()[0])
    except OSError:
        return None
    return None if is_loopback(found) or found in ("0.0.0.0", "::") else found


def _announcement(host: str, port: int) -> str:
    """The line that says where the table is: for a table bound to all interfaces, an
    address others reach it at (and this machine's own), not ``0.0.0.0``."""
    if host not in ("", "0.0.0.0", "::"):
        return f"lisboa table at {_url(host, port)} (Ctrl-C to stop)"
    family = socket.AF_INET6 if host == "::" else socket.AF_INET
    local = "::1" if host == "::" else "127.0.0.1"
    outward = reachable_address(family) or socket.gethostname()
    everywhere = host or "0.0.0.0"
    return (f"lisboa table at {_url(outward, port)} (listening on all interfaces, "
            f"{everywhere}; on this machine: {_url(local, port)}) (Ctrl-C to stop)")


def run(host: str = "127.0.0.1", port: int = 8000, *, players: int = 2,
        seat: int | None = None, bots: Sequence[str] = ("greedy",), seed: int = 0,
        announce: bool = True, rules: Any = None, public: bool = False,
        allow_hosts: Sequence[str] = (), game: str | Game | None = None,
        resume: GameRecord | None = None, confirm_forced: bool = False) -> None:
    """Serve the browser table until interrupted.

    :param host: the address to bind (loopback by default: the table is for this machine).
    :param port: the port; 0 picks a free one.
    :param announce: print the table's address (with the port actually bound; for a
        table bound to all interfaces, this machine's address on its network, and that it
        listens on all interfaces) and, for a public table, a warning on standard error.
    :param rules: the catalogue to play with (default: the shipped one).
    :param public: required to bind an address beyond loopback (``0.0.0.0``, a network
        address): anyone who can reach the port can then play.
    :param allow_hosts: more host names to answer to (a name of this machine on the
        network, a name in ``/etc/hosts``).
    :param game: the game played (default: the game of ``rules``, else Lisboa).
    :param resume: a saved game the first page opened goes on with (see :func:`make_app`).
    :param confirm_forced: ask even at a decision with one legal move (see :func:`make_app`).
    :raises LisboaError: for an address beyond loopback without ``public``.

    The table answers to :data:`LOOPBACK_NAMES`, ``host`` and ``allow_hosts``; a public
    table also to any IP address (see :func:`make_app`). Other names get 400: a page that
    reaches the table by DNS rebinding is reached by its own name.

    Example::

        from lisboa_core.fronts.serve import run

        if __name__ == "__main__":  # serves until Ctrl-C
            run(port=0, players=3, bots=["greedy", "random"])
    """
    import uvicorn  # late: only the server needs it

    hosts, public = _answered(host, public, allow_hosts)
    app = make_app(players, seat, bots, seed, rules, hosts, addresses=public, game=game,
                   resume=resume, confirm_forced=confirm_forced)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(_BACKLOG)  # connections made as soon as the address is printed wait, not fail
    bound = sock.getsockname()[1]
    if announce:
        print(_announcement(host, bound), flush=True)
        if public:
            print(_warning(host, bound, hosts), file=sys.stderr, flush=True)
    uvicorn.Server(server_config(app)).run(sockets=[sock])


def server_config(app: Starlette, *, header_timeout: float | None = None,
                  max_connections: int | None = None, **settings: Any) -> uvicorn.Config:
    """The uvicorn settings :func:`run` serves the table with (``settings`` added or
    changed: ``log_config=None`` leaves logging to the caller, as tests do), with the
    table's limits (:mod:`lisboa_core.fronts.serve_limits`): a request's headers due within
    ``header_timeout`` seconds (default 10), at most ``max_connections`` open at once
    (default: what the process's descriptor limit allows), a WebSocket handshake line too
    long answered 414, a text message that is not UTF-8 closed with 1007.

    Example::

        import uvicorn
        from lisboa_core.fronts.serve import make_app, server_config

        server = uvicorn.Server(server_config(make_app(), log_config=None))
        # server.run(sockets=[a socket bound to 127.0.0.1])
    """
    import uvicorn  # late: only the server needs it

    from lisboa_core.fronts.serve_limits import HEADER_TIMEOUT, connection_cap, protocols

    backlog = int(settings.pop("backlog", _BACKLOG))
    http, ws = protocols(header_timeout or HEADER_TIMEOUT,
                         max_connections or connection_cap(backlog))
    return uvicorn.Config(app, **{"log_level": "warning", "http": http, "ws": ws,
                                  "ws_max_size": _MAX_FRAME, "backlog": backlog, **settings})
