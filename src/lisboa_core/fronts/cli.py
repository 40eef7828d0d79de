"""The ``lisboa`` command line (``lisboa cards check|show|list``, ``lisboa games``, ...).

``--game NAME`` (before or after the command; default ``lisboa``) chooses the game every
command plays, checks cards of, serves or studies: one of :func:`lisboa_core.games.games`
(``lisboa games`` lists them). Every command that reads cards takes ``--cards PATH`` (a
catalogue of one's own) and ``--overlay FILE`` (files laid over it); ``--extension MODULE``
(before or after the command, repeatable) imports user code that registers effects first.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

from lisboa_core._deprecation import moved
from lisboa_core.bots.basic import BOTS
from lisboa_core.dsl.ast import Field
from lisboa_core.dsl.catalogue import card_files
from lisboa_core.dsl.format import format_component
from lisboa_core.dsl.parser import parse_file
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.errors import CardSyntaxError, CardValidationError, LisboaError
from lisboa_core.extend import load_extensions
from lisboa_core.fronts.cli_args import (
    at_least,
    catalogue_options,
    check_players,
    load_catalogue,
    one_of,
    whole_number,
)
from lisboa_core.games import Game, default_game, games
from lisboa_core.games import game as _game

__all__ = ["main"]


def _problems(err: CardSyntaxError | CardValidationError) -> int:
    for problem in err.problems:
        print(problem.render())
    print(f"{len(err.problems)} problem(s) found")
    if any(p.code == "LB110" for p in err.problems):
        print("(an effect kind registered from your own code needs its module: "
              "--extension MODULE)")
    return 1


def _notes(rules: object) -> None:
    """What the overlay replaced and added, one located line each (a warning for an
    addition beyond the game's counts)."""
    for note in getattr(rules, "overlay_notes", ()):
        print(note.render())


def _game_notes(found: Game, args: argparse.Namespace) -> None:
    """:func:`_notes` for a game whose catalogue does not keep them: each component of the
    overlay files against the catalogue they are laid over."""
    written = _written(found, args.paths)
    for path in card_files(args.overlay):
        for comp in parse_file(path).components:
            old = written.get(comp.id)
            if old is None:
                print(f"{comp.loc}: adds {comp.kind} {comp.id}")
            else:
                print(f"{comp.loc}: replaces {old.kind} {comp.id} (defined at {old.loc})")


def _game_cards_check(found: Game, args: argparse.Namespace) -> int:
    """``cards check`` of a catalogue read whole. Single files are read over the shipped
    cards (replacing or adding by id), so a file of new cards is not a wrong count."""
    files = bool(args.paths) and not any(os.path.isdir(p) for p in args.paths)
    try:
        if files:
            rules = found.load_rules(overlay=[*args.paths, *args.overlay])
        else:
            rules = found.load_rules(*args.paths, overlay=args.overlay)
    except (CardSyntaxError, CardValidationError) as err:
        return _problems(err)
    if files:
        print(f"ok: {len(args.paths)} file(s) checked over the shipped {found.title} cards, "
              f"catalogue digest {rules.digest}")
        return 0
    with_overlay = " with the overlay" if args.overlay else ""
    if args.overlay and hasattr(rules, "overlay_notes"):
        _notes(rules)
    elif args.overlay:
        _game_notes(found, args)
    title = "" if found.unnamed else f"{found.title} "
    try:  # a game's catalogue class need not count its components
        what = f"{len(rules)} {title}components"
    except TypeError:
        what = f"the {found.title} catalogue"
    print(f"ok: {what}{with_overlay}, catalogue digest {rules.digest}")
    return 0


def _cards_check(args: argparse.Namespace) -> int:
    args.paths = [*args.paths, *args.more_paths]
    found = _game(args.game)
    problems = None if args.overlay else found.lint_cards(*args.paths)
    if problems:  # the same stream as the problems
        return _problems(CardValidationError(problems))
    if problems is not None and args.paths and not all(os.path.isdir(p) for p in args.paths):
        print(f"ok: {len(args.paths)} file(s) linted on their own (no catalogue-wide counts)")
        return 0
    return _game_cards_check(found, args)


def _cards_show(args: argparse.Namespace) -> int:
    found = _game(args.game)
    rules = load_catalogue(args, found)
    syntax = _written(found, [*args.paths], args.overlay).get(args.id)
    if syntax is None:
        print(f"no {found.title} component with id {args.id!r}", file=sys.stderr)
        return 1
    print(format_component(syntax))
    with contextlib.suppress(KeyError):  # a catalogue may index its parts, not the card
        print(found.describe_component(rules, args.id))
    return 0


def _written(found: Game, paths: Sequence[str], overlay: Sequence[str] = ()
             ) -> dict[str, Any]:
    """Each component as the card files write it (with its ``file:line:col``), by id: the
    files of ``paths`` (the game's shipped cards without them), then ``overlay``'s, a later
    one replacing an earlier one with its id. Read from the files, so it works for a game
    whose catalogue does not keep where each component came from."""
    written: dict[str, Any] = {}
    for path in (*card_files(paths or [cards_dir(found.name)]), *card_files(overlay)):
        written.update((c.id, c) for c in parse_file(path).components)
    return written


def _written_kinds(found: Game, args: argparse.Namespace) -> dict[str, str]:
    """Each component's kind as its card file writes it, by id (read from the files)."""
    return {ident: c.kind for ident, c in _written(found, args.paths, args.overlay).items()}


def _provenance(component: Any) -> str:
    """The ``provenance`` field of a written component as written, or ``?``."""
    for item in component.items:
        if isinstance(item, Field) and str(item.key) == "provenance" and item.values:
            return " ".join(str(v) for v in item.values)
    return "?"


def _cards_list(args: argparse.Namespace) -> int:
    found = _game(args.game)
    rules = load_catalogue(args, found)
    rows = found.list_components(rules, args.kind)
    if rows is None:  # the game lists nothing itself: its components as the files write them
        written = _written(found, args.paths, args.overlay)
        rows = [{"id": c.id, "kind": c.kind, "name": c.name, "provenance": _provenance(c)}
                for c in written.values() if args.kind in (None, c.kind)]
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    wide = max((len(str(row["id"])) for row in rows), default=0)
    for row in rows:
        print(f"{row['id']!s:{max(12, wide)}} {row['kind']!s:16} {row['provenance']!s:14} "
              f"{row['name'] or ''}")
    return 0


def _cards_summary(args: argparse.Namespace) -> int:
    found = _game(args.game)
    print(found.render_catalogue(load_catalogue(args, found)))
    return 0


def _games(_args: argparse.Namespace) -> int:
    for name in games():
        found = _game(name)
        print(f"{name:14} {found.title}, {found.player_counts()} players")
    return 0


class _ListGames(argparse.Action):
    """``--list-games``: print the games and exit (like ``--version``)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        _games(namespace)
        parser.exit()


def _engine(args: argparse.Namespace) -> int:
    from lisboa_core.fronts.engine_protocol import serve

    found = _game(args.game)
    rules = load_catalogue(args, found) if args.paths or args.overlay else None
    return serve(rules=rules, game=found)


def _check_list(args: argparse.Namespace) -> str | None:
    """``cards list --kind``: a kind of the game chosen (Lisboa: its card-file keyword or
    JSON name; another game: a keyword its card files use)."""
    if args.kind is None:
        return None
    found = _game(args.game)
    words = getattr(found, "vocabulary", None)
    if words is not None:
        known = list(words.kind_names())
    else:
        try:
            load_catalogue(args, found)  # the cards' problems first
            known = sorted(set(_written_kinds(found, args).values()))
        except LisboaError:
            return None  # the command reports the cards' problems
    if args.kind in known:
        return None
    return f"argument --kind: unknown kind {args.kind!r}; choose from: {', '.join(known)}"


def _parser() -> argparse.ArgumentParser:
    from lisboa_core import BUILD
    from lisboa_core._version import __version__

    parser = argparse.ArgumentParser(prog="lisboa", description="The Lisboa rules engine.")
    parser.add_argument(
        "--version", action="version", version=f"lisboa {__version__} ({BUILD} build)"
    )
    parser.add_argument("--game", type=one_of(games(), "game"), default=None,
                        help=f"the game to play, check, serve or study ({', '.join(games())}; "
                        "default lisboa); also accepted after the command")
    parser.add_argument("--extension", dest="extensions", action="append", default=[],
                        metavar="MODULE", help=_EXTENSION_HELP)
    parser.add_argument("--list-games", action=_ListGames, nargs=0,
                        help="list the installed games with their player counts, and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    listing_games = sub.add_parser("games", help="list the installed games and their player "
                                   "counts")
    listing_games.set_defaults(run=_games)
    cards = sub.add_parser("cards", help="check, show and list card files")
    cards_sub = cards.add_subparsers(dest="cards_command", required=True)

    check = cards_sub.add_parser("check", help="validate card files; exit 1 listing problems")
    check.add_argument("paths", nargs="*", help="card files or folders (default: shipped)")
    check.add_argument("--cards", dest="more_paths", action="append", default=[],
                       metavar="PATH", help="the same as giving PATH, as every command "
                       "takes a catalogue")
    check.add_argument("--overlay", action="append", default=[], metavar="PATH",
                       help="card file or folder on top of the catalogue: its components "
                       "replace those of the same id and kind or are added; says which "
                       "(repeatable)")
    check.set_defaults(run=_cards_check)

    show = cards_sub.add_parser("show", help="canonical text and English of one component")
    show.add_argument("id")
    catalogue_options(show)
    show.set_defaults(run=_cards_show)

    listing = cards_sub.add_parser("list", help="list components")
    listing.add_argument("--kind", help="only this kind (e.g. clergy or public_building; "
                         "for another game, a kind its card files write, e.g. plantation)")
    listing.add_argument("--json", action="store_true", help="print a JSON array")
    catalogue_options(listing)
    listing.set_defaults(run=_cards_list, check=_check_list)

    summary = cards_sub.add_parser("summary", help="counts by kind and provenance")
    catalogue_options(summary)
    summary.set_defaults(run=_cards_summary)

    from lisboa_core.fronts.cli_play import add_parsers as add_play_parsers

    add_play_parsers(sub)
    from lisboa_core.fronts.cli_balance import add_parsers as add_balance_parsers

    add_balance_parsers(sub)
    from lisboa_core.fronts.cli_records import add_parsers as add_record_parsers

    add_record_parsers(sub)
    engine = sub.add_parser(
        "engine",
        help="drive the engine over JSON lines on stdin/stdout (for front ends)",
        description="Read one JSON request per line on standard input and answer each with "
        "one JSON line on standard output (see the engine protocol page of the docs).",
    )
    catalogue_options(engine, "to play with")
    engine.set_defaults(run=_engine)
    table = sub.add_parser(
        "serve",
        help="play in a browser against the bots (a local web server)",
        description="Start a web server where a person plays one seat against the built-in "
        "bots in a browser (needs the extra: pip install 'lisboa_core[serve]'). Binds "
        "127.0.0.1 unless --host says otherwise; an address beyond loopback needs --public.",
    )
    table.add_argument("--host", default="127.0.0.1", help="address to bind (default "
                       "127.0.0.1; one beyond loopback, such as 0.0.0.0, needs --public)")
    table.add_argument("--public", action="store_true",
                       help="allow --host beyond loopback: anyone who can reach the port can "
                       "play (a warning is printed); the table then answers to IP addresses "
                       "and to the names allowed")
    table.add_argument("--allow-host", dest="allow_hosts", action="append", default=[],
                       metavar="NAME", help="a host name the table also answers to (the Host "
                       "header; repeatable), such as this machine's name on the network")
    table.add_argument("--port", type=at_least(0), default=8000,
                       help="port (default 8000; 0 picks a free one and prints it)")
    table.add_argument("--players", type=whole_number, default=None,
                       help="a player count of the game (default: its fewest; Lisboa: 2)")
    table.add_argument("--seat", type=at_least(0), default=None,
                       help="your seat (default 0; with --resume, the seat named 'you' in "
                       "the saved game)")
    table.add_argument("--resume", metavar="FILE",
                       help="open the table on a saved game (a game record: the table's Save "
                       "link, `lisboa play --autosave` or `save FILE`, or any record); its "
                       "game, players and seed are used")
    table.add_argument("--bots", default="greedy",
                       help="bots for the other seats, comma-separated (default greedy)")
    table.add_argument("--seed", type=whole_number, default=0, help="the first game's seed")
    table.add_argument("--confirm-forced", action="store_true",
                       help="ask even at a decision with one legal move (by default that "
                       "move is played for you, and shown among the events)")
    catalogue_options(table, "to play with")
    table.set_defaults(run=_serve, check=_check_serve, fewest_players=True)
    _game_option_everywhere(sub, (check, show, listing, summary))
    return parser


_EXTENSION_HELP = ("a Python module to import first: user code that registers effects, "
                   "events or subjects (lisboa_core.extend), so cards using them can be "
                   "checked, played and studied (repeatable; the entry points of the group "
                   "lisboa_core.extensions are loaded too); also accepted after the command")


def _game_option_everywhere(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                            more: Sequence[argparse.ArgumentParser]) -> None:
    """``--game`` and ``--extension`` after the command too (``lisboa simulate --game
    puerto-rico``); a ``--game`` given there wins over the one before the command, the
    extensions of both places are loaded."""
    for command in (*sub.choices.values(), *more):
        if command.get_default("run") is None or command.prog.endswith(" games"):
            continue  # ``cards`` itself (its commands have it), ``games``
        command.add_argument("--game", type=one_of(games(), "game"),
                             default=argparse.SUPPRESS,
                             help="the game (as --game before the command)")
        command.add_argument("--extension", dest="more_extensions", action="append",
                             default=argparse.SUPPRESS, metavar="MODULE",
                             help="as --extension before the command")


def _check_serve(args: argparse.Namespace) -> str | None:
    if args.resume is None and (args.seat or 0) >= args.players:
        return f"--seat: must be 0 to {args.players - 1} for {args.players} players"
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    unknown = [n for n in names if n not in BOTS and ":" not in n]
    if not names or unknown:
        return f"--bots: the built-in bots are {', '.join(sorted(BOTS))} (or module:name)"
    for name in args.allow_hosts:
        if not _HOST_NAME.fullmatch(name):
            return (f"--allow-host: expected a host name or IP address, without scheme, "
                    f"port or path, got {name!r}")
    return None


_HOST_NAME = re.compile(r"[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.?|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*")


def _serve(args: argparse.Namespace) -> int:
    try:
        from lisboa_core.fronts.serve import run
    except ImportError as err:
        print(f"lisboa serve needs the serve extra ({err.name} is missing): "
              "pip install 'lisboa_core[serve]'", file=sys.stderr)
        return 1
    bots = [n.strip() for n in args.bots.split(",") if n.strip()]
    record = None
    if args.resume is not None:
        from lisboa_core.persistence.records import GameRecord

        record = GameRecord.load(args.resume)
        if args.game_given and record.game != args.game:
            raise LisboaError(f"{args.resume} is a game of {record.game}, not {args.game}")
        args.game = record.game
    rules = load_catalogue(args, _game(args.game)) if args.paths or args.overlay else None
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how the table is closed
        run(args.host, args.port, players=args.players, seat=args.seat, bots=bots,
            seed=args.seed, rules=rules, public=args.public, allow_hosts=args.allow_hosts,
            game=args.game, resume=record, confirm_forced=args.confirm_forced)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Bad arguments are usage errors (exit 2, naming the valid values); errors in the files
    or moves given exit 1 with one line saying why; output cut short by a closed pipe
    (``lisboa cards list | head``) ends quietly.
    """
    parser = _parser()
    args = parser.parse_args(argv)
    args.game_given = args.game is not None  # a record names its game: --game must agree
    args.game = args.game or "lisboa"
    try:
        # before anything reads cards: the extensions' effects are words of the language
        load_extensions([*args.extensions, *getattr(args, "more_extensions", [])])
    except LisboaError as err:
        print(f"lisboa: {err}", file=sys.stderr)
        return 1
    problem = check_players(args, _game(args.game))
    check = getattr(args, "check", None)
    if problem is None and check is not None:
        problem = check(args)
    if problem is not None:
        parser.error(problem)
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        return _closed_pipe()
    except LisboaError as err:
        print(err, file=sys.stderr)
        return 1
    except OSError as err:
        print(f"lisboa: {err}", file=sys.stderr)
        return 1
    return status


def _closed_pipe() -> int:
    # The reader went away: send what is still buffered nowhere, so the interpreter's
    # final flush does not print "Broken pipe", and exit like a command killed by SIGPIPE.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return 128 + 13


__getattr__ = moved(  # names that moved out of this module in 0.2
    __name__, {"summary_table":
    ("lisboa_core.games.lisboa.render.render_catalogue(load_rules(*paths))",
                                 lambda: _summary_table)}, "0.3")


def _summary_table(paths: Sequence[str] = ()) -> str:
    found = default_game()
    return str(found.render_catalogue(found.load_rules(*paths)))
