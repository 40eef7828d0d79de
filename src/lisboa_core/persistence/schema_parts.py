"""Building blocks of the JSON Schemas (draft 2020-12) the library publishes: the shapes
every game's schemas are made of (:mod:`lisboa_core.persistence.schema` puts them together;
a game that writes its own body schema uses them too)."""

from __future__ import annotations

from typing import Any

__all__ = ["COUNT", "IDS", "INT", "TEXT", "fixed", "keyed", "many", "nullable", "obj", "seat"]

INT: dict[str, Any] = {"type": "integer"}
"""Any integer."""
COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}
"""An integer 0 or more."""
TEXT: dict[str, Any] = {"type": "string"}
"""A string."""
IDS: dict[str, Any] = {"type": "array", "items": TEXT}
"""A list of strings (ids)."""


def seat(players: int, nullable: bool = False) -> dict[str, Any]:
    """A seat of a game of at most ``players`` seats (or ``null``)."""
    if nullable:
        return {"type": ["integer", "null"], "minimum": 0, "maximum": players - 1}
    return {"type": "integer", "minimum": 0, "maximum": players - 1}


def keyed(keys: tuple[str, ...], value: dict[str, Any]) -> dict[str, Any]:
    """An object with exactly ``keys``, each holding ``value``."""
    return {
        "type": "object",
        "properties": {key: value for key in keys},
        "required": list(keys),
        "additionalProperties": False,
    }


def fixed(length: int, item: dict[str, Any]) -> dict[str, Any]:
    """A list of exactly ``length`` items."""
    return {"type": "array", "items": item, "minItems": length, "maxItems": length}


def many(item: dict[str, Any]) -> dict[str, Any]:
    """A list of any length."""
    return {"type": "array", "items": item}


def obj(properties: dict[str, Any], description: str = "") -> dict[str, Any]:
    """An object with exactly these properties, all required."""
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }
    if description:
        schema["description"] = description
    return schema


def nullable(item: dict[str, Any]) -> dict[str, Any]:
    """``item`` or ``null``."""
    return {"anyOf": [item, {"type": "null"}]}
