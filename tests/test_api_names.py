"""One name for one concept across the public API (issue 22.3, docs/guide/glossary.md):
a Rules object is passed as ``rules``, studies take the same arguments under the same
names, and the old spellings keep working one release with a LisboaDeprecationWarning."""

from __future__ import annotations

import importlib
import inspect
import warnings

import pytest

from lisboa_core._api_snapshot import PUBLIC_MODULES
from lisboa_core.errors import LisboaDeprecationWarning
from lisboa_core.studies.balance import compare
from lisboa_core.studies.simulation import seat_bots, simulate, summarise, summary_text


def _public_functions() -> list[tuple[str, inspect.Signature]]:
    found = []
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isfunction(value):
                found.append((f"{module_name}.{name}", inspect.signature(value)))
    return found


def test_no_public_function_spells_rules_another_way() -> None:
    """The glossary: a parameter taking a Rules is ``rules`` (``rules_a``/``rules_b``);
    "catalogue" names the digest of a set of card files, never a parameter."""
    wrong = [
        f"{name}({p})" for name, signature in _public_functions() for p in signature.parameters
        if p.startswith(("catalog", "rule")) and p not in ("rules", "rules_a", "rules_b")
    ]
    assert len(_public_functions()) > 50 and wrong == []


def test_simulate_and_compare_take_the_same_arguments_under_the_same_names() -> None:
    shared = ["players", "games", "seed", "bots", "jobs", "rotate", "options", "on_result",
              "backend", "ray_address", "game"]
    sim = inspect.signature(simulate).parameters
    cmp = inspect.signature(compare).parameters
    assert [p for p in sim if p in shared] == shared == [p for p in cmp if p in shared]
    assert list(cmp)[:2] == ["rules_a", "rules_b"] and "rules" in sim
    for name in ("jobs", "options", "on_result", "backend", "ray_address", "game"):
        assert sim[name].default == cmp[name].default, name
        assert sim[name].kind == cmp[name].kind == inspect.Parameter.KEYWORD_ONLY, name


def test_a_study_counter_is_index_and_bots_are_bots() -> None:
    # The glossary: ``game`` is a game, the number of a game in a study is ``index``.
    assert list(inspect.signature(seat_bots).parameters) == ["bots", "players", "index",
                                                              "rotate"]
    assert list(inspect.signature(summary_text).parameters) == ["summary", "bots", "rotate"]


def test_the_old_keyword_names_warn_and_still_work() -> None:
    # Two bots over three seats, shifted one seat in game 1: seat 0 gets the second bot.
    with pytest.warns(LisboaDeprecationWarning, match=r"seat_bots\(names=...\).*use bots"):
        old = seat_bots(names=["a", "b"], players=3, index=1, rotate=True)
    with pytest.warns(LisboaDeprecationWarning, match=r"seat_bots\(game=...\).*use index"):
        assert seat_bots(["a", "b"], 3, game=1, rotate=True) == old == ("b", "a", "b")
    with pytest.raises(TypeError, match="give bots only"):
        seat_bots(["a"], 2, 0, False, names=["b"])
    summary = summarise(simulate(2, 1, 1, ["random"]), 2)
    with pytest.warns(LisboaDeprecationWarning, match=r"summary_text\(names=...\)"):
        text = summary_text(summary, names=["random"], rotate=False)
    assert text == summary_text(summary, ["random"], rotate=False)


def test_simulate_warns_before_its_rotate_default_changes() -> None:
    """Bots that differ by seat and no ``rotate``: a warning, and the seats stay fixed (the
    0.2 behaviour); the same bot everywhere, or ``rotate`` given, does not warn."""
    with pytest.warns(LisboaDeprecationWarning, match="rotate default becomes True"):
        fixed = simulate(2, 2, 4, ["greedy", "random"])
    assert [r.bots for r in fixed] == [("greedy", "random")] * 2
    with warnings.catch_warnings():
        warnings.simplefilter("error", LisboaDeprecationWarning)
        simulate(2, 1, 4, ["random", "random"])
        rotated = simulate(2, 2, 4, ["greedy", "random"], rotate=True)
    assert [r.bots for r in rotated] == [("greedy", "random"), ("random", "greedy")]
