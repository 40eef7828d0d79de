"""Tiletum's fairs and final scoring (docs/games/tiletum/rules.md TL18, TL20, TL24): each
test builds a position and checks the engine against the rules reference; printed values
are those of docs/games/tiletum/components.md (H, J)."""

from __future__ import annotations

import pytest

from lisboa_core.core.frame import Frame
from lisboa_core.fronts.score_sheet import sheet_text
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.scoring import score
from lisboa_core.games.tiletum.stack import STACK
from lisboa_core.games.tiletum.state import State
from tiletum_scenarios import fresh, seat

RULES = load_rules()
POST = {p.id: i for i, p in enumerate(RULES.posts)}
SITE = {c.id: i for i, c in enumerate(RULES.cathedrals)}


def _fair(state: State) -> State:
    return STACK.advance(state.with_pending((Frame("turn-end", 1), Frame("fair", -1))))


def _board() -> State:
    """Round 1 (fair in Tiletum, printed 1). Seat 0: 3 trading posts on the map (Tiletum's
    included, TL24.2), 2 pillars, 2 fulfilled contracts, 1 cathedral tile, 2 coats on the
    board and 1 in the warehouse, persons on floor 2 of B1 (not full) and B3 (full), B5
    full, B6 (filled by print)."""
    state = fresh()
    posts = list(state.posts)
    for space in ("LON-1", "PAR-1"):
        posts[POST[space]] = 0
    pillars = [()] * 9
    pillars[SITE["CD2"]] = (0,)
    pillars[SITE["CD3"]] = (1, 0)
    state = state.replaced({"posts": tuple(posts), "pillars": tuple(pillars), "round": 1})
    rooms = (("P07a", "P07b", ""), ("",) * 3, ("P02a", "P02b"), ("",) * 2, ("P13a",), ())
    return seat(state, 0, vp=0, contracts=("C01", "C04"), cathedral_tiles=(6,),
                coats=("B01", "", "", "", "B02", ""), warehouse=("B03",), rooms=rooms)


@pytest.mark.parametrize(("tile", "gain"), [
    ("FT01", 2 * (1 + 2)),  # TL24.1.1: min(3 posts, 2 pillars) sets
    ("FT02", 1 * (1 + 3)),  # TL24.1.2: min(2 contracts, 1 cathedral tile)
    ("FT03", 2 * (1 + 3)),  # TL24.1.3: 2 contracts
    ("FT04", 0),  # TL24.1.4: nothing in the fair phase (TL18.6)
    ("FT05", 2 * (1 + 3)),  # TL24.1.5: min(2 contracts, 2 coats on the board)
    ("FT06", 3 * (1 + 1)),  # TL24.1.6 / TL24.2: 3 posts, Tiletum's included
    ("FT07", 2 * (1 + 2)),  # TL24.1.7: floor-2 persons of B1 and B3
    ("FT08", 2 * (1 + 2)),  # TL24.1.8: coats on the board only
    ("FT09", 2 * (1 + 1)),  # TL24.1.9: 2 pillars
    ("FT10", 3 * (1 + 2)),  # TL24.1.10 / TL29.8: B3, B5 and B6
    ("FT11", 1 * (1 + 2)),  # TL24.1.11: 1 cathedral tile
])
def test_tl24_1_fair_tiles(tile: str, gain: int) -> None:
    """TL24.1 / TL18.3 / TL18.4: base value (printed 1 + tile VP) once per set or item."""
    state = _board().replaced({"fair_tiles": (tile, "FT06", "FT06", "FT06")})
    assert _fair(state).players[0].vp == gain


def test_tl18_1_and_tl18_2_who_takes_part() -> None:
    """TL18.1: round 2's fair is in the town of round 2's tile; TL18.2: a trading post there
    or the merchant there; others score nothing."""
    state = fresh().replaced({"round": 2, "fair_towns": ("TIL", "LYO", "PAR", "LON"),
                              "fair_tiles": ("FT03", "FT03", "FT03", "FT03")})
    posts = list(state.posts)
    posts[POST["LYO-2"]] = 1
    state = state.replaced({"posts": tuple(posts)})
    for s in range(4):
        state = seat(state, s, vp=0, contracts=("C01",), merchant="LYO" if s == 0 else "PAR")
    after = _fair(state)
    # TL18.3: printed 2 (round 2) + FT03 3 = 5 per fulfilled contract
    assert [p.vp for p in after.players] == [5, 5, 0, 0]


def test_tl18_5_each_fair_scored_once() -> None:
    """TL18.5: round 1's tile is done with after its fair: the round-2 fair uses round 2's
    tile and town."""
    state = _board().replaced({"fair_tiles": ("FT03", "FT09", "FT06", "FT06"),
                               "fair_towns": ("TIL", "VER", "LON", "PAR")})
    state = _fair(state)
    assert state.players[0].vp == 8
    state = _fair(state.replaced({"round": 2}))
    # Verona: no post, merchant in Tiletum -> seat 0 does not take part
    assert state.players[0].vp == 8


def test_tl20_2_posts_times_pillars() -> None:
    """TL20.2: trading posts on the map (Tiletum's included) times pillars on the map."""
    state = _board()
    assert score(state).seats[0].points("posts-x-pillars") == 3 * 2


def _completed(n: int) -> State:
    """Seat 0 with the first ``n`` of B6, B5, B4, B3, B2, B1 completed."""
    persons = {0: ("P07a", "P07b", "P07c"), 1: ("P13a", "P13b", "P13c"), 2: ("P02a", "P02b"),
               3: ("P03a", "P03b"), 4: ("P04a",), 5: ()}
    rooms = [("",) * b.rooms for b in RULES.buildings]
    coats = [""] * 6
    for b in range(5, 5 - n, -1):
        rooms[b] = persons[b]
        coats[b] = f"B0{b + 1}"
    return seat(fresh(), 0, {}, rooms=tuple(rooms), coats=tuple(coats))


@pytest.mark.parametrize(("n", "vp"), [(0, 0), (1, 0), (2, 0), (3, 5), (4, 10), (5, 20),
                                       (6, 30)])
def test_tl20_3_completed_buildings(n: int, vp: int) -> None:
    """TL20.3 / TL16.1: 1 -> 0, 2 -> 0, 3 -> 5, 4 -> 10, 5 -> 20, 6 -> 30 VP, B6 included."""
    assert score(_completed(n)).seats[0].points("buildings") == vp


def test_tl20_3_full_without_coat_is_not_completed() -> None:
    """TL16.1 / TL20.3: rooms full but no coat: not completed."""
    state = _completed(3)
    state = seat(state, 0, coats=("",) * 6)
    assert score(state).seats[0].points("buildings") == 0


@pytest.mark.parametrize(("held", "vp"), [(3, 0), (4, 1), (7, 1), (8, 2), (13, 3)])
def test_tl20_4_resources(held: int, vp: int) -> None:
    """TL20.4: 1 VP per 4 resources, all types together, rounded down."""
    split = {"gold": held // 2, "iron": held - held // 2}
    assert score(seat(fresh(), 0, split)).seats[0].points("resources") == vp


def test_tl20_5_nothing_else_scores() -> None:
    """TL20.5: unfulfilled contracts, unused assistants, persons in the warehouse and pieces
    in the supply add nothing."""
    bare = seat(fresh(), 0, {}, warehouse=())
    loaded = seat(bare, 0, warehouse=("C01", "B43", "P02a", "B01"), posts=5, pillars=6)
    assert score(loaded).seats[0].total == score(bare).seats[0].total


def test_tl20_1_final_scoring_after_round_four() -> None:
    """TL20.1 / TL20.6: the game over, the sheet is final and ranks by VP."""
    state = fresh().replaced({"round": 4, "fair_tiles": ("FT06",) * 4,
                              "fair_towns": ("TIL", "PAR", "LON", "VER")})
    state = seat(seat(state, 2, {}, vp=40), 0, {}, vp=0)
    state = STACK.advance(state.with_pending((Frame("cleanup", -1), Frame("fair", -1))))
    sheet = score(state)
    assert sheet.final and sheet.winners == (2,)


def test_tl20_6_a_tie_goes_to_the_earlier_seat_in_turn_order() -> None:
    """TL20.6 / issue 34.1: tied on VP, the tied seat earlier in the final turn order wins;
    the sheet shows each seat's place in that order (1 first, lower wins)."""
    state = fresh().replaced({"order": (2, 0, 3, 1)})
    for i in range(4):
        state = seat(state, i, {}, vp=10)
    sheet = score(state)
    assert len({s.total for s in sheet.seats}) == 1
    assert sheet.tie_breaks == ("turn order (lower wins)",)
    assert [s.tie_breaks for s in sheet.seats] == [(2,), (4,), (1,), (3,)]
    assert sheet.winners == (2,)
    ahead = score(seat(state, 1, vp=11))  # the most VP wins before any tie-breaker
    assert ahead.winners == (1,) and ahead.seats[1].tie_breaks == (4,)
    head, *rows = sheet_text(sheet).splitlines()[:5]
    assert head.endswith("turn order (lower wins)")
    assert [row.split()[-1] for row in rows] == ["2", "4", "1", "3"]
