"""How a Lisboa state is saved: :class:`LisboaCodec`, the body inside the saved-state
envelope of :mod:`lisboa_core.persistence.serialize`.

Version 2 writes the per-good, per-colour, per-noble and per-house-group vectors as
objects keyed by name (``"goods": {"gold": 1, "books": 0, "cloth": 2, "tools": 0}``,
``"offices": {"manuel": [0, 1], ...}``); version 1 wrote them as lists in the order of
:data:`~lisboa_core.games.lisboa.state.GOODS`,
:data:`~lisboa_core.games.lisboa.state.RUBBLE`,
:data:`~lisboa_core.games.lisboa.state.NOBLES` and :data:`HOUSE_GROUPS`. Both are read;
version 2 is written. A state's digest hashes the version-1 layout, so digests never
changed. Frames hold effect nodes (:mod:`lisboa_core.games.lisboa.effect_codec`), and
every value is checked against the catalogue (:mod:`lisboa_core.games.lisboa.state_check`).

Example::

    from lisboa_core import new_game
    from lisboa_core.games import game

    codec = game("lisboa").codec()
    body = codec.write(new_game(players=2, seed=1))
    assert set(body["players"][0]["goods"]) == {"gold", "books", "cloth", "tools"}
"""

from __future__ import annotations

import re
from typing import Any

from lisboa_core.core.rng import Rng
from lisboa_core.errors import StateFormatError
from lisboa_core.games.lisboa.effect_codec import decode_value, encode_value
from lisboa_core.games.lisboa.state import (
    GOODS,
    NOBLES,
    RUBBLE,
    Frame,
    Options,
    PlayerState,
    State,
)
from lisboa_core.persistence.codec import StateCodec, describe, locate

__all__ = ["HOUSE_GROUPS", "LisboaCodec"]

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
                f"{describe(value)}"
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


class LisboaCodec(StateCodec):
    """Lisboa's saved-state body (see the module docstring): keyed vectors, effect nodes in
    frames, every value checked against the catalogue.

    Example::

        from lisboa_core import new_game
        from lisboa_core.games import game

        codec = game("lisboa").codec()
        state = new_game(players=2, seed=1)
        body = codec.write(state)
        del body["catalogue"]  # the envelope holds it
        assert codec.read(body, 2, state.catalogue) == state
        assert codec.canonical(state)["players"][0]["goods"] == [0, 0, 0, 0]
    """

    version = 2
    read_versions = (1, 2)

    def __init__(self, game: Any) -> None:
        super().__init__(game, {PlayerState: _PLAYER_TYPES, State: _STATE_TYPES})

    def encode_data(self, value: Any) -> Any:
        """A frame's data: tuples as lists, effect nodes as tagged objects."""
        return encode_value(value)

    def decode_data(self, value: Any) -> Any:
        """A frame's data read back, effect nodes checked against the vocabulary."""
        return decode_value(value)

    def write(self, state: Any) -> dict[str, Any]:
        """The version-2 body: vectors keyed by name."""
        return _keyed(self.canonical(state))

    def canonical(self, state: Any) -> dict[str, Any]:
        """The version-1 body (vectors as lists): what digests hash."""
        body: dict[str, Any] = self.converter.unstructure(state, State)
        return body

    def read(self, body: dict[str, Any], version: int, catalogue: str) -> Any:
        """A body of version 1 or 2."""
        if "catalogue" in body:
            raise StateFormatError("state.catalogue: unknown field (the catalogue is given "
                                   "once)")
        return super().read(_unkeyed(body) if version >= 2 else body, version, catalogue)

    def path(self, where: str, version: int) -> str:
        """Version 2 names a keyed vector's item by its key (``players[2].goods.books``)."""
        return _keyed_path(where) if version >= 2 else where

    def prepare(self, rules: Any) -> None:
        """Register the catalogue, so the rules read from a state's digest find it."""
        from lisboa_core.games.lisboa.rules.ops import register_rules

        register_rules(rules)

    def check(self, state: Any, rules: Any) -> None:
        """Every value against the catalogue and the player count, and where every piece
        lies (:func:`lisboa_core.games.lisboa.state_check.check_state`)."""
        from lisboa_core.games.lisboa.state_check import check_state

        try:
            check_state(state, rules)
        except Exception as err:
            where, message = locate(err)
            raise StateFormatError(f"{_keyed_path(where.removeprefix('.') or 'state')}: "
                                   f"{message}") from None

    def schema(self) -> dict[str, Any]:
        """Lisboa's saved body, written out (:mod:`lisboa_core.games.lisboa.schema`)."""
        from lisboa_core.games.lisboa.schema import defs

        return defs()
