"""Final scoring (TL20): the VP scored during play plus trading posts × pillars, completed
buildings and leftover resources; ties go to the earlier seat in the final turn order."""

from __future__ import annotations

from typing import Final

from lisboa_core.games.generic import PointsCategory, PointsSeat, PointsSheet, ranked
from lisboa_core.games.tiletum.rules.ops import completed, rules_of
from lisboa_core.games.tiletum.state import State

__all__ = ["CATEGORIES", "TIE_BREAKS", "score"]

CATEGORIES: Final = ("posts-x-pillars", "buildings", "resources")
"""The final-scoring categories (TL20.2-TL20.4)."""
TIE_BREAKS: Final = ("turn order (lower wins)",)
"""The tie-breaker of TL20.6: a seat's place in the final turn order, 1 first."""


def score(state: State) -> PointsSheet:
    """The score sheet of any state: ``so_far`` is the VP track, the categories are what
    final scoring would add now (TL20.1-TL20.6)."""
    rules = rules_of(state)
    place = {seat: i + 1 for i, seat in enumerate(state.order)}  # TL20.6: lower wins
    seats = []
    for seat, p in enumerate(state.players):
        posts = state.posts.count(seat)
        pillars = sum(stack.count(seat) for stack in state.pillars)
        done = sum(1 for i in range(len(rules.buildings)) if completed(rules, p, i))
        resources = sum(p.resources) // rules.resources_per_vp
        seats.append(PointsSeat(seat, p.vp, (
            PointsCategory("posts-x-pillars", posts * pillars,
                           (("posts", posts), ("pillars", pillars))),
            PointsCategory("buildings", rules.completed_vp[done], (("completed", done),)),
            PointsCategory("resources", resources, (("resources", sum(p.resources)),)),
        ), (place[seat],)))
    return ranked(seats, final=not state.pending, tie_break=lambda seat: (-place[seat],),
                  tie_breaks=TIE_BREAKS)
