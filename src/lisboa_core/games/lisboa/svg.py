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

from lisboa_core.dsl.phrases import counted
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.descriptions import describe
from lisboa_core.games.lisboa.rules.ops import rules_of
from lisboa_core.games.lisboa.rules.scoring import score
from lisboa_core.games.lisboa.state import GOODS, NOBLES, RUBBLE, State
from lisboa_core.games.lisboa.views import HIDDEN_CARD
from lisboa_core.games.picture import WIDTH, Canvas, Chip, subject, text_width
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


def _label(rules: Rules, piece: str) -> str:
    """A piece's short printed name (its id where the catalogue has no such component)."""
    found = rules.get(piece) if piece else None
    return found.name if isinstance(found, m.Component) else piece


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
            # the name without its first word ("Land"): "C2, south lot"
            c.text(x + 4, top + 13, land.name.partition(" ")[2] or land.id, size=11,
                   fill="#555")
            if land.id in stores:
                seat, street = stores[land.id]
                c.rect(x + _CELL_W - 34, top + 4, 28, max(height - 10, 10), _seat_colour(seat),
                       title=f"seat {seat}'s store on {land.id}, facing the {street} street",
                       data={"kind": "store", "owner": seat, "id": land.id, "street": street})
    for i, row in enumerate(rows):
        cubes = state.row_rubble[i] if i < len(state.row_rubble) else ()
        _cubes(c, _MAP_X - 52, _row_y(row) + 20, cubes, f"row {row}")
        c.text(_MAP_X - 54, _row_y(row) + 14, row, size=12, weight="bold")
    bottom = _MAP_Y + len(rows) * _CELL_H + 8
    for i, column in enumerate(columns):
        cubes = state.column_rubble[i] if i < len(state.column_rubble) else ()
        _cubes(c, _column_x(column) + 4, bottom + 10, cubes, f"column {column}")
        tile = state.scoring_tiles[i] if i < len(state.scoring_tiles) else ""
        found = rules.get(tile) if tile else None
        wigs = f": {found.wigs} wigs" if isinstance(found, m.ScoringTile) else ""
        c.text(_column_x(column) + 4, bottom + 6, f"{column}{wigs}", size=11)
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
               title=f"{_label(rules, site.id)} ({site.id})"
               + (f": {_label(rules, built[0])} ({built[0]}) opened" if built else ""),
               data={"kind": "site", "id": site.id})
        if built is not None:
            c.rect(x + 30, y + 2, 16, 10, "#e67e22", rx=1, title=_named(rules, built[0]),
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
        c.text(x + 4, top + 21, f"{noble.capitalize()}'s office, "
               f"{counted(favors, 'favors')}", size=11, weight="bold")
        for k, seat in enumerate(state.offices[n]):
            c.circle(x + 12 + (k % 8) * 17, top + 34 + (k // 8) * 14, 6, _seat_colour(seat),
                     title=f"{'neutral' if seat < 0 else f'seat {seat}'} official in "
                     f"{noble}'s office",
                     data={"kind": "official", "owner": seat, "place": f"office:{noble}"})
        c.rect(x, top + 62, 150, 24, "#f4ecf7", stroke="#7d3c98",
               title=f"{noble}'s plaza (officials waiting outside the office)",
               data={"kind": "plaza", "id": noble})
        c.text(x + 4, top + 79, "plaza", size=11, fill="#6c3483")
        for k, seat in enumerate(state.plazas[n]):
            c.circle(x + 40 + k * 13, top + 74, 5, _seat_colour(seat),
                     title=f"{'neutral' if seat < 0 else f'seat {seat}'} official on "
                     f"{noble}'s plaza",
                     data={"kind": "official", "owner": seat, "place": f"plaza:{noble}"})
    return top + 100


def _draw_church_and_markets(c: _Canvas, state: State, top: float) -> float:
    c.text(_PANEL_X, top, f"Church (cardinal at gap {state.cardinal})", size=13, weight="bold")
    rules = rules_of(state)
    x: float = _PANEL_X + 10
    y: float = top + 8
    for k, tile in enumerate(state.church):
        label = _label(rules, tile) if tile else "empty"
        if x + text_width(label, 11) + 8 > WIDTH - 10:
            x, y = _PANEL_X + 10, y + 22
        if k == state.cardinal:
            c.circle(x - 6, y + 9, 6, "#922b21", title="the cardinal",
                     data={"kind": "cardinal", "gap": state.cardinal})
        x, y = c.chips(x, y, WIDTH - 10, [Chip(
            label, fill="#ebdef0" if tile else "#f4f6f6",
            title=f"clergy space {k}: " + (_named(rules, tile) if tile else "empty"),
            data={"kind": "clergy", "id": tile or "", "place": f"church:{k}"})])
        x += 10
    if state.cardinal >= len(state.church):
        c.circle(x - 6, y + 9, 6, "#922b21", title="the cardinal",
                 data={"kind": "cardinal", "gap": state.cardinal})
    top = y - 8
    y = top + 50
    prices = ", ".join(f"{g} {p}" for g, p in zip(GOODS, state.prices, strict=True))
    c.text(_PANEL_X, y, f"Treasury space {state.treasury}; prices: {prices}", size=11)
    for k, (good, price) in enumerate(zip(GOODS, state.prices, strict=True)):
        c.rect(_PANEL_X + 300 + k * 40, y - 11, 34, 14, _GOOD[good], rx=3,
               title=f"{good}: price {price}", data={"kind": "price", "id": good,
                                                      "value": price})
        c.text(_PANEL_X + 317 + k * 40, y, str(price), size=11, anchor="middle", fill="#fff",
               weight="bold")
    return y + 14


def _draw_displays(c: _Canvas, state: State, top: float) -> float:
    rows = [
        ("Political piles", [p[0] for p in state.piles if p], "pile"),
        ("Decrees", list(state.decree_display), "decree"),
        ("City tiles", [t for t in state.city_display if t], "city-tile"),
        ("Shipyard", list(state.shipyard[:1]), "ship"),
        ("Plans", [s[0] for s in state.plan_stacks if s], "plan"),
        ("Buildings", [s[0] for s in state.building_stacks if s], "building-stack"),
    ]
    y = top
    rules = rules_of(state)
    for label, items, kind in rows:
        c.text(_PANEL_X, y + 13, label, size=11, weight="bold")
        chips = [Chip(_label(rules, item), title=f"{label}: {_named(rules, item)}",
                      data={"kind": kind, "id": item}, stroke="#333") for item in items]
        if kind == "ship" and len(state.shipyard) > 1:
            chips.append(Chip(f"{len(state.shipyard) - 1} more", fill="#f4f6f6",
                              title=f"{len(state.shipyard) - 1} more ships in the shipyard"))
        _, y = c.chips(_PANEL_X + 100, y, WIDTH - 10, chips or [Chip("none", fill="#f4f6f6")])
        y += 22
    return y


def _draw_player(c: _Canvas, state: State, seat: int, viewer: int | None, top: float,
                 final: tuple[int, bool] | None = None) -> float:
    p = state.players[seat]
    rules = rules_of(state)
    colour = _seat_colour(seat)
    mark = " (you)" if viewer == seat else ""
    hidden = viewer is not None and seat != viewer
    at = len(c.parts)  # the panel's frame goes under what is drawn in it
    goods = " ".join(f"{g} {n}" for g, n in zip(GOODS, p.goods, strict=True))
    rubble = " ".join(f"{r} {n}" for r, n in zip(RUBBLE, p.rubble, strict=True))
    c.text(28, top + 16, f"Seat {seat}{mark}: {p.wigs} wigs, {p.reis} reis, influence "
           f"{p.influence}; goods {goods}; rubble {rubble} ({p.markers} markers); "
           f"officials in storage {p.officials}; houses {'/'.join(map(str, p.houses))}",
           size=11, weight="bold")
    right = WIDTH - 220 if final is not None else WIDTH - 20
    y = top + 26
    hand = []
    for card in p.hand:
        shown = HIDDEN_CARD if hidden or card == HIDDEN_CARD else card
        hand.append(Chip("hidden card" if shown == HIDDEN_CARD else _label(rules, shown),
                         fill="#d6dbdf" if shown == HIDDEN_CARD else "#fef9e7",
                         title="a card you cannot see" if shown == HIDDEN_CARD
                         else _named(rules, shown), stroke="#333",
                         data={"kind": "card", "owner": seat, "id": shown, "place": "hand"}))
    c.text(28, y + 13, "hand", size=11)
    _, y = c.chips(110, y, right, hand or [Chip("none", fill="#f4f6f6")])
    y += 22
    for row, cards in enumerate((p.top, p.bottom)):
        place = "top" if row == 0 else "bottom"
        slots = []
        for k, slot_card in enumerate(cards):
            card = slot_card or ""
            kind = "ship" if card and isinstance(rules.get(card), m.Ship) else "card"
            cargo = p.cargo[k] if row == 0 and k < len(p.cargo) else ()
            slots.append(Chip(
                (_label(rules, card) if card else "empty")
                + (f" ({' '.join(cargo)})" if cargo else ""),
                fill="#fdfefe" if card else "#f2f3f4", stroke="#333",
                title=f"{place} slot {k + 1}: {_named(rules, card) if card else 'empty'}"
                + (f", cargo {' '.join(cargo)}" if cargo else ""),
                data={"kind": kind if card else "slot", "owner": seat, "id": card or "-",
                      "place": f"{place}:{k + 1}"}))
        c.text(28, y + 13, f"portfolio, {place}", size=11)
        _, y = c.chips(150, y, right, slots or [Chip("none", fill="#f4f6f6")])
        y += 22
    held = [("clergy", p.clergy), ("favors", p.favors), ("plans", p.plans),
            ("completed", p.completed), ("decrees", p.decrees)]
    for label, items in held:
        c.text(28, y + 13, label, size=11)
        _, y = c.chips(110, y, right, [
            Chip(_label(rules, item), title=_named(rules, item),
                 data={"kind": "held", "owner": seat, "id": item, "place": label})
            for item in items] or [Chip("none", fill="#f4f6f6")])
        y += 22
    height = y - top + 4
    frame = _Canvas()
    frame.rect(10, top, WIDTH - 20, height, "#fdfefe", stroke=colour,
               data={"kind": "player", "owner": seat})
    frame.rect(10, top, 10, height, colour, stroke="none")
    c.parts[at:at] = frame.parts
    if final is not None:
        total, won = final
        c.rect(WIDTH - 200, top + 26, 180, 30, "#fef5e7" if won else "#f4f6f6",
               stroke=colour, title=f"seat {seat}'s final total: {total} wigs"
               + (" (winner)" if won else ""),
               data={"kind": "final-total", "owner": seat, "value": total})
        c.text(WIDTH - 190, top + 46, f"final: {total} wigs" + ("  winner" if won else ""),
               size=14, weight="bold", fill=colour)
    return top + height + 8


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
    y = max(_MAP_Y + 5 * _CELL_H + 48, _draw_displays(c, state, y + 8)) + 10
    for seat in range(len(state.players)):
        y = _draw_player(c, state, seat, viewer, y, finals.get(seat))
    return c.document(y + 10, size)
