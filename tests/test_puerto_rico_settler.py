"""The settler phase (PR4), hacienda (PR13.2), construction hut (PR13.3), hospice (PR13.5)."""

from __future__ import annotations

from lisboa_core.core.replace import replace
from lisboa_core.games.puerto_rico.state import State
from puerto_rico_scenarios import fresh, moves, play, seat, staffed, tiles, top


def _start(**seat0: object) -> State:
    state = fresh(4, governor=0)
    state = replace(state, face_up=("CornPlantation", "SugarPlantation", "SugarPlantation",
                                    "CoffeePlantation", "IndigoPlantation"))
    if seat0:
        state = seat(state, 0, **seat0)
    return state


def test_pr4_1_2_settler_may_take_a_quarry_pr4_1_3_others_may_not() -> None:
    """PR4.1.1 one face-up plantation each; PR4.1.2 the settler may take a quarry instead;
    PR4.1.3 the others may not."""
    state = play(_start(), "role settler")
    assert top(state) == "settle" and state.to_act == 0
    assert moves(state) == {"take corn", "take sugar", "take coffee", "take indigo",
                            "take quarry", "pass"}
    state = play(state, "take quarry")
    assert tiles(state, 0, "quarry") == 1 and state.quarries == 7
    assert state.to_act == 1 and "take quarry" not in moves(state)
    state = play(state, "take sugar")
    assert tiles(state, 1, "sugar") == 1 and state.face_up.count("SugarPlantation") == 1
    assert staffed(state, 1, "sugar") == 0  # PR4.1.7 unoccupied


def test_pr13_3_1_construction_hut_lets_another_player_take_a_quarry() -> None:
    """PR13.3.1: the owner of an occupied construction hut may take a quarry; an unoccupied
    hut does nothing (PR0.1.7)."""
    state = _start()
    state = seat(state, 1, city={"ConstructionHut": 1}, island={"corn": (1, 0)})
    state = seat(state, 2, city={"ConstructionHut": 0}, island={"corn": (1, 0)})
    state = play(state, "role settler", "take corn")
    assert state.to_act == 1 and "take quarry" in moves(state)
    state = play(state, "take quarry")
    assert tiles(state, 1, "quarry") == 1
    assert state.to_act == 2 and "take quarry" not in moves(state)


def test_pr4_1_6_no_quarry_left_means_no_quarry() -> None:
    """PR4.1.6, PR13.3.2: with the quarry stack empty neither privilege nor hut helps."""
    state = replace(_start(city={"ConstructionHut": 1}), quarries=0)
    state = play(state, "role settler")
    assert "take quarry" not in moves(state)


def test_pr4_1_5_a_full_island_takes_nothing() -> None:
    """PR4.1.5: with 12 island spaces filled a player is skipped."""
    state = _start(island={"corn": (6, 0), "indigo": (6, 0)})
    state = play(state, "role settler")
    assert state.to_act == 1  # seat 0 skipped


def test_pr13_2_hacienda_draws_a_hidden_tile_then_the_usual_one() -> None:
    """PR13.2.1: an occupied hacienda's owner may first draw the top hidden tile, which must
    be placed (PR13.2.2), then take his normal tile; PR13.2.4/PR13.5.2: no hospice colonist on the
    hidden tile, PR13.5.1 one on the tile taken."""
    state = _start(city={"Hacienda": 1, "Hospice": 1})
    state = replace(state, plantation_stack=("TobaccoPlantation", *state.plantation_stack))
    supply = state.colonist_supply
    state = play(state, "role settler")
    assert "hacienda" in moves(state)
    state = play(state, "hacienda")
    assert tiles(state, 0, "tobacco") == 1 and staffed(state, 0, "tobacco") == 0
    assert top(state) == "settle" and state.to_act == 0 and "hacienda" not in moves(state)
    state = play(state, "take coffee")
    assert top(state) == "hospice" and moves(state) == {"yes", "no"}
    state = play(state, "yes")
    assert staffed(state, 0, "coffee") == 1 and state.colonist_supply == supply - 1


def test_pr13_5_3_hospice_colonist_comes_from_the_ship_when_the_supply_is_empty() -> None:
    """PR13.5.3: empty supply, the hospice colonist comes from the colonist ship."""
    state = replace(_start(city={"Hospice": 1}), colonist_supply=0, colonist_ship=4)
    state = play(state, "role settler", "take quarry", "yes")
    assert staffed(state, 0, "quarry") == 1 and state.colonist_ship == 3


def test_pr13_5_1_hospice_may_be_declined() -> None:
    """PR0.3.3/PR19.1.16: the hospice colonist is optional."""
    state = _start(city={"Hospice": 1})
    supply = state.colonist_supply
    state = play(state, "role settler", "take corn", "no")
    assert staffed(state, 0, "corn") == 0 and state.colonist_supply == supply


def test_pr4_3_1_face_up_refill_discards_the_rest_and_turns_n_plus_1() -> None:
    """PR4.3.1: untaken face-up plantations go to the discards; N + 1 are turned up."""
    state = _start()
    hidden = state.plantation_stack
    state = play(state, "role settler", "take corn", "pass", "pass", "pass")
    assert set(state.plantation_discards) == {"SugarPlantation", "CoffeePlantation",
                                              "IndigoPlantation"}
    assert len(state.plantation_discards) == 4
    assert state.face_up == hidden[:5]
    assert state.plantation_stack == hidden[5:]


def test_pr4_3_2_a_short_stack_turns_what_it_has_then_shuffles_the_discards() -> None:
    """PR4.3.2: first the tiles left in the stack, then the reshuffled discards (the tiles
    just discarded included)."""
    state = replace(_start(), plantation_stack=("TobaccoPlantation", "TobaccoPlantation"),
                    plantation_discards=("CornPlantation",) * 6)
    state = play(state, "role settler", "take corn", "pass", "pass", "pass")
    assert state.face_up[:2] == ("TobaccoPlantation", "TobaccoPlantation")
    assert len(state.face_up) == 5
    assert len(state.plantation_stack) == 6 + 4 - 3 and state.plantation_discards == ()


def test_pr4_3_3_too_few_tiles_turns_as_many_as_there_are() -> None:
    """PR4.3.3/PR1.2.2: not enough tiles anywhere: as many as there are are turned up."""
    state = replace(_start(), plantation_stack=("TobaccoPlantation",), plantation_discards=())
    state = play(state, "role settler", "take corn", "take sugar", "take sugar",
                 "take coffee")
    assert sorted(state.face_up) == ["IndigoPlantation", "TobaccoPlantation"]
    assert state.plantation_stack == () and state.plantation_discards == ()


def test_pr4_1_4_one_tile_only_even_with_a_construction_hut() -> None:
    """PR4.1.4/PR13.3.2: the settler with a construction hut still takes one quarry; his
    turn is over after one tile."""
    state = _start(city={"ConstructionHut": 1})
    state = play(state, "role settler", "take quarry")
    assert tiles(state, 0, "quarry") == 1 and state.to_act == 1


def test_pr4_4_1_no_face_up_plantation_but_still_a_quarry() -> None:
    """PR4.4.1: with no face-up plantation left only the quarry remains for the settler;
    the others are skipped (PR0.3.1)."""
    state = replace(_start(), face_up=())
    state = play(state, "role settler")
    assert moves(state) == {"take quarry", "pass"}
    state = play(state, "take quarry")
    assert top(state) == "choose-role" and state.to_act == 1


def test_pr13_2_3_hacienda_reshuffles_the_discards_or_does_nothing() -> None:
    """PR13.2.3/PR19.1.8 (reconstructed): an empty hidden stack is refilled from the
    discards for the hacienda; with both empty the hacienda is not offered."""
    state = replace(_start(city={"Hacienda": 1}), plantation_stack=(),
                    plantation_discards=("CoffeePlantation",))
    state = play(state, "role settler", "hacienda")
    assert tiles(state, 0, "coffee") == 1 and state.plantation_discards == ()
    state = replace(_start(city={"Hacienda": 1}), plantation_stack=(), plantation_discards=())
    state = play(state, "role settler")
    assert "hacienda" not in moves(state)


def test_pr13_2_2_the_hacienda_tile_may_fill_the_island() -> None:
    """PR13.2.1/PR4.1.5: the hidden tile takes the last space; no normal tile after it."""
    state = _start(island={"corn": (11, 0)}, city={"Hacienda": 1})
    state = play(state, "role settler", "hacienda")
    assert sum(state.players[0].island) == 12 and state.to_act == 1
