"""Mutation testing of one package against the tests that guard it (issue 26): a seeded
sample of cosmic-ray's mutants, run on copies of the checkout, one copy per worker.

    python benchmarks/mutate.py PACKAGE [--sample N|all] [--seed S] [--workers W]
        [--timeout SECONDS] [--results FILE] [--workdir DIR] [--list]
    python benchmarks/mutate.py PACKAGE --collect DIR [--results FILE]
    python benchmarks/mutate.py PACKAGE --rescore FILE [--tests TEST ...]

PACKAGE is one of ``lisboa-rules``, ``lisboa-hints``, ``puerto-rico-rules``,
``tiletum-rules``, ``core`` (``--list`` shows each one's files, tests and count of mutants). Every
mutant cosmic-ray can make of the package's files (minus the operators in ``EXCLUDED``,
which make noise rather than plausible faults) is enumerated; ``--sample`` of them are drawn
with ``random.Random(seed)`` and run (``--sample all``: every one, in that seeded order, so
a run stopped early has checked a uniform sample), each against the package's tests (``-x``,
the tests not marked slow, pure build) in a copy of the sources, so the checkout itself is
never touched. A mutant is *killed* when the tests fail, *timed out* when they run past the
timeout (3 times the unmutated run, 60 s at least; counted as caught), *survived* otherwise;
``EQUIVALENT`` lists the survivors shown to be equivalent, with the reason.

Prints the package's line of the score table and every survivor (file:line, operator,
the changed line); ``--results`` appends the whole run as one JSON line. ``--workdir``
keeps the copies and cosmic-ray's sessions in DIR (not a temporary directory), so that
``--collect DIR`` can report the mutants finished so far of a run still going or
stopped (an exhaustive run of a package takes hours on a shared machine). ``--rescore``
runs the survivors of a recorded run again against the tests as they are now.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
SRC = "src/lisboa_core/"


class Package(NamedTuple):
    files: tuple[str, ...]  # globs relative to the repository
    tests: tuple[str, ...]  # the quickest catch first


PACKAGES: dict[str, Package] = {
    "lisboa-rules": Package(
        (SRC + "games/lisboa/rules/*.py",),
        ("tests/test_mutant_gaps.py", "tests/test_state_actions.py",
         "tests/test_rules_setup.py", "tests/test_rules_setup_turn.py",
         "tests/test_rules_more.py", "tests/test_rules_nobles.py",
         "tests/test_rules_church_periods.py", "tests/test_rules_final.py",
         "tests/test_clergy_effects.py", "tests/test_scoring.py"),
    ),
    "lisboa-hints": Package(
        (SRC + "games/lisboa/hints/*.py",),
        ("tests/test_hint_rows.py", "tests/test_hint_pins.py", "tests/test_hint_gaps.py",
         "tests/test_hint_boundaries.py",
         "tests/test_hint_oracle.py", "tests/test_hint_properties.py",
         "tests/test_legality.py", "tests/test_lookahead.py"),
    ),
    "puerto-rico-rules": Package(
        (SRC + "games/puerto_rico/rules/*.py", SRC + "games/puerto_rico/scoring.py",
         SRC + "games/puerto_rico/setup.py"),
        tuple(f"tests/test_puerto_rico_{name}.py" for name in (
            "setup", "settler", "mayor", "builder", "craftsman", "trader", "captain",
            "round", "scoring", "rules_coverage", "properties", "box", "cards",
            "observation", "views", "surfaces")),
    ),
    "tiletum-rules": Package(
        (SRC + "games/tiletum/rules/*.py", SRC + "games/tiletum/scoring.py"),
        tuple(f"tests/test_tiletum_{name}.py" for name in (
            "mutant_gaps", "rules", "rules_turn", "rules_round", "rules_scoring",
            "rules_duties", "effects", "rules_examples", "rules_properties",
            "rules_catalogue", "rules_vocabulary", "surfaces", "svg")),
    ),
    "core": Package(
        (SRC + "core/*.py",),
        ("tests/test_core_pins.py", "tests/test_mutant_gaps.py", "tests/test_engine_protocol.py",
         "tests/test_memo.py", "tests/test_hot_classes.py", "tests/test_explain.py",
         "tests/test_game_registry_surfaces.py", "tests/test_random_move.py",
         "tests/test_determinism.py", "tests/test_rules_setup_turn.py",
         "tests/test_puerto_rico_round.py", "tests/test_roundtrip.py"),
    ),
}

# Operators left out: they make noise rather than plausible faults (a decorator or an
# exception class removed, arithmetic swapped for bit operations, a comparison swapped
# for an identity test, which Python refuses or which only differs on ints above 256),
# or are random (the variable replacers).
EXCLUDED = (
    "core/RemoveDecorator", "core/ExceptionReplacer", "core/VariableReplacer",
    "core/VariableInserter",
)
_NOISY_TARGETS = ("Pow", "RShift", "LShift", "BitOr", "BitAnd", "BitXor", "Mod")


def _excluded(operator: str) -> bool:
    if operator in EXCLUDED:
        return True
    if operator.startswith("core/ReplaceBinaryOperator_"):
        source, target = operator.removeprefix("core/ReplaceBinaryOperator_").split("_")
        return target in _NOISY_TARGETS or (source in _NOISY_TARGETS and target != "Add")
    if operator.startswith("core/ReplaceComparisonOperator_"):
        source, target = operator.removeprefix("core/ReplaceComparisonOperator_").split("_")
        return (source in ("Is", "IsNot")) != (target in ("Is", "IsNot"))
    return False


# Survivors shown to be equivalent, and survivors killed since by a named test: the
# tables live in benchmarks/mutant_tables.py.
from mutant_tables import EQUIVALENT, KILLED_SINCE  # noqa: E402

ANNOTATION = ("in a type annotation, never evaluated (every module has `from __future__ "
              "import annotations`)")


def _annotation_lines(path: Path) -> set[str]:
    """The lines of ``path`` (stripped) whose binary operators all sit in annotations (none
    in code): by text, so that a run recorded before a line moved is still classified."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    notes = [n for node in ast.walk(tree) for n in (
        getattr(node, "annotation", None), getattr(node, "returns", None)) if n is not None]
    inside = {id(x) for n in notes for x in ast.walk(n)}
    marked = {x.lineno for n in notes for x in ast.walk(n) if isinstance(x, ast.BinOp)}
    code = {x.lineno for x in ast.walk(tree)
            if isinstance(x, ast.BinOp) and id(x) not in inside}
    lines = text.splitlines()
    return {lines[n - 1].strip() for n in marked - code}


def _classify(row: dict[str, str]) -> str:
    """A row's outcome with the equivalent survivors set apart."""
    if row["outcome"] != "survived":
        return row["outcome"]
    path = row["where"].rsplit(":", 1)[0]
    if (SRC + path, row["operator"], row["line"]) in EQUIVALENT:
        return "equivalent"
    if (SRC + path, row["operator"], row["line"]) in KILLED_SINCE:
        return "killed since"
    if row["operator"].startswith("core/ReplaceBinaryOperator_") and row[
            "line"] in _annotation_lines(ROOT / (SRC + path)):
        return "equivalent"
    return "survived"


def _why(row: dict[str, str]) -> str:
    key = (SRC + row["where"].rsplit(":", 1)[0], row["operator"], row["line"])
    return KILLED_SINCE.get(key) or EQUIVALENT.get(key, ANNOTATION)


def _copy(dest: Path) -> None:
    """The parts of the checkout the tests read, without caches or compiled modules."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", ".hypothesis")
    for part in ("src", "cards", "grammar", "tests", "docs", "examples"):
        if (ROOT / part).exists():
            shutil.copytree(ROOT / part, dest / part, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")


def _files(package: Package, root: Path) -> list[str]:
    found = sorted({str(p.relative_to(root)) for pattern in package.files
                    for p in root.glob(pattern) if p.name != "__init__.py"})
    return found


def _test_command(package: Package) -> str:
    return (f"{sys.executable} -m pytest -p no:cacheprovider -n 0 -x -q --no-header "
            f"-m 'not slow' " + " ".join(package.tests))


def _env(copy: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(copy / "src"), "PYTHONDONTWRITEBYTECODE": "1"}


def _mutants(files: list[str], cwd: Path) -> list[object]:
    """Every mutation cosmic-ray makes of ``files`` (paths relative to ``cwd``), less the
    excluded operators, in a stable order."""
    from cosmic_ray.commands.init import _all_work_items

    here = Path.cwd()
    os.chdir(cwd)
    try:
        items = [w for w in _all_work_items([Path(f) for f in files], {})
                 if not _excluded(w.mutations[0].operator_name)]
    finally:
        os.chdir(here)
    return sorted(items, key=lambda w: (str(w.mutations[0].module_path),
                                        w.mutations[0].operator_name,
                                        w.mutations[0].occurrence))


def _line(copy: Path, spec: object) -> str:
    path, (line, _col) = copy / str(spec.module_path), spec.start_pos  # type: ignore[attr-defined]
    return path.read_text(encoding="utf-8").splitlines()[line - 1].strip()


def _changed(diff: str) -> str:
    """The mutated line of a unified diff."""
    return next((d[1:].strip() for d in diff.splitlines()
                 if d.startswith("+") and not d.startswith("+++")), "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package", nargs="?", choices=sorted(PACKAGES))
    parser.add_argument("--sample", type=_sample, default=40,
                        help="mutants to run ('all' or 0: every one)")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, help="seconds per mutant (default: 3x the "
                        "unmutated run, 60 at least)")
    parser.add_argument("--results", type=Path, help="append the run here (a JSON line)")
    parser.add_argument("--list", action="store_true", help="files, tests and mutant counts")
    parser.add_argument("--workdir", type=Path, help="keep the copies and sessions here")
    parser.add_argument("--collect", type=Path,
                        help="report the finished mutants of a run's --workdir")
    parser.add_argument("--rescore", type=Path,
                        help="run the survivors of the last run in this --results file again")
    parser.add_argument("--tests", nargs="*", default=[],
                        help="with --rescore: these tests instead of the package's")
    parser.add_argument("--report", type=Path, nargs="+",
                        help="print the runs recorded in these --results files")
    args = parser.parse_args()
    if args.report:
        lines = [line for path in args.report
                 for line in path.read_text(encoding="utf-8").splitlines()]
        for i, line in enumerate(lines):
            report(json.loads(line), header=i == 0)
        return
    if args.list:
        for name, package in PACKAGES.items():
            files = _files(package, ROOT)
            print(f"{name}: {len(_mutants(files, ROOT))} mutants in {len(files)} files; "
                  f"tests: {' '.join(t.removeprefix('tests/') for t in package.tests)}")
        return
    if args.package is None:
        parser.error("name a package (or --list)")
    if args.collect:
        collect(args.package, args.collect, args.seed, args.results)
        return
    if args.rescore:
        rescore(args.package, args.rescore, args.tests, args.timeout or 300.0)
        return
    run(args.package, args.sample, args.seed, args.workers, args.timeout, args.results,
        args.workdir)


def _sample(text: str) -> int:
    return 0 if text == "all" else int(text)


def run(name: str, sample: int, seed: int, workers: int, timeout: float | None,
        results: Path | None, workdir: Path | None = None) -> None:
    from cosmic_ray.work_db import WorkDB, use_db

    package = PACKAGES[name]
    command = _test_command(package)
    started = time.perf_counter()
    if workdir is not None:
        workdir.mkdir(parents=True, exist_ok=False)
    with (tempfile.TemporaryDirectory(prefix=f"lisboa-mutate-{name}-")
          if workdir is None else _kept(workdir)) as tmp:
        base = Path(tmp) / "w0"
        _copy(base)
        files = _files(package, base)
        every = _mutants(files, base)
        chosen = random.Random(seed).sample(every, min(sample or len(every), len(every)))
        print(f"{name}: {len(chosen)} of {len(every)} mutants (seed {seed}), "
              f"{len(files)} files, {workers} workers", flush=True)
        clock = time.perf_counter()
        baseline = subprocess.run(command, shell=True, cwd=base, env=_env(base),
                                  capture_output=True, text=True, check=False)
        spent = time.perf_counter() - clock
        if baseline.returncode != 0:
            raise SystemExit(f"the tests fail without a mutant:\n{baseline.stdout[-3000:]}")
        limit = timeout or max(60.0, 3 * spent)
        print(f"unmutated run: {spent:.0f} s; timeout {limit:.0f} s", flush=True)
        copies, procs = [], []
        for w in range(workers):
            copy = Path(tmp) / f"w{w}"
            if w:
                _copy(copy)
            config = copy / "cosmic-ray.toml"
            config.write_text(
                "[cosmic-ray]\n"
                f"module-path = {json.dumps(files)}\n"
                f"timeout = {limit}\n"
                "excluded-modules = []\n"
                f"test-command = {json.dumps(command)}\n"
                "[cosmic-ray.distributor]\nname = \"local\"\n", encoding="utf-8")
            with use_db(str(copy / "session.sqlite"), WorkDB.Mode.create) as db:
                db.add_work_items(chosen[w::workers])
            copies.append(copy)
            procs.append(subprocess.Popen(
                [str(Path(sys.executable).parent / "cosmic-ray"), "exec", str(config),
                 str(copy / "session.sqlite")],
                cwd=copy, env=_env(copy), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                text=True))
        for proc in procs:
            _out, err = proc.communicate()
            if proc.returncode != 0:
                raise SystemExit(f"cosmic-ray exec failed:\n{err[-3000:]}")
        rows = _rows(copies, base)
    run_ = {"package": name, "seed": seed, "sample": len(chosen), "of": len(every),
            "minutes": round((time.perf_counter() - started) / 60, 1), "rows": rows}
    report(run_)
    if results:
        with results.open("a", encoding="utf-8") as out:
            out.write(json.dumps(run_) + "\n")


class _kept:
    """A work directory kept after the run (the context manager of --workdir)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> str:
        return str(self.path)

    def __exit__(self, *exc: object) -> None:
        return None


def _rows(copies: list[Path], base: Path) -> list[dict[str, str]]:
    """The finished mutants of the sessions of ``copies`` (``base``: an unmutated copy)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    rows = []
    for copy in copies:
        with use_db(str(copy / "session.sqlite"), WorkDB.Mode.open) as db:
            for item, result in db.completed_work_items:
                spec = item.mutations[0]
                if result.worker_outcome != WorkerOutcome.NORMAL:
                    outcome = "error"
                elif result.test_outcome == TestOutcome.SURVIVED:
                    outcome = "survived"
                elif result.output == "timeout":
                    outcome = "timed out"
                elif result.test_outcome == TestOutcome.KILLED:
                    outcome = "killed"
                else:
                    outcome = "error"
                rows.append({
                    "where": f"{str(spec.module_path).removeprefix(SRC)}:{spec.start_pos[0]}",
                    "operator": spec.operator_name, "line": _line(base, spec),
                    "mutant": _changed(result.diff or ""), "outcome": outcome,
                    "diff": result.diff or ""})
    return rows


def rescore(name: str, results: Path, tests: list[str], timeout: float) -> None:
    """Run each survivor of the last run recorded in ``results`` again, against the
    package's tests as they are now (or ``tests``), on a copy of the checkout with the
    mutant's diff applied: which survivors the tests written since kill."""
    run_ = json.loads(results.read_text(encoding="utf-8").splitlines()[-1])
    survivors = [r for r in run_["rows"] if _classify(r) == "survived" and r.get("diff")]
    package = PACKAGES[name]
    command = _test_command(package._replace(tests=tuple(tests) or package.tests))
    print(f"{name}: {len(survivors)} survivors of the recorded run, against: {command}",
          flush=True)
    killed = 0
    with tempfile.TemporaryDirectory(prefix=f"lisboa-rescore-{name}-") as tmp:
        copy = Path(tmp)
        _copy(copy)
        for row in survivors:
            diff = row["diff"].split("\n", 1)[1] + "\n"
            patched = subprocess.run(["patch", "-p1", "-s", "--no-backup-if-mismatch"],
                                     cwd=copy, input=diff, text=True, capture_output=True)
            if patched.returncode != 0:
                print(f"- {row['where']}: the diff no longer applies", flush=True)
                continue
            try:
                done = subprocess.run(command, shell=True, cwd=copy, env=_env(copy),
                                      capture_output=True, text=True, timeout=timeout)
                caught = done.returncode != 0
                first = next((line.split(" - ")[0].removeprefix("FAILED ")
                              for line in done.stdout.splitlines()
                              if line.startswith("FAILED ")), "")
            except subprocess.TimeoutExpired:
                caught, first = False, "TIMED OUT (not counted as killed here)"
            subprocess.run(["patch", "-p1", "-R", "-s", "--no-backup-if-mismatch"],
                           cwd=copy, input=diff, text=True, capture_output=True, check=True)
            killed += caught
            verdict = f"killed by {first}" if caught else first or "SURVIVED"
            print(f"- {row['where']} {row['operator']}: `{row['line']}` -> "
                  f"`{row['mutant']}`: {verdict}", flush=True)
    print(f"{name}: {killed} of {len(survivors)} survivors killed now")


def collect(name: str, workdir: Path, seed: int, results: Path | None) -> None:
    """Report the mutants finished so far in a run's ``--workdir`` (or a temporary
    directory of a run still going): the line of the score table over those only."""
    from cosmic_ray.work_db import WorkDB, use_db

    copies = sorted(p.parent for p in workdir.glob("w*/session.sqlite"))
    if not copies:
        raise SystemExit(f"no cosmic-ray session under {workdir}")
    planned = 0
    for copy in copies:
        with use_db(str(copy / "session.sqlite"), WorkDB.Mode.open) as db:
            planned += db.num_work_items
    rows = _rows(copies, copies[0])
    print(f"{name}: {len(rows)} of the {planned} mutants planned finished")
    started = min((c / "cosmic-ray.toml").stat().st_mtime for c in copies)
    run_ = {"package": name, "seed": seed, "sample": len(rows), "of": planned,
            "minutes": round((time.time() - started) / 60, 1), "partial": True, "rows": rows}
    report(run_)
    if results:
        with results.open("a", encoding="utf-8") as out:
            out.write(json.dumps(run_) + "\n")


def report(run_: dict[str, object], header: bool = True) -> None:
    """Print a run's line of the score table, its survivors and equivalent mutants, the
    survivors classified with the current ``EQUIVALENT`` table."""
    rows = run_["rows"]
    assert isinstance(rows, list)
    counts = Counter(_classify(row) for row in rows)
    caught = counts["killed"] + counts["timed out"]
    judged = caught + counts["survived"] + counts["killed since"]
    score = 100 * caught / judged if judged else 0.0
    now = 100 * (caught + counts["killed since"]) / judged if judged else 0.0
    if header:
        print("\n| package | sampled | killed | timed out | survived | equivalent | errors "
              "| score of the run | killed since | score now | minutes |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {run_['package']} | {run_['sample']} of {run_['of']} (seed {run_['seed']}) | "
          f"{counts['killed']} | {counts['timed out']} | "
          f"{counts['survived'] + counts['killed since']} | {counts['equivalent']} | "
          f"{counts['error']} | {score:.0f}% | {counts['killed since']} | {now:.0f}% | "
          f"{run_['minutes']} |")
    for title in ("survived", "killed since", "equivalent"):
        group = sorted((r for r in rows if _classify(r) == title), key=lambda r: r["where"])
        if group:
            print(f"\n{run_['package']}, {title}:")
        for row in group:
            why = f" ({_why(row)})" if title != "survived" else ""
            print(f"- {row['where']} {row['operator']}: `{row['line']}` -> "
                  f"`{row['mutant']}`{why}")

if __name__ == "__main__":
    main()
