"""A Tiletum turn and the five actions (docs/games/tiletum/rules.md TL0, TL6-TL13): each
test builds a position and checks the engine against the rules reference."""

from __future__ import annotations

import pytest

from lisboa_core import chance_outcomes, legal_moves
from lisboa_core.core.frame import Frame
from lisboa_core.errors import IllegalMoveError
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.rules.ops import ahead_order
from lisboa_core.games.tiletum.state import State
from tiletum_scenarios import action, ap_left, at, fresh, king_at, play, res, seat

RULES = load_rules()
POST = {p.id: i for i, p in enumerate(RULES.posts)}
TOWN = {t.id: i for i, t in enumerate(RULES.towns)}


def _moves(state: State) -> set[str]:
    return {str(m) for m in legal_moves(state)}


def _dice(**areas: str) -> State:
    """A 4-player state, wheel 0, no area bonus tiles, seat 0's turn, the given dice
    (``AR2="DP2"``) in the areas."""
    dice = tuple(tuple(areas[f"AR{a + 1}"].split()) if f"AR{a + 1}" in areas else ()
                 for a in range(6))
    state = fresh().replaced({"wheel": 0, "area_bonus": ("",) * 6, "area_dice": dice})
    return at(state, Frame("turn", 0))


def test_tl6_1_a_turn_in_order() -> None:
    """TL6.1 / TL14.1: duties before the die (a), the die (b), its resources (d), the
    action (e) with duties mixed in, duties after (f), the turn declared ended (g)."""
    state = seat(_dice(AR5="DW3"), 0, {"gold": 4})
    state = play(state, "trade stone")  # (a)
    assert state.pending[-1].kind == "turn" and res(state, 0, "stone") == 1
    state = play(state, "take AR5 DW3")  # (b)-(d)
    assert res(state, 0, "wool") == 3 and ap_left(state) == 4
    state = play(state, "advance", "trade iron", "advance", "done")  # (e)
    assert res(state, 0, "iron") == 1 and state.pending[-1].kind == "turn-end"
    assert "trade food" not in _moves(state) and "end" in _moves(state)  # no gold left
    state = play(state, "end")
    assert not state.pending


def test_tl6_2_a_die_must_be_taken() -> None:
    """TL6.2: the turn offers no way around taking a die (only duties or a die)."""
    assert {m.split()[0] for m in _moves(_dice(AR1="DY1", AR3="DG4"))} <= {
        "take", "trade", "fulfil", "coat", "contribute", "assist"}
    assert {"take AR1 DY1", "take AR3 DG4"} <= _moves(_dice(AR1="DY1", AR3="DG4"))


def test_tl6_3_dice_fill_the_die_spaces_left_to_right() -> None:
    """TL6.3: the die goes to the leftmost empty die space and stays there."""
    state = seat(_dice(AR2="DB4"), 0, dice=("DY1",))
    state = play(state, "take AR2 DB4")
    assert state.players[0].dice == ("DY1", "DB4") and state.area_dice[1] == ()


@pytest.mark.parametrize(("die", "resource"), [("DY2", "gold"), ("DP3", "food"),
                                               ("DW4", "wool"), ("DG5", "stone"),
                                               ("DB6", "iron")])
def test_tl6_5_resources_of_the_die_colour(die: str, resource: str) -> None:
    """TL6.5 / TL1.3: as many resources of the die's colour as its value."""
    state = seat(_dice(AR5=die), 0, {})
    state = play(state, f"take AR5 {die}")
    assert res(state, 0, resource) == int(die[2]) and sum(state.players[0].resources) == int(
        die[2])


def test_tl6_7_bonus_ap_and_plus_ap() -> None:
    """TL6.7: the die's AP plus the building bonus for that action plus a "+AP" assistant:
    a 4 (3 AP) from the merchant area with +2 merchant bonus and B37 (+2) gives 7 AP."""
    state = seat(_dice(AR2="DY4"), 0, bonus_ap=(0, 2, 0, 0, 0), warehouse=("B37",))
    state = play(state, "take AR2 DY4")
    assert ap_left(state) == 5
    state = play(state, "assist B37")
    assert ap_left(state) == 7


def test_tl0_2_ap_are_a_number() -> None:
    """TL0.2 / TL1.5: AP are kept as a number, never limited by the 20 counters."""
    state = seat(_dice(AR5="DY1"), 0, bonus_ap=(0, 0, 0, 0, 15))
    state = play(state, "take AR5 DY1")
    assert ap_left(state) == 21


@pytest.mark.parametrize(("area", "kind"), [(1, "architect"), (2, "merchant"), (3, "person"),
                                            (4, "contract"), (5, "king")])
def test_tl6_8_the_area_names_the_action(area: int, kind: str) -> None:
    """TL6.8: the die action is the action of the area the die came from."""
    die = f"DY{area}"
    state = play(_dice(**{f"AR{area}": die}), f"take AR{area} {die}")
    assert state.pending[-1].data[0] == kind


def test_tl7_1_options_in_any_order_and_repeated() -> None:
    """TL7.1 / TL8.1: options may be bought repeatedly while AP last: three moves."""
    state = seat(fresh(), 0, architect="TIL")
    state = play(action(state, 0, "architect", 3), "move PAR", "move TIL", "move BRU")
    assert state.players[0].architect == "BRU" and ap_left(state) == 0
    assert not any(m.startswith("move") for m in _moves(state))


def test_tl7_2_and_tl7_4_a_granted_action_has_its_own_pool() -> None:
    """TL7.2 / TL7.4 / TL7.8: an assistant's merchant action (B25, 2 AP) opens on top of the
    die action; its AP are its own and the die action's 3 AP wait underneath."""
    state = seat(fresh(), 0, warehouse=("B25",))
    state = play(action(state, 0, "king", 3), "assist B25")
    assert state.pending[-1].data[:2] == ("merchant", 2)
    state = play(state, "move PAR", "done")
    assert state.pending[-1].data[:2] == ("king", 3)


def test_tl7_3_unspent_ap_are_lost() -> None:
    """TL7.3 / TL0.10 / TL29.10: the action can be ended with AP left; they are gone."""
    state = play(action(fresh(), 0, "king", 4), "advance", "done")
    assert state.pending[-1].kind == "turn-end"
    assert not any(f.kind == "action" for f in state.pending)


def test_tl7_5_the_turn_ends_only_when_no_action_is_open() -> None:
    """TL7.5: "end" is offered only once every instance is closed."""
    state = action(fresh(), 0, "king", 2)
    assert "end" not in _moves(state)
    with pytest.raises(IllegalMoveError):
        play(state, "end")
    assert "end" in _moves(play(state, "done"))


def test_tl8_1_and_tl9_1_one_move_per_edge() -> None:
    """TL8.1 / TL9.1 / TL10.2: only adjacent spaces are one move away."""
    state = seat(fresh(), 0, architect="FRA", merchant="ARL")
    arch = {m for m in _moves(action(state, 0, "architect", 2)) if m.startswith("move")}
    assert arch == {f"move {s}" for s in RULES.adjacent("FRA")} and "move PRA" not in arch
    merch = {m for m in _moves(action(state, 0, "merchant", 2)) if m.startswith("move")}
    assert merch == {f"move {s}" for s in RULES.adjacent("ARL")} and "move GEN" not in merch


def test_tl8_3_and_tl10_8_bonus_tile_needs_the_right_piece() -> None:
    """TL8.3 / TL9.3 / TL10.8: a map bonus tile is taken by the architect in an architect
    action or by the merchant in a merchant action, each where that piece stands."""
    bonus = list(fresh().map_bonus)
    bonus[TOWN["NUR"]] = "B44"
    state = fresh().replaced({"map_bonus": tuple(bonus)})
    state = seat(state, 0, architect="NUR", merchant="TIL", warehouse=())
    assert "bonus NUR" in _moves(action(state, 0, "architect", 1))
    assert "bonus NUR" not in _moves(action(state, 0, "merchant", 1))
    state = seat(state, 0, architect="TIL", merchant="NUR")
    after = play(action(state, 0, "merchant", 1), "bonus NUR")
    assert after.players[0].warehouse == ("B44",) and after.map_bonus[TOWN["NUR"]] == ""
    assert "bonus NUR" not in _moves(action(after, 0, "merchant", 1))  # never refilled


def test_tl9_2_trading_post_and_tl10_6_choice_of_space() -> None:
    """TL9.2 / TL10.6: a post from the supply on an empty usable space of the merchant's
    town, the space chosen by the player; none where the player already has one."""
    state = seat(fresh(4), 0, merchant="LYO")
    moves = _moves(action(state, 0, "merchant", 2))
    assert {"post LYO-1", "post LYO-2", "post LYO-3"} <= moves
    state = play(action(state, 0, "merchant", 2), "post LYO-3")  # VP 2 (components.md D.1)
    assert state.posts[POST["LYO-3"]] == 0 and state.players[0].posts == 1
    assert state.players[0].vp == 12
    assert not any(m.startswith("post") for m in _moves(state))


def test_tl9_2_no_post_without_one_in_the_supply() -> None:
    """TL9.2 / TL0.9: roof posts are not in the supply; with none left nothing is placed."""
    state = seat(fresh(), 0, merchant="LYO", posts=0)
    assert not any(m.startswith("post") for m in _moves(action(state, 0, "merchant", 2)))


def test_tl10_2_pieces_never_block() -> None:
    """TL10.2: pieces of any players share spaces and stop on road spaces."""
    state = seat(seat(fresh(), 1, merchant="R08"), 0, merchant="PAR")
    state = play(action(state, 0, "merchant", 1), "move R08")
    assert state.players[0].merchant == "R08" == state.players[1].merchant


def test_tl11_3_floor_price_any_order() -> None:
    """TL11.3: 1, 2 or 3 AP by floor; a floor-2 room before floor 1; a room dearer than the
    AP left is not offered."""
    state = seat(fresh(), 0, warehouse=("P13a", "P13b"))
    moves = _moves(action(state, 0, "person", 2))
    assert {"place P13a B1 1", "place P13a B1 2", "place P13a B3 2"} <= moves
    assert "place P13a B1 3" not in moves
    state = play(action(state, 0, "person", 5), "place P13a B1 3")
    assert ap_left(state) == 2 and state.players[0].rooms[0] == ("", "", "P13a")


def test_tl11_5_person_bonus_on_placement() -> None:
    """TL11.5 / TL21.2.18: placing P13b (2 stone) gains 2 stone at once."""
    state = seat(fresh(), 0, {}, warehouse=("P13b",))
    state = play(action(state, 0, "person", 1), "place P13b B2 1")
    assert res(state, 0, "stone") == 2


def test_tl11_6_roof_post_only_when_full() -> None:
    """TL11.6: a 3-room building's roof post goes to the supply with the third person only."""
    state = seat(fresh(), 0, warehouse=("P13a", "P13b", "P13c"))
    state = play(action(state, 0, "person", 6), "place P13a B1 1", "place P13b B1 2")
    assert state.players[0].roofs[0] == 1 and state.players[0].posts == 2
    state = play(state, "place P13c B1 3")
    assert state.players[0].roofs[0] == 0 and state.players[0].posts == 3


def test_tl11_7_b6_takes_no_person() -> None:
    """TL11.7: B6 has no rooms and no roof post."""
    state = seat(fresh(), 0, warehouse=("P13a",))
    assert not any(m.endswith(("B6 1", "B6 0")) for m in _moves(action(state, 0, "person", 3)))
    assert state.players[0].roofs[5] == 0 and state.players[0].rooms[5] == ()


def test_tl11_1_take_a_person() -> None:
    """TL11.1: 1 AP, the tile into the warehouse, its slot refilled from the deck at once."""
    state = seat(fresh(), 0, warehouse=())
    tile, top = state.person_display[2], state.person_deck[0]
    state = play(action(state, 0, "person", 2), f"hire {tile}", f"draw {top}")
    assert state.players[0].warehouse == (tile,) and state.person_display[2] == top
    assert top not in state.person_deck
    assert ap_left(state) == 1


def test_tl11_2_refresh_when_the_deck_runs_out() -> None:
    """TL11.2 / TL29.2: refill first; with 2 tiles left in the deck the discards are shuffled
    in at that moment and the refill goes on."""
    state = fresh()
    old = state.person_display
    state = state.replaced({"person_deck": ("P14a", "P14b")})
    state = play(action(state, 0, "person", 1), "refresh", settle=False)
    assert _drawable(state) == {"P14a", "P14b"}  # the discards not yet
    state = play(state, "draw P14b", "draw P14a", settle=False)
    assert state.person_display[:2] == ("P14b", "P14a") and _drawable(state) == set(old)
    state = play(state, f"draw {old[4]}", f"draw {old[0]}", f"draw {old[1]}")
    assert state.person_display == ("P14b", "P14a", old[4], old[0], old[1])
    assert state.person_deck == tuple(sorted(old[2:4]))


def _drawable(state: State) -> set[str]:
    return {str(m.args[0]) for m, _ in chance_outcomes(state)}


def test_tl12_1_take_from_the_contract_display() -> None:
    """TL12.1 / TL29.14: the slot's printed AP (CS1 4, CS5 2, components.md I.1); the slot
    stays empty for the rest of the turn; TL12.2: a coat tile is taken the same way."""
    state = fresh()
    display = ("C23", *state.contract_display[1:4], "C04")
    state = seat(state.replaced({"contract_display": display}), 0, warehouse=(), coats=("",) * 6)
    assert "contract CS1" not in _moves(action(state, 0, "contract", 3))
    state = play(action(state, 0, "contract", 6), "contract CS1", "contract CS5")
    assert state.players[0].warehouse == ("C23", "C04") and ap_left(state) == 0
    assert state.contract_display[0] == "" and state.contract_display[4] == ""


def test_tl12_4_exchanges_repeat() -> None:
    """TL12.3-TL12.4: 1 AP each, any number of times, the extra only on the first."""
    state = seat(fresh(), 0, {"food": 3})
    state = play(action(state, 0, "contract", 3), "exchange food gold", "gain stone",
                 "exchange food gold", "exchange food iron")
    assert state.players[0].resources == (2, 0, 0, 1, 1) and ap_left(state) == 0


def test_tl13_3_and_tl0_12_arriving_on_top() -> None:
    """TL13.3 / TL0.12: a marker ending on an occupied space goes on top, behind the
    markers there; the lower one is further ahead."""
    state = king_at(fresh(), {5: (1, 2), 4: (0,), 3: (3,)})
    state = play(action(state, 0, "king", 1), "advance")
    assert state.king[5] == (1, 2, 0)
    assert ahead_order(state) == [1, 2, 0, 3]


def test_tl13_4_contract_king_advance_follows_the_track() -> None:
    """TL13.4 / TL23.2.3: the contract extra goes on top and never past KT15."""
    state = king_at(seat(fresh(), 0, {"iron": 12}, warehouse=("C06", "C07"), contracts=()),
                    {14: (0,), 15: (1,), 5: (2, 3)})
    state = play(action(state, 0, "king", 0), "fulfil C06")
    assert state.king[15] == (1, 0)
    state = play(state, "fulfil C07")
    assert state.king[15] == (1, 0) and state.players[0].contracts == ("C06", "C07")


def test_tl0_6_duties_only_in_ones_own_turn() -> None:
    """TL0.6 / TL14.1: the duties offered are those of the seat whose turn it is."""
    state = seat(seat(fresh(), 0, {}), 1, {"gold": 4})
    assert not any(m.startswith("trade") for m in _moves(action(state, 0, "king", 1)))
    assert "trade stone" in _moves(action(state, 1, "king", 1))
