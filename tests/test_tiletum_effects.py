"""Tiletum's effects: person bonuses (TL21), assistants (TL22), contract extras (TL23), build
and coat bonuses (TL25), the joker (TL7.6), the person display refresh (TL11.2) and the last
round's king bonus and king fair (TL17.1, TL17.4, TL18.6)."""

from __future__ import annotations

from lisboa_core import action_index, chance_outcomes, is_chance, legal_moves
from lisboa_core.core.frame import Frame
from lisboa_core.games.tiletum.actions import action_space
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.stack import STACK
from tiletum_scenarios import action, ap_left, at, fresh, king_at, play, res, seat

RULES = load_rules()
POST = {p.id: i for i, p in enumerate(RULES.posts)}


def _moves(state: object) -> set[str]:
    return {str(m) for m in legal_moves(state)}


def test_tl21_2_1_granted_contract_action_and_tl7_4_nesting() -> None:
    """TL21.2.1: P01a gives a contract action with 1 AP and a resource of any type; TL7.4 the
    granted instance is on top, the die action resumes after it (TL7.7: no bonus AP)."""
    state = seat(fresh(), 0, {}, warehouse=("P01a",), bonus_ap=(0, 0, 0, 3, 0))
    state = play(action(state, 0, "person", 3), "place P01a B1 1")
    assert state.pending[-1].kind == "action" and state.pending[-1].data[:2] == ("contract", 1)
    assert state.pending[-2].kind == "gain-any"
    state = play(state, "done", "gain stone")
    assert res(state, 0, "stone") == 1 and state.pending[-1].data[:2] == ("person", 2)


def test_tl21_2_13_merchant_step_and_trading_post() -> None:
    """TL21.2.13: P11a: the merchant may step and may place a trading post where it stands."""
    state = seat(fresh(), 0, warehouse=("P11a",), merchant="TIL")
    state = play(action(state, 0, "person", 1), "place P11a B1 1")
    assert "step PAR" in _moves(state) and "stop" in _moves(state)
    state = play(state, "step PAR", "post PAR-1")
    assert state.posts[POST["PAR-1"]] == 0 and state.players[0].merchant == "PAR"
    assert state.pending[-1].kind == "action"


def test_tl21_3_free_steps_take_no_bonus_tile() -> None:
    """TL21.2.15, TL21.3: P14b moves the architect up to two steps, no bonus tile offered."""
    state = seat(fresh(), 0, warehouse=("P14b",), architect="FRA")
    state = play(action(state, 0, "person", 1), "place P14b B1 1", "step NUR")
    assert not any(m.startswith("bonus") for m in _moves(state))
    state = play(state, "step PRA")
    assert state.players[0].architect == "PRA" and state.pending[-1].kind == "action"


def test_tl21_2_7_both_pieces_step() -> None:
    """TL21.2.7: P12a: the architect and the merchant each may step once."""
    state = seat(fresh(4), 0, warehouse=("P12a",))
    state = play(action(state, 0, "person", 1), "place P12a B1 1", "step PAR", "step BRU")
    p = state.players[0]
    assert p.architect == "PAR" and p.merchant == "BRU"


def test_tl25_1_2_persons_build_bonus() -> None:
    """TL25.1.2 / TL28.17: a post on a PERSONS space repeats the bonuses of one building:
    B3 with P02a (1 gold + 1 wool) and P02b (2 wool)."""
    state = seat(fresh(), 0, {}, merchant="BOR",
                 rooms=(("",) * 3, ("",) * 3, ("P02b", "P02a"), ("",) * 2, ("",), ()))
    state = play(action(state, 0, "merchant", 1), "post BOR-1", "repeat B3", "repeat P02b",
                 "repeat P02a")
    assert res(state, 0, "gold") == 1 and res(state, 0, "wool") == 3
    assert state.pending[-1].kind == "action"


def test_tl25_1_2_persons_bonuses_in_any_order_and_any_skipped() -> None:
    """TL25.1.2: the chosen building's bonuses in any order, any of them skipped: B3 holds
    P02b (floor 1, 2 wool) and P02a (floor 2, 1 gold + 1 wool); the floor-2 tile first, then
    stop: 1 gold + 1 wool and no 2 wool. Every move offered is in the action space."""
    start = action(seat(fresh(), 0, {}, merchant="BOR", rooms=(
        ("",) * 3, ("",) * 3, ("P02b", "P02a"), ("",) * 2, ("",), ())), 0, "merchant", 1)
    state = play(start, "post BOR-1", "repeat B3")
    assert _moves(state) == {"repeat P02b", "repeat P02a", "stop"}
    space = action_space(RULES)
    assert all(space[action_index(state, m)] == m for m in legal_moves(state))
    state = play(state, "repeat P02a")
    assert _moves(state) == {"repeat P02b", "stop"}
    assert res(state, 0, "gold") == 1 and res(state, 0, "wool") == 1
    state = play(state, "stop")
    assert res(state, 0, "gold") == 1 and res(state, 0, "wool") == 1
    assert state.pending[-1].kind == "action"
    skipped = play(start, "post BOR-1", "repeat B3", "stop")
    assert skipped.players[0].resources == (0, 0, 0, 0, 0)


def test_tl25_1_2_each_bonus_carried_out_before_the_next_is_chosen() -> None:
    """TL25.1.2 / TL21.2.15: B1 holds P14a (architect 1 step) and P14b (architect up to 2
    steps); P14b chosen first: its two free steps are taken before P14a is offered, then
    P14a's step."""
    state = seat(fresh(), 0, {}, merchant="BOR", architect="FRA",
                 rooms=(("P14a", "P14b", ""), ("",) * 3, ("",) * 2, ("",) * 2, ("",), ()))
    state = play(action(state, 0, "merchant", 1), "post BOR-1", "repeat B1", "repeat P14b")
    assert "step NUR" in _moves(state) and "repeat P14a" not in _moves(state)
    state = play(state, "step NUR", "step PRA")
    assert _moves(state) == {"repeat P14a", "stop"}
    state = play(state, "repeat P14a", "step NUR")
    assert state.players[0].architect == "NUR" and state.pending[-1].kind == "action"


def test_tl22_1_1_any_action_with_one_ap() -> None:
    """TL22.1.1: B23: the player names the kind, then has 1 AP."""
    state = seat(fresh(), 0, warehouse=("B23",))
    state = play(action(state, 0, "king", 0), "assist B23", "action king")
    assert state.pending[-1].data[:2] == ("king", 1) and "B23" not in state.players[0].warehouse


def test_tl22_1_9_and_tl22_1_11_gains() -> None:
    """TL22.1.9: B45 2 gold + 2 VP; TL22.1.11: B50 1 wool, stone, iron, food."""
    state = seat(fresh(), 0, {}, warehouse=("B45", "B50"), vp=0)
    state = play(action(state, 0, "king", 0), "assist B45", "assist B50")
    assert state.players[0].resources == (2, 1, 1, 1, 1) and state.players[0].vp == 2


def test_tl22_1_8_die_type_assistant() -> None:
    """TL22.1.8: B40 names the resource of the die taken: a pink 3 gives 3 iron."""
    state = fresh().replaced({"wheel": 0, "area_bonus": ("",) * 6,
                              "area_dice": ((), (), ("DP3",), (), (), ())})
    state = seat(state, 0, {}, warehouse=("B40",))
    state = play(at(state, Frame("turn", 0)), "take AR3 DP3 iron")
    assert res(state, 0, "iron") == 3 and res(state, 0, "food") == 0
    assert state.players[0].warehouse == ()


def test_tl7_6_joker() -> None:
    """TL7.6: the joker's die action is of the kind named, with that kind's bonus AP."""
    state = fresh().replaced({"wheel": 0, "area_bonus": ("",) * 6,
                              "area_dice": ((), (), (), (), (), ("DY6",))})
    state = seat(state, 0, bonus_ap=(0, 0, 0, 0, 2))
    state = play(at(state, Frame("turn", 0)), "take AR6 DY6", "action king")
    assert state.pending[-1].data[:2] == ("king", 3) and ap_left(state) == 3


def test_tl23_2_3_king_extra() -> None:
    """TL23.2.3: K09 (C06, 5 iron, 7 VP) also advances the king marker one space."""
    state = king_at(seat(fresh(), 0, {"iron": 5}, warehouse=("C06",), contracts=()),
                    {5: (0, 1, 2, 3)})
    state = play(action(state, 0, "king", 0), "fulfil C06")
    assert state.king[6] == (0,)


def test_tl25_2_coat_bonuses() -> None:
    """TL25.2.1 CO1 a trading post in any town; TL25.2.3 CO3 the merchant to any space;
    TL25.2.6 CO6 5 VP."""
    state = seat(fresh(), 0, {"food": 13}, warehouse=("B01", "B02", "B03"), vp=0)
    state = play(action(state, 0, "king", 0), "coat B01 B1", "post VEN-1")
    assert state.posts[POST["VEN-1"]] == 0
    state = play(state, "coat B02 B3", "to R10")
    assert state.players[0].merchant == "R10"
    state = play(state, "coat B03 B6")
    assert state.players[0].vp == 5 and res(state, 0, "food") == 0


def test_tl11_2_refresh_the_person_display() -> None:
    """TL11.2: the display replaced from the deck (five draws), the old tiles shuffled into
    the deck afterwards (not drawable while refilling)."""
    state = fresh()
    old = state.person_display
    deck = state.person_deck
    state = play(action(state, 0, "person", 1), "refresh", settle=False)
    assert state.person_display == ("",) * 5 and is_chance(state)
    assert {str(m.args[0]) for m, _ in chance_outcomes(state)} == set(deck)
    state = play(state, *(f"draw {tile}" for tile in deck[:5]))
    assert state.person_display == deck[:5]
    assert state.person_deck == tuple(sorted((*deck[5:], *old)))


def test_tl17_1_round_four_king_bonus_vp() -> None:
    """TL17.1: in round 4 the leader may leave the tile and gain 4 VP."""
    state = king_at(fresh(), {5: (1, 0, 2, 3)}).replaced({"round": 4,
                                                          "fair_tiles": ("FT06",) * 4})
    state = seat(state, 1, vp=0)
    state = STACK.advance(state.with_pending((Frame("turn-end", 2), Frame("king-phase", -1))))
    assert "king-bonus vp" in _moves(state)
    state = play(state, "king-bonus vp")
    assert state.players[1].vp == 4


def test_tl17_4_and_tl28_16_2_king_fair() -> None:
    """TL28.16.2: round 4 (4) with FT04 (4): a participant on KT7 (+2) scores +2, then 8 and
    +2 again: 12; one on KT2 (-4) with 3 VP: 0, then 8, then 4; then KT2 goes to KT5."""
    state = king_at(fresh(), {7: (0,), 2: (1,), 5: (2, 3)})
    state = state.replaced({"round": 4, "fair_tiles": ("FT06", "FT06", "FT06", "FT04"),
                            "fair_towns": ("TIL", "PAR", "LON", "TIL")})
    state = seat(seat(state, 0, vp=0), 1, vp=3)
    state = STACK.advance(state.with_pending((Frame("turn-end", 2), Frame("king-phase", -1))))
    state = play(state, "king-bonus discard")
    assert state.players[0].vp == 12 and state.players[1].vp == 4
    assert 1 in state.king[5]
