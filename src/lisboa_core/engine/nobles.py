"""Visiting a Noble and following (R9), the three Noble actions (R10) and Sponsor an Event
(R11).

Decisions (frame kind: moves):

- ``visit-option``: ``state-action ACTION`` or ``skip`` (R9.1 step 4)
- ``visit-pay``: ``pay-reis N`` — how much of an influence cost to pay in reis (R9.5)
- ``store``: ``store SPACE LAND`` — display space (``yellow``, ``small-blue``...) and land
- ``store-house``: ``house GROUP``; ``store-rubble``: ``rubble row|column COLOUR``
- ``building``: ``build SITE PLAN``; ``building-officials``: ``return PLACE`` (R10.3.2.4)
- ``follow``: ``follow ACTION`` or ``pass`` (R9.6)

The store is placed with its house as soon as the land is chosen (R10.1.2 places the house
at step 6): nothing between depends on it, and the land is then taken for any follower.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import attrs

from .. import model as m
from .._replace import replace
from ..dsl.patterns import NOBLE_ACTIONS, STATE_ACTIONS
from ..moves import Move
from ..state import NOBLES, RUBBLE, Frame, State
from . import ops, payment
from .core import first_datum, push, register, tail_within
from .effects import emit, harmless, run_effect, sale_safe, take_rubble, triggers_never_block
from .payment import DEAD
from .specs import EMPTY, Fixed

__all__ = [
    "influence_cost", "noble_of", "sponsor_judge", "start_sponsor", "start_visit", "visit_judge"
]

_GROUPS = ("left", "middle", "right")


def noble_of(state: State, noble_key: str) -> m.Noble:
    """The catalogue entry of a noble (``manuel``...)."""
    return ops.rules_of(state).nobles[NOBLES.index(noble_key)]


def influence_cost(state: State, seat: int, noble_key: str, follow: bool) -> int:
    """R9.4: treasury modifier + other colours' officials in the office, minus reductions."""
    if follow and ops.modifier(state, seat, "follow-cost") is None:
        return 0  # R17.2.2: following costs no influence
    board = ops.rules_of(state).board
    office = state.offices[NOBLES.index(noble_key)]
    base = board.treasury[state.treasury].modifier + sum(1 for s in office if s != seat)
    reduction = ops.modifier(state, seat, "visit-cost", noble=noble_key) or 0
    return max(0, base + reduction)


# --- visit, follow, sponsor --------------------------------------------------------------


def start_visit(state: State, seat: int, card_id: str) -> State:
    """R9.1: the card goes to the court, then cost, optional state action, noble action,
    follows, and the card is discarded (R9.3)."""
    card = ops.rules_of(state).typed(card_id, m.PoliticalCard)
    noble = noble_of(state, card.type)
    state = push(
        state,
        Frame("court-discard", seat, (card_id,)),
        Frame("follow-round", seat, (card.type,)),
        Frame("noble-action", seat, (noble.noble_action,)),
        Frame("visit-option", seat, (card.type,)),
        Frame("visit-cost", seat, (card.type, False)),
        Frame("court-card", seat, (card_id,)),
    )
    return emit(state, seat, "court", card.type)  # R17.2.1: before the cost is paid


def visit_judge(
    state: State, seat: int, noble_key: str, follow: bool = False
) -> bool | None:
    """A visit to a noble (or a follow of it, taking its Noble action) known without playing
    it on (None: not known). With no court trigger and no reis allowed for influence, the
    cost is paid from influence, then wigs (R9.5): the visit is illegal if that cannot be
    done (A42), and legal if the Noble action can certainly be done right after (R9.1: the
    State action may be skipped; R9.6 a follow takes the action at once)."""
    if (not follow and ops.triggers(state, seat, "court", noble_key)) or ops.permitted(
        state, seat, "reis-for-influence"
    ):
        return None
    p = state.players[seat]
    cost = influence_cost(state, seat, noble_key, follow)
    from_influence = min(p.influence, cost)
    shortfall = cost - from_influence
    if shortfall > p.wigs:
        return False
    funds = p.reis + ops.reis_value(state, p.influence - from_influence)
    action = noble_of(state, noble_key).noble_action
    return True if noble_action_now(state, seat, action, funds) else None


def sponsor_judge(state: State, seat: int, card_id: str) -> bool | None:
    """A sponsorship known without playing it on (None: not known), when no court trigger
    is held: illegal if its event needs a plan or decree that is not there (R11.3) or the
    fee cannot be paid (R11.2, R0.11); legal if then the event cannot block (it is paid
    for, and every trigger the seat holds can only add) or offers a Noble action the seat
    can certainly do once the fee is paid. Every split of the fee between cash and
    influence leaves the same funds (R5.6: one real per icon passed)."""
    card = ops.rules_of(state).typed(card_id, m.PoliticalCard)
    if ops.triggers(state, seat, "court", "treasury"):
        return None
    if card.event is not None and not _event_possible(state, card.event):
        return False
    p = state.players[seat]
    funds = p.reis + ops.reis_value(state, p.influence)
    if ops.modifier(state, seat, "sponsor-fee") is not None:
        due = max(0, ops.treasury_value(state) + (ops.modifier(state, seat, "payment") or 0))
        if due > funds:
            return False
        funds -= due
    triggers_safe = triggers_never_block(state, seat)
    if sale_safe(card.event) and triggers_safe:
        return True
    for action in _offered_noble_actions(card.event):
        if noble_action_now(state, seat, action, funds):
            return True
    return None


def _offered_noble_actions(event: m.Seq | None) -> list[str]:
    """The Noble actions an event of one step offers (``choose one (perform ...)``)."""
    if event is None or len(event.steps) != 1:
        return []
    step = event.steps[0]
    options = step.options if isinstance(step, m.Choose) and step.up_to is None else (step,)
    found = []
    for option in options:
        if isinstance(option, m.Seq) and len(option.steps) == 1:
            option = option.steps[0]
        if (
            isinstance(option, m.Do)
            and option.kind == "perform"
            and option.arg("action") in NOBLE_ACTIONS
        ):
            found.append(str(option.arg("action")))
    return found


def start_sponsor(state: State, seat: int, card_id: str) -> State:
    """R11: the card to the court, pay the treasury value, then its event; no follows."""
    card = ops.rules_of(state).typed(card_id, m.PoliticalCard)
    if card.event is not None and not _event_possible(state, card.event):
        return push(state, DEAD)  # R11.3: the event must be performable
    state = push(
        state, Frame("court-discard", seat, (card_id,)), Frame("court-card", seat, (card_id,))
    )
    if card.event is not None:
        state = run_effect(state, seat, card.event)
    state = push(state, Frame("sponsor-fee", seat))
    return emit(state, seat, "court", "treasury")


def _event_possible(state: State, event: m.Seq) -> bool:
    """R11.3: an event that gives a plan or a decree needs one to take (an event that is a
    Noble action is checked by the action's own steps)."""
    for step in event.steps:
        if isinstance(step, m.Do) and step.kind == "take_plan" and not any(state.plan_stacks):
            return False
        if isinstance(step, m.Do) and step.kind == "take_decree" and not state.decree_display:
            return False
    return True


def _court_card(state: State, frame: Frame, move: Move | None) -> State:
    return state  # marks where the card lies while the action runs (see court-discard)


def _court_discard(state: State, frame: Frame, move: Move | None) -> State:
    return ops.remove_from_game(state, frame.data[0])  # R9.3 / R11.4


def _sponsor_fee(state: State, frame: Frame, move: Move | None) -> State:
    if ops.modifier(state, frame.seat, "sponsor-fee") is None:
        return state  # R17.2.1: the fee may be skipped
    return payment.pay(state, frame.seat, ops.treasury_value(state))  # R11.2


def _pay_choices(state: State, frame: Frame) -> range:
    noble_key, follow = frame.data
    cost = influence_cost(state, frame.seat, noble_key, follow)
    p = state.players[frame.seat]
    if not ops.permitted(state, frame.seat, "reis-for-influence"):
        return range(0, 1)
    return range(0, min(cost, p.reis) + 1)


def _visit_cost(state: State, frame: Frame, move: Move | None) -> State:
    """Pay a visit or follow cost: a decision only when part may be paid in reis (R9.5)."""
    if len(_pay_choices(state, frame)) > 1:
        return push(state, Frame("visit-pay", frame.seat, frame.data))
    return _visit_pay(state, frame, Move("pay-reis", (0,)))


def _visit_pay_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("pay-reis", (n,)) for n in _pay_choices(state, frame))


def _visit_pay(state: State, frame: Frame, move: Move | None) -> State:
    """R9.5: reis (if allowed), then influence, and only a shortfall in wigs."""
    assert move is not None
    noble_key, follow = frame.data
    seat = frame.seat
    cost = influence_cost(state, seat, noble_key, follow)
    reis = int(move.args[0])
    p = state.players[seat]
    rest = cost - reis
    from_influence = min(p.influence, rest)
    shortfall = rest - from_influence
    if shortfall > p.wigs:
        return push(state, DEAD)  # A42: wigs never go below 0
    return ops.update(
        state,
        seat,
        reis=p.reis - reis,
        influence=p.influence - from_influence,
        wigs=p.wigs - shortfall,
    )


def _visit_option_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    from .state_actions import can_perform

    noble = noble_of(state, frame.data[0])
    actions = [a for a in noble.state_actions if can_perform(state, frame.seat, a)]
    return (Move("skip"), *(Move("state-action", (a,)) for a in actions))


# State actions that cannot make a Noble action possible that would not be possible after
# `skip`: they change none of what the action needs (R8: recruiting moves officials into
# offices, a plan goes to the hand, a favor tile to the player; no event is emitted).
# Searching for a way through a visit, the lookahead may then try `skip` alone; a visit
# whose Noble action is impossible is refuted without trying every free State action.
_CANNOT_HELP: dict[str, frozenset[str]] = {
    "build-store": frozenset({"recruit-officials", "acquire-plan", "royal-favor"}),
    # A decree comes from the face-up display and no State action adds one.
    "take-decree": frozenset(STATE_ACTIONS),
    "open-building": frozenset({"royal-favor"}),
}


def _useless(state: State, seat: int, action: str) -> frozenset[str]:
    """The free State actions that cannot make ``action`` possible for the seat: those of
    ``_CANNOT_HELP``, and meeting the cardinal for an opening when the seat has no plan
    and no clergy tile in the church could bring one (R10.3.2 needs a plan in hand)."""
    useless = _CANNOT_HELP[action]
    if (
        action == "open-building"
        and not state.players[seat].plans
        and not any(_gives_plan(state, tile) for tile in state.church if tile is not None)
    ):
        useless = useless | {"meet-cardinal"}
    return useless


_PLAN_GIVERS: dict[tuple[str, str], bool] = {}


def _gives_plan(state: State, tile: str) -> bool:
    """Whether anything a clergy tile does could put a plan in its holder's hand."""
    key = (state.catalogue, tile)
    found = _PLAN_GIVERS.get(key)
    if found is None:
        behaviour = ops.rules_of(state).typed(tile, m.ClergyTile).behaviour
        found = _PLAN_GIVERS[key] = any(
            d.kind == "take_plan" or (d.kind == "perform" and d.arg("action") == "acquire-plan")
            for trig in behaviour.triggers
            for d in m.elementary(trig.effect)
        )
    return found


def _visit_option_search(state: State, frame: Frame, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    useless = _useless(state, frame.seat, noble_of(state, frame.data[0]).noble_action)
    return tuple(m for m in moves if m.kind == "skip" or m.args[0] not in useless)


# What follows a visit's Noble action: the follows (checkpoints) and the card's discard.
_VISIT_TAIL = frozenset({"noble-action", "follow-round", "court-discard", "court-card", "end-turn"})


def _visit_option_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """A visit can be finished if its Noble action can be done right after ``skip`` (R9.1:
    the State action is optional). When every free State action is useless to the Noble
    action (see :func:`_useless`), it can be finished only then: a decree from the display
    (R10.2.4), or a store the seat can pay."""
    if not tail_within(state, _VISIT_TAIL):
        return None
    action = noble_of(state, frame.data[0]).noble_action
    if noble_action_now(state, frame.seat, action):
        return True
    useless = _useless(state, frame.seat, action)
    if any(m.kind != "skip" and m.args[0] not in useless for m in moves):
        return None
    if action == "take-decree":
        return False if not state.decree_display else None
    if action == "open-building":
        return False if not _building_moves(state, Frame("building", frame.seat)) else None
    if action == "build-store":
        stores = _store_moves(state, Frame("store", frame.seat))
        return _store_price_verdict(state, frame.seat, stores) if stores else False
    return None


def noble_action_now(state: State, seat: int, action: str, funds: int | None = None) -> bool:
    """Whether the Noble action can certainly be done and paid with what the seat holds now
    (``funds``: its cash and influence in reis, if not the state's), its triggers only
    gaining (a sufficient test; False means "not known")."""
    if action == "take-decree":
        triggers = ops.triggers(state, seat, "take-decree", None)
        return bool(state.decree_display) and all(harmless(t.effect) for t in triggers)
    if funds is None:
        p = state.players[seat]
        funds = p.reis + ops.reis_value(state, p.influence)
    if action == "build-store":
        return _store_now(state, seat, funds)
    return _building_now(state, seat, funds)


def _visit_option(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    if move.kind == "skip":
        return state
    return push(state, Frame("state-action", frame.seat, (str(move.args[0]),)))


def _follow_round(state: State, frame: Frame, move: Move | None) -> State:
    """R9.6: clockwise from the visitor's left, each holder of the favor may follow."""
    (noble_key,) = frame.data
    n = state.player_count
    order = [(frame.seat + i) % n for i in range(1, n)]
    frames = [Frame("follow", s, (noble_key,)) for s in reversed(order)]
    return push(state, *frames)


def _follow_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    (noble_key,) = frame.data
    if noble_key not in state.players[frame.seat].favors:
        return (Move("pass"),)
    noble = noble_of(state, noble_key)
    return (
        Move("pass"),
        *(Move("follow", (a,)) for a in (*noble.state_actions, noble.noble_action)),
    )


def _follow(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    if move.kind == "pass":
        return state
    (noble_key,) = frame.data
    seat = frame.seat
    action = str(move.args[0])
    p = state.players[seat]
    i = NOBLES.index(noble_key)
    supply = list(state.favor_supply)
    supply[i] += 1  # R9.6.1: the favor goes back to the portrait
    state = replace(state, favor_supply=(supply[0], supply[1], supply[2]))
    state = ops.update(state, seat, favors=tuple(f for f in p.favors if f != noble_key))
    kind = "noble-action" if action == noble_of(state, noble_key).noble_action else "state-action"
    if kind == "state-action":
        from .state_actions import can_perform

        if not can_perform(state, seat, action):
            return push(state, DEAD)
    return push(state, Frame(kind, seat, (action,)), Frame("visit-cost", seat, (noble_key, True)))


# --- noble actions -----------------------------------------------------------------------


def _noble_action(state: State, frame: Frame, move: Move | None) -> State:
    (action,) = frame.data
    seat = frame.seat
    if action == "take-decree":
        if not state.decree_display:
            return push(state, DEAD)  # R10.2.4
        extra = m.May(m.Seq((m.Do("spend_set_marker"), m.Do("take_decree"))))
        program = m.Seq((m.Do("take_decree"), extra))  # R10.2.1-R10.2.2
        return run_effect(state, seat, program)
    if action == "build-store":
        return push(state, Frame("store", seat))
    return push(state, Frame("building", seat))


def _space_name(colour: str, size: str) -> str:
    return colour if size == "large" else f"{size}-{colour}"


def _funds_bound(state: State, seat: int) -> int:
    """More reis than the seat could possibly raise during the action under way: cash,
    influence converted from the top of the track, the largest land reward in reis, what
    the seat's store triggers and the clergy tiles taken on the way could add or take off
    (see :class:`_TileLuck`). Used only to prune hopeless searches."""
    luck, tiles = _tile_luck(state), _most_tiles(state)
    top = ops.rules_of(state).board.influence_max
    discount = -(ops.modifier(state, seat, "payment") or 0)
    triggers = _store_trigger_bound(state, seat, with_influence=False)
    return (
        state.players[seat].reis + ops.reis_value(state, top + 1) + _largest_land_reis(state)
        + triggers + tiles * (luck.reis + luck.payment) + discount
    )


_LARGEST_LAND_REIS: dict[str, int] = {}


def _largest_land_reis(state: State) -> int:
    found = _LARGEST_LAND_REIS.get(state.catalogue)
    if found is None:
        found = _LARGEST_LAND_REIS[state.catalogue] = max(
            (f.reward_reis for f in _land_facts(state).values()), default=0
        )
    return found


@attrs.frozen
class _LandFacts:
    """What the store search needs of a land space, computed once per catalogue."""

    row: int  # index into state.row_rubble
    column: int  # index into state.column_rubble
    reward_reis: int
    reward_influence: int
    lucky: int  # how many clergy tiles the reward takes (each may pay or discount)
    plain: bool  # the reward only gains things (so the seat's funds can only grow)
    # The reward leaves land prices alone and the seat's funds can only grow: it gains, or
    # takes a cube from the pile (not from a row or column; its triggers are checked).
    steady: bool
    treasury: bool  # the reward may move the treasury (and so every land price)


_LAND_FACTS: dict[str, dict[str, _LandFacts]] = {}


def _land_facts(state: State) -> dict[str, _LandFacts]:
    facts = _LAND_FACTS.get(state.catalogue)
    if facts is None:
        rules = ops.rules_of(state)
        rows = [r for r, _n in rules.board.row_rubble]
        columns = [c for c, _n in rules.board.column_rubble]
        facts = {}
        for land in rules.lands:
            steps = m.elementary(land.reward)
            gains = [d for d in steps if d.kind == "gain"]
            facts[land.id] = _LandFacts(
                rows.index(land.row),
                columns.index(land.column),
                sum(d.arg("amount") for d in gains if d.arg("what") == "reis"),
                sum(d.arg("amount") for d in gains if d.arg("what") == "influence"),
                sum(d.kind == "take_clergy" for d in steps),
                all(d.kind == "gain" and d.arg("amount") >= 0 for d in steps),
                all(
                    (d.kind == "gain" and d.arg("amount") >= 0) or d.kind == "take_pile_rubble"
                    for d in steps
                ),
                _moves_treasury([land.reward]),
            )
        _LAND_FACTS[state.catalogue] = facts
    return facts


def _rubble_costs(state: State, seat: int) -> dict[str, int]:
    """R10.1.3: what each rubble colour adds to a land price for this seat (at least 0)."""
    key = ops.holdings(state, seat)
    costs = _RUBBLE_COSTS.get(key)
    if costs is None:
        costs = {}
        for colour, _n, cost in ops.rules_of(state).board.rubble:
            mod = ops.modifier(state, seat, "land-rubble", colour=colour)
            costs[colour] = 0 if mod is None else max(0, cost + mod)
        if len(_RUBBLE_COSTS) > 10_000:
            _RUBBLE_COSTS.clear()
        _RUBBLE_COSTS[key] = costs
    return costs


_RUBBLE_COSTS: dict[tuple[object, ...], dict[str, int]] = {}  # by ops.holdings


class _LandBound:
    """A sound bound for one seat in one state: could the seat pay a land (its cheapest
    price) even with the best luck on the way (the land's own reward with the seat's
    influence bonus, what the store's triggers could bring, any clergy tile taken through
    the reward)? False means no path can pay, so the lookahead need not search it."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.p = state.players[seat]
        self.top = ops.rules_of(state).board.influence_max
        self.discount = -(ops.modifier(state, seat, "payment") or 0)
        self.bonus = _influence_bonus(state, seat)
        self.triggers = _store_trigger_bound(state, seat, with_influence=True)
        self.luck = _tile_luck(state)
        self.unbounded = _moves_treasury(
            [t.effect for e in _STORE_EVENTS[1:] for t in ops.triggers(state, seat, e, None)]
        )

    def affordable(self, facts: _LandFacts, price: int) -> bool:
        """Whether the land could be paid for at all (see the class)."""
        if self.unbounded or facts.treasury:
            return True  # the price itself may change on the way
        if facts.lucky:
            # Each clergy tile taken on the way may pay, discount or move the marker up.
            luck, tiles = self.luck, facts.lucky
            gained = _influence_gained(tiles * luck.influence, self.bonus)
            influence = min(self.top, self.p.influence + gained)
            funds = self.p.reis + facts.reward_reis + self.triggers + tiles * luck.reis
            discount = self.discount + tiles * luck.payment
            return price - discount <= funds + ops.reis_value(self.state, influence)
        gained = _influence_gained(facts.reward_influence, self.bonus)
        influence = min(self.top, self.p.influence + gained)
        funds = self.p.reis + facts.reward_reis + self.triggers
        return price - self.discount <= funds + ops.reis_value(self.state, influence)


_BIG = 1_000  # more than any price: a payment made free


def _store_trigger_bound(state: State, seat: int, with_influence: bool) -> int:
    """The most reis the seat's store triggers (a cube taken, a store built) could bring,
    influence steps counted or not (see :func:`_gain_bound`)."""
    key = (*ops.holdings(state, seat), with_influence)
    found = _STORE_TRIGGER_BOUND.get(key)
    if found is None:
        effects = [t.effect for e in _STORE_EVENTS[1:] for t in ops.triggers(state, seat, e, None)]
        bonus = _influence_bonus(state, seat) if with_influence else None
        if len(_STORE_TRIGGER_BOUND) > 10_000:
            _STORE_TRIGGER_BOUND.clear()
        found = _STORE_TRIGGER_BOUND[key] = _gain_bound(effects, bonus)
    return found


_STORE_TRIGGER_BOUND: dict[tuple[object, ...], int] = {}


def _gain_bound(effects: Sequence[m.Effect], bonus: int | None) -> int:
    """The most reis these effects could bring, each influence step counted as a real
    (``bonus`` None: influence not counted, the marker being already assumed on top)."""
    total = 0
    for effect in effects:
        for d in m.elementary(effect):
            amount = d.arg("amount")
            if d.kind in ("gain", "gain_per") and isinstance(amount, int) and amount > 0:
                if d.arg("what") == "reis":
                    total += amount
                elif d.arg("what") == "influence" and bonus is not None:
                    total += _influence_gained(amount, bonus)
    return total


_STORE_EVENTS = ("taken", "take-rubble", "build-store")


class _TileLuck(NamedTuple):
    """The most any one clergy tile now in the church, once taken on the way, could help
    an action under way (R17.2): read off the card files, so a changed tile keeps the
    lookahead's pruning sound."""

    payment: int  # reis off a payment (R0.11)
    reis: int  # reis from its on-taken effect and its store triggers
    influence: int  # influence steps from its on-taken effect (its own bonus included)
    officials: int  # officials fewer needed for an opening
    hire: int  # reis off each official hired


_TILE_LUCK: dict[tuple[str, tuple[str | None, ...]], _TileLuck] = {}
_NO_BOUND = _TileLuck(_BIG, _BIG, _BIG, _BIG, _BIG)
# Effects the bounds do not follow: more tiles, actions, officials placed, or the treasury
# moved (which changes land prices and hiring costs, R0.2).
_UNBOUNDED_KINDS = frozenset(
    {"take_clergy", "move_cardinal", "perform", "place_officials", "move_treasury", "subsidy"}
)
_TREASURY_KINDS = ("move_treasury", "subsidy")


def _moves_treasury(effects: Sequence[m.Effect | None]) -> bool:
    """Whether any of these effects could move the treasury marker."""
    return any(d.kind in _TREASURY_KINDS for e in effects for d in m.elementary(e))


def _cut(tile: m.ClergyTile, hook: str) -> int:
    amounts = [mod.amount for mod in tile.behaviour.modifiers if mod.hook == hook]
    return _BIG if None in amounts else -sum(a for a in amounts if a is not None and a < 0)


def _tile_luck(state: State) -> _TileLuck:
    # Tiles are taken from the church (R8.5.3), which is refilled only at the upkeep.
    key = (state.catalogue, state.church)
    luck = _TILE_LUCK.get(key)
    if luck is None:
        rules = ops.rules_of(state)
        tiles = [rules.typed(t, m.ClergyTile) for t in state.church if t is not None]
        if any(
            d.kind in _UNBOUNDED_KINDS
            for t in tiles
            for trigger in t.behaviour.triggers
            for d in m.elementary(trigger.effect)
        ):
            return _NO_BOUND  # more tiles, officials or a treasury move: no bound kept
        if len(_TILE_LUCK) > 10_000:
            _TILE_LUCK.clear()
        luck = _TILE_LUCK[key] = _TileLuck(
            max((_cut(t, "payment") for t in tiles), default=0),
            max(
                (
                    _gain_bound(
                        [tr.effect for tr in t.behaviour.triggers if tr.event in _STORE_EVENTS],
                        None,
                    )
                    for t in tiles
                ),
                default=0,
            ),
            max((_taken_influence(t) for t in tiles), default=0),
            max((_cut(t, "officials-needed") for t in tiles), default=0),
            max((_cut(t, "hire-cost") for t in tiles), default=0),
        )
    return luck


def _taken_influence(tile: m.ClergyTile) -> int:
    """The influence steps a tile's on-taken effect gives, with the tile's own bonus."""
    bonus = sum(
        mod.amount or 0
        for mod in tile.behaviour.modifiers
        if mod.hook == "influence-gain" and (mod.amount or 0) > 0
    )
    total = 0
    for trigger in tile.behaviour.triggers:
        if trigger.event == "taken":
            for d in m.elementary(trigger.effect):
                amount = d.arg("amount")
                if d.kind == "gain" and d.arg("what") == "influence" and amount > 0:
                    total += amount + bonus
    return total


_MOST_TILES: dict[str, int] = {}


def _most_tiles(state: State) -> int:
    """The most clergy tiles one action could take: one by meeting the cardinal (R8.5),
    then those of a land's or a site's reward."""
    found = _MOST_TILES.get(state.catalogue)
    if found is None:
        rules = ops.rules_of(state)
        rewards = [land.reward for land in rules.lands] + [site.reward for site in rules.sites]
        found = _MOST_TILES[state.catalogue] = 1 + max(
            (sum(d.kind == "take_clergy" for d in m.elementary(r)) for r in rewards), default=0
        )
    return found


_SITE_REWARDS: dict[str, tuple[bool, int]] = {}


def _site_rewards(state: State) -> tuple[bool, int]:
    """Whether some site's reward may move the treasury, and the most officials one
    places (both change what staffing an opening costs)."""
    found = _SITE_REWARDS.get(state.catalogue)
    if found is None:
        rewards = [site.reward for site in ops.rules_of(state).sites]
        found = _SITE_REWARDS[state.catalogue] = (
            _moves_treasury(rewards),
            max(
                (
                    sum(d.arg("count") or 0 for d in m.elementary(r) if d.kind == "place_officials")
                    for r in rewards
                ),
                default=0,
            ),
        )
    return found


def _site_rewards_move_treasury(state: State) -> bool:
    return _site_rewards(state)[0]


def _most_site_officials(state: State) -> int:
    return _site_rewards(state)[1]


_LARGEST_SITE_REIS: dict[str, int] = {}


def _largest_site_reis(state: State) -> int:
    """The most reis a site's reward gives (a bound for the opening search)."""
    found = _LARGEST_SITE_REIS.get(state.catalogue)
    if found is None:
        found = _LARGEST_SITE_REIS[state.catalogue] = max(
            (_gain_bound([s.reward], None) for s in ops.rules_of(state).sites if s.reward),
            default=0,
        )
    return found


_Totals = tuple[tuple[int, ...], tuple[int, ...]]
# Rubble lines change only when a cube is taken, and successive states share the tuple:
# totals are kept by the tuple's identity (the entry holds the tuple, so the id stays its).
_LINE_TOTALS: dict[tuple[int, tuple[int, ...]], tuple[object, _Totals]] = {}


def _line_totals(lines: tuple[tuple[str, ...], ...], costs: dict[str, int]) -> _Totals:
    """The cost sum and the dearest cube of each rubble row (or column)."""
    key = (id(lines), tuple(costs.values()))
    found = _LINE_TOTALS.get(key)
    if found is not None and found[0] is lines:
        return found[1]
    priced = [[costs[c] for c in cubes] for cubes in lines]
    totals = (tuple(sum(r) for r in priced), tuple(max(r, default=0) for r in priced))
    if len(_LINE_TOTALS) > 10_000:
        _LINE_TOTALS.clear()
    _LINE_TOTALS[key] = (lines, totals)
    return totals


class _Prices:
    """Cheapest land prices for one seat in one state: the treasury value plus every cube
    of the land's row and column but the dearest, which the seat takes (R10.1.2-R10.1.3).
    Row and column totals are summed once, as the store search prices many lands."""

    def __init__(self, state: State, costs: dict[str, int]) -> None:
        self.treasury = ops.treasury_value(state)
        self.row_sum, self.row_max = _line_totals(state.row_rubble, costs)
        self.column_sum, self.column_max = _line_totals(state.column_rubble, costs)

    def cheapest(self, facts: _LandFacts) -> int:
        """The land's price with its dearest cube taken."""
        r, c = facts.row, facts.column
        dearest = max(self.row_max[r], self.column_max[c])
        return self.treasury + self.row_sum[r] + self.column_sum[c] - dearest


_LAST_PRICES: list[tuple[State, int, _Prices]] = []


def _prices(state: State, seat: int) -> _Prices:
    """The seat's land prices in this state; a store decision prices the same state for
    its moves, its judge and its verdict, so the last answer is kept."""
    if _LAST_PRICES and _LAST_PRICES[0][0] is state and _LAST_PRICES[0][1] == seat:
        return _LAST_PRICES[0][2]
    prices = _Prices(state, _rubble_costs(state, seat))
    _LAST_PRICES[:] = [(state, seat, prices)]
    return prices


_Candidates = tuple[tuple[str, tuple[tuple[str, Move], ...]], ...]
_CANDIDATES: dict[tuple[str, int], _Candidates] = {}


def _store_candidates(state: State) -> _Candidates:
    """Per city display space (index order): its notation and the land spaces a store of
    that tile may stand on (size and street match; row E is covered with 2 players), each
    with its move."""
    key = (state.catalogue, state.player_count)
    found = _CANDIDATES.get(key)
    if found is None:
        rules = ops.rules_of(state)
        found = tuple(
            (
                (space := _space_name(colour, size)),
                tuple(
                    (land.id, Move("store", (space, land.id)))
                    for land in rules.lands
                    if land.size == size
                    and colour in land.streets
                    and not (state.player_count == 2 and land.row == "E")  # R2.3.2
                ),
            )
            for colour, size in rules.board.city_spaces
        )
        _CANDIDATES[key] = found
    return found


def _store_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    rules = ops.rules_of(state)
    p = state.players[frame.seat]
    houses = rules.player_board.houses
    if all(taken >= total for taken, (_g, total) in zip(p.houses, houses, strict=True)):
        return ()  # R10.1.6: no house left
    taken_lands = {land for land, _s, _st in state.stores}
    funds = _funds_bound(state, frame.seat)
    facts = _land_facts(state)
    prices = _prices(state, frame.seat)
    bound = _LandBound(state, frame.seat)
    # Whether each land could be paid for at all (R10.1.1): a land is a candidate of several
    # display spaces, so it is priced once; the others spare the lookahead the search.
    payable: dict[str, bool] = {}
    moves = []
    for (_space, lands), tile in zip(_store_candidates(state), state.city_display, strict=True):
        if tile is None:
            continue
        for land_id, move in lands:
            ok = payable.get(land_id)
            if ok is None:
                land_facts = facts[land_id]
                price = prices.cheapest(land_facts)
                ok = payable[land_id] = land_id not in taken_lands and bound.affordable(
                    land_facts, price
                ) and (price <= funds or bound.unbounded or land_facts.treasury)
            if ok:
                moves.append(move)
    return tuple(moves)


# What may follow a store's own steps without anything more to pay or decide: the rest of
# a visit (follows are checkpoints), of a sponsored event (its fee is paid first) or of
# the turn.
_STORE_TAIL = frozenset(
    {"store-score", "store-house", "store-pay", "store-rubble", "follow-round",
     "court-discard", "court-card", "end-turn"}
)


def _trigger_gains(state: State, seat: int) -> int | None:
    """The most reis a store's triggers (taking its one cube, building it) could bring,
    counting an influence gained as a real (so much per cube counts once); ``None`` if one
    of them could cost anything."""
    key = ops.holdings(state, seat)
    if key not in _TRIGGER_GAINS:
        if len(_TRIGGER_GAINS) > 10_000:
            _TRIGGER_GAINS.clear()
        _TRIGGER_GAINS[key] = _count_trigger_gains(state, seat)
    return _TRIGGER_GAINS[key]


_TRIGGER_GAINS: dict[tuple[object, ...], int | None] = {}  # by ops.holdings


def _count_trigger_gains(state: State, seat: int) -> int | None:
    triggers = [t.effect for e in _STORE_EVENTS[1:] for t in ops.triggers(state, seat, e, None)]
    if not all(harmless(effect) for effect in triggers):
        return None
    return _store_trigger_bound(state, seat, with_influence=True)


def _influence_bonus(state: State, seat: int) -> int:
    """What the seat's passives add to every influence gain (R17.2, at least 0 here)."""
    return max(0, ops.modifier(state, seat, "influence-gain") or 0)


def _influence_gained(amount: int, bonus: int) -> int:
    """The most steps one influence gain of ``amount`` can move the marker (R5.1-R5.2);
    each step raises at most one real when paying (R5.6)."""
    return amount + bonus if amount > 0 else 0


def _land_gains(land: _LandFacts, bonus: int) -> int:
    """The most reis a land's reward (a plain one) can bring, counted as above."""
    return land.reward_reis + _influence_gained(land.reward_influence, bonus)


def _price_verdict(
    state: State, seat: int, prices: list[tuple[int, int]], unknown: bool = False
) -> bool | None:
    """Given (price, most the way there could add) of each way to pay for a store: True if
    one is within the seat's cash and influence now, False if none could be even with every
    gain, None if the search must tell (``unknown``: other ways could not be priced)
    (R10.1.3, R5.6, R0.11)."""
    discount = ops.modifier(state, seat, "payment") or 0
    p = state.players[seat]
    funds = p.reis + ops.reis_value(state, p.influence)
    if any(max(0, price + discount) <= funds for price, _gain in prices):
        return True
    if unknown:
        return None
    if all(max(0, price + discount) > funds + gain for price, gain in prices):
        return False
    return None


def _store_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """Whether a store can be built and paid, when nothing but the rest of the visit
    follows (see :func:`_store_price_verdict`)."""
    if not moves:
        return False
    if not tail_within(state, _STORE_TAIL):
        return None
    return _store_price_verdict(state, frame.seat, moves)


def _store_price_verdict(state: State, seat: int, moves: tuple[Move, ...]) -> bool | None:
    """Whether one of the stores ``moves`` offers can be paid, when their lands' rewards
    only gain and no trigger a store sets off can cost anything."""
    triggers = _trigger_gains(state, seat)
    if triggers is None:
        return None
    facts = _land_facts(state)
    pricing = _prices(state, seat)
    bonus = _influence_bonus(state, seat)
    prices = []
    unknown = False  # a land whose reward takes a clergy tile, moves the cardinal...
    for move in moves:
        land = facts[str(move.args[1])]
        if land.plain:
            prices.append((pricing.cheapest(land), triggers + _land_gains(land, bonus)))
        else:
            unknown = True
    return _price_verdict(state, seat, prices, unknown)


def _store_now(state: State, seat: int, funds: int) -> bool:
    """Whether some store can certainly be built and paid with the seat's cash and
    influence now: a ``steady`` land, priced with its dearest cube taken,
    while the store's triggers can only gain (R10.1, R5.6). False means "not known"."""
    houses = ops.rules_of(state).player_board.houses
    p = state.players[seat]
    if all(taken >= total for taken, (_g, total) in zip(p.houses, houses, strict=True)):
        return False
    if _trigger_gains(state, seat) is None:
        return False
    taken_lands = {land for land, _s, _st in state.stores}
    facts = _land_facts(state)
    pricing = _prices(state, seat)
    # max(0, price + payment modifier) <= funds, funds being at least 0
    limit = funds - (ops.modifier(state, seat, "payment") or 0)
    treasury, row_sum, row_max = pricing.treasury, pricing.row_sum, pricing.row_max
    column_sum, column_max = pricing.column_sum, pricing.column_max
    for (_space, lands), tile in zip(_store_candidates(state), state.city_display, strict=True):
        if tile is None:
            continue
        for land_id, _move in lands:
            land = facts[land_id]
            if not land.steady:
                continue
            r, c = land.row, land.column  # _Prices.cheapest, inlined: the hot loop
            price = treasury + row_sum[r] + column_sum[c] - max(row_max[r], column_max[c])
            if price <= limit and land_id not in taken_lands:
                return True
    return False


def _store_judge(state: State, frame: Frame, moves: tuple[Move, ...]) -> list[bool | None]:
    """Each store on its own, under the conditions of :func:`_store_verdict`: a land whose
    reward cannot lower the seat's funds nor raise the price (``steady``) is legal if its
    cheapest price is within the seat's cash and influence now; one whose reward only gains
    is illegal if the price is beyond them even with every gain on the way."""
    seat = frame.seat
    triggers = _trigger_gains(state, seat)
    if triggers is None or not tail_within(state, _STORE_TAIL):
        return [None] * len(moves)
    facts = _land_facts(state)
    pricing = _prices(state, seat)
    mod = ops.modifier(state, seat, "payment") or 0
    p = state.players[seat]
    funds = p.reis + ops.reis_value(state, p.influence)
    bonus = _influence_bonus(state, seat)
    judged: list[bool | None] = []
    for move in moves:
        land = facts[str(move.args[1])]
        answer = None
        price = max(0, pricing.cheapest(land) + mod)
        if land.steady and price <= funds:
            answer = True
        elif land.plain and price > funds + triggers + _land_gains(land, bonus):
            answer = False
        judged.append(answer)
    return judged


def _building_judge(state: State, frame: Frame, moves: tuple[Move, ...]) -> list[bool | None]:
    """An opening that can certainly be staffed now (see :class:`_OpeningNow`) is legal."""
    if not tail_within(state, _BUILDING_TAIL):
        return [None] * len(moves)
    now = _OpeningNow(state, frame.seat)
    return [True if now.certain(mv) else None for mv in moves]


def _store_rubble_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """With the land's reward resolved: whether some cube choice leaves a price the seat
    can pay (under the conditions of :func:`_store_verdict`)."""
    seat = frame.seat
    triggers = _trigger_gains(state, seat)
    if triggers is None or not tail_within(state, _STORE_TAIL):
        return None
    price = _prices(state, seat).cheapest(_land_facts(state)[frame.data[0]])
    return _price_verdict(state, seat, [(price, triggers)])


def _store(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    rules = ops.rules_of(state)
    seat = frame.seat
    space, land_id = str(move.args[0]), str(move.args[1])
    index = next(
        i for i, (c, s) in enumerate(rules.board.city_spaces) if _space_name(c, s) == space
    )
    colour = rules.board.city_spaces[index][0]
    display = list(state.city_display)
    display[index] = None  # R10.1.2.1: the tile leaves the display until the refill
    state = replace(state, city_display=tuple(display))
    land = rules.typed(land_id, m.LandSpace)
    # The land is taken at once (so no follower can pick it); the house comes at step 6.
    state = replace(state, stores=(*state.stores, (land_id, seat, colour)))
    state = push(
        state,
        Frame("store-score", seat, (land_id, colour)),
        Frame("store-house", seat, (land_id, colour)),
        Frame("store-pay", seat, (land_id,)),
        Frame("store-rubble", seat, (land_id,)),
    )
    if land.reward is not None:
        state = run_effect(state, seat, land.reward)  # R10.1.2.3
    return state


def _house_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    houses = ops.rules_of(state).player_board.houses
    p = state.players[frame.seat]
    return tuple(
        Move("house", (g,))
        for g, taken, (_name, total) in zip(_GROUPS, p.houses, houses, strict=True)
        if taken < total
    )


def _house(state: State, frame: Frame, move: Move | None) -> State:
    """R13.1: the bottom-most house of the chosen group goes onto the store."""
    assert move is not None
    seat = frame.seat  # frame.data: (land id, colour) of the store under way
    g = _GROUPS.index(str(move.args[0]))
    p = state.players[seat]
    houses = tuple(n + 1 if i == g else n for i, n in enumerate(p.houses))
    return ops.update(state, seat, houses=houses)


def _rubble_spaces(state: State, land: m.LandSpace) -> tuple[int, int]:
    facts = _land_facts(state)[land.id]
    return facts.row, facts.column


def _store_rubble_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    land = ops.rules_of(state).typed(frame.data[0], m.LandSpace)
    row, column = _rubble_spaces(state, land)
    # RUBBLE lists colours from the most to the least expensive, so the first move leaves
    # the cheapest land price: lookahead finds an affordable path at once.
    moves = []
    for colour in RUBBLE:
        if colour in state.row_rubble[row]:
            moves.append(Move("rubble", ("row", colour)))
        if colour in state.column_rubble[column]:
            moves.append(Move("rubble", ("column", colour)))
    return tuple(moves) or (Move("rubble", ("none",)),)


def _store_rubble(state: State, frame: Frame, move: Move | None) -> State:
    """R10.1.2.4: one cube from the row or the column (mandatory if any)."""
    assert move is not None
    if move.args[0] == "none":
        return state
    land = ops.rules_of(state).typed(frame.data[0], m.LandSpace)
    row, column = _rubble_spaces(state, land)
    where, colour = str(move.args[0]), str(move.args[1])
    spaces = list(state.row_rubble if where == "row" else state.column_rubble)
    i = row if where == "row" else column
    cubes = list(spaces[i])
    cubes.remove(colour)
    spaces[i] = tuple(cubes)
    field = "row_rubble" if where == "row" else "column_rubble"
    state = replace(state, **{field: tuple(spaces)})
    return take_rubble(state, frame.seat, (colour,))


def land_price(state: State, seat: int, land_id: str) -> int:
    """R10.1.3: treasury value + the cubes left in the land's row and column, with the
    rubble modifiers (each cube at least 0)."""
    facts = _land_facts(state)[land_id]
    costs = _rubble_costs(state, seat)
    cubes = (*state.row_rubble[facts.row], *state.column_rubble[facts.column])
    return ops.treasury_value(state) + sum(costs[c] for c in cubes)


def _store_pay(state: State, frame: Frame, move: Move | None) -> State:
    return payment.pay(state, frame.seat, land_price(state, frame.seat, frame.data[0]))


def column_value(state: State, column: int) -> int:
    """The wigs of the scoring tile that scores a land column (R10.1.4)."""
    rules = ops.rules_of(state)
    space = dict(rules.board.scoring_spaces)[column]
    return rules.typed(state.scoring_tiles[space - 1], m.ScoringTile).wigs


def _relevant_buildings(state: State, land: m.LandSpace, street: str) -> int:
    rules = ops.rules_of(state)
    count = 0
    for site_id, building_id, architect in state.opened:
        site = rules.typed(site_id, m.Site)
        colours = rules.typed(building_id, m.PublicBuilding).colors(architect)
        north = site.side == "north" and site.street == street
        row = site.side != "north" and site.row == land.row and street in colours
        count += north or row
    return count


def _store_score(state: State, frame: Frame, move: Move | None) -> State:
    """R10.1.4: column value x relevant open buildings; then the store triggers."""
    land_id, colour = frame.data
    land = ops.rules_of(state).typed(land_id, m.LandSpace)
    wigs = column_value(state, land.column) * _relevant_buildings(state, land, colour)
    state = ops.add_wigs(state, frame.seat, wigs)
    return emit(state, frame.seat, "build-store")


def _sites_free(state: State) -> list[m.Site]:
    rules = ops.rules_of(state)
    used = {s for s, _b, _a in state.opened}
    return [
        s
        for s in rules.sites
        if s.id not in used and not (state.player_count == 2 and s.row == "E")
    ]


def _building_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    rules = ops.rules_of(state)
    plans = state.players[frame.seat].plans
    if not plans:
        return ()
    sites = _sites_free(state)
    funds = _funds_bound(state, frame.seat)
    moves = []
    for plan_id in plans:
        plan = rules.typed(plan_id, m.Plan)
        stack = state.building_stacks[("blue", "green").index(plan.architect)]
        if not stack:
            continue
        colours = rules.typed(stack[0], m.PublicBuilding).colors(plan.architect)
        if _hire_hopeless(state, frame.seat, plan, funds):
            continue
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
    site = rules.typed(site_id, m.Site)
    plan = rules.typed(plan_id, m.Plan)
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


def _building_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """No plan can be built (no move): the action fails. Otherwise True if one opening can
    certainly be staffed now (see :class:`_OpeningNow`)."""
    if not moves:
        return False
    if tail_within(state, _BUILDING_TAIL) and _any_opening_now(state, frame.seat, moves):
        return True
    return None


def _building_now(state: State, seat: int, funds: int) -> bool:
    """Whether a public building can certainly be opened now (False: not known): some
    opening among the building moves that :class:`_OpeningNow` finds certain, looked for
    plan by plan without listing the moves (a plan staffed now is never hopeless)."""
    plans = state.players[seat].plans
    if not plans:
        return False
    now = _OpeningNow(state, seat, funds)
    if not now.triggers_gain:
        return False
    rules = now.rules
    sites: list[m.Site] | None = None
    for plan_id in plans:
        plan = rules.typed(plan_id, m.Plan)
        stack = state.building_stacks[("blue", "green").index(plan.architect)]
        if not stack or not now.staffed(plan_id):
            continue
        colours = rules.typed(stack[0], m.PublicBuilding).colors(plan.architect)
        sites = _sites_free(state) if sites is None else sites
        for site in sites:
            if site.side == "north" and site.street not in colours:
                continue  # R10.3.2.1
            if now.site_gains(site.id):
                return True
    return False


def _any_opening_now(state: State, seat: int, moves: tuple[Move, ...]) -> bool:
    now = _OpeningNow(state, seat)
    return any(now.certain(mv) for mv in moves)


class _OpeningNow:
    """Whether an opening can certainly be finished with what the seat holds now: the
    site's reward and cubes, and the opening's triggers, can only gain, and the seat's
    officials out (returned first) plus officials hired at today's price cover the plan
    (R10.3.2.4). Sites and plans are judged once each, as the moves pair them up."""

    def __init__(self, state: State, seat: int, funds: int | None = None) -> None:
        self.state, self.seat = state, seat
        p = state.players[seat]
        self.funds = p.reis + ops.reis_value(state, p.influence) if funds is None else funds
        self.rules = ops.rules_of(state)
        self.sites: dict[str, bool] = {}
        self.plans: dict[str, bool] = {}
        self.triggers_gain = all(
            harmless(t.effect) for t in ops.triggers(state, seat, "open-building", None)
        )

    def certain(self, move: Move) -> bool:
        """False means "not known"."""
        return self.site_gains(str(move.args[0])) and self.staffed(str(move.args[1]))

    def site_gains(self, site_id: str) -> bool:
        """The site's reward and cubes can only gain, as can the opening's triggers."""
        found = self.sites.get(site_id)
        if found is None:
            found = self.sites[site_id] = self._site_gains(site_id)
        return found

    def staffed(self, plan_id: str) -> bool:
        """The plan's officials are out or can be hired with the seat's funds now."""
        found = self.plans.get(plan_id)
        if found is None:
            found = self.plans[plan_id] = self._staffed(plan_id)
        return found

    def _site_gains(self, site_id: str) -> bool:
        state, seat = self.state, self.seat
        site = self.rules.typed(site_id, m.Site)
        if not (self.triggers_gain and harmless(site.reward)):
            return False
        if not state.site_rubble[_site_index(state, site_id)]:
            return True
        return all(harmless(t.effect) for t in ops.triggers(state, seat, "take-rubble", None))

    def _staffed(self, plan_id: str) -> bool:
        state, seat = self.state, self.seat
        plan = self.rules.typed(plan_id, m.Plan)
        needed = max(0, plan.officials + (ops.modifier(state, seat, "officials-needed") or 0))
        out = _officials_out_count(state, seat)
        if needed <= out:
            return True
        each = _hire_price(state, seat)
        due = max(0, each * (needed - out) + (ops.modifier(state, seat, "payment") or 0))
        return due <= self.funds


_SITE_INDEX: dict[str, dict[str, int]] = {}


def _site_index(state: State, site_id: str) -> int:
    """The site's position in the catalogue (and in ``state.site_rubble``)."""
    index = _SITE_INDEX.get(state.catalogue)
    if index is None:
        sites = ops.rules_of(state).sites
        index = _SITE_INDEX[state.catalogue] = {s.id: i for i, s in enumerate(sites)}
    return index[site_id]


def _officials_out_count(state: State, seat: int) -> int:
    """The seat's officials in offices and plazas, which an opening returns first."""
    return sum(o.count(seat) for o in state.offices) + sum(z.count(seat) for z in state.plazas)


def _hire_price(state: State, seat: int) -> int:
    """What hiring one official for an opening costs the seat now (R10.3.2.4)."""
    return max(0, ops.treasury_value(state) + (ops.modifier(state, seat, "hire-cost") or 0))


_PLACES = (*NOBLES, *(f"plaza-{n}" for n in NOBLES))


def _hire_hopeless(state: State, seat: int, plan: m.Plan, funds: int) -> bool:
    """True if even the cheapest way to staff the plan costs more than the seat could raise
    (``funds``: see :func:`_funds_bound`; with the best clergy tiles taken on the way and
    the richest site reward)."""
    rubble = [t.effect for t in ops.triggers(state, seat, "take-rubble", None)]
    if _site_rewards_move_treasury(state) or _moves_treasury(rubble):
        return False
    luck, tiles = _tile_luck(state), _most_tiles(state)
    needed = (
        plan.officials + (ops.modifier(state, seat, "officials-needed") or 0)
        - tiles * luck.officials - _most_site_officials(state)
    )
    out = _officials_out_count(state, seat)
    hires = max(0, needed - out)
    treasury = ops.treasury_value(state)
    each = max(0, treasury + (ops.modifier(state, seat, "hire-cost") or 0) - tiles * luck.hire)
    return hires * each > funds + _largest_site_reis(state)


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


def _first_only(state: State, frame: Frame, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """Lookahead shortcut: whichever own officials are returned, the same number is returned
    and the same number hired at the same price, so one choice finishes the opening exactly
    when any does."""
    return moves[:1]


# What may follow the officials of an opening: its completion, then the rest of a visit
# (follows are checkpoints), of a sponsored event or of the turn.
_BUILDING_TAIL = frozenset(
    {"building-done", "follow-round", "court-discard", "court-card", "end-turn"}
)


def _officials_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """Exact: own officials are returned in place order from the frame's place on, and
    only when none is left anywhere are the others hired, at one price paid now
    (R10.3.2.4); nothing changes the seat's funds before that."""
    seat = frame.seat
    if not tail_within(state, _BUILDING_TAIL):
        return None
    triggers = ops.triggers(state, seat, "open-building", None)
    if not all(harmless(t.effect) for t in triggers):
        return None
    needed: int = frame.data[0]
    start: int = frame.data[1]
    counts = [
        (state.plazas if place.startswith("plaza-") else state.offices)[i % len(NOBLES)].count(seat)
        for i, place in enumerate(_PLACES)
    ]
    reachable = sum(counts[start:])
    if needed <= reachable:
        return True  # all returned, nothing to hire
    if sum(counts) > reachable:
        return False  # officials left behind the place order: this order leads nowhere
    each = _hire_price(state, seat)
    due = max(0, each * (needed - reachable) + (ops.modifier(state, seat, "payment") or 0))
    p = state.players[seat]
    return bool(due <= p.reis + ops.reis_value(state, p.influence))


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
    site = rules.typed(site_id, m.Site)
    _s, building, architect = next(o for o in state.opened if o[0] == site_id)
    colours = rules.typed(building, m.PublicBuilding).colors(architect)
    for land_id, owner, street in state.stores:
        land = rules.typed(land_id, m.LandSpace)
        if site.side == "north":
            scores = street == site.street
        else:
            scores = land.row == site.row and street in colours
        if scores:
            state = ops.add_wigs(state, owner, column_value(state, land.column))
    return emit(state, seat, "open-building")


register("court-card", _court_card, data=Fixed(("political",)), under=frozenset({"court-discard"}))
register(
    "court-discard", _court_discard, data=Fixed(("political",)), holds=first_datum,
    under=frozenset({"take-card"}),
)
register("sponsor-fee", _sponsor_fee, data=EMPTY)
register("visit-pay", _visit_pay, _visit_pay_moves, data=Fixed(("noble", "bool")))
def _visit_option_judge(
    state: State, frame: Frame, moves: tuple[Move, ...]
) -> list[bool | None]:
    """``skip`` is legal when the Noble action can certainly be done right away (see
    :func:`_visit_option_verdict`); the State actions are played out."""
    skip = None
    if tail_within(state, _VISIT_TAIL):
        action = noble_of(state, frame.data[0]).noble_action
        skip = True if noble_action_now(state, frame.seat, action) else None
    return [skip if move.kind == "skip" else None for move in moves]


register(
    "visit-option", _visit_option, _visit_option_moves, search=_visit_option_search,
    verdict=_visit_option_verdict, judge=_visit_option_judge, data=Fixed(("noble",)),
    under=frozenset({"noble-action"}),
)
register("follow-round", _follow_round, data=Fixed(("noble",)), under=frozenset({"court-discard"}))
def _follow_judge(state: State, frame: Frame, moves: tuple[Move, ...]) -> list[bool | None]:
    """Passing is always legal (the next follow is a checkpoint, R9.6); following with the
    Noble action is judged like a visit (see :func:`visit_judge`)."""
    noble_key = frame.data[0]
    action = noble_of(state, noble_key).noble_action
    return [
        True
        if move.kind == "pass"
        else visit_judge(state, frame.seat, noble_key, follow=True)
        if move.args[0] == action
        else None
        for move in moves
    ]


register(
    "follow", _follow, _follow_moves, checkpoint=True, judge=_follow_judge, data=Fixed(("noble",)),
    under=frozenset({"court-discard", "follow"}),
)
register("noble-action", _noble_action, data=Fixed(("noble_action",)))
def _store_land(state: State, frame: Frame, move: Move) -> object:
    """Stores on one land are finished together or not at all, whichever display tile they
    take: the tile decides only the street the store scores for (R10.1.4); the price, the
    reward, the cube, the house and the payment are the land's (R10.1.2-R10.1.3)."""
    return move.args[1]


def _one_tile_per_land(state: State, frame: Frame, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """Lookahead shortcut: one store per land is enough to search (see ``_store_land``)."""
    seen: set[object] = set()
    kept = []
    for move in moves:
        if move.args[1] not in seen:
            seen.add(move.args[1])
            kept.append(move)
    return tuple(kept)


register(
    "store", _store, _store_moves, verdict=_store_verdict, judge=_store_judge,
    search=_one_tile_per_land, alike=_store_land, data=EMPTY,
)
register(
    "store-house", _house, _house_moves, data=Fixed(("land", "street")),
    under=frozenset({"store-score"}),
)
register(
    "store-rubble", _store_rubble, _store_rubble_moves, verdict=_store_rubble_verdict,
    data=Fixed(("land",)), under=frozenset({"store-pay"}),
)
register("store-pay", _store_pay, data=Fixed(("land",)), under=frozenset({"store-house"}))
register("store-score", _store_score, data=Fixed(("land", "street")))
def _openings_worth_trying(
    state: State, frame: Frame, moves: tuple[Move, ...]
) -> tuple[Move, ...]:
    """Lookahead shortcut: leave out openings that certainly cannot be staffed. On a site
    whose reward only gains reis or influence (none places officials or takes a tile),
    the officials to hire (R10.3.2.4) cost what they cost now, and the seat's funds can
    grow only by the reward and what its cube triggers pay; if even that is short, the
    opening fails when it pays (R0.11)."""
    seat = frame.seat
    rubble = ops.triggers(state, seat, "take-rubble", None)
    if not all(harmless(t.effect) for t in rubble):
        return moves
    rules = ops.rules_of(state)
    p = state.players[seat]
    bonus = _influence_bonus(state, seat)
    per_cube = _gain_bound([t.effect for t in rubble], bonus)  # gain_per counts a cube
    out = _officials_out_count(state, seat)
    fewer = ops.modifier(state, seat, "officials-needed") or 0
    each = _hire_price(state, seat)
    mod = ops.modifier(state, seat, "payment") or 0
    top = rules.board.influence_max
    kept = []
    for move in moves:
        site_id, plan_id = str(move.args[0]), str(move.args[1])
        facts = _site_facts(state, site_id)
        hires = max(0, rules.typed(plan_id, m.Plan).officials + fewer) - out
        if facts is None or hires <= 0:
            kept.append(move)
            continue
        reis, influence = facts
        cubes = len(state.site_rubble[_site_index(state, site_id)])
        steps = _influence_gained(influence, bonus)
        funds = (
            p.reis + reis + cubes * per_cube + ops.reis_value(state, min(top, p.influence + steps))
        )
        if max(0, each * hires + mod) <= funds:
            kept.append(move)
    return tuple(kept)


_SITE_FACTS: dict[tuple[str, str], tuple[int, int] | None] = {}


def _site_facts(state: State, site_id: str) -> tuple[int, int] | None:
    """The reis and influence a site's reward gives, or None if it does anything else
    (places officials, takes a tile...) or gains so much per unit."""
    key = (state.catalogue, site_id)
    if key not in _SITE_FACTS:
        reward = ops.rules_of(state).typed(site_id, m.Site).reward
        steps = m.elementary(reward)
        plain = all(d.kind == "gain" and d.arg("amount") >= 0 for d in steps)
        _SITE_FACTS[key] = (
            (
                sum(d.arg("amount") for d in steps if d.arg("what") == "reis"),
                sum(d.arg("amount") for d in steps if d.arg("what") == "influence"),
            )
            if plain
            else None
        )
    return _SITE_FACTS[key]


register(
    "building", _building, _building_moves, verdict=_building_verdict, judge=_building_judge,
    search=_openings_worth_trying, data=EMPTY,
)
register(
    "building-officials", _officials, _officials_moves, search=_first_only,
    verdict=_officials_verdict, data=Fixed(("nat", "place")), under=frozenset({"building-done"}),
)
register("building-done", _building_done, data=Fixed(("site", "plan")))
register("visit-cost", _visit_cost, data=Fixed(("noble", "bool")))
