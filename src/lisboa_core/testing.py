"""Helpers to build compact scenario states and to check the game's invariants.

Rule tests (ours and users') start from a real position and change only what the scenario
needs::

    state = testing.first_turn(players=2, seed=1)
    state = testing.with_player(state, 0, goods=(2, 0, 0, 1), reis=3)
    state = testing.play(state, f"tuck {state.players[0].hand[0]}", "sell")
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import model as m
from ._replace import replace
from .api import apply, legal_moves, new_game, parse_move
from .catalog import Rules
from .engine import core, ops
from .state import GOODS, Frame, Options, State

__all__ = [
    "check_invariants",
    "first_turn",
    "give",
    "give_plans",
    "play",
    "settle_payments",
    "with_player",
    "with_state",
    "with_turn",
]


def first_turn(
    players: int = 4, seed: int = 0, *, options: Options | None = None, rules: Rules | None = None
) -> State:
    """A new game with the setup decisions taken (each seat keeps its first clergy tile),
    stopped at the start player's first action choice.

    Without ``options``, scenarios use ``Options(leftmost_slot=True)``: a tucked card goes
    to the leftmost empty slot, so a test names only the decisions it is about.
    """
    if options is None:
        options = Options(leftmost_slot=True)
    state = new_game(players, seed, options=options, rules=rules)
    while state.pending and state.pending[-1].kind == "keep-clergy":
        state = apply(state, legal_moves(state)[0])
    return state


def with_player(state: State, seat: int, **changes: Any) -> State:
    """The state with some fields of one player replaced (see :class:`PlayerState`)."""
    return ops.update(state, seat, **changes)


def with_state(state: State, **changes: Any) -> State:
    """The state with some of its own fields replaced."""
    return replace(state, **changes)


def with_turn(state: State, seat: int) -> State:
    """The state with ``seat`` about to choose its action (pending: its turn frames)."""
    return replace(state, current=seat, pending=(Frame("turn", seat),))


def give(state: State, seat: int, *cards: str) -> State:
    """The state with ``cards`` first in the seat's hand, in that order, pieces conserved.

    A card already in the hand moves to its place; any other political card (in another
    hand, a display pile, a later deck or out of the game) trades places with the hand card
    it replaces, so every card stays in exactly one place.
    """
    for i, card in enumerate(cards):
        hand = state.players[seat].hand
        if card in hand:
            rest = [c for c in hand if c != card]
            state = with_player(state, seat, hand=(*rest[:i], card, *rest[i:]))
            continue
        out = hand[i]

        def swap(seq: tuple[str, ...], card: str = card, out: str = out) -> tuple[str, ...]:
            return tuple(out if c == card else c for c in seq)

        for s, p in enumerate(state.players):
            state = with_player(state, s, hand=swap(p.hand))
        state = with_state(
            state,
            piles=tuple(swap(pile) for pile in state.piles),
            later_decks=tuple(swap(deck) for deck in state.later_decks),
            removed=swap(state.removed),
        )
        state = with_player(state, seat, hand=(*hand[:i], card, *hand[i + 1 :]))
    return state


def give_plans(state: State, seat: int, *plans: str) -> State:
    """The state with the seat's incomplete plans replaced by ``plans``, pieces conserved:
    each is taken from wherever it was (a stack, another seat, the box) and the seat's old
    plans go to the box."""
    old = [x for x in state.players[seat].plans if x not in plans]
    for s, p in enumerate(state.players):
        state = with_player(state, s, plans=tuple(x for x in p.plans if x not in plans))
    stacks = tuple(tuple(x for x in stack if x not in plans) for stack in state.plan_stacks)
    removed = tuple(x for x in state.removed if x not in plans) + tuple(old)
    state = with_state(state, plan_stacks=(stacks[0], stacks[1]), removed=removed)
    return with_player(state, seat, plans=plans)


def play(state: State, *moves: str, pay_cash: bool = False) -> State:
    """Apply moves given in notation, one after the other.

    With ``pay_cash``, a payment split the moves do not name (``cover N``, R5.6) is
    settled by :func:`settle_payments` before and after each move.
    """
    for text in moves:
        if pay_cash and not text.startswith("cover "):
            state = settle_payments(state)
        state = apply(state, parse_move(text, state))
    return settle_payments(state) if pay_cash else state


def settle_payments(state: State) -> State:
    """Answer pending reis payments in cash as far as possible (the least influence the
    R5.6 split allows); other decisions are left alone."""
    while state.pending and state.pending[-1].kind == "pay":
        state = apply(state, legal_moves(state)[0])
    return state


def check_invariants(state: State) -> list[str]:
    """Every broken invariant of ``state`` (empty when all hold): pieces are conserved or
    unique, nothing is negative, and every limit of the rules is respected."""
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
        holds = core.handler(frame.kind).holds
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
