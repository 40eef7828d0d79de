"""Argument types shared by the ``lisboa`` commands: each refuses a bad value with a usage
error (exit status 2) that names the valid range; and the catalogue options every command
that reads cards takes (``--cards``, ``--overlay``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from typing import Any

__all__ = [
    "at_least", "catalogue_options", "check_players", "chosen_options", "load_catalogue", "one_of",
    "played_by", "rule_options",
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
    game's counts is printed on standard error, located, as a warning (unless the command
    was asked to be ``--quiet``)."""
    rules = found.load_rules(*args.paths, overlay=args.overlay)
    for note in getattr(rules, "overlay_notes", ()):
        if note.code == "warning" and not getattr(args, "quiet", False):
            print(note.render(), file=sys.stderr)
    return rules


def rule_options(parser: argparse.ArgumentParser) -> None:
    """A flag for each rule option of every game (:func:`lisboa_core.games.options.option`):
    a switch for a ``bool``, a number for an ``int``; each help names the games declaring it.
    A flag not given is left out of the arguments, so :func:`chosen_options` sees only what
    was asked for."""
    from lisboa_core.games import game, games
    from lisboa_core.games.options import option_fields

    declared: dict[str, tuple[Any, list[str]]] = {}
    for name in games():
        found = game(name)
        for field in option_fields(found.options_type):
            declared.setdefault(field.flag, (field, []))[1].append(found.title)
    for flag, (field, titles) in declared.items():
        text = f"{', '.join(titles)}: {field.text}"
        if field.type is bool:
            parser.add_argument(flag, dest=field.name, action="store_true",
                                default=argparse.SUPPRESS, help=text)
        else:
            choices = field.choices or None
            shown = f"{min(choices)}-{max(choices)}" if choices else "N"
            parser.add_argument(flag, dest=field.name, type=int, choices=choices,
                                default=argparse.SUPPRESS, metavar=shown, help=text)


def chosen_options(args: argparse.Namespace, found: Any) -> Any:
    """The rule options of ``found`` (a game) that the flags of :func:`rule_options` ask for,
    the others at their defaults.

    :raises LisboaError: for a flag of an option ``found`` does not have, naming the games
        that have it.
    """
    from lisboa_core.errors import LisboaError
    from lisboa_core.games import game, games
    from lisboa_core.games.options import option_fields, options_from

    own = {f.name for f in option_fields(found.options_type)}
    given = {k: v for k, v in vars(args).items() if k in _option_names()}
    for name in given:
        if name not in own:
            flag = "--" + name.replace("_", "-")
            others = [game(g).title for g in games()
                      if name in {f.name for f in option_fields(game(g).options_type)}]
            raise LisboaError(f"{flag} is an option of {' and '.join(others)}; {found.title} "
                              "has no such option")
    if not given:
        return found.default_options()
    return options_from(found.options_type, given, found.title)


def _option_names() -> set[str]:
    from lisboa_core.games import game, games
    from lisboa_core.games.options import option_fields

    return {f.name for name in games() for f in option_fields(game(name).options_type)}
