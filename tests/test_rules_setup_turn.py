"""Setup (R2) and the turn (R3, R4, R5, R6, R12), from compact scenario states."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from lisboa_core.api import apply, explain_illegal, is_over, legal_moves, new_game, parse_move
from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.errors import IllegalMoveError
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import load_rules
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.state import GOODS, NEUTRAL, RUBBLE, Options

RULES = load_rules()


def _noble_with_reward(kind: str, **args: object) -> str:
    for card in RULES.political:
        if card.reward is not None and len(card.reward.steps) == 1:
            step = card.reward.steps[0]
            if isinstance(step, m.Do) and step.kind == kind and all(
                step.arg(k) == v for k, v in args.items()
            ):
                return card.id
    raise LookupError(kind)


def _treasury_card() -> str:
    return next(c.id for c in RULES.political if c.is_treasury)


# --- R2 setup ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_each_player_starts_alike(players: int) -> None:
    state = new_game(players, seed=3)
    for p in state.players:
        assert p.reis == 10 and p.goods == (1, 1, 1, 1)  # R2.2.2
        assert p.wigs == 5  # R2.2.6
        assert len(p.hand) == 5  # R2.7.2
        assert len(p.favors) == 1 and len(p.plans) == 1  # R2.2.4, R2.2.5
        assert RULES[p.plans[0]].starting  # type: ignore[union-attr]
        assert p.officials == 7  # R2.2.6: 8, one in the Marquis's office
    assert Counter(state.offices[1])[0] == 1 and len(state.offices[1]) >= players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_2_8_influence_by_seat_order(players: int) -> None:
    state = new_game(players, seed=5)
    order = [(state.start_player + i) % players for i in range(players)]
    assert [state.players[s].influence for s in order] == [4, 5, 6, 7][:players]


def test_r2_3_two_player_changes() -> None:
    state = new_game(2, seed=1)
    assert all(NEUTRAL in office for office in state.offices)  # R2.3.1
    assert state.row_rubble[4] == ()  # R2.3.2: row E gets no rubble
    sites = {s.id: i for i, s in enumerate(RULES.sites)}
    row_e = [s.id for s in RULES.sites if s.row == "E"]
    assert all(state.site_rubble[sites[s]] == () for s in row_e)
    assert len(state.shipyard) == 2 and len(state.later_ships) == 2  # R2.3.3 / R2.7.4
    for card in state.decree_display:  # R2.3.4 / R2.6.2
        assert not RULES[card].two_player_removal  # type: ignore[union-attr]


@pytest.mark.parametrize("players", [3, 4])
def test_r2_5_earthquake_fills_every_slot(players: int) -> None:
    state = new_game(players, seed=2)
    assert [len(r) for r in state.row_rubble] == [n for _, n in RULES.board.row_rubble]
    assert [len(c) for c in state.column_rubble] == [n for _, n in RULES.board.column_rubble]
    assert all(len(s) == 2 for s in state.site_rubble)  # R2.5.3
    assert len(state.rubble_pile) == 6  # R2.5.4
    total = sum(map(len, (*state.row_rubble, *state.column_rubble, *state.site_rubble)))
    assert total + 6 == 63  # R1.2.12: all 63 cubes used with 3-4 players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_4_and_r2_7_board_setup(players: int) -> None:
    state = new_game(players, seed=4)
    assert RULES.board.treasury[state.treasury].value == 3  # R2.4.9 / A8
    assert dict(zip(GOODS, state.prices, strict=True)) == {
        "tools": 4, "books": 5, "cloth": 5, "gold": 6}  # R2.4.3
    assert len(state.decree_display) == 8  # R2.6.1
    types = [{RULES[c].type for c in pile} for pile in state.piles]  # type: ignore[union-attr]
    assert types == [{"manuel"}, {"marquis"}, {"king"}, {"treasury"}]  # R2.7.3
    assert all(len(p) == 5 for p in state.piles)
    colours = [RULES[s].color for s in state.shipyard]  # type: ignore[union-attr]
    assert colours == ["blue"] * (players - 1) + ["red"] * (players - 1)  # R2.7.5
    assert sum(state.favor_supply) == 3 * players - players  # R2.4.8
    envelope = next(g for g, i in RULES.board.church_icons if i == "envelope")
    assert state.cardinal == envelope  # R2.4.7


def test_r2_2_3_keep_one_of_two_clergy_tiles_in_seat_order() -> None:
    state = new_game(3, seed=8)
    seats = []
    while state.pending[-1].kind == "keep-clergy":
        moves = legal_moves(state)
        assert len(moves) == 2
        seats.append(state.to_act)
        kept = moves[1].args[0]
        state = apply(state, moves[1])
        assert kept in state.players[seats[-1]].clergy
    start = state.start_player
    assert seats == [start, (start + 1) % 3, (start + 2) % 3]
    assert all(tile is not None for tile in state.church)  # R2.4.7: 6 tiles after setup
    assert t.check_invariants(state) == []


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    assert new_game(4, seed=11) == new_game(4, seed=11)
    assert new_game(4, seed=11) != new_game(4, seed=12)


# --- R3 turn -----------------------------------------------------------------------------


def _scenario(players: int = 2, seed: int = 1) -> tuple:  # type: ignore[type-arg]
    state = t.first_turn(players, seed)
    return state, state.to_act


def test_r3_4_get_one_gold_discards_a_card() -> None:
    state, seat = _scenario()
    card = state.players[seat].hand[0]
    after = t.play(state, f"gold {card}")
    p = after.players[seat]
    assert p.goods[GOODS.index("gold")] == 2 and card not in p.hand
    assert len(p.hand) == 4  # R3.7 comes next
    assert after.to_act == seat and after.pending[-1].kind == "take-card"


@pytest.mark.slow
def test_r3_4_a11_option_gold_only_when_no_action_is_possible() -> None:
    # A11 (R3.4): allowed always by default; Options(gold_only_when_stuck=True) offers
    # Get 1 gold only when no card of the hand can be tucked.
    strict = Options(gold_only_when_stuck=True, leftmost_slot=True)
    state = t.first_turn(3, 5, options=strict)
    kinds = {m.kind for m in legal_moves(state)}
    assert "tuck" in kinds and "gold" not in kinds
    assert "gold" in {m.kind for m in legal_moves(t.first_turn(3, 5))}
    # Whenever the turn comes with the option, Get 1 gold is offered exactly when no
    # tuck, visit or sponsorship can be completed (R3.6); random games reach both cases.
    stuck_turns = 0
    for seed in range(6):
        game = new_game(2 + seed % 3, seed, options=strict)
        chooser = random.Random(seed)
        while not is_over(game):
            moves = legal_moves(game)
            if game.pending[-1].kind == "turn":
                actions = [m for m in moves if m.kind != "gold"]
                golds = [m for m in moves if m.kind == "gold"]
                assert bool(golds) != bool(actions)
                stuck_turns += not actions
            game = apply(game, chooser.choice(moves))
    assert stuck_turns > 0


def test_r4_8_gold_beyond_the_warehouse_is_lost() -> None:
    state, seat = _scenario()
    state = t.with_player(state, seat, goods=(2, 1, 1, 1))
    card = state.players[seat].hand[0]
    assert t.play(state, f"gold {card}").players[seat].goods[0] == 2  # cap 2 + 0 sets


def test_r3_7_take_a_face_up_card_and_r3_8_upkeep() -> None:
    state, seat = _scenario()
    state = t.play(state, f"gold {state.players[seat].hand[0]}")
    top = state.piles[2][0]
    covered_state = t.with_state(state, covered=("royal-favor",), decree_display=state.decree_display[:5])
    after = t.play(covered_state, f"take {top}")
    assert top in after.players[seat].hand and len(after.players[seat].hand) == 5
    assert after.piles[2] == state.piles[2][1:]  # R3.8.2: the next card is face up
    assert len(after.decree_display) == 8  # R3.8.5
    assert after.covered == ()  # R3.8.6
    nxt = (seat + 1) % 2
    assert after.to_act == nxt and after.current == nxt  # R3.8.8
    assert after.turn == state.turn + 1


def test_r3_3_only_the_active_players_ships_dock() -> None:
    state, seat = _scenario()
    other = 1 - seat
    red = next(s.id for s in RULES.ships if s.color == "red")
    blue = next(s.id for s in RULES.ships if s.color == "blue")
    full = dict(top=(red, None, None), cargo=(("gold", "books"), (), ()), sailed=(2, 0, 0))
    state = t.with_player(state, seat, **full)
    state = t.with_player(state, other, top=(blue, None, None), cargo=(("cloth",), (), ()),
                          sailed=(1, 0, 0))
    state = t.play(state, f"gold {state.players[seat].hand[0]}", f"take {state.piles[0][0]}")
    # The other player's turn starts: its full ship docks, ours (now not active) stays.
    assert state.to_act == other
    assert state.players[other].cargo[0] == () and state.players[other].sailed[0] == 0
    assert state.players[seat].cargo[0] == ("gold", "books")


def test_r4_10_no_tuck_without_a_good_to_sell_or_trade() -> None:
    state, seat = _scenario()
    state = t.with_player(state, seat, goods=(0, 0, 0, 0))
    moves = legal_moves(state)
    kinds = Counter(mv.kind for mv in moves)
    goods_reward = {c for c in state.players[seat].hand
                    if RULES[c].reward is not None}  # type: ignore[union-attr]
    # With no goods and no ship anywhere, only a card whose reward brings a good (or a
    # trade-able state action) could be tucked; Get 1 gold stays possible for every card.
    assert kinds["gold"] == 5
    for mv in moves:
        if mv.kind == "tuck":
            assert mv.args[0] in goods_reward
    reason = explain_illegal(state, Move("tuck", ("NOPE",)))
    assert reason is not None


def test_r4_6_tucking_a_treasury_card_pays_the_treasury_value() -> None:
    state, seat = _scenario()
    card = _treasury_card()
    state = t.with_player(state, seat, hand=(card, *state.players[seat].hand[1:]))
    value = RULES.board.treasury[state.treasury].value
    after = apply(state, Move("tuck", (card,)))
    p = after.players[seat]
    assert p.reis == 10 + value  # R4.6.1
    assert after.treasury == state.treasury - 1  # R4.6.2
    assert card in p.bottom  # R4.6.3


def test_r4_5_noble_reward_resolves_then_the_card_is_tucked() -> None:
    state, seat = _scenario()
    card = _noble_with_reward("gain", what="gold")
    state = t.with_player(state, seat, hand=(card, *state.players[seat].hand[1:]),
                          goods=(0, 1, 0, 0))
    after = apply(state, Move("tuck", (card,)))
    assert after.players[seat].goods[0] == 1  # the reward's gold arrived
    assert card in after.players[seat].top


def test_r4_3_room_is_made_by_discarding_when_the_portfolio_is_full() -> None:
    state, seat = _scenario()
    nobles = [c.id for c in RULES.political if c.reward is not None and c.deck == "purple"][:3]
    card = _noble_with_reward("gain", what="gold")
    state = t.with_player(state, seat, top=(nobles[0], nobles[1], None),
                          hand=(card, *state.players[seat].hand[1:]))
    state = apply(state, Move("tuck", (card,)))
    assert state.pending[-1].kind == "make-room"  # R4.2: capacity 2 + 0 sets
    assert {str(mv) for mv in legal_moves(state)} == {f"discard {nobles[0]}", f"discard {nobles[1]}"}
    after = t.play(state, f"discard {nobles[0]}")
    assert nobles[0] not in after.players[seat].top and card in after.players[seat].top


def test_r4_4_a_discarded_ship_loses_its_cargo() -> None:
    from lisboa_core.games.lisboa.rules.portfolio import discard_from_portfolio

    state, seat = _scenario()
    red = next(s.id for s in RULES.ships if s.color == "red")
    state = t.with_player(state, seat, top=(red, None, None), cargo=(("gold",), (), ()))
    after = discard_from_portfolio(state, seat, red)
    assert after.players[seat].top[0] is None and after.players[seat].cargo[0] == ()


# --- R6 sell goods -----------------------------------------------------------------------


def _sell_ready(seat_goods: tuple[int, int, int, int]):  # type: ignore[no-untyped-def]
    state, seat = _scenario()
    other = 1 - seat
    red = next(s for s in RULES.ships if s.color == "red")
    card = _noble_with_reward("gain", what="gold")
    state = t.with_player(state, other, top=(red.id, None, None))
    state = t.with_player(state, seat, goods=seat_goods, hand=(card, *state.players[seat].hand[1:]))
    state = apply(state, Move("tuck", (card,)))
    return state, seat, other, red


def test_r6_sell_income_and_setting_sail_scores_the_owner() -> None:
    state, seat, other, red = _sell_ready((0, 1, 1, 0))
    state = t.play(state, "sell")
    books, cloth = state.prices[1], state.prices[2]
    ref = f"p{other}.1"  # seats count from 0 everywhere
    before = state.players[seat].reis
    owner_wigs = state.players[other].wigs
    state = t.play(state, f"sell books {ref}")
    assert state.players[seat].reis == before + books + red.sale  # R6.1.3
    state = t.play(state, f"sell cloth {ref}")
    assert state.players[seat].reis == before + books + cloth + 2 * red.sale
    assert state.prices[1:3] == (books, cloth)  # R6.2
    # R6.5: the hold is full (hull 2): the owner scores 1 wig per crate.
    assert state.players[other].wigs == owner_wigs + red.hull
    assert state.players[other].sailed[0] == 2
    # The ship is at sea now: no more sales onto it (R6.1.1), so only gold is left to sell
    # elsewhere, and with no other ship the sale must end.
    assert [str(mv) for mv in legal_moves(state)] == ["done"]


def test_r6_3_at_least_one_good_then_stop_when_you_like() -> None:
    state, _seat, other, _red = _sell_ready((0, 1, 1, 0))
    state = t.play(state, "sell")
    assert "done" not in {str(mv) for mv in legal_moves(state)}
    state = t.play(state, f"sell books p{other}.1")
    assert "done" in {str(mv) for mv in legal_moves(state)}
    after = t.play(state, "done")
    assert after.pending[-1].kind == "take-card"


# --- R5 influence, R12 rubble ------------------------------------------------------------


def test_r5_2_and_r5_3_influence_cap_and_the_wig_at_ten() -> None:
    state, seat = _scenario()
    state = t.with_player(state, seat, influence=8)
    after = ops.gain_influence(state, seat, 5)
    assert after.players[seat].influence == 10
    assert after.players[seat].wigs == state.players[seat].wigs + 1
    again = ops.gain_influence(after, seat, 1)  # already on 10: still a wig (R5.3)
    assert again.players[seat].wigs == after.players[seat].wigs + 1
    assert ops.gain_influence(again, seat, 0) == again  # A16


def test_r5_6_influence_pays_reis_down_to_the_next_icon() -> None:
    state, seat = _scenario()
    icons = sorted(RULES.board.influence_reis_icons)
    top = icons[-1] + 1
    state = t.with_player(state, seat, reis=0, influence=top)
    assert ops.reis_value(state, top) == len(icons)
    after = t.pay_reis(state, seat, 2)
    assert after.players[seat].influence == icons[-2]
    assert after.players[seat].reis == 0


def test_r12_rubble_fills_rows_completes_sets_and_caps_at_five() -> None:
    state, seat = _scenario()
    for colour in RUBBLE:
        state = ops.gain_rubble(state, seat, colour)
    p = state.players[seat]
    assert p.rubble == (1, 1, 1) and p.sets == 1 and p.markers == 1  # R12.5, R12.6
    assert ops.warehouse_cap(state, seat) == 3  # R4.9: capacities grow at once
    for _ in range(6):
        state = ops.gain_rubble(state, seat, "brown")
    assert state.players[seat].rubble[0] == 5  # R12.3


def test_illegal_move_leaves_the_state_untouched_and_says_why() -> None:
    state, _seat = _scenario()
    copy = replace(state)
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Move("sell", ("gold", "p0.1")))
    assert "must now decide 'turn'" in str(info.value)
    assert state == copy
    with pytest.raises(IllegalMoveError):
        parse_move(state, "dance")
    assert not is_over(state)


def test_r2_7_6_draft_keeps_2_1_1_and_receives_the_last_card() -> None:
    from lisboa_core.games.lisboa.state import Options

    state = new_game(3, seed=9, options=Options(draft=True))
    assert all(p.hand == () for p in state.players)
    picks = []
    while state.pending[-1].kind == "draft":
        moves = legal_moves(state)
        sizes = {len(mv.args) for mv in moves}
        picks.append((state.to_act, sizes))
        state = apply(state, moves[-1])
    # Three rounds, every seat once per round, keeping 2, then 1, then 1 card.
    assert [size for _seat, size in picks] == [{2}] * 3 + [{1}] * 6
    for p in state.players:
        assert len(p.hand) == 5 and len(set(p.hand)) == 5
        assert all(RULES[c].deck == "blue" for c in p.hand)  # type: ignore[union-attr]
    hands = [c for p in state.players for c in p.hand]
    assert len(hands) == len(set(hands)) == 15
    assert state.pending[-1].kind == "keep-clergy"  # then the usual setup decisions


def test_r14_4_church_scoring_at_the_end_of_the_turn() -> None:
    state, seat = _scenario()
    other = 1 - seat
    red = next(s for s in RULES.ships if s.color == "red")
    state = t.with_player(state, other, top=(red.id, None, None), influence=2)
    state = t.with_state(state, church_scoring=other)  # the other seat laid him down
    state = t.play(state, f"gold {state.players[seat].hand[0]}", f"take {state.piles[0][0]}")
    # R14.4: starting with the triggering player, each holder of a tile decides.
    assert state.pending[-1].kind == "church" and state.to_act == other
    tile = state.players[other].clergy[0]
    assert [str(mv) for mv in legal_moves(state)] == [f"give {tile}", "pass"]
    wigs = state.players[other].wigs
    state = t.play(state, f"give {tile}", "done")
    p = state.players[other]
    assert tile not in p.clergy and tile in state.removed
    assert p.wigs == wigs + RULES.typed(tile, m.ClergyTile).wigs
    assert p.influence == 2 + red.influence  # Gain Influence once (R5.1)
    assert state.to_act == seat and state.pending[-1].kind == "church"
    state = t.play(state, "pass")
    assert state.church_scoring is None and state.to_act == other  # next turn
