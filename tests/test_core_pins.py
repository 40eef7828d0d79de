"""Pins on the decision stack and the state generator (issue 26): each test states a
documented behaviour of ``lisboa_core.core`` that a surviving mutant of ``make mutate
PACKAGE=core`` (seed 26) broke unseen. benchmarks/issue_mutants.py checks each against its
mutant.

The stack tests run a toy :class:`DecisionStack` of their own on a Tiletum state whose
pending frames they set, as tests/test_chance.py does.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from lisboa_core import Move, new_game
from lisboa_core.core.frame import Frame
from lisboa_core.core.stack import DecisionStack, Handler, push
from lisboa_core.games.tiletum.state import State

ROAD_END = "the road ends here (toy rule)"


def _toy_state(*frames: Frame) -> State:
    state = new_game(players=2, seed=1, game="tiletum")
    assert isinstance(state, State)
    return state.with_pending(frames)


def _road(length: int) -> DecisionStack[State]:
    """A single-file road: each 'walk' decision offers one move on until step ``length``,
    where the walker is stuck (the decision offers no move, ``stuck`` names why)."""
    stack: DecisionStack[State] = DecisionStack("toy-road")

    def walk_moves(state: State, frame: Frame) -> tuple[Move, ...]:
        return (Move("on"),) if frame.data[0] < length else ()

    def walk(state: State, frame: Frame, move: Move | None) -> State:
        return push(state, Frame("walk", 0, (frame.data[0] + 1,)))

    stack.register("walk", walk, walk_moves, stuck=ROAD_END, lookahead=True)
    return stack


@pytest.mark.parametrize("length", [59, 60, 61, 62])
def test_why_stuck_reports_only_the_dead_ends_the_legality_search_reaches(length: int) -> None:
    """_why_stuck gives "the most common dead end of the full search ... found by the same
    handlers that decide legality": a dead end the legality search (``completable``, which
    stops at its depth guard) does not reach is no reason, and one it reaches is."""
    stack = _road(length)
    start = _toy_state(Frame("walk", 0, (0,)))
    finishable = stack.completable(start, 0)
    reason = stack._why_stuck(start)
    assert (reason is None) == finishable
    if not finishable:
        assert reason == ROAD_END


def _menu(count: int) -> DecisionStack[State]:
    stack: DecisionStack[State] = DecisionStack("toy-menu")

    def pick_moves(state: State, frame: Frame) -> tuple[Move, ...]:
        return tuple(Move("pick", (str(n),)) for n in range(1, count + 1))

    stack.register("pick", lambda s, f, m: s, pick_moves, lookahead=True)
    return stack


@pytest.mark.parametrize("count", [7, 8, 9])
def test_an_illegal_move_lists_the_possible_moves_of_its_kind_with_dots_only_for_a_rest(
    count: int,
) -> None:
    """The refusal names "the N '<kind>' moves possible now" and shows the first eight; the
    "..." stands for moves left out, so it appears only when there are more than eight."""
    stack = _menu(count)
    state = _toy_state(Frame("pick", 0))
    moves = [Move("pick", (str(n),)) for n in range(1, count + 1)]
    message = stack.explain(state, Move("pick", ("99",)))
    assert message is not None
    shown = ", ".join(str(m) for m in moves[:8])
    if count <= 8:
        assert message.endswith(f"({shown})")
    else:
        assert message.endswith(f"({shown}, ...)")
    assert f"not one of the {count} 'pick' moves possible now" in message


def test_a_handler_is_no_checkpoint_unless_marked() -> None:
    """The lookahead searches "up to a ``checkpoint`` frame" and a frame is one only when
    marked (``register(..., checkpoint=False)`` by default): a handler built directly with
    no ``checkpoint`` is the same plain frame, so a move leading to its dead end is refused
    rather than taken for a finished action."""
    stack: DecisionStack[State] = DecisionStack("toy-handler")

    def go(state: State, frame: Frame, move: Move | None) -> State:
        return push(state, Frame("dead-end", 0))

    def nothing(state: State, frame: Frame) -> tuple[Move, ...]:
        return ()

    stack.register("pick", go, lambda s, f: (Move("go"),), lookahead=True)
    # The same dead end built directly, then registered with the defaults.
    stack.handlers["dead-end"] = Handler("dead-end", lambda s, f, m: s, nothing)
    state = _toy_state(Frame("pick", 0))
    assert stack.handlers["dead-end"].checkpoint is False
    assert stack.offered(state) == ()
    assert not stack.completes(state, Move("go"))
    stack.register("dead-end", lambda s, f, m: s, nothing, lookahead=True)
    assert stack.handlers["dead-end"].checkpoint is False
    assert not stack.completes(state, Move("go"))


_FIELDS = '''
"""A toy field list for the generator's command line."""

from lisboa_core.core.stategen import Field, ModuleSpec, RecordSpec


def modules() -> tuple[ModuleSpec, ...]:
    return (
        ModuleSpec(
            filename="toy_state.py",
            doc="A toy state.",
            imports=(),
            records=(RecordSpec(name="Toy", doc="A toy record.",
                                fields=(Field("size", "int", "How big."),)),),
        ),
    )
'''


def test_the_generator_command_line_names_each_stale_and_each_written_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """``python -m lisboa_core.core.stategen --check``: exit 1 if a module is out of date
    (naming it); without ``--check`` it writes the module (naming it), after which the check
    passes silently."""
    from lisboa_core.core import stategen

    package = tmp_path / "core_pins_toy"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "fields.py").write_text(textwrap.dedent(_FIELDS), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "core_pins_toy", raising=False)
    monkeypatch.delitem(sys.modules, "core_pins_toy.fields", raising=False)
    target = package / "toy_state.py"

    assert stategen.main(["core_pins_toy.fields", "--check"]) == 1
    assert capsys.readouterr().out == f"out of date: {target}\n"
    assert not target.exists()
    assert stategen.main(["core_pins_toy.fields"]) == 0
    assert capsys.readouterr().out == f"wrote {target}\n"
    assert target.exists()
    assert stategen.main(["core_pins_toy.fields", "--check"]) == 0
    assert capsys.readouterr().out == ""
