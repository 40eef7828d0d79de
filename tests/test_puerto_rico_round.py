"""The Puerto Rico round (PR3), role doubloons and the prospector (PR10)."""

from __future__ import annotations

import pytest

import lisboa_core
from puerto_rico_scenarios import fresh, moves, play, top


def test_pr3_2_every_seat_chooses_once_from_the_governor_and_taken_roles_are_gone() -> None:
    """PR3.2.1-PR3.2.2 choosing goes clockwise from the governor (PR0.1.2, PR0.2.1); PR3.2.4 a taken card is
    not offered again this round; PR3.2.6 there is no pass."""
    state = fresh(5, governor=2)
    assert state.to_act == 2
    assert "pass" not in moves(state) and len(moves(state)) == 8
    state = play(state, "role prospector1")
    assert state.to_act == 3 and top(state) == "choose-role"
    assert "role prospector1" not in moves(state) and len(moves(state)) == 7
    state = play(state, "role prospector2")
    assert state.to_act == 4
    assert "role prospector1" not in moves(state) and "role prospector2" not in moves(state)


def test_pr10_1_1_prospector_gives_one_doubloon() -> None:
    """PR10.1.1: the prospector's taker gets 1 doubloon from the bank; nobody else does
    (PR0.2.2: a privilege and no action)."""
    state = fresh(4, governor=1)
    before = [p.doubloons for p in state.players]
    state = play(state, "role prospector1")
    after = [p.doubloons for p in state.players]
    assert after[1] == before[1] + 1
    assert [a - b for a, b in zip(after, before, strict=True)].count(0) == 3


def test_pr3_3_2_unchosen_roles_collect_a_doubloon_each_round_and_pr3_2_5_taker_gets_them() -> None:
    """PR3.3.2: 1 doubloon on each of the three untaken cards at the round's end, piling up
    round after round; PR3.2.5: the taker gets them all; PR3.3.4: the governor card passes
    left; PR18.11.1: a prospector carrying 2 doubloons gives 3."""
    state = fresh(3, governor=0)
    # Round 1 (3 players): settler, builder, trader are taken; nobody can act usefully.
    state = play(state, *_declines(state, "role settler"))
    assert state.to_act == 1
    state = play(state, *_declines(state, "role builder"))
    state = play(state, *_declines(state, "role trader"))
    assert state.round == 2 and state.governor == 1  # PR3.3.4
    bonus = dict(zip(state.roles, state.role_doubloons, strict=True))
    assert bonus == {"Settler": 0, "Mayor": 1, "Builder": 0, "Craftsman": 1, "Trader": 0,
                     "Captain": 1}
    # Round 2: again settler, builder, trader; the three others now carry 2 each.
    assert state.to_act == 1
    state = play(state, *_declines(state, "role settler"))
    state = play(state, *_declines(state, "role builder"))
    state = play(state, *_declines(state, "role trader"))
    bonus = dict(zip(state.roles, state.role_doubloons, strict=True))
    assert bonus["Mayor"] == bonus["Craftsman"] == bonus["Captain"] == 2
    assert state.governor == 2
    before = state.players[2].doubloons
    state = play(state, "role craftsman")
    assert state.players[2].doubloons == before + 2
    assert dict(zip(state.roles, state.role_doubloons, strict=True))["Craftsman"] == 0


def test_pr18_11_1_prospector_with_two_doubloons_gives_three() -> None:
    """PR18.11.1: a prospector card carrying 2 doubloons gives its taker 3."""
    from lisboa_core.core.replace import replace

    state = fresh(4, governor=0)
    index = state.roles.index("Prospector1")
    doubloons = list(state.role_doubloons)
    doubloons[index] = 2
    state = replace(state, role_doubloons=tuple(doubloons))
    before = state.players[0].doubloons
    state = play(state, "role prospector1")
    assert state.players[0].doubloons == before + 3


def _declines(state: lisboa_core.games.lisboa.state.State, role: str) -> list[str]:  # type: ignore[name-defined]
    """The role, then "pass" for every decision its phase offers (never a choice here)."""
    out = [role]
    after = play(state, role)
    while after.to_act is not None and top(after) != "choose-role":
        assert "pass" in moves(after), moves(after)
        out.append("pass")
        after = play(after, "pass")
    return out


@pytest.mark.parametrize("n", [3, 4, 5])
def test_pr3_2_6_each_round_n_roles_are_taken_and_three_stay(n: int) -> None:
    """PR2.2.6/PR3.3.2: with N + 3 cards and N choices, exactly three cards get a doubloon at
    the end of the first round."""
    state = fresh(n, governor=0)
    import random

    rng = random.Random(n)
    while state.round == 1:
        state = lisboa_core.apply(state, rng.choice(lisboa_core.legal_moves(state)))
    assert sorted(state.role_doubloons) == [0] * n + [1, 1, 1]


def test_pr3_3_3_every_card_is_back_next_round_and_pr10_1_2_both_prospectors_pay() -> None:
    """PR3.3.1 the round ends after the last phase; PR3.3.3 all N + 3 cards are available
    again; PR10.1.2 each prospector works the same way; PR3.1.1 each player one role."""
    state = fresh(5, governor=0)
    state = play(state, "role prospector1", "role prospector2")
    assert [p.doubloons for p in state.players][:2] == [5, 5]
    for role in ("role trader", "role craftsman", "role builder"):
        state = play(state, *_declines(state, role))
    assert state.round == 2 and state.to_act == 1
    assert len(moves(state)) == 8
