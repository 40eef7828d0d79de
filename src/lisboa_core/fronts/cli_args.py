"""Argument types shared by the ``lisboa`` commands: each refuses a bad value with a usage
error (exit status 2) that names the valid range; and the catalogue options every command
that reads cards takes (``--cards``, ``--overlay``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from typing import Any

__all__ = [
    "at_least", "catalogue_options", "check_players", "load_catalogue", "one_of", "played_by",
    "whole_number",
]


def whole_number(text: str) -> int:
    """``text`` as an integer, or a usage error."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def at_least(low: int) -> Callable[[str], int]:
    """An argument type for integers of ``low`` or more."""

    def parse(text: str) -> int:
        value = whole_number(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, got {value}")
        return value

    parse.__name__ = f"an integer >= {low}"  # argparse names the type in some messages
    return parse


def one_of(choices: Iterable[str], what: str) -> Callable[[str], str]:
    """An argument type accepting only ``choices`` (listed in the message when refused)."""
    allowed = tuple(choices)

    def parse(text: str) -> str:
        if text not in allowed:
            raise argparse.ArgumentTypeError(
                f"unknown {what} {text!r}; choose from: {', '.join(allowed)}"
            )
        return text

    return parse


def played_by(found: Any) -> str:
    """``"Lisboa is played by 2, 3 or 4 players"``: the player counts of a game (a
    :class:`~lisboa_core.games.Game`) in a usage error."""
    counts = [str(n) for n in sorted(found.players)]
    listed = counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"
    return f"{found.title} is played by {listed} players"


def check_players(args: argparse.Namespace, found: Any) -> str | None:
    """Give ``args.players`` its default for the game ``found`` (its usual count, or its
    fewest when the command sets ``fewest_players``) when none was given; why the count given
    is not the game's (a usage error), or None."""
    if getattr(args, "players", False) is None:
        fewest = getattr(args, "fewest_players", False)
        args.players = min(found.players) if fewest else found.default_players
    players = getattr(args, "players", None)
    if players is not None and players not in found.players:
        return f"argument --players: {played_by(found)}"
    return None


def catalogue_options(parser: argparse.ArgumentParser, what: str = "to use") -> None:
    """Add ``--cards PATH`` and ``--overlay FILE`` (both repeatable) to a command that reads
    cards; ``what`` ends their help (``the game was played with``)."""
    parser.add_argument("--cards", dest="paths", action="append", default=[], metavar="PATH",
                        help=f"card folder or file {what} instead of the shipped catalogue "
                        "(repeatable)")
    parser.add_argument("--overlay", action="append", default=[], metavar="FILE",
                        help=f"card file or folder laid over the catalogue {what}: its "
                        "components replace those of the same id and kind, or are added "
                        "(repeatable)")


def load_catalogue(args: argparse.Namespace, found: Any) -> Any:
    """The catalogue of ``found`` (a :class:`~lisboa_core.games.Game`) that ``--cards`` and
    ``--overlay`` name (its shipped one without them). What the overlay adds beyond the
    game's counts is printed on standard error, located, as a warning."""
    rules = found.load_rules(*args.paths, overlay=args.overlay)
    for note in getattr(rules, "overlay_notes", ()):
        if note.code == "warning":
            print(note.render(), file=sys.stderr)
    return rules
