"""The board picture: valid standalone SVG whose pieces match the position they draw."""

from __future__ import annotations

import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from lisboa_core import apply, is_over, new_game, observe, random_move, record_game
from lisboa_core.games.lisboa.state import State
from lisboa_core.games.lisboa.svg import board

SVG = "{http://www.w3.org/2000/svg}"


def _position(players: int, seed: int, moves: int) -> State:
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(moves):
        if is_over(state):
            break
        state = apply(state, random_move(state, rng))
    return state


POSITIONS = [(2, 1, 0), (3, 4, 150), (4, 7, 320), (4, 9, 10_000), (2, 3, 10_000)]


def _pieces(svg: str, kind: str) -> list[dict[str, str]]:
    root = ET.fromstring(svg)
    return [
        {k.removeprefix("data-"): v for k, v in element.attrib.items() if k.startswith("data-")}
        for element in root.iter()
        if element.get("data-kind") == kind
    ]


@pytest.mark.parametrize(("players", "seed", "moves"), POSITIONS)
def test_the_picture_is_standalone_svg(players: int, seed: int, moves: int) -> None:
    state = _position(players, seed, moves)
    picture = board(state)
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox", "").startswith("0 0 ") and int(root.get("width", "0")) > 0
    assert board(state) == picture  # the same position, the same bytes
    assert len(_pieces(picture, "player")) == players


@pytest.mark.parametrize(("players", "seed", "moves"), POSITIONS)
def test_stores_officials_and_rubble_match_the_state(players: int, seed: int, moves: int) -> None:
    state = _position(players, seed, moves)
    picture = board(state)
    stores = _pieces(picture, "store")
    assert Counter((s["id"], int(s["owner"]), s["street"]) for s in stores) == Counter(
        state.stores)  # R10.1: one store per land, facing one street
    officials = Counter(
        (int(o["owner"]), o["place"]) for o in _pieces(picture, "official"))
    expected: Counter[tuple[int, str]] = Counter()
    for noble, office, plaza in zip(("manuel", "marquis", "king"), state.offices, state.plazas,
                                    strict=True):
        expected.update((seat, f"office:{noble}") for seat in office)
        expected.update((seat, f"plaza:{noble}") for seat in plaza)
    assert officials == expected  # R8.1
    cubes = Counter(c["colour"] for c in _pieces(picture, "rubble"))
    on_board = Counter(
        colour for group in (*state.row_rubble, *state.column_rubble, *state.site_rubble)
        for colour in group)
    assert cubes == on_board  # R2.5: the cubes still on the map
    tiles = [t["id"] for t in _pieces(picture, "clergy") if t["id"]]
    assert tiles == [t for t in state.church if t]  # R14
    assert [int(c["gap"]) for c in _pieces(picture, "cardinal")] == [state.cardinal]


def test_a_view_hides_the_other_hands() -> None:
    """R3.11: the cards in each hand are hidden from the other seats."""
    state = _position(4, 7, 200)
    picture = board(observe(state, 1))
    for seat, player in enumerate(state.players):
        shown = [c["id"] for c in _pieces(picture, "card") if c.get("place") == "hand"
                 and int(c["owner"]) == seat]
        if seat == 1:
            assert shown == list(player.hand)
        else:
            assert shown == ["?card"] * len(player.hand)
            for card in player.hand:
                assert card not in state.players[1].hand
                assert f">{card}<" not in picture and f'"{card}"' not in picture
    assert "seen by seat 1" in picture


def test_jupyter_shows_states_and_views() -> None:
    state = new_game(3, 5)
    assert state._repr_svg_() == board(state)
    assert observe(state, 2)._repr_svg_() == board(observe(state, 2))


def test_wrong_arguments() -> None:
    with pytest.raises(TypeError, match="position"):
        board("state")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="size"):
        board(new_game(2, 1), size=10)


def _lisboa(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lisboa_core", *args], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=300, check=False)


@pytest.mark.slow
def test_lisboa_show_draws_a_record(tmp_path: Path) -> None:
    rng = random.Random(3)
    record = record_game(lambda s: random_move(s, rng), players=3, seed=2, max_decisions=60)
    record.save(tmp_path / "game.json")
    out = tmp_path / "board.svg"
    result = _lisboa("show", str(tmp_path / "game.json"), "--turn", "40", "--seat", "0",
                     "--svg", str(out))
    assert result.returncode == 0, result.stderr
    picture = out.read_text(encoding="utf-8")
    ET.fromstring(picture)
    assert "turn" in picture and "seen by seat 0" in picture
    text = _lisboa("show", str(tmp_path / "game.json"), "--turn", "3")
    assert text.returncode == 0 and text.stdout.startswith("period 1")
    late = _lisboa("show", str(tmp_path / "game.json"), "--turn", "999")
    assert late.returncode == 2 and "--turn" in late.stderr and "Traceback" not in late.stderr
    seat = _lisboa("show", str(tmp_path / "game.json"), "--seat", "5")
    assert seat.returncode == 2 and "--seat" in seat.stderr
