"""The downtown map: every count the sources state holds for the shipped layout, and every
position the rulebook shows can be built on it (issue 12 item 6; docs/provenance.md,
"Downtown geometry")."""

from __future__ import annotations

from collections import Counter

import pytest

from lisboa_core import score
from lisboa_core.api import apply, legal_moves
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import Rules, load_rules
from lisboa_core.games.lisboa.rules.stores import column_value
from lisboa_core.games.lisboa.state import State

RULES = load_rules()
BOARD = RULES.board
ROWS = ("A", "B", "C", "D", "E")
LARGE_COLUMNS = (1, 2, 3, 4)
THIN_COLUMN = 5
# R1.8.1: each street's colour is its business type.
STREET_GOODS = {"yellow": "gold", "pink": "cloth", "brown": "books", "blue": "tools"}


def _streets_of(rules: Rules) -> dict[str, str]:
    return dict(rules.board.streets)


def _takes(land: m.LandSpace, colour: str, size: str) -> bool:
    """R10.1.1 / R10.1.2 step 2: a store from the ``colour`` display space of that tile size
    may stand on an empty land space of the same size touching a street of that colour."""
    return land.size == size and colour in land.streets


def _cloth_lands(rules: Rules = RULES) -> list[m.LandSpace]:
    pink = next(c for c, good in rules.board.streets if good == "cloth")
    return [land for land in rules.lands if _takes(land, pink, "large")]


# --- stated counts ---------------------------------------------------------------------------


def test_rows_and_columns() -> None:
    # R1.8.1 / F1: rows A-E; R1.8.2: 4 columns of large spaces and the thin rightmost column
    # of half-size spaces, the only place small tiles go.
    assert {land.row for land in RULES.lands} == set(ROWS)
    assert {land.column for land in RULES.lands} == {*LARGE_COLUMNS, THIN_COLUMN}
    for land in RULES.lands:
        assert (land.size == "small") == (land.column == THIN_COLUMN), land.id
    # Every row crosses every column: no cell of the 5 x 5 grid is empty.
    cells = {(land.row, land.column) for land in RULES.lands}
    assert cells == {(r, c) for r in ROWS for c in (*LARGE_COLUMNS, THIN_COLUMN)}
    # The thin column has one half-size space per row.
    assert Counter(land.row for land in RULES.lands if land.size == "small") == dict.fromkeys(
        ROWS, 1
    )


def test_one_land_space_per_city_tile() -> None:
    # R1.2.5: 22 large and 5 small city tiles. Reconstructed (provenance.md): one land space
    # per tile, which the thin column's 5 spaces for the 5 small tiles already show.
    tiles = Counter(tile.size for tile in RULES.city_tiles)
    lands = Counter(land.size for land in RULES.lands)
    assert tiles == {"large": 22, "small": 5}
    assert lands == tiles
    # No two land spaces share an id (a store names its land space).
    assert len({land.id for land in RULES.lands}) == len(RULES.lands)


def test_streets_colours_and_goods() -> None:
    # R1.8.1: 4 streets, yellow gold, pink cloth, brown books, blue tools.
    assert _streets_of(RULES) == STREET_GOODS
    # R1.8.6: one north site per street, in the street's colour.
    north = [s.street for s in RULES.sites if s.side == "north"]
    assert sorted(north) == sorted(STREET_GOODS)


def test_every_land_touches_one_or_two_streets() -> None:
    # R1.8.3: a land space touches 1 or 2 streets, all of them streets of the board.
    for land in RULES.lands:
        assert 1 <= len(land.streets) <= 2, land.id
        assert set(land.streets) <= set(STREET_GOODS), land.id
        assert len(set(land.streets)) == len(land.streets), land.id


def test_small_spaces_touch_the_blue_street() -> None:
    # R1.8.8 / E6: the small display space is blue, so every small space can take its tile.
    assert ("blue", "small") in BOARD.city_spaces
    for land in RULES.lands:
        if land.size == "small":
            assert "blue" in land.streets, land.id


def test_streets_run_north_south_between_columns() -> None:
    # R1.8.1: streets run north-south between columns: each street touches the same
    # columns in every row, at most the two on either side of it, and they are neighbours.
    for street in STREET_GOODS:
        by_row = {
            row: {land.column for land in RULES.lands if land.row == row and street in land.streets}
            for row in ROWS
        }
        columns = by_row["A"]
        assert all(found == columns for found in by_row.values()), street
        assert 1 <= len(columns) <= 2, street
        assert max(columns) - min(columns) == len(columns) - 1, street


def test_every_display_space_has_somewhere_to_build() -> None:
    # R1.8.8, R10.1.1: each of the 5 display spaces has land spaces its tile may go on, in
    # every row (so also with row E covered, R2.3.2).
    for colour, size in BOARD.city_spaces:
        rows = {land.row for land in RULES.lands if _takes(land, colour, size)}
        assert rows == set(ROWS), (colour, size)


def test_sites_and_rubble_slots() -> None:
    # R1.8.6: west and east sites per row, north per street; 2 cubes each.
    sides = Counter(s.side for s in RULES.sites)
    assert sides == {"west": 5, "north": 4, "east": 5}
    assert all(s.rubble == 2 for s in RULES.sites)
    # R1.8.4 / F1: a row rubble space per row (3 slots) and a column rubble space per
    # column, 3 under each large column and 2 under the thin one.
    assert dict(BOARD.row_rubble) == dict.fromkeys(ROWS, 3)
    assert dict(BOARD.column_rubble) == {1: 3, 2: 3, 3: 3, 4: 3, 5: 2}
    # R1.2.12, R1.8.7: with the 6-cube pile, the slots hold exactly the 63 cubes.
    slots = (
        sum(n for _, n in BOARD.row_rubble)
        + sum(n for _, n in BOARD.column_rubble)
        + sum(s.rubble for s in RULES.sites)
        + BOARD.rubble_pile
    )
    assert BOARD.rubble_pile == 6
    assert slots == sum(n for _, n, _ in BOARD.rubble) == 63


def test_scoring_spaces() -> None:
    # R1.8.5 / E7: 4 scoring-tile spaces, one under each large column; every land column
    # is tied to one of them.
    spaces = dict(BOARD.scoring_spaces)
    assert sorted(spaces[c] for c in LARGE_COLUMNS) == [1, 2, 3, 4]
    assert {land.column for land in RULES.lands} <= set(spaces)


# --- the rulebook's positions --------------------------------------------------------------


def test_example_eleven_cloth_stores_fit_on_the_map() -> None:
    # The rulebook's 4-player final-scoring example counts 11 cloth stores (4, 3, 3, 1):
    # at least 11 land spaces take a cloth store (R10.1.1: large, touching the pink street).
    assert len(_cloth_lands()) >= 11
    # With 2 players row E is covered (R2.3.2); the pink street still has 10 spaces there.
    assert len([land for land in _cloth_lands() if land.row != "E"]) >= 10


def _ready(players: int, seed: int) -> tuple[State, int]:
    """The first action choice with no clergy tile or royal favor held (so no effect
    changes a price or a cube) and 100 reis for everyone; rubble untouched."""
    state = t.first_turn(players, seed)
    tiles = tuple(tile for p in state.players for tile in p.clergy)
    for seat in range(players):
        state = t.with_player(state, seat, clergy=(), favors=(), reis=100)
    state = t.with_state(state, clergy_bag=state.clergy_bag + tiles, favor_supply=(players,) * 3)
    return state, state.current


def _houses(count: int) -> tuple[int, ...]:
    """Houses taken for ``count`` stores, filling the groups left to right (R13.1)."""
    out = []
    for _group, total in RULES.player_board.houses:
        out.append(min(total, count))
        count -= out[-1]
    assert count == 0
    return tuple(out)


def _with_stores(state: State, stores: tuple[tuple[str, int, str], ...]) -> State:
    """``stores`` placed on the map, each with a house taken and a large city tile used."""
    state = t.with_state(state, stores=stores)
    for seat in range(state.player_count):
        owned = sum(1 for _land, owner, _street in stores if owner == seat)
        state = t.with_player(state, seat, houses=_houses(owned))
    large, small = state.city_stacks
    return t.with_state(state, city_stacks=(large[len(stores) :], small))


def _visit_manuel(state: State, seat: int) -> State:
    card = next(c.id for c in RULES.political if c.deck == "blue" and c.type == "manuel")
    return t.play(t.give(state, seat, card), f"visit {card}", "skip")


def _finish_store(state: State) -> State:
    """Answer the rest of a Build a Store action: payments in cash (R5.6 left unused),
    every other decision (cube, reward choice, house) with its first legal move."""
    while True:
        state = t.settle_payments(state)
        if not any(f.kind.startswith("store-") for f in state.pending):
            return state
        state = apply(state, legal_moves(state)[0])


def test_example_eleven_cloth_stores_can_be_built() -> None:
    # The 4-player example: 4 + 3 + 3 cloth stores stand; the seat that will hold the
    # single one builds the 11th by the store-placement rules (R10.1.1-R10.1.2).
    state, seat = _ready(4, 3)
    others = [(seat + k) % 4 for k in (1, 2, 3)]
    owners = [others[0]] * 4 + [others[1]] * 3 + [others[2]] * 3
    lands = _cloth_lands()
    stores = tuple((land.id, owner, "pink") for land, owner in zip(lands, owners, strict=False))
    state = _with_stores(state, stores)
    assert t.check_invariants(state) == []
    state = _visit_manuel(state, seat)
    offered = {str(mv) for mv in legal_moves(state)}
    free = [land.id for land in lands[len(stores) :]]
    assert free and {f"store pink {land}" for land in free} <= offered
    state = _finish_store(t.play(state, f"store pink {free[0]}"))
    assert (free[0], seat, "pink") in state.stores
    assert t.check_invariants(state) == []
    cloth = Counter(owner for _land, owner, street in state.stores if street == "pink")
    assert sorted(cloth.values(), reverse=True) == [4, 3, 3, 1]
    assert sum(cloth.values()) == 11
    # R16.4 / R16.5: cloth pays 9 / 6 / 3; the two seats tied for 2nd share 6 + 3 (4 each,
    # rounded down) and the single store takes 4th place, beyond the table: 0.
    sheet = score(state)
    points = {s.seat: dict(s.category("stores").items).get("cloth", 0) for s in sheet.seats}
    assert points == {others[0]: 9, others[1]: 4, others[2]: 4, seat: 0}


def test_example_yellow_stores_on_both_sides_of_the_street() -> None:
    # Rulebook example (components.md F1): stores on both sides of the yellow street face
    # it, the western one in a column scored by a 3 tile, the eastern one by a 4 tile.
    yellow = [land for land in RULES.lands if _takes(land, "yellow", "large")]
    columns = sorted({land.column for land in yellow})
    assert len(columns) == 2 and set(columns) <= set(LARGE_COLUMNS)
    spaces = dict(BOARD.scoring_spaces)
    west, east = (spaces[c] for c in columns)
    assert west != east  # two different tiles can lie under them
    three = next(s.id for s in RULES.scoring_tiles if s.wigs == 3)
    four = next(s.id for s in RULES.scoring_tiles if s.wigs == 4 and s.id != three)
    rest = [s.id for s in RULES.scoring_tiles if s.id not in (three, four)]
    tiles = [""] * 4
    tiles[west - 1], tiles[east - 1] = three, four
    tiles = [x or rest.pop() for x in tiles]
    state, seat = _ready(4, 5)
    row = "B"
    west_land = next(x for x in yellow if x.row == row and x.column == columns[0])
    east_land = next(x for x in yellow if x.row == row and x.column == columns[1])
    state = t.with_state(state, scoring_tiles=tuple(tiles))
    state = _with_stores(state, ((west_land.id, (seat + 1) % 4, "yellow"),))
    state = _finish_store(t.play(_visit_manuel(state, seat), f"store yellow {east_land.id}"))
    assert {(west_land.id, "yellow"), (east_land.id, "yellow")} <= {
        (land, street) for land, _owner, street in state.stores
    }
    assert t.check_invariants(state) == []
    assert column_value(state, west_land.column) == 3
    assert column_value(state, east_land.column) == 4


def _recoloured(state: State, row: str, column: int) -> State:
    """The state with 3 brown cubes in ``row``'s rubble space and 3 blue ones in
    ``column``'s; every other cube on the board keeps its slot count, the colours being
    dealt out again from what is left, so the 63 cubes stay conserved."""
    r = [x for x, _n in BOARD.row_rubble].index(row)
    c = [x for x, _n in BOARD.column_rubble].index(column)
    spaces = [*state.row_rubble, *state.column_rubble, *state.site_rubble, state.rubble_pile]
    pool = Counter(cube for space in spaces for cube in space)
    pool.subtract({"brown": 3, "blue": 3})
    rest = iter(sorted(pool.elements()))
    rows = [
        ("brown",) * 3 if i == r else tuple(next(rest) for _ in x)
        for i, x in enumerate(state.row_rubble)
    ]
    columns = [
        ("blue",) * 3 if i == c else tuple(next(rest) for _ in x)
        for i, x in enumerate(state.column_rubble)
    ]
    sites = [tuple(next(rest) for _ in x) for x in state.site_rubble]
    pile = tuple(rest)
    assert len(pile) == len(state.rubble_pile)
    return t.with_state(
        state,
        row_rubble=tuple(rows),
        column_rubble=tuple(columns),
        site_rubble=tuple(sites),
        rubble_pile=pile,
    )


@pytest.mark.parametrize("players", [3, 4])
def test_example_brown_store_in_row_e(players: int) -> None:
    # Rulebook example (components.md F1, R10.1.3): a brown store in row E, with 3 brown
    # cubes in the row and 3 blue in its column, costs 3 (treasury) + 9 + 3 = 15 before a
    # cube is taken and 12 after taking a brown one (R10.1.2 step 4 comes before step 5).
    brown = [x for x in RULES.lands if x.row == "E" and _takes(x, "brown", "large")]
    assert brown and all(dict(BOARD.column_rubble)[x.column] == 3 for x in brown)
    # A land whose reward is at most some influence (none here: influence stays unused), so
    # the reis spent are the land price alone.
    land = next(
        x
        for x in brown
        if all(d.kind == "gain" and d.arg("what") == "influence" for d in m.elementary(x.reward))
    )
    state, seat = _ready(players, 2)
    assert BOARD.treasury[state.treasury].value == 3
    state = _recoloured(state, "E", land.column)
    state = t.with_player(state, seat, reis=15, influence=0)
    assert t.check_invariants(state) == []
    state = t.play(_visit_manuel(state, seat), f"store brown {land.id}")
    before = state.players[seat].reis
    assert before == 15
    state = _finish_store(t.play(state, "rubble row brown"))
    assert (land.id, seat, "brown") in state.stores
    assert before - state.players[seat].reis == 3 + 2 * 3 + 3 * 1 == 12
    assert t.check_invariants(state) == []
