"""The Puerto Rico board picture (issue 22.5): a well-formed SVG of the table and of one
player board per seat, drawn from the catalogue, hiding in a view what its seat cannot see
(PR17), the same bytes for the same position.

Expected numbers come from docs/games/puerto-rico/rules.md and components.md."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lisboa_core
import lisboa_core.svg
from lisboa_core.core.replace import replace
from lisboa_core.games.puerto_rico.game import GAME
from lisboa_core.games.puerto_rico.state import State
from lisboa_core.games.puerto_rico.svg import board
from lisboa_core.games.puerto_rico.views import determinize, observe
from puerto_rico_scenarios import blank, fresh, seat, ships

SVG = "{http://www.w3.org/2000/svg}"


def _shapes(picture: str, kind: str) -> list[ET.Element]:
    root = ET.fromstring(picture)
    return [e for e in root.iter() if e.get("data-kind") == kind]


def _title(element: ET.Element) -> str:
    found = element.find(f"{SVG}title")
    assert found is not None and found.text, f"{element.get('data-kind')} has no title"
    return found.text


def _texts(picture: str) -> list[str]:
    return [e.text or "" for e in ET.fromstring(picture).iter(f"{SVG}text")]


def _finished(players: int, seed: int) -> State:
    state = lisboa_core.new_game(players=players, seed=seed, game="puerto-rico")
    rng = random.Random(seed)
    while not lisboa_core.is_over(state):
        state = lisboa_core.apply(state, rng.choice(lisboa_core.legal_moves(state)))
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_picture_parses_and_has_one_player_board_per_seat(players: int) -> None:
    """PR0.1.4: each player has a player board; the picture is one XML document with a
    board per seat, each with 12 island spaces and 12 city spaces."""
    state = lisboa_core.new_game(players=players, seed=1, game="puerto-rico")
    for picture in (board(state), board(observe(state, players - 1))):
        root = ET.fromstring(picture)
        assert root.tag == f"{SVG}svg"
        boards = _shapes(picture, "player")
        assert sorted(int(b.get("data-owner", "-1")) for b in boards) == list(range(players))
        for kind in ("island-space", "city-space"):
            owners = [e.get("data-owner") for e in _shapes(picture, kind)]
            assert all(owners.count(str(s)) == 12 for s in range(players)), kind


@pytest.mark.parametrize(("players", "capacities"),
                         [(3, [4, 5, 6]), (4, [5, 6, 7]), (5, [6, 7, 8])])
def test_pr2_2_5_each_cargo_ship_has_a_space_per_good_it_holds(
        players: int, capacities: list[int]) -> None:
    """PR2.2.5: the cargo ships are 4/5/6, 5/6/7 or 6/7/8 goods; each is drawn with that
    many spaces; PR8.2.1 the trading house with 4."""
    picture = board(lisboa_core.new_game(players=players, seed=2, game="puerto-rico"))
    spaces = [e.get("data-place") for e in _shapes(picture, "ship-space")]
    hulls = _shapes(picture, "ship")
    assert [spaces.count(f"ship:{h.get('data-id')}") for h in hulls] == capacities
    assert len(_shapes(picture, "trading-space")) == 4
    assert all("empty" in _title(e) for e in _shapes(picture, "ship-space"))


def test_a_loaded_ship_shows_its_good_in_as_many_spaces_as_its_load() -> None:
    """PR9: a ship holds one kind of good; the 6-space ship with 4 sugar shows 4 sugar
    spaces and 2 empty ones; the trading house shows what was sold, in order."""
    state = ships(fresh(4), (None, 0), ("sugar", 4), ("corn", 7))
    state = replace(state, trading_house=(4, 0))  # coffee then corn (goods.lsb order)
    picture = board(state)
    hull = next(h for h in _shapes(picture, "ship") if h.get("data-capacity") == "6")
    place = f"ship:{hull.get('data-id')}"
    mine = [e for e in _shapes(picture, "ship-space") if e.get("data-place") == place]
    assert [_title(e).rsplit(": ", 1)[1] for e in mine] == ["Sugar"] * 4 + ["empty"] * 2
    assert "2 spaces free" in _title(hull)
    house = [_title(e).rsplit(": ", 1)[1] for e in _shapes(picture, "trading-space")]
    assert house == ["Coffee", "Corn", "empty", "empty"]


@pytest.mark.parametrize(("players", "prospectors"), [(3, 0), (4, 1), (5, 2)])
def test_pr2_2_6_the_roles_on_the_table(players: int, prospectors: int) -> None:
    """PR2.2.6: six roles without a prospector with 3 players, one prospector more per
    further player; each card drawn with its name."""
    picture = board(lisboa_core.new_game(players=players, seed=3, game="puerto-rico"))
    names = [_title(e).split(":")[0] for e in _shapes(picture, "role")]
    assert names == ["Settler", "Mayor", "Builder", "Craftsman", "Trader", "Captain"] + [
        "Prospector"] * prospectors


def test_pr3_3_2_doubloons_on_a_role_and_who_took_it() -> None:
    """PR3.3.2: doubloons lie on the roles nobody took; a taken role shows its taker."""
    state = fresh(4)
    state = replace(state, role_doubloons=(0, 2, 0, 0, 1, 0, 0),
                    role_takers=(3, -1, -1, -1, -1, -1, -1))
    roles = _shapes(board(state), "role")
    assert "taken by seat 3" in _title(roles[0])
    assert "2 doubloons on it" in _title(roles[1]) and "not taken" in _title(roles[1])
    on_mayor = [e for e in _shapes(board(state), "doubloon")
                if e.get("data-place") == f"role:{roles[1].get('data-id')}"]
    assert len(on_mayor) == 2


def test_the_governor_and_the_seat_to_act_are_marked() -> None:
    """PR3.2.1: the governor card; the seat deciding now is marked on its board."""
    state = fresh(4, governor=2)
    picture = board(state)
    assert [e.get("data-owner") for e in _shapes(picture, "governor")] == ["2"]
    assert [e.get("data-owner") for e in _shapes(picture, "to-act")] == [str(state.to_act)]


def test_the_island_and_city_show_tiles_buildings_and_colonists() -> None:
    """PR0.1.6: one circle per island tile; PR11 a building's circles (indigo plant 3,
    components.md section 2) filled by its colonists; PR11.1.8 a large building covers two
    city spaces; PR5 colonists in San Juan."""
    state = blank(fresh(3))
    state = seat(state, 1, island={"corn": (2, 1), "quarry": (1, 1)},
                 city={"IndigoPlant": 2, "Residence": 1, "SmallMarket": 0}, san_juan=3,
                 doubloons=4, goods={"coffee": 2})
    picture = board(state)
    mine = [e for e in _shapes(picture, "island-space")
            if e.get("data-owner") == "1" and e.get("data-id")]
    assert sorted(e.get("data-worked") for e in mine) == ["0", "1", "1"]
    buildings = {e.get("data-id"): e for e in _shapes(picture, "building")
                 if e.get("data-owner") == "1"}
    assert set(buildings) == {"IndigoPlant", "Residence", "SmallMarket"}
    circles = [e for e in _shapes(picture, "colonist") + _shapes(picture, "circle")
               if e.get("data-place") == "building:IndigoPlant"]
    assert sorted(e.get("data-kind") for e in circles) == ["circle", "colonist", "colonist"]
    large = float(buildings["Residence"].get("height", "0"))
    small = float(buildings["SmallMarket"].get("height", "0"))
    assert large > 1.9 * small
    assert "idle" in _title(buildings["SmallMarket"])
    colonists = [e for e in _shapes(picture, "colonist") if e.get("data-owner") == "1"]
    assert len(colonists) == 2 + 2 + 1  # island, indigo plant, residence
    assert "3 colonists waiting" in _title(_shapes(picture, "san-juan")[1])
    assert "4 doubloons" in _title(_shapes(picture, "doubloons")[1])


def test_pr2_2_7_supplies_face_up_plantations_and_buildings() -> None:
    """PR2.2.7: N + 1 face-up plantations; components.md: 8 quarries, 23 building kinds
    with their copies (small indigo plant 4 of 4), the colonist ship with 4 colonists and
    the VP supply of 100 with 4 players (PR2.2.3-4)."""
    picture = board(lisboa_core.new_game(players=4, seed=5, game="puerto-rico"))
    assert len(_shapes(picture, "face-up")) == 5
    assert "8 quarries" in _title(_shapes(picture, "quarries")[0])
    supply = _shapes(picture, "building-supply")
    assert len(supply) == 23
    assert _title(supply[0]).startswith("Small indigo plant: cost 1, 1 VP")
    assert "4 of 4 left" in _title(supply[0])
    assert "4 colonists" in _title(_shapes(picture, "colonist-ship")[0])
    assert "100 VP left" in _title(_shapes(picture, "vp-supply")[0])


def test_pr17_1_2_a_view_shows_the_other_seats_vp_as_a_question_mark() -> None:
    """PR17.1.2: a seat sees its own VP chips, not the others'. The other boards show '?'
    and the hidden number is nowhere in the picture: two states that differ only there
    give the same bytes."""
    state = seat(seat(blank(fresh(4)), 0, vp=6), 2, vp=37)
    view = board(observe(state, 0))
    values = {e.get("data-owner"): e.get("data-value") for e in _shapes(view, "vp")}
    assert values == {"0": "6", "1": "?", "2": "?", "3": "?"}
    shown = _texts(view) + [_title(e) for e in ET.fromstring(view).iter() if e.get("data-kind")]
    assert not any("37" in t for t in shown)
    other = seat(seat(blank(fresh(4)), 0, vp=6), 2, vp=21)
    assert board(observe(other, 0)) == view
    assert "37" in [e.get("data-value") for e in _shapes(board(state), "vp")]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 1000), steps=st.integers(0, 120), who=st.integers(0, 2))
def test_a_view_draws_nothing_its_seat_cannot_see(seed: int, steps: int, who: int) -> None:
    """PR17: any full state agreeing with a seat's view gives the same picture of that
    view (the hidden stack and the others' VP chips never show)."""
    state = lisboa_core.new_game(players=3, seed=seed, game="puerto-rico")
    rng = random.Random(seed)
    for _ in range(steps):
        if lisboa_core.is_over(state):
            break
        state = lisboa_core.apply(state, rng.choice(lisboa_core.legal_moves(state)))
    view = observe(state, who)
    assert board(observe(determinize(view, seed + 1), who)) == board(view)


def test_the_same_position_gives_the_same_bytes() -> None:
    """Deterministic: two games from one seed, the same moves, the same picture."""
    pictures = []
    for _ in range(2):
        state = lisboa_core.new_game(players=5, seed=9, game="puerto-rico")
        rng = random.Random(9)
        for _ in range(60):
            state = lisboa_core.apply(state, rng.choice(lisboa_core.legal_moves(state)))
        pictures.append((board(state), board(observe(state, 3))))
    assert pictures[0] == pictures[1]


def test_a_finished_game_renders_with_every_vp_and_the_final_score() -> None:
    """PR15.2/PR17.1.2: after the end the VP chips are revealed and the final score is
    shown on each board, the winners marked (PR16)."""
    end = _finished(3, 5)
    sheet = GAME.score(end)
    picture = board(observe(end, 0))
    assert "?" not in [e.get("data-value") for e in _shapes(picture, "vp")]
    texts = _texts(picture)
    for s in sheet.seats:
        assert any(t.startswith(f"Seat {s.seat}") and f"final score {s.total} VP" in t
                   for t in texts)
    assert sum("(winner)" in t for t in texts) == len(sheet.winners)
    assert any(t.startswith("the game ended") for t in texts)
    assert not _shapes(picture, "to-act")


def test_every_piece_has_a_title() -> None:
    """Each drawn piece names itself in a tooltip."""
    picture = board(observe(lisboa_core.new_game(players=4, seed=6, game="puerto-rico"), 1))
    pieces = [e for e in ET.fromstring(picture).iter() if e.get("data-kind")]
    assert len(pieces) > 200
    for piece in pieces:
        assert _title(piece)


def test_the_front_door_draws_the_puerto_rico_board() -> None:
    """lisboa_core.svg.board and Game.svg dispatch here, for a state and for a view,
    with the size option."""
    state = lisboa_core.new_game(players=4, seed=7, game="puerto-rico")
    assert lisboa_core.svg.board(state) == board(state)
    view = observe(state, 2)
    assert lisboa_core.svg.board(view, size=600) == board(view, size=600)
    assert GAME.svg(view) == board(view)
    assert ET.fromstring(board(view, size=600)).get("width") == "600"


def test_bad_input_is_refused_with_a_clear_error() -> None:
    """Anything but a Puerto Rico state or view, or a bad size, raises naming it."""
    with pytest.raises(TypeError, match="position"):
        board("not a state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="position"):
        board(lisboa_core.new_game(players=2, seed=1))  # type: ignore[arg-type]
    state = lisboa_core.new_game(players=3, seed=1, game="puerto-rico")
    with pytest.raises(ValueError, match="size"):
        board(state, size=50)
    with pytest.raises(TypeError, match="size"):
        board(state, size="big")  # type: ignore[arg-type]


def test_the_docstring_examples_run() -> None:
    """The module's and board()'s ``Example::`` blocks run as written."""
    import inspect
    import textwrap

    import lisboa_core.games.puerto_rico.svg as module

    blocks = []
    for doc in (inspect.getdoc(module) or "", inspect.getdoc(board) or ""):
        _, _, rest = doc.partition("Example::\n")
        lines = []
        for line in rest.splitlines()[1:]:
            if line and not line.startswith(" "):
                break
            lines.append(line)
        blocks.append(textwrap.dedent("\n".join(lines)))
    assert all(block.strip() for block in blocks)
    for block in blocks:
        exec(compile(block, "<example>", "exec"), {})


def test_role_cards_say_their_phase_in_a_players_words() -> None:
    """Issue 34: a role card says what its phase has the players do (PR4-PR10), not the
    card file's word for it (``phase: settle``), wrapped on lines under the card's name."""
    state = lisboa_core.new_game(players=4, seed=3, game="puerto-rico")
    picture = board(replace(state, role_doubloons=(0, 2, 0, 0, 1, 0, 0)))
    texts = _texts(picture)
    assert not any(text.startswith("phase:") for text in texts)

    def saying(name: str, lines: int) -> str:
        at = texts.index(name)
        return " ".join(texts[at + 1: at + 1 + lines])

    # PR4: each player in turn takes a plantation; PR7: each player produces goods;
    # PR10: the prospector has no phase, only its privilege
    assert saying("Settler", 2) == "each player in turn takes a plantation"
    assert saying("Craftsman", 2) == "each player produces goods"
    assert saying("Prospector", 2) == "no phase: only the privilege"
    # the longest saying fits: the cards grow to hold it, the doubloons below it
    roles = _shapes(picture, "role")
    assert len({e.get("height") for e in roles}) == 1
    top = min(float(e.get("y", 0)) for e in roles)
    coins = [float(e.get("cy", 0)) for e in _shapes(picture, "doubloon")
             if (e.get("data-place") or "").startswith("role:")]
    sayings = [float(e.get("y", 0)) for e in ET.fromstring(picture).iter(f"{SVG}text")
               if e.text == "player places his"]  # the Mayor's last line
    assert coins and sayings and min(coins) - 6 > sayings[0] > top
