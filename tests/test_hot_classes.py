"""The engine's hot classes (Move, Frame, PlayerState, State): immutable by convention and
enforced, equal and hashed by value, short reprs, and Move arguments normalised."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from lisboa_core import BUILD, Move, legal_moves, new_game, parse_move, state_digest
from lisboa_core.core.replace import replace
from lisboa_core.games.lisboa.state import Frame, PlayerState, State


def _state() -> State:
    return new_game(4, 7)


@pytest.mark.parametrize("which", ["move", "frame", "player", "state"])
def test_setting_or_deleting_a_field_fails(which: str) -> None:
    state = _state()
    obj: object = {
        "move": Move("slot", (1,)),
        "frame": state.pending[-1],
        "player": state.players[0],
        "state": state,
    }[which]
    name = {"move": "kind", "frame": "seat", "player": "reis", "state": "turn"}[which]
    before = getattr(obj, name)
    with pytest.raises(AttributeError):
        setattr(obj, name, before)
    with pytest.raises(AttributeError):
        delattr(obj, name)
    assert getattr(obj, name) == before


def test_equal_values_are_equal_and_hash_alike() -> None:
    a, b = _state(), _state()
    assert a is not b and a == b and hash(a) == hash(b)
    assert a.players[2] == b.players[2] and hash(a.players[2]) == hash(b.players[2])
    assert Frame("turn", 1, ("x",)) == Frame("turn", 1, ("x",))
    assert Frame("turn", 1) != Frame("turn", 2)
    assert a != new_game(4, 8)
    assert (a == "state") is False


def test_copies_through_pickle_keep_the_value_and_digest() -> None:
    state = _state()
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and state_digest(copy) == state_digest(state)
    assert pickle.loads(pickle.dumps(Move("tuck", ("BL01",)))) == Move("tuck", ("BL01",))


def test_digit_string_arguments_become_integers() -> None:
    assert Move("slot", ("1",)) == Move("slot", (1,))
    assert Move("slot", ("1",)).args == (1,)
    assert hash(Move("option", ("12",))) == hash(Move("option", (12,)))
    # Identifiers that are not all digits stay strings.
    assert Move("sell", ("gold", "p2.1")).args == ("gold", "p2.1")
    assert Move("tuck", ("XX03",)).args == ("XX03",)
    assert Move("place", ("-1",)).args == ("-1",)
    assert str(Move("slot", ("1",))) == "slot 1"


_ONE = "Move(): args must be a tuple of str and int, not "


@pytest.mark.parametrize(
    ("kind", "args", "message"),
    [
        (5, (), "Move(): kind must be a str (what is chosen: 'tuck', 'sell'...), not int 5"),
        (None, ("BL01",), "Move(): kind must be a str (what is chosen: 'tuck', 'sell'...), "
                          "not NoneType None"),
        ("tuck", "BL01", _ONE + "str 'BL01' (one argument: ('BL01',))"),  # not B, L, 0, 1
        ("slot", 5, _ONE + "int 5 (one argument: (5,))"),
        ("slot", {1, 2}, _ONE + "set {1, 2}"),
        ("slot", (1.5,), "Move(): args[0] must be a str or an int, not float 1.5"),
        ("sell", ("gold", None), "Move(): args[1] must be a str or an int, not NoneType None"),
        ("slot", (True,), "Move(): args[0] must be a str or an int, not bool True"),
    ],
)
def test_a_wrongly_typed_move_names_the_argument_and_the_type(
    kind: object, args: object, message: str
) -> None:
    with pytest.raises(TypeError) as info:
        Move(kind, args)
    assert str(info.value) == message


def test_a_list_and_integer_like_arguments_make_the_same_move() -> None:
    class Index:  # numpy.int64 and the like
        def __index__(self) -> int:
            return 2

    assert Move("slot", ["2"]) == Move("slot", (Index(),)) == Move("slot", (2,))
    assert Move("slot", (Index(),)).args[0].__class__ is int


def test_a_move_rebuilt_from_its_notation_is_the_legal_move() -> None:
    state = _state()
    for move in legal_moves(state):
        rebuilt = Move(move.kind, tuple(str(a) for a in move.args))
        assert rebuilt == move
        assert parse_move(state, str(move)) == move


def test_state_repr_is_one_short_line_and_dump_shows_every_field() -> None:
    state = _state()
    text = repr(state)
    assert "\n" not in text and len(text) < 120
    # A summary a reader can use (issue 24), cheap to print: no digest computed.
    seat = state.to_act
    assert text == f"<State lisboa 4p period 1 turn 0: seat {seat} decides keep-clergy>"
    full = state.dump()
    for name in State.FIELDS:
        assert f"  {name}=" in full
    for name in PlayerState.FIELDS:
        assert f"    {name}=" in full
    assert repr(state.players[0].hand) in full
    assert len(repr(state.players[0])) < 100 and "\n" not in repr(state.players[0])


def test_a_misspelt_field_is_an_error_in_every_copy() -> None:
    state = _state()
    with pytest.raises(AttributeError, match="no field 'playres'"):
        replace(state, playres=())
    with pytest.raises(AttributeError, match="no field 'ries'"):
        replace(state.players[0], ries=3)
    with pytest.raises(AttributeError, match="no field 'seta'"):
        replace(state.pending[-1], seta=1)
    with pytest.raises(AttributeError, match="no field 'turns'"):
        state.replaced({"turns": 3})


def test_the_generated_state_classes_are_current() -> None:
    # The repository's files, whichever build runs the suite (an installed wheel has its own).
    from lisboa_core.core import stategen
    from lisboa_core.games.lisboa import fields

    folder = Path(__file__).resolve().parent.parent / "src/lisboa_core/games/lisboa"
    for module in fields.modules():
        text = stategen.render(module, "lisboa_core.games.lisboa.fields")
        assert (folder / module.filename).read_text(encoding="utf-8") == text, module.filename


def test_the_expected_build_is_loaded() -> None:
    import lisboa_core.games.lisboa.state

    native = not lisboa_core.games.lisboa.state.__file__.endswith(".py")
    assert ("compiled" if native else "pure") == BUILD
    # make test names the build each run must exercise (a stale or shadowed install fails).
    assert os.environ.get("LISBOA_EXPECT_BUILD", BUILD) == BUILD
