"""What the store and building rules and their lookahead hints may assume about prices
and funds (R0.11, R10.1.1, R10.3.2): facts about each land space and site read once per
catalogue, and upper bounds on the reis a seat could raise during an action. The rules
use them to leave out lands and openings that could never be paid; the hints use them to
settle decisions without playing them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

import attrs

from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.state import State

# Model classes bound once (compiled code reads them faster than through ``m``).
_ClergyTile: Final = m.ClergyTile

__all__ = []


def _space_name(colour: str, size: str) -> str:
    return colour if size == "large" else f"{size}-{colour}"


def _officials_out_count(state: State, seat: int) -> int:
    """The seat's officials in offices and plazas, which an opening returns first."""
    return sum(o.count(seat) for o in state.offices) + sum(z.count(seat) for z in state.plazas)


def _funds_bound(state: State, seat: int) -> int:
    """More reis than the seat could possibly raise during the action under way: cash,
    influence converted from the top of the track, the largest land reward in reis, what
    the seat's store triggers and the clergy tiles taken on the way could add or take off
    (see :class:`_TileLuck`). Used only to prune hopeless searches."""
    luck, tiles = _tile_luck(state), _most_tiles(state)
    top = ops.board_of(ops.rules_of(state)).influence_max
    discount = -(ops.modifier(state, seat, "payment") or 0)
    triggers = _store_trigger_bound(state, seat, with_influence=False)
    return (
        state.players[seat].reis + ops.reis_value(state, top + 1) + _largest_land_reis(state)
        + triggers + tiles * (luck.reis + luck.payment) + discount
    )


_LARGEST_LAND_REIS: Final[dict[str, int]] = {}


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


_LAND_FACTS: Final[dict[str, dict[str, _LandFacts]]] = {}


def _land_facts(state: State) -> dict[str, _LandFacts]:
    facts = _LAND_FACTS.get(state.catalogue)
    if facts is None:
        rules = ops.rules_of(state)
        rows = [r for r, _n in ops.board_of(rules).row_rubble]
        columns = [c for c, _n in ops.board_of(rules).column_rubble]
        facts = {}
        for land in rules.lands:
            steps = ops.elementary(land.reward)
            gains = [d for d in steps if d.kind == "gain"]
            facts[land.id] = _LandFacts(
                rows.index(land.row),
                columns.index(land.column),
                sum(ops.arg(d, "amount") for d in gains if ops.arg(d, "what") == "reis"),
                sum(ops.arg(d, "amount") for d in gains if ops.arg(d, "what") == "influence"),
                sum(d.kind == "take_clergy" for d in steps),
                all(d.kind == "gain" and ops.arg(d, "amount") >= 0 for d in steps),
                all(
                    (d.kind == "gain" and ops.arg(d, "amount") >= 0) or d.kind == "take_pile_rubble"
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
        for colour, _n, cost in ops.board_of(ops.rules_of(state)).rubble:
            mod = ops.modifier(state, seat, "land-rubble", colour=colour)
            costs[colour] = 0 if mod is None else max(0, cost + mod)
        if len(_RUBBLE_COSTS) > 10_000:
            _RUBBLE_COSTS.clear()
        _RUBBLE_COSTS[key] = costs
    return costs


_RUBBLE_COSTS: Final[dict[tuple[object, ...], dict[str, int]]] = {}  # by ops.holdings


class _LandBound:
    """A sound bound for one seat in one state: could the seat pay a land (its cheapest
    price) even with the best luck on the way (the land's own reward with the seat's
    influence bonus, what the store's triggers could bring, any clergy tile taken through
    the reward)? False means no path can pay, so the lookahead need not search it."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.p = state.players[seat]
        self.top = ops.board_of(ops.rules_of(state)).influence_max
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


_BIG: Final = 1_000  # more than any price: a payment made free


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


_STORE_TRIGGER_BOUND: Final[dict[tuple[object, ...], int]] = {}


def _gain_bound(effects: Sequence[m.Effect], bonus: int | None) -> int:
    """The most reis these effects could bring, each influence step counted as a real
    (``bonus`` None: influence not counted, the marker being already assumed on top)."""
    total = 0
    for effect in effects:
        for d in ops.elementary(effect):
            amount = ops.arg(d, "amount")
            if d.kind in ("gain", "gain_per") and isinstance(amount, int) and amount > 0:
                if ops.arg(d, "what") == "reis":
                    total += amount
                elif ops.arg(d, "what") == "influence" and bonus is not None:
                    total += _influence_gained(amount, bonus)
    return total


_STORE_EVENTS: Final = ("taken", "take-rubble", "build-store")


class _TileLuck(NamedTuple):
    """The most any one clergy tile now in the church, once taken on the way, could help
    an action under way (R17.2): read off the card files, so a changed tile keeps the
    lookahead's pruning sound."""

    payment: int  # reis off a payment (R0.11)
    reis: int  # reis from its on-taken effect and its store triggers
    influence: int  # influence steps from its on-taken effect (its own bonus included)
    officials: int  # officials fewer needed for an opening
    hire: int  # reis off each official hired


_TILE_LUCK: Final[dict[tuple[str, tuple[str | None, ...]], _TileLuck]] = {}


_NO_BOUND: Final = _TileLuck(_BIG, _BIG, _BIG, _BIG, _BIG)


# Effects the bounds do not follow: more tiles, actions, officials placed, or the treasury
# moved (which changes land prices and hiring costs, R0.2).
_UNBOUNDED_KINDS: Final = frozenset(
    {"take_clergy", "move_cardinal", "perform", "place_officials", "move_treasury", "subsidy"}
)


_TREASURY_KINDS: Final = ("move_treasury", "subsidy")


def _moves_treasury(effects: Sequence[m.Effect | None]) -> bool:
    """Whether any of these effects could move the treasury marker."""
    return any(d.kind in _TREASURY_KINDS for e in effects for d in ops.elementary(e))


def _cut(tile: m.ClergyTile, hook: str) -> int:
    amounts = [mod.amount for mod in tile.behaviour.modifiers if mod.hook == hook]
    return _BIG if None in amounts else -sum(a for a in amounts if a is not None and a < 0)


def _tile_luck(state: State) -> _TileLuck:
    # Tiles are taken from the church (R8.5.3), which is refilled only at the upkeep.
    key = (state.catalogue, state.church)
    luck = _TILE_LUCK.get(key)
    if luck is None:
        rules = ops.rules_of(state)
        tiles = [ops.typed(rules, t, _ClergyTile) for t in state.church if t is not None]
        if any(
            d.kind in _UNBOUNDED_KINDS
            for t in tiles
            for trigger in t.behaviour.triggers
            for d in ops.elementary(trigger.effect)
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
            for d in ops.elementary(trigger.effect):
                amount = ops.arg(d, "amount")
                if d.kind == "gain" and ops.arg(d, "what") == "influence" and amount > 0:
                    total += amount + bonus
    return total


_MOST_TILES: Final[dict[str, int]] = {}


def _most_tiles(state: State) -> int:
    """The most clergy tiles one action could take: one by meeting the cardinal (R8.5),
    then those of a land's or a site's reward."""
    found = _MOST_TILES.get(state.catalogue)
    if found is None:
        rules = ops.rules_of(state)
        rewards = [land.reward for land in rules.lands] + [site.reward for site in rules.sites]
        found = _MOST_TILES[state.catalogue] = 1 + max(
            (sum(d.kind == "take_clergy" for d in ops.elementary(r)) for r in rewards), default=0
        )
    return found


_SITE_REWARDS: Final[dict[str, tuple[bool, int]]] = {}


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
                    sum(ops.arg(d, "count") or 0 for d in ops.elementary(r)
                        if d.kind == "place_officials")
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


_LARGEST_SITE_REIS: Final[dict[str, int]] = {}


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
_LINE_TOTALS: Final[dict[tuple[int, tuple[int, ...]], tuple[object, _Totals]]] = {}


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


_LAST_PRICES: Final[list[tuple[State, int, _Prices]]] = []


def _prices(state: State, seat: int) -> _Prices:
    """The seat's land prices in this state; a store decision prices the same state for
    its moves, its judge and its verdict, so the last answer is kept."""
    if _LAST_PRICES and _LAST_PRICES[0][0] is state and _LAST_PRICES[0][1] == seat:
        return _LAST_PRICES[0][2]
    prices = _Prices(state, _rubble_costs(state, seat))
    _LAST_PRICES[:] = [(state, seat, prices)]
    return prices


_Candidates = tuple[tuple[str, tuple[tuple[str, Move], ...]], ...]


_CANDIDATES: Final[dict[tuple[str, int], _Candidates]] = {}


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
            for colour, size in ops.board_of(rules).city_spaces
        )
        _CANDIDATES[key] = found
    return found


def _influence_bonus(state: State, seat: int) -> int:
    """What the seat's passives add to every influence gain (R17.2, at least 0 here)."""
    return max(0, ops.modifier(state, seat, "influence-gain") or 0)


def _influence_gained(amount: int, bonus: int) -> int:
    """The most steps one influence gain of ``amount`` can move the marker (R5.1-R5.2);
    each step raises at most one real when paying (R5.6)."""
    return amount + bonus if amount > 0 else 0


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
