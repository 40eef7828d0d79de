"""A tiny greedy bot: try each legal move and keep the one after which its position looks best.

"Looks best" is the bot's own projected final score: ``score(state)`` gives every seat's
wigs so far plus what final scoring would give it now, and the bot reads its own line only
(its own holdings and the public board: no other hand, no deck order, not the game's random
generator). Ties go to the move that keeps the most reis, then to chance. One step of
lookahead, no search: simple, and better than chance (it won 15 of 20 games against a random
bot when this was written; two games prove little either way).

Run: ``.venv/bin/python examples/greedy_bot.py [games]`` (2-player games against a random
bot, the greedy bot taking each seat in turn).
"""

from __future__ import annotations

import random
import sys

from lisboa_core import Move, State, apply, is_over, legal_moves, new_game, score


def value(state: State, seat: int) -> tuple[int, int]:
    """The seat's projected final score, then its reis."""
    return score(state).seats[seat].total, state.players[seat].reis


def greedy_move(state: State, rng: random.Random) -> Move:
    """The legal move whose next state has the best value for the seat to act."""
    seat = state.to_act
    assert seat is not None
    return max(
        legal_moves(state), key=lambda move: (value(apply(state, move), seat), rng.random())
    )


def play(seed: int, greedy_seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One 2-player game; returns the winners and each seat's total wigs."""
    state = new_game(players=2, seed=seed)
    rng = random.Random(seed)
    while not is_over(state):
        if state.to_act == greedy_seat:
            move = greedy_move(state, rng)
        else:
            move = rng.choice(legal_moves(state))
        state = apply(state, move)
    sheet = score(state)
    return sheet.winners, tuple(seat.total for seat in sheet.seats)


def main(games: int) -> None:
    """Play ``games`` games and print who won."""
    wins = 0.0
    for game in range(games):
        greedy_seat = game % 2
        won, totals = play(seed=100 + game, greedy_seat=greedy_seat)
        wins += 1 / len(won) if greedy_seat in won else 0.0
        print(f"game {game + 1}: greedy bot is seat {greedy_seat}; wigs {totals}; "
              f"winner(s) {won}")
    print(f"greedy bot won {wins:g} of {games} game(s) against a random bot")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
