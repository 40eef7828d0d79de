"""Lookahead hints for decisions whose every move is carried out without blocking (R3.6):
a choice of decree, plan, favor, office, cube or clergy tile, or how to split a payment.
Such a decision is settled without playing it out when the rest of the action certainly
finishes (:func:`quiet_tail`). The rules of these decisions are in :mod:`.effects`,
:mod:`.payment` and :mod:`.state_actions`; the hints attach from here because judging "the
rest of the action" needs the tuck and trade rules, which build on those modules.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.hints.effect_facts import sale_safe, triggers_never_block
from lisboa_core.games.lisboa.hints.sale_hints import room_keeps_ships
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules import payment as _payment  # noqa: F401  (registers "pay")
from lisboa_core.games.lisboa.rules import state_actions as _state_actions  # noqa: F401  (its frames)
from lisboa_core.games.lisboa.rules.portfolio import can_sell
from lisboa_core.games.lisboa.rules.trade import trade_kept
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_ClergyTile: Final = m.ClergyTile

__all__ = ["quiet_judge", "quiet_tail", "quiet_verdict"]


# Automatic frames that, once reached, finish without a decision that could block: the
# court card and its discard after a visit or a sponsorship, the follows (checkpoints
# themselves), the offer of a second trade (it may always be declined: R7.4), a store's or
# a building's scoring (R10.1.4, R10.3.2.5-6: wigs, then its event, whose triggers are
# checked below) and the upkeep.
_QUIET_FRAMES: Final = frozenset(
    {"court-card", "court-discard", "follow-round", "trade-again", "store-score",
     "building-done", "end-turn"}
)


def quiet_tail(state: State) -> bool:
    """Whether everything under the top frame, down to the next checkpoint, certainly
    finishes: quiet frames and the seat's own effects that never block (``sale_safe``),
    with every trigger the seat holds unable to block either (A37); or the end of a tuck
    with a sale possible now that nothing on the way can take away."""
    seat = state.pending[-1].seat
    tuck = False
    room = True  # room for the tucked card can be made without discarding a ship
    for frame in reversed(state.pending[:-1]):
        if STACK.handler(frame.kind).checkpoint:
            break
        if frame.kind in _QUIET_FRAMES:
            continue
        if frame.kind == "store-house" and _house_left(state, frame.seat):
            continue  # R13.1: any group with a house left will do
        if frame.kind == "effect" and frame.seat == seat and sale_safe(frame.data[0]):
            continue
        if frame.kind in _TUCK_FRAMES and frame.seat == seat:
            tuck = True
            if frame.kind == "place-card":
                room = room_keeps_ships(state, seat, frame.data[0])
            continue
        return False
    if not triggers_never_block(state, seat):
        return False
    return not tuck or (room and can_sell(state, seat)) or trade_kept(state, seat)



def _house_left(state: State, seat: int) -> bool:
    houses = ops.player_board_of(ops.rules_of(state)).houses
    taken = state.players[seat].houses
    return any(n < total for n, (_group, total) in zip(taken, houses, strict=True))


# The end of a tuck: the card placed (room made for it), its triggers, then Sell or Trade,
# which needs a sale or a trade possible (R4.10). With a sale possible now and nothing on
# the way able to take goods or ships away (``sale_safe``), it stays possible; so does a
# trade whose action is always possible (see trade.trade_kept).
_TUCK_FRAMES: Final = frozenset({"place-card", "tucked", "sell-or-trade"})


def quiet_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """For a decision every move of which is carried out without blocking (a choice of
    decree, plan, favor, office, cube, or how to split a payment): finishable when a move
    is offered and the rest certainly finishes (see :func:`quiet_tail`)."""
    return True if moves and quiet_tail(state) else None


def quiet_judge(state: State, frame: Frame, moves: tuple[Move, ...]) -> list[bool | None]:
    """Every move of such a decision is legal when the rest certainly finishes."""
    answer = True if quiet_tail(state) else None
    return [answer] * len(moves)




def _clergy_judge(state: State, frame: Frame, moves: tuple[Move, ...]) -> list[bool | None]:
    """Taking a tile whose effects can never block is legal when the rest of the action
    certainly finishes (see :func:`quiet_tail`; R8.5.3, A37)."""
    if not quiet_tail(state):
        return [None] * len(moves)
    rules = ops.rules_of(state)
    return [
        True
        if all(
            sale_safe(t.effect)
            for t in ops.typed(rules, str(move.args[0]), _ClergyTile).behaviour.triggers
        )
        else None
        for move in moves
    ]


def _clergy_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    return True if True in _clergy_judge(state, frame, moves) else None




for _kind in ("place-officials", "take-favor", "take-decree", "take-plan", "take-pile-rubble"):
    STACK.hint(_kind, verdict=quiet_verdict, judge=quiet_judge)
# Recruiting places an official in an open office (displacing without a decision: R8.1.2)
# and, after the first, may always stop (R8.1.1): no move of it can block.
STACK.hint("recruit-officials", verdict=quiet_verdict, judge=quiet_judge)
# Every split offered settles the payment in full (R5.6).
STACK.hint("pay", verdict=quiet_verdict, judge=quiet_judge)
STACK.hint("take-clergy", judge=_clergy_judge, verdict=_clergy_verdict)
