"""A picture of the whole position as a standalone SVG document, like ``chess.svg``.

:func:`board` draws downtown (every land space by row and column, the streets between the
columns, stores in their owner's colour, the rubble cubes of rows, columns and sites, the
opened public buildings), the three nobles' offices and plazas with their officials, the
church with its clergy tiles and the cardinal, the treasury and the goods' prices, the
ship, plan, building, decree, city-tile and political displays, and one panel per seat.

Given a :class:`~lisboa_core.View`, hidden pieces stay hidden (other hands are drawn as
card backs); given a whole :class:`~lisboa_core.games.lisboa.state.State`, everything is
drawn. Each piece is
an SVG element with ``data-kind`` (``store``, ``official``, ``rubble``, ``clergy``,
``card``, ``ship``...) and, where it has one, ``data-owner`` (a seat; ``-1`` neutral) and
``data-id``, plus a ``<title>`` tooltip, so a front end can style, hit-test or count them.
The same position always gives the same bytes. ``View`` and ``State`` show this picture in
Jupyter (``_repr_svg_``); ``lisboa show RECORD --turn N --svg OUT`` writes it to a file.

Example::

    from lisboa_core import new_game, observe
    from lisboa_core.games.lisboa.svg import board

    picture = board(observe(new_game(players=3, seed=2), 0))
    assert picture.startswith("<svg") and 'data-kind="official"' in picture
"""

from __future__ import annotations

from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.descriptions import describe
from lisboa_core.games.lisboa.rules.ops import rules_of
from lisboa_core.games.lisboa.rules.scoring import score
from lisboa_core.games.lisboa.state import GOODS, NOBLES, RUBBLE, State
from lisboa_core.games.lisboa.views import HIDDEN_CARD
from lisboa_core.games.picture import WIDTH, Canvas, subject
from lisboa_core.views import View

__all__ = ["SEAT_COLOURS", "board"]

SEAT_COLOURS: tuple[str, ...] = ("#c0392b", "#2471a3", "#229954", "#d4ac0d")
"""The fill colour of each seat's pieces (seat 0 first); neutral officials are grey."""

_NEUTRAL = "#7f8c8d"
_STREET = {"yellow": "#f4d03f", "pink": "#f1948a", "brown": "#a0522d", "blue": "#5dade2"}
_CUBE = {"brown": "#8b5a2b", "red": "#c0392b", "blue": "#2e86c1"}
_GOOD = {"gold": "#d4ac0d", "books": "#6c3483", "cloth": "#e59866", "tools": "#566573"}
_CELL_W, _CELL_H, _GAP = 88, 64, 18  # a land cell, and the street between two columns
_MAP_X, _MAP_Y = 60, 96  # top-left corner of land A1
_PANEL_X = 680  # the side panels (court, church, displays)


class _Canvas(Canvas):
    """The games' shared pen (:mod:`lisboa_core.games.generic`), its rectangles without a
    stroke width, as Lisboa's picture has always drawn them."""

    stroke_widths = False


def _named(rules: Rules, piece: str) -> str:
    """A piece's tooltip: a component's name and its text from the catalogue
    (:func:`~lisboa_core.games.lisboa.descriptions.describe`), else the piece as it is."""
    found = rules.get(piece) if piece else None
    return describe(found) if isinstance(found, m.Component) else piece


def _seat_colour(seat: int) -> str:
    return _NEUTRAL if seat < 0 else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _column_x(column: int) -> float:
    return _MAP_X + (column - 1) * (_CELL_W + _GAP)


def _row_y(row: str) -> float:
    return _MAP_Y + "ABCDE".index(row) * _CELL_H


def _draw_downtown(c: _Canvas, state: State) -> None:
    rules = rules_of(state)
    board = rules.board
    lands = [x for x in rules if isinstance(x, m.LandSpace)]
    columns = sorted({land.column for land in lands})
    rows = sorted({land.row for land in lands})
    c.text(_MAP_X, _MAP_Y - 52, "Downtown", size=13, weight="bold")
    for k, (street, good) in enumerate(board.streets):  # street k lies east of column k+1
        x = _column_x(k + 1) + _CELL_W
        c.rect(x, _MAP_Y - 6, _GAP, len(rows) * _CELL_H + 12, _STREET.get(street, "#ccc"),
               stroke="none", title=f"{street} street ({good} stores)",
               data={"kind": "street", "id": street})
    cell_lots: dict[tuple[str, int], list[m.LandSpace]] = {}
    for land in lands:
        cell_lots.setdefault((land.row, land.column), []).append(land)
    stores = {land: (seat, street) for land, seat, street in state.stores}
    for (row, column), lots in sorted(cell_lots.items()):
        x, y = _column_x(column), _row_y(row)
        height = (_CELL_H - 4) / len(lots)
        for i, land in enumerate(lots):
            top = y + 2 + i * height
            c.rect(x, top, _CELL_W, height - 2, "#f7f1e3" if land.size == "large" else "#eee",
                   title=f"{land.id}: {land.size} land facing {', '.join(land.streets)}",
                   data={"kind": "land", "id": land.id})
            c.text(x + 4, top + 12, land.id, size=9, fill="#555")
            if land.id in stores:
                seat, street = stores[land.id]
                c.rect(x + _CELL_W - 34, top + 4, 28, max(height - 10, 10), _seat_colour(seat),
                       title=f"seat {seat}'s store on {land.id}, facing the {street} street",
                       data={"kind": "store", "owner": seat, "id": land.id, "street": street})
    for i, row in enumerate(rows):
        cubes = state.row_rubble[i] if i < len(state.row_rubble) else ()
        _cubes(c, _MAP_X - 52, _row_y(row) + 20, cubes, f"row {row}")
        c.text(_MAP_X - 54, _row_y(row) + 14, row, size=10, weight="bold")
    bottom = _MAP_Y + len(rows) * _CELL_H + 8
    for i, column in enumerate(columns):
        cubes = state.column_rubble[i] if i < len(state.column_rubble) else ()
        _cubes(c, _column_x(column) + 4, bottom + 10, cubes, f"column {column}")
        tile = state.scoring_tiles[i] if i < len(state.scoring_tiles) else ""
        c.text(_column_x(column) + 4, bottom + 6, f"{column}  {tile}", size=9)
    _draw_sites(c, state, rules, columns)


def _cubes(c: _Canvas, x: float, y: float, cubes: tuple[str, ...], place: str) -> None:
    for k, colour in enumerate(cubes):
        c.rect(x + (k % 5) * 9, y + (k // 5) * 9, 8, 8, _CUBE.get(colour, "#999"), rx=1,
               title=f"{colour} rubble cube ({place})",
               data={"kind": "rubble", "colour": colour, "place": place})


def _draw_sites(c: _Canvas, state: State, rules: Rules, columns: list[int]) -> None:
    sites = [x for x in rules if isinstance(x, m.Site)]
    opened = {site: (building, architect) for site, building, architect in state.opened}
    last_column = max(columns)
    for i, site in enumerate(sites):
        x: float
        y: float
        if site.side == "north":
            streets = [s for s, _good in rules.board.streets]
            k = streets.index(site.street) if site.street in streets else 0
            x, y = _column_x(k + 1) + _CELL_W - 20, _MAP_Y - 36
        elif site.side == "west":
            x, y = 4, _row_y(site.row or "A") + 38
        else:
            x, y = _column_x(last_column) + _CELL_W + 6, _row_y(site.row or "A") + 4
        built = opened.get(site.id)
        c.rect(x, y, 48, 24, "#d5dbdb" if built is None else "#fdebd0",
               title=f"site {site.id}" + (f": {built[0]} opened" if built else ""),
               data={"kind": "site", "id": site.id})
        c.text(x + 2, y + 9, site.id if built is None else built[0], size=8)
        if built is not None:
            c.rect(x + 30, y + 2, 16, 10, "#e67e22", rx=1, title=f"public building {built[0]}",
                   data={"kind": "building", "id": built[0]})
        cubes = state.site_rubble[i] if i < len(state.site_rubble) else ()
        _cubes(c, x + 2, y + 13, cubes, f"site {site.id}")


def _draw_court(c: _Canvas, state: State, top: float) -> float:
    c.text(_PANEL_X, top, "Royal court: offices, and their plazas below", size=13,
           weight="bold")
    for n, noble in enumerate(NOBLES):
        x = _PANEL_X + n * 160
        c.rect(x, top + 8, 150, 50, "#fbfcfc", title=f"{noble}'s office",
               data={"kind": "office", "id": noble})
        favors = state.favor_supply[n] if n < len(state.favor_supply) else 0
        c.text(x + 4, top + 21, f"{noble}'s office (favors {favors})", size=10,
               weight="bold")
        for k, seat in enumerate(state.offices[n]):
            c.circle(x + 12 + (k % 8) * 17, top + 34 + (k // 8) * 14, 6, _seat_colour(seat),
                     title=f"{'neutral' if seat < 0 else f'seat {seat}'} official in "
                     f"{noble}'s office",
                     data={"kind": "official", "owner": seat, "place": f"office:{noble}"})
        c.rect(x, top + 62, 150, 24, "#f4ecf7", stroke="#7d3c98",
               title=f"{noble}'s plaza (officials waiting outside the office)",
               data={"kind": "plaza", "id": noble})
        c.text(x + 4, top + 78, "plaza", size=9, fill="#6c3483")
        for k, seat in enumerate(state.plazas[n]):
            c.circle(x + 40 + k * 13, top + 74, 5, _seat_colour(seat),
                     title=f"{'neutral' if seat < 0 else f'seat {seat}'} official on "
                     f"{noble}'s plaza",
                     data={"kind": "official", "owner": seat, "place": f"plaza:{noble}"})
    return top + 100


def _draw_church_and_markets(c: _Canvas, state: State, top: float) -> float:
    c.text(_PANEL_X, top, f"Church (cardinal at gap {state.cardinal})", size=13, weight="bold")
    for k, tile in enumerate(state.church):
        x = _PANEL_X + k * 58
        c.rect(x, top + 8, 50, 22, "#ebdef0" if tile else "#f4f6f6",
               title=f"clergy space {k}: " + (_named(rules_of(state), tile) if tile
                                               else "empty"),
               data={"kind": "clergy", "id": tile or "", "place": f"church:{k}"})
        c.text(x + 4, top + 23, tile or "-", size=9)
    cardinal_x = _PANEL_X + state.cardinal * 58 - 5
    c.circle(cardinal_x, top + 19, 6, "#922b21", title="the cardinal",
             data={"kind": "cardinal", "gap": state.cardinal})
    y = top + 50
    prices = ", ".join(f"{g} {p}" for g, p in zip(GOODS, state.prices, strict=True))
    c.text(_PANEL_X, y, f"Treasury space {state.treasury}; prices: {prices}", size=11)
    for k, (good, price) in enumerate(zip(GOODS, state.prices, strict=True)):
        c.rect(_PANEL_X + 300 + k * 40, y - 11, 34, 14, _GOOD[good], rx=3,
               title=f"{good}: price {price}", data={"kind": "price", "id": good,
                                                      "value": price})
        c.text(_PANEL_X + 317 + k * 40, y, str(price), size=10, anchor="middle", fill="#fff",
               weight="bold")
    return y + 14


def _draw_displays(c: _Canvas, state: State, top: float) -> float:
    rows = [
        ("Political piles", [p[0] if p else "-" for p in state.piles], "pile"),
        ("Decrees", list(state.decree_display), "decree"),
        ("City tiles", [t or "-" for t in state.city_display], "city-tile"),
        ("Shipyard", [*state.shipyard[:1], f"+{max(0, len(state.shipyard) - 1)}"], "ship"),
        ("Plans", [s[0] if s else "-" for s in state.plan_stacks], "plan"),
        ("Buildings", [s[0] if s else "-" for s in state.building_stacks], "building-stack"),
    ]
    y = top
    rules = rules_of(state)
    for label, items, kind in rows:
        c.text(_PANEL_X, y + 12, label, size=11, weight="bold")
        for k, item in enumerate(items):
            x = _PANEL_X + 110 + k * 46
            c.rect(x, y, 42, 18, "#fdfefe", title=f"{label}: {_named(rules, item)}",
                   data={"kind": kind, "id": item})
            c.text(x + 3, y + 13, item, size=9)
        y += 24
    return y


def _draw_player(c: _Canvas, state: State, seat: int, viewer: int | None, top: float,
                 final: tuple[int, bool] | None = None) -> float:
    p = state.players[seat]
    colour = _seat_colour(seat)
    mark = " (you)" if viewer == seat else ""
    c.rect(10, top, WIDTH - 20, 100, "#fdfefe", stroke=colour,
           data={"kind": "player", "owner": seat})
    c.rect(10, top, 10, 100, colour, stroke="none")
    goods = " ".join(f"{g} {n}" for g, n in zip(GOODS, p.goods, strict=True))
    rubble = " ".join(f"{r} {n}" for r, n in zip(RUBBLE, p.rubble, strict=True))
    c.text(28, top + 16, f"Seat {seat}{mark}: {p.wigs} wigs, {p.reis} reis, influence "
           f"{p.influence}; goods {goods}; rubble {rubble} ({p.markers} markers); "
           f"officials in storage {p.officials}; houses {'/'.join(map(str, p.houses))}",
           size=11, weight="bold")
    hidden = viewer is not None and seat != viewer
    c.text(28, top + 36, "hand", size=10)
    for k, card in enumerate(p.hand):
        shown = HIDDEN_CARD if hidden or card == HIDDEN_CARD else card
        c.rect(64 + k * 40, top + 24, 36, 18, "#d6dbdf" if shown == HIDDEN_CARD else "#fef9e7",
               title="a card you cannot see" if shown == HIDDEN_CARD
               else _named(rules_of(state), shown),
               data={"kind": "card", "owner": seat, "id": shown, "place": "hand"})
        c.text(66 + k * 40, top + 37, "?" if shown == HIDDEN_CARD else shown, size=9)
    c.text(28, top + 60, "portfolio", size=10)
    for row, cards in enumerate((p.top, p.bottom)):
        for k, slot_card in enumerate(cards):
            card = slot_card or ""
            x = 84 + k * 46 + row * 150
            kind = "ship" if card and isinstance(rules_of(state).get(card), m.Ship) else "card"
            cargo = p.cargo[k] if row == 0 and k < len(p.cargo) else ()
            label = card or "-"
            c.rect(x, top + 48, 42, 18, "#fdfefe" if card else "#f2f3f4",
                   title=f"{'top' if row == 0 else 'bottom'} slot {k + 1}: "
                   f"{_named(rules_of(state), card) if card else label}"
                   + (f", cargo {' '.join(cargo)}" if cargo else ""),
                   data={"kind": kind if card else "slot", "owner": seat, "id": label,
                         "place": f"{'top' if row == 0 else 'bottom'}:{k + 1}"})
            c.text(x + 3, top + 61, label, size=9)
            for g, good in enumerate(cargo):
                c.rect(x + 2 + g * 8, top + 68, 7, 7, _GOOD.get(good, "#999"), rx=1,
                       title=f"{good} on the ship", data={"kind": "cargo", "owner": seat,
                                                           "id": good})
    held = [("clergy", p.clergy), ("favors", p.favors), ("plans", p.plans),
            ("completed", p.completed), ("decrees", p.decrees)]
    x = 28
    rules = rules_of(state)
    for label, items in held:
        c.text(x, top + 89, f"{label}:", size=10)
        x += 6 * len(label) + 8
        if not items:
            c.text(x, top + 89, "-", size=10)
            x += 10
        for item in items:
            width = 6 * len(item) + 8
            c.rect(x, top + 79, width, 14, "#fdfefe", stroke="#aab7b8",
                   title=_named(rules, item),
                   data={"kind": "held", "owner": seat, "id": item, "place": label})
            c.text(x + 3, top + 90, item, size=9)
            x += width + 3
        x += 14
    if final is not None:
        total, won = final
        c.rect(WIDTH - 200, top + 6, 180, 30, "#fef5e7" if won else "#f4f6f6",
               stroke=colour, title=f"seat {seat}'s final total: {total} wigs"
               + (" (winner)" if won else ""),
               data={"kind": "final-total", "owner": seat, "value": total})
        c.text(WIDTH - 190, top + 26, f"final: {total} wigs" + ("  winner" if won else ""),
               size=14, weight="bold", fill=colour)
    return top + 108


def board(position: View | State, *, size: int = WIDTH) -> str:
    """The position as a standalone SVG document (see the module docstring).

    :param position: a seat's :class:`~lisboa_core.View` (hidden pieces stay hidden) or a
        whole :class:`~lisboa_core.games.lisboa.state.State`.
    :param size: the picture's width in pixels (it scales; the drawing is 1180 units wide).
    :returns: the SVG text, starting with ``<svg``.
    :raises TypeError: for anything but a View or a State, or a size that is not an int.
    :raises ValueError: for a size below 100.

    Example::

        from lisboa_core import new_game
        from lisboa_core.games.lisboa.svg import board

        with open("position.svg", "w") as out:
            out.write(board(new_game(players=4, seed=1)))
    """
    viewer, state = subject(position, State, size)
    c = _Canvas()
    finals: dict[int, tuple[int, bool]] = {}
    if state.pending:
        deciding = f"seat {state.to_act} decides ({state.pending[-1].kind})"
    else:  # the final totals are drawn in the picture (R16.9)
        sheet = score(state)
        finals = {s.seat: (s.total, s.seat in sheet.winners) for s in sheet.seats}
        won = " and ".join(f"seat {w}" for w in sheet.winners)
        deciding = f"game over: {won} {'wins' if len(sheet.winners) == 1 else 'win'}"
    c.text(10, 22, f"Lisboa - period {state.period}, turn {state.turn + 1}, seat "
           f"{state.current}'s turn; {deciding}"
           + (f"; seen by seat {viewer}" if viewer is not None else ""), size=15,
           weight="bold")
    _draw_downtown(c, state)
    y = _draw_court(c, state, 48)
    y = _draw_church_and_markets(c, state, y + 6)
    _draw_displays(c, state, y + 8)
    y = max(_MAP_Y + 5 * _CELL_H + 48, y + 8 + 6 * 24) + 10
    for seat in range(len(state.players)):
        y = _draw_player(c, state, seat, viewer, y, finals.get(seat))
    return c.document(y + 10, size)
