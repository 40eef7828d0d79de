"""The library API (load_rules, lookups, describe) and the `lisboa cards` commands."""

from __future__ import annotations

import io
import json
import shutil
from collections import Counter
from contextlib import redirect_stdout
from pathlib import Path

import attrs
import pytest

from lisboa_core import CardValidationError, describe, load_rules
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.fronts.cli import main
from lisboa_core.games.lisboa import model as m


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(list(argv))
    return status, out.getvalue()


def test_load_rules_is_cached_and_immutable() -> None:
    rules = load_rules()
    assert load_rules() is rules
    tile = rules["C12"]
    assert isinstance(tile, m.ClergyTile)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        tile.wigs = 9  # type: ignore[misc]


def test_lookup_by_id_and_kind() -> None:
    rules = load_rules()
    assert rules.get("NOPE") is None and "C01" in rules
    assert rules.of_kind("building") == rules.of_kind("public_building") == rules.buildings
    assert len(rules.of_kind("clergy")) == 37
    assert [n.key for n in rules.nobles] == ["manuel", "marquis", "king"]  # R1.5.7 order


def test_cards_list_json_shows_every_count() -> None:
    status, out = _run("cards", "list", "--json")
    assert status == 0
    records = json.loads(out)
    kinds = Counter(r["kind"] for r in records)
    # Issue point 6 / components.md E1: the complete catalogue.
    assert kinds["political"] == 82 and kinds["ship"] == 12 and kinds["clergy"] == 37
    assert kinds["decree"] == 70 and kinds["public_building"] == 16 and kinds["plan"] == 20
    assert kinds["city_tile"] == 27 and kinds["scoring_tile"] == 4 and kinds["royal_favor"] == 12
    assert kinds["site"] == 14
    for record in records:
        assert {"id", "kind", "name", "provenance"} <= record.keys()
        assert record["provenance"] in ("rules", "reconstructed")
    political = [r for r in records if r["kind"] == "political"]
    assert Counter(r["deck"] for r in political)["red"] == 20
    assert {r["type"] for r in political} == {"manuel", "marquis", "king", "treasury"}
    assert all({"color", "hull"} <= r.keys() for r in records if r["kind"] == "ship")
    plans = [r for r in records if r["kind"] == "plan"]
    assert sum(r["starting"] for r in plans) == 4
    assert all({"architect", "officials"} <= r.keys() for r in plans)
    sizes = Counter(r["size"] for r in records if r["kind"] == "city_tile")
    assert sizes == Counter({"large": 22, "small": 5})


def test_cards_list_filters_by_kind() -> None:
    status, out = _run("cards", "list", "--kind", "ship")
    assert status == 0 and len(out.splitlines()) == 12


def test_cards_show_prints_canonical_text_and_english() -> None:
    status, out = _run("cards", "show", "C04")
    assert status == 0
    assert out.startswith("clergy C04 ")
    assert "on court marquis: gain 3 reis" in out  # components.md A.4 C04
    assert "each time you play a Marquis card into the royal court: gain 3 reis" in out


def test_cards_show_unknown_id_fails() -> None:
    assert _run("cards", "show", "ZZZ")[0] == 1


def test_describe_is_generated_from_the_effects() -> None:
    rules = load_rules()
    text = describe(rules["C09"])
    assert "visits and follows to Manuel cost 2 influence less" in text  # A.4 C09
    assert "Back: 3 wigs." in text  # counted nouns agree with their number
    decree = rules["DC22"]
    assert describe(decree).endswith(  # a "most" decree reads as the rule says
        "5 wigs if no other player has more stores facing the brown street (at least 1 "
        "needed).\nReconstructed values: score.")
    treasury = next(c for c in rules.political if c.is_treasury)
    assert "Sponsored:" in describe(treasury)
    assert all(describe(c) for c in rules)


def test_custom_card_folder_changes_a_value(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(), folder)
    clergy = folder / "clergy.lsb"
    text = clergy.read_text()
    start = text.index("clergy C24 ")
    end = text.index("}", start)
    block = text[start:end]
    clergy.write_text(text[:start] + block.replace("gain 1 wig", "gain 3 wigs") + text[end:])
    custom = load_rules(folder)
    (trigger,) = custom["C24"].behaviour.triggers  # type: ignore[union-attr]
    assert trigger.effect.steps[0].arg("amount") == 3  # type: ignore[union-attr]
    assert custom.digest != load_rules().digest
    assert load_rules()["C24"] != custom["C24"]


def test_custom_folder_with_a_problem_raises_with_all_problems(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(), folder)
    ships = folder / "ships.lsb"
    ships.write_text(ships.read_text().replace("hull 1", "hull 7", 1).replace("\n  sale 2", "\n  sael 2", 1))
    with pytest.raises(CardValidationError) as info:
        load_rules(folder)
    codes = {p.code for p in info.value.problems}
    assert {"LB131", "LB101"} <= codes


def test_cards_check_ok_and_summary() -> None:
    status, out = _run("cards", "check")
    assert status == 0 and out.startswith("ok: 326 components")
    status, out = _run("cards", "summary")
    assert status == 0 and "all" in out.splitlines()[-1]
