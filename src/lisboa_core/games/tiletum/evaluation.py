"""How good a Tiletum position looks for each seat: the greedy bot's evaluation for Tiletum
(:meth:`Game.position_values <lisboa_core.games.Game.position_values>`; the search bot's
leaf values too).

A seat's **worth** is the VP it would have if the game ended now (the VP track plus final
scoring, TL20) with the final-scoring step for leftover resources smoothed out, plus what
its position is likely to bring in the turns left: resources at the rate the rules convert
them to VP, contracts in the warehouse by how much of their payment is at hand, progress
towards completed buildings and the bonus AP of completed ones, the king track's VP in the
king phases still to come, the fairs still to come (their towns and tiles are on the table)
and the cathedrals where a pillar of the seat waits for its contribution. The value of a
seat is its worth less the best worth of another seat, in VP.

Every number of the game comes from the catalogue (:mod:`.model`); the weights below only
say how much of a future gain to count now, and all of them fade as the turns run out, so at
the end of the game the value is the final score difference.

Example::

    from lisboa_core import new_game
    from lisboa_core.games.tiletum.evaluation import position_values

    values = position_values(new_game(players=2, seed=1, game="tiletum"))
    assert len(values) == 2 and values[0] == -values[1]
"""

from __future__ import annotations

from collections import deque
from typing import Final, NamedTuple

from lisboa_core.core.memo import CATALOGUES, Memo
from lisboa_core.games.generic import margins
from lisboa_core.games.tiletum.model import RESOURCES, Rules
from lisboa_core.games.tiletum.player import PlayerState
from lisboa_core.games.tiletum.rules.duties import payment
from lisboa_core.games.tiletum.rules.ops import completed, king_space, rules_of
from lisboa_core.games.tiletum.rules.phases import CYCLES, ROUNDS, fair_count
from lisboa_core.games.tiletum.scoring import score
from lisboa_core.games.tiletum.state import State

__all__ = [
    "ASSISTANT_HELD",
    "BONUS_AP_USE",
    "BUILDING_PROGRESS",
    "CATHEDRAL_OPEN",
    "COAT_HELD",
    "CONTRACT_GATHER",
    "CONTRACT_HELD",
    "FAIR_GROWTH",
    "GOLD_PER_RESOURCE",
    "KING_LATER",
    "MERCHANT_REACH",
    "PERSON_HELD",
    "RESOURCE_USE",
    "position_values",
    "worth",
]

GOLD_PER_RESOURCE: Final = 2
"""Gold paid for one resource of another type in the gold exchange (TL14.2.1): a gold is
worth half a resource until the end, where every resource counts alike (TL20.4)."""

RESOURCE_USE: Final = 0.55
"""The share of the catalogue's mean contract rate (VP per resource paid, TL23) a resource
is worth with the whole game ahead. Not all resources reach a contract (contracts must be
taken with AP, the contract spaces run out, coats cost food and cathedrals stone), so only
about half the rate counts; it fades to the final-scoring rate (1 VP per
``resources_per_vp``, TL20.4) as the turns run out."""

CONTRACT_HELD: Final = 0.6
"""The share of a held contract's gain counted while it waits in the warehouse: its VP (its
own plus the next contract space's, TL14.3.3) less the worth of the resources it takes,
times how ready it is (:data:`CONTRACT_GATHER`). Below 1, so fulfilling one is always
better than holding it, and an unfulfilled one scores nothing at the end (TL20.5)."""

CONTRACT_GATHER: Final = 0.5
"""How ready a held contract counts: the share of its payment at hand, plus this share of
the rest with the whole game ahead to gather it (fading as the turns run out)."""

PERSON_HELD: Final = 1.2
"""VP a person tile in the warehouse is worth with the game ahead: placing it costs 1-3 AP
and gives its bonus (TL11.5) and a room towards a completed building."""

COAT_HELD: Final = 1.5
"""VP a coat of arms in the warehouse is worth with the game ahead: placing it gives a coat
space's bonus (TL25.2) and is half of completing a building (TL16.1), for some food."""

ASSISTANT_HELD: Final = 1.0
"""VP an assistant in the warehouse is worth with the game ahead (a one-off ability,
TL22)."""

BUILDING_PROGRESS: Final = 0.7
"""The share of a building's completion counted before it is complete, times the filled
share of its rooms and coat space: a building half full is worth this share of half of what
completing it brings (a step of the final-scoring table, TL20.3, and its bonus AP for the
turns left, TL16.2-TL16.3)."""

BONUS_AP_USE: Final = 0.35
"""The share of the seat's remaining turns whose die action is of a kind a completed
building's bonus AP add to (TL16.3): one area of six, more with the joker and with the
player choosing dice for it. An AP is worth a resource (the wheel trades one for the other,
TL6.6)."""

KING_LATER: Final = 0.7
"""The share of the king track's VP projected for the king phases of later rounds (the
marker's place after the reset, TL17.5, and the expected corruption, TL5.2-TL5.4), which
other seats' moves and the corruption draws make less sure than this round's."""

MERCHANT_REACH: Final = 0.5
"""How likely a seat is to take part in a fair through its merchant (TL18.2) is this to the
power of the merchant's distance (in moves) to the fair town; a trading post there makes it
sure."""

FAIR_GROWTH: Final = 0.5
"""Items a fair tile counts that a seat is expected to add per round until that fair (more
posts, contracts, pillars...), so a later fair is not judged on today's counts alone."""

CATHEDRAL_OPEN: Final = 0.5
"""The share of a cathedral contribution's VP (cost tile plus the top cathedral tile,
TL14.5.3) counted where the seat has a pillar and has not contributed yet: the stone still
has to be found."""

_DISTANCES: Final[Memo[str, dict[str, dict[str, int]]]] = Memo(
    "tiletum.evaluation._DISTANCES", CATALOGUES)
_RATES: Final[Memo[str, float]] = Memo("tiletum.evaluation._RATES", CATALOGUES)


def _distances(rules: Rules) -> dict[str, dict[str, int]]:
    """Moves between every two map spaces (TL10.2), computed once per catalogue."""
    found = _DISTANCES.get(rules.digest)
    if found is None:
        found = {}
        for start in rules.spaces:
            far = {start: 0}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for there in rules.adjacent(here):
                    if there not in far:
                        far[there] = far[here] + 1
                        queue.append(there)
            found[start] = far
        _DISTANCES.put(rules.digest, found)
    return found


def _interpolate(values: tuple[int, ...], at: float) -> float:
    """``values`` read at a fractional index (clamped to its ends)."""
    at = min(max(at, 0.0), len(values) - 1.0)
    low = int(at)
    if low >= len(values) - 1:
        return float(values[-1])
    return values[low] + (values[low + 1] - values[low]) * (at - low)


class _Pending(NamedTuple):
    """What the decision stack says is still to come this round (read once per state)."""

    turns: tuple[int, ...]
    """Per seat: its turns still pending this round."""
    reveals: int
    """The tokens still to be turned up this round (TL5.2)."""
    king: bool
    """Whether this round's king phase is still to come (TL17)."""
    fair: bool
    """Whether this round's fair is still to come (TL18)."""


def _pending(state: State) -> _Pending:
    turns = [0] * state.player_count
    reveals = 0
    king = fair = False
    for f in state.pending:
        kind = f.kind
        if kind == "turn":
            turns[f.seat] += 1
        elif kind == "corrupt":
            reveals += 1
        elif kind in ("king-phase", "king-score"):
            king = True
        elif kind == "fair":
            fair = True
    return _Pending(tuple(turns), reveals, king, fair)


def _contract_rate(rules: Rules) -> float:
    """The catalogue's mean VP per resource paid for a contract (TL23), computed once."""
    found = _RATES.get(rules.digest)
    if found is None:
        rates = [c.vp / sum(n for _, n in c.pay) for c in rules.contracts if c.pay]
        found = _RATES.put(rules.digest, sum(rates) / len(rates) if rates else 0.0)
    return found


def _resource_worth(rules: Rules, ahead: float, gold: bool = False) -> float:
    """The worth of one resource with ``ahead`` of the game left: the usable share of the
    contract rate (halved for gold, TL14.2.1) fading to the final-scoring rate (TL20.4)."""
    end = 1.0 / rules.resources_per_vp
    play = RESOURCE_USE * _contract_rate(rules) / (GOLD_PER_RESOURCE if gold else 1)
    return end + max(0.0, play - end) * ahead


def _resources(rules: Rules, p: PlayerState, ahead: float) -> float:
    """Resources at their worth (:func:`_resource_worth`)."""
    i = RESOURCES.index("gold")
    return (_resource_worth(rules, ahead) * (sum(p.resources) - p.resources[i])
            + _resource_worth(rules, ahead, gold=True) * p.resources[i])


def _warehouse(state: State, rules: Rules, p: PlayerState, ahead: float) -> float:
    """Tiles waiting in the warehouse (TL15.2: only used tiles leave it)."""
    have = dict(zip(RESOURCES, p.resources, strict=True))
    each = _resource_worth(rules, ahead)
    tiles = rules.extra["tile"]
    space = len(p.contracts)
    total = 0.0
    for t in p.warehouse:
        if t in rules.extra["person"]:
            total += PERSON_HELD * ahead
            continue
        if t not in tiles:
            continue
        tile = tiles[t]
        if tile.kind == "coat":
            total += COAT_HELD * ahead
        elif tile.kind == "assistant":
            total += ASSISTANT_HELD * ahead
        elif tile.kind == "contract" and space < len(rules.contract_spaces):
            contract = rules.extra["contract"][tile.holds]
            need = sum(n for _, n in contract.pay)
            fixed = payment(state, t, "") or {}
            fixed.pop("", None)
            named = sum(min(have.get(r, 0), n) for r, n in fixed.items())
            spare = sum(have.values()) - sum(min(have.get(r, 0), n) for r, n in fixed.items())
            loose = need - sum(fixed.values())
            at_hand = (named + min(max(spare, 0), loose)) / need if need else 1.0
            ready = at_hand + (1 - at_hand) * ahead * CONTRACT_GATHER
            vp = contract.vp + rules.contract_spaces[space]
            total += CONTRACT_HELD * max(0.0, vp - need * each) * ready
            space += 1
    return total


def _buildings(rules: Rules, p: PlayerState, ahead: float, turns: int) -> float:
    """Completed buildings (TL20.3: the table at the end; with the game ahead, its mean step
    per building, since the table's first steps give nothing yet lead to its big ones),
    progress towards more (each worth its step and the bonus AP it would bring, TL16.2), and
    the bonus AP of the completed ones in the turns left (TL16.3)."""
    done = 0
    progress = 0.0
    ap_worth = turns * BONUS_AP_USE * _resource_worth(rules, ahead)
    table = rules.completed_vp
    slope = (table[-1] - table[0]) / (len(table) - 1)
    for i, b in enumerate(rules.buildings):
        if completed(rules, p, i):
            done += 1
            continue
        filled = sum(1 for t in p.rooms[i] if t) + (1 if p.coats[i] else 0)
        progress += filled / (b.rooms + 1) * (slope * ahead + b.rooms * ap_worth)
    finished = table[min(done, len(table) - 1)] * (1 - ahead) + slope * done * ahead
    return finished + BUILDING_PROGRESS * progress + sum(p.bonus_ap) * ap_worth


def _king(state: State, rules: Rules, seat: int, coming: _Pending) -> float:
    """The king track's VP in the king phases still to come (TL17.2), the marker drifting
    left by the expected corruption (TL5.2-TL5.4) and reset from red spaces (TL17.5)."""
    later = ROUNDS - state.round if state.pending else 0
    key = (rules.digest, king_space(state, seat), coming.king, coming.reveals, later)
    found = _KINGS.get(key)
    if found is None:
        found = _KINGS.put(key, _king_track(rules, *key[1:]))
    return found


_KINGS: Final[Memo[tuple[str, int, bool, int, int], float]] = Memo(
    "tiletum.evaluation._KINGS", 4_000)  # by the catalogue, the space and what is to come


def _king_track(rules: Rules, space: int, king: bool, reveals: int, later: int) -> float:
    """:func:`_king` from the marker's space, whether this round's king phase is to come,
    the tokens still to be turned up and the rounds after this one."""
    values = rules.king_values
    drop = sum(rules.corruption) / len(rules.corruption)
    at = float(space)
    total = 0.0
    if king:
        at = max(0.0, at - drop * reveals)
        total += _interpolate(values, at)
    for _ in range(later):
        at = max(at, float(rules.king_start))
        at = max(0.0, at - drop * CYCLES)
        total += KING_LATER * _interpolate(values, at)
    return total


def _fairs(state: State, rules: Rules, seat: int, this_round: bool) -> float:
    """The fairs still to come (TL18), each valued by its base value times what it counts
    for the seat (growing towards later fairs), times how likely the seat takes part."""
    p = state.players[seat]
    far = _distances(rules)
    index = rules.extra["post_index"]
    total = 0.0
    first = state.round if this_round else state.round + 1
    for r in range(first, ROUNDS + 1):
        town = rules.extra["town"][state.fair_towns[r - 1]]
        fair = rules.extra["fair"][state.fair_tiles[r - 1]]
        if any(state.posts[index[i]] == seat for i in town.posts):
            share = 1.0
        else:
            share = MERCHANT_REACH ** far[p.merchant].get(town.id, len(far))
        base = rules.fair_vp[r - 1] + fair.vp
        kind, *what = fair.counts
        if kind == "king":
            times = 1.0  # TL18.6: the king VP count twice, valued with the king track
        else:
            times = min(fair_count(state, seat, w) for w in what) + FAIR_GROWTH * (r - state.round)
        total += share * base * times
    return total


def _cathedrals(state: State, rules: Rules, seat: int, ahead: float) -> float:
    """Open contributions (TL14.5): a pillar of the seat, no contribution yet, tiles left."""
    p = state.players[seat]
    total = 0.0
    for i, site in enumerate(rules.cathedrals):
        if seat in state.pillars[i] and not p.contributed[i] and state.cathedral_left[i] > 0:
            cost = rules.extra["cost"][state.costs[i]]
            if not cost.closed:
                top = site.tiles[site.pillars - state.cathedral_left[i]]
                total += CATHEDRAL_OPEN * (cost.vp + top) * ahead
    return total


def worth(state: State, seat: int) -> float:
    """What ``seat``'s position is worth in VP (see the module docstring); at the end of
    the game, its final score.

    :param state: any state (a sampled one, for a bot).
    :param seat: the seat.
    """
    return _worths(state, _pending(state))[seat]


_WORTHS: Final[Memo[tuple[object, ...], dict[tuple[object, ...], float]]] = Memo(
    "tiletum.evaluation._WORTHS", 2_000)
"""The seats' worths, by the shared parts of the state a worth reads, then by the seat, its
player and its turns pending: a bot judging its own moves changes its own seat's part, so
the other seats' worths are found here."""


def _worths(state: State, coming: _Pending) -> list[float]:
    """Every seat's worth (see :func:`worth`)."""
    n = state.player_count
    if not state.pending:  # the game is over
        return [float(seat.total) for seat in score(state).seats]
    shared = (state.catalogue, state.round, coming.king, coming.reveals, coming.fair,
              state.posts, state.pillars, state.king, state.fair_towns, state.fair_tiles,
              state.costs, state.cathedral_left)
    known = _WORTHS.get(shared)
    if known is None:
        known = _WORTHS.put(shared, {})
    worths = []
    for seat in range(n):
        key = (seat, state.players[seat], coming.turns[seat])
        found = known.get(key)
        if found is None:
            found = known[key] = _reckon(state, seat, coming)
        worths.append(found)
    return worths


def _reckon(state: State, seat: int, coming: _Pending) -> float:
    """The seat's worth in an unfinished game, from the parts of the state the memo's keys
    hold (:data:`_WORTHS`)."""
    rules = rules_of(state)
    p = state.players[seat]
    turns = coming.turns[seat] + (ROUNDS - state.round) * CYCLES
    ahead = turns / (ROUNDS * CYCLES)
    posts = state.posts.count(seat)
    pillars = sum(stack.count(seat) for stack in state.pillars)
    return (p.vp + posts * pillars  # TL20.2
            + _resources(rules, p, ahead)
            + _buildings(rules, p, ahead, turns)
            + _warehouse(state, rules, p, ahead)
            + _king(state, rules, seat, coming)
            + _fairs(state, rules, seat, coming.fair)
            + _cathedrals(state, rules, seat, ahead))


def position_values(state: State) -> list[float]:
    """How good ``state`` looks for every seat: its :func:`worth` less the best worth of
    another seat.

    :param state: any state (a sampled one, for a bot).
    """
    return margins(_worths(state, _pending(state)))
