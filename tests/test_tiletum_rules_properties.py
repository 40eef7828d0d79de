"""Properties of Tiletum's king track over any arrangement of markers (docs/games/tiletum/
rules.md TL5.3-TL5.4 corruption, TL17.5 reset), checked with Hypothesis."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lisboa_core.games.tiletum.rules.phases import corrupt, king_reset

SPACES = 16
START = 5

King = tuple[tuple[int, ...], ...]


@st.composite
def tracks(draw: st.DrawFn) -> King:
    """2-4 markers on spaces 0-15, stacked in a drawn order."""
    n = draw(st.integers(2, 4))
    spaces = draw(st.lists(st.integers(0, SPACES - 1), min_size=n, max_size=n))
    order = draw(st.permutations(range(n)))
    king: list[tuple[int, ...]] = [() for _ in range(SPACES)]
    for seat in order:
        king[spaces[seat]] = (*king[spaces[seat]], seat)
    return tuple(king)


def _where(king: King) -> dict[int, int]:
    return {seat: i for i, stack in enumerate(king) for seat in stack}


@settings(max_examples=60, deadline=None)
@given(tracks(), st.integers(0, 2))
def test_tl5_3_and_tl5_4_corruption_moves(king: King, v: int) -> None:
    """TL5.3: every marker v spaces left, never past KT0. TL5.4: a stack keeps its order;
    on KT0 the markers already there stay at the bottom and the arrivals follow in order of
    their old space, lowest first."""
    after = corrupt(king, v)
    before = _where(king)
    assert _where(after) == {seat: max(0, p - v) for seat, p in before.items()}
    for p in range(v + 1, SPACES):
        assert after[p - v] == king[p]
    assert after[0] == tuple(seat for p in range(v + 1) for seat in king[p])


@settings(max_examples=60, deadline=None)
@given(tracks())
def test_tl17_5_reset_keeps_the_relative_order(king: King) -> None:
    """TL17.5: red markers go to KT5 above those already there, KT4's first and KT0's last;
    blue markers do not move."""
    after = king_reset(king, START)
    assert after[START] == tuple(seat for p in range(START, -1, -1) for seat in king[p])
    assert after[START + 1 :] == king[START + 1 :]
    assert not any(after[:START])
