"""The trader phase (PR8): selling to the trading house, the trader's and the markets'
extra doubloons, the office, and emptying a full house."""

from __future__ import annotations

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.stack import push
from lisboa_core.games.puerto_rico.model import Role
from lisboa_core.games.puerto_rico.rules.ops import (
    allows,
    occupied_sum,
    order_from,
    privilege,
    rules_of,
    set_player,
    with_item,
)
from lisboa_core.games.puerto_rico.stack import STACK
from lisboa_core.games.puerto_rico.state import Frame, State

__all__ = ["sale_amount", "sellable", "start"]

_PASS = Move("pass")


def start(state: State, seat: int, role: Role) -> State:
    """PR8.1.1: from the trader, each player may sell one good; then the house is emptied
    if full (PR8.3.1)."""
    seats = order_from(seat, state.player_count)
    return push(state, Frame("trader-end", -1),
                *(Frame("trade-turn", s, (int(s == seat),)) for s in reversed(seats)))


def sellable(state: State, seat: int) -> list[int]:
    """The goods ``seat`` may sell: the house has room (PR8.2.1) and no good of the kind is
    in it, unless he has an occupied office (PR8.2.2, PR13.6)."""
    rules = rules_of(state)
    if len(state.trading_house) >= rules.trading_house.spaces:
        return []
    p = state.players[seat]
    duplicates = allows(rules, p.city, "sell-duplicate")
    return [g for g, held in enumerate(p.goods)
            if held > 0 and (duplicates or g not in state.trading_house)]


def sale_amount(state: State, seat: int, good: int, trader: bool) -> int:
    """PR8.1.5: the good's price, plus the trader's privilege, plus the occupied markets."""
    rules = rules_of(state)
    bonus = privilege(rules, state.phase, "sale-bonus") if trader else 0
    return rules.goods[good].price + bonus + occupied_sum(rules.b_sale_bonus,
                                                          state.players[seat].city)


def _turn(state: State, frame: Frame, move: Move | None) -> State:
    """A player who can sell decides; the phase ends early once the house is full (PR8.1.3)."""
    if not sellable(state, frame.seat):
        return state
    return push(state, Frame("trade", frame.seat, frame.data))


def _trade_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    rules = rules_of(state)
    return (*(Move("sell", (rules.goods[g].word,)) for g in sellable(state, frame.seat)), _PASS)


def _trade(state: State, frame: Frame, move: Move | None) -> State:
    """PR8.1.1: the good into the trading house, its amount from the bank."""
    assert move is not None
    if move.kind == "pass":
        return state
    rules = rules_of(state)
    good = next(g for g, found in enumerate(rules.goods) if found.word == move.args[0])
    seat = frame.seat
    amount = sale_amount(state, seat, good, bool(frame.data[0]))
    p = state.players[seat]
    state = set_player(state, seat, replace(
        p, goods=with_item(p.goods, good, p.goods[good] - 1), doubloons=p.doubloons + amount))
    return replace(state, trading_house=(*state.trading_house, good))


def _trader_end(state: State, frame: Frame, move: Move | None) -> State:
    """PR8.3: a full house goes back to the supply; otherwise its goods stay."""
    rules = rules_of(state)
    if len(state.trading_house) < rules.trading_house.spaces:
        return state
    supply = list(state.goods_supply)
    for good in state.trading_house:
        supply[good] += 1
    return replace(state, goods_supply=tuple(supply), trading_house=())


STACK.register("trade-turn", _turn)
STACK.register("trade", _trade, _trade_moves, checkpoint=True)
STACK.register("trader-end", _trader_end)
