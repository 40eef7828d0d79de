"""Tiletum's components in a player's words (``show ID``): every kind of the card files,
from the catalogue, with names as the cards print them and effects in the words of
:func:`~lisboa_core.games.tiletum.move_words.effect_text`; the player-count marks say what
the card-language reference says of them (the ``players`` word list of
:data:`~lisboa_core.games.tiletum.language.VOCABULARY`)."""

from __future__ import annotations

from typing import Any

from lisboa_core.dsl.phrases import a_or_an, counted
from lisboa_core.games.tiletum import move_words as w
from lisboa_core.games.tiletum.language import PLAYERS, VOCABULARY
from lisboa_core.games.tiletum.model import Rules, Tile

__all__ = ["component_text", "players_text"]

_MARKS = dict(zip(PLAYERS, next(x for x in VOCABULARY.lists if x.name == "players").meanings,
                  strict=True))


def players_text(players: int) -> str:
    """A player-count mark (2: every game, 3, 4) in the reference's words."""
    return _MARKS.get(str(players) if players > 2 else "all", f"games of {players} players")


def _listed(items: list[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _tile(rules: Rules, tile: Tile, kind: str) -> str:
    used = f"; used in {players_text(tile.players)}"
    if tile.kind == "contract":
        contract = rules.extra["contract"][tile.holds]
        return (f"the contract {tile.id}, {a_or_an(kind)}: taken into the warehouse, fulfilled "
                f"as a duty: {w.contract_text(contract)}{used}")
    if tile.kind == "coat":
        return (f"the {w.name_of(rules, tile.holds)} coat of arms ({tile.id}), "
                f"{a_or_an(kind)}: taken into the warehouse, placed as a duty on an empty coat "
                "space of your board, paying that space's food for its bonus; nobody owns two "
                f"coats of arms of one type{used}")
    return (f"the assistant {tile.id}, {a_or_an(kind)}: used once as a duty, it gives "
            f"{w.effects_text(tile.effects)}, then leaves the game{used}")


def _board(rules: Rules) -> str:
    buildings = [f"{b.id} with {counted(b.rooms, 'rooms')} and a coat space for "
                 f"{b.coat_food} food (bonus: {w.effect_text(b.coat_bonus)})"
                 for b in rules.buildings]
    spaces = ", ".join(map(str, rules.contract_spaces))
    done = [f"{vp} VP for {counted(n, 'completed buildings')}"
            for n, vp in enumerate(rules.completed_vp) if vp]
    return (f"a warehouse of {counted(rules.warehouse, 'tiles')}; "
            f"contract spaces worth {spaces} VP; {counted(rules.start_pillars, 'pillars')} "
            f"on it at the start; the buildings {'; '.join(buildings)}; at the end "
            f"{_listed(done)}, and 1 VP for every {rules.resources_per_vp} resources left")


def _setup(rules: Rules, players: int) -> str:
    """What a player count's setup gives (after ``the setup for N players (ID):``)."""
    s = rules.setup_for(players)
    gold = ", ".join(map(str, s.gold))
    start = [f"{n} {r}" for r, n in zip(("gold", "food", "wool", "stone", "iron"), s.start,
                                       strict=True) if n]
    return (f"{counted(s.dice_per_colour, 'dice')} of each "
            f"colour, {s.dice_rolled} rolled each round; starting gold by seat {gold}; each "
            f"player also starts with {_listed(start) if start else 'nothing else'}, "
            f"{s.vp} VP, {counted(s.posts, 'trading posts')} and "
            f"{counted(s.pillars, 'pillars')}")


def _singles(rules: Rules, kind: str, ident: str) -> str:
    if kind == "king-track":
        values = ", ".join(f"{v:+d}" for v in rules.king_values)
        return (f"the king's track ({ident}): its spaces are worth {values} VP from the first; "
                f"the king starts on space {rules.king_start}; the last round's king scoring "
                f"gives {rules.king_last_vp} VP")
    if kind == "corruption":
        tokens = ", ".join(map(str, rules.corruption))
        return (f"the corruption tokens ({ident}): worth {tokens}; "
                f"{rules.corruption_on_track} are put face down on the track")
    if kind == "fair-spaces":
        vps = ", ".join(map(str, rules.fair_vp))
        return (f"the fair track ({ident}): its spaces are worth {vps} VP; the first fair is "
                f"held in {w.name_of(rules, rules.first_fair_town)}")
    if kind == "contract-display":
        costs = ", ".join(map(str, rules.contract_costs))
        return (f"the contract display ({ident}): taking its tiles costs {costs} AP, slot by "
                "slot")
    if kind == "person-display":
        return (f"the person display ({ident}): {counted(rules.person_slots, 'persons')} on "
                f"show; taking one costs {rules.person_cost} AP")
    if kind == "player-board":
        return f"every player's board ({ident}): {_board(rules)}"
    return ""


def _indexed(rules: Rules, kind: str, ident: str, index: int) -> str:
    if kind == "action-tile":
        return (f"action tile {ident}: in the variant, laid on an area of the wheel, it gives "
                f"{a_or_an(rules.action_tiles[index])} action")
    if kind == "town-tile":
        town = rules.town_tiles[index][1]
        return f"town tile {ident}: it shows {w.name_of(rules, town)}, where a fair is held"
    if kind == "edge":
        a, b = rules.edges[index]
        return f"the link {ident} of the map, between {w.space_text(rules, a)} and " \
            f"{w.space_text(rules, b)}"
    if kind == "setup":
        players = rules.setups[index].players
        return f"the setup for {players} players ({ident}): {_setup(rules, players)}"
    if kind == "cost":
        cost = rules.costs[index]
        if cost.closed:
            return f"cathedral cost tile {ident}: it closes the cathedral track"
        return (f"cathedral cost tile {ident}: a contribution to a cathedral costs "
                f"{cost.stone} stone and gives {cost.vp} VP")
    return ""


def _other(rules: Rules, ident: str) -> str:
    """A component of the catalogue by name and id, with what it does (``show ID``).

    :raises KeyError: for an id the catalogue lacks."""
    e = rules.extra
    if ident in e["person"] or ident in e["tile"]:
        return w.tile_text(rules, ident)
    if ident in e["town"]:
        town = e["town"][ident]
        posts = ", ".join(f"{p} ({w.post_bonus(rules, p)})" if w.post_bonus(rules, p) else p
                          for p in town.posts)
        site = f"; {w.cathedral_text(rules, town.cathedral)}" if town.cathedral else ""
        return f"{town.name} ({ident}), a town: trading-post spaces {posts}{site}"
    if ident in rules.roads:
        return f"{w.space_text(rules, ident)}, on the map"
    if ident in e["post"]:
        head, bonus = w.post_text(rules, ident)
        return f"{head}){bonus}"
    if ident in e["cathedral"]:
        site = e["cathedral"][ident]
        tiles = ", ".join(map(str, site.tiles))
        return f"{w.cathedral_text(rules, ident)}: {site.pillars} pillars; tiles of {tiles} VP"
    if ident in e["contract"]:
        return f"the contract {ident}: {w.contract_text(e['contract'][ident])}"
    if ident in e["die"]:
        return f"the {w.name_of(rules, ident)} dice ({ident}): their pips give {e['die'][ident]}"
    if ident in e["fair"]:
        fair = e["fair"][ident]
        kind, *what = (c.replace("coats", "coats of arms").replace("-", " ")
                       for c in fair.counts)
        scored = {"sets": f"the value for each set of {_listed(what)} (one of each)",
                  "count": "the value for each of their " + _listed(what),
                  "king": "the value and their king track's VP again"}.get(
                      kind, " ".join(fair.counts))
        return (f"the fair tile {ident}: {fair.vp} VP more on the fair's value; each "
                f"participant scores {scored}")
    if ident in rules.coats:
        return (f"the {w.name_of(rules, ident)} coat of arms ({ident}), a type of coat of "
                "arms tiles: nobody owns two of one type")
    persons = [t for t in rules.persons if t.person == ident]
    if persons:
        tiles = "; ".join(f"{t.id}: {w.effects_text(t.bonus)}" for t in persons)
        return f"the {w.name_of(rules, ident)} ({ident}, {persons[0].icon} icon): {tiles}"
    for b in rules.buildings:
        if b.id == ident:
            return (f"building {ident} of every player's board: {counted(b.rooms, 'rooms')}; "
                    f"a coat space for {b.coat_food} food (bonus: "
                    f"{w.effect_text(b.coat_bonus)})")
    if ident.startswith("AR") and ident[2:].isdigit() and 0 < int(ident[2:]) <= len(rules.areas):
        return f"action area {ident}: the {rules.areas[int(ident[2:]) - 1]} action"
    raise KeyError(ident)


def component_text(rules: Rules, ident: str) -> str:
    """A component of the catalogue by name and id, with what it does (``show ID``).

    :raises KeyError: for an id the catalogue lacks."""
    e: dict[str, Any] = rules.extra
    ids: dict[str, tuple[str, ...]] = e.get("ids", {})
    kind = next((k for k, found in ids.items() if ident in found), "")
    if ident in e["tile"]:
        return _tile(rules, e["tile"][ident], kind.replace("-", " ") or "tile")
    text = _singles(rules, kind, ident) or (
        _indexed(rules, kind, ident, ids[kind].index(ident)) if kind else "")
    return text or _other(rules, ident)
