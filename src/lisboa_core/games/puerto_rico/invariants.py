"""Puerto Rico's invariants: every piece counted over every zone, and every capacity."""

from __future__ import annotations

from lisboa_core.core.zones import conservation_problems
from lisboa_core.games.puerto_rico.rules.ops import city_spaces, rules_of
from lisboa_core.games.puerto_rico.scoring import score
from lisboa_core.games.puerto_rico.state import State
from lisboa_core.games.puerto_rico.zones import ZONES

__all__ = ["check_invariants"]


def check_invariants(state: State) -> list[str]:
    """The invariants ``state`` breaks, in words (empty: none).

    Conservation, derived from the zone declaration
    (:data:`lisboa_core.games.puerto_rico.zones.ZONES`): the role cards and cargo ships of
    the setup, each once; colonists, goods of each kind, plantations of each kind and
    quarries, building copies and VP, each total as set up.
    Capacities: island and city spaces, circles, cargo ships (one kind each, no kind on
    two ships), the trading house; nothing below zero; the role cards and the stack.
    """
    rules = rules_of(state)
    setup = rules.setup_for(state.player_count)
    problems: list[str] = []
    players = state.players
    problems.extend(conservation_problems(ZONES, state, rules))
    for g, good in enumerate(rules.goods):
        if state.goods_supply[g] < 0 or any(p.goods[g] < 0 for p in players):
            problems.append(f"{good.word}: a negative count")
    for seat, p in enumerate(players):
        if p.doubloons < 0 or p.san_juan < 0 or p.vp < 0:
            problems.append(f"seat {seat}: a negative count")
        if sum(p.island) > rules.mat.island:
            problems.append(f"seat {seat}: {sum(p.island)} island tiles")
        if any(s < 0 or s > n for s, n in zip(p.staffed, p.island, strict=True)):
            problems.append(f"seat {seat}: more colonists than island tiles")
        if city_spaces(rules, p.city) > rules.mat.city:
            problems.append(f"seat {seat}: city over {rules.mat.city} spaces")
        if any(c > rules.b_circles[i] for i, c in enumerate(p.city)):
            problems.append(f"seat {seat}: more colonists than circles on a building")
    kinds = [k for k in state.ship_goods if k >= 0]
    if len(set(kinds)) != len(kinds):
        problems.append("a kind of goods on two cargo ships (PR9.4.2)")
    for ship, kind, load in zip(state.ships, state.ship_goods, state.ship_loads, strict=True):
        if (kind < 0) != (load == 0) or not 0 <= load <= rules.capacity[ship]:
            problems.append(f"{ship}: {load} goods of kind {kind}")
    if len(state.trading_house) > rules.trading_house.spaces:
        problems.append("the trading house holds too many goods")
    if state.colonist_supply < 0 or state.colonist_ship < 0 or state.quarries < 0:
        problems.append("a negative supply")
    if any(d < 0 for d in state.role_doubloons) or any(
            not -1 <= t < state.player_count for t in state.role_takers):
        problems.append("the role cards")
    if len(state.face_up) > setup.face_up:
        problems.append("too many face-up plantations")
    if not state.pending:
        score(state)  # a finished game scores
    elif state.pending[0].kind != "round-end":
        problems.append(f"the stack's bottom frame is {state.pending[0].kind}")
    return problems
