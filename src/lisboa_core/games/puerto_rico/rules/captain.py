"""The captain phase (PR9): compulsory loading in the largest amount, the captain's and the
harbor's extra VP, the wharf, storage at the end with the warehouses, and emptying the full
ships."""

from __future__ import annotations

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.stack import push
from lisboa_core.games.puerto_rico.model import Role, Rules
from lisboa_core.games.puerto_rico.rules.ops import (
    allows,
    award_vp,
    occupied_sum,
    order_from,
    rules_of,
    set_player,
    with_item,
)
from lisboa_core.games.puerto_rico.stack import STACK
from lisboa_core.games.puerto_rico.state import Frame, State

__all__ = ["cargo_loads", "start"]

_PASS = Move("pass")


def start(state: State, seat: int, role: Role) -> State:
    """PR9.1.2: the captain loads first, then round the table again and again. The turn's
    data: the captain, the passes in a row, his extra VP still to come (PR9.3.2) and the
    seats that used their wharf (a bit each, PR13.12.3)."""
    bonus = role.amount if role.privilege == "first-load-bonus" else 0
    return push(state, Frame("captain-turn", seat, (seat, 0, bonus, 0)))


def cargo_loads(state: State, seat: int) -> list[tuple[int, int, int]]:
    """Every legal load onto a cargo ship as (good, ship, amount): a kind on a ship with
    room goes there only (PR9.4.2); a kind on a full ship nowhere (PR9.4.3); a kind on no
    ship onto an empty ship taking the most of it (PR9.4.5), in the largest amount
    (PR9.2.3)."""
    rules = rules_of(state)
    held = state.players[seat].goods
    ships = state.ships
    kinds = state.ship_goods
    loads = state.ship_loads
    found = []
    for good, count in enumerate(held):
        if count <= 0:
            continue
        if good in kinds:
            ship = kinds.index(good)
            room = rules.capacity[ships[ship]] - loads[ship]
            if room > 0:
                found.append((good, ship, min(room, count)))
            continue
        best = 0
        options = []
        for ship, kind in enumerate(kinds):
            if kind < 0:
                amount = min(rules.capacity[ships[ship]], count)
                if amount > best:
                    best, options = amount, [ship]
                elif amount == best:
                    options.append(ship)
        found.extend((good, ship, best) for ship in options)
    return found


def _may_wharf(state: State, rules: Rules, seat: int, used: int) -> bool:
    """PR13.12.3: an occupied wharf not used this phase, and goods to put on it."""
    p = state.players[seat]
    return not used & (1 << seat) and any(p.goods) and allows(rules, p.city, "private-ship")


def _turn(state: State, frame: Frame, move: Move | None) -> State:
    """A player who can load or use his wharf decides; one who cannot passes (PR9.1.4)."""
    rules = rules_of(state)
    seat = frame.seat
    if cargo_loads(state, seat) or _may_wharf(state, rules, seat, frame.data[3]):
        return push(state, Frame("load", seat, frame.data))
    return _next(state, frame, passed=True)


def _next(state: State, frame: Frame, passed: bool) -> State:
    """The next turn, or the end of loading after N passes in a row (PR9.1.4, PR19.1.10)."""
    captain, passes, bonus, used = frame.data
    passes = passes + 1 if passed else 0
    n = state.player_count
    if passes >= n:
        seats = order_from(captain, n)
        return push(state, Frame("captain-end", -1),
                     *(Frame("store-turn", s, ((), ())) for s in reversed(seats)))
    return push(state, Frame("captain-turn", (frame.seat + 1) % n, (captain, passes, bonus, used)))


def _load_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    """The loads (PR9.2.1: one must be made if any can), each wharf load instead
    (PR13.12.1), and passing only when no cargo ship can be loaded."""
    rules = rules_of(state)
    seat = frame.seat
    loads = cargo_loads(state, seat)
    moves = [Move("load", (rules.goods[g].word, state.ships[s].lower())) for g, s, _ in loads]
    if _may_wharf(state, rules, seat, frame.data[3]):
        moves += [Move("wharf", (rules.goods[g].word,))
                  for g, held in enumerate(state.players[seat].goods) if held > 0]
    if not loads:
        moves.append(_PASS)
    return tuple(moves)


def _load(state: State, frame: Frame, move: Move | None) -> State:
    """PR9.3: 1 VP per good loaded, the captain's extra VP on his first load (PR9.3.2) and
    an occupied harbor's on every load (PR13.11); a wharf load is a load for both
    (PR13.12.5) and its goods go back to the supply (PR13.12.1)."""
    assert move is not None
    if move.kind == "pass":
        return _next(state, frame, passed=True)
    rules = rules_of(state)
    seat = frame.seat
    captain, passes, bonus, used = frame.data
    good = next(g for g, found in enumerate(rules.goods) if found.word == move.args[0])
    p = state.players[seat]
    if move.kind == "wharf":
        amount = p.goods[good]
        used |= 1 << seat
        state = replace(state, goods_supply=with_item(
            state.goods_supply, good, state.goods_supply[good] + amount))
    else:
        ship = next(i for i, s in enumerate(state.ships) if s.lower() == move.args[1])
        amount = min(rules.capacity[state.ships[ship]] - state.ship_loads[ship], p.goods[good])
        state = replace(state, ship_goods=with_item(state.ship_goods, ship, good),
                        ship_loads=with_item(state.ship_loads, ship,
                                             state.ship_loads[ship] + amount))
    state = set_player(state, seat, replace(p, goods=with_item(p.goods, good,
                                                               p.goods[good] - amount)))
    vp = amount + occupied_sum(rules.b_load_bonus, p.city)
    if seat == captain:
        vp += bonus
        bonus = 0
    state = award_vp(state, seat, vp)
    return _next(state, Frame("captain-turn", seat, (captain, passes, bonus, used)), passed=False)


# --- storage (PR9.6) ------------------------------------------------------------------


def _storage(state: State, seat: int, stored: tuple[int, ...], kept: tuple[int, ...]) -> State:
    """Storage of one player: the kinds his occupied warehouses keep (``stored``) and the
    single goods everyone keeps (``kept``), chosen as decisions only where the choice
    matters (PR9.6.5); whatever he cannot keep goes back to the supply (PR9.6.4)."""
    rules = rules_of(state)
    p = state.players[seat]
    slots = occupied_sum(rules.b_store_kinds, p.city) - len(stored)
    singles = rules.mat.keep_goods - len(kept)
    rest = [0 if g in stored else held - kept.count(g) for g, held in enumerate(p.goods)]
    kinds = [g for g, left in enumerate(rest) if left > 0]
    if not kinds:
        return state
    if slots > 0:
        smallest = sorted(rest[g] for g in kinds)[: max(0, len(kinds) - slots)]
        if sum(smallest) > singles:
            return push(state, Frame("store", seat, (stored, kept)))
        return state  # everything can be kept
    if sum(rest) <= singles:
        return state
    if len(kinds) > 1 and singles > 0:
        return push(state, Frame("store", seat, (stored, kept)))
    # One kind left (or no single goods): keep what may be kept, return the rest.
    kept = kept + tuple(kinds[:1]) * singles
    returned = [left - kept.count(g) if g not in stored else 0 for g, left in
                enumerate(p.goods)]
    returned = [max(0, r) for r in returned]
    p = replace(p, goods=tuple(held - r for held, r in zip(p.goods, returned, strict=True)))
    state = set_player(state, seat, p)
    return replace(state, goods_supply=tuple(
        s + r for s, r in zip(state.goods_supply, returned, strict=True)))


def _store_turn(state: State, frame: Frame, move: Move | None) -> State:
    return _storage(state, frame.seat, *frame.data)


def _store_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    rules = rules_of(state)
    stored, kept = frame.data
    p = state.players[frame.seat]
    slots = occupied_sum(rules.b_store_kinds, p.city) - len(stored)
    kind = "store" if slots > 0 else "keep"
    return tuple(Move(kind, (rules.goods[g].word,)) for g, held in enumerate(p.goods)
                 if g not in stored and held - kept.count(g) > 0)


def _store(state: State, frame: Frame, move: Move | None) -> State:
    """PR9.6.3: a warehouse keeps every good of the chosen kind (``store``); PR9.6.2: one
    single good of the chosen kind is kept (``keep``)."""
    assert move is not None
    rules = rules_of(state)
    good = next(g for g, found in enumerate(rules.goods) if found.word == move.args[0])
    stored, kept = frame.data
    if move.kind == "store":
        return _storage(state, frame.seat, (*stored, good), kept)
    return _storage(state, frame.seat, stored, (*kept, good))


def _captain_end(state: State, frame: Frame, move: Move | None) -> State:
    """PR9.7.1: every full cargo ship is emptied into the supply; the others keep their
    goods (PR9.5.1)."""
    rules = rules_of(state)
    supply = list(state.goods_supply)
    kinds = list(state.ship_goods)
    loads = list(state.ship_loads)
    for ship, name in enumerate(state.ships):
        if kinds[ship] >= 0 and loads[ship] >= rules.capacity[name]:
            supply[kinds[ship]] += loads[ship]
            kinds[ship], loads[ship] = -1, 0
    return replace(state, goods_supply=tuple(supply), ship_goods=tuple(kinds),
                   ship_loads=tuple(loads))


STACK.register("captain-turn", _turn)
STACK.register("load", _load, _load_moves, checkpoint=True)
STACK.register("store-turn", _store_turn)
STACK.register("store", _store, _store_moves, checkpoint=True)
STACK.register("captain-end", _captain_end)
