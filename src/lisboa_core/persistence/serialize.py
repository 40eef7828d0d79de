"""Saving and loading states and views as JSON, and a state's digest.

Any state saves, even in the middle of a decision: the pending frames are plain data
(effect nodes included). A saved state is one JSON object::

    {"format": "lisboa-state", "version": 2, "library": "0.1.0",
     "catalogue": "<digest of the rules>", "state": {<every State field but catalogue>}}

Version 2 writes the per-good, per-colour, per-noble and per-house-group vectors as
objects keyed by name (``"goods": {"gold": 1, "books": 0, "cloth": 2, "tools": 0}``,
``"offices": {"manuel": [0, 1], ...}``); version 1 wrote them as lists in the order of
:data:`~lisboa_core.games.lisboa.state.GOODS`, :data:`~lisboa_core.games.lisboa.state.RUBBLE`,
:data:`~lisboa_core.games.lisboa.state.NOBLES` and (left, middle, right). Both are read; version 2
is
written. A seat's :class:`~lisboa_core.View` saves the same way as ``"lisboa-view"`` with
its ``seat``; its hidden pieces are placeholders, which only a view may hold.

Loading checks the format and version, that the catalogue given is the one the state was
made with, every field's type, every value against the catalogue and the player count, where
every piece lies (one place each, of a kind that place holds), and finally the game's
invariants; anything wrong raises
:class:`~lisboa_core.errors.StateFormatError` naming the field.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from lisboa_core._args import expect
from lisboa_core.core.rng import Rng
from lisboa_core.errors import StateFormatError
from lisboa_core.games.lisboa.catalog import Rules, load_rules
from lisboa_core.games.lisboa.rules.ops import register_rules
from lisboa_core.games.lisboa.state import (
    GOODS,
    NOBLES,
    RUBBLE,
    Frame,
    Options,
    PlayerState,
    State,
)
from lisboa_core.games.lisboa.state_check import check_state
from lisboa_core.games.lisboa.views import View, determinize, observe
from lisboa_core.persistence import codec as _codec
from lisboa_core.persistence.stack_check import check_pending

__all__ = [
    "HOUSE_GROUPS",
    "READ_VERSIONS",
    "STATE_FORMAT",
    "STATE_VERSION",
    "VIEW_FORMAT",
    "from_json",
    "state_digest",
    "to_json",
    "view_from_json",
]

STATE_FORMAT = "lisboa-state"
"""The ``format`` marker of a saved state."""

VIEW_FORMAT = "lisboa-view"
"""The ``format`` marker of a saved view (what one seat sees)."""

STATE_VERSION = 2
"""The version of the saved-state layout this library writes (it reads 1 and 2)."""

READ_VERSIONS = (1, 2)
"""The layout versions :func:`from_json` and :func:`view_from_json` read."""

HOUSE_GROUPS: tuple[str, ...] = ("left", "middle", "right")
"""The house groups, in the order of ``PlayerState.houses``."""

# Version 2 keys these vectors by name (version 1: lists in this order).
_KEYED_STATE: dict[str, tuple[str, ...]] = {
    "prices": GOODS,
    "favor_supply": NOBLES,
    "offices": NOBLES,
    "plazas": NOBLES,
}
_KEYED_PLAYER: dict[str, tuple[str, ...]] = {
    "goods": GOODS,
    "rubble": RUBBLE,
    "houses": HOUSE_GROUPS,
}

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


def _keyed(body: dict[str, Any]) -> dict[str, Any]:
    """A version-1 body with its vectors keyed by name (version 2)."""
    keyed = {k: dict(zip(_KEYED_STATE[k], v, strict=True)) if k in _KEYED_STATE else v
             for k, v in body.items()}
    keyed["players"] = [
        {k: dict(zip(_KEYED_PLAYER[k], v, strict=True)) if k in _KEYED_PLAYER else v
         for k, v in player.items()}
        for player in body["players"]
    ]
    return keyed


def _unkeyed_fields(body: dict[str, Any], keyed: dict[str, tuple[str, ...]],
                    path: str) -> dict[str, Any]:
    out = dict(body)
    for name, keys in keyed.items():
        if name not in body:
            continue  # reported as missing when the state is built
        value = body[name]
        if not isinstance(value, dict) or sorted(value) != sorted(keys):
            raise StateFormatError(
                f"{path}{name}: expected an object with the keys {', '.join(keys)}, got "
                f"{_codec.describe(value)}"
            )
        out[name] = [value[key] for key in keys]
    return out


def _unkeyed(body: dict[str, Any]) -> dict[str, Any]:
    """A version-2 body back in the version-1 layout (the vectors as lists)."""
    out = _unkeyed_fields(body, _KEYED_STATE, "")
    players = body.get("players")
    if isinstance(players, list):
        out["players"] = [
            _unkeyed_fields(p, _KEYED_PLAYER, f"players[{i}].") if isinstance(p, dict) else p
            for i, p in enumerate(players)
        ]
    return out


def to_json(state: State | View, *, indent: int | None = None) -> str:
    """The state (or a seat's view) as JSON text, from which :func:`from_json` (or
    :func:`view_from_json`) rebuilds an equal one.

    Works on any state, including one in the middle of a decision (the pending decision
    frames are saved as plain data). The text carries a format version and the digest of
    the catalogue the state was made with; a view also carries its seat, and holds
    placeholders where the seat cannot see (a view is safe to send to that seat).

    :param state: the state or view to save.
    :param indent: indent nested JSON by this many spaces (default: one compact line).
    :returns: the JSON text.
    :raises TypeError: for anything but a State or a View.

    Example::

        from lisboa_core import from_json, new_game, observe, to_json
        from lisboa_core.persistence.serialize import view_from_json

        state = new_game(players=2, seed=1)
        assert from_json(to_json(state)) == state
        view = observe(state, 1)
        assert view_from_json(to_json(view)) == view
    """
    from lisboa_core._version import __version__

    expect(state, (State, View), "to_json", "state")
    view = state if isinstance(state, View) else None
    body = _keyed(_body(state.state if isinstance(state, View) else state))
    catalogue = body.pop("catalogue")
    document: dict[str, Any] = {
        "format": STATE_FORMAT if view is None else VIEW_FORMAT,
        "version": STATE_VERSION,
        "library": __version__,
        "catalogue": catalogue,
    }
    if view is not None:
        document["seat"] = view.seat
    document["state"] = body
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
        hint = {
            (STATE_FORMAT, VIEW_FORMAT): " (a seat's view: read it with view_from_json)",
            (VIEW_FORMAT, STATE_FORMAT): " (a whole state: read it with from_json)",
        }.get((marker, found.strip("'")), "")
        raise StateFormatError(f"format: expected {marker!r}, got {found}{hint}")
    return document


def check_version(document: dict[str, Any], supported: int | tuple[int, ...]) -> int:
    """The document's ``version``; raises unless it is one of ``supported``."""
    versions = supported if isinstance(supported, tuple) else (supported,)
    version: int = _field(document, "version", int)
    if version not in versions:
        readable = " and ".join(map(str, versions))
        raise StateFormatError(
            f"version: format version {version} is not supported (this library reads "
            f"version {readable})"
        )
    return version


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
    count, a piece where its kind may not lie, in two places or nowhere (a purple card in a
    period-1 display pile, a public building in two stacks), a broken invariant of the game
    (see
    :func:`lisboa_core.games.lisboa.testing.check_invariants`) or another format version raises
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

    Example::

        from lisboa_core import from_json, new_game, to_json

        state = new_game(players=4, seed=7)
        assert from_json(to_json(state)) == state
    """
    rules = _arguments(text, rules, "from_json")
    document = parse_document(text, STATE_FORMAT, "saved state")
    state = _read_body(document, rules, "state", ())
    check_state_body(state, rules)
    register_rules(rules)
    _check_invariants(state)
    check_pending(state)
    return state


def _arguments(text: Any, rules: Any, function: str) -> Rules:
    """A loader's arguments checked; the catalogue to read with (default: the shipped one)."""
    expect(text, (str, bytes), function, "text")
    if rules is not None:
        expect(rules, Rules, function, "rules")
    return rules or load_rules()


def _read_body(document: dict[str, Any], rules: Rules, what: str,
               extra: tuple[str, ...]) -> State:
    """The state of a saved state or view document, its envelope and types checked."""
    version = check_version(document, READ_VERSIONS)
    _field(document, "library", str)
    check_catalogue(_field(document, "catalogue", str), rules, what)
    body = _field(document, "state", dict)
    for key in document:
        if key not in ("format", "version", "library", "catalogue", "state", *extra):
            raise StateFormatError(f"{key}: unknown field")
    if "catalogue" in body:
        raise StateFormatError("state.catalogue: unknown field (the catalogue is given once)")
    if version >= 2:
        body = _unkeyed(body)
    try:
        state: State = _codec.converter.structure({**body, "catalogue": rules.digest}, State)
    except Exception as err:
        where, message = _codec.locate(err)
        where = where.removeprefix(".") or "state"
        raise StateFormatError(f"{_keyed_path(where) if version >= 2 else where}: "
                               f"{message}") from None
    return state


_KEYED_ITEM = re.compile(r"^(players\[\d+\]\.)?(\w+)\[(\d+)\]")


def _keyed_path(path: str) -> str:
    """``players[2].goods[1]`` as version 2 writes it: ``players[2].goods.books``."""
    found = _KEYED_ITEM.match(path)
    if found is None:
        return path
    owner, name, index = found.group(1), found.group(2), int(found.group(3))
    keys = (_KEYED_PLAYER if owner else _KEYED_STATE).get(name)
    if keys is None or index >= len(keys):
        return path
    return f"{owner or ''}{name}.{keys[index]}{path[found.end():]}"


def check_state_body(state: State, rules: Rules) -> None:
    """Every value of a structured state against the catalogue (StateFormatError)."""
    try:
        check_state(state, rules)
    except Exception as err:
        where, message = _codec.locate(err)
        raise StateFormatError(f"{_keyed_path(where.removeprefix('.') or 'state')}: "
                               f"{message}") from None


def view_from_json(text: str | bytes, *, rules: Rules | None = None) -> View:
    """The seat's view saved by :func:`to_json` (``"format": "lisboa-view"``).

    Placeholders (``"?card"``...) are accepted where, and only where, the seat cannot see:
    the view is checked by sampling a whole state that agrees with it
    (:func:`~lisboa_core.games.lisboa.views.determinize`), checking that state as :func:`from_json`
    would, and observing it again from the same seat, which must give the view back. A
    placeholder where the seat sees the piece, or a piece the seat cannot see, is refused
    naming the field.

    :param text: the JSON text.
    :param rules: the catalogue the game was made with (default: the shipped one).
    :returns: a view equal to the saved one.
    :raises StateFormatError: if the text is not a valid saved view.

    Example::

        from lisboa_core import new_game, observe, to_json
        from lisboa_core.persistence.serialize import view_from_json

        view = observe(new_game(players=3, seed=2), 0)
        assert view_from_json(to_json(view)) == view
    """
    rules = _arguments(text, rules, "view_from_json")
    document = parse_document(text, VIEW_FORMAT, "saved view")
    seat = _field(document, "seat", int)
    state = _read_body(document, rules, "view", ("seat",))
    if not 0 <= seat < len(state.players) or not 2 <= len(state.players) <= 4:
        raise StateFormatError(f"seat: expected a seat of the game, got {seat}")
    register_rules(rules)
    view = View(seat, state)
    try:
        whole = determinize(view, 0)
    except Exception as err:  # a placeholder no unseen piece fits, or nonsense values
        raise StateFormatError(f"the view cannot come from a game: {err}") from None
    check_state_body(whole, rules)
    _check_invariants(whole)
    seen = observe(whole, seat).state
    for name in State.FIELDS:
        if getattr(seen, name) != getattr(state, name):
            raise StateFormatError(
                f"{_first_difference(name, getattr(seen, name), getattr(state, name))}: "
                f"not what seat {seat} could see (a placeholder where the piece is "
                "visible, or a piece hidden from the seat)"
            )
    return view


def _first_difference(path: str, a: Any, b: Any) -> str:
    """The path of the first place where two equal-shaped values differ."""
    if isinstance(a, PlayerState) and isinstance(b, PlayerState):
        for name in PlayerState.FIELDS:
            if getattr(a, name) != getattr(b, name):
                return _first_difference(f"{path}.{name}", getattr(a, name), getattr(b, name))
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(f"{path}[{i}]", x, y)
    return path


def _check_invariants(state: State) -> None:
    from lisboa_core.games.lisboa.testing import check_invariants

    try:
        problems = check_invariants(state)
    except Exception as err:  # the checks index by the values: a nonsense state can fail
        raise StateFormatError(f"the state is inconsistent ({type(err).__name__}: {err})") from None
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise StateFormatError(f"the state breaks an invariant: {problems[0]}{more}")


def state_digest(state: State) -> str:
    """A short fingerprint of a state: 16 hex digits of a SHA-256.

    It is computed from the state's canonical JSON in the layout of version 1 (vectors as
    lists, catalogue digest included), so equal states have equal digests on every Python
    version and platform and across format versions, and records store it to check a
    replay (``GameRecord.final_digest``).

    :param state: any state.
    :returns: the digest, e.g. ``"3f0c2a9d81b4e6c7"``.

    Example::

        from lisboa_core import new_game, state_digest

        digest = state_digest(new_game(players=2, seed=1))
        assert digest == state_digest(new_game(players=2, seed=1)) and len(digest) == 16
    """
    expect(state, State, "state_digest", "state")
    canonical = json.dumps(_body(state), ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:16]
