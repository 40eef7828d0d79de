"""A picture of a Tiletum position as a standalone SVG document.

:func:`board` draws the table: the map (the road spaces, the towns with their
trading-post spaces, each post space's bonus, the map bonus spaces, the cathedral sites with
their pillars, the fair towns, and the seats' merchants and architects), the action wheel
(its six areas with the value and AP of each, the dice on them and each area's bonus tile),
the corruption tokens on the turn track, the king track with the seats' markers and the
king bonus, the displays of persons and contracts and the decks' sizes; then one player
board per seat: VP, resources, the personal supply, the six buildings with a room per floor
(the person tile in it) and the trading post on the roof, the coat spaces, the contract
spaces, the warehouse, the dice taken this round, cathedral tiles and bonus AP.

Every name, position, count and value comes from the catalogue (:mod:`..catalogue`; the map's
positions are the ``at`` lines of ``cards/tiletum/map.lsb``): nothing here knows a component
by its id. Given a :class:`~lisboa_core.views.View`, what no seat may see stays hidden
(TL26.2): the face-down corruption tokens show as ``?``, the decks only by their size. Each
piece is an element with ``data-kind`` (``town``, ``road``, ``post-space``, ``map-bonus``,
``cathedral-site``, ``merchant``, ``architect``, ``area``, ``die``, ``corruption``,
``king-space``, ``king-marker``, ``player``, ``building``, ``room``, ``resource``...),
``data-owner`` (a seat) where it belongs to one, and a ``<title>`` naming it. The same
position gives the same bytes.

Example::

    from lisboa_core import new_game
    from lisboa_core.games.tiletum.svg import board
    from lisboa_core.games.tiletum.views import observe

    picture = board(observe(new_game(players=4, seed=1, game="tiletum"), 0))
    assert picture.startswith("<svg") and picture.count('data-kind="player"') == 4
"""

from __future__ import annotations

import math

from lisboa_core.games.generic import PointsSheet
from lisboa_core.games.picture import WIDTH, Canvas, Chip, subject
from lisboa_core.games.tiletum import model as m
from lisboa_core.games.tiletum.move_words import effect_text, name_of, post_bonus, tile_label
from lisboa_core.games.tiletum.rules.ops import ACTIONS, rules_of
from lisboa_core.games.tiletum.scoring import score
from lisboa_core.games.tiletum.state import State
from lisboa_core.games.tiletum.views import HIDDEN_TOKEN
from lisboa_core.views import View

__all__ = ["RESOURCE_COLOURS", "SEAT_COLOURS", "board"]

SEAT_COLOURS: tuple[str, ...] = ("#c0392b", "#2471a3", "#229954", "#d4ac0d")
"""The colour of each seat (seat 0 first)."""

RESOURCE_COLOURS: dict[str, str] = {
    "gold": "#f4d03f", "food": "#e59866", "wool": "#fdfefe", "stone": "#aab7b8",
    "iron": "#566573",
}
"""The fill of each resource (:data:`~lisboa_core.games.tiletum.model.RESOURCES`) and of
the dice that give it."""

_MAP_SCALE = 0.66  # the cards' map frame is 1000 x 700
_MAP_W, _MAP_H = 1000 * _MAP_SCALE, 700 * _MAP_SCALE
_UNKNOWN = "#d5d8dc"
_EMPTY = "#fdfefe"


def _seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _ink(fill: str) -> str:
    red, green, blue = (int(fill[k:k + 2], 16) for k in (1, 3, 5))
    return "#111" if 0.299 * red + 0.587 * green + 0.114 * blue > 110 else "#fdfefe"


def _tile_text(rules: m.Rules, tile: str) -> str:
    """What a person, contract, coat or assistant tile is, in words."""
    from lisboa_core.games.tiletum.move_words import tile_text

    return tile_text(rules, tile)


def _die(c: Canvas, rules: m.Rules, die: str, x: float, y: float, place: str,
         owner: int | None = None, side: int = 16) -> None:
    """A die (its colour id and value, as the state holds it) as a square with its value."""
    colour, value = die[:-1], die[-1:]
    resource = str(rules.extra["die"].get(colour, ""))
    fill = RESOURCE_COLOURS.get(resource, _UNKNOWN)
    data: dict[str, object] = {"kind": "die", "id": colour, "value": value, "place": place}
    if owner is not None:
        data["owner"] = owner
    c.rect(x, y, side, side, fill, rx=3, title=f"a {resource} die showing {value}", data=data)
    c.text(x + side / 2, y + side * 0.75, value, size=side * 5 // 8, anchor="middle",
           weight="bold", fill=_ink(fill))


def _xy(rules: m.Rules, space: str, fallback: int) -> tuple[float, float]:
    """A map space's place on the picture; a space the cards give no ``at`` is put on a
    line along the bottom."""
    found = rules.position(space)
    if found is None:
        return 20 + (fallback * 24) % (_MAP_W - 40), _MAP_H - 10
    return 10 + found[0] * _MAP_SCALE, 40 + found[1] * _MAP_SCALE


def _draw_map(c: Canvas, state: State, rules: m.Rules) -> float:
    c.rect(10, 40, _MAP_W, _MAP_H, "#eaf2e3", stroke="#7d8c6a",
           title="the map (positions reconstructed)", data={"kind": "map"})
    where = {s: _xy(rules, s, k) for k, s in enumerate(rules.spaces)}
    for a, b in rules.edges:
        (xa, ya), (xb, yb) = where[a], where[b]
        c.parts.append(f'<line x1="{xa:g}" y1="{ya:g}" x2="{xb:g}" y2="{yb:g}" '
                       'stroke="#a0826d" stroke-width="3"/>')
    for road in rules.roads:
        x, y = where[road]
        c.circle(x, y, 6, "#d7ccc8", stroke="#6d4c41", title=f"road space {road}",
                 data={"kind": "road", "id": road})
    fairs = {town: k + 1 for k, town in enumerate(state.fair_towns)}
    n = state.player_count
    for t, town in enumerate(rules.towns):
        x, y = where[town.id]
        fair = f"; fair of round {fairs[town.id]}" if town.id in fairs else ""
        c.circle(x, y, 15, "#f6ddcc", stroke="#784212", title=f"{town.name}{fair}",
                 data={"kind": "town", "id": town.id})
        c.text(x, y - 18, town.name, size=9, anchor="middle", weight="bold")
        if town.id in fairs:
            c.text(x, y + 4, f"F{fairs[town.id]}", size=9, anchor="middle", fill="#922b21")
        for k, pid in enumerate(town.posts):
            index = rules.extra["post_index"][pid]
            post = rules.posts[index]
            owner = state.posts[index]
            used = post.players <= n
            px, py = x + 18 + k * 11, y + 6
            bonus = post_bonus(rules, pid) or "no bonus"
            who = f"seat {owner}'s trading post" if owner >= 0 else (
                "empty" if used else f"not used with {n} players")
            data: dict[str, object] = {"kind": "post-space", "id": pid, "active": int(used)}
            if owner >= 0:
                data["owner"] = owner
            c.rect(px, py, 9, 9, _seat_colour(owner) if owner >= 0 else
                   (_EMPTY if used else "#b2babb"), rx=1,
                   title=f"{town.name} trading-post space ({post.players}+ players; "
                   f"{bonus}): {who}", data=data)
        if town.bonus_space:
            tile = state.map_bonus[t]
            c.rect(x - 30, y - 6, 10, 12, "#f9e79f" if tile else _EMPTY, rx=1,
                   title=f"{town.name} bonus space ({town.bonus_space}+ players): "
                   + (tile or "empty"), data={"kind": "map-bonus", "town": town.id,
                                              "tile": tile})
        if town.cathedral:
            s = rules.extra["site_index"][town.cathedral]
            site = rules.cathedrals[s]
            pillars = state.pillars[s]
            cost = rules.extra["cost"].get(state.costs[s]) if s < len(state.costs) else None
            price = ("closed" if cost.closed else f"{cost.stone} stone, {cost.vp} VP"
                     ) if cost else "no cost tile"
            c.rect(x - 14, y + 16, 28, 8, "#d6dbdf",
                   title=f"{town.name} cathedral site: {len(pillars)} of {site.pillars} "
                   f"pillars; {price}; {state.cathedral_left[s]} tiles left",
                   data={"kind": "cathedral-site", "id": site.id, "pillars": len(pillars)})
            for k, seat in enumerate(pillars):
                c.circle(x - 10 + k * 7, y + 20, 3, _seat_colour(seat),
                         title=f"seat {seat}'s pillar", data={"kind": "pillar", "owner": seat})
    for seat, p in enumerate(state.players):
        for kind, space, dx in (("merchant", p.merchant, -6), ("architect", p.architect, 6)):
            if not space:
                continue
            x, y = where.get(space, (0.0, 0.0))
            x, y = x + dx + (seat - 1.5) * 3, y - 4 + (seat % 2) * 6
            shape = (f'<polygon points="{x - 4:g},{y + 5:g} {x:g},{y - 6:g} {x + 4:g},'
                     f'{y + 5:g}"' if kind == "merchant" else
                     f'<rect x="{x - 3:g}" y="{y - 5:g}" width="6" height="10"')
            c.parts.append(f'{shape} fill="{_seat_colour(seat)}" stroke="#111" '
                           f'data-kind="{kind}" data-owner="{seat}" data-space="{space}">'
                           f'<title>seat {seat}\'s {kind} on {space}</title>'
                           + ("</polygon>" if kind == "merchant" else "</rect>"))
    return 40 + _MAP_H


def _draw_wheel(c: Canvas, state: State, rules: m.Rules, cx: float, cy: float) -> None:
    radius = 182
    c.text(cx - radius - 90, cy - radius + 14, "Action wheel", size=13, weight="bold")
    c.circle(cx, cy, radius, "#fbeee6", stroke="#7b6a58", title="the action wheel",
             data={"kind": "wheel", "offset": state.wheel})
    count = len(rules.areas)
    for a, action in enumerate(state.area_actions):  # TL27.1: a tile's action
        value = (a - state.wheel) % count + 1
        angle = 2 * math.pi * a / count - math.pi / 2
        ax, ay = cx + 145 * math.cos(angle), cy + 145 * math.sin(angle)
        dice = state.area_dice[a]
        bonus = state.area_bonus[a]
        said = f"{tile_label(rules, bonus)} ({bonus})" if bonus else "none"
        c.rect(ax - 59, ay - 35, 118, 70, "#fdf2e9", rx=8,
               title=f"{action} area: value {value}, {count + 1 - value} AP; "
               f"{len(dice)} dice; bonus tile {said}",
               data={"kind": "area", "id": f"AR{a + 1}", "action": action, "value": value,
                     "dice": len(dice)})
        c.text(ax, ay - 21, f"{action}: {value}, {count + 1 - value} AP", size=11,
               anchor="middle")
        for k, die in enumerate(dice):
            _die(c, rules, die, ax - 56 + (k % 8) * 14, ay - 14 + (k // 8) * 15,
                 f"area:{a}", side=13)
        if bonus:
            c.text(ax, ay + 29, f"bonus: {tile_label(rules, bonus, short=True)}", size=11,
                   anchor="middle", fill="#6c3483")
    c.circle(cx, cy, 26, "#f5cba7", title=f"the dice bag: {len(state.bag)} dice",
             data={"kind": "bag", "count": len(state.bag)})
    c.text(cx, cy + 4, f"bag {len(state.bag)}", size=11, anchor="middle")


def _draw_tracks(c: Canvas, state: State, rules: m.Rules, x: float, top: float) -> float:
    c.text(x, top, "Turn track: corruption", size=12, weight="bold")
    hidden = len(state.corruption) - state.revealed
    for k, token in enumerate(state.corruption):
        face_down = token == HIDDEN_TOKEN
        shown = "?" if face_down else str(token)
        state_word = "face down" if k < hidden else "revealed"
        c.rect(x + k * 30, top + 6, 24, 20, "#e8daef" if k < hidden else "#fdfefe", rx=4,
               title=f"corruption token {k + 1}: {state_word}"
               + ("" if face_down else f", {token}"),
               data={"kind": "corruption", "value": shown, "revealed": int(k >= hidden)})
        c.text(x + k * 30 + 12, top + 20, shown, size=10, anchor="middle")
    y = top + 48
    c.text(x, y, "King track", size=12, weight="bold")
    c.text(x + 90, y, "king bonus: " + (tile_label(rules, state.king_bonus)
                                        if state.king_bonus else "none"), size=11)
    width = min(28.0, (WIDTH - 10 - x) / max(1, len(rules.king_values)))
    for k, value in enumerate(rules.king_values):
        sx = x + k * width
        stack = state.king[k] if k < len(state.king) else ()
        c.rect(sx, y + 6, width - 2, 54, "#fef9e7",
               title=f"king track space {k + 1}: {value:+d} VP; "
               + (", ".join(f"seat {s}" for s in stack) or "empty"),
               data={"kind": "king-space", "value": value, "markers": len(stack)})
        c.text(sx + width / 2 - 1, y + 18, f"{value:+d}", size=11, anchor="middle")
        for h, seat in enumerate(stack):
            c.circle(sx + width / 2 - 1, y + 52 - h * 9, 4, _seat_colour(seat),
                     title=f"seat {seat}'s king marker",
                     data={"kind": "king-marker", "owner": seat})
    return y + 70


def _draw_displays(c: Canvas, state: State, rules: m.Rules, top: float) -> float:
    rows = (
        ("Persons", "person", state.person_display, len(state.person_deck)),
        ("Contracts", "contract", state.contract_display, len(state.contract_deck)),
    )
    y = top
    for label, kind, display, deck in rows:
        c.text(10, y + 14, label, size=12, weight="bold")
        chips = []
        for k, tile in enumerate(display):
            title = f"{label.lower()} display slot {k + 1}: " + (tile or "empty")
            if tile:
                title += f" ({_tile_text(rules, tile)})"
            if kind == "contract" and k < len(rules.contract_costs):
                title += f"; takes {rules.contract_costs[k]} AP"
            chips.append(Chip(tile_label(rules, tile) if tile else "empty",
                              fill="#eaf2f8" if tile else _EMPTY, stroke="#333", title=title,
                              data={"kind": f"{kind}-slot", "tile": tile}))
        chips.append(Chip(f"deck: {deck}", fill="#d5d8dc", stroke="#5d6d7e",
                          title=f"the {kind} deck: {deck} tiles (their order is hidden)",
                          data={"kind": f"{kind}-deck", "count": deck}))
        _, y = c.chips(90, y, WIDTH - 10, chips, height=20)
        y += 26
    c.rect(10, y, 150, 20, "#5d6d7e", rx=3,
           title=f"the bonus deck: {len(state.bonus_deck)} tiles (their order is hidden)",
           data={"kind": "bonus-deck", "count": len(state.bonus_deck)})
    c.text(85, y + 14, f"bonus deck {len(state.bonus_deck)}", size=11, anchor="middle",
           fill="#fdfefe")
    fairs = "; ".join(f"round {k + 1} {name_of(rules, town)} ({tile})" for k, (town, tile)
                      in enumerate(zip(state.fair_towns, state.fair_tiles, strict=True)))
    c.text(170, y + 14, f"fairs: {fairs}", size=11)
    return y + 30


def _draw_player(c: Canvas, state: State, rules: m.Rules, seat: int, viewer: int | None,
                 final: PointsSheet | None, top: float) -> float:
    p = state.players[seat]
    colour = _seat_colour(seat)
    acting = state.to_act == seat
    height = 176.0
    c.rect(10, top, WIDTH - 20, height, _EMPTY, stroke=colour, width=4 if acting else 1.5,
           title=f"seat {seat}'s player board",
           data={"kind": "player", "owner": seat, "acting": int(acting)})
    c.rect(10, top, 10, height, colour, stroke="none")
    label = f"Seat {seat}" + (" (you)" if viewer == seat else "")
    if final is not None:
        total = next(s.total for s in final.seats if s.seat == seat)
        label += f" - final score {total} VP" + (" (winner)" if seat in final.winners else "")
    label += f"; turn order {state.order.index(seat) + 1}" if seat in state.order else ""
    c.text(28, top + 20, label, size=14, weight="bold", fill=colour)
    if acting and state.pending:
        kind = state.pending[-1].kind
        c.rect(560, top + 6, 80 + 6 * len(kind), 20, colour, title=f"seat {seat} decides: {kind}",
               data={"kind": "to-act", "owner": seat})
        c.text(566, top + 20, f"to act: {kind}", size=11, weight="bold", fill="#fdfefe")
    c.rect(28, top + 32, 60, 22, "#fcf3cf", title=f"{p.vp} VP",
           data={"kind": "vp", "owner": seat, "value": p.vp})
    c.text(58, top + 47, f"{p.vp} VP", size=11, anchor="middle", weight="bold")
    for r, (resource, held) in enumerate(zip(m.RESOURCES, p.resources, strict=True)):
        fill = RESOURCE_COLOURS.get(resource, _UNKNOWN)
        c.rect(98 + r * 52, top + 32, 22, 22, fill, rx=6, title=f"{held} {resource}",
               data={"kind": "resource", "owner": seat, "id": resource, "count": held})
        c.text(124 + r * 52, top + 47, str(held), size=11)
    bonus = ", ".join(f"{a} +{n}" for a, n in zip(ACTIONS, p.bonus_ap, strict=False) if n)
    c.text(370, top + 47, f"supply: {p.posts} trading posts, {p.pillars} pillars; "
           f"cathedral tiles {sum(p.cathedral_tiles)} VP ({len(p.cathedral_tiles)}); "
           f"bonus AP: {bonus or 'none'}", size=11)
    for k, die in enumerate(p.dice):
        _die(c, rules, die, 28 + k * 20, top + 62, "seat", seat)
    c.text(28 + max(1, len(p.dice)) * 20 + 6, top + 75, "dice taken", size=11, fill="#555")
    # the buildings: a column each, a room per floor, the roof on top
    for b, building in enumerate(rules.buildings):
        bx, by = 28 + b * 100, top + 86
        roof = p.roofs[b] if b < len(p.roofs) else 0
        rooms = p.rooms[b] if b < len(p.rooms) else ()
        c.rect(bx, by, 94, 14, colour if roof else "#d5d8dc", rx=2,
               title=f"building {b + 1}'s roof: " + ("a trading post" if roof else "empty")
               + f"; coat of arms for {building.coat_food} food: "
               + effect_text(building.coat_bonus),
               data={"kind": "building", "owner": seat, "id": building.id, "roof": roof,
                     "rooms": building.rooms})
        for f in range(building.rooms):
            tile = rooms[f] if f < len(rooms) else ""
            fy = by + 16 + (building.rooms - 1 - f) * 20
            c.rect(bx, fy, 94, 18, "#d4efdf" if tile else _EMPTY, rx=2,
                   title=f"building {b + 1}, floor {f + 1}: "
                   + (f"{tile} ({_tile_text(rules, tile)})" if tile else "empty"),
                   data={"kind": "room", "owner": seat, "tile": tile})
            c.text(bx + 47, fy + 13, tile_label(rules, tile) if tile else "empty", size=11,
                   anchor="middle")
    x = 28 + len(rules.buildings) * 100 + 4
    rows = (("coats", "coat-space", p.coats, len(p.coats)),
            ("contracts", "contract-space", p.contracts, len(rules.contract_spaces)),
            ("warehouse", "warehouse-space", p.warehouse, rules.warehouse))
    for r, (label, kind, tiles, spaces) in enumerate(rows):
        ry = top + 62 + r * 34
        c.text(x, ry + 13, label, size=11, weight="bold")
        chips = []
        for k in range(max(spaces, len(tiles))):
            tile = tiles[k] if k < len(tiles) else ""
            extra = (f" (the {k + 1}th contract: {rules.contract_spaces[k]} VP)"
                     if kind == "contract-space" and k < len(rules.contract_spaces) else "")
            what = f" ({_tile_text(rules, tile)})" if tile else ""
            shown = tile_label(rules, tile, short=kind != "warehouse-space") if tile else (
                f"+{rules.contract_spaces[k]}" if extra else "-")
            chips.append(Chip(shown, fill="#fdebd0" if tile else _EMPTY, stroke="#333",
                              title=f"{label} space {k + 1}: {tile or 'empty'}{what}{extra}",
                              data={"kind": kind, "owner": seat, "tile": tile}))
        c.chips(x + 70, ry, WIDTH - 20, chips)
    return top + height + 8


def board(position: View | State, *, size: int = WIDTH) -> str:
    """The position as a standalone SVG document (see the module docstring).

    :param position: a seat's :class:`~lisboa_core.views.View` of a Tiletum game (what no
        seat may see stays hidden) or a whole Tiletum state.
    :param size: the picture's width in pixels (it scales; the drawing is 1180 units wide).
    :returns: the SVG text, starting with ``<svg``.
    :raises TypeError: for anything but a Tiletum state or a view of one, or a size that is
        not an int.
    :raises ValueError: for a size below 100.

    Example::

        from lisboa_core import new_game
        from lisboa_core.games.tiletum.svg import board

        picture = board(new_game(players=2, seed=1, game="tiletum"), size=800)
        assert picture.count('data-kind="player"') == 2
    """
    viewer, state = subject(position, State, size)
    rules = rules_of(state)
    c = Canvas()
    top = state.pending[-1] if state.pending else None
    deciding = (f"seat {top.seat} decides ({top.kind})" if top and top.seat >= 0 else
                f"next: {top.kind}" if top else "game over")
    c.text(10, 24, f"Tiletum - round {state.round}, cycle {state.cycle}; {deciding}"
           + (f"; seen by seat {viewer}" if viewer is not None else ""), size=15,
           weight="bold")
    map_bottom = _draw_map(c, state, rules)
    right = 20 + _MAP_W
    _draw_wheel(c, state, rules, right + 272, 220)
    y = _draw_tracks(c, state, rules, right + 10, 408)
    y = _draw_displays(c, state, rules, max(map_bottom, y) + 10)
    final = score(state) if not state.pending else None
    for seat in range(state.player_count):
        y = _draw_player(c, state, rules, seat, viewer, final, y + 4)
    return c.document(y + 6, size)
