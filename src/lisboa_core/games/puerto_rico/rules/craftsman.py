"""The craftsman phase (PR7): production, the factory (PR13.9) and the craftsman's extra
good."""

from __future__ import annotations

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.stack import push
from lisboa_core.games.puerto_rico.model import Role, Rules
from lisboa_core.games.puerto_rico.player import PlayerState
from lisboa_core.games.puerto_rico.rules.ops import order_from, rules_of, set_player, with_item
from lisboa_core.games.puerto_rico.stack import STACK
from lisboa_core.games.puerto_rico.state import Frame, State

__all__ = ["start", "yields"]

_PASS = Move("pass")


def start(state: State, seat: int, role: Role) -> State:
    """PR7.1: production in turn from the craftsman, then his privilege."""
    return push(state, Frame("produce", seat))


def yields(rules: Rules, p: PlayerState) -> list[int]:
    """PR7.2: per good, what the player's production network yields (before the supply
    limit): occupied plantations, matched by occupied production circles for a good that
    needs them (PR7.2.2; small and large buildings of a kind add up)."""
    plantations = [0] * len(rules.goods)
    for tile, staffed in enumerate(p.staffed):
        good = rules.tile_good[tile]
        if good >= 0:
            plantations[good] += staffed
    circles = [0] * len(rules.goods)
    for building, colonists in enumerate(p.city):
        good = rules.b_good[building]
        if good >= 0 and colonists > 0:
            circles[good] += colonists
    return [
        min(plantations[g], circles[g]) if good.needs_building else plantations[g]
        for g, good in enumerate(rules.goods)
    ]


def _factory(rules: Rules, p: PlayerState, kinds: int) -> int:
    """PR13.9: doubloons by the number of kinds produced, per occupied building with such a
    table."""
    total = 0
    for building, colonists in enumerate(p.city):
        table = rules.b_kinds_table[building]
        if colonists > 0 and table:
            total += table[min(kinds, len(table) - 1)]
    return total


def _produce(state: State, frame: Frame, move: Move | None) -> State:
    """PR7.1-PR7.2: each player in turn from the craftsman takes what his network yields,
    as far as the supply goes (PR7.2.4); the factory pays for the kinds received
    (PR13.9.2). Production is automatic and in full (PR7.1.3)."""
    rules = rules_of(state)
    supply = list(state.goods_supply)
    produced: tuple[int, ...] = ()
    for seat in order_from(frame.seat, state.player_count):
        p = state.players[seat]
        got = []
        for g, wanted in enumerate(yields(rules, p)):
            got.append(min(wanted, supply[g]))
            supply[g] -= got[-1]
        kinds = sum(1 for n in got if n > 0)
        p = replace(p, goods=tuple(have + n for have, n in zip(p.goods, got, strict=True)),
                    doubloons=p.doubloons + _factory(rules, p, kinds))
        state = set_player(state, seat, p)
        if seat == frame.seat:
            produced = tuple(g for g, n in enumerate(got) if n > 0)
    state = replace(state, goods_supply=tuple(supply))
    role = rules.roles_by_id.get(state.phase)
    if role is not None and role.privilege == "extra-good" and any(
            supply[g] > 0 for g in produced):
        return push(state, Frame("craftsman-extra", frame.seat, (produced, role.amount)))
    return state


def _extra_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    rules = rules_of(state)
    produced = frame.data[0]
    return (*(Move("extra", (rules.goods[g].word,)) for g in produced
              if state.goods_supply[g] > 0), _PASS)


def _extra(state: State, frame: Frame, move: Move | None) -> State:
    """PR7.3: last, the craftsman may take one more good of a kind he produced this phase,
    while the supply has it (PR7.3.2); it does not count for the factory (PR7.3.3)."""
    assert move is not None
    if move.kind == "pass":
        return state
    rules = rules_of(state)
    good = next(g for g, found in enumerate(rules.goods) if found.word == move.args[0])
    taken = min(frame.data[1], state.goods_supply[good])
    p = state.players[frame.seat]
    state = set_player(state, frame.seat,
                       replace(p, goods=with_item(p.goods, good, p.goods[good] + taken)))
    return replace(state, goods_supply=with_item(
        state.goods_supply, good, state.goods_supply[good] - taken))


STACK.register("produce", _produce)
STACK.register("craftsman-extra", _extra, _extra_moves, checkpoint=True)
