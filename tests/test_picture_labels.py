"""Issue 34.2: board pictures a person can read. For seeded positions of each game (a new
game, one played some way in, a seat's view, a finished game), no label of the SVG is under
11 pixels when the picture is shown 1280 pixels wide (the viewBox against that width), and no
label is a bare id of a component that has a printed name (the id is in the tooltip)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from lisboa_core.api import apply, is_over, legal_moves, new_game
from lisboa_core.dsl.catalogue import card_files
from lisboa_core.dsl.parser import parse_file
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.games import game
from lisboa_core.views import observe

DISPLAY = 1280
FLOOR = 11.0
_VIEWBOX = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')
_TEXT = re.compile(r'<text [^>]*font-size="([\d.]+)"[^>]*>([^<]*)</text>')
_TITLE = re.compile(r"<title>([^<]*)</title>")


SHIPPED = ("lisboa", "puerto-rico", "tiletum")
"""The games shipped with the engine (a test may register a toy game besides)."""

def _played(name: str, players: int, seed: int, moves: int | None) -> Any:
    """A seeded game of ``name`` after ``moves`` random moves (``None``: to its end)."""
    state, rng = new_game(players, seed, game=name), random.Random(seed)
    count = 0
    while not is_over(state) and (moves is None or count < moves):
        state = apply(state, rng.choice(legal_moves(state)))
        count += 1
    return state


def _positions(name: str) -> list[Any]:
    players = 2 if name == "lisboa" else 3
    middle = _played(name, players, 3, 90)
    return [new_game(players, 1, game=name), middle, observe(middle, 1),
            _played(name, players, 4, None)]


def _named_ids(name: str) -> dict[str, str]:
    """The ids whose component has a printed name that does not contain the id (``W-A``,
    "West site, row A"; ``P03c``, "Ironmonger"), with that name; a land ``A1`` named
    "Land A1" is its own label."""
    found = game(name)
    rules = found.load_rules()
    named = {c.id: c.name for path in card_files([cards_dir(name)])
             for c in parse_file(path).components if c.name and c.id not in c.name}
    if name == "tiletum":  # the tiles inside person and tile components
        from lisboa_core.games.tiletum.move_words import tile_label

        tiles = [t.id for t in rules.persons] + list(rules.extra["tile"])
        named |= {t: tile_label(rules, t) for t in tiles}
    if name == "lisboa":
        named |= {c.id: c.name for c in rules if c.id not in c.name}
    return named


@pytest.mark.parametrize("name", SHIPPED)
def test_no_label_is_under_eleven_pixels_at_1280(name: str) -> None:
    for position in _positions(name):
        picture = game(name).svg(position)
        box = _VIEWBOX.search(picture)
        assert box is not None
        scale = DISPLAY / float(box[1])
        sizes = [(float(size) * scale, text) for size, text in _TEXT.findall(picture)]
        assert sizes, "a picture with no labels"
        small = [(round(px, 1), text) for px, text in sizes if px < FLOOR]
        assert not small, small[:10]


@pytest.mark.parametrize("name", SHIPPED)
def test_no_label_is_a_bare_id_where_a_name_exists(name: str) -> None:
    named = _named_ids(name)
    for position in _positions(name):
        picture = game(name).svg(position)
        bare = {word for _, text in _TEXT.findall(picture)
                for word in re.findall(r"[A-Za-z0-9-]+", text) if word in named}
        assert not bare, {ident: named[ident] for ident in sorted(bare)}


def test_the_names_are_shown_and_the_ids_are_in_the_tooltips() -> None:
    """The components the issue found as bare ids (Lisboa's cards, decrees and plans,
    Tiletum's contracts and persons) show their names; their ids are in the tooltips."""
    lisboa = new_game(2, 1)
    picture = game("lisboa").svg(lisboa)
    rules = game("lisboa").load_rules()
    labels = {text for _, text in _TEXT.findall(picture)}
    titles = " ".join(_TITLE.findall(picture))
    for ident in (*lisboa.decree_display, lisboa.players[0].hand[0],
                  *lisboa.players[0].plans):
        assert rules.get(ident).name in labels and f"({ident})" in titles, ident
    tiletum = new_game(3, 1, game="tiletum")
    picture = game("tiletum").svg(tiletum)
    labels = {text for _, text in _TEXT.findall(picture)}
    titles = " ".join(_TITLE.findall(picture))
    trules = game("tiletum").load_rules()
    names = trules.extra["names"]
    for tile in tiletum.person_display:
        person = trules.extra["person"][tile].person
        assert names[person] in labels and tile in titles, tile
    contracts = [t for t in tiletum.contract_display
                 if trules.extra["tile"][t].kind == "contract"]
    assert contracts
    for tile in contracts:
        vp = trules.extra["contract"][trules.extra["tile"][tile].holds].vp
        assert any(label.endswith(f": {vp} VP") for label in labels) and tile in titles
