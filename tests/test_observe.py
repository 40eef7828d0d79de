"""Hidden information (R3.11): what a seat may see (``observe``) and states sampled to agree
with it (``determinize``), checked over random positions of random games."""

from __future__ import annotations

import contextlib
import functools
import io
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lisboa_core import (
    LisboaError,
    View,
    apply,
    determinize,
    is_over,
    legal_moves,
    load_rules,
    new_game,
    observe,
    score,
)
from lisboa_core.games.lisboa.state import Options, State
from lisboa_core.games.lisboa.testing import check_invariants
from lisboa_core.games.lisboa.views import (
    HIDDEN_BUILDING,
    HIDDEN_CARD,
    HIDDEN_CLERGY,
    HIDDEN_DECREE,
    HIDDEN_PLAN,
    HIDDEN_RNG,
)

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDERS = {HIDDEN_CARD, HIDDEN_CLERGY, HIDDEN_DECREE, HIDDEN_BUILDING, HIDDEN_PLAN}


@functools.cache
def _game(players: int, seed: int, draft: bool) -> tuple[State, ...]:
    """Every position of one random game (cached: hypothesis draws many positions of few
    games)."""
    state = new_game(players, seed, options=Options(draft=draft))
    chooser = random.Random(seed)
    states = [state]
    while not is_over(state):
        state = apply(state, chooser.choice(legal_moves(state)))
        states.append(state)
    return tuple(states)


positions = st.builds(
    lambda players, seed, draft, where: (lambda g: g[int(where * (len(g) - 1))])(
        _game(players, seed, draft)
    ),
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 3),
    draft=st.sampled_from([False, False, True]),
    where=st.floats(0, 1),
)


def _strings(value: State | View) -> list[str]:
    """Every string of a state's fields, deeply (as ``State.dump`` shows them)."""
    state = value.state if isinstance(value, View) else value
    return re.findall(r"'([^']*)'", state.dump())


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(state=positions, seat=st.integers(0, 3), seed=st.integers(0, 2**32))
def test_determinize_agrees_with_the_view_and_is_playable(
    state: State, seat: int, seed: int
) -> None:
    seat %= state.player_count
    view = observe(state, seat)
    sample = determinize(view, seed)
    assert observe(sample, seat) == view
    assert determinize(view, seed) == sample  # the same seed, the same sample
    assert check_invariants(sample) == check_invariants(state)
    assert not PLACEHOLDERS & set(_strings(sample))
    assert score(sample) == score(state)  # scoring reads only public information
    if not is_over(state) and state.to_act == seat:
        # Legality depends only on what the seat sees.
        assert legal_moves(sample) == legal_moves(state)
    # The sample plays on: a few random moves.
    chooser = random.Random(seed)
    for _ in range(3):
        if is_over(sample):
            break
        sample = apply(sample, chooser.choice(legal_moves(sample)))


@settings(max_examples=40, deadline=None)
@given(state=positions, seat=st.integers(0, 3))
def test_the_view_hides_what_r3_11_hides(state: State, seat: int) -> None:
    seat %= state.player_count
    view = observe(state, seat)
    seen = view.state
    assert view.seat == seat and view.hand == state.players[seat].hand
    assert seen.rng == HIDDEN_RNG
    assert view.hand_sizes == tuple(len(p.hand) for p in state.players)
    for i, p in enumerate(seen.players):
        if i != seat:
            assert set(p.hand) <= {HIDDEN_CARD}
    for real, masked in zip(state.piles, seen.piles, strict=True):
        assert masked[:1] == real[:1] and set(masked[1:]) <= {HIDDEN_CARD}  # top face up
        assert len(masked) == len(real)
    assert all(set(deck) <= {HIDDEN_CARD} for deck in seen.later_decks)
    assert set(seen.decree_deck) <= {HIDDEN_DECREE} and len(seen.decree_deck) == len(
        state.decree_deck
    )
    assert set(seen.clergy_bag) <= {HIDDEN_CLERGY}
    for real_stack, stack in zip(state.building_stacks, seen.building_stacks, strict=True):
        assert stack[:2] == real_stack[:2] and set(stack[2:]) <= {HIDDEN_BUILDING}
    # Public information is untouched.
    assert seen.decree_display == state.decree_display and seen.church == state.church
    assert seen.shipyard == state.shipyard and seen.plan_stacks == state.plan_stacks
    for i, (real_p, p) in enumerate(zip(state.players, seen.players, strict=True)):
        assert (p.top, p.bottom, p.reis, p.wigs, p.clergy, p.decrees) == (
            real_p.top, real_p.bottom, real_p.reis, real_p.wigs, real_p.clergy, real_p.decrees
        ), i
    # No card of another hand can be read anywhere in the view unless it is visible
    # elsewhere (it cannot be: a card is in one place).
    others = {c for i, p in enumerate(state.players) if i != seat for c in p.hand}
    assert not others & set(_strings(seen))


def test_two_states_differing_only_in_hidden_parts_look_the_same() -> None:
    state = _game(4, 1, False)[60]
    view = observe(state, 2)
    samples = {determinize(view, seed) for seed in range(8)}
    assert len(samples) > 1  # the hidden parts really are sampled
    assert all(observe(s, 2) == view for s in samples)
    # The samples deal other hands and the decks differently, never the seat's own hand.
    assert {s.players[2].hand for s in samples} == {state.players[2].hand}
    assert len({s.players[0].hand for s in samples}) > 1
    assert len({s.rng for s in samples}) == len(samples)


def test_face_down_pile_cards_keep_the_pile_type_and_deck() -> None:
    rules = load_rules()
    for state in (_game(3, 2, False)[40], _game(3, 2, False)[-60]):
        sample = determinize(observe(state, 0), 11)
        for pile, card_type in zip(sample.piles, rules.board.political_display, strict=True):
            for card_id in pile:
                card = rules.political[[c.id for c in rules.political].index(card_id)]
                assert card.type == card_type
                assert card.deck == ("red" if state.period == 1 else "brown")


def test_other_seats_setup_draws_and_draft_packets_are_hidden() -> None:
    state = new_game(3, 5)
    view = observe(state, 1)
    keep = {f.seat: f.data for f in view.state.pending if f.kind == "keep-clergy"}
    real = {f.seat: f.data for f in state.pending if f.kind == "keep-clergy"}
    assert keep[1] == real[1] and keep[0] == keep[2] == (HIDDEN_CLERGY, HIDDEN_CLERGY)
    drafting = new_game(3, 5, options=Options(draft=True))
    frame = observe(drafting, 0).state.pending[-1]
    assert frame.kind == "draft"
    packets = frame.data[2]
    assert packets[0] == drafting.pending[-1].data[2][0]
    assert set(packets[1]) == set(packets[2]) == {HIDDEN_CARD}


def test_cards_and_starting_plans_in_the_box_are_hidden() -> None:
    state = new_game(2, 3)
    view = observe(state, 0)
    rules = load_rules()
    political = {c.id for c in rules.political}
    assert not political & set(view.state.removed)
    assert HIDDEN_CARD in view.state.removed and HIDDEN_PLAN in view.state.removed


def test_observe_rejects_a_missing_seat() -> None:
    with pytest.raises(LisboaError, match="no seat 4"):
        observe(new_game(4, 0), 4)


def test_a_view_is_a_frozen_value() -> None:
    state = new_game(2, 0)
    view = observe(state, 0)
    assert isinstance(view, View) and view == observe(state, 0) and hash(view)
    assert view.to_act == state.to_act
    with pytest.raises(AttributeError):
        view.seat = 1  # type: ignore[misc]


def test_hidden_information_guide_examples_run() -> None:
    """The guide page's python blocks run, in order, in one namespace."""
    page = (ROOT / "docs" / "guide" / "hidden-information.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    assert blocks
    namespace: dict[str, object] = {"__name__": "docs_example"}
    with contextlib.redirect_stdout(io.StringIO()):
        for body in blocks:
            exec(compile(body, "docs/guide/hidden-information.md", "exec"), namespace)
