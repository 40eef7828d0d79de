"""The main job: check the catalogue, then watch a full 4-player game between built-in bots.

Seats 0 and 2 are greedy bots (``GreedyBot``: one decision of lookahead on a state sampled
from what the seat may see), seats 1 and 3 random bots. Prints the catalogue summary, a
turn-by-turn log (who acted, the main action in words, what the seat gained, then every
decision in move notation) and the final score sheet with every category.
"""

from __future__ import annotations

from lisboa_core import GreedyBot, Move, RandomBot, load_rules, play_game, score
from lisboa_core.games.lisboa import State
from lisboa_core.render import render_catalogue, render_score_sheet

SEED = 2026
BOTS = (GreedyBot(seed=1), RandomBot(seed=2), GreedyBot(seed=3), RandomBot(seed=4))
GOODS = ("gold", "books", "cloth", "tools")  # the order of PlayerState.goods
VERBS = {
    "tuck": "tucks {card}",
    "visit": "visits a noble with {card}",
    "sponsor": "sponsors with {card}",
    "gold": "discards {card} for 1 gold",
}


def snapshot(state: State, seat: int) -> dict[str, int]:
    """The numbers of one seat that the log reports changes of."""
    p = state.players[seat]
    return {
        "wigs": p.wigs,
        "reis": p.reis,
        "influence": p.influence,
        **{good: n for good, n in zip(GOODS, p.goods, strict=True)},
        "stores": sum(1 for _land, owner, _street in state.stores if owner == seat),
        "plans": len(p.plans),
        "completed plans": len(p.completed),
        "decrees": len(p.decrees),
        "clergy tiles": len(p.clergy),
        "favors": len(p.favors),
        "rubble": sum(p.rubble),
    }


def changes(before: dict[str, int], after: dict[str, int]) -> str:
    """``wigs +3, reis -2, ...``: every number that changed."""
    parts = [f"{k} {after[k] - before[k]:+d}" for k in before if after[k] != before[k]]
    return ", ".join(parts) or "no change"


class TurnLog:
    """Collects the decisions of each turn and prints the turn when the next one starts."""

    def __init__(self) -> None:
        self.rules = load_rules()
        self.moves: list[str] = []
        self.heading = "setup: each seat keeps one of two clergy tiles"
        self.seat: int | None = None
        self.start: dict[str, int] = {}
        self.decisions = 0

    def on_move(self, before: State, move: Move, after: State) -> None:
        """Called by ``play_game`` after every decision."""
        self.decisions += 1
        seat = before.to_act
        assert seat is not None
        if before.pending[-1].kind == "turn":  # the turn's main choice: a new turn starts
            self.flush(before)
            card = str(move.args[0])
            name = self.rules[card].name
            words = VERBS[move.kind].format(card=f"{card} ({name})")
            bot = BOTS[seat].name
            self.heading = f"turn {before.turn + 1:>2}, seat {seat} ({bot}) {words}"
            self.seat, self.start = seat, snapshot(before, seat)
        text = str(move)
        self.moves.append(text if seat == self.seat else f"[seat {seat}: {text}]")

    def flush(self, state: State) -> None:
        """Print the turn collected so far (``state``: the position after it)."""
        if not self.moves:
            return
        if self.seat is not None:
            print(f"{self.heading}: {changes(self.start, snapshot(state, self.seat))}")
        else:
            print(self.heading)
        print("    " + "; ".join(self.moves))
        self.moves = []


def main() -> None:
    """Run the demo."""
    rules = load_rules()
    print(f"Lisboa catalogue: {len(rules)} components, all valid (digest {rules.digest})\n")
    print(render_catalogue(rules))
    names = ", ".join(f"seat {i} {bot.name}" for i, bot in enumerate(BOTS))
    print(f"\nA 4-player game between built-in bots ({names}), seed {SEED}\n")
    log = TurnLog()
    final, moves = play_game(BOTS, seed=SEED, on_move=log.on_move)
    log.flush(final)
    print(f"\nGame over after {final.turn} turns and {len(moves)} decisions.\n")

    print(render_score_sheet(score(final), names=[bot.name for bot in BOTS]))
    print("(ties broken by sets, stores, completed plans, reis: R16.9)")

if __name__ == "__main__":
    main()
