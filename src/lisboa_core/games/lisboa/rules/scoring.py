"""Final scoring (R16.3-R16.9): a score sheet for any state, itemised by category.

On a finished game the sheet is the result; on any other state it is a projection (wigs so
far plus what the final categories would give now).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.state import GOODS, RUBBLE, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_Decree: Final = m.Decree
_LandSpace: Final = m.LandSpace
_Plan: Final = m.Plan
_Ship: Final = m.Ship
_Site: Final = m.Site

__all__ = [
    "CATEGORIES", "SUBJECT_COUNTS", "TIE_BREAKS", "Category", "ScoreSheet", "SeatScore",
    "SubjectCount", "holds", "place_points", "score", "seat_scores", "tie_break_values",
    "winners",
]

CATEGORIES: Final = ("ships", "rubble", "stores", "money", "decrees", "officials", "favors")
"""The final-scoring categories in the order of R16.3."""
TIE_BREAKS: Final = ("rubble sets", "stores", "completed plans", "reis after cash-out")
"""The tie-breakers of R16.9, in order (the most of each wins)."""


@attrs.frozen(slots=True)
class Category:
    """One category of one seat: its wigs and what gave them (``(item, wigs)`` pairs).

    Example::

        from lisboa_core import new_game, score

        stores = score(new_game(players=2, seed=1)).seats[0].category("stores")
        assert stores.name == "stores" and stores.wigs == 0  # no store built yet
    """

    name: str
    wigs: int
    items: tuple[tuple[str, int], ...] = ()


@attrs.frozen(slots=True)
class SeatScore:
    """One seat's sheet: wigs before final scoring plus each category, then its value of
    each tie-breaker of R16.9 (:data:`TIE_BREAKS`, :func:`tie_break_values`).

    Example::

        from lisboa_core import new_game, score

        seat = score(new_game(players=2, seed=1)).seats[1]
        assert seat.total == seat.wigs_so_far + sum(c.wigs for c in seat.categories)
    """

    seat: int
    wigs_so_far: int
    categories: tuple[Category, ...]
    tie_breaks: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        """Wigs so far plus every category."""
        return self.wigs_so_far + sum(c.wigs for c in self.categories)

    @property
    def so_far(self) -> int:
        """The wigs scored before final scoring (``wigs_so_far``, by the name every game's
        sheet has)."""
        return self.wigs_so_far

    def points(self, name: str) -> int:
        """The wigs of the category called ``name`` (every game's sheet answers this).

        :raises ValueError: naming the categories, for any other name.
        """
        return self.category(name).wigs

    def category(self, name: str) -> Category:
        """The category called ``name``.

        :raises ValueError: naming the categories, for any other name.
        """
        for category in self.categories:
            if category.name == name:
                return category
        known = ", ".join(c.name for c in self.categories)
        raise ValueError(f"category(): no category {name!r}; the categories are {known}")


@attrs.frozen(slots=True)
class ScoreSheet:
    """The score sheet of every seat and the winners after the tie-breakers (R16.9).

    Example::

        from lisboa_core import new_game, score

        sheet = score(new_game(players=3, seed=1))
        assert not sheet.final and len(sheet.seats) == 3  # a projection until the game ends
        print(sheet.to_dict()["winners"])
    """

    seats: tuple[SeatScore, ...]
    winners: tuple[int, ...]
    final: bool  # True when the game is over; otherwise a projection

    @property
    def tie_breaks(self) -> tuple[str, ...]:
        """The names of the tie-breakers of R16.9, in order (:data:`TIE_BREAKS`); each
        seat holds its values in :attr:`SeatScore.tie_breaks`."""
        return TIE_BREAKS

    def to_dict(self) -> dict[str, Any]:
        """The sheet as plain JSON-ready data, for front ends.

        ``{"final": bool, "winners": [seat, ...], "seats": [{"seat", "wigs_so_far",
        "total", "categories": {name: {"wigs", "items": [[item, wigs], ...]}}}]}``, with
        the categories in the order of R16.3.

        Example::

            import json
            from lisboa_core import new_game, score

            data = score(new_game(players=2, seed=1)).to_dict()
            assert data["final"] is False and len(data["seats"]) == 2
            json.dumps(data)
        """
        return {
            "final": self.final,
            "winners": list(self.winners),
            "seats": [
                {
                    "seat": seat.seat,
                    "wigs_so_far": seat.wigs_so_far,
                    "total": seat.total,
                    "categories": {
                        c.name: {"wigs": c.wigs, "items": [list(item) for item in c.items]}
                        for c in seat.categories
                    },
                }
                for seat in self.seats
            ],
        }


def place_points(values: list[int], table: tuple[int, ...]) -> list[int]:
    """Points per player for a ranking by ``values`` (R16.5).

    Players with 0 take no place and get nothing (R16.4.1); tied players share the sum of
    the places they occupy, rounded down; places beyond the table pay 0.
    """
    points = [0] * len(values)
    ranked = sorted({v for v in values if v > 0}, reverse=True)
    place = 0
    for value in ranked:
        tied = [i for i, v in enumerate(values) if v == value]
        share = sum(table[place + k] for k in range(len(tied)) if place + k < len(table))
        for i in tied:
            points[i] = share // len(tied)
        place += len(tied)
    return points


def _land(state: State, land_id: str) -> m.LandSpace:
    return ops.typed(ops.rules_of(state), land_id, _LandSpace)


def _stores(state: State, seat: int | None, filters: dict[str, object]) -> int:
    count = 0
    placed = "row" in filters or "column" in filters
    for land_id, owner, street in state.stores:
        if seat is not None and owner != seat:
            continue
        if "street" in filters and street != filters["street"]:
            continue
        if placed:
            land = _land(state, land_id)
            if "row" in filters and land.row != filters["row"]:
                continue
            if "column" in filters and land.column != filters["column"]:
                continue
        count += 1
    return count


def _completed(state: State, seat: int, architect: object = None) -> int:
    rules = ops.rules_of(state)
    plans = [ops.typed(rules, p, _Plan) for p in state.players[seat].completed]
    real = sum(1 for p in plans if architect is None or p.architect == architect)
    extra = 0  # R17.2.11: tiles that count as completed plans of an architect
    for behaviour in ops.active_behaviours(state, seat):
        for mod in behaviour.modifiers:
            if mod.hook == "completed-plans" and (
                architect is None or mod.qualifier("architect") == architect
            ):
                extra += mod.amount or 0
    return real + extra


def plan_officials(state: State, seat: int) -> int:
    """Officials shown on completed plans, with end-game bonuses (R16.7, R17.2.11)."""
    rules = ops.rules_of(state)
    completed = state.players[seat].completed
    printed = sum(ops.typed(rules, p, _Plan).officials for p in completed)
    bonus = ops.modifier(state, seat, "plan-officials") or 0
    return printed + bonus * len(completed)


def cash_out(state: State, seat: int) -> int:
    """Reis after the influence cash-out of R16.3 step 4 (the marker is not moved)."""
    p = state.players[seat]
    return p.reis + ops.reis_value(state, p.influence)


def quantity(state: State, seat: int, q: m.Quantity) -> int:
    """The value of a decree quantity for a seat (R17.6)."""
    p = state.players[seat]
    filters = dict(q.filters)
    subject = q.subject
    if subject == "stores":
        return _stores(state, seat, filters)
    if subject == "any-stores":
        return _stores(state, None, filters)
    if subject == "buildings":
        rules = ops.rules_of(state)
        return sum(
            1
            for site, _building, architect in state.opened
            if filters.get("side") in (None, ops.typed(rules, site, _Site).side)
            and filters.get("architect") in (None, architect)
        )
    if subject == "rubble":
        colour = filters.get("colour")
        return p.rubble[RUBBLE.index(str(colour))] if colour else sum(p.rubble)
    if subject == "goods":
        return sum(p.goods)
    if subject in GOODS:
        return p.goods[GOODS.index(subject)]
    if subject == "completed-plans":
        return _completed(state, seat, filters.get("architect"))
    if subject == "plan-officials":
        return plan_officials(state, seat)
    if subject == "decrees":
        return len(p.decrees)
    if subject == "influence":
        return p.influence
    if subject == "influence-power":
        return ops.influence_total(state, seat)
    if subject == "portfolio-cards":
        return p.portfolio_size
    if subject == "reis":
        return cash_out(state, seat)
    if subject == "ships":
        rules = ops.rules_of(state)
        return sum(
            1 for c in p.top if c is not None and isinstance(ops.component(rules, c), _Ship)
        )
    if subject == "clergy":
        return len(p.clergy)
    if subject == "favors":
        return len(p.favors)
    if subject == "sets":
        return p.sets
    count = SUBJECT_COUNTS.get(subject)
    if count is None:
        raise AssertionError(f"unknown subject {subject}")  # pragma: no cover - vocabulary
    return int(count(state, seat, filters))


SubjectCount = Callable[[State, int, dict[str, Any]], int]

SUBJECT_COUNTS: Final[dict[str, SubjectCount]] = {}
"""How to count the scoring subjects registered from user code
(:func:`lisboa_core.extend.register_subject`), by name."""


def holds(state: State, seat: int, test: str, count: int, q: m.Quantity) -> bool:
    """Whether a condition (:data:`~lisboa_core.dsl.vocabulary.CONDITIONS`) holds for a
    seat: ``at-least``/``at-most`` ``count`` units, or ``most``/``fewest`` of all players
    (ties count)."""
    mine = quantity(state, seat, q)
    if test == "at-least":
        return mine >= count
    if test == "at-most":
        return mine <= count
    everyone = [quantity(state, s, q) for s in range(state.player_count)]
    if test == "most":
        return mine == max(everyone)
    if test == "fewest":
        return mine == min(everyone)
    raise AssertionError(f"unknown condition {test}")  # pragma: no cover - vocabulary


def decree_wigs(state: State, seat: int, decree: m.Decree) -> int:
    """What one decree gives its owner (R16.3 step 5, R17.6; A39: 'most' needs 1): the sum
    of its score lines (a compound decree has several)."""
    return sum(_line_wigs(state, seat, rule) for rule in decree.scores)


def _line_wigs(state: State, seat: int, rule: m.Score) -> int:
    if rule.form == "per":
        return rule.wigs * (quantity(state, seat, rule.quantity) // rule.every)
    if rule.form == "most":
        mine = quantity(state, seat, rule.quantity)
        others = [quantity(state, s, rule.quantity) for s in range(state.player_count)]
        return rule.wigs if mine >= 1 and mine == max(others) else 0
    if rule.form in ("fewest", "at-least"):
        test = "at-least" if rule.form == "at-least" else "fewest"
        return rule.wigs if holds(state, seat, test, rule.count, rule.quantity) else 0
    # every-type
    if rule.quantity.subject == "stores":
        streets = [street for _l, owner, street in state.stores if owner == seat]
        every = len(ops.board_of(ops.rules_of(state)).streets)
        return rule.wigs if len(set(streets)) == every else 0
    return rule.wigs if all(state.players[seat].goods) else 0


def score(state: State) -> ScoreSheet:
    """The score sheet of ``state``: final on a finished game, a projection otherwise.

    Example::

        from lisboa_core import new_game, score

        for seat in score(new_game(players=2, seed=1)).seats:
            print(seat.seat, seat.total)
    """
    if not isinstance(state, State):
        raise TypeError(f"score(): state must be a State, not {type(state).__name__}")
    seats = tuple(SeatScore(s.seat, s.wigs_so_far, s.categories, tie_break_values(state, s.seat))
                  for s in seat_scores(state))
    return ScoreSheet(seats, _winners(seats), final=not state.pending)


def seat_scores(state: State) -> tuple[SeatScore, ...]:
    """Every seat's sheet of :func:`score`, without the tie-breakers and the winners (a bot
    judging positions needs only the totals)."""
    rules = ops.rules_of(state)
    board = ops.board_of(rules)
    n = state.player_count
    sheets: list[list[Category]] = [[] for _ in range(n)]

    for seat, p in enumerate(state.players):
        # 1. Ships: hull sizes (+ per-ship bonus, R17.2.4).
        bonus = ops.modifier(state, seat, "ship-score") or 0
        items = tuple(
            (c, ops.typed(rules, c, _Ship).hull + bonus)
            for c in p.top
            if c is not None and isinstance(ops.component(rules, c), _Ship)
        )
        sheets[seat].append(Category("ships", sum(w for _, w in items), items))
        # 2. Rubble sets (R16.3.2, R17.2.10).
        per_set = board.set_wigs + (ops.modifier(state, seat, "set-wigs") or 0)
        sheets[seat].append(Category("rubble", per_set * p.sets, (("sets", p.sets),)))

    # 3. Store majorities per type (R16.4, R16.5; 2 players pay 1st and 3rd, R16.4.2).
    store_items: list[list[tuple[str, int]]] = [[] for _ in range(n)]
    streets_by_good = {good: street for street, good in board.streets}
    for good, first, second, third in board.store_majority:
        table = (first, third) if n == 2 else (first, second, third)
        counts = [_stores(state, s, {"street": streets_by_good[good]}) for s in range(n)]
        for s, pts in enumerate(place_points(counts, table)):
            if pts:
                store_items[s].append((good, pts))
    for s in range(n):
        items = tuple(store_items[s])
        sheets[s].append(Category("stores", sum(w for _, w in items), items))

    # 4. Money: reis plus the influence cash-out, 1 wig per 5 (R16.3.4).
    for s in range(n):
        money = cash_out(state, s)
        sheets[s].append(Category("money", money // board.reis_per_wig, (("reis", money),)))

    # 5. Decrees, each itemised (R16.3.5).
    for s, p in enumerate(state.players):
        items = tuple((d, decree_wigs(state, s, ops.typed(rules, d, _Decree))) for d in p.decrees)
        sheets[s].append(Category("decrees", sum(w for _, w in items), items))

    # 6. Officials majority (R16.7): only players with a real completed plan take a place.
    officials_table = tuple(dict(board.officials_majority).get(n, ()))
    officials = [plan_officials(state, s) if state.players[s].completed else 0 for s in range(n)]
    for s, pts in enumerate(place_points(officials, officials_table)):
        sheets[s].append(Category("officials", pts, (("officials", officials[s]),)))

    # 7. Royal favors (R16.3.7).
    for s, p in enumerate(state.players):
        sheets[s].append(
            Category("favors", board.favor_wigs * len(p.favors), (("favors", len(p.favors)),))
        )

    return tuple(SeatScore(s, state.players[s].wigs, tuple(sheets[s])) for s in range(n))


def tie_break_values(state: State, seat: int) -> tuple[int, int, int, int]:
    """The seat's value of each tie-breaker of R16.9 (:data:`TIE_BREAKS`): completed rubble
    sets, stores of all types, completed plans (tiles), reis after the influence cash-out.

    Example::

        from lisboa_core import new_game
        from lisboa_core.games.lisboa.rules.scoring import tie_break_values

        sets, stores, plans, _reis = tie_break_values(new_game(players=2, seed=1), 0)
        assert (sets, stores, plans) == (0, 0, 0)  # nothing built at the start
    """
    stores = sum(1 for _l, owner, _st in state.stores if owner == seat)
    # Tie-breaker 3 counts tiles that count as completed plans too (R17.2.11).
    return (state.players[seat].sets, stores, _completed(state, seat), cash_out(state, seat))


def _winners(seats: tuple[SeatScore, ...]) -> tuple[int, ...]:
    """Most wigs, then most sets, stores, completed plans, reis after cash-out (R16.9): the
    seats' :attr:`SeatScore.tie_breaks`."""

    def key(s: SeatScore) -> tuple[int, ...]:
        return (s.total, *s.tie_breaks)

    best = max(key(s) for s in seats)
    return tuple(s.seat for s in seats if key(s) == best)


def winners(state: State) -> tuple[int, ...]:
    """The winning seat(s) of ``state`` (a shared win lists several).

    Example::

        from lisboa_core import new_game, score, winners

        state = new_game(players=2, seed=1)
        assert winners(state) == score(state).winners
    """
    return score(state).winners
