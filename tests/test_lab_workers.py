"""The card lab beyond one process (issue 24.4): the modules given with ``--extension`` reach
the worker processes of ``simulate``/``balance --jobs`` (spawned workers too) and the Ray
tasks, so a card using a user effect plays there as it does in the main process."""

from __future__ import annotations

import io
import json
import multiprocessing
import pickle
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from lisboa_core import extend as extend_module
from lisboa_core.dsl.catalogue import clear_cache
from lisboa_core.extend import load_extensions, loaded_extensions, unregister_effect
from lisboa_core.fronts.cli import main
from lisboa_core.games import game
from lisboa_core.studies.simulation import simulate

WINDFALL = Path(__file__).parent / "data" / "lab" / "windfall.lsb"


def _forget() -> None:
    """Take back what loading the test extension registered in this process."""
    if "windfall" in game("lisboa").vocabulary.user_effects:
        unregister_effect("windfall")
    extend_module._LOADED.difference_update(
        {n for n in extend_module._LOADED if "lab_effects" in n})
    sys.modules.pop("lab_effects", None)
    clear_cache()


@pytest.fixture
def lab() -> Iterator[None]:
    _forget()
    try:
        yield
    finally:
        _forget()


@pytest.fixture
def spawned() -> Iterator[None]:
    """Worker processes started fresh (spawn): nothing the parent imported is there."""
    before = multiprocessing.get_start_method(allow_none=True)
    multiprocessing.set_start_method("spawn", force=True)
    try:
        yield
    finally:
        multiprocessing.set_start_method(before, force=True)


def _summary(*argv: str) -> dict[str, object]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["--extension", "lab_effects", "simulate", "--players", "2",
                       "--games", "2", "--bots", "random", "--overlay", str(WINDFALL),
                       "--json", "--quiet", *argv])
    assert status == 0, err.getvalue()
    return json.loads(out.getvalue())  # type: ignore[no-any-return]


@pytest.mark.usefixtures("lab")
def test_a_catalogue_with_a_user_effect_pickles_with_its_games_words() -> None:
    load_extensions(["lab_effects"], installed=False)
    assert "lab_effects" in loaded_extensions()
    rules = game("lisboa").load_rules(overlay=[str(WINDFALL)])
    again = pickle.loads(pickle.dumps(rules))
    assert again.digest == rules.digest
    assert again.vocabulary is game("lisboa").vocabulary  # the game's own, by name


@pytest.mark.slow
@pytest.mark.usefixtures("lab", "spawned")
def test_simulate_jobs_2_loads_the_extension_in_spawned_workers() -> None:
    # the output is the same whatever --jobs (simulate's promise), here with a user effect
    assert _summary("--jobs", "2") == _summary("--jobs", "1")


@pytest.mark.slow
@pytest.mark.usefixtures("lab")
def test_the_ray_tasks_load_the_extension(local_ray: None) -> None:
    load_extensions(["lab_effects"], installed=False)
    rules = game("lisboa").load_rules(overlay=[str(WINDFALL)])
    on_processes = simulate(2, 2, 5, ["random"], rules=rules)
    on_ray = simulate(2, 2, 5, ["random"], rules=rules, backend="ray", jobs=2)
    assert [r.digest for r in on_ray] == [r.digest for r in on_processes]


# --- simulate and play say what an overlay adds beyond the game's counts --------------------

SLIP = ('decree DC1 "Most stores in row A" {\n  score 5 if most stores in row A\n'
        '  provenance reconstructed score\n}\n')


def test_simulate_and_play_warn_of_an_addition_beyond_the_counts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`DC1`, a slip for DC01, adds a 71st decree (the game has 70): said where, on stderr."""
    typo = tmp_path / "typo.lsb"
    typo.write_text(SLIP, encoding="utf-8")
    said = f"{typo}:1:1: warning adds decree DC1"
    assert main(["simulate", "--players", "2", "--games", "1", "--bots", "random",
                 "--overlay", str(typo)]) == 0
    assert said in capsys.readouterr().err
    assert main(["simulate", "--players", "2", "--games", "1", "--bots", "random",
                 "--overlay", str(typo), "--quiet"]) == 0
    assert capsys.readouterr().err == ""  # --quiet: nothing on stderr
    monkeypatch.setattr("builtins.input", lambda _prompt="": "quit")
    assert main(["play", "--players", "2", "--overlay", str(typo), "--bots", "random"]) == 0
    assert said in capsys.readouterr().err
