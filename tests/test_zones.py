"""Zones declared once (lisboa_core.core.zones): every game's save and view checker and its
conservation invariants come from its declaration, and close the holes a tampered save of
Puerto Rico or Tiletum used to slip through (issue 31: accepted, then broken in play)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lisboa_core import StateFormatError, apply, from_json, is_over, legal_moves, new_game, to_json
from lisboa_core.api import is_chance, sample_chance
from lisboa_core.core.specs import Many
from lisboa_core.core.zones import (
    Domains,
    Place,
    Total,
    Zones,
    check_declared,
    conservation_problems,
)
from lisboa_core.games import game
from lisboa_core.persistence.codec import Invalid
from lisboa_core.serialize import view_from_json
from lisboa_core.views import observe


def _play(name: str, players: int, seed: int, moves: int) -> Any:
    state = new_game(players, seed, game=name)
    chooser = random.Random(seed)
    for _ in range(moves):
        if is_over(state):
            break
        state = apply(state, sample_chance(state) if is_chance(state)
                      else chooser.choice(legal_moves(state)))
    return state


def _edited(state: Any, edit: Any) -> str:
    """The save of ``state`` with ``edit`` applied to its body (a dict)."""
    document = json.loads(to_json(state))
    edit(document["state"])
    return json.dumps(document)


def _refused(text: str, where: str) -> str:
    with pytest.raises(StateFormatError) as caught:
        from_json(text)
    message = str(caught.value)
    assert message.startswith(where), message
    return message


# --- Puerto Rico ---------------------------------------------------------------------------


PR = _play("puerto-rico", 4, 1, 60)


def test_pr_a_role_card_must_be_one_of_the_player_count() -> None:
    def edit(body: dict[str, Any]) -> None:
        body["roles"][0] = "vp-out"  # a game-end reason, not a role card (PR2.2.6)

    assert "unknown role 'vp-out'" in _refused(_edited(PR, edit), "roles[0]")


def test_pr_a_seat_holds_one_count_per_good() -> None:
    def edit(body: dict[str, Any]) -> None:
        body["players"][2]["goods"].append(0)

    goods = len(game("puerto-rico").load_rules().goods)
    assert f"expected {goods} items, got {goods + 1}" in _refused(_edited(PR, edit),
                                                                   "players[2].goods")


def test_pr_two_cargo_ships_of_one_size_are_refused() -> None:
    def edit(body: dict[str, Any]) -> None:
        body["ships"][1] = body["ships"][0]

    assert "is also at ships[0]" in _refused(_edited(PR, edit), "ships[1]")


def test_pr_goods_are_never_made_from_nothing() -> None:
    def edit(body: dict[str, Any]) -> None:
        body["goods_supply"][0] += 1

    rules = game("puerto-rico").load_rules()
    message = _refused(_edited(PR, edit), "goods_supply[0]")
    assert f"{rules.goods[0].count + 1} in all, but the game has {rules.goods[0].count}" in message


def test_pr_conservation_invariants_come_from_the_declaration() -> None:
    from lisboa_core.core.replace import replace

    rules = game("puerto-rico").load_rules()
    zones = game("puerto-rico").zones()
    assert conservation_problems(zones, PR, rules) == []
    more = replace(PR, colonist_supply=PR.colonist_supply + 2)
    setup = rules.setup_for(4)
    expected = setup.colonists + setup.colonist_ship  # PR2.2.3: the colonists set up
    assert conservation_problems(zones, more, rules) == [
        f"colonist_supply: colonists: {expected + 2} in all, but the game has {expected}"]
    assert game("puerto-rico").check_invariants(more)[0].startswith("colonist_supply")


# --- Tiletum -------------------------------------------------------------------------------


TL = _play("tiletum", 3, 2, 90)


@pytest.mark.parametrize(("edit", "where", "says"), [
    (lambda b: b["bag"].__setitem__(0, "P02c"), "bag[0]", "unknown colour 'P02c'"),
    (lambda b: b["players"][1]["coats"].pop(), "players[1].coats", "expected"),
    (lambda b: b["map_bonus"].pop(), "map_bonus", "expected"),
    (lambda b: b.__setitem__("order", [0, 0, 1]), "order[1]", "seat 0 is twice"),
    (lambda b: b["area_dice"][0].append("P14a"), "area_dice[0]", "unknown die"),
    (lambda b: b["players"][0]["rooms"][2].pop(), "players[0].rooms[2]", "expected"),
], ids=["bag", "coats", "map-bonus", "order", "die", "rooms"])
def test_tl_values_lengths_and_orders_are_checked(edit: Any, where: str, says: str) -> None:
    assert says in _refused(_edited(TL, edit), where)


def test_tl_a_person_tile_is_in_exactly_one_place() -> None:
    person = TL.person_deck[0]

    def twice(body: dict[str, Any]) -> None:
        body["players"][0]["warehouse"].append(person)

    def lost(body: dict[str, Any]) -> None:
        body["person_deck"].remove(person)

    assert "is also at person_deck[0]" in _refused(_edited(TL, twice), "players[0].warehouse")
    assert f"{person} (a person tile) is nowhere" in _refused(_edited(TL, lost), "person_deck")


def test_tl_contract_tiles_are_conserved_and_bonus_tiles_never_doubled() -> None:
    contract = TL.contract_deck[0]
    bonus = TL.bonus_deck[0]

    def lost(body: dict[str, Any]) -> None:
        body["contract_deck"].remove(contract)

    def doubled(body: dict[str, Any]) -> None:
        body["bonus_deck"].append(bonus)

    assert "is nowhere" in _refused(_edited(TL, lost), "contract_deck")
    assert "is also at bonus_deck" in _refused(_edited(TL, doubled), "bonus_deck")


def test_tl_a_tile_of_more_players_stays_in_the_box() -> None:
    rules = game("tiletum").load_rules()
    four = next(p.id for p in rules.persons if p.players > 3)

    def edit(body: dict[str, Any]) -> None:
        body["person_deck"][0] = four

    assert "unknown person" in _refused(_edited(TL, edit), "person_deck[0]")


# --- views ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["puerto-rico", "tiletum"])
def test_a_view_with_an_automatic_step_on_top_is_refused_as_a_save_is(name: str) -> None:
    state = _play(name, 3, 4, 30)
    stack = game(name).stack
    automatic = next(k for k in sorted(stack.kinds()) if stack.handler(k).moves is None
                     and stack.handler(k).under is None and k != "return")
    for text in (to_json(state), to_json(observe(state, 0))):
        document = json.loads(text)
        document["state"]["pending"].append({"kind": automatic, "seat": -1, "data": []})
        load = view_from_json if "seat" in document else from_json
        with pytest.raises(StateFormatError, match=r"pending\[\d+\]"):
            load(json.dumps(document))


# --- the shared checker on a declaration of its own ----------------------------------------


def _toy(pieces: tuple[str, ...]) -> Zones:
    return Zones(
        domains=lambda _rules, _players: Domains(ids={"card": frozenset(pieces)},
                                                 sizes={"hands": 2}),
        fields={"deck": Many("card"), "hands": Many(Many("card"), "hands")},
        places=lambda state, _rules: (
            Place("deck", state.deck, "card", "cards"),
            *(Place(f"hands[{i}]", h, "card", "cards") for i, h in enumerate(state.hands))),
        copies=lambda _rules, _players: {p: (1, 1) for p in pieces},
        totals=lambda state, _rules: (Total("cards", (("deck", len(state.deck)),
                                                       ("hands", sum(map(len, state.hands)))),
                                            len(pieces)),),
        orders=("order",),
    )


class _Rng:
    counter = 0


class _Toy:
    def __init__(self, deck: tuple[str, ...], hands: tuple[tuple[str, ...], ...],
                 order: tuple[int, ...] = (0, 1)) -> None:
        self.players = (object(), object())
        self.deck, self.hands, self.order = deck, hands, order
        self.rng, self.pending = _Rng(), ()


CARDS = ("a", "b", "c", "d")


@given(st.lists(st.sampled_from(CARDS), max_size=6), st.integers(0, 6))
def test_pieces_are_accepted_exactly_when_each_is_once_somewhere(
        dealt: list[str], cut: int) -> None:
    state = _Toy(tuple(dealt[:cut]), (tuple(dealt[cut:]), ()))
    once = sorted(dealt) == sorted(CARDS)
    try:
        check_declared(_toy(CARDS), state, None)
    except Invalid:
        assert not once
    else:
        assert once


def test_the_checker_names_the_field() -> None:
    zones = _toy(CARDS)
    with pytest.raises(Invalid, match=r"^hands\[0\]\[1\]: unknown card 'z'"):
        check_declared(zones, _Toy(("a",), (("b", "z"), ("c", "d"))), None)
    with pytest.raises(Invalid, match=r"^hands: expected 2 items, got 1"):
        check_declared(zones, _Toy(("a", "b"), (("c", "d"),)), None)
    with pytest.raises(Invalid, match=r"^order\[1\]: seat 0 is twice"):
        check_declared(zones, _Toy(("a", "b"), (("c",), ("d",)), (0, 0)), None)
    with pytest.raises(Invalid, match=r"^hands\[1\]\[0\]: a is also at deck\[0\]"):
        check_declared(zones, _Toy(("a", "b"), (("c",), ("a",))), None)
