"""Playing a card into the portfolio (R4) and Action 1, Sell Goods (R6)."""

from __future__ import annotations

from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.specs import EMPTY, Fixed
from lisboa_core.core.stack import done_first, first_datum, push
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules.effects import emit, run_effect
from lisboa_core.games.lisboa.rules.slots import _row_of, choose_slot, needs_room
from lisboa_core.games.lisboa.rules.trade import can_trade
from lisboa_core.games.lisboa.stack import ACTION_FLOOR, STACK, any_move_finishes, each_finishes
from lisboa_core.games.lisboa.state import GOODS, Frame, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_PoliticalCard: Final = m.PoliticalCard
_Ship: Final = m.Ship

__all__ = [
    "any_move_finishes",
    "can_sell",
    "can_sell_or_trade",
    "discard_choices",
    "done_first",
    "each_finishes",
    "ship_ref",
    "start_tuck",
    ]


def ship_ref(seat: int, slot: int) -> str:
    """Notation of a top portfolio slot: ``p2.1`` is seat 2's first slot (seats counted
    from 0 as everywhere in the library, slots from 1 as printed on the board)."""
    return f"p{seat}.{slot + 1}"


def _docked_ships(state: State) -> list[tuple[int, int, int]]:
    """(seat, slot, free cargo spaces) of every ship that can take a good (R6.1.1)."""
    rules = ops.rules_of(state)
    out = []
    for seat, p in enumerate(state.players):
        for slot, card in enumerate(p.top):
            if card is None:
                continue
            ship = ops.component(rules, card)
            if isinstance(ship, _Ship) and len(p.cargo[slot]) < ship.hull:
                out.append((seat, slot, ship.hull - len(p.cargo[slot])))
    return out


def can_sell(state: State, seat: int) -> bool:
    """A good to sell and a docked ship with room (R6.1)."""
    return any(state.players[seat].goods) and bool(_docked_ships(state))


def can_sell_or_trade(state: State, seat: int) -> bool:
    """R4.10: after tucking, one of Sell Goods or Trade with the Nobles must be possible."""
    return can_sell(state, seat) or can_trade(state, seat)


def start_tuck(state: State, seat: int, card_id: str) -> State:
    """R4.5 / R4.6: resolve the covered part, make room and tuck, then sell or trade."""
    card = ops.component(ops.rules_of(state), card_id)
    assert isinstance(card, _PoliticalCard)
    state = push(state, Frame("sell-or-trade", seat), Frame("place-card", seat, (card_id,)))
    covered = card.tucked if card.type == "treasury" else (card.reward or card.penalty)
    if covered is not None:
        state = run_effect(state, seat, covered)
    return state


def _place_card(state: State, frame: Frame, move: Move | None) -> State:
    (card_id,) = frame.data
    seat = frame.seat
    if needs_room(state, seat, card_id):
        return push(
            state, Frame("place-card", seat, (card_id,)), Frame("make-room", seat, (card_id,))
        )
    card = ops.component(ops.rules_of(state), card_id)
    kind = "treasury" if isinstance(card, _PoliticalCard) and card.type == "treasury" else "noble"
    return choose_slot(push(state, Frame("tucked", seat, (kind,))), seat, card_id)


def _tucked(state: State, frame: Frame, move: Move | None) -> State:
    return emit(state, frame.seat, "tuck", frame.data[0])  # R17.2.1


def discard_choices(state: State, seat: int, card_id: str) -> list[str]:
    """The cards the seat may discard to make room for ``card_id`` (R4.3: from its row if
    that row is full, else from anywhere in the portfolio)."""
    p = state.players[seat]
    row = p.bottom if _row_of(state, card_id) == "bottom" else p.top
    if None not in row:
        return [c for c in row if c is not None]
    return [c for c in (*p.top, *p.bottom) if c is not None]


def _make_room_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("discard", (c,)) for c in discard_choices(state, frame.seat, frame.data[0]))


def discard_from_portfolio(state: State, seat: int, card_id: str) -> State:
    """Remove a portfolio card from the game; a ship's cargo goes with it (R4.3, R4.4)."""
    state = ops.remove_from_game(state, card_id)
    p = state.players[seat]
    if card_id in p.bottom:
        i = p.bottom.index(card_id)
        return ops.update(state, seat, bottom=(*p.bottom[:i], None, *p.bottom[i + 1 :]))
    i = p.top.index(card_id)
    return ops.update(
        state,
        seat,
        top=(*p.top[:i], None, *p.top[i + 1 :]),
        cargo=(*p.cargo[:i], (), *p.cargo[i + 1 :]),
        sailed=(*p.sailed[:i], 0, *p.sailed[i + 1 :]),
    )


def _make_room(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    return discard_from_portfolio(state, frame.seat, str(move.args[0]))


def _sell_or_trade_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    moves = []
    if can_sell(state, frame.seat):
        moves.append(Move("sell"))
    if can_trade(state, frame.seat):
        moves.append(Move("trade"))
    return tuple(moves)


def _sell_or_trade(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    if move.kind == "sell":
        return push(state, Frame("sell", frame.seat, (0,)))
    return push(state, Frame("trade", frame.seat, (0,)))


def _sell_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    (sold,) = frame.data
    p = state.players[frame.seat]
    ships = _docked_ships(state)
    moves = [
        Move("sell", (good, ship_ref(owner, slot)))
        for good, have in zip(GOODS, p.goods, strict=True)
        if have
        for owner, slot, _free in ships
    ]
    if sold:
        moves.append(Move("done"))  # R6.3: at least one good, then the seller may stop
    return tuple(moves)


def _sell(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    seat = frame.seat
    if move.kind == "done":
        return state
    good, ref = str(move.args[0]), str(move.args[1])
    owner_text, slot_text = ref[1:].split(".")
    owner, slot = int(owner_text), int(slot_text) - 1
    rules = ops.rules_of(state)
    p = state.players[seat]
    gi = GOODS.index(good)
    goods = list(p.goods)
    goods[gi] -= 1
    ship = rules[state.players[owner].top[slot]]  # type: ignore[index]
    assert isinstance(ship, _Ship)
    income = state.prices[gi] + ship.sale  # R6.1.3 (card bonuses come as sell triggers)
    state = ops.update(state, seat, goods=tuple(goods), reis=p.reis + income)
    o = state.players[owner]
    cargo = (*o.cargo[slot], good)
    state = ops.update(state, owner, cargo=(*o.cargo[:slot], cargo, *o.cargo[slot + 1 :]))
    state = push(state, Frame("sell", seat, (frame.data[0] + 1,)))
    if len(cargo) == ship.hull:
        state = _set_sail(state, owner, slot)
    return emit(state, seat, "sell", good)  # R17.2.3, R17.4.3


def _set_sail(state: State, owner: int, slot: int) -> State:
    """R6.5: the owner flips the goods and scores 1 wig per newly flipped crate."""
    o = state.players[owner]
    crates = len(o.cargo[slot]) - o.sailed[slot]
    state = ops.update(
        state, owner, sailed=(*o.sailed[:slot], len(o.cargo[slot]), *o.sailed[slot + 1 :])
    )
    state = ops.add_wigs(state, owner, crates)
    return emit(state, owner, "sail", None, (("quantity", crates),))  # R17.2.4


def dock(state: State, seat: int) -> State:
    """R3.3: the seat's ships at sea return their goods to the supply."""
    rules = ops.rules_of(state)
    p = state.players[seat]
    cargo = list(p.cargo)
    sailed = list(p.sailed)
    for slot, card in enumerate(p.top):
        if card is None:
            continue
        ship = ops.component(rules, card)
        if isinstance(ship, _Ship) and len(cargo[slot]) == ship.hull:
            cargo[slot] = ()
            sailed[slot] = 0
    if cargo == list(p.cargo):
        return state
    return replace(
        state,
        players=(
            *state.players[:seat],
            replace(p, cargo=tuple(cargo), sailed=tuple(sailed)),
            *state.players[seat + 1 :],
        ),
    )


STACK.register(
    "place-card", _place_card, data=Fixed(("political",)), holds=first_datum,
    under=frozenset({"sell-or-trade"}),
)
STACK.register("tucked", _tucked, data=Fixed(("tuck_kind",)), under=frozenset({"sell-or-trade"}))
STACK.register(
    "make-room", _make_room, _make_room_moves,
    data=Fixed(("portfolio",)), under=frozenset({"place-card", "place-ship"}), lookahead=True,
)
# Sell is offered only with a sale possible, which can always be made and then ended
# (R6.3); Trade only with a trade possible, each of which finishes the turn (R7.2).
STACK.register(
    "sell-or-trade", _sell_or_trade, _sell_or_trade_moves, lookahead=True,
    verdict=any_move_finishes, judge=each_finishes, data=EMPTY,
    under=ACTION_FLOOR,
    stuck="R4.10: after the tuck neither a sale nor a trade would be possible",
)
STACK.register(
    "sell", _sell, _sell_moves, search=done_first, verdict=any_move_finishes,
    judge=each_finishes, data=Fixed(("nat",)), under=ACTION_FLOOR, lookahead=True,
)
