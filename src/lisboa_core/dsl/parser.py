"""Text to syntax tree: the Lark LALR parser and its transformer.

Syntax errors become :class:`~lisboa_core.errors.CardSyntaxError` with the file, line,
column, the line itself with a caret and what the grammar expected, in plain words.
"""

from __future__ import annotations

import itertools
import re
import threading
from functools import cache
from pathlib import Path
from typing import Any

import attrs
from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from lisboa_core.dsl.ast import (
    Alternative,
    CardFile,
    Choice,
    Clause,
    Component,
    Conditional,
    Effect,
    Field,
    Int,
    Item,
    Loc,
    Optional,
    Phrase,
    Ref,
    Section,
    Sequence,
    Text,
    Value,
    Word,
)
from lisboa_core.dsl.resources import grammar_path
from lisboa_core.errors import CardSyntaxError, Problem
from lisboa_core.persistence.files import MAX_CARD_FILE_BYTES, FileTooLargeError, read_bounded

__all__ = ["parse_file", "parse_text", "parse_text_all_errors"]

# What each terminal means to a card author, for "expected ..." messages.
_TERMINAL_WORDS = {
    "KIND": "a component kind (a lower-case word such as building)",
    "ID": "an id such as C99",
    "WORD": "a word",
    "INT": "a number",
    "STRING": 'a quoted name such as "Gold merchant"',
    "_NL": "the end of the line",
    "_LBRACE": "'{'",
    "_RBRACE": "'}'",
    "_LPAR": "'('",
    "_RPAR": "')'",
    "_COLON": "':'",
    "_COMMA": "','",
    "_BAR": "'|'",
    "CHOOSE": "'choose'",
    "ONE": "'one'",
    "UP": "'up'",
    "TO": "'to'",
    "MAY": "'may'",
    "IF": "'if'",
    "$END": "the end of the file",
}


class _ToAst(Transformer[Token, Any]):
    """Builds :mod:`lisboa_core.dsl.ast` nodes while the LALR parser reduces."""

    def __init__(self) -> None:
        super().__init__()
        self.file = "<string>"

    def _loc(self, token: Token) -> Loc:
        return Loc(self.file, token.line or 0, token.column or 0)

    def start(self, children: list[Component]) -> tuple[Component, ...]:
        return tuple(children)

    def component(self, children: list[Any]) -> Component:
        kind, ident, *rest = children
        name = rest[0] if rest and isinstance(rest[0], str) else None
        items = tuple(rest[1:] if name is not None else rest)
        return Component(str(kind), str(ident), name, items, self._loc(kind))

    def name(self, children: list[Token]) -> str:
        return str(children[0])[1:-1]

    def key(self, children: list[Token]) -> Word:
        return Word(str(children[0]), self._loc(children[0]))

    def int_value(self, children: list[Token]) -> Int:
        tok = children[0]
        return Int(int(tok), str(tok).startswith("+"), self._loc(tok))

    def word_value(self, children: list[Token]) -> Word:
        return Word(str(children[0]), self._loc(children[0]))

    def ref_value(self, children: list[Token]) -> Ref:
        return Ref(str(children[0]), self._loc(children[0]))

    def text_value(self, children: list[Token]) -> Text:
        return Text(str(children[0])[1:-1], self._loc(children[0]))

    def field(self, children: list[Any]) -> Field:
        key, *values = children
        return Field(key, tuple(values), key.loc)

    def clause(self, children: list[Any]) -> Clause:
        key, *values, effects = children
        return Clause(key, tuple(values), effects, key.loc)

    def section(self, children: list[Any]) -> Section:
        key = children[0]
        values: list[Value] = []
        items: list[Item] = []
        for child in children[1:]:
            (items if isinstance(child, Field | Clause | Section) else values).append(child)
        return Section(key, tuple(values), tuple(items), key.loc)

    def effects(self, children: list[Effect]) -> Sequence:
        return Sequence(tuple(children), children[0].loc)

    def phrase(self, children: list[Any]) -> Phrase:
        verb_tok, *args = children
        verb = Word(str(verb_tok), self._loc(verb_tok))
        return Phrase(verb, tuple(args), verb.loc)

    def choose_one(self, children: list[Token]) -> None:
        return None

    def choose_up_to(self, children: list[Token]) -> int:
        return int(children[-1])

    def alternative(self, children: list[Sequence]) -> Alternative:
        return Alternative(children[0], children[0].loc)

    def choice(self, children: list[Any]) -> Choice:
        choose_tok, count, *options = children
        return Choice(tuple(options), count, self._loc(choose_tok))

    def optional(self, children: list[Any]) -> Optional:
        may_tok, body = children
        return Optional(body, self._loc(may_tok))

    def conditional(self, children: list[Any]) -> Conditional:
        if_tok, *words, body = children
        return Conditional(tuple(words), body, self._loc(if_tok))


_lock = threading.Lock()


@cache
def _parser() -> tuple[Lark, _ToAst]:
    transformer = _ToAst()
    lark = Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=False,
        transformer=transformer,
    )
    return lark, transformer


def _expected_words(expected: set[str] | frozenset[str] | list[str]) -> str:
    words = sorted({_TERMINAL_WORDS.get(name, name) for name in expected})
    if not words:
        return "something else"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _syntax_problem(err: UnexpectedInput, text: str, file: str) -> Problem:
    lines = text.splitlines()
    line = getattr(err, "line", 0) or 0
    column = getattr(err, "column", 0) or 0
    if isinstance(err, UnexpectedEOF) or line < 1:
        line = max(len(lines), 1)
        column = len(lines[-1]) + 1 if lines else 1
        expected = getattr(err, "expected", None) or []
        message = f"the file ends too early; expected {_expected_words(expected)}"
    elif isinstance(err, UnexpectedCharacters):
        pos = err.pos_in_stream or 0
        char = text[pos] if pos < len(text) else "?"
        message = f"unexpected character {char!r}"
        if err.allowed:
            message += f"; expected {_expected_words(err.allowed)}"
    elif isinstance(err, UnexpectedToken):
        tok = err.token
        shown = "the end of the line" if tok.type == "_NL" else repr(str(tok).strip())
        if tok.type == "$END":
            shown = "the end of the file"
        message = f"expected {_expected_words(err.accepts or err.expected)}, found {shown}"
    else:  # pragma: no cover - Lark has no other UnexpectedInput kinds today
        message = str(err)
    source_line = lines[line - 1] if 0 < line <= len(lines) else ""
    return Problem(file, line, column, "LB001", message, source_line)


def parse_text(text: str, file: str = "<string>") -> CardFile:
    """Parse card-language text into a :class:`~lisboa_core.dsl.ast.CardFile`.

    Raises :class:`~lisboa_core.errors.CardSyntaxError` (code LB001) on the first syntax
    error; ``file`` is only used in locations and messages.
    """
    lark, transformer = _parser()
    with _lock:
        transformer.file = file
        try:
            # The transformer runs inside the parser, so parse returns its result.
            components: tuple[Component, ...] = lark.parse(text)  # type: ignore[assignment]
        except UnexpectedInput as err:
            raise CardSyntaxError([_syntax_problem(err, text, file)]) from None
    return CardFile(components, file)


def read_card_file(path: str | Path) -> tuple[str, Problem | None]:
    """The text of a card file, or a located problem saying why it cannot be used.

    A file that is not UTF-8 is reported at the line and column of its first bad byte; one
    that cannot be opened, or is larger than ``MAX_CARD_FILE_BYTES``, has no line to point
    at (line 0). Only that many bytes are ever read.
    """
    name = str(path)
    try:
        data = read_bounded(path, MAX_CARD_FILE_BYTES, "card file")
    except FileTooLargeError as err:
        return "", Problem(name, 0, 0, "LB001", str(err).removeprefix(f"{name}: "))
    except OSError as err:
        return "", Problem(name, 0, 0, "LB001", f"cannot read file: {err.strerror or err}")
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as err:
        line_start = data.rfind(b"\n", 0, err.start) + 1
        line = data.count(b"\n", 0, err.start) + 1
        line_end = data.find(b"\n", err.start)
        raw = data[line_start : len(data) if line_end < 0 else line_end]
        shown = raw.decode("utf-8", errors="replace").rstrip("\r")
        # Columns count characters, as everywhere else; the bad byte is one replacement.
        column = len(data[line_start : err.start].decode("utf-8", errors="replace")) + 1
        reason = f"not UTF-8 text ({err.reason}: byte 0x{data[err.start]:02x})"
        return "", Problem(name, line, column, "LB001", reason, shown)


def parse_file(path: str | Path) -> CardFile:
    """Read and parse one card file (UTF-8).

    :raises CardSyntaxError: if the file cannot be read, is not UTF-8 or has a syntax error.
    """
    text, problem = read_card_file(path)
    if problem is not None:
        raise CardSyntaxError([problem])
    return parse_text(text, str(path))


# A component starts a line with its kind word and its id (which starts with a capital).
_COMPONENT_START = re.compile(r"^[a-z][a-z-]*[ \t]+[A-Z]", re.MULTILINE)


def parse_text_all_errors(text: str, file: str = "<string>") -> tuple[CardFile, list[Problem]]:
    """Parse like :func:`parse_text`, but on a syntax error keep going.

    The text is cut before every line that starts a component (a kind word at the start of
    a line); each piece is parsed on its own, so one broken component costs only itself and
    every syntax error of the file is reported. Returns what parsed and the problems.
    """
    try:
        return parse_text(text, file), []
    except CardSyntaxError:
        pass
    starts = [0, *(m.start() for m in _COMPONENT_START.finditer(text) if m.start() > 0)]
    starts.append(len(text))
    components: list[Component] = []
    problems: list[Problem] = []
    for begin, end in itertools.pairwise(starts):
        # Newlines in front keep every line number true to the whole file.
        piece = "\n" * text.count("\n", 0, begin) + text[begin:end]
        try:
            components.extend(parse_text(piece, file).components)
        except CardSyntaxError as err:
            fixed = [_in_piece(p, text, end) for p in err.problems]
            problems.extend(fixed)
    return CardFile(tuple(components), file), problems


def _in_piece(problem: Problem, text: str, end: int) -> Problem:
    message = problem.message
    if end < len(text) and message.endswith("found the end of the file"):
        next_line = text.count("\n", 0, end) + 1
        message = message.replace("the end of the file", f"the next component (line {next_line})")
    return attrs.evolve(problem, message=message, source_line=_line(text, problem.line))


def _line(text: str, number: int) -> str:
    lines = text.splitlines()
    return lines[number - 1] if 0 < number <= len(lines) else ""
