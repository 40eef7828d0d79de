"""The JSON Schema of a saved Lisboa state's body, written out (the keyed vectors, the
fixed lengths and the names the rules give): what
:func:`lisboa_core.schema.json_schema` puts under ``$defs`` for Lisboa's states and
views.

Example::

    from lisboa_core.games.lisboa.schema import defs

    assert set(defs()) == {"state", "player", "frame"}
"""

from __future__ import annotations

from typing import Any

from lisboa_core.games.lisboa.codec import HOUSE_GROUPS
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import GOODS, NOBLES, RUBBLE
from lisboa_core.persistence.schema_parts import (
    COUNT,
    IDS,
    INT,
    TEXT,
    fixed,
    keyed,
    many,
    nullable,
    obj,
    seat,
)

__all__ = ["defs"]

_SEAT_OR_NEUTRAL: dict[str, Any] = {"type": "integer", "minimum": -1, "maximum": 3}


def _player() -> dict[str, Any]:
    return obj({
        "hand": IDS,
        "top": fixed(3, nullable(TEXT)),
        "bottom": fixed(3, nullable(TEXT)),
        "cargo": fixed(3, IDS),
        "sailed": fixed(3, COUNT),
        "goods": keyed(GOODS, COUNT),
        "reis": COUNT,
        "wigs": INT,
        "influence": COUNT,
        "clergy": IDS,
        "favors": many({"enum": list(NOBLES)}),
        "plans": IDS,
        "completed": IDS,
        "decrees": IDS,
        "rubble": keyed(RUBBLE, COUNT),
        "markers": COUNT,
        "houses": keyed(HOUSE_GROUPS, COUNT),
        "officials": COUNT,
    }, "Everything one seat owns.")


def _frame() -> dict[str, Any]:
    return obj({
        "kind": {"enum": sorted(STACK.kinds())},
        "seat": seat(4),
        "data": {"type": "array", "description": "The decision's data, by kind."},
    }, "One pending decision or automatic step (the last frame is on top).")


def _pair() -> dict[str, Any]:
    return fixed(2, IDS)


def _options() -> dict[str, Any]:
    return obj({
        "gold_only_when_stuck": {"type": "boolean"},
        "draft": {"type": "boolean"},
        "leftmost_slot": {"type": "boolean"},
    })


def options() -> dict[str, Any]:
    """The schema of Lisboa's rule variants (a record's ``options``)."""
    return _options()


def _state_body() -> dict[str, Any]:
    seats_by_noble = keyed(NOBLES, many(_SEAT_OR_NEUTRAL))
    return obj({
        "players": {"type": "array", "items": {"$ref": "#/$defs/player"},
                    "minItems": 2, "maxItems": 4},
        "current": seat(4),
        "start_player": seat(4),
        "period": {"type": "integer", "minimum": 1, "maximum": 2},
        "pending": many({"$ref": "#/$defs/frame"}),
        "rng": obj({"seed": INT, "counter": COUNT}),
        "options": _options(),
        "offices": seats_by_noble,
        "plazas": seats_by_noble,
        "favor_supply": keyed(NOBLES, COUNT),
        "covered": IDS,
        "treasury": COUNT,
        "prices": keyed(GOODS, COUNT),
        "piles": many(IDS),
        "later_decks": _pair(),
        "shipyard": IDS,
        "later_ships": IDS,
        "decree_deck": IDS,
        "decree_display": IDS,
        "clergy_bag": IDS,
        "church": many(nullable(TEXT)),
        "cardinal": COUNT,
        "church_scoring": seat(4, nullable=True),
        "city_display": many(nullable(TEXT)),
        "city_stacks": _pair(),
        "stores": many(fixed(3, {})) | {
            "description": "[land id, seat, street colour] per store"},
        "row_rubble": many(many({"enum": list(RUBBLE)})),
        "column_rubble": many(many({"enum": list(RUBBLE)})),
        "site_rubble": many(many({"enum": list(RUBBLE)})),
        "rubble_pile": many({"enum": list(RUBBLE)}),
        "opened": many(fixed(3, TEXT)),
        "scoring_tiles": IDS,
        "plan_stacks": _pair(),
        "building_stacks": _pair(),
        "turn": COUNT,
        "final_turns": nullable(COUNT),
        "log": IDS,
        "removed": IDS,
        "rubble_out": COUNT,
    }, "Every field of the State but its catalogue, which the envelope gives once.")


def defs() -> dict[str, Any]:
    """The ``$defs`` of a saved Lisboa state or view: ``state``, ``player`` and ``frame``."""
    return {"state": _state_body(), "player": _player(), "frame": _frame()}
