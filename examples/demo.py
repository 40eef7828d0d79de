"""The main job: check the catalogue, then play a full 4-player game between random bots.

Prints the catalogue summary, a turn-by-turn log in move notation and the wigs of each
seat at the end. (Final scoring, visits and church scoring arrive with Rules engine II; the
game below uses every rule the engine has so far.)
"""

from __future__ import annotations

import random

from lisboa_core import apply, describe, is_over, legal_moves, load_rules, new_game, score
from lisboa_core.cli import summary_table

SEED = 2026


def main() -> None:
    """Run the demo."""
    rules = load_rules()
    print(f"Lisboa catalogue: {len(rules)} components, all valid (digest {rules.digest})\n")
    print(summary_table())
    print("\nA 4-player game between random bots, seed", SEED)
    state = new_game(4, seed=SEED)
    bot = random.Random(SEED)
    line: list[str] = []
    label, turn_seat = "setup", -1
    decisions = 0
    while not is_over(state):
        seat = state.to_act
        if state.pending[-1].kind == "turn":
            if line:
                print(f"  {label}: " + "; ".join(line))
            label, turn_seat, line = f"turn {state.turn + 1:3d}, seat {seat + 1}", seat, []
        move = bot.choice(legal_moves(state))
        text = str(move)
        if move.kind == "tuck":
            text += f" ({rules[str(move.args[0])].name})"
        line.append(text if seat == turn_seat else f"[seat {seat + 1}] {text}")
        state = apply(state, move)
        decisions += 1
    if line:
        print(f"  {label}: " + "; ".join(line))
    print(f"\nGame over after {state.turn} turns and {decisions} decisions.\n")
    sheet = score(state)
    names = [c.name for c in sheet.seats[0].categories]
    print(f"{'seat':>4} {'so far':>6} " + " ".join(f"{n:>9}" for n in names) + f" {'total':>6}")
    for seat in sheet.seats:
        cells = " ".join(f"{c.wigs:>9}" for c in seat.categories)
        print(f"{seat.seat + 1:>4} {seat.wigs_so_far:>6} {cells} {seat.total:>6}")
    won = ", ".join(str(s + 1) for s in sheet.winners)
    print(f"\nWinner: seat {won} (ties broken by sets, stores, completed plans, reis: R16.9).")
    print("\nA card in words:\n" + describe(rules.political[0]))


if __name__ == "__main__":
    main()
