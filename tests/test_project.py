"""Project house rules: no card behaviour in Python, generated docs up to date, the wheel."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from lisboa_core import load_rules
from lisboa_core.games.lisboa.catalogue import kind_of

ROOT = Path(__file__).resolve().parent.parent


def test_no_card_id_or_name_appears_in_the_source() -> None:
    source = "\n".join(p.read_text() for p in (ROOT / "src" / "lisboa_core").rglob("*.py"))
    words = set(re.findall(r"[A-Za-z0-9_-]+", source))
    strings = set(re.findall(r'"([^"\n]*)"', source)) | set(re.findall(r"'([^'\n]*)'", source))
    # Nobles, the board and the player board are rule concepts the engine names ("the
    # Marquis portrait"); cards, tiles and board spaces must never be named in Python.
    rules = [c for c in load_rules() if kind_of(c) not in ("noble", "board", "player-board")]
    leaked_ids = sorted(c.id for c in rules if len(c.id) >= 3 and c.id in words)
    # Names made of ordinary words ("Blue ship") can appear by chance as single words, so
    # names are compared as whole string literals.
    leaked_names = sorted(c.name for c in rules if c.name != c.id and c.name in strings)
    assert not leaked_ids and not leaked_names


@pytest.mark.slow
def test_generated_provenance_page_is_up_to_date() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "generate.py"), "--check"],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_provenance_page_lists_every_reconstructed_component() -> None:
    page = (ROOT / "docs" / "provenance.md").read_text()
    for component in load_rules():
        if component.provenance.is_reconstructed:
            assert f"| {component.id} |" in page


def test_readme_and_ci_show_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "make demo" in readme and "make test" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text()


@pytest.mark.slow
def test_readme_python_examples_run() -> None:
    # The README is true: every Python block in it runs as written.
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```", readme, re.M | re.S)
    assert len(blocks) >= 3
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


@pytest.mark.slow
def test_wheel_ships_grammar_cards_and_the_table_page(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", str(dist), str(ROOT)],
        check=True, capture_output=True,
        env={**os.environ, "LISBOA_BUILD": "pure"},  # the compile is make test's own step
    )
    (wheel,) = dist.glob("lisboa_core-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for asset in ("index.html", "table.js", "table.css"):  # the browser table's page
        assert f"lisboa_core/fronts/web/{asset}" in names, asset
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    # The fresh venv sees the installed wheel only, whatever PYTHONPATH the suite runs with.
    alone = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True,
                   capture_output=True)
    probe = (
        "import lisboa_core, lisboa_core.dsl.resources as r;"
        "rules = lisboa_core.load_rules();"
        "print(len(rules), r.cards_dir(), r.grammar_path(), lisboa_core.__file__)"
    )
    out = subprocess.run([str(python), "-c", probe], check=True, capture_output=True,
                         text=True, cwd=tmp_path, env=alone).stdout.split()
    assert out[0] == "326"
    assert all(str(env_dir) in path for path in out[1:]), out  # the installed copy, not ROOT
    # Installed without the serve extra: the table says how to get it, in one line.
    served = subprocess.run([str(env_dir / "bin" / "lisboa"), "serve", "--port", "0"],
                            capture_output=True, text=True, cwd=tmp_path, env=alone,
                            timeout=120)
    assert served.returncode == 1 and served.stdout == ""
    assert served.stderr.count("\n") == 1
    assert "pip install 'lisboa_core[serve]'" in served.stderr, served.stderr


def test_every_problem_code_is_documented() -> None:
    from lisboa_core.dsl.compiler import CODES

    page = (ROOT / "docs" / "card-language.md").read_text()
    assert all(f"| `{code}` | {meaning} |" in page for code, meaning in CODES.items())
