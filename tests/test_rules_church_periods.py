"""The church track (R14), the end of period 1 (R15) and the end of the game (R16.1-R16.2),
each from a compact scenario state.

Church gaps are numbered clockwise from the envelope gap (board data); clergy space ``i``
lies clockwise just before gap ``i``, so gap ``g`` is beside spaces ``g`` and ``g + 1``.
Expected numbers and orders come from rules.md.
"""

from __future__ import annotations

import functools

from lisboa_core.api import apply, is_over, legal_moves
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import load_rules
from lisboa_core.games.lisboa.state import State

RULES = load_rules()
BOARD = RULES.board
GAPS = BOARD.church_gaps
ICONS = dict(BOARD.church_icons)
CHURCH = ("C01", "C02", "C03", "C04", "C05", "C06")  # no "on taken" effect among them


# --- helpers ---------------------------------------------------------------------------


_play = functools.partial(t.play, pay_cash=True)
"""Play moves in notation; payment splits they do not name are paid in cash."""


def _noble_with_reward(*kinds: str) -> str:
    return next(c.id for c in RULES.political
                if c.reward is not None and [d.kind for d in m.elementary(c.reward)] == list(kinds))


def _noble_card(noble: str) -> str:
    return next(c.id for c in RULES.political if c.deck == "blue" and c.type == noble)


def _plain_treasury() -> str:
    """A treasury card whose permanent effect plays no part here (a land-price rebate)."""
    return next(c.id for c in RULES.political if c.is_treasury and not c.permanent.triggers
                and all(mod.hook == "land-rubble" for mod in c.permanent.modifiers))


def _moves(state: State) -> list[str]:
    return [str(mv) for mv in legal_moves(state)]


def _top(state: State) -> str:
    return state.pending[-1].kind




def _scenario(players: int = 3, seed: int = 1) -> tuple[State, int]:
    """The first action choice, no clergy tile held (the church holds C01-C06, the
    cardinal on the envelope gap), no favor held, one good of each type per seat."""
    state = t.first_turn(players, seed)
    tiles = (*(x for p in state.players for x in p.clergy), *(x for x in state.church if x))
    for seat in range(players):
        state = t.with_player(state, seat, clergy=(), favors=(), goods=(1, 1, 1, 1))
    bag = tuple(x for x in (*state.clergy_bag, *tiles) if x not in CHURCH)
    state = t.with_state(state, clergy_bag=bag, church=CHURCH, favor_supply=(players,) * 3)
    return state, state.current



def _meet_cardinal(state: State, seat: int) -> State:
    """Tuck a plain treasury card and trade cloth for Meet the Cardinal (R7, R8.5)."""
    card = _plain_treasury()
    return _play(t.give(state, seat, card), f"tuck {card}", "trade", "trade meet-cardinal cloth")


def _gold_turn(state: State) -> State:
    """A whole turn of the seat to act: Get 1 gold (R3.4), then take a card (R3.7)."""
    seat = state.to_act
    assert seat is not None
    state = _play(state, f"gold {state.players[seat].hand[0]}")
    return apply(state, legal_moves(state)[0])


def _period_two(state: State) -> State:
    """The state as period 2 would leave it: brown piles by type, purple ships on top of
    brown ones, the red and purple leftovers and the period-1 ships out of the game."""
    brown = state.later_decks[1]
    piles = tuple(tuple(c for c in brown if RULES.typed(c, m.PoliticalCard).type == kind)
                  for kind in BOARD.political_display)
    out = (*(c for pile in state.piles for c in pile), *state.later_decks[0], *state.shipyard)
    return t.with_state(state, period=2, piles=piles, later_decks=((), ()),
                        shipyard=state.later_ships, later_ships=(),
                        removed=state.removed + out)


# --- R14 church track -----------------------------------------------------------------------


def test_r14_1_a_loop_of_six_spaces_each_gap_beside_two() -> None:
    assert (GAPS, BOARD.clergy_track) == (6, 6)
    envelope = next(g for g, icon in ICONS.items() if icon == "envelope")
    state, seat = _scenario()
    assert state.cardinal == envelope == 0  # he starts on the envelope gap
    for start in range(GAPS):
        here = t.with_state(state, cardinal=start)
        here = _play(_meet_cardinal(here, seat), "cardinal 1")
        gap = (start + 1) % GAPS  # the loop closes: gap 5 + 1 step = gap 0
        assert here.cardinal == gap
        assert sorted(_moves(here)) == sorted(
            f"clergy {CHURCH[i]}" for i in (gap, (gap + 1) % GAPS))


def test_r14_1_treasury_and_envelope_icons_on_gaps() -> None:
    # The icons are on gaps (board data): passing the treasury gap moves the marker up 1,
    # reaching the envelope gap lays the cardinal down (R14.3).
    treasury_gap = next(g for g, icon in ICONS.items() if icon == "treasury")
    state, seat = _scenario()
    before = t.with_state(state, cardinal=treasury_gap - 1)
    after = _play(_meet_cardinal(before, seat), "cardinal 2")
    tucked = _play(t.give(before, seat, _plain_treasury()), f"tuck {_plain_treasury()}")
    assert after.treasury == tucked.treasury + 1
    assert after.church_scoring is None
    before = t.with_state(state, cardinal=GAPS - 1)
    after = _play(_meet_cardinal(before, seat), "cardinal 1")
    assert after.church_scoring == seat


def test_r14_2_one_or_two_steps_clockwise_and_clergy_extra_steps() -> None:
    state, seat = _scenario()
    trading = _meet_cardinal(state, seat)
    assert _moves(trading) == ["cardinal 1", "cardinal 2"]  # double-arrow icon
    assert _play(trading, "cardinal 2").cardinal == 2  # clockwise: higher gap numbers
    extra = next(tile.id for tile in RULES.clergy for mod in tile.behaviour.modifiers
                 if mod.hook == "cardinal-steps")
    held = t.with_player(state, seat, clergy=(extra,))
    bonus = next(mod.amount for mod in RULES.typed(extra, m.ClergyTile).behaviour.modifiers)
    assert bonus == 2
    assert _moves(_meet_cardinal(held, seat)) == [f"cardinal {n}" for n in range(1, 2 + bonus + 1)]


def test_r14_2_a_single_arrow_bonus_moves_exactly_one_step() -> None:
    card = _noble_with_reward("move_cardinal", "take_clergy")
    state, seat = _scenario()
    after = _play(t.give(state, seat, card), f"tuck {card}")
    assert after.cardinal == 1 and _top(after) == "take-clergy"  # no choice of steps
    assert sorted(_moves(after)) == sorted(f"clergy {CHURCH[i]}" for i in (1, 2))
    extra = next(tile.id for tile in RULES.clergy for mod in tile.behaviour.modifiers
                 if mod.hook == "cardinal-steps")
    held = t.with_player(t.give(state, seat, card), seat, clergy=(extra,))
    assert _moves(_play(held, f"tuck {card}")) == ["cardinal 1", "cardinal 2", "cardinal 3"]


# --- R15 end of period 1 -------------------------------------------------------------------


def _set_by_follower(players: int = 3) -> tuple[State, int, int]:
    """A visit to Manuel in which the follower clockwise last (``b``) completes a 2nd
    rubble set with the cube of the store it builds (R15.1 during someone else's turn)."""
    state, seat = _scenario(players)
    b = (seat - 1) % players
    empty = ((),) * 5
    state = t.with_state(state, row_rubble=empty,
                         column_rubble=((), (), (), (), ("blue",)))  # column 5: one blue
    state = t.with_player(state, b, favors=("manuel",), rubble=(2, 2, 1), influence=7)
    state = t.with_state(state, favor_supply=(players - 1, players, players))
    card = _noble_card("manuel")
    state = _play(t.give(state, seat, card), f"visit {card}", "skip", "store yellow C1",
                  "rubble none", "house left")
    while state.to_act != b:
        state = _play(state, "pass")
    state = _play(state, "follow build-store", "store small-blue A5", "rubble column blue",
                  "house left")
    assert state.players[b].sets == 2 and state.period == 1
    return state, seat, b


def test_r15_2_the_turn_finishes_before_the_period_changes() -> None:
    state, seat, _b = _set_by_follower()
    # The visitor still takes a card from the period-1 display (R3.7)...
    assert _top(state) == "take-card" and state.to_act == seat and state.period == 1
    red = state.piles[0][0]
    assert RULES.typed(red, m.PoliticalCard).deck == "red"
    # ... and the upkeep still refills the city display from this turn (R3.8 step 3).
    assert state.city_display[0] is None
    state = _play(state, f"take {red}")
    assert state.period == 2
    assert red in state.players[seat].hand and red not in state.removed
    assert state.city_display[0] is not None
    assert _top(state) == "period-discard"


def test_r15_2_church_scoring_comes_before_the_period_change() -> None:
    state, seat, _b = _set_by_follower()
    state = t.with_state(state, church_scoring=seat)
    state = t.with_player(state, seat, clergy=("C01",))
    state = _play(state, f"take {state.piles[0][0]}")
    assert _top(state) == "church" and state.period == 1  # R3.8 step 1 first
    state = _play(state, "pass")
    assert state.period == 2 and _top(state) == "period-discard"


def test_r15_4_play_goes_on_after_the_seat_whose_turn_ended() -> None:
    state, seat, b = _set_by_follower()
    start = state.start_player
    stores, treasury = state.stores, state.treasury
    state = _play(state, f"take {state.piles[0][0]}")
    while _top(state) == "period-discard":
        state = _play(state, "done")
    # Not after the triggering follower b (that would be the visitor again).
    assert (b + 1) % 3 == seat
    assert _top(state) == "turn" and state.current == state.to_act == (seat + 1) % 3
    assert state.start_player == start
    assert state.stores == stores and state.treasury == treasury


def test_r15_5_the_follower_who_completed_the_set_discards_first() -> None:
    state, _seat, b = _set_by_follower()
    state = _play(state, f"take {state.piles[0][0]}")
    order = []
    while _top(state) == "period-discard":
        order.append(state.to_act)
        state = _play(state, "done")
    assert order == [b, (b + 1) % 3, (b + 2) % 3]


def test_r15_5_the_pile_trigger_belongs_to_the_active_player() -> None:
    state, seat = _scenario(players=4)
    last = state.piles[3][0]
    rest = (*state.piles[0], *state.piles[1], *state.piles[2], *state.piles[3][1:])
    state = t.with_state(state, piles=((), (), (), (last,)), removed=state.removed + rest)
    state = _play(state, f"gold {state.players[seat].hand[0]}", f"take {last}")
    order = []
    while _top(state) == "period-discard":
        order.append(state.to_act)
        state = _play(state, "done")
    assert order == [(seat + i) % 4 for i in range(4)]


def test_r15_6_hands_are_drawn_up_to_five_purple_cards() -> None:
    # Seat discards two treasury cards (no bonus) and draws 2 purple cards; the others keep
    # their 5 cards and draw none; the rest of the purple deck leaves the game.
    state, seat = _scenario()
    treasury = [c.id for c in RULES.political if c.is_treasury and c.deck == "blue"][:2]
    state = t.give(state, seat, *treasury)
    state = t.with_player(state, seat, rubble=(2, 2, 2))
    purple = state.later_decks[0]
    hands = [p.hand for p in state.players]
    state = _play(state, f"gold {state.players[seat].hand[4]}", f"take {state.piles[0][0]}")
    taken = state.players[seat].hand[-1]
    assert state.period == 2
    for card in treasury:
        state = _play(state, f"discard {card}")
    while _top(state) == "period-discard":
        state = _play(state, "done")
    assert state.players[seat].hand == (*hands[seat][2:4], taken, *purple[:2])
    for other in range(3):
        if other != seat:
            assert state.players[other].hand == hands[other]
    assert all(c in state.removed for c in purple[2:])
    assert state.later_decks[0] == ()


def test_r15_7_the_red_deck_leaves_and_the_brown_deck_is_set_up_like_it() -> None:
    state, seat = _scenario()
    state = t.with_player(state, seat, rubble=(2, 2, 2))
    taken = state.piles[1][0]
    left = [c for pile in state.piles for c in pile if c != taken]
    assert len(left) == 19 and all(RULES.typed(c, m.PoliticalCard).deck == "red" for c in left)
    state = _play(state, f"gold {state.players[seat].hand[0]}", f"take {taken}")
    assert state.period == 2 and taken in state.players[seat].hand
    while _top(state) == "period-discard":
        state = _play(state, "done")
    assert all(c in state.removed for c in left)  # face up and face down (R15.3 step 0)
    brown = [c.id for c in RULES.political if c.deck == "brown"]
    assert sorted(c for pile in state.piles for c in pile) == sorted(brown)
    for kind, pile in zip(BOARD.political_display, state.piles, strict=True):
        assert len(pile) == 5
        assert {RULES.typed(c, m.PoliticalCard).type for c in pile} == {kind}


# --- R16.1-R16.2 end of the game ------------------------------------------------------------


def test_r16_1_four_sets_in_period_two_trigger_the_end_even_if_held_before() -> None:
    # A33: a player who already has 4 sets when period 2 starts triggers it at the first
    # check; in period 1 the same sets end the period instead.
    state, seat = _scenario()
    assert t.check_invariants(_period_two(state)) == []
    four = t.with_player(state, (seat + 1) % 3, rubble=(4, 5, 4))
    assert _gold_turn(_period_two(four)).final_turns is not None
    three = t.with_player(state, (seat + 1) % 3, rubble=(3, 5, 5))
    assert _gold_turn(_period_two(three)).final_turns is None
    after = _gold_turn(four)
    assert after.period == 2 and after.final_turns is None


def test_r16_1_three_empty_brown_piles_trigger_the_end() -> None:
    state, seat = _scenario()
    state = _period_two(state)
    last = state.piles[0][0]
    out = (*state.piles[0][1:], *state.piles[1], *state.piles[2])
    two_empty = t.with_state(state, piles=(state.piles[0], (), (), state.piles[3]))
    assert _gold_turn(two_empty).final_turns is None
    state = t.with_state(state, piles=((last,), (), (), state.piles[3]),
                         removed=state.removed + out)
    after = _play(state, f"gold {state.players[seat].hand[0]}", f"take {last}")
    assert after.final_turns is not None


def _turns_until_over(state: State) -> list[int]:
    seats = []
    while not is_over(state):
        assert _top(state) == "turn"
        seats.append(state.current)
        state = _gold_turn(state)
    return seats


def test_r16_2_finish_the_round_then_one_more_full_round() -> None:
    state, seat = _scenario()
    start = state.start_player
    assert seat == start
    state = _period_two(state)
    # Triggered in the turn of the 2nd seat of the round: the 3rd seat finishes the round,
    # then a full round from the start player, then the game ends.
    state = _gold_turn(state)
    state = t.with_player(state, state.current, rubble=(4, 4, 4))
    seats = _turns_until_over(state)
    assert seats == [(start + 1) % 3, (start + 2) % 3, start, (start + 1) % 3, (start + 2) % 3]
    # Triggered in the last turn of a round: just one more full round.
    state, seat = _scenario()
    state = _gold_turn(_gold_turn(_period_two(state)))
    state = t.with_player(state, state.current, rubble=(4, 4, 4))
    seats = _turns_until_over(state)
    assert seats == [(start + 2) % 3, start, (start + 1) % 3, (start + 2) % 3]


def test_r16_2_later_triggers_change_nothing() -> None:
    state, _seat = _scenario()
    start = state.start_player
    state = _period_two(state)
    state = t.with_player(state, start, rubble=(4, 4, 4))
    state = _gold_turn(state)  # triggered at the end of the start player's turn
    assert state.final_turns is not None
    # Every other player completes a 4th set too, and the three brown piles run out.
    for other in range(3):
        state = t.with_player(state, other, rubble=(5, 5, 5))
    state = t.with_state(state, piles=((), (), (), state.piles[3]),
                         removed=state.removed + tuple(c for p in state.piles[:3] for c in p))
    seats = _turns_until_over(state)
    assert seats == [(start + 1) % 3, (start + 2) % 3, start, (start + 1) % 3, (start + 2) % 3]
