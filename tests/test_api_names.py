"""One name for one concept across the public API (issue 22.3, docs/guide/glossary.md):
a Rules object is passed as ``rules``, studies take the same arguments under the same
names, and the old spellings keep working one release with a LisboaDeprecationWarning."""

from __future__ import annotations

import importlib
import inspect
import warnings

import pytest

from lisboa_core import (
    GameRecord,
    extend,
    legal_moves,
    load_rules,
    new_game,
    record_game,
    replay,
)
from lisboa_core._api_snapshot import PUBLIC_MODULES
from lisboa_core.errors import LisboaDeprecationWarning
from lisboa_core.games import game
from lisboa_core.games.lisboa.state import Options
from lisboa_core.persistence.schema import SCHEMA_KINDS, json_schema
from lisboa_core.studies.balance import compare, load_catalogue
from lisboa_core.studies.simulation import (
    make_record,
    seat_bots,
    simulate,
    summarise,
    summary_text,
)


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


def _short_record() -> GameRecord:
    return record_game(lambda state: legal_moves(state)[0], players=2, seed=3,
                       max_decisions=12)


def test_replay_takes_rules_by_keyword_and_the_positional_form_warns() -> None:
    """The glossary: ``rules`` is keyword-only, as in new_game, record_game and simulate;
    ``replay(record, rules)`` keeps working until 0.3 with a warning."""
    record, rules = _short_record(), load_rules()
    assert inspect.signature(replay).parameters["rules"].kind == inspect.Parameter.KEYWORD_ONLY
    with warnings.catch_warnings():
        warnings.simplefilter("error", LisboaDeprecationWarning)
        new = replay(record, rules=rules)
    with pytest.warns(LisboaDeprecationWarning,
                      match=r"replay\(\) with rules given by position .* 0\.3; pass rules="):
        old = replay(record, rules)
    assert new.ok and old.ok and old.digest == new.digest == record.final_digest
    with pytest.raises(TypeError, match="rules given by position and by name"):
        replay(record, rules, rules=rules)
    with pytest.raises(TypeError, match="at most 2 positional"):
        replay(record, rules, rules)


def test_make_record_takes_everything_after_the_seed_by_keyword() -> None:
    """``make_record(players, seed, *, moves, final, options, names, rules, game)``; the old
    positional form (options, moves, final, names, rules, game) warns and gives the same
    record; ``options`` defaults to the game's default variants, as in Recorder."""
    played = _short_record()
    parameters = inspect.signature(make_record).parameters
    assert [p for p in parameters if parameters[p].kind == inspect.Parameter.KEYWORD_ONLY] == [
        "moves", "final", "options", "names", "rules", "game"]
    with warnings.catch_warnings():
        warnings.simplefilter("error", LisboaDeprecationWarning)
        new = make_record(2, 3, moves=played.moves, final=played.final_digest,
                          options=Options(), names=("a", "b"), rules=load_rules())
        defaulted = make_record(2, 3, moves=played.moves, final=played.final_digest,
                                names=("a", "b"))
    with pytest.warns(LisboaDeprecationWarning,
                      match=r"make_record\(\) with options, moves, final, names, rules given "
                            r"by position"):
        old = make_record(2, 3, Options(), played.moves, played.final_digest, ("a", "b"),
                          load_rules())
    assert old == new == defaulted
    assert new.options == Options() and replay(new).ok
    pr = make_record(3, 1, moves=(), final=new_game(3, 1, game="puerto-rico"),
                     game="puerto-rico")
    assert pr.game == "puerto-rico" and pr.options is None  # Puerto Rico has no variants
    assert replay(pr).ok


def test_a_game_parameter_without_rules_defaults_to_none_meaning_lisboa() -> None:
    """The glossary: ``game`` defaults to the game of ``rules``, else Lisboa; where there is
    no ``rules`` the default is the same ``None``, so Lisboa."""
    undone = (extend.unregister_effect, extend.unregister_event, extend.unregister_subject)
    for function in (json_schema, load_catalogue, extend.register_effect,
                     extend.register_event, extend.register_subject, *undone):
        assert inspect.signature(function).parameters["game"].default is None, function
    for kind in SCHEMA_KINDS:
        assert json_schema(kind) == json_schema(kind, game=None) == json_schema(kind, game="lisboa")
    # docs/guide/json-formats.md: a Lisboa save's format is lisboa-state
    assert json_schema("state")["properties"]["format"]["const"] == "lisboa-state"
    assert load_catalogue("shipped").digest == load_rules().digest
    extend.register_event("name-day", "on a name day")
    try:
        assert "name-day" in game("lisboa").vocabulary.user_events
    finally:
        extend.unregister_event("name-day")
    assert "name-day" not in game("lisboa").vocabulary.user_events
