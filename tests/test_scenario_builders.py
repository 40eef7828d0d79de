"""Scenario builders of ``lisboa_core.games.lisboa.testing``: every piece placed stays conserved, the
limits of the rules are refused, and the started actions and the period-2 position play on."""

from __future__ import annotations

import random

import pytest

from lisboa_core import LisboaError, apply, is_over, legal_moves, load_rules
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.state import State


def _mid_game(players: int, seed: int, decisions: int = 80) -> State:
    """A position of period 1 from random play, at a turn's choice (the latest one seen
    within ``decisions``)."""
    rng = random.Random(seed)
    state = found = t.first_turn(players, seed)
    for _ in range(decisions):
        state = apply(state, rng.choice(legal_moves(state)))
        if state.period != 1:
            break
        if state.pending[-1].kind == "turn":
            found = state
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_builder_keeps_every_piece_conserved(seed: int) -> None:
    state = _mid_game(3, seed)
    rules = load_rules()
    seat = state.to_act
    assert seat is not None
    other = (seat + 1) % 3
    card = state.players[other].hand[0]  # taken from another hand (R3.11: hidden there)
    built = t.give_portfolio(state, seat, card) if None in state.players[seat].top else state
    tile = state.clergy_bag[0]
    if len(built.players[seat].clergy) < rules.player_board.clergy_spaces:
        built = t.give_clergy(built, seat, tile)
    built = t.give_decree(built, seat, state.decree_deck[0])
    plan = next(p.id for p in rules.plans if p.id in (*state.plan_stacks[0],
                                                      *state.plan_stacks[1]))
    built = t.complete_plan(built, other, plan)
    land = next(x.id for x in rules.lands if x.id not in {s for s, _o, _st in state.stores})
    built = t.add_store(built, other, land)
    if built.rubble_pile:
        colour = built.rubble_pile[0]
        if built.players[seat].rubble[("brown", "red", "blue").index(colour)] < 5:
            built = t.give_rubble(built, seat, colour)
    if built.players[other].officials:
        built = t.place_official(built, other, "manuel", plaza=True)
    assert t.check_invariants(built) == []


def test_the_limits_of_the_rules_are_refused() -> None:
    state = t.first_turn(2, 1)
    with pytest.raises(LisboaError, match=r"R10\.1"):  # one store per land
        t.add_store(t.add_store(state, 0, "A1"), 1, "A1")
    with pytest.raises(LisboaError, match="faces"):
        t.add_store(state, 0, "A1", "blue")
    colour = state.rubble_pile[0]
    with pytest.raises(LisboaError, match=r"R12\.3"):  # at most 5 cubes of a colour
        t.give_rubble(t.with_state(state, rubble_pile=(colour,) * 6), 0, colour, 6)
    capacity = load_rules().nobles[2].office
    full = state
    for _ in range(capacity - len(state.offices[2])):
        full = t.place_official(full, 0, "king")
    with pytest.raises(LisboaError, match=r"R8\.1"):  # an office holds so many officials
        t.place_official(full, 0, "king")
    with pytest.raises(LisboaError, match="not a decree"):
        t.give_decree(state, 0, state.players[0].hand[0])


def test_two_stores_on_one_land_break_an_invariant() -> None:
    """R10.1: a land holds one store."""
    state = t.add_store(t.first_turn(2, 1), 0, "A1")
    doubled = t.with_state(state, stores=(*state.stores, ("A1", 1, "yellow")))
    assert any("2 stores on A1" in problem for problem in t.check_invariants(doubled))


def _finish_action(state: State) -> State:
    rng = random.Random(0)
    while state.pending[-1].kind != "take-card":
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def test_a_state_action_started_directly_plays_to_the_end_of_the_action() -> None:
    """R8.2: acquiring a plan puts one in the seat's plans."""
    state = t.first_turn(2, 1)
    before = len(state.players[0].plans)
    after = _finish_action(t.start_state_action(state, 0, "acquire-plan"))
    assert len(after.players[0].plans) == before + 1
    assert t.check_invariants(after) == []
    with pytest.raises(LisboaError, match="no State action"):
        t.start_state_action(state, 0, "dance")


def test_a_noble_action_started_directly_plays_to_the_end_of_the_action() -> None:
    """R10.2: taking a decree moves one from the display to the seat."""
    state = t.first_turn(2, 1)
    after = _finish_action(t.start_noble_action(state, 0, "take-decree"))
    assert len(after.players[0].decrees) == 1
    assert t.check_invariants(after) == []


def test_the_period_two_position() -> None:
    """R15.3: the period-1 display leaves the game, 3 wigs per completed set, the period-2
    ships in the shipyard, every hand up to 5 purple cards, a brown display."""
    state = _mid_game(3, 5)
    rules = load_rules()
    after = t.period_two(state)
    assert after.period == 2 and after.pending[-1].kind == "turn"
    assert set(after.shipyard) <= {s.id for s in rules.ships if s.period == 2}
    assert not after.later_ships and after.later_decks == ((), ())
    for before, now in zip(state.players, after.players, strict=True):
        assert now.wigs >= before.wigs + 3 * before.sets
        assert len(now.hand) >= 5
    decks = {rules.typed(c, m.PoliticalCard).deck for pile in after.piles for c in pile}
    assert decks <= {"brown"}
    assert t.check_invariants(after) == []
    rng = random.Random(1)
    while not is_over(after):  # a period-2 position plays to the end
        after = apply(after, rng.choice(legal_moves(after)))
    with pytest.raises(LisboaError, match="period-1"):
        t.period_two(after)


def test_a_ship_on_top_of_the_shipyard_and_a_set_of_rubble() -> None:
    """R8.3: the shipyard's top ship is the next one built; R12.5-R12.6: a set of one cube
    of each colour completes and moves its marker to the Marquis portrait."""
    state = t.first_turn(2, 1)
    ship = state.later_ships[-1]
    state = t.to_shipyard(state, ship)
    assert state.shipyard[0] == ship and ship not in state.later_ships
    pile = list(state.rubble_pile) + [c for row in state.row_rubble for c in row]
    assert {"brown", "red", "blue"} <= set(pile)
    state = t.with_state(state, rubble_pile=tuple(pile),
                         row_rubble=tuple(() for _ in state.row_rubble))
    before = state.players[0].markers
    for colour in ("brown", "red", "blue"):
        state = t.give_rubble(state, 0, colour)
    assert state.players[0].sets == 1 and state.players[0].markers == before + 1
    assert t.check_invariants(state) == []
