"""The formatter round-trips: ``parse_text(format_file(tree)) == tree``.

Checked on every shipped card file (and formatting is idempotent there), and as a hypothesis
property on random syntax trees within what grammar/lisboa.lark can express.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
    Optional,
    Phrase,
    Ref,
    Section,
    Sequence,
    Text,
    Value,
    Word,
)
from lisboa_core.dsl.format import format_file
from lisboa_core.dsl.parser import parse_file, parse_text
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.games.lisboa.language import VOCABULARY

CARD_FILES = sorted(Path(cards_dir()).glob("*.lsb"))



KINDS = sorted(VOCABULARY.kinds)


def test_lisboa_kinds_match_the_documentation() -> None:
    """The grammar reads any lower-case kind word (one syntax for every game); Lisboa's
    vocabulary has the 14 kinds of docs/card-language.md, "Component kinds"."""
    assert sorted(KINDS) == sorted([
        "political", "ship", "clergy", "decree", "building", "plan", "city", "scoring",
        "favor", "land", "site", "noble", "board", "player-board",
    ])


# --- shipped files --------------------------------------------------------------------------


def test_there_are_card_files() -> None:
    assert CARD_FILES


@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: p.name)
def test_shipped_file_round_trips(path: Path) -> None:
    tree = parse_file(path)
    assert tree.components
    text = format_file(tree)
    assert parse_text(text) == tree


@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: p.name)
def test_formatting_is_idempotent(path: Path) -> None:
    once = format_file(parse_file(path))
    twice = format_file(parse_text(once))
    assert twice == once


# --- random trees ---------------------------------------------------------------------------

_LOWER = "abcdefghijklmnopqrstuvwxyz"
_DIGITS = "0123456789"
_UPPER = _LOWER.upper()

# Words that are keywords somewhere in the grammar, or kinds: the contextual lexer must still
# read them as plain words wherever a word is expected.
_TRICKY_WORDS = ["one", "up", "to", "choose", "may", "if", "free", "political", "player-board",
                 "clergy", "provenance", "mayor", "chooser", "one-1", "up_to"]

_plain_words = st.builds(
    lambda head, tail: head + tail,
    st.sampled_from(_LOWER),
    st.text(alphabet=_LOWER + _DIGITS + "_-", max_size=8),
)
words = st.one_of(_plain_words, st.sampled_from(_TRICKY_WORDS))
# A phrase's verb must not be `choose`, `may` or `if`: there the grammar expects its keywords.
verbs = words.filter(lambda w: w not in ("choose", "may", "if"))
refs = st.builds(
    lambda head, tail: head + tail,
    st.sampled_from(_UPPER),
    st.text(alphabet=_UPPER + _LOWER + _DIGITS + "_-", max_size=8),
)
# Strings: anything but `"`, `\` and newline (STRING: /"[^"\\\n]*"/).
texts = st.text(
    alphabet=st.characters(blacklist_characters='"\\\n', blacklist_categories=("Cs",)),
    max_size=12,
)


def _int(value: int, plus: bool) -> Int:
    return Int(value, plus and value >= 0)  # `+` is only written before a non-negative number


values: st.SearchStrategy[Value] = st.one_of(
    st.builds(_int, st.integers(-10_000, 10_000), st.booleans()),
    st.builds(Word, words),
    st.builds(Ref, refs),
    st.builds(Text, texts),
)
value_tuples = st.lists(values, max_size=4).map(tuple)


def sequences(depth: int) -> st.SearchStrategy[Sequence]:
    return st.lists(effects(depth), min_size=1, max_size=3).map(lambda e: Sequence(tuple(e)))


def _choice(options: list[Alternative]) -> st.SearchStrategy[Choice]:
    counts = st.one_of(st.none(), st.integers(1, len(options)))
    return counts.map(lambda n: Choice(tuple(options), n))


def effects(depth: int) -> st.SearchStrategy[Effect]:
    phrase = st.builds(Phrase, st.builds(Word, verbs), value_tuples)
    if depth <= 0:
        return phrase
    alternatives = st.lists(sequences(depth - 1).map(Alternative), min_size=1, max_size=3)
    return st.one_of(
        phrase,
        alternatives.flatmap(_choice),
        st.builds(Optional, sequences(depth - 1)),
        st.builds(Conditional, st.lists(values, min_size=1, max_size=4).map(tuple),
                  sequences(depth - 1)),
    )


def items(depth: int) -> st.SearchStrategy[Item]:
    keys = st.builds(Word, words)
    field = st.builds(Field, keys, value_tuples)
    clause = st.builds(Clause, keys, value_tuples, sequences(2))
    if depth <= 0:
        return st.one_of(field, clause)
    section = st.builds(Section, keys, value_tuples,
                        st.lists(items(depth - 1), max_size=3).map(tuple))
    return st.one_of(field, clause, section)


components = st.builds(
    Component,
    st.sampled_from(KINDS),
    refs,
    st.one_of(st.none(), texts),
    st.lists(items(2), max_size=5).map(tuple),
)
card_files = st.lists(components, max_size=3).map(lambda cs: CardFile(tuple(cs)))


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card_files)
def test_random_trees_round_trip(tree: CardFile) -> None:
    text = format_file(tree)
    assert parse_text(text) == tree
    # and the canonical text is a fixed point
    assert format_file(parse_text(text)) == text


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(effects(3))
def test_random_effects_round_trip(effect: Effect) -> None:
    tree = CardFile((Component("clergy", "C1", None,
                               (Clause(Word("on"), (), Sequence((effect,))),)),))
    assert parse_text(format_file(tree)) == tree


# --- hand-picked trees: keywords as plain words, signs, empty bodies ------------------------

HAND_PICKED = [
    CardFile(()),
    CardFile((Component("board", "B", None, ()),)),
    CardFile((Component("player-board", "P-1", "", ()),)),
    CardFile((Component("political", "X", "a # not a comment | ( ) , :", (
        Field(Word("choose"), (Word("one"), Word("up"), Word("to"), Word("may"))),
        Field(Word("may"), ()),
        Clause(Word("one"), (Int(0, True), Int(-3), Int(7, True)),
               Sequence((Phrase(Word("one"), (Word("choose"), Word("may"))),
                         Phrase(Word("up"), (Word("to"), Int(2)))))),
        Section(Word("permanent"), (Ref("A"), Text("")), ()),
        Section(Word("up"), (), (
            Section(Word("to"), (), (Field(Word("political"), (Word("player-board"),)),)),
        )),
    )),)),
    CardFile((Component("clergy", "C1", None, (
        Clause(Word("event"), (), Sequence((
            Choice((Alternative(Sequence((Phrase(Word("a")),))),), 1),
            Choice((Alternative(Sequence((Phrase(Word("a")), Phrase(Word("b"))))),
                    Alternative(Sequence((Optional(Sequence((Phrase(Word("c")),))),)))), None),
            Optional(Sequence((Choice((Alternative(Sequence((Phrase(Word("mayor")),))),), 1),))),
        ))),
    )),)),
]


@pytest.mark.parametrize("tree", HAND_PICKED)
def test_hand_picked_trees_round_trip(tree: CardFile) -> None:
    assert parse_text(format_file(tree)) == tree
