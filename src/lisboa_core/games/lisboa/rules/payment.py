"""Paying reis (R0.11, R5.6): discounts first, then the seat splits the rest between cash
and influence.

R5.6 lets any part of any payment be covered with influence, one real per reis icon the
marker passes on its way down. When more than one split is possible the seat decides with a
``cover N`` move (N reis covered by influence, the rest in cash); otherwise the only split
is paid at once.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.core.specs import Fixed
from lisboa_core.core.stack import push
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State

__all__ = ["DEAD", "cover_range", "dead", "pay"]

def dead(reason: str) -> Frame:
    """A dead end: the action under way cannot be finished, for ``reason`` (a rule and
    what it needs), which :func:`lisboa_core.explain_illegal` reports."""
    return Frame("dead", -1, (reason,))


DEAD: Final = dead("R0.11: a payment that cannot be made")
"""A frame that offers no move: pushed when a mandatory step cannot be done, so the R3.6
lookahead rejects the path that led here."""


def cover_range(state: State, seat: int, due: int) -> range:
    """How many reis of ``due`` the seat may cover with influence (empty: it cannot pay)."""
    p = state.players[seat]
    low = max(0, due - p.reis)
    high = min(due, ops.reis_value(state, p.influence))
    return range(low, high + 1)


def pay(state: State, seat: int, amount: int, *, mandatory: bool = True) -> State:
    """Pay ``amount`` reis less the seat's payment discounts (R0.11).

    A payment that cannot be made blocks the action (``mandatory``, R0.11) or is skipped
    (a noble-card penalty, R4.5). With a choice of splits the seat decides (R5.6).
    """
    due = max(0, amount + (ops.modifier(state, seat, "payment") or 0))
    choices = cover_range(state, seat, due)
    if not choices:
        reason = f"R0.11: {due} reis to pay, more than the seat can raise"
        return push(state, dead(reason)) if mandatory else state
    if len(choices) == 1:
        return ops.settle_payment(state, seat, due, choices[0])
    return push(state, Frame("pay", seat, (due,)))


def _pay_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    (due,) = frame.data
    return tuple(Move("cover", (n,)) for n in cover_range(state, frame.seat, due))


def _pay(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    return ops.settle_payment(state, frame.seat, frame.data[0], int(move.args[0]))


def _dead(state: State, frame: Frame, move: Move | None) -> State:
    raise AssertionError("a dead end offers no move")


def _no_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return ()


STACK.register("pay", _pay, _pay_moves, data=Fixed(("nat",)), lookahead=True)
STACK.register("dead", _dead, _no_moves, data=Fixed(("text",)), lookahead=True)
