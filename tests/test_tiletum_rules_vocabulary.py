"""Tiletum's effect vocabulary (docs/games/tiletum/rules.md TL21-TL23, TL25): person bonuses,
assistants, contracts, build and coat bonuses. Tile contents are those of
docs/games/tiletum/components.md (K, L, O)."""

from __future__ import annotations

import pytest

from lisboa_core import legal_moves
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.model import RESOURCES
from lisboa_core.games.tiletum.state import State
from tiletum_scenarios import action, fresh, king_at, play, res, seat

RULES = load_rules()
POST = {p.id: i for i, p in enumerate(RULES.posts)}
SITE = {c.id: i for i, c in enumerate(RULES.cathedrals)}


def _moves(state: State) -> set[str]:
    return {str(m) for m in legal_moves(state)}


def _gain(**amounts: int) -> tuple[int, ...]:
    return tuple(amounts.get(r, 0) for r in RESOURCES)


@pytest.mark.parametrize(("tile", "gained", "vp"), [
    ("P02b", _gain(wool=2), 0),  # TL21.2.3 PB3
    ("P03a", _gain(iron=1), 0),  # TL21.2.4 PB4
    ("P03b", _gain(iron=2), 0),
    ("P02a", _gain(gold=1, wool=1), 0),  # TL21.2.5 PB5
    ("P03c", _gain(gold=1, iron=1), 0),
    ("P05a", _gain(food=1), 0),  # TL21.2.8 PB8
    ("P05b", _gain(food=2), 0),
    ("P06a", _gain(gold=2), 0),  # TL21.2.9 PB9
    ("P06b", _gain(gold=3), 0),
    ("P08a", _gain(), 2),  # TL21.2.11 PB11
    ("P08b", _gain(), 3),
    ("P13a", _gain(stone=1), 0),  # TL21.2.18 PB18
    ("P13b", _gain(stone=2), 0),
])
def test_tl21_2_gains(tile: str, gained: tuple[int, ...], vp: int) -> None:
    """TL21.2 / TL11.5: the gain of each person bonus kind, at placement."""
    state = seat(fresh(4), 0, {}, warehouse=(tile,), vp=0)
    state = play(action(state, 0, "person", 1), f"place {tile} B1 1")
    assert state.players[0].resources == gained and state.players[0].vp == vp


@pytest.mark.parametrize(("tile", "kind", "ap"), [
    ("P01c", "contract", 3),  # TL21.2.2 PB2
    ("P04b", "person", 2),  # TL21.2.6 PB6
    ("P07a", "king", 1),  # TL21.2.10 PB10
    ("P07b", "king", 2),
])
def test_tl21_2_granted_actions(tile: str, kind: str, ap: int) -> None:
    """TL21.2.2 / TL21.2.6 / TL21.2.10 / TL7.8: a granted action of that kind with that
    many AP, no building bonus (TL7.7)."""
    state = seat(fresh(), 0, warehouse=(tile,), bonus_ap=(1, 1, 1, 1, 1))
    state = play(action(state, 0, "person", 1), f"place {tile} B1 1")
    assert state.pending[-1].data[:2] == (kind, ap) and state.pending[-1].data[3] == 0


def test_tl21_2_12_merchant_up_to_two_steps() -> None:
    """TL21.2.12: P10b: the merchant steps once or twice, and may stop after one."""
    state = seat(fresh(), 0, warehouse=("P10b", "P10a"), merchant="PAR")
    after = play(action(state, 0, "person", 2), "place P10b B1 1", "step R08", "step BOR")
    assert after.players[0].merchant == "BOR" and after.pending[-1].kind == "action"
    after = play(action(state, 0, "person", 2), "place P10b B1 1", "step R08", "stop")
    assert after.players[0].merchant == "R08"
    after = play(action(state, 0, "person", 2), "place P10a B1 1", "step TIL")
    assert after.pending[-1].kind == "action"  # P10a: one step only


def test_tl21_2_14_trading_post_where_the_merchant_stands() -> None:
    """TL21.2.14 / TL10.5: P11b: a post in the merchant's town with its build bonus (LON-1:
    2 VP), not in a town where the player has one."""
    state = seat(fresh(), 0, warehouse=("P11b",), merchant="LON", vp=0)
    state = play(action(state, 0, "person", 1), "place P11b B1 1")
    assert "post LON-1" in _moves(state) and not any(m.startswith("step") for m in _moves(state))
    state = play(state, "post LON-1")
    assert state.posts[POST["LON-1"]] == 0 and state.players[0].vp == 2
    state = seat(fresh(), 0, {}, warehouse=("P11b",), merchant="TIL")  # Tiletum: already one
    state = play(action(state, 0, "person", 1), "place P11b B1 1")
    assert _moves(state) == {"stop"}


def test_tl21_2_16_step_and_or_pillar() -> None:
    """TL21.2.16: P15a: a pillar where the architect stands, then a step (either order)."""
    state = fresh().replaced({"costs": ("CC1",) * 9})
    state = seat(state, 0, warehouse=("P15a",), architect="PRA")
    state = play(action(state, 0, "person", 1), "place P15a B1 1", "pillar CD6", "step NUR")
    assert state.pillars[SITE["CD6"]] == (0,) and state.players[0].architect == "NUR"
    assert state.pending[-1].kind == "action"


def test_tl21_2_17_pillar_where_the_architect_stands() -> None:
    """TL21.2.17 / TL10.7: P15b: a pillar on the architect's cathedral, only without one of
    the player's there already."""
    pillars = [()] * 9
    pillars[SITE["CD2"]] = (0,)
    state = fresh().replaced({"costs": ("CC1",) * 9, "pillars": tuple(pillars)})
    state = seat(state, 0, {}, warehouse=("P15b",), architect="PAR")  # no duty (TL14.1)
    state = play(action(state, 0, "person", 1), "place P15b B1 1")
    assert _moves(state) == {"stop"}
    state = seat(state.replaced({"pillars": ((),) * 9}), 0)
    assert "pillar CD2" in _moves(state)


def test_tl21_4_bonus_gained_again_when_repeated() -> None:
    """TL21.4 / TL22.1.12: B52 repeats the person bonuses of one building (B1: P13a 1 stone,
    P13b 2 stone)."""
    rooms = (("P13a", "P13b", ""), ("",) * 3, ("",) * 2, ("",) * 2, ("",), ())
    state = seat(fresh(), 0, {}, warehouse=("B52",), rooms=rooms)
    state = play(action(state, 0, "king", 0), "assist B52")
    assert _moves(state) == {"repeat B1"}
    state = play(state, "repeat B1", "repeat P13a", "repeat P13b")
    assert res(state, 0, "stone") == 3


def test_tl22_1_12_assistant_bonuses_in_any_order_and_any_skipped() -> None:
    """TL22.1.12: B52: B1's person bonuses once each, in any order, any skipped (B1: P13a
    1 stone, P13b 2 stone): P13b first, then stop: 2 stone."""
    rooms = (("P13a", "P13b", ""), ("",) * 3, ("",) * 2, ("",) * 2, ("",), ())
    state = seat(fresh(), 0, {}, warehouse=("B52",), rooms=rooms)
    state = play(action(state, 0, "king", 0), "assist B52", "repeat B1")
    assert _moves(state) == {"repeat P13a", "repeat P13b", "stop"}
    state = play(state, "repeat P13b")
    assert _moves(state) == {"repeat P13a", "stop"}
    state = play(state, "stop")
    assert res(state, 0, "stone") == 2 and state.pending[-1].kind == "action"


@pytest.mark.parametrize(("tile", "kind", "ap"), [
    ("B26", "merchant", 3),  # TL22.1.2 AS2
    ("B27", "person", 2),  # TL22.1.3 AS3
    ("B30", "contract", 3),  # TL22.1.4 AS4
    ("B32", "architect", 3),  # TL22.1.5 AS5
    ("B34", "king", 3),  # TL22.1.6 AS6
])
def test_tl22_1_granted_actions(tile: str, kind: str, ap: int) -> None:
    """TL22.1 / TL22.2: each assistant's granted action, with no building bonus."""
    state = seat(fresh(), 0, warehouse=(tile,), bonus_ap=(2, 2, 2, 2, 2))
    state = play(action(state, 0, "king", 0), f"assist {tile}")
    assert state.pending[-1].data[:2] == (kind, ap) and state.pending[-1].data[3] == 0


def test_tl22_1_10_resources_of_any_types() -> None:
    """TL22.1.10: B49: 3 resources, each of any type, the same or different."""
    state = seat(fresh(), 0, {}, warehouse=("B49",))
    state = play(action(state, 0, "king", 0), "assist B49", "gain iron", "gain iron",
                 "gain gold")
    assert state.players[0].resources == _gain(gold=1, iron=2)


@pytest.mark.parametrize(("tile", "pay", "vp"), [
    ("C01", {"gold": 5}, 6),  # TL23.2.1 KD1: 5 of one type, 6 VP
    ("C04", {"iron": 3}, 4),  # TL23.2.2 KD2
    ("C08", {"wool": 3}, 4),  # TL23.2.4 KD4
    ("C12", {"iron": 4}, 5),  # TL23.2.6 KD6: 2 of one type + 2 iron, paid in iron (TL23.1)
    ("C14", {"food": 2, "wool": 2}, 5),  # TL23.2.7 KD7
    ("C17", {"iron": 2, "wool": 2}, 6),  # TL23.2.8 KD8
])
def test_tl23_2_contract_payments_and_vp(tile: str, pay: dict[str, int], vp: int) -> None:
    """TL23.2: what each contract kind costs and gives (on KS1, 0 VP)."""
    state = seat(fresh(), 0, pay, warehouse=(tile,), contracts=(), vp=0)
    state = action(state, 0, "king", 0)
    move = next(m for m in _moves(state) if m.startswith(f"fulfil {tile}"))
    state = play(state, move)
    assert sum(state.players[0].resources) == 0 and state.players[0].vp == vp


def test_tl23_2_5_and_tl23_3_merchant_extra_is_optional() -> None:
    """TL23.2.5 / TL23.3 / TL29.7: C10 (5 wool, 7 VP) lets the merchant step, or not."""
    state = seat(fresh(), 0, {"wool": 5}, warehouse=("C10",), contracts=(), vp=0)
    state = play(action(state, 0, "king", 0), "fulfil C10")
    assert state.players[0].vp == 7 and "stop" in _moves(state) and "step PAR" in _moves(state)
    assert play(state, "step PAR").players[0].merchant == "PAR"
    assert play(state, "stop").players[0].merchant == "TIL"


def test_tl23_2_9_person_action_extra() -> None:
    """TL23.2.9 / TL23.3: C19 (3 wool + 3 iron, 9 VP) and a granted person action, 1 AP."""
    state = seat(fresh(), 0, {"wool": 3, "iron": 3}, warehouse=("C19",), contracts=(), vp=0)
    state = play(action(state, 0, "king", 0), "fulfil C19")
    assert state.players[0].vp == 9 and state.pending[-1].data[:2] == ("person", 1)


def test_tl23_2_3_king_extra_on_top() -> None:
    """TL23.2.3 / TL23.3: C07 (7 iron, 11 VP) advances the king marker, on top of a stack."""
    state = king_at(seat(fresh(), 0, {"iron": 7}, warehouse=("C07",), contracts=(), vp=0),
                    {5: (0, 1), 6: (2, 3)})
    state = play(action(state, 0, "king", 0), "fulfil C07")
    assert state.king[6] == (2, 3, 0) and state.players[0].vp == 11


def test_tl25_2_2_pillar_on_any_cathedral() -> None:
    """TL25.2.2 / TL10.7: CO2 (6 food): a pillar on any open site without one of the
    player's, the architect anywhere."""
    pillars = [()] * 9
    pillars[SITE["CD9"]] = (0,)
    state = fresh().replaced({"costs": ("CC1",) * 8 + ("CC9",), "pillars": tuple(pillars)})
    state = seat(state, 0, {"food": 6}, warehouse=("B01",), architect="LON")
    state = play(action(state, 0, "king", 0), "coat B01 B2")
    moves = _moves(state)
    assert "pillar CD7" in moves and "pillar CD9" not in moves and "skip" in moves
    state = play(state, "pillar CD7")
    assert state.pillars[SITE["CD7"]] == (0,) and res(state, 0, "food") == 0


def test_tl25_2_4_architect_to_any_space() -> None:
    """TL25.2.4 / TL10.9: CO4 (4 food): the architect to any space, roads too, no path."""
    state = seat(fresh(), 0, {"food": 4}, warehouse=("B01",), architect="LON")
    state = play(action(state, 0, "king", 0), "coat B01 B4")
    assert {f"to {s}" for s in RULES.spaces} == _moves(state)
    assert play(state, "to R19").players[0].architect == "R19"


def test_tl10_5_coat_post_respects_the_map() -> None:
    """TL10.5 / TL25.2.1: CO1's trading post: usable spaces only, not in a town where the
    player has one, with the space's build bonus (WIE-1: 3 VP)."""
    state = seat(fresh(2), 0, {"food": 6}, warehouse=("B01",), vp=0)
    state = play(action(state, 0, "king", 0), "coat B01 B1")
    moves = _moves(state)
    assert not any(m.startswith("post TIL") for m in moves)  # a post there already
    assert "post PAR-1" in moves and "post PAR-2" not in moves  # 3+ space, 2 players
    state = play(state, "post WIE-1")
    assert state.players[0].vp == 3 and state.players[0].posts == 1
