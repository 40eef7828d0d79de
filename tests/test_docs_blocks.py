"""Every code block of README.md and docs/**/*.md runs as written (the shell commands and the
tutorial are marked slow: `make test` runs them, `make test-fast` leaves them out).

What runs, and how:

* Each ```python (or ```py) block runs alone, in a fresh namespace, in a scratch directory,
  as a reader pasting it into a new interpreter would; it must not raise. A block whose
  first line is the comment ``# (continues the example above)`` runs after the page's
  previous Python block, in its namespace (the chain runs as one test). Blocks that only
  include an example file (``--8<--``) are left to tests/test_examples.py, which runs the
  file.
* The ```sh, ```bash, ```console and ```shell blocks of a page run in order, one command at
  a time (a line, with its ``\\`` continuations and here-document), with bash, in one scratch
  directory per page holding copies of ``examples/`` and ``cards/``: a file a command names
  is one of those or made by an earlier command of the page. ``lisboa``, ``.venv/bin/lisboa``,
  ``python`` and ``.venv/bin/python`` run the lisboa_core under test. Every command must exit
  0 with its standard input empty (``lisboa play`` and ``lisboa engine`` stop at the end of
  their input); ``export NAME=VALUE`` holds for the page's later commands.
* ``lisboa serve`` runs bounded: started (on a free port when the command names none), its
  printed address must answer ``GET /`` with the table's page, then it is stopped.
* Commands that make the environment this test runs in are checked, not run: ``make T``
  (``T`` must be a target of the Makefile: ``make test`` runs this very test), ``pip``,
  ``python3 -m venv`` and ``ray`` (starting a cluster).
* An HTML comment ``<!-- docs-test: not run: REASON -->`` on the line before a fence leaves
  that block out, with its reason (a block that needs a Ray cluster's address); the reason
  must be given. ``<!-- docs-test: stop after N s: REASON -->`` runs each command of the
  block bounded (a long study): one still running after N seconds is stopped, and passes if
  it had not failed.
* A tutorial (``docs/authoring.md``) runs whole, in order, in one scratch directory: its
  shell commands and Python blocks as above (the Python blocks in one namespace), and each
  block with a ``title="FILE"`` saved as the reader is told to: a card replaces the
  component of its id in FILE when FILE has it, any other block is written as FILE (a test
  file, a module, an overlay), and is not run by itself.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

import lisboa_core

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
TUTORIAL = ROOT / "docs" / "authoring.md"
CONTINUES = "# (continues the example above)"
PYTHON = ("python", "py")
SHELL = ("sh", "bash", "console", "shell")
SETUP = ("make", "pip", "ray")  # programs that build the environment the test runs in

_FENCE = re.compile(
    r"(?:^<!-- docs-test: (?P<marker>[^\n]*?) -->\n)?"
    r"^(?P<indent>[ \t]*)```(?P<lang>\w+)(?P<attrs>[^\n]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.M | re.S,
)


@dataclass(frozen=True)
class Block:
    """One fenced block: where it is, its language and its text (dedented)."""

    page: str
    line: int
    lang: str
    body: str
    marker: str | None
    attrs: str = ""

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def page_blocks(path: Path, every: bool = False) -> list[Block]:
    """The page's Python and shell blocks (``every``: and its blocks saved as a file), in
    order."""
    text = path.read_text(encoding="utf-8")
    found = []
    for m in _FENCE.finditer(text):
        if m["lang"] not in PYTHON + SHELL and not (every and "title=" in m["attrs"]):
            continue
        indent = len(m["indent"])
        body = "".join(line[indent:] for line in m["body"].splitlines(keepends=True))
        line = text.count("\n", 0, m.start("indent")) + 1
        found.append(Block(path.relative_to(ROOT).as_posix(), line, m["lang"], body,
                           m["marker"], m["attrs"].strip()))
    return found


def _runnable(block: Block) -> bool:
    if block.marker is not None:
        assert re.fullmatch(r"(not run|stop after \d+ s): \S.*", block.marker), (
            f"{block.where}: a docs-test marker reads 'not run: REASON' or "
            f"'stop after N s: REASON'")
        if block.marker.startswith("not run"):
            return False
    return "--8<--" not in block.body


def _limit(block: Block) -> int | None:
    """The seconds after which the block's commands are stopped, if the block says so."""
    found = re.match(r"stop after (\d+) s", block.marker or "")
    return int(found[1]) if found else None


def python_chains() -> list[list[Block]]:
    """The Python blocks grouped into the chains that run together."""
    chains: list[list[Block]] = []
    for path in PAGES:
        if path == TUTORIAL:
            continue
        page = [b for b in page_blocks(path) if b.lang in PYTHON and _runnable(b)]
        for block in page:
            if block.body.startswith(CONTINUES):
                assert chains and chains[-1][0].page == block.page, (
                    f"{block.where} continues a block the page does not have")
                chains[-1].append(block)
            else:
                chains.append([block])
    return chains


def shell_pages() -> list[str]:
    return [path.relative_to(ROOT).as_posix() for path in PAGES if path != TUTORIAL
            and any(b.lang in SHELL and _runnable(b) for b in page_blocks(path))]


def test_there_are_blocks_of_both_kinds() -> None:
    assert len(python_chains()) > 40
    assert len(shell_pages()) > 5


def test_a_block_depending_on_an_earlier_one_says_so() -> None:
    """The marker sits on the first line only: elsewhere it would not be seen."""
    for path in PAGES:
        for block in page_blocks(path):
            assert CONTINUES not in block.body[1:], block.where


@pytest.mark.parametrize("chain", python_chains(), ids=lambda chain: chain[0].where)
def test_python_block_runs(chain: list[Block], tmp_path: Path,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    namespace: dict[str, object] = {"__name__": "__main__"}
    with contextlib.redirect_stdout(io.StringIO()):
        for block in chain:
            exec(compile(block.body, block.where, "exec"), namespace)


# --- shell -------------------------------------------------------------------------------


def commands(body: str) -> list[str]:
    """The block's commands: a line with its continuations and here-document, comment
    lines and trailing comments left out."""
    lines = body.splitlines()
    found: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        command = line
        while command.endswith("\\") and i < len(lines):
            command = command[:-1] + " " + lines[i].strip()
            i += 1
        heredoc = re.search(r"<<-?'?(\w+)'?", command)
        if heredoc:
            end = heredoc[1]
            while i < len(lines) and lines[i].strip() != end:
                command += "\n" + lines[i]
                i += 1
            command += "\n" + end
            i += 1
        else:
            command = _strip_comment(command)
        found.append(command)
    return found


def _strip_comment(command: str) -> str:
    """The command without a trailing ``# ...`` comment (the first ``#`` after a space
    outside quotes)."""
    for m in re.finditer(r"\s#", command):
        head = command[:m.start()]
        with contextlib.suppress(ValueError):  # inside quotes: not a comment
            shlex.split(head)
            return head.rstrip()
    return command.rstrip()


def _program(command: str) -> list[str]:
    """The command's words after any leading NAME=VALUE assignments."""
    words = shlex.split(command.split("\n", 1)[0], comments=True)
    while words and re.fullmatch(r"[A-Za-z_]\w*=.*", words[0]):
        words = words[1:]
    return words


def _scratch(tmp_path: Path) -> dict[str, str]:
    """Copies of examples/ and cards/, and ``.venv/bin`` commands that run the
    lisboa_core under test; returns the environment to run commands in."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    source = Path(lisboa_core.__file__).resolve().parent.parent
    prefix = f'PYTHONPATH="{source}${{PYTHONPATH:+:$PYTHONPATH}}" exec "{sys.executable}"'
    (bin_dir / "python").write_text(f'#!/bin/sh\n{prefix} "$@"\n')
    (bin_dir / "lisboa").write_text(
        f'#!/bin/sh\n{prefix} -c "import sys; from lisboa_core.fronts.cli import main; '
        f'sys.exit(main())" "$@"\n')
    for name in ("python", "lisboa"):
        (bin_dir / name).chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    env["NO_COLOR"] = "1"
    return env


def _makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([\w.-]+):", text, re.M))


def _serve(command: str, cwd: Path, env: dict[str, str]) -> None:
    """Start the table, fetch its page from the address it prints, stop it."""
    if "--port" not in command:
        command += " --port 0"
    process = subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=cwd, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert process.stdout is not None
        address = None
        deadline = time.monotonic() + 60
        printed = []
        while address is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            printed.append(line)
            found = re.search(r"http://\S+?:(\d+)/", line)
            if found:
                address = f"http://127.0.0.1:{found[1]}/"  # the port it bound, from here
        assert address is not None, f"{command}: printed no address:\n{''.join(printed)}"
        with urllib.request.urlopen(address, timeout=30) as page:
            assert page.status == 200 and b"<html" in page.read().lower()
    finally:
        process.terminate()
        process.wait(timeout=30)


def run_command(command: str, cwd: Path, env: dict[str, str], limit: int | None = None) -> None:
    """Run one command of a page as the test's docstring says."""
    words = _program(command)
    exported = re.fullmatch(r"export ([A-Za-z_]\w*)=(\S*)", command.strip())
    if exported:
        env[exported[1]] = exported[2]
        return
    if words[:1] == ["make"]:
        missing = set(words[1:]) - _makefile_targets()
        assert not missing, f"{command}: no such make target {missing}"
        return
    if Path(words[0]).name in SETUP or words[1:3] == ["-m", "venv"]:
        return
    if Path(words[0]).name == "lisboa" and "serve" in words:
        _serve(command, cwd, env)
        return
    if limit is not None:
        process = subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=cwd, env=env,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
        try:
            _out, err = process.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            process.terminate()
            process.communicate(timeout=30)
            return
        assert process.returncode == 0, f"{command}\nexit {process.returncode}\n{err[-2000:]}"
        return
    result = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, (
        f"{command}\nexit {result.returncode}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")


@pytest.mark.slow
@pytest.mark.parametrize("page", shell_pages())
def test_shell_blocks_run(page: str, tmp_path: Path) -> None:
    env = _scratch(tmp_path)
    for block in page_blocks(ROOT / page):
        if block.lang in SHELL and _runnable(block):
            for command in commands(block.body):
                run_command(command, tmp_path, env, _limit(block))


def test_commands_are_split_as_a_reader_reads_them() -> None:
    body = ("# a comment line\n"
            "lisboa games   # lists them\n"
            "lisboa balance shipped a.lsb \\\n    --games 4\n"
            "cat > x.lsb <<'END'\nclergy # not a comment\nEND\n"
            "echo '#kept'\n")
    assert commands(body) == [
        "lisboa games",
        "lisboa balance shipped a.lsb  --games 4",
        "cat > x.lsb <<'END'\nclergy # not a comment\nEND",
        "echo '#kept'",
    ]


# --- tutorials -----------------------------------------------------------------------------


def _save(target: Path, body: str) -> None:
    """Save a titled block: a card replaces its namesake in ``target``, anything else is
    written whole."""
    card = re.match(r"[a-z-]+ (\S+) \"", body)
    if card and target.exists():
        pattern = rf"^[a-z-]+ {re.escape(card[1])} .*?^}}\n"
        text = target.read_text(encoding="utf-8")
        assert re.search(pattern, text, re.M | re.S), f"{target.name} has no {card[1]}"
        target.write_text(re.sub(pattern, lambda _m: body, text, count=1, flags=re.M | re.S),
                          encoding="utf-8")
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(body, encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("page", [TUTORIAL.relative_to(ROOT).as_posix()])
def test_tutorial_runs_in_order(page: str, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    env = _scratch(tmp_path)
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__main__"}
    for block in page_blocks(ROOT / page, every=True):
        title = re.search(r'title="([^"]+)"', block.attrs)
        if title:
            _save(tmp_path / title[1], block.body)
        elif block.lang in PYTHON and _runnable(block):
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(block.body, block.where, "exec"), namespace)
        elif block.lang in SHELL and _runnable(block):
            for command in commands(block.body):
                run_command(command, tmp_path, env, _limit(block))
    assert (tmp_path / "study.html").exists()  # the last command of the tutorial

