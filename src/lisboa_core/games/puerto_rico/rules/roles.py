"""The round (PR3): choosing role cards, the doubloons on them, the phases they start, the
prospector (PR10) and the end of the round and of the game (PR3.3, PR15.2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.stack import BOTTOM, push
from lisboa_core.games.puerto_rico.model import Role
from lisboa_core.games.puerto_rico.rules import builder, captain, craftsman, mayor, settler, trader
from lisboa_core.games.puerto_rico.rules.ops import order_from, rules_of, set_player
from lisboa_core.games.puerto_rico.stack import STACK
from lisboa_core.games.puerto_rico.state import Frame, State

__all__ = ["PHASES", "round_frames"]

PHASES: Final[dict[str, Callable[[State, int, Role], State]]] = {
    "settle": settler.start,
    "colonists": mayor.start,
    "build": builder.start,
    "produce": craftsman.start,
    "trade": trader.start,
    "ship": captain.start,
}
"""What starts each phase kind a role card names (``none``: the card has no action)."""


def round_frames(state: State) -> State:
    """The frames of a round: every seat chooses a role in turn from the governor
    (PR3.2.1-PR3.2.2), then the round ends."""
    n = state.player_count
    seats = order_from(state.governor, n)
    return push(state, Frame("round-end", -1), *(Frame("choose-role", s) for s in reversed(seats)))


def _choose_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("role", (role.lower(),))
                 for role, taker in zip(state.roles, state.role_takers, strict=True) if taker < 0)


def _choose(state: State, frame: Frame, move: Move | None) -> State:
    """PR3.2: take a role card that is out, with the doubloons on it (PR3.2.5), and play
    out its phase from the chooser (PR3.2.3); a privilege paid in doubloons is paid now
    (PR10.1.1)."""
    assert move is not None
    rules = rules_of(state)
    word = str(move.args[0])
    index = next(i for i, r in enumerate(state.roles) if r.lower() == word)
    role = rules.roles_by_id[state.roles[index]]
    seat = frame.seat
    p = state.players[seat]
    bonus = role.amount if role.privilege == "doubloons" else 0
    state = set_player(state, seat, replace(
        p, doubloons=p.doubloons + state.role_doubloons[index] + bonus))
    state = replace(
        state,
        phase=role.id,
        role_doubloons=(*state.role_doubloons[:index], 0, *state.role_doubloons[index + 1 :]),
        role_takers=(*state.role_takers[:index], seat, *state.role_takers[index + 1 :]),
    )
    state = push(state, Frame("phase-end", -1))
    start = PHASES.get(role.phase)
    return state if start is None else start(state, seat, role)


def _phase_end(state: State, frame: Frame, move: Move | None) -> State:
    return replace(state, phase="")


def _round_end(state: State, frame: Frame, move: Move | None) -> State:
    """PR3.3: a doubloon on each role card nobody took (PR3.3.2), the cards back
    (PR3.3.3), the governor card to the left (PR3.3.4); the game ends here once a game-end
    condition was met during the round (PR3.3.5, PR15.2.1)."""
    bonus = rules_of(state).board.role_bonus
    state = replace(
        state,
        role_doubloons=tuple(d + bonus if taker < 0 else d
                             for d, taker in zip(state.role_doubloons, state.role_takers,
                                                 strict=True)),
        role_takers=(-1,) * len(state.roles),
        governor=(state.governor + 1) % state.player_count,
    )
    if state.end_reasons:
        return state  # nothing pending: the game is over (PR15.2)
    return round_frames(replace(state, round=state.round + 1))


STACK.register("choose-role", _choose, _choose_moves, checkpoint=True,
               under=frozenset({"choose-role", "round-end"}))
STACK.register("phase-end", _phase_end, under=frozenset({"choose-role", "round-end"}))
STACK.register("round-end", _round_end, under=frozenset({BOTTOM}))
