"""Write your own bot: try each legal move and keep the one after which the position looks best.

A bot is any object with a ``name`` and a ``choose(view, legal)`` method (the ``Bot``
protocol). ``play_game`` gives it a ``View``: what its seat may see (its own hand, the
public board, counts of the hidden cards; no other hand, no deck order, not the game's
random generator). To try moves the bot samples a full state that agrees with the view
(``determinize``) and applies each move there. "Looks best" is the seat's own projected
final score (``score(state)``: wigs so far plus what final scoring would give now), ties
going to the move that keeps the most reis, then to chance.

One step of lookahead, nothing more: a move that starts an action (a visit costs influence
now and pays later) looks worse than it is. The library's ``GreedyBot`` finishes each
action before judging it and adds resource terms; this script plays both against a random
bot. Run: ``.venv/bin/python examples/greedy_bot.py [games]`` (2-player games, the bot
under test taking each seat in turn).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

from lisboa_core import (
    Bot,
    GreedyBot,
    Move,
    RandomBot,
    View,
    apply,
    determinize,
    observe,
    play_game,
    score,
)
from lisboa_core.games.lisboa import State


class OneStepBot:
    """Keeps the legal move after which its own projected score is highest."""

    name = "one-step"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View | State, legal: Sequence[Move]) -> Move:
        """The move with the best (score, reis) one decision ahead on a sampled state."""
        if isinstance(view, State):  # also usable on a whole state: look at its view only
            assert view.to_act is not None
            view = observe(view, view.to_act)
        sample = determinize(view, self.rng.randrange(2**32))

        def value(move: Move) -> tuple[int, int, float]:
            after = apply(sample, move)
            return (
                score(after).seats[view.seat].total,
                after.players[view.seat].reis,
                self.rng.random(),
            )

        return max(legal, key=value)


def match(make: type[OneStepBot] | type[GreedyBot], games: int) -> float:
    """Play ``games`` 2-player games of a bot against a random bot; returns its wins."""
    wins = 0.0
    for game in range(games):
        seat = game % 2
        bots: list[Bot] = [RandomBot(seed=game), RandomBot(seed=game)]
        bots[seat] = make(seed=game)
        final, moves = play_game(bots, seed=100 + game)
        sheet = score(final)
        wins += 1 / len(sheet.winners) if seat in sheet.winners else 0.0
        totals = tuple(s.total for s in sheet.seats)
        print(f"  game {game + 1}: {make.name} is seat {seat}; {len(moves)} decisions; "
              f"wigs {totals}; winner(s) {sheet.winners}")
    return wins


def main(games: int) -> None:
    """Play both bots against a random bot and print their wins."""
    for make in (OneStepBot, GreedyBot):
        print(f"{make.name} against a random bot:")
        wins = match(make, games)
        print(f"{make.name} won {wins:g} of {games} game(s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
