"""``lisboa engine``: the engine driven over JSON lines, for front ends in any language.

The front end writes one JSON object per line to the engine's standard input; the engine
answers each with exactly one JSON object on one line of its standard output, in order.
Every request may carry an ``"id"`` (any JSON value), echoed in its answer. A request is a
command and its arguments:

* ``new`` (``game``: optional, a name of :func:`lisboa_core.games.games`, default the
  engine's game, ``lisboa`` unless ``lisboa --game NAME engine``; ``players``: a count the
  game is played by, default its usual one; ``seed``; ``options``: an object of the game's
  rule options, a switch true or false, a number or null): starts a game; answers its status;
* ``status``: ``to_act``, ``decision`` (the kind of decision on top), ``over``, ``turn``
  and ``period`` (for a game that has them, as Lisboa), ``players``, and ``game`` for a
  game other than Lisboa;
* ``legal``: ``moves``, the legal moves of the seat to act in notation, and
  ``descriptions``, what each does in words (:func:`lisboa_core.describe_move`), in the
  same order; ``forced``, true when there is one move only (the front end may play it
  without asking: ``lisboa play`` and the table do); ``chance``, true at a chance step
  (``to_act`` -2, :data:`lisboa_core.CHANCE`: a die to roll), where the moves are its
  outcomes, with ``probabilities`` in the same order and ``sampled``, the outcome the
  seeded game draws (:func:`lisboa_core.sample_chance`), which a front end applies to play
  on (any outcome may be applied, to set up a position);
* ``apply`` (``move``: notation; ``seat``: optional observer): plays it; answers the new
  status and ``events``, what the move did (:mod:`lisboa_core.events`, as the ``seat``
  sees it when one is given, every piece otherwise);
* ``view`` (``seat``): ``view``, what the seat may see: the saved view document
  (``"format": "lisboa-view"``, hidden pieces as placeholders, read back by
  :func:`~lisboa_core.persistence.serialize.view_from_json`);
* ``score``: ``score``, the itemised sheet every front end shows
  (:func:`lisboa_core.fronts.score_sheet.itemised`): ``columns`` (``so far``, then each
  category), ``tie_breaks``, ``winners``, ``final`` and per seat ``so_far`` (the points
  scored during play), ``categories``, ``total`` (their sum) and ``tie_breaks``;
* ``undo``: takes the last move back (an error when there is none: at the start of the
  game, or at the state a ``load`` gave); answers ``undone`` (the move's notation) and the
  status;
* ``save``: ``state``, the saved state (``to_json``); ``load`` (``state``) loads one (undo
  then stops at it);
* ``record``: ``record``, the game with its whole history as a game record (the JSON text
  of :class:`~lisboa_core.GameRecord`, which ``lisboa play --resume`` and
  :meth:`lisboa_core.Match.load` go on with); ``resume`` (``record``: such a text) replays
  one and goes on from its last move, with undo back to its start;
* ``quit``: answers, then the engine exits.

A request that cannot be carried out gets ``{"ok": false, "error": KIND, "message": ...}``
and changes nothing: ``KIND`` is ``protocol`` (not JSON, an empty line, an unknown
command, a missing or wrong argument, no game yet), ``illegal-move``, ``state-format`` (a
bad saved state), ``game`` (another Lisboa error) or ``internal`` (an error of the engine
itself: a bug to report). The engine never exits on a bad request; it exits at ``quit``
or at the end of its input.

Requests are read strictly (:func:`read_request`), so that every answer is standard JSON
whatever was sent: a line of more than :data:`MAX_REQUEST` characters, JSON nested more
than :data:`MAX_DEPTH` levels, the non-standard numbers ``NaN``, ``Infinity`` and
``-Infinity`` (and numbers too large for a double, such as ``1e400``), lone surrogates
(``"\\ud800"``) and bytes that are not UTF-8 are each refused with a ``protocol`` error.
An ``id`` whose JSON is longer than :data:`MAX_ID` characters is refused and not echoed.
What an answer quotes back from a request is cut to a few hundred characters.
"""

from __future__ import annotations

import io
import json
import math
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, TextIO

import attrs

from lisboa_core.api import (
    chance_outcomes,
    describe_move,
    is_chance,
    is_over,
    legal_moves,
    parse_move,
    sample_chance,
)
from lisboa_core.errors import IllegalMoveError, LisboaError, StateFormatError
from lisboa_core.events import events_between
from lisboa_core.fronts.score_sheet import itemised
from lisboa_core.games import Game, chosen_game, game_of, games
from lisboa_core.games import game as _game
from lisboa_core.match import Match
from lisboa_core.persistence.records import GameRecord
from lisboa_core.persistence.serialize import from_json, to_json

__all__ = [
    "MAX_DEPTH", "MAX_ID", "MAX_REQUEST", "ProtocolError", "Session", "clip", "read_request",
    "serve",
]

MAX_REQUEST = 1 << 20
"""The longest request line read, in characters (a saved 4-player state is about 6,000)."""
MAX_DEPTH = 32
"""The deepest nesting of arrays and objects in a request (the commands need 2)."""
MAX_ID = 1000
"""The longest ``id`` echoed, in characters of its JSON."""
_SHOWN = 300  # characters of an echoed value kept by clip
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # json.loads joins the pairs it reads


class ProtocolError(Exception):
    """A request the protocol cannot read (reported as ``"error": "protocol"``)."""


def clip(text: str, limit: int = _SHOWN) -> str:
    """``text``, cut to ``limit`` characters (and saying how long it was) when longer:
    what an error message quotes back from a request.

    Example::

        from lisboa_core.fronts.engine_protocol import clip

        assert clip("x" * 10_000) == "x" * 300 + "... (10,000 characters)"
        assert clip("short") == "short"
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"


def _standard_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a standard JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {clip(text, 40)} is too large for a double")
    return value


def _nesting_and_text_check(value: Any) -> None:
    """Refuse nesting deeper than MAX_DEPTH and lone surrogates in strings or keys."""
    stack = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, str):
            if _LONE_SURROGATE.search(item):
                raise ProtocolError(
                    "a string holds a lone surrogate (bytes that are not UTF-8, or an "
                    "unpaired \\ud800-\\udfff escape): not text")
            continue
        if isinstance(item, dict):
            children: list[Any] = [*item.keys(), *item.values()]
        elif isinstance(item, list):
            children = item
        else:
            continue
        if level >= MAX_DEPTH:
            raise ProtocolError(f"nested more than {MAX_DEPTH} levels deep")
        stack.extend((child, level + 1) for child in children)


def read_request(text: str) -> Any:
    """One request line decoded as standard JSON, or :class:`ProtocolError` saying why not.

    Strict where :func:`json.loads` is lenient or fragile: ``NaN``, ``Infinity``,
    ``-Infinity`` and numbers beyond a double are refused, as are lines over
    :data:`MAX_REQUEST` characters, nesting over :data:`MAX_DEPTH` levels (however deep:
    never a ``RecursionError``) and lone surrogates. The browser table reads its messages
    the same way.

    Example::

        from lisboa_core.fronts.engine_protocol import ProtocolError, read_request

        assert read_request('{"cmd": "status", "id": 1.5}') == {"cmd": "status", "id": 1.5}
        try:
            read_request('{"cmd": "status", "id": NaN}')
        except ProtocolError as err:
            assert "NaN" in str(err)
    """
    if len(text) > MAX_REQUEST:
        raise ProtocolError(f"the request is {len(text):,} characters long; at most "
                            f"{MAX_REQUEST:,} are read")
    try:
        value = json.loads(text, parse_constant=_standard_constant, parse_float=_finite)
    except RecursionError:
        raise ProtocolError(f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as err:  # JSONDecodeError, the checks above, too many digits
        raise ProtocolError(f"not JSON: {clip(str(err))}") from None
    _nesting_and_text_check(value)
    return value


def _shown(value: Any) -> str:
    """A value of a request, as JSON cut short: for error messages."""
    try:
        return clip(json.dumps(value), 60)
    except (ValueError, TypeError, RecursionError):
        return "a value"


def _int(request: dict[str, Any], key: str, default: int | None = None) -> int:
    value = request.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"{key}: expected a whole number, got {_shown(value)}")
    return value


def _option_value(declared: Any, value: Any) -> bool:
    """Whether ``value`` (read from JSON) may be given to an option declared ``declared``:
    a switch takes true or false; any other option a number or null (the options class
    checks the rest)."""
    if declared in (bool, "bool"):
        return isinstance(value, bool)
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


def _error(kind: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": kind, "message": clip(message, 2 * _SHOWN)}


def _shown_id(ident: Any) -> str:
    try:
        return json.dumps(ident)
    except (ValueError, TypeError, RecursionError):
        return "x" * (MAX_ID + 1)  # not JSON: never echoed


class Session:
    """One engine session: the game in play and the commands that act on it.

    Example::

        session = Session()
        session.handle({"cmd": "new", "players": 2, "seed": 1})
        moves = session.handle({"cmd": "legal"})["moves"]
        session.handle({"cmd": "apply", "move": moves[0]})
    """

    def __init__(self, rules: Any = None, game: str | Game | None = None) -> None:
        self.game = chosen_game(game, rules)
        """The game ``new`` starts when the request names none (default: the game of
        ``rules``, else Lisboa)."""
        self.rules = rules
        """The catalogue games of :attr:`game` are played with (None: the shipped one)."""
        self.match: Match | None = None
        """The game in play with its history (``None`` before ``new``, ``load`` or
        ``resume``)."""
        self._commands: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "new": self._new,
            "status": lambda _r: self._status(),
            "legal": self._legal,
            "apply": self._apply,
            "view": self._view,
            "score": self._score,
            "undo": self._undo,
            "save": lambda _r: {"state": to_json(self._game())},
            "load": self._load,
            "record": self._record,
            "resume": self._resume,
        }

    def handle(self, request: Any) -> dict[str, Any]:
        """The answer to one request (a decoded JSON value); never raises.

        :param request: the request object.
        """
        ident = request.get("id") if isinstance(request, dict) else None
        if ident is not None and len(_shown_id(ident)) > MAX_ID:
            return _error("protocol", f"id: {len(_shown_id(ident)):,} characters of JSON; "
                          f"an id is at most {MAX_ID:,} (the request was not carried out)")
        try:
            if not isinstance(request, dict):
                raise ProtocolError("a request is a JSON object")
            command = request.get("cmd")
            handler = self._commands.get(command) if isinstance(command, str) else None
            if handler is None:
                known = ", ".join([*self._commands, "quit"])
                raise ProtocolError(f"cmd: unknown command {_shown(command)}; "
                                    f"the commands are {known}")
            answer = {"ok": True, **handler(request)}
        except ProtocolError as err:
            answer = _error("protocol", str(err))
        except IllegalMoveError as err:
            answer = _error("illegal-move", str(err))
        except StateFormatError as err:
            answer = _error("state-format", str(err))
        except LisboaError as err:
            answer = _error("game", str(err))
        except Exception as err:  # a bug must not end the session and lose its game
            answer = _error("internal", f"{type(err).__name__}: {err} (an error of the "
                            "engine: please report it with the request)")
        return answer if ident is None else {"id": ident, **answer}

    @property
    def state(self) -> Any:
        """The current state (``None`` before the first game)."""
        return None if self.match is None else self.match.state

    @state.setter
    def state(self, state: Any) -> None:
        """Set the game in play to ``state``, its history starting there (as ``load``)."""
        self.match = None if state is None else Match.from_state(state)

    def _game(self) -> Any:
        if self.match is None:
            raise ProtocolError("no game yet: send new, load or resume first")
        return self.match.state

    def _playing(self) -> Match:
        self._game()
        assert self.match is not None
        return self.match

    def _chosen(self, request: dict[str, Any]) -> Game:
        name = request.get("game", self.game.name)
        if not isinstance(name, str) or name not in games():
            raise ProtocolError(f"game: expected one of {', '.join(games())}, got {_shown(name)}")
        found = _game(name)
        if self.rules is not None and found is not self.game:
            raise ProtocolError(f"game: the engine plays {self.game.name} with the cards it "
                                f"was started with, not {name}")
        return found

    def _new(self, request: dict[str, Any]) -> dict[str, Any]:
        found = self._chosen(request)
        players = _int(request, "players", found.default_players)
        seed = _int(request, "seed", 0)
        flags = request.get("options", {})
        kind = found.options_type
        fields = {} if kind is None else {f.name: f.type for f in attrs.fields(kind)}
        if not isinstance(flags, dict) or not all(
            k in fields and _option_value(fields[k], v) for k, v in flags.items()
        ):
            raise ProtocolError(f"options: expected an object of the game's options among "
                                f"{sorted(fields)} (a switch true or false, a number or null)")
        try:
            options = None if kind is None else kind(**flags)
        except (LisboaError, TypeError, ValueError) as err:
            raise ProtocolError(f"options: {err}") from None
        self.match = Match.new(found, players, seed, options=options,
                               rules=self.rules if found is self.game else None)
        return self._status()

    def _status(self) -> dict[str, Any]:
        state = self._game()
        status: dict[str, Any] = {
            "to_act": state.to_act,
            "decision": state.pending[-1].kind if state.pending else None,
            "over": is_over(state),
        }
        for counter in ("turn", "period"):  # Lisboa's; a game without them leaves them out
            if hasattr(state, counter):
                status[counter] = getattr(state, counter)
        status["players"] = state.player_count
        found = game_of(state)
        if not found.unnamed:
            status["game"] = found.name
        return status

    def _legal(self, _request: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        moves = legal_moves(state)
        answer = {"to_act": state.to_act, "moves": [str(m) for m in moves],
                  "descriptions": [describe_move(state, m) for m in moves],
                  "forced": len(moves) == 1, "chance": is_chance(state)}
        if is_chance(state):
            answer["probabilities"] = [p for _, p in chance_outcomes(state)]
            answer["sampled"] = str(sample_chance(state))
        return answer

    def _apply(self, request: dict[str, Any]) -> dict[str, Any]:
        text = request.get("move")
        if not isinstance(text, str):
            raise ProtocolError(f"move: expected move notation (text), got {_shown(text)}")
        match = self._playing()
        state = match.state
        seat = request.get("seat")
        if seat is not None:
            self._seat(request, state)
        move = parse_move(state, text)
        after = match.push(move)
        events = events_between(state, after, move, seat)
        return {**self._status(), "events": [event.to_dict() for event in events]}

    def _undo(self, _request: dict[str, Any]) -> dict[str, Any]:
        match = self._playing()
        if not match.moves:
            raise ProtocolError("undo: no move to take back (the game is at its start, or "
                                "at the state load gave)")
        move = match.pop()
        return {"undone": str(move), **self._status()}

    def _record(self, _request: dict[str, Any]) -> dict[str, Any]:
        return {"record": self._playing().record().to_json(indent=None)}

    def _resume(self, request: dict[str, Any]) -> dict[str, Any]:
        text = request.get("record")
        if not isinstance(text, str):
            raise ProtocolError("record: expected a game record (the text record returned)")
        record = GameRecord.from_json(text)
        found = self._chosen({"game": record.game})
        self.match = Match.from_record(record, self.rules if found is self.game else None)
        return {"moves": len(self.match.moves), **self._status()}

    def _seat(self, request: dict[str, Any], state: Any) -> int:
        seat = _int(request, "seat")
        if not 0 <= seat < state.player_count:
            raise ProtocolError(f"seat: expected 0 to {state.player_count - 1}, got {seat}")
        return seat

    def _view(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        view = game_of(state).observe(state, self._seat(request, state))
        return {"seat": view.seat, "view": json.loads(to_json(view))}

    def _score(self, _request: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        return {"score": itemised(game_of(state).score(state)).to_dict()}

    def _load(self, request: dict[str, Any]) -> dict[str, Any]:
        text = request.get("state")
        if not isinstance(text, str):
            raise ProtocolError("state: expected a saved state (the text save returned)")
        self.match = Match.from_state(from_json(text, rules=self.rules))
        return self._status()


def _lines(source: TextIO) -> Iterator[str | int]:
    """The lines of ``source``; a line over MAX_REQUEST characters is skipped unread and
    stands as its length (memory stays bounded whatever is sent)."""
    while True:
        line = source.readline(MAX_REQUEST + 1)
        if not line:
            return
        if len(line) <= MAX_REQUEST or line.endswith("\n"):
            yield line
            continue
        size = len(line)
        while not line.endswith("\n"):
            line = source.readline(1 << 16)
            if not line:
                break
            size += len(line)
        yield size - int(line.endswith("\n"))  # the line's characters, its end aside


def _answer(line: str | int, session: Session) -> tuple[dict[str, Any], bool]:
    """The answer to one line of input, and whether it was ``quit``."""
    try:
        if isinstance(line, int):
            raise ProtocolError(f"the request is {line:,} characters long; at most "
                                f"{MAX_REQUEST:,} are read")
        if not line.strip():  # answered too: a client waiting for every answer never hangs
            raise ProtocolError("an empty line is not a request: send one JSON object per "
                                'line, such as {"cmd": "status"}')
        request = read_request(line)
    except ProtocolError as err:
        return _error("protocol", str(err)), False
    if isinstance(request, dict) and request.get("cmd") == "quit":
        ident = request.get("id")
        if ident is None or len(_shown_id(ident)) > MAX_ID:
            return {"ok": True}, True
        return {"id": ident, "ok": True}, True
    return session.handle(request), False


def _encoded(answer: dict[str, Any]) -> str:
    try:
        return json.dumps(answer, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as err:  # a bug: still a JSON answer
        return json.dumps(_error("internal", f"the answer is not JSON: {err}"))


def serve(source: TextIO = sys.stdin, sink: TextIO = sys.stdout,
          rules: Any = None, game: str | Game | None = None) -> int:
    """Answer requests from ``source`` on ``sink`` until ``quit`` or the end of input.

    Every line gets one answer of standard JSON (an empty line a ``protocol`` error); no
    request, however malformed, ends the session. Bytes of ``source`` that are not UTF-8
    are refused line by line (a text stream's error handler is set to
    ``surrogateescape`` for that).

    :param rules: the catalogue to play with (default: the shipped one).
    :param game: the game ``new`` starts when a request names none (default: the game of
        ``rules``, else Lisboa).
    :returns: the exit status (0).
    """
    if isinstance(source, io.TextIOWrapper):
        source.reconfigure(errors="surrogateescape")
    session = Session(rules, game)
    for line in _lines(source):
        answer, done = _answer(line, session)
        sink.write(_encoded(answer) + "\n")
        sink.flush()
        if done:
            return 0
    return 0
