"""Lookahead hints for a tucked card and the Sell or Trade after it (R4.10, R6): whether a
tuck certainly keeps a sale or a trade possible, or certainly leaves none, so the turn's
judge and the slot and make-room decisions settle without playing the turn out. The rules
are in :mod:`.portfolio`.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.hints.effect_facts import (
    NEED_A_GOOD,
    church_goodless,
    church_sale_safe,
    goodless,
    harmless,
    sale_safe,
    sale_safe_beside_church,
    surely_gains_good,
    triggers_never_block,
)
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules import slots as _slots  # noqa: F401  (registers "slot")
from lisboa_core.games.lisboa.rules.portfolio import (
    _docked_ships,
    can_sell,
    discard_choices,
)
from lisboa_core.games.lisboa.rules.slots import needs_room
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_PoliticalCard: Final = m.PoliticalCard
_Ship: Final = m.Ship

__all__ = ["room_keeps_ships", "sale_kept", "tuck_hopeless", "tuck_keeps_sale"]


# What follows a tucked card's slot or the room made for it: the tuck's triggers, the Sell
# or Trade, the upkeep.
_TUCK_TAIL: Final = frozenset({"place-card", "tucked", "sell-or-trade", "end-turn"})


def _sale_ahead(state: State, seat: int) -> bool:
    """A sale will still be possible at the Sell or Trade after this card is tucked: one is
    possible now and the tuck's triggers can only gain."""
    triggers = ops.triggers(state, seat, "tuck", None)
    return (
        STACK.tail_within(state, _TUCK_TAIL)
        and can_sell(state, seat)
        and all(harmless(t.effect) for t in triggers)
    )


def sale_kept(state: State, seat: int) -> bool:
    """A sale is possible now and every trigger the seat holds can only add goods and ships
    (the part of :func:`tuck_keeps_sale` that does not depend on the card)."""
    return can_sell(state, seat) and triggers_never_block(state, seat)


def tuck_keeps_sale(
    state: State, seat: int, card_id: str, kept: bool | None = None, trading: bool = False
) -> bool:
    """Tucking ``card_id`` certainly ends with a sale or a trade possible (R4.10): the
    covered part of the card and every trigger the seat holds can only add goods and ships
    (R4.5, R4.6; a clergy tile taken on the way too, see
    :func:`~.effects.church_sale_safe`), and either a sale is possible now, or the seat has
    no good but the covered part surely gives one and a ship is docked (R6.1), and room can
    be made without discarding a ship (R4.3, R4.4); or ``trading`` (a trade that stays
    possible, see :func:`~.trade.trade_kept`, with triggers that never block). ``kept``:
    :func:`sale_kept`, if already known."""
    kept = sale_kept(state, seat) if kept is None else kept
    rules = ops.rules_of(state)
    card = ops.component(rules, card_id)
    assert isinstance(card, _PoliticalCard)
    covered = card.tucked if card.type == "treasury" else (card.reward or card.penalty)
    if not (kept or trading):
        # R6.1: any good, on any docked ship with room; a good gained into an empty
        # warehouse is always kept (R4.8: room for at least one of each type).
        gains = (
            not any(state.players[seat].goods)
            and surely_gains_good(covered)
            and bool(_docked_ships(state))
            and triggers_never_block(state, seat)
        )
        if not gains:
            return False
    if not sale_safe(covered) and not (
        sale_safe_beside_church(covered) and church_sale_safe(state)
    ):
        return False
    return trading or room_keeps_ships(state, seat, card_id)


def room_keeps_ships(state: State, seat: int, card_id: str) -> bool:
    """Room can be made for ``card_id`` without discarding a ship (R4.3, R4.4)."""
    rules = ops.rules_of(state)
    return not needs_room(state, seat, card_id) or any(
        not isinstance(ops.component(rules, c), _Ship)
        for c in discard_choices(state, seat, card_id)
    )


def tuck_hopeless(state: State, seat: int, card_id: str) -> bool:
    """Tucking ``card_id`` certainly ends with neither a sale nor a trade possible (R4.10):
    both need a good (R6.1, R7.1.2), the seat has none, and neither the card (a clergy tile
    taken on the way included, see :func:`~.effects.church_goodless`) nor a trigger the
    seat holds could give one on the way (a trigger on an event that itself needs a good
    made, :data:`~.effects.NEED_A_GOOD`, cannot fire first)."""
    if any(state.players[seat].goods):
        return False
    card = ops.typed(ops.rules_of(state), card_id, _PoliticalCard)
    if not all(goodless(part) for part in (card.tucked, card.reward, card.penalty)):
        church = church_goodless(state)
        if not church or not all(
            goodless(part, True) for part in (card.tucked, card.reward, card.penalty)
        ):
            return False
    behaviours = (*ops.active_behaviours(state, seat), card.permanent)
    return all(
        goodless(t.effect) for b in behaviours for t in b.triggers if t.event not in NEED_A_GOOD
    )


def _slot_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    return True if moves and _sale_ahead(state, frame.seat) else None


def _make_room_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """Discarding a card that is not a ship changes nothing a sale needs (R4.3, R4.4)."""
    rules = ops.rules_of(state)
    keeps_ships = any(not isinstance(rules[str(mv.args[0])], _Ship) for mv in moves)
    return True if keeps_ships and _sale_ahead(state, frame.seat) else None


STACK.hint("slot", verdict=_slot_verdict)  # a tuck that keeps a sale: any slot finishes
STACK.hint("make-room", verdict=_make_room_verdict)
