"""The grammar and the parser: structure, comments, and syntax errors in plain words."""

from __future__ import annotations

import pytest

from lisboa_core.dsl.ast import (
    Choice,
    Clause,
    Field,
    Int,
    Optional,
    Phrase,
    Ref,
    Section,
    Text,
    Word,
)
from lisboa_core.dsl.compiler import Compiler
from lisboa_core.dsl.parser import _parser, parse_text, parse_text_all_errors
from lisboa_core.errors import CardSyntaxError
from lisboa_core.games.lisboa.language import VOCABULARY

SAMPLE = """\
# a comment line
clergy C12 "Gold trader" {   # comment after a brace
  wigs 2
  on sell gold: gain 2 reis, may (discard 1 taken rubble, gain 2 wigs)
  permanent {
    modify land-rubble -1 brown
  }

  reward: choose one (gain 1 gold | take plan, gain +2 influence), choose up to 2 (a | b | c)
}
"""


def test_every_terminal_has_a_name() -> None:
    lark, _ = _parser()
    names = [t.name for t in lark.terminals]
    assert names and not [n for n in names if n.startswith("__ANON")]


def test_sample_parses_into_the_expected_tree() -> None:
    (comp,) = parse_text(SAMPLE, "s.lsb").components
    assert (comp.kind, comp.id, comp.name) == ("clergy", "C12", "Gold trader")
    wigs, trigger, permanent, reward = comp.items
    assert wigs == Field(Word("wigs"), (Int(2),))
    assert isinstance(trigger, Clause) and trigger.values == (Word("sell"), Word("gold"))
    first, second = trigger.effects.effects
    assert first == Phrase(Word("gain"), (Int(2), Word("reis")))
    assert isinstance(second, Optional) and len(second.body.effects) == 2
    assert isinstance(permanent, Section) and permanent.items == (
        Field(Word("modify"), (Word("land-rubble"), Int(-1), Word("brown"))),
    )
    assert isinstance(reward, Clause)
    one, up_to = reward.effects.effects
    assert isinstance(one, Choice) and one.up_to is None and len(one.options) == 2
    assert one.options[1].body.effects[1] == Phrase(Word("gain"), (Int(2, plus=True), Word("influence")))
    assert isinstance(up_to, Choice) and up_to.up_to == 2 and len(up_to.options) == 3


def test_locations_point_at_the_source() -> None:
    (comp,) = parse_text(SAMPLE, "s.lsb").components
    assert (comp.loc.file, comp.loc.line, comp.loc.column) == ("s.lsb", 2, 1)
    trigger = comp.items[1]
    assert (trigger.loc.line, trigger.loc.column) == (4, 3)


def test_keywords_are_plain_words_inside_phrases() -> None:
    text = 'land A1 {\n  note one may choose up to\n}\n'
    (comp,) = parse_text(text).components
    assert comp.items[0] == Field(Word("note"), tuple(Word(w) for w in ["one", "may", "choose", "up", "to"]))


def test_values_of_every_type() -> None:
    (comp,) = parse_text('site W-A {\n  x 3 -4 +5 word Ref "some text"\n}\n').components
    assert comp.items[0].values == (Int(3), Int(-4), Int(5, plus=True), Word("word"), Ref("Ref"),
                                    Text("some text"))


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("clergy C1 {\n  wigs @\n}\n", 2, 8, "unexpected character '@'"),
        ("clergy c1 {\n}\n", 1, 8, "expected an id such as C99"),
        ("clergy C1 {\n  on x: \n}\n", 2, 9, "expected 'choose', 'if', 'may' or a word"),
        ("Potion C1 {\n}\n", 1, 1, "expected a component kind"),
        ("clergy C1 {\n  wigs 2\n", 2, 9, "found the end of the file"),
        ("clergy C1 {\n  reward: choose one (gain 1 gold\n}\n", 2, 34, "expected"),
    ],
)
def test_syntax_errors_give_position_line_caret_and_expectation(
    text: str, line: int, column: int, words: str
) -> None:
    with pytest.raises(CardSyntaxError) as info:
        parse_text(text, "bad.lsb")
    (problem,) = info.value.problems
    assert (problem.file, problem.code) == ("bad.lsb", "LB001")
    assert words in problem.message
    assert problem.line == line
    assert abs(problem.column - column) <= 1
    rendered = problem.render().splitlines()
    assert rendered[0].startswith(f"bad.lsb:{problem.line}:{problem.column}: LB001 ")
    assert rendered[1].strip() == text.splitlines()[problem.line - 1].strip()
    assert rendered[2].index("^") == 4 + problem.column - 1


def test_every_broken_component_is_reported_and_the_rest_parses() -> None:
    text = (
        "clergy C1 {\n  wigs @\n}\n\nclergy C2 {\n  wigs 2\n}\n\n"
        "clergy C3 {\n  wigs 2 {\n}\n\nclergy C4 {\n  wigs 1\n}\n"
    )
    card_file, problems = parse_text_all_errors(text, "f.lsb")
    assert [c.id for c in card_file.components] == ["C2", "C4"]
    assert [p.line for p in problems] == [2, 11]
    assert "next component (line 13)" in problems[1].message


def test_an_unknown_kind_word_parses_and_is_refused_by_the_games_vocabulary() -> None:
    """One syntax serves every game, so any lower-case kind word parses; the game's
    vocabulary refuses one it does not have, at the kind's place, naming what it knows."""
    text = "potion C1 {\n}\n"
    card_file = parse_text(text, "cards.lsb")
    assert [c.kind for c in card_file.components] == ["potion"]
    compiler = Compiler({"cards.lsb": text.splitlines()}, VOCABULARY)
    assert compiler.component(card_file.components[0]) is None
    [problem] = compiler.problems
    assert (problem.file, problem.line, problem.column, problem.code) == ("cards.lsb", 1, 1, "LB101")
    assert "unknown component kind 'potion'" in problem.message and "clergy" in problem.message
