"""Saving and loading states and views as JSON, and a state's digest, for every game.

Any state saves, even in the middle of a decision: the pending frames are plain data. A
saved state is one JSON object, an envelope around the game's own body::

    {"format": "lisboa-state", "version": 2, "library": "0.2.0",
     "catalogue": "<digest of the rules>", "state": {<every state field but catalogue>}}

The format names the game (``"<game>-state"``, ``"<game>-view"``: ``lisboa-state``,
``puerto-rico-view``); the version is the version of that game's body layout, which the
game's codec writes and reads (:meth:`Game.codec <lisboa_core.games.Game.codec>`;
Lisboa's is :class:`~lisboa_core.games.lisboa.codec.LisboaCodec`). A seat's
:class:`~lisboa_core.views.View` saves the same way as ``"<game>-view"`` with its
``seat``; its hidden pieces are placeholders, which only a view may hold.

Loading is symmetric: :func:`from_json` reads what :func:`to_json` wrote of a state, and
:func:`view_from_json` (exported by ``lisboa_core`` too) what it wrote of a view; each
names the other when given the wrong one. Loading checks the format and version, that the
catalogue given is the one the state was made with, every field's type, every value the
game's codec checks (Lisboa: every id against the catalogue, where every piece lies), the
game's invariants, and that the decision stack can be played on; anything wrong raises
:class:`~lisboa_core.errors.StateFormatError` naming the field.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from lisboa_core._args import expect
from lisboa_core.core.immutable import GameState, Record
from lisboa_core.errors import StateFormatError
from lisboa_core.games import Game, game_for_rules, game_of
from lisboa_core.games import game as _game
from lisboa_core.games import games as _games
from lisboa_core.persistence.codec import describe
from lisboa_core.persistence.stack_check import check_pending
from lisboa_core.views import View

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
"""The ``format`` marker of a saved Lisboa state (another game's: ``"<game>-state"``)."""

VIEW_FORMAT = "lisboa-view"
"""The ``format`` marker of a saved Lisboa view (another game's: ``"<game>-view"``)."""

STATE_VERSION = 2
"""The version of the saved Lisboa layout this library writes (it reads 1 and 2)."""

READ_VERSIONS = (1, 2)
"""The Lisboa layout versions :func:`from_json` and :func:`view_from_json` read."""

HOUSE_GROUPS: tuple[str, ...] = ("left", "middle", "right")
"""Lisboa's house groups, in the order of ``PlayerState.houses``."""


def to_json(state: GameState | View, *, indent: int | None = None) -> str:
    """The state (or a seat's view) of any game as JSON text, from which :func:`from_json`
    (or, for a view, :func:`view_from_json`) rebuilds an equal one.

    Works on any state, including one in the middle of a decision (the pending decision
    frames are saved as plain data). The text names its game and carries a format version
    and the digest of the catalogue the state was made with; a view also carries its seat,
    and holds placeholders where the seat cannot see (a view is safe to send to that
    seat).

    :param state: the state or view to save.
    :param indent: indent nested JSON by this many spaces (default: one compact line).
    :returns: the JSON text.
    :raises TypeError: for anything but a state or a view of a registered game.

    Example::

        from lisboa_core import from_json, new_game, observe, to_json
        from lisboa_core.serialize import view_from_json

        state = new_game(players=2, seed=1)
        assert from_json(to_json(state)) == state
        view = observe(state, 1)
        assert view_from_json(to_json(view)) == view
    """
    from lisboa_core._version import __version__

    expect(state, (GameState, View), "to_json", "state")
    view = state if isinstance(state, View) else None
    whole = state.state if isinstance(state, View) else state
    found = game_of(whole)
    codec = found.codec()
    body = codec.write(whole)
    catalogue = body.pop("catalogue")
    document: dict[str, Any] = {
        "format": f"{found.name}-{'state' if view is None else 'view'}",
        "version": codec.version,
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
        raise StateFormatError(f"{key}: expected {noun}, got {describe(value)}")
    return value


def load_document(text: str | bytes, what: str) -> dict[str, Any]:
    """The JSON object of a saved state, view or record (its marker not checked yet)."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise StateFormatError(f"not a {what}: the text is not JSON ({err})") from None
    if not isinstance(document, dict):
        raise StateFormatError(f"not a {what}: expected a JSON object")
    return document


def check_marker(document: dict[str, Any], marker: str) -> None:
    """Raise unless the document's ``format`` is ``marker`` (saying which reader reads the
    document it is, for a state given as a view and the other way round)."""
    if document.get("format") == marker:
        return
    found = describe(document.get("format"))
    written = found.strip("'")
    hint = ""
    if marker.endswith("-state") and written.endswith("-view"):
        hint = " (a seat's view: read it with view_from_json)"
    elif marker.endswith("-view") and written.endswith("-state"):
        hint = " (a whole state: read it with from_json)"
    raise StateFormatError(f"format: expected {marker!r}, got {found}{hint}")


def parse_document(text: str | bytes, marker: str, what: str) -> dict[str, Any]:
    """The JSON object of a saved state or record, its ``format`` marker checked."""
    document = load_document(text, what)
    check_marker(document, marker)
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


def check_catalogue(digest: str, rules: Any, what: str) -> None:
    """Raise unless ``digest`` is the digest of ``rules``."""
    if digest != rules.digest:
        raise StateFormatError(
            f"catalogue: the {what} was made with catalogue {digest}, but the rules given "
            f"are catalogue {rules.digest} (load the same card files)"
        )


def _game_named(document: dict[str, Any], rules: Any, function: str) -> Game:
    """The game a document is of: the game of ``rules`` when given, else the one its
    format names, else Lisboa (whose marker the format is then checked against)."""
    if rules is not None:
        found = game_for_rules(rules)
        if found is None:
            raise TypeError(f"{function}(): rules must be a game's catalogue, not "
                            f"{type(rules).__name__}")
        return found
    marker = document.get("format")
    if isinstance(marker, str):
        for kind in ("-state", "-view"):
            name = marker.removesuffix(kind)
            if marker.endswith(kind) and name in _games():
                return _game(name)
    return _game("lisboa")


def from_json(text: str | bytes, *, rules: Any = None) -> Any:
    """The state saved by :func:`to_json`, of whichever game the text names.

    Nothing is trusted: a text that is not such JSON, a missing or extra field, a value of
    the wrong type, a seat out of range, an unknown frame kind or id, a negative count, a
    piece where its kind may not lie, in two places or nowhere, a broken invariant of the
    game (:meth:`Game.check_invariants <lisboa_core.games.Game.check_invariants>`) or
    another format version raises :class:`~lisboa_core.errors.StateFormatError`, whose
    message starts with the path of the wrong field (``players[2].goods.books: expected a
    number 0 or more, got -1``).

    The decision stack is checked too, frame by frame (its place, its data, an automatic
    step never on top), and the engine plays the loaded turn out once to be sure it can:
    a stack it cannot get through is refused naming the frame
    (``pending[3] (building-officials): ...``). An accepted state can always be played on.

    :param text: the JSON text.
    :param rules: the catalogue the state was made with (default: the shipped catalogue of
        the game the text names).
    :returns: a state equal to the saved one (same hash too).
    :raises StateFormatError: if the text is not a valid saved state (a saved view says
        to read it with :func:`view_from_json`), or was made with another catalogue.

    Example::

        from lisboa_core import from_json, new_game, to_json

        state = new_game(players=4, seed=7)
        assert from_json(to_json(state)) == state
    """
    expect(text, (str, bytes), "from_json", "text")
    document = load_document(text, "saved state")
    found = _game_named(document, rules, "from_json")
    check_marker(document, f"{found.name}-state")
    rules = rules if rules is not None else found.load_rules()
    codec = found.codec()
    state = _read_body(document, codec, rules, "state", ())
    codec.check(state, rules)
    codec.prepare(rules)
    _check_invariants(found, state)
    check_pending(state)
    return state


def _read_body(document: dict[str, Any], codec: Any, rules: Any, what: str,
               extra: tuple[str, ...]) -> Any:
    """The state of a saved state or view document, its envelope and types checked."""
    version = check_version(document, codec.read_versions)
    _field(document, "library", str)
    check_catalogue(_field(document, "catalogue", str), rules, what)
    body = _field(document, "state", dict)
    for key in document:
        if key not in ("format", "version", "library", "catalogue", "state", *extra):
            raise StateFormatError(f"{key}: unknown field")
    return codec.read(body, version, rules.digest)


def view_from_json(text: str | bytes, *, rules: Any = None) -> View:
    """The seat's view saved by :func:`to_json` (``"format": "<game>-view"``).

    Placeholders are accepted where, and only where, the seat cannot see: the view is
    checked by sampling a whole state that agrees with it
    (:func:`~lisboa_core.views.determinize`), checking that state as :func:`from_json`
    would (its values, pieces, invariants and decision stack), and observing it again
    from the same seat, which must give the view back. A placeholder where the seat sees
    the piece, or a piece the seat cannot see, is refused naming the field.

    :param text: the JSON text.
    :param rules: the catalogue the game was made with (default: the shipped catalogue of
        the game the text names).
    :returns: a view equal to the saved one (of the class the game's ``observe`` makes).
    :raises StateFormatError: if the text is not a valid saved view.

    Example::

        from lisboa_core import new_game, observe, to_json
        from lisboa_core.serialize import view_from_json

        view = observe(new_game(players=3, seed=2), 0)
        assert view_from_json(to_json(view)) == view
    """
    expect(text, (str, bytes), "view_from_json", "text")
    document = load_document(text, "saved view")
    found = _game_named(document, rules, "view_from_json")
    check_marker(document, f"{found.name}-view")
    rules = rules if rules is not None else found.load_rules()
    codec = found.codec()
    seat = _field(document, "seat", int)
    state = _read_body(document, codec, rules, "view", ("seat",))
    players = len(state.players) if "players" in state.FIELDS else state.player_count
    if not 0 <= seat < players or players not in found.players:
        raise StateFormatError(f"seat: expected a seat of the game, got {seat}")
    codec.prepare(rules)
    try:
        whole = found.determinize(View(seat, state), 0)
    except Exception as err:  # a placeholder no unseen piece fits, or nonsense values
        raise StateFormatError(f"the view cannot come from a game: {err}") from None
    codec.check(whole, rules)
    _check_invariants(found, whole)
    check_pending(whole)
    seen = found.observe(whole, seat)
    for name in type(state).FIELDS:
        if getattr(seen.state, name) != getattr(state, name):
            raise StateFormatError(
                f"{_first_difference(name, getattr(seen.state, name), getattr(state, name))}: "
                f"not what seat {seat} could see (a placeholder where the piece is "
                "visible, or a piece hidden from the seat)"
            )
    view: View = seen
    return view


def _first_difference(path: str, a: Any, b: Any) -> str:
    """The path of the first place where two equal-shaped values differ."""
    if isinstance(a, Record) and isinstance(b, Record) and type(a) is type(b):
        for name in a.FIELDS:
            if getattr(a, name) != getattr(b, name):
                return _first_difference(f"{path}.{name}", getattr(a, name), getattr(b, name))
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(f"{path}[{i}]", x, y)
    return path


def _check_invariants(found: Game, state: Any) -> None:
    try:
        problems = found.check_invariants(state)
    except Exception as err:  # the checks index by the values: a nonsense state can fail
        raise StateFormatError(f"the state is inconsistent ({type(err).__name__}: {err})") from None
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise StateFormatError(f"the state breaks an invariant: {problems[0]}{more}")


def state_digest(state: GameState) -> str:
    """A short fingerprint of a state of any game: 16 hex digits of a SHA-256.

    It is computed from the state's canonical JSON (the first layout of its game's codec:
    for Lisboa, version 1, vectors as lists, catalogue digest included), so equal states
    have equal digests on every Python version and platform and across format versions,
    and records store it to check a replay (``GameRecord.final_digest``).

    :param state: any state.
    :returns: the digest, e.g. ``"3f0c2a9d81b4e6c7"``.

    Example::

        from lisboa_core import new_game, state_digest

        digest = state_digest(new_game(players=2, seed=1))
        assert digest == state_digest(new_game(players=2, seed=1)) and len(digest) == 16
    """
    expect(state, GameState, "state_digest", "state")
    body = game_of(state).codec().canonical(state)
    canonical = json.dumps(body, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:16]
