"""The Tiletum board picture (issue 25.4): the map, the action wheel with the dice, the king
track and one player board per seat, drawn from the catalogue, hiding in a view what no seat
may see (TL26.2), the same bytes for the same position.

Expected numbers come from docs/games/tiletum/rules.md and components.md."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lisboa_core
import lisboa_core.svg
from lisboa_core.errors import CardValidationError
from lisboa_core.games.tiletum.catalogue import default_cards, load_rules
from lisboa_core.games.tiletum.game import GAME
from lisboa_core.games.tiletum.state import State
from lisboa_core.games.tiletum.svg import board
from lisboa_core.games.tiletum.views import determinize, observe
from tiletum_scenarios import rolled

SVG = "{http://www.w3.org/2000/svg}"


def _shapes(picture: str, kind: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(picture).iter() if e.get("data-kind") == kind]


def _texts(picture: str) -> list[str]:
    return [e.text or "" for e in ET.fromstring(picture).iter(f"{SVG}text")]


def _played(players: int, seed: int, steps: int | None = None) -> State:
    state = lisboa_core.new_game(players=players, seed=seed, game="tiletum")
    rng = random.Random(seed)
    done = 0
    while not lisboa_core.is_over(state) and (steps is None or done < steps):
        state = lisboa_core.apply(state, rng.choice(lisboa_core.legal_moves(state)))
        done += 1
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tl1_the_picture_has_every_town_road_and_one_board_per_seat(players: int) -> None:
    """TL1.1/components.md D.1-D.2: 20 towns and 21 road spaces, each drawn once; 9
    cathedral sites; TL1.10: a player board per seat."""
    state = lisboa_core.new_game(players=players, seed=1, game="tiletum")
    for picture in (board(state), board(observe(state, players - 1))):
        assert ET.fromstring(picture).tag == f"{SVG}svg"
        towns = [e.get("data-id") for e in _shapes(picture, "town")]
        assert len(towns) == 20 and len(set(towns)) == 20
        roads = [e.get("data-id") for e in _shapes(picture, "road")]
        assert len(roads) == 21 and len(set(roads)) == 21
        assert len(_shapes(picture, "cathedral-site")) == 9
        boards = _shapes(picture, "player")
        assert sorted(int(b.get("data-owner", "-1")) for b in boards) == list(range(players))


@pytest.mark.parametrize(("players", "used"), [(2, 21), (3, 34), (4, 47)])
def test_tl2_1_4_post_spaces_are_drawn_and_marked_by_player_count(players: int,
                                                                  used: int) -> None:
    """components.md D.1: 4 spaces in Tiletum plus 43 elsewhere (19 unmarked, 12 "3+", 12
    "4"); Tiletum's own (2 unmarked, a "3+", a "4"). A space is in play when its mark allows
    the player count."""
    picture = board(lisboa_core.new_game(players=players, seed=2, game="tiletum"))
    spaces = _shapes(picture, "post-space")
    assert len(spaces) == 47
    assert sum(e.get("data-active") == "1" for e in spaces) == used


@pytest.mark.parametrize(("players", "dice"), [(2, 8), (3, 11), (4, 14)])
def test_tl4_1_the_wheel_holds_the_rounds_dice(players: int, dice: int) -> None:
    """TL4.1: 8/11/14 dice are rolled and set around the wheel; TL4.2: each in the area the
    section of its value faces, so each area's dice show that area's value."""
    state = rolled(lisboa_core.new_game(players=players, seed=4, game="tiletum"))
    picture = board(observe(state, 0))
    on_wheel = [e for e in _shapes(picture, "die") if e.get("data-place", "").startswith("area")]
    assert len(on_wheel) == dice
    areas = _shapes(picture, "area")
    assert len(areas) == 6
    assert sorted(int(a.get("data-value", "0")) for a in areas) == [1, 2, 3, 4, 5, 6]
    for a, area in enumerate(areas):
        mine = [d for d in on_wheel if d.get("data-place") == f"area:{a}"]
        assert len(mine) == int(area.get("data-dice", "-1"))
        assert {d.get("data-value") for d in mine} <= {area.get("data-value")}


def test_a_taken_die_leaves_the_wheel_for_the_players_board() -> None:
    """TL6.1: the die taken goes to the player's board; the wheel shows one fewer."""
    state = rolled(lisboa_core.new_game(players=3, seed=5, game="tiletum"))
    start = len(_shapes(board(state), "die"))
    while not any(p.dice for p in state.players):
        state = lisboa_core.apply(state, lisboa_core.legal_moves(state)[0])
    picture = board(state)
    owned = [e for e in _shapes(picture, "die") if e.get("data-place") == "seat"]
    assert len(owned) == 1 and len(_shapes(picture, "die")) == start


@pytest.mark.parametrize("seed", [6, 10, 12])
def test_tl2_2_4_the_king_track_has_one_stack_of_every_seats_marker(seed: int) -> None:
    """TL1.10/TL2.2.4: the king discs start as one stack on KT5 (the 0 VP space; 16
    spaces, components.md); TL5.2-TL5.3: the first corruption token, revealed at once,
    moves the stack its value to the left (the setup's dice rolled first, TL4)."""
    picture = board(rolled(lisboa_core.new_game(players=4, seed=seed, game="tiletum")))
    spaces = _shapes(picture, "king-space")
    assert len(spaces) == 16
    markers = _shapes(picture, "king-marker")
    assert sorted(e.get("data-owner") for e in markers) == ["0", "1", "2", "3"]
    revealed = [int(t.get("data-value", "")) for t in _shapes(picture, "corruption")
                if t.get("data-revealed") == "1"]
    assert len(revealed) == 1
    stacked = [k for k, s in enumerate(spaces) if s.get("data-markers") == "4"]
    assert stacked == [5 - revealed[0]]
    assert spaces[5].get("data-value") == "0"


def test_tl1_12_each_board_has_its_buildings_rooms_and_spaces() -> None:
    """TL1.12/components.md J: six buildings with 3, 3, 2, 2, 1, 0 rooms; 8 contract spaces;
    a 4-space warehouse; five resources (TL0.1) per seat."""
    picture = board(lisboa_core.new_game(players=2, seed=7, game="tiletum"))
    for seat in ("0", "1"):
        buildings = [e for e in _shapes(picture, "building") if e.get("data-owner") == seat]
        assert [b.get("data-rooms") for b in buildings] == ["3", "3", "2", "2", "1", "0"]
        rooms = [e for e in _shapes(picture, "room") if e.get("data-owner") == seat]
        assert len(rooms) == 11
        assert sum(e.get("data-owner") == seat for e in _shapes(picture, "contract-space")) == 8
        assert sum(e.get("data-owner") == seat for e in _shapes(picture, "warehouse-space")) == 4
        assert sum(e.get("data-owner") == seat for e in _shapes(picture, "resource")) == 5


def test_tl26_2_a_view_hides_the_face_down_tokens_and_the_decks() -> None:
    """TL26.2: the face-down corruption tokens show as '?', the decks only by size; no id
    of a tile still in a deck appears."""
    state = lisboa_core.new_game(players=3, seed=8, game="tiletum")
    picture = board(observe(state, 1))
    tokens = _shapes(picture, "corruption")
    hidden = len(state.corruption) - state.revealed
    assert [t.get("data-value") for t in tokens[:hidden]] == ["?"] * hidden
    assert all(t.get("data-value") != "?" for t in tokens[hidden:])
    for deck in (state.person_deck, state.contract_deck, state.bonus_deck):
        assert not [tile for tile in deck if f">{tile}<" in picture or f'"{tile}"' in picture]
    counts = {e.get("data-kind"): e.get("data-count") for kind in
              ("person-deck", "contract-deck", "bonus-deck") for e in _shapes(picture, kind)}
    assert counts == {"person-deck": str(len(state.person_deck)),
                      "contract-deck": str(len(state.contract_deck)),
                      "bonus-deck": str(len(state.bonus_deck))}


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 1000), steps=st.integers(0, 150), who=st.integers(0, 2))
def test_a_view_draws_nothing_its_seat_cannot_see(seed: int, steps: int, who: int) -> None:
    """TL26.2: any full state agreeing with a seat's view gives the same picture of it."""
    view = observe(_played(3, seed, steps), who)
    assert board(observe(determinize(view, seed + 1), who)) == board(view)


def test_the_map_is_drawn_where_the_cards_place_it(tmp_path: Path) -> None:
    """The positions are the cards' ``at`` lines: every town and road space has one, and
    an overlay moving a town moves its picture."""
    rules = load_rules()
    assert all(rules.position(space) is not None for space in rules.spaces)
    text = (default_cards() / "map.lsb").read_text()
    tail = text.partition('town TIL "Tiletum" {\n')[2]
    body = tail.split("}\n", 1)[0]
    moved = tmp_path / "moved.lsb"
    moved.write_text('town TIL "Tiletum" {\n'
                     + "\n".join(line if not line.strip().startswith("at ") else "  at 500 350"
                                 for line in body.splitlines()) + "\n}\n")
    overlaid = load_rules(overlay=[moved])
    assert overlaid.position("TIL") == (500, 350)
    assert overlaid.digest == rules.digest  # a drawing position is not a rule
    bad = tmp_path / "bad.lsb"
    bad.write_text('town TIL "Tiletum" {\n  at here there\n' + body.split("\n", 1)[1] + "\n}\n")
    with pytest.raises(CardValidationError, match="'at' takes numbers"):
        load_rules(overlay=[bad])


def test_the_same_position_gives_the_same_bytes() -> None:
    """Deterministic: two games from one seed, the same moves, the same picture."""
    first, second = _played(4, 9, 80), _played(4, 9, 80)
    assert board(first) == board(second)
    assert board(observe(first, 3)) == board(observe(second, 3))


def test_tl20_a_finished_game_shows_the_final_score_and_the_winners() -> None:
    """TL20: after the end each board shows its final score, the winners marked."""
    end = _played(2, 5)
    sheet = GAME.score(end)
    picture = board(observe(end, 0))
    texts = _texts(picture)
    for s in sheet.seats:
        assert any(t.startswith(f"Seat {s.seat}") and f"final score {s.total} VP" in t
                   for t in texts)
    assert sum("(winner)" in t for t in texts) == len(sheet.winners)
    assert not _shapes(picture, "to-act")


def test_every_piece_has_a_title() -> None:
    """Each drawn piece names itself in a tooltip."""
    picture = board(observe(_played(4, 6, 40), 1))
    pieces = [e for e in ET.fromstring(picture).iter() if e.get("data-kind")]
    assert len(pieces) > 200
    for piece in pieces:
        found = piece.find(f"{SVG}title")
        assert found is not None and found.text, piece.get("data-kind")


def test_the_front_door_draws_the_tiletum_board() -> None:
    """lisboa_core.svg.board and Game.svg dispatch here, for a state and a view, with the
    size option."""
    state = lisboa_core.new_game(players=4, seed=7, game="tiletum")
    assert lisboa_core.svg.board(state) == board(state)
    view = observe(state, 2)
    assert lisboa_core.svg.board(view, size=600) == board(view, size=600)
    assert GAME.svg(view) == board(view)
    assert ET.fromstring(board(view, size=600)).get("width") == "600"


def test_bad_input_is_refused_with_a_clear_error() -> None:
    """Anything but a Tiletum state or view, or a bad size, raises naming it."""
    with pytest.raises(TypeError, match="position"):
        board("not a state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="position"):
        board(lisboa_core.new_game(players=2, seed=1))  # type: ignore[arg-type]
    state = lisboa_core.new_game(players=3, seed=1, game="tiletum")
    with pytest.raises(ValueError, match="size"):
        board(state, size=50)
    with pytest.raises(TypeError, match="size"):
        board(state, size="big")  # type: ignore[arg-type]
