"""Every Tiletum rule has a test that names it, or is in the justified list below.

A test names a rule in a comment or docstring (``TL`` and the rule's numbers) or in its
function name (``test_tl`` and the numbers joined by ``_``), as docs/generate.py reads them
for docs/games/tiletum/coverage.md. The list below can only shrink: a rule in it that a test
names fails this test until it is taken out of the list.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "games" / "tiletum" / "rules.md"

NOT_YET: dict[str, str] = {
    # Written without the "TL" prefix so that this list does not count as naming them.
}
"""Rule numbers (after ``TL``) with no test yet, and why."""


def _rule_ids() -> list[str]:
    text = RULES.read_text(encoding="utf-8")
    found = re.findall(r"^\s*-\s*(TL\d+(?:\.\d+)+)\b", text, re.MULTILINE)
    return sorted(set(found), key=lambda r: [int(x) for x in r[2:].split(".")])


def _cited() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8")
                     for p in sorted((ROOT / "tests").glob("test_tiletum_*.py")))
    cited = set(re.findall(r"\bTL\d+(?:\.\d+)+", text))
    cited |= {"TL" + m.replace("_", ".") for m in re.findall(r"\btest_tl(\d+(?:_\d+)+)", text)}
    return cited


def test_every_tiletum_rule_is_named_by_a_test() -> None:
    rules = _rule_ids()
    assert len(rules) > 250  # the reference was read
    cited = _cited()
    waiting = {"TL" + n for n in NOT_YET}
    missing = [r for r in rules if r not in cited and r not in waiting]
    assert not missing, f"rules no test names: {missing}"


def test_the_not_yet_list_only_shrinks() -> None:
    rules = set(_rule_ids())
    cited = _cited()
    for number in NOT_YET:
        rule = "TL" + number
        assert rule in rules, f"{rule} is not a rule of rules.md"
        assert rule not in cited, f"{rule} is named by a test now: take it off NOT_YET"
