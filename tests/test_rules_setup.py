"""Setup (R2): bags, player boards, the start player, the 2-player changes, the main board,
the earthquake rubble, the order of setup and the political decks.

Expected numbers come from rules.md R2 and the printed counts of R1 (read from the board
data only where the rules call them DATA); several seeds and player counts are checked.
"""

from __future__ import annotations

import functools
from collections import Counter

import pytest

from lisboa_core import score
from lisboa_core.api import legal_moves, new_game
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import load_rules
from lisboa_core.games.lisboa.state import GOODS, NOBLES, Frame, State

RULES = load_rules()
BOARD = RULES.board
PLAYERS = [2, 3, 4]


_play = functools.partial(t.play, pay_cash=True)
"""Play moves in notation; payment splits they do not name are paid in cash."""


def _moves(state: State) -> list[str]:
    return [str(mv) for mv in legal_moves(state)]


def _top(state: State) -> str:
    return state.pending[-1].kind


def _placed_cubes(state: State) -> list[str]:
    """Every cube on the downtown rubble spaces, the sites and the rubble pile."""
    return [c for group in (*state.row_rubble, *state.column_rubble, *state.site_rubble)
            for c in group] + list(state.rubble_pile)




def _noble_card(noble: str) -> str:
    return next(c.id for c in RULES.political if c.deck == "blue" and c.type == noble)


# --- R2.1 bags ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_r2_1_1_favors_one_per_noble_per_player_and_all_clergy_in_the_bag(players: int) -> None:
    state = new_game(players, seed=2)
    held = Counter(f for p in state.players for f in p.favors)
    for i, noble in enumerate(NOBLES):
        assert state.favor_supply[i] + held[noble] == players  # N of each kind
    assert len(RULES.clergy) == 37
    # Before any tile is kept, the 37 tiles are in the bag or drawn in pairs (R2.2.3).
    pairs = [tile for f in state.pending if f.kind == "keep-clergy" for tile in f.data]
    assert len(pairs) == 2 * players and state.church == (None,) * 6
    assert sorted((*state.clergy_bag, *pairs)) == sorted(c.id for c in RULES.clergy)


# --- R2.2 each player ------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_r2_2_1_markers_houses_and_officials_on_each_board(players: int) -> None:
    board = RULES.player_board
    assert (board.set_columns, sum(n for _g, n in board.houses), board.officials) == (5, 8, 8)
    state = t.first_turn(players, seed=3)
    for seat, p in enumerate(state.players):
        # The 5 Rubble Set markers cover the "+1" spaces: none is on the Marquis's portrait
        # and both capacities are the base 2 (R4.2, R4.8).
        assert p.markers == 0 and p.rubble == (0, 0, 0) and p.sets == 0
        assert p.houses == (0, 0, 0)  # all 8 houses on the board
        placed = sum(o.count(seat) for o in state.offices)
        assert p.officials + placed == 8 and placed == 1  # R2.2.6: one in an office
    assert t.check_invariants(state) == []


def test_r2_2_7_the_start_player_is_seeded_and_acts_first() -> None:
    starts = {new_game(3, seed).start_player for seed in range(30)}
    assert starts == {0, 1, 2}  # any seat can be chosen...
    assert new_game(3, 7).start_player == new_game(3, 7).start_player  # ...by the seed
    for seed in range(4):
        state = new_game(4, seed)
        assert state.to_act == state.start_player  # first setup decision (R2.2.3)
        state = t.first_turn(4, seed)
        assert state.current == state.to_act == state.start_player
        assert state.players[state.start_player].influence == 4  # R2.2.8


def test_r2_2_9_only_the_hands_are_hidden() -> None:
    # The hand is the only private holding: another seat's hand changes neither the legal
    # moves of the seat to act nor the score sheet, while a public holding of that seat (its
    # Royal Favors, scored by R16.3 step 7) does.
    state = t.first_turn(3, seed=4)
    seat = state.current
    other = (seat + 1) % 3
    purple = state.later_decks[0]
    swapped = t.with_player(state, other, hand=purple[:5])
    swapped = t.with_state(swapped, later_decks=(
        (*state.players[other].hand, *purple[5:]), state.later_decks[1]))
    assert legal_moves(swapped) == legal_moves(state)
    assert score(swapped) == score(state)
    favors = t.with_player(state, other, favors=NOBLES)
    assert score(favors).seats[other].total == score(state).seats[other].total + 2 * (
        3 - len(state.players[other].favors))


# --- R2.3 2-player changes ----------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_r2_3_5_cubes_left_after_the_earthquake_are_boxed(players: int) -> None:
    state = t.first_turn(players, seed=5)
    row_e = dict(BOARD.row_rubble)["E"] + sum(s.rubble for s in RULES.sites if s.row == "E")
    assert row_e == 3 + 2 + 2
    assert state.rubble_out == (row_e if players == 2 else 0)
    assert len(_placed_cubes(state)) + state.rubble_out == 63
    assert t.check_invariants(state) == []


def _blank(players: int) -> State:
    """A first-turn position with every scoring-relevant holding emptied."""
    state = t.first_turn(players, seed=0)
    for seat in range(players):
        state = t.with_player(
            state, seat, top=(None,) * 3, bottom=(None,) * 3, cargo=((),) * 3,
            sailed=(0,) * 3, goods=(0, 0, 0, 0), reis=0, wigs=0, influence=0, clergy=(),
            favors=(), plans=(), completed=(), decrees=(), rubble=(0, 0, 0), markers=0)
    return t.with_state(state, stores=(), opened=())


def test_r2_3_6_two_player_final_scoring_tables() -> None:
    # Cloth: 3 stores against 1 -> 1st 9, 2nd the 3rd-place value 3 (not 6). Officials:
    # completed plans with 4 against 2 officials -> 15 and 5 (not 10).
    state = _blank(2)
    pink = [land.id for land in RULES.lands if "pink" in land.streets and land.row != "E"]
    stores = (*((land, 0, "pink") for land in pink[:3]), (pink[3], 1, "pink"))
    state = t.with_state(state, stores=stores)
    assert RULES.typed("PL08", m.Plan).officials == 4
    assert RULES.typed("PL05", m.Plan).officials == 2
    state = t.with_player(state, 0, completed=("PL08",))
    state = t.with_player(state, 1, completed=("PL05",))
    sheet = score(state)
    assert [s.category("stores").wigs for s in sheet.seats] == [9, 3]
    assert [s.category("officials").wigs for s in sheet.seats] == [15, 5]
    three = t.with_state(_blank(3), stores=stores)
    three = t.with_player(t.with_player(three, 0, completed=("PL08",)), 1, completed=("PL05",))
    sheet = score(three)
    assert [s.category("stores").wigs for s in sheet.seats] == [9, 6, 0]
    assert [s.category("officials").wigs for s in sheet.seats] == [15, 10, 0]


# --- R2.4 main board -----------------------------------------------------------------------


def test_r2_4_1_public_buildings_two_shuffled_stacks_of_eight() -> None:
    ids = sorted(b.id for b in RULES.buildings)
    assert len(ids) == 16
    stacks = set()
    for seed in range(3):
        state = new_game(3, seed)
        blue, green = state.building_stacks
        assert len(blue) == len(green) == 8
        assert sorted((*blue, *green)) == ids
        stacks.add(state.building_stacks)
    assert len(stacks) == 3  # shuffled


def test_r2_4_1_the_green_stack_is_green_side_up_beside_the_green_plans() -> None:
    # A green plan takes the green stack's top tile, shown (and scored) by its green side,
    # and never flipped: a north site accepts it only for a colour of its green side.
    state = t.first_turn(3, seed=1)
    seat = state.current
    green = state.building_stacks[1]
    colours = RULES.typed(green[0], m.PublicBuilding).colors("green")
    plan = next(p.id for p in RULES.plans if p.starting and p.architect == "green")
    others = [s for s in range(3) if s != seat]
    for s in others:
        state = t.with_player(state, s, plans=tuple(x for x in state.players[s].plans
                                                    if x != plan))
    card = _noble_card("king")
    state = t.give(t.with_player(state, seat, plans=(plan,)), seat, card)
    state = _play(state, f"visit {card}", "skip")
    north = {mv.split()[1] for mv in _moves(state) if mv.split()[1].startswith("N-")}
    assert north == {s.id for s in RULES.sites if s.side == "north" and s.street in colours}
    state = _play(state, f"build W-B {plan}")
    assert state.opened == (("W-B", green[0], "green"),)
    assert state.building_stacks[1] == green[1:]


@pytest.mark.parametrize("players", PLAYERS)
def test_r2_4_4_city_display_one_tile_per_space_rest_stacked_by_size(players: int) -> None:
    state = new_game(players, seed=1)
    sizes = [size for _colour, size in BOARD.city_spaces]
    assert sorted(sizes) == ["large"] * 4 + ["small"]
    for tile, size in zip(state.city_display, sizes, strict=True):
        assert tile is not None and RULES.typed(tile, m.CityTile).size == size
    large, small = state.city_stacks
    assert len(large) == 22 - 4 and len(small) == 5 - 1
    assert all(RULES.typed(x, m.CityTile).size == "large" for x in large)
    assert all(RULES.typed(x, m.CityTile).size == "small" for x in small)


def test_r2_4_5_scoring_tiles_shuffled_one_per_space() -> None:
    ids = sorted(tile.id for tile in RULES.scoring_tiles)
    orders = set()
    for seed in range(8):
        tiles = new_game(4, seed).scoring_tiles
        assert sorted(tiles) == ids and len(tiles) == 4
        orders.add(tiles)
    assert len(orders) > 1


def test_r2_4_6_two_player_overlay_covers_row_e() -> None:
    # With 2 players no store on a row-E land and no building on row E's west and east
    # sites (R2.3.2, A6); with 3 players both are offered.
    for players, offered in ((2, False), (3, True)):
        state = t.first_turn(players, seed=1)
        seat = state.current
        empty = ((),) * 5
        state = t.with_state(state, row_rubble=empty, column_rubble=empty)
        manuel, king = _noble_card("manuel"), _noble_card("king")
        store = _play(t.give(state, seat, manuel), f"visit {manuel}", "skip")
        lands = {mv.split()[2] for mv in _moves(store)}
        row_e = {land.id for land in RULES.lands if land.row == "E"}
        assert bool(lands & row_e) is offered
        assert lands - row_e  # the other rows stay open
        building = _play(t.give(state, seat, king), f"visit {king}", "skip")
        sites = {mv.split()[1] for mv in _moves(building)}
        assert {"W-E", "E-E"} <= sites if offered else not sites & {"W-E", "E-E"}


def test_r2_4_10_goods_and_reis_come_from_an_unlimited_supply() -> None:
    # R0.7: goods and reis are unlimited. Every seat holds 7 of each good (5 sets: capacity
    # 7), 28 gold in all, more than the 17 gold tokens; a seat still gains gold and reis.
    state = t.first_turn(4, seed=2)
    seat = state.current
    for s in range(4):
        state = t.with_player(state, s, rubble=(5, 5, 5), markers=5, goods=(7, 7, 7, 7),
                              reis=200, clergy=())
    state = t.with_player(state, seat, goods=(6, 7, 7, 7))
    after = _play(state, f"gold {state.players[seat].hand[0]}")
    assert after.players[seat].goods[GOODS.index("gold")] == 7
    treasury = next(c.id for c in RULES.political if c.is_treasury)
    state = t.give(state, seat, treasury)
    after = _play(state, f"tuck {treasury}")
    assert after.players[seat].reis == 200 + BOARD.treasury[state.treasury].value


# --- R2.5 earthquake damage -----------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_r2_5_1_all_63_cubes_go_into_the_bag(players: int) -> None:
    colours = {colour: n for colour, n, _cost in BOARD.rubble}
    assert colours == {"brown": 21, "red": 21, "blue": 21}  # A3
    draws = set()
    for seed in range(3):
        state = new_game(players, seed)
        assert Counter(_placed_cubes(state)) == colours  # every cube is drawn out
        draws.add(state.row_rubble)
    assert len(draws) == 3  # at random


@pytest.mark.parametrize("players", PLAYERS)
def test_r2_5_2_one_cube_per_slot_of_every_row_and_column_space(players: int) -> None:
    state = new_game(players, seed=6)
    for (row, slots), cubes in zip(BOARD.row_rubble, state.row_rubble, strict=True):
        assert len(cubes) == (0 if players == 2 and row == "E" else slots)
    for (_column, slots), cubes in zip(BOARD.column_rubble, state.column_rubble, strict=True):
        assert len(cubes) == slots  # column spaces are filled even with 2 players


def test_r2_5_5_west_east_and_north_sites_and_row_spaces_get_rubble() -> None:
    # The rulebook's reading: every west, east and north site gets 2 cubes, and the row
    # rubble spaces are filled as well as the column ones.
    state = new_game(4, seed=7)
    by_side = Counter()
    for site, cubes in zip(RULES.sites, state.site_rubble, strict=True):
        assert len(cubes) == 2
        by_side[site.side] += 1
    assert by_side == {"west": 5, "east": 5, "north": 4}
    assert all(len(cubes) == 3 for cubes in state.row_rubble)


# --- R2.7 order, political cards --------------------------------------------------------------


def _with_pair(state: State, seat: int, pair: tuple[str, str]) -> State:
    """The seat's two drawn clergy tiles replaced by ``pair``; each tile they displace
    goes where the wanted tile was (the bag or another seat's pair)."""
    frames = list(state.pending)
    bag = list(state.clergy_bag)
    i = next(k for k, f in enumerate(frames) if f.kind == "keep-clergy" and f.seat == seat)
    mine = list(frames[i].data)
    for slot, tile in enumerate(pair):
        out = mine[slot]
        if out == tile:
            continue
        if tile in mine:
            mine[mine.index(tile)] = out
        elif tile in bag:
            bag[bag.index(tile)] = out
        else:
            j = next(k for k, f in enumerate(frames) if f.kind == "keep-clergy" and tile in f.data)
            frames[j] = Frame("keep-clergy", frames[j].seat,
                              tuple(out if x == tile else x for x in frames[j].data))
        mine[slot] = tile
    frames[i] = Frame("keep-clergy", seat, tuple(mine))
    return t.with_state(state, pending=tuple(frames), clergy_bag=tuple(bag))


def _immediate(kind: str) -> str:
    """The clergy tile whose 'on taken' effect is ``kind``."""
    return next(tile.id for tile in RULES.clergy for trig in tile.behaviour.triggers
                if trig.event == "taken" and [d.kind for d in m.elementary(trig.effect)] == [kind])


def test_r2_7_0_a_kept_seven_influence_tile_resolves_after_the_influence_markers() -> None:
    # A41: gained after the marker is on 4 (start player): 4 + 7 = 11, capped at 10, and
    # ending on 10 gives a wig (R5.2, R5.3); then the next seat keeps its tile.
    seven = _immediate("gain")
    state = new_game(3, seed=3)
    start = state.start_player
    other = next(x for x in state.pending[-1].data if x != seven)
    state = _with_pair(state, start, (seven, other))
    assert t.check_invariants(state) == []
    assert state.players[start].influence == 4
    state = t.play(state, f"keep {seven}")
    p = state.players[start]
    assert (p.influence, p.wigs) == (10, 5 + 1)
    assert _top(state) == "keep-clergy" and state.to_act == (start + 1) % 3


def test_r2_7_0_a_kept_two_favors_tile_takes_from_the_supply_in_seat_order() -> None:
    # A41: the favors come from the supply placed at the portraits (R2.4.8); the start
    # player resolves its tile before the next seat keeps one.
    two = _immediate("take_favors")
    state = new_game(3, seed=4)
    start = state.start_player
    other = next(x for x in state.pending[-1].data if x != two)
    state = _with_pair(state, start, (two, other))
    held = state.players[start].favors
    supply = state.favor_supply
    state = t.play(state, f"keep {two}")
    lacking = [n for i, n in enumerate(NOBLES) if n not in held and supply[i] > 0]
    assert _top(state) == "take-favor" and state.to_act == start
    assert set(_moves(state)) == {f"favor {n}" for n in lacking} | {"done"}
    for noble in lacking[:2]:
        state = t.play(state, f"favor {noble}")
    assert len(state.players[start].favors) == len(held) + min(2, len(lacking))
    assert sum(state.favor_supply) == sum(supply) - min(2, len(lacking))
    assert _top(state) == "keep-clergy" and state.to_act == (start + 1) % 3


@pytest.mark.parametrize("players", PLAYERS)
def test_r2_7_1_decks_sorted_by_back_colour_and_shuffled(players: int) -> None:
    by_deck = Counter(c.deck for c in RULES.political)
    assert by_deck == {"blue": 21, "red": 20, "purple": 21, "brown": 20}  # A40
    hands, purples = set(), set()
    for seed in range(3):
        state = new_game(players, seed)
        for p in state.players:
            assert {RULES.typed(c, m.PoliticalCard).deck for c in p.hand} == {"blue"}
        assert {RULES.typed(c, m.PoliticalCard).deck for pile in state.piles
                for c in pile} == {"red"}
        purple, brown = state.later_decks
        assert sorted(purple) == sorted(c.id for c in RULES.political if c.deck == "purple")
        assert sorted(brown) == sorted(c.id for c in RULES.political if c.deck == "brown")
        hands.add(tuple(p.hand for p in state.players))
        purples.add(purple)
    assert len(hands) == len(purples) == 3  # shuffled per seed
