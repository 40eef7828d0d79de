"""Tiletum's rules (docs/games/tiletum/rules.md, ids TLn.m): setup, the dice, a turn, the
actions, duties, the king track, fairs, cleanup and final scoring; the worked examples of
TL28 replayed. Values not printed in the rulebook come from components.md."""

from __future__ import annotations

import pytest

from lisboa_core import is_over, legal_moves
from lisboa_core.core.frame import Frame
from lisboa_core.errors import IllegalMoveError
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.rules.phases import corrupt, king_reset
from lisboa_core.games.tiletum.rules.turn import area_of, die_ap
from lisboa_core.games.tiletum.scoring import score
from lisboa_core.games.tiletum.stack import STACK
from tiletum_scenarios import action, ap_left, at, fresh, king_at, play, res, rolled, seat

RULES = load_rules()
POST = {p.id: i for i, p in enumerate(RULES.posts)}
SITE = {c.id: i for i, c in enumerate(RULES.cathedrals)}


@pytest.mark.parametrize(("players", "bag", "gold"), [(2, 10, (1, 3)), (3, 15, (1, 3, 5)),
                                                      (4, 20, (1, 3, 5, 6))])
def test_tl2_setup_by_player_count(players: int, bag: int, gold: tuple[int, ...]) -> None:
    """TL2.2.3 10 VP; TL2.2.4 king markers on KT5 in turn order; TL2.2.6 pieces in Tiletum;
    TL2.2.7-8 two trading posts and two pillars in the supply; TL2.2.10 starting gold by
    position; TL2.2.11/TL2.3.1 dice in the bag; TL4.1 8/11/14 rolled."""
    from lisboa_core.games.tiletum.setup import new_state

    assert new_state(RULES, players, 1).king[5] == new_state(RULES, players, 1).order
    state = fresh(players)
    rolled = sum(len(a) for a in state.area_dice)
    assert rolled == {2: 8, 3: 11, 4: 14}[players]
    assert len(state.bag) + rolled == bag
    for position, s in enumerate(state.order):
        p = state.players[s]
        assert p.vp == 10 and p.merchant == "TIL" and p.architect == "TIL"
        assert p.posts == 2 and p.pillars == 2 and p.roofs == (1, 1, 1, 1, 1, 0)
        assert p.resources == (gold[position], 1, 1, 1, 1)
        assert state.posts[POST[f"TIL-{position + 1}"]] == s
    assert len(state.person_display) == 5 and len(state.contract_display) == 5
    assert state.fair_towns[0] == "TIL" and len(set(state.fair_tiles)) == 4


def test_tl2_1_4_tiles_removed_by_player_count() -> None:
    """TL2.1.4: with 2 players no tile marked 3+ or 4 is in play; with 4 all are."""
    two = fresh(2)
    tiles = {*two.person_display, *two.person_deck}
    assert not any(t.startswith(("P05", "P06", "P08", "P09", "P12")) for t in tiles)
    assert len(tiles) == 30
    four = fresh(4)
    assert len({*four.person_display, *four.person_deck}) == 45


@pytest.mark.parametrize(("value", "ap"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)])
def test_tl6_6_ap_is_seven_minus_the_value(value: int, ap: int) -> None:
    """TL6.6 / TL28.1.1: a 3 gives 4 AP, a 6 gives 1, a 1 gives 6."""
    assert die_ap(value) == ap


def test_tl4_3_the_wheel_offset_moves_values_between_areas() -> None:
    """TL4.3: value v faces area ((v - 1 + r) mod 6) + 1."""
    state = fresh().replaced({"wheel": 0})
    assert [area_of(state, v) for v in range(1, 7)] == [0, 1, 2, 3, 4, 5]
    state = state.replaced({"wheel": 2})
    assert area_of(state, 1) == 2 and area_of(state, 5) == 0


def test_tl28_2_corruption_rulebook_example() -> None:
    """TL28.2: green on KT1; orange, blue on KT6; a 2: green stops on KT0, orange and blue
    move together to KT4, orange still under blue (TL5.3-TL5.4)."""
    green, orange, blue = 2, 1, 0
    king = tuple(() for _ in range(16))
    king = (*king[:1], (green,), *king[2:6], (orange, blue), *king[7:])
    after = corrupt(king, 2)
    assert after[0] == (green,) and after[4] == (orange, blue)
    assert sum(len(s) for s in after) == 3


def test_tl28_3_stacking_at_the_left_end() -> None:
    """TL28.3: A on KT0, B on KT1, token 2: KT0 holds A (bottom) then B."""
    king = ((0,), (1,), *(() for _ in range(14)))
    assert corrupt(king, 2)[0] == (0, 1)
    assert corrupt(king, 0) == king  # TL5.3: a 0 does nothing


def test_tl5_2_one_token_revealed_per_cycle_right_to_left() -> None:
    """TL5.2: each cycle reveals the rightmost face-down token."""
    state = fresh()
    assert state.revealed == 1 and state.cycle == 1


def test_tl28_4_taking_a_die() -> None:
    """TL28.4 / TL6.2-TL6.6: blue takes the pink 2 from an area with a bonus tile: the die on
    the first die space, the tile offered, 2 food, 5 AP for the area's action."""
    state = fresh().replaced({"wheel": 0})
    area = ("", "B43", "", "", "", "")  # the merchant area (AR2) holds an assistant tile
    dice = ((), ("DP2",), (), (), (), ())
    state = state.replaced({"area_bonus": area, "area_dice": dice})
    state = seat(state, 0, {"food": 0}, warehouse=())
    state = at(state, Frame("turn", 0))
    assert legal_moves(state)[0].kind == "take"
    state = play(state, "take AR2 DP2", "bonus yes")
    p = state.players[0]
    assert p.dice == ("DP2",) and p.warehouse == ("B43",) and res(state, 0, "food") == 2
    assert state.area_bonus[1] == "" and ap_left(state) == 5
    assert state.pending[-1].data[0] == "merchant"


def test_tl6_4_the_area_tile_may_be_left() -> None:
    """TL6.4: taking the tile is optional; it stays for the next player."""
    state = fresh().replaced({"wheel": 0, "area_bonus": ("B43",) * 6,
                              "area_dice": (("DY1",), (), (), (), (), ())})
    state = play(at(state, Frame("turn", 0)), "take AR1 DY1", "bonus no")
    assert state.area_bonus[0] == "B43" and ap_left(state) == 6


def test_tl28_5_architect_action() -> None:
    """TL28.5: FRA -> NUR (1 AP), Nürnberg's bonus tile (1 AP), NUR -> PRA (1 AP), a pillar
    on Praha's cathedral (1 AP)."""
    state = fresh()
    towns = [t.id for t in RULES.towns]
    bonus = list(state.map_bonus)
    bonus[towns.index("NUR")] = "B44"
    state = state.replaced({"map_bonus": tuple(bonus),
                            "costs": ("CC1",) * 9})
    state = seat(state, 0, architect="FRA", warehouse=())
    state = action(state, 0, "architect", 4)
    state = play(state, "move NUR", "bonus NUR", "move PRA", "pillar CD6")
    p = state.players[0]
    assert p.architect == "PRA" and p.warehouse == ("B44",) and p.pillars == 1
    assert state.pillars[SITE["CD6"]] == (0,) and ap_left(state) == 0
    # no AP left: only duties (TL14.1) and ending the action (TL7.3)
    assert {m.kind for m in legal_moves(state)} <= {"trade", "assist", "done"}


def test_tl10_7_one_pillar_per_player_and_closed_sites() -> None:
    """TL8.2/TL10.7: no second pillar of a player on a site; a closed site takes none."""
    state = fresh().replaced({"costs": ("CC9",) + ("CC1",) * 8})
    state = seat(state, 0, architect="LON")  # CD1 is London's and is closed here
    state = action(state, 0, "architect", 3)
    assert "pillar CD1" not in {str(m) for m in legal_moves(state)}


def test_tl28_6_merchant_action() -> None:
    """TL28.6: ARL -> R15 -> GEN, a trading post on GEN-1 (no build bonus): 3 AP."""
    state = seat(fresh(), 0, merchant="ARL")
    vp = state.players[0].vp
    state = play(action(state, 0, "merchant", 3), "move R15", "move GEN", "post GEN-1")
    assert state.posts[POST["GEN-1"]] == 0 and state.players[0].posts == 1
    assert state.players[0].vp == vp and ap_left(state) == 0
    with pytest.raises(IllegalMoveError):
        play(action(state, 0, "merchant", 1), "post GEN-2")  # TL10.4: one per town


def test_tl25_1_1_build_bonus_vp() -> None:
    """TL25.1.1: a post on LON-1 (VP 2) scores 2 VP."""
    state = seat(fresh(), 0, merchant="LON")
    vp = state.players[0].vp
    state = play(action(state, 0, "merchant", 1), "post LON-1")
    assert state.players[0].vp == vp + 2


def test_tl28_7_person_action() -> None:
    """TL28.7: take P02a and P02b (1 AP each), P02a on floor 2 of B3 (2 AP: 1 gold + 1
    wool), P02b on floor 1 (1 AP: 2 wool); B3 full, its roof post to the supply (TL11.6)."""
    state = fresh()
    display = ("P02a", "P02b", *state.person_display[2:])
    state = state.replaced({"person_display": display})
    state = seat(state, 0, {}, warehouse=())
    state = play(action(state, 0, "person", 5), "hire P02a", "hire P02b", "place P02a B3 2",
                 "place P02b B3 1")
    p = state.players[0]
    assert res(state, 0, "gold") == 1 and res(state, 0, "wool") == 3
    assert p.rooms[2] == ("P02b", "P02a") and p.roofs[2] == 0 and p.posts == 3
    assert "P02a" not in state.person_display and ap_left(state) == 0
    assert all(state.person_display)  # TL11.1: refilled at once


def test_tl11_4_one_person_per_building() -> None:
    """TL11.4: a building holds one person; a person found in one building goes nowhere else."""
    state = seat(fresh(), 0, warehouse=("P02c", "P03a"),
                 rooms=(("",) * 3, ("",) * 3, ("P02a", ""), ("",) * 2, ("",), ()))
    moves = {str(m) for m in legal_moves(action(state, 0, "person", 3))}
    assert "place P02c B3 2" in moves and "place P02c B1 1" not in moves
    assert "place P03a B3 2" not in moves and "place P03a B1 1" in moves


def test_tl28_8_contract_action_and_tl12_5_tidying() -> None:
    """TL28.8: exchange food for gold (1 AP) with the first exchange's extra resource (iron),
    take CS4 (2 AP) and CS2 (3 AP); at the end of the turn the display slides right and the
    left slots are refilled (TL12.5)."""
    state = fresh()
    shown, deck = state.contract_display, state.contract_deck
    state = seat(state, 0, {"food": 1}, warehouse=(), contracts=())
    state = play(action(state, 0, "contract", 6), "exchange food gold", "gain iron")
    assert res(state, 0, "gold") == 1 and res(state, 0, "iron") == 1
    state = play(state, "exchange gold food")  # TL12.4: only the first gives the extra
    assert state.pending[-1].kind == "action" and res(state, 0, "food") == 1
    state = play(state.replaced({"pending": (state.pending[0], Frame(
        "action", 0, ("contract", 5, 1, 1)))}), "contract CS4", "contract CS2", "done", "end",
        f"draw {deck[0]}", f"draw {deck[1]}")
    assert state.players[0].warehouse == (shown[3], shown[1])
    assert state.contract_display[2:] == (shown[0], shown[2], shown[4])
    # the rightmost empty slot is refilled first
    assert state.contract_display[:2] == (deck[1], deck[0])
    assert state.contract_deck == deck[2:]


def test_tl28_9_king_action_goes_on_top() -> None:
    """TL28.9: blue alone on KT5, orange and purple on KT8; 3 AP take blue on top of them."""
    state = king_at(fresh(), {5: (0,), 8: (1, 2), 3: (3,)})
    state = play(action(state, 0, "king", 3), "advance", "advance", "advance")
    assert state.king[8] == (1, 2, 0)


def test_tl13_2_never_beyond_the_last_space() -> None:
    """TL13.2: no move past KT15."""
    state = king_at(fresh(), {15: (0,), 5: (1, 2, 3)})
    assert "advance" not in {str(m) for m in legal_moves(action(state, 0, "king", 3))}


def test_tl28_10_and_tl28_11_king_phase() -> None:
    """TL28.10: the leader takes or discards the king bonus; +3, 0, 0, -2 VP (TL17.2).
    TL28.11: new turn order right to left, bottom first (TL17.3); red markers reset (TL17.5)."""
    state = king_at(fresh(), {8: (0,), 5: (1, 2), 3: (3,)})
    state = state.replaced({"fair_tiles": ("FT06",) * 4})
    vps = [p.vp for p in state.players]
    state = STACK.advance(state.with_pending((Frame("turn-end", 1), Frame("king-phase", -1))))
    assert state.pending[-1] == Frame("king-bonus", 0)
    state = play(state, "king-bonus discard")
    assert [p.vp - v for p, v in zip(state.players, vps, strict=True)] == [3, 0, 0, -2]
    assert state.order == (0, 1, 2, 3) and state.king_bonus == ""
    assert state.king[5] == (1, 2, 3) and state.king[8] == (0,)


def test_tl28_11_2_reset_keeps_order() -> None:
    """TL28.11.2: C on KT5, B on KT4, A on KT2, D on KT0: KT5 holds C, B, A, D."""
    a, b, c, d = 0, 1, 2, 3
    king = tuple({5: (c,), 4: (b,), 2: (a,), 0: (d,)}.get(i, ()) for i in range(16))
    assert king_reset(king, 5)[5] == (c, b, a, d)


def test_tl28_13_fair_in_verona() -> None:
    """TL28.13: round 3, Verona, FT03 (3) + printed 3 = 6 per fulfilled contract; the
    merchant there is enough to take part: 3 contracts -> 18 VP."""
    state = fresh().replaced({"round": 3, "fair_towns": ("TIL", "PAR", "VER", "LON"),
                              "fair_tiles": ("FT01", "FT02", "FT03", "FT04")})
    state = seat(state, 0, merchant="VER", contracts=("C01", "C02", "C04"), vp=0)
    state = seat(state, 1, vp=0, contracts=("C05",))
    state = STACK.advance(state.with_pending((Frame("turn-end", 1), Frame("fair", -1))))
    assert state.players[0].vp == 18 and state.players[1].vp == 0


def test_tl28_16_1_fair_sets() -> None:
    """TL28.16.1: round 2 (2) with FT01 (2): 4 posts and 2 pillars on the map: 2 x 4 = 8."""
    state = fresh().replaced({"round": 2, "fair_tiles": ("FT06", "FT01", "FT03", "FT04")})
    posts = list(state.posts)
    for space in ("LON-1", "PAR-1", "KOL-1"):
        posts[POST[space]] = 0
    state = state.replaced({"posts": tuple(posts), "fair_towns": ("TIL", "LON", "VER", "PAR"),
                            "pillars": ((0,), (0,), *((),) * 7)})
    state = seat(state, 0, vp=0)
    state = STACK.advance(state.with_pending((Frame("turn-end", 1), Frame("fair", -1))))
    assert state.players[0].vp == 8


def test_tl14_3_fulfil_a_contract() -> None:
    """TL14.3: pay, onto the leftmost free contract space, contract VP + space VP, the
    pillar there to the supply. K07 (3 iron, 4 VP) on KS2 (1 VP) = 5 VP."""
    state = seat(fresh(), 0, {"iron": 3}, warehouse=("C04",), contracts=("C01",), vp=0)
    state = play(action(state, 0, "king", 0), "fulfil C04")
    p = state.players[0]
    assert p.contracts == ("C01", "C04") and p.vp == 4 + 1 and p.pillars == 3
    assert res(state, 0, "iron") == 0


def test_tl23_1_of_one_type_is_chosen_when_paying() -> None:
    """TL23.1: "5 of one type" (K03 on C01) may be paid in any single type."""
    state = seat(fresh(), 0, {"stone": 5, "wool": 4}, warehouse=("C01",), contracts=())
    moves = {str(m) for m in legal_moves(action(state, 0, "king", 0))}
    assert "fulfil C01 stone" in moves and "fulfil C01 wool" not in moves


def test_tl14_4_coat_and_tl16_completed_building() -> None:
    """TL14.4: pay the space's food, coat placed, its bonus (CO5: 2 resources); TL16.1-TL16.4:
    B5 full with a person and now a coat: +1 bonus AP for the person's action, added to the
    open die action of that kind at once."""
    state = seat(fresh(), 0, {"food": 3}, warehouse=("B01",),
                 rooms=(("",) * 3, ("",) * 3, ("",) * 2, ("",) * 2, ("P13a",), ()))
    state = action(state, 0, "architect", 2)
    state = play(state, "coat B01 B5", "gain gold", "gain iron")
    p = state.players[0]
    assert p.coats[4] == "B01" and res(state, 0, "food") == 0
    assert res(state, 0, "gold") == 1 and res(state, 0, "iron") == 1
    assert p.bonus_ap == (1, 0, 0, 0, 0) and ap_left(state) == 3


def test_tl15_4_no_two_coats_of_a_type() -> None:
    """TL15.4: a coat of a type already owned cannot be gained."""
    state = fresh().replaced({"area_bonus": ("B07",) * 6, "wheel": 0,
                              "area_dice": (("DY1",), (), (), (), (), ())})
    state = seat(state, 0, warehouse=("B01",))  # B01 and B07 are both CA1
    state = play(at(state, Frame("turn", 0)), "take AR1 DY1")
    assert state.pending[-1].kind == "action"  # no bonus-tile decision


def test_tl15_1_full_warehouse() -> None:
    """TL15.1: a full warehouse takes no tile."""
    state = seat(fresh(), 0, warehouse=("B43", "B44", "B45", "B46"))
    moves = {m.kind for m in legal_moves(action(state, 0, "person", 3))}
    assert "hire" not in moves


def test_tl14_5_contribute_to_a_cathedral() -> None:
    """TL14.5: with a pillar there, pay the cost tile's stone, gain its VP plus the top
    cathedral tile's; once per player per site."""
    state = fresh().replaced({"costs": ("CC2",) * 9, "pillars": ((0,), *((),) * 8),
                              "cathedral_left": (2, 3, 3, 2, 3, 3, 3, 3, 3)})
    state = seat(state, 0, {"stone": 9}, vp=0)
    state = play(action(state, 0, "king", 0), "contribute CD1")
    assert state.players[0].vp == 2 + 5 and res(state, 0, "stone") == 5
    assert state.players[0].cathedral_tiles == (5,) and state.cathedral_left[0] == 1
    assert "contribute CD1" not in {str(m) for m in legal_moves(state)}


def test_tl14_2_gold_exchange() -> None:
    """TL14.2: 2 gold for 1 of another resource."""
    state = seat(fresh(), 0, {"gold": 2})
    state = play(action(state, 0, "king", 0), "trade stone")
    assert res(state, 0, "gold") == 0 and res(state, 0, "stone") == 1


def test_tl22_1_7_plus_ap_only_in_the_die_action() -> None:
    """TL22.1.7/TL7.7: a "+AP" assistant adds to the die action, never to a granted one."""
    state = seat(fresh(), 0, warehouse=("B39",))
    assert "assist B39" not in {str(m) for m in legal_moves(action(state, 0, "king", 1, False))}
    state = play(action(state, 0, "king", 1), "assist B39")
    assert ap_left(state) == 4


def test_tl0_8_vp_never_below_zero() -> None:
    """TL0.8 / TL28.16.2: a loss larger than the score leaves 0."""
    state = king_at(fresh(), {0: (0,), 5: (1, 2, 3)})
    state = seat(state, 0, vp=3).replaced({"fair_tiles": ("FT06",) * 4})
    state = STACK.advance(state.with_pending((Frame("turn-end", 1), Frame("king-phase", -1))))
    state = play(state, "king-bonus discard")
    assert state.players[1].vp == 10 and state.players[0].vp == 0


def test_tl19_cleanup() -> None:
    """TL19.2-TL19.4: dice back in the bag (then rolled for the next round), the wheel one
    area on, three tokens on the track, the next round."""
    state = fresh()
    wheel = state.wheel
    state = rolled(STACK.advance(state.with_pending((Frame("cleanup", -1),))))
    assert state.round == 2 and state.wheel == (wheel + 1) % 6 and state.cycle == 1
    assert len(state.bag) + sum(len(a) for a in state.area_dice) == 20
    assert all(p.dice == () for p in state.players) and len(state.corruption) == 3


def test_tl28_14_final_scoring_and_tl20_6_ties() -> None:
    """TL28.14: 5 posts x 5 pillars = 25, 4 completed buildings = 10, 9 resources = 2.
    TL20.6: a tie goes to the earlier seat in turn order."""
    state = fresh()
    posts = [-1] * len(state.posts)
    for space in ("LON-1", "PAR-1", "KOL-1", "BOR-1", "LYO-1"):
        posts[POST[space]] = 0
    full = (("P07a", "P07b", "P07c"), ("P13a", "P13b", "P13c"), ("P02a", "P02b"),
            ("P03a", "P03b"), ("",), ())
    state = state.replaced({"posts": tuple(posts), "pending": (),
                            "pillars": ((0,),) * 5 + ((),) * 4, "order": (1, 0, 2, 3)})
    state = seat(state, 0, {"iron": 3, "gold": 5, "wool": 1}, vp=0, rooms=full,
                 coats=("B01", "B02", "B03", "B04", "", ""))
    sheet = score(state)
    mine = sheet.seats[0]
    assert (mine.points("posts-x-pillars"), mine.points("buildings"),
            mine.points("resources")) == (25, 10, 2)
    assert sheet.final and is_over(state)
    tied = seat(seat(state, 0, {}, vp=50, coats=("",) * 6), 1, {}, vp=50)
    tied = tied.replaced({"posts": (-1,) * len(posts), "pillars": ((),) * 9})
    assert score(tied).winners == (1,)


@pytest.mark.parametrize(("players", "spaces"), [(2, 10), (3, 13), (4, 16)])
def test_tl2_1_5_map_bonus_spaces_by_player_count(players: int, spaces: int) -> None:
    """TL2.1.5 / components.md P: 10, 13, 16 map bonus-tile spaces filled; one tile on each
    action area and on the king space."""
    state = fresh(players)
    assert sum(1 for t in state.map_bonus if t) == spaces
    assert all(state.area_bonus) and state.king_bonus


def test_tl2_1_8_one_closed_cathedral_site() -> None:
    """TL2.1.8: the "not built" cost tile closes its site: no tiles, no pillar there."""
    state = fresh()
    closed = state.costs.index("CC9")
    assert state.cathedral_left[closed] == 0
    assert sum(1 for n in state.cathedral_left if n) == 8


def test_tl10_3_marked_spaces_follow_the_player_count() -> None:
    """TL10.3: with 2 players only unmarked spaces take trading posts (Paris: PAR-1)."""
    state = seat(fresh(2), 0, merchant="PAR")
    moves = {str(m) for m in legal_moves(action(state, 0, "merchant", 1))}
    assert "post PAR-1" in moves and "post PAR-2" not in moves and "post PAR-3" not in moves
    state = seat(fresh(4), 0, merchant="PAR")
    moves = {str(m) for m in legal_moves(action(state, 0, "merchant", 1))}
    assert {"post PAR-1", "post PAR-2", "post PAR-3"} <= moves


def test_tl10_2_road_spaces_cost_a_move_each() -> None:
    """TL10.2: Paris to Bordeaux is two moves through the road space R08."""
    state = seat(fresh(), 0, merchant="PAR")
    state = play(action(state, 0, "merchant", 2), "move R08", "move BOR")
    assert state.players[0].merchant == "BOR" and ap_left(state) == 0


def test_tl15_5_no_contract_without_an_empty_contract_space() -> None:
    """TL15.5: with every contract space covered no contract can be gained."""
    state = fresh()
    full = tuple(f"C{i:02d}" for i in range(1, 9))
    state = seat(state, 0, {}, contracts=full, warehouse=())
    moves = {str(m) for m in legal_moves(action(state, 0, "contract", 6))}
    holds = [RULES.extra["tile"][t].kind for t in state.contract_display]
    assert all((f"contract CS{i + 1}" in moves) == (k == "coat") for i, k in enumerate(holds))


def test_tl12_3_exchange_gives_another_type() -> None:
    """TL12.3 (TL29.3 reading): no exchange for the same type."""
    state = seat(fresh(), 0, {"food": 1})
    moves = {str(m) for m in legal_moves(action(state, 0, "contract", 1))}
    assert "exchange food food" not in moves and "exchange food gold" in moves
