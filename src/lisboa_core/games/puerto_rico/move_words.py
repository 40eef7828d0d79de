"""Puerto Rico's moves in words: role cards, tiles, buildings and ships by their printed
names, with what they do read from the catalogue (a building's cost, points, circles and
abilities; a role's phase and privilege), so an edited card file reads the new way at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lisboa_core.core.moves import Move
from lisboa_core.dsl.phrases import a_or_an, counted
from lisboa_core.games.puerto_rico.descriptions import (
    ability_text,
    building_text,
    component_text,
    role_text,
)
from lisboa_core.games.puerto_rico.model import Building
from lisboa_core.games.puerto_rico.rules.ops import rules_of

__all__ = ["building_text", "component_text", "describe_move", "role_text"]

def _by_word(items: Any, word: Any) -> Any:
    return next((c for c in items if c.word == str(word).lower()), None)


def _role(state: Any, move: Move) -> str:
    rules = rules_of(state)
    role = next((rules.roles_by_id[r] for r in state.roles if r.lower() == move.args[0]), None)
    if role is None:
        return f"take the role card {move.args[0]}"
    index = [r.lower() for r in state.roles].index(str(move.args[0]))
    money = state.role_doubloons[index]
    bonus = f" (with the {counted(money, 'doubloons')} on it)" if money else ""
    twins = sum(rules.roles_by_id[r].name == role.name for r in state.roles) > 1
    name = f"{role.name} ({move.args[0]})" if twins else role.name  # two Prospector cards
    return f"take the {name}{bonus}: {role_text(role)}"


def _take(state: Any, move: Move) -> str:
    tile = _by_word(rules_of(state).tiles, move.args[0])
    if tile is None:
        return f"take a {move.args[0]} tile"
    if tile.kind == "quarry":
        return f"take a {tile.name} (builds cost {tile.discount} less, once occupied)"
    return f"take a {tile.name}"


def _place(state: Any, move: Move) -> str:
    rules = rules_of(state)
    tile = _by_word(rules.tiles, move.args[0])
    building = rules.by_id.get(str(move.args[0]))
    name = tile.name if tile is not None else (building.name if building is not None
                                               else move.args[0])
    return f"place a colonist on your {name}"


def _build(state: Any, move: Move) -> str:
    rules = rules_of(state)
    building = rules.by_id.get(str(move.args[0]))
    if not isinstance(building, Building):
        return f"build {move.args[0]}"
    return f"build {a_or_an(building.name)}: {building_text(rules, building)}"


def _sell(state: Any, move: Move) -> str:
    good = _by_word(rules_of(state).goods, move.args[0])
    price = f" (base price {good.price})" if good is not None else ""
    return f"sell one {move.args[0]} to the trading house{price}"


def _load(state: Any, move: Move) -> str:
    ship = _by_word(rules_of(state).ships, move.args[1])
    name = ship.name if ship is not None else move.args[1]
    return f"load {move.args[0]} onto the {name}"


def _yes_no(state: Any, move: Move) -> str:
    frame = state.pending[-1]
    rules = rules_of(state)
    if frame.kind == "mayor-privilege":
        role = next((r for r in rules.roles if r.privilege == "extra-colonist"), None)
        what = f"take the {role.name if role is not None else 'role'}'s extra colonist"
    else:
        building = _by_word(rules.buildings, frame.kind)
        name = building.name if building is not None else frame.kind.replace("-", " ")
        abilities = getattr(building, "abilities", ())
        what = f"use the {name}: " + "; ".join(ability_text(a) for a in abilities)
    return f"yes: {what}" if move.kind == "yes" else f"no: do not {what}"


def _pass(state: Any, move: Move) -> str:
    kind = state.pending[-1].kind
    return {"build": "build nothing", "settle": "take no plantation",
            "trade": "sell nothing", "craftsman-extra": "take no extra good",
            "load": "load nothing"}.get(kind, "pass")


_WORDS: dict[str, Callable[[Any, Move], str]] = {
    "role": _role,
    "take": _take,
    "hacienda": lambda s, mv: "draw a hidden plantation with the " + next(
        (b.name for b in rules_of(s).buildings
         if any(a.effect == "draw-plantation" for a in b.abilities)), "building"),
    "place": _place,
    "build": _build,
    "extra": lambda s, mv: f"take one more {mv.args[0]} (the craftsman's privilege)",
    "sell": _sell,
    "load": _load,
    "wharf": lambda s, mv: f"ship every {mv.args[0]} with the wharf",
    "store": lambda s, mv: f"keep every {mv.args[0]} in a warehouse",
    "keep": lambda s, mv: f"keep one {mv.args[0]}",
    "yes": _yes_no,
    "no": _yes_no,
    "pass": _pass,
}


def describe_move(state: Any, move: Move) -> str:
    """What ``move`` does, in words: a role's move names the role and says its phase and
    its privilege, from the catalogue."""
    words = _WORDS.get(move.kind)
    return str(move) if words is None or not state.pending else words(state, move)
