"""The Noble actions Take a Decree (R10.2, run as an effect program by :mod:`.visits`) and
Open a Public Building (R10.3).

Decisions: ``building``: ``build SITE PLAN``; ``building-officials``: ``return PLACE``
(R10.3.2.4). The lookahead hints of these decisions are in :mod:`.building_hints`.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.memo import CATALOGUES, Memo
from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.specs import EMPTY, Fixed
from lisboa_core.core.stack import push
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops, payment
from lisboa_core.games.lisboa.rules.effects import emit, run_effect, take_rubble
from lisboa_core.games.lisboa.rules.stores import column_value
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import NOBLES, Frame, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_LandSpace: Final = m.LandSpace
_Plan: Final = m.Plan
_PublicBuilding: Final = m.PublicBuilding
_Site: Final = m.Site

__all__ = []


def _sites_free(state: State) -> list[m.Site]:
    rules = ops.rules_of(state)
    used = {s for s, _b, _a in state.opened}
    covered = ops.board_of(rules).two_player_row if state.player_count == 2 else None
    return [s for s in rules.sites if s.id not in used and not (covered and s.row == covered)]


def _building_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    """Every opening the rules allow: a plan in hand whose architect has a building left,
    on a free site that fits it (R10.3.2.1). Whether its officials can be staffed is the
    lookahead's to find (R10.3.2.4, R3.6); :mod:`.building_hints` prunes the hopeless ones."""
    rules = ops.rules_of(state)
    plans = state.players[frame.seat].plans
    if not plans:
        return ()
    sites = _sites_free(state)
    moves = []
    for plan_id in plans:
        plan = ops.typed(rules, plan_id, _Plan)
        stack = state.building_stacks[("blue", "green").index(plan.architect)]
        if not stack:
            continue
        colours = ops.typed(rules, stack[0], _PublicBuilding).colors(plan.architect)
        for site in sites:
            if site.side == "north" and site.street not in colours:
                continue  # R10.3.2.1
            moves.append(Move("build", (site.id, plan_id)))
    return tuple(moves)


def _building(state: State, frame: Frame, move: Move | None) -> State:
    """R10.3.2 steps 1-3, then officials, completion, scoring and the refill."""
    assert move is not None
    rules = ops.rules_of(state)
    seat = frame.seat
    site_id, plan_id = str(move.args[0]), str(move.args[1])
    site = ops.typed(rules, site_id, _Site)
    plan = ops.typed(rules, plan_id, _Plan)
    a = ("blue", "green").index(plan.architect)
    stacks = list(state.building_stacks)
    building, stacks[a] = stacks[a][0], stacks[a][1:]  # step 7: the next one is available
    state = replace(
        state,
        building_stacks=(stacks[0], stacks[1]),
        opened=(*state.opened, (site_id, building, plan.architect)),
    )
    needed = max(0, plan.officials + (ops.modifier(state, seat, "officials-needed") or 0))
    state = push(
        state,
        Frame("building-done", seat, (site_id, plan_id)),
        Frame("building-officials", seat, (needed, 0)),
    )
    i = _site_index(state, site_id)
    cubes = state.site_rubble[i]
    site_rubble = list(state.site_rubble)
    site_rubble[i] = ()
    state = replace(state, site_rubble=tuple(site_rubble))
    if site.reward is not None:
        state = run_effect(state, seat, site.reward)
    return take_rubble(state, seat, cubes) if cubes else state  # step 2: cubes, then reward


_SITE_INDEX: Final[Memo[str, dict[str, int]]] = Memo(
    "lisboa.rules.buildings._SITE_INDEX", CATALOGUES
)


def _site_index(state: State, site_id: str) -> int:
    """The site's position in the catalogue (and in ``state.site_rubble``)."""
    index = _SITE_INDEX.get(state.catalogue)
    if index is None:
        sites = ops.rules_of(state).sites
        index = _SITE_INDEX.put(state.catalogue, {s.id: i for i, s in enumerate(sites)})
    return index[site_id]


def _hire_price(state: State, seat: int) -> int:
    """What hiring one official for an opening costs the seat now (R10.3.2.4)."""
    return max(0, ops.treasury_value(state) + (ops.modifier(state, seat, "hire-cost") or 0))


_PLACES: Final = (*NOBLES, *(f"plaza-{n}" for n in NOBLES))


def _own_officials(state: State, seat: int, start: int = 0) -> list[str]:
    """Places (offices, then plazas) holding the seat's officials, from index ``start``."""
    places = []
    for i, place in enumerate(_PLACES):
        spaces = state.plazas if place.startswith("plaza-") else state.offices
        if i >= start and seat in spaces[i % len(NOBLES)]:
            places.append(place)
    return places


def _officials_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    # Officials are returned one at a time in place order, so each choice of officials is
    # offered once (not once per order of returning them).
    needed, start = frame.data
    places = _own_officials(state, frame.seat, start)
    if needed and _own_officials(state, frame.seat):
        return tuple(Move("return", (p,)) for p in places)
    return (Move("hire", (needed,)),)


def _officials(state: State, frame: Frame, move: Move | None) -> State:
    """R10.3.2.4: return own officials; only when none are left, hire the rest."""
    assert move is not None
    needed, _start = frame.data
    seat = frame.seat
    if move.kind == "return":
        place = str(move.args[0])
        plaza = place.startswith("plaza-")
        i = NOBLES.index(place.removeprefix("plaza-"))
        spaces = list(state.plazas if plaza else state.offices)
        members = list(spaces[i])
        members.remove(seat)
        spaces[i] = tuple(members)
        state = replace(state, **{"plazas" if plaza else "offices": tuple(spaces)})
        state = ops.update(state, seat, officials=state.players[seat].officials + 1)
        if needed <= 1:
            return state
        return push(state, Frame("building-officials", seat, (needed - 1, _PLACES.index(place))))
    if not needed:
        return state
    each = _hire_price(state, seat)
    return payment.pay(state, seat, each * needed)


def _building_done(state: State, frame: Frame, move: Move | None) -> State:
    """Steps 5-6: the plan is completed and every relevant store scores."""
    rules = ops.rules_of(state)
    seat = frame.seat
    site_id, plan_id = frame.data
    p = state.players[seat]
    state = ops.update(
        state,
        seat,
        plans=tuple(x for x in p.plans if x != plan_id),
        completed=(*p.completed, plan_id),
    )
    site = ops.typed(rules, site_id, _Site)
    _s, building, architect = next(o for o in state.opened if o[0] == site_id)
    colours = ops.typed(rules, building, _PublicBuilding).colors(architect)
    for land_id, owner, street in state.stores:
        land = ops.typed(rules, land_id, _LandSpace)
        if site.side == "north":
            scores = street == site.street
        else:
            scores = land.row == site.row and street in colours
        if scores:
            state = ops.add_wigs(state, owner, column_value(state, land.column))
    return emit(state, seat, "open-building")


STACK.register(
    "building", _building, _building_moves, data=EMPTY,
    stuck="R10.3.2: no plan in hand with a building left for its architect and a free site "
    "that fits it", lookahead=True,
)
STACK.register(
    "building-officials", _officials, _officials_moves, data=Fixed(("nat", "place")),
    under=frozenset({"building-done"}), lookahead=True,
)
STACK.register("building-done", _building_done, data=Fixed(("site", "plan")))
