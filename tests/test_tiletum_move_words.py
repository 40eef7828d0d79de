"""describe_move for Tiletum (issue 25: every surface works, as for the other games).

Every move of a few seeded games, chance outcomes included, reads as words that are not its
notation and name the components it names by their printed names. The expected names are
read here from the card files themselves (the quoted name of a town, die, person or coat of
arms), not from the catalogue the engine builds; the numbers come from the rules reference
(docs/games/tiletum/rules.md) and the cards.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from lisboa_core import (
    IllegalMoveError,
    Move,
    apply,
    chance_outcomes,
    describe_move,
    is_chance,
    is_over,
    legal_moves,
    new_game,
)
from lisboa_core.core.chance import CHANCE
from lisboa_core.core.frame import Frame
from lisboa_core.dsl import ast
from lisboa_core.dsl.parser import parse_file
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.fronts.cli import main
from lisboa_core.games import game
from lisboa_core.games.tiletum.actions import action_space
from lisboa_core.games.tiletum.rules.ops import rules_of
from tiletum_scenarios import action, at, fresh, seat

GAME = game("tiletum")
RESOURCES = ("gold", "food", "wool", "stone", "iron")


@cache
def _cards() -> dict[str, ast.Component]:
    """Every component of the shipped card files, by id."""
    return {c.id: c for path in sorted(cards_dir("tiletum").glob("*.lsb"))
            for c in parse_file(path).components}


def _field(comp: ast.Component, key: str) -> list[tuple[str, ...]]:
    return [tuple(str(getattr(v, "text", getattr(v, "value", ""))) for v in item.values)
            for item in comp.items if isinstance(item, ast.Field | ast.Clause)
            and item.key.text == key]


@cache
def _printed() -> dict[str, str]:
    """The word a description must contain for each id a move can name: the printed name
    of a town, die colour, person or coat of arms; a trading-post space and a cathedral by
    their town's name; a tile holding a coat of arms by the coat's name."""
    cards = _cards()
    names: dict[str, str] = {}
    for c in cards.values():
        if c.kind in ("town", "die", "coat") and c.name:
            names[c.id] = c.name
        if c.kind == "town" and c.name:
            names.update({post[0]: c.name for post in _field(c, "post")})
        if c.kind == "person" and c.name:
            names.update({tile[0]: c.name for tile in _field(c, "tile")})
    for c in cards.values():
        if c.kind == "cathedral":
            names[c.id] = names[_field(c, "town")[0][0]]
        if c.kind in ("contract-tile", "bonus-tile"):
            holds = _field(c, "holds")
            names[c.id] = names.get(holds[0][0], c.id) if holds else c.id
    return names


def _expected(state: Any, move: Move) -> list[str]:
    """The words the description of ``move`` must contain."""
    names = _printed()
    words = []
    for arg in map(str, move.args):
        if arg[:2] in names and arg[2:].isdigit() and move.kind in ("take", "roll"):
            words.append(names[arg[:2]])  # a die: its colour
        elif arg in names:
            words.append(names[arg])
        elif arg in RESOURCES or arg in _cards():
            words.append(arg)
    if move.kind == "contract":  # the tile in the slot
        tile = state.contract_display[int(str(move.args[0])[2:]) - 1]
        words.append(names.get(tile, tile))
    return words


def _class(move: Move) -> str:
    """The kind of a move, told apart where one kind means several things."""
    if move.kind in ("bonus", "king-bonus") and move.args[0] in ("yes", "no", "take", "vp",
                                                                  "discard"):
        return f"{move.kind} {move.args[0]}"
    if move.kind == "take":
        return f"take {len(move.args)}"
    return move.kind


@cache
def _seeded() -> tuple[int, dict[str, tuple[Any, Move, str]]]:
    """Three seeded random games: how many moves were described, and the first position
    offering each class of move with its description (every one checked on the way)."""
    found: dict[str, tuple[Any, Move, str]] = {}
    count = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        rng = random.Random(seed)
        state = new_game(players=players, seed=seed, game="tiletum")
        while not is_over(state):
            moves = [m for m, _ in chance_outcomes(state)] if is_chance(state) \
                else legal_moves(state)
            for move in moves:
                words = describe_move(state, move)
                assert words != str(move) and len(words) > len(str(move)) + 5, words
                for expected in _expected(state, move):
                    assert expected in words, (move, words, expected)
                found.setdefault(_class(move), (state, move, words))
                count += 1
            state = apply(state, rng.choice(moves))
    return count, found


def test_every_move_of_seeded_games_reads_as_words_naming_its_components() -> None:
    count, found = _seeded()
    assert count > 1000
    # the seeded games reach every class of move of the action space but the few built below
    space = {_class(m) for m in action_space(GAME.load_rules())} - {"reveal", "draw"}
    assert space - set(found) <= {"repeat"}


def test_the_words_name_the_die_its_area_its_resources_and_ap() -> None:
    """TL4.3: a die of value v goes to area AR((v - 1 + r) mod 6 + 1); TL6.5-TL6.6: taking
    it gives v resources of its colour and an action of 7 - v AP."""
    _, found = _seeded()
    state, move, words = found["roll"]
    die = str(move.args[0])
    value = int(die[2:])
    area = (value - 1 + state.wheel) % 6 + 1
    assert f"shows {value}" in words and f"AR{area}" in words and f"{7 - value} AP" in words
    state, move, words = found["take 2"]
    die = str(move.args[1])
    resource = _field(_cards()[die[:2]], "resource")[0][0]
    action_of = _field(_cards()[str(move.args[0])], "action")[0][0]
    value = int(die[2:])
    assert f"gain {value} {resource}" in words and action_of in words
    if action_of != "joker":
        bonus = state.players[state.pending[-1].seat].bonus_ap[
            ("architect", "merchant", "person", "contract", "king").index(action_of)]
        assert f"{7 - value + bonus} AP" in words


def test_the_words_of_the_duties_and_the_ap_of_an_action() -> None:
    """TL14.2.1: the gold exchange pays 2 gold for 1; TL12.3: the first exchange of an
    instance gives one extra resource; TL12.1: a display slot costs the AP printed under
    it (the cards: 4 3 3 2 2); TL7.3: unspent AP are lost."""
    state = seat(action(fresh(2), 0, "contract", 4), 0, {"gold": 3, "wool": 1})
    moves = {str(m): describe_move(state, m) for m in legal_moves(state)}
    assert moves["trade stone"].startswith("pay 2 gold for 1 stone")
    assert "1 resource of your choice" in moves["exchange wool iron"]
    costs = _field(_cards()["ContractDisplay"], "costs")[0]
    for slot in ("CS1", "CS2", "CS3", "CS4", "CS5"):
        if f"contract {slot}" in moves:
            assert f"({costs[int(slot[2:]) - 1]} AP)" in moves[f"contract {slot}"]
    assert "4 AP unused" in moves["done"]
    exchanged = apply(apply(state, Move("exchange", ("wool", "iron"))), Move("gain", ("food",)))
    again = describe_move(exchanged, Move("exchange", ("gold", "iron")))
    assert "of your choice" not in again


def test_the_moves_random_play_rarely_reaches() -> None:
    """The resource-type assistant (TL22.1.8), a repeated person bonus (TL21.4), the last
    round's king bonus in VP (TL17.1, the card's last-round VP) and a bonus tile left (TL6.4)."""
    state = fresh(2)
    rules = rules_of(state)
    person = next(p for p in rules.persons if p.person == "P10")
    rooms = ((person.id, "", ""), *state.players[0].rooms[1:])
    persons = seat(at(state, Frame("persons", 0)), 0, rooms=rooms)
    words = describe_move(persons, Move("repeat", (rules.buildings[0].id,)))
    assert _printed()[person.id] in words and "free step" in words
    last = at(state.replaced({"round": 4}), Frame("king-bonus", 0))
    vp = _field(_cards()["KingTrack"], "last-round-vp")[0][0]
    assert f"score {vp} VP" in describe_move(last, Move("king-bonus", ("vp",)))
    area = next(i for i, t in enumerate(state.area_bonus) if t)
    bonus = at(state, Frame("area-bonus", 0, (area,)))
    assert f"AR{area + 1}" in describe_move(bonus, Move("bonus", ("no",)))
    turn = at(state, Frame("turn", 0))
    take = next(m for m in legal_moves(turn) if m.kind == "take")
    typed = GAME.describe_move(turn, Move("take", (*take.args, "iron")))
    assert "gain " + str(take.args[1])[2:] + " iron" in typed


def test_a_corruption_token_and_a_drawn_tile_in_words() -> None:
    """TL5.3: a token of v moves every king marker v spaces left, 0 moves none; TL26.3: a
    tile drawn from a deck to its place. Hand-made chance steps, as the rules build them
    (a ``corrupt`` step, a ``draw`` step naming the deck, the field and the index)."""
    state = fresh(2)
    corrupt = at(state, Frame("corrupt", CHANCE, (1,)))
    two = GAME.describe_move(corrupt, Move("reveal", (2,)))
    assert "2 spaces" in two and "left" in two
    assert "stay" in GAME.describe_move(corrupt, Move("reveal", (0,)))
    person = at(state, Frame("draw", CHANCE, ("person_deck", "person_display", 2)))
    tile = next(p for p in rules_of(state).persons if p.person == "P01").id
    words = GAME.describe_move(person, Move("draw", (tile,)))
    assert _printed()[tile] in words and "person deck" in words and "space 3" in words
    coat = next(c for c in _cards().values() if c.kind == "bonus-tile"
                and _field(c, "holds") and _field(c, "holds")[0][0] in _printed())
    area = at(state, Frame("draw", CHANCE, ("bonus_deck", "area_bonus", 4)))
    words = GAME.describe_move(area, Move("draw", (coat.id,)))
    assert _printed()[coat.id] in words and "AR5" in words and "bonus deck" in words
    king = at(state, Frame("draw", CHANCE, ("bonus_deck", "king_bonus", -1)))
    assert "king" in GAME.describe_move(king, Move("draw", (coat.id,)))


def test_an_illegal_move_raises() -> None:
    state = fresh(2)
    with pytest.raises(IllegalMoveError, match="not legal"):
        describe_move(state, Move("take", ("AR1", "DY9")))
    with pytest.raises(IllegalMoveError, match="not legal"):
        describe_move(state, Move("end"))  # the turn-end's move, not the turn's
    chance = new_game(players=2, seed=1, game="tiletum")
    assert is_chance(chance)
    with pytest.raises(IllegalMoveError, match="not legal"):
        describe_move(chance, Move("roll", ("DY7",)))


def test_show_names_a_component_and_refuses_an_unknown_id() -> None:
    rules = GAME.load_rules()
    assert _printed()["LON-1"] in GAME.describe_component(rules, "LON-1")
    person = next(p for p in rules.persons if p.person == "P05")
    assert _cards()["P05"].name in GAME.describe_component(rules, person.id)
    assert _cards()["P05"].name in GAME.describe_component(rules, "P05")
    with pytest.raises(KeyError):
        GAME.describe_component(rules, "no-such-component")


def test_lisboa_play_lists_tiletum_moves_in_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The numbered list of ``lisboa --game tiletum play`` shows the words, the notation in
    brackets to type, and ``show ID`` prints a component."""
    feed = iter(["show P01", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(feed))
    assert main(["--game", "tiletum", "play", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    listed = [line for line in out.splitlines() if line.strip().split(".")[0].isdigit()]
    takes = [line for line in listed if "[take AR" in line]
    assert takes and all(" die showing " in line for line in takes)
    assert _cards()["P01"].name in out
