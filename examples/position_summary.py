"""Summarise a position: each seat's wigs, reis, influence and holdings, and the score so far.

Plays the first decisions of a 3-player game at random, then prints a table of what each
seat has and the projected score sheet (``score(state)``: wigs so far plus what final
scoring would give now, category by category). On a finished game the same sheet is the
result. Run: ``.venv/bin/python examples/position_summary.py [decisions] [seed]``.
"""

from __future__ import annotations

import random
import sys

from lisboa_core import apply, is_over, legal_moves, new_game, score
from lisboa_core.games.lisboa import State

GOODS = ("gold", "books", "cloth", "tools")  # the order of PlayerState.goods


def advance(state: State, decisions: int, seed: int) -> State:
    """The state after ``decisions`` random moves (or the end of the game)."""
    rng = random.Random(seed)
    for _ in range(decisions):
        if is_over(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def summary(state: State) -> str:
    """A plain-text table of every seat's position."""
    lines = [
        f"period {state.period}, {state.turn} turns played, seat {state.current}'s turn, "
        f"seat {state.to_act} to decide ({state.pending[-1].kind if state.pending else 'over'})",
        f"{'seat':>4} {'wigs':>5} {'reis':>5} {'infl':>5}  goods (g/b/c/t)  clergy  favors  "
        f"portfolio  hand",
    ]
    for seat, p in enumerate(state.players):
        portfolio = sum(card is not None for card in (*p.top, *p.bottom))
        goods = "/".join(str(n) for n in p.goods)
        lines.append(
            f"{seat:>4} {p.wigs:>5} {p.reis:>5} {p.influence:>5}  {goods:<15}  "
            f"{len(p.clergy):>6}  {len(p.favors):>6}  {portfolio:>9}  {len(p.hand):>4}"
        )
    prices = ", ".join(f"{g} {price}" for g, price in zip(GOODS, state.prices, strict=True))
    lines.append(f"prices: {prices}")
    return "\n".join(lines)


def score_table(state: State) -> str:
    """The score sheet, one column per category."""
    sheet = score(state)
    names = [c.name for c in sheet.seats[0].categories]
    head = f"{'seat':>4} {'so far':>6} " + " ".join(f"{n:>9}" for n in names) + "  total"
    rows = [head]
    for seat in sheet.seats:
        cells = " ".join(f"{c.wigs:>9}" for c in seat.categories)
        rows.append(f"{seat.seat:>4} {seat.wigs_so_far:>6} {cells} {seat.total:>6}")
    kind = "final" if sheet.final else "projected (if the game ended now)"
    rows.append(f"{kind}; leader(s): {', '.join(f'seat {s}' for s in sheet.winners)}")
    return "\n".join(rows)


def main(decisions: int, seed: int) -> None:
    """Play ``decisions`` random decisions of a 3-player game and summarise the position."""
    state = advance(new_game(players=3, seed=seed), decisions, seed)
    print(summary(state))
    print()
    print(score_table(state))


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*(args + [80, 11][len(args):]))
