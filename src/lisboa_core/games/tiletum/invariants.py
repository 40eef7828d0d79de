"""Tiletum's invariants: what every reachable state keeps (checked after every move by the
conformance suite)."""

from __future__ import annotations

from lisboa_core.core.zones import conservation_problems
from lisboa_core.games.tiletum.rules.ops import rules_of
from lisboa_core.games.tiletum.state import State
from lisboa_core.games.tiletum.zones import ZONES

__all__ = ["check_invariants"]


def check_invariants(state: State) -> list[str]:
    """The invariants ``state`` breaks, in words (empty: none): the conservation the zone
    declaration gives (:data:`lisboa_core.games.tiletum.zones.ZONES`: persons and contracts
    each in one place, bonus tiles in at most one, the dice of each colour), the king track,
    the action areas, the seats' counts, warehouses, trading posts and pillars."""
    rules = rules_of(state)
    setup = rules.setup_for(state.player_count)
    problems = conservation_problems(ZONES, state, rules)
    markers = sorted(s for stack in state.king for s in stack)
    if markers != list(range(state.player_count)):
        problems.append(f"king track markers {markers}")
    actions = state.area_actions
    if actions != rules.areas and (len(actions) != len(rules.areas)
                                   or sorted(actions) != sorted(rules.action_tiles)):
        problems.append(f"area actions {actions}: neither the printed ones (TL2.1.3) nor "
                        "one action tile per area (TL27.1)")
    dice = len(state.bag) + sum(len(a) for a in state.area_dice) + sum(
        len(p.dice) for p in state.players)
    if dice != 5 * setup.dice_per_colour:
        problems.append(f"{dice} dice in play")
    for seat, p in enumerate(state.players):
        if p.vp < 0 or min(p.resources) < 0:
            problems.append(f"seat {seat}: negative VP or resources")
        if len(p.warehouse) > rules.warehouse:
            problems.append(f"seat {seat}: warehouse over capacity")
        posts = p.posts + sum(p.roofs) + state.posts.count(seat)
        if posts != setup.posts:
            problems.append(f"seat {seat}: {posts} trading posts")
        on_contracts = max(0, rules.start_pillars - len(p.contracts))
        pillars = p.pillars + on_contracts + sum(s.count(seat) for s in state.pillars)
        if pillars != setup.pillars:
            problems.append(f"seat {seat}: {pillars} pillars")
    return problems
