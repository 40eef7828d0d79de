"""describe_move: every kind of move of Lisboa and Puerto Rico in words (issue 24.1).

The expected words come from the catalogue (a card's name, the generated text of its
effects: :mod:`lisboa_core.games.lisboa.descriptions`) and from the rules reference (R3.4:
a card discarded for 1 gold; R8.5: the cardinal moves clockwise...), never from a run of the
code. Positions come from seeded random games (the first offering each kind of move) and,
for the two kinds random play rarely reaches, from the scenario builders.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lisboa_core import (
    IllegalMoveError,
    Move,
    apply,
    describe_move,
    is_over,
    legal_moves,
    load_rules,
    new_game,
    observe,
)
from lisboa_core.games import game
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing
from lisboa_core.games.lisboa.descriptions import (
    describe_behaviour,
    describe_effect,
    describe_score,
)
from lisboa_core.games.lisboa.state import Options

RULES = load_rules()
PR = "puerto-rico"


def _kind(move: Move, frame: str) -> str:
    """The class of a move the tests below check (a kind, told apart where one kind means
    several things)."""
    if move.kind == "ship":
        return f"ship {move.args[0]}"
    if move.kind == "rubble":
        return "rubble " + ("none" if move.args[0] == "none" else
                            "line" if len(move.args) == 2 else "pile")
    if move.kind == "return":
        return "return plaza" if str(move.args[0]).startswith("plaza-") else "return office"
    if move.kind in ("sell", "trade"):
        return move.kind + (" one" if move.args else "")
    if move.kind == "discard":
        return "discard rubble" if frame == "discard-rubble" else f"discard {frame}"
    if move.kind in ("pass", "done"):
        return f"{move.kind} {frame}"
    return move.kind


@cache
def _positions() -> dict[str, tuple[Any, Move]]:
    """The first position of a few seeded random games offering each class of move."""
    found: dict[str, tuple[Any, Move]] = {}
    games = [(2, 0, Options()), (3, 1, Options()), (4, 2, Options()), (2, 3, Options(draft=True)),
             (3, 4, Options()), (4, 5, Options())]
    for players, seed, options in games:
        rng = random.Random(seed)
        state = new_game(players, seed, options=options)
        while not is_over(state):
            moves = legal_moves(state)
            for move in moves:
                found.setdefault(_kind(move, state.pending[-1].kind), (state, move))
            state = apply(state, rng.choice(moves))
    return found


def _at(kind: str) -> tuple[Any, Move, str]:
    state, move = _positions()[kind]
    return state, move, describe_move(state, move)


def _noble(key: Any) -> m.Noble:
    return next(n for n in RULES.nobles if n.id.lower() == str(key).lower())


def _words(action: Any) -> str:
    return str(action).replace("-", " ")


def test_keep_and_take_clergy_tiles_say_the_tile_and_its_text() -> None:
    # R2.2.3 keep one of two tiles; R8.5 take one beside the cardinal; R14.4 give one up
    for kind in ("keep", "clergy", "give"):
        _, move, text = _at(kind)
        tile = RULES[str(move.args[0])]
        assert isinstance(tile, m.ClergyTile)
        assert tile.name in text and str(move.args[0]) in text
        for sentence in describe_behaviour(tile.behaviour):
            assert sentence in text
        assert f"{tile.wigs} wig" in text
    assert "back to the bag" in _at("keep")[2]


def test_tuck_says_the_card_its_reward_penalty_and_influence() -> None:
    # R4.5: a noble card tucked gives its reward or its penalty; R4.6 a treasury card's top
    seen = set()
    for seed in range(4):
        state = testing.first_turn(2, seed)
        for move in legal_moves(state):
            if move.kind != "tuck":
                continue
            card = RULES[str(move.args[0])]
            text = describe_move(state, move)
            assert text.startswith(f"tuck {card.id} ({card.name})")
            if card.is_treasury:
                assert describe_effect(card.tucked) in text
                for sentence in describe_behaviour(card.permanent):
                    assert f"while tucked: {sentence}" in text
                seen.add("treasury")
            else:
                assert f"influence {card.influence}" in text
                if card.reward is not None:
                    assert describe_effect(card.reward) in text
                    seen.add("reward")
                if card.penalty is not None:
                    assert f"penalty: {describe_effect(card.penalty)}" in text
                    seen.add("penalty")
    assert seen == {"treasury", "reward", "penalty"}


def test_visit_sponsor_and_gold_say_the_card_and_what_it_does() -> None:
    _, move, text = _at("visit")  # R9: the noble of the card's type, its actions
    card = RULES[str(move.args[0])]
    noble = _noble(card.type)
    assert card.name in text and noble.name in text
    assert all(_words(a) in text for a in (*noble.state_actions, noble.noble_action))
    _, move, text = _at("sponsor")  # R11: the card's event
    card = RULES[str(move.args[0])]
    assert card.name in text and describe_effect(card.event) in text
    _, move, text = _at("gold")  # R3.4: discard a card from hand and gain 1 gold
    assert RULES[str(move.args[0])].name in text and "gain 1 gold" in text
    assert "hand" in text


def test_taking_a_card_and_the_turn_actions() -> None:
    _, move, text = _at("take")  # R3.7: the card goes to the hand
    assert RULES[str(move.args[0])].name in text and "hand" in text
    assert "no card" in _at("take-none")[2]
    assert "sell goods" in _at("sell")[2]  # R6
    assert "trade with the nobles" in _at("trade")[2]  # R7


def test_selling_names_the_good_the_ship_and_its_slot() -> None:
    state, move, text = _at("sell one")  # R6: a good off a ship of a portfolio
    good, place = str(move.args[0]), str(move.args[1])
    seat, slot = (int(x) for x in place.removeprefix("p").split("."))
    ship = RULES[state.players[seat].top[slot - 1]]
    assert f"sell 1 {good}" in text and ship.name in text and f"slot {slot}" in text


def test_trading_names_the_noble_the_good_and_the_action() -> None:
    _, move, text = _at("trade one")  # R7.1: a good to the noble whose action it is
    action, good = move.args
    noble = next(n for n in RULES.nobles if action in n.state_actions)
    assert f"pay 1 {good} to {noble.name}" in text and _words(action) in text


def test_visit_decisions_name_the_noble() -> None:
    for kind in ("state-action", "skip", "pay-reis", "follow", "pass follow"):
        state, move, text = _at(kind)
        assert _noble(state.pending[-1].data[0]).name in text, kind
    _, move, text = _at("state-action")
    assert _words(move.args[0]) in text
    _, move, text = _at("pay-reis")  # R9.5: reis, the rest in influence
    assert f"pay {move.args[0]} reis" in text and "influence" in text
    _, move, text = _at("follow")  # R9.6
    assert _words(move.args[0]) in text and "follow" in text
    assert "do not follow" in _at("pass follow")[2]


def test_payments_and_slots() -> None:
    state, move, text = _at("cover")  # R5.6: influence covers part of a payment of reis
    assert f"pay {state.pending[-1].data[0]} reis" in text
    assert f"cover {move.args[0]} of them with influence" in text
    state, move, text = _at("slot")  # R4.1: the card just tucked goes into a slot
    card = RULES[state.pending[-1].data[0]]
    assert card.name in text and f"slot {move.args[0]}" in text


def test_done_and_pass_say_what_they_stop() -> None:
    expected = {"done sell": "stop selling", "done trade": "stop trading",
                "done recruit-officials": "recruit no more officials",
                "done church": "give no more clergy tiles",
                "done period-discard": "keep the rest of your hand",
                "pass church": "give no clergy tile"}
    for kind, words in expected.items():
        assert words in _at(kind)[2], kind


def test_may_and_choose_say_the_effect() -> None:
    for kind in ("yes", "no"):
        state, _, text = _at(kind)
        body = describe_effect(state.pending[-1].data[0].body)
        assert text == (f"yes: {body}" if kind == "yes" else f"no: do not {body}")
    state, move, text = _at("option")
    choice = state.pending[-1].data[0]
    assert describe_effect(choice.options[int(move.args[0]) - 1]) in text


def test_discards() -> None:
    _, move, text = _at("discard rubble")
    assert f"{move.args[0]} rubble cube" in text
    state, move, text = _at("discard make-room")  # R4.3
    incoming = RULES[state.pending[-1].data[0]]
    assert RULES[str(move.args[0])].name in text and incoming.name in text
    assert "make room" in text
    _, move, text = _at("discard period-discard")  # R15.3
    assert RULES[str(move.args[0])].name in text and "from your hand" in text


def test_officials_favors_and_the_cardinal() -> None:
    for kind, words in (("recruit", "office of"), ("place", "office of"), ("favor", "favor"),
                        ("return office", "office of"), ("return plaza", "plaza of")):
        _, move, text = _at(kind)
        assert _noble(str(move.args[0]).removeprefix("plaza-")).name in text, kind
        assert words in text, kind
    _, move, text = _at("cardinal")  # R8.5: clockwise
    assert f"cardinal {move.args[0]} gap" in text and "clockwise" in text
    _, move, text = _at("hire")  # R10.3.2.4
    assert f"hire the {move.args[0]} official" in text


def test_plans_decrees_and_ships() -> None:
    state, move, text = _at("plan")  # R8.2: the top plan of the architect's stack
    top = state.plan_stacks[("blue", "green").index(str(move.args[0]))][0]
    assert f"{move.args[0]} architect" in text and RULES[top].name in text
    _, move, text = _at("decree")
    decree = RULES[str(move.args[0])]
    assert decree.name in text
    assert all(describe_score(score) in text for score in decree.scores)
    state, move, text = _at("ship new")  # R8.3: the shipyard's top ship, paid in goods
    ship = RULES[state.shipyard[0]]
    assert ship.id in text and f"hull {ship.hull}" in text
    assert all(str(good) in text for good in move.args[1:])
    state, move, text = _at("ship upgrade")  # R8.3.4: the old ship is replaced
    assert RULES[str(move.args[1])].name in text and "replacing" in text


def test_stores_rubble_and_buildings() -> None:
    _, move, text = _at("store")  # R10.1: a city tile built on a land
    space, land = move.args
    found = RULES[str(land)]
    assert found.name in text and str(space) in text
    if found.reward is not None:
        assert describe_effect(found.reward) in text
    _, move, text = _at("rubble line")
    assert f"{move.args[1]} rubble cube" in text and f"land's {move.args[0]}" in text
    assert f"{_at('rubble pile')[1].args[0]} rubble cube from the rubble pile" in \
        _at("rubble pile")[2]
    _, move, text = _at("house")
    assert f"{move.args[0]} group" in text
    _, move, text = _at("build")  # R10.3: a site and a plan
    site, plan = RULES[str(move.args[0])], RULES[str(move.args[1])]
    assert site.name in text and plan.name in text and f"{plan.officials} officials" in text
    if site.reward is not None:
        assert describe_effect(site.reward) in text


def test_draft_names_every_card_kept() -> None:
    _, move, text = _at("draft")  # R2.7.6
    assert all(RULES[str(card)].name in text for card in move.args)
    assert "pass the rest to the left" in text


def test_no_rubble_left_and_the_bonus_good() -> None:
    state = testing.first_turn(2, 1)
    seat = state.to_act
    empty = testing.with_state(state, row_rubble=((),) * 5, column_rubble=((),) * 5)
    empty = testing.start_noble_action(empty, seat, "build-store")
    while empty.pending[-1].kind != "store-rubble":
        empty = apply(empty, legal_moves(empty)[0])
    assert legal_moves(empty) == (Move("rubble", ("none",)),)
    assert "take no rubble" in describe_move(empty, Move("rubble", ("none",)))
    # R13.4: the first house of the right group gives one more good of a type produced
    streets = dict(RULES.board.streets)
    lands = [next(land for land in RULES.lands if land.streets[0] == street and land.row != "E")
             for street in list(streets)[:2]]
    state = testing.with_player(state, seat, goods=(0, 0, 0, 0), houses=(0, 0, 1))
    for land in lands:
        state = testing.add_store(state, seat, land.id)
    state = testing.start_state_action(state, seat, "produce-goods")
    assert {m.kind for m in legal_moves(state)} == {"bonus"}
    for move in legal_moves(state):
        assert describe_move(state, move) == f"take the extra goods as {move.args[0]}"


def test_describe_move_refuses_an_illegal_move_and_reads_a_view() -> None:
    state = new_game(2, 1)
    with pytest.raises(IllegalMoveError, match="not legal here"):
        describe_move(state, Move("tuck", ("BL01",)))
    move = legal_moves(state)[0]
    assert describe_move(observe(state, state.to_act), move) == describe_move(state, move)
    with pytest.raises(TypeError, match="move must be a Move"):
        describe_move(state, str(move))  # type: ignore[arg-type]


# --- Puerto Rico ---------------------------------------------------------------------------


@cache
def _pr_positions() -> dict[str, tuple[Any, Move]]:
    found: dict[str, tuple[Any, Move]] = {}
    for players, seed in ((3, 0), (4, 1), (5, 2)):
        rng = random.Random(seed)
        state = new_game(players, seed, game=PR)
        while not is_over(state):
            moves = legal_moves(state)
            for move in moves:
                found.setdefault(f"{move.kind} {state.pending[-1].kind}", (state, move))
            state = apply(state, rng.choice(moves))
    return found


def _pr(kind: str) -> tuple[Any, Move, str]:
    state, move = _pr_positions()[kind]
    return state, move, describe_move(state, move)


def test_puerto_rico_roles_say_their_phase_privilege_and_doubloons() -> None:
    rules = game(PR).load_rules()
    state, move, text = _pr("role choose-role")
    role = next(rules.roles_by_id[r] for r in state.roles if r.lower() == move.args[0])
    assert text.startswith(f"take the {role.name}")
    assert "privilege" in text  # PR3.2.3: the taker's privilege
    # PR3.2.5: the doubloons lying on an unchosen role go to its taker
    for state, _ in _pr_positions().values():
        rich = [(r, d) for r, d in zip(state.roles, state.role_doubloons, strict=True)
                if d and state.pending and state.pending[-1].kind == "choose-role"]
        for role_id, money in rich:
            move = Move("role", (role_id.lower(),))
            if move in legal_moves(state):
                assert f"with the {money} doubloon" in describe_move(state, move)


def test_puerto_rico_buildings_tiles_goods_and_ships_by_name() -> None:
    rules = game(PR).load_rules()
    _, move, text = _pr("build build")
    building = rules.by_id[str(move.args[0])]
    doubloons = "doubloon" if building.cost == 1 else "doubloons"
    assert building.name in text and f"costing {building.cost} {doubloons}" in text
    assert f"{building.vp} VP" in text
    _, move, text = _pr("take settle")
    tile = next(t for t in rules.tiles if t.word == move.args[0])
    assert tile.name in text
    _, move, text = _pr("load load")
    ship = next(s for s in rules.ships if s.word == move.args[1])
    assert ship.name in text and str(move.args[0]) in text
    _, move, text = _pr("sell trade")
    good = next(g for g in rules.goods if g.word == move.args[0])
    assert f"base price {good.price}" in text
    assert "take no plantation" in _pr("pass settle")[2]
    assert "build nothing" in _pr("pass build")[2]
    _, _, text = _pr("yes university")
    assert text.startswith("yes: use the University")


# --- the property: every legal move of random games has its own words ------------------------


def _check_every_move(name: str, players: int, seed: int, limit: int) -> None:
    rng = random.Random(seed)
    state = new_game(players, seed, game=name)
    for _ in range(limit):
        if is_over(state):
            break
        moves = legal_moves(state)
        texts = [describe_move(state, move) for move in moves]
        assert all(isinstance(t, str) and t.strip() for t in texts)
        assert len(set(texts)) == len(moves), [str(mv) for mv in moves]
        state = apply(state, rng.choice(moves))


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31 - 1))
def test_every_lisboa_move_has_its_own_words(players: int, seed: int) -> None:
    _check_every_move("lisboa", players, seed, game("lisboa").max_decisions)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**31 - 1))
def test_every_puerto_rico_move_has_its_own_words(players: int, seed: int) -> None:
    _check_every_move(PR, players, seed, game(PR).max_decisions)
