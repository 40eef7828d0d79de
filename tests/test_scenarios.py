"""Scenario builders for every game (lisboa_core.testing): moves by notation with chance
steps, a position from a partial description balanced by the game's zone declaration, and
Puerto Rico's and Tiletum's own builders. Expected numbers come from the rules (docs/games/
puerto-rico/rules.md, docs/games/tiletum/rules.md) and the catalogues' counts."""

from __future__ import annotations

import pytest

from lisboa_core import LisboaError, is_chance, legal_moves, new_game, sample_chance
from lisboa_core import testing as t
from lisboa_core.games import game
from lisboa_core.testing import puerto_rico as pr
from lisboa_core.testing import tiletum as tl

PR_RULES = game("puerto-rico").load_rules()
TL_RULES = game("tiletum").load_rules()


def _good(word: str) -> int:
    return next(i for i, g in enumerate(PR_RULES.goods) if g.word == word)


def _building(name: str) -> int:
    return next(i for i, b in enumerate(PR_RULES.buildings) if b.id == name)


# --- generic ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["lisboa", "puerto-rico", "tiletum"])
def test_play_applies_moves_by_notation_in_every_game(name: str) -> None:
    state = t.settle_chance(new_game(seed=5, game=name))
    first = str(legal_moves(state)[0])
    after = t.play(state, first, settle=True)
    assert after != state and not is_chance(after)


def test_play_resolves_a_chance_step_by_the_outcome_written() -> None:
    state = new_game(players=2, seed=1, game="tiletum")
    assert is_chance(state)
    drawn = sample_chance(state)
    outcome = next(m for m in legal_moves(state) if m != drawn)  # not what the seed rolls
    after = t.play(state, str(outcome))
    assert outcome.args[0] in {die for area in after.area_dice for die in area}


def test_position_balances_the_supply_a_field_draws_on() -> None:
    state = new_game(players=3, seed=1, game="puerto-rico")
    setup = PR_RULES.setup_for(3)
    moved = t.position(state, colonist_ship=0)
    # PR2.2.3: the colonists of the supply and the ship add up to the setup's
    assert moved.colonist_supply == setup.colonists + setup.colonist_ship


def test_position_refuses_what_no_game_reaches() -> None:
    state = new_game(players=3, seed=1, game="puerto-rico")
    with pytest.raises(LisboaError, match=r"colonist_supply: expected a number 0 or more"):
        t.position(state, colonist_ship=state.colonist_supply + state.colonist_ship + 1)
    with pytest.raises(LisboaError, match=r"roles\[0\]: unknown role"):
        t.position(state, roles=("Nobody", *state.roles[1:]))


# --- Puerto Rico -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "governor"), [(3, 2), (4, 1), (5, 4)])
def test_pr_the_governor_chooses_first(players: int, governor: int) -> None:
    state = pr.new_position(players=players, governor=governor)
    assert state.governor == governor == state.to_act  # PR3.2.1
    assert {str(m) for m in legal_moves(state)} == {f"role {r.lower()}" for r in state.roles}


def test_pr_a_phase_starts_with_its_chooser_to_act() -> None:
    state = pr.set_seat(pr.new_position(players=4), 3, goods={"indigo": 1})
    state = pr.start_phase(state, "Trader", seat=3)
    assert state.phase == "Trader" and state.to_act == 3  # PR3.2.3: the chooser first
    assert "sell indigo" in {str(m) for m in legal_moves(state)}  # PR8.1.1
    with pytest.raises(LisboaError, match="not a role card in play"):
        pr.start_phase(state, "Banker", seat=0)


def test_pr_a_seat_set_by_name_takes_from_the_supplies() -> None:
    state = pr.new_position(players=4)
    corn = next(g for g in PR_RULES.goods if g.word == "corn")
    harbor = next(b for b in PR_RULES.buildings if b.id == "Harbor")
    before = state.colonist_supply
    state = pr.set_seat(state, 1, goods={"corn": 3}, city={"Harbor": 1},
                        island={"sugar": (2, 1)})
    assert state.players[1].goods[_good("corn")] == 3
    assert state.goods_supply[_good("corn")] == corn.count - 3  # PR1.1.8: goods are counted
    assert state.building_supply[_building("Harbor")] == harbor.copies - 1
    assert state.colonist_supply == before - 2  # one on the Harbor, one on a sugar tile
    assert game("puerto-rico").check_invariants(state) == []


def test_pr_set_seat_says_what_it_cannot_do() -> None:
    state = pr.new_position(players=3)
    corn = next(g for g in PR_RULES.goods if g.word == "corn")
    with pytest.raises(LisboaError, match="unknown good 'gold'"):
        pr.set_seat(state, 0, goods={"gold": 1})
    with pytest.raises(LisboaError, match=r"goods_supply\[0\]"):
        pr.set_seat(state, 0, goods={"corn": corn.count + 1})


# --- Tiletum ---------------------------------------------------------------------------------


def test_tl_the_king_phase_waits_for_its_bonus_decision_then_fair_and_cleanup() -> None:
    state = tl.start_king_phase(new_game(players=3, seed=2, game="tiletum"))
    kinds = [f.kind for f in state.pending]
    assert kinds[:2] == ["cleanup", "fair"]  # TL3.1: king phase, fair, cleanup
    assert state.to_act is not None and legal_moves(state)


def test_tl_the_cleanup_puts_every_die_back_and_begins_the_next_round() -> None:
    state = new_game(players=4, seed=2, game="tiletum")
    after = tl.start_cleanup(state)
    assert after.round == state.round + 1
    # TL19.3: every die back in the bag (5 colours)
    assert len(after.bag) == 5 * TL_RULES.setup_for(4).dice_per_colour
    assert tl.start_fair(state).round == state.round + 1


def test_the_moves_page_lists_every_kind_of_puerto_rico_move() -> None:
    from pathlib import Path

    page = (Path(__file__).parent.parent / "docs" / "guide" / "moves.md").read_text()
    section = page.split("## Puerto Rico's moves", 1)[1]
    documented = {line.split("`")[1].split()[0] for line in section.splitlines()
                  if line.startswith("| `")}
    space = game("puerto-rico").action_space(PR_RULES)
    assert documented == {m.kind for m in space}
    assert f"has {len(space)} moves of {len(documented)} kinds" in section
