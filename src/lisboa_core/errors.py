"""The exceptions of lisboa_core. Everything raised for bad input derives from LisboaError."""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

__all__ = [
    "CardSyntaxError",
    "CardValidationError",
    "IllegalMoveError",
    "LisboaDeprecationWarning",
    "LisboaError",
    "Problem",
    "StateFormatError",
]


_FIELD_PATH = re.compile(r"[A-Za-z_][\w-]*(?:\[\d+\]|\.[A-Za-z_][\w-]*)*")


class LisboaError(Exception):
    """Base class of every error lisboa_core raises on purpose.

    Example::

        from lisboa_core import LisboaError, new_game

        try:
            new_game(players=5)
        except LisboaError as err:
            print(err)  # every error raised on purpose derives from LisboaError
    """


class LisboaDeprecationWarning(DeprecationWarning):
    """Warned when a deprecated name is used: the message names its replacement and the
    version that removes it (see the stability policy in the docs).

    Example::

        import warnings
        from lisboa_core.errors import LisboaDeprecationWarning

        warnings.simplefilter("error", LisboaDeprecationWarning)  # make them fail tests
    """


@attrs.frozen(slots=True)
class Problem:
    """One problem found in a card file, printed like a linter message.

    ``code`` is a stable code (``LB103``) documented in the card-language reference;
    ``source_line`` is the offending line, shown under the message with a caret.

    Example::

        from lisboa_core import Problem

        problem = Problem("cards.lsb", 3, 11, "LB103", "unknown good 'rocks'", "  on sell rocks: x")
        assert problem.render().startswith("cards.lsb:3:11: LB103 unknown good 'rocks'")
    """

    file: str
    line: int
    column: int
    code: str
    message: str
    source_line: str = ""

    def render(self) -> str:
        """``path:line:col: CODE message``, then the line and a caret under the column.

        A problem of a whole file or catalogue (line 0) is ``path: CODE message``.
        """
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        head = f"{where}: {self.code} {self.message}"
        if not self.source_line:
            return head
        caret = " " * (max(self.column, 1) - 1) + "^"
        return f"{head}\n    {self.source_line}\n    {caret}"


class _ProblemsError(LisboaError):
    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(p.render() for p in self.problems))


class CardSyntaxError(_ProblemsError):
    """A card file does not follow the grammar (file, line, column, caret, what was expected).

    Example::

        from pathlib import Path
        from lisboa_core import CardSyntaxError, load_rules

        Path("broken.lsb").write_text("clergy C90 {", encoding="utf-8")
        try:
            load_rules("broken.lsb")
        except CardSyntaxError as err:
            assert err.problems[0].code == "LB001"
    """


class CardValidationError(_ProblemsError):
    """Card files parse but break the schema, the vocabulary or the counts (all problems).

    Example::

        from pathlib import Path
        from lisboa_core import CardValidationError, load_rules

        Path("wrong.lsb").write_text(chr(10).join([
            'clergy C90 "x" {', "  wigs 2", "  on sell rocks: gain 1 reis",
            "  provenance reconstructed wigs", "}"]), encoding="utf-8")
        try:
            load_rules(overlay=["wrong.lsb"])
        except CardValidationError as err:
            print(err.problems[0].render())  # wrong.lsb:3:11: LB103 unknown good 'rocks' ...
    """


class IllegalMoveError(LisboaError):
    """A move was applied that is not legal in the state; the message says why.

    Example::

        from lisboa_core import IllegalMoveError, Move, apply, new_game

        state = new_game(players=2, seed=1)
        try:
            apply(state, Move("sell", ("gold", "p0.1")))
        except IllegalMoveError as err:
            print(err)  # sell gold p0.1: seat ... must now decide 'keep-clergy'; ...
    """


class StateFormatError(LisboaError):
    """A saved state or record is malformed; the message names the field.

    The message starts with the field's path when there is one
    (``players[2].goods[1]: expected a number 0 or more, got -1``); :attr:`field` gives it.

    Example::

        from lisboa_core import StateFormatError, from_json

        try:
            from_json('{"format": "lisboa-state", "version": 9}')
        except StateFormatError as err:
            assert err.field == "version"
    """

    @property
    def field(self) -> str | None:
        """The path of the offending field (``players[2].goods[1]``), or ``None`` when the
        problem is the whole text (not JSON, an inconsistent state)."""
        head, sep, _rest = str(self).partition(": ")
        return head if sep and _FIELD_PATH.fullmatch(head) else None
