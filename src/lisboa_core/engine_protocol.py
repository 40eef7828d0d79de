"""``lisboa engine``: the engine driven over JSON lines, for front ends in any language.

The front end writes one JSON object per line to the engine's standard input; the engine
answers each with exactly one JSON object on one line of its standard output, in order.
Every request may carry an ``"id"`` (any JSON value), echoed in its answer. A request is a
command and its arguments:

* ``new`` (``players`` 2-4, ``seed``, ``options``: an object of booleans): starts a game;
  answers its status;
* ``status``: ``to_act``, ``decision`` (the kind of decision on top), ``over``, ``turn``,
  ``period``, ``players``;
* ``legal``: ``moves``, the legal moves of the seat to act in notation;
* ``apply`` (``move``: notation; ``seat``: optional observer): plays it; answers the new
  status and ``events``, what the move did (:mod:`lisboa_core.events`, as the ``seat``
  sees it when one is given, every piece otherwise);
* ``view`` (``seat``): ``view``, what the seat may see: the saved view document
  (``"format": "lisboa-view"``, hidden pieces as placeholders, read back by
  :func:`~lisboa_core.serialize.view_from_json`);
* ``score``: ``score`` with per seat its categories and total, ``winners`` and ``final``;
* ``save``: ``state``, the saved state (``to_json``); ``load`` (``state``) loads one;
* ``quit``: answers, then the engine exits.

A request that cannot be carried out gets ``{"ok": false, "error": KIND, "message": ...}``
and changes nothing: ``KIND`` is ``protocol`` (not JSON, an unknown command, a missing or
wrong argument, no game yet), ``illegal-move``, ``state-format`` (a bad saved state) or
``game`` (another Lisboa error). The engine never exits on a bad request; it exits at
``quit`` or at the end of its input.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from .api import is_over, legal_moves, new_game, parse_move
from .catalog import Rules
from .engine.scoring import score
from .errors import IllegalMoveError, LisboaError, StateFormatError
from .events import apply_with_events
from .serialize import from_json, to_json
from .state import Options, State
from .views import observe

__all__ = ["Session", "serve"]


class ProtocolError(Exception):
    """A request the protocol cannot read (reported as ``"error": "protocol"``)."""


def _int(request: dict[str, Any], key: str, default: int | None = None) -> int:
    value = request.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"{key}: expected a whole number, got {json.dumps(value)}")
    return value


class Session:
    """One engine session: the game in play and the commands that act on it.

    Example::

        session = Session()
        session.handle({"cmd": "new", "players": 2, "seed": 1})
        moves = session.handle({"cmd": "legal"})["moves"]
        session.handle({"cmd": "apply", "move": moves[0]})
    """

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules
        """The catalogue games are played with (None: the shipped one)."""
        self.state: State | None = None
        self._commands: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "new": self._new,
            "status": lambda _r: self._status(),
            "legal": self._legal,
            "apply": self._apply,
            "view": self._view,
            "score": self._score,
            "save": lambda _r: {"state": to_json(self._game())},
            "load": self._load,
        }

    def handle(self, request: Any) -> dict[str, Any]:
        """The answer to one request (a decoded JSON value); never raises.

        :param request: the request object.
        """
        ident = request.get("id") if isinstance(request, dict) else None
        try:
            if not isinstance(request, dict):
                raise ProtocolError("a request is a JSON object")
            command = request.get("cmd")
            handler = self._commands.get(command) if isinstance(command, str) else None
            if handler is None:
                known = ", ".join([*self._commands, "quit"])
                raise ProtocolError(f"cmd: unknown command {json.dumps(command)}; "
                                    f"the commands are {known}")
            answer = {"ok": True, **handler(request)}
        except ProtocolError as err:
            answer = {"ok": False, "error": "protocol", "message": str(err)}
        except IllegalMoveError as err:
            answer = {"ok": False, "error": "illegal-move", "message": str(err)}
        except StateFormatError as err:
            answer = {"ok": False, "error": "state-format", "message": str(err)}
        except LisboaError as err:
            answer = {"ok": False, "error": "game", "message": str(err)}
        return answer if ident is None else {"id": ident, **answer}

    def _game(self) -> State:
        if self.state is None:
            raise ProtocolError("no game yet: send new or load first")
        return self.state

    def _new(self, request: dict[str, Any]) -> dict[str, Any]:
        players, seed = _int(request, "players", 4), _int(request, "seed", 0)
        flags = request.get("options", {})
        names = {f.name for f in Options.__attrs_attrs__}
        if not isinstance(flags, dict) or not all(
            k in names and isinstance(v, bool) for k, v in flags.items()
        ):
            raise ProtocolError(f"options: expected an object of booleans among {sorted(names)}")
        self.state = new_game(players, seed, options=Options(**flags), rules=self.rules)
        return self._status()

    def _status(self) -> dict[str, Any]:
        state = self._game()
        return {
            "to_act": state.to_act,
            "decision": state.pending[-1].kind if state.pending else None,
            "over": is_over(state),
            "turn": state.turn,
            "period": state.period,
            "players": state.player_count,
        }

    def _legal(self, _request: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        return {"to_act": state.to_act, "moves": [str(m) for m in legal_moves(state)]}

    def _apply(self, request: dict[str, Any]) -> dict[str, Any]:
        text = request.get("move")
        if not isinstance(text, str):
            raise ProtocolError(f"move: expected move notation (text), got {json.dumps(text)}")
        state = self._game()
        seat = request.get("seat")
        if seat is not None:
            self._seat(request, state)
        self.state, events = apply_with_events(state, parse_move(text, state), seat)
        return {**self._status(), "events": [event.to_dict() for event in events]}

    def _seat(self, request: dict[str, Any], state: State) -> int:
        seat = _int(request, "seat")
        if not 0 <= seat < state.player_count:
            raise ProtocolError(f"seat: expected 0 to {state.player_count - 1}, got {seat}")
        return seat

    def _view(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        view = observe(state, self._seat(request, state))
        return {"seat": view.seat, "view": json.loads(to_json(view))}

    def _score(self, _request: dict[str, Any]) -> dict[str, Any]:
        sheet = score(self._game())
        seats = [
            {"seat": s.seat, "wigs_so_far": s.wigs_so_far, "total": s.total,
             "categories": {c.name: c.wigs for c in s.categories}}
            for s in sheet.seats
        ]
        return {"score": {"seats": seats, "winners": list(sheet.winners), "final": sheet.final}}

    def _load(self, request: dict[str, Any]) -> dict[str, Any]:
        text = request.get("state")
        if not isinstance(text, str):
            raise ProtocolError("state: expected a saved state (the text save returned)")
        self.state = from_json(text, rules=self.rules)
        return self._status()


def serve(source: TextIO = sys.stdin, sink: TextIO = sys.stdout,
          rules: Rules | None = None) -> int:
    """Answer requests from ``source`` on ``sink`` until ``quit`` or the end of input.

    :param rules: the catalogue to play with (default: the shipped one).
    :returns: the exit status (0).
    """
    session = Session(rules)
    for line in source:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as err:
            answer: dict[str, Any] = {
                "ok": False, "error": "protocol", "message": f"not JSON: {err}"
            }
        else:
            if isinstance(request, dict) and request.get("cmd") == "quit":
                ident = request.get("id")
                sink.write(json.dumps({"ok": True} if ident is None else
                                      {"id": ident, "ok": True}) + "\n")
                sink.flush()
                return 0
            answer = session.handle(request)
        sink.write(json.dumps(answer) + "\n")
        sink.flush()
    return 0
