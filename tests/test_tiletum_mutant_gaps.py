"""Tiletum rules the mutation run left unguarded (`make mutate PACKAGE=tiletum-rules`,
benchmarks/mutants.md): each test builds a position and checks the engine against the
rules reference (docs/games/tiletum/rules.md; printed values from components.md), and each
fails on the surviving mutant it is named for in benchmarks/issue_mutants.py."""

from __future__ import annotations

from lisboa_core import apply, legal_moves, new_game, sample_chance
from lisboa_core.core.frame import Frame
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.scoring import score
from lisboa_core.games.tiletum.stack import STACK
from tiletum_scenarios import action, at, fresh, king_at, play, res, rolled, seat

RULES = load_rules()
POST = {p.id: i for i, p in enumerate(RULES.posts)}
SITE = {c.id: i for i, c in enumerate(RULES.cathedrals)}
TOWN = [t.id for t in RULES.towns]


def _moves(state: object) -> set[str]:
    return {str(m) for m in legal_moves(state)}


def test_tl11_2_a_refresh_with_an_empty_deck_brings_the_discards_back() -> None:
    """TL11.2: the display can be refreshed with the person deck empty: the five discards
    are shuffled in as soon as the deck runs out and the refill goes on, so the display
    ends up holding the same five tiles (in some order) and the deck stays empty."""
    state = fresh()
    old = state.person_display
    assert all(old)
    state = seat(state.replaced({"person_deck": ()}), 0, warehouse=())
    state = action(state, 0, "person", 1)
    assert "refresh" in _moves(state)
    state = rolled(play(state, "refresh"))
    assert sorted(state.person_display) == sorted(old) and state.person_deck == ()


def test_tl10_4_another_players_trading_post_leaves_the_town_open() -> None:
    """TL10.4: the limit is one trading post per player per town: with another player's
    post on LON-1, seat 0's merchant in London may still build on LON-2 or LON-3 (usable
    with 4 players, TL10.3); with its own post there, on neither."""
    state = fresh(4)
    for owner in (1, 2, 3):
        posts = list(state.posts)
        posts[POST["LON-1"]] = owner
        mine = seat(state.replaced({"posts": tuple(posts)}), 0, merchant="LON")
        moves = _moves(action(mine, 0, "merchant", 1))
        assert {"post LON-2", "post LON-3"} <= moves and "post LON-1" not in moves
    posts = list(state.posts)
    posts[POST["LON-1"]] = 0
    mine = seat(state.replaced({"posts": tuple(posts)}), 0, merchant="LON")
    assert not any(m.startswith("post") for m in _moves(action(mine, 0, "merchant", 1)))


def test_tl8_2_a_pillar_joins_its_own_site_and_counts_once_in_final_scoring() -> None:
    """TL8.2 / TL10.7: a pillar built on Praha's cathedral (CD6) joins that site's pillar
    spaces and changes no other site; TL20.2: every player's pillars on the map then count
    once each: seat 1 (2 trading posts, its pillar on CD6 under seat 0's) scores 2 x 1, seat
    0 (1 trading post, 1 pillar) 1 x 1, seat 2 (its pillar on CD7, no post) 0."""
    state = fresh(4)
    pillars = [()] * len(RULES.cathedrals)
    pillars[SITE["CD6"]] = (1,)
    pillars[SITE["CD7"]] = (2,)
    posts = [-1] * len(state.posts)
    posts[POST["LON-1"]] = posts[POST["PAR-1"]] = 1
    posts[POST["KOL-1"]] = 0
    state = state.replaced({"pillars": tuple(pillars), "posts": tuple(posts),
                            "costs": ("CC1",) * 9})
    state = seat(state, 0, architect="PRA")
    before = state.players[0].pillars
    state = play(action(state, 0, "architect", 1), "pillar CD6")
    expected = [()] * len(RULES.cathedrals)
    expected[SITE["CD6"]] = (1, 0)
    expected[SITE["CD7"]] = (2,)
    assert state.pillars == tuple(expected) and state.players[0].pillars == before - 1
    sheet = score(state)
    assert [sheet.seats[s].points("posts-x-pillars") for s in range(4)] == [1, 2, 0, 0]


def test_tl15_5_only_contract_tiles_wait_for_an_empty_contract_space() -> None:
    """TL15.5 / TL15.1 / TL8.3: with all 8 contract spaces covered, an assistant (B44, a
    bonus tile) is still gained: the architect in Nürnberg may take it with a free
    warehouse space; only a contract tile would be refused."""
    state = fresh()
    bonus = list(state.map_bonus)
    bonus[TOWN.index("NUR")] = "B44"
    full = tuple(f"C{i:02d}" for i in range(1, 9))
    state = seat(state.replaced({"map_bonus": tuple(bonus)}), 0, architect="NUR",
                 contracts=full, warehouse=())
    state = play(action(state, 0, "architect", 1), "bonus NUR")
    assert state.players[0].warehouse == ("B44",)
    assert state.map_bonus[TOWN.index("NUR")] == ""


def test_tl6_1_f_duties_after_the_action_leave_the_turn_open() -> None:
    """TL6.1 (f)-(g) / TL14.1: after the die action the player may still perform duties,
    any number and kind, before declaring the turn ended: a gold exchange (TL14.2: 2 gold
    for 1 stone) and a contract fulfilled (TL14.3: C04 pays 3 iron and scores 4 VP on KS1,
    0 VP) each leave the turn open; only "end" closes it."""
    state = seat(fresh(), 0, {"gold": 2, "iron": 3}, warehouse=("C04",), contracts=(), vp=0)
    state = at(state, Frame("turn-end", 0))
    state = play(state, "trade stone")
    assert state.pending[-1] == Frame("turn-end", 0)
    assert res(state, 0, "gold") == 0 and res(state, 0, "stone") == 1
    state = play(state, "fulfil C04")
    assert state.pending[-1] == Frame("turn-end", 0)
    assert state.players[0].contracts == ("C04",) and state.players[0].vp == 4
    assert res(state, 0, "iron") == 0
    state = rolled(play(state, "end"))  # the display's refill, a chance step or not
    assert not state.pending


def test_tl22_1_8_the_die_type_assistant_names_any_other_resource() -> None:
    """TL22.1.8 / TL6.5: with B40 (AS8) in the warehouse, a yellow 3 (gold, TL1.3) taken
    from AR3 may give 3 of any other type named: food, wool, stone or iron."""
    state = fresh().replaced({"wheel": 0, "area_bonus": ("",) * 6,
                              "area_dice": ((), (), ("DY3",), (), (), ())})
    state = at(seat(state, 0, {}, warehouse=("B40",)), Frame("turn", 0))
    assert {f"take AR3 DY3 {r}" for r in ("food", "wool", "stone", "iron")} <= _moves(state)
    for named in ("food", "wool", "stone", "iron"):
        after = play(state, f"take AR3 DY3 {named}")
        assert res(after, 0, named) == 3 and res(after, 0, "gold") == 0


def test_tl24_1_7_persons_on_floor_three_count_like_floor_two() -> None:
    """TL24.1.7 / TL18.3 / TL18.4: FT07 counts the person tiles on floors 2 and 3: B1 full
    (floors 1-3) and B3 with floor 1 only give 2; round 1's base value is the printed 1 plus
    FT07's 2, so the merchant in Tiletum (TL18.2) gains 2 x 3 = 6 VP."""
    state = fresh().replaced({"round": 1, "fair_tiles": ("FT07", "FT06", "FT06", "FT06")})
    rooms = (("P07a", "P07b", "P07c"), ("",) * 3, ("P02a", ""), ("",) * 2, ("",), ())
    state = seat(state, 0, vp=0, merchant="TIL", rooms=rooms)
    after = STACK.advance(state.with_pending((Frame("turn-end", 1), Frame("fair", -1))))
    assert after.players[0].vp == 2 * (1 + 2)


def test_tl14_6_1_a_contract_with_every_contract_space_covered_is_no_assistant() -> None:
    """TL14.3.2 / TL14.6.1 / TL15.2: with all 8 contract spaces covered, a contract tile in
    the warehouse (C04, 3 iron, held) can neither be fulfilled nor used as an assistant:
    only assistants are used that way, so no duty names it."""
    full = tuple(f"C{i:02d}" for i in range(5, 13))
    state = seat(fresh(), 0, {"iron": 3}, warehouse=("C04",), contracts=full)
    moves = _moves(action(state, 0, "king", 1))
    assert not any(m.split()[0] in ("fulfil", "assist") for m in moves)
    assert "fulfil C04" in _moves(action(seat(state, 0, contracts=full[:7]), 0, "king", 1))


def test_tl17_1_a_king_bonus_tile_discarded_stays_out_of_the_warehouse() -> None:
    """TL17.1: the leader may take the king bonus tile into the warehouse or discard it; a
    discarded tile leaves the king space empty and goes to nobody."""
    state = king_at(fresh(), {5: (1, 0, 2, 3)})
    state = seat(state, 1, warehouse=())
    tile = state.king_bonus
    assert tile
    state = STACK.advance(state.with_pending((Frame("turn-end", 2), Frame("king-phase", -1))))
    assert {"king-bonus take", "king-bonus discard"} <= _moves(state)
    state = play(state, "king-bonus discard")
    assert state.king_bonus == "" and state.players[1].warehouse == ()
    assert all(tile not in p.warehouse for p in state.players)


def test_tl26_2_a_face_down_token_is_no_token_value() -> None:
    """TL1.8 / TL26.2: the tokens show 0, 1 or 2; a face-down one on the turn track shows
    nothing, which the state writes -1 (docs/games/tiletum/rules.md, the chance steps): at
    the first reveal all three are face down, and the turned-up one shows its value."""
    state = new_game(players=2, seed=3, game="tiletum")
    while state.pending[-1].kind != "corrupt":
        state = apply(state, sample_chance(state))
    assert state.corruption == (-1, -1, -1) and -1 not in RULES.corruption
    state = play(state, "reveal 1", settle=False)
    assert state.corruption == (-1, -1, 1)
