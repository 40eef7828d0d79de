"""The optional starting-hand draft (R2.7.6), as ordinary single-seat decisions.

Each player gets 5 blue cards, keeps 2 and passes 3 to the left; keeps 1 of the 3
received and passes 2; keeps 1 of the 2 received and passes 1; the hand is the 4 kept
cards and the card received last. Seats decide one at a time, from the start player.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.core.specs import Fixed, Many
from lisboa_core.core.stack import push
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State

__all__ = ["KEEP_PER_ROUND", "start_draft"]

KEEP_PER_ROUND: Final = (2, 1, 1)


def start_draft(state: State, packets: tuple[tuple[str, ...], ...]) -> State:
    """Push the first draft decision; ``packets`` are the 5 cards dealt to each seat."""
    empty: tuple[tuple[str, ...], ...] = ((),) * state.player_count
    return push(state, Frame("draft", state.start_player, (0, 0, packets, empty)))


def _moves(state: State, frame: Frame) -> tuple[Move, ...]:
    round_, _done, packets, _kept = frame.data
    packet = sorted(packets[frame.seat])
    return tuple(Move("draft", pick) for pick in combinations(packet, KEEP_PER_ROUND[round_]))


def _apply(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    round_, done, packets, kept = frame.data
    seat, n = frame.seat, state.player_count
    picked = tuple(str(a) for a in move.args)
    packets = tuple(
        tuple(c for c in p if c not in picked) if i == seat else p for i, p in enumerate(packets)
    )
    kept = tuple((*k, *picked) if i == seat else k for i, k in enumerate(kept))
    done += 1
    if done < n:
        return push(state, Frame("draft", (seat + 1) % n, (round_, done, packets, kept)))
    # Every seat has kept its cards this round: pass the rest to the left (clockwise).
    packets = tuple(packets[(i - 1) % n] for i in range(n))
    if round_ + 1 < len(KEEP_PER_ROUND):
        start = state.start_player
        return push(state, Frame("draft", start, (round_ + 1, 0, packets, kept)))
    for i in range(n):
        state = ops.update(state, i, hand=kept[i] + packets[i])
    return state


def _held(frame: Frame) -> list[str]:
    """The cards in the packets being passed and those kept so far."""
    _round, _done, packets, kept = frame.data
    return [card for group in (*packets, *kept) for card in group]


STACK.register(
    "draft", _apply, _moves, checkpoint=True,
    data=Fixed(("nat", "nat", Many(Many("starting_card")), Many(Many("starting_card")))),
    holds=_held, under=frozenset({"keep-clergy"}), lookahead=True,
)
