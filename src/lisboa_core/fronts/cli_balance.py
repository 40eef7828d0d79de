"""``lisboa balance A B``: a paired balance study of two catalogues of any game (``--game``;
the work is done by :mod:`lisboa_core.studies.balance`); :func:`add_parsers` registers it on
the ``lisboa`` command line.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import attrs

from lisboa_core.bots.basic import make_bot
from lisboa_core.errors import LisboaError
from lisboa_core.fronts.cli_args import at_least, whole_number
from lisboa_core.studies.balance import compare, load_catalogue
from lisboa_core.studies.simulation import GameResult, Progress

__all__ = ["add_parsers", "ray_option"]


def ray_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--ray [ADDRESS]`` (run the games as Ray tasks) to a command."""
    parser.add_argument(
        "--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
        help="run the games on Ray (pip install 'lisboa_core[ray]'): a local Ray with "
        "--jobs CPUs, or the cluster at ADDRESS (e.g. 10.0.0.5:6379)",
    )


def ray_backend(args: argparse.Namespace) -> tuple[str, str | None]:
    """The ``backend`` and ``ray_address`` arguments of ``simulate`` for ``--ray``."""
    if args.ray is None:
        return "processes", None
    return "ray", None if args.ray == "local" else args.ray


def _balance_command(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    if not names:
        raise LisboaError("--bots needs at least one bot name")
    for name in names:
        make_bot(name)
    rules_a, rules_b = load_catalogue(args.a, args.game), load_catalogue(args.b, args.game)
    for rules in (rules_a, rules_b):  # what the overlays add beyond the game's counts
        for note in getattr(rules, "overlay_notes", ()):
            if note.code == "warning" and not args.quiet:
                print(note.render(), file=sys.stderr)
    label_a, label_b = _labels(args)
    progress = None
    if not args.quiet and (args.progress or sys.stderr.isatty()):
        progress = Progress(2 * args.games, "games", sys.stderr)

    def arrived(result: GameResult) -> None:
        if progress is not None:
            progress.update()

    backend, address = ray_backend(args)
    started = time.monotonic()
    report = compare(
        rules_a, rules_b, args.players, args.games, args.seed, names, jobs=args.jobs,
        rotate=not args.no_rotate, backend=backend, ray_address=address, on_result=arrived,
        game=args.game,
    )
    report = attrs.evolve(report, label_a=label_a, label_b=label_b)
    if progress is not None:
        progress.close()
    if args.json:
        print(json.dumps(report.to_dict(), indent=1))
    else:
        print(report.to_text())
    if args.html:
        report.to_html(args.html)
        if not args.quiet:
            print(f"wrote {args.html}", file=sys.stderr)
    if not args.quiet:
        print(f"played {2 * args.games} game(s) in {time.monotonic() - started:.1f} s",
              file=sys.stderr)
    return 0


def _labels(args: argparse.Namespace) -> tuple[str, str]:
    """What the report calls A and B: ``--label-a``/``--label-b`` (or ``--label A=...``),
    else the catalogues as given on the command line (``shipped``, ``my_cards.lsb``)."""
    labels = {"A": args.label_a, "B": args.label_b}
    for given in args.labels:
        side, equals, text = given.partition("=")
        if not equals or side.strip().upper() not in labels or not text.strip():
            raise LisboaError(f"--label: expected A=NAME or B=NAME, got {given!r}")
        labels[side.strip().upper()] = text.strip()
    return labels["A"] or args.a, labels["B"] or args.b


def add_parsers(subparsers: Any) -> None:
    """Add the ``balance`` command to the ``lisboa`` command line."""
    study = subparsers.add_parser(
        "balance",
        help="compare two catalogues over paired games",
        description=(
            "Play GAMES paired games (same seeds, same bots in the same seats) with "
            "catalogue A and catalogue B and report win rates per bot and per seat, mean "
            "points per score category and the games where a changed card was used, each "
            "difference with a 95% interval (or 'no significant difference'; 'the same in "
            "every pair' when no pair differs; 'no information' for a bot that wins every "
            "game or none either way). A and B: 'shipped', a folder of card files (a whole "
            "catalogue), or card files separated by commas (an overlay on the shipped "
            "cards); the report calls them so unless --label-a/--label-b say otherwise."
        ),
    )
    study.add_argument("a", metavar="A", help="the first catalogue (e.g. shipped)")
    study.add_argument("b", metavar="B", help="the second catalogue (e.g. my_cards.lsb)")
    study.add_argument("--games", type=at_least(1), default=100,
                       help="paired games, 1 or more (default 100)")
    study.add_argument("--players", type=whole_number, default=None,
                       help="a player count of the game (default: its usual one; Lisboa: 4)")
    study.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    study.add_argument("--bots", default="greedy",
                       help="comma-separated bots, cycled over the seats (default greedy: the "
                       "same bot everywhere, so a seat wins by what the cards give it; a "
                       "stronger bot against a weaker one wins either way and says nothing)")
    study.add_argument("--label-a", metavar="NAME", default="",
                       help="what the report calls catalogue A (default: A as given)")
    study.add_argument("--label-b", metavar="NAME", default="",
                       help="what the report calls catalogue B (default: B as given)")
    study.add_argument("--label", dest="labels", action="append", default=[],
                       metavar="A=NAME", help="the same as --label-a NAME (A=NAME) or "
                       "--label-b NAME (B=NAME)")
    study.add_argument("--no-rotate", action="store_true",
                       help="keep each bot in its seat (default: shift them a seat each game)")
    study.add_argument("--jobs", type=at_least(1), default=1,
                       help="worker processes or local Ray CPUs (default 1)")
    ray_option(study)
    study.add_argument("--json", action="store_true", help="print the report as JSON")
    study.add_argument("--html", metavar="FILE",
                       help="also write an HTML report with plots (needs lisboa_core[balance])")
    study.add_argument("--progress", action="store_true",
                       help="draw the progress bar even when stderr is not a terminal")
    study.add_argument("--quiet", action="store_true", help="nothing on stderr")
    study.set_defaults(run=_balance_command)
