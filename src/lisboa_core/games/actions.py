"""A stable index for every possible move of any game, for learning agents: one
:func:`action_space`, :func:`action_index` and :func:`legal_mask` for every game, over the
space each game lists (:meth:`Game.action_space <lisboa_core.games.Game.action_space>`).

The space depends only on the game and its catalogue: the same index means the same move
in every state played with that catalogue. Every function refuses the same way: a
``TypeError`` for an argument of the wrong type, a ``ValueError`` for a move outside the
space, a :class:`~lisboa_core.errors.LisboaError` for a view's state.

Example::

    from lisboa_core import action_index, action_space, legal_mask, legal_moves, new_game

    state = new_game(players=3, seed=1, game="puerto-rico")
    actions = action_space("puerto-rico")
    mask = legal_mask(state)
    assert [a for a, ok in zip(actions, mask) if ok] == sorted(
        legal_moves(state), key=lambda m: action_index(state, m))
"""

from __future__ import annotations

from typing import Any, Final

from lisboa_core._args import expect, expect_move, expect_playable
from lisboa_core.core.immutable import GameState
from lisboa_core.core.memo import CATALOGUES, Memo
from lisboa_core.core.moves import Move
from lisboa_core.games import Game, chosen_game, game_for_rules, game_of

__all__ = ["action_index", "action_space", "legal_mask"]

_SPACES: Final[Memo[tuple[str, str], tuple[tuple[Move, ...], dict[Move, int]]]] = Memo(
    "games.actions._SPACES", CATALOGUES)


def _space(found: Game, rules: Any) -> tuple[tuple[Move, ...], dict[Move, int]]:
    key = (found.name, rules.digest)
    cached = _SPACES.get(key)
    if cached is None:
        moves = tuple(found.action_space(rules))
        index = {move: i for i, move in enumerate(moves)}
        if len(index) != len(moves):
            raise ValueError(f"{found.title}'s action space lists a move twice")
        cached = _SPACES.put(key, (moves, index))
    return cached


def action_space(game: str | Game | Any = None, rules: Any = None) -> tuple[Move, ...]:
    """Every possible move of ``game`` (a name or a :class:`~lisboa_core.games.Game`;
    default: the game of ``rules``, else Lisboa) played with ``rules`` (default: its
    shipped catalogue), in index order. A catalogue as the only argument
    (``action_space(load_rules())``, as before 0.2) is the space of its game.

    :raises LisboaError: for an unknown game, or a catalogue of another game.

    Example::

        from lisboa_core import action_space

        actions = action_space("tiletum")
        assert len(actions) == len(set(actions))  # one index per move
    """
    if game is not None and not isinstance(game, (str, Game)):
        if game_for_rules(game) is None:
            raise TypeError(f"action_space(): expected a game, its name or a catalogue, not "
                            f"{type(game).__name__}")
        game, rules = None, game
    found = chosen_game(game, rules)
    return _space(found, rules if rules is not None else found.load_rules())[0]


def action_index(state: Any, move: Move) -> int:
    """The index of ``move`` in the action space of ``state``'s game and catalogue.

    :raises ValueError: for a move no decision of the catalogue can offer.

    Example::

        from lisboa_core import action_index, action_space, legal_moves, new_game

        state = new_game(players=2, seed=1, game="tiletum")
        move = legal_moves(state)[0]
        assert action_space("tiletum")[action_index(state, move)] == move
    """
    expect(state, GameState, "action_index", "state")
    expect_move(move, "action_index")
    found = game_of(state)
    index = _space(found, found.rules_of(state))[1].get(move)
    if index is None:
        raise ValueError(f"action_index(): {move} is not in {found.title}'s action space")
    return index


def legal_mask(state: Any) -> tuple[bool, ...]:
    """One flag per index of :func:`action_space`: True where the move is legal now
    (every flag false once the game is over; at a chance step, its outcomes).

    Example::

        from lisboa_core import action_space, legal_mask, legal_moves, new_game

        state = new_game(players=3, seed=1, game="puerto-rico")
        legal = {a for a, ok in zip(action_space("puerto-rico"), legal_mask(state)) if ok}
        assert legal == set(legal_moves(state))
    """
    expect_playable(state, "legal_mask")
    found = game_of(state)
    moves, index = _space(found, found.rules_of(state))
    mask = [False] * len(moves)
    if state.pending:
        for move in found.stack.offered(state):
            position = index.get(move)
            if position is None:
                raise ValueError(f"legal_mask(): {move} is legal but not in {found.title}'s "
                                 "action space")
            mask[position] = True
    return tuple(mask)
