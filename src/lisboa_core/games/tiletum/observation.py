"""What a Tiletum seat sees, as a fixed-length float32 vector for learning agents.

:func:`encode` reads only a :class:`~lisboa_core.views.View`
(:func:`~lisboa_core.games.tiletum.views.observe`), so two states that differ only in what
nobody can see (the generator: decks and face-down tokens are drawn at chance steps) give
the same vector.
The length depends on the catalogue and the player count only. Seats are *relative*: seat 0
of the vector is the seat that looks. Counts are raw numbers; places are one-hot.

Requires numpy (extra ``lisboa_core[rl]``); :mod:`lisboa_core.games.tiletum.game` imports
this module only when asked for a vector.

Example::

    from lisboa_core import new_game, observe
    from lisboa_core.games.tiletum.observation import encode, observation_size

    state = new_game(players=3, seed=1, game="tiletum")
    assert encode(observe(state, 0)).shape == (observation_size(state),)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from lisboa_core.games.tiletum.language import ACTIONS as AREA_ACTIONS
from lisboa_core.games.tiletum.model import Rules
from lisboa_core.games.tiletum.rules.ops import ACTIONS, rules_of
from lisboa_core.games.tiletum.stack import STACK
from lisboa_core.games.tiletum.state import State
from lisboa_core.views import View

__all__ = ["encode", "observation_size"]

_TILE_KINDS = ("person", "contract", "coat", "assistant")


def _one_hot(size: int, index: int) -> list[float]:
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def _kind(rules: Rules, tile: str) -> list[float]:
    return _one_hot(len(_TILE_KINDS), _TILE_KINDS.index(rules.kind_of(tile)) if tile else -1)


def _values(state: State, seat: int) -> list[float]:
    rules = rules_of(state)
    n = state.player_count
    spaces = rules.spaces
    persons = sorted({p.person for p in rules.persons})
    kinds = sorted(STACK.kinds())
    out: list[float] = []
    out += _one_hot(4, state.round - 1) + _one_hot(4, state.cycle) + _one_hot(6, state.wheel)
    for offered in state.area_actions:  # TL27.1: the variant moves the actions
        out += _one_hot(len(AREA_ACTIONS), AREA_ACTIONS.index(offered))
    for dice in state.area_dice:
        out += [float(sum(1 for d in dice if d[:2] == c)) for c, _ in rules.dice]
        out += [float(sum(1 for d in dice if d[2:] == str(v))) for v in range(1, 7)]
    for tile in (*state.area_bonus, state.king_bonus, *state.map_bonus):
        out += _kind(rules, tile)
    for t in (*state.contract_display,):
        out += _kind(rules, t)
        holds = rules.extra["tile"][t].holds if t else ""
        contract = rules.extra["contract"].get(holds)
        out.append(float(contract.vp) if contract else 0.0)
    for t in state.person_display:
        out += _one_hot(len(persons), persons.index(rules.extra["person"][t].person) if t else -1)
    out += [float(len(state.contract_deck)), float(len(state.person_deck)),
            float(len(state.bonus_deck))]
    for v in state.corruption:
        out += _one_hot(4, v + 1)  # -1: face down
    for town in state.fair_towns:
        out += _one_hot(len(rules.towns), [t.id for t in rules.towns].index(town))
    for fair in state.fair_tiles:
        out += _one_hot(len(rules.fairs), [f.id for f in rules.fairs].index(fair))
    for i, cost in enumerate(state.costs):
        c = rules.extra["cost"][cost]
        out += [float(c.stone), float(c.vp), float(c.closed), float(state.cathedral_left[i])]
    for r in range(n):
        s = (seat + r) % n
        p = state.players[s]
        out += [float(p.vp), *map(float, p.resources), float(p.posts), float(p.pillars)]
        out += _one_hot(len(spaces), spaces.index(p.merchant))
        out += _one_hot(len(spaces), spaces.index(p.architect))
        out += [float(x) for x in p.roofs] + [float(bool(c)) for c in p.coats]
        for rooms in p.rooms:
            out += [float(bool(t)) for t in rooms]
        for k in _TILE_KINDS:
            out.append(float(sum(1 for t in p.warehouse if rules.kind_of(t) == k)))
        out += [float(len(p.contracts)), float(len(p.dice)), float(sum(p.cathedral_tiles))]
        out += [float(x) for x in p.contributed] + [float(x) for x in p.bonus_ap]
        out += [float(x == s) for x in state.posts]
        out += [float(s in stack) for stack in state.pillars]
        space = next(i for i, stack in enumerate(state.king) if s in stack)
        out += _one_hot(len(state.king), space)
        out += [float(state.king[space].index(s)), float(state.order.index(s))]
    top = state.pending[-1] if state.pending else None
    out += _one_hot(len(kinds), kinds.index(top.kind) if top else -1)
    action = top is not None and top.kind == "action"
    out += _one_hot(len(ACTIONS), ACTIONS.index(top.data[0]) if action and top else -1)
    out.append(float(top.data[1]) if action and top else 0.0)
    # 1 + the deciding seat's offset from the observer, 0 when nobody decides (the game is
    # over): the declared observation space has no negative values.
    out.append(float(1 + (top.seat - seat) % n) if top is not None and top.seat >= 0 else 0.0)
    return out


def encode(view: View) -> npt.NDArray[Any]:
    """What ``view.seat`` sees as a float32 vector of :func:`observation_size` values."""
    state: State = view.state
    return np.asarray(_values(state, view.seat), dtype=np.float32)


def observation_size(state_or_view: State | View) -> int:
    """The length of :func:`encode`'s vector for this catalogue and player count."""
    state = state_or_view.state if isinstance(state_or_view, View) else state_or_view
    return len(_values(state, 0))
