"""Misuse of the public game API: wrong types and values give TypeError, ValueError or a
LisboaError naming the function and the argument, never an AttributeError, KeyError or
StopIteration from inside, and the state passed in is never changed."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lisboa_core import (
    LisboaError,
    Move,
    action_index,
    apply,
    describe,
    determinize,
    explain_illegal,
    from_json,
    is_over,
    legal_mask,
    legal_moves,
    load_rules,
    new_game,
    observe,
    parse_move,
    random_move,
    score,
    settle_forced,
    state_digest,
    to_json,
)
from lisboa_core.games.lisboa.events import apply_with_events, events_between
from lisboa_core.games.lisboa.render import render_score_sheet, render_text
from lisboa_core.games.lisboa.svg import board
from lisboa_core.games.lisboa.testing import add_store, give_favor
from lisboa_core.persistence.schema import json_schema
from lisboa_core.persistence.serialize import view_from_json

CLEAN = (TypeError, ValueError, LisboaError)

_STATE = new_game(3, 5)
_chooser = random.Random(5)
for _ in range(40):
    _STATE = apply(_STATE, _chooser.choice(legal_moves(_STATE)))
_DIGEST = state_digest(_STATE)
_MOVE = legal_moves(_STATE)[0]
_VIEW = observe(_STATE, 0)
_FREE_LAND = next(land.id for land in load_rules().lands
                  if land.id not in {taken for taken, _s, _st in _STATE.stores})
_FREE_FAVOR = next(n for n, left in zip(("manuel", "marquis", "king"), _STATE.favor_supply,
                                        strict=True)
                   if left and n not in _STATE.players[0].favors)

# Each public function with arguments that work; the test replaces one of them.
CALLS: list[tuple[str, Callable[..., Any], tuple[Any, ...]]] = [
    ("new_game", new_game, (3, 5)),
    ("legal_moves", legal_moves, (_STATE,)),
    ("apply", apply, (_STATE, _MOVE)),
    ("explain_illegal", explain_illegal, (_STATE, _MOVE)),
    ("is_over", is_over, (_STATE,)),
    ("parse_move", parse_move, (_STATE, str(_MOVE))),
    ("to_json", to_json, (_STATE,)),
    ("from_json", from_json, (to_json(_STATE),)),
    ("state_digest", state_digest, (_STATE,)),
    ("observe", observe, (_STATE, 0)),
    ("determinize", determinize, (_VIEW, 1)),
    ("score", score, (_STATE,)),
    ("legal_mask", legal_mask, (_STATE,)),
    ("action_index", action_index, (_STATE, _MOVE)),
    ("random_move", random_move, (_STATE, random.Random(1))),
    ("settle_forced", settle_forced, (_STATE,)),
    ("apply_with_events", apply_with_events, (_STATE, _MOVE)),
    ("events_between", events_between, (_STATE, _STATE)),
    ("render_text", render_text, (_VIEW,)),
    ("render_score_sheet", render_score_sheet, (score(_STATE),)),
    ("board", board, (_VIEW,)),
    ("view_from_json", view_from_json, (to_json(_VIEW),)),
    ("json_schema", json_schema, ("state",)),
    ("add_store", add_store, (_STATE, 0, _FREE_LAND)),
    ("give_favor", give_favor, (_STATE, 0, _FREE_FAVOR)),
]

WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.just(object()),
    st.just(_VIEW),
    st.just(_VIEW.state),
    st.just(Move("nope", ("x",))),
)


@settings(max_examples=300, deadline=None)
@given(call=st.sampled_from(CALLS), position=st.integers(0, 1), wrong=WRONG)
def test_wrong_arguments_give_clean_errors_and_change_nothing(
    call: tuple[str, Callable[..., Any], tuple[Any, ...]], position: int, wrong: Any
) -> None:
    _name, function, good = call
    args = list(good)
    args[position % len(args)] = wrong
    with contextlib.suppress(*CLEAN):
        function(*args)
    assert state_digest(_STATE) == _DIGEST


def test_the_reported_misuses_name_the_function_and_argument() -> None:
    with pytest.raises(TypeError, match=r"apply\(\): move must be a Move, not str 'keep C01'"):
        apply(_STATE, "keep C01")  # type: ignore[arg-type]
    with pytest.raises(LisboaError, match=r"legal_moves\(\): this is a view's state"):
        legal_moves(_VIEW.state)
    with pytest.raises(LisboaError, match=r"apply\(\): this is a view's state"):
        apply(_VIEW.state, _MOVE)
    with pytest.raises(TypeError, match=r"new_game\(\): seed must be an int, not str 'abc'"):
        new_game(seed="abc")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no category 'typo'; the categories are"):
        score(_STATE).seats[0].category("typo")
    with pytest.raises(TypeError, match=r"describe\(\): component must be a Component"):
        describe(None)  # type: ignore[arg-type]


def test_parse_move_takes_the_state_first_and_the_old_order_warns() -> None:
    """Issue 22: one argument order, the state first; ``parse_move(text, state)`` keeps
    working for one release with a deprecation warning."""
    import warnings

    from lisboa_core import legal_moves, new_game, parse_move
    from lisboa_core.errors import LisboaDeprecationWarning

    state = new_game(players=3, seed=2)
    move = legal_moves(state)[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert parse_move(state, str(move)) == move
    with pytest.warns(LisboaDeprecationWarning, match=r"parse_move\(state, text\)"):
        assert parse_move(str(move), state) == move  # type: ignore[call-overload]
