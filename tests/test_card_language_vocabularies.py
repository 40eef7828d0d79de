"""The card-language reference lists each game's vocabulary (issue 22.7), and for a game
read by its own reader (Puerto Rico) the list cannot drift from what the reader accepts:
every key the reader accepts is in the reference and every key in the reference is
accepted, kind by kind."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from lisboa_core.dsl.keys import Key, KeyVocabulary, KindKeys, VocabularyDrift
from lisboa_core.dsl.parser import parse_file
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.errors import CardValidationError
from lisboa_core.games import game, games
from lisboa_core.games.puerto_rico import catalogue
from lisboa_core.games.puerto_rico.catalogue import load_rules
from lisboa_core.games.puerto_rico.language import VOCABULARY

PAGE = Path(__file__).resolve().parents[1] / "docs" / "card-language.md"
PR_KINDS = {k.kind: k for k in VOCABULARY.kinds}


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
    assert {"lisboa", "puerto-rico"} <= {g.name for g in shipped}
    for found in shipped:
        if found.key_vocabulary is None:
            assert all(f"### `{kind}` {{ #kind-{kind} }}" in text
                       for kind in found.vocabulary.kinds), found.name
        else:
            assert f"### {found.title} {{ #game-{found.name} }}" in text


def test_the_reference_lists_exactly_the_described_keys_of_each_puerto_rico_kind() -> None:
    listed = _page_keys("puerto-rico")
    assert listed == {kind: {k.key for k in keys.keys} for kind, keys in PR_KINDS.items()}
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


def test_every_described_key_is_used_by_the_shipped_cards() -> None:
    """Loading the shipped cards proves the reader accepts every key the reference lists
    (an unknown key would be LB101): each described key occurs in some shipped component
    of its kind."""
    used: dict[str, set[str]] = {}
    for path in sorted(cards_dir("puerto-rico").glob("*.lsb")):
        for comp in parse_file(path).components:
            used.setdefault(comp.kind, set()).update(item.key.text for item in comp.items)
    load_rules(reload=True)
    assert used == {kind: {k.key for k in keys.keys} for kind, keys in PR_KINDS.items()}


def _with_key(tmp_path: Path, kind: str, line: str) -> list[str]:
    """The messages of loading the shipped cards with ``line`` added to the first component
    of ``kind``."""
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir("puerto-rico"), folder)
    for path in sorted(folder.glob("*.lsb")):
        text = path.read_text()
        found = re.search(rf"^{kind} [A-Z]\S* .*\{{\n", text, re.M)
        if found:
            path.write_text(text[:found.end()] + f"  {line}\n" + text[found.end():])
            break
    try:
        load_rules(folder, reload=True)
    except CardValidationError as err:
        return [p.render() for p in err.problems]
    return []


@pytest.mark.parametrize("kind", sorted(PR_KINDS))
def test_the_reader_refuses_every_key_the_reference_does_not_list(
    kind: str, tmp_path: Path
) -> None:
    """Keys of the other kinds (and a made-up one) are LB101 for this kind: the reader
    accepts nothing the reference leaves out."""
    others = {k.key for keys in PR_KINDS.values() for k in keys.keys} | {"flavour"}
    refused = sorted(others - {k.key for k in PR_KINDS[kind].keys})
    problems = _with_key(tmp_path, kind, "\n  ".join(f"{key} 1" for key in refused))
    missing = [key for key in refused
               if not any(f"LB101 unknown key '{key}' for a {kind}" in p for p in problems)]
    assert refused and missing == []


def test_a_reader_that_reads_an_undescribed_key_stops_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The drift check itself: with ``price`` taken out of the description of a good, the
    reader's reading of it is refused before any card is accepted."""
    good = PR_KINDS["good"]
    cut = KindKeys(good.kind, good.cls, good.meaning,
                   tuple(k for k in good.keys if k.key != "price"))
    drifted = KeyVocabulary(VOCABULARY.game, tuple(cut if k.kind == "good" else k
                                                   for k in VOCABULARY.kinds),
                            VOCABULARY.lists)
    monkeypatch.setattr(catalogue, "VOCABULARY", drifted)
    with pytest.raises(VocabularyDrift, match="reads 'price' for a good"):
        load_rules(reload=True)


def test_a_described_key_the_reader_never_reads_is_drift() -> None:
    kind = KindKeys("ship", object, "a ship", (Key("capacity", "N", "size"),
                                                Key("flag", "WORD", "its flag")))
    kind.check_read({"capacity", "flag"})
    with pytest.raises(VocabularyDrift, match=r"not \['flag'\]"):
        kind.check_read({"capacity"})
    with pytest.raises(ValueError, match="a required key has no default"):
        Key("hull", "N", "size", required=True, default=1)
