"""The captain phase (PR9): loading, VP, harbor (PR13.11), wharf (PR13.12), storage with
the warehouses (PR9.6, PR13.4, PR13.8) and emptying the ships (PR9.7)."""

from __future__ import annotations

from lisboa_core.core.replace import replace
from lisboa_core.games.puerto_rico.state import State
from puerto_rico_scenarios import GOODS, blank, fresh, good, moves, play, seat, ships, top

ANNA, BENNO, CLARA, DONNI = range(4)


def _pr18_4() -> State:
    """PR18.4.1: four players, Anna the captain; 5-ship empty, 6-ship 3 corn, 7-ship empty."""
    state = blank(fresh(4, governor=ANNA))
    state = ships(state, (None, 0), ("corn", 3), (None, 0))
    state = seat(state, ANNA, goods={"corn": 2, "sugar": 6})
    state = seat(state, BENNO, goods={"sugar": 2, "tobacco": 3})
    state = seat(state, CLARA, goods={"corn": 2, "tobacco": 1})
    return seat(state, DONNI, goods={"corn": 1, "indigo": 5})


def test_pr18_4_the_seeds_captain_phase() -> None:
    """PR18.4.2-PR18.4.10 replayed move by move: PR9.2.1 compulsory loading, PR9.4.2 a kind
    only on its ship, PR9.4.5 the ship taking the most, PR9.3.2 the captain's single bonus,
    PR9.1.4 the end of loading, PR9.6.2 storage, PR9.7.1 emptying the full ships; PR9.1.1-
    PR9.1.2 PR9.1.3 turns round the table again and again, one kind per load; PR9.2.2 the kind is
    free; PR9.4.4 where each kind may go; PR9.6.1 storage after the loading. Where the seed
    says Clara and Donni "sell", they load (PR19.1.13): the moves below are loads."""
    state = play(_pr18_4(), "role captain")
    assert state.to_act == ANNA
    assert moves(state) == {"load corn ship6", "load sugar ship7"}  # PR18.4.2: not the 5-ship
    state = play(state, "load sugar ship7")
    assert state.players[ANNA].vp == 7
    assert state.to_act == BENNO
    assert moves(state) == {"load sugar ship7", "load tobacco ship5"}  # PR18.4.3
    state = play(state, "load sugar ship7")
    assert state.players[BENNO].vp == 1 and good(state, BENNO, "sugar") == 1
    assert moves(state) == {"load corn ship6", "load tobacco ship5"}  # PR18.4.4
    state = play(state, "load tobacco ship5")
    assert moves(state) == {"load corn ship6"}  # PR18.4.5: no pass, indigo has no ship
    state = play(state, "load corn ship6")
    assert moves(state) == {"load corn ship6"}  # PR18.4.6
    state = play(state, "load corn ship6")
    assert state.players[ANNA].vp == 9  # 2, no second privilege
    assert moves(state) == {"load tobacco ship5"}  # PR18.4.7
    state = play(state, "load tobacco ship5")
    # PR18.4.8: nobody can load any more; PR18.4.9 storage needs no choice (one kind each)
    assert top(state) == "choose-role" and state.to_act == BENNO
    assert [p.vp for p in state.players] == [9, 4, 1, 1]
    assert state.vp_supply == 100 - 15
    assert sum(state.players[ANNA].goods) == 0
    assert state.players[BENNO].goods == (0, 0, 1, 0, 0)
    assert state.players[CLARA].goods == (1, 0, 0, 0, 0)
    assert state.players[DONNI].goods == (0, 1, 0, 0, 0)
    # PR18.4.10: the full 6- and 7-ships emptied, the 5-ship keeps 4 tobacco (PR9.5.1)
    assert state.ship_goods == (GOODS.index("tobacco"), -1, -1)
    assert state.ship_loads == (4, 0, 0)


def test_pr9_4_5_equal_amounts_leave_the_choice_of_empty_ship() -> None:
    """PR9.4.5: holding no more than the smallest ship takes, any empty ship may be
    chosen; PR9.4.3 a full ship takes nothing; PR9.4.1 one kind per ship."""
    state = blank(fresh(4, governor=0))
    state = ships(state, (None, 0), (None, 0), ("indigo", 7))
    state = seat(state, 0, goods={"coffee": 3, "indigo": 2})
    state = play(state, "role captain")
    assert moves(state) == {"load coffee ship5", "load coffee ship6"}


def test_pr9_2_3_the_largest_amount_is_loaded() -> None:
    """PR9.2.3: the player may not keep back goods while the ship has room; PR9.3.1 1 VP
    per good; PR9.3.2 +1 for the captain's first load; PR9.3.4 only the value of the chips
    counts (a number per seat)."""
    state = blank(fresh(4, governor=0))
    state = ships(state, ("corn", 3), (None, 0), (None, 0))
    state = seat(state, 0, goods={"corn": 4})
    state = play(state, "role captain", "load corn ship5")
    assert state.players[0].vp == 3
    # 2 corn were left after the load; storage then keeps 1 of them (PR9.6.2)
    assert good(state, 0, "corn") == 1


def test_pr18_9_harbor_and_wharf() -> None:
    """PR18.9: harbor + wharf, not the captain: 3 tobacco onto the tobacco ship (4 VP), 2
    sugar onto the sugar ship (3 VP), then the wharf for the last 2 tobacco (3 VP): 10 VP,
    3 from the harbor (PR13.11.1, PR13.12.1, PR13.12.4; PR18.9.1 PR18.9.2 PR18.9.3 PR18.9.4
    PR18.9.5; PR9.3.3)."""
    state = blank(fresh(4, governor=0))
    state = ships(state, ("tobacco", 2), ("sugar", 1), (None, 0))
    state = seat(state, 1, goods={"tobacco": 5, "sugar": 2}, city={"Harbor": 1, "Wharf": 1})
    supply = state.goods_supply
    state = play(state, "role captain")  # seat 0 has nothing: passes
    assert state.to_act == 1
    assert moves(state) == {"load tobacco ship5", "load sugar ship6", "wharf tobacco",
                            "wharf sugar"}
    state = play(state, "load tobacco ship5")
    assert state.players[1].vp == 4
    state = play(state, "load sugar ship6")
    assert state.players[1].vp == 7
    assert moves(state) == {"wharf tobacco", "pass"}
    state = play(state, "wharf tobacco")
    assert state.players[1].vp == 10
    assert sum(state.players[1].goods) == 0
    # the full tobacco ship (5) went back too; the wharf's 2 tobacco went to the supply
    assert state.goods_supply[GOODS.index("tobacco")] == supply[GOODS.index("tobacco")] + 2 + 5


def test_pr18_10_the_wharf_first_keeps_the_ship_from_filling() -> None:
    """PR18.10.1: the wharf for all 5 tobacco: 5 + 1 harbor = 6 VP; the tobacco ship is not
    full and keeps its goods (PR13.12.6); PR13.12.3 the wharf only once per phase."""
    state = blank(fresh(4, governor=0))
    state = ships(state, ("tobacco", 2), ("sugar", 1), (None, 0))
    state = seat(state, 1, goods={"tobacco": 5, "sugar": 2}, city={"Harbor": 1, "Wharf": 1})
    state = play(state, "role captain", "wharf tobacco")
    assert state.players[1].vp == 6
    assert moves(state) == {"load sugar ship6"}  # no second wharf use, loading compulsory
    state = play(state, "load sugar ship6")
    assert state.ship_loads == (2, 3, 0)


def test_pr13_12_5_wharf_load_is_the_captains_first_load() -> None:
    """PR13.12.5/PR19.1.5: a wharf load counts for the captain's privilege."""
    state = blank(fresh(4, governor=0))
    state = seat(state, 0, goods={"coffee": 2}, city={"Wharf": 1})
    state = play(state, "role captain", "wharf coffee")
    assert state.players[0].vp == 3


def test_pr9_1_4_declining_the_wharf_is_a_pass() -> None:
    """PR9.1.4/PR19.1.10: a player who could only use his wharf may pass; loading stops after
    N passes in a row, then storage (one good kept, PR9.6.2)."""
    state = blank(fresh(4, governor=0))
    state = ships(state, ("coffee", 5), ("corn", 6), ("indigo", 7))
    state = seat(state, 0, goods={"coffee": 3}, city={"Wharf": 1})
    state = play(state, "role captain")
    assert moves(state) == {"wharf coffee", "pass"}
    state = play(state, "pass")
    assert top(state) == "choose-role" and good(state, 0, "coffee") == 1


def test_pr9_3_5_vp_beyond_the_supply_are_noted_and_end_the_game() -> None:
    """PR9.3.5/PR15.1.3/PR1.2.4: VP are awarded in full past the supply, and the end
    condition is met; the round is played to its end (PR15.2.1)."""
    state = replace(blank(fresh(4, governor=0)), vp_supply=3)
    state = seat(state, 0, goods={"corn": 5})
    state = play(state, "role captain", "load corn ship5")
    assert state.players[0].vp == 6 and state.vp_supply == -3
    assert state.end_reasons == ("vp-out",)
    assert top(state) == "choose-role"


def test_pr9_6_2_one_good_kept_by_choice() -> None:
    """PR9.6.2/PR9.6.4/PR9.6.5: with several kinds left the player chooses his single good;
    the rest go back (PR19.1.3: the player chooses)."""
    state = blank(fresh(4, governor=0))
    state = ships(state, ("corn", 5), ("indigo", 6), ("sugar", 7))
    state = seat(state, 1, goods={"corn": 2, "indigo": 1, "sugar": 3})
    supply = state.goods_supply
    state = play(state, "role captain")
    assert top(state) == "store" and state.to_act == 1
    assert moves(state) == {"keep corn", "keep indigo", "keep sugar"}
    state = play(state, "keep indigo")
    assert state.players[1].goods == (0, 1, 0, 0, 0)
    # returned: 2 corn and 3 sugar, plus the three full ships (5 corn, 6 indigo, 7 sugar)
    assert state.goods_supply == (supply[0] + 2 + 5, supply[1] + 6, supply[2] + 3 + 7,
                                  supply[3], supply[4])


def test_pr18_18_small_warehouse() -> None:
    """PR18.18.1: 1 corn, 2 indigo, 4 tobacco and a small warehouse: all tobacco and 1
    indigo kept, 1 corn and 1 indigo returned (PR13.4.1)."""
    state = blank(fresh(4, governor=0))
    state = ships(state, ("corn", 5), ("indigo", 6), ("tobacco", 7))
    state = seat(state, 1, goods={"corn": 1, "indigo": 2, "tobacco": 4},
                 city={"SmallWarehouse": 1})
    state = play(state, "role captain")
    assert top(state) == "store"
    state = play(state, "store tobacco", "keep indigo")
    assert state.players[1].goods == (0, 1, 0, 4, 0)


def test_pr18_8_2_both_warehouses_keep_three_kinds_and_a_single_good() -> None:
    """PR18.8.2/PR13.8.2: small and large warehouse: all goods of three kinds and one good of
    a fourth."""
    state = blank(fresh(4, governor=0))
    state = ships(state, ("corn", 5), ("indigo", 6), ("sugar", 7))
    state = seat(state, 1, goods={"corn": 3, "indigo": 2, "sugar": 4, "tobacco": 2,
                                  "coffee": 5},
                 city={"SmallWarehouse": 1, "LargeWarehouse": 1})
    state = play(state, "role captain")
    state = play(state, "store coffee", "store sugar", "store corn", "keep tobacco")
    assert state.players[1].goods == (3, 0, 4, 1, 5)


def test_pr9_6_3_an_unoccupied_warehouse_keeps_nothing_extra() -> None:
    """PR0.1.7/PR9.6.3: only an occupied warehouse counts; one kind left: its single good
    is kept without a decision."""
    state = blank(fresh(4, governor=0))
    state = ships(state, ("corn", 5), ("indigo", 6), ("sugar", 7))
    state = seat(state, 1, goods={"coffee": 4}, city={"SmallWarehouse": 0})
    state = play(state, "role captain")
    assert good(state, 1, "coffee") == 1


def test_pr9_4_6_wharf_goods_do_not_block_the_cargo_ships() -> None:
    """PR9.4.6: after a wharf load of coffee, coffee may still go onto an empty cargo ship."""
    state = blank(fresh(4, governor=0))
    state = seat(state, 0, goods={"coffee": 2}, city={"Wharf": 1})
    state = seat(state, 1, goods={"coffee": 2})
    state = play(state, "role captain", "wharf coffee")
    assert moves(state) == {"load coffee ship5", "load coffee ship6", "load coffee ship7"}


def test_pr9_2_4_a_warehouse_does_not_excuse_loading() -> None:
    """PR9.2.4/PR13.4.2: with a small warehouse a load is still compulsory (no pass)."""
    state = blank(fresh(4, governor=0))
    state = seat(state, 1, goods={"coffee": 3}, city={"SmallWarehouse": 1})
    state = play(state, "role captain")
    assert state.to_act == 1 and "pass" not in moves(state)


def test_pr13_12_2_the_wharf_takes_all_goods_of_any_kind_chosen() -> None:
    """PR13.12.2: all goods of the chosen kind, not necessarily the largest; PR9.3.3 and
    PR13.11.1 a harbor adds 1 to the load; PR9.1.3 one kind per turn."""
    state = blank(fresh(4, governor=0))
    state = ships(state, ("corn", 5), ("coffee", 6), ("sugar", 7))  # every ship full
    state = seat(state, 1, goods={"indigo": 2, "tobacco": 5}, city={"Wharf": 1, "Harbor": 1})
    state = play(state, "role captain")
    assert moves(state) == {"wharf indigo", "wharf tobacco", "pass"}
    state = play(state, "wharf indigo")
    assert state.players[1].vp == 2 + 1
    assert good(state, 1, "indigo") == 0
    assert good(state, 1, "tobacco") == 1  # PR9.6.2: one single good kept at the end


def test_pr13_8_1_large_warehouse_keeps_two_kinds_and_a_single_good() -> None:
    """PR13.8.1: all goods of two kinds of his choice, plus one good (PR9.6.2, PR9.6.5)."""
    state = blank(fresh(4, governor=0))
    state = ships(state, ("corn", 5), ("coffee", 6), ("sugar", 7))
    state = seat(state, 1, goods={"corn": 3, "indigo": 2, "tobacco": 4},
                 city={"LargeWarehouse": 1})
    state = play(state, "role captain")
    assert moves(state) == {"store corn", "store indigo", "store tobacco"}
    state = play(state, "store tobacco", "store indigo")
    assert top(state) == "choose-role"  # 3 corn left, one kind: 1 kept without a choice
    assert state.players[1].goods == (1, 2, 0, 4, 0)


def test_pr9_6_6_storage_only_at_the_end_of_a_captain_phase() -> None:
    """PR9.6.6-PR9.6.7: outside the captain phase any number of goods may be held."""
    state = blank(fresh(4, governor=0))
    state = seat(state, 1, goods={"corn": 5, "indigo": 4}, island={"corn": (2, 2)})
    state = play(state, "role craftsman")
    assert state.players[1].goods[:2] == (7, 4)
