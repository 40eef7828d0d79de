"""Helpers to build compact scenario states and to check the game's invariants.

Rule tests (ours and users') start from a real position and change only what the scenario
needs::

    state = testing.first_turn(players=2, seed=1)
    state = testing.with_player(state, 0, goods=(2, 0, 0, 1), reis=3)
    state = testing.play(state, f"tuck {state.players[0].hand[0]}", "sell")
"""

from __future__ import annotations

from typing import Any

from lisboa_core._args import expect, expect_int
from lisboa_core.api import apply, legal_moves, new_game, parse_move
from lisboa_core.core.replace import replace
from lisboa_core.errors import LisboaError
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.invariants import check_invariants
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import NOBLES, RUBBLE, Frame, Options, State

__all__ = [
    "add_store",
    "check_invariants",
    "complete_plan",
    "first_turn",
    "give",
    "give_clergy",
    "give_decree",
    "give_favor",
    "give_plans",
    "give_portfolio",
    "give_rubble",
    "pay_reis",
    "period_two",
    "place_official",
    "play",
    "settle_payments",
    "start_noble_action",
    "start_state_action",
    "to_shipyard",
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

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=3, seed=4)
        assert state.pending[-1].kind == "turn" and state.to_act == state.start_player
    """
    if options is None:
        options = Options(leftmost_slot=True)
    state = new_game(players, seed, options=options, rules=rules)
    assert isinstance(state, State)  # Lisboa's, the default game
    while state.pending and state.pending[-1].kind == "keep-clergy":
        state = apply(state, legal_moves(state)[0])
    return state


def with_player(state: State, seat: int, **changes: Any) -> State:
    """The state with some fields of one player replaced (see :class:`PlayerState`).

    Example::

        from lisboa_core import testing

        state = testing.with_player(testing.first_turn(2, 1), 0, reis=3, goods=(2, 0, 0, 1))
        assert state.players[0].reis == 3 and state.players[0].goods == (2, 0, 0, 1)
    """
    return ops.update(state, seat, **changes)


def with_state(state: State, **changes: Any) -> State:
    """The state with some of its own fields replaced.

    Example::

        from lisboa_core import testing

        state = testing.with_state(testing.first_turn(2, 1), treasury=0)
        assert state.treasury == 0
    """
    return replace(state, **changes)


def with_turn(state: State, seat: int) -> State:
    """The state with ``seat`` about to choose its action (pending: its turn frames).

    Example::

        from lisboa_core import testing

        state = testing.with_turn(testing.first_turn(players=3, seed=1), 2)
        assert state.to_act == 2 and state.pending[-1].kind == "turn"
    """
    return replace(state, current=seat, pending=(Frame("turn", seat),))


def give(state: State, seat: int, *cards: str) -> State:
    """The state with ``cards`` first in the seat's hand, in that order, pieces conserved.

    A card already in the hand moves to its place; any other political card (in another
    hand, a display pile, a later deck or out of the game) trades places with the hand card
    it replaces, so every card stays in exactly one place.

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        card = state.players[1].hand[0]
        state = testing.give(state, 0, card)
        assert state.players[0].hand[0] == card and not testing.check_invariants(state)
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
    plans go to the box.

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        plan = state.plan_stacks[0][0]
        state = testing.give_plans(state, 0, plan)
        assert state.players[0].plans == (plan,) and not testing.check_invariants(state)
    """
    old = [x for x in state.players[seat].plans if x not in plans]
    for s, p in enumerate(state.players):
        state = with_player(state, s, plans=tuple(x for x in p.plans if x not in plans))
    stacks = tuple(tuple(x for x in stack if x not in plans) for stack in state.plan_stacks)
    removed = tuple(x for x in state.removed if x not in plans) + tuple(old)
    state = with_state(state, plan_stacks=(stacks[0], stacks[1]), removed=removed)
    return with_player(state, seat, plans=plans)


_PLAYER_PLACES = ("hand", "clergy", "plans", "completed", "decrees")
_STATE_PLACES = ("shipyard", "later_ships", "decree_deck", "decree_display", "clergy_bag",
                 "removed")


def _lift(state: State, piece: str) -> State:
    """The state with ``piece`` (a card, ship, tile, plan or decree id) taken out of every
    place it is in; the caller puts it somewhere, so pieces stay conserved. A clergy tile
    leaving the church is replaced by the bag's first tile."""
    for seat, p in enumerate(state.players):
        changes: dict[str, Any] = {
            name: tuple(x for x in getattr(p, name) if x != piece)
            for name in _PLAYER_PLACES if piece in getattr(p, name)
        }
        for row in ("top", "bottom"):
            cards = getattr(p, row)
            if piece in cards:
                changes[row] = tuple(None if c == piece else c for c in cards)
                if row == "top":
                    slot = cards.index(piece)
                    changes["cargo"] = (*p.cargo[:slot], (), *p.cargo[slot + 1:])
                    changes["sailed"] = (*p.sailed[:slot], 0, *p.sailed[slot + 1:])
        if changes:
            state = with_player(state, seat, **changes)
    changes = {name: tuple(x for x in getattr(state, name) if x != piece)
               for name in _STATE_PLACES if piece in getattr(state, name)}
    if any(piece in pile for pile in state.piles):
        changes["piles"] = tuple(tuple(x for x in pile if x != piece) for pile in state.piles)
    for name in ("later_decks", "plan_stacks", "building_stacks"):
        stacks = getattr(state, name)
        if any(piece in stack for stack in stacks):
            changes[name] = tuple(tuple(x for x in st if x != piece) for st in stacks)
    if piece in state.church:
        bag = changes.get("clergy_bag", state.clergy_bag)
        church = list(state.church)
        church[church.index(piece)] = bag[0] if bag else None
        changes["church"], changes["clergy_bag"] = tuple(church), tuple(bag[1:])
    return with_state(state, **changes) if changes else state


def _checked(state: State, seat: int | None, function: str) -> None:
    """The builders' argument checks: a playable state and a seat of its game."""
    expect(state, State, function, "state")
    if seat is not None:
        expect_int(seat, function, "seat")
        if not 0 <= seat < state.player_count:
            raise LisboaError(f"{function}(): no seat {seat} in a {state.player_count}-player "
                              "game")


def _component(state: State, piece: str, kind: type[m.Component], noun: str) -> Any:
    found = ops.rules_of(state).get(piece)
    if not isinstance(found, kind):
        raise LisboaError(f"{piece!r} is not a {noun} of this catalogue")
    return found


def give_portfolio(state: State, seat: int, card: str, slot: int | None = None) -> State:
    """The state with ``card`` (a political card or a ship) in the seat's portfolio, taken
    from wherever it was, pieces conserved: a treasury card in the bottom row, a noble card
    or a ship in the top row (R4.1), in ``slot`` (from 1) or the leftmost empty one.

    :raises LisboaError: for an unknown card, a full row or an occupied slot.

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        ship = state.shipyard[0]
        state = testing.give_portfolio(state, 0, ship)
        assert state.players[0].top[0] == ship and not testing.check_invariants(state)
    """
    _checked(state, seat, "give_portfolio")
    piece = ops.rules_of(state).get(card)
    if isinstance(piece, m.PoliticalCard):
        row = "bottom" if piece.is_treasury else "top"
    elif isinstance(piece, m.Ship):
        row = "top"
    else:
        raise LisboaError(f"{card!r} is not a political card or a ship of this catalogue")
    state = _lift(state, card)
    cards = getattr(state.players[seat], row)
    free = [i for i, c in enumerate(cards) if c is None]
    index = free[0] if slot is None and free else (slot - 1 if slot is not None else -1)
    if not 0 <= index < len(cards) or cards[index] is not None:
        raise LisboaError(f"seat {seat}: no empty {row} slot {slot or ''} for {card}".strip())
    return with_player(state, seat, **{row: (*cards[:index], card, *cards[index + 1:])})


def to_shipyard(state: State, ship: str) -> State:
    """The state with ``ship`` on top of the shipyard (the next one built, R8.3), taken
    from wherever it was (a portfolio, the ships waiting for period 2, the box), pieces
    conserved.

    :raises LisboaError: for an id that is not a ship.

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        ship = state.later_ships[0]
        state = testing.to_shipyard(state, ship)
        assert state.shipyard[0] == ship and not testing.check_invariants(state)
    """
    _checked(state, None, "to_shipyard")
    _component(state, ship, m.Ship, "ship")
    state = _lift(state, ship)
    return with_state(state, shipyard=(ship, *state.shipyard))


def give_clergy(state: State, seat: int, tile: str) -> State:
    """The state with clergy ``tile`` held by the seat, taken from the bag, the church (its
    space refilled from the bag) or another seat, pieces conserved (R8.5).

    :raises LisboaError: for an unknown tile or a seat that already holds four.

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        tile = state.clergy_bag[0]
        state = testing.give_clergy(state, 1, tile)
        assert tile in state.players[1].clergy and not testing.check_invariants(state)
    """
    _checked(state, seat, "give_clergy")
    _component(state, tile, m.ClergyTile, "clergy tile")
    limit = ops.rules_of(state).player_board.clergy_spaces
    if tile not in state.players[seat].clergy and len(state.players[seat].clergy) >= limit:
        raise LisboaError(f"seat {seat} already holds {limit} clergy tiles (R8.5)")
    state = _lift(state, tile)
    return with_player(state, seat, clergy=(*state.players[seat].clergy, tile))


def give_decree(state: State, seat: int, decree: str) -> State:
    """The state with ``decree`` taken by the seat (from the deck, the display or another
    seat), pieces conserved; the display is not refilled (R10.2).

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        decree = state.decree_display[0]
        state = testing.give_decree(state, 0, decree)
        assert state.players[0].decrees == (decree,)
    """
    _checked(state, seat, "give_decree")
    _component(state, decree, m.Decree, "decree")
    state = _lift(state, decree)
    return with_player(state, seat, decrees=(*state.players[seat].decrees, decree))


def complete_plan(state: State, seat: int, plan: str) -> State:
    """The state with ``plan`` among the seat's completed plans (taken from its hand of
    plans, a stack, another seat or the box), pieces conserved (R10.3).

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        plan = state.players[0].plans[0]
        state = testing.complete_plan(state, 0, plan)
        assert state.players[0].completed == (plan,) and plan not in state.players[0].plans
    """
    _checked(state, seat, "complete_plan")
    _component(state, plan, m.Plan, "plan")
    state = _lift(state, plan)
    return with_player(state, seat, completed=(*state.players[seat].completed, plan))


def give_favor(state: State, seat: int, noble: str) -> State:
    """The state with the royal favor of ``noble`` held by the seat, taken from the supply
    at the noble's portrait (R8.6).

    :raises LisboaError: if the seat holds it already or the supply has none.

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        noble = next(n for n in ("manuel", "marquis", "king")
                     if n not in state.players[1].favors)
        assert noble in testing.give_favor(state, 1, noble).players[1].favors
    """
    _checked(state, seat, "give_favor")
    index = NOBLES.index(noble) if noble in NOBLES else -1
    if index < 0:
        raise LisboaError(f"no noble {noble!r}; the nobles are {', '.join(NOBLES)}")
    if noble in state.players[seat].favors or state.favor_supply[index] <= 0:
        raise LisboaError(f"seat {seat} cannot take the favor of {noble} (R8.6)")
    supply = list(state.favor_supply)
    supply[index] -= 1
    state = with_state(state, favor_supply=tuple(supply))
    return with_player(state, seat, favors=(*state.players[seat].favors, noble))


def place_official(state: State, seat: int, noble: str, *, plaza: bool = False) -> State:
    """The state with one of the seat's officials moved from its storage into ``noble``'s
    office (or its plaza); storage counts stay true (R8.1).

    :raises LisboaError: for an unknown noble, an empty storage or a full office.

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        placed = testing.place_official(state, 0, "king")
        assert placed.offices[2].count(0) == state.offices[2].count(0) + 1
        assert placed.players[0].officials == state.players[0].officials - 1
    """
    _checked(state, seat, "place_official")
    index = NOBLES.index(noble) if noble in NOBLES else -1
    if index < 0:
        raise LisboaError(f"no noble {noble!r}; the nobles are {', '.join(NOBLES)}")
    if state.players[seat].officials <= 0:
        raise LisboaError(f"seat {seat} has no official in storage")
    field = "plazas" if plaza else "offices"
    places = list(getattr(state, field))
    capacity = ops.rules_of(state).nobles[index].office
    if not plaza and len(places[index]) >= capacity:
        raise LisboaError(f"the office of {noble} is full ({capacity} officials, R8.1)")
    places[index] = (*places[index], seat)
    state = with_state(state, **{field: tuple(places)})
    return with_player(state, seat, officials=state.players[seat].officials - 1)


def add_store(state: State, seat: int, land: str, street: str | None = None) -> State:
    """The state with a store of the seat on ``land`` facing ``street`` (default: the
    land's first street), its house taken from the leftmost group with one left (R10.1.2,
    R10.1.6).

    :raises LisboaError: for an unknown or taken land, a street the land does not face, or
        no house left.

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        state = testing.add_store(state, 0, "A1")
        assert ("A1", 0, "yellow") in state.stores and not testing.check_invariants(state)
    """
    _checked(state, seat, "add_store")
    space = _component(state, land, m.LandSpace, "land space")
    street = street or space.streets[0]
    if street not in space.streets:
        raise LisboaError(f"{land} faces {', '.join(space.streets)}, not {street}")
    if any(taken == land for taken, _s, _st in state.stores):
        raise LisboaError(f"{land} already has a store (one store per land, R10.1)")
    p = state.players[seat]
    groups = ops.rules_of(state).player_board.houses
    group = next((i for i, (taken, (_g, total)) in enumerate(zip(p.houses, groups,
                                                                  strict=True))
                  if taken < total), None)
    if group is None:
        raise LisboaError(f"seat {seat} has no house left (R10.1.6)")
    houses = (*p.houses[:group], p.houses[group] + 1, *p.houses[group + 1:])
    state = with_state(state, stores=(*state.stores, (land, seat, street)))
    return with_player(state, seat, houses=houses)


def give_rubble(state: State, seat: int, colour: str, count: int = 1) -> State:
    """The state with ``count`` rubble cubes of ``colour`` moved from the rubble pile to the
    seat's board, all 63 cubes still counted (R12.1); a set it completes moves its marker to
    the Marquis portrait (R12.6). The end of period 1 it may trigger is left to play.

    :raises LisboaError: for an unknown colour, a pile short of cubes, or more than 5 of a
        colour on the board (R12.3).

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        colour = state.rubble_pile[0]
        state = testing.give_rubble(state, 1, colour)
        assert sum(state.players[1].rubble) == 1 and not testing.check_invariants(state)
    """
    _checked(state, seat, "give_rubble")
    if colour not in RUBBLE:
        raise LisboaError(f"no rubble colour {colour!r}; the colours are {', '.join(RUBBLE)}")
    pile = list(state.rubble_pile)
    if pile.count(colour) < count:
        raise LisboaError(f"the rubble pile holds {pile.count(colour)} {colour} cubes")
    for _ in range(count):
        pile.remove(colour)
    held = state.players[seat].rubble[RUBBLE.index(colour)]
    if held + count > ops.rules_of(state).player_board.rubble_per_colour:
        raise LisboaError(f"seat {seat} would hold more than 5 {colour} cubes (R12.3)")
    state = with_state(state, rubble_pile=tuple(pile))
    for _ in range(count):
        state = ops.gain_rubble(state, seat, colour)  # R12.2-R12.6
    return state


def _start(state: State, seat: int, frame: Frame) -> State:
    """``frame`` started as the seat's action of its turn: the card taken and the upkeep
    follow it, as after a turn's choice (R3)."""
    state = with_state(state, current=seat, pending=(
        Frame("end-turn", seat), Frame("take-card", seat), frame))
    return STACK.advance(state)


def start_state_action(state: State, seat: int, action: str) -> State:
    """The state with ``seat`` starting State action ``action`` (``build-ship``,
    ``meet-cardinal``...) as its turn's action, as a visit or a card bonus starts it (R8).

    :raises LisboaError: if the seat cannot perform it now (R8: its cost or its need).

    Example::

        from lisboa_core import legal_moves, testing

        state = testing.start_state_action(testing.first_turn(2, 1), 0, "acquire-plan")
        assert state.to_act == 0 and legal_moves(state)
    """
    _checked(state, seat, "start_state_action")
    from lisboa_core.games.lisboa.rules.state_actions import can_perform
    from lisboa_core.games.lisboa.vocabulary import STATE_ACTIONS

    if action not in STATE_ACTIONS:
        raise LisboaError(f"no State action {action!r}; they are {', '.join(STATE_ACTIONS)}")
    if not can_perform(state, seat, action):
        raise LisboaError(f"seat {seat} cannot perform {action} now (R8)")
    return _start(state, seat, Frame("state-action", seat, (action,)))


def start_noble_action(state: State, seat: int, action: str) -> State:
    """The state with ``seat`` starting Noble action ``action`` (``build-store``,
    ``take-decree`` or ``open-building``) as its turn's action, as a visit starts it once
    paid for (R9.1, R10).

    Example::

        from lisboa_core import legal_moves, testing

        state = testing.start_noble_action(testing.first_turn(2, 1), 0, "take-decree")
        assert state.pending[-1].kind == "take-decree" and legal_moves(state)
    """
    _checked(state, seat, "start_noble_action")
    from lisboa_core.games.lisboa.vocabulary import NOBLE_ACTIONS

    if action not in NOBLE_ACTIONS:
        raise LisboaError(f"no Noble action {action!r}; they are {', '.join(NOBLE_ACTIONS)}")
    return _start(state, seat, Frame("noble-action", seat, (action,)))


def period_two(state: State, triggering: int | None = None) -> State:
    """The position at the start of period 2: the change of period of R15.3 carried out
    from ``state`` (a position of period 1 at a turn's choice), triggered by ``triggering``
    (default: the seat to act), every seat discarding nothing, up to the next turn's
    choice.

    :raises LisboaError: if ``state`` is not a period-1 position at a turn's choice.

    Example::

        from lisboa_core import testing

        state = testing.period_two(testing.first_turn(players=3, seed=2))
        assert state.period == 2 and not state.later_ships
        assert not testing.check_invariants(state)
    """
    _checked(state, triggering, "period_two")
    from lisboa_core.games.lisboa.rules.turn import _period_change

    if state.period != 1 or not state.pending or state.pending[-1].kind != "turn":
        raise LisboaError("period_two() needs a period-1 position at a turn's choice")
    seat = state.to_act if triggering is None else triggering
    assert seat is not None
    nxt = (seat + 1) % state.player_count
    state = STACK.advance(_period_change(with_state(state, pending=()), seat, nxt))
    while state.pending and state.pending[-1].kind != "turn":
        moves = legal_moves(state)
        done = [mv for mv in moves if mv.kind in ("done", "pass")]
        state = apply(state, done[0] if done else moves[0])
    return state


def play(state: State, *moves: str, pay_cash: bool = False) -> State:
    """Apply moves given in notation, one after the other.

    With ``pay_cash``, a payment split the moves do not name (``cover N``, R5.6) is
    settled by :func:`settle_payments` before and after each move.

    Example::

        from lisboa_core import testing

        state = testing.first_turn(players=2, seed=1)
        card = state.players[state.to_act].hand[0]
        state = testing.play(state, f"gold {card}")  # R3.4: discard a card for 1 gold
    """
    for text in moves:
        if pay_cash and not text.startswith("cover "):
            state = settle_payments(state)
        state = apply(state, parse_move(state, text))
    return settle_payments(state) if pay_cash else state


def settle_payments(state: State) -> State:
    """Answer pending reis payments in cash as far as possible (the least influence the
    R5.6 split allows); other decisions are left alone.

    Example::

        from lisboa_core import testing

        state = testing.settle_payments(testing.first_turn(players=2, seed=1))
        assert state.pending[-1].kind != "pay"
    """
    while state.pending and state.pending[-1].kind == "pay":
        state = apply(state, legal_moves(state)[0])
    return state


def pay_reis(state: State, seat: int, amount: int) -> State:
    """Pay ``amount`` reis after payment discounts (R0.11), cash first and influence for
    the rest (R5.6), without asking the seat.

    The engine lets the seat choose the split (a ``pay`` decision); this is the split a
    scenario usually wants. The seat must be able to pay: cash plus the reis its influence
    covers.

    Example::

        from lisboa_core import testing

        state = testing.with_player(testing.first_turn(players=2, seed=1), 0, reis=5)
        assert testing.pay_reis(state, 0, 2).players[0].reis == 3
    """
    due = max(0, amount + (ops.modifier(state, seat, "payment") or 0))
    p = state.players[seat]
    return ops.settle_payment(state, seat, due, max(0, due - p.reis))
