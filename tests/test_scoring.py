"""Final scoring (R16.3-R16.9, R17.6, R17.2.4/R17.2.10/R17.2.11, A35-A39), from compact
scenario states.

Decrees are found in the catalogue by their compiled scoring rule (form, subject, filters),
clergy tiles by their compiled modifiers, never by id. Expected numbers follow the rules
text (rules.md R16/R17, components.md C and E15-E18); only the values printed on the pieces
(decree wigs, hull sizes, plan officials, board tables) are read from the catalogue.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lisboa_core.fronts.score_sheet import itemised
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import load_rules
from lisboa_core.games.lisboa.rules.scoring import CATEGORIES, score
from lisboa_core.games.lisboa.state import GOODS, RUBBLE, State

ROOT = Path(__file__).resolve().parent.parent
RULES = load_rules()
BOARD = RULES.board
GOOD_OF = dict(BOARD.streets)  # street colour -> the good its stores count as (board data)
STREET_OF = {good: street for street, good in BOARD.streets}
MAJORITY = {good: (first, second, third) for good, first, second, third in BOARD.store_majority}
OFFICIALS = dict(BOARD.officials_majority)


# --- the rules' own numbers (rules.md), checked against the board data once -------------


def test_board_tables_are_the_rules_tables() -> None:
    # R16.4 / E15, R16.7 / E16, R16.3 steps 2, 4 and 7
    assert MAJORITY == {
        "gold": (3, 2, 1), "tools": (6, 3, 1), "books": (9, 6, 3), "cloth": (9, 6, 3)
    }
    assert OFFICIALS == {4: (15, 10, 5), 3: (15, 10, 5), 2: (15, 5)}
    assert (BOARD.set_wigs, BOARD.reis_per_wig, BOARD.favor_wigs) == (3, 5, 2)


def cash_out(influence: int) -> int:
    """R16.3 step 4 / A17: one real per reis icon strictly below the influence marker."""
    return sum(1 for icon in BOARD.influence_reis_icons if icon < influence)


# --- scenario building ------------------------------------------------------------------


@functools.cache
def blank(players: int = 4) -> State:
    """A real first-turn position with every scoring-relevant holding emptied."""
    state = t.first_turn(players=players, seed=0)
    for seat in range(players):
        state = t.with_player(
            state, seat, top=(None, None, None), bottom=(None, None, None),
            cargo=((), (), ()), sailed=(0, 0, 0), goods=(0, 0, 0, 0), reis=0, wigs=0,
            influence=0, clergy=(), favors=(), plans=(), completed=(), decrees=(),
            rubble=(0, 0, 0), markers=0, houses=(0, 0, 0),
        )
    return t.with_state(state, stores=(), opened=())


def add_store(
    state: State, seat: int, street: str | None = None, *, row: str | None = None,
    column: int | None = None,
) -> State:
    """One more store of ``seat`` on the first free land that fits (facing ``street``, or
    the land's first street when none is given)."""
    used = {land for land, _seat, _street in state.stores}
    land = next(
        land for land in RULES.lands
        if land.id not in used
        and (street is None or street in land.streets)
        and row in (None, land.row)
        and column in (None, land.column)
    )
    return t.with_state(state, stores=(*state.stores, (land.id, seat, street or land.streets[0])))


def add_stores(state: State, seat: int, street: str | None, n: int, **where: Any) -> State:
    for _ in range(n):
        state = add_store(state, seat, street, **where)
    return state


def two_street_land(street: str) -> tuple[str, str]:
    """A land touching ``street`` and one other street: (land id, the other street)."""
    land = next(land for land in RULES.lands if street in land.streets and len(land.streets) == 2)
    return land.id, next(s for s in land.streets if s != street)


def free_plans(state: State, n: int, architect: str | None = None) -> tuple[str, ...]:
    """``n`` plan ids nobody has completed yet (of ``architect`` if given)."""
    taken = {p for player in state.players for p in player.completed}
    ids = [
        p.id for p in RULES.plans
        if p.id not in taken and architect in (None, p.architect)
    ]
    return tuple(ids[:n])


def plan_with(officials: int, architect: str | None = None, skip: tuple[str, ...] = ()) -> str:
    return next(
        p.id for p in RULES.plans
        if p.officials == officials and architect in (None, p.architect) and p.id not in skip
    )


def ships(hull: int) -> list[m.Ship]:
    return [s for s in RULES.ships if s.hull == hull]


def noble(influence: int) -> m.PoliticalCard:
    return next(c for c in RULES.political if not c.is_treasury and c.influence == influence)


def tile_with(hook: str, amount: int, **qualifiers: object) -> m.ClergyTile:
    """The clergy tile whose only modifier is ``modify hook amount qualifiers``."""
    found = [
        tile for tile in RULES.clergy
        if any(
            mod.hook == hook and mod.amount == amount and dict(mod.qualifiers) == qualifiers
            for mod in tile.behaviour.modifiers
        )
    ]
    assert len(found) == 1, (hook, amount, qualifiers, found)
    return found[0]


def cat(state: State, name: str) -> list[int]:
    """Each seat's wigs in category ``name``."""
    return [s.category(name).wigs for s in score(state).seats]


def totals(state: State) -> list[int]:
    return [s.total for s in score(state).seats]


def equalise(state: State) -> State:
    """The state with wigs before final scoring set so that every seat's total is equal
    (wigs so far affect nothing else in final scoring)."""
    seats = score(state).seats
    finals = [sum(c.wigs for c in s.categories) for s in seats]
    for seat, final in enumerate(finals):
        state = t.with_player(state, seat, wigs=max(finals) - final)
    assert len(set(totals(state))) == 1
    return state


# --- decree types (components.md C.2), recognised by their compiled scoring rule ---------

_TYPES: dict[tuple[str, str, str], str] = {
    ("per", "buildings", "side"): "D01",
    ("per", "buildings", "architect"): "D02",
    ("per", "stores", "column"): "D03",  # location read as a column (decrees.lsb header)
    ("per", "stores", "street"): "D04",
    ("every-type", "stores", ""): "D05",
    ("per", "stores", ""): "D06",
    ("most", "stores", ""): "D07",
    ("most", "stores", "street"): "D08",
    ("most", "stores", "row"): "D09",
    ("per", "any-stores", "street"): "D10",
    ("per", "any-stores", "row"): "D11",
    ("per", "rubble", "colour"): "D12",
    ("most", "rubble", ""): "D13",
    **{("most", good, ""): "D14" for good in GOODS},
    ("every-type", "goods", ""): "D15",
    **{("per", good, ""): "D16" for good in GOODS},
    ("per", "completed-plans", ""): "D17",
    ("per", "completed-plans", "architect"): "D18",
    ("most", "completed-plans", ""): "D19",
    ("most", "completed-plans", "architect"): "D20",
    ("per", "plan-officials", ""): "D21",
    ("most", "plan-officials", ""): "D22",
    ("most", "decrees", ""): "D23",
    ("per", "decrees", ""): "D24",
    ("per", "influence", ""): "D25",
    ("most", "influence", ""): "D26",
    ("per", "influence-power", ""): "D27",
    ("per", "portfolio-cards", ""): "D28",
    ("most", "reis", ""): "D29",
    ("per", "ships", ""): "D30",
}


def decree_type(d: m.Decree) -> str:
    keys = [key for key, _value in d.score.quantity.filters]
    assert len(keys) <= 1, d.id
    return _TYPES[(d.score.form, d.score.quantity.subject, keys[0] if keys else "")]


def decree(type_id: str) -> m.Decree:
    """The first catalogue decree of type ``type_id``."""
    return next(d for d in RULES.decrees if decree_type(d) == type_id)


def param(d: m.Decree, key: str) -> Any:
    return dict(d.score.quantity.filters)[key]


def decree_wigs(state: State, d: m.Decree, seat: int = 0) -> int:
    """What decree ``d`` is worth on ``seat``'s sheet (its item in the decrees category)."""
    return dict(score(state).seats[seat].category("decrees").items)[d.id]


def holding(d: m.Decree, players: int = 4, seat: int = 0) -> State:
    return t.with_player(blank(players), seat, decrees=(d.id,))


def test_every_decree_type_is_in_the_catalogue_and_matches_its_comment() -> None:
    # components.md C.2: 30 atomic types; decrees.lsb marks each card `# type Dnn`
    text = (ROOT / "cards" / "lisboa" / "decrees.lsb").read_text(encoding="utf-8")
    commented = dict(re.findall(r"^decree (\w+) .*# type (D\d\d)", text, re.MULTILINE))
    assert len(commented) == len(RULES.decrees) == 70
    assert {d.id: decree_type(d) for d in RULES.decrees} == commented
    assert set(commented.values()) == {f"D{i:02}" for i in range(1, 31)}


# --- R16.3 step 1: ships -----------------------------------------------------------------


def test_ships_score_the_sum_of_hull_sizes() -> None:
    # R16.3.1: sum of the hull sizes of the ships in the portfolio, cargo irrelevant
    small, large = ships(2)[0], ships(4)[0]
    state = t.with_player(blank(), 0, top=(small.id, large.id, noble(3).id))
    assert cat(state, "ships") == [small.hull + large.hull, 0, 0, 0]
    assert score(state).seats[0].category("ships").items == (
        (small.id, small.hull), (large.id, large.hull),
    )
    loaded = t.with_player(state, 0, cargo=(("gold",), ("books", "tools"), ()), sailed=(1, 0, 0))
    assert cat(loaded, "ships") == cat(state, "ships")


# --- R16.3 step 2: rubble sets ------------------------------------------------------------


def test_rubble_scores_three_per_completed_set() -> None:
    # R16.3.2 (R12.5: a set is one cube of each colour)
    state = t.with_player(blank(), 0, rubble=(2, 3, 5))
    state = t.with_player(state, 1, rubble=(5, 5, 0))
    assert cat(state, "rubble") == [2 * 3, 0, 0, 0]


# --- R16.3 step 3 / R16.4-R16.6: store majorities ---------------------------------------


@pytest.mark.parametrize("good", GOODS)
def test_store_majorities_pay_the_e15_table(good: str) -> None:
    # R16.4: per type, 1st / 2nd / 3rd by stores of that type; a 4th place pays nothing
    street = STREET_OF[good]
    state = add_stores(blank(), 0, street, 3)
    state = add_stores(state, 1, street, 2)
    state = add_stores(state, 2, street, 1)
    state = add_store(state, 3, next(s for s in GOOD_OF if s != street))  # another type
    first, second, third = MAJORITY[good]
    assert [dict(s.category("stores").items).get(good, 0) for s in score(state).seats] == [
        first, second, third, 0,
    ]


def test_store_majorities_add_up_over_types() -> None:
    # R16.3.3 / R16.4: each type separately, then summed; itemised per type
    state = add_stores(blank(), 0, STREET_OF["books"], 2)
    state = add_store(state, 0, STREET_OF["gold"])
    state = add_store(state, 1, STREET_OF["books"])
    assert cat(state, "stores") == [
        MAJORITY["books"][0] + MAJORITY["gold"][0], MAJORITY["books"][1], 0, 0,
    ]
    assert dict(score(state).seats[0].category("stores").items) == {
        "books": MAJORITY["books"][0], "gold": MAJORITY["gold"][0],
    }


def test_no_store_of_a_type_gets_nothing_and_takes_no_place() -> None:
    # R16.4.1: seat 0 has no cloth store, so the single cloth owner is 1st, not 2nd
    state = add_store(blank(), 1, STREET_OF["cloth"])
    state = add_store(state, 0, STREET_OF["gold"])
    assert [dict(s.category("stores").items).get("cloth", 0) for s in score(state).seats] == [
        0, MAJORITY["cloth"][0], 0, 0,
    ]
    assert cat(blank(), "stores") == [0, 0, 0, 0]
    assert score(blank()).seats[0].category("stores").items == ()


@pytest.mark.parametrize(
    ("good", "counts", "expected"),
    [
        # two tied for 1st share 1st + 2nd rounded down; the next player is 3rd
        ("books", (2, 2, 1, 0), lambda a, b, c: [(a + b) // 2, (a + b) // 2, c, 0]),
        ("gold", (2, 2, 1, 0), lambda a, b, c: [(a + b) // 2, (a + b) // 2, c, 0]),
        # three tied for 1st share all three places
        ("cloth", (1, 1, 1, 0), lambda a, b, c: [(a + b + c) // 3] * 3 + [0]),
        # two tied for 2nd share 2nd + 3rd
        ("books", (3, 1, 1, 0), lambda a, b, c: [a, (b + c) // 2, (b + c) // 2, 0]),
        # places beyond the table pay 0: four tied share 1st + 2nd + 3rd + nothing
        ("books", (1, 1, 1, 1), lambda a, b, c: [(a + b + c + 0) // 4] * 4),
        ("tools", (3, 2, 1, 1), lambda a, b, c: [a, b, (c + 0) // 2, (c + 0) // 2]),
    ],
)
def test_store_majority_ties(
    good: str, counts: tuple[int, ...], expected: Callable[[int, int, int], list[int]]
) -> None:
    # R16.5
    state = blank()
    for seat, n in enumerate(counts):
        state = add_stores(state, seat, STREET_OF[good], n)
    assert cat(state, "stores") == expected(*MAJORITY[good])


def test_store_ties_round_down() -> None:
    # R16.5: gold 1st + 2nd = 3 + 2 = 5, shared by two = 2 (rounded down)
    state = add_store(add_store(blank(), 0, STREET_OF["gold"]), 1, STREET_OF["gold"])
    assert cat(state, "stores")[:2] == [2, 2]


@pytest.mark.parametrize("good", GOODS)
def test_two_player_stores_pay_first_and_third(good: str) -> None:
    # R16.4.2: 2 players: 1st value, and 2nd place gets the 3rd-place value
    first, _second, third = MAJORITY[good]
    state = add_stores(blank(2), 0, STREET_OF[good], 2)
    state = add_stores(state, 1, STREET_OF[good], 1)
    assert cat(state, "stores") == [first, third]
    # R16.6: a 2-player tie for 1st shares (1st + 3rd) // 2
    tied = add_store(state, 1, STREET_OF[good])
    assert cat(tied, "stores") == [(first + third) // 2] * 2


# --- R16.3 step 4: money ------------------------------------------------------------------


def test_influence_icons_and_the_rulebook_example() -> None:
    # A17 / E13: the rulebook's example position gave 4 reis (spaces 7-8 with this board)
    assert cash_out(7) == cash_out(8) == 4
    assert cash_out(0) == 0  # nothing strictly below space 0


@pytest.mark.parametrize(
    ("reis", "influence"), [(0, 0), (4, 0), (5, 0), (1, 6), (1, 7), (0, 10), (13, 4), (2, 2)]
)
def test_money_is_reis_plus_cash_out_per_five(reis: int, influence: int) -> None:
    # R16.3.4: cash out influence (icons strictly below the marker, A17), 1 wig per full 5
    state = t.with_player(blank(), 0, reis=reis, influence=influence)
    assert cat(state, "money")[0] == (reis + cash_out(influence)) // 5
    assert score(state).seats[0].category("money").items == (("reis", reis + cash_out(influence)),)


def test_money_icon_on_the_marker_space_does_not_count() -> None:
    # A17: strictly below — an icon on the marker's own space is not cashed out
    icon = max(BOARD.influence_reis_icons)
    below = sum(1 for i in BOARD.influence_reis_icons if i < icon)
    reis = 4 - below  # 4 with the cash-out: the icon on the marker would make the 5th real
    on_icon = t.with_player(blank(), 0, reis=reis, influence=icon)
    above = t.with_player(blank(), 0, reis=reis, influence=icon + 1)
    assert cat(on_icon, "money")[0] == 0
    assert cat(above, "money")[0] == 1


def test_cash_out_does_not_move_the_marker() -> None:
    # R16.3.4 "marker not moved" / R16.8: influence decrees see the marker's value
    d = decree("D25")
    state = t.with_player(holding(d), 0, influence=7)
    assert decree_wigs(state, d) == d.score.wigs * (7 // d.score.every)
    assert cat(state, "money")[0] == cash_out(7) // 5


# --- R16.3 step 6 / R16.7: officials majority -------------------------------------------


@pytest.mark.parametrize("players", [4, 3])
def test_officials_majority_three_and_four_players(players: int) -> None:
    # R16.7: officials printed on completed plans; 15 / 10 / 5; no completed plan: nothing
    state = blank(players)
    state = t.with_player(state, 0, completed=(plan_with(5),))
    state = t.with_player(state, 1, completed=(plan_with(3),))
    if players == 4:
        state = t.with_player(state, 2, completed=(plan_with(2),))
        # seat 3 has an incomplete plan only, which counts for nothing
        state = t.with_player(state, 3, plans=(plan_with(6),))
        assert cat(state, "officials") == [15, 10, 5, 0]
    else:
        state = t.with_player(state, 2, plans=(plan_with(6),))
        assert cat(state, "officials") == [15, 10, 0]


def test_officials_majority_counts_every_completed_plan() -> None:
    # R16.7: the total of each player's completed plans: 2 + 2 beats 3
    two = plan_with(2)
    state = t.with_player(blank(), 0, completed=(two, plan_with(2, skip=(two,))))
    state = t.with_player(state, 1, completed=(plan_with(3),))
    assert cat(state, "officials") == [15, 10, 0, 0]
    assert score(state).seats[0].category("officials").items == (("officials", 4),)


def test_officials_majority_ties() -> None:
    # R16.5 applied to R16.7: two tied for 1st share (15 + 10) // 2, the next is 3rd (5)
    state = t.with_player(blank(), 0, completed=(plan_with(3),))
    state = t.with_player(state, 1, completed=(plan_with(3, skip=(plan_with(3),)),))
    state = t.with_player(state, 2, completed=(plan_with(2),))
    assert cat(state, "officials") == [(15 + 10) // 2, (15 + 10) // 2, 5, 0]


def test_two_player_officials() -> None:
    # R16.7: 2 players 15 / 5; R16.6: a tie for 1st shares (15 + 5) // 2 = 10
    state = t.with_player(blank(2), 0, completed=(plan_with(4),))
    state = t.with_player(state, 1, completed=(plan_with(2),))
    assert cat(state, "officials") == [15, 5]
    tied = t.with_player(state, 1, completed=(plan_with(4, skip=(plan_with(4),)),))
    assert cat(tied, "officials") == [10, 10]


# --- R16.3 step 7: royal favors -----------------------------------------------------------


def test_favors_score_two_each() -> None:
    # R16.3.7
    state = t.with_player(blank(), 0, favors=("manuel", "king"))
    state = t.with_player(state, 1, favors=("marquis",))
    assert cat(state, "favors") == [4, 2, 0, 0]


# --- the sheet as a whole (R16.3) ---------------------------------------------------------


def rich_state() -> State:
    d1, d2 = decree("D06"), decree("D16")
    state = t.with_player(
        blank(), 0, top=(ships(3)[0].id, None, None), rubble=(1, 2, 1), reis=7, influence=5,
        favors=("king",), decrees=(d1.id, d2.id), goods=(2, 1, 0, 3), wigs=17,
        completed=(plan_with(4),),
    )
    state = t.with_player(state, 1, wigs=9, completed=(plan_with(2),), reis=11)
    state = add_stores(state, 0, STREET_OF["cloth"], 2)
    return add_store(state, 1, STREET_OF["cloth"])


def test_categories_come_in_rule_order() -> None:
    # R16.3: ships, rubble, stores, money, decrees, officials, favors
    assert CATEGORIES == ("ships", "rubble", "stores", "money", "decrees", "officials", "favors")
    for seat in score(rich_state()).seats:
        assert tuple(c.name for c in seat.categories) == CATEGORIES


def test_the_sheet_adds_up() -> None:
    # R16.3: final scoring is added to the wig track
    state = rich_state()
    for seat, s in enumerate(score(state).seats):
        assert s.seat == seat
        assert s.wigs_so_far == state.players[seat].wigs
        assert s.total == s.wigs_so_far + sum(s.category(n).wigs for n in CATEGORIES)
        for c in s.categories:
            if c.name in ("ships", "stores", "decrees"):
                assert c.wigs == sum(w for _item, w in c.items)
    seat0 = score(state).seats[0]
    hull = ships(3)[0].hull
    expected = {
        "ships": hull, "rubble": 3, "stores": MAJORITY["cloth"][0],
        "money": (7 + cash_out(5)) // 5, "officials": 15, "favors": 2,
    }
    assert {n: seat0.category(n).wigs for n in expected} == expected
    assert seat0.total == 17 + sum(expected.values()) + seat0.category("decrees").wigs


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 1), (4, 7)])
def test_score_projects_a_fresh_game(players: int, seed: int) -> None:
    # the sheet of a game in progress is a projection (not final)
    state = t.first_turn(players=players, seed=seed)
    result = score(state)
    assert result.final is False
    assert len(result.seats) == players
    for seat, s in enumerate(result.seats):
        p = state.players[seat]
        assert s.total == p.wigs + sum(c.wigs for c in s.categories)
        assert s.category("favors").wigs == 2 * len(p.favors)  # R16.3.7
        assert s.category("money").wigs == (p.reis + cash_out(p.influence)) // 5  # R16.3.4
        assert s.category("officials").wigs == 0  # R16.7: nobody has completed a plan
    assert set(result.winners) <= set(range(players))
    assert score(t.with_state(state, pending=())).final is True


# --- R16.9 winner and tie-breakers --------------------------------------------------------


def test_most_wigs_wins_before_any_tie_breaker() -> None:
    # R16.9: most wigs first; seat 1's extra set does not matter
    state = t.with_player(blank(2), 0, wigs=10)
    state = t.with_player(state, 1, wigs=0, rubble=(1, 1, 1))
    assert totals(state)[0] > totals(state)[1]
    assert score(state).winners == (0,)


def test_tie_break_1_most_sets() -> None:
    # R16.9: sets first, even against more stores, plans and reis
    state = t.with_player(blank(2), 0, rubble=(1, 1, 1))
    state = add_stores(state, 1, STREET_OF["gold"], 2)
    state = t.with_player(state, 1, completed=free_plans(state, 2), reis=4)
    state = equalise(state)
    assert score(state).winners == (0,)


def test_tie_break_2_most_stores() -> None:
    # R16.9: sets equal -> stores (all types), even against more plans and reis
    state = t.with_player(blank(2), 0, rubble=(1, 1, 1))
    state = t.with_player(state, 1, rubble=(2, 1, 1))
    state = add_store(add_store(state, 0, STREET_OF["gold"]), 0, STREET_OF["tools"])
    state = add_store(state, 1, STREET_OF["books"])
    state = t.with_player(state, 1, completed=free_plans(state, 2), reis=4)
    state = equalise(state)
    assert score(state).winners == (0,)


def test_the_sheet_holds_the_tie_breakers_that_decide() -> None:
    # Issue 34.1 / R16.9: two seats tie on wigs; the sheet shows each seat's tie-breakers
    # in order, and they are what decides. Seat 0: 1 set (1 of each colour), 2 stores, no
    # plan, no reis; seat 1: 1 set (the extra stone makes no second), 1 store, 2 completed
    # plans, 4 reis and no influence (nothing cashed out, A34).
    state = t.with_player(blank(2), 0, rubble=(1, 1, 1))
    state = t.with_player(state, 1, rubble=(2, 1, 1))
    state = add_store(add_store(state, 0, STREET_OF["gold"]), 0, STREET_OF["tools"])
    state = add_store(state, 1, STREET_OF["books"])
    state = t.with_player(state, 1, completed=free_plans(state, 2), reis=4)
    state = equalise(state)
    sheet = score(state)
    assert sheet.tie_breaks == ("rubble sets", "stores", "completed plans",
                                "reis after cash-out")
    assert [s.tie_breaks for s in sheet.seats] == [(1, 2, 0, 0), (1, 1, 2, 4)]
    assert sheet.winners == (0,)  # sets equal, then the most stores
    table = itemised(sheet)  # what every front end shows
    assert table.tie_breaks == sheet.tie_breaks
    assert [s.tie_breaks for s in table.seats] == [(1, 2, 0, 0), (1, 1, 2, 4)]
    assert table.to_dict()["seats"][1]["tie_breaks"] == {
        "rubble sets": 1, "stores": 1, "completed plans": 2, "reis after cash-out": 4}


def test_tie_break_3_most_completed_plans() -> None:
    # R16.9: sets and stores equal -> completed plans (tiles), even against more reis
    state = add_store(add_store(blank(2), 0, "pink"), 1, "pink")
    two = plan_with(2)
    state = t.with_player(state, 0, completed=(two, plan_with(2, skip=(two,))))
    state = t.with_player(state, 1, completed=(plan_with(4),), reis=4)
    state = equalise(state)
    assert score(state).winners == (0,)


def test_tie_break_4_most_reis_after_cash_out() -> None:
    # R16.9 / A34: reis counted after the influence cash-out
    influence = next(i for i in range(BOARD.influence_max + 1) if cash_out(i) == 4)
    state = t.with_player(blank(2), 0, reis=0, influence=influence)
    state = t.with_player(state, 1, reis=3, influence=0)
    state = equalise(state)
    assert score(state).winners == (0,)
    poorer = equalise(t.with_player(state, 0, influence=0))
    assert score(poorer).winners == (1,)


def test_still_tied_the_victory_is_shared() -> None:
    # R16.9: still tied after every tie-breaker -> shared win
    state = blank(4)
    for seat in (0, 2):
        state = t.with_player(state, seat, rubble=(1, 1, 1), reis=3, wigs=2)
        state = add_store(state, seat, STREET_OF["gold"])
    state = t.with_player(state, 0, completed=(plan_with(2),))
    state = t.with_player(state, 2, completed=(plan_with(2, skip=(plan_with(2),)),))
    assert totals(state)[0] == totals(state)[2]
    assert score(state).winners == (0, 2)
    assert score(blank(3)).winners == (0, 1, 2)


# --- R17.6 decrees: every type D01-D30 changes the outcome ------------------------------


def test_d01_buildings_at_a_side() -> None:
    # R17.6.1: N per open building at the stated side, opened by anyone
    d = decree("D01")
    side = param(d, "side")
    here = [s.id for s in RULES.sites if s.side == side]
    there = next(s.id for s in RULES.sites if s.side != side)
    b = [x.id for x in RULES.buildings]
    base = t.with_state(holding(d), opened=((there, b[0], "blue"), (here[0], b[1], "green")))
    more = t.with_state(base, opened=(*base.opened, (here[1], b[2], "blue")))
    assert decree_wigs(base, d) == d.score.wigs * 1
    assert decree_wigs(more, d) == d.score.wigs * 2


def test_d02_buildings_of_an_architect() -> None:
    # R17.6.1: N per open building of the stated architect
    d = decree("D02")
    architect = param(d, "architect")
    other = next(a for a in ("blue", "green") if a != architect)
    site, building = RULES.sites[0].id, RULES.buildings[0].id
    wrong = t.with_state(holding(d), opened=((site, building, other),))
    right = t.with_state(holding(d), opened=((site, building, architect),))
    assert decree_wigs(wrong, d) == 0
    assert decree_wigs(right, d) == d.score.wigs


def test_d03_own_stores_at_a_location() -> None:
    # R17.6.2: 2 per OWN store at the stated location (a column in this catalogue)
    d = decree("D03")
    column = param(d, "column")
    assert d.score.wigs == 2
    theirs = add_store(holding(d), 1, column=column)
    mine = add_store(holding(d), 0, column=column)
    assert decree_wigs(theirs, d) == 0
    assert decree_wigs(mine, d) == 2
    assert decree_wigs(add_store(mine, 0, column=column), d) == 4


def test_d04_own_stores_facing_a_street() -> None:
    # R17.6.2: 2 per own store facing the stated street (the notch, not the land touched)
    d = decree("D04")
    street = str(param(d, "street"))
    land, other = two_street_land(street)
    facing_other = t.with_state(holding(d), stores=((land, 0, other),))
    facing = t.with_state(holding(d), stores=((land, 0, street),))
    assert decree_wigs(facing_other, d) == 0
    assert decree_wigs(facing, d) == 2 == d.score.wigs


def test_d05_a_store_of_every_type() -> None:
    # R17.6.2: 6 for at least one own store of every type
    d = decree("D05")
    assert d.score.wigs == 6
    streets = list(GOOD_OF)
    state = holding(d)
    for street in streets[:-1]:
        state = add_store(state, 0, street)
    land, other = two_street_land(streets[-1])
    missing = t.with_state(state, stores=(*state.stores, (land, 0, other)))
    complete = t.with_state(state, stores=(*state.stores, (land, 0, streets[-1])))
    assert decree_wigs(missing, d) == 0
    assert decree_wigs(complete, d) == 6


def test_d06_per_own_store() -> None:
    # R17.6.2: 1 per own store (others' stores do not count)
    d = decree("D06")
    state = add_store(add_store(holding(d), 0, "yellow"), 1, "pink")
    assert decree_wigs(state, d) == d.score.wigs * 1
    assert decree_wigs(add_store(state, 0, "blue"), d) == d.score.wigs * 2


def check_most(d: m.Decree, give: Callable[[State, int, int], State], players: int = 4) -> None:
    """A 'most' decree held by seat 0 (R17.6, ties ok; A39: needs at least 1)."""

    def case(mine: int, theirs: int) -> int:
        state = give(give(holding(d, players), 0, mine), 1, theirs)
        return decree_wigs(state, d)

    assert case(0, 0) == 0  # A39: best value 0 -> nobody scores
    assert case(1, 0) == d.score.wigs
    assert case(2, 2) == d.score.wigs  # ties ok
    assert case(2, 3) == 0  # someone has strictly more
    assert case(3, 2) == d.score.wigs


def test_d07_most_stores() -> None:
    # R17.6.2: 5 for most own stores on the whole map (ties ok)
    d = decree("D07")
    check_most(d, lambda s, seat, n: add_stores(s, seat, list(GOOD_OF)[seat], n))


def test_d08_most_stores_facing_a_street() -> None:
    # R17.6.2: 5 for most own stores facing the stated street (ties ok)
    d = decree("D08")
    street = str(param(d, "street"))
    check_most(d, lambda s, seat, n: add_stores(s, seat, street, n))
    # stores facing another street do not count for the rival
    other = next(x for x in GOOD_OF if x != street)
    state = add_stores(add_store(holding(d), 0, street), 1, other, 3)
    assert decree_wigs(state, d) == d.score.wigs


def test_d09_most_stores_in_a_row() -> None:
    # R17.6.2: 5 for most own stores in the stated row (ties ok)
    d = decree("D09")
    row = param(d, "row")
    check_most(d, lambda s, seat, n: add_stores(s, seat, None, n, row=row))


def test_d10_any_stores_facing_a_street() -> None:
    # R17.6.2: 1 per store of ANY player facing the stated street
    d = decree("D10")
    street = str(param(d, "street"))
    land, other = two_street_land(street)
    base = add_store(holding(d), 0, street)
    facing_other = t.with_state(base, stores=(*base.stores, (land, 1, other)))
    facing = t.with_state(base, stores=(*base.stores, (land, 1, street)))
    assert decree_wigs(facing_other, d) == d.score.wigs * 1
    assert decree_wigs(facing, d) == d.score.wigs * 2


def test_d11_any_stores_in_a_row() -> None:
    # R17.6.2: 1 per store of any player in the stated row
    d = decree("D11")
    row = param(d, "row")
    elsewhere = next(r for r in "ABCDE" if r != row)
    base = add_store(holding(d), 0, row=row)
    assert decree_wigs(add_store(base, 2, row=elsewhere), d) == d.score.wigs * 1
    assert decree_wigs(add_store(base, 2, row=row), d) == d.score.wigs * 2


def test_d12_rubble_of_a_colour() -> None:
    # R17.6.3: 1 per own cube of the stated colour (cubes in sets included)
    d = decree("D12")
    i = RUBBLE.index(str(param(d, "colour")))
    j = (i + 1) % 3
    base = t.with_player(holding(d), 0, rubble=(1, 1, 1))
    other_colour = t.with_player(base, 0, rubble=tuple(2 if k == j else 1 for k in range(3)))
    this_colour = t.with_player(base, 0, rubble=tuple(2 if k == i else 1 for k in range(3)))
    assert decree_wigs(other_colour, d) == d.score.wigs * 1
    assert decree_wigs(this_colour, d) == d.score.wigs * 2


def test_d13_most_rubble() -> None:
    # R17.6.3: 5 for most cubes (ties ok), all colours counted
    d = decree("D13")
    check_most(d, lambda s, seat, n: t.with_player(s, seat, rubble=(n // 2, n - n // 2, 0)))


def test_d14_most_of_a_good() -> None:
    # R17.6.4: 5 for most of the stated good in the warehouse (ties ok)
    d = decree("D14")
    i = GOODS.index(d.score.quantity.subject)
    check_most(
        d, lambda s, seat, n: t.with_player(s, seat, goods=tuple(n if k == i else 0 for k in range(4)))
    )


def test_d15_every_good() -> None:
    # R17.6.4: 5 for at least one of every good
    d = decree("D15")
    lacking = t.with_player(holding(d), 0, goods=(3, 1, 1, 0))
    every = t.with_player(holding(d), 0, goods=(2, 1, 1, 1))
    assert decree_wigs(lacking, d) == 0
    assert decree_wigs(every, d) == d.score.wigs == 5


def test_d16_per_good_of_a_type() -> None:
    # R17.6.4: 1 per stated good held
    d = decree("D16")
    i = GOODS.index(d.score.quantity.subject)
    base = t.with_player(holding(d), 0, goods=tuple(2 for _ in range(4)))
    other = t.with_player(base, 0, goods=tuple(3 if k == (i + 1) % 4 else 2 for k in range(4)))
    more = t.with_player(base, 0, goods=tuple(3 if k == i else 2 for k in range(4)))
    assert decree_wigs(base, d) == decree_wigs(other, d) == d.score.wigs * 2
    assert decree_wigs(more, d) == d.score.wigs * 3


def test_d17_per_completed_plan() -> None:
    # R17.6.5: N per completed plan (incomplete plans do not count)
    d = decree("D17")
    a, b = free_plans(blank(), 2)
    base = t.with_player(holding(d), 0, completed=(a,), plans=(b,))
    more = t.with_player(holding(d), 0, completed=(a, b))
    assert decree_wigs(base, d) == d.score.wigs * 1
    assert decree_wigs(more, d) == d.score.wigs * 2


def test_d18_per_completed_plan_of_an_architect() -> None:
    # R17.6.5: N per completed plan of the stated architect
    d = decree("D18")
    architect = str(param(d, "architect"))
    other = next(a for a in ("blue", "green") if a != architect)
    wrong = t.with_player(holding(d), 0, completed=free_plans(blank(), 1, other))
    right = t.with_player(holding(d), 0, completed=free_plans(blank(), 1, architect))
    assert decree_wigs(wrong, d) == 0
    assert decree_wigs(right, d) == d.score.wigs


def test_d19_most_completed_plans() -> None:
    # R17.6.5: 5 for most completed plans (ties ok)
    d = decree("D19")
    check_most(d, lambda s, seat, n: t.with_player(s, seat, completed=free_plans(s, n)))


def test_d20_most_completed_plans_of_an_architect() -> None:
    # R17.6.5: 5 for most completed plans of the stated architect (ties ok)
    d = decree("D20")
    architect = str(param(d, "architect"))
    check_most(
        d, lambda s, seat, n: t.with_player(s, seat, completed=free_plans(s, n, architect))
    )
    other = next(a for a in ("blue", "green") if a != architect)
    state = t.with_player(holding(d), 0, completed=free_plans(blank(), 1, architect))
    state = t.with_player(state, 1, completed=free_plans(state, 3, other))
    assert decree_wigs(state, d) == d.score.wigs  # the rival's other-architect plans do not count


def test_d21_per_two_plan_officials() -> None:
    # R17.6.5: 1 per 2 officials on completed plans, rounded down
    d = decree("D21")
    assert (d.score.wigs, d.score.every) == (1, 2)
    three = t.with_player(holding(d), 0, completed=(plan_with(3),))
    four = t.with_player(holding(d), 0, completed=(plan_with(4),))
    assert decree_wigs(three, d) == 3 // 2
    assert decree_wigs(four, d) == 4 // 2


def test_d22_most_plan_officials() -> None:
    # R17.6.5: 5 for most officials on completed plans (ties ok)
    d = decree("D22")

    def give(state: State, seat: int, n: int) -> State:
        if n == 0:
            return state
        skip = tuple(p for player in state.players for p in player.completed)
        return t.with_player(state, seat, completed=(plan_with(n, skip=skip),))

    # plans show at least 2 officials: shift the scale by one (0, 2, 3, 4 officials)
    check_most(d, lambda s, seat, n: give(s, seat, n + 1 if n else 0))


def test_d23_most_decrees_this_one_included() -> None:
    # R17.6.6: 5 for most decrees, this card included (ties ok)
    d = decree("D23")
    others = [x.id for x in RULES.decrees if x.id != d.id]

    def give(state: State, seat: int, n: int) -> State:
        if seat == 0:  # seat 0 always holds d; n counts it
            return t.with_player(state, 0, decrees=(d.id, *others[: max(n - 1, 0)]))
        return t.with_player(state, seat, decrees=tuple(others[10 : 10 + n]))

    # the holder always has at least this card, so it scores alone and ties at 1
    assert decree_wigs(holding(d), d) == d.score.wigs
    tie = give(give(holding(d), 0, 2), 1, 2)
    behind = give(give(holding(d), 0, 2), 1, 3)
    assert decree_wigs(tie, d) == d.score.wigs
    assert decree_wigs(behind, d) == 0


def test_d24_per_decree_this_one_included() -> None:
    # R17.6.6: 1 per decree, this one included
    d = decree("D24")
    other = next(x.id for x in RULES.decrees if x.id != d.id)
    assert decree_wigs(holding(d), d) == d.score.wigs * 1
    assert decree_wigs(t.with_player(holding(d), 0, decrees=(d.id, other)), d) == d.score.wigs * 2


def test_d25_per_two_influence() -> None:
    # R17.6.7: 1 per 2 influence (marker position), rounded down
    d = decree("D25")
    assert (d.score.wigs, d.score.every) == (1, 2)
    assert decree_wigs(t.with_player(holding(d), 0, influence=5), d) == 5 // 2
    assert decree_wigs(t.with_player(holding(d), 0, influence=6), d) == 6 // 2


def test_d26_most_influence() -> None:
    # R17.6.7: 5 for most influence (ties ok)
    d = decree("D26")
    check_most(d, lambda s, seat, n: t.with_player(s, seat, influence=n))


def test_d27_per_two_influence_power() -> None:
    # R17.6.7: 1 per 2 influence shown on the top-row cards (ships included, C.2 notes)
    d = decree("D27")
    assert (d.score.wigs, d.score.every) == (1, 2)
    card, ship = noble(3), ships(2)[0]
    one = t.with_player(holding(d), 0, top=(card.id, None, None))
    two = t.with_player(holding(d), 0, top=(card.id, ship.id, None))
    assert decree_wigs(one, d) == card.influence // 2
    assert decree_wigs(two, d) == (card.influence + ship.influence) // 2
    # C.2 notes: the C28-type ship-influence bonus counts
    bonus = tile_with("ship-influence", 2)
    boosted = t.with_player(two, 0, clergy=(bonus.id,))
    assert decree_wigs(boosted, d) == (card.influence + ship.influence + 2) // 2


def test_d28_per_portfolio_card() -> None:
    # R17.6.7: 1 per card in the portfolio, top and bottom rows, ships included
    d = decree("D28")
    treasury = next(c for c in RULES.political if c.is_treasury)
    top = t.with_player(holding(d), 0, top=(ships(1)[0].id, noble(2).id, None))
    both = t.with_player(top, 0, bottom=(treasury.id, None, None))
    assert decree_wigs(top, d) == d.score.wigs * 2
    assert decree_wigs(both, d) == d.score.wigs * 3


def test_d29_most_reis_after_cash_out() -> None:
    # R17.6.8 / R16.8: 5 for most reis after the influence cash-out (ties ok)
    d = decree("D29")
    check_most(d, lambda s, seat, n: t.with_player(s, seat, reis=n))
    three = next(i for i in range(BOARD.influence_max + 1) if cash_out(i) == 3)
    four = next(i for i in range(BOARD.influence_max + 1) if cash_out(i) == 4)
    base = t.with_player(holding(d), 0, reis=3, influence=0)
    tied = t.with_player(base, 1, reis=0, influence=three)
    beaten = t.with_player(base, 1, reis=0, influence=four)
    assert decree_wigs(tied, d) == d.score.wigs
    assert decree_wigs(beaten, d) == 0


def test_d30_per_ship() -> None:
    # R17.6.9: 2 per ship card in the portfolio (noble cards do not count)
    d = decree("D30")
    assert d.score.wigs == 2
    a, b = ships(1)[0], ships(3)[0]
    one = t.with_player(holding(d), 0, top=(a.id, noble(2).id, None))
    two = t.with_player(holding(d), 0, top=(a.id, noble(2).id, b.id))
    assert decree_wigs(one, d) == 2
    assert decree_wigs(two, d) == 4


def test_only_the_owner_scores_a_decree() -> None:
    # R17.6: only the owner scores; a decree adds to its owner's decrees category and total
    d = decree("D06")
    state = add_stores(holding(d), 1, "yellow", 3)
    assert cat(state, "decrees") == [0, 0, 0, 0]
    with_own = add_stores(state, 0, "pink", 2)
    assert cat(with_own, "decrees")[0] == 2 * d.score.wigs
    assert score(with_own).seats[0].category("decrees").items == ((d.id, 2 * d.score.wigs),)


# --- R17.2 end-game clergy tiles ----------------------------------------------------------


def test_ship_score_tile_adds_two_per_ship() -> None:
    # R17.2.4 / A35: +2 per ship at final scoring (noble cards are no ships)
    tile = tile_with("ship-score", 2)
    a, b = ships(2)[0], ships(4)[0]
    state = t.with_player(blank(), 0, top=(a.id, b.id, noble(3).id))
    held = t.with_player(state, 0, clergy=(tile.id,))
    assert cat(state, "ships")[0] == a.hull + b.hull
    assert cat(held, "ships")[0] == a.hull + b.hull + 2 * 2
    assert totals(held)[0] - totals(state)[0] == 4


def test_set_wigs_tile_adds_one_per_set() -> None:
    # R17.2.10: +1 wig per completed rubble set at game end
    tile = tile_with("set-wigs", 1)
    state = t.with_player(blank(), 0, rubble=(2, 2, 3))
    held = t.with_player(state, 0, clergy=(tile.id,))
    assert cat(state, "rubble")[0] == 2 * 3
    assert cat(held, "rubble")[0] == 2 * (3 + 1)
    assert cat(t.with_player(held, 0, rubble=(0, 4, 4)), "rubble")[0] == 0  # no set, nothing


def test_plan_officials_tile_adds_one_per_completed_plan() -> None:
    # R17.2.11 / A36: +1 official per completed plan for R16.7; it overturns the majority
    tile = tile_with("plan-officials", 1)
    two = plan_with(2)
    state = t.with_player(blank(), 0, completed=(two, plan_with(2, skip=(two,))))  # 4
    state = t.with_player(state, 1, completed=(plan_with(5),))  # 5
    assert cat(state, "officials") == [10, 15, 0, 0]
    held = t.with_player(state, 0, clergy=(tile.id,))  # 4 + 2 = 6
    assert cat(held, "officials") == [15, 10, 0, 0]
    assert score(held).seats[0].category("officials").items == (("officials", 6),)
    # C.2 notes: C35-type tiles also count for the plan-officials decrees (D21)
    d = decree("D21")
    with_decree = t.with_player(held, 0, decrees=(d.id,))
    assert decree_wigs(with_decree, d) == 6 // 2
    # alone, without any completed plan, it adds nothing and takes no place (R16.7)
    alone = t.with_player(blank(), 0, clergy=(tile.id,))
    assert cat(alone, "officials") == [0, 0, 0, 0]


@pytest.mark.parametrize("architect", ["blue", "green"])
def test_completed_plan_tile_counts_for_decrees(architect: str) -> None:
    # R17.2.11: the tile counts as a completed plan of its architect for decrees
    tile = tile_with("completed-plans", 1, architect=architect)
    per = next(
        d for d in RULES.decrees
        if decree_type(d) == "D18" and param(d, "architect") == architect
    )
    most = next(
        d for d in RULES.decrees
        if decree_type(d) == "D20" and param(d, "architect") == architect
    )
    every = decree("D17")
    state = t.with_player(blank(), 0, decrees=(per.id, most.id, every.id))
    state = t.with_player(state, 1, completed=free_plans(blank(), 1, architect))
    held = t.with_player(state, 0, clergy=(tile.id,))
    assert [decree_wigs(state, d) for d in (per, most, every)] == [0, 0, 0]
    assert [decree_wigs(held, d) for d in (per, most, every)] == [
        per.score.wigs, most.score.wigs, every.score.wigs,  # most: tied at 1, ties ok
    ]
    assert totals(held)[0] - totals(state)[0] == per.score.wigs + most.score.wigs + every.score.wigs


@pytest.mark.parametrize("architect", ["blue", "green"])
def test_completed_plan_tile_alone_takes_no_officials_place(architect: str) -> None:
    # R17.2.11: the tile adds 0 officials and alone earns no place in the officials majority
    tile = tile_with("completed-plans", 1, architect=architect)
    state = t.with_player(blank(), 0, clergy=(tile.id,))
    state = t.with_player(state, 1, completed=(plan_with(2),))
    state = t.with_player(state, 2, completed=(plan_with(3),))
    assert cat(state, "officials") == [0, 10, 15, 0]
    # with a real plan too, the tile still adds no officials
    both = t.with_player(state, 0, completed=(plan_with(4),))
    assert score(both).seats[0].category("officials").items == (("officials", 4),)


@pytest.mark.parametrize("architect", ["blue", "green"])
def test_completed_plan_tile_counts_for_the_plans_tie_breaker(architect: str) -> None:
    # R17.2.11: the tile counts as a completed plan "for decrees and tie-breaks" (R16.9 step 3)
    tile = tile_with("completed-plans", 1, architect=architect)
    two = plan_with(2)
    state = t.with_player(blank(2), 0, completed=(two,), clergy=(tile.id,))
    state = t.with_player(state, 1, completed=(plan_with(2, skip=(two,)),))
    state = equalise(state)
    assert cat(state, "officials") == [10, 10]  # the tile adds no officials: a tie
    assert score(state).winners == (0,)
