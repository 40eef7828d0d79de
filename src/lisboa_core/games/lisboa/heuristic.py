"""How good a Lisboa position looks for each seat: the greedy bot's heuristic for Lisboa
(:meth:`Game.position_values <lisboa_core.games.Game.position_values>`).

Example::

    from lisboa_core import new_game
    from lisboa_core.games.lisboa.heuristic import position_values

    values = position_values(new_game(players=3, seed=1))
    assert len(values) == 3
"""

from __future__ import annotations

from lisboa_core.games.lisboa.rules.scoring import seat_scores
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
    totals = [s.total for s in seat_scores(state)]
    values = []
    for seat, p in enumerate(state.players):
        best_other = max((t for i, t in enumerate(totals) if i != seat), default=0)
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
        values.append(totals[seat] - best_other + resources)
    return values
