"""Final scoring (PR16): an itemised score sheet for any state, and the winners with the
tie-break.

Each seat's total is its VP chips (with VP noted beyond the supply), the printed VP of all
its buildings, occupied or not (PR16.1.2), and the extra VP of its occupied large buildings
(PR14), each worked out from the building's scoring expression. On a finished game the sheet
is the result; on any other state it is what the scoring would give now.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from lisboa_core.games.puerto_rico.model import Building, Rules, ScoreRule
from lisboa_core.games.puerto_rico.player import PlayerState
from lisboa_core.games.puerto_rico.rules.ops import rules_of
from lisboa_core.games.puerto_rico.state import State

__all__ = [
    "CATEGORIES",
    "TIE_BREAKS",
    "Category",
    "ScoreSheet",
    "SeatScore",
    "building_bonus",
    "score",
    "tiebreak",
    "winners",
]

CATEGORIES: Final = ("vp-chips", "buildings", "large-buildings")
"""The categories of a seat's score, in the order of PR16.1.1."""
TIE_BREAKS: Final = ("tie-break",)
"""The names of the tie-breakers of PR16.2.2, in order: one, doubloons plus goods."""


@attrs.frozen(slots=True)
class Category:
    """One category of one seat: its VP and what gave them (``(item, vp)`` pairs)."""

    name: str
    vp: int
    items: tuple[tuple[str, int], ...] = ()


@attrs.frozen(slots=True)
class SeatScore:
    """One seat's sheet: each category, and its tie-break value (PR16.2.2)."""

    seat: int
    categories: tuple[Category, ...]
    tiebreak: int

    @property
    def total(self) -> int:
        """Every category added up."""
        return sum(c.vp for c in self.categories)

    @property
    def tie_breaks(self) -> tuple[int, ...]:
        """The seat's value of each of :attr:`ScoreSheet.tie_breaks`: its ``tiebreak``."""
        return (self.tiebreak,)

    @property
    def so_far(self) -> int:
        """Points held apart from the categories: none, as every VP of Puerto Rico (the
        chips earned in play too) is in a category of PR16.1.1. Simulations and balance
        studies read it for every game."""
        return 0

    def points(self, name: str) -> int:
        """The VP of the category called ``name`` (:meth:`category`)."""
        return self.category(name).vp

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
    """Every seat's sheet and the winners (PR16.2): the most VP, then the most of the
    tie-break, then a shared victory.

    Example::

        from lisboa_core import new_game
        from lisboa_core.games.puerto_rico.scoring import score

        sheet = score(new_game(players=3, seed=1, game="puerto-rico"))
        assert not sheet.final and sheet.seats[0].total == 0
    """

    seats: tuple[SeatScore, ...]
    winners: tuple[int, ...]
    final: bool

    @property
    def tie_breaks(self) -> tuple[str, ...]:
        """The names of the tie-breakers, in order (:data:`TIE_BREAKS`); each seat holds
        its values in :attr:`SeatScore.tie_breaks`."""
        return TIE_BREAKS

    def to_dict(self) -> dict[str, Any]:
        """The sheet as plain JSON-ready data: ``{"final", "winners", "seats": [{"seat",
        "total", "tiebreak", "categories": {name: {"vp", "items"}}}]}``."""
        return {
            "final": self.final,
            "winners": list(self.winners),
            "seats": [
                {
                    "seat": seat.seat,
                    "total": seat.total,
                    "tiebreak": seat.tiebreak,
                    "categories": {
                        c.name: {"vp": c.vp, "items": [list(item) for item in c.items]}
                        for c in seat.categories
                    },
                }
                for seat in self.seats
            ],
        }


def _quantity(rules: Rules, p: PlayerState, name: str) -> int:
    if name == "island-tiles":
        return p.tiles
    if name == "colonists":
        return p.colonists
    return p.vp  # vp-chips


def _expression(rules: Rules, p: PlayerState, rule: ScoreRule) -> int:
    if rule.kind == "per-building":
        return rule.numbers[0] * sum(
            1 for i, b in enumerate(rules.buildings) if p.city[i] >= 0 and rule.subject in b.groups
        )
    quantity = _quantity(rules, p, rule.subject)
    if rule.kind == "per-full":
        return quantity // rule.numbers[0]
    points = 0  # steps: the points of the highest threshold reached
    for at, worth in zip(rule.numbers[::2], rule.numbers[1::2], strict=True):
        if quantity >= at:
            points = worth
    return points


def building_bonus(rules: Rules, p: PlayerState, building: Building) -> int:
    """The extra VP of a building at the end: its scoring expressions, only if occupied
    (PR14.0.1)."""
    if not building.scoring or p.city[rules.building_index[building.id]] <= 0:
        return 0
    return sum(_expression(rules, p, rule) for rule in building.scoring)


def tiebreak(rules: Rules, p: PlayerState) -> int:
    """The tie-break value (PR16.2.2): doubloons plus goods, each good 1."""
    value = 0
    if "doubloons" in rules.board.tiebreak:
        value += p.doubloons
    if "goods" in rules.board.tiebreak:
        value += sum(p.goods)
    return value


def _seat(rules: Rules, seat: int, p: PlayerState) -> SeatScore:
    owned = [b for i, b in enumerate(rules.buildings) if p.city[i] >= 0]
    printed = tuple((b.id, b.vp) for b in owned)
    extra = tuple((b.id, building_bonus(rules, p, b)) for b in owned if b.scoring)
    return SeatScore(
        seat,
        (
            Category("vp-chips", p.vp, (("chips", p.vp),)),
            Category("buildings", sum(v for _, v in printed), printed),
            Category("large-buildings", sum(v for _, v in extra), extra),
        ),
        tiebreak(rules, p),
    )


def winners(seats: tuple[SeatScore, ...]) -> tuple[int, ...]:
    """PR16.2: the most VP; among those tied, the most tie-break; still tied: all of them."""
    best = max(s.total for s in seats)
    tied = [s for s in seats if s.total == best]
    top = max(s.tiebreak for s in tied)
    return tuple(s.seat for s in tied if s.tiebreak == top)


def score(state: State) -> ScoreSheet:
    """The score sheet of any state (PR16.1)."""
    rules = rules_of(state)
    seats = tuple(_seat(rules, i, p) for i, p in enumerate(state.players))
    return ScoreSheet(seats, winners(seats), not state.pending)
