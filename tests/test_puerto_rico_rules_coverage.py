"""Every Puerto Rico rule of the engine's scope has a test that names it.

A test names a rule in a comment or docstring (``PR`` and the rule's numbers) or in its
function name (``test_pr`` and the numbers joined by ``_``). The scope is every numbered
rule: the conventions and the box (PR0-PR1), setup, the round, every role and building,
the end, scoring, hidden information, the worked examples (PR2-PR18) and the readings chosen
where the sources disagree (PR19).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "games" / "puerto-rico" / "rules.md"
SCOPE = range(0, 20)


def _rule_ids() -> list[str]:
    text = RULES.read_text(encoding="utf-8")
    found = re.findall(r"^\s*-\s*(PR\d+(?:\.\d+)+)\b", text, re.MULTILINE)
    return sorted({r for r in found if int(r[2:].split(".")[0]) in SCOPE},
                  key=lambda r: [int(x) for x in r[2:].split(".")])


def _cited() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8")
                     for p in (ROOT / "tests").glob("test_puerto_rico_*.py"))
    cited = set(re.findall(r"\bPR\d+(?:\.\d+)+", text))
    cited |= {"PR" + m.replace("_", ".") for m in re.findall(r"\btest_pr(\d+(?:_\d+)+)", text)}
    return cited


def test_every_puerto_rico_rule_is_named_by_a_test() -> None:
    rules = _rule_ids()
    assert len(rules) > 200  # the reference was read
    cited = _cited()
    missing = [r for r in rules if r not in cited]
    assert not missing, f"rules no test names: {missing}"
