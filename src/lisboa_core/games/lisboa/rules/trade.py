"""Action 2, Trade with the Nobles (R7).

``Frame("trade", seat, (trades_done,))`` is the decision: ``trade ACTION GOOD`` pays one good
accepted by the action's noble onto the action's icon (``state.covered``) and performs the
State action; after the first trade the player may make a second one or say ``done``
(R7.1: 1 or 2 trades). Lookahead (R3.6) keeps only trades whose action can be completed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from lisboa_core.core.memo import CATALOGUES, Memo
from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.specs import EMPTY, Fixed
from lisboa_core.core.stack import done_first, push
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules.state_actions import ALWAYS_POSSIBLE, can_perform
from lisboa_core.games.lisboa.stack import ACTION_FLOOR, STACK, any_move_finishes, each_finishes
from lisboa_core.games.lisboa.state import GOODS, Frame, State
from lisboa_core.games.lisboa.vocabulary import STATE_ACTIONS

__all__ = ["can_trade", "trade_kept", "trade_moves"]


def _pay(state: State, seat: int, action: str, good: str) -> State:
    """R7.1.2: the good leaves the warehouse and covers the action's icon."""
    p = state.players[seat]
    i = GOODS.index(good)
    goods = list(p.goods)
    goods[i] -= 1
    state = replace(state, covered=(*state.covered, action))
    return ops.update(state, seat, goods=tuple(goods))


# Per catalogue: (state action, indices in GOODS of the goods its noble accepts), in board
# order (nobles left to right, each noble's two actions in order).
_OFFERS: Final[Memo[str, tuple[tuple[str, tuple[int, ...]], ...]]] = Memo(
    "lisboa.rules.trade._OFFERS", CATALOGUES
)


def _offers(state: State) -> tuple[tuple[str, tuple[int, ...]], ...]:
    offers = _OFFERS.get(state.catalogue)
    if offers is None:
        offers = tuple(
            (action, tuple(i for i, good in enumerate(GOODS) if good in noble.accepts))
            for noble in ops.nobles_of(ops.rules_of(state))
            for action in noble.state_actions
        )
        _OFFERS.put(state.catalogue, offers)
    return offers


_TRADE_MOVES: Final[dict[tuple[str, int], Move]] = {
    (action, i): Move("trade", (action, good))
    for action in STATE_ACTIONS
    for i, good in enumerate(GOODS)
}


def trade_moves(state: State, seat: int) -> tuple[Move, ...]:
    """Every ``trade ACTION GOOD`` open to ``seat`` now (R7.1-R7.3), nobles left to right."""
    return tuple(_trades(state, seat))


def can_trade(state: State, seat: int) -> bool:
    """Whether ``seat`` could trade now (one trade at least, R7.1, R4.10)."""
    return next(_trades(state, seat), None) is not None


def _trades(state: State, seat: int) -> Iterator[Move]:
    p = state.players[seat]
    if not any(p.goods):
        return  # R7.1.2: every trade pays a good
    for action, accepted in _offers(state):
        if action in state.covered:  # R7.3: covered this turn
            continue
        paying = [i for i in accepted if p.goods[i]]
        if not paying:
            continue
        # R7.2: the action must be possible after its good is paid. Only Build a Ship
        # depends on the goods left, so the others are checked once.
        if action != "build-ship" and not can_perform(state, seat, action):
            continue
        for i in paying:
            if action == "build-ship":
                left = tuple(n - (k == i) for k, n in enumerate(p.goods))
                if not can_perform(state, seat, action, left):
                    continue
            yield _TRADE_MOVES[action, i]


def trade_kept(state: State, seat: int) -> bool:
    """A trade is possible now whose action is always possible (A44) and whose good the
    seat holds: effects that never take goods away (``sale_safe``) keep it possible."""
    goods = state.players[seat].goods
    return any(
        action in ALWAYS_POSSIBLE
        and action not in state.covered
        and any(goods[i] for i in accepted)
        for action, accepted in _offers(state)
    )


def _trade_frame_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    (done,) = frame.data
    moves = trade_moves(state, frame.seat)
    # "done" first: the lookahead of a first trade then finds a finished action at once.
    return (Move("done"), *moves) if done else moves


def _trade(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    if move.kind == "done":
        return state
    seat = frame.seat
    action, good = str(move.args[0]), str(move.args[1])
    state = _pay(state, seat, action, good)
    (done,) = frame.data
    if not done:
        # R7.4: the second trade is offered after the first action, with what it gained.
        state = push(state, Frame("trade-again", seat))
    return push(state, Frame("state-action", seat, (action,)))  # R7.1.3


def _trade_again(state: State, frame: Frame, move: Move | None) -> State:
    """Automatic: offer a second trade only if one is possible (else the action is over)."""
    if can_trade(state, frame.seat):
        return push(state, Frame("trade", frame.seat, (1,)))
    return state


# Each trade offered is possible with its good paid (R7.2), and after it the turn can end.
STACK.register(
    "trade", _trade, _trade_frame_moves, lookahead=True, search=done_first,
    verdict=any_move_finishes, judge=each_finishes, data=Fixed(("nat",)),
    under=ACTION_FLOOR,
)
STACK.register("trade-again", _trade_again, data=EMPTY, under=ACTION_FLOOR)
