"""The ``lisboa replay FILE`` and ``lisboa show FILE`` commands: re-apply a game record and
print the score, or show a position of it.

Built only on the public API (:class:`~lisboa_core.GameRecord`, :func:`~lisboa_core.replay`,
and the record's game: its score, text and picture), so a record of any game replays under
its own game; a ``--game`` that names another is refused. :func:`add_parsers` registers the
commands.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from lisboa_core._deprecation import moved
from lisboa_core.core.chance import CHANCE
from lisboa_core.errors import LisboaError
from lisboa_core.fronts.cli_args import at_least, catalogue_options, load_catalogue
from lisboa_core.fronts.score_sheet import sheet_text
from lisboa_core.games import Game
from lisboa_core.games import game as _game
from lisboa_core.persistence.files import write_atomic
from lisboa_core.persistence.records import GameRecord, replay

__all__ = ["add_parsers"]


def _game_of_record(record: GameRecord, args: argparse.Namespace) -> Game:
    """The record's game; a ``--game`` naming another is an error."""
    if getattr(args, "game_given", False) and args.game != record.game:
        raise LisboaError(f"{args.file} is a record of {record.game}, not of {args.game}: "
                          f"leave out --game (a record names its game)")
    return _game(record.game)


def _catalogue_of_record(record: GameRecord, found: Game, args: argparse.Namespace) -> Any:
    """The catalogue ``--cards`` and ``--overlay`` give, which must be the one the record
    was played with (its digest), or an error saying so."""
    rules = load_catalogue(args, found)
    if rules.digest != record.catalogue:
        given = ("the shipped catalogue is" if not args.paths and not args.overlay
                 else "the --cards and --overlay given make")
        raise LisboaError(
            f"{args.file} was played with catalogue {record.catalogue}, but {given} "
            f"catalogue {rules.digest}: the digests differ; give the card files it was "
            f"played with (--cards for a catalogue, --overlay for files laid over one)")
    return rules


def _replay_command(args: argparse.Namespace) -> int:
    record = GameRecord.load(args.file)
    found = _game_of_record(record, args)
    rules = _catalogue_of_record(record, found, args)
    result = replay(record, rules=rules)
    if args.verbose:
        for number, (seat, text) in enumerate(result.log, start=1):
            who = "chance" if seat == CHANCE else f"seat {seat}"  # a chance step: no seat
            print(f"{number:5d}  {who:<7} {text}")
    if result.failed_at is not None:
        text = record.moves[result.failed_at]
        print(f"move {result.failed_at + 1} (`{text}`) is illegal: {result.reason}",
              file=sys.stderr)
        return 1
    final = result.final
    over = not final.pending
    turn = getattr(final, "turn", None)
    if turn is None:  # a game without turns
        outcome = "game over" if over else "game not over"
    else:
        outcome = f"game over after {turn} turns" if over else f"game not over (turn {turn})"
    which = "" if found.unnamed else f"{found.title}, "
    print(
        f"replayed {len(result.log)} moves: {which}{record.players} players, seed "
        f"{record.seed}, catalogue {record.catalogue}; {outcome}"
    )
    print("final score:" if over else "score if the game ended now (a projection):")
    names = record.names if len(record.names) == record.players else ()
    print(sheet_text(found.score(final), names))
    if result.reason is not None:
        print(result.reason, file=sys.stderr)
        return 1
    return 0


def _show_command(args: argparse.Namespace) -> int:
    record = GameRecord.load(args.file)
    found = _game_of_record(record, args)
    result = replay(record, rules=_catalogue_of_record(record, found, args))
    if result.failed_at is not None:
        print(f"move {result.failed_at + 1} (`{record.moves[result.failed_at]}`) is "
              f"illegal: {result.reason}", file=sys.stderr)
        return 1
    last = len(result.states) - 1
    turn = last if args.turn is None else args.turn
    if turn > last:
        print(f"lisboa show: --turn: the record has {last} moves; give 0 to {last}",
              file=sys.stderr)
        return 2
    state = result.states[turn]
    if args.seat is not None and args.seat >= state.player_count:
        print(f"lisboa show: --seat: the game has seats 0 to {state.player_count - 1}",
              file=sys.stderr)
        return 2
    shown = state if args.seat is None else found.observe(state, args.seat)
    if args.svg is None:
        print(found.render_text(shown))
        return 0
    write_atomic(args.svg, found.svg(shown) + "\n")
    print(f"wrote {args.svg}: the position after move {turn} of {last}")
    return 0


def add_parsers(subparsers: Any) -> None:
    """Add the ``replay`` and ``show`` commands to the ``lisboa`` command line.

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
    catalogue_options(parser, "the game was played with")
    parser.set_defaults(run=_replay_command)

    show = subparsers.add_parser(
        "show",
        help="show the position after a move of a game record (text or SVG)",
        description=(
            "Replay a game record up to a move and print the position as text, or draw it "
            "as an SVG picture with --svg."
        ),
    )
    show.add_argument("file", help="the record file (JSON)")
    show.add_argument("--turn", type=at_least(0), default=None, metavar="N",
                      help="the position after N moves (default: the last one)")
    show.add_argument("--seat", type=at_least(0), default=None,
                      help="draw what this seat sees (default: everything)")
    show.add_argument("--svg", metavar="OUT", default=None,
                      help="write the board picture to this SVG file")
    catalogue_options(show, "the game was played with")
    show.set_defaults(run=_show_command)


__getattr__ = moved(  # names that moved out of this module in 0.2
    __name__, {"format_score_sheet": "lisboa_core.games.lisboa.render.render_score_sheet"},
    "0.3")
