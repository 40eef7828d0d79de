"""Helpers to build Tiletum positions for the rule tests (docs/games/tiletum/rules.md)."""

from __future__ import annotations

from typing import Any

from lisboa_core import new_game
from lisboa_core.core.frame import Frame
from lisboa_core.core.replace import replace
from lisboa_core.games.scenarios import play as generic_play
from lisboa_core.games.scenarios import settle_chance
from lisboa_core.games.tiletum.model import RESOURCES
from lisboa_core.games.tiletum.rules.ops import rules_of
from lisboa_core.games.tiletum.state import State


def fresh(players: int = 4, seed: int = 1) -> State:
    """A new game, stopped at its first decision (round 1's dice rolled as the seeded game
    rolls them)."""
    return rolled(new_game(players=players, seed=seed, game="tiletum"))


def rolled(state: Any) -> State:
    """``state`` with every chance step on top resolved as the seeded game resolves it."""
    state = settle_chance(state)
    assert isinstance(state, State)
    return state


def seat(state: State, index: int, resources: dict[str, int] | None = None,
         **changes: Any) -> State:
    """Seat ``index`` with some resources set (the others 0 when ``resources`` is given) and
    other fields replaced."""
    p = state.players[index]
    if resources is not None:
        changes["resources"] = tuple(resources.get(r, 0) for r in RESOURCES)
    p = replace(p, **changes)
    return state.with_players((*state.players[:index], p, *state.players[index + 1 :]))


def res(state: State, index: int, name: str) -> int:
    """How much of resource ``name`` seat ``index`` holds."""
    return state.players[index].resources[RESOURCES.index(name)]


def at(state: State, *frames: Frame) -> State:
    """The state with exactly these frames pending (the last on top) and a turn-end under an
    action frame left to stop on."""
    return state.with_pending(tuple(frames))


def action(state: State, index: int, kind: str, ap: int, die: bool = True) -> State:
    """Seat ``index`` in the middle of an action instance with ``ap`` AP."""
    return at(state, Frame("turn-end", index), Frame("action", index, (kind, ap, 0, int(die))))


def play(state: State, *moves: str, settle: bool = True) -> State:
    """Apply moves written as text, each checked legal (:func:`lisboa_core.testing.play`),
    any chance step left at the end resolved unless ``settle`` is false."""
    return generic_play(state, *moves, settle=settle)


def ap_left(state: State) -> int:
    """AP of the action frame on top."""
    frame = state.pending[-1]
    assert frame.kind == "action", frame
    return int(frame.data[1])


def king_at(state: State, stacks: dict[int, tuple[int, ...]]) -> State:
    """The king track with the given stacks (space index -> seats bottom first)."""
    king = [stacks.get(i, ()) for i in range(len(rules_of(state).king_values))]
    return state.replaced({"king": tuple(king)})
