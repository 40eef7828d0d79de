"""Puerto Rico's components in a player's words, generated from the catalogue: a building's
abilities and a role's phase and privilege say what the card-language reference says of
them (the meanings of :data:`~lisboa_core.games.puerto_rico.language.VOCABULARY`'s word
lists), with the card's numbers filled in, so an edited card file reads the new way at once
and the reference and the texts cannot drift apart."""

from __future__ import annotations

from lisboa_core.dsl.phrases import a_or_an, counted, filled, uncited
from lisboa_core.games.puerto_rico import model as m
from lisboa_core.games.puerto_rico.language import EVENTS, VOCABULARY

__all__ = [
    "ability_text", "building_text", "component_text", "phase_text", "role_text",
    "scoring_text",
]


def _meanings(name: str) -> dict[str, str]:
    found = next(w for w in VOCABULARY.lists if w.name == name)
    return dict(zip(found.words, found.meanings, strict=True))


_EVENTS = dict(zip(EVENTS, _meanings("event").values(), strict=True))
_PERMISSIONS = _meanings("permission")
_MODIFIERS = _meanings("modifier")
_PRIVILEGES = _meanings("privilege")
_PHASES = _meanings("phase")
_QUANTITIES = _meanings("quantity")
_END = _meanings("end")


def _listed(items: list[str], last: str = "and") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def _by_kinds(numbers: tuple[int, ...], unit: str) -> str:
    """``gain-by-kinds``: one number per count of kinds from none up."""
    paid = [f"{counted(n, unit)} for {counted(kinds, 'kinds')}"
            for kinds, n in enumerate(numbers) if n]
    return "after producing you take " + _listed(paid) + " of goods produced"


def ability_text(ability: m.Ability) -> str:
    """One ability of a building in words (the reference's meaning of its event,
    permission or modifier with the card's numbers)."""
    if ability.hook == "allow":
        return uncited(_PERMISSIONS.get(ability.event, f"you may {ability.event}"))
    if ability.hook == "modify":
        meaning = _MODIFIERS.get(ability.event, f"{ability.event} changed by N")
        return filled(meaning, *ability.numbers)
    if ability.effect == "gain-by-kinds":
        return _by_kinds(ability.numbers, ability.unit or "doubloons")
    found = _EVENTS.get((ability.event, ability.effect))
    if found is None:
        return f"on {ability.event}: {ability.effect} {' '.join(map(str, ability.numbers))}"
    return filled(found, *ability.numbers)


def scoring_text(rule: m.ScoreRule) -> str:
    """A large building's end scoring in words."""
    what = _QUANTITIES.get(rule.subject, rule.subject.replace("-", " "))
    n = rule.numbers
    if rule.kind == "per-building":
        return f"{n[0]} VP for each of your {rule.subject.replace('-', ' ')} buildings"
    if rule.kind == "per-full":
        return f"1 VP for every {n[0]} {what} you have"
    steps = list(zip(n[::2], n[1::2], strict=False))
    said = []
    for i, (low, vp) in enumerate(steps):
        top = steps[i + 1][0] if i + 1 < len(steps) else None
        if top is None:
            said.append(f"{vp} VP for {low} {what} or more" if low else f"{vp} VP")
        elif not low:
            said.append(f"{vp} VP for fewer than {top} {what}")
        else:
            said.append(f"{vp} VP for {low}" if top == low + 1 else
                        f"{vp} VP for {low} to {top - 1}")
    return _listed(said)


def building_text(rules: m.Rules, building: m.Building) -> str:
    """A building in words: its cost, points, colonist circles, what it produces, its
    abilities (while occupied) and its end scoring."""
    size = "large building on 2 city spaces" if building.large else "building"
    parts = [f"{a_or_an(size)} costing {counted(building.cost, 'doubloons')} (quarries take "
             f"off up to {building.column}), worth {building.vp} VP, with "
             f"{counted(building.circles, 'colonist circles')}"]
    if building.produces is not None:
        good = rules.by_id.get(building.produces)
        parts.append("occupied, it turns the harvest of your occupied "
                     f"{good.word if good is not None else building.produces} plantations "
                     "into goods")
    parts += [f"while occupied, {ability_text(a)}" for a in building.abilities]
    parts += [f"at the end, if occupied: {scoring_text(r)}" for r in building.scoring]
    return "; ".join(parts)


def phase_text(role: m.Role) -> str:
    """What a role card's phase has the players do, in a player's words (the card
    language's meaning of its ``phase`` word, without the rule it cites)."""
    return uncited(_PHASES.get(role.phase, f"the {role.phase} phase"))


def role_text(role: m.Role) -> str:
    """A role card in words: its phase, then its privilege."""
    phase = phase_text(role)
    privilege = _PRIVILEGES.get(role.privilege)
    text = filled(privilege, role.amount) if privilege else role.privilege.replace("-", " ")
    return f"{phase}; privilege: {text}"


def _good(rules: m.Rules, good: m.Good) -> str:
    building = " with an occupied production building" if good.needs_building else ""
    return (f"a good: {counted(good.count, 'barrels')} in the supply, produced on occupied "
            f"{good.word} plantations{building}; the trading house pays "
            f"{counted(good.price, 'doubloons')} for one")


def _tile(rules: m.Rules, tile: m.IslandTile) -> str:
    circles = counted(tile.circles, "colonist circles")
    if tile.kind == "quarry":
        return (f"an island tile with {circles}: occupied, it takes "
                f"{counted(tile.discount, 'doubloons')} off a building's cost (up to the "
                f"building's column); {tile.count} in the box")
    good = rules.by_id.get(tile.good or "")
    return (f"an island tile with {circles} that yields "
            f"{good.word if good is not None else tile.good}; {tile.count} in the box")


def _setup(rules: m.Rules, setup: m.Setup) -> str:
    def names(ids: tuple[str, ...], *, grouped: bool = True) -> str:
        said = [c.name if (c := rules.by_id.get(i)) is not None else i for i in ids]
        if not grouped:
            return _listed(said)
        return _listed([f"{n} (x{said.count(n)})" if said.count(n) > 1 else n
                        for n in dict.fromkeys(said)])

    holds = [str(s.capacity) for i in setup.ships if isinstance(s := rules.by_id.get(i),
                                                                 m.CargoShip)]
    return (f"for {setup.players} players: {counted(setup.doubloons, 'doubloons')} "
            f"each, {counted(setup.colonists, 'colonists')} in the supply and "
            f"{setup.colonist_ship} on the colonist ship (the mayor puts at least "
            f"{setup.refill_minimum} back on it), {setup.vp} VP chips; cargo ships of "
            f"{_listed(holds)} spaces; the roles {names(setup.roles)}; starting plantations, "
            f"from the governor on: {names(setup.start, grouped=False)}; "
            f"{counted(setup.face_up, 'face-up plantations')} after each settler phase")


def _board(board: m.GameBoard) -> str:
    ends = _listed([uncited(_END.get(e, e)) for e in board.end], "or")
    tie = " plus ".join(board.tiebreak)
    return (f"{counted(board.columns, 'columns')} of buildings; "
            f"{counted(board.role_bonus, 'doubloons')} on each unchosen role at the end of a "
            f"round; the game ends after the round in which {ends}; a tie for the most VP "
            f"goes to the most {tie}")


def _described(rules: m.Rules, found: m.Component) -> str:
    if isinstance(found, m.Building):
        return building_text(rules, found)
    if isinstance(found, m.Role):
        return role_text(found)
    if isinstance(found, m.Good):
        return _good(rules, found)
    if isinstance(found, m.IslandTile):
        return _tile(rules, found)
    if isinstance(found, m.CargoShip):
        return f"a cargo ship that holds {counted(found.capacity, 'barrels')} of one good"
    if isinstance(found, m.TradingHouse):
        return f"it holds {counted(found.spaces, 'goods')}, each of a different kind"
    if isinstance(found, m.GameBoard):
        return _board(found)
    if isinstance(found, m.PlayerMat):
        return (f"{found.island} island spaces, {found.city} city "
                f"spaces; after a captain phase you keep {counted(found.keep_goods, 'goods')}"
                " besides your warehouses")
    if isinstance(found, m.Setup):
        return _setup(rules, found)
    return ""


def component_text(rules: m.Rules, component_id: str) -> str:
    """A component by name and id (any case), with what it does.

    :raises KeyError: for an id the catalogue lacks."""
    found = rules.by_id.get(component_id) or next(
        (c for c in rules.components if c.word == component_id.lower()), None)
    if found is None:
        raise KeyError(component_id)
    text = _described(rules, found)
    head = f"{found.name} ({found.id})"
    return f"{head}: {text}" if text else head
