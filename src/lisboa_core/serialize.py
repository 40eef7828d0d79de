"""Saving and loading states as JSON, and a state's digest.

Any state saves, even in the middle of a decision: the pending frames are plain data
(effect nodes included). A saved state is one JSON object::

    {"format": "lisboa-state", "version": 1, "library": "0.1.0",
     "catalogue": "<digest of the rules>", "state": {<every State field but catalogue>}}

Loading checks the format and version, that the catalogue given is the one the state was
made with, every field's type, every value against the catalogue and the player count, and
finally the game's invariants; anything wrong raises
:class:`~lisboa_core.errors.StateFormatError` naming the field.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from . import _codec
from ._args import expect
from ._stack_check import check_pending
from ._state_check import check_state
from .catalog import Rules, load_rules
from .engine.ops import register_rules
from .errors import StateFormatError
from .rng import Rng
from .state import Frame, Options, PlayerState, State

__all__ = ["STATE_FORMAT", "STATE_VERSION", "from_json", "state_digest", "to_json"]

STATE_FORMAT = "lisboa-state"
"""The ``format`` marker of a saved state."""

STATE_VERSION = 1
"""The version of the saved-state layout this library writes and reads."""

for _cls in (Rng, Options):
    _codec.attrs_hooks(_codec.converter, _cls)

# The saved layout of the plain state classes, field by field in constructor order. The
# fixed lengths here (4 goods, 3 rubble colours...) are checked when a state is read; the
# classes themselves declare ``tuple[int, ...]`` so a compiled build keeps tuples boxed.
_Ids = tuple[str, ...]
_Pair = tuple[_Ids, _Ids]
_PLAYER_TYPES: dict[str, Any] = {
    "hand": _Ids,
    "top": tuple[str | None, ...],
    "bottom": tuple[str | None, ...],
    "cargo": tuple[_Ids, ...],
    "sailed": tuple[int, ...],
    "goods": tuple[int, int, int, int],
    "reis": int,
    "wigs": int,
    "influence": int,
    "clergy": _Ids,
    "favors": _Ids,
    "plans": _Ids,
    "completed": _Ids,
    "decrees": _Ids,
    "rubble": tuple[int, int, int],
    "markers": int,
    "houses": tuple[int, int, int],
    "officials": int,
}
_STATE_TYPES: dict[str, Any] = {
    "players": tuple[PlayerState, ...],
    "current": int,
    "start_player": int,
    "period": int,
    "pending": tuple[Frame, ...],
    "rng": Rng,
    "options": Options,
    "catalogue": str,
    "offices": tuple[tuple[int, ...], ...],
    "plazas": tuple[tuple[int, ...], ...],
    "favor_supply": tuple[int, int, int],
    "covered": _Ids,
    "treasury": int,
    "prices": tuple[int, int, int, int],
    "piles": tuple[_Ids, ...],
    "later_decks": _Pair,
    "shipyard": _Ids,
    "later_ships": _Ids,
    "decree_deck": _Ids,
    "decree_display": _Ids,
    "clergy_bag": _Ids,
    "church": tuple[str | None, ...],
    "cardinal": int,
    "church_scoring": int | None,
    "city_display": tuple[str | None, ...],
    "city_stacks": _Pair,
    "stores": tuple[tuple[str, int, str], ...],
    "row_rubble": tuple[_Ids, ...],
    "column_rubble": tuple[_Ids, ...],
    "site_rubble": tuple[_Ids, ...],
    "rubble_pile": _Ids,
    "opened": tuple[tuple[str, str, str], ...],
    "scoring_tiles": _Ids,
    "plan_stacks": _Pair,
    "building_stacks": _Pair,
    "turn": int,
    "final_turns": int | None,
    "log": _Ids,
    "removed": _Ids,
    "rubble_out": int,
}
_codec.plain_hooks(_codec.converter, PlayerState, _PLAYER_TYPES)
_codec.plain_hooks(_codec.converter, State, _STATE_TYPES)


def _body(state: State) -> dict[str, Any]:
    body: dict[str, Any] = _codec.converter.unstructure(state, State)
    return body


def to_json(state: State, *, indent: int | None = None) -> str:
    """The state as JSON text, from which :func:`from_json` rebuilds an equal state.

    Works on any state, including one in the middle of a decision (the pending decision
    frames are saved as plain data). The text carries a format version and the digest of
    the catalogue the state was made with.

    :param state: the state to save.
    :param indent: indent nested JSON by this many spaces (default: one compact line).
    :returns: the JSON text.
    """
    from . import __version__

    expect(state, State, "to_json", "state")
    body = _body(state)
    catalogue = body.pop("catalogue")
    document = {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "library": __version__,
        "catalogue": catalogue,
        "state": body,
    }
    return json.dumps(document, indent=indent, ensure_ascii=True)


def _field(document: dict[str, Any], key: str, kind: type) -> Any:
    if key not in document:
        raise StateFormatError(f"{key}: missing field")
    value = document[key]
    if type(value) is not kind:
        noun = {int: "an integer", str: "a string", dict: "an object"}.get(kind, kind.__name__)
        raise StateFormatError(f"{key}: expected {noun}, got {_codec.describe(value)}")
    return value


def parse_document(text: str | bytes, marker: str, what: str) -> dict[str, Any]:
    """The JSON object of a saved state or record, its ``format`` marker checked."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise StateFormatError(f"not a {what}: the text is not JSON ({err})") from None
    if not isinstance(document, dict):
        raise StateFormatError(f"not a {what}: expected a JSON object")
    if document.get("format") != marker:
        found = _codec.describe(document.get("format"))
        raise StateFormatError(f"format: expected {marker!r}, got {found}")
    return document


def check_version(document: dict[str, Any], supported: int) -> None:
    """Raise unless the document's ``version`` is ``supported``."""
    version = _field(document, "version", int)
    if version != supported:
        raise StateFormatError(
            f"version: format version {version} is not supported (this library reads "
            f"version {supported})"
        )


def check_catalogue(digest: str, rules: Rules, what: str) -> None:
    """Raise unless ``digest`` is the digest of ``rules``."""
    if digest != rules.digest:
        raise StateFormatError(
            f"catalogue: the {what} was made with catalogue {digest}, but the rules given "
            f"are catalogue {rules.digest} (load the same card files)"
        )


def from_json(text: str | bytes, *, rules: Rules | None = None) -> State:
    """The state saved by :func:`to_json`.

    Nothing is trusted: a text that is not such JSON, a missing or extra field, a value of
    the wrong type, a seat out of range, an unknown frame kind or card id, a negative
    count, a broken invariant of the game (see
    :func:`lisboa_core.testing.check_invariants`) or another format version raises
    :class:`~lisboa_core.errors.StateFormatError`, whose message starts with the path of
    the wrong field (``players[2].goods[1]: expected a number 0 or more, got -1``).

    The decision stack is checked too, frame by frame (its place, its data, an automatic
    step never on top), and the engine plays the loaded turn out once to be sure it can:
    a stack it cannot get through is refused naming the frame
    (``pending[3] (building-officials): ...``). An accepted state can always be played on.

    :param text: the JSON text.
    :param rules: the catalogue the state was made with (default: the shipped one,
        :func:`lisboa_core.load_rules`).
    :returns: a state equal to the saved one (same hash too).
    :raises StateFormatError: if the text is not a valid saved state, or was made with
        another catalogue.
    """
    expect(text, (str, bytes), "from_json", "text")
    if rules is not None:
        expect(rules, Rules, "from_json", "rules")
    rules = rules or load_rules()
    document = parse_document(text, STATE_FORMAT, "saved state")
    check_version(document, STATE_VERSION)
    _field(document, "library", str)
    check_catalogue(_field(document, "catalogue", str), rules, "state")
    body = _field(document, "state", dict)
    for key in document:
        if key not in ("format", "version", "library", "catalogue", "state"):
            raise StateFormatError(f"{key}: unknown field")
    if "catalogue" in body:
        raise StateFormatError("state.catalogue: unknown field (the catalogue is given once)")
    try:
        state = _codec.converter.structure({**body, "catalogue": rules.digest}, State)
        check_state(state, rules)
    except Exception as err:
        where, message = _codec.locate(err)
        raise StateFormatError(f"{where.removeprefix('.') or 'state'}: {message}") from None
    register_rules(rules)
    _check_invariants(state)
    check_pending(state)
    return state


def _check_invariants(state: State) -> None:
    from .testing import check_invariants  # late: testing builds on the public API

    try:
        problems = check_invariants(state)
    except Exception as err:  # the checks index by the values: a nonsense state can fail
        raise StateFormatError(f"the state is inconsistent ({type(err).__name__}: {err})") from None
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise StateFormatError(f"the state breaks an invariant: {problems[0]}{more}")


def state_digest(state: State) -> str:
    """A short fingerprint of a state: 16 hex digits of a SHA-256.

    It is computed from the state's canonical JSON (the ``state`` part of
    :func:`to_json`, catalogue digest included), so equal states have equal digests on
    every Python version and platform, and records store it to check a replay
    (``GameRecord.final_digest``).

    :param state: any state.
    :returns: the digest, e.g. ``"3f0c2a9d81b4e6c7"``.
    """
    expect(state, State, "state_digest", "state")
    canonical = json.dumps(_body(state), ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:16]
