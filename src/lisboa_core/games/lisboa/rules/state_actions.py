"""The six State actions (R8): recruit officials, acquire a plan, build a ship, produce
goods, meet the cardinal, get a royal favor.

Every State action starts from an automatic frame ``Frame("state-action", seat, (action,))``
pushed by its caller (a trade, a visit, a follow or a card's ``perform``). The caller checks
:func:`can_perform` first (R7.2), so the action can always be completed once started.

Decisions (frame kind: moves, rule):

- ``recruit-officials``: ``recruit NOBLE``, then ``done`` or a second ``recruit NOBLE`` (R8.1)
- ``take-plan``: ``plan blue`` / ``plan green`` (frame of the effects module, R8.2)
- ``build-ship``: ``ship new GOOD...`` / ``ship upgrade SHIP GOOD...`` (R8.3)
- ``make-room``: ``discard CARD`` (frame of the portfolio module, R4.3)
- ``move-cardinal``: ``cardinal STEPS``, only when there is a choice (R8.5.2)
- ``take-clergy``: ``clergy TILE`` (R8.5.3)
- ``take-favor``: ``favor NOBLE`` (frame of the effects module, R8.6)

Goods paid for a ship are listed in :data:`~lisboa_core.games.lisboa.state.GOODS` order; ``SHIP``
is the
id of the player's ship being upgraded. Produce Goods has no decision of its own; the bonus
goods of its ``on produce`` triggers run through the effect interpreter (``bonus GOOD``).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, NamedTuple

from lisboa_core.core.memo import CATALOGUES, Memo
from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.specs import EMPTY, Fixed, Many
from lisboa_core.core.stack import first_datum, push
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules.effects import DO_HANDLERS, Ctx, emit, run_effect
from lisboa_core.games.lisboa.rules.ops import influence_total
from lisboa_core.games.lisboa.rules.slots import choose_slot, needs_room
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import GOODS, NEUTRAL, NOBLES, Frame, State
from lisboa_core.games.lisboa.vocabulary import NOBLE_ACTIONS

__all__ = [
    "ALWAYS_POSSIBLE",
    "STATE_ACTIONS",
    "can_perform",
    "clergy_choices",
    "move_cardinal",
    "produce",
    "ship_goods_cost",
]

STATE_ACTIONS: Final[tuple[str, ...]] = (
    "recruit-officials",
    "acquire-plan",
    "build-ship",
    "produce-goods",
    "meet-cardinal",
    "royal-favor",
)

# Model classes bound once (compiled code reads them faster than through ``m``).
_ClergyTile: Final = m.ClergyTile
_Ship: Final = m.Ship
"""The six State actions, in board order (two per noble, left to right)."""


class _Tables(NamedTuple):
    """Catalogue values read on every move, looked up once per catalogue (the ``Rules``
    properties filter every component on each call)."""

    office_capacity: tuple[int, ...]  # per noble, NOBLES order
    street_goods: dict[str, str]
    price_min: int
    church_gaps: int
    church_icons: dict[int, str]
    clergy_spaces: int


_TABLES: Final[Memo[str, _Tables]] = Memo("lisboa.rules.state_actions._TABLES", CATALOGUES)


def _tables(state: State) -> _Tables:
    tables = _TABLES.get(state.catalogue)
    if tables is None:
        rules = ops.rules_of(state)
        board = ops.board_of(rules)
        tables = _Tables(
            office_capacity=tuple(noble.office for noble in ops.nobles_of(rules)),
            street_goods=dict(board.streets),
            price_min=board.price_min,
            church_gaps=board.church_gaps,
            church_icons=dict(board.church_icons),
            clergy_spaces=ops.player_board_of(rules).clergy_spaces,
        )
        _TABLES.put(state.catalogue, tables)
    return tables


ALWAYS_POSSIBLE: Final = frozenset({"produce-goods"})
"""State actions that can always be performed (A44: a production that yields nothing is
a legal, empty action)."""


def can_perform(state: State, seat: int, action: str, goods: tuple[int, ...] | None = None) -> bool:
    """Whether ``seat`` could perform the State action now (R7.2, R0.9).

    ``goods`` (GOODS order) replaces the seat's warehouse, e.g. after paying a trade.
    """
    p = state.players[seat]
    if action == "recruit-officials":
        return p.officials > 0 and any(_office_open(state, i) for i in range(len(NOBLES)))
    if action == "acquire-plan":
        return any(state.plan_stacks)  # R8.2.1
    if action == "build-ship":
        return _can_build_ship(state, seat, p.goods if goods is None else goods)
    if action in ALWAYS_POSSIBLE:
        return True
    if action == "meet-cardinal":
        # R8.5.1 a free clergy space; A22 a reachable gap with a tile beside it.
        return _has_clergy_room(state, seat) and any(
            _tiles_beside(state, _gap_after(state, n)) for n in _step_range(state, seat, 1, 2)
        )
    if action == "royal-favor":
        return bool(_favor_choices(state, seat))  # R8.6.1
    raise ValueError(f"unknown state action {action!r}")


def _start(state: State, frame: Frame, move: Move | None) -> State:
    """The automatic entry frame: dispatch to the action's first step."""
    (action,) = frame.data
    seat = frame.seat
    if action == "recruit-officials":
        return push(state, Frame("recruit-officials", seat, ()))
    if action == "acquire-plan":
        return push(state, Frame("take-plan", seat))
    if action == "build-ship":
        return push(state, Frame("build-ship", seat))
    if action == "produce-goods":
        return produce(state, seat)
    if action == "meet-cardinal":
        return move_cardinal(state, seat, 1, 2, True)
    if action == "royal-favor":
        return push(state, Frame("take-favor", seat, (1, False)))
    raise ValueError(f"unknown state action {action!r}")


# --- R8.1 Recruit State Officials --------------------------------------------------------


def _office_open(state: State, office: int) -> bool:
    """An official can go into this office: a free space, or someone to displace (R8.1.2;
    neutral officials are never displaced, A19)."""
    here = state.offices[office]
    return len(here) < _tables(state).office_capacity[office] or any(s != NEUTRAL for s in here)


def _recruit_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    used = frame.data  # nobles whose office got an official in this action
    moves = [Move("done")] if used else []  # R8.1.1 / A18: at least 1, up to 2
    if state.players[frame.seat].officials and len(used) < 2:
        moves += [
            Move("recruit", (noble,))
            for i, noble in enumerate(NOBLES)
            if noble not in used and _office_open(state, i)  # R8.1.1: different offices
        ]
    return tuple(moves)


def _recruit(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    if move.kind == "done":
        return state
    noble = str(move.args[0])
    state = ops.place_official(state, frame.seat, NOBLES.index(noble))  # R8.1.2 displacement
    used = (*frame.data, noble)
    if len(used) < 2 and state.players[frame.seat].officials:
        state = push(state, Frame("recruit-officials", frame.seat, used))
    return state


# --- R8.3 Build a Ship -----------------------------------------------------------------


def ship_goods_cost(state: State, seat: int, hull: int) -> int:
    """Different goods to pay for ``hull`` spaces of ship (R8.3.2, R13.3, R17.2.4)."""
    mod = ops.modifier(state, seat, "ship-goods")
    return 0 if mod is None else max(0, hull + mod)


def _ship(state: State, card_id: str) -> m.Ship | None:
    component = ops.component(ops.rules_of(state), card_id)
    return component if isinstance(component, _Ship) else None


def _can_build_ship(state: State, seat: int, goods: tuple[int, ...]) -> bool:
    """Whether :func:`_ship_moves` offers anything: enough different goods for the new
    ship, or for the difference over a smaller ship of the seat's (R8.3, A20)."""
    if not state.shipyard:
        return False
    new = _ship(state, state.shipyard[0])
    assert new is not None
    kinds = sum(1 for n in goods if n > 0)
    if kinds >= ship_goods_cost(state, seat, new.hull):
        return True
    for card in state.players[seat].top:
        old = None if card is None else _ship(state, card)
        if (
            old is not None
            and old.hull < new.hull
            and kinds >= ship_goods_cost(state, seat, new.hull - old.hull)
        ):
            return True
    return False


def _ship_moves(state: State, seat: int, goods: tuple[int, ...] | None = None) -> tuple[Move, ...]:
    if not state.shipyard:
        return ()  # R8.3.1
    new = _ship(state, state.shipyard[0])
    assert new is not None
    p = state.players[seat]
    counts = p.goods if goods is None else goods
    have = tuple(g for g, n in zip(GOODS, counts, strict=True) if n > 0)
    # A new ship always fits: room can always be made (R4.3).
    moves = [
        Move("ship", ("new", *goods))
        for goods in combinations(have, ship_goods_cost(state, seat, new.hull))
    ]
    for card in p.top:
        old = None if card is None else _ship(state, card)
        if old is None or old.hull >= new.hull:  # A20: strictly larger hulls only
            continue
        cost = ship_goods_cost(state, seat, new.hull - old.hull)
        moves += [Move("ship", ("upgrade", old.id, *goods)) for goods in combinations(have, cost)]
    return tuple(moves)


def _build_ship_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return _ship_moves(state, frame.seat)


def _build_ship(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    seat = frame.seat
    mode = move.args[0]
    paid = move.args[2:] if mode == "upgrade" else move.args[1:]
    goods = list(state.players[seat].goods)
    for good in paid:
        goods[GOODS.index(str(good))] -= 1
    state = ops.update(state, seat, goods=tuple(goods))
    ship_id, shipyard = state.shipyard[0], state.shipyard[1:]
    state = replace(state, shipyard=shipyard)
    if mode == "new":
        # R8.3.3: make room if needed, then tuck the ship into a top slot.
        return push(state, Frame("place-ship", seat, (ship_id,)))
    # R8.3.4: the old ship leaves the game; cargo and crates at sea stay in the slot (A21).
    state = ops.remove_from_game(state, str(move.args[1]))
    p = state.players[seat]
    slot = p.top.index(str(move.args[1]))
    state = ops.update(state, seat, top=(*p.top[:slot], ship_id, *p.top[slot + 1 :]))
    return _ship_built(state, seat)


def _place_ship(state: State, frame: Frame, move: Move | None) -> State:
    """Automatic: tuck the new ship once there is room (R4.3 via ``make-room``)."""
    (ship_id,) = frame.data
    seat = frame.seat
    if needs_room(state, seat, ship_id):
        return push(state, frame, Frame("make-room", seat, (ship_id,)))
    return choose_slot(push(state, Frame("ship-built", seat)), seat, ship_id)


def _ship_built_frame(state: State, frame: Frame, move: Move | None) -> State:
    return _ship_built(state, frame.seat)


def _ship_built(state: State, seat: int) -> State:
    state = ops.move_treasury(state, 1)  # R8.3.5
    state = ops.gain_influence(state, seat, influence_total(state, seat))  # R8.3.6, R5.1
    return emit(state, seat, "build-ship")


# --- R8.4 Produce Goods ------------------------------------------------------------------


def produce(state: State, seat: int) -> State:
    """Produce Goods for ``seat`` (R8.4): one good per store, price drops, then the
    ``on produce`` triggers with the produced types in their context (``produced``)."""
    tables = _tables(state)
    produced: set[str] = set()
    for _land, owner, street in state.stores:
        if owner != seat:
            continue
        good = tables.street_goods[street]
        state, kept = ops.gain_goods(state, seat, good, 1)  # R8.4.1: excess is lost
        if kept:
            produced.add(good)  # R8.4.2: only types actually received
    types = tuple(g for g in GOODS if g in produced)
    floor = tables.price_min
    prices = [
        max(floor, price - 1) if good in produced else price  # R8.4.4: once per type
        for good, price in zip(GOODS, state.prices, strict=True)
    ]
    state = replace(state, prices=(prices[0], prices[1], prices[2], prices[3]))
    # R8.4.3: house (R13.4) and clergy (R17.2.5) bonuses, only of produced types.
    return emit(state, seat, "produce", None, (("produced", types),))


# --- R8.5 Meet the Cardinal / R14 church track -------------------------------------------
#
# Convention (state.py): the church has n clergy spaces and n gaps in one loop; clockwise
# the order is space 0, gap 0, space 1, gap 1, ..., space n-1, gap n-1. So space i lies
# between gap i-1 and gap i, and gap g is beside spaces g and (g + 1) % n. The cardinal
# moves clockwise, i.e. to higher gap numbers (R14.2).


def _gap_after(state: State, steps: int) -> int:
    return (state.cardinal + steps) % _tables(state).church_gaps


def _tiles_beside(state: State, gap: int) -> tuple[str, ...]:
    n = len(state.church)
    spaces = (state.church[gap % n], state.church[(gap + 1) % n])
    return tuple(tile for tile in spaces if tile is not None)


def _has_clergy_room(state: State, seat: int) -> bool:
    return len(state.players[seat].clergy) < _tables(state).clergy_spaces


def _step_range(state: State, seat: int, lo: int, hi: int) -> range:
    """Step counts allowed: ``lo..hi`` plus up to the clergy extra steps (R17.2.5)."""
    extra = ops.modifier(state, seat, "cardinal-steps") or 0
    return range(lo, hi + max(0, extra) + 1)


def clergy_choices(state: State, seat: int) -> tuple[str, ...]:
    """The clergy tiles ``seat`` may take now: beside the cardinal, if a clergy space on the
    player's board is free (R8.5.1, R8.5.3, R14.5); empty otherwise."""
    if not _has_clergy_room(state, seat):
        return ()
    return _tiles_beside(state, state.cardinal)


def _cardinal_steps(state: State, frame: Frame) -> tuple[int, ...]:
    lo, hi, take_tile = frame.data
    steps = tuple(_step_range(state, frame.seat, lo, hi))
    if take_tile and _has_clergy_room(state, frame.seat):
        # A22: a move after which no tile can be taken is not a legal choice. If no move
        # reaches a tile (only possible for a card's single step), the cardinal still moves.
        reaching = tuple(n for n in steps if _tiles_beside(state, _gap_after(state, n)))
        if reaching:
            return reaching
    return steps


def move_cardinal(
    state: State, seat: int, steps_min: int, steps_max: int, take_tile: bool
) -> State:
    """Move the cardinal ``steps_min..steps_max`` gaps clockwise (plus the seat's extra steps,
    R17.2.5), triggering icons (R14.3); then, if ``take_tile``, the seat takes a clergy tile
    beside him (R8.5.3) when it has room (A23: with four tiles he still moves).

    The State action is ``move_cardinal(state, seat, 1, 2, True)``; the single-arrow icon is
    ``move_cardinal(state, seat, 1, 1, True)``. A ``move-cardinal`` decision is pushed only
    when there is more than one step count to choose from; otherwise he moves at once.
    """
    frame = Frame("move-cardinal", seat, (steps_min, steps_max, take_tile))
    steps = _cardinal_steps(state, frame)
    if len(steps) == 1:
        return _move_cardinal(state, frame, Move("cardinal", (steps[0],)))
    return push(state, frame)


def _move_cardinal_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("cardinal", (n,)) for n in _cardinal_steps(state, frame))


def _move_cardinal(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    steps = int(move.args[0])
    seat = frame.seat
    icons = _tables(state).church_icons
    for k in range(1, steps + 1):  # R14.3: every gap passed or landed on, not the start
        icon = icons.get(_gap_after(state, k))
        if icon == "treasury":
            state = ops.move_treasury(state, 1)
        elif icon == "envelope" and state.church_scoring is None:
            state = replace(state, church_scoring=seat)  # A29: the first trigger leads
    state = replace(state, cardinal=_gap_after(state, steps))
    if frame.data[2] and clergy_choices(state, seat):
        state = push(state, Frame("take-clergy", seat))
    return state


def _take_clergy_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("clergy", (tile,)) for tile in clergy_choices(state, frame.seat))


def _take_clergy(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    tile = str(move.args[0])
    seat = frame.seat
    i = state.church.index(tile)
    state = replace(state, church=(*state.church[:i], None, *state.church[i + 1 :]))
    state = ops.update(state, seat, clergy=(*state.players[seat].clergy, tile))
    # R8.5.3: the new tile's immediate effect resolves now (only this tile's "on taken").
    component = ops.component(ops.rules_of(state), tile)
    assert isinstance(component, _ClergyTile)
    taken = [t for t in component.behaviour.triggers if t.event == "taken"]
    for trig in reversed(taken):
        state = run_effect(state, seat, trig.effect)
    return state


# --- R8.6 Get a Royal Favor --------------------------------------------------------------


def _favor_choices(state: State, seat: int) -> tuple[str, ...]:
    held = state.players[seat].favors
    return tuple(
        noble for i, noble in enumerate(NOBLES) if noble not in held and state.favor_supply[i]
    )


STACK.register("state-action", _start, data=Fixed(("state_action",)))
STACK.register("recruit-officials", _recruit, _recruit_moves, data=Many("noble"), lookahead=True)
STACK.register("build-ship", _build_ship, _build_ship_moves, data=EMPTY, lookahead=True)
STACK.register("place-ship", _place_ship, data=Fixed(("ship",)), holds=first_datum)
STACK.register("ship-built", _ship_built_frame, data=EMPTY)
def _move_cardinal_check(state: State, frame: Frame) -> str | None:
    """The cardinal moves at least one gap and at most once round the church (R14.3)."""
    lo, hi, _take_tile = frame.data
    if not 1 <= lo <= hi <= len(state.church):
        return f"the cardinal cannot move {lo} to {hi} gaps (1 to {len(state.church)})"
    return None


STACK.register(
    "move-cardinal", _move_cardinal, _move_cardinal_moves, data=Fixed(("nat", "nat", "bool")),
    check=_move_cardinal_check, lookahead=True,
)
STACK.register("take-clergy", _take_clergy, _take_clergy_moves, data=EMPTY, lookahead=True)


# --- the effect kinds that start a State action or move the cardinal -----------------


def _cardinal_effect(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    steps = ops.arg(do, "steps")
    return move_cardinal(state, seat, steps, steps, False)


def _clergy_effect(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    if not clergy_choices(state, seat):
        return state  # A23: four tiles held or no tile beside the cardinal
    return push(state, Frame("take-clergy", seat))


def _perform_effect(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    action = ops.arg(do, "action")
    if action in NOBLE_ACTIONS:  # R9.8: an event's noble action is no visit
        return push(state, Frame("noble-action", seat, (action,)))
    if not can_perform(state, seat, action):
        return state  # A37: a bonus action that cannot be done is lost
    return push(state, Frame("state-action", seat, (action,)))


DO_HANDLERS.update(
    move_cardinal=_cardinal_effect, take_clergy=_clergy_effect, perform=_perform_effect
)
