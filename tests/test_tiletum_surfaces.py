"""Tiletum on the shared surfaces (issue 25): the registry, the catalogue and its errors,
views (TL26), the AI adapters' action space and observation, records and simulations."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lisboa_core import action_index, apply, is_over, legal_moves, new_game, observe
from lisboa_core.errors import CardValidationError
from lisboa_core.games import game, games
from lisboa_core.games.tiletum.actions import action_space
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.state import State
from lisboa_core.games.tiletum.views import HIDDEN_TOKEN, determinize
from lisboa_core.persistence.records import record_game, replay
from lisboa_core.persistence.serialize import state_digest
from tiletum_scenarios import rolled


def _random_game(players: int, seed: int) -> list[State]:
    chooser = random.Random(seed)
    state = new_game(players=players, seed=seed, game="tiletum")
    states = [state]
    while not is_over(state):
        state = apply(state, chooser.choice(legal_moves(state)))
        states.append(state)
    return states


def test_tiletum_is_registered() -> None:
    assert "tiletum" in games()
    found = game("tiletum")
    assert found.players == (2, 3, 4) and found.rule_prefix == "TL" and found.chance


def test_the_catalogue_holds_the_components_md_counts() -> None:
    """components.md A.1: 20 towns (D.1), 9 cathedral sites, 45 persons, 26 contract tiles,
    54 bonus tiles, 11 fair tiles, 8 town tiles, 6 corruption tokens; TL13.1 16 spaces."""
    rules = load_rules()
    assert len(rules.towns) == 20 and len(rules.cathedrals) == 9 and len(rules.costs) == 9
    assert len(rules.persons) == 45 and len(rules.contract_tiles) == 26
    assert len(rules.bonus_tiles) == 54 and len(rules.fairs) == 11
    assert len(rules.town_tiles) == 8 and len(rules.corruption) == 6
    assert len(rules.king_values) == 16 and rules.king_values[rules.king_start] == 0
    assert sum(len(c.tiles) for c in rules.cathedrals) == 25


def test_every_card_has_provenance_and_a_bad_card_is_located(tmp_path: Path) -> None:
    bad = tmp_path / "bad.lsb"
    bad.write_text('road R99 {\n  provenance reconstructed\n}\n'
                   'edge E99 {\n  between R99 NOWHERE\n  provenance reconstructed\n}\n',
                   encoding="utf-8")
    with pytest.raises(CardValidationError) as err:
        load_rules(overlay=[bad])
    assert "NOWHERE" in str(err.value) and err.value.problems[0].code == "LB121"
    bare = tmp_path / "bare.lsb"
    bare.write_text("coat CA9 {\n}\n", encoding="utf-8")
    with pytest.raises(CardValidationError) as err:
        load_rules(overlay=[bare])
    assert err.value.problems[0].code == "LB140" and err.value.problems[0].line == 1


def test_tl26_views_hide_deck_order_and_face_down_tokens() -> None:
    """TL26.1-TL26.2: every seat sees the same; deck order and face-down tokens hidden; a
    determinized state agrees with the view."""
    state = rolled(new_game(players=3, seed=4, game="tiletum"))
    views = [observe(state, s) for s in range(3)]
    assert all(v.state == views[0].state for v in views)
    view = views[0].state
    assert view.person_deck == tuple(sorted(state.person_deck))
    assert HIDDEN_TOKEN in view.corruption and view.corruption[-1] == state.corruption[-1]
    again = determinize(views[0], 7)
    assert observe(again, 0) == views[0]


def test_same_seed_same_game_and_replay() -> None:
    first = _random_game(2, 5)
    assert [state_digest(s) for s in first] == [state_digest(s) for s in _random_game(2, 5)]
    chooser = random.Random(5)
    record = record_game(lambda s: chooser.choice(legal_moves(s)), players=2, seed=5,
                         game="tiletum")
    result = replay(record)
    assert result.ok and result.digest == record.final_digest and is_over(result.states[-1])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_action_space_holds_every_legal_move_and_the_observation_has_a_fixed_size(
        players: int) -> None:
    states = _random_game(players, players)
    pytest.importorskip("numpy", reason="the observation vector needs the rl extra")
    from lisboa_core.games.tiletum.observation import encode, observation_size

    size = observation_size(states[0])
    space = action_space(load_rules())
    assert len(set(space)) == len(space)
    for state in states[:: max(1, len(states) // 60)]:
        if is_over(state):
            continue
        for move in legal_moves(state):
            assert space[action_index(state, move)] == move
        vector = encode(observe(state, 0))
        assert vector.shape == (size,)
        assert (encode(observe(determinize(observe(state, 0), 3), 0)) == vector).all()


def test_the_text_board_shows_the_wheel_the_king_track_and_every_seat() -> None:
    """TL4.3: each area's value under the wheel's offset with its AP (TL6.6)."""
    state = new_game(players=2, seed=3, game="tiletum").replaced({"wheel": 1})
    text = game("tiletum").render_text(observe(state, 1))
    assert "area 1 (architect): value 6, 1 AP" in text
    assert "area 2 (merchant): value 1, 6 AP" in text
    assert "seat 0: 10 VP" in text and "seat 1: 10 VP" in text
    # TL2.2.4: every king disc starts on space KT5, the 0 VP space, in one stack
    assert "king track: seats 1 and 0 on space 5 (+0 VP" in text or \
        "king track: seats 0 and 1 on space 5 (+0 VP" in text
    assert "corruption on the turn track: 3 tokens, 3 face down; revealed: none" in text
    assert "?" not in text and " . " not in text
