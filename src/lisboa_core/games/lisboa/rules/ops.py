"""Small state operations the rules are built from (gain goods, influence, rubble, ...).

Each takes a state and returns a new one; caps and clamps of R0.10 live here so every rule
that gains or pays goes through the same code.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from lisboa_core.core.memo import CATALOGUES, Memo, tracked
from lisboa_core.core.native import compiled
from lisboa_core.core.replace import replace, with_field
from lisboa_core.core.stack import FULL_SEARCH
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.state import (
    GOODS,
    NEUTRAL,
    NOBLES,
    RUBBLE,
    PlayerState,
    State,
)

# Model classes bound once (compiled code reads them faster than through ``m``).
_Choose: Final = m.Choose
_Do: Final = m.Do
_Seq: Final = m.Seq
_Ship: Final = m.Ship

__all__ = [
    "Passive",
    "active_behaviours",
    "add_wigs",
    "arg",
    "board_of",
    "component",
    "elementary",
    "gain_goods",
    "gain_influence",
    "gain_rubble",
    "holdings",
    "influence_total",
    "modifier",
    "move_treasury",
    "nobles_of",
    "passive",
    "permitted",
    "player",
    "player_board_of",
    "register_rules",
    "rules_of",
    "set_player",
    "settle_payment",
    "triggers",
    "typed",
    "warehouse_cap",
]

T = TypeVar("T")

_COMPILED: Final = compiled()

_RULES: Final[dict[str, Rules]] = {}


def register_rules(rules: Rules) -> None:
    """Make a catalogue available to states created with it (looked up by digest)."""
    _RULES[rules.digest] = rules
    if rules.full_search:
        FULL_SEARCH.add(rules.digest)


def typed(rules: Rules, component_id: str, cls: type[T]) -> T:
    """``rules.typed(component_id, cls)``, called from the engine's own compiled code."""
    component = rules.by_id[component_id]
    if not isinstance(component, cls):
        raise TypeError(f"{component_id} is a {type(component).__name__}, not {cls.__name__}")
    return component


def arg(do: m.Do, name: str, default: Any = None) -> Any:
    """``do.arg(name, default)``, called from the engine's own compiled code."""
    for key, value in do.args:
        if key == name:
            return value
    return default


def elementary(effect: m.Effect | None) -> list[m.Do]:
    """:func:`lisboa_core.games.lisboa.model.elementary`, called from the engine's own compiled
    code."""
    if effect is None:
        return []
    if isinstance(effect, _Do):
        return [effect]
    if isinstance(effect, _Seq):
        return [d for step in effect.steps for d in elementary(step)]
    if isinstance(effect, _Choose):
        return [d for option in effect.options for d in elementary(option)]
    return elementary(effect.body)


def component(rules: Rules, component_id: str) -> m.Component:
    """``rules[component_id]``, called from the engine's own compiled code."""
    found: m.Component = rules.by_id[component_id]
    return found


_NOBLES: Final[Memo[str, tuple[m.Noble, ...]]] = Memo(
    "lisboa.rules.ops._NOBLES", CATALOGUES
)  # by catalogue digest


def nobles_of(rules: Rules) -> tuple[m.Noble, ...]:
    """``rules.nobles``, looked up once per catalogue."""
    found = _NOBLES.get(rules.digest)
    if found is None:
        found = _NOBLES.put(rules.digest, rules.nobles)
    return found


_BOARDS: Final[Memo[str, tuple[m.Board, m.PlayerBoard]]] = Memo(
    "lisboa.rules.ops._BOARDS", CATALOGUES
)  # by catalogue digest


def _boards(rules: Rules) -> tuple[m.Board, m.PlayerBoard]:
    found = _BOARDS.get(rules.digest)
    if found is None:
        found = _BOARDS.put(rules.digest, (rules.board, rules.player_board))
    return found


def board_of(rules: Rules) -> m.Board:
    """``rules.board``, looked up once per catalogue."""
    return _boards(rules)[0]


def player_board_of(rules: Rules) -> m.PlayerBoard:
    """``rules.player_board``, looked up once per catalogue."""
    return _boards(rules)[1]


def rules_of(state: State) -> Rules:
    """The catalogue a state was created with."""
    return _RULES[state.catalogue]


def player(state: State, seat: int) -> PlayerState:
    """The player at ``seat``."""
    return state.players[seat]


def set_player(state: State, seat: int, new: PlayerState) -> State:
    """A state with the player at ``seat`` replaced."""
    players = state.players
    if _COMPILED:
        return state.with_players((*players[:seat], new, *players[seat + 1 :]))
    return with_field(state, "players", (*players[:seat], new, *players[seat + 1 :]))


def update(state: State, seat: int, **changes: Any) -> State:
    """A state with some fields of one player changed."""
    players = state.players
    if _COMPILED:  # native classes copy fastest through their own methods
        new = players[seat].replaced(changes)
        return state.with_players((*players[:seat], new, *players[seat + 1 :]))
    new = replace(players[seat], **changes)  # pure: one dictionary copy each
    return with_field(state, "players", (*players[:seat], new, *players[seat + 1 :]))


def log(state: State, text: str) -> State:
    """Append an event to the (bounded) log front ends read."""
    return replace(state, log=(*state.log[-49:], text))


# --- passive effects -------------------------------------------------------------------


class Passive:
    """A seat's passive behaviours, and the same indexed for the hook points: modifiers by
    hook, triggers by event, the permissions granted (built once per holdings)."""

    __slots__ = ("behaviours", "modifiers", "permissions", "triggers")

    def __init__(self, behaviours: tuple[m.Behaviour, ...]) -> None:
        self.behaviours = behaviours
        modifiers: dict[str, list[m.Modifier]] = {}
        triggers: dict[str, list[m.Trigger]] = {}
        permissions: set[str] = set()
        for behaviour in behaviours:
            for mod in behaviour.modifiers:
                modifiers.setdefault(mod.hook, []).append(mod)
            for trig in behaviour.triggers:  # in holding order, as they fire
                triggers.setdefault(trig.event, []).append(trig)
            for permission in behaviour.permissions:
                permissions.add(permission.ability)
        self.modifiers: dict[str, tuple[m.Modifier, ...]] = {
            k: tuple(v) for k, v in modifiers.items()
        }
        self.triggers: dict[str, tuple[m.Trigger, ...]] = {
            k: tuple(v) for k, v in triggers.items()
        }
        self.permissions = frozenset(permissions)


_PASSIVE: Final[Memo[tuple[Any, ...], Passive]] = Memo("lisboa.rules.ops._PASSIVE", 100_000)


def passive(state: State, seat: int) -> Passive:
    """The seat's :class:`Passive`: held clergy tiles, tucked treasury permanents and the
    latest revealed ability of each house group (R13.1: it replaces earlier ones)."""
    # Hook points are consulted thousands of times per decision; the answer depends only
    # on the holdings, so it is computed once per combination. Successive states share
    # the holdings' tuples, so the seat's last answer is checked first, by identity.
    p = state.players[seat]
    last = _LAST_PASSIVE.get(seat)
    if (
        last is not None
        and last[0] is p.clergy
        and last[1] is p.bottom
        and last[2] is p.houses
        and last[3] == state.catalogue
    ):
        return last[4]
    key = holdings(state, seat)
    found = _PASSIVE.get(key)
    if found is None:
        found = _PASSIVE.put(key, Passive(_collect_behaviours(rules_of(state), p)))
    _LAST_PASSIVE[seat] = (p.clergy, p.bottom, p.houses, state.catalogue, found)
    return found


_LAST_PASSIVE: Final[dict[int, tuple[Any, Any, Any, str, Passive]]] = tracked({})


def active_behaviours(state: State, seat: int) -> tuple[m.Behaviour, ...]:
    """Everything passive the seat has (see :func:`passive`)."""
    return passive(state, seat).behaviours


def holdings(state: State, seat: int) -> tuple[Any, ...]:
    """What alone decides the seat's passive behaviours: the catalogue, held clergy tiles,
    tucked treasury cards and houses built (a cheap key for answers read off them)."""
    p = state.players[seat]
    return (state.catalogue, p.clergy, p.bottom, p.houses)


def _collect_behaviours(rules: Rules, p: PlayerState) -> tuple[m.Behaviour, ...]:
    out: list[m.Behaviour] = []
    for tile in p.clergy:
        out.append(component(rules, tile).behaviour)  # type: ignore[union-attr]
    for card in p.bottom:
        if card is not None:
            out.append(component(rules, card).permanent)  # type: ignore[union-attr]
    board = player_board_of(rules)
    for group_index, group in enumerate(("left", "middle", "right")):
        taken = p.houses[group_index]
        revealed = [a for a in board.abilities if a.group == group and a.index <= taken]
        if revealed:
            out.append(max(revealed, key=lambda a: a.index).behaviour)
    return tuple(out)


def modifier(state: State, seat: int, hook: str, **qualifiers: Any) -> int | None:
    """The summed change at a hook point; ``None`` if some modifier makes it free (0).

    A modifier with a qualifier (``noble manuel``) only applies when the same qualifier is
    given here.
    """
    found = passive(state, seat).modifiers.get(hook)
    if found is None:
        return 0
    total = 0
    for mod in found:
        if any(qualifiers.get(k) != v for k, v in mod.qualifiers):
            continue
        if mod.amount is None:
            return None
        total += mod.amount
    return total


def permitted(state: State, seat: int, ability: str) -> bool:
    """True if some active behaviour grants ``ability`` (``allow ...``)."""
    return ability in passive(state, seat).permissions


def triggers(state: State, seat: int, event: str, qualifier: str | None) -> list[m.Trigger]:
    """The seat's triggers listening to ``event`` with this qualifier.

    A trigger without a qualifier hears every such event; ``political`` (tuck) and ``any``
    (sell) are the catch-all qualifiers of the vocabulary.
    """
    found = passive(state, seat).triggers.get(event)
    if found is None:
        return []
    return [trig for trig in found if trig.qualifier in (None, qualifier, "political", "any")]


def influence_total(state: State, seat: int) -> int:
    """The top-row influence total (R5.1): noble cards and ships, ship bonuses included."""
    rules = rules_of(state)
    ship_bonus = modifier(state, seat, "ship-influence") or 0
    total = 0
    for card in state.players[seat].top:
        if card is None:
            continue
        held = component(rules, card)
        if isinstance(held, _Ship):
            total += held.influence + ship_bonus
        else:
            total += held.influence  # type: ignore[union-attr]
    return total


# --- resources -------------------------------------------------------------------------


def warehouse_cap(state: State, seat: int) -> int:
    """Goods of each type a seat may hold (R4.8)."""
    return player_board_of(rules_of(state)).warehouse_base + state.players[seat].sets


def gain_goods(state: State, seat: int, good: str, amount: int) -> tuple[State, int]:
    """Take goods up to the warehouse cap; returns the state and how many were kept."""
    p = state.players[seat]
    i = GOODS.index(good)
    kept = max(0, min(amount, warehouse_cap(state, seat) - p.goods[i]))
    if not kept:
        return state, 0
    goods = list(p.goods)
    goods[i] += kept
    return update(state, seat, goods=tuple(goods)), kept


def add_wigs(state: State, seat: int, amount: int) -> State:
    """Score (or lose, never below 0: R5.8) wigs."""
    p = state.players[seat]
    return update(state, seat, wigs=max(0, p.wigs + amount))


def gain_influence(state: State, seat: int, amount: int) -> State:
    """Gain influence: passive bonuses, cap, and a wig when ending on the top (R5.1-R5.3)."""
    if amount <= 0:
        return state  # A16: a gain worth nothing gives no wig
    bonus = modifier(state, seat, "influence-gain") or 0
    board = board_of(rules_of(state))
    p = state.players[seat]
    value = min(board.influence_max, p.influence + amount + bonus)
    state = update(state, seat, influence=value)
    if value == board.influence_max:
        state = add_wigs(state, seat, 1)
    return state


def reis_value(state: State, position: int) -> int:
    """Reis raised by paying with influence from ``position`` down (R5.6): icons below it."""
    table = _REIS_VALUES.get(state.catalogue)
    if table is None:
        board = board_of(rules_of(state))
        table = _REIS_VALUES.put(state.catalogue, tuple(
            sum(1 for icon in board.influence_reis_icons if icon < position)
            for position in range(board.influence_max + 2)
        ))
    return table[min(max(position, 0), len(table) - 1)]


_REIS_VALUES: Final[Memo[str, tuple[int, ...]]] = Memo(
    "lisboa.rules.ops._REIS_VALUES", CATALOGUES
)  # per catalogue, by track position


def settle_payment(state: State, seat: int, due: int, covered: int) -> State:
    """Pay ``due`` reis: ``covered`` of them by moving the influence marker down that many
    reis icons (R5.6, never below the lowest icon), the rest in cash."""
    p = state.players[seat]
    influence = p.influence
    icons = sorted(board_of(rules_of(state)).influence_reis_icons, reverse=True)
    for _ in range(covered):
        influence = next((i for i in icons if i < influence), influence)
    return update(state, seat, reis=p.reis - (due - covered), influence=influence)


def remove_from_game(state: State, *pieces: str) -> State:
    """Record pieces that leave the game (R0.6): discarded cards, unused setup pieces."""
    return replace(state, removed=state.removed + pieces) if pieces else state


def move_treasury(state: State, steps: int) -> State:
    """Move the treasury marker, clamped to the track (R1.6.2)."""
    top = len(board_of(rules_of(state)).treasury) - 1
    return replace(state, treasury=max(0, min(top, state.treasury + steps)))


def treasury_value(state: State) -> int:
    """The treasury value right of the marker (R0.2)."""
    return board_of(rules_of(state)).treasury[state.treasury].value


def gain_rubble(state: State, seat: int, colour: str) -> State:
    """Put a cube on the seat's board (R12.2-R12.6): lost if its row is full; completing a
    set moves a marker to the Marquis portrait."""
    p = state.players[seat]
    i = RUBBLE.index(colour)
    cap = player_board_of(rules_of(state)).rubble_per_colour
    if p.rubble[i] >= cap:
        return replace(state, rubble_out=state.rubble_out + 1)  # R12.3: no room, it leaves
    before = p.sets
    rubble = list(p.rubble)
    rubble[i] += 1
    state = update(state, seat, rubble=tuple(rubble))
    after = state.players[seat].sets
    if after > before:
        state = update(state, seat, markers=p.markers + (after - before))
    return state


def take_favor(state: State, seat: int, noble: str) -> State:
    """Take a royal favor from a noble's portrait (R8.6.1); the caller checks it is there."""
    i = NOBLES.index(noble)
    supply = list(state.favor_supply)
    supply[i] -= 1
    state = replace(state, favor_supply=(supply[0], supply[1], supply[2]))
    return update(state, seat, favors=(*state.players[seat].favors, noble))


def take_plan(state: State, seat: int, architect: str) -> State:
    """Take the top plan of an architect's stack (R8.2.1)."""
    i = ("blue", "green").index(architect)
    stacks = list(state.plan_stacks)
    plan, stacks[i] = stacks[i][0], stacks[i][1:]
    state = replace(state, plan_stacks=(stacks[0], stacks[1]))
    return update(state, seat, plans=(*state.players[seat].plans, plan))


def place_official(state: State, seat: int, office: int) -> State:
    """Move one official from storage into an office, displacing on a full office (R8.1.2):
    one official of the colour with the most officials there goes to the plaza, one of each
    colour if several tie; neutral officials are never displaced nor counted (A19)."""
    capacity = nobles_of(rules_of(state))[office].office
    here = list(state.offices[office])
    plaza = list(state.plazas[office])
    counts: dict[int, int] = {}
    for s in here:
        if s != NEUTRAL:
            counts[s] = counts.get(s, 0) + 1
    if len(here) >= capacity and counts:
        most = max(counts.values())
        for s in sorted(c for c, n in counts.items() if n == most):
            here.remove(s)
            plaza.append(s)
    here.append(seat)
    offices = list(state.offices)
    plazas = list(state.plazas)
    offices[office] = tuple(here)
    plazas[office] = tuple(plaza)
    state = replace(state, offices=tuple(offices), plazas=tuple(plazas))
    return update(state, seat, officials=state.players[seat].officials - 1)
