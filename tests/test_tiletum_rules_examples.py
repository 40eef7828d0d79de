"""The worked examples of Tiletum's rules reference (docs/games/tiletum/rules.md TL28, from the
rulebook unless marked derived) replayed step by step through the engine's moves, and the
readings chosen where the rulebook is ambiguous (TL29)."""

from __future__ import annotations

from lisboa_core import legal_moves
from lisboa_core.core.chance import CHANCE
from lisboa_core.core.frame import Frame
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.rules.draws import face_down
from lisboa_core.games.tiletum.rules.ops import ahead_order
from lisboa_core.games.tiletum.scoring import score
from lisboa_core.games.tiletum.stack import STACK
from lisboa_core.games.tiletum.state import State
from tiletum_scenarios import action, ap_left, at, fresh, king_at, play, res, seat

RULES = load_rules()
POST = {p.id: i for i, p in enumerate(RULES.posts)}
SITE = {c.id: i for i, c in enumerate(RULES.cathedrals)}
TOWN = {t.id: i for i, t in enumerate(RULES.towns)}
FULL = tuple(c.pillars for c in RULES.cathedrals)
BLUE, ORANGE, PURPLE, GREEN = 0, 1, 2, 3


def _moves(state: State) -> set[str]:
    return {str(m) for m in legal_moves(state)}


def _turn(state: State, area: int, die: str, players: int = 4) -> State:
    """Blue's turn with ``die`` alone in area ``AR<area>`` (wheel 0, no area tiles)."""
    dice = tuple((die,) if a == area - 1 else () for a in range(6))
    state = state.replaced({"wheel": 0, "area_bonus": ("",) * 6, "area_dice": dice})
    return at(state, Frame("turn", BLUE))


def _run(state: State, *frames: Frame) -> State:
    return STACK.advance(state.with_pending((Frame("turn-end", 1), *frames)))


def test_tl28_2_1_and_tl28_2_2_corruption_on_the_board() -> None:
    """TL28.2.1: green on KT1, orange and blue on KT6 (orange below), purple further right;
    token 2. TL28.2.2: green stops on KT0 (-10), orange and blue move together to KT4 (-1),
    orange still under blue."""
    state = king_at(fresh(), {1: (GREEN,), 6: (ORANGE, BLUE), 10: (PURPLE,)})
    state = state.replaced(face_down(state))
    state = play(_run(state, Frame("corrupt", CHANCE, (1,))), "reveal 2")
    assert state.corruption[-1] == 2 and state.revealed == 1
    assert state.king[0] == (GREEN,) and state.king[4] == (ORANGE, BLUE)
    assert state.king[8] == (PURPLE,)
    assert (RULES.king_values[0], RULES.king_values[4]) == (-10, -1)


def test_tl28_3_1_and_tl29_11_arrivals_on_top_at_the_left_end() -> None:
    """TL28.3.1 / TL29.11 / TL5.4: A on KT0, B on KT1, token 2: B lands on top of A and is
    behind A."""
    a, b = 0, 1
    state = king_at(fresh(), {0: (a,), 1: (b,), 5: (2, 3)})
    state = play(_run(state, Frame("corrupt", CHANCE, (1,))), "reveal 2")
    assert state.king[0] == (a, b) and ahead_order(state)[-2:] == [a, b]


def test_tl28_4_1_taking_a_die() -> None:
    """TL28.4.1: blue (no die, empty warehouse) takes the pink 2 from an area with a bonus
    tile: the die on the first die space, the tile into the warehouse, 2 food, 5 AP."""
    state = _turn(fresh(), 3, "DP2").replaced({"area_bonus": ("", "", "B46", "", "", "")})
    state = seat(state, BLUE, {}, warehouse=(), dice=())
    state = play(state, "take AR3 DP2", "bonus yes")
    p = state.players[BLUE]
    assert p.dice == ("DP2",) and p.warehouse == ("B46",) and p.resources == (0, 2, 0, 0, 0)
    assert ap_left(state) == 5 and state.area_bonus[2] == ""


def test_tl28_5_architect_action() -> None:
    """TL28.5.1: architect in Frankfurt, Nürnberg's bonus tile, Praha's site open; a 3 from
    the architect area: 4 AP. TL28.5.2: FRA -> NUR, the tile, NUR -> PRA, a pillar: 0 AP
    left, one pillar fewer in the supply."""
    bonus = list(fresh().map_bonus)
    bonus[TOWN["NUR"]] = "B45"
    state = fresh().replaced({"map_bonus": tuple(bonus), "costs": ("CC4",) * 9,
                              "cathedral_left": FULL, "pillars": ((),) * 9})
    state = seat(_turn(state, 1, "DY3"), BLUE, architect="FRA", warehouse=())
    state = play(state, "take AR1 DY3")
    assert ap_left(state) == 4
    state = play(state, "move NUR", "bonus NUR", "move PRA", "pillar CD6")
    p = state.players[BLUE]
    assert ap_left(state) == 0 and p.pillars == 1 and p.warehouse == ("B45",)
    assert state.pillars[SITE["CD6"]] == (BLUE,)


def test_tl28_6_merchant_action() -> None:
    """TL28.6.1: merchant in Arles, a 4 from the merchant area: 3 AP. TL28.6.2: ARL -> R15 ->
    GEN, a trading post on GEN-1 (no build bonus): 0 AP left."""
    state = seat(_turn(fresh(), 2, "DW4"), BLUE, merchant="ARL", vp=10)
    state = play(state, "take AR2 DW4")
    assert ap_left(state) == 3
    state = play(state, "move R15", "move GEN", "post GEN-1")
    assert ap_left(state) == 0 and state.posts[POST["GEN-1"]] == BLUE
    assert state.players[BLUE].vp == 10 and state.players[BLUE].posts == 1


def test_tl28_7_person_action() -> None:
    """TL28.7.1: P02a (1 gold + 1 wool) and P02b (2 wool) on display, B3 empty; a 2 from the
    person area: 5 AP. TL28.7.2: hire both (each slot refilled at once), P02a on floor 2
    (2 AP), P02b on floor 1 (1 AP). TL28.7.3: B3 full, its roof post to the supply; net
    +1 gold, +3 wool, +1 post, two new persons on display."""
    state = fresh()
    deck = state.person_deck
    state = state.replaced({"person_display": ("P02a", "P02b", *state.person_display[2:])})
    state = seat(_turn(state, 3, "DG2"), BLUE, {}, warehouse=())
    state = play(state, "take AR3 DG2")
    assert ap_left(state) == 5
    state = play(state, "hire P02a", f"draw {deck[0]}")
    assert state.person_display[0] == deck[0]
    state = play(state, "hire P02b", f"draw {deck[1]}")
    assert state.person_display[1] == deck[1]
    state = play(state, "place P02a B3 2", "place P02b B3 1")
    p = state.players[BLUE]
    assert ap_left(state) == 0 and p.resources == (1, 0, 3, 2, 0)  # 2 stone from the die
    assert p.roofs[2] == 0 and p.posts == 3 and p.rooms[2] == ("P02b", "P02a")


def test_tl28_8_contract_action() -> None:
    """TL28.8.1: 1 food, a 1 from the contract area: 6 AP. TL28.8.2: food for gold with the
    first exchange's extra iron (1 AP), CS4 (2 AP), CS2 (3 AP). TL28.8.3: at the end of the
    turn CS1, CS3, CS5 slide to CS3, CS4, CS5; CS2 then CS1 refilled from the deck."""
    state = fresh()
    shown, deck = state.contract_display, state.contract_deck
    state = seat(_turn(state, 4, "DY1"), BLUE, {"food": 1}, warehouse=(), contracts=(),
                 coats=("",) * 6)
    state = play(state, "take AR4 DY1")
    assert ap_left(state) == 6
    state = play(state, "exchange food gold", "gain iron")
    assert state.players[BLUE].resources == (2, 0, 0, 0, 1) and ap_left(state) == 5
    state = play(state, "contract CS4", "contract CS2")
    assert ap_left(state) == 0 and state.players[BLUE].warehouse == (shown[3], shown[1])
    state = play(state, "done", "end", f"draw {deck[0]}", f"draw {deck[1]}")
    assert state.contract_display == (deck[1], deck[0], shown[0], shown[2], shown[4])


def test_tl28_9_1_king_action() -> None:
    """TL28.9.1: blue alone on KT5, orange (bottom) and purple (top) on KT8; a 4 from the king
    area: 3 AP, three spaces, on top of purple: orange, purple, blue."""
    state = king_at(fresh(), {5: (BLUE,), 8: (ORANGE, PURPLE), 2: (GREEN,)})
    state = play(_turn(state, 5, "DB4"), "take AR5 DB4")
    assert ap_left(state) == 3
    state = play(state, "advance", "advance", "advance")
    assert state.king[8] == (ORANGE, PURPLE, BLUE)


def test_tl28_10_1_king_phase_step_one() -> None:
    """TL28.10.1: blue on KT8 (+3) takes the king bonus tile; blue +3, orange and purple on
    KT5 nothing, green on KT3 -2."""
    state = king_at(fresh(), {8: (BLUE,), 5: (ORANGE, PURPLE), 3: (GREEN,)})
    state = seat(state.replaced({"fair_tiles": ("FT06",) * 4, "king_bonus": "B43"}), BLUE,
                 warehouse=())
    vps = [p.vp for p in state.players]
    state = _run(state, Frame("king-phase", -1))
    assert state.pending[-1] == Frame("king-bonus", BLUE)
    state = play(state, "king-bonus take")
    assert state.players[BLUE].warehouse == ("B43",)
    assert [p.vp - v for p, v in zip(state.players, vps, strict=True)] == [3, 0, 0, -2]


def test_tl28_11_1_new_turn_order() -> None:
    """TL28.11.1: three players, orange (bottom) and blue (top) on KT7, green on KT3: order
    orange, blue, green; orange is start player; green goes to KT5."""
    blue, orange, green = 0, 1, 2
    state = king_at(fresh(3), {7: (orange, blue), 3: (green,)})
    state = _run(state.replaced({"fair_tiles": ("FT06",) * 4}), Frame("king-phase", -1))
    state = play(state, "king-bonus discard")
    assert state.order == (orange, blue, green) and state.king[5] == (green,)
    assert state.king[7] == (orange, blue)


def test_tl28_12_completing_a_building() -> None:
    """TL28.12.1: B1 holds P08a (floor 1) and P08c (floor 2); P08b (3 VP) and a coat CA3 (B03)
    in the warehouse; placing P08b on floor 3 (3 AP): +3 VP, B1 full, roof post to the
    supply. TL28.12.2: the coat on CO1 for 6 food, a trading post in any town; B1 completed:
    +3 bonus AP beside the king area. TL28.12.3: a 4 from the king area: 6 AP; a joker 5 as
    king: 5 AP; an AS6 king action with 2 AP: 2."""
    rooms = (("P08a", "P08c", ""), ("",) * 3, ("",) * 2, ("",) * 2, ("",), ())
    state = seat(fresh(4), BLUE, {"food": 6}, warehouse=("P08b", "B03"), rooms=rooms, vp=0)
    state = play(action(state, BLUE, "person", 3), "place P08b B1 3")
    p = state.players[BLUE]
    assert p.vp == 3 and p.roofs[0] == 0 and p.posts == 3 and ap_left(state) == 0
    state = play(state, "coat B03 B1", "post VEN-1")
    p = state.players[BLUE]
    assert p.coats[0] == "B03" and res(state, BLUE, "food") == 0
    assert state.posts[POST["VEN-1"]] == BLUE and p.bonus_ap == (0, 0, 0, 0, 3)
    later = play(_turn(state, 5, "DY4"), "take AR5 DY4")
    assert ap_left(later) == 6
    joker = play(_turn(state, 6, "DY5"), "take AR6 DY5", "action king")
    assert ap_left(joker) == 5
    helper = play(action(seat(state, BLUE, warehouse=("B33",)), BLUE, "merchant", 0),
                  "assist B33")
    assert helper.pending[-1].data[:2] == ("king", 2)


def test_tl28_13_1_fair_in_verona() -> None:
    """TL28.13.1: round 3, Verona, FT03 (3) + printed 3: 6 per fulfilled contract; blue's
    merchant in Verona, 3 contracts: 18 VP."""
    state = fresh().replaced({"round": 3, "fair_towns": ("TIL", "PAR", "VER", "LON"),
                              "fair_tiles": ("FT06", "FT06", "FT03", "FT06")})
    state = seat(state, BLUE, merchant="VER", contracts=("C01", "C02", "C04"), vp=0)
    assert _run(state, Frame("fair", -1)).players[BLUE].vp == 18


def test_tl28_14_1_final_scoring() -> None:
    """TL28.14.1: 5 pillars and 5 trading posts on the map (25), 4 completed buildings (10),
    3 iron + 5 gold + 1 wool (2): 37 added to the VP of play."""
    state = fresh()
    posts = list(state.posts)
    for space in ("LON-1", "PAR-1", "KOL-1", "BOR-1"):  # and the one in Tiletum
        posts[POST[space]] = BLUE
    rooms = (("",) * 3, ("",) * 3, ("P02a", "P02b"), ("P03a", "P03b"), ("P13a",), ())
    state = state.replaced({"posts": tuple(posts), "pillars": ((BLUE,),) * 5 + ((),) * 4})
    state = seat(state, BLUE, {"iron": 3, "gold": 5, "wool": 1}, vp=50, rooms=rooms,
                 coats=("", "", "B03", "B04", "B05", "B06"))
    mine = score(state).seats[BLUE]
    assert mine.total - 50 == 37


def test_tl28_15_1_a_review_turn() -> None:
    """TL28.15.1: architect in Tiletum; a dark-grey 2 from the architect area: +2 stone, 5 AP;
    TIL -> PAR, Paris's bonus tile, a pillar in Paris, PAR -> R08 -> BOR."""
    bonus = list(fresh().map_bonus)
    bonus[TOWN["PAR"]] = "B44"
    state = fresh().replaced({"map_bonus": tuple(bonus), "costs": ("CC2",) * 9,
                              "cathedral_left": FULL, "pillars": ((),) * 9})
    state = seat(_turn(state, 1, "DG2"), BLUE, {}, architect="TIL", warehouse=())
    state = play(state, "take AR1 DG2")
    assert res(state, BLUE, "stone") == 2 and ap_left(state) == 5
    state = play(state, "move PAR", "bonus PAR", "pillar CD2", "move R08", "move BOR")
    assert state.players[BLUE].architect == "BOR" and ap_left(state) == 0
    assert state.pillars[SITE["CD2"]] == (BLUE,) and state.players[BLUE].warehouse == ("B44",)


def test_tl28_17_1_persons_build_bonus() -> None:
    """TL28.17.1: B3 with P02a and P02b; a post on a PERSONS space (FRA-1), B3 chosen: 1 gold
    + 1 wool and 2 wool, or either skipped."""
    rooms = (("",) * 3, ("",) * 3, ("P02b", "P02a"), ("",) * 2, ("",), ())
    start = play(action(seat(fresh(), BLUE, {}, merchant="FRA", rooms=rooms), BLUE,
                        "merchant", 1), "post FRA-1")
    assert _moves(start) == {"repeat B3"}
    state = play(start, "repeat B3", "repeat P02a", "repeat P02b")
    assert state.players[BLUE].resources == (1, 0, 3, 0, 0)
    state = play(start, "repeat B3", "repeat P02b", "stop")
    assert state.players[BLUE].resources == (0, 0, 2, 0, 0)
    state = play(start, "repeat B3", "repeat P02a", "stop")
    assert state.players[BLUE].resources == (1, 0, 1, 0, 0)


def test_tl29_6_one_tile_moves_both_pieces() -> None:
    """TL29.6 / TL21.2.7: P14c moves the architect and the merchant one step each, each
    optional."""
    state = seat(fresh(), BLUE, warehouse=("P14c",), architect="TIL", merchant="TIL")
    state = play(action(state, BLUE, "person", 1), "place P14c B1 1", "stop", "step BRU")
    p = state.players[BLUE]
    assert p.architect == "TIL" and p.merchant == "BRU" and state.pending[-1].kind == "action"


def test_tl29_9_king_fair_between_order_and_reset() -> None:
    """TL29.9 / TL17.4 / TL18.6: FT04 in round 2 (printed 2 + 4): a participant on KT3 (-2)
    with 10 VP: -2, +6, -2 = 12; the new order is read before the reset moves KT3 to KT5."""
    state = king_at(fresh(), {3: (BLUE,), 5: (ORANGE, PURPLE), 6: (GREEN,)})
    state = state.replaced({"round": 2, "fair_tiles": ("FT06", "FT04", "FT06", "FT06"),
                            "fair_towns": ("TIL", "TIL", "PAR", "LON")})
    state = seat(state, BLUE, vp=10)
    state = play(_run(state, Frame("king-phase", -1)), "king-bonus discard")
    assert state.players[BLUE].vp == 12
    assert state.order == (GREEN, ORANGE, PURPLE, BLUE)
    assert state.king[5] == (ORANGE, PURPLE, BLUE)


def test_tl29_12_no_die_change_and_a_king_tile_in_round_four() -> None:
    """TL29.12: no move changes a die's value for 2 gold; the cleanup after round 3 puts a
    king bonus tile out for round 4."""
    state = seat(_turn(fresh(), 2, "DY4"), BLUE, {"gold": 9})
    assert {m.split()[0] for m in _moves(state)} <= {"take", "trade"}
    state = fresh().replaced({"round": 3, "king_bonus": ""})
    state = play(STACK.advance(state.with_pending((Frame("cleanup", -1),))))
    assert state.round == 4 and state.king_bonus


def test_tl29_13_die_type_tile_from_the_same_area_is_too_late() -> None:
    """TL29.13 / TL22.1.8: B40 lying on the die's area is taken after the die: the die still
    gives its own colour."""
    state = _turn(fresh(), 3, "DP3").replaced({"area_bonus": ("", "", "B40", "", "", "")})
    state = seat(state, BLUE, {}, warehouse=())
    assert _moves(state) == {"take AR3 DP3"}
    state = play(state, "take AR3 DP3", "bonus yes")
    assert res(state, BLUE, "food") == 3 and state.players[BLUE].warehouse == ("B40",)
