"""Rule options declared once (lisboa_core.games.options): every game's options are typed
fields with help text and the rule they come from, and the command line builds its flags
and the options from them without naming a game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lisboa_core import GameRecord
from lisboa_core.errors import LisboaError
from lisboa_core.fronts.cli import main
from lisboa_core.games import game, games
from lisboa_core.games.options import option, option_fields, options_from


@pytest.mark.parametrize("name", games())
def test_every_option_is_typed_helped_and_cites_its_rule(name: str) -> None:
    found = game(name)
    fields = option_fields(found.options_type)
    if found.options_type is None:
        assert fields == () and options_from(None, {}, found.title) is None
        return
    assert [f.name for f in fields] == [a.name for a in attrs.fields(found.options_type)]
    default = found.default_options()
    for field in fields:
        assert field.type in (bool, int)
        assert field.help and field.cites
        assert getattr(default, field.name) == field.default


def _values(name: str) -> st.SearchStrategy[dict[str, Any]]:
    fields = option_fields(game(name).options_type)
    chosen = {}
    for field in fields:
        if field.type is bool:
            chosen[field.name] = st.booleans()
        else:
            values: list[Any] = list(field.choices) + ([None] if field.optional else [])
            chosen[field.name] = st.sampled_from(values)
    return st.fixed_dictionaries({}, optional=chosen)


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_options_from_sets_exactly_the_values_given(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from([n for n in games() if game(n).options_type]))
    found = game(name)
    values = data.draw(_values(name))
    built = options_from(found.options_type, values, found.title)
    for field in option_fields(found.options_type):
        assert getattr(built, field.name) == values.get(field.name, field.default)


def test_an_option_a_game_lacks_is_refused_naming_its_options() -> None:
    with pytest.raises(LisboaError, match=r"Tiletum has no option 'draft' .*action_tiles"):
        options_from(game("tiletum").options_type, {"draft": True}, "Tiletum")
    with pytest.raises(LisboaError, match=r"Puerto Rico has no option 'wheel' .*none"):
        options_from(None, {"wheel": 1}, "Puerto Rico")


def test_an_option_of_an_unreadable_type_is_refused() -> None:
    @attrs.frozen
    class Odd:
        name: str = option("x", help="a word", cites="X1")

    with pytest.raises(LisboaError, match=r"Odd.name: an option is a bool or an int"):
        option_fields(Odd)


def test_r2_7_6_the_command_line_offers_every_declared_option(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Lisboa's draft (R2.7.6) had no flag before the options were declared.
    assert main(["simulate", "--players", "2", "--games", "1", "--bots", "random",
                 "--draft", "--records", str(tmp_path), "--quiet"]) == 0
    (saved,) = tmp_path.glob("*.json")
    options = GameRecord.load(saved).options
    assert options.draft and not options.leftmost_slot and not options.gold_only_when_stuck
    capsys.readouterr()
    assert main(["--game", "tiletum", "simulate", "--players", "2", "--games", "1",
                 "--draft", "--quiet"]) == 1
    assert "--draft is an option of Lisboa; Tiletum has no such option" in (
        capsys.readouterr().err)
