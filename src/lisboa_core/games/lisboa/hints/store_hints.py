"""Lookahead hints for Build a Store (R3.6, R10.1): verdicts, per-move judgements and
search shortcuts for the ``store`` and ``store-rubble`` decisions, each justified by the
rule it rests on. The rules are in :mod:`.stores`.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.memo import Memo
from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa.hints.bounds import (
    _STORE_EVENTS,
    _influence_bonus,
    _influence_gained,
    _land_facts,
    _LandBound,
    _LandFacts,
    _prices,
    _store_trigger_bound,
)
from lisboa_core.games.lisboa.hints.effect_facts import (
    church_never_dearer,
    church_opening_safe,
    harmless,
    opening_safe_beside_church,
)
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules.lands import rubble_costs as _rubble_costs
from lisboa_core.games.lisboa.rules.lands import store_candidates
from lisboa_core.games.lisboa.rules.stores import _listed, _store_moves
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State

__all__ = []

# What may follow a store's own steps without anything more to pay or decide: the rest of
# a visit (follows are checkpoints), of a sponsored event (its fee is paid first) or of
# the turn.
_STORE_TAIL: Final = frozenset(
    {"store-score", "store-house", "store-pay", "store-rubble", "follow-round",
     "court-discard", "court-card", "end-turn"}
)


def _trigger_gains(state: State, seat: int) -> int | None:
    """The most reis a store's triggers (taking its one cube, building it) could bring,
    counting an influence gained as a real (so much per cube counts once); ``None`` if one
    of them could cost anything."""
    key = ops.holdings(state, seat)
    if key not in _TRIGGER_GAINS:
        _TRIGGER_GAINS.put(key, _count_trigger_gains(state, seat))
    return _TRIGGER_GAINS[key]


_TRIGGER_GAINS: Final[Memo[tuple[object, ...], int | None]] = Memo(
    "lisboa.hints.store_hints._TRIGGER_GAINS", 10_000
)  # by ops.holdings


def _count_trigger_gains(state: State, seat: int) -> int | None:
    triggers = [t.effect for e in _STORE_EVENTS[1:] for t in ops.triggers(state, seat, e, None)]
    if not all(harmless(effect) for effect in triggers):
        return None
    return _store_trigger_bound(state, seat, with_influence=True)


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
    if not STACK.tail_within(state, _STORE_TAIL):
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
    houses = ops.player_board_of(ops.rules_of(state)).houses
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
    for (_space, lands), tile in zip(store_candidates(state), state.city_display, strict=True):
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
    cheapest price is within the seat's cash and influence now, or once the reis and
    influence its reward surely gives are in (the reward comes first: R10.1.2.3; of a
    choice between gains only one is given); one whose
    reward only gains is illegal if the price is beyond them even with every gain on the
    way. A land whose reward meets the cardinal (see :class:`_Cardinal`) is legal if the
    price is within them even at the highest treasury value the cardinal could reach."""
    seat = frame.seat
    triggers = _trigger_gains(state, seat)
    if triggers is None or not STACK.tail_within(state, _STORE_TAIL):
        return [None] * len(moves)
    facts = _land_facts(state)
    pricing = _prices(state, seat)
    mod = ops.modifier(state, seat, "payment") or 0
    p = state.players[seat]
    funds = p.reis + ops.reis_value(state, p.influence)
    bonus = _influence_bonus(state, seat)
    top = ops.board_of(ops.rules_of(state)).influence_max
    # An influence gain moves the marker at least its amount (capped) unless a modifier
    # takes steps off (R5.1-R5.2).
    steps_sure = (ops.modifier(state, seat, "influence-gain") or 0) >= 0
    cardinal = _Cardinal(state, seat)
    judged: list[bool | None] = []
    for move in moves:
        land = facts[str(move.args[1])]
        answer = None
        price = max(0, pricing.cheapest(land) + mod)
        if land.steady and price <= max(funds, p.reis + land.sure_reis + ops.reis_value(
            state, min(top, p.influence + (land.sure_influence if steps_sure else 0))
        )):
            answer = True
        elif land.plain and price > funds + triggers + _land_gains(land, bonus):
            answer = False
        elif not land.steady and cardinal.safe(str(move.args[1])):
            highest = cardinal.highest_treasury(str(move.args[1]))
            dearest = max(0, pricing.cheapest(land) - pricing.treasury + highest + mod)
            answer = True if dearest <= funds else None
        judged.append(answer)
    return judged


class _Cardinal:
    """Whether a land's reward that moves the cardinal and takes a clergy tile leaves the
    seat's funds and the land's price as they are, but for the treasury marker, which the
    cardinal can only move up (R14.3): every step of the reward gains, places officials,
    moves him or takes a tile, and every tile in the church is as safe and makes no payment
    nor rubble cube dearer (R8.5.3)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self.church: bool | None = None

    def highest_treasury(self, land_id: str) -> int:
        """The highest treasury value the reward's cardinal moves could reach: each step
        passes at most one treasury icon (R14.1-R14.3), and each move may take the seat's
        extra steps (R17.2.5)."""
        state = self.state
        extra = max(0, ops.modifier(state, self.seat, "cardinal-steps") or 0)
        reward = ops.component(ops.rules_of(state), land_id).reward  # type: ignore[union-attr]
        rise = sum(int(ops.arg(d, "steps")) + extra
                   for d in ops.elementary(reward) if d.kind == "move_cardinal")
        track = ops.board_of(ops.rules_of(state)).treasury
        return max(space.value for space in track[state.treasury:state.treasury + rise + 1])

    def safe(self, land_id: str) -> bool:
        reward = ops.component(ops.rules_of(self.state), land_id).reward  # type: ignore[union-attr]
        if not opening_safe_beside_church(reward):
            return False
        if self.church is None:
            self.church = church_opening_safe(self.state) and church_never_dearer(
                self.state, ("payment", "land-rubble")
            )
        return self.church


def _store_rubble_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """With the land's reward resolved: whether some cube choice leaves a price the seat
    can pay (under the conditions of :func:`_store_verdict`)."""
    seat = frame.seat
    triggers = _trigger_gains(state, seat)
    if triggers is None or not STACK.tail_within(state, _STORE_TAIL):
        return None
    price = _prices(state, seat).cheapest(_land_facts(state)[frame.data[0]])
    return _price_verdict(state, seat, [(price, triggers)])


def _store_rubble_judge(
    state: State, frame: Frame, moves: tuple[Move, ...]
) -> list[bool | None]:
    """Each cube on its own, under the conditions of :func:`_store_rubble_verdict`: the
    land's price is its row and column with that cube taken (R10.1.2.4, R10.1.3), so the
    cube is legal if that price is within the seat's cash and influence now, and illegal
    if it is beyond them even with every gain its triggers could bring."""
    seat = frame.seat
    triggers = _trigger_gains(state, seat)
    if triggers is None or not STACK.tail_within(state, _STORE_TAIL):
        return [None] * len(moves)
    land = _land_facts(state)[frame.data[0]]
    pricing = _prices(state, seat)
    costs = _rubble_costs(state, seat)
    whole = pricing.treasury + pricing.row_sum[land.row] + pricing.column_sum[land.column]
    return [
        _price_verdict(
            state, seat,
            [(whole - (0 if move.args[0] == "none" else costs[str(move.args[1])]), triggers)],
        )
        for move in moves
    ]


def _store_prune(state: State, frame: Frame, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """Leave out the stores on lands the seat could not pay for even with the best luck on
    the way (see :class:`~.bounds._LandBound`; R10.1.3, R0.11): each fails at its payment,
    whatever is chosen before. A land is a candidate of several display spaces, so it is
    priced once."""
    if not moves:
        return moves
    bound = _LandBound(state, frame.seat)
    if bound.unbounded:
        return moves
    facts = _land_facts(state)
    pricing = _prices(state, frame.seat)
    listed, lands = _listed(state)
    if listed is not moves:  # some of the rules' moves only
        lands = tuple(dict.fromkeys(str(move.args[1]) for move in moves))
    payable: dict[object, bool] = {}
    for land_id in lands:
        land = facts[land_id]
        payable[land_id] = bound.affordable(land, pricing.cheapest(land))
    if all(payable.values()):
        return moves
    return tuple([move for move in moves if payable[move.args[1]]])


def _payable_stores(state: State, seat: int) -> tuple[Move, ...]:
    """The stores the seat may start and is not certain to fail paying (the rules' list,
    pruned as with the shortcuts on): a hint's view of what a Noble action can act on."""
    frame = Frame("store", seat)
    return _store_prune(state, frame, _store_moves(state, frame))


def _no_payable_store(state: State, seat: int) -> bool:
    """Whether :func:`_payable_stores` is empty (stopping at the first payable land)."""
    if not _store_moves(state, Frame("store", seat)):
        return True
    bound = _LandBound(state, seat)
    if bound.unbounded:
        return False
    facts = _land_facts(state)
    pricing = _prices(state, seat)
    for land_id in _listed(state)[1]:
        land = facts[land_id]
        if bound.affordable(land, pricing.cheapest(land)):
            return False
    return True


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


STACK.hint(
    "store", prune=_store_prune, verdict=_store_verdict, judge=_store_judge,
    search=_one_tile_per_land, alike=_store_land,
)
STACK.hint("store-rubble", verdict=_store_rubble_verdict, judge=_store_rubble_judge)
