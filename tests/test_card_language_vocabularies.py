"""The card-language reference lists each game's vocabulary (issue 22.7), and for a game
read by its own reader (Puerto Rico, Tiletum) the list cannot drift from what the reader
accepts:
every key the reader accepts is in the reference and every key in the reference is
accepted, kind by kind."""

from __future__ import annotations

import importlib
import re
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from lisboa_core.dsl.keys import Key, KeyVocabulary, KindKeys, VocabularyDrift
from lisboa_core.dsl.parser import parse_file
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.errors import CardValidationError
from lisboa_core.games import game, games
from lisboa_core.games.puerto_rico import catalogue
from lisboa_core.games.puerto_rico.language import VOCABULARY

PAGE = Path(__file__).resolve().parents[1] / "docs" / "card-language.md"
PR_KINDS = {k.kind: k for k in VOCABULARY.kinds}
KEY_GAMES = ("puerto-rico", "tiletum")
"""The shipped games read by their own reader against a KeyVocabulary."""


def _kinds(slug: str) -> dict[str, KindKeys]:
    vocabulary = game(slug).key_vocabulary
    assert vocabulary is not None
    return {k.kind: k for k in vocabulary.kinds}


def _catalogue(slug: str) -> ModuleType:
    return importlib.import_module(
        type(game(slug)).__module__.rsplit(".", 1)[0] + ".catalogue")


def _load(slug: str, *paths: Path) -> Any:
    return game(slug).load_rules(*paths, reload=True)


def _page_keys(slug: str) -> dict[str, set[str]]:
    """The keys the reference's tables list, by kind, for the game ``slug``."""
    text = PAGE.read_text(encoding="utf-8")
    out: dict[str, set[str]] = {}
    for match in re.finditer(rf"^#### `([a-z-]+)` \{{ #{slug}-kind-\1 \}}\n(.*?)(?=^#### )",
                             text, re.M | re.S):
        out[match[1]] = set(re.findall(r"^\| `([a-z-]+)` \|", match[2], re.M))
    return out


def test_every_shipped_game_has_its_vocabulary_in_the_reference() -> None:
    """Lisboa's vocabulary is the compiler's (its kinds are the page's first tables); every
    other shipped game's is listed in its own section."""
    text = PAGE.read_text(encoding="utf-8")
    shipped = [game(n) for n in games() if type(game(n)).__module__.startswith("lisboa_core.")]
    assert {"lisboa", "puerto-rico", "tiletum"} <= {g.name for g in shipped}
    assert {g.name for g in shipped if g.key_vocabulary is not None} == set(KEY_GAMES)
    for found in shipped:
        if found.key_vocabulary is None:
            assert all(f"### `{kind}` {{ #kind-{kind} }}" in text
                       for kind in found.vocabulary.kinds), found.name
        else:
            assert f"### {found.title} {{ #game-{found.name} }}" in text


@pytest.mark.parametrize("slug", KEY_GAMES)
def test_the_reference_lists_exactly_the_described_keys_of_each_kind(slug: str) -> None:
    assert _page_keys(slug) == {kind: {k.key for k in keys.keys}
                                for kind, keys in _kinds(slug).items()}


def test_the_reference_lists_the_puerto_rico_kinds_the_components_need() -> None:
    listed = _page_keys("puerto-rico")
    # The kinds and keys the components.md tables need, among them (PR1.1).
    assert {"good", "plantation", "quarry", "building", "role", "ship", "trading-house",
            "board", "player-board", "setup"} == set(listed)
    assert {"cost", "vp", "column", "circles", "spaces", "copies", "on", "allow", "modify",
            "score"} <= listed["building"]


def test_the_reference_lists_every_ability_word_the_reader_knows() -> None:
    text = PAGE.read_text(encoding="utf-8")
    words = [*catalogue.PERMISSIONS, *catalogue.MODIFIERS, *catalogue.PRIVILEGES,
             *catalogue.PHASES]
    words += [f"on {event}: {effect}" for event, effect in catalogue.EVENTS]
    assert [w for w in words if f"`{w}" not in text] == []


def test_the_reference_lists_every_tiletum_kind_and_word() -> None:
    """The kinds of Tiletum's cards (cards/tiletum/*.lsb: the map, the board, the tiles)
    and the effect verbs and actions of TL21-TL25 are all in its section (the action tiles
    of TL1.4 with them: the variant of TL27 lays them)."""
    assert set(_page_keys("tiletum")) == {
        "town", "road", "edge", "die", "area", "action-tile", "king-track", "corruption", "cathedral", "cost",
        "fair-spaces", "fair", "town-tile", "contract-display", "person-display",
        "player-board", "setup", "person", "contract", "coat", "contract-tile", "bonus-tile"}
    text = PAGE.read_text(encoding="utf-8").partition("{ #game-tiletum }")[2]
    words = ["gain", "any", "action", "step", "king", "persons", "plus-ap", "die-type",
             "post-anywhere", "pillar-anywhere", "merchant-anywhere", "architect-anywhere",
             "architect", "merchant", "person", "contract", "joker"]
    assert text and [w for w in words if f"`{w}`" not in text] == []


@pytest.mark.parametrize("slug", KEY_GAMES)
def test_every_described_key_is_used_by_the_shipped_cards(slug: str) -> None:
    """Loading the shipped cards proves the reader accepts every key the reference lists
    (an unknown key would be LB101): each described key occurs in some shipped component
    of its kind."""
    used: dict[str, set[str]] = {}
    for path in sorted(cards_dir(slug).glob("*.lsb")):
        for comp in parse_file(path).components:
            used.setdefault(comp.kind, set()).update(item.key.text for item in comp.items)
    _load(slug)
    assert used == {kind: {k.key for k in keys.keys} for kind, keys in _kinds(slug).items()}


def _with_key(tmp_path: Path, kind: str, line: str, slug: str = "puerto-rico") -> list[str]:
    """The messages of loading the shipped cards of ``slug`` with ``line`` added to the
    first component of ``kind``."""
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(slug), folder)
    for path in sorted(folder.glob("*.lsb")):
        text = path.read_text()
        found = re.search(rf"^{kind} [A-Z]\S* .*\{{\n", text, re.M)
        if found:
            path.write_text(text[:found.end()] + f"  {line}\n" + text[found.end():])
            break
    try:
        _load(slug, folder)
    except CardValidationError as err:
        return [p.render() for p in err.problems]
    return []


@pytest.mark.parametrize(("slug", "kind"), [(slug, kind) for slug in KEY_GAMES
                                            for kind in sorted(_kinds(slug))])
def test_the_reader_refuses_every_key_the_reference_does_not_list(
    slug: str, kind: str, tmp_path: Path
) -> None:
    """Keys of the other kinds (and a made-up one) are LB101 for this kind: the reader
    accepts nothing the reference leaves out."""
    kinds = _kinds(slug)
    others = {k.key for keys in kinds.values() for k in keys.keys} | {"flavour"}
    refused = sorted(others - {k.key for k in kinds[kind].keys})
    problems = _with_key(tmp_path, kind, "\n  ".join(f"{key} 1" for key in refused), slug)
    missing = [key for key in refused
               if not any(f"LB101 unknown key '{key}' for a {kind}" in p for p in problems)]
    assert refused and missing == []


def _drifted(slug: str, kind: str, keys: tuple[Key, ...]) -> KeyVocabulary:
    """The game's vocabulary with ``kind`` described by ``keys``."""
    vocabulary = game(slug).key_vocabulary
    assert vocabulary is not None
    found = vocabulary.kind(kind)
    swapped = KindKeys(found.kind, found.cls, found.meaning, keys)
    return KeyVocabulary(vocabulary.game, tuple(swapped if k.kind == kind else k
                                                for k in vocabulary.kinds), vocabulary.lists)


@pytest.mark.parametrize(("slug", "kind", "key"), [
    ("puerto-rico", "good", "price"), ("tiletum", "cost", "stone"),
    ("tiletum", "setup", "gold"), ("tiletum", "bonus-tile", "assistant")])
def test_a_reader_that_reads_an_undescribed_key_stops_at_once(
    slug: str, kind: str, key: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The drift check itself: with ``key`` taken out of the description of ``kind``, the
    reader's reading of it is refused before any card is accepted."""
    cut = tuple(k for k in _kinds(slug)[kind].keys if k.key != key)
    monkeypatch.setattr(_catalogue(slug), "VOCABULARY", _drifted(slug, kind, cut))
    with pytest.raises(VocabularyDrift, match=f"reads '{key}' for a {kind}"):
        _load(slug)


def test_a_described_key_the_tiletum_reader_never_reads_is_drift(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """A key described for a kind but never consulted by the reader stops the load, even
    when no card gives it."""
    keys = (*_kinds("tiletum")["die"].keys, Key("flavour", "WORD", "its taste", required=False))
    monkeypatch.setattr(_catalogue("tiletum"), "VOCABULARY", _drifted("tiletum", "die", keys))
    with pytest.raises(VocabularyDrift, match=r"die: .* not \['flavour'\]"):
        _load("tiletum")


def test_a_required_tiletum_key_is_required_and_an_optional_one_defaults(
    tmp_path: Path,
) -> None:
    """The required flags come from the vocabulary: a die without ``resource`` is LB102 at
    the die; a contract tile without ``players`` is in every game (its default ``all``)."""
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir("tiletum"), folder)
    board = folder / "board.lsb"
    text = board.read_text()
    board.write_text(re.sub(r"(die DY .*\{\n)  resource gold\n", r"\1", text, count=1))
    with pytest.raises(CardValidationError) as err:
        _load("tiletum", folder)
    assert [p.code for p in err.value.problems] == ["LB102"]
    assert "die DY: missing 'resource'" in err.value.problems[0].render()
    board.write_text(text)
    tiles = folder / "tiles.lsb"
    tiles.write_text(re.sub(r"(contract-tile \S+ \{\n(?:  .*\n)*?)  players all\n", r"\1",
                            tiles.read_text(), count=1))
    assert tiles.read_text() != (cards_dir("tiletum") / "tiles.lsb").read_text()
    assert _load("tiletum", folder).digest == _load("tiletum").digest


def test_a_described_key_the_reader_never_reads_is_drift() -> None:
    kind = KindKeys("ship", object, "a ship", (Key("capacity", "N", "size"),
                                                Key("flag", "WORD", "its flag")))
    kind.check_read({"capacity", "flag"})
    with pytest.raises(VocabularyDrift, match=r"not \['flag'\]"):
        kind.check_read({"capacity"})
    with pytest.raises(ValueError, match="a required key has no default"):
        Key("hull", "N", "size", required=True, default=1)
