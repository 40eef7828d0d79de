"""Puerto Rico's moves in words: role cards, tiles, buildings and ships by their printed
names, with what they do read from the catalogue (a building's cost, points, circles and
abilities; a role's phase and privilege), so an edited card file reads the new way at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lisboa_core.core.moves import Move
from lisboa_core.games.puerto_rico.model import Ability, Building, Role, Rules, ScoreRule
from lisboa_core.games.puerto_rico.rules.ops import rules_of

__all__ = ["building_text", "component_text", "describe_move", "role_text"]

_PHASES = {
    "settle": "each player in turn takes a plantation",
    "colonists": "the colonists on the ship are shared out and every player places his",
    "build": "each player in turn may build one building",
    "produce": "each player produces goods",
    "trade": "each player in turn may sell one good to the trading house",
    "ship": "the players load goods onto the cargo ships for VP",
    "none": "no phase",
}
_PRIVILEGES = {
    "take-quarry": "you may take a quarry instead of a plantation",
    "extra-colonist": "you take {n} more colonist{s} from the supply",
    "discount": "your building costs {n} doubloon{s} less",
    "extra-good": "you take {n} more good{s} of a kind you produced",
    "sale-bonus": "your sale earns {n} doubloon{s} more",
    "first-load-bonus": "your first load earns {n} more VP",
    "doubloons": "you take {n} doubloon{s} from the bank",
}


def _counted(template: str, n: int) -> str:
    return template.format(n=n, s="" if n == 1 else "s")


def role_text(role: Role) -> str:
    """A role card in words: its phase, then its privilege."""
    phase = _PHASES.get(role.phase, f"the {role.phase} phase")
    privilege = _PRIVILEGES.get(role.privilege)
    text = _counted(privilege, role.amount) if privilege else role.privilege.replace("-", " ")
    return f"{phase}; privilege: {text}"


def _ability(ability: Ability) -> str:
    numbers = "/".join(map(str, ability.numbers))
    if ability.hook == "allow":
        return f"allows {ability.event.replace('-', ' ')}"
    if ability.hook == "modify":
        return f"{ability.event.replace('-', ' ')} {numbers}".strip()
    effect = " ".join(p for p in (ability.effect.replace("-", " "), numbers, ability.unit) if p)
    return f"on {ability.event.replace('-', ' ')}: {'may ' if ability.optional else ''}{effect}"


def _scoring(rule: ScoreRule) -> str:
    numbers = "/".join(map(str, rule.numbers))
    return f"at the end {rule.kind.replace('-', ' ')} {rule.subject.replace('-', ' ')}: " \
        f"{numbers} VP"


def building_text(rules: Rules, building: Building) -> str:
    """A building in words: cost, points, circles, what it produces and its abilities."""
    circles = f"{building.circles} circle{'' if building.circles == 1 else 's'}"
    parts = [f"cost {building.cost}, {building.vp} VP, {circles}"]
    if building.produces is not None:
        good = rules.by_id.get(building.produces)
        parts.append(f"produces {good.word if good is not None else building.produces}")
    parts += [_ability(a) for a in building.abilities]
    parts += [_scoring(r) for r in building.scoring]
    return "; ".join(parts)


def component_text(rules: Rules, component_id: str) -> str:
    """A component by name and id (any case), with what it does for a building or a role.

    :raises KeyError: for an id the catalogue lacks."""
    found = rules.by_id.get(component_id) or next(
        (c for c in rules.components if c.word == component_id.lower()), None)
    if found is None:
        raise KeyError(component_id)
    head = f"{found.name} ({found.id})"
    if isinstance(found, Building):
        return f"{head}: {building_text(rules, found)}"
    if isinstance(found, Role):
        return f"{head}: {role_text(found)}"
    return head


def _by_word(items: Any, word: Any) -> Any:
    return next((c for c in items if c.word == str(word).lower()), None)


def _role(state: Any, move: Move) -> str:
    rules = rules_of(state)
    role = next((rules.roles_by_id[r] for r in state.roles if r.lower() == move.args[0]), None)
    if role is None:
        return f"take the role card {move.args[0]}"
    index = [r.lower() for r in state.roles].index(str(move.args[0]))
    money = state.role_doubloons[index]
    bonus = f" (with the {money} doubloon{'' if money == 1 else 's'} on it)" if money else ""
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
    return f"build a {building.name}: {building_text(rules, building)}"


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
        what = f"use the {name}: " + "; ".join(_ability(a) for a in abilities)
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
