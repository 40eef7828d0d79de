"""The engine's memos (issue 22.2): bounded, all emptied by ``clear_caches``, and emptying
them never changes a game."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import lisboa_core
from lisboa_core import apply, is_over, legal_moves, new_game, state_digest
from lisboa_core.core.memo import _MEMOS, Memo, clear_caches, memos


def _played(seed: int, moves: int) -> str:
    state = new_game(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if is_over(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))
    return state_digest(state)


@given(st.integers(1, 20), st.lists(st.integers(0, 50), max_size=200))
def test_a_memo_never_holds_more_than_its_limit(limit: int, keys: list[int]) -> None:
    memo: Memo[int, int] = Memo("test.bound", limit)
    try:
        for key in keys:
            assert memo.put(key, key * 2) == key * 2
            assert len(memo) <= limit
            assert memo.get(key) == key * 2  # the entry just stored is kept
    finally:
        _MEMOS.remove(memo)


def test_a_full_memo_forgets_its_oldest_entries_first() -> None:
    memo: Memo[str, int] = Memo("test.order", 4)
    loader: Memo[str, int] = Memo("test.loader", 3, evict=1)
    try:
        for i, key in enumerate("abcde"):
            memo.put(key, i)
            loader.put(key, i)
        # Full at 4: putting "e" forgets the older half, "a" and "b".
        assert [k for k in "abcde" if k in memo] == ["c", "d", "e"]
        # evict=1: only the single oldest goes each time.
        assert [k for k in "abcde" if k in loader] == ["c", "d", "e"]
        assert loader["e"] == 4 and loader.get("a") is None
    finally:
        _MEMOS.remove(memo)
        _MEMOS.remove(loader)


def test_clear_caches_empties_every_registered_memo() -> None:
    _played(seed=5, moves=150)
    filled = [memo.name for memo in memos() if len(memo)]
    # A game's worth of play fills the rules' and hints' memos (a land's facts, the
    # passives, a site's index...).
    assert {"lisboa.rules.ops._PASSIVE", "lisboa.rules.ops._BOARDS"} <= set(filled)
    clear_caches()
    assert [memo.name for memo in memos() if len(memo)] == []
    from lisboa_core.games.lisboa.rules import ops, stores
    assert not ops._LAST_PASSIVE and not stores._LAST_STORES


def test_the_same_game_after_clear_caches_gives_the_same_digest() -> None:
    before = _played(seed=9, moves=250)
    clear_caches()
    assert _played(seed=9, moves=250) == before
    # ...and emptying them halfway through a game changes nothing either.
    state = new_game(players=3, seed=9)
    rng = random.Random(9)
    for n in range(250):
        if is_over(state):
            break
        if n % 40 == 0:
            clear_caches()
        state = apply(state, rng.choice(legal_moves(state)))
    assert state_digest(state) == before


def test_clear_caches_is_public() -> None:
    assert lisboa_core.clear_caches is clear_caches
    assert "clear_caches" in lisboa_core.__all__


def test_each_games_catalogue_caches_are_bounded_and_cleared() -> None:
    # Puerto Rico's and Tiletum's catalogues by digest and Tiletum's evaluation tables were
    # dicts outside clear_caches; a game played on after clearing them plays the same.
    from lisboa_core import GreedyBot, observe

    for name in ("puerto-rico", "tiletum"):
        state, rng = new_game(seed=2, game=name), random.Random(2)
        for _ in range(30):
            state = apply(state, rng.choice(legal_moves(state)))
        while not legal_moves(state) or state.to_act < 0:
            state = apply(state, legal_moves(state)[0])
        before = GreedyBot(1, depth=1).choose(observe(state, state.to_act), legal_moves(state))
        prefix = name.replace("-", "_")
        held = {m.name: (len(m), m.limit) for m in memos() if m.name.startswith(prefix)}
        assert held[f"{prefix}.rules_of"][0] == 1
        assert all(n <= limit for n, limit in held.values())
        clear_caches()
        assert all(len(m) == 0 for m in memos())
        again = GreedyBot(1, depth=1).choose(observe(state, state.to_act), legal_moves(state))
        assert again == before
