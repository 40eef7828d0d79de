"""How good a Lisboa position looks for each seat: the greedy bot's heuristic for Lisboa
(:meth:`Game.position_values <lisboa_core.games.Game.position_values>`).

Example::

    from lisboa_core import new_game
    from lisboa_core.games.lisboa.heuristic import position_values

    values = position_values(new_game(players=3, seed=1))
    assert len(values) == 3
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.memo import Memo
from lisboa_core.games.generic import margins
from lisboa_core.games.lisboa.rules.scoring import SUBJECT_COUNTS, seat_scores
from lisboa_core.games.lisboa.state import State

__all__ = ["position_values"]


def position_values(state: State) -> list[float]:
    """How good ``state`` looks for every seat, from one score sheet.

    A seat's projected final score (its sheet of ``score(state)``: wigs so far plus what
    final scoring would give now) minus the best projected score of another seat, plus
    small amounts for resources that turn into wigs later: goods, reis and influence
    (smoothing the money category's steps of 5), plans, clergy tiles, cards in the
    portfolio, rubble cubes and officials placed in the nobles' offices.

    :param state: any state (a sampled one, for a bot).
    """
    key = (state.catalogue, state.players, state.stores, state.opened, state.offices)
    found = None if SUBJECT_COUNTS else _VALUES.get(key)
    if found is None:
        found = _VALUES.put(key, _values(state))
    return list(found)


_VALUES: Final[Memo[tuple[object, ...], tuple[float, ...]]] = Memo(
    "lisboa.heuristic._VALUES", 20_000)
"""The values, by everything they read (the catalogue, the players, the stores, the opened
buildings and the offices): a decision that changes none of them is judged once. A scoring
subject registered from user code may read anything, so with one the memo is not used."""


def _values(state: State) -> tuple[float, ...]:
    totals = [s.total for s in seat_scores(state)]
    values = []
    for (seat, p), lead in zip(enumerate(state.players), margins(totals), strict=True):
        placed = sum(office.count(seat) for office in state.offices)
        resources = (
            0.4 * sum(p.goods)
            + 0.12 * p.reis
            + 0.15 * p.influence
            + 1.0 * len(p.plans)
            + 0.6 * len(p.clergy)
            + 0.5 * p.portfolio_size
            + 0.35 * sum(p.rubble)
            + 0.3 * placed
        )
        values.append(lead + resources)
    return tuple(values)
