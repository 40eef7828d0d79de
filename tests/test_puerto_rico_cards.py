"""Puerto Rico card files: a broken copy of cards/puerto-rico is refused at file:line:col;
the shipped cards give the box's components (PR1.1)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lisboa_core.errors import CardSyntaxError, CardValidationError
from lisboa_core.games.puerto_rico.catalogue import default_cards, load_rules


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "puerto-rico"
    shutil.copytree(default_cards(), folder)
    return folder


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def _break(folder: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path, _line_of(path, new.strip().splitlines()[0])


@pytest.mark.parametrize(("name", "old", "new", "column", "error"), [
    ("goods.lsb", "  price 4\n", "  price four\n", 9, CardValidationError),
    ("buildings.lsb", "  on load: gain 1 vp", "  on load: gain 1 rubies", 12,
     CardValidationError),
    ("goods.lsb", "  price 4\n", "  flavour sweet\n  price 4\n", 3, CardValidationError),
    ("goods.lsb", "  price 4\n", "  price @4\n", 9, CardSyntaxError),
])
def test_a_broken_card_names_file_line_and_column(
    tmp_path: Path, name: str, old: str, new: str, column: int, error: type[Exception]
) -> None:
    """A card that breaks the grammar (CardSyntaxError) or the game's vocabulary: an
    unknown key, a word where a number goes, an unknown unit (CardValidationError); each
    at its file:line:col. The grammar is the same for every game, so a kind's keys and
    values are the vocabulary's to check."""
    folder = _copy(tmp_path)
    path, line = _break(folder, name, old, new)
    with pytest.raises(error) as caught:
        load_rules(folder, reload=True)
    assert f"{path}:{line}:{column}:" in str(caught.value)


def test_a_validation_error_names_file_line_and_column(tmp_path: Path) -> None:
    """A setup naming a ship that does not exist: CardValidationError at the setup's
    line."""
    folder = _copy(tmp_path)
    path = folder / "setup.lsb"
    path.write_text(path.read_text().replace("ships Ship4 Ship5 Ship6", "ships Ship4 Ship5 Ship9"))
    line = _line_of(path, "setup Players3")
    with pytest.raises(CardValidationError) as caught:
        load_rules(folder, reload=True)
    assert f"{path}:{line}:1:" in str(caught.value) and "Ship9" in str(caught.value)


def test_pr1_1_the_shipped_cards_are_the_box() -> None:
    """PR1.1.5 49 buildings (5 large, 12 small violet kinds twice, 20 production);
    PR1.1.7 8 quarries and 50 plantations (8/9/10/11/12); PR1.1.8 50 goods; PR1.1.10 ships
    of 4 to 8; PR1.1.3 8 role cards; PR6.2.6 a building's column is its printed VP;
    PR11.1.7 17 violet buildings; PR11.1.8/PR19.1.4 five large buildings."""
    r = load_rules()
    assert sum(b.copies for b in r.buildings) == 49
    large = [b for b in r.buildings if b.spaces == 2]
    assert len(large) == 5 and all(b.copies == 1 and b.cost == 10 and b.vp == 4 for b in large)
    production = [b for b in r.buildings if b.produces]
    assert sum(b.copies for b in production) == 20
    violet_small = [b for b in r.buildings if not b.produces and b.spaces == 1]
    assert len(violet_small) == 12 and all(b.copies == 2 for b in violet_small)
    assert all(b.column == b.vp for b in r.buildings)
    counts = {t.word: t.count for t in r.tiles}
    assert counts == {"quarry": 8, "coffee": 8, "tobacco": 9, "corn": 10, "sugar": 11,
                      "indigo": 12}
    assert {g.word: g.count for g in r.goods} == {"coffee": 9, "tobacco": 9, "corn": 10,
                                                  "sugar": 11, "indigo": 11}
    assert sorted(r.capacity.values()) == [4, 5, 6, 7, 8]
    assert len(r.roles) == 8


def test_a_kind_puerto_rico_does_not_have_is_refused_at_its_place(tmp_path: Path) -> None:
    """The grammar is shared, so a Lisboa kind parses in a Puerto Rico file; the game's
    reader refuses it (LB101) at the component's first column, naming its own kinds."""
    folder = _copy(tmp_path)
    path = folder / "goods.lsb"
    path.write_text(path.read_text() + '\nclergy C1 "A Lisboa tile" {\n  wigs 1\n}\n')
    line = _line_of(path, 'clergy C1 "A Lisboa tile" {')
    with pytest.raises(CardValidationError) as caught:
        load_rules(folder, reload=True)
    text = str(caught.value)
    assert f"{path}:{line}:1: LB101 unknown component kind 'clergy'" in text
    assert "plantation" in text
