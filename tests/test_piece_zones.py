"""Piece conservation over every zone on load (issue 23, item 5): a saved state that puts a
piece where its kind may not lie, in two places, or nowhere is refused naming the field.

Before, such saves loaded and broke later: a public building duplicated into
``building_stacks``, a card moved from ``later_decks`` into the display piles or a red card
swapped into a draft hand made :func:`~lisboa_core.determinize` fail ("no unseen public
building fits") and :func:`~lisboa_core.legal_mask` raise a ``KeyError`` on a draft move
outside the action space. The expected places come from the rules cited at each case.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lisboa_core import (
    StateFormatError,
    apply,
    from_json,
    is_over,
    legal_moves,
    load_rules,
    new_game,
    to_json,
)
from lisboa_core.games.lisboa.state import Options, State
from lisboa_core.games.lisboa.zones import check_zones

Document = dict[str, Any]


def _play_until(players: int, seed: int, done: Callable[[State], bool],
                options: Options | None = None) -> State:
    state, rng = new_game(players, seed, options=options), random.Random(seed)
    while not done(state):
        assert not is_over(state), "the game ended before the position was reached"
        state = apply(state, rng.choice(legal_moves(state)))
    return state


@functools.cache
def _saved(position: str) -> str:
    """A save of a named position of a seeded random game."""
    positions: dict[str, Callable[[], State]] = {
        "turn": lambda: _play_until(3, 5, lambda s: s.turn >= 4),
        "draft": lambda: new_game(3, 2, options=Options(draft=True)),
        "setup": lambda: new_game(4, 1),
        "two": lambda: _play_until(2, 3, lambda s: s.turn >= 6),
        "opened": lambda: _play_until(3, 7, lambda s: len(s.opened) >= 2),
        "tucked": lambda: _play_until(3, 5, lambda s: any(
            any(p.bottom) and None in p.top for p in s.players) and not s.pending[-1].kind
            .startswith(("slot", "place"))),
        "deep": lambda: _play_until(4, 11, lambda s: s.turn >= 3 and len(s.pending) >= 5),
        "period2": lambda: _play_until(
            3, 7, lambda s: s.period == 2 and not any(s.later_decks)),
    }
    return to_json(positions[position]())


def _document(position: str) -> Document:
    document: Document = json.loads(_saved(position))
    return document


def _refused(document: Document) -> StateFormatError:
    with pytest.raises(StateFormatError) as info:
        from_json(json.dumps(document))
    return info.value


# --- the reproducers of the issue ----------------------------------------------------------


def test_a_public_building_duplicated_into_the_stacks_is_refused() -> None:
    document = _document("turn")
    stacks = document["state"]["building_stacks"]
    building = stacks[1][0]
    stacks[0].append(building)
    error = _refused(document)
    assert str(error) == (f"building_stacks[1][0]: {building} is also at "
                          f"building_stacks[0][{len(stacks[0]) - 1}]")
    assert error.field == "building_stacks[1][0]"


def test_a_card_moved_from_a_later_deck_into_a_pile_is_refused() -> None:
    # R2.7.3: in period 1 the piles hold the red deck, one card type each; R15.3: the purple
    # deck waits whole until the period-2 setup.
    document = _document("turn")
    body = document["state"]
    card = body["later_decks"][0].pop()
    body["piles"][0].append(card)
    error = _refused(document)
    assert error.field == f"piles[0][{len(body['piles'][0]) - 1}]"
    assert re.fullmatch(rf"piles\[0\]\[\d+\]: {card} is a purple \w+ card; this place holds "
                        r"red manuel cards", str(error)), str(error)


def test_a_red_card_swapped_into_a_draft_hand_is_refused() -> None:
    # R2.7.6: the draft passes the 5 blue cards dealt to each seat.
    document = _document("draft")
    body = document["state"]
    index = next(i for i, f in enumerate(body["pending"]) if f["kind"] == "draft")
    packets = body["pending"][index]["data"][2]
    red = body["piles"][1][2]
    packets[0][0], body["piles"][1][2] = red, packets[0][0]
    error = _refused(document)
    assert error.field == f"pending[{index}].data[2][0][0]"
    assert f"got {red!r} (a red marquis card)" in str(error)
    assert "card of the starting deck (blue)" in str(error)


# --- every zone -----------------------------------------------------------------------------


def _move(source: str, index: int, target: str) -> Callable[[Document], None]:
    """Take the item ``index`` of the list at ``source`` and append it to ``target``
    (dotted paths inside ``state``)."""
    def change(document: Document) -> None:
        item = _at(document, source).pop(index)
        _at(document, target).append(item)
    return change


def _copy(source: str, index: int, target: str) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        _at(document, target).append(_at(document, source)[index])
    return change


def _at(document: Document, path: str) -> Any:
    node: Any = document["state"]
    for key in path.split("."):
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def _swap(a: str, b: str) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        *pa, la = a.split(".")
        *pb, lb = b.split(".")
        x, y = _at(document, ".".join(pa)), _at(document, ".".join(pb))
        ka = int(la) if isinstance(x, list) else la
        kb = int(lb) if isinstance(y, list) else lb
        x[ka], y[kb] = y[kb], x[ka]
    return change


def _treasury_on_top(document: Document) -> None:
    """A treasury card moved from a bottom slot into an empty top slot."""
    for player in document["state"]["players"]:
        slot = next((i for i, card in enumerate(player["bottom"]) if card), None)
        if slot is not None and None in player["top"]:
            player["top"][player["top"].index(None)] = player["bottom"][slot]
            player["bottom"][slot] = None
            return
    raise AssertionError("no treasury card to move in the position")


def _removed_card_back(document: Document, deck: str, target: str) -> None:
    """A card of ``deck`` that left the game put back at ``target`` (a ship when the target
    holds ships)."""
    rules = load_rules()
    wanted = ((lambda c: c.id in {s.id for s in rules.ships}) if "ships" in target
              else (lambda c: getattr(c, "deck", None) == deck))
    removed = document["state"]["removed"]
    index = next(i for i, piece in enumerate(removed) if wanted(rules[piece]))
    _at(document, target).append(removed.pop(index))


def _set(path: str, value: Callable[[Any], Any]) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        *parent, last = path.split(".")
        node = _at(document, ".".join(parent))
        key = int(last) if isinstance(node, list) else last
        node[key] = value(node[key])
    return change


CASES = [
    # (position, change, field, words in the message, rule)
    ("turn", _move("later_decks.0", 0, "players.1.hand"), r"players\[1\]\.hand\[\d+\]",
     "is a purple", "R15.3: the purple deck waits whole"),
    ("turn", _move("later_decks.1", 0, "removed"), r"removed\[\d+\]", "is a brown",
     "R15.3: the brown deck waits whole"),
    ("turn", _swap("piles.0.1", "piles.1.1"), r"piles\[0\]\[1\]", "this place holds red manuel",
     "R2.7.3: one type per pile"),
    ("turn", lambda d: _at(d, "church").__setitem__(0, _at(d, "clergy_bag")[0]),
     r"church\[0\]", "is also at clergy_bag[0]", "one place per clergy tile"),
    ("turn", _move("later_ships", 0, "shipyard"), r"shipyard\[\d+\]",
     "this place holds ships of period 1", "R15.3: period-2 ships wait"),
    ("turn", _move("shipyard", 0, "later_ships"), r"later_ships\[\d+\]",
     "this place holds ships of period 2", "R15.3"),
    ("turn", _swap("city_display.0", "city_display.4"), r"city_display\[0\]",
     "is a small city tile; this place holds a large city tile", "R2.4.4"),
    ("turn", _move("city_stacks.0", 0, "city_stacks.1"), r"city_stacks\[1\]\[\d+\]",
     "this place holds small city tiles", "R2.4.4"),
    ("turn", _copy("city_stacks.0", 0, "city_stacks.0"), r"city_stacks\[0\]\[\d+\]",
     "is also at city_stacks[0][0]", "a tile is in one place"),
    ("turn", lambda d: _at(d, "city_stacks.0").pop(), "city_stacks",
     "each store used one", "a store takes a tile"),
    ("turn", _swap("plan_stacks.0.0", "plan_stacks.1.0"), r"plan_stacks\[0\]\[0\]",
     "is a green-architect plan; this place holds blue-architect plans", "R2.4.2"),
    ("turn", _move("building_stacks.0", 0, "removed"), r"removed\[\d+\]",
     "is a public building; this place holds", "buildings never leave the game"),
    ("turn", _move("plan_stacks.0", 0, "removed"), r"removed\[\d+\]",
     "is a blue-architect plan; this place holds", "R2.2.5: only starting plans leave"),
    ("turn", _move("decree_deck", 0, "removed"), r"removed\[\d+\]",
     "is a decree; this place holds", "R2.6.2: decrees leave only with 2 players"),
    ("tucked", lambda d: _treasury_on_top(d), r"players\[\d\]\.top\[\d\]",
     "treasury card; this place holds noble cards", "R4.1: top slots hold no treasury card"),
    ("turn", lambda d: _at(d, "removed").pop(0), "removed", "is nowhere",
     "every piece is somewhere"),
    ("turn", _set("favor_supply.manuel", lambda n: n + 1), r"favor_supply\.manuel",
     "but a 3-player game has 3 of each noble", "R2.1.1"),
    ("setup", _set("row_rubble.0.0", lambda c: "brown" if c != "brown" else "red"),
     r"\w+_rubble(\[\d+\]){2}|rubble_pile\[\d+\]", "cubes than the game has (21)",
     "R2.5.1: 21 cubes of each colour"),
    ("setup", _copy("clergy_bag", 0, "pending.2.data"), r"pending\[2\]\.data\[\d\]",
     "is also at clergy_bag[0]", "R2.2.3: the tiles drawn wait in the keep decision"),
    ("two", _move("decree_deck", 0, "decree_display"), "decree_display",
     "9 decrees face up; the display has 8 spaces", "R1.5: 8 decrees face up"),
    ("opened", _copy("opened.0", 1, "building_stacks.0"), r"building_stacks\[0\]\[\d+\]",
     "is also at", "a building is in one place"),
    ("period2", lambda d: _removed_card_back(d, "purple", "later_decks.0"),
     r"later_decks\[0\]\[0\]", "this place holds nothing after the period-2 setup",
     "R15.3: after the period-2 setup the later decks are empty"),
    ("period2", lambda d: _removed_card_back(d, "purple", "later_ships"),
     r"later_ships\[0\]", "this place holds nothing in period 2",
     "R15.3: in period 2 no ship waits"),
]


@pytest.mark.parametrize(("position", "change", "field", "words", "rule"), CASES,
                         ids=[c[4] for c in CASES])
def test_a_piece_out_of_place_is_refused_naming_the_field(
    position: str, change: Callable[[Document], None], field: str, words: str, rule: str
) -> None:
    document = copy.deepcopy(_document(position))
    change(document)
    error = _refused(document)
    assert error.field is not None and re.fullmatch(field, error.field), str(error)
    assert words in str(error), str(error)


def test_a_site_opened_twice_is_refused() -> None:
    document = _document("opened")
    opened = document["state"]["opened"]
    opened[1][0] = opened[0][0]
    error = _refused(document)
    assert str(error).startswith(f"opened[1][0]: site {opened[0][0]} is already opened at "
                                 "opened[0]")


def test_a_two_player_decree_cannot_be_face_up_in_a_two_player_game() -> None:
    # R2.6.2: with 2 players such a decree is removed the moment it is revealed.
    rules = load_rules()
    removal = {d.id for d in rules.decrees if d.two_player_removal}
    document = _document("two")
    body = document["state"]
    waiting = next(i for i, d in enumerate(body["decree_deck"]) if d in removal)
    body["decree_display"][0], body["decree_deck"][waiting] = \
        body["decree_deck"][waiting], body["decree_display"][0]
    error = _refused(document)
    assert error.field == "decree_display[0]", str(error)
    assert "a decree removed in 2-player games" in str(error)


# --- any duplicate, anywhere --------------------------------------------------------------


def _piece_lists(document: Document) -> list[tuple[str, ...]]:
    """The paths of every non-empty list of piece ids in the saved state."""
    ids = set(load_rules().by_id)
    found: list[tuple[str, ...]] = []

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, list):
            if node and any(isinstance(x, str) and x in ids for x in node):
                found.append(path)
            for i, item in enumerate(node):
                walk(item, (*path, str(i)))
        elif isinstance(node, dict):
            for key, item in node.items():
                walk(item, (*path, key))

    walk(document["state"], ())
    return found


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=st.sampled_from(["turn", "draft", "setup", "two", "opened", "tucked", "deep",
                                  "period2"]),
       data=st.data())
def test_any_piece_copied_into_any_other_zone_is_refused_naming_a_field(
    position: str, data: st.DataObject
) -> None:
    document = copy.deepcopy(_document(position))
    lists = _piece_lists(document)
    source = data.draw(st.sampled_from(lists))
    items = _at(document, ".".join(source))
    piece = data.draw(st.sampled_from([x for x in items if isinstance(x, str)]))
    target = data.draw(st.sampled_from(lists))
    where = _at(document, ".".join(target))
    where.insert(data.draw(st.integers(0, len(where))), piece)
    with pytest.raises(StateFormatError) as info:
        from_json(json.dumps(document))
    assert info.value.field is not None, str(info.value)


# --- and never a state the engine made ----------------------------------------------------


@pytest.mark.slow
def test_every_state_of_real_games_keeps_every_piece_in_its_place() -> None:
    lab = load_rules(overlay=[Path(__file__).parent / "data" / "open_words.lsb"])
    for seed in range(6):
        options = Options(draft=seed % 3 == 1, leftmost_slot=seed % 2 == 1)
        rules = lab if seed == 5 else load_rules()
        state, rng = new_game(2 + seed % 3, seed, options=options, rules=rules), \
            random.Random(seed)
        while True:
            check_zones(state, rules)
            if is_over(state):
                break
            state = apply(state, rng.choice(legal_moves(state)))
