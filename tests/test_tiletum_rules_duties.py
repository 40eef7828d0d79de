"""Tiletum's duties, the warehouse and completed buildings (docs/games/tiletum/rules.md
TL14-TL16): each test builds a position and checks the engine against the rules
reference."""

from __future__ import annotations

from lisboa_core import legal_moves
from lisboa_core.core.frame import Frame
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.state import State
from tiletum_scenarios import action, ap_left, at, fresh, play, res, seat

RULES = load_rules()
SITE = {c.id: i for i, c in enumerate(RULES.cathedrals)}
FULL = tuple(c.pillars for c in RULES.cathedrals)
"""Every cathedral stack full (one tile per pillar space, components.md E)."""


def _moves(state: State) -> set[str]:
    return {str(m) for m in legal_moves(state)}


def test_tl14_1_duties_inside_the_choices_an_effect_opens() -> None:
    """TL14.1 / TL6.1 (e): duties at any moment of the turn, also inside an effect's own
    choices, which are then offered again as they were: 2 gold for 1 wool (TL14.2.1) while
    choosing 2 resources of any type; then 2 gold for 1 iron between two free architect
    steps (TL21.2.15)."""
    state = seat(fresh(), 0, {"gold": 2}, architect="FRA")
    choice = Frame("gain-any", 0, (2,))
    state = at(state, Frame("turn-end", 0), Frame("action", 0, ("king", 0, 0, 1)), choice)
    assert {"trade wool", "gain stone"} <= _moves(state)
    state = play(state, "trade wool")
    assert state.pending[-1] == choice
    assert res(state, 0, "gold") == 0 and res(state, 0, "wool") == 1
    state = play(state, "gain stone", "gain stone")
    assert res(state, 0, "stone") == 2 and state.pending[-1].kind == "action"
    steps = Frame("step", 0, ("architect", 2, ""))
    state = play(at(seat(state, 0, {"gold": 2}), Frame("turn-end", 0), steps), "step NUR")
    assert "trade iron" in _moves(state)
    state = play(state, "trade iron")
    assert state.pending[-1] == Frame("step", 0, ("architect", 1, ""))
    state = play(state, "step PRA")
    assert res(state, 0, "iron") == 1 and state.players[0].architect == "PRA"


def test_tl14_1_assistants_while_choosing_person_bonuses() -> None:
    """TL14.1 / TL14.6 / TL22.1.9: assistants used while the building (B43: 3 gold) and
    then its person bonuses (B45: 2 gold + 2 VP) are being chosen (TL25.1.2); each choice
    goes on as it was."""
    rooms = (("P13a", "P13b", ""), ("",) * 3, ("",) * 2, ("",) * 2, ("",), ())
    state = seat(fresh(), 0, {}, warehouse=("B43", "B45"), rooms=rooms, vp=0)
    state = at(state, Frame("turn-end", 0), Frame("persons", 0))
    assert _moves(state) == {"repeat B1", "assist B43", "assist B45"}
    state = play(state, "assist B43")
    assert state.pending[-1] == Frame("persons", 0) and res(state, 0, "gold") == 3
    state = play(state, "repeat B1")
    assert _moves(state) == {"repeat P13a", "repeat P13b", "stop", "assist B45", "trade wool",
                             "trade food", "trade stone", "trade iron"}
    state = play(state, "assist B45", "repeat P13b")
    assert res(state, 0, "gold") == 5 and state.players[0].vp == 2
    assert res(state, 0, "stone") == 2 and _moves(state) >= {"repeat P13a", "stop"}


def test_tl14_2_1_gold_exchange_never_for_gold() -> None:
    """TL14.2.1: 2 gold for 1 stone, wool, iron or food, never gold; not with 1 gold."""
    state = action(seat(fresh(), 0, {"gold": 2}), 0, "king", 0)
    trades = {m for m in _moves(state) if m.startswith("trade")}
    assert trades == {"trade food", "trade wool", "trade stone", "trade iron"}
    assert not any(m.startswith("trade") for m in _moves(action(seat(fresh(), 0, {"gold": 1}),
                                                                 0, "king", 0)))


def test_tl14_3_fulfilling_contracts_left_to_right() -> None:
    """TL14.3.1 / TL14.3.2 / TL14.3.3 / TL14.3.4: pay what the tile shows (C08: 3 wool,
    4 VP, components.md L.2), cover the leftmost free contract space, gain contract VP +
    space VP, the pillar of that space to the supply; past KS5 no pillar is released."""
    contracts = ("C04", "C01", "C02", "C16", "C21")  # five spaces covered (C21 is a coat
    # tile, only the count matters here)
    state = seat(fresh(), 0, {"wool": 3, "iron": 1}, warehouse=("C08",), contracts=(), vp=0)
    assert "fulfil C08" in _moves(action(state, 0, "king", 0))
    state = play(action(state, 0, "king", 0), "fulfil C08")
    p = state.players[0]
    assert p.contracts == ("C08",) and p.vp == 4 + 0 and p.pillars == 3  # KS1: 0 VP
    assert res(state, 0, "wool") == 0 and p.warehouse == ()
    state = seat(fresh(), 0, {"wool": 3}, warehouse=("C08",), contracts=contracts, vp=0)
    state = play(action(state, 0, "king", 0), "fulfil C08")
    p = state.players[0]
    assert p.contracts == (*contracts, "C08") and p.vp == 4 + 3 and p.pillars == 2  # KS6
    assert "fulfil C08" not in _moves(action(seat(fresh(), 0, {"wool": 2},
                                                  warehouse=("C08",)), 0, "king", 0))


def test_tl14_4_coat_any_space_food_and_bonus() -> None:
    """TL14.4.1 / TL14.4.2 / TL14.4.3 / TL25.2.5: any empty coat space, whatever the
    coat's type; its food is paid (CO5: 3) and its bonus gained (2 resources of any
    types)."""
    state = seat(fresh(), 0, {"food": 3}, warehouse=("B02",))
    moves = _moves(action(state, 0, "king", 0))
    assert {"coat B02 B5", "coat B02 B6"} <= moves and "coat B02 B4" not in moves  # 4 food
    state = play(action(state, 0, "king", 0), "coat B02 B5", "gain wool", "gain wool")
    p = state.players[0]
    assert p.coats == ("", "", "", "", "B02", "") and p.warehouse == ()
    assert p.resources == (0, 0, 2, 0, 0)
    state = seat(state, 0, {"food": 9}, warehouse=("B03",))
    assert "coat B03 B5" not in _moves(state)  # the space is taken


def test_tl14_4_4_coat_bonus_that_cannot_be_used() -> None:
    """TL14.4.4 / TL29.4: with no trading post in the supply the coat may still go on CO1;
    the bonus is lost."""
    state = seat(fresh(), 0, {"food": 6}, warehouse=("B01",), posts=0)
    state = play(action(state, 0, "king", 0), "coat B01 B1")
    assert _moves(state) == {"skip"}
    state = play(state, "skip")
    assert state.players[0].coats[0] == "B01" and state.pending[-1].kind == "action"


def test_tl14_5_contribute_anywhere_once_until_the_stack_is_empty() -> None:
    """TL14.5.1 / TL14.5.2 / TL14.5.3 / TL14.5.4: the architect's position does not
    matter; pay the cost tile's stone (CC3: 4 stone, 3 VP), take the top cathedral tile
    (CD2: 6, then 4, then 2), gain both VP; each player once; an empty stack takes no
    more."""
    pillars = [()] * 9
    pillars[SITE["CD2"]] = (0, 1, 2)
    state = fresh().replaced({"costs": ("CC3",) * 9, "pillars": tuple(pillars),
                              "cathedral_left": FULL})
    state = seat(state, 0, {"stone": 4}, architect="LUB", vp=0)
    state = play(action(state, 0, "king", 0), "contribute CD2")
    assert state.players[0].vp == 3 + 6 and res(state, 0, "stone") == 0
    assert state.players[0].cathedral_tiles == (6,)
    state = seat(state, 1, {"stone": 4}, vp=0)
    state = play(action(state, 1, "king", 0), "contribute CD2")
    assert state.players[1].vp == 3 + 4
    state = state.replaced({"cathedral_left": tuple(0 if i == SITE["CD2"] else n
                                                    for i, n in enumerate(state.cathedral_left))})
    state = seat(state, 2, {"stone": 9})
    assert "contribute CD2" not in _moves(action(state, 2, "king", 0))


def test_tl14_6_assistant_used_once_and_removed() -> None:
    """TL14.6.1 / TL15.6: an assistant is used as a duty, before the die too, then leaves
    the game (B43: 3 gold)."""
    state = seat(fresh(), 0, {}, warehouse=("B43",))
    state = play(at(state, Frame("turn", 0)), "assist B43")
    assert res(state, 0, "gold") == 3 and state.players[0].warehouse == ()
    assert state.pending[-1].kind == "turn"


def test_tl14_6_2_timed_assistants() -> None:
    """TL14.6.2 / TL22.1.7 / TL22.1.8: "+AP" only while the die action is open (not before
    the die, not after it); the resource-type assistant only when taking a die."""
    state = seat(fresh(), 0, warehouse=("B35", "B41"))
    before = _moves(at(state, Frame("turn", 0)))
    assert "assist B35" not in before and "assist B41" not in before
    after = _moves(at(state, Frame("turn-end", 0)))
    assert "assist B35" not in after and "assist B41" not in after
    assert "assist B35" in _moves(action(state, 0, "king", 1))


def test_tl14_6_2_plus_ap_while_the_die_action_waits() -> None:
    """TL14.6.2 / TL22.1.7 / TL7.4 / TL7.7: while the die action is open but suspended (a
    granted action on top, then a resource-of-any-type choice), a "+AP" assistant adds to
    the die action, not to what is on top: B35 (+1) and B37 (+2) on a 1-AP die action."""
    state = seat(fresh(), 0, {}, warehouse=("B35", "B37"))
    granted = Frame("action", 0, ("contract", 1, 0, 0))
    state = at(state, Frame("turn-end", 0), Frame("action", 0, ("king", 1, 0, 1)), granted)
    state = play(state, "assist B35")
    assert state.pending[-1] == granted
    assert state.pending[-2] == Frame("action", 0, ("king", 2, 0, 1))
    state = play(at(state, *state.pending, Frame("gain-any", 0, (1,))), "assist B37")
    assert state.pending[-1] == Frame("gain-any", 0, (1,))
    state = play(state, "gain wool", "done")
    assert ap_left(state) == 1 + 1 + 2 and state.players[0].warehouse == ()


def test_tl15_1_full_warehouse_refuses_every_gain() -> None:
    """TL15.1: with 4 tiles in the warehouse no area tile is offered, no contract tile can
    be taken, no map bonus tile."""
    full = ("B43", "B44", "B45", "B46")
    state = fresh().replaced({"wheel": 0, "area_bonus": ("B47",) * 6,
                              "area_dice": (("DY1",), (), (), (), (), ())})
    state = seat(state, 0, warehouse=full)
    state = play(at(state, Frame("turn", 0)), "take AR1 DY1")
    assert state.pending[-1].kind == "action"  # no area-bonus decision
    state = seat(fresh(), 0, warehouse=full, contracts=())
    assert not any(m.startswith("contract") for m in _moves(action(state, 0, "contract", 6)))


def test_tl15_2_no_discarding() -> None:
    """TL15.2: no move ever throws a warehouse tile away."""
    state = seat(fresh(), 0, warehouse=("C01", "P02a", "B43", "B01"))
    for frame in (Frame("turn", 0),):
        assert not any("discard" in m for m in _moves(at(state, frame)))
    assert not any("discard" in m for m in _moves(action(state, 0, "person", 3)))


def test_tl15_4_coat_in_warehouse_blocks_the_same_type() -> None:
    """TL15.4: a coat of a type already on the board blocks taking another of that type."""
    state = fresh()
    display = ("C21", "C22", *state.contract_display[2:])  # CA1, CA2
    state = seat(state.replaced({"contract_display": display}), 0, warehouse=(),
                 coats=("B07", "", "", "", "", ""))  # CA1 on CO1
    moves = _moves(action(state, 0, "contract", 8))
    assert "contract CS1" not in moves and "contract CS2" in moves


def test_tl15_5_contracts_allowed_while_a_space_is_empty() -> None:
    """TL15.5 / TL29.5: one empty contract space lets a player take contracts even with more
    unfulfilled ones in the warehouse."""
    state = fresh()
    display = ("C01", "C02", *state.contract_display[2:])
    held = tuple(f"C{i:02d}" for i in range(4, 11))  # 7 spaces covered
    state = seat(state.replaced({"contract_display": display}), 0, contracts=held,
                 warehouse=("C12", "C13"))
    assert "contract CS1" in _moves(action(state, 0, "contract", 4))


def test_tl15_7_cathedral_tiles_outside_the_warehouse() -> None:
    """TL15.7: a cathedral tile does not take a warehouse space."""
    state = fresh().replaced({"costs": ("CC1",) * 9, "pillars": ((0,), *((),) * 8),
                              "cathedral_left": FULL})
    state = seat(state, 0, {"stone": 3}, warehouse=("B43", "B44", "B45"))
    state = play(action(state, 0, "king", 0), "contribute CD1")
    assert len(state.players[0].warehouse) == 3 and state.players[0].cathedral_tiles == (5,)


def test_tl16_1_to_tl16_3_completed_building_marker() -> None:
    """TL16.1 / TL16.2 / TL16.3: B3 full of P07 (icon king) gets its coat (in either
    order): +2 bonus AP beside the king area; a later 3 from the king area gives 4 + 2
    AP."""
    rooms = (("",) * 3, ("",) * 3, ("P07a", "P07b"), ("",) * 2, ("",), ())
    state = seat(fresh(), 0, {"food": 5}, warehouse=("B02",), rooms=rooms)
    state = play(action(state, 0, "architect", 0), "coat B02 B3", "to TIL")
    assert state.players[0].bonus_ap == (0, 0, 0, 0, 2)
    state = state.replaced({"wheel": 0, "area_dice": ((), (), (), (), ("DY3",), ()),
                            "area_bonus": ("",) * 6})
    state = play(at(state, Frame("turn", 0)), "take AR5 DY3")
    assert ap_left(state) == 6


def test_tl16_1_coat_first_then_the_last_person() -> None:
    """TL16.1 / TL16.4: the coat first, the last room later: completed with the person, and
    the open person action of the die grows at once (P04: icon person, B5 +1)."""
    state = seat(fresh(), 0, warehouse=("P04a",), coats=("", "", "", "", "B01", ""))
    state = play(action(state, 0, "person", 1), "place P04a B5 1")
    assert state.players[0].bonus_ap == (0, 0, 1, 0, 0)
    # P04a grants a person action with 1 AP on top; the die action below gained 1 AP
    assert state.pending[-1].data[:2] == ("person", 1)
    assert state.pending[-2].data[:2] == ("person", 1)


def test_tl16_5_markers_add_up() -> None:
    """TL16.5: two completed buildings of the same action add their markers (+3 and +2)."""
    rooms = (("P07a", "P07b", "P07c"), ("",) * 3, ("P08a", "P08b"), ("",) * 2, ("",), ())
    state = seat(fresh(), 0, {"food": 11}, warehouse=("B01", "B02"), rooms=rooms)
    state = play(action(state, 0, "architect", 0), "coat B01 B1", "skip", "coat B02 B3",
                 "to TIL")
    assert state.players[0].bonus_ap == (0, 0, 0, 0, 5)


def test_tl16_6_b6_gives_no_marker() -> None:
    """TL16.6 / TL25.2.6: a coat on CO6 completes B6: 5 VP and no bonus AP marker."""
    state = seat(fresh(), 0, {"food": 2}, warehouse=("B01",), vp=0)
    state = play(action(state, 0, "king", 0), "coat B01 B6")
    assert state.players[0].bonus_ap == (0,) * 5 and state.players[0].vp == 5


def test_tl16_7_bonus_ap_only_for_die_actions() -> None:
    """TL16.7 / TL7.7 / TL22.2: an assistant's king action (B33, 2 AP) gets no building
    bonus."""
    state = seat(fresh(), 0, warehouse=("B33",), bonus_ap=(0, 0, 0, 0, 3))
    state = play(action(state, 0, "merchant", 0), "assist B33")
    assert state.pending[-1].data[:2] == ("king", 2)
