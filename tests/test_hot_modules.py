"""The compiled build compiles every registered game's hot path (issue 25.5): its state
classes, its rules and its invariants are in ``hatch_build.hot_modules``, Tiletum's
beside Lisboa's and Puerto Rico's."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from lisboa_core.games import game, games

ROOT = Path(__file__).resolve().parent.parent


def _hot_modules() -> list[str]:
    pytest.importorskip("hatchling", reason="the build hook needs hatchling")
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found: list[str] = module.hot_modules(ROOT / "src" / "lisboa_core")
    return found


# The games this package ships (a test may have registered a toy game of its own by now).
SHIPPED = sorted(n for n in games() if type(game(n)).__module__.startswith("lisboa_core."))


@pytest.mark.parametrize("name", SHIPPED)
def test_every_games_state_and_rules_are_compiled(name: str) -> None:
    package = ROOT / "src" / "lisboa_core" / "games" / name.replace("-", "_")
    hot = set(_hot_modules())
    expected = {package / "state.py", package / "player.py",
                *(p for p in (package / "rules").rglob("*.py") if p.name != "__init__.py")}
    missing = sorted(str(p.relative_to(ROOT / "src")) for p in expected
                     if p.exists() and str(p.relative_to(ROOT / "src")) not in hot)
    assert not missing
    assert any(str(p.relative_to(ROOT / "src")) in hot for p in expected)
