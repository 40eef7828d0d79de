"""Where a card or ship goes in a portfolio (R4.1, R4.3): its row, its free slots, and the
``slot`` decision when more than one is free. Tucking (:mod:`.portfolio`) and building a ship
(:mod:`.state_actions`) both place through here."""

from __future__ import annotations

from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.core.specs import Fixed
from lisboa_core.core.stack import first_datum, push
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_PoliticalCard: Final = m.PoliticalCard

__all__ = ["choose_slot", "needs_room", "place_in_portfolio"]


def _capacity(state: State, seat: int) -> int:
    return ops.player_board_of(ops.rules_of(state)).portfolio_base + state.players[seat].sets


def _row_of(state: State, card_id: str) -> str:
    card = ops.component(ops.rules_of(state), card_id)
    return "bottom" if isinstance(card, _PoliticalCard) and card.type == "treasury" else "top"


def needs_room(state: State, seat: int, card_id: str) -> bool:
    """Whether a card can only be added after a discard (R4.3)."""
    p = state.players[seat]
    row = p.bottom if _row_of(state, card_id) == "bottom" else p.top
    return None not in row or p.portfolio_size >= _capacity(state, seat)


def _free_slots(state: State, seat: int, card_id: str) -> list[int]:
    p = state.players[seat]
    row = p.bottom if _row_of(state, card_id) == "bottom" else p.top
    return [i for i, card in enumerate(row) if card is None]


def place_in_portfolio(state: State, seat: int, card_id: str, slot: int | None = None) -> State:
    """Put a card into an empty slot of its row (room already made): ``slot``, or the
    leftmost one."""
    p = state.players[seat]
    if slot is None:
        slot = _free_slots(state, seat, card_id)[0]
    if _row_of(state, card_id) == "bottom":
        return ops.update(state, seat, bottom=(*p.bottom[:slot], card_id, *p.bottom[slot + 1 :]))
    return ops.update(state, seat, top=(*p.top[:slot], card_id, *p.top[slot + 1 :]))


def choose_slot(state: State, seat: int, card_id: str) -> State:
    """R4.1 / R4.3: the card goes into an empty slot of its row, the seat's choice when
    more than one is empty (unless ``Options.leftmost_slot``)."""
    free = _free_slots(state, seat, card_id)
    if len(free) == 1 or state.options.leftmost_slot:
        return place_in_portfolio(state, seat, card_id, free[0])
    return push(state, Frame("slot", seat, (card_id,)))


def _slot_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("slot", (i + 1,)) for i in _free_slots(state, frame.seat, frame.data[0]))


def _slot(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    return place_in_portfolio(state, frame.seat, frame.data[0], int(move.args[0]) - 1)



# Slots of a row are interchangeable (R4.1): no choice of slot can block the action, and
# the lookahead passing through needs to try only one.
STACK.register(
    "slot", _slot, _slot_moves, lookahead=False, search=lambda s, f, moves: moves[:1],
    data=Fixed(("portfolio",)), holds=first_datum,
    under=frozenset({"tucked", "ship-built"}),
)
