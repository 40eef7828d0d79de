"""The rulebook thresholds a balance study may vary are fields of the board card (issue
22.2): the sets and empty piles that end period 1 (R15.1) and trigger the game end (R16.1),
the row covered in 2-player games (R2.3.2, R2.5.2-R2.5.3) and the column of the small land
spaces (F1). Each test edits one value in a copy of the shipped cards and sees the rules
follow it; the shipped board leaves them unwritten at the rulebook's values."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lisboa_core import apply, legal_moves, load_rules, new_game
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.errors import CardValidationError
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.rules import turn
from lisboa_core.games.lisboa.rules.lands import store_candidates
from lisboa_core.games.lisboa.state import State

RULES = load_rules()


def _edited(tmp_path: Path, *lines: str) -> Rules:
    """The shipped catalogue with ``lines`` added to the board card."""
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir("lisboa"), folder)
    board = folder / "board.lsb"
    text = board.read_text(encoding="utf-8")
    anchor = "  reis-per-wig 5\n"
    assert anchor in text
    board.write_text(text.replace(anchor, anchor + "".join(f"  {x}\n" for x in lines)))
    return load_rules(folder)


def _after_one_turn(state: State) -> State:
    """The state once the seat to act has played its turn (first legal move each time)."""
    start = state.turn
    for _ in range(300):
        if state.turn != start or state.period == 2:
            return state
        state = apply(state, legal_moves(state)[0])
    raise AssertionError("the turn did not end")


def test_the_shipped_board_has_the_rulebook_thresholds() -> None:
    board = RULES.board
    # R15.1: 2 sets or 3 empty piles; R16.1: 4 sets or 3 empty piles; R2.3.2: row E;
    # components.md F1: the small spaces are column 5.
    assert (board.period_end_sets, board.period_end_piles) == (2, 3)
    assert (board.game_end_sets, board.game_end_piles) == (4, 3)
    assert (board.two_player_row, board.small_column) == ("E", 5)


def test_period_end_sets_decides_when_period_one_ends(tmp_path: Path) -> None:
    # One completed set (a cube of each colour, R12.5) ends period 1 only when the board
    # says one is enough.
    edited = _edited(tmp_path, "period-end-sets 1")
    for rules, period in ((RULES, 1), (edited, 2)):
        state = t.first_turn(players=3, seed=4, rules=rules)
        seat = state.to_act
        assert seat is not None
        state = t.with_player(state, seat, rubble=(1, 1, 1))
        assert state.players[seat].sets == 1
        assert _after_one_turn(state).period == period


def test_period_end_piles_counts_the_empty_piles(tmp_path: Path) -> None:
    edited = _edited(tmp_path, "period-end-piles 4")
    for rules, ends in ((RULES, True), (edited, False)):
        state = t.first_turn(players=3, seed=4, rules=rules)
        three_empty = t.with_state(state, piles=((), (), (), state.piles[3]))
        assert turn._period_one_ends(three_empty) is ends
        assert turn._period_one_ends(state) is False


def test_game_end_sets_and_piles_trigger_the_end(tmp_path: Path) -> None:
    edited = _edited(tmp_path, "game-end-sets 3", "game-end-piles 2")
    for rules, ends in ((RULES, False), (edited, True)):
        state = t.period_two(t.first_turn(players=3, seed=4, rules=rules))
        seat = state.to_act
        assert seat is not None
        three_sets = t.with_player(state, seat, rubble=(3, 3, 3))
        assert turn._game_end_triggered(three_sets) is ends
        two_empty = t.with_state(state, piles=((), (), *state.piles[2:]))
        assert all(state.piles[2:]) and turn._game_end_triggered(two_empty) is ends


def test_two_player_row_is_the_row_covered_with_two_players(tmp_path: Path) -> None:
    edited = _edited(tmp_path, "two-player-row D")
    rows = [r for r, _n in RULES.board.row_rubble]
    for rules, covered in ((RULES, "E"), (edited, "D")):
        state = new_game(players=2, seed=3, rules=rules)
        # R2.5.2: no earthquake rubble on the covered row; the others get theirs.
        for row, cubes in zip(rows, state.row_rubble, strict=True):
            assert (len(cubes) == 0) == (row == covered), (row, cubes)
        # R2.3.2: no store on a land of the covered row.
        lands = {land.id: land.row for land in rules.lands}
        offered = {lands[land] for _space, spots in store_candidates(state) for land, _m in spots}
        assert covered not in offered and offered == set(rows) - {covered}


def test_small_column_is_where_the_small_lands_must_be(tmp_path: Path) -> None:
    with pytest.raises(CardValidationError) as raised:
        _edited(tmp_path, "small-column 4")
    assert "small land spaces are exactly those of column 4" in str(raised.value)
    assert "LB131" in str(raised.value)
