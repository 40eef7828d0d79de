"""The ``lisboa replay FILE`` command: re-apply a game record and print the score.

Built only on the public API (:class:`~lisboa_core.GameRecord`, :func:`~lisboa_core.replay`,
:func:`~lisboa_core.score`). :func:`add_parsers` registers the command.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .catalog import load_rules
from .engine.scoring import score
from .records import GameRecord, replay
from .render import render_score_sheet

__all__ = ["add_parsers"]


def _replay_command(args: argparse.Namespace) -> int:
    record = GameRecord.load(args.file)
    rules = load_rules(*args.paths)
    result = replay(record, rules)
    if args.verbose:
        for number, (seat, text) in enumerate(result.log, start=1):
            print(f"{number:5d}  seat {seat}  {text}")
    if result.failed_at is not None:
        text = record.moves[result.failed_at]
        print(f"move {result.failed_at + 1} (`{text}`) is illegal: {result.reason}",
              file=sys.stderr)
        return 1
    final = result.final
    over = not final.pending
    print(
        f"replayed {len(result.log)} moves: {record.players} players, seed {record.seed}, "
        f"catalogue {record.catalogue}; "
        + (f"game over after {final.turn} turns" if over else f"game not over (turn {final.turn})")
    )
    print("final score:" if over else "score if the game ended now (a projection):")
    names = record.names if len(record.names) == record.players else ()
    print(render_score_sheet(score(final), names))
    if result.reason is not None:
        print(result.reason, file=sys.stderr)
        return 1
    return 0


def add_parsers(subparsers: Any) -> None:
    """Add the ``replay`` command to the ``lisboa`` command line.

    :param subparsers: what ``ArgumentParser.add_subparsers()`` returned; the command sets
        ``run`` to the function that runs it (returning the exit status).
    """
    parser = subparsers.add_parser(
        "replay",
        help="re-apply a game record and print the final score",
        description=(
            "Re-apply the moves of a game record (GameRecord JSON) from the start of its "
            "game, then print the score sheet. Exits 1 naming the first illegal move (move "
            "numbers count from 1), or if the final state differs from the recorded digest."
        ),
    )
    parser.add_argument("file", help="the record file (JSON)")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="print every move: its number, the seat and the notation")
    parser.add_argument(
        "--cards",
        dest="paths",
        action="append",
        default=[],
        help="card folder or file the game was played with (default: shipped catalogue)",
    )
    parser.set_defaults(run=_replay_command)
