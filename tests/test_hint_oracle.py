"""A fast differential oracle for Lisboa's lookahead hints (issue 26): in a few seeded
random games, every answer a hint gives (a ``verdict`` on a decision, a ``judge`` on a
move, a ``prune`` dropping moves) is compared with the bare search (R3.6: a started
action must always complete), and the moves offered with the shortcuts on are compared
with those of the full search.

The slow suites (tests/test_lookahead.py, tests/test_legality.py) run the same comparison
over many whole games; this one checks a window of some tens of decisions in each of a few
games, each played there at random without checks, so that a mutant of the hints that
makes an answer wrong dies in seconds (it is part of ``make mutate PACKAGE=lisboa-hints``'s
guard). One window plays with edited clergy tiles, whose bounds (R8.5.3) the shipped tiles
leave loose.
"""

from __future__ import annotations

import random
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import lisboa_core.games.lisboa.hints  # noqa: F401  (registers the rules' frames and their hints)
from hint_positions import checked_hints, offered
from lisboa_core import apply, is_over, legal_moves, load_rules, new_game
from lisboa_core.core.replace import replace
from lisboa_core.games.lisboa.state import State

CARDS = Path(__file__).resolve().parent.parent / "cards" / "lisboa"


@pytest.fixture
def oracle() -> Iterator[Counter[str]]:
    """While the test runs every verdict, judgement and prune is checked against the
    full search (tests/hint_positions.py); the counter tallies the answers checked, by
    frame kind and answer."""
    with checked_hints() as checked:
        yield checked


def _window(state: State, seed: int, start: int, length: int) -> Iterator[State]:
    """The states from decision ``start`` to ``start + length`` of a random game."""
    chooser = random.Random(seed)
    for step in range(start + length):
        if is_over(state):
            return
        if step >= start:
            yield state
        state = apply(state, chooser.choice(legal_moves(state)))


def _stronger_clergy(tmp_path: Path) -> Path:
    """The shipped cards with clergy tiles that help more (a user's edit, as in
    tests/test_lookahead.py): the bounds must follow the tiles in the church."""
    folder = tmp_path / "cards"
    shutil.copytree(CARDS, folder)
    clergy = folder / "clergy.lsb"
    text = clergy.read_text(encoding="utf-8")
    for old, new in [
        ("modify payment -1", "modify payment -4"),
        ("on take-rubble: gain 1 reis per cube", "on take-rubble: gain 4 reis per cube"),
        ("modify hire-cost -2", "modify hire-cost -5"),
        ("modify officials-needed -1", "modify officials-needed -3"),
        ("on taken: gain 7 influence", "on taken: gain 9 influence, gain 6 reis"),
    ]:
        assert old in text, old
        text = text.replace(old, new)
    clergy.write_text(text, encoding="utf-8")
    return folder


# (players, seed, first decision checked, decisions checked): windows spread over the
# periods of a game, so that the hints of each stage are asked.
WINDOWS = [(2, 100, 0, 50), (3, 101, 60, 50), (4, 102, 150, 40)]


@pytest.mark.parametrize(("players", "seed", "start", "length"), WINDOWS)
def test_every_hint_answer_agrees_with_the_bare_search(
    players: int, seed: int, start: int, length: int, oracle: Counter[str]
) -> None:
    seen = 0
    for state in _window(new_game(players, seed), seed, start, length):
        seen += 1
        if seen % 10 == 0:  # the offered moves too, on some states (the full list is slow)
            assert offered(state, True) == offered(state, False)
    assert seen == length
    assert sum(oracle.values()) > 50, oracle


def test_hint_answers_agree_with_the_bare_search_with_edited_clergy_tiles(
    tmp_path: Path, oracle: Counter[str]
) -> None:
    rules = load_rules(_stronger_clergy(tmp_path))
    state = new_game(4, 701, rules=rules)
    church = ("C31", "C30", "C32", "C22", "C23", None)  # the edited tiles, all in reach
    state = replace(state, church=church)
    seen = 0
    for current in _window(state, 701, 0, 80):
        seen += 1
        if seen % 10 == 0:
            assert offered(current, True) == offered(current, False)
    assert seen == 80
    assert oracle["prune store"] > 0, oracle
