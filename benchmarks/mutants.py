"""How well the lookahead tests guard the hints: apply plausible one-line mutations of the
hint and bound code, one at a time, to a copy of the sources, and run the guard tests
against each (pure build).

    python benchmarks/mutants.py [--list] [NAME ...] [--tests PATH ...]

Each mutant replaces one exact line fragment (it must occur once in its file); a mutant
is caught when the tests fail. The default tests are the lookahead oracle tests:
tests/test_hint_boundaries.py, tests/test_lookahead.py and tests/test_legality.py. Prints
one line per mutant (caught or not, the first failing test) and a Markdown table at the
end. Tests stop at the first failure (``-x``), so a caught mutant costs little and one
that survives runs every test (several minutes each).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
HINTS = "src/lisboa_core/games/lisboa/hints/"
RULES = "src/lisboa_core/games/lisboa/rules/"
GUARD = ["tests/test_hint_boundaries.py", "tests/test_lookahead.py", "tests/test_legality.py"]


class Mutant(NamedTuple):
    name: str
    path: str  # relative to the repository
    old: str  # an exact fragment of one line, found once in the file
    new: str
    # Why no catalogue can observe the mutant (it only makes a hint say "not known" more
    # often, or guards a case no effect can reach): reported, not expected to be caught.
    harmless: str = ""


MUTANTS = [
    Mutant("store bound counts one take-rubble per store (issue 23)", HINTS + "bounds.py",
           "        cubes = facts.cubes\n", "        cubes = 1\n"),
    Mutant("store bound: price comparison flipped to strict", HINTS + "bounds.py",
           "return price - self.discount <= reis + ops.reis_value(self.state, marker)",
           "return price - self.discount < reis + ops.reis_value(self.state, marker)"),
    Mutant("store bound forgets a clergy tile's reis", HINTS + "bounds.py",
           "+ tiles * (taken.reis + cubes * heard.reis)",
           "+ tiles * (cubes * heard.reis)"),
    Mutant("store bound forgets a tile's take-rubble triggers", HINTS + "bounds.py",
           "+ tiles * (taken.reis + cubes * heard.reis)",
           "+ tiles * (taken.reis)"),
    Mutant("tile luck drops a tile's own influence bonus", HINTS + "bounds.py",
           '_gains_of([t.effect for t in triggers if t.event == "taken"], own),',
           '_gains_of([t.effect for t in triggers if t.event == "taken"], 0),'),
    Mutant("seat's rubble triggers never unbounded", HINTS + "bounds.py",
           "_gains_of(effects), not _only_kinds(effects, _FUNDS_QUIET)",
           "_gains_of(effects), False"),
    Mutant("opening bound forgets the site cubes' triggers", HINTS + "bounds.py",
           "        + cubes * rubble.reis\n", "\n"),
    Mutant("opening bound forgets the tiles' officials cut", HINTS + "bounds.py",
           "        - tiles * luck.officials - _site_rewards(state).officials",
           "        - _site_rewards(state).officials"),
    Mutant("store judge: illegal at equality (> becomes >=)", HINTS + "store_hints.py",
           "elif land.plain and price > funds + triggers + _land_gains(land, bonus):",
           "elif land.plain and price >= funds + triggers + _land_gains(land, bonus):"),
    Mutant("price verdict: illegal at equality (> becomes >=)", HINTS + "store_hints.py",
           "if all(max(0, price + discount) > funds + gain for price, gain in prices):",
           "if all(max(0, price + discount) >= funds + gain for price, gain in prices):"),
    Mutant("store-rubble judge forgets the cube taken", HINTS + "store_hints.py",
           "[(whole - (0 if move.args[0] == \"none\" else costs[str(move.args[1])]), triggers)],",
           "[(whole, triggers)],"),
    Mutant("store search keeps one store per display space, not per land",
           HINTS + "store_hints.py",
           "        if move.args[1] not in seen:\n            seen.add(move.args[1])",
           "        if move.args[0] not in seen:\n            seen.add(move.args[0])"),
    Mutant("cardinal judge: highest treasury one space short", HINTS + "store_hints.py",
           "track[state.treasury:state.treasury + rise + 1]",
           "track[state.treasury:state.treasury + rise]"),
    Mutant("a ship added to the State actions that cannot help a store",
           HINTS + "visit_hints.py",
           '"build-store": frozenset({"recruit-officials", "acquire-plan", "royal-favor"}),',
           '"build-store": frozenset({"recruit-officials", "acquire-plan", "royal-favor",'
           ' "build-ship"}),'),
    Mutant("take-decree check ignores the seat's triggers", HINTS + "visit_hints.py",
           "return bool(state.decree_display) and all(harmless(t.effect) for t in triggers)",
           "return bool(state.decree_display)"),
    Mutant("visit judge: cost shortfall compared with >=", HINTS + "visit_hints.py",
           "    if shortfall > p.wigs:\n        return False\n    funds",
           "    if shortfall >= p.wigs:\n        return False\n    funds"),
    Mutant("triggers_never_block dropped from the quiet tail", HINTS + "quiet.py",
           "    if not triggers_never_block(state, seat):\n        return False\n",
           "\n"),
    Mutant("store-pay added to the quiet frames", HINTS + "quiet.py",
           '{"court-card", "court-discard", "follow-round", "trade-again", "store-score",',
           '{"court-card", "court-discard", "follow-round", "trade-again", "store-score",'
           ' "store-pay",'),
    Mutant("clergy judge uses any for all", HINTS + "quiet.py",
           "        if all(\n            sale_safe(t.effect)",
           "        if any(\n            sale_safe(t.effect)"),
    Mutant("officials verdict: all returned only with one to spare", HINTS + "building_hints.py",
           "    if needed <= reachable:\n        return True",
           "    if needed < reachable:\n        return True"),
    Mutant("opening judge: site cubes always harmless", HINTS + "building_hints.py",
           "        if not state.site_rubble[_site_index(state, site_id)]:\n"
           "            return True",
           "        if True:\n            return True"),
    Mutant("tuck judge forgets the tucked card's own ability", RULES + "portfolio.py",
           "    behaviours = (*ops.active_behaviours(state, seat), card.permanent)",
           "    behaviours = ops.active_behaviours(state, seat)"),
    Mutant("a tuck counted as an event that needs a good", HINTS + "effect_facts.py",
           'NEED_A_GOOD: Final = frozenset({"produce", "sell", "sail"})',
           'NEED_A_GOOD: Final = frozenset({"produce", "sell", "sail", "tuck"})'),
    Mutant("a store counted as an event that needs a good", HINTS + "effect_facts.py",
           'NEED_A_GOOD: Final = frozenset({"produce", "sell", "sail"})',
           'NEED_A_GOOD: Final = frozenset({"produce", "sell", "sail", "build-store"})',
           harmless="a store is built during a tuck only by a 'perform' step, which goodless() "
           "already counts as a possible source of goods, so no tuck is judged hopeless"),
    Mutant("price verdict: legal only below the funds (<= becomes <)",
           HINTS + "store_hints.py",
           "if any(max(0, price + discount) <= funds for price, _gain in prices):",
           "if any(max(0, price + discount) < funds for price, _gain in prices):",
           harmless="at equality the verdict falls through to 'not known' (the price is not "
           "beyond the funds), and the search then finds the same answer"),
    Mutant("tuck judge: triggers on events that need a good counted as sources",
           RULES + "portfolio.py",
           "for t in b.triggers if t.event not in NEED_A_GOOD",
           "for t in b.triggers",
           harmless="more triggers counted as sources of a good only make 'hopeless' rarer: "
           "the tuck is then played out"),
]


def _apply(copy: Path, mutant: Mutant) -> None:
    """Replace the mutant's fragment in the copy of the sources."""
    path = copy / mutant.path
    text = path.read_text(encoding="utf-8")
    found = text.count(mutant.old)
    if found != 1:
        raise SystemExit(f"{mutant.name}: the fragment occurs {found} times in {mutant.path}")
    path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")


def _run(mutant: Mutant, tests: list[str], root: Path) -> tuple[bool, str, float]:
    """Run the tests against a mutated copy of ``root``'s sources: (caught, the first
    failing test, seconds)."""
    with tempfile.TemporaryDirectory(prefix="lisboa-mutant-") as tmp:
        copy = Path(tmp)
        for part in ("src", "cards", "grammar"):
            shutil.copytree(root / part, copy / part,
                            ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        _apply(copy, mutant)
        env = {**os.environ, "PYTHONPATH": str(copy / "src"), "PYTHONDONTWRITEBYTECODE": "1"}
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-x", "-q",
             "-rf", *tests],
            cwd=root, env=env, capture_output=True, text=True, check=False,
        )
        spent = time.perf_counter() - start
    failed = [line.removeprefix("FAILED ").split(" - ")[0] for line in done.stdout.splitlines()
              if line.startswith("FAILED ")]
    return done.returncode != 0, (failed[0] if failed else ""), spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="mutants whose name contains one of these")
    parser.add_argument("--tests", nargs="+", default=GUARD)
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose sources and tests are used (default: this one)")
    args = parser.parse_args()
    chosen = [m for m in MUTANTS if not args.names or any(n in m.name for n in args.names)]
    if args.list:
        for m in chosen:
            print(m.name)
        return
    rows = []
    for mutant in chosen:
        caught, first, spent = _run(mutant, args.tests, args.root)
        rows.append((mutant, caught, first))
        state = "caught" if caught else "harmless" if mutant.harmless else "SURVIVED"
        print(f"{state:8} {spent:6.0f} s  {mutant.name}  {first}", flush=True)
    print("\n| mutation | caught | first failing test |\n|---|---|---|")
    for mutant, caught, first in rows:
        note = f" (cannot be observed: {mutant.harmless})" if mutant.harmless else ""
        print(f"| {mutant.name}{note} | {'yes' if caught else 'no'} | {first or '-'} |")


if __name__ == "__main__":
    main()
