"""What the store and building rules and their lookahead hints may assume about prices
and funds (R0.11, R10.1.1, R10.3.2): facts about each land space and site read once per
catalogue, and upper bounds on the reis a seat could raise during an action. The hints
use them to prune lands and openings that could never be paid (the rules themselves offer
every one: with the shortcuts off the lookahead decides) and to settle decisions without
playing them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from lisboa_core.core.hint_tables import declare
from lisboa_core.core.memo import CATALOGUES, Memo, tracked
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules.lands import rubble_costs as _rubble_costs
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import State

# Model classes bound once (compiled code reads them faster than through ``m``).
_ClergyTile: Final = m.ClergyTile

__all__ = []


# The terms each bound counts toward what a seat could pay, declared (core.hint_tables) so
# that tests/test_hint_rows.py pins each on a position where that term is what decides:
# with it the move is kept and legal, without it (a real less) pruned and illegal, both
# checked against the bare search. ``land`` is :class:`_LandBound` (a store's land price,
# R10.1.2-R10.1.3); ``opening`` is :func:`_opening_funds` with :func:`_hire_hopeless` (an
# opening's officials, R10.3.2.4).
_BOUND_TERMS: Final[dict[str, frozenset[str]]] = declare(STACK.game, "bounds", {
    "land": frozenset({
        "cash", "influence", "reward-reis", "reward-influence", "payment-discount",
        "rubble-trigger", "clergy-tile",
    }),
    "opening": frozenset({"hire-price", "officials-out", "site-reward"}),
}, "R10.1.3, R10.3.2.4, R0.11, R5.6, R17.2.8")


def _officials_out_count(state: State, seat: int) -> int:
    """The seat's officials in offices and plazas, which an opening returns first."""
    return sum(o.count(seat) for o in state.offices) + sum(z.count(seat) for z in state.plazas)


class _Gains(NamedTuple):
    """The most some effects could bring a seat: reis, influence, and how many influence
    gains make that up (each moves the marker further by the seat's bonus, R17.2)."""

    reis: int
    influence: int
    gains: int


def _gains_of(effects: Sequence[m.Effect | None], own_bonus: int = 0) -> _Gains:
    """Every positive reis and influence gain of the effects, each option of a choice and
    each ``per`` counted (a ``per`` gain counts one unit: a caller multiplies by the cubes
    of a take-rubble); ``own_bonus`` is added to each influence gain."""
    reis = influence = gains = 0
    for effect in effects:
        for d in ops.elementary(effect):
            amount = ops.arg(d, "amount")
            if d.kind in ("gain", "gain_per") and isinstance(amount, int) and amount > 0:
                if ops.arg(d, "what") == "reis":
                    reis += amount
                elif ops.arg(d, "what") == "influence":
                    influence += amount + own_bonus
                    gains += 1
    return _Gains(reis, influence, gains)


# Effect kinds whose whole effect on a seat's funds during a store or an opening the bounds
# see: a gain (counted by _gains_of), a payment (it only lowers them), and steps that move
# no price, no treasury and no official out, and set off no event (A37).
_FUNDS_QUIET: Final = frozenset(
    {
        "gain", "gain_per", "gain_produced", "gain_each_produced", "pay", "pay_if_able",
        "discard_taken_rubble", "spend_set_marker", "take_favor", "take_favors",
        "take_plan", "return_official",
    }
)

# What a land's or a site's reward may do and still be followed by the bounds: the quiet
# kinds, a cube from the pile (one take-rubble, R17.2.8), a clergy tile (see _TileLuck),
# the cardinal (who moves the treasury marker only up, R14.3: every price only dearer),
# officials placed (counted for an opening), the treasury moved (no bound is then kept).
_REWARD_KINDS: Final = _FUNDS_QUIET | frozenset(
    {"take_pile_rubble", "take_clergy", "move_cardinal", "place_officials", "move_treasury",
     "subsidy"}
)


def _only_kinds(effects: Sequence[m.Effect | None], kinds: frozenset[str]) -> bool:
    """Whether every step of the effects is of ``kinds``."""
    return all(d.kind in kinds for e in effects for d in ops.elementary(e))


def _sure_steps(effect: m.Effect | None) -> list[m.Effect | None]:
    """The elementary steps an effect always carries out: itself, or each step of its
    sequence that is one (not a choice, an optional or a conditional part)."""
    steps = effect.steps if isinstance(effect, m.Seq) else (effect,)
    return [step for step in steps if isinstance(step, m.Do)]


def _pile_takes(effect: m.Effect | None) -> int:
    """How many cubes an effect may take from the pile, each a take-rubble of its own."""
    return sum(d.kind == "take_pile_rubble" for d in ops.elementary(effect))


class _LandFacts:
    """What the store search needs of a land space, computed once per catalogue (a plain
    class, never changed once built: compiled, the store search reads its fields as fast
    as a local variable, an attrs class's through a generic attribute lookup each)."""

    __slots__ = (
        "column",
        "cubes",
        "followed",
        "influence_gains",
        "lucky",
        "plain",
        "reward_influence",
        "reward_reis",
        "row",
        "steady",
        "sure_influence",
        "sure_reis",
        "treasury",
    )

    def __init__(
        self,
        row: int,
        column: int,
        reward_reis: int,
        reward_influence: int,
        lucky: int,
        plain: bool,
        steady: bool,
        treasury: bool,
        influence_gains: int = 0,
        cubes: int = 1,
        followed: bool = True,
        sure_reis: int = 0,
        sure_influence: int = 0,
    ) -> None:
        self.row = row  # index into state.row_rubble
        self.column = column  # index into state.column_rubble
        self.reward_reis = reward_reis  # the most reis the reward gives
        self.reward_influence = reward_influence  # the most influence (before the bonus)
        self.lucky = lucky  # how many clergy tiles the reward takes (each may pay or discount)
        self.plain = plain  # the reward only gains things (so the funds can only grow)
        # The reward leaves land prices alone and the seat's funds can only grow: it gains,
        # or takes a cube from the pile (not from a row or column; its triggers are checked).
        self.steady = steady
        self.treasury = treasury  # the reward may move the treasury (and every land price)
        self.influence_gains = influence_gains  # the influence gains in reward_influence
        # The take-rubble events before the payment: the store's own cube (R10.1.2.4) and
        # each cube the reward takes from the pile (R17.2.8).
        self.cubes = cubes
        # Every step of the reward is one the bounds follow (_REWARD_KINDS) and none moves
        # the treasury: a bound on the funds and the price is kept.
        self.followed = followed
        # What the reward surely gives: its own gains, not those of a choice between
        # options (the seat takes one, R10.1.2.3) nor of an optional or conditional part.
        self.sure_reis = sure_reis
        self.sure_influence = sure_influence

    def __repr__(self) -> str:
        return f"<_LandFacts row {self.row} column {self.column}>"


_LAND_FACTS: Final[Memo[str, dict[str, _LandFacts]]] = Memo(
    "lisboa.hints.bounds._LAND_FACTS", CATALOGUES
)


def _land_facts(state: State) -> dict[str, _LandFacts]:
    facts = _LAND_FACTS.get(state.catalogue)
    if facts is None:
        rules = ops.rules_of(state)
        rows = [r for r, _n in ops.board_of(rules).row_rubble]
        columns = [c for c, _n in ops.board_of(rules).column_rubble]
        facts = {}
        for land in rules.lands:
            steps = ops.elementary(land.reward)
            gains = _gains_of([land.reward])
            sure = _gains_of(_sure_steps(land.reward))
            facts[land.id] = _LandFacts(
                rows.index(land.row),
                columns.index(land.column),
                gains.reis,
                gains.influence,
                sum(d.kind == "take_clergy" for d in steps),
                all(d.kind == "gain" and ops.arg(d, "amount") >= 0 for d in steps),
                all(
                    (d.kind == "gain" and ops.arg(d, "amount") >= 0) or d.kind == "take_pile_rubble"
                    for d in steps
                ),
                _moves_treasury([land.reward]),
                gains.gains,
                1 + _pile_takes(land.reward),
                _only_kinds([land.reward], _REWARD_KINDS) and not _moves_treasury([land.reward]),
                sure.reis,
                sure.influence,
            )
        _LAND_FACTS.put(state.catalogue, facts)
    return facts


class _LandBound:
    """A sound bound for one seat in one state: could the seat pay a land (its cheapest
    price) even with the best luck on the way? Before the payment (R10.1.2-R10.1.3) come
    the land's reward, with the seat's influence bonus and any clergy tile it takes, then
    the store's cube; the reward's cubes from the pile and the store's cube are each a
    take-rubble (R17.2.8), and every take-rubble trigger of the seat, or of a tile taken
    before it, pays again for each. False means no path can pay, so the lookahead need not
    search it. (The store's own triggers come after the payment, R10.1.4.)"""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        p = state.players[seat]
        self.reis = p.reis
        self.influence = p.influence
        self.top = ops.board_of(ops.rules_of(state)).influence_max
        self.discount = -(ops.modifier(state, seat, "payment") or 0)
        self.bonus = _influence_bonus(state, seat)
        self.rubble, self.unbounded = _rubble_triggers(state, seat)
        # What each take-rubble brings (R17.2.8): reis, and influence steps with the bonus.
        self.cube_reis = self.rubble.reis
        self.cube_steps = self.rubble.influence + self.rubble.gains * self.bonus
        self.luck = _tile_luck(state)

    def affordable(self, facts: _LandFacts, price: int) -> bool:
        """Whether the land could be paid for at all (see the class)."""
        if self.unbounded or not facts.followed:
            return True  # the price itself may change on the way, or the funds unseen
        cubes = facts.cubes
        tiles = facts.lucky
        if not tiles:
            reis = self.reis + facts.reward_reis + cubes * self.cube_reis
            steps = facts.reward_influence + facts.influence_gains * self.bonus
            marker = min(self.top, self.influence + steps + cubes * self.cube_steps)
            return price - self.discount <= reis + ops.reis_value(self.state, marker)
        # Each clergy tile taken on the way may pay, discount, move the marker up, add to
        # later influence gains or make rubble cheaper, and hears the cubes taken after it.
        luck = self.luck
        if luck.cheaper_rubble:
            return True
        taken, heard, rubble = luck.taken, luck.rubble, self.rubble
        reis = (
            self.reis + facts.reward_reis + cubes * rubble.reis
            + tiles * (taken.reis + cubes * heard.reis)
        )
        influence = (
            facts.reward_influence + cubes * rubble.influence
            + tiles * (taken.influence + cubes * heard.influence)
        )
        # The tiles' bonuses add to the gains that may follow them; a tile's own gains
        # when taken count its own bonus already, and may follow the other tiles'.
        later = facts.influence_gains + cubes * (rubble.gains + tiles * heard.gains)
        bonus = self.bonus + tiles * luck.bonus
        steps = influence + later * bonus + tiles * taken.gains * (bonus - luck.bonus)
        marker = min(self.top, self.influence + steps)
        discount = self.discount + tiles * luck.payment
        return price - discount <= reis + ops.reis_value(self.state, marker)


_BIG: Final = 1_000  # more than any price: a payment made free


def _rubble_triggers(state: State, seat: int) -> tuple[_Gains, bool]:
    """The most the seat's take-rubble triggers bring per cube taken, and whether one of
    them does what the bounds do not follow (another cube, a tile, the treasury moved...:
    then no bound is kept)."""
    key = ops.holdings(state, seat)
    found = _RUBBLE_TRIGGERS.get(key)
    if found is None:
        effects = [t.effect for t in ops.triggers(state, seat, "take-rubble", None)]
        found = _RUBBLE_TRIGGERS.put(key, (
            _gains_of(effects), not _only_kinds(effects, _FUNDS_QUIET)
        ))
    return found


_RUBBLE_TRIGGERS: Final[Memo[tuple[object, ...], tuple[_Gains, bool]]] = Memo(
    "lisboa.hints.bounds._RUBBLE_TRIGGERS", 10_000
)


def _store_trigger_bound(state: State, seat: int, with_influence: bool) -> int:
    """The most reis the seat's store triggers (a cube taken, a store built) could bring,
    influence steps counted or not (see :func:`_gain_bound`)."""
    key = (*ops.holdings(state, seat), with_influence)
    found = _STORE_TRIGGER_BOUND.get(key)
    if found is None:
        effects = [t.effect for e in _STORE_EVENTS[1:] for t in ops.triggers(state, seat, e, None)]
        bonus = _influence_bonus(state, seat) if with_influence else None
        found = _STORE_TRIGGER_BOUND.put(key, _gain_bound(effects, bonus))
    return found


_STORE_TRIGGER_BOUND: Final[Memo[tuple[object, ...], int]] = Memo(
    "lisboa.hints.bounds._STORE_TRIGGER_BOUND", 10_000
)


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
    taken: _Gains  # its on-taken effect (R8.5.3; its own influence bonus included)
    rubble: _Gains  # its take-rubble triggers, for each cube taken after it (R17.2.8)
    bonus: int  # what it adds to every influence gain after it (R17.2)
    officials: int  # officials fewer needed for an opening
    hire: int  # reis off each official hired
    cheaper_rubble: bool  # it lowers what a rubble cube adds to a land price (R10.1.3)


_TILE_LUCK: Final[Memo[tuple[str, tuple[str | None, ...]], _TileLuck]] = Memo(
    "lisboa.hints.bounds._TILE_LUCK", 10_000
)


_BIG_GAINS: Final = _Gains(_BIG, _BIG, 0)
_NO_BOUND: Final = _TileLuck(_BIG, _BIG_GAINS, _BIG_GAINS, 0, _BIG, _BIG, True)


_TREASURY_KINDS: Final = ("move_treasury", "subsidy")


def _moves_treasury(effects: Sequence[m.Effect | None]) -> bool:
    """Whether any of these effects could move the treasury marker."""
    return any(d.kind in _TREASURY_KINDS for e in effects for d in ops.elementary(e))


def _cut(tile: m.ClergyTile, hook: str) -> int:
    amounts = [mod.amount for mod in tile.behaviour.modifiers if mod.hook == hook]
    return _BIG if None in amounts else -sum(a for a in amounts if a is not None and a < 0)


def _own_bonus(tile: m.ClergyTile) -> int:
    """What the tile adds to each influence gain of its holder (R17.2)."""
    return sum(
        mod.amount or 0
        for mod in tile.behaviour.modifiers
        if mod.hook == "influence-gain" and (mod.amount or 0) > 0
    )


def _tile_luck(state: State) -> _TileLuck:
    # Tiles are taken from the church (R8.5.3), which is refilled only at the upkeep.
    key = (state.catalogue, state.church)
    luck = _TILE_LUCK.get(key)
    if luck is None:
        luck = _church_luck(ops.rules_of(state), state.church)
        _TILE_LUCK.put(key, luck)
    return luck


def _church_luck(rules: Rules, church: tuple[str | None, ...]) -> _TileLuck:
    """The :class:`_TileLuck` of the tiles in a church: the most of each tile's own."""
    payment = bonus = officials = hire = 0
    taken_reis = taken_influence = taken_gains = heard_reis = heard_influence = heard_gains = 0
    cheaper = False
    for tile_id in church:
        if tile_id is None:
            continue
        one = _one_tile_luck(rules, tile_id)
        if one is _NO_BOUND:
            return _NO_BOUND
        payment = max(payment, one.payment)
        taken, heard = one.taken, one.rubble
        taken_reis = max(taken_reis, taken.reis)
        taken_influence = max(taken_influence, taken.influence)
        taken_gains = max(taken_gains, taken.gains)
        heard_reis = max(heard_reis, heard.reis)
        heard_influence = max(heard_influence, heard.influence)
        heard_gains = max(heard_gains, heard.gains)
        bonus = max(bonus, one.bonus)
        officials = max(officials, one.officials)
        hire = max(hire, one.hire)
        cheaper = cheaper or one.cheaper_rubble
    return _TileLuck(
        payment, _Gains(taken_reis, taken_influence, taken_gains),
        _Gains(heard_reis, heard_influence, heard_gains), bonus, officials, hire, cheaper,
    )


def _one_tile_luck(rules: Rules, tile_id: str) -> _TileLuck:
    """What one clergy tile could do once taken (``_NO_BOUND``: something the bounds do
    not follow: more tiles, cubes, officials or a treasury move)."""
    key = (rules.digest, tile_id)
    found = _ONE_TILE.get(key)
    if found is None:
        tile = ops.typed(rules, tile_id, _ClergyTile)
        triggers = tile.behaviour.triggers
        if not _only_kinds([t.effect for t in triggers], _FUNDS_QUIET):
            found = _NO_BOUND
        else:
            own = _own_bonus(tile)
            found = _TileLuck(
                _cut(tile, "payment"),
                _gains_of([t.effect for t in triggers if t.event == "taken"], own),
                _gains_of([t.effect for t in triggers if t.event == "take-rubble"]),
                own,
                _cut(tile, "officials-needed"),
                _cut(tile, "hire-cost"),
                _cut(tile, "land-rubble") > 0,
            )
        _ONE_TILE.put(key, found)
    return found


_ONE_TILE: Final[Memo[tuple[str, str], _TileLuck]] = Memo(
    "lisboa.hints.bounds._ONE_TILE", 10_000
)  # by catalogue and tile: bounded


_MOST_TILES: Final[Memo[str, int]] = Memo("lisboa.hints.bounds._MOST_TILES", CATALOGUES)


def _most_tiles(state: State) -> int:
    """The most clergy tiles one action could take: one by meeting the cardinal (R8.5),
    then those of a land's or a site's reward."""
    found = _MOST_TILES.get(state.catalogue)
    if found is None:
        rules = ops.rules_of(state)
        rewards = [land.reward for land in rules.lands] + [site.reward for site in rules.sites]
        found = _MOST_TILES.put(state.catalogue, 1 + max(
            (sum(d.kind == "take_clergy" for d in ops.elementary(r)) for r in rewards), default=0
        ))
    return found


class _SiteRewards(NamedTuple):
    """What the site rewards of a catalogue may do to the staffing of an opening."""

    unbounded: bool  # some reward may move the treasury, or does what the bounds not follow
    officials: int  # the most officials one places (fewer to hire, R10.3.2.4)
    takes: int  # the most cubes one takes from the pile (a take-rubble each, R17.2.8)
    reis: int  # the most reis one gives


_SITE_REWARDS: Final[Memo[str, _SiteRewards]] = Memo(
    "lisboa.hints.bounds._SITE_REWARDS", CATALOGUES
)


def _site_rewards(state: State) -> _SiteRewards:
    """See :class:`_SiteRewards`."""
    found = _SITE_REWARDS.get(state.catalogue)
    if found is None:
        rewards = [site.reward for site in ops.rules_of(state).sites]
        found = _SITE_REWARDS.put(state.catalogue, _SiteRewards(
            _moves_treasury(rewards) or not _only_kinds(rewards, _REWARD_KINDS),
            max(
                (
                    sum(ops.arg(d, "count") or 0 for d in ops.elementary(r)
                        if d.kind == "place_officials")
                    for r in rewards
                ),
                default=0,
            ),
            max((_pile_takes(r) for r in rewards), default=0),
            max((_gains_of([r]).reis for r in rewards), default=0),
        ))
    return found


_Totals = tuple[tuple[int, ...], tuple[int, ...]]


# Rubble lines change only when a cube is taken, and successive states share the tuple:
# totals are kept by the tuple's identity (the entry holds the tuple, so the id stays its).
_LINE_TOTALS: Final[Memo[tuple[int, tuple[int, ...]], tuple[object, _Totals]]] = Memo(
    "lisboa.hints.bounds._LINE_TOTALS", 10_000
)


def _line_totals(lines: tuple[tuple[str, ...], ...], costs: dict[str, int]) -> _Totals:
    """The cost sum and the dearest cube of each rubble row (or column)."""
    key = (id(lines), tuple(costs.values()))
    found = _LINE_TOTALS.get(key)
    if found is not None and found[0] is lines:
        return found[1]
    priced = [[costs[c] for c in cubes] for cubes in lines]
    totals = (tuple(sum(r) for r in priced), tuple(max(r, default=0) for r in priced))
    _LINE_TOTALS.put(key, (lines, totals))
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


_LAST_PRICES: Final[list[tuple[State, int, _Prices]]] = tracked([])


def _prices(state: State, seat: int) -> _Prices:
    """The seat's land prices in this state; a store decision prices the same state for
    its moves, its judge and its verdict, so the last answer is kept."""
    if _LAST_PRICES and _LAST_PRICES[0][0] is state and _LAST_PRICES[0][1] == seat:
        return _LAST_PRICES[0][2]
    prices = _Prices(state, _rubble_costs(state, seat))
    _LAST_PRICES[:] = [(state, seat, prices)]
    return prices


def _influence_bonus(state: State, seat: int) -> int:
    """What the seat's passives add to every influence gain (R17.2, at least 0 here)."""
    return max(0, ops.modifier(state, seat, "influence-gain") or 0)


def _influence_gained(amount: int, bonus: int) -> int:
    """The most steps one influence gain of ``amount`` can move the marker (R5.1-R5.2);
    each step raises at most one real when paying (R5.6)."""
    return amount + bonus if amount > 0 else 0


def _opening_funds(state: State, seat: int) -> int | None:
    """More reis than the seat could raise for the officials of any opening now, or None
    when no bound is kept (a site's reward or a take-rubble trigger may move the treasury
    or do what the bounds do not follow). Before the officials are hired come the site's
    cubes, each taken at once (one take-rubble paying per cube), and its reward, which may
    take more from the pile or clergy tiles (R10.3.2 steps 2-4, R17.2.8); the influence
    track is counted from the top (R5.6)."""
    sites = _site_rewards(state)
    rubble, unbounded = _rubble_triggers(state, seat)
    if sites.unbounded or unbounded:
        return None
    luck, tiles = _tile_luck(state), _most_tiles(state)
    cubes = max(map(len, state.site_rubble), default=0) + sites.takes
    top = ops.board_of(ops.rules_of(state)).influence_max
    discount = -(ops.modifier(state, seat, "payment") or 0)
    return (
        state.players[seat].reis + ops.reis_value(state, top + 1) + sites.reis
        + cubes * rubble.reis
        + tiles * (luck.taken.reis + cubes * luck.rubble.reis + luck.payment) + discount
    )


def _hire_hopeless(state: State, seat: int, plan: m.Plan, funds: int) -> bool:
    """True if even the cheapest way to staff the plan costs more than the seat could raise
    (``funds``: see :func:`_opening_funds`; with the best clergy tiles taken on the way and
    the most officials a site's reward places)."""
    luck, tiles = _tile_luck(state), _most_tiles(state)
    needed = (
        plan.officials + (ops.modifier(state, seat, "officials-needed") or 0)
        - tiles * luck.officials - _site_rewards(state).officials
    )
    out = _officials_out_count(state, seat)
    hires = max(0, needed - out)
    treasury = ops.treasury_value(state)
    each = max(0, treasury + (ops.modifier(state, seat, "hire-cost") or 0) - tiles * luck.hire)
    return hires * each > funds
