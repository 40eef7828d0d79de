"""The card lab on the command line (issue 24.4): every command that reads cards takes
``--overlay``, ``--extension MODULE`` (and the entry-point group) loads user effects, and an
overlay never changes a catalogue silently."""

from __future__ import annotations

import importlib.metadata
import io
import json
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from lisboa_core import CardValidationError, LisboaError, load_rules
from lisboa_core import extend as extend_module
from lisboa_core.dsl.catalogue import clear_cache
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.extend import load_extensions, register_effect, unregister_effect
from lisboa_core.fronts.cli import main
from lisboa_core.games import game
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.rules.effects import run_effect
from lisboa_core.games.lisboa.stack import STACK

LAB = Path(__file__).parent / "data" / "lab"
WINDFALL = LAB / "windfall.lsb"


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def _line_of(path: Path, start: str) -> int:
    """The line of ``path`` that starts with ``start`` (1-based)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.startswith(start))


def _card(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


SLIP = 'decree C24 "Most stores in row A" {\n  score 5 if most stores in row A\n' \
       '  provenance reconstructed score\n}\n'


def _forget(module: str = "lab_effects", kind: str = "windfall") -> None:
    """Take back what loading the test extension registered in this process."""
    if kind in game("lisboa").vocabulary.user_effects:
        unregister_effect(kind)
    extend_module._LOADED.difference_update(
        {n for n in extend_module._LOADED if module in n})
    sys.modules.pop(module, None)
    clear_cache()  # catalogues read with the extension's words


@pytest.fixture
def lab() -> Iterator[None]:
    _forget()
    try:
        yield
    finally:
        _forget()


# --- an overlay never changes a catalogue silently ------------------------------------------


def test_an_overlay_component_of_another_kind_is_an_error_at_its_place(tmp_path: Path) -> None:
    """`decree C24`, a slip for DC24, must not turn clergy tile C24 into a 71st decree."""
    slip = _card(tmp_path, "slip.lsb", SLIP)
    with pytest.raises(CardValidationError) as caught:
        load_rules(overlay=[slip], reload=True)
    (problem,) = caught.value.problems
    clergy = cards_dir("lisboa") / "clergy.lsb"
    assert (problem.file, problem.line, problem.column, problem.code) == (str(slip), 1, 1,
                                                                          "LB120")
    assert f"clergy C24 (defined at {clergy.resolve()}:{_line_of(clergy, 'clergy C24 ')}:1)" \
        in problem.message
    status, out, _ = _run("cards", "check", "--overlay", str(slip))
    assert status == 1 and f"{slip}:1:1: LB120 decree C24" in out


def test_an_addition_beyond_the_counts_is_a_located_warning(tmp_path: Path) -> None:
    """`DC1`, a slip for DC01, adds a 71st decree (the game has 70): said where."""
    typo = _card(tmp_path, "typo.lsb", SLIP.replace("C24", "DC1"))
    rules = load_rules(overlay=[typo], reload=True)
    (note,) = rules.overlay_notes
    assert (note.file, note.line, note.code) == (str(typo), 1, "warning")
    assert "adds decree DC1 beyond the game's count: 71 decree components where the game " \
        "has 70" in note.message
    status, out, _ = _run("cards", "check", "--overlay", str(typo))
    assert status == 0 and f"{typo}:1:1: warning adds decree DC1" in out
    status, out, err = _run("cards", "list", "--kind", "decree", "--overlay", str(typo))
    assert status == 0 and "DC1 " in out and f"{typo}:1:1: warning adds decree DC1" in err


def test_cards_check_says_what_an_overlay_replaces(tmp_path: Path) -> None:
    changed = _card(tmp_path, "changed.lsb", SLIP.replace("C24", "DC24").replace("5", "6"))
    decrees = cards_dir("lisboa") / "decrees.lsb"
    status, out, _ = _run("cards", "check", "--overlay", str(changed))
    assert status == 0
    assert (f"{changed}:1:1: replaces decree DC24 (defined at {decrees.resolve()}:"
            f"{_line_of(decrees, 'decree DC24 ')}:1)") in out


def test_a_registered_effect_that_returns_nothing_names_itself_and_the_card(
        tmp_path: Path) -> None:
    lazy = _card(tmp_path, "lazy.lsb", WINDFALL.read_text(encoding="utf-8")
                 .replace("windfall 2", "nap 2"))
    register_effect("nap", "nap <amount:pos>", "rest {amount} times",
                    lambda state, seat, args: None)
    try:
        rules = load_rules(overlay=[lazy], reload=True)
        state = t.first_turn(2, 1, rules=rules)
        effect = rules["C24"].behaviour.triggers[0].effect
        with pytest.raises(LisboaError) as caught:
            STACK.advance(run_effect(state, 0, effect))
    finally:
        unregister_effect("nap")
        clear_cache()
    message = str(caught.value)
    line = _line_of(lazy, "  on build-store")
    assert "effect 'nap'" in message and "returned NoneType, not a new state" in message
    assert f"for card C24 ({lazy}:{line}:" in message


# --- --overlay on every command that reads cards --------------------------------------------


def test_cards_show_and_list_read_an_overlay_and_another_game(tmp_path: Path) -> None:
    changed = _card(tmp_path, "changed.lsb",
                    SLIP.replace("C24", "DC24").replace("row A\"", "row A, revised\""))
    status, out, _ = _run("cards", "show", "DC24", "--overlay", str(changed))
    assert status == 0 and "Most stores in row A, revised" in out
    status, out, _ = _run("cards", "list", "--json", "--overlay", str(changed))
    assert {"id": "DC24", "name": "Most stores in row A, revised"}.items() <= next(
        r for r in json.loads(out) if r["id"] == "DC24").items()
    # Puerto Rico's components (PR0.1: five plantation kinds: corn, indigo, sugar,
    # tobacco, coffee).
    status, out, _ = _run("--game", "puerto-rico", "cards", "list", "--kind", "plantation")
    assert status == 0 and len(out.splitlines()) == 5
    status, out, _ = _run("cards", "show", "CoffeePlantation", "--game", "puerto-rico")
    assert status == 0 and out.startswith("plantation CoffeePlantation")
    with pytest.raises(SystemExit) as usage:
        _run("cards", "list", "--kind", "clergy", "--game", "puerto-rico")
    assert usage.value.code == 2


def test_engine_and_serve_play_with_the_overlay(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    changed = _card(tmp_path, "changed.lsb", SLIP.replace("C24", "DC24").replace("5", "6"))
    expected = load_rules(overlay=[changed]).digest
    seen: list[Any] = []
    from lisboa_core.fronts import engine_protocol

    monkeypatch.setattr(engine_protocol, "serve", lambda **kw: seen.append(kw["rules"]) or 0)
    assert _run("engine", "--overlay", str(changed))[0] == 0
    pytest.importorskip("starlette")
    from lisboa_core.fronts import serve

    monkeypatch.setattr(serve, "run", lambda *a, **kw: seen.append(kw["rules"]))
    assert _run("serve", "--overlay", str(changed), "--port", "0")[0] == 0
    assert [r.digest for r in seen] == [expected, expected]


# --- --extension: a new effect kind from the command line ------------------------------------


@pytest.mark.usefixtures("lab")
def test_cards_check_lints_a_card_using_a_registered_effect() -> None:
    status, out, _ = _run("cards", "check", "--overlay", str(WINDFALL))
    assert status == 1 and "LB110 unknown effect 'windfall'" in out
    assert "needs its module: --extension MODULE" in out
    status, out, _ = _run("cards", "check", "--overlay", str(WINDFALL),
                          "--extension", "lab_effects")
    assert status == 0 and out.splitlines()[-1].startswith("ok: ")
    status, out, _ = _run("--extension", "lab_effects", "cards", "show", "C24", "--overlay",
                          str(WINDFALL))
    assert "each time you build a store: take 2 reis from the bank" in out


@pytest.mark.usefixtures("lab")
def test_a_game_with_an_extension_and_an_overlay_simulates_and_replays(tmp_path: Path) -> None:
    records = tmp_path / "records"
    status, _, err = _run("simulate", "--players", "2", "--games", "1", "--bots", "random",
                          "--overlay", str(WINDFALL), "--extension", "lab_effects",
                          "--records", str(records), "--quiet")
    assert status == 0, err
    (record,) = records.iterdir()
    digest = json.loads(record.read_text(encoding="utf-8"))["catalogue"]
    status, out, err = _run("replay", str(record), "--overlay", str(WINDFALL),
                            "--extension", "lab_effects")
    assert status == 0, err
    assert f"catalogue {digest}; game over" in out
    status, out, _ = _run("show", str(record), "--turn", "2", "--overlay", str(WINDFALL))
    assert status == 0 and out
    # without the overlay: refused, naming both digests
    shipped = load_rules().digest
    status, _, err = _run("replay", str(record))
    assert status == 1
    assert f"played with catalogue {digest}, but the shipped catalogue is catalogue " \
        f"{shipped}: the digests differ" in err
    # with another overlay: refused too
    other = _card(tmp_path, "other.lsb", SLIP.replace("C24", "DC24").replace("5", "6"))
    status, _, err = _run("replay", str(record), "--overlay", str(other))
    assert status == 1
    assert f"played with catalogue {digest}, but the --cards and --overlay given make " \
        f"catalogue {load_rules(overlay=[other]).digest}: the digests differ" in err


@pytest.mark.usefixtures("lab")
def test_an_unknown_extension_is_one_line_naming_it() -> None:
    status, _, err = _run("--extension", "no_such_lab_module", "cards", "check")
    assert status == 1
    assert err.startswith("lisboa: extension 'no_such_lab_module': cannot import it")


@pytest.mark.usefixtures("lab")
def test_installed_extensions_load_from_the_entry_point_group(
        monkeypatch: pytest.MonkeyPatch) -> None:
    point = importlib.metadata.EntryPoint("lab", "lab_effects", "lisboa_core.extensions")
    asked: list[str] = []

    def entry_points(*, group: str) -> list[importlib.metadata.EntryPoint]:
        asked.append(group)
        return [point] if group == "lisboa_core.extensions" else []

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    assert load_extensions() == ["lab"]
    assert load_extensions() == []  # once per process
    assert asked == ["lisboa_core.extensions"] * 2
    assert "windfall" in game("lisboa").vocabulary.user_effects


def test_a_puerto_rico_overlay_of_another_kind_is_an_error(tmp_path: Path) -> None:
    """A role card named like a building (PR0.1: SmallIndigoPlant is a building) does not
    replace the building."""
    slip = _card(tmp_path, "slip.lsb", 'role SmallIndigoPlant "Settler" {\n  phase settle\n'
                 '  privilege take-quarry\n  provenance rules source SEED\n}\n')
    with pytest.raises(CardValidationError) as caught:
        game("puerto-rico").load_rules(overlay=[slip], reload=True)
    assert any((p.file, p.line, p.code) == (str(slip), 1, "LB120")
               and "SmallIndigoPlant: the id of a Building" in p.message
               for p in caught.value.problems)


@pytest.mark.usefixtures("lab")
def test_a_card_using_a_registered_effect_is_played_at_the_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    status, out, err = _run("play", "--players", "2", "--seed", "1", "--overlay",
                            str(WINDFALL), "--extension", "lab_effects")
    assert status == 0, err
    assert out.rstrip().endswith("bye")


@pytest.mark.slow
@pytest.mark.usefixtures("lab")
def test_a_card_using_a_registered_effect_is_studied(tmp_path: Path) -> None:
    """Issue 24.4's acceptance: `lisboa balance base my.lsb --extension my_effects --html
    out.html` produces a report naming my.lsb."""
    pytest.importorskip("matplotlib")
    html = tmp_path / "out.html"
    status, out, err = _run("balance", "shipped", str(WINDFALL), "--extension", "lab_effects",
                            "--games", "1", "--players", "2", "--bots", "random", "--html",
                            str(html), "--quiet")
    assert status == 0, err
    assert f"B = {WINDFALL} (catalogue " in out
    assert "C24" in out  # the changed card
    assert f"B = {WINDFALL} (catalogue " in html.read_text(encoding="utf-8")


def test_cards_check_says_what_a_puerto_rico_overlay_replaces(tmp_path: Path) -> None:
    buildings = cards_dir("puerto-rico") / "buildings.lsb"
    lines = buildings.read_text(encoding="utf-8").splitlines()
    start = _line_of(buildings, "building SmallIndigoPlant ")
    end = lines.index("}", start)
    changed = _card(tmp_path, "changed.lsb", "\n".join(lines[start - 1:end + 1]) + "\n")
    status, out, _ = _run("--game", "puerto-rico", "cards", "check", "--overlay", str(changed))
    assert status == 0
    assert (f"{changed}:1:1: replaces building SmallIndigoPlant (defined at "
            f"{buildings.resolve()}:{start}:1)") in out
