"""The game's invariants: what must hold in every position (pieces conserved, limits of
the rules respected). Public as :func:`lisboa_core.games.lisboa.testing.check_invariants`; loading a
saved state checks them too."""

from __future__ import annotations

from collections import Counter

from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import GOODS, State

__all__ = ["check_invariants"]


def check_invariants(state: State) -> list[str]:
    """Every broken invariant of ``state`` (empty when all hold): pieces are conserved or
    unique, nothing is negative, and every limit of the rules is respected.

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        assert testing.check_invariants(state) == []
        broken = testing.with_player(state, 0, reis=-1)
        assert testing.check_invariants(broken)  # "seat 0: negative reis, ..."
    """
    rules = ops.rules_of(state)
    problems: list[str] = []
    board, pboard = rules.board, rules.player_board

    # Officials: storage + offices + plazas = 8 per seat.
    for seat, p in enumerate(state.players):
        placed = sum(o.count(seat) for o in state.offices) + sum(
            z.count(seat) for z in state.plazas
        )
        if p.officials + placed != pboard.officials:
            problems.append(f"seat {seat}: {p.officials} + {placed} officials != 8")

    # Unique pieces: each card, tile, ship and plan in at most one place.
    places: Counter[str] = Counter()
    for p in state.players:
        places.update(p.hand)
        places.update(c for c in (*p.top, *p.bottom) if c is not None)
        places.update(p.clergy)
        places.update(p.plans)
        places.update(p.completed)
        places.update(p.decrees)
    for pile in state.piles:
        places.update(pile)
    for deck in state.later_decks:
        places.update(deck)
    places.update(state.shipyard)
    places.update(state.later_ships)
    places.update(state.decree_deck)
    places.update(state.decree_display)
    places.update(state.clergy_bag)
    places.update(t for t in state.church if t is not None)
    for stack in state.plan_stacks:
        places.update(stack)
    for frame in state.pending:  # pieces on their way wait in the decision that moves them
        holds = STACK.handler(frame.kind).holds
        if holds is not None:
            places.update(holds(frame))
    places.update(state.removed)
    # Conservation: every card, ship, clergy tile, plan and decree is in exactly one place
    # (counting "left the game" as a place).
    problems += [f"{piece} is in {n} places" for piece, n in places.items() if n > 1]
    pieces = (*rules.political, *rules.ships, *rules.clergy, *rules.plans, *rules.decrees)
    problems += [f"{c.id} is nowhere" for c in pieces if c.id not in places]

    cubes = (
        len(state.rubble_pile)
        + sum(map(len, state.row_rubble))
        + sum(map(len, state.column_rubble))
        + sum(map(len, state.site_rubble))
        + sum(sum(p.rubble) for p in state.players)
        + state.rubble_out
    )
    if cubes != sum(n for _, n, _ in board.rubble):
        problems.append(f"{cubes} rubble cubes accounted for, not 63")

    # Stores: one per land, on a land of the map, facing one of its streets (R10.1).
    lands = {land.id: land for land in rules.lands}
    for land, count in Counter(land for land, _s, _st in state.stores).items():
        if count > 1:
            problems.append(f"{count} stores on {land}")
    for land, _owner, street in state.stores:
        if land not in lands or street not in lands[land].streets:
            problems.append(f"a store on {land} facing {street}: no such land or street")

    # Houses: every house taken stands on a store (R10.1.6).
    building = Counter(f.seat for f in state.pending if f.kind == "store-house")
    for seat, p in enumerate(state.players):
        stores = sum(1 for _land, owner, _street in state.stores if owner == seat)
        stores -= building[seat]  # a store being built gets its house at R10.1.2 step 6
        if sum(p.houses) != stores or any(
            taken > total for taken, (_g, total) in zip(p.houses, pboard.houses, strict=True)
        ):
            problems.append(f"seat {seat}: houses {p.houses} but {stores} stores")

    for seat, p in enumerate(state.players):
        cap = pboard.warehouse_base + p.sets
        if min(p.goods) < 0 or max(p.goods) > cap:
            problems.append(f"seat {seat}: goods {p.goods} outside 0..{cap}")
        if p.reis < 0 or p.wigs < 0 or p.officials < 0 or p.markers < 0:
            problems.append(f"seat {seat}: negative reis, wigs, officials or markers")
        if not 0 <= p.influence <= board.influence_max:
            problems.append(f"seat {seat}: influence {p.influence} off the track")
        if p.portfolio_size > pboard.portfolio_base + p.sets:
            problems.append(f"seat {seat}: portfolio {p.portfolio_size} over capacity")
        if len(p.clergy) > pboard.clergy_spaces:
            problems.append(f"seat {seat}: {len(p.clergy)} clergy tiles")
        if max(p.rubble) > pboard.rubble_per_colour:
            problems.append(f"seat {seat}: rubble {p.rubble} over 5 per colour")
        if len(set(p.favors)) != len(p.favors):
            problems.append(f"seat {seat}: two favors of one noble")
        for slot, card in enumerate(p.top):
            ship = rules[card] if card is not None else None
            hull = ship.hull if isinstance(ship, m.Ship) else 0
            if len(p.cargo[slot]) > hull or p.sailed[slot] > len(p.cargo[slot]):
                problems.append(f"seat {seat}: cargo {p.cargo[slot]} on slot {slot + 1}")
        for card in p.bottom:
            if card is not None and not getattr(rules[card], "is_treasury", False):
                problems.append(f"seat {seat}: {card} in a bottom slot")
    # R15.3: the period-2 ships wait apart until the change of period, the period-2 decks
    # until its setup step; afterwards they are in play.
    second = {s.id for s in rules.ships if s.period == 2}
    if not set(state.later_ships) <= second or (
        state.period == 1 and second and not state.later_ships
    ):
        problems.append(f"period {state.period} with {state.later_ships} waiting for period 2")
    setting_up = any(f.kind == "period-setup" for f in state.pending)
    if state.period == 2 and (state.later_ships or (any(state.later_decks) and not setting_up)):
        problems.append("period 2 but cards or ships still wait for it")
    if not 0 <= state.treasury < len(board.treasury):
        problems.append(f"treasury marker {state.treasury} off the track")
    for good, price in zip(GOODS, state.prices, strict=True):
        if not board.price_min <= price <= board.price_max:
            problems.append(f"{good} price {price} off the track")
    return problems
