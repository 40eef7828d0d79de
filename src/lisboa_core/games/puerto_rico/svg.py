"""A picture of a Puerto Rico position as a standalone SVG document.

:func:`board` draws the table: the role cards (the doubloons on each, who took it this
round), the cargo ships (one space per good they hold, filled with the good loaded), the
trading house, the colonist ship and supply, the VP supply, the goods supply, the face-up
plantations, the quarries and the hidden stack's size, and the buildings left on the game
board by column; then one player board per seat: the island (its spaces with plantations
and quarries, a circle each, filled when a colonist works it), the city (its spaces with
buildings, a large one over two spaces, a circle per colonist place), the wind rose
(doubloons, goods, VP chips) and San Juan. The governor and the seat to act are marked.

Every name, colour, count and size comes from the catalogue (:mod:`..catalogue`): nothing
here knows a component by its id. Given a :class:`~lisboa_core.views.View`, what its seat
cannot see stays hidden (PR17: the other seats' VP chips show as ``?``, the hidden
plantation stack only by its size); given a whole state, everything is drawn. Each piece is
an element with ``data-kind`` (``role``, ``ship``, ``ship-space``, ``trading-space``,
``island-space``, ``city-space``, ``building``, ``colonist``, ``vp``...), ``data-owner``
(a seat) where it belongs to one, and a ``<title>`` naming it, so a browser shows a
tooltip and a front end can count or hit-test. The same position gives the same bytes.

Example::

    from lisboa_core import new_game
    from lisboa_core.games.puerto_rico.svg import board
    from lisboa_core.games.puerto_rico.views import observe

    picture = board(observe(new_game(players=4, seed=1, game="puerto-rico"), 0))
    assert picture.startswith("<svg") and picture.count('data-kind="player"') == 4
"""

from __future__ import annotations

import textwrap

from lisboa_core.games.picture import MIN_TEXT, WIDTH, Canvas, subject, text_width
from lisboa_core.games.puerto_rico import model as m
from lisboa_core.games.puerto_rico.descriptions import (
    ability_text,
    phase_text,
    role_text,
    scoring_text,
)
from lisboa_core.games.puerto_rico.rules.ops import rules_of
from lisboa_core.games.puerto_rico.scoring import ScoreSheet, score
from lisboa_core.games.puerto_rico.state import State
from lisboa_core.games.puerto_rico.views import HIDDEN_VP
from lisboa_core.views import View

__all__ = ["SEAT_COLOURS", "board"]

SEAT_COLOURS: tuple[str, ...] = ("#c0392b", "#2471a3", "#229954", "#d4ac0d", "#7d3c98")
"""The colour of each seat's player board (seat 0 first)."""

_PALETTE = {  # the catalogue's colour words; an unknown word is drawn grey
    "yellow": "#f4d03f", "blue": "#2e86c1", "white": "#fbfcfc", "light-brown": "#d2a679",
    "dark-brown": "#6e4b2a", "brown": "#8b5a2b", "green": "#58d68d", "red": "#e74c3c",
    "black": "#2c3e50", "violet": "#bb8fce", "purple": "#bb8fce", "grey": "#aab7b8",
    "orange": "#eb984e",
}
_UNKNOWN = "#aab7b8"
_QUARRY = "#95a5a6"
_VIOLET = "#d7bde2"  # a building that produces nothing
_EMPTY_ISLAND, _EMPTY_CITY = "#e9f7ef", "#f8f9f9"
_COLONIST, _DOUBLOON = "#4a2c17", "#f1c40f"
_GRID_COLUMNS = 4  # the island and the city are printed as four columns of spaces


def _seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _good_colour(rules: m.Rules, good: int) -> str:
    return _PALETTE.get(rules.goods[good].colour, _UNKNOWN) if good >= 0 else _QUARRY


def _building_colour(rules: m.Rules, building: int) -> str:
    good = rules.b_good[building]
    return _VIOLET if good < 0 else _good_colour(rules, good)


def _ink(fill: str) -> str:
    """Dark text on a light fill, light text on a dark one."""
    red, green, blue = (int(fill[k:k + 2], 16) for k in (1, 3, 5))
    return "#111" if 0.299 * red + 0.587 * green + 0.114 * blue > 110 else "#fdfefe"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _abilities(building: m.Building) -> str:
    """What a building does, from its data (PR11-PR14), for its tooltip: the words of
    :mod:`lisboa_core.games.puerto_rico.descriptions`."""
    said = [f"helps produce {building.produces.lower()}"] if building.produces else []
    said += [f"while occupied, {ability_text(a)}" for a in building.abilities]
    said += [f"at the end, if occupied: {scoring_text(r)}" for r in building.scoring]
    return f"; {'; '.join(said)}" if said else ""


def _draw_roles(c: Canvas, state: State, rules: m.Rules, top: float) -> float:
    c.text(10, top, "Role cards", size=13, weight="bold")
    width = min(136.0, (WIDTH - 20) / max(1, len(state.roles)) - 8)
    # each card says what its phase has the players do, wrapped to the card's width; the
    # cards are as tall as the longest saying needs
    chars = max(8, int((width - 10) // text_width("x", MIN_TEXT)))
    sayings = [textwrap.wrap(phase_text(rules.roles_by_id[r]), chars) for r in state.roles]
    lines = max((len(said) for said in sayings), default=1)
    below = 13 * (lines - 1)  # how much lower the doubloons and the taker stand
    for k, (role_id, coins, taker) in enumerate(
            zip(state.roles, state.role_doubloons, state.role_takers, strict=True)):
        role = rules.roles_by_id[role_id]
        x, y = 10 + k * (width + 8), top + 8
        taken = f"taken by seat {taker}" if taker >= 0 else "not taken this round"
        c.rect(x, y, width, 62 + below, "#fef5e7" if taker < 0 else "#f2f3f4",
               stroke=_seat_colour(taker) if taker >= 0 else "#7b6a58",
               width=3 if taker >= 0 else 1,
               title=f"{role.name}: {role_text(role)}; "
               f"{_plural(coins, 'doubloon')} on it; {taken}",
               data={"kind": "role", "id": role_id, "doubloons": coins, "taker": taker})
        c.text(x + 6, y + 16, role.name, size=12, weight="bold")
        for line, said in enumerate(sayings[k]):
            c.text(x + 6, y + 30 + 13 * line, said, size=MIN_TEXT, fill="#555")
        for d in range(min(coins, 6)):
            c.circle(x + 12 + d * 14, y + 44 + below, 6, _DOUBLOON,
                     title="a doubloon on the card",
                     data={"kind": "doubloon", "place": f"role:{role_id}"})
        if coins > 6:
            c.text(x + 96, y + 48 + below, f"+{coins - 6}", size=10)
        if taker >= 0:
            c.text(x + 6, y + 58 + below, f"seat {taker}", size=9, weight="bold",
                   fill=_seat_colour(taker))
    return top + 80 + below


def _draw_ships(c: Canvas, state: State, rules: m.Rules, top: float) -> float:
    c.text(10, top, "Cargo ships", size=13, weight="bold")
    y = top + 8
    for ship_id, good, load in zip(state.ships, state.ship_goods, state.ship_loads,
                                   strict=True):
        ship = rules.typed(ship_id, m.CargoShip)
        cargo = rules.goods[good].name if good >= 0 else ""
        free = ship.capacity - load
        c.rect(10, y, 150 + ship.capacity * 26, 28, "#d6eaf8",
               title=f"{ship.name}: " + (f"{load} {cargo}, " if load else "empty, ")
               + f"{_plural(free, 'space')} free",
               data={"kind": "ship", "id": ship_id, "capacity": ship.capacity,
                     "load": load})
        c.text(16, y + 18, ship.name, size=10)
        for s in range(ship.capacity):
            full = s < load and good >= 0
            c.rect(154 + s * 26, y + 4, 22, 20, _good_colour(rules, good) if full else "#fdfefe",
                   title=f"{ship.name}, space {s + 1}: " + (cargo if full else "empty"),
                   data={"kind": "ship-space", "place": f"ship:{ship_id}",
                         "good": rules.goods[good].id if full else ""})
        y += 34
    return y


def _draw_trading_house(c: Canvas, state: State, rules: m.Rules, x: float,
                        top: float) -> None:
    house = rules.trading_house
    c.text(x, top, house.name, size=13, weight="bold")
    c.rect(x, top + 8, 16 + house.spaces * 40, 48, "#fdebd0",
           title=f"{house.name}: {len(state.trading_house)} of {house.spaces} spaces sold to",
           data={"kind": "trading-house", "spaces": house.spaces})
    for s in range(house.spaces):
        sold = state.trading_house[s] if s < len(state.trading_house) else -1
        name = rules.goods[sold].name if sold >= 0 else ""
        c.rect(x + 8 + s * 40, top + 16, 34, 32,
               _good_colour(rules, sold) if sold >= 0 else "#fdfefe",
               title=f"{house.name}, space {s + 1}: " + (name or "empty"),
               data={"kind": "trading-space", "good": rules.goods[sold].id if sold >= 0
                     else ""})


def _draw_supplies(c: Canvas, state: State, rules: m.Rules, x: float, top: float) -> None:
    c.text(x, top, "Colonists and VP", size=13, weight="bold")
    c.rect(x, top + 8, 200, 30, "#e8daef",
           title=f"the colonist ship: {_plural(state.colonist_ship, 'colonist')}",
           data={"kind": "colonist-ship", "count": state.colonist_ship})
    c.text(x + 6, top + 27, f"colonist ship: {state.colonist_ship}", size=10)
    for k in range(min(state.colonist_ship, 8)):
        c.circle(x + 110 + k * 11, top + 23, 4, _COLONIST, title="a colonist on the ship")
    c.rect(x, top + 44, 200, 22, "#fdfefe",
           title=f"the colonist supply: {_plural(state.colonist_supply, 'colonist')}",
           data={"kind": "colonist-supply", "count": state.colonist_supply})
    c.text(x + 6, top + 59, f"colonist supply: {state.colonist_supply}", size=10)
    beyond = f" ({-state.vp_supply} noted beyond it)" if state.vp_supply < 0 else ""
    c.rect(x, top + 72, 200, 22, "#fcf3cf",
           title=f"the VP supply: {max(state.vp_supply, 0)} VP left{beyond}",
           data={"kind": "vp-supply", "count": state.vp_supply})
    c.text(x + 6, top + 87, f"VP supply: {max(state.vp_supply, 0)}{beyond}", size=10)


def _draw_goods_supply(c: Canvas, state: State, rules: m.Rules, x: float,
                       top: float) -> None:
    c.text(x, top, "Goods supply (price)", size=13, weight="bold")
    for g, (good, left) in enumerate(zip(rules.goods, state.goods_supply, strict=True)):
        gx = x + g * 52
        c.rect(gx, top + 8, 44, 40, _good_colour(rules, g), rx=8,
               title=f"{good.name}: {left} in the supply of {good.count}; the trading house "
               f"pays {good.price}", data={"kind": "goods-supply", "id": good.id,
                                           "count": left})
        c.text(gx + 22, top + 62, f"{left} ({good.price})", size=10, anchor="middle")


def _tile_fill(rules: m.Rules, tile: int) -> str:
    return _good_colour(rules, rules.tile_good[tile])


def _draw_plantations(c: Canvas, state: State, rules: m.Rules, top: float) -> float:
    c.text(10, top, "Plantations and quarries", size=13, weight="bold")
    x = 10.0
    for k, tile_id in enumerate(state.face_up):
        t = rules.tile_index[tile_id]
        c.rect(x, top + 8, 44, 30, _tile_fill(rules, t),
               title=f"face-up {rules.tiles[t].name}",
               data={"kind": "face-up", "id": tile_id, "place": f"face-up:{k}"})
        x += 50
    piles = (
        ("quarries", state.quarries, _QUARRY, "quarries left in their stack"),
        ("hidden stack", len(state.plantation_stack), "#5d6d7e",
         "face-down plantations in the hidden stack (their order is hidden)"),
        ("discards", len(state.plantation_discards), "#d5d8dc", "discarded plantations"),
    )
    x = max(x + 20, 300)
    for label, count, fill, what in piles:
        c.rect(x, top + 8, 44, 30, fill, title=f"{count} {what}",
               data={"kind": label.replace(" ", "-"), "count": count})
        c.text(x + 50, top + 27, f"{label}: {count}", size=10)
        x += 160
    return top + 48


def _draw_building_supply(c: Canvas, state: State, rules: m.Rules, top: float) -> float:
    c.text(10, top, "Buildings on the game board (cost / VP, copies left)", size=13,
           weight="bold")
    columns = max(rules.board.columns, max(rules.b_column, default=1))
    width = (WIDTH - 20) / columns
    bottom = top
    for column in range(1, columns + 1):
        x = 10 + (column - 1) * width
        y = top + 8
        c.text(x, y + 10, f"column {column}", size=10, weight="bold", fill="#555")
        y += 16
        for b, building in enumerate(rules.buildings):
            if building.column != column:
                continue
            left = state.building_supply[b]
            height = 22 + (building.spaces - 1) * 14
            fill = _building_colour(rules, b) if left else "#eaecee"
            ink = _ink(fill) if left else "#888"
            c.rect(x, y, width - 8, height, fill,
                   stroke="#333" if left else "#bbb",
                   title=f"{building.name}: cost {building.cost}, {building.vp} VP, "
                   f"{_plural(building.circles, 'circle')}, "
                   f"{_plural(building.spaces, 'city space')}; {left} of {building.copies} "
                   f"left{_abilities(building)}",
                   data={"kind": "building-supply", "id": building.id, "left": left})
            c.text(x + 4, y + 15, f"{building.name} {building.cost}/{building.vp}", size=10,
                   fill=ink)
            c.text(x + width - 14, y + 15, f"x{left}", size=10, anchor="end",
                   weight="bold", fill=ink)
            y += height + 4
        bottom = max(bottom, y)
    return bottom + 6


def _city_layout(rules: m.Rules, owned: list[int]) -> tuple[list[tuple[int, int, int]],
                                                           list[int]]:
    """Where each owned building goes: ``(building, column, row)`` (a large one also
    covers the space below, or beside it when no column has two free spaces), and any
    that do not fit. Large buildings are placed first, from the rightmost column."""
    rows = -(-rules.mat.city // _GRID_COLUMNS)
    free = [[True] * rows for _ in range(_GRID_COLUMNS)]
    placed: list[tuple[int, int, int]] = []
    extra: list[int] = []
    larges = [b for b in owned if rules.buildings[b].large]
    for b in larges:
        spot = next(((col, row) for col in reversed(range(_GRID_COLUMNS))
                     for row in range(rows - 1) if free[col][row] and free[col][row + 1]),
                    None)
        if spot is not None:
            free[spot[0]][spot[1]] = free[spot[0]][spot[1] + 1] = False
            placed.append((b, spot[0], spot[1]))
            continue
        pair = next(((col, row) for row in range(rows) for col in range(_GRID_COLUMNS - 1)
                     if free[col][row] and free[col + 1][row]), None)
        if pair is None:
            extra.append(b)
            continue
        free[pair[0]][pair[1]] = free[pair[0] + 1][pair[1]] = False
        placed.append((b, -1 - pair[0], pair[1]))  # a negative column: lying on its side
    for b in owned:
        if b in larges:
            continue
        spot = next(((col, row) for col in range(_GRID_COLUMNS) for row in range(rows)
                     if free[col][row] and col * rows + row < rules.mat.city), None)
        if spot is None:
            extra.append(b)
            continue
        free[spot[0]][spot[1]] = False
        placed.append((b, spot[0], spot[1]))
    return placed, extra


def _draw_island(c: Canvas, state: State, rules: m.Rules, seat: int, x: float,
                 top: float) -> None:
    p = state.players[seat]
    c.text(x, top, f"Island ({p.tiles} of {rules.mat.island})", size=11, weight="bold")
    tiles = [(t, k < p.staffed[t]) for t in range(len(rules.tiles)) for k in range(p.island[t])]
    cw, ch = 54, 40
    for space in range(max(rules.mat.island, len(tiles))):
        col, row = space % _GRID_COLUMNS, space // _GRID_COLUMNS
        sx, sy = x + col * (cw + 4), top + 8 + row * (ch + 4)
        if space >= len(tiles):
            c.rect(sx, sy, cw, ch, _EMPTY_ISLAND, stroke="#abebc6",
                   title="an empty island space",
                   data={"kind": "island-space", "owner": seat, "place": f"island:{space}"})
            continue
        t, worked = tiles[space]
        name = rules.tiles[t].name
        c.rect(sx, sy, cw, ch, _tile_fill(rules, t),
               title=f"{name}, " + ("worked by a colonist" if worked else "unworked"),
               data={"kind": "island-space", "owner": seat, "id": rules.tiles[t].id,
                     "place": f"island:{space}", "worked": int(worked)})
        c.circle(sx + cw / 2, sy + ch / 2, 8, _COLONIST if worked else "#fdfefe",
                 stroke="#fdfefe" if worked else "#222",
                 title=f"a colonist on the {name.lower()}" if worked
                 else f"the {name.lower()}'s empty circle",
                 data={"kind": "colonist" if worked else "circle", "owner": seat,
                       "place": f"island:{space}"})


def _draw_city(c: Canvas, state: State, rules: m.Rules, seat: int, x: float,
               top: float) -> None:
    p = state.players[seat]
    owned = [b for b, colonists in enumerate(p.city) if colonists >= 0]
    used = sum(rules.b_spaces[b] for b in owned)
    c.text(x, top, f"City ({used} of {rules.mat.city} spaces)", size=11, weight="bold")
    cw, ch = 150, 40
    rows = -(-rules.mat.city // _GRID_COLUMNS)
    for space in range(rules.mat.city):
        col, row = space // rows, space % rows
        c.rect(x + col * (cw + 4), top + 8 + row * (ch + 4), cw, ch, _EMPTY_CITY,
               stroke="#d5d8dc", title="an empty city space",
               data={"kind": "city-space", "owner": seat, "place": f"city:{space}"})
    placed, extra = _city_layout(rules, owned)
    for b, col, row in placed:
        sideways = col < 0
        col = -1 - col if sideways else col
        span = rules.b_spaces[b]
        w = cw * span + 4 * (span - 1) if sideways else cw
        h = ch if sideways else ch * span + 4 * (span - 1)
        _draw_building(c, rules, seat, b, p.city[b], x + col * (cw + 4),
                       top + 8 + row * (ch + 4), w, h)
    if extra:
        names = ", ".join(rules.buildings[b].name for b in extra)
        c.text(x, top + 20 + rows * (ch + 4), f"also: {names}", size=10)


def _draw_building(c: Canvas, rules: m.Rules, seat: int, b: int, colonists: int, x: float,
                   y: float, w: float, h: float) -> None:
    building = rules.buildings[b]
    circles = building.circles
    c.rect(x, y, w, h, _building_colour(rules, b), stroke=_seat_colour(seat), width=2,
           title=f"{building.name} ({building.vp} VP): {colonists} of "
           f"{_plural(circles, 'colonist')}" + ("" if colonists else ", idle")
           + _abilities(building),
           data={"kind": "building", "owner": seat, "id": building.id,
                 "colonists": colonists, "circles": circles})
    label_fill = _ink(_building_colour(rules, b))
    c.text(x + 4, y + 13, building.name, size=10, weight="bold", fill=label_fill)
    c.text(x + w - 4, y + 13, f"{building.vp} VP", size=9, anchor="end", fill=label_fill)
    for k in range(circles):
        worked = k < colonists
        c.circle(x + 10 + k * 16, y + h - 11, 6, _COLONIST if worked else "#fdfefe",
                 stroke="#fdfefe" if worked else "#222",
                 title=f"a colonist in the {building.name.lower()}" if worked
                 else f"an empty circle of the {building.name.lower()}",
                 data={"kind": "colonist" if worked else "circle", "owner": seat,
                       "place": f"building:{building.id}"})


def _draw_wind_rose(c: Canvas, state: State, rules: m.Rules, seat: int, x: float,
                    top: float) -> None:
    p = state.players[seat]
    c.circle(x + 10, top + 4, 9, _DOUBLOON, title=f"{_plural(p.doubloons, 'doubloon')}",
             data={"kind": "doubloons", "owner": seat, "count": p.doubloons})
    c.text(x + 24, top + 8, _plural(p.doubloons, "doubloon"), size=11, weight="bold")
    hidden = p.vp == HIDDEN_VP
    shown = "?" if hidden else str(p.vp)
    c.rect(x + 120, top - 6, 26, 20, "#fcf3cf",
           title="VP chips: hidden from you" if hidden else f"VP chips: {p.vp}",
           data={"kind": "vp", "owner": seat, "value": shown})
    c.text(x + 133, top + 8, shown, size=11, weight="bold", anchor="middle")
    c.text(x + 150, top + 8, "VP chips", size=10)
    c.text(x, top + 32, "goods", size=10)
    for g, (good, held) in enumerate(zip(rules.goods, p.goods, strict=True)):
        gx = x + 36 + g * 40
        c.rect(gx, top + 20, 22, 18, _good_colour(rules, g), rx=6,
               title=f"{held} {good.name.lower()}",
               data={"kind": "goods", "owner": seat, "id": good.id, "count": held})
        c.text(gx + 25, top + 34, str(held), size=10)
    c.text(x, top + 60, f"San Juan: {p.san_juan}", size=10)
    c.rect(x + 70, top + 48, 150, 18, "#f4ecf7",
           title=f"San Juan: {_plural(p.san_juan, 'colonist')} waiting",
           data={"kind": "san-juan", "owner": seat, "count": p.san_juan})
    for k in range(min(p.san_juan, 12)):
        c.circle(x + 80 + k * 12, top + 57, 4, _COLONIST, title="a colonist in San Juan")


def _draw_player(c: Canvas, state: State, rules: m.Rules, seat: int, viewer: int | None,
                 final: ScoreSheet | None, top: float) -> float:
    colour = _seat_colour(seat)
    acting = state.to_act == seat
    city_rows = -(-rules.mat.city // _GRID_COLUMNS)
    height = max(190.0, 40 + city_rows * 44)
    c.rect(10, top, WIDTH - 20, height, "#fdfefe", stroke=colour, width=4 if acting else 1.5,
           title=f"seat {seat}'s player board",
           data={"kind": "player", "owner": seat, "acting": int(acting)})
    c.rect(10, top, 10, height, colour, stroke="none")
    label = f"Seat {seat}" + (" (you)" if viewer == seat else "")
    if final is not None:
        label += f" - final score {final.seats[seat].total} VP" + (
            " (winner)" if seat in final.winners else "")
    c.text(28, top + 20, label, size=14, weight="bold", fill=colour)
    x = 28 + 9 * len(label)
    if seat == state.governor:
        c.rect(x, top + 6, 74, 20, "#f9e79f", title=f"seat {seat} is the governor",
               data={"kind": "governor", "owner": seat})
        c.text(x + 37, top + 20, "governor", size=11, anchor="middle", weight="bold")
        x += 82
    if acting:
        kind = state.pending[-1].kind
        c.rect(x, top + 6, 70 + 6 * len(kind), 20, colour, title=f"seat {seat} decides: {kind}",
               data={"kind": "to-act", "owner": seat})
        c.text(x + 6, top + 20, f"to act: {kind}", size=11, weight="bold", fill="#fdfefe")
    _draw_wind_rose(c, state, rules, seat, 28, top + 50)
    _draw_island(c, state, rules, seat, 280, top + 42)
    _draw_city(c, state, rules, seat, 520, top + 18)
    return top + height + 10


def board(position: View | State, *, size: int = WIDTH) -> str:
    """The position as a standalone SVG document (see the module docstring).

    :param position: a seat's :class:`~lisboa_core.views.View` of a Puerto Rico game
        (what the seat cannot see stays hidden) or a whole Puerto Rico state.
    :param size: the picture's width in pixels (it scales; the drawing is 1180 units wide).
    :returns: the SVG text, starting with ``<svg``.
    :raises TypeError: for anything but a Puerto Rico state or a view of one, or a size
        that is not an int.
    :raises ValueError: for a size below 100.

    Example::

        from lisboa_core import new_game
        from lisboa_core.games.puerto_rico.svg import board

        picture = board(new_game(players=3, seed=1, game="puerto-rico"), size=800)
        assert picture.count('data-kind="ship"') == 3
    """
    viewer, state = subject(position, State, size)
    rules = rules_of(state)
    c = Canvas()
    top = state.pending[-1] if state.pending else None
    deciding = f"seat {top.seat} decides ({top.kind})" if top else "game over"
    phase = f", {state.phase.lower()} phase" if state.phase else ""
    c.text(10, 22, f"Puerto Rico - round {state.round}{phase}, governor seat "
           f"{state.governor}; {deciding}"
           + (f"; seen by seat {viewer}" if viewer is not None else ""), size=15,
           weight="bold")
    if state.end_reasons:
        c.text(WIDTH - 10, 22, ("the game ended: " if top is None else
                                 "the game ends with this round: ")
               + ", ".join(state.end_reasons), size=11, anchor="end", fill="#922b21")
    y = _draw_roles(c, state, rules, 48)
    ships_bottom = _draw_ships(c, state, rules, y + 8)
    _draw_trading_house(c, state, rules, 420, y + 8)
    _draw_supplies(c, state, rules, 620, y + 8)
    _draw_goods_supply(c, state, rules, 850, y + 8)
    y = _draw_plantations(c, state, rules, max(ships_bottom, y + 112) + 14)
    y = _draw_building_supply(c, state, rules, y + 14)
    final = score(state) if not state.pending else None
    for seat in range(state.player_count):
        y = _draw_player(c, state, rules, seat, viewer, final, y + 4)
    return c.document(y + 6, size)
