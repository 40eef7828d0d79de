"""Tiletum's evaluation for the bots (lisboa_core.games.tiletum.evaluation): the game judges
positions by it, it is deterministic, it ends as the final score difference (TL20), and of
two positions built by hand that differ in one feature it prefers the better one."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lisboa_core import (
    GreedyBot,
    RandomBot,
    apply,
    is_over,
    new_game,
    play_game,
    random_move,
    score,
)
from lisboa_core.bots.basic import position_values as bot_values
from lisboa_core.core.frame import Frame
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.evaluation import position_values, worth
from lisboa_core.games.tiletum.game import GAME
from lisboa_core.games.tiletum.state import State
from tiletum_scenarios import action, fresh, king_at, play, rolled, seat

RULES = load_rules()


def _played(seed: int, moves: int) -> State:
    """A 2-player game after ``moves`` random moves (chance steps included)."""
    state = new_game(players=2, seed=seed, game="tiletum")
    rng = random.Random(seed)
    for _ in range(moves):
        if is_over(state):
            break
        state = apply(state, random_move(state, rng))
    assert isinstance(state, State)
    return state


def _round_end(state: State) -> State:
    """``state`` with only the rest of the round to come: the king phase, the fair and the
    cleanup (no turns left this round)."""
    return state.with_pending((Frame("cleanup", -1), Frame("fair", -1),
                               Frame("king-phase", -1)))


def test_the_game_and_its_bots_judge_by_the_evaluation() -> None:
    state = fresh(players=2)
    assert GAME.position_values(state) == position_values(state)
    assert bot_values(state) == position_values(state)


def test_the_evaluation_is_deterministic() -> None:
    for moves in (0, 40, 120):
        a, b = _played(3, moves), _played(3, moves)
        assert position_values(a) == position_values(b)
        assert position_values(a) == position_values(a)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 200))
def test_two_seats_values_are_opposite_and_finite(seed: int, moves: int) -> None:
    """Each seat's worth less the other's: in a 2-player game the two values cancel."""
    values = position_values(_played(seed, moves))
    assert all(math.isfinite(v) for v in values)
    assert values[0] == pytest.approx(-values[1])


def test_at_the_end_the_value_is_the_final_score_difference() -> None:
    state = _played(5, 10_000)
    assert is_over(state)
    totals = [s.total for s in score(state).seats]  # TL20.1-TL20.6
    assert position_values(state) == [totals[0] - totals[1], totals[1] - totals[0]]


def test_more_resources_are_better_and_gold_is_worth_less() -> None:
    """TL14.2.1: 2 gold buy 1 resource of another type, so 2 gold are worth less than 2
    wool; any resource is worth something."""
    state = fresh(players=2)
    base = worth(seat(state, 0, {"food": 1}), 0)
    gold = worth(seat(state, 0, {"food": 1, "gold": 2}), 0)
    wool = worth(seat(state, 0, {"food": 1, "wool": 2}), 0)
    assert base < gold < wool


def test_resources_fade_to_the_final_scoring_rate() -> None:
    """With the game ahead a resource is worth more than at the end, where 4 resources are
    worth 1 VP (TL20.4: resources-per-vp 4)."""
    state = fresh(players=2)
    early = worth(seat(state, 0, {"wool": 4}), 0) - worth(seat(state, 0, {}), 0)
    last = _round_end(state.replaced({"round": 4}))
    late = worth(seat(last, 0, {"wool": 4}), 0) - worth(seat(last, 0, {}), 0)
    assert late == pytest.approx(4 / RULES.resources_per_vp) == pytest.approx(1.0)
    assert early > late


def _contract_tile(resource: str) -> tuple[str, int]:
    """A contract-deck tile whose contract asks for ``resource`` only, and how many."""
    for tile in RULES.contract_tiles:
        if tile.kind != "contract":
            continue
        pay = RULES.extra["contract"][tile.holds].pay
        if len(pay) == 1 and pay[0][0] == resource:
            return tile.id, pay[0][1]
    raise AssertionError(f"no contract paid in {resource} only")


def test_a_contract_that_can_be_paid_is_worth_more() -> None:
    """TL14.3: a held contract scores once its resources are paid; with the same number of
    resources, those the contract asks for make it worth more."""
    tile, need = _contract_tile("iron")
    state = fresh(players=2)
    ready = seat(state, 0, {"iron": need}, warehouse=(tile,))
    unready = seat(state, 0, {"wool": need}, warehouse=(tile,))
    assert worth(ready, 0) > worth(unready, 0)
    assert worth(unready, 0) > worth(seat(state, 0, {"wool": need}), 0)


def _same_person_tiles() -> tuple[str, str]:
    """Two person tiles showing the same person (TL11.4: they may share a building)."""
    seen: dict[str, str] = {}
    for tile in RULES.persons:
        if tile.person in seen:
            return seen[tile.person], tile.id
        seen[tile.person] = tile.id
    raise AssertionError("no person with two tiles")


def test_a_placed_person_and_a_fuller_building_are_better() -> None:
    """TL16.1, TL20.3: a building nearer completion (a person placed rather than held)."""
    first, second = _same_person_tiles()
    index = next(i for i, b in enumerate(RULES.buildings) if b.rooms >= 3)
    state = fresh(players=2)
    empty = tuple(("",) * b.rooms for b in RULES.buildings)

    def rooms(*tiles: str) -> tuple[tuple[str, ...], ...]:
        filled = (*tiles, *("",) * (RULES.buildings[index].rooms - len(tiles)))
        return (*empty[:index], filled, *empty[index + 1 :])

    held = seat(state, 0, rooms=rooms(first), warehouse=(second,))
    placed = seat(state, 0, rooms=rooms(first, second), warehouse=())
    assert worth(placed, 0) > worth(held, 0)
    assert worth(held, 0) > worth(seat(state, 0, rooms=rooms(first), warehouse=()), 0)


def test_completing_a_building_by_its_coat_is_better() -> None:
    """TL14.4, TL16.1-TL16.2: placing the coat that completes a building (its person
    placed) is worth its food and the held coat: the building counts as completed and its
    bonus AP marker is taken."""
    index = next(i for i, b in enumerate(RULES.buildings) if b.rooms == 1)
    building = RULES.buildings[index]
    coat = next(t.id for t in RULES.bonus_tiles if t.kind == "coat")
    person = RULES.persons[0].id
    rooms = tuple((person,) if i == index else ("",) * b.rooms
                  for i, b in enumerate(RULES.buildings))
    state = seat(fresh(players=2), 0, {"food": building.coat_food}, rooms=rooms,
                 warehouse=(coat,))
    state = action(state, 0, "king", 0)
    after = play(state, f"coat {coat} {building.id}")
    assert after.players[0].bonus_ap != state.players[0].bonus_ap  # TL16.2
    assert worth(after, 0) > worth(state, 0)


def test_further_right_on_the_king_track_is_better() -> None:
    """TL17.2: the king phase scores the marker's space; further right scores more."""
    state = _round_end(fresh(players=2))
    start = RULES.king_start
    behind = king_at(state, {start: (1, 0)})
    ahead = king_at(state, {start: (1,), start + 3: (0,)})
    assert position_values(ahead)[0] > position_values(behind)[0]
    red = king_at(state, {start: (1,), 0: (0,)})
    assert position_values(red)[0] < position_values(behind)[0]


def _fair_tile(counts: tuple[str, ...]) -> str:
    return next(f.id for f in RULES.fairs if f.counts == counts)


def _post_space(town: str) -> int:
    """The index of a trading-post space of ``town`` usable with 2 players (TL10.3)."""
    ids = RULES.extra["town"][town].posts
    return next(RULES.extra["post_index"][i] for i in ids
                if RULES.extra["post"][i].players <= 2)


def test_a_trading_post_in_a_coming_fair_town_is_better() -> None:
    """TL18.2: a trading post in a fair town takes part in its fair; elsewhere it does not
    (the same posts and pillars for final scoring, TL20.2)."""
    state = fresh(players=2)
    coming = state.fair_towns[1]
    other = next(t.id for t in RULES.towns if t.id not in state.fair_towns
                 and any(RULES.extra["post"][i].players <= 2 for i in t.posts))
    fair = _fair_tile(("count", "posts"))
    state = state.replaced({"fair_tiles": (fair,) * 4})

    def post_in(town: str) -> State:
        posts = list(state.posts)
        posts[_post_space(town)] = 0
        return state.replaced({"posts": tuple(posts)})

    assert worth(post_in(coming), 0) > worth(post_in(other), 0)


def test_a_merchant_near_the_last_fair_is_better() -> None:
    """TL18.2: the merchant in the fair town takes part; one space away it may still get
    there; far away hardly."""
    state = _round_end(fresh(players=2)).replaced({"round": 4})
    town = state.fair_towns[3]
    fair = _fair_tile(("count", "posts"))
    other = next(t.id for t in RULES.towns if t.id != town)
    posts = list(state.posts)
    posts[_post_space(other)] = 0  # one post of seat 0, so the fair counts 1
    state = state.replaced({"fair_tiles": (fair,) * 4, "posts": tuple(posts)})
    near = RULES.adjacent(town)[0]
    there = worth(seat(state, 0, merchant=town), 0)
    close = worth(seat(state, 0, merchant=near), 0)
    assert there > close > worth(seat(state, 0, merchant=_farthest(town)), 0)


def _farthest(town: str) -> str:
    """A map space as far from ``town`` as any (TL10.2)."""
    seen = {town}
    frontier = [town]
    last = frontier
    while frontier:
        last = frontier
        frontier = sorted({n for s in frontier for n in RULES.adjacent(s)} - seen)
        seen.update(frontier)
    return last[0]


def test_held_tiles_count_less_as_the_turns_run_out() -> None:
    """A person tile in the warehouse scores nothing at the end (TL20.5); with the game
    ahead it is worth placing."""
    tile = RULES.persons[0].id
    state = fresh(players=2)
    early = worth(seat(state, 0, warehouse=(tile,)), 0) - worth(state, 0)
    last = _round_end(state.replaced({"round": 4}))
    late = worth(seat(last, 0, warehouse=(tile,)), 0) - worth(last, 0)
    assert early > late == pytest.approx(0.0)


@pytest.mark.slow
def test_greedy_with_the_evaluation_beats_random() -> None:
    """Two seeded 2-player games, the seats swapped: the greedy bot wins both."""
    for seed, bots in ((11, (GreedyBot(1), RandomBot(2))), (12, (RandomBot(3), GreedyBot(4)))):
        final, _ = play_game(list(bots), seed=seed, game="tiletum")
        greedy = 0 if isinstance(bots[0], GreedyBot) else 1
        assert list(score(final).winners) == [greedy]


def test_with_three_seats_only_the_leader_looks_ahead() -> None:
    """Each seat's worth less the best other's: the seat worth most has a value of 0 or
    more, every other seat less than 0 or a tie with it."""
    state = rolled(new_game(players=3, seed=2, game="tiletum"))
    values = position_values(state)
    worths = [worth(state, s) for s in range(3)]
    leader = worths.index(max(worths))
    assert values[leader] >= 0
    assert all(v <= 0 for s, v in enumerate(values) if s != leader)
    low, mid, high = sorted(worths)
    assert sorted(values) == [low - high, mid - high, high - mid]
