"""Tiletum's moves in words: dice by colour and value, towns, persons and coats of arms by
their printed names, tiles and cathedrals with what they give, all read from the catalogue
(an edited card file reads the new way at once), and what a move costs in AP.

``state`` is the state the move is chosen in: ``done``, ``stop``, ``skip``, ``bonus`` and the
chance outcomes (``roll``, ``reveal``, ``draw``) mean what the decision on top makes them
mean.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lisboa_core.core.moves import Move
from lisboa_core.dsl.phrases import counted
from lisboa_core.games.tiletum.event_words import EVENT_WORDS
from lisboa_core.games.tiletum.model import Contract, Effect, Rules, Tile, Town
from lisboa_core.games.tiletum.rules.ops import ACTIONS, can_gain, rules_of
from lisboa_core.games.tiletum.rules.turn import area_of, die_ap

__all__ = [
    "cathedral_text",
    "component_text",
    "contract_text",
    "describe_move",
    "effect_text",
    "effects_text",
    "name_of",
    "post_bonus",
    "post_text",
    "space_text",
    "tile_label",
    "tile_text",
]

_PIECES = {"architect": "your architect", "merchant": "your merchant",
           "both": "your architect and your merchant"}


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def name_of(rules: Rules, ident: str) -> str:
    """The printed name of a component (its name in quotes in the card files), else its id."""
    names: dict[str, str] = rules.extra.get("names", {})
    return names.get(ident, ident)


def _amount(what: str, count: int) -> str:
    return f"{count} VP" if what == "vp" else f"{count} {what}"


def _gains(args: tuple[str | int, ...]) -> str:
    pairs = [(str(args[i]), int(args[i + 1])) for i in range(0, len(args) - 1, 2)]
    return " and ".join(_amount(what, count) for what, count in pairs)


def effect_text(effect: Effect) -> str:
    """One effect phrase of the cards (TL21-TL25) in words."""
    verb, args = effect
    if verb == "gain":
        return f"gain {_gains(args)}"
    if verb == "any":
        return f"gain {_n(int(args[0]), 'resource')} of your choice"
    if verb == "action":
        kind = "any one" if args[0] == "any" else _a(str(args[0]))
        return f"{kind} action with {args[1]} AP"
    if verb == "step":
        piece = _PIECES.get(str(args[0]), str(args[0]))
        build = {"post": ", then a trading post where it stands",
                 "pillar": ", then a pillar where it stands"}.get(str(args[2]) if len(args) > 2
                                                                  else "", "")
        if int(args[1]) <= 0 and build:
            return build.removeprefix(", then ").replace("it stands", f"{piece} stands")
        each = " each" if args[0] == "both" else ""
        return f"{_n(int(args[1]), 'free step')}{each} for {piece}{build}"
    if verb == "king":
        return f"your king marker {_n(int(args[0]), 'space')} ahead"
    if verb == "persons":
        return "the bonuses of the persons in one of your buildings again"
    if verb == "plus-ap":
        return f"{args[0]} more AP for your die action"
    if verb == "die-type":
        return "a die's resources of another type"
    if verb in ("post-anywhere", "pillar-anywhere"):
        piece = "a trading post in any town" if verb == "post-anywhere" else \
            "a pillar in any cathedral"
        return piece
    if verb in ("merchant-anywhere", "architect-anywhere"):
        return f"your {verb.partition('-')[0]} to any space"
    return " ".join(str(x) for x in (verb, *args))


def effects_text(effects: tuple[Effect, ...]) -> str:
    """Several effect phrases in words, or ``nothing``."""
    return "; ".join(effect_text(e) for e in effects) or "nothing"


def contract_text(contract: Contract) -> str:
    """What fulfilling a contract costs and gives."""
    pay = " and ".join(f"{counted(n, 'resources')} of one type" if what == "any" else
                       f"{n} {what}"
                       for what, n in contract.pay)
    extra = f", and {effects_text(contract.extra)}" if contract.extra else ""
    return f"pay {pay} for {contract.vp} VP{extra}"


def tile_label(rules: Rules, tile: str, *, short: bool = False) -> str:
    """A warehouse tile's short name, for a picture or a list: a person's printed name, a
    coat of arms' name, a contract's payment and VP (``short``: only its VP), or
    ``assistant``; the id for a tile the catalogue lacks."""
    person = rules.extra["person"].get(tile)
    if person is not None:
        return name_of(rules, person.person)
    found: Tile | None = rules.extra["tile"].get(tile)
    if found is None:
        return tile
    if found.kind == "contract":
        contract: Contract = rules.extra["contract"][found.holds]
        if short:
            return f"contract, {contract.vp} VP"
        pay = " + ".join(f"{n} of a kind" if what == "any" else f"{n} {what}"
                         for what, n in contract.pay)
        return f"{pay}: {contract.vp} VP"
    if found.kind == "coat":
        return f"{name_of(rules, found.holds)} coat"
    return "assistant"


def tile_text(rules: Rules, tile: str) -> str:
    """A warehouse tile by name (a person's, a coat of arms') and id, with what it gives."""
    person = rules.extra["person"].get(tile)
    if person is not None:
        return (f"the {name_of(rules, person.person)} ({tile}, {person.icon} icon): when "
                f"placed, {effects_text(person.bonus)}")
    found: Tile | None = rules.extra["tile"].get(tile)
    if found is None:
        return tile
    if found.kind == "contract":
        return f"the contract {tile}: {contract_text(rules.extra['contract'][found.holds])}"
    if found.kind == "coat":
        return f"the {name_of(rules, found.holds)} coat of arms ({tile})"
    return f"the assistant {tile}: {effects_text(found.effects)}"


def space_text(rules: Rules, space: str) -> str:
    """A map space: a town by name, a road space by id with the towns next to it."""
    town: Town | None = rules.extra["town"].get(space)
    if town is not None:
        return town.name
    towns = [rules.extra["town"][s].name for s in rules.adjacent(space)
             if s in rules.extra["town"]]
    near = f" (next to {' and '.join(towns)})" if towns else ""
    return f"the road space {space}{near}"


def cathedral_text(rules: Rules, site: str, note: str = "") -> str:
    found = rules.extra["cathedral"].get(site)
    town = rules.extra["town"].get(found.town) if found is not None else None
    said = f"{site}, {note}" if note else site
    return f"the cathedral of {town.name} ({said})" if town is not None else \
        f"the cathedral ({said})"


def post_text(rules: Rules, space: str) -> tuple[str, str]:
    """A trading-post space, ``a trading post in TOWN (space ID``, and its bonus."""
    post = rules.extra["post"].get(space)
    if post is None:
        return f"a trading post (space {space}", ""
    town = rules.extra["town"][post.town].name
    bonus = post_bonus(rules, space)
    return f"a trading post in {town} (space {space}", f": {bonus}" if bonus else ""


def post_bonus(rules: Rules, space: str) -> str:
    """What building a trading post on ``space`` gives (TL25.1), '' nothing."""
    bonus = rules.extra["post"][space].bonus
    if bonus and bonus[0] == "vp":
        return f"{bonus[1]} VP"
    if bonus and bonus[0] == "persons":
        return effect_text(("persons", ()))
    return ""


def _die(rules: Rules, die: str) -> str:
    return f"{name_of(rules, die[:2])} die showing {die[2:]}"


def _areas(state: Any, rules: Rules) -> tuple[str, ...]:
    # the action tiles variant deals the areas' actions into the state
    found: tuple[str, ...] = getattr(state, "area_actions", None) or rules.areas
    return found


def _paid(frame: Any, cost: int) -> str:
    return f"{cost} AP" if frame.kind == "action" else "free"


def _take(state: Any, move: Move) -> str:
    rules = rules_of(state)
    area, die = int(str(move.args[0])[2:]) - 1, str(move.args[1])
    value = int(die[2:])
    resource = str(move.args[2]) if len(move.args) > 2 else rules.extra["die"][die[:2]]
    seat = state.pending[-1].seat
    action = _areas(state, rules)[area]
    ap = die_ap(value)
    if action == "joker":
        then = f"then any one action (joker) with {ap} AP"
    else:
        bonus = state.players[seat].bonus_ap[ACTIONS.index(action)]
        then = f"then {_a(action)} action with {ap + bonus} AP"
    instead = " (an assistant turns the die's type)" if len(move.args) > 2 else ""
    tile = state.area_bonus[area]
    offer = f"; you may also take its bonus tile ({tile_text(rules, tile)})" \
        if tile and can_gain(state, seat, tile) else ""
    return (f"take the {_die(rules, die)} from action area {move.args[0]} ({action}): gain "
            f"{value} {resource}{instead}, {then}{offer}")


def _bonus(state: Any, move: Move) -> str:
    rules = rules_of(state)
    frame = state.pending[-1]
    if frame.kind == "area-bonus":
        area = int(frame.data[0])
        tile = tile_text(rules, state.area_bonus[area])
        if move.args[0] == "yes":
            return f"take the bonus tile of action area AR{area + 1}: {tile}"
        return f"leave the bonus tile of action area AR{area + 1} ({tile})"
    town = str(move.args[0])
    index = next((i for i, t in enumerate(rules.towns) if t.id == town), -1)
    tile = tile_text(rules, state.map_bonus[index]) if index >= 0 else "its tile"
    return f"take the bonus tile of {space_text(rules, town)} (1 AP): {tile}"


def _king_bonus(state: Any, move: Move) -> str:
    rules = rules_of(state)
    tile = tile_text(rules, state.king_bonus) if state.king_bonus else "the empty space"
    choice = move.args[0]
    if choice == "take":
        return f"take the king's bonus tile: {tile}"
    if choice == "vp":
        return f"score {rules.king_last_vp} VP instead of the king's bonus tile"
    return f"discard the king's bonus tile ({tile})"


def _action(state: Any, move: Move) -> str:
    frame = state.pending[-1]
    kind = str(move.args[0])
    ap = int(frame.data[0])
    if frame.kind == "joker":
        ap += state.players[frame.seat].bonus_ap[ACTIONS.index(kind)]
        return f"use the joker as {_a(kind)} action with {ap} AP"
    return f"{_a(kind)} action with {ap} AP"


def _gain(state: Any, move: Move) -> str:
    left = int(state.pending[-1].data[0]) if state.pending[-1].data else 1
    more = f" ({left - 1} more to choose)" if left > 1 else ""
    return f"take 1 {move.args[0]} (a resource of your choice){more}"


def _exchange(state: Any, move: Move) -> str:
    frame = state.pending[-1]
    first = frame.kind == "action" and not frame.data[2]
    bonus = ", then 1 resource of your choice (the first exchange)" if first else ""
    return f"exchange 1 {move.args[0]} for 1 {move.args[1]} (1 AP){bonus}"


def _piece_move(state: Any, move: Move) -> str:
    rules = rules_of(state)
    frame = state.pending[-1]
    piece = str(frame.data[0]) if frame.data else "piece"
    where = space_text(rules, str(move.args[0]))
    if move.kind == "move":
        return f"move your {piece} to {where} (1 AP)"
    if move.kind == "step":
        left = int(frame.data[1]) - 1
        more = f"; {_n(left, 'step')} left" if left > 0 else ""
        return f"a free step: your {piece} to {where}{more}"
    return f"put your {piece} on {where}, no path needed"


def _build_post(state: Any, move: Move) -> str:
    frame = state.pending[-1]
    head, bonus = post_text(rules_of(state), str(move.args[0]))
    return f"build {head}, {_paid(frame, 1)}){bonus}"


def _pillar(state: Any, move: Move) -> str:
    rules = rules_of(state)
    site = str(move.args[0])
    i = rules.extra["site_index"].get(site)
    taken = ""
    if i is not None:
        taken = (f"; {len(state.pillars[i])} of its {rules.cathedrals[i].pillars} pillar "
                 "spaces taken")
    return f"place a pillar in {cathedral_text(rules, site, _paid(state.pending[-1], 1) + taken)}"


def _contribute(state: Any, move: Move) -> str:
    rules = rules_of(state)
    site = str(move.args[0])
    i = rules.extra["site_index"][site]
    cost = rules.extra["cost"][state.costs[i]]
    cathedral = rules.cathedrals[i]
    tile = cathedral.tiles[cathedral.pillars - state.cathedral_left[i]]
    return (f"contribute to {cathedral_text(rules, site)}: pay {cost.stone} stone for "
            f"{cost.vp} VP and a cathedral tile of {tile} VP")


def _contract_slot(state: Any, move: Move) -> str:
    rules = rules_of(state)
    i = int(str(move.args[0])[2:]) - 1
    tile = tile_text(rules, state.contract_display[i])
    return (f"take the tile in slot {move.args[0]} of the contract display "
            f"({rules.contract_costs[i]} AP) into your warehouse: {tile}")


def _hire(state: Any, move: Move) -> str:
    rules = rules_of(state)
    tile = str(move.args[0])
    person = rules.extra["person"].get(tile)
    if person is None:
        return f"hire {tile} from the person display (1 AP)"
    return (f"hire the {name_of(rules, person.person)} ({tile}) from the person display into "
            f"your warehouse (1 AP); {person.icon} icon; when placed: {effects_text(person.bonus)}")


def _place(state: Any, move: Move) -> str:
    rules = rules_of(state)
    tile = str(move.args[0])
    person = rules.extra["person"].get(tile)
    name = name_of(rules, person.person) if person is not None else "person"
    bonus = effects_text(person.bonus) if person is not None else "nothing"
    return (f"place the {name} ({tile}) on floor {move.args[2]} of building {move.args[1]} "
            f"({move.args[2]} AP): {bonus}")


def _fulfil(state: Any, move: Move) -> str:
    rules = rules_of(state)
    tile = str(move.args[0])
    found = rules.extra["tile"].get(tile)
    if found is None or found.kind != "contract":
        return f"fulfil the contract {tile}"
    contract: Contract = rules.extra["contract"][found.holds]
    kind = str(move.args[1]) if len(move.args) > 1 else ""
    pay = " and ".join(f"{n} {kind if what == 'any' else what}" for what, n in contract.pay)
    p = state.players[state.pending[-1].seat]
    space = len(p.contracts)
    vp = contract.vp + (rules.contract_spaces[space] if space < len(rules.contract_spaces)
                        else 0)
    pillar = ", and a pillar to your supply" if space < rules.start_pillars else ""
    extra = f", and {effects_text(contract.extra)}" if contract.extra else ""
    return f"fulfil the contract {tile}: pay {pay} for {vp} VP{pillar}{extra}"


def _coat(state: Any, move: Move) -> str:
    rules = rules_of(state)
    building = next((b for b in rules.buildings if b.id == move.args[1]), None)
    what = tile_text(rules, str(move.args[0]))
    if building is None:
        return f"place {what} on building {move.args[1]}"
    return (f"place {what} on building {building.id}: pay {building.coat_food} food; "
            f"its bonus: {effect_text(building.coat_bonus)}")


def _repeat(state: Any, move: Move) -> str:
    rules = rules_of(state)
    ident = str(move.args[0])
    if ident in rules.extra["person"]:
        return f"gain the bonus of {_bonus_of(rules, ident)} again"
    index = next((i for i, b in enumerate(rules.buildings) if b.id == ident), -1)
    rooms = state.players[state.pending[-1].seat].rooms[index] if index >= 0 else ()
    persons = "; ".join(_bonus_of(rules, t) for t in rooms if t) or "nobody"
    return f"gain the bonuses of the persons in building {ident} again: {persons}"


def _bonus_of(rules: Rules, tile: str) -> str:
    person = rules.extra["person"].get(tile)
    if person is None:
        return tile
    return f"the {name_of(rules, person.person)} ({tile}: {effects_text(person.bonus)})"


def _finish(state: Any, move: Move) -> str:
    frame = state.pending[-1]
    kind = frame.kind
    if move.kind == "done" and kind == "action":
        unused = f" ({frame.data[1]} AP unused)" if int(frame.data[1]) > 0 else ""
        return f"end this {frame.data[0]} action{unused}"
    if kind == "step":
        return f"stop moving your {frame.data[0]}"
    if kind == "post-anywhere":
        return "place no trading post"
    if kind == "pillar-anywhere":
        return "place no pillar"
    if kind == "persons":
        return "repeat no person bonuses"
    if kind.startswith("persons"):
        return "take no more of the building's person bonuses"
    return {"end": "end your turn"}.get(move.kind, f"{move.kind}: nothing more")


def _roll(state: Any, move: Move) -> str:
    rules = rules_of(state)
    die = str(move.args[0])
    value = int(die[2:])
    area = area_of(state, value)
    action = _areas(state, rules)[area]
    return (f"a {name_of(rules, die[:2])} die is drawn from the bag and rolled: it shows "
            f"{value} and goes to action area AR{area + 1} ({action}, {die_ap(value)} AP)")


def _reveal(state: Any, move: Move) -> str:
    value = int(move.args[0])
    if value <= 0:
        return f"a corruption token is turned up showing {value}: the king markers stay"
    return (f"a corruption token is turned up showing {value}: every king marker moves "
            f"{_n(value, 'space')} to the left")


def _slot(rules: Rules, field: str, index: int) -> str:
    if field == "area_bonus":
        return f"the bonus space of action area AR{index + 1}"
    if field == "map_bonus" and 0 <= index < len(rules.towns):
        return f"the bonus space of {rules.towns[index].name}"
    if field == "king_bonus":
        return "the king's bonus space"
    if field == "contract_display":
        return f"slot CS{index + 1} of the contract display"
    place = EVENT_WORDS.get(field, field.replace("_", " "))
    return f"the {place}" if index < 0 else f"space {index + 1} of the {place}"


def _draw(state: Any, move: Move) -> str:
    rules = rules_of(state)
    frame = state.pending[-1]
    tile = tile_text(rules, str(move.args[0]))
    if frame.kind != "draw" or len(frame.data) < 3:
        return f"a tile is drawn from a deck: {tile}"
    deck = EVENT_WORDS.get(str(frame.data[0]), str(frame.data[0]).replace("_", " "))
    return (f"a tile is drawn from the {deck} to "
            f"{_slot(rules, str(frame.data[1]), int(frame.data[2]))}: {tile}")


_WORDS: dict[str, Callable[[Any, Move], str]] = {
    "take": _take,
    "bonus": _bonus,
    "king-bonus": _king_bonus,
    "action": _action,
    "gain": _gain,
    "trade": lambda s, mv: f"pay 2 gold for 1 {mv.args[0]} (the gold exchange)",
    "exchange": _exchange,
    "move": _piece_move,
    "step": _piece_move,
    "to": _piece_move,
    "post": _build_post,
    "pillar": _pillar,
    "contribute": _contribute,
    "contract": _contract_slot,
    "repeat": _repeat,
    "hire": _hire,
    "place": _place,
    "fulfil": _fulfil,
    "coat": _coat,
    "assist": lambda s, mv: f"use {tile_text(rules_of(s), str(mv.args[0]))} (then it leaves "
                            "the game)",
    "refresh": lambda s, mv: "refresh the person display (1 AP): the persons shown are "
                             "discarded and new ones drawn",
    "advance": lambda s, mv: "advance your king marker one space (1 AP)",
    "done": _finish,
    "end": _finish,
    "stop": _finish,
    "skip": _finish,
    "roll": _roll,
    "reveal": _reveal,
    "draw": _draw,
}


def describe_move(state: Any, move: Move) -> str:
    """What ``move`` does in ``state``, in words: taking a die says its colour and value,
    the area it is taken from with that area's action, the resources it gives and the
    action's AP.

    Towns, persons, coats of arms and die colours are named as the cards print them; tiles
    say what they give. A move of a kind Tiletum does not know reads as its notation."""
    words = _WORDS.get(move.kind)
    return str(move) if words is None or not state.pending else words(state, move)


def component_text(rules: Rules, ident: str) -> str:
    """A component of the catalogue by name and id, with what it does (``show ID``;
    :func:`lisboa_core.games.tiletum.descriptions.component_text`).

    :raises KeyError: for an id the catalogue lacks."""
    from lisboa_core.games.tiletum.descriptions import component_text as described

    return described(rules, ident)
