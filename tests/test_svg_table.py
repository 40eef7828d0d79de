"""Issue 24 items 1 and 3 in the pictures: officials in an office and on its plaza drawn
apart, the final totals in Lisboa's picture, and tooltips with the catalogue's names and
texts rather than ids (Lisboa), and with what a building does (Puerto Rico)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

from lisboa_core import apply, is_over, legal_moves, load_rules, new_game, observe
from lisboa_core.games import game
from lisboa_core.games.lisboa.descriptions import describe
from lisboa_core.games.lisboa.rules.scoring import score
from lisboa_core.games.lisboa.svg import board
from lisboa_core.games.puerto_rico.svg import board as puerto_rico_board

SVG = "{http://www.w3.org/2000/svg}"


def _played(players: int, seed: int, moves: int | None) -> object:
    state = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not is_over(state) and (moves is None or moves > 0):
        state = apply(state, rng.choice(legal_moves(state)))
        moves = None if moves is None else moves - 1
    return state


def _shapes(picture: str, kind: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(picture).iter() if e.get("data-kind") == kind]


def _title(element: ET.Element) -> str:
    found = element.find(f"{SVG}title")
    return "" if found is None or found.text is None else found.text


def _box(element: ET.Element) -> tuple[float, float, float, float]:
    x, y = float(element.get("x", 0)), float(element.get("y", 0))
    return x, y, x + float(element.get("width", 0)), y + float(element.get("height", 0))


def test_officials_in_an_office_and_on_its_plaza_are_drawn_apart() -> None:
    # R8 (the royal court): an official sits in a noble's office or waits on its plaza.
    state = _played(4, 5, 201)  # seed 5: two officials wait on a plaza after 201 moves
    picture = board(state)  # type: ignore[arg-type]
    offices = {e.get("data-id"): _box(e) for e in _shapes(picture, "office")}
    plazas = {e.get("data-id"): _box(e) for e in _shapes(picture, "plaza")}
    assert set(offices) == set(plazas) and len(offices) == 3
    for noble in offices:
        office, plaza = offices[noble], plazas[noble]
        assert office[3] <= plaza[1]  # the plaza lies below its office, not inside it
    placed = 0
    assert any(state.plazas) and any(state.offices)  # type: ignore[attr-defined]
    for official in _shapes(picture, "official"):
        where, noble = official.get("data-place", "").split(":")
        x, y = float(official.get("cx", 0)), float(official.get("cy", 0))
        left, top, right, bottom = (offices if where == "office" else plazas)[noble]
        assert left <= x <= right and top <= y <= bottom, (where, noble, x, y)
        assert (where == "office") == ("office" in _title(official))
        placed += 1
    assert placed == sum(map(len, state.offices)) + sum(map(len, state.plazas))  # type: ignore[attr-defined]


def test_the_final_totals_are_in_the_picture_at_the_end() -> None:
    state = _played(3, 6, None)
    sheet = score(state)  # type: ignore[arg-type]
    picture = board(state)  # type: ignore[arg-type]
    totals = {int(e.get("data-owner", -1)): e for e in _shapes(picture, "final-total")}
    assert sorted(totals) == [0, 1, 2]
    for seat in sheet.seats:
        shown = totals[seat.seat]
        assert int(shown.get("data-value", -1)) == seat.total
        assert ("winner" in _title(shown)) == (seat.seat in sheet.winners)
    assert "game over" in picture and "final-total" not in board(_played(3, 6, 30))  # type: ignore[arg-type]


def test_card_tooltips_give_the_catalogue_name_and_text() -> None:
    rules = load_rules()
    state = _played(2, 4, 120)
    picture = board(observe(state, 0))  # type: ignore[arg-type]
    hand = [e for e in _shapes(picture, "card") if e.get("data-owner") == "0"
            and e.get("data-place") == "hand"]
    assert hand
    for card in hand:
        assert _title(card) == describe(rules[card.get("data-id", "")])
    held = _shapes(picture, "held")
    assert held
    for piece in held:
        found = rules.get(piece.get("data-id", ""))
        if found is not None:
            assert _title(piece) == describe(found)
            assert found.name in _title(piece)
    church = [e for e in _shapes(picture, "clergy") if e.get("data-id")]
    for tile in church:
        assert rules[tile.get("data-id", "")].name in _title(tile)


def test_puerto_rico_buildings_say_what_they_do() -> None:
    rules = game("puerto-rico").load_rules()
    picture = puerto_rico_board(new_game(players=3, seed=2, game="puerto-rico"))
    supply = {e.get("data-id"): _title(e) for e in _shapes(picture, "building-supply")}
    for building in rules.buildings:
        said = supply[building.id]
        assert said.startswith(building.name)
        if building.abilities:  # PR11: abilities work only while the building is occupied
            assert said.count("; while occupied, ") == len(building.abilities)
        if building.produces:
            assert f"helps produce {building.produces.lower()}" in said
        if building.scoring:  # PR14: a large building scores at the end, if occupied
            assert said.count("; at the end, if occupied: ") == len(building.scoring)
        assert not re.search(r"\bon [a-z-]+: |\b1 doubloons\b", said)  # no card notation
